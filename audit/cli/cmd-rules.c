/* SPDX-License-Identifier: MIT */
/*
 * fabric-audit rules: look at rule packs without a snapshot.
 *
 *   rules list   the loaded rules (id, severity, scope, category, title), as text or JSON;
 *   rules check  load the packs strictly and run every rule's pass/fail examples, so a pack
 *                author (or CI) learns that a rule is wrong before it meets a fabric.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/cli/cmd.h"
#include "audit/engine.h"
#include "rules/rule.h"
#include "audit/util/xalloc.h"
#include "audit/util/banned.h"

static const char fa_rules_usage[] =
	"usage: fabric-audit rules list [-r PATH]... [--format text|json]\n"
	"       fabric-audit rules check [-r PATH]...\n"
	"\n"
	"Show or check rule packs.\n"
	"\n"
	"  list    print every loaded rule: id, severity, scope, category and title\n"
	"          (--format json adds pack, tags and rationale)\n"
	"  check   load the packs strictly and run each rule's pass/fail examples\n"
	"\n"
	"Options:\n"
	"  -r, --rules PATH     a rule pack file, or a folder of *.yaml/*.yml/*.json packs\n"
	"                       (repeatable; default: the shipped packs, or $FABRIC_AUDIT_RULES)\n"
	"  -f, --format FORMAT  text (default) or json (list only)\n"
	"  -h, --help           show this help\n"
	"\n"
	"Exit status: 0 ok, 64 usage, 65 a pack is invalid or an example does not hold.\n";

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

static int fa_cmd_rules_main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "rules", required_argument, NULL, 'r' },
		{ "format", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct fa_ruleset *rs = NULL;
	struct fa_err err = FA_ERR_INIT;
	const char **paths = NULL;
	const char *format = "text", *sub;
	size_t npaths = 0, i, nex = 0;
	json_t *list;
	int c, rc, code = FA_EXIT_CLEAN;

	if (argc < 2)
		return fa_cli_usage_error(&fa_cmd_rules, "name a subcommand: list or check");
	sub = argv[1];
	if (!strcmp(sub, "--help") || !strcmp(sub, "-h")) {
		fputs(fa_rules_usage, stdout);
		return FA_EXIT_CLEAN;
	}
	if (strcmp(sub, "list") != 0 && strcmp(sub, "check") != 0)
		return fa_cli_usage_error(&fa_cmd_rules, "unknown subcommand '%s' (list, check)",
					  sub);
	optind = 0;
	while ((c = getopt_long(argc - 1, argv + 1, "r:f:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'r':
			paths = fa_xreallocarray(paths, npaths + 1, sizeof(*paths));
			paths[npaths++] = optarg;
			break;
		case 'f':
			format = optarg;
			break;
		case 'h':
			fputs(fa_rules_usage, stdout);
			goto out;
		default:
			code = fa_cli_usage_error(&fa_cmd_rules, "bad option");
			goto out;
		}
	}
	if (optind < argc - 1) {
		code = fa_cli_usage_error(&fa_cmd_rules, "unexpected argument '%s'",
					  argv[optind + 1]);
		goto out;
	}
	if (strcmp(format, "text") != 0 && strcmp(format, "json") != 0) {
		code = fa_cli_usage_error(&fa_cmd_rules, "unknown format '%s' (text, json)",
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
	} else if (strcmp(format, "json") == 0) {
		list = fa_ruleset_list_json(rs);
		json_dumpf(list, stdout, JSON_INDENT(2) | JSON_SORT_KEYS);
		fputc('\n', stdout);
		json_decref(list);
	} else {
		fa_rules_list_text(rs);
	}
out:
	fa_ruleset_free(rs);
	free(paths);
	return code;
}

const struct fa_cmd fa_cmd_rules = {
	.name = "rules",
	.summary = "list rule packs, or check them and their examples",
	.usage = fa_rules_usage,
	.run = fa_cmd_rules_main,
};
