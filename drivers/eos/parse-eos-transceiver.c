/* SPDX-License-Identifier: MIT */
/*
 * EOS transceiver readings into port.transceiver.* (docs/platforms/eos.md):
 *
 *   "show interfaces transceiver | json": per interface one reading of each sensor
 *     (temperature, voltage, txBias, txPower, rxPower) and vendorSn: the interface's own
 *     reading, written as a one-lane list, since EOS prints one row per interface (each
 *     interface of a broken-out module shows its own lane).
 *   "show interfaces transceiver dom thresholds | json": per interface "parameters", each
 *     with its "unit", "channels" (lane "1", "2", ... or "-" for the whole module) and the
 *     module's "threshold" (lowAlarm, lowWarn, highWarn, highAlarm; any may be absent):
 *     per-lane lists in lane order, and transceiver.thresholds.*.  An interface without
 *     DOM has no "parameters" and gets nothing.
 *
 * Units are checked: temperature in C, voltage in V, bias in mA, power in dBm (mW is
 * converted; 0 mW, which has no dBm value, is written as -40 dBm, below any receiver).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/eos/parse-eos.h"
#include "drivers/platform.h"
#include "audit/util/banned.h"

#define FA_XCVR_CMD "show interfaces transceiver | json"
#define FA_DOM_CMD "show interfaces transceiver dom thresholds | json"

struct fa_eos_param {
	const char *json;  /* EOS parameter name */
	const char *field; /* transceiver.<field> */
	const char *unit;  /* the unit EOS must print */
	bool lanes;	   /* a list per lane, else one value for the module */
};

static const struct fa_eos_param fa_eos_params[] = {
    {"temperature", "temperature", "C", false}, {"voltage", "voltage", "V", false},
    {"txBias", "tx_bias", "mA", true},		{"txPower", "tx_power", "dBm", true},
    {"rxPower", "rx_power", "dBm", true},
};
#define FA_EOS_NPARAMS (sizeof(fa_eos_params) / sizeof(fa_eos_params[0]))

static double fa_mw_to_dbm(double mw)
{
	return mw > 0 ? 10.0 * log10(mw) : -40.0;
}

/* @v in the unit @unit as the model's unit of @p; false when the unit is not known. */
static bool fa_eos_value(const struct fa_eos_param *p, const char *unit, double v, double *ret)
{
	if (strcmp(unit, p->unit) == 0) {
		*ret = v;
		return true;
	}
	if (strcmp(p->unit, "dBm") == 0 && strcmp(unit, "mW") == 0) {
		*ret = fa_mw_to_dbm(v);
		return true;
	}
	return false;
}

/* ---- show interfaces transceiver | json ---- */

static bool fa_xcvr_port(json_t *device, const char *name, const json_t *i, const void *ctx)
{
	const char *sn = json_string_value(json_object_get(i, "vendorSn"));
	bool any = false;
	json_t *p = NULL;
	size_t k;

	(void)ctx;

	for (k = 0; k < FA_EOS_NPARAMS; k++) {
		const struct fa_eos_param *d = &fa_eos_params[k];
		json_t *v = json_object_get(i, d->json);
		char path[64];
		double x;

		if (!v)
			continue;
		if (!json_is_number(v)) {
			fa_device_warn(device, FA_XCVR_CMD ": %s: %s is not a number", name,
				       d->json);
			continue;
		}
		x = json_number_value(v);
		if (!p)
			p = fa_device_port(device, name);
		snprintf(path, sizeof(path), "transceiver.%s", d->field);
		if (d->lanes) {
			json_t *a = json_array();

			json_array_append_new(a, json_real(x));
			fa_set(p, path, a);
		} else {
			fa_set(p, path, json_real(x));
		}
		any = true;
	}
	if (sn && *sn) {
		fa_set_str(p ? p : fa_device_port(device, name), "transceiver.serial", sn);
		any = true;
	}
	return any;
}

/* ---- show interfaces transceiver dom thresholds | json ---- */

static const char *const fa_eos_limits[][2] = {
    {"highAlarm", "high_alarm"},
    {"highWarn", "high_warning"},
    {"lowWarn", "low_warning"},
    {"lowAlarm", "low_alarm"},
};

/* The lane channels "1".."n" of @ch in order into a new array; NULL when not exactly so. */
static json_t *fa_dom_lanes(const struct fa_eos_param *d, const char *unit, const json_t *ch)
{
	size_t n = json_object_size(ch), i;
	json_t *a;

	if (!n)
		return NULL;
	a = json_array();
	for (i = 1; i <= n; i++) {
		char key[16];
		json_t *v;
		double x;

		snprintf(key, sizeof(key), "%zu", i);
		v = json_object_get(ch, key);
		if (!json_is_number(v) || !fa_eos_value(d, unit, json_number_value(v), &x)) {
			json_decref(a);
			return NULL;
		}
		json_array_append_new(a, json_real(x));
	}
	return a;
}

static bool fa_dom_param(json_t *device, const char *name, json_t **port,
			 const struct fa_eos_param *d, const json_t *par)
{
	const char *unit = json_string_value(json_object_get(par, "unit"));
	const json_t *ch = json_object_get(par, "channels");
	const json_t *th = json_object_get(par, "threshold");
	json_t *one = json_object_get(ch, "-"), *value = NULL;
	char path[96];
	bool any = false;
	double x;
	size_t k;

	if (!unit || !fa_eos_value(d, unit, 0, &x)) {
		fa_device_warn(device, FA_DOM_CMD ": %s: %s: unit '%s' not understood", name,
			       d->json, unit ? unit : "");
		return false;
	}
	if (one && json_object_size(ch) == 1 && json_is_number(one)) {
		fa_eos_value(d, unit, json_number_value(one), &x);
		value = d->lanes ? json_array() : json_real(x);
		if (d->lanes)
			json_array_append_new(value, json_real(x));
	} else if (d->lanes && json_is_object(ch)) {
		value = fa_dom_lanes(d, unit, ch);
	}
	if (value) {
		if (!*port)
			*port = fa_device_port(device, name);
		snprintf(path, sizeof(path), "transceiver.%s", d->field);
		fa_set(*port, path, value);
		any = true;
	} else if (ch) {
		fa_device_warn(device, FA_DOM_CMD ": %s: %s: channels not understood", name,
			       d->json);
	}
	for (k = 0; k < sizeof(fa_eos_limits) / sizeof(fa_eos_limits[0]); k++) {
		json_t *v = json_object_get(th, fa_eos_limits[k][0]);

		if (!json_is_number(v))
			continue;
		fa_eos_value(d, unit, json_number_value(v), &x);
		if (!*port)
			*port = fa_device_port(device, name);
		snprintf(path, sizeof(path), "transceiver.thresholds.%s.%s", d->field,
			 fa_eos_limits[k][1]);
		fa_set(*port, path, json_real(x));
		any = true;
	}
	return any;
}

static bool fa_dom_port(json_t *device, const char *name, const json_t *i, const void *ctx)
{
	const json_t *params = json_object_get(i, "parameters");
	const char *sn = json_string_value(json_object_get(i, "vendorSn"));
	json_t *port = NULL;
	bool any = false;
	size_t k;

	(void)ctx;

	for (k = 0; k < FA_EOS_NPARAMS; k++) {
		const json_t *par = json_object_get(params, fa_eos_params[k].json);

		if (json_is_object(par))
			any |= fa_dom_param(device, name, &port, &fa_eos_params[k], par);
	}
	if (sn && *sn) {
		fa_set_str(port ? port : fa_device_port(device, name), "transceiver.serial", sn);
		any = true;
	}
	return any;
}


int fa_parse_eos_transceiver(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	return fa_eos_each_interface(cap, device, err, FA_XCVR_CMD, "interfaces", fa_xcvr_port,
				     NULL);
}

int fa_parse_eos_transceiver_dom(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	return fa_eos_each_interface(cap, device, err, FA_DOM_CMD, "interfaces", fa_dom_port,
				     NULL);
}
