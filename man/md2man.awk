# SPDX-License-Identifier: MIT
# Turn a page of docs/ (Markdown) into a section-5 man page, so the file formats are
# documented once.  Handles what docs/ uses: headings, paragraphs, "- " lists, fenced code
# (also inside list items), tables (one tagged paragraph per row), `code`, **bold** and
# [links](url).
#   awk -v name=fabric-audit-inventory -v summary="..." -v date=D -v version=V \
#       [-v from="## Heading" -v to="## Next"] [-v seealso="..."] -f troff.awk -f md2man.awk PAGE.md

function inline(s,    out, pre, code) {
	s = esc(s)
	# [text](url) -> text
	while (match(s, /\[[^]]*\]\([^)]*\)/)) {
		pre = substr(s, RSTART, RLENGTH)
		sub(/\]\(.*/, "", pre)
		s = substr(s, 1, RSTART - 1) substr(pre, 2) substr(s, RSTART + RLENGTH)
	}
	out = ""
	while (match(s, /`[^`]*`/)) {
		code = substr(s, RSTART + 1, RLENGTH - 2)
		out = out substr(s, 1, RSTART - 1) "\\fB" code "\\fR"
		s = substr(s, RSTART + RLENGTH)
	}
	s = out s
	while (match(s, /\*\*[^*]*\*\*/))
		s = substr(s, 1, RSTART - 1) "\\fB" substr(s, RSTART + 2, RLENGTH - 4) "\\fR" \
		    substr(s, RSTART + RLENGTH)
	return guard(s)
}

# A paragraph: a list item's first gets the bullet, the ones after a code block in the same
# item stay indented under it.
function flush() {
	if (par != "") {
		print (!item ? ".PP" : bulleted ? ".IP \"\" 2" : ".IP \\(bu 2")
		bulleted = item
		print inline(par)
		par = ""
	}
}

function cells(line, c,    n) {
	sub(/^ *\| */, "", line)
	sub(/ *\| *$/, "", line)
	n = split(line, c, / *\| */)
	return n
}

BEGIN {
	printf ".TH %s %s %s \"fabric-audit %s\" \"fabric-audit manual\"\n", toupper(name), \
		section ? section : 5, date, version
	print ".SH NAME"
	print esc(name) " \\- " esc(summary)
	print ".SH DESCRIPTION"
	on = from == ""
	table_row = 0
}

!on {
	if ($0 == from)
		on = 1
	else
		next
}

on && to != "" && $0 == to {
	exit
}

# code: a fence opens and closes, at any indent
/^ *```/ {
	if (!code) {
		match($0, /^ */)
		fence_indent = RLENGTH
		flush()
		print ".RS " (item ? 4 : 2)
		print ".nf"
		code = 1
	} else {
		print ".fi"
		print ".RE"
		code = 0
	}
	next
}

code {
	line = $0
	for (i = 0; i < fence_indent && substr(line, 1, 1) == " "; i++)
		line = substr(line, 2)
	print guard(esc(line))
	next
}

/^<!--.*-->$/ {
	next
}

/^# / {
	next
}

/^## / {
	flush()
	item = 0
	print ".SH " esc(toupper(substr($0, 4)))
	next
}

/^###+ / {
	flush()
	item = 0
	h = $0
	sub(/^#+ /, "", h)
	print ".SS " esc(h)
	next
}

/^\|/ {
	flush()
	item = 0
	if ($0 ~ /^\|[-:| ]+\|$/)
		next
	n = cells($0, c)
	if (!table_row++)
		next		# the header row
	print ".TP"
	print inline(c[1])
	t = ""
	for (i = 2; i <= n; i++)
		t = t (t == "" ? "" : " \\(em ") c[i]
	print inline(t)
	next
}

{
	table_row = 0
}

/^$/ {
	flush()
	next
}

/^- / {
	flush()
	item = 1
	bulleted = 0
	par = substr($0, 3)
	next
}

{
	line = $0
	if (line !~ /^ /)
		item = item && par != ""
	sub(/^ +/, "", line)
	par = par (par == "" ? "" : " ") line
}

END {
	flush()
	if (seealso != "") {
		print ".SH SEE ALSO"
		print esc(seealso)
	}
}
