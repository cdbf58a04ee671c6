/* SPDX-License-Identifier: MIT */
/*
 * The first keys of the rules' cached paths, per binding root.  Rules read about fifteen of
 * a port's members; looked up one by one, each costs a hash of the key and a walk to a
 * bucket in memory the previous port left cold.  Read member by member once per port
 * instead, the object is one pass over memory laid out in order, and every first key the
 * rules use is settled at once: found, or missing.
 */
#ifndef FA_RULES_ROOT_KEYS_H
#define FA_RULES_ROOT_KEYS_H

#include <stdbool.h>
#include <stdint.h>

#include <jansson.h>

#include "rules/expr.h"

struct fa_root_keys;

/* From @names, the cacheable path texts and their slots (fa_expr_assign_slots()). */
struct fa_root_keys *fa_root_keys_new(const json_t *names);
void fa_root_keys_free(struct fa_root_keys *rk);

/* Whether root @r is read member by member (enough of its keys are read to be worth it). */
bool fa_root_keys_walks(const struct fa_root_keys *rk, enum fa_root r);

/*
 * For root @r bound to @obj (NULL or not an object: no members), stamp the cache entry of
 * each of its first keys with @gen and set it to the member's value, or NULL.
 */
void fa_root_keys_walk(const struct fa_root_keys *rk, enum fa_root r, const json_t *obj,
		       const json_t **pcache, uint64_t *pgen, uint64_t gen);

#endif
