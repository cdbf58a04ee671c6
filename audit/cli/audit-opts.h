/* SPDX-License-Identifier: MIT */
/*
 * What "audit" and "run" share: rule selection, severity gate and report outputs, parsed the
 * same way and applied by one function so the two commands cannot drift apart.
 */
#ifndef FA_CLI_AUDIT_OPTS_H
#define FA_CLI_AUDIT_OPTS_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "audit/util/err.h"

#define FA_AUDIT_MAX_RULES 64
#define FA_AUDIT_MAX_OUTPUTS 8
#define FA_AUDIT_MAX_PATTERNS 64

struct fa_audit_output {
	const char *format;	/* text, json, html, junit, prometheus, svg, dot */
	const char *path;	/* "-" = standard output */
};

struct fa_audit_opts {
	const char *rules[FA_AUDIT_MAX_RULES];
	int nrules;
	const char *format;	/* --format, default text */
	const char *output;	/* -o, default "-" */
	struct fa_audit_output extra[FA_AUDIT_MAX_OUTPUTS];	/* --text/--json/--html FILE */
	int nextra;
	const char *fail_on;	/* severity name, default "error" */
	bool allow_incomplete;	/* --allow-incomplete: exit 0 on an incomplete verdict */
	bool no_default_rules;	/* --no-default-rules: only the packs -r names */
	const char *color;	/* auto, always, never */
	double started;		/* monotonic seconds when the command started (for durations) */
	const char *policy;	/* --policy FILE */
	const char *plan;	/* --plan FILE */
	const char *waivers;	/* --waivers FILE */
	const char *select[FA_AUDIT_MAX_PATTERNS];	/* --select PATTERN */
	size_t nselect;
	const char *skip[FA_AUDIT_MAX_PATTERNS];	/* --skip PATTERN */
	size_t nskip;
	int threads;		/* --threads, 0: automatic */
	bool explain;		/* --explain: the text report shows each finding's fix */
};

#define FA_AUDIT_OPTS_HELP                                                                         \
	"  -r, --rules PATH       also run the rule pack file or folder PATH (repeatable); the\n"  \
	"                         shipped packs always run unless --no-default-rules\n"          \
	"      --no-default-rules run only the packs -r names\n"                                 \
	"  -f, --format FMT       report format on standard output or -o: text, json, html,\n"     \
	"                         junit, prometheus, or the fabric map as svg or dot (Graphviz)\n" \
	"                         (default text)\n"                                                \
	"  -o, --output FILE      write the report there instead of standard output\n"             \
	"      --text FILE, --json FILE, --html FILE, --junit FILE, --prometheus FILE\n"           \
	"                         also write the report in that format to FILE (atomically)\n"    \
	"      --fail-on SEV      exit 1 when a finding is at or above SEV: error, warning,\n"     \
	"                         info (default error)\n"                                          \
	"      --allow-incomplete accept an incomplete verdict (a device not collected, a check\n" \
	"                         not evaluable): exit 0 when nothing failed; the report says\n"  \
	"                         what was accepted.  Without it an incomplete verdict exits 2\n" \
	"      --require-complete the default (kept for scripts): exit 2 when incomplete\n"        \
	"      --color WHEN       colour the text report: auto (on a terminal, unless NO_COLOR\n"  \
	"                         is set), always, never\n"                                        \
	"      --explain          text: under each finding, the commands that fix it on its\n"   \
	"                         device (see fix-plan; nothing is sent)\n"                      \
	"      --policy FILE      site policy: pack parameters, select and skip (docs/rules.md)\n"  \
	"      --select PATTERN   run only rules whose id, category or a tag matches the glob\n"  \
	"                         (repeatable: any of them); -r still names rule files\n"         \
	"      --skip PATTERN     do not run rules whose id, category or a tag matches\n"        \
	"      --plan FILE        cabling plan (CSV or DOT) for the plan rules; default: the\n"   \
	"                         cabling_plan parameter when a policy sets it\n"                 \
	"      --waivers FILE     accepted findings with reason and expiry (docs/rules.md)\n"     \
	"      --threads N        evaluate the rules on N threads (default: one per CPU, at\n"   \
	"                         most one per 20,000 ports and links); the report is the\n"   \
	"                         same whatever N\n"

/* getopt_long entries for the options above; their values are >= 256 or the short letters. */
enum {
	FA_OPT_TEXT = 256,
	FA_OPT_JSON,
	FA_OPT_HTML,
	FA_OPT_FAIL_ON,
	FA_OPT_REQUIRE_COMPLETE,
	FA_OPT_COLOR,
	FA_OPT_JUNIT,
	FA_OPT_PROMETHEUS,
	FA_OPT_POLICY,
	FA_OPT_SELECT,
	FA_OPT_SKIP,
	FA_OPT_PLAN,
	FA_OPT_WAIVERS,
	FA_OPT_THREADS,
	FA_OPT_ALLOW_INCOMPLETE,
	FA_OPT_NO_DEFAULT_RULES,
	FA_OPT_EXPLAIN,
	FA_OPT_AUDIT_LAST,
};

#define FA_AUDIT_LONGOPTS                                                                          \
	{ "rules", required_argument, NULL, 'r' }, { "format", required_argument, NULL, 'f' },    \
		{ "output", required_argument, NULL, 'o' },                                        \
		{ "text", required_argument, NULL, FA_OPT_TEXT },                                  \
		{ "json", required_argument, NULL, FA_OPT_JSON },                                  \
		{ "html", required_argument, NULL, FA_OPT_HTML },                                  \
		{ "fail-on", required_argument, NULL, FA_OPT_FAIL_ON },                            \
		{ "require-complete", no_argument, NULL, FA_OPT_REQUIRE_COMPLETE },                \
		{ "allow-incomplete", no_argument, NULL, FA_OPT_ALLOW_INCOMPLETE },                \
		{ "no-default-rules", no_argument, NULL, FA_OPT_NO_DEFAULT_RULES },                \
		{ "color", required_argument, NULL, FA_OPT_COLOR },                                \
		{ "junit", required_argument, NULL, FA_OPT_JUNIT },                                \
		{ "prometheus", required_argument, NULL, FA_OPT_PROMETHEUS },                      \
		{ "policy", required_argument, NULL, FA_OPT_POLICY },                              \
		{ "select", required_argument, NULL, FA_OPT_SELECT },                              \
		{ "skip", required_argument, NULL, FA_OPT_SKIP },                                  \
		{ "plan", required_argument, NULL, FA_OPT_PLAN },                                  \
		{ "waivers", required_argument, NULL, FA_OPT_WAIVERS },                            \
		{ "threads", required_argument, NULL, FA_OPT_THREADS },                            \
		{ "explain", no_argument, NULL, FA_OPT_EXPLAIN }

#define FA_AUDIT_SHORTOPTS "r:f:o:"

void fa_audit_opts_init(struct fa_audit_opts *o);

/*
 * Take option @opt (with @arg) when it is one of the audit options: returns 1 when taken,
 * 0 when not one of them, -1 with a message on stderr when its value is wrong.
 */
int fa_audit_opts_take(struct fa_audit_opts *o, const char *cmd, int opt, const char *arg);

struct fa_ruleset;

/*
 * Load the rule packs: the shipped ones (unless --no-default-rules), then every -r (a path
 * that is a shipped pack or the shipped folder itself is not loaded twice); apply --policy,
 * then --select and --skip.  0, or the -FA_E* of the first failure with @err filled.
 */
int fa_audit_load_rules(const struct fa_audit_opts *o, struct fa_ruleset *rs,
			struct fa_err *err);

/*
 * Evaluate the rules on @snapshot (borrowed), write every output, and return the exit code
 * (0, 1, 2, or 65/70/74 on failure).  @source names the snapshot or inventory in the report.
 */
int fa_audit_snapshot(const struct fa_audit_opts *o, const json_t *snapshot, const char *source);

/*
 * Evaluate the rules on @snapshot into *ret_report (new reference) without writing it; the
 * exit code the report calls for goes to *ret_code.  Returns 0, or an exit code (65/70)
 * after printing why.
 */
int fa_audit_report(const struct fa_audit_opts *o, const json_t *snapshot, const char *source,
		    json_t **ret_report, int *ret_code);

/* The short-form exit-status paragraph every auditing command's --help ends with. */
#define FA_AUDIT_EXIT_HELP                                                                         \
	"Exit status: 0 pass (or incomplete with --allow-incomplete), 1 findings at or above\n"    \
	"--fail-on, 2 incomplete: a device not collected or a check not evaluable,\n"


/*
 * Write @doc (a report, diff or gate document) to the main output and every extra output of
 * @o.  @command labels the Prometheus metrics (NULL: the document kind).  Returns 0 or the
 * exit code of a failed write (74, 70).
 */
int fa_audit_write(const struct fa_audit_opts *o, const json_t *doc, const char *command);

#endif /* FA_CLI_AUDIT_OPTS_H */
