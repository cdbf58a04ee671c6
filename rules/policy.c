/* SPDX-License-Identifier: MIT */
/*
 * Site policy files: what a site changes about the shipped packs without editing them.
 *
 *   params:                  # override pack parameters (fa_ruleset_set_param())
 *     lossless_priority: 4
 *     oversubscription_warn: 3
 *   select: [roce.*, mtu]    # keep only rules matching one of these (id, category, tag)
 *   skip: [ib.*]             # then drop rules matching any of these
 *
 * Read strictly: an unknown key, a parameter no loaded pack declares, or a value of the wrong
 * type is an error at its file:line:column, so a typo never silently keeps a default.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "audit/util/xalloc.h"
#include "audit/util/yamljson.h"
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

int fa_ruleset_apply_policy(struct fa_ruleset *rs, const char *path, struct fa_err *err)
{
	struct fa_srcmap *map = NULL;
	const char **select = NULL, **skip = NULL;
	size_t nselect = 0, nskip = 0;
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
		if (strcmp(key, "params") && strcmp(key, "select") && strcmp(key, "skip")) {
			rc = fa_srcmap_err(map, err, FA_EPARSE, root, key,
					   "unknown key '%s' in a policy (expected one of: params, "
					   "select, skip)", key);
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
				  err)) < 0)
		goto out;
	fa_ruleset_select(rs, select, nselect, skip, nskip);
out:
	free(select);
	free(skip);
	json_decref(root);
	fa_srcmap_free(map);
	return rc;
}
