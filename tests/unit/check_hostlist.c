/* SPDX-License-Identifier: MIT */
/* Host range expansion: Slurm/pdsh syntax, zero padding, products, and every error kind. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "audit/util/buf.h"
#include "inventory/hostlist.h"
#include "tests/unit/unit.h"

/* Expansions, the names joined with spaces. */
static const struct {
	const char *expr;
	const char *names;
} fa_hl_good[] = {
	{ "spine1", "spine1" },
	{ "gpu[001-004]", "gpu001 gpu002 gpu003 gpu004" },
	{ "gpu[098-101]", "gpu098 gpu099 gpu100 gpu101" },
	{ "leaf[1-4,7]", "leaf1 leaf2 leaf3 leaf4 leaf7" },
	{ "n[8-11]", "n8 n9 n10 n11" },
	{ "r[1-2]n[01-04]", "r1n01 r1n02 r1n03 r1n04 r2n01 r2n02 r2n03 r2n04" },
	{ "spine1,leaf[1-2]", "spine1 leaf1 leaf2" },
	{ "spine1, leaf[1-2] ,x", "spine1 leaf1 leaf2 x" },
	{ "[1-3]", "1 2 3" },
	{ "gpu[1-2]-ib", "gpu1-ib gpu2-ib" },
	{ "a[0]", "a0" },
	{ "10.0.0.[1-3]", "10.0.0.1 10.0.0.2 10.0.0.3" },
	{ "a[1,1],a1", "a1 a1 a1" },
	{ "rack[1-2]-gpu[07-08,10]",
	  "rack1-gpu07 rack1-gpu08 rack1-gpu10 rack2-gpu07 rack2-gpu08 rack2-gpu10" },
};

START_TEST(hostlist_expands_ranges)
{
	struct fa_err err = FA_ERR_INIT;
	struct fa_buf b = FA_BUF_INIT;
	char **names = NULL;
	size_t n = 0, count = 0, i;
	int r;

	r = fa_hostlist_expand(fa_hl_good[_i].expr, &names, &n, &err);
	ck_assert_msg(r == 0, "'%s' expands without error (got %s).", fa_hl_good[_i].expr,
		      err.msg);
	for (i = 0; i < n; i++)
		fa_buf_addf(&b, "%s%s", i ? " " : "", names[i]);
	ck_assert_msg(strcmp(b.buf, fa_hl_good[_i].names) == 0, "'%s' expands to '%s', not '%s'.",
		      fa_hl_good[_i].expr, fa_hl_good[_i].names, b.buf);
	ck_assert_msg(fa_hostlist_count(fa_hl_good[_i].expr, &count, NULL) == 0 && count == n,
		      "Counting '%s' gives as many names as expanding it.", fa_hl_good[_i].expr);
	fa_hostlist_free(names, n);
	fa_buf_release(&b);
}
END_TEST

/* Errors, with the exact message. */
static const struct {
	const char *expr;
	const char *msg;
} fa_hl_bad[] = {
	{ "gpu[001-004", "unbalanced '[' in host range 'gpu[001-004'" },
	{ "gpu001-004]", "unbalanced ']' in host range 'gpu001-004]'" },
	{ "gpu[1-[2-3]]", "nested '[' in host range 'gpu[1-[2-3]]'" },
	{ "gpu[010-005]", "range 010-005 in host range 'gpu[010-005]' is reversed" },
	{ "spine1,,leaf1", "empty name in host range 'spine1,,leaf1'" },
	{ "spine1,", "empty name in host range 'spine1,'" },
	{ "", "empty name in host range ''" },
	{ "gpu[]", "empty element in the brackets of host range 'gpu[]'" },
	{ "gpu[1,,3]", "empty element in the brackets of host range 'gpu[1,,3]'" },
	{ "leaf[a-c]",
	  "'a-c' in host range 'leaf[a-c]' is not a number or a range of numbers (like 1-4)" },
	{ "leaf[1-]",
	  "'1-' in host range 'leaf[1-]' is not a number or a range of numbers (like 1-4)" },
	{ "leaf[-3]",
	  "'-3' in host range 'leaf[-3]' is not a number or a range of numbers (like 1-4)" },
	{ "x[1-1000001]", "host range 'x[1-1000001]' stands for more than 1000000 names" },
	{ "x[1-1000][1-1001]",
	  "host range 'x[1-1000][1-1001]' stands for more than 1000000 names" },
	{ "x[1-999999],y[1-2]",
	  "host range 'x[1-999999],y[1-2]' stands for more than 1000000 names" },
	{ "x[1-9999999999999999999]",
	  "'1-9999999999999999999' in host range 'x[1-9999999999999999999]' is not a number or a "
	  "range of numbers (like 1-4)" },
};

START_TEST(hostlist_rejects_bad_ranges)
{
	struct fa_err err = FA_ERR_INIT;
	char **names = NULL;
	size_t n = 0;
	int r;

	r = fa_hostlist_expand(fa_hl_bad[_i].expr, &names, &n, &err);
	ck_assert_msg(r == -FA_EINVAL, "'%s' is refused with -FA_EINVAL (got %d).",
		      fa_hl_bad[_i].expr, r);
	ck_assert_msg(names == NULL, "Nothing is returned for the refused '%s'.",
		      fa_hl_bad[_i].expr);
	ck_assert_msg(strcmp(err.msg, fa_hl_bad[_i].msg) == 0,
		      "'%s' is refused with the message \"%s\", not \"%s\".", fa_hl_bad[_i].expr,
		      fa_hl_bad[_i].msg, err.msg);
}
END_TEST

START_TEST(hostlist_cap_is_exact)
{
	size_t n = 0;

	ck_assert_msg(fa_hostlist_count("x[1-1000][1-1000]", &n, NULL) == 0 && n == 1000000,
		      "Exactly one million names is allowed.");
	ck_assert_msg(fa_hostlist_count("x[1-1000][1-1000],y", &n, NULL) == -FA_EINVAL,
		      "One name past a million is refused.");
}
END_TEST

START_TEST(hostlist_expands_a_large_range)
{
	char **names = NULL;
	size_t n = 0;

	ck_assert_int_eq(fa_hostlist_expand("gpu[00001-20000]", &names, &n, NULL), 0);
	ck_assert_msg(n == 20000, "gpu[00001-20000] stands for 20000 names, not %zu.", n);
	ck_assert_str_eq(names[0], "gpu00001");
	ck_assert_str_eq(names[12344], "gpu12345");
	ck_assert_str_eq(names[19999], "gpu20000");
	fa_hostlist_free(names, n);
}
END_TEST

START_TEST(hostlist_tells_ranges_from_names)
{
	ck_assert_msg(fa_hostlist_is_range("gpu[1-2]"), "Brackets make a range.");
	ck_assert_msg(fa_hostlist_is_range("a,b"), "A comma makes a list.");
	ck_assert_msg(!fa_hostlist_is_range("leaf01.example.net"), "A plain name is no range.");
}
END_TEST

Suite *fa_hostlist_suite(void)
{
	Suite *s = suite_create("hostlist");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, hostlist_expands_ranges, 0,
			    (int)(sizeof(fa_hl_good) / sizeof(fa_hl_good[0])));
	tcase_add_loop_test(tc, hostlist_rejects_bad_ranges, 0,
			    (int)(sizeof(fa_hl_bad) / sizeof(fa_hl_bad[0])));
	tcase_add_test(tc, hostlist_cap_is_exact);
	tcase_add_test(tc, hostlist_expands_a_large_range);
	tcase_add_test(tc, hostlist_tells_ranges_from_names);
	suite_add_tcase(s, tc);
	return s;
}
