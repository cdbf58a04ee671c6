/* SPDX-License-Identifier: MIT */
/*
 * Inventory loading.
 *
 * The file is read into a jansson tree with a source map (audit/util/yamljson.h), then
 * checked and resolved in two passes:
 *
 *   1. Every settings block (defaults, each group, each device entry) is checked on its own
 *      and parsed into a struct fa_inv_settings, and every name a group or a device entry
 *      gives is expanded into a device record.  Records are keyed by name, so a device named
 *      by a group and by an entry is one record; the order of records is the order in which
 *      names first appear in the file.
 *   2. Each record's settings are resolved, lowest precedence first: defaults, its groups in
 *      file order, its device entry.  Then the rules that need the whole picture are checked
 *      (a platform is set, replay has a capture directory).
 *
 * Every error points at the key or value that caused it, through the source map.
 */
#include "config.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/util/buf.h"
#include "audit/util/fileio.h"
#include "audit/util/suggest.h"
#include "audit/util/xalloc.h"
#include "audit/util/yamljson.h"
#include "drivers/platform.h"
#include "inventory/hostlist.h"
#include "inventory/inventory-int.h"
#include "inventory/inventory.h"
#include "audit/util/banned.h"

#define FA_INV_FORMAT "fabric-audit/inventory/v1"
#define FA_INV_NONE SIZE_MAX
#define FA_INV_MAX_FILE ((size_t)64 << 20)
/* As many devices as one host range may name. */
#define FA_INV_MAX_DEVICES FA_HOSTLIST_MAX

static const char *const fa_transport_names[FA_TRANSPORT_COUNT] = {
	[FA_TRANSPORT_SSH] = "ssh",
	[FA_TRANSPORT_NETCONF] = "netconf",
	[FA_TRANSPORT_LOCAL] = "local",
	[FA_TRANSPORT_REPLAY] = "replay",
};

/* The keys of each kind of block, sorted. */
static const char *const fa_inv_top_keys[] = { "defaults", "devices", "groups", NULL };
static const char *const fa_inv_defaults_keys[] = {
	"captures", "ib_discovery", "ib_partitions_file", "ib_port", "identity_file", "nccl_env", "password_env", "platform", "port", "role",
	"ssh_agent", "tags", "timeout", "transport", "user", "vars", NULL
};
static const char *const fa_inv_group_keys[] = {
	"captures", "hosts", "ib_discovery", "ib_partitions_file", "ib_port", "identity_file", "nccl_env", "password_env", "platform", "port", "role",
	"ssh_agent", "tags", "timeout", "transport", "user", "vars", NULL
};
static const char *const fa_inv_device_keys[] = {
	"address", "captures", "ib_discovery", "ib_partitions_file", "ib_port", "identity_file", "name", "nccl_env", "password_env", "platform", "port",
	"role", "ssh_agent", "tags", "timeout", "transport", "user", "vars", NULL
};

/* One settings block as written; strings are borrowed from the tree unless said otherwise. */
struct fa_inv_settings {
	int transport;		/* -1: not set */
	const char *platform;
	const char *role;
	const char *user;
	const char *password_env;
	char *identity_file;	/* owned, resolved */
	char *captures;		/* owned, resolved */
	int port;		/* 0: not set */
	int ssh_agent;		/* -1: not set */
	double timeout;		/* 0: not set */
	const json_t *tags;	/* array of strings, or NULL */
	const json_t *vars;	/* object, or NULL */
	const json_t *nccl_env;	/* array of absolute paths, or NULL */
	const char *ib_discovery;	/* "inprocess" or "tools", or NULL */
	const char *ib_port;		/* "mlx5_1" or "mlx5_1/2", or NULL */
	const char *ib_partitions_file;	/* absolute path on the device's host, or NULL */
};

struct fa_inv_group {
	const char *name;
	struct fa_inv_settings set;
};

struct fa_inv_entry {
	struct fa_inv_settings set;
	const char *address;	/* as written, for a single device */
	int line;		/* of its name */
};

/* A device as named in the file, before its settings are resolved. */
struct fa_inv_rec {
	char *name;
	char *address;		/* owned: from an address range paired with a name range */
	size_t entry;		/* index into entries, or FA_INV_NONE */
	size_t *groups;		/* indexes into groups, ascending */
	size_t ngroups;
	int line, column;
};

struct fa_inv_loader {
	const char *path;
	char *dir;		/* folder of the file, NULL for the current folder */
	struct fa_srcmap *map;	/* positions in a YAML/JSON file */
	json_t *pos;		/* positions in an INI file (fa_inv_pos_set) */
	struct fa_err *err;
	struct fa_inv_settings defaults;
	struct fa_inv_group *groups;
	size_t ngroups;
	struct fa_inv_entry *entries;
	size_t nentries;
	struct fa_inv_rec *recs;
	size_t nrecs, arecs;
	json_t *index;		/* name -> record index */
};

const char *fa_transport_to_string(enum fa_transport t)
{
	if ((unsigned)t >= FA_TRANSPORT_COUNT)
		return NULL;
	return fa_transport_names[t];
}

int fa_transport_from_string(const char *s)
{
	int i;

	for (i = 0; i < FA_TRANSPORT_COUNT; i++)
		if (strcmp(fa_transport_names[i], s) == 0)
			return i;
	return -FA_EINVAL;
}

static char *fa_inv_pos_key(const json_t *v, const char *key)
{
	if (key)
		return fa_xasprintf("%p:%s", (const void *)v, key);
	return fa_xasprintf("%p", (const void *)v);
}

/* A position is packed in one integer: the line in the high half, the column in the low. */
void fa_inv_pos_set(json_t *pos, const json_t *v, const char *key, int line, int column)
{
	char *k = fa_inv_pos_key(v, key);

	json_object_set_new(pos, k, json_integer(((json_int_t)line << 32) | (json_int_t)column));
	free(k);
}

bool fa_inv_pos_get(const json_t *pos, const json_t *v, const char *key, int *line, int *column)
{
	char *k = fa_inv_pos_key(v, key);
	json_t *p = json_object_get(pos, k);

	free(k);
	*line = p ? (int)(json_integer_value(p) >> 32) : 0;
	*column = p ? (int)(json_integer_value(p) & 0xffffffff) : 0;
	return p != NULL;
}

/* Where @v (or the key @key of the mapping @v) stands in the file. */
static void fa_inv_pos(const struct fa_inv_loader *ld, const json_t *v, const char *key,
		       int *line, int *column)
{
	if (ld->pos)
		fa_inv_pos_get(ld->pos, v, key, line, column);
	else if (key)
		fa_srcmap_find_key(ld->map, v, key, line, column);
	else
		fa_srcmap_find(ld->map, v, line, column);
}

static int fa_inv_err(const struct fa_inv_loader *ld, int code, const json_t *v, const char *key,
		      const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* An error at @v (or at its key @key), as "file:line:column: message". */
static int fa_inv_err(const struct fa_inv_loader *ld, int code, const json_t *v, const char *key,
		      const char *fmt, ...)
{
	char msg[512];
	int line, column;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	fa_inv_pos(ld, v, key, &line, &column);
	return fa_err_at(ld->err, code, ld->path, line, column, "%s", msg);
}

static void fa_inv_settings_init(struct fa_inv_settings *s)
{
	memset(s, 0, sizeof(*s));
	s->transport = -1;
	s->ssh_agent = -1;
}

static void fa_inv_settings_release(struct fa_inv_settings *s)
{
	free(s->identity_file);
	free(s->captures);
	fa_inv_settings_init(s);
}

static void fa_inv_join(struct fa_buf *b, const char *const *words)
{
	size_t i;

	for (i = 0; words[i]; i++)
		fa_buf_addf(b, "%s%s", i ? ", " : "", words[i]);
}

static int fa_inv_unknown_key(struct fa_inv_loader *ld, const json_t *obj, const char *key,
			      const char *const *known)
{
	struct fa_buf b = FA_BUF_INIT;
	int r;

	fa_inv_join(&b, known);
	r = fa_inv_err(ld, FA_EPARSE, obj, key, "unknown key '%s' (known keys: %s)", key, b.buf);
	fa_buf_release(&b);
	return r;
}

/* Every key of @obj must be in @known ("password" gets its own explanation). */
static int fa_inv_check_keys(struct fa_inv_loader *ld, const json_t *obj,
			     const char *const *known)
{
	const char *key;
	json_t *v;
	size_t i;

	json_object_foreach((json_t *)obj, key, v) {
		const char *hint;
		bool ok = false;

		for (i = 0; known[i] && !ok; i++)
			ok = strcmp(known[i], key) == 0;
		if (ok)
			continue;
		if (strcmp(key, "password") == 0)
			return fa_inv_err(ld, FA_EPARSE, obj, key,
					  "passwords are not stored in the inventory: put it "
					  "in an environment variable and give the variable's "
					  "name with 'password_env'");
		hint = fa_suggest(key, known);
		if (hint)
			return fa_inv_err(ld, FA_EPARSE, obj, key,
					  "unknown key '%s' (did you mean '%s'?)", key, hint);
		return fa_inv_unknown_key(ld, obj, key, known);
	}
	return 0;
}

/* A non-empty string value of key @key, or an error at the value. */
bool fa_inventory_ib_port_ok(const char *s)
{
	const char *slash = strchr(s, '/');
	size_t n = slash ? (size_t)(slash - s) : strlen(s), i;
	char *end;
	long port;

	if (n == 0 || n > 63)
		return false;
	for (i = 0; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && !strchr("_-.", s[i]))
			return false;
	if (!slash)
		return true;
	if (!isdigit((unsigned char)slash[1]))
		return false;
	port = strtol(slash + 1, &end, 10);
	return *end == '\0' && port >= 1 && port <= 255;
}

static int fa_inv_string(struct fa_inv_loader *ld, const json_t *v, const char *key,
			 const char **ret)
{
	if (!json_is_string(v))
		return fa_inv_err(ld, FA_EPARSE, v, NULL, "'%s' must be a string", key);
	if (!*json_string_value(v))
		return fa_inv_err(ld, FA_EINVAL, v, NULL, "'%s' must not be empty", key);
	*ret = json_string_value(v);
	return 0;
}

/* A path written in the file, taken relative to the file's folder. */
static char *fa_inv_resolve(const struct fa_inv_loader *ld, const char *p)
{
	size_t dl;

	if (p[0] == '/' || p[0] == '~' || !ld->dir)
		return fa_xstrdup(p);
	dl = strlen(ld->dir);
	return fa_xasprintf("%s%s%s", ld->dir, dl && ld->dir[dl - 1] == '/' ? "" : "/", p);
}

static bool fa_inv_env_name_ok(const char *s)
{
	size_t i;

	if (!((s[0] >= 'A' && s[0] <= 'Z') || (s[0] >= 'a' && s[0] <= 'z') || s[0] == '_'))
		return false;
	for (i = 1; s[i]; i++)
		if (!((s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= 'a' && s[i] <= 'z') ||
		      (s[i] >= '0' && s[i] <= '9') || s[i] == '_'))
			return false;
	return true;
}

/* A device name becomes a folder name in a capture directory, so it must be a safe one. */
static bool fa_inv_name_ok(const char *s)
{
	const unsigned char *p;

	if (!*s || !strcmp(s, ".") || !strcmp(s, ".."))
		return false;
	for (p = (const unsigned char *)s; *p; p++)
		if (*p <= ' ' || *p == '/' || *p == 0x7f)
			return false;
	return true;
}

static int fa_inv_platform(struct fa_inv_loader *ld, const json_t *v, const char **ret)
{
	struct fa_buf known = FA_BUF_INIT;
	const char *s;
	size_t i;
	int r;

	r = fa_inv_string(ld, v, "platform", &s);
	if (r < 0)
		return r;
	if (fa_platform_find(s)) {
		*ret = s;
		return 0;
	}
	for (i = 0; fa_platforms[i]; i++)
		fa_buf_addf(&known, "%s%s", i ? ", " : "", fa_platforms[i]->name);
	if (fa_platform_suggest(s))
		r = fa_inv_err(ld, FA_EINVAL, v, NULL,
			       "unknown platform '%s' (did you mean '%s'? known platforms: %s)", s,
			       fa_platform_suggest(s), known.buf);
	else
		r = fa_inv_err(ld, FA_EINVAL, v, NULL,
			       "unknown platform '%s' (known platforms: %s)", s, known.buf);
	fa_buf_release(&known);
	return r;
}

/*
 * An environment file path the collector may put in "cat FILE": absolute, and only characters
 * a shell takes literally, so the command reads that file and does nothing else.
 */
static bool fa_inv_env_path_ok(const char *s)
{
	const char *c;

	if (s[0] != '/' || strlen(s) > 1024)
		return false;
	for (c = s; *c; c++)
		if (!isalnum((unsigned char)*c) && !strchr("._-+/@,:=", *c))
			return false;
	return true;
}

/* Parse the settings keys of @obj into @set (keys were checked already). */
static int fa_inv_settings_parse(struct fa_inv_loader *ld, const json_t *obj,
				 struct fa_inv_settings *set)
{
	const char *s;
	json_t *v;
	size_t i;
	int r = 0;

	if ((v = json_object_get(obj, "transport"))) {
		r = fa_inv_string(ld, v, "transport", &s);
		if (r < 0)
			return r;
		set->transport = fa_transport_from_string(s);
		if (set->transport < 0)
			return fa_inv_err(ld, FA_EINVAL, v, NULL,
					  "unknown transport '%s' (known transports: ssh, "
					  "netconf, local, replay)",
					  s);
	}
	if ((v = json_object_get(obj, "platform")) && (r = fa_inv_platform(ld, v, &set->platform)))
		return r;
	if ((v = json_object_get(obj, "role")) && (r = fa_inv_string(ld, v, "role", &set->role)))
		return r;
	if ((v = json_object_get(obj, "user")) && (r = fa_inv_string(ld, v, "user", &set->user)))
		return r;
	if ((v = json_object_get(obj, "password_env"))) {
		r = fa_inv_string(ld, v, "password_env", &set->password_env);
		if (r < 0)
			return r;
		if (!fa_inv_env_name_ok(set->password_env))
			return fa_inv_err(ld, FA_EINVAL, v, NULL,
					  "'password_env' is the name of an environment "
					  "variable (letters, digits and '_'), not '%s'",
					  set->password_env);
	}
	if ((v = json_object_get(obj, "identity_file"))) {
		r = fa_inv_string(ld, v, "identity_file", &s);
		if (r < 0)
			return r;
		set->identity_file = fa_inv_resolve(ld, s);
	}
	if ((v = json_object_get(obj, "captures"))) {
		r = fa_inv_string(ld, v, "captures", &s);
		if (r < 0)
			return r;
		set->captures = fa_inv_resolve(ld, s);
	}
	if ((v = json_object_get(obj, "port"))) {
		if (!json_is_integer(v) || json_integer_value(v) < 1 ||
		    json_integer_value(v) > 65535)
			return fa_inv_err(ld, FA_EINVAL, v, NULL,
					  "'port' must be an integer from 1 to 65535");
		set->port = (int)json_integer_value(v);
	}
	if ((v = json_object_get(obj, "ssh_agent"))) {
		if (!json_is_boolean(v))
			return fa_inv_err(ld, FA_EPARSE, v, NULL,
					  "'ssh_agent' must be true or false");
		set->ssh_agent = json_is_true(v);
	}
	if ((v = json_object_get(obj, "timeout"))) {
		if (!json_is_number(v) || !(json_number_value(v) > 0) ||
		    json_number_value(v) > 86400)
			return fa_inv_err(ld, FA_EINVAL, v, NULL,
					  "'timeout' must be a number of seconds above 0 and "
					  "at most 86400");
		set->timeout = json_number_value(v);
	}
	if ((v = json_object_get(obj, "tags"))) {
		json_t *t;

		if (!json_is_array(v))
			return fa_inv_err(ld, FA_EPARSE, v, NULL,
					  "'tags' must be a list of strings");
		json_array_foreach(v, i, t) {
			if (!json_is_string(t) || !*json_string_value(t))
				return fa_inv_err(ld, FA_EPARSE, t, NULL,
						  "each tag must be a non-empty string");
		}
		set->tags = v;
	}
	if ((v = json_object_get(obj, "vars"))) {
		if (!json_is_object(v))
			return fa_inv_err(ld, FA_EPARSE, v, NULL,
					  "'vars' must be a mapping");
		set->vars = v;
	}
	if ((v = json_object_get(obj, "ib_discovery"))) {
		r = fa_inv_string(ld, v, "ib_discovery", &s);
		if (r < 0)
			return r;
		if (strcmp(s, "inprocess") != 0 && strcmp(s, "tools") != 0)
			return fa_inv_err(ld, FA_EINVAL, v, NULL,
					  "'ib_discovery' is 'tools' (the infiniband-diags commands) "
					  "or 'inprocess' (libibnetdisc), not '%s'", s);
		set->ib_discovery = s;
	}
	if ((v = json_object_get(obj, "ib_port"))) {
		r = fa_inv_string(ld, v, "ib_port", &s);
		if (r < 0)
			return r;
		if (!fa_inventory_ib_port_ok(s))
			return fa_inv_err(ld, FA_EINVAL, v, NULL,
					  "'ib_port' is an HCA, or an HCA and a port number "
					  "('mlx5_1' or 'mlx5_1/1'), not '%s'", s);
		set->ib_port = s;
	}
	if ((v = json_object_get(obj, "ib_partitions_file"))) {
		r = fa_inv_string(ld, v, "ib_partitions_file", &s);
		if (r < 0)
			return r;
		if (!fa_inv_env_path_ok(s))
			return fa_inv_err(ld, FA_EINVAL, v, NULL,
					  "'ib_partitions_file' must be an absolute path of letters, "
					  "digits and . _ - + / @ , : = (it is read on the host with "
					  "'cat FILE')");
		set->ib_partitions_file = s;
	}
	if ((v = json_object_get(obj, "nccl_env"))) {
		json_t *f;

		if (!json_is_array(v))
			return fa_inv_err(ld, FA_EPARSE, v, NULL,
					  "'nccl_env' must be a list of file paths");
		json_array_foreach(v, i, f) {
			if (!json_is_string(f) || !fa_inv_env_path_ok(json_string_value(f)))
				return fa_inv_err(ld, FA_EINVAL, f, NULL,
						  "each 'nccl_env' file must be an absolute path of "
						  "letters, digits and . _ - + / @ , : = (it is read "
						  "on the host with 'cat FILE')");
		}
		set->nccl_env = v;
	}
	return 0;
}

/* Check the keys of the block @obj named by @what, then parse its settings. */
static int fa_inv_block(struct fa_inv_loader *ld, const json_t *obj, const char *what,
			const char *const *known, struct fa_inv_settings *set)
{
	int r;

	if (!json_is_object(obj))
		return fa_inv_err(ld, FA_EPARSE, obj, NULL,
				  "%s must be a mapping", what);
	r = fa_inv_check_keys(ld, obj, known);
	if (r == 0)
		r = fa_inv_settings_parse(ld, obj, set);
	return r;
}

/*
 * The record named @name in *@ret, made when new at position @line:@column; -FA_EINVAL past
 * FA_INV_MAX_DEVICES records.
 */
static int fa_inv_record(struct fa_inv_loader *ld, const char *name, int line, int column,
			 size_t *ret)
{
	json_t *idx = json_object_get(ld->index, name);
	struct fa_inv_rec *rec;

	if (idx) {
		*ret = (size_t)json_integer_value(idx);
		return 0;
	}
	if (ld->nrecs == FA_INV_MAX_DEVICES)
		return fa_err_at(ld->err, FA_EINVAL, ld->path, line, column,
				 "the inventory names more than %d devices", FA_INV_MAX_DEVICES);
	if (ld->nrecs == ld->arecs) {
		ld->arecs = ld->arecs ? ld->arecs * 2 : 64;
		ld->recs = fa_xreallocarray(ld->recs, ld->arecs, sizeof(*ld->recs));
	}
	rec = &ld->recs[ld->nrecs];
	memset(rec, 0, sizeof(*rec));
	rec->name = fa_xstrdup(name);
	rec->entry = FA_INV_NONE;
	rec->line = line;
	rec->column = column;
	json_object_set_new(ld->index, name, json_integer((json_int_t)ld->nrecs));
	*ret = ld->nrecs++;
	return 0;
}

/* Expand the host range @v (a string value), checking every name. */
static int fa_inv_expand(struct fa_inv_loader *ld, const json_t *v, const char *what,
			 char ***ret_names, size_t *ret_n)
{
	struct fa_err herr = FA_ERR_INIT;
	const char *s;
	size_t i;
	int r;

	r = fa_inv_string(ld, v, what, &s);
	if (r < 0)
		return r;
	r = fa_hostlist_expand(s, ret_names, ret_n, &herr);
	if (r < 0)
		return fa_inv_err(ld, -r, v, NULL, "%s", herr.msg);
	for (i = 0; i < *ret_n; i++) {
		if (!fa_inv_name_ok((*ret_names)[i])) {
			r = fa_inv_err(ld, FA_EINVAL, v, NULL,
				       "'%s' is not a usable device name (no blanks, '/' or "
				       "control characters)",
				       (*ret_names)[i]);
			fa_hostlist_free(*ret_names, *ret_n);
			*ret_names = NULL;
			return r;
		}
	}
	return 0;
}

/* Add the hosts of one host expression @v to group @gi. */
static int fa_inv_group_hosts(struct fa_inv_loader *ld, size_t gi, const json_t *v)
{
	char **names = NULL;
	size_t n, i;
	int r, line, column;

	r = fa_inv_expand(ld, v, "hosts", &names, &n);
	if (r < 0)
		return r;
	fa_inv_pos(ld, v, NULL, &line, &column);
	for (i = 0; i < n; i++) {
		struct fa_inv_rec *rec;
		size_t ri;

		r = fa_inv_record(ld, names[i], line, column, &ri);
		if (r < 0)
			break;
		rec = &ld->recs[ri];
		/* groups are read in order, so a membership is new unless it is the last */
		if (rec->ngroups && rec->groups[rec->ngroups - 1] == gi)
			continue;
		rec->groups = fa_xreallocarray(rec->groups, rec->ngroups + 1,
					       sizeof(*rec->groups));
		rec->groups[rec->ngroups++] = gi;
	}
	fa_hostlist_free(names, n);
	return r;
}

static int fa_inv_groups(struct fa_inv_loader *ld, const json_t *groups)
{
	char what[300];
	const char *name;
	json_t *g;
	int r;

	if (!json_is_object(groups))
		return fa_inv_err(ld, FA_EPARSE, groups, NULL,
				  "'groups' must be a mapping of group names to groups");
	ld->groups = fa_xcalloc(json_object_size(groups) + 1, sizeof(*ld->groups));
	json_object_foreach((json_t *)groups, name, g) {
		size_t gi = ld->ngroups++;
		struct fa_inv_group *grp = &ld->groups[gi];
		json_t *hosts, *h;
		size_t i;

		grp->name = name;
		fa_inv_settings_init(&grp->set);
		if (!*name)
			return fa_inv_err(ld, FA_EINVAL, groups, name,
					  "a group name must not be empty");
		snprintf(what, sizeof(what), "group '%s'", name);
		r = fa_inv_block(ld, g, what, fa_inv_group_keys, &grp->set);
		if (r < 0)
			return r;
		hosts = json_object_get(g, "hosts");
		if (!hosts)
			continue;
		if (json_is_string(hosts)) {
			r = fa_inv_group_hosts(ld, gi, hosts);
			if (r < 0)
				return r;
			continue;
		}
		if (!json_is_array(hosts))
			return fa_inv_err(ld, FA_EPARSE, hosts, NULL,
					  "'hosts' must be a list of host names or ranges");
		json_array_foreach(hosts, i, h) {
			r = fa_inv_group_hosts(ld, gi, h);
			if (r < 0)
				return r;
		}
	}
	return 0;
}

/* One entry of "devices": a device, or a range of devices sharing its settings. */
static int fa_inv_device_entry(struct fa_inv_loader *ld, size_t ei, const json_t *obj)
{
	struct fa_inv_entry *e = &ld->entries[ei];
	char **names = NULL, **addrs = NULL;
	size_t n = 0, na = 0, i;
	json_t *vname, *vaddr;
	int r, col;

	fa_inv_settings_init(&e->set);
	r = fa_inv_block(ld, obj, "a device entry", fa_inv_device_keys, &e->set);
	if (r < 0)
		return r;
	vname = json_object_get(obj, "name");
	if (!vname)
		return fa_inv_err(ld, FA_EPARSE, obj, NULL,
				  "a device entry needs a 'name'");
	fa_inv_pos(ld, vname, NULL, &e->line, &col);
	r = fa_inv_expand(ld, vname, "name", &names, &n);
	if (r < 0)
		goto out;
	vaddr = json_object_get(obj, "address");
	if (vaddr) {
		r = fa_inv_string(ld, vaddr, "address", &e->address);
		if (r < 0)
			goto out;
	}
	if (vaddr && n > 1) {
		/* one address for many devices is a mistake; a range of as many pairs up */
		struct fa_err herr = FA_ERR_INIT;

		r = fa_hostlist_expand(e->address, &addrs, &na, &herr);
		if (r < 0) {
			r = fa_inv_err(ld, -r, vaddr, NULL, "%s", herr.msg);
			goto out;
		}
		if (na != n) {
			r = fa_inv_err(ld, FA_EINVAL, vaddr, NULL,
				       "'address' gives %zu address%s for %zu devices; give a "
				       "range of %zu addresses or leave it out",
				       na, na == 1 ? "" : "es", n, n);
			goto out;
		}
	}
	for (i = 0; i < n; i++) {
		struct fa_inv_rec *rec;
		size_t ri;

		r = fa_inv_record(ld, names[i], e->line, col, &ri);
		if (r < 0)
			goto out;
		rec = &ld->recs[ri];

		if (rec->entry != FA_INV_NONE) {
			r = fa_inv_err(ld, FA_EPARSE, vname, NULL,
				       "device '%s' is defined twice (first at line %d)",
				       names[i], ld->entries[rec->entry].line);
			goto out;
		}
		rec->entry = ei;
		/* the position of a device is its entry's, even when a group named it first */
		rec->line = e->line;
		rec->column = col;
		if (addrs)
			rec->address = FA_TAKE_PTR(addrs[i]);
	}
out:
	fa_hostlist_free(names, n);
	fa_hostlist_free(addrs, na);
	return r;
}

static int fa_inv_devices(struct fa_inv_loader *ld, const json_t *devices)
{
	json_t *d;
	size_t i;
	int r;

	if (!json_is_array(devices))
		return fa_inv_err(ld, FA_EPARSE, devices, NULL,
				  "'devices' must be a list of device entries");
	ld->entries = fa_xcalloc(json_array_size(devices) + 1, sizeof(*ld->entries));
	json_array_foreach(devices, i, d) {
		ld->nentries = i + 1;
		r = fa_inv_device_entry(ld, i, d);
		if (r < 0)
			return r;
	}
	return 0;
}

/* Lay @s over @acc: what @s sets wins. */
static void fa_inv_settings_apply(struct fa_inv_settings *acc, const struct fa_inv_settings *s,
				  json_t *tags, json_t *vars)
{
	const json_t *t;
	size_t i;

	if (s->transport >= 0)
		acc->transport = s->transport;
	if (s->platform)
		acc->platform = s->platform;
	if (s->role)
		acc->role = s->role;
	if (s->user)
		acc->user = s->user;
	if (s->password_env)
		acc->password_env = s->password_env;
	/* borrowed here: @acc never owns its paths */
	if (s->identity_file)
		acc->identity_file = s->identity_file;
	if (s->captures)
		acc->captures = s->captures;
	if (s->port)
		acc->port = s->port;
	if (s->ssh_agent >= 0)
		acc->ssh_agent = s->ssh_agent;
	if (s->timeout > 0)
		acc->timeout = s->timeout;
	json_array_foreach(s->tags, i, t) {
		size_t j;
		bool seen = false;

		for (j = 0; j < json_array_size(tags) && !seen; j++)
			seen = json_equal(json_array_get(tags, j), t);
		if (!seen)
			json_array_append(tags, (json_t *)t);
	}
	if (s->vars)
		json_object_update(vars, (json_t *)s->vars);
	/* a list setting: the most specific block's list replaces the others whole */
	if (s->nccl_env)
		acc->nccl_env = s->nccl_env;
	if (s->ib_discovery)
		acc->ib_discovery = s->ib_discovery;
	if (s->ib_port)
		acc->ib_port = s->ib_port;
	if (s->ib_partitions_file)
		acc->ib_partitions_file = s->ib_partitions_file;
}

static char **fa_inv_strv(const json_t *arr, size_t *ret_n)
{
	char **v = NULL;
	size_t i;

	*ret_n = json_array_size(arr);
	if (!*ret_n)
		return NULL;
	v = fa_xcalloc(*ret_n, sizeof(*v));
	for (i = 0; i < *ret_n; i++)
		v[i] = fa_xstrdup(json_string_value(json_array_get(arr, i)));
	return v;
}

static int fa_inv_device_err(struct fa_inv_loader *ld, const struct fa_inv_rec *rec,
			     const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* An error about a resolved device, at the place it was named. */
static int fa_inv_device_err(struct fa_inv_loader *ld, const struct fa_inv_rec *rec,
			     const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return fa_err_at(ld->err, FA_EINVAL, ld->path, rec->line, rec->column, "%s", msg);
}

/* Resolve record @rec into @dev. */
static int fa_inv_resolve_device(struct fa_inv_loader *ld, const struct fa_inv_rec *rec,
				 struct fa_inv_device *dev)
{
	struct fa_inv_settings acc;
	const struct fa_inv_entry *e = rec->entry != FA_INV_NONE ? &ld->entries[rec->entry] : NULL;
	json_t *tags = json_array(), *vars = json_object();
	size_t i;
	int r = 0;

	fa_inv_settings_init(&acc);
	fa_inv_settings_apply(&acc, &ld->defaults, tags, vars);
	for (i = 0; i < rec->ngroups; i++)
		fa_inv_settings_apply(&acc, &ld->groups[rec->groups[i]].set, tags, vars);
	if (e)
		fa_inv_settings_apply(&acc, &e->set, tags, vars);

	if (!acc.platform) {
		r = fa_inv_device_err(ld, rec,
				      "device '%s' has no platform (set 'platform' in defaults, "
				      "one of its groups or its device entry)",
				      rec->name);
		goto out;
	}
	if (acc.transport < 0)
		acc.transport = FA_TRANSPORT_SSH;
	if (acc.transport == FA_TRANSPORT_REPLAY && !acc.captures) {
		r = fa_inv_device_err(ld, rec,
				      "device '%s' uses the replay transport but has no "
				      "'captures' directory",
				      rec->name);
		goto out;
	}
	/* the libraries talk to this host's HCA: there is no remote end to run them on */
	if (acc.ib_discovery && strcmp(acc.ib_discovery, "inprocess") == 0 &&
	    acc.transport != FA_TRANSPORT_LOCAL && acc.transport != FA_TRANSPORT_REPLAY) {
		r = fa_inv_device_err(ld, rec,
				      "device '%s': 'ib_discovery: inprocess' needs transport "
				      "'local' (or 'replay'), not '%s'",
				      rec->name, fa_transport_names[acc.transport]);
		goto out;
	}
	if (acc.ib_port && !(acc.ib_discovery && strcmp(acc.ib_discovery, "inprocess") == 0)) {
		r = fa_inv_device_err(ld, rec,
				      "device '%s': 'ib_port' chooses the port of the in-process "
				      "discovery and needs 'ib_discovery: inprocess' (the "
				      "diagnostics take theirs from /etc/infiniband-diags/ibdiag.conf)",
				      rec->name);
		goto out;
	}
	if (!acc.port && acc.transport == FA_TRANSPORT_SSH)
		acc.port = 22;
	if (!acc.port && acc.transport == FA_TRANSPORT_NETCONF)
		acc.port = 830;

	dev->name = fa_xstrdup(rec->name);
	if (rec->address)
		dev->address = fa_xstrdup(rec->address);
	else if (e && e->address)
		dev->address = fa_xstrdup(e->address);
	else
		dev->address = fa_xstrdup(rec->name);
	dev->platform = fa_xstrdup(acc.platform);
	dev->kind = fa_xstrdup(fa_platform_find(acc.platform)->kind);
	dev->role = acc.role ? fa_xstrdup(acc.role) : NULL;
	dev->user = acc.user ? fa_xstrdup(acc.user) : NULL;
	dev->identity_file = acc.identity_file ? fa_xstrdup(acc.identity_file) : NULL;
	dev->password_env = acc.password_env ? fa_xstrdup(acc.password_env) : NULL;
	dev->captures = acc.captures ? fa_xstrdup(acc.captures) : NULL;
	dev->transport = (enum fa_transport)acc.transport;
	dev->port = acc.port;
	dev->timeout = acc.timeout;
	dev->ssh_agent = acc.ssh_agent > 0;
	dev->ib_inprocess = acc.ib_discovery && strcmp(acc.ib_discovery, "inprocess") == 0;
	dev->ib_port = acc.ib_port ? fa_xstrdup(acc.ib_port) : NULL;
	dev->ib_partitions_file = acc.ib_partitions_file ? fa_xstrdup(acc.ib_partitions_file)
							 : NULL;
	dev->ngroups = rec->ngroups;
	if (rec->ngroups) {
		dev->groups = fa_xcalloc(rec->ngroups, sizeof(*dev->groups));
		for (i = 0; i < rec->ngroups; i++)
			dev->groups[i] = fa_xstrdup(ld->groups[rec->groups[i]].name);
	}
	dev->tags = fa_inv_strv(tags, &dev->ntags);
	dev->nccl_env = fa_inv_strv(acc.nccl_env, &dev->nnccl_env);
	/* a deep copy, so that no two devices share a mutable value */
	dev->vars = json_object_size(vars) ? json_deep_copy(vars) : NULL;
	dev->line = rec->line;
	dev->column = rec->column;
out:
	json_decref(tags);
	json_decref(vars);
	return r;
}

static char *fa_inv_dirname(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		return NULL;
	if (slash == path)
		return fa_xstrdup("/");
	return fa_xstrndup(path, (size_t)(slash - path));
}

static void fa_inv_loader_release(struct fa_inv_loader *ld)
{
	size_t i;

	fa_inv_settings_release(&ld->defaults);
	for (i = 0; i < ld->ngroups; i++)
		fa_inv_settings_release(&ld->groups[i].set);
	free(ld->groups);
	for (i = 0; i < ld->nentries; i++)
		fa_inv_settings_release(&ld->entries[i].set);
	free(ld->entries);
	for (i = 0; i < ld->nrecs; i++) {
		free(ld->recs[i].name);
		free(ld->recs[i].address);
		free(ld->recs[i].groups);
	}
	free(ld->recs);
	json_decref(ld->index);
	json_decref(ld->pos);
	fa_srcmap_free(ld->map);
	free(ld->dir);
}

int fa_inventory_load(const char *path, struct fa_inventory *ret, struct fa_err *err)
{
	struct fa_inventory inv = FA_INVENTORY_INIT;
	struct fa_buf data = FA_BUF_INIT;
	struct fa_inv_loader ld;
	json_t *root = NULL, *v;
	const char *key;
	size_t i;
	int r;

	memset(&ld, 0, sizeof(ld));
	memset(ret, 0, sizeof(*ret));
	ld.path = path;
	ld.err = err;
	ld.dir = fa_inv_dirname(path);
	ld.index = json_object();
	fa_inv_settings_init(&ld.defaults);

	r = fa_file_read(path, FA_INV_MAX_FILE, &data, err);
	if (r < 0)
		goto out;
	if (fa_ansible_ini_detect(path, data.buf, data.len))
		r = fa_ansible_ini_parse(path, data.buf, data.len, &root, &ld.pos, err);
	else if (fa_ansible_json_detect(data.buf, data.len))
		r = fa_ansible_json_parse(path, data.buf, data.len, &root, &ld.pos, err);
	else
		r = fa_yaml_parse(path, data.buf, data.len, &root, &ld.map, err);
	if (r < 0)
		goto out;
	if (json_is_null(root)) {
		r = fa_err_at(err, FA_EINVAL, path, 0, 0, "the inventory file is empty");
		goto out;
	}
	if (!json_is_object(root)) {
		r = fa_inv_err(&ld, FA_EPARSE, root, NULL,
			       "an inventory is a mapping with 'defaults', 'groups' and "
			       "'devices'");
		goto out;
	}
	r = fa_inv_check_keys(&ld, root, fa_inv_top_keys);
	if (r < 0)
		goto out;
	/* in file order, so that devices keep the order in which they are first named */
	json_object_foreach(root, key, v) {
		if (strcmp(key, "defaults") == 0)
			r = fa_inv_block(&ld, v, "'defaults'", fa_inv_defaults_keys, &ld.defaults);
		else if (strcmp(key, "groups") == 0)
			r = fa_inv_groups(&ld, v);
		else
			r = fa_inv_devices(&ld, v);
		if (r < 0)
			goto out;
	}
	if (ld.nrecs == 0) {
		r = fa_inv_err(&ld, FA_EINVAL, root, NULL,
			       "the inventory names no devices");
		goto out;
	}

	inv.path = fa_xstrdup(path);
	inv.devices = fa_xcalloc(ld.nrecs, sizeof(*inv.devices));
	for (i = 0; i < ld.nrecs; i++) {
		r = fa_inv_resolve_device(&ld, &ld.recs[i], &inv.devices[i]);
		inv.ndevices = i + 1;
		if (r < 0)
			goto out;
	}
	*ret = inv;
	memset(&inv, 0, sizeof(inv));
out:
	fa_inventory_release(&inv);
	fa_inv_loader_release(&ld);
	json_decref(root);
	fa_buf_release(&data);
	return r;
}

static void fa_strv_free(char **v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

void fa_inventory_release(struct fa_inventory *inv)
{
	size_t i;

	for (i = 0; i < inv->ndevices; i++) {
		struct fa_inv_device *d = &inv->devices[i];

		free(d->name);
		free(d->address);
		free(d->platform);
		free(d->kind);
		free(d->role);
		free(d->user);
		free(d->identity_file);
		free(d->password_env);
		free(d->captures);
		free(d->ib_port);
		free(d->ib_partitions_file);
		fa_strv_free(d->groups, d->ngroups);
		fa_strv_free(d->tags, d->ntags);
		fa_strv_free(d->nccl_env, d->nnccl_env);
		json_decref(d->vars);
	}
	free(inv->devices);
	free(inv->path);
	memset(inv, 0, sizeof(*inv));
}

const struct fa_inv_device *fa_inventory_find(const struct fa_inventory *inv, const char *name)
{
	size_t i;

	for (i = 0; i < inv->ndevices; i++)
		if (strcmp(inv->devices[i].name, name) == 0)
			return &inv->devices[i];
	return NULL;
}

static json_t *fa_strv_to_json(char *const *v, size_t n)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < n; i++)
		json_array_append_new(a, json_string(v[i]));
	return a;
}

static void fa_json_set_str(json_t *o, const char *key, const char *s)
{
	if (s)
		json_object_set_new(o, key, json_string(s));
}

json_t *fa_inventory_to_json(const struct fa_inventory *inv)
{
	json_t *root = json_object(), *devs = json_array();
	size_t i;

	json_object_set_new(root, "format", json_string(FA_INV_FORMAT));
	fa_json_set_str(root, "path", inv->path);
	for (i = 0; i < inv->ndevices; i++) {
		const struct fa_inv_device *d = &inv->devices[i];
		json_t *o = json_object();

		fa_json_set_str(o, "name", d->name);
		fa_json_set_str(o, "address", d->address);
		fa_json_set_str(o, "platform", d->platform);
		fa_json_set_str(o, "kind", d->kind);
		fa_json_set_str(o, "role", d->role);
		fa_json_set_str(o, "transport", fa_transport_to_string(d->transport));
		if (d->port)
			json_object_set_new(o, "port", json_integer(d->port));
		fa_json_set_str(o, "user", d->user);
		fa_json_set_str(o, "identity_file", d->identity_file);
		json_object_set_new(o, "ssh_agent", json_boolean(d->ssh_agent));
		fa_json_set_str(o, "password_env", d->password_env);
		if (d->timeout > 0)
			json_object_set_new(o, "timeout", json_real(d->timeout));
		fa_json_set_str(o, "captures", d->captures);
		json_object_set_new(o, "groups", fa_strv_to_json(d->groups, d->ngroups));
		json_object_set_new(o, "tags", fa_strv_to_json(d->tags, d->ntags));
		if (d->vars)
			json_object_set_new(o, "vars", json_deep_copy(d->vars));
		if (d->ib_inprocess)
			json_object_set_new(o, "ib_discovery", json_string("inprocess"));
		fa_json_set_str(o, "ib_port", d->ib_port);
		fa_json_set_str(o, "ib_partitions_file", d->ib_partitions_file);
		if (d->nnccl_env)
			json_object_set_new(o, "nccl_env",
					    fa_strv_to_json(d->nccl_env, d->nnccl_env));
		if (d->line > 0)
			json_object_set_new(o, "line", json_integer(d->line));
		json_array_append_new(devs, o);
	}
	json_object_set_new(root, "devices", devs);
	return root;
}
