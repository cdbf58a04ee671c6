/* SPDX-License-Identifier: MIT */
/* A rule's where or expect decided once per distinct set of values it reads (memo.h). */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "audit/util/xalloc.h"
#include "rules/memo.h"
#include "audit/util/banned.h"

/* After this many lookups, a memo hitting less than half the time is turned off. */
#define FA_MEMO_TRIAL 4096

void fa_memo_init(struct fa_memo *m, const struct fa_expr *e)
{
	size_t n = e ? fa_expr_memo_paths(e, m->paths, FA_MEMO_MAX_PATHS) : SIZE_MAX;

	m->e = e;
	m->npaths = n == SIZE_MAX ? 0 : n;
	m->off = n == SIZE_MAX;
	m->lookups = m->hits = 0;
	m->turn = 0;
	m->slots = NULL;
}

void fa_memo_release(struct fa_memo *m)
{
	size_t i;

	for (i = 0; m->slots && i < FA_MEMO_SLOTS; i++)
		json_decref(m->slots[i].value);
	free(m->slots);
	m->slots = NULL;
}

/* The two slots values @vals may be kept in (two, so that two common inputs rarely evict). */
static void fa_memo_slots(const json_t *const *vals, size_t n, size_t slot[2])
{
	uint64_t h = 0x9e3779b97f4a7c15ULL;
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ (uint64_t)(uintptr_t)vals[i]) * 0x100000001b3ULL;
	slot[0] = (size_t)(h >> 40) & (FA_MEMO_SLOTS - 1);
	slot[1] = (size_t)(h >> 52) & (FA_MEMO_SLOTS - 1);
}

static bool fa_memo_same(const struct fa_memo_entry *en, const json_t *const *vals, size_t n)
{
	return en->used && !memcmp(en->vals, vals, n * sizeof(*vals));
}

/*
 * The entry of the values @m's paths have for the bindings, when it is known; else NULL and
 * @put: the slot to keep them in.  NULL and NULL: no memo (off).
 */
static struct fa_memo_entry *fa_memo_find(struct fa_memo *m, struct fa_eval *ev,
					  const json_t **vals, struct fa_memo_entry **put)
{
	struct fa_memo_entry *en;
	size_t i, slot[2];

	*put = NULL;
	if (m->off)
		return NULL;
	for (i = 0; i < m->npaths; i++)
		vals[i] = fa_expr_path_peek(m->paths[i], ev);
	if (!m->slots)
		m->slots = fa_xcalloc(FA_MEMO_SLOTS, sizeof(*m->slots));
	fa_memo_slots(vals, m->npaths, slot);
	m->lookups++;
	for (i = 0; i < 2; i++) {
		en = &m->slots[slot[i]];
		if (fa_memo_same(en, vals, m->npaths)) {
			m->hits++;
			return en;
		}
	}
	if (m->lookups == FA_MEMO_TRIAL && m->hits * 2 < m->lookups)
		m->off = true;
	/* A free slot first, else the two slots take turns. */
	*put = &m->slots[slot[m->slots[slot[0]].used ? (m->slots[slot[1]].used ? m->turn : 1) : 0]];
	m->turn ^= 1;
	return NULL;
}

/*
 * Keep what evaluation from @missing gave in @en, only when it says all: an error writes
 * ev->error, and ev->missing only tells what evaluation set when nothing set it before.
 */
static bool fa_memo_keep(struct fa_memo *m, struct fa_memo_entry *en, const json_t **vals,
			 const char *missing, struct fa_eval *ev)
{
	if (!en || missing || ev->error[0])
		return false;
	memcpy(en->vals, vals, m->npaths * sizeof(*vals));
	en->missing = ev->missing;
	json_decref(en->value);
	en->value = NULL;
	en->used = true;
	return true;
}

enum fa_tri fa_memo_test(struct fa_memo *m, struct fa_eval *ev)
{
	const json_t *vals[FA_MEMO_MAX_PATHS];
	const char *missing = ev->missing;
	struct fa_memo_entry *en, *put;
	enum fa_tri t;

	en = fa_memo_find(m, ev, vals, &put);
	if (en) {
		if (!missing)
			ev->missing = en->missing;
		return en->tri;
	}
	t = fa_expr_test(m->e, ev);
	if (t != FA_TRI_ERROR && fa_memo_keep(m, put, vals, missing, ev))
		put->tri = t;
	return t;
}

enum fa_eval_status fa_memo_eval(struct fa_memo *m, struct fa_eval *ev, json_t **ret)
{
	const json_t *vals[FA_MEMO_MAX_PATHS];
	const char *missing = ev->missing;
	struct fa_memo_entry *en, *put;
	enum fa_eval_status s;

	en = fa_memo_find(m, ev, vals, &put);
	if (en) {
		if (!missing)
			ev->missing = en->missing;
		if (en->status == FA_EVAL_VALUE)
			*ret = json_incref(en->value);
		return en->status;
	}
	s = fa_expr_eval(m->e, ev, ret);
	if (s != FA_EVAL_ERROR && fa_memo_keep(m, put, vals, missing, ev)) {
		put->status = s;
		put->value = s == FA_EVAL_VALUE ? json_incref(*ret) : NULL;
	}
	return s;
}
