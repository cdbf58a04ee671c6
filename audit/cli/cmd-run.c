/* SPDX-License-Identifier: MIT */
/* fabric-audit run: collect + audit in one step, the main job. */
#include "config.h"

#include <getopt.h>
#include <stdio.h>

#include "audit/cli/audit-opts.h"
#include "audit/cli/cmd.h"
#include "audit/cli/collect-opts.h"
#include "audit/snapshot.h"
#include "audit/util/banned.h"

static const char fa_run_usage[] =
	"usage: fabric-audit run -i INVENTORY [options]\n"
	"\n"
	"Collect every device of the inventory, check the fabric against the rule packs and\n"
	"report which hop breaks which rule.  The same as 'collect' then 'audit'.\n"
	"\n"
	"Options:\n"
	FA_COLLECT_OPTS_HELP
	"  -S, --snapshot FILE    also keep the collected snapshot in FILE\n"
	FA_AUDIT_OPTS_HELP
	"  -h, --help             show this help\n"
	"\n"
	FA_AUDIT_EXIT_HELP
	"64 usage, 65 bad inventory or rules, 69 no device could be collected, 74 output not\n"
	"writable.\n";

static int fa_run_run(int argc, char **argv);

const struct fa_cmd fa_cmd_run = {
	.name = "run",
	.summary = "collect and audit in one step (the main job)",
	.usage = fa_run_usage,
	.run = fa_run_run,
};

static int fa_run_run(int argc, char **argv)
{
	static const struct option longopts[] = {
		FA_COLLECT_LONGOPTS,
		FA_AUDIT_LONGOPTS,
		{ "snapshot", required_argument, NULL, 'S' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct fa_collect_cli c;
	struct fa_audit_opts o;
	struct fa_err err = FA_ERR_INIT;
	const char *keep = NULL;
	json_t *devices = NULL, *snap;
	int opt, code;

	fa_collect_cli_init(&c);
	fa_audit_opts_init(&o);
	optind = 1;
	while ((opt = getopt_long(argc, argv, FA_COLLECT_SHORTOPTS FA_AUDIT_SHORTOPTS "S:h",
				  longopts, NULL)) != -1) {
		int t = fa_collect_cli_take(&c, "run", opt, optarg);

		if (t == 0)
			t = fa_audit_opts_take(&o, "run", opt, optarg);
		if (t < 0)
			return FA_EXIT_USAGE;
		if (t > 0)
			continue;
		switch (opt) {
		case 'S':
			keep = optarg;
			break;
		case 'h':
			fputs(fa_run_usage, stdout);
			return FA_EXIT_CLEAN;
		default:
			return fa_cli_option_error(&fa_cmd_run, argv, longopts);
		}
	}
	if (optind != argc)
		return fa_cli_usage_error(&fa_cmd_run, "unexpected argument '%s'", argv[optind]);
	code = fa_collect_cli_run(&c, "run", &devices);
	if (code != 0)
		return code;
	snap = fa_snapshot_build(devices, c.inventory);
	if (keep && fa_snapshot_write(snap, keep, &err) < 0) {
		fa_cli_error(&err);
		json_decref(snap);
		return FA_EXIT_IOERR;
	}
	code = fa_audit_snapshot(&o, snap, c.inventory);
	fa_cli_drop_snapshot(snap);
	return code;
}
