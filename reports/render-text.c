/* SPDX-License-Identifier: MIT */
/*
 * Text output, for a person at a terminal or reading a cron mail.
 *
 * Layout: one headline (verdict and the summary numbers), one line naming the run, then the
 * findings grouped by severity (most severe first) in aligned columns with the message on its
 * own line under each row, then what the audit could not see (devices not collected, checks
 * not evaluable, the first few only) and parse warnings.  A clean run is three lines long.
 *
 * Columns and labels come from the section tables of report.c.  Column widths are computed
 * over all rows of a section (so groups line up) and capped, so one long subject does not push
 * every row off the screen; a longer cell just overflows its own row.
 *
 * Device-supplied text is shown with C0 and C1 controls, bytes that are not UTF-8 and the
 * Unicode bidi controls escaped (\xNN, \uNNNN; audit/util/termsafe.h), so nothing in a report
 * can move the cursor, retitle the terminal or reorder what the reader sees.  Colour is ANSI,
 * only when asked for.  A value longer than FA_REPORT_VALUE_MAX characters (a 100 KB device
 * string) is cut and marked "… N more characters", unless opts ask for full values.
 */
#include "config.h"

#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "audit/model.h"
#include "audit/util/termsafe.h"
#include "reports/render-int.h"
#include "audit/util/banned.h"

#define FA_TEXT_COL_MAX 60
#define FA_TEXT_MAX_FIELDS 16

#define FA_ANSI_RESET "\033[0m"
#define FA_ANSI_BOLD "\033[1m"

struct fa_text {
	struct fa_buf *out;
	bool color;
	bool full;	/* long values whole, not cut */
	bool explain;	/* each finding's fix under it */
};

static const char *fa_text_severity_color(const char *severity)
{
	switch (fa_severity_from_string(severity)) {
	case FA_SEVERITY_ERROR:
		return "\033[1;31m";
	case FA_SEVERITY_WARNING:
		return "\033[33m";
	case FA_SEVERITY_INFO:
		return "\033[36m";
	default:
		return NULL;
	}
}

static const char *fa_text_verdict_color(const char *verdict)
{
	if (!verdict)
		return NULL;
	if (!strcmp(verdict, "pass"))
		return "\033[1;32m";
	if (!strcmp(verdict, "fail"))
		return "\033[1;31m";
	if (!strcmp(verdict, "incomplete"))
		return "\033[1;33m";
	return NULL;
}

/* Append @len bytes of @s made safe for a terminal (audit/util/termsafe.h). */
static void fa_text_clean(struct fa_buf *out, const char *s, size_t len)
{
	fa_term_escape(out, s, len);
}

/* Columns a cleaned UTF-8 string takes (one per code point). */
static size_t fa_text_width(const char *s)
{
	size_t w = 0;

	for (; *s; s++)
		if (((unsigned char)*s & 0xc0) != 0x80)
			w++;
	return w;
}

static void fa_text_colored(struct fa_text *t, const char *color, const char *s)
{
	if (t->color && color)
		fa_buf_addf(t->out, "%s%s%s", color, s, FA_ANSI_RESET);
	else
		fa_buf_adds(t->out, s);
}

/* A device value: cleaned, and cut with its marker when long unless @full. */
static void fa_text_long(struct fa_buf *out, const char *s, size_t len, bool full)
{
	size_t rest = 0, cut = full ? len : fa_report_value_cut(s, len, &rest);

	fa_text_clean(out, s, cut);
	if (rest)
		fa_report_value_marker(out, rest);
}

/* The cell of @field in @item, cleaned (cut unless @full), "-" when absent. */
static void fa_text_cell(const json_t *item, const struct fa_report_field *field, bool full,
			 struct fa_buf *cell)
{
	struct fa_buf raw = FA_BUF_INIT;

	fa_buf_reset(cell);
	if (fa_report_field_text(item, field, &raw))
		fa_text_long(cell, raw.buf, raw.len, full);
	else
		fa_buf_addch(cell, '-');
	fa_buf_release(&raw);
}

static void fa_text_pad(struct fa_buf *out, size_t n)
{
	while (n--)
		fa_buf_addch(out, ' ');
}

/* Widths of the text columns of @section over @items (0 for fields that are no column). */
static void fa_text_widths(const struct fa_report_section *section, const json_t *items,
			   bool full, size_t *widths)
{
	struct fa_buf cell = FA_BUF_INIT;
	const json_t *item;
	size_t f, i, w;

	assert(section->nfields <= FA_TEXT_MAX_FIELDS);
	for (f = 0; f < section->nfields; f++)
		widths[f] = section->fields[f].flags & FA_RF_TEXT ?
				    fa_text_width(section->fields[f].label) : 0;
	json_array_foreach(items, i, item) {
		for (f = 0; f < section->nfields; f++) {
			if (!(section->fields[f].flags & FA_RF_TEXT))
				continue;
			fa_text_cell(item, &section->fields[f], full, &cell);
			w = fa_text_width(cell.buf);
			if (w > FA_TEXT_COL_MAX)
				w = FA_TEXT_COL_MAX;
			if (w > widths[f])
				widths[f] = w;
		}
	}
	fa_buf_release(&cell);
}

/* The index of the last text column, which is not padded (no trailing blanks). */
static size_t fa_text_last_column(const struct fa_report_section *section)
{
	size_t f, last = 0;

	for (f = 0; f < section->nfields; f++)
		if (section->fields[f].flags & FA_RF_TEXT)
			last = f;
	return last;
}

static void fa_text_header_row(struct fa_text *t, const struct fa_report_section *section,
			       const size_t *widths)
{
	size_t f, last = fa_text_last_column(section);
	const char *c;

	fa_buf_adds(t->out, "  ");
	if (t->color)
		fa_buf_adds(t->out, FA_ANSI_BOLD);
	for (f = 0; f < section->nfields; f++) {
		if (!(section->fields[f].flags & FA_RF_TEXT))
			continue;
		for (c = section->fields[f].label; *c; c++)
			fa_buf_addch(t->out, (char)toupper((unsigned char)*c));
		if (f != last)
			fa_text_pad(t->out, widths[f] - fa_text_width(section->fields[f].label) + 2);
	}
	if (t->color)
		fa_buf_adds(t->out, FA_ANSI_RESET);
	fa_buf_addch(t->out, '\n');
}

static void fa_text_row(struct fa_text *t, const struct fa_report_section *section,
			const size_t *widths, const json_t *item)
{
	struct fa_buf cell = FA_BUF_INIT;
	size_t f, w, last = fa_text_last_column(section);
	const struct fa_report_field *field;

	fa_buf_adds(t->out, "  ");
	for (f = 0; f < section->nfields; f++) {
		field = &section->fields[f];
		if (!(field->flags & FA_RF_TEXT))
			continue;
		fa_text_cell(item, field, t->full, &cell);
		fa_text_colored(t, field->flags & FA_RF_SEVERITY ?
				fa_text_severity_color(cell.buf) : NULL, cell.buf);
		w = fa_text_width(cell.buf);
		if (f != last)
			fa_text_pad(t->out, (w < widths[f] ? widths[f] - w : 0) + 2);
	}
	fa_buf_addch(t->out, '\n');
	for (f = 0; f < section->nfields; f++) {
		field = &section->fields[f];
		/* an optional line (a finding's related findings) is left out when absent */
		if (!(field->flags & FA_RF_TEXT_LINE) || !fa_obj_get_path(item, field->key))
			continue;
		fa_text_cell(item, field, t->full, &cell);
		fa_buf_adds(t->out, "      ");
		fa_buf_add(t->out, cell.buf, cell.len);
		fa_buf_addch(t->out, '\n');
	}
	fa_buf_release(&cell);
}

/* A blank line and the heading "@title (@count[, first @max])". */
static void fa_text_title(struct fa_text *t, const char *color, const char *title,
			  long long count, size_t shown)
{
	fa_buf_addch(t->out, '\n');
	fa_text_colored(t, color, title);
	fa_buf_addf(t->out, " (%lld", count);
	if ((long long)shown < count)
		fa_buf_addf(t->out, ", first %zu", shown);
	fa_buf_adds(t->out, ")\n");
}

/* One summary number: "label value" (value "-" when the report lacks it). */
static void fa_text_summary_item(struct fa_text *t, const json_t *report, const char *key)
{
	const struct fa_report_field *field = fa_report_field_find(&fa_report_summary, key);
	struct fa_buf cell = FA_BUF_INIT;

	fa_text_cell(report, field, t->full, &cell);
	fa_buf_addf(t->out, "%s %s", field->label, cell.buf);
	fa_buf_release(&cell);
}

/* "label a of b" for a pair of summary numbers. */
static void fa_text_summary_ratio(struct fa_text *t, const json_t *report, const char *key,
				  const char *total_key)
{
	const struct fa_report_field *total = fa_report_field_find(&fa_report_summary, total_key);
	struct fa_buf cell = FA_BUF_INIT;

	fa_text_summary_item(t, report, key);
	fa_text_cell(report, total, t->full, &cell);
	fa_buf_addf(t->out, " of %s", cell.buf);
	fa_buf_release(&cell);
}

static void fa_text_headline(struct fa_text *t, const json_t *report)
{
	const char *verdict = fa_report_str(report, "summary.verdict");
	const char *name = verdict ? verdict : "unknown";
	struct fa_buf cell = FA_BUF_INIT;
	char *c;
	int s;

	fa_text_clean(&cell, name, strlen(name));
	for (c = cell.buf; *c; c++)
		*c = (char)toupper((unsigned char)*c);
	fa_text_colored(t, fa_text_verdict_color(verdict), cell.buf);
	fa_buf_adds(t->out, "  ");
	fa_text_summary_item(t, report, "summary.findings");
	fa_buf_adds(t->out, " (");
	for (s = 0; s < FA_SEVERITY_COUNT; s++) {
		char key[64];

		snprintf(key, sizeof(key), "summary.by_severity.%s", fa_severity_to_string(s));
		if (s)
			fa_buf_adds(t->out, ", ");
		fa_text_summary_item(t, report, key);
	}
	fa_buf_adds(t->out, ")  ");
	/* reports written before root causes were grouped have no count */
	if (fa_report_int(report, "summary.root_causes", -1) >= 0) {
		fa_text_summary_item(t, report, "summary.root_causes");
		fa_buf_adds(t->out, "  ");
	}
	fa_text_summary_ratio(t, report, "coverage.devices.ok", "coverage.devices.total");
	fa_buf_adds(t->out, "  ");
	fa_text_summary_ratio(t, report, "summary.rules_failed", "summary.rules");
	fa_buf_adds(t->out, "  ");
	fa_text_summary_item(t, report, "summary.checks");
	fa_buf_adds(t->out, "  ");
	fa_text_summary_item(t, report, "summary.not_evaluable");
	fa_buf_addch(t->out, '\n');
	fa_buf_release(&cell);
}

/* "report <created> by <tool> <version> on <source> (snapshot <created>)", parts present. */
static void fa_text_run_line(struct fa_text *t, const json_t *report)
{
	static const struct {
		const char *prefix, *key, *suffix;
	} parts[] = {
		{ "report ", "created", "" },
		{ "by ", "tool.name", "" },
		{ "", "tool.version", "" },
		{ "on ", "snapshot.source", "" },
		{ "(snapshot ", "snapshot.created", ")" },
	};
	struct fa_buf line = FA_BUF_INIT;
	const char *v;
	size_t i;

	for (i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
		v = fa_report_str(report, parts[i].key);
		if (!v)
			continue;
		if (line.len)
			fa_buf_addch(&line, ' ');
		fa_buf_adds(&line, parts[i].prefix);
		fa_text_clean(&line, v, strlen(v));
		fa_buf_adds(&line, parts[i].suffix);
	}
	if (line.len)
		fa_buf_addf(t->out, "%s\n", line.buf);
	fa_buf_release(&line);
}

/* --explain: "fix (PLATFORM): LINE" for each line of a finding's fix, device text cleaned. */
static void fa_text_fix(struct fa_text *t, const json_t *fix)
{
	const char *platform = json_string_value(json_object_get(fix, "platform"));
	const char *note = json_string_value(json_object_get(fix, "note"));
	const json_t *line;
	size_t i;

	if (!json_is_object(fix))
		return;
	if (note) {
		fa_buf_adds(t->out, "      fix note: ");
		fa_text_long(t->out, note, strlen(note), true);
		fa_buf_addch(t->out, '\n');
	}
	json_array_foreach(json_object_get(fix, "commands"), i, line) {
		const char *l = json_string_value(line);

		if (!l)
			continue;
		fa_buf_adds(t->out, "      fix (");
		fa_text_long(t->out, platform ? platform : "-", strlen(platform ? platform : "-"),
			     true);
		fa_buf_adds(t->out, "): ");
		fa_text_long(t->out, l, strlen(l), true);
		fa_buf_addch(t->out, '\n');
	}
}

static void fa_text_findings(struct fa_text *t, const json_t *report)
{
	const struct fa_report_section *sec = &fa_report_findings;
	const json_t *items = fa_report_items(report, sec);
	const json_t *item;
	size_t widths[FA_TEXT_MAX_FIELDS], i, n;
	int s;

	if (!items || json_array_size(items) == 0) {
		fa_buf_adds(t->out, "\nNo findings.\n");
		return;
	}
	fa_text_widths(sec, items, t->full, widths);
	/* The last pass (s == FA_SEVERITY_COUNT) keeps findings of an unknown severity. */
	for (s = 0; s <= FA_SEVERITY_COUNT; s++) {
		n = 0;
		json_array_foreach(items, i, item)
			if (fa_severity_from_string(fa_report_str(item, "severity")) ==
			    (s < FA_SEVERITY_COUNT ? s : -1))
				n++;
		if (n == 0)
			continue;
		fa_text_title(t, s < FA_SEVERITY_COUNT ?
				      fa_text_severity_color(fa_severity_to_string(s)) : NULL,
			      s < FA_SEVERITY_COUNT ? fa_severity_to_string(s) : "other",
			      (long long)n, n);
		fa_text_header_row(t, sec, widths);
		json_array_foreach(items, i, item) {
			if (fa_severity_from_string(fa_report_str(item, "severity")) !=
			    (s < FA_SEVERITY_COUNT ? s : -1))
				continue;
			fa_text_row(t, sec, widths, item);
			if (t->explain)
				fa_text_fix(t, json_object_get(item, "fix"));
		}
	}
}

/* A titled table of @section, at most @max rows (0 = all); nothing when it is empty. */
static void fa_text_table(struct fa_text *t, const json_t *report,
			  const struct fa_report_section *sec, long long count, size_t max)
{
	const json_t *items = fa_report_items(report, sec);
	size_t widths[FA_TEXT_MAX_FIELDS], i, n = items ? json_array_size(items) : 0;
	json_t *shown;

	if (count < (long long)n)
		count = (long long)n;
	if (count == 0)
		return;
	fa_text_title(t, t->color ? FA_ANSI_BOLD : NULL, sec->title, count,
		      max && n > max ? max : n);
	if (n == 0)
		return;
	shown = json_array();
	for (i = 0; i < n && (!max || i < max); i++)
		json_array_append(shown, json_array_get(items, i));
	fa_text_widths(sec, shown, t->full, widths);
	fa_text_header_row(t, sec, widths);
	for (i = 0; i < json_array_size(shown); i++)
		fa_text_row(t, sec, widths, json_array_get(shown, i));
	if ((long long)json_array_size(shown) < count)
		fa_buf_addf(t->out, "  ... and %lld more\n",
			    count - (long long)json_array_size(shown));
	json_decref(shown);
}

/* "accepted incomplete (--allow-incomplete): ..." when the run accepted an incomplete verdict. */
static void fa_text_accepted(struct fa_text *t, const json_t *report)
{
	const json_t *acc = fa_obj_get_path(report, "summary.accepted_incomplete"), *d;
	size_t i, n = json_array_size(json_object_get(acc, "devices"));

	if (!json_is_object(acc))
		return;
	fa_text_colored(t, fa_text_verdict_color("incomplete"), "accepted incomplete");
	fa_buf_addf(t->out, " (--allow-incomplete): %zu device%s not collected", n,
		    n == 1 ? "" : "s");
	json_array_foreach(json_object_get(acc, "devices"), i, d) {
		fa_buf_adds(t->out, i ? ", " : " (");
		if (json_is_string(d))
			fa_text_clean(t->out, json_string_value(d), json_string_length(d));
	}
	fa_buf_addf(t->out, "%s, %lld check%s not evaluable\n", n ? ")" : "",
		    fa_report_int(report, "summary.accepted_incomplete.not_evaluable", 0),
		    fa_report_int(report, "summary.accepted_incomplete.not_evaluable", 0) == 1 ?
		    "" : "s");
}

/* "packs a, b, c (sha256 0123456789abcdef)": which rules the verdict is about. */
static void fa_text_packs(struct fa_text *t, const json_t *report)
{
	const json_t *packs = fa_report_items(report, &fa_report_packs), *p;
	const char *digest = fa_report_str(report, "summary.packs_digest");
	size_t i;

	if (!packs)
		return;
	fa_buf_adds(t->out, "packs");
	json_array_foreach(packs, i, p) {
		const char *name = fa_report_str(p, "name");

		fa_buf_adds(t->out, i ? ", " : " ");
		if (name)
			fa_text_clean(t->out, name, strlen(name));
	}
	if (json_array_size(packs) == 0)
		fa_buf_adds(t->out, " (none)");
	if (digest) {
		fa_buf_adds(t->out, " (sha256 ");
		fa_text_clean(t->out, digest, strlen(digest) < 16 ? strlen(digest) : 16);
		fa_buf_adds(t->out, ")");
	}
	fa_buf_addch(t->out, '\n');
}

/*
 * Rules that applied to no subject, one line per reason: those whose where matched nothing
 * first (a typo in a role shows there), then those with no subject of their scope, then
 * those switched off by a parameter.  Many are normal (infiniband rules on a RoCE fabric),
 * so they are listed by id, not as a table.
 */
static void fa_text_unmatched(struct fa_text *t, const json_t *report)
{
	static const struct {
		const char *reason, *label;
	} kinds[] = {
		{ "where", "where matched nothing" },
		{ "no-subjects", "nothing in their scope, e.g. no cabling plan" },
		{ "parameter", "off until a parameter is set" },
	};
	const json_t *items = fa_report_items(report, &fa_report_unmatched), *r;
	size_t i, k, n;

	if (!items || json_array_size(items) == 0)
		return;
	fa_text_title(t, t->color ? FA_ANSI_BOLD : NULL, fa_report_unmatched.title,
		      (long long)json_array_size(items), json_array_size(items));
	for (k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
		n = 0;
		json_array_foreach(items, i, r)
			n += fa_report_str(r, "reason") &&
			     !strcmp(fa_report_str(r, "reason"), kinds[k].reason);
		if (!n)
			continue;
		fa_buf_addf(t->out, "  %s (%zu):", kinds[k].label, n);
		json_array_foreach(items, i, r) {
			const char *id = fa_report_str(r, "rule");

			if (!id || !fa_report_str(r, "reason") ||
			    strcmp(fa_report_str(r, "reason"), kinds[k].reason) != 0)
				continue;
			fa_buf_addch(t->out, ' ');
			fa_text_clean(t->out, id, strlen(id));
		}
		fa_buf_addch(t->out, '\n');
	}
}

int fa_render_text(const json_t *report, const struct fa_render_opts *opts, struct fa_buf *out,
		   struct fa_err *err)
{
	struct fa_text t = { out, opts->color, opts->full_values, opts->explain };
	size_t max = opts->not_evaluable_shown ? opts->not_evaluable_shown :
						  FA_REPORT_NOT_EVALUABLE_SHOWN;

	fa_text_headline(&t, report);
	fa_text_accepted(&t, report);
	fa_text_run_line(&t, report);
	fa_text_packs(&t, report);
	fa_text_findings(&t, report);
	fa_text_table(&t, report, &fa_report_waived, 0, 0);
	fa_text_table(&t, report, &fa_report_waivers, 0, 0);
	fa_text_table(&t, report, &fa_report_failed_devices, 0, 0);
	fa_text_table(&t, report, &fa_report_not_evaluable,
		      fa_report_int(report, "summary.not_evaluable", 0), max);
	fa_text_table(&t, report, &fa_report_warnings, 0, 0);
	fa_text_unmatched(&t, report);
	return 0;
}

/* ---- diff and gate ----------------------------------------------------------------------- */

/* The value of @key in @item as text, cleaned; "(absent)" when it is not there. */
static void fa_text_value(const json_t *item, const struct fa_report_section *sec,
			  const char *key, bool full, struct fa_buf *out)
{
	struct fa_buf raw = FA_BUF_INIT;

	fa_buf_reset(out);
	if (fa_report_field_text(item, fa_report_field_find(sec, key), &raw))
		fa_text_long(out, raw.buf, raw.len, full);
	else
		fa_buf_adds(out, "(absent)");
	fa_buf_release(&raw);
}

/* "VERDICT  changes N (allowed A, not allowed D)  expected missing M  devices changed K". */
static void fa_text_diff_headline(struct fa_text *t, const json_t *diff)
{
	static const char *const keys[] = {
		"summary.changes", "summary.allowed", "summary.disallowed",
		"summary.expected_missing", "summary.devices_changed",
	};
	const char *verdict = fa_report_str(diff, "summary.verdict");
	const struct fa_report_field *f;
	size_t i;

	fa_text_colored(t, fa_text_verdict_color(verdict),
			verdict && !strcmp(verdict, "pass") ? "PASS" :
			verdict && !strcmp(verdict, "fail") ? "FAIL" : "UNKNOWN");
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		f = fa_report_field_find(&fa_diff_summary, keys[i]);
		fa_buf_adds(t->out, i == 1 ? " (" : i == 2 ? ", " : i == 3 ? ")  " : "  ");
		fa_buf_addf(t->out, "%s %lld", f->label, fa_report_int(diff, keys[i], 0));
		/* diffs written before regressions were marked have no count */
		if (i == 3 && fa_report_int(diff, "summary.regressions", -1) >= 0)
			fa_buf_addf(t->out, "  regressions %lld",
				    fa_report_int(diff, "summary.regressions", 0));
	}
	fa_buf_addch(t->out, '\n');
}

/* "diff <created> by <tool> <version>: OLD (created) -> NEW (created), allow-list FILE". */
static void fa_text_diff_run_line(struct fa_text *t, const json_t *diff, const char *what)
{
	static const struct {
		const char *prefix, *key, *suffix;
	} parts[] = {
		{ "", "created", "" },
		{ "by ", "tool.name", "" },
		{ "", "tool.version", ":" },
		{ "", "old.source", "" },
		{ "(", "old.created", ")" },
		{ "-> ", "new.source", "" },
		{ "(", "new.created", ")" },
		{ "with allow-list ", "allow.source", "" },
	};
	const char *v;
	size_t i;

	fa_buf_adds(t->out, what);
	for (i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
		v = fa_report_str(diff, parts[i].key);
		if (!v)
			continue;
		fa_buf_addf(t->out, " %s", parts[i].prefix);
		fa_text_clean(t->out, v, strlen(v));
		fa_buf_adds(t->out, parts[i].suffix);
	}
	fa_buf_addch(t->out, '\n');
}

/* Width of the text of @key over the changes of @items from index @from to @to. */
static size_t fa_text_diff_width(const json_t *items, size_t from, size_t to, const char *key,
				 bool full)
{
	struct fa_buf cell = FA_BUF_INIT;
	size_t i, w = 0, cw;

	for (i = from; i < to; i++) {
		const json_t *c = json_array_get(items, i);

		if (!json_object_get(c, "field"))
			continue;
		fa_text_value(c, &fa_diff_changes, key, full, &cell);
		cw = fa_text_width(cell.buf);
		if (cw > FA_TEXT_COL_MAX)
			cw = FA_TEXT_COL_MAX;
		if (cw > w)
			w = cw;
	}
	fa_buf_release(&cell);
	return w;
}

/* The group a change belongs to: its device, or "" for a link. */
static const char *fa_text_change_group(const json_t *c)
{
	const char *kind = fa_report_str(c, "kind");

	return kind && !strcmp(kind, "link") ? "" : fa_report_str(c, "device") ?
	       fa_report_str(c, "device") : "";
}

static void fa_text_change(struct fa_text *t, const json_t *c, size_t wport, size_t wfield,
			   size_t wold, size_t wnew)
{
	struct fa_buf cell = FA_BUF_INIT;
	const char *kind = fa_report_str(c, "kind"), *op = fa_report_str(c, "op");
	bool allowed = json_is_true(json_object_get(c, "allowed"));
	size_t w;

	fa_buf_adds(t->out, "  ");
	if (!json_object_get(c, "field")) {
		/* A subject added or removed: its name and what happened. */
		fa_text_value(c, &fa_diff_changes, kind && !strcmp(kind, "device") ? "subject" :
			      kind && !strcmp(kind, "port") ? "port" : "subject", t->full, &cell);
		fa_buf_addf(t->out, "%s %s", op && !strcmp(op, "added") ? "+" :
			    op && !strcmp(op, "removed") ? "-" : "~", cell.buf);
		if (kind && !strcmp(kind, "device"))
			fa_buf_adds(t->out, " (device)");
		fa_text_value(c, &fa_diff_changes, "op", t->full, &cell);
		fa_buf_addf(t->out, "  %s", cell.buf);
	} else {
		if (fa_report_str(c, "port"))
			fa_text_value(c, &fa_diff_changes, "port", t->full, &cell);
		else
			fa_buf_reset(&cell);
		fa_buf_adds(t->out, cell.buf);
		w = fa_text_width(cell.buf);
		fa_text_pad(t->out, (w < wport ? wport - w : 0) + (wport ? 2 : 0));
		fa_text_value(c, &fa_diff_changes, "field", t->full, &cell);
		fa_buf_adds(t->out, cell.buf);
		w = fa_text_width(cell.buf);
		fa_text_pad(t->out, (w < wfield ? wfield - w : 0) + 2);
		fa_text_value(c, &fa_diff_changes, "old", t->full, &cell);
		fa_buf_adds(t->out, cell.buf);
		w = fa_text_width(cell.buf);
		fa_text_pad(t->out, w < wold ? wold - w : 0);
		fa_buf_adds(t->out, " -> ");
		fa_text_value(c, &fa_diff_changes, "new", t->full, &cell);
		fa_buf_adds(t->out, cell.buf);
		w = fa_text_width(cell.buf);
		fa_text_pad(t->out, w < wnew ? wnew - w : 0);
	}
	fa_buf_adds(t->out, "  ");
	/* a regression is marked whatever the allow-list said of it */
	if (json_is_true(json_object_get(c, "regression"))) {
		fa_text_colored(t, "\033[1;31m", "REGRESSION");
		fa_buf_adds(t->out, " ");
	}
	if (allowed) {
		fa_text_colored(t, "\033[32m", "allowed");
		fa_buf_addf(t->out, " (entry %lld: ", fa_report_int(c, "allow.entry", 0));
		fa_text_value(c, &fa_diff_changes, "allow.reason", t->full, &cell);
		fa_buf_addf(t->out, "%s)", cell.buf);
	} else {
		fa_text_colored(t, "\033[1;31m", "NOT ALLOWED");
	}
	fa_buf_addch(t->out, '\n');
	fa_buf_release(&cell);
}

/*
 * The changes whose "allowed" is @allowed under @title, grouped by device (natural order, as
 * the diff sorts them), links last.  Nothing when there are none.
 */
static void fa_text_diff_changes(struct fa_text *t, const json_t *diff, bool allowed,
				 const char *title)
{
	json_t *sel = fa_report_changes(diff, allowed);
	size_t i, j, n = json_array_size(sel);

	if (n)
		fa_buf_addf(t->out, "\n%s (%zu)\n", title, n);
	for (i = 0; i < n; i = j) {
		const char *group = fa_text_change_group(json_array_get(sel, i));
		size_t wport, wfield, wold, wnew;

		for (j = i + 1; j < n; j++)
			if (strcmp(fa_text_change_group(json_array_get(sel, j)), group) != 0)
				break;
		fa_buf_addch(t->out, '\n');
		if (*group) {
			if (t->color)
				fa_buf_adds(t->out, FA_ANSI_BOLD);
			fa_text_clean(t->out, group, strlen(group));
			if (t->color)
				fa_buf_adds(t->out, FA_ANSI_RESET);
		} else {
			fa_text_colored(t, t->color ? FA_ANSI_BOLD : NULL, "links");
		}
		fa_buf_addf(t->out, " (%zu)\n", j - i);
		wport = fa_text_diff_width(sel, i, j, "port", t->full);
		wfield = fa_text_diff_width(sel, i, j, "field", t->full);
		wold = fa_text_diff_width(sel, i, j, "old", t->full);
		wnew = fa_text_diff_width(sel, i, j, "new", t->full);
		for (; i < j; i++)
			fa_text_change(t, json_array_get(sel, i), wport, wfield, wold, wnew);
	}
	json_decref(sel);
}

/* What needs a decision first: the changes not allowed, expected but missing, then allowed. */
static void fa_text_diff_view(struct fa_text *t, const json_t *diff)
{
	if (!json_array_size(fa_report_items(diff, &fa_diff_changes)))
		fa_buf_adds(t->out, "\nNo changes.\n");
	fa_text_diff_changes(t, diff, false, "Changes not allowed");
	fa_text_table(t, diff, &fa_diff_missing, 0, 0);
	fa_text_diff_changes(t, diff, true, "Allowed changes");
}

int fa_render_text_diff(const json_t *diff, const struct fa_render_opts *opts,
			struct fa_buf *out, struct fa_err *err)
{
	struct fa_text t = { out, opts->color, opts->full_values, opts->explain };

	const json_t *audit = json_object_get(diff, "audit");
	const char *overall = fa_report_str(diff, "summary.overall");

	/* A drift report: first the verdict of drift and audit together. */
	if (json_is_object(audit) && overall) {
		fa_text_colored(&t, fa_text_verdict_color(overall),
				!strcmp(overall, "pass") ? "DRIFT CHECK PASS" :
				!strcmp(overall, "incomplete") ? "DRIFT CHECK INCOMPLETE" :
				"DRIFT CHECK FAIL");
		fa_buf_addf(out, "  drift %s  audit %s\n\n== Changes since the baseline ==\n",
			    fa_report_str(diff, "summary.verdict") ?
			    fa_report_str(diff, "summary.verdict") : "-",
			    fa_report_str(diff, "summary.audit") ?
			    fa_report_str(diff, "summary.audit") : "-");
	}
	fa_text_diff_headline(&t, diff);
	fa_text_diff_run_line(&t, diff, "diff");
	fa_text_diff_view(&t, diff);
	/* A drift report carries the audit of its new snapshot. */
	if (json_is_object(audit)) {
		fa_buf_adds(out, "\n== Audit of the new snapshot ==\n");
		return fa_render_text(audit, opts, out, err);
	}
	return 0;
}

int fa_render_text_gate(const json_t *gate, const struct fa_render_opts *opts,
			struct fa_buf *out, struct fa_err *err)
{
	struct fa_text t = { out, opts->color, opts->full_values, opts->explain };
	const char *verdict = fa_report_str(gate, "summary.verdict");
	const json_t *reasons = json_object_get(gate, "reasons"), *diff, *audit, *r;
	size_t i;
	int ret = 0;

	fa_text_colored(&t, fa_text_verdict_color(verdict),
			verdict && !strcmp(verdict, "pass") ? "GATE PASS" :
			verdict && !strcmp(verdict, "incomplete") ? "GATE INCOMPLETE" : "GATE FAIL");
	if (json_is_true(fa_obj_get_path(gate, "summary.incomplete_accepted")))
		fa_buf_adds(out, " (accepted: --allow-incomplete)");
	fa_buf_addf(out, "  diff %s  audit %s  devices not collected %lld\n",
		    fa_report_str(gate, "summary.diff") ? fa_report_str(gate, "summary.diff") :
		    "-", fa_report_str(gate, "summary.audit") ?
		    fa_report_str(gate, "summary.audit") : "-",
		    fa_report_int(gate, "summary.devices_not_collected", 0));
	json_array_foreach(reasons, i, r) {
		if (!json_is_string(r))
			continue;
		fa_buf_adds(out, "  - ");
		fa_text_long(out, json_string_value(r), json_string_length(r), t.full);
		fa_buf_addch(out, '\n');
	}
	diff = json_object_get(gate, "diff");
	if (json_is_object(diff)) {
		fa_buf_adds(out, "\n== Changes ==\n");
		fa_text_diff_headline(&t, diff);
		fa_text_diff_run_line(&t, diff, "diff");
		fa_text_diff_view(&t, diff);
	}
	audit = json_object_get(gate, "audit");
	if (json_is_object(audit)) {
		fa_buf_adds(out, "\n== Audit of the post-change state ==\n");
		ret = fa_render_text(audit, opts, out, err);
	}
	return ret;
}
