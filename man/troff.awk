# SPDX-License-Identifier: MIT
# What both man page makers (help2man.awk, md2man.awk) need to write troff: run as
# "awk -f troff.awk -f help2man.awk ..." under LC_ALL=C.

# Characters docs and help use, as troff names (run under LC_ALL=C: these are byte strings).
function utf(s) {
	gsub(/\xe2\x80\x94/, "\\(em", s)
	gsub(/\xe2\x80\x93/, "\\(en", s)
	gsub(/\xe2\x80\xa6/, "\\&...", s)
	gsub(/\xe2\x86\x92/, "\\(->", s)
	gsub(/\xe2\x89\xa4/, "\\(<=", s)
	gsub(/\xe2\x89\xa5/, "\\(>=", s)
	gsub(/\xc3\x97/, "\\(mu", s)
	gsub(/\xe2\x80\x99/, "\\(aq", s)
	gsub(/\xe2\x80\x9c/, "\\(lq", s)
	gsub(/\xe2\x80\x9d/, "\\(rq", s)
	gsub(/\xe2\x86\x94/, "\\(<>", s)
	gsub(/\xe2\x94\x80/, "\\(em", s)
	gsub(/\xe2\x96\xb6/, ">", s)
	return s
}

# @s as troff text: backslashes and hyphens escaped, the characters above named.
function esc(s) {
	gsub(/\\/, "\\e", s)
	gsub(/-/, "\\-", s)
	return utf(s)
}

# @s safe at the start of a line: a leading '.' or "'" would be read as a request.
function guard(s) {
	if (s ~ /^[.']/)
		s = "\\&" s
	return s
}
