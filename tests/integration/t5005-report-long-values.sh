#!/bin/sh
# SPDX-License-Identifier: MIT
# One device sends a 100 KB firmware string.  The text report cuts it with the marker
# "… 99,800 more characters" (whole with "report --full-values"), JSON keeps it whole, and the
# HTML page in a real headless Chromium keeps every table inside the window, shows the marker,
# and has the whole value in the DOM inside the <details> element, closed or opened.
. "$(dirname "$0")/lib.sh"

CHROMIUM=$(command -v chromium || command -v chromium-browser || true)
[ -n "$CHROMIUM" ] || fa_skip "chromium is not installed"

LEN=100000
MARKER='… 99,800 more characters'

# 1. A snapshot of the example fabric with gpu02's NIC firmware 100,000 characters long: one
# unbroken run (the hardest to wrap), ending in markup that must stay text.
fa_run run -i "$FA_SRCDIR/examples/roce-pod/inventory.yaml" -S "$FA_TMP/snap.json" --color never
fa_expect_rc "the example fabric is collected from its captures" 1
python3 - "$FA_TMP/snap.json" "$FA_TMP/long.json" "$FA_TMP/value" "$LEN" <<'PY'
import json, sys
tail = "<img src=x onerror=\"document.documentElement.setAttribute('data-pwned','long')\">"
n = int(sys.argv[4])
value = "28.37.1014-" + "X" * (n - 11 - len(tail)) + tail
snap = json.load(open(sys.argv[1]))
dev = next(d for d in snap["devices"] if d["name"] == "gpu02")
port = next(p for p in dev["ports"] if p["name"] == "ens2f0np0")
port["nic"]["firmware"] = value
json.dump(snap, open(sys.argv[2], "w"))
open(sys.argv[3], "w").write(value)
PY

fa_run audit -s "$FA_TMP/long.json" --color never --html "$FA_TMP/long.html" \
	--json "$FA_TMP/report.json"
fa_expect_rc "the audit finds the odd firmware: exit 1" 1
cp "$FA_TMP/out" "$FA_TMP/text"

# 2. Text: cut with the marker, no line anywhere near the value's length.
fa_expect_grep "the text report shows the value's start and the marker" \
	"firmware\.nic\.uniform +gpu02:ens2f0np0 .*28\.37\.1014-X+$MARKER\$" "$FA_TMP/text"
n=$(LC_ALL=C awk 'length > 1000' "$FA_TMP/text" | wc -l)
if [ "$n" = 0 ]; then
	fa_ok "no line of the text report is longer than 1000 bytes"
else
	fa_fail "no line of the text report is longer than 1000 bytes ($n are)" "$FA_TMP/text"
fi
if python3 -c "
import json, sys
f = [f for f in json.load(open(sys.argv[1]))['findings'] if f['rule'] == 'firmware.nic.uniform']
sys.exit(0 if f and f[0]['actual'] == open(sys.argv[2]).read() else 1)
" "$FA_TMP/report.json" "$FA_TMP/value"; then
	fa_ok "the JSON report keeps the whole value"
else
	fa_fail "the JSON report keeps the whole value" "$FA_TMP/report.json"
fi
fa_run report --full-values --color never "$FA_TMP/report.json"
fa_expect_rc "report --full-values renders the saved report" 0
if grep -qF -f "$FA_TMP/value" "$FA_TMP/out" && ! grep -qF 'more characters' "$FA_TMP/out"; then
	fa_ok "report --full-values shows the whole value, without a marker"
else
	fa_fail "report --full-values shows the whole value, without a marker" "$FA_TMP/out"
fi
fa_run report --color never "$FA_TMP/report.json"
fa_expect_grep "report without --full-values cuts it like audit does" "X$MARKER\$" "$FA_TMP/out"

# 3. HTML in Chromium.  The page as written first: its own script runs, nothing else does.
# browse FILE OUT: dump the DOM after load, bounded in time, away from the user's profile.
browse() {
	profile=$(mktemp -d "$FA_TMP/profile.XXXXXX")
	HOME="$profile" timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu \
		--disable-background-networking --disable-component-update --disable-sync \
		--no-first-run --user-data-dir="$profile" --window-size=1280,900 \
		--dump-dom "$1" >"$2" 2>"$FA_TMP/browser.err"
}
browse "$FA_TMP/long.html" "$FA_TMP/long.dom" || fa_fail "Chromium loads the page" "$FA_TMP/browser.err"
fa_expect_grep "the page's own script ran" '<html lang="en" data-js="ready">' "$FA_TMP/long.dom"
fa_expect_grep "the marker is shown in the summary of a <details> element" \
	"<details class=\"long\"><summary><span class=\"cut\">28\.37\.1014-X+</span><span class=\"more\">$MARKER</span></summary>" \
	"$FA_TMP/long.dom"

# Layout is measured by a script of the test, so this copy drops the page's
# Content-Security-Policy (which allows only the page's own script) and adds it; markup and
# stylesheet are unchanged.  It measures with the long values closed and then opened, and
# reads the value back from the <details> element.
cat >"$FA_TMP/measure.js" <<'JS'
(function () {
	var d = document, root = d.documentElement, each = Array.prototype.forEach;
	var measure = function (tag) {
		var right = 0, scroll = 0;
		each.call(d.querySelectorAll("table.data"), function (t) {
			right = Math.max(right, Math.ceil(t.getBoundingClientRect().right));
		});
		each.call(d.querySelectorAll(".table-wrap"), function (w) {
			scroll = Math.max(scroll, w.scrollWidth - w.clientWidth);
		});
		root.setAttribute("data-" + tag, right + " " + scroll + " " + root.scrollWidth);
	};
	var cell = d.querySelector("#findings-table td.k-actual details.long");
	root.setAttribute("data-viewport", root.clientWidth);
	measure("closed");
	each.call(d.querySelectorAll("details.long"), function (e) { e.open = true; });
	measure("open");
	root.setAttribute("data-full", cell ? cell.querySelector(".full").textContent.length : -1);
	root.setAttribute("data-marker", cell ? cell.querySelector("summary .more").textContent : "");
})();
JS
sed '/Content-Security-Policy/d; s#</body>#<script src="measure.js"></script></body>#' \
	"$FA_TMP/long.html" >"$FA_TMP/measure.html"
browse "$FA_TMP/measure.html" "$FA_TMP/measure.dom" ||
	fa_fail "Chromium loads the measured page" "$FA_TMP/browser.err"
attr() {
	sed -n "s/.*<html [^>]* data-$1=\"\\([^\"]*\\)\".*/\\1/p" "$FA_TMP/measure.dom" | head -n 1
}
viewport=$(attr viewport)
for state in closed open; do
	set -- $(attr $state)
	if [ -n "$viewport" ] && [ "${1:-x}" -le "$viewport" ] && [ "${2:-x}" = 0 ] &&
		[ "${3:-x}" -le "$viewport" ]; then
		fa_ok "long values $state: every table fits the ${viewport}px window (right edge $1px)"
	else
		fa_fail "long values $state: every table fits the ${viewport:-?}px window (right edge ${1:-?}px, scrolled ${2:-?}px, page ${3:-?}px)" "$FA_TMP/browser.err"
	fi
done
if [ "$(attr full)" = "$LEN" ]; then
	fa_ok "the whole value ($LEN characters) is in the DOM inside the details element"
else
	fa_fail "the whole value ($LEN characters) is in the DOM inside the details element (found $(attr full))"
fi
if [ "$(attr marker)" = "$MARKER" ]; then
	fa_ok "the marker says how many characters are folded"
else
	fa_fail "the marker says how many characters are folded (found '$(attr marker)')"
fi
if grep -qF -f "$FA_TMP/value" "$FA_TMP/measure.dom"; then
	fa_fail "the markup at the end of the value stays text (found it as markup)" "$FA_TMP/measure.dom"
else
	fa_ok "the markup at the end of the value stays text"
fi
fa_expect_no_grep "no <img> element and no payload ran, even without the CSP" \
	'<img|data-pwned=' "$FA_TMP/measure.dom"

# 4. A value under the cut but one unbroken run of 190 characters (a long interface alias)
# is shown whole and still wraps inside its cell.
python3 - "$FA_TMP/report.json" "$FA_TMP/short.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
f = next(f for f in r["findings"] if f["rule"] == "mtu.rdma.jumbo")
f["subject_text"] = "gpu03:" + "Y" * 184
json.dump(r, open(sys.argv[2], "w"))
PY
fa_run report --format html -o "$FA_TMP/short.html" "$FA_TMP/short.json"
fa_expect_rc "the report with a 190-character name renders" 0
sed '/Content-Security-Policy/d; s#</body>#<script src="measure.js"></script></body>#' \
	"$FA_TMP/short.html" >"$FA_TMP/measure.html"
browse "$FA_TMP/measure.html" "$FA_TMP/measure.dom" ||
	fa_fail "Chromium loads the measured page" "$FA_TMP/browser.err"
fa_expect_grep "the 190-character name is shown whole, marked to wrap" \
	'<span class="wrap">gpu03:Y{184}</span>' "$FA_TMP/measure.dom"
set -- $(attr closed)
if [ -n "$viewport" ] && [ "${1:-x}" -le "$viewport" ] && [ "${2:-x}" = 0 ]; then
	fa_ok "the 190-character name wraps inside the ${viewport}px window (right edge $1px)"
else
	fa_fail "the 190-character name wraps inside the ${viewport:-?}px window (right edge ${1:-?}px, scrolled ${2:-?}px)"
fi

fa_done
