/* SPDX-License-Identifier: MIT */
/* Python literal reader for the tests' peer expectations (see pylit.h). */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/util/buf.h"
#include "audit/util/err.h"
#include "audit/util/fileio.h"
#include "tests/unit/pylit.h"
#include "audit/util/banned.h"

struct fa_pylit {
	const char *p, *end;
	int depth;
};

static void fa_pylit_space(struct fa_pylit *s)
{
	while (s->p < s->end) {
		if (isspace((unsigned char)*s->p) || *s->p == '\\') {
			s->p++;
		} else if (*s->p == '#') {
			while (s->p < s->end && *s->p != '\n')
				s->p++;
		} else {
			break;
		}
	}
}

/* One quoted string (', ", or tripled) appended to @b; prefixes r/u/b are not used here. */
static int fa_pylit_quoted(struct fa_pylit *s, struct fa_buf *b)
{
	char q = *s->p;
	bool triple = s->end - s->p >= 3 && s->p[1] == q && s->p[2] == q;

	s->p += triple ? 3 : 1;
	while (s->p < s->end) {
		char c = *s->p;

		if (c == q && (!triple || (s->end - s->p >= 3 && s->p[1] == q && s->p[2] == q))) {
			s->p += triple ? 3 : 1;
			return 0;
		}
		if (c == '\n' && !triple)
			return -1;
		if (c == '\\' && s->p + 1 < s->end) {
			static const char from[] = "nt\\'\"r0", to[] = "\n\t\\'\"\r\0";
			const char *k = strchr(from, s->p[1]);

			if (s->p[1] == '\n') {
				s->p += 2;
				continue;
			}
			if (!k || !*k)
				return -1;
			fa_buf_add(b, &to[k - from], 1);
			s->p += 2;
			continue;
		}
		fa_buf_add(b, &c, 1);
		s->p++;
	}
	return -1;
}

static json_t *fa_pylit_value(struct fa_pylit *s);

/* Items up to @close: key: value pairs into an object, or values into an array. */
static json_t *fa_pylit_items(struct fa_pylit *s, char close, bool dict)
{
	json_t *v = dict ? json_object() : json_array();

	s->p++;
	for (;;) {
		json_t *k = NULL, *x;

		fa_pylit_space(s);
		if (s->p < s->end && *s->p == close) {
			s->p++;
			return v;
		}
		if (dict) {
			k = fa_pylit_value(s);
			fa_pylit_space(s);
			if (!json_is_string(k) || s->p >= s->end || *s->p != ':')
				goto bad;
			s->p++;
		}
		x = fa_pylit_value(s);
		if (!x)
			goto bad;
		if (dict)
			json_object_set_new(v, json_string_value(k), x);
		else
			json_array_append_new(v, x);
		json_decref(k);
		fa_pylit_space(s);
		if (s->p < s->end && *s->p == ',')
			s->p++;
		else if (s->p >= s->end || *s->p != close)
			goto bad_nokey;
		continue;
bad:
		json_decref(k);
bad_nokey:
		json_decref(v);
		return NULL;
	}
}

static json_t *fa_pylit_value(struct fa_pylit *s)
{
	static const struct {
		const char *word;
		json_t *(*make)(void);
	} words[] = {{"True", json_true}, {"False", json_false}, {"None", json_null}};
	size_t i;

	fa_pylit_space(s);
	if (s->p >= s->end || ++s->depth > 64)
		return NULL;
	if (*s->p == '{' || *s->p == '[' || *s->p == '(') {
		char open = *s->p;
		json_t *v = fa_pylit_items(s, open == '{' ? '}' : open == '[' ? ']' : ')',
					   open == '{');

		s->depth--;
		return v;
	}
	if (*s->p == '\'' || *s->p == '"') {
		struct fa_buf b = FA_BUF_INIT;
		json_t *v = NULL;

		do {
			if (fa_pylit_quoted(s, &b) < 0)
				goto out;
			fa_pylit_space(s);
		} while (s->p < s->end && (*s->p == '\'' || *s->p == '"'));
		v = json_stringn(b.buf ? b.buf : "", b.len);
out:
		fa_buf_release(&b);
		s->depth--;
		return v;
	}
	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		size_t n = strlen(words[i].word);

		if ((size_t)(s->end - s->p) >= n && strncmp(s->p, words[i].word, n) == 0) {
			s->p += n;
			s->depth--;
			return words[i].make();
		}
	}
	if (*s->p == '-' || isdigit((unsigned char)*s->p)) {
		char num[64];
		size_t n = strspn(s->p, "-+0123456789.eE");
		char *endp;

		if (n == 0 || n >= sizeof(num) || s->p + n > s->end)
			return NULL;
		memcpy(num, s->p, n);
		num[n] = '\0';
		s->p += n;
		s->depth--;
		if (strpbrk(num, ".eE"))
			return json_real(strtod(num, &endp));
		return json_integer(strtoll(num, &endp, 10));
	}
	return NULL;
}

json_t *fa_pylit_load(const char *path, char *why, size_t whylen)
{
	struct fa_buf b = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	struct fa_pylit s;
	const char *eq;
	json_t *v = NULL;

	if (fa_file_read(path, 0, &b, &err) < 0) {
		snprintf(why, whylen, "%s", err.msg);
		return NULL;
	}
	eq = b.buf ? strchr(b.buf, '=') : NULL;
	if (!eq) {
		snprintf(why, whylen, "no assignment");
		goto out;
	}
	s.p = eq + 1;
	s.end = b.buf + b.len;
	s.depth = 0;
	v = fa_pylit_value(&s);
	fa_pylit_space(&s);
	if (!v || s.p != s.end) {
		snprintf(why, whylen, "not a literal at offset %ld", (long)(s.p - b.buf));
		json_decref(v);
		v = NULL;
	}
out:
	fa_buf_release(&b);
	return v;
}
