#!/bin/sh
# SPDX-License-Identifier: MIT
# The Prometheus textfile of an audit carries per-port health series (node_exporter naming):
# counters as read (_total, durations in seconds), the rates of the two readings, BER and
# module readings, labelled device, port and priority or lane; only ports with the data have
# them.  The text is checked for the exposition format here (promtool too when installed).
# The snapshot is the hand-made one of the health rules (tests/fixtures/rules/SOURCES.md).
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null 2>&1 || fa_skip "python3 is not installed"

snap="$FA_SRCDIR/tests/fixtures/rules/snapshot-health.json"
P="$FA_TMP/health.prom"
fa_run audit -s "$snap" --prometheus "$P" -o /dev/null
fa_expect_rc "the seeded faults fail the audit: exit 1" 1

python3 - "$P" >"$FA_TMP/format.err" 2>&1 <<'PY' &&
import re, sys
name = r"[a-zA-Z_:][a-zA-Z0-9_:]*"
sample = re.compile(r"^(%s)\{((?:[a-zA-Z_][a-zA-Z0-9_]*=\"(?:[^\"\\\n]|\\.)*\",?)*)\} (-?[0-9.e+-]+|NaN|[+-]Inf)$" % name)
typed, helped, done, series = {}, set(), set(), set()
current = None
for n, line in enumerate(open(sys.argv[1]), 1):
    line = line.rstrip("\n")
    m = re.match(r"^# (HELP|TYPE) (%s) (.*)$" % name, line)
    if m:
        kind, metric, rest = m.groups()
        if kind == "TYPE":
            assert metric not in typed, "%d: second TYPE for %s" % (n, metric)
            assert rest in ("counter", "gauge"), (n, rest)
            typed[metric] = rest
        else:
            assert metric not in helped, "%d: second HELP for %s" % (n, metric)
            helped.add(metric)
        if current and current != metric:
            done.add(current)
        current = metric
        continue
    m = sample.match(line)
    assert m, "%d: not a sample: %r" % (n, line)
    metric = m.group(1)
    assert metric == current and metric not in done, "%d: %s outside its TYPE block" % (n, metric)
    assert (metric, m.group(2)) not in series, "%d: duplicate series %s" % (n, line)
    series.add((metric, m.group(2)))
    if typed[metric] == "counter":
        assert metric.endswith("_total"), "%d: counter %s without _total" % (n, metric)
    float(m.group(3))
assert helped == set(typed), set(typed) ^ helped
print(len(series), "series")
PY
	fa_ok "the textfile is valid exposition format: one TYPE and HELP per metric, samples grouped, counters named _total, no duplicate series" ||
	fa_fail "the textfile is valid exposition format" "$FA_TMP/format.err"
if command -v promtool >/dev/null 2>&1; then
	promtool check metrics <"$P" >"$FA_TMP/promtool.out" 2>&1 &&
		fa_ok "promtool check metrics accepts it" ||
		fa_fail "promtool check metrics accepts it" "$FA_TMP/promtool.out"
fi

L='command="audit",device="gpu1",port="ens1f0np0"'
fa_expect_grep "pause frames as read, per priority" \
	"^fabric_audit_port_tx_pause_total\\{$L,priority=\"3\"\\} 240080\$" "$P"
fa_expect_grep "a counter is a counter" '^# TYPE fabric_audit_port_tx_pause_total counter$' "$P"
fa_expect_grep "the pause rate of the interval, per priority" \
	"^fabric_audit_port_tx_pause_per_second\\{$L,priority=\"3\"\\} 24000\$" "$P"
fa_expect_grep "a rate is a gauge" '^# TYPE fabric_audit_port_tx_pause_per_second gauge$' "$P"
fa_expect_grep "pause durations in seconds" \
	"^fabric_audit_port_tx_pause_duration_seconds_total\\{$L,priority=\"3\"\\} 9.0015\$" "$P"
fa_expect_grep "the share of the interval paused" \
	"^fabric_audit_port_tx_pause_duration_ratio\\{$L,priority=\"3\"\\} 0.9\$" "$P"
fa_expect_grep "CRC errors as read and their rate" \
	'^fabric_audit_port_crc_errors_per_second\{command="audit",device="leaf1",port="swp31"\} 4$' "$P"
fa_expect_grep "the pre-FEC BER" \
	'^fabric_audit_port_pre_fec_ber\{command="audit",device="leaf1",port="swp31"\} 2.5e-07$' "$P"
fa_expect_grep "module Rx power per lane, in dBm" \
	'^fabric_audit_port_module_rx_power_dbm\{command="audit",device="gpu2",port="ens1f0np0",lane="1"\} -14.8$' "$P"
fa_expect_grep "the interval of the readings" \
	"^fabric_audit_port_health_interval_seconds\\{$L\\} 10\$" "$P"
if grep -q 'device="gpu3"' "$P"; then
	fa_fail "a host whose counters were not read has no port series" "$P"
else
	fa_ok "a host whose counters were not read has no port series"
fi
if grep -q '_per_second{[^}]*port="swp4"' "$P"; then
	fa_fail "a port read once has counters but no rates" "$P"
else
	fa_expect_grep "a port read once has counters but no rates" \
		'^fabric_audit_port_crc_errors_total\{command="audit",device="leaf1",port="swp4"\} 2$' "$P"
fi
if grep -q '^fabric_audit_port_crc_errors_per_second{[^}]*port="swp5"' "$P"; then
	fa_fail "a counter that was reset has no rate" "$P"
else
	fa_ok "a counter that was reset has no rate"
fi

# Without the snapshot (report re-rendered from its JSON) there are no port series.
fa_run audit -s "$snap" -f json -o "$FA_TMP/r.json"
fa_run report "$FA_TMP/r.json" -f prometheus
if grep -q '^fabric_audit_port_' "$FA_TMP/out"; then
	fa_fail "a report rendered from its JSON has no port series" "$FA_TMP/out"
else
	fa_expect_grep "a report rendered from its JSON still has the run series" \
		'^fabric_audit_findings\{command="audit",rule="health.crc_errors",severity="error"\} 1$' \
		"$FA_TMP/out"
fi

fa_done
