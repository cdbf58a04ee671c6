#!/bin/sh
# SPDX-License-Identifier: MIT
# Port error counters on a live subnet (ibsim + OpenSM, ib-lib.sh): while fabric-audit reads
# the counters twice (--sample), the symbol errors of one HCA port keep rising (ibsim's
# PerformanceSet).  ibsim, like HCAs without the extended error counters, reports them only
# in the basic PortCounters, so this also proves perfquery -a is read: exactly that port is
# reported, every other CA port has its counters and passes.  Then one reading against the
# limits a site sets (ib_counter_max): that port again, and only it.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/ib-lib.sh"
fa_ib_require

python3 "$FA_SRCDIR/bench/gen-ib-fabric.py" -o "$FA_TMP/gen" --spines 1 --leaves 2 \
	--hcas-per-leaf 2 || fa_ib_fatal "the generator failed"
fa_ib_start "$FA_TMP/gen/net" "$FA_TMP/gen/partitions.conf"

# The rising counter, stopped after the audit.
fa_ib_bump "gpu002 mlx5_0"
FA_IB_RUN_ARGS="--sample 2" fa_ib_audit report
fa_ib_bump_stop
fa_expect_rc "the rising symbol errors fail the audit (exit 1)" 1
cat "$FA_TMP"/caps-report/ib-fabric/perfquery-a-l-*.txt >"$FA_TMP/basic.txt" 2>/dev/null
fa_expect_grep "perfquery -a read the basic counters, gpu002's rising symbol errors among them" \
	'^SymbolErrorCounter:\.*[1-9]' "$FA_TMP/basic.txt"

cat >"$FA_TMP/check.py" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
got = sorted("%s %s:%s" % (f["rule"], f["subject"].get("device"), f["subject"].get("port"))
             for f in r["findings"])
want = ["health.symbol_errors ib-fabric:gpu002 mlx5_0/1"]
bad = 0
if got != want:
    print("findings:", got, "expected:", want)
    bad = 1
counts = {x["id"]: x["counts"] for x in r["rules"]}
# Every CA port (4 GPU HCAs, 2 SM HCAs) had its symbol errors read twice.
sym = counts["health.symbol_errors"]
if sym["pass"] + sym["fail"] != 6:
    print("health.symbol_errors counts:", sym)
    bad = 1
if r["summary"]["not_evaluable"] != 0:
    print("not evaluable:", r["summary"])
    bad = 1
sys.exit(bad)
PY
if python3 "$FA_TMP/check.py" "$FA_TMP/report.json" >"$FA_TMP/check.out" 2>&1; then
	fa_ok "exactly gpu002 mlx5_0/1 is reported, every CA port's symbol errors were read"
else
	fa_fail "exactly gpu002 mlx5_0/1 is reported, every CA port's symbol errors were read" \
		"$FA_TMP/check.out" "$FA_TMP/err"
fi


# Against the site's limits (counters are read with --sample, or by drift): the symbol
# errors gpu002's port accumulated are over 10, every other CA port is at 0.
printf 'params:\n  ib_counter_max: { symbol_errors: 10, link_down_events: 1 }\n' \
	>"$FA_TMP/limits.yaml"
FA_IB_RUN_ARGS="--sample 1 --policy limits.yaml --select ib.counters.max" fa_ib_audit limits
fa_expect_rc "a port over the site's symbol error limit fails the audit (exit 1)" 1
fa_ib_only "... exactly gpu002 mlx5_0/1; the five other CA ports pass" \
	"$FA_TMP/limits.json" ib.counters.max port "gpu002 mlx5_0/1" 5

fa_done
