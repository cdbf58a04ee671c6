/* SPDX-License-Identifier: MIT */
/*
 * Parsers for SONiC switches (the "sonic" platform, drivers/sonic/platform-sonic.c).
 *
 * Each function is an fa_parse_fn (drivers/platform.h): it reads one capture and writes the
 * model fields the output states into a device object.  The running configuration is the
 * source of the port configuration and of every QoS field; "show interfaces status" adds the
 * operational state; "show version" the software and hardware identity; lldpctl the LLDP
 * neighbours.  docs/platforms/sonic.md lists what each command yields and how SONiC's
 * traffic classes are mapped onto the model's priorities.
 *
 * All return 0, or -FA_EPARSE (detail in @err) when the output as a whole is not what the
 * command prints; lines or fields not understood become device warnings.
 */
#ifndef FA_DRIVERS_PARSE_SONIC_H
#define FA_DRIVERS_PARSE_SONIC_H

#include <jansson.h>

#include "audit/util/err.h"
#include "drivers/capture.h"

/* "show runningconfiguration all": config_db JSON, nested or flat ("TABLE|key"). */
int fa_parse_sonic_config(const struct fa_capture *cap, json_t *device, struct fa_err *err);

/* "show interfaces status": the intfutil table. */
int fa_parse_sonic_status(const struct fa_capture *cap, json_t *device, struct fa_err *err);

/* "show version": "Key: value" lines. */
int fa_parse_sonic_version(const struct fa_capture *cap, json_t *device, struct fa_err *err);

/*
 * "show pfc priority" and "show pfc asymmetric": the pfc CLI's tables, qos.pfc_enabled and
 * (from the priorities read before) qos.pfc_rx / qos.pfc_tx.
 */
int fa_parse_sonic_pfc_priority(const struct fa_capture *cap, json_t *device, struct fa_err *err);
int fa_parse_sonic_pfc_asym(const struct fa_capture *cap, json_t *device, struct fa_err *err);

/* "docker exec lldp lldpctl -f json": lldpd's JSON. */
int fa_parse_sonic_lldp(const struct fa_capture *cap, json_t *device, struct fa_err *err);

/* "show pfc counters": pfcstat's Rx and Tx tables, counters.rx_pause and tx_pause. */
int fa_parse_sonic_pfc_counters(const struct fa_capture *cap, json_t *device, struct fa_err *err);

/* "show priority-group drop counters": pgdropstat, counters.priority_drops. */
int fa_parse_sonic_pg_drops(const struct fa_capture *cap, json_t *device, struct fa_err *err);

/* "show interfaces counters": portstat, the error and drop counters. */
int fa_parse_sonic_portstat(const struct fa_capture *cap, json_t *device, struct fa_err *err);

/* "show interfaces counters fec-stats": uncorrectable FEC codewords and BER estimates. */
int fa_parse_sonic_fec_stats(const struct fa_capture *cap, json_t *device, struct fa_err *err);

/* "show pfcwd stats": PFC watchdog storms per port, counters.pause_storm_events. */
int fa_parse_sonic_pfcwd_stats(const struct fa_capture *cap, json_t *device, struct fa_err *err);

/* "show interfaces transceiver eeprom --dom": sfpshow, transceiver.* of each port. */
int fa_parse_sonic_transceiver(const struct fa_capture *cap, json_t *device, struct fa_err *err);

#endif /* FA_DRIVERS_PARSE_SONIC_H */
