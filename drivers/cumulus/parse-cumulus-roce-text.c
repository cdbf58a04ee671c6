/* SPDX-License-Identifier: MIT */
/*
 * "nv show qos roce" as a table (NVUE's default output), for captures a user brings.  The
 * collector sends "-o json" (parse-cumulus-roce.c); this reads the table into the same tree
 * and hands it to the same code, so both forms give the same model fields.
 *
 * The table (5.12; 5.4 adds a "description" column and prints cable-length at the top):
 *
 *                       operational  applied
 *   ------------------  -----------  --------
 *   enable                           on
 *   mode                lossless     lossless
 *   pfc
 *     pfc-priority      3
 *   congestion-control
 *     max-threshold     1.43 MB
 *   RoCE PCP/DSCP->SP mapping configurations
 *   ===========================================
 *          pcp  dscp                     switch-prio
 *       -  ---  -----------------------  -----------
 *       0  0    0,1,2,3,4,5,6,7          0
 *
 * Key rows: the key is cut at the first value column, indentation nests it under the key row
 * above with no value ("pfc"), so "pfc-priority 3" is the member "pfc": {"pfc-priority": "3"}
 * of the JSON form.  The columns are found by name in the header ("operational", "applied",
 * "description") and cut at the dash runs of the line under it, since the values have blanks
 * ("1.43 MB") and the cells are often empty.
 *
 * Sub-tables: a title line over a line of "=", then a header and dashes; the first, unnamed,
 * column is the row's key, the others are the row's members by their header name.  The
 * titles name the JSON form's maps: "RoCE PCP/DSCP->SP mapping configurations" is "prio-map",
 * "RoCE SP->TC mapping and ETS configurations" "tc-map", "RoCE pool config" "pool-map",
 * "Exception List" "exception-list"; "No Data" under a title is an empty table.
 *
 * The operational column is read: it is the effective state, and it is what the JSON form (NVUE's
 * operational view) carries.  A value printed only under "applied" is configuration that the
 * operational state does not show, and is not read, except "enable": NVUE prints it only
 * under "applied" (both documented layouts and the real capture of SOURCES.md), and the JSON
 * form's "enable": "off" (RoCE disabled, the mode "off") would otherwise never be seen.
 *
 * A row that is not understood (text across a column edge, no key, a sub-table without its
 * header, an unknown sub-table) and a cell NVUE cut short with "…" are warnings and not read.
 * Lines of "..." (an excerpt pasted with elisions) are one warning: what they stood for is
 * missing.  Output without the header ("Error: ..." or another command's) is -FA_EPARSE.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/cumulus/parse-cumulus-int.h"
#include "drivers/cumulus/parse-cumulus.h"
#include "drivers/platform.h"
#include "drivers/text/textscan.h"
#include "audit/util/xalloc.h"
#include "audit/util/banned.h"

#define FA_CMD_ROCE_TEXT "nv show qos roce"
#define FA_MAX_COLS 16
#define FA_MAX_DEPTH 8
#define FA_ELLIPSIS "\xe2\x80\xa6"

struct fa_rtable {
	size_t ncols;
	size_t start[FA_MAX_COLS];
	struct fa_textscan_span name[FA_MAX_COLS];
};

struct fa_rtext {
	json_t *device;
	const char *cmd;
	struct fa_textscan_span *lines;
	size_t nlines;
	bool elided;
};

static const struct {
	const char *title;
	const char *member;
} fa_rtitles[] = {
	{ "RoCE PCP/DSCP->SP mapping configurations", "prio-map" },
	{ "RoCE SP->TC mapping and ETS configurations", "tc-map" },
	{ "RoCE pool config", "pool-map" },
	{ "Exception List", "exception-list" },
};

/* A line of @c (dashes, or "=" under a title) in runs between blanks; NVUE may end with "…". */
static bool fa_rule_of(struct fa_textscan_span l, char c)
{
	size_t i;
	bool seen = false;

	for (i = 0; i < l.len; i++) {
		if (l.ptr[i] == c)
			seen = true;
		else if (l.ptr[i] != ' ' && (unsigned char)l.ptr[i] < 0x80)
			return false;
	}
	return seen;
}

static bool fa_is_elision(struct fa_textscan_span l)
{
	struct fa_textscan_span t = fa_textscan_trim(l);

	return fa_textscan_eq(t, "...") || fa_textscan_eq(t, FA_ELLIPSIS);
}

/* Cell @i of @line: from its column's start to the next one's, trimmed. */
static struct fa_textscan_span fa_rcell(const struct fa_rtable *t, struct fa_textscan_span line,
					size_t i)
{
	return fa_textscan_cut(line, t->start[i], i + 1 < t->ncols ? t->start[i + 1] : line.len);
}

/* Columns from the header @head and the dashes @rule under it. */
static void fa_rtable_columns(struct fa_rtable *t, struct fa_textscan_span head,
			      struct fa_textscan_span rule)
{
	size_t i;

	t->ncols = 0;
	for (i = 0; i < rule.len && t->ncols < FA_MAX_COLS; i++)
		if (rule.ptr[i] == '-' && (i == 0 || rule.ptr[i - 1] == ' '))
			t->start[t->ncols++] = i;
	for (i = 0; i < t->ncols; i++)
		t->name[i] = fa_rcell(t, head, i);
}

/* True when a word of @line runs across a column edge (the row does not fit the header). */
static bool fa_rstraddles(const struct fa_rtable *t, struct fa_textscan_span line)
{
	size_t i, b;

	for (i = 1; i < t->ncols; i++) {
		b = t->start[i];
		if (b > 0 && b < line.len && line.ptr[b - 1] != ' ' && line.ptr[b] != ' ')
			return true;
	}
	return false;
}

/* @cell as a JSON string, or NULL (with a warning about @what) when NVUE cut it short. */
static json_t *fa_rvalue(struct fa_rtext *rt, struct fa_textscan_span cell, const char *what)
{
	if (fa_textscan_find(cell, FA_ELLIPSIS) >= 0) {
		fa_device_warn(rt->device, "%s: %s: a cut value (\"%.*s\") is not read", rt->cmd,
			       what, (int)cell.len, cell.ptr);
		return NULL;
	}
	return fa_json_stringn(cell.ptr, cell.len);
}

/* @obj[@key] = @v (taking @v); the key's text as the model's strings are (fa_json_stringn). */
static void fa_rset(json_t *obj, struct fa_textscan_span key, json_t *v)
{
	json_t *k = fa_json_stringn(key.ptr, key.len);

	json_object_set_new(obj, json_string_value(k), v);
	json_decref(k);
}

static void fa_rwarn_row(struct fa_rtext *rt, const char *where, struct fa_textscan_span line)
{
	struct fa_textscan_span t = fa_textscan_trim(line);

	fa_device_warn(rt->device, "%s: %s row not understood: %.*s", rt->cmd, where,
		       (int)(t.len < 80 ? t.len : 80), t.ptr);
}

/*
 * The sub-table whose title is line @i (the "=" line is @i + 1) into @root; returns the index
 * of the first line after it.
 */
static size_t fa_rsubtable(struct fa_rtext *rt, json_t *root, size_t i)
{
	struct fa_textscan_span title = fa_textscan_trim(rt->lines[i]), line, key;
	const char *member = NULL;
	struct fa_rtable t = { 0 };
	json_t *table, *row, *v;
	size_t j, k, c;
	char what[96];

	for (k = 0; k < sizeof(fa_rtitles) / sizeof(fa_rtitles[0]); k++)
		if (fa_textscan_eq(title, fa_rtitles[k].title))
			member = fa_rtitles[k].member;
	if (!member)
		fa_device_warn(rt->device, "%s: table \"%.*s\" not read", rt->cmd, (int)title.len,
			       title.ptr);
	for (j = i + 2; j < rt->nlines && fa_textscan_is_blank(rt->lines[j]); j++)
		;
	if (j < rt->nlines && fa_textscan_eq(fa_textscan_trim(rt->lines[j]), "No Data")) {
		if (member)
			json_object_set_new(root, member, json_object());
		return j + 1;
	}
	if (j + 1 >= rt->nlines || !fa_rule_of(rt->lines[j + 1], '-') ||
	    fa_textscan_indent(rt->lines[j]) == 0) {
		if (member)
			fa_device_warn(rt->device, "%s: table \"%s\" has no header; not read",
				       rt->cmd, member);
		/* skip its rows: everything indented, up to the next title */
		for (; j < rt->nlines; j++)
			if (!fa_textscan_is_blank(rt->lines[j]) &&
			    fa_textscan_indent(rt->lines[j]) == 0 && !fa_is_elision(rt->lines[j]))
				break;
		return j;
	}
	fa_rtable_columns(&t, rt->lines[j], rt->lines[j + 1]);
	table = json_object();
	for (j += 2; j < rt->nlines; j++) {
		line = rt->lines[j];
		if (fa_textscan_is_blank(line))
			continue;
		if (fa_is_elision(line)) {
			rt->elided = true;
			continue;
		}
		if (fa_textscan_indent(line) < t.start[0])
			break;
		key = fa_rcell(&t, line, 0);
		if (!key.len || fa_rstraddles(&t, line)) {
			fa_rwarn_row(rt, member ? member : "table", line);
			continue;
		}
		row = json_object();
		for (c = 1; c < t.ncols; c++) {
			struct fa_textscan_span cell = fa_rcell(&t, line, c);

			if (!cell.len || !t.name[c].len)
				continue;
			snprintf(what, sizeof(what), "%s row %.*s %.*s", member ? member : "table",
				 (int)(key.len < 16 ? key.len : 16), key.ptr,
				 (int)(t.name[c].len < 32 ? t.name[c].len : 32), t.name[c].ptr);
			v = fa_rvalue(rt, cell, what);
			if (v)
				fa_rset(row, t.name[c], v);
		}
		fa_rset(table, key, row);
	}
	if (member)
		json_object_set_new(root, member, table);
	else
		json_decref(table);
	return j;
}

/* True when the next line with text after @i is indented deeper than @indent. */
static bool fa_rhas_children(const struct fa_rtext *rt, size_t i, size_t indent)
{
	for (i++; i < rt->nlines; i++)
		if (!fa_textscan_is_blank(rt->lines[i]))
			return fa_textscan_indent(rt->lines[i]) > indent &&
			       !fa_is_elision(rt->lines[i]);
	return false;
}

/*
 * The key rows and sub-tables from line @i on into @root; @oper and @applied are the columns
 * of those names (@applied 0 when there is none).
 */
static void fa_rrows(struct fa_rtext *rt, const struct fa_rtable *t, size_t oper, size_t applied,
		     json_t *root, size_t i)
{
	json_t *stack[FA_MAX_DEPTH];
	size_t indents[FA_MAX_DEPTH], depth = 0;

	while (i < rt->nlines) {
		struct fa_textscan_span line = rt->lines[i], key, val = { NULL, 0 }, app = { NULL, 0 };
		size_t indent = fa_textscan_indent(line);
		json_t *parent, *v;
		char what[64];

		if (fa_textscan_is_blank(line)) {
			i++;
			continue;
		}
		if (fa_is_elision(line)) {
			rt->elided = true;
			i++;
			continue;
		}
		if (indent == 0 && i + 1 < rt->nlines && fa_rule_of(rt->lines[i + 1], '=')) {
			i = fa_rsubtable(rt, root, i);
			depth = 0;
			continue;
		}
		while (depth && indents[depth - 1] >= indent)
			depth--;
		key = fa_rcell(t, line, 0);
		/* an indented row needs a key row above it to nest under */
		if (!key.len || fa_textscan_find(key, " ") >= 0 || fa_rstraddles(t, line) ||
		    (indent && !depth)) {
			fa_rwarn_row(rt, "key", line);
			i++;
			continue;
		}
		parent = depth ? stack[depth - 1] : root;
		val = fa_rcell(t, line, oper);
		if (applied)
			app = fa_rcell(t, line, applied);
		if (!val.len && !app.len && fa_rhas_children(rt, i, indent)) {
			if (depth == FA_MAX_DEPTH) {
				fa_rwarn_row(rt, "key", line);
				i++;
				continue;
			}
			v = json_object();
			fa_rset(parent, key, v);
			stack[depth] = v;
			indents[depth++] = indent;
			i++;
			continue;
		}
		/* "enable" is printed under "applied" only (see the top of this file). */
		if (!val.len && !depth && fa_textscan_eq(key, "enable"))
			val = app;
		snprintf(what, sizeof(what), "%.*s", (int)(key.len < 48 ? key.len : 48), key.ptr);
		if (val.len && (v = fa_rvalue(rt, val, what)))
			fa_rset(parent, key, v);
		i++;
	}
}

int fa_parse_cumulus_roce_text(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	struct fa_rtext rt = { device, fa_cumulus_cmd(cap, FA_CMD_ROCE_TEXT), NULL, 0, false };
	struct fa_textscan_span line;
	struct fa_textscan ts;
	struct fa_rtable t = { 0 };
	json_t *root = NULL;
	size_t i, c, oper = 0, applied = 0, cap_lines = 0;
	int ret;

	fa_textscan_init(&ts, cap->data ? cap->data : "", cap->data ? cap->len : 0);
	while (fa_textscan_next(&ts, &line)) {
		if (rt.nlines == cap_lines) {
			cap_lines = cap_lines ? 2 * cap_lines : 64;
			rt.lines = fa_xrealloc(rt.lines, cap_lines * sizeof(*rt.lines));
		}
		rt.lines[rt.nlines++] = line;
	}
	for (i = 0; i < rt.nlines; i++)
		if (!fa_textscan_is_blank(rt.lines[i]))
			break;
	if (i == rt.nlines) {
		ret = fa_err_set(err, FA_EPARSE, "%s: empty output", rt.cmd);
		goto out;
	}
	line = rt.lines[i];
	if (!(fa_textscan_find(line, "operational") >= 0 && i + 1 < rt.nlines &&
	      fa_rule_of(rt.lines[i + 1], '-'))) {
		ret = fa_err_set(err, FA_EPARSE,
				 "%s: no RoCE table (an \"operational\" header over a dashed line); "
				 "line 1: %.*s",
				 rt.cmd, (int)(line.len < 120 ? line.len : 120), line.ptr);
		goto out;
	}
	fa_rtable_columns(&t, line, rt.lines[i + 1]);
	for (c = 1; c < t.ncols; c++) {
		if (fa_textscan_eq(t.name[c], "operational"))
			oper = c;
		else if (fa_textscan_eq(t.name[c], "applied"))
			applied = c;
	}
	if (!oper || t.name[0].len || t.start[0] != 0) {
		ret = fa_err_set(err, FA_EPARSE, "%s: the header is not the RoCE table's: %.*s",
				 rt.cmd, (int)(line.len < 120 ? line.len : 120), line.ptr);
		goto out;
	}
	root = json_object();
	fa_rrows(&rt, &t, oper, applied, root, i + 2);
	if (rt.elided)
		fa_device_warn(device, "%s: lines elided with \"...\"; what they held is not read",
			       rt.cmd);
	ret = fa_cumulus_roce_apply(device, rt.cmd, root);
out:
	json_decref(root);
	free(rt.lines);
	return ret;
}
