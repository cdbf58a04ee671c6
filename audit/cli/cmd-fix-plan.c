/* SPDX-License-Identifier: MIT */
/*
 * fabric-audit fix-plan: a saved report's fixes as one plan to review (reports/fix-plan.h).
 * It only writes text; applying a line is the operator's decision, on the device.
 */
#include "config.h"

#include <getopt.h>
#include <jansson.h>
#include <stdio.h>

#include "audit/cli/cmd.h"
#include "audit/util/buf.h"
#include "audit/util/err.h"
#include "audit/util/fileio.h"
#include "reports/fix-plan.h"
#include "reports/report.h"
#include "audit/util/banned.h"

static const char fa_cmd_fix_plan_usage[] =
	"usage: fabric-audit fix-plan [OPTIONS] REPORT.json\n"
	"\n"
	"Print the commands that fix the findings of a saved audit report (JSON, from\n"
	"'audit' or 'run --format json'), for review: a section per device, switches before\n"
	"hosts, each platform's lines inside the session its CLI needs, the findings a fix\n"
	"also clears listed under it, and the findings no command fixes at the end.\n"
	"Nothing is applied: fabric-audit never sends these commands to a device.\n"
	"\n"
	"Options:\n"
	"  -o, --output FILE    write FILE atomically; '-' (the default) is standard output\n"
	"  -h, --help           show this help\n"
	"\n"
	"Exit status: 0 written, 64 usage, 65 not a readable audit report, 74 output not\n"
	"written.\n";

static int fa_cmd_fix_plan_run(int argc, char **argv);

const struct fa_cmd fa_cmd_fix_plan = {
	.name = "fix-plan",
	.summary = "print the commands that fix a report's findings, for review (never sent)",
	.usage = fa_cmd_fix_plan_usage,
	.run = fa_cmd_fix_plan_run,
};

static int fa_cmd_fix_plan_run(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct fa_err err = FA_ERR_INIT, plan_err = FA_ERR_INIT;
	struct fa_buf out = FA_BUF_INIT;
	const char *output = "-";
	json_t *report = NULL;
	int c, r, code;

	optind = 0;
	while ((c = getopt_long(argc, argv, "o:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'o':
			output = optarg;
			break;
		case 'h':
			fputs(fa_cmd_fix_plan_usage, stdout);
			return FA_EXIT_CLEAN;
		default:
			return fa_cli_option_error(&fa_cmd_fix_plan, argv, longopts);
		}
	}
	if (optind != argc - 1)
		return fa_cli_usage_error(&fa_cmd_fix_plan, "expected exactly one REPORT.json");
	if (!*output)
		return fa_cli_usage_error(&fa_cmd_fix_plan, "--output needs a file name or '-'");

	r = fa_cli_report_load(argv[optind], &report, &err);
	if (r == 0 && (r = fa_fix_plan(report, &out, &plan_err)) < 0)
		fa_err_at(&err, FA_EPARSE, argv[optind], 0, 0, "%s", plan_err.msg);
	if (r == 0) {
		fflush(stdout);
		r = fa_file_write_atomic(output, out.buf, out.len, &err);
	}
	if (r < 0) {
		fa_cli_error(&err);
		code = fa_cli_exit_for(r);
		goto out;
	}
	code = FA_EXIT_CLEAN;
out:
	json_decref(report);
	fa_buf_release(&out);
	return code;
}
