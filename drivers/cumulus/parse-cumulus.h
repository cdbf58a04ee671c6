/* SPDX-License-Identifier: MIT */
/*
 * Parsers for NVIDIA Cumulus Linux 5.x switches, one per NVUE command of the cumulus platform
 * table (drivers/cumulus/platform-cumulus.c).  Every collected command is an NVUE "show" with
 * "-o json", so each parser reads one JSON document of the NVUE object model; the YAML form of
 * "nv config show" (parse only) is read into the same values.
 *
 * The commands are parsed in table order and later parsers build on what earlier ones wrote:
 *   system      hostname, os
 *   interface   ports: type, admin/oper state, MTU, speed, MAC, FEC, autoneg (and LLDP when the
 *               summary carries neighbours)
 *   lldp        LLDP neighbour of each port (the lldp-detail view)
 *   roce        the switch-wide RoCE QoS state, written on every swp port
 *   config      the applied configuration: per-interface QoS profile overrides (and changes to
 *               the default-global profiles) applied over the RoCE state, so each swp port ends
 *               with its effective QoS; plus what only the configuration says (model, ports that
 *               the other outputs did not list)
 *
 * Contract (drivers/platform.h): pure functions, nothing guessed.  Output that is not JSON at all
 * (an NVUE "Error: ..." line, a truncated document) or is empty returns -FA_EPARSE with the
 * reason in @err.  JSON of an unexpected shape is a warning on the device, never a crash.
 */
#ifndef FA_DRIVERS_PARSE_CUMULUS_H
#define FA_DRIVERS_PARSE_CUMULUS_H

#include <jansson.h>

#include "audit/util/err.h"
#include "drivers/capture.h"

/* nv show system -o json */
int fa_parse_cumulus_system(const struct fa_capture *cap, json_t *device, struct fa_err *err);
/* nv show interface -o json */
int fa_parse_cumulus_interface(const struct fa_capture *cap, json_t *device, struct fa_err *err);
/* nv show interface (the table, parse only) */
int fa_parse_cumulus_interface_text(const struct fa_capture *cap, json_t *device,
				    struct fa_err *err);
/* nv show interface --view=lldp-detail -o json */
int fa_parse_cumulus_lldp(const struct fa_capture *cap, json_t *device, struct fa_err *err);
/* nv show qos roce -o json (5.4 and 5.12 shapes) */
int fa_parse_cumulus_roce(const struct fa_capture *cap, json_t *device, struct fa_err *err);
/* nv show qos roce (the table, parse only): read into the JSON form's fields */
int fa_parse_cumulus_roce_text(const struct fa_capture *cap, json_t *device, struct fa_err *err);
/* nv config show -o json (also the startup.yaml tree, read as JSON) */
int fa_parse_cumulus_config(const struct fa_capture *cap, json_t *device, struct fa_err *err);
/* nv config show (YAML, NVUE's default output): read as the JSON form */
int fa_parse_cumulus_config_yaml(const struct fa_capture *cap, json_t *device,
				 struct fa_err *err);

#endif /* FA_DRIVERS_PARSE_CUMULUS_H */
