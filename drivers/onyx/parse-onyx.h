/* SPDX-License-Identifier: MIT */
/*
 * NVIDIA Onyx (formerly MLNX-OS) parsers.
 *
 * Onyx text is "Key: value" lines.  Release 3.6 writes "Key: value" with the value aligned
 * after the colon; later releases align the colons ("Key              : value").  Both are
 * one form here: split at the first colon and trim.  A capture may start with the CLI prompt
 * and command ("sw1 [standalone: master] # show version"); that line is recognised, not
 * warned about.  "% ..." lines are device errors.
 *
 * "| json-print" output (and the JSON API's {"results": [{"data": ...}]}) carries the same
 * keys; each per-interface entry is wrapped in a one-element list: {"Eth1/1": [{...}]}.
 * The parsers accept either form of the same command.
 */
#ifndef FA_DRIVERS_PARSE_ONYX_H
#define FA_DRIVERS_PARSE_ONYX_H

#include <jansson.h>
#include <stdbool.h>

#include "drivers/platform.h"

/* "show version": os.name, os.version, model, serial, hostname (from the prompt line). */
int fa_parse_onyx_version(const struct fa_capture *cap, json_t *device, struct fa_err *err);
/* "show interfaces ethernet" (or "show interfaces"): ports, states, mtu, speed, fec, mac. */
int fa_parse_onyx_interfaces(const struct fa_capture *cap, json_t *device, struct fa_err *err);
/* "show dcb priority-flow-control": qos.pfc_enabled per port. */
int fa_parse_onyx_pfc(const struct fa_capture *cap, json_t *device, struct fa_err *err);
/* "show dcb ets": qos.ets and qos.priority_to_tc per port. */
int fa_parse_onyx_ets(const struct fa_capture *cap, json_t *device, struct fa_err *err);
/* "show roce": qos.roce_mode, qos.trust, qos.ecn on every Ethernet port. */
int fa_parse_onyx_roce(const struct fa_capture *cap, json_t *device, struct fa_err *err);
/* "show lldp remote": lldp.* per local port. */
int fa_parse_onyx_lldp(const struct fa_capture *cap, json_t *device, struct fa_err *err);
/* "show lldp local": lldp.enabled, lldp.chassis_id, lldp.system_name of the switch itself. */
int fa_parse_onyx_lldp_local(const struct fa_capture *cap, json_t *device, struct fa_err *err);
/* "show lldp interfaces | json-print": lldp.receive and lldp.transmit per port (JSON only). */
int fa_parse_onyx_lldp_interfaces(const struct fa_capture *cap, json_t *device, struct fa_err *err);
/* "show running-config": port settings, trust and PFC from the configuration commands. */
int fa_parse_onyx_config(const struct fa_capture *cap, json_t *device, struct fa_err *err);
/* "show interfaces ethernet status": the per-port status table. */
int fa_parse_onyx_status(const struct fa_capture *cap, json_t *device, struct fa_err *err);
/* "show qos | json-print": qos.trust and qos.dscp_to_priority per port (JSON form only). */
int fa_parse_onyx_qos(const struct fa_capture *cap, json_t *device, struct fa_err *err);
/*
 * "show interfaces ethernet congestion-control | json-print": qos.ecn per port from its
 * traffic classes (JSON form only).
 */
int fa_parse_onyx_congestion(const struct fa_capture *cap, json_t *device, struct fa_err *err);

/* ---- shared by the Onyx parsers ---------------------------------------------------------- */

/* Line cursor over a capture; lines come out without "\r\n". */
struct fa_onyx_lines {
	const char *p;
	const char *end;
};

void fa_onyx_lines_init(struct fa_onyx_lines *it, const struct fa_capture *cap);
/* The next line (new string, free()), or NULL at the end. */
char *fa_onyx_lines_next(struct fa_onyx_lines *it);

/*
 * Is @line the CLI prompt and command ("host [standalone: master] # show ...",
 * "host (config) # show ...", "host > show ...")?  *ret_host (may be NULL) receives the host
 * name as a new string.
 */
bool fa_onyx_is_prompt(const char *line, char **ret_host);

/* Split "Key: value" / "Key   : value" at the first colon.  Pointers into @line (modified). */
bool fa_onyx_kv(char *line, char **ret_key, char **ret_value);

/* Leading blanks of @line. */
size_t fa_onyx_indent(const char *line);

/* Does the output start (after blanks) with '{' or '['? */
bool fa_onyx_is_json(const struct fa_capture *cap);

/*
 * Decode json-print output; the JSON API envelope {"results": [{"data": X}]} is unwrapped to
 * X.  New reference in *ret.
 */
int fa_onyx_json(const struct fa_capture *cap, json_t **ret, struct fa_err *err);

/* The object inside a one-element list, or @v itself when it is an object.  Borrowed. */
json_t *fa_onyx_entry(json_t *v);

/* The port name in the form "show interfaces" prints: "Eth1/1", "Po1", "mgmt0". */
bool fa_onyx_is_port_name(const char *s);
const char *fa_onyx_port_type(const char *name);

/* A device error line ("% Unrecognized command ...")? */
bool fa_onyx_is_error(const char *line);

/* "N/A", "N\A", "" and the like: the device has no value. */
bool fa_onyx_is_na(const char *v);

/* Set "mac" on @port from "7C:FE:90:F8:E6:98"; nothing when not a MAC. */

#endif /* FA_DRIVERS_PARSE_ONYX_H */
