#!/bin/sh
# SPDX-License-Identifier: MIT
# Device text never drives the terminal.  Captures of the bundled example are given an
# ESC [31m colour, an unterminated OSC title sequence, U+202E RIGHT-TO-LEFT OVERRIDE and a C1
# CSI: in gpu02's NIC firmware version (quoted by a finding) and at the start of leaf01's
# JSON (quoted by its parse error); merged fragments carry a device name with the same bytes.
# Neither stderr (device-status lines, merge notes) nor the text report may carry one of
# those bytes raw.  Text that went through the model shows controls as U+FFFD (model text,
# docs/model.md) and the bidi control escaped (\u202e); text quoted straight from an input
# file (the merged device name) shows each escaped (\x1b, \u202e, \u009b).
. "$(dirname "$0")/lib.sh"

T="$FA_TMP"
cp -r "$FA_SRCDIR/examples/roce-pod" "$T/pod"
python3 - "$T/pod/captures" <<'PY'
import sys
caps = sys.argv[1]
bad = b"\x1b[31mred\x1b]0;pwned\xe2\x80\xae\xc2\x9b"
for f, key in (("gpu02/ethtool-i-ens2f0np0.txt", b"firmware-version: 28.37.1014"),
               ("gpu02/ibstat.txt", b"Firmware version: 28.37.1014")):
    p = caps + "/" + f
    s = open(p, "rb").read()
    assert key in s, p
    open(p, "wb").write(s.replace(key, key + bad))
p = caps + "/leaf01/nv-show-system-o-json.txt"
open(p, "wb").write(bad + open(p, "rb").read())
PY

# The raw bytes, as grep patterns: ESC, the bidi controls (UTF-8) and C1 CSI.
ESC=$(printf '\033')
RLO=$(printf '\342\200\256')
CSI=$(printf '\302\233')
# no_raw DESCRIPTION FILE: FILE has no ESC, no bidi control U+202A-E / U+2066-9 and no C1.
no_raw() {
	if LC_ALL=C grep -q -e "$ESC" -e "$CSI" "$2" ||
		LC_ALL=C grep -q -E "$(printf '\342\200[\252-\256]|\342\201[\246-\251]')" "$2"; then
		fa_fail "$1" "$2"
	else
		fa_ok "$1"
	fi
}

fa_run run -i "$T/pod/inventory.yaml"
# findings and a device not collected: 1 or 2, whichever the verdict puts first
case "$fa_rc" in
1 | 2) fa_ok "run on the poisoned captures ends with a verdict (exit $fa_rc)" ;;
*) fa_fail "run on the poisoned captures ends with a verdict (exit $fa_rc)" "$FA_TMP/err" ;;
esac
cp "$FA_TMP/out" "$T/run.out"
cp "$FA_TMP/err" "$T/run.err"
no_raw "stderr of run carries no raw ESC, OSC, bidi or C1 byte" "$T/run.err"
no_raw "the text report carries no raw ESC, OSC, bidi or C1 byte" "$T/run.out"
fa_expect_grep "the device-status line shows the escaped output" \
	'^fabric-audit: leaf01: parse-error: .*�\[31mred�\]0;pwned\\u202e�$' "$T/run.err"
fa_expect_grep "the finding's actual value shows the escaped firmware version" \
	'firmware\.nic\.uniform .*28\.37\.1014�\[31mred�\]0;pwned\\u202e�' "$T/run.out"
fa_expect_grep "the devices not collected show the escaped parse error" \
	'^  leaf01  parse-error .*\\u202e' "$T/run.out"

# Merge notes quote device names read from fragments.
fa_run collect -i "$T/pod/inventory.yaml" -o "$T/snap.json"
python3 - "$T/snap.json" "$T/f1.json" "$T/f2.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
s["devices"] = [d for d in s["devices"] if d["name"] == "gpu01"]
s["devices"][0]["name"] = "gpu\x1b[31m01\x1b]0;pwned\u202e\u009b"
s["links"] = []
for out in sys.argv[2:]:
    json.dump(s, open(out, "w"))
PY
fa_run merge -o "$T/merged.json" "$T/f1.json" "$T/f2.json"
fa_expect_rc "merge of two fragments with the same device exits 0" 0
no_raw "merge notes carry no raw ESC, OSC, bidi or C1 byte" "$FA_TMP/err"
fa_expect_grep "the merge note names the device escaped" \
	"device 'gpu\\\\x1b\[31m01\\\\x1b\]0;pwned\\\\u202e\\\\u009b' is in" "$FA_TMP/err"

fa_done
