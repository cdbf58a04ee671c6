/* SPDX-License-Identifier: MIT */
/*
 * "show lldp local": what the switch itself advertises over LLDP.
 *
 *   LLDP is Enabled                          -> lldp.enabled (device)
 *
 *   Local global configuration
 *     Chassis sub type: macAddress (4)
 *     Chassis id: 00:11:22:33:44:55          -> lldp.chassis_id (device)
 *     System Name: "switch-111111"           -> lldp.system_name (device); hostname when no
 *     System Description: ...                   other command gave one
 *     Supported capabilities: B
 *     Supported capabilities enabled: B
 *
 * The json-print form carries the same keys in a list of two objects:
 *   [{"LLDP": "enabled"}, {"header": "Local global configuration", "Chassis id": "...",
 *    "System Name": "...", ...}]
 * (or the JSON API envelope around it).  A neighbour sees the chassis id and system name as
 * its port's lldp.chassis_id and lldp.system_name; link discovery matches both.  The system
 * name is printed quoted on some releases; the quotes are not part of it.  Lines and keys
 * not understood are device warnings.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "audit/model.h"
#include "audit/util/xalloc.h"
#include "drivers/onyx/parse-onyx.h"
#include "audit/util/banned.h"

/* What the output gave; the model is written only when it is the command's output. */
struct fa_lldp_local {
	int enabled; /* -1 not printed */
	char *chassis_id;
	char *system_name;
};

/* "Enabled" / "Disabled" -> 1 / 0; -1 for anything else. */
static int fa_lldp_local_state(const char *s)
{
	if (strcasecmp(s, "enabled") == 0)
		return 1;
	if (strcasecmp(s, "disabled") == 0)
		return 0;
	return -1;
}

/* One "Key: value" of the local configuration; false when @key is not one of them. */
static bool fa_lldp_local_kv(struct fa_lldp_local *st, const char *key, const char *v)
{
	static const char *const ignored[] = { "header", "Chassis sub type", "System Description",
					       "Supported capabilities",
					       "Supported capabilities enabled" };
	size_t i, len;

	if (strcasecmp(key, "LLDP") == 0) {
		st->enabled = fa_lldp_local_state(v);
		return st->enabled >= 0;
	}
	if (strcasecmp(key, "Chassis id") == 0) {
		if (!fa_onyx_is_na(v) && !st->chassis_id)
			st->chassis_id = fa_xstrdup(v);
		return true;
	}
	if (strcasecmp(key, "System Name") == 0) {
		len = strlen(v);
		if (len >= 2 && v[0] == '"' && v[len - 1] == '"') {
			v++;
			len -= 2;
		}
		if (!st->system_name) {
			/* "N/A" quoted is no name either: test the name without its quotes */
			st->system_name = fa_xstrndup(v, len);
			if (fa_onyx_is_na(st->system_name)) {
				free(st->system_name);
				st->system_name = NULL;
			}
		}
		return true;
	}
	for (i = 0; i < sizeof(ignored) / sizeof(ignored[0]); i++)
		if (strcasecmp(key, ignored[i]) == 0)
			return true;
	return false;
}

static void fa_lldp_local_write(json_t *device, const struct fa_lldp_local *st)
{
	if (st->enabled >= 0)
		fa_set_bool(device, "lldp.enabled", st->enabled);
	if (st->chassis_id)
		fa_set_str(device, "lldp.chassis_id", st->chassis_id);
	if (st->system_name) {
		fa_set_str(device, "lldp.system_name", st->system_name);
		if (!fa_get_str(device, "hostname"))
			fa_set_str(device, "hostname", st->system_name);
	}
}

static void fa_lldp_local_obj(json_t *device, const char *cmd, json_t *obj,
			      struct fa_lldp_local *st)
{
	const char *key;
	json_t *v;

	json_object_foreach(obj, key, v)
	{
		if (!json_is_string(v) || !fa_lldp_local_kv(st, key, json_string_value(v)))
			fa_device_warn(device, "%s: '%s' not understood", cmd, key);
	}
}

static int fa_lldp_local_json(const struct fa_capture *cap, json_t *device,
			      struct fa_lldp_local *st, struct fa_err *err)
{
	json_t *root = NULL, *e;
	size_t i;
	int r;

	r = fa_onyx_json(cap, &root, err);
	if (r)
		return r;
	if (json_is_object(root))
		fa_lldp_local_obj(device, cap->command, root, st);
	json_array_foreach(root, i, e)
	{
		if (json_is_object(e))
			fa_lldp_local_obj(device, cap->command, e, st);
		else
			fa_device_warn(device, "%s: item %zu is not an object", cap->command, i);
	}
	json_decref(root);
	return 0;
}

/* A line of the text form; false when it is not understood (@line is changed). */
static bool fa_lldp_local_line(struct fa_lldp_local *st, char *line)
{
	char *k, *v;

	if (strncasecmp(line, "LLDP is ", 8) == 0)
		return (st->enabled = fa_lldp_local_state(line + 8)) >= 0;
	if (!*line || fa_onyx_is_prompt(line, NULL) ||
	    strcasecmp(line, "Local global configuration") == 0)
		return true;
	return fa_onyx_kv(line, &k, &v) && fa_lldp_local_kv(st, k, v);
}

static int fa_lldp_local_text(const struct fa_capture *cap, json_t *device,
			      struct fa_lldp_local *st, struct fa_err *err)
{
	struct fa_onyx_lines it;
	char *line, *copy;
	int r = 0;

	fa_onyx_lines_init(&it, cap);
	while (!r && (line = fa_onyx_lines_next(&it))) {
		if (fa_onyx_is_error(line)) {
			r = fa_err_at(err, FA_EPARSE, cap->command, 0, 0, "device error: %s", line);
		} else {
			copy = fa_xstrdup(line);
			if (!fa_lldp_local_line(st, line))
				fa_device_warn(device, "%s: line not understood: '%s'",
					       cap->command, copy);
			free(copy);
		}
		free(line);
	}
	return r;
}

int fa_parse_onyx_lldp_local(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	struct fa_lldp_local st = { .enabled = -1 };
	int r;

	if (fa_onyx_is_json(cap))
		r = fa_lldp_local_json(cap, device, &st, err);
	else
		r = fa_lldp_local_text(cap, device, &st, err);
	if (!r && st.enabled < 0 && !st.chassis_id)
		r = fa_err_at(err, FA_EPARSE, cap->command, 0, 0,
			      "no 'LLDP is Enabled/Disabled' line and no 'Chassis id' in the output");
	if (!r)
		fa_lldp_local_write(device, &st);
	free(st.chassis_id);
	free(st.system_name);
	return r;
}
