#!/bin/sh
# SPDX-License-Identifier: MIT
# NCCL's DSCP end to end (nccl.path.lossless) and the CNP priority on the switches
# (path.cnp.priority): a leaf whose DSCP map ("nv show qos roce -o json", prio-map) moves
# NCCL's DSCP 26 off the lossless priority 3 is named on the hop of every path through it,
# and only there; a leaf moving the CNP DSCP 48 off the CNP priority 6 likewise; a reordered
# DSCP list, or a DSCP NCCL and the CNPs do not use moving, is no finding of either rule.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/nccl-lib.sh"

roce=nv-show-qos-roce-o-json.txt

# nccl_prio_map POD SWITCH PRIO DSCP-LIST: give priority PRIO of SWITCH's prio-map that list
nccl_prio_map() {
	python3 - "$FA_TMP/$1/captures/$2/$roce" "$3" "$4" <<'EOT'
import re, sys
path, prio, dscp = sys.argv[1:]
text = open(path).read()
new, n = re.subn(r'("%s": \{"pcp": %s, "dscp": ")[0-9,]*(")' % (prio, prio),
                 lambda m: m.group(1) + dscp + m.group(2), text)
assert n == 1, "no prio-map entry %s in %s" % (prio, path)
open(path, "w").write(new)
EOT
}

# the new findings of the rules this test is about
nccl_ours() {
	grep -E '^(nccl\.|path\.cnp\.priority )' "$FA_TMP/$1.new" >"$FA_TMP/$1.ours" || true
}

# leaf01 puts DSCP 26 on priority 0: NCCL's traffic (TC 106) becomes lossy there
nccl_pod leaf
nccl_prio_map leaf leaf01 0 "0,1,2,3,4,5,6,7,26"
nccl_prio_map leaf leaf01 3 "24,25,27,28,29,30,31"
nccl_audit leaf
fa_expect_grep "leaf01's snapshot maps DSCP 26 to priority 0" \
	'"dscp_to_priority": ?\[0, ?0, ?0, ?0, ?0, ?0, ?0, ?0, ?1, ?1, ?1, ?1, ?1, ?1, ?1, ?1, ?2, ?2, ?2, ?2, ?2, ?2, ?2, ?2, ?3, ?3, ?0, ?3' \
	"$FA_TMP/leaf-snap.json"
nccl_ours leaf
printf '%s\n' \
	"nccl.path.lossless gpu01:ens1f0np0 -- leaf01:swp1 (path from gpu01:ens1f0np0)" \
	"nccl.path.lossless gpu02:ens1f0np0 -- leaf01:swp2 (path from gpu02:ens1f0np0)" \
	"nccl.path.lossless gpu03:ens1f0np0 -- leaf01:swp3 (path from gpu03:ens1f0np0)" \
	"nccl.path.lossless gpu04:ens1f0np0 -- leaf01:swp4 (path from gpu04:ens1f0np0)" \
	>"$FA_TMP/leaf.want"
if diff -u "$FA_TMP/leaf.want" "$FA_TMP/leaf.ours" >"$FA_TMP/leaf.diff"; then
	fa_ok "nccl.path.lossless names leaf01's hop on the path of each host's first NIC, only"
else
	fa_fail "nccl.path.lossless names leaf01's hop on the path of each host's first NIC, only" \
		"$FA_TMP/leaf.diff"
fi
if grep -v 'leaf01:' "$FA_TMP/leaf.new" >"$FA_TMP/leaf.elsewhere"; then
	fa_fail "every other new finding is about leaf01 too (path.trust.dscp compares maps)" \
		"$FA_TMP/leaf.elsewhere"
else
	fa_ok "every other new finding is about leaf01 too (path.trust.dscp compares maps)"
fi
fa_expect_grep "the message names the DSCP, the TC and the endpoint" \
	"gpu01:ens1f0np0 -- leaf01:swp1 does not queue NCCL's DSCP 26 \\(NCCL_IB_TC=106 of gpu01\\) on a PFC priority" \
	"$FA_TMP/leaf.json"

# leaf02 puts the CNP DSCP 48 on priority 5, not the CNP priority 6 of the hosts' NICs
nccl_pod cnp
nccl_prio_map cnp leaf02 5 "40,41,42,43,44,45,46,47,48"
nccl_prio_map cnp leaf02 6 "49,50,51,52,53,54,55"
nccl_audit cnp
nccl_ours cnp
printf '%s\n' \
	"path.cnp.priority gpu01:ens2f0np0 -- leaf02:swp1 (path from gpu01:ens2f0np0)" \
	"path.cnp.priority gpu02:ens2f0np0 -- leaf02:swp2 (path from gpu02:ens2f0np0)" \
	"path.cnp.priority gpu03:ens2f0np0 -- leaf02:swp3 (path from gpu03:ens2f0np0)" \
	"path.cnp.priority gpu04:ens2f0np0 -- leaf02:swp4 (path from gpu04:ens2f0np0)" \
	>"$FA_TMP/cnp.want"
if diff -u "$FA_TMP/cnp.want" "$FA_TMP/cnp.ours" >"$FA_TMP/cnp.diff"; then
	fa_ok "path.cnp.priority names leaf02's hop on the path of each host's second NIC, only"
else
	fa_fail "path.cnp.priority names leaf02's hop on the path of each host's second NIC, only" \
		"$FA_TMP/cnp.diff"
fi

# the DSCP list of priority 3 printed in another order: the same map
nccl_pod reorder
nccl_prio_map reorder leaf01 3 "31,30,29,28,27,26,25,24"
nccl_audit reorder
nccl_expect_new "a reordered DSCP list is no new finding at all" reorder ""

# DSCP 10 (used by neither NCCL nor the CNPs) moves to priority 0 on leaf01
nccl_pod other
nccl_prio_map other leaf01 0 "0,1,2,3,4,5,6,7,10"
nccl_prio_map other leaf01 1 "8,9,11,12,13,14,15"
nccl_audit other
nccl_ours other
if [ ! -s "$FA_TMP/other.ours" ]; then
	fa_ok "a DSCP NCCL does not mark moving is no finding of nccl.path.lossless or path.cnp.priority"
else
	fa_fail "a DSCP NCCL does not mark moving is no finding of nccl.path.lossless or path.cnp.priority" \
		"$FA_TMP/other.ours"
fi
fa_expect_grep "path.trust.dscp still reports the differing map" '^path\.trust\.dscp .*leaf01' \
	"$FA_TMP/other.new"

fa_run rules explain nccl.path.lossless
fa_expect_rc "rules explain knows nccl.path.lossless" 0
fa_run rules explain path.cnp.priority
fa_expect_rc "rules explain knows path.cnp.priority" 0

fa_done
