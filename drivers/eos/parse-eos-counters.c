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

/* What a command prints and which of its counters the model holds. */
struct fa_eos_ctr_cmd {
	const char *cmd;
	const struct fa_eos_ctr *map;
};

/* Write the counters of the command found in @intf to port @name; true when any was. */
static bool fa_eos_port_counters(json_t *device, const char *name, const json_t *intf,
				 const void *ctx)
{
	const struct fa_eos_ctr_cmd *c = ctx;
	const struct fa_eos_ctr *map;
	bool any = false;

	for (map = c->map; map->json; map++) {
		json_t *v = json_object_get(intf, map->json);

		if (!v)
			continue;
		if (!json_is_integer(v) || json_integer_value(v) < 0) {
			fa_device_warn(device, "%s: %s: %s is not a count", c->cmd, name, map->json);
			continue;
		}
		fa_set_int(fa_device_port(device, name), map->field, json_integer_value(v));
		any = true;
	}
	return any;
}

static const struct fa_eos_ctr_cmd fa_eos_errors_cmd = {
	"show interfaces counters errors | json", fa_eos_errors
};
static const struct fa_eos_ctr_cmd fa_eos_discards_cmd = {
	"show interfaces counters discards | json", fa_eos_discards
};

int fa_parse_eos_counter_errors(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	return fa_eos_each_interface(cap, device, err, fa_eos_errors_cmd.cmd,
				     "interfaceErrorCounters", fa_eos_port_counters,
				     &fa_eos_errors_cmd);
}

int fa_parse_eos_counter_discards(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	return fa_eos_each_interface(cap, device, err, fa_eos_discards_cmd.cmd, "interfaces",
				     fa_eos_port_counters, &fa_eos_discards_cmd);
}
