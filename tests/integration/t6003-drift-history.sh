#!/bin/sh
# SPDX-License-Identifier: MIT
# "fabric-audit drift --history DIR": the first baseline, a run without drift moving the
# baseline, drift keeping it (and being reported again), --accept, --list, rotation by count
# and age, the lock (a second run exits 75 with a clear message), an incomplete first run.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/drift-lib.sh"

H="$FA_TMP/history"

fa_fw_snapshot pre
# shellcheck disable=SC2046
fa_fw_snapshot post $(fa_fw_update_faults)

# with_created IN OUT TIME: a copy of snapshot IN as if taken at TIME.
with_created() {
	python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
d["created"] = sys.argv[3]
json.dump(d, open(sys.argv[2], "w"))
' "$1" "$2" "$3"
}
with_created "$FA_TMP/pre.json" "$FA_TMP/d1.json" 2026-11-01T02:00:00Z
with_created "$FA_TMP/pre.json" "$FA_TMP/d2.json" 2026-11-02T02:00:00Z
with_created "$FA_TMP/post.json" "$FA_TMP/d3.json" 2026-11-03T02:00:00Z
with_created "$FA_TMP/post.json" "$FA_TMP/d4.json" 2026-11-04T02:00:00Z

baseline() {
	cat "$H/baseline" 2>/dev/null
}

# 1. First run: the snapshot becomes the baseline.
fa_run drift -H "$H" --snapshot "$FA_TMP/d1.json"
fa_expect_rc "the first run records a baseline and exits 0" 0
fa_expect_grep "it says so on stderr" 'no baseline yet: snapshot-20261101T020000Z.json is the baseline now' \
	"$FA_TMP/err"
[ "$(baseline)" = snapshot-20261101T020000Z.json ] && fa_ok "the baseline pointer names it" ||
	fa_fail "the baseline pointer names it"

# 2. Same fabric a day later: no drift, the baseline moves on.
fa_run drift -H "$H" --snapshot "$FA_TMP/d2.json" --prometheus "$FA_TMP/drift.prom"
fa_expect_rc "a run without drift exits 0" 0
[ "$(baseline)" = snapshot-20261102T020000Z.json ] && fa_ok "the baseline moves to it" ||
	fa_fail "the baseline moves to it"
fa_expect_grep "the Prometheus file labels the command drift" \
	'^fabric_audit_last_run_success\{command="drift"\} 1$' "$FA_TMP/drift.prom"

# 3. Firmware changed behind our back: drift, exit 1, baseline kept, reported again next run.
fa_run drift -H "$H" --snapshot "$FA_TMP/d3.json" -f json -o "$FA_TMP/drift3.json"
fa_expect_rc "drift exits 1" 1
fa_expect_grep "stderr says DRIFT and that the baseline is kept" \
	'DRIFT since snapshot-20261102T020000Z.json: 8 change\(s\) outside the allow-list.*baseline kept' \
	"$FA_TMP/err"
[ "$(baseline)" = snapshot-20261102T020000Z.json ] && fa_ok "the baseline stays on the last good snapshot" ||
	fa_fail "the baseline stays on the last good snapshot"
fa_schema_ok "the drift report is a diff document" "$FA_SRCDIR/docs/schema/diff.schema.json" \
	"$FA_TMP/drift3.json"
fa_run drift -H "$H" --snapshot "$FA_TMP/d4.json"
fa_expect_rc "the next run reports the same drift again" 1

# 4. With the change's allow-list the same drift is expected: passes, baseline moves.
fa_run drift -H "$H" --snapshot "$FA_TMP/d4.json" --allow "$FA_FW_ALLOW"
fa_expect_rc "drift the allow-list expects exits 0" 0
fa_expect_grep "and moves the baseline" 'no drift since .*\(8 allowed change\(s\)\); baseline is now' \
	"$FA_TMP/err"

# 5. --list marks the baseline; --accept moves it by hand.
fa_run drift -H "$H" --list
fa_expect_rc "--list exits 0" 0
fa_expect_grep "--list marks the baseline" '^\* snapshot-20261104T020000Z-2\.json$' "$FA_TMP/out"
fa_expect_grep "--list shows the others" '^  snapshot-20261101T020000Z\.json$' "$FA_TMP/out"
fa_run drift -H "$H" --accept snapshot-20261102T020000Z.json
fa_expect_rc "--accept NAME exits 0" 0
[ "$(baseline)" = snapshot-20261102T020000Z.json ] && fa_ok "--accept NAME moves the baseline" ||
	fa_fail "--accept NAME moves the baseline"
fa_run drift -H "$H" --accept snapshot-20200101T000000Z.json
fa_expect_rc "--accept of a snapshot that is not there exits 65" 65
fa_run drift -H "$H" --accept
[ "$(baseline)" = snapshot-20261104T020000Z-2.json ] && fa_ok "--accept alone takes the newest" ||
	fa_fail "--accept alone takes the newest"

# 6. Rotation by count keeps the baseline and the newest.
fa_run drift -H "$H" --accept snapshot-20261101T020000Z.json
fa_run drift -H "$H" --snapshot "$FA_TMP/d1.json" --keep 3
fa_expect_rc "a run with --keep 3 succeeds" 0
n=$(ls "$H" | grep -c '^snapshot-')
[ "$n" = 3 ] && fa_ok "--keep 3 leaves 3 snapshots" || fa_fail "--keep 3 leaves 3 snapshots (got $n)"
[ -f "$H/$(baseline)" ] && fa_ok "the baseline file survives rotation" ||
	fa_fail "the baseline file survives rotation"
fa_expect_grep "rotation is logged" 'removed [0-9]+ old snapshot' "$FA_TMP/err"

# 7. Rotation by age: snapshots from 2026 are older than 1 day today... unless the clock is
# before 2026-11, in which case nothing is old and the check would not mean anything.
now=$(date -u +%s)
if [ "$now" -gt 1796256000 ]; then
	fa_run drift -H "$H" --snapshot "$FA_TMP/d2.json" --max-age 1 --keep 0
	n=$(ls "$H" | grep -c '^snapshot-')
	[ "$n" -le 2 ] && fa_ok "--max-age removes old snapshots but the baseline and newest" ||
		fa_fail "--max-age removes old snapshots but the baseline and newest (got $n)"
fi

# 8. The lock: a second run while one holds the folder exits 75 and says why.
if command -v flock >/dev/null 2>&1; then
	( flock -x 9; echo 4242 >&9; sleep 5 ) 9>>"$H/.lock" &
	holder=$!
	sleep 1
	fa_run drift -H "$H" --snapshot "$FA_TMP/d2.json"
	fa_expect_rc "a second run while the lock is held exits 75" 75
	fa_expect_grep "with a clear message naming the lock" \
		"history/\\.lock: another fabric-audit run holds this history folder \\(process 4242\\)" \
		"$FA_TMP/err"
	kill "$holder" 2>/dev/null
	wait "$holder" 2>/dev/null
	fa_run drift -H "$H" --list
	fa_expect_rc "once the holder is gone the folder opens again" 0
fi
# Two real runs at once: exactly one gets the lock (the other exits 75, or ran after it).  A
# run that gets it exits 0, or 2 when its health is not measured: the switches' interface
# counters are read by drift, and a first run (or one in the same second as the last) has
# no earlier reading to compare them with (docs/health.md).
rm -rf "$FA_TMP/h2"
( timeout 120 "$FA" drift -H "$FA_TMP/h2" -i "$FA_TMP/pre/inventory.yaml" \
	>/dev/null 2>"$FA_TMP/r1.err"; echo $? >"$FA_TMP/r1.rc" ) &
( timeout 120 "$FA" drift -H "$FA_TMP/h2" -i "$FA_TMP/pre/inventory.yaml" \
	>/dev/null 2>"$FA_TMP/r2.err"; echo $? >"$FA_TMP/r2.rc" ) &
wait
codes="$(cat "$FA_TMP/r1.rc") $(cat "$FA_TMP/r2.rc")"
case "$codes" in
"0 0" | "0 2" | "2 0" | "2 2" | [02]" 75" | "75 "[02])
	fa_ok "two concurrent runs: each exits 0, 2 or 75 ($codes)" ;;
*) fa_fail "two concurrent runs: each exits 0, 2 or 75 ($codes)" "$FA_TMP/r1.err" "$FA_TMP/r2.err" ;;
esac

# 9. An incomplete first run is kept but is no baseline (exit 2).
"$FA_GEN" -o "$FA_TMP/down" >/dev/null
rm -r "$FA_TMP/down/captures/gpu02"
fa_run drift -H "$FA_TMP/h3" -i "$FA_TMP/down/inventory.yaml"
fa_expect_rc "an incomplete first run exits 2" 2
[ ! -e "$FA_TMP/h3/baseline" ] && fa_ok "and records no baseline" || fa_fail "and records no baseline"

# 10. Usage.
fa_run drift --snapshot "$FA_TMP/d1.json"
fa_expect_rc "no --history is a usage error" 64
fa_run drift -H "$H"
fa_expect_rc "neither -i nor --snapshot is a usage error" 64
fa_run drift -H "$H" --snapshot "$FA_TMP/d1.json" --keep many
fa_expect_rc "a bad --keep is a usage error" 64
fa_run drift -H /proc/no-such-place/history --snapshot "$FA_TMP/d1.json"
fa_expect_rc "a history folder that cannot be made exits 74" 74

fa_done
