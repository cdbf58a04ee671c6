/* SPDX-License-Identifier: MIT */
/*
 * One-pass JSON writer with json_dumpb()'s output (see jsonwrite.h).  The layout rules are
 * jansson 2.14's dump.c: a container's first member and its closing bracket each start a new
 * line indented by depth (JSON_INDENT), members are separated by "," and a new line (or ", "
 * without indentation, "," with JSON_COMPACT), keys by ": " (":" with JSON_COMPACT), empty
 * containers are "{}" and "[]", and sorted keys compare as bytes, a shorter key first.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "audit/util/jsonwrite.h"
#include "audit/util/utf8.h"
#include "audit/util/xalloc.h"
#include "audit/util/banned.h"

/* Flags this writer lays out itself; with any other, jansson writes the value. */
#define FA_JW_OWN_FLAGS (JSON_MAX_INDENT | JSON_COMPACT | JSON_SORT_KEYS | \
			 JSON_PRESERVE_ORDER | JSON_ENCODE_ANY)

#define FA_JW_FLUSH_AT (64 * 1024)

struct fa_jw {
	struct fa_buf *out;
	FILE *f;		/* flushed to when the buffer passes FA_JW_FLUSH_AT, or NULL */
	size_t flags;
	size_t indent;
	int failed;
};

struct fa_jw_member {
	const char *key;
	size_t len;
	json_t *value;
};

static void fa_jw_put(struct fa_jw *w, const char *s, size_t n)
{
	struct fa_buf *b = w->out;

	/* most pieces are a few bytes, copied in place; fa_buf_add() grows the buffer and keeps
	 * its cap */
	if (!b->cap && b->alloc - b->len > n) {
		memcpy(b->buf + b->len, s, n);
		b->len += n;
		b->buf[b->len] = '\0';
	} else if (fa_buf_add(b, s, n) < 0) {
		w->failed = 1;
	}
}

static void fa_jw_flush(struct fa_jw *w)
{
	if (!w->f || w->out->len < FA_JW_FLUSH_AT)
		return;
	if (fwrite(w->out->buf, 1, w->out->len, w->f) != w->out->len)
		w->failed = 1;
	fa_buf_reset(w->out);
}

/* A new line indented to @depth, or the blank jansson puts after "," without indentation. */
static void fa_jw_indent(struct fa_jw *w, size_t depth, int space)
{
	static const char blanks[] = "                                ";
	size_t n = depth * w->indent, k;

	if (w->indent == 0) {
		if (space && !(w->flags & JSON_COMPACT))
			fa_jw_put(w, " ", 1);
		return;
	}
	fa_jw_put(w, "\n", 1);
	for (; n > 0; n -= k) {
		k = n < sizeof(blanks) - 1 ? n : sizeof(blanks) - 1;
		fa_jw_put(w, blanks, k);
	}
}

static void fa_jw_string(struct fa_jw *w, const char *str, size_t len)
{
	static const char hex[] = "0123456789ABCDEF";
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0, run = 0, k;
	uint32_t cp;
	bool ok;
	char esc[6] = { '\\', 'u', '0', '0', 0, 0 };

	fa_jw_put(w, "\"", 1);
	while (i < len) {
		unsigned char c = s[i];

		if (c >= 0x20 && c != '"' && c != '\\' && c < 0x80) {
			i++;
			continue;
		}
		if (c >= 0x80) {
			k = fa_utf8_next(s + i, len - i, &ok, &cp);
			if (!ok) {
				w->failed = 1;
				return;
			}
			i += k;
			continue;
		}
		fa_jw_put(w, str + run, i - run);
		switch (c) {
		case '"':
			fa_jw_put(w, "\\\"", 2);
			break;
		case '\\':
			fa_jw_put(w, "\\\\", 2);
			break;
		case '\b':
			fa_jw_put(w, "\\b", 2);
			break;
		case '\f':
			fa_jw_put(w, "\\f", 2);
			break;
		case '\n':
			fa_jw_put(w, "\\n", 2);
			break;
		case '\r':
			fa_jw_put(w, "\\r", 2);
			break;
		case '\t':
			fa_jw_put(w, "\\t", 2);
			break;
		default:
			esc[4] = hex[c >> 4];
			esc[5] = hex[c & 0xf];
			fa_jw_put(w, esc, sizeof(esc));
			break;
		}
		run = ++i;
	}
	fa_jw_put(w, str + run, len - run);
	fa_jw_put(w, "\"", 1);
}

static void fa_jw_integer(struct fa_jw *w, json_int_t v)
{
	char digits[24], *p = digits + sizeof(digits);
	/* negated as unsigned: the most negative value has no positive counterpart */
	unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;

	do {
		*--p = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	if (v < 0)
		*--p = '-';
	fa_jw_put(w, p, (size_t)(digits + sizeof(digits) - p));
}

static void fa_jw_real(struct fa_jw *w, const json_t *v)
{
	char text[128];
	size_t n = json_dumpb(v, text, sizeof(text), (w->flags & JSON_REAL_PRECISION(31)) |
			      JSON_ENCODE_ANY);

	if (n == 0 || n > sizeof(text))
		w->failed = 1;
	else
		fa_jw_put(w, text, n);
}

static int fa_jw_member_cmp(const void *a, const void *b)
{
	const struct fa_jw_member *x = a, *y = b;
	int r = memcmp(x->key, y->key, x->len < y->len ? x->len : y->len);

	if (r)
		return r;
	return x->len < y->len ? -1 : x->len > y->len;
}

static void fa_jw_value(struct fa_jw *w, const json_t *v, size_t depth);

static void fa_jw_members(struct fa_jw *w, struct fa_jw_member *m, size_t n, size_t depth)
{
	const char *sep = (w->flags & JSON_COMPACT) ? ":" : ": ";
	size_t i;

	for (i = 0; i < n && !w->failed; i++) {
		fa_jw_string(w, m[i].key, m[i].len);
		fa_jw_put(w, sep, strlen(sep));
		fa_jw_value(w, m[i].value, depth + 1);
		if (i + 1 < n) {
			fa_jw_put(w, ",", 1);
			fa_jw_indent(w, depth + 1, 1);
		} else {
			fa_jw_indent(w, depth, 0);
		}
	}
}

static void fa_jw_object(struct fa_jw *w, const json_t *v, size_t depth)
{
	struct fa_jw_member small[32], *m = small;
	size_t n = json_object_size(v), i = 0;
	void *it;

	fa_jw_put(w, "{", 1);
	if (n == 0) {
		fa_jw_put(w, "}", 1);
		return;
	}
	if (n > sizeof(small) / sizeof(small[0]))
		m = fa_xreallocarray(NULL, n, sizeof(*m));
	for (it = json_object_iter((json_t *)v); it && i < n;
	     it = json_object_iter_next((json_t *)v, it), i++) {
		m[i].key = json_object_iter_key(it);
		m[i].len = json_object_iter_key_len(it);
		m[i].value = json_object_iter_value(it);
	}
	if (w->flags & JSON_SORT_KEYS)
		qsort(m, i, sizeof(*m), fa_jw_member_cmp);
	fa_jw_indent(w, depth + 1, 0);
	fa_jw_members(w, m, i, depth);
	if (m != small)
		free(m);
	fa_jw_put(w, "}", 1);
}

static void fa_jw_array(struct fa_jw *w, const json_t *v, size_t depth)
{
	size_t n = json_array_size(v), i;

	fa_jw_put(w, "[", 1);
	if (n == 0) {
		fa_jw_put(w, "]", 1);
		return;
	}
	fa_jw_indent(w, depth + 1, 0);
	for (i = 0; i < n && !w->failed; i++) {
		fa_jw_value(w, json_array_get(v, i), depth + 1);
		if (i + 1 < n) {
			fa_jw_put(w, ",", 1);
			fa_jw_indent(w, depth + 1, 1);
		} else {
			fa_jw_indent(w, depth, 0);
		}
		fa_jw_flush(w);
	}
	fa_jw_put(w, "]", 1);
}

static void fa_jw_value(struct fa_jw *w, const json_t *v, size_t depth)
{
	if (!v || depth > FA_JSON_WRITE_MAX_DEPTH) {
		w->failed = 1;
		return;
	}
	switch (json_typeof(v)) {
	case JSON_OBJECT:
		fa_jw_object(w, v, depth);
		break;
	case JSON_ARRAY:
		fa_jw_array(w, v, depth);
		break;
	case JSON_STRING:
		fa_jw_string(w, json_string_value(v), json_string_length(v));
		break;
	case JSON_INTEGER:
		fa_jw_integer(w, json_integer_value(v));
		break;
	case JSON_REAL:
		fa_jw_real(w, v);
		break;
	case JSON_TRUE:
		fa_jw_put(w, "true", 4);
		break;
	case JSON_FALSE:
		fa_jw_put(w, "false", 5);
		break;
	case JSON_NULL:
		fa_jw_put(w, "null", 4);
		break;
	}
}

static int fa_jw_to_buf(const char *s, size_t n, void *data)
{
	return fa_buf_add(data, s, n) < 0 ? -1 : 0;
}

static int fa_jw_run(const json_t *v, size_t flags, struct fa_buf *out, FILE *f)
{
	struct fa_jw w = { out, f, flags, flags & JSON_MAX_INDENT, 0 };

	if (flags & ~(size_t)FA_JW_OWN_FLAGS & ~(size_t)JSON_REAL_PRECISION(31)) {
		if (json_dump_callback(v, fa_jw_to_buf, out, flags) < 0)
			return -1;
		w.failed = 0;
	} else if (!v || (!(flags & JSON_ENCODE_ANY) && !json_is_object(v) && !json_is_array(v))) {
		return -1;
	} else {
		fa_jw_value(&w, v, 0);
	}
	if (f && !w.failed && out->len && fwrite(out->buf, 1, out->len, f) != out->len)
		w.failed = 1;
	return w.failed ? -1 : 0;
}

int fa_json_write(const json_t *v, size_t flags, struct fa_buf *out)
{
	return fa_jw_run(v, flags, out, NULL);
}

int fa_json_write_file(const json_t *v, size_t flags, FILE *f)
{
	struct fa_buf buf = FA_BUF_INIT;
	int r = fa_jw_run(v, flags, &buf, f);

	fa_buf_release(&buf);
	return r;
}
