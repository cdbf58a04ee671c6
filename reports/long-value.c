/* SPDX-License-Identifier: MIT */
/*
 * Long values in the text and HTML reports.  One device can send a 100 KB port description or
 * firmware string; shown whole it pushes every other column off a terminal and every table
 * of the page off the screen.  Both renderers show the first FA_REPORT_VALUE_MAX characters and
 * the same marker ("… 99,800 more characters"); the HTML page keeps the full value one click
 * away, the text report prints it with --full-values, and JSON always keeps it.
 */
#include "config.h"

#include <stdio.h>

#include "reports/render-int.h"
#include "audit/util/banned.h"

/* A byte that starts a character: anything but a UTF-8 continuation byte. */
static bool fa_long_starts_char(char c)
{
	return ((unsigned char)c & 0xc0) != 0x80;
}

size_t fa_report_value_cut(const char *s, size_t len, size_t *ret_rest)
{
	size_t i, chars = 0, cut = len, rest = 0;

	for (i = 0; i < len; i++) {
		if (!fa_long_starts_char(s[i]))
			continue;
		if (chars == FA_REPORT_VALUE_MAX)
			cut = i;
		if (chars++ >= FA_REPORT_VALUE_MAX)
			rest++;
	}
	*ret_rest = rest;
	return rest ? cut : len;
}

void fa_report_value_marker(struct fa_buf *out, size_t rest)
{
	char digits[32];
	size_t i, n = (size_t)snprintf(digits, sizeof(digits), "%zu", rest);

	fa_buf_adds(out, "\xe2\x80\xa6 ");	/* U+2026 HORIZONTAL ELLIPSIS */
	for (i = 0; i < n; i++) {
		if (i && (n - i) % 3 == 0)
			fa_buf_addch(out, ',');
		fa_buf_addch(out, digits[i]);
	}
	fa_buf_adds(out, rest == 1 ? " more character" : " more characters");
}
