/* SPDX-License-Identifier: MIT */
/*
 * "show dcb priority-flow-control" and "show dcb ets".
 *
 * PFC: the switch-wide state and priority list, then one row per interface:
 *
 *   PFC: enabled
 *   Priority Enabled List: 3
 *   Priority Disabled List: 0 1 2 4 5 6 7
 *   Interface        PFC admin        PFC oper
 *   Eth1/1           Auto             Enabled
 *
 * A port whose PFC oper state is Enabled pauses the enabled priorities (qos.pfc_enabled =
 * the list); Disabled, or PFC disabled switch-wide, is [].  The admin column (On/Auto/Off)
 * is configuration, the oper column is what the port does, so oper decides.  The
 * json-print / JSON API form is a list of two objects, {"PFC": ..., "Priority Enabled
 * List": ...} and {"Eth1/1": [{"PFC admin": ..., "PFC oper": ...}], ...}.
 *
 * ETS: per interface ("Eth1/1:" at column 0), a table with one row per traffic class
 * ("<tc> <WRR|Strict> <bandwidth %> ...") and a table of switch priority to TC
 * ("<priority> <tc>").  WRR is the model's "ets" with its bandwidth share; a strict TC gets
 * bandwidth 0, as in Linux DCB, since no share applies to it.  The arrays are written only
 * when all eight rows were read.  The json-print form per interface ("Eth1/1": a list of
 * sections, one "ETS per TC" with rows {"3": [{"S.Mode": "WRR", "W(%)": "17", ...}]}) gives
 * the same rows, the share from its "W(%)" column; it has no priority-to-TC table.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "audit/model.h"
#include "audit/util/xalloc.h"
#include "drivers/onyx/parse-onyx.h"
#include "audit/util/banned.h"

/* ---- PFC ------------------------------------------------------------------------------- */

struct fa_onyx_pfc {
	int global; /* -1 unknown, 0 disabled, 1 enabled */
	int mask;   /* -1 unknown, else bit p: priority p enabled */
	int rows;
};

/* "3 4" / "3,4" / "" into a mask; -1 when not a list of 0..7. */
static int fa_onyx_prio_mask(const char *s)
{
	int mask = 0;

	for (; *s; s++) {
		if (*s == ' ' || *s == ',')
			continue;
		if (*s < '0' || *s > '7' || isdigit((unsigned char)s[1]))
			return -1;
		mask |= 1 << (*s - '0');
	}
	return mask;
}

static void fa_onyx_pfc_global(json_t *device, const char *cmd, struct fa_onyx_pfc *st,
			       const char *key, const char *v)
{
	if (strcmp(key, "PFC") == 0) {
		if (strcasecmp(v, "enabled") == 0 || strcasecmp(v, "disabled") == 0)
			st->global = strcasecmp(v, "enabled") == 0;
		else
			fa_device_warn(device, "%s: unknown PFC state '%s'", cmd, v);
	} else if (strcmp(key, "Priority Enabled List") == 0) {
		st->mask = fa_onyx_prio_mask(v);
		if (st->mask < 0)
			fa_device_warn(device, "%s: priority list not understood: '%s'", cmd, v);
	}
}

static void fa_onyx_pfc_port(json_t *device, const char *cmd, struct fa_onyx_pfc *st,
			     const char *name, const char *oper)
{
	json_t *port, *list;
	int p;

	st->rows++;
	if (strcasecmp(oper, "Enabled") != 0 && strcasecmp(oper, "Disabled") != 0) {
		fa_device_warn(device, "%s: %s: unknown PFC oper state '%s'", cmd, name, oper);
		return;
	}
	list = json_array();
	if (strcasecmp(oper, "Enabled") == 0 && st->global != 0) {
		if (st->mask < 0) {
			fa_device_warn(device, "%s: %s: PFC on but the priority list is unknown",
				       cmd, name);
			json_decref(list);
			return;
		}
		for (p = 0; p < 8; p++)
			if (st->mask & (1 << p))
				json_array_append_new(list, json_integer(p));
	}
	port = fa_device_port(device, name);
	if (!fa_get_str(port, "type"))
		fa_set_str(port, "type", fa_onyx_port_type(name));
	fa_set(port, "qos.pfc_enabled", list);
}

static void fa_onyx_pfc_json_obj(json_t *device, const char *cmd, struct fa_onyx_pfc *st,
				 json_t *obj, int pass)
{
	const char *key;
	json_t *v;

	json_object_foreach(obj, key, v)
	{
		json_t *e = fa_onyx_entry(v);

		if (pass == 0 && json_is_string(v))
			fa_onyx_pfc_global(device, cmd, st, key, json_string_value(v));
		else if (pass == 1 && e && fa_onyx_is_port_name(key)) {
			const char *oper = json_string_value(json_object_get(e, "PFC oper"));

			if (oper)
				fa_onyx_pfc_port(device, cmd, st, key, oper);
			else
				fa_device_warn(device, "%s: %s: no 'PFC oper'", cmd, key);
		}
	}
}

static int fa_onyx_pfc_json(const struct fa_capture *cap, json_t *device, struct fa_err *err,
			    struct fa_onyx_pfc *st)
{
	json_t *root = NULL, *e;
	size_t i;
	int r, pass;

	r = fa_onyx_json(cap, &root, err);
	if (r)
		return r;
	/* Globals first, so the port rows know the priority list wherever they stand. */
	for (pass = 0; pass < 2; pass++) {
		if (json_is_array(root))
			json_array_foreach(root, i, e)
			    fa_onyx_pfc_json_obj(device, cap->command, st, e, pass);
		else
			fa_onyx_pfc_json_obj(device, cap->command, st, root, pass);
	}
	json_decref(root);
	return 0;
}

int fa_parse_onyx_pfc(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	struct fa_onyx_pfc st = {-1, -1, 0};
	struct fa_onyx_lines it;
	char *line, *k, *v;
	int r;

	if (fa_onyx_is_json(cap)) {
		r = fa_onyx_pfc_json(cap, device, err, &st);
		if (r)
			return r;
		goto check;
	}
	fa_onyx_lines_init(&it, cap);
	while ((line = fa_onyx_lines_next(&it))) {
		char *t = line + fa_onyx_indent(line);
		char name[64], admin[32], oper[32], extra[8];

		if (fa_onyx_is_error(t)) {
			r = fa_err_at(err, FA_EPARSE, cap->command, 0, 0, "device error: %s", t);
			free(line);
			return r;
		}
		if (!*t || *t == '-' || fa_onyx_is_prompt(line, NULL) ||
		    strncmp(t, "Interface ", 10) == 0) {
			/* blank, rule, prompt, table header */
		} else if (sscanf(t, "%63s %31s %31s %7s", name, admin, oper, extra) == 3 &&
			   fa_onyx_is_port_name(name)) {
			fa_onyx_pfc_port(device, cap->command, &st, name, oper);
		} else if (fa_onyx_kv(t, &k, &v)) {
			fa_onyx_pfc_global(device, cap->command, &st, k, v);
		} else {
			fa_device_warn(device, "%s: line not understood: '%s'", cap->command, t);
		}
		free(line);
	}
check:
	if (st.global < 0 && !st.rows)
		return fa_err_at(err, FA_EPARSE, cap->command, 0, 0,
				 "neither the PFC state nor any interface in the output");
	return 0;
}

/* ---- ETS ------------------------------------------------------------------------------- */

struct fa_onyx_ets {
	json_t *port;
	char *name;
	const char *tsa[8];
	int bw[8];
	int prio_tc[8];
	int ntc, nprio;
};

static void fa_onyx_ets_flush(json_t *device, const char *cmd, struct fa_onyx_ets *e)
{
	int i;

	if (e->port && e->ntc == 8) {
		json_t *tsa = json_array(), *bw = json_array();

		for (i = 0; i < 8; i++) {
			json_array_append_new(tsa, json_string(e->tsa[i]));
			json_array_append_new(bw, json_integer(e->bw[i]));
		}
		fa_set(e->port, "qos.ets.tsa", tsa);
		fa_set(e->port, "qos.ets.bandwidth", bw);
	} else if (e->port && e->ntc) {
		fa_device_warn(device, "%s: %s: %d of 8 traffic classes listed; ETS not recorded",
			       cmd, e->name, e->ntc);
	}
	if (e->port && e->nprio == 8) {
		json_t *map = json_array();

		for (i = 0; i < 8; i++)
			json_array_append_new(map, json_integer(e->prio_tc[i]));
		fa_set(e->port, "qos.priority_to_tc", map);
	} else if (e->port && e->nprio) {
		fa_device_warn(device, "%s: %s: %d of 8 priorities mapped; map not recorded", cmd,
			       e->name, e->nprio);
	}
	free(e->name);
	memset(e, 0, sizeof(*e));
	for (i = 0; i < 8; i++)
		e->prio_tc[i] = -1;
}

static bool fa_onyx_small(const char *s, int *ret)
{
	if (s[0] < '0' || s[0] > '7' || s[1])
		return false;
	*ret = s[0] - '0';
	return true;
}

/* One table row of @t; false when it is not an ETS row. */
static bool fa_onyx_ets_row(json_t *device, const char *cmd, struct fa_onyx_ets *e, const char *t)
{
	char a[32], b[32], c[32];
	int n = sscanf(t, "%31s %31s %31s", a, b, c), x, y;

	if (n >= 2 && fa_onyx_small(a, &x) && !isdigit((unsigned char)b[0])) {
		const char *tsa;

		if (strcasecmp(b, "WRR") == 0 || strcasecmp(b, "ETS") == 0 ||
		    strcasecmp(b, "DWRR") == 0)
			tsa = "ets";
		else if (strcasecmp(b, "Strict") == 0 || strcasecmp(b, "SP") == 0)
			tsa = "strict";
		else
			return false;
		if (!e->port) {
			fa_device_warn(device, "%s: a traffic class row outside an interface", cmd);
			return true;
		}
		if (e->tsa[x] == NULL)
			e->ntc++;
		e->tsa[x] = tsa;
		if (strcmp(tsa, "strict") == 0) {
			e->bw[x] = 0;
		} else if (n == 3 && isdigit((unsigned char)c[0])) {
			e->bw[x] = atoi(c);
		} else {
			fa_device_warn(device, "%s: %s: TC %d has no bandwidth share", cmd, e->name,
				       x);
			e->tsa[x] = NULL;
			e->ntc--;
		}
		return true;
	}
	if (n == 2 && fa_onyx_small(a, &x) && fa_onyx_small(b, &y)) {
		if (!e->port) {
			fa_device_warn(device, "%s: a priority row outside an interface", cmd);
			return true;
		}
		if (e->prio_tc[x] < 0)
			e->nprio++;
		e->prio_tc[x] = y;
		return true;
	}
	return false;
}

/*
 * One "ETS per TC" row of the json-print form: {"3": [{"S.Mode": "WRR", "W(%)": "17", ...}]}.
 * The share is the "W(%)" column (the "W" column is the configured weight).
 */
static void fa_onyx_ets_json_tc(json_t *device, const char *cmd, struct fa_onyx_ets *e,
				const char *tc, json_t *v)
{
	json_t *row = fa_onyx_entry(v);
	const char *mode = json_string_value(json_object_get(row, "S.Mode"));
	const char *w = json_string_value(json_object_get(row, "W(%)"));
	char line[64];
	int x;

	if (!fa_onyx_small(tc, &x) || !mode) {
		fa_device_warn(device, "%s: %s: ETS row '%s' not understood", cmd, e->name, tc);
		return;
	}
	/* the same row the text table prints: "<tc> <mode> <share>" */
	snprintf(line, sizeof(line), "%d %.16s %.8s", x, mode, w ? w : "");
	if (!fa_onyx_ets_row(device, cmd, e, line))
		fa_device_warn(device, "%s: %s: TC %d mode '%s' not understood", cmd, e->name, x,
			       mode);
}

/*
 * json-print: [{"Eth1/1": [{...settings}, {"Flags": [...]}, {"ETS per TC": [{"0": [...],
 * ...}]}]}, ...], or one object holding the interfaces.
 */
static void fa_onyx_ets_json_obj(json_t *device, const char *cmd, struct fa_onyx_ets *e,
				 json_t *obj, int *nports)
{
	const char *name, *k;
	json_t *v, *sec, *tcs, *t, *row;
	size_t i, j;

	json_object_foreach(obj, name, v)
	{
		if (!fa_onyx_is_port_name(name)) {
			fa_device_warn(device, "%s: '%s' is not an interface", cmd, name);
			continue;
		}
		fa_onyx_ets_flush(device, cmd, e);
		e->name = fa_xstrdup(name);
		e->port = fa_device_port(device, name);
		if (!fa_get_str(e->port, "type"))
			fa_set_str(e->port, "type", fa_onyx_port_type(name));
		(*nports)++;
		if (json_is_object(v))
			v = json_pack("[O]", v);
		else
			json_incref(v);
		json_array_foreach(v, i, sec)
		{
			tcs = json_object_get(sec, "ETS per TC");
			if (json_is_object(tcs))
				tcs = json_pack("[O]", tcs);
			else
				json_incref(tcs);
			json_array_foreach(tcs, j, t)
			{
				json_object_foreach(t, k, row)
				{
					fa_onyx_ets_json_tc(device, cmd, e, k, row);
				}
			}
			json_decref(tcs);
		}
		json_decref(v);
	}
}

static int fa_onyx_ets_json(const struct fa_capture *cap, json_t *device, struct fa_err *err,
			    struct fa_onyx_ets *e, int *nports)
{
	json_t *root = NULL, *o;
	size_t i;
	int r;

	r = fa_onyx_json(cap, &root, err);
	if (r)
		return r;
	if (json_is_object(root))
		fa_onyx_ets_json_obj(device, cap->command, e, root, nports);
	json_array_foreach(root, i, o)
	{
		if (json_is_object(o))
			fa_onyx_ets_json_obj(device, cap->command, e, o, nports);
	}
	json_decref(root);
	return 0;
}

int fa_parse_onyx_ets(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	struct fa_onyx_ets e;
	struct fa_onyx_lines it;
	char *line, *k, *v;
	int nports = 0, i, r = 0;

	memset(&e, 0, sizeof(e));
	for (i = 0; i < 8; i++)
		e.prio_tc[i] = -1;
	if (fa_onyx_is_json(cap)) {
		r = fa_onyx_ets_json(cap, device, err, &e, &nports);
		if (r)
			goto out;
		goto flush;
	}
	fa_onyx_lines_init(&it, cap);
	while ((line = fa_onyx_lines_next(&it))) {
		size_t ind = fa_onyx_indent(line), len = strlen(line);
		char *t = line + ind;

		if (fa_onyx_is_error(t)) {
			r = fa_err_at(err, FA_EPARSE, cap->command, 0, 0, "device error: %s", t);
			free(line);
			goto out;
		}
		if (ind == 0 && len > 1 && line[len - 1] == ':') {
			line[len - 1] = '\0';
			if (fa_onyx_is_port_name(line)) {
				fa_onyx_ets_flush(device, cap->command, &e);
				e.name = fa_xstrdup(line);
				e.port = fa_device_port(device, line);
				if (!fa_get_str(e.port, "type"))
					fa_set_str(e.port, "type", fa_onyx_port_type(line));
				nports++;
				free(line);
				continue;
			}
			line[len - 1] = ':';
		}
		if (!*t || *t == '-' || fa_onyx_is_prompt(line, NULL) ||
		    strncmp(t, "TC ", 3) == 0 || strncmp(t, "Switch Priority", 15) == 0 ||
		    strncmp(t, "Switch-Priority", 15) == 0) {
			/* blank, rule, prompt, table header */
		} else if (fa_onyx_ets_row(device, cap->command, &e, t)) {
			/* done */
		} else if (!fa_onyx_kv(t, &k, &v)) {
			fa_device_warn(device, "%s: line not understood: '%s'", cap->command, t);
		}
		free(line);
	}
flush:
	fa_onyx_ets_flush(device, cap->command, &e);
	if (!nports)
		r = fa_err_at(err, FA_EPARSE, cap->command, 0, 0, "no interface in the output");
out:
	free(e.name);
	return r;
}
