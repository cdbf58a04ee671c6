/* SPDX-License-Identifier: MIT */
/*
 * "show interface status" (text): one row per interface, read by its header
 * (drivers/text/statustab.h).
 *
 *   Port          Name               Status    Vlan      Duplex  Speed   Type
 *   mgmt0         --                 connected routed    full    100     --
 *   Eth1/1        TEST1              connected routed    full    a-10G   10Gbase-SR
 *
 * Status: "connected" (or "up", SVIs and tunnels) is a port with link; "disabled" is shut by
 * configuration; "notconnec" (cut from notconnected) and "xcvrAbsen" (no transceiver) are
 * enabled ports without link; any other status ("down", "sfpAbsent", "linkFlapE", ...) says
 * only that there is no link.  Speed: a bare number is Mb/s, "a-" marks a negotiated speed,
 * "auto" without link is no speed.  Name: "--" is none; a name that runs up to the status
 * column may be cut by the switch and is left out.  Vlan, duplex and type are not model fields.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/nxos/parse-nxos.h"
#include "drivers/text/statustab.h"
#include "drivers/text/units.h"
#include "audit/util/banned.h"

/* The statuses NX-OS prints, for rows pasted without their column blanks. */
static const char *const fa_nxos_statuses[] = {
    "connected", "notconnec", "notconnect", "disabled", "xcvrAbsen", "sfpAbsent", "down",
    "up",	 "err-disabled", "errDisabled", "linkFlapE", "noOperMem", "suspended", "suspnd",
    "monitor",	 "channelDo", NULL,
};

static void fa_nxos_status_row(json_t *device, const char *cmd, unsigned lineno,
			       const struct fa_statustab_row *row)
{
	char *short_name = fa_textscan_dup(row->port), *name = fa_nxos_ifname(short_name);
	json_t *port = fa_device_port(device, name);
	struct fa_textscan_span st = row->status;
	int64_t speed;

	fa_set_str(port, "type", fa_nxos_port_type(name));
	if (fa_textscan_eq(st, "connected") || fa_textscan_eq(st, "up")) {
		fa_set_str(port, "oper_state", "up");
		fa_set_str(port, "admin_state", "up");
	} else {
		fa_set_str(port, "oper_state", "down");
		if (fa_textscan_eq(st, "disabled"))
			fa_set_str(port, "admin_state", "down");
		else if (fa_textscan_eq(st, "notconnec") || fa_textscan_eq(st, "notconnect") ||
			 fa_textscan_eq(st, "xcvrAbsen"))
			fa_set_str(port, "admin_state", "up");
	}
	if (row->name.len && !fa_textscan_eq(row->name, "--") && !row->name_maybe_cut)
		fa_set_strn(port, "description", row->name.ptr, row->name.len);
	if (row->speed.ptr && !fa_textscan_eq(row->speed, "auto") &&
	    !fa_textscan_eq(row->speed, "--")) {
		struct fa_textscan_span v = row->speed;
		char *s;

		if (fa_textscan_starts(v, "a-")) {
			v.ptr += 2;
			v.len -= 2;
		}
		s = fa_textscan_dup(v);
		if (fa_parse_speed(s, 1000000, &speed) && speed > 0)
			fa_set_int(port, "speed", speed);
		else
			fa_device_warn(device, "%s: line %u: %s: unknown speed '%s'", cmd, lineno,
				       name, s);
		free(s);
	}
	free(name);
	free(short_name);
}

int fa_parse_nxos_status(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	struct fa_statustab tab = FA_STATUSTAB_INIT;
	struct fa_statustab_row row;
	struct fa_textscan ts;
	struct fa_textscan_span line;
	int nports = 0;

	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		if (fa_statustab_is_rule(line) || fa_statustab_header(&tab, line))
			continue;
		if (!tab.seen)
			return fa_err_at(err, FA_EPARSE, cap->command, (int)ts.lineno, 0,
					 "not the output of show interface status (no header)");
		if (!fa_statustab_row(&tab, line, fa_nxos_statuses, &row)) {
			fa_device_warn(device, "%s: line %u: no status in '%.*s'", cap->command,
				       ts.lineno, (int)line.len, line.ptr);
			continue;
		}
		fa_nxos_status_row(device, cap->command, ts.lineno, &row);
		nports++;
	}
	if (nports == 0)
		return fa_err_at(err, FA_EPARSE, cap->command, 0, 0,
				 "no interface in the output of show interface status");
	return 0;
}
