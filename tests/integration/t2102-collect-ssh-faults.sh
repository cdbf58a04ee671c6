#!/bin/sh
# SPDX-License-Identifier: MIT
# Every kind of device fault over SSH ends in its exact status and a message that says what
# happened: a command that hangs, slow output, garbage, exit status 1, a connection cut in the
# middle of an output, a refused connection, a changed host key, a key that is not
# authorized, an output over --max-output, an optional command that hangs (the session runs no
# further command, so the device is incomplete: timeout, never ok).
. "$(dirname "$0")/lib.sh"
. "$FA_SRCDIR/tests/emulator/emu-test.sh"

emu_setup 20 hang:1-2 slow:3-3 garbage:4-5 exit1:6-7 cut:8-9 refuse:10-11 hostkey:12-13 \
	badauth:14-15 stall-lldp:16-16

t0=$(date +%s)
# 6 s leaves the slow device (1 s of output) room on a loaded 2-CPU machine under ASan,
# where starting each command through sshd can take a few seconds
emu_collect -t 6
t1=$(date +%s)
fa_expect_rc "a run where some devices fail still exits 0" 0
emu_statuses "$EMU/out" >"$FA_TMP/statuses"
emu_expected >"$FA_TMP/expected"
if diff -u "$FA_TMP/expected" "$FA_TMP/statuses" >"$FA_TMP/status.diff"; then
	fa_ok "every fault gives its exact status"
else
	fa_fail "every fault gives its exact status" "$FA_TMP/status.diff"
fi
fa_expect_grep "a hanging command times out after --timeout" \
	"sw0001: timeout: 'nv show system -o json' did not finish within 6 s" "$FA_TMP/err"
fa_expect_grep "an optional command that hangs fails the device (timeout, not ok)" \
	"sw0016: timeout: 'nv show interface --view=lldp-detail -o json' did not finish within 6 s" \
	"$FA_TMP/err"
fa_expect_grep "a failed command reports its exit status and the first line of its stderr" \
	"sw0006: command-failed: 'nv show system -o json' exited with status 1: nv show system -o json: emulated failure on sw0006$" \
	"$FA_TMP/err"
fa_expect_no_grep "only the first stderr line is kept" "second line" "$FA_TMP/err"
fa_expect_grep "the exit status is recorded in meta.json" '"exit_status": 1' \
	"$EMU/out/sw0006/meta.json"
fa_expect_grep "a connection cut mid-output is unreachable, with how far it got" \
	"sw0008: unreachable: connection to faemu@127.0.1.9:2222 lost during 'nv show system -o json' after [0-9]+ bytes" \
	"$FA_TMP/err"
fa_expect_grep "a refused connection is retried, then unreachable" \
	"sw0010: unreachable: 3 attempts: cannot connect to faemu@127.0.1.11:2299: Connection refused" \
	"$FA_TMP/err"
fa_expect_grep "a changed host key is refused loudly" \
	"sw0012: hostkey-changed: WARNING: HOST KEY OF faemu@127.0.1.13:2223 HAS CHANGED" \
	"$FA_TMP/err"
fa_expect_grep "a key that is not authorized is auth-failed, naming the key tried" \
	"sw0014: auth-failed: faemu@127.0.1.15:2222: authentication refused \(tried: key .*/bad_key\)" \
	"$FA_TMP/err"
fa_expect_grep "garbage output is a parse error" "sw0004: parse-error: nv show system -o json" \
	"$FA_TMP/err"
if diff -r -x meta.json "$EMU/captures/sw0003" "$EMU/out/sw0003" >"$FA_TMP/slow.diff"; then
	fa_ok "slow output arrives whole"
else
	fa_fail "slow output arrives whole" "$FA_TMP/slow.diff"
fi
# The emulated hang lasts 120 s; the device's time also holds its SSH connection, which a
# loaded machine under ASan can take seconds to set up, so 20 s tells giving up from waiting.
secs=$(sed -n 's/^  "seconds": \([0-9]*\).*/\1/p' "$EMU/out/sw0001/meta.json")
if [ -n "$secs" ] && [ "$secs" -lt 20 ]; then
	fa_ok "a hanging device is given up within its timeout ($secs s)"
else
	fa_fail "a hanging device is given up within its timeout (${secs:-?} s)" \
		"$EMU/out/sw0001/meta.json"
fi
# slow (5 commands x 1 s) is the longest device; everything else runs alongside it (about
# 6 s on a quiet machine).  The emulated hangs last 120 s, so 45 s tells a run that gave them
# up from one that waited, even on a loaded 2-CPU machine (21 s seen there).
if [ $((t1 - t0)) -le 45 ]; then
	fa_ok "the run with every fault ends in $((t1 - t0)) s"
else
	fa_fail "the run with every fault ends in $((t1 - t0)) s, over 45 s"
fi
# a hanging device got exactly one command: a timeout stops the device
hung=$(grep -c "	sw0001	" "$EMU/commands.log")
if [ "$hung" -eq 1 ]; then
	fa_ok "a device that timed out is sent no further command"
else
	fa_fail "a device that timed out is sent no further command ($hung sent)"
fi

# an output over --max-output: command-failed, the other commands still run
cat >"$FA_TMP/one.yaml" <<EOT
defaults: { platform: cumulus, user: faemu, port: 2222, identity_file: $EMU/client_key }
devices:
  - { name: sw0000, address: 127.0.1.1 }
EOT
emu_fa collect --progress never -i "$FA_TMP/one.yaml" --ssh-config "$EMU/ssh_config" \
	--known-hosts "$EMU/known_hosts" --max-output 1000 -o "$FA_TMP/one.json"
fa_expect_grep "an output over --max-output fails the command with a clear error" \
	"sw0000: command-failed: 'nv show interface -o json' printed more than 1000 bytes \(--max-output\)" \
	"$FA_TMP/err"

fa_done
