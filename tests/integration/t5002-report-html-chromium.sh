#!/bin/sh
# SPDX-License-Identifier: MIT
# The HTML report in a real browser: headless Chromium loads the page rendered by
# "fabric-audit report", its own script runs (so the CSP hash is right), every finding is in
# the DOM, and hostile device data stays text: no element the payloads would create exists
# and no payload ran.  Set FA_SCREENSHOT_DIR to keep the screenshots for a look by eye.
. "$(dirname "$0")/lib.sh"

CHROMIUM=$(command -v chromium || command -v chromium-browser || true)
[ -n "$CHROMIUM" ] || fa_skip "chromium is not installed"

SAMPLES="$FA_SRCDIR/tests/fixtures/reports"

# browse MODE FILE OUT: run Chromium once (MODE dump or shot), bounded in time and kept away
# from the network and from the user's profile.
browse() {
	profile=$(mktemp -d "$FA_TMP/profile.XXXXXX")
	case $1 in
	dump) what="--dump-dom" ;;
	shot) what="--screenshot=$3 --window-size=1440,2000 --hide-scrollbars" ;;
	esac
	# shellcheck disable=SC2086
	HOME="$profile" timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu \
		--disable-background-networking --disable-component-update --disable-sync \
		--no-first-run --user-data-dir="$profile" $what "$2" \
		>"$FA_TMP/browser.out" 2>"$FA_TMP/browser.err"
	rc=$?
	[ "$1" = dump ] && cp "$FA_TMP/browser.out" "$3"
	return $rc
}

# 1. The sample with findings, rendered by the binary.
fa_run report --format html -o "$FA_TMP/findings.html" "$SAMPLES/findings.json"
fa_expect_rc "fabric-audit report --format html -o FILE succeeds" 0
if browse dump "$FA_TMP/findings.html" "$FA_TMP/findings.dom"; then
	fa_ok "Chromium loads the page"
else
	fa_fail "Chromium loads the page" "$FA_TMP/browser.err"
fi
DOM="$FA_TMP/findings.dom"
fa_expect_grep "the page's own script ran under its Content-Security-Policy" \
	'<html lang="en" data-js="ready">' "$DOM"
fa_expect_grep "the filter bar is shown and counts every finding" '9 of 9 shown' "$DOM"
n=$(grep -c '<tr data-severity=' "$DOM")
if [ "$n" = 9 ]; then
	fa_ok "the findings table has the 9 findings of the sample"
else
	fa_fail "the findings table has the 9 findings of the sample (found $n)" "$DOM"
fi
for rule in mtu.jumbo mtu.link.equal pfc.link.equal pfc.path.priority3 firmware.nic.uniform \
	software.ofed.min trust.dscp ecn.enabled topology.oversubscription; do
	fa_expect_grep "finding $rule is in the DOM" ">$rule<" "$DOM"
done
fa_expect_grep "the hostile device name is shown as text" \
	'&lt;img src=x onerror=alert\(1\)&gt;:eth0 -- leaf02:swp7' "$DOM"
fa_expect_grep "the hostile message is shown as text" \
	"&lt;script&gt;alert\('pwned'\)&lt;/script&gt; &amp; \"quoted\"" "$DOM"
fa_expect_no_grep "no <img> element exists in the DOM" '<img' "$DOM"
n=$(grep -c '<script' "$DOM")
if [ "$n" = 1 ]; then
	fa_ok "the DOM has only the page's own script element"
else
	fa_fail "the DOM has only the page's own script element (found $n)" "$DOM"
fi

# 2. Payloads that would leave a mark if they ran, in every place report data goes.
cat >"$FA_TMP/hostile.json" <<'JSON'
{
  "format": "fabric-audit/report/v1",
  "created": "2026-12-02T16:00:05Z",
  "tool": { "name": "fabric-audit", "version": "0.1.0\"><img src=x onerror=\"document.documentElement.setAttribute('data-pwned','tool')\">" },
  "snapshot": { "source": "</title><script>document.documentElement.setAttribute('data-pwned','title')</script>" },
  "rules": [
    { "id": "x<svg onload=\"document.documentElement.setAttribute('data-pwned','rule')\">",
      "title": "<iframe srcdoc=\"<script>parent.document.documentElement.setAttribute('data-pwned','iframe')</script>\"></iframe>",
      "category": "mtu", "severity": "error", "scope": "device", "pack": "p",
      "counts": { "pass": 0, "fail": 1, "notevaluable": 0, "notapplicable": 0 } }
  ],
  "summary": { "verdict": "fail", "findings": 1, "by_severity": { "error": 1, "warning": 0, "info": 0 },
               "rules": 1, "rules_failed": 1, "checks": 1, "not_evaluable": 0 },
  "coverage": { "devices": { "total": 1, "ok": 1, "failed": 0 }, "failed_devices": [], "not_evaluable": [] },
  "warnings": [ { "device": "'onmouseover='x", "message": "<object data=x></object><base href=\"http://192.0.2.1/\">" } ],
  "findings": [
    { "rule": "r", "category": "\" autofocus onfocus=\"document.documentElement.setAttribute('data-pwned','category')",
      "severity": "error", "title": "t",
      "subject": { "type": "device", "device": "<img src=x onerror=\"document.documentElement.setAttribute('data-pwned','device')\">" },
      "subject_text": "<img src=x onerror=\"document.documentElement.setAttribute('data-pwned','subject')\">",
      "expected": "<u>underlined</u>", "actual": "</td></tr></table><script>document.documentElement.setAttribute('data-pwned','actual')</script>",
      "message": "<style>body{display:none}</style>" }
  ]
}
JSON
fa_run report --format html -o "$FA_TMP/hostile.html" "$FA_TMP/hostile.json"
fa_expect_rc "a report full of payloads renders" 0
browse dump "$FA_TMP/hostile.html" "$FA_TMP/hostile.dom" || true
fa_expect_grep "the page's own script ran on the hostile page" 'data-js="ready"' "$FA_TMP/hostile.dom"
fa_expect_no_grep "no payload ran (no element carries their attribute)" 'data-pwned="' "$FA_TMP/hostile.dom"
for tag in img svg iframe object base style u; do
	n=$(grep -c "<$tag[ >]" "$FA_TMP/hostile.dom")
	want=0
	[ "$tag" = style ] && want=1
	if [ "$n" = "$want" ]; then
		fa_ok "no <$tag> element comes from report data"
	else
		fa_fail "no <$tag> element comes from report data (found $n)" "$FA_TMP/hostile.dom"
	fi
done
n=$(grep -c '<script' "$FA_TMP/hostile.dom")
if [ "$n" = 1 ]; then
	fa_ok "the hostile page has only its own script element"
else
	fa_fail "the hostile page has only its own script element (found $n)" "$FA_TMP/hostile.dom"
fi

# 3. A screenshot renders (look at it by eye with FA_SCREENSHOT_DIR set).
if browse shot "$FA_TMP/findings.html" "$FA_TMP/findings.png" &&
	[ "$(head -c 4 "$FA_TMP/findings.png" | od -An -c | tr -d ' \n')" = '211PNG' ]; then
	fa_ok "Chromium takes a screenshot of the page"
	if [ -n "${FA_SCREENSHOT_DIR:-}" ]; then
		mkdir -p "$FA_SCREENSHOT_DIR" && cp "$FA_TMP/findings.png" "$FA_SCREENSHOT_DIR/"
		browse shot "$FA_TMP/hostile.html" "$FA_SCREENSHOT_DIR/hostile.png" || true
	fi
else
	fa_fail "Chromium takes a screenshot of the page" "$FA_TMP/browser.err"
fi

# A diff page: its own script runs the filters of the changes (device, status, field).
fa_run run -i "$FA_SRCDIR/examples/roce-pod/inventory.yaml" -S "$FA_TMP/before.json" \
	--format json -o "$FA_TMP/run.json"
python3 - "$FA_TMP/before.json" "$FA_TMP/after.json" <<'PY'
import json, sys
snap = json.load(open(sys.argv[1]))
for d in snap["devices"]:
    for p in d["ports"]:
        if d["name"] == "gpu01" and p["name"] == "ens1f0np0":
            p["mtu"] = 1500
        if d["name"] == "leaf01" and p["name"] == "swp1":
            p["description"] = "moved"
json.dump(snap, open(sys.argv[2], "w"))
PY
fa_run diff "$FA_TMP/before.json" "$FA_TMP/after.json" -f html -o "$FA_TMP/diff.html"
fa_expect_rc "a diff with changes exits 1" 1
if browse dump "$FA_TMP/diff.html" "$FA_TMP/diff.dom"; then
	fa_ok "Chromium loads the diff page"
else
	fa_fail "Chromium loads the diff page" "$FA_TMP/browser.err"
fi
fa_expect_grep "the diff page's script ran under its Content-Security-Policy" \
	'<html lang="en" data-js="ready">' "$FA_TMP/diff.dom"
fa_expect_grep "the diff filters are shown and count every change" \
	'<span id="f-diff-shown">2 of 2 changes shown</span>' "$FA_TMP/diff.dom"
fa_expect_grep "the MTU decrease is a regression row" \
	'<tr class="regression" data-status="not-allowed regression" data-field="mtu"' \
	"$FA_TMP/diff.dom"

fa_done
