/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "audit/cli/audit-opts.h"
#include "audit/cli/cmd.h"
#include "audit/engine.h"
#include "audit/util/clock.h"
#include "audit/util/fileio.h"
#include "audit/util/xalloc.h"
#include "reports/report.h"
#include "rules/plan.h"
#include "rules/rule.h"
#include "rules/waiver.h"
#include "audit/util/banned.h"

void fa_audit_opts_init(struct fa_audit_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->format = "text";
	o->output = "-";
	o->fail_on = "error";
	o->color = "auto";
	o->started = fa_clock_now();
}

static int fa_add_extra(struct fa_audit_opts *o, const char *cmd, const char *format,
			const char *path)
{
	if (o->nextra == FA_AUDIT_MAX_OUTPUTS) {
		fprintf(stderr, "fabric-audit %s: at most %d extra outputs\n", cmd,
			FA_AUDIT_MAX_OUTPUTS);
		return -1;
	}
	o->extra[o->nextra].format = format;
	o->extra[o->nextra].path = path;
	o->nextra++;
	return 1;
}

int fa_audit_opts_take(struct fa_audit_opts *o, const char *cmd, int opt, const char *arg)
{
	switch (opt) {
	case 'r':
		if (o->nrules == FA_AUDIT_MAX_RULES) {
			fprintf(stderr, "fabric-audit %s: at most %d --rules\n", cmd,
				FA_AUDIT_MAX_RULES);
			return -1;
		}
		o->rules[o->nrules++] = arg;
		return 1;
	case 'f':
		if (!fa_report_format_is_known(arg)) {
			fprintf(stderr, "fabric-audit %s: unknown format '%s' (%s)\n", cmd, arg,
				fa_report_format_names());
			return -1;
		}
		o->format = arg;
		return 1;
	case 'o':
		o->output = arg;
		return 1;
	case FA_OPT_TEXT:
		return fa_add_extra(o, cmd, "text", arg);
	case FA_OPT_JSON:
		return fa_add_extra(o, cmd, "json", arg);
	case FA_OPT_HTML:
		return fa_add_extra(o, cmd, "html", arg);
	case FA_OPT_JUNIT:
		return fa_add_extra(o, cmd, "junit", arg);
	case FA_OPT_PROMETHEUS:
		return fa_add_extra(o, cmd, "prometheus", arg);
	case FA_OPT_FAIL_ON:
		if (fa_severity_from_string(arg) < 0) {
			fprintf(stderr,
				"fabric-audit %s: --fail-on takes error, warning or info, not '%s'\n",
				cmd, arg);
			return -1;
		}
		o->fail_on = arg;
		return 1;
	case FA_OPT_REQUIRE_COMPLETE:
		o->allow_incomplete = false;
		return 1;
	case FA_OPT_ALLOW_INCOMPLETE:
		o->allow_incomplete = true;
		return 1;
	case FA_OPT_NO_DEFAULT_RULES:
		o->no_default_rules = true;
		return 1;
	case FA_OPT_EXPLAIN:
		o->explain = true;
		return 1;
	case FA_OPT_POLICY:
		o->policy = arg;
		return 1;
	case FA_OPT_PLAN:
		o->plan = arg;
		return 1;
	case FA_OPT_WAIVERS:
		o->waivers = arg;
		return 1;
	case FA_OPT_THREADS: {
		char *end;
		long v = strtol(arg, &end, 10);

		if (end == arg || *end || v < 1 || v > 64) {
			fprintf(stderr, "fabric-audit %s: --threads takes 1 to 64, not '%s'\n", cmd,
				arg);
			return -1;
		}
		o->threads = (int)v;
		return 1;
	}
	case FA_OPT_SELECT:
	case FA_OPT_SKIP:
		if ((opt == FA_OPT_SELECT ? o->nselect : o->nskip) == FA_AUDIT_MAX_PATTERNS) {
			fprintf(stderr, "fabric-audit %s: at most %d --select and --skip each\n",
				cmd, FA_AUDIT_MAX_PATTERNS);
			return -1;
		}
		if (opt == FA_OPT_SELECT)
			o->select[o->nselect++] = arg;
		else
			o->skip[o->nskip++] = arg;
		return 1;
	case FA_OPT_COLOR:
		if (strcmp(arg, "auto") && strcmp(arg, "always") && strcmp(arg, "never")) {
			fprintf(stderr,
				"fabric-audit %s: --color takes auto, always or never, not '%s'\n",
				cmd, arg);
			return -1;
		}
		o->color = arg;
		return 1;
	default:
		return 0;
	}
}

/* Render @doc in @format to @path; @ropts as the outputs share them, colour decided here. */
static int fa_write_output(const json_t *doc, const char *format, const char *path,
			   const char *color, struct fa_render_opts ropts)
{
	struct fa_err err = FA_ERR_INIT;
	struct fa_buf out = FA_BUF_INIT;
	bool to_stdout = strcmp(path, "-") == 0;
	int r;

	ropts.color = strcmp(color, "always") == 0 ||
		      (strcmp(color, "auto") == 0 && to_stdout && fa_cli_color_auto());
	r = fa_report_render(doc, format, &ropts, &out, &err);
	if (r == 0 && to_stdout) {
		fwrite(out.buf, 1, out.len, stdout);
	} else if (r == 0) {
		r = fa_file_write_atomic(path, out.buf, out.len, &err);
	}
	fa_buf_release(&out);
	if (r < 0) {
		fa_cli_error(&err);
		return r == -FA_EIO ? FA_EXIT_IOERR : FA_EXIT_SOFTWARE;
	}
	return 0;
}

/* The cabling plan: --plan, else the cabling_plan parameter a pack declares (non-empty). */
static const char *fa_audit_plan_path(const struct fa_audit_opts *o, const struct fa_ruleset *rs)
{
	const char *p;
	size_t i;

	if (o->plan)
		return o->plan;
	for (i = 0; i < rs->npacks; i++) {
		p = json_string_value(json_object_get(rs->packs[i]->params, "cabling_plan"));
		if (p && *p)
			return p;
	}
	return NULL;
}

/* Is @path a pack file already loaded, or the folder the shipped packs came from? */
static bool fa_audit_already_loaded(const struct fa_ruleset *rs, const char *path,
				    const char *defaults)
{
	char *real = realpath(path, NULL), *other;
	bool same = false;
	size_t i;

	if (!real)
		return false;
	if (defaults && (other = realpath(defaults, NULL)) != NULL) {
		same = strcmp(real, other) == 0;
		free(other);
	}
	for (i = 0; i < rs->npacks && !same; i++) {
		other = realpath(rs->packs[i]->file, NULL);
		same = other && strcmp(real, other) == 0;
		free(other);
	}
	free(real);
	return same;
}

int fa_audit_load_rules(const struct fa_audit_opts *o, struct fa_ruleset *rs,
			struct fa_err *err)
{
	const char *defaults = o->no_default_rules ? NULL : fa_rules_default_path();
	int r = 0, i;

	if (o->no_default_rules && o->nrules == 0)
		return fa_err_set(err, FA_EINVAL, "--no-default-rules needs rule packs (-r PATH)");
	if (defaults)
		r = fa_ruleset_load(rs, defaults, err);
	for (i = 0; i < o->nrules && r == 0; i++) {
		if (fa_audit_already_loaded(rs, o->rules[i], defaults))
			continue;
		r = fa_ruleset_load(rs, o->rules[i], err);
		if (r == -FA_EPARSE && defaults && err &&
		    (strstr(err->msg, "already") || strstr(err->msg, "duplicate rule id"))) {
			char msg[sizeof(err->msg)];

			snprintf(msg, sizeof(msg), "%s (the shipped packs run too; "
				 "--no-default-rules runs only the -r packs)", err->msg);
			snprintf(err->msg, sizeof(err->msg), "%s", msg);
		}
	}
	if (r == 0 && o->policy)
		r = fa_ruleset_apply_policy(rs, o->policy, err);
	if (r == 0)
		fa_ruleset_select(rs, o->select, o->nselect, o->skip, o->nskip);
	return r;
}

/* @snapshot (may be NULL): the audited snapshot, for the Prometheus per-port metrics. */
static int fa_audit_write_snapshot(const struct fa_audit_opts *o, const json_t *doc,
				   const char *command, const json_t *snapshot)
{
	struct fa_render_opts ropts = FA_RENDER_OPTS_INIT;
	int code, i;

	ropts.command = command;
	ropts.duration = fa_clock_now() - o->started;
	ropts.snapshot = snapshot;
	ropts.explain = o->explain;
	code = fa_write_output(doc, o->format, o->output, o->color, ropts);
	for (i = 0; i < o->nextra && code == 0; i++)
		code = fa_write_output(doc, o->extra[i].format, o->extra[i].path, "never", ropts);
	return code;
}

int fa_audit_write(const struct fa_audit_opts *o, const json_t *doc, const char *command)
{
	return fa_audit_write_snapshot(o, doc, command, NULL);
}

int fa_audit_report(const struct fa_audit_opts *o, const json_t *snapshot, const char *source,
		    json_t **ret_report, int *ret_code)
{
	struct fa_engine_opts eopts = FA_ENGINE_OPTS_INIT;
	struct fa_err err = FA_ERR_INIT;
	struct fa_ruleset *rs = fa_ruleset_new();
	struct fa_plan *plan = NULL;
	struct fa_waivers *waivers = NULL;
	const char *plan_path;
	json_t *report = NULL;
	int code = 0, r;

	r = fa_audit_load_rules(o, rs, &err);
	if (r == 0 && (plan_path = fa_audit_plan_path(o, rs)) != NULL)
		r = fa_plan_load(plan_path, &plan, &err);
	if (r == 0 && o->waivers)
		r = fa_waivers_load(o->waivers, &waivers, &err);
	if (r < 0) {
		fa_cli_error(&err);
		code = fa_cli_exit_for(r);
		goto out;
	}
	eopts.fail_on = fa_severity_from_string(o->fail_on);
	eopts.allow_incomplete = o->allow_incomplete;
	eopts.plan = plan;
	eopts.waivers = waivers;
	eopts.threads = o->threads;
	r = fa_engine_run(rs, snapshot, &eopts, &report, &err);
	if (r < 0) {
		fa_cli_error(&err);
		code = FA_EXIT_SOFTWARE;
		goto out;
	}
	if (source)
		json_object_set_new(json_object_get(report, "snapshot"), "source",
				    json_string(source));
	*ret_code = fa_engine_exit_code(report, &eopts);
	*ret_report = FA_TAKE_PTR(report);
out:
	json_decref(report);
	fa_ruleset_free(rs);
	fa_plan_free(plan);
	fa_waivers_free(waivers);
	return code;
}

int fa_audit_snapshot(const struct fa_audit_opts *o, const json_t *snapshot, const char *source)
{
	json_t *report = NULL;
	int code, verdict = 0;

	code = fa_audit_report(o, snapshot, source, &report, &verdict);
	if (code == 0)
		code = fa_audit_write_snapshot(o, report, NULL, snapshot);
	if (code == 0)
		code = verdict;
	fa_cli_drop_report(report);
	return code;
}
