/* SPDX-License-Identifier: MIT */
/* Member-by-member reading of a JSON array or object (see jsoneach.h). */
#include "config.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/util/xalloc.h"
#include "drivers/parse.h"
#include "drivers/text/jsoneach.h"
#include "drivers/text/jsonload.h"
#include "audit/util/banned.h"

/* A cursor over the text, counting lines so that errors point into the whole document. */
struct fa_je {
	const char *s;
	size_t len, i;
	int line;		/* 1-based line of s[i] */
	size_t line_start;	/* index of the first byte of that line */
	json_error_t *jerr;
	size_t flags;		/* json_loadb() flags added for each member */
};

static int fa_je_fail(struct fa_je *c, const char *msg)
{
	c->jerr->line = c->line;
	c->jerr->column = (int)(c->i - c->line_start) + 1;
	c->jerr->position = (int)c->i;
	snprintf(c->jerr->text, sizeof(c->jerr->text), "%s", msg);
	return -FA_EPARSE;
}

static void fa_je_ws(struct fa_je *c)
{
	while (c->i < c->len) {
		char ch = c->s[c->i];

		if (ch == '\n') {
			c->line++;
			c->line_start = c->i + 1;
		} else if (ch != ' ' && ch != '\t' && ch != '\r') {
			break;
		}
		c->i++;
	}
}

/* The bytes that end a run of string text: one table look-up per byte. */
static const bool fa_je_string_stop[256] = { ['"'] = true, ['\\'] = true, ['\n'] = true };

/* Past the string opening at s[i] == '"'; false when it does not end. */
static bool fa_je_string(struct fa_je *c)
{
	const char *p = c->s + c->i + 1, *end = c->s + c->len;

	for (;;) {
		const char *q = p;

		while (q < end && !fa_je_string_stop[(unsigned char)*q])
			q++;
		if (q == end)
			return false;
		if (*q == '"') {
			c->i = (size_t)(q - c->s) + 1;
			return true;
		}
		if (*q == '\n')	/* not allowed in a string: jansson says so */
			return false;
		p = q + 2;
		if (p > end)
			return false;
	}
}

/* The bytes fa_je_skip() looks at inside a container. */
static const bool fa_je_skip_stop[256] = {
	['"'] = true, ['{'] = true, ['['] = true, ['}'] = true, [']'] = true, ['\n'] = true,
};

/*
 * Past the value starting at s[i] (its extent only: jansson checks what is inside).  Lines
 * inside the value are counted.
 */
static int fa_je_skip(struct fa_je *c)
{
	size_t depth = 0;

	do {
		char ch;

		if (c->i >= c->len)
			return fa_je_fail(c, "unexpected end of input");
		ch = c->s[c->i];
		if (ch == '"') {
			if (!fa_je_string(c))
				return fa_je_fail(c, "unterminated string");
		} else if (ch == '{' || ch == '[') {
			depth++;
			c->i++;
		} else if (ch == '}' || ch == ']') {
			if (depth == 0)
				return fa_je_fail(c, ch == '}' ? "unexpected '}'" : "unexpected ']'");
			depth--;
			c->i++;
		} else if (ch == '\n') {
			c->line++;
			c->line_start = ++c->i;
		} else if (depth == 0) {
			/* a number or literal: up to the next delimiter */
			size_t start = c->i;

			while (c->i < c->len && !strchr(",]} \t\r\n", c->s[c->i]) && c->s[c->i])
				c->i++;
			if (c->i == start)
				return fa_je_fail(c, "value expected");
		} else {
			/* inside a container: on to the next byte that matters */
			c->i++;
			while (c->i < c->len && !fa_je_skip_stop[(unsigned char)c->s[c->i]])
				c->i++;
		}
	} while (depth > 0);
	return 0;
}

/* jansson's verdict on the value of s[start..i), its errors placed in the whole text. */
static json_t *fa_je_load(struct fa_je *c, size_t start, int line, size_t line_start)
{
	json_error_t e;
	json_t *v = fa_json_loadb(c->s + start, c->i - start, JSON_DECODE_ANY | c->flags, &e);

	if (!v) {
		*c->jerr = e;
		c->jerr->line = line + e.line - 1;
		if (e.line <= 1)
			c->jerr->column = (int)(start - line_start) + e.column;
		c->jerr->position = (int)start + e.position;
	}
	return v;
}

/* The key at s[i] == '"' into @buf; past it.  Plain ASCII keys are copied without jansson. */
static int fa_je_key(struct fa_je *c, char **buf, size_t *size)
{
	size_t start = c->i, n, k;
	int line = c->line;
	size_t line_start = c->line_start;
	bool plain = true;
	json_t *v;

	if (!fa_je_string(c))
		return fa_je_fail(c, "unterminated string");
	n = c->i - start - 2;
	for (k = start + 1; k < c->i - 1 && plain; k++) {
		unsigned char ch = (unsigned char)c->s[k];

		plain = ch >= 0x20 && ch < 0x7f && ch != '\\';
	}
	if (plain) {
		if (n + 1 > *size) {
			*size = n + 1;
			*buf = fa_xrealloc(*buf, *size);
		}
		memcpy(*buf, c->s + start + 1, n);
		(*buf)[n] = '\0';
		return 0;
	}
	v = fa_je_load(c, start, line, line_start);
	if (!v)
		return -FA_EPARSE;
	n = json_string_length(v);
	if (n + 1 > *size) {
		*size = n + 1;
		*buf = fa_xrealloc(*buf, *size);
	}
	/* a key holding \u0000 is cut there, as jansson's own objects cut it */
	memcpy(*buf, json_string_value(v), n + 1);
	json_decref(v);
	return 0;
}

/* fa_json_each_in(): the path to the member whose members are handed over, and what it was. */
struct fa_je_into {
	const char *at;		/* the path's segment for the level being walked */
	enum fa_json_each_kind kind;
};

/* One member at s[i], loaded and handed to @fn; the parse budget is checked between them. */
static int fa_je_member(struct fa_je *c, fa_json_each_fn *fn, void *ctx, const char *key,
			size_t index, struct fa_err *err)
{
	size_t start = c->i, line_start = c->line_start;
	int line = c->line, r = fa_je_skip(c);
	json_t *v;

	if (r < 0)
		return r;
	if (index % 256 == 255 && fa_parse_budget_over())
		return fa_err_set(err, FA_ETIMEOUT, "over the parse budget after %zu members "
				  "(--parse-budget)", index);
	v = fa_je_load(c, start, line, line_start);
	if (!v)
		return -FA_EPARSE;
	r = fn(ctx, key, index, v, err);
	json_decref(v);
	return r;
}

static int fa_je_walk(struct fa_je *c, fa_json_each_fn *fn, void *ctx, struct fa_je_into *into,
		      struct fa_err *err);

/* A member on fa_json_each_in()'s path: walked when it is the next one named, else skipped. */
static int fa_je_into_member(struct fa_je *c, fa_json_each_fn *fn, void *ctx,
			     struct fa_je_into *into, const char *key, struct fa_err *err)
{
	const char *seg = into->at;
	size_t n = strcspn(seg, "/");
	char ch = c->i < c->len ? c->s[c->i] : '\0';
	int r;

	if (!key || strlen(key) != n || memcmp(key, seg, n) != 0)
		return fa_je_skip(c);
	if (seg[n] == '/') {
		if (ch != '{')	/* the path goes on through objects only */
			return fa_je_skip(c);
		into->at = seg + n + 1;
		r = fa_je_walk(c, fn, ctx, into, err);
		into->at = seg;
		return r;
	}
	if (ch != '{' && ch != '[') {
		into->kind = FA_JSON_EACH_OTHER;
		return fa_je_skip(c);
	}
	into->kind = ch == '{' ? FA_JSON_EACH_OBJECT : FA_JSON_EACH_ARRAY;
	return fa_je_walk(c, fn, ctx, NULL, err);
}

/*
 * One walk over the members of the container at s[i], up to its closing bracket.  With @fn
 * NULL only the extent of each member is found (the brackets, commas and colons of the whole
 * text checked, nothing allocated); otherwise each member is loaded and handed to @fn, or,
 * with @into, only the members of the value at the path @into->at are, by walks along it.
 */
static int fa_je_walk(struct fa_je *c, fa_json_each_fn *fn, void *ctx, struct fa_je_into *into,
		      struct fa_err *err)
{
	const char *data = c->s;
	size_t len = c->len, index = 0, keysize = 0;
	bool object = data[c->i] == '{';
	char close = object ? '}' : ']', *key = NULL;
	int r = 0;

	c->i++;
	fa_je_ws(c);
	if (c->i < len && data[c->i] == close) {
		c->i++;
		goto out;
	}
	for (;;) {
		if (object) {
			if (c->i >= len || data[c->i] != '"') {
				r = fa_je_fail(c, "string or '}' expected");
				goto out;
			}
			if (fn) {
				r = fa_je_key(c, &key, &keysize);
			} else if (!fa_je_string(c)) {
				r = fa_je_fail(c, "unterminated string");
			}
			if (r < 0)
				goto out;
			fa_je_ws(c);
			if (c->i >= len || data[c->i] != ':') {
				r = fa_je_fail(c, "':' expected");
				goto out;
			}
			c->i++;
			fa_je_ws(c);
		}
		if (fn && into)
			r = fa_je_into_member(c, fn, ctx, into, object ? key : NULL, err);
		else if (fn)
			r = fa_je_member(c, fn, ctx, object ? key : NULL, index++, err);
		else
			r = fa_je_skip(c);
		if (r < 0)
			goto out;
		fa_je_ws(c);
		if (c->i < len && data[c->i] == ',') {
			c->i++;
			fa_je_ws(c);
			continue;
		}
		if (c->i < len && data[c->i] == close) {
			c->i++;
			break;
		}
		r = fa_je_fail(c, object ? "',' or '}' expected" : "',' or ']' expected");
		goto out;
	}
out:
	free(key);
	return r;
}

/* After the top-level container: nothing but blanks. */
static int fa_je_end(struct fa_je *c)
{
	fa_je_ws(c);
	return c->i < c->len ? fa_je_fail(c, "end of file expected") : 0;
}

/* The two walks of fa_json_each() and fa_json_each_in(): the check, then the reading. */
static int fa_je_run(const char *data, size_t len, size_t flags, size_t member_flags,
		     fa_json_each_fn *fn, void *ctx, struct fa_je_into *into,
		     enum fa_json_each_kind *ret_kind, json_error_t *ret_jerr, struct fa_err *err)
{
	struct fa_je c = { data, len, 0, 1, 0, ret_jerr, member_flags };
	size_t top;
	int r;

	fa_je_ws(&c);
	if (c.i >= len || (data[c.i] != '[' && data[c.i] != '{')) {
		/* not a container (so no path either): jansson alone decides */
		json_t *v = fa_json_loadb(data, len, flags, ret_jerr);

		if (!v)
			return -FA_EPARSE;
		json_decref(v);
		if (ret_kind)
			*ret_kind = into ? FA_JSON_EACH_MISSING : FA_JSON_EACH_OTHER;
		return 0;
	}
	/* a cut or garbled text is refused before any member is handed over */
	top = c.i;
	r = fa_je_walk(&c, NULL, NULL, NULL, err);
	if (r == 0)
		r = fa_je_end(&c);
	if (r < 0)
		return r;
	c.i = top;
	c.line = 1;
	c.line_start = 0;
	fa_je_ws(&c);
	r = fa_je_walk(&c, fn, ctx, into, err);
	if (r == 0 && ret_kind)
		*ret_kind = into ? into->kind
				 : data[top] == '{' ? FA_JSON_EACH_OBJECT : FA_JSON_EACH_ARRAY;
	return r;
}

int fa_json_each(const char *data, size_t len, size_t flags, fa_json_each_fn *fn, void *ctx,
		 enum fa_json_each_kind *ret_kind, json_error_t *ret_jerr, struct fa_err *err)
{
	return fa_je_run(data, len, flags, 0, fn, ctx, NULL, ret_kind, ret_jerr, err);
}

int fa_json_each_in(const char *data, size_t len, const char *path, size_t flags,
		    fa_json_each_fn *fn, void *ctx, enum fa_json_each_kind *ret_kind,
		    json_error_t *ret_jerr, struct fa_err *err)
{
	struct fa_je_into into = { path, FA_JSON_EACH_MISSING };

	return fa_je_run(data, len, flags, flags, fn, ctx, &into, ret_kind, ret_jerr, err);
}
