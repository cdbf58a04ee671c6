# SPDX-License-Identifier: MIT
# A live simulated InfiniBand subnet for the integration tests: ibsim simulates the switches,
# HCAs and links; a real OpenSM is its subnet manager; the infiniband-diags tools talk to it
# through libumad2sim.so (LD_PRELOAD), exactly as on an SM host of a real fabric.
#
# Source after lib.sh.  Everything lives in a private folder under $FA_TMP; the simulator's
# sockets are abstract Unix sockets named after this test's PID (IBSIM_SOCKNAME), so tests
# run side by side; every process started is stopped by PID on exit.  The script is skipped
# (exit 77) only when the Debian packages are missing (scripts/install-deps --test).
#
#   fa_ib_require                    skip unless ibsim, OpenSM and infiniband-diags are here
#   fa_ib_start NET PARTITIONS       start ibsim on the topology NET, then OpenSM with the
#                                    partitions file, and wait until the subnet is up
#                                    (FA_IB_WAIT seconds, default 60; FA_IB_SIM_ARGS: more
#                                    ibsim options, e.g. "-N 4096" for a large fabric;
#                                    FA_IB_SM_PRIORITY: the SM's priority, default 0)
#   fa_ib_run CMD ARGS...            run a libibumad program against the subnet (bounded)
#   fa_ib_opensm NAME PRIORITY [SIM_HOST]  start another OpenSM (a standby or a rival)
#   fa_ib_stop                       stop everything started (also done on exit)
#   fa_ib_wait_sms PATTERN           wait until the SA lists the SMs as PATTERN says
#   fa_ib_console FILE               send ibsim console commands (gen-ib-fabric.py's
#                                    console.txt: faults a topology file cannot hold)
#   fa_ib_wait_links PATTERN         wait until iblinkinfo -l prints a line matching PATTERN
#   fa_ib_only DESC REPORT RULE FIELD SUBJECT PASSES
#                                    REPORT's one finding is RULE on SUBJECT (the subject's
#                                    FIELD: port, item), and RULE passed PASSES subjects
# A sanitizer build of fabric-audit runs with libumad2sim.so preloaded ahead of the ASan
# runtime, which ASan refuses by default; the preloaded library is not ours to check: its
# read() copies a whole MAD buffer out of a shorter one of its own (ibsim 0.10), which ASan
# reports in the memcpy it calls when the in-process discovery runs in a sanitizer build.
FA_IB_ASAN_SUPP=$(mktemp "${TMPDIR:-/tmp}/fa-ib-asan.XXXXXX")
echo 'interceptor_via_lib:libumad2sim.so' >"$FA_IB_ASAN_SUPP"
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0:suppressions=$FA_IB_ASAN_SUPP"
export ASAN_OPTIONS
# libibnetdisc 44 leaves some of its own SMP records behind after ibnd_destroy_fabric() (64
# bytes each, about one per node; allocated and lost inside the library).
FA_IB_LSAN_SUPP=$(mktemp "${TMPDIR:-/tmp}/fa-ib-lsan.XXXXXX")
echo 'leak:libibnetdisc.so' >"$FA_IB_LSAN_SUPP"
LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}suppressions=$FA_IB_LSAN_SUPP"
export LSAN_OPTIONS

FA_IB_SIM_SO=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so
FA_IB_DIR=$FA_TMP/ib
FA_IB_SOCK=fa-ib-$$
: "${FA_IB_WAIT:=60}"	# seconds allowed for the simulator, then the subnet, to come up
fa_ib_pids=""

fa_ib_require() {
	for t in ibsim opensm ibnetdiscover iblinkinfo sminfo smpquery saquery python3; do
		command -v "$t" >/dev/null 2>&1 ||
			fa_skip "$t is not installed (Debian: ibsim-utils opensm infiniband-diags; scripts/install-deps --test)"
	done
	[ -r "$FA_IB_SIM_SO" ] || fa_skip "$FA_IB_SIM_SO is missing (Debian: ibsim-utils)"
}

# Stop what we started, newest first: OpenSMs before the simulator.  TERM, then KILL after 5 s.
fa_ib_stop() {
	for pid in $fa_ib_pids; do
		kill "$pid" 2>/dev/null
	done
	for pid in $fa_ib_pids; do
		fa_ib_i=0
		while kill -0 "$pid" 2>/dev/null && [ $fa_ib_i -lt 50 ]; do
			sleep 0.1
			fa_ib_i=$((fa_ib_i + 1))
		done
		kill -9 "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
	done
	fa_ib_pids=""
	exec 8>&- 2>/dev/null
}

trap 'fa_ib_stop; rm -rf "$FA_TMP" "$FA_IB_ASAN_SUPP" "$FA_IB_LSAN_SUPP"' EXIT
trap 'exit 143' TERM INT

# fa_ib_run CMD ARGS...: run CMD on the simulated subnet, in the private folder, for at
# most 60 s.  stdout and stderr are the caller's.
fa_ib_run() {
	(cd "$FA_IB_DIR" && IBSIM_SOCKNAME=$FA_IB_SOCK LD_PRELOAD=$FA_IB_SIM_SO \
		timeout 60 "$@")
}

# fa_ib_audit NAME [ETC_OPENSM]: 'fabric-audit run' on one local ib-fabric device, on the
# simulated subnet, for at most 120 s: inventory $FA_TMP/inv.yaml, captures in
# $FA_TMP/caps-NAME, report $FA_TMP/NAME.json, text in $FA_TMP/out and err, exit status in
# fa_rc.  With ETC_OPENSM, that folder is what the collector sees as /etc/opensm (a bind
# mount in a mount namespace of its own), as on an SM host.
# FA_IB_RUN_ARGS adds options to the run (e.g. --sample 1 to read the port counters twice).
fa_ib_audit() {
	printf 'devices:\n  - name: ib-fabric\n    platform: ib-fabric\n    transport: local\n' \
		>"$FA_TMP/inv.yaml"
	fa_rc=0
	if [ -n "${2:-}" ]; then
		(cd "$FA_TMP" && IBSIM_SOCKNAME=$FA_IB_SOCK LD_PRELOAD=$FA_IB_SIM_SO timeout 120 \
			unshare --mount sh -c 'mount --bind "$1" /etc/opensm && shift && exec "$@"' \
			sh "$2" "$FA" run -i inv.yaml --save-captures "caps-$1" --json "$1.json" \
			${FA_IB_RUN_ARGS:-} >out 2>err) || fa_rc=$?
	else
		(cd "$FA_TMP" && IBSIM_SOCKNAME=$FA_IB_SOCK LD_PRELOAD=$FA_IB_SIM_SO timeout 120 \
			"$FA" run -i inv.yaml --save-captures "caps-$1" --json "$1.json" \
			${FA_IB_RUN_ARGS:-} >out 2>err) || fa_rc=$?
	fi
}

# fa_ib_opensm NAME PRIORITY [SIM_HOST [CONF]]: an OpenSM with its own cache, log and dump
# folder ($FA_IB_DIR/NAME) and a configuration of its own, the line CONF or empty (the host's
# /etc/opensm is not read), attached to the node SIM_HOST (default: the first port of the
# topology).  CONF 'sm_key 0x2' makes an SM that ignores the others (a rival master).
fa_ib_opensm() {
	fa_ib_d=$FA_IB_DIR/$1
	mkdir -p "$fa_ib_d"
	if [ -n "${4:-}" ]; then printf '%s\n' "$4"; fi >"$fa_ib_d/opensm.conf"
	(cd "$fa_ib_d" && exec env IBSIM_SOCKNAME=$FA_IB_SOCK LD_PRELOAD=$FA_IB_SIM_SO \
		OSM_CACHE_DIR="$fa_ib_d" OSM_TMP_DIR="$fa_ib_d" ${3:+SIM_HOST="$3"} \
		opensm -F "$fa_ib_d/opensm.conf" -f "$fa_ib_d/opensm.log" -p "$2" \
		-P "$FA_IB_DIR/partitions.conf" </dev/null >"$fa_ib_d/stdout" 2>&1) &
	fa_ib_pids="$! $fa_ib_pids"
}

# fa_ib_up EXPECTED: the master SM answers and EXPECTED ports are Active/LinkUp.
fa_ib_up() {
	fa_ib_run sminfo 2>/dev/null | grep -q SMINFO_MASTER || return 1
	fa_ib_n=$(fa_ib_run iblinkinfo -l 2>/dev/null | grep -c "Active/  LinkUp")
	[ "$fa_ib_n" -eq "$1" ]
}

fa_ib_start() {
	mkdir -p "$FA_IB_DIR"
	cp "$1" "$FA_IB_DIR/net"
	cp "$2" "$FA_IB_DIR/partitions.conf"
	rm -rf "$FA_IB_DIR/console" "$FA_IB_DIR"/osm*
	mkfifo "$FA_IB_DIR/console"
	# Opened read-write, the FIFO never blocks and never reaches EOF while we hold it.
	exec 8<>"$FA_IB_DIR/console"
	# shellcheck disable=SC2086 # FA_IB_SIM_ARGS: extra ibsim options, split on blanks
	(cd "$FA_IB_DIR" && exec env IBSIM_SOCKNAME=$FA_IB_SOCK ibsim ${FA_IB_SIM_ARGS:-} -s net \
		<"$FA_IB_DIR/console" >"$FA_IB_DIR/ibsim.log" 2>&1) &
	fa_ib_pids="$! $fa_ib_pids"
	fa_ib_i=0
	until grep -q "@$FA_IB_SOCK:ctl" /proc/net/unix 2>/dev/null; do
		[ $fa_ib_i -lt $((FA_IB_WAIT * 10)) ] || fa_ib_fatal "ibsim did not start in $FA_IB_WAIT s"
		sleep 0.1
		fa_ib_i=$((fa_ib_i + 1))
	done
	fa_ib_opensm osm "${FA_IB_SM_PRIORITY:-0}"
	# Every connected port is listed on both of its nodes: one line each in the topology.
	fa_ib_expect_active=$(grep -Ec '^\[[0-9]+\][[:space:]]*"' "$FA_IB_DIR/net")
	fa_ib_i=0
	until fa_ib_up "$fa_ib_expect_active"; do
		[ $fa_ib_i -lt $((FA_IB_WAIT * 2)) ] || fa_ib_fatal "the subnet was not up after $FA_IB_WAIT s"
		sleep 0.5
		fa_ib_i=$((fa_ib_i + 1))
	done
}

# fa_ib_wait_sms PATTERN: the master's SA lists the SMs as PATTERN says, within 60 s.
# PATTERN is an extended regex over "GUID STATE PRIORITY" lines (saquery SMIR), one per SM,
# joined by blanks: 'd00011 3 0 .*d00021 2 0' waits for a master and a standby at priority 0.
fa_ib_wait_sms() {
	fa_ib_i=0
	until fa_ib_run saquery SMIR 2>/dev/null | awk -F'[.]+' '
		/GUID/ { g = $2 } /Priority/ { p = $2 } /SMState/ { printf "%s %s %s ", g, $2, p }' |
		grep -Eq -- "$1"; do
		[ $fa_ib_i -lt 120 ] || return 1
		sleep 0.5
		fa_ib_i=$((fa_ib_i + 1))
	done
}

# fa_ib_wait_master NAME: the OpenSM NAME (fa_ib_opensm) says it entered the MASTER state,
# within 60 s (an SM with another SM_Key does, beside the first master).
fa_ib_wait_master() {
	fa_ib_i=0
	until grep -q "Entering MASTER state" "$FA_IB_DIR/$1/opensm.log" 2>/dev/null; do
		[ $fa_ib_i -lt 120 ] || return 1
		sleep 0.5
		fa_ib_i=$((fa_ib_i + 1))
	done
}

# fa_ib_bump NODE: the symbol errors of NODE's port 1 keep rising in the background (ibsim's
# PerformanceSet, a new value every 0.25 s, for at most 90 s) until fa_ib_bump_stop.
fa_ib_bump() {
	(
		i=1
		while [ $i -le 360 ]; do
			printf 'PerformanceSet "%s"[1] PortCounters.SymbolErrorCounter=%d\n' "$1" \
				$((i * 3)) >&8
			sleep 0.25
			i=$((i + 1))
		done
	) &
	fa_ib_bump_pid=$!
}

fa_ib_bump_stop() {
	kill "$fa_ib_bump_pid" 2>/dev/null
	wait "$fa_ib_bump_pid" 2>/dev/null
}

# fa_ib_way NAME [ib_discovery]: 'fabric-audit run' on the subnet with that discovery, from
# inventory inv-NAME.yaml: snapshot NAME.snap.json, report NAME.json, captures caps-NAME, text
# in out-NAME and err-NAME (and out, err), exit status in fa_rc.  FA_IB_RUN_ARGS adds options.
fa_ib_way() {
	printf 'devices:\n  - name: ib-fabric\n    platform: ib-fabric\n    transport: local\n' \
		>"$FA_TMP/inv-$1.yaml"
	[ -z "${2:-}" ] || printf '    ib_discovery: %s\n' "$2" >>"$FA_TMP/inv-$1.yaml"
	fa_rc=0
	(cd "$FA_TMP" && IBSIM_SOCKNAME=$FA_IB_SOCK LD_PRELOAD=$FA_IB_SIM_SO timeout 120 \
		"$FA" run -i "inv-$1.yaml" --save-captures "caps-$1" --json "$1.json" \
		-S "$1.snap.json" ${FA_IB_RUN_ARGS:-} >"out-$1" 2>"err-$1") || fa_rc=$?
	cp "$FA_TMP/out-$1" "$FA_TMP/out"
	cp "$FA_TMP/err-$1" "$FA_TMP/err"
}

# fa_ib_console FILE: each line of FILE to the simulator's console, in order.
fa_ib_console() {
	while IFS= read -r fa_ib_line; do
		printf '%s\n' "$fa_ib_line" >&8
	done <"$1"
}

# fa_ib_wait_links PATTERN: iblinkinfo -l prints a line matching the extended regex PATTERN
# within 60 s (a console change is seen by the next discovery).
fa_ib_wait_links() {
	fa_ib_i=0
	until fa_ib_run iblinkinfo -l 2>/dev/null | grep -Eq -- "$1"; do
		[ $fa_ib_i -lt 120 ] || return 1
		sleep 0.5
		fa_ib_i=$((fa_ib_i + 1))
	done
}

fa_ib_only() {
	if python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
rule, field, subject, passes = sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
got = [(f["rule"], f["subject"].get(field)) for f in r["findings"]]
c = {x["id"]: x["counts"] for x in r["rules"]}[rule]
if got != [(rule, subject)] or c["pass"] != passes:
    print("findings", got, "counts", c)
    sys.exit(1)
' "$2" "$3" "$4" "$5" "$6" >"$FA_TMP/only.out" 2>&1; then
		fa_ok "$1"
	else
		fa_fail "$1" "$FA_TMP/only.out"
	fi
}

# A simulator that does not come up is a failure of the test, not a skip: the packages are
# there.  Show its logs.
fa_ib_fatal() {
	fa_fail "$1" "$FA_IB_DIR/ibsim.log" "$FA_IB_DIR/osm/stdout" "$FA_IB_DIR/osm/opensm.log"
	fa_done
	exit 1
}
