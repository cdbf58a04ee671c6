/* SPDX-License-Identifier: MIT */
/*
 * Ansible INI inventories, turned into the tree of a YAML inventory so that one loader
 * checks both (docs/inventory.md, "Ansible INI inventories").
 *
 * The file is read in one pass into raw groups and hosts:
 *   - host lines "NAME [key=value ...]" at the top (no group), under [group] or [all];
 *     NAME may carry a numeric range "gpu[01:08]" and a port "leaf1:2222";
 *   - [group:vars] lines "key=value";
 *   - [group:children] lines naming child groups.
 * Then the tree is built: [all:vars] become the defaults; every other group becomes a group
 * whose hosts are its own and those of its descendants, and whose settings come from its
 * vars; every host becomes a device entry with its host-line vars.  Groups are written
 * parents before children (then by name), so a child's vars win over its parent's, as in
 * Ansible.  Variables that fabric-audit knows (ansible_host, ansible_port, ansible_user,
 * ansible_connection, ansible_network_os, ansible_ssh_private_key_file and the
 * fabric_audit_* ones) become settings; every other variable goes to "vars".
 *
 * Every value put in the tree has its file position recorded in the position table, so the
 * loader's errors still read "file:line:column: message".
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "audit/util/buf.h"
#include "audit/util/suggest.h"
#include "audit/util/xalloc.h"
#include "drivers/platform.h"
#include "inventory/hostlist.h"
#include "inventory/ansible-int.h"
#include "inventory/inventory-int.h"
#include "audit/util/banned.h"

/* What a group name is made of. */
#define FA_INI_NAME_CHARS "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-"

/* Group depth past which :children nesting is taken to be a mistake. */
#define FA_INI_MAX_DEPTH 64

enum fa_ini_section {
	FA_INI_HOSTS,
	FA_INI_VARS,
	FA_INI_CHILDREN,
};

/* Variables that become settings; the rest go to "vars". */
static const struct {
	const char *var;
	const char *key;
} fa_ini_settings[] = {
	{ "ansible_connection", "transport" },
	{ "ansible_host", "address" },
	{ "ansible_network_os", "platform" },
	{ "ansible_port", "port" },
	{ "ansible_private_key_file", "identity_file" },
	{ "ansible_ssh_host", "address" },
	{ "ansible_ssh_port", "port" },
	{ "ansible_ssh_private_key_file", "identity_file" },
	{ "ansible_ssh_user", "user" },
	{ "ansible_user", "user" },
	{ "fabric_audit_captures", "captures" },
	{ "fabric_audit_password_env", "password_env" },
	{ "fabric_audit_platform", "platform" },
	{ "fabric_audit_role", "role" },
	{ "fabric_audit_ssh_agent", "ssh_agent" },
	{ "fabric_audit_tags", "tags" },
	{ "fabric_audit_timeout", "timeout" },
	{ "fabric_audit_transport", "transport" },
};

static const char *const fa_ini_fabric_vars[] = {
	"fabric_audit_captures", "fabric_audit_password_env", "fabric_audit_platform",
	"fabric_audit_role", "fabric_audit_ssh_agent", "fabric_audit_tags",
	"fabric_audit_timeout", "fabric_audit_transport", NULL
};

/* ansible_connection values and the transport each means. */
static const struct {
	const char *connection;
	const char *transport;
} fa_ini_connections[] = {
	{ "ansible.builtin.local", "local" },
	{ "ansible.builtin.paramiko_ssh", "ssh" },
	{ "ansible.builtin.ssh", "ssh" },
	{ "ansible.netcommon.netconf", "netconf" },
	{ "ansible.netcommon.network_cli", "ssh" },
	{ "libssh", "ssh" },
	{ "local", "local" },
	{ "netconf", "netconf" },
	{ "network_cli", "ssh" },
	{ "paramiko", "ssh" },
	{ "paramiko_ssh", "ssh" },
	{ "smart", "ssh" },
	{ "ssh", "ssh" },
};

/* ansible_network_os values and the platform each means. */
static const struct {
	const char *os;
	const char *platform;
} fa_ini_network_os[] = {
	{ "cumulus", "cumulus" },
	{ "nclu", "cumulus-nclu" },
	{ "nvidia.nvue.nvue", "cumulus" },
	{ "nvue", "cumulus" },
};

static int fa_ini_err(struct fa_ini *ini, int code, int line, int column, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

static int fa_ini_err(struct fa_ini *ini, int code, int line, int column, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return fa_err_at(ini->err, code, ini->path, line, column, "%s", msg);
}

static bool fa_ini_blank(char c)
{
	return c == ' ' || c == '\t';
}

static bool fa_ends_with(const char *s, const char *suffix)
{
	size_t ls = strlen(s), lx = strlen(suffix);

	return ls >= lx && strcmp(s + ls - lx, suffix) == 0;
}

bool fa_ansible_ini_detect(const char *path, const char *data, size_t len)
{
	const char *p = data, *end = data + len;

	if (fa_ends_with(path, ".ini"))
		return true;
	if (fa_ends_with(path, ".yaml") || fa_ends_with(path, ".yml") ||
	    fa_ends_with(path, ".json"))
		return false;
	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		const char *q = p, *e = eol ? eol : end;

		while (q < e && (fa_ini_blank(*q) || *q == '\r'))
			q++;
		if (q < e && *q != '#' && *q != ';') {
			/* "[name]" or "[name:vars]", never a YAML/JSON flow list like "[a, b]" */
			size_t n = strspn(q + 1, FA_INI_NAME_CHARS ":");

			return *q == '[' && q + 1 + n < e && q[1 + n] == ']' && n > 0;
		}
		p = e + 1;
	}
	return false;
}

json_t *fa_ansible_group(struct fa_ini *ini, const char *name, int line, int column)
{
	json_t *g = json_object_get(ini->groups, name);

	if (g)
		return g;
	g = json_object();
	json_object_set_new(g, "vars", json_object());
	json_object_set_new(g, "children", json_array());
	json_object_set_new(g, "hosts", json_array());
	fa_inv_pos_set(ini->pos, g, NULL, line, column);
	json_object_set_new(ini->groups, name, g);
	return g;
}

json_t *fa_ansible_host(struct fa_ini *ini, const char *name, int line, int column)
{
	json_t *h = json_object_get(ini->hosts, name);

	if (h)
		return h;
	h = json_object();
	json_object_set_new(h, "name", fa_ansible_string(ini, name, line, column));
	json_object_set_new(h, "vars", json_object());
	json_object_set_new(ini->hosts, name, h);
	return h;
}

json_t *fa_ansible_string(struct fa_ini *ini, const char *s, int line, int column)
{
	json_t *v = json_string(s);

	fa_inv_pos_set(ini->pos, v, NULL, line, column);
	return v;
}

static bool fa_ini_is_setting(const char *var)
{
	size_t i;

	for (i = 0; i < sizeof(fa_ini_settings) / sizeof(fa_ini_settings[0]); i++)
		if (strcmp(fa_ini_settings[i].var, var) == 0)
			return true;
	return false;
}

/*
 * Check the variable name @key and store @value (a string; unquoted host-line values are
 * typed as Ansible types them) in the raw vars object @vars.
 */
bool fa_ansible_password_var(const char *key)
{
	return strncmp(key, "ansible_", 8) == 0 && strstr(key, "pass");
}

int fa_ansible_check_var(struct fa_ini *ini, const char *key, int line, int column)
{
	if (fa_ansible_password_var(key))
		return fa_ini_err(ini, FA_EPARSE, line, column,
				  "passwords are not stored in the inventory: put it in an "
				  "environment variable and give the variable's name with "
				  "'fabric_audit_password_env'");
	if (strncmp(key, "fabric_audit_", 13) == 0 && !fa_ini_is_setting(key)) {
		const char *hint = fa_suggest(key, fa_ini_fabric_vars);

		if (hint)
			return fa_ini_err(ini, FA_EPARSE, line, column,
					  "unknown variable '%s' (did you mean '%s'?)", key, hint);
		return fa_ini_err(ini, FA_EPARSE, line, column, "unknown variable '%s'", key);
	}
	return 0;
}

static int fa_ini_var(struct fa_ini *ini, json_t *vars, const char *key, const char *value,
		      bool typed, int line, int kcol, int vcol)
{
	json_t *v = NULL;
	int r;

	if (!*key)
		return fa_ini_err(ini, FA_EPARSE, line, kcol, "a variable needs a name before '='");
	r = fa_ansible_check_var(ini, key, line, kcol);
	if (r < 0)
		return r;
	if (typed && !fa_ini_is_setting(key)) {
		/* as Ansible reads host-line values: numbers and booleans */
		char *end;
		long long n;
		double d;

		errno = 0;
		n = strtoll(value, &end, 10);
		if (*value && !*end && !errno)
			v = json_integer(n);
		else if (*value && (d = strtod(value, &end), !*end && !errno))
			v = json_real(d);
		else if (!strcmp(value, "True") || !strcmp(value, "true"))
			v = json_true();
		else if (!strcmp(value, "False") || !strcmp(value, "false"))
			v = json_false();
	}
	if (!v)
		v = json_string(value);
	/* booleans are shared values, so they get no position (no error is ever about one) */
	if (!json_is_boolean(v))
		fa_inv_pos_set(ini->pos, v, NULL, line, vcol);
	fa_inv_pos_set(ini->pos, vars, key, line, kcol);
	json_object_set_new(vars, key, v);
	return 0;
}

/* A word of a host line, quotes removed. */
struct fa_ini_word {
	char *text;
	int column;
	int eq_column;	/* column of the value after '=', 0 without '=' */
	bool quoted;
};

/*
 * Split a host line into words as a shell would: blanks separate, quotes group, '#' at the
 * start of a word begins a comment.
 */
static int fa_ini_words(struct fa_ini *ini, const char *s, int line, struct fa_ini_word **ret,
			size_t *ret_n)
{
	struct fa_buf b = FA_BUF_INIT;
	const char *p = s;
	int r = 0;

	*ret = NULL;
	*ret_n = 0;
	for (;;) {
		struct fa_ini_word w = { NULL, 0, 0, false };

		while (fa_ini_blank(*p))
			p++;
		if (!*p || *p == '#')
			break;
		w.column = (int)(p - s) + 1;
		fa_buf_reset(&b);
		while (*p && !fa_ini_blank(*p)) {
			if (*p == '=' && !w.eq_column)
				w.eq_column = (int)(p - s) + 2;
			if (*p == '"' || *p == '\'') {
				const char *close = strchr(p + 1, *p);

				if (!close) {
					r = fa_ini_err(ini, FA_EPARSE, line, (int)(p - s) + 1,
						       "unterminated quote");
					goto out;
				}
				fa_buf_add(&b, p + 1, (size_t)(close - p - 1));
				w.quoted = true;
				p = close + 1;
				continue;
			}
			fa_buf_addch(&b, *p++);
		}
		w.text = fa_xstrndup(b.buf, b.len);
		*ret = fa_xreallocarray(*ret, *ret_n + 1, sizeof(**ret));
		(*ret)[(*ret_n)++] = w;
	}
out:
	fa_buf_release(&b);
	return r;
}

static void fa_ini_words_free(struct fa_ini_word *w, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(w[i].text);
	free(w);
}

/*
 * An Ansible host pattern in hostlist syntax: "gpu[01:08]" -> "gpu[01-08]".  Only numeric
 * ranges without a step are read.  Returns a new string, or NULL with @err set.
 */
static char *fa_ini_pattern(struct fa_ini *ini, const char *pat, int line, int column)
{
	struct fa_buf b = FA_BUF_INIT;
	const char *p;

	for (p = pat; *p; p++) {
		const char *close;
		size_t lo, hi;

		if (*p == ',') {
			fa_ini_err(ini, FA_EINVAL, line, column, "host '%s' has a ','", pat);
			goto fail;
		}
		if (*p != '[') {
			fa_buf_addch(&b, *p);
			continue;
		}
		close = strchr(p, ']');
		lo = strspn(p + 1, "0123456789");
		hi = p[1 + lo] == ':' ? strspn(p + 2 + lo, "0123456789") : 0;
		if (!close || !lo || !hi || p + 2 + lo + hi != close) {
			fa_ini_err(ini, FA_EINVAL, line, column,
				   "host pattern '%s': only numeric ranges such as [01:50] are "
				   "read",
				   pat);
			goto fail;
		}
		fa_buf_addf(&b, "[%.*s-%.*s]", (int)lo, p + 1, (int)hi, p + 2 + lo);
		p = close;
	}
	return fa_buf_detach(&b, NULL);
fail:
	fa_buf_release(&b);
	return NULL;
}

/* A host line in the group @group (NULL: no group). */
static int fa_ini_host_line(struct fa_ini *ini, json_t *group, const char *text, int line)
{
	struct fa_ini_word *w = NULL;
	struct fa_err herr = FA_ERR_INIT;
	char **names = NULL, *pattern = NULL, *colon;
	json_t *linevars = json_object();
	size_t nw = 0, n = 0, i;
	int r;

	r = fa_ini_words(ini, text, line, &w, &nw);
	if (r < 0 || nw == 0)
		goto out;
	/* "host:port", the port belonging to the host */
	colon = strrchr(w[0].text, ':');
	if (colon && colon[1] && strspn(colon + 1, "0123456789") == strlen(colon + 1) &&
	    !strchr(colon + 1, ']') && strchr(w[0].text, ':') == colon) {
		*colon = '\0';
		r = fa_ini_var(ini, linevars, "ansible_port", colon + 1, true, line, w[0].column,
			       w[0].column + (int)(colon - w[0].text) + 1);
		if (r < 0)
			goto out;
	}
	for (i = 1; i < nw; i++) {
		char *eq = strchr(w[i].text, '=');

		if (!eq) {
			r = fa_ini_err(ini, FA_EPARSE, line, w[i].column,
				       "'%s' is not key=value", w[i].text);
			goto out;
		}
		*eq = '\0';
		r = fa_ini_var(ini, linevars, w[i].text, eq + 1, !w[i].quoted, line, w[i].column,
			       w[i].eq_column);
		if (r < 0)
			goto out;
	}
	pattern = fa_ini_pattern(ini, w[0].text, line, w[0].column);
	if (!pattern) {
		r = -FA_EINVAL;
		goto out;
	}
	r = fa_hostlist_expand(pattern, &names, &n, &herr);
	if (r < 0) {
		r = fa_ini_err(ini, -r, line, w[0].column, "%s", herr.msg);
		goto out;
	}
	if (n > 1 && (json_object_get(linevars, "ansible_host") ||
		      json_object_get(linevars, "ansible_ssh_host"))) {
		r = fa_ini_err(ini, FA_EINVAL, line, w[0].column,
			       "host range '%s' has one ansible_host for %zu hosts", w[0].text, n);
		goto out;
	}
	for (i = 0; i < n; i++) {
		json_t *h = fa_ansible_host(ini, names[i], line, w[0].column), *hv;
		const char *k;
		json_t *v;

		hv = json_object_get(h, "vars");
		json_object_foreach(linevars, k, v) {
			int l, c;

			fa_inv_pos_get(ini->pos, linevars, k, &l, &c);
			fa_inv_pos_set(ini->pos, hv, k, l, c);
			json_object_set(hv, k, v);
		}
		if (group)
			json_array_append_new(json_object_get(group, "hosts"),
					      fa_ansible_string(ini, names[i], line, w[0].column));
	}
out:
	json_decref(linevars);
	fa_hostlist_free(names, n);
	free(pattern);
	fa_ini_words_free(w, nw);
	return r;
}

/* A "key=value" line of a [group:vars] section; values are strings, quotes removed. */
static int fa_ini_vars_line(struct fa_ini *ini, json_t *group, char *text, int line)
{
	char *eq = strchr(text, '='), *key = text, *val, *end;
	int kcol, vcol;

	while (fa_ini_blank(*key))
		key++;
	kcol = (int)(key - text) + 1;
	if (!eq)
		return fa_ini_err(ini, FA_EPARSE, line, kcol, "'%s' is not key=value", key);
	for (end = eq; end > key && fa_ini_blank(end[-1]); end--)
		;
	*end = '\0';
	val = eq + 1;
	while (fa_ini_blank(*val))
		val++;
	vcol = (int)(val - text) + 1;
	for (end = val + strlen(val); end > val && fa_ini_blank(end[-1]); end--)
		;
	*end = '\0';
	if (end - val >= 2 && (*val == '"' || *val == '\'') && end[-1] == *val) {
		end[-1] = '\0';
		val++;
	}
	return fa_ini_var(ini, json_object_get(group, "vars"), key, val, false, line, kcol, vcol);
}

/* A section header "[name]", "[name:vars]" or "[name:children]". */
static int fa_ini_header(struct fa_ini *ini, char *text, int line, json_t **ret_group,
			 enum fa_ini_section *ret_sec)
{
	char *open = text, *close, *colon, *rest;

	while (fa_ini_blank(*open))
		open++;
	close = strchr(open, ']');
	for (rest = close ? close + 1 : NULL; rest && fa_ini_blank(*rest); rest++)
		;
	if (!close || (rest && *rest && *rest != '#' && *rest != ';'))
		return fa_ini_err(ini, FA_EPARSE, line, (int)(open - text) + 1,
				  "expected a section header such as [group], [group:vars] or "
				  "[group:children]");
	*close = '\0';
	colon = strchr(open + 1, ':');
	*ret_sec = FA_INI_HOSTS;
	if (colon) {
		*colon = '\0';
		if (strcmp(colon + 1, "vars") == 0)
			*ret_sec = FA_INI_VARS;
		else if (strcmp(colon + 1, "children") == 0)
			*ret_sec = FA_INI_CHILDREN;
		else
			return fa_ini_err(ini, FA_EPARSE, line, (int)(colon - text) + 2,
					  "unknown section kind ':%s' (known: vars, children)",
					  colon + 1);
	}
	if (!open[1] || strspn(open + 1, FA_INI_NAME_CHARS) != strlen(open + 1))
		return fa_ini_err(ini, FA_EPARSE, line, (int)(open - text) + 2,
				  "'%s' is not a group name (letters, digits, '_', '-', '.')",
				  open + 1);
	*ret_group = fa_ansible_group(ini, open + 1, line, (int)(open - text) + 2);
	return 0;
}

static int fa_ini_read(struct fa_ini *ini, const char *data, size_t len)
{
	const char *p = data, *end = data + len;
	enum fa_ini_section sec = FA_INI_HOSTS;
	json_t *group = NULL;
	int line = 0, r = 0;

	while (p < end && r == 0) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		size_t n = (size_t)((eol ? eol : end) - p);
		char *text, *s;

		line++;
		text = fa_xstrndup(p, n);
		if (n && text[n - 1] == '\r')
			text[n - 1] = '\0';
		if (memchr(p, '\0', n)) {
			r = fa_ini_err(ini, FA_EPARSE, line, 0, "a NUL byte in an INI file");
			free(text);
			break;
		}
		for (s = text; fa_ini_blank(*s); s++)
			;
		if (!*s || *s == '#' || *s == ';') {
			/* blank or comment */
		} else if (*s == '[') {
			r = fa_ini_header(ini, text, line, &group, &sec);
			/* [all] hosts are in no group of their own */
			if (r == 0 && sec == FA_INI_HOSTS &&
			    json_object_get(ini->groups, "all") == group)
				group = NULL;
		} else if (sec == FA_INI_VARS) {
			r = fa_ini_vars_line(ini, group, text, line);
		} else if (sec == FA_INI_CHILDREN) {
			char *e = s + strcspn(s, " \t#;");
			int col = (int)(s - text) + 1;

			*e = '\0';
			if (strspn(s, FA_INI_NAME_CHARS) != strlen(s)) {
				r = fa_ini_err(ini, FA_EPARSE, line, col,
					       "'%s' is not a group name (letters, digits, '_', "
					       "'-', '.')",
					       s);
			} else {
				fa_ansible_group(ini, s, line, col);
				json_array_append_new(json_object_get(group, "children"),
						      fa_ansible_string(ini, s, line, col));
			}
		} else {
			r = fa_ini_host_line(ini, group, text, line);
		}
		free(text);
		p = eol ? eol + 1 : end;
	}
	return r;
}

/*
 * Depth of group @name below the groups that list it as a child; -FA_EPARSE on a cycle.
 * @depth caches results (name -> integer; -1 while being computed).
 */
static int fa_ini_depth(struct fa_ini *ini, const char *name, json_t *depth, int level)
{
	json_t *cached = json_object_get(depth, name), *g;
	const char *pname;
	int best = 0;

	if (cached && json_integer_value(cached) >= 0)
		return (int)json_integer_value(cached);
	if (cached || level > FA_INI_MAX_DEPTH) {
		int l, c;

		fa_inv_pos_get(ini->pos, json_object_get(ini->groups, name), NULL, &l, &c);
		return fa_ini_err(ini, FA_EPARSE, l, c,
				  "group '%s' is among its own children (a :children cycle)",
				  name);
	}
	json_object_set_new(depth, name, json_integer(-1));
	json_object_foreach(ini->groups, pname, g) {
		json_t *child;
		size_t i;

		json_array_foreach(json_object_get(g, "children"), i, child) {
			int d;

			if (strcmp(json_string_value(child), name) != 0 || !strcmp(pname, "all"))
				continue;
			d = fa_ini_depth(ini, pname, depth, level + 1);
			if (d < 0)
				return d;
			if (d + 1 > best)
				best = d + 1;
		}
	}
	json_object_set_new(depth, name, json_integer(best));
	return best;
}

/* Append the hosts of group @name and of its descendants to @out (cycles were ruled out). */
static void fa_ini_all_hosts(struct fa_ini *ini, const char *name, json_t *out, int level)
{
	json_t *g = json_object_get(ini->groups, name), *v;
	size_t i;

	if (!g || level > FA_INI_MAX_DEPTH)
		return;
	json_array_foreach(json_object_get(g, "hosts"), i, v)
		json_array_append(out, v);
	json_array_foreach(json_object_get(g, "children"), i, v)
		fa_ini_all_hosts(ini, json_string_value(v), out, level + 1);
}

/* Copy the position of @from (a value) to @to. */
static json_t *fa_ini_at(struct fa_ini *ini, json_t *to, const json_t *from)
{
	int l, c;

	fa_inv_pos_get(ini->pos, from, NULL, &l, &c);
	fa_inv_pos_set(ini->pos, to, NULL, l, c);
	return to;
}

/* The setting @key from the raw string @raw, typed as the inventory wants it. */
static json_t *fa_ini_setting_value(struct fa_ini *ini, const char *key, json_t *raw)
{
	const char *s = json_string_value(raw);
	size_t i;

	/* typed already (an Ansible JSON inventory): the loader checks the type */
	if (!s)
		return json_incref(raw);
	if (!strcmp(key, "port") && *s && strspn(s, "0123456789") == strlen(s) && strlen(s) < 10)
		return fa_ini_at(ini, json_integer(strtoll(s, NULL, 10)), raw);
	if (!strcmp(key, "timeout")) {
		char *end;
		double d;

		errno = 0;
		d = strtod(s, &end);
		if (*s && !*end && !errno)
			return fa_ini_at(ini, json_real(d), raw);
	}
	if (!strcmp(key, "ssh_agent")) {
		if (!strcasecmp(s, "true") || !strcasecmp(s, "yes") || !strcmp(s, "1"))
			return json_true();
		if (!strcasecmp(s, "false") || !strcasecmp(s, "no") || !strcmp(s, "0"))
			return json_false();
	}
	if (!strcmp(key, "tags")) {
		json_t *a = fa_ini_at(ini, json_array(), raw);
		const char *p = s;

		while (*p) {
			size_t n = strcspn(p, ",");
			const char *b = p, *e = p + n;

			while (b < e && fa_ini_blank(*b))
				b++;
			while (e > b && fa_ini_blank(e[-1]))
				e--;
			if (e > b) {
				char *t = fa_xstrndup(b, (size_t)(e - b));

				json_array_append_new(a, fa_ini_at(ini, json_string(t), raw));
				free(t);
			}
			p += n + (p[n] == ',');
		}
		return a;
	}
	if (!strcmp(key, "transport")) {
		for (i = 0; i < sizeof(fa_ini_connections) / sizeof(fa_ini_connections[0]); i++)
			if (strcmp(fa_ini_connections[i].connection, s) == 0)
				return fa_ini_at(ini, json_string(fa_ini_connections[i].transport),
						 raw);
	}
	if (!strcmp(key, "platform")) {
		for (i = 0; i < sizeof(fa_ini_network_os) / sizeof(fa_ini_network_os[0]); i++)
			if (strcmp(fa_ini_network_os[i].os, s) == 0)
				return fa_ini_at(ini, json_string(fa_ini_network_os[i].platform),
						 raw);
	}
	return json_incref(raw);
}

/*
 * The settings block of raw vars @vars: known variables become settings (a fabric_audit_*
 * variable wins over the ansible_* one for the same setting), the rest go to "vars".
 */
static int fa_ini_block(struct fa_ini *ini, json_t *vars, bool host, json_t *block)
{
	json_t *extra = json_object(), *v;
	const char *k;
	int pass;

	for (pass = 0; pass < 2; pass++) {
		json_object_foreach(vars, k, v) {
			bool fabric = strncmp(k, "fabric_audit_", 13) == 0;
			size_t i;

			if (fabric != (pass == 1))
				continue;
			for (i = 0; i < sizeof(fa_ini_settings) / sizeof(fa_ini_settings[0]); i++)
				if (strcmp(fa_ini_settings[i].var, k) == 0)
					break;
			if (i == sizeof(fa_ini_settings) / sizeof(fa_ini_settings[0])) {
				int l, c;

				fa_inv_pos_get(ini->pos, vars, k, &l, &c);
				fa_inv_pos_set(ini->pos, extra, k, l, c);
				json_object_set(extra, k, v);
				continue;
			}
			if (!host && !strcmp(fa_ini_settings[i].key, "address")) {
				int l, c;

				fa_inv_pos_get(ini->pos, vars, k, &l, &c);
				json_decref(extra);
				return fa_ini_err(ini, FA_EPARSE, l, c,
						  ini->json ? "'%s' is a host's variable (host_vars), "
							      "not a group's"
							    : "'%s' belongs on a host line, not in :vars",
						  k);
			}
			json_object_set_new(block, fa_ini_settings[i].key,
					    fa_ini_setting_value(ini, fa_ini_settings[i].key, v));
		}
	}
	if (json_object_size(extra))
		json_object_set(block, "vars", extra);
	json_decref(extra);
	return 0;
}

struct fa_ini_order {
	const char *name;
	int depth;
};

static int fa_ini_order_cmp(const void *a, const void *b)
{
	const struct fa_ini_order *x = a, *y = b;

	if (x->depth != y->depth)
		return x->depth < y->depth ? -1 : 1;
	return strcmp(x->name, y->name);
}

int fa_ansible_build(struct fa_ini *ini, json_t *root)
{
	struct fa_ini_order *order = NULL;
	json_t *depth = json_object(), *groups = json_object(), *devices = json_array();
	json_t *all_defaults = NULL, *g, *h;
	const char *name;
	size_t n = 0, i;
	int r = 0;

	order = fa_xcalloc(json_object_size(ini->groups) + 1, sizeof(*order));
	json_object_foreach(ini->groups, name, g) {
		int d;

		if (!strcmp(name, "all")) {
			json_t *defaults = json_object();

			r = fa_ini_block(ini, json_object_get(g, "vars"), false, defaults);
			if (r == 0 && json_object_size(defaults))
				all_defaults = json_incref(defaults);
			json_decref(defaults);
			if (r < 0)
				goto out;
			continue;
		}
		d = fa_ini_depth(ini, name, depth, 0);
		if (d < 0) {
			r = d;
			goto out;
		}
		order[n].name = name;
		order[n].depth = d;
		n++;
	}
	/*
	 * Parents first, so that a child's vars win over its parent's; groups of one depth by
	 * name, the order in which Ansible merges them.
	 */
	qsort(order, n, sizeof(*order), fa_ini_order_cmp);
	for (i = 0; i < n; i++) {
		json_t *block = json_object(), *hosts = json_array();

		g = json_object_get(ini->groups, order[i].name);
		r = fa_ini_block(ini, json_object_get(g, "vars"), false, block);
		if (r < 0) {
			json_decref(block);
			json_decref(hosts);
			goto out;
		}
		/* a group named after a platform gives its hosts that platform */
		if (!json_object_get(block, "platform") && fa_platform_find(order[i].name))
			json_object_set_new(block, "platform",
					    fa_ini_at(ini, json_string(order[i].name), g));
		fa_ini_all_hosts(ini, order[i].name, hosts, 0);
		if (json_array_size(hosts))
			json_object_set(block, "hosts", hosts);
		json_decref(hosts);
		fa_ini_at(ini, block, g);
		json_object_set_new(groups, order[i].name, block);
	}
	json_object_foreach(ini->hosts, name, h) {
		json_t *entry = json_object();

		json_object_set(entry, "name", json_object_get(h, "name"));
		r = fa_ini_block(ini, json_object_get(h, "vars"), true, entry);
		fa_ini_at(ini, entry, json_object_get(h, "name"));
		json_array_append_new(devices, entry);
		if (r < 0)
			goto out;
	}
	/* devices first: the loader keeps the order in which names first appear */
	if (json_array_size(devices))
		json_object_set(root, "devices", devices);
	if (all_defaults)
		json_object_set(root, "defaults", all_defaults);
	if (json_object_size(groups))
		json_object_set(root, "groups", groups);
out:
	json_decref(all_defaults);
	free(order);
	json_decref(depth);
	json_decref(groups);
	json_decref(devices);
	return r;
}

int fa_ansible_ini_parse(const char *path, const char *data, size_t len, json_t **ret_root,
			 json_t **ret_pos, struct fa_err *err)
{
	struct fa_ini ini = { path, err, json_object(), json_object(), json_object(), false };
	json_t *root = json_object();
	int r;

	fa_inv_pos_set(ini.pos, root, NULL, 1, 1);
	r = fa_ini_read(&ini, data, len);
	if (r == 0)
		r = fa_ansible_build(&ini, root);
	json_decref(ini.groups);
	json_decref(ini.hosts);
	if (r < 0) {
		json_decref(root);
		json_decref(ini.pos);
		return r;
	}
	*ret_root = root;
	*ret_pos = ini.pos;
	return 0;
}
