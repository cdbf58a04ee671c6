/* SPDX-License-Identifier: MIT */
/*
 * JSON text of a jansson value: the bytes json_dumpb() writes, in one pass.
 *
 * jansson's dump checks every container for a cycle (a printf of its address and a hash-table
 * insert and delete), looks every member up again by its key when it sorts keys, and a caller
 * that wants the text in one buffer dumps twice, once to learn the size: the 79 MB JSON report
 * of a 100k-GPU audit took a second that way.  This writer walks the value once and appends
 * to a buffer.  Its output is json_dumpb()'s, byte for byte, for the flags fabric-audit uses
 * (JSON_INDENT(n), JSON_COMPACT, JSON_SORT_KEYS, JSON_PRESERVE_ORDER, JSON_ENCODE_ANY); reals
 * are formatted by jansson itself, and any other flag hands the whole value to jansson.  What
 * jansson refuses, it refuses: a NULL value, a top-level scalar without JSON_ENCODE_ANY, a
 * string that is not UTF-8; and a value nested deeper than FA_JSON_WRITE_MAX_DEPTH (only a
 * value that contains itself, which jansson refuses too, gets there).
 */
#ifndef FA_UTIL_JSONWRITE_H
#define FA_UTIL_JSONWRITE_H

#include <jansson.h>
#include <stddef.h>
#include <stdio.h>

#include "audit/util/buf.h"

#define FA_JSON_WRITE_MAX_DEPTH 4096

/* Append the text of @v to @out; 0, or -1 when jansson would refuse it (@out then holds part). */
int fa_json_write(const json_t *v, size_t flags, struct fa_buf *out);

/* Write the text of @v to @f in 64 KiB pieces; 0, or -1 (refused, or a write error). */
int fa_json_write_file(const json_t *v, size_t flags, FILE *f);

#endif /* FA_UTIL_JSONWRITE_H */
