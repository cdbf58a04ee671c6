/* SPDX-License-Identifier: MIT */
/* The snapshot a query command reads: -s FILE, or the newest of a history folder (-H DIR). */
#ifndef FA_CLI_SNAPSHOT_ARG_H
#define FA_CLI_SNAPSHOT_ARG_H

#include <jansson.h>

#include "audit/cli/cmd.h"

/*
 * Load the snapshot @snapshot, or the newest one of the history folder @history (exactly
 * one of them is given).  FA_EXIT_CLEAN with *ret a new reference; else the error is printed
 * and the exit code returned (64 usage, 65 unreadable, 74 I/O).
 */
int fa_cli_snapshot_arg(const struct fa_cmd *cmd, const char *snapshot, const char *history,
			json_t **ret);

#endif /* FA_CLI_SNAPSHOT_ARG_H */
