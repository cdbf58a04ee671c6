/* SPDX-License-Identifier: MIT */
/*
 * SONiC's counter tables: see parse-sonic-table.h.
 */
#include "config.h"

#include <string.h>

#include "drivers/sonic/parse-sonic-table.h"
#include "audit/util/banned.h"

/* The dash runs of @line into @t; false when the line is not dashes and spaces only. */
static bool fa_dash_line(const char *line, size_t len, struct fa_sonic_table *t)
{
	size_t i = 0, n = 0;

	while (i < len) {
		if (line[i] == ' ' || line[i] == '\r') {
			i++;
			continue;
		}
		if (line[i] != '-' || n == FA_SONIC_MAXCOL)
			return false;
		t->cols[n].start = i;
		while (i < len && line[i] == '-')
			i++;
		t->cols[n++].end = i;
	}
	t->ncols = n;
	return n > 0;
}

static bool fa_blank(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
			return false;
	return true;
}

size_t fa_sonic_tables(const char *data, fa_sonic_table_fn *fn, void *ctx)
{
	const char *p = data, *end = data + strlen(data);
	struct fa_sonic_table t, probe;
	bool in_table = false, want = false;
	size_t ntables = 0;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
		const char *next = nl ? nl + 1 : end;
		const char *nl2 = next < end ? memchr(next, '\n', (size_t)(end - next)) : NULL;
		size_t len2 = nl2 ? (size_t)(nl2 - next) : (size_t)(end - next);

		/*
		 * A line over a dash rule is a title even right after a row: the blank line
		 * between two tables may be lost (a pager line taken out of the capture).
		 */
		if (fa_blank(p, len)) {
			in_table = false;
		} else if (next < end && fa_dash_line(next, len2, &probe)) {
			t = probe;
			t.title = p;
			t.title_len = len;
			in_table = true;
			ntables++;
			want = fn(ctx, &t, NULL, 0);
			next = nl2 ? nl2 + 1 : end;
		} else if (in_table && want) {
			fn(ctx, &t, p, len);
		}
		p = next;
	}
	return ntables;
}

static void fa_span_copy(const char *line, size_t len, size_t s, size_t e, char *out, size_t size)
{
	size_t n;

	out[0] = '\0';
	if (e > len)
		e = len;
	if (s >= e)
		return;
	while (s < e && line[s] == ' ')
		s++;
	while (e > s && (line[e - 1] == ' ' || line[e - 1] == '\r'))
		e--;
	n = e - s < size - 1 ? e - s : size - 1;
	memcpy(out, line + s, n);
	out[n] = '\0';
}

int fa_sonic_col(const struct fa_sonic_table *t, const char *title)
{
	char buf[64];
	size_t i;

	for (i = 0; i < t->ncols; i++) {
		fa_span_copy(t->title, t->title_len, t->cols[i].start, t->cols[i].end, buf,
			     sizeof(buf));
		if (strcmp(buf, title) == 0)
			return (int)i;
	}
	return -1;
}

void fa_sonic_cell(const struct fa_sonic_table *t, int col, const char *row, size_t len, char *out,
		   size_t size)
{
	size_t s, e;

	out[0] = '\0';
	if (col < 0 || (size_t)col >= t->ncols)
		return;
	s = t->cols[col].start;
	e = t->cols[col].end;
	fa_span_copy(row, len, s, e, out, size);
}

bool fa_sonic_count(const char *cell, int64_t *ret, bool *ret_na)
{
	int64_t v = 0;
	size_t i, digits = 0;

	*ret_na = strcmp(cell, "N/A") == 0;
	if (*ret_na || !cell[0])
		return false;
	for (i = 0; cell[i]; i++) {
		if (cell[i] == ',' && digits && cell[i + 1] >= '0' && cell[i + 1] <= '9')
			continue;
		if (cell[i] < '0' || cell[i] > '9')
			return false;
		if (v > (INT64_MAX - 9) / 10)
			return false;
		v = v * 10 + (cell[i] - '0');
		digits++;
	}
	*ret = v;
	return true;
}
