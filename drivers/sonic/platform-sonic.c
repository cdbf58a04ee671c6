/* SPDX-License-Identifier: MIT */
/*
 * The sonic platform: the commands sent to a SONiC switch and the parser of each.
 *
 * All are read-only show commands, run once per device.  The running configuration comes
 * first so that "show interfaces status" can replace configured values (speed) with
 * operational ones.  LLDP is read from lldpd inside the lldp container; a user without
 * docker rights gets a warning, not a failed device.  The counter commands (pfcstat,
 * pgdropstat, portstat, the PFC watchdog, sfpshow) are read twice by "collect --sample"; a release
 * or ASIC without one of them gives a warning.  "show pfc priority" and "show pfc asymmetric"
 * print what the running configuration already holds (PORT_QOS_MAP pfc_enable, PORT
 * pfc_asym), so they are read from captures a user brings, not sent (FA_CMD_PARSE_ONLY).
 */
#include "config.h"

#include "drivers/sonic/parse-sonic.h"
#include "drivers/platform-list.h"

static const struct fa_command fa_sonic_commands[] = {
    {"show runningconfiguration all", FA_EXPAND_NONE, 0, fa_parse_sonic_config},
    {"show interfaces status", FA_EXPAND_NONE, 0, fa_parse_sonic_status},
    {"show version", FA_EXPAND_NONE, 0, fa_parse_sonic_version},
    {"docker exec lldp lldpctl -f json", FA_EXPAND_NONE, FA_CMD_OPTIONAL, fa_parse_sonic_lldp},
    {"show pfc counters", FA_EXPAND_NONE, FA_CMD_COUNTERS | FA_CMD_OPTIONAL,
     fa_parse_sonic_pfc_counters},
    {"show priority-group drop counters", FA_EXPAND_NONE, FA_CMD_COUNTERS | FA_CMD_OPTIONAL,
     fa_parse_sonic_pg_drops},
    {"show interfaces counters", FA_EXPAND_NONE, FA_CMD_COUNTERS | FA_CMD_OPTIONAL,
     fa_parse_sonic_portstat},
    {"show interfaces counters fec-stats", FA_EXPAND_NONE, FA_CMD_COUNTERS | FA_CMD_OPTIONAL,
     fa_parse_sonic_fec_stats},
    {"show pfcwd stats", FA_EXPAND_NONE, FA_CMD_COUNTERS | FA_CMD_OPTIONAL,
     fa_parse_sonic_pfcwd_stats},
    {"show interfaces transceiver eeprom --dom", FA_EXPAND_NONE, FA_CMD_COUNTERS | FA_CMD_OPTIONAL,
     fa_parse_sonic_transceiver},
    {"show pfc priority", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY, fa_parse_sonic_pfc_priority},
    {"show pfc asymmetric", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY, fa_parse_sonic_pfc_asym},
};

const struct fa_platform fa_platform_sonic = {
    .name = "sonic",
    .kind = "switch",
    .summary = "SONiC switch (config_db running configuration, intfutil, lldpd)",
    .commands = fa_sonic_commands,
    .ncommands = sizeof(fa_sonic_commands) / sizeof(fa_sonic_commands[0]),
};
