/* SPDX-License-Identifier: MIT */
/*
 * ethtool -m IF: the module EEPROM as ethtool decodes it, one "Key : value" line each, for
 * SFP (SFF-8472), QSFP+/QSFP28 (SFF-8636) and QSFP-DD/OSFP (CMIS, ethtool 5.x and later).
 * Written to port.transceiver:
 *
 *   Identifier : 0x11 (QSFP28)                  -> form_factor "QSFP28" (the name in
 *                                                  parentheses up to its first blank)
 *   Vendor name / Vendor PN / Vendor SN         -> vendor, part_number, serial
 *   Transmitter technology : 0xa0 (Copper cable unequalized)     (SFF-8636, CMIS)
 *   Transceiver type : Passive Cable / Active Cable              (SFP)
 *                                               -> cable_type: passive copper "dac", active
 *                                                  copper "acc"; a laser "optical", or "aoc"
 *                                                  when the connector is "No separable
 *                                                  connector" (the fibre is part of the module)
 *   Length (Copper) : 2m, Length (Copper or Active cable) : 3m, Cable assembly length : 2.00 m
 *                                               -> length_m, for cables only (a module's fibre
 *                                                  reach says nothing of the cable plugged in)
 *   Module temperature : 38.00 degrees C / 100.40 degrees F       -> temperature (C)
 *   Module voltage : 3.2740 V                                     -> voltage
 *   Laser (tx) bias current [(Channel N)] : 6.750 mA              -> tx_bias[]
 *   Laser output power / Transmit avg optical power [(Channel N)] -> tx_power[]
 *   Receiver signal average optical power / Rcvr signal avg optical power[(Channel N)] /
 *   Receiver signal OMA[(Channel N)]                              -> rx_power[]
 *   <what> high|low alarm|warning threshold : ...                 -> thresholds.<what>.*
 *     what: Module temperature, Module voltage, Laser bias current, Laser output power
 *     (tx_power), Laser rx power (rx_power)
 *
 * Power reads "0.5012 mW / -3.00 dBm": the dBm value is taken; a value in mW alone is
 * converted (10 log10 mW).  0 mW has no dBm value (ethtool prints "-inf dBm"): it is written
 * as -40.0 dBm, far below any receiver's sensitivity, so that a dark lane still shows in the
 * list instead of shifting the others.  Per-lane values are written when every lane from 1 to
 * the highest printed was read.  Unknown keys are skipped (ethtool prints dozens); a line
 * without "Key :" is a warning.  Output with no Identifier (an error message, a module without
 * an EEPROM) fails the capture.
 */
#include "config.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/linux/parse-linux.h"
#include "drivers/linux/parse-linux-int.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

enum { FA_EM_LANES = 16 };

enum fa_em_unit { FA_EM_PLAIN, FA_EM_POWER };

struct fa_em_lanes {
	double v[FA_EM_LANES];
	unsigned have;		/* bit i: lane i+1 */
	int max;		/* highest lane read, 0 for none */
};

struct fa_em {
	json_t *device;
	const char *cmd;
	json_t *fields;		/* dotted path -> value, applied at the end */
	struct fa_em_lanes bias, tx, rx;
	bool identified;
	bool copper_passive, copper_active, laser, no_separable_connector;
	bool have_length;
	double length;
};

/* The first number of @s ("38.00 degrees C", "-3.00 dBm"); false when none or "-inf". */
static bool fa_em_number(struct fa_textscan_span s, double *ret)
{
	char buf[64], *end;
	double v;

	s = fa_textscan_trim(s);
	if (!fa_textscan_copy(s, buf, sizeof(buf)) || !buf[0])
		return false;
	v = strtod(buf, &end);
	if (end == buf || !isfinite(v))
		return false;
	*ret = v;
	return true;
}

/* A power value: the dBm after '/', else mW converted; 0 mW (or -inf dBm) is -40 dBm. */
static bool fa_em_power(struct fa_textscan_span s, double *ret)
{
	long slash = fa_textscan_find(s, "/");
	struct fa_textscan_span dbm, mw = s;
	double v;

	if (slash >= 0) {
		dbm.ptr = s.ptr + slash + 1;
		dbm.len = s.len - (size_t)slash - 1;
		if (fa_textscan_find(dbm, "dBm") >= 0 && fa_em_number(dbm, ret))
			return true;
		mw.len = (size_t)slash;
	}
	if (fa_textscan_find(mw, "mW") < 0 || !fa_em_number(mw, &v) || v < 0)
		return false;
	*ret = v > 0 ? 10.0 * log10(v) : -40.0;
	return true;
}

static bool fa_em_value(struct fa_textscan_span s, enum fa_em_unit unit, double *ret)
{
	return unit == FA_EM_POWER ? fa_em_power(s, ret) : fa_em_number(s, ret);
}

static const struct {
	const char *key;
	const char *what;	/* transceiver.thresholds.<what> */
	enum fa_em_unit unit;
} fa_em_thresholds[] = {
	{ "Module temperature", "temperature", FA_EM_PLAIN },
	{ "Module voltage", "voltage", FA_EM_PLAIN },
	{ "Laser bias current", "tx_bias", FA_EM_PLAIN },
	{ "Laser output power", "tx_power", FA_EM_POWER },
	{ "Laser rx power", "rx_power", FA_EM_POWER },
};

static const struct {
	const char *words;
	const char *key;
} fa_em_limits[] = {
	{ " high alarm threshold", "high_alarm" },
	{ " high warning threshold", "high_warning" },
	{ " low warning threshold", "low_warning" },
	{ " low alarm threshold", "low_alarm" },
};

/* "<what> high alarm threshold": true when @key is a threshold line (recorded or not). */
static bool fa_em_threshold(struct fa_em *m, struct fa_textscan_span key,
			    struct fa_textscan_span val)
{
	size_t i, j;

	for (i = 0; i < sizeof(fa_em_limits) / sizeof(fa_em_limits[0]); i++) {
		size_t wl = strlen(fa_em_limits[i].words);
		struct fa_textscan_span what = key;

		if (key.len <= wl || memcmp(key.ptr + key.len - wl, fa_em_limits[i].words, wl))
			continue;
		what.len -= wl;
		for (j = 0; j < sizeof(fa_em_thresholds) / sizeof(fa_em_thresholds[0]); j++) {
			char path[96];
			double v;

			if (!fa_textscan_eq(what, fa_em_thresholds[j].key))
				continue;
			if (!fa_em_value(val, fa_em_thresholds[j].unit, &v)) {
				fa_device_warn(m->device, "%s: %.*s not understood: %.*s", m->cmd,
					       (int)key.len, key.ptr, (int)val.len, val.ptr);
				return true;
			}
			snprintf(path, sizeof(path), "transceiver.thresholds.%s.%s",
				 fa_em_thresholds[j].what, fa_em_limits[i].key);
			json_object_set_new(m->fields, path, json_real(v));
			return true;
		}
		return true;
	}
	return false;
}

/*
 * A per-lane reading: @key is @base, or @base followed by "(Channel N)" with or without a
 * blank (SFF-8636 prints "Rcvr signal avg optical power(Channel 1)").
 */
static bool fa_em_lane_key(struct fa_textscan_span key, const char *base, int *ret_lane)
{
	size_t bl = strlen(base);
	struct fa_textscan_span rest, num;
	int64_t lane;

	if (key.len < bl || memcmp(key.ptr, base, bl) != 0)
		return false;
	rest.ptr = key.ptr + bl;
	rest.len = key.len - bl;
	rest = fa_textscan_trim(rest);
	if (rest.len == 0) {
		*ret_lane = 0;
		return true;
	}
	if (!fa_textscan_starts(rest, "(Channel ") || rest.ptr[rest.len - 1] != ')')
		return false;
	num.ptr = rest.ptr + strlen("(Channel ");
	num.len = rest.len - strlen("(Channel ") - 1;
	if (!fa_textscan_int(num, &lane) || lane < 1 || lane > FA_EM_LANES)
		return false;
	*ret_lane = (int)lane;
	return true;
}

static void fa_em_lane_set(struct fa_em_lanes *l, int lane, double v)
{
	int i = lane ? lane - 1 : 0;

	l->v[i] = v;
	l->have |= 1u << i;
	if (i + 1 > l->max)
		l->max = i + 1;
}

static const struct {
	const char *key;
	int which;		/* 0 bias, 1 tx, 2 rx */
	enum fa_em_unit unit;
} fa_em_readings[] = {
	{ "Laser bias current", 0, FA_EM_PLAIN },
	{ "Laser tx bias current", 0, FA_EM_PLAIN },
	{ "Laser output power", 1, FA_EM_POWER },
	{ "Transmit avg optical power", 1, FA_EM_POWER },
	{ "Laser tx power", 1, FA_EM_POWER },
	{ "Receiver signal average optical power", 2, FA_EM_POWER },
	{ "Rcvr signal avg optical power", 2, FA_EM_POWER },
	{ "Receiver signal OMA", 2, FA_EM_POWER },
};

static bool fa_em_reading(struct fa_em *m, struct fa_textscan_span key,
			  struct fa_textscan_span val)
{
	struct fa_em_lanes *lanes[] = { &m->bias, &m->tx, &m->rx };
	size_t i;
	int lane;
	double v;

	for (i = 0; i < sizeof(fa_em_readings) / sizeof(fa_em_readings[0]); i++) {
		if (!fa_em_lane_key(key, fa_em_readings[i].key, &lane))
			continue;
		if (fa_em_value(val, fa_em_readings[i].unit, &v))
			fa_em_lane_set(lanes[fa_em_readings[i].which], lane, v);
		else
			fa_device_warn(m->device, "%s: %.*s not understood: %.*s", m->cmd,
				       (int)key.len, key.ptr, (int)val.len, val.ptr);
		return true;
	}
	return false;
}

/* The name in the parentheses of "0x11 (QSFP28)", up to its first blank. */
static void fa_em_identifier(struct fa_em *m, struct fa_textscan_span val)
{
	long open = fa_textscan_find(val, "(");
	size_t i, start;

	m->identified = true;
	if (open < 0)
		return;
	start = (size_t)open + 1;
	for (i = start; i < val.len && val.ptr[i] != ' ' && val.ptr[i] != ')'; i++)
		;
	if (i > start)
		fa_linux_field_strn(m->fields, "transceiver.form_factor", val.ptr + start,
				    i - start);
}

static bool fa_em_has(struct fa_textscan_span s, const char *word)
{
	return fa_textscan_find(s, word) >= 0;
}

static void fa_em_line(struct fa_em *m, struct fa_textscan_span key, struct fa_textscan_span val)
{
	double v;

	if (fa_textscan_eq(key, "Identifier")) {
		fa_em_identifier(m, val);
	} else if (fa_textscan_eq(key, "Vendor name")) {
		if (val.len)
			fa_linux_field_strn(m->fields, "transceiver.vendor", val.ptr, val.len);
	} else if (fa_textscan_eq(key, "Vendor PN")) {
		if (val.len)
			fa_linux_field_strn(m->fields, "transceiver.part_number", val.ptr,
					    val.len);
	} else if (fa_textscan_eq(key, "Vendor SN")) {
		if (val.len)
			fa_linux_field_strn(m->fields, "transceiver.serial", val.ptr, val.len);
	} else if (fa_textscan_eq(key, "Transmitter technology")) {
		/* SFF-8636 table 6-19, CMIS table 8-40 */
		if (fa_em_has(val, "Copper cable")) {
			if (fa_em_has(val, "active"))
				m->copper_active = true;
			else
				m->copper_passive = true;
		} else if (fa_em_has(val, "nm") || fa_em_has(val, "VCSEL") ||
			   fa_em_has(val, "laser") || fa_em_has(val, "DFB") ||
			   fa_em_has(val, "EML")) {
			m->laser = true;
		}
	} else if (fa_textscan_eq(key, "Transceiver type")) {
		/* SFF-8472 SFP+ cable technology bits */
		if (fa_textscan_eq(val, "Passive Cable"))
			m->copper_passive = true;
		else if (fa_textscan_eq(val, "Active Cable"))
			m->copper_active = true;
	} else if (fa_textscan_eq(key, "Connector")) {
		if (fa_em_has(val, "No separable connector"))
			m->no_separable_connector = true;
	} else if (fa_textscan_eq(key, "Length (Copper)") ||
		   fa_textscan_eq(key, "Length (Copper or Active cable)") ||
		   fa_textscan_eq(key, "Cable assembly length")) {
		if (fa_em_number(val, &v) && v > 0) {
			m->have_length = true;
			m->length = v;
		}
	} else if (fa_textscan_eq(key, "Module temperature")) {
		if (fa_em_number(val, &v))
			json_object_set_new(m->fields, "transceiver.temperature", json_real(v));
	} else if (fa_textscan_eq(key, "Module voltage")) {
		if (fa_em_number(val, &v))
			json_object_set_new(m->fields, "transceiver.voltage", json_real(v));
	} else if (!fa_em_threshold(m, key, val)) {
		fa_em_reading(m, key, val);
	}
}

static void fa_em_lanes_write(struct fa_em *m, const struct fa_em_lanes *l, const char *path)
{
	json_t *a;
	int i;

	if (l->max == 0)
		return;
	if (l->have != (1u << l->max) - 1) {
		fa_device_warn(m->device, "%s: %s of some lanes missing; not recorded", m->cmd,
			       path);
		return;
	}
	a = json_array();
	for (i = 0; i < l->max; i++)
		json_array_append_new(a, json_real(l->v[i]));
	json_object_set_new(m->fields, path, a);
}

int fa_parse_linux_ethtool_module(const struct fa_capture *cap, json_t *device,
				  struct fa_err *err)
{
	struct fa_em m = { .device = device, .cmd = fa_linux_cmd(cap, "ethtool -m IF") };
	struct fa_textscan_span line, key, val;
	struct fa_textscan ts;
	const char *cable = NULL;

	if (!cap->arg || !*cap->arg)
		return fa_err_set(err, FA_EINVAL, "%s: no interface given", m.cmd);
	m.fields = json_object();
	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		line = fa_textscan_trim(line);
		if (line.len == 0)
			continue;
		if (!fa_textscan_keyval(line, ':', &key, &val)) {
			fa_device_warn(device, "%s: line %u not understood: %.*s", m.cmd,
				       ts.lineno, (int)(line.len > 120 ? 120 : line.len),
				       line.ptr);
			continue;
		}
		fa_em_line(&m, key, val);
	}
	if (!m.identified) {
		struct fa_textscan_span first = fa_linux_first_line(cap);

		json_decref(m.fields);
		return first.len ? fa_err_set(err, FA_EPARSE, "%s: no module identifier: %.*s",
					      m.cmd, (int)(first.len > 120 ? 120 : first.len),
					      first.ptr)
				 : fa_err_set(err, FA_EPARSE, "%s: no output", m.cmd);
	}
	if (m.copper_passive && !m.copper_active)
		cable = "dac";
	else if (m.copper_active)
		cable = "acc";
	else if (m.laser)
		cable = m.no_separable_connector ? "aoc" : "optical";
	if (cable)
		json_object_set_new(m.fields, "transceiver.cable_type", json_string(cable));
	if (cable && strcmp(cable, "optical") != 0 && m.have_length)
		json_object_set_new(m.fields, "transceiver.length_m", json_real(m.length));
	fa_em_lanes_write(&m, &m.bias, "transceiver.tx_bias");
	fa_em_lanes_write(&m, &m.tx, "transceiver.tx_power");
	fa_em_lanes_write(&m, &m.rx, "transceiver.rx_power");
	fa_linux_apply(fa_device_port(device, cap->arg), m.fields);
	json_decref(m.fields);
	return 0;
}
