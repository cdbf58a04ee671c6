/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>

#include "audit/links.h"
#include "audit/model.h"
#include "audit/snapshot.h"
#include "audit/util/arena.h"
#include "audit/util/fileio.h"
#include "audit/util/jsonread.h"
#include "audit/util/xalloc.h"
#include "audit/util/jsonwrite.h"
#include "audit/util/banned.h"

int fa_natural_cmp(const char *a, const char *b)
{
	while (*a && *b) {
		if (isdigit((unsigned char)*a) && isdigit((unsigned char)*b)) {
			const char *sa = a, *sb = b;
			size_t la, lb;
			int c;

			while (*sa == '0' && isdigit((unsigned char)sa[1]))
				sa++;
			while (*sb == '0' && isdigit((unsigned char)sb[1]))
				sb++;
			for (a = sa; isdigit((unsigned char)*a); a++)
				;
			for (b = sb; isdigit((unsigned char)*b); b++)
				;
			la = (size_t)(a - sa);
			lb = (size_t)(b - sb);
			if (la != lb)
				return la < lb ? -1 : 1;
			c = strncmp(sa, sb, la);
			if (c)
				return c;
			continue;
		}
		if (*a != *b)
			return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
		a++;
		b++;
	}
	return *a ? 1 : *b ? -1 : 0;
}

const char *fa_time_rfc3339(char *buf, size_t size)
{
	time_t now = time(NULL);
	struct tm tm;

	gmtime_r(&now, &tm);
	strftime(buf, size, "%Y-%m-%dT%H:%M:%SZ", &tm);
	return buf;
}

static int fa_name_cmp(const void *x, const void *y)
{
	const char *a = fa_get_str(*(json_t *const *)x, "name");
	const char *b = fa_get_str(*(json_t *const *)y, "name");

	return fa_natural_cmp(a ? a : "", b ? b : "");
}

/* Sort the array of named objects in place (natural order of "name"). */
static void fa_sort_by_name(json_t *array)
{
	size_t i, n = json_array_size(array);
	json_t **v;

	if (n < 2)
		return;
	v = fa_xcalloc(n, sizeof(*v));
	for (i = 0; i < n; i++)
		v[i] = json_incref(json_array_get(array, i));
	qsort(v, n, sizeof(*v), fa_name_cmp);
	json_array_clear(array);
	for (i = 0; i < n; i++)
		json_array_append_new(array, v[i]);
	free(v);
}

void fa_snapshot_sort_ports(json_t *device)
{
	fa_sort_by_name(json_object_get(device, "ports"));
}

json_t *fa_snapshot_tool(void)
{
	json_t *tool = json_object();

	json_object_set_new(tool, "name", json_string(PACKAGE_NAME));
	json_object_set_new(tool, "version", json_string(PACKAGE_VERSION));
	return tool;
}

json_t *fa_snapshot_build(json_t *devices, const char *inventory)
{
	json_t *snap = json_object(), *tool = fa_snapshot_tool(), *d, *links;
	char now[32];
	size_t i;

	fa_sort_by_name(devices);
	json_array_foreach(devices, i, d) {
		fa_snapshot_sort_ports(d);
	}
	json_object_set_new(snap, "format", json_string(FA_SNAPSHOT_FORMAT));
	json_object_set_new(snap, "created", json_string(fa_time_rfc3339(now, sizeof(now))));
	json_object_set_new(snap, "tool", tool);
	if (inventory)
		json_object_set_new(snap, "inventory", json_string(inventory));
	links = fa_links_from_lldp(devices);
	fa_links_merge(links, fa_links_from_ib(devices));
	json_object_set_new(snap, "links", links);
	json_object_set_new(snap, "devices", devices);
	return snap;
}

int fa_snapshot_write(const json_t *snapshot, const char *path, struct fa_err *err)
{
	/*
	 * Compact: a 100k-GPU fabric is hundreds of megabytes indented (every DSCP map
	 * entry on its own line); 'jq .' shows it to a person.  Sorted keys keep two
	 * snapshots of an unchanged fabric byte-identical but for their times.
	 */
	struct fa_buf text = FA_BUF_INIT;
	int r;

	if (fa_json_write(snapshot, JSON_COMPACT | JSON_SORT_KEYS, &text) < 0) {
		fa_buf_release(&text);
		return fa_err_set(err, FA_EINTERNAL, "cannot serialise the snapshot");
	}
	fa_buf_addch(&text, '\n');
	r = fa_file_write_private(path, text.buf, text.len, err);
	fa_buf_release(&text);
	return r;
}

/*
 * Snapshot files from this size on are read into a region of their own (audit/util/arena.h):
 * a 100k-GPU snapshot is over 500 MB.  The region reserves address space for RATIO times the
 * file (about 3 times is used); smaller files, and what does not fit, use malloc.
 */
#define FA_SNAPSHOT_ARENA_MIN ((off_t)64 << 20)
#define FA_SNAPSHOT_ARENA_RATIO 8

int fa_snapshot_load(const char *path, json_t **ret, struct fa_err *err)
{
	json_t *root = NULL, *devices, *d;
	const char *format;
	struct stat st;
	bool big;
	size_t i;
	int r;

	/*
	 * Streamed, with equal values below the ports and links shared (no size cap: a
	 * 100k-GPU snapshot is over 400 MB of text but about 1.5 GB of values this way).
	 */
	big = strcmp(path, "-") != 0 && stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
	      st.st_size >= FA_SNAPSHOT_ARENA_MIN;
	/* a big snapshot's values, kept until the process exits, in one region (arena.h) */
	if (big)
		big = fa_arena_begin((size_t)st.st_size * FA_SNAPSHOT_ARENA_RATIO);
	r = fa_json_read_file(path, FA_JSON_INTERN_SNAPSHOT, &root, err);
	if (big)
		fa_arena_end();
	if (r < 0)
		goto out;
	format = json_string_value(json_object_get(root, "format"));
	if (!format || strcmp(format, FA_SNAPSHOT_FORMAT) != 0) {
		r = fa_err_at(err, FA_EPARSE, path, 0, 0,
			      "not a fabric-audit snapshot (format %s%s%s, expected %s)",
			      format ? "'" : "", format ? format : "missing", format ? "'" : "",
			      FA_SNAPSHOT_FORMAT);
		goto out;
	}
	devices = json_object_get(root, "devices");
	if (!json_is_array(devices)) {
		r = fa_err_at(err, FA_EPARSE, path, 0, 0, "snapshot has no \"devices\" array");
		goto out;
	}
	json_array_foreach(devices, i, d) {
		if (!json_is_string(json_object_get(d, "name")) ||
		    !json_is_array(json_object_get(d, "ports"))) {
			r = fa_err_at(err, FA_EPARSE, path, 0, 0,
				      "device %zu has no \"name\" or no \"ports\" array", i + 1);
			goto out;
		}
	}
	if (!json_is_array(json_object_get(root, "links")))
		json_object_set_new(root, "links", json_array());
	*ret = root;
	root = NULL;
out:
	json_decref(root);
	return r;
}
