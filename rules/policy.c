/* SPDX-License-Identifier: MIT */
/*
 * Site policy files: what a site changes about the shipped packs without editing them.
 *
 *   params:                  # override pack parameters (fa_ruleset_set_param())
 *     lossless_priority: 4
 *     oversubscription_warn: 3
 *   select: [roce.*, mtu]    # keep only rules matching one of these (id, category, tag)
 *   skip: [ib.*]             # then drop rules matching any of these
 *   skip_fields: [port.transceiver]   # then drop rules reading these fields (or globs)
 *
 * Read strictly: an unknown key, a parameter no loaded pack declares, a value of the wrong
 * type, or a field the model does not have (audit/fields.def) is an error at its
 * file:line:column, so a typo never silently keeps a default or keeps a rule.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "audit/fields.h"
#include "audit/util/xalloc.h"
#include "audit/util/yamljson.h"
#include "rules/rule-fields.h"
#include "rules/rule.h"
#include "audit/util/banned.h"

static int fa_policy_globs(const struct fa_srcmap *map, const json_t *list, const char *key,
			   const char ***ret, size_t *n, struct fa_err *err)
{
	const json_t *v;
	size_t i;

	if (!list)
		return 0;
	if (!json_is_array(list))
		return fa_srcmap_err(map, err, FA_EPARSE, list, NULL,
				     "'%s' must be a list of patterns", key);
	*ret = fa_xcalloc(json_array_size(list) + 1, sizeof(**ret));
	json_array_foreach(list, i, v) {
		if (!json_is_string(v) || json_string_length(v) == 0)
			return fa_srcmap_err(map, err, FA_EPARSE, v, NULL,
					     "a pattern in '%s' must be a non-empty string", key);
		(*ret)[(*n)++] = json_string_value(v);
	}
	return 0;
}

/* Every pattern of @fields names a field of the registry (or the error is at it). */
static int fa_policy_fields_check(const struct fa_srcmap *map, const json_t *list,
				  struct fa_err *err)
{
	const json_t *v;
	char hint[256];
	size_t i;

	json_array_foreach(list, i, v)
		if (!fa_field_name_is_known(json_string_value(v), hint, sizeof(hint)))
			return fa_srcmap_err(map, err, FA_EPARSE, v, NULL, "unknown field '%s'%s",
					     json_string_value(v), hint);
	return 0;
}

/* Drop the rules that read a field one of @fields (@n patterns) covers. */
static void fa_policy_skip_fields(struct fa_ruleset *rs, const char *const *fields, size_t n)
{
	size_t i, j, kept = 0;

	for (i = 0; i < rs->nrules; i++) {
		struct fa_rule *r = rs->rules[i];
		bool keep = true;

		for (j = 0; j < n && keep; j++)
			keep = !fa_rule_reads_field(r, fields[j]);
		if (keep)
			rs->rules[kept++] = r;
		else
			fa_rule_free(r);
	}
	rs->nrules = kept;
}

int fa_ruleset_apply_policy(struct fa_ruleset *rs, const char *path, struct fa_err *err)
{
	struct fa_srcmap *map = NULL;
	const char **select = NULL, **skip = NULL, **skip_fields = NULL;
	size_t nselect = 0, nskip = 0, nskip_fields = 0;
	const json_t *params, *v;
	json_t *root = NULL;
	struct fa_err perr = FA_ERR_INIT;
	const char *key;
	int rc;

	rc = fa_yaml_load(path, &root, &map, err);
	if (rc < 0)
		goto out;
	if (!json_is_object(root)) {
		rc = fa_srcmap_err(map, err, FA_EPARSE, root, NULL,
				   "a policy is a mapping of params, select and skip");
		goto out;
	}
	json_object_foreach(root, key, v) {
		if (strcmp(key, "params") && strcmp(key, "select") && strcmp(key, "skip") &&
		    strcmp(key, "skip_fields")) {
			rc = fa_srcmap_err(map, err, FA_EPARSE, root, key,
					   "unknown key '%s' in a policy (expected one of: params, "
					   "select, skip, skip_fields)", key);
			goto out;
		}
	}
	params = json_object_get(root, "params");
	if (params && !json_is_object(params)) {
		rc = fa_srcmap_err(map, err, FA_EPARSE, params, NULL,
				   "'params' must be a mapping of names to values");
		goto out;
	}
	json_object_foreach((json_t *)params, key, v) {
		rc = fa_ruleset_set_param(rs, key, v, &perr);
		if (rc < 0) {
			rc = fa_srcmap_err(map, err, FA_EPARSE, params, key, "%s", perr.msg);
			goto out;
		}
	}
	if ((rc = fa_policy_globs(map, json_object_get(root, "select"), "select", &select,
				  &nselect, err)) < 0 ||
	    (rc = fa_policy_globs(map, json_object_get(root, "skip"), "skip", &skip, &nskip,
				  err)) < 0 ||
	    (rc = fa_policy_globs(map, json_object_get(root, "skip_fields"), "skip_fields",
				  &skip_fields, &nskip_fields, err)) < 0 ||
	    (rc = fa_policy_fields_check(map, json_object_get(root, "skip_fields"), err)) < 0)
		goto out;
	fa_ruleset_select(rs, select, nselect, skip, nskip);
	fa_policy_skip_fields(rs, skip_fields, nskip_fields);
out:
	free(select);
	free(skip);
	free(skip_fields);
	json_decref(root);
	fa_srcmap_free(map);
	return rc;
}
