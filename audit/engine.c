/* SPDX-License-Identifier: MIT */
/*
 * The rule engine: evaluates a rule set on a snapshot and builds the report value
 * (docs/report.md).
 *
 * Policy, in order:
 *   1. The snapshot's devices are indexed by name once; a device whose status is not "ok" is
 *      listed in coverage.failed_devices and never evaluated, nor are links touching it.
 *   2. Each rule runs over the subjects of its scope.  A subject's outcome is decided by
 *      evaluate_subject(): where false is notapplicable; where or expect missing (or of the
 *      wrong type) is notevaluable, recorded with the path that was missing; expect false is
 *      a finding.
 *   3. A group rule first evaluates, for every member, where, the group key and the
 *      arguments of its uniform() calls; then, per group and per uniform(), the majority
 *      value (the most frequent; on a tie the smallest in fa_value_cmp order, so reruns
 *      agree); then expect, where uniform() compares the member's value with the majority.
 *   4. Findings sort by severity, rule id, subject text.  The verdict is fail with a finding
 *      at or above --fail-on, else incomplete when a device was not collected or a check
 *      was not evaluable, else pass; --allow-incomplete changes the exit code, never the
 *      verdict.
 *   5. A rule none of whose subjects was checked (pass, fail or not evaluable) "applied to
 *      no subject": listed in coverage.unmatched_rules with why, never counted as incomplete
 *      (it left nothing of the fabric unchecked: the fabric has nothing it is about).
 *
 * Evaluation works on borrowed snapshot values: binding a port costs a pointer store, and a
 * passing subject allocates nothing beyond what its expressions compute.
 */
#include "config.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "audit/engine.h"
#include "audit/related.h"
#include "audit/rootcause.h"
#include "audit/topology.h"
#include "audit/util/sha256.h"
#include "audit/util/xalloc.h"
#include "rules/memo.h"
#include "rules/plan.h"
#include "rules/root-keys.h"
#include "rules/rule.h"
#include "rules/topo.h"
#include "rules/value-class.h"
#include "rules/waiver.h"
#include "audit/util/banned.h"

/* Is this program the one built in FA_BUILDDIR (a build tree's, not an installed copy)? */
static bool fa_is_build_tree_binary(void)
{
	char exe[4096], *build;
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	size_t len;
	bool in;

	if (n <= 0)
		return false;
	exe[n] = '\0';
	build = realpath(FA_BUILDDIR, NULL);
	if (!build)
		return false;
	len = strlen(build);
	in = strncmp(exe, build, len) == 0 && exe[len] == '/';
	free(build);
	return in;
}

const char *fa_rules_default_path(void)
{
	const char *env = getenv("FABRIC_AUDIT_RULES");
	struct stat st;

	if (env && *env)
		return env;
	/* A build tree runs its own source's packs: installed ones may be older, or gone. */
	if (fa_is_build_tree_binary())
		return FA_SRCDIR "/rules/packs";
	if (stat(FA_PKGDATADIR "/rules", &st) == 0 && S_ISDIR(st.st_mode))
		return FA_PKGDATADIR "/rules";
	return FA_SRCDIR "/rules/packs";
}

/* ---- evaluating one rule --------------------------------------------------------------- */

enum fa_result { FA_RES_PASS, FA_RES_FAIL, FA_RES_NA, FA_RES_NE };

/* What one subject came to, handed to a sink (the report builder or the example checker). */
struct fa_outcome {
	const struct fa_rule *rule;
	enum fa_result res;
	struct fa_eval *ev;		/* the bindings, for rendering templates */
	const struct fa_subject *subj;
	const char *error;		/* FA_RES_NE: why, when not a missing path */
	const char *missing;		/* FA_RES_NE: the path that was missing */
	const json_t *value;		/* group FA_RES_FAIL: the member's value */
	const json_t *majority;		/* group FA_RES_FAIL: its group's majority */
};

struct fa_sink {
	void (*outcome)(void *data, const struct fa_outcome *o);
	void *data;
};

static void fa_emit(const struct fa_sink *sink, const struct fa_rule *r, enum fa_result res,
		    struct fa_eval *ev, const struct fa_subject *subj, enum fa_tri t)
{
	struct fa_outcome o = { r, res, ev, subj, NULL, NULL, NULL, NULL };

	if (res == FA_RES_NE) {
		if (t == FA_TRI_ERROR || !ev->missing)
			o.error = ev->error[0] ? ev->error : "not evaluable";
		else
			o.missing = ev->missing;
	}
	sink->outcome(sink->data, &o);
}

/* fa_expr_test(e, ev), through memo @m when there is one. */
static enum fa_tri fa_test(const struct fa_expr *e, struct fa_memo *m, struct fa_eval *ev)
{
	return m ? fa_memo_test(m, ev) : fa_expr_test(e, ev);
}

/*
 * Decide one subject of a device, port or link rule; ev holds its bindings.  @memo: NULL, or
 * the memos of the rule's where and expect.
 */
static void fa_evaluate_subject(const struct fa_rule *r, struct fa_eval *ev,
				const struct fa_subject *subj, const struct fa_sink *sink,
				struct fa_memo *memo)
{
	enum fa_tri t;

	ev->missing = NULL;
	ev->error[0] = '\0';
	if (r->where) {
		t = fa_test(r->where, memo ? &memo[0] : NULL, ev);
		if (t == FA_TRI_FALSE) {
			fa_emit(sink, r, FA_RES_NA, ev, subj, t);
			return;
		}
		if (t != FA_TRI_TRUE) {
			fa_emit(sink, r, FA_RES_NE, ev, subj, t);
			return;
		}
	}
	t = fa_test(r->expect, memo ? &memo[1] : NULL, ev);
	switch (t) {
	case FA_TRI_TRUE:
		fa_emit(sink, r, FA_RES_PASS, ev, subj, t);
		break;
	case FA_TRI_FALSE:
		fa_emit(sink, r, FA_RES_FAIL, ev, subj, t);
		break;
	default:
		fa_emit(sink, r, FA_RES_NE, ev, subj, t);
		break;
	}
}

static const char *fa_name_or(const json_t *obj)
{
	const char *n = json_string_value(json_object_get(obj, "name"));

	return n ? n : "?";
}

struct fa_member {
	const json_t *dev, *port;
	json_t *key;		/* group key, owned; NULL: not in a group */
};

/* Bind member @m; @devname and @portname name it (NULL: read from its objects). */
static void fa_member_bind(struct fa_eval *ev, const struct fa_member *m,
			   struct fa_subject *subj, const char *devname, const char *portname)
{
	ev->root[FA_ROOT_DEVICE] = m->dev;
	ev->root[FA_ROOT_PORT] = m->port;
	ev->missing = NULL;
	ev->error[0] = '\0';
	/* Names are not kept with the members: 16 bytes each, times millions of them. */
	subj->dev = devname ? devname : fa_name_or(m->dev);
	subj->port = portname ? portname : m->port ? fa_name_or(m->port) : NULL;
	subj->group = m->key;
}

/*
 * A group rule in two phases (see the policy at the top): fa_group_add() takes one member at
 * a time, in subject order, while its device and port are at hand (where, the group key and
 * the uniform() arguments: everything that reads the member); fa_group_finish() then forms
 * the groups, their majorities, and decides every member from the values kept.
 */
struct fa_group {
	const struct fa_rule *r;
	const json_t *params;
	size_t nu;			/* uniform() calls in expect */
	struct fa_member *m;		/* members in a group (others are already decided) */
	json_t **vals;			/* nu per member: the uniform() arguments (owned) */
	const char **miss;		/* nu per member: the path that was missing */
	size_t n, alloc;
	const struct fa_topo *topo;	/* what the members were evaluated with, for templates */
};

static void fa_group_init(struct fa_group *g, const struct fa_rule *r, const json_t *params)
{
	memset(g, 0, sizeof(*g));
	g->r = r;
	g->params = params;
	g->nu = fa_expr_uniform_count(r->expect);
}

/* Room for @extra more members. */
static void fa_group_reserve(struct fa_group *g, size_t extra)
{
	if (g->n + extra <= g->alloc)
		return;
	g->alloc = g->alloc ? g->alloc * 2 : 64;
	if (g->alloc < g->n + extra)
		g->alloc = g->n + extra;
	g->m = fa_xreallocarray(g->m, g->alloc, sizeof(*g->m));
	g->vals = fa_xreallocarray(g->vals, g->alloc * g->nu + 1, sizeof(*g->vals));
	g->miss = fa_xreallocarray(g->miss, g->alloc * g->nu + 1, sizeof(*g->miss));
}

/* Move the members of @src (the same rule, later subjects) after those of @dst. */
static void fa_group_absorb(struct fa_group *dst, struct fa_group *src)
{
	size_t i, nu = dst->nu;

	fa_group_reserve(dst, src->n);
	if (!dst->topo)
		dst->topo = src->topo;
	for (i = 0; i < src->n; i++) {
		dst->m[dst->n] = src->m[i];
		memcpy(&dst->vals[dst->n * nu], &src->vals[i * nu], nu * sizeof(*dst->vals));
		memcpy(&dst->miss[dst->n * nu], &src->miss[i * nu], nu * sizeof(*dst->miss));
		dst->n++;
	}
	free(src->m);
	free(src->vals);
	free(src->miss);
	memset(src, 0, sizeof(*src));
}

/* @ev: the evaluation to use (its path cache, topology), bound here to the member. */
static void fa_group_add(struct fa_group *g, const struct fa_member *mem, const char *devname,
			 const char *portname, struct fa_eval *ev, const struct fa_sink *sink,
			 struct fa_memo *where_memo)
{
	const struct fa_rule *r = g->r;
	struct fa_subject subj = { .scope = FA_SCOPE_GROUP };
	json_t *key = NULL, **vals;
	size_t u, nu = g->nu;
	enum fa_tri t;

	fa_group_reserve(g, 1);
	g->topo = ev->topo;
	ev->root[FA_ROOT_PARAMS] = g->params;
	fa_member_bind(ev, mem, &subj, devname, portname);
	subj.group = NULL;
	if (r->where) {
		t = fa_test(r->where, where_memo, ev);
		if (t != FA_TRI_TRUE) {
			fa_emit(sink, r, t == FA_TRI_FALSE ? FA_RES_NA : FA_RES_NE, ev, &subj, t);
			return;
		}
	}
	switch (fa_expr_eval(r->group_by, ev, &key)) {
	case FA_EVAL_VALUE:
		break;
	case FA_EVAL_MISSING:
		fa_emit(sink, r, FA_RES_NE, ev, &subj, FA_TRI_MISSING);
		return;
	default:
		fa_emit(sink, r, FA_RES_NE, ev, &subj, FA_TRI_ERROR);
		return;
	}
	vals = &g->vals[g->n * nu];
	for (u = 0; u < nu; u++) {
		enum fa_eval_status s;

		vals[u] = NULL;
		g->miss[g->n * nu + u] = NULL;
		ev->missing = NULL;
		s = fa_expr_eval(fa_expr_uniform_arg(r->expect, u), ev, &vals[u]);
		if (s == FA_EVAL_MISSING)
			g->miss[g->n * nu + u] = ev->missing;
		if (s == FA_EVAL_ERROR)
			break;
	}
	if (u < nu) {
		while (u-- > 0)
			json_decref(vals[u]);
		subj.group = key;
		fa_emit(sink, r, FA_RES_NE, ev, &subj, FA_TRI_ERROR);
		json_decref(key);
		return;
	}
	g->m[g->n] = *mem;
	g->m[g->n].key = key;
	g->n++;
}

/*
 * The members of @g group by group (groups in the order of their first member, members in
 * subject order): order[] lists member indexes, cls[i] is the index of the first member
 * whose key equals member i's.
 */
static void fa_group_order(const struct fa_group *g, size_t *cls, size_t *order)
{
	size_t n = g->n, i, pos = 0, *start = fa_xcalloc(n + 1, sizeof(*start));
	json_t **keys = fa_xcalloc(n + 1, sizeof(*keys));

	for (i = 0; i < n; i++)
		keys[i] = g->m[i].key;
	fa_value_classes(keys, n, cls);
	for (i = 0; i < n; i++)
		start[cls[i]]++;
	for (i = 0; i < n; i++) {
		size_t count = start[i];

		if (cls[i] != i)
			continue;
		start[i] = pos;
		pos += count;
	}
	for (i = 0; i < n; i++)
		order[start[cls[i]]++] = i;
	free(start);
	free(keys);
}

static void fa_group_finish(struct fa_group *g, const struct fa_sink *sink)
{
	const struct fa_rule *r = g->r;
	size_t nu = g->nu, n = g->n, i, j, u, k;
	struct fa_subject subj = { .scope = FA_SCOPE_GROUP };
	struct fa_eval ev = FA_EVAL_INIT;
	size_t *cls = fa_xcalloc(n + 1, sizeof(*cls)), *order = fa_xcalloc(n + 1, sizeof(*order));
	json_t **maj = fa_xcalloc(n * nu + 1, sizeof(*maj));
	json_t **tmp = fa_xcalloc(n + 1, sizeof(*tmp));
	enum fa_tri t;

	ev.root[FA_ROOT_PARAMS] = g->params;
	ev.topo = g->topo;

	/* Groups are the classes of equal keys; each uniform() gets its majority per group. */
	fa_group_order(g, cls, order);
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && cls[order[j]] == cls[order[i]]; j++)
			;
		for (u = 0; u < nu; u++) {
			size_t nv = 0;
			json_t *best;

			for (k = i; k < j; k++)
				if (g->vals[order[k] * nu + u])
					tmp[nv++] = g->vals[order[k] * nu + u];
			best = fa_value_majority(tmp, nv);
			for (k = i; k < j; k++)
				maj[order[k] * nu + u] = best;
		}
	}

	for (i = 0; i < n; i++) {
		fa_member_bind(&ev, &g->m[i], &subj, NULL, NULL);
		ev.uvalue = &g->vals[i * nu];
		ev.umissing = &g->miss[i * nu];
		ev.umajority = &maj[i * nu];
		ev.root[FA_ROOT_GROUP] = g->m[i].key;
		t = fa_expr_test(r->expect, &ev);
		if (t == FA_TRI_FALSE) {
			struct fa_outcome o = { r, FA_RES_FAIL, &ev, &subj,
						NULL, NULL, NULL, NULL };

			/* The first uniform() that disagrees explains the finding. */
			for (u = 0; u < nu; u++) {
				json_t *v = g->vals[i * nu + u], *mj = maj[i * nu + u];

				if (v && mj && !fa_value_equal(v, mj)) {
					o.value = v;
					o.majority = mj;
					break;
				}
			}
			ev.root[FA_ROOT_MAJORITY] = o.majority;
			sink->outcome(sink->data, &o);
			ev.root[FA_ROOT_MAJORITY] = NULL;
		} else {
			fa_emit(sink, r, t == FA_TRI_TRUE ? FA_RES_PASS : FA_RES_NE, &ev, &subj, t);
		}
	}

	for (i = 0; i < n; i++)
		json_decref(g->m[i].key);
	for (i = 0; i < n * nu; i++)
		json_decref(g->vals[i]);
	free(g->m);
	free(g->vals);
	free(g->miss);
	free(maj);
	free(tmp);
	free(cls);
	free(order);
	memset(g, 0, sizeof(*g));
}

/* Evaluate a group rule over @m (members in subject order). */
static void fa_evaluate_group(const struct fa_rule *r, const json_t *params, struct fa_member *m,
			      size_t n, const struct fa_sink *sink)
{
	struct fa_eval ev = FA_EVAL_INIT;
	struct fa_group g;
	size_t i;

	fa_group_init(&g, r, params);
	for (i = 0; i < n; i++)
		fa_group_add(&g, &m[i], NULL, NULL, &ev, sink, NULL);
	fa_group_finish(&g, sink);
}

/* ---- the run --------------------------------------------------------------------------- */

struct fa_dev {
	const json_t *json;
	const char *name;
	bool ok;
	unsigned pbit;		/* fa_platform_bit() of its platform */
};

/* Platform bits a report names: those of drivers' fa_platforms[], and "other". */
#define FA_PBITS (FA_PLATFORM_OTHER + 1)

struct fa_counts {
	size_t pass, fail, ne, na, waived;
	size_t platform_na[FA_PBITS];	/* subjects on platforms the rule does not select */
};

/* Does @r select subjects of device @d?  One bit test, in the loops below. */
static bool fa_rule_selects(const struct fa_rule *r, const struct fa_dev *d)
{
	return (r->platforms >> d->pbit) & 1u;
}

/* A finding and its sort key. */
struct fa_found {
	int severity;
	const char *rule;
	char *subject_text;
	size_t seq;
	json_t *obj;
	bool waived;
};

struct fa_run {
	const struct fa_ruleset *rs;
	const struct fa_engine_opts *opts;
	struct fa_dev *devs;
	size_t ndevs;
	json_t *dev_ix;		/* device name -> index in devs */
	const json_t *links;
	struct fa_found *found;
	size_t nfound, afound;
	json_t *not_evaluable;		/* of the rule being run */
	struct fa_counts *counts;	/* of the rule being run */
	struct fa_buf text;
	struct fa_topo *topo;
	struct fa_root_keys *rkeys;	/* for the path caches */
	json_t *fabric;			/* the "fabric" binding, built on first use */
	const struct fa_plan *plan;
	struct fa_plan_subject *psubj;	/* the plan compared with the snapshot, on first use */
	size_t npsubj;
	bool plan_compared;
	const struct fa_waivers *waivers;
	size_t *waiver_hits;
	time_t now;
	bool examples;			/* running a rule's example: declared parameters */
	const json_t *example_params;	/* ... with the example's own "params" applied */
};

/* The report's subject object. */
static json_t *fa_subject_json(const struct fa_subject *s)
{
	json_t *o = json_object(), *end;

	switch (s->scope) {
	case FA_SCOPE_PATH:
		json_object_set_new(o, "type", json_string("path"));
		end = json_object();
		json_object_set_new(end, "device", json_string(s->dev ? s->dev : ""));
		json_object_set_new(end, "port", json_string(s->port ? s->port : ""));
		json_object_set_new(o, "endpoint", end);
		/* fall through - to the hop */
	case FA_SCOPE_LINK:
	case FA_SCOPE_PLAN:
		if (s->scope != FA_SCOPE_PATH)
			json_object_set_new(o, "type", json_string("link"));
		end = json_object();
		json_object_set_new(end, "device", json_string(s->adev ? s->adev : ""));
		json_object_set_new(end, "port", json_string(s->aport ? s->aport : ""));
		json_object_set_new(o, "a", end);
		end = json_object();
		json_object_set_new(end, "device", json_string(s->bdev ? s->bdev : ""));
		json_object_set_new(end, "port", json_string(s->bport ? s->bport : ""));
		json_object_set_new(o, "b", end);
		return o;
	case FA_SCOPE_GROUP:
		json_object_set_new(o, "type", json_string("group"));
		json_object_set_new(o, "group", s->group ? json_deep_copy(s->group) : json_null());
		break;
	case FA_SCOPE_FABRIC:
		json_object_set_new(o, "type", json_string("fabric"));
		if (s->dev)
			json_object_set_new(o, "device", json_string(s->dev));
		if (s->item)
			json_object_set_new(o, "item", json_string(s->item));
		return o;
	default:
		json_object_set_new(o, "type", json_string(fa_scope_to_string(s->scope)));
		break;
	}
	json_object_set_new(o, "device", json_string(s->dev ? s->dev : ""));
	if (s->port)
		json_object_set_new(o, "port", json_string(s->port));
	return o;
}

struct fa_paths_text {
	struct fa_eval *ev;
	struct fa_buf *out;
	const char *seen[16];
	size_t nseen;
};

static void fa_path_text(const struct fa_expr *path, void *data)
{
	struct fa_paths_text *pt = data;
	const char *text = fa_expr_text(path);
	json_t *v = NULL;
	size_t i;

	for (i = 0; i < pt->nseen; i++)
		if (strcmp(pt->seen[i], text) == 0)
			return;
	if (pt->nseen < sizeof(pt->seen) / sizeof(pt->seen[0]))
		pt->seen[pt->nseen++] = text;
	if (pt->out->len)
		fa_buf_adds(pt->out, ", ");
	fa_buf_addf(pt->out, "%s=", text);
	if (fa_expr_eval(path, pt->ev, &v) == FA_EVAL_VALUE) {
		fa_value_text(v, pt->out);
		json_decref(v);
	} else {
		fa_buf_adds(pt->out, "(missing)");
	}
}

static json_t *fa_buf_json(struct fa_buf *b)
{
	json_t *s = json_stringn(b->buf, b->len);

	fa_buf_reset(b);
	return s ? s : json_string("?");
}

/* The first waiver in force covering the finding @f: its index, or -1. */
static long fa_run_waiver(struct fa_run *run, const struct fa_rule *rule, const char *subject)
{
	size_t i;

	for (i = 0; run->waivers && i < run->waivers->n; i++) {
		const struct fa_waiver *w = &run->waivers->v[i];

		if (!fa_waiver_is_expired(w, run->now) && fa_waiver_covers(w, rule, subject))
			return (long)i;
	}
	return -1;
}

/* Build the finding of @o; returns whether a waiver covers it. */
static bool fa_run_finding(struct fa_run *run, const struct fa_outcome *o)
{
	const struct fa_rule *r = o->rule;
	const char *saved = o->ev->missing;
	struct fa_buf *b = &run->text;
	json_t *f = json_object(), *fix;
	struct fa_found *fd;

	json_object_set_new(f, "rule", json_string(r->id));
	json_object_set_new(f, "category", json_string(r->category));
	json_object_set_new(f, "severity", json_string(fa_severity_to_string(r->severity)));
	json_object_set_new(f, "title", json_string(r->title));
	json_object_set_new(f, "subject", fa_subject_json(o->subj));

	fa_buf_reset(b);
	fa_subject_text(o->subj, FA_SUBJ_WHOLE, b);
	if (run->nfound == run->afound) {
		run->afound = run->afound ? run->afound * 2 : 64;
		run->found = fa_xreallocarray(run->found, run->afound, sizeof(*run->found));
	}
	fd = &run->found[run->nfound];
	fd->severity = (int)r->severity;
	fd->rule = r->id;
	fd->subject_text = fa_xstrdup(b->buf);
	fd->seq = run->nfound++;
	fd->obj = f;
	fd->waived = false;
	json_object_set_new(f, "subject_text", fa_buf_json(b));

	if (r->expected)
		fa_tmpl_render(r->expected, o->ev, o->subj, b);
	else if (r->scope == FA_SCOPE_GROUP && o->majority)
		fa_value_text(o->majority, b);
	else
		fa_buf_adds(b, fa_expr_text(r->expect));
	json_object_set_new(f, "expected", fa_buf_json(b));

	if (r->actual) {
		fa_tmpl_render(r->actual, o->ev, o->subj, b);
	} else if (r->scope == FA_SCOPE_GROUP && o->value) {
		fa_value_text(o->value, b);
	} else {
		struct fa_paths_text pt = { o->ev, b, { NULL }, 0 };

		fa_expr_foreach_path(r->expect, fa_path_text, &pt);
		o->ev->missing = saved;
	}
	json_object_set_new(f, "actual", fa_buf_json(b));

	if (r->message) {
		fa_tmpl_render(r->message, o->ev, o->subj, b);
	} else {
		fa_subject_text(o->subj, FA_SUBJ_WHOLE, b);
		fa_buf_addf(b, ": %s", r->title);
	}
	json_object_set_new(f, "message", fa_buf_json(b));
	fix = fa_fix_render(r, o->ev, o->subj);
	if (fix)
		json_object_set_new(f, "fix", fix);

	if (run->waivers) {
		long w = fa_run_waiver(run, r, fd->subject_text);

		if (w >= 0) {
			const struct fa_waiver *wv = &run->waivers->v[w];
			char *where = fa_xasprintf("%s:%d", run->waivers->source, wv->line);

			json_object_set_new(f, "waiver",
					    json_pack("{s:s,s:s,s:s}", "reason", wv->reason,
						      "expires", wv->expires, "source", where));
			free(where);
			run->waiver_hits[w]++;
			fd->waived = true;
		}
	}
	return fd->waived;
}

static void fa_run_outcome(void *data, const struct fa_outcome *o)
{
	struct fa_run *run = data;
	json_t *ne;

	switch (o->res) {
	case FA_RES_PASS:
		run->counts->pass++;
		break;
	case FA_RES_NA:
		run->counts->na++;
		break;
	case FA_RES_FAIL:
		if (fa_run_finding(run, o))
			run->counts->waived++;
		else
			run->counts->fail++;
		break;
	case FA_RES_NE:
		run->counts->ne++;
		ne = json_object();
		json_object_set_new(ne, "rule", json_string(o->rule->id));
		fa_buf_reset(&run->text);
		fa_subject_text(o->subj, FA_SUBJ_WHOLE, &run->text);
		json_object_set_new(ne, "subject", fa_buf_json(&run->text));
		if (o->missing)
			json_object_set_new(ne, "missing", json_string(o->missing));
		else
			json_object_set_new(ne, "error", json_string(o->error));
		json_array_append_new(run->not_evaluable, ne);
		break;
	}
}

static const char *fa_json_name(const json_t *obj)
{
	return json_string_value(json_object_get(obj, "name"));
}

/* Index the devices and check the structure the loops below rely on. */
static int fa_run_index(struct fa_run *run, const json_t *snapshot, struct fa_err *err)
{
	const json_t *devices = json_object_get(snapshot, "devices");
	const json_t *d, *p, *ports, *link;
	size_t i, j;

	if (!json_is_object(snapshot) || !json_is_array(devices))
		return fa_err_set(err, FA_EPARSE, "the snapshot has no 'devices' list");
	run->ndevs = json_array_size(devices);
	run->devs = fa_xcalloc(run->ndevs + 1, sizeof(*run->devs));
	json_array_foreach(devices, i, d) {
		const char *name = fa_json_name(d);
		const char *status = json_string_value(json_object_get(d, "status"));

		if (!name)
			return fa_err_set(err, FA_EPARSE, "snapshot device %zu has no name", i);
		if (json_object_get(run->dev_ix, name))
			return fa_err_set(err, FA_EPARSE, "snapshot device '%s' appears twice",
					  name);
		json_object_set_new(run->dev_ix, name, json_integer((json_int_t)i));
		run->devs[i].json = d;
		run->devs[i].name = name;
		/* No status means the data is there as written (a hand-made snapshot). */
		run->devs[i].ok = !status || strcmp(status, "ok") == 0;
		run->devs[i].pbit = fa_platform_bit(json_string_value(json_object_get(d,
										       "platform")));
		if (!run->devs[i].ok)
			continue;
		ports = json_object_get(d, "ports");
		if (ports && !json_is_array(ports))
			return fa_err_set(err, FA_EPARSE, "device '%s': 'ports' is not a list",
					  name);
		json_array_foreach(ports, j, p)
			if (!fa_json_name(p))
				return fa_err_set(err, FA_EPARSE,
						  "device '%s': port %zu has no name", name, j);
	}
	run->links = json_object_get(snapshot, "links");
	if (run->links && !json_is_array(run->links))
		return fa_err_set(err, FA_EPARSE, "the snapshot's 'links' is not a list");
	json_array_foreach(run->links, i, link) {
		static const char *const keys[] = { "a", "b" };

		for (j = 0; j < 2; j++) {
			const json_t *end = json_object_get(link, keys[j]);

			if (!json_string_value(json_object_get(end, "device")) ||
			    !json_string_value(json_object_get(end, "port")))
				return fa_err_set(err, FA_EPARSE,
						  "link %zu: '%s' needs a device and a port", i,
						  keys[j]);
		}
	}
	return 0;
}

static struct fa_dev *fa_run_dev(struct fa_run *run, const char *name)
{
	const json_t *ix = json_object_get(run->dev_ix, name);

	return ix ? &run->devs[json_integer_value(ix)] : NULL;
}

/* The port of @d named @name, from the topology's name index. */
static const json_t *fa_dev_port(const struct fa_run *run, const struct fa_dev *d,
				 const char *name)
{
	return fa_topo_find_port(run->topo, (size_t)(d - run->devs), name);
}

/* ---- device guards --------------------------------------------------------------------- */

/*
 * Most port rules apply to one kind of device (where: device.kind == 'host' and ...).  The
 * top-level "and" operands of where that do not read the port are the rule's *device guard*:
 * evaluated once per device, a guard that is false makes every port of the device not
 * applicable without looking at them (a known false decides an "and", whatever the other
 * operands are).  A guard that is true, missing or wrong decides nothing, and the ports are
 * evaluated as usual, so outcomes are exactly those of evaluating where on every port.
 */
#define FA_MAX_GUARDS 8

struct fa_guard {
	const struct fa_expr *g[FA_MAX_GUARDS];
	size_t n;
};

static void fa_guard_init(struct fa_guard *gd, const struct fa_rule *r)
{
	const struct fa_expr *c[FA_MAX_GUARDS * 4];
	size_t i, n;

	gd->n = 0;
	if (!r->where)
		return;
	n = fa_expr_conjuncts(r->where, c, sizeof(c) / sizeof(c[0]));
	for (i = 0; i < n && i < sizeof(c) / sizeof(c[0]) && gd->n < FA_MAX_GUARDS; i++)
		if (!fa_expr_reads_root(c[i], FA_ROOT_PORT))
			gd->g[gd->n++] = c[i];
}

/* True when a guard is false for the device bound in @ev (port unbound). */
static bool fa_guard_excludes(const struct fa_guard *gd, struct fa_eval *ev)
{
	const json_t *port = ev->root[FA_ROOT_PORT];
	bool out = false;
	size_t i;

	ev->root[FA_ROOT_PORT] = NULL;
	for (i = 0; i < gd->n && !out; i++)
		out = fa_expr_test(gd->g[i], ev) == FA_TRI_FALSE;
	ev->root[FA_ROOT_PORT] = port;
	ev->missing = NULL;
	ev->error[0] = '\0';
	return out;
}

/*
 * A path cache for @ev: rules of one subject read the same fields, each looked up once per
 * subject (whoever changes the bindings increments ev->gen).
 */
static void fa_eval_cache_init(const struct fa_run *run, struct fa_eval *ev)
{
	size_t npaths;

	ev->topo = run->topo;
	if (!run->rs)
		return;		/* a rule's examples: no ruleset numbered the paths */
	npaths = json_object_size(run->rs->paths);
	ev->pcache = fa_xcalloc(npaths + 1, sizeof(*ev->pcache));
	ev->pgen = fa_xcalloc(npaths + 1, sizeof(*ev->pgen));
	ev->gen = ev->dgen = 1;
	ev->rkeys = run->rkeys;
}

static void fa_eval_cache_release(struct fa_eval *ev)
{
	free(ev->pcache);
	free(ev->pgen);
}

/* ---- path scope ------------------------------------------------------------------------ */

/*
 * A path rule checks, for each endpoint port its where selects, every hop up the Clos: the
 * endpoint's own link, then every uplink of the device at its other end, and so on up (topo.h
 * says what "up" is).  The endpoint gets one outcome: the first hop that fails (its own link
 * first, then each layer's uplinks in port order before the layers above), else the first
 * hop that is not evaluable, else pass.
 *
 * Linear time: what a switch's upward hops come to depends only on the switch and on the
 * endpoint values expect reads (the *profile*: the values of its device.* and port.* paths),
 * so it is computed once per (profile, switch) and shared by every endpoint with that
 * profile.  Endpoints configured alike share one profile, so a fabric costs one pass over
 * its links per profile plus one hop per endpoint.  (Expect may not call topology functions,
 * which could read an endpoint in ways the profile does not see; the loader refuses them.)
 */
struct fa_hop_res {
	enum fa_result res;		/* FA_RES_PASS, _FAIL or _NE */
	const struct fa_topo_end *hop;	/* the hop that decided (FAIL, NE) */
	const char *missing;		/* NE: the missing path */
	char *error;			/* NE: what was wrong, when not a missing path */
};

/* The values an endpoint gives the endpoint paths of expect (NULL: missing). */
struct fa_profile {
	uint64_t hash;
	json_t **vals;
};

struct fa_path_state {
	struct fa_run *run;
	const struct fa_rule *r;
	struct fa_eval *ev;
	uint64_t *keys;			/* memo: (profile + 1) << 32 | device -> result */
	size_t *vals;
	size_t mask, used;
	struct fa_hop_res *res;
	size_t nres, ares;
	struct fa_profile *profiles;	/* the endpoint profiles seen, numbered by position */
	size_t nprofiles, aprofiles;
	size_t *pslot;			/* hash table of profiles: index + 1, 0 empty */
	size_t pmask;
	const struct fa_expr **ep;	/* expect's endpoint paths */
	size_t nep;
	size_t last;			/* the previous endpoint's profile + 1, 0: none */
	struct fa_memo where, expect;	/* hops alike in values are decided once */
};

static void fa_path_collect(const struct fa_expr *path, void *data)
{
	struct fa_path_state *st = data;
	enum fa_root root = fa_expr_path_root(path);

	/* Only paths rooted at the endpoint; a hop's a.* and b.* are not part of a profile. */
	if (root != FA_ROOT_DEVICE && root != FA_ROOT_PORT)
		return;
	st->ep = fa_xreallocarray(st->ep, st->nep + 1, sizeof(*st->ep));
	st->ep[st->nep++] = path;
}

static void fa_path_bind_hop(struct fa_path_state *st, const struct fa_topo_end *e)
{
	struct fa_eval *ev = st->ev;

	ev->root[FA_ROOT_A_DEVICE] = fa_topo_device(st->run->topo, e->dev);
	ev->root[FA_ROOT_A_PORT] = e->port;
	ev->root[FA_ROOT_B_DEVICE] = fa_topo_device(st->run->topo, e->peer_dev);
	ev->root[FA_ROOT_B_PORT] = e->peer_port;
	ev->root[FA_ROOT_LINK] = e->link;
	fa_eval_rebind(ev);
	ev->missing = NULL;
	ev->error[0] = '\0';
}

/* Evaluate one hop into @out (which keeps a pass unless the hop decides). */
static void fa_path_hop(struct fa_path_state *st, const struct fa_topo_end *e,
			struct fa_hop_res *out)
{
	enum fa_tri t;

	fa_path_bind_hop(st, e);
	t = fa_memo_test(&st->expect, st->ev);
	if (t == FA_TRI_FALSE) {
		free(out->error);
		*out = (struct fa_hop_res){ FA_RES_FAIL, e, NULL, NULL };
	} else if (t != FA_TRI_TRUE && out->res == FA_RES_PASS) {
		out->res = FA_RES_NE;
		out->hop = e;
		if (t == FA_TRI_ERROR || !st->ev->missing)
			out->error = fa_xstrdup(st->ev->error[0] ? st->ev->error : "not evaluable");
		else
			out->missing = st->ev->missing;
	}
}

/* Merge a result from further up into @out: a failure wins, else the first not evaluable. */
static void fa_path_merge(struct fa_hop_res *out, const struct fa_hop_res *up)
{
	if (up->res == FA_RES_PASS || out->res == FA_RES_FAIL ||
	    (up->res == FA_RES_NE && out->res == FA_RES_NE))
		return;
	free(out->error);
	*out = *up;
	out->error = up->error ? fa_xstrdup(up->error) : NULL;
}

static bool fa_path_is_up(const struct fa_topo *t, const struct fa_topo_end *e)
{
	int a = fa_topo_tier(t, e->dev), b = fa_topo_tier(t, e->peer_dev);

	return a != FA_TOPO_NO_TIER && b != FA_TOPO_NO_TIER && b > a;
}

static size_t fa_path_memo_slot(const struct fa_path_state *st, uint64_t key)
{
	size_t i = (size_t)((key * 0x9e3779b97f4a7c15ULL) >> 20) & st->mask;

	while (st->keys[i] && st->keys[i] != key)
		i = (i + 1) & st->mask;
	return i;
}

static void fa_path_memo_put(struct fa_path_state *st, uint64_t key, size_t val)
{
	size_t i;

	if ((st->used + 1) * 2 > st->mask + 1) {
		uint64_t *keys = st->keys;
		size_t *vals = st->vals, old = st->mask + 1;

		st->mask = old * 2 - 1;
		st->keys = fa_xcalloc(old * 2, sizeof(*st->keys));
		st->vals = fa_xcalloc(old * 2, sizeof(*st->vals));
		for (i = 0; i < old; i++) {
			if (keys[i]) {
				size_t j = fa_path_memo_slot(st, keys[i]);

				st->keys[j] = keys[i];
				st->vals[j] = vals[i];
			}
		}
		free(keys);
		free(vals);
	}
	i = fa_path_memo_slot(st, key);
	st->keys[i] = key;
	st->vals[i] = val;
	st->used++;
}

/* What the hops up from device @dev come to, for endpoints of @profile (an index in res). */
static size_t fa_path_up(struct fa_path_state *st, size_t profile, size_t dev)
{
	const struct fa_topo *t = st->run->topo;
	uint64_t key = ((uint64_t)(profile + 1) << 32) | (uint64_t)dev;
	const struct fa_topo_end *ends;
	struct fa_hop_res out = { FA_RES_PASS, NULL, NULL, NULL };
	size_t i, n, slot = fa_path_memo_slot(st, key), up;

	if (st->keys[slot] == key)
		return st->vals[slot];
	n = fa_topo_device_ends(t, dev, &ends);
	for (i = 0; i < n && out.res != FA_RES_FAIL; i++)
		if (fa_path_is_up(t, &ends[i]))
			fa_path_hop(st, &ends[i], &out);
	for (i = 0; i < n && out.res != FA_RES_FAIL; i++) {
		if (!fa_path_is_up(t, &ends[i]))
			continue;
		up = fa_path_up(st, profile, ends[i].peer_dev);
		fa_path_merge(&out, &st->res[up]);
	}
	if (st->nres == st->ares) {
		st->ares = st->ares ? st->ares * 2 : 64;
		st->res = fa_xreallocarray(st->res, st->ares, sizeof(*st->res));
	}
	st->res[st->nres] = out;
	fa_path_memo_put(st, key, st->nres);
	return st->nres++;
}

/*
 * The profile number of the endpoint bound in st->ev: endpoints whose endpoint paths give
 * equal values (fa_value_equal) share one.  Values are read up to the first index, since an
 * index may read the hop, which is not bound here.
 */
static size_t fa_path_profile(struct fa_path_state *st)
{
	json_t **vals = fa_xcalloc(st->nep + 1, sizeof(*vals));
	uint64_t h = 1469598103934665603ULL;
	size_t i, k, slot;

	for (i = 0; i < st->nep; i++) {
		st->ev->missing = NULL;
		if (fa_expr_eval_prefix(st->ep[i], st->ev, &vals[i]) != FA_EVAL_VALUE)
			vals[i] = NULL;
	}
	/* Ports of one kind share their values (snapshots are loaded so): no hashing then. */
	if (st->last) {
		const struct fa_profile *pf = &st->profiles[st->last - 1];

		for (i = 0; i < st->nep && vals[i] == pf->vals[i]; i++)
			;
		if (i == st->nep) {
			for (i = 0; i < st->nep; i++)
				json_decref(vals[i]);
			free(vals);
			return st->last - 1;
		}
	}
	for (i = 0; i < st->nep; i++)
		h = fa_hash_mix(h, vals[i] ? fa_value_hash(vals[i]) : 0x5bd1e995);
	if (!st->pslot || (st->nprofiles + 1) * 2 > st->pmask + 1) {
		size_t cap = st->pslot ? (st->pmask + 1) * 2 : 64;

		free(st->pslot);
		st->pslot = fa_xcalloc(cap, sizeof(*st->pslot));
		st->pmask = cap - 1;
		for (k = 0; k < st->nprofiles; k++) {
			for (slot = st->profiles[k].hash & st->pmask; st->pslot[slot];
			     slot = (slot + 1) & st->pmask)
				;
			st->pslot[slot] = k + 1;
		}
	}
	for (slot = h & st->pmask; st->pslot[slot]; slot = (slot + 1) & st->pmask) {
		const struct fa_profile *pf = &st->profiles[st->pslot[slot] - 1];

		if (pf->hash != h)
			continue;
		for (i = 0; i < st->nep; i++)
			if (!(vals[i] ? pf->vals[i] && fa_value_equal(vals[i], pf->vals[i])
				      : !pf->vals[i]))
				break;
		if (i == st->nep) {
			for (i = 0; i < st->nep; i++)
				json_decref(vals[i]);
			free(vals);
			st->last = st->pslot[slot];
			return st->last - 1;
		}
	}
	if (st->nprofiles == st->aprofiles) {
		st->aprofiles = st->aprofiles ? st->aprofiles * 2 : 16;
		st->profiles = fa_xreallocarray(st->profiles, st->aprofiles, sizeof(*st->profiles));
	}
	st->profiles[st->nprofiles].hash = h;
	st->profiles[st->nprofiles].vals = vals;
	st->pslot[slot] = ++st->nprofiles;
	st->last = st->nprofiles;
	return st->nprofiles - 1;
}

static void fa_run_rule_path(struct fa_run *run, const struct fa_rule *r, struct fa_eval *ev,
			     const struct fa_sink *sink)
{
	struct fa_path_state st;
	struct fa_guard guard;
	struct fa_subject subj = { .scope = FA_SCOPE_PATH };
	const struct fa_topo *t = run->topo;
	size_t i, j, k;
	enum fa_tri tw;

	memset(&st, 0, sizeof(st));
	st.run = run;
	st.r = r;
	st.ev = ev;
	st.mask = 1023;
	st.keys = fa_xcalloc(st.mask + 1, sizeof(*st.keys));
	st.vals = fa_xcalloc(st.mask + 1, sizeof(*st.vals));
	fa_expr_foreach_path_deep(r->expect, fa_path_collect, &st);
	fa_memo_init(&st.where, r->where);
	fa_memo_init(&st.expect, r->expect);
	fa_eval_cache_init(run, ev);

	fa_guard_init(&guard, r);
	for (i = 0; i < run->ndevs; i++) {
		const struct fa_dev *d = &run->devs[i];
		const json_t *ports = json_object_get(d->json, "ports"), *p;

		if (!d->ok)
			continue;
		if (!fa_rule_selects(r, d)) {
			run->counts->platform_na[d->pbit] += json_array_size(ports);
			continue;
		}
		ev->root[FA_ROOT_DEVICE] = d->json;
		ev->root[FA_ROOT_PORT] = NULL;
		fa_eval_rebind(ev);
		if (fa_guard_excludes(&guard, ev)) {
			run->counts->na += json_array_size(ports);
			continue;
		}
		json_array_foreach(ports, j, p) {
			struct fa_hop_res out = { FA_RES_PASS, NULL, NULL, NULL };
			const struct fa_topo_end *e;

			ev->root[FA_ROOT_DEVICE] = d->json;
			ev->root[FA_ROOT_PORT] = p;
			for (k = FA_ROOT_A_DEVICE; k <= FA_ROOT_LINK; k++)
				ev->root[k] = NULL;
			ev->gen++;	/* the same device */
			ev->missing = NULL;
			ev->error[0] = '\0';
			subj.dev = d->name;
			subj.port = fa_json_name(p);
			subj.adev = subj.aport = subj.bdev = subj.bport = NULL;
			if (r->where) {
				tw = fa_memo_test(&st.where, ev);
				if (tw != FA_TRI_TRUE) {
					fa_emit(sink, r, tw == FA_TRI_FALSE ? FA_RES_NA : FA_RES_NE, ev,
						&subj, tw);
					continue;
				}
			}
			e = fa_topo_port_end(t, p);
			if (!e) {
				/* An endpoint on no link has no path to check. */
				ev->missing = "link";
				fa_emit(sink, r, FA_RES_NE, ev, &subj, FA_TRI_MISSING);
				continue;
			}
			fa_path_hop(&st, e, &out);
			if (out.res != FA_RES_FAIL && fa_path_is_up(t, e)) {
				/* fa_path_up() may move st.res: index it after the call. */
				size_t up = fa_path_up(&st, fa_path_profile(&st), e->peer_dev);

				fa_path_merge(&out, &st.res[up]);
			}
			if (out.hop) {
				fa_path_bind_hop(&st, out.hop);
				subj.adev = fa_json_name(fa_topo_device(t, out.hop->dev));
				subj.aport = out.hop->port_name;
				subj.bdev = fa_json_name(fa_topo_device(t, out.hop->peer_dev));
				subj.bport = out.hop->peer_port_name;
			}
			if (out.res == FA_RES_NE) {
				ev->missing = out.missing;
				snprintf(ev->error, sizeof(ev->error), "%s",
					 out.error ? out.error : "");
			}
			fa_emit(sink, r, out.res, ev, &subj,
				out.res == FA_RES_NE && !out.missing ? FA_TRI_ERROR
								     : FA_TRI_MISSING);
			free(out.error);
		}
	}
	for (i = 0; i < st.nres; i++)
		free(st.res[i].error);
	free(st.res);
	free(st.keys);
	free(st.vals);
	free(st.ep);
	for (i = 0; i < st.nprofiles; i++) {
		for (k = 0; k < st.nep; k++)
			json_decref(st.profiles[i].vals[k]);
		free(st.profiles[i].vals);
	}
	free(st.profiles);
	free(st.pslot);
	fa_memo_release(&st.where);
	fa_memo_release(&st.expect);
	fa_eval_cache_release(ev);
}

/* ---- fabric and plan scopes ------------------------------------------------------------ */

static const json_t *fa_run_fabric(struct fa_run *run)
{
	json_t *devs, *links;
	size_t i;

	if (run->fabric)
		return run->fabric;
	devs = json_array();
	links = json_array();
	for (i = 0; i < run->ndevs; i++)
		if (run->devs[i].ok)
			json_array_append(devs, (json_t *)run->devs[i].json);
	for (i = 0; i < json_array_size(run->links); i++)
		json_array_append(links, json_array_get(run->links, i));
	run->fabric = json_pack("{s:o,s:o}", "devices", devs, "links", links);
	return run->fabric;
}

/*
 * The key an item of for_each is named by: its "key" when it is an object that has one (what
 * grouped() makes), else the item itself, as text.
 */
static void fa_item_key(const json_t *item, struct fa_buf *out)
{
	const json_t *key = json_is_object(item) ? json_object_get(item, "key") : NULL;

	fa_value_text(key ? key : item, out);
}

/*
 * A fabric rule with for_each: the list is computed once on the fabric, and each of its
 * elements is one subject, bound as item (one finding per duplicate set, not one per owner).
 * A list that cannot be computed makes the fabric not evaluable, as a rule without for_each.
 */
static void fa_run_rule_for_each(const struct fa_rule *r, struct fa_eval *ev,
				 const struct fa_sink *sink)
{
	struct fa_subject subj = { .scope = FA_SCOPE_FABRIC };
	struct fa_buf key = FA_BUF_INIT;
	enum fa_eval_status st;
	json_t *list = NULL, *item;
	size_t i;

	ev->missing = NULL;
	ev->error[0] = '\0';
	st = fa_expr_eval(r->for_each, ev, &list);
	if (st == FA_EVAL_VALUE && !json_is_array(list)) {
		snprintf(ev->error, sizeof(ev->error), "for_each gives %s, not a list",
			 json_is_object(list) ? "an object" : "a value");
		st = FA_EVAL_ERROR;
	}
	if (st != FA_EVAL_VALUE) {
		fa_emit(sink, r, FA_RES_NE, ev, &subj,
			st == FA_EVAL_ERROR ? FA_TRI_ERROR : FA_TRI_MISSING);
		json_decref(list);
		return;
	}
	json_array_foreach(list, i, item) {
		fa_buf_reset(&key);
		fa_item_key(item, &key);
		subj.item = key.buf;
		ev->root[FA_ROOT_ITEM] = item;
		fa_evaluate_subject(r, ev, &subj, sink, NULL);
	}
	ev->root[FA_ROOT_ITEM] = NULL;
	fa_buf_release(&key);
	json_decref(list);
}

static void fa_run_rule_fabric(struct fa_run *run, const struct fa_rule *r, struct fa_eval *ev,
			       const struct fa_sink *sink)
{
	struct fa_subject subj = { .scope = FA_SCOPE_FABRIC };
	size_t i;

	if (r->over == FA_SCOPE_FABRIC) {
		ev->root[FA_ROOT_FABRIC] = fa_run_fabric(run);
		if (r->for_each)
			fa_run_rule_for_each(r, ev, sink);
		else
			fa_evaluate_subject(r, ev, &subj, sink, NULL);
		return;
	}
	for (i = 0; i < run->ndevs; i++) {
		if (!run->devs[i].ok)
			continue;
		ev->root[FA_ROOT_DEVICE] = run->devs[i].json;
		subj.dev = run->devs[i].name;
		fa_evaluate_subject(r, ev, &subj, sink, NULL);
	}
}

static void fa_run_rule_plan(struct fa_run *run, const struct fa_rule *r, struct fa_eval *ev,
			     const struct fa_sink *sink)
{
	struct fa_subject subj = { .scope = FA_SCOPE_PLAN };
	size_t i;

	if (!run->plan)
		return;
	if (!run->plan_compared) {
		fa_plan_compare(run->plan, run->topo, &run->psubj, &run->npsubj);
		run->plan_compared = true;
	}
	for (i = 0; i < run->npsubj; i++) {
		const struct fa_plan_subject *ps = &run->psubj[i];

		ev->root[FA_ROOT_PLAN] = ps->plan;
		ev->root[FA_ROOT_A_DEVICE] = ps->a_dev;
		ev->root[FA_ROOT_A_PORT] = ps->a_port_obj;
		ev->root[FA_ROOT_B_DEVICE] = ps->b_dev;
		ev->root[FA_ROOT_B_PORT] = ps->b_port_obj;
		ev->root[FA_ROOT_LINK] = ps->link;
		subj.adev = ps->a_device;
		subj.aport = ps->a_port;
		subj.bdev = ps->b_device;
		subj.bport = ps->b_port;
		fa_evaluate_subject(r, ev, &subj, sink, NULL);
	}
}

/*
 * A group rule on its own, over every collected device or port: for a group example written
 * as a small snapshot, whose members read the topology (a run evaluates group rules in
 * fa_run_batch()).
 */
static void fa_run_rule_group(struct fa_run *run, const struct fa_rule *r, struct fa_eval *ev,
			      const struct fa_sink *sink)
{
	const json_t *params = ev->root[FA_ROOT_PARAMS], *p;
	struct fa_group g;
	size_t i, j;

	fa_group_init(&g, r, params);
	for (i = 0; i < run->ndevs; i++) {
		struct fa_member m = { run->devs[i].json, NULL, NULL };

		if (!run->devs[i].ok)
			continue;
		if (r->over == FA_SCOPE_DEVICE) {
			fa_group_add(&g, &m, NULL, NULL, ev, sink, NULL);
			continue;
		}
		json_array_foreach(json_object_get(run->devs[i].json, "ports"), j, p) {
			m.port = p;
			fa_group_add(&g, &m, NULL, NULL, ev, sink, NULL);
		}
	}
	fa_group_finish(&g, sink);
}

/* A path, fabric or plan rule, on its own (the other scopes run in fa_run_batch()). */
static void fa_run_rule(struct fa_run *run, const struct fa_rule *r, const struct fa_sink *sink)
{
	struct fa_eval ev = FA_EVAL_INIT;

	ev.root[FA_ROOT_PARAMS] = run->examples ? run->example_params : r->pack->params;
	ev.topo = run->topo;
	switch (r->scope) {
	case FA_SCOPE_PATH:
		fa_run_rule_path(run, r, &ev, sink);
		break;
	case FA_SCOPE_FABRIC:
		fa_run_rule_fabric(run, r, &ev, sink);
		break;
	case FA_SCOPE_PLAN:
		fa_run_rule_plan(run, r, &ev, sink);
		break;
	case FA_SCOPE_GROUP:
		fa_run_rule_group(run, r, &ev, sink);
		break;
	default:
		break;
	}
}

/*
 * Device, port and link rules, subject by subject: every such rule is evaluated on a port
 * while the port is at hand, rather than every port once per rule.  A snapshot of a large
 * fabric does not fit in the processor's caches, and walking it once instead of once per
 * rule is most of what these rules cost.  Outcomes are the same as rule by rule: each rule
 * keeps its own counts and not-evaluable list, and findings are sorted afterwards.
 */
struct fa_batch_rule {
	const struct fa_rule *r;
	struct fa_counts *counts;
	json_t *ne;
	struct fa_guard guard;
	bool excluded;		/* port rules: the guard excludes the current device */
	struct fa_group group;	/* group rules: the members so far */
	struct fa_memo *memo;	/* the thread's memos of where and expect, NULL: none */
};

static void fa_batch_use(struct fa_run *run, struct fa_eval *ev, const struct fa_batch_rule *b)
{
	run->counts = b->counts;
	run->not_evaluable = b->ne;
	ev->root[FA_ROOT_PARAMS] = b->r->pack->params;
}

static void fa_batch_rules_init(struct fa_batch_rule *rules, size_t n)
{
	size_t k;

	for (k = 0; k < n; k++) {
		fa_guard_init(&rules[k].guard, rules[k].r);
		if (rules[k].r->scope == FA_SCOPE_GROUP)
			fa_group_init(&rules[k].group, rules[k].r, rules[k].r->pack->params);
	}
}

/* Device, port and group rules on devices [lo, hi). */
static void fa_batch_devices(struct fa_run *run, struct fa_batch_rule *rules, size_t n,
			     struct fa_eval *ev, size_t lo, size_t hi)
{
	struct fa_sink sink = { fa_run_outcome, run };
	struct fa_subject subj = { .scope = FA_SCOPE_DEVICE };
	size_t i, j, k;

	for (i = lo; i < hi; i++) {
		const struct fa_dev *d = &run->devs[i];
		const json_t *ports = json_object_get(d->json, "ports"), *p;
		size_t nports = json_array_size(ports);

		if (!d->ok)
			continue;
		ev->root[FA_ROOT_DEVICE] = d->json;
		ev->root[FA_ROOT_PORT] = NULL;
		fa_eval_rebind(ev);
		subj.scope = FA_SCOPE_DEVICE;
		subj.dev = d->name;
		subj.port = NULL;
		for (k = 0; k < n; k++) {
			struct fa_batch_rule *b = &rules[k];

			if (b->r->scope == FA_SCOPE_LINK)
				continue;
			if (!fa_rule_selects(b->r, d)) {
				b->excluded = true;
				b->counts->platform_na[d->pbit] +=
					b->r->over == FA_SCOPE_PORT ? nports : 1;
				continue;
			}
			fa_batch_use(run, ev, b);
			if (b->r->scope == FA_SCOPE_DEVICE) {
				fa_evaluate_subject(b->r, ev, &subj, &sink, b->memo);
				continue;
			}
			if (b->r->scope == FA_SCOPE_GROUP && b->r->over == FA_SCOPE_DEVICE) {
				struct fa_member m = { d->json, NULL, NULL };

				fa_group_add(&b->group, &m, d->name, NULL, ev, &sink, b->memo);
				continue;
			}
			b->excluded = fa_guard_excludes(&b->guard, ev);
			if (b->excluded)
				b->counts->na += nports;
		}
		subj.scope = FA_SCOPE_PORT;
		json_array_foreach(ports, j, p) {
			ev->root[FA_ROOT_PORT] = p;
			ev->gen++;	/* the same device */
			subj.port = fa_json_name(p);
			for (k = 0; k < n; k++) {
				if (rules[k].r->over != FA_SCOPE_PORT || rules[k].excluded)
					continue;
				fa_batch_use(run, ev, &rules[k]);
				if (rules[k].r->scope == FA_SCOPE_GROUP) {
					struct fa_member m = { d->json, p, NULL };

					fa_group_add(&rules[k].group, &m, d->name, subj.port, ev,
						     &sink, rules[k].memo);
					continue;
				}
				fa_evaluate_subject(rules[k].r, ev, &subj, &sink, rules[k].memo);
			}
		}
	}
	ev->root[FA_ROOT_DEVICE] = ev->root[FA_ROOT_PORT] = NULL;
}

/* Link rules on links [lo, hi). */
static void fa_batch_links(struct fa_run *run, struct fa_batch_rule *rules, size_t n,
			   struct fa_eval *ev, size_t lo, size_t hi)
{
	struct fa_sink sink = { fa_run_outcome, run };
	struct fa_subject subj = { .scope = FA_SCOPE_LINK };
	size_t i, k;

	for (i = lo; i < hi; i++) {
		const json_t *link = json_array_get(run->links, i);
		const json_t *a = json_object_get(link, "a"), *bb = json_object_get(link, "b");
		struct fa_dev *da, *db;

		subj.adev = json_string_value(json_object_get(a, "device"));
		subj.aport = json_string_value(json_object_get(a, "port"));
		subj.bdev = json_string_value(json_object_get(bb, "device"));
		subj.bport = json_string_value(json_object_get(bb, "port"));
		da = fa_run_dev(run, subj.adev);
		db = fa_run_dev(run, subj.bdev);
		/* A failed end is already reported in coverage. */
		if ((da && !da->ok) || (db && !db->ok))
			continue;
		ev->root[FA_ROOT_LINK] = link;
		ev->root[FA_ROOT_A_DEVICE] = da ? da->json : NULL;
		ev->root[FA_ROOT_B_DEVICE] = db ? db->json : NULL;
		ev->root[FA_ROOT_A_PORT] = da ? fa_dev_port(run, da, subj.aport) : NULL;
		ev->root[FA_ROOT_B_PORT] = db ? fa_dev_port(run, db, subj.bport) : NULL;
		fa_eval_rebind(ev);
		for (k = 0; k < n; k++) {
			if (rules[k].r->scope != FA_SCOPE_LINK)
				continue;
			/* A link is the rule's when both of its ends are. */
			if (da && !fa_rule_selects(rules[k].r, da)) {
				rules[k].counts->platform_na[da->pbit]++;
				continue;
			}
			if (db && !fa_rule_selects(rules[k].r, db)) {
				rules[k].counts->platform_na[db->pbit]++;
				continue;
			}
			fa_batch_use(run, ev, &rules[k]);
			if (!ev->root[FA_ROOT_A_PORT] || !ev->root[FA_ROOT_B_PORT]) {
				/* The snapshot names an end it does not describe. */
				ev->missing = !ev->root[FA_ROOT_A_PORT] ? "a.port" : "b.port";
				fa_emit(&sink, rules[k].r, FA_RES_NE, ev, &subj, FA_TRI_MISSING);
				continue;
			}
			fa_evaluate_subject(rules[k].r, ev, &subj, &sink, rules[k].memo);
		}
	}
}

/* ---- parallel evaluation --------------------------------------------------------------- */

/*
 * While rules run, the snapshot, the topology and the rules are only read, so threads share
 * them; each thread writes into its own findings, counts and not-evaluable lists, merged
 * afterwards in subject order.  The report is therefore the same whatever the number of
 * threads: a finding's seq, its last sort key, follows that order, and every list keeps the
 * order of a run on one thread.
 *
 * Stage 1 cuts the devices (by port count) and the links into chunks, which threads take
 * as they come free, running the batched rules on each; the chunks' outputs join in chunk
 * order, devices before links, which gives each rule its subjects in order.  Stage 2
 * hands out, one at a time, the decisions of the group rules (every member is in by then),
 * the path, fabric and plan rules, and the report's topology section.
 */
#define FA_ENGINE_MAX_THREADS 64
/* Below this many subjects (ports and links) a second thread costs more than it saves. */
#define FA_ENGINE_SUBJECTS_PER_THREAD 20000

/* A run that shares @main's inputs and writes into outputs of its own. */
static void fa_run_fork(const struct fa_run *main, struct fa_run *child)
{
	*child = *main;
	child->found = NULL;
	child->nfound = child->afound = 0;
	fa_buf_init(&child->text, 0);
	child->waiver_hits = main->waivers ? fa_xcalloc(main->waivers->n + 1,
							 sizeof(*child->waiver_hits))
					   : NULL;
	child->counts = NULL;
	child->not_evaluable = NULL;
}

/* Move @child's findings, in order, and its waiver hits into @main. */
static void fa_run_join(struct fa_run *main, struct fa_run *child)
{
	size_t i;

	for (i = 0; i < child->nfound; i++) {
		if (main->nfound == main->afound) {
			main->afound = main->afound ? main->afound * 2 : 64;
			main->found = fa_xreallocarray(main->found, main->afound,
						       sizeof(*main->found));
		}
		main->found[main->nfound] = child->found[i];
		main->found[main->nfound].seq = main->nfound;
		main->nfound++;
	}
	free(child->found);
	for (i = 0; main->waivers && i < main->waivers->n; i++)
		main->waiver_hits[i] += child->waiver_hits[i];
	free(child->waiver_hits);
	fa_buf_release(&child->text);
	memset(child, 0, sizeof(*child));
}

/* A stage 2 job: a group rule to decide, or a path, fabric or plan rule to run. */
struct fa_job {
	struct fa_batch_rule *group;
	const struct fa_rule *rule;
	const json_t *snapshot;		/* neither: the report's topology section, of this */
	json_t *topology;		/* ... made here */
	struct fa_run run;		/* its outputs */
};

/* A stage 1 share: devices [dlo, dhi) and links [llo, lhi), and what they came to. */
struct fa_chunk {
	size_t dlo, dhi, llo, lhi;
	struct fa_run run;
	struct fa_batch_rule *rules;	/* copies of the batch with outputs of their own */
	struct fa_counts *counts;
};

/* What the threads of a run share: the work to take and where it goes. */
struct fa_work {
	struct fa_run *main;
	/* stage 1 */
	struct fa_chunk *chunks;
	size_t nchunks;
	const struct fa_batch_rule *batch;
	size_t nbatch;
	/* stage 2 */
	struct fa_job *jobs;
	size_t njobs;
	const size_t *order;		/* jobs in the order to take them: the longest first */
	size_t next;			/* the next chunk or job to take (atomic) */
};

struct fa_worker {
	struct fa_work *work;
	pthread_t tid;
	bool started;
};

static void fa_chunk_run(struct fa_work *w, struct fa_chunk *c, struct fa_eval *ev,
			 struct fa_memo *memo)
{
	size_t k, n = w->nbatch;

	fa_run_fork(w->main, &c->run);
	c->rules = fa_xcalloc(n + 1, sizeof(*c->rules));
	c->counts = fa_xcalloc(n + 1, sizeof(*c->counts));
	for (k = 0; k < n; k++) {
		c->rules[k].r = w->batch[k].r;
		c->rules[k].counts = &c->counts[k];
		c->rules[k].ne = json_array();
		c->rules[k].memo = &memo[2 * k];
	}
	fa_batch_rules_init(c->rules, n);
	fa_batch_devices(&c->run, c->rules, n, ev, c->dlo, c->dhi);
	fa_batch_links(&c->run, c->rules, n, ev, c->llo, c->lhi);
}

static void *fa_worker_batch(void *arg)
{
	struct fa_work *w = ((struct fa_worker *)arg)->work;
	struct fa_eval ev = FA_EVAL_INIT;
	struct fa_memo *memo = fa_xcalloc(2 * w->nbatch + 1, sizeof(*memo));
	size_t k;

	/* Group rules' expect is decided from the whole group: only their where is a memo. */
	for (k = 0; k < w->nbatch; k++) {
		const struct fa_rule *r = w->batch[k].r;

		fa_memo_init(&memo[2 * k], r->where);
		fa_memo_init(&memo[2 * k + 1], r->scope == FA_SCOPE_GROUP ? NULL : r->expect);
	}
	fa_eval_cache_init(w->main, &ev);
	while ((k = __atomic_fetch_add(&w->next, 1, __ATOMIC_RELAXED)) < w->nchunks)
		fa_chunk_run(w, &w->chunks[k], &ev, memo);
	fa_eval_cache_release(&ev);
	for (k = 0; k < 2 * w->nbatch; k++)
		fa_memo_release(&memo[k]);
	free(memo);
	return NULL;
}

/* Move what chunk @c came to into @run and the batch, after the chunks before it. */
static void fa_chunk_join(struct fa_run *run, struct fa_batch_rule *batch, size_t nbatch,
			  struct fa_chunk *c)
{
	size_t k, j;

	for (k = 0; k < nbatch; k++) {
		struct fa_counts *sum = batch[k].counts, *cc = &c->counts[k];

		sum->pass += cc->pass;
		sum->fail += cc->fail;
		sum->ne += cc->ne;
		sum->na += cc->na;
		sum->waived += cc->waived;
		for (j = 0; j < FA_PBITS; j++)
			sum->platform_na[j] += cc->platform_na[j];
		json_array_extend(batch[k].ne, c->rules[k].ne);
		json_decref(c->rules[k].ne);
		if (batch[k].r->scope == FA_SCOPE_GROUP)
			fa_group_absorb(&batch[k].group, &c->rules[k].group);
	}
	fa_run_join(run, &c->run);
	free(c->rules);
	free(c->counts);
}

static void *fa_worker_jobs(void *arg)
{
	struct fa_work *w = ((struct fa_worker *)arg)->work;
	size_t k;

	while ((k = __atomic_fetch_add(&w->next, 1, __ATOMIC_RELAXED)) < w->njobs) {
		struct fa_job *job = &w->jobs[w->order[k]];
		struct fa_sink sink = { fa_run_outcome, &job->run };

		if (job->group) {
			struct fa_eval ev = FA_EVAL_INIT;

			fa_batch_use(&job->run, &ev, job->group);
			fa_group_finish(&job->group->group, &sink);
		} else if (job->rule) {
			fa_run_rule(&job->run, job->rule, &sink);
		} else {
			job->topology = fa_topology_json(job->snapshot, job->run.topo);
		}
	}
	return NULL;
}

struct fa_topo_job {
	const json_t *snapshot;
	struct fa_topo *topo;
};

static void *fa_topo_thread(void *arg)
{
	struct fa_topo_job *job = arg;

	job->topo = fa_topo_new(job->snapshot);
	return NULL;
}

/*
 * fa_run_index() and the topology, side by side when threads are allowed: both only read the
 * snapshot, and fa_topo_new() reads whatever it is given defensively, so it may start before
 * the index has checked the structure.  A broken snapshot loses only the wasted topology.
 */
static int fa_run_index_topo(struct fa_run *run, const json_t *snapshot, int threads,
			     struct fa_err *err)
{
	struct fa_topo_job job = { snapshot, NULL };
	pthread_t tid;
	bool started = threads != 1 && sysconf(_SC_NPROCESSORS_ONLN) > 1 &&
		       pthread_create(&tid, NULL, fa_topo_thread, &job) == 0;
	int rc = fa_run_index(run, snapshot, err);

	if (started)
		pthread_join(tid, NULL);
	else if (rc == 0)
		fa_topo_thread(&job);
	run->topo = job.topo;
	return rc;
}

/* Run @fn on every worker, on threads when there are several; then wait for them all. */
static void fa_workers_run(struct fa_worker *w, size_t nw, void *(*fn)(void *))
{
	size_t i;

	for (i = 1; i < nw; i++)
		w[i].started = pthread_create(&w[i].tid, NULL, fn, &w[i]) == 0;
	fn(&w[0]);
	for (i = 1; i < nw; i++) {
		if (w[i].started)
			pthread_join(w[i].tid, NULL);
		else
			fn(&w[i]);	/* no thread to be had: do its share here */
	}
}

/* How many threads: the option, else one per CPU as long as each has enough to do. */
static size_t fa_run_nthreads(const struct fa_run *run, int wanted)
{
	size_t subjects = json_array_size(run->links), i, n;
	long cpus;

	for (i = 0; i < run->ndevs; i++)
		subjects += json_array_size(json_object_get(run->devs[i].json, "ports"));
	if (wanted > 0)
		n = (size_t)wanted;
	else {
		cpus = sysconf(_SC_NPROCESSORS_ONLN);
		n = cpus > 0 ? (size_t)cpus : 1;
		if (n > subjects / FA_ENGINE_SUBJECTS_PER_THREAD + 1)
			n = subjects / FA_ENGINE_SUBJECTS_PER_THREAD + 1;
	}
	return n > FA_ENGINE_MAX_THREADS ? FA_ENGINE_MAX_THREADS : n;
}

/*
 * Stage 1 chunks: the devices cut where the ports so far reach each chunk's fraction, then
 * the links in equal ranges.  Several chunks per thread, taken as threads come free, even
 * out devices that cost more than others (hosts have more rules than switches).
 */
#define FA_CHUNKS_PER_THREAD 16

static struct fa_chunk *fa_chunks_make(const struct fa_run *run, size_t nw, size_t *ret_n)
{
	size_t nd = nw > 1 ? nw * FA_CHUNKS_PER_THREAD : 1, nl = nd, total = 0, sofar = 0;
	size_t nlinks = json_array_size(run->links), i, k = 0;
	struct fa_chunk *c = fa_xcalloc(nd + nl, sizeof(*c));

	for (i = 0; i < run->ndevs; i++)
		total += json_array_size(json_object_get(run->devs[i].json, "ports")) + 1;
	for (k = 0; k < nd; k++)
		c[k].dlo = c[k].dhi = run->ndevs;
	c[0].dlo = 0;
	for (i = 0, k = 0; i < run->ndevs && k + 1 < nd; i++) {
		sofar += json_array_size(json_object_get(run->devs[i].json, "ports")) + 1;
		if (sofar * nd >= total * (k + 1)) {
			c[k].dhi = i + 1;
			c[++k].dlo = i + 1;
		}
	}
	for (k = 0; k < nl; k++) {
		c[nd + k].dlo = c[nd + k].dhi = 0;
		c[nd + k].llo = nlinks * k / nl;
		c[nd + k].lhi = nlinks * (k + 1) / nl;
	}
	*ret_n = nd + nl;
	return c;
}

/*
 * Evaluate every rule: the batch (@batch, @nbatch) in stage 1, the others in stage 2; counts
 * and not-evaluable lists go to @counts and @ne_lists (per rule of the set), findings to @run.
 */
/*
 * When stage 2 takes job @j, 0 first.  Group rules first: they free the members stage 1
 * kept, before the topology section takes its share.  Then path rules, which walk every
 * endpoint, and the topology section, which walks every link: started before the rest,
 * they do not finish last alone.
 */
static int fa_job_rank(const struct fa_job *j)
{
	if (j->group)
		return 0;
	if (j->snapshot || j->rule->scope == FA_SCOPE_PATH)
		return 1;
	return 2;
}

/* All rules on @snapshot (indexed in @run); *ret_topology: the report's topology section. */
static void fa_run_all(struct fa_run *run, struct fa_batch_rule *batch, size_t nbatch,
		       struct fa_counts *counts, json_t **ne_lists, int threads,
		       const json_t *snapshot, json_t **ret_topology)
{
	const struct fa_ruleset *rs = run->rs;
	size_t nw = fa_run_nthreads(run, threads), i, k, njobs = 0, norder = 0;
	int rank;
	struct fa_worker *w = fa_xcalloc(nw, sizeof(*w));
	struct fa_work work = { .main = run, .batch = batch, .nbatch = nbatch };
	struct fa_job *jobs;
	size_t *order;

	for (i = 0; i < nw; i++)
		w[i].work = &work;
	fa_batch_rules_init(batch, nbatch);
	work.chunks = fa_chunks_make(run, nw, &work.nchunks);
	fa_workers_run(w, nw, fa_worker_batch);
	/* Group members of all chunks, room made at once: no copy doubles while they move. */
	for (k = 0; k < nbatch; k++) {
		size_t members = 0;

		for (i = 0; batch[k].r->scope == FA_SCOPE_GROUP && i < work.nchunks; i++)
			members += work.chunks[i].rules[k].group.n;
		if (members)
			fa_group_reserve(&batch[k].group, members);
	}
	for (k = 0; k < work.nchunks; k++)
		fa_chunk_join(run, batch, nbatch, &work.chunks[k]);
	free(work.chunks);

	/* Stage 2.  What path, fabric and plan rules build on first use is built now. */
	jobs = fa_xcalloc(nbatch + rs->nrules + 2, sizeof(*jobs));
	for (k = 0; k < nbatch; k++) {
		if (batch[k].r->scope != FA_SCOPE_GROUP)
			continue;
		jobs[njobs].group = &batch[k];
		fa_run_fork(run, &jobs[njobs++].run);
	}
	for (i = 0; i < rs->nrules; i++) {
		const struct fa_rule *r = rs->rules[i];

		if (r->scope != FA_SCOPE_PATH && r->scope != FA_SCOPE_FABRIC &&
		    r->scope != FA_SCOPE_PLAN)
			continue;
		if (r->scope == FA_SCOPE_FABRIC && r->over == FA_SCOPE_FABRIC)
			fa_run_fabric(run);
		if (r->scope == FA_SCOPE_PLAN && run->plan && !run->plan_compared) {
			fa_plan_compare(run->plan, run->topo, &run->psubj, &run->npsubj);
			run->plan_compared = true;
		}
		jobs[njobs].rule = r;
		fa_run_fork(run, &jobs[njobs].run);
		jobs[njobs].run.counts = &counts[i];
		jobs[njobs].run.not_evaluable = ne_lists[i];
		njobs++;
	}
	/* The topology section reads only the snapshot: made beside the rules, not after them. */
	jobs[njobs].snapshot = snapshot;
	fa_run_fork(run, &jobs[njobs++].run);
	order = fa_xcalloc(njobs + 1, sizeof(*order));
	for (rank = 0; rank < 3; rank++)
		for (k = 0; k < njobs; k++)
			if (fa_job_rank(&jobs[k]) == rank)
				order[norder++] = k;
	work.jobs = jobs;
	work.njobs = njobs;
	work.order = order;
	work.next = 0;
	fa_workers_run(w, nw > njobs ? (njobs ? njobs : 1) : nw, fa_worker_jobs);
	for (k = 0; k < njobs; k++) {
		if (jobs[k].snapshot)
			*ret_topology = jobs[k].topology;
		fa_run_join(run, &jobs[k].run);
	}
	free(order);
	free(jobs);
	free(w);
}

static int fa_found_cmp(const void *a, const void *b)
{
	const struct fa_found *x = a, *y = b;
	int c;

	if (x->severity != y->severity)
		return x->severity < y->severity ? -1 : 1;
	c = strcmp(x->rule, y->rule);
	if (c)
		return c;
	c = strcmp(x->subject_text, y->subject_text);
	if (c)
		return c;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static json_t *fa_counts_json(const struct fa_counts *c)
{
	return json_pack("{s:I,s:I,s:I,s:I,s:I}", "pass", (json_int_t)c->pass, "fail",
			 (json_int_t)c->fail, "notevaluable", (json_int_t)c->ne, "notapplicable",
			 (json_int_t)c->na, "waived", (json_int_t)c->waived);
}

static json_t *fa_time_json(time_t t)
{
	struct tm tm;
	char buf[64];

	if (!gmtime_r(&t, &tm) || !strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm))
		return json_string("1970-01-01T00:00:00Z");
	return json_string(buf);
}

static json_t *fa_report_head(const json_t *snapshot, const struct fa_engine_opts *opts)
{
	json_t *rep = json_object(), *snap = json_object(), *v;
	const char *source = opts->source;

	json_object_set_new(rep, "format", json_string("fabric-audit/report/v1"));
	json_object_set_new(rep, "created", fa_time_json(opts->now ? opts->now : time(NULL)));
	json_object_set_new(rep, "tool", json_pack("{s:s,s:s}", "name", "fabric-audit",
						   "version", PACKAGE_VERSION));
	v = json_object_get(snapshot, "created");
	if (json_is_string(v))
		json_object_set(snap, "created", v);
	if (!source)
		source = json_string_value(json_object_get(snapshot, "inventory"));
	if (source)
		json_object_set_new(snap, "source", json_string(source));
	json_object_set_new(rep, "snapshot", snap);
	return rep;
}

static json_t *fa_run_coverage(struct fa_run *run, json_t *warnings)
{
	json_t *cov = json_object(), *failed = json_array(), *w;
	size_t i, j, nok = 0;

	for (i = 0; i < run->ndevs; i++) {
		const struct fa_dev *d = &run->devs[i];
		const json_t *ws = json_object_get(d->json, "warnings"), *msg;

		json_array_foreach(ws, j, msg) {
			if (!json_is_string(msg))
				continue;
			w = json_object();
			json_object_set_new(w, "device", json_string(d->name));
			json_object_set(w, "message", (json_t *)msg);
			json_array_append_new(warnings, w);
		}
		if (d->ok) {
			nok++;
			continue;
		}
		w = json_object();
		json_object_set_new(w, "device", json_string(d->name));
		json_object_set(w, "status", json_object_get(d->json, "status"));
		if (json_is_string(json_object_get(d->json, "error")))
			json_object_set(w, "error", json_object_get(d->json, "error"));
		json_array_append_new(failed, w);
	}
	json_object_set_new(cov, "devices",
			    json_pack("{s:I,s:I,s:I}", "total", (json_int_t)run->ndevs, "ok",
				      (json_int_t)nok, "failed", (json_int_t)(run->ndevs - nok)));
	json_object_set_new(cov, "failed_devices", failed);
	return cov;
}

/* Every waiver of the run: whether it is in force, and how many findings it covered. */
static json_t *fa_run_waivers_json(const struct fa_run *run)
{
	json_t *list = json_array();
	size_t i;

	for (i = 0; i < run->waivers->n; i++) {
		const struct fa_waiver *w = &run->waivers->v[i];
		char *where = fa_xasprintf("%s:%d", run->waivers->source, w->line);
		json_t *j = json_pack("{s:s,s:s,s:s,s:s,s:s,s:s,s:I}", "rule", w->rule, "subject",
				      w->subject, "reason", w->reason, "expires", w->expires,
				      "source", where, "status",
				      fa_waiver_is_expired(w, run->now) ? "expired" : "active",
				      "matched", (json_int_t)run->waiver_hits[i]);

		if (w->field)
			json_object_set_new(j, "field", json_string(w->field));
		json_array_append_new(list, j);
		free(where);
	}
	return list;
}

/*
 * Why rule @r (with counts @c) applied to no subject: "parameter" when a condition of its
 * where that reads nothing but the pack's parameters is false (the rule is off until a site
 * sets that parameter), "no-subjects" when its scope had no subject at all (no links, no
 * cabling plan), else "where" (its where selected none of the subjects there were).
 */
static const char *fa_unmatched_reason(const struct fa_rule *r, const struct fa_counts *c)
{
	const struct fa_expr *conj[32];
	struct fa_eval ev = FA_EVAL_INIT;
	size_t i, n;
	int k;

	if (c->na == 0)
		return "no-subjects";
	if (!r->where)
		return "where";
	n = fa_expr_conjuncts(r->where, conj, sizeof(conj) / sizeof(conj[0]));
	ev.root[FA_ROOT_PARAMS] = r->pack->params;
	for (i = 0; i < n && i < sizeof(conj) / sizeof(conj[0]); i++) {
		for (k = 0; k < FA_ROOT_COUNT; k++)
			if (k != FA_ROOT_PARAMS && fa_expr_reads_root(conj[i], (enum fa_root)k))
				break;
		if (k == FA_ROOT_COUNT && fa_expr_test(conj[i], &ev) == FA_TRI_FALSE)
			return "parameter";
	}
	return "where";
}

/* The rule packs of the run: name, file, sha256 of the file and rule count, in load order. */
static json_t *fa_run_packs_json(const struct fa_ruleset *rs, json_t *sum)
{
	json_t *list = json_array();
	struct fa_sha256 all;
	char hex[FA_SHA256_HEX_LEN + 1];
	size_t i, k, nrules;

	/*
	 * The digest of the whole set: sha256 over one "<sha256>  <pack name>\n" line per pack,
	 * in load order, so the same packs give the same digest wherever they are installed.
	 */
	fa_sha256_init(&all);
	for (i = 0; i < rs->npacks; i++) {
		const struct fa_pack *p = rs->packs[i];
		char *real = realpath(p->file, NULL);
		const char *file = real ? real : p->file;
		json_t *o;

		for (k = 0, nrules = 0; k < rs->nrules; k++)
			if (rs->rules[k]->pack == p)
				nrules++;
		o = json_pack("{s:s,s:s,s:I}", "name", p->name, "file", file, "rules",
			      (json_int_t)nrules);
		/* The file was read at load; failing to read it again leaves no digest. */
		if (fa_sha256_file(p->file, hex, NULL) == 0) {
			json_object_set_new(o, "sha256", json_string(hex));
			fa_sha256_update(&all, hex, FA_SHA256_HEX_LEN);
			fa_sha256_update(&all, "  ", 2);
			fa_sha256_update(&all, p->name, strlen(p->name));
			fa_sha256_update(&all, "\n", 1);
		}
		free(real);
		json_array_append_new(list, o);
	}
	fa_sha256_hex(&all, hex);
	json_object_set_new(sum, "packs_digest", json_string(hex));
	return list;
}

int fa_engine_run(const struct fa_ruleset *rs, const json_t *snapshot,
		  const struct fa_engine_opts *opts, json_t **ret_report, struct fa_err *err)
{
	static const struct fa_engine_opts defaults = FA_ENGINE_OPTS_INIT;
	struct fa_run run;
	struct fa_counts *counts = NULL;
	size_t i, checks = 0, ne = 0, rules_failed = 0, by_sev[FA_SEVERITY_COUNT] = { 0 };
	size_t at_or_above = 0, nwaived = 0, nbatch = 0, root_causes;
	json_t *rep = NULL, *rules, *findings, *waived, *cov, *warnings, *sum, *accepted;
	json_t **ne_lists = NULL, *all_ne = json_array(), *unmatched = json_array();
	json_t *platform_na = json_array(), *topology = NULL;
	size_t nfailed_devs;
	struct fa_batch_rule *batch = NULL;
	const char *verdict;
	int rc;

	if (!opts)
		opts = &defaults;
	memset(&run, 0, sizeof(run));
	run.rs = rs;
	run.opts = opts;
	run.dev_ix = json_object();
	run.plan = opts->plan;
	run.waivers = opts->waivers;
	run.now = opts->now ? opts->now : time(NULL);
	if (run.waivers)
		run.waiver_hits = fa_xcalloc(run.waivers->n + 1, sizeof(*run.waiver_hits));
	fa_buf_init(&run.text, 0);
	if (opts->fail_on < 0 || opts->fail_on >= FA_SEVERITY_COUNT) {
		rc = fa_err_set(err, FA_EINVAL, "fail-on severity %d is out of range",
				opts->fail_on);
		goto out;
	}
	rc = fa_run_index_topo(&run, snapshot, opts->threads, err);
	if (rc < 0)
		goto out;
	run.rkeys = fa_root_keys_new(rs->paths);

	rep = fa_report_head(snapshot, opts);
	rules = json_array();
	counts = fa_xcalloc(rs->nrules + 1, sizeof(*counts));
	ne_lists = fa_xcalloc(rs->nrules + 1, sizeof(*ne_lists));
	batch = fa_xcalloc(rs->nrules + 1, sizeof(*batch));
	for (i = 0; i < rs->nrules; i++) {
		const struct fa_rule *r = rs->rules[i];

		ne_lists[i] = json_array();
		if (r->scope == FA_SCOPE_DEVICE || r->scope == FA_SCOPE_PORT ||
		    r->scope == FA_SCOPE_LINK || r->scope == FA_SCOPE_GROUP) {
			memset(&batch[nbatch], 0, sizeof(batch[nbatch]));
			batch[nbatch].r = r;
			batch[nbatch].counts = &counts[i];
			batch[nbatch].ne = ne_lists[i];
			nbatch++;
		}
	}
	fa_run_all(&run, batch, nbatch, counts, ne_lists, opts->threads, snapshot, &topology);
	for (i = 0; i < rs->nrules; i++) {
		const struct fa_rule *r = rs->rules[i];
		size_t pna = 0;
		unsigned pb;
		json_t *o;

		for (pb = 0; pb < FA_PBITS; pb++) {
			if (!counts[i].platform_na[pb])
				continue;
			pna += counts[i].platform_na[pb];
			json_array_append_new(platform_na,
					      json_pack("{s:s,s:s,s:I}", "rule", r->id, "platform",
							fa_platform_bit_name(pb), "subjects",
							(json_int_t)counts[i].platform_na[pb]));
		}

		json_array_extend(all_ne, ne_lists[i]);
		o = json_object();
		json_object_set_new(o, "id", json_string(r->id));
		json_object_set_new(o, "title", json_string(r->title));
		json_object_set_new(o, "category", json_string(r->category));
		json_object_set_new(o, "severity",
				    json_string(fa_severity_to_string(r->severity)));
		json_object_set_new(o, "scope", json_string(fa_scope_to_string(r->scope)));
		json_object_set_new(o, "pack", json_string(r->pack->name));
		json_object_set_new(o, "counts", fa_counts_json(&counts[i]));
		json_array_append_new(rules, o);
		checks += counts[i].pass + counts[i].fail + counts[i].waived + counts[i].ne;
		ne += counts[i].ne;
		if (counts[i].fail)
			rules_failed++;
		/* Only platforms it does not select: not a rule that matched nothing by mistake. */
		if (counts[i].pass + counts[i].fail + counts[i].waived + counts[i].ne == 0 &&
		    !(pna > 0 && counts[i].na == 0))
			json_array_append_new(unmatched,
					      json_pack("{s:s,s:s,s:s,s:s,s:I}", "rule", r->id,
							"pack", r->pack->name, "scope",
							fa_scope_to_string(r->scope), "reason",
							fa_unmatched_reason(r, &counts[i]),
							"notapplicable",
							(json_int_t)counts[i].na));
	}
	json_object_set_new(rep, "rules", rules);

	if (run.nfound)
		qsort(run.found, run.nfound, sizeof(*run.found), fa_found_cmp);
	findings = json_array();
	waived = json_array();
	for (i = 0; i < run.nfound; i++) {
		if (run.found[i].waived) {
			json_array_append(waived, run.found[i].obj);
			nwaived++;
			continue;
		}
		by_sev[run.found[i].severity]++;
		if (run.found[i].severity <= opts->fail_on)
			at_or_above++;
		json_array_append(findings, run.found[i].obj);
	}

	fa_findings_relate(findings);
	root_causes = fa_findings_group(findings, rs);
	fa_findings_order_by_group(findings);

	warnings = json_array();
	cov = fa_run_coverage(&run, warnings);
	json_object_set(cov, "not_evaluable", all_ne);
	json_object_set(cov, "unmatched_rules", unmatched);
	json_object_set(cov, "not_applicable_platforms", platform_na);

	/* Pass only when everything was checked; accepting less changes the exit code only. */
	nfailed_devs = json_array_size(json_object_get(cov, "failed_devices"));
	if (at_or_above)
		verdict = "fail";
	else if (ne || nfailed_devs)
		verdict = "incomplete";
	else
		verdict = "pass";
	sum = json_object();
	json_object_set_new(sum, "verdict", json_string(verdict));
	json_object_set_new(sum, "incomplete", json_boolean(ne || nfailed_devs));
	if (opts->allow_incomplete && (ne || nfailed_devs)) {
		const json_t *fd;
		json_t *names = json_array();

		json_array_foreach(json_object_get(cov, "failed_devices"), i, fd)
			json_array_append(names, json_object_get(fd, "device"));
		accepted = json_pack("{s:o,s:I}", "devices", names, "not_evaluable",
				     (json_int_t)ne);
		json_object_set_new(sum, "accepted_incomplete", accepted);
	}
	json_object_set_new(sum, "findings", json_integer((json_int_t)(run.nfound - nwaived)));
	json_object_set_new(sum, "root_causes", json_integer((json_int_t)root_causes));
	json_object_set_new(sum, "waived", json_integer((json_int_t)nwaived));
	json_object_set_new(sum, "by_severity",
			    json_pack("{s:I,s:I,s:I}", "error", (json_int_t)by_sev[0], "warning",
				      (json_int_t)by_sev[1], "info", (json_int_t)by_sev[2]));
	json_object_set_new(sum, "rules", json_integer((json_int_t)rs->nrules));
	json_object_set_new(sum, "rules_failed", json_integer((json_int_t)rules_failed));
	json_object_set_new(sum, "checks", json_integer((json_int_t)checks));
	json_object_set_new(sum, "not_evaluable", json_integer((json_int_t)ne));
	json_object_set_new(sum, "rules_unmatched",
			    json_integer((json_int_t)json_array_size(unmatched)));
	json_object_set_new(rep, "packs", fa_run_packs_json(rs, sum));
	json_object_set_new(rep, "summary", sum);
	json_object_set_new(rep, "coverage", cov);
	json_object_set_new(rep, "warnings", warnings);
	json_object_set_new(rep, "findings", findings);
	json_object_set_new(rep, "waived", waived);
	json_object_set_new(rep, "topology", FA_TAKE_PTR(topology));
	if (run.waivers)
		json_object_set_new(rep, "waivers", fa_run_waivers_json(&run));
	*ret_report = FA_TAKE_PTR(rep);
	rc = 0;
out:
	json_decref(rep);
	for (i = 0; i < run.nfound; i++) {
		free(run.found[i].subject_text);
		json_decref(run.found[i].obj);
	}
	free(run.found);
	free(run.devs);
	for (i = 0; ne_lists && i < rs->nrules; i++)
		json_decref(ne_lists[i]);
	free(ne_lists);
	free(batch);
	json_decref(all_ne);
	json_decref(unmatched);
	json_decref(platform_na);
	json_decref(topology);
	free(counts);
	json_decref(run.dev_ix);
	fa_buf_release(&run.text);
	fa_topo_free(run.topo);
	fa_root_keys_free(run.rkeys);
	json_decref(run.fabric);
	fa_plan_subjects_free(run.psubj, run.npsubj);
	free(run.waiver_hits);
	return rc;
}

int fa_engine_exit_code(const json_t *report, const struct fa_engine_opts *opts)
{
	static const struct fa_engine_opts defaults = FA_ENGINE_OPTS_INIT;
	const json_t *findings = json_object_get(report, "findings"), *f;
	const json_t *cov = json_object_get(report, "coverage");
	size_t i;

	if (!opts)
		opts = &defaults;
	json_array_foreach(findings, i, f) {
		const char *sev = json_string_value(json_object_get(f, "severity"));
		int s = sev ? fa_severity_from_string(sev) : -1;

		if (s >= 0 && s <= opts->fail_on)
			return 1;
	}
	if (!opts->allow_incomplete &&
	    (json_integer_value(json_object_get(json_object_get(report, "summary"),
						"not_evaluable")) > 0 ||
	     json_array_size(json_object_get(cov, "failed_devices")) > 0))
		return 2;
	return 0;
}

/* ---- examples -------------------------------------------------------------------------- */

struct fa_example_tally {
	size_t pass, fail, na, ne;
	char why[300];
};

static void fa_example_outcome(void *data, const struct fa_outcome *o)
{
	struct fa_example_tally *t = data;

	switch (o->res) {
	case FA_RES_PASS:
		t->pass++;
		break;
	case FA_RES_FAIL:
		t->fail++;
		break;
	case FA_RES_NA:
		t->na++;
		break;
	case FA_RES_NE:
		t->ne++;
		if (!t->why[0])
			snprintf(t->why, sizeof(t->why), "%s%s", o->missing ? "missing " : "",
				 o->missing ? o->missing : o->error);
		break;
	}
}

/* New reference: the pack's declared parameters with the example's "params" applied. */
static json_t *fa_example_params(const struct fa_rule *r, const struct fa_example *ex)
{
	const json_t *own = json_is_object(ex->bindings) ?
				    json_object_get(ex->bindings, "params") : NULL;
	json_t *p = json_deep_copy(r->pack->params_default);

	if (json_is_object(own))
		json_object_update(p, (json_t *)own);
	return p;
}

/* A path, fabric or plan example: the rule on a small snapshot, as in a run. */
static void fa_example_run_snapshot(const struct fa_rule *r, const struct fa_example *ex,
				    struct fa_example_tally *t)
{
	struct fa_sink sink = { fa_example_outcome, t };
	struct fa_plan *plan = NULL;
	struct fa_err err = FA_ERR_INIT;
	struct fa_counts counts;
	struct fa_run run;
	json_t *params;

	memset(&run, 0, sizeof(run));
	memset(&counts, 0, sizeof(counts));
	run.dev_ix = json_object();
	run.not_evaluable = json_array();
	run.counts = &counts;
	run.examples = true;
	run.example_params = params = fa_example_params(r, ex);
	fa_buf_init(&run.text, 0);
	if (fa_run_index(&run, ex->bindings, &err) < 0 ||
	    (json_object_get(ex->bindings, "plan") &&
	     fa_plan_from_json(json_object_get(ex->bindings, "plan"), r->pack->file, &plan,
			       &err) < 0)) {
		t->ne++;
		snprintf(t->why, sizeof(t->why), "%s", err.msg);
		goto out;
	}
	run.topo = fa_topo_new(ex->bindings);
	run.plan = plan;
	fa_run_rule(&run, r, &sink);
out:
	free(run.devs);
	json_decref(run.dev_ix);
	json_decref(run.not_evaluable);
	fa_buf_release(&run.text);
	fa_topo_free(run.topo);
	json_decref(run.fabric);
	fa_plan_subjects_free(run.psubj, run.npsubj);
	fa_plan_free(plan);
	json_decref(params);
}

static void fa_example_run(const struct fa_rule *r, const struct fa_example *ex,
			   struct fa_example_tally *t)
{
	struct fa_sink sink = { fa_example_outcome, t };
	struct fa_eval ev = FA_EVAL_INIT;
	struct fa_subject subj = { .scope = r->scope };
	const json_t *b = ex->bindings, *a, *bb;
	struct fa_member *m;
	json_t *params;
	size_t i, n;

	switch (r->scope) {
	case FA_SCOPE_PATH:
	case FA_SCOPE_FABRIC:
	case FA_SCOPE_PLAN:
		fa_example_run_snapshot(r, ex, t);
		return;
	default:
		break;
	}
	if (r->scope == FA_SCOPE_GROUP && json_is_object(b)) {
		/* A small snapshot: every device or port of it is a member. */
		fa_example_run_snapshot(r, ex, t);
		return;
	}
	params = fa_example_params(r, ex);
	switch (r->scope) {
	case FA_SCOPE_GROUP:
		n = json_array_size(b);
		m = fa_xcalloc(n + 1, sizeof(*m));
		for (i = 0; i < n; i++) {
			const json_t *x = json_array_get(b, i);

			m[i].dev = json_object_get(x, "device");
			m[i].port = json_object_get(x, "port");
		}
		fa_evaluate_group(r, params, m, n, &sink);
		free(m);
		json_decref(params);
		return;
	case FA_SCOPE_LINK:
		a = json_object_get(b, "a");
		bb = json_object_get(b, "b");
		ev.root[FA_ROOT_A_DEVICE] = json_object_get(a, "device");
		ev.root[FA_ROOT_A_PORT] = json_object_get(a, "port");
		ev.root[FA_ROOT_B_DEVICE] = json_object_get(bb, "device");
		ev.root[FA_ROOT_B_PORT] = json_object_get(bb, "port");
		ev.root[FA_ROOT_LINK] = json_object_get(b, "link");
		subj.adev = fa_name_or(ev.root[FA_ROOT_A_DEVICE]);
		subj.aport = fa_name_or(ev.root[FA_ROOT_A_PORT]);
		subj.bdev = fa_name_or(ev.root[FA_ROOT_B_DEVICE]);
		subj.bport = fa_name_or(ev.root[FA_ROOT_B_PORT]);
		break;
	default:
		ev.root[FA_ROOT_DEVICE] = json_object_get(b, "device");
		ev.root[FA_ROOT_PORT] = json_object_get(b, "port");
		subj.dev = fa_name_or(ev.root[FA_ROOT_DEVICE]);
		subj.port = ev.root[FA_ROOT_PORT] ? fa_name_or(ev.root[FA_ROOT_PORT]) : NULL;
		break;
	}
	ev.root[FA_ROOT_PARAMS] = params;
	fa_evaluate_subject(r, &ev, &subj, &sink, NULL);
	json_decref(params);
}

/* Does example @k of @r hold?  If not, the error (file:line:column) goes into @err. */
static int fa_example_check(const struct fa_rule *r, size_t k, struct fa_err *err)
{
	const struct fa_example *ex = &r->examples[k];
	struct fa_example_tally t;
	char got[400];

	memset(&t, 0, sizeof(t));
	fa_example_run(r, ex, &t);
	if (ex->pass && t.pass && !t.fail && !t.ne)
		return 0;
	if (!ex->pass && t.fail)
		return 0;
	if (t.fail)
		snprintf(got, sizeof(got), "fails");
	else if (t.ne)
		snprintf(got, sizeof(got), "is not evaluable (%s)", t.why);
	else if (t.pass)
		snprintf(got, sizeof(got), "passes");
	else
		snprintf(got, sizeof(got), "is not applicable (where is false)");
	return fa_err_at(err, FA_EINVAL, r->pack->file, ex->line, ex->column,
			 "rule '%s': this %s example %s", r->id, ex->pass ? "pass" : "fail", got);
}

int fa_ruleset_check_examples(const struct fa_ruleset *rs, struct fa_err *err)
{
	size_t i, k;
	int rc;

	for (i = 0; i < rs->nrules; i++)
		for (k = 0; k < rs->rules[i]->nexamples; k++)
			if ((rc = fa_example_check(rs->rules[i], k, err)) < 0)
				return rc;
	return 0;
}

static void fa_lint_add(json_t *problems, const struct fa_err *e)
{
	char line[800];

	json_array_append_new(problems, json_string(fa_err_format(e, line, sizeof(line))));
}

size_t fa_ruleset_lint(const struct fa_ruleset *rs, json_t *problems)
{
	size_t i, k, n = 0, npass, nfail;

	for (i = 0; i < rs->nrules; i++) {
		const struct fa_rule *r = rs->rules[i];
		struct fa_err e = FA_ERR_INIT;

		npass = nfail = 0;
		for (k = 0; k < r->nexamples; k++) {
			if (r->examples[k].pass)
				npass++;
			else
				nfail++;
			if (fa_example_check(r, k, &e) < 0) {
				fa_lint_add(problems, &e);
				n++;
			}
		}
		if (!r->rationale) {
			fa_err_at(&e, FA_EINVAL, r->pack->file, r->line, 0,
				  "rule '%s' has no rationale (say why it matters)", r->id);
			fa_lint_add(problems, &e);
			n++;
		}
		if (!npass || !nfail) {
			fa_err_at(&e, FA_EINVAL, r->pack->file, r->line, 0,
				  "rule '%s' needs at least one pass and one fail example (it has "
				  "%zu and %zu)", r->id, npass, nfail);
			fa_lint_add(problems, &e);
			n++;
		}
	}
	return n;
}
