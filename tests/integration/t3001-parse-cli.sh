#!/bin/sh
# SPDX-License-Identifier: MIT
# fabric-audit parse: one parser on one captured output, for debugging and bug reports.
. "$(dirname "$0")/lib.sh"

ex="$FA_SRCDIR/examples/roce-pod/captures"

fa_run parse --list
fa_expect_rc "parse --list exits 0" 0
fa_expect_grep "parse --list shows the linux platform" '^linux \(host\)' "$FA_TMP/out"
fa_expect_grep "parse --list shows per-interface commands" '^  mlnx_qos -i IF  \(optional\)$' "$FA_TMP/out"
fa_expect_grep "parse --list marks the commands sent where the one above failed" \
	'^  dcb -j pfc show dev IF  \(optional, sent where the command above failed\)$' "$FA_TMP/out"
fa_expect_grep "parse --list marks parse-only commands" 'ibv_devinfo  \(parse only, not sent\)' "$FA_TMP/out"

fa_run parse --platform linux --command 'mlnx_qos -i ens1f0np0' "$ex/gpu01/mlnx-qos-i-ens1f0np0.txt"
fa_expect_rc "parse of a real mlnx_qos capture exits 0" 0
fa_expect_grep "the fragment shows PFC on priority 3" '"pfc_enabled": \[' "$FA_TMP/out"
fa_expect_grep "the fragment names the port from the command" '"name": "ens1f0np0"' "$FA_TMP/out"

fa_run parse --platform linux --command 'dcb ets show dev ens1f0np0' \
	"$FA_SRCDIR/tests/fixtures/linux/dcb/ets-show.txt"
fa_expect_rc "parse of a dcb ets text output exits 0" 0
fa_expect_grep "the fragment shows TC 6 strict" '"strict"' "$FA_TMP/out"

fa_run parse --platform cumulus --command 'nv show qos roce -o json' "$ex/leaf01/nv-show-qos-roce-o-json.txt"
fa_expect_rc "parse of a switch-wide command before any port exists exits 0" 0

fa_run parse --platform linux --command 'ip -j -d link show' "$ex/leaf01/nv-show-system-o-json.txt"
fa_expect_rc "output that is not what the command prints exits 65" 65
fa_expect_grep "the error names the file and the command" "nv-show-system-o-json.txt: 'ip -j -d link show'" "$FA_TMP/err"

fa_run parse --platform nosuch --command 'x' /dev/null
fa_expect_rc "an unknown platform exits 64" 64
fa_run parse --platform linux --command 'rm -rf /' /dev/null
fa_expect_rc "a command that is not in the table exits 64" 64
fa_expect_grep "it says the platform has no parser for it" "has no parser for 'rm -rf /'" "$FA_TMP/err"
fa_run parse --platform linux --command ibstat "$FA_TMP/no-such-file"
fa_expect_rc "a missing input file exits 65" 65

fa_done
