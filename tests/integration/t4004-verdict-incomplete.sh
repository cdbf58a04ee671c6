#!/bin/sh
# SPDX-License-Identifier: MIT
# Never a false pass: the bundled example (copied) is fully evaluable on the shipped packs; a
# device whose captures are gone makes the verdict INCOMPLETE (exit 2) in every format;
# --allow-incomplete accepts it (exit 0) and the report names what was accepted; a check that
# cannot be evaluated is incomplete too; --require-complete is the default.
. "$(dirname "$0")/lib.sh"

cp -R "$FA_SRCDIR/examples/roce-pod" "$FA_TMP/ex"
inv="$FA_TMP/ex/inventory.yaml"
# The rules that report the example's seeded error faults, skipped so that what remains
# passes (the PFC fault on leaf02:swp3 is also NCCL's DSCP losing its PFC priority there;
# the health rules report the pause storm, the flapping link and the receive errors).
SEEDED="--skip firmware.nic.uniform --skip speed.rdma.uniform --skip pfc.lossless.enabled
	--skip mtu.rdma.jumbo --skip path.pfc.lossless --skip pfc.link.equal
	--skip nccl.path.lossless --skip health.link.flaps --skip health.pause.tx_duration
	--skip health.pause.tx_rate --skip health.rx_errors"

jget() {
	python3 -c '
import json, sys
v = json.load(open(sys.argv[1]))
for k in sys.argv[2].split("."):
    v = v[int(k)] if isinstance(v, list) else v[k]
print(json.dumps(v) if not isinstance(v, str) else v)
' "$1" "$2"
}

# 1. The whole example on every shipped pack: every check that applies is evaluated.
fa_run run -i "$inv" -f json -o "$FA_TMP/all.json" -S "$FA_TMP/snap.json"
fa_expect_rc "the example with its seeded faults exits 1" 1
if [ "$(jget "$FA_TMP/all.json" summary.not_evaluable)" = 0 ] &&
	[ "$(jget "$FA_TMP/all.json" coverage.devices.failed)" = 0 ]; then
	fa_ok "the example is fully evaluable on the shipped packs: 0 checks not evaluable"
else
	fa_fail "the example is fully evaluable on the shipped packs" "$FA_TMP/all.json"
fi

# 2. Without the seeded faults it passes, and says so only because everything was checked.
# shellcheck disable=SC2086
fa_run run -i "$inv" $SEEDED
fa_expect_rc "the example without its seeded faults passes: exit 0" 0
fa_expect_grep "the headline is PASS" '^PASS  findings 2 \(error 0' "$FA_TMP/out"
fa_expect_grep "the report names the packs and their digest" \
	'^packs addressing, health, infiniband, links, nccl, nic, roce-basics, roce-lossless, topology, versions \(sha256 [0-9a-f]{16}\)$' \
	"$FA_TMP/out"

# 3. One device's captures removed: incomplete in every format, exit 2.
rm -r "$FA_TMP/ex/captures/gpu03"
# shellcheck disable=SC2086
fa_run run -i "$inv" $SEEDED --json "$FA_TMP/inc.json" --html "$FA_TMP/inc.html" \
	--junit "$FA_TMP/inc.xml" --prometheus "$FA_TMP/inc.prom"
fa_expect_rc "a device not collected exits 2 by default" 2
fa_expect_grep "the text headline is INCOMPLETE" '^INCOMPLETE  findings 2 .* devices ok 6 of 7' \
	"$FA_TMP/out"
fa_expect_grep "the text lists the device not collected" '^  gpu03 +command-failed' "$FA_TMP/out"
fa_expect_grep "the HTML verdict tile says incomplete" \
	'<span class="verdict v-incomplete">incomplete</span>' "$FA_TMP/inc.html"
if [ "$(jget "$FA_TMP/inc.json" summary.verdict)" = incomplete ]; then
	fa_ok "JSON summary.verdict is incomplete"
else
	fa_fail "JSON summary.verdict is incomplete" "$FA_TMP/inc.json"
fi
fa_expect_grep "JUnit reports the device as an error" \
	'<error type="collection" message="1 of 7 devices not collected"' "$FA_TMP/inc.xml"
fa_expect_grep "Prometheus exports the incomplete verdict" \
	'^fabric_audit_verdict\{command="audit",verdict="incomplete"\} 1$' "$FA_TMP/inc.prom"
# shellcheck disable=SC2086
fa_run run -i "$inv" $SEEDED --require-complete
fa_expect_rc "--require-complete is the default: exit 2" 2

# 4. --allow-incomplete: exit 0, the verdict stays incomplete, the report says what it accepted.
# shellcheck disable=SC2086
fa_run run -i "$inv" $SEEDED --allow-incomplete --json "$FA_TMP/acc.json" \
	--html "$FA_TMP/acc.html" --junit "$FA_TMP/acc.xml" --prometheus "$FA_TMP/acc.prom"
fa_expect_rc "--allow-incomplete with nothing failed exits 0" 0
fa_expect_grep "the headline still says INCOMPLETE" '^INCOMPLETE  ' "$FA_TMP/out"
fa_expect_grep "the text names what was accepted" \
	'^accepted incomplete \(--allow-incomplete\): 1 device not collected \(gpu03\), 0 checks not evaluable$' \
	"$FA_TMP/out"
if [ "$(jget "$FA_TMP/acc.json" summary.accepted_incomplete.devices)" = '["gpu03"]' ]; then
	fa_ok "JSON summary.accepted_incomplete names the device"
else
	fa_fail "JSON summary.accepted_incomplete names the device" "$FA_TMP/acc.json"
fi
fa_expect_grep "the HTML names the accepted device" 'id="accepted-incomplete".*<b>gpu03</b>' \
	"$FA_TMP/acc.html"
fa_expect_grep "JUnit marks the accepted device skipped, not an error" \
	'<skipped message="1 of 7 devices not collected; accepted: --allow-incomplete"' "$FA_TMP/acc.xml"
fa_expect_grep "Prometheus says the incomplete verdict was accepted" \
	'^fabric_audit_incomplete_accepted\{command="audit"\} 1$' "$FA_TMP/acc.prom"
# shellcheck disable=SC2086
fa_run run -i "$inv" --allow-incomplete
fa_expect_rc "--allow-incomplete never hides findings: exit 1" 1

# 5. A check that cannot be evaluated (a port lost its MTU) is incomplete too.
python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))
for d in s["devices"]:
    if d["name"] == "gpu01":
        for p in d["ports"]:
            p.pop("mtu", None)
json.dump(s, open(sys.argv[2], "w"))
' "$FA_TMP/snap.json" "$FA_TMP/nomtu.json"
# shellcheck disable=SC2086
fa_run audit -s "$FA_TMP/nomtu.json" $SEEDED -f junit -o "$FA_TMP/ne.xml" --json "$FA_TMP/ne.json"
fa_expect_rc "checks not evaluable exit 2" 2
fa_expect_grep "JUnit reports the not-evaluable rule as an error" \
	'<error type="not-evaluable" message="[0-9]+ of [0-9]+ checks not evaluable' "$FA_TMP/ne.xml"
if [ "$(jget "$FA_TMP/ne.json" summary.verdict)" = incomplete ]; then
	fa_ok "a missing MTU makes the verdict incomplete"
else
	fa_fail "a missing MTU makes the verdict incomplete" "$FA_TMP/ne.json"
fi

fa_done
