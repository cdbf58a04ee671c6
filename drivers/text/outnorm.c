/* SPDX-License-Identifier: MIT */
/*
 * Output normalisation (see outnorm.h for the canonical layout).
 *
 * Lines are spans that point into the input; the steps only narrow or drop them, and the
 * result is written once at the end, so the input is never modified.
 */
#include "config.h"

#include <ctype.h>
#include <jansson.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "audit/util/xalloc.h"
#include "drivers/text/outnorm.h"
#include "drivers/text/jsonload.h"
#include "audit/util/banned.h"

struct fa_line {
	const char *p;
	size_t len;
};

static bool fa_is_blank_ch(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

bool fa_outnorm_is_blank(const char *data, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (!fa_is_blank_ch(data[i]) && data[i] != '\n')
			return false;
	return true;
}

static bool fa_is_host_ch(char c)
{
	return isalnum((unsigned char)c) || strchr("_.@:~/+-", c) != NULL;
}

size_t fa_outnorm_prompt_len(const char *s, size_t len)
{
	size_t i = 0, g;
	bool letter = false;

	if (len && s[0] == '[') {
		const char *close = memchr(s, ']', len);

		if (!close)
			return 0;
		i = (size_t)(close - s) + 1;
		letter = true;
	} else {
		for (; i < len && s[i] && fa_is_host_ch(s[i]); i++)
			letter |= isalpha((unsigned char)s[i]) != 0;
	}
	/* "description: >" is YAML: a host name does not end in ':' */
	if (i == 0 || !letter || s[i - 1] == ':')
		return 0;
	/* "(config-if)", "[standalone: master]": at most a few groups, each maybe after a blank */
	for (g = 0; g < 3; g++) {
		size_t j = i + (i < len && s[i] == ' ');
		const char *close;

		if (j >= len || (s[j] != '(' && s[j] != '['))
			break;
		close = memchr(s + j, s[j] == '(' ? ')' : ']', len - j);
		if (!close)
			return 0;
		i = (size_t)(close - s) + 1;
	}
	if (i < len && s[i] == ' ')
		i++;
	if (i >= len || !strchr("#>$%", s[i]) || !s[i])
		return 0;
	i++;
	if (i == len)
		return i;
	return s[i] == ' ' ? i + 1 : 0;
}

/* The first word of @s (@len bytes) as a span. */
static struct fa_line fa_first_word(const char *s, size_t len)
{
	struct fa_line w = { s, 0 };

	while (len && *s == ' ') {
		s++;
		len--;
	}
	w.p = s;
	while (w.len < len && s[w.len] != ' ' && s[w.len] != '\t')
		w.len++;
	return w;
}

static bool fa_word_eq(struct fa_line a, struct fa_line b)
{
	return a.len && a.len == b.len && memcmp(a.p, b.p, a.len) == 0;
}

/*
 * Is @l a prompt line?  With @echo, the prompt may be followed by the command that was
 * typed (its first word, or the second after "sudo"); without, it must be alone.
 */
static bool fa_is_prompt_line(struct fa_line l, const char *command, bool echo)
{
	size_t n = fa_outnorm_prompt_len(l.p, l.len);
	struct fa_line rest, w1, w2, cw;

	/* a bare "$ " (documentation's prompt) only before the very command */
	if (!n && echo && command && l.len > 2 && l.p[0] == '$' && l.p[1] == ' ') {
		cw = fa_first_word(command, strlen(command));
		return fa_word_eq(fa_first_word(l.p + 2, l.len - 2), cw);
	}
	if (!n)
		return false;
	rest.p = l.p + n;
	rest.len = l.len - n;
	if (fa_outnorm_is_blank(rest.p, rest.len))
		return true;
	if (!echo)
		return false;
	/* NETCONF RPCs are typed as CLI commands ("show version | display xml") */
	if (!command || command[0] == '<')
		return true;
	cw = fa_first_word(command, strlen(command));
	w1 = fa_first_word(rest.p, rest.len);
	w2 = fa_first_word(w1.p + w1.len, rest.len - (size_t)(w1.p + w1.len - rest.p));
	return fa_word_eq(w1, cw) ||
	       (w1.len == 4 && memcmp(w1.p, "sudo", 4) == 0 && fa_word_eq(w2, cw));
}

static const char *const fa_pager_marks[] = {
	"--More--", "-- More --", "<--- More --->", "--- More ---", NULL,
};

/* After a pager mark: the backspaces, blanks and "ESC[K" a pager prints to erase it. */
static size_t fa_skip_erase(const char *s, size_t len)
{
	size_t i = 0;

	while (i < len && s[i] == ' ')
		i++;
	for (;;) {
		size_t j;

		if (i + 2 < len && s[i] == '\x1b' && s[i + 1] == '[' && s[i + 2] == 'K') {
			i += 3;
			continue;
		}
		if (i < len && (s[i] == '\b' || s[i] == '\r')) {
			while (i < len && (s[i] == '\b' || s[i] == '\r'))
				i++;
			/* blanks that are followed by more backspaces overwrite the mark too */
			for (j = i; j < len && s[j] == ' '; j++)
				;
			if (j < len && (s[j] == '\b' || s[j] == '\x1b'))
				i = j;
			continue;
		}
		return i;
	}
}

/*
 * Strip a pager mark at the start of @l (after blanks).  Returns false when the line held
 * nothing else and is to be dropped.
 */
static bool fa_strip_pager(struct fa_line *l)
{
	size_t lead = 0, i, n;
	const char *s;

	while (lead < l->len && (l->p[lead] == ' ' || l->p[lead] == '\t'))
		lead++;
	s = l->p + lead;
	n = l->len - lead;
	/* every mark starts with '-' or "<-": most lines (XML's too) are decided here */
	if (!n || (*s != '-' && !(*s == '<' && n > 1 && s[1] == '-')))
		return true;
	for (i = 0; fa_pager_marks[i]; i++) {
		size_t m = strlen(fa_pager_marks[i]);

		if (n >= m && memcmp(s, fa_pager_marks[i], m) == 0)
			break;
	}
	if (fa_pager_marks[i]) {
		size_t m = strlen(fa_pager_marks[i]);

		m += fa_skip_erase(s + m, n - m);
		l->p = s + m;
		l->len = n - m;
		return !fa_outnorm_is_blank(l->p, l->len);
	}
	/* Junos: "---(more)---", "---(more 45%)---" */
	if (n >= 8 && memcmp(s, "---(more", 8) == 0) {
		const char *end = memchr(s, ')', n);

		if (end && (size_t)(end - s) + 4 <= n && memcmp(end, ")---", 4) == 0) {
			size_t m = (size_t)(end - s) + 4;

			m += fa_skip_erase(s + m, n - m);
			l->p = s + m;
			l->len = n - m;
			return !fa_outnorm_is_blank(l->p, l->len);
		}
	}
	return true;
}

/* less(1)'s status line: "lines 1-24", "lines 25-48/120", "lines 97-120/120 (END)". */
static bool fa_is_less_status(struct fa_line l)
{
	size_t i = 6;
	int part = 0;

	if (l.len < 9 || memcmp(l.p, "lines ", 6) != 0)
		return false;
	while (i < l.len) {
		size_t d = i;

		while (i < l.len && isdigit((unsigned char)l.p[i]))
			i++;
		if (i == d)
			return false;
		part++;
		if (i == l.len)
			break;
		if ((l.p[i] == '-' && part == 1) || (l.p[i] == '/' && part == 2)) {
			i++;
			continue;
		}
		return part >= 2 && l.len - i == 6 && memcmp(l.p + i, " (END)", 6) == 0;
	}
	return part >= 2;
}

/*
 * Whether the list at @text[0] == '[' may be one of single-key objects: every member an
 * object without a comma of its own.  A scan without allocation, so that "ip -j link show"
 * (a list of many-key objects) is not loaded whole only to be refused.
 */
static bool fa_may_be_single_key_list(const char *text, size_t len)
{
	size_t i, depth = 0;

	for (i = 0; i < len; i++) {
		char c = text[i];

		if (c == '"') {
			for (i++; i < len && text[i] != '"'; i++)
				if (text[i] == '\\')
					i++;
		} else if (c == '[' || c == '{') {
			if (depth == 1 && c != '{')
				return false;
			depth++;
		} else if (c == ']' || c == '}') {
			if (depth == 0)
				return false;
			depth--;
		} else if (c == ',' && depth == 2) {
			return false;
		} else if (depth == 1 && c != ',' && c != ' ' && c != '\t' && c != '\r' &&
			   c != '\n') {
			return false;
		}
	}
	return true;
}

/* [{"a": …}, {"b": …}] → {"a": …, "b": …}; false (and @out untouched) for anything else. */
static bool fa_merge_single_key_list(const char *text, size_t len, struct fa_buf *out)
{
	json_t *root, *merged, *el, *v;
	const char *key;
	char *dump;
	size_t i;
	bool ok = true;

	if (!len || text[0] != '[' || !fa_may_be_single_key_list(text, len))
		return false;
	root = fa_json_loadb(text, len, 0, NULL);
	if (!json_is_array(root) || json_array_size(root) == 0) {
		json_decref(root);
		return false;
	}
	merged = json_object();
	json_array_foreach(root, i, el) {
		if (!json_is_object(el) || json_object_size(el) != 1) {
			ok = false;
			break;
		}
		json_object_foreach(el, key, v) {
			if (json_object_get(merged, key))
				ok = false;
			else
				json_object_set(merged, key, v);
		}
		if (!ok)
			break;
	}
	dump = ok ? json_dumps(merged, JSON_INDENT(2)) : NULL;
	if (dump) {
		fa_buf_reset(out);
		fa_buf_adds(out, dump);
		fa_buf_addch(out, '\n');
		free(dump);
	}
	json_decref(merged);
	json_decref(root);
	return dump != NULL;
}

/* Walks the lines normalisation keeps, without storing them. */
struct fa_walk {
	const char *p, *end;
	size_t i;		/* index of the next kept line */
};

/*
 * The next line: *@raw as it is in the input (*@nl: it has a line end), and, unless it is
 * dropped whole (only a pager mark, or a pager's status line: false), *@l as normalisation
 * keeps it: pager mark removed, trailing blanks dropped.  False too at the end (*@raw.p
 * NULL).
 */
static bool fa_walk_line(struct fa_walk *w, struct fa_line *raw, struct fa_line *l, bool *nl)
{
	const char *lf;

	raw->p = NULL;
	if (w->p >= w->end)
		return false;
	lf = memchr(w->p, '\n', (size_t)(w->end - w->p));
	raw->p = w->p;
	raw->len = lf ? (size_t)(lf - w->p) : (size_t)(w->end - w->p);
	*nl = lf != NULL;
	w->p = lf ? lf + 1 : w->end;
	*l = *raw;
	if (!fa_strip_pager(l) || fa_is_less_status(*l))
		return false;
	while (l->len && fa_is_blank_ch(l->p[l->len - 1]))
		l->len--;
	w->i++;
	return true;
}

/* The next kept line (false at the end); its index is w->i - 1. */
static bool fa_walk_kept(struct fa_walk *w, struct fa_line *l)
{
	struct fa_line raw;
	bool nl;

	do {
		if (fa_walk_line(w, &raw, l, &nl))
			return true;
	} while (raw.p);
	return false;
}

/*
 * Three walks over the lines, none of which stores them (an array of the lines took 16
 * bytes a line: 128 MiB for a 60 MiB `nv show interface -o json`).  In the kept lines
 * 0..n: the output is lines first..last, the indentation is what lines with text there
 * share, and lines 0..intact are the input's first lines exactly, each with its line end.
 */
bool fa_outnorm_copy(const char *data, size_t len, const char *command, struct fa_buf *out,
		     char **ret_prompt, size_t *ret_len)
{
	struct fa_walk w = { data, data + len, 0 };
	struct fa_line raw, l, last_line = { data, 0 };
	size_t first = SIZE_MAX, last = 0, n, intact = 0, indent = (size_t)-1, prefix, i;
	const char *intact_end = data, *ref = NULL;
	/* whether the text differs from its canonical layout: a final line end is missing */
	bool changed = len > 0 && data[len - 1] != '\n', seen_text = false, nl;

	fa_buf_reset(out);
	if (ret_prompt)
		*ret_prompt = NULL;
	/*
	 * The first line with text is the first output line unless it is a prompt (then the
	 * next one with text is); the last is the last line with text after the first that
	 * is not a prompt alone.
	 */
	for (;;) {
		if (!fa_walk_line(&w, &raw, &l, &nl)) {
			if (!raw.p)
				break;
			changed = true;
			continue;
		}
		i = w.i - 1;
		if (l.p != raw.p || l.len != raw.len) {
			changed = true;
		} else if (intact == i && raw.p == intact_end && nl) {
			intact = i + 1;
			intact_end = w.p;
		}
		if (!l.len)
			continue;
		if (!seen_text) {
			seen_text = true;
			if (fa_is_prompt_line(l, command, true)) {
				if (ret_prompt)
					*ret_prompt = fa_xstrndup(l.p, l.len);
				continue;
			}
		}
		if (first == SIZE_MAX)
			first = i;
		if (!fa_is_prompt_line(l, command, false)) {
			last = i + 1;
			last_line = l;
		}
	}
	n = w.i;
	if (first == SIZE_MAX)
		first = n;
	if (last < first)
		last = first;
	/* the blanks every line with text starts with */
	w = (struct fa_walk){ data, data + len, 0 };
	while (w.i < last && fa_walk_kept(&w, &l)) {
		size_t k = 0;

		if (w.i - 1 < first || !l.len)
			continue;
		if (!ref) {
			ref = l.p;
			for (indent = 0; indent < l.len && (ref[indent] == ' ' || ref[indent] == '\t');
			     indent++)
				;
			continue;
		}
		while (k < indent && k < l.len && l.p[k] == ref[k])
			k++;
		indent = k;
	}
	if (indent == (size_t)-1)
		indent = 0;
	if (first > 0 || last < n || indent > 0)
		changed = true;
	/*
	 * Nothing dropped or narrowed before the last line kept: the text is the input up to
	 * that line's end, and needs no copy either (a capture with a prompt or blank lines
	 * after the output).
	 */
	prefix = len;
	if (changed && first == 0 && indent == 0 && last <= intact) {
		prefix = last ? (size_t)(last_line.p + last_line.len + 1 - data) : 0;
		changed = false;
	}
	w = (struct fa_walk){ data, data + len, 0 };
	while (changed && w.i < last && fa_walk_kept(&w, &l)) {
		if (w.i - 1 < first)
			continue;
		if (l.len)
			fa_buf_add(out, l.p + indent, l.len - indent);
		fa_buf_addch(out, '\n');
	}
	if (changed) {
		fa_merge_single_key_list(out->buf, out->len, out);
		*ret_len = out->len;
		return true;
	}
	/* canonical as it is: no copy, unless a list of one-key objects is merged */
	if (fa_merge_single_key_list(data, prefix, out)) {
		*ret_len = out->len;
		return true;
	}
	*ret_len = prefix;
	return false;
}

void fa_outnorm(const char *data, size_t len, const char *command, struct fa_buf *out,
		char **ret_prompt)
{
	size_t n;

	if (!fa_outnorm_copy(data, len, command, out, ret_prompt, &n))
		fa_buf_add(out, data, n);
}
