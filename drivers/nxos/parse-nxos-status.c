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
	fa_statustab_speed(device, port, cmd, lineno, name, row);
	free(name);
	free(short_name);
}

int fa_parse_nxos_status(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	return fa_statustab_parse(cap, device, fa_nxos_statuses, fa_nxos_status_row, err);
}
