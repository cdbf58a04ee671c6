/* SPDX-License-Identifier: MIT */
/*
 * Rules and rule packs as loaded (rule-load.c), shared by the loader and the engine.
 *
 * A pack is one file: a name, parameters and rules.  A rule is parsed completely at load:
 * where, expect and group_by are expression trees, message/expected/actual are templates
 * (text with {expression} placeholders).  Nothing of a rule is re-parsed while evaluating.
 *
 * A subject is what one evaluation is about (a device, a port, a link, a group member); its
 * text form is what the report calls subject_text.
 */
#ifndef FA_RULES_RULE_H
#define FA_RULES_RULE_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "audit/engine.h"
#include "audit/util/buf.h"
#include "rules/expr.h"

enum fa_scope {
	FA_SCOPE_DEVICE,
	FA_SCOPE_PORT,
	FA_SCOPE_LINK,
	FA_SCOPE_GROUP,
	FA_SCOPE_COUNT
};

const char *fa_scope_to_string(enum fa_scope s);
/* -1 when @s names no scope. */
int fa_scope_from_string(const char *s);
/* Is @s one of the categories of docs/rules.md? */
bool fa_category_is_known(const char *s);

/* What a rule is being evaluated on. */
struct fa_subject {
	enum fa_scope scope;	/* group: a member, with @dev and (over ports) @port */
	const char *dev, *port;		/* device, port, group member */
	const char *adev, *aport;	/* link end a */
	const char *bdev, *bport;	/* link end b */
	const json_t *group;		/* group key (borrowed) */
};

/* Which text of a subject: the whole, or one part. */
enum fa_subject_part {
	FA_SUBJ_WHOLE,		/* the report's subject_text */
	FA_SUBJ_DEVICE,		/* D */
	FA_SUBJ_PORT,		/* D:P */
	FA_SUBJ_A,		/* D1:P1 */
	FA_SUBJ_B,		/* D2:P2 */
	FA_SUBJ_LINK,		/* D1:P1 -- D2:P2 */
};

/* Append the text of @part of @s to @out. */
void fa_subject_text(const struct fa_subject *s, enum fa_subject_part part, struct fa_buf *out);

struct fa_tmpl;

/*
 * Parse a template: text with {expression} placeholders ({{ and }} are literal braces).
 * {a}, {b}, {port}, {device}, {link} and {subject} are the subject's text.  Errors: -FA_EPARSE
 * with err->column the 1-based column within @text.
 */
int fa_tmpl_parse(const char *text, const struct fa_expr_opts *opts, struct fa_tmpl **ret,
		  struct fa_err *err);
void fa_tmpl_free(struct fa_tmpl *t);
/* Append the rendering to @out; a placeholder that cannot be evaluated reads "(missing)". */
void fa_tmpl_render(const struct fa_tmpl *t, struct fa_eval *ev, const struct fa_subject *subj,
		    struct fa_buf *out);

struct fa_pack {
	char *name;
	char *description;
	char *file;
	json_t *params;		/* current values, site overrides applied */
	json_t *params_default;	/* as declared: what the examples run with */
};

/* One example of a rule: bindings as its scope sees them, and the outcome it must have. */
struct fa_example {
	json_t *bindings;	/* object (device, port, link scope) or array of members (group) */
	bool pass;
	int line, column;	/* where it is written */
};

struct fa_rule {
	char *id;
	char *title;
	char *category;
	char *rationale;	/* NULL when not given */
	enum fa_severity severity;
	enum fa_scope scope;
	enum fa_scope over;	/* group scope: FA_SCOPE_DEVICE or FA_SCOPE_PORT */
	struct fa_expr *where;	/* NULL: every subject applies */
	struct fa_expr *expect;
	struct fa_expr *group_by;
	struct fa_tmpl *message;	/* NULL: the title */
	struct fa_tmpl *expected;	/* NULL: the expect text (group: the majority) */
	struct fa_tmpl *actual;		/* NULL: what the expect read (group: the value) */
	json_t *tags;		/* array of strings, never NULL */
	struct fa_example *examples;
	size_t nexamples;
	const struct fa_pack *pack;
	int line;		/* where the rule starts in pack->file */
};

struct fa_ruleset {
	struct fa_pack **packs;
	size_t npacks;
	struct fa_rule **rules;	/* sorted by id */
	size_t nrules;
};

void fa_rule_free(struct fa_rule *r);
void fa_pack_free(struct fa_pack *p);

/* Borrowed: the rule with @id, or NULL. */
const struct fa_rule *fa_ruleset_find(const struct fa_ruleset *rs, const char *id);

#endif /* FA_RULES_RULE_H */
