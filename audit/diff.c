/* SPDX-License-Identifier: MIT */
/*
 * The snapshot diff: volatile patterns, the comparison walk and the allow-list verdict.
 *
 * Policy of fa_diff_snapshots():
 *   1. Devices, and ports within a device, are matched by name on sorted indexes; links by
 *      their two ends put in (device, port) order.  Duplicated names are an input error.
 *   2. For a device known in both snapshots: when either side was not collected, only status
 *      and error are compared (the rest is unknown, not gone).  Otherwise every device field
 *      except name and ports, then each port, field by field down to the leaves.
 *   3. A leaf is any value that is not an object; lists are leaves.  Volatile paths are cut
 *      at the first path level a pattern covers, so a volatile object hides its whole subtree.
 *   4. Links are compared only between devices known and collected in both snapshots: the
 *      links of an added, removed or uncollected device are implied by that device's change.
 *   5. Each field change is allowed by the first allow entry that selects its subject and
 *      matches its field and values.  Additions, removals and a device's status or error are
 *      never allowed.
 *   6. Each entry must have happened on every subject it selects that has the field: a
 *      subject without a matching change is "expected but missing", unless the entry names a
 *      concrete "to" and the new value already is that (nothing was left to do).  An entry
 *      that selects nothing at all is missing once, without a subject.
 */
#include "config.h"

#include <ctype.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "audit/diff-int.h"
#include "audit/diff.h"
#include "audit/fields.h"
#include "audit/model.h"
#include "audit/snapshot.h"
#include "audit/util/buf.h"
#include "audit/util/fileio.h"
#include "audit/util/xalloc.h"
#include "audit/util/banned.h"

/* ---- volatile fields --------------------------------------------------------------------- */

/*
 * The built-in volatile patterns are the fields audit/fields.def flags FA_FIELD_VOLATILE
 * (docs/model.md "Volatile fields"): a new time- or counter-like field is declared volatile
 * where it is added to the model.  The snapshot's own created, tool and inventory are never
 * compared at all: the diff only walks devices and links.
 */

#define FA_VOLATILE_MAX_PATTERN 512

struct fa_volatile {
	char **v;
	size_t n;
};

struct fa_volatile *fa_volatile_new(void)
{
	struct fa_volatile *v = fa_xcalloc(1, sizeof(*v));
	size_t i;

	for (i = 0; i < fa_fields_count(); i++) {
		const struct fa_field *f = fa_field_at(i);

		if (f->flags & FA_FIELD_VOLATILE) {
			v->v = fa_xreallocarray(v->v, v->n + 1, sizeof(*v->v));
			v->v[v->n++] = fa_xasprintf("%s.%s", fa_field_entity_to_string(f->entity),
						    f->path);
		}
	}
	return v;
}

void fa_volatile_free(struct fa_volatile *v)
{
	size_t i;

	if (!v)
		return;
	for (i = 0; i < v->n; i++)
		free(v->v[i]);
	free(v->v);
	free(v);
}

int fa_volatile_add(struct fa_volatile *v, const char *pattern, struct fa_err *err)
{
	const char *dot = strchr(pattern, '.');
	size_t scope_len = dot ? (size_t)(dot - pattern) : 0;
	char hint[256];
	const char *p;

	if (strlen(pattern) > FA_VOLATILE_MAX_PATTERN)
		return fa_err_set(err, FA_EINVAL, "a volatile pattern is longer than %d bytes",
				  FA_VOLATILE_MAX_PATTERN);
	if (!dot || !dot[1])
		return fa_err_set(err, FA_EINVAL,
				  "volatile pattern '%s' is not SCOPE.FIELD (e.g. port.counters)",
				  pattern);
	if (!(scope_len == 6 && !strncmp(pattern, "device", 6)) &&
	    !(scope_len == 4 && !strncmp(pattern, "port", 4)) &&
	    !(scope_len == 4 && !strncmp(pattern, "link", 4)) &&
	    !(scope_len == 1 && pattern[0] == '*'))
		return fa_err_set(err, FA_EINVAL,
				  "volatile pattern '%s' must start with device., port., link. or *.",
				  pattern);
	for (p = pattern; *p; p++)
		if (isspace((unsigned char)*p) || iscntrl((unsigned char)*p))
			return fa_err_set(err, FA_EINVAL,
					  "volatile pattern '%s' contains a blank or control character",
					  pattern);
	/* A pattern that names no field of the model would silently do nothing. */
	if (!fa_field_name_is_known(pattern, hint, sizeof(hint)))
		return fa_err_set(err, FA_EINVAL, "volatile pattern '%s' names no field%s", pattern,
				  hint[0] ? hint : " of the model (docs/model.md)");
	v->v = fa_xreallocarray(v->v, v->n + 1, sizeof(*v->v));
	v->v[v->n++] = fa_xstrdup(pattern);
	return 0;
}

int fa_volatile_load(struct fa_volatile *v, const char *path, struct fa_err *err)
{
	struct fa_buf text = FA_BUF_INIT;
	char *line, *next, *end;
	int r, lineno = 0;

	r = fa_file_read(path, (size_t)1 << 20, &text, err);
	if (r < 0)
		goto out;
	for (line = text.buf; line && *line; line = next) {
		struct fa_err perr = FA_ERR_INIT;
		const char *start = line;

		lineno++;
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		while (*line == ' ' || *line == '\t')
			line++;
		end = line + strlen(line);
		while (end > line && isspace((unsigned char)end[-1]))
			*--end = '\0';
		if (!*line || *line == '#')
			continue;
		if (fa_volatile_add(v, line, &perr) < 0) {
			r = fa_err_at(err, FA_EPARSE, path, lineno, (int)(line - start) + 1, "%s",
				      perr.msg);
			goto out;
		}
	}
out:
	fa_buf_release(&text);
	return r;
}

bool fa_volatile_match(const struct fa_volatile *v, const char *scope, const char *path)
{
	struct fa_buf full = FA_BUF_INIT;
	size_t i, scope_len = strlen(scope) + 1;
	char *c;
	bool hit = false;

	if (!v)
		return false;
	fa_buf_addf(&full, "%s.%s", scope, path);
	/* A pattern covers the field it names and everything below it: try each prefix. */
	for (c = full.buf + scope_len; !hit; c++) {
		if (*c != '.' && *c != '\0')
			continue;
		{
			char saved = *c;

			*c = '\0';
			for (i = 0; i < v->n && !hit; i++)
				hit = fnmatch(v->v[i], full.buf, 0) == 0;
			*c = saved;
			if (saved == '\0')
				break;
		}
	}
	fa_buf_release(&full);
	return hit;
}

json_t *fa_volatile_patterns(const struct fa_volatile *v)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; v && i < v->n; i++)
		json_array_append_new(a, json_string(v->v[i]));
	return a;
}

/* ---- indexes ----------------------------------------------------------------------------- */

static int fa_name_order(const char *a, const char *b)
{
	int c = fa_natural_cmp(a, b);

	return c ? c : strcmp(a, b);
}

static int fa_named_cmp(const void *x, const void *y)
{
	return fa_name_order(fa_get_str(*(json_t *const *)x, "name"),
			     fa_get_str(*(json_t *const *)y, "name"));
}

/*
 * Borrowed objects of @array sorted by name, in a new array of *ret_n pointers (free()).
 * @what names the list in errors ("device", "port of leaf01").
 */
static int fa_diff_index(const json_t *array, const char *source, const char *what,
			 json_t ***ret, size_t *ret_n, struct fa_err *err)
{
	size_t i, n = json_is_array(array) ? json_array_size(array) : 0;
	json_t **v = fa_xcalloc(n + 1, sizeof(*v));

	for (i = 0; i < n; i++) {
		v[i] = json_array_get(array, i);
		if (!json_is_object(v[i]) || !fa_get_str(v[i], "name")) {
			free(v);
			return fa_err_at(err, FA_EPARSE, source ? source : "", 0, 0,
					 "a %s has no name", what);
		}
	}
	qsort(v, n, sizeof(*v), fa_named_cmp);
	for (i = 1; i < n; i++) {
		if (strcmp(fa_get_str(v[i - 1], "name"), fa_get_str(v[i], "name")) == 0) {
			int r = fa_err_at(err, FA_EPARSE, source ? source : "", 0, 0,
					  "%s '%s' appears twice", what, fa_get_str(v[i], "name"));

			free(v);
			return r;
		}
	}
	*ret = v;
	*ret_n = n;
	return 0;
}

/* ---- the comparison walk ----------------------------------------------------------------- */

struct fa_diff_ctx {
	const struct fa_diff_opts *opts;
	const struct fa_volatile *volatiles;
	json_t *changes;
	json_t *vmemo;		/* "scope.path" -> whether it is volatile (fa_diff_volatile) */
	struct fa_buf vkey;
};

/* Entries the volatile memo keeps at most: field paths repeat, so this is never reached. */
#define FA_DIFF_VMEMO_MAX 100000

/*
 * fa_volatile_match() remembered per field path: every port of a fabric has the same fields,
 * and matching the patterns again for each was most of what comparing two large snapshots
 * cost.
 */
static bool fa_diff_volatile(struct fa_diff_ctx *c, const char *scope, const char *path)
{
	const json_t *hit;
	bool v;

	fa_buf_reset(&c->vkey);
	fa_buf_adds(&c->vkey, scope);
	fa_buf_addch(&c->vkey, '.');
	fa_buf_adds(&c->vkey, path);
	hit = json_object_get(c->vmemo, c->vkey.buf);
	if (hit)
		return json_is_true(hit);
	v = fa_volatile_match(c->volatiles, scope, path);
	if (json_object_size(c->vmemo) < FA_DIFF_VMEMO_MAX)
		json_object_set_new(c->vmemo, c->vkey.buf, json_boolean(v));
	return v;
}

static bool fa_device_collected(const json_t *device)
{
	const char *st = fa_get_str(device, "status");

	return !st || strcmp(st, "ok") == 0;
}

/* New change record: kind, op, device, port (may be NULL) and subject text. */
static json_t *fa_change_new(const char *kind, const char *op, const char *device,
			     const char *port)
{
	json_t *c = json_object();

	json_object_set_new(c, "kind", json_string(kind));
	json_object_set_new(c, "op", json_string(op));
	json_object_set_new(c, "device", json_string(device));
	if (port) {
		json_object_set_new(c, "port", json_string(port));
		json_object_set_new(c, "subject", json_sprintf("%s:%s", device, port));
	} else {
		json_object_set_new(c, "subject", json_string(device));
	}
	json_object_set_new(c, "allowed", json_false());
	return c;
}

/* Emit "changed" records for every differing leaf below @path (either side may be NULL). */
static void fa_diff_walk(struct fa_diff_ctx *c, const json_t *tmpl, const char *scope,
			 struct fa_buf *path, const json_t *o, const json_t *n)
{
	size_t len = path->len, i, nkeys = 0;
	const char **keys;
	const char *key;
	json_t *v, *rec;

	if (len && fa_diff_volatile(c, scope, path->buf))
		return;
	if (json_is_object(o) || json_is_object(n)) {
		if (o && n && (!json_is_object(o) || !json_is_object(n)))
			goto leaf;
		keys = fa_xcalloc(json_object_size(o) + json_object_size(n) + 1, sizeof(*keys));
		json_object_foreach((json_t *)o, key, v)
			keys[nkeys++] = key;
		json_object_foreach((json_t *)n, key, v)
			if (!json_object_get(o, key))
				keys[nkeys++] = key;
		for (i = 0; i < nkeys; i++) {
			if (len)
				fa_buf_addch(path, '.');
			fa_buf_adds(path, keys[i]);
			fa_diff_walk(c, tmpl, scope, path, json_object_get(o, keys[i]),
				     json_object_get(n, keys[i]));
			path->len = len;
			path->buf[len] = '\0';
		}
		free(keys);
		return;
	}
leaf:
	if (o && n && json_equal(o, n))
		return;
	if (!o && !n)
		return;
	rec = json_deep_copy(tmpl);
	json_object_set_new(rec, "field", json_string(path->buf));
	if (o)
		json_object_set_new(rec, "old", json_deep_copy(o));
	if (n)
		json_object_set_new(rec, "new", json_deep_copy(n));
	json_array_append_new(c->changes, rec);
}

/* Compare two objects field by field, leaving out the keys in @skip (NULL-terminated). */
static void fa_diff_fields(struct fa_diff_ctx *c, const json_t *tmpl, const char *scope,
			   const json_t *o, const json_t *n, const char *const *skip)
{
	json_t *oc = json_copy((json_t *)o), *nc = json_copy((json_t *)n);
	struct fa_buf path = FA_BUF_INIT;

	for (; *skip; skip++) {
		json_object_del(oc, *skip);
		json_object_del(nc, *skip);
	}
	fa_diff_walk(c, tmpl, scope, &path, oc, nc);
	fa_buf_release(&path);
	json_decref(oc);
	json_decref(nc);
}

static int fa_diff_ports(struct fa_diff_ctx *c, const json_t *od, const json_t *nd,
			 struct fa_err *err)
{
	static const char *const skip[] = { "name", NULL };
	const char *dev = fa_get_str(nd, "name");
	json_t **ov = NULL, **nv = NULL, *tmpl;
	size_t on = 0, nn = 0, i = 0, j = 0;
	char what[300];
	int r;

	snprintf(what, sizeof(what), "port of %s", dev);
	r = fa_diff_index(json_object_get(od, "ports"), c->opts->old_source, what, &ov, &on, err);
	if (r < 0)
		goto out;
	r = fa_diff_index(json_object_get(nd, "ports"), c->opts->new_source, what, &nv, &nn, err);
	if (r < 0)
		goto out;
	while (i < on || j < nn) {
		int cmp = i == on ? 1 : j == nn ? -1 :
			  fa_name_order(fa_get_str(ov[i], "name"), fa_get_str(nv[j], "name"));

		if (cmp < 0) {
			tmpl = fa_change_new("port", "removed", dev, fa_get_str(ov[i++], "name"));
			json_array_append_new(c->changes, tmpl);
		} else if (cmp > 0) {
			tmpl = fa_change_new("port", "added", dev, fa_get_str(nv[j++], "name"));
			json_array_append_new(c->changes, tmpl);
		} else {
			tmpl = fa_change_new("port", "changed", dev, fa_get_str(nv[j], "name"));
			fa_diff_fields(c, tmpl, "port", ov[i++], nv[j++], skip);
			json_decref(tmpl);
		}
	}
out:
	free(ov);
	free(nv);
	return r;
}

static int fa_diff_device(struct fa_diff_ctx *c, const json_t *od, const json_t *nd,
			  struct fa_err *err)
{
	static const char *const skip_all[] = { "name", "ports", NULL };
	const char *dev = fa_get_str(nd, "name");
	json_t *tmpl = fa_change_new("device", "changed", dev, NULL);
	int r = 0;

	if (!fa_device_collected(od) || !fa_device_collected(nd)) {
		static const char *const status_fields[] = { "status", "error" };
		struct fa_buf path = FA_BUF_INIT;
		size_t i;

		for (i = 0; i < 2; i++) {
			fa_buf_reset(&path);
			fa_buf_adds(&path, status_fields[i]);
			fa_diff_walk(c, tmpl, "device", &path,
				     json_object_get(od, status_fields[i]),
				     json_object_get(nd, status_fields[i]));
		}
		fa_buf_release(&path);
		goto out;
	}
	fa_diff_fields(c, tmpl, "device", od, nd, skip_all);
	r = fa_diff_ports(c, od, nd, err);
out:
	json_decref(tmpl);
	return r;
}

/* ---- links ------------------------------------------------------------------------------- */

struct fa_link_key {
	const json_t *link;
	const char *ad, *ap, *bd, *bp;	/* ends in (device, port) order */
};

static int fa_end_cmp(const char *d1, const char *p1, const char *d2, const char *p2)
{
	int c = fa_name_order(d1, d2);

	return c ? c : fa_name_order(p1, p2);
}

static int fa_link_key_cmp(const void *x, const void *y)
{
	const struct fa_link_key *a = x, *b = y;
	int c = fa_end_cmp(a->ad, a->ap, b->ad, b->ap);

	return c ? c : fa_end_cmp(a->bd, a->bp, b->bd, b->bp);
}

/* Links of @snap whose both ends are devices of @collected (a set), sorted, ends ordered. */
static struct fa_link_key *fa_link_index(const json_t *snap, const json_t *collected,
					 size_t *ret_n)
{
	const json_t *links = json_object_get(snap, "links");
	struct fa_link_key *v = fa_xcalloc(json_array_size(links) + 1, sizeof(*v));
	size_t i, n = 0;
	json_t *l;

	json_array_foreach(links, i, l) {
		struct fa_link_key k = { l, fa_get_str(l, "a.device"), fa_get_str(l, "a.port"),
					 fa_get_str(l, "b.device"), fa_get_str(l, "b.port") };

		if (!k.ad || !k.ap || !k.bd || !k.bp)
			continue;
		if (!json_object_get(collected, k.ad) || !json_object_get(collected, k.bd))
			continue;
		if (fa_end_cmp(k.ad, k.ap, k.bd, k.bp) > 0) {
			const char *d = k.ad, *p = k.ap;

			k.ad = k.bd;
			k.ap = k.bp;
			k.bd = d;
			k.bp = p;
		}
		v[n++] = k;
	}
	qsort(v, n, sizeof(*v), fa_link_key_cmp);
	*ret_n = n;
	return v;
}

static json_t *fa_link_change_new(const struct fa_link_key *k, const char *op)
{
	json_t *c = json_object();

	json_object_set_new(c, "kind", json_string("link"));
	json_object_set_new(c, "op", json_string(op));
	json_object_set_new(c, "link", json_pack("{s:{s:s,s:s},s:{s:s,s:s}}", "a", "device", k->ad,
						 "port", k->ap, "b", "device", k->bd, "port",
						 k->bp));
	json_object_set_new(c, "subject",
			    json_sprintf("%s:%s -- %s:%s", k->ad, k->ap, k->bd, k->bp));
	json_object_set_new(c, "allowed", json_false());
	return c;
}

static void fa_diff_links(struct fa_diff_ctx *c, const json_t *old, const json_t *new,
			  const json_t *collected)
{
	static const char *const skip[] = { "a", "b", NULL };
	size_t on, nn, i = 0, j = 0;
	struct fa_link_key *ov = fa_link_index(old, collected, &on);
	struct fa_link_key *nv = fa_link_index(new, collected, &nn);
	json_t *tmpl;

	while (i < on || j < nn) {
		int cmp = i == on ? 1 : j == nn ? -1 : fa_link_key_cmp(&ov[i], &nv[j]);

		if (cmp < 0) {
			json_array_append_new(c->changes, fa_link_change_new(&ov[i++], "removed"));
		} else if (cmp > 0) {
			json_array_append_new(c->changes, fa_link_change_new(&nv[j++], "added"));
		} else {
			/* Two LLDP reports of one cable are one link; keep the first of each. */
			tmpl = fa_link_change_new(&nv[j], "changed");
			fa_diff_fields(c, tmpl, "link", ov[i].link, nv[j].link, skip);
			json_decref(tmpl);
			while (++i < on && fa_link_key_cmp(&ov[i], &nv[j]) == 0)
				;
			while (++j < nn && fa_link_key_cmp(&ov[i - 1], &nv[j]) == 0)
				;
		}
	}
	free(ov);
	free(nv);
}

/* ---- ordering ---------------------------------------------------------------------------- */

static int fa_op_rank(const char *op)
{
	return !strcmp(op, "removed") ? 0 : !strcmp(op, "added") ? 1 : 2;
}

static int fa_change_cmp(const void *x, const void *y)
{
	const json_t *a = *(json_t *const *)x, *b = *(json_t *const *)y;
	bool la = !strcmp(fa_get_str(a, "kind"), "link");
	bool lb = !strcmp(fa_get_str(b, "kind"), "link");
	const char *pa, *pb;
	int c;

	if (la != lb)
		return la ? 1 : -1;
	if (la) {
		static const char *const ends[2][2] = {
			{ "link.a.device", "link.a.port" }, { "link.b.device", "link.b.port" },
		};
		size_t e;

		for (c = 0, e = 0; !c && e < 2; e++)
			c = fa_end_cmp(fa_get_str(a, ends[e][0]), fa_get_str(a, ends[e][1]),
				       fa_get_str(b, ends[e][0]), fa_get_str(b, ends[e][1]));
	} else {
		c = fa_name_order(fa_get_str(a, "device"), fa_get_str(b, "device"));
		if (c)
			return c;
		pa = fa_get_str(a, "port");
		pb = fa_get_str(b, "port");
		if (!pa != !pb)
			return pa ? 1 : -1;
		c = pa ? fa_name_order(pa, pb) : 0;
	}
	if (c)
		return c;
	c = fa_op_rank(fa_get_str(a, "op")) - fa_op_rank(fa_get_str(b, "op"));
	if (c)
		return c;
	pa = fa_get_str(a, "field");
	pb = fa_get_str(b, "field");
	return strcmp(pa ? pa : "", pb ? pb : "");
}

static void fa_sort_changes(json_t *changes)
{
	size_t i, n = json_array_size(changes);
	json_t **v = fa_xcalloc(n + 1, sizeof(*v));

	for (i = 0; i < n; i++)
		v[i] = json_incref(json_array_get(changes, i));
	qsort(v, n, sizeof(*v), fa_change_cmp);
	json_array_clear(changes);
	for (i = 0; i < n; i++)
		json_array_append_new(changes, v[i]);
	free(v);
}

/* ---- the allow-list verdict -------------------------------------------------------------- */

/* Borrowed: the device named @name in @index of @n (sorted), or NULL. */
static const json_t *fa_index_find(json_t *const *index, size_t n, const char *name)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = fa_name_order(name, fa_get_str(index[mid], "name"));

		if (c == 0)
			return index[mid];
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

struct fa_diff_sides {
	json_t **ov, **nv;
	size_t on, nn;
};

static bool fa_change_matches(const struct fa_allow_entry *e, const json_t *change,
			      const struct fa_diff_sides *s)
{
	const char *kind = fa_get_str(change, "kind"), *field = fa_get_str(change, "field");
	const json_t *dev, *port = NULL;

	if (strcmp(fa_get_str(change, "op"), "changed") != 0 || !field || !strcmp(kind, "link"))
		return false;
	/* Whatever the patterns say, a device that was not collected is never expected. */
	if (!strcmp(kind, "device") && (!strcmp(field, "status") || !strcmp(field, "error")))
		return false;
	if (e->port_scope != (strcmp(kind, "port") == 0))
		return false;
	if (!fa_allow_field_matches(e, field))
		return false;
	dev = fa_index_find(s->nv, s->nn, fa_get_str(change, "device"));
	if (!dev)
		return false;
	if (e->port_scope)
		port = fa_device_find_port(dev, fa_get_str(change, "port"));
	if (!fa_allow_selects(e, dev, port))
		return false;
	return fa_allow_value_matches(e->from, json_object_get(change, "old")) &&
	       fa_allow_value_matches(e->to, json_object_get(change, "new"));
}

/* True when @obj has a leaf at a path @e's field matches (for globs: any such leaf). */
static bool fa_has_field(const struct fa_allow_entry *e, const json_t *obj, struct fa_buf *path)
{
	size_t len = path->len;
	const char *key;
	json_t *v;
	bool hit = false;

	if (!e->field_glob)
		return fa_obj_get_path(obj, e->field) != NULL;
	json_object_foreach((json_t *)obj, key, v) {
		if (len)
			fa_buf_addch(path, '.');
		fa_buf_adds(path, key);
		hit = fa_allow_field_matches(e, path->buf) ||
		      (json_is_object(v) && fa_has_field(e, v, path));
		path->len = len;
		path->buf[len] = '\0';
		if (hit)
			break;
	}
	return hit;
}

static bool fa_subject_has_field(const struct fa_allow_entry *e, const json_t *o, const json_t *n)
{
	struct fa_buf path = FA_BUF_INIT;
	bool hit = fa_has_field(e, o, &path) || fa_has_field(e, n, &path);

	fa_buf_release(&path);
	return hit;
}

static void fa_missing_add(json_t *missing, const struct fa_allow_entry *e, size_t index,
			   const char *device, const char *port, const json_t *subject_new)
{
	json_t *m = json_object();

	json_object_set_new(m, "entry", json_integer((json_int_t)index + 1));
	json_object_set_new(m, "reason", json_string(e->reason));
	json_object_set_new(m, "field", json_string(e->field));
	if (e->from)
		json_object_set_new(m, "from", json_deep_copy(e->from));
	if (e->to)
		json_object_set_new(m, "to", json_deep_copy(e->to));
	if (device) {
		json_object_set_new(m, "device", json_string(device));
		if (port) {
			json_object_set_new(m, "port", json_string(port));
			json_object_set_new(m, "subject", json_sprintf("%s:%s", device, port));
		} else {
			json_object_set_new(m, "subject", json_string(device));
		}
		if (!e->field_glob && fa_obj_get_path(subject_new, e->field))
			json_object_set_new(m, "actual",
					    json_deep_copy(fa_obj_get_path(subject_new, e->field)));
	} else {
		json_object_set_new(m, "subject", json_string("(no device or port matches the "
							      "selector)"));
	}
	json_array_append_new(missing, m);
}

/* Check one subject (device, or port of it when @op/@np are set) against entry @e. */
static void fa_expect_subject(const struct fa_allow_entry *e, size_t index, const json_t *od,
			      const json_t *nd, const json_t *op, const json_t *np,
			      const json_t *done, json_t *missing, size_t *selected)
{
	const json_t *o = e->port_scope ? op : od, *n = e->port_scope ? np : nd;
	const char *dev = fa_get_str(nd, "name"), *port = np ? fa_get_str(np, "name") : NULL;
	char key[1024];

	if (!fa_allow_selects(e, nd, np) || !fa_subject_has_field(e, o, n))
		return;
	(*selected)++;
	snprintf(key, sizeof(key), "%s:%s", dev, port ? port : "");
	if (json_object_get(done, key))
		return;
	if (e->to && !e->field_glob && fa_obj_get_path(n, e->field) &&
	    fa_allow_value_matches(e->to, fa_obj_get_path(n, e->field)))
		return;
	fa_missing_add(missing, e, index, dev, port, n);
}

static json_t *fa_diff_allow(const struct fa_allow *allow, json_t *changes,
			     const struct fa_diff_sides *s, json_t *entries_out)
{
	json_t *missing = json_array(), *done, *ch;
	size_t i, k, d, matched;

	for (k = 0; k < allow->n; k++) {
		const struct fa_allow_entry *e = &allow->v[k];
		size_t selected = 0;
		json_t *ej;

		done = json_object();
		matched = 0;
		json_array_foreach(changes, i, ch) {
			char key[1024];

			if (!fa_change_matches(e, ch, s))
				continue;
			matched++;
			if (!json_is_true(json_object_get(ch, "allowed"))) {
				json_object_set_new(ch, "allowed", json_true());
				json_object_set_new(ch, "allow",
						    json_pack("{s:I,s:s}", "entry",
							      (json_int_t)k + 1, "reason",
							      e->reason));
			}
			snprintf(key, sizeof(key), "%s:%s", fa_get_str(ch, "device"),
				 fa_get_str(ch, "port") ? fa_get_str(ch, "port") : "");
			json_object_set_new(done, key, json_true());
		}
		/* Subjects known and collected on both sides; the others are changes already. */
		for (d = 0; d < s->nn; d++) {
			const json_t *nd = s->nv[d], *od = fa_index_find(s->ov, s->on,
									 fa_get_str(nd, "name"));
			const json_t *ports, *np;
			size_t p;

			if (!od || !fa_device_collected(od) || !fa_device_collected(nd))
				continue;
			if (!e->port_scope) {
				fa_expect_subject(e, k, od, nd, NULL, NULL, done, missing,
						  &selected);
				continue;
			}
			ports = json_object_get(nd, "ports");
			fa_device_index_begin((json_t *)od);
			json_array_foreach(ports, p, np) {
				const json_t *op = fa_device_find_port(od, fa_get_str(np, "name"));

				if (op)
					fa_expect_subject(e, k, od, nd, op, np, done, missing,
							  &selected);
			}
			fa_device_index_end((json_t *)od);
		}
		if (selected == 0)
			fa_missing_add(missing, e, k, NULL, NULL, NULL);
		ej = fa_allow_entry_json(e, k);
		json_object_set_new(ej, "matched", json_integer((json_int_t)matched));
		json_object_set_new(ej, "selected", json_integer((json_int_t)selected));
		json_array_append_new(entries_out, ej);
		json_decref(done);
	}
	return missing;
}

/* ---- the document ------------------------------------------------------------------------ */

static json_t *fa_diff_side(const json_t *snap, const char *source)
{
	json_t *side = json_object();
	const char *created = fa_get_str(snap, "created");

	if (source)
		json_object_set_new(side, "source", json_string(source));
	if (created)
		json_object_set_new(side, "created", json_string(created));
	json_object_set_new(side, "devices",
			    json_integer((json_int_t)json_array_size(json_object_get(snap,
										    "devices"))));
	return side;
}

/*
 * A change that makes the fabric worse whatever the allow-list says: any change of a port's
 * lossless settings (qos: PFC, trust, DSCP map, ETS, ECN, buffers, DCBX, DCQCN, RoCE mode),
 * or an MTU or speed that went down (9000 -> 1500 on a host, 400G -> 100G).
 */
static bool fa_change_is_regression(const json_t *c)
{
	const char *field = fa_get_str(c, "field"), *kind = fa_get_str(c, "kind");
	const json_t *o = json_object_get(c, "old"), *n = json_object_get(c, "new");

	if (!field || !kind || strcmp(kind, "port") != 0)
		return false;
	if (!strcmp(field, "qos") || !strncmp(field, "qos.", 4))
		return true;
	if (strcmp(field, "mtu") != 0 && strcmp(field, "speed") != 0)
		return false;
	/* gone counts as down: a port that no longer reports its MTU may have lost it */
	return json_is_integer(o) && (!n || (json_is_integer(n) &&
					     json_integer_value(n) < json_integer_value(o)));
}

static void fa_mark_regressions(json_t *changes)
{
	json_t *ch;
	size_t i;

	json_array_foreach(changes, i, ch)
		if (fa_change_is_regression(ch))
			json_object_set_new(ch, "regression", json_true());
}

static json_t *fa_diff_summary(const json_t *changes, const json_t *missing)
{
	static const char *const kinds[] = { "device", "port", "link" };
	static const char *const ops[] = { "added", "removed", "changed" };
	json_t *sum = json_object(), *by = json_object(), *devices = json_object(), *ch;
	size_t i, k, allowed = 0, regressions = 0, n = json_array_size(changes);

	for (k = 0; k < 3; k++) {
		json_t *o = json_object();

		for (i = 0; i < 3; i++)
			json_object_set_new(o, ops[i], json_integer(0));
		json_object_set_new(by, kinds[k], o);
	}
	json_array_foreach(changes, i, ch) {
		json_t *cnt = fa_obj_get_path(by, fa_get_str(ch, "kind"));

		cnt = json_object_get(cnt, fa_get_str(ch, "op"));
		if (cnt)
			json_integer_set(cnt, json_integer_value(cnt) + 1);
		if (json_is_true(json_object_get(ch, "allowed")))
			allowed++;
		if (json_is_true(json_object_get(ch, "regression")))
			regressions++;
		if (fa_get_str(ch, "device")) {
			json_object_set_new(devices, fa_get_str(ch, "device"), json_true());
		} else {
			json_object_set_new(devices, fa_get_str(ch, "link.a.device"), json_true());
			json_object_set_new(devices, fa_get_str(ch, "link.b.device"), json_true());
		}
	}
	json_object_set_new(sum, "verdict", json_string(allowed == n && !json_array_size(missing) ?
							"pass" : "fail"));
	json_object_set_new(sum, "changes", json_integer((json_int_t)n));
	json_object_set_new(sum, "allowed", json_integer((json_int_t)allowed));
	json_object_set_new(sum, "disallowed", json_integer((json_int_t)(n - allowed)));
	json_object_set_new(sum, "regressions", json_integer((json_int_t)regressions));
	json_object_set_new(sum, "expected_missing",
			    json_integer((json_int_t)json_array_size(missing)));
	json_object_set_new(sum, "devices_changed",
			    json_integer((json_int_t)json_object_size(devices)));
	json_object_set_new(sum, "by_kind", by);
	json_decref(devices);
	return sum;
}

int fa_diff_snapshots(const json_t *old, const json_t *new, const struct fa_diff_opts *opts,
		      json_t **ret, struct fa_err *err)
{
	static const struct fa_diff_opts defaults = FA_DIFF_OPTS_INIT;
	struct fa_volatile *own = NULL;
	struct fa_diff_ctx c;
	struct fa_diff_sides s = { NULL, NULL, 0, 0 };
	json_t *doc = NULL, *collected = json_object(), *missing = NULL, *allow_doc = NULL;
	char now[32];
	size_t i = 0, j = 0;
	int r;

	if (!opts)
		opts = &defaults;
	c.opts = opts;
	c.volatiles = opts->volatiles;
	if (!c.volatiles)
		c.volatiles = own = fa_volatile_new();
	c.changes = json_array();
	c.vmemo = json_object();
	fa_buf_init(&c.vkey, 0);
	r = fa_diff_index(json_object_get(old, "devices"), opts->old_source, "device", &s.ov, &s.on,
			  err);
	if (r < 0)
		goto out;
	r = fa_diff_index(json_object_get(new, "devices"), opts->new_source, "device", &s.nv,
			  &s.nn, err);
	if (r < 0)
		goto out;
	while (i < s.on || j < s.nn) {
		int cmp = i == s.on ? 1 : j == s.nn ? -1 :
			  fa_name_order(fa_get_str(s.ov[i], "name"), fa_get_str(s.nv[j], "name"));

		if (cmp < 0) {
			json_array_append_new(c.changes,
					      fa_change_new("device", "removed",
							    fa_get_str(s.ov[i++], "name"), NULL));
		} else if (cmp > 0) {
			json_array_append_new(c.changes,
					      fa_change_new("device", "added",
							    fa_get_str(s.nv[j++], "name"), NULL));
		} else {
			if (fa_device_collected(s.ov[i]) && fa_device_collected(s.nv[j]))
				json_object_set_new(collected, fa_get_str(s.nv[j], "name"),
						    json_true());
			r = fa_diff_device(&c, s.ov[i++], s.nv[j++], err);
			if (r < 0)
				goto out;
		}
	}
	fa_diff_links(&c, old, new, collected);
	fa_sort_changes(c.changes);
	fa_mark_regressions(c.changes);

	doc = json_object();
	json_object_set_new(doc, "format", json_string(FA_DIFF_FORMAT));
	json_object_set_new(doc, "created", json_string(fa_time_rfc3339(now, sizeof(now))));
	json_object_set_new(doc, "tool", json_pack("{s:s,s:s}", "name", "fabric-audit", "version",
						   PACKAGE_VERSION));
	json_object_set_new(doc, "old", fa_diff_side(old, opts->old_source));
	json_object_set_new(doc, "new", fa_diff_side(new, opts->new_source));
	json_object_set_new(doc, "volatile", fa_volatile_patterns(c.volatiles));
	if (opts->allow) {
		allow_doc = json_object();
		if (opts->allow_source)
			json_object_set_new(allow_doc, "source", json_string(opts->allow_source));
		json_object_set_new(allow_doc, "entries", json_array());
		missing = fa_diff_allow(opts->allow, c.changes, &s,
					json_object_get(allow_doc, "entries"));
		json_object_set_new(doc, "allow", allow_doc);
	} else {
		missing = json_array();
	}
	json_object_set_new(doc, "summary", fa_diff_summary(c.changes, missing));
	json_object_set_new(doc, "changes", json_incref(c.changes));
	json_object_set_new(doc, "expected_missing", missing);
	*ret = doc;
out:
	json_decref(c.changes);
	json_decref(c.vmemo);
	fa_buf_release(&c.vkey);
	json_decref(collected);
	fa_volatile_free(own);
	free(s.ov);
	free(s.nv);
	return r;
}

bool fa_diff_passed(const json_t *diff)
{
	const char *v = fa_get_str(diff, "summary.verdict");

	return v && strcmp(v, "pass") == 0;
}

int fa_diff_check(const json_t *doc, struct fa_err *err)
{
	const json_t *f = json_is_object(doc) ? json_object_get(doc, "format") : NULL;

	if (!json_is_string(f))
		return fa_err_set(err, FA_EPARSE, "not a fabric-audit diff (format %s)",
				  !json_is_object(doc) ? "missing: not a JSON object" :
				  !f ? "missing" : "not a string");
	if (strcmp(json_string_value(f), FA_DIFF_FORMAT) != 0)
		return fa_err_set(err, FA_EPARSE, "not a fabric-audit diff (format %s)",
				  json_string_value(f));
	return 0;
}
