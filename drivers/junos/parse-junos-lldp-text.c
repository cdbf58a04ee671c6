/* SPDX-License-Identifier: MIT */
/*
 * "show lldp neighbors" as text (the summary table, not "detail"): the neighbour on each
 * local port, with what <get-lldp-neighbors-information/> gives (parse-junos-lldp.c), recorded
 * by the same function.
 *
 *   Local Interface    Parent Interface    Chassis Id          Port info          System Name
 *   ge-0/0/1           -                   2c:6b:f5:a1:c2:c0   ge-0/0/1           vmx2
 *   xe-0/0/0.0         ae0                 00:05:86:71:c1:c0   Interface 27       sw2
 *
 * Older releases print no "Parent Interface" column.  The local interface, the parent (the
 * aggregate it belongs to: no model field) and the chassis id are one word each; "Port info"
 * may hold blanks ("Interface 27"), so it runs up to the word that starts under "System
 * Name", or, in a row off its columns (a value wider than its column pushes the rest right),
 * up to the last run of two or more blanks, else up to the last word.  The system name is the
 * rest of the row; a row with one value after the chassis id has no system name (or no port
 * info, when that value starts under "System Name").
 *
 * "Port info" is the neighbour's port as Junos shows it: its port id, or its description on
 * releases whose reply carries only the description (NAPALM's old_without_remote_port_id
 * sample, where <lldp-remote-port-id> is missing).  The table cannot tell which, so it is
 * taken as lldp.port_id, as NAPALM's get_lldp_neighbors and ntc-templates take it; the table
 * has no port description.  A unit ("ge-0/0/0.0") is reduced to its physical port, "-" is a
 * value not sent, a second neighbour on a port is a warning (the first is kept).  A row
 * without a value after the chassis id, or a line before the header, is a warning; an output
 * without the header is not this table (the detail form is another command); a header without rows
 * is a switch with no neighbour.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/junos/parse-junos.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

/*
 * The longest row that can be one: the TLVs shown are at most 255 octets each (IEEE 802.1AB),
 * so a longer line is something else.
 */
#define FA_JUNOS_LLDP_MAX_ROW 2048

/* Words read from a row's start: local interface, parent, chassis id, port info's first. */
#define FA_JUNOS_LLDP_WORDS 4

struct fa_junos_lldp_table {
	bool seen;	 /* the header has been seen */
	bool parent;	 /* it has a Parent Interface column */
	size_t name_col; /* where "System Name" starts in it */
};

/* "Local Interface    Parent Interface    Chassis Id          Port info          System Name" */
static bool fa_junos_lldp_header(struct fa_junos_lldp_table *tab, struct fa_textscan_span line)
{
	long name = fa_textscan_find(line, "System Name");

	if (!fa_textscan_starts(fa_textscan_trim(line), "Local Interface") ||
	    fa_textscan_find(line, "Chassis Id") < 0 || fa_textscan_find(line, "Port info") < 0 ||
	    name < 0)
		return false;
	tab->seen = true;
	tab->parent = fa_textscan_find(line, "Parent Interface") >= 0;
	tab->name_col = (size_t)name;
	return true;
}

static bool fa_junos_lldp_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* Where "Port info" ends in @rest (which starts with it, at offset @at of the row). */
static size_t fa_junos_lldp_port_end(const struct fa_junos_lldp_table *tab,
				     struct fa_textscan_span rest, size_t at)
{
	size_t i, gap = 0, blank = 0;

	if (at == tab->name_col)
		return 0; /* no port info: the one value left is the name */
	for (i = 1; i < rest.len; i++) {
		if (fa_junos_lldp_blank(rest.ptr[i]) || !fa_junos_lldp_blank(rest.ptr[i - 1]))
			continue;
		/* rest.ptr[i] starts a word after a blank */
		if (at + i == tab->name_col)
			return i;
		blank = i;
		if (i >= 2 && fa_junos_lldp_blank(rest.ptr[i - 2]))
			gap = i;
	}
	/* one word: the port info, the name not sent */
	return gap ? gap : blank ? blank : rest.len;
}

/* One row of the table; false when it has too few words to be one. */
static bool fa_junos_lldp_row(json_t *device, const char *cmd,
			      const struct fa_junos_lldp_table *tab, struct fa_textscan_span line)
{
	struct fa_textscan_span w[FA_JUNOS_LLDP_WORDS], rest, port, name;
	size_t fixed = tab->parent ? 3 : 2, n = fa_textscan_words(line, w, FA_JUNOS_LLDP_WORDS);
	size_t at, end;
	char *local, *chassis, *port_id, *sysname;

	if (n < fixed + 1 || line.len > FA_JUNOS_LLDP_MAX_ROW)
		return false;
	at = (size_t)(w[fixed].ptr - line.ptr);
	rest = fa_textscan_trim((struct fa_textscan_span){w[fixed].ptr, line.len - at});
	end = fa_junos_lldp_port_end(tab, rest, at);
	port = fa_textscan_trim((struct fa_textscan_span){rest.ptr, end});
	name = fa_textscan_trim((struct fa_textscan_span){rest.ptr + end, rest.len - end});
	local = fa_textscan_dup(w[0]);
	chassis = fa_textscan_dup(w[fixed - 1]);
	port_id = fa_textscan_dup(port);
	sysname = fa_textscan_dup(name);
	fa_junos_lldp_set(device, cmd, local, sysname, port_id, NULL, chassis);
	free(sysname);
	free(port_id);
	free(chassis);
	free(local);
	return true;
}

int fa_parse_junos_lldp_text(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = cap->command ? cap->command : "show lldp neighbors";
	struct fa_junos_lldp_table tab = {false, false, 0};
	struct fa_textscan_span line;
	struct fa_textscan ts;
	size_t rows = 0;
	int r;

	if (fa_junos_not_text(cap, fa_parse_junos_lldp, device, err, &r))
		return r;
	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		if (fa_junos_text_noise(line) || fa_junos_lldp_header(&tab, line))
			continue;
		if (tab.seen && fa_junos_lldp_row(device, cmd, &tab, line)) {
			rows++;
			continue;
		}
		line = fa_textscan_trim(line);
		fa_device_warn(device, "%s: line %u %s: %.*s", cmd, ts.lineno,
			       tab.seen ? "is not a neighbour row"
					: "comes before the table header",
			       (int)(line.len > 120 ? 120 : line.len), line.ptr);
	}
	if (!tab.seen)
		return fa_err_at(
		    err, FA_EPARSE, cmd, 0, 0,
		    "not the output of show lldp neighbors (no 'Local Interface ... "
		    "Chassis Id ... Port info ... System Name' header; the detail form "
		    "is not read)");
	return rows ? 0 : FA_PARSED_EMPTY;
}
