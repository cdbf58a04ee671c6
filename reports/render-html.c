/* SPDX-License-Identifier: MIT */
/*
 * HTML output: one self-contained page a network engineer opens from a CI artifact or a mail.
 *
 * The page has no external assets and makes no requests: the stylesheet and the small script
 * (reports/assets/report.css and report.js, embedded at build time) are inline, and a
 * Content-Security-Policy forbids every fetch and allows only this exact
 * script (by its SHA-256), so even a string that escaped escaping could not run or load
 * anything.  Without the script the page is complete; the script only adds filtering by
 * severity, category, device and text, and sorting by any column.
 *
 * Every string taken from the report goes through fa_html_escape() and lands only in element
 * content or a double-quoted attribute; CSS classes and ids are chosen from fixed lists, never
 * from report data.  Columns and labels come from the section tables of report.c.
 *
 * A value longer than FA_REPORT_VALUE_MAX characters (one device can send a 100 KB port
 * description) shows its start and "… N more characters" in a <details> summary, the whole
 * value inside, so it is one click away without the script; it and any value with a long
 * unbroken run wrap anywhere, so no cell widens its table past the screen.
 *
 * A diff document gets the same page frame with the diff view: the changes grouped by device
 * (links last), each row "field: old -> new" with whether the allow-list allowed it, then the
 * expected changes that are missing.  A gate result shows its verdict and reasons, the diff
 * view, and the whole audit report of the post-change state below it.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "audit/util/xalloc.h"
#include "reports/assets.h"
#include "reports/map-layout.h"
#include "reports/render-int.h"
#include "audit/util/banned.h"

/* Lists longer than this are folded into a <details> element. */
#define FA_HTML_FOLD 25

/*
 * A value with a run of this many characters without a space may break anywhere.  Only such
 * values do: breaking every cell anywhere would let a table squeeze rule ids and names
 * mid-word.
 */
#define FA_HTML_LONG_WORD 40

/* Device names a finding's subject mentions (every scope of docs/report.md). */
static const char *const fa_html_subject_devices[] = {
	"subject.device", "subject.a.device", "subject.b.device", "subject.endpoint.device",
};

struct fa_html {
	struct fa_buf *out;
};

static void fa_html_adds(struct fa_html *h, const char *s)
{
	fa_buf_adds(h->out, s);
}

static void fa_html_text(struct fa_html *h, const char *s)
{
	fa_html_escape(h->out, s);
}

/*
 * @len bytes of @s, escaped; a long value as its start and the marker in the summary of a
 * <details> holding the whole value.
 */
static bool fa_html_long_word(const char *s, size_t len)
{
	size_t i, run = 0;

	for (i = 0; i < len && run < FA_HTML_LONG_WORD; i++) {
		if (s[i] == ' ' || s[i] == '\n' || s[i] == '\t')
			run = 0;
		else if (((unsigned char)s[i] & 0xc0) != 0x80)	/* not inside a character */
			run++;
	}
	return run >= FA_HTML_LONG_WORD;
}

static void fa_html_value(struct fa_html *h, const char *s, size_t len)
{
	size_t rest, cut = fa_report_value_cut(s, len, &rest);

	if (!rest && fa_html_long_word(s, len)) {
		fa_html_adds(h, "<span class=\"wrap\">");
		fa_html_escapen(h->out, s, len);
		fa_html_adds(h, "</span>");
		return;
	}
	if (!rest) {
		fa_html_escapen(h->out, s, len);
		return;
	}
	fa_html_adds(h, "<details class=\"long\"><summary><span class=\"cut\">");
	fa_html_escapen(h->out, s, cut);
	fa_html_adds(h, "</span><span class=\"more\">");
	fa_report_value_marker(h->out, rest);
	fa_html_adds(h, "</span></summary><div class=\"full\">");
	fa_html_escapen(h->out, s, len);
	fa_html_adds(h, "</div></details>");
}

/* The value of @field in @item, escaped and cut when long; a muted dash when absent. */
static void fa_html_field(struct fa_html *h, const json_t *item,
			  const struct fa_report_field *field)
{
	struct fa_buf v = FA_BUF_INIT;

	if (fa_report_field_text(item, field, &v))
		fa_html_value(h, v.buf, v.len);
	else
		fa_html_adds(h, "<span class=\"none\">-</span>");
	fa_buf_release(&v);
}

/* The badge class of a severity, from a fixed list, never taken from the report. */
static const char *fa_html_severity_class(int severity)
{
	static const char *const classes[FA_SEVERITY_COUNT] = {
		[FA_SEVERITY_ERROR] = "b-error",
		[FA_SEVERITY_WARNING] = "b-warning",
		[FA_SEVERITY_INFO] = "b-info",
	};

	return severity >= 0 && severity < FA_SEVERITY_COUNT ? classes[severity] : "b-other";
}

static void fa_html_badge(struct fa_html *h, const char *severity)
{
	fa_buf_addf(h->out, "<span class=\"badge %s\">",
		    fa_html_severity_class(fa_severity_from_string(severity)));
	fa_html_text(h, severity ? severity : "-");
	fa_html_adds(h, "</span>");
}

/* "pass", "fail" or "incomplete" for CSS classes; "unknown" for anything else. */
static const char *fa_html_verdict_class(const char *verdict)
{
	static const char *const known[] = { "pass", "fail", "incomplete" };
	size_t i;

	for (i = 0; verdict && i < sizeof(known) / sizeof(known[0]); i++)
		if (strcmp(verdict, known[i]) == 0)
			return known[i];
	return "unknown";
}

static const char *fa_html_label(const char *key)
{
	return fa_report_field_find(&fa_report_summary, key)->label;
}

/* The summary number at @key as text ("-" when absent). */
static void fa_html_number(struct fa_html *h, const json_t *report, const char *key)
{
	fa_html_field(h, report, fa_report_field_find(&fa_report_summary, key));
}

static int fa_html_strcmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/*
 * Borrowed: the distinct strings of @set (an object used as a set), sorted, in a new array of
 * *ret_n pointers (free with free(); the strings belong to @set).
 */
static const char **fa_html_sorted_keys(const json_t *set, size_t *ret_n)
{
	const char **keys = fa_xcalloc(json_object_size(set) + 1, sizeof(*keys));
	const char *key;
	json_t *v;
	size_t n = 0;

	json_object_foreach((json_t *)set, key, v)
		keys[n++] = key;
	qsort(keys, n, sizeof(*keys), fa_html_strcmp);
	*ret_n = n;
	return keys;
}

static void fa_html_head(struct fa_html *h, const json_t *report)
{
	const char *verdict = fa_report_str(report, "summary.verdict");

	fa_html_adds(h, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
			"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
			"<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
			"style-src 'unsafe-inline'; script-src '");
	fa_html_adds(h, fa_html_script_csp);
	fa_html_adds(h, "'; base-uri 'none'; form-action 'none'\">\n"
			"<meta name=\"referrer\" content=\"no-referrer\">\n"
			"<meta name=\"generator\" content=\"");
	fa_html_text(h, fa_report_str(report, "tool.name"));
	fa_html_adds(h, " ");
	fa_html_text(h, fa_report_str(report, "tool.version"));
	fa_html_adds(h, "\">\n<title>Fabric audit: ");
	fa_html_text(h, verdict ? verdict : "unknown");
	fa_html_adds(h, ", ");
	fa_html_number(h, report, "summary.findings");
	fa_html_adds(h, " ");
	fa_html_text(h, fa_html_label("summary.findings"));
	fa_html_adds(h, "</title>\n<style>\n");
	fa_html_adds(h, fa_html_css);
	fa_html_adds(h, "</style>\n</head>\n");
}

/* One "label value" pair of the page header; @key2 (may be NULL) follows, joined by @sep. */
static void fa_html_meta(struct fa_html *h, const char *label, const json_t *report,
			 const char *key, const char *key2, const char *sep)
{
	const char *v = fa_report_str(report, key), *v2 = key2 ? fa_report_str(report, key2) : NULL;

	if (!v && !v2)
		return;
	fa_html_adds(h, "<div><dt>");
	fa_html_adds(h, label);
	fa_html_adds(h, "</dt><dd>");
	fa_html_text(h, v);
	if (v && v2)
		fa_html_adds(h, sep);
	fa_html_text(h, v2);
	fa_html_adds(h, "</dd></div>");
}

static void fa_html_header(struct fa_html *h, const json_t *report)
{
	const char *verdict = fa_report_str(report, "summary.verdict");

	fa_buf_addf(h->out, "<body>\n<header class=\"top\">\n<h1>Fabric audit report</h1>\n"
			    "<span class=\"verdict v-%s\" id=\"verdict\">",
		    fa_html_verdict_class(verdict));
	fa_html_text(h, verdict ? verdict : "unknown");
	fa_html_adds(h, "</span>\n<dl class=\"meta\">");
	fa_html_meta(h, "report", report, "created", NULL, "");
	fa_html_meta(h, "snapshot", report, "snapshot.source", "snapshot.created", " &middot; ");
	fa_html_meta(h, "tool", report, "tool.name", "tool.version", " ");
	fa_html_adds(h, "</dl>\n</header>\n<main>\n");
}

/* One tile: label, the number at @key, optionally "/ total" and a line under it. */
static void fa_html_tile_open(struct fa_html *h, const char *cls, const char *label)
{
	fa_buf_addf(h->out, "<div class=\"tile %s\"><div class=\"tile-label\">", cls);
	fa_html_text(h, label);
	fa_html_adds(h, "</div><div class=\"tile-value\">");
}

static void fa_html_tiles(struct fa_html *h, const json_t *report)
{
	const char *verdict = fa_report_str(report, "summary.verdict");
	long long ok = fa_report_int(report, "coverage.devices.ok", -1);
	long long total = fa_report_int(report, "coverage.devices.total", -1);
	long long not_evaluable = fa_report_int(report, "summary.not_evaluable", 0);
	char key[64];
	int s;

	fa_html_adds(h, "<section class=\"tiles\" id=\"summary\">\n");
	fa_buf_addf(h->out, "<div class=\"tile t-%s\"><div class=\"tile-label\">",
		    fa_html_verdict_class(verdict));
	fa_html_text(h, fa_html_label("summary.verdict"));
	fa_buf_addf(h->out, "</div><div class=\"tile-value\"><span class=\"verdict v-%s\">",
		    fa_html_verdict_class(verdict));
	fa_html_text(h, verdict ? verdict : "unknown");
	fa_html_adds(h, "</span></div></div>\n");

	fa_html_tile_open(h, fa_report_int(report, "summary.by_severity.error", 0) > 0 ? "t-fail" :
			  "", fa_html_label("summary.findings"));
	fa_html_number(h, report, "summary.findings");
	fa_html_adds(h, "</div><div class=\"tile-sub\">");
	for (s = 0; s < FA_SEVERITY_COUNT; s++) {
		snprintf(key, sizeof(key), "summary.by_severity.%s", fa_severity_to_string(s));
		/* Severities with no finding stay grey so the eye goes to the others. */
		fa_buf_addf(h->out, "<span class=\"badge %s\">",
			    fa_report_int(report, key, 0) > 0 ? fa_html_severity_class(s) : "");
		fa_html_number(h, report, key);
		fa_html_adds(h, " ");
		fa_html_text(h, fa_html_label(key));
		fa_html_adds(h, "</span>");
	}
	if (fa_report_int(report, "summary.root_causes", -1) >= 0) {
		fa_html_adds(h, "</div><div class=\"tile-sub\">");
		fa_html_number(h, report, "summary.root_causes");
		fa_html_adds(h, " ");
		fa_html_text(h, fa_html_label("summary.root_causes"));
	}
	fa_html_adds(h, "</div></div>\n");

	fa_html_tile_open(h, total >= 0 && ok < total ? "t-warn" : "t-pass",
			  fa_html_label("coverage.devices.ok"));
	fa_html_number(h, report, "coverage.devices.ok");
	fa_html_adds(h, "<small> / ");
	fa_html_number(h, report, "coverage.devices.total");
	fa_html_adds(h, "</small></div>");
	if (total > 0 && ok >= 0 && ok <= total)
		fa_buf_addf(h->out, "<div class=\"meter\"><span style=\"width:%.1f%%\"></span></div>",
			    100.0 * (double)ok / (double)total);
	fa_html_adds(h, "</div>\n");

	fa_html_tile_open(h, fa_report_int(report, "summary.rules_failed", 0) > 0 ? "t-fail" :
			  "t-pass", fa_html_label("summary.rules_failed"));
	fa_html_number(h, report, "summary.rules_failed");
	fa_html_adds(h, "<small> / ");
	fa_html_number(h, report, "summary.rules");
	fa_html_adds(h, "</small></div></div>\n");

	fa_html_tile_open(h, "", fa_html_label("summary.checks"));
	fa_html_number(h, report, "summary.checks");
	fa_html_adds(h, "</div></div>\n");

	fa_html_tile_open(h, not_evaluable > 0 ? "t-warn" : "",
			  fa_html_label("summary.not_evaluable"));
	fa_html_number(h, report, "summary.not_evaluable");
	fa_html_adds(h, "</div></div>\n</section>\n");
}

/*
 * CSS classes of a cell, from the field declaration only: "k-" and the key with dots as
 * dashes (so the stylesheet can colour expected and actual values), plus the font class.
 */
static void fa_html_key_class(struct fa_html *h, const struct fa_report_field *field)
{
	const char *c;

	fa_html_adds(h, "k-");
	for (c = field->key; *c; c++)
		fa_buf_addch(h->out, *c == '.' ? '-' : *c);
	if (field->flags & FA_RF_CODE)
		fa_html_adds(h, " mono");
	if (field->flags & FA_RF_NUMBER)
		fa_html_adds(h, " num");
}

/* <thead> of the HTML columns of @section. */
static void fa_html_thead(struct fa_html *h, const struct fa_report_section *sec)
{
	size_t f;

	fa_html_adds(h, "<thead><tr>");
	for (f = 0; f < sec->nfields; f++) {
		if (!(sec->fields[f].flags & FA_RF_HTML))
			continue;
		fa_html_adds(h, sec->fields[f].flags & FA_RF_NUMBER ? "<th class=\"num\">" : "<th>");
		fa_html_text(h, sec->fields[f].label);
		fa_html_adds(h, "</th>");
	}
	fa_html_adds(h, "</tr></thead>\n");
}

/*
 * A finding's fix, under its message: the platform, the note, the lines in a <pre> and a
 * copy button that report.js shows (hidden without the script, where it could not work).
 */
static void fa_html_fix(struct fa_html *h, const json_t *fix)
{
	const json_t *line;
	size_t i;

	if (!json_is_object(fix) || (!json_array_size(json_object_get(fix, "commands")) &&
				     !json_is_string(json_object_get(fix, "note"))))
		return;
	fa_html_adds(h, "<div class=\"fix\"><div class=\"fix-head\">Fix (");
	fa_html_text(h, json_string_value(json_object_get(fix, "platform")));
	fa_html_adds(h, ")");
	if (json_array_size(json_object_get(fix, "commands")))
		fa_html_adds(h, " <button type=\"button\" class=\"copy\" hidden>Copy</button>");
	fa_html_adds(h, "</div>");
	if (json_is_string(json_object_get(fix, "note"))) {
		fa_html_adds(h, "<div class=\"sub\">");
		fa_html_text(h, json_string_value(json_object_get(fix, "note")));
		fa_html_adds(h, "</div>");
	}
	if (json_array_size(json_object_get(fix, "commands"))) {
		fa_html_adds(h, "<pre class=\"fix-cmds\">");
		json_array_foreach(json_object_get(fix, "commands"), i, line) {
			fa_html_text(h, json_string_value(line));
			fa_html_adds(h, "\n");
		}
		fa_html_adds(h, "</pre>");
	}
	fa_html_adds(h, "</div>");
}

/* The cells of one row of @section; the caller writes <tr …> and </tr>. */
static void fa_html_cells(struct fa_html *h, const struct fa_report_section *sec,
			  const json_t *item)
{
	const struct fa_report_field *field;
	bool open = false;
	size_t f;
	int s;

	for (f = 0; f < sec->nfields; f++) {
		field = &sec->fields[f];
		if (field->flags & FA_RF_HTML_SUB) {
			if (!open || !fa_obj_get_path(item, field->key))
				continue;
			fa_html_adds(h, "<div class=\"sub\">");
			fa_html_field(h, item, field);
			fa_html_adds(h, "</div>");
			continue;
		}
		if (!(field->flags & FA_RF_HTML))
			continue;
		if (open)
			fa_html_adds(h, "</td>");
		open = true;
		fa_html_adds(h, "<td class=\"");
		fa_html_key_class(h, field);
		if (field->flags & FA_RF_SEVERITY) {
			s = fa_severity_from_string(fa_report_str(item, field->key));
			fa_buf_addf(h->out, "\" data-sort=\"%d\">", s >= 0 ? s : FA_SEVERITY_COUNT);
			fa_html_badge(h, fa_report_str(item, field->key));
		} else if (field->flags & FA_RF_NUMBER) {
			long long n = fa_report_int(item, field->key, -1);

			fa_buf_addf(h->out, "%s\" data-sort=\"%lld\">", n > 0 ? " nz" : "", n);
			fa_html_field(h, item, field);
		} else {
			fa_html_adds(h, "\">");
			fa_html_field(h, item, field);
		}
	}
	if (sec == &fa_report_findings)
		fa_html_fix(h, json_object_get(item, "fix"));
	if (open)
		fa_html_adds(h, "</td>");
}

/*
 * The device names at @paths of @item (a finding's subject ends, a change's device or link
 * ends), into @set (filter options) and/or as lines into @out (what a filter matches).
 */
static void fa_html_devices_at(const json_t *item, const char *const *paths, size_t npaths,
			       json_t *set, struct fa_buf *out)
{
	const char *dev;
	size_t i, n = 0;

	for (i = 0; i < npaths; i++) {
		dev = fa_report_str(item, paths[i]);
		if (!dev)
			continue;
		if (set)
			json_object_set_new(set, dev, json_true());
		if (out) {
			if (n++)
				fa_buf_addch(out, '\n');
			fa_buf_adds(out, dev);
		}
	}
}

/* Add each device the subject of @finding names to @set; append them, "\n"-separated, to @out. */
static void fa_html_finding_devices(const json_t *finding, json_t *set, struct fa_buf *out)
{
	fa_html_devices_at(finding, fa_html_subject_devices,
			   sizeof(fa_html_subject_devices) / sizeof(fa_html_subject_devices[0]), set,
			   out);
}

/*
 * The ports a finding's subject names, "device:port" one a line (what the map's links match:
 * a port, a link end or a path hop, not a path's endpoint).
 */
static void fa_html_finding_ports(struct fa_html *h, const json_t *finding)
{
	static const char *const ends[][2] = {
		{ "subject.device", "subject.port" },
		{ "subject.a.device", "subject.a.port" },
		{ "subject.b.device", "subject.b.port" },
	};
	const char *d, *p;
	size_t i, n = 0;

	for (i = 0; i < sizeof(ends) / sizeof(ends[0]); i++) {
		d = fa_report_str(finding, ends[i][0]);
		p = fa_report_str(finding, ends[i][1]);
		if (!d || !p)
			continue;
		if (n++)
			fa_html_adds(h, "\n");
		fa_html_text(h, d);
		fa_html_adds(h, ":");
		fa_html_text(h, p);
	}
}

/* A swatch and its meaning, for the map's legend. */
static void fa_html_swatch(struct fa_html *h, int state, const char *what)
{
	fa_buf_addf(h->out, "<span class=\"swatch s-%s\"><i></i>%s</span>",
		    fa_map_state_name(state), what);
}

/*
 * The fabric map (reports/map-layout.h), when the report has a topology: the inline SVG, a
 * legend, and the places the script fills: a group's drill-down and the device panel.
 * Without the script the map is still there, with its hover titles.
 */
static void fa_html_map(struct fa_html *h, const json_t *report)
{
	struct fa_map map;

	if (fa_map_layout(report, &map) < 0)
		return;
	fa_buf_addf(h->out, "<section class=\"card\" id=\"map\">\n<h2>Fabric map <span "
			    "class=\"count\">%zu devices</span> <span class=\"count\">%zu links"
			    "</span></h2>\n<div class=\"map-legend\">", map.nnodes, map.nlinks);
	fa_html_swatch(h, FA_SEVERITY_ERROR, "error");
	fa_html_swatch(h, FA_SEVERITY_WARNING, "warning");
	fa_html_swatch(h, FA_SEVERITY_INFO, "info");
	fa_html_swatch(h, FA_MAP_OK, "no finding");
	fa_html_swatch(h, FA_MAP_GREY, "not collected");
	fa_html_adds(h, map.aggregated ?
			"<span class=\"map-hint\">Each box is a pod (hosts and the leaves they "
			"share) or a group of switches, coloured by its worst device; click one to "
			"show its devices.</span>" :
			"<span class=\"map-hint\">Point at a device or link for its facts; click "
			"it to show its findings.</span>");
	fa_html_adds(h, "</div>\n<div class=\"map-wrap\">\n");
	fa_map_svg(h->out, &map, FA_MAP_SVG_DRILL);
	if (map.nrails) {
		size_t i;

		fa_buf_addf(h->out, "</div>\n<div class=\"rails\"><span class=\"rails-label\">"
				    "%zu rails</span>", map.nrails);
		for (i = 0; i < map.nrails; i++) {
			const struct fa_map_rail *r = &map.rails[i];

			fa_buf_addf(h->out, "<span class=\"rail swatch s-%s\" title=\"",
				    fa_map_state_name(r->state));
			fa_buf_addf(h->out, "%zu leaves, %zu host links, worst %s\"><i></i>",
				    r->leaves, r->links, fa_map_state_name(r->state));
			fa_html_text(h, r->port);
			fa_buf_addf(h->out, " <small>%zu leaves</small></span>", r->leaves);
		}
	}
	fa_html_adds(h, "</div>\n<div class=\"map-detail\" id=\"map-detail\" hidden><h3 "
			"id=\"map-detail-title\"></h3><div class=\"map-wrap\" "
			"id=\"map-detail-svg\"></div></div>\n<aside class=\"device-panel\" "
			"id=\"device-panel\" hidden></aside>\n</section>\n");
	fa_map_release(&map);
}

/* A <select> filter over the sorted members of @set. */
static void fa_html_select(struct fa_html *h, const char *id, const char *all,
			   const json_t *set)
{
	const char **keys;
	size_t i, n;

	fa_buf_addf(h->out, "<select id=\"%s\"><option value=\"\">%s</option>", id, all);
	keys = fa_html_sorted_keys(set, &n);
	for (i = 0; i < n; i++) {
		fa_html_adds(h, "<option value=\"");
		fa_html_text(h, keys[i]);
		fa_html_adds(h, "\">");
		fa_html_text(h, keys[i]);
		fa_html_adds(h, "</option>");
	}
	free(keys);
	fa_html_adds(h, "</select>\n");
}

static void fa_html_section_open(struct fa_html *h, const char *id, const char *title,
				 long long count)
{
	fa_buf_addf(h->out, "<section class=\"card\" id=\"%s\">\n<h2>", id);
	fa_html_text(h, title);
	if (count >= 0)
		fa_buf_addf(h->out, " <span class=\"count\">%lld</span>", count);
	fa_html_adds(h, "</h2>\n");
}

static void fa_html_findings(struct fa_html *h, const json_t *report)
{
	const struct fa_report_section *sec = &fa_report_findings;
	const json_t *items = fa_report_items(report, sec);
	json_t *categories = json_object(), *devices = json_object();
	struct fa_buf devs = FA_BUF_INIT;
	const json_t *item;
	const char *v;
	size_t i, n = items ? json_array_size(items) : 0;
	int s;

	fa_html_section_open(h, "findings", sec->title, (long long)n);
	if (n == 0) {
		fa_html_adds(h, "<p class=\"empty good\">No findings.</p>\n</section>\n");
		goto out;
	}
	json_array_foreach(items, i, item) {
		v = fa_report_str(item, "category");
		if (v)
			json_object_set_new(categories, v, json_true());
		fa_html_finding_devices(item, devices, NULL);
	}
	/* Filters do nothing without the script, so it unhides them. */
	fa_html_adds(h, "<div class=\"filters\" id=\"filters\" hidden>\n");
	for (s = 0; s < FA_SEVERITY_COUNT; s++) {
		size_t count = 0;

		json_array_foreach(items, i, item)
			if (fa_severity_from_string(fa_report_str(item, "severity")) == s)
				count++;
		fa_buf_addf(h->out, "<label><input type=\"checkbox\" value=\"%s\" checked> ",
			    fa_severity_to_string(s));
		fa_html_badge(h, fa_severity_to_string(s));
		fa_buf_addf(h->out, " %zu</label>\n", count);
	}
	fa_html_select(h, "f-category", "All categories", categories);
	fa_html_select(h, "f-device", "All devices", devices);
	fa_html_adds(h, "<input type=\"search\" id=\"f-text\" placeholder=\"Search findings\" "
			"aria-label=\"Search findings\">\n<span id=\"f-shown\"></span>\n</div>\n");

	fa_html_adds(h, "<div class=\"table-wrap\"><table class=\"data sortable\" "
			"id=\"findings-table\">\n");
	fa_html_thead(h, sec);
	fa_html_adds(h, "<tbody>\n");
	json_array_foreach(items, i, item) {
		fa_buf_reset(&devs);
		fa_html_finding_devices(item, NULL, &devs);
		fa_html_adds(h, "<tr data-severity=\"");
		fa_html_text(h, fa_report_str(item, "severity"));
		fa_html_adds(h, "\" data-category=\"");
		fa_html_text(h, fa_report_str(item, "category"));
		fa_html_adds(h, "\" data-devices=\"");
		fa_html_escapen(h->out, devs.buf, devs.len);
		fa_html_adds(h, "\" data-ports=\"");
		fa_html_finding_ports(h, item);
		fa_html_adds(h, "\">");
		fa_html_cells(h, sec, item);
		fa_html_adds(h, "</tr>\n");
	}
	fa_html_adds(h, "</tbody></table></div>\n</section>\n");
out:
	fa_buf_release(&devs);
	json_decref(categories);
	json_decref(devices);
}

/* A plain table of @section; with more than @fold rows it is folded into <details>. */
static void fa_html_table(struct fa_html *h, const json_t *items,
			  const struct fa_report_section *sec, size_t fold)
{
	const json_t *item;
	size_t i, n = json_array_size(items);

	if (fold && n > fold)
		fa_buf_addf(h->out, "<details><summary>Show all %zu</summary>\n", n);
	fa_html_adds(h, "<div class=\"table-wrap\"><table class=\"data sortable\">\n");
	fa_html_thead(h, sec);
	fa_html_adds(h, "<tbody>\n");
	json_array_foreach(items, i, item) {
		fa_html_adds(h, "<tr>");
		fa_html_cells(h, sec, item);
		fa_html_adds(h, "</tr>\n");
	}
	fa_html_adds(h, "</tbody></table></div>\n");
	if (fold && n > fold)
		fa_html_adds(h, "</details>\n");
}

static void fa_html_coverage(struct fa_html *h, const json_t *report)
{
	const json_t *failed = fa_report_items(report, &fa_report_failed_devices);
	const json_t *unevaluated = fa_report_items(report, &fa_report_not_evaluable);
	long long count = fa_report_int(report, "summary.not_evaluable", 0);
	static const char *const keys[] = {
		"coverage.devices.total", "coverage.devices.ok", "coverage.devices.failed",
	};
	size_t i;

	if (unevaluated && count < (long long)json_array_size(unevaluated))
		count = (long long)json_array_size(unevaluated);
	fa_html_section_open(h, "coverage", "Coverage", -1);
	fa_html_adds(h, "<p>");
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		if (i)
			fa_html_adds(h, " &middot; ");
		fa_html_text(h, fa_html_label(keys[i]));
		fa_html_adds(h, ": <b>");
		fa_html_number(h, report, keys[i]);
		fa_html_adds(h, "</b>");
	}
	fa_html_adds(h, " &middot; ");
	fa_html_text(h, fa_html_label("summary.not_evaluable"));
	fa_buf_addf(h->out, ": <b>%lld</b></p>\n", count);

	if (json_is_object(fa_obj_get_path(report, "summary.accepted_incomplete"))) {
		const json_t *d;

		fa_html_adds(h, "<p class=\"accepted\" id=\"accepted-incomplete\">Accepted as "
				"incomplete (--allow-incomplete): devices not collected: <b>");
		json_array_foreach(fa_obj_get_path(report, "summary.accepted_incomplete.devices"),
				   i, d) {
			if (i)
				fa_html_adds(h, ", ");
			fa_html_text(h, json_string_value(d));
		}
		if (i == 0)
			fa_html_adds(h, "none");
		fa_buf_addf(h->out, "</b> &middot; checks not evaluable: <b>%lld</b></p>\n",
			    fa_report_int(report, "summary.accepted_incomplete.not_evaluable", 0));
	}
	fa_html_adds(h, "<h3>");
	fa_html_text(h, fa_report_failed_devices.title);
	fa_html_adds(h, "</h3>\n");
	if (failed && json_array_size(failed))
		fa_html_table(h, failed, &fa_report_failed_devices, 0);
	else
		fa_html_adds(h, "<p class=\"empty good\">Every device was collected.</p>\n");

	fa_html_adds(h, "<h3>");
	fa_html_text(h, fa_report_not_evaluable.title);
	fa_html_adds(h, "</h3>\n");
	if (unevaluated && json_array_size(unevaluated))
		fa_html_table(h, unevaluated, &fa_report_not_evaluable, FA_HTML_FOLD);
	else if (count > 0)
		fa_buf_addf(h->out, "<p class=\"empty\">%lld checks (not listed).</p>\n", count);
	else
		fa_html_adds(h, "<p class=\"empty good\">Every check could be evaluated.</p>\n");
	fa_html_adds(h, "</section>\n");
}

static void fa_html_list(struct fa_html *h, const json_t *report,
			 const struct fa_report_section *sec, const char *id, const char *empty)
{
	const json_t *items = fa_report_items(report, sec);
	size_t n = items ? json_array_size(items) : 0;

	fa_html_section_open(h, id, sec->title, (long long)n);
	if (n)
		fa_html_table(h, items, sec, FA_HTML_FOLD);
	else
		fa_buf_addf(h->out, "<p class=\"empty\">%s</p>\n", empty);
	fa_html_adds(h, "</section>\n");
}

int fa_render_html(const json_t *report, const struct fa_render_opts *opts, struct fa_buf *out,
		   struct fa_err *err)
{
	struct fa_html h = { out };

	fa_html_head(&h, report);
	fa_html_header(&h, report);
	fa_html_tiles(&h, report);
	fa_html_map(&h, report);
	fa_html_findings(&h, report);
	/* Only reports of a run with waivers have these. */
	if (fa_report_len(report, "waived"))
		fa_html_list(&h, report, &fa_report_waived, "waived", "");
	if (fa_report_len(report, "waivers"))
		fa_html_list(&h, report, &fa_report_waivers, "waivers", "");
	fa_html_coverage(&h, report);
	fa_html_list(&h, report, &fa_report_warnings, "warnings", "No collection warnings.");
	fa_html_list(&h, report, &fa_report_unmatched, "unmatched-rules",
		     "Every rule applied to at least one subject.");
	fa_html_list(&h, report, &fa_report_rules, "rules", "No rules were run.");
	fa_html_list(&h, report, &fa_report_packs, "packs", "No rule packs.");
	fa_html_adds(&h, "</main>\n<footer>Generated by ");
	fa_html_text(&h, fa_report_str(report, "tool.name"));
	fa_html_adds(&h, " ");
	fa_html_text(&h, fa_report_str(report, "tool.version"));
	fa_html_adds(&h, " &middot; report format ");
	fa_html_text(&h, fa_report_str(report, "format"));
	fa_html_adds(&h, "</footer>\n<script>");
	fa_html_adds(&h, fa_html_script);
	fa_html_adds(&h, "</script>\n</body>\n</html>\n");
	return 0;
}

/* ---- diff and gate ----------------------------------------------------------------------- */

/* <head> with @title (already plain text, escaped here) and the shared style. */
static void fa_html_head_titled(struct fa_html *h, const json_t *doc, const char *title)
{
	fa_html_adds(h, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
			"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
			"<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
			"style-src 'unsafe-inline'; script-src '");
	fa_html_adds(h, fa_html_script_csp);
	fa_html_adds(h, "'; base-uri 'none'; form-action 'none'\">\n"
			"<meta name=\"referrer\" content=\"no-referrer\">\n"
			"<meta name=\"generator\" content=\"");
	fa_html_text(h, fa_report_str(doc, "tool.name"));
	fa_html_adds(h, " ");
	fa_html_text(h, fa_report_str(doc, "tool.version"));
	fa_html_adds(h, "\">\n<title>");
	fa_html_text(h, title);
	fa_html_adds(h, "</title>\n<style>\n");
	fa_html_adds(h, fa_html_css);
	fa_html_adds(h, "</style>\n</head>\n");
}

static void fa_html_footer(struct fa_html *h, const json_t *doc)
{
	fa_html_adds(h, "</main>\n<footer>Generated by ");
	fa_html_text(h, fa_report_str(doc, "tool.name"));
	fa_html_adds(h, " ");
	fa_html_text(h, fa_report_str(doc, "tool.version"));
	fa_html_adds(h, " &middot; format ");
	fa_html_text(h, fa_report_str(doc, "format"));
	fa_html_adds(h, "</footer>\n<script>");
	fa_html_adds(h, fa_html_script);
	fa_html_adds(h, "</script>\n</body>\n</html>\n");
}

/* Header bar of a diff or gate page: @h1, the verdict, and old/new/allow-list of @diff. */
static void fa_html_diff_header(struct fa_html *h, const char *h1, const char *verdict,
				const json_t *doc, const json_t *diff)
{
	fa_buf_addf(h->out, "<body>\n<header class=\"top\">\n<h1>%s</h1>\n"
			    "<span class=\"verdict v-%s\" id=\"verdict\">", h1,
		    fa_html_verdict_class(verdict));
	fa_html_text(h, verdict ? verdict : "unknown");
	fa_html_adds(h, "</span>\n<dl class=\"meta\">");
	fa_html_meta(h, "created", doc, "created", NULL, "");
	if (diff) {
		fa_html_meta(h, "old", diff, "old.source", "old.created", " &middot; ");
		fa_html_meta(h, "new", diff, "new.source", "new.created", " &middot; ");
		fa_html_meta(h, "allow-list", diff, "allow.source", NULL, "");
	}
	fa_html_meta(h, "tool", doc, "tool.name", "tool.version", " ");
	fa_html_adds(h, "</dl>\n</header>\n<main>\n");
}

static void fa_html_diff_tiles(struct fa_html *h, const json_t *diff)
{
	static const char *const keys[] = {
		"summary.changes", "summary.allowed", "summary.disallowed",
		"summary.expected_missing", "summary.regressions", "summary.devices_changed",
	};
	const char *verdict = fa_report_str(diff, "summary.verdict");
	const struct fa_report_field *f;
	size_t i;

	fa_html_adds(h, "<section class=\"tiles\" id=\"diff-summary\">\n");
	fa_buf_addf(h->out, "<div class=\"tile t-%s\"><div class=\"tile-label\">",
		    fa_html_verdict_class(verdict));
	fa_html_text(h, fa_report_field_find(&fa_diff_summary, "summary.verdict")->label);
	fa_buf_addf(h->out, "</div><div class=\"tile-value\"><span class=\"verdict v-%s\">",
		    fa_html_verdict_class(verdict));
	fa_html_text(h, verdict ? verdict : "unknown");
	fa_html_adds(h, "</span></div></div>\n");
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		long long v = fa_report_int(diff, keys[i], 0);
		bool bad = v > 0 && (i == 2 || i == 3 || i == 4);

		f = fa_report_field_find(&fa_diff_summary, keys[i]);
		fa_html_tile_open(h, bad ? "t-fail" : "", f->label);
		fa_buf_addf(h->out, "%lld</div></div>\n", v);
	}
	fa_html_adds(h, "</section>\n");
}

/* The group of a change: its device, or NULL for a link. */
static const char *fa_html_change_group(const json_t *c)
{
	const char *kind = fa_report_str(c, "kind");

	return kind && !strcmp(kind, "link") ? NULL : fa_report_str(c, "device");
}

/* The devices a change is on (a link's two ends), as fa_html_finding_devices. */
static void fa_html_change_devices(const json_t *c, json_t *set, struct fa_buf *out)
{
	static const char *const paths[] = { "device", "link.a.device", "link.b.device" };

	fa_html_devices_at(c, paths, sizeof(paths) / sizeof(paths[0]), set, out);
}

static void fa_html_change_cell(struct fa_html *h, const json_t *c, const char *key,
				const char *cls)
{
	fa_buf_addf(h->out, "<td class=\"%s\">", cls);
	fa_html_field(h, c, fa_report_field_find(&fa_diff_changes, key));
	fa_html_adds(h, "</td>");
}

static void fa_html_change_row(struct fa_html *h, const json_t *c)
{
	const char *op = fa_report_str(c, "op"), *kind = fa_report_str(c, "kind");
	bool regression = json_is_true(json_object_get(c, "regression"));
	struct fa_buf devs = FA_BUF_INIT;

	/* what the diff filters match (reports/assets/report.js) */
	fa_html_change_devices(c, NULL, &devs);
	fa_html_adds(h, regression ? "<tr class=\"regression\"" : "<tr");
	fa_buf_addf(h->out, " data-status=\"%s%s\" data-field=\"",
		    json_is_true(json_object_get(c, "allowed")) ? "allowed" : "not-allowed",
		    regression ? " regression" : "");
	fa_html_text(h, fa_report_str(c, "field") ? fa_report_str(c, "field") : "");
	fa_html_adds(h, "\" data-devices=\"");
	fa_html_text(h, devs.buf ? devs.buf : "");
	fa_html_adds(h, "\">");
	fa_buf_release(&devs);
	if (json_object_get(c, "field")) {
		fa_html_change_cell(h, c, "port", "k-port mono");
		fa_html_change_cell(h, c, "field", "k-field mono");
		fa_html_change_cell(h, c, "old", "k-old mono");
		fa_html_change_cell(h, c, "new", "k-new mono");
	} else {
		/* A subject that came or went: its name and what happened, across the values. */
		const char *key = !kind ? NULL : !strcmp(kind, "port") ? "port" :
				  !strcmp(kind, "link") ? "subject" : NULL;
		const char *name = key ? fa_report_str(c, key) : NULL;

		fa_html_adds(h, "<td class=\"k-port mono\">");
		if (name)
			fa_html_value(h, name, strlen(name));
		else if (!key)
			fa_html_adds(h, "<span class=\"none\">-</span>");
		fa_html_adds(h, "</td><td colspan=\"3\"><span class=\"badge\">");
		fa_html_text(h, kind);
		fa_html_adds(h, " ");
		fa_html_text(h, op);
		fa_html_adds(h, "</span></td>");
	}
	/* a regression is red whatever the allow-list said of it */
	fa_html_adds(h, "<td class=\"k-allowed\">");
	if (regression)
		fa_html_adds(h, "<span class=\"badge b-error\">regression</span> ");
	if (json_is_true(json_object_get(c, "allowed"))) {
		fa_html_adds(h, "<span class=\"badge b-ok\">allowed</span>");
		fa_html_adds(h, "<div class=\"sub\">");
		fa_buf_addf(h->out, "entry %lld: ", fa_report_int(c, "allow.entry", 0));
		fa_html_text(h, fa_report_str(c, "allow.reason"));
		fa_html_adds(h, "</div></td>");
	} else {
		fa_html_adds(h, "<span class=\"badge b-error\">not allowed</span></td>");
	}
	fa_html_adds(h, "</tr>\n");
}

/* The changes of @diff whose "allowed" is @allowed, grouped by device, links last. */
static void fa_html_change_groups(struct fa_html *h, const json_t *diff, bool allowed,
				  const char *id, const char *title, const char *empty)
{
	static const char *const cols[] = { "port", "field", "old", "new", "allowed" };
	json_t *sel = fa_report_changes(diff, allowed);
	size_t i, j, k, n = json_array_size(sel);

	fa_html_section_open(h, id, title, (long long)n);
	if (n == 0)
		fa_buf_addf(h->out, "<p class=\"empty%s\">%s</p>\n", allowed ? "" : " good", empty);
	for (i = 0; i < n; i = j) {
		const char *group = fa_html_change_group(json_array_get(sel, i));

		for (j = i + 1; j < n; j++) {
			const char *g = fa_html_change_group(json_array_get(sel, j));

			if (!g != !group || (g && strcmp(g, group) != 0))
				break;
		}
		fa_html_adds(h, "<div class=\"change-group\"><h3 class=\"mono\">");
		if (group)
			fa_html_text(h, group);
		else
			fa_html_adds(h, "Links");
		fa_buf_addf(h->out, " <span class=\"count\">%zu</span></h3>\n", j - i);
		fa_html_adds(h, "<div class=\"table-wrap\"><table class=\"data sortable\">\n"
				"<thead><tr>");
		for (k = 0; k < sizeof(cols) / sizeof(cols[0]); k++) {
			fa_html_adds(h, "<th>");
			fa_html_text(h, fa_report_field_find(&fa_diff_changes, cols[k])->label);
			fa_html_adds(h, "</th>");
		}
		fa_html_adds(h, "</tr></thead>\n<tbody>\n");
		for (k = i; k < j; k++)
			fa_html_change_row(h, json_array_get(sel, k));
		fa_html_adds(h, "</tbody></table></div></div>\n");
	}
	fa_html_adds(h, "</section>\n");
	json_decref(sel);
}

/* Filters of the changes by device, field and status; the script unhides them. */
static void fa_html_diff_filters(struct fa_html *h, const json_t *items)
{
	json_t *devices = json_object();
	const json_t *c;
	size_t i;

	json_array_foreach(items, i, c)
		fa_html_change_devices(c, devices, NULL);
	fa_html_adds(h, "<div class=\"filters\" id=\"diff-filters\" hidden>\n");
	fa_html_select(h, "f-diff-device", "All devices", devices);
	fa_html_adds(h, "<select id=\"f-diff-status\"><option value=\"\">Every status</option>"
			"<option value=\"not-allowed\">Not allowed</option>"
			"<option value=\"allowed\">Allowed</option>"
			"<option value=\"regression\">Regressions</option></select>\n"
			"<input type=\"search\" id=\"f-diff-field\" placeholder=\"Field\" "
			"aria-label=\"Field\">\n<span id=\"f-diff-shown\"></span>\n</div>\n");
	json_decref(devices);
}

/*
 * The diff view, what needs a decision first: the changes the allow-list did not allow, the
 * expected changes that did not happen, then the allowed changes.
 */
static void fa_html_diff_view(struct fa_html *h, const json_t *diff)
{
	const json_t *items = fa_report_items(diff, &fa_diff_changes);

	if (!items || !json_array_size(items)) {
		fa_html_section_open(h, "changes", fa_diff_changes.title, 0);
		fa_html_adds(h, "<p class=\"empty good\">No changes.</p>\n</section>\n");
	} else {
		fa_html_diff_filters(h, items);
		fa_html_change_groups(h, diff, false, "changes-not-allowed", "Changes not allowed",
				      "Every change is allowed.");
	}
	fa_html_list(h, diff, &fa_diff_missing, "expected-missing",
		     "Every expected change happened.");
	if (items && json_array_size(items))
		fa_html_change_groups(h, diff, true, "changes-allowed", "Allowed changes",
				      "No change is allowed by the allow-list.");
}

static void fa_html_diff_body(struct fa_html *h, const json_t *diff)
{
	fa_html_diff_tiles(h, diff);
	fa_html_diff_view(h, diff);
}

/* An audit report inside a gate or drift page: its tiles, map, findings, coverage and lists. */
static void fa_html_audit_body(struct fa_html *h, const json_t *audit)
{
	fa_html_tiles(h, audit);
	fa_html_map(h, audit);
	fa_html_findings(h, audit);
	fa_html_coverage(h, audit);
	fa_html_list(h, audit, &fa_report_warnings, "warnings", "No collection warnings.");
	fa_html_list(h, audit, &fa_report_unmatched, "unmatched-rules",
		     "Every rule applied to at least one subject.");
	fa_html_list(h, audit, &fa_report_rules, "rules", "No rules were run.");
	fa_html_list(h, audit, &fa_report_packs, "packs", "No rule packs.");
}

int fa_render_html_diff(const json_t *diff, const struct fa_render_opts *opts,
			struct fa_buf *out, struct fa_err *err)
{
	struct fa_html h = { out };
	const char *verdict = fa_report_str(diff, "summary.verdict");
	char title[128];

	snprintf(title, sizeof(title), "Fabric diff: %s, %lld changes",
		 verdict && !strcmp(verdict, "pass") ? "pass" :
		 verdict && !strcmp(verdict, "fail") ? "fail" : "unknown",
		 fa_report_int(diff, "summary.changes", 0));
	fa_html_head_titled(&h, diff, title);
	fa_html_diff_header(&h, "Fabric diff", verdict, diff, diff);
	fa_html_diff_body(&h, diff);
	/* A drift report carries the audit of its new snapshot. */
	if (json_is_object(json_object_get(diff, "audit"))) {
		fa_html_adds(&h, "<h2>Audit of the new snapshot</h2>\n");
		fa_html_audit_body(&h, json_object_get(diff, "audit"));
	}
	fa_html_footer(&h, diff);
	return 0;
}

int fa_render_html_gate(const json_t *gate, const struct fa_render_opts *opts,
			struct fa_buf *out, struct fa_err *err)
{
	struct fa_html h = { out };
	const char *verdict = fa_report_str(gate, "summary.verdict");
	const json_t *diff = json_object_get(gate, "diff"), *audit = json_object_get(gate, "audit");
	const json_t *reasons = json_object_get(gate, "reasons"), *r;
	char title[128];
	size_t i;

	snprintf(title, sizeof(title), "Change gate: %s",
		 verdict && !strcmp(verdict, "pass") ? "pass" :
		 verdict && !strcmp(verdict, "incomplete") ? "incomplete" : "fail");
	fa_html_head_titled(&h, gate, title);
	fa_html_diff_header(&h, "Change gate", verdict, gate,
			    json_is_object(diff) ? diff : NULL);
	fa_html_section_open(&h, "gate", "Gate", -1);
	if (json_array_size(reasons)) {
		fa_html_adds(&h, "<ul class=\"reasons\">\n");
		json_array_foreach(reasons, i, r) {
			fa_html_adds(&h, "<li>");
			fa_html_value(&h, json_string_value(r), json_string_length(r));
			fa_html_adds(&h, "</li>\n");
		}
		fa_html_adds(&h, "</ul>\n");
	} else {
		fa_html_adds(&h, "<p class=\"empty good\">Only the expected changes happened and the "
				 "post-change audit passes.</p>\n");
	}
	fa_html_adds(&h, "</section>\n");
	/* What changed beside what the after state is: two columns on a wide screen. */
	fa_html_adds(&h, "<div class=\"gate-sides\">\n<div class=\"gate-side\" id=\"gate-diff\">"
			 "<h2>What changed</h2>\n");
	if (json_is_object(diff))
		fa_html_diff_body(&h, diff);
	else
		fa_html_adds(&h, "<p class=\"empty\">No diff in this gate result.</p>\n");
	fa_html_adds(&h, "</div>\n<div class=\"gate-side\" id=\"gate-audit\">"
			 "<h2>Audit of the post-change state</h2>\n");
	if (json_is_object(audit))
		fa_html_audit_body(&h, audit);
	else
		fa_html_adds(&h, "<p class=\"empty\">The after state was not audited.</p>\n");
	fa_html_adds(&h, "</div>\n</div>\n");
	fa_html_footer(&h, gate);
	return 0;
}
