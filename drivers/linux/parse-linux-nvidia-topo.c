/* SPDX-License-Identifier: MIT */
/*
 * nvidia-smi topo -m: how each NIC reaches each GPU over PCIe, the matrix GPUDirect RDMA
 * performance depends on.
 *
 *           GPU0    GPU1    NIC0    NIC1    CPU Affinity    NUMA Affinity   GPU NUMA ID
 *   GPU0     X      NODE    PIX     NODE    0-31            0               N/A
 *   GPU1    NODE     X      NODE    PIX     0-31            0               N/A
 *   NIC0    PIX     NODE     X      NODE
 *   NIC1    NODE    PIX     NODE     X
 *
 *   Legend:
 *     X    = Self
 *     ...
 *   NIC Legend:
 *     NIC0: mlx5_0
 *     NIC1: mlx5_1
 *
 * Variations: cells are tab-separated (spaces in pasted copies), so columns are split on
 * tabs or runs of two or more spaces; older drivers name the NIC columns by RDMA device
 * ("mlx5_0") and print no NIC Legend; newer ones add "GPU NUMA ID"; the header may carry
 * ANSI attribute codes (underline, bold), which are removed first; drivers before 396 print
 * "SOC" where newer ones print "SYS".
 *
 * For every NIC, each port whose nic.device is the NIC's RDMA device gets
 *   nic.gpus  [{ "gpu": N, "affinity": "PIX" }, ...]  every GPU, in GPU order, with the
 *             relation as printed (X, PIX, PXB, PHB, NODE, SYS, SOC, NV#);
 *   nic.numa  the NUMA node of the GPUs the NIC reaches without leaving its NUMA node
 *             (PIX, PXB, PHB or NODE: the legend defines these as within one node), taken
 *             from those GPUs' "NUMA Affinity"; absent when no such GPU has a number there,
 *             and a warning when they disagree.
 * A NIC whose device no port carries is a warning: the port is not guessed.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "audit/util/buf.h"
#include "drivers/text/units.h"
#include "drivers/linux/parse-linux.h"
#include "drivers/linux/parse-linux-int.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

#define FA_TOPO_MAX_COLS 512

/* @s without ANSI escape sequences (ESC '[' parameters final-byte), into @out. */
static void fa_topo_strip_ansi(struct fa_textscan_span s, struct fa_buf *out)
{
	size_t i = 0;

	fa_buf_reset(out);
	while (i < s.len) {
		if (s.ptr[i] == '\x1b') {
			i++;
			if (i < s.len && s.ptr[i] == '[') {
				i++;
				while (i < s.len && !(s.ptr[i] >= '@' && s.ptr[i] <= '~'))
					i++;
			}
			if (i < s.len)
				i++;
			continue;
		}
		fa_buf_addch(out, s.ptr[i++]);
	}
}

/* "GPU<n>": true and the number. */
static bool fa_topo_gpu(struct fa_textscan_span w, int64_t *ret)
{
	struct fa_textscan_span n = { w.ptr + 3, w.len - 3 };

	return w.len > 3 && strncmp(w.ptr, "GPU", 3) == 0 && isdigit((unsigned char)n.ptr[0]) &&
	       fa_textscan_int(n, ret) && *ret >= 0 && *ret < 100000;
}

static bool fa_topo_relation(struct fa_textscan_span w)
{
	size_t i;

	if (fa_textscan_eq(w, "X") || fa_textscan_eq(w, "SYS") || fa_textscan_eq(w, "SOC") ||
	    fa_textscan_eq(w, "NODE") || fa_textscan_eq(w, "PHB") || fa_textscan_eq(w, "PXB") ||
	    fa_textscan_eq(w, "PIX"))
		return true;
	if (w.len < 3 || w.ptr[0] != 'N' || w.ptr[1] != 'V')
		return false;
	for (i = 2; i < w.len; i++)
		if (!isdigit((unsigned char)w.ptr[i]))
			return false;
	return true;
}

/* A relation that stays inside one NUMA node. */
static bool fa_topo_same_node(const char *rel)
{
	return strcmp(rel, "PIX") == 0 || strcmp(rel, "PXB") == 0 || strcmp(rel, "PHB") == 0 ||
	       strcmp(rel, "NODE") == 0;
}

/* A header title that is not a device column. */
static bool fa_topo_affinity_title(struct fa_textscan_span w)
{
	return fa_textscan_eq(w, "CPU Affinity") || fa_textscan_eq(w, "NUMA Affinity") ||
	       fa_textscan_eq(w, "GPU NUMA ID");
}

/* A device column title: one word of letters, digits and '_', not an affinity title. */
static bool fa_topo_device_title(struct fa_textscan_span w)
{
	size_t i;

	if (w.len == 0 || w.len > 63 || fa_topo_relation(w))
		return false;
	for (i = 0; i < w.len; i++)
		if (!isalnum((unsigned char)w.ptr[i]) && w.ptr[i] != '_' && w.ptr[i] != '-')
			return false;
	return true;
}

struct fa_topo {
	json_t *header;	/* array of column titles */
	json_t *rows;	/* title -> array of cells */
	json_t *legend;	/* "NIC0" -> "mlx5_0" */
};

/* The header line: "GPU0 ... [CPU Affinity ...]" with no relation in it. */
static bool fa_topo_header(struct fa_textscan_span *cols, size_t n, struct fa_topo *t)
{
	int64_t g;
	size_t i;

	if (n == 0 || n > FA_TOPO_MAX_COLS || !fa_topo_gpu(cols[0], &g))
		return false;
	for (i = 0; i < n; i++)
		if (!fa_topo_affinity_title(cols[i]) && !fa_topo_device_title(cols[i]))
			return false;
	for (i = 0; i < n; i++)
		json_array_append_new(t->header, fa_json_stringn(cols[i].ptr, cols[i].len));
	return true;
}

/* Column index of @title in the header, or -1. */
static long fa_topo_col(const struct fa_topo *t, const char *title)
{
	json_t *v;
	size_t i;

	json_array_foreach(t->header, i, v)
		if (strcmp(json_string_value(v), title) == 0)
			return (long)i;
	return -1;
}

static bool fa_topo_row(struct fa_textscan_span *cols, size_t n, struct fa_topo *t)
{
	json_t *cells;
	char title[64];
	size_t i;

	if (n < 2 || n > FA_TOPO_MAX_COLS || !fa_topo_device_title(cols[0]) ||
	    !fa_textscan_copy(cols[0], title, sizeof(title)) || fa_topo_col(t, title) < 0 ||
	    json_object_get(t->rows, title))
		return false;
	cells = json_array();
	for (i = 1; i < n; i++)
		json_array_append_new(cells, fa_json_stringn(cols[i].ptr, cols[i].len));
	json_object_set_new(t->rows, title, cells);
	return true;
}

/* "NIC0: mlx5_0" */
static bool fa_topo_legend_line(struct fa_textscan_span line, struct fa_topo *t)
{
	struct fa_textscan_span k, v;
	char key[64];

	if (!fa_textscan_keyval(line, ':', &k, &v) || !fa_topo_device_title(k) ||
	    !fa_topo_device_title(v) || !fa_textscan_copy(k, key, sizeof(key)))
		return false;
	json_object_set_new(t->legend, key, fa_json_stringn(v.ptr, v.len));
	return true;
}

/* The relation of device column @title to GPU column @gpu_title: from @title's row, else
 * from the GPU's row.  Borrowed, or NULL. */
static const char *fa_topo_cell(const struct fa_topo *t, const char *title, const char *gpu_title)
{
	long gc = fa_topo_col(t, gpu_title), nc = fa_topo_col(t, title);
	json_t *row = json_object_get(t->rows, title);
	const char *v = NULL;

	if (row && gc >= 0)
		v = json_string_value(json_array_get(row, (size_t)gc));
	if (!v && nc >= 0 && (row = json_object_get(t->rows, gpu_title)))
		v = json_string_value(json_array_get(row, (size_t)nc));
	return v;
}

/* Write nic.gpus/nic.numa for NIC column @title (RDMA device @rdma). */
static void fa_topo_nic(json_t *device, const char *cmd, const struct fa_topo *t,
			const char *title, const char *rdma)
{
	long numa_col = fa_topo_col(t, "NUMA Affinity");
	json_t *gpus = json_array(), *v, *ports, *p;
	int64_t numa = -1;
	bool numa_conflict = false, placed = false;
	size_t i;

	json_array_foreach(t->header, i, v) {
		struct fa_textscan_span gs = fa_textscan_span_of(json_string_value(v));
		const char *rel = fa_topo_cell(t, title, gs.ptr);
		json_t *g, *grow;
		const char *cell;
		int64_t gi, gn;

		if (!fa_topo_gpu(gs, &gi) || !rel)
			continue;
		if (!fa_topo_relation(fa_textscan_span_of(rel))) {
			fa_device_warn(device, "%s: %s to %s: '%.20s' is not a PCIe relation", cmd,
				       title, gs.ptr, rel);
			continue;
		}
		g = json_object();
		json_object_set_new(g, "gpu", json_integer(gi));
		json_object_set_new(g, "affinity", json_string(rel));
		json_array_append_new(gpus, g);
		grow = json_object_get(t->rows, gs.ptr);
		if (!fa_topo_same_node(rel) || numa_col < 1 || !grow)
			continue;
		/* A row's cells start after its title, so cell i is under header column i. */
		cell = json_string_value(json_array_get(grow, (size_t)numa_col));
		if (!cell || !fa_parse_int(cell, &gn) || gn < 0)
			continue;
		if (numa >= 0 && gn != numa)
			numa_conflict = true;
		numa = gn;
	}
	if (numa_conflict)
		fa_device_warn(device, "%s: %s reaches GPUs of different NUMA nodes within a node",
			       cmd, title);
	ports = json_object_get(device, "ports");
	json_array_foreach(ports, i, p) {
		const char *d = fa_get_str(p, "nic.device");

		if (!d || strcmp(d, rdma) != 0)
			continue;
		placed = true;
		fa_set(p, "nic.gpus", json_deep_copy(gpus));
		if (numa >= 0 && !numa_conflict)
			fa_set_int(p, "nic.numa", numa);
	}
	if (!placed)
		fa_device_warn(device, "%s: no port has RDMA device %s (%s)", cmd, rdma, title);
	json_decref(gpus);
}

/* Per line: what it is.  Returns false for a line that is none of the known kinds. */
static bool fa_topo_line(struct fa_textscan_span line, struct fa_topo *t, int *section)
{
	struct fa_textscan_span cols[FA_TOPO_MAX_COLS], tl = fa_textscan_trim(line);
	size_t n;

	if (fa_textscan_eq(tl, "Legend:")) {
		*section = 1;
		return true;
	}
	if (fa_textscan_eq(tl, "NIC Legend:")) {
		*section = 2;
		return true;
	}
	if (*section == 1)
		return fa_textscan_find(tl, "=") > 0;
	if (*section == 2)
		return fa_topo_legend_line(tl, t);
	n = fa_textscan_columns(line, cols, FA_TOPO_MAX_COLS);
	if (json_array_size(t->header) == 0)
		return fa_topo_header(cols, n, t);
	return fa_topo_row(cols, n, t);
}

int fa_parse_linux_nvidia_topo(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = fa_linux_cmd(cap, "nvidia-smi topo -m");
	struct fa_topo t = { json_array(), json_object(), json_object() };
	struct fa_textscan_span line, first = { "", 0 };
	struct fa_buf clean = FA_BUF_INIT;
	struct fa_textscan ts;
	int section = 0, r = 0;
	unsigned bad = 0;
	json_t *v;
	size_t i;

	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		struct fa_textscan_span s;

		fa_topo_strip_ansi(line, &clean);
		s.ptr = clean.buf;
		s.len = clean.len;
		if (fa_textscan_is_blank(s) || fa_topo_line(s, &t, &section))
			continue;
		s = fa_textscan_trim(s);
		if (bad++ == 0)
			first = line;
		fa_device_warn(device, "%s: line %u not understood: %.*s", cmd, ts.lineno,
			       (int)(s.len > 200 ? 200 : s.len), s.ptr);
	}
	if (json_array_size(t.header) == 0) {
		first = fa_textscan_trim(first);
		r = bad ? fa_err_set(err, FA_EPARSE, "%s: no GPU matrix header: %.*s", cmd,
				     (int)(first.len > 120 ? 120 : first.len), first.ptr)
			: fa_err_set(err, FA_EPARSE, "%s: no output", cmd);
		goto out;
	}
	json_array_foreach(t.header, i, v) {
		struct fa_textscan_span s = fa_textscan_span_of(json_string_value(v));
		const char *rdma;
		int64_t g;

		if (fa_topo_gpu(s, &g) || fa_topo_affinity_title(s))
			continue;
		rdma = json_string_value(json_object_get(t.legend, s.ptr));
		if (!rdma && strncmp(s.ptr, "NIC", 3) == 0 && isdigit((unsigned char)s.ptr[3])) {
			fa_device_warn(device, "%s: %s is not in the NIC Legend", cmd, s.ptr);
			continue;
		}
		fa_topo_nic(device, cmd, &t, s.ptr, rdma ? rdma : s.ptr);
	}
	/* the matrix was read; NICs no port carries are warnings, not a parse error */
	r = FA_PARSED_EMPTY;
out:
	fa_buf_release(&clean);
	json_decref(t.header);
	json_decref(t.rows);
	json_decref(t.legend);
	return r;
}
