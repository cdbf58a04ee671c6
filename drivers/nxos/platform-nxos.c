/* SPDX-License-Identifier: MIT */
/*
 * The nxos platform: Cisco Nexus switches running NX-OS, over SSH.
 *
 * The JSON forms are collected; the plain-text forms of "show version", "show interface" and
 * "show lldp neighbors detail", and the text-only "show interface status" and "show lldp
 * neighbors", are listed for captures a user brings (FA_CMD_PARSE_ONLY).  The running
 * configuration is read for PFC and ECN; "show running-config ipqos" is the smaller QoS-only
 * view of it and parses the same way.  "show interface | json" also carries byte, error and
 * discard counters, so "collect --sample" sends it twice (FA_CMD_COUNTERS), and every
 * collection once (FA_CMD_ALSO_CONFIG).  The error counters and the transceiver details
 * (module readings and limits) are collected as text: the public captures of them are text.
 * Everything here only reads.
 */
#include "config.h"

#include "drivers/nxos/parse-nxos.h"
#include "drivers/platform-list.h"

static const struct fa_command fa_nxos_commands[] = {
    {"show version | json", FA_EXPAND_NONE, 0, fa_parse_nxos_version},
    {"show interface | json", FA_EXPAND_NONE, FA_CMD_COUNTERS | FA_CMD_ALSO_CONFIG,
     fa_parse_nxos_interface},
    {"show lldp neighbors detail | json", FA_EXPAND_NONE, FA_CMD_OPTIONAL, fa_parse_nxos_lldp},
    {"show running-config", FA_EXPAND_NONE, 0, fa_parse_nxos_config},
    {"show interface counters errors", FA_EXPAND_NONE, FA_CMD_COUNTERS | FA_CMD_OPTIONAL,
     fa_parse_nxos_errors},
    {"show interface transceiver details", FA_EXPAND_NONE, FA_CMD_COUNTERS | FA_CMD_OPTIONAL,
     fa_parse_nxos_transceiver},
    {"show version", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY, fa_parse_nxos_version},
    {"show running-config ipqos", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY, fa_parse_nxos_config},
    {"show interface", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY, fa_parse_nxos_interface},
    {"show lldp neighbors detail", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY, fa_parse_nxos_lldp},
    {"show interface status", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY, fa_parse_nxos_status},
    {"show lldp neighbors", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY, fa_parse_nxos_lldp_table},
};

const struct fa_platform fa_platform_nxos = {
    .name = "nxos",
    .kind = "switch",
    .summary = "Cisco Nexus switch running NX-OS (NX-API JSON over SSH)",
    .commands = fa_nxos_commands,
    .ncommands = sizeof(fa_nxos_commands) / sizeof(fa_nxos_commands[0]),
};
