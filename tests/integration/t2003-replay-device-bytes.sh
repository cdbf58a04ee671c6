#!/bin/sh
# SPDX-License-Identifier: MIT
# Whatever bytes a device sends, every file fabric-audit writes reads back: the bundled
# example with a NUL in a BIOS version, a raw NUL and a \u0000 escape inside JSON output, stray
# and CESU-8 bytes and escaped controls, collected, then drift, audit -s, diff and report on
# that snapshot.  A meta.json that cannot be read fails its device with the file named.
. "$(dirname "$0")/lib.sh"

ex="$FA_TMP/ex"
cp -r "$FA_SRCDIR/examples/roce-pod" "$ex"
fa_run collect -i "$ex/inventory.yaml" -o "$FA_TMP/clean.json"
fa_expect_rc "the untouched example collects" 0

caps="$ex/captures"
printf '2.19.1\0x\n' >"$caps/gpu01/cat-sys-class-dmi-id-bios-version.txt"
python3 - "$caps" <<'PY'
import sys
caps = sys.argv[1]
def edit(dev, name, old, new):
    p = f"{caps}/{dev}/{name}"
    b = open(p, "rb").read()
    assert old in b, (p, old)
    open(p, "wb").write(b.replace(old, new, 1))
# a raw NUL inside a JSON string
edit("gpu02", "ip-j-d-link-show.txt", b'"ifname":"lo"', b'"ifname":"l\x00o"')
# a \u0000 escape, a stray byte and a UTF-16 surrogate written as UTF-8 in JSON
edit("spine01", "nv-show-system-o-json.txt", b'"build": "Cumulus Linux 5.12.0"',
     b'"build": "Cumulus\\u0000Linux \xff5.12.0 \xed\xa0\x80"')
# escaped controls (ESC, BEL) are valid JSON and must not reach the model as controls
edit("leaf01", "nv-show-system-o-json.txt", b'"hostname": "leaf01"',
     b'"hostname": "leaf01\\u001b[31m\\u0007"')
PY

fa_run collect -i "$ex/inventory.yaml" -o "$FA_TMP/hostile.json"
fa_expect_rc "collect with NULs and bad bytes in device output exits 0" 0
python3 - "$FA_TMP/hostile.json" >"$FA_TMP/check" 2>&1 <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
d = {x["name"]: x for x in s["devices"]}
R = "\ufffd"
assert all(x["status"] == "ok" for x in d.values()), [(x["name"], x.get("error")) for x in d.values()]
assert d["gpu01"]["software"]["bios"] == "2.19.1" + R + "x", d["gpu01"]["software"]
assert any(p["name"] == "l" + R + "o" for p in d["gpu02"]["ports"]), "gpu02 keeps its ports"
assert any(p["name"] == "ens1f0np0" and p["mtu"] for p in d["gpu02"]["ports"])
assert any("ip -j -d link show: output is not all text: 1 NUL" in w for w in d["gpu02"]["warnings"])
assert d["leaf01"]["hostname"] == "leaf01" + R + "[31m" + R, d["leaf01"]["hostname"]
text = open(sys.argv[1], "rb").read()
assert b"\\u0000" not in text and b"\\u001b" not in text and b"\\u0007" not in text
print("ok")
PY
if [ "$(cat "$FA_TMP/check")" = ok ]; then
	fa_ok "the snapshot holds U+FFFD where the device sent no text, every device ok"
else
	fa_fail "the snapshot holds U+FFFD where the device sent no text, every device ok" \
		"$FA_TMP/check"
fi
# \u0000 (1), the stray byte (1) and the three bytes of the surrogate (3)
if python3 -c '
import json, sys
d = [x for x in json.load(open(sys.argv[1]))["devices"] if x["name"] == "spine01"][0]
sys.exit(not any("nv show system -o json: output is not all text: 5 NUL" in w
		 for w in d["warnings"]))' "$FA_TMP/hostile.json"; then
	fa_ok "a \\u0000 escape, a stray byte and CESU-8 in JSON cost one warning, not the device"
else
	fa_fail "a \\u0000 escape, a stray byte and CESU-8 in JSON cost one warning, not the device" \
		"$FA_TMP/hostile.json"
fi

# Every command that reads the snapshot reads it.
fa_run audit -s "$FA_TMP/hostile.json" -f json -o "$FA_TMP/report.json"
fa_expect_rc "audit -s reads it (findings: exit 1, as the clean example)" 1
fa_run report "$FA_TMP/report.json" -f html -o "$FA_TMP/report.html"
fa_expect_rc "report renders the saved report" 0
fa_run diff "$FA_TMP/clean.json" "$FA_TMP/hostile.json" -f json -o "$FA_TMP/diff.json"
fa_expect_rc "diff reads it (changes: exit 1)" 1
fa_expect_grep "the diff shows the BIOS change" '2\.19\.1.x' "$FA_TMP/diff.json"
fa_run report "$FA_TMP/diff.json" -f text
fa_expect_rc "report renders the saved diff" 0
H="$FA_TMP/history"
# drift audits each snapshot too: the example's seeded faults make every run exit 1, so the
# drift half is read from the headline
fa_run drift -H "$H" --snapshot "$FA_TMP/hostile.json"
fa_expect_rc "drift takes it as the first baseline (the audit finds the seeded faults)" 1
fa_expect_grep "the first baseline is no drift" '^DRIFT CHECK FAIL  drift pass  audit fail' \
	"$FA_TMP/out"
fa_run drift -H "$H" --snapshot "$FA_TMP/hostile.json"
fa_expect_grep "the next drift run reads that baseline back: no drift" \
	'^DRIFT CHECK FAIL  drift pass  audit fail' "$FA_TMP/out"
fa_run drift -H "$H" --snapshot "$FA_TMP/clean.json"
fa_expect_rc "and drift against it is reported as drift" 1
fa_expect_grep "the BIOS change is drift" '^DRIFT CHECK FAIL  drift fail' "$FA_TMP/out"

# A replayed capture folder whose meta.json cannot be read: that device fails, file named.
printf '{"commands": [\0]}\n' >"$caps/leaf02/meta.json"
fa_run collect -i "$ex/inventory.yaml" -o "$FA_TMP/meta.json" --require-complete
fa_expect_rc "a broken meta.json makes the run incomplete (exit 2)" 2
fa_expect_grep "stderr names the file and why" \
	'leaf02: parse-error: .*/leaf02/meta.json:1:[0-9]+: unreadable capture metadata' "$FA_TMP/err"
python3 -c '
import json, sys
d = [x for x in json.load(open(sys.argv[1]))["devices"] if x["name"] == "leaf02"][0]
print(d["status"], d["error"])' "$FA_TMP/meta.json" >"$FA_TMP/leaf02" 2>&1
fa_expect_grep "leaf02 is parse-error, the error names its meta.json" \
	'^parse-error .*/leaf02/meta.json:1:[0-9]+: unreadable capture metadata' "$FA_TMP/leaf02"

fa_done
