/* SPDX-License-Identifier: MIT */
/*
 * Subcommands.
 *
 * Adding a command:
 *   1. write audit/cli/cmd-<name>.c defining "const struct fa_cmd fa_cmd_<name>" with its
 *      usage text next to it, parsing its own options with getopt_long;
 *   2. declare it below;
 *   3. add it to fa_cmds[] in main.c (sorted by name);
 *   4. add the file to fabric_audit_SOURCES in Makefile.am.
 *
 * A command returns an exit code from enum fa_exit; only audit/cli/ prints to the user or
 * decides the exit status.
 */
#ifndef FA_CLI_CMD_H
#define FA_CLI_CMD_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

#include "audit/util/err.h"

/* Exit codes (stable; documented in --help and the README). */
enum fa_exit {
	FA_EXIT_CLEAN = 0,	/* no findings at or above --fail-on */
	FA_EXIT_FINDINGS = 1,	/* findings at or above --fail-on */
	FA_EXIT_INCOMPLETE = 2,	/* devices not reached / rules not evaluable, --require-complete */
	FA_EXIT_USAGE = 64,	/* bad command line */
	FA_EXIT_DATAERR = 65,	/* bad input data: inventory, rules, snapshot, capture */
	FA_EXIT_UNAVAILABLE = 69, /* nothing could be collected */
	FA_EXIT_SOFTWARE = 70,	/* internal error */
	FA_EXIT_IOERR = 74,	/* an output could not be written */
	FA_EXIT_TEMPFAIL = 75,	/* another run holds the lock (drift --history): try later */
};

struct fa_cmd {
	const char *name;
	const char *summary;	/* one line for the command list */
	const char *usage;	/* full --help text of the command */
	int (*run)(int argc, char **argv);
};

/* The commands, sorted by name. */
extern const struct fa_cmd fa_cmd_audit;
extern const struct fa_cmd fa_cmd_collect;
extern const struct fa_cmd fa_cmd_diff;
extern const struct fa_cmd fa_cmd_drift;
extern const struct fa_cmd fa_cmd_fields;
extern const struct fa_cmd fa_cmd_fix_plan;
extern const struct fa_cmd fa_cmd_gate;
extern const struct fa_cmd fa_cmd_inventory;
extern const struct fa_cmd fa_cmd_merge;
extern const struct fa_cmd fa_cmd_parse;
extern const struct fa_cmd fa_cmd_report;
extern const struct fa_cmd fa_cmd_rules;
extern const struct fa_cmd fa_cmd_run;
extern const struct fa_cmd fa_cmd_show;
extern const struct fa_cmd fa_cmd_summarize;

/*
 * -1 with -q/--quiet (standard error says only what went wrong), 1 with -v/--verbose (a
 * line for every device), else 0.  Taken out of every command's arguments by main().
 */
extern int fa_cli_verbosity;

/* Print "fabric-audit: <err formatted>" on stderr. */
void fa_cli_error(const struct fa_err *err);
/* Print "fabric-audit: <fmt>" on stderr. */
void fa_cli_errorf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* One line on stdout, @s escaped for the terminal (it quotes a file or a device). */
void fa_cli_print_safe(const char *s);
/* Print "fabric-audit CMD: <fmt>" and a hint to --help; returns FA_EXIT_USAGE. */
int fa_cli_usage_error(const struct fa_cmd *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
struct option;
/*
 * After getopt_long() returned '?' (opterr is 0): say which option of argv was wrong --
 * unknown (with the nearest of @longopts), needing a value, or taking none -- and return
 * FA_EXIT_USAGE.
 */
int fa_cli_option_error(const struct fa_cmd *cmd, char *const argv[],
			const struct option *longopts);
/* --color=auto: standard output is a terminal and NO_COLOR (no-color.org) is unset or empty. */
bool fa_cli_color_auto(void);
/* Map an -FA_E* code of a failed input load to an exit code (65 for data, 74 for I/O…). */
int fa_cli_exit_for(int code);
/* Flush stdout and check for write errors; returns @code or FA_EXIT_IOERR. */
int fa_cli_finish(int code);

/*
 * Read the saved report, diff or gate document at @path ('-': standard input) into *ret:
 * JSON errors name file:line:column; a document of another format is -FA_EPARSE.
 */
int fa_cli_report_load(const char *path, json_t **ret, struct fa_err *err);

/*
 * Let go of the snapshot (parse: the device; audit: also the report) a command is done
 * with, just before it returns.  A large one (100,000 ports and links or more) is kept until the process exits
 * instead of being freed value by value: freeing the model of a 100k-GPU fabric takes
 * seconds, which the kernel does at once.  Small ones are freed, so leak checkers still see
 * every path.
 */
void fa_cli_drop_snapshot(json_t *snapshot);
void fa_cli_drop_device(json_t *dev);
void fa_cli_drop_report(json_t *report);

#endif /* FA_CLI_CMD_H */
