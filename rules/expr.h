/* SPDX-License-Identifier: MIT */
/*
 * The rule expression language: parsed once when a pack is loaded, evaluated for every
 * subject against bindings (docs/rules.md has the user's description).
 *
 * Nouns: an expression is a tree of nodes; a *path* (port.qos.pfc_enabled,
 * a.port.mtu, port.qos.priority_to_tc[params.lossless_priority]) starts at a *root*, one of
 * the bindings of the rule's scope, and steps through object keys and array indexes.
 * Values are jansson values.  A path that does not resolve is *missing*; almost every
 * operator given a missing value makes the whole expression missing ("not evaluable"), except
 * exists() and the three-valued and/or/not.  A value of the wrong type (the length of a
 * number, a string compared with a number) is an evaluation *error*.
 *
 * Evaluation allocates only for values it computes (arithmetic, version(), lower()...):
 * paths return borrowed snapshot values with a reference taken, booleans are jansson's
 * singletons, so a comparison on a path costs no allocation.
 */
#ifndef FA_RULES_EXPR_H
#define FA_RULES_EXPR_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "audit/util/buf.h"
#include "audit/util/err.h"

/* What a path may start with; which ones a rule may use depends on its scope. */
enum fa_root {
	FA_ROOT_PARAMS,		/* params: the pack's parameters */
	FA_ROOT_DEVICE,		/* device */
	FA_ROOT_PORT,		/* port */
	FA_ROOT_A_DEVICE,	/* a.device (link scope) */
	FA_ROOT_A_PORT,		/* a.port */
	FA_ROOT_B_DEVICE,	/* b.device */
	FA_ROOT_B_PORT,		/* b.port */
	FA_ROOT_LINK,		/* link: the snapshot's link object */
	FA_ROOT_GROUP,		/* group: the group key (group-scope templates) */
	FA_ROOT_MAJORITY,	/* majority: the group's majority value (group-scope templates) */
	FA_ROOT_FABRIC,		/* fabric: { devices, links } of the whole snapshot (fabric scope) */
	FA_ROOT_PLAN,		/* plan: one planned (or unplanned) link (plan scope) */
	FA_ROOT_FINDING,	/* finding: one finding of a report ('fabric-audit show findings') */
	FA_ROOT_ITEM,		/* item: one element of a fabric rule's for_each list */
	FA_ROOT_COUNT
};

#define FA_ROOT_BIT(r) (1u << (r))

/* What the parser accepts. */
struct fa_expr_opts {
	unsigned roots;		/* FA_ROOT_BIT() of every root a path may start with */
	bool allow_uniform;	/* uniform() allowed (the expect of a group-scope rule) */
	const json_t *params;	/* when not NULL, params.NAME must name one of its keys */
	bool no_topo;		/* topology functions (peer(), tier(), ...) refused */
	bool check_fields;	/* paths into the model must name fields of audit/fields.def */
};

/* How deeply comprehensions ([x for x in list]) may nest. */
#define FA_EXPR_MAX_LOCALS 4

struct fa_topo;

/* Outcome of an evaluation. */
enum fa_eval_status {
	FA_EVAL_VALUE,		/* a value came out */
	FA_EVAL_MISSING,	/* data the expression needs is absent: not evaluable */
	FA_EVAL_ERROR,		/* a value had the wrong type */
};

/* A truth value in the three-valued (four, with errors) logic of the language. */
enum fa_tri {
	FA_TRI_FALSE,
	FA_TRI_TRUE,
	FA_TRI_MISSING,
	FA_TRI_ERROR,
};

struct fa_root_keys;

/*
 * The bindings and the results of one evaluation.  Set root[] (borrowed; NULL: unbound, reads
 * as missing) and topo, clear the rest with FA_EVAL_INIT, evaluate, then read missing/error.
 * For a group member, the engine computes uniform() arguments beforehand: uvalue[i],
 * umissing[i] and umajority[i] for the i-th uniform() of the expression
 * (fa_expr_uniform_arg()).
 */
struct fa_eval {
	const json_t *root[FA_ROOT_COUNT];
	json_t *const *uvalue;		/* NULL entry: the member's value is missing */
	const char *const *umissing;	/* path that was missing, per uniform() */
	json_t *const *umajority;	/* the member's group majority, per uniform() */
	const char *missing;		/* out: the path (as written) whose absence decided */
	char error[200];		/* out: why, after FA_EVAL_ERROR / FA_TRI_ERROR */
	const json_t *local[FA_EXPR_MAX_LOCALS];	/* comprehension variables, by depth */
	const struct fa_topo *topo;	/* for peer(), tier()...; NULL: they read as missing */
	/*
	 * Optional cache of path values for the current bindings (fa_expr_assign_slots()): a
	 * path with slot k reads pcache[k - 1] when pgen[k - 1] == gen (dgen for paths from
	 * device).  Whoever changes the bindings calls fa_eval_rebind(); only a new port of the
	 * same device increments gen alone, so that device paths stay known across its ports.
	 * NULL pgen: no cache.  With rkeys, the first keys of a root it walks are all settled
	 * on the first read of the root (walked[root] == its gen: walked, or not one to walk).
	 */
	const json_t **pcache;
	uint64_t *pgen;
	uint64_t gen, dgen;
	const struct fa_root_keys *rkeys;
	uint64_t walked[FA_ROOT_COUNT];
};

/* The bindings of @ev changed: every cached path value is stale. */
static inline void fa_eval_rebind(struct fa_eval *ev)
{
	ev->dgen = ++ev->gen;
}

#define FA_EVAL_INIT                                                                               \
	{ { NULL }, NULL, NULL, NULL, NULL, "", { NULL }, NULL, NULL, NULL, 0, 0, NULL, { 0 } }

struct fa_expr;

/*
 * Parse @text.  On success *ret is a new expression (free with fa_expr_free()).  Errors:
 * -FA_EPARSE with err->column the 1-based column within @text (err->line 0).
 */
int fa_expr_parse(const char *text, const struct fa_expr_opts *opts, struct fa_expr **ret,
		  struct fa_err *err);
void fa_expr_free(struct fa_expr *e);

/*
 * Borrowed: the registry fields (audit/fields.h full names, "port.qos.pfc_enabled",
 * "port.nic.mlxconfig.*.current") @e reads, once each in source order; NULL when it was not
 * parsed with check_fields.  A path into something the parser cannot place (a parameter, a
 * computed list) adds nothing.
 */
const json_t *fa_expr_fields(const struct fa_expr *e);

/* Borrowed: the source text of the expression, or of the path for a path node. */
const char *fa_expr_text(const struct fa_expr *e);

/*
 * Evaluate: FA_EVAL_VALUE with *ret a new reference, or FA_EVAL_MISSING (ev->missing names the
 * path) or FA_EVAL_ERROR (ev->error says why) with *ret untouched.
 */
enum fa_eval_status fa_expr_eval(const struct fa_expr *e, struct fa_eval *ev, json_t **ret);

/* Evaluate as a condition: a value that is not a boolean is FA_TRI_ERROR. */
enum fa_tri fa_expr_test(const struct fa_expr *e, struct fa_eval *ev);

/* The uniform() calls of an expression, in source order; borrowed argument expressions. */
size_t fa_expr_uniform_count(const struct fa_expr *e);
const struct fa_expr *fa_expr_uniform_arg(const struct fa_expr *e, size_t i);

/*
 * Call @fn for every path of @e not rooted at params, outermost first, in source order (paths
 * inside an index are not visited separately).  Used to describe what a rule read.
 */
void fa_expr_foreach_path(const struct fa_expr *e,
			  void (*fn)(const struct fa_expr *path, void *data), void *data);

/*
 * Call @fn for every path of @e, whatever its root, including paths inside indexes and
 * comprehensions (not the comprehension variables' own paths).
 */
void fa_expr_foreach_path_deep(const struct fa_expr *e,
			       void (*fn)(const struct fa_expr *path, void *data), void *data);
/*
 * The operands of @e's top-level "and"s (e itself when it is no "and"), in source order, into
 * @out (at most @max); returns how many there are.
 */
size_t fa_expr_conjuncts(const struct fa_expr *e, const struct fa_expr **out, size_t max);
/* Does @e read a path starting at @root anywhere (indexes and comprehensions included)? */
bool fa_expr_reads_root(const struct fa_expr *e, enum fa_root root);
/*
 * Number the paths of @e that a cache may hold (a binding root other than params, then only
 * .name steps): equal paths get equal numbers, from @names (path text -> number, grown as
 * needed; numbers start at 1).  See struct fa_eval's pcache.
 */
void fa_expr_assign_slots(struct fa_expr *e, json_t *names);
/* The root a path node starts at. */
enum fa_root fa_expr_path_root(const struct fa_expr *path);
/*
 * Evaluate path node @path only up to its first index step ("port.qos.map[x]" reads
 * "port.qos.map"): a new reference in *ret, or FA_EVAL_MISSING.
 */
/*
 * The paths @e reads from its bindings, when its truth is a function of their values alone:
 * every such path is cached (a slot from fa_expr_assign_slots()), and @e calls no topology or
 * group function.  Fills @out with at most @max distinct paths and returns how many; SIZE_MAX
 * when @e is not such a function (rules/memo.h relies on it).
 */
size_t fa_expr_memo_paths(const struct fa_expr *e, const struct fa_expr **out, size_t max);

/* The value of cached path @path for the bindings (NULL: missing); ev->missing is kept. */
const json_t *fa_expr_path_peek(const struct fa_expr *path, struct fa_eval *ev);

enum fa_eval_status fa_expr_eval_prefix(const struct fa_expr *path, struct fa_eval *ev,
					json_t **ret);

/* A total order over JSON values (null < booleans < numbers < strings < arrays < objects). */
int fa_value_cmp(const json_t *a, const json_t *b);
/* Equality as the language sees it: 3 == 3.0, arrays element-wise. */
bool fa_value_equal(const json_t *a, const json_t *b);
/* Append @v as a person reads it: strings bare, numbers as digits, lists as [3, 4]. */
void fa_value_text(const json_t *v, struct fa_buf *out);

/* New reference: the segments of a version string, e.g. "5.10.0-21" -> [5, 10, 0, 21]. */
json_t *fa_version_split(const char *s, size_t len);

#endif /* FA_RULES_EXPR_H */
