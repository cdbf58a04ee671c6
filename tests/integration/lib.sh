# SPDX-License-Identifier: MIT
# Shared by every integration test: tests/integration/tNNNN-<area>-<what>.sh
# Families by first digit: 0 CLI, 1 inventory, 2 replay/collect, 3 parse, 4 rules, 5 reports,
# 6 diff.  A test script sources this file, calls fa_test for each check and ends with
# fa_done.  Exit 77 means skipped (automake convention).
#
# Environment (set by 'make check'; set them by hand to run one script alone):
#   FA          the fabric-audit binary
#   FA_SRCDIR   the source tree
#   FIXTURES    real outputs published by others (tests/fixtures/upstream)
# FA_TEST_UPDATE=1 rewrites golden files instead of comparing.

set -u

: "${FA_SRCDIR:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${FA:=$FA_SRCDIR/fabric-audit}"
: "${FIXTURES:=$FA_SRCDIR/tests/fixtures/upstream}"

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

# fa_free_port: a TCP port on 127.0.0.1 that nothing listens on now.
fa_free_port() {
	python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# fa_start_sshd DIR PORT [CONFIG-LINE...]: a private OpenSSH sshd on 127.0.0.1:PORT (needs
# root), its keys and config in DIR: DIR/userkey logs in (as root), DIR/known_hosts holds the
# server's key once it answers.  Extra sshd_config lines follow the common ones.  The PID is
# left in $sshd_pid for the script's cleanup; the script is skipped when sshd does not answer
# within 10 s.
fa_start_sshd() {
	sd_dir=$1
	sd_port=$2
	shift 2
	mkdir -p /run/sshd
	ssh-keygen -q -t ed25519 -N '' -f "$sd_dir/hostkey"
	ssh-keygen -q -t ed25519 -N '' -f "$sd_dir/userkey"
	cp "$sd_dir/userkey.pub" "$sd_dir/authorized_keys"
	{
		printf '%s\n' "Port $sd_port" "ListenAddress 127.0.0.1" "HostKey $sd_dir/hostkey" \
			"PidFile none" "AuthorizedKeysFile $sd_dir/authorized_keys" \
			"PasswordAuthentication no" "KbdInteractiveAuthentication no" \
			"PubkeyAuthentication yes" "UsePAM no" "StrictModes no" "PermitRootLogin yes"
		for sd_line in "$@"; do
			printf '%s\n' "$sd_line"
		done
	} >"$sd_dir/sshd_config"
	/usr/sbin/sshd -D -f "$sd_dir/sshd_config" -E "$sd_dir/sshd.log" &
	sshd_pid=$!
	sd_i=0
	until ssh-keyscan -p "$sd_port" 127.0.0.1 >"$sd_dir/known_hosts" 2>/dev/null &&
		[ -s "$sd_dir/known_hosts" ]; do
		sleep 0.1
		sd_i=$((sd_i + 1))
		[ $sd_i -lt 100 ] || fa_skip "the private sshd did not start: $(cat "$sd_dir/sshd.log")"
	done
}

# "rule | subject | message" of every finding of JSON report $1, sorted by rule and subject.
fa_findings_messages() {
	python3 -c "
import json, sys
r = json.load(open(sys.argv[1]))
for f in sorted(r['findings'], key=lambda f: (f['rule'], f['subject_text'])):
    print(f['rule'], '|', f['subject_text'], '|', f['message'])
" "$1"
}

# fa_expect_no_rule_findings LIST RULE...: one check per RULE that the findings LIST (lines
# "rule | ..." as fa_findings_messages prints them) has none of it.
fa_expect_no_rule_findings() {
	fa_list=$1
	shift
	for fa_rule in "$@"; do
		if grep -q "^$fa_rule " "$fa_list"; then
			fa_fail "the bundled example has no $fa_rule finding" "$fa_list"
		else
			fa_ok "the bundled example has no $fa_rule finding"
		fi
	done
}

# "severity rule subject" of the findings of JSON report $2 that report $1 does not have, sorted.
fa_new_findings() {
	python3 -c "
import json, sys
key = lambda f: (f['severity'], f['rule'], f['subject_text'])
old = {key(f) for f in json.load(open(sys.argv[1]))['findings']}
for k in sorted({key(f) for f in json.load(open(sys.argv[2]))['findings']} - old):
    print(*k)
" "$1" "$2"
}

# "severity rule subject" of every finding of rule $2 in JSON report $1, sorted by subject.
fa_rule_findings() {
	python3 -c "
import json, sys
r = json.load(open(sys.argv[1]))
for f in sorted(r['findings'], key=lambda f: f['subject_text']):
    if f['rule'] == sys.argv[2]:
        print(f['severity'], f['rule'], f['subject_text'])
" "$1" "$2"
}

# "rule subject" of every not-evaluable check of JSON report $1.
fa_not_evaluable() {
	python3 -c "
import json, sys
r = json.load(open(sys.argv[1]))
for n in r['coverage']['not_evaluable']:
    print(n['rule'], n['subject'])
" "$1"
}

# "rule platform subjects" of every not-applicable-on-platform count of JSON report $1.
fa_platform_na() {
	python3 -c "
import json, sys
r = json.load(open(sys.argv[1]))
for n in r['coverage']['not_applicable_platforms']:
    print(n['rule'], n['platform'], n['subjects'])
" "$1"
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
