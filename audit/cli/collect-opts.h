/* SPDX-License-Identifier: MIT */
/* What "collect" and "run" share: the inventory, collection limits and captures. */
#ifndef FA_CLI_COLLECT_OPTS_H
#define FA_CLI_COLLECT_OPTS_H

#include <jansson.h>
#include <stdbool.h>

#include "drivers/collect.h"

struct fa_collect_cli {
	const char *inventory;
	struct fa_collect_opts opts;
	const char *progress;	/* auto, always, never */
	unsigned shard_index;	/* --shard I/N: collect only shard I (1-based) of N */
	unsigned shard_count;	/* 0: every device */
	bool jobs_given;	/* --jobs was given (else --replay uses one thread per CPU) */
};

#define FA_COLLECT_OPTS_HELP                                                                       \
	"  -i, --inventory FILE   the devices to collect (YAML or JSON; docs/inventory.md)\n"       \
	"  -j, --jobs N           devices collected in parallel (default 64; with --replay,\n"    \
	"                         one per CPU)\n"                                                 \
	"  -t, --timeout S        seconds allowed per command and per connection (default 30)\n"   \
	"      --max-output N     bytes allowed per command output (default 64 MiB)\n"             \
	"      --parse-budget S   CPU seconds allowed to parse one device's outputs (default\n"   \
	"                         60; 0: no limit); over it the device is parse-error\n"          \
	"      --save-captures DIR\n"                                                              \
	"                         save every command output as DIR/<device>/<command>.txt, plus\n" \
	"                         meta.json; replay them later with --replay DIR\n"                \
	"      --replay DIR       answer every command from saved captures instead of the\n"       \
	"                         devices (offline audit of what was collected before)\n"          \
	"      --sample S         read the counters twice, S seconds apart (1 to 3600), so the\n" \
	"                         health rules see rates (docs/health.md)\n"                       \
	"      --progress WHEN    progress on stderr: auto (on a terminal), always, never\n"         \
	"      --ssh-config FILE  ssh client configuration to use instead of ~/.ssh/config\n"      \
	"      --known-hosts FILE host keys to check devices against (default\n"                  \
	"                         ~/.ssh/known_hosts); an unknown key is refused\n"               \
	"      --accept-new       record the key of a device not yet in known_hosts (trust on\n"  \
	"                         first use); a changed key is always refused\n"                  \
	"      --shard I/N        collect only the I-th of N disjoint parts of the inventory\n"   \
	"                         (split by a hash of each device name: the same inventory\n"    \
	"                         gives the same parts on every collector machine)\n"

enum {
	FA_OPT_SAVE_CAPTURES = 512,
	FA_OPT_REPLAY,
	FA_OPT_MAX_OUTPUT,
	FA_OPT_PROGRESS,
	FA_OPT_SSH_CONFIG,
	FA_OPT_KNOWN_HOSTS,
	FA_OPT_ACCEPT_NEW,
	FA_OPT_SHARD,
	FA_OPT_PARSE_BUDGET,
	FA_OPT_SAMPLE,
};

#define FA_COLLECT_LONGOPTS                                                                        \
	{ "inventory", required_argument, NULL, 'i' }, { "jobs", required_argument, NULL, 'j' },  \
		{ "timeout", required_argument, NULL, 't' },                                       \
		{ "max-output", required_argument, NULL, FA_OPT_MAX_OUTPUT },                      \
		{ "parse-budget", required_argument, NULL, FA_OPT_PARSE_BUDGET },                  \
		{ "save-captures", required_argument, NULL, FA_OPT_SAVE_CAPTURES },                \
		{ "replay", required_argument, NULL, FA_OPT_REPLAY },                              \
		{ "progress", required_argument, NULL, FA_OPT_PROGRESS },                          \
		{ "ssh-config", required_argument, NULL, FA_OPT_SSH_CONFIG },                      \
		{ "known-hosts", required_argument, NULL, FA_OPT_KNOWN_HOSTS },                    \
		{ "accept-new", no_argument, NULL, FA_OPT_ACCEPT_NEW },                            \
		{ "shard", required_argument, NULL, FA_OPT_SHARD },                                \
		{ "sample", required_argument, NULL, FA_OPT_SAMPLE }

#define FA_COLLECT_SHORTOPTS "i:j:t:"

void fa_collect_cli_init(struct fa_collect_cli *c);
/* As fa_audit_opts_take: 1 taken, 0 not ours, -1 bad value (message printed). */
int fa_collect_cli_take(struct fa_collect_cli *c, const char *cmd, int opt, const char *arg);

/*
 * Load the inventory and collect it.  On success *ret_devices (new reference) holds every
 * device (none when c->opts.on_device took them as they came) and the return is 0; otherwise an exit code (64 no inventory, 65 bad inventory,
 * 69 nothing collected, 74 captures folder).  A summary line goes to stderr.
 */
int fa_collect_cli_run(struct fa_collect_cli *c, const char *cmd, json_t **ret_devices);

/* Does --progress (auto: standard error is a terminal, and not -q) ask for a progress line? */
bool fa_collect_cli_progress(const struct fa_collect_cli *c);

#endif /* FA_CLI_COLLECT_OPTS_H */
