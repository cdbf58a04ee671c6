/* SPDX-License-Identifier: MIT */
/*
 * mlxconfig -d DEV q (and mstconfig, its open-source twin): the NIC's non-volatile
 * configuration, written as nic.mlxconfig on every port of that device, i.e. every port
 * whose nic.device is DEV or, since both tools also take a PCI address ("19:00.0" or
 * "0000:19:00.0"), whose nic.pci is that address:
 *
 *   Device #1:
 *   ----------
 *   Device type:        ConnectX7
 *   ...
 *   Configurations:                              Default         Current         Next Boot
 *   *        KEEP_IB_LINK_UP_P2                  False(0)        True(1)         True(1)
 *            ESWITCH_HAIRPIN_DESCRIPTORS         Array[0..7]     Array[0..7]     Array[0..7]
 *   The '*' shows parameters with next value different from default/current value.
 *
 * Variations handled:
 *   - column titles name the columns present: old MFT prints only "Next Boot"; "set" prints
 *     "Next Boot" and "New" (the requested value, not yet in effect, so not recorded) and then
 *     an "Apply new Configuration? (y/n)" prompt, which ends the table;
 *   - '*' in column 0 marks a pending change and is dropped; the legend line ends the table;
 *   - widths differ between versions and devices (ConnectX-9 is much wider) and a long value
 *     can push the next one to a single space: columns are split on runs of two or more
 *     blanks, and when that does not give one value per title, on single blanks (values never
 *     hold blanks);
 *   - arrays print as "Array[0..7]" or as one "NAME[i]" row per element; both are kept as
 *     printed, the name with its index.
 * Values are kept as printed ("True(1)", "ETH(2)", "8").  The header lines and column titles
 * with no parameter row are a warning and record nothing.  A header without column titles
 * gives nothing to name the values by: a warning, and nothing recorded.  "-E-" lines
 * without any table, or no "Configurations:" at all, fail the capture.
 */
#include "config.h"

#include <ctype.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/linux/parse-linux.h"
#include "drivers/linux/parse-linux-int.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

#define FA_MLXCFG_MAX_COLS 8

struct fa_mlxcfg {
	json_t *device;
	const char *cmd;
	json_t *params;			/* PARAM -> {"default","current","next"} */
	const char *keys[FA_MLXCFG_MAX_COLS];	/* model key per value column; NULL: skipped */
	size_t ncols;
	bool in_table;
	bool seen_header;
	bool untitled_warned;
	struct fa_textscan_span error;	/* first "-E-" line */
};

/* Parameter names: letters, digits, '_', and "[i]" for an expanded array element. */
static bool fa_mlxcfg_is_name(struct fa_textscan_span s)
{
	size_t i;

	if (s.len == 0 || !isalpha((unsigned char)s.ptr[0]))
		return false;
	for (i = 0; i < s.len; i++) {
		unsigned char c = (unsigned char)s.ptr[i];

		if (!isalnum(c) && c != '_' && c != '[' && c != ']')
			return false;
	}
	return true;
}

static void fa_mlxcfg_header(struct fa_mlxcfg *m, struct fa_textscan_span titles,
			     unsigned lineno)
{
	struct fa_textscan_span cols[FA_MLXCFG_MAX_COLS + 1];
	size_t n = fa_textscan_columns(titles, cols, FA_MLXCFG_MAX_COLS + 1), i;

	m->in_table = true;
	m->seen_header = true;
	if (n > FA_MLXCFG_MAX_COLS) {
		fa_device_warn(m->device, "%s: line %u: too many columns", m->cmd, lineno);
		n = 0;
	}
	m->ncols = n;
	for (i = 0; i < n; i++) {
		m->keys[i] = NULL;
		if (fa_textscan_eq(cols[i], "Default"))
			m->keys[i] = "default";
		else if (fa_textscan_eq(cols[i], "Current"))
			m->keys[i] = "current";
		else if (fa_textscan_eq(cols[i], "Next Boot"))
			m->keys[i] = "next";
		else if (!fa_textscan_eq(cols[i], "New"))
			fa_device_warn(m->device, "%s: column '%.*s' not understood", m->cmd,
				       (int)cols[i].len, cols[i].ptr);
	}
}

/*
 * One parameter row; false when @line is not one.  @line is untrimmed: a '*' marker can
 * only stand in column 0.
 */
static bool fa_mlxcfg_row(struct fa_mlxcfg *m, struct fa_textscan_span line, unsigned lineno)
{
	struct fa_textscan_span cols[FA_MLXCFG_MAX_COLS + 2];
	size_t n, i;
	char name[128];
	json_t *param;

	if (line.len && line.ptr[0] == '*') {
		line.ptr++;
		line.len--;
	}
	n = fa_textscan_columns(line, cols, FA_MLXCFG_MAX_COLS + 2);
	if (n < 2 || n > FA_MLXCFG_MAX_COLS + 1 || !fa_mlxcfg_is_name(cols[0]))
		return false;
	if (n != m->ncols + 1)
		n = fa_textscan_words(line, cols, FA_MLXCFG_MAX_COLS + 2);
	if (m->ncols == 0) {
		if (!m->untitled_warned)
			fa_device_warn(m->device, "%s: no column titles; values not recorded",
				       m->cmd);
		m->untitled_warned = true;
		return true;
	}
	if (n != m->ncols + 1) {
		fa_device_warn(m->device, "%s: line %u: %.*s has %zu values for %zu columns",
			       m->cmd, lineno, (int)cols[0].len, cols[0].ptr, n - 1, m->ncols);
		return true;
	}
	if (!fa_textscan_copy(cols[0], name, sizeof(name)))
		return false;
	param = json_object();
	for (i = 0; i < m->ncols; i++)
		if (m->keys[i])
			json_object_set_new(param, m->keys[i],
					    fa_json_stringn(cols[i + 1].ptr, cols[i + 1].len));
	json_object_set_new(m->params, name, param);
	return true;
}

/* Header lines before the table ("Device #1:", "Device type: ...") and MFT's notes. */
static bool fa_mlxcfg_is_preamble(struct fa_textscan_span line)
{
	static const char *const keys[] = { "Device #", "-----", "Device type:", "Name:",
					    "Description:", "Device:", "PCI device:", "-I-",
					    "-W-", "Applying" };
	size_t i;

	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (fa_textscan_starts(line, keys[i]))
			return true;
	return false;
}

static void fa_mlxcfg_line(struct fa_mlxcfg *m, struct fa_textscan_span raw, unsigned lineno)
{
	struct fa_textscan_span line = fa_textscan_trim(raw);

	if (line.len == 0)
		return;
	if (fa_textscan_starts(line, "Configurations:")) {
		line.ptr += strlen("Configurations:");
		line.len -= strlen("Configurations:");
		fa_mlxcfg_header(m, line, lineno);
		return;
	}
	if (fa_textscan_starts(line, "-E-")) {
		if (m->error.len == 0)
			m->error = line;
		fa_device_warn(m->device, "%s: %.*s", m->cmd, (int)line.len, line.ptr);
		return;
	}
	if (m->in_table) {
		if (fa_textscan_starts(line, "The '*' shows") ||
		    fa_textscan_find(line, "(y/n)") >= 0) {
			m->in_table = false;
			return;
		}
		if (fa_mlxcfg_row(m, raw, lineno))
			return;
		/* Prose at column 0 (a message, a prompt) ends the table; anything else is an
		 * odd line inside it. */
		if (fa_textscan_indent(raw) == 0 && raw.ptr[0] != '*' &&
		    fa_textscan_find(line, " ") >= 0)
			m->in_table = false;
		else {
			fa_device_warn(m->device, "%s: line %u not understood: %.*s", m->cmd,
				       lineno, (int)line.len, line.ptr);
			return;
		}
	}
	if (fa_mlxcfg_is_preamble(line))
		return;
	fa_device_warn(m->device, "%s: line %u outside a Configurations table ignored: %.*s",
		       m->cmd, lineno, (int)line.len, line.ptr);
}

/* Is @port on the device mlxconfig was pointed at with -d @arg? */
static bool fa_mlxcfg_is_port_of(const json_t *port, const char *arg)
{
	const char *dev = fa_get_str(port, "nic.device");
	const char *pci = fa_get_str(port, "nic.pci");

	if (dev && strcmp(dev, arg) == 0)
		return true;
	if (!pci)
		return false;
	/* A PCI address without its domain means domain 0000. */
	return strcmp(pci, arg) == 0 ||
	       (strncmp(pci, "0000:", 5) == 0 && strcmp(pci + 5, arg) == 0);
}

int fa_parse_linux_mlxconfig(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	struct fa_mlxcfg m = { .device = device, .cmd = fa_linux_cmd(cap, "mlxconfig -d DEV q") };
	struct fa_textscan_span line;
	struct fa_textscan ts;
	json_t *ports, *port;
	unsigned matched = 0;
	size_t i;
	int r = 0;

	if (!cap->arg || !*cap->arg)
		return fa_err_set(err, FA_EINVAL, "%s: no RDMA device given", m.cmd);
	m.params = json_object();
	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line))
		fa_mlxcfg_line(&m, line, ts.lineno);
	if (!m.seen_header) {
		struct fa_textscan_span first = m.error.len ? m.error : fa_linux_first_line(cap);

		r = first.len ? fa_err_set(err, FA_EPARSE, "%s: no configuration table: %.*s",
					   m.cmd, (int)(first.len > 120 ? 120 : first.len),
					   first.ptr)
			      : fa_err_set(err, FA_EPARSE, "%s: no output", m.cmd);
		goto out;
	}
	/* header lines only: understood, and it lists nothing (the warning says so) */
	if (json_object_size(m.params) == 0 && !m.untitled_warned) {
		fa_device_warn(device, "%s: no parameters listed", m.cmd);
		r = FA_PARSED_EMPTY;
	}
	ports = json_object_get(device, "ports");
	json_array_foreach(ports, i, port) {
		if (!fa_mlxcfg_is_port_of(port, cap->arg))
			continue;
		matched++;
		if (json_object_size(m.params))
			fa_set(port, "nic.mlxconfig", json_deep_copy(m.params));
	}
	if (matched == 0) {
		fa_device_warn(device, "%s: no port has nic.device or nic.pci %s; nothing recorded",
			       m.cmd, cap->arg);
		r = FA_PARSED_EMPTY;
	}
out:
	json_decref(m.params);
	return r;
}
