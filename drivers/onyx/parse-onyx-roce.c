/* SPDX-License-Identifier: MIT */
/*
 * "show roce": the switch-wide RoCE profile (Onyx 3.8.2000 and later).
 *
 *   RoCE mode      : lossless          -> qos.roce_mode (lossless, semi-lossless, lossy)
 *   Port trust mode: L3                -> qos.trust (L3 = dscp, L2 = pcp, both)
 *   Port congestion-control:
 *     Mode: ecn, absolute              -> ECN marking with absolute thresholds
 *     Min : 150                        -> qos.ecn.min_threshold (KB, 1024-based, as the
 *     Max : 1500                          "ecn minimum-absolute" setting is given)
 *   RoCE used TCs:
 *     3   3   RoCE   WRR 50%           -> qos.ecn.enabled_tcs = the RoCE application's TC
 *
 * The profile applies to every Ethernet port, so the fields are set on each port already
 * known (from "show interfaces ethernet").  "RoCE mode: disabled" sets qos.roce_mode "off"
 * (as Cumulus' "enable": "off" does) and nothing else; "RoCE mode: N/A" says nothing and sets
 * nothing.  Relative thresholds are percentages of the buffer, not bytes, and are
 * not recorded.  PFC priorities come from "show dcb priority-flow-control", which reports
 * each port's state, not from this profile.
 */
#include "config.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "audit/model.h"
#include "audit/util/xalloc.h"
#include "drivers/onyx/parse-onyx.h"
#include "drivers/text/units.h"
#include "audit/util/banned.h"

struct fa_onyx_roce {
	char *mode;
	const char *trust;
	bool ecn;
	bool absolute;
	int64_t min, max;
	unsigned tcs;
	char section[64];
};

static void fa_onyx_roce_kv(json_t *device, const char *cmd, struct fa_onyx_roce *st, const char *k,
			    const char *v)
{
	int64_t n;

	if (!*v) {
		snprintf(st->section, sizeof(st->section), "%s", k);
		return;
	}
	if (strcmp(k, "RoCE mode") == 0) {
		free(st->mode);
		st->mode = fa_xstrdup(v);
	} else if (strcmp(k, "Port trust mode") == 0) {
		if (strcasecmp(v, "L3") == 0)
			st->trust = "dscp";
		else if (strcasecmp(v, "L2") == 0)
			st->trust = "pcp";
		else if (strcasecmp(v, "both") == 0)
			st->trust = "both";
		else
			fa_device_warn(device, "%s: unknown trust mode '%s'", cmd, v);
	} else if (strcmp(st->section, "Port congestion-control") == 0) {
		if (strcmp(k, "Mode") == 0) {
			st->ecn = strncasecmp(v, "ecn", 3) == 0;
			st->absolute = strstr(v, "absolute") != NULL;
		} else if (strcmp(k, "Min") == 0 || strcmp(k, "Max") == 0) {
			if (!fa_parse_int(v, &n) || n < 0)
				fa_device_warn(device, "%s: unknown ECN threshold '%s'", cmd, v);
			else if (k[1] == 'i')
				st->min = n;
			else
				st->max = n;
		}
	}
}

/* "3  3  RoCE  WRR 50%" in the "RoCE used TCs" table. */
static void fa_onyx_roce_row(json_t *device, const char *cmd, struct fa_onyx_roce *st,
			     const char *t)
{
	char prio[16], tc[16], app[32];

	if (strcmp(st->section, "RoCE used TCs") != 0)
		return;
	if (sscanf(t, "%15s %15s %31s", prio, tc, app) != 3 || !isdigit((unsigned char)tc[0]) ||
	    tc[1] || tc[0] > '7') {
		fa_device_warn(device, "%s: line not understood: '%s'", cmd, t);
		return;
	}
	if (strcasecmp(app, "RoCE") == 0)
		st->tcs |= 1u << (tc[0] - '0');
}

static void fa_onyx_roce_apply(json_t *device, const char *cmd, struct fa_onyx_roce *st)
{
	json_t *port;
	size_t i;
	int n = 0, tc;

	json_array_foreach(json_object_get(device, "ports"), i, port)
	{
		const char *type = fa_get_str(port, "type");

		if (!type || strcmp(type, "ethernet") != 0)
			continue;
		n++;
		fa_set_str(port, "qos.roce_mode", st->mode);
		if (st->trust)
			fa_set_str(port, "qos.trust", st->trust);
		if (!st->ecn)
			continue;
		if (st->tcs) {
			json_t *a = json_array();

			for (tc = 0; tc < 8; tc++)
				if (st->tcs & (1u << tc))
					json_array_append_new(a, json_integer(tc));
			fa_set(port, "qos.ecn.enabled_tcs", a);
		}
		if (st->absolute && st->min >= 0)
			fa_set_int(port, "qos.ecn.min_threshold", st->min * 1024);
		if (st->absolute && st->max >= 0)
			fa_set_int(port, "qos.ecn.max_threshold", st->max * 1024);
	}
	if (!n)
		fa_device_warn(device, "%s: no Ethernet port known to apply the RoCE profile to",
			       cmd);
}

int fa_parse_onyx_roce(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	struct fa_onyx_roce st = {NULL, NULL, false, false, -1, -1, 0, ""};
	struct fa_onyx_lines it;
	char *line, *k, *v;
	int r = 0;

	fa_onyx_lines_init(&it, cap);
	while ((line = fa_onyx_lines_next(&it))) {
		char *t = line + fa_onyx_indent(line);

		if (fa_onyx_is_error(t)) {
			r = fa_err_at(err, FA_EPARSE, cap->command, 0, 0, "device error: %s", t);
			free(line);
			goto out;
		}
		if (!*t || *t == '-' || fa_onyx_is_prompt(line, NULL) ||
		    strncmp(t, "Switch-Priority", 15) == 0) {
			/* blank, rule, prompt, table header */
		} else if (fa_onyx_kv(t, &k, &v)) {
			fa_onyx_roce_kv(device, cap->command, &st, k, v);
		} else if (st.section[0]) {
			fa_onyx_roce_row(device, cap->command, &st, t);
		} else {
			fa_device_warn(device, "%s: line not understood: '%s'", cap->command, t);
		}
		free(line);
	}
	if (!st.mode) {
		r = fa_err_at(err, FA_EPARSE, cap->command, 0, 0, "no 'RoCE mode' in the output");
		goto out;
	}
	if (fa_onyx_is_na(st.mode)) {
		r = FA_PARSED_EMPTY;
		goto out;
	}
	if (strcasecmp(st.mode, "disabled") == 0) {
		/* a finding, not an absence: the ports carry no lossless class (rules say so) */
		struct fa_onyx_roce off = { 0 };
		char mode_off[] = "off";

		off.mode = mode_off;
		fa_onyx_roce_apply(device, cap->command, &off);
		goto out;
	}
	if (strcasecmp(st.mode, "lossless") != 0 && strcasecmp(st.mode, "lossy") != 0 &&
	    strcasecmp(st.mode, "semi-lossless") != 0) {
		fa_device_warn(device, "%s: unknown RoCE mode '%s'", cap->command, st.mode);
		goto out;
	}
	for (k = st.mode; *k; k++)
		*k = (char)tolower((unsigned char)*k);
	fa_onyx_roce_apply(device, cap->command, &st);
out:
	free(st.mode);
	return r;
}
