/* SPDX-License-Identifier: MIT */
/*
 * fabric-audit rules: look at rule packs without a snapshot.
 *
 *   rules list     the loaded rules (id, severity, scope, category, title), as text, JSON,
 *                  or the Markdown rule reference (docs/rules-reference.md is this output
 *                  for the shipped packs, and a test fails when it is stale);
 *   rules check    load the packs strictly and run every rule's pass/fail examples, so a pack
 *                  author (or CI) learns that a rule is wrong before it meets a fabric; with
 *                  a snapshot, also run the rules on it and name every rule whose where
 *                  matched none of its subjects (an error under --strict: a typo such as
 *                  role == 'gpu_host' otherwise checks nothing, silently);
 *   rules explain  one rule in full: rationale, what it reads, parameters, examples;
 *   rules lint     one or more pack files: everything check does, plus a rationale and both
 *                  kinds of example for every rule, every problem listed (not just the first).
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/cli/cmd.h"
#include "audit/engine.h"
#include "audit/snapshot.h"
#include "audit/util/buf.h"
#include "audit/util/suggest.h"
#include "audit/util/xalloc.h"
#include "rules/rule-fields.h"
#include "rules/rule.h"
#include "audit/util/jsonwrite.h"
#include "audit/util/banned.h"

static const char fa_rules_usage[] =
	"usage: fabric-audit rules list [-r PATH]... [--policy FILE] [--format text|json|markdown]\n"
	"       fabric-audit rules check [-r PATH]... [-s SNAPSHOT [--strict]]\n"
	"       fabric-audit rules explain [-r PATH]... [--policy FILE] ID\n"
	"       fabric-audit rules lint FILE...\n"
	"\n"
	"Show or check rule packs.\n"
	"\n"
	"  list     print every loaded rule: id, severity, scope, category and title\n"
	"           (--format json adds pack, tags and rationale; --format markdown writes the\n"
	"           rule reference, docs/rules-reference.md for the shipped packs)\n"
	"  check    load the packs strictly and run each rule's pass/fail examples; with -s,\n"
	"           also run the rules on SNAPSHOT and list the rules whose where matched none\n"
	"           of its subjects (with --strict each of them is an error)\n"
	"  explain  show one rule: rationale, where/expect as written, the parameters it reads\n"
	"           with their values, and its examples\n"
	"  lint     check pack files for a rule author: syntax and unknown keys\n"
	"           (file:line:column), examples that do not behave as stated, rules without a\n"
	"           rationale or without both a pass and a fail example; lists every problem\n"
	"\n"
	"Options:\n"
	"  -r, --rules PATH     a rule pack file, or a folder of *.yaml/*.yml/*.json packs\n"
	"                       (repeatable; default: the shipped packs, or $FABRIC_AUDIT_RULES)\n"
	"      --policy FILE    apply a site policy first (parameters, select, skip)\n"
	"  -s, --snapshot FILE  check: a snapshot to run the rules on\n"
	"      --strict         check: a rule whose where matched nothing in the snapshot is an\n"
	"                       error (rules off until a parameter is set, and rules with no\n"
	"                       subject of their scope at all, are only listed)\n"
	"  -f, --format FORMAT  text (default), json or markdown (list only)\n"
	"  -h, --help           show this help\n"
	"\n"
	"Exit status: 0 ok, 64 usage, 65 a pack is invalid, an example does not hold, lint\n"
	"found a problem, no rule has that ID, or (--strict) a rule matched nothing.\n";

const struct fa_cmd fa_cmd_rules;

static void fa_rules_list_text(const struct fa_ruleset *rs)
{
	json_t *list = fa_ruleset_list_json(rs), *r;
	int w = (int)strlen("ID");
	size_t i;

	json_array_foreach(list, i, r) {
		int n = (int)strlen(json_string_value(json_object_get(r, "id")));

		if (n > w)
			w = n;
	}
	printf("%-*s  %-8s  %-6s  %-9s  %s\n", w, "ID", "SEVERITY", "SCOPE", "CATEGORY", "TITLE");
	json_array_foreach(list, i, r)
		printf("%-*s  %-8s  %-6s  %-9s  %s\n", w,
		       json_string_value(json_object_get(r, "id")),
		       json_string_value(json_object_get(r, "severity")),
		       json_string_value(json_object_get(r, "scope")),
		       json_string_value(json_object_get(r, "category")),
		       json_string_value(json_object_get(r, "title")));
	json_decref(list);
}

/* A value as a person reads it in the reference: strings bare, the rest as JSON. */
static void fa_rules_value(const json_t *v, struct fa_buf *out)
{
	char *s;

	if (json_is_string(v)) {
		fa_buf_addf(out, "%s", json_string_value(v));
		return;
	}
	s = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY | JSON_SORT_KEYS);
	fa_buf_adds(out, s ? s : "?");
	free(s);
}

/* Text for one table cell: one line, '|' escaped. */
static void fa_md_cell(const char *s, struct fa_buf *out)
{
	for (; *s; s++) {
		if (*s == '|')
			fa_buf_adds(out, "\\|");
		else if (*s == '\n')
			fa_buf_addch(out, ' ');
		else
			fa_buf_addch(out, *s);
	}
}

static void fa_md_code_block(const char *label, const json_t *text, struct fa_buf *out)
{
	if (!json_is_string(text))
		return;
	fa_buf_addf(out, "%s:\n\n```\n%s\n```\n\n", label, json_string_value(text));
}

/* A rule's fix as written: the note, then a block of lines per platform. */
static void fa_md_fix(const json_t *fix, struct fa_buf *out)
{
	const char *key;
	json_t *v, *line;
	size_t i;

	if (!fix)
		return;
	fa_buf_adds(out, "Fix (printed by `fix-plan`, never sent):\n\n");
	if (json_is_string(json_object_get(fix, "note")))
		fa_buf_addf(out, "%s\n\n", json_string_value(json_object_get(fix, "note")));
	json_object_foreach((json_t *)fix, key, v) {
		if (strcmp(key, "note") == 0)
			continue;
		fa_buf_addf(out, "- `%s`:\n\n  ```\n", key);
		if (json_is_string(v))
			fa_buf_addf(out, "  %s\n", json_string_value(v));
		json_array_foreach(v, i, line)
			fa_buf_addf(out, "  %s\n", json_string_value(line));
		fa_buf_adds(out, "  ```\n\n");
	}
}

static void fa_rules_md_rule(const struct fa_rule *r, struct fa_buf *out)
{
	const json_t *tag;
	size_t i, npass = 0, nfail = 0;

	fa_buf_addf(out, "### `%s`\n\n**%s**\n\n", r->id, r->title);
	fa_buf_addf(out, "| severity | scope | category | tags |\n|---|---|---|---|\n| %s | %s%s%s "
		    "| %s | ", fa_severity_to_string(r->severity), fa_scope_to_string(r->scope),
		    r->scope == FA_SCOPE_GROUP || r->scope == FA_SCOPE_FABRIC ? " over " : "",
		    r->scope == FA_SCOPE_GROUP || r->scope == FA_SCOPE_FABRIC ?
			    fa_scope_to_string(r->over) : "",
		    r->category);
	json_array_foreach(r->tags, i, tag)
		fa_buf_addf(out, "%s%s", i ? ", " : "", json_string_value(tag));
	fa_buf_adds(out, " |\n\n");
	if (r->platform_names) {
		fa_buf_adds(out, "Platforms: ");
		json_array_foreach(r->platform_names, i, tag)
			fa_buf_addf(out, "%s`%s`", i ? ", " : "", json_string_value(tag));
		fa_buf_adds(out, " (devices of other platforms are not selected)\n\n");
	}
	if (r->rationale)
		fa_buf_addf(out, "%s\n\n", r->rationale);
	fa_md_code_block("Applies where", json_object_get(r->source, "where"), out);
	fa_md_code_block("For each", json_object_get(r->source, "for_each"), out);
	fa_md_code_block("Groups by", json_object_get(r->source, "group_by"), out);
	fa_md_code_block("Expects", json_object_get(r->source, "expect"), out);
	fa_md_fix(json_object_get(r->source, "fix"), out);
	for (i = 0; i < r->nexamples; i++) {
		if (r->examples[i].pass)
			npass++;
		else
			nfail++;
	}
	fa_buf_addf(out, "Examples: %zu pass, %zu fail (`fabric-audit rules explain %s`).\n\n",
		    npass, nfail, r->id);
}

static int fa_str_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/*
 * The rule reference: every pack with its parameters, then its rules.  Deterministic (packs
 * in load order, rules by id, parameters by name) so the committed file can be compared.
 */
static void fa_rules_markdown(const struct fa_ruleset *rs, struct fa_buf *out)
{
	size_t p, i, n;
	const char *key;
	json_t *v;

	fa_buf_adds(out, "# Rule reference\n\n"
			 "<!-- Generated by `fabric-audit rules list --format markdown` from "
			 "rules/packs; do not edit. -->\n\n"
			 "Every rule of the shipped packs: what it checks and why. The rule "
			 "language is described in [rules.md](rules.md); parameters are changed "
			 "with a site policy (`--policy`).\n\n");
	fa_buf_adds(out, "| pack | rules | description |\n|---|---|---|\n");
	for (p = 0; p < rs->npacks; p++) {
		for (i = 0, n = 0; i < rs->nrules; i++)
			n += rs->rules[i]->pack == rs->packs[p];
		fa_buf_addf(out, "| [`%s`](#pack-%s) | %zu | ", rs->packs[p]->name,
			    rs->packs[p]->name, n);
		fa_md_cell(rs->packs[p]->description ? rs->packs[p]->description : "", out);
		fa_buf_adds(out, " |\n");
	}
	fa_buf_addch(out, '\n');
	for (p = 0; p < rs->npacks; p++) {
		const struct fa_pack *pk = rs->packs[p];

		fa_buf_addf(out, "## Pack `%s`\n\n<a id=\"pack-%s\"></a>\n\n", pk->name, pk->name);
		if (pk->description)
			fa_buf_addf(out, "%s\n\n", pk->description);
		if (json_object_size(pk->params_default)) {
			const char **names = fa_xcalloc(json_object_size(pk->params_default),
							sizeof(*names));
			size_t nn = 0;

			fa_buf_adds(out, "| parameter | default |\n|---|---|\n");
			json_object_foreach(pk->params_default, key, v)
				names[nn++] = key;
			qsort(names, nn, sizeof(*names), fa_str_cmp);
			for (i = 0; i < nn; i++) {
				fa_buf_addf(out, "| `%s` | `", names[i]);
				fa_rules_value(json_object_get(pk->params_default, names[i]), out);
				fa_buf_adds(out, "` |\n");
			}
			fa_buf_addch(out, '\n');
			free(names);
		}
		for (i = 0; i < rs->nrules; i++)
			if (rs->rules[i]->pack == pk)
				fa_rules_md_rule(rs->rules[i], out);
	}
}

/* The parameters a rule reads: every params.NAME in its source text. */
static void fa_rules_explain_params(const struct fa_rule *r)
{
	const char *key;
	json_t *v, *text;
	bool any = false;

	json_object_foreach(r->pack->params, key, v) {
		const char *k;
		bool used = false;

		json_object_foreach(r->source, k, text) {
			/* The fix is an object of lines: look for the name in its JSON text. */
			char *dump = json_is_string(text) ? NULL : json_dumps(text, JSON_COMPACT);
			const char *s = dump ? dump : json_string_value(text), *hit;
			size_t n = strlen(key);

			for (hit = s ? strstr(s, "params.") : NULL; hit && !used;
			     hit = strstr(hit + 1, "params."))
				used = strncmp(hit + 7, key, n) == 0 &&
				       !(hit[7 + n] == '_' || (hit[7 + n] >= 'a' && hit[7 + n] <= 'z') ||
					 (hit[7 + n] >= '0' && hit[7 + n] <= '9'));
			free(dump);
		}
		if (!used)
			continue;
		if (!any)
			printf("\nParameters (pack %s):\n", r->pack->name);
		any = true;
		{
			struct fa_buf b = FA_BUF_INIT, d = FA_BUF_INIT;

			fa_rules_value(v, &b);
			fa_rules_value(json_object_get(r->pack->params_default, key), &d);
			printf("  %s = %s%s%s%s\n", key, b.buf, strcmp(b.buf, d.buf) ? " (default " : "",
			       strcmp(b.buf, d.buf) ? d.buf : "", strcmp(b.buf, d.buf) ? ")" : "");
			fa_buf_release(&b);
			fa_buf_release(&d);
		}
	}
}

/* The fix as written: the note, then each platform's lines. */
static void fa_rules_explain_fix(const json_t *fix)
{
	const char *key;
	json_t *v, *line;
	size_t i;

	if (!fix)
		return;
	printf("\nfix (printed by fix-plan, never sent):\n");
	if (json_is_string(json_object_get(fix, "note")))
		printf("  note: %s\n", json_string_value(json_object_get(fix, "note")));
	json_object_foreach((json_t *)fix, key, v) {
		if (strcmp(key, "note") == 0)
			continue;
		printf("  %s:\n", key);
		if (json_is_string(v))
			printf("    %s\n", json_string_value(v));
		json_array_foreach(v, i, line)
			printf("    %s\n", json_string_value(line));
	}
}

static void fa_rules_explain(const struct fa_rule *r)
{
	static const char *const keys[] = { "for_each", "where", "group_by", "expect", "expected",
					    "actual", "message" };
	const json_t *tag;
	size_t i;

	printf("%s: %s\n\n", r->id, r->title);
	printf("  pack      %s (%s:%d)\n", r->pack->name, r->pack->file, r->line);
	printf("  severity  %s\n  category  %s\n  scope     %s", fa_severity_to_string(r->severity),
	       r->category, fa_scope_to_string(r->scope));
	if (r->scope == FA_SCOPE_GROUP || r->scope == FA_SCOPE_FABRIC)
		printf(" over %s", fa_scope_to_string(r->over));
	printf("\n");
	if (json_array_size(r->tags)) {
		printf("  tags      ");
		json_array_foreach(r->tags, i, tag)
			printf("%s%s", i ? ", " : "", json_string_value(tag));
		printf("\n");
	}
	printf("  platforms ");
	if (r->platform_names)
		json_array_foreach(r->platform_names, i, tag)
			printf("%s%s", i ? ", " : "", json_string_value(tag));
	else
		printf("all");
	printf("\n");
	if (r->rationale)
		printf("\nWhy:\n  %s\n", r->rationale);
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		const json_t *t = json_object_get(r->source, keys[i]);

		if (json_is_string(t)) {
			const char *c;

			printf("\n%s:\n  ", keys[i]);
			for (c = json_string_value(t); *c; c++) {
				putchar(*c);
				if (*c == '\n')
					fputs("  ", stdout);
			}
			putchar('\n');
		}
	}
	fa_rules_explain_fix(json_object_get(r->source, "fix"));
	fa_rules_explain_params(r);
	for (i = 0; i < r->nexamples; i++) {
		char *s = json_dumps(r->examples[i].bindings, JSON_COMPACT | JSON_SORT_KEYS);

		if (i == 0)
			printf("\nExamples:\n");
		printf("  %s (line %d): %s\n", r->examples[i].pass ? "pass" : "fail",
		       r->examples[i].line, s ? s : "?");
		free(s);
	}
}

/*
 * A rule reading a field nothing fills (audit/fields.def has no source for it) never
 * applies or is never evaluable on collected data: one problem per rule and field.
 */
static size_t fa_rules_lint_unfilled(const struct fa_ruleset *rs, json_t *problems)
{
	size_t i, j, n = 0;

	for (i = 0; i < rs->nrules; i++) {
		const struct fa_rule *r = rs->rules[i];
		json_t *fields = json_array(), *f;

		fa_rule_unfilled_fields(r, fields);
		json_array_foreach(fields, j, f) {
			json_array_append_new(problems,
					      json_sprintf("%s:%d: rule '%s' reads %s, which no shipped "
							   "parser fills (audit/fields.def): collected "
							   "data never has it", r->pack->file, r->line,
							   r->id, json_string_value(f)));
			n++;
		}
		json_decref(fields);
	}
	return n;
}

/* Categories whose findings are fixed by a configuration command (docs/rules.md, "Fixes"). */
static bool fa_category_is_configuration(const char *c)
{
	static const char *const cats[] = { "ecn", "ets", "mtu", "pfc", "pkey", "trust" };
	size_t i;

	for (i = 0; i < sizeof(cats) / sizeof(cats[0]); i++)
		if (strcmp(cats[i], c) == 0)
			return true;
	return false;
}

/*
 * A device, port or group rule of a configuration category needs a fix with command lines,
 * and a fix with command lines needs them for every platform that prints what it checks.
 */
static size_t fa_rules_lint_fixes(const struct fa_ruleset *rs, json_t *problems)
{
	size_t i, n = 0;
	unsigned bit;

	for (i = 0; i < rs->nrules; i++) {
		const struct fa_rule *r = rs->rules[i];
		uint32_t need = fa_rule_printing_platforms(r), have = 0;

		if (r->scope != FA_SCOPE_DEVICE && r->scope != FA_SCOPE_PORT &&
		    r->scope != FA_SCOPE_GROUP)
			continue;
		for (bit = 0; bit < FA_PLATFORM_BITS; bit++)
			if (r->fix.nlines[bit])
				have |= 1u << bit;
		if (!have && !fa_category_is_configuration(r->category))
			continue;
		if (!have) {
			json_array_append_new(problems,
					      json_sprintf("%s:%d: rule '%s' (category %s) is fixed by "
							   "a configuration change but has no 'fix' "
							   "with commands", r->pack->file, r->line,
							   r->id, r->category));
			n++;
			continue;
		}
		for (bit = 0; bit < FA_PLATFORM_OTHER; bit++) {
			if (!(need & (1u << bit)) || (have & (1u << bit)))
				continue;
			json_array_append_new(problems,
					      json_sprintf("%s:%d: rule '%s' has no fix for platform "
							   "%s, which prints what it checks",
							   r->pack->file, r->line, r->id,
							   fa_platform_bit_name(bit)));
			n++;
		}
	}
	return n;
}

static int fa_rules_lint(char **files, int n)
{
	size_t nproblems = 0, i;
	json_t *problems = json_array(), *p;
	int k, code = FA_EXIT_CLEAN;

	for (k = 0; k < n; k++) {
		struct fa_ruleset *rs = fa_ruleset_new();
		struct fa_err err = FA_ERR_INIT;
		char line[800];

		if (fa_ruleset_load(rs, files[k], &err) < 0) {
			fa_cli_print_safe(fa_err_format(&err, line, sizeof(line)));
			nproblems++;
		} else {
			size_t before = json_array_size(problems);

			nproblems += fa_ruleset_lint(rs, problems);
			nproblems += fa_rules_lint_unfilled(rs, problems);
			nproblems += fa_rules_lint_fixes(rs, problems);
			if (json_array_size(problems) == before)
				printf("%s: %zu rules, no problems\n", files[k], rs->nrules);
		}
		fa_ruleset_free(rs);
	}
	json_array_foreach(problems, i, p)
		fa_cli_print_safe(json_string_value(p));
	if (nproblems) {
		fprintf(stderr, "fabric-audit rules lint: %zu problem%s\n", nproblems,
			nproblems == 1 ? "" : "s");
		code = FA_EXIT_DATAERR;
	}
	json_decref(problems);
	return code;
}

/*
 * rules check -s: run @rs on the snapshot @path and list the rules that applied to no subject.
 * Returns 0, or 65 under @strict when a rule's where matched none of the subjects.
 */
static int fa_rules_check_snapshot(const struct fa_ruleset *rs, const char *path, bool strict)
{
	struct fa_err err = FA_ERR_INIT;
	json_t *snap = NULL, *rep = NULL, *u;
	size_t i, nwhere = 0;
	int rc, code = FA_EXIT_CLEAN;

	rc = fa_snapshot_load(path, &snap, &err);
	if (rc == 0)
		rc = fa_engine_run(rs, snap, NULL, &rep, &err);
	if (rc < 0) {
		fa_cli_error(&err);
		code = fa_cli_exit_for(rc);
		goto out;
	}
	json_array_foreach(json_object_get(json_object_get(rep, "coverage"), "unmatched_rules"),
			   i, u) {
		const char *id = json_string_value(json_object_get(u, "rule"));
		const char *why = json_string_value(json_object_get(u, "reason"));
		const struct fa_rule *r = fa_ruleset_find(rs, id);
		bool bad = why && !strcmp(why, "where");

		nwhere += bad;
		fprintf(stderr, "%s: %s:%d: rule '%s' applied to no subject of %s: %s\n",
			bad && strict ? "error" : "warning", r ? r->pack->file : "?",
			r ? r->line : 0, id, path,
			!why ? "?" : !strcmp(why, "where") ? "its where matched none of them" :
			!strcmp(why, "parameter") ? "it is off until a parameter is set" :
			"the snapshot has nothing of its scope");
	}
	printf("%s: %lld checks, %zu rule(s) whose where matched nothing\n", path,
	       (long long)json_integer_value(json_object_get(json_object_get(rep, "summary"),
							     "checks")), nwhere);
	if (strict && nwhere)
		code = FA_EXIT_DATAERR;
out:
	json_decref(rep);
	json_decref(snap);
	return code;
}

/*
 * No rule has the id @id: suggest the nearest id, or the ids that start with "@id." (a
 * family such as "mtu"), then point at the list.
 */
static void fa_rules_unknown_id(const struct fa_ruleset *rs, const char *id)
{
	const char **ids = fa_xcalloc(rs->nrules + 1, sizeof(*ids));
	struct fa_buf family = FA_BUF_INIT;
	size_t i, n = strlen(id), nfamily = 0;
	const char *hint;

	for (i = 0; i < rs->nrules; i++) {
		ids[i] = rs->rules[i]->id;
		if (strncmp(ids[i], id, n) == 0 && ids[i][n] == '.' && nfamily++ < 8)
			fa_buf_addf(&family, "%s%s", nfamily > 1 ? ", " : "", ids[i]);
	}
	hint = fa_suggest(id, ids);
	if (hint)
		fa_cli_errorf("no loaded rule has the id '%s' (did you mean '%s'?)", id, hint);
	else if (nfamily)
		fa_cli_errorf("no loaded rule has the id '%s'; rules of that family: %s%s", id,
			      family.buf, nfamily > 8 ? ", ..." : "");
	else
		fa_cli_errorf("no loaded rule has the id '%s' (see 'fabric-audit rules list')",
			      id);
	fa_buf_release(&family);
	free(ids);
}

static int fa_cmd_rules_main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "rules", required_argument, NULL, 'r' },
		{ "format", required_argument, NULL, 'f' },
		{ "policy", required_argument, NULL, 'p' },
		{ "snapshot", required_argument, NULL, 's' },
		{ "strict", no_argument, NULL, 'S' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct fa_ruleset *rs = NULL;
	struct fa_err err = FA_ERR_INIT;
	const char **paths = NULL;
	const char *format = "text", *sub, *policy = NULL, *snapshot = NULL;
	bool strict = false;
	size_t npaths = 0, i, nex = 0;
	struct fa_buf md = FA_BUF_INIT;
	json_t *list;
	int c, rc, code = FA_EXIT_CLEAN;

	if (argc < 2)
		return fa_cli_usage_error(&fa_cmd_rules,
					  "name a subcommand: list, check, explain or lint");
	sub = argv[1];
	if (!strcmp(sub, "--help") || !strcmp(sub, "-h")) {
		fputs(fa_rules_usage, stdout);
		return FA_EXIT_CLEAN;
	}
	if (strcmp(sub, "list") != 0 && strcmp(sub, "check") != 0 &&
	    strcmp(sub, "explain") != 0 && strcmp(sub, "lint") != 0) {
		static const char *const subs[] = { "list", "check", "explain", "lint", NULL };
		const char *hint = fa_suggest(sub, subs);

		if (hint)
			return fa_cli_usage_error(&fa_cmd_rules, "unknown subcommand '%s' (did you "
						  "mean '%s'?)", sub, hint);
		return fa_cli_usage_error(&fa_cmd_rules,
					  "unknown subcommand '%s' (list, check, explain, lint)",
					  sub);
	}
	optind = 0;
	while ((c = getopt_long(argc - 1, argv + 1, "r:f:s:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'r':
			paths = fa_xreallocarray(paths, npaths + 1, sizeof(*paths));
			paths[npaths++] = optarg;
			break;
		case 'f':
			format = optarg;
			break;
		case 'p':
			policy = optarg;
			break;
		case 's':
			snapshot = optarg;
			break;
		case 'S':
			strict = true;
			break;
		case 'h':
			fputs(fa_rules_usage, stdout);
			goto out;
		default:
			code = fa_cli_option_error(&fa_cmd_rules, argv + 1, longopts);
			goto out;
		}
	}
	if ((snapshot || strict) && strcmp(sub, "check") != 0) {
		code = fa_cli_usage_error(&fa_cmd_rules, "-s and --strict go with 'rules check'");
		goto out;
	}
	if (strict && !snapshot) {
		code = fa_cli_usage_error(&fa_cmd_rules, "--strict needs a snapshot to check the "
					  "rules against (-s SNAPSHOT)");
		goto out;
	}
	if (strcmp(sub, "lint") == 0) {
		if (optind >= argc - 1 || npaths) {
			code = fa_cli_usage_error(&fa_cmd_rules, "lint takes the pack files to check");
			goto out;
		}
		code = fa_rules_lint(argv + 1 + optind, argc - 1 - optind);
		goto out;
	}
	if (strcmp(sub, "explain") == 0 ? optind != argc - 2 : optind < argc - 1) {
		code = fa_cli_usage_error(&fa_cmd_rules, strcmp(sub, "explain") == 0 ?
					  "explain takes one rule id" : "unexpected argument");
		goto out;
	}
	if (strcmp(format, "text") != 0 && strcmp(format, "json") != 0 &&
	    strcmp(format, "markdown") != 0) {
		code = fa_cli_usage_error(&fa_cmd_rules, "unknown format '%s' (text, json, markdown)",
					  format);
		goto out;
	}
	rs = fa_ruleset_new();
	if (npaths == 0) {
		paths = fa_xreallocarray(paths, 1, sizeof(*paths));
		paths[npaths++] = fa_rules_default_path();
	}
	for (i = 0; i < npaths; i++) {
		rc = fa_ruleset_load(rs, paths[i], &err);
		if (rc < 0) {
			fa_cli_error(&err);
			code = fa_cli_exit_for(rc);
			goto out;
		}
	}
	if (policy && (rc = fa_ruleset_apply_policy(rs, policy, &err)) < 0) {
		fa_cli_error(&err);
		code = fa_cli_exit_for(rc);
		goto out;
	}
	if (strcmp(sub, "check") == 0) {
		rc = fa_ruleset_check_examples(rs, &err);
		if (rc < 0) {
			fa_cli_error(&err);
			code = FA_EXIT_DATAERR;
			goto out;
		}
		for (i = 0; i < rs->nrules; i++)
			nex += rs->rules[i]->nexamples;
		printf("%zu rules in %zu packs: all %zu examples hold\n", rs->nrules, rs->npacks,
		       nex);
		if (snapshot)
			code = fa_rules_check_snapshot(rs, snapshot, strict);
	} else if (strcmp(sub, "explain") == 0) {
		const struct fa_rule *r = fa_ruleset_find(rs, argv[argc - 1]);

		if (!r) {
			fa_rules_unknown_id(rs, argv[argc - 1]);
			code = FA_EXIT_DATAERR;
			goto out;
		}
		fa_rules_explain(r);
	} else if (strcmp(format, "json") == 0) {
		list = fa_ruleset_list_json(rs);
		fa_json_write_file(list, JSON_INDENT(2) | JSON_SORT_KEYS, stdout);
		fputc('\n', stdout);
		json_decref(list);
	} else if (strcmp(format, "markdown") == 0) {
		fa_rules_markdown(rs, &md);
		fwrite(md.buf, 1, md.len, stdout);
	} else {
		fa_rules_list_text(rs);
	}
out:
	fa_ruleset_free(rs);
	fa_buf_release(&md);
	free(paths);
	return code;
}

const struct fa_cmd fa_cmd_rules = {
	.name = "rules",
	.summary = "list, explain, check or lint rule packs",
	.usage = fa_rules_usage,
	.run = fa_cmd_rules_main,
};
