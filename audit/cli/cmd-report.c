/* SPDX-License-Identifier: MIT */
/*
 * fabric-audit report: render a saved JSON report again, in any output format.
 *
 * A CI job keeps the JSON report of a run as its artifact; this command turns it into the HTML
 * page (or text) later, from exactly the same value, so the formats cannot disagree.  The input
 * must be a fabric-audit/report/v1 document; the output is written atomically.
 */
#include "config.h"

#include <getopt.h>
#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "audit/cli/cmd.h"
#include "audit/util/buf.h"
#include "audit/util/err.h"
#include "audit/util/fileio.h"
#include "reports/report.h"
#include "audit/util/banned.h"

/* A report is a few MiB even for a large fabric; refuse anything absurd before parsing it. */
#define FA_REPORT_INPUT_MAX ((size_t)256 << 20)

static const char fa_cmd_report_usage[] =
	"usage: fabric-audit report [OPTIONS] REPORT.json\n"
	"\n"
	"Render a saved JSON report again (an audit report fabric-audit/report/v1, a diff\n"
	"fabric-audit/diff/v1 or a gate result fabric-audit/gate/v1), e.g. turn the JSON\n"
	"artifact of a CI run into an HTML page or JUnit XML.\n"
	"\n"
	"Options:\n"
	"  -f, --format FORMAT  text (default), json, html, junit or prometheus; svg or dot\n"
	"                       (Graphviz) draw an audit report's fabric map\n"
	"  -o, --output FILE    write FILE atomically; '-' (the default) is standard output\n"
	"      --color WHEN     colour text output: auto (when standard output is a terminal\n"
	"                       and NO_COLOR is not set), always or never (default: auto)\n"
	"      --full-values    text: show values longer than 200 characters whole instead of\n"
	"                       cut with \"... N more characters\" (json always has them whole)\n"
	"      --explain        text: under each finding, the commands that fix it on its\n"
	"                       device (see fix-plan; nothing is sent)\n"
	"  -h, --help           show this help\n"
	"\n"
	"Exit status: 0 rendered, 64 usage, 65 not a readable report, 74 output not written.\n";

enum fa_color_when { FA_COLOR_AUTO, FA_COLOR_ALWAYS, FA_COLOR_NEVER };

int fa_cli_report_load(const char *path, json_t **ret, struct fa_err *err)
{
	struct fa_err check = FA_ERR_INIT;
	struct fa_buf data = FA_BUF_INIT;
	json_error_t jerr;
	json_t *root;
	int r;

	r = fa_file_read(path, FA_REPORT_INPUT_MAX, &data, err);
	if (r < 0)
		goto out;
	root = json_loadb(data.buf, data.len, JSON_REJECT_DUPLICATES, &jerr);
	if (!root) {
		r = fa_err_at(err, FA_EPARSE, path, jerr.line > 0 ? jerr.line : 0,
			      jerr.line > 0 && jerr.column > 0 ? jerr.column : 0, "%s", jerr.text);
		goto out;
	}
	r = fa_report_check(root, &check);
	if (r < 0) {
		json_decref(root);
		r = fa_err_at(err, FA_EPARSE, path, 0, 0, "%s", check.msg);
		goto out;
	}
	*ret = root;
out:
	fa_buf_release(&data);
	return r;
}

static int fa_cmd_report_run(int argc, char **argv);

const struct fa_cmd fa_cmd_report = {
	.name = "report",
	.summary = "render a saved report, diff or gate result again in any format",
	.usage = fa_cmd_report_usage,
	.run = fa_cmd_report_run,
};

static int fa_cmd_report_run(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		{ "color", required_argument, NULL, 'C' },
		{ "full-values", no_argument, NULL, 'V' },
		{ "explain", no_argument, NULL, 'E' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct fa_render_opts opts = FA_RENDER_OPTS_INIT;
	enum fa_color_when color = FA_COLOR_AUTO;
	struct fa_err err = FA_ERR_INIT;
	struct fa_buf out = FA_BUF_INIT;
	const char *format = "text", *output = "-", *input;
	json_t *report = NULL;
	int c, r, code;

	optind = 0;
	while ((c = getopt_long(argc, argv, "f:o:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'f':
			format = optarg;
			break;
		case 'o':
			output = optarg;
			break;
		case 'C':
			if (!strcmp(optarg, "auto"))
				color = FA_COLOR_AUTO;
			else if (!strcmp(optarg, "always"))
				color = FA_COLOR_ALWAYS;
			else if (!strcmp(optarg, "never"))
				color = FA_COLOR_NEVER;
			else
				return fa_cli_usage_error(&fa_cmd_report,
							  "--color must be auto, always or never, "
							  "not '%s'", optarg);
			break;
		case 'V':
			opts.full_values = true;
			break;
		case 'E':
			opts.explain = true;
			break;
		case 'h':
			fputs(fa_cmd_report_usage, stdout);
			return FA_EXIT_CLEAN;
		default:
			return fa_cli_option_error(&fa_cmd_report, argv, longopts);
		}
	}
	if (optind != argc - 1)
		return fa_cli_usage_error(&fa_cmd_report, "expected exactly one REPORT.json");
	input = argv[optind];
	if (!fa_report_format_is_known(format))
		return fa_cli_usage_error(&fa_cmd_report, "unknown format '%s' (known: %s)", format,
					  fa_report_format_names());
	if (!*output)
		return fa_cli_usage_error(&fa_cmd_report, "--output needs a file name or '-'");

	switch (color) {
	case FA_COLOR_ALWAYS:
		opts.color = true;
		break;
	case FA_COLOR_NEVER:
		opts.color = false;
		break;
	case FA_COLOR_AUTO:
		opts.color = !strcmp(output, "-") && fa_cli_color_auto();
		break;
	}

	r = fa_cli_report_load(input, &report, &err);
	if (r < 0) {
		fa_cli_error(&err);
		code = fa_cli_exit_for(r);
		goto out;
	}
	r = fa_report_render(report, format, &opts, &out, &err);
	if (r == 0) {
		/* Anything already buffered must precede the report on a shared stdout. */
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
