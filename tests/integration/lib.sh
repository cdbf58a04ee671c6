# SPDX-License-Identifier: MIT
# Shared by every integration test: tests/integration/tNNNN-<area>-<what>.sh
# Families by first digit: 0 CLI, 1 inventory, 2 replay/collect, 3 parse, 4 rules, 5 reports,
# 6 diff.  A test script sources this file, calls fa_test for each check and ends with
# fa_done.  Exit 77 means skipped (automake convention).
#
# Environment (set by 'make check'; set them by hand to run one script alone):
#   FA          the fabric-audit binary
#   FA_SRCDIR   the source tree
#   FIXTURES    the shared real-output fixtures
# FA_TEST_UPDATE=1 rewrites golden files instead of comparing.

set -u

: "${FA_SRCDIR:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${FA:=$FA_SRCDIR/fabric-audit}"
: "${FIXTURES:=$FA_SRCDIR/../shared/fixtures}"

fa_passed=0
fa_failed=0
FA_TMP=$(mktemp -d "${TMPDIR:-/tmp}/fa-it.XXXXXX")
trap 'rm -rf "$FA_TMP"' EXIT

# fa_run ARGS...: run the binary; stdout in $FA_TMP/out, stderr in $FA_TMP/err, status in $fa_rc.
# Every run is bounded in time.
fa_run() {
	fa_rc=0
	timeout 120 "$FA" "$@" >"$FA_TMP/out" 2>"$FA_TMP/err" </dev/null || fa_rc=$?
}

fa_ok() {
	fa_passed=$((fa_passed + 1))
	echo "ok - $1"
}

fa_fail() {
	fa_failed=$((fa_failed + 1))
	echo "FAIL - $1"
	shift
	for f in "$@"; do
		[ -f "$f" ] && { echo "--- $f"; head -c 4000 "$f"; echo; }
	done
}

# fa_expect_rc DESCRIPTION CODE: the last fa_run exited with CODE.
fa_expect_rc() {
	if [ "$fa_rc" = "$2" ]; then
		fa_ok "$1"
	else
		fa_fail "$1 (exit $fa_rc, expected $2)" "$FA_TMP/out" "$FA_TMP/err"
	fi
}

# fa_expect_grep DESCRIPTION PATTERN FILE: FILE has a line matching the extended regex.
fa_expect_grep() {
	if grep -Eq -- "$2" "$3"; then
		fa_ok "$1"
	else
		fa_fail "$1 (no line matches /$2/ in $(basename "$3"))" "$3"
	fi
}

# fa_expect_no_grep DESCRIPTION PATTERN FILE
fa_expect_no_grep() {
	if grep -Eq -- "$2" "$3"; then
		fa_fail "$1 (a line matches /$2/ in $(basename "$3"))" "$3"
	else
		fa_ok "$1"
	fi
}

# fa_expect_golden DESCRIPTION GOLDEN ACTUAL: ACTUAL equals GOLDEN (diff -u shown otherwise).
fa_expect_golden() {
	if [ "${FA_TEST_UPDATE:-0}" = 1 ]; then
		cp "$3" "$2"
		fa_ok "$1 (golden updated)"
	elif diff -u "$2" "$3" >"$FA_TMP/golden.diff"; then
		fa_ok "$1"
	else
		fa_fail "$1 (differs from $(basename "$2"))" "$FA_TMP/golden.diff"
	fi
}

# fa_skip REASON: the whole script is skipped.
fa_skip() {
	echo "SKIP: $1"
	exit 77
}

# fa_done: print the summary line and exit non-zero when anything failed.
fa_done() {
	echo "$(basename "$0" .sh): $fa_passed passed, $fa_failed failed"
	[ "$fa_failed" -eq 0 ]
}
