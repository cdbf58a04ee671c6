/* SPDX-License-Identifier: MIT */
/*
 * Reading a big JSON output one member at a time.
 *
 * "ip -j link show" with 100,000 links or "nv show interface -o json" with 100,000 interfaces
 * is one JSON array or object whose members are independent records.  jansson builds the
 * whole document as a tree before a parser sees any of it: several times the text's size in
 * memory (about 4 KiB of values per interface) and most of the parsing time in malloc and
 * page faults.  fa_json_each() finds the members of the top-level array or object with a
 * scan that allocates nothing, and hands each member, loaded with jansson on its own, to a
 * callback that reads it and lets it go; only one member is ever held as values.
 *
 * The result is the same as loading the whole document: each member is checked by jansson
 * as json_loadb() would, and a first scan checks the brackets, commas and colons of the
 * whole text before any member is handed over, so a cut or garbled output is refused with
 * nothing read from it.  Errors give the line and column counted from the start of @data.
 * Two differences: an error that only jansson sees inside a member (a bad number, escape or
 * control character) comes after the members before it were handed over, and an object key
 * given twice is handed over twice (json_loadb() keeps the last one).
 */
#ifndef FA_DRIVERS_TEXT_JSONEACH_H
#define FA_DRIVERS_TEXT_JSONEACH_H

#include <jansson.h>
#include <stddef.h>

#include "audit/util/err.h"

/*
 * One member: @key is its key (NUL-terminated, UTF-8) in an object, NULL in an array;
 * @index counts members from 0; @value is borrowed (valid during the call).  Return 0 to go
 * on, or a negative -FA_E* to stop: fa_json_each() then returns it.
 */
typedef int fa_json_each_fn(void *ctx, const char *key, size_t index, json_t *value,
			    struct fa_err *err);

/* What the top-level value of the text was. */
enum fa_json_each_kind {
	FA_JSON_EACH_ARRAY,
	FA_JSON_EACH_OBJECT,
	FA_JSON_EACH_OTHER,	/* a string, number or literal: no member, @fn not called */
	FA_JSON_EACH_MISSING,	/* fa_json_each_in(): nothing at that path */
};

/*
 * Call @fn for each member of the top-level array or object of the @len bytes at @data,
 * in document order.  A top-level string, number or literal is accepted only when @flags
 * (json_loadb() flags) hold JSON_DECODE_ANY.  Returns 0 with the top-level kind in
 * *@ret_kind (may be NULL); -FA_EPARSE with jansson's line, column and reason in *@ret_jerr
 * (@err untouched, so the caller words the message) when the text is not JSON; -FA_ETIMEOUT
 * when the parse budget ran out between members (drivers/parse.h); or what @fn returned.
 */
int fa_json_each(const char *data, size_t len, size_t flags, fa_json_each_fn *fn, void *ctx,
		 enum fa_json_each_kind *ret_kind, json_error_t *ret_jerr, struct fa_err *err);

/*
 * As fa_json_each(), for the members of the array or object at @path, member names from the
 * top-level object down separated by '/': "interfaces" for EOS's {"interfaces": {"Ethernet1":
 * {...}}}, "TABLE_interface/ROW_interface" for NX-OS.  The members off the path are checked
 * for brackets and strings but not loaded (a fault only jansson would see inside one goes
 * unnoticed).  @flags are json_loadb() flags for each member loaded (JSON_REJECT_DUPLICATES;
 * the keys along the path are not checked for duplicates).  *@ret_kind is the kind of the
 * value at @path: FA_JSON_EACH_OTHER for a scalar, FA_JSON_EACH_MISSING when the path is not
 * there (or goes through something other than an object); @fn is called only for an array
 * or object.
 */
int fa_json_each_in(const char *data, size_t len, const char *path, size_t flags,
		    fa_json_each_fn *fn, void *ctx, enum fa_json_each_kind *ret_kind,
		    json_error_t *ret_jerr, struct fa_err *err);

#endif /* FA_DRIVERS_TEXT_JSONEACH_H */
