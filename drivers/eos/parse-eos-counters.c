/* SPDX-License-Identifier: MIT */
/*
 * EOS interface counters into port.counters.* (docs/platforms/eos.md):
 *
 *   "show interfaces counters errors | json": "interfaceErrorCounters" per interface with
 *     inErrors, outErrors, fcsErrors, symbolErrors (and frame size and alignment errors,
 *     which the model does not hold): rx_errors, tx_errors, crc_errors, symbol_errors.
 *   "show interfaces counters discards | json": "interfaces" with inDiscards, outDiscards:
 *     rx_discards, tx_discards (the device totals beside them are not per port).
 *
 * A counter that is missing or not a non-negative integer sets nothing.
 */
#include "config.h"

#include <string.h>

#include "audit/model.h"
#include "drivers/eos/parse-eos.h"
#include "drivers/platform.h"
#include "audit/util/banned.h"

struct fa_eos_ctr {
	const char *json;  /* the member of an interface's object */
	const char *field; /* port.counters.NAME */
};

static const struct fa_eos_ctr fa_eos_errors[] = {
    {"inErrors", "counters.rx_errors"},
    {"outErrors", "counters.tx_errors"},
    {"fcsErrors", "counters.crc_errors"},
    {"symbolErrors", "counters.symbol_errors"},
    {NULL, NULL},
};

static const struct fa_eos_ctr fa_eos_discards[] = {
    {"inDiscards", "counters.rx_discards"},
    {"outDiscards", "counters.tx_discards"},
    {NULL, NULL},
};

/* Write the counters of @map found in @intf to port @name; how many were written. */
static size_t fa_eos_port_counters(json_t *device, const char *cmd, const char *name,
				   const json_t *intf, const struct fa_eos_ctr *map)
{
	size_t n = 0;

	for (; map->json; map++) {
		json_t *v = json_object_get(intf, map->json);

		if (!v)
			continue;
		if (!json_is_integer(v) || json_integer_value(v) < 0) {
			fa_device_warn(device, "%s: %s: %s is not a count", cmd, name, map->json);
			continue;
		}
		fa_set_int(fa_device_port(device, name), map->field, json_integer_value(v));
		n++;
	}
	return n;
}

static int fa_eos_counters(const struct fa_capture *cap, json_t *device, struct fa_err *err,
			   const char *cmd, const char *member, const struct fa_eos_ctr *map)
{
	json_error_t jerr;
	json_t *root, *ifs, *v;
	const char *k;
	size_t n = 0;

	root = json_loadb(cap->data, cap->len, 0, &jerr);
	if (!root)
		return fa_err_set(err, FA_EPARSE, "%s: not JSON (line %d: %s)", cmd, jerr.line,
				  jerr.text);
	ifs = json_object_get(root, member);
	if (!json_is_object(ifs)) {
		json_decref(root);
		return fa_err_set(err, FA_EPARSE, "%s: no \"%s\" object", cmd, member);
	}
	json_object_foreach(ifs, k, v)
	{
		if (json_is_object(v))
			n += fa_eos_port_counters(device, cmd, k, v, map);
		else
			fa_device_warn(device, "%s: %s: entry is not an object", cmd, k);
	}
	json_decref(root);
	return n ? 0 : FA_PARSED_EMPTY;
}

int fa_parse_eos_counter_errors(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	return fa_eos_counters(cap, device, err, "show interfaces counters errors | json",
			       "interfaceErrorCounters", fa_eos_errors);
}

int fa_parse_eos_counter_discards(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	return fa_eos_counters(cap, device, err, "show interfaces counters discards | json",
			       "interfaces", fa_eos_discards);
}
