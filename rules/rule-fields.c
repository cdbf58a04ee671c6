/* SPDX-License-Identifier: MIT */
/* Which model fields a rule reads (rule-fields.h). */
#include "config.h"

#include <fnmatch.h>
#include <stdio.h>
#include <string.h>

#include "audit/fields.h"
#include "drivers/platform.h"
#include "rules/rule-fields.h"
#include "rules/rule.h"
#include "audit/util/banned.h"

/* Does @pattern cover registry field @name (a full name, maybe with "*" map keys)? */
static bool fa_pattern_covers(const char *pattern, const char *name)
{
	const struct fa_field *f;
	char full[256];
	size_t n;

	if (strpbrk(pattern, "*?["))
		return fnmatch(pattern, name, 0) == 0;
	f = fa_field_find_full(pattern);
	if (f) {
		/* Name it the registry's way, so SRIOV_EN.current meets "*.current". */
		snprintf(full, sizeof(full), "%s.%s", fa_field_entity_to_string(f->entity),
			 f->path);
		pattern = full;
	}
	n = strlen(pattern);
	return strncmp(name, pattern, n) == 0 &&
	       (name[n] == '\0' || name[n] == '.' || name[n] == '[');
}

static bool fa_expr_reads(const struct fa_expr *e, const char *pattern)
{
	const json_t *fields = e ? fa_expr_fields(e) : NULL, *v;
	size_t i;

	json_array_foreach(fields, i, v)
		if (fa_pattern_covers(pattern, json_string_value(v)))
			return true;
	return false;
}

bool fa_rule_reads_field(const struct fa_rule *r, const char *pattern)
{
	return fa_expr_reads(r->where, pattern) || fa_expr_reads(r->expect, pattern) ||
	       fa_expr_reads(r->group_by, pattern) || fa_expr_reads(r->for_each, pattern);
}

static size_t fa_expr_unfilled(const struct fa_expr *e, json_t *out)
{
	const json_t *fields = e ? fa_expr_fields(e) : NULL, *v, *w;
	size_t i, j, n = 0;

	json_array_foreach(fields, i, v) {
		const struct fa_field *f = fa_field_find_full(json_string_value(v));
		bool seen = false;

		if (!f || fa_field_is_filled(f))
			continue;
		json_array_foreach(out, j, w)
			seen |= json_equal(v, w);
		if (!seen) {
			json_array_append(out, (json_t *)v);
			n++;
		}
	}
	return n;
}

size_t fa_rule_unfilled_fields(const struct fa_rule *r, json_t *out)
{
	return fa_expr_unfilled(r->where, out) + fa_expr_unfilled(r->expect, out) +
	       fa_expr_unfilled(r->group_by, out) + fa_expr_unfilled(r->for_each, out);
}

/* The platform bits of the device commands that fill @f's own sources. */
static uint32_t fa_field_platform_bits(const struct fa_field *f)
{
	const char *p = f->sources, *e;
	uint32_t bits = 0;

	while (*p) {
		const struct fa_field_source *src;

		e = strchr(p, ' ');
		if (!e)
			e = p + strlen(p);
		src = fa_field_source_find(p, (size_t)(e - p));
		if (src && src->platform && fa_platform_find(src->platform))
			bits |= 1u << fa_platform_bit(src->platform);
		p = *e ? e + 1 : e;
	}
	return bits;
}

/* As fa_field_platform_bits, with the fields below an object, map or list of objects. */
static uint32_t fa_field_tree_platform_bits(const struct fa_field *f)
{
	size_t i, n = strlen(f->path);
	uint32_t bits = fa_field_platform_bits(f);

	for (i = 0; i < fa_fields_count(); i++) {
		const struct fa_field *g = fa_field_at(i);

		if (g->entity == f->entity && strncmp(g->path, f->path, n) == 0 &&
		    (g->path[n] == '.' || g->path[n] == '['))
			bits |= fa_field_platform_bits(g);
	}
	return bits;
}

/* Narrow *@acc to the platforms filling every field of @e that a device command fills. */
static bool fa_expr_printing(const struct fa_expr *e, uint32_t *acc)
{
	const json_t *fields = e ? fa_expr_fields(e) : NULL, *v;
	bool any = false;
	size_t i;

	json_array_foreach(fields, i, v) {
		const struct fa_field *f = fa_field_find_full(json_string_value(v));
		uint32_t bits = f ? fa_field_tree_platform_bits(f) : 0;

		if (bits) {
			*acc &= bits;
			any = true;
		}
	}
	return any;
}

uint32_t fa_rule_printing_platforms(const struct fa_rule *r)
{
	uint32_t acc = UINT32_MAX;
	bool any = fa_expr_printing(r->expect, &acc);

	/* A group of members only some platforms can form (NICs by PSID) narrows it too. */
	any |= fa_expr_printing(r->group_by, &acc);
	return any ? acc & r->platforms & ~(1u << FA_PLATFORM_OTHER) : 0;
}
