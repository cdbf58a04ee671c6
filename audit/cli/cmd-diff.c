/* SPDX-License-Identifier: MIT */
/* fabric-audit diff: what changed between two snapshots, judged against an allow-list. */
#include "config.h"

#include <getopt.h>
#include <stdio.h>

#include "audit/cli/audit-opts.h"
#include "audit/cli/cmd.h"
#include "audit/cli/diff-opts.h"
#include "audit/diff.h"
#include "audit/util/banned.h"

static const char fa_diff_usage[] =
	"usage: fabric-audit diff OLD.json NEW.json [--allow EXPECTED.yaml] [options]\n"
	"\n"
	"Compare two snapshots (from 'fabric-audit collect') subject by subject: devices by name,\n"
	"ports by name within their device, links by their two ends; field by field, nested\n"
	"fields by their dotted path (nic.firmware), lists whole.  Volatile fields (counters,\n"
	"uptimes, temperatures, parse warnings; docs/model.md) never count.  docs/diff.md\n"
	"describes the output and the allow-list.\n"
	"\n"
	"Options:\n"
	FA_DIFF_OPTS_HELP
	FA_OUTPUT_OPTS_HELP
	"  -h, --help             show this help\n"
	"\n"
	"Exit status: 0 no change outside the allow-list and every expected change happened,\n"
	"1 otherwise, 64 usage, 65 bad snapshot, allow-list or volatile file, 74 output not\n"
	"writable.\n";

static int fa_diff_run(int argc, char **argv);

const struct fa_cmd fa_cmd_diff = {
	.name = "diff",
	.summary = "compare two snapshots (and check an expected-change allow-list)",
	.usage = fa_diff_usage,
	.run = fa_diff_run,
};

static int fa_diff_run(int argc, char **argv)
{
	static const struct option longopts[] = {
		FA_DIFF_LONGOPTS,
		FA_OUTPUT_LONGOPTS,
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct fa_diff_opts dopts = FA_DIFF_OPTS_INIT;
	struct fa_err err = FA_ERR_INIT;
	struct fa_diff_cli d;
	struct fa_audit_opts o;
	json_t *old = NULL, *new = NULL, *diff = NULL;
	int opt, code, r;

	fa_diff_cli_init(&d);
	fa_audit_opts_init(&o);
	optind = 1;
	while ((opt = getopt_long(argc, argv, "a:" FA_OUTPUT_SHORTOPTS "h", longopts, NULL)) !=
	       -1) {
		int t = fa_diff_cli_take(&d, "diff", opt, optarg);

		if (t == 0)
			t = fa_audit_opts_take(&o, "diff", opt, optarg);
		if (t < 0)
			return FA_EXIT_USAGE;
		if (t > 0)
			continue;
		if (opt == 'h') {
			fputs(fa_diff_usage, stdout);
			return FA_EXIT_CLEAN;
		}
		return fa_cli_option_error(&fa_cmd_diff, argv, longopts);
	}
	if (argc - optind != 2)
		return fa_cli_usage_error(&fa_cmd_diff, "needs two snapshots: OLD.json NEW.json");
	dopts.old_source = argv[optind];
	dopts.new_source = argv[optind + 1];
	code = fa_diff_cli_load_snapshot(dopts.old_source, &old);
	if (code == 0)
		code = fa_diff_cli_load_snapshot(dopts.new_source, &new);
	if (code == 0)
		code = fa_diff_cli_load(&d, &dopts);
	if (code != 0)
		goto out;
	r = fa_diff_snapshots(old, new, &dopts, &diff, &err);
	if (r < 0) {
		fa_cli_error(&err);
		code = fa_cli_exit_for(r);
		goto out;
	}
	code = fa_audit_write(&o, diff, NULL);
	if (code == 0 && !fa_diff_passed(diff))
		code = FA_EXIT_FINDINGS;
out:
	fa_cli_drop_snapshot(old);
	fa_cli_drop_snapshot(new);
	json_decref(diff);
	fa_diff_cli_release(&d);
	return code;
}
