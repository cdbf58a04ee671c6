/* SPDX-License-Identifier: MIT */
/*
 * What "diff", "gate" and "drift" share: the allow-list and volatile-field options, and the
 * output options (the same as the audit's, without rule selection).
 */
#ifndef FA_CLI_DIFF_OPTS_H
#define FA_CLI_DIFF_OPTS_H

#include <getopt.h>

#include "audit/cli/audit-opts.h"
#include "audit/diff.h"

#define FA_DIFF_MAX_VOLATILE 16

struct fa_diff_cli {
	const char *allow;				/* --allow FILE */
	const char *volatiles[FA_DIFF_MAX_VOLATILE];	/* --volatile FILE... */
	int nvolatiles;
	struct fa_volatile *vol;			/* loaded by fa_diff_cli_load */
	struct fa_allow *al;
};

#define FA_DIFF_OPTS_HELP                                                                          \
	"  -a, --allow FILE       expected changes (YAML, docs/diff.md): a change they allow\n"     \
	"                         passes, any other fails, and an expected change that did\n"      \
	"                         not happen on every subject it selects fails too\n"               \
	"      --volatile FILE    more volatile field patterns, one per line (SCOPE.FIELD,\n"      \
	"                         e.g. port.ib.lid); repeatable\n"

#define FA_OUTPUT_OPTS_HELP                                                                        \
	"  -f, --format FMT       output format on standard output or -o: text, json, html,\n"     \
	"                         junit, prometheus (default text)\n"                              \
	"  -o, --output FILE      write it there instead of standard output (atomically)\n"        \
	"      --text FILE, --json FILE, --html FILE, --junit FILE, --prometheus FILE\n"           \
	"                         also write that format to FILE (atomically)\n"                   \
	"      --color WHEN       colour the text output: auto (on a terminal), always, never\n"

enum {
	FA_OPT_ALLOW = 768,
	FA_OPT_VOLATILE,
};

#define FA_DIFF_LONGOPTS                                                                           \
	{ "allow", required_argument, NULL, FA_OPT_ALLOW },                                        \
		{ "volatile", required_argument, NULL, FA_OPT_VOLATILE }

/* The output options of FA_AUDIT_LONGOPTS; fa_audit_opts_take() takes them. */
#define FA_OUTPUT_LONGOPTS                                                                         \
	{ "format", required_argument, NULL, 'f' }, { "output", required_argument, NULL, 'o' },   \
		{ "text", required_argument, NULL, FA_OPT_TEXT },                                  \
		{ "json", required_argument, NULL, FA_OPT_JSON },                                  \
		{ "html", required_argument, NULL, FA_OPT_HTML },                                  \
		{ "junit", required_argument, NULL, FA_OPT_JUNIT },                                \
		{ "prometheus", required_argument, NULL, FA_OPT_PROMETHEUS },                      \
		{ "color", required_argument, NULL, FA_OPT_COLOR }

#define FA_OUTPUT_SHORTOPTS "f:o:"

void fa_diff_cli_init(struct fa_diff_cli *c);
/* As fa_audit_opts_take: 1 taken, 0 not ours, -1 bad value (message printed). */
int fa_diff_cli_take(struct fa_diff_cli *c, const char *cmd, int opt, const char *arg);
/*
 * Load the allow-list and volatile files and point @opts at them.  Returns 0, or an exit
 * code (65 bad file, 74 unreadable) after printing why.
 */
int fa_diff_cli_load(struct fa_diff_cli *c, struct fa_diff_opts *opts);
void fa_diff_cli_release(struct fa_diff_cli *c);

/*
 * Load snapshot @path into *ret (new reference).  Returns 0, or an exit code (65, 74) after
 * printing why.
 */
int fa_diff_cli_load_snapshot(const char *path, json_t **ret);

#endif /* FA_CLI_DIFF_OPTS_H */
