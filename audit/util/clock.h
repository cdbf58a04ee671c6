/* SPDX-License-Identifier: MIT */
/*
 * Monotonic time in seconds, for durations and deadlines: unlike the wall clock it never
 * jumps when NTP or an operator sets the time.
 */
#ifndef FA_UTIL_CLOCK_H
#define FA_UTIL_CLOCK_H

/* Seconds since an arbitrary start (CLOCK_MONOTONIC). */
double fa_clock_now(void);

#endif /* FA_UTIL_CLOCK_H */
