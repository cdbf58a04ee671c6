/* SPDX-License-Identifier: MIT */
/*
 * A streaming JSON reader that builds jansson values, optionally sharing equal values.
 *
 * jansson's own loader wants the whole text in memory and builds every value on its own: a
 * 100k-GPU snapshot (435 MB of text, the same QoS maps, strings and numbers on 600,000 ports)
 * takes 25 s and 5 GB that way.  This reader reads the file a chunk at a time, so the text is
 * never held whole, and with FA_JSON_INTERN it builds each distinct value once and shares it
 * by reference (hash-consing): equal strings, numbers, lists and objects below the top become
 * one jansson value held by every parent that contains it.
 *
 * The input must be strict RFC 8259 JSON, checked as jansson does with
 * JSON_REJECT_DUPLICATES | JSON_DECODE_ANY: valid UTF-8, no control characters in strings,
 * no \u0000, no lone surrogates, no duplicate keys in one object, integers that fit
 * json_int_t, finite reals, nothing after the top value.  Objects keep their keys in document
 * order.  Nesting is capped at FA_JSON_MAX_DEPTH and one string at FA_JSON_MAX_STRING bytes.
 *
 * Shared values must never be changed in place: a caller that wants to change a value it read
 * with interning copies it first when json_t.refcount is above 1 (fa_device_warn does).
 */
#ifndef FA_UTIL_JSONREAD_H
#define FA_UTIL_JSONREAD_H

#include <jansson.h>
#include <stddef.h>

#include "audit/util/err.h"

enum fa_json_read_flags {
	/* Share equal values below the root (the root itself is always a new value). */
	FA_JSON_INTERN = 1 << 0,
	/*
	 * As FA_JSON_INTERN, but the parts of a snapshot that callers index by pointer or add
	 * members to are always new, unshared values: the root, its "devices" and "links"
	 * arrays, each device and link, each device's "ports" array and each port, and the
	 * ends "a" and "b" of each link.  Everything below those is shared.
	 */
	FA_JSON_INTERN_SNAPSHOT = 1 << 1,
};

/* Deepest nesting of arrays and objects accepted. */
#define FA_JSON_MAX_DEPTH 512
/* Longest string (and number) token accepted, in bytes after unescaping. */
#define FA_JSON_MAX_STRING ((size_t)64 << 20)

/*
 * Read the JSON file @path ("-" = standard input; pipes and other non-regular files work).
 * New reference in *@ret (free with json_decref()).  -FA_ENOENT when the file is missing,
 * -FA_EIO when it cannot be read, -FA_EPARSE with the 1-based line and byte column of the
 * offending character when it is not valid JSON.
 */
int fa_json_read_file(const char *path, unsigned flags, json_t **ret, struct fa_err *err);

/* As fa_json_read_file, on @len bytes at @data; @name is the source named in errors. */
int fa_json_read_mem(const char *name, const char *data, size_t len, unsigned flags,
		     json_t **ret, struct fa_err *err);

/*
 * For tests: read files @size bytes at a time (0 restores the default, 1 MiB), so tokens
 * fall across chunk boundaries.  Returns the previous size.  Not thread-safe.
 */
size_t fa_json_read_set_chunk(size_t size);

#endif /* FA_UTIL_JSONREAD_H */
