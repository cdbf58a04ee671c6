/* SPDX-License-Identifier: MIT */
/*
 * "show interfaces ethernet" (and "show interfaces", which adds mgmt0 and lo).
 *
 * Text is one block per interface.  The block opens at column 0 with the name ("Eth1/1",
 * "Eth1/1:" on later releases) or "Interface mgmt0 status:", and holds indented
 * "Key: value" lines.  Counter sections ("Rx"/"Tx" at column 0 on 3.6, "  Rx:" later) hold
 * "<count>  <what>" lines: bytes, error packets and discard packets become counters.rx_bytes,
 * rx_errors, rx_discards (tx_ for Tx; docs/health.md), the packet counts have no model field.
 * Lists under a key with no value ("  IPv4 address:" then deeper lines) are skipped.
 *
 *   Admin state / Admin up          -> admin_state      Operational state / Link up -> oper_state
 *   MTU: 1500 bytes(Maximum ...)    -> mtu              Actual speed / Speed         -> speed
 *   Fec                             -> fec              Auto-negotiation             -> autoneg
 *   Mac address / HW address        -> mac              Description                  -> description
 *
 * Other keys are well-formed but not part of the model and are skipped.  The json-print
 * form {"Eth1/1": [{"Admin state": "Enabled", ...}]} carries the same keys.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "audit/model.h"
#include "audit/util/xalloc.h"
#include "drivers/onyx/parse-onyx.h"
#include "drivers/text/mac.h"
#include "drivers/text/units.h"
#include "audit/util/banned.h"

static void fa_onyx_bool_state(json_t *device, json_t *port, const char *cmd, const char *name,
			       const char *field, const char *v, const char *yes, const char *no)
{
	if (strcasecmp(v, yes) == 0)
		fa_set_str(port, field, "up");
	else if (strcasecmp(v, no) == 0)
		fa_set_str(port, field, "down");
	else
		fa_device_warn(device, "%s: %s: unknown %s '%s'", cmd, name, field, v);
}

static void fa_onyx_oper(json_t *device, json_t *port, const char *cmd, const char *name,
			 const char *v)
{
	size_t n = strcspn(v, " (");

	if (n == 2 && strncasecmp(v, "Up", 2) == 0)
		fa_set_str(port, "oper_state", "up");
	else if (n == 4 && strncasecmp(v, "Down", 4) == 0)
		fa_set_str(port, "oper_state", "down");
	else
		fa_device_warn(device, "%s: %s: unknown oper_state '%s'", cmd, name, v);
}

static void fa_onyx_fec(json_t *device, json_t *port, const char *cmd, const char *name,
			const char *v)
{
	static const struct {
		const char *in;
		const char *out;
	} map[] = {
	    {"auto", "auto"},	{"rs", "rs"},	     {"rs-fec", "rs"},	  {"rs_fec", "rs"},
	    {"fc", "baser"},	{"fc-fec", "baser"}, {"fc_fec", "baser"}, {"firecode", "baser"},
	    {"baser", "baser"}, {"no-fec", "off"},   {"no_fec", "off"},	  {"none", "off"},
	    {"off", "off"},	{"disabled", "off"},
	};
	size_t i;

	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (strcasecmp(v, map[i].in) == 0) {
			fa_set_str(port, "fec", map[i].out);
			return;
		}
	fa_device_warn(device, "%s: %s: unknown FEC '%s'", cmd, name, v);
}

/* One "Key: value" of the interface @name. */
static void fa_onyx_if_kv(json_t *device, json_t *port, const char *cmd, const char *name,
			  const char *key, const char *v)
{
	int64_t n;

	if (fa_onyx_is_na(v))
		return;
	if (strcmp(key, "Admin state") == 0) {
		fa_onyx_bool_state(device, port, cmd, name, "admin_state", v, "Enabled",
				   "Disabled");
	} else if (strcmp(key, "Admin up") == 0) {
		fa_onyx_bool_state(device, port, cmd, name, "admin_state", v, "yes", "no");
	} else if (strcmp(key, "Operational state") == 0) {
		fa_onyx_oper(device, port, cmd, name, v);
	} else if (strcmp(key, "Link up") == 0) {
		fa_onyx_bool_state(device, port, cmd, name, "oper_state", v, "yes", "no");
	} else if (strcmp(key, "MTU") == 0) {
		char *num = fa_xstrndup(v, strcspn(v, " b("));

		if (fa_parse_int(num, &n) && n > 0)
			fa_set_int(port, "mtu", n);
		else
			fa_device_warn(device, "%s: %s: unknown MTU '%s'", cmd, name, v);
		free(num);
	} else if (strcmp(key, "Actual speed") == 0 || strcmp(key, "Speed") == 0) {
		if (fa_parse_speed(v, 1000000000, &n) && n > 0)
			fa_set_int(port, "speed", n);
		else
			fa_device_warn(device, "%s: %s: unknown speed '%s'", cmd, name, v);
	} else if (strcmp(key, "Fec") == 0 || strcmp(key, "FEC") == 0) {
		fa_onyx_fec(device, port, cmd, name, v);
	} else if (strcasecmp(key, "Auto-negotiation") == 0) {
		if (strcasecmp(v, "Enabled") == 0 || strcasecmp(v, "Disabled") == 0)
			fa_set_bool(port, "autoneg", strcasecmp(v, "Enabled") == 0);
		else
			fa_device_warn(device, "%s: %s: unknown auto-negotiation '%s'", cmd, name,
				       v);
	} else if (strcmp(key, "Mac address") == 0 || strcmp(key, "HW address") == 0) {
		fa_set_mac(port, v);
	} else if (strcmp(key, "Description") == 0) {
		fa_set_str(port, "description", v);
	}
}

static json_t *fa_onyx_if_open(json_t *device, const char *name)
{
	json_t *port = fa_device_port(device, name);

	fa_set_str(port, "type", fa_onyx_port_type(name));
	return port;
}

/* The interface a column-0 line opens, or NULL (new string). */
static char *fa_onyx_if_header(const char *line)
{
	size_t len = strlen(line);
	char *name;

	if (strncmp(line, "Interface ", 10) == 0 && len > 18 &&
	    strcmp(line + len - 8, " status:") == 0)
		return fa_xstrndup(line + 10, len - 18);
	name = fa_xstrndup(line, len && line[len - 1] == ':' ? len - 1 : len);
	if (fa_onyx_is_port_name(name))
		return name;
	free(name);
	return NULL;
}

static int fa_onyx_interfaces_json(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	json_t *root = NULL, *val, *entry, *v;
	const char *name, *key;
	int r, n = 0;

	r = fa_onyx_json(cap, &root, err);
	if (r)
		return r;
	json_object_foreach(root, name, val)
	{
		json_t *port;

		entry = fa_onyx_entry(val);
		if (!fa_onyx_is_port_name(name) || !entry) {
			fa_device_warn(device, "%s: entry '%s' not understood", cap->command, name);
			continue;
		}
		port = fa_onyx_if_open(device, name);
		json_object_foreach(entry, key, v) if (json_is_string(v))
		    fa_onyx_if_kv(device, port, cap->command, name, key, json_string_value(v));
		n++;
	}
	json_decref(root);
	if (!n)
		return fa_err_at(err, FA_EPARSE, cap->command, 0, 0, "no interface in the output");
	return 0;
}

enum fa_onyx_if_section { FA_IFS_NONE, FA_IFS_PORT, FA_IFS_COUNTERS, FA_IFS_LIST };

/*
 * "3650                 bytes" in the Rx or Tx section (@dir "rx" or "tx"): false when the
 * line is not "<count>  <what>".  A count the model has no field for is skipped.
 */
static bool fa_onyx_counter(json_t *device, json_t *port, const char *cmd, const char *name,
			    const char *dir, const char *line)
{
	static const struct {
		const char *what, *counter;
	} map[] = {
		{ "bytes", "bytes" },
		{ "error packets", "errors" },
		{ "discard packets", "discards" },
	};
	size_t digits = strspn(line, "0123456789"), i;
	const char *what = line + digits;
	char num[24], path[48];
	int64_t v;

	if (digits == 0 || digits >= sizeof(num) || (*what != ' ' && *what != '\t'))
		return false;
	what += strspn(what, " \t");
	if (!*what)
		return false;
	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (!strcmp(what, map[i].what))
			break;
	if (i == sizeof(map) / sizeof(map[0]))
		return true;
	memcpy(num, line, digits);
	num[digits] = '\0';
	if (!fa_parse_int(num, &v) || v < 0) {
		fa_device_warn(device, "%s: %s: %s %s '%s' is not a counter value", cmd, name, dir,
			       what, num);
		return true;
	}
	snprintf(path, sizeof(path), "counters.%s_%s", dir, map[i].counter);
	fa_set_int(port, path, v);
	return true;
}

int fa_parse_onyx_interfaces(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	enum fa_onyx_if_section sec = FA_IFS_NONE;
	struct fa_onyx_lines it;
	json_t *port = NULL;
	char *line, *name = NULL, *k, *v;
	const char *dir = "rx";
	size_t list_indent = 0;
	int r = 0, n = 0;

	if (fa_onyx_is_json(cap))
		return fa_onyx_interfaces_json(cap, device, err);
	fa_onyx_lines_init(&it, cap);
	while ((line = fa_onyx_lines_next(&it))) {
		size_t ind = fa_onyx_indent(line);
		char *hdr;

		if (fa_onyx_is_error(line)) {
			r = fa_err_at(err, FA_EPARSE, cap->command, 0, 0, "device error: %s", line);
			free(line);
			goto out;
		}
		if (!line[ind] || fa_onyx_is_prompt(line, NULL)) {
			free(line);
			continue;
		}
		if (ind == 0 && (hdr = fa_onyx_if_header(line))) {
			free(name);
			name = hdr;
			port = fa_onyx_if_open(device, name);
			sec = FA_IFS_PORT;
			n++;
		} else if (ind == 0 && port &&
			   (!strcmp(line, "Rx") || !strcmp(line, "Tx") || !strcmp(line, "Rx:") ||
			    !strcmp(line, "Tx:"))) {
			sec = FA_IFS_COUNTERS;
			dir = line[0] == 'R' ? "rx" : "tx";
		} else if (ind == 0 || !port) {
			fa_device_warn(device, "%s: line not understood: '%s'", cap->command, line);
		} else if (sec == FA_IFS_LIST && ind > list_indent) {
			/* an item of the list opened by "Key:" */
		} else if (sec == FA_IFS_COUNTERS &&
			   fa_onyx_counter(device, port, cap->command, name, dir, line + ind)) {
			/* a count of the Rx or Tx section */
		} else if (fa_onyx_kv(line, &k, &v)) {
			if (!strcmp(k, "Rx") || !strcmp(k, "Tx")) {
				sec = FA_IFS_COUNTERS;
				dir = k[0] == 'R' ? "rx" : "tx";
			} else if (!*v && ind >= 2) {
				sec = FA_IFS_LIST;
				list_indent = ind;
			} else {
				sec = FA_IFS_PORT;
				fa_onyx_if_kv(device, port, cap->command, name, k, v);
			}
		} else if (sec != FA_IFS_COUNTERS) {
			fa_device_warn(device, "%s: %s: line not understood: '%s'", cap->command,
				       name, line + ind);
		}
		free(line);
	}
	if (!n)
		r = fa_err_at(err, FA_EPARSE, cap->command, 0, 0, "no interface in the output");
out:
	free(name);
	return r;
}
