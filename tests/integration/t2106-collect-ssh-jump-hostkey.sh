#!/bin/sh
# SPDX-License-Identifier: MIT
# A ProxyJump bastion whose host key is unknown or has changed is refused, and the device
# behind it gets the status its own key would get (hostkey-unknown, hostkey-changed) with a
# message naming the jump host, not "unreachable: Connection reset by peer".
. "$(dirname "$0")/lib.sh"
. "$FA_SRCDIR/tests/emulator/emu-test.sh"

emu_setup 1
printf '127.0.9.9\tsw0000\t-\n' >>"$EMU/map.tsv"
cat >"$FA_TMP/ssh_config" <<EOT
Host 127.0.0.1
    User faemu
    Port 2224
    IdentityFile $EMU/client_key
Host 127.0.9.*
    User faemu
    Port 2222
    IdentityFile $EMU/client_key
    ProxyJump 127.0.0.1
EOT
cat >"$FA_TMP/jump.yaml" <<EOT
defaults: { platform: cumulus }
devices:
  - { name: jumped, address: 127.0.9.9 }
EOT
keya=$(cut -d' ' -f1,2 "$EMU/host_a.pub")
keyb=$(cut -d' ' -f1,2 "$EMU/host_b.pub")
status_of() {
	python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))["devices"][0]; print(d["status"])' \
		"$FA_TMP/snap.json" 2>/dev/null
}
jump() {
	emu_fa collect -i "$FA_TMP/jump.yaml" --progress never --ssh-config "$FA_TMP/ssh_config" \
		--known-hosts "$1" -o "$FA_TMP/snap.json"
}

# the device's key is known, the jump host's is not
echo "[127.0.9.9]:2222 $keya" >"$FA_TMP/kh-unknown"
cp "$FA_TMP/kh-unknown" "$FA_TMP/kh-unknown.before"
jump "$FA_TMP/kh-unknown"
fa_expect_rc "nothing is collected (exit 69)" 69
fa_expect_grep "the device is hostkey-unknown, naming the jump host and known_hosts" \
	'jumped: hostkey-unknown: host key of the jump host \(ProxyJump\) for faemu@127.0.9.9:2222 is not in .*kh-unknown.*\(ssh: .*127.0.0.1.*2224' \
	"$FA_TMP/err"
fa_expect_no_grep "not 'Connection reset by peer'" 'Connection reset|unreachable' "$FA_TMP/err"
if cmp -s "$FA_TMP/kh-unknown" "$FA_TMP/kh-unknown.before"; then
	fa_ok "without --accept-new the jump host key is not recorded"
else
	fa_fail "without --accept-new the jump host key is not recorded" "$FA_TMP/kh-unknown"
fi

# the jump host's recorded key is another one
printf '%s\n' "[127.0.9.9]:2222 $keya" "[127.0.0.1]:2224 $keyb" >"$FA_TMP/kh-changed"
jump "$FA_TMP/kh-changed"
fa_expect_rc "nothing is collected (exit 69)" 69
fa_expect_grep "the device is hostkey-changed, warning about the jump host's key" \
	'jumped: hostkey-changed: WARNING: HOST KEY OF THE JUMP HOST \(ProxyJump\) for faemu@127.0.9.9:2222 HAS CHANGED' \
	"$FA_TMP/err"

# both keys right: collected (the jump log does not change a good run)
printf '%s\n' "[127.0.9.9]:2222 $keya" "[127.0.0.1]:2224 $keya" >"$FA_TMP/kh-good"
jump "$FA_TMP/kh-good"
fa_expect_rc "with both keys known the device is collected" 0
[ "$(status_of)" = ok ] && fa_ok "its status is ok" || fa_fail "its status is ok" "$FA_TMP/err"
if ls "${TMPDIR:-/tmp}"/fabric-audit-jump.* >/dev/null 2>&1 &&
	[ -n "$(find "${TMPDIR:-/tmp}" -maxdepth 1 -name 'fabric-audit-jump.*' -newer "$FA_TMP/kh-good")" ]; then
	fa_fail "the jump host's stderr file is removed after the run"
else
	fa_ok "the jump host's stderr file is removed after the run"
fi

fa_done
