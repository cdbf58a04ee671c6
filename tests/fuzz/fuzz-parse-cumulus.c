/* SPDX-License-Identifier: MIT */
/* libFuzzer target: every parser of the Cumulus platforms (NVUE and NCLU) on one input. */
#include "config.h"

#include "drivers/platform-list.h"
#include "tests/fuzz/fuzz-parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fa_fuzz_platform(&fa_platform_cumulus, data, size);
	return fa_fuzz_platform(&fa_platform_cumulus_nclu, data, size);
}
