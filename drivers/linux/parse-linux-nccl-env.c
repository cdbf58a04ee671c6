/* SPDX-License-Identifier: MIT */
/*
 * cat FILE, for each environment file the inventory names for the host (nccl_env): the NCCL
 * settings a site exports to its jobs from a shell file (/etc/profile.d/nccl.sh, a job
 * script's prologue, an environment module's shell snippet).
 *
 *   # RoCE: NCCL on the lossless class
 *   export NCCL_IB_TC=106
 *   export NCCL_IB_HCA="mlx5_0,mlx5_1"   # rails 1-2
 *   NCCL_IB_GID_INDEX=3
 *
 * Read as a shell reads assignments: an optional "export", then NAME=VALUE words (several
 * on a line, a ';' between commands, a backslash at the end of a line going on on the next),
 * VALUE unquoted, '...' (literal) or "..." (backslash escapes \" \\ \$ \`), a '#' after a
 * blank starting a comment.  Within a file, and from one
 * file to the next in the inventory's order, the last assignment wins, and every one
 * overrides /etc/nccl.conf: NCCL reads its configuration file only for variables the
 * environment does not set (setEnvFile() in src/misc/param.cc).
 *
 * Only NCCL_* variables are recorded, into the same device.nccl map as /etc/nccl.conf (same
 * key and value rules, parse-linux-nccl-conf.c); device.nccl_source.<key> names this file.
 * What a shell would decide at run time is not guessed: a value that expands a variable or a
 * command ($X, `cmd`), an "unset NCCL_X", or another command mentioning NCCL_ is a warning
 * naming the file and line, and the setting is left as it was.  A file without one NCCL
 * assignment is understood and empty; on a host without /etc/nccl.conf it still makes
 * nccl = {} (the settings were read, none is set), as an empty nccl.conf does.
 */
#include "config.h"

#include <ctype.h>
#include <string.h>

#include "audit/model.h"
#include "audit/util/buf.h"
#include "drivers/linux/parse-linux.h"
#include "drivers/linux/parse-linux-int.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

/* The longest variable name recorded; NCCL's are far shorter. */
#define FA_NCCL_ENV_NAME_MAX 100

enum fa_word_result {
	FA_WORD_OK,		/* a literal value */
	FA_WORD_DYNAMIC,	/* expands a variable or a command: decided at run time */
	FA_WORD_BAD,		/* unterminated quote */
};

static bool fa_env_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* Characters that end an unquoted shell word. */
static bool fa_env_word_end(char c)
{
	return fa_env_blank(c) || c == ';' || c == '&' || c == '|' || c == '<' || c == '>' ||
	       c == '(' || c == ')';
}

/*
 * The shell word at *@p (stops at @end) into @val, *@p moved past it.  Quotes are removed
 * as the shell removes them.
 */
static enum fa_word_result fa_env_word(const char **p, const char *end, struct fa_buf *val)
{
	const char *s = *p;
	enum fa_word_result r = FA_WORD_OK;

	while (s < end && !fa_env_word_end(*s)) {
		if (*s == '\'') {
			const char *q = memchr(s + 1, '\'', (size_t)(end - s - 1));

			if (!q)
				return FA_WORD_BAD;
			fa_buf_add(val, s + 1, (size_t)(q - s - 1));
			s = q + 1;
		} else if (*s == '"') {
			for (s++; s < end && *s != '"'; s++) {
				if (*s == '\\' && s + 1 < end && strchr("\"\\$`", s[1]))
					s++;
				else if (*s == '$' || *s == '`')
					r = FA_WORD_DYNAMIC;
				fa_buf_add(val, s, 1);
			}
			if (s == end)
				return FA_WORD_BAD;
			s++;
		} else if (*s == '\\' && s + 1 < end) {
			fa_buf_add(val, s + 1, 1);
			s += 2;
		} else {
			if (*s == '$' || *s == '`')
				r = FA_WORD_DYNAMIC;
			fa_buf_add(val, s, 1);
			s++;
		}
	}
	*p = s;
	return r;
}

/* The length of the shell variable name at @s (before @end), 0 when there is none. */
static size_t fa_env_name_len(const char *s, const char *end)
{
	size_t n = 0;

	if (s >= end || !(isalpha((unsigned char)*s) || *s == '_'))
		return 0;
	while (s + n < end && (isalnum((unsigned char)s[n]) || s[n] == '_'))
		n++;
	return n;
}

static void fa_env_skip_blanks(const char **p, const char *end)
{
	while (*p < end && fa_env_blank(**p))
		(*p)++;
}

/* Does @line end in an unescaped backslash (the command goes on on the next line)? */
static bool fa_env_continues(struct fa_textscan_span line)
{
	size_t n = 0;

	while (n < line.len && line.ptr[line.len - 1 - n] == '\\')
		n++;
	return n % 2 == 1;
}

/* Does the line @s (up to @end) start with the word @w? */
static bool fa_env_keyword(const char *s, const char *end, const char *w)
{
	size_t n = strlen(w);

	return (size_t)(end - s) >= n && strncmp(s, w, n) == 0 &&
	       ((size_t)(end - s) == n || fa_env_blank(s[n]));
}

struct fa_env_file {
	json_t *device;
	json_t *nccl;		/* device.nccl (borrowed) */
	json_t *source;		/* device.nccl_source (borrowed) */
	const char *cmd;
	const char *file;
	unsigned lineno;
	unsigned set;		/* NCCL assignments recorded */
};

static void fa_env_record(struct fa_env_file *f, const char *name, size_t nlen,
			  const struct fa_buf *val)
{
	struct fa_textscan_span v = { val->buf, val->len };
	char key[FA_NCCL_ENV_NAME_MAX + 1];
	int64_t n;
	size_t i;

	for (i = 5; i < nlen; i++)
		key[i - 5] = (char)tolower((unsigned char)name[i]);
	key[nlen - 5] = '\0';
	v = fa_textscan_trim(v);
	if (v.len && fa_textscan_int(v, &n))
		json_object_set_new(f->nccl, key, json_integer(n));
	else
		json_object_set_new(f->nccl, key, fa_json_stringn(val->buf, val->len));
	json_object_set_new(f->source, key, fa_json_stringn(f->file, strlen(f->file)));
	f->set++;
}

/*
 * One line: [export] NAME=WORD... [; ...] [# comment].  False when the line holds a command
 * that is not an assignment (the caller warns if it is about NCCL).
 */
static bool fa_env_line(struct fa_env_file *f, const char *s, const char *end)
{
	struct fa_buf val = FA_BUF_INIT;
	bool ok = true;

	for (;;) {
		size_t nlen;
		enum fa_word_result r;

		fa_env_skip_blanks(&s, end);
		if (s == end || *s == '#')
			break;
		if (*s == ';') {
			s++;
			continue;
		}
		if (fa_env_keyword(s, end, "export")) {
			s += 6;
			continue;
		}
		if (fa_env_keyword(s, end, "unset")) {
			ok = false;
			break;
		}
		nlen = fa_env_name_len(s, end);
		if (!nlen) {
			ok = false;
			break;
		}
		if (s + nlen == end || fa_env_word_end(s[nlen])) {
			/* "export NCCL_X": exports what is already set, sets nothing */
			s += nlen;
			continue;
		}
		if (s[nlen] != '=') {
			ok = false;
			break;
		}
		fa_buf_reset(&val);
		{
			const char *name = s;
			const char *w = s + nlen + 1;

			r = fa_env_word(&w, end, &val);
			s = w;
			if (nlen <= 5 || strncmp(name, "NCCL_", 5) != 0)
				continue;
			if (r == FA_WORD_BAD) {
				fa_device_warn(f->device, "%s: line %u: unterminated quote in %.*s, "
					       "not read", f->cmd, f->lineno, (int)nlen, name);
				break;
			}
			if (r == FA_WORD_DYNAMIC) {
				fa_device_warn(f->device, "%s: line %u: %.*s is set from a variable "
					       "or a command, known only when the shell runs; not read",
					       f->cmd, f->lineno, (int)nlen, name);
				continue;
			}
			if (nlen - 5 > FA_NCCL_ENV_NAME_MAX) {
				fa_device_warn(f->device, "%s: line %u: variable name too long, "
					       "not read", f->cmd, f->lineno);
				continue;
			}
			fa_env_record(f, name, nlen, &val);
		}
		if (s < end && !fa_env_blank(*s) && *s != ';') {
			/* a redirection or a pipe: not a plain assignment */
			ok = false;
			break;
		}
	}
	fa_buf_release(&val);
	return ok;
}

int fa_parse_linux_nccl_env(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	struct fa_env_file f = { device, NULL, NULL, fa_linux_cmd(cap, "cat FILE"),
				 cap->arg ? cap->arg : "(environment file)", 0, 0 };
	struct fa_textscan_span line;
	struct fa_textscan ts;
	struct fa_buf logical = FA_BUF_INIT;
	bool new_source = false;

	(void)err;
	f.nccl = json_object_get(device, "nccl");
	if (!json_is_object(f.nccl)) {
		f.nccl = json_object();
		json_object_set_new(device, "nccl", f.nccl);
	}
	f.source = json_object_get(device, "nccl_source");
	if (!json_is_object(f.source)) {
		f.source = json_object();
		json_object_set_new(device, "nccl_source", f.source);
		new_source = true;
	}
	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		struct fa_textscan_span l;

		if (!logical.len)
			f.lineno = ts.lineno;
		/* a backslash at the end continues the command on the next line */
		if (fa_env_continues(line)) {
			fa_buf_add(&logical, line.ptr, line.len - 1);
			continue;
		}
		fa_buf_add(&logical, line.ptr, line.len);
		l.ptr = logical.buf;
		l.len = logical.len;
		if (!fa_env_line(&f, l.ptr, l.ptr + l.len) && fa_textscan_find(l, "NCCL_") >= 0)
			fa_device_warn(device, "%s: line %u is not a plain assignment, its NCCL "
				       "setting is not read: %.*s", f.cmd, f.lineno,
				       (int)(l.len > 200 ? 200 : l.len), l.ptr);
		fa_buf_reset(&logical);
	}
	if (logical.len) {
		/* the file ends in a continuation: the shell reads what there is */
		fa_env_line(&f, logical.buf, logical.buf + logical.len);
	}
	fa_buf_release(&logical);
	/* nccl stays, even empty: the file was read and sets nothing (as an empty nccl.conf) */
	if (new_source && json_object_size(f.source) == 0)
		json_object_del(device, "nccl_source");
	return f.set ? 0 : FA_PARSED_EMPTY;
}
