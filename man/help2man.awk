# SPDX-License-Identifier: MIT
# Turn the --help text of fabric-audit (or of one of its commands) into a man page, so that
# the help and the manual are written once (in the C sources) and cannot disagree.
#   awk -v name=fabric-audit-collect -v summary="..." -v date=YYYY-MM-DD -v version=V \
#       -v seealso="fabric-audit(1), ..." -f troff.awk -f help2man.awk HELP.txt > PAGE.1
# The help text's shape: "usage: ..." lines (continued by lines indented to the command),
# paragraphs, then sections "Name:" whose entries are "  -x, --long ARG  text" (text may
# continue on more indented lines), and an "Exit status: ..." paragraph.

# Help text as a whole troff line.
function hesc(s) {
	return guard(esc(s))
}

function flush_par() {
	if (par != "") {
		print ".PP"
		print hesc(par)
		par = ""
	}
}

function flush_entry() {
	if (tag != "") {
		print ".TP"
		print "\\fB" hesc(tag) "\\fR"
		if (text != "")
			print hesc(text)
		tag = ""
		text = ""
	}
}

# "-o, --output FILE  text" or "--known-hosts FILE host keys ...": the tag is the option
# names, each with at most one argument word in capitals (FILE, I/N, SEV), commas between
function split_option(rest,    n, w, i, want_arg) {
	n = split(rest, w, / +/)
	tag = ""
	want_arg = 0
	for (i = 1; i <= n; i++) {
		if (w[i] ~ /^--?[A-Za-z]/) {
			tag = tag (tag == "" ? "" : " ") w[i]
			want_arg = w[i] !~ /,$/
		} else if (want_arg && w[i] ~ /^[A-Z][A-Z0-9_\/.|=-]*,?$/) {
			tag = tag " " w[i]
			want_arg = 0
			if (w[i] !~ /,$/)
				break
		} else {
			i--
			break
		}
	}
	text = ""
	for (i++; i <= n; i++)
		text = text (text == "" ? "" : " ") w[i]
}

BEGIN {
	state = "start"
	printf ".TH %s %s %s \"fabric-audit %s\" \"fabric-audit manual\"\n", toupper(name), \
		section ? section : 1, date, version
	print ".SH NAME"
	print hesc(name) " \\- " hesc(summary)
}

state == "start" && /^usage: / {
	print ".SH SYNOPSIS"
	print ".nf"
	sub(/^usage: /, "")
	print hesc($0)
	state = "usage"
	next
}

state == "usage" && /^       [^ ]/ {
	sub(/^ +/, "")
	print hesc($0)
	next
}

state == "usage" {
	print ".fi"
	print ".SH DESCRIPTION"
	state = "text"
}

# a section heading: "Options:", "Commands:", "Exit status:" alone on its line
/^[A-Z][A-Za-z ]*:$/ {
	flush_par()
	flush_entry()
	h = $0
	sub(/:$/, "", h)
	print ".SH " toupper(h)
	state = "entries"
	next
}

# "Exit status: 0 ..., 64 usage" as a paragraph of its own
/^Exit status: / {
	flush_par()
	flush_entry()
	print ".SH EXIT STATUS"
	sub(/^Exit status: /, "")
	par = $0
	state = "text"
	next
}

/^$/ {
	flush_par()
	flush_entry()
	if (state == "entries")
		state = "text"
	next
}

# a list inside the description ("  list     print every loaded rule"): entries too
state == "text" && /^  [^ ][^ ]*  +[^ ]/ {
	flush_par()
	state = "entries"
}

state == "entries" && /^  +[^ ]/ {
	line = $0
	match(line, /^ +/)
	indent = RLENGTH
	rest = substr(line, indent + 1)
	# an entry starts at a small indent (an option without a short form at 6) and its
	# text follows 2+ blanks; a deeper indent continues the text of the entry before
	if (indent <= 4 || (indent <= 6 && rest ~ /^-/) || tag == "") {
		flush_entry()
		if (rest ~ /^-/)
			split_option(rest)
		else if (match(rest, /  +/)) {
			tag = substr(rest, 1, RSTART - 1)
			text = substr(rest, RSTART + RLENGTH)
		} else {
			tag = rest
			text = ""
		}
	} else {
		text = text (text == "" ? "" : " ") rest
	}
	next
}

{
	line = $0
	sub(/^ +/, "", line)
	par = par (par == "" ? "" : " ") line
}

END {
	flush_par()
	flush_entry()
	if (state == "usage")
		print ".fi"
	if (seealso != "") {
		print ".SH SEE ALSO"
		print hesc(seealso)
	}
}
