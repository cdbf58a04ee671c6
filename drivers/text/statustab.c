/* SPDX-License-Identifier: MIT */
/* The "show interface(s) status" table, read by its header (statustab.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/text/statustab.h"
#include "drivers/text/units.h"
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

void fa_statustab_speed(json_t *device, json_t *port, const char *cmd, unsigned lineno,
			const char *name, const struct fa_statustab_row *row)
{
	struct fa_textscan_span v = row->speed;
	int64_t speed;
	char *s;

	if (!v.ptr)
		return;
	if (fa_textscan_starts(v, "a-")) {
		v.ptr += 2;
		v.len -= 2;
	}
	if (fa_textscan_eq(v, "auto") || fa_textscan_eq(v, "unconf") || fa_textscan_eq(v, "--"))
		return;
	s = fa_textscan_dup(v);
	if (fa_parse_speed(s, 1000000, &speed) && speed > 0)
		fa_set_int(port, "speed", speed);
	else
		fa_device_warn(device, "%s: line %u: %s: unknown speed '%s'", cmd, lineno, name, s);
	free(s);
}

int fa_statustab_parse(const struct fa_capture *cap, json_t *device,
		       const char *const *statuses, fa_statustab_row_fn row_fn,
		       struct fa_err *err)
{
	struct fa_statustab tab = FA_STATUSTAB_INIT;
	struct fa_statustab_row row;
	struct fa_textscan ts;
	struct fa_textscan_span line;
	int nports = 0;

	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		if (fa_statustab_is_rule(line) || fa_statustab_header(&tab, line))
			continue;
		if (!tab.seen)
			return fa_err_at(err, FA_EPARSE, cap->command, (int)ts.lineno, 0,
					 "not an interface status table (no header)");
		if (!fa_statustab_row(&tab, line, statuses, &row)) {
			fa_device_warn(device, "%s: line %u: no status in '%.*s'", cap->command,
				       ts.lineno, (int)line.len, line.ptr);
			continue;
		}
		row_fn(device, cap->command, ts.lineno, &row);
		nports++;
	}
	if (nports == 0)
		return fa_err_at(err, FA_EPARSE, cap->command, 0, 0,
				 "no interface in the interface status table");
	return 0;
}
