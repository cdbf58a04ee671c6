/* SPDX-License-Identifier: MIT */
/* Text scanning for parsers: lines, trimming, words, space-aligned columns, "Key: value". */
#include "config.h"

#include <string.h>

#include "audit/util/xalloc.h"
#include "drivers/text/textscan.h"
#include "drivers/text/units.h"
#include "audit/util/banned.h"

static bool fa_is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

void fa_textscan_init(struct fa_textscan *ts, const char *data, size_t len)
{
	ts->p = data ? data : "";
	ts->end = ts->p + (data ? len : 0);
	ts->lineno = 0;
}

bool fa_textscan_next(struct fa_textscan *ts, struct fa_textscan_span *ret_line)
{
	const char *nl;
	size_t n;

	if (ts->p >= ts->end)
		return false;
	nl = memchr(ts->p, '\n', (size_t)(ts->end - ts->p));
	n = nl ? (size_t)(nl - ts->p) : (size_t)(ts->end - ts->p);
	ret_line->ptr = ts->p;
	ret_line->len = n;
	if (n > 0 && ts->p[n - 1] == '\r')
		ret_line->len--;
	ts->p += n + (nl ? 1 : 0);
	ts->lineno++;
	return true;
}

struct fa_textscan_span fa_textscan_span_of(const char *s)
{
	struct fa_textscan_span r = { s, strlen(s) };

	return r;
}

struct fa_textscan_span fa_textscan_trim(struct fa_textscan_span s)
{
	while (s.len > 0 && fa_is_blank(s.ptr[0])) {
		s.ptr++;
		s.len--;
	}
	while (s.len > 0 && fa_is_blank(s.ptr[s.len - 1]))
		s.len--;
	return s;
}

size_t fa_textscan_indent(struct fa_textscan_span s)
{
	size_t i = 0;

	while (i < s.len && (s.ptr[i] == ' ' || s.ptr[i] == '\t'))
		i++;
	return i;
}

bool fa_textscan_is_blank(struct fa_textscan_span s)
{
	return fa_textscan_trim(s).len == 0;
}

bool fa_textscan_eq(struct fa_textscan_span s, const char *lit)
{
	size_t n = strlen(lit);

	return s.len == n && memcmp(s.ptr, lit, n) == 0;
}

bool fa_textscan_starts(struct fa_textscan_span s, const char *prefix)
{
	size_t n = strlen(prefix);

	return s.len >= n && memcmp(s.ptr, prefix, n) == 0;
}

long fa_textscan_find(struct fa_textscan_span s, const char *needle)
{
	size_t n = strlen(needle), i;

	if (n == 0)
		return 0;
	for (i = 0; i + n <= s.len; i++)
		if (s.ptr[i] == needle[0] && memcmp(s.ptr + i, needle, n) == 0)
			return (long)i;
	return -1;
}

bool fa_textscan_keyval(struct fa_textscan_span line, char sep, struct fa_textscan_span *ret_key,
			struct fa_textscan_span *ret_val)
{
	const char *at = line.len ? memchr(line.ptr, sep, line.len) : NULL;
	struct fa_textscan_span k, v;

	if (!at)
		return false;
	k.ptr = line.ptr;
	k.len = (size_t)(at - line.ptr);
	v.ptr = at + 1;
	v.len = line.len - k.len - 1;
	k = fa_textscan_trim(k);
	if (k.len == 0)
		return false;
	*ret_key = k;
	*ret_val = fa_textscan_trim(v);
	return true;
}

/*
 * One splitter for words and columns: a separator is a run of blanks; for columns it must be
 * two or more blanks long or contain a tab.
 */
static size_t fa_split(struct fa_textscan_span line, bool columns, struct fa_textscan_span *out,
		       size_t max)
{
	struct fa_textscan_span s = fa_textscan_trim(line);
	size_t i = 0, n = 0, start = 0;

	while (i < s.len) {
		size_t j = i;
		bool tab = false;

		if (!fa_is_blank(s.ptr[i])) {
			i++;
			continue;
		}
		while (j < s.len && fa_is_blank(s.ptr[j])) {
			tab |= s.ptr[j] == '\t';
			j++;
		}
		if (!columns || tab || j - i >= 2) {
			if (n < max) {
				out[n].ptr = s.ptr + start;
				out[n].len = i - start;
			}
			n++;
			start = j;
		}
		i = j;
	}
	if (start < s.len) {
		if (n < max) {
			out[n].ptr = s.ptr + start;
			out[n].len = s.len - start;
		}
		n++;
	}
	return n;
}

size_t fa_textscan_words(struct fa_textscan_span line, struct fa_textscan_span *words, size_t max)
{
	return fa_split(line, false, words, max);
}

size_t fa_textscan_columns(struct fa_textscan_span line, struct fa_textscan_span *cols,
			   size_t max)
{
	return fa_split(line, true, cols, max);
}

struct fa_textscan_span fa_textscan_cut(struct fa_textscan_span line, size_t begin, size_t end)
{
	struct fa_textscan_span c = { line.ptr, 0 };

	if (begin >= line.len)
		return c;
	if (end > line.len)
		end = line.len;
	c.ptr = line.ptr + begin;
	c.len = end - begin;
	return fa_textscan_trim(c);
}

bool fa_textscan_copy(struct fa_textscan_span s, char *buf, size_t size)
{
	if (size == 0)
		return false;
	if (s.len >= size) {
		buf[0] = '\0';
		return false;
	}
	memcpy(buf, s.ptr, s.len);
	buf[s.len] = '\0';
	return true;
}

char *fa_textscan_dup(struct fa_textscan_span s)
{
	return fa_xstrndup(s.ptr, s.len);
}

bool fa_textscan_int(struct fa_textscan_span s, int64_t *ret)
{
	char buf[32];

	/* A NUL inside the span would make the copy look shorter than it is. */
	if (!fa_textscan_copy(s, buf, sizeof(buf)) || strlen(buf) != s.len)
		return false;
	return fa_parse_int(buf, ret);
}
