#!/bin/sh
# SPDX-License-Identifier: MIT
# A kill -9 at a random moment of a drift run (collect is replaced by a large --snapshot so
# the run spends its time storing, diffing and moving the baseline) always leaves a baseline
# pointer that names a complete, readable snapshot: the previous baseline or the new one.
# 30 kills, then one run that must succeed and leave no temporary file behind.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/drift-lib.sh"

H="$FA_TMP/history"
KILLS=30
# Every drift run audits too; the generated 128-host pod is 4:1 oversubscribed by design.
SKIP="--skip topology.oversubscription.error"

# 128 hosts x 4 NICs (648 ports): each run spends a few hundred milliseconds writing,
# diffing and moving the baseline, a window the random kills below land in.
fa_fw_snapshot big --hosts 128 --nics 4 --spines 4 --uplinks 8

fa_run drift -H "$H" --snapshot "$FA_TMP/big.json" --keep 4 $SKIP
fa_expect_rc "the first run records the baseline" 0
# The shortest of three runs, so a busy machine does not stretch the window past the run.
took=0
for n in 1 2 3; do
	start=$(date +%s%N)
	fa_run drift -H "$H" --snapshot "$FA_TMP/big.json" --keep 4 $SKIP
	t=$(( ($(date +%s%N) - start) / 1000000 ))
	[ "$took" -eq 0 ] || [ "$t" -lt "$took" ] && took=$t
done
fa_expect_rc "later runs move it" 0
echo "# one run takes ${took} ms"
[ "$took" -gt 20 ] || took=20

# rand N: a random integer in [0, N).
rand() {
	echo $(( $(od -An -N2 -tu2 /dev/urandom | tr -d ' ') % $1 ))
}

bad=0
midrun=0
i=0
while [ "$i" -lt "$KILLS" ]; do
	prev=$(cat "$H/baseline")
	"$FA" drift -H "$H" --snapshot "$FA_TMP/big.json" --keep 4 $SKIP >/dev/null 2>&1 &
	pid=$!
	ms=$(rand "$took")
	sleep "$(printf '%d.%03d' $((ms / 1000)) $((ms % 1000)))"
	if kill -9 "$pid" 2>/dev/null; then
		midrun=$((midrun + 1))
	fi
	wait "$pid" 2>/dev/null
	now=$(cat "$H/baseline" 2>/dev/null)
	if [ -z "$now" ]; then
		echo "kill $i after ${ms} ms: the baseline pointer is gone or empty"
		bad=$((bad + 1))
	elif ! timeout 60 "$FA" diff "$H/$now" "$H/$now" >/dev/null 2>"$FA_TMP/load.err"; then
		echo "kill $i after ${ms} ms: the baseline $now does not load:"
		cat "$FA_TMP/load.err"
		bad=$((bad + 1))
	elif [ "$now" != "$prev" ] && ! [ "$now" \> "$prev" ] &&
		[ "${#now}" -le "${#prev}" ]; then
		echo "kill $i: the baseline went back from $prev to $now"
		bad=$((bad + 1))
	fi
	i=$((i + 1))
done
echo "# $midrun of $KILLS kills hit a running process"
if [ "$bad" -eq 0 ]; then
	fa_ok "after each of $KILLS kill -9 the baseline names a complete, loadable snapshot"
else
	fa_fail "after each of $KILLS kill -9 the baseline names a complete, loadable snapshot ($bad bad)"
fi
if [ "$midrun" -ge $((KILLS / 4)) ]; then
	fa_ok "most kills hit a run in progress ($midrun of $KILLS)"
else
	fa_fail "most kills hit a run in progress (only $midrun of $KILLS)"
fi

# The next run cleans up after the killed ones and works.
fa_run drift -H "$H" --snapshot "$FA_TMP/big.json" --keep 4 $SKIP
fa_expect_rc "a run after the kills succeeds" 0
if ls -A "$H" | grep -q '\.tmp\.'; then
	ls -A "$H" >"$FA_TMP/ls.out"
	fa_fail "no temporary file is left once a run completes" "$FA_TMP/ls.out"
else
	fa_ok "no temporary file is left once a run completes"
fi
n=$(ls "$H" | grep -c '^snapshot-')
[ "$n" -le 4 ] && fa_ok "rotation still holds the history at --keep 4 ($n)" ||
	fa_fail "rotation still holds the history at --keep 4 ($n)"

fa_done
