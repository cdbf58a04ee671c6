/* SPDX-License-Identifier: MIT */
/* Monotonic time (see clock.h). */
#include "config.h"

#include <time.h>

#include "audit/util/clock.h"
#include "audit/util/banned.h"

double fa_clock_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}
