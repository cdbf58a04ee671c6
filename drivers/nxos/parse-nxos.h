/* SPDX-License-Identifier: MIT */
/*
 * Cisco NX-OS parsers.
 *
 * The collected forms are NX-API JSON ("show ... | json"), where a table is
 * {"TABLE_x": {"ROW_x": ...}} and ROW_x is an object for one row and an array for several.
 * The "show interface" and "show lldp neighbors detail" parsers also read the plain text
 * form, so captures taken without "| json" (or by other tools) parse too.  PFC and ECN come
 * from the running configuration, because NX-OS has no JSON form of the QoS policy state on
 * every release.
 */
#ifndef FA_DRIVERS_PARSE_NXOS_H
#define FA_DRIVERS_PARSE_NXOS_H

#include <jansson.h>

#include "drivers/platform.h"

/* "show version | json": hostname, model, serial, vendor, os.name, os.version. */
int fa_parse_nxos_version(const struct fa_capture *cap, json_t *device, struct fa_err *err);
/* "show interface | json" (or text): ports, states, mtu, speed, autoneg, mac, description. */
int fa_parse_nxos_interface(const struct fa_capture *cap, json_t *device, struct fa_err *err);
/* "show lldp neighbors detail | json" (or text): lldp.* per local port. */
int fa_parse_nxos_lldp(const struct fa_capture *cap, json_t *device, struct fa_err *err);
/* "show lldp neighbors" (text, without detail): lldp.system_name and lldp.port_id per port. */
int fa_parse_nxos_lldp_table(const struct fa_capture *cap, json_t *device, struct fa_err *err);
/* "show interface status" (text): ports, states, speed, description. */
int fa_parse_nxos_status(const struct fa_capture *cap, json_t *device, struct fa_err *err);
/* "show running-config" (or "show running-config ipqos"): PFC, PFC watchdog, ECN per port. */
int fa_parse_nxos_config(const struct fa_capture *cap, json_t *device, struct fa_err *err);
/* "show interface counters errors" (text): error and discard counters per port. */
int fa_parse_nxos_errors(const struct fa_capture *cap, json_t *device, struct fa_err *err);
/* "show interface transceiver details" (text): transceiver.* per port, readings, limits. */
int fa_parse_nxos_transceiver(const struct fa_capture *cap, json_t *device, struct fa_err *err);

/*
 * Shared by the NX-OS parsers.  Decode the capture as JSON, unwrapping the NX-API envelopes
 * ({"ins_api": ... "body": X} and JSON-RPC {"result": {"body": X}}).  New reference in *ret.
 */
int fa_nxos_json(const struct fa_capture *cap, json_t **ret, struct fa_err *err);

/*
 * The rows of {"TABLE_<name>": {"ROW_<name>": ...}} in @obj as an array (new reference, never
 * NULL; empty when the table is missing).
 */
json_t *fa_nxos_rows(const json_t *obj, const char *name);

/* The full interface name for an abbreviation NX-OS prints: "Eth1/1" -> "Ethernet1/1". */
char *fa_nxos_ifname(const char *name);

/* The model port type for an NX-OS interface name. */
const char *fa_nxos_port_type(const char *name);

/* Set "mac" on @port from "2cc2.6017.d760" or "2c:c2:..." forms; nothing when not a MAC. */

/* Is the capture JSON (first non-blank byte '{' or '[')? */
int fa_nxos_is_json(const struct fa_capture *cap);

#endif /* FA_DRIVERS_PARSE_NXOS_H */
