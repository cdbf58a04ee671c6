/* SPDX-License-Identifier: MIT */
/*
 * Cabling plans (CSV and DOT), waiver files and site policies: what they read, and the
 * file:line:column of every mistake.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "audit/engine.h"
#include "rules/plan.h"
#include "rules/rule.h"
#include "rules/waiver.h"
#include "tests/unit/unit.h"

START_TEST(plan_csv_and_dot_read_the_same_links)
{
	const char *const files[] = { "tests/fixtures/rules/plan-clos.csv",
				      "tests/fixtures/rules/plan-clos.dot" };
	struct fa_err err = FA_ERR_INIT;
	struct fa_plan *p[2] = { NULL, NULL };
	size_t k, i;

	for (k = 0; k < 2; k++)
		ck_assert_msg(fa_plan_load(fa_test_srcfile(files[k]), &p[k], &err) == 0,
			      "%s loads (%s).", files[k], err.msg);
	ck_assert_int_eq(p[0]->n, 8);
	ck_assert_int_eq(p[1]->n, 8);
	for (i = 0; i < p[0]->n; i++) {
		const struct fa_plan_link *a = &p[0]->links[i], *b = &p[1]->links[i];

		ck_assert_msg(!strcmp(a->a_device, b->a_device) && !strcmp(a->a_port, b->a_port) &&
			      !strcmp(a->b_device, b->b_device) && !strcmp(a->b_port, b->b_port) &&
			      a->length_m == b->length_m &&
			      !strcmp(a->cable_type ? a->cable_type : "", b->cable_type ?
				      b->cable_type : ""),
			      "Planned link %zu is the same in CSV and DOT.", i);
	}
	ck_assert_str_eq(p[0]->links[0].a_device, "gpu1");
	ck_assert_str_eq(p[0]->links[0].cable_type, "DAC");
	ck_assert_msg(p[0]->links[1].length_m == 2.5, "Lengths keep their fraction.");
	ck_assert_msg(p[0]->links[3].length_m < 0 && !p[0]->links[3].cable_type,
		      "A link without cable data has none.");
	ck_assert_int_eq(p[0]->links[0].line, 3);
	ck_assert_int_eq(p[1]->links[5].line, 8);
	fa_plan_free(p[0]);
	fa_plan_free(p[1]);
}
END_TEST

static const struct {
	const char *text;
	int line, column;
	const char *words;
} fa_plan_errors[] = {
	{ "a,b,c\n", 1, 1, "found 3 fields" },
	{ "# c\nx,p1,y,p2\nx,p1,z,p3\n", 3, 1, "x:p1 is planned twice (first on line 2)" },
	{ "x,p1,x,p1\n", 1, 1, "planned to be cabled to itself" },
	{ "x,p1,y,p2,dac,long\n", 1, 15, "length_m 'long' is not a length" },
	{ "x,p1,y,p2,dac,-1\n", 1, 15, "is not a length" },
	{ "x,,y,p2\n", 1, 1, "needs a device and a port" },
	{ "graph g {\n  \"a\":\"p\" -- \"b\";\n}\n", 2, 14, "edge end 'b' has no port" },
	{ "graph g {\n  a:p -- b:q\n", 3, 1, "not closed" },
	{ "graph g {\n  subgraph s { a:p -- b:q }\n}\n", 2, 3, "subgraphs are not supported" },
	{ "graph g {\n  a:p -- b:q [length_m=x];\n}\n", 2, 3, "length_m 'x' is not a length" },
	{ "graph g {\n  \"a:p -- b:q;\n}\n", 2, 3, "unterminated string" },
	{ "graph g { a:p -- b:q; } x", 1, 25, "text after the end of the graph" },
	{ "graph g { a:p -- ; }", 1, 18, "expected a node after an edge operator" },
	{ "x,p\0,y,p2\n", 0, 0, "text, not binary" },
};

START_TEST(plan_errors_name_line_and_column)
{
	const char *text = fa_plan_errors[_i].text;
	size_t len = strlen(text) + (strstr(fa_plan_errors[_i].words, "binary") ? 7 : 0);
	struct fa_err err = FA_ERR_INIT;
	struct fa_plan *p = NULL;

	ck_assert_msg(fa_plan_parse("plan", text, len, &p, &err) == -FA_EPARSE,
		      "Plan %d is refused.", _i);
	ck_assert_msg(p == NULL, "A refused plan returns nothing.");
	ck_assert_msg(err.line == fa_plan_errors[_i].line && err.column == fa_plan_errors[_i].column,
		      "Plan %d's error is at %d:%d, not %d:%d (%s).", _i, fa_plan_errors[_i].line,
		      fa_plan_errors[_i].column, err.line, err.column, err.msg);
	ck_assert_msg(strstr(err.msg, fa_plan_errors[_i].words) != NULL,
		      "Plan %d's error says '%s' (it says '%s').", _i, fa_plan_errors[_i].words,
		      err.msg);
}
END_TEST

START_TEST(plan_empty_and_header_only_are_empty_plans)
{
	const char *const texts[] = { "", "\n\n# nothing planned yet\n",
				      "a_device,a_port,b_device,b_port\n", "graph g {}\n",
				      "strict graph { node [shape=box]; rankdir=LR; }" };
	struct fa_err err = FA_ERR_INIT;
	struct fa_plan *p = NULL;
	size_t i;

	for (i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		ck_assert_msg(fa_plan_parse("plan", texts[i], strlen(texts[i]), &p, &err) == 0,
			      "'%s' is a plan (%s).", texts[i], err.msg);
		ck_assert_msg(p->n == 0, "'%s' plans no link.", texts[i]);
		fa_plan_free(p);
	}
	ck_assert_int_eq(fa_plan_load("/nonexistent/plan.csv", &p, &err), -FA_ENOENT);
}
END_TEST

static const struct {
	const char *text;
	int line;
	const char *words;
} fa_waiver_errors[] = {
	{ "- rule: x\n", 1, "a mapping with a 'waivers' list" },
	{ "waivers: []\nextra: 1\n", 2, "unknown key 'extra'" },
	{ "waivers:\n  - rule: x\n    reason: r\n", 2, "a waiver needs 'expires'" },
	{ "waivers:\n  - rule: x\n    reason: r\n    expires: 2026-02-30\n", 4,
	  "expires '2026-02-30' is not a date" },
	{ "waivers:\n  - rule: x\n    reason: ''\n    expires: 2026-02-01\n", 3,
	  "'reason' must be a non-empty string" },
	{ "waivers:\n  - rule: x\n    reson: r\n    expires: 2026-02-01\n", 3,
	  "unknown key 'reson' in a waiver" },
	{ "waivers: [ 3 ]\n", 1, "a waiver is a mapping" },
};

START_TEST(plan_waiver_files_are_strict)
{
	struct fa_err err = FA_ERR_INIT;
	struct fa_waivers *w = NULL;
	const char *text = fa_waiver_errors[_i].text;

	ck_assert_msg(fa_waivers_parse("w.yaml", text, strlen(text), &w, &err) == -FA_EPARSE,
		      "Waiver file %d is refused.", _i);
	ck_assert_msg(err.line == fa_waiver_errors[_i].line,
		      "Waiver file %d's error is on line %d, not %d (%s).", _i,
		      fa_waiver_errors[_i].line, err.line, err.msg);
	ck_assert_msg(strstr(err.msg, fa_waiver_errors[_i].words) != NULL,
		      "Waiver file %d's error says '%s' (it says '%s').", _i,
		      fa_waiver_errors[_i].words, err.msg);
}
END_TEST

START_TEST(plan_waiver_expiry_and_match)
{
	static const char text[] = "waivers:\n  - rule: 'pfc.*'\n    subject: 'leaf0?:swp3'\n"
				   "    reason: r\n    expires: 2024-02-29\n";
	struct fa_err err = FA_ERR_INIT;
	struct fa_waivers *w = NULL;

	ck_assert_int_eq(fa_waivers_parse("w.yaml", text, strlen(text), &w, &err), 0);
	ck_assert_msg(!fa_waiver_is_expired(&w->v[0], 1709251199),
		      "A waiver applies through its last day (2024-02-29 23:59:59 UTC).");
	ck_assert_msg(fa_waiver_is_expired(&w->v[0], 1709251200),
		      "A waiver has expired the day after (2024-03-01 00:00 UTC).");
	ck_assert_msg(fa_waiver_matches(&w->v[0], "pfc.link.equal", "leaf02:swp3"),
		      "Rule and subject globs match.");
	ck_assert_msg(!fa_waiver_matches(&w->v[0], "pfc.link.equal", "leaf02:swp33") &&
		      !fa_waiver_matches(&w->v[0], "mtu.rdma.jumbo", "leaf02:swp3"),
		      "Both globs must match the whole text.");
	fa_waivers_free(w);
}
END_TEST

static char *fa_write_tmp(const char *text)
{
	char *path = strdup("/tmp/fa-policy-XXXXXX");
	int fd = mkstemp(path);
	FILE *f;

	ck_assert_msg(fd >= 0, "A temporary file can be made.");
	f = fdopen(fd, "w");
	fputs(text, f);
	fclose(f);
	return path;
}

START_TEST(plan_policy_overrides_and_selects)
{
	struct fa_ruleset *rs = fa_ruleset_new();
	struct fa_err err = FA_ERR_INIT;
	char *good = fa_write_tmp("params:\n  lossless_priority: 4\nskip: ['plan.*']\n");
	char *bad = fa_write_tmp("params:\n  lossless_prio: 4\n");
	char *badtype = fa_write_tmp("params:\n  lossless_priority: four\n");
	char *badkey = fa_write_tmp("parms: {}\n");

	ck_assert_int_eq(fa_ruleset_load(rs, fa_test_srcfile("tests/fixtures/rules/"
							     "scopes-pack.yaml"), &err), 0);
	ck_assert_msg(fa_ruleset_apply_policy(rs, good, &err) == 0, "The policy applies (%s).",
		      err.msg);
	ck_assert_int_eq(json_integer_value(json_object_get(rs->packs[0]->params,
							    "lossless_priority")), 4);
	ck_assert_msg(!fa_ruleset_find(rs, "plan.status") && fa_ruleset_find(rs, "path.pfc"),
		      "The policy's skip drops the plan rules only.");
	ck_assert_int_eq(fa_ruleset_apply_policy(rs, bad, &err), -FA_EPARSE);
	ck_assert_msg(err.line == 2 && strstr(err.msg, "no loaded rule pack has a parameter "
					      "'lossless_prio'"),
		      "An unknown parameter is an error at its line (%d: %s).", err.line, err.msg);
	ck_assert_int_eq(fa_ruleset_apply_policy(rs, badtype, &err), -FA_EPARSE);
	ck_assert_msg(strstr(err.msg, "type of its default") != NULL,
		      "A value of another type is refused (%s).", err.msg);
	ck_assert_int_eq(fa_ruleset_apply_policy(rs, badkey, &err), -FA_EPARSE);
	ck_assert_msg(strstr(err.msg, "unknown key 'parms'") != NULL,
		      "An unknown key is refused (%s).", err.msg);
	unlink(good);
	unlink(bad);
	unlink(badtype);
	unlink(badkey);
	free(good);
	free(bad);
	free(badtype);
	free(badkey);
	fa_ruleset_free(rs);
}
END_TEST

Suite *fa_plan_suite(void)
{
	Suite *s = suite_create("plan");
	TCase *tc = tcase_create("plan");

	tcase_add_test(tc, plan_csv_and_dot_read_the_same_links);
	tcase_add_loop_test(tc, plan_errors_name_line_and_column, 0,
			    sizeof(fa_plan_errors) / sizeof(fa_plan_errors[0]));
	tcase_add_test(tc, plan_empty_and_header_only_are_empty_plans);
	tcase_add_loop_test(tc, plan_waiver_files_are_strict, 0,
			    sizeof(fa_waiver_errors) / sizeof(fa_waiver_errors[0]));
	tcase_add_test(tc, plan_waiver_expiry_and_match);
	tcase_add_test(tc, plan_policy_overrides_and_selects);
	suite_add_tcase(s, tc);
	return s;
}
