/* SPDX-License-Identifier: MIT */
/*
 * The cumulus platform: NVIDIA Cumulus Linux 5.x switches, read through NVUE.
 *
 * Five read-only NVUE commands, each once per device, each as JSON ("-o json") so the parsers
 * read the NVUE object model instead of column layouts that change between releases.  Why
 * these five (docs/platforms/cumulus.md has the details):
 *
 *   nv show system -o json            hostname and release.  The only source of the running
 *                                     release; the configuration header only names the release
 *                                     that wrote it.
 *   nv show interface -o json         every interface: type, admin and oper state, MTU, speed.
 *                                     One call for all ports, operational values.  It
 *                                     also carries each port's byte, drop, error and
 *                                     carrier-transition counters, so "collect --sample"
 *                                     sends it twice (FA_CMD_COUNTERS), and every
 *                                     collection once (FA_CMD_ALSO_CONFIG).
 *   nv show interface --view=lldp-detail -o json
 *                                     the LLDP neighbour of each port with chassis id, port id
 *                                     and port description, which the interface summary does
 *                                     not carry (it names the neighbour at most).  Optional:
 *                                     releases without the view lose LLDP, nothing else.
 *   nv show qos roce -o json          the switch-wide RoCE state: mode, PFC priorities, ECN
 *                                     classes and thresholds, trust, DSCP and TC maps, ETS.
 *                                     It is the operational result of "nv set qos roce", whose
 *                                     defaults the configuration does not spell out.
 *   nv config show -o json            the applied configuration: which ports carry their own
 *                                     QoS profiles and what those profiles say, changes to the
 *                                     default-global profiles, PFC watchdog, and the model.
 *                                     Only it knows per-port overrides, so it comes last and
 *                                     turns the global RoCE state into each port's effective
 *                                     state.
 *
 * Per-interface QoS show commands ("nv show interface swpN qos roce status") would give the
 * same per-port answer at one command per port; the configuration gives it for all ports in
 * one call.  The order of the table is the order of parsing, and it matters: ports first, then
 * the global RoCE state on every swp port, then the overrides.
 *
 * "nv config show" without "-o json" prints the configuration in YAML, the form operators
 * usually capture and the form of startup.yaml; "nv show interface" and "nv show qos roce"
 * without it print tables.  All three are read for captures a user brings (FA_CMD_PARSE_ONLY);
 * the RoCE table gives the same fields as its JSON form.
 */
#include "config.h"

#include "drivers/cumulus/parse-cumulus.h"
#include "drivers/platform-list.h"
#include "audit/util/banned.h"

static const struct fa_command fa_cumulus_commands[] = {
	{ "nv show system -o json", FA_EXPAND_NONE, 0, fa_parse_cumulus_system },
	{ "nv show interface -o json", FA_EXPAND_NONE, FA_CMD_COUNTERS | FA_CMD_ALSO_CONFIG,
	  fa_parse_cumulus_interface },
	{ "nv show interface --view=lldp-detail -o json", FA_EXPAND_NONE, FA_CMD_OPTIONAL,
	  fa_parse_cumulus_lldp },
	{ "nv show qos roce -o json", FA_EXPAND_NONE, 0, fa_parse_cumulus_roce },
	{ "nv config show -o json", FA_EXPAND_NONE, 0, fa_parse_cumulus_config },
	{ "nv config show", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY, fa_parse_cumulus_config_yaml },
	{ "nv show interface", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY, fa_parse_cumulus_interface_text },
	{ "nv show qos roce", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY, fa_parse_cumulus_roce_text },
};

const struct fa_platform fa_platform_cumulus = {
	.name = "cumulus",
	.kind = "switch",
	.summary = "NVIDIA Cumulus Linux 5.x switch (NVUE)",
	.commands = fa_cumulus_commands,
	.ncommands = sizeof(fa_cumulus_commands) / sizeof(fa_cumulus_commands[0]),
};
