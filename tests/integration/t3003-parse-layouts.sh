#!/bin/sh
# SPDX-License-Identifier: MIT
# Parsers never lose data silently: a real output in another layout (indented, CRLF, pasted
# with its prompt, a pager mark) yields the same model, and an output from which nothing is
# recognised is a parse error naming the command, never an empty success.
. "$(dirname "$0")/lib.sh"

nx="$FA_SRCDIR/tests/fixtures/nxos/show-lldp-neighbors-detail-ntc.txt"
ex="$FA_SRCDIR/examples/roce-pod"

# The neighbours of a real NX-OS text capture, as "local port system port" lines.
fa_neighbours() {
	fa_run parse --platform nxos --command 'show lldp neighbors detail' --device sw "$1"
	cp "$FA_TMP/out" "$2.json"
	grep -E '"(name|system_name|port_id)"' "$FA_TMP/out" | tr -d ' ",' >"$2"
}

fa_neighbours "$nx" "$FA_TMP/orig"
fa_expect_rc "the real capture parses" 0
fa_expect_grep "it has the neighbour SW-NEXUS on Ethernet1/52" 'system_name:SW-NEXUS$' "$FA_TMP/orig"
if [ "$(grep -c '^system_name:' "$FA_TMP/orig")" -ge 2 ]; then
	fa_ok "the real capture has its neighbours"
else
	fa_fail "the real capture has its neighbours" "$FA_TMP/orig"
fi

# Every line indented by four blanks, as NX-OS text pasted from a mail or a wiki comes.
sed 's/^/    /' "$nx" >"$FA_TMP/indented.txt"
fa_neighbours "$FA_TMP/indented.txt" "$FA_TMP/indented"
fa_expect_rc "the indented capture parses" 0
if cmp -s "$FA_TMP/orig" "$FA_TMP/indented"; then
	fa_ok "the indented capture yields the same neighbours"
else
	fa_fail "the indented capture yields the same neighbours" "$FA_TMP/orig" "$FA_TMP/indented"
fi

# CRLF, trailing blanks, the prompt and command before, a pager mark inside, the prompt after.
{
	printf 'SW-NEXUS# show lldp neighbors detail\r\n'
	sed -n '1,8p' "$nx" | sed 's/$/   \r/'
	printf ' --More-- \b\b\b\b\b\b\b\b\b\b          \b\b\b\b\b\b\b\b\b\b'
	sed '1,8d' "$nx" | sed 's/$/\r/'
	printf 'SW-NEXUS# \r\n'
} >"$FA_TMP/terminal.txt"
fa_neighbours "$FA_TMP/terminal.txt" "$FA_TMP/terminal"
fa_expect_rc "the terminal capture parses" 0
if cmp -s "$FA_TMP/orig" "$FA_TMP/terminal"; then
	fa_ok "a terminal capture (CRLF, prompt, pager) yields the same neighbours"
else
	fa_fail "a terminal capture (CRLF, prompt, pager) yields the same neighbours" \
		"$FA_TMP/orig" "$FA_TMP/terminal"
fi
if grep -q '"warnings"' "$FA_TMP/terminal.json"; then
	fa_fail "the prompt and pager lines are no warnings" "$FA_TMP/terminal.json"
else
	fa_ok "the prompt and pager lines are no warnings"
fi

# Text from which nothing is recognised: exit 65, the error names the command.
printf '%% Invalid command at %s marker.\nSW-NEXUS is not what this prints\n' "'^'" >"$FA_TMP/junk.txt"
fa_run parse --platform nxos --command 'show lldp neighbors detail' "$FA_TMP/junk.txt"
fa_expect_rc "an output with nothing recognised exits 65" 65
fa_expect_grep "the error names the file and the command" "junk.txt: 'show lldp neighbors detail'" "$FA_TMP/err"

# Through collection: the device is a parse error naming the command, not an empty ok.
cp -r "$ex/captures" "$FA_TMP/caps"
printf 'Error: the command failed\nplease try again later\n' >"$FA_TMP/caps/gpu03/ibstat.txt"
printf '[{"error": "the command failed"}]\n' >"$FA_TMP/caps/leaf02/nv-show-interface-o-json.txt"
fa_run collect -i "$ex/inventory.yaml" --replay "$FA_TMP/caps" -o "$FA_TMP/snap.json"
fa_expect_grep "an output that is not the command's fails the device as a parse error" \
	"gpu03: parse-error: ibstat: " "$FA_TMP/err"
fa_expect_grep "valid JSON from which nothing is recognised is a parse error, not an empty ok" \
	"leaf02: parse-error: nv show interface -o json: nothing recognised" "$FA_TMP/err"
# The same capture indented and with CRLF line ends: the device is collected as before.
cp -r "$ex/captures" "$FA_TMP/caps2"
sed 's/^/  /; s/$/\r/' "$ex/captures/gpu03/ibstat.txt" >"$FA_TMP/caps2/gpu03/ibstat.txt"
fa_run collect -i "$ex/inventory.yaml" --replay "$FA_TMP/caps2" -o "$FA_TMP/snap2.json"
fa_run collect -i "$ex/inventory.yaml" --replay "$ex/captures" -o "$FA_TMP/snap1.json"
if [ "$(sed 's/"created":"[^"]*"//' "$FA_TMP/snap1.json")" = "$(sed 's/"created":"[^"]*"//' "$FA_TMP/snap2.json")" ]; then
	fa_ok "an indented CRLF ibstat capture gives the same snapshot"
else
	fa_fail "an indented CRLF ibstat capture gives the same snapshot" "$FA_TMP/err"
fi

fa_done
