/* SPDX-License-Identifier: MIT */
/* Terminal-safe text (audit/util/termsafe.h): only harmless characters pass as they are. */
#include "config.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "audit/util/termsafe.h"
#include "audit/util/utf8.h"

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
	uint32_t cp = 0;
	bool ok;

	while (i < len) {
		if (p[i] < 0x80) {
			if (p[i] < 0x20 || p[i] == 0x7f)
				fa_buf_addf(out, "\\x%02x", p[i]);
			else
				fa_buf_addch(out, (char)p[i]);
			i++;
			continue;
		}
		n = fa_utf8_next(p + i, len - i, &ok, &cp);
		if (!ok) {
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
