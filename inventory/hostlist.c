/* SPDX-License-Identifier: MIT */
/*
 * Host range expansion (see hostlist.h for the syntax).
 *
 * An expression is first split into items at top-level commas, checking bracket balance on
 * the way.  Each item is parsed into literal text and bracket groups; a group is a list of
 * ranges [lo, hi] with the print width of lo.  The number of names is known before any is
 * made, so the cap is enforced without allocating a million strings first.  Name number i of
 * an item is found by reading i in the mixed radix of the group sizes, rightmost group
 * fastest.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "audit/util/buf.h"
#include "audit/util/xalloc.h"
#include "inventory/hostlist.h"
#include "audit/util/banned.h"

/* Numbers longer than this could overflow unsigned long long. */
#define FA_HOSTLIST_MAX_DIGITS 18

struct fa_hl_range {
	unsigned long long lo, hi;
	int width;
};

struct fa_hl_group {
	const char *lit;	/* literal text before the group */
	size_t litlen;
	struct fa_hl_range *r;
	size_t nr;
	size_t count;		/* names in the group, <= FA_HOSTLIST_MAX */
};

struct fa_hl_item {
	struct fa_hl_group *g;
	size_t ng;
	const char *tail;	/* literal text after the last group */
	size_t taillen;
	size_t count;
};

static bool fa_is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static void fa_hl_item_release(struct fa_hl_item *it)
{
	size_t i;

	for (i = 0; i < it->ng; i++)
		free(it->g[i].r);
	free(it->g);
	memset(it, 0, sizeof(*it));
}

static int fa_hl_too_many(const char *expr, struct fa_err *err)
{
	return fa_err_set(err, FA_EINVAL, "host range '%s' stands for more than %d names", expr,
			  FA_HOSTLIST_MAX);
}

/* Read the decimal number [s, s+len) into *ret; false when it is not one. */
static bool fa_hl_number(const char *s, size_t len, unsigned long long *ret)
{
	unsigned long long v = 0;
	size_t i;

	if (len == 0 || len > FA_HOSTLIST_MAX_DIGITS)
		return false;
	for (i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return false;
		v = v * 10 + (unsigned long long)(s[i] - '0');
	}
	*ret = v;
	return true;
}

/* Parse one group element "N" or "LO-HI" ([s, s+len), blanks trimmed) into @r. */
static int fa_hl_element(const char *expr, const char *s, size_t len, struct fa_hl_range *r,
			 struct fa_err *err)
{
	const char *dash;

	while (len && fa_is_blank(*s)) {
		s++;
		len--;
	}
	while (len && fa_is_blank(s[len - 1]))
		len--;
	if (len == 0)
		return fa_err_set(err, FA_EINVAL,
				  "empty element in the brackets of host range '%s'", expr);
	dash = memchr(s, '-', len);
	if (!dash) {
		if (!fa_hl_number(s, len, &r->lo))
			goto bad;
		r->hi = r->lo;
		r->width = (int)len;
		return 0;
	}
	if (!fa_hl_number(s, (size_t)(dash - s), &r->lo) ||
	    !fa_hl_number(dash + 1, len - (size_t)(dash - s) - 1, &r->hi))
		goto bad;
	r->width = (int)(dash - s);
	if (r->hi < r->lo)
		return fa_err_set(err, FA_EINVAL, "range %.*s in host range '%s' is reversed",
				  (int)len, s, expr);
	return 0;
bad:
	return fa_err_set(err, FA_EINVAL,
			  "'%.*s' in host range '%s' is not a number or a range of numbers "
			  "(like 1-4)",
			  (int)len, s, expr);
}

/* Parse the group whose contents are [s, e) (between the brackets) into @g. */
static int fa_hl_group_parse(const char *expr, const char *s, const char *e,
			     struct fa_hl_group *g, struct fa_err *err)
{
	const char *p = s;
	int r;

	for (;;) {
		const char *comma = memchr(p, ',', (size_t)(e - p));
		const char *end = comma ? comma : e;
		struct fa_hl_range *rg;
		unsigned long long n;

		g->r = fa_xreallocarray(g->r, g->nr + 1, sizeof(*g->r));
		rg = &g->r[g->nr++];
		r = fa_hl_element(expr, p, (size_t)(end - p), rg, err);
		if (r < 0)
			return r;
		n = rg->hi - rg->lo + 1;
		if (n > FA_HOSTLIST_MAX || g->count + n > FA_HOSTLIST_MAX)
			return fa_hl_too_many(expr, err);
		g->count += (size_t)n;
		if (!comma)
			return 0;
		p = comma + 1;
	}
}

/*
 * Parse the item [s, e) of @expr.  Bracket balance was checked by the caller, but an item is
 * parsed on its own so the checks are repeated here cheaply.
 */
static int fa_hl_item_parse(const char *expr, const char *s, const char *e,
			    struct fa_hl_item *it, struct fa_err *err)
{
	const char *lit;
	int r;

	while (s < e && fa_is_blank(*s))
		s++;
	while (e > s && fa_is_blank(e[-1]))
		e--;
	if (s == e)
		return fa_err_set(err, FA_EINVAL, "empty name in host range '%s'", expr);
	memset(it, 0, sizeof(*it));
	it->count = 1;
	lit = s;
	while (s < e) {
		const char *close;
		struct fa_hl_group *g;

		if (*s == ']')
			return fa_err_set(err, FA_EINVAL, "unbalanced ']' in host range '%s'",
					  expr);
		if (*s != '[') {
			s++;
			continue;
		}
		close = memchr(s, ']', (size_t)(e - s));
		if (!close)
			return fa_err_set(err, FA_EINVAL, "unbalanced '[' in host range '%s'",
					  expr);
		if (memchr(s + 1, '[', (size_t)(close - s - 1)))
			return fa_err_set(err, FA_EINVAL, "nested '[' in host range '%s'", expr);
		it->g = fa_xreallocarray(it->g, it->ng + 1, sizeof(*it->g));
		g = &it->g[it->ng++];
		memset(g, 0, sizeof(*g));
		g->lit = lit;
		g->litlen = (size_t)(s - lit);
		r = fa_hl_group_parse(expr, s + 1, close, g, err);
		if (r < 0)
			return r;
		if (it->count > FA_HOSTLIST_MAX / g->count)
			return fa_hl_too_many(expr, err);
		it->count *= g->count;
		s = close + 1;
		lit = s;
	}
	it->tail = lit;
	it->taillen = (size_t)(e - lit);
	return 0;
}

/*
 * Split @expr at top-level commas and parse every item.  *ret_items gets a new array of
 * *ret_n parsed items (even on error, for the caller to release).
 */
static int fa_hl_parse(const char *expr, struct fa_hl_item **ret_items, size_t *ret_n,
		       size_t *ret_total, struct fa_err *err)
{
	const char *p, *start = expr;
	size_t total = 0;
	int depth = 0, r;

	*ret_items = NULL;
	*ret_n = 0;
	for (p = expr;; p++) {
		struct fa_hl_item *it;

		if (*p == '[') {
			if (depth)
				return fa_err_set(err, FA_EINVAL, "nested '[' in host range '%s'",
						  expr);
			depth = 1;
			continue;
		}
		if (*p == ']') {
			if (!depth)
				return fa_err_set(err, FA_EINVAL,
						  "unbalanced ']' in host range '%s'", expr);
			depth = 0;
			continue;
		}
		if (*p && (*p != ',' || depth))
			continue;
		if (!*p && depth)
			return fa_err_set(err, FA_EINVAL, "unbalanced '[' in host range '%s'",
					  expr);
		*ret_items = fa_xreallocarray(*ret_items, *ret_n + 1, sizeof(**ret_items));
		it = &(*ret_items)[(*ret_n)++];
		memset(it, 0, sizeof(*it));
		r = fa_hl_item_parse(expr, start, p, it, err);
		if (r < 0)
			return r;
		if (it->count > FA_HOSTLIST_MAX - total)
			return fa_hl_too_many(expr, err);
		total += it->count;
		if (!*p)
			break;
		start = p + 1;
	}
	*ret_total = total;
	return 0;
}

static void fa_hl_items_free(struct fa_hl_item *items, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		fa_hl_item_release(&items[i]);
	free(items);
}

/* The @idx-th number of group @g (idx < g->count). */
static void fa_hl_group_nth(const struct fa_hl_group *g, size_t idx, struct fa_buf *out)
{
	size_t i;

	for (i = 0; i < g->nr; i++) {
		unsigned long long n = g->r[i].hi - g->r[i].lo + 1;

		if (idx < n) {
			fa_buf_addf(out, "%0*llu", g->r[i].width, g->r[i].lo + idx);
			return;
		}
		idx -= (size_t)n;
	}
}

static char *fa_hl_item_nth(const struct fa_hl_item *it, size_t idx, size_t *digits,
			    struct fa_buf *b)
{
	size_t j;

	/* digits[j]: the element of group j, rightmost group varying fastest */
	for (j = it->ng; j > 0; j--) {
		digits[j - 1] = idx % it->g[j - 1].count;
		idx /= it->g[j - 1].count;
	}
	fa_buf_reset(b);
	for (j = 0; j < it->ng; j++) {
		fa_buf_add(b, it->g[j].lit, it->g[j].litlen);
		fa_hl_group_nth(&it->g[j], digits[j], b);
	}
	fa_buf_add(b, it->tail, it->taillen);
	return fa_xstrndup(b->buf, b->len);
}

int fa_hostlist_count(const char *expr, size_t *ret_n, struct fa_err *err)
{
	struct fa_hl_item *items;
	size_t nitems, total = 0;
	int r;

	r = fa_hl_parse(expr, &items, &nitems, &total, err);
	fa_hl_items_free(items, nitems);
	if (r == 0)
		*ret_n = total;
	return r;
}

int fa_hostlist_expand(const char *expr, char ***ret_names, size_t *ret_n, struct fa_err *err)
{
	struct fa_buf b = FA_BUF_INIT;
	struct fa_hl_item *items;
	size_t nitems, total = 0, i, k, n = 0;
	size_t *digits = NULL;
	char **names = NULL;
	int r;

	r = fa_hl_parse(expr, &items, &nitems, &total, err);
	if (r < 0)
		goto out;
	names = fa_xcalloc(total, sizeof(*names));
	for (i = 0; i < nitems; i++) {
		digits = fa_xreallocarray(digits, items[i].ng + 1, sizeof(*digits));
		for (k = 0; k < items[i].count; k++)
			names[n++] = fa_hl_item_nth(&items[i], k, digits, &b);
	}
	*ret_names = names;
	*ret_n = n;
out:
	free(digits);
	fa_buf_release(&b);
	fa_hl_items_free(items, nitems);
	return r;
}

void fa_hostlist_free(char **names, size_t n)
{
	size_t i;

	if (!names)
		return;
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

bool fa_hostlist_is_range(const char *expr)
{
	return strpbrk(expr, "[],") != NULL;
}
