#!/bin/sh
# SPDX-License-Identifier: MIT
# The real outputs copied from other projects (tests/fixtures/upstream) are all accounted for:
# every file has a MANIFEST.tsv row naming its source and a permissive licence, every row
# names a file that is there, and no test or seed list points outside the repository.
. "$(dirname "$0")/lib.sh"

U="$FA_SRCDIR/tests/fixtures/upstream"
M="$U/MANIFEST.tsv"

if [ "$(head -1 "$M")" = "$(printf 'local_path\tkind\tsource\tlicense')" ]; then
	fa_ok "MANIFEST.tsv has the columns local_path, kind, source, license"
else
	fa_fail "MANIFEST.tsv has the columns local_path, kind, source, license" "$M"
fi

(cd "$U" && find . -type f ! -name MANIFEST.tsv ! -name SOURCES.md | sed 's|^\./||' | sort) \
	>"$FA_TMP/files"
tail -n +2 "$M" | cut -f1 | sort -u >"$FA_TMP/rows"
comm -23 "$FA_TMP/files" "$FA_TMP/rows" >"$FA_TMP/unlisted"
comm -13 "$FA_TMP/files" "$FA_TMP/rows" >"$FA_TMP/missing"
if [ -s "$FA_TMP/files" ] && [ ! -s "$FA_TMP/unlisted" ]; then
	fa_ok "every file under tests/fixtures/upstream has a MANIFEST.tsv row ($(wc -l <"$FA_TMP/files") files)"
else
	fa_fail "every file under tests/fixtures/upstream has a MANIFEST.tsv row" "$FA_TMP/unlisted"
fi
if [ ! -s "$FA_TMP/missing" ]; then
	fa_ok "every MANIFEST.tsv row names a file that is there"
else
	fa_fail "every MANIFEST.tsv row names a file that is there" "$FA_TMP/missing"
fi

# A source is a GitHub repository and the path in it (most also name the commit); a licence is a permissive one (the
# rdma-core file is dual-licensed and used under BSD-2-Clause).
tail -n +2 "$M" | awk -F'\t' '
	$3 !~ /^"?github:[^ \/]+\/[^ ]+ [^ ]/ { print "source: " $0 }
	$4 !~ /^(Apache-2\.0|MIT|ISC|BSD-[23]-Clause|CC0-1\.0|IETF Trust simplified BSD|GPL-2\.0 OR BSD-2-Clause)( |$)/ {
		print "licence: " $0 }' >"$FA_TMP/bad"
if [ ! -s "$FA_TMP/bad" ]; then
	fa_ok "every row names a GitHub source and a permissive licence"
else
	fa_fail "every row names a GitHub source and a permissive licence" "$FA_TMP/bad"
fi

# Each fa_test_fixture("...") argument that is one string literal, and each seed list's
# fixtures: line, names a file that is here.
{
	grep -ho 'fa_test_fixture("[^"]*")' "$FA_SRCDIR"/tests/unit/*.c |
		sed 's/^fa_test_fixture("//; s/")$//'
	sed -n 's/^fixtures://p' "$FA_SRCDIR"/tests/fuzz/seeds/*.list
} | sort -u | while IFS= read -r f; do
	[ -f "$U/$f" ] || echo "$f"
done >"$FA_TMP/absent"
if [ ! -s "$FA_TMP/absent" ]; then
	fa_ok "the fixtures the unit tests and fuzz seeds name are under tests/fixtures/upstream"
else
	fa_fail "the fixtures the unit tests and fuzz seeds name are under tests/fixtures/upstream" \
		"$FA_TMP/absent"
fi

# Nothing in the tests, scripts or build reads beside the repository.
grep -rlE '\.\./shared|/work/shared' "$FA_SRCDIR"/tests/unit "$FA_SRCDIR"/tests/integration \
	"$FA_SRCDIR"/tests/fuzz "$FA_SRCDIR"/tests/emulator "$FA_SRCDIR"/bench "$FA_SRCDIR"/scripts \
	"$FA_SRCDIR"/.ci "$FA_SRCDIR"/configure.ac "$FA_SRCDIR"/Makefile.am 2>/dev/null |
	grep -v '/t0003-fixtures-manifest\.sh$' >"$FA_TMP/outside" || true
if [ ! -s "$FA_TMP/outside" ]; then
	fa_ok "no test, script or build file names a folder beside the repository"
else
	fa_fail "no test, script or build file names a folder beside the repository" "$FA_TMP/outside"
fi

fa_done
