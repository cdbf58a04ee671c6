/* SPDX-License-Identifier: MIT */
/*
 * libyaml event stream → jansson tree, with a source map.
 *
 * A stack of open containers holds, for a mapping, the pending key.  Every value and every
 * key gets a source map entry with its 1-based line and column.
 *
 * An alias is a reference to the anchored value, but whoever walks or copies the tree later
 * meets every value it stands for: nine nested levels of ten aliases each are a billion
 * values from a few hundred bytes.  So each value counts the values it holds once expanded
 * (its anchor's size, fixed when its node closes), every alias adds its anchor's size to
 * the file's total, and past FA_YAML_MAX_ALIAS_VALUES the file is refused where the alias
 * stands.  An alias to a node that is still open (a cycle) is refused too.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "audit/util/fileio.h"
#include "audit/util/xalloc.h"
#include "audit/util/yamljson.h"

#define FA_YAML_MAX_DEPTH 128
#define FA_YAML_MAX_FILE ((size_t)64 << 20)

struct fa_srcmap_entry {
	const json_t *value;	/* the value, or the mapping that owns @key */
	char *key;		/* NULL for a value entry */
	int line, column;
};

struct fa_srcmap {
	char *source;
	struct fa_srcmap_entry *v;
	size_t n, alloc;
	/*
	 * Index of the entries by (value, key), built on the first lookup: callers ask for the
	 * place of every device of an inventory, and a scan per question is quadratic.  Slots
	 * hold entry index + 1 (0 empty); the first entry of a (value, key) is the one found.
	 */
	size_t *slots;
	size_t mask;
};

struct fa_anchor {
	char *name;
	json_t *value;
	size_t size;		/* values it stands for, itself included; 0 while still open */
};

struct fa_frame {
	json_t *container;
	char *key;		/* pending mapping key, owned */
	size_t first;		/* the file's value count when this container opened */
	size_t anchor;		/* index + 1 of its anchor, 0 when it has none */
};

struct fa_yaml_state {
	struct fa_srcmap *map;
	struct fa_frame stack[FA_YAML_MAX_DEPTH];
	int depth;
	struct fa_anchor *anchors;
	size_t nanchors, anchors_alloc;
	/* anchor names → index + 1 of the latest anchor of that name (0 empty), so that an
	 * alias is found in constant time however many anchors a file has */
	size_t *anchor_slots;
	size_t anchor_mask;
	size_t values;		/* values so far, each alias counted as what it stands for */
	size_t alias_values;	/* of which aliases stand for */
	json_t *root;
};

static void fa_srcmap_add(struct fa_srcmap *map, const json_t *value, const char *key,
			  const yaml_mark_t *mark)
{
	struct fa_srcmap_entry *e;

	if (map->n == map->alloc) {
		map->alloc = map->alloc ? map->alloc * 2 : 64;
		map->v = fa_xreallocarray(map->v, map->alloc, sizeof(*map->v));
	}
	/* An index built by an early lookup does not know this entry: rebuilt when needed. */
	free(map->slots);
	map->slots = NULL;
	e = &map->v[map->n++];
	e->value = value;
	e->key = key ? fa_xstrdup(key) : NULL;
	e->line = (int)mark->line + 1;
	e->column = (int)mark->column + 1;
}

void fa_srcmap_free(struct fa_srcmap *map)
{
	size_t i;

	if (!map)
		return;
	for (i = 0; i < map->n; i++)
		free(map->v[i].key);
	free(map->v);
	free(map->slots);
	free(map->source);
	free(map);
}

static size_t fa_srcmap_hash(const json_t *value, const char *key)
{
	uint64_t h = (uint64_t)(uintptr_t)value * 0x9e3779b97f4a7c15ULL;

	for (; key && *key; key++)
		h = (h ^ (unsigned char)*key) * 1099511628211ULL;
	return (size_t)(h ^ (h >> 31));
}

static bool fa_srcmap_same(const struct fa_srcmap_entry *e, const json_t *value, const char *key)
{
	return e->value == value && (key ? e->key && strcmp(e->key, key) == 0 : !e->key);
}

static void fa_srcmap_index(struct fa_srcmap *map)
{
	size_t cap = 16, i, k;

	while (cap < map->n * 2)
		cap <<= 1;
	map->slots = fa_xcalloc(cap, sizeof(*map->slots));
	map->mask = cap - 1;
	for (i = 0; i < map->n; i++) {
		const struct fa_srcmap_entry *e = &map->v[i];

		for (k = fa_srcmap_hash(e->value, e->key) & map->mask; map->slots[k];
		     k = (k + 1) & map->mask)
			if (fa_srcmap_same(&map->v[map->slots[k] - 1], e->value, e->key))
				break;
		if (!map->slots[k])
			map->slots[k] = i + 1;
	}
}

/* The entry of (@value, @key), key NULL for the value itself; NULL when there is none. */
static const struct fa_srcmap_entry *fa_srcmap_get(const struct fa_srcmap *map,
						   const json_t *value, const char *key)
{
	size_t k;

	if (!map || !map->n)
		return NULL;
	if (!map->slots)
		fa_srcmap_index((struct fa_srcmap *)map);
	for (k = fa_srcmap_hash(value, key) & map->mask; map->slots[k]; k = (k + 1) & map->mask)
		if (fa_srcmap_same(&map->v[map->slots[k] - 1], value, key))
			return &map->v[map->slots[k] - 1];
	return NULL;
}

const char *fa_srcmap_source(const struct fa_srcmap *map)
{
	return map ? map->source : "";
}

int fa_srcmap_find(const struct fa_srcmap *map, const json_t *value, int *line, int *column)
{
	const struct fa_srcmap_entry *e = fa_srcmap_get(map, value, NULL);

	*line = e ? e->line : 0;
	*column = e ? e->column : 0;
	return e != NULL;
}

int fa_srcmap_find_key(const struct fa_srcmap *map, const json_t *object, const char *key,
		       int *line, int *column)
{
	const struct fa_srcmap_entry *e = key ? fa_srcmap_get(map, object, key) : NULL;

	*line = e ? e->line : 0;
	*column = e ? e->column : 0;
	return e != NULL;
}

int fa_srcmap_err(const struct fa_srcmap *map, struct fa_err *err, int code, const json_t *value,
		  const char *key, const char *fmt, ...)
{
	char msg[512];
	int line, column;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (key)
		fa_srcmap_find_key(map, value, key, &line, &column);
	else
		fa_srcmap_find(map, value, &line, &column);
	return fa_err_at(err, code, fa_srcmap_source(map), line, column, "%s", msg);
}

static int fa_is_int(const char *s)
{
	const char *p = s;

	if (*p == '-' || *p == '+')
		p++;
	if (!*p)
		return 0;
	for (; *p; p++)
		if (*p < '0' || *p > '9')
			return 0;
	return 1;
}

static json_t *fa_yaml_scalar(const yaml_event_t *ev)
{
	const char *s = (const char *)ev->data.scalar.value;
	char *end;

	if (ev->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
		return json_stringn(s, ev->data.scalar.length);
	if (!*s || !strcmp(s, "~") || !strcmp(s, "null") || !strcmp(s, "Null") ||
	    !strcmp(s, "NULL"))
		return json_null();
	if (!strcmp(s, "true") || !strcmp(s, "True") || !strcmp(s, "TRUE"))
		return json_true();
	if (!strcmp(s, "false") || !strcmp(s, "False") || !strcmp(s, "FALSE"))
		return json_false();
	if (fa_is_int(s)) {
		long long v;

		errno = 0;
		v = strtoll(s, &end, 10);
		if (!errno && !*end)
			return json_integer(v);
	}
	if (strpbrk(s, "0123456789") && strspn(s, "+-0123456789.eE") == strlen(s)) {
		double d;

		errno = 0;
		d = strtod(s, &end);
		if (!errno && !*end && end != s)
			return json_real(d);
	}
	return json_stringn(s, ev->data.scalar.length);
}

static size_t fa_anchor_hash(const char *name)
{
	uint64_t h = 14695981039346656037ULL;

	for (; *name; name++)
		h = (h ^ (unsigned char)*name) * 1099511628211ULL;
	return (size_t)(h ^ (h >> 29));
}

/* The slot of @name: the one holding it, or the empty one where it would go. */
static size_t *fa_anchor_slot(struct fa_yaml_state *st, const char *name)
{
	size_t k;

	for (k = fa_anchor_hash(name) & st->anchor_mask; st->anchor_slots[k];
	     k = (k + 1) & st->anchor_mask)
		if (strcmp(st->anchors[st->anchor_slots[k] - 1].name, name) == 0)
			break;
	return &st->anchor_slots[k];
}

/* The latest anchor named @name (YAML lets a later anchor reuse a name), or NULL. */
static const struct fa_anchor *fa_anchor_find(struct fa_yaml_state *st, const char *name)
{
	size_t slot;

	if (!st->anchor_slots)
		return NULL;
	slot = *fa_anchor_slot(st, name);
	return slot ? &st->anchors[slot - 1] : NULL;
}

/* Returns the anchor's index + 1, for the frame that closes it. */
static size_t fa_anchor_add(struct fa_yaml_state *st, const char *name, json_t *value,
			    size_t size)
{
	struct fa_anchor *a;
	size_t i;

	if (st->nanchors == st->anchors_alloc) {
		st->anchors_alloc = st->anchors_alloc ? st->anchors_alloc * 2 : 16;
		st->anchors = fa_xreallocarray(st->anchors, st->anchors_alloc,
					       sizeof(*st->anchors));
		/* slots at most half full: rebuilt from the anchors, latest of a name last */
		free(st->anchor_slots);
		st->anchor_slots = fa_xcalloc(st->anchors_alloc * 2, sizeof(*st->anchor_slots));
		st->anchor_mask = st->anchors_alloc * 2 - 1;
		for (i = 0; i < st->nanchors; i++)
			*fa_anchor_slot(st, st->anchors[i].name) = i + 1;
	}
	a = &st->anchors[st->nanchors++];
	a->name = fa_xstrdup(name);
	a->value = value;
	a->size = size;
	*fa_anchor_slot(st, name) = st->nanchors;
	return st->nanchors;
}

static int fa_yaml_err_at(struct fa_yaml_state *st, struct fa_err *err, int code,
			  const yaml_event_t *ev, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

static int fa_yaml_err_at(struct fa_yaml_state *st, struct fa_err *err, int code,
			  const yaml_event_t *ev, const char *fmt, ...)
{
	char msg[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return fa_err_at(err, code, st->map->source, (int)ev->start_mark.line + 1,
			 (int)ev->start_mark.column + 1, "%s", msg);
}

/*
 * The value an alias stands for (*ret_value, a new reference), after counting what it
 * expands to.  Errors: an unknown anchor, a cycle, or aliases over the file's limit.
 */
static int fa_yaml_alias(struct fa_yaml_state *st, const yaml_event_t *ev, json_t **ret_value,
			 struct fa_err *err)
{
	const char *name = (const char *)ev->data.alias.anchor;
	const struct fa_anchor *a = fa_anchor_find(st, name);

	if (!a)
		return fa_yaml_err_at(st, err, FA_EPARSE, ev, "unknown alias '%s'", name);
	if (!a->size)
		return fa_yaml_err_at(st, err, FA_EPARSE, ev,
				      "alias '%s' is inside the node it names (a cycle)", name);
	/* Both counts stay far below SIZE_MAX: the limit is checked at every alias. */
	st->alias_values += a->size;
	st->values += a->size;
	if (st->alias_values > FA_YAML_MAX_ALIAS_VALUES)
		return fa_yaml_err_at(st, err, FA_ETOOBIG, ev,
				      "aliases stand for more than %d values (an alias counts "
				      "every value it repeats, nested aliases included): refused "
				      "as an alias bomb",
				      FA_YAML_MAX_ALIAS_VALUES);
	*ret_value = json_incref(a->value);
	return 0;
}

/*
 * Put @value (a new reference, consumed) where the stack top wants it: as the root, appended
 * to a sequence, as a pending key, or as the value of the pending key.
 */
static int fa_yaml_place(struct fa_yaml_state *st, json_t *value, const yaml_event_t *ev,
			 struct fa_err *err)
{
	struct fa_frame *top;

	if (st->depth == 0) {
		if (st->root) {
			json_decref(value);
			return fa_err_at(err, FA_EPARSE, st->map->source,
					 (int)ev->start_mark.line + 1,
					 (int)ev->start_mark.column + 1,
					 "more than one document in the file");
		}
		st->root = value;
		fa_srcmap_add(st->map, value, NULL, &ev->start_mark);
		return 0;
	}
	top = &st->stack[st->depth - 1];
	if (json_is_array(top->container)) {
		fa_srcmap_add(st->map, value, NULL, &ev->start_mark);
		if (json_array_append_new(top->container, value) < 0)
			return fa_err_at(err, FA_ENOMEM, st->map->source,
					 (int)ev->start_mark.line + 1,
					 (int)ev->start_mark.column + 1, "out of memory");
		return 0;
	}
	if (!top->key) {
		if (!json_is_string(value)) {
			char keybuf[64];

			if (json_is_integer(value)) {
				snprintf(keybuf, sizeof(keybuf), "%lld",
					 (long long)json_integer_value(value));
			} else if (ev->type == YAML_SCALAR_EVENT) {
				snprintf(keybuf, sizeof(keybuf), "%s",
					 (const char *)ev->data.scalar.value);
			} else {
				json_decref(value);
				return fa_err_at(err, FA_EPARSE, st->map->source,
						 (int)ev->start_mark.line + 1,
						 (int)ev->start_mark.column + 1,
						 "a mapping key must be a plain value");
			}
			top->key = fa_xstrdup(keybuf);
		} else {
			top->key = fa_xstrdup(json_string_value(value));
		}
		json_decref(value);
		if (json_object_get(top->container, top->key)) {
			return fa_err_at(err, FA_EPARSE, st->map->source,
					 (int)ev->start_mark.line + 1,
					 (int)ev->start_mark.column + 1, "duplicate key '%s'",
					 top->key);
		}
		fa_srcmap_add(st->map, top->container, top->key, &ev->start_mark);
		return 0;
	}
	fa_srcmap_add(st->map, value, NULL, &ev->start_mark);
	if (json_object_set_new(top->container, top->key, value) < 0)
		return fa_err_at(err, FA_EPARSE, st->map->source, (int)ev->start_mark.line + 1,
				 (int)ev->start_mark.column + 1,
				 "the key of this value is not valid UTF-8 text");
	free(top->key);
	top->key = NULL;
	return 0;
}

static int fa_yaml_run(struct fa_yaml_state *st, yaml_parser_t *parser, struct fa_err *err)
{
	yaml_event_t ev;
	int r = 0, done = 0;

	while (!done && r == 0) {
		json_t *v = NULL;
		const char *anchor = NULL;

		if (!yaml_parser_parse(parser, &ev)) {
			/* libyaml allocates with plain malloc: out of memory is its own error */
			if (parser->error == YAML_MEMORY_ERROR)
				return fa_err_at(err, FA_ENOMEM, st->map->source, 0, 0,
						 "out of memory reading YAML");
			return fa_err_at(err, FA_EPARSE, st->map->source,
					 (int)parser->problem_mark.line + 1,
					 (int)parser->problem_mark.column + 1, "%s",
					 parser->problem ? parser->problem : "YAML syntax error");
		}
		switch (ev.type) {
		case YAML_STREAM_END_EVENT:
			done = 1;
			break;
		case YAML_SCALAR_EVENT:
			v = fa_yaml_scalar(&ev);
			if (!v) {
				/* jansson refuses only text that is not UTF-8 (or memory) */
				r = fa_yaml_err_at(st, err, FA_EPARSE, &ev,
						   "a value that is not valid UTF-8 text");
				break;
			}
			st->values++;
			anchor = (const char *)ev.data.scalar.anchor;
			if (anchor)
				fa_anchor_add(st, anchor, v, 1);
			r = fa_yaml_place(st, v, &ev, err);
			break;
		case YAML_ALIAS_EVENT:
			r = fa_yaml_alias(st, &ev, &v, err);
			if (r == 0)
				r = fa_yaml_place(st, v, &ev, err);
			break;
		case YAML_SEQUENCE_START_EVENT:
		case YAML_MAPPING_START_EVENT:
			if (st->depth == FA_YAML_MAX_DEPTH) {
				r = fa_err_at(err, FA_EPARSE, st->map->source,
					      (int)ev.start_mark.line + 1,
					      (int)ev.start_mark.column + 1, "nesting too deep");
				break;
			}
			v = ev.type == YAML_SEQUENCE_START_EVENT ? json_array() : json_object();
			if (!v) {
				r = fa_yaml_err_at(st, err, FA_ENOMEM, &ev, "out of memory");
				break;
			}
			anchor = (const char *)(ev.type == YAML_SEQUENCE_START_EVENT
							? ev.data.sequence_start.anchor
							: ev.data.mapping_start.anchor);
			/* place first (borrowed afterwards), then descend into it */
			json_incref(v);
			r = fa_yaml_place(st, v, &ev, err);
			if (r == 0) {
				struct fa_frame *f = &st->stack[st->depth++];

				f->container = v;
				f->key = NULL;
				f->first = st->values++;
				/* open: its size is known, and aliases to it allowed, once closed */
				f->anchor = anchor ? fa_anchor_add(st, anchor, v, 0) : 0;
			}
			json_decref(v);
			break;
		case YAML_SEQUENCE_END_EVENT:
		case YAML_MAPPING_END_EVENT: {
			struct fa_frame *f = &st->stack[--st->depth];

			if (f->anchor)
				st->anchors[f->anchor - 1].size = st->values - f->first;
			free(f->key);
			f->key = NULL;
			break;
		}
		default:
			break;
		}
		yaml_event_delete(&ev);
	}
	return r;
}

int fa_yaml_parse(const char *source, const char *data, size_t len, json_t **ret_root,
		  struct fa_srcmap **ret_map, struct fa_err *err)
{
	struct fa_yaml_state st;
	yaml_parser_t parser;
	size_t i;
	int r;

	memset(&st, 0, sizeof(st));
	st.map = fa_xcalloc(1, sizeof(*st.map));
	st.map->source = fa_xstrdup(source);
	if (!yaml_parser_initialize(&parser)) {
		fa_srcmap_free(st.map);
		return fa_err_at(err, FA_ENOMEM, source, 0, 0, "cannot start the YAML parser");
	}
	yaml_parser_set_input_string(&parser, (const unsigned char *)data, len);
	r = fa_yaml_run(&st, &parser, err);
	yaml_parser_delete(&parser);
	while (st.depth > 0) {
		st.depth--;
		free(st.stack[st.depth].key);
	}
	for (i = 0; i < st.nanchors; i++)
		free(st.anchors[i].name);
	free(st.anchors);
	free(st.anchor_slots);
	if (r == 0 && !st.root)
		st.root = json_null();
	if (r < 0) {
		json_decref(st.root);
		fa_srcmap_free(st.map);
		return r;
	}
	*ret_root = st.root;
	if (ret_map)
		*ret_map = st.map;
	else
		fa_srcmap_free(st.map);
	return 0;
}

int fa_yaml_load(const char *path, json_t **ret_root, struct fa_srcmap **ret_map,
		 struct fa_err *err)
{
	struct fa_buf b = FA_BUF_INIT;
	int r;

	r = fa_file_read(path, FA_YAML_MAX_FILE, &b, err);
	if (r == 0)
		r = fa_yaml_parse(path, b.buf, b.len, ret_root, ret_map, err);
	fa_buf_release(&b);
	return r;
}
