/* SPDX-License-Identifier: MIT */
/*
 * SONiC "show interfaces transceiver eeprom --dom" (sfpshow) into port.transceiver.*.
 *
 * One block per port: "Ethernet0: SFP EEPROM detected" and indented "Key: value" lines, or
 * "Ethernet4: SFP EEPROM Not detected" (an empty cage: nothing is written).  The identity
 * comes from the top lines (Identifier, Vendor Name, Vendor PN, Vendor SN, Length Cable
 * Assembly(m)); the readings from the sections ChannelMonitorValues (RX<n>Power, TX<n>Bias,
 * TX<n>Power per lane) and ModuleMonitorValues (Temperature, Vcc); the module's limits from
 * ChannelThresholdValues and ModuleThresholdValues.  Every value carries its unit (dBm, mA,
 * C, Volts), which is checked; power in mW is converted to dBm (0 mW, which has no dBm value,
 * is written as -40 dBm, below any receiver).  A per-lane list is written only when every
 * lane from 1 up is known.  The many EEPROM fields the model does not hold (encoding,
 * firmware, application advertisement) are passed over without a warning; the cable type is
 * not guessed from the compliance code.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/platform.h"
#include "drivers/sonic/parse-sonic.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

#define FA_SFP_CMD "show interfaces transceiver eeprom --dom"
#define FA_SFP_LANES 16

enum fa_sfp_section { FA_S_NONE, FA_S_CHAN, FA_S_CHAN_TH, FA_S_MOD, FA_S_MOD_TH };

enum fa_sfp_lane { FA_L_RX_POWER, FA_L_TX_POWER, FA_L_TX_BIAS, FA_L_N };

static const char *const fa_lane_fields[FA_L_N] = {"transceiver.rx_power", "transceiver.tx_power",
						   "transceiver.tx_bias"};

struct fa_sfp_port {
	json_t *port;
	double lane[FA_L_N][FA_SFP_LANES];
	unsigned known[FA_L_N]; /* bit n: lane n + 1 was read */
	unsigned bad[FA_L_N];	/* bit n: lane n + 1 was there but not understood */
	size_t written;
};

/* "3.2824Volts" as a number in @unit ("dBm" also accepts mW); false on anything else. */
static bool fa_sfp_value(struct fa_textscan_span v, const char *unit, double *ret)
{
	char buf[64], *end;
	double x;

	if (!fa_textscan_copy(v, buf, sizeof(buf)) || !buf[0])
		return false;
	x = strtod(buf, &end);
	if (end == buf || !isfinite(x))
		return false;
	if (strcmp(end, unit) == 0) {
		*ret = x;
		return true;
	}
	if (strcmp(unit, "dBm") == 0 && strcmp(end, "mW") == 0 && x >= 0) {
		*ret = x > 0 ? 10.0 * log10(x) : -40.0;
		return true;
	}
	return false;
}

static void fa_sfp_set_num(json_t *device, struct fa_sfp_port *sp, const char *name,
			   struct fa_textscan_span key, struct fa_textscan_span val,
			   const char *path, const char *unit)
{
	double x;

	if (fa_textscan_eq(val, "N/A"))
		return;
	if (!fa_sfp_value(val, unit, &x)) {
		fa_device_warn(device, FA_SFP_CMD ": %s: %.*s '%.*s' not understood", name,
			       (int)key.len, key.ptr, (int)val.len, val.ptr);
		return;
	}
	fa_set(sp->port, path, json_real(x));
	sp->written++;
}

/* "RX3Power", "TX1Bias": the lane reading named by @key, or false. */
static bool fa_sfp_lane_key(struct fa_textscan_span key, enum fa_sfp_lane *ret_l, unsigned *ret_n)
{
	char k[32], *end;
	unsigned long n;

	if (!fa_textscan_copy(key, k, sizeof(k)) || (strncmp(k, "RX", 2) && strncmp(k, "TX", 2)))
		return false;
	n = strtoul(k + 2, &end, 10);
	if (end == k + 2 || n < 1 || n > FA_SFP_LANES)
		return false;
	if (k[0] == 'R' && strcmp(end, "Power") == 0)
		*ret_l = FA_L_RX_POWER;
	else if (k[0] == 'T' && strcmp(end, "Power") == 0)
		*ret_l = FA_L_TX_POWER;
	else if (k[0] == 'T' && strcmp(end, "Bias") == 0)
		*ret_l = FA_L_TX_BIAS;
	else
		return false;
	*ret_n = (unsigned)n - 1;
	return true;
}

static void fa_sfp_chan(json_t *device, struct fa_sfp_port *sp, const char *name,
			struct fa_textscan_span key, struct fa_textscan_span val)
{
	enum fa_sfp_lane l;
	unsigned n;
	double x;

	if (!fa_sfp_lane_key(key, &l, &n))
		return; /* another reading (e.g. a frequency) the model does not hold */
	if (fa_sfp_value(val, l == FA_L_TX_BIAS ? "mA" : "dBm", &x)) {
		sp->lane[l][n] = x;
		sp->known[l] |= 1u << n;
		return;
	}
	sp->bad[l] |= 1u << n;
	if (!fa_textscan_eq(val, "N/A"))
		fa_device_warn(device, FA_SFP_CMD ": %s: %.*s '%.*s' not understood", name,
			       (int)key.len, key.ptr, (int)val.len, val.ptr);
}

/* The threshold names: "<prefix><High|Low><Alarm|Warning>". */
static const struct {
	const char *prefix, *what, *unit;
} fa_sfp_limits[] = {
    {"RxPower", "rx_power", "dBm"}, {"TxPower", "tx_power", "dBm"}, {"TxBias", "tx_bias", "mA"},
    {"Temp", "temperature", "C"},   {"Vcc", "voltage", "Volts"},
};

static void fa_sfp_threshold(json_t *device, struct fa_sfp_port *sp, const char *name,
			     struct fa_textscan_span key, struct fa_textscan_span val)
{
	static const char *const levels[][2] = {{"HighAlarm", "high_alarm"},
						{"HighWarning", "high_warning"},
						{"LowWarning", "low_warning"},
						{"LowAlarm", "low_alarm"}};
	char k[48], path[96];
	size_t i, j;

	if (!fa_textscan_copy(key, k, sizeof(k)))
		return;
	for (i = 0; i < sizeof(fa_sfp_limits) / sizeof(fa_sfp_limits[0]); i++) {
		size_t pl = strlen(fa_sfp_limits[i].prefix);

		if (strncmp(k, fa_sfp_limits[i].prefix, pl) != 0)
			continue;
		for (j = 0; j < 4; j++) {
			if (strcmp(k + pl, levels[j][0]) != 0)
				continue;
			snprintf(path, sizeof(path), "transceiver.thresholds.%s.%s",
				 fa_sfp_limits[i].what, levels[j][1]);
			fa_sfp_set_num(device, sp, name, key, val, path, fa_sfp_limits[i].unit);
			return;
		}
	}
}

/* The form factor from "Identifier": its first word, when it is one the model knows. */
static void fa_sfp_identifier(struct fa_sfp_port *sp, struct fa_textscan_span val)
{
	static const char *const known[] = {"OSFP",   "QSFP-DD", "QSFP112", "QSFP56",
					    "QSFP28", "QSFP+",	 "QSFP",    "SFP-DD",
					    "SFP56",  "SFP28",	 "SFP+",    "SFP"};
	struct fa_textscan_span w[1];
	size_t i;

	if (!fa_textscan_words(val, w, 1))
		return;
	/* sfputil names SFP cages "SFP/SFP+/SFP28": the family, not the rate. */
	if (fa_textscan_eq(w[0], "SFP/SFP+/SFP28"))
		w[0].len = 3;
	for (i = 0; i < sizeof(known) / sizeof(known[0]); i++) {
		if (fa_textscan_eq(w[0], known[i])) {
			fa_set_str(sp->port, "transceiver.form_factor", known[i]);
			sp->written++;
			return;
		}
	}
}

static void fa_sfp_top(json_t *device, struct fa_sfp_port *sp, const char *name,
		       struct fa_textscan_span key, struct fa_textscan_span val)
{
	static const char *const strs[][2] = {{"Vendor Name", "transceiver.vendor"},
					      {"Vendor PN", "transceiver.part_number"},
					      {"Vendor SN", "transceiver.serial"}};
	size_t i;
	double x;

	for (i = 0; i < sizeof(strs) / sizeof(strs[0]); i++) {
		if (fa_textscan_eq(key, strs[i][0])) {
			if (val.len && !fa_textscan_eq(val, "N/A")) {
				fa_set_strn(sp->port, strs[i][1], val.ptr, val.len);
				sp->written++;
			}
			return;
		}
	}
	if (fa_textscan_eq(key, "Identifier")) {
		fa_sfp_identifier(sp, val);
	} else if (fa_textscan_eq(key, "Length Cable Assembly(m)")) {
		/* 0 is what an optical module states: no cable length. */
		if (fa_sfp_value(val, "", &x)) {
			if (x > 0) {
				fa_set(sp->port, "transceiver.length_m", json_real(x));
				sp->written++;
			}
		} else if (!fa_textscan_eq(val, "N/A")) {
			fa_device_warn(device,
				       FA_SFP_CMD ": %s: cable length '%.*s' not understood", name,
				       (int)val.len, val.ptr);
		}
	}
}

/* Write the per-lane lists of the port just read. */
static void fa_sfp_flush(struct fa_sfp_port *sp)
{
	int l;

	if (!sp->port)
		return;
	for (l = 0; l < FA_L_N; l++) {
		unsigned k = sp->known[l];
		json_t *a;
		unsigned n;

		/* Lanes 1..n all read, none after, none refused. */
		if (!k || (k & (k + 1)) || sp->bad[l])
			continue;
		a = json_array();
		for (n = 0; k >> n & 1; n++)
			json_array_append_new(a, json_real(sp->lane[l][n]));
		fa_set(sp->port, fa_lane_fields[l], a);
		sp->written++;
	}
}

int fa_parse_sonic_transceiver(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	struct fa_textscan ts;
	struct fa_textscan_span line, key, val;
	struct fa_sfp_port sp;
	enum fa_sfp_section sec = FA_S_NONE;
	size_t sec_indent = 0, blocks = 0, written = 0;
	char name[128] = "";

	memset(&sp, 0, sizeof(sp));
	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		size_t indent = fa_textscan_indent(line);

		if (fa_textscan_is_blank(line))
			continue;
		if (indent == 0) {
			fa_sfp_flush(&sp);
			written += sp.written;
			memset(&sp, 0, sizeof(sp));
			sec = FA_S_NONE;
			if (!fa_textscan_keyval(line, ':', &key, &val) ||
			    !fa_textscan_starts(val, "SFP EEPROM") ||
			    !fa_textscan_copy(key, name, sizeof(name)) || strchr(name, ' ')) {
				fa_device_warn(device, FA_SFP_CMD ": line not understood: %.*s",
					       (int)(line.len > 120 ? 120 : line.len), line.ptr);
				name[0] = '\0';
				continue;
			}
			blocks++;
			/* "Not detected", "is not applicable for RJ45 port": no module. */
			if (fa_textscan_eq(val, "SFP EEPROM detected"))
				sp.port = fa_device_port(device, name);
			continue;
		}
		if (!sp.port || !fa_textscan_keyval(line, ':', &key, &val))
			continue;
		if (!val.len) {
			sec = fa_textscan_eq(key, "ChannelMonitorValues")     ? FA_S_CHAN
			      : fa_textscan_eq(key, "ChannelThresholdValues") ? FA_S_CHAN_TH
			      : fa_textscan_eq(key, "ModuleMonitorValues")    ? FA_S_MOD
			      : fa_textscan_eq(key, "ModuleThresholdValues")  ? FA_S_MOD_TH
									      : FA_S_NONE;
			sec_indent = indent;
			continue;
		}
		if (sec != FA_S_NONE && indent <= sec_indent)
			sec = FA_S_NONE;
		switch (sec) {
		case FA_S_NONE:
			if (indent <= sec_indent || !sec_indent)
				fa_sfp_top(device, &sp, name, key, val);
			break;
		case FA_S_CHAN:
			fa_sfp_chan(device, &sp, name, key, val);
			break;
		case FA_S_CHAN_TH:
		case FA_S_MOD_TH:
			fa_sfp_threshold(device, &sp, name, key, val);
			break;
		case FA_S_MOD:
			if (fa_textscan_eq(key, "Temperature"))
				fa_sfp_set_num(device, &sp, name, key, val,
					       "transceiver.temperature", "C");
			else if (fa_textscan_eq(key, "Vcc"))
				fa_sfp_set_num(device, &sp, name, key, val, "transceiver.voltage",
					       "Volts");
			break;
		}
	}
	fa_sfp_flush(&sp);
	written += sp.written;
	if (!blocks)
		return fa_err_set(err, FA_EPARSE, FA_SFP_CMD ": no port found");
	return written ? 0 : FA_PARSED_EMPTY;
}
