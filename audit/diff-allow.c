/* SPDX-License-Identifier: MIT */
/*
 * The expected-change allow-list: reading it strictly, and the predicates the diff uses.
 *
 * The file is read by fa_yaml_load (so JSON works too) and checked key by key against the
 * tables below; every error points at the offending key or value as file:line:column.
 * Patterns are fnmatch(3) globs.  Values of "from" and "to" are compared as text (a string as
 * it is, anything else as compact JSON), so "to: 9216" matches the integer MTU 9216 and
 * "to: [3]" the PFC list [3].  A real number is refused: "28.40" would be read as 28.4, so a
 * version must be quoted.
 */
#include "config.h"

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/diff-int.h"
#include "audit/diff.h"
#include "audit/fields.h"
#include "audit/model.h"
#include "audit/util/buf.h"
#include "audit/util/xalloc.h"
#include "audit/util/yamljson.h"
#include "audit/util/banned.h"

static const char *const fa_allow_entry_keys[] = { "selector", "field", "from", "to", "reason" };
static const char *const fa_allow_selector_keys[] = { "device", "role", "group", "port",
						      "platform" };
/* Collection status is never an expected change: a device that was not reached must fail. */
static const char *const fa_allow_refused_fields[] = { "status", "error", "name" };

#define FA_NELEM(a) (sizeof(a) / sizeof((a)[0]))

static bool fa_in_list(const char *s, const char *const *list, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(s, list[i]) == 0)
			return true;
	return false;
}

static int fa_check_keys(const struct fa_srcmap *map, struct fa_err *err, const json_t *obj,
			 const char *what, const char *const *known, size_t n)
{
	const char *key;
	json_t *v;
	size_t i;
	struct fa_buf names = FA_BUF_INIT;
	int r = 0;

	json_object_foreach((json_t *)obj, key, v) {
		if (fa_in_list(key, known, n))
			continue;
		for (i = 0; i < n; i++)
			fa_buf_addf(&names, "%s%s", i ? ", " : "", known[i]);
		r = fa_srcmap_err(map, err, FA_EPARSE, obj, key, "unknown key '%s' in %s (known: %s)",
				  key, what, names.buf);
		break;
	}
	fa_buf_release(&names);
	return r;
}

static bool fa_is_glob(const char *s)
{
	return strpbrk(s, "*?[") != NULL;
}

/* The entry's field must be one of the model (audit/fields.def), below a device or a port. */
static int fa_check_field(const struct fa_srcmap *map, struct fa_err *err, const json_t *e,
			  const char *field, bool port)
{
	enum fa_field_entity ent = port ? FA_FIELD_PORT : FA_FIELD_DEVICE;
	char sugg[200], hint[256] = "";

	if (fa_is_glob(field) ? fa_field_glob_is_known(ent, field) : !!fa_field_find(ent, field))
		return 0;
	if (fa_field_suggest(ent, field, sugg, sizeof(sugg)))
		snprintf(hint, sizeof(hint), " (did you mean %s?)", sugg);
	else if (!port && fa_field_find(FA_FIELD_PORT, field))
		snprintf(hint, sizeof(hint), " (a port field: add 'port' to the selector)");
	return fa_srcmap_err(map, err, FA_EPARSE, json_object_get(e, "field"), NULL,
			     "unknown %s field '%s'%s",
			     fa_field_entity_to_string(ent), field, hint);
}

/* A value of from/to: a string, integer, boolean or list of those; never a real or object. */
static int fa_check_value(const struct fa_srcmap *map, struct fa_err *err, const json_t *entry,
			  const char *key, const json_t *v)
{
	size_t i;
	json_t *item;

	if (json_is_real(v))
		return fa_srcmap_err(map, err, FA_EPARSE, entry, key,
				     "'%s' is a real number; write versions and decimals in quotes",
				     key);
	if (json_is_object(v) || json_is_null(v))
		return fa_srcmap_err(map, err, FA_EPARSE, entry, key,
				     "'%s' must be a value or a list of values", key);
	json_array_foreach((json_t *)v, i, item)
		if (json_is_real(item) || json_is_object(item) || json_is_array(item))
			return fa_srcmap_err(map, err, FA_EPARSE, item, NULL,
					     "a list in '%s' holds strings, integers or booleans",
					     key);
	return 0;
}

static int fa_allow_entry_parse(const struct fa_srcmap *map, struct fa_err *err,
				const json_t *e, struct fa_allow_entry *ret)
{
	const json_t *sel, *field, *reason, *v;
	const char *key;
	int r;

	if (!json_is_object(e))
		return fa_srcmap_err(map, err, FA_EPARSE, e, NULL,
				     "an allow entry must be a mapping (selector, field, from, to, "
				     "reason)");
	r = fa_check_keys(map, err, e, "an allow entry", fa_allow_entry_keys,
			  FA_NELEM(fa_allow_entry_keys));
	if (r < 0)
		return r;
	sel = json_object_get(e, "selector");
	field = json_object_get(e, "field");
	reason = json_object_get(e, "reason");
	if (!sel || !field || !reason)
		return fa_srcmap_err(map, err, FA_EPARSE, e, NULL,
				     "an allow entry needs 'selector', 'field' and 'reason'");
	if (!json_is_object(sel) || json_object_size(sel) == 0)
		return fa_srcmap_err(map, err, FA_EPARSE, e, "selector",
				     "'selector' must be a mapping of at least one of device, role, "
				     "group, port, platform");
	r = fa_check_keys(map, err, sel, "a selector", fa_allow_selector_keys,
			  FA_NELEM(fa_allow_selector_keys));
	if (r < 0)
		return r;
	json_object_foreach((json_t *)sel, key, v)
		if (!json_is_string(v) || !json_string_length(v))
			return fa_srcmap_err(map, err, FA_EPARSE, sel, key,
					     "selector '%s' must be a non-empty pattern (quote "
					     "numbers)", key);
	if (!json_is_string(field) || !json_string_length(field))
		return fa_srcmap_err(map, err, FA_EPARSE, e, "field",
				     "'field' must be a dotted field path, e.g. nic.firmware");
	if (fa_in_list(json_string_value(field), fa_allow_refused_fields,
		       FA_NELEM(fa_allow_refused_fields)))
		return fa_srcmap_err(map, err, FA_EPARSE, e, "field",
				     "'%s' cannot be an expected change: a device that was not "
				     "collected always fails", json_string_value(field));
	if (!json_is_string(reason) || !json_string_length(reason))
		return fa_srcmap_err(map, err, FA_EPARSE, e, "reason",
				     "'reason' must say why the change is expected");
	if (json_object_get(e, "from")) {
		r = fa_check_value(map, err, e, "from", json_object_get(e, "from"));
		if (r < 0)
			return r;
	}
	if (json_object_get(e, "to")) {
		r = fa_check_value(map, err, e, "to", json_object_get(e, "to"));
		if (r < 0)
			return r;
	}
	r = fa_check_field(map, err, e, json_string_value(field),
			   json_object_get(sel, "port") != NULL);
	if (r < 0)
		return r;
	ret->selector = sel;
	ret->field = json_string_value(field);
	ret->reason = json_string_value(reason);
	ret->from = json_object_get(e, "from");
	ret->to = json_object_get(e, "to");
	if (json_is_string(ret->from) && !strcmp(json_string_value(ret->from), "any"))
		ret->from = NULL;
	if (json_is_string(ret->to) && !strcmp(json_string_value(ret->to), "any"))
		ret->to = NULL;
	ret->port_scope = json_object_get(sel, "port") != NULL;
	ret->field_glob = fa_is_glob(ret->field);
	return 0;
}

static int fa_allow_build(json_t *root, const struct fa_srcmap *map, struct fa_allow **ret,
			  struct fa_err *err)
{
	static const char *const top_keys[] = { "allow" };
	struct fa_allow *a = NULL;
	const json_t *list, *e;
	size_t i;
	int r;

	if (!json_is_object(root))
		return fa_srcmap_err(map, err, FA_EPARSE, root, NULL,
				     "an allow-list is a mapping with the key 'allow'");
	r = fa_check_keys(map, err, root, "the allow-list", top_keys, FA_NELEM(top_keys));
	if (r < 0)
		return r;
	list = json_object_get(root, "allow");
	if (!json_is_array(list))
		return fa_srcmap_err(map, err, FA_EPARSE, root, list ? "allow" : NULL,
				     "'allow' must be a list of entries");
	a = fa_xcalloc(1, sizeof(*a));
	a->v = fa_xcalloc(json_array_size(list) + 1, sizeof(*a->v));
	json_array_foreach(list, i, e) {
		r = fa_allow_entry_parse(map, err, e, &a->v[a->n]);
		if (r < 0) {
			free(a->v);
			free(a);
			return r;
		}
		a->n++;
	}
	a->root = json_incref(root);
	*ret = a;
	return 0;
}

int fa_allow_parse(const char *source, const char *data, size_t len, struct fa_allow **ret,
		   struct fa_err *err)
{
	struct fa_srcmap *map = NULL;
	json_t *root = NULL;
	int r;

	if (len == 0)
		return fa_err_at(err, FA_EPARSE, source, 0, 0,
				 "the allow-list is empty (it needs 'allow:' and its entries)");
	r = fa_yaml_parse(source, data, len, &root, &map, err);
	if (r == 0)
		r = fa_allow_build(root, map, ret, err);
	json_decref(root);
	fa_srcmap_free(map);
	return r;
}

int fa_allow_load(const char *path, struct fa_allow **ret, struct fa_err *err)
{
	struct fa_srcmap *map = NULL;
	json_t *root = NULL;
	int r;

	r = fa_yaml_load(path, &root, &map, err);
	if (r == 0 && json_is_null(root))
		r = fa_err_at(err, FA_EPARSE, path, 0, 0,
			      "the allow-list is empty (it needs 'allow:' and its entries)");
	if (r == 0)
		r = fa_allow_build(root, map, ret, err);
	json_decref(root);
	fa_srcmap_free(map);
	return r;
}

void fa_allow_free(struct fa_allow *a)
{
	if (!a)
		return;
	json_decref(a->root);
	free(a->v);
	free(a);
}

size_t fa_allow_count(const struct fa_allow *a)
{
	return a ? a->n : 0;
}

/* ---- matching ---------------------------------------------------------------------------- */

static bool fa_glob(const json_t *pattern, const char *s)
{
	return s && fnmatch(json_string_value(pattern), s, 0) == 0;
}

bool fa_allow_selects(const struct fa_allow_entry *e, const json_t *device, const json_t *port)
{
	const json_t *pat, *groups, *g;
	size_t i;
	bool any;

	pat = json_object_get(e->selector, "device");
	if (pat && !fa_glob(pat, fa_get_str(device, "name")))
		return false;
	pat = json_object_get(e->selector, "role");
	if (pat && !fa_glob(pat, fa_get_str(device, "role")))
		return false;
	pat = json_object_get(e->selector, "platform");
	if (pat && !fa_glob(pat, fa_get_str(device, "platform")))
		return false;
	pat = json_object_get(e->selector, "group");
	if (pat) {
		groups = json_object_get(device, "groups");
		any = false;
		json_array_foreach(groups, i, g)
			if (json_is_string(g) && fa_glob(pat, json_string_value(g)))
				any = true;
		if (!any)
			return false;
	}
	pat = json_object_get(e->selector, "port");
	if (pat && (!port || !fa_glob(pat, fa_get_str(port, "name"))))
		return false;
	return true;
}

bool fa_allow_field_matches(const struct fa_allow_entry *e, const char *path)
{
	size_t n = strlen(e->field);

	if (e->field_glob)
		return fnmatch(e->field, path, 0) == 0;
	return strncmp(path, e->field, n) == 0 && (path[n] == '\0' || path[n] == '.');
}

/* Append @v as text: a string as it is, anything else as compact JSON. */
static void fa_value_text(const json_t *v, struct fa_buf *out)
{
	char *dump;

	if (json_is_string(v)) {
		fa_buf_add(out, json_string_value(v), json_string_length(v));
		return;
	}
	dump = json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS | JSON_ENCODE_ANY);
	if (dump)
		fa_buf_adds(out, dump);
	free(dump);
}

bool fa_allow_value_matches(const json_t *want, const json_t *value)
{
	struct fa_buf a = FA_BUF_INIT, b = FA_BUF_INIT;
	bool eq;

	if (!want)
		return true;
	if (!value)
		return false;
	fa_value_text(want, &a);
	fa_value_text(value, &b);
	eq = a.len == b.len && memcmp(a.buf, b.buf, a.len) == 0;
	fa_buf_release(&a);
	fa_buf_release(&b);
	return eq;
}

json_t *fa_allow_entry_json(const struct fa_allow_entry *e, size_t index)
{
	json_t *j = json_object();

	json_object_set_new(j, "entry", json_integer((json_int_t)index + 1));
	json_object_set_new(j, "selector", json_deep_copy(e->selector));
	json_object_set_new(j, "field", json_string(e->field));
	json_object_set_new(j, "from", e->from ? json_deep_copy(e->from) : json_string("any"));
	json_object_set_new(j, "to", e->to ? json_deep_copy(e->to) : json_string("any"));
	json_object_set_new(j, "reason", json_string(e->reason));
	return j;
}
