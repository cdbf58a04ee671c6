/* SPDX-License-Identifier: MIT */
/*
 * Reports: every output format rendered from the one report value (docs/report.md).
 *
 * The rule engine builds the whole report first, as a jansson value of exactly the shape of the
 * JSON report (fabric-audit/report/v1); a renderer then turns that value into bytes.  Because
 * all formats read the same value, a text report, an HTML page and a JSON artifact of one run
 * cannot disagree, and "fabric-audit report" can re-render a saved JSON report later.
 *
 * Every field a renderer shows is declared once, in the section tables below, as a JSON key
 * and the label a person reads; the text and HTML renderers walk those tables, so keys and
 * labels cannot drift between formats.
 *
 * Renderers never fail on the shape of the value: an absent field shows as "-", a value of an
 * unexpected type is shown as compact JSON, an array that is not an array counts as empty.
 * Device-supplied strings are data: the text renderer shows control characters as \xNN so
 * they cannot drive the terminal, and the HTML renderer escapes every string it prints.
 */
#ifndef FA_REPORTS_REPORT_H
#define FA_REPORTS_REPORT_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "audit/severity.h"
#include "audit/util/buf.h"
#include "audit/util/err.h"

#define FA_REPORT_FORMAT "fabric-audit/report/v1"

/* How many not-evaluable checks the text report lists when opts ask for the default (0). */
#define FA_REPORT_NOT_EVALUABLE_SHOWN 10

/* The other documents the renderers take: a snapshot diff (docs/diff.md) and a gate result. */
#define FA_REPORT_DIFF_FORMAT "fabric-audit/diff/v1"
#define FA_REPORT_GATE_FORMAT "fabric-audit/gate/v1"

struct fa_render_opts {
	bool color;			/* text: ANSI colour; the CLI sets it only for a terminal */
	size_t not_evaluable_shown;	/* text: not-evaluable checks listed; 0 = the default */
	const char *command;		/* prometheus: the "command" label; NULL = from the
					 * document: audit, diff or gate */
	double duration;		/* prometheus: run time in seconds; < 0 = not known */
	bool full_values;		/* text: values longer than 200 characters shown whole,
					 * not cut with a "… N more characters" marker */
	const json_t *snapshot;		/* prometheus: the audited snapshot, for the per-port
					 * health metrics; NULL = none */
	bool explain;			/* text: each finding's fix under it */
};

#define FA_RENDER_OPTS_INIT { false, 0, NULL, -1.0, false, NULL, false }

/*
 * Render @report in @format ("text", "json", "html", "junit", "prometheus", "svg" or "dot")
 * and append the bytes to @out.  @report is an audit report, or a diff or gate document: its
 * "format" picks the renderer of that kind (anything else is rendered as a report); "svg" and
 * "dot" draw an audit report's topology (the fabric map) and refuse the other documents.  @opts may be NULL
 * (defaults).  Output is deterministic: the same value and opts give the same bytes.
 * Errors: -FA_EINVAL for an unknown format (the message names the known ones), a report
 * that is not a JSON object, or svg and dot of a diff, gate or report without topology;
 * -FA_ETOOBIG when @out has a cap that the output passes.
 */
int fa_report_render(const json_t *report, const char *format, const struct fa_render_opts *opts,
		     struct fa_buf *out, struct fa_err *err);

/* Static: the known format names, comma-separated ("text, json, html, ..."), for help texts. */
const char *fa_report_format_names(void);

/* True when @format names a renderer. */
bool fa_report_format_is_known(const char *format);

/*
 * 0 when @report is a JSON object whose "format" is FA_REPORT_FORMAT; otherwise -FA_EPARSE
 * with the message "not a fabric-audit report (format X)", X being the format found, or
 * "missing" / "not a string".  The CLI prefixes the file name.
 */
int fa_report_check(const json_t *report, struct fa_err *err);

/* ---- field declarations, walked by every renderer ---------------------------------------- */

enum fa_report_field_flags {
	FA_RF_TEXT = 1 << 0,		/* a column of the text table */
	FA_RF_TEXT_LINE = 1 << 1,	/* text: on its own indented line under the row */
	FA_RF_HTML = 1 << 2,		/* a column of the HTML table */
	FA_RF_HTML_SUB = 1 << 3,	/* HTML: a second line in the cell of the previous column */
	FA_RF_NUMBER = 1 << 4,		/* right-aligned, sorted as a number */
	FA_RF_SEVERITY = 1 << 5,	/* a severity: coloured in text, a badge in HTML */
	FA_RF_CODE = 1 << 6,		/* a name or value as a device spells it: fixed-width font */
};

struct fa_report_field {
	const char *key;	/* dotted path inside one item (or inside the report) */
	const char *label;	/* what a person reads: column header or row label */
	unsigned flags;		/* enum fa_report_field_flags */
};

/* One list of the report: the array at @key, one item per row, with its fields. */
struct fa_report_section {
	const char *key;		/* dotted path of the array in the report */
	const char *title;		/* section heading */
	const struct fa_report_field *fields;
	size_t nfields;
};

/* The findings, coverage lists, warnings and rules of a report. */
extern const struct fa_report_section fa_report_findings;
extern const struct fa_report_section fa_report_failed_devices;
extern const struct fa_report_section fa_report_not_evaluable;
extern const struct fa_report_section fa_report_warnings;
extern const struct fa_report_section fa_report_rules;
/* Rules none of whose subjects was checked, and the rule packs of the run (with digests). */
extern const struct fa_report_section fa_report_unmatched;
extern const struct fa_report_section fa_report_packs;
/* Findings a waiver covers, and the waivers of the run (both absent without --waivers). */
extern const struct fa_report_section fa_report_waived;
extern const struct fa_report_section fa_report_waivers;

/* The headline numbers: key "" (the report root), fields are paths from the root. */
extern const struct fa_report_section fa_report_summary;

/* A diff document: its changes, the expected changes that are missing, its numbers. */
extern const struct fa_report_section fa_diff_changes;
extern const struct fa_report_section fa_diff_missing;
extern const struct fa_report_section fa_diff_summary;

/*
 * Borrowed: the array of @section in @report, or NULL when absent or not an array.
 */
const json_t *fa_report_items(const json_t *report, const struct fa_report_section *section);

/*
 * New reference: the changes of diff document @diff whose "allowed" is @allowed, in the
 * diff's order (borrowed items), so a view can show what needs a decision first.
 */
json_t *fa_report_changes(const json_t *diff, bool allowed);

/*
 * Append the value of @field in @item to @out as a person reads it: a string as it is, a
 * number in decimal, true/false, anything else as compact JSON.  Returns false (and appends
 * nothing) when the field is absent or null.
 */
bool fa_report_field_text(const json_t *item, const struct fa_report_field *field,
			  struct fa_buf *out);

/* ---- HTML escaping ----------------------------------------------------------------------- */

/*
 * Append @s to @out with & < > " ' replaced by character references, so the text is safe in
 * HTML element content and inside double- or single-quoted attribute values (never in script,
 * style or URL contexts: the HTML renderer puts report data nowhere else).  @s may be NULL.
 */
void fa_html_escape(struct fa_buf *out, const char *s);
void fa_html_escapen(struct fa_buf *out, const char *s, size_t len);

#endif /* FA_REPORTS_REPORT_H */
