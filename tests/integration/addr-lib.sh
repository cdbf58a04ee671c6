# SPDX-License-Identifier: MIT
# Shared by t4020-t4024 (duplicate addresses, rails): copies of the bundled example with one
# fault, and the findings they add.  Sourced after lib.sh.

ex="$FA_SRCDIR/examples/roce-pod"

# addr_findings REPORT: "rule<TAB>subject_text<TAB>message" of every finding, sorted.
addr_findings() {
	python3 -c "
import json, sys
r = json.load(open(sys.argv[1]))
for f in sorted(r['findings'], key=lambda f: (f['rule'], f['subject_text'])):
    print(f['rule'], f['subject_text'], f['message'], sep='\t')
" "$1"
}

# addr_run NAME DIR: audit the pod in DIR (snapshot $FA_TMP/NAME-snap.json); its findings in
# $FA_TMP/NAME.txt, the findings the clean example does not have in $FA_TMP/NAME.new.
addr_run() {
	fa_run run -i "$2/inventory.yaml" --json "$FA_TMP/$1.json" -S "$FA_TMP/$1-snap.json"
	if [ ! -s "$FA_TMP/$1.json" ]; then
		fa_fail "the audit of $1 writes a report" "$FA_TMP/err"
		return
	fi
	addr_findings "$FA_TMP/$1.json" >"$FA_TMP/$1.txt"
	if [ "$1" != clean ]; then
		cut -f1,2 "$FA_TMP/clean.txt" >"$FA_TMP/clean.keys"
		cut -f1,2 "$FA_TMP/$1.txt" | grep -vxF -f "$FA_TMP/clean.keys" >"$FA_TMP/$1.new" || :
	fi
}

# addr_expect_new NAME DESCRIPTION EXPECTED: the findings NAME adds are exactly EXPECTED
# (lines "rule<TAB>subject_text"; empty for none).
addr_expect_new() {
	printf '%s' "$3" >"$FA_TMP/$1.want"
	[ -n "$3" ] && echo >>"$FA_TMP/$1.want"
	if diff -u "$FA_TMP/$1.want" "$FA_TMP/$1.new" >"$FA_TMP/$1.diff"; then
		fa_ok "$2"
	else
		fa_fail "$2" "$FA_TMP/$1.diff"
	fi
}

# addr_copy NAME: a fresh copy of the example in $FA_TMP/NAME; prints its captures folder.
addr_copy() {
	rm -rf "${FA_TMP:?}/$1"
	cp -r "$ex" "$FA_TMP/$1"
	echo "$FA_TMP/$1/captures"
}

# The hosts' two GID captures: show_gids, and the sysfs form read without mlnx-tools.
addr_gid_files() {
	echo "$1/show-gids.txt"
	ls "$1"/grep-h-v-x-0000-0000-*.txt
}
