#!/bin/sh
# SPDX-License-Identifier: MIT
# fabric-audit inventory show: the resolved devices as a table and as JSON, exit 65 with one
# "file:line:column: message" line for a bad inventory, exit 64 for a bad command line.
. "$(dirname "$0")/lib.sh"

GOLDEN="$FA_SRCDIR/tests/integration/t1001"
# Run from the fixture folder so that paths in the output do not depend on the checkout.
cd "$FA_SRCDIR/tests/fixtures/inventory" || fa_skip "no inventory fixtures"

# expect_one_line DESCRIPTION TEXT: stderr of the last run is exactly the line TEXT.
expect_one_line() {
	printf '%s\n' "$2" >"$FA_TMP/want"
	if cmp -s "$FA_TMP/want" "$FA_TMP/err"; then
		fa_ok "$1"
	else
		fa_fail "$1 (stderr is not the one expected line)" "$FA_TMP/want" "$FA_TMP/err"
	fi
}

FA_SWITCH_PASSWORD='s3cret-Passw0rd'
export FA_SWITCH_PASSWORD

fa_run inventory show -i good.yaml
fa_expect_rc "a good inventory shows with exit 0" 0
fa_expect_golden "the text table matches its golden" "$GOLDEN/good.txt" "$FA_TMP/out"

fa_run inventory show -i good.yaml --format json
fa_expect_rc "a good inventory shows as JSON with exit 0" 0
fa_expect_golden "the JSON matches its golden" "$GOLDEN/good.json" "$FA_TMP/out"
fa_expect_no_grep "the JSON never holds the password" 's3cret-Passw0rd' "$FA_TMP/out"
fa_expect_grep "the JSON names the password variable" '"password_env": "FA_SWITCH_PASSWORD"' \
	"$FA_TMP/out"

fa_run inventory show -f json -i good.json
fa_expect_rc "a JSON inventory shows with exit 0" 0
fa_expect_grep "a two-bracket range expands" '"name": "r2n02"' "$FA_TMP/out"

fa_run inventory show -i hosts.ini
fa_expect_rc "an Ansible INI inventory shows with exit 0" 0
fa_expect_golden "the INI import matches its golden" "$GOLDEN/hosts.txt" "$FA_TMP/out"

fa_run inventory show --help
fa_expect_rc "--help exits 0" 0
fa_expect_grep "--help prints the usage" '^usage: fabric-audit inventory show -i FILE' \
	"$FA_TMP/out"

fa_run --help
fa_expect_grep "the command list has inventory" '^  inventory ' "$FA_TMP/out"

# Bad data: exit 65 and exactly one line naming file, line and column.
# The list of known platforms is the one 'parse --list' prints.
platforms=$("$FA" parse --list | sed -n 's/^\([a-z0-9_-]*\) (.*/\1/p' | paste -sd, | sed 's/,/, /g')
while IFS='|' read -r file msg; do
	msg=$(printf '%s' "$msg" | sed "s/\$platforms/$platforms/")
	fa_run inventory show -i "$file"
	fa_expect_rc "$file exits 65" 65
	expect_one_line "$file is reported as one line" "fabric-audit: $file:$msg"
done <<'LIST'
bad-unknown-key.yaml|12:5: unknown key 'plaform' (did you mean 'platform'?)
bad-password.yaml|6:5: passwords are not stored in the inventory: put it in an environment variable and give the variable's name with 'password_env'
bad-type.yaml|3:9: 'tags' must be a list of strings
bad-duplicate.yaml|7:11: device 'leaf1' is defined twice (first at line 4)
bad-range.yaml|7:9: range 010-005 in host range 'gpu[010-005]' is reversed
bad-platform.yaml|3:15: unknown platform 'cumuls' (did you mean 'cumulus'? known platforms: $platforms)
bad-no-platform.yaml|7:11: device 'gpu001' has no platform (set 'platform' in defaults, one of its groups or its device entry)
bad-syntax.yaml|5:4: did not find expected '-' indicator
bad-ini-password.ini|3:29: passwords are not stored in the inventory: put it in an environment variable and give the variable's name with 'fabric_audit_password_env'
bad-ini-unknown-var.ini|5:1: unknown variable 'fabric_audit_plaform' (did you mean 'fabric_audit_platform'?)
LIST

fa_run inventory show -i no-such-inventory.yaml
fa_expect_rc "a missing file exits 65" 65
expect_one_line "a missing file is named" \
	"fabric-audit: no-such-inventory.yaml: No such file or directory"

# Bad command lines: exit 64.
fa_run inventory show
fa_expect_rc "show without -i exits 64" 64
fa_expect_grep "show without -i says what is missing" 'an inventory file is needed' "$FA_TMP/err"
fa_run inventory show -i good.yaml --format xml
fa_expect_rc "an unknown format exits 64" 64
fa_run inventory show -i good.yaml extra
fa_expect_rc "an extra argument exits 64" 64
fa_run inventory show --bogus
fa_expect_rc "an unknown option exits 64" 64
fa_run inventory list
fa_expect_rc "an unknown subcommand exits 64" 64
fa_run inventory
fa_expect_rc "no subcommand exits 64" 64

fa_done
