/* SPDX-License-Identifier: MIT */
/*
 * audit/util/yamljson.c: aliases.  Small anchors reused are shared values; what aliases
 * stand for is bounded (FA_YAML_MAX_ALIAS_VALUES), exactly at the limit a file loads and one
 * value over it is refused at the alias; an alias inside the node it names is refused.
 */
#include "config.h"

#include <string.h>

#include "audit/util/buf.h"
#include "audit/util/yamljson.h"
#include "tests/unit/unit.h"

/*
 * A file whose aliases stand for exactly FA_YAML_MAX_ALIAS_VALUES values: an anchored list
 * of 1000 values (the list and 999 items), aliased limit/1000 times; @extra adds more lines.
 */
static void fa_yj_at_limit(struct fa_buf *b, const char *extra)
{
	int i;

	fa_buf_adds(b, "a: &a [");
	for (i = 0; i < 999; i++)
		fa_buf_addf(b, "%sx", i ? ", " : "");
	fa_buf_adds(b, "]\nb: [");
	for (i = 0; i < FA_YAML_MAX_ALIAS_VALUES / 1000; i++)
		fa_buf_addf(b, "%s*a", i ? ", " : "");
	fa_buf_adds(b, "]\n");
	fa_buf_adds(b, extra);
}

START_TEST(yamljson_aliases_share_small_anchors)
{
	const char *text = "where: &host device.kind == 'host'\n"
			   "rules:\n"
			   "  - { id: a, where: *host, params: &p { mtu: 9216, prio: [3] } }\n"
			   "  - { id: b, where: *host, params: *p }\n";
	struct fa_err err = FA_ERR_INIT;
	json_t *root = NULL, *rules;

	ck_assert_int_eq(fa_yaml_parse("p.yaml", text, strlen(text), &root, NULL, &err), 0);
	rules = json_object_get(root, "rules");
	ck_assert_str_eq(json_string_value(json_object_get(json_array_get(rules, 1), "where")),
			 "device.kind == 'host'");
	ck_assert_msg(json_integer_value(json_object_get(
			      json_object_get(json_array_get(rules, 1), "params"), "mtu")) == 9216,
		      "An aliased mapping reads as the anchored one.");
	ck_assert_msg(json_object_get(json_array_get(rules, 0), "params") ==
			      json_object_get(json_array_get(rules, 1), "params"),
		      "An alias is the anchored value itself, not a copy.");
	json_decref(root);
}
END_TEST

START_TEST(yamljson_aliases_at_the_limit_load)
{
	struct fa_buf b = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	json_t *root = NULL;

	ck_assert_int_eq(FA_YAML_MAX_ALIAS_VALUES % 1000, 0);
	fa_yj_at_limit(&b, "s: &s 1\n");
	ck_assert_msg(fa_yaml_parse("limit.yaml", b.buf, b.len, &root, NULL, &err) == 0,
		      "Aliases standing for exactly the limit load (%s).", err.msg);
	ck_assert_int_eq(json_array_size(json_object_get(root, "b")),
			 FA_YAML_MAX_ALIAS_VALUES / 1000);
	json_decref(root);
	fa_buf_release(&b);
}
END_TEST

START_TEST(yamljson_aliases_over_the_limit_are_refused_at_the_alias)
{
	struct fa_buf b = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	json_t *root = NULL;

	/* one scalar more than the limit, from the alias on line 4 */
	fa_yj_at_limit(&b, "s: &s 1\nc: *s\n");
	ck_assert_int_eq(fa_yaml_parse("bomb.yaml", b.buf, b.len, &root, NULL, &err),
			 -FA_ETOOBIG);
	ck_assert_msg(root == NULL, "Nothing is returned from a refused file.");
	ck_assert_msg(!strcmp(err.source, "bomb.yaml") && err.line == 4 && err.column == 4,
		      "The error is at the alias that went over, bomb.yaml:4:4 (got %s:%d:%d).",
		      err.source, err.line, err.column);
	ck_assert_msg(strstr(err.msg, "alias") != NULL, "The message names aliases: %s",
		      err.msg);
	fa_buf_release(&b);
}
END_TEST

START_TEST(yamljson_nested_alias_bomb_is_refused)
{
	/* nine levels of ten aliases: 10^9 values from about 500 bytes */
	struct fa_buf b = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	json_t *root = NULL;
	char c;
	int i;

	fa_buf_adds(&b, "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
	for (c = 'b'; c <= 'i'; c++) {
		fa_buf_addf(&b, "%c: &%c [", c, c);
		for (i = 0; i < 10; i++)
			fa_buf_addf(&b, "%s*%c", i ? ", " : "", c - 1);
		fa_buf_adds(&b, "]\n");
	}
	ck_assert_int_eq(fa_yaml_parse("lol.yaml", b.buf, b.len, &root, NULL, &err),
			 -FA_ETOOBIG);
	/* level f goes over: b..e stand for 123,440 values, f's aliases 111,111 each */
	ck_assert_msg(err.line == 6, "Refused on the line that goes over, 6 (got %d).", err.line);
	fa_buf_release(&b);
}
END_TEST

START_TEST(yamljson_alias_inside_its_own_node_is_refused)
{
	const char *text = "a: &a [1, *a]\n";
	struct fa_err err = FA_ERR_INIT;
	json_t *root = NULL;

	ck_assert_int_eq(fa_yaml_parse("cycle.yaml", text, strlen(text), &root, NULL, &err),
			 -FA_EPARSE);
	ck_assert_msg(err.line == 1 && err.column == 11 && strstr(err.msg, "cycle"),
		      "A cycle is refused at its alias, 1:11 (got %d:%d: %s).", err.line,
		      err.column, err.msg);
}
END_TEST

Suite *fa_yamljson_suite(void)
{
	Suite *s = suite_create("yamljson");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, yamljson_aliases_share_small_anchors);
	tcase_add_test(tc, yamljson_aliases_at_the_limit_load);
	tcase_add_test(tc, yamljson_aliases_over_the_limit_are_refused_at_the_alias);
	tcase_add_test(tc, yamljson_nested_alias_bomb_is_refused);
	tcase_add_test(tc, yamljson_alias_inside_its_own_node_is_refused);
	suite_add_tcase(s, tc);
	return s;
}
