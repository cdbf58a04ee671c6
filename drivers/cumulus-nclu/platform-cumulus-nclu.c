/* SPDX-License-Identifier: MIT */
/*
 * The cumulus-nclu platform: Cumulus Linux 3.x and 4.x switches, read through NCLU, the
 * "net" command those releases manage the switch with (5.x replaced it with NVUE: the cumulus
 * platform).  Three read-only "net show" commands, each once per device, each in NCLU's JSON
 * form (docs/platforms/cumulus-nclu.md):
 *
 *   net show system json              hostname, release, model, serial number
 *   net show interface all json       every interface: category, state, MTU, speed, MAC,
 *                                     description (admin-down ports too, which "net show
 *                                     interface json" leaves out)
 *   net show lldp json                the LLDP neighbour of each port with chassis id, port id
 *                                     and port description (lldpd's own table); optional:
 *                                     a switch without lldpd loses LLDP, nothing else
 *
 * and one read only from captures a user brings (FA_CMD_PARSE_ONLY): "net show configuration
 * commands", what was configured (MTU, speed, description...), where the commands above
 * report what the ports do; sent too, it would overwrite the one with the other.
 */
#include "config.h"

#include "drivers/cumulus-nclu/parse-cumulus-nclu.h"
#include "drivers/platform-list.h"
#include "audit/util/banned.h"

static const struct fa_command fa_cumulus_nclu_commands[] = {
	{ "net show system json", FA_EXPAND_NONE, 0, fa_parse_cumulus_nclu_system },
	{ "net show interface all json", FA_EXPAND_NONE, 0, fa_parse_cumulus_nclu_interface },
	{ "net show lldp json", FA_EXPAND_NONE, FA_CMD_OPTIONAL, fa_parse_cumulus_nclu_lldp },
	{ "net show configuration commands", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY,
	  fa_parse_cumulus_nclu_config },
};

const struct fa_platform fa_platform_cumulus_nclu = {
	.name = "cumulus-nclu",
	.kind = "switch",
	.summary = "Cumulus Linux 3.x/4.x switch (NCLU)",
	.commands = fa_cumulus_nclu_commands,
	.ncommands = sizeof(fa_cumulus_nclu_commands) / sizeof(fa_cumulus_nclu_commands[0]),
};
