/* SPDX-License-Identifier: MIT */
/*
 * "show interface counters errors" (text): several tables, each a "Port" header naming its
 * columns and one row per interface, "--" where a counter does not apply to it:
 *
 *   Port          Align-Err    FCS-Err   Xmit-Err    Rcv-Err  UnderSize OutDiscards
 *   --------------------------------------------------------------------------------
 *   Eth1/1                  0          0          0          0          0           0
 *
 * into counters on the port (docs/health.md): FCS-Err crc_errors, Xmit-Err tx_errors, Rcv-Err
 * rx_errors, OutDiscards tx_discards, InDiscards rx_discards, Symbol-Err symbol_errors.  The
 * other columns (collisions, runts, giants, Stomped-CRC, ...) have no model field and are
 * skipped; a column nobody knows is one warning for its header.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/nxos/parse-nxos.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

#define FA_ERRS_COLS 16

/* A column and the model counter it is (NULL: known, no field). */
static const struct {
	const char *column;
	const char *counter;
} fa_errs_columns[] = {
	{ "FCS-Err", "crc_errors" },	{ "Xmit-Err", "tx_errors" },
	{ "Rcv-Err", "rx_errors" },	{ "OutDiscards", "tx_discards" },
	{ "InDiscards", "rx_discards" }, { "Symbol-Err", "symbol_errors" },
	{ "Align-Err", NULL },		{ "UnderSize", NULL },
	{ "Single-Col", NULL },		{ "Multi-Col", NULL },
	{ "Late-Col", NULL },		{ "Exces-Col", NULL },
	{ "Carri-Sen", NULL },		{ "Runts", NULL },
	{ "Giants", NULL },		{ "SQETest-Err", NULL },
	{ "Deferred-Tx", NULL },	{ "IntMacTx-Er", NULL },
	{ "IntMacRx-Er", NULL },	{ "Stomped-CRC", NULL },
};

int fa_parse_nxos_errors(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = cap->command && *cap->command ? cap->command
							 : "show interface counters errors";
	const char *counter[FA_ERRS_COLS] = { NULL };
	struct fa_textscan_span line, first = { "", 0 };
	struct fa_textscan ts;
	size_t ncols = 0;
	unsigned bad = 0, rows = 0;

	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		struct fa_textscan_span w[FA_ERRS_COLS + 1];
		size_t n, i, k;
		char *name, *full;
		json_t *port;

		line = fa_textscan_trim(line);
		if (line.len == 0 || fa_textscan_starts(line, "---"))
			continue;
		n = fa_textscan_words(line, w, FA_ERRS_COLS + 1);
		if (n >= 2 && n <= FA_ERRS_COLS + 1 && fa_textscan_eq(w[0], "Port")) {
			ncols = n - 1;
			for (i = 1; i < n; i++) {
				counter[i - 1] = NULL;
				for (k = 0; k < sizeof(fa_errs_columns) / sizeof(fa_errs_columns[0]); k++)
					if (fa_textscan_eq(w[i], fa_errs_columns[k].column))
						break;
				if (k < sizeof(fa_errs_columns) / sizeof(fa_errs_columns[0]))
					counter[i - 1] = fa_errs_columns[k].counter;
				else
					fa_device_warn(device, "%s: line %u: column '%.*s' not known",
						       cmd, ts.lineno, (int)w[i].len, w[i].ptr);
			}
			continue;
		}
		if (ncols == 0 || n != ncols + 1) {
			if (bad++ == 0)
				first = line;
			fa_device_warn(device, "%s: line %u not understood: %.*s", cmd, ts.lineno,
				       (int)(line.len > 200 ? 200 : line.len), line.ptr);
			continue;
		}
		name = fa_textscan_dup(w[0]);
		full = fa_nxos_ifname(name);
		port = fa_device_port(device, full);
		if (!fa_get_str(port, "type"))
			fa_set_str(port, "type", fa_nxos_port_type(full));
		free(full);
		free(name);
		rows++;
		for (i = 0; i < ncols; i++) {
			int64_t v;
			char path[64];

			if (!counter[i] || fa_textscan_eq(w[i + 1], "--"))
				continue;
			if (!fa_textscan_int(w[i + 1], &v) || v < 0) {
				fa_device_warn(device, "%s: line %u: '%.*s' is not a counter value", cmd,
					       ts.lineno, (int)(w[i + 1].len > 40 ? 40 : w[i + 1].len),
					       w[i + 1].ptr);
				continue;
			}
			snprintf(path, sizeof(path), "counters.%s", counter[i]);
			fa_set_int(port, path, v);
		}
	}
	if (rows == 0)
		return bad ? fa_err_set(err, FA_EPARSE,
					"%s: not 'show interface counters errors' output: %.*s", cmd,
					(int)(first.len > 120 ? 120 : first.len), first.ptr)
			   : FA_PARSED_EMPTY;
	return 0;
}
