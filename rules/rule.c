/* SPDX-License-Identifier: MIT */
/*
 * Rule and rule set basics: the scope and category vocabularies, subject texts, message
 * templates, and the rule set container (lookup, listing, parameters, freeing).
 *
 * A template is a sequence of parts: literal text, an expression, or a part of the subject's
 * text.  It is parsed at load time like every expression, so rendering a message for a
 * finding only evaluates.
 */
#include "config.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "drivers/platform.h"
#include "audit/util/xalloc.h"
#include "rules/rule.h"
#include "audit/util/banned.h"

static const char *const fa_scope_names[FA_SCOPE_COUNT] = {
	[FA_SCOPE_DEVICE] = "device",
	[FA_SCOPE_PORT] = "port",
	[FA_SCOPE_LINK] = "link",
	[FA_SCOPE_GROUP] = "group",
	[FA_SCOPE_PATH] = "path",
	[FA_SCOPE_FABRIC] = "fabric",
	[FA_SCOPE_PLAN] = "plan",
};

/* docs/rules.md lists these; the report's category is always one of them. */
static const char *const fa_categories[] = {
	"cabling", "driver", "ecn", "ets", "firmware", "health", "mtu", "pfc", "pkey", "software",
	"speed", "state", "topology", "trust",
};

const char *fa_scope_to_string(enum fa_scope s)
{
	if ((unsigned)s >= FA_SCOPE_COUNT)
		return "unknown";
	return fa_scope_names[s];
}

int fa_scope_from_string(const char *s)
{
	int i;

	for (i = 0; i < FA_SCOPE_COUNT; i++)
		if (strcmp(fa_scope_names[i], s) == 0)
			return i;
	return -1;
}

bool fa_category_is_known(const char *s)
{
	size_t i;

	for (i = 0; i < sizeof(fa_categories) / sizeof(fa_categories[0]); i++)
		if (strcmp(fa_categories[i], s) == 0)
			return true;
	return false;
}

/* ---- subjects -------------------------------------------------------------------------- */

static void fa_end_text(const char *dev, const char *port, struct fa_buf *out)
{
	fa_buf_addf(out, "%s:%s", dev ? dev : "?", port ? port : "?");
}

void fa_subject_text(const struct fa_subject *s, enum fa_subject_part part, struct fa_buf *out)
{
	switch (part) {
	case FA_SUBJ_DEVICE:
		fa_buf_adds(out, s->dev ? s->dev : "?");
		return;
	case FA_SUBJ_PORT:
		fa_end_text(s->dev, s->port, out);
		return;
	case FA_SUBJ_A:
		fa_end_text(s->adev, s->aport, out);
		return;
	case FA_SUBJ_B:
		fa_end_text(s->bdev, s->bport, out);
		return;
	case FA_SUBJ_LINK:
		fa_end_text(s->adev, s->aport, out);
		fa_buf_adds(out, " -- ");
		fa_end_text(s->bdev, s->bport, out);
		return;
	case FA_SUBJ_WHOLE:
	default:
		break;
	}
	switch (s->scope) {
	case FA_SCOPE_DEVICE:
		fa_subject_text(s, FA_SUBJ_DEVICE, out);
		break;
	case FA_SCOPE_PORT:
		fa_subject_text(s, FA_SUBJ_PORT, out);
		break;
	case FA_SCOPE_LINK:
	case FA_SCOPE_PLAN:
		fa_subject_text(s, FA_SUBJ_LINK, out);
		break;
	case FA_SCOPE_PATH:
		if (s->adev) {
			fa_subject_text(s, FA_SUBJ_LINK, out);
			fa_buf_adds(out, " (path from ");
		} else {
			fa_buf_adds(out, "path from ");
		}
		fa_subject_text(s, FA_SUBJ_PORT, out);
		if (s->adev)
			fa_buf_addch(out, ')');
		break;
	case FA_SCOPE_FABRIC:
		if (s->item)
			fa_buf_addf(out, "fabric[%s]", s->item);
		else
			fa_buf_adds(out, s->dev ? s->dev : "fabric");
		break;
	case FA_SCOPE_GROUP:
	default:
		fa_subject_text(s, s->port ? FA_SUBJ_PORT : FA_SUBJ_DEVICE, out);
		/* A member that never got a key (not evaluable) is named without one. */
		if (s->group) {
			fa_buf_adds(out, " (group ");
			fa_value_text(s->group, out);
			fa_buf_addch(out, ')');
		}
		break;
	}
}

/* ---- templates ------------------------------------------------------------------------- */

enum fa_tmpl_kind { FA_TMPL_TEXT, FA_TMPL_EXPR, FA_TMPL_SUBJECT };

struct fa_tmpl_part {
	enum fa_tmpl_kind kind;
	char *text;			/* FA_TMPL_TEXT */
	struct fa_expr *expr;		/* FA_TMPL_EXPR */
	enum fa_subject_part subject;	/* FA_TMPL_SUBJECT */
};

struct fa_tmpl {
	struct fa_tmpl_part *parts;
	size_t n;
};

static const struct {
	const char *name;
	enum fa_subject_part part;
	enum fa_root needs;	/* the placeholder is valid where this root is */
} fa_subject_names[] = {
	{ "a", FA_SUBJ_A, FA_ROOT_A_PORT },
	{ "b", FA_SUBJ_B, FA_ROOT_B_PORT },
	{ "device", FA_SUBJ_DEVICE, FA_ROOT_DEVICE },
	{ "link", FA_SUBJ_LINK, FA_ROOT_LINK },
	{ "port", FA_SUBJ_PORT, FA_ROOT_PORT },
	{ "subject", FA_SUBJ_WHOLE, FA_ROOT_PARAMS },
};

static struct fa_tmpl_part *fa_tmpl_add(struct fa_tmpl *t, enum fa_tmpl_kind kind)
{
	struct fa_tmpl_part *p;

	t->parts = fa_xreallocarray(t->parts, t->n + 1, sizeof(*t->parts));
	p = &t->parts[t->n++];
	memset(p, 0, sizeof(*p));
	p->kind = kind;
	return p;
}

static void fa_tmpl_add_text(struct fa_tmpl *t, struct fa_buf *lit)
{
	if (lit->len == 0)
		return;
	fa_tmpl_add(t, FA_TMPL_TEXT)->text = fa_buf_detach(lit, NULL);
}

/* Offset of the '}' closing the placeholder opened at @open, skipping quoted strings. */
static const char *fa_tmpl_close(const char *open)
{
	const char *p = open + 1;
	char quote = 0;

	for (; *p; p++) {
		if (quote) {
			if (*p == '\\' && p[1])
				p++;
			else if (*p == quote)
				quote = 0;
		} else if (*p == '\'' || *p == '"') {
			quote = *p;
		} else if (*p == '}') {
			return p;
		} else if (*p == '{') {
			/* "{a {b}" lacks a '}': say so at the first brace, not at "{b". */
			return NULL;
		}
	}
	return NULL;
}

int fa_tmpl_parse(const char *text, const struct fa_expr_opts *opts, struct fa_tmpl **ret,
		  struct fa_err *err)
{
	struct fa_tmpl *t = fa_xcalloc(1, sizeof(*t));
	struct fa_buf lit = FA_BUF_INIT;
	const char *p = text;
	int r = -FA_EPARSE;
	size_t i;

	while (*p) {
		const char *close, *b, *e;
		char *inner;

		if ((p[0] == '{' && p[1] == '{') || (p[0] == '}' && p[1] == '}')) {
			fa_buf_addch(&lit, p[0]);
			p += 2;
			continue;
		}
		if (*p == '}') {
			fa_err_at(err, FA_EPARSE, "", 0, (int)(p - text) + 1,
				  "unmatched '}' (write '}}' for a brace)");
			goto out;
		}
		if (*p != '{') {
			fa_buf_addch(&lit, *p++);
			continue;
		}
		close = fa_tmpl_close(p);
		if (!close) {
			fa_err_at(err, FA_EPARSE, "", 0, (int)(p - text) + 1,
				  "unterminated placeholder (write '{{' for a brace)");
			goto out;
		}
		for (b = p + 1; b < close && (*b == ' ' || *b == '\t'); b++)
			;
		for (e = close; e > b && (e[-1] == ' ' || e[-1] == '\t'); e--)
			;
		if (b == e) {
			fa_err_at(err, FA_EPARSE, "", 0, (int)(p - text) + 1, "empty placeholder");
			goto out;
		}
		fa_tmpl_add_text(t, &lit);
		inner = fa_xstrndup(b, (size_t)(e - b));
		for (i = 0; i < sizeof(fa_subject_names) / sizeof(fa_subject_names[0]); i++)
			if (strcmp(inner, fa_subject_names[i].name) == 0 &&
			    (opts->roots & FA_ROOT_BIT(fa_subject_names[i].needs)))
				break;
		if (i < sizeof(fa_subject_names) / sizeof(fa_subject_names[0])) {
			fa_tmpl_add(t, FA_TMPL_SUBJECT)->subject = fa_subject_names[i].part;
		} else {
			struct fa_expr *x = NULL;

			if (fa_expr_parse(inner, opts, &x, err) < 0) {
				if (err)
					err->column += (int)(b - text);
				free(inner);
				goto out;
			}
			fa_tmpl_add(t, FA_TMPL_EXPR)->expr = x;
		}
		free(inner);
		p = close + 1;
	}
	fa_tmpl_add_text(t, &lit);
	*ret = FA_TAKE_PTR(t);
	r = 0;
out:
	fa_buf_release(&lit);
	fa_tmpl_free(t);
	return r;
}

void fa_tmpl_free(struct fa_tmpl *t)
{
	size_t i;

	if (!t)
		return;
	for (i = 0; i < t->n; i++) {
		free(t->parts[i].text);
		fa_expr_free(t->parts[i].expr);
	}
	free(t->parts);
	free(t);
}

/* Can @s (of @n bytes) stand in a command line as one word or a list, without quoting? */
static bool fa_tmpl_is_plain(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
		      (s[i] >= '0' && s[i] <= '9') || strchr("._:/@+,=-[] ", s[i])))
			return false;
	return true;
}

/* Render @t; with @plain, stop at a filled-in value that is not plain (returns -1). */
static int fa_tmpl_render_parts(const struct fa_tmpl *t, struct fa_eval *ev,
				const struct fa_subject *subj, bool plain, struct fa_buf *out)
{
	const char *saved = ev->missing;
	int r = 0;
	size_t i;

	for (i = 0; i < t->n && r == 0; i++) {
		const struct fa_tmpl_part *p = &t->parts[i];
		size_t start = out->len;
		json_t *v = NULL;

		switch (p->kind) {
		case FA_TMPL_TEXT:
			fa_buf_adds(out, p->text);
			continue;
		case FA_TMPL_SUBJECT:
			fa_subject_text(subj, p->subject, out);
			break;
		case FA_TMPL_EXPR:
			if (fa_expr_eval(p->expr, ev, &v) == FA_EVAL_VALUE) {
				fa_value_text(v, out);
				json_decref(v);
			} else {
				fa_buf_adds(out, "(missing)");
				r = plain ? -1 : 0;
			}
			break;
		}
		if (plain && !fa_tmpl_is_plain(out->buf + start, out->len - start))
			r = -1;
	}
	/* Rendering must not change what the evaluation reported. */
	ev->missing = saved;
	return r;
}

void fa_tmpl_render(const struct fa_tmpl *t, struct fa_eval *ev, const struct fa_subject *subj,
		    struct fa_buf *out)
{
	fa_tmpl_render_parts(t, ev, subj, false, out);
}

int fa_tmpl_render_plain(const struct fa_tmpl *t, struct fa_eval *ev,
			 const struct fa_subject *subj, struct fa_buf *out)
{
	return fa_tmpl_render_parts(t, ev, subj, true, out);
}

/* ---- rules and rule sets --------------------------------------------------------------- */

unsigned fa_platform_bit(const char *name)
{
	unsigned i;

	for (i = 0; name && fa_platforms[i] && i < FA_PLATFORM_OTHER; i++)
		if (strcmp(fa_platforms[i]->name, name) == 0)
			return i;
	return FA_PLATFORM_OTHER;
}

const char *fa_platform_bit_name(unsigned bit)
{
	unsigned i;

	for (i = 0; fa_platforms[i] && i < FA_PLATFORM_OTHER; i++)
		if (i == bit)
			return fa_platforms[i]->name;
	return "other";
}

void fa_rule_free(struct fa_rule *r)
{
	size_t i, j;

	if (!r)
		return;
	free(r->id);
	free(r->title);
	free(r->category);
	free(r->rationale);
	fa_expr_free(r->where);
	fa_expr_free(r->expect);
	fa_expr_free(r->group_by);
	fa_expr_free(r->for_each);
	fa_tmpl_free(r->message);
	fa_tmpl_free(r->expected);
	fa_tmpl_free(r->actual);
	for (i = 0; i < FA_PLATFORM_BITS; i++) {
		for (j = 0; j < r->fix.nlines[i]; j++)
			fa_tmpl_free(r->fix.lines[i][j]);
		free(r->fix.lines[i]);
	}
	fa_tmpl_free(r->fix.note);
	json_decref(r->tags);
	json_decref(r->source);
	json_decref(r->platform_names);
	for (i = 0; i < r->nexamples; i++)
		json_decref(r->examples[i].bindings);
	free(r->examples);
	free(r);
}

void fa_pack_free(struct fa_pack *p)
{
	if (!p)
		return;
	free(p->name);
	free(p->description);
	free(p->file);
	json_decref(p->params);
	json_decref(p->params_default);
	free(p);
}

struct fa_ruleset *fa_ruleset_new(void)
{
	return fa_xcalloc(1, sizeof(struct fa_ruleset));
}

void fa_ruleset_free(struct fa_ruleset *rs)
{
	size_t i;

	if (!rs)
		return;
	for (i = 0; i < rs->nrules; i++)
		fa_rule_free(rs->rules[i]);
	free(rs->rules);
	for (i = 0; i < rs->npacks; i++)
		fa_pack_free(rs->packs[i]);
	free(rs->packs);
	json_decref(rs->paths);
	free(rs);
}

size_t fa_ruleset_count(const struct fa_ruleset *rs)
{
	return rs->nrules;
}

static int fa_rule_cmp_id(const void *key, const void *elem)
{
	const struct fa_rule *const *r = elem;

	return strcmp(key, (*r)->id);
}

const struct fa_rule *fa_ruleset_find(const struct fa_ruleset *rs, const char *id)
{
	struct fa_rule *const *r;

	if (!rs->nrules)
		return NULL;
	r = bsearch(id, rs->rules, rs->nrules, sizeof(*rs->rules), fa_rule_cmp_id);
	return r ? *r : NULL;
}

bool fa_rule_matches(const struct fa_rule *r, const char *pattern)
{
	const json_t *tag;
	size_t i;

	if (fnmatch(pattern, r->id, 0) == 0 || fnmatch(pattern, r->category, 0) == 0)
		return true;
	json_array_foreach(r->tags, i, tag)
		if (fnmatch(pattern, json_string_value(tag), 0) == 0)
			return true;
	return false;
}

size_t fa_ruleset_select(struct fa_ruleset *rs, const char *const *select, size_t nselect,
			 const char *const *skip, size_t nskip)
{
	size_t i, j, n = 0;

	for (i = 0; i < rs->nrules; i++) {
		struct fa_rule *r = rs->rules[i];
		bool keep = nselect == 0;

		for (j = 0; j < nselect && !keep; j++)
			keep = fa_rule_matches(r, select[j]);
		for (j = 0; j < nskip && keep; j++)
			keep = !fa_rule_matches(r, skip[j]);
		if (keep)
			rs->rules[n++] = r;
		else
			fa_rule_free(r);
	}
	rs->nrules = n;
	return n;
}

json_t *fa_ruleset_list_json(const struct fa_ruleset *rs)
{
	json_t *list = json_array();
	size_t i;

	for (i = 0; i < rs->nrules; i++) {
		const struct fa_rule *r = rs->rules[i];
		json_t *o = json_object();

		json_object_set_new(o, "id", json_string(r->id));
		json_object_set_new(o, "title", json_string(r->title));
		json_object_set_new(o, "category", json_string(r->category));
		json_object_set_new(o, "severity", json_string(fa_severity_to_string(r->severity)));
		json_object_set_new(o, "scope", json_string(fa_scope_to_string(r->scope)));
		json_object_set_new(o, "pack", json_string(r->pack->name));
		json_object_set(o, "tags", r->tags);
		if (r->platform_names)
			json_object_set(o, "platforms", r->platform_names);
		if (r->rationale)
			json_object_set_new(o, "rationale", json_string(r->rationale));
		json_array_append_new(list, o);
	}
	return list;
}

static bool fa_same_type(const json_t *a, const json_t *b)
{
	if (json_is_number(a))
		return json_is_number(b);
	if (json_is_boolean(a))
		return json_is_boolean(b);
	return json_typeof(a) == json_typeof(b);
}

int fa_ruleset_set_param(struct fa_ruleset *rs, const char *name, const json_t *value,
			 struct fa_err *err)
{
	size_t i, found = 0;

	for (i = 0; i < rs->npacks; i++) {
		const json_t *old = json_object_get(rs->packs[i]->params_default, name);

		if (!old)
			continue;
		if (!fa_same_type(old, value))
			return fa_err_set(err, FA_EINVAL,
					  "parameter '%s' of pack '%s' takes a value of the type "
					  "of its default", name, rs->packs[i]->name);
	}
	for (i = 0; i < rs->npacks; i++) {
		if (!json_object_get(rs->packs[i]->params_default, name))
			continue;
		json_object_set_new(rs->packs[i]->params, name, json_deep_copy(value));
		found++;
	}
	if (!found)
		return fa_err_set(err, FA_ENOENT, "no loaded rule pack has a parameter '%s'", name);
	return 0;
}
