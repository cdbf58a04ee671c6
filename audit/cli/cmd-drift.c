/* SPDX-License-Identifier: MIT */
/*
 * fabric-audit drift: scheduled drift detection against the last good snapshot.
 *
 * One run, holding the history folder's lock from start to end:
 *   1. take the new snapshot (collect the inventory, or --snapshot FILE) and store it;
 *   2. with no baseline yet: a complete snapshot becomes the baseline (exit 0); an incomplete
 *      one is kept but is no baseline (exit 2);
 *   3. otherwise diff baseline -> new (with --allow, --volatile): when it passes and every
 *      device was collected, the new snapshot becomes the baseline; when it fails the
 *      baseline stays where it was, so the next run reports the drift again until someone
 *      reverts it or accepts it (--accept);
 *   4. rotate: keep --keep snapshots and none older than --max-age, never the baseline.
 * Every run also audits the new snapshot with the rule packs (as 'audit' does), so a fabric
 * that was already broken when its baseline was taken keeps being reported.  The outputs are
 * those of 'diff' (the drift report) with the audit report as its "audit" member, written
 * after the baseline decision.  The exit code is the worse of the two: 1 for drift or
 * findings, 2 for an incomplete audit or collection (0 with --allow-incomplete), else 0.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "audit/cli/audit-opts.h"
#include "audit/cli/cmd.h"
#include "audit/cli/collect-opts.h"
#include "audit/cli/diff-opts.h"
#include "audit/diff.h"
#include "audit/health.h"
#include "audit/history.h"
#include "audit/model.h"
#include "audit/snapshot.h"
#include "drivers/text/units.h"
#include "audit/util/xalloc.h"
#include "audit/util/banned.h"

#define FA_DRIFT_KEEP_DEFAULT 30

static const char fa_drift_usage[] =
	"usage: fabric-audit drift --history DIR (-i INVENTORY | --snapshot FILE) [options]\n"
	"       fabric-audit drift --history DIR --accept [SNAPSHOT]\n"
	"       fabric-audit drift --history DIR --list\n"
	"\n"
	"Scheduled drift detection (cron, systemd timer; see contrib/): collect the fabric, keep\n"
	"the snapshot in the history folder DIR, report what changed since the baseline, the\n"
	"last good snapshot, and audit the new snapshot with the rule packs.  A run without drift\n"
	"(and with every device collected) moves the baseline to the new snapshot; a run with\n"
	"drift leaves it, so the drift is reported again until it is reverted or accepted.\n"
	"Findings of the audit are reported on every run, whatever the baseline.  Every file is\n"
	"written atomically and a lock keeps two runs apart (docs/drift.md).\n"
	"\n"
	"Options:\n"
	"  -H, --history DIR      the history folder (created when missing)\n"
	"  -i, --inventory FILE   collect the devices of the inventory (with the options of\n"
	"                         'collect': -j, -t, --max-output, --save-captures, --replay,\n"
	"                         --progress)\n"
	"  -s, --snapshot FILE    take this snapshot instead of collecting\n"
	"      --keep N           keep the newest N snapshots (default 30; 0: no limit)\n"
	"      --max-age DAYS     remove snapshots older than DAYS days (default: no limit)\n"
	"      --accept           move the baseline to SNAPSHOT (a file name of the folder; by\n"
	"                         default the newest) after reviewing its drift\n"
	"      --list             list the snapshots of the folder, marking the baseline\n"
	FA_DIFF_OPTS_HELP
	"  -r, --rules PATH       also run the rule pack file or folder PATH (repeatable)\n"
	"      --no-default-rules run only the packs -r names, not the shipped ones\n"
	"      --fail-on SEV      findings at or above SEV exit 1: error, warning, info\n"
	"                         (default error)\n"
	"      --policy FILE, --waivers FILE, --select PATTERN, --skip PATTERN\n"
	"                         as for 'audit'\n"
	"      --allow-incomplete accept an incomplete run (devices not collected, checks not\n"
	"                         evaluable): exit 0 when nothing else is wrong\n"
	"      --require-complete the default: an incomplete run exits 2\n"
	FA_OUTPUT_OPTS_HELP
	"  -h, --help             show this help\n"
	"\n"
	"Exit status: 0 no drift (or the first baseline was recorded) and a passing audit,\n"
	"1 drift (a change outside the allow-list or an expected change missing) or findings at\n"
	"or above --fail-on, 2 incomplete: devices not collected or checks not evaluable (0 with\n"
	"--allow-incomplete), 64 usage, 65 bad inventory, snapshot, allow-list or rules, 69 no\n"
	"device could be collected, 74 history folder or output not writable, 75 another run\n"
	"holds the history folder's lock.\n";

static int fa_drift_run(int argc, char **argv);

const struct fa_cmd fa_cmd_drift = {
	.name = "drift",
	.summary = "compare a new snapshot with the last good one, keep history (cron)",
	.usage = fa_drift_usage,
	.run = fa_drift_run,
};

enum {
	FA_OPT_KEEP = 1200,
	FA_OPT_MAX_AGE,
	FA_OPT_ACCEPT,
	FA_OPT_LIST,
};

struct fa_drift {
	const char *history;
	const char *snapshot;
	long long keep;
	long long max_age;	/* seconds, 0: no limit */
	bool accept, list;
};

/* Map a history error to an exit code: 75 for the lock, 74 for the folder, 65 for data. */
static int fa_drift_fail(const struct fa_err *err, int r)
{
	fa_cli_error(err);
	if (r == -FA_ELOCKED)
		return FA_EXIT_TEMPFAIL;
	return fa_cli_exit_for(r);
}

static int fa_drift_list(struct fa_history *h)
{
	struct fa_err err = FA_ERR_INIT;
	char **names = NULL, *baseline = NULL;
	size_t i, n;
	int r;

	r = fa_history_list(h, &names, &n, &err);
	if (r < 0)
		return fa_drift_fail(&err, r);
	if (fa_history_baseline(h, &baseline, NULL) < 0)
		baseline = NULL;
	for (i = 0; i < n; i++)
		printf("%s %s\n", baseline && !strcmp(baseline, names[i]) ? "*" : " ", names[i]);
	free(baseline);
	fa_history_names_free(names);
	return FA_EXIT_CLEAN;
}

static int fa_drift_accept(struct fa_history *h, const char *name)
{
	struct fa_err err = FA_ERR_INIT;
	char **names = NULL;
	size_t n;
	int r;

	r = fa_history_list(h, &names, &n, &err);
	if (r < 0)
		return fa_drift_fail(&err, r);
	if (!name && n == 0) {
		fa_history_names_free(names);
		fa_cli_errorf("%s: no snapshot to accept", fa_history_dir(h));
		return FA_EXIT_DATAERR;
	}
	r = fa_history_set_baseline(h, name ? name : names[n - 1], &err);
	if (r == 0 && fa_cli_verbosity >= 0)
		fprintf(stderr, "fabric-audit drift: baseline is now %s\n",
			name ? name : names[n - 1]);
	fa_history_names_free(names);
	return r < 0 ? fa_drift_fail(&err, r) : FA_EXIT_CLEAN;
}

static bool fa_drift_complete(const json_t *snap)
{
	const json_t *devices = json_object_get(snap, "devices"), *d;
	size_t i;

	json_array_foreach(devices, i, d) {
		const char *st = fa_get_str(d, "status");

		if (st && strcmp(st, "ok") != 0)
			return false;
	}
	return true;
}

/* Whether some port of @snap has counters read once, with no health of its own. */
static bool fa_drift_needs_health(const json_t *snap)
{
	const json_t *d, *p;
	size_t i, j;

	json_array_foreach(json_object_get(snap, "devices"), i, d)
		json_array_foreach(json_object_get(d, "ports"), j, p)
			if (json_object_get(p, "counters") && !json_object_get(p, "health"))
				return true;
	return false;
}

/*
 * Health against the newest stored snapshot for the ports this collection read once
 * (docs/health.md): counters that grew since the last drift run are what the health rules
 * judge.  Nothing stored, or a stored snapshot that cannot be read, leaves them without
 * health (the health rules then say so); never fatal.
 */
static void fa_drift_health(struct fa_history *h, json_t *snap)
{
	struct fa_err err = FA_ERR_INIT;
	char **names = NULL, *path;
	json_t *prev = NULL;
	size_t n = 0, got;

	if (!fa_drift_needs_health(snap) || fa_history_list(h, &names, &n, &err) < 0 || n == 0) {
		fa_history_names_free(names);
		return;
	}
	path = fa_history_path(h, names[n - 1]);
	if (fa_snapshot_load(path, &prev, &err) < 0) {
		fprintf(stderr, "fabric-audit drift: no counter rates: %s\n", err.msg);
	} else {
		got = fa_health_from_history(json_object_get(snap, "devices"),
					     json_object_get(prev, "devices"));
		if (fa_cli_verbosity >= 1)
			fprintf(stderr, "fabric-audit drift: counter rates of %zu port(s) against "
				"%s\n", got, names[n - 1]);
	}
	json_decref(prev);
	free(path);
	fa_history_names_free(names);
}

/* The check itself, holding the lock; *ret_diff is the drift report for the outputs. */
static int fa_drift_check(struct fa_history *h, const struct fa_drift *dr, json_t *snap,
			  struct fa_diff_opts *dopts, json_t **ret_diff)
{
	struct fa_err err = FA_ERR_INIT;
	char *name = NULL, *base = NULL, *base_path = NULL, *new_path = NULL;
	json_t *old = NULL;
	bool complete = fa_drift_complete(snap);
	size_t removed = 0;
	int r, code = FA_EXIT_CLEAN;

	r = fa_history_store(h, snap, &name, &err);
	if (r < 0) {
		code = fa_drift_fail(&err, r);
		goto out;
	}
	new_path = fa_history_path(h, name);
	r = fa_history_baseline(h, &base, &err);
	if (r == -FA_ENOENT) {
		/* No baseline yet: the report compares the snapshot with itself (no change). */
		base_path = fa_xstrdup(new_path);
		old = json_incref(snap);
	} else if (r < 0) {
		code = fa_drift_fail(&err, r);
		goto out;
	} else {
		base_path = fa_history_path(h, base);
		code = fa_diff_cli_load_snapshot(base_path, &old);
		if (code != 0)
			goto out;
	}
	dopts->old_source = base_path;
	dopts->new_source = new_path;
	r = fa_diff_snapshots(old, snap, dopts, ret_diff, &err);
	if (r < 0) {
		code = fa_drift_fail(&err, r);
		goto out;
	}
	if (!base && !complete) {
		fprintf(stderr, "fabric-audit drift: stored %s; not every device was collected, so "
			"it is no baseline\n", name);
		code = FA_EXIT_INCOMPLETE;
	} else if (!base) {
		r = fa_history_set_baseline(h, name, &err);
		if (r < 0) {
			code = fa_drift_fail(&err, r);
			goto out;
		}
		if (fa_cli_verbosity >= 0)
			fprintf(stderr, "fabric-audit drift: no baseline yet: %s is the baseline "
				"now\n", name);
	} else if (fa_diff_passed(*ret_diff) && complete) {
		r = fa_history_set_baseline(h, name, &err);
		if (r < 0) {
			code = fa_drift_fail(&err, r);
			goto out;
		}
		if (fa_cli_verbosity >= 0)
			fprintf(stderr, "fabric-audit drift: no drift since %s (%lld allowed "
				"change(s)); baseline is now %s\n", base,
				(long long)json_integer_value(
					fa_obj_get_path(*ret_diff, "summary.allowed")), name);
	} else {
		fprintf(stderr, "fabric-audit drift: DRIFT since %s: %lld change(s) outside the "
			"allow-list, %lld expected change(s) missing; baseline kept, new snapshot "
			"%s\n", base,
			(long long)json_integer_value(fa_obj_get_path(*ret_diff,
								      "summary.disallowed")),
			(long long)json_integer_value(fa_obj_get_path(*ret_diff,
								      "summary.expected_missing")),
			name);
		code = fa_diff_passed(*ret_diff) ? FA_EXIT_INCOMPLETE : FA_EXIT_FINDINGS;
	}
	r = fa_history_rotate(h, (size_t)dr->keep, dr->max_age, time(NULL), &removed, &err);
	if (r < 0) {
		code = fa_drift_fail(&err, r);
		goto out;
	}
	if (removed && fa_cli_verbosity >= 0)
		fprintf(stderr, "fabric-audit drift: removed %zu old snapshot(s)\n", removed);
out:
	json_decref(old);
	free(name);
	free(base);
	free(base_path);
	free(new_path);
	return code;
}

/* The worse of two verdict exit codes: 1 over 2 over 0. */
static int fa_drift_worse(int a, int b)
{
	if (a == FA_EXIT_FINDINGS || b == FA_EXIT_FINDINGS)
		return FA_EXIT_FINDINGS;
	if (a == FA_EXIT_INCOMPLETE || b == FA_EXIT_INCOMPLETE)
		return FA_EXIT_INCOMPLETE;
	return FA_EXIT_CLEAN;
}

/*
 * Put the audit @report into the drift report @diff: its "audit" member, summary.audit (the
 * audit's verdict) and summary.overall (fail over incomplete over pass, of the drift and the
 * audit together); one line on stderr for the cron mail.
 */
static void fa_drift_attach_audit(json_t *diff, const json_t *report)
{
	const char *dv = fa_get_str(diff, "summary.verdict"), *av;
	json_t *sum = json_object_get(diff, "summary");
	const char *overall;

	av = fa_get_str(report, "summary.verdict");
	if (!av)
		av = "fail";
	if (!dv || strcmp(dv, "pass") != 0 || !strcmp(av, "fail"))
		overall = "fail";
	else if (!strcmp(av, "incomplete"))
		overall = "incomplete";
	else
		overall = "pass";
	json_object_set_new(sum, "audit", json_string(av));
	json_object_set_new(sum, "overall", json_string(overall));
	json_object_set_new(diff, "audit", json_incref((json_t *)report));
	fprintf(stderr, "fabric-audit drift: audit of the new snapshot: %s: %lld finding(s), "
		"%lld check(s) not evaluable, %lld device(s) not collected\n",
		!strcmp(av, "pass") ? "pass" : !strcmp(av, "fail") ? "FAIL" : "INCOMPLETE",
		(long long)json_integer_value(fa_obj_get_path(report, "summary.findings")),
		(long long)json_integer_value(fa_obj_get_path(report, "summary.not_evaluable")),
		(long long)json_integer_value(fa_obj_get_path(report, "coverage.devices.failed")));
}

static int fa_drift_run(int argc, char **argv)
{
	static const struct option longopts[] = {
		FA_COLLECT_LONGOPTS,
		FA_DIFF_LONGOPTS,
		FA_OUTPUT_LONGOPTS,
		{ "history", required_argument, NULL, 'H' },
		{ "snapshot", required_argument, NULL, 's' },
		{ "keep", required_argument, NULL, FA_OPT_KEEP },
		{ "max-age", required_argument, NULL, FA_OPT_MAX_AGE },
		{ "accept", no_argument, NULL, FA_OPT_ACCEPT },
		{ "list", no_argument, NULL, FA_OPT_LIST },
		{ "rules", required_argument, NULL, 'r' },
		{ "no-default-rules", no_argument, NULL, FA_OPT_NO_DEFAULT_RULES },
		{ "fail-on", required_argument, NULL, FA_OPT_FAIL_ON },
		{ "allow-incomplete", no_argument, NULL, FA_OPT_ALLOW_INCOMPLETE },
		{ "require-complete", no_argument, NULL, FA_OPT_REQUIRE_COMPLETE },
		{ "policy", required_argument, NULL, FA_OPT_POLICY },
		{ "waivers", required_argument, NULL, FA_OPT_WAIVERS },
		{ "select", required_argument, NULL, FA_OPT_SELECT },
		{ "skip", required_argument, NULL, FA_OPT_SKIP },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct fa_diff_opts dopts = FA_DIFF_OPTS_INIT;
	struct fa_drift dr = { NULL, NULL, FA_DRIFT_KEEP_DEFAULT, 0, false, false };
	struct fa_collect_cli c;
	struct fa_audit_opts o;
	struct fa_diff_cli d;
	struct fa_err err = FA_ERR_INIT;
	struct fa_history *h = NULL;
	json_t *snap = NULL, *devices = NULL, *diff = NULL, *report = NULL;
	int64_t v;
	int opt, code, r, report_code, audit_code = 0;

	fa_collect_cli_init(&c);
	fa_audit_opts_init(&o);
	fa_diff_cli_init(&d);
	optind = 1;
	while ((opt = getopt_long(argc, argv, FA_COLLECT_SHORTOPTS "a:H:r:s:" FA_OUTPUT_SHORTOPTS
				  "h", longopts, NULL)) != -1) {
		int t = fa_collect_cli_take(&c, "drift", opt, optarg);

		if (t == 0)
			t = fa_diff_cli_take(&d, "drift", opt, optarg);
		if (t == 0)
			t = fa_audit_opts_take(&o, "drift", opt, optarg);
		if (t < 0)
			return FA_EXIT_USAGE;
		if (t > 0)
			continue;
		switch (opt) {
		case 'H':
			dr.history = optarg;
			break;
		case 's':
			dr.snapshot = optarg;
			break;
		case FA_OPT_KEEP:
			if (!fa_parse_int(optarg, &v) || v < 0 || v > 1000000)
				return fa_cli_usage_error(&fa_cmd_drift, "--keep takes a count, "
							  "not '%s'", optarg);
			dr.keep = v;
			break;
		case FA_OPT_MAX_AGE:
			if (!fa_parse_int(optarg, &v) || v < 1 || v > 36500)
				return fa_cli_usage_error(&fa_cmd_drift, "--max-age takes days (1 "
							  "to 36500), not '%s'", optarg);
			dr.max_age = v * 86400;
			break;
		case FA_OPT_ACCEPT:
			dr.accept = true;
			break;
		case FA_OPT_LIST:
			dr.list = true;
			break;
		case 'h':
			fputs(fa_drift_usage, stdout);
			return FA_EXIT_CLEAN;
		default:
			return fa_cli_option_error(&fa_cmd_drift, argv, longopts);
		}
	}
	if (!dr.history)
		return fa_cli_usage_error(&fa_cmd_drift, "needs the history folder (--history DIR)");
	if (dr.accept && dr.list)
		return fa_cli_usage_error(&fa_cmd_drift, "--accept and --list do not go together");
	if (dr.accept ? argc - optind > 1 : optind != argc)
		return fa_cli_usage_error(&fa_cmd_drift, "unexpected argument '%s'",
					  argv[dr.accept ? optind + 1 : optind]);
	if (!dr.accept && !dr.list && !dr.snapshot == !c.inventory)
		return fa_cli_usage_error(&fa_cmd_drift, "needs exactly one of -i INVENTORY and "
					  "--snapshot FILE");
	/* The lock comes first: a second run must not even start collecting. */
	r = fa_history_open(dr.history, &h, &err);
	if (r < 0)
		return fa_drift_fail(&err, r);
	if (dr.list) {
		code = fa_drift_list(h);
		goto out;
	}
	if (dr.accept) {
		code = fa_drift_accept(h, optind < argc ? argv[optind] : NULL);
		goto out;
	}
	code = fa_diff_cli_load(&d, &dopts);
	if (code != 0)
		goto out;
	if (dr.snapshot) {
		code = fa_diff_cli_load_snapshot(dr.snapshot, &snap);
	} else {
		/* counters once at least: rates against the newest stored snapshot */
		c.opts.counters = true;
		code = fa_collect_cli_run(&c, "drift", &devices);
		if (code == 0)
			snap = fa_snapshot_build(FA_TAKE_PTR(devices), c.inventory);
	}
	if (code != 0)
		goto out;
	fa_drift_health(h, snap);
	/* The audit first: bad rules stop the run before anything is stored. */
	code = fa_audit_report(&o, snap, dr.snapshot ? dr.snapshot : c.inventory, &report,
			       &audit_code);
	if (code != 0)
		goto out;
	code = fa_drift_check(h, &dr, snap, &dopts, &diff);
	if (code == FA_EXIT_INCOMPLETE && o.allow_incomplete)
		code = FA_EXIT_CLEAN;
	if (diff) {
		fa_drift_attach_audit(diff, report);
		if (code == FA_EXIT_CLEAN || code == FA_EXIT_FINDINGS || code == FA_EXIT_INCOMPLETE)
			code = fa_drift_worse(code, audit_code);
		report_code = fa_audit_write(&o, diff, "drift");
		if (report_code != 0)
			code = report_code;
	}
out:
	fa_history_close(h);
	json_decref(snap);
	json_decref(devices);
	json_decref(diff);
	json_decref(report);
	fa_diff_cli_release(&d);
	return code;
}
