/* SPDX-License-Identifier: MIT */
/*
 * "show qos | json-print" and "show interfaces ethernet congestion-control | json-print": the
 * per-port QoS classification and the per-TC congestion control, in the JSON form only.
 *
 * QoS: a list of one object per interface (or one object holding them all), each port's
 * value a list of sections:
 *
 *   {"Eth1/1": [{"Trust mode": "L2", "Default switch-priority": "0", ...},
 *               {"PCP(DEI); DSCP to switch-priority mapping": [
 *                   {"3(0) 3(1)": [{"switch-priority": "3", "DSCP": "24 25 ... 31"}], ...}]},
 *               {"PCP(DEI); DSCP rewrite mapping (...)": [...]}]}
 *
 * "Trust mode" gives qos.trust (L2 = pcp, L3 = dscp, both, port).  The mapping gives
 * qos.dscp_to_priority, written only when each of the 64 DSCP values is listed once.  The
 * rewrite (egress) map is not the model's.
 *
 * Congestion control: a flat list; an object with "Interface ethernet": "1/1" starts a port,
 * the objects after it are its traffic classes:
 *
 *   {"Interface ethernet": "1/1", "ECN marked packets": "0"}
 *   {"header": "TC-3", "Mode": "ECN", "Threshold mode": "absolute",
 *    "Minimum threshold": "500 KB", "Maximum threshold": "1550 KB", ...}
 *
 * A TC whose Mode names ECN (or "both": ECN and RED) marks; "RED" drops and does not mark;
 * "none" does neither.  qos.ecn.enabled_tcs lists the marking TCs of a port that listed any
 * TC; min/max_threshold (KB x 1024, bytes, as "show roce" and the running-config are read)
 * are written when every marking TC of the port has the same absolute thresholds.  Relative
 * thresholds (a percentage of the buffer) are not bytes and are not recorded.  This view is
 * per port, so it replaces what the switch-wide "show roce" wrote on the port: thresholds
 * it cannot give are removed, not left from the profile.
 *
 * The text form of these commands is not read (no capture of it is known): a text capture
 * is a parse error that says to capture the json-print form.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "audit/model.h"
#include "drivers/onyx/parse-onyx.h"
#include "audit/util/banned.h"

/* The capture's JSON into *@ret (new reference); the text form is refused, as not read. */
static int fa_onyx_json_only(const struct fa_capture *cap, json_t **ret, struct fa_err *err)
{
	if (!fa_onyx_is_json(cap))
		return fa_err_at(err, FA_EPARSE, cap->command, 1, 1,
				 "the text form is not read; capture the command with "
				 "'| json-print'");
	return fa_onyx_json(cap, ret, err);
}

static json_t *fa_onyx_qos_port(json_t *device, const char *name)
{
	json_t *port = fa_device_port(device, name);

	if (!fa_get_str(port, "type"))
		fa_set_str(port, "type", fa_onyx_port_type(name));
	return port;
}

/* ---- show qos ---------------------------------------------------------------------------- */

static const char *fa_onyx_trust(const char *v)
{
	if (strcasecmp(v, "L2") == 0)
		return "pcp";
	if (strcasecmp(v, "L3") == 0)
		return "dscp";
	if (strcasecmp(v, "both") == 0)
		return "both";
	if (strcasecmp(v, "port") == 0)
		return "port";
	return NULL;
}

/*
 * One row of the DSCP map: {"switch-priority": "3", "DSCP": "24 25 ..."}.  Fills @map (index
 * DSCP, -1 unset); false when the row is not understood.  A DSCP listed twice makes the
 * whole map unknown (*dup).
 */
static bool fa_onyx_dscp_row(json_t *row, int map[64], bool *dup)
{
	const char *sp = json_string_value(json_object_get(row, "switch-priority"));
	const char *dscp = json_string_value(json_object_get(row, "DSCP"));
	const char *p;
	char *end;
	long prio, d;

	if (!sp || !dscp)
		return false;
	prio = strtol(sp, &end, 10);
	if (end == sp || *end || prio < 0 || prio > 7)
		return false;
	for (p = dscp; *p;) {
		if (*p == ' ' || *p == ',') {
			p++;
			continue;
		}
		if (!isdigit((unsigned char)*p))
			return false;
		d = strtol(p, &end, 10);
		if (d > 63)
			return false;
		if (map[d] >= 0)
			*dup = true;
		map[d] = (int)prio;
		p = end;
	}
	return true;
}

static void fa_onyx_qos_map(json_t *device, const char *cmd, const char *name, json_t *port,
			    json_t *rows)
{
	int map[64], i, n = 0;
	bool dup = false;
	json_t *e, *v, *a;
	const char *k;
	size_t j;

	for (i = 0; i < 64; i++)
		map[i] = -1;
	if (json_is_object(rows))
		rows = json_pack("[O]", rows);
	else
		json_incref(rows);
	json_array_foreach(rows, j, e)
	{
		json_object_foreach(e, k, v)
		{
			json_t *row = fa_onyx_entry(v);

			if (!row || !fa_onyx_dscp_row(row, map, &dup))
				fa_device_warn(device, "%s: %s: DSCP map row '%s' not understood",
					       cmd, name, k);
		}
	}
	json_decref(rows);
	for (i = 0; i < 64; i++)
		n += map[i] >= 0;
	if (dup || n != 64) {
		fa_device_warn(device, "%s: %s: the DSCP map lists %d of 64 values%s; not recorded",
			       cmd, name, n, dup ? ", some twice" : "");
		return;
	}
	a = json_array();
	for (i = 0; i < 64; i++)
		json_array_append_new(a, json_integer(map[i]));
	fa_set(port, "qos.dscp_to_priority", a);
}

static void fa_onyx_qos_section(json_t *device, const char *cmd, const char *name, json_t *port,
				json_t *sec)
{
	const char *k;
	json_t *v;

	json_object_foreach(sec, k, v)
	{
		if (strcmp(k, "Trust mode") == 0 && json_is_string(v)) {
			const char *t = fa_onyx_trust(json_string_value(v));

			if (t)
				fa_set_str(port, "qos.trust", t);
			else
				fa_device_warn(device, "%s: %s: unknown trust mode '%s'", cmd, name,
					       json_string_value(v));
		} else if (strstr(k, "to switch-priority mapping") &&
			   (json_is_array(v) || json_is_object(v))) {
			fa_onyx_qos_map(device, cmd, name, port, v);
		}
		/* Rewrite settings, default PCP/DEI/priority, the egress map: not the model's. */
	}
}

static void fa_onyx_qos_obj(json_t *device, const char *cmd, json_t *obj, int *nports)
{
	const char *name;
	json_t *v, *sec;
	size_t i;

	json_object_foreach(obj, name, v)
	{
		json_t *port;

		if (!fa_onyx_is_port_name(name)) {
			fa_device_warn(device, "%s: '%s' is not an interface", cmd, name);
			continue;
		}
		if (!json_is_array(v) && !json_is_object(v)) {
			fa_device_warn(device, "%s: %s: not a list of sections", cmd, name);
			continue;
		}
		port = fa_onyx_qos_port(device, name);
		(*nports)++;
		if (json_is_object(v)) {
			fa_onyx_qos_section(device, cmd, name, port, v);
			continue;
		}
		json_array_foreach(v, i, sec)
		{
			if (json_is_object(sec))
				fa_onyx_qos_section(device, cmd, name, port, sec);
		}
	}
}

int fa_parse_onyx_qos(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	json_t *root = NULL, *e;
	int r, nports = 0;
	size_t i;

	r = fa_onyx_json_only(cap, &root, err);
	if (r)
		return r;
	if (json_is_array(root)) {
		json_array_foreach(root, i, e)
		{
			if (json_is_object(e))
				fa_onyx_qos_obj(device, cap->command, e, &nports);
		}
	} else if (json_is_object(root)) {
		fa_onyx_qos_obj(device, cap->command, root, &nports);
	}
	json_decref(root);
	if (!nports)
		return fa_err_at(err, FA_EPARSE, cap->command, 0, 0, "no interface in the output");
	return 0;
}

/* ---- congestion control ------------------------------------------------------------------ */

struct fa_onyx_cc {
	json_t *port;
	char name[32];
	int ntc;       /* TC objects seen for this port */
	int tcs;       /* bit t: TC t marks */
	long min, max; /* KB of the marking TCs; -1 none yet, -2 relative or differing */
};

/* "500 KB" -> 500; -1 when not a KB figure. */
static long fa_onyx_kb(const char *s)
{
	char *end;
	long v;

	if (!s || !isdigit((unsigned char)*s))
		return -1;
	v = strtol(s, &end, 10);
	while (*end == ' ')
		end++;
	return strcasecmp(end, "KB") == 0 ? v : -1;
}

static void fa_onyx_cc_flush(struct fa_onyx_cc *c)
{
	json_t *a;
	int t;

	if (c->port && c->ntc) {
		a = json_array();
		for (t = 0; t < 8; t++)
			if (c->tcs & (1 << t))
				json_array_append_new(a, json_integer(t));
		fa_set(c->port, "qos.ecn.enabled_tcs", a);
		if (c->tcs && c->min >= 0 && c->max >= 0) {
			fa_set_int(c->port, "qos.ecn.min_threshold", (json_int_t)c->min * 1024);
			fa_set_int(c->port, "qos.ecn.max_threshold", (json_int_t)c->max * 1024);
		} else {
			/* the port's own view replaces what the switch-wide "show roce" gave */
			json_t *ecn = fa_obj_get_path(c->port, "qos.ecn");

			json_object_del(ecn, "min_threshold");
			json_object_del(ecn, "max_threshold");
		}
	}
	memset(c, 0, sizeof(*c));
	c->min = c->max = -1;
}

static void fa_onyx_cc_limit(long *have, long v)
{
	if (*have == -1)
		*have = v;
	else if (*have != v)
		*have = -2;
}

static void fa_onyx_cc_tc(json_t *device, const char *cmd, struct fa_onyx_cc *c, json_t *o)
{
	const char *hdr = json_string_value(json_object_get(o, "header"));
	const char *mode = json_string_value(json_object_get(o, "Mode"));
	const char *tmode, *lo, *hi;
	int tc;

	if (!hdr || strncasecmp(hdr, "TC-", 3) != 0 || hdr[3] < '0' || hdr[3] > '7' || hdr[4]) {
		fa_device_warn(device, "%s: section '%s' not understood", cmd, hdr ? hdr : "?");
		return;
	}
	tc = hdr[3] - '0';
	if (!c->port) {
		fa_device_warn(device, "%s: %s outside an interface", cmd, hdr);
		return;
	}
	c->ntc++;
	if (!mode || strcasecmp(mode, "none") == 0 || strcasecmp(mode, "RED") == 0)
		return;
	if (strncasecmp(mode, "ECN", 3) != 0 && strcasecmp(mode, "both") != 0) {
		fa_device_warn(device, "%s: %s %s: unknown mode '%s'", cmd, c->name, hdr, mode);
		return;
	}
	c->tcs |= 1 << tc;
	tmode = json_string_value(json_object_get(o, "Threshold mode"));
	lo = json_string_value(json_object_get(o, "Minimum threshold"));
	hi = json_string_value(json_object_get(o, "Maximum threshold"));
	if (tmode && strcasecmp(tmode, "absolute") == 0 && fa_onyx_kb(lo) >= 0 &&
	    fa_onyx_kb(hi) >= 0) {
		fa_onyx_cc_limit(&c->min, fa_onyx_kb(lo));
		fa_onyx_cc_limit(&c->max, fa_onyx_kb(hi));
	} else {
		if (!tmode || strcasecmp(tmode, "relative") != 0)
			fa_device_warn(device, "%s: %s %s: thresholds not understood", cmd, c->name,
				       hdr);
		c->min = c->max = -2;
	}
}

int fa_parse_onyx_congestion(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	struct fa_onyx_cc c;
	json_t *root = NULL, *e;
	int r, nports = 0;
	size_t i;

	r = fa_onyx_json_only(cap, &root, err);
	if (r)
		return r;
	memset(&c, 0, sizeof(c));
	c.min = c.max = -1;
	if (json_is_object(root))
		root = json_pack("[o]", root);
	json_array_foreach(root, i, e)
	{
		const char *ifc = json_string_value(json_object_get(e, "Interface ethernet"));

		if (!json_is_object(e)) {
			fa_device_warn(device, "%s: item %zu is not an object", cap->command, i);
		} else if (ifc) {
			char name[32];

			fa_onyx_cc_flush(&c);
			if ((size_t)snprintf(name, sizeof(name), "Eth%s", ifc) >= sizeof(name) ||
			    !fa_onyx_is_port_name(name)) {
				fa_device_warn(device, "%s: interface '%s' not understood",
					       cap->command, ifc);
				continue;
			}
			memcpy(c.name, name, sizeof(c.name));
			c.port = fa_onyx_qos_port(device, name);
			nports++;
		} else {
			fa_onyx_cc_tc(device, cap->command, &c, e);
		}
	}
	fa_onyx_cc_flush(&c);
	json_decref(root);
	if (!nports)
		return fa_err_at(err, FA_EPARSE, cap->command, 0, 0, "no interface in the output");
	return 0;
}
