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
 *   RoCE buffer pools:
 *     roce-reserved  lossless  auto  3  11.3M
 *                                      -> qos.lossless_pool_priorities = the switch
 *                                         priorities of the pools whose Type is lossless
 *
 * The profile applies to every Ethernet port, so the fields are set on each port already
 * known (from "show interfaces ethernet").  "RoCE mode: disabled" sets qos.roce_mode "off"
 * (as Cumulus' "enable": "off" does) and nothing else; "RoCE mode: N/A" says nothing and sets
 * nothing.  Relative thresholds are percentages of the buffer, not bytes, and are
 * not recorded.  PFC priorities come from "show dcb priority-flow-control", which reports
 * each port's state, not from this profile.  The pool table is recorded only when it has rows
 * and every row that could hold lossless priorities was read (a lossy pool's row that is not
 * understood is only warned about: it cannot change the lossless set).
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
	/* "RoCE buffer pools" */
	unsigned lossless;	/* bit per switch priority in a lossless pool */
	unsigned pools;		/* rows read */
	bool pools_bad;		/* a row that may be lossless was not read: record nothing */
	bool pool_lossless;	/* the current row's pool is lossless */
	bool pool_more;		/* its priority list ended in a comma: it goes on below */
	char pool[64];		/* its name, for warnings */
};

#define FA_ONYX_POOLS "RoCE buffer pools"

/* A row of the pool table could not be read (@what): warn, and drop the table if needed. */
static void fa_onyx_pool_bad(json_t *device, const char *cmd, struct fa_onyx_roce *st,
			     bool may_be_lossless, const char *what, const char *t)
{
	fa_device_warn(device, "%s: buffer pool %s: '%s'", cmd, what, t);
	if (may_be_lossless)
		st->pools_bad = true;
	st->pool_more = false;
}

/* The current pool's priority list ended in a comma and nothing went on with it. */
static void fa_onyx_pool_unfinished(json_t *device, const char *cmd, struct fa_onyx_roce *st)
{
	if (st->pool_more)
		fa_onyx_pool_bad(device, cmd, st, st->pool_lossless,
				 "priority list ends in a comma", st->pool);
}

static void fa_onyx_roce_kv(json_t *device, const char *cmd, struct fa_onyx_roce *st, const char *k,
			    const char *v)
{
	int64_t n;

	if (!*v) {
		fa_onyx_pool_unfinished(device, cmd, st);
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

/*
 * Switch priorities "0, 1, 2," from @s into *mask.  A token that is not one digit 0-7 ends
 * the list: it is the next column ("11.3M", Memory actual).  *ret_more is set when the
 * list ends in a comma, so that it goes on in the next line.  False when @s starts with no
 * priority.
 */
static bool fa_onyx_pool_prios(const char *s, unsigned *mask, bool *ret_more)
{
	bool more = false;
	int n = 0;

	for (;;) {
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s < '0' || *s > '7' || (s[1] && s[1] != ',' && s[1] != ' ' && s[1] != '\t'))
			break;
		*mask |= 1u << (*s - '0');
		n++;
		more = s[1] == ',';
		s += more ? 2 : 1;
		if (!more)
			break;
	}
	*ret_more = more;
	return n > 0;
}

/* Add the priorities listed in @text to the pool being read; false (warned) if no list. */
static bool fa_onyx_pool_add(json_t *device, const char *cmd, struct fa_onyx_roce *st,
			     const char *text, const char *t)
{
	unsigned mask = 0;
	bool more;

	if (!fa_onyx_pool_prios(text, &mask, &more)) {
		fa_onyx_pool_bad(device, cmd, st, st->pool_lossless, "priority list not understood",
				 t);
		return false;
	}
	if (st->pool_lossless)
		st->lossless |= mask;
	st->pool_more = more;
	return true;
}

/*
 * A line of the "RoCE buffer pools" table: the two header lines, a pool row "roce-reserved
 * lossless auto 3 11.3M", or the rest of the previous row's Switch Priorities, which wrap
 * ("0, 1, 2," then, indented, "4, 5, 6, 7").  Columns after the priorities are not read.
 */
static void fa_onyx_roce_pool(json_t *device, const char *cmd, struct fa_onyx_roce *st,
			      const char *line, const char *t)
{
	char name[64], type[16], mem[16], first[16] = "";
	int off = 0;

	if (st->pool_more && t != line) {
		fa_onyx_pool_add(device, cmd, st, t, t);
		return;
	}
	fa_onyx_pool_unfinished(device, cmd, st);
	if (!st->pools && (strncmp(t, "Traffic ", 8) == 0 || strncmp(t, "Pool ", 5) == 0))
		return; /* the header, wrapped on two lines */
	if (sscanf(t, "%63s %15s %15s %n", name, type, mem, &off) != 3 || !off) {
		fa_onyx_pool_bad(device, cmd, st, true, "line not understood", t);
		return;
	}
	snprintf(st->pool, sizeof(st->pool), "%s", name);
	st->pool_lossless = strcasecmp(type, "lossless") == 0;
	if (!st->pool_lossless && strcasecmp(type, "lossy") != 0 &&
	    strcasecmp(type, "lossy-mc") != 0) {
		fa_onyx_pool_bad(device, cmd, st, true, "unknown type", t);
		return;
	}
	sscanf(t + off, "%15s", first);
	if (first[0] && fa_onyx_is_na(first))
		st->pool_more = false; /* a pool with no priority */
	else if (!fa_onyx_pool_add(device, cmd, st, t + off, t))
		return;
	st->pools++;
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
		if (st->pools && !st->pools_bad) {
			json_t *a = json_array();

			for (tc = 0; tc < 8; tc++)
				if (st->lossless & (1u << tc))
					json_array_append_new(a, json_integer(tc));
			fa_set(port, "qos.lossless_pool_priorities", a);
		}
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
	struct fa_onyx_roce st = {.min = -1, .max = -1};
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
		} else if (strcmp(st.section, FA_ONYX_POOLS) == 0) {
			fa_onyx_roce_pool(device, cap->command, &st, line, t);
		} else if (st.section[0]) {
			fa_onyx_roce_row(device, cap->command, &st, t);
		} else {
			fa_device_warn(device, "%s: line not understood: '%s'", cap->command, t);
		}
		free(line);
	}
	fa_onyx_pool_unfinished(device, cap->command, &st);
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
