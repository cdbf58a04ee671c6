/* SPDX-License-Identifier: MIT */
/*
 * audit/util/termsafe.c: what reaches a terminal.  Controls (C0, DEL, C1), the bidi controls
 * and bytes that are not UTF-8 are escaped; printable text, multi-byte UTF-8 included, and
 * the code points just outside the escaped ranges pass unchanged.
 */
#include "config.h"

#include <string.h>

#include "audit/util/buf.h"
#include "audit/util/termsafe.h"
#include "tests/unit/unit.h"

static const struct {
	const char *in;
	size_t len;	/* 0: strlen(in) */
	const char *out;
	const char *why;
} fa_ts_cases[] = {
	{ "leaf01 swp1", 0, "leaf01 swp1", "Printable ASCII passes unchanged." },
	{ "\033[31mred\033[0m", 0, "\\x1b[31mred\\x1b[0m", "A colour sequence's ESC is escaped." },
	{ "\033]0;title", 0, "\\x1b]0;title", "An unterminated OSC is escaped." },
	{ "a\nb\tc\rd", 0, "a\\x0ab\\x09c\\x0dd", "Newline, tab and CR are escaped: one line." },
	{ "x\x7fy", 0, "x\\x7fy", "DEL is escaped." },
	{ "a\0b", 3, "a\\x00b", "A NUL inside the length is escaped." },
	{ "\xc2\x9b" "2J", 0, "\\u009b2J", "C1 CSI (U+009B) is escaped." },
	{ "\xc2\x80\xc2\x9f\xc2\xa0", 0, "\\u0080\\u009f\xc2\xa0",
	  "C1 U+0080..U+009F are escaped, U+00A0 is not." },
	{ "abc\xe2\x80\xae" "cba", 0, "abc\\u202ecba", "RIGHT-TO-LEFT OVERRIDE is escaped." },
	{ "\xe2\x80\xaa\xe2\x80\xac\xe2\x81\xa6\xe2\x81\xa9", 0, "\\u202a\\u202c\\u2066\\u2069",
	  "Bidi embeddings, pops and isolates are escaped." },
	{ "\xe2\x80\xa9\xe2\x80\xaf\xe2\x81\xa5\xe2\x81\xaa", 0,
	  "\xe2\x80\xa9\xe2\x80\xaf\xe2\x81\xa5\xe2\x81\xaa",
	  "U+2029, U+202F, U+2065 and U+206A, just outside the ranges, pass." },
	{ "caf\xc3\xa9 \xe2\x9c\x93 \xf0\x9f\x98\x80", 0, "caf\xc3\xa9 \xe2\x9c\x93 \xf0\x9f\x98\x80",
	  "Valid UTF-8 text (2, 3 and 4 bytes) passes unchanged." },
	{ "a\x9b" "b", 0, "a\\x9bb", "A lone 0x9b byte (8-bit CSI) is escaped." },
	{ "\xff\xfe", 0, "\\xff\\xfe", "Bytes that never start UTF-8 are escaped." },
	{ "\xc0\x80", 0, "\\xc0\\x80", "An overlong encoding is escaped byte by byte." },
	{ "\xed\xa0\x80", 0, "\\xed\\xa0\\x80", "An encoded surrogate is escaped." },
	{ "\xf4\x90\x80\x80", 0, "\\xf4\\x90\\x80\\x80", "Past U+10FFFF is escaped." },
	{ "x\xe2\x80", 0, "x\\xe2\\x80", "A sequence cut short at the end is escaped." },
	{ "\xe2\x80" "A", 0, "\\xe2\\x80A", "A sequence cut short by ASCII is escaped." },
};

START_TEST(termsafe_escapes_what_drives_a_terminal)
{
	struct fa_buf b = FA_BUF_INIT;
	size_t len = fa_ts_cases[_i].len ? fa_ts_cases[_i].len : strlen(fa_ts_cases[_i].in);

	fa_term_escape(&b, fa_ts_cases[_i].in, len);
	ck_assert_msg(strcmp(b.buf, fa_ts_cases[_i].out) == 0, "%s (got \"%s\")",
		      fa_ts_cases[_i].why, b.buf);
	fa_buf_release(&b);
}
END_TEST

START_TEST(termsafe_addf_escapes_the_arguments)
{
	struct fa_buf b = FA_BUF_INIT;

	fa_term_addf(&b, "%s: %s", "leaf\033]0;x", "parse-error \xe2\x80\xae");
	ck_assert_str_eq(b.buf, "leaf\\x1b]0;x: parse-error \\u202e");
	fa_term_escapes(&b, NULL);
	ck_assert_msg(b.len == strlen("leaf\\x1b]0;x: parse-error \\u202e"),
		      "A NULL string appends nothing.");
	fa_buf_release(&b);
}
END_TEST

Suite *fa_termsafe_suite(void)
{
	Suite *s = suite_create("termsafe");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, termsafe_escapes_what_drives_a_terminal, 0,
			    sizeof(fa_ts_cases) / sizeof(fa_ts_cases[0]));
	tcase_add_test(tc, termsafe_addf_escapes_the_arguments);
	suite_add_tcase(s, tc);
	return s;
}
