/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "audit/util/utf8.h"
#include "audit/util/xalloc.h"

static const char *const fa_status_names[FA_STATUS_COUNT] = {
	[FA_STATUS_OK] = "ok",
	[FA_STATUS_UNREACHABLE] = "unreachable",
	[FA_STATUS_AUTH_FAILED] = "auth-failed",
	[FA_STATUS_HOSTKEY_UNKNOWN] = "hostkey-unknown",
	[FA_STATUS_HOSTKEY_CHANGED] = "hostkey-changed",
	[FA_STATUS_TIMEOUT] = "timeout",
	[FA_STATUS_COMMAND_FAILED] = "command-failed",
	[FA_STATUS_PARSE_ERROR] = "parse-error",
};

const char *fa_status_to_string(enum fa_status s)
{
	if ((unsigned)s >= FA_STATUS_COUNT)
		return "unknown";
	return fa_status_names[s];
}

int fa_status_from_string(const char *s)
{
	int i;

	for (i = 0; i < FA_STATUS_COUNT; i++)
		if (strcmp(fa_status_names[i], s) == 0)
			return i;
	return -1;
}

json_t *fa_device_new(const char *name, const char *kind)
{
	json_t *d = json_object();

	json_object_set_new(d, "name", fa_json_stringn(name, strlen(name)));
	json_object_set_new(d, "kind", json_string(kind));
	json_object_set_new(d, "ports", json_array());
	return d;
}

/*
 * Port indexes (fa_device_index_begin): name -> position in the device's "ports" array, so a
 * parser that looks up every port of a 100,000-port output does not scan the array each time.
 * An index belongs to the thread that began it.  It follows the array as it is: ports appended
 * by anyone are indexed on the next lookup, a replaced or shrunk array is indexed again, and
 * a hit is checked against the port at that position (a reordered array is indexed again).
 */
struct fa_port_index {
	json_t *device;
	json_t *ports;		/* the array indexed */
	size_t n;		/* how many of its entries are indexed */
	json_t *pos;		/* port name -> position of its first port */
	unsigned depth;		/* nested begins on the same device */
	struct fa_port_index *next;
};

static _Thread_local struct fa_port_index *fa_port_indexes;

void fa_device_index_begin(json_t *device)
{
	struct fa_port_index *x;

	for (x = fa_port_indexes; x; x = x->next) {
		if (x->device == device) {
			x->depth++;
			return;
		}
	}
	x = fa_xcalloc(1, sizeof(*x));
	x->device = device;
	x->pos = json_object();
	x->depth = 1;
	x->next = fa_port_indexes;
	fa_port_indexes = x;
}

void fa_device_index_end(json_t *device)
{
	struct fa_port_index **pp, *x;

	for (pp = &fa_port_indexes; (x = *pp); pp = &x->next) {
		if (x->device != device)
			continue;
		if (--x->depth == 0) {
			*pp = x->next;
			json_decref(x->pos);
			free(x);
		}
		return;
	}
}

static const char *fa_port_name(const json_t *port)
{
	return json_string_value(json_object_get(port, "name"));
}

/* Index what was appended since the last lookup; start over when the array changed. */
static void fa_port_index_sync(struct fa_port_index *x, bool again)
{
	json_t *ports = json_object_get(x->device, "ports");
	size_t size = json_array_size(ports);

	if (again || ports != x->ports || size < x->n) {
		json_object_clear(x->pos);
		x->ports = ports;
		x->n = 0;
	}
	for (; x->n < size; x->n++) {
		const char *n = fa_port_name(json_array_get(ports, x->n));

		if (n && !json_object_get(x->pos, n))
			json_object_set_new_nocheck(x->pos, n, json_integer((json_int_t)x->n));
	}
}

static json_t *fa_port_index_find(struct fa_port_index *x, const char *name)
{
	int attempt;

	for (attempt = 0; attempt < 2; attempt++) {
		json_t *v, *p;
		const char *n;

		fa_port_index_sync(x, attempt > 0);
		v = json_object_get(x->pos, name);
		if (!v)
			return NULL;
		p = json_array_get(x->ports, (size_t)json_integer_value(v));
		n = fa_port_name(p);
		if (n && strcmp(n, name) == 0)
			return p;
	}
	return NULL;
}

json_t *fa_device_find_port(const json_t *device, const char *name)
{
	json_t *ports = json_object_get(device, "ports");
	struct fa_port_index *x;
	json_t *p;
	size_t i;

	if (!name)
		return NULL;
	for (x = fa_port_indexes; x; x = x->next)
		if (x->device == device)
			return fa_port_index_find(x, name);
	json_array_foreach(ports, i, p) {
		const char *n = fa_port_name(p);

		if (n && strcmp(n, name) == 0)
			return p;
	}
	return NULL;
}

json_t *fa_device_port(json_t *device, const char *name)
{
	json_t *ports, *p = fa_device_find_port(device, name);

	if (p)
		return p;
	ports = json_object_get(device, "ports");
	if (!json_is_array(ports)) {
		ports = json_array();
		json_object_set_new(device, "ports", ports);
	}
	p = json_object();
	json_object_set_new(p, "name", fa_json_stringn(name, strlen(name)));
	json_array_append_new(ports, p);
	return p;
}

/* Walk @path; with @create, make missing (or non-object) parts objects. */
static json_t *fa_walk(json_t *obj, const char *path, size_t len, bool create)
{
	const char *p = path, *end = path + len;

	while (obj && p < end) {
		const char *dot = memchr(p, '.', (size_t)(end - p));
		size_t n = dot ? (size_t)(dot - p) : (size_t)(end - p);
		char key[128];
		json_t *next;

		if (n >= sizeof(key))
			return NULL;
		memcpy(key, p, n);
		key[n] = '\0';
		next = json_object_get(obj, key);
		if (!json_is_object(next)) {
			if (!create)
				return NULL;
			next = json_object();
			json_object_set_new(obj, key, next);
		}
		obj = next;
		p += n + (dot ? 1 : 0);
	}
	return obj;
}

json_t *fa_obj_path(json_t *obj, const char *path)
{
	return fa_walk(obj, path, strlen(path), true);
}

json_t *fa_obj_get_path(const json_t *obj, const char *path)
{
	const char *last = strrchr(path, '.');
	json_t *parent;

	if (!last)
		return json_object_get(obj, path);
	parent = fa_walk((json_t *)obj, path, (size_t)(last - path), false);
	return parent ? json_object_get(parent, last + 1) : NULL;
}

void fa_set(json_t *obj, const char *path, json_t *value)
{
	const char *last = strrchr(path, '.');
	json_t *parent = last ? fa_walk(obj, path, (size_t)(last - path), true) : obj;

	json_object_set_new(parent, last ? last + 1 : path, value);
}

json_t *fa_json_stringn(const char *s, size_t len)
{
	struct fa_buf b;
	json_t *v;

	if (fa_utf8_is_clean(s, len, 0))
		return json_stringn(s, len);
	/* Device text is not always text (NULs, stray bytes, controls): docs/model.md "Text". */
	fa_buf_init(&b, 0);
	fa_utf8_clean(s, len, 0, &b);
	v = json_stringn(b.buf, b.len);
	fa_buf_release(&b);
	return v;
}

void fa_set_str(json_t *obj, const char *path, const char *value)
{
	fa_set(obj, path, fa_json_stringn(value, strlen(value)));
}

void fa_set_strn(json_t *obj, const char *path, const char *value, size_t len)
{
	fa_set(obj, path, fa_json_stringn(value, len));
}

void fa_set_int(json_t *obj, const char *path, json_int_t value)
{
	fa_set(obj, path, json_integer(value));
}

void fa_set_bool(json_t *obj, const char *path, bool value)
{
	fa_set(obj, path, json_boolean(value));
}

void fa_set_pfc_both(json_t *port, json_t *prios)
{
	fa_set(port, "qos.pfc_rx", json_deep_copy(prios));
	fa_set(port, "qos.pfc_tx", json_deep_copy(prios));
	fa_set(port, "qos.pfc_enabled", prios);
}

/* @device's warnings list, made when absent, to append to. */
static json_t *fa_device_warnings(json_t *device)
{
	json_t *w = json_object_get(device, "warnings");

	if (!json_is_array(w)) {
		w = json_array();
		json_object_set_new(device, "warnings", w);
	} else if (w->refcount > 1) {
		/*
		 * Another device holds this list too (a loaded snapshot shares equal values,
		 * fa_model_share_lists shares equal lists): append to a copy of our own.
		 */
		w = json_copy(w);
		json_object_set_new(device, "warnings", w);
	}
	return w;
}

void fa_device_warn(json_t *device, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	json_array_append_new(fa_device_warnings(device), fa_json_stringn(msg, strlen(msg)));
}

/* @from's members set over @obj's as fa_set writes them: objects member by member. */
static void fa_merge_members(json_t *obj, json_t *from, const char *skip)
{
	const char *key;
	json_t *v, *old;

	json_object_foreach(from, key, v) {
		if (skip && strcmp(key, skip) == 0)
			continue;
		old = json_object_get(obj, key);
		if (json_is_object(v) && json_is_object(old))
			fa_merge_members(old, v, NULL);
		else
			json_object_set(obj, key, v);
	}
}

void fa_device_merge(json_t *device, json_t *from)
{
	json_t *ports = json_object_get(from, "ports"), *warn = json_object_get(from, "warnings");
	json_t **onto, *dports, *p;
	const char *key;
	json_t *v;
	size_t i, n = json_array_size(ports);

	json_object_foreach(from, key, v) {
		if (strcmp(key, "ports") == 0 || strcmp(key, "warnings") == 0)
			continue;
		if (json_is_object(v) && json_is_object(json_object_get(device, key)))
			fa_merge_members(json_object_get(device, key), v, NULL);
		else
			json_object_set(device, key, v);
	}
	if (n) {
		/*
		 * The ports @device had before are looked up first, all of them, so that a port of
		 * @from never lands on one appended from @from: the parser found those in @from.
		 */
		onto = fa_xcalloc(n, sizeof(*onto));
		fa_device_index_begin(device);
		json_array_foreach(ports, i, p)
			onto[i] = fa_device_find_port(device, fa_port_name(p));
		dports = json_object_get(device, "ports");
		if (!json_is_array(dports)) {
			dports = json_array();
			json_object_set_new(device, "ports", dports);
		}
		json_array_foreach(ports, i, p) {
			if (onto[i])
				fa_merge_members(onto[i], p, "name");
			else
				json_array_append(dports, p);
		}
		fa_device_index_end(device);
		free(onto);
	}
	if (json_array_size(warn))
		json_array_extend(fa_device_warnings(device), warn);
}

const char *fa_get_str(const json_t *obj, const char *path)
{
	return json_string_value(fa_obj_get_path(obj, path));
}

int fa_get_int(const json_t *obj, const char *path, json_int_t *ret)
{
	json_t *v = fa_obj_get_path(obj, path);

	if (!json_is_integer(v))
		return 0;
	*ret = json_integer_value(v);
	return 1;
}

static bool fa_is_plain_list(const json_t *a)
{
	const json_t *v;
	size_t i;

	if (json_array_size(a) < 2)
		return false;
	json_array_foreach(a, i, v) {
		if (json_is_object(v) || json_is_array(v))
			return false;
	}
	return true;
}

void fa_model_share_lists(json_t *obj, json_t *pool)
{
	const char *key;
	json_t *v;
	size_t i;

	if (json_is_array(obj)) {
		json_array_foreach(obj, i, v) {
			if (json_is_object(v) || json_is_array(v))
				fa_model_share_lists(v, pool);
		}
		return;
	}
	json_object_foreach(obj, key, v) {
		char *text;
		json_t *shared;

		if (json_is_object(v) || (json_is_array(v) && !fa_is_plain_list(v))) {
			fa_model_share_lists(v, pool);
			continue;
		}
		if (!json_is_array(v))
			continue;
		text = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
		if (!text)
			continue;
		shared = json_object_get(pool, text);
		if (!shared)
			json_object_set(pool, text, v);
		else if (shared != v)
			json_object_set(obj, key, shared);
		free(text);
	}
}
