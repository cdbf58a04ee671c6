/* SPDX-License-Identifier: MIT */
/* The "show interface(s) status" table, read by its header (statustab.h). */
#include "config.h"

#include <string.h>

#include "drivers/text/statustab.h"
#include "audit/util/banned.h"

#define FA_STATUSTAB_MAXWORDS 32

bool fa_statustab_is_rule(struct fa_textscan_span line)
{
	struct fa_textscan_span t = fa_textscan_trim(line);
	size_t i;

	for (i = 0; i < t.len; i++)
		if (t.ptr[i] != '-')
			return false;
	return true;
}

bool fa_statustab_header(struct fa_statustab *tab, struct fa_textscan_span line)
{
	long status;

	if (!fa_textscan_starts(line, "Port ") && !fa_textscan_starts(line, "Interface "))
		return false;
	status = fa_textscan_find(line, " Status ");
	if (status < 0 || fa_textscan_find(line, " Name ") < 0)
		return false;
	tab->status_col = (size_t)status + 1;
	tab->has_speed = fa_textscan_find(line, " Speed") >= 0;
	tab->seen = true;
	return true;
}

static bool fa_statustab_is_status(struct fa_textscan_span w, const char *const *statuses)
{
	for (; *statuses; statuses++)
		if (fa_textscan_eq(w, *statuses))
			return true;
	return false;
}

bool fa_statustab_row(const struct fa_statustab *tab, struct fa_textscan_span line,
		      const char *const *statuses, struct fa_statustab_row *ret)
{
	struct fa_textscan_span w[FA_STATUSTAB_MAXWORDS];
	size_t n = fa_textscan_words(line, w, FA_STATUSTAB_MAXWORDS), s, k;
	bool aligned = false;

	if (n > FA_STATUSTAB_MAXWORDS)
		n = FA_STATUSTAB_MAXWORDS;
	if (n < 2)
		return false;
	/* the word under "Status", with a blank before it: the row lines up with its header */
	for (s = 1; s < n; s++) {
		size_t col = (size_t)(w[s].ptr - line.ptr);

		/* and a VLAN after it: a cut-off row is not read as a status */
		if (col == tab->status_col && line.ptr[col - 1] == ' ' &&
		    (!tab->has_speed || s + 1 < n)) {
			aligned = true;
			break;
		}
		if (col > tab->status_col)
			break;
	}
	if (!aligned)
		for (s = 1; s < n && !fa_statustab_is_status(w[s], statuses); s++)
			;
	if (s == n)
		return false;
	memset(ret, 0, sizeof(*ret));
	ret->port = w[0];
	ret->status = w[s];
	if (s > 1) {
		ret->name.ptr = w[1].ptr;
		ret->name.len = (size_t)(w[s - 1].ptr + w[s - 1].len - w[1].ptr);
		/* off its columns, a row does not show where the switch cut the name */
		ret->name_maybe_cut = !aligned || w[s - 1].ptr + w[s - 1].len + 1 == w[s].ptr;
	} else {
		ret->name.ptr = w[0].ptr + w[0].len;
	}
	if (!tab->has_speed)
		return true;
	/* then the VLAN ("in Po49" is one), the duplex, the speed */
	k = s + 1;
	if (k < n && fa_textscan_eq(w[k], "in"))
		k++;
	k += 2;
	if (k < n)
		ret->speed = w[k];
	return true;
}
