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
 * of failure/error/skipped per testcase.  libxml2's xmlTextWriter writes the document, so
 * every string is escaped by the library that also reads XML for us; characters XML 1.0
 * cannot carry at all (C0 controls other than tab and newline, U+FFFE, U+FFFF) are written as
 * \xNN or '?' before it sees them, like the text report does.  The counts of a suite come
 * before its cases in the document, so each suite is gathered whole, then written.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/xmlwriter.h>

#include "audit/model.h"
#include "audit/util/xalloc.h"
#include "reports/render-int.h"
#include "audit/util/banned.h"

struct fa_junit_case {
	char *classname;
	char *name;
	const char *kind;	/* NULL (passed), "failure", "error" or "skipped" */
	const char *type;	/* attribute of the failure (may be NULL); static or the document's */
	struct fa_buf message;	/* attribute: one line */
	struct fa_buf text;	/* element content: one line per subject */
};

struct fa_junit_suite {
	char *name;
	const char *timestamp;	/* the document's, or NULL */
	json_t *props;		/* [[name, value], ...] */
	struct fa_junit_case *cases;
	size_t ncases, tests, failures, errors, skipped;
};

/* Every suite of one document, in order. */
struct fa_junit_doc {
	struct fa_junit_suite *suites;
	size_t nsuites;
};

static struct fa_junit_suite *fa_junit_suite_add(struct fa_junit_doc *d, const char *name,
						 const json_t *doc)
{
	struct fa_junit_suite *s;

	d->suites = fa_xrealloc(d->suites, (d->nsuites + 1) * sizeof(*d->suites));
	s = &d->suites[d->nsuites++];
	memset(s, 0, sizeof(*s));
	s->name = fa_xstrdup(name);
	s->timestamp = fa_report_str(doc, "created");
	s->props = json_array();
	return s;
}

static void fa_junit_doc_release(struct fa_junit_doc *d)
{
	size_t i, j;

	for (i = 0; i < d->nsuites; i++) {
		struct fa_junit_suite *s = &d->suites[i];

		for (j = 0; j < s->ncases; j++) {
			free(s->cases[j].classname);
			free(s->cases[j].name);
			fa_buf_release(&s->cases[j].message);
			fa_buf_release(&s->cases[j].text);
		}
		free(s->cases);
		free(s->name);
		json_decref(s->props);
	}
	free(d->suites);
}

static void fa_junit_case_init(struct fa_junit_case *c, const char *classname, const char *name)
{
	memset(c, 0, sizeof(*c));
	c->classname = fa_xstrdup(classname);
	c->name = fa_xstrdup(name);
	fa_buf_init(&c->message, 0);
	fa_buf_init(&c->text, 0);
}

/* Count @c into @s, which takes it over. */
static void fa_junit_case_end(struct fa_junit_suite *s, struct fa_junit_case *c)
{
	s->tests++;
	if (c->kind && !strcmp(c->kind, "failure"))
		s->failures++;
	else if (c->kind && !strcmp(c->kind, "error"))
		s->errors++;
	else if (c->kind)
		s->skipped++;
	s->cases = fa_xrealloc(s->cases, (s->ncases + 1) * sizeof(*s->cases));
	s->cases[s->ncases++] = *c;
	memset(c, 0, sizeof(*c));
}

static void fa_junit_property(struct fa_junit_suite *s, const char *name, const char *value)
{
	json_array_append_new(s->props, json_pack("[ss]", name, value));
}

/* The suite's properties: @props paths of @doc, then "pack.NAME" per rule pack of @packs. */
static void fa_junit_properties(struct fa_junit_suite *s, const json_t *doc,
				const char *const *props, size_t nprops, const json_t *packs)
{
	struct fa_buf pname = FA_BUF_INIT, pval = FA_BUF_INIT;
	const json_t *p;
	const char *v;
	size_t i;

	for (i = 0; i < nprops; i++) {
		v = fa_report_str(doc, props[i]);
		if (v)
			fa_junit_property(s, props[i], v);
	}
	json_array_foreach(packs, i, p) {
		fa_buf_reset(&pname);
		fa_buf_reset(&pval);
		fa_buf_addf(&pname, "pack.%s", fa_report_str(p, "name") ?
			    fa_report_str(p, "name") : "?");
		fa_buf_addf(&pval, "%s sha256:%s", fa_report_str(p, "file") ?
			    fa_report_str(p, "file") : "-", fa_report_str(p, "sha256") ?
			    fa_report_str(p, "sha256") : "-");
		fa_junit_property(s, pname.buf, pval.buf);
	}
	fa_buf_release(&pname);
	fa_buf_release(&pval);
}

/* ---- audit ------------------------------------------------------------------------------- */

static void fa_junit_audit_suite(const json_t *report, struct fa_junit_doc *doc)
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
	struct fa_junit_suite *s = fa_junit_suite_add(doc, "fabric-audit.audit", report);
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
		fa_junit_case_end(s, &c);
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
	fa_junit_case_end(s, &c);
	fa_junit_properties(s, report, props, sizeof(props) / sizeof(props[0]),
			    fa_report_items(report, &fa_report_packs));
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

static void fa_junit_diff_suite(const json_t *diff, struct fa_junit_doc *doc)
{
	static const char *const props[] = {
		"summary.verdict", "old.source", "old.created", "new.source", "new.created",
		"allow.source", "tool.version",
	};
	const json_t *changes = fa_report_items(diff, &fa_diff_changes);
	const json_t *missing = fa_report_items(diff, &fa_diff_missing);
	const json_t *entries = fa_obj_get_path(diff, "allow.entries");
	struct fa_junit_suite *s = fa_junit_suite_add(doc, "fabric-audit.diff", diff);
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
	fa_junit_case_end(s, &c);
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
		fa_junit_case_end(s, &c);
	}
	fa_junit_properties(s, diff, props, sizeof(props) / sizeof(props[0]), NULL);
}

/* ---- documents --------------------------------------------------------------------------- */

/*
 * @text as XML 1.0 can carry it: C0 controls other than tab and newline as \xNN, U+FFFE
 * and U+FFFF as '?' (the model's text is valid UTF-8 already).  Static-lifetime buffer @b.
 */
static const xmlChar *fa_junit_text(struct fa_buf *b, const char *text)
{
	const unsigned char *p = (const unsigned char *)(text ? text : "");

	fa_buf_reset(b);
	for (; *p; p++) {
		if ((*p < 0x20 && *p != '\t' && *p != '\n') || *p == 0x7f) {
			fa_buf_addf(b, "\\x%02x", *p);
		} else if (*p == 0xef && p[1] == 0xbf && (p[2] == 0xbe || p[2] == 0xbf)) {
			fa_buf_addch(b, '?');
			p += 2;
		} else {
			fa_buf_addch(b, (char)*p);
		}
	}
	return (const xmlChar *)(b->buf ? b->buf : "");
}

static void fa_junit_attr(xmlTextWriterPtr w, struct fa_buf *b, const char *name,
			  const char *value)
{
	xmlTextWriterWriteAttribute(w, (const xmlChar *)name, fa_junit_text(b, value));
}

static void fa_junit_count(xmlTextWriterPtr w, const char *name, size_t n)
{
	xmlTextWriterWriteFormatAttribute(w, (const xmlChar *)name, "%zu", n);
}

static void fa_junit_write_case(xmlTextWriterPtr w, struct fa_buf *b,
				const struct fa_junit_case *c)
{
	xmlTextWriterStartElement(w, (const xmlChar *)"testcase");
	fa_junit_attr(w, b, "classname", c->classname);
	fa_junit_attr(w, b, "name", c->name);
	if (c->kind) {
		xmlTextWriterStartElement(w, (const xmlChar *)c->kind);
		if (c->type)
			fa_junit_attr(w, b, "type", c->type);
		fa_junit_attr(w, b, "message", c->message.buf);
		/* one subject per line, the first one on a line of its own too */
		if (c->text.len) {
			xmlTextWriterWriteString(w, (const xmlChar *)"\n");
			xmlTextWriterWriteString(w, fa_junit_text(b, c->text.buf));
		}
		xmlTextWriterEndElement(w);
	}
	xmlTextWriterEndElement(w);
}

static void fa_junit_write_suite(xmlTextWriterPtr w, struct fa_buf *b,
				 const struct fa_junit_suite *s)
{
	const json_t *p;
	size_t i;

	xmlTextWriterStartElement(w, (const xmlChar *)"testsuite");
	fa_junit_attr(w, b, "name", s->name);
	fa_junit_count(w, "tests", s->tests);
	fa_junit_count(w, "failures", s->failures);
	fa_junit_count(w, "errors", s->errors);
	fa_junit_count(w, "skipped", s->skipped);
	if (s->timestamp)
		fa_junit_attr(w, b, "timestamp", s->timestamp);
	xmlTextWriterStartElement(w, (const xmlChar *)"properties");
	json_array_foreach(s->props, i, p) {
		xmlTextWriterStartElement(w, (const xmlChar *)"property");
		fa_junit_attr(w, b, "name", json_string_value(json_array_get(p, 0)));
		fa_junit_attr(w, b, "value", json_string_value(json_array_get(p, 1)));
		xmlTextWriterEndElement(w);
	}
	xmlTextWriterEndElement(w);
	for (i = 0; i < s->ncases; i++)
		fa_junit_write_case(w, b, &s->cases[i]);
	xmlTextWriterEndElement(w);
}

/* The document: <testsuites> with the totals, then every suite; appended to @out. */
static int fa_junit_write(const struct fa_junit_doc *d, struct fa_buf *out, struct fa_err *err)
{
	struct fa_buf b = FA_BUF_INIT;
	size_t tests = 0, failures = 0, errors = 0, skipped = 0, i;
	xmlBufferPtr xb = xmlBufferCreate();
	xmlTextWriterPtr w = xb ? xmlNewTextWriterMemory(xb, 0) : NULL;

	if (!w) {
		if (xb)
			xmlBufferFree(xb);
		return fa_err_set(err, FA_ENOMEM, "cannot start the JUnit document");
	}
	for (i = 0; i < d->nsuites; i++) {
		tests += d->suites[i].tests;
		failures += d->suites[i].failures;
		errors += d->suites[i].errors;
		skipped += d->suites[i].skipped;
	}
	xmlTextWriterSetIndent(w, 1);
	xmlTextWriterSetIndentString(w, (const xmlChar *)"  ");
	xmlTextWriterStartDocument(w, NULL, "UTF-8", NULL);
	xmlTextWriterStartElement(w, (const xmlChar *)"testsuites");
	fa_junit_attr(w, &b, "name", "fabric-audit");
	fa_junit_count(w, "tests", tests);
	fa_junit_count(w, "failures", failures);
	fa_junit_count(w, "errors", errors);
	fa_junit_count(w, "skipped", skipped);
	for (i = 0; i < d->nsuites; i++)
		fa_junit_write_suite(w, &b, &d->suites[i]);
	xmlTextWriterEndDocument(w);
	xmlFreeTextWriter(w);
	fa_buf_add(out, (const char *)xmlBufferContent(xb), (size_t)xmlBufferLength(xb));
	xmlBufferFree(xb);
	fa_buf_release(&b);
	return 0;
}

int fa_render_junit(const json_t *report, const struct fa_render_opts *opts, struct fa_buf *out,
		    struct fa_err *err)
{
	struct fa_junit_doc d = { NULL, 0 };
	int r;

	fa_junit_audit_suite(report, &d);
	r = fa_junit_write(&d, out, err);
	fa_junit_doc_release(&d);
	return r;
}

int fa_render_junit_diff(const json_t *diff, const struct fa_render_opts *opts,
			 struct fa_buf *out, struct fa_err *err)
{
	struct fa_junit_doc d = { NULL, 0 };
	const json_t *audit = json_object_get(diff, "audit");
	int r;

	fa_junit_diff_suite(diff, &d);
	/* A drift report carries the audit of its new snapshot: its suite follows. */
	if (json_is_object(audit))
		fa_junit_audit_suite(audit, &d);
	r = fa_junit_write(&d, out, err);
	fa_junit_doc_release(&d);
	return r;
}

int fa_render_junit_gate(const json_t *gate, const struct fa_render_opts *opts,
			 struct fa_buf *out, struct fa_err *err)
{
	static const char *const props[] = { "summary.verdict", "tool.version" };
	struct fa_junit_doc d = { NULL, 0 };
	struct fa_junit_suite *s = fa_junit_suite_add(&d, "fabric-audit.gate", gate);
	const json_t *nc = json_object_get(gate, "not_collected"), *dev;
	const json_t *diff = json_object_get(gate, "diff"), *audit = json_object_get(gate, "audit");
	struct fa_junit_case c;
	const char *av = fa_report_str(gate, "summary.audit");
	size_t i;
	int r;

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
		json_array_foreach(nc, i, dev)
			fa_buf_addf(&c.text, "%s (%s snapshot): %s\n",
				    fa_report_str(dev, "device") ? fa_report_str(dev, "device") : "-",
				    fa_report_str(dev, "snapshot") ? fa_report_str(dev, "snapshot") :
				    "-", fa_report_str(dev, "status") ? fa_report_str(dev, "status") :
				    "-");
	}
	fa_junit_case_end(s, &c);
	fa_junit_case_init(&c, "fabric-audit.gate", "post-change audit");
	if (av && strcmp(av, "pass") != 0) {
		c.kind = strcmp(av, "incomplete") == 0 ? "error" : "failure";
		c.type = av;
		fa_buf_addf(&c.message, "the audit of the post-change state is %s: %lld findings, "
			    "%lld checks not evaluable", av,
			    fa_report_int(audit, "summary.findings", 0),
			    fa_report_int(audit, "summary.not_evaluable", 0));
	}
	fa_junit_case_end(s, &c);
	fa_junit_properties(s, gate, props, sizeof(props) / sizeof(props[0]), NULL);
	if (json_is_object(diff))
		fa_junit_diff_suite(diff, &d);
	if (json_is_object(audit))
		fa_junit_audit_suite(audit, &d);
	r = fa_junit_write(&d, out, err);
	fa_junit_doc_release(&d);
	return r;
}
