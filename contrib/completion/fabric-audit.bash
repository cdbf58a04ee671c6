# SPDX-License-Identifier: MIT
# bash completion for fabric-audit: commands, options, option values, platforms, rule ids.
# Options are read from 'fabric-audit COMMAND --help' and rule ids from 'fabric-audit rules
# list' when completing, so they always match the installed program and its rule packs.
# Installed as /usr/share/bash-completion/completions/fabric-audit (or source it).

_fabric_audit_commands()
{
	"$1" --help 2>/dev/null | sed -n 's/^  \([a-z][a-z-]*\)  .*/\1/p'
}

# every long and short option a command's --help names
_fabric_audit_options()
{
	"$1" "$2" --help 2>/dev/null |
		grep -oE '(^|[ ,])--?[a-zA-Z][a-zA-Z-]*' | sed 's/^[ ,]//' | sort -u
	printf '%s\n' -q --quiet -v --verbose
}

_fabric_audit_rule_ids()
{
	"$1" rules list 2>/dev/null | awk 'NR > 1 { print $1 }'
}

_fabric_audit_platforms()
{
	"$1" parse --list 2>/dev/null | sed -n 's/^\([a-z][a-z0-9-]*\) (.*/\1/p'
}

_fabric_audit()
{
	local fa=${COMP_WORDS[0]} cur=${COMP_WORDS[COMP_CWORD]} prev= cmd= i
	COMPREPLY=()
	((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
	for ((i = 1; i < COMP_CWORD; i++)); do
		case ${COMP_WORDS[i]} in
		-*) ;;
		*) cmd=${COMP_WORDS[i]}; break ;;
		esac
	done
	if [[ -z $cmd ]]; then
		COMPREPLY=($(compgen -W "$(_fabric_audit_commands "$fa") --help --version" -- "$cur"))
		return
	fi
	case $prev in
	-f | --format)
		COMPREPLY=($(compgen -W "text json html junit prometheus svg dot markdown" -- "$cur"))
		return ;;
	--fail-on)
		COMPREPLY=($(compgen -W "error warning info" -- "$cur"))
		return ;;
	--color | --progress)
		COMPREPLY=($(compgen -W "auto always never" -- "$cur"))
		return ;;
	-p | --platform)
		COMPREPLY=($(compgen -W "$(_fabric_audit_platforms "$fa")" -- "$cur"))
		return ;;
	--select | --skip)
		COMPREPLY=($(compgen -W "$(_fabric_audit_rule_ids "$fa")" -- "$cur"))
		return ;;
	-j | --jobs | -t | --timeout | --threads | --max-output | --max-skew | --keep | --name | \
		--shard | --parse-budget | --sample)
		return ;;
	-i | --inventory | -s | --snapshot | -o | --output | -r | --rules | --policy | --plan | \
		--waivers | -a | --allow | -b | --before | --after | -H | --history | --text | \
		--json | --html | --junit | --prometheus | --ssh-config | --known-hosts | --replay | \
		--save-captures | -S)
		COMPREPLY=($(compgen -f -- "$cur"))
		compopt -o filenames 2>/dev/null
		return ;;
	esac
	if [[ $cmd == rules && $prev == explain ]]; then
		COMPREPLY=($(compgen -W "$(_fabric_audit_rule_ids "$fa")" -- "$cur"))
		return
	fi
	if [[ $cmd == rules && $prev == rules ]]; then
		COMPREPLY=($(compgen -W "list check explain lint" -- "$cur"))
		return
	fi
	if [[ $cmd == inventory && $prev == inventory ]]; then
		COMPREPLY=($(compgen -W "show" -- "$cur"))
		return
	fi
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$(_fabric_audit_options "$fa" "$cmd")" -- "$cur"))
		return
	fi
	COMPREPLY=($(compgen -f -- "$cur"))
	compopt -o filenames 2>/dev/null
}

complete -F _fabric_audit fabric-audit
