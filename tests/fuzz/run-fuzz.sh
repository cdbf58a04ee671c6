#!/bin/sh
# SPDX-License-Identifier: MIT
# A short libFuzzer run of every parser family and of the JSON reader (only built with
# ./configure --enable-fuzzing): each target starts from its seed corpus
# (tests/fuzz/seeds/<family>.list, jsonread.list: real outputs in tests/fixtures/upstream and
# the project's own samples) and runs for FA_FUZZ_SECONDS (10).
# A crash, leak, sanitizer report or contract violation (a failure without a message, a model
# that cannot be written, a snapshot that does not read back equal) fails the test and leaves
# the input that caused it in the log.
# The long run (10 minutes a family), in a build configured with CC=clang --enable-fuzzing:
#   FA_FUZZ_SECONDS=600 make check TESTS=tests/fuzz/run-fuzz.sh
# FA_FUZZ_FAMILIES="eos ib" runs only some (jsonread is the JSON reader's target), e.g. two
# halves side by side on two CPUs, run directly (README, "Fuzzing"):
#   FA_BUILDDIR=$PWD FA_FUZZ_SECONDS=600 FA_FUZZ_FAMILIES="eos ib" sh ../tests/fuzz/run-fuzz.sh
. "$(dirname "$0")/../integration/lib.sh"

: "${FA_BUILDDIR:=$FA_SRCDIR}"
: "${FA_FUZZ_SECONDS:=10}"
: "${FA_FUZZ_FAMILIES:=cumulus eos ib junos linux nxos onyx openconfig sonic jsonread}"

for fam in $FA_FUZZ_FAMILIES; do
	case "$fam" in
	jsonread) name=fuzz-jsonread ;;
	*) name="fuzz-parse-$fam" ;;
	esac
	target="$FA_BUILDDIR/tests/fuzz/$name"
	seeds="$FA_SRCDIR/tests/fuzz/seeds/$fam.list"
	corpus="$FA_TMP/corpus-$fam"
	if [ ! -x "$target" ]; then
		fa_fail "$name is built"
		continue
	fi
	mkdir -p "$corpus"
	n=0
	while IFS= read -r line; do
		case "$line" in
		fixtures:*) src="$FIXTURES/${line#fixtures:}" ;;
		src:*) src="$FA_SRCDIR/${line#src:}" ;;
		*) continue ;;
		esac
		if [ -r "$src" ]; then
			n=$((n + 1))
			cp "$src" "$corpus/seed-$n"
		else
			fa_fail "the seed $line of $fam.list exists"
		fi
	done <"$seeds"
	# -timeout: one input taking FA_FUZZ_TIMEOUT seconds (20; an input is at most 64 KiB,
	# parsed in milliseconds on a quiet machine, so even a machine loaded 15 times over
	# stays far below) is a hang; -rss_limit_mb bounds memory.  Each family's findings get
	# their own prefix, and are kept in the build folder (tests/fuzz/artifacts/).
	art="$FA_BUILDDIR/tests/fuzz/artifacts"
	mkdir -p "$art"
	rm -f "$art/$fam-"*
	if (cd "$FA_TMP" && timeout $((FA_FUZZ_SECONDS + 120)) "$target" \
		-max_total_time="$FA_FUZZ_SECONDS" -timeout="${FA_FUZZ_TIMEOUT:-20}" \
		-rss_limit_mb=2048 -artifact_prefix="$art/$fam-" -print_final_stats=1 \
		"$corpus") >"$FA_TMP/fuzz-$fam.log" 2>&1; then
		runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$FA_TMP/fuzz-$fam.log")
		fa_ok "$name: $n seeds, ${runs:-?} runs in ${FA_FUZZ_SECONDS}s, nothing found"
	else
		fa_fail "$name: $n seeds, ${FA_FUZZ_SECONDS}s" "$FA_TMP/fuzz-$fam.log"
		ls "$art/$fam-"* 2>/dev/null | while read -r f; do
			echo "--- kept: $f ($(wc -c <"$f") bytes; rerun: $target $f)"
		done
	fi
done

fa_done
