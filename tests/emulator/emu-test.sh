# SPDX-License-Identifier: MIT
# For the SSH collection tests (tests/integration/t21xx-collect-ssh-*.sh), sourced after lib.sh:
# a fabric of emulated devices behind real sshd servers in a private network namespace
# (tests/emulator/emu.sh), started once per script and always stopped on exit.
#
#   emu_setup N [FAULT-SPEC...]   fabric of N devices, servers started; $EMU is its folder
#   emu_fa ARGS...                fabric-audit inside the namespace (as fa_run: $fa_rc, out, err)
#   emu_collect ARGS...           emu_fa collect with the emulator's inventory, ssh config and
#                                 known_hosts, captures saved in $EMU/out (emptied first)
#   emu_statuses DIR              "device status" lines from DIR/*/meta.json, sorted
#   emu_expected                  the same lines as the faults of the map say they must be

EMU_SH=$FA_SRCDIR/tests/emulator/emu.sh
: "${FA_BUILDDIR:=$FA_SRCDIR}"
export FA_SRCDIR FA_BUILDDIR

emu_require() {
	[ "$(id -u)" = 0 ] || fa_skip "needs root (network namespace for the emulated devices)"
	[ -x /usr/sbin/sshd ] || fa_skip "needs OpenSSH sshd (apt-get install openssh-server)"
	command -v ip >/dev/null 2>&1 || fa_skip "needs ip (iproute2)"
	command -v openssl >/dev/null 2>&1 || fa_skip "needs openssl (password hash)"
	[ -x "$FA_BUILDDIR/tests/emulator/fa-emulator" ] || fa_skip "fa-emulator is not built"
	"$FA" collect --help 2>&1 | grep -q -- --known-hosts || fa_skip "built without SSH"
}

emu_setup() {
	emu_require
	EMU=$FA_TMP/emu
	# sshd reads the keys, and the emulator the captures, as the login user
	chmod 755 "$FA_TMP"
	trap 'sh "$EMU_SH" stop "$EMU" >/dev/null 2>&1; rm -rf "$FA_TMP"' EXIT
	sh "$EMU_SH" fabric "$EMU" "$@" || fa_skip "cannot write the emulated fabric"
	sh "$EMU_SH" start "$EMU" >"$FA_TMP/emu-start.err" 2>&1 || {
		cat "$FA_TMP/emu-start.err"
		fa_skip "cannot start the emulated devices (see above)"
	}
}

emu_fa() {
	fa_rc=0
	timeout 300 sh "$EMU_SH" run "$EMU" "$FA" "$@" >"$FA_TMP/out" 2>"$FA_TMP/err" </dev/null ||
		fa_rc=$?
}

emu_collect() {
	rm -rf "$EMU/out"
	emu_fa collect -i "$EMU/inventory.yaml" --progress never --ssh-config "$EMU/ssh_config" \
		--known-hosts "$EMU/known_hosts" --save-captures "$EMU/out" -o "$EMU/snapshot.json" "$@"
}

emu_statuses() {
	awk '/^  "status": / { d = FILENAME; sub(/\/meta\.json$/, "", d); sub(/.*\//, "", d)
			    s = $2; gsub(/[",]/, "", s); print d, s }' "$1"/*/meta.json | sort
}

emu_expected() {
	awk -F '\t' '{
		s = "ok"
		if ($3 == "refuse" || $3 == "cut") s = "unreachable"
		else if ($3 == "hostkey") s = "hostkey-changed"
		else if ($3 == "badauth") s = "auth-failed"
		else if ($3 ~ /^hang/ || $3 ~ /^stall-/) s = "timeout"
		else if ($3 == "garbage") s = "parse-error"
		else if ($3 == "exit1") s = "command-failed"
		print $2, s }' "$EMU/map.tsv" | sort
}
