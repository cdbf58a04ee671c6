/* SPDX-License-Identifier: MIT */
/*
 * Internals shared by audit/diff.c (the comparison) and audit/diff-allow.c (the allow-list):
 * a parsed allow entry and the predicates that match it against a subject and a change.
 */
#ifndef FA_DIFF_INT_H
#define FA_DIFF_INT_H

#include <jansson.h>
#include <stdbool.h>

#include "audit/diff.h"

struct fa_allow_entry {
	const json_t *selector;	/* object of glob strings, borrowed from the parsed file */
	const char *field;	/* dotted path, may hold globs */
	const json_t *from;	/* NULL: any old value */
	const json_t *to;	/* NULL: any new value ("any" or absent) */
	const char *reason;
	bool port_scope;	/* the selector names a port: the entry is about port fields */
	bool field_glob;	/* @field holds glob characters */
};

struct fa_allow {
	json_t *root;			/* the file as read, owning every string above */
	struct fa_allow_entry *v;
	size_t n;
};

/*
 * True when @e selects @device (a device object of a snapshot) and, for a port entry, @port
 * (may be NULL for a device entry).
 */
bool fa_allow_selects(const struct fa_allow_entry *e, const json_t *device, const json_t *port);

/* True when field path @path is @e's field, matches its glob, or lies below it. */
bool fa_allow_field_matches(const struct fa_allow_entry *e, const char *path);

/*
 * True when @value (NULL when absent) is what @want says: NULL want matches anything; else
 * both are shown as text (strings as they are, anything else as compact JSON) and compared.
 */
bool fa_allow_value_matches(const json_t *want, const json_t *value);

/* New reference: @e as written in the file plus its 1-based "entry" number @index. */
json_t *fa_allow_entry_json(const struct fa_allow_entry *e, size_t index);

#endif /* FA_DIFF_INT_H */
