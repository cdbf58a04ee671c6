/* SPDX-License-Identifier: MIT */
/* Terminal-safe text (audit/util/termsafe.h): a UTF-8 decoder that lets only harmless
 * characters through. */
#include "config.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "audit/util/termsafe.h"

/*
 * The code point of the valid UTF-8 sequence at @p (at most @len bytes) and its length in
 * *ret_n; 0 when the bytes there are not valid UTF-8 (overlong, surrogate, past U+10FFFF,
 * cut short).  ASCII is handled by the caller.
 */
static uint32_t fa_term_decode(const unsigned char *p, size_t len, size_t *ret_n)
{
	uint32_t cp, min;
	size_t n, i;

	if (p[0] >= 0xc2 && p[0] <= 0xdf) {
		n = 2, cp = p[0] & 0x1f, min = 0x80;
	} else if (p[0] >= 0xe0 && p[0] <= 0xef) {
		n = 3, cp = p[0] & 0x0f, min = 0x800;
	} else if (p[0] >= 0xf0 && p[0] <= 0xf4) {
		n = 4, cp = p[0] & 0x07, min = 0x10000;
	} else {
		return 0;
	}
	if (len < n)
		return 0;
	for (i = 1; i < n; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (p[i] & 0x3f);
	}
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	*ret_n = n;
	return cp;
}

/* C1 controls and the bidi embeddings, overrides and isolates. */
static bool fa_term_is_unsafe(uint32_t cp)
{
	return (cp >= 0x80 && cp <= 0x9f) || (cp >= 0x202a && cp <= 0x202e) ||
	       (cp >= 0x2066 && cp <= 0x2069);
}

void fa_term_escape(struct fa_buf *out, const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, n;
	uint32_t cp;

	while (i < len) {
		if (p[i] < 0x80) {
			if (p[i] < 0x20 || p[i] == 0x7f)
				fa_buf_addf(out, "\\x%02x", p[i]);
			else
				fa_buf_addch(out, (char)p[i]);
			i++;
			continue;
		}
		cp = fa_term_decode(p + i, len - i, &n);
		if (!cp) {
			fa_buf_addf(out, "\\x%02x", p[i]);
			i++;
		} else if (fa_term_is_unsafe(cp)) {
			fa_buf_addf(out, "\\u%04x", (unsigned)cp);
			i += n;
		} else {
			fa_buf_add(out, p + i, n);
			i += n;
		}
	}
}

void fa_term_escapes(struct fa_buf *out, const char *s)
{
	if (s)
		fa_term_escape(out, s, strlen(s));
}

void fa_term_vaddf(struct fa_buf *out, const char *fmt, va_list ap)
{
	struct fa_buf raw = FA_BUF_INIT;

	fa_buf_vaddf(&raw, fmt, ap);
	fa_term_escape(out, raw.buf, raw.len);
	fa_buf_release(&raw);
}

void fa_term_addf(struct fa_buf *out, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fa_term_vaddf(out, fmt, ap);
	va_end(ap);
}
