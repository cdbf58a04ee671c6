#!/bin/sh
# SPDX-License-Identifier: MIT
# The man pages: fabric-audit(1), one page per command, fabric-audit-inventory(5),
# -rules(5) and -policy(5).  Each renders without a single groff warning, has its sections,
# names every option its command's --help names (the pages are made from --help, and this
# shows the conversion dropped nothing), and make install puts them in man1 and man5.
. "$(dirname "$0")/lib.sh"

command -v groff >/dev/null 2>&1 || fa_skip "groff is not installed (groff-base)"
man="${FA_BUILDDIR:-$FA_SRCDIR}/man"
commands=$("$FA" --help | sed -n 's/^  \([a-z][a-z-]*\) .*/\1/p')
pages="fabric-audit.1 fabric-audit-inventory.5 fabric-audit-rules.5 fabric-audit-policy.5"
for c in $commands; do
	pages="$pages fabric-audit-$c.1"
done

# render PAGE: plain text, wide and without hyphenation, so words can be searched
render() {
	groff -man -Tascii -rLL=300n -rHY=0 -P-cbou "$1" 2>"$FA_TMP/render.err"
}

for p in $pages; do
	if [ ! -s "$man/$p" ]; then
		fa_fail "$p is built"
		continue
	fi
	groff -ww -z -man "$man/$p" >"$FA_TMP/warn" 2>&1
	if [ ! -s "$FA_TMP/warn" ]; then
		fa_ok "$p renders without a groff warning"
	else
		fa_fail "$p renders without a groff warning" "$FA_TMP/warn"
	fi
	render "$man/$p" >"$FA_TMP/page.txt"
	for s in NAME DESCRIPTION; do
		grep -q "^$s" "$FA_TMP/page.txt" || fa_fail "$p has a $s section" "$FA_TMP/page.txt"
	done
done

for c in $commands; do
	render "$man/fabric-audit-$c.1" >"$FA_TMP/page.txt"
	"$FA" "$c" --help | grep -oE -- '--[a-z][a-z-]*[a-z]' | sort -u >"$FA_TMP/options"
	missing=$(while read -r o; do grep -qF -- "$o" "$FA_TMP/page.txt" || echo "$o"; done \
		<"$FA_TMP/options")
	if [ -z "$missing" ] && grep -q '^SYNOPSIS' "$FA_TMP/page.txt"; then
		fa_ok "fabric-audit-$c(1) has a synopsis and every option of its --help ($(wc -l <"$FA_TMP/options"))"
	else
		fa_fail "fabric-audit-$c(1) names every option of its --help (missing: $missing)"
	fi
done
render "$man/fabric-audit-policy.5" >"$FA_TMP/page.txt"
fa_expect_grep "fabric-audit-policy(5) documents waivers" 'expires: 2026-03-31' "$FA_TMP/page.txt"
render "$man/fabric-audit.1" >"$FA_TMP/page.txt"
fa_expect_grep "fabric-audit(1) documents exit status 65" '^ *65 +bad input data' "$FA_TMP/page.txt"

if [ -f "${FA_BUILDDIR:-$FA_SRCDIR}/Makefile" ]; then
	make -s -C "${FA_BUILDDIR:-$FA_SRCDIR}" install-man DESTDIR="$FA_TMP/root" prefix=/usr \
		>"$FA_TMP/install.log" 2>&1
	n1=$(ls "$FA_TMP/root/usr/share/man/man1" 2>/dev/null | wc -l)
	n5=$(ls "$FA_TMP/root/usr/share/man/man5" 2>/dev/null | wc -l)
	if [ "$n1" -eq $(($(echo "$commands" | wc -w) + 1)) ] && [ "$n5" -eq 3 ]; then
		fa_ok "make install puts $n1 pages in man1 and $n5 in man5"
	else
		fa_fail "make install puts every page in man1 and man5 ($n1, $n5)" "$FA_TMP/install.log"
	fi
fi

fa_done
