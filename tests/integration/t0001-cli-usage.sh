#!/bin/sh
# SPDX-License-Identifier: MIT
# The command line itself: help, version, unknown commands and options, exit codes.
. "$(dirname "$0")/lib.sh"

fa_run --help
fa_expect_rc "--help exits 0" 0
fa_expect_grep "--help lists the commands" '^  run ' "$FA_TMP/out"
fa_expect_grep "--help documents exit code 65" '65  bad input data' "$FA_TMP/out"

fa_run --version
fa_expect_rc "--version exits 0" 0
fa_expect_grep "--version names the program" '^fabric-audit [0-9]+\.[0-9]+' "$FA_TMP/out"

fa_run
fa_expect_rc "no command is a usage error" 64

fa_run frobnicate
fa_expect_rc "an unknown command exits 64" 64
fa_expect_grep "an unknown command lists the real ones" "'frobnicate' is not a command.*collect" "$FA_TMP/err"

for cmd in $("$FA" --help | sed -n 's/^  \([a-z]*\) .*/\1/p'); do
	fa_run "$cmd" --help
	fa_expect_rc "$cmd --help exits 0" 0
	fa_expect_grep "$cmd --help starts with its usage" "^usage: fabric-audit $cmd" "$FA_TMP/out"
	fa_run "$cmd" --no-such-option
	fa_expect_rc "$cmd with an unknown option exits 64" 64
done

fa_done
