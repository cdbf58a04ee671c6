/* SPDX-License-Identifier: MIT */
/* fabric-audit collect: inventory -> snapshot (and optionally the raw captures). */
#include "config.h"

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "audit/cli/cmd.h"
#include "audit/cli/collect-opts.h"
#include "audit/model.h"
#include "audit/snapshot-writer.h"
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

struct fa_collect_out {
	struct fa_snapshot_writer *writer;
	size_t total, ok;
	bool failed;		/* the spool could not be written: @err says why */
	struct fa_err err;
};

/* fa_collect's on_device: each device to the snapshot writer as it completes. */
static void fa_collect_spool(json_t *device, void *ctx)
{
	struct fa_collect_out *out = ctx;
	const char *st = json_string_value(json_object_get(device, "status"));

	out->total++;
	if (st && strcmp(st, "ok") == 0)
		out->ok++;
	if (out->failed) {
		json_decref(device);
		return;
	}
	if (fa_snapshot_writer_add(out->writer, device, &out->err) < 0)
		out->failed = true;
}

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
	struct fa_collect_out out = { 0 };
	struct fa_err err = FA_ERR_INIT;
	const char *output = NULL;
	bool require_complete = false;
	json_t *devices = NULL;
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
	/* Devices go to the snapshot as they complete: memory holds what links need, not
	 * every device, however large the fabric. */
	if (fa_snapshot_writer_open(output, c.inventory, &out.writer, &err) < 0) {
		fa_cli_error(&err);
		return FA_EXIT_IOERR;
	}
	c.opts.on_device = fa_collect_spool;
	c.opts.ctx = &out;
	code = fa_collect_cli_run(&c, "collect", &devices);
	json_decref(devices);
	if (code == 0 && out.failed) {
		fa_cli_error(&out.err);
		code = FA_EXIT_IOERR;
	}
	if (code != 0) {
		/* nothing collected or the spool failed: the previous snapshot stays */
		fa_snapshot_writer_abort(out.writer);
		return code;
	}
	if (fa_snapshot_writer_commit(out.writer, &err) < 0) {
		fa_cli_error(&err);
		return FA_EXIT_IOERR;
	}
	if (require_complete && out.ok < out.total)
		code = FA_EXIT_INCOMPLETE;
	return code;
}
