/* SPDX-License-Identifier: MIT */
/*
 * "nv show interface -o json": every interface of the switch, keyed by name, in the NVUE object
 * model: {"swp1": {"type": "swp", "link": {"admin-status": "up", "oper-status": "up",
 * "mtu": 9216, "speed": "400G", "mac-address": ..., "state": {"up": {}}}, "ip": {...}}, ...}.
 *
 * NVUE types map to model types: swp -> ethernet, eth -> management, loopback, bond, bridge,
 * svi and sub -> vlan, vrf and tunnel -> virtual.  The administrative state is "admin-status",
 * or the configured "state" ({"up": {}} or "up") when the former is absent.  Speeds are NVUE's
 * "400G" style; a port without link has none, and then no speed is written.  LLDP neighbours,
 * when the summary carries them, are read as the lldp-detail view is (fa_cumulus_lldp_port).
 * The "link"."stats" counters (bytes, drops, errors, carrier transitions) go to port.counters;
 * the collection keeps them only when counters are wanted (FA_CMD_ALSO_CONFIG).
 */
#include "config.h"

#include <ctype.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/cumulus/parse-cumulus-int.h"
#include "drivers/cumulus/parse-cumulus.h"
#include "drivers/text/mac.h"
#include "drivers/text/units.h"
#include "audit/util/banned.h"

#define FA_CMD_INTERFACE "nv show interface -o json"

static const struct {
	const char *nvue, *model;
} fa_cumulus_types[] = {
	{ "swp", "ethernet" },	  { "eth", "management" }, { "loopback", "loopback" },
	{ "bond", "bond" },	  { "bridge", "bridge" },  { "svi", "vlan" },
	{ "sub", "vlan" },	  { "vrf", "virtual" },	   { "tunnel", "virtual" },
	{ "peerlink", "bond" },
};

static const char *const fa_oper_states[] = {
	"up", "down", "unknown", "dormant", "testing", "notpresent", "lowerlayerdown",
};

const char *fa_cumulus_type(const char *nvue)
{
	size_t i;

	for (i = 0; i < sizeof(fa_cumulus_types) / sizeof(fa_cumulus_types[0]); i++)
		if (strcmp(fa_cumulus_types[i].nvue, nvue) == 0)
			return fa_cumulus_types[i].model;
	return NULL;
}

/* "lower-layer-down", "LowerLayerDown" -> "lowerlayerdown"; NULL when not a model state. */
static const char *fa_cumulus_oper(const char *s)
{
	char norm[32];
	size_t i, n = 0;

	for (; *s && n + 1 < sizeof(norm); s++)
		if (*s != '-' && *s != '_' && *s != ' ')
			norm[n++] = (char)tolower((unsigned char)*s);
	norm[n] = '\0';
	for (i = 0; i < sizeof(fa_oper_states) / sizeof(fa_oper_states[0]); i++)
		if (strcmp(fa_oper_states[i], norm) == 0)
			return fa_oper_states[i];
	return NULL;
}

/* "state": "up" or {"up": {}} -> "up". */
static const char *fa_cumulus_state(const json_t *v)
{
	const char *key;
	json_t *item;

	if (json_is_string(v))
		return json_string_value(v);
	if (json_is_object(v) && json_object_size(v) == 1) {
		json_object_foreach((json_t *)v, key, item)
			return key;
	}
	return NULL;
}

/*
 * "link": {"stats": {"carrier-transitions": 2, "in-bytes": 184151, "in-drops": 0, ...}}, the
 * kernel's counters of the interface (NVUE 5.x; the table view prints them with units, the
 * JSON as plain numbers).  Each is written only when printed; no CRC count is among them.
 */
static void fa_cumulus_stats(json_t *device, json_t *port, const char *name, const json_t *stats,
			     const char *cmd)
{
	static const struct {
		const char *key, *counter;
	} map[] = {
		{ "in-bytes", "counters.rx_bytes" },	 { "out-bytes", "counters.tx_bytes" },
		{ "in-drops", "counters.rx_discards" },	 { "out-drops", "counters.tx_discards" },
		{ "in-errors", "counters.rx_errors" },	 { "out-errors", "counters.tx_errors" },
		{ "carrier-transitions", "counters.carrier_changes" },
	};
	size_t i;

	if (!json_is_object(stats)) {
		fa_device_warn(device, "%s: %s: \"stats\" is not an object", cmd, name);
		return;
	}
	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
		const json_t *v = json_object_get(stats, map[i].key);
		int64_t n;

		if (!v)
			continue;
		if (fa_cumulus_int(v, &n) && n >= 0)
			fa_set_int(port, map[i].counter, n);
		else
			fa_device_warn(device, "%s: %s: stats %s is not a count", cmd, name,
				       map[i].key);
	}
}

static void fa_cumulus_link(json_t *device, json_t *port, const char *name, const json_t *link,
			    const char *cmd)
{
	const char *s;
	int64_t n;
	json_t *v;

	s = json_string_value(json_object_get(link, "admin-status"));
	if (!s)
		s = fa_cumulus_state(json_object_get(link, "state"));
	if (s && (strcmp(s, "up") == 0 || strcmp(s, "down") == 0))
		fa_set_str(port, "admin_state", s);
	else if (s)
		fa_device_warn(device, "%s: %s: unknown admin state \"%s\"", cmd, name, s);

	s = json_string_value(json_object_get(link, "oper-status"));
	if (s && fa_cumulus_oper(s))
		fa_set_str(port, "oper_state", fa_cumulus_oper(s));
	else if (s)
		fa_device_warn(device, "%s: %s: unknown oper state \"%s\"", cmd, name, s);

	v = json_object_get(link, "mtu");
	if (v && fa_cumulus_int(v, &n) && n > 0)
		fa_set_int(port, "mtu", n);
	else if (v)
		fa_device_warn(device, "%s: %s: MTU is not a number", cmd, name);

	v = json_object_get(link, "speed");
	s = json_string_value(v);
	if (s && fa_parse_speed(s, 1000000, &n) && n > 0)
		fa_set_int(port, "speed", n);
	else if (v && !(s && (strcmp(s, "auto") == 0 || strcmp(s, "N/A") == 0 || !*s)))
		fa_device_warn(device, "%s: %s: speed is not a speed", cmd, name);

	s = json_string_value(json_object_get(link, "mac-address"));
	if (!s)
		s = json_string_value(json_object_get(link, "mac"));
	if (s)
		fa_set_mac(port, s);

	s = json_string_value(json_object_get(link, "fec"));
	if (s) {
		if (strcmp(s, "rs") == 0 || strcmp(s, "baser") == 0 || strcmp(s, "off") == 0 ||
		    strcmp(s, "auto") == 0)
			fa_set_str(port, "fec", s);
		else
			fa_device_warn(device, "%s: %s: unknown FEC \"%s\"", cmd, name, s);
	}
	s = json_string_value(json_object_get(link, "auto-negotiate"));
	if (s && (strcmp(s, "on") == 0 || strcmp(s, "off") == 0))
		fa_set_bool(port, "autoneg", strcmp(s, "on") == 0);
	v = json_object_get(link, "stats");
	if (v)
		fa_cumulus_stats(device, port, name, v, cmd);
}

struct fa_cumulus_ifc_run {
	json_t *device;
	const char *cmd;
};

/* One interface of the output; a list instead of an object stops the walk (-FA_EINVAL). */
static int fa_cumulus_interface(void *ctx, const char *name, size_t index, json_t *ifc,
				struct fa_err *err)
{
	struct fa_cumulus_ifc_run *run = ctx;
	json_t *device = run->device, *port, *v;
	const char *cmd = run->cmd, *s;

	(void)index;
	(void)err;
	if (!name)
		return -FA_EINVAL;
	if (!json_is_object(ifc)) {
		fa_device_warn(device, "%s: %s: not an object", cmd, name);
		return 0;
	}
	port = fa_device_port(device, name);
	s = json_string_value(json_object_get(ifc, "type"));
	if (s && fa_cumulus_type(s)) {
		fa_set_str(port, "type", fa_cumulus_type(s));
	} else if (s) {
		fa_set_str(port, "type", "other");
		fa_device_warn(device, "%s: %s: unknown interface type \"%s\"", cmd, name, s);
	}
	s = json_string_value(json_object_get(ifc, "description"));
	if (s && *s)
		fa_set_str(port, "description", s);
	v = json_object_get(ifc, "link");
	if (json_is_object(v))
		fa_cumulus_link(device, port, name, v, cmd);
	else if (v)
		fa_device_warn(device, "%s: %s: \"link\" is not an object", cmd, name);
	v = json_object_get(ifc, "lldp");
	if (v)
		fa_cumulus_lldp_port(device, port, v, cmd);
	return 0;
}

/* Read one interface at a time: 100,000 interfaces are never held as values at once. */
int fa_parse_cumulus_interface(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	struct fa_cumulus_ifc_run run = { device, fa_cumulus_cmd(cap, FA_CMD_INTERFACE) };
	enum fa_json_each_kind kind = FA_JSON_EACH_OTHER;
	int r;

	r = fa_cumulus_load_each(cap, FA_CMD_INTERFACE, fa_cumulus_interface, &run, &kind, err);
	if (r == -FA_EINVAL || (r == 0 && kind != FA_JSON_EACH_OBJECT)) {
		fa_device_warn(device, "%s: expected an object of interfaces", run.cmd);
		return 0;
	}
	return r;
}
