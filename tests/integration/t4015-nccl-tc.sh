#!/bin/sh
# SPDX-License-Identifier: MIT
# NCCL_IB_TC of /etc/nccl.conf against the host port's DSCP map and PFC (nccl.tc.lossless):
# a host whose traffic class marks a DSCP its NICs map to a lossy priority is named, and only
# that host; a host that sets no NCCL_IB_TC sends TC 0 (DSCP 0, lossy here) and is named
# too; another TC on every host that still lands on the lossless priority is no finding.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/nccl-lib.sh"

# the bundled example: every host sets NCCL_IB_TC=106 (DSCP 26, priority 3, PFC on)
nccl_pod clean-copy
nccl_audit clean-copy
nccl_expect_new "a copy of the bundled example has no new finding" clean-copy ""
fa_expect_no_grep "the bundled example has no nccl.tc.lossless finding" '^nccl\.tc\.lossless ' \
	"$FA_TMP/clean.txt"

# gpu02 marks TC 41: DSCP 10, which its NICs' dscp2prio put on priority 1 (no PFC)
nccl_pod lossy
sed 's/^NCCL_IB_TC=106$/NCCL_IB_TC=41/' "$nccl_ex/captures/gpu02/cat-etc-nccl-conf.txt" \
	>"$FA_TMP/lossy/captures/gpu02/cat-etc-nccl-conf.txt"
fa_expect_grep "gpu02's nccl.conf sets NCCL_IB_TC=41" '^NCCL_IB_TC=41$' \
	"$FA_TMP/lossy/captures/gpu02/cat-etc-nccl-conf.txt"
nccl_audit lossy
fa_expect_rc "a lossy NCCL traffic class fails the run: exit 1" 1
nccl_expect_new "exactly gpu02's two RDMA ports are named, by nccl.tc.lossless" lossy \
	"nccl.tc.lossless gpu02:ens1f0np0
nccl.tc.lossless gpu02:ens2f0np0"
fa_expect_grep "the message gives the TC, its file, the DSCP and the priority" \
	'gpu02:ens1f0np0: NCCL_IB_TC=41 \(/etc/nccl.conf\) is DSCP 10, which the port maps to priority 1, not a PFC priority \[3\]' \
	"$FA_TMP/lossy.json"

# gpu04 sets no NCCL_IB_TC: NCCL sends TC 0, DSCP 0, priority 0
nccl_pod unset
grep -v '^NCCL_IB_TC=' "$nccl_ex/captures/gpu04/cat-etc-nccl-conf.txt" \
	>"$FA_TMP/unset/captures/gpu04/cat-etc-nccl-conf.txt"
nccl_audit unset
nccl_expect_new "a host without NCCL_IB_TC is named, and only it" unset \
	"nccl.tc.lossless gpu04:ens1f0np0
nccl.tc.lossless gpu04:ens2f0np0"
fa_expect_grep "the message says NCCL's default applies" \
	'NCCL_IB_TC=unset \(0\) \(NCCL default\) is DSCP 0, which the port maps to priority 0' \
	"$FA_TMP/unset.json"

# every host moves to TC 98 (DSCP 24): another DSCP, the same lossless priority 3
nccl_pod moved
for h in gpu01 gpu02 gpu03 gpu04; do
	sed 's/^NCCL_IB_TC=106$/NCCL_IB_TC=98/' "$nccl_ex/captures/$h/cat-etc-nccl-conf.txt" \
		>"$FA_TMP/moved/captures/$h/cat-etc-nccl-conf.txt"
done
nccl_audit moved
fa_expect_grep "the snapshot has TC 98 on the hosts" '"ib_tc": ?98' "$FA_TMP/moved-snap.json"
nccl_expect_new "TC 98 on every host (DSCP 24 on priority 3 everywhere) is no new finding" \
	moved ""

fa_run rules explain nccl.tc.lossless
fa_expect_rc "rules explain knows nccl.tc.lossless" 0
fa_expect_grep "rules explain gives the TC-to-DSCP formula" 'DSCP = TC / 4' "$FA_TMP/out"

fa_done
