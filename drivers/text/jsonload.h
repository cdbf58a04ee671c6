/* SPDX-License-Identifier: MIT */
/*
 * json_loadb() for device outputs, with about half of jansson's instructions.
 *
 * The project's reader (audit/util/jsonread.h) builds the same values as jansson from the
 * same text, and accepts only what jansson accepts with JSON_REJECT_DUPLICATES |
 * JSON_DECODE_ANY (fuzz-jsonread checks both).  So it reads first; whatever it refuses (a key
 * given twice, which json_loadb() keeps last, a top-level scalar without JSON_DECODE_ANY,
 * nesting past its cap, a syntax error) goes to jansson, which decides and words the error.
 * Outputs reach the parsers with \u0000 already turned into \uFFFD (capture-parse.c), the
 * one escape the two readers take differently; a text still holding one goes to jansson.
 */
#ifndef FA_DRIVERS_TEXT_JSONLOAD_H
#define FA_DRIVERS_TEXT_JSONLOAD_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

/* As json_loadb(@data, @len, @flags, @jerr): the same value, or NULL with jansson's error. */
json_t *fa_json_loadb(const char *data, size_t len, size_t flags, json_error_t *jerr);

/* Whether the @len bytes at @data hold the text \u0000 (escaped or not: a quick test). */
bool fa_json_has_u0000(const char *data, size_t len);

#endif /* FA_DRIVERS_TEXT_JSONLOAD_H */
