/* SPDX-License-Identifier: MIT */
/* Monotonic time and the wall clock of counter readings (see clock.h). */
#include "config.h"

#include <stdio.h>
#include <time.h>

#include "audit/util/clock.h"
#include "audit/util/banned.h"

double fa_clock_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void fa_clock_rfc3339_ms(char *buf, size_t size)
{
	struct timespec ts;
	struct tm tm;
	char sec[32];

	clock_gettime(CLOCK_REALTIME, &ts);
	gmtime_r(&ts.tv_sec, &tm);
	strftime(sec, sizeof(sec), "%Y-%m-%dT%H:%M:%S", &tm);
	snprintf(buf, size, "%s.%03ldZ", sec, ts.tv_nsec / 1000000);
}
