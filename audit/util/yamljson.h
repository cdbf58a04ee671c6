/* SPDX-License-Identifier: MIT */
/*
 * YAML (and therefore JSON, YAML's flow style) read into jansson values, remembering where
 * each value and each mapping key stood in the file so that later, stricter checks can still
 * report "file:line:column: message".
 *
 * Plain scalars are typed: null, ~ and empty become null; true/false become booleans;
 * decimal integers and reals become numbers; anything else is a string.  Quoted scalars are
 * always strings.  Aliases share the anchored value (a reference, not a copy).
 *
 * Aliases are bounded: in one file they may stand for at most FA_YAML_MAX_ALIAS_VALUES
 * values, each alias counting every value of the node it names (itself and all below it,
 * nested aliases expanded).  Past that the file is refused (-FA_ETOOBIG, at the alias), as
 * is an alias inside the node it names.
 */
#ifndef FA_UTIL_YAMLJSON_H
#define FA_UTIL_YAMLJSON_H

#include <jansson.h>
#include <stddef.h>

#include "audit/util/err.h"

struct fa_srcmap;

/* Values the aliases of one file may stand for (docs/rules.md, docs/inventory.md). */
#define FA_YAML_MAX_ALIAS_VALUES 1000000

/*
 * Parse @len bytes of @data, naming @source in errors.  On success *ret_root is a new
 * reference and *ret_map (may be NULL if not wanted) a new map, free with fa_srcmap_free().
 * Errors: -FA_EPARSE with line and column; -FA_ETOOBIG for aliases standing for too many
 * values; -FA_ENOMEM when libyaml runs out of memory.
 */
int fa_yaml_parse(const char *source, const char *data, size_t len, json_t **ret_root,
		  struct fa_srcmap **ret_map, struct fa_err *err);

/* Read and parse a file (at most 64 MiB). */
int fa_yaml_load(const char *path, json_t **ret_root, struct fa_srcmap **ret_map,
		 struct fa_err *err);

void fa_srcmap_free(struct fa_srcmap *map);
/* Borrowed: the name given to fa_yaml_parse. */
const char *fa_srcmap_source(const struct fa_srcmap *map);

/* Where @value stood; 0 and *line = *column = 0 when not known (map may be NULL). */
int fa_srcmap_find(const struct fa_srcmap *map, const json_t *value, int *line, int *column);
/* Where the key @key of mapping @object stood. */
int fa_srcmap_find_key(const struct fa_srcmap *map, const json_t *object, const char *key,
		       int *line, int *column);

/*
 * Report an error at @value (or at key @key of @value when @key is not NULL), in the form
 * "source:line:column: message".  Returns -@code.
 */
int fa_srcmap_err(const struct fa_srcmap *map, struct fa_err *err, int code,
		  const json_t *value, const char *key, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

#endif /* FA_UTIL_YAMLJSON_H */
