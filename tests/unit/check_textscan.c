/* SPDX-License-Identifier: MIT */
/* The text scanning helpers parsers share: lines, trimming, words, columns, "Key: value". */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "drivers/text/mac.h"
#include "drivers/text/textscan.h"
#include "tests/unit/unit.h"

static struct fa_textscan_span fa_t_span(const char *s)
{
	return fa_textscan_span_of(s);
}

START_TEST(textscan_lines_drop_line_ends)
{
	static const char text[] = "first\r\n\nthird\tline  \nlast without newline";
	static const char *const want[] = {"first", "", "third\tline  ", "last without newline"};
	struct fa_textscan_span line;
	struct fa_textscan ts;
	size_t n = 0;

	fa_textscan_init(&ts, text, strlen(text));
	while (fa_textscan_next(&ts, &line)) {
		ck_assert_msg(n < 4, "The text has four lines, not more.");
		ck_assert_msg(fa_textscan_eq(line, want[n]), "Line %zu reads '%s', got '%.*s'.",
			      n + 1, want[n], (int)line.len, line.ptr);
		ck_assert_msg(ts.lineno == n + 1, "The cursor counts line %zu.", n + 1);
		n++;
	}
	ck_assert_msg(n == 4, "All four lines are returned, including an unterminated last one.");
	ck_assert_msg(!fa_textscan_next(&ts, &line), "The end stays the end.");
}
END_TEST

START_TEST(textscan_empty_and_null_input_have_no_lines)
{
	struct fa_textscan_span line;
	struct fa_textscan ts;

	fa_textscan_init(&ts, "", 0);
	ck_assert_msg(!fa_textscan_next(&ts, &line), "Empty text has no line.");
	fa_textscan_init(&ts, NULL, 5);
	ck_assert_msg(!fa_textscan_next(&ts, &line),
		      "A NULL buffer has no line, whatever its length.");
	fa_textscan_init(&ts, "\n", 1);
	ck_assert_msg(fa_textscan_next(&ts, &line) && line.len == 0,
		      "A lone newline is one empty line.");
	ck_assert_msg(!fa_textscan_next(&ts, &line), "Nothing follows the last newline.");
}
END_TEST

START_TEST(textscan_lines_keep_embedded_nul)
{
	static const char text[] = "a\0b\nc";
	struct fa_textscan_span line;
	struct fa_textscan ts;

	fa_textscan_init(&ts, text, sizeof(text) - 1);
	ck_assert_msg(fa_textscan_next(&ts, &line) && line.len == 3,
		      "A NUL is an ordinary byte inside a line (got length %zu).", line.len);
	ck_assert_msg(fa_textscan_next(&ts, &line) && fa_textscan_eq(line, "c"),
		      "The line after one with a NUL is found.");
}
END_TEST

START_TEST(textscan_trim_indent_and_compare)
{
	struct fa_textscan_span s = fa_t_span("\t  Port 1:  \r");

	ck_assert_msg(fa_textscan_indent(s) == 3, "Tabs and spaces both count as indentation.");
	s = fa_textscan_trim(s);
	ck_assert_msg(fa_textscan_eq(s, "Port 1:"), "Trim removes blanks and '\\r' at both ends.");
	ck_assert_msg(fa_textscan_starts(s, "Port ") && !fa_textscan_starts(s, "Port 1:x"),
		      "starts() needs the whole prefix.");
	ck_assert_msg(fa_textscan_find(s, "1:") == 5 && fa_textscan_find(s, "2") == -1,
		      "find() gives the offset, or -1.");
	ck_assert_msg(fa_textscan_is_blank(fa_t_span(" \t ")) && !fa_textscan_is_blank(s),
		      "Only blanks make a blank span.");
	ck_assert_msg(!fa_textscan_eq(s, "Port 1"), "eq() compares the whole span.");
}
END_TEST

START_TEST(textscan_keyval_splits_at_first_separator)
{
	struct fa_textscan_span k, v;

	ck_assert_msg(fa_textscan_keyval(fa_t_span("\tFirmware version: 28.39.1002 "), ':', &k, &v),
		      "A 'Key: value' line splits.");
	ck_assert_msg(fa_textscan_eq(k, "Firmware version") && fa_textscan_eq(v, "28.39.1002"),
		      "Key and value are trimmed.");
	ck_assert_msg(fa_textscan_keyval(fa_t_span("bus-info: 0000:17:00.0"), ':', &k, &v) &&
			  fa_textscan_eq(v, "0000:17:00.0"),
		      "Only the first separator splits; the value keeps later ones.");
	ck_assert_msg(fa_textscan_keyval(fa_t_span("expansion-rom-version:"), ':', &k, &v) &&
			  v.len == 0,
		      "A key without a value gives an empty value.");
	ck_assert_msg(fa_textscan_keyval(fa_t_span("NAME=\"Ubuntu\""), '=', &k, &v) &&
			  fa_textscan_eq(v, "\"Ubuntu\""),
		      "Another separator can be chosen.");
	ck_assert_msg(!fa_textscan_keyval(fa_t_span("no separator here"), ':', &k, &v),
		      "A line without the separator is not a pair.");
	ck_assert_msg(!fa_textscan_keyval(fa_t_span("  : value"), ':', &k, &v),
		      "An empty key is not a pair.");
}
END_TEST

START_TEST(textscan_columns_split_on_two_blanks)
{
	struct fa_textscan_span c[8];
	size_t n;

	n = fa_textscan_columns(
	    fa_t_span("Configurations:      Default      Current      Next Boot"), c, 8);
	ck_assert_msg(n == 4 && fa_textscan_eq(c[3], "Next Boot"),
		      "A single space stays inside a column ('Next Boot'); got %zu columns.", n);
	n = fa_textscan_columns(fa_t_span("*        KEEP_IB_LINK_UP_P2   False(0)  True(1)   "), c,
				8);
	ck_assert_msg(n == 4 && fa_textscan_eq(c[0], "*") && fa_textscan_eq(c[3], "True(1)"),
		      "Trailing blanks add no empty column.");
	n = fa_textscan_columns(fa_t_span("\tpriority 0\t1"), c, 8);
	ck_assert_msg(n == 2 && fa_textscan_eq(c[0], "priority 0") && fa_textscan_eq(c[1], "1"),
		      "A tab separates columns on its own.");
	n = fa_textscan_columns(fa_t_span("a  b  c  d  e"), c, 2);
	ck_assert_msg(n == 5 && fa_textscan_eq(c[1], "b"),
		      "The count tells how many columns there are even past the array size.");
	ck_assert_msg(fa_textscan_columns(fa_t_span("   "), c, 8) == 0,
		      "A blank line has no columns.");
}
END_TEST

START_TEST(textscan_cut_takes_fixed_columns)
{
	struct fa_textscan_span line = fa_t_span("mode                lossless     lossless");

	ck_assert_msg(fa_textscan_eq(fa_textscan_cut(line, 0, 20), "mode"),
		      "A cell is trimmed of the blanks up to the next column.");
	ck_assert_msg(fa_textscan_eq(fa_textscan_cut(line, 20, 33), "lossless"),
		      "A middle cell runs from its column's start to the next one's.");
	ck_assert_msg(fa_textscan_eq(fa_textscan_cut(line, 33, 1000), "lossless"),
		      "The last cell is clipped to the line.");
	ck_assert_msg(fa_textscan_cut(line, 100, 120).len == 0,
		      "A column past the end of a short line is empty.");
}
END_TEST

START_TEST(textscan_words_split_on_any_blank)
{
	struct fa_textscan_span w[4];
	size_t n = fa_textscan_words(fa_t_span(" mlx5_0 port 1 ==> ens1f0np0 (Up)"), w, 4);

	ck_assert_msg(n == 6, "Six words are counted, got %zu.", n);
	ck_assert_msg(fa_textscan_eq(w[0], "mlx5_0") && fa_textscan_eq(w[3], "==>"),
		      "The first words are filled in order.");
	ck_assert_msg(fa_textscan_words(fa_t_span(""), w, 4) == 0, "Empty text has no word.");
}
END_TEST

START_TEST(textscan_int_copy_and_dup)
{
	char buf[8];
	int64_t v = 0;
	char *d;

	ck_assert_msg(fa_textscan_int(fa_t_span(" 4200 "), &v) && v == 4200,
		      "A number with blanks around parses.");
	ck_assert_msg(!fa_textscan_int(fa_t_span("42x"), &v), "Trailing junk is not a number.");
	ck_assert_msg(!fa_textscan_int(fa_t_span(""), &v), "Nothing is not a number.");
	ck_assert_msg(!fa_textscan_int(fa_t_span("123456789012345678901234567890123"), &v),
		      "An over-long number is refused, not truncated.");
	ck_assert_msg(!fa_textscan_int((struct fa_textscan_span){"4\0"
								 "2",
								 3},
				       &v),
		      "A NUL inside the digits is not a number.");
	ck_assert_msg(fa_textscan_copy(fa_t_span("mlx5_0"), buf, sizeof(buf)) &&
			  strcmp(buf, "mlx5_0") == 0,
		      "A span that fits is copied as a C string.");
	ck_assert_msg(!fa_textscan_copy(fa_t_span("mlx5_bond_0"), buf, sizeof(buf)) &&
			  buf[0] == '\0',
		      "A span that does not fit is refused and leaves an empty string.");
	d = fa_textscan_dup((struct fa_textscan_span){"abcdef", 3});
	ck_assert_msg(strcmp(d, "abc") == 0, "dup() copies exactly the span.");
	free(d);
}
END_TEST

START_TEST(mac_forms_of_every_platform_read_as_one)
{
	static const char *const same[] = {"00:1B:21:aA:bb:0c", "001b.21aa.bb0c",
					   "00-1b-21-aa-bb-0c", "00:1b:21:aa:bb:0c"};
	static const char *const not_mac[] = {
	    "",		     "00:1b:21:aa:bb",	"00:1b:21:aa:bb:0c:", "00:1b-21:aa:bb:0c",
	    "001b21aabb0c",  "001b:21aa:bb0c",	"00.1b.21.aa.bb.0c",  "00:1b:21:aa:bb:0g",
	    "001b.21aa.bb0", "0 1b:21:aa:bb:0c",
	};
	char out[18];
	size_t i;

	for (i = 0; i < sizeof(same) / sizeof(same[0]); i++) {
		ck_assert_msg(fa_mac_canonical(same[i], strlen(same[i]), out), "%s is a MAC.",
			      same[i]);
		ck_assert_str_eq(out, "00:1b:21:aa:bb:0c");
	}
	for (i = 0; i < sizeof(not_mac) / sizeof(not_mac[0]); i++)
		ck_assert_msg(!fa_mac_canonical(not_mac[i], strlen(not_mac[i]), out),
			      "'%s' is not a MAC address.", not_mac[i]);
	/* a span inside a longer line: only its bytes count */
	ck_assert(fa_mac_canonical("0800.27dc.5443 (bia 0800.27dc.5443)", 14, out));
	ck_assert_str_eq(out, "08:00:27:dc:54:43");
}
END_TEST

Suite *fa_textscan_suite(void)
{
	Suite *s = suite_create("textscan");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, textscan_lines_drop_line_ends);
	tcase_add_test(tc, textscan_empty_and_null_input_have_no_lines);
	tcase_add_test(tc, textscan_lines_keep_embedded_nul);
	tcase_add_test(tc, textscan_trim_indent_and_compare);
	tcase_add_test(tc, textscan_keyval_splits_at_first_separator);
	tcase_add_test(tc, textscan_columns_split_on_two_blanks);
	tcase_add_test(tc, textscan_cut_takes_fixed_columns);
	tcase_add_test(tc, textscan_words_split_on_any_blank);
	tcase_add_test(tc, textscan_int_copy_and_dup);
	tcase_add_test(tc, mac_forms_of_every_platform_read_as_one);
	suite_add_tcase(s, tc);
	return s;
}
