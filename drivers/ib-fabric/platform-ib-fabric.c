/* SPDX-License-Identifier: MIT */
/*
 * The ib-fabric platform: an InfiniBand subnet, seen from one host that has the diagnostics
 * (infiniband-diags, and OpenSM's configuration when the host runs the subnet manager).
 *
 * ibnetdiscover lists every port and link first; iblinkinfo then adds the logical and
 * physical state of each; sminfo names the master SM and saquery SMIR every SM the SA knows
 * (standbys too), saquery -s every port where an SM runs, and "sminfo LID" asks each of
 * those what it is (a master the SA's own master ignores, with another SM_Key, is seen only
 * so); partitions.conf (/etc/opensm, or where the inventory's ib_partitions_file says)
 * gives the P_Keys the SM hands out; perfquery reads each CA port's counters.  Every command
 * only reads: ibnetdiscover and iblinkinfo send Get() MADs, sminfo is sent without a
 * modifier (with one it would set the SM's state), perfquery never with -r or -R (they
 * clear the counters), and the partition file is read with cat.
 * docs/platforms/infiniband.md says why each is chosen.  With "ib_discovery: inprocess" in
 * the inventory, ibnd-discover (libibnetdisc and libibmad in this process, the same Get()
 * MADs) stands in for every infiniband-diags command.  ibswinfo (a script over MFT, not
 * part of infiniband-diags) is read from captures a user brings, never sent.
 */
#include "config.h"

#include "drivers/ib-fabric/parse-ib.h"
#include "drivers/platform-list.h"

static const struct fa_command fa_ib_fabric_commands[] = {
	{ "ibnetdiscover -p", FA_EXPAND_NONE, FA_CMD_IB_TOOLS, fa_parse_ib_ibnetdiscover },
	{ "iblinkinfo -l", FA_EXPAND_NONE, FA_CMD_IB_TOOLS, fa_parse_ib_iblinkinfo },
	{ "sminfo", FA_EXPAND_NONE, FA_CMD_IB_TOOLS | FA_CMD_OPTIONAL, fa_parse_ib_sminfo },
	{ "saquery SMIR", FA_EXPAND_NONE, FA_CMD_IB_TOOLS | FA_CMD_OPTIONAL, fa_parse_ib_smir },
	/* every port where an SM runs, then each of them asked what it is (a rival master) */
	{ "saquery -s", FA_EXPAND_NONE, FA_CMD_IB_TOOLS | FA_CMD_OPTIONAL, fa_parse_ib_issm },
	{ "sminfo LID", FA_EXPAND_IBSMLID, FA_CMD_IB_TOOLS | FA_CMD_OPTIONAL,
	  fa_parse_ib_sminfo_lid },
	/*
	 * ib_discovery: inprocess.  Not a shell command: the local collector runs libibnetdisc
	 * and libibmad for it (drivers/ib-fabric/ibnd-discover.c) and returns their JSON
	 * document.  It reads the counters too, so it is also sent again by --sample.
	 */
	{ "ibnd-discover", FA_EXPAND_NONE, FA_CMD_IB_INPROCESS | FA_CMD_COUNTERS |
	  FA_CMD_ALSO_CONFIG, fa_parse_ib_ibnd },
	/* /etc/opensm/partitions.conf, or where the inventory says (ib_partitions_file) */
	{ "cat FILE", FA_EXPAND_IB_PARTITIONS, FA_CMD_OPTIONAL, fa_parse_ib_partitions },
	{ "smpquery pkeys LID", FA_EXPAND_IBCAPORT, FA_CMD_IB_TOOLS | FA_CMD_OPTIONAL,
	  fa_parse_ib_pkeys },
	{ "perfquery -x -a -l LID", FA_EXPAND_IBCALID,
	  FA_CMD_IB_TOOLS | FA_CMD_COUNTERS | FA_CMD_OPTIONAL, fa_parse_ib_perfquery },
	/* the error counters where the extended block lacks them (parse-ib-perfquery.c) */
	{ "perfquery -a -l LID", FA_EXPAND_IBCALID,
	  FA_CMD_IB_TOOLS | FA_CMD_COUNTERS | FA_CMD_OPTIONAL, fa_parse_ib_perfquery },
	{ "iblinkinfo", FA_EXPAND_NONE, FA_CMD_PARSE_ONLY, fa_parse_ib_iblinkinfo },
	/* parse only: the expansion only makes LID the word the switch's LID stands for */
	{ "ibswinfo -d lid-LID", FA_EXPAND_IBCALID, FA_CMD_PARSE_ONLY, fa_parse_ib_ibswinfo },
};

const struct fa_platform fa_platform_ib_fabric = {
	.name = "ib-fabric",
	.kind = "host",
	.summary = "InfiniBand subnet, from a host with infiniband-diags (and OpenSM)",
	.commands = fa_ib_fabric_commands,
	.ncommands = sizeof(fa_ib_fabric_commands) / sizeof(fa_ib_fabric_commands[0]),
};
