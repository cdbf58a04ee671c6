#!/bin/sh
# SPDX-License-Identifier: MIT
# The health pack on a hand-made snapshot whose ports carry two readings of their counters
# (tests/fixtures/rules/SOURCES.md): exactly the seeded ports fire, each with its two
# readings and its rate; a port read once and a counter that was reset are not evaluable,
# never a pass; a pause storm on the port with PFC on the wrong priority names that
# configuration finding in text, JSON and HTML; an optical module where the plan says DAC
# is named against the plan.
. "$(dirname "$0")/lib.sh"

snap="$FA_SRCDIR/tests/fixtures/rules/snapshot-health.json"

fa_run audit -s "$snap" -f json -o "$FA_TMP/r.json" --html "$FA_TMP/r.html"
fa_expect_rc "the seeded faults fail the audit: exit 1" 1
python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
for f in r["findings"]:
    if f["category"] == "health" or f["rule"].startswith("health."):
        print(f["severity"], f["rule"], f["subject_text"])
' "$FA_TMP/r.json" | sort >"$FA_TMP/got.txt"
sort >"$FA_TMP/want.txt" <<'TXT'
error health.crc_errors leaf1:swp31
error health.drops.lossless leaf1:swp3
error health.fec.uncorrectable leaf1:swp31
error health.link.flaps leaf1:swp2
error health.optics.rx_power.alarm gpu2:ens1f0np0
error health.pause.rx_duration leaf1:swp1
error health.pause.tx_duration gpu1:ens1f0np0
warning health.ber.pre_fec leaf1:swp31
warning health.drops.out_of_buffer gpu2:ens1f0np0
warning health.pause.rx_rate leaf1:swp1
warning health.pause.tx_rate gpu1:ens1f0np0
TXT
fa_expect_golden "exactly the seeded health findings fire" "$FA_TMP/want.txt" "$FA_TMP/got.txt"

python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
f = {(x["rule"], x["subject_text"]): x for x in r["findings"]}
tx = f[("health.pause.tx_rate", "gpu1:ens1f0np0")]
assert tx["actual"] == "priority [3]: [80] -> [240080] in 10 s, [24000] frames/s", tx["actual"]
assert "pausing its peer (tx)" in tx["message"] and "on priority [3]" in tx["message"], tx
rx = f[("health.pause.rx_rate", "leaf1:swp1")]
assert "paused by its peer (rx)" in rx["message"], rx
crc = f[("health.crc_errors", "leaf1:swp31")]
assert crc["actual"] == "2 -> 42 in 10 s (4/s)", crc["actual"]
rel = {(x["rule"], x["subject_text"]) for x in tx["related"]}
assert ("pfc.lossless.enabled", "gpu1:ens1f0np0") in rel, rel
assert ("pfc.link.equal", "gpu1:ens1f0np0 -- leaf1:swp1") in rel, rel
assert "related" not in crc, crc
assert all("related" not in x for x in r["findings"] if x["category"] != "health")
ne = {(x["rule"], x["subject"]): x.get("missing") for x in r["coverage"]["not_evaluable"]}
assert ne[("health.measured", "leaf1:swp4")] == "port.health.interval_s", ne
assert ne[("health.crc_errors", "leaf1:swp5")] == "port.health.delta.crc_errors", ne
assert not [k for k in ne if k[0].startswith("health.") and k[1] not in ("leaf1:swp4", "leaf1:swp5")]
assert not [k for k in ne if k[0].startswith("health.") and k[1].startswith("gpu3")]
' "$FA_TMP/r.json" 2>"$FA_TMP/py.err" &&
	fa_ok "readings, rates, directions, related findings and not evaluable ports as seeded" ||
	fa_fail "readings, rates, directions, related findings and not evaluable ports as seeded" \
		"$FA_TMP/py.err"

if python3 -c 'from jsonschema import Draft202012Validator, FormatChecker' 2>/dev/null; then
	python3 -c '
import json, sys
from jsonschema import Draft202012Validator, FormatChecker
v = Draft202012Validator(json.load(open(sys.argv[1])), format_checker=FormatChecker())
errors = ["/".join(map(str, e.absolute_path)) + ": " + e.message for e in v.iter_errors(json.load(open(sys.argv[2])))]
assert not errors, errors
' "$FA_SRCDIR/docs/schema/report.schema.json" "$FA_TMP/r.json" 2>"$FA_TMP/schema.err" &&
		fa_ok "the report with related findings is valid against docs/schema/report.schema.json" ||
		fa_fail "the report with related findings is valid against docs/schema/report.schema.json" \
			"$FA_TMP/schema.err"
fi

fa_expect_grep "HTML shows the two readings and the rate" \
	'priority \[3\]: \[80\] -&gt; \[240080\] in 10 s, \[24000\] frames/s' "$FA_TMP/r.html"
fa_expect_grep "HTML shows the configuration finding of the same hop" \
	'same hop as: .*pfc.lossless.enabled on gpu1:ens1f0np0' "$FA_TMP/r.html"
fa_run audit -s "$snap"
fa_expect_grep "text shows the configuration finding of the same hop" \
	'^      same hop as: .*pfc\.lossless\.enabled on gpu1:ens1f0np0' "$FA_TMP/out"

# The cabling plan says DAC for gpu2's link; its module says optical.
printf 'a_device,a_port,b_device,b_port,cable_type,length_m\ngpu2,ens1f0np0,leaf1,swp2,DAC,3\n' \
	>"$FA_TMP/plan.csv"
fa_run audit -s "$snap" --plan "$FA_TMP/plan.csv" -f json -o "$FA_TMP/plan.json"
python3 -c '
import json, sys
for f in json.load(open(sys.argv[1]))["findings"]:
    if f["rule"].startswith("health.cabling."):
        print(f["severity"], f["rule"], f["subject_text"], "|", f["actual"])
' "$FA_TMP/plan.json" >"$FA_TMP/plan.txt"
echo "error health.cabling.type gpu2:ens1f0np0 -- leaf1:swp2 | optical on gpu2:ens1f0np0, no module data on leaf1:swp2" \
	>"$FA_TMP/plan-want.txt"
fa_expect_golden "an optical module where the plan says DAC, and nothing else of the plan" \
	"$FA_TMP/plan-want.txt" "$FA_TMP/plan.txt"

fa_run rules lint "$FA_SRCDIR/rules/packs/health.yaml"
fa_expect_rc "the health pack lints clean" 0
fa_run rules check -r "$FA_SRCDIR/rules/packs/health.yaml"
fa_expect_rc "every example of the health packs holds" 0

fa_done
