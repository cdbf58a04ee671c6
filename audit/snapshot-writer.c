/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "audit/links.h"
#include "audit/model.h"
#include "audit/snapshot-writer.h"
#include "audit/snapshot.h"
#include "audit/util/fileio.h"
#include "audit/util/jsonwrite.h"
#include "audit/util/xalloc.h"
#include "audit/util/banned.h"

#define FA_JSON_FLAGS (JSON_COMPACT | JSON_SORT_KEYS)

struct fa_spooled {
	char *name;
	long offset;
	size_t len;
};

struct fa_snapshot_writer {
	char *path;
	char *inventory;
	FILE *spool;		/* unlinked temporary file: one serialised device after another */
	struct fa_spooled *v;
	size_t n, alloc;
	json_t *slim;		/* what fa_links_from_lldp needs of every device */
	json_t *links;		/* links added as they are (fa_snapshot_writer_add_link) */
};

int fa_snapshot_writer_open(const char *path, const char *inventory,
			    struct fa_snapshot_writer **ret, struct fa_err *err)
{
	struct fa_snapshot_writer *w;
	char *copy, *tmp;
	int fd;

	/* The spool goes beside the output: the same disk has room for what follows. */
	copy = fa_xstrdup(strcmp(path, "-") == 0 ? "./-" : path);
	tmp = fa_xasprintf("%s/.fabric-audit-spool.XXXXXX", dirname(copy));
	free(copy);
	fd = mkstemp(tmp);
	if (fd < 0) {
		fa_err_at(err, FA_EIO, path, 0, 0, "cannot create a spool file beside it: %s",
			  strerror(errno));
		free(tmp);
		return -FA_EIO;
	}
	unlink(tmp);
	free(tmp);
	w = fa_xcalloc(1, sizeof(*w));
	w->spool = fdopen(fd, "w+");
	if (!w->spool) {
		close(fd);
		free(w);
		return fa_err_at(err, FA_EIO, path, 0, 0, "%s", strerror(errno));
	}
	w->path = fa_xstrdup(path);
	w->inventory = inventory ? fa_xstrdup(inventory) : NULL;
	w->slim = json_array();
	w->links = json_array();
	*ret = w;
	return 0;
}

/* The parts of a device that link resolution reads (audit/links.c: LLDP and InfiniBand). */
static json_t *fa_slim_device(const json_t *d)
{
	static const char *const device_keys[] = { "name", "hostname", "lldp" };
	static const char *const port_keys[] = { "name", "mac", "lldp", "ib" };
	static const char *const nic_keys[] = { "port_guid", "port" };
	json_t *slim = json_object(), *ports = json_array(), *p;
	size_t i, k;

	for (k = 0; k < sizeof(device_keys) / sizeof(device_keys[0]); k++)
		if (json_object_get(d, device_keys[k]))
			json_object_set(slim, device_keys[k], json_object_get(d, device_keys[k]));
	json_array_foreach(json_object_get(d, "ports"), i, p) {
		json_t *sp = json_object();

		for (k = 0; k < sizeof(port_keys) / sizeof(port_keys[0]); k++)
			if (json_object_get(p, port_keys[k]))
				json_object_set(sp, port_keys[k], json_object_get(p, port_keys[k]));
		for (k = 0; k < sizeof(nic_keys) / sizeof(nic_keys[0]); k++) {
			json_t *v = json_object_get(json_object_get(p, "nic"), nic_keys[k]);

			if (v)
				json_object_set(fa_obj_path(sp, "nic"), nic_keys[k], v);
		}
		json_array_append_new(ports, sp);
	}
	json_object_set_new(slim, "ports", ports);
	return slim;
}

int fa_snapshot_writer_add(struct fa_snapshot_writer *w, json_t *device, struct fa_err *err)
{
	const char *name = fa_get_str(device, "name");
	struct fa_buf text = FA_BUF_INIT;
	long off;
	int r = 0;

	fa_snapshot_sort_ports(device);
	off = ftell(w->spool);
	if (fa_json_write(device, FA_JSON_FLAGS, &text) < 0 || off < 0) {
		r = fa_err_at(err, FA_EIO, w->path, 0, 0, "cannot spool device %s",
			      name ? name : "?");
		goto out;
	}
	if (fwrite(text.buf, 1, text.len, w->spool) != text.len) {
		r = fa_err_at(err, FA_EIO, w->path, 0, 0, "cannot spool device %s: %s",
			      name ? name : "?", strerror(errno));
		goto out;
	}
	if (w->n == w->alloc) {
		w->alloc = w->alloc ? w->alloc * 2 : 64;
		w->v = fa_xreallocarray(w->v, w->alloc, sizeof(*w->v));
	}
	w->v[w->n].name = fa_xstrdup(name ? name : "");
	w->v[w->n].offset = off;
	w->v[w->n].len = text.len;
	w->n++;
	json_array_append_new(w->slim, fa_slim_device(device));
out:
	fa_buf_release(&text);
	json_decref(device);
	return r;
}

void fa_snapshot_writer_add_link(struct fa_snapshot_writer *w, json_t *link)
{
	json_array_append_new(w->links, link);
}

static int fa_spooled_cmp(const void *a, const void *b)
{
	return fa_natural_cmp(((const struct fa_spooled *)a)->name,
			      ((const struct fa_spooled *)b)->name);
}

/* Copy one spooled device into @out. */
static int fa_copy_spooled(struct fa_snapshot_writer *w, const struct fa_spooled *s, FILE *out)
{
	char chunk[65536];
	size_t left = s->len;

	if (fseek(w->spool, s->offset, SEEK_SET) != 0)
		return -1;
	while (left) {
		size_t n = fread(chunk, 1, left < sizeof(chunk) ? left : sizeof(chunk), w->spool);

		if (n == 0)
			return -1;
		/* a write error stays on @out, and its commit reports it */
		if (fwrite(chunk, 1, n, out) != n)
			return 0;
		left -= n;
	}
	return 0;
}

/* A JSON value as compact text, then a free. */
static void fa_put_json(FILE *out, const char *key, json_t *value, bool comma)
{
	struct fa_buf text = FA_BUF_INIT;

	if (fa_json_write(value, FA_JSON_FLAGS | JSON_ENCODE_ANY, &text) < 0)
		fa_buf_release(&text);
	fprintf(out, "%s\"%s\":%s", comma ? "," : "", key, text.len ? text.buf : "null");
	fa_buf_release(&text);
	json_decref(value);
}

int fa_snapshot_writer_commit(struct fa_snapshot_writer *w, struct fa_err *err)
{
	struct fa_atomic_file out;
	json_t *links;
	char now[32];
	size_t i;
	int r;

	r = fa_atomic_open_private(&out, w->path, err);
	if (r < 0)
		goto done;
	qsort(w->v, w->n, sizeof(*w->v), fa_spooled_cmp);
	/* Keys in sorted order, as JSON_SORT_KEYS writes a whole snapshot. */
	fputc('{', out.fp);
	fa_put_json(out.fp, "created", json_string(fa_time_rfc3339(now, sizeof(now))), false);
	fputs(",\"devices\":[", out.fp);
	for (i = 0; i < w->n && r == 0; i++) {
		if (i)
			fputc(',', out.fp);
		if (fa_copy_spooled(w, &w->v[i], out.fp) < 0)
			r = fa_err_at(err, FA_EIO, w->path, 0, 0, "cannot read the spool back");
	}
	fputc(']', out.fp);
	fa_put_json(out.fp, "format", json_string(FA_SNAPSHOT_FORMAT), true);
	if (w->inventory)
		fa_put_json(out.fp, "inventory", json_string(w->inventory), true);
	links = fa_links_from_lldp(w->slim);
	fa_links_merge(links, fa_links_from_ib(w->slim));
	if (json_array_size(w->links)) {
		json_array_extend(links, w->links);
		fa_links_sort(links);
	}
	fa_put_json(out.fp, "links", links, true);
	fa_put_json(out.fp, "tool", fa_snapshot_tool(), true);
	fputs("}\n", out.fp);
	if (r < 0)
		fa_atomic_abort(&out);
	else
		r = fa_atomic_commit(&out, err);
done:
	fa_snapshot_writer_abort(w);
	return r;
}

void fa_snapshot_writer_abort(struct fa_snapshot_writer *w)
{
	size_t i;

	if (!w)
		return;
	for (i = 0; i < w->n; i++)
		free(w->v[i].name);
	free(w->v);
	if (w->spool)
		fclose(w->spool);
	json_decref(w->slim);
	json_decref(w->links);
	free(w->inventory);
	free(w->path);
	free(w);
}
