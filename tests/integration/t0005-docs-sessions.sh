#!/bin/sh
# SPDX-License-Identifier: MIT
# The documentation cannot go stale: every command session shown in README.md and docs/
# ("$ COMMAND" blocks) is run again by scripts/doc-sessions and must print what the page
# shows (times and digests aside).  After a change that alters an output, run
#   scripts/doc-sessions --update --builddir BUILD README.md docs/*.md
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null 2>&1 || fa_skip "python3 is not installed"

builddir="${FA_BUILDDIR:-$FA_SRCDIR}"
pages=$(cd "$FA_SRCDIR" && grep -l '^\$ ' README.md docs/*.md docs/platforms/*.md 2>/dev/null)
[ -n "$pages" ] || fa_fail "README.md and docs/ show command sessions"
for page in $pages; do
	if python3 "$FA_SRCDIR/scripts/doc-sessions" --srcdir "$FA_SRCDIR" --builddir "$builddir" \
		"$FA_SRCDIR/$page" >"$FA_TMP/sessions.diff" 2>&1; then
		fa_ok "$page: every session prints what the page shows"
	else
		fa_fail "$page: a session prints something else now" "$FA_TMP/sessions.diff"
	fi
done

# the check can fail: a page whose shown output is wrong is caught
sed 's/collected 7 of 7 devices/collected 6 of 7 devices/' "$FA_SRCDIR/README.md" \
	>"$FA_TMP/README.md"
if python3 "$FA_SRCDIR/scripts/doc-sessions" --srcdir "$FA_SRCDIR" --builddir "$builddir" \
	"$FA_TMP/README.md" >"$FA_TMP/stale.diff" 2>&1; then
	fa_fail "a page with a wrong output is caught"
else
	fa_expect_grep "a page with a wrong output is caught, with a diff" \
		'^\+fabric-audit: collected 7 of 7 devices' "$FA_TMP/stale.diff"
fi

fa_done
