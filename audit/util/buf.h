/* SPDX-License-Identifier: MIT */
/*
 * Growable byte buffer.
 *
 * Invariants: buf is never NULL (FA_BUF_INIT points it at a shared empty string until the first
 * add), buf[len] is always '\0', and len < alloc once anything was added.  A buffer fed from a
 * device or a file gets a cap: an add that would pass it fails with -FA_ETOOBIG and leaves the
 * buffer unchanged.  A cap of 0 means no cap.
 */
#ifndef FA_UTIL_BUF_H
#define FA_UTIL_BUF_H

#include <stdarg.h>
#include <stddef.h>

struct fa_buf {
	size_t alloc;
	size_t len;
	size_t cap;
	char *buf;
};

extern char fa_buf_empty[];
#define FA_BUF_INIT { 0, 0, 0, fa_buf_empty }

void fa_buf_init(struct fa_buf *b, size_t cap);
/* Free the contents; the buffer is left as after fa_buf_init with the same cap. */
void fa_buf_release(struct fa_buf *b);
void fa_buf_reset(struct fa_buf *b);
/* Make room for @extra more bytes; -FA_ETOOBIG past the cap. */
int fa_buf_grow(struct fa_buf *b, size_t extra);
int fa_buf_add(struct fa_buf *b, const void *data, size_t len);
int fa_buf_adds(struct fa_buf *b, const char *s);
int fa_buf_addch(struct fa_buf *b, char c);
int fa_buf_addf(struct fa_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int fa_buf_vaddf(struct fa_buf *b, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));
/* Take the string out (new allocation, free with free()); the buffer is left empty. */
char *fa_buf_detach(struct fa_buf *b, size_t *ret_len);

#endif /* FA_UTIL_BUF_H */
