/* SPDX-License-Identifier: MIT */
/* Health from two readings of the counters (health.h). */
#include "config.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "audit/health.h"
#include "audit/model.h"
#include "audit/util/banned.h"

struct fa_counter_def {
	const char *name;
	bool per_priority;	/* an array of integers, one per priority */
};

static const struct fa_counter_def fa_counter_defs[] = {
#define INTEGER false
#define INTEGERS true
#define COUNTER(name, type, unit, sources, meaning) { name, type },
#include "audit/counters.def"
#undef COUNTER
#undef INTEGERS
#undef INTEGER
};

#define FA_NCOUNTERS (sizeof(fa_counter_defs) / sizeof(fa_counter_defs[0]))

/* @now - @then into *ret; false when either is not a counter or it went backwards. */
static bool fa_counter_delta(const json_t *now, const json_t *then, json_int_t *ret)
{
	json_int_t a, b;

	if (!json_is_integer(now) || !json_is_integer(then))
		return false;
	a = json_integer_value(now);
	b = json_integer_value(then);
	if (a < b || b < 0)
		return false;
	*ret = a - b;
	return true;
}

/*
 * The delta of one counter (new reference), or NULL when it has none; *reset is set when
 * both readings are there and the counter went backwards.
 */
static json_t *fa_delta_of(const struct fa_counter_def *c, const json_t *now, const json_t *then,
			   bool *reset)
{
	json_t *list, *v;
	json_int_t d;
	size_t i;

	*reset = false;
	if (!now || !then)
		return NULL;
	if (!c->per_priority) {
		if (fa_counter_delta(now, then, &d))
			return json_integer(d);
		*reset = json_is_integer(now) && json_is_integer(then);
		return NULL;
	}
	if (!json_is_array(now) || !json_is_array(then) ||
	    json_array_size(now) != json_array_size(then))
		return NULL;
	list = json_array();
	json_array_foreach(now, i, v) {
		if (!fa_counter_delta(v, json_array_get(then, i), &d)) {
			*reset = json_is_integer(v) && json_is_integer(json_array_get(then, i));
			json_decref(list);
			return NULL;
		}
		json_array_append_new(list, json_integer(d));
	}
	return list;
}

/*
 * Bits the FEC corrected over the bits the port carried at its speed in the interval; the
 * NIC's or switch's own estimate (phy.raw_ber) when that cannot be had.
 */
static void fa_health_ber(json_t *port, json_t *health, double interval_s)
{
	json_int_t speed = 0, corrected = 0;
	const json_t *raw = fa_obj_get_path(port, "phy.raw_ber");

	if (fa_get_int(port, "speed", &speed) == 1 && speed > 0 &&
	    fa_get_int(health, "delta.corrected_bits", &corrected) == 1) {
		json_object_set_new(health, "pre_fec_ber",
				    json_real((double)corrected / ((double)speed * interval_s)));
		return;
	}
	if (json_is_number(raw))
		json_object_set_new(health, "pre_fec_ber", json_real(json_number_value(raw)));
}

int fa_health_derive_port(json_t *port, const json_t *previous, double interval_s,
			  const char *baseline)
{
	const json_t *now = json_object_get(port, "counters");
	json_t *health, *delta, *reset, *first;
	size_t i;

	if (!json_is_object(now) || !json_is_object(previous) || !(interval_s > 0))
		return 0;
	health = json_object();
	delta = json_object();
	reset = json_array();
	first = json_object();
	for (i = 0; i < FA_NCOUNTERS; i++) {
		const struct fa_counter_def *c = &fa_counter_defs[i];
		json_t *then = json_object_get(previous, c->name);
		bool went_back;
		json_t *d = fa_delta_of(c, json_object_get(now, c->name), then, &went_back);

		if (then)
			json_object_set_new(first, c->name, json_deep_copy(then));
		if (d)
			json_object_set_new(delta, c->name, d);
		if (went_back)
			json_array_append_new(reset, json_string(c->name));
	}
	json_object_set_new(health, "baseline", json_string(baseline));
	json_object_set_new(health, "interval_s", json_real(interval_s));
	json_object_set_new(health, "previous", first);
	json_object_set_new(health, "delta", delta);
	if (json_array_size(reset))
		json_object_set_new(health, "reset", reset);
	else
		json_decref(reset);
	fa_health_ber(port, health, interval_s);
	json_object_set_new(port, "health", health);
	return 1;
}

/* Seconds since the epoch of an RFC 3339 UTC time, with or without a fraction; -1 if not one. */
static double fa_health_time(const char *s)
{
	struct tm tm;
	char frac[16] = "", z = 0, extra;
	int n;

	if (!s)
		return -1;
	memset(&tm, 0, sizeof(tm));
	n = sscanf(s, "%4d-%2d-%2dT%2d:%2d:%2d%c", &tm.tm_year, &tm.tm_mon, &tm.tm_mday,
		   &tm.tm_hour, &tm.tm_min, &tm.tm_sec, &z);
	if (n != 7)
		return -1;
	if (z == '.' && sscanf(strchr(s, '.') + 1, "%9[0-9]%c%c", frac, &z, &extra) != 2)
		return -1;
	if (z != 'Z' || tm.tm_mon < 1 || tm.tm_mon > 12)
		return -1;
	tm.tm_year -= 1900;
	tm.tm_mon -= 1;
	return (double)timegm(&tm) + (frac[0] ? atof(frac) / pow(10.0, (double)strlen(frac)) : 0);
}

static bool fa_device_ok(const json_t *d)
{
	const char *st = fa_get_str(d, "status");

	return !st || strcmp(st, "ok") == 0;
}

size_t fa_health_from_history(json_t *devices, const json_t *prev_devices)
{
	json_t *by_name = json_object(), *prev_counters = json_object(), *d, *p;
	size_t i, j, n = 0;

	json_array_foreach(prev_devices, i, d) {
		const char *name = fa_get_str(d, "name");

		if (name && fa_device_ok(d))
			json_object_set(by_name, name, d);
	}
	json_array_foreach(devices, i, d) {
		const char *name = fa_get_str(d, "name");
		const json_t *prev = name ? json_object_get(by_name, name) : NULL;
		double t0, t1;

		if (!prev || !fa_device_ok(d))
			continue;
		t0 = fa_health_time(fa_get_str(prev, "counters_read_at"));
		t1 = fa_health_time(fa_get_str(d, "counters_read_at"));
		if (t0 < 0 || t1 <= t0)
			continue;
		/* the previous reading of each port by name: one pass, whatever the port count */
		json_object_clear(prev_counters);
		json_array_foreach(json_object_get(prev, "ports"), j, p) {
			const char *port = fa_get_str(p, "name");

			if (port && json_object_get(p, "counters"))
				json_object_set(prev_counters, port, json_object_get(p, "counters"));
		}
		json_array_foreach(json_object_get(d, "ports"), j, p) {
			const char *port = fa_get_str(p, "name");

			if (!port || json_object_get(p, "health") || !json_object_get(p, "counters"))
				continue;
			n += (size_t)fa_health_derive_port(p, json_object_get(prev_counters, port),
							   t1 - t0, "history");
		}
	}
	json_decref(prev_counters);
	json_decref(by_name);
	return n;
}
