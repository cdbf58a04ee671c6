#!/bin/sh
# SPDX-License-Identifier: MIT
# Device emulator around real OpenSSH sshd servers, in a private network namespace holding only
# lo (docs/ssh.md, "The device emulator").  Needs root (ip netns, mount), openssh-server and
# the fa-emulator program.
#
#   emu.sh fabric DIR N [FAULT-SPEC...]   write DIR/map.tsv and DIR/captures/ for N devices
#   emu.sh from DIR CAPTURES              the same for every device of a capture folder (as
#                                         bench/gen-fabric writes it: leaf* and spine* are
#                                         cumulus, the others linux)
#   emu.sh start DIR                      keys, configs, the sshd servers; DIR/env for clients
#   emu.sh run DIR CMD [ARG...]           run CMD inside the namespace, as a clean client
#   emu.sh stop DIR                       stop everything started, delete the namespace
#
# Device N (0-based) is "swNNNN" at 127.0.(1+N/250).(1+N%250), platform cumulus, with the
# captures of tests/fixtures/cumulus/leaf01 (its hostname replaced by the device's name, so no
# two devices answer the same bytes).  FAULT-SPEC is KIND:FIRST-LAST (device numbers), e.g.
# hang:10-14; KIND is an fa-emulator fault (hang, stall-WORD, slow, garbage, exit1, cut) or one set up
# here: refuse (port with no listener), hostkey (a second sshd with another host key),
# badauth (a key that is not authorized).  DIR/inventory.yaml lists every device with the
# port and key its fault needs.
#
# Servers, all on 0.0.0.0 inside the namespace (so every 127/8 address reaches them):
#   2222  the devices (host key A)       2223  the same, host key B (a "changed" key)
#   2224  a jump host for ProxyJump      2299  nothing: connections are refused
# The login user "faemu" exists only in the servers' private mount namespace (a copy of
# /etc/passwd and a one-line shadow bound over the real files there); its password is in
# DIR/password.  Every process is stopped by the PID it recorded or by the namespace's own
# PID list; every wait is bounded.  DIR and the folders above it must be readable by every
# user: sshd reads the keys, and the emulator the captures, as the login user.
set -eu

: "${FA_SRCDIR:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${FA_BUILDDIR:=$FA_SRCDIR}"
: "${FA_EMULATOR:=$FA_BUILDDIR/tests/emulator/fa-emulator}"
SSHD=${SSHD:-/usr/sbin/sshd}
EMU_UID=60123

die() {
	echo "emu.sh: $*" >&2
	exit 1
}

emu_addr() {
	echo "127.0.$((1 + $1 / 250)).$((1 + $1 % 250))"
}

# fault_of N SPEC...: the fault kind of device N, "-" when none.
fault_of() {
	n=$1
	shift
	for spec in "$@"; do
		kind=${spec%%:*}
		range=${spec#*:}
		first=${range%-*}
		last=${range#*-}
		if [ "$n" -ge "$first" ] && [ "$n" -le "$last" ]; then
			echo "$kind"
			return
		fi
	done
	echo -
}

cmd_fabric() {
	mkdir -p "$1/captures"
	dir=$(cd "$1" && pwd)
	count=$2
	shift 2
	src=$FA_SRCDIR/tests/fixtures/cumulus/leaf01
	[ -d "$src" ] || die "no captures in $src"
	: >"$dir/map.tsv"
	{
		echo "# written by tests/emulator/emu.sh: $count emulated cumulus switches"
		echo "defaults:"
		echo "  platform: cumulus"
		echo "  user: faemu"
		echo "  port: 2222"
		echo "  identity_file: $dir/client_key"
		echo "devices:"
	} >"$dir/inventory.yaml"
	i=0
	while [ "$i" -lt "$count" ]; do
		name=$(printf 'sw%04d' "$i")
		addr=$(emu_addr "$i")
		fault=$(fault_of "$i" "$@")
		mkdir -p "$dir/captures/$name"
		# one process for the files every device shares, one for the one it does not
		cp "$src"/nv-config-show-o-json.txt "$src"/nv-show-interface-o-json.txt \
			"$src"/nv-show-interface-view-lldp-detail-o-json.txt \
			"$src"/nv-show-qos-roce-o-json.txt "$dir/captures/$name/"
		sed "s/\"hostname\": \"leaf01\"/\"hostname\": \"$name\"/" \
			"$src/nv-show-system-o-json.txt" >"$dir/captures/$name/nv-show-system-o-json.txt"
		printf '%s\t%s\t%s\n' "$addr" "$name" "$fault" >>"$dir/map.tsv"
		printf '  - name: %s\n    address: %s\n' "$name" "$addr" >>"$dir/inventory.yaml"
		case $fault in
		refuse) echo "    port: 2299" >>"$dir/inventory.yaml" ;;
		hostkey) echo "    port: 2223" >>"$dir/inventory.yaml" ;;
		badauth) echo "    identity_file: $dir/bad_key" >>"$dir/inventory.yaml" ;;
		esac
		i=$((i + 1))
	done
}

cmd_from() {
	mkdir -p "$1/captures"
	dir=$(cd "$1" && pwd)
	src=$2
	[ -d "$src" ] || die "no capture folder $src"
	: >"$dir/map.tsv"
	{
		echo "# written by tests/emulator/emu.sh from $src"
		echo "defaults:"
		echo "  user: faemu"
		echo "  port: 2222"
		echo "  identity_file: $dir/client_key"
		echo "devices:"
	} >"$dir/inventory.yaml"
	i=0
	for d in "$src"/*/; do
		name=$(basename "$d")
		addr=$(emu_addr "$i")
		case $name in
		leaf* | spine*) platform=cumulus ;;
		*) platform=linux ;;
		esac
		mkdir -p "$dir/captures/$name"
		cp "$d"*.txt "$dir/captures/$name/"
		printf '%s\t%s\t-\n' "$addr" "$name" >>"$dir/map.tsv"
		printf '  - name: %s\n    address: %s\n    platform: %s\n' "$name" "$addr" "$platform" \
			>>"$dir/inventory.yaml"
		i=$((i + 1))
	done
}

write_sshd_config() {
	# write_sshd_config FILE PORT HOSTKEY EXTRA...
	file=$1
	port=$2
	key=$3
	shift 3
	{
		echo "Port $port"
		echo "ListenAddress 0.0.0.0"
		echo "HostKey $key"
		echo "PidFile $dir/sshd-$port.pid"
		echo "UsePAM no"
		echo "StrictModes no"
		echo "UseDNS no"
		echo "PermitRootLogin no"
		echo "AllowUsers faemu"
		echo "PubkeyAuthentication yes"
		echo "KbdInteractiveAuthentication no"
		echo "MaxStartups 1024:100:1024"
		echo "MaxSessions 32"
		echo "MaxAuthTries 10"
		echo "LoginGraceTime 60"
		echo "X11Forwarding no"
		echo "PrintMotd no"
		echo "PrintLastLog no"
		echo "Subsystem sftp internal-sftp"
		for line in "$@"; do
			echo "$line"
		done
	} >"$file"
}

cmd_start() {
	dir=$(cd "$1" && pwd)
	[ "$(id -u)" = 0 ] || die "needs root (ip netns, mount)"
	[ -x "$SSHD" ] || die "no $SSHD (apt-get install openssh-server)"
	[ -x "$FA_EMULATOR" ] || die "no emulator at $FA_EMULATOR (make check builds it)"
	[ -f "$dir/map.tsv" ] || die "no $dir/map.tsv (emu.sh fabric first)"
	# sshd refuses to start ("daemon() failed: No such device") when it is a plain file
	[ -c /dev/null ] || die "/dev/null is not a character device; something replaced it" \
		"(restore it as root: rm /dev/null && mknod -m 666 /dev/null c 1 3)"
	[ ! -f "$dir/netns" ] || die "already started ($dir/netns)"
	ns="fa-emu-$$-$(od -An -tx1 -N4 /dev/urandom | tr -d ' \n')"
	chmod 755 "$dir"
	mkdir -p "$dir/home" "$dir/client-home" "$dir/etc" /run/sshd
	for k in host_a host_b client_key bad_key; do
		[ -f "$dir/$k" ] || ssh-keygen -q -t ed25519 -N '' -C "fa-emu-$k" -f "$dir/$k"
	done
	od -An -tx1 -N12 /dev/urandom | tr -d ' \n' >"$dir/password"
	chmod 600 "$dir/password"
	printf 'restrict,command="%s %s" %s\n' "$FA_EMULATOR" "$dir" "$(cat "$dir/client_key.pub")" \
		>"$dir/authorized_keys"
	printf 'restrict,port-forwarding,command="/bin/false" %s\n' "$(cat "$dir/client_key.pub")" \
		>"$dir/jump_authorized_keys"
	: >"$dir/commands.log"
	chmod 666 "$dir/commands.log"
	# the emulator, as the login user, marks each command a device was asked (a second
	# asking answers from <slug>.2.txt)
	rm -rf "$dir/asked"
	mkdir -p "$dir/asked"
	chmod 777 "$dir/asked"
	chmod 644 "$dir/map.tsv" "$dir/authorized_keys" "$dir/jump_authorized_keys"
	chmod -R a+rX "$dir/captures"
	cat /etc/passwd >"$dir/etc/passwd"
	echo "faemu:x:$EMU_UID:$EMU_UID:fabric-audit device emulator:$dir/home:/bin/sh" \
		>>"$dir/etc/passwd"
	echo "faemu:$(openssl passwd -6 "$(cat "$dir/password")"):19000:0:99999:7:::" \
		>"$dir/etc/shadow"
	chmod 600 "$dir/etc/shadow"
	force="ForceCommand $FA_EMULATOR $dir"
	write_sshd_config "$dir/sshd-2222.conf" 2222 "$dir/host_a" \
		"AuthorizedKeysFile $dir/authorized_keys" "PasswordAuthentication yes" \
		"AllowTcpForwarding no" "LogLevel ERROR" "$force"
	write_sshd_config "$dir/sshd-2223.conf" 2223 "$dir/host_b" \
		"AuthorizedKeysFile $dir/authorized_keys" "PasswordAuthentication no" \
		"AllowTcpForwarding no" "LogLevel ERROR" "$force"
	write_sshd_config "$dir/sshd-2224.conf" 2224 "$dir/host_a" \
		"AuthorizedKeysFile $dir/jump_authorized_keys" "PasswordAuthentication no" \
		"AllowTcpForwarding yes" "LogLevel DEBUG1"
	# known_hosts: key A for every device on 2222 and 2223 (so 2223 is a changed key) and
	# for the jump host
	keya=$(cut -d' ' -f1,2 "$dir/host_a.pub")
	awk -v k="$keya" '{ print "[" $1 "]:2222 " k; print "[" $1 "]:2223 " k }' "$dir/map.tsv" \
		>"$dir/known_hosts"
	echo "[127.0.0.1]:2224 $keya" >>"$dir/known_hosts"
	cat >"$dir/ssh_config" <<EOF
# client configuration for the emulated devices (fabric-audit --ssh-config)
Host 127.0.0.1
    User faemu
    Port 2224
    IdentityFile $dir/client_key
    IdentitiesOnly yes
Host *
    IdentitiesOnly yes
EOF
	ip netns add "$ns" || die "cannot create network namespace $ns"
	echo "$ns" >"$dir/netns"
	ip -n "$ns" link set lo up
	ip netns exec "$ns" unshare --mount --propagation private sh -c '
		d=$1
		mount --bind "$d/etc/passwd" /etc/passwd &&
		mount --bind "$d/etc/shadow" /etc/shadow || exit 1
		"$2" -f "$d/sshd-2222.conf" -r || exit 1
		"$2" -f "$d/sshd-2223.conf" -r || exit 1
		"$2" -f "$d/sshd-2224.conf" -r -E "$d/jump.log" || exit 1
	' sh "$dir" "$SSHD" || { cmd_stop "$dir"; die "sshd did not start"; }
	# bounded wait for the three pid files
	tries=0
	while [ ! -s "$dir/sshd-2222.pid" ] || [ ! -s "$dir/sshd-2223.pid" ] ||
		[ ! -s "$dir/sshd-2224.pid" ]; do
		tries=$((tries + 1))
		[ "$tries" -le 100 ] || { cmd_stop "$dir"; die "sshd wrote no pid file in 10 s"; }
		sleep 0.1
	done
}

cmd_run() {
	dir=$(cd "$1" && pwd)
	shift
	ns=$(cat "$dir/netns")
	ip netns exec "$ns" env -u SSH_AUTH_SOCK HOME="$dir/client-home" "$@"
}

# kill_pids SIGNAL PID...: signal the PIDs that are still alive.
kill_pids() {
	sig=$1
	shift
	for p in "$@"; do
		kill "-$sig" "$p" 2>/dev/null || true
	done
}

cmd_stop() {
	dir=$(cd "$1" && pwd)
	[ -f "$dir/netns" ] || return 0
	ns=$(cat "$dir/netns")
	for port in 2222 2223 2224; do
		if [ -s "$dir/sshd-$port.pid" ]; then
			kill_pids TERM "$(cat "$dir/sshd-$port.pid")"
			rm -f "$dir/sshd-$port.pid"
		fi
	done
	# whatever still runs in the namespace: logins and emulators of the last clients
	tries=0
	while pids=$(ip netns pids "$ns" 2>/dev/null) && [ -n "$pids" ]; do
		tries=$((tries + 1))
		if [ "$tries" -gt 100 ]; then
			echo "emu.sh: processes left in $ns: $pids" >&2
			break
		elif [ "$tries" -gt 50 ]; then
			# shellcheck disable=SC2086
			kill_pids KILL $pids
		else
			# shellcheck disable=SC2086
			kill_pids TERM $pids
		fi
		sleep 0.1
	done
	ip netns del "$ns" 2>/dev/null || true
	rm -f "$dir/netns"
}

[ $# -ge 2 ] || die "usage: emu.sh fabric|from|start|run|stop DIR ..."
cmd=$1
shift
case $cmd in
fabric) cmd_fabric "$@" ;;
from) cmd_from "$@" ;;
start) cmd_start "$@" ;;
run) cmd_run "$@" ;;
stop) cmd_stop "$@" ;;
*) die "unknown command $cmd" ;;
esac
