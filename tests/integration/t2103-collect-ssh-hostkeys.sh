#!/bin/sh
# SPDX-License-Identifier: MIT
# Host keys over SSH: an unknown key is refused (also when known_hosts does not exist),
# --accept-new records it once and says so, what it records is what OpenSSH reads, and a
# changed key is always refused, --accept-new or not, leaving known_hosts untouched.
. "$(dirname "$0")/lib.sh"
. "$FA_SRCDIR/tests/emulator/emu-test.sh"

emu_setup 4 hostkey:3-3
# devices 0-2 are healthy; device 3 answers with another host key than the recorded one
head -n 3 "$EMU/map.tsv" >"$FA_TMP/map3"
sed '/name: sw0003/,$d' "$EMU/inventory.yaml" >"$FA_TMP/three.yaml"
collect() {
	emu_fa collect --progress never --ssh-config "$EMU/ssh_config" --save-captures "$FA_TMP/c" \
		-o "$FA_TMP/snap.json" "$@"
}

: >"$FA_TMP/empty_known_hosts"
collect -i "$FA_TMP/three.yaml" --known-hosts "$FA_TMP/empty_known_hosts"
fa_expect_rc "devices whose keys are unknown are not collected (exit 69)" 69
fa_expect_grep "an unknown key is hostkey-unknown, with its fingerprint and the way out" \
	"sw0000: hostkey-unknown: host key of faemu@127.0.1.1:2222 \(ssh-ed25519 SHA256:[A-Za-z0-9+/]+\) is not in .*empty_known_hosts; add it, or collect with --accept-new" \
	"$FA_TMP/err"
if [ ! -s "$FA_TMP/empty_known_hosts" ]; then
	fa_ok "without --accept-new nothing is written to known_hosts"
else
	fa_fail "without --accept-new nothing is written to known_hosts" "$FA_TMP/empty_known_hosts"
fi

collect -i "$FA_TMP/three.yaml" --known-hosts "$FA_TMP/missing/known_hosts"
fa_expect_rc "a known_hosts file that does not exist knows no host (exit 69)" 69
fa_expect_grep "a missing known_hosts file gives hostkey-unknown" "sw0002: hostkey-unknown:" \
	"$FA_TMP/err"

kh=$FA_TMP/tofu/known_hosts
collect -i "$FA_TMP/three.yaml" --known-hosts "$kh" --accept-new
fa_expect_rc "--accept-new collects devices seen for the first time" 0
n=$(grep -c "new host key of .* recorded in $kh: ssh-ed25519 SHA256:" "$FA_TMP/err")
if [ "$n" -eq 3 ]; then
	fa_ok "--accept-new says once per device that it recorded a key"
else
	fa_fail "--accept-new says once per device that it recorded a key ($n lines)" "$FA_TMP/err"
fi
if [ "$(wc -l <"$kh")" -eq 3 ] && ssh-keygen -F '[127.0.1.3]:2222' -f "$kh" >/dev/null &&
	[ "$(ssh-keygen -lf "$EMU/host_a.pub" | cut -d' ' -f2)" = \
		"$(ssh-keygen -lf "$kh" | sed -n 3p | cut -d' ' -f2)" ]; then
	fa_ok "the recorded keys are the servers' keys, in a file OpenSSH reads"
else
	fa_fail "the recorded keys are the servers' keys, in a file OpenSSH reads" "$kh"
fi
collect -i "$FA_TMP/three.yaml" --known-hosts "$kh"
fa_expect_rc "once recorded, the keys are trusted without --accept-new" 0
fa_expect_no_grep "known keys are not recorded again" "recorded in" "$FA_TMP/err"

cp "$EMU/known_hosts" "$FA_TMP/kh.before"
emu_fa collect --progress never -i "$EMU/inventory.yaml" --ssh-config "$EMU/ssh_config" \
	--known-hosts "$EMU/known_hosts" --accept-new --save-captures "$FA_TMP/c4" \
	-o "$FA_TMP/snap4.json"
fa_expect_grep "a changed key is refused even with --accept-new" \
	"sw0003: hostkey-changed: WARNING: HOST KEY OF faemu@127.0.1.4:2223 HAS CHANGED \(now ssh-ed25519 SHA256:[^)]*\), not the key recorded in .*known_hosts; refusing to connect" \
	"$FA_TMP/err"
fa_expect_grep "the device's status in meta.json is hostkey-changed" '"status": "hostkey-changed"' \
	"$FA_TMP/c4/sw0003/meta.json"
fa_expect_grep "the snapshot records the status hostkey-changed" '"status": ?"hostkey-changed"' \
	"$FA_TMP/snap4.json"
if cmp -s "$FA_TMP/kh.before" "$EMU/known_hosts"; then
	fa_ok "a changed key never touches known_hosts"
else
	fa_fail "a changed key never touches known_hosts"
fi
if ! grep -q "	sw0003	" "$EMU/commands.log"; then
	fa_ok "no command is sent to a device whose key changed"
else
	fa_fail "no command is sent to a device whose key changed" "$EMU/commands.log"
fi

# A known_hosts of thousands of other hosts' lines (read once and looked up by name, not once
# per device), one device's line hashed as OpenSSH's HashKnownHosts writes it: the devices are
# found, and --accept-new appends the one key missing to the end of the file, once.
big=$FA_TMP/big/known_hosts
mkdir -p "$FA_TMP/big"
key=$(sed -n 1p "$EMU/known_hosts" | cut -d' ' -f2-)
awk -v key="$key" 'BEGIN { for (i = 0; i < 3000; i++)
	printf "[10.%d.%d.%d]:2222 %s\n", i / 62500, (i / 250) % 250, i % 250, key }' >"$big"
grep '^\[127.0.1.1\]:2222 ' "$EMU/known_hosts" >"$FA_TMP/big/one"
ssh-keygen -H -f "$FA_TMP/big/one" >/dev/null 2>&1
cat "$FA_TMP/big/one" >>"$big"
grep '^\[127.0.1.2\]:2222 ' "$EMU/known_hosts" >>"$big"
lines=$(wc -l <"$big")
if grep -q '^|1|' "$big" && ! grep -q '127.0.1.1' "$big"; then
	fa_ok "the first device's line is hashed"
else
	fa_fail "the first device's line is hashed" "$big"
fi
collect -i "$FA_TMP/three.yaml" --known-hosts "$big"
fa_expect_grep "a device with no line in a big known_hosts is unknown" \
	"sw0002: hostkey-unknown: host key of faemu@127.0.1.3:2222" "$FA_TMP/err"
fa_expect_no_grep "a hashed line and a plain line among 3,000 others are found" \
	"sw000[01]: hostkey" "$FA_TMP/err"
collect -i "$FA_TMP/three.yaml" --known-hosts "$big" --accept-new
fa_expect_rc "--accept-new with a big known_hosts collects every device" 0
n=$(grep -c "new host key of .* recorded in $big: ssh-ed25519 SHA256:" "$FA_TMP/err")
if [ "$n" -eq 1 ] && [ "$(wc -l <"$big")" -eq $((lines + 1)) ] &&
	tail -n 1 "$big" | grep -q '^\[127.0.1.3\]:2222 ssh-ed25519 ' &&
	ssh-keygen -F '[127.0.1.3]:2222' -f "$big" >/dev/null; then
	fa_ok "--accept-new appends the missing key once, in a line OpenSSH reads"
else
	fa_fail "--accept-new appends the missing key once, in a line OpenSSH reads ($n)" "$FA_TMP/err"
fi
collect -i "$FA_TMP/three.yaml" --known-hosts "$big"
fa_expect_rc "the appended key is trusted on the next run" 0

# --known-hosts wins over a UserKnownHostsFile of the ssh configuration, as the command line
# wins over configuration everywhere else
{ cat "$EMU/ssh_config"; printf 'Host *\n    UserKnownHostsFile %s\n' "$FA_TMP/empty_known_hosts"; } \
	>"$FA_TMP/ssh_config_ukh"
emu_fa collect --progress never -i "$FA_TMP/three.yaml" --ssh-config "$FA_TMP/ssh_config_ukh" \
	--known-hosts "$big" -o "$FA_TMP/snap5.json"
fa_expect_rc "--known-hosts is used even when the ssh configuration names another file" 0

fa_done
