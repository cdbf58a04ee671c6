/* SPDX-License-Identifier: MIT */
/*
 * Device bytes as text: the one representation of bytes that are not valid text
 * (docs/model.md, "Text").
 *
 * Model text is UTF-8 of Unicode scalar values with no control characters but TAB.  Every
 * byte sequence that is not, becomes U+FFFD REPLACEMENT CHARACTER:
 *   - each NUL, other C0 control (U+0001-U+001F but TAB), DEL and C1 control (U+0080-U+009F);
 *   - each maximal ill-formed subsequence of UTF-8 (Unicode 15, section 3.9, "U+FFFD
 *     Substitution of Maximal Subparts"), so a stray byte, a truncated sequence, an overlong
 *     form, a UTF-16 surrogate written as UTF-8 (CESU-8 "\xed\xa0\x80") and anything above
 *     U+10FFFF each give one U+FFFD per maximal subpart.
 * Such text is what jansson writes and both JSON readers (jansson, audit/util/jsonread.c)
 * read back, byte for byte.
 *
 * Captures keep the device's exact bytes; before a parser reads them, NULs and ill-formed
 * UTF-8 become U+FFFD the same way but control characters stay (line ends, tabs and escapes
 * are part of what a parser reads): FA_UTF8_KEEP_CONTROLS.
 */
#ifndef FA_UTIL_UTF8_H
#define FA_UTIL_UTF8_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "audit/util/buf.h"

enum fa_utf8_flags {
	FA_UTF8_KEEP_CONTROLS = 1 << 0,	/* replace only NUL and ill-formed UTF-8 */
};

/* "\xEF\xBF\xBD", U+FFFD in UTF-8. */
#define FA_UTF8_REPLACEMENT "\xef\xbf\xbd"

/*
 * Look at the sequence at @s (@n > 0 bytes): return its length and set *ret_ok when it is
 * well-formed UTF-8 (*ret_cp the code point), else return the length of its maximal
 * ill-formed subpart (at least 1).
 */
size_t fa_utf8_next(const unsigned char *s, size_t n, bool *ret_ok, uint32_t *ret_cp);

/* True when @s (@len bytes) needs no replacement under @flags. */
bool fa_utf8_is_clean(const char *s, size_t len, unsigned flags);

/*
 * Append @s (@len bytes) to @out with every byte sequence that is not text replaced by
 * U+FFFD (see above).  Returns how many replacements were made.
 */
size_t fa_utf8_clean(const char *s, size_t len, unsigned flags, struct fa_buf *out);

/*
 * Replace, in place, every string and object key below @v that is not model text (a key
 * that becomes equal to another key of its object keeps the later value).  Returns how many
 * strings and keys were changed.  Linear in the size of @v.
 */
size_t fa_utf8_clean_json(json_t *v);

#endif /* FA_UTIL_UTF8_H */
