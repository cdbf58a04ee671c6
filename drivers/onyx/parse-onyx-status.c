/* SPDX-License-Identifier: MIT */
/*
 * "show interfaces ethernet status": one row per port under a title line and a rule of dash
 * runs, one run under each title:
 *
 *   Port                   Operational state           Speed                  Negotiation
 *   ----                   -----------------           -----                  -----------
 *   Eth1/9/1               Up                          25G                     Auto
 *
 * Cells are left-aligned at their title but may start a blank or two past it ("Auto"
 * above), so a cell is a run of text between gaps of two or more blanks, given to the last
 * column that starts at or before it (one blank of slack).  Columns are found by title:
 *
 *   Port -> the port      Operational state -> oper_state    Speed -> speed
 *   Negotiation -> autoneg (Auto: true)                     MTU -> mtu
 *   Description -> description
 *
 * Other columns (later releases add some) are skipped.  "Unknown" and "N/A" set nothing.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "audit/model.h"
#include "drivers/onyx/parse-onyx.h"
#include "drivers/text/units.h"
#include "audit/util/banned.h"

#define FA_ST_MAXCOL 16

enum fa_st_col { FA_ST_PORT, FA_ST_OPER, FA_ST_SPEED, FA_ST_NEG, FA_ST_MTU, FA_ST_DESCR, FA_ST_N };

static const char *const fa_st_titles[FA_ST_N] = {
	[FA_ST_PORT] = "Port",	  [FA_ST_OPER] = "Operational state", [FA_ST_SPEED] = "Speed",
	[FA_ST_NEG] = "Negotiation", [FA_ST_MTU] = "MTU",	      [FA_ST_DESCR] = "Description",
};

struct fa_st_table {
	size_t ncols;
	size_t start[FA_ST_MAXCOL]; /* where each title starts */
	int field[FA_ST_MAXCOL];    /* enum fa_st_col, or -1 for a column not read */
};

/* Is @line made of dash runs and blanks only? */
static bool fa_st_is_rule(const char *line)
{
	return line[0] == '-' && line[strspn(line, "- ")] == '\0';
}

/* The titles of @title over the dash runs of @rule; false when they do not line up. */
static bool fa_st_columns(const char *title, const char *rule, struct fa_st_table *t)
{
	size_t i = 0, tl = strlen(title);
	int f;

	t->ncols = 0;
	while (rule[i]) {
		size_t s, e, n;

		if (rule[i] == ' ') {
			i++;
			continue;
		}
		if (t->ncols == FA_ST_MAXCOL)
			return false;
		s = i;
		while (rule[i] == '-')
			i++;
		/* the title ends at two blanks: "Operational state" holds one */
		e = s;
		while (e < tl && !(title[e] == ' ' && (e + 1 >= tl || title[e + 1] == ' ')))
			e++;
		if (s >= tl)
			return false;
		n = e - s;
		t->start[t->ncols] = s;
		t->field[t->ncols] = -1;
		for (f = 0; f < FA_ST_N; f++)
			if (strlen(fa_st_titles[f]) == n && strncmp(title + s, fa_st_titles[f], n) == 0)
				t->field[t->ncols] = f;
		t->ncols++;
	}
	return t->ncols > 0 && t->field[0] == FA_ST_PORT;
}

static void fa_st_cell(json_t *device, const char *cmd, json_t *port, const char *name, int f,
		       const char *v)
{
	int64_t n;

	if (fa_onyx_is_na(v) || strcasecmp(v, "Unknown") == 0)
		return;
	switch (f) {
	case FA_ST_OPER:
		if (strncasecmp(v, "Up", 2) == 0 && (!v[2] || v[2] == ' '))
			fa_set_str(port, "oper_state", "up");
		else if (strncasecmp(v, "Down", 4) == 0 && (!v[4] || v[4] == ' '))
			fa_set_str(port, "oper_state", "down");
		else
			fa_device_warn(device, "%s: %s: unknown oper_state '%s'", cmd, name, v);
		break;
	case FA_ST_SPEED:
		if (fa_parse_speed(v, 1000000000, &n) && n > 0)
			fa_set_int(port, "speed", n);
		else
			fa_device_warn(device, "%s: %s: speed '%s' not understood", cmd, name, v);
		break;
	case FA_ST_NEG:
		if (strcasecmp(v, "Auto") == 0)
			fa_set_bool(port, "autoneg", true);
		else
			fa_device_warn(device, "%s: %s: negotiation '%s' not understood", cmd, name,
				       v);
		break;
	case FA_ST_MTU:
		if (fa_parse_int(v, &n) && n > 0)
			fa_set_int(port, "mtu", n);
		else
			fa_device_warn(device, "%s: %s: MTU '%s' not understood", cmd, name, v);
		break;
	case FA_ST_DESCR:
		fa_set_str(port, "description", v);
		break;
	default:
		break;
	}
}

static void fa_st_row(json_t *device, const char *cmd, const struct fa_st_table *t, char *line)
{
	size_t cs[FA_ST_MAXCOL] = {0}, ce[FA_ST_MAXCOL] = {0};
	size_t i = 0, c, len = strlen(line);
	json_t *port;

	while (i < len) {
		size_t s;

		if (line[i] == ' ') {
			i++;
			continue;
		}
		s = i;
		while (i < len && !(line[i] == ' ' && (i + 1 >= len || line[i + 1] == ' ')))
			i++;
		for (c = t->ncols; c > 0 && t->start[c - 1] > s + 1; c--)
			;
		if (c == 0 || ce[c - 1]) {
			fa_device_warn(device, "%s: line not understood: '%s'", cmd, line);
			return;
		}
		cs[c - 1] = s;
		ce[c - 1] = i;
	}
	if (!ce[0]) {
		fa_device_warn(device, "%s: line not understood: '%s'", cmd, line);
		return;
	}
	for (c = 0; c < t->ncols; c++)
		if (ce[c])
			line[ce[c]] = '\0';
	if (!fa_onyx_is_port_name(line + cs[0])) {
		fa_device_warn(device, "%s: '%s' is not a port", cmd, line + cs[0]);
		return;
	}
	port = fa_device_port(device, line + cs[0]);
	if (!fa_get_str(port, "type"))
		fa_set_str(port, "type", fa_onyx_port_type(line + cs[0]));
	for (c = 1; c < t->ncols; c++)
		if (ce[c] && t->field[c] >= 0)
			fa_st_cell(device, cmd, port, line + cs[0], t->field[c], line + cs[c]);
}

int fa_parse_onyx_status(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	struct fa_st_table t = {0};
	struct fa_onyx_lines it;
	char *line, *title = NULL;
	bool in_table = false;
	int r = 0;

	fa_onyx_lines_init(&it, cap);
	while ((line = fa_onyx_lines_next(&it))) {
		if (fa_onyx_is_error(line)) {
			r = fa_err_at(err, FA_EPARSE, cap->command, 0, 0, "device error: %s", line);
			free(line);
			break;
		}
		if (!*line || fa_onyx_is_prompt(line, NULL)) {
			free(line);
			continue;
		}
		if (!in_table && title && fa_st_is_rule(line)) {
			in_table = fa_st_columns(title, line, &t);
			if (!in_table)
				fa_device_warn(device, "%s: table '%s' not understood", cap->command,
					       title);
		} else if (in_table) {
			fa_st_row(device, cap->command, &t, line);
		}
		free(title);
		title = line;
	}
	free(title);
	if (!r && !in_table)
		r = fa_err_at(err, FA_EPARSE, cap->command, 0, 0,
			      "no 'Port  Operational state ...' table");
	return r;
}
