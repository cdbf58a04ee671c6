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
#include "drivers/collect.h"
#include "drivers/transport/local.h"
#include "inventory/inventory.h"
#include "audit/util/banned.h"

static const char fa_collect_usage[] =
	"usage: fabric-audit collect -i INVENTORY -o SNAPSHOT.json [options]\n"
	"       fabric-audit collect --local -o FRAGMENT.json [--name NAME]\n"
	"       fabric-audit collect --local --ib[=HCA[/PORT]] -o FRAGMENT.json [--name NAME]\n"
	"\n"
	"Collect the configuration of every device in the inventory into one snapshot\n"
	"(fabric-audit/snapshot/v1, docs/model.md).  Every device ends with a status; one device\n"
	"that fails never stops the others.  The snapshot file is replaced atomically, and not\n"
	"touched at all when nothing could be collected.\n"
	"\n"
	"With --local, collect this host alone, without an inventory, into a snapshot fragment\n"
	"of one device (kind host, platform linux): links from netlink, RDMA devices, GIDs,\n"
	"PKEYs and DCQCN switches from sysfs, DCB over netlink, and ethtool, mlnx_qos,\n"
	"mlxconfig, lldpctl, ofed_info where installed (a missing tool is a warning).  Run it\n"
	"on every host (srun, pdsh, a DaemonSet; docs/fanout.md) and join the fragments with\n"
	"'fabric-audit merge'.\n"
	"\n"
	"With --local --ib, collect instead the InfiniBand subnet this host's HCA port sees, in\n"
	"process (libibnetdisc and libibmad, Get() MADs only; needs read-write access to\n"
	"/dev/infiniband/umad*), into a fragment of one device of platform ib-fabric, named\n"
	"ib-fabric unless --name says otherwise (docs/platforms/infiniband.md).\n"
	"\n"
	"Options:\n"
	"  -o, --output FILE      where to write the snapshot ('-' for standard output)\n"
	FA_COLLECT_OPTS_HELP
	"      --require-complete exit 2 when any device was not collected\n"
	"      --local            collect this host only (no inventory)\n"
	"      --name NAME        with --local: the device name (default: the host name)\n"
	"      --no-tools         with --local: only the kernel (netlink, sysfs), no tools\n"
	"      --ib[=HCA[/PORT]]  with --local: the InfiniBand subnet, from that HCA port\n"
	"                         (default: the first HCA's first active port)\n"
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

enum {
	FA_OPT_COLLECT_REQUIRE_COMPLETE = 1024,
	FA_OPT_COLLECT_LOCAL,
	FA_OPT_COLLECT_NAME,
	FA_OPT_COLLECT_NO_TOOLS,
	FA_OPT_COLLECT_IB,
};

/*
 * Write @device (taken) as a one-device fragment to @output, unless it was not collected:
 * then say why (exit 69).
 */
static int fa_collect_write_fragment(json_t *device, const char *output)
{
	struct fa_err err = FA_ERR_INIT;
	const char *st = fa_get_str(device, "status");
	json_t *devices, *snap;
	int code = FA_EXIT_CLEAN;

	if (!device) {
		fa_cli_errorf("nothing was collected");
		return FA_EXIT_UNAVAILABLE;
	}
	if (st && strcmp(st, "ok") != 0) {
		fa_cli_errorf("%s: %s: %s", fa_get_str(device, "name"), st,
			      fa_get_str(device, "error") ? fa_get_str(device, "error") : "");
		json_decref(device);
		return FA_EXIT_UNAVAILABLE;
	}
	devices = json_array();
	json_array_append_new(devices, device);
	snap = fa_snapshot_build(devices, NULL);
	if (fa_snapshot_write(snap, output, &err) < 0) {
		fa_cli_error(&err);
		code = FA_EXIT_IOERR;
	}
	json_decref(snap);
	return code;
}

/* --local: this host into a one-device fragment. */
static int fa_collect_local(const struct fa_collect_cli *c, const char *name, bool tools,
			    const char *output)
{
	struct fa_local_opts o;
	struct fa_err err = FA_ERR_INIT;
	json_t *device = NULL;

	memset(&o, 0, sizeof(o));
	o.name = name;
	o.run_tools = tools;
	o.lim = c->opts.lim;
	o.sample = c->opts.sample;
	if (fa_local_collect(&o, &device, &err) < 0) {
		fa_cli_error(&err);
		return FA_EXIT_USAGE;
	}
	return fa_collect_write_fragment(device, output);
}

/* --local --ib: the subnet this host's HCA port sees, in process, into a one-device fragment. */
static int fa_collect_local_ib(struct fa_collect_cli *c, const char *name, const char *ib_port,
			       const char *output)
{
	struct fa_inv_device dev;
	struct fa_inventory inv = { NULL, &dev, 1 };
	struct fa_err err = FA_ERR_INIT;
	json_t *devices = NULL, *device;
	int r;

	memset(&dev, 0, sizeof(dev));
	dev.name = (char *)(name ? name : "ib-fabric");
	dev.address = (char *)"localhost";
	dev.platform = (char *)"ib-fabric";
	dev.kind = (char *)"host";
	dev.transport = FA_TRANSPORT_LOCAL;
	dev.ib_inprocess = true;
	dev.ib_port = (char *)ib_port;
	c->opts.progress = fa_collect_cli_progress(c);
	r = fa_collect(&inv, &c->opts, &devices, NULL, &err);
	if (r < 0) {
		fa_cli_error(&err);
		return fa_cli_exit_for(r);
	}
	device = json_incref(json_array_get(devices, 0));
	json_decref(devices);
	return fa_collect_write_fragment(device, output);
}

static int fa_collect_run(int argc, char **argv)
{
	static const struct option longopts[] = {
		FA_COLLECT_LONGOPTS,
		{ "output", required_argument, NULL, 'o' },
		{ "require-complete", no_argument, NULL, FA_OPT_COLLECT_REQUIRE_COMPLETE },
		{ "local", no_argument, NULL, FA_OPT_COLLECT_LOCAL },
		{ "name", required_argument, NULL, FA_OPT_COLLECT_NAME },
		{ "no-tools", no_argument, NULL, FA_OPT_COLLECT_NO_TOOLS },
		{ "ib", optional_argument, NULL, FA_OPT_COLLECT_IB },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct fa_collect_cli c;
	struct fa_collect_out out = { 0 };
	struct fa_err err = FA_ERR_INIT;
	const char *output = NULL;
	bool require_complete = false, local = false, tools = true, ib = false;
	const char *name = NULL, *ib_port = NULL;
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
		case FA_OPT_COLLECT_LOCAL:
			local = true;
			break;
		case FA_OPT_COLLECT_NAME:
			if (!*optarg)
				return fa_cli_usage_error(&fa_cmd_collect, "--name needs a name");
			name = optarg;
			break;
		case FA_OPT_COLLECT_NO_TOOLS:
			tools = false;
			break;
		case FA_OPT_COLLECT_IB:
			ib = true;
			if (optarg && !fa_inventory_ib_port_ok(optarg))
				return fa_cli_usage_error(&fa_cmd_collect, "--ib takes an HCA, or an "
							  "HCA and a port number ('mlx5_1' or "
							  "'mlx5_1/1'), not '%s'", optarg);
			ib_port = optarg;
			break;
		case 'h':
			fputs(fa_collect_usage, stdout);
			return FA_EXIT_CLEAN;
		default:
			return fa_cli_option_error(&fa_cmd_collect, argv, longopts);
		}
	}
	if (optind != argc)
		return fa_cli_usage_error(&fa_cmd_collect, "unexpected argument '%s'", argv[optind]);
	if (!output)
		return fa_cli_usage_error(&fa_cmd_collect, "needs an output file (-o SNAPSHOT.json)");
	if (local) {
		if (c.inventory || c.opts.replay_dir || c.opts.save_dir || c.shard_count)
			return fa_cli_usage_error(&fa_cmd_collect, "--local collects this host: it "
						  "takes no -i, --replay, --save-captures or --shard");
		if (ib && !tools)
			return fa_cli_usage_error(&fa_cmd_collect, "--ib collects the subnet in "
						  "process: it takes no --no-tools");
		if (ib)
			return fa_collect_local_ib(&c, name, ib_port, output);
		return fa_collect_local(&c, name, tools, output);
	}
	if (name || !tools || ib)
		return fa_cli_usage_error(&fa_cmd_collect,
					  "--name, --no-tools and --ib go with --local");
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
