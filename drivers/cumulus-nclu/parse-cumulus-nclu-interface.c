/* SPDX-License-Identifier: MIT */
/*
 * "net show interface all json": every interface of the switch, keyed by name, as NCLU's
 * netshow library describes it:
 *
 *   {"swp1": {"name": "swp1", "linkstate": "UP", "speed": "1G", "port_category": "Interface/L3",
 *             "iface_obj": {"mtu": 1500, "speed": 1000, "mac": "50:00:00:0b:00:01",
 *                           "description": "", "lldp": [...], ...}, ...}, ...}
 *
 * "linkstate" is NCLU's state column: UP (administratively and operationally up), DN
 * (administratively up, no link) or ADMDN (administratively down, so no link either).  The
 * speed is iface_obj's Mb/s number, else the "1G" column; "N/A" and null write none.  The type
 * comes from the name for front-panel (swpN, swpNsM), management (ethN) and loopback (lo)
 * ports, and from the category's first word otherwise (Bridge, Bond, Mgmt, Loopback, SVI,
 * VRF).  The "lldp" list is not read: its "adj_port" is the neighbour's port description in
 * some netshow releases and its port id in others; "net show lldp json" carries both.
 */
#include "config.h"

#include <ctype.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/cumulus-nclu/parse-cumulus-nclu-int.h"
#include "drivers/cumulus-nclu/parse-cumulus-nclu.h"
#include "drivers/text/mac.h"
#include "drivers/text/units.h"
#include "audit/util/banned.h"

#define FA_CMD_INTERFACE "net show interface all json"

static const struct {
	const char *category, *type;
} fa_nclu_categories[] = {
	{ "Bridge", "bridge" }, { "Bond", "bond" },   { "Mgmt", "management" },
	{ "Loopback", "loopback" }, { "SVI", "vlan" }, { "VRF", "virtual" },
};

/* @s is @prefix followed by one or more digits, and then @rest (may be NULL: nothing). */
static bool fa_nclu_numbered(const char *s, const char *prefix, const char **rest)
{
	size_t n = strlen(prefix);

	if (strncmp(s, prefix, n) != 0 || !isdigit((unsigned char)s[n]))
		return false;
	for (s += n; isdigit((unsigned char)*s); s++)
		;
	if (rest)
		*rest = s;
	return rest || !*s;
}

/* The model type of interface @name in @category ("Interface/L3"), or NULL. */
static const char *fa_nclu_type(const char *name, const char *category)
{
	const char *rest;
	size_t i, n;

	if (strchr(name, '.'))
		return "vlan";
	if (fa_nclu_numbered(name, "swp", &rest) &&
	    (!*rest || fa_nclu_numbered(rest, "s", NULL)))
		return "ethernet";
	if (fa_nclu_numbered(name, "eth", NULL))
		return "management";
	if (strcmp(name, "lo") == 0)
		return "loopback";
	if (!category)
		return NULL;
	n = strcspn(category, "/");
	for (i = 0; i < sizeof(fa_nclu_categories) / sizeof(fa_nclu_categories[0]); i++)
		if (strlen(fa_nclu_categories[i].category) == n &&
		    strncmp(fa_nclu_categories[i].category, category, n) == 0)
			return fa_nclu_categories[i].type;
	return NULL;
}

static void fa_nclu_state(json_t *device, json_t *port, const char *name, const char *s,
			  const char *cmd)
{
	if (strcmp(s, "UP") == 0) {
		fa_set_str(port, "admin_state", "up");
		fa_set_str(port, "oper_state", "up");
	} else if (strcmp(s, "DN") == 0) {
		fa_set_str(port, "admin_state", "up");
		fa_set_str(port, "oper_state", "down");
	} else if (strcmp(s, "ADMDN") == 0) {
		fa_set_str(port, "admin_state", "down");
		fa_set_str(port, "oper_state", "down");
	} else {
		fa_device_warn(device, "%s: %s: unknown link state \"%s\"", cmd, name, s);
	}
}

static void fa_nclu_speed(json_t *device, json_t *port, const char *name, const json_t *ifc,
			  const json_t *obj, const char *cmd)
{
	const json_t *v = json_object_get(obj, "speed");
	const char *s;
	int64_t bps;

	if (json_is_integer(v) && json_integer_value(v) > 0) {
		fa_set_int(port, "speed", json_integer_value(v) * 1000000);
		return;
	}
	s = json_string_value(json_object_get(ifc, "speed"));
	if (s && fa_parse_speed(s, 1000000, &bps) && bps > 0)
		fa_set_int(port, "speed", bps);
	else if (s && *s && strcmp(s, "N/A") != 0)
		fa_device_warn(device, "%s: %s: speed \"%s\" is not a speed", cmd, name, s);
}

static void fa_nclu_interface(json_t *device, const char *name, const json_t *ifc,
			      const char *cmd)
{
	const json_t *obj = json_object_get(ifc, "iface_obj");
	const char *s, *type;
	json_t *port, *v;

	if (!json_is_object(ifc) || (obj && !json_is_null(obj) && !json_is_object(obj))) {
		fa_device_warn(device, "%s: %s: not an NCLU interface object", cmd, name);
		return;
	}
	port = fa_device_port(device, name);
	s = json_string_value(json_object_get(ifc, "port_category"));
	type = fa_nclu_type(name, s);
	if (type) {
		fa_set_str(port, "type", type);
	} else {
		fa_set_str(port, "type", "other");
		fa_device_warn(device, "%s: %s: unknown category \"%s\"", cmd, name,
			       s ? s : "(none)");
	}
	s = json_string_value(json_object_get(ifc, "linkstate"));
	if (s)
		fa_nclu_state(device, port, name, s, cmd);
	fa_nclu_speed(device, port, name, ifc, obj, cmd);

	v = json_object_get(obj, "mtu");
	if (json_is_integer(v) && json_integer_value(v) > 0)
		fa_set_int(port, "mtu", json_integer_value(v));
	else if (v && !json_is_null(v))
		fa_device_warn(device, "%s: %s: MTU is not a number", cmd, name);

	s = json_string_value(json_object_get(obj, "mac"));
	if (s)
		fa_set_mac(port, s);
	s = json_string_value(json_object_get(obj, "description"));
	if (s && *s)
		fa_set_str(port, "description", s);
}

int fa_parse_cumulus_nclu_interface(const struct fa_capture *cap, json_t *device,
				    struct fa_err *err)
{
	const char *cmd = fa_nclu_cmd(cap, FA_CMD_INTERFACE), *name;
	json_t *root = NULL, *ifc;
	int r;

	r = fa_nclu_load(cap, FA_CMD_INTERFACE, &root, err);
	if (r)
		return r;
	json_object_foreach(root, name, ifc)
		fa_nclu_interface(device, name, ifc, cmd);
	r = json_object_size(root) ? 0 : FA_PARSED_EMPTY;
	json_decref(root);
	return r;
}
