/* SPDX-License-Identifier: MIT */
/*
 * fabric-audit gate: the change-management gate around a firmware, BIOS or OS update.
 *
 * Policy (fail closed):
 *   1. The post-change snapshot comes from --after or is collected now (-i).
 *   2. The diff before -> after must pass with the allow-list: only expected changes, and
 *      every expected change on every subject it selects.
 *   3. Every device of the before snapshot must be in the after snapshot (one missing fails
 *      the gate), and every device of both must have been collected: a device that was not
 *      seen proves nothing, so the gate is incomplete.
 *   4. The full audit of the after snapshot must pass: findings fail the gate, a check that
 *      could not be evaluated makes it incomplete.
 * Verdict fail (exit 1) when the diff fails, the audit fails or a device is missing; else
 * incomplete (exit 2, or 0 when --allow-incomplete accepts it) when a device was not
 * collected or the audit is incomplete; else pass (exit 0).
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "audit/cli/audit-opts.h"
#include "audit/cli/cmd.h"
#include "audit/cli/collect-opts.h"
#include "audit/cli/diff-opts.h"
#include "audit/diff.h"
#include "audit/model.h"
#include "audit/snapshot.h"
#include "reports/report.h"
#include "audit/util/termsafe.h"
#include "audit/util/xalloc.h"
#include "audit/util/banned.h"

static const char fa_gate_usage[] =
	"usage: fabric-audit gate --before PRE.json (--after POST.json | -i INVENTORY)\n"
	"                         --allow EXPECTED.yaml [options]\n"
	"\n"
	"The change-management gate: compare the snapshot taken before a change with the state\n"
	"after it (a snapshot, or collected now from the inventory), check that only the expected\n"
	"changes happened and that they happened everywhere, and audit the post-change state with\n"
	"the rule packs.  The gate passes only when both pass, and fails closed: a device missing\n"
	"after the change fails it, one that could not be collected makes it incomplete.\n"
	"\n"
	"Options:\n"
	"  -b, --before FILE      the snapshot taken before the change\n"
	"      --after FILE       the snapshot taken after the change\n"
	"  -i, --inventory FILE   collect the after state now instead (with the options of\n"
	"                         'collect': -j, -t, --max-output, --save-captures, --replay,\n"
	"                         --progress)\n"
	"  -S, --snapshot FILE    keep the collected after snapshot in FILE\n"
	FA_DIFF_OPTS_HELP
	"  -r, --rules PATH       also run the rule pack file or folder PATH (repeatable)\n"
	"      --no-default-rules run only the packs -r names, not the shipped ones\n"
	"      --fail-on SEV      findings at or above SEV fail the gate: error, warning, info\n"
	"                         (default error)\n"
	"      --allow-incomplete accept an incomplete gate (exit 0 when nothing failed; the\n"
	"                         result says what was accepted)\n"
	"      --require-complete the default: an incomplete gate exits 2\n"
	FA_OUTPUT_OPTS_HELP
	"  -h, --help             show this help\n"
	"\n"
	"Exit status: 0 the gate passes, 1 it fails (unexpected or missing changes, findings,\n"
	"a device missing after the change), 2 incomplete (a device not collected, checks of\n"
	"the audit not evaluable; 0 with --allow-incomplete), 64 usage, 65 bad snapshot,\n"
	"inventory, allow-list or rules, 69 nothing could be collected, 74 output not\n"
	"writable.\n";

static int fa_gate_run(int argc, char **argv);

const struct fa_cmd fa_cmd_gate = {
	.name = "gate",
	.summary = "change-management gate: expected changes only, and a clean audit after",
	.usage = fa_gate_usage,
	.run = fa_gate_run,
};

enum {
	FA_OPT_AFTER = 1100,
};

/* A device missing or not collected, into @list, with a reason line into @reasons. */
static void fa_gate_not_collected(json_t *list, json_t *reasons, const char *device,
				  const char *snapshot, const char *status, const char *error)
{
	json_t *d = json_pack("{s:s,s:s,s:s}", "device", device, "snapshot", snapshot, "status",
			      status);

	if (error)
		json_object_set_new(d, "error", json_string(error));
	json_array_append_new(list, d);
	if (!strcmp(status, "missing"))
		json_array_append_new(reasons, json_sprintf("device %s is in the before snapshot "
							    "but not in the after snapshot",
							    device));
	else
		json_array_append_new(reasons, json_sprintf("device %s was not collected %s the "
							    "change (%s)", device,
							    !strcmp(snapshot, "before") ? "before" :
							    "after", status));
}

/* Devices of @before missing from @after, and devices of either not collected. */
static json_t *fa_gate_coverage(const json_t *before, const json_t *after, json_t *reasons)
{
	json_t *list = json_array(), *names = json_object(), *d;
	const char *const which[] = { "before", "after" };
	const json_t *snaps[] = { before, after };
	size_t i, k;

	json_array_foreach(json_object_get(after, "devices"), i, d)
		if (fa_get_str(d, "name"))
			json_object_set_new(names, fa_get_str(d, "name"), json_true());
	json_array_foreach(json_object_get(before, "devices"), i, d) {
		const char *name = fa_get_str(d, "name");

		if (name && !json_object_get(names, name))
			fa_gate_not_collected(list, reasons, name, "after", "missing", NULL);
	}
	for (k = 0; k < 2; k++) {
		json_array_foreach(json_object_get(snaps[k], "devices"), i, d) {
			const char *st = fa_get_str(d, "status");

			if (st && strcmp(st, "ok") != 0)
				fa_gate_not_collected(list, reasons, fa_get_str(d, "name"),
						      which[k], st, fa_get_str(d, "error"));
		}
	}
	json_decref(names);
	return list;
}

static const char *fa_gate_audit_verdict(const json_t *report)
{
	const char *v = fa_get_str(report, "summary.verdict");

	return v ? v : "fail";
}

/* How many entries of @nc (fa_gate_coverage) are devices missing after the change. */
static size_t fa_gate_missing(const json_t *nc)
{
	const json_t *d;
	size_t i, n = 0;

	json_array_foreach(nc, i, d)
		n += !strcmp(fa_get_str(d, "status") ? fa_get_str(d, "status") : "", "missing");
	return n;
}

static json_t *fa_gate_build(const json_t *before, const json_t *after, json_t *diff,
			     json_t *report, bool allow_incomplete, int *ret_code)
{
	json_t *gate = json_object(), *reasons = json_array(), *nc, *sum;
	const char *audit_verdict = fa_gate_audit_verdict(report), *verdict;
	bool diff_ok = fa_diff_passed(diff);
	char now[32];
	long long n;
	size_t missing;

	n = json_integer_value(fa_obj_get_path(diff, "summary.disallowed"));
	if (n)
		json_array_append_new(reasons, json_sprintf("%lld change%s outside the allow-list",
							    n, n == 1 ? "" : "s"));
	n = json_integer_value(fa_obj_get_path(diff, "summary.expected_missing"));
	if (n)
		json_array_append_new(reasons, json_sprintf("%lld expected change%s did not "
							    "happen", n, n == 1 ? "" : "s"));
	nc = fa_gate_coverage(before, after, reasons);
	if (strcmp(audit_verdict, "pass") != 0) {
		long long findings, uneval;

		findings = json_integer_value(fa_obj_get_path(report, "summary.findings"));
		uneval = json_integer_value(fa_obj_get_path(report, "summary.not_evaluable"));
		json_array_append_new(reasons,
				      json_sprintf("the audit of the post-change state is %s: %lld "
						   "finding(s), %lld check(s) not evaluable",
						   audit_verdict, findings, uneval));
	}
	missing = fa_gate_missing(nc);
	if (!diff_ok || missing || !strcmp(audit_verdict, "fail"))
		verdict = "fail";
	else if (json_array_size(nc) || strcmp(audit_verdict, "pass") != 0)
		verdict = "incomplete";
	else
		verdict = "pass";
	if (!strcmp(verdict, "fail"))
		*ret_code = FA_EXIT_FINDINGS;
	else if (!strcmp(verdict, "incomplete") && !allow_incomplete)
		*ret_code = FA_EXIT_INCOMPLETE;
	else
		*ret_code = FA_EXIT_CLEAN;
	sum = json_pack("{s:s,s:s,s:s,s:I}", "verdict", verdict, "diff",
			diff_ok ? "pass" : "fail", "audit", audit_verdict,
			"devices_not_collected", (json_int_t)json_array_size(nc));
	if (allow_incomplete && !strcmp(verdict, "incomplete"))
		json_object_set_new(sum, "incomplete_accepted", json_true());
	json_object_set_new(gate, "format", json_string(FA_REPORT_GATE_FORMAT));
	json_object_set_new(gate, "created", json_string(fa_time_rfc3339(now, sizeof(now))));
	json_object_set_new(gate, "tool", json_pack("{s:s,s:s}", "name", "fabric-audit",
						    "version", PACKAGE_VERSION));
	json_object_set_new(gate, "summary", sum);
	json_object_set_new(gate, "reasons", reasons);
	json_object_set_new(gate, "not_collected", nc);
	json_object_set_new(gate, "diff", json_incref(diff));
	json_object_set_new(gate, "audit", json_incref(report));
	return gate;
}

static int fa_gate_run(int argc, char **argv)
{
	static const struct option longopts[] = {
		FA_COLLECT_LONGOPTS,
		FA_DIFF_LONGOPTS,
		FA_OUTPUT_LONGOPTS,
		{ "rules", required_argument, NULL, 'r' },
		{ "fail-on", required_argument, NULL, FA_OPT_FAIL_ON },
		{ "allow-incomplete", no_argument, NULL, FA_OPT_ALLOW_INCOMPLETE },
		{ "require-complete", no_argument, NULL, FA_OPT_REQUIRE_COMPLETE },
		{ "no-default-rules", no_argument, NULL, FA_OPT_NO_DEFAULT_RULES },
		{ "before", required_argument, NULL, 'b' },
		{ "after", required_argument, NULL, FA_OPT_AFTER },
		{ "snapshot", required_argument, NULL, 'S' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct fa_diff_opts dopts = FA_DIFF_OPTS_INIT;
	struct fa_collect_cli c;
	struct fa_audit_opts o;
	struct fa_diff_cli d;
	struct fa_err err = FA_ERR_INIT;
	const char *before_path = NULL, *after_path = NULL, *keep = NULL;
	json_t *before = NULL, *after = NULL, *devices = NULL, *diff = NULL, *report = NULL;
	json_t *gate = NULL, *reasons, *r1;
	int opt, code, verdict = 0, r;
	size_t i;

	fa_collect_cli_init(&c);
	fa_audit_opts_init(&o);
	fa_diff_cli_init(&d);
	optind = 1;
	while ((opt = getopt_long(argc, argv, FA_COLLECT_SHORTOPTS "a:b:r:S:" FA_OUTPUT_SHORTOPTS
				  "h", longopts, NULL)) != -1) {
		int t = fa_collect_cli_take(&c, "gate", opt, optarg);

		if (t == 0)
			t = fa_diff_cli_take(&d, "gate", opt, optarg);
		if (t == 0)
			t = fa_audit_opts_take(&o, "gate", opt, optarg);
		if (t < 0)
			return FA_EXIT_USAGE;
		if (t > 0)
			continue;
		switch (opt) {
		case 'b':
			before_path = optarg;
			break;
		case FA_OPT_AFTER:
			after_path = optarg;
			break;
		case 'S':
			keep = optarg;
			break;
		case 'h':
			fputs(fa_gate_usage, stdout);
			return FA_EXIT_CLEAN;
		default:
			return fa_cli_option_error(&fa_cmd_gate, argv, longopts);
		}
	}
	if (optind != argc)
		return fa_cli_usage_error(&fa_cmd_gate, "unexpected argument '%s'", argv[optind]);
	if (!before_path)
		return fa_cli_usage_error(&fa_cmd_gate, "needs the snapshot before the change "
					  "(--before PRE.json)");
	if (!after_path == !c.inventory)
		return fa_cli_usage_error(&fa_cmd_gate, "needs exactly one of --after POST.json "
					  "and -i INVENTORY");
	if (!d.allow)
		return fa_cli_usage_error(&fa_cmd_gate, "needs the expected changes (--allow "
					  "EXPECTED.yaml); an empty list is 'allow: []'");
	if (keep && after_path)
		return fa_cli_usage_error(&fa_cmd_gate, "--snapshot keeps a collected snapshot; "
					  "it needs -i");
	code = fa_diff_cli_load_snapshot(before_path, &before);
	if (code == 0)
		code = fa_diff_cli_load(&d, &dopts);
	if (code == 0 && after_path)
		code = fa_diff_cli_load_snapshot(after_path, &after);
	if (code == 0 && !after_path) {
		code = fa_collect_cli_run(&c, "gate", &devices);
		if (code == 0) {
			after = fa_snapshot_build(FA_TAKE_PTR(devices), c.inventory);
			if (keep && fa_snapshot_write(after, keep, &err) < 0) {
				fa_cli_error(&err);
				code = FA_EXIT_IOERR;
			}
		}
	}
	if (code != 0)
		goto out;
	dopts.old_source = before_path;
	dopts.new_source = after_path ? after_path : c.inventory;
	r = fa_diff_snapshots(before, after, &dopts, &diff, &err);
	if (r < 0) {
		fa_cli_error(&err);
		code = fa_cli_exit_for(r);
		goto out;
	}
	code = fa_audit_report(&o, after, dopts.new_source, &report, &verdict);
	if (code != 0)
		goto out;
	gate = fa_gate_build(before, after, diff, report, o.allow_incomplete, &verdict);
	code = fa_audit_write(&o, gate, NULL);
	if (code != 0)
		goto out;
	/* One line per reason on stderr, for the change log and the CI job log. */
	reasons = json_object_get(gate, "reasons");
	fprintf(stderr, "fabric-audit gate: %s\n",
		!strcmp(fa_get_str(gate, "summary.verdict"), "pass") ? "pass" :
		!strcmp(fa_get_str(gate, "summary.verdict"), "fail") ? "FAIL" :
		verdict == 0 ? "INCOMPLETE (accepted: --allow-incomplete)" : "INCOMPLETE");
	json_array_foreach(reasons, i, r1) {
		struct fa_buf b = FA_BUF_INIT;

		/* reasons name devices: escaped for the terminal */
		fa_term_escape(&b, json_string_value(r1), json_string_length(r1));
		fprintf(stderr, "fabric-audit gate: %s\n", b.buf);
		fa_buf_release(&b);
	}
	code = verdict;
out:
	fa_cli_drop_snapshot(before);
	fa_cli_drop_snapshot(after);
	json_decref(devices);
	json_decref(diff);
	json_decref(report);
	json_decref(gate);
	fa_diff_cli_release(&d);
	return code;
}
