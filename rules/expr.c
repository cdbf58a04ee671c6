/* SPDX-License-Identifier: MIT */
/*
 * Parser and evaluator of the rule expression language (see expr.h, docs/rules.md).
 *
 * Grammar, loosest binding first:
 *
 *   expr    := and ( "or" and )*
 *   and     := not ( "and" not )*
 *   not     := "not" not | cmp
 *   cmp     := sum [ ( "==" | "!=" | "<" | "<=" | ">" | ">=" | "in" | "not" "in" | "matches" )
 *                    sum ]                      (comparisons do not chain)
 *   sum     := product ( ( "+" | "-" ) product )*
 *   product := unary ( ( "*" | "/" ) unary )*
 *   unary   := "-" unary | primary
 *   primary := NUMBER | STRING | "true" | "false" | "null" | "[" [ expr ( "," expr )* ] "]"
 *            | "(" expr ")" | NAME "(" [ expr ( "," expr )* ] ")" | path
 *   path    := ROOT ( "." NAME | "[" expr "]" )*
 *
 * Work done once at parse time so that evaluation is cheap: roots are resolved to an enum
 * (a.port becomes one root), regexes are compiled, literal lists and version('...') are folded
 * into constants, and a string literal compared with version(...) is itself turned into a
 * version.  Each node remembers its offset in the text so errors can name a column.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <regex.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/fields.h"
#include "audit/util/xalloc.h"
#include "rules/expr.h"
#include "rules/root-keys.h"
#include "rules/topo.h"
#include "audit/util/banned.h"

#define FA_EXPR_MAX_LEN 8192
#define FA_EXPR_MAX_DEPTH 64

enum fa_opf {
	FA_OPF_MISSING_OK = 1 << 0,
	FA_OPF_LAZY = 1 << 1,
	FA_OPF_GROUP = 1 << 2,
	FA_OPF_TOPO = 1 << 3,
};

enum fa_fn {
#define OP(name, min, max, flags) FA_FN_##name,
#include "rules/ops.def"
#undef OP
	FA_FN_COUNT
};

enum fa_node {
	FA_N_LIT,
	FA_N_LIST,
	FA_N_PATH,
	FA_N_CALL,
	FA_N_NOT,
	FA_N_NEG,
	FA_N_AND,
	FA_N_OR,
	FA_N_CMP,
	FA_N_ARITH,
	FA_N_IN,
	FA_N_NOT_IN,
	FA_N_MATCH,
	FA_N_COMP,
};

enum fa_cmp { FA_CMP_EQ, FA_CMP_NE, FA_CMP_LT, FA_CMP_LE, FA_CMP_GT, FA_CMP_GE };
enum fa_arith { FA_AR_ADD, FA_AR_SUB, FA_AR_MUL, FA_AR_DIV };

/* One step of a path: an object key, or an index expression (integer or key). */
struct fa_step {
	char *key;
	size_t keylen;		/* strlen(key), so a lookup does not measure it again */
	struct fa_expr *index;
	size_t pos;		/* offset of the key (or '[') in the text, for errors */
};

struct fa_expr {
	enum fa_node type;
	int op;			/* enum fa_cmp, fa_arith or fa_fn */
	size_t pos;		/* offset of the node in the text */
	char *text;		/* the whole text (root node) or the path as written */
	json_t *lit;		/* FA_N_LIT */
	struct fa_expr **kids;	/* operands, list elements, call arguments */
	size_t nkids;
	enum fa_root root;	/* FA_N_PATH */
	struct fa_step *steps;
	size_t nsteps;
	regex_t re;		/* FA_N_MATCH */
	bool has_re;
	bool is_local;		/* FA_N_PATH: starts at a comprehension variable */
	bool has_base;		/* FA_N_PATH: starts at the value of kids[0] (peer(p).mtu) */
	size_t slot;		/* FA_N_PATH: its number in a path cache, 0 when none */
	size_t *pslots;		/* the slot of each of its first npre prefixes */
	size_t npre;		/* leading key steps that have a slot: nsteps when slot != 0 */
	size_t local;		/* that variable's slot (FA_N_PATH), or the one FA_N_COMP binds */
	size_t uindex;		/* uniform(): its number in the expression */
	struct fa_expr **uniforms;	/* root node: every uniform() call */
	size_t nuniforms;
	json_t *fields;		/* root node: registry fields it reads (check_fields) */
};

/* ---- function table (generated from ops.def) ------------------------------------------- */

#define OP(name, min, max, flags)                                                                  \
	static enum fa_eval_status fa_fn_##name(struct fa_eval *ev, const struct fa_expr *call,    \
						json_t **args, json_t **ret);
#include "rules/ops.def"
#undef OP

struct fa_fn_def {
	const char *name;
	size_t min_args, max_args;
	unsigned flags;
	enum fa_eval_status (*run)(struct fa_eval *ev, const struct fa_expr *call, json_t **args,
				   json_t **ret);
};

static const struct fa_fn_def fa_fns[FA_FN_COUNT] = {
#define OP(name, min, max, flags) [FA_FN_##name] = { #name, min, max, flags, fa_fn_##name },
#include "rules/ops.def"
#undef OP
};

/* ---- values ---------------------------------------------------------------------------- */

static int fa_type_rank(const json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_NULL:
		return 0;
	case JSON_FALSE:
	case JSON_TRUE:
		return 1;
	case JSON_INTEGER:
	case JSON_REAL:
		return 2;
	case JSON_STRING:
		return 3;
	case JSON_ARRAY:
		return 4;
	case JSON_OBJECT:
	default:
		return 5;
	}
}

static const char *fa_type_name(const json_t *v)
{
	static const char *const names[] = { "null", "a boolean", "a number", "a string", "a list",
					     "an object" };

	return names[fa_type_rank(v)];
}

int fa_value_cmp(const json_t *a, const json_t *b)
{
	int ra, rb;
	size_t i, na, nb;

	/* Most values compared are small integers (priorities, MTUs, map entries). */
	if (json_is_integer(a) && json_is_integer(b)) {
		json_int_t x = json_integer_value(a), y = json_integer_value(b);

		return x < y ? -1 : x > y;
	}
	if (a == b)
		return 0;
	ra = fa_type_rank(a);
	rb = fa_type_rank(b);

	if (ra != rb)
		return ra < rb ? -1 : 1;
	switch (ra) {
	case 1:
		return (int)json_is_true(a) - (int)json_is_true(b);
	case 2:
		if (json_is_integer(a) && json_is_integer(b)) {
			json_int_t x = json_integer_value(a), y = json_integer_value(b);

			return x < y ? -1 : x > y;
		} else {
			double x = json_number_value(a), y = json_number_value(b);

			return x < y ? -1 : x > y;
		}
	case 3: {
		size_t la = json_string_length(a), lb = json_string_length(b);
		int c = memcmp(json_string_value(a), json_string_value(b), la < lb ? la : lb);

		if (c)
			return c < 0 ? -1 : 1;
		return la < lb ? -1 : la > lb;
	}
	case 4:
		na = json_array_size(a);
		nb = json_array_size(b);
		for (i = 0; i < na && i < nb; i++) {
			int c = fa_value_cmp(json_array_get(a, i), json_array_get(b, i));

			if (c)
				return c;
		}
		return na < nb ? -1 : na > nb;
	case 5: {
		/* Objects are rare in comparisons: order them by their canonical text. */
		char *sa = json_dumps(a, JSON_COMPACT | JSON_SORT_KEYS);
		char *sb = json_dumps(b, JSON_COMPACT | JSON_SORT_KEYS);
		int c = strcmp(sa ? sa : "", sb ? sb : "");

		free(sa);
		free(sb);
		return c < 0 ? -1 : c > 0;
	}
	default:
		return 0;
	}
}

bool fa_value_equal(const json_t *a, const json_t *b)
{
	size_t i, n;

	if (a == b)
		return true;
	if (json_is_integer(a) && json_is_integer(b))
		return json_integer_value(a) == json_integer_value(b);
	if (json_is_string(a) && json_is_string(b))
		return json_string_length(a) == json_string_length(b) &&
		       memcmp(json_string_value(a), json_string_value(b),
			      json_string_length(a)) == 0;
	if (json_is_array(a) && json_is_array(b)) {
		/* Maps of 64 DSCP values are compared on every hop: no ordering needed. */
		n = json_array_size(a);
		if (n != json_array_size(b))
			return false;
		for (i = 0; i < n; i++)
			if (!fa_value_equal(json_array_get(a, i), json_array_get(b, i)))
				return false;
		return true;
	}
	if (fa_type_rank(a) != fa_type_rank(b))
		return false;
	return fa_value_cmp(a, b) == 0;
}

void fa_value_text(const json_t *v, struct fa_buf *out)
{
	char *s;

	switch (json_typeof(v)) {
	case JSON_STRING:
		fa_buf_add(out, json_string_value(v), json_string_length(v));
		break;
	case JSON_INTEGER:
		fa_buf_addf(out, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
		break;
	case JSON_REAL:
		fa_buf_addf(out, "%.15g", json_real_value(v));
		break;
	case JSON_TRUE:
		fa_buf_adds(out, "true");
		break;
	case JSON_FALSE:
		fa_buf_adds(out, "false");
		break;
	case JSON_NULL:
		fa_buf_adds(out, "null");
		break;
	default:
		s = json_dumps(v, JSON_ENCODE_ANY | JSON_SORT_KEYS);
		fa_buf_adds(out, s ? s : "?");
		free(s);
		break;
	}
}

json_t *fa_version_split(const char *s, size_t len)
{
	json_t *segs = json_array();
	size_t i = 0, j;

	while (i < len) {
		unsigned char c = (unsigned char)s[i];

		if (isdigit(c)) {
			json_int_t n = 0;

			for (j = i; j < len && isdigit((unsigned char)s[j]); j++)
				;
			/* Numeric segments compare as numbers unless too long to be one. */
			if (j - i <= 18) {
				for (; i < j; i++)
					n = n * 10 + (s[i] - '0');
				json_array_append_new(segs, json_integer(n));
			} else {
				json_array_append_new(segs, json_stringn(s + i, j - i));
			}
			i = j;
		} else if (isalpha(c)) {
			for (j = i; j < len && isalpha((unsigned char)s[j]); j++)
				;
			json_array_append_new(segs, json_stringn(s + i, j - i));
			i = j;
		} else {
			i++;
		}
	}
	return segs;
}

/* ---- evaluation helpers ---------------------------------------------------------------- */

/* A member by a key whose length is known (jansson 2.14 spares measuring it per lookup). */
static json_t *fa_member(const json_t *obj, const char *key, size_t len)
{
#if JANSSON_VERSION_HEX >= 0x020e00
	return json_object_getn(obj, key, len);
#else
	(void)len;
	return json_object_get(obj, key);
#endif
}

static enum fa_eval_status fa_missing(struct fa_eval *ev, const char *path)
{
	if (!ev->missing)
		ev->missing = path;
	return FA_EVAL_MISSING;
}

static enum fa_eval_status fa_fail(struct fa_eval *ev, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static enum fa_eval_status fa_fail(struct fa_eval *ev, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(ev->error, sizeof(ev->error), fmt, ap);
	va_end(ap);
	return FA_EVAL_ERROR;
}

static enum fa_eval_status fa_eval_node(const struct fa_expr *e, struct fa_eval *ev, json_t **ret);
static enum fa_eval_status fa_eval_lend(const struct fa_expr *e, struct fa_eval *ev,
					json_t **ret, bool *owned);
static void fa_release(json_t *v, bool owned);
static enum fa_eval_status fa_path_value(const struct fa_expr *e, struct fa_eval *ev,
					 const json_t **ret);
static enum fa_tri fa_test_logic(const struct fa_expr *e, struct fa_eval *ev);
static enum fa_eval_status fa_eval_cmp_bool(const struct fa_expr *e, struct fa_eval *ev,
					    bool *res_out);

/* ---- functions ------------------------------------------------------------------------- */

static enum fa_eval_status fa_fn_count(struct fa_eval *ev, const struct fa_expr *call,
				       json_t **args, json_t **ret)
{
	json_int_t n = 0;
	json_t *x;
	size_t i;

	if (!json_is_array(args[0]))
		return fa_fail(ev, "count() needs a list, not %s", fa_type_name(args[0]));
	json_array_foreach(args[0], i, x)
		if (!json_is_null(x) && !json_is_false(x))
			n++;
	*ret = json_integer(n);
	return FA_EVAL_VALUE;
}

static enum fa_eval_status fa_fn_exists(struct fa_eval *ev, const struct fa_expr *call,
					json_t **args, json_t **ret)
{
	*ret = json_boolean(args[0] != NULL);
	return FA_EVAL_VALUE;
}

static enum fa_eval_status fa_fn_len(struct fa_eval *ev, const struct fa_expr *call,
				     json_t **args, json_t **ret)
{
	json_t *x = args[0];

	if (json_is_string(x))
		*ret = json_integer((json_int_t)json_string_length(x));
	else if (json_is_array(x))
		*ret = json_integer((json_int_t)json_array_size(x));
	else if (json_is_object(x))
		*ret = json_integer((json_int_t)json_object_size(x));
	else
		return fa_fail(ev, "len() needs a string or a list, not %s", fa_type_name(x));
	return FA_EVAL_VALUE;
}

static enum fa_eval_status fa_fn_lower(struct fa_eval *ev, const struct fa_expr *call,
				       json_t **args, json_t **ret)
{
	size_t i, n;
	char *s;

	if (!json_is_string(args[0]))
		return fa_fail(ev, "lower() needs a string, not %s", fa_type_name(args[0]));
	n = json_string_length(args[0]);
	s = fa_xstrndup(json_string_value(args[0]), n);
	for (i = 0; i < n; i++)
		s[i] = (char)tolower((unsigned char)s[i]);
	*ret = json_stringn(s, n);
	free(s);
	return FA_EVAL_VALUE;
}

/*
 * speed(): a bit rate as people write it, for messages: 400000000000 -> "400G",
 * 2500000000 -> "2.5G", 100000000 -> "100M".
 */
static enum fa_eval_status fa_fn_speed(struct fa_eval *ev, const struct fa_expr *call,
				       json_t **args, json_t **ret)
{
	static const struct {
		double factor;
		const char *unit;
	} units[] = { { 1e12, "T" }, { 1e9, "G" }, { 1e6, "M" }, { 1e3, "K" } };
	double v;
	char buf[64];
	size_t i;

	if (!json_is_number(args[0]) || json_number_value(args[0]) < 0)
		return fa_fail(ev, "speed() needs a number of bits per second, not %s",
			       fa_type_name(args[0]));
	v = json_number_value(args[0]);
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (v >= units[i].factor)
			break;
	if (i == sizeof(units) / sizeof(units[0]))
		snprintf(buf, sizeof(buf), "%.0f", v);
	else
		snprintf(buf, sizeof(buf), "%.4g%s", v / units[i].factor, units[i].unit);
	*ret = json_string(buf);
	return FA_EVAL_VALUE;
}

/* min() and max(): the element itself, so integers stay integers. */
static enum fa_eval_status fa_extreme(struct fa_eval *ev, const char *name, json_t *list,
				      int want, json_t **ret)
{
	json_t *best = NULL, *x;
	size_t i;

	if (!json_is_array(list))
		return fa_fail(ev, "%s() needs a list, not %s", name, fa_type_name(list));
	json_array_foreach(list, i, x) {
		if (!json_is_number(x) && !json_is_string(x))
			return fa_fail(ev, "%s() needs numbers or strings, not %s", name,
				       fa_type_name(x));
		if (best && fa_type_rank(best) != fa_type_rank(x))
			return fa_fail(ev, "%s() of a list mixing numbers and strings", name);
		if (!best || fa_value_cmp(x, best) == want)
			best = x;
	}
	if (!best)
		return fa_fail(ev, "%s() of an empty list", name);
	*ret = json_incref(best);
	return FA_EVAL_VALUE;
}

static enum fa_eval_status fa_fn_max(struct fa_eval *ev, const struct fa_expr *call,
				     json_t **args, json_t **ret)
{
	return fa_extreme(ev, "max", args[0], 1, ret);
}

static enum fa_eval_status fa_fn_min(struct fa_eval *ev, const struct fa_expr *call,
				     json_t **args, json_t **ret)
{
	return fa_extreme(ev, "min", args[0], -1, ret);
}

static enum fa_eval_status fa_fn_subset(struct fa_eval *ev, const struct fa_expr *call,
					json_t **args, json_t **ret)
{
	json_t *x, *y;
	size_t i, j;

	if (!json_is_array(args[0]) || !json_is_array(args[1]))
		return fa_fail(ev, "subset() needs two lists, not %s and %s",
			       fa_type_name(args[0]), fa_type_name(args[1]));
	json_array_foreach(args[0], i, x) {
		bool found = false;

		json_array_foreach(args[1], j, y) {
			if (fa_value_equal(x, y)) {
				found = true;
				break;
			}
		}
		if (!found) {
			*ret = json_false();
			return FA_EVAL_VALUE;
		}
	}
	*ret = json_true();
	return FA_EVAL_VALUE;
}

static enum fa_eval_status fa_fn_sum(struct fa_eval *ev, const struct fa_expr *call,
				     json_t **args, json_t **ret)
{
	json_int_t isum = 0;
	double rsum = 0;
	bool real = false;
	json_t *x;
	size_t i;

	if (!json_is_array(args[0]))
		return fa_fail(ev, "sum() needs a list, not %s", fa_type_name(args[0]));
	json_array_foreach(args[0], i, x) {
		if (!json_is_number(x))
			return fa_fail(ev, "sum() needs numbers, not %s", fa_type_name(x));
		rsum += json_number_value(x);
		if (json_is_real(x))
			real = true;
		else if (!real && __builtin_add_overflow(isum, json_integer_value(x), &isum))
			real = true;
	}
	*ret = real ? json_real(rsum) : json_integer(isum);
	if (!*ret)
		return fa_fail(ev, "sum() is not a finite number");
	return FA_EVAL_VALUE;
}

/*
 * The indexes of the numbers of a list above (or below) a limit: which priorities or lanes
 * of a per-priority counter or per-lane reading are out of bounds, for a message to name.
 */
static enum fa_eval_status fa_fn_beyond(struct fa_eval *ev, json_t **args, json_t **ret,
					const char *name, int side)
{
	double limit;
	json_t *x, *out;
	size_t i;

	if (!json_is_array(args[0]))
		return fa_fail(ev, "%s() needs a list, not %s", name, fa_type_name(args[0]));
	if (!json_is_number(args[1]))
		return fa_fail(ev, "%s() needs a number as its limit, not %s", name,
			       fa_type_name(args[1]));
	limit = json_number_value(args[1]);
	json_array_foreach(args[0], i, x)
		if (!json_is_number(x))
			return fa_fail(ev, "%s() needs numbers, not %s", name, fa_type_name(x));
	out = json_array();
	json_array_foreach(args[0], i, x)
		if (side > 0 ? json_number_value(x) > limit : json_number_value(x) < limit)
			json_array_append_new(out, json_integer((json_int_t)i));
	*ret = out;
	return FA_EVAL_VALUE;
}

static enum fa_eval_status fa_fn_above(struct fa_eval *ev, const struct fa_expr *call,
				       json_t **args, json_t **ret)
{
	return fa_fn_beyond(ev, args, ret, "above", 1);
}

static enum fa_eval_status fa_fn_below(struct fa_eval *ev, const struct fa_expr *call,
				       json_t **args, json_t **ret)
{
	return fa_fn_beyond(ev, args, ret, "below", -1);
}

/* Computed by the engine beforehand: is this member's value its group's majority? */
static enum fa_eval_status fa_fn_uniform(struct fa_eval *ev, const struct fa_expr *call,
					 json_t **args, json_t **ret)
{
	size_t i = call->uindex;

	if (!ev->uvalue || !ev->umajority)
		return fa_fail(ev, "uniform() outside a group");
	if (!ev->uvalue[i])
		return fa_missing(ev, ev->umissing ? ev->umissing[i] : fa_expr_text(call));
	if (!ev->umajority[i])
		return fa_missing(ev, fa_expr_text(call));
	*ret = json_boolean(fa_value_equal(ev->uvalue[i], ev->umajority[i]));
	return FA_EVAL_VALUE;
}

static enum fa_eval_status fa_fn_version(struct fa_eval *ev, const struct fa_expr *call,
					 json_t **args, json_t **ret)
{
	json_t *x = args[0];
	struct fa_buf b = FA_BUF_INIT;

	if (json_is_string(x)) {
		*ret = fa_version_split(json_string_value(x), json_string_length(x));
	} else if (json_is_number(x)) {
		/* An unquoted 5.10 in YAML arrives as a number: read it as its text. */
		fa_value_text(x, &b);
		*ret = fa_version_split(b.buf, b.len);
		fa_buf_release(&b);
	} else if (json_is_array(x)) {
		*ret = json_incref(x);
	} else {
		return fa_fail(ev, "version() needs a string, not %s", fa_type_name(x));
	}
	return FA_EVAL_VALUE;
}

/* all() and any() of a list of booleans; all([]) is true, any([]) false. */
static enum fa_eval_status fa_quantify(struct fa_eval *ev, const char *name, json_t *list,
				       bool want, json_t **ret)
{
	json_t *x;
	size_t i;
	bool found = false;

	if (!json_is_array(list))
		return fa_fail(ev, "%s() needs a list, not %s", name, fa_type_name(list));
	json_array_foreach(list, i, x) {
		if (!json_is_boolean(x))
			return fa_fail(ev, "%s() needs true or false elements, not %s", name,
				       fa_type_name(x));
		if (json_is_true(x) == want)
			found = true;
	}
	*ret = json_boolean(want ? found : !found);
	return FA_EVAL_VALUE;
}

static enum fa_eval_status fa_fn_all(struct fa_eval *ev, const struct fa_expr *call,
				     json_t **args, json_t **ret)
{
	return fa_quantify(ev, "all", args[0], false, ret);
}

static enum fa_eval_status fa_fn_any(struct fa_eval *ev, const struct fa_expr *call,
				     json_t **args, json_t **ret)
{
	return fa_quantify(ev, "any", args[0], true, ret);
}

static int fa_value_ptr_cmp(const void *a, const void *b)
{
	return fa_value_cmp(*(json_t *const *)a, *(json_t *const *)b);
}

/* The values of @list sorted (borrowed pointers; free the array). */
static json_t **fa_sorted(json_t *list, size_t *n)
{
	json_t **v, *x;
	size_t i;

	*n = json_array_size(list);
	v = fa_xcalloc(*n + 1, sizeof(*v));
	json_array_foreach(list, i, x)
		v[i] = x;
	qsort(v, *n, sizeof(*v), fa_value_ptr_cmp);
	return v;
}

/* The values that occur more than once, each once, in order. */
static enum fa_eval_status fa_fn_duplicates(struct fa_eval *ev, const struct fa_expr *call,
					    json_t **args, json_t **ret)
{
	json_t **v, *out;
	size_t i, n;

	if (!json_is_array(args[0]))
		return fa_fail(ev, "duplicates() needs a list, not %s", fa_type_name(args[0]));
	v = fa_sorted(args[0], &n);
	out = json_array();
	for (i = 1; i < n; i++)
		if (fa_value_equal(v[i], v[i - 1]) &&
		    (i < 2 || !fa_value_equal(v[i - 1], v[i - 2])))
			json_array_append(out, v[i]);
	free(v);
	*ret = out;
	return FA_EVAL_VALUE;
}

/*
 * Pairs [key, value] gathered by key: one { key, values } per distinct key, in key order,
 * values distinct and in order.  Sorting the pairs once puts each key's values side by side,
 * so a whole fabric's addresses with their owners are gathered in n log n.
 */
static enum fa_eval_status fa_fn_grouped(struct fa_eval *ev, const struct fa_expr *call,
					 json_t **args, json_t **ret)
{
	json_t **v, *out, *vals = NULL, *x;
	size_t i, n;

	if (!json_is_array(args[0]))
		return fa_fail(ev, "grouped() needs a list of [key, value] pairs, not %s",
			       fa_type_name(args[0]));
	json_array_foreach(args[0], i, x)
		if (!json_is_array(x) || json_array_size(x) != 2)
			return fa_fail(ev, "grouped() needs a list of [key, value] pairs: item %zu "
				       "is not one", i);
	v = fa_sorted(args[0], &n);
	out = json_array();
	for (i = 0; i < n; i++) {
		json_t *key = json_array_get(v[i], 0);

		if (i == 0 || !fa_value_equal(key, json_array_get(v[i - 1], 0))) {
			vals = json_array();
			json_array_append_new(out, json_pack("{s:O,s:o}", "key", key,
							     "values", vals));
		} else if (fa_value_equal(v[i], v[i - 1])) {
			continue;
		}
		json_array_append(vals, json_array_get(v[i], 1));
	}
	free(v);
	*ret = out;
	return FA_EVAL_VALUE;
}

/* The distinct values, in order. */
static enum fa_eval_status fa_fn_unique(struct fa_eval *ev, const struct fa_expr *call,
					json_t **args, json_t **ret)
{
	json_t **v, *out;
	size_t i, n;

	if (!json_is_array(args[0]))
		return fa_fail(ev, "unique() needs a list, not %s", fa_type_name(args[0]));
	v = fa_sorted(args[0], &n);
	out = json_array();
	for (i = 0; i < n; i++)
		if (i == 0 || !fa_value_equal(v[i], v[i - 1]))
			json_array_append(out, v[i]);
	free(v);
	*ret = out;
	return FA_EVAL_VALUE;
}

/* One level of nesting removed: [[1], [2, 3], 4] is [1, 2, 3, 4]. */
static enum fa_eval_status fa_fn_flatten(struct fa_eval *ev, const struct fa_expr *call,
					 json_t **args, json_t **ret)
{
	json_t *out, *x, *y;
	size_t i, j;

	if (!json_is_array(args[0]))
		return fa_fail(ev, "flatten() needs a list, not %s", fa_type_name(args[0]));
	out = json_array();
	json_array_foreach(args[0], i, x) {
		if (!json_is_array(x)) {
			json_array_append(out, x);
			continue;
		}
		json_array_foreach(x, j, y)
			json_array_append(out, y);
	}
	*ret = out;
	return FA_EVAL_VALUE;
}

static enum fa_eval_status fa_fn_keys(struct fa_eval *ev, const struct fa_expr *call,
				      json_t **args, json_t **ret)
{
	const char *key;
	json_t *out, *x, **v;
	size_t i, n;

	if (!json_is_object(args[0]))
		return fa_fail(ev, "keys() needs an object, not %s", fa_type_name(args[0]));
	out = json_array();
	json_object_foreach(args[0], key, x)
		json_array_append_new(out, json_string(key));
	/* Sorted, so a list of keys never depends on the file's order. */
	v = fa_sorted(out, &n);
	x = json_array();
	for (i = 0; i < n; i++)
		json_array_append(x, v[i]);
	free(v);
	json_decref(out);
	*ret = x;
	return FA_EVAL_VALUE;
}

/* split('a,b', ',') is ['a', 'b']; an empty separator is an error. */
static enum fa_eval_status fa_fn_split(struct fa_eval *ev, const struct fa_expr *call,
				       json_t **args, json_t **ret)
{
	const char *s, *sep, *hit;
	size_t n, m;
	json_t *out;

	if (!json_is_string(args[0]) || !json_is_string(args[1]) ||
	    json_string_length(args[1]) == 0)
		return fa_fail(ev, "split() needs a string and a non-empty separator");
	s = json_string_value(args[0]);
	n = json_string_length(args[0]);
	sep = json_string_value(args[1]);
	m = json_string_length(args[1]);
	out = json_array();
	while ((hit = memmem(s, n, sep, m)) != NULL) {
		json_array_append_new(out, json_stringn(s, (size_t)(hit - s)));
		n -= (size_t)(hit - s) + m;
		s = hit + m;
	}
	json_array_append_new(out, json_stringn(s, n));
	*ret = out;
	return FA_EVAL_VALUE;
}

static enum fa_eval_status fa_fn_startswith(struct fa_eval *ev, const struct fa_expr *call,
					    json_t **args, json_t **ret)
{
	size_t n;

	if (!json_is_string(args[0]) || !json_is_string(args[1]))
		return fa_fail(ev, "startswith() needs two strings, not %s and %s",
			       fa_type_name(args[0]), fa_type_name(args[1]));
	n = json_string_length(args[1]);
	*ret = json_boolean(json_string_length(args[0]) >= n &&
			    memcmp(json_string_value(args[0]), json_string_value(args[1]), n) == 0);
	return FA_EVAL_VALUE;
}

/* The elements of a list of strings, numbers or booleans as text, with @sep between them. */
static enum fa_eval_status fa_fn_join(struct fa_eval *ev, const struct fa_expr *call,
				      json_t **args, json_t **ret)
{
	struct fa_buf b = FA_BUF_INIT;
	json_t *x;
	size_t i;

	if (!json_is_array(args[0]) || !json_is_string(args[1]))
		return fa_fail(ev, "join() needs a list and a string, not %s and %s",
			       fa_type_name(args[0]), fa_type_name(args[1]));
	json_array_foreach(args[0], i, x) {
		if (!json_is_string(x) && !json_is_number(x) && !json_is_boolean(x)) {
			fa_buf_release(&b);
			return fa_fail(ev, "join() needs a list of strings, numbers or booleans, "
				       "not one with %s", fa_type_name(x));
		}
		if (i)
			fa_buf_add(&b, json_string_value(args[1]), json_string_length(args[1]));
		fa_value_text(x, &b);
	}
	*ret = json_stringn(b.buf, b.len);
	fa_buf_release(&b);
	return FA_EVAL_VALUE;
}

static enum fa_eval_status fa_fn_str(struct fa_eval *ev, const struct fa_expr *call,
				     json_t **args, json_t **ret)
{
	struct fa_buf b = FA_BUF_INIT;

	if (json_is_string(args[0])) {
		*ret = json_incref(args[0]);
		return FA_EVAL_VALUE;
	}
	if (!json_is_number(args[0]) && !json_is_boolean(args[0]))
		return fa_fail(ev, "str() needs a string, number or boolean, not %s",
			       fa_type_name(args[0]));
	fa_value_text(args[0], &b);
	*ret = json_stringn(b.buf, b.len);
	fa_buf_release(&b);
	return FA_EVAL_VALUE;
}

/* @args[0] when it resolves, else @args[1] (missing too when both are). */
static enum fa_eval_status fa_fn_default(struct fa_eval *ev, const struct fa_expr *call,
					 json_t **args, json_t **ret)
{
	json_t *v = args[0] ? args[0] : args[1];

	if (!v)
		return fa_missing(ev, fa_expr_text(call));
	*ret = json_incref(v);
	return FA_EVAL_VALUE;
}

/* The largest integer not above a number: floor(106 / 4) is 26 (a TOS byte's DSCP). */
static enum fa_eval_status fa_fn_floor(struct fa_eval *ev, const struct fa_expr *call,
				       json_t **args, json_t **ret)
{
	double d;

	if (json_is_integer(args[0])) {
		*ret = json_incref(args[0]);
		return FA_EVAL_VALUE;
	}
	if (!json_is_real(args[0]))
		return fa_fail(ev, "floor() needs a number, not %s", fa_type_name(args[0]));
	d = json_real_value(args[0]);
	if (d < -9e15 || d > 9e15)
		return fa_fail(ev, "floor() of %.15g, which is too large", d);
	/* a cast rounds towards zero: one less for a negative fraction */
	*ret = json_integer((json_int_t)d - (d < 0 && d != (double)(json_int_t)d));
	return FA_EVAL_VALUE;
}

/*
 * An integer from a number, or from text as devices print one: "48", "-3", "0x7fff", or the
 * value in parentheses of mlxconfig's "True(1)" and "ETH(2)".
 */
static enum fa_eval_status fa_fn_int(struct fa_eval *ev, const struct fa_expr *call,
				     json_t **args, json_t **ret)
{
	json_t *x = args[0];
	const char *s, *open;
	long long n;
	char *end;
	double d;

	if (json_is_integer(x)) {
		*ret = json_incref(x);
		return FA_EVAL_VALUE;
	}
	if (json_is_real(x)) {
		d = json_real_value(x);
		if (d < -9e15 || d > 9e15 || d != (double)(long long)d)
			return fa_fail(ev, "int() of %.15g, which is not a whole number", d);
		*ret = json_integer((json_int_t)d);
		return FA_EVAL_VALUE;
	}
	if (!json_is_string(x))
		return fa_fail(ev, "int() needs a number or a string, not %s", fa_type_name(x));
	s = json_string_value(x);
	open = strrchr(s, '(');
	if (open && s[strlen(s) - 1] == ')')
		s = open + 1;
	while (*s == ' ')
		s++;
	errno = 0;
	n = strtoll(s, &end, (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) ? 16 : 10);
	while (*end == ' ')
		end++;
	if (end == s || errno || (*end && *end != ')'))
		return fa_fail(ev, "int() cannot read '%s' as a number", json_string_value(x));
	*ret = json_integer((json_int_t)n);
	return FA_EVAL_VALUE;
}

/* ---- topology functions ------------------------------------------------------------------ */

/* The end on port object @port, or missing (no topology, or the port is on no link). */
static enum fa_eval_status fa_topo_end_of(struct fa_eval *ev, const struct fa_expr *call,
					  const json_t *port, const struct fa_topo_end **ret)
{
	if (!json_is_object(port))
		return fa_fail(ev, "%s needs a port, not %s", fa_expr_text(call),
			       fa_type_name(port));
	*ret = ev->topo ? fa_topo_port_end(ev->topo, port) : NULL;
	if (!*ret)
		return fa_missing(ev, fa_expr_text(call));
	return FA_EVAL_VALUE;
}

static enum fa_eval_status fa_fn_peer(struct fa_eval *ev, const struct fa_expr *call,
				      json_t **args, json_t **ret)
{
	const struct fa_topo_end *e = NULL;
	enum fa_eval_status s = fa_topo_end_of(ev, call, args[0], &e);

	if (s == FA_EVAL_VALUE)
		*ret = json_incref((json_t *)e->peer_port);
	return s;
}

static enum fa_eval_status fa_fn_peer_device(struct fa_eval *ev, const struct fa_expr *call,
					     json_t **args, json_t **ret)
{
	const struct fa_topo_end *e = NULL;
	enum fa_eval_status s = fa_topo_end_of(ev, call, args[0], &e);

	if (s == FA_EVAL_VALUE)
		*ret = json_incref((json_t *)fa_topo_device(ev->topo, e->peer_dev));
	return s;
}

static enum fa_eval_status fa_topo_dev_of(struct fa_eval *ev, const struct fa_expr *call,
					  const json_t *dev, size_t *ret)
{
	if (!json_is_object(dev))
		return fa_fail(ev, "%s needs a device, not %s", fa_expr_text(call),
			       fa_type_name(dev));
	if (!ev->topo || !fa_topo_device_index(ev->topo, dev, ret))
		return fa_missing(ev, fa_expr_text(call));
	return FA_EVAL_VALUE;
}

static enum fa_eval_status fa_fn_tier(struct fa_eval *ev, const struct fa_expr *call,
				      json_t **args, json_t **ret)
{
	enum fa_eval_status s;
	size_t i = 0;
	int tier;

	s = fa_topo_dev_of(ev, call, args[0], &i);
	if (s != FA_EVAL_VALUE)
		return s;
	tier = fa_topo_tier(ev->topo, i);
	if (tier == FA_TOPO_NO_TIER)
		return fa_missing(ev, fa_expr_text(call));
	*ret = json_integer(tier);
	return FA_EVAL_VALUE;
}

/* The ports of a device linked to a higher (@up) or lower tier, in port order. */
static enum fa_eval_status fa_topo_dir(struct fa_eval *ev, const struct fa_expr *call,
				       json_t *dev, bool up, json_t **ret)
{
	const struct fa_topo_end *ends;
	enum fa_eval_status s;
	size_t i = 0, n, k;
	int tier, pt;
	json_t *out;

	s = fa_topo_dev_of(ev, call, dev, &i);
	if (s != FA_EVAL_VALUE)
		return s;
	tier = fa_topo_tier(ev->topo, i);
	if (tier == FA_TOPO_NO_TIER)
		return fa_missing(ev, fa_expr_text(call));
	out = json_array();
	n = fa_topo_device_ends(ev->topo, i, &ends);
	for (k = 0; k < n; k++) {
		if (k > 0 && ends[k].port == ends[k - 1].port)
			continue;
		pt = fa_topo_tier(ev->topo, ends[k].peer_dev);
		if (pt != FA_TOPO_NO_TIER && (up ? pt > tier : pt < tier))
			json_array_append(out, (json_t *)ends[k].port);
	}
	*ret = out;
	return FA_EVAL_VALUE;
}

static enum fa_eval_status fa_fn_uplinks(struct fa_eval *ev, const struct fa_expr *call,
					 json_t **args, json_t **ret)
{
	return fa_topo_dir(ev, call, args[0], true, ret);
}

static enum fa_eval_status fa_fn_downlinks(struct fa_eval *ev, const struct fa_expr *call,
					   json_t **args, json_t **ret)
{
	return fa_topo_dir(ev, call, args[0], false, ret);
}

/* ---- evaluation ------------------------------------------------------------------------ */

/*
 * Combination of truth values, as OpenSCAP draws its result tables.  M is missing (not
 * evaluable), E an evaluation error.  A known false decides an "and", a known true decides
 * an "or", whatever the other side is; otherwise an error outweighs a missing value.
 *
 *   and | T  F  M  E        or | T  F  M  E        not |
 *   ----+-----------        ---+-----------        ----+---
 *    T  | T  F  M  E         T | T  T  T  T         T  | F
 *    F  | F  F  F  F         F | T  F  M  E         F  | T
 *    M  | M  F  M  E         M | T  M  M  E         M  | M
 *    E  | E  F  E  E         E | T  E  E  E         E  | E
 */
static enum fa_tri fa_tri_and(enum fa_tri a, enum fa_tri b)
{
	if (a == FA_TRI_FALSE || b == FA_TRI_FALSE)
		return FA_TRI_FALSE;
	if (a == FA_TRI_ERROR || b == FA_TRI_ERROR)
		return FA_TRI_ERROR;
	if (a == FA_TRI_MISSING || b == FA_TRI_MISSING)
		return FA_TRI_MISSING;
	return FA_TRI_TRUE;
}

static enum fa_tri fa_tri_or(enum fa_tri a, enum fa_tri b)
{
	if (a == FA_TRI_TRUE || b == FA_TRI_TRUE)
		return FA_TRI_TRUE;
	if (a == FA_TRI_ERROR || b == FA_TRI_ERROR)
		return FA_TRI_ERROR;
	if (a == FA_TRI_MISSING || b == FA_TRI_MISSING)
		return FA_TRI_MISSING;
	return FA_TRI_FALSE;
}

static enum fa_tri fa_tri_not(enum fa_tri a)
{
	if (a == FA_TRI_TRUE)
		return FA_TRI_FALSE;
	if (a == FA_TRI_FALSE)
		return FA_TRI_TRUE;
	return a;
}

enum fa_tri fa_expr_test(const struct fa_expr *e, struct fa_eval *ev)
{
	json_t *v = NULL;
	enum fa_tri t;
	bool owned, res;

	/* Conditions decided without making a boolean value: most of what rules evaluate. */
	switch (e->type) {
	case FA_N_AND:
	case FA_N_OR:
		return fa_test_logic(e, ev);
	case FA_N_NOT:
		return fa_tri_not(fa_expr_test(e->kids[0], ev));
	case FA_N_CMP:
		switch (fa_eval_cmp_bool(e, ev, &res)) {
		case FA_EVAL_VALUE:
			return res ? FA_TRI_TRUE : FA_TRI_FALSE;
		case FA_EVAL_MISSING:
			return FA_TRI_MISSING;
		default:
			return FA_TRI_ERROR;
		}
	default:
		break;
	}
	switch (fa_eval_lend(e, ev, &v, &owned)) {
	case FA_EVAL_MISSING:
		return FA_TRI_MISSING;
	case FA_EVAL_ERROR:
		return FA_TRI_ERROR;
	case FA_EVAL_VALUE:
	default:
		break;
	}
	if (json_is_boolean(v)) {
		t = json_is_true(v) ? FA_TRI_TRUE : FA_TRI_FALSE;
	} else {
		fa_fail(ev, "'%s' is %s, not true or false", fa_expr_text(e), fa_type_name(v));
		t = FA_TRI_ERROR;
	}
	fa_release(v, owned);
	return t;
}

static enum fa_eval_status fa_tri_result(struct fa_eval *ev, enum fa_tri t, json_t **ret)
{
	switch (t) {
	case FA_TRI_TRUE:
	case FA_TRI_FALSE:
		*ret = json_boolean(t == FA_TRI_TRUE);
		return FA_EVAL_VALUE;
	case FA_TRI_MISSING:
		return FA_EVAL_MISSING;
	case FA_TRI_ERROR:
	default:
		return FA_EVAL_ERROR;
	}
}

/* and / or: the right side is evaluated only when the left does not decide. */
static enum fa_tri fa_test_logic(const struct fa_expr *e, struct fa_eval *ev)
{
	const char *saved = ev->missing;
	bool is_and = e->type == FA_N_AND;
	enum fa_tri decides = is_and ? FA_TRI_FALSE : FA_TRI_TRUE;
	enum fa_tri l, r, t;

	l = fa_expr_test(e->kids[0], ev);
	if (l == decides) {
		t = l;
	} else {
		r = fa_expr_test(e->kids[1], ev);
		t = is_and ? fa_tri_and(l, r) : fa_tri_or(l, r);
	}
	/* A missing value that did not decide must not be blamed later. */
	if (t == FA_TRI_TRUE || t == FA_TRI_FALSE)
		ev->missing = saved;
	return t;
}

/* Evaluate both operands; on anything but two values, release and pass the status on. */
/* Both operands, lent where they can be (fa_eval_lend()); on failure nothing is held. */
static enum fa_eval_status fa_eval_pair(const struct fa_expr *e, struct fa_eval *ev, json_t **l,
					bool *lo, json_t **r, bool *ro)
{
	enum fa_eval_status s;

	s = fa_eval_lend(e->kids[0], ev, l, lo);
	if (s != FA_EVAL_VALUE)
		return s;
	s = fa_eval_lend(e->kids[1], ev, r, ro);
	if (s != FA_EVAL_VALUE) {
		fa_release(*l, *lo);
		*l = NULL;
	}
	return s;
}

static bool fa_orderable(const json_t *a, const json_t *b)
{
	int ra = fa_type_rank(a);

	return ra == fa_type_rank(b) && (ra == 2 || ra == 3 || ra == 4);
}

/* A comparison decided into *res. */
static enum fa_eval_status fa_eval_cmp_bool(const struct fa_expr *e, struct fa_eval *ev,
					    bool *res_out)
{
	json_t *l = NULL, *r = NULL;
	enum fa_eval_status s;
	bool res = false, lo, ro;
	int c;

	s = fa_eval_pair(e, ev, &l, &lo, &r, &ro);
	if (s != FA_EVAL_VALUE)
		return s;
	if (e->op == FA_CMP_EQ || e->op == FA_CMP_NE) {
		res = fa_value_equal(l, r) == (e->op == FA_CMP_EQ);
	} else if (!fa_orderable(l, r)) {
		s = fa_fail(ev, "cannot order %s and %s", fa_type_name(l), fa_type_name(r));
	} else {
		c = fa_value_cmp(l, r);
		switch (e->op) {
		case FA_CMP_LT:
			res = c < 0;
			break;
		case FA_CMP_LE:
			res = c <= 0;
			break;
		case FA_CMP_GT:
			res = c > 0;
			break;
		default:
			res = c >= 0;
			break;
		}
	}
	fa_release(l, lo);
	fa_release(r, ro);
	*res_out = res;
	return s;
}

static enum fa_eval_status fa_eval_cmp(const struct fa_expr *e, struct fa_eval *ev, json_t **ret)
{
	bool res;
	enum fa_eval_status s = fa_eval_cmp_bool(e, ev, &res);

	if (s == FA_EVAL_VALUE)
		*ret = json_boolean(res);
	return s;
}

static enum fa_eval_status fa_eval_in(const struct fa_expr *e, struct fa_eval *ev, json_t **ret)
{
	json_t *l = NULL, *r = NULL, *x;
	enum fa_eval_status s;
	bool found = false, lo, ro;
	size_t i;

	s = fa_eval_pair(e, ev, &l, &lo, &r, &ro);
	if (s != FA_EVAL_VALUE)
		return s;
	if (json_is_array(r)) {
		json_array_foreach(r, i, x) {
			if (fa_value_equal(l, x)) {
				found = true;
				break;
			}
		}
	} else if (json_is_string(r) && json_is_string(l)) {
		found = memmem(json_string_value(r), json_string_length(r), json_string_value(l),
			       json_string_length(l)) != NULL;
	} else if (json_is_object(r) && json_is_string(l)) {
		found = json_object_get(r, json_string_value(l)) != NULL;
	} else {
		s = fa_fail(ev, "'in' cannot look for %s in %s", fa_type_name(l), fa_type_name(r));
	}
	fa_release(l, lo);
	fa_release(r, ro);
	if (s == FA_EVAL_VALUE)
		*ret = json_boolean(found == (e->type == FA_N_IN));
	return s;
}

static enum fa_eval_status fa_eval_match(const struct fa_expr *e, struct fa_eval *ev,
					 json_t **ret)
{
	enum fa_eval_status s;
	json_t *l = NULL;
	char *copy = NULL;
	const char *str;
	bool lo;

	s = fa_eval_lend(e->kids[0], ev, &l, &lo);
	if (s != FA_EVAL_VALUE)
		return s;
	if (!json_is_string(l)) {
		s = fa_fail(ev, "'matches' needs a string, not %s", fa_type_name(l));
		goto out;
	}
	str = json_string_value(l);
	if (strlen(str) != json_string_length(l))
		str = copy = fa_xstrndup(str, json_string_length(l));
	*ret = json_boolean(regexec(&e->re, str, 0, NULL, 0) == 0);
out:
	free(copy);
	fa_release(l, lo);
	return s;
}

static enum fa_eval_status fa_eval_arith(const struct fa_expr *e, struct fa_eval *ev,
					 json_t **ret)
{
	static const char *const opname[] = { "+", "-", "*", "/" };
	json_t *l = NULL, *r = NULL;
	enum fa_eval_status s;
	bool lo, ro;

	s = fa_eval_pair(e, ev, &l, &lo, &r, &ro);
	if (s != FA_EVAL_VALUE)
		return s;
	if (e->op == FA_AR_ADD && json_is_string(l) && json_is_string(r)) {
		struct fa_buf b = FA_BUF_INIT;

		fa_buf_add(&b, json_string_value(l), json_string_length(l));
		fa_buf_add(&b, json_string_value(r), json_string_length(r));
		*ret = json_stringn(b.buf, b.len);
		fa_buf_release(&b);
	} else if (!json_is_number(l) || !json_is_number(r)) {
		s = fa_fail(ev, "'%s' needs numbers, not %s and %s", opname[e->op],
			    fa_type_name(l), fa_type_name(r));
	} else if (json_is_integer(l) && json_is_integer(r)) {
		json_int_t x = json_integer_value(l), y = json_integer_value(r), z = 0;
		bool ovf = false;

		switch (e->op) {
		case FA_AR_ADD:
			ovf = __builtin_add_overflow(x, y, &z);
			break;
		case FA_AR_SUB:
			ovf = __builtin_sub_overflow(x, y, &z);
			break;
		case FA_AR_MUL:
			ovf = __builtin_mul_overflow(x, y, &z);
			break;
		default:
			if (y == 0) {
				s = fa_fail(ev, "division by zero");
				goto out;
			}
			/* Exact quotients stay integers; 7 / 2 is 3.5. */
			if ((x == INT64_MIN && y == -1) || x % y != 0) {
				*ret = json_real((double)x / (double)y);
				goto out;
			}
			z = x / y;
			break;
		}
		if (ovf)
			s = fa_fail(ev, "integer overflow in '%s'", opname[e->op]);
		else
			*ret = json_integer(z);
	} else {
		double x = json_number_value(l), y = json_number_value(r), z;

		if (e->op == FA_AR_DIV && y == 0) {
			s = fa_fail(ev, "division by zero");
			goto out;
		}
		z = e->op == FA_AR_ADD ? x + y : e->op == FA_AR_SUB ? x - y
					   : e->op == FA_AR_MUL ? x * y : x / y;
		*ret = json_real(z);
		if (!*ret)
			s = fa_fail(ev, "'%s' gave a number out of range", opname[e->op]);
	}
out:
	fa_release(l, lo);
	fa_release(r, ro);
	return s;
}

/*
 * [E for x in L if C]: E for every element x of L for which C holds.  A missing E or C for
 * any element makes the whole list missing, as a missing element of a literal list does.
 */
static enum fa_eval_status fa_eval_comp(const struct fa_expr *e, struct fa_eval *ev,
					json_t **ret)
{
	const json_t *saved = ev->local[e->local];
	enum fa_eval_status s;
	json_t *list = NULL, *out, *x, *v;
	bool lo;
	size_t i;

	s = fa_eval_lend(e->kids[1], ev, &list, &lo);
	if (s != FA_EVAL_VALUE)
		return s;
	if (!json_is_array(list)) {
		s = fa_fail(ev, "'for ... in' needs a list, not %s", fa_type_name(list));
		fa_release(list, lo);
		return s;
	}
	out = json_array();
	json_array_foreach(list, i, x) {
		ev->local[e->local] = x;
		if (e->nkids > 2) {
			enum fa_tri t = fa_expr_test(e->kids[2], ev);

			if (t == FA_TRI_FALSE)
				continue;
			if (t != FA_TRI_TRUE) {
				s = t == FA_TRI_MISSING ? FA_EVAL_MISSING : FA_EVAL_ERROR;
				break;
			}
		}
		v = NULL;
		s = fa_eval_node(e->kids[0], ev, &v);
		if (s != FA_EVAL_VALUE)
			break;
		json_array_append_new(out, v);
	}
	ev->local[e->local] = saved;
	fa_release(list, lo);
	if (s != FA_EVAL_VALUE) {
		json_decref(out);
		return s;
	}
	*ret = out;
	return FA_EVAL_VALUE;
}

/* An integer, or a real without a fraction (3.0 from arithmetic), usable as a list index. */
static bool fa_index_value(const json_t *ix, json_int_t *n)
{
	double d;

	if (json_is_integer(ix)) {
		*n = json_integer_value(ix);
		return true;
	}
	if (!json_is_real(ix))
		return false;
	d = json_real_value(ix);
	if (d < -1e15 || d > 1e15 || d != (double)(json_int_t)d)
		return false;
	*n = (json_int_t)d;
	return true;
}

/* Walk the steps of path @e, from step @from on, from @v; *ret is lent (part of @v). */
static enum fa_eval_status fa_eval_steps(const struct fa_expr *e, struct fa_eval *ev,
					 const json_t *v, size_t from, const json_t **ret)
{
	json_int_t n;
	size_t i;

	for (i = from; v && i < e->nsteps; i++) {
		const struct fa_step *st = &e->steps[i];
		enum fa_eval_status s;
		json_t *ix = NULL;

		if (st->key) {
			v = fa_member(v, st->key, st->keylen);
			continue;
		}
		s = fa_eval_node(st->index, ev, &ix);
		if (s != FA_EVAL_VALUE)
			return s;
		if (json_is_string(ix)) {
			v = json_object_get(v, json_string_value(ix));
		} else if (fa_index_value(ix, &n)) {
			v = n >= 0 ? json_array_get(v, (size_t)n) : NULL;
		} else {
			s = fa_fail(ev, "an index in '%s' is %s, not a number or a string",
				    e->text, fa_type_name(ix));
			json_decref(ix);
			return s;
		}
		json_decref(ix);
	}
	if (!v)
		return fa_missing(ev, e->text);
	*ret = v;
	return FA_EVAL_VALUE;
}

static enum fa_eval_status fa_eval_path(const struct fa_expr *e, struct fa_eval *ev,
					json_t **ret)
{
	const json_t *v = e->is_local ? ev->local[e->local] : ev->root[e->root], *out = NULL;
	json_t *base = NULL;
	enum fa_eval_status s;

	if (e->has_base) {
		s = fa_eval_node(e->kids[0], ev, &base);
		if (s != FA_EVAL_VALUE)
			return s;
		v = base;
		s = fa_eval_steps(e, ev, v, 0, &out);
	} else {
		s = fa_path_value(e, ev, &out);
	}
	if (s == FA_EVAL_VALUE)
		*ret = json_incref((json_t *)out);
	json_decref(base);
	return s;
}

/*
 * The value of path @e (no base) for the bindings, through the cache when it has one.  Every
 * prefix of a cached path is cached too: port.health.delta.rx_pause and
 * port.health.delta.tx_pause look up "health" and "delta" once per port, and a port without
 * "health" settles every such path at its first step.  A path with an index caches the keys
 * before it: port.qos.ets.bandwidth[tc] looks up only the index once "ets" is known.
 */
static enum fa_eval_status fa_path_value(const struct fa_expr *e, struct fa_eval *ev,
					 const json_t **ret)
{
	const json_t *v = e->is_local ? ev->local[e->local] : ev->root[e->root];
	size_t n = e->npre, j;
	uint64_t gen = e->root == FA_ROOT_DEVICE ? ev->dgen : ev->gen;

	if (!n || !ev->pgen)
		return fa_eval_steps(e, ev, v, 0, ret);
	/* npre > 0: a binding root, not a comprehension variable. */
	if (ev->rkeys && ev->walked[e->root] != gen) {
		if (fa_root_keys_walks(ev->rkeys, e->root))
			fa_root_keys_walk(ev->rkeys, e->root, v, ev->pcache, ev->pgen, gen);
		ev->walked[e->root] = gen;
	}
	/* The longest prefix already known, from the whole path down to the root. */
	for (j = n; j > 0 && ev->pgen[e->pslots[j - 1] - 1] != gen; j--)
		;
	if (j > 0)
		v = ev->pcache[e->pslots[j - 1] - 1];
	for (; v && j < n; j++) {
		v = fa_member(v, e->steps[j].key, e->steps[j].keylen);
		ev->pgen[e->pslots[j] - 1] = gen;
		ev->pcache[e->pslots[j] - 1] = v;
	}
	if (!v)
		return fa_missing(ev, e->text);
	if (n < e->nsteps)
		return fa_eval_steps(e, ev, v, n, ret);
	*ret = v;
	return FA_EVAL_VALUE;
}

/*
 * Evaluate @e into *ret, lending rather than referencing where it can: a path into the
 * bindings or a literal is returned as it is (*owned false), anything computed as a new
 * reference (*owned true).  Most checks compare a snapshot field with a constant, and
 * lending spares the two atomic reference-count updates each value would cost.
 */
static enum fa_eval_status fa_eval_lend(const struct fa_expr *e, struct fa_eval *ev,
					json_t **ret, bool *owned)
{
	const json_t *v;
	enum fa_eval_status s;

	*owned = false;
	if (e->type == FA_N_LIT) {
		*ret = e->lit;
		return FA_EVAL_VALUE;
	}
	if (e->type == FA_N_PATH && !e->has_base) {
		s = fa_path_value(e, ev, &v);
		if (s == FA_EVAL_VALUE)
			*ret = (json_t *)v;
		return s;
	}
	*owned = true;
	return fa_eval_node(e, ev, ret);
}

static void fa_release(json_t *v, bool owned)
{
	if (owned)
		json_decref(v);
}

static enum fa_eval_status fa_eval_call(const struct fa_expr *e, struct fa_eval *ev,
					json_t **ret)
{
	const struct fa_fn_def *fn = &fa_fns[e->op];
	json_t *args[2] = { NULL, NULL };
	bool owned[2] = { false, false };
	enum fa_eval_status s = FA_EVAL_VALUE;
	const char *saved = ev->missing;
	size_t i;

	if (!(fn->flags & FA_OPF_LAZY)) {
		for (i = 0; i < e->nkids; i++) {
			s = fa_eval_lend(e->kids[i], ev, &args[i], &owned[i]);
			if (s == FA_EVAL_MISSING && (fn->flags & FA_OPF_MISSING_OK)) {
				ev->missing = saved;
				args[i] = NULL;
				s = FA_EVAL_VALUE;
			}
			if (s != FA_EVAL_VALUE)
				goto out;
		}
	}
	s = fn->run(ev, e, args, ret);
out:
	for (i = 0; i < e->nkids && i < 2; i++)
		fa_release(args[i], owned[i]);
	return s;
}

static enum fa_eval_status fa_eval_node(const struct fa_expr *e, struct fa_eval *ev, json_t **ret)
{
	enum fa_eval_status s;
	json_t *v = NULL, *list;
	size_t i;

	switch (e->type) {
	case FA_N_LIT:
		*ret = json_incref(e->lit);
		return FA_EVAL_VALUE;
	case FA_N_PATH:
		return fa_eval_path(e, ev, ret);
	case FA_N_LIST:
		list = json_array();
		for (i = 0; i < e->nkids; i++) {
			s = fa_eval_node(e->kids[i], ev, &v);
			if (s != FA_EVAL_VALUE) {
				json_decref(list);
				return s;
			}
			json_array_append_new(list, v);
		}
		*ret = list;
		return FA_EVAL_VALUE;
	case FA_N_CALL:
		return fa_eval_call(e, ev, ret);
	case FA_N_NOT:
		return fa_tri_result(ev, fa_tri_not(fa_expr_test(e->kids[0], ev)), ret);
	case FA_N_NEG:
		s = fa_eval_node(e->kids[0], ev, &v);
		if (s != FA_EVAL_VALUE)
			return s;
		if (json_is_integer(v) && json_integer_value(v) != INT64_MIN)
			*ret = json_integer(-json_integer_value(v));
		else if (json_is_real(v))
			*ret = json_real(-json_real_value(v));
		else
			s = fa_fail(ev, "'-' needs a number, not %s", fa_type_name(v));
		json_decref(v);
		return s;
	case FA_N_AND:
	case FA_N_OR:
		return fa_tri_result(ev, fa_test_logic(e, ev), ret);
	case FA_N_CMP:
		return fa_eval_cmp(e, ev, ret);
	case FA_N_ARITH:
		return fa_eval_arith(e, ev, ret);
	case FA_N_IN:
	case FA_N_NOT_IN:
		return fa_eval_in(e, ev, ret);
	case FA_N_MATCH:
		return fa_eval_match(e, ev, ret);
	case FA_N_COMP:
		return fa_eval_comp(e, ev, ret);
	}
	return fa_fail(ev, "unknown expression node");
}

enum fa_eval_status fa_expr_eval(const struct fa_expr *e, struct fa_eval *ev, json_t **ret)
{
	json_t *v = NULL;
	enum fa_eval_status s = fa_eval_node(e, ev, &v);

	if (s == FA_EVAL_VALUE)
		*ret = v;
	return s;
}

/* ---- inspection ------------------------------------------------------------------------ */

const char *fa_expr_text(const struct fa_expr *e)
{
	return e->text ? e->text : "";
}

size_t fa_expr_uniform_count(const struct fa_expr *e)
{
	return e->nuniforms;
}

const struct fa_expr *fa_expr_uniform_arg(const struct fa_expr *e, size_t i)
{
	return i < e->nuniforms ? e->uniforms[i]->kids[0] : NULL;
}

void fa_expr_foreach_path(const struct fa_expr *e,
			  void (*fn)(const struct fa_expr *path, void *data), void *data)
{
	size_t i;

	if (e->type == FA_N_PATH && !e->has_base) {
		if (e->root != FA_ROOT_PARAMS && !e->is_local)
			fn(e, data);
		return;
	}
	for (i = 0; i < e->nkids; i++)
		fa_expr_foreach_path(e->kids[i], fn, data);
}

void fa_expr_foreach_path_deep(const struct fa_expr *e,
			       void (*fn)(const struct fa_expr *path, void *data), void *data)
{
	size_t i;

	if (e->type == FA_N_PATH && !e->is_local && !e->has_base)
		fn(e, data);
	for (i = 0; i < e->nsteps; i++)
		if (e->steps[i].index)
			fa_expr_foreach_path_deep(e->steps[i].index, fn, data);
	for (i = 0; i < e->nkids; i++)
		fa_expr_foreach_path_deep(e->kids[i], fn, data);
}

/* The slot of path key @key in @names, numbered from 1 as they come. */
static size_t fa_slot_of(json_t *names, const char *key)
{
	const json_t *id = json_object_get(names, key);

	if (!id) {
		id = json_integer((json_int_t)json_object_size(names) + 1);
		json_object_set_new(names, key, (json_t *)id);
	}
	return (size_t)json_integer_value(id);
}

void fa_expr_assign_slots(struct fa_expr *e, json_t *names)
{
	struct fa_buf key = FA_BUF_INIT;
	bool rooted = e->type == FA_N_PATH && !e->is_local && !e->has_base &&
		      e->root != FA_ROOT_PARAMS;
	size_t i, n = 0;

	/* The leading key steps; the path itself has a slot when it has no index. */
	while (rooted && n < e->nsteps && e->steps[n].key)
		n++;
	if (n) {
		free(e->pslots);
		e->pslots = fa_xcalloc(n, sizeof(*e->pslots));
		fa_buf_addf(&key, "%d", (int)e->root);
		for (i = 0; i < n; i++) {
			fa_buf_addf(&key, ".%s", e->steps[i].key);
			e->pslots[i] = fa_slot_of(names, key.buf);
		}
		e->npre = n;
		if (n == e->nsteps)
			e->slot = e->pslots[n - 1];
	}
	fa_buf_release(&key);
	for (i = 0; i < e->nsteps; i++)
		if (e->steps[i].index)
			fa_expr_assign_slots(e->steps[i].index, names);
	for (i = 0; i < e->nkids; i++)
		fa_expr_assign_slots(e->kids[i], names);
}

/* Add the cached paths under @e to @out (once each); false when @e is not a function of them. */
static bool fa_memo_collect(const struct fa_expr *e, const struct fa_expr **out, size_t *n,
			    size_t max)
{
	size_t i;

	if (e->type == FA_N_CALL && (fa_fns[e->op].flags & (FA_OPF_TOPO | FA_OPF_GROUP)))
		return false;
	if (e->type == FA_N_PATH && !e->is_local && e->root != FA_ROOT_PARAMS) {
		if (e->has_base || !e->slot)
			return false;
		for (i = 0; i < *n && out[i]->slot != e->slot; i++)
			;
		if (i == *n) {
			if (*n == max)
				return false;
			out[(*n)++] = e;
		}
	}
	for (i = 0; i < e->nsteps; i++)
		if (e->steps[i].index && !fa_memo_collect(e->steps[i].index, out, n, max))
			return false;
	for (i = 0; i < e->nkids; i++)
		if (!fa_memo_collect(e->kids[i], out, n, max))
			return false;
	return true;
}

size_t fa_expr_memo_paths(const struct fa_expr *e, const struct fa_expr **out, size_t max)
{
	size_t n = 0;

	return fa_memo_collect(e, out, &n, max) ? n : SIZE_MAX;
}

const json_t *fa_expr_path_peek(const struct fa_expr *path, struct fa_eval *ev)
{
	const char *missing = ev->missing;
	const json_t *v = NULL;

	if (fa_path_value(path, ev, &v) != FA_EVAL_VALUE)
		v = NULL;
	ev->missing = missing;
	return v;
}

size_t fa_expr_conjuncts(const struct fa_expr *e, const struct fa_expr **out, size_t max)
{
	size_t n;

	if (e->type != FA_N_AND) {
		if (max > 0)
			out[0] = e;
		return 1;
	}
	n = fa_expr_conjuncts(e->kids[0], out, max);
	return n + fa_expr_conjuncts(e->kids[1], out + (n < max ? n : max), n < max ? max - n : 0);
}

bool fa_expr_reads_root(const struct fa_expr *e, enum fa_root root)
{
	size_t i;

	if (e->type == FA_N_PATH && !e->is_local && !e->has_base && e->root == root)
		return true;
	for (i = 0; i < e->nsteps; i++)
		if (e->steps[i].index && fa_expr_reads_root(e->steps[i].index, root))
			return true;
	for (i = 0; i < e->nkids; i++)
		if (fa_expr_reads_root(e->kids[i], root))
			return true;
	return false;
}

enum fa_root fa_expr_path_root(const struct fa_expr *path)
{
	return path->root;
}

enum fa_eval_status fa_expr_eval_prefix(const struct fa_expr *path, struct fa_eval *ev,
					json_t **ret)
{
	const json_t *v = path->is_local ? ev->local[path->local] : ev->root[path->root];
	size_t i;

	for (i = 0; v && i < path->nsteps && path->steps[i].key; i++)
		v = fa_member(v, path->steps[i].key, path->steps[i].keylen);
	if (!v)
		return fa_missing(ev, path->text);
	*ret = json_incref((json_t *)v);
	return FA_EVAL_VALUE;
}

static void fa_node_free(struct fa_expr *e)
{
	size_t i;

	if (!e)
		return;
	for (i = 0; i < e->nkids; i++)
		fa_node_free(e->kids[i]);
	free(e->kids);
	for (i = 0; i < e->nsteps; i++) {
		free(e->steps[i].key);
		fa_node_free(e->steps[i].index);
	}
	free(e->steps);
	if (e->has_re)
		regfree(&e->re);
	json_decref(e->lit);
	free(e->text);
	free(e->pslots);
	free(e->uniforms);
	json_decref(e->fields);
	free(e);
}

void fa_expr_free(struct fa_expr *e)
{
	fa_node_free(e);
}

/* ---- lexer ----------------------------------------------------------------------------- */

enum fa_tok_type {
	FA_T_END,
	FA_T_INT,
	FA_T_REAL,
	FA_T_STR,
	FA_T_NAME,
	FA_T_LP,
	FA_T_RP,
	FA_T_LB,
	FA_T_RB,
	FA_T_COMMA,
	FA_T_DOT,
	FA_T_EQ,
	FA_T_NE,
	FA_T_LT,
	FA_T_LE,
	FA_T_GT,
	FA_T_GE,
	FA_T_PLUS,
	FA_T_MINUS,
	FA_T_STAR,
	FA_T_SLASH,
};

struct fa_tok {
	enum fa_tok_type type;
	size_t pos, len;	/* where in the text */
	json_int_t ival;
	double rval;
	struct fa_buf str;	/* FA_T_STR: the decoded string */
};

struct fa_parser {
	const char *s;
	size_t len, pos;	/* lexer cursor: just after the current token */
	size_t prev_end;	/* end of the token consumed last: where a finished node ends */
	struct fa_tok tok;
	const struct fa_expr_opts *opts;
	struct fa_err *err;
	int depth;
	bool in_uniform;
	struct fa_expr **uniforms;
	size_t nuniforms;
	char *locals[FA_EXPR_MAX_LOCALS];	/* comprehension variables in scope, outermost first */
	size_t nlocals;
};

static int fa_perr(struct fa_parser *p, size_t pos, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fa_perr(struct fa_parser *p, size_t pos, const char *fmt, ...)
{
	char msg[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return fa_err_at(p->err, FA_EPARSE, "", 0, (int)pos + 1, "%s", msg);
}

static int fa_lex_string(struct fa_parser *p, size_t start)
{
	char quote = p->s[p->pos++];

	fa_buf_reset(&p->tok.str);
	while (p->pos < p->len && p->s[p->pos] != quote) {
		char c = p->s[p->pos++];

		if (c == '\\') {
			if (p->pos >= p->len)
				break;
			c = p->s[p->pos++];
			switch (c) {
			case 'n':
				c = '\n';
				break;
			case 't':
				c = '\t';
				break;
			case '\\':
			case '\'':
			case '"':
				break;
			default:
				return fa_perr(p, p->pos - 2, "unknown escape '\\%c' in a string",
					       c);
			}
		}
		fa_buf_addch(&p->tok.str, c);
	}
	if (p->pos >= p->len)
		return fa_perr(p, start, "unterminated string");
	p->pos++;
	p->tok.type = FA_T_STR;
	return 0;
}

static int fa_lex_number(struct fa_parser *p, size_t start)
{
	const char *s = p->s;
	size_t i = p->pos;
	bool real = false;
	char buf[64];
	char *end;

	while (i < p->len && isdigit((unsigned char)s[i]))
		i++;
	if (i + 1 < p->len && s[i] == '.' && isdigit((unsigned char)s[i + 1])) {
		real = true;
		for (i++; i < p->len && isdigit((unsigned char)s[i]); i++)
			;
	}
	if (i < p->len && (s[i] == 'e' || s[i] == 'E')) {
		size_t j = i + 1;

		if (j < p->len && (s[j] == '+' || s[j] == '-'))
			j++;
		if (j < p->len && isdigit((unsigned char)s[j])) {
			real = true;
			for (i = j; i < p->len && isdigit((unsigned char)s[i]); i++)
				;
		}
	}
	if (i < p->len && (isalpha((unsigned char)s[i]) || s[i] == '_' ||
			   (s[i] == '.' && i + 1 < p->len && isdigit((unsigned char)s[i + 1]))))
		return fa_perr(p, start, "malformed number (quote versions: '28.39.1002')");
	if (i - start >= sizeof(buf))
		return fa_perr(p, start, "number too long");
	memcpy(buf, s + start, i - start);
	buf[i - start] = '\0';
	errno = 0;
	if (real) {
		p->tok.rval = strtod(buf, &end);
		p->tok.type = FA_T_REAL;
	} else {
		p->tok.ival = strtoll(buf, &end, 10);
		p->tok.type = FA_T_INT;
	}
	if (errno)
		return fa_perr(p, start, "number out of range");
	p->pos = i;
	return 0;
}

/* Read the next token into p->tok. */
static int fa_lex(struct fa_parser *p)
{
	static const struct {
		const char *text;
		enum fa_tok_type type;
	} ops[] = {
		{ "==", FA_T_EQ }, { "!=", FA_T_NE }, { "<=", FA_T_LE }, { ">=", FA_T_GE },
		{ "<", FA_T_LT },  { ">", FA_T_GT },  { "(", FA_T_LP },  { ")", FA_T_RP },
		{ "[", FA_T_LB },  { "]", FA_T_RB },  { ",", FA_T_COMMA }, { ".", FA_T_DOT },
		{ "+", FA_T_PLUS }, { "-", FA_T_MINUS }, { "*", FA_T_STAR }, { "/", FA_T_SLASH },
	};
	const char *s = p->s;
	size_t i, start;
	unsigned char c;

	p->prev_end = p->tok.pos + p->tok.len;
	while (p->pos < p->len && isspace((unsigned char)s[p->pos]))
		p->pos++;
	start = p->tok.pos = p->pos;
	if (p->pos >= p->len) {
		p->tok.type = FA_T_END;
		p->tok.len = 0;
		return 0;
	}
	c = (unsigned char)s[p->pos];
	if (c == '\'' || c == '"') {
		if (fa_lex_string(p, start) < 0)
			return -FA_EPARSE;
	} else if (isdigit(c)) {
		if (fa_lex_number(p, start) < 0)
			return -FA_EPARSE;
	} else if (isalpha(c) || c == '_') {
		while (p->pos < p->len &&
		       (isalnum((unsigned char)s[p->pos]) || s[p->pos] == '_'))
			p->pos++;
		p->tok.type = FA_T_NAME;
	} else {
		for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
			size_t n = strlen(ops[i].text);

			if (p->len - p->pos >= n && memcmp(s + p->pos, ops[i].text, n) == 0) {
				p->tok.type = ops[i].type;
				p->pos += n;
				break;
			}
		}
		if (i == sizeof(ops) / sizeof(ops[0])) {
			if (c == '=')
				return fa_perr(p, start, "'=' is not an operator; compare with '=='");
			if (c == '&' || c == '|' || c == '!')
				return fa_perr(p, start, "unexpected '%c'; write 'and', 'or', 'not'",
					       c);
			if (isprint(c))
				return fa_perr(p, start, "unexpected character '%c'", c);
			return fa_perr(p, start, "unexpected byte 0x%02x", c);
		}
	}
	p->tok.len = p->pos - start;
	return 0;
}

static bool fa_tok_is(const struct fa_parser *p, const char *word)
{
	return p->tok.type == FA_T_NAME && p->tok.len == strlen(word) &&
	       memcmp(p->s + p->tok.pos, word, p->tok.len) == 0;
}

/* Is the token after the current one the word @word?  The lexer state is left as it was. */
static bool fa_peek_is(struct fa_parser *p, const char *word)
{
	size_t pos = p->pos, tpos = p->tok.pos, tlen = p->tok.len, prev_end = p->prev_end;
	enum fa_tok_type type = p->tok.type;
	struct fa_err *err = p->err;
	bool is = false;

	p->err = NULL;
	if (fa_lex(p) == 0)
		is = fa_tok_is(p, word);
	p->err = err;
	p->pos = pos;
	p->prev_end = prev_end;
	p->tok.pos = tpos;
	p->tok.len = tlen;
	p->tok.type = type;
	return is;
}

/* Describe the current token for an error message. */
static void fa_tok_describe(const struct fa_parser *p, char *buf, size_t size)
{
	if (p->tok.type == FA_T_END)
		snprintf(buf, size, "the end of the expression");
	else
		snprintf(buf, size, "'%.*s'", (int)(p->tok.len > 40 ? 40 : p->tok.len),
			 p->s + p->tok.pos);
}

static int fa_expect_tok(struct fa_parser *p, enum fa_tok_type type, const char *what)
{
	char got[64];

	if (p->tok.type == type)
		return fa_lex(p);
	fa_tok_describe(p, got, sizeof(got));
	return fa_perr(p, p->tok.pos, "expected %s, found %s", what, got);
}

/* Report that @what was expected where the current token is. */
static int fa_expect_word(struct fa_parser *p, const char *what)
{
	char got[64];

	fa_tok_describe(p, got, sizeof(got));
	return fa_perr(p, p->tok.pos, "expected %s, found %s", what, got);
}

/* ---- parser ---------------------------------------------------------------------------- */

static struct fa_expr *fa_node_new(enum fa_node type, size_t pos)
{
	struct fa_expr *e = fa_xcalloc(1, sizeof(*e));

	e->type = type;
	e->pos = pos;
	return e;
}

static void fa_node_add(struct fa_expr *e, struct fa_expr *kid)
{
	e->kids = fa_xreallocarray(e->kids, e->nkids + 1, sizeof(*e->kids));
	e->kids[e->nkids++] = kid;
}

static struct fa_expr *fa_node_binary(enum fa_node type, int op, struct fa_expr *l,
				      struct fa_expr *r)
{
	struct fa_expr *e = fa_node_new(type, l->pos);

	e->op = op;
	fa_node_add(e, l);
	fa_node_add(e, r);
	return e;
}

static struct fa_expr *fa_node_lit(json_t *v, size_t pos)
{
	struct fa_expr *e = fa_node_new(FA_N_LIT, pos);

	e->lit = v;
	return e;
}

static struct fa_expr *fa_parse_expr(struct fa_parser *p);

/* Give a finished node its source text (what error messages and "missing" quote). */
static struct fa_expr *fa_done(struct fa_parser *p, struct fa_expr *e)
{
	if (e && !e->text)
		e->text = fa_xstrndup(p->s + e->pos, p->prev_end > e->pos ? p->prev_end - e->pos : 0);
	return e;
}

static const struct {
	const char *name;
	enum fa_root root;
} fa_root_names[] = {
	{ "device", FA_ROOT_DEVICE },
	{ "fabric", FA_ROOT_FABRIC },
	{ "finding", FA_ROOT_FINDING },
	{ "group", FA_ROOT_GROUP },
	{ "item", FA_ROOT_ITEM },
	{ "link", FA_ROOT_LINK },
	{ "majority", FA_ROOT_MAJORITY },
	{ "params", FA_ROOT_PARAMS },
	{ "plan", FA_ROOT_PLAN },
	{ "port", FA_ROOT_PORT },
};

/* The roots a rule may use, for "unknown name" messages. */
static void fa_roots_describe(unsigned roots, char *buf, size_t size)
{
	size_t i, off = 0;

	buf[0] = '\0';
	if (roots & (FA_ROOT_BIT(FA_ROOT_A_PORT) | FA_ROOT_BIT(FA_ROOT_A_DEVICE)))
		off += (size_t)snprintf(buf + off, size - off, "a, b, ");
	for (i = 0; i < sizeof(fa_root_names) / sizeof(fa_root_names[0]) && off < size; i++)
		if (roots & FA_ROOT_BIT(fa_root_names[i].root))
			off += (size_t)snprintf(buf + off, size - off, "%s, ",
						fa_root_names[i].name);
	if (off >= 2 && off < size)
		buf[off - 2] = '\0';
}

/* The .name and [index] steps after a path's start; *end is where the last one ends. */
static int fa_parse_steps(struct fa_parser *p, struct fa_expr *e, size_t *end)
{
	while (p->tok.type == FA_T_DOT || p->tok.type == FA_T_LB) {
		struct fa_step st = { NULL, 0, NULL, p->tok.pos };

		if (p->tok.type == FA_T_DOT) {
			if (fa_lex(p) < 0)
				return -FA_EPARSE;
			if (p->tok.type != FA_T_NAME) {
				fa_expect_tok(p, FA_T_NAME, "a field name after '.'");
				return -FA_EPARSE;
			}
			st.key = fa_xstrndup(p->s + p->tok.pos, p->tok.len);
			st.keylen = p->tok.len;
			st.pos = p->tok.pos;
			if (!e->is_local && !e->has_base && e->root == FA_ROOT_PARAMS &&
			    e->nsteps == 0 && p->opts->params &&
			    !json_object_get(p->opts->params, st.key)) {
				fa_perr(p, p->tok.pos, "unknown parameter '%s'", st.key);
				free(st.key);
				return -FA_EPARSE;
			}
			*end = p->pos;
			if (fa_lex(p) < 0) {
				free(st.key);
				return -FA_EPARSE;
			}
		} else {
			if (fa_lex(p) < 0)
				return -FA_EPARSE;
			st.index = fa_parse_expr(p);
			if (!st.index)
				return -FA_EPARSE;
			if (p->tok.type != FA_T_RB) {
				fa_expect_tok(p, FA_T_RB, "']'");
				fa_node_free(st.index);
				return -FA_EPARSE;
			}
			*end = p->pos;
			if (fa_lex(p) < 0) {
				fa_node_free(st.index);
				return -FA_EPARSE;
			}
		}
		e->steps = fa_xreallocarray(e->steps, e->nsteps + 1, sizeof(*e->steps));
		e->steps[e->nsteps++] = st;
	}
	return 0;
}

static struct fa_expr *fa_parse_path(struct fa_parser *p)
{
	size_t start = p->tok.pos, end, i;
	char name[32], allowed[160];
	struct fa_expr *e;
	int root = -1;

	snprintf(name, sizeof(name), "%.*s", (int)(p->tok.len < 31 ? p->tok.len : 31),
		 p->s + p->tok.pos);
	for (i = p->nlocals; i-- > 0;) {
		if (strlen(p->locals[i]) == p->tok.len &&
		    memcmp(p->locals[i], p->s + p->tok.pos, p->tok.len) == 0) {
			e = fa_node_new(FA_N_PATH, start);
			e->is_local = true;
			e->local = i;
			goto steps;
		}
	}
	for (i = 0; i < sizeof(fa_root_names) / sizeof(fa_root_names[0]); i++)
		if (strcmp(fa_root_names[i].name, name) == 0)
			root = (int)fa_root_names[i].root;
	if (strcmp(name, "a") == 0 || strcmp(name, "b") == 0) {
		bool is_a = name[0] == 'a', dot;

		if (fa_lex(p) < 0)
			return NULL;
		dot = p->tok.type == FA_T_DOT;
		if (dot && fa_lex(p) < 0)
			return NULL;
		if (dot && fa_tok_is(p, "device"))
			root = is_a ? FA_ROOT_A_DEVICE : FA_ROOT_B_DEVICE;
		else if (dot && fa_tok_is(p, "port"))
			root = is_a ? FA_ROOT_A_PORT : FA_ROOT_B_PORT;
		else {
			fa_perr(p, start, "'%s' is a link end: write %s.device or %s.port", name,
				name, name);
			return NULL;
		}
	}
	if (root < 0 || !(p->opts->roots & FA_ROOT_BIT(root))) {
		fa_roots_describe(p->opts->roots, allowed, sizeof(allowed));
		fa_perr(p, start, "unknown name '%s' (this rule can read: %s)", name, allowed);
		return NULL;
	}
	e = fa_node_new(FA_N_PATH, start);
	e->root = (enum fa_root)root;
steps:
	end = p->pos;
	if (fa_lex(p) < 0 || fa_parse_steps(p, e, &end) < 0)
		goto fail;
	e->text = fa_xstrndup(p->s + start, end - start);
	return e;
fail:
	fa_node_free(e);
	return NULL;
}

static struct fa_expr *fa_parse_call(struct fa_parser *p)
{
	size_t start = p->tok.pos, i;
	struct fa_expr *e = NULL, *arg;
	bool was_in_uniform = p->in_uniform;
	int fn = -1;

	for (i = 0; i < FA_FN_COUNT; i++)
		if (strlen(fa_fns[i].name) == p->tok.len &&
		    memcmp(fa_fns[i].name, p->s + start, p->tok.len) == 0)
			fn = (int)i;
	if (fn < 0) {
		fa_perr(p, start, "unknown function '%.*s'", (int)p->tok.len, p->s + start);
		return NULL;
	}
	if ((fa_fns[fn].flags & FA_OPF_TOPO) && p->opts->no_topo) {
		fa_perr(p, start, "%s() cannot be used here: a path rule reads each hop as a and b",
			fa_fns[fn].name);
		return NULL;
	}
	if (fa_fns[fn].flags & FA_OPF_GROUP) {
		if (!p->opts->allow_uniform) {
			fa_perr(p, start, "%s() is only valid in the expect of a group-scope rule",
				fa_fns[fn].name);
			return NULL;
		}
		if (p->in_uniform) {
			fa_perr(p, start, "%s() cannot be nested", fa_fns[fn].name);
			return NULL;
		}
		p->in_uniform = true;
	}
	e = fa_node_new(FA_N_CALL, start);
	e->op = fn;
	if (fa_lex(p) < 0 || fa_lex(p) < 0)	/* the name, then '(' */
		goto fail;
	if (p->tok.type != FA_T_RP) {
		for (;;) {
			arg = fa_parse_expr(p);
			if (!arg)
				goto fail;
			fa_node_add(e, arg);
			if (p->tok.type != FA_T_COMMA)
				break;
			if (fa_lex(p) < 0)
				goto fail;
		}
	}
	if (fa_expect_tok(p, FA_T_RP, "')' or ','") < 0)
		goto fail;
	if (e->nkids < fa_fns[fn].min_args || e->nkids > fa_fns[fn].max_args) {
		fa_perr(p, start, "%s() takes %zu argument%s, not %zu", fa_fns[fn].name,
			fa_fns[fn].min_args, fa_fns[fn].min_args == 1 ? "" : "s", e->nkids);
		goto fail;
	}
	p->in_uniform = was_in_uniform;
	if (fn == FA_FN_uniform) {
		e->uindex = p->nuniforms;
		p->uniforms = fa_xreallocarray(p->uniforms, p->nuniforms + 1,
					       sizeof(*p->uniforms));
		p->uniforms[p->nuniforms++] = e;
	}
	/* version('28.39.1002') is a constant: split it once. */
	if (fn == FA_FN_version && e->kids[0]->type == FA_N_LIT &&
	    json_is_string(e->kids[0]->lit)) {
		json_t *lit = e->kids[0]->lit;
		struct fa_expr *folded = fa_node_lit(
			fa_version_split(json_string_value(lit), json_string_length(lit)), start);

		fa_node_free(e);
		return fa_done(p, folded);
	}
	return fa_done(p, e);
fail:
	p->in_uniform = was_in_uniform;
	fa_node_free(e);
	return NULL;
}

static bool fa_is_name_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/*
 * Is the list that starts here a comprehension?  Its variable must be known before the
 * element is parsed, so look ahead (outside strings and nested brackets) for "for NAME".
 */
static bool fa_scan_comp(const struct fa_parser *p, size_t *name_pos, size_t *name_len)
{
	size_t i, j;
	int depth = 0;
	char quote = 0;

	for (i = p->pos; i < p->len; i++) {
		char c = p->s[i];

		if (quote) {
			if (c == '\\' && i + 1 < p->len)
				i++;
			else if (c == quote)
				quote = 0;
		} else if (c == '\'' || c == '"') {
			quote = c;
		} else if (c == '(' || c == '[') {
			depth++;
		} else if (c == ')' || c == ']') {
			if (depth-- == 0)
				return false;
		} else if (depth == 0 && strncmp(p->s + i, "for", 3) == 0 &&
			   (i == 0 || (!fa_is_name_char(p->s[i - 1]) && p->s[i - 1] != '.')) &&
			   (i + 3 >= p->len || !fa_is_name_char(p->s[i + 3]))) {
			for (j = i + 3; j < p->len && isspace((unsigned char)p->s[j]); j++)
				;
			*name_pos = j;
			while (j < p->len && fa_is_name_char(p->s[j]))
				j++;
			*name_len = j - *name_pos;
			return *name_len > 0;
		}
	}
	return false;
}

static bool fa_is_reserved(const char *name)
{
	static const char *const words[] = {
		"a", "and", "b", "false", "for", "if", "in", "matches", "not", "null", "or", "true",
	};
	size_t i;

	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (strcmp(words[i], name) == 0)
			return true;
	for (i = 0; i < sizeof(fa_root_names) / sizeof(fa_root_names[0]); i++)
		if (strcmp(fa_root_names[i].name, name) == 0)
			return true;
	return false;
}

/* [E for NAME in L] or [E for NAME in L if C]; the current token is '['. */
static struct fa_expr *fa_parse_comp(struct fa_parser *p, size_t name_pos, size_t name_len)
{
	struct fa_expr *e = fa_node_new(FA_N_COMP, p->tok.pos), *kid;
	char *name = fa_xstrndup(p->s + name_pos, name_len);
	bool pushed = false;

	if (fa_is_reserved(name)) {
		fa_perr(p, name_pos, "'%s' cannot name a comprehension variable", name);
		goto fail;
	}
	if (p->nlocals == FA_EXPR_MAX_LOCALS) {
		fa_perr(p, e->pos, "comprehensions nested more than %d deep", FA_EXPR_MAX_LOCALS);
		goto fail;
	}
	e->local = p->nlocals;
	p->locals[p->nlocals++] = name;
	pushed = true;
	if (fa_lex(p) < 0 || !(kid = fa_parse_expr(p)))
		goto fail;
	fa_node_add(e, kid);
	if (!fa_tok_is(p, "for")) {
		fa_expect_word(p, "'for'");
		goto fail;
	}
	/* The scan found this name after this "for". */
	if (fa_lex(p) < 0 || fa_lex(p) < 0)
		goto fail;
	if (!fa_tok_is(p, "in")) {
		fa_expect_word(p, "'in' after the variable");
		goto fail;
	}
	if (fa_lex(p) < 0 || !(kid = fa_parse_expr(p)))
		goto fail;
	fa_node_add(e, kid);
	if (fa_tok_is(p, "if")) {
		if (fa_lex(p) < 0 || !(kid = fa_parse_expr(p)))
			goto fail;
		fa_node_add(e, kid);
	}
	if (fa_expect_tok(p, FA_T_RB, "']'") < 0)
		goto fail;
	p->locals[--p->nlocals] = NULL;
	free(name);
	return fa_done(p, e);
fail:
	if (pushed)
		p->locals[--p->nlocals] = NULL;
	free(name);
	fa_node_free(e);
	return NULL;
}

/* Steps after a call: peer(port).mtu reads "mtu" of what peer(port) gives. */
static struct fa_expr *fa_parse_postfix(struct fa_parser *p, struct fa_expr *base)
{
	struct fa_expr *e;
	size_t end = p->prev_end;

	if (!base || (p->tok.type != FA_T_DOT && p->tok.type != FA_T_LB))
		return base;
	e = fa_node_new(FA_N_PATH, base->pos);
	e->has_base = true;
	fa_node_add(e, base);
	if (fa_parse_steps(p, e, &end) < 0) {
		fa_node_free(e);
		return NULL;
	}
	e->text = fa_xstrndup(p->s + e->pos, end - e->pos);
	return e;
}

static struct fa_expr *fa_parse_list(struct fa_parser *p)
{
	struct fa_expr *e, *el;
	size_t i, name_pos, name_len;
	bool all_lit = true;

	if (fa_scan_comp(p, &name_pos, &name_len))
		return fa_parse_comp(p, name_pos, name_len);
	e = fa_node_new(FA_N_LIST, p->tok.pos);

	if (fa_lex(p) < 0)
		goto fail;
	if (p->tok.type != FA_T_RB) {
		for (;;) {
			el = fa_parse_expr(p);
			if (!el)
				goto fail;
			fa_node_add(e, el);
			if (el->type != FA_N_LIT)
				all_lit = false;
			if (p->tok.type != FA_T_COMMA)
				break;
			if (fa_lex(p) < 0)
				goto fail;
		}
	}
	if (fa_expect_tok(p, FA_T_RB, "']' or ','") < 0)
		goto fail;
	if (all_lit) {
		json_t *arr = json_array();
		struct fa_expr *lit;

		for (i = 0; i < e->nkids; i++)
			json_array_append(arr, e->kids[i]->lit);
		lit = fa_node_lit(arr, e->pos);
		fa_node_free(e);
		return fa_done(p, lit);
	}
	return fa_done(p, e);
fail:
	fa_node_free(e);
	return NULL;
}

static struct fa_expr *fa_parse_primary(struct fa_parser *p)
{
	size_t pos = p->tok.pos, i;
	struct fa_expr *e;
	char got[64];

	switch (p->tok.type) {
	case FA_T_INT:
		e = fa_node_lit(json_integer(p->tok.ival), pos);
		break;
	case FA_T_REAL:
		e = fa_node_lit(json_real(p->tok.rval), pos);
		break;
	case FA_T_STR:
		e = fa_node_lit(json_stringn(p->tok.str.buf, p->tok.str.len), pos);
		if (!e->lit) {
			fa_node_free(e);
			fa_perr(p, pos, "a string must be UTF-8 without NUL bytes");
			return NULL;
		}
		break;
	case FA_T_LP:
		if (fa_lex(p) < 0)
			return NULL;
		e = fa_parse_expr(p);
		if (!e)
			return NULL;
		if (fa_expect_tok(p, FA_T_RP, "')'") < 0) {
			fa_node_free(e);
			return NULL;
		}
		e->pos = pos;
		return e;
	case FA_T_LB:
		return fa_parse_list(p);
	case FA_T_NAME:
		if (fa_tok_is(p, "true") || fa_tok_is(p, "false")) {
			e = fa_node_lit(json_boolean(fa_tok_is(p, "true")), pos);
			break;
		}
		if (fa_tok_is(p, "null")) {
			e = fa_node_lit(json_null(), pos);
			break;
		}
		if (fa_tok_is(p, "and") || fa_tok_is(p, "or") || fa_tok_is(p, "in") ||
		    fa_tok_is(p, "matches") || fa_tok_is(p, "not") || fa_tok_is(p, "for") ||
		    fa_tok_is(p, "if")) {
			fa_tok_describe(p, got, sizeof(got));
			fa_perr(p, pos, "expected a value, found %s", got);
			return NULL;
		}
		for (i = p->pos; i < p->len && isspace((unsigned char)p->s[i]); i++)
			;
		if (i < p->len && p->s[i] == '(')
			return fa_parse_postfix(p, fa_parse_call(p));
		return fa_parse_path(p);
	default:
		fa_tok_describe(p, got, sizeof(got));
		fa_perr(p, pos, "expected a value, found %s", got);
		return NULL;
	}
	if (fa_lex(p) < 0) {
		fa_node_free(e);
		return NULL;
	}
	return fa_done(p, e);
}

static struct fa_expr *fa_parse_unary(struct fa_parser *p)
{
	size_t pos = p->tok.pos;
	struct fa_expr *e, *kid;

	if (p->tok.type != FA_T_MINUS)
		return fa_parse_primary(p);
	if (++p->depth > FA_EXPR_MAX_DEPTH) {
		fa_perr(p, pos, "expression nested too deeply");
		return NULL;
	}
	if (fa_lex(p) < 0)
		return NULL;
	kid = fa_parse_unary(p);
	p->depth--;
	if (!kid)
		return NULL;
	if (kid->type == FA_N_LIT && json_is_integer(kid->lit) &&
	    json_integer_value(kid->lit) != INT64_MIN) {
		json_t *v = json_integer(-json_integer_value(kid->lit));

		fa_node_free(kid);
		return fa_done(p, fa_node_lit(v, pos));
	}
	if (kid->type == FA_N_LIT && json_is_real(kid->lit)) {
		json_t *v = json_real(-json_real_value(kid->lit));

		fa_node_free(kid);
		return fa_done(p, fa_node_lit(v, pos));
	}
	e = fa_node_new(FA_N_NEG, pos);
	fa_node_add(e, kid);
	return fa_done(p, e);
}

static struct fa_expr *fa_parse_product(struct fa_parser *p)
{
	struct fa_expr *l = fa_parse_unary(p), *r;

	while (l && (p->tok.type == FA_T_STAR || p->tok.type == FA_T_SLASH)) {
		int op = p->tok.type == FA_T_STAR ? FA_AR_MUL : FA_AR_DIV;

		if (fa_lex(p) < 0 || !(r = fa_parse_unary(p))) {
			fa_node_free(l);
			return NULL;
		}
		l = fa_done(p, fa_node_binary(FA_N_ARITH, op, l, r));
	}
	return l;
}

static struct fa_expr *fa_parse_sum(struct fa_parser *p)
{
	struct fa_expr *l = fa_parse_product(p), *r;

	while (l && (p->tok.type == FA_T_PLUS || p->tok.type == FA_T_MINUS)) {
		int op = p->tok.type == FA_T_PLUS ? FA_AR_ADD : FA_AR_SUB;

		if (fa_lex(p) < 0 || !(r = fa_parse_product(p))) {
			fa_node_free(l);
			return NULL;
		}
		l = fa_done(p, fa_node_binary(FA_N_ARITH, op, l, r));
	}
	return l;
}

static bool fa_is_version_call(const struct fa_expr *e)
{
	return e->type == FA_N_CALL && e->op == FA_FN_version;
}

/* In version(x) < '28.41.1000' the string is meant as a version too. */
static void fa_cmp_fold_version(struct fa_expr *e)
{
	size_t i;

	for (i = 0; i < 2; i++) {
		struct fa_expr *lit = e->kids[i];

		if (fa_is_version_call(e->kids[1 - i]) && lit->type == FA_N_LIT &&
		    json_is_string(lit->lit)) {
			json_t *v = fa_version_split(json_string_value(lit->lit),
						     json_string_length(lit->lit));

			json_decref(lit->lit);
			lit->lit = v;
		}
	}
}

static int fa_cmp_op(const struct fa_parser *p, enum fa_node *type)
{
	*type = FA_N_CMP;
	switch (p->tok.type) {
	case FA_T_EQ:
		return FA_CMP_EQ;
	case FA_T_NE:
		return FA_CMP_NE;
	case FA_T_LT:
		return FA_CMP_LT;
	case FA_T_LE:
		return FA_CMP_LE;
	case FA_T_GT:
		return FA_CMP_GT;
	case FA_T_GE:
		return FA_CMP_GE;
	default:
		break;
	}
	if (fa_tok_is(p, "in")) {
		*type = FA_N_IN;
		return 0;
	}
	if (fa_tok_is(p, "matches")) {
		*type = FA_N_MATCH;
		return 0;
	}
	return -1;
}

static struct fa_expr *fa_parse_cmp(struct fa_parser *p)
{
	struct fa_expr *l = fa_parse_sum(p), *r, *e;
	enum fa_node type;
	size_t oppos;
	int op, rc;

	if (!l)
		return NULL;
	oppos = p->tok.pos;
	if (fa_tok_is(p, "not") && fa_peek_is(p, "in")) {
		type = FA_N_NOT_IN;
		op = 0;
		if (fa_lex(p) < 0) {
			fa_node_free(l);
			return NULL;
		}
	} else {
		op = fa_cmp_op(p, &type);
		if (op < 0)
			return l;
	}
	if (fa_lex(p) < 0 || !(r = fa_parse_sum(p))) {
		fa_node_free(l);
		return NULL;
	}
	e = fa_done(p, fa_node_binary(type, op, l, r));
	if (type == FA_N_MATCH) {
		char msg[160];

		if (r->type != FA_N_LIT || !json_is_string(r->lit)) {
			fa_perr(p, r->pos, "'matches' needs a quoted regular expression");
			goto fail;
		}
		rc = regcomp(&e->re, json_string_value(r->lit), REG_EXTENDED | REG_NOSUB);
		if (rc != 0) {
			regerror(rc, &e->re, msg, sizeof(msg));
			fa_perr(p, r->pos, "bad regular expression: %s", msg);
			goto fail;
		}
		e->has_re = true;
	}
	if (type == FA_N_CMP)
		fa_cmp_fold_version(e);
	if (fa_cmp_op(p, &type) >= 0 || (fa_tok_is(p, "not") && fa_peek_is(p, "in"))) {
		fa_perr(p, p->tok.pos, "comparisons do not chain (the one at column %zu is "
			"complete); join them with 'and'", oppos + 1);
		goto fail;
	}
	return e;
fail:
	fa_node_free(e);
	return NULL;
}

static struct fa_expr *fa_parse_not(struct fa_parser *p)
{
	size_t pos = p->tok.pos;
	struct fa_expr *e, *kid;

	if (!fa_tok_is(p, "not"))
		return fa_parse_cmp(p);
	if (++p->depth > FA_EXPR_MAX_DEPTH) {
		fa_perr(p, pos, "expression nested too deeply");
		return NULL;
	}
	if (fa_lex(p) < 0)
		return NULL;
	kid = fa_parse_not(p);
	p->depth--;
	if (!kid)
		return NULL;
	e = fa_node_new(FA_N_NOT, pos);
	fa_node_add(e, kid);
	return fa_done(p, e);
}

static struct fa_expr *fa_parse_and(struct fa_parser *p)
{
	struct fa_expr *l = fa_parse_not(p), *r;

	while (l && fa_tok_is(p, "and")) {
		if (fa_lex(p) < 0 || !(r = fa_parse_not(p))) {
			fa_node_free(l);
			return NULL;
		}
		l = fa_done(p, fa_node_binary(FA_N_AND, 0, l, r));
	}
	return l;
}

static struct fa_expr *fa_parse_expr(struct fa_parser *p)
{
	struct fa_expr *l, *r;

	if (++p->depth > FA_EXPR_MAX_DEPTH) {
		fa_perr(p, p->tok.pos, "expression nested too deeply");
		return NULL;
	}
	l = fa_parse_and(p);
	while (l && fa_tok_is(p, "or")) {
		if (fa_lex(p) < 0 || !(r = fa_parse_and(p))) {
			fa_node_free(l);
			l = NULL;
			break;
		}
		l = fa_done(p, fa_node_binary(FA_N_OR, 0, l, r));
	}
	p->depth--;
	return l;
}

/* ---- field check: every model field a path names is in audit/fields.def --------------------- */

/* The fabric binding: { devices, links }, not an entity of the registry. */
#define FA_VK_FABRIC FA_FIELD_ENTITY_COUNT

/*
 * What a value is, as far as the parser can tell: an object of the model (@ent, and @rel the
 * registry path below it, "" for the entity itself) inside @lists levels of lists.  @ent < 0:
 * not known (a parameter, a computed value), so paths into it are not checked.
 */
struct fa_vk {
	int ent;
	int lists;
	char rel[160];
};

struct fa_fcheck {
	struct fa_parser *p;
	json_t *fields;		/* full names of the fields read, in source order, once each */
	struct fa_vk local[FA_EXPR_MAX_LOCALS];	/* what each comprehension variable holds */
};

static void fa_vk_set(struct fa_vk *vk, int ent, int lists, const char *rel)
{
	vk->ent = ent;
	vk->lists = lists;
	snprintf(vk->rel, sizeof(vk->rel), "%s", rel);
}

static void fa_vk_of_root(enum fa_root root, struct fa_vk *vk)
{
	switch (root) {
	case FA_ROOT_DEVICE:
	case FA_ROOT_A_DEVICE:
	case FA_ROOT_B_DEVICE:
		fa_vk_set(vk, FA_FIELD_DEVICE, 0, "");
		break;
	case FA_ROOT_PORT:
	case FA_ROOT_A_PORT:
	case FA_ROOT_B_PORT:
		fa_vk_set(vk, FA_FIELD_PORT, 0, "");
		break;
	case FA_ROOT_LINK:
		fa_vk_set(vk, FA_FIELD_LINK, 0, "");
		break;
	case FA_ROOT_FABRIC:
		fa_vk_set(vk, FA_VK_FABRIC, 0, "");
		break;
	default:
		fa_vk_set(vk, -1, 0, "");
		break;
	}
}

/* Everything but the last dotted segment of @s: its length. */
static size_t fa_parent_len(const char *s)
{
	const char *dot = strrchr(s, '.');

	return dot ? (size_t)(dot - s) : 0;
}

/* Report key step @st of path @e as naming no field; @cand is the registry path it tried. */
static int fa_fcheck_unknown(struct fa_fcheck *c, const struct fa_expr *e, const struct fa_step *st,
			     int ent, const char *cand)
{
	const char *s = c->p->s;
	size_t end = st->pos + st->keylen;
	char sugg[200], hint[300] = "";

	if (ent == FA_VK_FABRIC) {
		snprintf(hint, sizeof(hint), " (fabric has devices and links)");
	} else if (fa_field_suggest((enum fa_field_entity)ent, cand, sugg, sizeof(sugg))) {
		size_t pl = fa_parent_len(cand);

		/* Same parent: show the path as written with its last key corrected. */
		if (pl == fa_parent_len(sugg) && strncmp(cand, sugg, pl) == 0)
			snprintf(hint, sizeof(hint), " (did you mean %.*s%s?)",
				 (int)(st->pos - e->pos), s + e->pos, sugg + pl + (pl ? 1 : 0));
		else
			snprintf(hint, sizeof(hint), " (did you mean %s.%s?)",
				 fa_field_entity_to_string((enum fa_field_entity)ent), sugg);
	}
	if (!hint[0])
		snprintf(hint, sizeof(hint), " (the fields are listed in docs/model.md)");
	return fa_perr(c->p, st->pos, "unknown field '%.*s'%s", (int)(end - e->pos), s + e->pos,
		       hint);
}

static int fa_fcheck_node(struct fa_fcheck *c, const struct fa_expr *e, struct fa_vk *out);

static void fa_fcheck_record(struct fa_fcheck *c, enum fa_field_entity ent, const struct fa_field *f)
{
	char name[200];
	const json_t *v;
	size_t i;

	snprintf(name, sizeof(name), "%s.%s", fa_field_entity_to_string(ent), f->path);
	json_array_foreach(c->fields, i, v)
		if (strcmp(json_string_value(v), name) == 0)
			return;
	json_array_append_new(c->fields, json_string(name));
}

static int fa_fcheck_path(struct fa_fcheck *c, const struct fa_expr *e, struct fa_vk *out)
{
	const struct fa_field *f = NULL;
	struct fa_vk vk, ignored;
	char cand[sizeof(vk.rel)];
	size_t i;

	if (e->has_base) {
		if (fa_fcheck_node(c, e->kids[0], &vk) < 0)
			return -1;
	} else if (e->is_local) {
		vk = c->local[e->local];
	} else {
		fa_vk_of_root(e->root, &vk);
	}
	for (i = 0; i < e->nsteps; i++)
		if (e->steps[i].index && fa_fcheck_node(c, e->steps[i].index, &ignored) < 0)
			return -1;
	for (i = 0; i < e->nsteps && vk.ent >= 0; i++) {
		const struct fa_step *st = &e->steps[i];

		if (st->index) {
			if (vk.lists > 0) {
				vk.lists--;
			} else if (f && f->type == FA_FIELD_MAP) {
				/* A computed key of a map: any key. */
				snprintf(cand, sizeof(cand), "%s.*", vk.rel);
				snprintf(vk.rel, sizeof(vk.rel), "%s", cand);
				f = fa_field_find((enum fa_field_entity)vk.ent, vk.rel);
			} else {
				vk.ent = -1;	/* an item of a list of values */
			}
			continue;
		}
		if (vk.lists > 0) {
			vk.ent = -1;	/* a key of a list: evaluation reports the type */
			break;
		}
		if (vk.ent == FA_VK_FABRIC) {
			if (strcmp(st->key, "devices") == 0)
				fa_vk_set(&vk, FA_FIELD_DEVICE, 1, "");
			else if (strcmp(st->key, "links") == 0)
				fa_vk_set(&vk, FA_FIELD_LINK, 1, "");
			else
				return fa_fcheck_unknown(c, e, st, FA_VK_FABRIC, st->key);
			continue;
		}
		snprintf(cand, sizeof(cand), "%s%s%s", vk.rel, vk.rel[0] ? "." : "", st->key);
		f = fa_field_find((enum fa_field_entity)vk.ent, cand);
		if (!f)
			return fa_fcheck_unknown(c, e, st, vk.ent, cand);
		if (vk.ent == FA_FIELD_DEVICE && strcmp(cand, "ports") == 0) {
			fa_vk_set(&vk, FA_FIELD_PORT, 1, "");
			f = NULL;
		} else if (f->type == FA_FIELD_OBJECTS) {
			snprintf(vk.rel, sizeof(vk.rel), "%s[]", cand);
			vk.lists = 1;
		} else {
			snprintf(vk.rel, sizeof(vk.rel), "%s", cand);
		}
	}
	if (f && vk.ent >= 0 && vk.ent < FA_VK_FABRIC)
		fa_fcheck_record(c, (enum fa_field_entity)vk.ent, f);
	*out = vk;
	return 0;
}

/* Check every path below @e; *out is what @e's value is (ent < 0 when not known). */
static int fa_fcheck_node(struct fa_fcheck *c, const struct fa_expr *e, struct fa_vk *out)
{
	struct fa_vk first, kid;
	size_t i;

	fa_vk_set(out, -1, 0, "");
	if (e->type == FA_N_PATH)
		return fa_fcheck_path(c, e, out);
	if (e->type == FA_N_COMP) {
		struct fa_vk saved = c->local[e->local], src;

		if (fa_fcheck_node(c, e->kids[1], &src) < 0)
			return -1;
		if (src.ent >= 0 && src.lists > 0)
			src.lists--;
		else
			fa_vk_set(&src, -1, 0, "");
		c->local[e->local] = src;
		if (fa_fcheck_node(c, e->kids[0], &kid) < 0 ||
		    (e->nkids > 2 && fa_fcheck_node(c, e->kids[2], &first) < 0)) {
			c->local[e->local] = saved;
			return -1;
		}
		c->local[e->local] = saved;
		if (kid.ent >= 0) {
			*out = kid;
			out->lists++;
		}
		return 0;
	}
	fa_vk_set(&first, -1, 0, "");
	for (i = 0; i < e->nkids; i++) {
		if (fa_fcheck_node(c, e->kids[i], i ? &kid : &first) < 0)
			return -1;
	}
	if (e->type != FA_N_CALL)
		return 0;
	switch (e->op) {
	case FA_FN_flatten:
		if (first.ent >= 0 && first.lists >= 2) {
			*out = first;
			out->lists--;
		}
		break;
	case FA_FN_unique:
		*out = first;
		break;
	case FA_FN_uplinks:
	case FA_FN_downlinks:
		fa_vk_set(out, FA_FIELD_PORT, 1, "");
		break;
	case FA_FN_peer:
		fa_vk_set(out, FA_FIELD_PORT, 0, "");
		break;
	case FA_FN_peer_device:
		fa_vk_set(out, FA_FIELD_DEVICE, 0, "");
		break;
	default:
		break;
	}
	return 0;
}

/*
 * Every path into the model that @e reads must name a field of the registry: a misspelt
 * field would otherwise make every check of the rule "not evaluable", silently.  Paths into
 * params, plan, group and majority are not model fields; a comprehension variable is checked
 * when what it walks over is known (device.ports, fabric.devices, port.gids, uplinks(...)).
 */
static int fa_fields_check(struct fa_parser *p, struct fa_expr *e)
{
	struct fa_fcheck c;
	struct fa_vk out;
	size_t i;

	c.p = p;
	c.fields = json_array();
	for (i = 0; i < FA_EXPR_MAX_LOCALS; i++)
		fa_vk_set(&c.local[i], -1, 0, "");
	if (fa_fcheck_node(&c, e, &out) < 0) {
		json_decref(c.fields);
		return -1;
	}
	e->fields = c.fields;
	return 0;
}

const json_t *fa_expr_fields(const struct fa_expr *e)
{
	return e->fields;
}

int fa_expr_parse(const char *text, const struct fa_expr_opts *opts, struct fa_expr **ret,
		  struct fa_err *err)
{
	struct fa_parser p;
	struct fa_expr *e = NULL;
	char got[64];
	int r = -FA_EPARSE;

	memset(&p, 0, sizeof(p));
	p.s = text;
	p.len = strlen(text);
	p.opts = opts;
	p.err = err;
	fa_buf_init(&p.tok.str, 0);
	if (p.len > FA_EXPR_MAX_LEN) {
		fa_perr(&p, 0, "expression longer than %d characters", FA_EXPR_MAX_LEN);
		goto out;
	}
	if (fa_lex(&p) < 0)
		goto out;
	if (p.tok.type == FA_T_END) {
		fa_perr(&p, 0, "empty expression");
		goto out;
	}
	e = fa_parse_expr(&p);
	if (!e)
		goto out;
	if (p.tok.type != FA_T_END) {
		fa_tok_describe(&p, got, sizeof(got));
		fa_perr(&p, p.tok.pos, "unexpected %s after a complete expression", got);
		goto out;
	}
	if (opts->check_fields && fa_fields_check(&p, e) < 0)
		goto out;
	e->uniforms = FA_TAKE_PTR(p.uniforms);
	e->nuniforms = p.nuniforms;
	*ret = FA_TAKE_PTR(e);
	r = 0;
out:
	fa_node_free(e);
	free(p.uniforms);
	while (p.nlocals)
		free(p.locals[--p.nlocals]);
	fa_buf_release(&p.tok.str);
	return r;
}
