/* SPDX-License-Identifier: MIT */
/*
 * Waiver files (waiver.h): read strictly, like rule packs, so a misspelt key cannot silently
 * widen or drop a waiver.  An unquoted date in YAML is read as text here ("2026-03-31" is not a
 * number), and is checked to be a real calendar date.
 */
#include "config.h"

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/fields.h"
#include "audit/util/fileio.h"
#include "audit/util/xalloc.h"
#include "audit/util/yamljson.h"
#include "rules/rule-fields.h"
#include "rules/rule.h"
#include "rules/waiver.h"
#include "audit/util/banned.h"

#define FA_WAIVERS_MAX_FILE ((size_t)16 << 20)

static bool fa_date_is_valid(const char *s)
{
	static const int days[] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	int y, m, d, n = 0;

	if (strlen(s) != 10 || sscanf(s, "%4d-%2d-%2d%n", &y, &m, &d, &n) != 3 || n != 10)
		return false;
	if (y < 1970 || m < 1 || m > 12 || d < 1 || d > days[m - 1])
		return false;
	return !(m == 2 && d == 29 && !((y % 4 == 0 && y % 100 != 0) || y % 400 == 0));
}

static int fa_waiver_str(const struct fa_srcmap *map, struct fa_err *err, const json_t *obj,
			 const char *key, bool required, char **ret)
{
	const json_t *v = json_object_get(obj, key);

	if (!v) {
		if (!required)
			return 0;
		return fa_srcmap_err(map, err, FA_EPARSE, obj, NULL, "a waiver needs '%s'", key);
	}
	if (!json_is_string(v) || json_string_length(v) == 0)
		return fa_srcmap_err(map, err, FA_EPARSE, v, NULL,
				     "'%s' must be a non-empty string", key);
	*ret = fa_xstrdup(json_string_value(v));
	return 0;
}

static int fa_waivers_read(const json_t *root, const struct fa_srcmap *map,
			   struct fa_waivers *w, struct fa_err *err)
{
	static const char *const known[] = { "expires", "field", "reason", "rule", "subject" };
	const json_t *list = json_object_get(root, "waivers"), *e, *v;
	const char *key;
	char hint[256];
	size_t i, k;
	int col, rc;

	if (!json_is_object(root) || !json_is_array(list))
		return fa_srcmap_err(map, err, FA_EPARSE, root, NULL,
				     "a waiver file is a mapping with a 'waivers' list");
	json_object_foreach((json_t *)root, key, v)
		if (strcmp(key, "waivers") != 0)
			return fa_srcmap_err(map, err, FA_EPARSE, root, key,
					     "unknown key '%s' (expected waivers)", key);
	w->v = fa_xcalloc(json_array_size(list) + 1, sizeof(*w->v));
	json_array_foreach(list, i, e) {
		struct fa_waiver *x = &w->v[w->n];

		if (!json_is_object(e))
			return fa_srcmap_err(map, err, FA_EPARSE, e, NULL,
					     "a waiver is a mapping of rule, subject, reason, "
					     "expires");
		json_object_foreach((json_t *)e, key, v) {
			for (k = 0; k < sizeof(known) / sizeof(known[0]); k++)
				if (strcmp(known[k], key) == 0)
					break;
			if (k == sizeof(known) / sizeof(known[0]))
				return fa_srcmap_err(map, err, FA_EPARSE, e, key,
						     "unknown key '%s' in a waiver (expected one "
						     "of: expires, field, reason, rule, subject)",
						     key);
		}
		w->n++;
		fa_srcmap_find(map, e, &x->line, &col);
		if ((rc = fa_waiver_str(map, err, e, "rule", true, &x->rule)) < 0 ||
		    (rc = fa_waiver_str(map, err, e, "subject", false, &x->subject)) < 0 ||
		    (rc = fa_waiver_str(map, err, e, "reason", true, &x->reason)) < 0 ||
		    (rc = fa_waiver_str(map, err, e, "expires", true, &x->expires)) < 0 ||
		    (rc = fa_waiver_str(map, err, e, "field", false, &x->field)) < 0)
			return rc;
		if (x->field && !fa_field_name_is_known(x->field, hint, sizeof(hint)))
			return fa_srcmap_err(map, err, FA_EPARSE, json_object_get(e, "field"),
					     NULL, "unknown field '%s'%s", x->field, hint);
		if (!x->subject)
			x->subject = fa_xstrdup("*");
		if (!fa_date_is_valid(x->expires))
			return fa_srcmap_err(map, err, FA_EPARSE, json_object_get(e, "expires"),
					     NULL, "expires '%s' is not a date YYYY-MM-DD",
					     x->expires);
	}
	return 0;
}

int fa_waivers_parse(const char *source, const char *data, size_t len, struct fa_waivers **ret,
		     struct fa_err *err)
{
	struct fa_waivers *w = fa_xcalloc(1, sizeof(*w));
	struct fa_srcmap *map = NULL;
	json_t *root = NULL;
	int rc;

	w->source = fa_xstrdup(source);
	rc = fa_yaml_parse(source, data, len, &root, &map, err);
	if (rc == 0)
		rc = fa_waivers_read(root, map, w, err);
	json_decref(root);
	fa_srcmap_free(map);
	if (rc < 0) {
		fa_waivers_free(w);
		return rc;
	}
	*ret = w;
	return 0;
}

int fa_waivers_load(const char *path, struct fa_waivers **ret, struct fa_err *err)
{
	struct fa_buf b = FA_BUF_INIT;
	int rc;

	rc = fa_file_read(path, FA_WAIVERS_MAX_FILE, &b, err);
	if (rc == 0)
		rc = fa_waivers_parse(path, b.buf, b.len, ret, err);
	fa_buf_release(&b);
	return rc;
}

void fa_waivers_free(struct fa_waivers *w)
{
	size_t i;

	if (!w)
		return;
	for (i = 0; i < w->n; i++) {
		free(w->v[i].rule);
		free(w->v[i].subject);
		free(w->v[i].field);
		free(w->v[i].reason);
		free(w->v[i].expires);
	}
	free(w->v);
	free(w->source);
	free(w);
}

bool fa_waiver_is_expired(const struct fa_waiver *w, time_t now)
{
	struct tm tm;
	char today[16];

	if (!gmtime_r(&now, &tm) || !strftime(today, sizeof(today), "%Y-%m-%d", &tm))
		return true;
	/* Same-width ISO dates order as strings. */
	return strcmp(today, w->expires) > 0;
}

bool fa_waiver_matches(const struct fa_waiver *w, const char *rule, const char *subject)
{
	return fnmatch(w->rule, rule, 0) == 0 && fnmatch(w->subject, subject, 0) == 0;
}

bool fa_waiver_covers(const struct fa_waiver *w, const struct fa_rule *r, const char *subject)
{
	return fa_waiver_matches(w, r->id, subject) &&
	       (!w->field || fa_rule_reads_field(r, w->field));
}
