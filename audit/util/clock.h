/* SPDX-License-Identifier: MIT */
/*
 * Monotonic time in seconds, for durations and deadlines: unlike the wall clock it never
 * jumps when NTP or an operator sets the time.  And the wall clock as counter readings are
 * stamped with.
 */
#ifndef FA_UTIL_CLOCK_H
#define FA_UTIL_CLOCK_H

/* Seconds since an arbitrary start (CLOCK_MONOTONIC). */
double fa_clock_now(void);

#include <stddef.h>

/*
 * The wall clock now, RFC 3339 in UTC with milliseconds ("2026-12-01T09:00:02.125Z"): the
 * time counters are read at, so two readings a second apart still have an interval.
 */
void fa_clock_rfc3339_ms(char *buf, size_t size);

#endif /* FA_UTIL_CLOCK_H */
