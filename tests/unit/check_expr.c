/* SPDX-License-Identifier: MIT */
/* The rule expression language: operators, functions, three-valued logic, errors. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "rules/expr.h"
#include "rules/memo.h"
#include "rules/root-keys.h"
#include "rules/value-class.h"
#include "tests/unit/unit.h"

/* The bindings most cases read: a device, one of its ports, and pack parameters. */
static const char fa_bindings_text[] =
	"{ \"device\": { \"name\": \"leaf01\", \"kind\": \"switch\" },"
	"  \"port\": { \"name\": \"swp1\", \"mtu\": 9216, \"admin_state\": \"up\","
	"    \"nic\": { \"psid\": \"MT_0000000838\", \"firmware\": \"28.39.1002\" },"
	"    \"qos\": { \"pfc_enabled\": [3, 4], \"priority_to_tc\": [0, 0, 0, 3, 0, 0, 6, 0],"
	"               \"trust\": \"dscp\" },"
	"    \"odd-key\": \"x\" },"
	"  \"params\": { \"lossless_priority\": 3, \"jumbo\": 4200 } }";

static const unsigned fa_roots_port = FA_ROOT_BIT(FA_ROOT_PARAMS) | FA_ROOT_BIT(FA_ROOT_DEVICE) |
				      FA_ROOT_BIT(FA_ROOT_PORT);

static json_t *fa_bindings(void)
{
	json_error_t je;
	json_t *b = json_loads(fa_bindings_text, 0, &je);

	ck_assert_msg(b != NULL, "The test bindings are valid JSON (%s).", je.text);
	return b;
}

static void fa_bind(struct fa_eval *ev, const json_t *b)
{
	ev->root[FA_ROOT_DEVICE] = json_object_get(b, "device");
	ev->root[FA_ROOT_PORT] = json_object_get(b, "port");
	ev->root[FA_ROOT_PARAMS] = json_object_get(b, "params");
}

/* Parse @text (it must parse) and test it against the standard bindings. */
static enum fa_tri fa_test_expr(const char *text, struct fa_eval *ev)
{
	struct fa_expr_opts opts = { fa_roots_port, false, NULL, false, false };
	struct fa_err err = FA_ERR_INIT;
	struct fa_expr *e = NULL;
	json_t *b = fa_bindings();
	static char missing[200];
	enum fa_tri t;

	ck_assert_msg(fa_expr_parse(text, &opts, &e, &err) == 0,
		      "'%s' parses (column %d: %s).", text, err.column, err.msg);
	fa_bind(ev, b);
	t = fa_expr_test(e, ev);
	/* The missing path lives in the expression, which goes now. */
	if (ev->missing) {
		snprintf(missing, sizeof(missing), "%s", ev->missing);
		ev->missing = missing;
	}
	fa_expr_free(e);
	json_decref(b);
	return t;
}

static const char *const fa_true_cases[] = {
	/* literals and comparisons */
	"1 == 1", "1 == 1.0", "'a' == \"a\"", "1 != 2", "2 < 3", "3 <= 3", "4 > 3", "4 >= 4",
	"'abc' < 'abd'", "[1, 2] == [1, 2]", "[1, 2] < [1, 3]", "null == null", "true != false",
	"'it\\'s' == \"it's\"", "1 != 'a'", "-2 < 1", "1.5 > 1",
	/* arithmetic and strings */
	"1 + 2 * 3 == 7", "(1 + 2) * 3 == 9", "7 / 2 == 3.5", "6 / 2 == 3", "10 - 4 - 3 == 3",
	"-3 + 5 == 2", "-(2 + 1) == -3", "'mlx5' + '_0' == 'mlx5_0'", "port.mtu - 16 == 9200",
	/* membership and regexes */
	"3 in [1, 2, 3]", "4 not in [1, 2, 3]", "'lo' in 'hello'", "'x' not in 'hello'",
	"'mtu' in port", "'abc' matches '^a.c$'", "not ('abd' matches '^a.c$')",
	"port.nic.psid matches '^MT_[0-9]+$'", "[port.mtu, 1] == [9216, 1]",
	/* logic */
	"not false", "true and true", "false or true", "not (true and false)",
	/* every function of ops.def but uniform (see check_engine.c) */
	"count([true, false, true, null, 0]) == 3", "exists(port.mtu)", "not exists(port.nope)",
	"len('abc') == 3", "len([1, 2]) == 2", "len(port.qos) == 3", "lower('ETH') == 'eth'",
	"speed(400000000000) == '400G'", "speed(2500000000) == '2.5G'",
	"speed(100000000) == '100M'", "speed(999) == '999'",
	"max([3, 1, 2]) == 3", "min([3, 1, 2]) == 1", "max(['b', 'a']) == 'b'",
	"subset([1, 3], [1, 2, 3])", "not subset([1, 4], [1, 2, 3])", "subset([], [1])",
	"sum([1, 2, 3]) == 6", "sum([]) == 0", "sum([1, 0.5]) == 1.5",
	"version('28.39.1002') < version('28.41.1000')",
	/* paths */
	"port.mtu == 9216", "port.qos.pfc_enabled[0] == 3", "port.qos.pfc_enabled[1 + 0] == 4",
	"port.qos.priority_to_tc[params.lossless_priority] == 3", "port['mtu'] == 9216",
	"port['odd-key'] == 'x'", "port.qos.pfc_enabled[2 / 2] == 4",
	"port.qos.pfc_enabled[1.0] == 4", "params.lossless_priority in port.qos.pfc_enabled",
	"device.kind == 'switch' and port.qos.trust == 'dscp'", "port.mtu >= params.jumbo",
	/* functions over lists */
	"all([true, true])", "not all([true, false])", "all([])", "any([false, true])",
	"not any([])", "duplicates([3, 1, 3, 2, 1, 3]) == [1, 3]", "duplicates([1, 2]) == []",
	"unique([3, 1, 3]) == [1, 3]", "flatten([[1], [2, 3], 4]) == [1, 2, 3, 4]",
	"above([0, 5, 0, 1200, 3], 1000) == [3]", "above([0.5, 2, 1], 1) == [1]",
	"above([1, 2], 2) == []", "above([], 1) == []", "below([-3.5, -14.2, -2], -13.9) == [1]",
	"below([1, 2, 3], 2.5) == [0, 1]", "above(port.qos.pfc_enabled, 3) == [1]",
	"len(grouped([['b', 1], ['a', 2], ['b', 3], ['b', 1]])) == 2",
	"grouped([['b', 1], ['a', 2], ['b', 3], ['b', 1]])[0].key == 'a'",
	"grouped([['b', 1], ['a', 2], ['b', 3], ['b', 1]])[1].values == [1, 3]",
	"grouped([[[1, 'x'], 'p'], [[1, 'x'], 'q']])[0].values == ['p', 'q']",
	"grouped([]) == []", "join(['a', 'b'], ' and ') == 'a and b'", "join([], ',') == ''",
	"join([1, 'x', true], '/') == '1/x/true'",
	"keys(port.nic) == ['firmware', 'psid']", "str(48) == '48'", "str('x') == 'x'",
	"str(true) == 'true'", "int('48') == 48", "int('True(1)') == 1", "int('ETH(2)') == 2",
	"int(' 7 ') == 7", "int('0x7fff') == 32767", "int(3.0) == 3", "int(-2) == -2",
	"split('mlx5_0:1,mlx5_1', ',') == ['mlx5_0:1', 'mlx5_1']", "split('', ',') == ['']",
	"split('a--b', '--') == ['a', 'b']", "startswith('ens1f0np0', 'ens')",
	"not startswith('en', 'ens')", "startswith('x', '')",
	"default(port.mtu, 1500) == 9216", "default(port.nope, 1500) == 1500",
	"default(port.nope, port.mtu) == 9216", "not exists(default(port.nope, port.none))",
	"floor(106 / 4) == 26", "floor(104 / 4) == 26", "floor(7) == 7", "floor(-0.5) == -1",
	"floor(-2.0) == -2", "port.qos.pfc_enabled[floor(7 / 4)] == 4",
	/* comprehensions */
	"[x * 2 for x in [1, 2, 3]] == [2, 4, 6]", "[x for x in [1, 2, 3] if x > 1] == [2, 3]",
	"[x for x in port.qos.pfc_enabled if x == params.lossless_priority] == [3]",
	"sum([x for x in [1, 2, 3] if x != 2]) == 4", "[x for x in []] == []",
	"[[y for y in [x, x]] for x in [1, 2]] == [[1, 1], [2, 2]]",
	"all([k in port.nic for k in keys(port.nic)])", "[format for format in ['a']] == ['a']",
	"[x.psid for x in [port.nic]] == ['MT_0000000838']",
	/* topology functions without a topology read as missing, so exists() is false */
	"not exists(peer(port))", "not exists(tier(device))", "not exists(uplinks(device))",
	/* steps after a call */
	"keys(port.nic)[0] == 'firmware'", "unique([port.nic])[0].psid == 'MT_0000000838'",
	"not exists(peer(port).mtu)",
};

START_TEST(expr_operators_and_functions)
{
	struct fa_eval ev = FA_EVAL_INIT;
	const char *text = fa_true_cases[_i];
	enum fa_tri t = fa_test_expr(text, &ev);

	ck_assert_msg(t == FA_TRI_TRUE, "'%s' is true (got %d, error '%s', missing '%s').", text,
		      t, ev.error, ev.missing ? ev.missing : "");
}
END_TEST

/* Stand-ins for the four truth values: T, F, missing (M), error (E). */
static const char *const fa_tri_exprs[] = {
	[FA_TRI_FALSE] = "false",
	[FA_TRI_TRUE] = "true",
	[FA_TRI_MISSING] = "port.nope == 1",
	[FA_TRI_ERROR] = "len(1) == 1",
};

START_TEST(expr_three_valued_tables)
{
	/* The tables of expr.c, indexed [left][right] in enum fa_tri order: F, T, M, E. */
	static const enum fa_tri and_table[4][4] = {
		{ FA_TRI_FALSE, FA_TRI_FALSE, FA_TRI_FALSE, FA_TRI_FALSE },
		{ FA_TRI_FALSE, FA_TRI_TRUE, FA_TRI_MISSING, FA_TRI_ERROR },
		{ FA_TRI_FALSE, FA_TRI_MISSING, FA_TRI_MISSING, FA_TRI_ERROR },
		{ FA_TRI_FALSE, FA_TRI_ERROR, FA_TRI_ERROR, FA_TRI_ERROR },
	};
	static const enum fa_tri or_table[4][4] = {
		{ FA_TRI_FALSE, FA_TRI_TRUE, FA_TRI_MISSING, FA_TRI_ERROR },
		{ FA_TRI_TRUE, FA_TRI_TRUE, FA_TRI_TRUE, FA_TRI_TRUE },
		{ FA_TRI_MISSING, FA_TRI_TRUE, FA_TRI_MISSING, FA_TRI_ERROR },
		{ FA_TRI_ERROR, FA_TRI_TRUE, FA_TRI_ERROR, FA_TRI_ERROR },
	};
	static const enum fa_tri not_table[4] = { FA_TRI_TRUE, FA_TRI_FALSE, FA_TRI_MISSING,
						  FA_TRI_ERROR };
	char text[200];
	int l, r;

	for (l = 0; l < 4; l++) {
		struct fa_eval ev = FA_EVAL_INIT;

		snprintf(text, sizeof(text), "not (%s)", fa_tri_exprs[l]);
		ck_assert_msg(fa_test_expr(text, &ev) == not_table[l],
			      "'%s' follows the 'not' table.", text);
		for (r = 0; r < 4; r++) {
			struct fa_eval ev2 = FA_EVAL_INIT;

			snprintf(text, sizeof(text), "(%s) and (%s)", fa_tri_exprs[l],
				 fa_tri_exprs[r]);
			ck_assert_msg(fa_test_expr(text, &ev2) == and_table[l][r],
				      "'%s' follows the 'and' table.", text);
			memset(&ev2, 0, sizeof(ev2));
			snprintf(text, sizeof(text), "(%s) or (%s)", fa_tri_exprs[l],
				 fa_tri_exprs[r]);
			ck_assert_msg(fa_test_expr(text, &ev2) == or_table[l][r],
				      "'%s' follows the 'or' table.", text);
		}
	}
}
END_TEST

static const struct {
	const char *text;
	const char *missing;
} fa_missing_cases[] = {
	{ "port.nope == 1", "port.nope" },
	{ "port.nope != 1", "port.nope" },
	{ "port.nope > 1", "port.nope" },
	{ "1 < port.nic.nope", "port.nic.nope" },
	{ "port.nope + 1 == 2", "port.nope" },
	{ "-port.nope == 1", "port.nope" },
	{ "len(port.nope) == 1", "port.nope" },
	{ "version(port.nic.nope) > '1'", "port.nic.nope" },
	{ "port.nope in [1]", "port.nope" },
	{ "1 in port.qos.nope", "port.qos.nope" },
	{ "port.nope matches 'x'", "port.nope" },
	{ "[port.nope] == [1]", "port.nope" },
	{ "not (port.nope == 1)", "port.nope" },
	{ "port.qos.pfc_enabled[5] == 1", "port.qos.pfc_enabled[5]" },
	{ "port.qos.pfc_enabled[-1] == 1", "port.qos.pfc_enabled[-1]" },
	{ "port.mtu.deeper == 1", "port.mtu.deeper" },
	{ "port.qos.priority_to_tc[params.nope] == 1", "params.nope" },
	{ "[x for x in port.nope] == []", "port.nope" },
	{ "[x.nope for x in [port]] == []", "x.nope" },
	{ "[x for x in [port] if x.nope == 1] == []", "x.nope" },
	{ "peer(port).mtu == 1", "peer(port)" },
	{ "tier(device) == 1", "tier(device)" },
	/* an and/or that a missing value did not decide blames the one that did */
	{ "(port.nope == 1 or true) and port.other == 2", "port.other" },
	{ "true and port.nope == 1", "port.nope" },
};

START_TEST(expr_missing_data_is_not_evaluable)
{
	struct fa_eval ev = FA_EVAL_INIT;
	const char *text = fa_missing_cases[_i].text;
	enum fa_tri t = fa_test_expr(text, &ev);

	ck_assert_msg(t == FA_TRI_MISSING, "'%s' is not evaluable (got %d, %s).", text, t,
		      ev.error);
	ck_assert_msg(ev.missing && strcmp(ev.missing, fa_missing_cases[_i].missing) == 0,
		      "'%s' names '%s' as missing, not '%s'.", text, fa_missing_cases[_i].missing,
		      ev.missing ? ev.missing : "(nothing)");
}
END_TEST

START_TEST(expr_missing_data_that_does_not_decide)
{
	static const char *const decided[] = {
		"false and port.nope == 1", "port.nope == 1 and false", "true or port.nope == 1",
		"port.nope == 1 or true", "not exists(port.nope)", "exists(port.nope) or true",
	};
	size_t i;

	for (i = 0; i < sizeof(decided) / sizeof(decided[0]); i++) {
		struct fa_eval ev = FA_EVAL_INIT;
		enum fa_tri t = fa_test_expr(decided[i], &ev);

		ck_assert_msg(t == FA_TRI_TRUE || t == FA_TRI_FALSE,
			      "'%s' has a truth value although a path is missing.", decided[i]);
		ck_assert_msg(ev.missing == NULL,
			      "'%s' leaves nothing blamed as missing.", decided[i]);
	}
}
END_TEST

static const char *const fa_error_cases[] = {
	"'a' < 1", "[1] < 'a'", "len(3) == 1", "1 + 'a' == 1", "'a' - 'b' == 1", "1 / 0 == 1",
	"1.5 / 0 == 1", "-'a' == 1", "port.mtu", "port.mtu and true", "min([]) == 1",
	"max([1, 'a']) == 1", "sum(['a']) == 1", "count(3) == 1", "lower(3) == 'a'",
	"speed('fast') == 'x'",
	"subset(1, [1])", "1 in 2", "3 matches 'x'", "version(true) == [1]",
	"port.qos.pfc_enabled[true] == 1", "port.qos.pfc_enabled[1.5] == 1",
	"port.qos.pfc_enabled[1e300] == 1", "9223372036854775807 + 1 > 0",
	"uniform(port.mtu)",
	"all([1])", "any(3)", "duplicates(3) == []", "unique('a') == []", "flatten(1) == []",
	"grouped(3) == []", "grouped([1]) == []", "grouped([[1, 2, 3]]) == []",
	"join('a', ',') == ''", "join(['a'], 1) == ''", "join([[1]], ',') == ''",
	"keys([1]) == []", "str([1]) == ''", "int('abc') == 1", "int(1.5) == 1", "int(null) == 1",
	"int('1x') == 1", "[x for x in 3] == []", "[x for x in [1] if 2] == []",
	"peer(3) == 1", "tier('leaf') == 1", "split('a', '') == []", "split(1, ',') == []",
	"startswith(1, 'a')", "floor('26') == 26", "floor(1e300) == 1",
	"above(3, 1) == []", "above([1, 'a'], 0) == []", "below([1], 'a') == []",
};

START_TEST(expr_type_errors_are_errors)
{
	struct fa_expr_opts opts = { fa_roots_port, true, NULL, false, false };
	struct fa_eval ev = FA_EVAL_INIT;
	struct fa_err err = FA_ERR_INIT;
	const char *text = fa_error_cases[_i];
	struct fa_expr *e = NULL;
	json_t *b = fa_bindings();
	enum fa_tri t;

	ck_assert_msg(fa_expr_parse(text, &opts, &e, &err) == 0, "'%s' parses (%s).", text,
		      err.msg);
	fa_bind(&ev, b);
	t = fa_expr_test(e, &ev);
	ck_assert_msg(t == FA_TRI_ERROR, "'%s' is an evaluation error (got %d).", text, t);
	ck_assert_msg(ev.error[0] != '\0', "'%s' says why it is an error.", text);
	fa_expr_free(e);
	json_decref(b);
}
END_TEST

START_TEST(expr_version_ordering)
{
	static const char *const ordered[] = {
		"1.2", "1.2.0", "1.10", "5.9.9", "5.10.0-21", "5.10.0-100", "5.10.1",
		"28.39.1002", "28.39.2048", "28.41.1000", "28.41.1000a",
	};
	size_t i, j;

	for (i = 0; i < sizeof(ordered) / sizeof(ordered[0]); i++) {
		for (j = 0; j < sizeof(ordered) / sizeof(ordered[0]); j++) {
			json_t *a = fa_version_split(ordered[i], strlen(ordered[i]));
			json_t *b = fa_version_split(ordered[j], strlen(ordered[j]));
			int c = fa_value_cmp(a, b), want = i < j ? -1 : i > j;

			ck_assert_msg(c == want, "version('%s') compares %d with version('%s').",
				      ordered[i], want, ordered[j]);
			json_decref(a);
			json_decref(b);
		}
	}
}
END_TEST

START_TEST(expr_version_in_expressions)
{
	static const char *const cases[] = {
		"version(port.nic.firmware) >= '28.39.1002'",
		"version(port.nic.firmware) < '28.41'",
		"'28.39.999' < version(port.nic.firmware)",
		"version('5.10.0-21') == [5, 10, 0, 21]",
		"version('mlnx-24.10') == ['mlnx', 24, 10]",
		"version(5.2) == [5, 2]", "version(7) == [7]",
		"version(version('1.2')) == [1, 2]",
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct fa_eval ev = FA_EVAL_INIT;

		ck_assert_msg(fa_test_expr(cases[i], &ev) == FA_TRI_TRUE, "'%s' is true (%s).",
			      cases[i], ev.error);
	}
}
END_TEST

static const struct {
	const char *text;
	int column;
	const char *words;	/* part of the message */
} fa_parse_errors[] = {
	{ "port.mtu >= ", 13, "expected a value" },
	{ "port.mtu = 1", 10, "'=' is not an operator" },
	{ "prot.mtu == 1", 1, "unknown name 'prot'" },
	{ "port.mtu == 1 and link.source == 'lldp'", 19, "unknown name 'link'" },
	{ "len(1, 2) == 1", 1, "len() takes 1 argument" },
	{ "subset([1]) == 1", 1, "subset() takes 2 arguments" },
	{ "foo(1)", 1, "unknown function 'foo'" },
	{ "1 == 2 == 3", 8, "do not chain" },
	{ "port.name == 'abc", 14, "unterminated string" },
	{ "port.name == 'a\\qb'", 16, "unknown escape" },
	{ "port.name matches port.mtu", 19, "quoted regular expression" },
	{ "port.name matches '('", 19, "bad regular expression" },
	{ "(1 == 1", 8, "expected ')'" },
	{ "[1, 2", 6, "expected ']' or ','" },
	{ "port.qos.pfc_enabled[0 == 1", 28, "expected ']'" },
	{ "uniform(port.mtu)", 1, "only valid in the expect of a group" },
	{ "1 2", 3, "unexpected '2'" },
	{ "", 1, "empty expression" },
	{ "   ", 1, "empty expression" },
	{ "port.mtu && true", 10, "write 'and'" },
	{ "28.39.1002 == 1", 1, "malformed number" },
	{ "port. == 1", 7, "a field name after '.'" },
	{ "port.mtu == and", 13, "expected a value, found 'and'" },
	{ "[x for x of [1]] == []", 10, "expected 'in' after the variable" },
	{ "[port for port in [1]] == []", 11, "'port' cannot name a comprehension variable" },
	{ "[x for x in [1] if] == []", 19, "expected a value" },
	{ "[x for x in [1] == []", 22, "expected ']'" },
	{ "[[[[[x for x in [1]] for y in [1]] for z in [1]] for w in [1]] for v in [1]] == []",
	  5, "comprehensions nested more than 4 deep" },
	{ "for == 1", 1, "expected a value, found 'for'" },
	{ "port.mtu $ 1", 10, "unexpected character '$'" },
	{ "99999999999999999999 == 1", 1, "out of range" },
};

START_TEST(expr_parse_errors_name_the_column)
{
	struct fa_expr_opts opts = { fa_roots_port, false, NULL, false, false };
	struct fa_err err = FA_ERR_INIT;
	struct fa_expr *e = NULL;
	const char *text = fa_parse_errors[_i].text;

	ck_assert_msg(fa_expr_parse(text, &opts, &e, &err) == -FA_EPARSE,
		      "'%s' is a parse error.", text);
	ck_assert_msg(e == NULL, "A failed parse returns no expression.");
	ck_assert_msg(err.column == fa_parse_errors[_i].column,
		      "The error in '%s' is at column %d, not %d (%s).", text,
		      fa_parse_errors[_i].column, err.column, err.msg);
	ck_assert_msg(strstr(err.msg, fa_parse_errors[_i].words) != NULL,
		      "The error in '%s' says '%s' (it says '%s').", text,
		      fa_parse_errors[_i].words, err.msg);
}
END_TEST

START_TEST(expr_link_roots_and_params_are_checked)
{
	struct fa_expr_opts link = {
		FA_ROOT_BIT(FA_ROOT_PARAMS) | FA_ROOT_BIT(FA_ROOT_A_DEVICE) |
		FA_ROOT_BIT(FA_ROOT_A_PORT) | FA_ROOT_BIT(FA_ROOT_B_DEVICE) |
		FA_ROOT_BIT(FA_ROOT_B_PORT) | FA_ROOT_BIT(FA_ROOT_LINK), false, NULL, false, false };
	struct fa_err err = FA_ERR_INIT;
	struct fa_expr *e = NULL;
	json_t *params = json_pack("{s:i}", "lossless_priority", 3);

	ck_assert_int_eq(fa_expr_parse("a.port.mtu == b.port.mtu and a.device.kind == 'host' "
				       "and link.source == 'lldp'", &link, &e, &err), 0);
	fa_expr_free(e);
	e = NULL;
	ck_assert_msg(fa_expr_parse("a.mtu == 1", &link, &e, &err) == -FA_EPARSE &&
		      err.column == 1 && strstr(err.msg, "a.device or a.port"),
		      "A link end must be followed by .device or .port (%s).", err.msg);
	ck_assert_msg(fa_expr_parse("port.mtu == 1", &link, &e, &err) == -FA_EPARSE &&
		      strstr(err.msg, "a, b, link, params"),
		      "A link rule cannot read 'port' and is told what it can read (%s).",
		      err.msg);
	link.params = params;
	ck_assert_int_eq(fa_expr_parse("params.lossless_priority == 3", &link, &e, &err), 0);
	fa_expr_free(e);
	e = NULL;
	ck_assert_msg(fa_expr_parse("1 == params.lossles_priority", &link, &e, &err) ==
		      -FA_EPARSE && err.column == 13 &&
		      strstr(err.msg, "unknown parameter 'lossles_priority'"),
		      "A misspelt parameter is an error at its column (%d: %s).", err.column,
		      err.msg);
	json_decref(params);
}
END_TEST

START_TEST(expr_nesting_is_bounded)
{
	struct fa_expr_opts opts = { fa_roots_port, false, NULL, false, false };
	struct fa_err err = FA_ERR_INIT;
	struct fa_expr *e = NULL;
	char text[1200];
	size_t i;

	for (i = 0; i < 500; i++)
		text[i] = '(';
	text[i] = '\0';
	ck_assert_msg(fa_expr_parse(text, &opts, &e, &err) == -FA_EPARSE &&
		      strstr(err.msg, "nested too deeply"),
		      "Deep nesting is refused, not a stack overflow (%s).", err.msg);
	for (i = 0; i < 500; i++)
		text[i] = i % 2 ? '-' : ' ';
	ck_assert_msg(fa_expr_parse(text, &opts, &e, &err) == -FA_EPARSE,
		      "A long chain of minus signs is refused.");
	memset(text, 0, sizeof(text));
	for (i = 0; i < 400; i++)
		memcpy(text + i * 2, "! ", 2);
	ck_assert_msg(fa_expr_parse(text, &opts, &e, &err) == -FA_EPARSE,
		      "Garbage is refused.");
}
END_TEST

START_TEST(expr_texts_and_paths)
{
	struct fa_expr_opts opts = { fa_roots_port, true, NULL, false, false };
	struct fa_err err = FA_ERR_INIT;
	struct fa_expr *e = NULL;

	ck_assert_int_eq(fa_expr_parse("  port.qos.priority_to_tc[params.lossless_priority] ",
				       &opts, &e, &err), 0);
	ck_assert_str_eq(fa_expr_text(e), "port.qos.priority_to_tc[params.lossless_priority]");
	fa_expr_free(e);
	e = NULL;
	ck_assert_int_eq(fa_expr_parse("uniform(port.nic.firmware) and uniform(lower(port.name))",
				       &opts, &e, &err), 0);
	ck_assert_msg(fa_expr_uniform_count(e) == 2, "Both uniform() calls are counted.");
	ck_assert_str_eq(fa_expr_text(fa_expr_uniform_arg(e, 0)), "port.nic.firmware");
	ck_assert_str_eq(fa_expr_text(fa_expr_uniform_arg(e, 1)), "lower(port.name)");
	ck_assert_msg(fa_expr_uniform_arg(e, 2) == NULL, "There is no third uniform().");
	fa_expr_free(e);
	e = NULL;
	ck_assert_msg(fa_expr_parse("uniform(uniform(port.mtu))", &opts, &e, &err) == -FA_EPARSE &&
		      err.column == 9, "uniform() cannot be nested (%d: %s).", err.column, err.msg);
}
END_TEST

START_TEST(expr_value_text_and_order)
{
	struct fa_buf b = FA_BUF_INIT;
	json_t *v = json_pack("[i,i]", 3, 4);
	json_t *vals[] = { json_null(), json_false(), json_true(), json_integer(-1), json_real(0.5),
			   json_string(""), json_string("a"), json_pack("[]"), json_pack("{}") };
	size_t i;

	fa_value_text(v, &b);
	ck_assert_str_eq(b.buf, "[3, 4]");
	fa_buf_reset(&b);
	json_decref(v);
	v = json_real(4.5);
	fa_value_text(v, &b);
	ck_assert_str_eq(b.buf, "4.5");
	json_decref(v);
	for (i = 0; i + 1 < sizeof(vals) / sizeof(vals[0]); i++)
		ck_assert_msg(fa_value_cmp(vals[i], vals[i + 1]) < 0 &&
			      fa_value_cmp(vals[i + 1], vals[i]) > 0,
			      "Value %zu sorts before value %zu.", i, i + 1);
	for (i = 0; i < sizeof(vals) / sizeof(vals[0]); i++)
		json_decref(vals[i]);
	v = json_pack("[i,f]", 3, 3.0);
	ck_assert_msg(fa_value_equal(json_array_get(v, 0), json_array_get(v, 1)),
		      "Integers and reals of the same value are equal.");
	json_decref(v);
	fa_buf_release(&b);
}
END_TEST

/* Evaluate @e on the port of @b with @m (through a path cache) and without; they agree. */
static enum fa_tri fa_memo_check(const struct fa_expr *e, struct fa_memo *m, const json_t *b,
				 struct fa_eval *cached)
{
	struct fa_eval plain = FA_EVAL_INIT;
	enum fa_tri want, got;

	fa_bind(&plain, b);
	fa_bind(cached, b);
	fa_eval_rebind(cached);
	cached->missing = NULL;
	cached->error[0] = '\0';
	want = fa_expr_test(e, &plain);
	got = fa_memo_test(m, cached);
	ck_assert_msg(got == want, "'%s': the memo says %d, evaluation %d.", fa_expr_text(e), got,
		      want);
	if (want != FA_TRI_ERROR)
		ck_assert_msg(plain.missing == cached->missing ||
				      (plain.missing && cached->missing &&
				       !strcmp(plain.missing, cached->missing)),
			      "'%s': the memo and evaluation name the same missing path.",
			      fa_expr_text(e));
	return got;
}

/*
 * A rule's where or expect decided from the memo is what evaluating it gives, for every
 * expression of the tables above: on a port seen before, on another port sharing its values
 * (a shallow copy: the same value objects), and on ports with other values.
 */
START_TEST(expr_memo_gives_the_evaluated_answer)
{
	struct fa_expr_opts opts = { fa_roots_port, false, NULL, false, false };
	const char *texts[sizeof(fa_true_cases) / sizeof(fa_true_cases[0]) +
			  sizeof(fa_tri_exprs) / sizeof(fa_tri_exprs[0]) +
			  sizeof(fa_missing_cases) / sizeof(fa_missing_cases[0])];
	json_t *a = fa_bindings(), *b = json_copy(a), *c = json_deep_copy(a), *d = fa_bindings();
	json_t *names = json_object();
	size_t i, n = 0, memoised = 0, k;

	/* b: another port with the same values; c: equal values, other objects; d: others. */
	json_object_set_new(b, "port", json_copy(json_object_get(a, "port")));
	json_object_set_new(json_object_get(d, "port"), "mtu", json_integer(1500));
	json_object_del(json_object_get(d, "port"), "qos");
	for (i = 0; i < sizeof(fa_true_cases) / sizeof(fa_true_cases[0]); i++)
		texts[n++] = fa_true_cases[i];
	for (i = 0; i < sizeof(fa_tri_exprs) / sizeof(fa_tri_exprs[0]); i++)
		texts[n++] = fa_tri_exprs[i];
	for (i = 0; i < sizeof(fa_missing_cases) / sizeof(fa_missing_cases[0]); i++)
		texts[n++] = fa_missing_cases[i].text;
	for (i = 0; i < n; i++) {
		const json_t *order[] = { a, b, c, d, d, a, b };
		struct fa_err err = FA_ERR_INIT;
		struct fa_eval ev = FA_EVAL_INIT;
		struct fa_expr *e = NULL;
		struct fa_memo m;
		size_t errors = 0;

		ck_assert_msg(fa_expr_parse(texts[i], &opts, &e, &err) == 0, "'%s' parses.",
			      texts[i]);
		fa_expr_assign_slots(e, names);
		ev.pcache = calloc(json_object_size(names) + 1, sizeof(*ev.pcache));
		ev.pgen = calloc(json_object_size(names) + 1, sizeof(*ev.pgen));
		fa_memo_init(&m, e);
		for (k = 0; k < sizeof(order) / sizeof(order[0]); k++)
			errors += fa_memo_check(e, &m, order[k], &ev) == FA_TRI_ERROR;
		/* An error is never kept: what went wrong is written each time. */
		if (!m.off && !errors) {
			memoised++;
			/* b right after a (a's values), d right after d: from the memo. */
			ck_assert_msg(m.hits >= 2, "'%s': %zu hits in 7.", texts[i], m.hits);
		}
		fa_memo_release(&m);
		free(ev.pcache);
		free(ev.pgen);
		fa_expr_free(e);
	}
	ck_assert_msg(memoised > n / 2, "Most expressions (%zu of %zu) are memoised.", memoised,
		      n);
	json_decref(a);
	json_decref(b);
	json_decref(c);
	json_decref(d);
	json_decref(names);
}
END_TEST

/* Topology functions read more than the paths: no memo.  Values never shared: it turns off. */
START_TEST(expr_memo_knows_its_limits)
{
	struct fa_expr_opts opts = { fa_roots_port, false, NULL, false, false };
	struct fa_err err = FA_ERR_INIT;
	struct fa_eval ev = FA_EVAL_INIT;
	struct fa_expr *e = NULL;
	json_t *names = json_object(), *b = fa_bindings(), *mtus = json_array();
	const struct fa_expr *paths[FA_MEMO_MAX_PATHS];
	struct fa_memo m;
	size_t k;

	ck_assert(fa_expr_parse("len(uplinks(device)) > 0 and port.mtu > 0", &opts, &e, &err) ==
		  0);
	fa_expr_assign_slots(e, names);
	ck_assert(fa_expr_memo_paths(e, paths, FA_MEMO_MAX_PATHS) == SIZE_MAX);
	fa_expr_free(e);
	ck_assert(fa_expr_parse("port.mtu > 9000 and device.kind == 'switch'", &opts, &e, &err) ==
		  0);
	fa_expr_assign_slots(e, names);
	ck_assert_uint_eq(fa_expr_memo_paths(e, paths, FA_MEMO_MAX_PATHS), 2);
	ev.pcache = calloc(json_object_size(names) + 1, sizeof(*ev.pcache));
	ev.pgen = calloc(json_object_size(names) + 1, sizeof(*ev.pgen));
	fa_memo_init(&m, e);
	for (k = 0; k < 5000; k++) {
		/*
		 * A value object of its own each time, as a snapshot built in memory has them,
		 * kept while the memo lives (as a snapshot is kept while rules run).
		 */
		json_array_append_new(mtus, json_integer(8000 + (json_int_t)(k % 2000)));
		json_object_set(json_object_get(b, "port"), "mtu", json_array_get(mtus, k));
		fa_memo_check(e, &m, b, &ev);
	}
	ck_assert_msg(m.off, "A memo that never hits turns off (%zu hits).", m.hits);
	fa_memo_release(&m);
	free(ev.pcache);
	free(ev.pgen);
	fa_expr_free(e);
	json_decref(names);
	json_decref(b);
	json_decref(mtus);
}
END_TEST

/* @copies copies of [1, "a", 3.0, "a", [1, 2], 3, [1, 2]], each value a new object. */
static size_t fa_class_values(json_t **v, size_t copies)
{
	size_t i, n = 0;

	for (i = 0; i < copies; i++) {
		v[n++] = json_integer(1);
		v[n++] = json_string("a");
		v[n++] = json_real(3.0);
		v[n++] = json_string("a");
		v[n++] = json_pack("[i,i]", 1, 2);
		v[n++] = json_integer(3);
		v[n++] = json_pack("[i,i]", 1, 2);
	}
	return n;
}

/* Equal values are one class whether compared one by one (few) or hashed (many). */
START_TEST(expr_value_classes)
{
	static const size_t first[7] = { 0, 1, 2, 1, 4, 2, 4 };
	json_t *v[70];
	size_t cls[70], copies, n, i;

	for (copies = 1; copies <= 10; copies += 9) {
		n = fa_class_values(v, copies);
		fa_value_classes(v, n, cls);
		for (i = 0; i < n; i++)
			ck_assert_uint_eq(cls[i], first[i % 7]);
		for (i = 0; i < n; i++)
			json_decref(v[i]);
	}
}
END_TEST

/* The most frequent value wins; on a tie the least value does, in either size. */
START_TEST(expr_value_majority)
{
	json_t *v[40] = { NULL };
	size_t i;

	ck_assert_ptr_null(fa_value_majority(v, 0));
	for (i = 0; i < 7; i++)
		v[i] = json_string(i < 3 ? "b" : i < 6 ? "a" : "c");
	ck_assert_str_eq(json_string_value(fa_value_majority(v, 7)), "a");
	json_decref(v[0]);
	v[0] = json_string("a");
	ck_assert_str_eq(json_string_value(fa_value_majority(v, 7)), "a");
	for (i = 0; i < 7; i++)
		json_decref(v[i]);
	for (i = 0; i < 40; i++)
		v[i] = i % 2 ? json_integer(9216) : json_real(1500.0);
	ck_assert(json_is_real(fa_value_majority(v, 40)));
	json_decref(v[39]);
	v[39] = json_integer(1500);
	/* 3 and 3.0 are one value: 1500 has 21 of 40; its first occurrence is returned. */
	ck_assert_ptr_eq(fa_value_majority(v, 40), v[0]);
	json_decref(v[1]);
	v[1] = json_integer(1500);
	ck_assert_ptr_eq(fa_value_majority(v, 40), v[0]);
	for (i = 0; i < 40; i++)
		json_decref(v[i]);
}
END_TEST

/*
 * A port read member by member settles every first key the rules read: its value when the
 * port has it, missing when not, and a key with a dot in it is not taken for two steps.
 */
START_TEST(expr_root_keys_walk)
{
	static const char text[] =
		"port.mtu == 9216 and port.admin_state == 'up' and port.nic.psid != '' and "
		"port.qos.trust == 'dscp' and port.name != '' and exists(port.speed) and "
		"exists(port.lldp) and exists(port.health) and port['a.b'] == 1 and "
		"port.qos.pfc_enabled[0] == 3 and port.a.b == 2";
	static const char *ports[] = {
		"{\"name\": \"swp1\", \"mtu\": 9216, \"admin_state\": \"up\","
		" \"nic\": {\"psid\": \"MT_1\"}, \"qos\": {\"trust\": \"dscp\","
		" \"pfc_enabled\": [3]}, \"speed\": 400000, \"lldp\": {}, \"health\": {},"
		" \"a.b\": 1, \"a\": {\"b\": 2}, \"other\": 7}",
		"{\"name\": \"swp2\", \"mtu\": 1500, \"a.b\": 2, \"a\": {\"b\": 1}}",
		"{\"name\": \"swp3\", \"mtu\": 9216, \"speed\": 1, \"lldp\": 1, \"health\": 1}",
	};
	struct fa_expr_opts opts = { fa_roots_port, false, NULL, false, false };
	struct fa_err err = FA_ERR_INIT;
	struct fa_eval walked = FA_EVAL_INIT;
	struct fa_expr *e = NULL;
	json_t *names = json_object(), *b = fa_bindings();
	struct fa_root_keys *rk;
	size_t i;

	ck_assert_int_eq(fa_expr_parse(text, &opts, &e, &err), 0);
	fa_expr_assign_slots(e, names);
	rk = fa_root_keys_new(names);
	ck_assert(fa_root_keys_walks(rk, FA_ROOT_PORT));
	ck_assert(!fa_root_keys_walks(rk, FA_ROOT_DEVICE));
	walked.pcache = calloc(json_object_size(names) + 1, sizeof(*walked.pcache));
	walked.pgen = calloc(json_object_size(names) + 1, sizeof(*walked.pgen));
	walked.gen = walked.dgen = 1;
	walked.rkeys = rk;
	for (i = 0; i < 2 * sizeof(ports) / sizeof(ports[0]); i++) {
		struct fa_eval plain = FA_EVAL_INIT;
		json_t *port = json_loads(ports[i % 3], 0, NULL);
		enum fa_tri want, got;

		ck_assert_ptr_nonnull(port);
		fa_bind(&plain, b);
		fa_bind(&walked, b);
		plain.root[FA_ROOT_PORT] = walked.root[FA_ROOT_PORT] = port;
		fa_eval_rebind(&walked);
		walked.missing = NULL;
		want = fa_expr_test(e, &plain);
		got = fa_expr_test(e, &walked);
		ck_assert_msg(got == want, "Port %zu: walked %d, looked up %d.", i % 3, got, want);
		ck_assert_int_eq(want, (i % 3 == 0 ? FA_TRI_TRUE
					: i % 3 == 1 ? FA_TRI_FALSE : FA_TRI_MISSING));
		ck_assert_uint_eq(walked.walked[FA_ROOT_PORT], walked.gen);
		json_decref(port);
	}
	free(walked.pcache);
	free(walked.pgen);
	fa_root_keys_free(rk);
	fa_expr_free(e);
	json_decref(names);
	json_decref(b);
}
END_TEST

Suite *fa_expr_suite(void)
{
	Suite *s = suite_create("expr");
	TCase *tc = tcase_create("expr");

	tcase_add_loop_test(tc, expr_operators_and_functions, 0,
			    sizeof(fa_true_cases) / sizeof(fa_true_cases[0]));
	tcase_add_test(tc, expr_three_valued_tables);
	tcase_add_loop_test(tc, expr_missing_data_is_not_evaluable, 0,
			    sizeof(fa_missing_cases) / sizeof(fa_missing_cases[0]));
	tcase_add_test(tc, expr_missing_data_that_does_not_decide);
	tcase_add_loop_test(tc, expr_type_errors_are_errors, 0,
			    sizeof(fa_error_cases) / sizeof(fa_error_cases[0]));
	tcase_add_test(tc, expr_version_ordering);
	tcase_add_test(tc, expr_version_in_expressions);
	tcase_add_loop_test(tc, expr_parse_errors_name_the_column, 0,
			    sizeof(fa_parse_errors) / sizeof(fa_parse_errors[0]));
	tcase_add_test(tc, expr_link_roots_and_params_are_checked);
	tcase_add_test(tc, expr_nesting_is_bounded);
	tcase_add_test(tc, expr_texts_and_paths);
	tcase_add_test(tc, expr_value_text_and_order);
	tcase_add_test(tc, expr_memo_gives_the_evaluated_answer);
	tcase_add_test(tc, expr_memo_knows_its_limits);
	tcase_add_test(tc, expr_value_classes);
	tcase_add_test(tc, expr_value_majority);
	tcase_add_test(tc, expr_root_keys_walk);
	suite_add_tcase(s, tc);
	return s;
}
