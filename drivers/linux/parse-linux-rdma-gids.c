/* SPDX-License-Identifier: MIT */
/*
 * The GID tables read from sysfs where show_gids (mlnx-tools) is not installed:
 *
 *   grep -H -v -x 0000:0000:0000:0000:0000:0000:0000:0000 \
 *        /sys/class/infiniband/[star]/ports/[star]/gids/[star] \
 *        /sys/class/infiniband/[star]/ports/[star]/gid_attrs/types/[star] \
 *        /sys/class/infiniband/[star]/ports/[star]/gid_attrs/ndevs/[star] 2>/dev/null || true
 *
 * ([star] standing for '*'), which prints, per used table entry,
 *
 *   /sys/class/infiniband/mlx5_0/ports/1/gids/3:0000:0000:0000:0000:0000:ffff:0a00:0001
 *   /sys/class/infiniband/mlx5_0/ports/1/gid_attrs/types/3:RoCE v2
 *   /sys/class/infiniband/mlx5_0/ports/1/gid_attrs/ndevs/3:ens1f0np0
 *
 * An unused entry is all zero (left out by -v -x) and its attributes cannot be read (the
 * errors are dropped); InfiniBand GIDs have no netdev.  This is what show_gids reads too, and
 * the result is the same: gids[] in index order with index, gid, type ("IB/RoCE v1" is v1 and
 * typed as show_gids' v1 is), ipv4 for an IPv4-mapped GID (::ffff:a.b.c.d) and netdev.
 *
 * Only ports without gids[] (show_gids did not run or did not list them) are filled.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "audit/util/xalloc.h"
#include "drivers/linux/parse-linux.h"
#include "drivers/linux/parse-linux-int.h"
#include "drivers/platform.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

enum fa_gid_attr { FA_GID_VALUE, FA_GID_TYPE, FA_GID_NDEV };

struct fa_gid_entry {
	struct fa_linux_ib_key key;	/* first: sorted by fa_linux_ib_key_cmp */
	char gid[40];
	char type[16];
	char ndev[64];
};

/* Eight groups of four hex digits, as the kernel writes a GID; false for the all-zero one. */
static bool fa_sysfs_gid(struct fa_textscan_span v)
{
	size_t i;
	bool nonzero = false;

	if (v.len != 39)
		return false;
	for (i = 0; i < v.len; i++) {
		char c = v.ptr[i];

		if (i % 5 == 4) {
			if (c != ':')
				return false;
		} else if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
			   (c >= 'A' && c <= 'F')) {
			nonzero |= c != '0';
		} else {
			return false;
		}
	}
	return nonzero;
}

/* The entry of @key, added when new. */
static struct fa_gid_entry *fa_gid_entry(struct fa_gid_entry **e, size_t *n, size_t *cap_n,
					 const struct fa_linux_ib_key *key)
{
	size_t i;

	/* grep prints the three files of a port one glob after the other: look back */
	for (i = *n; i-- > 0;)
		if (fa_linux_ib_key_cmp(&(*e)[i].key, key) == 0)
			return &(*e)[i];
	if (*n == *cap_n) {
		*cap_n = *cap_n ? *cap_n * 2 : 32;
		*e = fa_xreallocarray(*e, *cap_n, sizeof(**e));
	}
	memset(&(*e)[*n], 0, sizeof(**e));
	(*e)[*n].key = *key;
	return &(*e)[(*n)++];
}

/* One line into the entries; false when it is not a GID sysfs line. */
static bool fa_gid_sysfs_line(struct fa_textscan_span line, struct fa_gid_entry **e, size_t *n,
			      size_t *cap_n)
{
	struct fa_textscan_span table, value;
	struct fa_linux_ib_key key;
	enum fa_gid_attr attr;
	struct fa_gid_entry *g;

	if (!fa_linux_ib_table_line(line, &key, &table, &value))
		return false;
	if (fa_textscan_eq(table, "/gids"))
		attr = FA_GID_VALUE;
	else if (fa_textscan_eq(table, "/gid_attrs/types"))
		attr = FA_GID_TYPE;
	else if (fa_textscan_eq(table, "/gid_attrs/ndevs"))
		attr = FA_GID_NDEV;
	else
		return false;
	value = fa_textscan_trim(value);
	switch (attr) {
	case FA_GID_VALUE:
		/* an all-zero GID is an unused entry, whichever grep left it in */
		if (fa_textscan_eq(value, "0000:0000:0000:0000:0000:0000:0000:0000"))
			return true;
		if (!fa_sysfs_gid(value))
			return false;
		g = fa_gid_entry(e, n, cap_n, &key);
		return fa_textscan_copy(value, g->gid, sizeof(g->gid));
	case FA_GID_TYPE:
		if (!fa_textscan_eq(value, "IB/RoCE v1") && !fa_textscan_eq(value, "RoCE v2"))
			return false;
		g = fa_gid_entry(e, n, cap_n, &key);
		return fa_textscan_copy(value, g->type, sizeof(g->type));
	case FA_GID_NDEV:
		if (!fa_linux_is_word(value))
			return false;
		g = fa_gid_entry(e, n, cap_n, &key);
		return fa_textscan_copy(value, g->ndev, sizeof(g->ndev));
	}
	return false;
}

/* "::ffff:a.b.c.d" as show_gids prints its IPv4 column; false for other GIDs. */
static bool fa_gid_ipv4(const char *gid, char out[16])
{
	unsigned hi, lo;

	if (strncmp(gid, "0000:0000:0000:0000:0000:ffff:", 30) != 0 ||
	    sscanf(gid + 30, "%4x:%4x", &hi, &lo) != 2)
		return false;
	snprintf(out, 16, "%u.%u.%u.%u", hi >> 8, hi & 0xff, lo >> 8, lo & 0xff);
	return true;
}

static void fa_gid_write(json_t *gids, const struct fa_gid_entry *g, const json_t *port)
{
	struct fa_textscan_span ver = { strcmp(g->type, "RoCE v2") == 0 ? "v2" : "v1", 2 };
	json_t *o = json_object();
	const char *type = NULL;
	char ipv4[16];

	json_object_set_new(o, "index", json_integer(g->key.index));
	json_object_set_new(o, "gid", json_string(g->gid));
	if (g->type[0])
		type = fa_linux_gid_type(ver, g->ndev[0] != '\0', port);
	if (type)
		json_object_set_new(o, "type", json_string(type));
	if (fa_gid_ipv4(g->gid, ipv4))
		json_object_set_new(o, "ipv4", json_string(ipv4));
	if (g->ndev[0])
		json_object_set_new(o, "netdev", json_string(g->ndev));
	json_array_append_new(gids, o);
}

/* Has a port of @device a GID table (show_gids listed it)? */
static bool fa_linux_any_gids(const json_t *device)
{
	json_t *p;
	size_t i;

	json_array_foreach(json_object_get(device, "ports"), i, p)
		if (json_array_size(json_object_get(p, "gids")) > 0)
			return true;
	return false;
}

int fa_parse_linux_rdma_gids(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = fa_linux_cmd(cap, "grep -H ... /sys/class/infiniband/*/ports/*/gids/*");
	struct fa_textscan_span line, first = { "", 0 };
	struct fa_gid_entry *e = NULL;
	struct fa_textscan ts;
	size_t n = 0, cap_n = 0, i;
	unsigned good = 0, bad = 0, written = 0;
	json_t *gids = NULL, *port = NULL;

	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		line = fa_textscan_trim(line);
		if (line.len == 0)
			continue;
		if (fa_gid_sysfs_line(line, &e, &n, &cap_n)) {
			good++;
			continue;
		}
		if (bad++ == 0)
			first = line;
		fa_device_warn(device, "%s: line %u not understood: %.*s", cmd, ts.lineno,
			       (int)line.len, line.ptr);
	}
	if (good == 0 && bad > 0) {
		free(e);
		return fa_err_set(err, FA_EPARSE, "%s: not sysfs GID lines: %.*s", cmd,
				  (int)(first.len > 120 ? 120 : first.len), first.ptr);
	}
	if (n)
		qsort(e, n, sizeof(*e), fa_linux_ib_key_cmp);
	for (i = 0; i < n; i++) {
		json_t *p;

		if (!e[i].gid[0]) {
			/* attributes of a GID the output does not show (cut off, or changed
			 * between the reads): nothing to place them on */
			fa_device_warn(device, "%s: %s port %lld GID %lld has attributes but no value",
				       cmd, e[i].key.dev, (long long)e[i].key.port,
				       (long long)e[i].key.index);
			continue;
		}
		p = fa_linux_rdma_port(device, e[i].key.dev, e[i].key.port, NULL);
		if (p != port) {
			port = p;
			/* show_gids filled this port already: leave it as it is */
			gids = json_is_array(json_object_get(p, "gids")) ? NULL : json_array();
			if (gids)
				json_object_set_new(p, "gids", gids);
		}
		if (!gids)
			continue;
		fa_gid_write(gids, &e[i], p);
		written++;
	}
	free(e);
	if (n == 0 && !fa_linux_any_gids(device)) {
		fa_device_warn(device, "no GIDs in sysfs");
		return FA_PARSED_EMPTY;
	}
	/* understood, but show_gids had already listed them (or only unused entries) */
	return written ? 0 : FA_PARSED_EMPTY;
}
