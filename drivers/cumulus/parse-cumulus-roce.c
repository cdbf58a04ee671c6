/* SPDX-License-Identifier: MIT */
/*
 * "nv show qos roce -o json": the switch-wide RoCE QoS state, which NVUE applies to every
 * front-panel port.  Written on every swp port already in the model (so this runs after
 * "nv show interface"); per-interface overrides come later, from the applied configuration.
 *
 * Two shapes are read (tests/fixtures/cumulus/SOURCES.md):
 *   5.4   "cable-length" at the top; "congestion-control" without "probability";
 *   5.12  "cable-length" inside "pfc"; "probability" present; an "lldp-app-tlv" section; the
 *         mode may be "lossless-single-ipool".
 * Both carry "mode", "pfc" {"pfc-priority", "rx-enabled", "tx-enabled"}, "congestion-control"
 * {"congestion-mode", "enabled-tc", "min-threshold", "max-threshold"}, "trust" {"trust-mode"},
 * and the tables "prio-map" (rows of pcp, dscp list, switch-prio), "tc-map" (rows of
 * switch-prio, traffic-class, scheduler-weight) and "pool-map".
 *
 * PFC: qos.pfc_rx holds the priorities whose received pause frames the port obeys (the
 * priorities when "rx-enabled" says so, else none), qos.pfc_tx those it sends pause frames for
 * ("tx-enabled"), each only when printed; qos.pfc_enabled the priorities unless both
 * directions are disabled.
 *
 * Sizes are NVUE's 1024-based "1.43 MB" (or plain bytes).  trust-mode "pcp,dscp" is "both".
 * The DSCP map is written only when the rows cover all 64 code points, the priority-to-TC map
 * only when they cover all 8 priorities, ETS only when every TC has a printed weight.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "audit/model.h"
#include "drivers/cumulus/parse-cumulus-int.h"
#include "drivers/cumulus/parse-cumulus.h"
#include "drivers/platform.h"
#include "audit/util/banned.h"

#define FA_CMD_ROCE "nv show qos roce -o json"

/* What the RoCE output says, before it is written on each port; has_* marks what was printed. */
struct fa_roce {
	const char *mode;
	const char *trust;
	bool has_pfc, has_rx, has_tx, has_cable, has_ecn, has_min, has_max, has_prob, has_dscp;
	bool has_p2tc, has_ets;
	uint64_t pfc, rx, tx, ecn;
	int64_t cable, min, max, prob;
	int dscp[64];
	int p2tc[8];
	const char *tsa[8];
	int bw[8];
};

static const char *fa_roce_trust(const char *s)
{
	if (strcasecmp(s, "pcp,dscp") == 0 || strcasecmp(s, "dscp,pcp") == 0 ||
	    strcasecmp(s, "both") == 0)
		return "both";
	if (strcasecmp(s, "dscp") == 0 || strcasecmp(s, "l3") == 0)
		return "dscp";
	if (strcasecmp(s, "pcp") == 0 || strcasecmp(s, "l2") == 0)
		return "pcp";
	if (strcasecmp(s, "port") == 0)
		return "port";
	return NULL;
}

static bool fa_roce_enabled(const json_t *v)
{
	const char *s = json_string_value(v);

	return !s || (strcasecmp(s, "disabled") != 0 && strcasecmp(s, "no") != 0 &&
		      strcasecmp(s, "off") != 0);
}

static void fa_roce_pfc(json_t *device, const char *cmd, const json_t *root, struct fa_roce *r)
{
	json_t *pfc = json_object_get(root, "pfc"), *v;

	v = json_object_get(root, "cable-length");
	if (!v)
		v = json_object_get(pfc, "cable-length");
	if (v && fa_cumulus_int(v, &r->cable) && r->cable >= 0)
		r->has_cable = true;
	else if (v)
		fa_device_warn(device, "%s: cable-length is not a number", cmd);
	if (!pfc)
		return;
	if (!json_is_object(pfc)) {
		fa_device_warn(device, "%s: \"pfc\" is not an object", cmd);
		return;
	}
	v = json_object_get(pfc, "pfc-priority");
	if (!v)
		return;
	if (!fa_cumulus_set(v, 8, &r->pfc)) {
		fa_device_warn(device, "%s: pfc-priority is not a list of priorities", cmd);
		return;
	}
	/* Each direction is recorded only when printed. */
	v = json_object_get(pfc, "rx-enabled");
	r->has_rx = json_is_string(v);
	r->rx = fa_roce_enabled(v) ? r->pfc : 0;
	v = json_object_get(pfc, "tx-enabled");
	r->has_tx = json_is_string(v);
	r->tx = fa_roce_enabled(v) ? r->pfc : 0;
	/* Priorities with PFC off in both directions do not pause anything. */
	if (!fa_roce_enabled(json_object_get(pfc, "rx-enabled")) &&
	    !fa_roce_enabled(json_object_get(pfc, "tx-enabled")))
		r->pfc = 0;
	r->has_pfc = true;
}

static void fa_roce_ecn(json_t *device, const char *cmd, const json_t *root, struct fa_roce *r)
{
	json_t *cc = json_object_get(root, "congestion-control"), *v;
	const char *mode;

	if (!cc)
		return;
	if (!json_is_object(cc)) {
		fa_device_warn(device, "%s: \"congestion-control\" is not an object", cmd);
		return;
	}
	mode = json_string_value(json_object_get(cc, "congestion-mode"));
	if (mode && strncasecmp(mode, "ecn", 3) != 0)
		fa_device_warn(device, "%s: congestion-mode \"%s\" is not ECN", cmd, mode);
	v = json_object_get(cc, "enabled-tc");
	if (v && fa_cumulus_set(v, 8, &r->ecn))
		r->has_ecn = true;
	else if (v)
		fa_device_warn(device, "%s: enabled-tc is not a list of traffic classes", cmd);
	v = json_object_get(cc, "min-threshold");
	if (v && !(r->has_min = fa_cumulus_size(v, &r->min)))
		fa_device_warn(device, "%s: min-threshold is not a size", cmd);
	v = json_object_get(cc, "max-threshold");
	if (v && !(r->has_max = fa_cumulus_size(v, &r->max)))
		fa_device_warn(device, "%s: max-threshold is not a size", cmd);
	v = json_object_get(cc, "probability");
	if (v && !(r->has_prob = fa_cumulus_int(v, &r->prob) && r->prob >= 0 && r->prob <= 100))
		fa_device_warn(device, "%s: probability is not a percentage", cmd);
}

static void fa_roce_prio_map(json_t *device, const char *cmd, const json_t *map,
			     struct fa_roce *r)
{
	const char *key;
	json_t *row;
	int i, covered = 0;

	for (i = 0; i < 64; i++)
		r->dscp[i] = -1;
	json_object_foreach((json_t *)map, key, row) {
		uint64_t dscps;
		int64_t sp;

		if (!json_is_object(row) || !fa_cumulus_int(json_object_get(row, "switch-prio"), &sp) ||
		    sp < 0 || sp > 7 || !fa_cumulus_set(json_object_get(row, "dscp"), 64, &dscps)) {
			fa_device_warn(device, "%s: prio-map row %s not understood", cmd, key);
			return;
		}
		for (i = 0; i < 64; i++) {
			if (!(dscps & (UINT64_C(1) << i)))
				continue;
			if (r->dscp[i] >= 0 && r->dscp[i] != sp) {
				fa_device_warn(device, "%s: DSCP %d maps to two priorities", cmd, i);
				return;
			}
			r->dscp[i] = (int)sp;
		}
	}
	for (i = 0; i < 64; i++)
		covered += r->dscp[i] >= 0;
	if (covered == 64)
		r->has_dscp = true;
	else
		fa_device_warn(device, "%s: prio-map covers %d of 64 DSCP values; not recorded",
			       cmd, covered);
}

/* "DWRR-50%", "dwrr-50%" -> ets 50; "strict-priority", "strict priority" -> strict 0. */
static bool fa_roce_weight(const char *s, const char **tsa, int *bw)
{
	char *end;
	long v;

	if (strncasecmp(s, "strict", 6) == 0) {
		*tsa = "strict";
		*bw = 0;
		return true;
	}
	if (strncasecmp(s, "dwrr-", 5) != 0)
		return false;
	v = strtol(s + 5, &end, 10);
	if (end == s + 5 || v < 0 || v > 100 || (*end && strcmp(end, "%") != 0))
		return false;
	*tsa = "ets";
	*bw = (int)v;
	return true;
}

static void fa_roce_tc_map(json_t *device, const char *cmd, const json_t *map, struct fa_roce *r)
{
	const char *key, *w;
	bool seen_tc[8] = { false };
	json_t *row;
	int i, nsp = 0, ntc = 0;

	for (i = 0; i < 8; i++)
		r->p2tc[i] = -1;
	json_object_foreach((json_t *)map, key, row) {
		int64_t sp, tc;
		const char *tsa;
		int bw;

		if (!json_is_object(row) || !fa_cumulus_int(json_object_get(row, "switch-prio"), &sp) ||
		    !fa_cumulus_int(json_object_get(row, "traffic-class"), &tc) || sp < 0 ||
		    sp > 7 || tc < 0 || tc > 7) {
			fa_device_warn(device, "%s: tc-map row %s not understood", cmd, key);
			return;
		}
		r->p2tc[sp] = (int)tc;
		w = json_string_value(json_object_get(row, "scheduler-weight"));
		if (!w)
			continue;
		if (!fa_roce_weight(w, &tsa, &bw)) {
			fa_device_warn(device, "%s: scheduler weight \"%s\" not understood", cmd, w);
			continue;
		}
		if (seen_tc[tc] && (strcmp(r->tsa[tc], tsa) != 0 || r->bw[tc] != bw)) {
			fa_device_warn(device, "%s: traffic class %d has two weights", cmd, (int)tc);
			continue;
		}
		seen_tc[tc] = true;
		r->tsa[tc] = tsa;
		r->bw[tc] = bw;
	}
	for (i = 0; i < 8; i++) {
		nsp += r->p2tc[i] >= 0;
		ntc += seen_tc[i];
	}
	r->has_p2tc = nsp == 8;
	r->has_ets = ntc == 8;
}

static void fa_roce_write(json_t *port, const struct fa_roce *r)
{
	json_t *a;
	int i;

	fa_set_str(port, "qos.roce_mode", r->mode);
	if (r->trust)
		fa_set_str(port, "qos.trust", r->trust);
	if (r->has_pfc)
		fa_cumulus_put_mask(port, "qos.pfc_enabled", r->pfc);
	if (r->has_rx)
		fa_cumulus_put_mask(port, "qos.pfc_rx", r->rx);
	if (r->has_tx)
		fa_cumulus_put_mask(port, "qos.pfc_tx", r->tx);
	if (r->has_cable)
		fa_set_int(port, "qos.cable_length", r->cable);
	if (r->has_ecn)
		fa_cumulus_put_mask(port, "qos.ecn.enabled_tcs", r->ecn);
	if (r->has_min)
		fa_set_int(port, "qos.ecn.min_threshold", r->min);
	if (r->has_max)
		fa_set_int(port, "qos.ecn.max_threshold", r->max);
	if (r->has_prob)
		fa_set_int(port, "qos.ecn.probability", r->prob);
	if (r->has_dscp) {
		a = json_array();
		for (i = 0; i < 64; i++)
			json_array_append_new(a, json_integer(r->dscp[i]));
		fa_set(port, "qos.dscp_to_priority", a);
	}
	if (r->has_p2tc) {
		a = json_array();
		for (i = 0; i < 8; i++)
			json_array_append_new(a, json_integer(r->p2tc[i]));
		fa_set(port, "qos.priority_to_tc", a);
	}
	if (r->has_ets) {
		json_t *bw = json_array();

		a = json_array();
		for (i = 0; i < 8; i++) {
			json_array_append_new(a, json_string(r->tsa[i]));
			json_array_append_new(bw, json_integer(r->bw[i]));
		}
		fa_set(port, "qos.ets.tsa", a);
		fa_set(port, "qos.ets.bandwidth", bw);
	}
}

int fa_cumulus_roce_apply(json_t *device, const char *cmd, const json_t *root)
{
	struct fa_roce r;
	json_t *v, *port;
	const char *s;
	size_t i, nswp = 0;

	memset(&r, 0, sizeof(r));
	if (!json_is_object(root)) {
		fa_device_warn(device, "%s: expected a JSON object", cmd);
		return 0;
	}
	s = json_string_value(json_object_get(root, "enable"));
	if (s && strcmp(s, "off") == 0) {
		/* RoCE is not configured: nothing below describes the ports. */
		r.mode = "off";
		goto apply;
	}
	r.mode = json_string_value(json_object_get(root, "mode"));
	if (!r.mode) {
		fa_device_warn(device, "%s: no RoCE \"mode\" in the output", cmd);
		return 0;
	}
	v = json_object_get(root, "trust");
	s = json_string_value(json_object_get(v, "trust-mode"));
	if (s && !(r.trust = fa_roce_trust(s)))
		fa_device_warn(device, "%s: trust-mode \"%s\" not understood", cmd, s);
	fa_roce_pfc(device, cmd, root, &r);
	fa_roce_ecn(device, cmd, root, &r);
	v = json_object_get(root, "prio-map");
	if (json_is_object(v))
		fa_roce_prio_map(device, cmd, v, &r);
	else if (v)
		fa_device_warn(device, "%s: \"prio-map\" is not an object", cmd);
	v = json_object_get(root, "tc-map");
	if (json_is_object(v))
		fa_roce_tc_map(device, cmd, v, &r);
	else if (v)
		fa_device_warn(device, "%s: \"tc-map\" is not an object", cmd);
apply:
	json_array_foreach(json_object_get(device, "ports"), i, port) {
		const char *name = json_string_value(json_object_get(port, "name"));

		if (!name || !fa_cumulus_is_swp(name))
			continue;
		fa_roce_write(port, &r);
		nswp++;
	}
	if (!nswp) {
		fa_device_warn(device, "%s: no swp port is known, so the RoCE state is not recorded",
			       cmd);
		return FA_PARSED_EMPTY;
	}
	return 0;
}

int fa_parse_cumulus_roce(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = fa_cumulus_cmd(cap, FA_CMD_ROCE);
	json_t *root = NULL;
	int ret;

	ret = fa_cumulus_load(cap, FA_CMD_ROCE, &root, err);
	if (ret)
		return ret;
	ret = fa_cumulus_roce_apply(device, cmd, root);
	json_decref(root);
	return ret;
}
