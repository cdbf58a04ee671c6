/* SPDX-License-Identifier: MIT */
/*
 * The model field registry (audit/fields.def): every field of the model once, with its type,
 * unit, entity, volatility, meaning and the platform commands that fill it.  Rules, waivers,
 * allow-lists, policies and volatile patterns are checked against it when they are loaded;
 * the diff takes its built-in volatile fields from it; docs/model.md's field reference is
 * generated from it.  Adding a field to the model is one FIELD() line in fields.def.
 *
 * A field path is dotted and relative to its entity ("qos.pfc_enabled" of a port); its full
 * name carries the entity ("port.qos.pfc_enabled").  In a registry path "*" stands for any one
 * key of a map whose keys are free (nic.mlxconfig.*.current) and "name[]" for the items of a
 * list of objects (gids[].type).  A looked-up path uses the same notation, with real map keys
 * where the registry has "*".
 */
#ifndef FA_AUDIT_FIELDS_H
#define FA_AUDIT_FIELDS_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

enum fa_field_entity {
	FA_FIELD_DEVICE,
	FA_FIELD_PORT,
	FA_FIELD_LINK,
	FA_FIELD_ENTITY_COUNT
};

enum fa_field_type {
	FA_FIELD_STRING,
	FA_FIELD_INTEGER,
	FA_FIELD_NUMBER,
	FA_FIELD_BOOLEAN,
	FA_FIELD_OBJECT,	/* fixed keys, each a field of its own */
	FA_FIELD_MAP,		/* free keys: "PATH.*" holds what each key maps to */
	FA_FIELD_INTEGERS,	/* list of integers */
	FA_FIELD_STRINGS,	/* list of strings */
	FA_FIELD_NUMBERS,	/* list of numbers */
	FA_FIELD_OBJECTS,	/* list of objects: "PATH[].KEY" are the items' fields */
	FA_FIELD_TYPE_COUNT
};

enum fa_field_flags {
	FA_FIELD_VOLATILE = 1 << 0,	/* changes on its own: never a diff change */
};

struct fa_field {
	enum fa_field_entity entity;
	const char *path;	/* relative to the entity */
	enum fa_field_type type;
	const char *unit;	/* "" when none */
	unsigned flags;
	const char *sources;	/* space-separated source ids, "" when none */
	const char *meaning;
};

/* What fills fields: one command of one platform table, or (platform NULL) something else. */
struct fa_field_source {
	const char *id;
	const char *platform;
	const char *command;
};

size_t fa_fields_count(void);
/* Borrowed, static: the @i-th field in table order. */
const struct fa_field *fa_field_at(size_t i);
size_t fa_field_sources_count(void);
const struct fa_field_source *fa_field_source_at(size_t i);
/* Borrowed: the source with @id (of @len bytes), or NULL. */
const struct fa_field_source *fa_field_source_find(const char *id, size_t len);

const char *fa_field_entity_to_string(enum fa_field_entity e);
/* -1 when @s (of @len bytes) names no entity. */
int fa_field_entity_from_string(const char *s, size_t len);
/* "string", "integer", "array of integer", ... as docs/model.md writes them. */
const char *fa_field_type_to_string(enum fa_field_type t);

/* Borrowed: the field of @entity at relative @path, or NULL when the registry has none. */
const struct fa_field *fa_field_find(enum fa_field_entity entity, const char *path);
/* As fa_field_find for a full name, "port.mtu"; NULL when the entity is not one either. */
const struct fa_field *fa_field_find_full(const char *name);

/*
 * Does glob @pattern (fnmatch(3) without FNM_PATHNAME, so "*" also matches dots) over
 * relative paths of @entity name at least one field?  A pattern whose fixed start lies
 * below a map ("nic.mlxconfig.SRIOV*") names the map's keys.
 */
bool fa_field_glob_is_known(enum fa_field_entity entity, const char *pattern);

/* Is @f filled by some source: its own, or (object, map, list of objects) a field below it? */
bool fa_field_is_filled(const struct fa_field *f);

/*
 * The registered relative path of @entity closest to @path by edit distance (insertions,
 * deletions, substitutions and swaps of two neighbours), when close enough to be a typo:
 * at most 2 edits, or a third of @path's length.  A registry "*" stands for the key @path has
 * there.  Writes it to @buf and returns true; false (and @buf "") when none is close.
 */
bool fa_field_suggest(enum fa_field_entity entity, const char *path, char *buf, size_t size);

/*
 * Is full name or glob @pattern ("port.mtu", "port.nic.mlxconfig.*", "*.uptime*") a field
 * of the registry, or does it name some?  On false, @hint
 * (of @size bytes) receives " (did you mean port.mtu?)" when a field is close, else "".
 */
bool fa_field_name_is_known(const char *pattern, char *hint, size_t size);

/*
 * Check the keys of @obj, an object of @entity as a snapshot holds it (a device with its
 * "ports", a port, a link), down to its leaves.  True when every key is a field; else
 * *ret_obj and *ret_key (borrowed) are the first object and key that are not, and @path
 * receives the key's relative path ("nic.fimrware", "ports[].mut" is written "mut" with
 * entity port in *ret_entity).
 */
bool fa_field_check_json(enum fa_field_entity entity, const json_t *obj, const json_t **ret_obj,
			 const char **ret_key, enum fa_field_entity *ret_entity, char *path,
			 size_t size);

#endif /* FA_AUDIT_FIELDS_H */
