/* SPDX-License-Identifier: MIT */
/*
 * Parsers of the ib-fabric platform (drivers/ib-fabric/platform-ib-fabric.c): what the InfiniBand
 * diagnostics print on a host attached to the subnet, turned into model fields
 * (docs/model.md, docs/platforms/infiniband.md).
 *
 * The device of this platform stands for the subnet as that host sees it: its ports are the
 * ports of every switch and CA the diagnostics list, named "<node description>/<port>", each
 * with ib.port_guid, ib.port_number, ib.node_type, ib.node_name and, for a connected port,
 * ib.peer.  The snapshot builder turns ib.peer into links of source "ib" (audit/links.h).
 */
#ifndef FA_DRIVERS_PARSE_IB_H
#define FA_DRIVERS_PARSE_IB_H

#include "drivers/platform.h"

/* ibnetdiscover -p: every port, its width, rate, LID and peer. */
fa_parse_fn fa_parse_ib_ibnetdiscover;
/* iblinkinfo -l (and the default grouped layout): ib.state, ib.phys_state, width, rate, peer. */
fa_parse_fn fa_parse_ib_iblinkinfo;
/* sminfo: ib_sm { lid, guid, priority, state }. */
fa_parse_fn fa_parse_ib_sminfo;
/* saquery SMIR: ib_sms[] { lid, guid, priority, state }, every SM the SA knows. */
fa_parse_fn fa_parse_ib_smir;
/* saquery -s: ib.is_sm and ib.sm_lid on the CA ports the SA lists with IsSM. */
fa_parse_fn fa_parse_ib_issm;
/* sminfo LID: one SM's own SMInfo, into ib_sms (replacing the record of its GUID). */
fa_parse_fn fa_parse_ib_sminfo_lid;
/* smpquery pkeys LID: pkeys of the CA port with that LID. */
fa_parse_fn fa_parse_ib_pkeys;
/* perfquery -x -a -l LID: counters of the CA port with that LID (docs/health.md). */
fa_parse_fn fa_parse_ib_perfquery;
/*
 * ibswinfo -d lid-LID: firmware, PSID, part and serial number of one switch, on its ports
 * (ib.node_firmware, ib.node_psid, ib.node_part_number, ib.node_serial).
 */
fa_parse_fn fa_parse_ib_ibswinfo;

/*
 * ibnd-discover: the in-process discovery's JSON document (drivers/ib-fabric/ibnd-discover.h),
 * into the fields of all the above but ibswinfo and partitions.conf.
 */
fa_parse_fn fa_parse_ib_ibnd;

/* OpenSM partitions.conf: ib_partitions[]. */
fa_parse_fn fa_parse_ib_partitions;

#endif /* FA_DRIVERS_PARSE_IB_H */
