/* SPDX-License-Identifier: MIT */
/*
 * SONiC running configuration ("show runningconfiguration all") into the model.
 *
 * The output is config_db as JSON.  It comes in three shapes, all read here:
 *   - nested: { "TABLE": { "key": { "field": "value" } } } (sonic-cfggen, the show command);
 *   - flat: { "TABLE|key": { "field": "value" } } (a redis dump of CONFIG_DB), where each
 *     entry may also be wrapped as { "type": "hash", "value": { ... } } (sonic-db-dump);
 *   - per namespace on multi-ASIC systems: { "localhost": {...}, "asic0": {...} }.
 * Everything is first brought into the nested shape (struct fa_sonic_db), then read.
 *
 * Keys can be composite: QUEUE "Ethernet0|3", "Ethernet0|3-4", "Ethernet0,Ethernet4|0-2";
 * PORT_QOS_MAP in old releases "Ethernet0,Ethernet4".  Keys with more parts (a VOQ chassis
 * naming "<linecard>|<asic>|Ethernet0|3") are ports of other line cards and are skipped.
 * References to other entries are either bare ("AZURE") or "[TABLE|AZURE]" (old releases).
 * Every value is a string, as config_db stores them.
 *
 * Mapping onto the model (docs/platforms/sonic.md): SONiC classifies DSCP straight into a
 * traffic class and uses the same number as the PFC priority (pfc_enable "3,4" names the
 * lossless classes), so qos.dscp_to_priority holds DSCP_TO_TC_MAP and qos.priority_to_tc is
 * the identity.  ECN and scheduling are per queue; a queue is turned into traffic classes
 * through the port's TC_TO_QUEUE_MAP, or taken as the traffic class of the same number when
 * the port binds none.  A complete dump (DEVICE_METADATA and PORT present) lets absence
 * speak: no PORT_QOS_MAP pfc_enable is PFC off, no PFC_WD entry is the watchdog off.  PORT
 * pfc_asym sets the PFC directions apart (fa_port_pfc_dirs).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "audit/util/xalloc.h"
#include "drivers/sonic/parse-sonic.h"
#include "drivers/text/units.h"
#include "drivers/text/jsonload.h"
#include "audit/util/banned.h"

#define FA_SONIC_CMD "show runningconfiguration all"
#define FA_NQUEUE 16

/* The dump in nested shape: TABLE -> key -> fields; all borrowed or owned by @tables. */
struct fa_sonic_db {
	json_t *tables;
	bool complete;
	size_t foreign_keys; /* composite keys naming other line cards */
	json_t *warned;	     /* names of maps already warned about, so once per map */
};

/* True the first time @what is seen, so a broken shared map is reported once. */
static bool fa_db_first_warning(struct fa_sonic_db *db, const char *what)
{
	if (json_object_get(db->warned, what))
		return false;
	json_object_set_new(db->warned, what, json_true());
	return true;
}

/* Fields of entry @key in @table, or NULL. */
static json_t *fa_db_entry(const struct fa_sonic_db *db, const char *table, const char *key)
{
	return json_object_get(json_object_get(db->tables, table), key);
}

static const char *fa_db_field(const struct fa_sonic_db *db, const char *table, const char *key,
			       const char *field)
{
	return json_string_value(json_object_get(fa_db_entry(db, table, key), field));
}

/* Merge @fields into tables[@table][@key] (fields of the same entry from two namespaces). */
static void fa_db_put(struct fa_sonic_db *db, const char *table, const char *key, json_t *fields)
{
	json_t *t = json_object_get(db->tables, table);
	json_t *e;

	/* sonic-db-dump wraps each hash as {"type": "hash", "value": {...}, ...}. */
	if (json_is_object(json_object_get(fields, "value")) &&
	    json_is_string(json_object_get(fields, "type")))
		fields = json_object_get(fields, "value");
	if (!json_is_object(fields))
		return;
	if (!t) {
		t = json_object();
		json_object_set_new(db->tables, table, t);
	}
	e = json_object_get(t, key);
	if (json_is_object(e))
		json_object_update(e, fields);
	else
		json_object_set(t, key, fields);
}

/* Read one namespace's dump, either shape. */
static void fa_db_add(struct fa_sonic_db *db, json_t *root)
{
	const char *k;
	json_t *v;

	json_object_foreach(root, k, v)
	{
		const char *bar = strchr(k, '|');

		if (bar) {
			char *table = fa_xstrndup(k, (size_t)(bar - k));

			fa_db_put(db, table, bar + 1, v);
			free(table);
		} else if (json_is_object(v)) {
			const char *key;
			json_t *fields;

			json_object_foreach(v, key, fields) fa_db_put(db, k, key, fields);
		}
	}
}

static bool fa_is_namespace(const char *k)
{
	if (strcmp(k, "localhost") == 0)
		return true;
	if (strncmp(k, "asic", 4) != 0 || !k[4])
		return false;
	for (k += 4; *k; k++)
		if (*k < '0' || *k > '9')
			return false;
	return true;
}

static void fa_db_load(struct fa_sonic_db *db, json_t *root)
{
	const char *k;
	json_t *v;
	bool namespaced = json_object_size(root) > 0;

	db->tables = json_object();
	json_object_foreach(root, k, v) if (!fa_is_namespace(k) || !json_is_object(v)) namespaced =
	    false;
	if (namespaced) {
		json_object_foreach(root, k, v) fa_db_add(db, v);
	} else {
		fa_db_add(db, root);
	}
	db->complete =
	    json_object_get(db->tables, "DEVICE_METADATA") && json_object_get(db->tables, "PORT");
}

/* "[TABLE|name]" or "name" -> name (new string). */
static char *fa_db_ref(const char *ref)
{
	size_t n = strlen(ref);
	const char *bar;

	if (n >= 2 && ref[0] == '[' && ref[n - 1] == ']') {
		bar = memchr(ref, '|', n);
		if (bar)
			return fa_xstrndup(bar + 1, (size_t)(ref + n - 1 - (bar + 1)));
		return fa_xstrndup(ref + 1, n - 2);
	}
	return fa_xstrdup(ref);
}

/* The map named by field @field of @qmap, looked up in @table; NULL when unbound. */
static json_t *fa_db_bound_map(const struct fa_sonic_db *db, const json_t *qmap, const char *field,
			       const char *table)
{
	const char *ref = json_string_value(json_object_get(qmap, field));
	json_t *map;
	char *name;

	if (!ref)
		return NULL;
	name = fa_db_ref(ref);
	map = fa_db_entry(db, table, name);
	free(name);
	return map;
}

/* A small non-negative integer from a config_db string; -1 when not one. */
static int fa_small_int(const char *s, int max)
{
	int64_t v;

	if (!s || !fa_parse_int(s, &v) || v < 0 || v > max)
		return -1;
	return (int)v;
}

/* "3,4" or "" -> sorted array of priorities; NULL (and a warning) when malformed. */
static json_t *fa_priority_list(json_t *device, const char *port, const char *s)
{
	bool seen[8] = {false};
	json_t *arr;
	int i;

	while (*s) {
		char *end;
		long v = strtol(s, &end, 10);

		if (end == s || v < 0 || v > 7 || (*end && *end != ',')) {
			fa_device_warn(device,
				       FA_SONIC_CMD ": %s: pfc_enable '%s' is not a list "
						    "of priorities",
				       port, s);
			return NULL;
		}
		seen[v] = true;
		s = *end ? end + 1 : end;
	}
	arr = json_array();
	for (i = 0; i < 8; i++)
		if (seen[i])
			json_array_append_new(arr, json_integer(i));
	return arr;
}

/* Does the comma-separated list @list name @port? */
static bool fa_list_has(const char *list, size_t len, const char *port)
{
	size_t pl = strlen(port);
	const char *p = list, *end = list + len;

	while (p < end) {
		const char *c = memchr(p, ',', (size_t)(end - p));
		size_t n = c ? (size_t)(c - p) : (size_t)(end - p);

		if (n == pl && strncmp(p, port, n) == 0)
			return true;
		p += n + 1;
	}
	return false;
}

/* PORT_QOS_MAP fields for @port: its own key, or an old-style "A,B,C" key naming it. */
static json_t *fa_port_qos_map(const struct fa_sonic_db *db, const char *port)
{
	json_t *t = json_object_get(db->tables, "PORT_QOS_MAP");
	const char *k;
	json_t *v;

	if (json_object_get(t, port))
		return json_object_get(t, port);
	json_object_foreach(t, k,
			    v) if (strchr(k, ',') && fa_list_has(k, strlen(k), port)) return v;
	return NULL;
}

/* Per-queue facts of one port, gathered from QUEUE. */
struct fa_queues {
	bool any;		     /* the port has QUEUE entries */
	const char *wred[FA_NQUEUE]; /* borrowed profile references */
	const char *sched[FA_NQUEUE];
};

/* Parse "Ethernet0,Ethernet4|3-4" against @port; true and the queue range when it applies. */
static bool fa_queue_key(const char *key, const char *port, int *lo, int *hi, bool *foreign)
{
	const char *bar = strchr(key, '|');
	char *end;
	long a, b;

	*foreign = false;
	if (!bar)
		return false;
	if (strchr(bar + 1, '|')) {
		*foreign = true;
		return false;
	}
	if (!fa_list_has(key, (size_t)(bar - key), port))
		return false;
	a = strtol(bar + 1, &end, 10);
	if (end == bar + 1)
		return false;
	b = a;
	if (*end == '-') {
		const char *s = end + 1;

		b = strtol(s, &end, 10);
		if (end == s)
			return false;
	}
	if (*end || a < 0 || b < a || b >= FA_NQUEUE)
		return false;
	*lo = (int)a;
	*hi = (int)b;
	return true;
}

static void fa_gather_queues(struct fa_sonic_db *db, const char *port, struct fa_queues *q)
{
	json_t *t = json_object_get(db->tables, "QUEUE");
	const char *k;
	json_t *v;

	memset(q, 0, sizeof(*q));
	json_object_foreach(t, k, v)
	{
		bool foreign;
		int lo, hi, i;

		if (!fa_queue_key(k, port, &lo, &hi, &foreign))
			continue;
		q->any = true;
		for (i = lo; i <= hi; i++) {
			const char *w = json_string_value(json_object_get(v, "wred_profile"));
			const char *s = json_string_value(json_object_get(v, "scheduler"));

			if (w)
				q->wred[i] = w;
			if (s)
				q->sched[i] = s;
		}
	}
}

/*
 * The queue of each traffic class: the port's TC_TO_QUEUE_MAP, else the same number.
 * False (and a warning) when the map is bound but does not cover TCs 0-7.
 */
static bool fa_tc_queues(struct fa_sonic_db *db, json_t *device, const char *port,
			 const json_t *qmap, int tcq[8])
{
	json_t *map = fa_db_bound_map(db, qmap, "tc_to_queue_map", "TC_TO_QUEUE_MAP");
	int tc;

	for (tc = 0; tc < 8; tc++) {
		char key[4];

		if (!map) {
			tcq[tc] = tc;
			continue;
		}
		snprintf(key, sizeof(key), "%d", tc);
		tcq[tc] = fa_small_int(json_string_value(json_object_get(map, key)), FA_NQUEUE - 1);
		if (tcq[tc] < 0) {
			fa_device_warn(device,
				       FA_SONIC_CMD ": %s: TC_TO_QUEUE_MAP has no queue "
						    "for traffic class %d",
				       port, tc);
			return false;
		}
	}
	return true;
}

/* WRED threshold field @f of @prof in bytes; -1 when absent or not a number. */
static int64_t fa_wred_num(const json_t *prof, const char *f)
{
	const char *s = json_string_value(json_object_get(prof, f));
	int64_t v;

	if (!s || !fa_parse_int(s, &v) || v < 0)
		return -1;
	return v;
}

/* qos.ecn from the WRED profiles of the port's queues. */
static void fa_port_ecn(struct fa_sonic_db *db, json_t *device, json_t *p, const char *port,
			const struct fa_queues *q, const int tcq[8])
{
	json_t *tcs = json_array();
	int64_t min = -1, max = -1, prob = -1;
	bool agree = true, first = true;
	int tc;

	for (tc = 0; tc < 8; tc++) {
		const char *ref = q->wred[tcq[tc]];
		const char *ecn;
		json_t *prof;
		char *name;
		int64_t a, b, c;

		if (!ref)
			continue;
		name = fa_db_ref(ref);
		prof = fa_db_entry(db, "WRED_PROFILE", name);
		if (!prof) {
			fa_device_warn(device,
				       FA_SONIC_CMD ": %s: queue %d names WRED profile '%s' "
						    "which is not defined",
				       port, tcq[tc], name);
			free(name);
			continue;
		}
		free(name);
		ecn = json_string_value(json_object_get(prof, "ecn"));
		if (!ecn || strcmp(ecn, "ecn_none") == 0)
			continue;
		json_array_append_new(tcs, json_integer(tc));
		a = fa_wred_num(prof, "green_min_threshold");
		b = fa_wred_num(prof, "green_max_threshold");
		c = fa_wred_num(prof, "green_drop_probability");
		if (first) {
			min = a;
			max = b;
			prob = c;
			first = false;
		} else if (a != min || b != max || c != prob) {
			agree = false;
		}
	}
	fa_set(p, "qos.ecn.enabled_tcs", tcs);
	if (!agree) {
		fa_device_warn(device,
			       FA_SONIC_CMD ": %s: ECN queues use different thresholds; "
					    "thresholds left out",
			       port);
		return;
	}
	if (min >= 0)
		fa_set_int(p, "qos.ecn.min_threshold", min);
	if (max >= 0)
		fa_set_int(p, "qos.ecn.max_threshold", max);
	if (prob >= 0 && prob <= 100)
		fa_set_int(p, "qos.ecn.probability", prob);
}

/* qos.ets.tsa from the scheduler of each traffic class's queue, when all 8 are known. */
static void fa_port_ets(struct fa_sonic_db *db, json_t *device, json_t *p, const char *port,
			const struct fa_queues *q, const int tcq[8])
{
	const char *tsa[8];
	json_t *arr;
	int tc;

	for (tc = 0; tc < 8; tc++) {
		const char *ref = q->sched[tcq[tc]], *type;
		char *name;

		if (!ref)
			return;
		name = fa_db_ref(ref);
		type = fa_db_field(db, "SCHEDULER", name, "type");
		free(name);
		if (type && strcmp(type, "STRICT") == 0) {
			tsa[tc] = "strict";
		} else if (type && (strcmp(type, "DWRR") == 0 || strcmp(type, "WRR") == 0)) {
			tsa[tc] = "ets";
		} else {
			fa_device_warn(device,
				       FA_SONIC_CMD ": %s: scheduler '%s' of queue %d has "
						    "type '%s', not STRICT, WRR or DWRR",
				       port, ref, tcq[tc], type ? type : "(none or undefined)");
			return;
		}
	}
	arr = json_array();
	for (tc = 0; tc < 8; tc++)
		json_array_append_new(arr, json_string(tsa[tc]));
	fa_set(p, "qos.ets.tsa", arr);
}

/* qos.dscp_to_priority from the bound DSCP_TO_TC_MAP, when it covers all 64 code points. */
static void fa_port_dscp(struct fa_sonic_db *db, json_t *device, json_t *p, const char *port,
			 const json_t *qmap)
{
	const char *ref = json_string_value(json_object_get(qmap, "dscp_to_tc_map"));
	json_t *map = fa_db_bound_map(db, qmap, "dscp_to_tc_map", "DSCP_TO_TC_MAP");
	json_t *arr, *prio;
	int d, i;

	if (!ref)
		return;
	if (!map) {
		fa_device_warn(device, FA_SONIC_CMD ": %s: dscp_to_tc_map '%s' is not defined",
			       port, ref);
		return;
	}
	arr = json_array();
	for (d = 0; d < 64; d++) {
		char key[4];
		const char *s;
		int tc;

		snprintf(key, sizeof(key), "%d", d);
		s = json_string_value(json_object_get(map, key));
		tc = fa_small_int(s, 7);
		if (tc < 0) {
			if (fa_db_first_warning(db, ref))
				fa_device_warn(device,
					       FA_SONIC_CMD
					       ": DSCP_TO_TC_MAP '%s' (bound "
					       "to %s and maybe others) maps DSCP %d to '%s', not "
					       "a traffic class 0-7; map left out",
					       ref, port, d, s ? s : "(nothing)");
			json_decref(arr);
			return;
		}
		json_array_append_new(arr, json_integer(tc));
	}
	fa_set(p, "qos.dscp_to_priority", arr);
	prio = json_array();
	for (i = 0; i < 8; i++)
		json_array_append_new(prio, json_integer(i));
	fa_set(p, "qos.priority_to_tc", prio);
}

/*
 * qos.pfc_rx and qos.pfc_tx from PORT pfc_asym, as orchagent programs them (sonic-swss
 * orchagent/portsorch.cpp, PortsOrch::setPortPfcAsym and setPortPfc): "off" (combined mode,
 * also the port's default when the field is absent) applies the pfc_enable priorities to both
 * directions; "on" (separate mode) sends pause frames for the pfc_enable priorities and obeys
 * received ones on all eight (SAI_PORT_ATTR_PRIORITY_FLOW_CONTROL_RX = 0xff).
 */
static void fa_port_pfc_dirs(struct fa_sonic_db *db, json_t *device, json_t *p, const char *port)
{
	const char *asym = fa_db_field(db, "PORT", port, "pfc_asym");
	json_t *tx = fa_obj_get_path(p, "qos.pfc_enabled"), *rx;
	int i;

	/* absent means combined only where the dump shows the port's PORT entry */
	if (!json_is_array(tx) || (!asym && !fa_db_entry(db, "PORT", port)))
		return;
	if (!asym || strcmp(asym, "off") == 0) {
		rx = json_deep_copy(tx);
	} else if (strcmp(asym, "on") == 0) {
		rx = json_array();
		for (i = 0; i < 8; i++)
			json_array_append_new(rx, json_integer(i));
	} else {
		fa_device_warn(device, FA_SONIC_CMD ": %s: pfc_asym '%s' is neither on nor off",
			       port, asym);
		return;
	}
	fa_set(p, "qos.pfc_rx", rx);
	fa_set(p, "qos.pfc_tx", json_deep_copy(tx));
}

static void fa_port_qos(struct fa_sonic_db *db, json_t *device, json_t *p, const char *port)
{
	json_t *qmap = fa_port_qos_map(db, port);
	const char *pfc = json_string_value(json_object_get(qmap, "pfc_enable"));
	bool dscp = json_object_get(qmap, "dscp_to_tc_map") != NULL;
	bool pcp = json_object_get(qmap, "dot1p_to_tc_map") != NULL;
	struct fa_queues q;
	int tcq[8];

	if (pfc) {
		json_t *list = fa_priority_list(device, port, pfc);

		if (list)
			fa_set(p, "qos.pfc_enabled", list);
	} else if (qmap || db->complete) {
		fa_set(p, "qos.pfc_enabled", json_array());
	}
	fa_port_pfc_dirs(db, device, p, port);
	if (dscp || pcp)
		fa_set_str(p, "qos.trust", dscp && pcp ? "both" : dscp ? "dscp" : "pcp");
	fa_port_dscp(db, device, p, port, qmap);

	if (fa_db_entry(db, "PFC_WD", port))
		fa_set_bool(p, "qos.pfc_watchdog", true);
	else if (db->complete)
		fa_set_bool(p, "qos.pfc_watchdog", false);

	fa_gather_queues(db, port, &q);
	if (!q.any) {
		if (db->complete)
			fa_set(p, "qos.ecn.enabled_tcs", json_array());
		return;
	}
	if (!fa_tc_queues(db, device, port, qmap, tcq))
		return;
	fa_port_ecn(db, device, p, port, &q, tcq);
	fa_port_ets(db, device, p, port, &q, tcq);
}

/* QoS of the ports a PORT_QOS_MAP key names that PORT does not list. */
static void fa_qos_only_ports(struct fa_sonic_db *db, json_t *device, const char *key)
{
	const char *p = key;

	if (strcmp(key, "global") == 0)
		return;
	while (*p) {
		const char *c = strchr(p, ',');
		size_t n = c ? (size_t)(c - p) : strlen(p);
		char *port = fa_xstrndup(p, n);

		if (*port && !fa_db_entry(db, "PORT", port))
			fa_port_qos(db, device, fa_device_port(device, port), port);
		free(port);
		p += n + (c ? 1 : 0);
	}
}

/* admin_status, mtu, speed (Mb/s), fec, autoneg and description of a PORT or PORTCHANNEL. */
static void fa_port_config(json_t *device, json_t *p, const char *port, const json_t *f)
{
	const char *admin = json_string_value(json_object_get(f, "admin_status"));
	const char *mtu = json_string_value(json_object_get(f, "mtu"));
	const char *speed = json_string_value(json_object_get(f, "speed"));
	const char *fec = json_string_value(json_object_get(f, "fec"));
	const char *an = json_string_value(json_object_get(f, "autoneg"));
	const char *descr = json_string_value(json_object_get(f, "description"));
	int64_t v;

	if (admin) {
		if (strcmp(admin, "up") == 0 || strcmp(admin, "down") == 0)
			fa_set_str(p, "admin_state", admin);
		else
			fa_device_warn(device,
				       FA_SONIC_CMD ": %s: admin_status '%s' is not up or "
						    "down",
				       port, admin);
	}
	if (mtu) {
		if (fa_parse_int(mtu, &v) && v > 0)
			fa_set_int(p, "mtu", v);
		else
			fa_device_warn(device, FA_SONIC_CMD ": %s: mtu '%s' is not a number", port,
				       mtu);
	}
	/* Configured speed; "show interfaces status" replaces it with the operational one. */
	if (speed && !json_object_get(p, "speed")) {
		if (fa_parse_speed(speed, 1000000, &v) && v > 0)
			fa_set_int(p, "speed", v);
		else
			fa_device_warn(device, FA_SONIC_CMD ": %s: speed '%s' is not a speed", port,
				       speed);
	}
	if (fec) {
		if (strcmp(fec, "rs") == 0 || strcmp(fec, "auto") == 0)
			fa_set_str(p, "fec", fec);
		else if (strcmp(fec, "fc") == 0)
			fa_set_str(p, "fec", "baser");
		else if (strcmp(fec, "none") == 0)
			fa_set_str(p, "fec", "off");
		else
			fa_device_warn(device, FA_SONIC_CMD ": %s: unknown fec '%s'", port, fec);
	}
	if (an) {
		if (!strcmp(an, "on") || !strcmp(an, "true") || !strcmp(an, "1"))
			fa_set_bool(p, "autoneg", true);
		else if (!strcmp(an, "off") || !strcmp(an, "false") || !strcmp(an, "0"))
			fa_set_bool(p, "autoneg", false);
		else
			fa_device_warn(device, FA_SONIC_CMD ": %s: unknown autoneg '%s'", port, an);
	}
	if (descr && *descr)
		fa_set_str(p, "description", descr);
}

static void fa_device_metadata(const struct fa_sonic_db *db, json_t *device)
{
	const char *host = fa_db_field(db, "DEVICE_METADATA", "localhost", "hostname");
	const char *sku = fa_db_field(db, "DEVICE_METADATA", "localhost", "hwsku");

	if (host && *host)
		fa_set_str(device, "hostname", host);
	/* "show version" names the model more precisely when it prints one. */
	if (sku && *sku && !json_object_get(device, "model"))
		fa_set_str(device, "model", sku);
	fa_set_str(device, "os.name", "SONiC");
}

int fa_parse_sonic_config(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	struct fa_sonic_db db = {NULL, false, 0, NULL};
	json_error_t jerr;
	json_t *root, *t;
	const char *k;
	json_t *v;

	root = fa_json_loadb(cap->data, cap->len, JSON_REJECT_DUPLICATES, &jerr);
	if (!root)
		return fa_err_set(err, FA_EPARSE, FA_SONIC_CMD ": not JSON (line %d: %s)",
				  jerr.line, jerr.text);
	if (!json_is_object(root)) {
		json_decref(root);
		return fa_err_set(err, FA_EPARSE, FA_SONIC_CMD ": not a config_db object");
	}
	db.warned = json_object();
	fa_db_load(&db, root);
	json_decref(root);
	if (json_object_size(db.tables) == 0) {
		json_decref(db.tables);
		json_decref(db.warned);
		return fa_err_set(err, FA_EPARSE, FA_SONIC_CMD ": no config_db tables");
	}

	fa_device_metadata(&db, device);
	t = json_object_get(db.tables, "PORT");
	json_object_foreach(t, k, v)
	{
		json_t *p = fa_device_port(device, k);

		fa_set_str(p, "type", "ethernet");
		fa_port_config(device, p, k, v);
		fa_port_qos(&db, device, p, k);
	}
	/* A QoS fragment (no PORT table) still names its ports in PORT_QOS_MAP. */
	t = json_object_get(db.tables, "PORT_QOS_MAP");
	json_object_foreach(t, k, v) fa_qos_only_ports(&db, device, k);
	t = json_object_get(db.tables, "PORTCHANNEL");
	json_object_foreach(t, k, v)
	{
		json_t *p = fa_device_port(device, k);

		fa_set_str(p, "type", "bond");
		fa_port_config(device, p, k, v);
	}
	t = json_object_get(db.tables, "QUEUE");
	json_object_foreach(t, k, v)
	{
		const char *bar = strchr(k, '|');

		if (bar && strchr(bar + 1, '|'))
			db.foreign_keys++;
	}
	if (db.foreign_keys)
		fa_device_warn(device,
			       FA_SONIC_CMD ": %zu QUEUE entries of other line cards "
					    "skipped",
			       db.foreign_keys);
	json_decref(db.tables);
	json_decref(db.warned);
	return 0;
}
