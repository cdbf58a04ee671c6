#!/bin/sh
# SPDX-License-Identifier: MIT
# The fabric map in a real browser: headless Chromium, driven over the DevTools protocol
# (cdp.py, real mouse clicks, no script injected), loads the example's HTML report: the map
# shows every device, the faulty devices and links are coloured, clicking a device filters the
# findings table and opens its panel, clicking a link filters to its two ports; hostile device
# names stay text; a fabric of 560 devices is drawn as boxes and a box drills down.  Also
# --format svg (well-formed XML) and dot.  Set FA_SCREENSHOT_DIR to keep the screenshots.
. "$(dirname "$0")/lib.sh"

CHROMIUM=$(command -v chromium || command -v chromium-browser || true)
[ -n "$CHROMIUM" ] || fa_skip "chromium is not installed"
CDP="$FA_SRCDIR/tests/integration/cdp.py"

# browse HTML STEP...: load the page in a fresh profile and run the steps of cdp.py.
browse() {
	page=$1
	shift
	profile=$(mktemp -d "$FA_TMP/profile.XXXXXX")
	timeout 180 python3 "$CDP" "$CHROMIUM" "$profile" "file://$page" "$@" \
		2>"$FA_TMP/browser.err"
}

# rows DOM: the findings rows the filter shows, one "severity devices" line each.
rows() {
	python3 - "$1" <<'PY'
import html.parser, sys
class P(html.parser.HTMLParser):
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "tr" and "data-severity" in a and "hidden" not in a:
            print(a["data-severity"], a.get("data-devices", "").replace("\n", ","))
P().feed(open(sys.argv[1], encoding="utf-8").read())
PY
}

fa_run run -i "$FA_SRCDIR/examples/roce-pod/inventory.yaml" --format json -o "$FA_TMP/run.json"
fa_expect_rc "the example's audit has findings" 1
fa_run report --format html -o "$FA_TMP/map.html" "$FA_TMP/run.json"
fa_expect_rc "the example's report renders as HTML" 0

# 1. The map as loaded: every device, coloured by its worst finding.
if browse "$FA_TMP/map.html" "dom:$FA_TMP/loaded.dom"; then
	fa_ok "Chromium loads the report over the DevTools protocol"
else
	fa_fail "Chromium loads the report over the DevTools protocol" "$FA_TMP/browser.err"
fi
DOM="$FA_TMP/loaded.dom"
fa_expect_grep "the page's own script ran" 'data-js="ready"' "$DOM"
for d in gpu01 gpu02 gpu03 gpu04 leaf01 leaf02 spine01; do
	fa_expect_grep "device $d is on the map" "<g class=\"node s-[a-z]*\"[^>]* data-device=\"$d\"" "$DOM"
done
n=$(grep -o '<g class="node ' "$DOM" | wc -l)
if [ "$n" = 7 ]; then
	fa_ok "the map has the example's 7 devices, no more"
else
	fa_fail "the map has the example's 7 devices, no more (found $n)" "$DOM"
fi
fa_expect_grep "gpu03 (PFC, MTU and pause faults) is red" \
	'<g class="node s-error"[^>]* data-device="gpu03"' "$DOM"
fa_expect_grep "spine01 (no finding) is green" '<g class="node s-ok"[^>]* data-device="spine01"' "$DOM"
fa_expect_grep "the PFC-mismatched link gpu03 -- leaf02:swp3 is red" \
	'<line class="link s-error"[^>]* data-a="gpu03" data-ap="ens2f0np0" data-b="leaf02" data-bp="swp3"' "$DOM"
fa_expect_grep "a link without findings is green" \
	'<line class="link s-ok"[^>]* data-a="gpu02" data-ap="ens1f0np0"' "$DOM"
fa_expect_grep "hovering a device shows its facts" '^host, gpu-host, linux, tier 0$' "$DOM"
fa_expect_grep "every finding is listed before a click" '13 of 13 shown' "$DOM"

# 2. A real click on gpu03: the table shows its findings only, and its panel opens.
browse "$FA_TMP/map.html" 'click:#map-svg g.node[data-device="gpu03"]' wait:300 \
	"dom:$FA_TMP/device.dom" width:1400 "shot:$FA_TMP/map-1400.png" width:800 \
	"shot:$FA_TMP/map-800.png" || fa_fail "Chromium clicks gpu03 on the map" "$FA_TMP/browser.err"
rows "$FA_TMP/device.dom" >"$FA_TMP/device.rows"
n=$(wc -l <"$FA_TMP/device.rows")
if [ "$n" = 6 ] && ! grep -qv 'gpu03' "$FA_TMP/device.rows"; then
	fa_ok "clicking gpu03 leaves its 6 findings in the table, each naming it"
else
	fa_fail "clicking gpu03 leaves its 6 findings in the table, each naming it ($n)" "$FA_TMP/device.rows"
fi
fa_expect_grep "the filter bar says what is shown" '6 of 13 shown' "$FA_TMP/device.dom"
fa_expect_grep "the device panel opens with gpu03's facts" \
	'<aside class="device-panel" id="device-panel"><div class="panel-head"><h3 class="mono">gpu03</h3>' \
	"$FA_TMP/device.dom"
fa_expect_grep "the panel lists gpu03's ports on the map" 'ens2f0np0 → leaf02:swp3' "$FA_TMP/device.dom"
fa_expect_grep "the panel lists gpu03's findings" '<h4>Findings \(6\)</h4>' "$FA_TMP/device.dom"
fa_expect_grep "the clicked device is highlighted" 'class="node s-error hl"[^>]* data-device="gpu03"' \
	"$FA_TMP/device.dom"
for w in 1400 800; do
	if [ "$(head -c 4 "$FA_TMP/map-$w.png" | od -An -c | tr -d ' \n')" = '211PNG' ]; then
		fa_ok "a screenshot $w px wide is taken after the click"
	else
		fa_fail "a screenshot $w px wide is taken after the click" "$FA_TMP/browser.err"
	fi
done

# 3. A click on the faulty link: the findings on either end port.
browse "$FA_TMP/map.html" 'click:#map-svg line[data-a="gpu03"][data-ap="ens2f0np0"]|0.3' wait:300 \
	"dom:$FA_TMP/link.dom" || fa_fail "Chromium clicks the faulty link" "$FA_TMP/browser.err"
fa_expect_grep "clicking the link filters to its two ports" \
	'of 13 shown \(link gpu03:ens2f0np0 -- leaf02:swp3\)' "$FA_TMP/link.dom"
rows "$FA_TMP/link.dom" >"$FA_TMP/link.rows"
if [ -s "$FA_TMP/link.rows" ] && ! grep -qv 'gpu03\|leaf02' "$FA_TMP/link.rows"; then
	fa_ok "the link's findings are all on its ends"
else
	fa_fail "the link's findings are all on its ends" "$FA_TMP/link.rows"
fi

# 4. A finding's row shows where it is on the map.
browse "$FA_TMP/map.html" 'click:#findings-table tr[data-devices="leaf01"]' wait:300 \
	"dom:$FA_TMP/row.dom" || fa_fail "Chromium clicks a finding" "$FA_TMP/browser.err"
fa_expect_grep "clicking leaf01's finding highlights leaf01" \
	'class="node s-[a-z]* hl"[^>]* data-device="leaf01"' "$FA_TMP/row.dom"

# 5. svg and dot files of the same report.
fa_run report --format svg -o "$FA_TMP/map.svg" "$FA_TMP/run.json"
fa_expect_rc "--format svg writes the map" 0
if python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$FA_TMP/map.svg"; then
	fa_ok "the svg file is well-formed XML"
else
	fa_fail "the svg file is well-formed XML" "$FA_TMP/map.svg"
fi
fa_expect_grep "the svg file draws gpu03 red" '<g class="node s-error"[^>]* data-device="gpu03"' "$FA_TMP/map.svg"
fa_run report --format dot -o "$FA_TMP/map.dot" "$FA_TMP/run.json"
fa_expect_rc "--format dot writes a Graphviz graph" 0
fa_expect_grep "the dot file draws the faulty link red" \
	'"gpu03" -- "leaf02" \[color="#d92d20", penwidth=3, tooltip="gpu03:ens2f0np0 -- leaf02:swp3' "$FA_TMP/map.dot"
printf '{"format": "fabric-audit/diff/v1"}\n' >"$FA_TMP/diff.json"
fa_run report --format svg "$FA_TMP/diff.json"
fa_expect_grep "a diff cannot be drawn as a map" "the svg format draws an audit report's topology" \
	"$FA_TMP/err"

# 6. Hostile device names in the topology stay text, also after a click on one.
python3 - "$FA_TMP/run.json" "$FA_TMP/hostile.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
bad = "<img src=x onerror=\"document.documentElement.setAttribute('data-pwned','map')\">"
svg = "\"><svg onload=\"document.documentElement.setAttribute('data-pwned','svg')\">"
ren = {"gpu01": bad, "leaf01": svg, "spine01": "</svg><script>document.documentElement.setAttribute('data-pwned','script')</script>"}
s = json.dumps(r)
for old, new in ren.items():
    s = s.replace('"%s"' % old, json.dumps(new)).replace('"%s:' % old, json.dumps(new)[:-1] + ':')
r = json.loads(s)
r["warnings"].append({"device": bad, "message": "<marquee>moving</marquee>"})
json.dump(r, open(sys.argv[2], "w"))
PY
fa_run report --format html -o "$FA_TMP/hostile.html" "$FA_TMP/hostile.json"
fa_expect_rc "a report with hostile device names renders" 0
browse "$FA_TMP/hostile.html" 'click:#map-svg g.node[data-device^="\"><svg"]' wait:300 \
	"dom:$FA_TMP/hostile-node.dom" 'click:#warnings td.k-device' wait:300 "dom:$FA_TMP/hostile.dom" ||
	fa_fail "Chromium clicks a hostile device, then its name in the warnings" "$FA_TMP/browser.err"
fa_expect_grep "the clicked hostile name is the panel's title, as text" \
	'<h3 class="mono">"&gt;&lt;svg onload=' "$FA_TMP/hostile-node.dom"
fa_expect_no_grep "no payload ran after the click on the map" 'data-pwned="' "$FA_TMP/hostile-node.dom"
fa_expect_grep "the hostile page's own script ran" 'data-js="ready"' "$FA_TMP/hostile.dom"
fa_expect_no_grep "no payload ran" 'data-pwned="' "$FA_TMP/hostile.dom"
for tag in img script svg marquee; do
	want=0
	[ "$tag" = script ] && want=1
	[ "$tag" = svg ] && want=1
	n=$(grep -o "<${tag}[ >]" "$FA_TMP/hostile.dom" | wc -l)
	if [ "$n" = "$want" ]; then
		fa_ok "no <$tag> element comes from a device name ($want is the page's own)"
	else
		fa_fail "no <$tag> element comes from a device name (found $n, want $want)" "$FA_TMP/hostile.dom"
	fi
done
fa_expect_grep "a device name in the warnings opens that device's panel, as text" \
	'<h3 class="mono">&lt;img src=x onerror=' "$FA_TMP/hostile.dom"
fa_expect_grep "the hostile device's warning is in its panel, as text" '<li>&lt;marquee&gt;moving&lt;/marquee&gt;</li>' \
	"$FA_TMP/hostile.dom"

# 7. An InfiniBand fabric, one device seen from its subnet manager: its nodes are drawn.
fa_run run -i "$FA_SRCDIR/examples/ib-pod/inventory.yaml" --format json -o "$FA_TMP/ib.json"
fa_run report --format html -o "$FA_TMP/ib.html" "$FA_TMP/ib.json"
fa_expect_rc "the InfiniBand example's report renders as HTML" 0
browse "$FA_TMP/ib.html" 'click:#map-svg g.node[data-device="leaf01"]' wait:300 "dom:$FA_TMP/ib.dom" ||
	fa_fail "Chromium clicks an InfiniBand switch" "$FA_TMP/browser.err"
for d in spine01 spine02 leaf01 leaf04 'gpu002 mlx5_0'; do
	fa_expect_grep "InfiniBand node $d is on the map" "<g class=\"node [^\"]*\"[^>]* data-device=\"$d\"" \
		"$FA_TMP/ib.dom"
done
fa_expect_grep "a spine is in the spines' row (tier 2)" 'data-device="spine01"[^>]* data-tier="2"' "$FA_TMP/ib.dom"
fa_expect_grep "the link running at 1X is red" \
	'<line class="link s-error[^"]*"[^>]* data-a="gpu002 mlx5_0" data-ap="gpu002 mlx5_0/1" data-b="leaf01"' \
	"$FA_TMP/ib.dom"
fa_expect_grep "clicking an InfiniBand switch shows the findings on its ports (its 1X link and the port behind which discovery stopped)" \
	'2 of 7 shown \(ports of leaf01\)' "$FA_TMP/ib.dom"

# 8. A fabric of 560 devices: boxes with counts, a click draws a pod's devices.
"$FA_BUILDDIR/bench/bench-rules" --hosts 320 --write "$FA_TMP/big-snap.json" 2>/dev/null ||
	fa_fail "bench-rules writes a 320-host fabric"
fa_run audit -s "$FA_TMP/big-snap.json" --format html -o "$FA_TMP/big.html"
fa_expect_rc "the 560-device fabric is audited (seeded faults)" 1
n=$(grep -c 'data-device=' "$FA_TMP/big.html")
boxes=$(grep -o '<g class="box ' "$FA_TMP/big.html" | wc -l)
if [ "$boxes" -gt 5 ] && [ "$boxes" -lt 100 ] && ! grep -q '<g class="node ' "$FA_TMP/big.html"; then
	fa_ok "a large fabric is drawn as $boxes boxes, no device by device"
else
	fa_fail "a large fabric is drawn as boxes, not device by device ($boxes boxes)"
fi
fa_expect_grep "a pod box says what it holds" '32 hosts, 8 switches' "$FA_TMP/big.html"
fa_expect_grep "the rails of the rail-optimised fabric are listed" '<span class="rails-label">8 rails</span>' \
	"$FA_TMP/big.html"
browse "$FA_TMP/big.html" 'click:#map-svg g.box[data-nodes]' wait:300 \
	'click:#map-detail-svg g.node[data-device^="gpu"]' wait:300 "dom:$FA_TMP/big.dom" \
	width:1400 "shot:$FA_TMP/big-1400.png" ||
	fa_fail "Chromium drills into a box and clicks a host" "$FA_TMP/browser.err"
n=$(grep -o '<g class="node [^"]*"[^>]*data-device="gpu' "$FA_TMP/big.dom" | wc -l)
if [ "$n" -ge 8 ]; then
	fa_ok "clicking a box draws its devices ($n hosts)"
else
	fa_fail "clicking a box draws its devices ($n hosts)" "$FA_TMP/big.dom"
fi
fa_expect_grep "clicking a host of the drill-down opens its panel" \
	'<aside class="device-panel" id="device-panel"><div class="panel-head"><h3 class="mono">gpu' \
	"$FA_TMP/big.dom"

if [ -n "${FA_SCREENSHOT_DIR:-}" ]; then
	mkdir -p "$FA_SCREENSHOT_DIR" &&
		cp "$FA_TMP/map-1400.png" "$FA_TMP/map-800.png" "$FA_TMP/big-1400.png" "$FA_SCREENSHOT_DIR/"
fi

fa_done
