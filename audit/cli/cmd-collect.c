/* SPDX-License-Identifier: MIT */
/* fabric-audit collect: inventory -> snapshot (and optionally the raw captures). */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "audit/cli/cmd.h"
#include "audit/cli/collect-opts.h"
#include "audit/model.h"
#include "audit/snapshot.h"
#include "audit/util/banned.h"

static const char fa_collect_usage[] =
	"usage: fabric-audit collect -i INVENTORY -o SNAPSHOT.json [options]\n"
	"\n"
	"Collect the configuration of every device in the inventory into one snapshot\n"
	"(fabric-audit/snapshot/v1, docs/model.md).  Every device ends with a status; one device\n"
	"that fails never stops the others.  The snapshot file is replaced atomically, and not\n"
	"touched at all when nothing could be collected.\n"
	"\n"
	"Options:\n"
	"  -o, --output FILE      where to write the snapshot ('-' for standard output)\n"
	FA_COLLECT_OPTS_HELP
	"      --require-complete exit 2 when any device was not collected\n"
	"  -h, --help             show this help\n"
	"\n"
	"Exit status: 0 collected, 2 some devices failed (with --require-complete), 64 usage,\n"
	"65 bad inventory, 69 no device could be collected, 74 output not writable.\n";

static int fa_collect_run(int argc, char **argv);

const struct fa_cmd fa_cmd_collect = {
	.name = "collect",
	.summary = "collect every device of an inventory into a snapshot",
	.usage = fa_collect_usage,
	.run = fa_collect_run,
};

enum { FA_OPT_COLLECT_REQUIRE_COMPLETE = 1024 };

static int fa_collect_run(int argc, char **argv)
{
	static const struct option longopts[] = {
		FA_COLLECT_LONGOPTS,
		{ "output", required_argument, NULL, 'o' },
		{ "require-complete", no_argument, NULL, FA_OPT_COLLECT_REQUIRE_COMPLETE },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct fa_collect_cli c;
	struct fa_err err = FA_ERR_INIT;
	const char *output = NULL;
	bool require_complete = false;
	json_t *devices = NULL, *snap;
	int opt, code;

	fa_collect_cli_init(&c);
	optind = 1;
	while ((opt = getopt_long(argc, argv, FA_COLLECT_SHORTOPTS "o:h", longopts, NULL)) != -1) {
		int t = fa_collect_cli_take(&c, "collect", opt, optarg);

		if (t < 0)
			return FA_EXIT_USAGE;
		if (t > 0)
			continue;
		switch (opt) {
		case 'o':
			output = optarg;
			break;
		case FA_OPT_COLLECT_REQUIRE_COMPLETE:
			require_complete = true;
			break;
		case 'h':
			fputs(fa_collect_usage, stdout);
			return FA_EXIT_CLEAN;
		default:
			return fa_cli_usage_error(&fa_cmd_collect, "unknown option");
		}
	}
	if (optind != argc)
		return fa_cli_usage_error(&fa_cmd_collect, "unexpected argument '%s'", argv[optind]);
	if (!output)
		return fa_cli_usage_error(&fa_cmd_collect, "needs an output file (-o SNAPSHOT.json)");
	code = fa_collect_cli_run(&c, "collect", &devices);
	if (code != 0)
		return code;
	snap = fa_snapshot_build(devices, c.inventory);
	if (fa_snapshot_write(snap, output, &err) < 0) {
		fa_cli_error(&err);
		code = FA_EXIT_IOERR;
	} else if (require_complete &&
		   fa_collect_count_ok(json_object_get(snap, "devices")) <
			   json_array_size(json_object_get(snap, "devices"))) {
		code = FA_EXIT_INCOMPLETE;
	}
	json_decref(snap);
	return code;
}
