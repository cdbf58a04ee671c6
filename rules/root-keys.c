/* SPDX-License-Identifier: MIT */
/* The first keys of cached paths, read member by member (root-keys.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "audit/util/xalloc.h"
#include "rules/root-keys.h"
#include "rules/value-class.h"
#include "audit/util/banned.h"

/* Fewer first keys than this: looking each up costs less than reading every member. */
#define FA_ROOT_KEYS_MIN 8

struct fa_root_key {
	const char *key;	/* in the names object */
	size_t len, slot;
};

struct fa_root_set {
	struct fa_root_key *keys;
	size_t n, alloc;
	size_t *table;		/* open addressing: key index + 1, 0 free */
	size_t mask;
};

struct fa_root_keys {
	struct fa_root_set root[FA_ROOT_COUNT];
};

/* FNV-1a, its high bits folded in: the table's index is the low ones. */
static uint64_t fa_key_hash(const char *s, size_t len)
{
	uint64_t h = fa_hash_bytes(1469598103934665603ULL, s, len);

	return h ^ (h >> 29);
}

static void fa_root_set_index(struct fa_root_set *set)
{
	size_t cap = 16, i, slot;

	while (cap < 2 * set->n)
		cap <<= 1;
	set->mask = cap - 1;
	set->table = fa_xcalloc(cap, sizeof(*set->table));
	for (i = 0; i < set->n; i++) {
		slot = fa_key_hash(set->keys[i].key, set->keys[i].len) & set->mask;
		while (set->table[slot])
			slot = (slot + 1) & set->mask;
		set->table[slot] = i + 1;
	}
}

struct fa_root_keys *fa_root_keys_new(const json_t *names)
{
	struct fa_root_keys *rk = fa_xcalloc(1, sizeof(*rk));
	const char *name, *key;
	const json_t *slot;
	size_t r;

	/* Names are "ROOT.key1.key2...": the first keys are those with one dot.  A key with a
	 * dot in it is not told apart from two steps, so it is left to the lookup. */
	json_object_foreach((json_t *)names, name, slot) {
		char *end;
		struct fa_root_set *set;

		r = strtoul(name, &end, 10);
		if (*end != '.' || r >= FA_ROOT_COUNT || strchr(end + 1, '.') || !end[1])
			continue;
		key = end + 1;
		set = &rk->root[r];
		if (set->n == set->alloc) {
			set->alloc = set->alloc ? set->alloc * 2 : 16;
			set->keys = fa_xreallocarray(set->keys, set->alloc, sizeof(*set->keys));
		}
		set->keys[set->n].key = key;
		set->keys[set->n].len = strlen(key);
		set->keys[set->n].slot = (size_t)json_integer_value(slot);
		set->n++;
	}
	for (r = 0; r < FA_ROOT_COUNT; r++)
		if (rk->root[r].n >= FA_ROOT_KEYS_MIN)
			fa_root_set_index(&rk->root[r]);
	return rk;
}

void fa_root_keys_free(struct fa_root_keys *rk)
{
	size_t r;

	if (!rk)
		return;
	for (r = 0; r < FA_ROOT_COUNT; r++) {
		free(rk->root[r].keys);
		free(rk->root[r].table);
	}
	free(rk);
}

bool fa_root_keys_walks(const struct fa_root_keys *rk, enum fa_root r)
{
	return rk->root[r].table != NULL;
}

void fa_root_keys_walk(const struct fa_root_keys *rk, enum fa_root r, const json_t *obj,
		       const json_t **pcache, uint64_t *pgen, uint64_t gen)
{
	const struct fa_root_set *set = &rk->root[r];
	const char *key;
	json_t *v;
	size_t i, slot;
	void *it;

	for (i = 0; i < set->n; i++) {
		pgen[set->keys[i].slot - 1] = gen;
		pcache[set->keys[i].slot - 1] = NULL;
	}
	if (!json_is_object(obj))
		return;
	for (it = json_object_iter((json_t *)obj); it;
	     it = json_object_iter_next((json_t *)obj, it)) {
		size_t len;

		key = json_object_iter_key(it);
#if JANSSON_VERSION_HEX >= 0x020e00
		len = json_object_iter_key_len(it);
#else
		len = strlen(key);
#endif
		v = json_object_iter_value(it);
		for (slot = fa_key_hash(key, len) & set->mask; set->table[slot];
		     slot = (slot + 1) & set->mask) {
			const struct fa_root_key *k = &set->keys[set->table[slot] - 1];

			if (k->len == len && memcmp(k->key, key, len) == 0) {
				pcache[k->slot - 1] = v;
				break;
			}
		}
	}
}
