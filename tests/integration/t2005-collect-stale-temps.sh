#!/bin/sh
# SPDX-License-Identifier: MIT
# A run killed during an atomic write leaves "<file>.tmp.<pid>.XXXXXX" beside its target; the
# next write of that target removes its own leftovers (writer gone, or untouched for an hour)
# and nothing else: not a live writer's file, not another target's, not other names.
. "$(dirname "$0")/lib.sh"

ex="$FA_SRCDIR/examples/roce-pod"
d="$FA_TMP/snapdir"
mkdir -p "$d"

# a PID that is surely gone: a child that has exited and was waited for
sh -c 'exit 0' &
dead=$!
wait "$dead"
sleep 30 &
live=$!
trap 'kill "$live" 2>/dev/null; rm -rf "$FA_TMP"' EXIT

: >"$d/snap.json.tmp.$dead.AbC123"		# writer gone: removed
: >"$d/snap.json.tmp.$live.XyZ789"		# writer alive, fresh: kept
: >"$d/snap.json.tmp.Q1w2E3"			# earlier versions' name, 2 h old: removed
touch -d '2 hours ago' "$d/snap.json.tmp.Q1w2E3"
: >"$d/snap.json.tmp.R4t5Y6"			# earlier versions' name, fresh: kept
: >"$d/other.json.tmp.$dead.AbC123"		# another target: kept
: >"$d/snap.json.tmp.notours"			# not our pattern: kept
: >"$d/snap.json.tmp.$dead.toolong1"		# not our pattern: kept

fa_run collect -i "$ex/inventory.yaml" -o "$d/snap.json"
fa_expect_rc "collect -o writes the snapshot" 0
left=$(cd "$d" && ls | sort | tr '\n' ' ')
want=$(printf '%s\n' other.json.tmp.$dead.AbC123 snap.json snap.json.tmp.$dead.toolong1 \
	snap.json.tmp.$live.XyZ789 snap.json.tmp.R4t5Y6 snap.json.tmp.notours | sort | tr '\n' ' ')
if [ "$left" = "$want" ]; then
	fa_ok "stale temporaries of snap.json are gone, everything else is kept"
else
	fa_fail "stale temporaries of snap.json are gone, everything else is kept (left: $left; want: $want)"
fi

# The same for capture files: a killed --save-captures run leaves temporaries per device.
mkdir -p "$FA_TMP/caps/gpu01"
: >"$FA_TMP/caps/gpu01/ibstat.txt.tmp.$dead.AbC123"
fa_run collect -i "$ex/inventory.yaml" -o "$FA_TMP/s2.json" --save-captures "$FA_TMP/caps"
if ls "$FA_TMP/caps/gpu01" | grep -q '\.tmp\.'; then
	fa_fail "a capture folder's leftover temporary is removed on the next save"
else
	fa_ok "a capture folder's leftover temporary is removed on the next save"
fi

kill "$live" 2>/dev/null
fa_done
