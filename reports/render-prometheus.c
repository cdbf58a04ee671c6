/* SPDX-License-Identifier: MIT */
/*
 * Prometheus text exposition format, for node_exporter's textfile collector
 * (--collector.textfile.directory): the CLI writes the file atomically, so the collector never
 * reads half of it.
 *
 * Every metric carries the label command="audit|diff|gate|drift" (the document kind unless
 * the caller names the command), so the files of several jobs can sit in one textfile folder
 * without two of them exporting the same series.  Every series that can be zero is written
 * with 0, so alerts resolve when a problem goes away instead of the series vanishing.
 *
 * Metrics (all gauges):
 *   fabric_audit_last_run_timestamp_seconds      the document's "created" time
 *   fabric_audit_last_run_duration_seconds       when the caller measured it
 *   fabric_audit_last_run_success                1 when the verdict is "pass"
 *   fabric_audit_verdict{verdict}                1 for the run's verdict (pass, fail,
 *                                                incomplete), 0 for the two others
 *   fabric_audit_incomplete_accepted             1 when --allow-incomplete accepted it
 *   fabric_audit_rules_unmatched                 rules that applied to no subject (audit)
 *   fabric_audit_findings{rule,severity}         findings per rule run (audit, gate)
 *   fabric_audit_not_evaluable_checks            (audit, gate)
 *   fabric_audit_devices{status}                 devices by collection status (audit, gate)
 *   fabric_audit_drift_changes{kind,op}          changes by kind and op (diff, gate)
 *   fabric_audit_drift_disallowed_changes        changes outside the allow-list
 *   fabric_audit_drift_expected_missing          expected changes that did not happen
 *   fabric_audit_drift_devices_changed           devices with at least one change
 *   fabric_audit_port_*{device,port[,priority|lane]}  an audit's per-port counters, rates and
 *                                                module readings, when the caller passes the
 *                                                snapshot (reports/render-prom-ports.c)
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "audit/model.h"
#include "reports/render-int.h"
#include "audit/util/banned.h"

struct fa_prom {
	struct fa_buf *out;
	const char *command;
};

/* Append @s as a label value: backslash, double quote and newline escaped. */
void fa_prom_escape_label(struct fa_buf *out, const char *s)
{
	for (; s && *s; s++) {
		if (*s == '\\')
			fa_buf_adds(out, "\\\\");
		else if (*s == '"')
			fa_buf_adds(out, "\\\"");
		else if (*s == '\n')
			fa_buf_adds(out, "\\n");
		else
			fa_buf_addch(out, *s);
	}
}

static void fa_prom_head(struct fa_prom *p, const char *name, const char *help)
{
	fa_buf_addf(p->out, "# HELP %s %s\n# TYPE %s gauge\n", name, help, name);
}

/*
 * One sample: @name{command="…"[,k="v"]...} value.  @labels is NULL-terminated pairs of
 * label name and value.
 */
static void fa_prom_sample(struct fa_prom *p, const char *name, const char *const *labels,
			   const char *value)
{
	fa_buf_addf(p->out, "%s{command=\"", name);
	fa_prom_escape_label(p->out, p->command);
	fa_buf_addch(p->out, '"');
	for (; labels && labels[0]; labels += 2) {
		fa_buf_addf(p->out, ",%s=\"", labels[0]);
		fa_prom_escape_label(p->out, labels[1]);
		fa_buf_addch(p->out, '"');
	}
	fa_buf_addf(p->out, "} %s\n", value);
}

static void fa_prom_int(struct fa_prom *p, const char *name, const char *const *labels,
			long long v)
{
	char num[32];

	snprintf(num, sizeof(num), "%lld", v);
	fa_prom_sample(p, name, labels, num);
}

/* Seconds since the epoch of an RFC 3339 UTC time "YYYY-MM-DDTHH:MM:SSZ"; -1 when not one. */
static long long fa_prom_epoch(const char *s)
{
	struct tm tm;
	char z = '\0', extra = '\0';

	if (!s)
		return -1;
	memset(&tm, 0, sizeof(tm));
	if (sscanf(s, "%4d-%2d-%2dT%2d:%2d:%2d%c%c", &tm.tm_year, &tm.tm_mon, &tm.tm_mday,
		   &tm.tm_hour, &tm.tm_min, &tm.tm_sec, &z, &extra) != 7 || z != 'Z')
		return -1;
	tm.tm_year -= 1900;
	tm.tm_mon -= 1;
	return (long long)timegm(&tm);
}

/* The three verdicts, one series each, so an alert can tell fail from incomplete. */
static void fa_prom_verdict(struct fa_prom *p, const json_t *doc)
{
	static const char *const verdicts[] = { "pass", "fail", "incomplete" };
	const char *verdict = fa_report_str(doc, "summary.overall");	/* drift: with its audit */
	size_t i;

	if (!verdict)
		verdict = fa_report_str(doc, "summary.verdict");
	fa_prom_head(p, "fabric_audit_verdict",
		     "1 for the verdict of the last run (pass, fail or incomplete), else 0.");
	for (i = 0; i < 3; i++) {
		const char *labels[] = { "verdict", verdicts[i], NULL };

		fa_prom_int(p, "fabric_audit_verdict", labels,
			    verdict && strcmp(verdict, verdicts[i]) == 0);
	}
	fa_prom_head(p, "fabric_audit_incomplete_accepted",
		     "1 when the last run accepted an incomplete verdict (--allow-incomplete).");
	fa_prom_int(p, "fabric_audit_incomplete_accepted", NULL,
		    json_is_object(fa_obj_get_path(doc, "summary.accepted_incomplete")) ||
		    json_is_true(fa_obj_get_path(doc, "summary.incomplete_accepted")));
}

static void fa_prom_run(struct fa_prom *p, const json_t *doc, const struct fa_render_opts *opts)
{
	long long t = fa_prom_epoch(fa_report_str(doc, "created"));
	const char *verdict = fa_report_str(doc, "summary.overall") ?
			      fa_report_str(doc, "summary.overall") :
			      fa_report_str(doc, "summary.verdict");
	char num[64];

	if (t >= 0) {
		fa_prom_head(p, "fabric_audit_last_run_timestamp_seconds",
			     "When the last run built its result, in seconds since the epoch.");
		fa_prom_int(p, "fabric_audit_last_run_timestamp_seconds", NULL, t);
	}
	if (opts->duration >= 0) {
		fa_prom_head(p, "fabric_audit_last_run_duration_seconds",
			     "How long the last run took, in seconds.");
		snprintf(num, sizeof(num), "%.3f", opts->duration);
		fa_prom_sample(p, "fabric_audit_last_run_duration_seconds", NULL, num);
	}
	fa_prom_head(p, "fabric_audit_last_run_success",
		     "1 when the verdict of the last run was pass, else 0.");
	fa_prom_int(p, "fabric_audit_last_run_success", NULL,
		    verdict && strcmp(verdict, "pass") == 0);
	fa_prom_verdict(p, doc);
}

static void fa_prom_audit(struct fa_prom *p, const json_t *report)
{
	const json_t *rules = fa_report_items(report, &fa_report_rules);
	const json_t *findings = fa_report_items(report, &fa_report_findings);
	const json_t *failed = fa_report_items(report, &fa_report_failed_devices);
	const json_t *rule, *f;
	size_t i, j;
	int s;

	fa_prom_head(p, "fabric_audit_findings",
		     "Findings of the last audit per rule and severity.");
	json_array_foreach(rules, i, rule) {
		const char *id = fa_report_str(rule, "id");
		const char *labels[] = { "rule", id, "severity", fa_report_str(rule, "severity"),
					 NULL };
		long long n = 0;

		if (!id || !labels[3])
			continue;
		json_array_foreach(findings, j, f)
			if (fa_report_str(f, "rule") && !strcmp(fa_report_str(f, "rule"), id))
				n++;
		fa_prom_int(p, "fabric_audit_findings", labels, n);
	}
	fa_prom_head(p, "fabric_audit_not_evaluable_checks",
		     "Checks of the last audit that could not be evaluated (data missing).");
	fa_prom_int(p, "fabric_audit_not_evaluable_checks", NULL,
		    fa_report_int(report, "summary.not_evaluable", 0));
	fa_prom_head(p, "fabric_audit_rules_unmatched",
		     "Rules of the last audit that applied to no subject (their where matched "
		     "nothing).");
	fa_prom_int(p, "fabric_audit_rules_unmatched", NULL,
		    fa_report_int(report, "summary.rules_unmatched", 0));
	fa_prom_head(p, "fabric_audit_devices", "Devices of the last audit by collection status.");
	for (s = 0; s < FA_STATUS_COUNT; s++) {
		const char *name = fa_status_to_string(s);
		const char *labels[] = { "status", name, NULL };
		long long n = 0;

		if (s == FA_STATUS_OK) {
			n = fa_report_int(report, "coverage.devices.ok", 0);
		} else {
			json_array_foreach(failed, j, f)
				if (fa_report_str(f, "status") &&
				    !strcmp(fa_report_str(f, "status"), name))
					n++;
		}
		fa_prom_int(p, "fabric_audit_devices", labels, n);
	}
}

static void fa_prom_diff(struct fa_prom *p, const json_t *diff)
{
	static const char *const kinds[] = { "device", "port", "link" };
	static const char *const ops[] = { "added", "removed", "changed" };
	char key[64];
	size_t k, o;

	fa_prom_head(p, "fabric_audit_drift_changes",
		     "Changes between the two snapshots by subject kind and operation.");
	for (k = 0; k < 3; k++) {
		for (o = 0; o < 3; o++) {
			const char *labels[] = { "kind", kinds[k], "op", ops[o], NULL };

			snprintf(key, sizeof(key), "summary.by_kind.%s.%s", kinds[k], ops[o]);
			fa_prom_int(p, "fabric_audit_drift_changes", labels,
				    fa_report_int(diff, key, 0));
		}
	}
	fa_prom_head(p, "fabric_audit_drift_disallowed_changes",
		     "Changes outside the expected-change allow-list.");
	fa_prom_int(p, "fabric_audit_drift_disallowed_changes", NULL,
		    fa_report_int(diff, "summary.disallowed", 0));
	fa_prom_head(p, "fabric_audit_drift_expected_missing",
		     "Expected changes that did not happen on a selected subject.");
	fa_prom_int(p, "fabric_audit_drift_expected_missing", NULL,
		    fa_report_int(diff, "summary.expected_missing", 0));
	fa_prom_head(p, "fabric_audit_drift_devices_changed",
		     "Devices with at least one change.");
	fa_prom_int(p, "fabric_audit_drift_devices_changed", NULL,
		    fa_report_int(diff, "summary.devices_changed", 0));
}

int fa_render_prometheus(const json_t *report, const struct fa_render_opts *opts,
			 struct fa_buf *out, struct fa_err *err)
{
	struct fa_prom p = { out, opts->command ? opts->command : "audit" };

	fa_prom_run(&p, report, opts);
	fa_prom_audit(&p, report);
	if (opts->snapshot)
		fa_prom_ports(out, p.command, opts->snapshot);
	return 0;
}

int fa_render_prometheus_diff(const json_t *diff, const struct fa_render_opts *opts,
			      struct fa_buf *out, struct fa_err *err)
{
	struct fa_prom p = { out, opts->command ? opts->command : "diff" };

	fa_prom_run(&p, diff, opts);
	fa_prom_diff(&p, diff);
	if (json_is_object(json_object_get(diff, "audit")))
		fa_prom_audit(&p, json_object_get(diff, "audit"));
	return 0;
}

int fa_render_prometheus_gate(const json_t *gate, const struct fa_render_opts *opts,
			      struct fa_buf *out, struct fa_err *err)
{
	struct fa_prom p = { out, opts->command ? opts->command : "gate" };
	const json_t *diff = json_object_get(gate, "diff"), *audit = json_object_get(gate, "audit");

	fa_prom_run(&p, gate, opts);
	if (json_is_object(diff))
		fa_prom_diff(&p, diff);
	if (json_is_object(audit))
		fa_prom_audit(&p, audit);
	return 0;
}
