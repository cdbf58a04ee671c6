#!/bin/sh
# SPDX-License-Identifier: MIT
# DCBX: a host NIC in firmware-controlled (willing) mode takes its PFC from the switch.
#   - willing, and the switch advertises a PFC that differs from the NIC's: dcbx.willing.peer
#     (error) names exactly that link;
#   - willing, and the switch advertises nothing (NVUE's default): dcbx.willing.unadvertised
#     (warning) names exactly that link, and nothing else changes;
#   - negative: willing, the switch advertises, both run PFC on 3: no new finding at all.
# The faults are made as the devices print them: gpu02's "mlnx_qos -i ens1f0np0" with
# "DCBX mode: Firmware controlled" (and, for the first case, the PFC row all 0: the firmware's
# own PFC), leaf01's "nv config show -o json" with "lldp": {"dcbx-pfc-tlv": "on"} on swp2.
. "$(dirname "$0")/lib.sh"

ex="$FA_SRCDIR/examples/roce-pod"
qos=captures/gpu02/mlnx-qos-i-ens1f0np0.txt
cfg=captures/leaf01/nv-config-show-o-json.txt
link="gpu02:ens1f0np0 -- leaf01:swp2"

# pod DIR: a copy of the example; willing: gpu02's first NIC in firmware DCBX mode;
# nopfc: its PFC row all 0; advertise: leaf01 swp2 sends the DCBX PFC TLV
pod() {
	cp -r "$ex" "$FA_TMP/$1"
	shift
	for change in "$@"; do
		case $change in
		willing)
			sed 's/^DCBX mode: OS controlled$/DCBX mode: Firmware controlled/' \
				"$dir/$qos" >"$FA_TMP/tmp" ;;
		nopfc)
			sed 's/^\tenabled     0   0   0   1 /\tenabled     0   0   0   0 /' \
				"$dir/$qos" >"$FA_TMP/tmp" ;;
		advertise)
			sed 's/"qos": {"pfc-watchdog": {}}, "description": "to-gpu02"/"qos": {"pfc-watchdog": {}}, "lldp": {"dcbx-pfc-tlv": "on"}, "description": "to-gpu02"/' \
				"$dir/$cfg" >"$FA_TMP/tmp.cfg"
			mv "$FA_TMP/tmp.cfg" "$dir/$cfg"
			continue ;;
		esac
		mv "$FA_TMP/tmp" "$dir/$qos"
	done
}

fa_run run -i "$ex/inventory.yaml" --json "$FA_TMP/clean.json" -S "$FA_TMP/clean-snap.json"
fa_expect_grep "the example's NICs are OS-controlled" '"mode": ?"os"' "$FA_TMP/clean-snap.json"
fa_expect_grep "the example's switches send no DCBX PFC TLV" '"pfc_tlv": ?false' \
	"$FA_TMP/clean-snap.json"
fa_expect_no_grep "the example's leaves never send it" '"pfc_tlv": ?true' "$FA_TMP/clean-snap.json"

# 1. willing NIC, advertising switch, different PFC
dir="$FA_TMP/peer"
pod peer willing nopfc advertise
fa_expect_grep "the NIC is firmware-controlled" '^DCBX mode: Firmware controlled$' "$dir/$qos"
fa_expect_grep "its PFC row is all 0" '^	enabled     0   0   0   0   0' "$dir/$qos"
fa_expect_grep "leaf01 swp2 sends the PFC TLV" '"dcbx-pfc-tlv": "on"' "$dir/$cfg"
fa_run run -i "$dir/inventory.yaml" --json "$FA_TMP/peer.json"
fa_expect_rc "a willing NIC off its switch's PFC fails the run: exit 1" 1
fa_new_findings "$FA_TMP/clean.json" "$FA_TMP/peer.json" >"$FA_TMP/peer.txt"
grep ' dcbx\.' "$FA_TMP/peer.txt" >"$FA_TMP/peer-dcbx.txt"
echo "error dcbx.willing.peer $link" >"$FA_TMP/want.txt"
fa_expect_golden "dcbx.willing.peer names exactly $link" "$FA_TMP/want.txt" "$FA_TMP/peer-dcbx.txt"
if grep -v 'gpu02:ens1f0np0' "$FA_TMP/peer.txt" >"$FA_TMP/elsewhere.txt"; then
	fa_fail "every new finding is about gpu02:ens1f0np0" "$FA_TMP/elsewhere.txt"
else
	fa_ok "every new finding is about gpu02:ens1f0np0 ($(wc -l <"$FA_TMP/peer.txt"): DCBX and the PFC it left off)"
fi

# 2. willing NIC, switch advertising nothing
dir="$FA_TMP/silent"
pod silent willing
fa_run run -i "$dir/inventory.yaml" --json "$FA_TMP/silent.json"
fa_new_findings "$FA_TMP/clean.json" "$FA_TMP/silent.json" >"$FA_TMP/silent.txt"
echo "warning dcbx.willing.unadvertised $link" >"$FA_TMP/want.txt"
fa_expect_golden "only dcbx.willing.unadvertised is new, on $link" "$FA_TMP/want.txt" \
	"$FA_TMP/silent.txt"

# 3. negative: willing NIC, advertising switch, the same PFC
dir="$FA_TMP/agree"
pod agree willing advertise
fa_run run -i "$dir/inventory.yaml" --json "$FA_TMP/agree.json" -S "$FA_TMP/agree-snap.json"
fa_expect_grep "the snapshot has leaf01 swp2 advertising" '"pfc_tlv": ?true' "$FA_TMP/agree-snap.json"
fa_new_findings "$FA_TMP/clean.json" "$FA_TMP/agree.json" >"$FA_TMP/agree.txt"
if [ -s "$FA_TMP/agree.txt" ]; then
	fa_fail "a willing NIC that runs its switch's advertised PFC adds no finding" "$FA_TMP/agree.txt"
else
	fa_ok "a willing NIC that runs its switch's advertised PFC adds no finding"
fi

fa_done
