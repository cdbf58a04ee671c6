/* SPDX-License-Identifier: MIT */
/*
 * "show interface transceiver details" (text): one block per interface, the module's identity
 * as "<what> is <value>" lines, then its digital diagnostics, one table per lane for a
 * multi-lane module ("Lane Number:N Network Lane") or one table for an SFP:
 *
 *   Ethernet1/50
 *       transceiver is present
 *       name is CISCO-LUXTERA
 *       ...
 *   Lane Number:1 Network Lane
 *                   Current              Alarms                  Warnings
 *                   Measurement     High        Low         High          Low
 *       Temperature   16.58 C        75.00 C     -5.00 C     70.00 C        0.00 C
 *       Current       47.25 mA      125.30 mA    10.50 mA   120.00 mA      14.00 mA
 *       Rx Power     -13.97 dBm  -    4.99 dBm  -16.77 dBm    1.99 dBm    -12.67 dBm
 *
 * into transceiver.* on the port (docs/health.md): vendor, part_number, serial, form_factor
 * (from "cisco id", the SFF-8024 identifier byte), cable_type and length_m where the module
 * says them, temperature and voltage, per-lane tx_bias, tx_power and rx_power (a list only
 * when every lane has a measurement: "N/A" leaves it out), and the module's thresholds.  A
 * flag after a measurement ("-", "++": below/above a limit) is the device's own verdict and is
 * not kept; the rules compare the values.  The text form is collected because the public
 * captures with diagnostics are text (genieparser's); other "<what> is <value>" lines are
 * module facts without a model field.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/nxos/parse-nxos.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

#define FA_XCVR_LANES 16
#define FA_XCVR_WORDS 16

enum { FA_XCVR_TEMP, FA_XCVR_VOLT, FA_XCVR_BIAS, FA_XCVR_TX, FA_XCVR_RX, FA_XCVR_NQ };

/* The rows of a diagnostics table: name, unit, model reading, thresholds key. */
static const struct {
	const char *row;
	const char *unit;
	const char *reading;
} fa_xcvr_rows[FA_XCVR_NQ] = {
	[FA_XCVR_TEMP] = { "Temperature", "C", "temperature" },
	[FA_XCVR_VOLT] = { "Voltage", "V", "voltage" },
	[FA_XCVR_BIAS] = { "Current", "mA", "tx_bias" },
	[FA_XCVR_TX] = { "Tx Power", "dBm", "tx_power" },
	[FA_XCVR_RX] = { "Rx Power", "dBm", "rx_power" },
};

/* SFF-8024 identifiers as "cisco id" prints them (decimal or 0x hex). */
static const struct {
	int id;
	const char *form;
} fa_xcvr_ids[] = {
	{ 0x03, "SFP" }, { 0x0c, "QSFP" }, { 0x0d, "QSFP+" }, { 0x11, "QSFP28" },
	{ 0x18, "QSFP-DD" }, { 0x19, "OSFP" },
};

struct fa_xcvr {
	json_t *port;			/* NULL: no interface, or no module in it */
	int lane;			/* 1-based; 0 before any table */
	int nlanes;
	bool have[FA_XCVR_NQ][FA_XCVR_LANES];
	double value[FA_XCVR_NQ][FA_XCVR_LANES];
	bool limits[FA_XCVR_NQ];
};

/* A decimal number filling @s. */
static bool fa_xcvr_num(struct fa_textscan_span s, double *ret)
{
	char buf[32], *end;

	if (s.len == 0 || !fa_textscan_copy(s, buf, sizeof(buf)))
		return false;
	*ret = strtod(buf, &end);
	return end != buf && *end == '\0';
}

/* Write the readings gathered for the current port, then forget them. */
static void fa_xcvr_flush(struct fa_xcvr *x)
{
	int q, l;

	if (x->port && x->nlanes > 0) {
		for (q = 0; q < FA_XCVR_NQ; q++) {
			char path[64];

			snprintf(path, sizeof(path), "transceiver.%s", fa_xcvr_rows[q].reading);
			if (q == FA_XCVR_TEMP || q == FA_XCVR_VOLT) {
				/* Module-wide: every lane's table repeats it. */
				for (l = 0; l < x->nlanes && !x->have[q][l]; l++)
					;
				if (l < x->nlanes)
					fa_set(x->port, path, json_real(x->value[q][l]));
				continue;
			}
			for (l = 0; l < x->nlanes && x->have[q][l]; l++)
				;
			if (l == x->nlanes) {
				json_t *a = json_array();

				for (l = 0; l < x->nlanes; l++)
					json_array_append_new(a, json_real(x->value[q][l]));
				fa_set(x->port, path, a);
			}
		}
	}
	memset(x, 0, sizeof(*x));
}

/* A diagnostics row; false when it is not one. */
static bool fa_xcvr_row(struct fa_xcvr *x, struct fa_textscan_span line)
{
	static const char *const limit[4] = { "high_alarm", "low_alarm", "high_warning",
					       "low_warning" };
	struct fa_textscan_span w[FA_XCVR_WORDS];
	size_t n = fa_textscan_words(line, w, FA_XCVR_WORDS), i, k;
	double m = 0, t[4];
	bool measured;
	int q, lane;

	for (q = 0; q < FA_XCVR_NQ; q++)
		if (fa_textscan_starts(line, fa_xcvr_rows[q].row))
			break;
	if (q == FA_XCVR_NQ || n > FA_XCVR_WORDS)
		return false;
	i = strchr(fa_xcvr_rows[q].row, ' ') ? 2 : 1;
	if (i >= n)
		return false;
	measured = !fa_textscan_eq(w[i], "N/A");
	if (measured) {
		if (i + 1 >= n || !fa_xcvr_num(w[i], &m) ||
		    !fa_textscan_eq(w[i + 1], fa_xcvr_rows[q].unit))
			return false;
		i += 2;
	} else {
		i++;
	}
	/* The device's flag after the measurement: "+", "++", "-", "--". */
	if (i < n && w[i].len <= 2 && (w[i].ptr[0] == '+' || w[i].ptr[0] == '-') &&
	    (w[i].len == 1 || w[i].ptr[1] == w[i].ptr[0]))
		i++;
	if (n - i != 8)
		return false;
	for (k = 0; k < 4; k++)
		if (!fa_xcvr_num(w[i + 2 * k], &t[k]) ||
		    !fa_textscan_eq(w[i + 2 * k + 1], fa_xcvr_rows[q].unit))
			return false;
	if (!x->port)
		return true;
	lane = x->lane ? x->lane : 1;
	if (lane > x->nlanes)
		x->nlanes = lane;
	if (measured) {
		x->have[q][lane - 1] = true;
		x->value[q][lane - 1] = m;
	}
	if (!x->limits[q]) {
		for (k = 0; k < 4; k++) {
			char path[96];

			snprintf(path, sizeof(path), "transceiver.thresholds.%s.%s",
				 fa_xcvr_rows[q].reading, limit[k]);
			fa_set(x->port, path, json_real(t[k]));
		}
		x->limits[q] = true;
	}
	return true;
}

/* "<what> is <value>" of the identity section; false when the line is not of that form. */
static bool fa_xcvr_fact(struct fa_xcvr *x, json_t *device, const char *cmd, unsigned lineno,
			 struct fa_textscan_span line)
{
	long at = fa_textscan_find(line, " is ");
	struct fa_textscan_span key, val;
	size_t i;

	/* CMIS lane facts without "is": "near-end lanes used none", "far-end lane code ...". */
	if (fa_textscan_starts(line, "near-end lanes used") ||
	    fa_textscan_starts(line, "far-end lane code"))
		return true;
	if (at <= 0)
		return false;
	key.ptr = line.ptr;
	key.len = (size_t)at;
	val = fa_textscan_trim((struct fa_textscan_span){ line.ptr + at + 4, line.len - at - 4 });
	if (fa_textscan_eq(key, "transceiver")) {
		if (!fa_textscan_eq(val, "present"))
			x->port = NULL;		/* "not present": nothing to record */
		return true;
	}
	if (!x->port || val.len == 0)
		return true;
	if (fa_textscan_eq(key, "name"))
		fa_set_strn(x->port, "transceiver.vendor", val.ptr, val.len);
	else if (fa_textscan_eq(key, "part number"))
		fa_set_strn(x->port, "transceiver.part_number", val.ptr, val.len);
	else if (fa_textscan_eq(key, "serial number"))
		fa_set_strn(x->port, "transceiver.serial", val.ptr, val.len);
	else if (fa_textscan_eq(key, "cisco id")) {
		char buf[16], *end;
		long id;

		if (!fa_textscan_copy(val, buf, sizeof(buf)))
			return false;
		id = strtol(buf, &end, 0);
		for (i = 0; *end == '\0' && i < sizeof(fa_xcvr_ids) / sizeof(fa_xcvr_ids[0]); i++)
			if (fa_xcvr_ids[i].id == id)
				fa_set_str(x->port, "transceiver.form_factor", fa_xcvr_ids[i].form);
	} else if (fa_textscan_eq(key, "Advertising code")) {
		/* CMIS media type: passive copper, or an optical module (not an AOC). */
		if (fa_textscan_eq(val, "Passive Cu"))
			fa_set_str(x->port, "transceiver.cable_type", "dac");
		else if (fa_textscan_starts(val, "Optical Interfaces"))
			fa_set_str(x->port, "transceiver.cable_type", "optical");
	} else if (fa_textscan_eq(key, "Cable Length") ||
		   fa_textscan_eq(key, "Link length supported for copper")) {
		/* "2.0 M" (CMIS cable assembly length), "1 m" (SFF-8636 copper length). */
		struct fa_textscan_span w[3];
		double m;

		if (fa_textscan_words(val, w, 3) != 2 || !fa_xcvr_num(w[0], &m) ||
		    !(fa_textscan_eq(w[1], "m") || fa_textscan_eq(w[1], "M")) || m <= 0) {
			fa_device_warn(device, "%s: line %u: cable length '%.*s' not understood",
				       cmd, lineno, (int)(val.len > 40 ? 40 : val.len), val.ptr);
			return true;
		}
		fa_set(x->port, "transceiver.length_m", json_real(m));
	}
	return true;
}

/* Lines of the diagnostics tables that carry no value. */
static bool fa_xcvr_decoration(struct fa_textscan_span line)
{
	return fa_textscan_starts(line, "---") || fa_textscan_starts(line, "Note:") ||
	       fa_textscan_starts(line, "Transmit Fault Count") ||
	       fa_textscan_eq(line, "DOM is not supported") ||
	       fa_textscan_find(line, "Diagnostics Information") >= 0 ||
	       (fa_textscan_starts(line, "Current") && fa_textscan_find(line, "Alarms") > 0) ||
	       (fa_textscan_starts(line, "Measurement") && fa_textscan_find(line, "High") > 0);
}

int fa_parse_nxos_transceiver(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = cap->command && *cap->command ? cap->command
							 : "show interface transceiver details";
	struct fa_textscan_span line, first = { "", 0 };
	struct fa_xcvr x = { 0 };
	struct fa_textscan ts;
	unsigned bad = 0, ports = 0;

	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		struct fa_textscan_span w[4];
		size_t indent = fa_textscan_indent(line);
		int64_t lane;

		line = fa_textscan_trim(line);
		if (line.len == 0)
			continue;
		if (indent == 0 && fa_textscan_words(line, w, 4) == 1 &&
		    fa_textscan_starts(line, "Eth")) {
			char *name = fa_textscan_dup(line), *full = fa_nxos_ifname(name);

			fa_xcvr_flush(&x);
			x.port = fa_device_port(device, full);
			fa_set_str(x.port, "type", fa_nxos_port_type(full));
			ports++;
			free(full);
			free(name);
			continue;
		}
		if (fa_textscan_starts(line, "Lane Number:") &&
		    fa_textscan_words(line, w, 4) >= 2 &&
		    fa_textscan_int((struct fa_textscan_span){ w[1].ptr + 7, w[1].len - 7 }, &lane)) {
			/* "Lane Number:1 Network Lane": the words are "Lane" "Number:1" ... */
			if (lane < 1 || lane > FA_XCVR_LANES) {
				fa_device_warn(device, "%s: line %u: lane %lld out of range", cmd,
					       ts.lineno, (long long)lane);
				x.lane = -1;
			} else {
				x.lane = (int)lane;
			}
			continue;
		}
		if (ports && fa_xcvr_decoration(line))
			continue;
		if (ports && x.lane >= 0 && fa_xcvr_row(&x, line))
			continue;
		if (ports && x.lane == 0 && fa_xcvr_fact(&x, device, cmd, ts.lineno, line))
			continue;
		if (bad++ == 0)
			first = line;
		fa_device_warn(device, "%s: line %u not understood: %.*s", cmd, ts.lineno,
			       (int)(line.len > 200 ? 200 : line.len), line.ptr);
	}
	fa_xcvr_flush(&x);
	if (ports == 0)
		return bad ? fa_err_set(err, FA_EPARSE,
					"%s: not 'show interface transceiver details' output: %.*s",
					cmd, (int)(first.len > 120 ? 120 : first.len), first.ptr)
			   : FA_PARSED_EMPTY;
	return 0;
}
