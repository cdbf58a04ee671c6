/* SPDX-License-Identifier: MIT */
/*
 * JUnit XML output, for CI systems that show test results (Jenkins, GitLab, GitHub actions).
 *
 * Mapping (docs/report.md, docs/diff.md):
 *   audit  one <testsuite name="fabric-audit.audit">; one <testcase> per rule run (classname
 *          fabric-audit.<pack>, name the rule id).  A rule with findings has one <failure>
 *          (type = its severity) whose message counts the failing subjects and whose text
 *          lists each one as "subject: message".  A rule with no failure but with checks
 *          not evaluable has an <error> (type not-evaluable) with the missing data listed,
 *          since the verdict is incomplete; one that applied to no subject is <skipped>.
 *          Devices not collected are one <testcase name="devices collected"> with an
 *          <error> listing them.  When the run accepted an incomplete verdict
 *          (--allow-incomplete) both are <skipped> instead, their message saying so.  The
 *          suite's properties name the verdict and every rule pack with its sha256.
 *   diff   one <testsuite name="fabric-audit.diff">: a testcase "unexpected changes" failing
 *          with every change outside the allow-list, and one testcase per allow-list entry
 *          failing with the subjects where the expected change is missing.
 *   gate   a <testsuite name="fabric-audit.gate"> with the gate's own checks (devices
 *          collected before and after, the post-change audit), then the diff and audit
 *          suites of above.
 *
 * The schema is the minimal JUnit subset of tests/fixtures/drift/junit-min.xsd: at most one
 * of failure/error/skipped per testcase.  Every string is escaped for XML; characters XML 1.0
 * cannot carry at all (C0 controls other than tab and newline) are written as \xNN, like the
 * text report does.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "audit/model.h"
#include "reports/render-int.h"
#include "audit/util/banned.h"

/* Append @s escaped for XML element content and double-quoted attributes. */
static void fa_xml_escape(struct fa_buf *out, const char *s, bool attr)
{
	const unsigned char *p = (const unsigned char *)(s ? s : "");

	for (; *p; p++) {
		switch (*p) {
		case '&':
			fa_buf_adds(out, "&amp;");
			break;
		case '<':
			fa_buf_adds(out, "&lt;");
			break;
		case '>':
			fa_buf_adds(out, "&gt;");
			break;
		case '"':
			fa_buf_adds(out, "&quot;");
			break;
		case '\'':
			fa_buf_adds(out, "&apos;");
			break;
		case '\n':
			/* A newline in an attribute would be normalised to a blank by readers. */
			fa_buf_adds(out, attr ? "&#10;" : "\n");
			break;
		case '\t':
			fa_buf_adds(out, attr ? "&#9;" : "\t");
			break;
		default:
			if (*p < 0x20 || *p == 0x7f) {
				fa_buf_addf(out, "\\x%02x", *p);
			} else if (*p == 0xef && p[1] == 0xbf && (p[2] == 0xbe || p[2] == 0xbf)) {
				/* U+FFFE and U+FFFF are not XML characters. */
				fa_buf_addch(out, '?');
				p += 2;
			} else {
				fa_buf_addch(out, (char)*p);
			}
		}
	}
}

struct fa_junit_case {
	const char *classname;
	const char *name;
	const char *kind;	/* NULL (passed), "failure", "error" or "skipped" */
	const char *type;	/* attribute of the failure (may be NULL) */
	struct fa_buf message;	/* attribute: one line */
	struct fa_buf text;	/* element content: one line per subject */
};

struct fa_junit_suite {
	struct fa_buf body;
	size_t tests, failures, errors, skipped;
};

static void fa_junit_case_init(struct fa_junit_case *c, const char *classname, const char *name)
{
	memset(c, 0, sizeof(*c));
	c->classname = classname;
	c->name = name;
	fa_buf_init(&c->message, 0);
	fa_buf_init(&c->text, 0);
}

/* Write @c into @s and release it. */
static void fa_junit_case_end(struct fa_junit_suite *s, struct fa_junit_case *c)
{
	struct fa_buf *b = &s->body;

	s->tests++;
	fa_buf_adds(b, "    <testcase classname=\"");
	fa_xml_escape(b, c->classname, true);
	fa_buf_adds(b, "\" name=\"");
	fa_xml_escape(b, c->name, true);
	if (!c->kind) {
		fa_buf_adds(b, "\"/>\n");
		goto out;
	}
	if (!strcmp(c->kind, "failure"))
		s->failures++;
	else if (!strcmp(c->kind, "error"))
		s->errors++;
	else
		s->skipped++;
	fa_buf_addf(b, "\">\n      <%s", c->kind);
	if (c->type) {
		fa_buf_adds(b, " type=\"");
		fa_xml_escape(b, c->type, true);
		fa_buf_adds(b, "\"");
	}
	fa_buf_adds(b, " message=\"");
	fa_xml_escape(b, c->message.buf, true);
	/* One subject per line, the first one on a line of its own too. */
	fa_buf_adds(b, c->text.len ? "\">\n" : "\">");
	fa_xml_escape(b, c->text.buf, false);
	fa_buf_addf(b, "</%s>\n    </testcase>\n", c->kind);
out:
	fa_buf_release(&c->message);
	fa_buf_release(&c->text);
}

/* Append the suite to @out: header with counts, properties, the cases. */
static void fa_junit_property(struct fa_buf *out, const char *name, const char *value)
{
	fa_buf_adds(out, "      <property name=\"");
	fa_xml_escape(out, name, true);
	fa_buf_adds(out, "\" value=\"");
	fa_xml_escape(out, value, true);
	fa_buf_adds(out, "\"/>\n");
}

/*
 * Append the suite to @out: header with counts, properties (@props paths of @doc, then one
 * "pack.NAME" per rule pack of @packs, NULL for none), the cases.
 */
static void fa_junit_suite_write(struct fa_buf *out, const char *name,
				 const struct fa_junit_suite *s, const json_t *doc,
				 const char *const *props, size_t nprops, const json_t *packs)
{
	struct fa_buf pname = FA_BUF_INIT, pval = FA_BUF_INIT;
	const json_t *p;
	const char *created = fa_report_str(doc, "created"), *v;
	size_t i;

	fa_buf_adds(out, "  <testsuite name=\"");
	fa_xml_escape(out, name, true);
	fa_buf_addf(out, "\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" skipped=\"%zu\"",
		    s->tests, s->failures, s->errors, s->skipped);
	if (created) {
		fa_buf_adds(out, " timestamp=\"");
		fa_xml_escape(out, created, true);
		fa_buf_adds(out, "\"");
	}
	fa_buf_adds(out, ">\n    <properties>\n");
	for (i = 0; i < nprops; i++) {
		v = fa_report_str(doc, props[i]);
		if (v)
			fa_junit_property(out, props[i], v);
	}
	json_array_foreach(packs, i, p) {
		fa_buf_reset(&pname);
		fa_buf_reset(&pval);
		fa_buf_addf(&pname, "pack.%s", fa_report_str(p, "name") ?
			    fa_report_str(p, "name") : "?");
		fa_buf_addf(&pval, "%s sha256:%s", fa_report_str(p, "file") ?
			    fa_report_str(p, "file") : "-", fa_report_str(p, "sha256") ?
			    fa_report_str(p, "sha256") : "-");
		fa_junit_property(out, pname.buf, pval.buf);
	}
	fa_buf_release(&pname);
	fa_buf_release(&pval);
	fa_buf_adds(out, "    </properties>\n");
	fa_buf_add(out, s->body.buf, s->body.len);
	fa_buf_adds(out, "  </testsuite>\n");
}

/* ---- audit ------------------------------------------------------------------------------- */

static void fa_junit_audit_suite(const json_t *report, struct fa_buf *out,
				 struct fa_junit_suite *total)
{
	static const char *const props[] = {
		"summary.verdict", "snapshot.source", "snapshot.created", "tool.version",
		"summary.packs_digest",
	};
	bool accepted = json_is_object(fa_obj_get_path(report, "summary.accepted_incomplete"));
	const json_t *rules = fa_report_items(report, &fa_report_rules);
	const json_t *findings = fa_report_items(report, &fa_report_findings);
	const json_t *uneval = fa_report_items(report, &fa_report_not_evaluable);
	const json_t *failed = fa_report_items(report, &fa_report_failed_devices);
	struct fa_junit_suite s = { FA_BUF_INIT, 0, 0, 0, 0 };
	struct fa_junit_case c;
	const json_t *rule, *f;
	char classname[256];
	size_t i, j, n;

	json_array_foreach(rules, i, rule) {
		const char *id = fa_report_str(rule, "id");
		long long fails = fa_report_int(rule, "counts.fail", 0);
		long long ne = fa_report_int(rule, "counts.notevaluable", 0);
		long long checks = fails + ne + fa_report_int(rule, "counts.pass", 0);

		snprintf(classname, sizeof(classname), "fabric-audit.%s",
			 fa_report_str(rule, "pack") ? fa_report_str(rule, "pack") : "rules");
		fa_junit_case_init(&c, classname, id ? id : "(rule without id)");
		n = 0;
		json_array_foreach(findings, j, f) {
			const char *rid = fa_report_str(f, "rule");

			if (!id || !rid || strcmp(rid, id) != 0)
				continue;
			n++;
			fa_buf_addf(&c.text, "%s: %s\n",
				    fa_report_str(f, "subject_text") ?
				    fa_report_str(f, "subject_text") : "-",
				    fa_report_str(f, "message") ? fa_report_str(f, "message") : "");
		}
		if (n > 0 || fails > 0) {
			c.kind = "failure";
			c.type = fa_report_str(rule, "severity");
			fa_buf_addf(&c.message, "%lld of %lld subjects fail: %s",
				    fails > (long long)n ? fails : (long long)n, checks,
				    fa_report_str(rule, "title") ? fa_report_str(rule, "title") :
				    "");
		} else if (ne > 0) {
			c.kind = accepted ? "skipped" : "error";
			c.type = accepted ? NULL : "not-evaluable";
			fa_buf_addf(&c.message, "%lld of %lld checks not evaluable (data missing)%s",
				    ne, checks, accepted ? "; accepted: --allow-incomplete" : "");
			json_array_foreach(uneval, j, f) {
				const char *rid = fa_report_str(f, "rule");

				if (!rid || !id || strcmp(rid, id) != 0)
					continue;
				fa_buf_addf(&c.text, "%s: missing %s\n",
					    fa_report_str(f, "subject") ?
					    fa_report_str(f, "subject") : "-",
					    fa_report_str(f, "missing") ?
					    fa_report_str(f, "missing") : "-");
			}
		} else if (checks == 0) {
			c.kind = "skipped";
			fa_buf_adds(&c.message, "the rule applied to no subject of the snapshot");
		}
		fa_junit_case_end(&s, &c);
	}
	fa_junit_case_init(&c, "fabric-audit.coverage", "devices collected");
	if (failed && json_array_size(failed)) {
		c.kind = accepted ? "skipped" : "error";
		c.type = accepted ? NULL : "collection";
		fa_buf_addf(&c.message, "%zu of %lld devices not collected%s", json_array_size(failed),
			    fa_report_int(report, "coverage.devices.total", 0),
			    accepted ? "; accepted: --allow-incomplete" : "");
		json_array_foreach(failed, j, f)
			fa_buf_addf(&c.text, "%s: %s: %s\n", fa_report_str(f, "device") ?
				    fa_report_str(f, "device") : "-", fa_report_str(f, "status") ?
				    fa_report_str(f, "status") : "-", fa_report_str(f, "error") ?
				    fa_report_str(f, "error") : "");
	}
	fa_junit_case_end(&s, &c);
	fa_junit_suite_write(out, "fabric-audit.audit", &s, report, props,
			     sizeof(props) / sizeof(props[0]), fa_report_items(report, &fa_report_packs));
	total->tests += s.tests;
	total->failures += s.failures;
	total->errors += s.errors;
	total->skipped += s.skipped;
	fa_buf_release(&s.body);
}

/* ---- diff -------------------------------------------------------------------------------- */

/* "subject field: old -> new" (or "subject added/removed") of change @c. */
static void fa_junit_change_line(struct fa_buf *b, const json_t *c)
{
	struct fa_buf v = FA_BUF_INIT;

	fa_buf_adds(b, fa_report_str(c, "subject") ? fa_report_str(c, "subject") : "-");
	if (!json_object_get(c, "field")) {
		fa_buf_addf(b, " %s (%s)\n", fa_report_str(c, "op") ? fa_report_str(c, "op") : "-",
			    fa_report_str(c, "kind") ? fa_report_str(c, "kind") : "-");
		return;
	}
	fa_buf_addf(b, " %s: ", fa_report_str(c, "field"));
	if (!fa_report_field_text(c, fa_report_field_find(&fa_diff_changes, "old"), &v))
		fa_buf_adds(&v, "(absent)");
	fa_buf_addf(&v, " -> ");
	if (!fa_report_field_text(c, fa_report_field_find(&fa_diff_changes, "new"), &v))
		fa_buf_adds(&v, "(absent)");
	fa_buf_add(b, v.buf, v.len);
	fa_buf_addch(b, '\n');
	fa_buf_release(&v);
}

static void fa_junit_diff_suite(const json_t *diff, struct fa_buf *out,
				struct fa_junit_suite *total)
{
	static const char *const props[] = {
		"summary.verdict", "old.source", "old.created", "new.source", "new.created",
		"allow.source", "tool.version",
	};
	const json_t *changes = fa_report_items(diff, &fa_diff_changes);
	const json_t *missing = fa_report_items(diff, &fa_diff_missing);
	const json_t *entries = fa_obj_get_path(diff, "allow.entries");
	struct fa_junit_suite s = { FA_BUF_INIT, 0, 0, 0, 0 };
	struct fa_junit_case c;
	const json_t *ch, *e, *m;
	char name[600];
	size_t i, j, n = 0;

	fa_junit_case_init(&c, "fabric-audit.diff", "unexpected changes");
	json_array_foreach(changes, i, ch) {
		if (json_is_true(json_object_get(ch, "allowed")))
			continue;
		n++;
		fa_junit_change_line(&c.text, ch);
	}
	if (n) {
		c.kind = "failure";
		c.type = "drift";
		fa_buf_addf(&c.message, "%zu change%s outside the allow-list", n,
			    n == 1 ? "" : "s");
	}
	fa_junit_case_end(&s, &c);
	json_array_foreach(entries, i, e) {
		long long entry = fa_report_int(e, "entry", 0);

		snprintf(name, sizeof(name), "expected change %lld: %s", entry,
			 fa_report_str(e, "reason") ? fa_report_str(e, "reason") : "");
		fa_junit_case_init(&c, "fabric-audit.diff.allow", name);
		n = 0;
		json_array_foreach(missing, j, m) {
			struct fa_buf v = FA_BUF_INIT;

			if (fa_report_int(m, "entry", 0) != entry)
				continue;
			n++;
			fa_buf_addf(&c.text, "%s %s: ", fa_report_str(m, "subject") ?
				    fa_report_str(m, "subject") : "-", fa_report_str(m, "field") ?
				    fa_report_str(m, "field") : "-");
			if (!fa_report_field_text(m, fa_report_field_find(&fa_diff_missing, "to"),
						  &v))
				fa_buf_adds(&v, "any");
			fa_buf_addf(&c.text, "expected %s, is ", v.buf);
			fa_buf_reset(&v);
			if (!fa_report_field_text(m, fa_report_field_find(&fa_diff_missing,
									  "actual"), &v))
				fa_buf_adds(&v, "unchanged");
			fa_buf_addf(&c.text, "%s\n", v.buf);
			fa_buf_release(&v);
		}
		if (n) {
			c.kind = "failure";
			c.type = "expected-missing";
			fa_buf_addf(&c.message, "the expected change is missing on %zu of %lld "
				    "subjects", n, fa_report_int(e, "selected", 0));
		}
		fa_junit_case_end(&s, &c);
	}
	fa_junit_suite_write(out, "fabric-audit.diff", &s, diff, props,
			     sizeof(props) / sizeof(props[0]), NULL);
	total->tests += s.tests;
	total->failures += s.failures;
	total->errors += s.errors;
	total->skipped += s.skipped;
	fa_buf_release(&s.body);
}

/* ---- documents --------------------------------------------------------------------------- */

static void fa_junit_open(struct fa_buf *out)
{
	fa_buf_adds(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
}

/* <testsuites> with the totals around the suites already written to @suites. */
static void fa_junit_wrap(struct fa_buf *out, const struct fa_junit_suite *total,
			  const struct fa_buf *suites)
{
	fa_buf_addf(out, "<testsuites name=\"fabric-audit\" tests=\"%zu\" failures=\"%zu\" "
			 "errors=\"%zu\" skipped=\"%zu\">\n",
		    total->tests, total->failures, total->errors, total->skipped);
	fa_buf_add(out, suites->buf, suites->len);
	fa_buf_adds(out, "</testsuites>\n");
}

/* A document that is one test suite: @suite fills it, then the <testsuites> wrapper. */
static int fa_junit_single(const json_t *doc,
			   void (*suite)(const json_t *, struct fa_buf *, struct fa_junit_suite *),
			   struct fa_buf *out)
{
	struct fa_junit_suite total = { FA_BUF_INIT, 0, 0, 0, 0 };

	suite(doc, &total.body, &total);
	fa_junit_open(out);
	fa_junit_wrap(out, &total, &total.body);
	fa_buf_release(&total.body);
	return 0;
}

int fa_render_junit(const json_t *report, const struct fa_render_opts *opts, struct fa_buf *out,
		    struct fa_err *err)
{
	return fa_junit_single(report, fa_junit_audit_suite, out);
}

int fa_render_junit_diff(const json_t *diff, const struct fa_render_opts *opts,
			 struct fa_buf *out, struct fa_err *err)
{
	struct fa_junit_suite total = { FA_BUF_INIT, 0, 0, 0, 0 };
	const json_t *audit = json_object_get(diff, "audit");

	fa_junit_diff_suite(diff, &total.body, &total);
	/* A drift report carries the audit of its new snapshot: its suite follows. */
	if (json_is_object(audit))
		fa_junit_audit_suite(audit, &total.body, &total);
	fa_junit_open(out);
	fa_junit_wrap(out, &total, &total.body);
	fa_buf_release(&total.body);
	return 0;
}

int fa_render_junit_gate(const json_t *gate, const struct fa_render_opts *opts,
			 struct fa_buf *out, struct fa_err *err)
{
	static const char *const props[] = { "summary.verdict", "tool.version" };
	struct fa_junit_suite total = { FA_BUF_INIT, 0, 0, 0, 0 };
	struct fa_junit_suite s = { FA_BUF_INIT, 0, 0, 0, 0 };
	const json_t *nc = json_object_get(gate, "not_collected"), *d;
	const json_t *diff = json_object_get(gate, "diff"), *audit = json_object_get(gate, "audit");
	struct fa_junit_case c;
	const char *av = fa_report_str(gate, "summary.audit");
	size_t i;

	fa_junit_case_init(&c, "fabric-audit.gate", "devices collected before and after");
	if (json_array_size(nc)) {
		/* A device missing after the change fails the gate; one not collected is an error. */
		c.kind = "error";
		for (i = 0; i < json_array_size(nc); i++)
			if (!strcmp(fa_report_str(json_array_get(nc, i), "status") ?
				    fa_report_str(json_array_get(nc, i), "status") : "", "missing"))
				c.kind = "failure";
		c.type = "fail-closed";
		fa_buf_addf(&c.message, "%zu devices missing or not collected: the gate fails "
			    "closed", json_array_size(nc));
		json_array_foreach(nc, i, d)
			fa_buf_addf(&c.text, "%s (%s snapshot): %s\n",
				    fa_report_str(d, "device") ? fa_report_str(d, "device") : "-",
				    fa_report_str(d, "snapshot") ? fa_report_str(d, "snapshot") :
				    "-", fa_report_str(d, "status") ? fa_report_str(d, "status") :
				    "-");
	}
	fa_junit_case_end(&s, &c);
	fa_junit_case_init(&c, "fabric-audit.gate", "post-change audit");
	if (av && strcmp(av, "pass") != 0) {
		c.kind = strcmp(av, "incomplete") == 0 ? "error" : "failure";
		c.type = av;
		fa_buf_addf(&c.message, "the audit of the post-change state is %s: %lld findings, "
			    "%lld checks not evaluable", av,
			    fa_report_int(audit, "summary.findings", 0),
			    fa_report_int(audit, "summary.not_evaluable", 0));
	}
	fa_junit_case_end(&s, &c);
	fa_junit_suite_write(&total.body, "fabric-audit.gate", &s, gate, props,
			     sizeof(props) / sizeof(props[0]), NULL);
	total.tests += s.tests;
	total.failures += s.failures;
	total.errors += s.errors;
	total.skipped += s.skipped;
	fa_buf_release(&s.body);
	if (json_is_object(diff))
		fa_junit_diff_suite(diff, &total.body, &total);
	if (json_is_object(audit))
		fa_junit_audit_suite(audit, &total.body, &total);
	fa_junit_open(out);
	fa_junit_wrap(out, &total, &total.body);
	fa_buf_release(&total.body);
	return 0;
}
