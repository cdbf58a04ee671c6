#!/bin/sh
# SPDX-License-Identifier: MIT
# SSH collection at fabric scale: 250 emulated switches behind a real OpenSSH sshd, every
# command's output saved byte for byte, and nothing sent but the platform table's commands.
. "$(dirname "$0")/lib.sh"
. "$FA_SRCDIR/tests/emulator/emu-test.sh"

N=250
emu_setup $N

emu_collect -t 20 --progress always
fa_expect_rc "$N devices are collected over SSH (exit 0)" 0
fa_expect_grep "the summary counts every device as collected" "collected $N of $N devices" \
	"$FA_TMP/err"
fa_expect_grep "progress reaches the last device" "collect: $N/$N devices, 0 failed" "$FA_TMP/err"

emu_statuses "$EMU/out" >"$FA_TMP/statuses"
emu_expected >"$FA_TMP/expected"
if diff -u "$FA_TMP/expected" "$FA_TMP/statuses" >"$FA_TMP/status.diff"; then
	fa_ok "every device has status ok in its meta.json"
else
	fa_fail "every device has status ok in its meta.json" "$FA_TMP/status.diff"
fi

# what each device printed, as saved, is exactly what its capture holds
if diff -r -x meta.json "$EMU/captures" "$EMU/out" >"$FA_TMP/captures.diff"; then
	fa_ok "the saved captures of all $N devices equal the devices' outputs byte for byte"
else
	fa_fail "the saved captures of all $N devices equal the devices' outputs byte for byte" \
		"$FA_TMP/captures.diff"
fi

# the emulator logged every command it received: only the table's, each once per device
"$FA" parse --list --platform cumulus | sed -n 's/^  //p' | grep -v '(parse only\|(counters' |
	sed 's/  (optional)$//' | sort >"$FA_TMP/table"
cut -f3 "$EMU/commands.log" | sort -u >"$FA_TMP/sent"
if [ -s "$FA_TMP/table" ] && diff -u "$FA_TMP/table" "$FA_TMP/sent" >"$FA_TMP/sent.diff"; then
	fa_ok "the devices received exactly the cumulus table's commands"
else
	fa_fail "the devices received exactly the cumulus table's commands" "$FA_TMP/sent.diff"
fi
lines=$(wc -l <"$EMU/commands.log")
want=$((N * $(wc -l <"$FA_TMP/table")))
dups=$(cut -f2,3 "$EMU/commands.log" | sort | uniq -d | wc -l)
if [ "$lines" -eq "$want" ] && [ "$dups" -eq 0 ]; then
	fa_ok "each device received each command once ($lines commands)"
else
	fa_fail "each device received each command once ($lines commands, $want expected, $dups repeated)"
fi

# the model holds what each device said about itself: its own hostname
if grep -Eq "\"hostname\": ?\"sw0249\"" "$EMU/snapshot.json"; then
	fa_ok "the snapshot holds the hostname the last device reported"
else
	fa_fail "the snapshot holds the hostname the last device reported"
fi

fa_done
