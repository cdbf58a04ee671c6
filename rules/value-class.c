/* SPDX-License-Identifier: MIT */
/* Classes of equal values in linear time (value-class.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "audit/util/xalloc.h"
#include "rules/expr.h"
#include "rules/value-class.h"
#include "audit/util/banned.h"

/* Below this many values, comparing each with the classes so far beats hashing. */
#define FA_CLASS_SCAN 12

uint64_t fa_hash_mix(uint64_t h, uint64_t x)
{
	h ^= x + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
	return h;
}

uint64_t fa_hash_bytes(uint64_t h, const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
	return h;
}

uint64_t fa_value_hash(const json_t *v)
{
	uint64_t h = (uint64_t)json_typeof(v), sum = 0;
	const char *key;
	json_t *x;
	size_t i;
	double d;

	switch (json_typeof(v)) {
	case JSON_INTEGER:
		return fa_hash_mix(7, (uint64_t)json_integer_value(v));
	case JSON_REAL:
		d = json_real_value(v);
		if (d >= -9e18 && d <= 9e18 && d == (double)(json_int_t)d)
			return fa_hash_mix(7, (uint64_t)(json_int_t)d);
		return fa_hash_mix(8, (uint64_t)(d * 1e6));
	case JSON_STRING:
		return fa_hash_bytes(h, json_string_value(v), json_string_length(v));
	case JSON_ARRAY:
		json_array_foreach(v, i, x)
			h = fa_hash_mix(h, fa_value_hash(x));
		return h;
	case JSON_OBJECT:
		json_object_foreach((json_t *)v, key, x)
			sum += fa_hash_mix(fa_hash_mix(9, (uint64_t)strlen(key) * 31 + (unsigned char)key[0]),
				      fa_value_hash(x));
		return fa_hash_mix(h, sum);
	default:
		return h;
	}
}

static void fa_classes_scan(json_t *const *vals, size_t n, size_t *cls)
{
	size_t i, j;

	for (i = 0; i < n; i++) {
		cls[i] = i;
		for (j = 0; j < i; j++)
			if (cls[j] == j && fa_value_equal(vals[j], vals[i])) {
				cls[i] = j;
				break;
			}
	}
}

void fa_value_classes(json_t *const *vals, size_t n, size_t *cls)
{
	size_t cap = 16, mask, i, slot, *table;	/* table: index + 1 of a class's first, 0 free */
	uint64_t *hash;

	if (n <= FA_CLASS_SCAN) {
		fa_classes_scan(vals, n, cls);
		return;
	}
	while (cap < 2 * n)
		cap <<= 1;
	mask = cap - 1;
	table = fa_xcalloc(cap, sizeof(*table));
	hash = fa_xcalloc(n, sizeof(*hash));
	for (i = 0; i < n; i++) {
		/* Members alike sit side by side and share their values (loaded snapshots do). */
		if (i > 0 && vals[i] == vals[i - 1]) {
			cls[i] = cls[i - 1];
			continue;
		}
		hash[i] = fa_value_hash(vals[i]);
		for (slot = hash[i] & mask; table[slot]; slot = (slot + 1) & mask) {
			size_t j = table[slot] - 1;

			if (hash[j] == hash[i] && fa_value_equal(vals[j], vals[i]))
				break;
		}
		if (!table[slot])
			table[slot] = i + 1;
		cls[i] = table[slot] - 1;
	}
	free(table);
	free(hash);
}

json_t *fa_value_majority(json_t *const *vals, size_t n)
{
	size_t small_cls[FA_CLASS_SCAN], small_count[FA_CLASS_SCAN];
	size_t *cls = small_cls, *count = small_count, i, best = 0;
	json_t *ret;

	if (!n)
		return NULL;
	if (n > FA_CLASS_SCAN) {
		cls = fa_xcalloc(n, sizeof(*cls));
		count = fa_xcalloc(n, sizeof(*count));
	} else {
		memset(count, 0, n * sizeof(*count));
	}
	fa_value_classes(vals, n, cls);
	for (i = 0; i < n; i++)
		count[cls[i]]++;
	for (i = 1; i < n; i++) {
		if (cls[i] != i)
			continue;
		if (count[i] > count[best] ||
		    (count[i] == count[best] && fa_value_cmp(vals[i], vals[best]) < 0))
			best = i;
	}
	ret = vals[best];
	if (cls != small_cls) {
		free(cls);
		free(count);
	}
	return ret;
}
