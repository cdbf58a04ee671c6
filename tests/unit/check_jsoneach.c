/* SPDX-License-Identifier: MIT */
/*
 * Member-by-member JSON reading (drivers/text/jsoneach.h) and the parse budget
 * (drivers/parse.h): members come in order with their keys, text jansson refuses is refused
 * with the line of the fault, a cut text hands over no member, and a budget that runs out
 * stops a long output between members.  fa_json_each_in() walks the members at a path;
 * fa_json_loadb() answers as json_loadb().
 */
#include "config.h"

#include <string.h>

#include "audit/model.h"
#include "audit/util/buf.h"
#include "drivers/cumulus/parse-cumulus.h"
#include "drivers/parse.h"
#include "drivers/text/jsoneach.h"
#include "drivers/text/jsonload.h"
#include "tests/unit/unit.h"

struct fa_t_seen {
	size_t n;
	char keys[8][16];
	json_int_t values[8];
	size_t stop_at;		/* return -FA_EINVAL at this member (0: never) */
};

static int fa_t_member(void *ctx, const char *key, size_t index, json_t *value,
		       struct fa_err *err)
{
	struct fa_t_seen *s = ctx;

	(void)err;
	ck_assert_uint_eq(index, s->n);
	if (s->stop_at && index + 1 == s->stop_at)
		return -FA_EINVAL;
	if (s->n < 8) {
		snprintf(s->keys[s->n], sizeof(s->keys[0]), "%s", key ? key : "(none)");
		s->values[s->n] = json_integer_value(json_object_get(value, "v"));
	}
	s->n++;
	return 0;
}

static int fa_t_each(const char *text, size_t flags, struct fa_t_seen *s,
		     enum fa_json_each_kind *kind, json_error_t *jerr)
{
	memset(jerr, 0, sizeof(*jerr));
	return fa_json_each(text, strlen(text), flags, fa_t_member, s, kind, jerr, NULL);
}

START_TEST(jsoneach_members_in_order)
{
	struct fa_t_seen s = { 0 };
	enum fa_json_each_kind kind;
	json_error_t jerr;

	ck_assert_int_eq(fa_t_each(" [ {\"v\": 1},\n{\"v\": [2, \"]\"], \"w\": 2} ,{\"v\":3}]\n", 0,
				   &s, &kind, &jerr), 0);
	ck_assert_int_eq(kind, FA_JSON_EACH_ARRAY);
	ck_assert_uint_eq(s.n, 3);
	ck_assert_str_eq(s.keys[0], "(none)");
	ck_assert_msg(s.values[0] == 1 && s.values[2] == 3, "Array members come in order.");

	memset(&s, 0, sizeof(s));
	ck_assert_int_eq(fa_t_each("{\"swp1\": {\"v\": 10}, \"sw\\u00e9p\\\"2\": {\"v\": 20}}", 0,
				   &s, &kind, &jerr), 0);
	ck_assert_int_eq(kind, FA_JSON_EACH_OBJECT);
	ck_assert_uint_eq(s.n, 2);
	ck_assert_str_eq(s.keys[0], "swp1");
	ck_assert_msg(strcmp(s.keys[1], "sw\xc3\xa9p\"2") == 0,
		      "An escaped key is decoded as jansson decodes it: %s", s.keys[1]);
	ck_assert_msg(s.values[1] == 20, "Object members keep their values.");

	memset(&s, 0, sizeof(s));
	ck_assert_int_eq(fa_t_each("[]", 0, &s, &kind, &jerr), 0);
	ck_assert_msg(s.n == 0 && kind == FA_JSON_EACH_ARRAY, "An empty list has no member.");
	ck_assert_int_eq(fa_t_each("\"text\"", JSON_DECODE_ANY, &s, &kind, &jerr), 0);
	ck_assert_msg(kind == FA_JSON_EACH_OTHER, "A string is neither list nor object.");
	ck_assert_int_eq(fa_t_each("\"text\"", 0, &s, &kind, &jerr), -FA_EPARSE);
}
END_TEST

START_TEST(jsoneach_refuses_what_jansson_refuses)
{
	static const char *const bad[] = {
		"[{\"v\": 1}, {\"v\": 2}",		/* cut */
		"[{\"v\": 1},, {\"v\": 2}]",		/* two commas */
		"[{\"v\": 1}, {\"v\": 2},]",		/* trailing comma */
		"{\"a\": {\"v\": 1} \"b\": {}}",	/* no comma */
		"{\"a\" {\"v\": 1}}",			/* no colon */
		"[{\"v\": 1}] x",			/* text after the end */
		"[{\"v\": 1}, {\"v\": 2]}",		/* brackets crossed */
		"[{\"v\": 1}, {\"v\": \"unterminated}]",
	};
	struct fa_t_seen s = { 0 };
	json_error_t jerr;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		memset(&s, 0, sizeof(s));
		ck_assert_msg(fa_t_each(bad[i], 0, &s, NULL, &jerr) == -FA_EPARSE,
			      "'%s' is refused.", bad[i]);
		ck_assert_msg(json_loadb(bad[i], strlen(bad[i]), 0, NULL) == NULL,
			      "jansson refuses '%s' too.", bad[i]);
		ck_assert_msg(s.n == 0, "'%s': no member is handed over before the refusal.",
			      bad[i]);
		ck_assert_msg(jerr.text[0], "'%s': the reason is given.", bad[i]);
	}
	/* a fault only jansson sees, inside the third member on line 3 */
	memset(&s, 0, sizeof(s));
	ck_assert_int_eq(fa_t_each("[\n{\"v\": 1},\n  {\"v\": 2}, {\"v\": tru}\n]", 0, &s, NULL,
				   &jerr), -FA_EPARSE);
	ck_assert_msg(jerr.line == 3, "The line is counted from the start: %d", jerr.line);
	ck_assert_uint_eq(s.n, 2);
	/* the callback stops the walk */
	memset(&s, 0, sizeof(s));
	s.stop_at = 2;
	ck_assert_int_eq(fa_t_each("[{\"v\":1},{\"v\":2},{\"v\":3}]", 0, &s, NULL, &jerr),
			 -FA_EINVAL);
	ck_assert_uint_eq(s.n, 1);
}
END_TEST

/* EOS's {"interfaces": {...}}: only the named member's members, in order, the rest skipped. */
START_TEST(jsoneach_in_walks_one_member)
{
	static const char text[] = "{\"other\": {\"x\": {\"v\": 9}},\n \"interfaces\": "
				   "{\"Ethernet1\": {\"v\": 1}, \"Ethernet2\": {\"v\": 2}}, "
				   "\"tail\": [1, 2]}";
	struct fa_t_seen s = { 0 };
	enum fa_json_each_kind kind;
	json_error_t jerr;

	ck_assert_int_eq(fa_json_each_in(text, strlen(text), "interfaces", 0, fa_t_member, &s,
					 &kind, &jerr, NULL), 0);
	ck_assert_int_eq(kind, FA_JSON_EACH_OBJECT);
	ck_assert_msg(s.n == 2, "Only the members of \"interfaces\" are handed over: %zu", s.n);
	ck_assert_str_eq(s.keys[0], "Ethernet1");
	ck_assert_msg(s.values[1] == 2, "They keep their values.");

	memset(&s, 0, sizeof(s));
	ck_assert_int_eq(fa_json_each_in(text, strlen(text), "missing", 0, fa_t_member, &s, &kind,
					 &jerr, NULL), 0);
	ck_assert_msg(kind == FA_JSON_EACH_MISSING && s.n == 0, "No such member: none read.");
	ck_assert_int_eq(fa_json_each_in("{\"interfaces\": 3}", 17, "interfaces", 0, fa_t_member,
					 &s, &kind, &jerr, NULL), 0);
	ck_assert_msg(kind == FA_JSON_EACH_OTHER && s.n == 0, "A number has no member.");
	ck_assert_int_eq(fa_json_each_in("[{\"interfaces\": {}}]", 20, "interfaces", 0, fa_t_member,
					 &s, &kind, &jerr, NULL), 0);
	ck_assert_msg(kind == FA_JSON_EACH_MISSING, "A list at the top has no member by name.");
	ck_assert_int_eq(fa_json_each_in("3", 1, "interfaces", JSON_DECODE_ANY, fa_t_member, &s,
					 &kind, &jerr, NULL), 0);
	ck_assert_msg(kind == FA_JSON_EACH_MISSING, "A number at the top has no member by name.");

	/* a path: NX-OS's rows, duplicate keys in a row refused as asked */
	memset(&s, 0, sizeof(s));
	ck_assert_int_eq(fa_json_each_in("{\"TABLE_x\": {\"ROW_x\": [{\"v\": 7}, {\"v\": 8}]}}",
					 44, "TABLE_x/ROW_x", JSON_REJECT_DUPLICATES,
					 fa_t_member, &s, &kind, &jerr, NULL), 0);
	ck_assert_msg(kind == FA_JSON_EACH_ARRAY && s.n == 2 && s.values[1] == 8,
		      "The rows at the path are handed over in order.");
	ck_assert_int_eq(fa_json_each_in("{\"TABLE_x\": [{\"ROW_x\": []}]}", 28, "TABLE_x/ROW_x",
					 0, fa_t_member, &s, &kind, &jerr, NULL), 0);
	ck_assert_msg(kind == FA_JSON_EACH_MISSING, "A path goes through objects only.");
	ck_assert_int_eq(fa_json_each_in("{\"T\": {\"R\": [{\"v\": 1, \"v\": 2}]}}", 32, "T/R",
					 JSON_REJECT_DUPLICATES, fa_t_member, &s, &kind, &jerr,
					 NULL), -FA_EPARSE);
	ck_assert_msg(strstr(jerr.text, "duplicate"), "jansson's reason: %s", jerr.text);

	/* a cut text is refused before any member is handed over, its line counted */
	memset(&s, 0, sizeof(s));
	ck_assert_int_eq(fa_json_each_in(text, strlen(text) - 1, "interfaces", 0, fa_t_member, &s,
					 &kind, &jerr, NULL), -FA_EPARSE);
	ck_assert_msg(s.n == 0 && jerr.line == 2, "Refused at line %d with %zu read", jerr.line,
		      s.n);
}
END_TEST

/* fa_json_loadb() is json_loadb(): the same values, the same refusals, duplicates kept last. */
START_TEST(jsonload_is_json_loadb)
{
	static const struct {
		const char *text;
		size_t flags;
	} cases[] = {
		{ "{\"a\": [1, 2.5, \"x\\u00e9\", true, null], \"b\": {}}", 0 },
		{ "{\"a\": 1, \"a\": 2}", 0 },			/* kept last */
		{ "{\"a\": 1, \"a\": 2}", JSON_REJECT_DUPLICATES },	/* refused */
		{ "\"text\"", 0 },					/* refused */
		{ "\"text\"", JSON_DECODE_ANY },
		{ "[\"\\u0000\"]", 0 },				/* refused */
		{ "[1, 2", 0 },
		{ "[99999999999999999999]", 0 },
		{ "", 0 },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *t = cases[i].text;
		json_error_t e1, e2;
		json_t *want = json_loadb(t, strlen(t), cases[i].flags, &e1);
		json_t *got = fa_json_loadb(t, strlen(t), cases[i].flags, &e2);

		ck_assert_msg(!want == !got, "'%s': both accept or both refuse", t);
		ck_assert_msg(!want || json_equal(want, got), "'%s': the same value", t);
		ck_assert_msg(want || (e1.line == e2.line && strcmp(e1.text, e2.text) == 0),
			      "'%s': the same error (%s / %s)", t, e1.text, e2.text);
		json_decref(want);
		json_decref(got);
	}
}
END_TEST

/* A budget far too small for 50,000 interfaces stops the parser between members. */
START_TEST(jsoneach_parse_budget_stops_a_long_output)
{
	struct fa_buf b = FA_BUF_INIT;
	struct fa_capture cap = FA_CAPTURE_INIT;
	struct fa_err err = FA_ERR_INIT;
	json_t *d = fa_device_new("leaf01", "switch");
	size_t i, n = 50000;

	fa_buf_adds(&b, "{");
	for (i = 0; i < n; i++)
		fa_buf_addf(&b, "%s\"swp%zu\":{\"type\":\"swp\",\"link\":{\"mtu\":9216}}",
			    i ? "," : "", i + 1);
	fa_buf_adds(&b, "}\n");
	cap.device = "leaf01";
	cap.command = "nv show interface -o json";
	cap.data = b.buf;
	cap.len = b.len;
	fa_device_index_begin(d);
	fa_parse_budget_begin(1e-4);
	ck_assert_int_eq(fa_parse_output(fa_parse_cumulus_interface, &cap, d, &err),
			 -FA_ETIMEOUT);
	ck_assert_msg(strstr(err.msg, "over the parse budget"), "The budget is named: %s",
		      err.msg);
	ck_assert_msg(json_array_size(json_object_get(d, "ports")) < n,
		      "The parser stopped before the end.");
	/* spent: the next output is not parsed at all */
	ck_assert_int_eq(fa_parse_output(fa_parse_cumulus_interface, &cap, d, &err),
			 -FA_ETIMEOUT);
	fa_parse_budget_begin(0);
	ck_assert_int_eq(fa_parse_output(fa_parse_cumulus_interface, &cap, d, &err), 0);
	ck_assert_uint_eq(json_array_size(json_object_get(d, "ports")), n);
	fa_device_index_end(d);
	json_decref(d);
	fa_buf_release(&b);
}
END_TEST

Suite *fa_jsoneach_suite(void)
{
	Suite *s = suite_create("jsoneach");
	TCase *tc = tcase_create("jsoneach");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, jsoneach_members_in_order);
	tcase_add_test(tc, jsoneach_refuses_what_jansson_refuses);
	tcase_add_test(tc, jsoneach_parse_budget_stops_a_long_output);
	tcase_add_test(tc, jsoneach_in_walks_one_member);
	tcase_add_test(tc, jsonload_is_json_loadb);
	suite_add_tcase(s, tc);
	return s;
}
