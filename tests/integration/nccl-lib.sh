# SPDX-License-Identifier: MIT
# Shared by the NCCL traffic-class tests (t4015-t4017): copies of the bundled RoCE pod with
# one capture changed the way the host or switch would print it, and the findings of a run.
# Sourced after lib.sh.

nccl_ex="$FA_SRCDIR/examples/roce-pod"

# nccl_pod NAME: a fresh copy of the bundled example in $FA_TMP/NAME
nccl_pod() {
	rm -rf "${FA_TMP:?}/$1"
	cp -r "$nccl_ex" "$FA_TMP/$1"
}

# nccl_findings REPORT [RULE]: "rule subject" of every finding (of RULE), sorted
nccl_findings() {
	python3 -c "
import json, sys
r = json.load(open(sys.argv[1]))
for f in r['findings']:
    if len(sys.argv) < 3 or f['rule'] == sys.argv[2]:
        print(f['rule'], f['subject_text'])
" "$@" | sort
}

# nccl_audit NAME: run the copy NAME; its report is $FA_TMP/NAME.json, its findings
# $FA_TMP/NAME.txt, and those the clean example does not have $FA_TMP/NAME.new
nccl_audit() {
	fa_run run -i "$FA_TMP/$1/inventory.yaml" --json "$FA_TMP/$1.json" -S "$FA_TMP/$1-snap.json"
	if [ ! -s "$FA_TMP/$1.json" ]; then
		fa_fail "the run of $1 writes a report" "$FA_TMP/err"
		: >"$FA_TMP/$1.json"
	fi
	nccl_findings "$FA_TMP/$1.json" >"$FA_TMP/$1.txt"
	[ -f "$FA_TMP/clean.txt" ] || {
		fa_run run -i "$nccl_ex/inventory.yaml" --json "$FA_TMP/clean.json"
		nccl_findings "$FA_TMP/clean.json" >"$FA_TMP/clean.txt"
	}
	comm -13 "$FA_TMP/clean.txt" "$FA_TMP/$1.txt" >"$FA_TMP/$1.new"
}

# nccl_expect_new DESCRIPTION NAME EXPECTED: the findings NAME has beyond the clean example's
# are exactly EXPECTED (lines "rule subject"; empty: none)
nccl_expect_new() {
	printf '%s' "$3" | sed '/^$/d' | sort >"$FA_TMP/$2.want"
	if diff -u "$FA_TMP/$2.want" "$FA_TMP/$2.new" >"$FA_TMP/$2.diff"; then
		fa_ok "$1"
	else
		fa_fail "$1" "$FA_TMP/$2.diff"
	fi
}
