/* SPDX-License-Identifier: MIT */
/* Root causes (rootcause.h). */
#include "config.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/related.h"
#include "audit/rootcause.h"
#include "audit/severity.h"
#include "rules/expr.h"
#include "rules/rule-fields.h"
#include "rules/rule.h"
#include "audit/util/xalloc.h"
#include "audit/util/banned.h"

/* The fa_port_key of end @e ({ device, port }), or NULL when it names no port. */
static char *fa_end_key(const json_t *e)
{
	const char *dev = json_string_value(json_object_get(e, "device"));
	const char *port = json_string_value(json_object_get(e, "port"));

	return dev && port && *dev && *port ? fa_port_key(dev, port) : NULL;
}

static const char *fa_subject_type(const json_t *f)
{
	const char *t = json_string_value(json_object_get(json_object_get(f, "subject"), "type"));

	return t ? t : "";
}

/* A configuration finding on one port: what can explain the findings of its link and hops. */
static bool fa_is_port_cause(const json_t *f)
{
	const char *c = json_string_value(json_object_get(f, "category"));
	const char *t = fa_subject_type(f);

	return (!strcmp(t, "port") || !strcmp(t, "group")) && !(c && !strcmp(c, "health"));
}

static bool fa_is_hop_finding(const json_t *f)
{
	const char *t = fa_subject_type(f);

	return !strcmp(t, "link") || !strcmp(t, "path");
}

static const struct fa_rule *fa_finding_rule(const json_t *f, const struct fa_ruleset *rs)
{
	const char *id = json_string_value(json_object_get(f, "rule"));

	return id && rs ? fa_ruleset_find(rs, id) : NULL;
}

/* Does @hop's rule read a field that @cause's rule checks (its expect)? */
static bool fa_reads_checked_field(const struct fa_rule *cause, const struct fa_rule *hop)
{
	const json_t *fields = cause && cause->expect ? fa_expr_fields(cause->expect) : NULL, *v;
	size_t i;

	if (!hop)
		return false;
	json_array_foreach(fields, i, v)
		if (fa_rule_reads_field(hop, json_string_value(v)))
			return true;
	return false;
}

static json_t *fa_finding_ref(const json_t *f)
{
	return json_pack("{s:O,s:O}", "rule", json_object_get(f, "rule"), "subject_text",
			 json_object_get(f, "subject_text"));
}

/* The index of the first port finding that explains hop finding @f, or -1. */
static long fa_find_cause(const json_t *findings, const json_t *index, const json_t *f,
			  const struct fa_ruleset *rs)
{
	static const char *const ends[] = { "a", "b" };
	const json_t *subject = json_object_get(f, "subject"), *k;
	const struct fa_rule *hop = fa_finding_rule(f, rs);
	long best = -1;
	size_t e, i;

	for (e = 0; e < 2; e++) {
		char *key = fa_end_key(json_object_get(subject, ends[e]));

		json_array_foreach(key ? json_object_get(index, key) : NULL, i, k) {
			long c = (long)json_integer_value(k);
			const json_t *cause = json_array_get(findings, (size_t)c);

			if ((best < 0 || c < best) &&
			    fa_reads_checked_field(fa_finding_rule(cause, rs), hop))
				best = c;
		}
		free(key);
	}
	return best;
}

size_t fa_findings_group(json_t *findings, const struct fa_ruleset *rs)
{
	size_t n = json_array_size(findings), i, ngroups = 0;
	long *cause = fa_xcalloc(n ? n : 1, sizeof(*cause));
	size_t *rootgroup = fa_xcalloc(n ? n : 1, sizeof(*rootgroup));
	json_t *index = json_object(), *f;

	json_array_foreach(findings, i, f) {
		char *key = fa_is_port_cause(f) ? fa_end_key(json_object_get(f, "subject")) : NULL;
		json_t *list;

		cause[i] = -1;
		if (!key)
			continue;
		list = json_object_get(index, key);
		if (!list) {
			list = json_array();
			json_object_set_new(index, key, list);
		}
		json_array_append_new(list, json_integer((json_int_t)i));
		free(key);
	}
	if (json_object_size(index))
		json_array_foreach(findings, i, f)
			if (fa_is_hop_finding(f))
				cause[i] = fa_find_cause(findings, index, f, rs);
	/* ids in report order of each group's first finding, its cause or one it explains */
	json_array_foreach(findings, i, f) {
		size_t root = cause[i] >= 0 ? (size_t)cause[i] : i;
		char id[32];

		if (!rootgroup[root])
			rootgroup[root] = ++ngroups;
		snprintf(id, sizeof(id), "g%zu", rootgroup[root]);
		json_object_set_new(f, "group", json_string(id));
		if (cause[i] >= 0) {
			json_t *cause_f = json_array_get(findings, root);
			json_t *explains = json_object_get(cause_f, "explains");

			if (!explains) {
				explains = json_array();
				json_object_set_new(cause_f, "explains", explains);
			}
			json_array_append_new(explains, fa_finding_ref(f));
			json_object_set_new(f, "explained_by",
					    json_pack("[o]", fa_finding_ref(cause_f)));
		}
	}
	json_decref(index);
	free(cause);
	free(rootgroup);
	return ngroups;
}

/* Where a finding goes: severity, then its group, the explaining finding first, then as was. */
struct fa_group_pos {
	int severity;
	size_t group;
	bool member;
	size_t index;
	json_t *finding;
};

static int fa_group_pos_cmp(const void *a, const void *b)
{
	const struct fa_group_pos *x = a, *y = b;

	if (x->severity != y->severity)
		return x->severity < y->severity ? -1 : 1;
	if (x->group != y->group)
		return x->group < y->group ? -1 : 1;
	if (x->member != y->member)
		return x->member ? 1 : -1;
	return x->index < y->index ? -1 : x->index > y->index;
}

void fa_findings_order_by_group(json_t *findings)
{
	size_t n = json_array_size(findings), i;
	struct fa_group_pos *pos;
	json_t *f;

	if (n < 2)
		return;
	pos = fa_xcalloc(n, sizeof(*pos));
	json_array_foreach(findings, i, f) {
		const char *g = json_string_value(json_object_get(f, "group"));

		int sev = fa_severity_from_string(json_string_value(json_object_get(f, "severity")));

		/* a finding without a severity (a hand-made list) after every severity */
		pos[i].severity = sev < 0 ? FA_SEVERITY_COUNT : sev;
		pos[i].group = g && g[0] == 'g' ? strtoul(g + 1, NULL, 10) : 0;
		pos[i].member = json_object_get(f, "explained_by") != NULL;
		pos[i].index = i;
		pos[i].finding = json_incref(f);
	}
	qsort(pos, n, sizeof(*pos), fa_group_pos_cmp);
	json_array_clear(findings);
	for (i = 0; i < n; i++)
		json_array_append_new(findings, pos[i].finding);
	free(pos);
}
