/* SPDX-License-Identifier: MIT */
/*
 * Text that may have come from a device or a file, made safe to show on a terminal.
 *
 * A device name, a captured value or a line of an input file can hold bytes that drive the
 * terminal they are printed on (ESC [31m colours it, an unterminated OSC ESC ] swallows or
 * retitles, C1 U+009B acts as ESC [) or reorder what the reader sees (the Unicode bidi
 * overrides and isolates of "Trojan Source").  Every message and text report that can quote
 * such text passes it through here once, right before it is shown:
 *
 *   C0 controls (0x00-0x1f, newline and tab included) and DEL   \xNN
 *   bytes that are not part of valid UTF-8                        \xNN
 *   C1 controls U+0080-U+009F                                     \u00NN
 *   bidi controls U+202A-U+202E and U+2066-U+2069                 \uNNNN
 *
 * Everything else, printable UTF-8 included, is copied unchanged.  One message is one line:
 * the caller adds the newline after escaping.
 */
#ifndef FA_UTIL_TERMSAFE_H
#define FA_UTIL_TERMSAFE_H

#include <stdarg.h>
#include <stddef.h>

#include "audit/util/buf.h"

/* Append @len bytes of @s to @out, escaped as above. */
void fa_term_escape(struct fa_buf *out, const char *s, size_t len);
/* Append the string @s (NULL appends nothing), escaped. */
void fa_term_escapes(struct fa_buf *out, const char *s);
/* Format, then append the whole result escaped (arguments and format alike). */
void fa_term_addf(struct fa_buf *out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void fa_term_vaddf(struct fa_buf *out, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));

#endif /* FA_UTIL_TERMSAFE_H */
