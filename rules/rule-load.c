/* SPDX-License-Identifier: MIT */
/*
 * Rule pack loader: a YAML or JSON file (docs/rules.md) read into jansson values with a
 * source map, then checked strictly, so that every mistake an author can make is reported
 * as "file:line:column: message":
 *
 *   - unknown keys anywhere (a misspelt "severty" must not silently drop the severity);
 *   - missing required keys, values of the wrong type, unknown severity/scope/category;
 *   - expressions and templates that do not parse, or read a binding the scope does not
 *     have, or a parameter the pack does not declare (the column is the one inside the
 *     expression, mapped back into the file);
 *   - rule ids seen before, in this file or in a pack loaded earlier.
 *
 * A file is checked completely before anything of it is added to the rule set.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "audit/fields.h"
#include "audit/util/fileio.h"
#include "audit/util/suggest.h"
#include "audit/util/xalloc.h"
#include "audit/util/yamljson.h"
#include "drivers/platform.h"
#include "rules/plan.h"
#include "rules/rule.h"
#include "audit/util/banned.h"

#define FA_PACK_MAX_FILE ((size_t)16 << 20)

struct fa_loader {
	const char *file;
	const char *raw;	/* the file's bytes, to map expression columns into it */
	size_t rawlen;
	struct fa_srcmap *map;
	struct fa_err *err;
	struct fa_pack *pack;
	struct fa_rule **rules;
	size_t nrules;
	const struct fa_ruleset *rs;
};

static const char *const fa_pack_keys[] = { "description", "pack", "params", "rules", NULL };
static const char *const fa_rule_keys[] = {
	"actual", "category", "examples", "expect", "expected", "fix", "for_each", "group_by", "id",
	"message", "over", "platforms", "rationale", "scope", "severity", "tags", "title", "where", NULL,
};
static const char *const fa_examples_keys[] = { "fail", "pass", NULL };
/* What "rules explain" shows as written. */
static const char *const fa_source_keys[] = {
	"actual", "expect", "expected", "for_each", "group_by", "message", "where",
};

static bool fa_in_list(const char *const *list, const char *s)
{
	for (; *list; list++)
		if (strcmp(*list, s) == 0)
			return true;
	return false;
}

static void fa_list_join(const char *const *list, char *buf, size_t size)
{
	size_t off = 0;

	buf[0] = '\0';
	for (; *list && off < size; list++)
		off += (size_t)snprintf(buf + off, size - off, "%s%s", off ? ", " : "", *list);
}

/* The first unknown key of @obj, in file order, is an error. */
static int fa_check_keys(struct fa_loader *ld, const json_t *obj, const char *const *allowed,
			 const char *what)
{
	const char *key, *bad = NULL;
	int bl = 0, bc = 0, l, c;
	char names[400];
	json_t *v;

	json_object_foreach((json_t *)obj, key, v) {
		if (fa_in_list(allowed, key))
			continue;
		fa_srcmap_find_key(ld->map, obj, key, &l, &c);
		if (!bad || l < bl || (l == bl && c < bc)) {
			bad = key;
			bl = l;
			bc = c;
		}
	}
	if (!bad)
		return 0;
	fa_list_join(allowed, names, sizeof(names));
	return fa_srcmap_err(ld->map, ld->err, FA_EPARSE, obj, bad,
			     "unknown key '%s' in %s (expected one of: %s)", bad, what, names);
}

/* A string member: absent is NULL (an error when @required), any other type an error. */
static int fa_get_str(struct fa_loader *ld, const json_t *obj, const char *key, bool required,
		      const char *what, const char **ret)
{
	const json_t *v = json_object_get(obj, key);

	*ret = NULL;
	if (!v) {
		if (!required)
			return 0;
		return fa_srcmap_err(ld->map, ld->err, FA_EPARSE, obj, NULL,
				     "%s has no '%s'", what, key);
	}
	if (!json_is_string(v) || json_string_length(v) == 0)
		return fa_srcmap_err(ld->map, ld->err, FA_EPARSE, v, NULL,
				     "'%s' must be a non-empty string", key);
	*ret = json_string_value(v);
	return 0;
}

static bool fa_name_is_valid(const char *s)
{
	const char *p;

	if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9')))
		return false;
	for (p = s; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '.' ||
		      *p == '-' || *p == '_'))
			return false;
	return true;
}

/*
 * Where column @ecol (1-based) of the string @text, written as scalar @value, stands in the
 * file.  The scalar's own position is known; walk the raw text from there alongside the
 * string, through an opening quote, a block indicator, folded line breaks and doubled single
 * quotes.  *exact is false when the walk cannot follow (escapes): then the scalar's position.
 */
static void fa_loader_pos(const struct fa_loader *ld, const json_t *value, const char *text,
			  int ecol, int *line, int *col, bool *exact)
{
	const char *raw = ld->raw;
	size_t off = 0, n = ld->rawlen;
	int l, c, ln, cl, i;
	char quote = 0;

	fa_srcmap_find(ld->map, value, &l, &c);
	*line = l;
	*col = c;
	*exact = false;
	if (l <= 0 || c <= 0)
		return;
	for (ln = 1; ln < l && off < n; off++)
		if (raw[off] == '\n')
			ln++;
	off += (size_t)(c - 1);
	cl = c;
	if (off >= n)
		return;
	if (raw[off] == '\'' || raw[off] == '"') {
		quote = raw[off++];
		cl++;
	} else if (raw[off] == '|' || raw[off] == '>') {
		while (off < n && raw[off] != '\n')
			off++;
		off++;
		ln++;
		for (cl = 1; off < n && (raw[off] == ' ' || raw[off] == '\t'); off++)
			cl++;
	}
	for (i = 0; i < ecol - 1 && text[i]; i++) {
		char ch = text[i];

		if (off >= n)
			return;
		if (quote == '\'' && raw[off] == '\'' && off + 1 < n && raw[off + 1] == '\'' &&
		    ch == '\'') {
			off += 2;
			cl += 2;
		} else if (quote == '"' && raw[off] == '\\') {
			return;
		} else if (raw[off] == ch && ch != '\n') {
			off++;
			cl++;
		} else if ((ch == ' ' || ch == '\n') && (raw[off] == '\n' || raw[off] == '\r')) {
			/*
			 * A line break, folded into a space or kept by a block scalar.  The
			 * indentation is not part of the text, but what a more-indented line
			 * has beyond it is.
			 */
			size_t rs = 0, ts = 0;

			if (raw[off] == '\r')
				off++;
			off++;
			ln++;
			while (off + rs < n && (raw[off + rs] == ' ' || raw[off + rs] == '\t'))
				rs++;
			while (text[i + 1 + ts] == ' ' || text[i + 1 + ts] == '\t')
				ts++;
			if (ch == ' ' || ts > rs)
				ts = 0;
			off += rs - ts;
			cl = 1 + (int)(rs - ts);
		} else {
			return;
		}
	}
	*line = ln;
	*col = cl;
	*exact = true;
}

/* A rule's "platforms": a list of platform names narrowing the devices it selects. */
static int fa_loader_platforms(struct fa_loader *ld, struct fa_rule *r, const json_t *list)
{
	const json_t *v;
	size_t i;

	r->platforms = 1u << FA_PLATFORM_OTHER;
	if (!json_is_array(list) || json_array_size(list) == 0)
		return fa_srcmap_err(ld->map, ld->err, FA_EPARSE, list, NULL,
				     "'platforms' must be a non-empty list of platform names");
	r->platform_names = json_array();
	json_array_foreach(list, i, v) {
		const char *name = json_string_value(v), *sugg;

		if (!name)
			return fa_srcmap_err(ld->map, ld->err, FA_EPARSE, v, NULL,
					     "a platform must be a string");
		if (!fa_platform_find(name)) {
			sugg = fa_platform_suggest(name);
			return fa_srcmap_err(ld->map, ld->err, FA_EPARSE, v, NULL,
					     "unknown platform '%s'%s%s%s (see 'fabric-audit parse "
					     "--list')", name, sugg ? " (did you mean " : "",
					     sugg ? sugg : "", sugg ? "?)" : "");
		}
		r->platforms |= 1u << fa_platform_bit(name);
		json_array_append(r->platform_names, (json_t *)v);
	}
	return 0;
}

/* Report an expression or template error (err has the column within @text) in the file. */
static int fa_loader_expr_err(struct fa_loader *ld, const json_t *value, const char *rule_id,
			      const char *key)
{
	struct fa_err *err = ld->err;
	char msg[sizeof(err->msg)];
	int line, col, ecol;
	bool exact;

	if (!err)
		return -FA_EPARSE;
	ecol = err->column;
	memcpy(msg, err->msg, sizeof(msg));
	fa_loader_pos(ld, value, json_string_value(value), ecol, &line, &col, &exact);
	if (exact)
		return fa_err_at(err, FA_EPARSE, ld->file, line, col, "rule '%s': %s: %s",
				 rule_id, key, msg);
	return fa_err_at(err, FA_EPARSE, ld->file, line, col,
			 "rule '%s': %s: column %d of the text: %s", rule_id, key, ecol, msg);
}

static int fa_loader_expr(struct fa_loader *ld, const json_t *rule, const char *id,
			  const char *key, const struct fa_expr_opts *opts, struct fa_expr **ret)
{
	const char *text;
	int r;

	*ret = NULL;
	r = fa_get_str(ld, rule, key, false, "a rule", &text);
	if (r < 0 || !text)
		return r;
	if (fa_expr_parse(text, opts, ret, ld->err) < 0)
		return fa_loader_expr_err(ld, json_object_get(rule, key), id, key);
	return 0;
}

static int fa_loader_tmpl(struct fa_loader *ld, const json_t *rule, const char *id,
			  const char *key, const struct fa_expr_opts *opts, struct fa_tmpl **ret)
{
	const char *text;
	int r;

	*ret = NULL;
	r = fa_get_str(ld, rule, key, false, "a rule", &text);
	if (r < 0 || !text)
		return r;
	if (fa_tmpl_parse(text, opts, ret, ld->err) < 0)
		return fa_loader_expr_err(ld, json_object_get(rule, key), id, key);
	return 0;
}

/* One template of a rule's fix, its parse errors placed in the file. */
static int fa_loader_fix_line(struct fa_loader *ld, const json_t *v, const char *id,
			      const char *key, const struct fa_expr_opts *opts, struct fa_tmpl **ret)
{
	if (!json_is_string(v) || json_string_length(v) == 0)
		return fa_srcmap_err(ld->map, ld->err, FA_EPARSE, v, NULL,
				     "a line of 'fix: %s' must be a non-empty string", key);
	if (fa_tmpl_parse(json_string_value(v), opts, ret, ld->err) < 0)
		return fa_loader_expr_err(ld, v, id, "fix");
	return 0;
}

/*
 * A rule's "fix": { note: TEXT, PLATFORM: LINE or [LINE, ...], ... }, templates with the
 * bindings of the rule's messages.  Only a rule about one device (device, port and group
 * scopes) has one: a link or path finding is fixed on the port finding that explains it.
 */
static int fa_loader_fix(struct fa_loader *ld, struct fa_rule *r, const json_t *fix,
			 const struct fa_expr_opts *opts)
{
	const char *key;
	json_t *v, *line;
	size_t i;
	int rc;

	if (r->scope != FA_SCOPE_DEVICE && r->scope != FA_SCOPE_PORT && r->scope != FA_SCOPE_GROUP)
		return fa_srcmap_err(ld->map, ld->err, FA_EPARSE, fix, NULL,
				     "rule '%s': only device, port and group rules have a 'fix' "
				     "(a %s finding is fixed on the port finding that explains it)",
				     r->id, fa_scope_to_string(r->scope));
	if (!json_is_object(fix) || json_object_size(fix) == 0)
		return fa_srcmap_err(ld->map, ld->err, FA_EPARSE, fix, NULL,
				     "'fix' must map platform names (or 'note') to command lines");
	r->fix.present = true;
	json_object_foreach((json_t *)fix, key, v) {
		unsigned bit;

		if (strcmp(key, "note") == 0) {
			rc = fa_loader_fix_line(ld, v, r->id, key, opts, &r->fix.note);
			if (rc < 0)
				return rc;
			continue;
		}
		if (!fa_platform_find(key)) {
			const char *sugg = fa_platform_suggest(key);

			return fa_srcmap_err(ld->map, ld->err, FA_EPARSE, fix, key,
					     "unknown platform '%s' in 'fix'%s%s%s (expected 'note' "
					     "or a platform of 'fabric-audit parse --list')", key,
					     sugg ? " (did you mean " : "", sugg ? sugg : "",
					     sugg ? "?)" : "");
		}
		bit = fa_platform_bit(key);
		if (json_is_string(v)) {
			r->fix.lines[bit] = fa_xcalloc(1, sizeof(*r->fix.lines[bit]));
			r->fix.nlines[bit] = 1;
			rc = fa_loader_fix_line(ld, v, r->id, key, opts, &r->fix.lines[bit][0]);
			if (rc < 0)
				return rc;
			continue;
		}
		if (!json_is_array(v) || json_array_size(v) == 0)
			return fa_srcmap_err(ld->map, ld->err, FA_EPARSE, v, NULL,
					     "'fix: %s' must be a line or a non-empty list of lines",
					     key);
		r->fix.lines[bit] = fa_xcalloc(json_array_size(v), sizeof(*r->fix.lines[bit]));
		json_array_foreach(v, i, line) {
			rc = fa_loader_fix_line(ld, line, r->id, key, opts, &r->fix.lines[bit][i]);
			if (rc < 0)
				return rc;
			r->fix.nlines[bit]++;
		}
	}
	return 0;
}

/* Bindings a scope has, as expression roots. */
static unsigned fa_scope_roots(enum fa_scope scope, enum fa_scope over)
{
	unsigned roots = FA_ROOT_BIT(FA_ROOT_PARAMS);

	switch (scope) {
	case FA_SCOPE_DEVICE:
		return roots | FA_ROOT_BIT(FA_ROOT_DEVICE);
	case FA_SCOPE_PORT:
		return roots | FA_ROOT_BIT(FA_ROOT_DEVICE) | FA_ROOT_BIT(FA_ROOT_PORT);
	case FA_SCOPE_LINK:
		return roots | FA_ROOT_BIT(FA_ROOT_A_DEVICE) | FA_ROOT_BIT(FA_ROOT_A_PORT) |
		       FA_ROOT_BIT(FA_ROOT_B_DEVICE) | FA_ROOT_BIT(FA_ROOT_B_PORT) |
		       FA_ROOT_BIT(FA_ROOT_LINK);
	case FA_SCOPE_PATH:
		return fa_scope_roots(FA_SCOPE_LINK, over) | FA_ROOT_BIT(FA_ROOT_DEVICE) |
		       FA_ROOT_BIT(FA_ROOT_PORT);
	case FA_SCOPE_PLAN:
		return fa_scope_roots(FA_SCOPE_LINK, over) | FA_ROOT_BIT(FA_ROOT_PLAN);
	case FA_SCOPE_FABRIC:
		if (over == FA_SCOPE_FABRIC)
			return roots | FA_ROOT_BIT(FA_ROOT_FABRIC);
		return roots | FA_ROOT_BIT(FA_ROOT_DEVICE);
	case FA_SCOPE_GROUP:
	default:
		return fa_scope_roots(over, over);
	}
}

/* A path, fabric or plan example is a small snapshot: { devices, links[, plan] }. */
static int fa_loader_example_snapshot(struct fa_loader *ld, const struct fa_rule *r,
				      const json_t *ex)
{
	static const char *const keys[] = { "devices", "links", "params", NULL };
	static const char *const plan_keys[] = { "devices", "links", "params", "plan", NULL };
	const json_t *devs = json_object_get(ex, "devices"), *d, *plan;
	struct fa_plan *p = NULL;
	struct fa_err perr = FA_ERR_INIT;
	size_t i;
	int rc;

	if (!json_is_object(ex))
		return fa_srcmap_err(ld->map, ld->err, FA_EPARSE, ex, NULL,
				     "rule '%s': an example of a %s rule is a small snapshot "
				     "{ devices, links }", r->id, fa_scope_to_string(r->scope));
	rc = fa_check_keys(ld, ex, r->scope == FA_SCOPE_PLAN ? plan_keys : keys, "an example");
	if (rc < 0)
		return rc;
	if (!json_is_array(devs))
		return fa_srcmap_err(ld->map, ld->err, FA_EPARSE, ex, NULL,
				     "rule '%s': the example needs a 'devices' list", r->id);
	json_array_foreach(devs, i, d)
		if (!json_is_string(json_object_get(d, "name")))
			return fa_srcmap_err(ld->map, ld->err, FA_EPARSE, d, NULL,
					     "rule '%s': every example device needs a name", r->id);
	if (json_object_get(ex, "links") && !json_is_array(json_object_get(ex, "links")))
		return fa_srcmap_err(ld->map, ld->err, FA_EPARSE, json_object_get(ex, "links"),
				     NULL, "rule '%s': 'links' must be a list", r->id);
	plan = json_object_get(ex, "plan");
	if (plan && fa_plan_from_json(plan, ld->file, &p, &perr) < 0)
		return fa_srcmap_err(ld->map, ld->err, FA_EPARSE, plan, NULL,
				     "rule '%s': the example's plan: %s", r->id, perr.msg);
	fa_plan_free(p);
	return 0;
}

/* An example's bindings must have the shape of the scope's bindings. */
static int fa_loader_example_shape(struct fa_loader *ld, const struct fa_rule *r,
				   const json_t *ex)
{
	static const char *const dev_keys[] = { "device", "params", NULL };
	static const char *const port_keys[] = { "device", "params", "port", NULL };
	static const char *const link_keys[] = { "a", "b", "link", "params", NULL };
	static const char *const member_keys[] = { "device", NULL };
	static const char *const member_port_keys[] = { "device", "port", NULL };
	const char *const *keys = r->scope == FA_SCOPE_DEVICE ? dev_keys
				  : r->scope == FA_SCOPE_LINK ? link_keys : port_keys;
	const char *key;
	json_t *v;
	size_t i;
	int rc;

	if (r->scope == FA_SCOPE_PATH || r->scope == FA_SCOPE_FABRIC || r->scope == FA_SCOPE_PLAN)
		return fa_loader_example_snapshot(ld, r, ex);
	/* A group rule reading the topology needs links: a small snapshot then. */
	if (r->scope == FA_SCOPE_GROUP && json_is_object(ex))
		return fa_loader_example_snapshot(ld, r, ex);
	if (r->scope == FA_SCOPE_GROUP) {
		if (!json_is_array(ex) || json_array_size(ex) == 0)
			return fa_srcmap_err(ld->map, ld->err, FA_EPARSE, ex, NULL,
					     "rule '%s': an example of a group rule is a list of "
					     "members, or a small snapshot { devices, links }", r->id);
		json_array_foreach(ex, i, v) {
			if (!json_is_object(v))
				return fa_srcmap_err(ld->map, ld->err, FA_EPARSE, v, NULL,
						     "rule '%s': a group member is an object",
						     r->id);
			rc = fa_check_keys(ld, v, r->over == FA_SCOPE_DEVICE ? member_keys
									     : member_port_keys,
					   "a group member");
			if (rc < 0)
				return rc;
		}
		return 0;
	}
	if (!json_is_object(ex))
		return fa_srcmap_err(ld->map, ld->err, FA_EPARSE, ex, NULL,
				     "rule '%s': an example is an object of bindings", r->id);
	rc = fa_check_keys(ld, ex, keys, "an example");
	if (rc < 0)
		return rc;
	json_object_foreach((json_t *)ex, key, v) {
		if (!json_is_object(v))
			return fa_srcmap_err(ld->map, ld->err, FA_EPARSE, v, NULL,
					     "rule '%s': '%s' in an example must be an object",
					     r->id, key);
		if (r->scope == FA_SCOPE_LINK && strcmp(key, "link") != 0 &&
		    strcmp(key, "params") != 0) {
			rc = fa_check_keys(ld, v, member_port_keys, "a link end");
			if (rc < 0)
				return rc;
		}
	}
	return 0;
}

/* Every key of an example's model object @v (of @ent) must be a field of audit/fields.def. */
static int fa_loader_example_object(struct fa_loader *ld, const struct fa_rule *r,
				    enum fa_field_entity ent, const json_t *v)
{
	const json_t *obj;
	const char *key;
	enum fa_field_entity at;
	char path[256], sugg[256], hint[300] = "";

	if (fa_field_check_json(ent, v, &obj, &key, &at, path, sizeof(path)))
		return 0;
	if (fa_field_suggest(at, path, sugg, sizeof(sugg)))
		snprintf(hint, sizeof(hint), " (did you mean %s.%s?)",
			 fa_field_entity_to_string(at), sugg);
	return fa_srcmap_err(ld->map, ld->err, FA_EPARSE, obj, key,
			     "rule '%s': example: unknown field '%s.%s'%s", r->id,
			     fa_field_entity_to_string(at), path, hint);
}

/* The model objects of an example, whatever its scope's shape, are checked field by field. */
static int fa_loader_example_fields(struct fa_loader *ld, const struct fa_rule *r,
				    const json_t *ex)
{
	const json_t *v, *end;
	const char *key;
	size_t i;
	int rc = 0;

	if (json_is_array(ex)) {
		json_array_foreach(ex, i, v)
			if ((rc = fa_loader_example_fields(ld, r, v)) < 0)
				return rc;
		return 0;
	}
	json_object_foreach((json_t *)ex, key, v) {
		if (!strcmp(key, "device"))
			rc = fa_loader_example_object(ld, r, FA_FIELD_DEVICE, v);
		else if (!strcmp(key, "port"))
			rc = fa_loader_example_object(ld, r, FA_FIELD_PORT, v);
		else if (!strcmp(key, "link"))
			rc = fa_loader_example_object(ld, r, FA_FIELD_LINK, v);
		else if (!strcmp(key, "a") || !strcmp(key, "b"))
			rc = fa_loader_example_fields(ld, r, v);
		else if (!strcmp(key, "devices") || !strcmp(key, "links"))
			json_array_foreach(v, i, end)
				if ((rc = fa_loader_example_object(ld, r, key[0] == 'd' ?
								   FA_FIELD_DEVICE : FA_FIELD_LINK,
								   end)) < 0)
					break;
		if (rc < 0)
			return rc;
	}
	return 0;
}

/* An example's "params" may only set parameters the pack declares, with their types. */
static int fa_loader_example_params(struct fa_loader *ld, const struct fa_rule *r,
				    const json_t *ex)
{
	const json_t *params = json_is_object(ex) ? json_object_get(ex, "params") : NULL, *v;
	const json_t *def;
	const char *key;

	if (!params)
		return 0;
	if (!json_is_object(params))
		return fa_srcmap_err(ld->map, ld->err, FA_EPARSE, params, NULL,
				     "rule '%s': an example's 'params' is a mapping", r->id);
	json_object_foreach((json_t *)params, key, v) {
		def = json_object_get(ld->pack->params_default, key);
		if (!def)
			return fa_srcmap_err(ld->map, ld->err, FA_EPARSE, params, key,
					     "rule '%s': the pack has no parameter '%s'", r->id,
					     key);
		if (json_typeof(def) != json_typeof(v) &&
		    !(json_is_number(def) && json_is_number(v)) &&
		    !(json_is_boolean(def) && json_is_boolean(v)))
			return fa_srcmap_err(ld->map, ld->err, FA_EPARSE, v, NULL,
					     "rule '%s': parameter '%s' takes a value of the type "
					     "of its default", r->id, key);
	}
	return 0;
}

static int fa_loader_examples(struct fa_loader *ld, struct fa_rule *r, const json_t *exs)
{
	static const char *const kinds[] = { "pass", "fail" };
	size_t k, i;
	json_t *ex;
	int rc;

	if (!json_is_object(exs))
		return fa_srcmap_err(ld->map, ld->err, FA_EPARSE, exs, NULL,
				     "'examples' must be an object with 'pass' and 'fail' lists");
	rc = fa_check_keys(ld, exs, fa_examples_keys, "examples");
	if (rc < 0)
		return rc;
	for (k = 0; k < 2; k++) {
		const json_t *list = json_object_get(exs, kinds[k]);

		if (!list)
			continue;
		if (!json_is_array(list))
			return fa_srcmap_err(ld->map, ld->err, FA_EPARSE, list, NULL,
					     "'%s' examples must be a list", kinds[k]);
		json_array_foreach(list, i, ex) {
			struct fa_example *e;

			rc = fa_loader_example_shape(ld, r, ex);
			if (rc == 0)
				rc = fa_loader_example_params(ld, r, ex);
			if (rc == 0)
				rc = fa_loader_example_fields(ld, r, ex);
			if (rc < 0)
				return rc;
			r->examples = fa_xreallocarray(r->examples, r->nexamples + 1,
						       sizeof(*r->examples));
			e = &r->examples[r->nexamples++];
			e->bindings = json_incref(ex);
			e->pass = k == 0;
			fa_srcmap_find(ld->map, ex, &e->line, &e->column);
		}
	}
	return 0;
}

static bool fa_loader_has_id(const struct fa_loader *ld, const char *id)
{
	size_t i;

	if (fa_ruleset_find(ld->rs, id))
		return true;
	for (i = 0; i < ld->nrules; i++)
		if (strcmp(ld->rules[i]->id, id) == 0)
			return true;
	return false;
}

static int fa_loader_rule(struct fa_loader *ld, const json_t *obj)
{
	const char *id, *title, *category, *severity, *scope, *over, *rationale;
	struct fa_expr_opts opts = { 0, false, ld->pack->params_default, false, true };
	struct fa_expr_opts topts;
	struct fa_rule *r = NULL;
	const json_t *tags, *exs, *v;
	int rc, n, col;
	size_t i;

	if (!json_is_object(obj))
		return fa_srcmap_err(ld->map, ld->err, FA_EPARSE, obj, NULL,
				     "a rule must be a mapping");
	rc = fa_check_keys(ld, obj, fa_rule_keys, "a rule");
	if (rc < 0)
		return rc;
	rc = fa_get_str(ld, obj, "id", true, "a rule", &id);
	if (rc < 0)
		return rc;
	if (!fa_name_is_valid(id))
		return fa_srcmap_err(ld->map, ld->err, FA_EPARSE, json_object_get(obj, "id"),
				     NULL, "rule id '%s' must be lowercase letters, digits, "
				     "'.', '-' and '_'", id);
	if (fa_loader_has_id(ld, id)) {
		const struct fa_rule *first = fa_ruleset_find(ld->rs, id);

		return fa_srcmap_err(ld->map, ld->err, FA_EPARSE, json_object_get(obj, "id"),
				     NULL, "duplicate rule id '%s' (first in %s)", id,
				     first ? first->pack->file : ld->file);
	}
	if ((rc = fa_get_str(ld, obj, "title", true, "a rule", &title)) < 0 ||
	    (rc = fa_get_str(ld, obj, "category", true, "a rule", &category)) < 0 ||
	    (rc = fa_get_str(ld, obj, "severity", true, "a rule", &severity)) < 0 ||
	    (rc = fa_get_str(ld, obj, "scope", true, "a rule", &scope)) < 0 ||
	    (rc = fa_get_str(ld, obj, "over", false, "a rule", &over)) < 0 ||
	    (rc = fa_get_str(ld, obj, "rationale", false, "a rule", &rationale)) < 0)
		return rc;
	if (!json_object_get(obj, "expect"))
		return fa_srcmap_err(ld->map, ld->err, FA_EPARSE, obj, NULL,
				     "rule '%s' has no 'expect'", id);

	r = fa_xcalloc(1, sizeof(*r));
	r->id = fa_xstrdup(id);
	r->title = fa_xstrdup(title);
	r->category = fa_xstrdup(category);
	r->rationale = rationale ? fa_xstrdup(rationale) : NULL;
	r->pack = ld->pack;
	fa_srcmap_find(ld->map, obj, &r->line, &col);
	if (!fa_category_is_known(category)) {
		rc = fa_srcmap_err(ld->map, ld->err, FA_EPARSE, json_object_get(obj, "category"),
				   NULL, "unknown category '%s' (expected one of: cabling, driver, "
				   "ecn, firmware, mtu, pfc, pkey, software, speed, state, "
				   "topology, trust)", category);
		goto fail;
	}
	n = fa_severity_from_string(severity);
	if (n < 0) {
		rc = fa_srcmap_err(ld->map, ld->err, FA_EPARSE, json_object_get(obj, "severity"),
				   NULL, "unknown severity '%s' (expected error, warning or info)",
				   severity);
		goto fail;
	}
	r->severity = (enum fa_severity)n;
	n = fa_scope_from_string(scope);
	if (n < 0) {
		rc = fa_srcmap_err(ld->map, ld->err, FA_EPARSE, json_object_get(obj, "scope"),
				   NULL, "unknown scope '%s' (expected device, port, link, group, "
				   "path, fabric or plan)", scope);
		goto fail;
	}
	r->scope = r->over = (enum fa_scope)n;
	if (r->scope == FA_SCOPE_FABRIC) {
		n = over ? fa_scope_from_string(over) : -1;
		if (n != FA_SCOPE_DEVICE && n != FA_SCOPE_FABRIC) {
			rc = fa_srcmap_err(ld->map, ld->err, FA_EPARSE,
					   over ? json_object_get(obj, "over") : obj, NULL,
					   "fabric rule '%s' needs 'over': device or fabric", id);
			goto fail;
		}
		if (json_object_get(obj, "group_by")) {
			rc = fa_srcmap_err(ld->map, ld->err, FA_EPARSE, obj, "group_by",
					   "'group_by' is only for rules of scope group");
			goto fail;
		}
		r->over = (enum fa_scope)n;
		if (json_object_get(obj, "for_each") && r->over != FA_SCOPE_FABRIC) {
			rc = fa_srcmap_err(ld->map, ld->err, FA_EPARSE, obj, "for_each",
					   "'for_each' is only for fabric rules over fabric");
			goto fail;
		}
	} else if (r->scope == FA_SCOPE_GROUP) {
		if (!over || !json_object_get(obj, "group_by")) {
			rc = fa_srcmap_err(ld->map, ld->err, FA_EPARSE, obj, NULL,
					   "group rule '%s' needs 'over' and 'group_by'", id);
			goto fail;
		}
		n = fa_scope_from_string(over);
		if (n != FA_SCOPE_DEVICE && n != FA_SCOPE_PORT) {
			rc = fa_srcmap_err(ld->map, ld->err, FA_EPARSE,
					   json_object_get(obj, "over"), NULL,
					   "'over' must be device or port, not '%s'", over);
			goto fail;
		}
		r->over = (enum fa_scope)n;
	} else if (json_object_get(obj, "for_each")) {
		rc = fa_srcmap_err(ld->map, ld->err, FA_EPARSE, obj, "for_each",
				   "'for_each' is only for fabric rules over fabric");
		goto fail;
	} else if (over || json_object_get(obj, "group_by")) {
		rc = fa_srcmap_err(ld->map, ld->err, FA_EPARSE, obj,
				   over ? "over" : "group_by",
				   "'%s' is only for rules of scope group%s",
				   over ? "over" : "group_by", over ? " or fabric" : "");
		goto fail;
	}

	/* for_each reads the fabric; each of its elements is then bound as item. */
	opts.roots = fa_scope_roots(r->scope, r->over);
	if ((rc = fa_loader_expr(ld, obj, id, "for_each", &opts, &r->for_each)) < 0)
		goto fail;
	/* A path rule's where picks endpoints: it reads the endpoint, not a hop. */
	opts.roots = r->scope == FA_SCOPE_PATH ? fa_scope_roots(FA_SCOPE_PORT, FA_SCOPE_PORT)
					       : fa_scope_roots(r->scope, r->over);
	if (r->for_each)
		opts.roots |= FA_ROOT_BIT(FA_ROOT_ITEM);
	if ((rc = fa_loader_expr(ld, obj, id, "where", &opts, &r->where)) < 0)
		goto fail;
	opts.roots = fa_scope_roots(r->scope, r->over);
	if (r->for_each)
		opts.roots |= FA_ROOT_BIT(FA_ROOT_ITEM);
	if (r->scope == FA_SCOPE_GROUP &&
	    (rc = fa_loader_expr(ld, obj, id, "group_by", &opts, &r->group_by)) < 0)
		goto fail;
	opts.allow_uniform = r->scope == FA_SCOPE_GROUP;
	/* Path results are shared between endpoints that read alike; see the engine. */
	opts.no_topo = r->scope == FA_SCOPE_PATH;
	if ((rc = fa_loader_expr(ld, obj, id, "expect", &opts, &r->expect)) < 0)
		goto fail;
	opts.no_topo = false;
	if (!r->expect) {
		rc = fa_srcmap_err(ld->map, ld->err, FA_EPARSE, obj, NULL,
				   "rule '%s' has no 'expect'", id);
		goto fail;
	}
	if (r->scope == FA_SCOPE_GROUP && fa_expr_uniform_count(r->expect) == 0) {
		rc = fa_srcmap_err(ld->map, ld->err, FA_EPARSE, json_object_get(obj, "expect"),
				   NULL, "rule '%s': the expect of a group rule uses uniform()",
				   id);
		goto fail;
	}
	topts = opts;
	topts.allow_uniform = false;
	if (r->scope == FA_SCOPE_GROUP)
		topts.roots |= FA_ROOT_BIT(FA_ROOT_GROUP) | FA_ROOT_BIT(FA_ROOT_MAJORITY);
	if ((rc = fa_loader_tmpl(ld, obj, id, "message", &topts, &r->message)) < 0 ||
	    (rc = fa_loader_tmpl(ld, obj, id, "expected", &topts, &r->expected)) < 0 ||
	    (rc = fa_loader_tmpl(ld, obj, id, "actual", &topts, &r->actual)) < 0)
		goto fail;
	if (json_object_get(obj, "fix") &&
	    (rc = fa_loader_fix(ld, r, json_object_get(obj, "fix"), &topts)) < 0)
		goto fail;

	r->source = json_object();
	for (i = 0; i < sizeof(fa_source_keys) / sizeof(fa_source_keys[0]); i++) {
		v = json_object_get(obj, fa_source_keys[i]);
		if (json_is_string(v))
			json_object_set(r->source, fa_source_keys[i], (json_t *)v);
	}
	if (r->fix.present)
		json_object_set(r->source, "fix", json_object_get(obj, "fix"));
	tags = json_object_get(obj, "tags");
	r->tags = json_array();
	if (tags) {
		if (!json_is_array(tags)) {
			rc = fa_srcmap_err(ld->map, ld->err, FA_EPARSE, tags, NULL,
					   "'tags' must be a list of strings");
			goto fail;
		}
		json_array_foreach(tags, i, v) {
			if (!json_is_string(v)) {
				rc = fa_srcmap_err(ld->map, ld->err, FA_EPARSE, v, NULL,
						   "a tag must be a string");
				goto fail;
			}
			json_array_append(r->tags, (json_t *)v);
		}
	}
	r->platforms = FA_PLATFORMS_ALL;
	if (json_object_get(obj, "platforms") &&
	    (rc = fa_loader_platforms(ld, r, json_object_get(obj, "platforms"))) < 0)
		goto fail;
	exs = json_object_get(obj, "examples");
	if (exs && (rc = fa_loader_examples(ld, r, exs)) < 0)
		goto fail;

	ld->rules = fa_xreallocarray(ld->rules, ld->nrules + 1, sizeof(*ld->rules));
	ld->rules[ld->nrules++] = r;
	return 0;
fail:
	fa_rule_free(r);
	return rc;
}

static int fa_loader_pack(struct fa_loader *ld, const json_t *root)
{
	const char *name, *desc;
	const json_t *params, *rules, *v;
	size_t i;
	int rc;

	if (json_is_null(root))
		return fa_err_at(ld->err, FA_EPARSE, ld->file, 1, 1,
				 "the file is empty; a rule pack is a mapping with 'pack' and "
				 "'rules'");
	if (!json_is_object(root))
		return fa_srcmap_err(ld->map, ld->err, FA_EPARSE, root, NULL,
				     "a rule pack is a mapping with 'pack' and 'rules'");
	rc = fa_check_keys(ld, root, fa_pack_keys, "a rule pack");
	if (rc < 0)
		return rc;
	if ((rc = fa_get_str(ld, root, "pack", true, "the rule pack", &name)) < 0 ||
	    (rc = fa_get_str(ld, root, "description", false, "the rule pack", &desc)) < 0)
		return rc;
	if (!fa_name_is_valid(name))
		return fa_srcmap_err(ld->map, ld->err, FA_EPARSE, json_object_get(root, "pack"),
				     NULL, "pack name '%s' must be lowercase letters, digits, "
				     "'.', '-' and '_'", name);
	for (i = 0; i < ld->rs->npacks; i++)
		if (strcmp(ld->rs->packs[i]->name, name) == 0)
			return fa_srcmap_err(ld->map, ld->err, FA_EPARSE,
					     json_object_get(root, "pack"), NULL,
					     "pack '%s' is already loaded from %s", name,
					     ld->rs->packs[i]->file);
	params = json_object_get(root, "params");
	if (params && !json_is_object(params))
		return fa_srcmap_err(ld->map, ld->err, FA_EPARSE, params, NULL,
				     "'params' must be a mapping of names to values");
	rules = json_object_get(root, "rules");
	if (!rules)
		return fa_srcmap_err(ld->map, ld->err, FA_EPARSE, root, NULL,
				     "the rule pack has no 'rules'");
	if (!json_is_array(rules))
		return fa_srcmap_err(ld->map, ld->err, FA_EPARSE, rules, NULL,
				     "'rules' must be a list");

	ld->pack->name = fa_xstrdup(name);
	ld->pack->description = desc ? fa_xstrdup(desc) : NULL;
	ld->pack->params_default = params ? json_deep_copy(params) : json_object();
	ld->pack->params = json_deep_copy(ld->pack->params_default);
	json_array_foreach(rules, i, v) {
		rc = fa_loader_rule(ld, v);
		if (rc < 0)
			return rc;
	}
	return 0;
}

static int fa_rule_sort_cmp(const void *a, const void *b)
{
	const struct fa_rule *const *x = a, *const *y = b;

	return strcmp((*x)->id, (*y)->id);
}

static int fa_ruleset_load_file(struct fa_ruleset *rs, const char *path, struct fa_err *err)
{
	struct fa_loader ld;
	struct fa_buf raw = FA_BUF_INIT;
	json_t *root = NULL;
	size_t i;
	int rc;

	memset(&ld, 0, sizeof(ld));
	ld.file = path;
	ld.err = err;
	ld.rs = rs;
	rc = fa_file_read(path, FA_PACK_MAX_FILE, &raw, err);
	if (rc < 0)
		goto out;
	ld.raw = raw.buf;
	ld.rawlen = raw.len;
	rc = fa_yaml_parse(path, raw.buf, raw.len, &root, &ld.map, err);
	if (rc < 0)
		goto out;
	ld.pack = fa_xcalloc(1, sizeof(*ld.pack));
	ld.pack->file = fa_xstrdup(path);
	rc = fa_loader_pack(&ld, root);
	if (rc < 0)
		goto out;

	rs->packs = fa_xreallocarray(rs->packs, rs->npacks + 1, sizeof(*rs->packs));
	rs->packs[rs->npacks++] = FA_TAKE_PTR(ld.pack);
	rs->rules = fa_xreallocarray(rs->rules, rs->nrules + ld.nrules + 1, sizeof(*rs->rules));
	if (!rs->paths)
		rs->paths = json_object();
	for (i = 0; i < ld.nrules; i++) {
		/* Paths the engine may cache per subject, numbered across every pack. */
		if (ld.rules[i]->where)
			fa_expr_assign_slots(ld.rules[i]->where, rs->paths);
		fa_expr_assign_slots(ld.rules[i]->expect, rs->paths);
		if (ld.rules[i]->group_by)
			fa_expr_assign_slots(ld.rules[i]->group_by, rs->paths);
		rs->rules[rs->nrules++] = ld.rules[i];
	}
	ld.nrules = 0;
	qsort(rs->rules, rs->nrules, sizeof(*rs->rules), fa_rule_sort_cmp);
out:
	for (i = 0; i < ld.nrules; i++)
		fa_rule_free(ld.rules[i]);
	free(ld.rules);
	fa_pack_free(ld.pack);
	fa_srcmap_free(ld.map);
	json_decref(root);
	fa_buf_release(&raw);
	return rc;
}

static bool fa_is_pack_name(const char *name)
{
	static const char *const exts[] = { ".yaml", ".yml", ".json" };
	size_t i, n = strlen(name);

	if (name[0] == '.')
		return false;
	for (i = 0; i < sizeof(exts) / sizeof(exts[0]); i++) {
		size_t e = strlen(exts[i]);

		if (n > e && strcmp(name + n - e, exts[i]) == 0)
			return true;
	}
	return false;
}

static int fa_str_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int fa_ruleset_load_dir(struct fa_ruleset *rs, const char *path, struct fa_err *err)
{
	char **names = NULL;
	size_t n = 0, i;
	struct dirent *de;
	DIR *dir;
	int rc = 0;

	dir = opendir(path);
	if (!dir)
		return fa_err_at(err, FA_EIO, path, 0, 0, "cannot read the folder: %s",
				 strerror(errno));
	while ((de = readdir(dir)) != NULL) {
		if (!fa_is_pack_name(de->d_name))
			continue;
		names = fa_xreallocarray(names, n + 1, sizeof(*names));
		names[n++] = fa_xasprintf("%s/%s", path, de->d_name);
	}
	closedir(dir);
	if (n == 0) {
		rc = fa_err_at(err, FA_ENOENT, path, 0, 0,
			       "no rule packs (*.yaml, *.yml, *.json) in the folder");
		goto out;
	}
	qsort(names, n, sizeof(*names), fa_str_cmp);
	for (i = 0; i < n && rc == 0; i++)
		rc = fa_ruleset_load_file(rs, names[i], err);
out:
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return rc;
}

int fa_ruleset_load(struct fa_ruleset *rs, const char *path, struct fa_err *err)
{
	struct stat st;

	if (stat(path, &st) < 0)
		return fa_err_at(err, errno == ENOENT ? FA_ENOENT : FA_EIO, path, 0, 0, "%s",
				 strerror(errno));
	if (S_ISDIR(st.st_mode))
		return fa_ruleset_load_dir(rs, path, err);
	return fa_ruleset_load_file(rs, path, err);
}
