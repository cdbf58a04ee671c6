#!/bin/sh
# SPDX-License-Identifier: MIT
# Shell completion (contrib/completion): commands, options read from --help, option values,
# platforms and rule ids of the packs in use, in bash (exact candidates) and zsh (through
# bashcompinit: the candidates are offered; zsh's own matcher narrows them), and make
# install puts both files where the shells look.
. "$(dirname "$0")/lib.sh"

comp="$FA_SRCDIR/contrib/completion"
command -v bash >/dev/null 2>&1 || fa_skip "bash is not installed"

# complete WORDS...: the candidates bash offers for the last word, one line, sorted
complete_bash() {
	FA_COMP="$comp/fabric-audit.bash" bash -c '
		. "$FA_COMP"
		COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=()
		_fabric_audit
		printf "%s\n" "${COMPREPLY[@]}" | sort | tr "\n" " "' complete "$@"
}

# expect DESCRIPTION WANT WORDS...: exactly these candidates
expect() {
	desc=$1 want=$2
	shift 2
	got=$(complete_bash "$@")
	if [ "$got" = "$want" ]; then
		fa_ok "$desc"
	else
		printf 'want: %s\ngot:  %s\n' "$want" "$got" >"$FA_TMP/comp"
		fa_fail "$desc" "$FA_TMP/comp"
	fi
}

expect "commands" "audit " "$FA" au
expect "a command's options, read from its --help" "--format " "$FA" audit --fo
expect "option values: formats" "json junit " "$FA" audit --format j
expect "option values: severities" "warning " "$FA" run --fail-on w
expect "option values: when to colour" "always auto " "$FA" report --color a
expect "platform names" "cumulus cumulus-nclu " "$FA" parse --platform cu
expect "rule ids of the packs in use" "mtu.link.equal mtu.link.host_fits mtu.path mtu.rdma.jumbo " \
	"$FA" rules explain mtu.
expect "rule ids for --select" "pfc.link.equal pfc.link.pause_honoured pfc.lossless.both_directions pfc.lossless.count pfc.lossless.enabled " \
	"$FA" audit --select pfc.l
expect "subcommands" "lint list " "$FA" rules l
expect "-q and -v everywhere" "--quiet " "$FA" drift --qu
mkdir "$FA_TMP/files" && : >"$FA_TMP/files/inv.yaml"
expect "file arguments" "$FA_TMP/files/inv.yaml " "$FA" run -i "$FA_TMP/files/inv"

if command -v zsh >/dev/null 2>&1; then
	got=$(cd "$FA_TMP" && FA_COMP="$comp/fabric-audit.bash" zsh -f -c '
		autoload -U +X bashcompinit && bashcompinit
		. "$FA_COMP"
		t() { local -a COMP_WORDS COMPREPLY; local COMP_CWORD
		      words=("$@"); CURRENT=$#; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
		      compgen -F _fabric_audit -- ${@[-1]}; }
		t "$1" audit --format j; t "$1" rules explain mtu.r; t "$1" au' zsh "$FA" 2>/dev/null)
	for w in json mtu.rdma.jumbo audit; do
		if printf '%s\n' "$got" | grep -qx "$w"; then
			fa_ok "zsh offers $w"
		else
			printf '%s\n' "$got" >"$FA_TMP/zsh"
			fa_fail "zsh offers $w" "$FA_TMP/zsh"
		fi
	done
	fa_expect_grep "the zsh file is a compdef for fabric-audit" '^#compdef fabric-audit$' \
		"$comp/_fabric-audit"
else
	fa_fail "zsh is installed (scripts/install-deps --test)"
fi

# make install puts both where the shells look
if [ -f "${FA_BUILDDIR:-$FA_SRCDIR}/Makefile" ]; then
	make -s -C "${FA_BUILDDIR:-$FA_SRCDIR}" install-data-local install-dist_zshcompletionDATA \
		DESTDIR="$FA_TMP/root" prefix=/usr >"$FA_TMP/install.log" 2>&1
	for f in usr/share/bash-completion/completions/fabric-audit \
		usr/share/zsh/vendor-completions/_fabric-audit; do
		if [ -f "$FA_TMP/root/$f" ]; then
			fa_ok "make install writes /$f"
		else
			fa_fail "make install writes /$f" "$FA_TMP/install.log"
		fi
	done
fi

fa_done
