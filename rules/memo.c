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

enum fa_tri fa_memo_test(struct fa_memo *m, struct fa_eval *ev)
{
	const json_t *vals[FA_MEMO_MAX_PATHS];
	const char *missing = ev->missing;
	struct fa_memo_entry *en;
	size_t i, slot[2];
	enum fa_tri t;

	if (m->off)
		return fa_expr_test(m->e, ev);
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
			if (!missing)
				ev->missing = en->missing;
			return en->tri;
		}
	}
	if (m->lookups == FA_MEMO_TRIAL && m->hits * 2 < m->lookups)
		m->off = true;
	t = fa_expr_test(m->e, ev);
	/*
	 * Kept only when it says all: an error writes ev->error, and ev->missing only tells
	 * what evaluation set when nothing set it before.  A free slot first, else the two
	 * slots take turns.
	 */
	if (t != FA_TRI_ERROR && !missing && !ev->error[0]) {
		en = &m->slots[slot[m->slots[slot[0]].used ? (m->slots[slot[1]].used ? m->turn : 1) : 0]];
		m->turn ^= 1;
		memcpy(en->vals, vals, m->npaths * sizeof(*vals));
		en->missing = ev->missing;
		en->tri = t;
		en->used = true;
	}
	return t;
}
