/* SPDX-License-Identifier: MIT */
/*
 * Report renderers: text against golden files, HTML escaping of hostile device data, JSON
 * round trip, and the behaviour on unknown formats and on report values of the wrong shape.
 * The sample reports are the .json files of tests/fixtures/reports (see SOURCES.md); the text
 * goldens beside them are rewritten when FA_TEST_UPDATE=1 is set.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>

#include "audit/util/buf.h"
#include "audit/util/err.h"
#include "audit/util/fileio.h"
#include "reports/fix-plan.h"
#include "reports/render-int.h"
#include "reports/report.h"
#include "tests/unit/unit.h"

static const char *const fa_samples[] = { "clean", "findings", "incomplete" };

#define HOSTILE_DEVICE "<img src=x onerror=alert(1)>"

static json_t *load_sample(const char *name)
{
	char rel[256];
	json_error_t jerr;
	json_t *v;

	snprintf(rel, sizeof(rel), "tests/fixtures/reports/%s.json", name);
	v = json_load_file(fa_test_srcfile(rel), JSON_REJECT_DUPLICATES, &jerr);
	ck_assert_msg(v != NULL, "The sample report %s loads (%s at line %d).", rel, jerr.text,
		      jerr.line);
	return v;
}

static void render(const json_t *report, const char *format, bool color, struct fa_buf *out)
{
	struct fa_render_opts opts = FA_RENDER_OPTS_INIT;
	struct fa_err err = FA_ERR_INIT;
	int r;

	opts.color = color;
	r = fa_report_render(report, format, &opts, out, &err);
	ck_assert_msg(r == 0, "Rendering as %s succeeds (%s).", format, err.msg);
}

START_TEST(reports_text_matches_golden)
{
	const char *name = fa_samples[_i];
	struct fa_buf out = FA_BUF_INIT, want = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	json_t *report = load_sample(name);
	char rel[256];
	const char *golden;

	snprintf(rel, sizeof(rel), "tests/fixtures/reports/%s.txt", name);
	golden = fa_test_srcfile(rel);
	render(report, "text", false, &out);
	if (getenv("FA_TEST_UPDATE") && !strcmp(getenv("FA_TEST_UPDATE"), "1"))
		ck_assert_msg(fa_file_write_atomic(golden, out.buf, out.len, &err) == 0,
			      "The golden %s can be rewritten (%s).", golden, err.msg);
	fa_test_read(golden, &want);
	ck_assert_msg(out.len == want.len && memcmp(out.buf, want.buf, out.len) == 0,
		      "The text rendering of %s.json equals %s; got:\n%s", name, rel, out.buf);
	fa_buf_release(&out);
	fa_buf_release(&want);
	json_decref(report);
}
END_TEST

START_TEST(reports_text_is_plain_unless_color_asked)
{
	struct fa_buf plain = FA_BUF_INIT, color = FA_BUF_INIT;
	json_t *report = load_sample("findings");

	render(report, "text", false, &plain);
	render(report, "text", true, &color);
	ck_assert_msg(strchr(plain.buf, '\033') == NULL,
		      "Text without colour has no escape character at all, even from device data.");
	ck_assert_msg(strstr(plain.buf, "5.8-3.0.7\\x1b[2J") != NULL,
		      "A control character from a device is shown as \\x1b.");
	ck_assert_msg(strncmp(color.buf, "\033[1;31mFAIL\033[0m", 15) == 0,
		      "With colour the failing verdict is bold red.");
	ck_assert_msg(strstr(color.buf, "\033[1;31merror\033[0m") != NULL,
		      "With colour the error severity is red.");
	fa_buf_release(&plain);
	fa_buf_release(&color);
	json_decref(report);
}
END_TEST

START_TEST(reports_text_lists_first_not_evaluable)
{
	struct fa_render_opts opts = FA_RENDER_OPTS_INIT;
	struct fa_buf out = FA_BUF_INIT;
	json_t *report = load_sample("incomplete");

	opts.not_evaluable_shown = 3;
	ck_assert_int_eq(fa_report_render(report, "text", &opts, &out, NULL), 0);
	ck_assert_msg(strstr(out.buf, "Checks not evaluable (12, first 3)") != NULL,
		      "The not-evaluable heading gives the count and how many are listed.");
	ck_assert_msg(strstr(out.buf, "leaf03:swp3") != NULL && !strstr(out.buf, "leaf03:swp4"),
		      "Only the first three not-evaluable checks are listed.");
	ck_assert_msg(strstr(out.buf, "  ... and 9 more\n") != NULL,
		      "The rest of the not-evaluable checks are counted.");
	fa_buf_release(&out);
	json_decref(report);
}
END_TEST

START_TEST(reports_html_escape_replaces_all_five)
{
	struct fa_buf out = FA_BUF_INIT;

	fa_html_escape(&out, "<script>alert('x')</script> & \"q\"");
	ck_assert_str_eq(out.buf, "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;");
	fa_buf_reset(&out);
	fa_html_escape(&out, NULL);
	fa_html_escape(&out, "");
	fa_html_escapen(&out, "a<b", 2);
	ck_assert_msg(strcmp(out.buf, "a&lt;") == 0,
		      "NULL and empty strings add nothing and a length bound is honoured.");
	fa_buf_release(&out);
}
END_TEST

static size_t count_of(const char *hay, const char *needle)
{
	size_t n = 0;

	for (hay = strstr(hay, needle); hay; hay = strstr(hay + 1, needle))
		n++;
	return n;
}

START_TEST(reports_html_escapes_device_data)
{
	struct fa_buf out = FA_BUF_INIT;
	json_t *report = load_sample("findings");
	json_t *w;

	/* Hostile text in every kind of place: device names, messages, values, filter lists. */
	w = json_pack("{s:s, s:s}", "device", HOSTILE_DEVICE, "message",
		      "\"><svg onload=alert(2)> 'single' & </table>");
	json_array_append_new(json_object_get(report, "warnings"), w);
	json_object_set_new(json_object_get(report, "snapshot"), "source",
			    json_string("</title><script>alert(3)</script>"));
	render(report, "html", false, &out);
	ck_assert_msg(strstr(out.buf, "<img") == NULL, "No <img element comes from a device name.");
	ck_assert_msg(strstr(out.buf, "<svg") == NULL, "No <svg element comes from a message.");
	ck_assert_msg(count_of(out.buf, "<script") == 1,
		      "The page has exactly one script element, its own.");
	ck_assert_msg(count_of(out.buf, "</title>") == 1, "A report string cannot close the title.");
	ck_assert_msg(strstr(out.buf, "&lt;img src=x onerror=alert(1)&gt;:eth0 -- leaf02:swp7") != NULL,
		      "The hostile device name is shown escaped in the subject.");
	ck_assert_msg(strstr(out.buf, "<option value=\"&lt;img src=x onerror=alert(1)&gt;\">") != NULL,
		      "The hostile device name is escaped inside the device filter's attribute.");
	ck_assert_msg(strstr(out.buf, "&lt;script&gt;alert(&#39;pwned&#39;)&lt;/script&gt; &amp; "
				      "&quot;quoted&quot;") != NULL,
		      "A hostile message is escaped, quotes included.");
	ck_assert_msg(strstr(out.buf, "&quot;&gt;&lt;svg onload=alert(2)&gt; &#39;single&#39; &amp; "
				      "&lt;/table&gt;") != NULL,
		      "A hostile warning is escaped.");
	ck_assert_msg(strstr(out.buf, "Content-Security-Policy") != NULL &&
			      strstr(out.buf, "default-src 'none'") != NULL,
		      "The page forbids every fetch by its Content-Security-Policy.");
	ck_assert_msg(strstr(out.buf, "http://") == NULL && strstr(out.buf, "https://") == NULL &&
			      strstr(out.buf, " src=\"") == NULL && strstr(out.buf, "<link") == NULL,
		      "The page references no external resource.");
	fa_buf_release(&out);
	json_decref(report);
}
END_TEST

START_TEST(reports_json_round_trips)
{
	const char *name = fa_samples[_i];
	struct fa_buf out = FA_BUF_INIT, again = FA_BUF_INIT;
	json_t *report = load_sample(name), *back;
	json_error_t jerr;

	render(report, "json", false, &out);
	ck_assert_msg(out.len > 2 && out.buf[out.len - 1] == '\n' && out.buf[out.len - 2] == '}',
		      "The JSON report ends with the closing brace and one newline.");
	back = json_loadb(out.buf, out.len, JSON_REJECT_DUPLICATES, &jerr);
	ck_assert_msg(back != NULL, "The JSON output of %s parses (%s).", name, jerr.text);
	ck_assert_msg(json_equal(report, back), "The JSON output of %s equals its input.", name);
	render(back, "json", false, &again);
	ck_assert_msg(strcmp(out.buf, again.buf) == 0,
		      "Rendering the parsed JSON again gives the same bytes.");
	ck_assert_msg(strstr(out.buf, "\n  \"coverage\": {\n    \"devices\": {") != NULL,
		      "Keys are sorted and indented by two spaces.");
	fa_buf_release(&out);
	fa_buf_release(&again);
	json_decref(back);
	json_decref(report);
}
END_TEST

START_TEST(reports_unknown_format_names_known)
{
	struct fa_buf out = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	json_t *report = load_sample("clean");

	ck_assert_int_eq(fa_report_render(report, "xml", NULL, &out, &err), -FA_EINVAL);
	ck_assert_msg(strstr(err.msg, "'xml'") && strstr(err.msg, "text, json, html"),
		      "An unknown format is named together with the known ones: %s", err.msg);
	ck_assert_msg(out.len == 0, "Nothing is written for an unknown format.");
	ck_assert_int_eq(fa_report_render(report, NULL, NULL, &out, &err), -FA_EINVAL);
	ck_assert_msg(fa_report_format_is_known("html") && !fa_report_format_is_known("HTML"),
		      "Format names match exactly.");
	fa_buf_release(&out);
	json_decref(report);
}
END_TEST

START_TEST(reports_check_rejects_other_formats)
{
	struct fa_err err = FA_ERR_INIT;
	json_t *v = json_pack("{s:s}", "format", "fabric-audit/snapshot/v1");

	ck_assert_int_eq(fa_report_check(v, &err), -FA_EPARSE);
	ck_assert_str_eq(err.msg, "not a fabric-audit report (format fabric-audit/snapshot/v1)");
	json_decref(v);
	v = json_array();
	ck_assert_int_eq(fa_report_check(v, &err), -FA_EPARSE);
	json_decref(v);
	v = json_pack("{s:i}", "format", 1);
	ck_assert_int_eq(fa_report_check(v, &err), -FA_EPARSE);
	ck_assert_msg(strstr(err.msg, "not a string") != NULL, "A non-string format is named.");
	json_decref(v);
	v = json_object();
	ck_assert_int_eq(fa_report_check(v, &err), -FA_EPARSE);
	ck_assert_msg(strstr(err.msg, "missing") != NULL, "A missing format is named.");
	json_decref(v);
	v = load_sample("findings");
	ck_assert_int_eq(fa_report_check(v, NULL), 0);
	json_decref(v);
}
END_TEST

/* Values of the wrong shape (a hand-edited or truncated report) render without crashing. */
START_TEST(reports_render_any_shape)
{
	static const char *const odd[] = {
		"{}",
		"{\"findings\": 3, \"warnings\": {}, \"rules\": \"x\", \"coverage\": []}",
		"{\"findings\": [1, null, [], {\"severity\": 7, \"subject\": {\"device\": 5}}]}",
		"{\"findings\": [{\"severity\": \"critical\", \"rule\": \"r\", \"expected\": [1, 2],"
		" \"actual\": {\"a\": true}, \"message\": \"\"}],"
		" \"summary\": {\"verdict\": \"maybe\", \"findings\": \"many\"},"
		" \"coverage\": {\"not_evaluable\": [{}], \"failed_devices\": [{\"device\": null}]}}",
	};
	static const char *const formats[] = { "text", "json", "html" };
	struct fa_buf out = FA_BUF_INIT;
	json_t *v;
	size_t i, f;

	for (i = 0; i < sizeof(odd) / sizeof(odd[0]); i++) {
		v = json_loads(odd[i], 0, NULL);
		ck_assert_ptr_nonnull(v);
		for (f = 0; f < 3; f++) {
			fa_buf_reset(&out);
			ck_assert_msg(fa_report_render(v, formats[f], NULL, &out, NULL) == 0 &&
					      out.len > 0,
				      "An odd report (%zu) still renders as %s.", i, formats[f]);
		}
		json_decref(v);
	}
	v = json_loads(odd[3], 0, NULL);
	fa_buf_reset(&out);
	ck_assert_int_eq(fa_report_render(v, "text", NULL, &out, NULL), 0);
	ck_assert_msg(strstr(out.buf, "other (1)") && strstr(out.buf, "{\"a\":true}"),
		      "An unknown severity is kept under 'other' and values of another type are "
		      "shown as JSON:\n%s", out.buf);
	json_decref(v);
	v = json_array();
	ck_assert_int_eq(fa_report_render(v, "text", NULL, &out, NULL), -FA_EINVAL);
	json_decref(v);
	fa_buf_release(&out);
}
END_TEST

START_TEST(reports_output_cap_is_honoured)
{
	struct fa_buf out;
	struct fa_err err = FA_ERR_INIT;
	json_t *report = load_sample("findings");

	fa_buf_init(&out, 256);
	fa_buf_adds(&out, "kept");
	ck_assert_int_eq(fa_report_render(report, "html", NULL, &out, &err), -FA_ETOOBIG);
	ck_assert_msg(strcmp(out.buf, "kept") == 0,
		      "A report over the buffer's cap leaves the buffer as it was.");
	fa_buf_release(&out);
	json_decref(report);
}
END_TEST

/* Every label of the field tables appears where the renderers promise it. */
START_TEST(reports_labels_come_from_field_tables)
{
	const struct fa_report_section *sections[] = {
		&fa_report_findings, &fa_report_failed_devices, &fa_report_not_evaluable,
		&fa_report_warnings, &fa_report_rules,
	};
	struct fa_buf html = FA_BUF_INIT, text = FA_BUF_INIT, want = FA_BUF_INIT;
	json_t *report = load_sample("incomplete");
	size_t s, f, g;
	char *c;

	render(report, "html", false, &html);
	render(report, "text", false, &text);
	for (s = 0; s < sizeof(sections) / sizeof(sections[0]); s++) {
		const struct fa_report_section *sec = sections[s];

		for (f = 0; f < sec->nfields; f++) {
			const struct fa_report_field *field = &sec->fields[f];

			for (g = f + 1; g < sec->nfields; g++)
				ck_assert_msg(strcmp(field->key, sec->fields[g].key) != 0,
					      "The key %s is declared once in %s.", field->key,
					      sec->key);
			if (field->flags & FA_RF_HTML) {
				fa_buf_reset(&want);
				fa_buf_addf(&want, ">%s</th>", field->label);
				ck_assert_msg(strstr(html.buf, want.buf) != NULL,
					      "The HTML has a column '%s' for %s.", field->label,
					      field->key);
			}
			if ((field->flags & FA_RF_TEXT) && sec != &fa_report_rules) {
				fa_buf_reset(&want);
				fa_buf_adds(&want, field->label);
				for (c = want.buf; *c; c++)
					*c = (char)toupper((unsigned char)*c);
				ck_assert_msg(strstr(text.buf, want.buf) != NULL,
					      "The text has a column '%s' for %s.", want.buf,
					      field->key);
			}
		}
	}
	fa_buf_release(&html);
	fa_buf_release(&text);
	fa_buf_release(&want);
	json_decref(report);
}
END_TEST

START_TEST(reports_severity_names_round_trip)
{
	int s;

	for (s = 0; s < FA_SEVERITY_COUNT; s++)
		ck_assert_msg(fa_severity_from_string(fa_severity_to_string(s)) == s,
			      "Severity %d reads back from its name.", s);
	ck_assert_msg(fa_severity_from_string("Error") == -1 && fa_severity_from_string(NULL) == -1,
		      "Severity names match exactly and NULL names none.");
}
END_TEST

/* Long values are cut after 200 code points, never inside one, and the marker counts the rest. */
START_TEST(reports_long_value_cut)
{
	struct fa_buf s = FA_BUF_INIT, m = FA_BUF_INIT;
	size_t i, rest;

	for (i = 0; i < FA_REPORT_VALUE_MAX; i++)
		fa_buf_addch(&s, 'a');
	ck_assert_uint_eq(fa_report_value_cut(s.buf, s.len, &rest), FA_REPORT_VALUE_MAX);
	ck_assert_uint_eq(rest, 0);
	fa_buf_addch(&s, 'b');
	ck_assert_uint_eq(fa_report_value_cut(s.buf, s.len, &rest), FA_REPORT_VALUE_MAX);
	ck_assert_uint_eq(rest, 1);
	fa_report_value_marker(&m, rest);
	ck_assert_str_eq(m.buf, "\xe2\x80\xa6 1 more character");

	/* 250 two-byte characters: 200 of them are 400 bytes, 50 are left. */
	fa_buf_reset(&s);
	for (i = 0; i < 250; i++)
		fa_buf_adds(&s, "\xc3\xa9");
	ck_assert_uint_eq(fa_report_value_cut(s.buf, s.len, &rest), 400);
	ck_assert_uint_eq(rest, 50);

	fa_buf_reset(&m);
	fa_report_value_marker(&m, 99800);
	ck_assert_str_eq(m.buf, "\xe2\x80\xa6 99,800 more characters");
	fa_buf_reset(&m);
	fa_report_value_marker(&m, 1234567);
	ck_assert_str_eq(m.buf, "\xe2\x80\xa6 1,234,567 more characters");
	fa_buf_release(&s);
	fa_buf_release(&m);
}
END_TEST

START_TEST(reports_junit_is_well_formed_with_hostile_text)
{
	struct fa_buf out = FA_BUF_INIT;
	json_t *report = load_sample("findings");
	json_t *f = json_array_get(json_object_get(report, "findings"), 0);
	xmlDocPtr doc;
	xmlNodePtr n;
	xmlChar *msg;
	char *text;

	/* a control character, markup, both quotes, U+FFFF: none may break the document */
	json_object_set_new(f, "message", json_string("a\x01" "b <x>&\"q\" 'a' \xef\xbf\xbf end"));
	render(report, "junit", false, &out);
	doc = xmlReadMemory(out.buf, (int)out.len, "junit.xml", NULL, XML_PARSE_NONET);
	ck_assert_msg(doc != NULL, "The JUnit document is well-formed XML.");
	text = (char *)xmlNodeGetContent(xmlDocGetRootElement(doc));
	ck_assert_msg(strstr(text, "a\\x01b <x>&\"q\" 'a' ? end") != NULL,
		      "The message reads back as written, the control character as \\x01 and "
		      "U+FFFF as '?'.");
	xmlFree(text);
	n = xmlDocGetRootElement(doc);
	ck_assert_str_eq((const char *)n->name, "testsuites");
	msg = xmlGetProp(n, (const xmlChar *)"failures");
	ck_assert_msg(msg && atoi((const char *)msg) >= 1, "The totals count the failing rule.");
	xmlFree(msg);
	xmlFreeDoc(doc);
	fa_buf_release(&out);
	json_decref(report);
}
END_TEST

/* The fix plan: switches before hosts, sessions, explained findings, no repeats, no escapes. */
START_TEST(reports_fix_plan_orders_and_wraps)
{
	static const char doc[] =
		"{\"format\":\"fabric-audit/report/v1\",\"created\":\"2026-12-05T08:00:00Z\","
		"\"snapshot\":{\"source\":\"inv.yaml\"},\"summary\":{\"verdict\":\"fail\"},"
		"\"findings\":["
		"{\"rule\":\"mtu.rdma.jumbo\",\"subject\":{\"type\":\"port\",\"device\":\"gpu03\","
		"\"port\":\"ens1\"},\"subject_text\":\"gpu03:ens1\",\"message\":\"MTU 1500\\nrm\","
		"\"fix\":{\"platform\":\"linux\",\"commands\":[\"ip link set dev ens1 mtu 9000\"]}},"
		"{\"rule\":\"pfc.lossless.enabled\",\"subject\":{\"type\":\"port\",\"device\":\"leaf02\","
		"\"port\":\"Et3\"},\"subject_text\":\"leaf02:Et3\",\"message\":\"PFC [4]\","
		"\"explains\":[{\"rule\":\"pfc.link.equal\",\"subject_text\":\"gpu03:ens2 -- leaf02:Et3\"}],"
		"\"fix\":{\"platform\":\"eos\",\"commands\":[\"interface Et3\",\"priority-flow-control on\"]}},"
		"{\"rule\":\"pfc.lossless.count\",\"subject\":{\"type\":\"port\",\"device\":\"leaf02\","
		"\"port\":\"Et3\"},\"subject_text\":\"leaf02:Et3\",\"message\":\"two\","
		"\"fix\":{\"platform\":\"eos\",\"commands\":[\"interface Et3\",\"priority-flow-control on\"]}},"
		"{\"rule\":\"pfc.link.equal\",\"subject\":{\"type\":\"link\"},"
		"\"subject_text\":\"gpu03:ens2 -- leaf02:Et3\",\"message\":\"m\","
		"\"explained_by\":[{\"rule\":\"pfc.lossless.enabled\",\"subject_text\":\"leaf02:Et3\"}]},"
		"{\"rule\":\"health.link.flaps\",\"subject\":{\"type\":\"port\",\"device\":\"gpu01\","
		"\"port\":\"ens2\"},\"subject_text\":\"gpu01:ens2\",\"message\":\"flapped\"}]}";
	static const char *const order[] = {
		"# ==== leaf02 (eos): 2 findings", "configure\n",
		"#   also fixes pfc.link.equal on gpu03:ens2 -- leaf02:Et3\n",
		"interface Et3\npriority-flow-control on\n", "#   (fixed by the lines above)\n",
		"end\nwrite memory\n", "# ==== gpu03 (linux): 1 finding",
		"MTU 1500?rm\nip link set dev ens1 mtu 9000\n", "# ==== by hand",
		"# health.link.flaps on gpu01:ens2: flapped\n",
	};
	struct fa_err err = FA_ERR_INIT;
	struct fa_buf out = FA_BUF_INIT;
	json_t *rep = json_loads(doc, 0, NULL);
	const char *at;
	size_t i;

	ck_assert_ptr_nonnull(rep);
	ck_assert_int_eq(fa_fix_plan(rep, &out, &err), 0);
	ck_assert_msg(strncmp(out.buf, "# fabric-audit fix plan: NOTHING IN IT HAS BEEN APPLIED.",
			      56) == 0, "The plan opens by saying nothing was applied:\n%s", out.buf);
	for (at = out.buf, i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
		const char *next = strstr(at, order[i]);

		ck_assert_msg(next != NULL, "The plan has \"%s\" after the parts before it:\n%s",
			      order[i], out.buf);
		at = next + strlen(order[i]);
	}
	ck_assert_msg(strstr(out.buf, "\nrm") == NULL, "A device's newline cannot end a comment.");
	ck_assert_msg(strstr(out.buf, "# pfc.link.equal on gpu03:ens2 -- leaf02:Et3: m") == NULL,
		      "An explained finding is listed under what explains it, not on its own.");
	json_decref(rep);
	fa_buf_release(&out);

	rep = json_pack("{s:s}", "format", "fabric-audit/diff/v1");
	ck_assert_int_eq(fa_fix_plan(rep, &out, &err), -FA_EPARSE);
	ck_assert_msg(strstr(err.msg, "has no fixes") != NULL, "A diff is refused: %s", err.msg);
	json_decref(rep);
	fa_buf_release(&out);
}
END_TEST

Suite *fa_reports_suite(void)
{
	Suite *s = suite_create("reports");
	TCase *tc = tcase_create("render");
	int n = (int)(sizeof(fa_samples) / sizeof(fa_samples[0]));

	tcase_add_loop_test(tc, reports_text_matches_golden, 0, n);
	tcase_add_test(tc, reports_text_is_plain_unless_color_asked);
	tcase_add_test(tc, reports_text_lists_first_not_evaluable);
	tcase_add_test(tc, reports_html_escape_replaces_all_five);
	tcase_add_test(tc, reports_html_escapes_device_data);
	tcase_add_loop_test(tc, reports_json_round_trips, 0, n);
	tcase_add_test(tc, reports_unknown_format_names_known);
	tcase_add_test(tc, reports_check_rejects_other_formats);
	tcase_add_test(tc, reports_render_any_shape);
	tcase_add_test(tc, reports_output_cap_is_honoured);
	tcase_add_test(tc, reports_labels_come_from_field_tables);
	tcase_add_test(tc, reports_severity_names_round_trip);
	tcase_add_test(tc, reports_long_value_cut);
	tcase_add_test(tc, reports_junit_is_well_formed_with_hostile_text);
	tcase_add_test(tc, reports_fix_plan_orders_and_wraps);
	suite_add_tcase(s, tc);
	return s;
}
