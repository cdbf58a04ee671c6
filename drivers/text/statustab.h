/* SPDX-License-Identifier: MIT */
/*
 * The "show interface(s) status" table of NX-OS and EOS (and of the switches that copied it):
 *
 *   Port          Name               Status    Vlan      Duplex  Speed   Type
 *   Eth1/1        managed by puppet  disabled  routed    auto    auto    SFP-H10GB-CU2M
 *   Eth1/3        --                 xcvrAbsen 1         auto    auto    --
 *
 * Columns are separated by as little as one blank ("xcvrAbsen 1", "unconf unconf"), the name
 * holds blanks, and the device cuts the name and the status to their column.  So a row is
 * read by the header: the status is the word that starts under "Status" and the name is what
 * lies between the port and it.  A row that does not line up with its header (pasted with
 * its blanks collapsed: "Et49 Core: drxx.yul01 notconnect in Po49 full 10G Not Present") is
 * read by the status word instead: the first word after the port that the platform lists as
 * a status.  After the status come the VLAN ("in Po49" is one), the duplex and the speed;
 * a header with "Reason" instead of "Vlan" (NX-OS tunnels) has no speed.
 */
#ifndef FA_DRIVERS_STATUSTAB_H
#define FA_DRIVERS_STATUSTAB_H

#include <stdbool.h>
#include <stddef.h>

#include "drivers/parse.h"
#include "drivers/text/textscan.h"

/* The columns of the last header line seen. */
struct fa_statustab {
	size_t status_col; /* where "Status" starts */
	bool has_speed;	   /* a Vlan/Duplex/Speed header, not a Reason one */
	bool seen;	   /* a header has been seen */
};

#define FA_STATUSTAB_INIT { 0, false, false }

/* One row; a span not found has a NULL ptr. */
struct fa_statustab_row {
	struct fa_textscan_span port;
	struct fa_textscan_span name;	/* empty when the row has none */
	struct fa_textscan_span status;
	struct fa_textscan_span speed;	/* NULL ptr in a Reason table or a short row */
	bool name_maybe_cut;		/* the name runs up to the status, or the row is off its columns */
};

/* True when @line is a header ("Port"/"Interface" ... "Status"); @tab then holds its columns. */
bool fa_statustab_header(struct fa_statustab *tab, struct fa_textscan_span line);

/* True when @line is a rule of dashes or blank: nothing to read. */
bool fa_statustab_is_rule(struct fa_textscan_span line);

/*
 * Read the data row @line under @tab's header.  @statuses is a NULL-terminated list of the
 * status words of the platform, used for rows that do not line up.  False when no status
 * can be found.
 */
bool fa_statustab_row(const struct fa_statustab *tab, struct fa_textscan_span line,
		      const char *const *statuses, struct fa_statustab_row *ret);

/* Sets a port's fields from one row; @lineno is the row's line, for warnings. */
typedef void (*fa_statustab_row_fn)(json_t *device, const char *cmd, unsigned lineno,
				    const struct fa_statustab_row *row);

/*
 * Read a whole status table from @cap: each data row goes to @row_fn, a row without a status
 * is a device warning, output without a header or without any row is a parse error.
 */
int fa_statustab_parse(const struct fa_capture *cap, json_t *device,
		       const char *const *statuses, fa_statustab_row_fn row_fn,
		       struct fa_err *err);

/*
 * Set @port's speed from the row's Speed column: "a-" (negotiated) is dropped; "auto",
 * "unconf" and "--" are no speed; a bare number is Mb/s; anything else is a device warning
 * naming @name.
 */
void fa_statustab_speed(json_t *device, json_t *port, const char *cmd, unsigned lineno,
			const char *name, const struct fa_statustab_row *row);

#endif /* FA_DRIVERS_STATUSTAB_H */
