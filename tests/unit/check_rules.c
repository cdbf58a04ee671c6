/* SPDX-License-Identifier: MIT */
/* The rule pack loader: strict checking with file:line:column errors, folders, parameters. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "audit/engine.h"
#include "rules/rule.h"
#include "tests/unit/unit.h"

static const struct {
	const char *file;
	int line, column;
	const char *words;	/* part of the message */
} fa_load_errors[] = {
	{ "bad-unknown-key.yaml", 6, 5, "unknown key 'severty' in a rule" },
	{ "bad-severity.yaml", 6, 15, "unknown severity 'critical'" },
	{ "bad-expr.yaml", 8, 25, "rule 't.expr': expect: '=' is not an operator" },
	{ "bad-expr-folded.yaml", 10, 13, "rule 't.folded': where: unknown name 'prot'" },
	{ "bad-expr-quoted.yaml", 8, 40, "unknown function 'foo'" },
	{ "bad-dup-id.yaml", 9, 9, "duplicate rule id 't.same'" },
	{ "bad-no-expect.yaml", 3, 5, "rule 't.noexpect' has no 'expect'" },
	{ "bad-template.yaml", 9, 19, "message: unterminated placeholder" },
	{ "bad-param.yaml", 9, 32, "unknown parameter 'jumbo_min'" },
	{ "bad-group.yaml", 10, 13, "the expect of a group rule uses uniform()" },
	{ "bad-scope-root.yaml", 8, 13, "unknown name 'port' (this rule can read: device, params)" },
	{ "bad-example-shape.yaml", 11, 11, "unknown key 'port' in an example" },
};

START_TEST(rules_load_errors_name_file_line_column)
{
	char rel[128], path[4096];
	struct fa_ruleset *rs = fa_ruleset_new();
	struct fa_err err = FA_ERR_INIT;

	snprintf(rel, sizeof(rel), "tests/fixtures/rules/%s", fa_load_errors[_i].file);
	snprintf(path, sizeof(path), "%s", fa_test_srcfile(rel));
	ck_assert_msg(fa_ruleset_load(rs, path, &err) == -FA_EPARSE,
		      "%s is refused as bad input.", rel);
	ck_assert_msg(strcmp(err.source, path) == 0, "The error names the file %s, not %s.", path,
		      err.source);
	ck_assert_msg(err.line == fa_load_errors[_i].line && err.column == fa_load_errors[_i].column,
		      "The error in %s is at %d:%d, not %d:%d (%s).", rel, fa_load_errors[_i].line,
		      fa_load_errors[_i].column, err.line, err.column, err.msg);
	ck_assert_msg(strstr(err.msg, fa_load_errors[_i].words) != NULL,
		      "The error in %s says \"%s\" (it says \"%s\").", rel,
		      fa_load_errors[_i].words, err.msg);
	ck_assert_msg(fa_ruleset_count(rs) == 0, "Nothing of a refused file is loaded.");
	fa_ruleset_free(rs);
}
END_TEST

/* Packs given as text, each with one mistake the loader must catch. */
static const struct {
	const char *text;
	const char *words;
} fa_bad_packs[] = {
	{ "", "a rule pack is a mapping" },
	{ "[1, 2]", "a rule pack is a mapping" },
	{ "pack: x\n", "has no 'rules'" },
	{ "rules: []\n", "has no 'pack'" },
	{ "pack: Bad Name\nrules: []\n", "pack name 'Bad Name'" },
	{ "pack: x\nrules: {}\n", "'rules' must be a list" },
	{ "pack: x\nparams: 3\nrules: []\n", "'params' must be a mapping" },
	{ "pack: x\nrules: [3]\n", "a rule must be a mapping" },
	{ "pack: x\nrules:\n  - id: A.b\n", "rule id 'A.b'" },
	{ "pack: x\nrules:\n  - id: a\n    title: t\n    category: nonsense\n    severity: error\n"
	  "    scope: port\n    expect: 'true'\n", "unknown category 'nonsense'" },
	{ "pack: x\nrules:\n  - id: a\n    title: t\n    category: mtu\n    severity: error\n"
	  "    scope: cluster\n    expect: 'true'\n", "unknown scope 'cluster'" },
	{ "pack: x\nrules:\n  - id: a\n    title: t\n    category: mtu\n    severity: error\n"
	  "    scope: fabric\n    expect: 'true'\n", "needs 'over': device or fabric" },
	{ "pack: x\nrules:\n  - id: a\n    title: t\n    category: mtu\n    severity: error\n"
	  "    scope: fabric\n    over: fabric\n    expect: device.mtu > 0\n",
	  "unknown name 'device' (this rule can read: fabric, params)" },
	{ "pack: x\nrules:\n  - id: a\n    title: t\n    category: mtu\n    severity: error\n"
	  "    scope: path\n    where: a.port.mtu > 0\n    expect: 'true'\n",
	  "unknown name 'a'" },
	{ "pack: x\nrules:\n  - id: a\n    title: t\n    category: mtu\n    severity: error\n"
	  "    scope: path\n    expect: tier(b.device) > 0\n",
	  "tier() cannot be used here" },
	{ "pack: x\nrules:\n  - id: a\n    title: t\n    category: mtu\n    severity: error\n"
	  "    scope: plan\n    expect: plan.status == 'ok'\n"
	  "    examples: { pass: [ { devices: [], plan: [ { a: { device: x } } ] } ] }\n",
	  "the example's plan" },
	{ "pack: x\nrules:\n  - id: a\n    title: t\n    category: mtu\n    severity: error\n"
	  "    scope: path\n    expect: 'true'\n    examples: { pass: [ { device: {} } ] }\n",
	  "unknown key 'device' in an example" },
	{ "pack: x\nrules:\n  - id: a\n    title: 3\n", "'title' must be a non-empty string" },
	{ "pack: x\nrules:\n  - id: a\n    title: t\n    category: mtu\n    severity: error\n"
	  "    scope: port\n    over: port\n    expect: 'true'\n",
	  "'over' is only for rules of scope group" },
	{ "pack: x\nrules:\n  - id: a\n    title: t\n    category: mtu\n    severity: error\n"
	  "    scope: group\n    over: link\n    group_by: device.role\n"
	  "    expect: uniform(device.os)\n", "'over' must be device or port" },
	{ "pack: x\nrules:\n  - id: a\n    title: t\n    category: mtu\n    severity: error\n"
	  "    scope: group\n    expect: uniform(device.os)\n", "needs 'over' and 'group_by'" },
	{ "pack: x\nrules:\n  - id: a\n    title: t\n    category: mtu\n    severity: error\n"
	  "    scope: port\n    expect: uniform(port.mtu)\n", "only valid in the expect of a group" },
	{ "pack: x\nrules:\n  - id: a\n    title: t\n    category: mtu\n    severity: error\n"
	  "    scope: port\n    expect: 'true'\n    tags: roce\n", "'tags' must be a list" },
	{ "pack: x\nrules:\n  - id: a\n    title: t\n    category: mtu\n    severity: error\n"
	  "    scope: port\n    expect: 'true'\n    examples: { pass: [ { port: {} } ], "
	  "maybe: [] }\n", "unknown key 'maybe' in examples" },
	{ "pack: x\nrules:\n  - id: a\n    title: t\n    category: mtu\n    severity: error\n"
	  "    scope: port\n    expect: 'true'\n    examples: { pass: [ 3 ] }\n",
	  "an example is an object" },
	{ "pack: x\nrules:\n  - id: a\n    title: t\n    category: mtu\n    severity: error\n"
	  "    scope: port\n    expect: 'true'\n    message: 'x }'\n", "unmatched '}'" },
	{ "pack: x\nrules:\n  - id: a\n    title: t\n    category: mtu\n    severity: error\n"
	  "    scope: port\n    expect: 'true'\n    message: '{ }'\n", "empty placeholder" },
	{ "pack: x\nrules:\n  - id: a\n    title: t\n    category: mtu\n    severity: error\n"
	  "    scope: link\n    expect: 'true'\n    message: '{port}'\n", "unknown name 'port'" },
	{ "pack: x\nrules:\n  - {id: a, title: t, category: mtu, severity: error, scope: port,\n"
	  "     expect: 'true', where: 3}\n", "'where' must be a non-empty string" },
	{ "pack: x\nrules:\n  - id: a\n\tbad: tab\n", "" },
	{ "pack: x\nrules:\n  - id: a\n    title: t\n    category: mtu\n    severity: error\n"
	  "    scope: port\n    for_each: '[1]'\n    expect: 'true'\n",
	  "'for_each' is only for fabric rules over fabric" },
	{ "pack: x\nrules:\n  - id: a\n    title: t\n    category: mtu\n    severity: error\n"
	  "    scope: fabric\n    over: device\n    for_each: '[1]'\n    expect: 'true'\n",
	  "'for_each' is only for fabric rules over fabric" },
	{ "pack: x\nrules:\n  - id: a\n    title: t\n    category: mtu\n    severity: error\n"
	  "    scope: fabric\n    over: fabric\n    expect: item == 1\n", "unknown name 'item'" },
	{ "pack: x\nrules:\n  - id: a\n    title: t\n    category: mtu\n    severity: error\n"
	  "    scope: fabric\n    over: fabric\n    for_each: item\n    expect: 'true'\n",
	  "unknown name 'item'" },
	{ "pack: x\nrules:\n  - id: a\n    title: t\n    category: mtu\n    severity: error\n"
	  "    scope: link\n    expect: 'true'\n    fix: { linux: x }\n",
	  "only device, port and group rules have a 'fix'" },
	{ "pack: x\nrules:\n  - id: a\n    title: t\n    category: mtu\n    severity: error\n"
	  "    scope: port\n    expect: 'true'\n    fix: { cumulos: x }\n",
	  "unknown platform 'cumulos' in 'fix' (did you mean cumulus?)" },
	{ "pack: x\nrules:\n  - id: a\n    title: t\n    category: mtu\n    severity: error\n"
	  "    scope: port\n    expect: 'true'\n    fix: { linux: [] }\n",
	  "'fix: linux' must be a line or a non-empty list of lines" },
	{ "pack: x\nrules:\n  - id: a\n    title: t\n    category: mtu\n    severity: error\n"
	  "    scope: port\n    expect: 'true'\n    fix: { linux: [ 'ip link', 3 ] }\n",
	  "a line of 'fix: linux' must be a non-empty string" },
	{ "pack: x\nrules:\n  - id: a\n    title: t\n    category: mtu\n    severity: error\n"
	  "    scope: port\n    expect: 'true'\n    fix: { linux: 'mtu {a.port.mtu}' }\n",
	  "fix: unknown name 'a'" },
	{ "pack: x\nrules:\n  - id: a\n    title: t\n    category: mtu\n    severity: error\n"
	  "    scope: port\n    expect: 'true'\n    fix: []\n",
	  "'fix' must map platform names (or 'note') to command lines" },
};

START_TEST(rules_bad_packs_are_refused)
{
	char path[] = "/tmp/fa-rules-XXXXXX";
	struct fa_ruleset *rs = fa_ruleset_new();
	struct fa_err err = FA_ERR_INIT;
	const char *text = fa_bad_packs[_i].text;
	FILE *f;
	int fd, rc;

	fd = mkstemp(path);
	ck_assert_msg(fd >= 0, "A temporary file can be made.");
	f = fdopen(fd, "w");
	fputs(text, f);
	fclose(f);
	rc = fa_ruleset_load(rs, path, &err);
	unlink(path);
	ck_assert_msg(rc == -FA_EPARSE, "Pack %d is refused with -FA_EPARSE (got %d: %s).", _i,
		      rc, err.msg);
	ck_assert_msg(strstr(err.msg, fa_bad_packs[_i].words) != NULL,
		      "Pack %d is refused because \"%s\" (the message is \"%s\").", _i,
		      fa_bad_packs[_i].words, err.msg);
	ck_assert_msg(err.line > 0, "The refusal of pack %d names a line.", _i);
	fa_ruleset_free(rs);
}
END_TEST

START_TEST(rules_shipped_pack_loads)
{
	static const char *const ids[] = {
		"driver.nic.uniform", "ecn.lossless.enabled", "firmware.nic.uniform",
		"mtu.link.equal", "mtu.link.host_fits", "mtu.rdma.jumbo", "pfc.link.equal",
		"pfc.link.pause_honoured", "pfc.lossless.both_directions", "pfc.lossless.enabled",
		"software.kernel.uniform", "software.ofed.uniform",
		"speed.link.equal", "speed.rdma.uniform", "trust.dscp", "trust.map.equal",
	};
	struct fa_ruleset *rs = fa_ruleset_new();
	struct fa_err err = FA_ERR_INIT;
	json_t *list, *r;
	size_t i;

	ck_assert_msg(fa_ruleset_load(rs, fa_test_srcfile("rules/packs/roce-basics.yaml"),
				      &err) == 0, "The roce-basics pack loads (%s).", err.msg);
	list = fa_ruleset_list_json(rs);
	ck_assert_msg(json_array_size(list) == sizeof(ids) / sizeof(ids[0]),
		      "roce-basics has %zu rules, not %zu.", sizeof(ids) / sizeof(ids[0]),
		      json_array_size(list));
	json_array_foreach(list, i, r) {
		ck_assert_str_eq(json_string_value(json_object_get(r, "id")), ids[i]);
		ck_assert_str_eq(json_string_value(json_object_get(r, "pack")), "roce-basics");
		ck_assert_msg(json_string_length(json_object_get(r, "rationale")) > 20,
			      "Rule %s explains why it matters.", ids[i]);
		ck_assert_msg(json_string_length(json_object_get(r, "title")) > 10,
			      "Rule %s has a title.", ids[i]);
	}
	r = json_array_get(list, 5);
	ck_assert_str_eq(json_string_value(json_object_get(r, "severity")), "error");
	ck_assert_str_eq(json_string_value(json_object_get(r, "scope")), "port");
	ck_assert_str_eq(json_string_value(json_object_get(r, "category")), "mtu");
	ck_assert_msg(json_array_size(json_object_get(r, "tags")) == 1 &&
		      strcmp(json_string_value(json_array_get(json_object_get(r, "tags"), 0)),
			     "roce") == 0, "mtu.rdma.jumbo is tagged roce, and only that.");
	for (i = 0; i < rs->nrules; i++)
		ck_assert_msg(rs->rules[i]->nexamples >= 2 && rs->rules[i]->message,
			      "Rule %s has pass and fail examples and a message.",
			      rs->rules[i]->id);
	json_decref(list);
	fa_ruleset_free(rs);
}
END_TEST

/* Every shipped rule is documented and has examples of both kinds that hold. */
START_TEST(rules_shipped_packs_pass_lint)
{
	struct fa_ruleset *rs = fa_ruleset_new();
	struct fa_err err = FA_ERR_INIT;
	json_t *problems = json_array();
	size_t n, i, npass, nfail;

	ck_assert_msg(fa_ruleset_load(rs, fa_test_srcfile("rules/packs"), &err) == 0,
		      "The shipped packs load (%s).", err.msg);
	ck_assert_msg(rs->nrules >= 60 && rs->npacks == 10,
		      "The catalogue has 10 packs and at least 60 rules (%zu, %zu).", rs->npacks,
		      rs->nrules);
	n = fa_ruleset_lint(rs, problems);
	ck_assert_msg(n == 0, "The shipped packs have no lint problems (first: %s).",
		      n ? json_string_value(json_array_get(problems, 0)) : "");
	for (i = 0; i < rs->nrules; i++) {
		size_t k;

		for (k = 0, npass = nfail = 0; k < rs->rules[i]->nexamples; k++)
			*(rs->rules[i]->examples[k].pass ? &npass : &nfail) += 1;
		ck_assert_msg(npass > 0 && nfail > 0 && rs->rules[i]->rationale,
			      "Rule %s has a rationale, a pass and a fail example.",
			      rs->rules[i]->id);
	}
	json_decref(problems);
	fa_ruleset_free(rs);
}
END_TEST

/* Lint lists every problem of a pack, each at its file and line. */
START_TEST(rules_lint_reports_every_problem)
{
	struct fa_ruleset *rs = fa_ruleset_new();
	struct fa_err err = FA_ERR_INIT;
	json_t *problems = json_array();

	ck_assert_int_eq(fa_ruleset_load(rs, fa_test_srcfile("tests/fixtures/rules/"
							     "engine-pack.yaml"), &err), 0);
	ck_assert_msg(fa_ruleset_lint(rs, problems) == 2 * rs->nrules,
		      "Each rule of engine-pack.yaml lacks a rationale and examples (%zu "
		      "problems).", json_array_size(problems));
	ck_assert_msg(strstr(json_string_value(json_array_get(problems, 0)),
			     "engine-pack.yaml:") != NULL &&
		      strstr(json_string_value(json_array_get(problems, 0)), "has no rationale"),
		      "A problem names the file and what is wrong (%s).",
		      json_string_value(json_array_get(problems, 0)));
	json_decref(problems);
	fa_ruleset_free(rs);
}
END_TEST

START_TEST(rules_folder_loads_in_sorted_order)
{
	struct fa_ruleset *rs = fa_ruleset_new();
	struct fa_err err = FA_ERR_INIT;
	const struct fa_rule *r;

	ck_assert_msg(fa_ruleset_load(rs, fa_test_srcfile("tests/fixtures/rules/packdir"), &err) ==
		      0, "A folder of a YAML and a JSON pack loads (%s).", err.msg);
	ck_assert_msg(rs->npacks == 2 && strcmp(rs->packs[0]->name, "first") == 0 &&
		      strcmp(rs->packs[1]->name, "second") == 0,
		      "Packs load in file name order (10-first.yaml, then 20-second.json).");
	ck_assert_msg(rs->nrules == 2 && strcmp(rs->rules[0]->id, "a.second") == 0,
		      "Rules are kept sorted by id whatever pack they came from.");
	r = fa_ruleset_find(rs, "a.second");
	ck_assert_msg(r && r->severity == FA_SEVERITY_INFO && r->scope == FA_SCOPE_PORT &&
		      strcmp(r->rationale, "RoCEv2 is routed.") == 0,
		      "The JSON pack's rule has its severity, scope and rationale.");
	ck_assert_msg(fa_ruleset_find(rs, "nope") == NULL, "An unknown id is not found.");
	ck_assert_msg(fa_ruleset_load(rs, fa_test_srcfile("tests/fixtures/rules/packdir/"
							  "10-first.yaml"), &err) == -FA_EPARSE &&
		      strstr(err.msg, "pack 'first' is already loaded"),
		      "Loading the same pack twice is refused (%s).", err.msg);
	ck_assert_msg(rs->nrules == 2, "The refused file added nothing.");
	fa_ruleset_free(rs);
}
END_TEST

START_TEST(rules_missing_paths_are_reported)
{
	struct fa_ruleset *rs = fa_ruleset_new();
	struct fa_err err = FA_ERR_INIT;
	char dir[] = "/tmp/fa-rules-dir-XXXXXX";

	ck_assert_msg(fa_ruleset_load(rs, "/nonexistent/rules.yaml", &err) == -FA_ENOENT,
		      "A pack that does not exist is -FA_ENOENT.");
	ck_assert_msg(mkdtemp(dir) != NULL, "A temporary folder can be made.");
	ck_assert_msg(fa_ruleset_load(rs, dir, &err) == -FA_ENOENT &&
		      strstr(err.msg, "no rule packs"),
		      "A folder without packs is -FA_ENOENT (%s).", err.msg);
	rmdir(dir);
	fa_ruleset_free(rs);
}
END_TEST

START_TEST(rules_params_can_be_overridden)
{
	struct fa_ruleset *rs = fa_ruleset_new();
	struct fa_err err = FA_ERR_INIT;
	json_t *v = json_integer(1500), *s = json_string("pcp");

	ck_assert_int_eq(fa_ruleset_load(rs, fa_test_srcfile("tests/fixtures/rules/packdir"),
					 &err), 0);
	ck_assert_msg(fa_ruleset_set_param(rs, "mtu_min", v, &err) == 0,
		      "A declared parameter can be set (%s).", err.msg);
	ck_assert_msg(json_integer_value(json_object_get(rs->packs[0]->params, "mtu_min")) ==
		      1500 && json_integer_value(json_object_get(rs->packs[1]->params,
								  "mtu_min")) == 1500,
		      "Every pack declaring the parameter gets the value.");
	ck_assert_msg(json_integer_value(json_object_get(rs->packs[0]->params_default,
							 "mtu_min")) == 9000,
		      "The declared default is kept for the examples.");
	ck_assert_msg(fa_ruleset_set_param(rs, "mtu_mni", v, &err) == -FA_ENOENT,
		      "A parameter no pack declares is -FA_ENOENT.");
	ck_assert_msg(fa_ruleset_set_param(rs, "mtu_min", s, &err) == -FA_EINVAL,
		      "A value of another type than the default is -FA_EINVAL.");
	ck_assert_msg(fa_ruleset_set_param(rs, "trust", s, &err) == 0 &&
		      strcmp(json_string_value(json_object_get(rs->packs[1]->params, "trust")),
			     "pcp") == 0, "A string parameter takes a string.");
	json_decref(v);
	json_decref(s);
	fa_ruleset_free(rs);
}
END_TEST

START_TEST(rules_scope_and_severity_names)
{
	int i;

	for (i = 0; i < FA_SCOPE_COUNT; i++)
		ck_assert_int_eq(fa_scope_from_string(fa_scope_to_string(i)), i);
	for (i = 0; i < FA_SEVERITY_COUNT; i++)
		ck_assert_int_eq(fa_severity_from_string(fa_severity_to_string(i)), i);
	ck_assert_msg(fa_severity_from_string("critical") == -1, "'critical' is no severity.");
	ck_assert_msg(fa_scope_from_string("cluster") == -1, "'cluster' is no scope.");
	ck_assert_msg(fa_scope_from_string("plan") == FA_SCOPE_PLAN, "'plan' is a scope.");
	ck_assert_msg(fa_category_is_known("pfc") && !fa_category_is_known("PFC"),
		      "Categories are the lowercase names of docs/rules.md.");
}
END_TEST

START_TEST(rules_templates_render)
{
	struct fa_expr_opts opts = { FA_ROOT_BIT(FA_ROOT_PARAMS) | FA_ROOT_BIT(FA_ROOT_DEVICE) |
				     FA_ROOT_BIT(FA_ROOT_PORT), false, NULL, false, false };
	struct fa_subject subj = { .scope = FA_SCOPE_PORT, .dev = "gpu003", .port = "ens1f0np0" };
	struct fa_eval ev = FA_EVAL_INIT;
	struct fa_err err = FA_ERR_INIT;
	struct fa_tmpl *t = NULL;
	struct fa_buf b = FA_BUF_INIT;
	json_t *port = json_pack("{s:s,s:i}", "name", "ens1f0np0", "mtu", 1500);

	ck_assert_int_eq(fa_tmpl_parse("{port} on {device} has MTU {port.mtu} ({port.mtu + 2}), "
				       "speed { port.speed }, {{literal}}", &opts, &t, &err), 0);
	ev.root[FA_ROOT_PORT] = port;
	fa_tmpl_render(t, &ev, &subj, &b);
	ck_assert_str_eq(b.buf, "gpu003:ens1f0np0 on gpu003 has MTU 1500 (1502), speed (missing), "
				"{literal}");
	ck_assert_msg(ev.missing == NULL, "Rendering leaves no missing path behind.");
	fa_tmpl_free(t);
	t = NULL;
	ck_assert_msg(fa_tmpl_parse("MTU {port.mtu >= }", &opts, &t, &err) == -FA_EPARSE &&
		      err.column == 17, "A bad expression in a template is located in the template "
		      "(column %d).", err.column);
	fa_buf_release(&b);
	json_decref(port);
}
END_TEST

/* A finding's fix: the lines of its device's platform, filled from the subject; the note. */
START_TEST(rules_fix_renders_for_the_device_platform)
{
	static const char pack[] =
		"pack: x\nparams: { host_mtu: 9000 }\nrules:\n"
		"  - id: t.mtu\n    title: t\n    category: mtu\n    severity: error\n"
		"    scope: port\n    expect: port.mtu >= 4200\n"
		"    fix:\n      note: 'on {port}'\n"
		"      linux: ip link set dev {port.name} mtu {params.host_mtu}\n"
		"      cumulus: [ 'nv set interface {port.name} link mtu 9216', '# then {{check}}' ]\n";
	struct fa_ruleset *rs = fa_ruleset_new();
	struct fa_err err = FA_ERR_INIT;
	struct fa_subject subj = { .scope = FA_SCOPE_PORT, .dev = "gpu03", .port = "ens1f0np0" };
	struct fa_eval ev = FA_EVAL_INIT;
	const struct fa_rule *r;
	json_t *dev = json_pack("{s:s,s:s}", "name", "gpu03", "platform", "linux");
	json_t *port = json_pack("{s:s,s:i}", "name", "ens1f0np0", "mtu", 1500), *fix, *want;
	char path[] = "/tmp/fa-rules-XXXXXX";
	int fd = mkstemp(path);
	FILE *f;

	ck_assert_msg(fd >= 0, "A temporary file can be made.");
	f = fdopen(fd, "w");
	fputs(pack, f);
	fclose(f);
	ck_assert_msg(fa_ruleset_load(rs, path, &err) == 0, "The pack loads (%s).", err.msg);
	unlink(path);
	r = fa_ruleset_find(rs, "t.mtu");
	ev.root[FA_ROOT_DEVICE] = dev;
	ev.root[FA_ROOT_PORT] = port;
	ev.root[FA_ROOT_PARAMS] = r->pack->params;
	fix = fa_fix_render(r, &ev, &subj);
	want = json_pack("{s:s,s:[s],s:s}", "platform", "linux", "commands",
			 "ip link set dev ens1f0np0 mtu 9000", "note", "on gpu03:ens1f0np0");
	ck_assert_msg(json_equal(fix, want), "The linux line is filled from the port and params.");
	json_decref(fix);
	json_decref(want);

	json_object_set_new(dev, "platform", json_string("cumulus"));
	fix = fa_fix_render(r, &ev, &subj);
	ck_assert_str_eq(json_string_value(json_array_get(json_object_get(fix, "commands"), 1)),
			 "# then {check}");
	json_decref(fix);

	/* A device's value that could extend a command is never filled in. */
	json_object_set_new(port, "name", json_string("swp1; reboot"));
	fix = fa_fix_render(r, &ev, &subj);
	ck_assert_msg(json_array_size(json_object_get(fix, "commands")) == 1 &&
		      strncmp(json_string_value(json_array_get(json_object_get(fix, "commands"),
							       0)), "# not filled in", 15) == 0,
		      "A port named 'swp1; reboot' gets no command, only a step by hand.");
	json_decref(fix);
	json_object_set_new(port, "name", json_string("ens1f0np0"));
	subj.port = "ens1\nreboot";
	fix = fa_fix_render(r, &ev, &subj);
	ck_assert_str_eq(json_string_value(json_object_get(fix, "note")), "on gpu03:ens1?reboot");
	json_decref(fix);
	subj.port = "ens1f0np0";

	/* A platform without lines gets the note alone. */
	json_object_set_new(dev, "platform", json_string("sonic"));
	fix = fa_fix_render(r, &ev, &subj);
	ck_assert_msg(json_array_size(json_object_get(fix, "commands")) == 0 &&
		      json_is_string(json_object_get(fix, "note")),
		      "A platform with no lines gets the note and no command.");
	json_decref(fix);
	json_decref(dev);
	json_decref(port);
	fa_ruleset_free(rs);
}
END_TEST

Suite *fa_rules_suite(void)
{
	Suite *s = suite_create("rules");
	TCase *tc = tcase_create("rules");

	tcase_add_loop_test(tc, rules_load_errors_name_file_line_column, 0,
			    sizeof(fa_load_errors) / sizeof(fa_load_errors[0]));
	tcase_add_loop_test(tc, rules_bad_packs_are_refused, 0,
			    sizeof(fa_bad_packs) / sizeof(fa_bad_packs[0]));
	tcase_add_test(tc, rules_shipped_pack_loads);
	tcase_add_test(tc, rules_shipped_packs_pass_lint);
	tcase_add_test(tc, rules_lint_reports_every_problem);
	tcase_add_test(tc, rules_folder_loads_in_sorted_order);
	tcase_add_test(tc, rules_missing_paths_are_reported);
	tcase_add_test(tc, rules_params_can_be_overridden);
	tcase_add_test(tc, rules_scope_and_severity_names);
	tcase_add_test(tc, rules_templates_render);
	tcase_add_test(tc, rules_fix_renders_for_the_device_platform);
	suite_add_tcase(s, tc);
	return s;
}
