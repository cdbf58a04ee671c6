/* SPDX-License-Identifier: MIT */
/*
 * The rule engine: rule sets (loaded rule packs) and their evaluation on a snapshot.
 *
 * A rule set holds packs (the YAML files of rules/packs, docs/rules.md) parsed once: every
 * expression is an AST by the time fa_engine_run() starts.  fa_engine_run() evaluates every rule on every
 * subject of its scope (device, port, link, group member) of the snapshot's devices whose
 * status is ok, and builds the report value of docs/report.md, from which every output
 * format is rendered.  Each subject ends in one status:
 *
 *   pass           where is true (or absent) and expect is true
 *   fail           where is true (or absent) and expect is false: one finding
 *   notapplicable  where is false
 *   notevaluable   data where/expect/group_by needs is missing (or of the wrong type)
 *
 * Devices that were not collected (status other than "ok") are not evaluated; they are
 * listed once in coverage.failed_devices, and their subjects are not counted again.
 *
 * The verdict has three states: fail (a finding at or above fail_on), incomplete (a device
 * not collected or a check not evaluable), pass (everything it covers was checked).
 */
#ifndef FA_AUDIT_ENGINE_H
#define FA_AUDIT_ENGINE_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "audit/severity.h"
#include "audit/util/err.h"


struct fa_ruleset;
struct fa_plan;
struct fa_waivers;

/* New, empty rule set (free with fa_ruleset_free()). */
struct fa_ruleset *fa_ruleset_new(void);
void fa_ruleset_free(struct fa_ruleset *rs);

/*
 * Load a rule pack file (YAML or JSON), or every .yaml, .yml and .json file of a folder in
 * sorted order.  A file is added whole or not at all.  Errors: -FA_ENOENT (no such file, or
 * a folder without packs), -FA_EIO, -FA_EPARSE with "file:line:column: message" detail for
 * anything wrong in a pack (unknown key, missing key, bad severity/scope/category, bad
 * expression, rule id already loaded, duplicate pack name).
 */
int fa_ruleset_load(struct fa_ruleset *rs, const char *path, struct fa_err *err);

/*
 * Override a pack parameter (a site policy): every loaded pack declaring @name gets a copy of
 * @value (borrowed).  -FA_ENOENT when no pack declares it; -FA_EINVAL when @value's type
 * differs from the declared default's.  Examples keep running with the declared defaults.
 */
int fa_ruleset_set_param(struct fa_ruleset *rs, const char *name, const json_t *value,
			 struct fa_err *err);

/* Number of rules loaded. */
size_t fa_ruleset_count(const struct fa_ruleset *rs);

/*
 * New reference: the rules sorted by id, each { id, title, category, severity, scope, pack,
 * tags, rationale } (rationale and tags only when the rule has them).
 */
json_t *fa_ruleset_list_json(const struct fa_ruleset *rs);

/*
 * Run every rule's examples (pass examples must pass, fail examples must fail) with the
 * packs' declared parameters.  -FA_EINVAL naming "file:line:column" of the first example
 * that does not hold.
 */
int fa_ruleset_check_examples(const struct fa_ruleset *rs, struct fa_err *err);

struct fa_engine_opts {
	int fail_on;		/* enum fa_severity: findings at or above it fail the verdict */
	bool allow_incomplete;	/* an incomplete verdict exits 0 (summary.accepted_incomplete) */
	const char *source;	/* report.snapshot.source; NULL: the snapshot's "inventory" */
	time_t now;		/* report.created and waiver expiry; 0: the current time */
	const struct fa_plan *plan;	/* cabling plan for plan rules; NULL: they have no subjects */
	const struct fa_waivers *waivers;	/* NULL: none */
	int threads;		/* evaluation threads; 0: one per CPU when the fabric is large */
};

#define FA_ENGINE_OPTS_INIT { FA_SEVERITY_ERROR, false, NULL, 0, NULL, NULL, 0 }

/*
 * Evaluate @rs on @snapshot (a fabric-audit/snapshot/v1 value) and build the report value
 * (docs/report.md) in *ret_report, a new reference.  Findings a waiver in force covers go to
 * the report's "waived" list instead of "findings", and do not count towards the verdict.  @opts NULL means FA_ENGINE_OPTS_INIT.  Errors: -FA_EPARSE when the snapshot's
 * structure is unusable (no devices array, a device or port without a name, a duplicate
 * device name, a link without its ends); -FA_EINVAL for bad @opts.
 */
int fa_engine_run(const struct fa_ruleset *rs, const json_t *snapshot,
		  const struct fa_engine_opts *opts, json_t **ret_report, struct fa_err *err);

/*
 * The exit code a report calls for under @opts (DESIGN.md): 1 when a finding is at or above
 * opts->fail_on, else 2 when a device failed or a check was not evaluable (unless
 * opts->allow_incomplete), else 0.  @opts NULL means FA_ENGINE_OPTS_INIT.
 */
int fa_engine_exit_code(const json_t *report, const struct fa_engine_opts *opts);

/*
 * Borrowed: where the shipped packs are: $FABRIC_AUDIT_RULES when set; else, for the program
 * built in FA_BUILDDIR, its source tree's rules/packs; else the installed FA_PKGDATADIR/rules
 * when that folder exists, else the source tree's rules/packs.
 */
const char *fa_rules_default_path(void);

#endif /* FA_AUDIT_ENGINE_H */
