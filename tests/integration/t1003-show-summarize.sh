#!/bin/sh
# SPDX-License-Identifier: MIT
# Querying a snapshot with the rule language: 'show' finds the example's seeded faults with
# --where (the MTU 1500 RDMA port, the link whose ends pause different priorities), in
# table, CSV and JSON; a misspelt field is a usage error with a suggestion; -H reads the
# newest snapshot of a history folder; 'summarize' shows the odd firmware as a count of 1.
. "$(dirname "$0")/lib.sh"

fa_run collect -i "$FA_SRCDIR/examples/roce-pod/inventory.yaml" -o "$FA_TMP/snap.json"
fa_expect_rc "the example collects" 0
S="$FA_TMP/snap.json"

fa_run show ports -s "$S" --where 'port.mtu < 4200 and exists(port.nic)' -c 'device.name,port.name,port.mtu'
fa_expect_rc "show ports exits 0" 0
printf 'device.name  port.name  port.mtu\ngpu03        ens1f0np0  1500\n' >"$FA_TMP/want"
fa_expect_golden "--where finds the one RDMA port below 4200" "$FA_TMP/want" "$FA_TMP/out"

fa_run show links -s "$S" --where 'a.port.qos.pfc_enabled != b.port.qos.pfc_enabled' \
	-c 'a.device.name,a.port.name,b.device.name,b.port.name,b.port.qos.pfc_enabled' -f csv
printf '%s\n' 'a.device.name,a.port.name,b.device.name,b.port.name,b.port.qos.pfc_enabled' \
	'gpu03,ens2f0np0,leaf02,swp3,[4]' >"$FA_TMP/want"
fa_expect_golden "links with both ends bound: the PFC mismatch, as CSV" "$FA_TMP/want" \
	"$FA_TMP/out"

fa_run show devices -s "$S" --where 'device.role == "leaf"' -f json
n=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(len(d), d[0]["device.name"])' "$FA_TMP/out")
if [ "$n" = "2 leaf01" ]; then
	fa_ok "JSON rows keyed by column: the 2 leaves"
else
	fa_fail "JSON rows keyed by column: the 2 leaves (got $n)" "$FA_TMP/out"
fi

fa_run show ports -s "$S" --where 'port.mut < 9000'
fa_expect_rc "a misspelt field is a usage error" 64
fa_expect_grep "it names the field and the nearest real one" \
	"unknown field 'port.mut' \(did you mean port.mtu\?\)" "$FA_TMP/err"
fa_run show routes -s "$S"
fa_expect_rc "an unknown kind of row is a usage error" 64

fa_run show findings -s "$S" --where 'device.role == "leaf" and finding.severity == "error"' \
	-c 'finding.rule,device.name,port.name,port.qos.pfc_enabled'
printf '%s\n' 'finding.rule          device.name  port.name  port.qos.pfc_enabled' \
	'health.rx_errors      leaf01       swp33      [3]' \
	'pfc.lossless.enabled  leaf02       swp3       [4]' >"$FA_TMP/want"
fa_expect_golden "findings bound to the device and port they are about" "$FA_TMP/want" \
	"$FA_TMP/out"
fa_run show findings -s "$S" -f json
n=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))))' "$FA_TMP/out")
if [ "$n" = 13 ]; then
	fa_ok "show findings lists the example's 13 findings"
else
	fa_fail "show findings lists the example's 13 findings (got $n)" "$FA_TMP/out"
fi
fa_run show findings -s "$S" --where 'finding.sevrity == "error"'
fa_expect_rc "a misspelt finding key is a usage error" 64
fa_expect_grep "it names the key and the nearest real one" \
	"a finding has no 'sevrity' \(did you mean 'finding.severity'\?\)" "$FA_TMP/err"

fa_run drift --history "$FA_TMP/hist" --snapshot "$S" -o "$FA_TMP/drift.txt"
fa_run show devices -H "$FA_TMP/hist" --where 'device.name == "spine01"' -c device.name
fa_expect_grep "-H reads the newest snapshot of a history folder" '^spine01$' "$FA_TMP/out"

fa_run summarize -s "$S"
fa_expect_rc "summarize exits 0" 0
fa_expect_grep "summarize counts devices, ports and links" '^devices 7, ports [0-9]+, links [0-9]+$' \
	"$FA_TMP/out"
fa_expect_grep "the NIC on older firmware stands out as a count of 1" '^  28\.37\.1014 +1$' \
	"$FA_TMP/out"
fa_run summarize -s "$S" -f json
n=$(python3 -c 'import json,sys; c=json.load(open(sys.argv[1]))["counts"]; print(c["device.platform"]["cumulus"], c["device.platform"]["linux"])' "$FA_TMP/out")
if [ "$n" = "3 4" ]; then
	fa_ok "summarize -f json: 3 cumulus and 4 linux devices"
else
	fa_fail "summarize -f json: 3 cumulus and 4 linux devices (got $n)" "$FA_TMP/out"
fi

fa_done
