/* SPDX-License-Identifier: MIT */
/* fabric-audit merge: per-host fragments and switch snapshots -> one fabric snapshot. */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/cli/cmd.h"
#include "audit/merge.h"
#include "audit/util/banned.h"

static const char fa_merge_usage[] =
	"usage: fabric-audit merge [options] -o SNAPSHOT.json FRAGMENT|DIR...\n"
	"\n"
	"Join snapshots into one: per-host fragments ('collect --local' on every host, e.g.\n"
	"under srun, pdsh or a DaemonSet) and switch snapshots ('collect -i', possibly split\n"
	"with --shard).  A folder stands for the *.json files in it.  Links are resolved again\n"
	"across all devices.  An input that cannot be read stops the merge (exit 65, naming it),\n"
	"unless --skip-unreadable.  Reported on standard error, and as warnings on the devices:\n"
	"  - inputs that cannot be read, with --skip-unreadable (left out, each named);\n"
	"  - a device in several inputs: the one with status ok is kept, else the newest;\n"
	"  - clock skew: an input created more than --max-skew seconds away from the median\n"
	"    of all inputs, or in the future.\n"
	"\n"
	"Options:\n"
	"  -o, --output FILE      where to write the snapshot ('-' for standard output)\n"
	"      --max-skew S       seconds of clock difference tolerated (default 300)\n"
	"      --skip-unreadable  leave inputs that cannot be read out and merge the others\n"
	"      --require-complete exit 2 when an input was left out, or a device is not ok\n"
	"  -q, --quiet            no line per note, only the summary\n"
	"  -h, --help             show this help\n"
	"\n"
	"Exit status: 0 merged, 2 incomplete (with --require-complete), 64 usage, 65 an input\n"
	"could not be read (without --skip-unreadable) or none could, 74 output not writable.\n";

static int fa_merge_run(int argc, char **argv);

const struct fa_cmd fa_cmd_merge = {
	.name = "merge",
	.summary = "join per-host fragments and switch snapshots into one snapshot",
	.usage = fa_merge_usage,
	.run = fa_merge_run,
};

enum { FA_OPT_MERGE_MAX_SKEW = 1024, FA_OPT_MERGE_REQUIRE_COMPLETE, FA_OPT_MERGE_SKIP };

static int fa_merge_run(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "max-skew", required_argument, NULL, FA_OPT_MERGE_MAX_SKEW },
		{ "require-complete", no_argument, NULL, FA_OPT_MERGE_REQUIRE_COMPLETE },
		{ "skip-unreadable", no_argument, NULL, FA_OPT_MERGE_SKIP },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct fa_merge_opts mo = { FA_MERGE_MAX_SKEW_DEFAULT, false };
	struct fa_merge_stats st;
	struct fa_err err = FA_ERR_INIT;
	const char *output = NULL;
	bool require_complete = false;
	json_t *notes = NULL, *n;
	size_t i;
	char *end;
	int opt, r, code = FA_EXIT_CLEAN;

	optind = 1;
	while ((opt = getopt_long(argc, argv, "o:h", longopts, NULL)) != -1) {
		switch (opt) {
		case 'o':
			output = optarg;
			break;
		case FA_OPT_MERGE_MAX_SKEW:
			errno = 0;
			mo.max_skew = strtod(optarg, &end);
			if (errno || *end || !(mo.max_skew > 0 && mo.max_skew <= 31536000))
				return fa_cli_usage_error(&fa_cmd_merge, "--max-skew takes seconds, "
							  "not '%s'", optarg);
			break;
		case FA_OPT_MERGE_REQUIRE_COMPLETE:
			require_complete = true;
			break;
		case FA_OPT_MERGE_SKIP:
			mo.skip_unreadable = true;
			break;
		case 'h':
			fputs(fa_merge_usage, stdout);
			return FA_EXIT_CLEAN;
		default:
			return fa_cli_option_error(&fa_cmd_merge, argv, longopts);
		}
	}
	if (!output)
		return fa_cli_usage_error(&fa_cmd_merge, "needs an output file (-o SNAPSHOT.json)");
	if (optind == argc)
		return fa_cli_usage_error(&fa_cmd_merge, "needs fragments or folders to merge");
	r = fa_merge((const char *const *)argv + optind, (size_t)(argc - optind), &mo, output,
		     &notes, &st, &err);
	if (r < 0) {
		fa_cli_error(&err);
		/* An input that cannot be read is bad input (65); -FA_EIO otherwise is the output. */
		return r == -FA_EIO && !st.unreadable ? FA_EXIT_IOERR : FA_EXIT_DATAERR;
	}
	if (fa_cli_verbosity >= 0)
		json_array_foreach(notes, i, n)
			fa_cli_errorf("merge: %s", json_string_value(n));
	fprintf(stderr, "fabric-audit: merged %zu devices from %zu inputs (%zu unreadable%s, %zu "
		"duplicate devices, %zu with clock skew, %zu not ok)\n", st.devices, st.inputs,
		st.unreadable, st.unreadable ? " and skipped" : "", st.duplicates, st.skewed,
		st.not_ok);
	if (require_complete && (st.unreadable || st.not_ok))
		code = FA_EXIT_INCOMPLETE;
	json_decref(notes);
	return code;
}
