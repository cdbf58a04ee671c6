/* SPDX-License-Identifier: MIT */
/*
 * The openconfig platform: any switch that serves the OpenConfig models over NETCONF
 * (inventory transport "netconf", port 830).
 *
 * Each command is the RPC operation sent inside <rpc>: a <get> with a subtree filter on one
 * model's top container, so a device returns that model's config and state and nothing else.
 * Its reply is saved as <slug>.xml.  system runs first so the hostname LLDP reports is only a
 * fallback; interfaces is required, the others are optional because many devices implement
 * only part of OpenConfig (an empty <data/> is not an error either).  Every operation reads.
 */
#include "config.h"

#include "drivers/openconfig/parse-openconfig.h"
#include "drivers/platform-list.h"

#define FA_OC_GET(top, ns) "<get><filter type=\"subtree\"><" top " xmlns=\"" ns "\"/></filter></get>"

static const struct fa_command fa_openconfig_commands[] = {
	{ FA_OC_GET("system", FA_OC_NS_SYSTEM), FA_EXPAND_NONE, FA_CMD_OPTIONAL,
	  fa_parse_openconfig_system },
	{ FA_OC_GET("interfaces", FA_OC_NS_INTERFACES), FA_EXPAND_NONE, 0,
	  fa_parse_openconfig_interfaces },
	{ FA_OC_GET("lldp", FA_OC_NS_LLDP), FA_EXPAND_NONE, FA_CMD_OPTIONAL,
	  fa_parse_openconfig_lldp },
	{ FA_OC_GET("qos", FA_OC_NS_QOS), FA_EXPAND_NONE, FA_CMD_OPTIONAL,
	  fa_parse_openconfig_qos },
};

const struct fa_platform fa_platform_openconfig = {
	.name = "openconfig",
	.kind = "switch",
	.summary = "any NETCONF device with OpenConfig interfaces/lldp/qos models",
	.commands = fa_openconfig_commands,
	.ncommands = sizeof(fa_openconfig_commands) / sizeof(fa_openconfig_commands[0]),
};
