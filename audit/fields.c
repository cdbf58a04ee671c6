/* SPDX-License-Identifier: MIT */
/* The model field registry (fields.h): the tables generated from fields.def, and lookups. */
#include "config.h"

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/fields.h"
#include "audit/util/suggest.h"
#include "audit/util/xalloc.h"
#include "audit/util/banned.h"

#define DEVICE FA_FIELD_DEVICE
#define PORT FA_FIELD_PORT
#define LINK FA_FIELD_LINK
#define STRING FA_FIELD_STRING
#define INTEGER FA_FIELD_INTEGER
#define NUMBER FA_FIELD_NUMBER
#define BOOLEAN FA_FIELD_BOOLEAN
#define OBJECT FA_FIELD_OBJECT
#define MAP FA_FIELD_MAP
#define INTEGERS FA_FIELD_INTEGERS
#define STRINGS FA_FIELD_STRINGS
#define NUMBERS FA_FIELD_NUMBERS
#define OBJECTS FA_FIELD_OBJECTS

static const struct fa_field fa_fields[] = {
#define SOURCE(id, platform, command)
#define FIELD(entity, path, type, unit, flags, sources, meaning)                                   \
	{ entity, path, type, unit, flags, sources, meaning },
#include "audit/fields.def"
#undef FIELD
#undef SOURCE
};

static const struct fa_field_source fa_field_sources[] = {
#define SOURCE(id, platform, command) { id, platform, command },
#define FIELD(entity, path, type, unit, flags, sources, meaning)
#include "audit/fields.def"
#undef FIELD
#undef SOURCE
};

#define FA_NELEM(a) (sizeof(a) / sizeof((a)[0]))

static const char *const fa_entity_names[FA_FIELD_ENTITY_COUNT] = {
	[FA_FIELD_DEVICE] = "device",
	[FA_FIELD_PORT] = "port",
	[FA_FIELD_LINK] = "link",
};

static const char *const fa_type_names[FA_FIELD_TYPE_COUNT] = {
	[FA_FIELD_STRING] = "string",
	[FA_FIELD_INTEGER] = "integer",
	[FA_FIELD_NUMBER] = "number",
	[FA_FIELD_BOOLEAN] = "boolean",
	[FA_FIELD_OBJECT] = "object",
	[FA_FIELD_MAP] = "map",
	[FA_FIELD_INTEGERS] = "array of integer",
	[FA_FIELD_STRINGS] = "array of string",
	[FA_FIELD_NUMBERS] = "array of number",
	[FA_FIELD_OBJECTS] = "array of object",
};

size_t fa_fields_count(void)
{
	return FA_NELEM(fa_fields);
}

const struct fa_field *fa_field_at(size_t i)
{
	return i < FA_NELEM(fa_fields) ? &fa_fields[i] : NULL;
}

size_t fa_field_sources_count(void)
{
	return FA_NELEM(fa_field_sources);
}

const struct fa_field_source *fa_field_source_at(size_t i)
{
	return i < FA_NELEM(fa_field_sources) ? &fa_field_sources[i] : NULL;
}

const struct fa_field_source *fa_field_source_find(const char *id, size_t len)
{
	size_t i;

	for (i = 0; i < FA_NELEM(fa_field_sources); i++)
		if (strlen(fa_field_sources[i].id) == len &&
		    memcmp(fa_field_sources[i].id, id, len) == 0)
			return &fa_field_sources[i];
	return NULL;
}

const char *fa_field_entity_to_string(enum fa_field_entity e)
{
	return (unsigned)e < FA_FIELD_ENTITY_COUNT ? fa_entity_names[e] : "unknown";
}

int fa_field_entity_from_string(const char *s, size_t len)
{
	int i;

	for (i = 0; i < FA_FIELD_ENTITY_COUNT; i++)
		if (strlen(fa_entity_names[i]) == len && memcmp(fa_entity_names[i], s, len) == 0)
			return i;
	return -1;
}

const char *fa_field_type_to_string(enum fa_field_type t)
{
	return (unsigned)t < FA_FIELD_TYPE_COUNT ? fa_type_names[t] : "unknown";
}

/* Length of the segment starting at @s (up to '.' or the end). */
static size_t fa_seg_len(const char *s)
{
	return strcspn(s, ".");
}

/* Does registry path @reg name @path, segment by segment ("*" takes any plain key)? */
static bool fa_path_matches(const char *reg, const char *path)
{
	for (;;) {
		size_t rn = fa_seg_len(reg), pn = fa_seg_len(path);

		if (rn == 1 && reg[0] == '*') {
			if (pn == 0 || (pn >= 2 && memcmp(path + pn - 2, "[]", 2) == 0))
				return false;
		} else if (rn != pn || memcmp(reg, path, rn) != 0) {
			return false;
		}
		reg += rn;
		path += pn;
		if (!*reg || !*path)
			return !*reg && !*path;
		reg++;
		path++;
	}
}

const struct fa_field *fa_field_find(enum fa_field_entity entity, const char *path)
{
	size_t i;

	for (i = 0; i < FA_NELEM(fa_fields); i++)
		if (fa_fields[i].entity == entity && fa_path_matches(fa_fields[i].path, path))
			return &fa_fields[i];
	return NULL;
}

const struct fa_field *fa_field_find_full(const char *name)
{
	size_t n = fa_seg_len(name);
	int e = fa_field_entity_from_string(name, n);

	if (e < 0 || name[n] != '.')
		return NULL;
	return fa_field_find((enum fa_field_entity)e, name + n + 1);
}

bool fa_field_glob_is_known(enum fa_field_entity entity, const char *pattern)
{
	size_t i, fixed = strcspn(pattern, "*?[\\");

	for (i = 0; i < FA_NELEM(fa_fields); i++) {
		const struct fa_field *f = &fa_fields[i];
		size_t n = strlen(f->path);

		if (f->entity != entity)
			continue;
		if (fnmatch(pattern, f->path, 0) == 0)
			return true;
		/* The fixed start runs into a map's free keys: nic.mlxconfig.SRIOV* */
		if (f->type == FA_FIELD_MAP && fixed > n && strncmp(pattern, f->path, n) == 0 &&
		    pattern[n] == '.')
			return true;
	}
	return false;
}

bool fa_field_is_filled(const struct fa_field *f)
{
	size_t i, n = strlen(f->path);

	if (f->sources[0])
		return true;
	/* The ports hold fields of their own entity. */
	if (f->entity == FA_FIELD_DEVICE && strcmp(f->path, "ports") == 0) {
		for (i = 0; i < FA_NELEM(fa_fields); i++)
			if (fa_fields[i].entity == FA_FIELD_PORT && fa_fields[i].sources[0])
				return true;
		return false;
	}
	if (f->type != FA_FIELD_OBJECT && f->type != FA_FIELD_MAP && f->type != FA_FIELD_OBJECTS)
		return false;
	for (i = 0; i < FA_NELEM(fa_fields); i++) {
		const struct fa_field *g = &fa_fields[i];

		if (g->entity == f->entity && g->sources[0] && strncmp(g->path, f->path, n) == 0 &&
		    (g->path[n] == '.' || g->path[n] == '['))
			return true;
	}
	return false;
}

/* @reg with each "*" segment replaced by @path's segment at the same place. */
static void fa_fill_stars(const char *reg, const char *path, char *buf, size_t size)
{
	size_t off = 0;

	buf[0] = '\0';
	for (;;) {
		size_t rn = fa_seg_len(reg), pn = fa_seg_len(path);
		bool star = rn == 1 && reg[0] == '*' && pn > 0;
		int w = snprintf(buf + off, size - off, "%s%.*s", off ? "." : "",
				 (int)(star ? pn : rn), star ? path : reg);

		if (w < 0 || (size_t)w >= size - off)
			return;
		off += (size_t)w;
		reg += rn;
		path += pn;
		if (!*reg)
			return;
		reg++;
		if (*path)
			path++;
	}
}

bool fa_field_suggest(enum fa_field_entity entity, const char *path, char *buf, size_t size)
{
	size_t i, best = (size_t)-1, len = strlen(path), limit;
	char cand[256];

	if (size)
		buf[0] = '\0';
	limit = len / 3 > 2 ? len / 3 : 2;
	for (i = 0; i < FA_NELEM(fa_fields); i++) {
		size_t d;

		if (fa_fields[i].entity != entity)
			continue;
		fa_fill_stars(fa_fields[i].path, path, cand, sizeof(cand));
		d = fa_edit_distance(path, cand);
		if (d < best && d <= limit && d > 0) {
			best = d;
			snprintf(buf, size, "%s", cand);
		}
	}
	return best != (size_t)-1;
}

bool fa_field_name_is_known(const char *pattern, char *hint, size_t size)
{
	size_t n = strcspn(pattern, "."), i;
	int ent = fa_field_entity_from_string(pattern, n);
	char sugg[200], full[256];

	if (size)
		hint[0] = '\0';
	if (strpbrk(pattern, "*?[\\")) {
		/* A glob over full names: "*.lid" names port.ib.lid. */
		for (i = 0; i < FA_NELEM(fa_fields); i++) {
			snprintf(full, sizeof(full), "%s.%s",
				 fa_field_entity_to_string(fa_fields[i].entity), fa_fields[i].path);
			if (fnmatch(pattern, full, 0) == 0)
				return true;
		}
		if (ent >= 0 && pattern[n] == '.' &&
		    fa_field_glob_is_known((enum fa_field_entity)ent, pattern + n + 1))
			return true;
	} else if (ent >= 0 && pattern[n] == '.' &&
		   fa_field_find((enum fa_field_entity)ent, pattern + n + 1)) {
		return true;
	}
	if (ent < 0 || pattern[n] != '.')
		return false;
	if (fa_field_suggest((enum fa_field_entity)ent, pattern + n + 1, sugg, sizeof(sugg)))
		snprintf(hint, size, " (did you mean %.*s.%s?)", (int)n, pattern, sugg);
	return false;
}

struct fa_jcheck {
	const json_t **ret_obj;
	const char **ret_key;
	enum fa_field_entity *ret_entity;
	char *path;
	size_t size;
};

static bool fa_check_obj(struct fa_jcheck *c, enum fa_field_entity ent, const char *rel,
			 const json_t *obj)
{
	const char *key;
	json_t *v, *item;
	size_t i;
	char cand[256];

	json_object_foreach((json_t *)obj, key, v) {
		const struct fa_field *f;

		snprintf(cand, sizeof(cand), "%s%s%s", rel, rel[0] ? "." : "", key);
		f = fa_field_find(ent, cand);
		if (!f) {
			*c->ret_obj = obj;
			*c->ret_key = key;
			*c->ret_entity = ent;
			snprintf(c->path, c->size, "%s", cand);
			return false;
		}
		if (ent == FA_FIELD_DEVICE && strcmp(cand, "ports") == 0) {
			json_array_foreach(v, i, item)
				if (json_is_object(item) && !fa_check_obj(c, FA_FIELD_PORT, "", item))
					return false;
		} else if (f->type == FA_FIELD_OBJECTS) {
			char items[260];

			snprintf(items, sizeof(items), "%s[]", cand);
			json_array_foreach(v, i, item)
				if (json_is_object(item) && !fa_check_obj(c, ent, items, item))
					return false;
		} else if (json_is_object(v) &&
			   (f->type == FA_FIELD_OBJECT || f->type == FA_FIELD_MAP)) {
			if (!fa_check_obj(c, ent, cand, v))
				return false;
		}
	}
	return true;
}

bool fa_field_check_json(enum fa_field_entity entity, const json_t *obj, const json_t **ret_obj,
			 const char **ret_key, enum fa_field_entity *ret_entity, char *path,
			 size_t size)
{
	struct fa_jcheck c = { ret_obj, ret_key, ret_entity, path, size };

	if (size)
		path[0] = '\0';
	return !json_is_object(obj) || fa_check_obj(&c, entity, "", obj);
}
