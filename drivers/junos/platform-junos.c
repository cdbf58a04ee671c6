/* SPDX-License-Identifier: MIT */
/*
 * The junos platform: Juniper switches (QFX, EX, PTX) over NETCONF.
 *
 * A command that starts with '<' is a NETCONF RPC, sent as it is inside <rpc>; its reply is
 * saved as <slug>.xml.  The "| display xml" CLI commands print the same rpc-reply and are
 * listed for parsing captures a user brings (FA_CMD_PARSE_ONLY), as are the plain-text forms
 * of the same commands, whose parsers give the same fields.  Everything here only reads.
 */
#include "config.h"

#include "drivers/junos/parse-junos.h"
#include "drivers/platform-list.h"

static const struct fa_command fa_junos_commands[] = {
    {"<get-software-information/>", FA_EXPAND_NONE, 0, fa_parse_junos_software},
    {"<get-interface-information/>", FA_EXPAND_NONE, 0, fa_parse_junos_interfaces},
    {"<get-lldp-neighbors-information/>", FA_EXPAND_NONE, FA_CMD_OPTIONAL, fa_parse_junos_lldp},
    {"<get-configuration inherit=\"inherit\"><configuration><class-of-service/>"
     "<interfaces/></configuration></get-configuration>",
     FA_EXPAND_NONE, 0, fa_parse_junos_config},
    {"show version | display xml", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY, fa_parse_junos_software},
    {"show interfaces | display xml", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY, fa_parse_junos_interfaces},
    {"show lldp neighbors | display xml", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY, fa_parse_junos_lldp},
    {"show configuration | display inheritance | display xml", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY,
     fa_parse_junos_config},
    {"show version", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY, fa_parse_junos_version_text},
    {"show interfaces", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY, fa_parse_junos_interfaces_text},
    {"show lldp neighbors", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY, fa_parse_junos_lldp_text},
};

const struct fa_platform fa_platform_junos = {
    .name = "junos",
    .kind = "switch",
    .summary = "Juniper Junos switch (QFX/EX/PTX) over NETCONF",
    .commands = fa_junos_commands,
    .ncommands = sizeof(fa_junos_commands) / sizeof(fa_junos_commands[0]),
};
