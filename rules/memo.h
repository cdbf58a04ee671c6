/* SPDX-License-Identifier: MIT */
/*
 * A rule's where or expect decided once per distinct set of values it reads.
 *
 * A snapshot read from a file shares equal values (audit/util/jsonread.c), and a fabric's
 * ports are configured alike: the 600,000 ports of a 100k-GPU fabric give a rule only a
 * handful of different inputs.  When an expression's truth is a function of the paths it
 * reads (fa_expr_memo_paths()), the memo keys the truth by the values' addresses: the same
 * addresses are the same values, so a hit is the answer evaluation would give.  Different
 * addresses for equal values only miss.  A memo that misses most of the time (values not
 * shared, as in a snapshot built in memory) turns itself off.
 *
 * The values a memo has seen must live, unchanged, as long as it does (a run's snapshot does):
 * an address given to another value would answer for the old one.  One memo per expression
 * and thread; it is never shared.
 */
#ifndef FA_RULES_MEMO_H
#define FA_RULES_MEMO_H

#include <stdbool.h>
#include <stddef.h>

#include "rules/expr.h"

#define FA_MEMO_MAX_PATHS 8
#define FA_MEMO_SLOTS 64

struct fa_memo_entry {
	const json_t *vals[FA_MEMO_MAX_PATHS];
	const char *missing;	/* what evaluation set ev->missing to, from NULL */
	enum fa_tri tri;
	bool used;
};

struct fa_memo {
	const struct fa_expr *e;
	const struct fa_expr *paths[FA_MEMO_MAX_PATHS];
	size_t npaths;
	bool off;
	unsigned turn;		/* which of two full slots a new entry takes */
	size_t lookups, hits;
	struct fa_memo_entry *slots;	/* FA_MEMO_SLOTS of them, allocated on first use */
};

/* A memo of @e (NULL: none), off when @e's truth is not a function of the paths it reads. */
void fa_memo_init(struct fa_memo *m, const struct fa_expr *e);
void fa_memo_release(struct fa_memo *m);

/* fa_expr_test(m->e, ev), from the memo when these values were seen. */
enum fa_tri fa_memo_test(struct fa_memo *m, struct fa_eval *ev);

#endif
