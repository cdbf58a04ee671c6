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
	fa_expect_grep "$cmd names the unknown option in one line" \
		"^fabric-audit $cmd: unknown (option|subcommand) '--no-such-option'" "$FA_TMP/err"
done

fa_run audti
fa_expect_grep "a mistyped command gets a suggestion" \
	"'audti' is not a command \(did you mean 'audit'\?\)" "$FA_TMP/err"
fa_run audit --fromat json
fa_expect_rc "a mistyped option exits 64" 64
fa_expect_grep "a mistyped long option gets a suggestion" \
	"^fabric-audit audit: unknown option '--fromat' \(did you mean '--format'\?\)\$" \
	"$FA_TMP/err"
fa_run rules list --formt json
fa_expect_grep "a mistyped option of a subcommand's subcommand gets a suggestion" \
	"^fabric-audit rules: unknown option '--formt' \(did you mean '--format'\?\)\$" \
	"$FA_TMP/err"
fa_run collect -i
fa_expect_grep "a missing value names the option" \
	"^fabric-audit collect: option '-i' needs a value\$" "$FA_TMP/err"
fa_run diff a.json b.json --allow
fa_expect_grep "a missing value of a long option names it" \
	"^fabric-audit diff: option '--allow' needs a value\$" "$FA_TMP/err"
fa_run audit --no-default-rules=yes
fa_expect_grep "a value given to a flag is refused by name" \
	"^fabric-audit audit: option '--no-default-rules' takes no value\$" "$FA_TMP/err"
fa_run report -Z
fa_expect_grep "an unknown short option is named" \
	"^fabric-audit report: unknown option '-Z'\$" "$FA_TMP/err"
if [ "$(grep -c . "$FA_TMP/err")" -eq 2 ]; then
	fa_ok "an option error is one line and a hint to --help"
else
	fa_fail "an option error is one line and a hint to --help" "$FA_TMP/err"
fi
fa_run rules lsit
fa_expect_grep "a mistyped subcommand gets a suggestion" \
	"unknown subcommand 'lsit' \(did you mean 'list'\?\)" "$FA_TMP/err"
fa_run rules explain mtu.rdma.jumob
fa_expect_rc "an unknown rule id exits 65" 65
fa_expect_grep "a mistyped rule id gets a suggestion" \
	"no loaded rule has the id 'mtu.rdma.jumob' \(did you mean 'mtu.rdma.jumbo'\?\)" \
	"$FA_TMP/err"
fa_run rules explain mtu
fa_expect_grep "a rule family names its rules" \
	"no loaded rule has the id 'mtu'; rules of that family: .*mtu.rdma.jumbo" "$FA_TMP/err"

# -q and -v on every command
inv="$FA_SRCDIR/examples/roce-pod/inventory.yaml"
fa_run collect -q -i "$inv" -o "$FA_TMP/q.json"
fa_expect_rc "collect -q collects (exit 0)" 0
if [ ! -s "$FA_TMP/err" ]; then
	fa_ok "-q leaves standard error empty when nothing went wrong"
else
	fa_fail "-q leaves standard error empty when nothing went wrong" "$FA_TMP/err"
fi
fa_run collect -i "$inv" -o "$FA_TMP/v.json" --verbose
fa_expect_grep "-v gives a line for every device, ok ones too" '^fabric-audit: gpu04: ok$' \
	"$FA_TMP/err"
if [ "$(grep -c ': ok$' "$FA_TMP/err")" -eq 7 ]; then
	fa_ok "-v gives one line for each of the 7 devices"
else
	fa_fail "-v gives one line for each of the 7 devices" "$FA_TMP/err"
fi
for cmd in $("$FA" --help | sed -n 's/^  \([a-z]*\) .*/\1/p'); do
	fa_run "$cmd" -q --help
	fa_expect_rc "$cmd takes -q" 0
	fa_run "$cmd" --verbose --help
	fa_expect_rc "$cmd takes --verbose" 0
done

# colour on a terminal (a pty made by script(1)), and NO_COLOR (no-color.org)
if command -v script >/dev/null 2>&1; then
	inv="$FA_SRCDIR/examples/roce-pod/inventory.yaml"
	script -qc "'$FA' run -i '$inv'" /dev/null >"$FA_TMP/tty" 2>&1
	fa_expect_grep "the text report is coloured on a terminal" "$(printf '\033')\\[" "$FA_TMP/tty"
	NO_COLOR=1 script -qc "'$FA' run -i '$inv'" /dev/null >"$FA_TMP/tty" 2>&1
	fa_expect_no_grep "NO_COLOR turns colour off on a terminal" "$(printf '\033')\\[" \
		"$FA_TMP/tty"
	NO_COLOR=1 script -qc "'$FA' run -i '$inv' --color always" /dev/null >"$FA_TMP/tty" 2>&1
	fa_expect_grep "--color always wins over NO_COLOR" "$(printf '\033')\\[" "$FA_TMP/tty"
else
	fa_fail "script(1) (bsdutils) is there to make a terminal"
fi

# output cut short by its reader: 120 KB of snapshot into 'head -c 1' (more than a pipe holds)
{
	"$FA" collect -i "$FA_SRCDIR/examples/roce-pod/inventory.yaml" -o - 2>"$FA_TMP/err"
	echo $? >"$FA_TMP/rc"
} | head -c 1 >/dev/null
if [ "$(cat "$FA_TMP/rc")" = 0 ]; then
	fa_ok "output cut by its reader ends with status 0"
else
	fa_fail "output cut by its reader ends with status 0, not $(cat "$FA_TMP/rc")" "$FA_TMP/err"
fi
fa_expect_no_grep "output cut by its reader is not reported as an error" \
	'Broken pipe|cannot write|spool' "$FA_TMP/err"

fa_done
