/* SPDX-License-Identifier: MIT */
/*
 * "show lldp neighbors" (text, without "detail"): the neighbour's system name and port id
 * per local port.
 *
 *   Device ID            Local Intf      Hold-time  Capability  Port ID
 *   nx-osv9000-3-long-name.com
 *                        Eth1/1          120        BR          Ethernet1/1
 *   nx-osv9000-2         Eth1/3          120        BR          Ethernet1/3
 *   Total entries displayed: 3
 *
 * A Device ID longer than its column is printed on a line of its own and the row follows,
 * indented.  The capability column may be blank; a word made of capability codes (R, B, T,
 * C, W, P, S, O) is one, and what follows is the port id.  The chassis id and the port
 * description are only in the detail form.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/nxos/parse-nxos.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

#define FA_NXOS_LLDP_WORDS 16

static bool fa_nxos_is_capability(struct fa_textscan_span w)
{
	size_t i;

	for (i = 0; i < w.len; i++)
		if (!strchr("RBTCWPSO", w.ptr[i]))
			return false;
	return w.len > 0;
}

/* One row: @w[0] the local port, then hold time, capability, port id. */
static bool fa_nxos_lldp_row(json_t *device, struct fa_textscan_span sysname,
			     struct fa_textscan_span line, const struct fa_textscan_span *w,
			     size_t n)
{
	struct fa_textscan_span portid;
	int64_t hold;
	size_t k = 2;
	char *local, *name;
	json_t *port;

	if (n < 3 || !fa_textscan_int(w[1], &hold))
		return false;
	if (n > 3 && fa_nxos_is_capability(w[2]))
		k = 3;
	portid.ptr = w[k].ptr;
	portid.len = (size_t)(line.ptr + line.len - w[k].ptr);
	portid = fa_textscan_trim(portid);
	local = fa_textscan_dup(w[0]);
	name = fa_nxos_ifname(local);
	port = fa_device_port(device, name);
	fa_set_str(port, "type", fa_nxos_port_type(name));
	fa_set_strn(port, "lldp.system_name", sysname.ptr, sysname.len);
	fa_set_strn(port, "lldp.port_id", portid.ptr, portid.len);
	free(name);
	free(local);
	return true;
}

int fa_parse_nxos_lldp_table(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	struct fa_textscan_span line, w[FA_NXOS_LLDP_WORDS], pending = {NULL, 0};
	struct fa_textscan ts;
	bool header = false;
	size_t n;

	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		struct fa_textscan_span t = fa_textscan_trim(line);
		bool ok;

		if (!header) {
			header = fa_textscan_starts(t, "Device ID") &&
				 fa_textscan_find(t, "Local Intf") > 0;
			continue;
		}
		if (t.len == 0 || fa_textscan_starts(t, "Total entries displayed"))
			continue;
		n = fa_textscan_words(line, w, FA_NXOS_LLDP_WORDS);
		if (n > FA_NXOS_LLDP_WORDS)
			n = FA_NXOS_LLDP_WORDS;
		if (fa_textscan_indent(line) == 0 && n == 1) {
			pending = w[0]; /* a long Device ID: its row is on the next line */
			continue;
		}
		if (fa_textscan_indent(line) == 0)
			ok = fa_nxos_lldp_row(device, w[0], line, w + 1, n - 1);
		else
			ok = pending.ptr && fa_nxos_lldp_row(device, pending, line, w, n);
		if (!ok)
			fa_device_warn(device, "%s: line %u: not a neighbour row: '%.*s'",
				       cap->command, ts.lineno, (int)t.len, t.ptr);
		pending.ptr = NULL;
	}
	if (!header)
		return fa_err_at(err, FA_EPARSE, cap->command, 0, 0,
				 "not the output of show lldp neighbors (no Device ID header)");
	return 0;
}
