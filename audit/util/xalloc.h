/* SPDX-License-Identifier: MIT */
/*
 * Allocation that cannot fail: on out-of-memory the program prints one line and aborts.
 * This is a command-line tool, so a whole class of error paths disappears.  Sizes that come
 * from devices or files are capped separately before they reach these.
 */
#ifndef FA_UTIL_XALLOC_H
#define FA_UTIL_XALLOC_H

#include <stddef.h>

void *fa_xmalloc(size_t size);
void *fa_xcalloc(size_t nmemb, size_t size);
void *fa_xrealloc(void *ptr, size_t size);
/* realloc for an array of @nmemb elements of @size, checking the multiplication. */
void *fa_xreallocarray(void *ptr, size_t nmemb, size_t size);
char *fa_xstrdup(const char *s);
char *fa_xstrndup(const char *s, size_t n);
char *fa_xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Hand a pointer out of a variable and leave NULL behind. */
#define FA_TAKE_PTR(p)                                                                             \
	({                                                                                         \
		__typeof__(p) fa_take_tmp_ = (p);                                                  \
		(p) = NULL;                                                                        \
		fa_take_tmp_;                                                                      \
	})

#endif /* FA_UTIL_XALLOC_H */
