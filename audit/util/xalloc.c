/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/util/xalloc.h"

static void fa_oom(size_t size)
{
	fprintf(stderr, "fabric-audit: out of memory (allocating %zu bytes)\n", size);
	abort();
}

void *fa_xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p)
		fa_oom(size);
	return p;
}

void *fa_xcalloc(size_t nmemb, size_t size)
{
	void *p = calloc(nmemb ? nmemb : 1, size ? size : 1);

	if (!p)
		fa_oom(nmemb * size);
	return p;
}

void *fa_xrealloc(void *ptr, size_t size)
{
	void *p = realloc(ptr, size ? size : 1);

	if (!p)
		fa_oom(size);
	return p;
}

void *fa_xreallocarray(void *ptr, size_t nmemb, size_t size)
{
	if (size && nmemb > SIZE_MAX / size)
		fa_oom(SIZE_MAX);
	return fa_xrealloc(ptr, nmemb * size);
}

char *fa_xstrdup(const char *s)
{
	return fa_xstrndup(s, strlen(s));
}

char *fa_xstrndup(const char *s, size_t n)
{
	char *p = fa_xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *fa_xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *p;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&p, fmt, ap);
	va_end(ap);
	if (n < 0)
		fa_oom(0);
	return p;
}
