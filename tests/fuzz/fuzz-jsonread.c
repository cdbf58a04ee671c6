/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target: the streaming JSON reader (audit/util/jsonread.c) against jansson.
 *
 * Both must accept or both reject every input (jansson with JSON_REJECT_DUPLICATES |
 * JSON_DECODE_ANY, the checks the reader promises), and what both accept must be equal, with
 * and without interning.  Two differences are known and not compared: the nesting cap (the
 * reader stops at FA_JSON_MAX_DEPTH, jansson at 2048), and a NUL byte right after a top-level
 * number, which jansson 2.14 takes for the end of the input ("2\0" is accepted, "[2]\0" is
 * not); a NUL byte is never valid JSON, so when jansson accepts an input holding one, its
 * answer is not used.  Any other disagreement aborts.
 */
#include "config.h"

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/util/jsonread.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Whether @data holds the escape \u0000. */
static bool fa_has_u0000(const uint8_t *data, size_t size)
{
	size_t i;

	for (i = 0; i + 6 <= size; i++)
		if (memcmp(data + i, "\\u0000", 6) == 0)
			return true;
	return false;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const unsigned flags[] = { 0, FA_JSON_INTERN, FA_JSON_INTERN_SNAPSHOT };
	json_t *want = json_loadb((const char *)data, size,
				  JSON_REJECT_DUPLICATES | JSON_DECODE_ANY, NULL);
	/* the reader reads \u0000 as U+FFFD where jansson refuses it (jsonread.c) */
	bool trust = (!want || !memchr(data, '\0', size)) && !fa_has_u0000(data, size);
	size_t i;

	for (i = 0; i < sizeof(flags) / sizeof(flags[0]); i++) {
		struct fa_err err = FA_ERR_INIT;
		json_t *got = NULL;
		int r = fa_json_read_mem("fuzz", (const char *)data, size, flags[i], &got, &err);

		if (r < 0 && (r != -FA_EPARSE || !err.msg[0] || err.line < 1 || err.column < 1)) {
			fprintf(stderr, "failure without a parse error and its place: %d %s\n", r,
				err.msg);
			abort();
		}
		if ((r < 0 && strstr(err.msg, "nested deeper than")) || !trust) {
			json_decref(got);
			continue;
		}
		if ((r == 0) != (want != NULL)) {
			fprintf(stderr, "jansson %s, the reader %s (flags %u: %s)\n",
				want ? "accepts" : "rejects", r == 0 ? "accepts" : "rejects",
				flags[i], err.msg);
			abort();
		}
		if (r == 0 && !json_equal(got, want)) {
			fprintf(stderr, "the reader's value differs from jansson's (flags %u)\n",
				flags[i]);
			abort();
		}
		json_decref(got);
	}
	json_decref(want);
	return 0;
}
