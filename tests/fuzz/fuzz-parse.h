/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer harness shared by the per-family targets (fuzz-parse-<family>.c): one input is fed
 * to every parser of one platform table.
 */
#ifndef FA_TESTS_FUZZ_PARSE_H
#define FA_TESTS_FUZZ_PARSE_H

#include <stddef.h>
#include <stdint.h>

#include "drivers/platform.h"

/*
 * Run every parser of @p on @data: each on a fresh device, then all of them in table order on
 * one device (as a collection does), and finish with the snapshot builder on that device.
 * Aborts when a parser breaks its contract: a failure without a message, a model that
 * cannot be written as JSON, or a snapshot that does not read back equal.
 */
int fa_fuzz_platform(const struct fa_platform *p, const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif /* FA_TESTS_FUZZ_PARSE_H */
