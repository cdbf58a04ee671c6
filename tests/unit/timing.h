/* SPDX-License-Identifier: MIT */
/* CPU-time measurement for the complexity guards (check_parse_linear.c, check_port_index.c). */
#ifndef FA_TESTS_UNIT_TIMING_H
#define FA_TESTS_UNIT_TIMING_H

/* CPU seconds used by this process so far. */
double fa_t_cpu(void);

/*
 * Keep freed memory in the process (no trimming, no separate mappings for large blocks), so
 * that a measurement after a warm-up run of the largest size pays no page faults: the
 * allocator's cost then grows with the work, not with the heap's history.
 */
void fa_t_steady_heap(void);

#endif
