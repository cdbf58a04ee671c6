/* SPDX-License-Identifier: MIT */
/*
 * Parsers for Arista EOS switches (the "eos" platform, drivers/eos/platform-eos.c).
 *
 * Each function is an fa_parse_fn (drivers/platform.h).  The JSON commands give identity,
 * port state and LLDP neighbours; the sanitized running configuration gives the hostname
 * and every QoS field.  docs/platforms/eos.md lists what each command yields.
 *
 * All return 0, or -FA_EPARSE (detail in @err) when the output as a whole is not what the
 * command prints (not JSON, an error message instead); fields not understood become device
 * warnings.
 */
#ifndef FA_DRIVERS_PARSE_EOS_H
#define FA_DRIVERS_PARSE_EOS_H

#include <stdbool.h>

#include <jansson.h>

#include "audit/util/err.h"
#include "drivers/capture.h"

/* "show version | json" (or the text): model, serial, os. */
int fa_parse_eos_version(const struct fa_capture *cap, json_t *device, struct fa_err *err);

/*
 * "show interfaces | json": ports with type, states, mtu, speed, mac, description, and the
 * counters carrier_changes, rx_bytes and tx_bytes.
 */
int fa_parse_eos_interfaces(const struct fa_capture *cap, json_t *device, struct fa_err *err);

/* The text form of "show interfaces": the same fields (fa_parse_eos_interfaces detects it). */
int fa_parse_eos_interfaces_text(const struct fa_capture *cap, json_t *device,
				 struct fa_err *err);

/* "show interfaces status" (text): ports, states, speed, description. */
int fa_parse_eos_status(const struct fa_capture *cap, json_t *device, struct fa_err *err);

/* "show lldp neighbors detail | json": lldp.* of each port. */
int fa_parse_eos_lldp(const struct fa_capture *cap, json_t *device, struct fa_err *err);

/* "show lldp neighbors" (text, without detail): lldp.system_name and lldp.port_id. */
int fa_parse_eos_lldp_table(const struct fa_capture *cap, json_t *device, struct fa_err *err);

/*
 * "show running-config sanitized": hostname and per-port qos.* and fec.  Plain text, or
 * eAPI's {"output": "<text>"} wrapping of it.
 */
int fa_parse_eos_config(const struct fa_capture *cap, json_t *device, struct fa_err *err);

/* "show interfaces counters errors | json": error counters of each port. */
int fa_parse_eos_counter_errors(const struct fa_capture *cap, json_t *device, struct fa_err *err);

/* "show interfaces counters discards | json": discard counters of each port. */
int fa_parse_eos_counter_discards(const struct fa_capture *cap, json_t *device, struct fa_err *err);

/* "show interfaces transceiver | json": module sensor readings and serial number. */
int fa_parse_eos_transceiver(const struct fa_capture *cap, json_t *device, struct fa_err *err);

/* "show interfaces transceiver dom thresholds | json": per-lane readings and thresholds. */
int fa_parse_eos_transceiver_dom(const struct fa_capture *cap, json_t *device, struct fa_err *err);

/* What to do with interface @name's object @intf; true when it set anything. */
typedef bool (*fa_eos_interface_fn)(json_t *device, const char *name, const json_t *intf,
				    const void *ctx);

/*
 * Call @fn on every interface object under @member of the JSON output: 0 when some call set
 * something, FA_PARSED_EMPTY when none did, -FA_EPARSE when the output is not that shape.
 * Entries that are not objects are device warnings naming @cmd.
 */
int fa_eos_each_interface(const struct fa_capture *cap, json_t *device, struct fa_err *err,
			  const char *cmd, const char *member, fa_eos_interface_fn fn,
			  const void *ctx);

/*
 * The full name of the abbreviated interface name (@len bytes at @name) the text tables
 * print: "Et3/1/1" -> "Ethernet3/1/1", "Ma1" -> "Management1", "Po49" -> "Port-Channel49";
 * other names as they are.  New string (free with free()).
 */
char *fa_eos_ifname(const char *name, size_t len);

/* The model port type of a full EOS interface name, as the JSON form gives it. */
const char *fa_eos_port_type(const char *name);

#endif /* FA_DRIVERS_PARSE_EOS_H */
