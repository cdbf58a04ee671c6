/* SPDX-License-Identifier: MIT */
/*
 * "show lldp interfaces | json-print": whether each interface receives and transmits LLDP.
 *
 *   {"Eth1/1": [{"Receive": "Enabled", "Transmit": "Enabled", "TLVs": "PD, SN, SD, ..."}],
 *    "Eth1/2": [{"Receive": "Disabled", "Transmit": "Disabled", "TLVs": "..."}]}
 *
 * or the JSON API envelope around it, or a list of such objects.  "Receive" gives
 * lldp.receive and "Transmit" lldp.transmit (Enabled = true, Disabled = false); the TLV list
 * has no model field.  An interface that is a port-channel member may be printed with its
 * channel ("Eth1/1 (Po100)"); the channel is dropped.  A key that is no interface, an entry
 * that is no object and a state that is neither Enabled nor Disabled are device warnings.
 *
 * The text form is not read (no capture or documented example of it is known): a text
 * capture is a parse error that says to capture the json-print form.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "audit/model.h"
#include "audit/util/xalloc.h"
#include "drivers/onyx/parse-onyx.h"
#include "audit/util/banned.h"

/* "Eth1/1 (Po100)" -> "Eth1/1" (new string). */
static char *fa_onyx_lldp_if_name(const char *key)
{
	const char *sp = strstr(key, " (");

	if (sp && key[strlen(key) - 1] == ')')
		return fa_xstrndup(key, (size_t)(sp - key));
	return fa_xstrdup(key);
}

/* Set @path on @port from "Enabled" / "Disabled"; warn about anything else. */
static void fa_onyx_lldp_state(json_t *device, const char *cmd, const char *name, json_t *port,
			       json_t *entry, const char *key, const char *path)
{
	json_t *v = json_object_get(entry, key);
	const char *s = json_string_value(v);

	if (!v)
		fa_device_warn(device, "%s: %s: no '%s' state", cmd, name, key);
	else if (s && strcasecmp(s, "Enabled") == 0)
		fa_set_bool(port, path, true);
	else if (s && strcasecmp(s, "Disabled") == 0)
		fa_set_bool(port, path, false);
	else
		fa_device_warn(device, "%s: %s: unknown %s state '%s'", cmd, name, key,
			       s ? s : "(not a string)");
}

static void fa_onyx_lldp_if_obj(json_t *device, const char *cmd, json_t *obj, int *nports)
{
	const char *key;
	json_t *v;

	json_object_foreach(obj, key, v)
	{
		char *name = fa_onyx_lldp_if_name(key);
		json_t *entry = fa_onyx_entry(v), *port;

		if (!fa_onyx_is_port_name(name)) {
			fa_device_warn(device, "%s: '%s' is not an interface", cmd, key);
		} else if (!entry) {
			fa_device_warn(device, "%s: %s: not an object of LLDP states", cmd, key);
		} else {
			port = fa_device_port(device, name);
			if (!fa_get_str(port, "type"))
				fa_set_str(port, "type", fa_onyx_port_type(name));
			(*nports)++;
			fa_onyx_lldp_state(device, cmd, name, port, entry, "Receive",
					   "lldp.receive");
			fa_onyx_lldp_state(device, cmd, name, port, entry, "Transmit",
					   "lldp.transmit");
		}
		free(name);
	}
}

int fa_parse_onyx_lldp_interfaces(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	json_t *root = NULL, *e;
	int r, nports = 0;
	size_t i;

	if (!fa_onyx_is_json(cap))
		return fa_err_at(err, FA_EPARSE, cap->command, 1, 1,
				 "the text form is not read; capture the command with "
				 "'| json-print'");
	r = fa_onyx_json(cap, &root, err);
	if (r)
		return r;
	if (json_is_array(root)) {
		json_array_foreach(root, i, e)
		{
			if (json_is_object(e))
				fa_onyx_lldp_if_obj(device, cap->command, e, &nports);
			else
				fa_device_warn(device, "%s: item %zu is not an object",
					       cap->command, i);
		}
	} else if (json_is_object(root)) {
		fa_onyx_lldp_if_obj(device, cap->command, root, &nports);
	}
	json_decref(root);
	if (!nports)
		return fa_err_at(err, FA_EPARSE, cap->command, 0, 0, "no interface in the output");
	return 0;
}
