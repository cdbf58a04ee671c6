/* SPDX-License-Identifier: MIT */
/*
 * The onyx platform: NVIDIA (Mellanox) Spectrum switches running Onyx / MLNX-OS, over SSH.
 *
 * The order matters: "show interfaces ethernet" creates the ports that the switch-wide
 * "show roce" profile is applied to.  The "| json-print" forms are listed for captures a
 * user brings (FA_CMD_PARSE_ONLY); the same parsers read them.  "show interfaces ethernet"
 * also carries each port's byte, error and discard counts, so "collect --sample" sends it
 * twice (FA_CMD_COUNTERS), and every collection sends it once (FA_CMD_ALSO_CONFIG).
 * "show running-config" is read from captures a user brings: the commands above report what
 * the ports do, the configuration only what was set.  "show qos" and the congestion-control
 * view are sent in their json-print form, the only form read (no text capture of them is
 * known); a release that refuses either leaves the fields absent (FA_CMD_OPTIONAL).  So is
 * "show lldp interfaces" (each port's LLDP receive and transmit state).  "show lldp local"
 * gives what the switch advertises (its chassis id and system name, which its neighbours
 * report, and whether LLDP runs at all); its text form is sent.
 * Everything here only reads.
 */
#include "config.h"

#include "drivers/onyx/parse-onyx.h"
#include "drivers/platform-list.h"

static const struct fa_command fa_onyx_commands[] = {
    {"show version", FA_EXPAND_NONE, 0, fa_parse_onyx_version},
    {"show interfaces ethernet", FA_EXPAND_NONE, FA_CMD_COUNTERS | FA_CMD_ALSO_CONFIG,
     fa_parse_onyx_interfaces},
    {"show roce", FA_EXPAND_NONE, FA_CMD_OPTIONAL, fa_parse_onyx_roce},
    {"show dcb priority-flow-control", FA_EXPAND_NONE, 0, fa_parse_onyx_pfc},
    {"show dcb ets", FA_EXPAND_NONE, FA_CMD_OPTIONAL, fa_parse_onyx_ets},
    {"show lldp remote", FA_EXPAND_NONE, FA_CMD_OPTIONAL, fa_parse_onyx_lldp},
    {"show lldp interfaces | json-print", FA_EXPAND_NONE, FA_CMD_OPTIONAL,
     fa_parse_onyx_lldp_interfaces},
    {"show lldp local", FA_EXPAND_NONE, FA_CMD_OPTIONAL, fa_parse_onyx_lldp_local},
    {"show qos | json-print", FA_EXPAND_NONE, FA_CMD_OPTIONAL, fa_parse_onyx_qos},
    {"show interfaces ethernet congestion-control | json-print", FA_EXPAND_NONE, FA_CMD_OPTIONAL,
     fa_parse_onyx_congestion},
    {"show interfaces", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY, fa_parse_onyx_interfaces},
    {"show version | json-print", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY, fa_parse_onyx_version},
    {"show interfaces ethernet | json-print", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY,
     fa_parse_onyx_interfaces},
    {"show dcb priority-flow-control | json-print", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY,
     fa_parse_onyx_pfc},
    {"show dcb ets | json-print", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY, fa_parse_onyx_ets},
    {"show interfaces ethernet status", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY, fa_parse_onyx_status},
    {"show running-config", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY, fa_parse_onyx_config},
    {"show lldp interfaces ethernet | json-print", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY,
     fa_parse_onyx_lldp_interfaces},
    {"show lldp local | json-print", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY, fa_parse_onyx_lldp_local},
};

const struct fa_platform fa_platform_onyx = {
    .name = "onyx",
    .kind = "switch",
    .summary = "NVIDIA Onyx (MLNX-OS) Spectrum switch",
    .commands = fa_onyx_commands,
    .ncommands = sizeof(fa_onyx_commands) / sizeof(fa_onyx_commands[0]),
};
