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
#include "drivers/text/units.h"
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
	struct fa_textscan_span st = row->status, v = row->speed;
	int64_t speed;

	fa_set_str(port, "type", fa_eos_port_type(name));
	fa_set_str(port, "oper_state", fa_textscan_eq(st, "connected") ? "up" : "down");
	fa_set_str(port, "admin_state", fa_textscan_eq(st, "disabled") ? "down" : "up");
	if (row->name.len && !row->name_maybe_cut)
		fa_set_strn(port, "description", row->name.ptr, row->name.len);
	if (v.ptr && fa_textscan_starts(v, "a-")) {
		v.ptr += 2;
		v.len -= 2;
	}
	if (v.ptr && !fa_textscan_eq(v, "auto") && !fa_textscan_eq(v, "unconf")) {
		char *s = fa_textscan_dup(v);

		if (fa_parse_speed(s, 1000000, &speed) && speed > 0)
			fa_set_int(port, "speed", speed);
		else
			fa_device_warn(device, "%s: line %u: %s: unknown speed '%s'", cmd, lineno,
				       name, s);
		free(s);
	}
	free(name);
}

int fa_parse_eos_status(const struct fa_capture *cap, json_t *device, struct fa_err *err)
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
					 "not the output of show interfaces status (no header)");
		if (!fa_statustab_row(&tab, line, fa_eos_statuses, &row)) {
			fa_device_warn(device, "%s: line %u: no status in '%.*s'", cap->command,
				       ts.lineno, (int)line.len, line.ptr);
			continue;
		}
		fa_eos_status_row(device, cap->command, ts.lineno, &row);
		nports++;
	}
	if (nports == 0)
		return fa_err_at(err, FA_EPARSE, cap->command, 0, 0,
				 "no interface in the output of show interfaces status");
	return 0;
}
