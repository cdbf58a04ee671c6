/* SPDX-License-Identifier: MIT */
/*
 * "show interfaces" as text: one port per physical interface, with the fields
 * <get-interface-information/> gives (parse-junos-interfaces.c), read by the same functions.
 *
 *   Physical interface: ge-0/0/0, Enabled, Physical link is Up
 *     Interface index: 134, SNMP ifIndex: 502
 *     Description: Test
 *     Link-level type: Ethernet, MTU: 1514, MRU: 0, LAN-PHY mode,
 *     Link-mode: Half-duplex, Speed: 1000mbps, BPDU Error: None,
 *     Flow control: Enabled, Auto-negotiation: Enabled, Remote fault: Online
 *     Current address: 00:0c:29:5e:2c:1a, Hardware address: 00:0c:29:5e:2c:1a
 *     PCS statistics                      Seconds          a statistics table: not read
 *       Bit errors                             0
 *     Ethernet FEC Mode  :                   FEC91
 *
 *     Logical interface ge-0/0/0.2036 (Index 74) (SNMP ifIndex 535)
 *       Flags: Up SNMP-Traps 0x0 VLAN-Tag [ 0x8100.2036 ]  Encapsulation: ENET2
 *       Protocol inet, MTU: 1500
 *
 * The header gives admin_state ("Enabled" up, "Administratively down" down) and oper_state
 * ("Physical link is Up"/"Down"); the lines under it are "Key: value" items separated by
 * ", ", wrapped between items.  Read: Description (the whole rest of its line: it may hold
 * commas), MTU, Speed, Auto-negotiation, Ethernet FEC Mode, Current address; the other keys
 * are no model field.  A logical unit ("ge-0/0/0.2036", "irb.100") is not a port: its lines,
 * up to the next physical interface, are not read, as the XML parser skips
 * <logical-interface>.  A line that is neither "Key: value" items nor a statistics row
 * (columns two blanks apart) is a warning.  An output without a physical or logical
 * interface header is not show interfaces; one of logical units only (show interfaces
 * irb.100) holds no port.  Ports are found by name through the device's index, once per
 * header, so the parse is linear in the output.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/junos/parse-junos.h"
#include "drivers/text/mac.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

struct fa_junos_ifd {
	json_t *port; /* the physical interface being read; NULL before one or in a unit */
	char *name;   /* its name */
	bool logical; /* inside lines that are not read (a logical unit's) */
};

/* The next ", "-separated item of @line from *@pos (a comma at the end of the line too). */
static bool fa_junos_ifd_item(struct fa_textscan_span line, size_t *pos,
			      struct fa_textscan_span *ret)
{
	size_t i = *pos;

	if (i >= line.len)
		return false;
	while (i < line.len &&
	       !(line.ptr[i] == ',' && (i + 1 == line.len || line.ptr[i + 1] == ' ')))
		i++;
	ret->ptr = line.ptr + *pos;
	ret->len = i - *pos;
	*ret = fa_textscan_trim(*ret);
	*pos = i + 1;
	return true;
}

/* "Physical interface: ge-0/0/0, Enabled, Physical link is Up": a new port. */
static void fa_junos_ifd_header(json_t *device, const char *cmd, unsigned lineno,
				struct fa_junos_ifd *cur, struct fa_textscan_span rest)
{
	struct fa_textscan_span name, admin = {NULL, 0}, link = {NULL, 0};
	size_t pos = 0;

	free(cur->name);
	cur->name = NULL;
	cur->port = NULL;
	cur->logical = false;
	if (!fa_junos_ifd_item(rest, &pos, &name) || name.len == 0) {
		fa_device_warn(device, "%s: line %u: a physical interface without a name", cmd,
			       lineno);
		cur->logical = true; /* its lines belong to no port: not read */
		return;
	}
	fa_junos_ifd_item(rest, &pos, &admin);
	fa_junos_ifd_item(rest, &pos, &link);
	cur->name = fa_textscan_dup(name);
	cur->port = fa_device_port(device, cur->name);
	fa_set_str(cur->port, "type", fa_junos_port_type(cur->name));
	if (fa_textscan_eq(admin, "Enabled"))
		fa_set_str(cur->port, "admin_state", "up");
	else if (fa_textscan_eq(admin, "Administratively down"))
		fa_set_str(cur->port, "admin_state", "down");
	else
		fa_device_warn(device, "%s: line %u: %s: unknown admin state '%.*s'", cmd, lineno,
			       cur->name, (int)(admin.len > 60 ? 60 : admin.len),
			       admin.ptr ? admin.ptr : "");
	if (fa_textscan_eq(link, "Physical link is Up"))
		fa_set_str(cur->port, "oper_state", "up");
	else if (fa_textscan_eq(link, "Physical link is Down"))
		fa_set_str(cur->port, "oper_state", "down");
	else
		fa_device_warn(device, "%s: line %u: %s: unknown link state '%.*s'", cmd, lineno,
			       cur->name, (int)(link.len > 60 ? 60 : link.len),
			       link.ptr ? link.ptr : "");
}

/* One "Key: value" item of the physical interface. */
static void fa_junos_ifd_value(json_t *device, const char *cmd, const struct fa_junos_ifd *cur,
			       struct fa_textscan_span key, struct fa_textscan_span val)
{
	void (*set)(json_t *, json_t *, const char *, const char *, const char *) = NULL;
	char *v;

	if (fa_textscan_eq(key, "MTU"))
		set = fa_junos_mtu;
	else if (fa_textscan_eq(key, "Speed"))
		set = fa_junos_speed;
	else if (fa_textscan_eq(key, "Auto-negotiation"))
		set = fa_junos_autoneg;
	else if (fa_textscan_eq(key, "Ethernet FEC Mode"))
		set = fa_junos_fec;
	else if (!fa_textscan_eq(key, "Current address"))
		return;
	v = fa_textscan_dup(val);
	if (set)
		set(device, cur->port, cmd, cur->name, v);
	else
		fa_set_mac(cur->port, v);
	free(v);
}

/* A line under a physical interface; false when it is of no shape show interfaces prints. */
static bool fa_junos_ifd_line(json_t *device, const char *cmd, const struct fa_junos_ifd *cur,
			      struct fa_textscan_span t)
{
	struct fa_textscan_span item, key, val, cols[2];
	size_t pos = 0;

	if (fa_textscan_starts(t, "Description:")) {
		fa_textscan_keyval(t, ':', &key, &val);
		if (val.len)
			fa_set_strn(cur->port, "description", val.ptr, val.len);
		return true;
	}
	if (memchr(t.ptr, ':', t.len)) {
		while (fa_junos_ifd_item(t, &pos, &item))
			if (fa_textscan_keyval(item, ':', &key, &val))
				fa_junos_ifd_value(device, cmd, cur, key, val);
		return true;
	}
	/* "PCS statistics        Seconds", "  Bit errors           0" */
	return fa_textscan_columns(t, cols, 2) >= 2;
}

int fa_parse_junos_interfaces_text(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = cap->command ? cap->command : "show interfaces";
	struct fa_junos_ifd cur = {NULL, NULL, false};
	struct fa_textscan_span line;
	struct fa_textscan ts;
	size_t physical = 0, logical = 0;
	int r;

	if (fa_junos_not_text(cap, fa_parse_junos_interfaces, device, err, &r))
		return r;
	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		struct fa_textscan_span t = fa_textscan_trim(line);

		if (fa_junos_text_noise(t))
			continue;
		if (fa_textscan_starts(t, "Physical interface:")) {
			t.ptr += 19;
			t.len -= 19;
			fa_junos_ifd_header(device, cmd, ts.lineno, &cur, t);
			physical++;
			continue;
		}
		if (fa_textscan_starts(t, "Logical interface ")) {
			cur.logical = true;
			logical++;
			continue;
		}
		if (cur.logical || (cur.port && fa_junos_ifd_line(device, cmd, &cur, t)))
			continue;
		fa_device_warn(device, "%s: line %u not understood: %.*s", cmd, ts.lineno,
			       (int)(t.len > 120 ? 120 : t.len), t.ptr);
	}
	free(cur.name);
	if (physical == 0 && logical == 0)
		return fa_err_at(err, FA_EPARSE, cmd, 0, 0,
				 "not the output of show interfaces (no 'Physical interface:' or "
				 "'Logical interface' line)");
	return physical == 0 ? FA_PARSED_EMPTY : 0;
}
