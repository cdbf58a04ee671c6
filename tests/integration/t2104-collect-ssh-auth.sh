#!/bin/sh
# SPDX-License-Identifier: MIT
# SSH authentication and client configuration: a password only from the variable named by
# password_env (and never in any output), User/Port/IdentityFile from --ssh-config, and
# ProxyJump through a second sshd.
. "$(dirname "$0")/lib.sh"
. "$FA_SRCDIR/tests/emulator/emu-test.sh"

emu_setup 3
password=$(cat "$EMU/password")
cat >"$FA_TMP/pw.yaml" <<EOT
defaults: { platform: cumulus, user: faemu, port: 2222, password_env: FA_EMU_PASSWORD }
devices:
  - { name: sw0000, address: 127.0.1.1 }
  - { name: sw0001, address: 127.0.1.2 }
EOT
collect() {
	rm -rf "$FA_TMP/c"
	emu_fa collect --progress never --known-hosts "$EMU/known_hosts" \
		--save-captures "$FA_TMP/c" -o "$FA_TMP/snap.json" "$@"
}
# every file a run leaves: captures, meta.json, snapshot, stdout, stderr
no_secret() {
	if grep -r -F -l -e "$2" "$FA_TMP/c" "$FA_TMP/snap.json" "$FA_TMP/out" "$FA_TMP/err" \
		"$EMU/commands.log" >"$FA_TMP/leaks" 2>/dev/null; then
		fa_fail "$1" "$FA_TMP/leaks"
	else
		fa_ok "$1"
	fi
}

export FA_EMU_PASSWORD="$password"
collect -i "$FA_TMP/pw.yaml" --ssh-config "$EMU/ssh_config"
fa_expect_rc "a password from password_env logs in" 0
fa_expect_grep "both password devices are collected" "collected 2 of 2 devices" "$FA_TMP/err"
no_secret "the password is in no capture, meta.json, snapshot or message" "$password"

export FA_EMU_PASSWORD="wrong-$password"
collect -i "$FA_TMP/pw.yaml" --ssh-config "$EMU/ssh_config"
fa_expect_rc "a wrong password collects nothing (exit 69)" 69
fa_expect_grep "a wrong password is auth-failed, naming the variable" \
	'sw0000: auth-failed: .*authentication refused \(tried: default keys, password from \$FA_EMU_PASSWORD\)' \
	"$FA_TMP/err"
no_secret "a wrong password appears nowhere either" "wrong-$password"

unset FA_EMU_PASSWORD
collect -i "$FA_TMP/pw.yaml" --ssh-config "$EMU/ssh_config"
fa_expect_grep "an unset password variable is said to be unset" \
	"sw0001: auth-failed: .*password_env names FA_EMU_PASSWORD, which is not set" "$FA_TMP/err"

# User, Port and IdentityFile from the ssh configuration; the inventory names only addresses
cat >"$FA_TMP/ssh_config" <<EOT
Host 127.0.1.*
    User faemu
    Port 2222
    IdentityFile $EMU/client_key
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
cat >"$FA_TMP/cfg.yaml" <<EOT
defaults: { platform: cumulus }
devices:
  - { name: sw0002, address: 127.0.1.3 }
EOT
collect -i "$FA_TMP/cfg.yaml" --ssh-config "$FA_TMP/ssh_config"
fa_expect_rc "User, Port and IdentityFile come from --ssh-config" 0

emu_fa collect -i "$FA_TMP/cfg.yaml" --ssh-config "$FA_TMP/no-such-config" -o "$FA_TMP/x.json"
fa_expect_rc "an --ssh-config file that cannot be read is a usage error" 64

# ProxyJump: the device at 127.0.9.9 is reached through the jump host on port 2224
printf '127.0.9.9\tsw0002\t-\n' >>"$EMU/map.tsv"
echo "[127.0.9.9]:2222 $(cut -d' ' -f1,2 "$EMU/host_a.pub")" >>"$EMU/known_hosts"
cat >"$FA_TMP/jump.yaml" <<EOT
defaults: { platform: cumulus }
devices:
  - { name: jumped, address: 127.0.9.9 }
EOT
: >"$EMU/commands.log"
collect -i "$FA_TMP/jump.yaml" --ssh-config "$FA_TMP/ssh_config"
fa_expect_rc "a device behind ProxyJump is collected" 0
fa_expect_grep "the jump host forwarded the connection to the device" \
	"server_request_direct_tcpip: originator .*, target 127.0.9.9 port 2222" "$EMU/jump.log"
fa_expect_grep "the device behind the jump host answered the commands" \
	"^127.0.9.9	sw0002	nv show system -o json$" "$EMU/commands.log"

fa_done
