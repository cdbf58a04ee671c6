/* SPDX-License-Identifier: MIT */
/*
 * Text scanning for parsers of command output.
 *
 * Device tools print tables and "Key: value" lists meant for eyes, not programs.  These
 * helpers cut such text into spans (a pointer and a length into the capture, never copied,
 * never NUL-terminated) so a parser can look at lines, words and columns without allocating
 * and without ever reading past the capture:
 *
 *   - lines:   fa_textscan_next() yields each line without its "\n" or "\r\n"; the last line
 *              need not end in a newline (sysfs files often do not).
 *   - columns: tables aligned with spaces are split on runs of two or more blanks (or a tab),
 *              never on positions, because column widths change between tool versions and a
 *              long value shifts everything after it.
 *   - fields:  "Key: value" or "KEY=value" splits at the first separator, both sides trimmed.
 *
 * A span is only valid while the capture it points into is.  Functions taking a span by
 * value never modify the text.
 */
#ifndef FA_DRIVERS_TEXTSCAN_H
#define FA_DRIVERS_TEXTSCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A piece of text: @len bytes at @ptr (not NUL-terminated). */
struct fa_textscan_span {
	const char *ptr;
	size_t len;
};

/* A cursor over lines of text; @lineno is the 1-based number of the line last returned. */
struct fa_textscan {
	const char *p;
	const char *end;
	unsigned lineno;
};

/* Start scanning @len bytes at @data (which may contain NULs; they are ordinary bytes here). */
void fa_textscan_init(struct fa_textscan *ts, const char *data, size_t len);

/* The next line, without its line end.  False at the end of the text. */
bool fa_textscan_next(struct fa_textscan *ts, struct fa_textscan_span *ret_line);

/* A span of the NUL-terminated @s. */
struct fa_textscan_span fa_textscan_span_of(const char *s);

/* @s without leading and trailing blanks (spaces, tabs, '\r'). */
struct fa_textscan_span fa_textscan_trim(struct fa_textscan_span s);

/* How many blanks (spaces or tabs) @s starts with. */
size_t fa_textscan_indent(struct fa_textscan_span s);

/* True when @s holds nothing but blanks. */
bool fa_textscan_is_blank(struct fa_textscan_span s);

/* True when @s is exactly @lit. */
bool fa_textscan_eq(struct fa_textscan_span s, const char *lit);

/* True when @s starts with @prefix. */
bool fa_textscan_starts(struct fa_textscan_span s, const char *prefix);

/* The offset of the first @needle in @s, or -1. */
long fa_textscan_find(struct fa_textscan_span s, const char *needle);

/*
 * Split @line at the first @sep into a trimmed key and a trimmed value ("Key: value",
 * "KEY=value").  False (outputs untouched) when @sep is not in @line or the key is empty.
 */
bool fa_textscan_keyval(struct fa_textscan_span line, char sep, struct fa_textscan_span *ret_key,
			struct fa_textscan_span *ret_val);

/*
 * Split @line into words separated by blanks.  Fills at most @max spans of @words and
 * returns how many words there are (possibly more than @max, so a caller can tell).
 */
size_t fa_textscan_words(struct fa_textscan_span line, struct fa_textscan_span *words, size_t max);

/*
 * Split @line into columns separated by runs of two or more spaces, or by any run holding a
 * tab; single spaces stay inside a column ("Next Boot").  Leading and trailing blanks are
 * ignored.  Fills at most @max spans and returns the number of columns, as _words does.
 */
size_t fa_textscan_columns(struct fa_textscan_span line, struct fa_textscan_span *cols,
			   size_t max);

/*
 * The bytes of @line from offset @begin to @end (clipped to the line; @end may be past it),
 * trimmed: one cell of a table whose columns start at fixed offsets.
 */
struct fa_textscan_span fa_textscan_cut(struct fa_textscan_span line, size_t begin, size_t end);

/*
 * Copy @s into @buf as a C string.  False (and @buf holds the empty string when @size > 0)
 * when it does not fit.
 */
bool fa_textscan_copy(struct fa_textscan_span s, char *buf, size_t size);

/* A new C string holding @s (free with free()). */
char *fa_textscan_dup(struct fa_textscan_span s);

/* Parse @s (blanks around allowed) as a whole decimal integer.  False on anything else. */
bool fa_textscan_int(struct fa_textscan_span s, int64_t *ret);

#endif /* FA_DRIVERS_TEXTSCAN_H */
