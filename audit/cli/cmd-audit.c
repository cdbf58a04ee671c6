/* SPDX-License-Identifier: MIT */
/* fabric-audit audit: snapshot + rule packs -> report. */
#include "config.h"

#include <getopt.h>
#include <stdio.h>

#include "audit/cli/audit-opts.h"
#include "audit/cli/cmd.h"
#include "audit/snapshot.h"
#include "audit/util/banned.h"

static const char fa_audit_usage[] =
	"usage: fabric-audit audit -s SNAPSHOT.json [options]\n"
	"\n"
	"Check a snapshot against the rule packs and report every hop that breaks a rule.\n"
	"\n"
	"Options:\n"
	"  -s, --snapshot FILE    the snapshot to audit (from 'fabric-audit collect')\n"
	FA_AUDIT_OPTS_HELP
	"  -h, --help             show this help\n"
	"\n"
	FA_AUDIT_EXIT_HELP
	"64 usage, 65 bad snapshot or rules, 74 output not writable.\n";

static int fa_audit_run(int argc, char **argv);

const struct fa_cmd fa_cmd_audit = {
	.name = "audit",
	.summary = "check a snapshot against the rules and report",
	.usage = fa_audit_usage,
	.run = fa_audit_run,
};

static int fa_audit_run(int argc, char **argv)
{
	static const struct option longopts[] = {
		FA_AUDIT_LONGOPTS,
		{ "snapshot", required_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct fa_audit_opts o;
	struct fa_err err = FA_ERR_INIT;
	const char *snapshot = NULL;
	json_t *snap = NULL;
	int opt, code, r;

	fa_audit_opts_init(&o);
	optind = 1;
	while ((opt = getopt_long(argc, argv, FA_AUDIT_SHORTOPTS "s:h", longopts, NULL)) != -1) {
		int t = fa_audit_opts_take(&o, "audit", opt, optarg);

		if (t < 0)
			return FA_EXIT_USAGE;
		if (t > 0)
			continue;
		switch (opt) {
		case 's':
			snapshot = optarg;
			break;
		case 'h':
			fputs(fa_audit_usage, stdout);
			return FA_EXIT_CLEAN;
		default:
			return fa_cli_option_error(&fa_cmd_audit, argv, longopts);
		}
	}
	if (!snapshot && optind == argc - 1)
		snapshot = argv[optind++];
	if (optind != argc)
		return fa_cli_usage_error(&fa_cmd_audit, "unexpected argument '%s'", argv[optind]);
	if (!snapshot)
		return fa_cli_usage_error(&fa_cmd_audit, "needs a snapshot (-s SNAPSHOT.json)");
	r = fa_snapshot_load(snapshot, &snap, &err);
	if (r < 0) {
		fa_cli_error(&err);
		return fa_cli_exit_for(r);
	}
	code = fa_audit_snapshot(&o, snap, snapshot);
	fa_cli_drop_snapshot(snap);
	return code;
}
