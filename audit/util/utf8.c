/* SPDX-License-Identifier: MIT */
/*
 * Text cleaning for device bytes (see utf8.h).  The decoder follows Unicode's table of
 * well-formed UTF-8 byte sequences (Table 3-7): the second byte's range depends on the first,
 * which rules out overlong forms, surrogates and code points above U+10FFFF.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "audit/util/utf8.h"
#include "audit/util/xalloc.h"
#include "audit/util/banned.h"

size_t fa_utf8_next(const unsigned char *s, size_t n, bool *ret_ok, uint32_t *ret_cp)
{
	unsigned char c = s[0], lo = 0x80, hi = 0xbf;
	size_t need, i;
	uint32_t cp;

	*ret_ok = false;
	if (c < 0x80) {
		*ret_ok = true;
		*ret_cp = c;
		return 1;
	}
	if (c >= 0xc2 && c <= 0xdf) {
		need = 1;
		cp = c & 0x1f;
	} else if (c >= 0xe0 && c <= 0xef) {
		need = 2;
		cp = c & 0x0f;
		if (c == 0xe0)
			lo = 0xa0;
		else if (c == 0xed)
			hi = 0x9f;
	} else if (c >= 0xf0 && c <= 0xf4) {
		need = 3;
		cp = c & 0x07;
		if (c == 0xf0)
			lo = 0x90;
		else if (c == 0xf4)
			hi = 0x8f;
	} else {
		return 1;
	}
	for (i = 1; i <= need; i++) {
		if (i >= n || s[i] < lo || s[i] > hi)
			return i;
		cp = (cp << 6) | (s[i] & 0x3f);
		lo = 0x80;
		hi = 0xbf;
	}
	*ret_ok = true;
	*ret_cp = cp;
	return need + 1;
}

static bool fa_utf8_is_control(uint32_t cp)
{
	return (cp < 0x20 && cp != '\t') || (cp >= 0x7f && cp <= 0x9f);
}

/* Whether the sequence at @s needs replacing; its length in *ret_len. */
static bool fa_utf8_bad(const unsigned char *s, size_t n, unsigned flags, size_t *ret_len)
{
	uint32_t cp = 0;
	bool ok;

	*ret_len = fa_utf8_next(s, n, &ok, &cp);
	if (!ok)
		return true;
	if (cp == 0)
		return true;
	return !(flags & FA_UTF8_KEEP_CONTROLS) && fa_utf8_is_control(cp);
}

/* Whether the 8 bytes at @p are all printable ASCII (0x20 to 0x7e). */
static bool fa_ascii8(const unsigned char *p)
{
	const uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;
	uint64_t w, x;

	memcpy(&w, p, sizeof(w));
	if (w & high)
		return false;
	/* no high bit set: subtracting borrows into a byte's high bit only when some byte is
	 * below the bound (a borrow can mark a byte above a low one, never without one) */
	x = w ^ (0x7f * ones);
	return !((w - 0x20 * ones) & high) && !((x - ones) & ~x & high);
}

bool fa_utf8_is_clean(const char *s, size_t len, unsigned flags)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, l;

	while (i < len) {
		/* printable ASCII, the common case, eight bytes at a time, then one */
		if (len - i >= 8 && fa_ascii8(p + i)) {
			i += 8;
			continue;
		}
		if (p[i] >= 0x20 && p[i] < 0x7f) {
			i++;
			continue;
		}
		if (fa_utf8_bad(p + i, len - i, flags, &l))
			return false;
		i += l;
	}
	return true;
}

size_t fa_utf8_clean(const char *s, size_t len, unsigned flags, struct fa_buf *out)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, start = 0, l, n = 0;

	while (i < len) {
		if (p[i] >= 0x20 && p[i] < 0x7f) {
			i++;
			continue;
		}
		if (!fa_utf8_bad(p + i, len - i, flags, &l)) {
			i += l;
			continue;
		}
		fa_buf_add(out, s + start, i - start);
		fa_buf_add(out, FA_UTF8_REPLACEMENT, 3);
		n++;
		i += l;
		start = i;
	}
	fa_buf_add(out, s + start, len - start);
	return n;
}

/* The clean form of @s as a new string, or NULL when @s is already clean. */
static char *fa_utf8_cleaned(const char *s, size_t len, size_t *ret_len)
{
	struct fa_buf b;

	if (fa_utf8_is_clean(s, len, 0))
		return NULL;
	fa_buf_init(&b, 0);
	fa_utf8_clean(s, len, 0, &b);
	return fa_buf_detach(&b, ret_len);
}

static size_t fa_utf8_clean_keys(json_t *obj)
{
	const char *key;
	json_t *v, *bad = json_array();
	size_t i, n = 0;

	json_object_foreach(obj, key, v) {
		if (!fa_utf8_is_clean(key, strlen(key), 0))
			json_array_append_new(bad, json_string(key));
	}
	json_array_foreach(bad, i, v) {
		const char *old = json_string_value(v);
		size_t len;
		char *clean = fa_utf8_cleaned(old, strlen(old), &len);
		json_t *val = json_incref(json_object_get(obj, old));

		json_object_del(obj, old);
		json_object_set_new(obj, clean, val);
		free(clean);
		n++;
	}
	json_decref(bad);
	return n;
}

size_t fa_utf8_clean_json(json_t *v)
{
	const char *key;
	json_t *child;
	size_t i, n = 0;

	switch (json_typeof(v)) {
	case JSON_OBJECT:
		json_object_foreach(v, key, child)
			n += fa_utf8_clean_json(child);
		n += fa_utf8_clean_keys(v);
		break;
	case JSON_ARRAY:
		json_array_foreach(v, i, child)
			n += fa_utf8_clean_json(child);
		break;
	case JSON_STRING: {
		size_t len;
		char *clean = fa_utf8_cleaned(json_string_value(v), json_string_length(v), &len);

		if (clean) {
			json_string_setn(v, clean, len);
			free(clean);
			n++;
		}
		break;
	}
	default:
		break;
	}
	return n;
}
