/* SPDX-License-Identifier: MIT */
/*
 * The P_Key tables of the RDMA device ports, read from sysfs with
 *
 *   grep -H -v -x 0x0000 /sys/class/infiniband/[star]/ports/[star]/pkeys/[star]
 *
 * (a glob, [star] standing for '*').  Each sysfs file holds one table entry ("0x%04x"); grep -H
 * prefixes it with its path, which is the only place the device, port and index are written:
 *
 *   /sys/class/infiniband/mlx5_0/ports/1/pkeys/0:0xffff
 *   /sys/class/infiniband/mlx5_0/ports/1/pkeys/1:0x8001
 *
 * Why grep and not cat: cat loses the path, and a table has 128 entries or more per port, of
 * which only a few are in use; "-v -x 0x0000" leaves out the unused ones (an entry of 0x0000
 * is empty by definition), so the capture stays small on hosts with many HCAs.  grep is on
 * every host, reads only, and prints one line per file.
 *
 * The port's pkeys[] becomes its non-empty entries in index order ("0x8001" with the
 * full-membership bit as stored, lowercase); an 0x0000 line, if any, is skipped.  The entries
 * go to the port carrying nic.device/nic.port, or to the RDMA-only port "<dev>/<port>".
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "audit/util/xalloc.h"
#include "drivers/linux/parse-linux.h"
#include "drivers/linux/parse-linux-int.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

struct fa_pkey_entry {
	struct fa_linux_ib_key key;	/* first: sorted by fa_linux_ib_key_cmp */
	char pkey[8];
};

/* "0x" and four hex digits, into @out as lowercase. */
static bool fa_pkey_value(struct fa_textscan_span v, char out[8])
{
	size_t i;

	if (v.len != 6 || v.ptr[0] != '0' || (v.ptr[1] != 'x' && v.ptr[1] != 'X'))
		return false;
	out[0] = '0';
	out[1] = 'x';
	for (i = 2; i < 6; i++) {
		char c = v.ptr[i];

		if (c >= 'A' && c <= 'F')
			c = (char)(c - 'A' + 'a');
		if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
			return false;
		out[i] = c;
	}
	out[6] = '\0';
	return true;
}

/* One "PATH:VALUE" line into @e; false when it is not a pkeys sysfs line. */
static bool fa_pkey_line(struct fa_textscan_span line, struct fa_pkey_entry *e)
{
	struct fa_textscan_span table, value;

	return fa_linux_ib_table_line(line, &e->key, &table, &value) &&
	       fa_textscan_eq(table, "/pkeys") && fa_pkey_value(value, e->pkey);
}

/* Write the sorted entries @e[0..n) as pkeys[] of their ports. */
static void fa_pkey_apply(json_t *device, const struct fa_pkey_entry *e, size_t n)
{
	size_t i = 0;

	while (i < n) {
		json_t *p = fa_linux_rdma_port(device, e[i].key.dev, e[i].key.port, NULL);
		json_t *keys = json_array(), *seen = json_object();
		size_t j;

		for (j = i; j < n && strcmp(e[j].key.dev, e[i].key.dev) == 0 &&
			    e[j].key.port == e[i].key.port; j++) {
			if (strcmp(e[j].pkey, "0x0000") == 0 || json_object_get(seen, e[j].pkey))
				continue;
			json_object_set_new(seen, e[j].pkey, json_true());
			json_array_append_new(keys, json_string(e[j].pkey));
		}
		json_object_set_new(p, "pkeys", keys);
		json_decref(seen);
		i = j;
	}
}

int fa_parse_linux_pkeys(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	/* The command is long; warnings name what it reads. */
	const char *cmd = "P_Key sysfs";
	struct fa_textscan_span line, first = { "", 0 };
	struct fa_pkey_entry *e = NULL;
	struct fa_textscan ts;
	size_t n = 0, alloc = 0;
	unsigned bad = 0;
	int r = 0;

	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		line = fa_textscan_trim(line);
		if (line.len == 0)
			continue;
		if (n == alloc) {
			alloc = alloc ? 2 * alloc : 64;
			e = fa_xrealloc(e, alloc * sizeof(*e));
		}
		if (fa_pkey_line(line, &e[n])) {
			n++;
			continue;
		}
		if (bad++ == 0)
			first = line;
		fa_device_warn(device, "%s: line %u not understood: %.*s", cmd, ts.lineno,
			       (int)(line.len > 200 ? 200 : line.len), line.ptr);
	}
	if (n == 0) {
		r = bad ? fa_err_set(err, FA_EPARSE, "%s: no P_Key table entry: %.*s", cmd,
				     (int)(first.len > 120 ? 120 : first.len), first.ptr)
			: fa_err_set(err, FA_EPARSE, "%s: no output", cmd);
		goto out;
	}
	qsort(e, n, sizeof(*e), fa_linux_ib_key_cmp);
	fa_pkey_apply(device, e, n);
out:
	free(e);
	return r;
}
