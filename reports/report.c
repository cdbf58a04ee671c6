/* SPDX-License-Identifier: MIT */
/*
 * The field declarations of a report and the helpers that read a report value.
 *
 * Each table below is the single place where a JSON key of docs/report.md is paired with the
 * label a person reads.  The text and HTML renderers walk these tables (and the JSON renderer
 * writes the value itself), so adding a column means adding one line here.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "reports/render-int.h"
#include "reports/report.h"
#include "audit/util/banned.h"

#define FA_NELEM(a) (sizeof(a) / sizeof((a)[0]))

static const struct fa_report_field fa_finding_fields[] = {
	{ "severity", "Severity", FA_RF_TEXT | FA_RF_HTML | FA_RF_SEVERITY },
	{ "rule", "Rule", FA_RF_TEXT | FA_RF_HTML | FA_RF_CODE },
	{ "title", "Title", FA_RF_HTML_SUB },
	{ "category", "Category", FA_RF_HTML },
	{ "subject_text", "Subject", FA_RF_TEXT | FA_RF_HTML | FA_RF_CODE },
	{ "expected", "Expected", FA_RF_TEXT | FA_RF_HTML | FA_RF_CODE },
	{ "actual", "Actual", FA_RF_TEXT | FA_RF_HTML | FA_RF_CODE },
	{ "message", "Message", FA_RF_TEXT_LINE | FA_RF_HTML },
	{ "related", "Related", FA_RF_TEXT_LINE | FA_RF_HTML_SUB },
	{ "explains", "Explains", FA_RF_TEXT_LINE | FA_RF_HTML_SUB },
	{ "explained_by", "Explained by", FA_RF_TEXT_LINE | FA_RF_HTML_SUB },
};

const struct fa_report_section fa_report_findings = {
	"findings", "Findings", fa_finding_fields, FA_NELEM(fa_finding_fields),
};

static const struct fa_report_field fa_failed_device_fields[] = {
	{ "device", "Device", FA_RF_TEXT | FA_RF_HTML | FA_RF_CODE },
	{ "status", "Status", FA_RF_TEXT | FA_RF_HTML },
	{ "error", "Error", FA_RF_TEXT | FA_RF_HTML },
};

const struct fa_report_section fa_report_failed_devices = {
	"coverage.failed_devices", "Devices not collected", fa_failed_device_fields,
	FA_NELEM(fa_failed_device_fields),
};

static const struct fa_report_field fa_not_evaluable_fields[] = {
	{ "rule", "Rule", FA_RF_TEXT | FA_RF_HTML | FA_RF_CODE },
	{ "subject", "Subject", FA_RF_TEXT | FA_RF_HTML | FA_RF_CODE },
	{ "missing", "Missing", FA_RF_TEXT | FA_RF_HTML | FA_RF_CODE },
};

const struct fa_report_section fa_report_not_evaluable = {
	"coverage.not_evaluable", "Checks not evaluable", fa_not_evaluable_fields,
	FA_NELEM(fa_not_evaluable_fields),
};

static const struct fa_report_field fa_warning_fields[] = {
	{ "device", "Device", FA_RF_TEXT | FA_RF_HTML | FA_RF_CODE },
	{ "message", "Message", FA_RF_TEXT | FA_RF_HTML },
};

const struct fa_report_section fa_report_warnings = {
	"warnings", "Collection warnings", fa_warning_fields, FA_NELEM(fa_warning_fields),
};

static const struct fa_report_field fa_unmatched_fields[] = {
	{ "rule", "Rule", FA_RF_TEXT | FA_RF_HTML | FA_RF_CODE },
	{ "pack", "Pack", FA_RF_TEXT | FA_RF_HTML },
	{ "scope", "Scope", FA_RF_TEXT | FA_RF_HTML },
	{ "reason", "Why", FA_RF_TEXT | FA_RF_HTML },
	{ "notapplicable", "Not applicable", FA_RF_TEXT | FA_RF_HTML | FA_RF_NUMBER },
};

const struct fa_report_section fa_report_unmatched = {
	"coverage.unmatched_rules", "Rules that applied to no subject", fa_unmatched_fields,
	FA_NELEM(fa_unmatched_fields),
};

static const struct fa_report_field fa_pack_fields[] = {
	{ "name", "Pack", FA_RF_TEXT | FA_RF_HTML | FA_RF_CODE },
	{ "rules", "Rules", FA_RF_TEXT | FA_RF_HTML | FA_RF_NUMBER },
	{ "file", "File", FA_RF_TEXT | FA_RF_HTML | FA_RF_CODE },
	{ "sha256", "SHA-256", FA_RF_TEXT | FA_RF_HTML | FA_RF_CODE },
};

const struct fa_report_section fa_report_packs = {
	"packs", "Rule packs", fa_pack_fields, FA_NELEM(fa_pack_fields),
};

static const struct fa_report_field fa_rule_fields[] = {
	{ "id", "Rule", FA_RF_TEXT | FA_RF_HTML | FA_RF_CODE },
	{ "title", "Title", FA_RF_HTML_SUB },
	{ "category", "Category", FA_RF_TEXT | FA_RF_HTML },
	{ "severity", "Severity", FA_RF_TEXT | FA_RF_HTML | FA_RF_SEVERITY },
	{ "scope", "Scope", FA_RF_TEXT | FA_RF_HTML },
	{ "pack", "Pack", FA_RF_TEXT | FA_RF_HTML },
	{ "counts.pass", "Pass", FA_RF_TEXT | FA_RF_HTML | FA_RF_NUMBER },
	{ "counts.fail", "Fail", FA_RF_TEXT | FA_RF_HTML | FA_RF_NUMBER },
	{ "counts.notevaluable", "Not evaluable", FA_RF_TEXT | FA_RF_HTML | FA_RF_NUMBER },
	{ "counts.notapplicable", "Not applicable", FA_RF_TEXT | FA_RF_HTML | FA_RF_NUMBER },
};

const struct fa_report_section fa_report_rules = {
	"rules", "Rules", fa_rule_fields, FA_NELEM(fa_rule_fields),
};

static const struct fa_report_field fa_waived_fields[] = {
	{ "severity", "Severity", FA_RF_TEXT | FA_RF_HTML | FA_RF_SEVERITY },
	{ "rule", "Rule", FA_RF_TEXT | FA_RF_HTML | FA_RF_CODE },
	{ "subject_text", "Subject", FA_RF_TEXT | FA_RF_HTML | FA_RF_CODE },
	{ "waiver.expires", "Until", FA_RF_TEXT | FA_RF_HTML },
	{ "waiver.reason", "Reason", FA_RF_TEXT | FA_RF_HTML },
	{ "message", "Message", FA_RF_TEXT_LINE | FA_RF_HTML_SUB },
};

const struct fa_report_section fa_report_waived = {
	"waived", "Waived findings", fa_waived_fields, FA_NELEM(fa_waived_fields),
};

static const struct fa_report_field fa_waiver_fields[] = {
	{ "status", "Status", FA_RF_TEXT | FA_RF_HTML },
	{ "rule", "Rule", FA_RF_TEXT | FA_RF_HTML | FA_RF_CODE },
	{ "subject", "Subject", FA_RF_TEXT | FA_RF_HTML | FA_RF_CODE },
	{ "expires", "Until", FA_RF_TEXT | FA_RF_HTML },
	{ "matched", "Matched", FA_RF_TEXT | FA_RF_HTML | FA_RF_NUMBER },
	{ "reason", "Reason", FA_RF_TEXT | FA_RF_HTML },
	{ "source", "Source", FA_RF_HTML | FA_RF_CODE },
};

const struct fa_report_section fa_report_waivers = {
	"waivers", "Waivers", fa_waiver_fields, FA_NELEM(fa_waiver_fields),
};

/* Paths from the report root; labels are lowercase so they read inside a sentence. */
static const struct fa_report_field fa_summary_fields[] = {
	{ "summary.verdict", "verdict", 0 },
	{ "summary.findings", "findings", FA_RF_NUMBER },
	{ "summary.root_causes", "root causes", FA_RF_NUMBER },
	{ "summary.by_severity.error", "error", FA_RF_NUMBER | FA_RF_SEVERITY },
	{ "summary.by_severity.warning", "warning", FA_RF_NUMBER | FA_RF_SEVERITY },
	{ "summary.by_severity.info", "info", FA_RF_NUMBER | FA_RF_SEVERITY },
	{ "coverage.devices.ok", "devices ok", FA_RF_NUMBER },
	{ "coverage.devices.total", "devices", FA_RF_NUMBER },
	{ "coverage.devices.failed", "devices failed", FA_RF_NUMBER },
	{ "summary.rules_failed", "rules failed", FA_RF_NUMBER },
	{ "summary.rules", "rules", FA_RF_NUMBER },
	{ "summary.checks", "checks", FA_RF_NUMBER },
	{ "summary.not_evaluable", "not evaluable", FA_RF_NUMBER },
	{ "summary.waived", "waived", FA_RF_NUMBER },
	{ "summary.rules_unmatched", "rules that applied to no subject", FA_RF_NUMBER },
	{ "summary.packs_digest", "packs sha256", FA_RF_CODE },
};

const struct fa_report_section fa_report_summary = {
	"", "Summary", fa_summary_fields, FA_NELEM(fa_summary_fields),
};

/* One change of a diff; the renderers group them by device and show "old -> new". */
static const struct fa_report_field fa_diff_change_fields[] = {
	{ "op", "Change", FA_RF_TEXT | FA_RF_HTML },
	{ "subject", "Subject", FA_RF_CODE },
	{ "port", "Port", FA_RF_TEXT | FA_RF_HTML | FA_RF_CODE },
	{ "field", "Field", FA_RF_TEXT | FA_RF_HTML | FA_RF_CODE },
	{ "old", "Old", FA_RF_TEXT | FA_RF_HTML | FA_RF_CODE },
	{ "new", "New", FA_RF_TEXT | FA_RF_HTML | FA_RF_CODE },
	{ "allowed", "Allowed", FA_RF_TEXT | FA_RF_HTML },
	{ "allow.reason", "Reason", FA_RF_TEXT | FA_RF_HTML_SUB },
};

const struct fa_report_section fa_diff_changes = {
	"changes", "Changes", fa_diff_change_fields, FA_NELEM(fa_diff_change_fields),
};

static const struct fa_report_field fa_diff_missing_fields[] = {
	{ "subject", "Subject", FA_RF_TEXT | FA_RF_HTML | FA_RF_CODE },
	{ "field", "Field", FA_RF_TEXT | FA_RF_HTML | FA_RF_CODE },
	{ "from", "From", FA_RF_TEXT | FA_RF_HTML | FA_RF_CODE },
	{ "to", "Expected", FA_RF_TEXT | FA_RF_HTML | FA_RF_CODE },
	{ "actual", "Now", FA_RF_TEXT | FA_RF_HTML | FA_RF_CODE },
	{ "entry", "Entry", FA_RF_TEXT | FA_RF_HTML | FA_RF_NUMBER },
	{ "reason", "Reason", FA_RF_TEXT_LINE | FA_RF_HTML },
};

const struct fa_report_section fa_diff_missing = {
	"expected_missing", "Expected changes missing", fa_diff_missing_fields,
	FA_NELEM(fa_diff_missing_fields),
};

static const struct fa_report_field fa_diff_summary_fields[] = {
	{ "summary.verdict", "verdict", 0 },
	{ "summary.changes", "changes", FA_RF_NUMBER },
	{ "summary.allowed", "allowed", FA_RF_NUMBER },
	{ "summary.disallowed", "not allowed", FA_RF_NUMBER },
	{ "summary.regressions", "regressions", FA_RF_NUMBER },
	{ "summary.expected_missing", "expected missing", FA_RF_NUMBER },
	{ "summary.devices_changed", "devices changed", FA_RF_NUMBER },
	{ "old.source", "old", FA_RF_CODE },
	{ "old.created", "old created", FA_RF_CODE },
	{ "new.source", "new", FA_RF_CODE },
	{ "new.created", "new created", FA_RF_CODE },
	{ "allow.source", "allow-list", FA_RF_CODE },
};

const struct fa_report_section fa_diff_summary = {
	"", "Summary", fa_diff_summary_fields, FA_NELEM(fa_diff_summary_fields),
};

const struct fa_report_field *fa_report_field_find(const struct fa_report_section *section,
						   const char *key)
{
	size_t i;

	for (i = 0; i < section->nfields; i++)
		if (strcmp(section->fields[i].key, key) == 0)
			return &section->fields[i];
	return NULL;
}

const json_t *fa_report_items(const json_t *report, const struct fa_report_section *section)
{
	const json_t *v = fa_obj_get_path(report, section->key);

	return json_is_array(v) ? v : NULL;
}

json_t *fa_report_changes(const json_t *diff, bool allowed)
{
	json_t *sel = json_array();
	const json_t *c;
	size_t i;

	json_array_foreach(fa_report_items(diff, &fa_diff_changes), i, c)
		if (json_is_true(json_object_get(c, "allowed")) == allowed)
			json_array_append(sel, (json_t *)c);
	return sel;
}

const char *fa_report_str(const json_t *obj, const char *path)
{
	return json_is_object(obj) ? fa_get_str(obj, path) : NULL;
}

long long fa_report_int(const json_t *obj, const char *path, long long dflt)
{
	json_t *v = json_is_object(obj) ? fa_obj_get_path(obj, path) : NULL;

	return json_is_integer(v) ? (long long)json_integer_value(v) : dflt;
}

size_t fa_report_len(const json_t *obj, const char *path)
{
	json_t *v = json_is_object(obj) ? fa_obj_get_path(obj, path) : NULL;

	return json_is_array(v) ? json_array_size(v) : 0;
}

/*
 * A list of findings, { rule, subject_text } objects ("related", "explains", "explained_by"),
 * in the words a person reads next to the finding: "same hop as: FINDING, ...".
 */
static bool fa_report_refs_text(const char *key, const json_t *v, struct fa_buf *out)
{
	const json_t *x;
	size_t i;

	if (!json_is_array(v) || !json_array_size(v))
		return false;
	json_array_foreach(v, i, x)
		if (!json_is_string(json_object_get(x, "rule")) ||
		    !json_is_string(json_object_get(x, "subject_text")))
			return false;
	if (!strcmp(key, "explains"))
		fa_buf_addf(out, "explains %zu finding%s: ", json_array_size(v),
			    json_array_size(v) == 1 ? "" : "s");
	else
		fa_buf_adds(out, !strcmp(key, "explained_by") ? "explained by: " : "same hop as: ");
	json_array_foreach(v, i, x)
		fa_buf_addf(out, "%s%s on %s", i ? ", " : "",
			    json_string_value(json_object_get(x, "rule")),
			    json_string_value(json_object_get(x, "subject_text")));
	return true;
}

bool fa_report_field_text(const json_t *item, const struct fa_report_field *field,
			  struct fa_buf *out)
{
	json_t *v = json_is_object(item) ? fa_obj_get_path(item, field->key) : NULL;
	char *dump;

	switch (json_typeof(v ? v : json_null())) {
	case JSON_NULL:
		return false;
	case JSON_STRING:
		fa_buf_add(out, json_string_value(v), json_string_length(v));
		return true;
	case JSON_INTEGER:
		fa_buf_addf(out, "%lld", (long long)json_integer_value(v));
		return true;
	case JSON_REAL:
		fa_buf_addf(out, "%g", json_real_value(v));
		return true;
	case JSON_TRUE:
		fa_buf_adds(out, "true");
		return true;
	case JSON_FALSE:
		fa_buf_adds(out, "false");
		return true;
	default:
		if (fa_report_refs_text(field->key, v, out))
			return true;
		dump = json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS | JSON_ENCODE_ANY);
		if (dump)
			fa_buf_adds(out, dump);
		free(dump);
		return true;
	}
}

int fa_report_check(const json_t *report, struct fa_err *err)
{
	const json_t *f;

	if (!json_is_object(report))
		return fa_err_set(err, FA_EPARSE,
				  "not a fabric-audit report (a JSON object was expected)");
	f = json_object_get(report, "format");
	if (!f)
		return fa_err_set(err, FA_EPARSE, "not a fabric-audit report (format missing)");
	if (!json_is_string(f))
		return fa_err_set(err, FA_EPARSE,
				  "not a fabric-audit report (format is not a string)");
	if (strcmp(json_string_value(f), FA_REPORT_FORMAT) != 0 &&
	    strcmp(json_string_value(f), FA_REPORT_DIFF_FORMAT) != 0 &&
	    strcmp(json_string_value(f), FA_REPORT_GATE_FORMAT) != 0)
		return fa_err_set(err, FA_EPARSE, "not a fabric-audit report (format %s)",
				  json_string_value(f));
	return 0;
}
