/* SPDX-License-Identifier: MIT */
/*
 * dcb app (iproute2): the port's APP table, sent where mlnx_qos failed.  Its DSCP entries
 * are what the model's trust state and DSCP map are made of:
 *
 *   dcb app show dev IF       dscp-prio default:0 1:0 ... CS3:3 25:3 ... 63:7
 *                             (one "DSCP:PRIO " per entry; a DSCP with a name in iproute2's
 *                             rt_dsfield table prints as that name: default, CSn, AFnn, EF)
 *   dcb -j app show dev IF    {"dscp_prio":[[0,0],[1,0],...]}   (6.1; from 6.5 each entry
 *                             carries a third element, " ": [[0,0," "],...]; DSCPs numeric)
 *
 *   -> qos.trust: "dscp" when the table has a DSCP entry, else "pcp".  mlx5 keeps all 64
 *      DSCP entries in the APP table exactly while the port trusts DSCP (mlx5e_set_trust_state
 *      adds or deletes them), and mlxsw and ice switch to DSCP trust on the first DSCP entry;
 *      without one these drivers classify by the VLAN PCP.  An empty table prints nothing
 *      ("{}" with -j): that is a port trusting PCP, not a failure.
 *   -> qos.dscp_to_priority: written when each of the 64 DSCPs has exactly one priority.  A
 *      partial table or a DSCP given two priorities is a warning and leaves the map out (the
 *      priority of an unlisted DSCP is the driver's choice).
 *
 * The other selectors (ethtype-prio, default-prio, stream-port-prio, dgram-port-prio,
 * port-prio, pcp-prio) are recognised and not read: the model has no field for them.
 */
#include "config.h"

#include <string.h>

#include "audit/model.h"
#include "drivers/linux/parse-linux.h"
#include "drivers/linux/parse-linux-int.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

struct fa_dcb_app {
	int prio[64];		/* -1 none yet */
	bool twice;		/* a DSCP given two different priorities */
	bool unnamed;		/* a DSCP name not in the default rt_dsfield (warned) */
	bool dscp_seen;		/* a DSCP entry (trust dscp) */
};

/* DSCP names of iproute2's default rt_dsfield (the TOS byte's upper six bits). */
static const struct {
	const char *name;
	int dscp;
} fa_dcb_dscp_names[] = {
	{"default", 0}, {"CS1", 8},   {"AF11", 10}, {"AF12", 12}, {"AF13", 14}, {"CS2", 16},
	{"AF21", 18},   {"AF22", 20}, {"AF23", 22}, {"CS3", 24},  {"AF31", 26}, {"AF32", 28},
	{"AF33", 30},   {"CS4", 32},  {"AF41", 34}, {"AF42", 36}, {"AF43", 38}, {"CS5", 40},
	{"EF", 46},     {"CS6", 48},  {"CS7", 56},
};

/* The DSCP a text key names (number or rt_dsfield name), or -1. */
static int fa_dcb_dscp_of(struct fa_textscan_span key)
{
	int64_t v;
	size_t i;

	if (fa_textscan_int(key, &v))
		return v >= 0 && v < 64 ? (int)v : -1;
	for (i = 0; i < sizeof(fa_dcb_dscp_names) / sizeof(fa_dcb_dscp_names[0]); i++)
		if (fa_textscan_eq(key, fa_dcb_dscp_names[i].name))
			return fa_dcb_dscp_names[i].dscp;
	return -1;
}

static void fa_dcb_app_add(struct fa_dcb_app *a, int dscp, int prio)
{
	a->dscp_seen = true;
	if (a->prio[dscp] >= 0 && a->prio[dscp] != prio)
		a->twice = true;
	a->prio[dscp] = prio;
}

static void fa_dcb_app_write(json_t *device, const char *cmd, json_t *port,
			     const struct fa_dcb_app *a)
{
	json_t *map;
	size_t i, n = 0;

	fa_set_str(port, "qos.trust", a->dscp_seen ? "dscp" : "pcp");
	if (!a->dscp_seen)
		return;
	for (i = 0; i < 64; i++)
		n += a->prio[i] >= 0;
	if (a->unnamed)
		return;
	if (a->twice) {
		fa_device_warn(device, "%s: a DSCP has two priorities; DSCP map not recorded", cmd);
		return;
	}
	if (n < 64) {
		fa_device_warn(device, "%s: the APP table maps %zu of 64 DSCPs; DSCP map not "
			       "recorded", cmd, n);
		return;
	}
	map = json_array();
	for (i = 0; i < 64; i++)
		json_array_append_new(map, json_integer(a->prio[i]));
	fa_set(port, "qos.dscp_to_priority", map);
}

static int fa_dcb_app_text(const struct fa_capture *cap, const char *cmd, json_t *device,
			   struct fa_dcb_app *a, struct fa_err *err)
{
	static const char *const skipped[] = {"ethtype-prio", "default-prio", "stream-port-prio",
					      "dgram-port-prio", "port-prio", "pcp-prio"};
	struct fa_textscan_span line, w[520];	/* 64 DSCPs x 8 priorities, and the name */
	struct fa_textscan ts;
	bool text = false, known = false;

	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		size_t n = fa_textscan_words(fa_textscan_trim(line), w, 520), i, k;

		if (n == 0)
			continue;
		text = true;
		if (fa_textscan_eq(w[0], "dscp-prio")) {
			known = true;
			/* a DSCP may be listed with several priorities: 64 entries and more */
			if (n >= 520)
				return fa_err_at(err, FA_EPARSE, cmd, ts.lineno, 0,
						 "too many dscp-prio entries");
			for (i = 1; i < n; i++) {
				struct fa_textscan_span key, val;
				int64_t prio;
				int dscp;

				if (!fa_textscan_keyval(w[i], ':', &key, &val) ||
				    !fa_textscan_int(val, &prio) || prio < 0 || prio > 7)
					return fa_err_at(err, FA_EPARSE, cmd, ts.lineno, 0,
							 "dscp-prio entry not understood: %.*s",
							 (int)w[i].len, w[i].ptr);
				dscp = fa_dcb_dscp_of(key);
				if (dscp < 0) {
					/* a name from a site's own rt_dsfield */
					fa_device_warn(device, "%s: line %u: DSCP '%.*s' not known; "
						       "DSCP map not recorded (dcb -N prints numbers)",
						       cmd, ts.lineno, (int)key.len, key.ptr);
					a->unnamed = true;
					a->dscp_seen = true;
					continue;
				}
				fa_dcb_app_add(a, dscp, (int)prio);
			}
			continue;
		}
		for (k = 0; k < sizeof(skipped) / sizeof(skipped[0]); k++)
			if (fa_textscan_eq(w[0], skipped[k]))
				break;
		if (k == sizeof(skipped) / sizeof(skipped[0]))
			fa_device_warn(device, "%s: line %u not understood: %.*s", cmd, ts.lineno,
				       (int)line.len, line.ptr);
		else
			known = true;
	}
	/* nothing printed is an empty table; text without a table line is something else */
	if (text && !known) {
		struct fa_textscan_span first = fa_linux_first_line(cap);

		return fa_err_set(err, FA_EPARSE, "%s: no APP table line: %.*s", cmd,
				  (int)(first.len > 120 ? 120 : first.len), first.ptr);
	}
	return 0;
}

static int fa_dcb_app_json(const struct fa_capture *cap, const char *cmd, struct fa_dcb_app *a,
			   struct fa_err *err)
{
	json_t *root = NULL, *list, *e;
	size_t i;
	int r = fa_linux_json_load(cap, cmd, &root, err);

	if (r < 0)
		return r;
	if (!json_is_object(root)) {
		json_decref(root);
		return fa_err_set(err, FA_EPARSE, "%s: not a JSON object", cmd);
	}
	list = json_object_get(root, "dscp_prio");
	if (list && !json_is_array(list)) {
		json_decref(root);
		return fa_err_set(err, FA_EPARSE, "%s: dscp_prio is not a list", cmd);
	}
	json_array_foreach(list, i, e) {
		json_int_t dscp = json_integer_value(json_array_get(e, 0));
		json_int_t prio = json_integer_value(json_array_get(e, 1));

		if (!json_is_array(e) || json_array_size(e) < 2 || json_array_size(e) > 3 ||
		    !json_is_integer(json_array_get(e, 0)) ||
		    !json_is_integer(json_array_get(e, 1)) || dscp < 0 || dscp > 63 || prio < 0 ||
		    prio > 7) {
			json_decref(root);
			return fa_err_set(err, FA_EPARSE,
					  "%s: dscp_prio entry %zu is not [DSCP, priority]", cmd, i);
		}
		fa_dcb_app_add(a, (int)dscp, (int)prio);
	}
	json_decref(root);
	return 0;
}

int fa_parse_linux_dcb_app(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = fa_linux_cmd(cap, "dcb app show dev IF");
	struct fa_textscan_span first = fa_linux_first_line(cap);
	struct fa_dcb_app a;
	size_t i;
	int r;

	if (!cap->arg || !*cap->arg)
		return fa_err_set(err, FA_EINVAL, "%s: no interface given", cmd);
	memset(&a, 0, sizeof(a));
	for (i = 0; i < 64; i++)
		a.prio[i] = -1;
	if (first.len && first.ptr[0] == '{')
		r = fa_dcb_app_json(cap, cmd, &a, err);
	else
		r = fa_dcb_app_text(cap, cmd, device, &a, err);
	if (r < 0)
		return r;
	fa_dcb_app_write(device, cmd, fa_device_port(device, cap->arg), &a);
	return 0;
}
