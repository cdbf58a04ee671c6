/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <malloc.h>
#include <time.h>

#include "tests/unit/timing.h"

double fa_t_cpu(void)
{
	struct timespec t;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

void fa_t_steady_heap(void)
{
	/* glibc; the sizes are far above what one parse of the guards allocates at a time. */
	mallopt(M_TRIM_THRESHOLD, 1 << 30);
	mallopt(M_MMAP_THRESHOLD, 32 << 20);
	mallopt(M_TOP_PAD, 64 << 20);
}
