/* SPDX-License-Identifier: MIT */
/*
 * "nv config show -o json" (or "nv config show", its YAML form): the applied NVUE configuration,
 * the tree /etc/nvue.d/startup.yaml holds.  It is a list of blocks, [{"header": {"model": ..., "version": ...}}, {"set": TREE}],
 * and the reader also takes a bare TREE or {"set": TREE}.  Several "set" blocks are merged in
 * order.
 *
 * What the configuration adds to the operational outputs parsed before it:
 *   - ports the other outputs did not list, with their type, description and MTU, and the
 *     hostname, model and release when nothing operational gave them (never overwriting);
 *   - the effective QoS of each port.  "nv show qos roce" (parsed before) wrote the RoCE
 *     state on every swp port.  Here, for each QoS feature:
 *       * a port with a per-interface profile ("interface swp5 qos pfc profile my-pfc") gets
 *         that profile's values instead: a profile replaces the global settings of its ports;
 *       * every other swp port gets the changes made to the "default-global" profile merged
 *         over what it has ("qos mapping default-global dscp 46 switch-priority 4").
 *     Features: pfc (priorities, rx/tx directions, cable length), congestion-control (ECN
 *     per traffic class), mapping (trust, DSCP map), egress-queue-mapping (priority to TC,
 *     default-global only), egress-scheduler (ETS); plus "interface X qos pfc-watchdog".  A
 *     profile set on a bond applies to its members.
 *
 * Only values the configuration states are written (the PFC directions of a profile aside,
 * whose documented default is on: fa_pfc).  A value a profile leaves to NVUE's
 * defaults is unknown, so it is removed from the port rather than kept from the global state.
 */
#include "config.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "audit/model.h"
#include "audit/util/yamljson.h"
#include "drivers/cumulus/parse-cumulus-int.h"
#include "drivers/cumulus/parse-cumulus.h"
#include "audit/util/banned.h"

#define FA_CMD_CONFIG "nv config show -o json"
#define FA_CMD_CONFIG_YAML "nv config show"
#define FA_CUMULUS_PRODUCT "Cumulus Linux"

/* The per-interface profile features, as named under "qos" in the tree. */
static const char *const fa_features[] = { "pfc", "congestion-control", "mapping",
					   "egress-scheduler" };
#define FA_NFEATURES (sizeof(fa_features) / sizeof(fa_features[0]))

struct fa_cfg {
	json_t *device;
	const char *cmd;
	json_t *tree;	/* merged "set" tree (owned) */
	json_t *qos;	/* borrowed from tree, or NULL */
	json_t *over;	/* port name -> {feature: profile name, "pfc-watchdog": value} (owned) */
};

/* ECN settings of one traffic class while they are merged. */
struct fa_tc {
	bool present, enabled, has_min, has_max, has_prob;
	int64_t min, max, prob;
};

static void fa_merge(json_t *dst, json_t *src)
{
	const char *key;
	json_t *v, *d;

	json_object_foreach(src, key, v) {
		d = json_object_get(dst, key);
		if (json_is_object(v) && json_is_object(d))
			fa_merge(d, v);
		else
			json_object_set(dst, key, v);
	}
}

/* Remove the value at dotted @path of @obj, if any. */
static void fa_unset(json_t *obj, const char *path)
{
	const char *last = strrchr(path, '.');
	char parent[128];
	json_t *p = obj;

	if (last) {
		if ((size_t)(last - path) >= sizeof(parent))
			return;
		memcpy(parent, path, (size_t)(last - path));
		parent[last - path] = '\0';
		p = fa_obj_get_path(obj, parent);
	}
	if (json_is_object(p))
		json_object_del(p, last ? last + 1 : path);
}

/* A key of an NVUE collection, which may list several members ("4,5,7", "1-3"). */
static bool fa_key_set(const char *key, unsigned limit, uint64_t *mask)
{
	json_t *k = json_string(key);
	bool ok = k && fa_cumulus_set(k, limit, mask);

	json_decref(k);
	return ok;
}

/* The profile @name of @feature ("qos pfc my-pfc"), or NULL with a warning. */
static json_t *fa_profile(struct fa_cfg *c, const char *feature, const char *name,
			  const char *port)
{
	json_t *p = json_object_get(json_object_get(c->qos, feature), name);

	if (json_is_object(p))
		return p;
	if (port)
		fa_device_warn(c->device, "%s: %s: qos %s profile \"%s\" is not defined", c->cmd,
			       port, feature, name);
	return NULL;
}

/* ---- PFC ------------------------------------------------------------------------------- */

/* A profile's "rx" or "tx": 1 enable, 0 disable, -1 not stated. */
static int fa_pfc_dir(const json_t *prof, const char *key)
{
	const char *s = json_string_value(json_object_get(prof, key));

	if (!s)
		return -1;
	return strncmp(s, "disable", 7) != 0 && strcmp(s, "off") != 0;
}

/*
 * What "nv show qos roce" said of direction @path on @port: 1 on, 0 off, -1 unknown (not
 * printed, or no priority to tell on from off).
 */
static int fa_pfc_dir_before(const json_t *port, const char *path)
{
	json_t *dir = fa_obj_get_path(port, path), *en = fa_obj_get_path(port, "qos.pfc_enabled");

	if (!json_is_array(dir) || !json_is_array(en) || !json_array_size(en))
		return -1;
	return json_array_size(dir) ? 1 : 0;
}

static bool fa_pfc_mask_of(const json_t *port, uint64_t *mask)
{
	json_t *en = fa_obj_get_path(port, "qos.pfc_enabled"), *v;
	size_t i;

	if (!json_is_array(en))
		return false;
	*mask = 0;
	json_array_foreach(en, i, v)
		if (json_is_integer(v) && json_integer_value(v) >= 0 && json_integer_value(v) < 8)
			*mask |= UINT64_C(1) << json_integer_value(v);
	return true;
}

static void fa_pfc_put_dir(json_t *port, const char *path, int state, uint64_t mask)
{
	if (state < 0)
		fa_unset(port, path);
	else
		fa_cumulus_put_mask(port, path, state ? mask : 0);
}

/*
 * PFC priorities and directions.  A profile a port uses instead of the global one enables
 * both directions unless it says otherwise: the Cumulus Linux user guide (QoS, "Port Groups",
 * PFC) states that for a PFC profile "Cumulus Linux automatically enables PFC frame transmit
 * and PFC frame receive".  A change to default-global that does not state a direction keeps
 * what the switch reported.
 */
static void fa_pfc(struct fa_cfg *c, json_t *port, const json_t *prof, bool replace)
{
	const char *name = json_string_value(json_object_get(port, "name"));
	json_t *v = json_object_get(prof, "switch-priority");
	int rx = fa_pfc_dir(prof, "rx"), tx = fa_pfc_dir(prof, "tx");
	uint64_t mask;
	int64_t n;

	if (replace) {
		rx = rx < 0 ? 1 : rx;
		tx = tx < 0 ? 1 : tx;
	} else {
		rx = rx < 0 ? fa_pfc_dir_before(port, "qos.pfc_rx") : rx;
		tx = tx < 0 ? fa_pfc_dir_before(port, "qos.pfc_tx") : tx;
	}
	if (v && fa_cumulus_set(v, 8, &mask)) {
		fa_cumulus_put_mask(port, "qos.pfc_enabled", rx == 0 && tx == 0 ? 0 : mask);
		fa_pfc_put_dir(port, "qos.pfc_rx", rx, mask);
		fa_pfc_put_dir(port, "qos.pfc_tx", tx, mask);
	} else {
		if (v)
			fa_device_warn(c->device, "%s: %s: PFC switch-priority not understood",
				       c->cmd, name);
		if (replace) {
			fa_unset(port, "qos.pfc_enabled");
			fa_unset(port, "qos.pfc_rx");
			fa_unset(port, "qos.pfc_tx");
		} else if (fa_pfc_dir(prof, "rx") >= 0 || fa_pfc_dir(prof, "tx") >= 0) {
			/* a direction changed on the priorities the switch reported */
			bool known = fa_pfc_mask_of(port, &mask) && mask;

			fa_pfc_put_dir(port, "qos.pfc_rx", known ? rx : -1, mask);
			fa_pfc_put_dir(port, "qos.pfc_tx", known ? tx : -1, mask);
		}
	}
	v = json_object_get(prof, "cable-length");
	if (v && fa_cumulus_int(v, &n) && n >= 0)
		fa_set_int(port, "qos.cable_length", n);
	else if (replace)
		fa_unset(port, "qos.cable_length");
}

/* ---- ECN ------------------------------------------------------------------------------- */

static void fa_ecn_from_port(const json_t *port, struct fa_tc tcs[8])
{
	json_t *ecn = fa_obj_get_path(port, "qos.ecn");
	uint64_t mask = 0;
	int64_t min, max, prob;
	bool has_min, has_max, has_prob;
	int i;

	memset(tcs, 0, 8 * sizeof(*tcs));
	if (!fa_cumulus_set(json_object_get(ecn, "enabled_tcs"), 8, &mask))
		return;
	has_min = fa_cumulus_int(json_object_get(ecn, "min_threshold"), &min);
	has_max = fa_cumulus_int(json_object_get(ecn, "max_threshold"), &max);
	has_prob = fa_cumulus_int(json_object_get(ecn, "probability"), &prob);
	for (i = 0; i < 8; i++) {
		if (!(mask & (1u << i)))
			continue;
		tcs[i].present = tcs[i].enabled = true;
		tcs[i].has_min = has_min;
		tcs[i].has_max = has_max;
		tcs[i].has_prob = has_prob;
		tcs[i].min = min;
		tcs[i].max = max;
		tcs[i].prob = prob;
	}
}

static void fa_ecn_profile(struct fa_cfg *c, const char *pname, const json_t *prof,
			   struct fa_tc tcs[8])
{
	json_t *tclist = json_object_get(prof, "traffic-class"), *e, *v;
	const char *key, *s;
	int64_t n;
	int i;

	if (!json_is_object(tclist))
		return;
	json_object_foreach(tclist, key, e) {
		uint64_t mask;

		if (!fa_key_set(key, 8, &mask) || !json_is_object(e)) {
			fa_device_warn(c->device, "%s: %s: congestion-control traffic-class \"%s\" "
				       "not understood", c->cmd, pname, key);
			continue;
		}
		for (i = 0; i < 8; i++) {
			struct fa_tc *t = &tcs[i];

			if (!(mask & (1u << i)))
				continue;
			if (!t->present)
				t->enabled = true;	/* a listed class marks unless "ecn disable" */
			t->present = true;
			s = json_string_value(json_object_get(e, "ecn"));
			if (s)
				t->enabled = strcmp(s, "disable") != 0;
			v = json_object_get(e, "min-threshold");
			if (!v)
				v = json_object_get(e, "min-threshold-bytes");
			if (v && fa_cumulus_size(v, &n)) {
				t->has_min = true;
				t->min = n;
			}
			v = json_object_get(e, "max-threshold");
			if (!v)
				v = json_object_get(e, "max-threshold-bytes");
			if (v && fa_cumulus_size(v, &n)) {
				t->has_max = true;
				t->max = n;
			}
			v = json_object_get(e, "probability");
			if (v && fa_cumulus_int(v, &n)) {
				t->has_prob = true;
				t->prob = n;
			}
		}
	}
}

enum fa_tc_field { FA_TC_MIN, FA_TC_MAX, FA_TC_PROB };

static bool fa_tc_get(const struct fa_tc *t, enum fa_tc_field f, int64_t *v)
{
	switch (f) {
	case FA_TC_MIN:
		*v = t->min;
		return t->has_min;
	case FA_TC_MAX:
		*v = t->max;
		return t->has_max;
	default:
		*v = t->prob;
		return t->has_prob;
	}
}

/* Write one per-port value shared by the enabled classes, or nothing when they disagree. */
static void fa_ecn_common(struct fa_cfg *c, json_t *port, const struct fa_tc tcs[8],
			  enum fa_tc_field f, const char *path)
{
	const char *name = json_string_value(json_object_get(port, "name"));
	bool any = false, same = true, all = true;
	int64_t val = 0, v;
	int i;

	for (i = 0; i < 8; i++) {
		if (!tcs[i].enabled)
			continue;
		if (!fa_tc_get(&tcs[i], f, &v)) {
			all = false;
			continue;
		}
		if (any && v != val)
			same = false;
		any = true;
		val = v;
	}
	if (any && all && same) {
		fa_set_int(port, path, val);
		return;
	}
	fa_unset(port, path);
	if (any && !same)
		fa_device_warn(c->device, "%s: %s: ECN traffic classes differ in %s; not recorded",
			       c->cmd, name, path);
}

static void fa_ecn_to_port(struct fa_cfg *c, json_t *port, const struct fa_tc tcs[8])
{
	uint64_t mask = 0;
	int i;

	for (i = 0; i < 8; i++)
		if (tcs[i].enabled)
			mask |= UINT64_C(1) << i;
	fa_cumulus_put_mask(port, "qos.ecn.enabled_tcs", mask);
	fa_ecn_common(c, port, tcs, FA_TC_MIN, "qos.ecn.min_threshold");
	fa_ecn_common(c, port, tcs, FA_TC_MAX, "qos.ecn.max_threshold");
	fa_ecn_common(c, port, tcs, FA_TC_PROB, "qos.ecn.probability");
}

static void fa_ecn(struct fa_cfg *c, json_t *port, const char *pname, const json_t *prof,
		   bool replace)
{
	struct fa_tc tcs[8];

	if (replace)
		memset(tcs, 0, sizeof(tcs));
	else
		fa_ecn_from_port(port, tcs);
	fa_ecn_profile(c, pname, prof, tcs);
	fa_ecn_to_port(c, port, tcs);
}

/* ---- mapping (trust, DSCP), egress queue mapping, egress scheduler ----------------------- */

static const char *fa_trust(const char *s)
{
	if (strcmp(s, "l3") == 0)
		return "dscp";
	if (strcmp(s, "l2") == 0)
		return "pcp";
	if (strcmp(s, "both") == 0)
		return "both";
	if (strcmp(s, "port") == 0)
		return "port";
	return NULL;
}

/*
 * Read "@table": {"<list>": {"@field": value}} into @vals (entries @n, values below @vmax),
 * starting from the port's array at @path when @merge and it is complete.  Writes the array
 * when every entry is known, else removes it.
 */
static void fa_table(struct fa_cfg *c, json_t *port, const char *pname, const json_t *prof,
		     const char *table, const char *field, int n, int vmax, const char *path,
		     bool merge)
{
	json_t *t = json_object_get(prof, table), *e, *cur, *a;
	int vals[64], i, known = 0;
	const char *key;
	int64_t v;

	for (i = 0; i < n; i++)
		vals[i] = -1;
	cur = fa_obj_get_path(port, path);
	if (merge && json_array_size(cur) == (size_t)n)
		for (i = 0; i < n; i++)
			if (fa_cumulus_int(json_array_get(cur, (size_t)i), &v))
				vals[i] = (int)v;
	if (!t && merge)
		return;
	json_object_foreach(t, key, e) {
		uint64_t mask;

		if (!fa_key_set(key, (unsigned)n, &mask) ||
		    !fa_cumulus_int(json_object_get(e, field), &v) || v < 0 || v >= vmax) {
			fa_device_warn(c->device, "%s: %s: %s \"%s\" not understood", c->cmd, pname,
				       table, key);
			continue;
		}
		for (i = 0; i < n; i++)
			if (mask & (UINT64_C(1) << i))
				vals[i] = (int)v;
	}
	for (i = 0; i < n; i++)
		known += vals[i] >= 0;
	if (known < n) {
		fa_unset(port, path);
		return;
	}
	a = json_array();
	for (i = 0; i < n; i++)
		json_array_append_new(a, json_integer(vals[i]));
	fa_set(port, path, a);
}

static void fa_mapping(struct fa_cfg *c, json_t *port, const char *pname, const json_t *prof,
		       bool replace)
{
	const char *s = json_string_value(json_object_get(prof, "trust"));

	if (s && fa_trust(s))
		fa_set_str(port, "qos.trust", fa_trust(s));
	else if (s)
		fa_device_warn(c->device, "%s: %s: trust \"%s\" not understood", c->cmd, pname, s);
	else if (replace)
		fa_unset(port, "qos.trust");
	fa_table(c, port, pname, prof, "dscp", "switch-priority", 64, 8, "qos.dscp_to_priority",
		 !replace);
}

static void fa_scheduler(struct fa_cfg *c, json_t *port, const char *pname, const json_t *prof,
			 bool replace)
{
	json_t *t = json_object_get(prof, "traffic-class"), *e, *tsa, *bw;
	const char *tsav[8], *key, *mode;
	int bwv[8], i, known = 0;
	int64_t v;

	for (i = 0; i < 8; i++)
		tsav[i] = NULL;
	tsa = fa_obj_get_path(port, "qos.ets.tsa");
	bw = fa_obj_get_path(port, "qos.ets.bandwidth");
	if (!replace && json_array_size(tsa) == 8 && json_array_size(bw) == 8)
		for (i = 0; i < 8; i++)
			if (json_string_value(json_array_get(tsa, (size_t)i)) &&
			    fa_cumulus_int(json_array_get(bw, (size_t)i), &v)) {
				tsav[i] = json_string_value(json_array_get(tsa, (size_t)i));
				bwv[i] = (int)v;
			}
	if (!t && !replace)
		return;
	json_object_foreach(t, key, e) {
		uint64_t mask;
		const char *ts;
		int b = 0;

		mode = json_string_value(json_object_get(e, "mode"));
		if (!fa_key_set(key, 8, &mask) || !mode) {
			fa_device_warn(c->device, "%s: %s: egress-scheduler traffic-class \"%s\" "
				       "not understood", c->cmd, pname, key);
			continue;
		}
		if (strcmp(mode, "strict") == 0) {
			ts = "strict";
		} else if (strcmp(mode, "dwrr") == 0 &&
			   fa_cumulus_int(json_object_get(e, "bw-percent"), &v) && v >= 0 &&
			   v <= 100) {
			ts = "ets";
			b = (int)v;
		} else {
			fa_device_warn(c->device, "%s: %s: egress-scheduler mode \"%s\" without a "
				       "bandwidth", c->cmd, pname, mode);
			continue;
		}
		for (i = 0; i < 8; i++)
			if (mask & (1u << i)) {
				tsav[i] = ts;
				bwv[i] = b;
			}
	}
	for (i = 0; i < 8; i++)
		known += tsav[i] != NULL;
	if (known < 8) {
		fa_unset(port, "qos.ets");
		return;
	}
	tsa = json_array();
	bw = json_array();
	for (i = 0; i < 8; i++) {
		json_array_append_new(tsa, json_string(tsav[i]));
		json_array_append_new(bw, json_integer(bwv[i]));
	}
	fa_set(port, "qos.ets.tsa", tsa);
	fa_set(port, "qos.ets.bandwidth", bw);
}

/* ---- per port ------------------------------------------------------------------------------ */

static void fa_feature(struct fa_cfg *c, json_t *port, const char *feature, const char *pname,
		       const json_t *prof, bool replace)
{
	if (strcmp(feature, "pfc") == 0)
		fa_pfc(c, port, prof, replace);
	else if (strcmp(feature, "congestion-control") == 0)
		fa_ecn(c, port, pname, prof, replace);
	else if (strcmp(feature, "mapping") == 0)
		fa_mapping(c, port, pname, prof, replace);
	else
		fa_scheduler(c, port, pname, prof, replace);
}

static void fa_port_qos(struct fa_cfg *c, json_t *port)
{
	const char *name = json_string_value(json_object_get(port, "name"));
	json_t *ov = json_object_get(c->over, name), *prof, *wd;
	bool swp = fa_cumulus_is_swp(name);
	const char *pname, *s;
	size_t f;

	for (f = 0; f < FA_NFEATURES; f++) {
		pname = json_string_value(json_object_get(ov, fa_features[f]));
		if (pname) {
			prof = fa_profile(c, fa_features[f], pname, name);
			if (prof)
				fa_feature(c, port, fa_features[f], pname, prof, true);
		} else if (swp && (prof = fa_profile(c, fa_features[f], "default-global", NULL))) {
			fa_feature(c, port, fa_features[f], "default-global", prof, false);
		}
	}
	prof = swp ? fa_profile(c, "egress-queue-mapping", "default-global", NULL) : NULL;
	if (prof)
		fa_table(c, port, "default-global", prof, "switch-priority", "traffic-class", 8, 8,
			 "qos.priority_to_tc", true);

	wd = json_object_get(ov, "pfc-watchdog");
	if (wd) {
		s = json_string_value(json_object_get(wd, "state"));
		if (!s)
			s = json_string_value(wd);
		fa_set_bool(port, "qos.pfc_watchdog",
			    !s || !(strncmp(s, "disable", 7) == 0 || strcmp(s, "off") == 0));
	}
}

/* Record interface @name's per-interface QoS choices on each port it applies to. */
static void fa_collect_over(struct fa_cfg *c, const char *name, const json_t *ifc)
{
	json_t *qos = json_object_get(ifc, "qos"), *members, *targets, *t, *o, *v;
	const char *key, *pname;
	size_t f, i;

	if (!json_is_object(qos))
		return;
	targets = json_array();
	members = fa_obj_get_path(ifc, "bond.member");
	if (json_is_object(members) && json_object_size(members)) {
		json_object_foreach(members, key, v) {
			json_t *names = fa_cumulus_ifnames(key);

			json_array_extend(targets, names);
			json_decref(names);
		}
	} else {
		json_array_append_new(targets, json_string(name));
	}
	json_array_foreach(targets, i, t) {
		const char *tname = json_string_value(t);

		o = json_object_get(c->over, tname);
		if (!o) {
			o = json_object();
			json_object_set_new(c->over, tname, o);
		}
		for (f = 0; f < FA_NFEATURES; f++) {
			v = json_object_get(qos, fa_features[f]);
			pname = json_string_value(json_object_get(v, "profile"));
			/* "qos congestion-control my-profile" is also written without "profile". */
			if (!pname && json_is_string(v))
				pname = json_string_value(v);
			if (pname)
				json_object_set_new(o, fa_features[f], json_string(pname));
			else if (v)
				fa_device_warn(c->device, "%s: %s: qos %s without a profile", c->cmd,
					       name, fa_features[f]);
		}
		v = json_object_get(qos, "pfc-watchdog");
		if (v)
			json_object_set(o, "pfc-watchdog", v);
	}
	json_decref(targets);
}

/*
 * "lldp": {"dcbx-pfc-tlv": "on"} (5.x; "enabled" in later releases): the port sends its PFC
 * configuration in LLDP, so a willing peer takes it.  NVUE's default is off, and the applied
 * configuration lists only what was set, so a swp without the key does not send it.
 */
static void fa_dcbx_pfc_tlv(struct fa_cfg *c, const char *name, json_t *port, const json_t *v)
{
	const char *s = json_string_value(v);

	if (!v || (s && (strcmp(s, "off") == 0 || strcmp(s, "disabled") == 0)))
		fa_set_bool(port, "qos.dcbx.pfc_tlv", false);
	else if (s && (strcmp(s, "on") == 0 || strcmp(s, "enabled") == 0))
		fa_set_bool(port, "qos.dcbx.pfc_tlv", true);
	else
		fa_device_warn(c->device, "%s: %s: lldp dcbx-pfc-tlv is not on or off", c->cmd,
			       name);
}

static void fa_interface(struct fa_cfg *c, const char *name, const json_t *ifc)
{
	static const struct {
		const char *nvue, *model;
	} types[] = {
		{ "swp", "ethernet" }, { "eth", "management" }, { "loopback", "loopback" },
		{ "bond", "bond" },    { "bridge", "bridge" },	{ "svi", "vlan" },
		{ "sub", "vlan" },     { "vrf", "virtual" },	{ "tunnel", "virtual" },
		{ "peerlink", "bond" },
	};
	json_t *port = fa_device_port(c->device, name);
	const char *s;
	int64_t n;
	size_t i;

	s = json_string_value(json_object_get(ifc, "type"));
	if (s && !json_object_get(port, "type")) {
		for (i = 0; i < sizeof(types) / sizeof(types[0]); i++)
			if (strcmp(types[i].nvue, s) == 0)
				fa_set_str(port, "type", types[i].model);
		if (!json_object_get(port, "type"))
			fa_device_warn(c->device, "%s: %s: unknown interface type \"%s\"", c->cmd,
				       name, s);
	}
	s = json_string_value(json_object_get(ifc, "description"));
	if (s && *s && !json_object_get(port, "description"))
		fa_set_str(port, "description", s);
	if (!json_object_get(port, "mtu") &&
	    fa_cumulus_int(fa_obj_get_path(ifc, "link.mtu"), &n) && n > 0)
		fa_set_int(port, "mtu", n);
	if (fa_cumulus_is_swp(name))
		fa_dcbx_pfc_tlv(c, name, port, fa_obj_get_path(ifc, "lldp.dcbx-pfc-tlv"));
}

/* "header": {"model": "VX", "version": "Cumulus Linux 5.7.0"}, used only when unknown. */
static void fa_header(struct fa_cfg *c, const json_t *header)
{
	const char *s = json_string_value(json_object_get(header, "model"));
	size_t plen = strlen(FA_CUMULUS_PRODUCT);

	if (s && *s && !fa_get_str(c->device, "model"))
		fa_set_str(c->device, "model", s);
	s = json_string_value(json_object_get(header, "version"));
	if (s && strncmp(s, FA_CUMULUS_PRODUCT " ", plen + 1) == 0 &&
	    !fa_get_str(c->device, "os.version")) {
		fa_set_str(c->device, "os.name", FA_CUMULUS_PRODUCT);
		fa_set_str(c->device, "os.version", s + plen + 1);
	}
}

/* Does @obj look like a configuration tree (has one of NVUE's top-level sections)? */
static bool fa_is_tree(const json_t *obj)
{
	static const char *const sections[] = {
		"acl", "bridge", "evpn", "interface", "mlag", "nve", "platform", "qos", "router",
		"service", "system", "vrf",
	};
	size_t i;

	for (i = 0; i < sizeof(sections) / sizeof(sections[0]); i++)
		if (json_object_get(obj, sections[i]))
			return true;
	return false;
}

/* One element of the block list: {"header": ...}, {"set": ...} or {"unset": ...}. */
static void fa_block(struct fa_cfg *c, const json_t *b, bool *any)
{
	json_t *v;

	if (!json_is_object(b)) {
		fa_device_warn(c->device, "%s: a configuration block is not an object", c->cmd);
		return;
	}
	if ((v = json_object_get(b, "header")) && json_is_object(v)) {
		fa_header(c, v);
		*any = true;
	}
	if ((v = json_object_get(b, "set"))) {
		if (json_is_object(v))
			fa_merge(c->tree, v);
		else if (!json_is_null(v))
			fa_device_warn(c->device, "%s: \"set\" is not an object", c->cmd);
		*any = true;
	}
	if (json_object_get(b, "unset")) {
		fa_device_warn(c->device, "%s: \"unset\" block ignored", c->cmd);
		*any = true;
	}
}

/* The configuration @root (takes ownership), however it was printed. */
static int fa_cumulus_config_root(const char *cmd, json_t *root, json_t *device)
{
	struct fa_cfg c = { device, cmd, NULL, NULL, NULL };
	json_t *b, *ifs, *ifc, *port, *names, *t;
	const char *name, *s;
	bool any = false;
	size_t i, j;

	c.tree = json_object();
	c.over = json_object();
	if (json_is_array(root)) {
		json_array_foreach(root, i, b)
			fa_block(&c, b, &any);
	} else if (json_is_object(root)) {
		fa_block(&c, root, &any);
		if (!any && fa_is_tree(root)) {
			fa_merge(c.tree, root);	/* a bare configuration tree */
			any = true;
		}
	}
	if (!any) {
		fa_device_warn(device, "%s: expected a list of configuration blocks or a "
			       "configuration tree", c.cmd);
		goto out;
	}
	s = json_string_value(fa_obj_get_path(c.tree, "system.hostname"));
	if (s && *s && !fa_get_str(device, "hostname"))
		fa_set_str(device, "hostname", s);

	ifs = json_object_get(c.tree, "interface");
	if (ifs && !json_is_object(ifs)) {
		fa_device_warn(device, "%s: \"interface\" is not an object", c.cmd);
		ifs = NULL;
	}
	json_object_foreach(ifs, name, ifc) {
		if (!json_is_object(ifc)) {
			if (!json_is_null(ifc))
				fa_device_warn(device, "%s: %s: not an object", c.cmd, name);
			continue;
		}
		names = fa_cumulus_ifnames(name);
		json_array_foreach(names, j, t) {
			fa_interface(&c, json_string_value(t), ifc);
			fa_collect_over(&c, json_string_value(t), ifc);
		}
		json_decref(names);
	}

	c.qos = json_object_get(c.tree, "qos");
	if (c.qos && !json_is_object(c.qos)) {
		fa_device_warn(device, "%s: \"qos\" is not an object", c.cmd);
		c.qos = NULL;
	}
	/* Ports named only as bond members or profile targets still get their QoS. */
	json_object_foreach(c.over, name, t)
		fa_device_port(device, name);
	json_array_foreach(json_object_get(device, "ports"), i, port) {
		name = json_string_value(json_object_get(port, "name"));
		if (!name)
			continue;
		if (fa_cumulus_is_swp(name) && !fa_obj_get_path(port, "qos.roce_mode")) {
			b = fa_obj_get_path(c.qos, "roce");
			s = json_string_value(json_object_get(b, "enable"));
			if (s && strcmp(s, "off") == 0)
				fa_set_str(port, "qos.roce_mode", "off");
			else if ((s = json_string_value(json_object_get(b, "mode"))))
				fa_set_str(port, "qos.roce_mode", s);
		}
		fa_port_qos(&c, port);
	}
out:
	json_decref(c.over);
	json_decref(c.tree);
	json_decref(root);
	return 0;
}

int fa_parse_cumulus_config(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	json_t *root = NULL;
	int r;

	r = fa_cumulus_load(cap, FA_CMD_CONFIG, &root, err);
	if (r)
		return r;
	return fa_cumulus_config_root(fa_cumulus_cmd(cap, FA_CMD_CONFIG), root, device);
}

/*
 * "nv config show" prints the same list of blocks in YAML ("- header: ...", "- set: ...").
 * YAML's plain scalars come typed (9216 a number, "on" a string), which the readers above
 * accept as they accept NVUE's JSON.  NVUE's "Error: ..." line would read as a one-key
 * mapping, so it is refused by its first word.
 */
int fa_parse_cumulus_config_yaml(const struct fa_capture *cap, json_t *device,
				 struct fa_err *err)
{
	const char *cmd = fa_cumulus_cmd(cap, FA_CMD_CONFIG_YAML);
	struct fa_err yerr = FA_ERR_INIT;
	const char *d = cap->data ? cap->data : "";
	size_t len = cap->data ? cap->len : 0, i, n;
	json_t *root = NULL;
	int r;

	for (i = 0; i < len && isspace((unsigned char)d[i]); i++)
		;
	if (i == len)
		return fa_err_set(err, FA_EPARSE, "%s: empty output", cmd);
	if (len - i >= 6 && strncmp(d + i, "Error:", 6) == 0) {
		n = strcspn(d + i, "\n");
		return fa_err_set(err, FA_EPARSE, "%s: %.*s", cmd, (int)(n < 120 ? n : 120),
				  d + i);
	}
	r = fa_yaml_parse(cmd, d, len, &root, NULL, &yerr);
	if (r < 0)
		return fa_err_set(err, FA_EPARSE, "%s: not YAML (line %d, column %d): %s", cmd,
				  yerr.line, yerr.column, yerr.msg);
	return fa_cumulus_config_root(cmd, root, device);
}
