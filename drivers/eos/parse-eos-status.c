/* SPDX-License-Identifier: MIT */
/*
 * "show interfaces status" (text): one row per interface, read by its header
 * (drivers/text/statustab.h).
 *
 *   Port       Name                   Status       Vlan        Duplex  Speed Type
 *   Et3/1/1    I am a 40G port !! Hi  connected    trunk       a-full  a-40G 40GBASE-CR4
 *   Et3/1/4                           inactive     1           unconf unconf 40GBASE-CR4
 *
 * Status: "connected" is a port with link; "disabled" is shut by configuration, every other
 * status ("notconnect", "errdisabled", "inactive", ...) an enabled port without link, as the
 * JSON form's interfaceStatus reads.  Speed: "a-" marks a negotiated speed; "auto" and
 * "unconf" are none.  A blank Name is none; a name that runs up to the status column may be
 * cut by the switch and is left out.  Vlan ("in Po49" for a member), duplex, type and flags
 * are not model fields.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/eos/parse-eos.h"
#include "drivers/text/statustab.h"
#include "audit/util/banned.h"

/* The statuses EOS prints, for rows pasted without their column blanks. */
static const char *const fa_eos_statuses[] = {
    "connected", "notconnect", "disabled", "errdisabled", "inactive", "sfpAbsent",
    "notpresent", "monitoring", "down", "up", NULL,
};

static void fa_eos_status_row(json_t *device, const char *cmd, unsigned lineno,
			      const struct fa_statustab_row *row)
{
	char *name = fa_eos_ifname(row->port.ptr, row->port.len);
	json_t *port = fa_device_port(device, name);
	struct fa_textscan_span st = row->status;

	fa_set_str(port, "type", fa_eos_port_type(name));
	fa_set_str(port, "oper_state", fa_textscan_eq(st, "connected") ? "up" : "down");
	fa_set_str(port, "admin_state", fa_textscan_eq(st, "disabled") ? "down" : "up");
	if (row->name.len && !row->name_maybe_cut)
		fa_set_strn(port, "description", row->name.ptr, row->name.len);
	fa_statustab_speed(device, port, cmd, lineno, name, row);
	free(name);
}

int fa_parse_eos_status(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	return fa_statustab_parse(cap, device, fa_eos_statuses, fa_eos_status_row, err);
}
