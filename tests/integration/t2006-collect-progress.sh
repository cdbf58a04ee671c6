#!/bin/sh
# SPDX-License-Identifier: MIT
# The progress line of a collection: it never goes backwards, is redrawn at most about ten
# times a second (not once per device), ends on every device done with the failures so far
# and an ETA; without a terminal (--progress auto) there is no progress line, only the one
# summary line.
. "$(dirname "$0")/lib.sh"

gen="${FA_BUILDDIR:-$FA_SRCDIR}/bench/gen-fabric"
[ -x "$gen" ] || fa_skip "bench/gen-fabric is not built"
# 256 hosts x 4 NICs: 292 devices, replayed from captures with 8 workers
"$gen" -o "$FA_TMP/fab" --hosts 256 --nics 4 --spines 4 --uplinks 4 >/dev/null

t0=$(date +%s)
fa_run collect -i "$FA_TMP/fab/inventory.yaml" -o "$FA_TMP/fab.json" --jobs 8 --progress always
t1=$(date +%s)
fa_expect_rc "the collection succeeds" 0
tr '\r' '\n' <"$FA_TMP/err" | sed -n 's/^collect: \([0-9]*\)\/\([0-9]*\) devices, \([0-9]*\) failed, .* ETA [0-9]*s *$/\1 \2 \3/p' \
	>"$FA_TMP/draws"
draws=$(wc -l <"$FA_TMP/draws")
if awk 'BEGIN { last = -1 } { if ($1 < last) bad = 1; last = $1 } END { exit bad }' \
	"$FA_TMP/draws"; then
	fa_ok "the progress line never goes backwards ($draws draws)"
else
	fa_fail "the progress line never goes backwards" "$FA_TMP/draws"
fi
limit=$(((t1 - t0 + 1) * 10 + 2))
if [ "$draws" -ge 1 ] && [ "$draws" -le "$limit" ]; then
	fa_ok "it is redrawn at most ~10 times a second ($draws draws in about $((t1 - t0)) s)"
else
	fa_fail "it is redrawn at most ~10 times a second ($draws draws in about $((t1 - t0)) s, limit $limit)" "$FA_TMP/draws"
fi
last=$(tail -1 "$FA_TMP/draws")
n=$(echo "$last" | cut -d' ' -f2)
if [ "$(echo "$last" | cut -d' ' -f1)" = "$n" ] && [ "$(echo "$last" | cut -d' ' -f3)" = 0 ] &&
	[ "$n" -gt 250 ]; then
	fa_ok "the last draw shows every device done and the failures ($last)"
else
	fa_fail "the last draw shows every device done and the failures ($last)" "$FA_TMP/err"
fi
fa_expect_grep "one summary line follows" "^fabric-audit: collected $n of $n devices" "$FA_TMP/err"

# on a terminal (a pty made by script(1)) --progress auto draws it
if command -v script >/dev/null 2>&1; then
	script -qc "'$FA' collect -i '$FA_TMP/fab/inventory.yaml' -o '$FA_TMP/tty.json' --jobs 8" \
		/dev/null >"$FA_TMP/tty" 2>&1
	if tr '\r' '\n' <"$FA_TMP/tty" | grep -q '^collect: [0-9]*/[0-9]* devices, 0 failed, .* ETA '; then
		fa_ok "on a terminal the progress line is drawn without --progress"
	else
		fa_fail "on a terminal the progress line is drawn without --progress" "$FA_TMP/tty"
	fi
else
	fa_fail "script(1) (bsdutils) is there to make a terminal"
fi

# standard error is a file here, so --progress auto draws nothing
fa_run collect -i "$FA_TMP/fab/inventory.yaml" -o "$FA_TMP/fab.json" --jobs 8
fa_expect_no_grep "without a terminal there is no progress line" '^collect: |'"$(printf '\r')" \
	"$FA_TMP/err"
if [ "$(grep -c . "$FA_TMP/err")" -eq 1 ]; then
	fa_ok "without a terminal the collection prints one summary line"
else
	fa_fail "without a terminal the collection prints one summary line" "$FA_TMP/err"
fi

fa_done
