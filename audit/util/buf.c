/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/util/buf.h"
#include "audit/util/err.h"
#include "audit/util/xalloc.h"

char fa_buf_empty[1];

void fa_buf_init(struct fa_buf *b, size_t cap)
{
	b->alloc = 0;
	b->len = 0;
	b->cap = cap;
	b->buf = fa_buf_empty;
}

void fa_buf_release(struct fa_buf *b)
{
	if (b->alloc)
		free(b->buf);
	fa_buf_init(b, b->cap);
}

void fa_buf_reset(struct fa_buf *b)
{
	b->len = 0;
	/* An unallocated buffer points at the shared fa_buf_empty: never write there. */
	if (b->alloc)
		b->buf[0] = '\0';
}

int fa_buf_grow(struct fa_buf *b, size_t extra)
{
	size_t want;

	if (extra > ((size_t)-1) / 2 - b->len)
		return -FA_ETOOBIG;
	if (b->cap && b->len + extra > b->cap)
		return -FA_ETOOBIG;
	want = b->len + extra + 1;
	if (want <= b->alloc)
		return 0;
	if (want < b->alloc * 2)
		want = b->alloc * 2;
	if (want < 64)
		want = 64;
	if (b->alloc == 0) {
		b->buf = fa_xmalloc(want);
		b->buf[0] = '\0';
	} else {
		b->buf = fa_xrealloc(b->buf, want);
	}
	b->alloc = want;
	return 0;
}

int fa_buf_add(struct fa_buf *b, const void *data, size_t len)
{
	int r = fa_buf_grow(b, len);

	if (r < 0)
		return r;
	memcpy(b->buf + b->len, data, len);
	b->len += len;
	b->buf[b->len] = '\0';
	return 0;
}

int fa_buf_adds(struct fa_buf *b, const char *s)
{
	return fa_buf_add(b, s, strlen(s));
}

int fa_buf_addch(struct fa_buf *b, char c)
{
	return fa_buf_add(b, &c, 1);
}

int fa_buf_vaddf(struct fa_buf *b, const char *fmt, va_list ap)
{
	va_list cp;
	int n, r;

	va_copy(cp, ap);
	n = vsnprintf(NULL, 0, fmt, cp);
	va_end(cp);
	if (n < 0)
		return -FA_EINVAL;
	r = fa_buf_grow(b, (size_t)n);
	if (r < 0)
		return r;
	vsnprintf(b->buf + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
	return 0;
}

int fa_buf_addf(struct fa_buf *b, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = fa_buf_vaddf(b, fmt, ap);
	va_end(ap);
	return r;
}

char *fa_buf_detach(struct fa_buf *b, size_t *ret_len)
{
	char *s;

	if (b->alloc == 0)
		s = fa_xstrdup("");
	else
		s = b->buf;
	if (ret_len)
		*ret_len = b->len;
	fa_buf_init(b, b->cap);
	return s;
}
