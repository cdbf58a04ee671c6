#!/bin/sh
# SPDX-License-Identifier: MIT
# collect --sample through the real collection path: a generated pod (hosts and switches)
# behind real sshd servers, whose counter commands print something else when asked a second
# time.  Two readings 2 s apart give every port its health, the health rules fire on exactly
# the seeded ports, the saved captures replay to the same rates, and the configuration
# commands are sent once.
. "$(dirname "$0")/lib.sh"
. "$FA_SRCDIR/tests/emulator/emu-test.sh"

emu_require
GEN=$FA_BUILDDIR/bench/gen-fabric
[ -x "$GEN" ] || fa_skip "bench/gen-fabric is not built"
# the seeded health faults: a pause storm, a flapping link, CRC errors rising on a host
# port, receive errors rising on a leaf's uplink, a dark lane
"$GEN" -o "$FA_TMP/pod" --sample 2 --fault pause:gpu02/ens2f0np0=3 \
	--fault flap:gpu03/ens1f0np0=3 --fault crc:gpu04/ens1f0np0=5000 \
	--fault crc:leaf01/swp33=12 --fault rxpower:gpu01/ens2f0np0=-14 >/dev/null ||
	fa_fail "the pod is generated"

EMU=$FA_TMP/emu
chmod 755 "$FA_TMP"
trap 'sh "$EMU_SH" stop "$EMU" >/dev/null 2>&1; rm -rf "$FA_TMP"' EXIT
sh "$EMU_SH" from "$EMU" "$FA_TMP/pod/captures" || fa_skip "cannot write the emulated pod"
sh "$EMU_SH" start "$EMU" >"$FA_TMP/emu-start.err" 2>&1 || {
	cat "$FA_TMP/emu-start.err"
	fa_skip "cannot start the emulated devices (see above)"
}
ndev=$(wc -l <"$EMU/map.tsv")

start=$(date +%s)
emu_collect -t 20 --sample 2
took=$(($(date +%s) - start))
fa_expect_rc "the pod is collected with --sample 2 (exit 0)" 0
fa_expect_grep "every device is collected" "collected $ndev of $ndev devices" "$FA_TMP/err"
# the bound only catches a hang: a loaded machine (sanitizer builds, tests in parallel) takes
# several times the 8 s an idle one does
if [ "$took" -ge 2 ] && [ "$took" -le 180 ]; then
	fa_ok "the collection waited for the second reading ($took s)"
else
	fa_fail "the collection waited for the second reading ($took s)"
fi

# the counter commands twice (the hosts' and the switches' interface table, which carries
# counters too), every other command once
cut -f2,3 "$EMU/commands.log" | sort | uniq -c | awk '$1 > 2' >"$FA_TMP/thrice"
if [ ! -s "$FA_TMP/thrice" ]; then
	fa_ok "no command is sent more than twice to a device"
else
	fa_fail "no command is sent more than twice to a device" "$FA_TMP/thrice"
fi
cut -f2,3 "$EMU/commands.log" | sort | uniq -d | cut -f2 | sort -u >"$FA_TMP/twice"
if grep -q '^ethtool -S ' "$FA_TMP/twice" && ! grep -Ev '^(ethtool -S|ethtool -m|mlxlink -d|nv show interface -o json|grep -H \. /sys/class/net/\*/carrier_changes)' \
	"$FA_TMP/twice" | grep -q .; then
	fa_ok "the counter commands, and only they, are sent twice"
else
	fa_fail "the counter commands, and only they, are sent twice" "$FA_TMP/twice"
fi

# health on every RDMA port of the hosts, from two readings at least 2 s apart (more when
# every worker was busy collecting other devices when the second reading fell due) and never
# longer apart than the whole collection
"$FA" show ports -s "$EMU/snapshot.json" --format json --where 'exists(port.nic.device)' \
	--columns 'device.name,port.name,port.health.baseline,port.health.interval_s' \
	>"$FA_TMP/health.json" 2>"$FA_TMP/err" || true
if python3 - "$FA_TMP/health.json" "$took" >"$FA_TMP/health.check" 2>&1 <<'PY'
import json, sys
rows = json.load(open(sys.argv[1]))
assert len(rows) == 8, rows
for r in rows:
    assert r["port.health.baseline"] == "sample", r
    assert 1.9 < r["port.health.interval_s"] <= int(sys.argv[2]) + 1, r
PY
then
	fa_ok "every host RDMA port has health from two readings 2 s or more apart"
else
	fa_fail "every host RDMA port has health from two readings 2 s or more apart" \
		"$FA_TMP/health.check" "$FA_TMP/err"
fi

# the health rules fire on exactly the seeded ports
emu_fa audit -s "$EMU/snapshot.json" --select health --format json -o "$FA_TMP/report.json"
python3 - "$FA_TMP/report.json" >"$FA_TMP/findings" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
for f in r["findings"]:
    s = f["subject"]
    print("%s:%s %s" % (s.get("device", "?"), s.get("port", "?"), f["rule"]))
PY
cut -d' ' -f1 "$FA_TMP/findings" | sort -u >"$FA_TMP/ports"
printf '%s\n' gpu01:ens2f0np0 gpu02:ens2f0np0 gpu03:ens1f0np0 gpu04:ens1f0np0 \
	leaf01:swp33 >"$FA_TMP/want"
if diff -u "$FA_TMP/want" "$FA_TMP/ports" >"$FA_TMP/ports.diff"; then
	fa_ok "health findings on exactly the five seeded ports"
else
	fa_fail "health findings on exactly the five seeded ports" "$FA_TMP/ports.diff" "$FA_TMP/findings"
fi
fa_expect_grep "the pause storm is found" "^gpu02:ens2f0np0 .*pause" "$FA_TMP/findings"
fa_expect_grep "the flapping link is found" "^gpu03:ens1f0np0 .*(flap|carrier|link)" "$FA_TMP/findings"
fa_expect_grep "the CRC errors are found" "^gpu04:ens1f0np0 .*(crc|error|symbol)" "$FA_TMP/findings"
fa_expect_grep "the errors on the uplink are found" "^leaf01:swp33 health.rx_errors" "$FA_TMP/findings"
fa_expect_grep "the dark lane is found" "^gpu01:ens2f0np0 .*(rx_power|optic|power)" "$FA_TMP/findings"

# the saved captures replay to the same health, without waiting
fa_run collect -i "$FA_TMP/pod/inventory.yaml" --replay "$EMU/out" -o "$FA_TMP/replay.json"
fa_expect_rc "the saved captures of both readings replay (exit 0)" 0
fa_run audit -s "$FA_TMP/replay.json" --select health --format json -o "$FA_TMP/replay-report.json"
python3 - "$FA_TMP/report.json" "$FA_TMP/replay-report.json" >"$FA_TMP/same" 2>&1 <<'PY' && fa_ok "the replay gives the same health findings" || fa_fail "the replay gives the same health findings" "$FA_TMP/same"
import json, sys
a, b = (json.load(open(p))["findings"] for p in sys.argv[1:3])
key = lambda f: (f["rule"], f["subject_text"], f.get("actual"))
assert sorted(map(key, a)) == sorted(map(key, b)), (sorted(map(key, a)), sorted(map(key, b)))
PY

fa_done
