/* SPDX-License-Identifier: MIT */
/*
 * SONiC's counter tables (pfcstat, pgdropstat, portstat, pfcwd): tabulate's "simple" layout,
 * a title line, a line of dash runs, then rows up to a blank line or the end.  One output may
 * hold several tables (pfcstat prints an Rx and a Tx table) and lines around them ("Ingress PG
 * dropped packets:", "The rates are calculated within 3 seconds period").  The dash runs give
 * each column's span (values may hold single spaces: "2000.00 MB/s"), so a cell is the text
 * inside its span, found by the column's title.
 */
#ifndef FA_DRIVERS_PARSE_SONIC_TABLE_H
#define FA_DRIVERS_PARSE_SONIC_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define FA_SONIC_MAXCOL 32

struct fa_sonic_table {
	const char *title; /* the title line (not NUL-terminated) */
	size_t title_len;
	size_t ncols;
	struct {
		size_t start, end; /* [start, end) in a line */
	} cols[FA_SONIC_MAXCOL];
};

/*
 * Called at each table's start (@t holds its columns) with @row NULL, then for each row.
 * Return false at the start to skip the table's rows.
 */
typedef bool fa_sonic_table_fn(void *ctx, const struct fa_sonic_table *t, const char *row,
			       size_t len);

/* Walk the tables of the NUL-terminated @data; returns how many tables were found. */
size_t fa_sonic_tables(const char *data, fa_sonic_table_fn *fn, void *ctx);

/* The index of the column titled @title, or -1. */
int fa_sonic_col(const struct fa_sonic_table *t, const char *title);

/* Copy the trimmed cell of column @col of @row into @out (empty when @col < 0). */
void fa_sonic_cell(const struct fa_sonic_table *t, int col, const char *row, size_t len, char *out,
		   size_t size);

/*
 * A counter cell: digits with optional thousands separators ("1,200").  False for "N/A"
 * (the device does not know) and for anything else; *@ret_na tells the two apart.
 */
bool fa_sonic_count(const char *cell, int64_t *ret, bool *ret_na);

#endif /* FA_DRIVERS_PARSE_SONIC_TABLE_H */
