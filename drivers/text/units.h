/* SPDX-License-Identifier: MIT */
/*
 * Units as devices print them, turned into the model's integers.
 *
 * Speeds come as "400G", "100000Mb/s", "100Gb/s", "25 Gbps", "200 Gb/sec (4X HDR)", "1G",
 * or a bare number whose unit the caller knows.  Sizes come as "1.43 MB", "146.48 KB",
 * "150000", "1500000 bytes".  Binary prefixes follow the tools that print them: NVUE's
 * KB/MB are 1024-based.
 */
#ifndef FA_DRIVERS_UNITS_H
#define FA_DRIVERS_UNITS_H

#include <stdbool.h>
#include <stdint.h>

/*
 * Parse a speed with a unit into bits per second.  A bare number is multiplied by
 * @bare_unit (e.g. 1000000 for ethtool's Mb/s, 1000000000 for ibstat's Gb/s).
 * Returns false (and leaves *ret alone) when @s is not a speed, e.g. "Unknown!".
 */
bool fa_parse_speed(const char *s, int64_t bare_unit, int64_t *ret);

/* Parse a size into bytes ("1.43 MB" = 1.43 * 1024 * 1024, rounded).  False when not a size. */
bool fa_parse_size(const char *s, int64_t *ret);

/* Parse a whole decimal integer, optional surrounding blanks.  False on anything else. */
bool fa_parse_int(const char *s, int64_t *ret);

#endif /* FA_DRIVERS_UNITS_H */
