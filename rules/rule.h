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
#include <stdint.h>

#include "audit/engine.h"
#include "audit/util/buf.h"
#include "rules/expr.h"

enum fa_scope {
	FA_SCOPE_DEVICE,
	FA_SCOPE_PORT,
	FA_SCOPE_LINK,
	FA_SCOPE_GROUP,
	FA_SCOPE_PATH,
	FA_SCOPE_FABRIC,
	FA_SCOPE_PLAN,
	FA_SCOPE_COUNT
};

const char *fa_scope_to_string(enum fa_scope s);
/* -1 when @s names no scope. */
int fa_scope_from_string(const char *s);
/* Is @s one of the categories of docs/rules.md? */
bool fa_category_is_known(const char *s);

/*
 * What a rule is being evaluated on.  Group: a member, with @dev and (over ports) @port.
 * Path: @dev:@port is the endpoint, a and b the hop (lower end a), absent before a hop is
 * known.  Fabric: @dev, @item (one element of for_each), or nothing for the whole fabric.  Plan: the link a -- b.
 */
struct fa_subject {
	enum fa_scope scope;
	const char *dev, *port;		/* device, port, group member, path endpoint */
	const char *adev, *aport;	/* link end a */
	const char *bdev, *bport;	/* link end b */
	const json_t *group;		/* group key (borrowed) */
	const char *item;		/* fabric for_each: the item's key as text */
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
/*
 * As fa_tmpl_render, for a command line: -1 (and @out partly written) when a placeholder is
 * missing or its value has a character other than letters, digits, space and "._:/@+,=-[]",
 * which a device could use to smuggle a second command into the line.
 */
int fa_tmpl_render_plain(const struct fa_tmpl *t, struct fa_eval *ev,
			 const struct fa_subject *subj, struct fa_buf *out);

struct fa_pack {
	char *name;
	char *description;
	char *file;
	json_t *params;		/* current values, site overrides applied */
	json_t *params_default;	/* as declared: what the examples run with */
};

/*
 * One example of a rule: bindings as its scope sees them, and the outcome it must have.
 * Path, fabric and plan examples are small snapshots: { devices, links[, plan] }.
 */
struct fa_example {
	json_t *bindings;	/* object, or array of members (group) */
	bool pass;
	int line, column;	/* where it is written */
};

/*
 * Platforms a rule selects.  Bit i is the i-th platform of drivers/platform.h's fa_platforms[];
 * FA_PLATFORM_OTHER stands for a device whose platform is none of them (a hand-made snapshot)
 * and is always selected: only what a rule declares narrows it.
 */
#define FA_PLATFORM_OTHER 31
#define FA_PLATFORMS_ALL UINT32_MAX
#define FA_PLATFORM_BITS 32

/*
 * A rule's remediation (docs/rules.md, "Fixes"): per platform bit, the template lines that
 * make a finding go away on that device; a line starting with '#' is a step done by hand.
 * fabric-audit only prints them (findings' "fix", fix-plan); it never sends them.
 */
struct fa_fix {
	struct fa_tmpl **lines[FA_PLATFORM_BITS];
	size_t nlines[FA_PLATFORM_BITS];
	struct fa_tmpl *note;	/* NULL: none */
	bool present;		/* the rule has a "fix" */
};

struct fa_rule;

/*
 * The "fix" of a finding of @r evaluated with @ev on @subj: { platform, commands[, note] }
 * for the platform of the device bound as ev's device, a new reference; NULL when @r has no
 * fix, or neither lines for that platform nor a note.
 */
json_t *fa_fix_render(const struct fa_rule *r, struct fa_eval *ev, const struct fa_subject *subj);

struct fa_rule {
	char *id;
	char *title;
	char *category;
	char *rationale;	/* NULL when not given */
	enum fa_severity severity;
	enum fa_scope scope;
	enum fa_scope over;	/* group: FA_SCOPE_DEVICE or _PORT; fabric: _DEVICE or _FABRIC */
	struct fa_expr *where;	/* NULL: every subject applies */
	struct fa_expr *expect;
	struct fa_expr *group_by;
	struct fa_expr *for_each;	/* fabric over fabric: one subject per element */
	struct fa_tmpl *message;	/* NULL: the title */
	struct fa_tmpl *expected;	/* NULL: the expect text (group: the majority) */
	struct fa_tmpl *actual;		/* NULL: what the expect read (group: the value) */
	json_t *tags;		/* array of strings, never NULL */
	struct fa_example *examples;
	size_t nexamples;
	const struct fa_pack *pack;
	int line;		/* where the rule starts in pack->file */
	json_t *source;		/* where, expect, group_by as written: { key: text } */
	uint32_t platforms;	/* fa_platform_bit()s of the devices it selects */
	json_t *platform_names;	/* its "platforms:" as written, sorted; NULL: every platform */
	struct fa_fix fix;
};


/* The bit index of platform @name (NULL, unknown: FA_PLATFORM_OTHER). */
unsigned fa_platform_bit(const char *name);
/* The platform name of bit index @bit, or "other". */
const char *fa_platform_bit_name(unsigned bit);

struct fa_ruleset {
	struct fa_pack **packs;
	size_t npacks;
	struct fa_rule **rules;	/* sorted by id */
	size_t nrules;
	json_t *paths;		/* the rules' cacheable paths: text -> slot (fa_expr_assign_slots) */
};

void fa_rule_free(struct fa_rule *r);
void fa_pack_free(struct fa_pack *p);

/* Borrowed: the rule with @id, or NULL. */
const struct fa_rule *fa_ruleset_find(const struct fa_ruleset *rs, const char *id);

/* Does @pattern (a glob: * ? [...]) match the rule's id, its category or one of its tags? */
bool fa_rule_matches(const struct fa_rule *r, const char *pattern);

/*
 * Keep only the rules matching at least one of @select (all when @nselect is 0) and none of
 * @skip; the others are freed.  Returns how many rules remain.
 */
size_t fa_ruleset_select(struct fa_ruleset *rs, const char *const *select, size_t nselect,
			 const char *const *skip, size_t nskip);

/*
 * Apply a site policy file (rules/policy.c): parameter overrides, then select and skip.
 * Errors: -FA_EPARSE "file:line:column" for an unknown key, a parameter no loaded pack
 * declares or a value of another type than the default's; -FA_ENOENT, -FA_EIO.
 */
int fa_ruleset_apply_policy(struct fa_ruleset *rs, const char *path, struct fa_err *err);

/*
 * Check every rule the way "rules lint" does: each example must hold (as
 * fa_ruleset_check_examples()), and each rule should have a rationale and at least one pass
 * and one fail example.  Appends one "file:line:column: message" string per problem to
 * @problems (a JSON array).  Returns the number of problems.
 */
size_t fa_ruleset_lint(const struct fa_ruleset *rs, json_t *problems);

#endif /* FA_RULES_RULE_H */
