/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "audit/cli/cmd.h"
#include "audit/cli/collect-opts.h"
#include "audit/model.h"
#include "audit/util/termsafe.h"
#include "audit/util/xalloc.h"
#include "drivers/parse.h"
#include "drivers/text/units.h"
#include "inventory/inventory.h"
#include "audit/util/banned.h"

/* Collectors tell the user things that are not errors (a host key recorded), from any thread. */
static void fa_collect_notify(const char *device, const char *msg)
{
	struct fa_buf b = FA_BUF_INIT;

	if (fa_cli_verbosity < 0)
		return;
	/* the device's name and what it said are escaped for the terminal */
	fa_term_addf(&b, "%s: %s", device, msg);
	flockfile(stderr);
	/* start on a clean line when a progress line is being drawn there */
	if (isatty(STDERR_FILENO))
		fputs("\r\033[K", stderr);
	fprintf(stderr, "fabric-audit: %s\n", b.buf);
	funlockfile(stderr);
	fa_buf_release(&b);
}

void fa_collect_cli_init(struct fa_collect_cli *c)
{
	memset(c, 0, sizeof(*c));
	c->opts.jobs = FA_COLLECT_JOBS_DEFAULT;
	c->opts.lim.connect_timeout = FA_COLLECT_TIMEOUT_DEFAULT;
	c->opts.lim.command_timeout = FA_COLLECT_TIMEOUT_DEFAULT;
	c->opts.lim.max_output = FA_COLLECT_MAX_OUTPUT_DEFAULT;
	c->opts.lim.parse_budget = FA_PARSE_BUDGET_DEFAULT;
	c->progress = "auto";
	c->opts.lim.notify = fa_collect_notify;
}

int fa_collect_cli_take(struct fa_collect_cli *c, const char *cmd, int opt, const char *arg)
{
	int64_t v;
	char *end;
	double d;

	switch (opt) {
	case 'i':
		c->inventory = arg;
		return 1;
	case 'j':
		if (!fa_parse_int(arg, &v) || v < 1 || v > 4096) {
			fprintf(stderr, "fabric-audit %s: --jobs takes 1 to 4096, not '%s'\n", cmd,
				arg);
			return -1;
		}
		c->opts.jobs = (int)v;
		c->jobs_given = true;
		return 1;
	case 't':
		errno = 0;
		d = strtod(arg, &end);
		if (errno || *end || !(d > 0 && d <= 86400)) {
			fprintf(stderr, "fabric-audit %s: --timeout takes seconds (0 < S <= 86400), "
				"not '%s'\n", cmd, arg);
			return -1;
		}
		c->opts.lim.connect_timeout = d;
		c->opts.lim.command_timeout = d;
		return 1;
	case FA_OPT_PARSE_BUDGET:
		errno = 0;
		d = strtod(arg, &end);
		if (errno || *end || !(d >= 0 && d <= 86400)) {
			fprintf(stderr, "fabric-audit %s: --parse-budget takes CPU seconds "
				"(0 <= S <= 86400; 0: no budget), not '%s'\n", cmd, arg);
			return -1;
		}
		c->opts.lim.parse_budget = d;
		return 1;
	case FA_OPT_SAMPLE:
		errno = 0;
		d = strtod(arg, &end);
		if (errno || *end || !(d >= 1 && d <= 3600)) {
			fprintf(stderr, "fabric-audit %s: --sample takes seconds between the two "
				"readings (1 <= S <= 3600), not '%s'\n", cmd, arg);
			return -1;
		}
		c->opts.sample = d;
		return 1;
	case FA_OPT_MAX_OUTPUT:
		if (!fa_parse_size(arg, &v) || v < 1) {
			fprintf(stderr, "fabric-audit %s: --max-output takes a size, not '%s'\n", cmd,
				arg);
			return -1;
		}
		c->opts.lim.max_output = (size_t)v;
		return 1;
	case FA_OPT_SAVE_CAPTURES:
		c->opts.save_dir = arg;
		return 1;
	case FA_OPT_REPLAY:
		c->opts.replay_dir = arg;
		return 1;
	case FA_OPT_SSH_CONFIG:
	case FA_OPT_KNOWN_HOSTS:
		if (!*arg) {
			fprintf(stderr, "fabric-audit %s: --%s takes a file name\n", cmd,
				opt == FA_OPT_SSH_CONFIG ? "ssh-config" : "known-hosts");
			return -1;
		}
		if (opt == FA_OPT_SSH_CONFIG)
			c->opts.lim.ssh_config = arg;
		else
			c->opts.lim.known_hosts = arg;
		return 1;
	case FA_OPT_ACCEPT_NEW:
		c->opts.lim.accept_new = true;
		return 1;
	case FA_OPT_SHARD: {
		unsigned i = 0, n = 0;
		char tail;

		if (sscanf(arg, "%u/%u%c", &i, &n, &tail) != 2 || n < 1 || n > 1000000 || i < 1 ||
		    i > n) {
			fprintf(stderr, "fabric-audit %s: --shard takes I/N with 1 <= I <= N, not "
				"'%s'\n", cmd, arg);
			return -1;
		}
		c->shard_index = i;
		c->shard_count = n;
		return 1;
	}
	case FA_OPT_PROGRESS:
		if (strcmp(arg, "auto") && strcmp(arg, "always") && strcmp(arg, "never")) {
			fprintf(stderr, "fabric-audit %s: --progress takes auto, always or never\n",
				cmd);
			return -1;
		}
		c->progress = arg;
		return 1;
	default:
		return 0;
	}
}

/*
 * One line per failed device (every device with -v), then the totals (not with -q): what
 * cron mails and CI logs show.
 */
static void fa_collect_summary(const json_t *statuses)
{
	size_t i, ok = fa_collect_count_ok(statuses);
	json_t *d;

	json_array_foreach(statuses, i, d) {
		const char *st = fa_get_str(d, "status");
		struct fa_buf b = FA_BUF_INIT;

		if (!st || (strcmp(st, "ok") == 0 && fa_cli_verbosity < 1))
			continue;
		/* the error quotes what the device printed: escaped for the terminal */
		if (fa_get_str(d, "error"))
			fa_term_addf(&b, "%s: %s: %s", fa_get_str(d, "name"), st,
				     fa_get_str(d, "error"));
		else
			fa_term_addf(&b, "%s: %s", fa_get_str(d, "name"), st);
		fprintf(stderr, "fabric-audit: %s\n", b.buf);
		fa_buf_release(&b);
	}
	if (fa_cli_verbosity >= 0)
		fprintf(stderr, "fabric-audit: collected %zu of %zu devices\n", ok,
			json_array_size(statuses));
}

bool fa_collect_cli_progress(const struct fa_collect_cli *c)
{
	return strcmp(c->progress, "always") == 0 ||
	       (strcmp(c->progress, "auto") == 0 && isatty(STDERR_FILENO) &&
		fa_cli_verbosity >= 0);
}

int fa_collect_cli_run(struct fa_collect_cli *c, const char *cmd, json_t **ret_devices)
{
	struct fa_inventory inv;
	struct fa_err err = FA_ERR_INIT;
	json_t *devices = NULL, *statuses = NULL;
	int r, code = 0;

	if (!c->inventory) {
		fprintf(stderr, "fabric-audit %s: needs an inventory (-i FILE)\n"
			"Try 'fabric-audit %s --help'.\n", cmd, cmd);
		return FA_EXIT_USAGE;
	}
	/* an explicit file that is not there would silently mean "no configuration" to libssh */
	if (c->opts.lim.ssh_config && access(c->opts.lim.ssh_config, R_OK) < 0) {
		fprintf(stderr, "fabric-audit %s: cannot read --ssh-config %s: %s\n", cmd,
			c->opts.lim.ssh_config, strerror(errno));
		return FA_EXIT_USAGE;
	}
	memset(&inv, 0, sizeof(inv));
	r = fa_inventory_load(c->inventory, &inv, &err);
	if (r < 0) {
		fa_cli_error(&err);
		return fa_cli_exit_for(r);
	}
	c->opts.progress = fa_collect_cli_progress(c);
	/*
	 * Replaying saved captures waits on nothing but the CPU: more threads than CPUs only
	 * add malloc arenas and lock handovers (2,500 devices on 2 CPUs: 64 threads took
	 * about 1.5 times the CPU time of 2, and 12% more memory).
	 */
	if (c->opts.replay_dir && !c->jobs_given) {
		long cpus = sysconf(_SC_NPROCESSORS_ONLN);

		c->opts.jobs = cpus < 1 ? 1 : cpus > 4096 ? 4096 : (int)cpus;
	}
	if (c->shard_count) {
		struct fa_inventory part = inv;
		size_t i;

		part.devices = fa_xcalloc(inv.ndevices ? inv.ndevices : 1, sizeof(*part.devices));
		part.ndevices = 0;
		for (i = 0; i < inv.ndevices; i++)
			if (fa_collect_shard_of(inv.devices[i].name, c->shard_count) ==
			    c->shard_index - 1)
				part.devices[part.ndevices++] = inv.devices[i];
		if (fa_cli_verbosity >= 0)
			fprintf(stderr, "fabric-audit: shard %u/%u: %zu of %zu devices\n",
				c->shard_index, c->shard_count, part.ndevices, inv.ndevices);
		/* The devices are shallow copies: only the array is ours. */
		r = fa_collect(&part, &c->opts, &devices, &statuses, &err);
		free(part.devices);
	} else {
		r = fa_collect(&inv, &c->opts, &devices, &statuses, &err);
	}
	if (r < 0) {
		fa_cli_error(&err);
		code = fa_cli_exit_for(r);
		goto out;
	}
	fa_collect_summary(statuses);
	if (json_array_size(statuses) > 0 && fa_collect_count_ok(statuses) == 0) {
		fa_cli_errorf("no device could be collected");
		code = FA_EXIT_UNAVAILABLE;
		goto out;
	}
	*ret_devices = devices;
	devices = NULL;
out:
	json_decref(devices);
	json_decref(statuses);
	fa_inventory_release(&inv);
	return code;
}
