/* SPDX-License-Identifier: MIT */
/*
 * Equal values (fa_value_equal()) found in linear time: a hash consistent with equality, and
 * the classes of equal values in a list.  Grouping a million members by sorting them costs
 * n log n comparisons of JSON values; hashing costs one pass.
 */
#ifndef FA_RULES_VALUE_CLASS_H
#define FA_RULES_VALUE_CLASS_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

/* @h combined with @x (boost's hash_combine, 64 bits). */
uint64_t fa_hash_mix(uint64_t h, uint64_t x);

/* @h followed by the bytes @s[0..len) (FNV-1a). */
uint64_t fa_hash_bytes(uint64_t h, const char *s, size_t len);

/* Equal values hash alike: 3 and 3.0 do, and the order of an object's members does not count. */
uint64_t fa_value_hash(const json_t *v);

/*
 * cls[i] = the index of the first of @vals[0..n) equal to vals[i] (so cls[i] == i for the
 * first of each class).  No value may be NULL.
 */
void fa_value_classes(json_t *const *vals, size_t n, size_t *cls);

/*
 * The value most of @vals[0..n) are equal to; on a tie, the least of them (fa_value_cmp()),
 * given as its first occurrence.  NULL when n is 0.
 */
json_t *fa_value_majority(json_t *const *vals, size_t n);

#endif
