/* SPDX-License-Identifier: MIT */
/*
 * The eos platform: the commands sent to an Arista EOS switch and the parser of each.
 *
 * All are read-only show commands, run once per device, with JSON output where EOS offers
 * it.  QoS (PFC, trust, ECN, scheduling, FEC) comes from the sanitized running
 * configuration: the sanitized form leaves secrets out of captures.  The counter and
 * transceiver commands are read twice by "collect --sample"; a switch without optics (vEOS)
 * or a release without one of them gives a warning.  "show interfaces | json" also carries
 * carrier changes and byte counters, so "collect --sample" sends it twice (FA_CMD_COUNTERS)
 * and every collection once (FA_CMD_ALSO_CONFIG).  "show priority-flow-control counters"
 * is not sent: it gives only totals over all priorities, and the model's pause counters are
 * per priority.  The plain-text forms a user may bring in a capture are listed as parse-only
 * (FA_CMD_PARSE_ONLY); a parser of a JSON form tells the text from the JSON.
 */
#include "config.h"

#include "drivers/eos/parse-eos.h"
#include "drivers/platform-list.h"

static const struct fa_command fa_eos_commands[] = {
    {"show version | json", FA_EXPAND_NONE, 0, fa_parse_eos_version},
    {"show interfaces | json", FA_EXPAND_NONE, FA_CMD_COUNTERS | FA_CMD_ALSO_CONFIG,
     fa_parse_eos_interfaces},
    {"show lldp neighbors detail | json", FA_EXPAND_NONE, FA_CMD_OPTIONAL, fa_parse_eos_lldp},
    {"show running-config sanitized", FA_EXPAND_NONE, 0, fa_parse_eos_config},
    {"show interfaces counters errors | json", FA_EXPAND_NONE, FA_CMD_COUNTERS | FA_CMD_OPTIONAL,
     fa_parse_eos_counter_errors},
    {"show interfaces counters discards | json", FA_EXPAND_NONE, FA_CMD_COUNTERS | FA_CMD_OPTIONAL,
     fa_parse_eos_counter_discards},
    {"show interfaces transceiver | json", FA_EXPAND_NONE, FA_CMD_COUNTERS | FA_CMD_OPTIONAL,
     fa_parse_eos_transceiver},
    {"show interfaces transceiver dom thresholds | json", FA_EXPAND_NONE,
     FA_CMD_COUNTERS | FA_CMD_OPTIONAL, fa_parse_eos_transceiver_dom},
    {"show version", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY, fa_parse_eos_version},
    {"show interfaces", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY, fa_parse_eos_interfaces},
    {"show interfaces status", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY, fa_parse_eos_status},
    {"show lldp neighbors", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY, fa_parse_eos_lldp_table},
};

const struct fa_platform fa_platform_eos = {
    .name = "eos",
    .kind = "switch",
    .summary = "Arista EOS switch (eAPI-style JSON show commands, sanitized running-config)",
    .commands = fa_eos_commands,
    .ncommands = sizeof(fa_eos_commands) / sizeof(fa_eos_commands[0]),
};
