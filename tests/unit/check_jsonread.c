/* SPDX-License-Identifier: MIT */
/*
 * Tests of the streaming JSON reader (audit/util/jsonread.c): values equal to jansson's on real
 * files, read in chunks of every size, sharing where it may and never where it must not, and
 * each kind of malformed input reported at its line and column.
 */
#include "config.h"

#include <fcntl.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "audit/model.h"
#include "audit/util/buf.h"
#include "audit/snapshot.h"
#include "audit/util/fileio.h"
#include "audit/util/jsonread.h"
#include "tests/unit/unit.h"

static const unsigned fa_jr_test_flags[] = { 0, FA_JSON_INTERN, FA_JSON_INTERN_SNAPSHOT };

/* Real outputs (and the project's snapshot fixtures) read by both readers. */
static const char *const fa_jr_test_fixtures[] = {
	"netenglabs__suzieq/extracted/eos-input/spine01__eos__show_interfaces.json",
	"netenglabs__suzieq/extracted/eos-input/spine01__eos__show_lldp_neighbors_detail.json",
	"netenglabs__suzieq/extracted/eos-input/leaf02__eos__show_running_config_sanitized.json",
	"napalm-automation__napalm/test/nxos/mocked_data/test_get_facts/N9000/show_interface.json",
	"sonic-net__sonic-utilities/tests/mock_tables/config_db.json",
	"sonic-net__sonic-utilities/tests/qos_config_input/0/config_qos.json",
};

static const char *const fa_jr_test_snapshots[] = {
	"tests/fixtures/rules/snapshot-clos.json",
	"tests/fixtures/reports/snapshot-all-fields.json",
};

static json_t *fa_jr_jansson(const char *path)
{
	json_error_t jerr;
	json_t *v = json_load_file(path, JSON_REJECT_DUPLICATES | JSON_DECODE_ANY, &jerr);

	ck_assert_msg(v != NULL, "jansson reads %s (%s).", path, jerr.text);
	return v;
}

/* Read @path with every flag and chunk size given; each read must equal jansson's. */
static void fa_jr_check_file(const char *path, const size_t *chunks, size_t nchunks)
{
	json_t *want = fa_jr_jansson(path);
	size_t f, c;

	for (f = 0; f < sizeof(fa_jr_test_flags) / sizeof(fa_jr_test_flags[0]); f++) {
		for (c = 0; c < nchunks; c++) {
			struct fa_err err = FA_ERR_INIT;
			json_t *got = NULL;
			size_t old = fa_json_read_set_chunk(chunks[c]);
			int r = fa_json_read_file(path, fa_jr_test_flags[f], &got, &err);

			fa_json_read_set_chunk(old);
			ck_assert_msg(r == 0, "%s reads with flags %u in chunks of %zu (%s).", path,
				      fa_jr_test_flags[f], chunks[c], err.msg);
			ck_assert_msg(json_equal(got, want), "%s read with flags %u in chunks of "
				      "%zu equals what jansson reads.", path, fa_jr_test_flags[f],
				      chunks[c]);
			json_decref(got);
		}
	}
	json_decref(want);
}

START_TEST(jsonread_real_files_equal_jansson)
{
	static const size_t chunks[] = { 0, 1, 7, 4096 };
	size_t i;

	for (i = 0; i < sizeof(fa_jr_test_fixtures) / sizeof(fa_jr_test_fixtures[0]); i++)
		fa_jr_check_file(fa_test_fixture(fa_jr_test_fixtures[i]), chunks,
				 sizeof(chunks) / sizeof(chunks[0]));
	for (i = 0; i < sizeof(fa_jr_test_snapshots) / sizeof(fa_jr_test_snapshots[0]); i++)
		fa_jr_check_file(fa_test_srcfile(fa_jr_test_snapshots[i]), chunks,
				 sizeof(chunks) / sizeof(chunks[0]));
}
END_TEST

START_TEST(jsonread_reads_real_values)
{
	struct fa_err err = FA_ERR_INIT;
	json_t *v = NULL, *m;
	json_int_t n = 0;

	ck_assert_int_eq(fa_json_read_file(fa_test_fixture(fa_jr_test_fixtures[0]),
					   FA_JSON_INTERN, &v, &err), 0);
	m = fa_obj_get_path(v, "interfaces.Management1");
	ck_assert_msg(fa_get_int(m, "mtu", &n) && n == 1500,
		      "EOS Management1 of spine01 has MTU 1500.");
	ck_assert_msg(fa_get_int(m, "bandwidth", &n) && n == 1000000000,
		      "EOS Management1 of spine01 has a bandwidth of 1000000000.");
	ck_assert_msg(json_real_value(fa_obj_get_path(m, "interfaceStatistics.inBitsRate")) ==
		      646.7119197329495, "A real with a fraction reads as the same double.");
	ck_assert_str_eq(fa_get_str(m, "burnedInAddress"), "44:38:39:01:01:01");
	json_decref(v);

	v = NULL;
	ck_assert_int_eq(fa_json_read_file(fa_test_fixture(fa_jr_test_fixtures[4]),
					   FA_JSON_INTERN, &v, &err), 0);
	ck_assert_str_eq(json_string_value(json_object_get(json_object_get(v, "SFLOW|global"),
							   "admin_state")), "up");
	/* keys keep the document's order */
	ck_assert_str_eq(json_object_iter_key(json_object_iter(v)), "SFLOW|global");
	json_decref(v);
}
END_TEST

static json_t *fa_jr_port(json_t *snap, size_t dev, size_t port)
{
	return json_array_get(json_object_get(json_array_get(json_object_get(snap, "devices"),
							     dev), "ports"), port);
}

START_TEST(jsonread_snapshot_shares_below_ports)
{
	struct fa_err err = FA_ERR_INIT;
	json_t *s = NULL, *p1, *p2;

	ck_assert_int_eq(fa_json_read_file(fa_test_srcfile(fa_jr_test_snapshots[0]),
					   FA_JSON_INTERN_SNAPSHOT, &s, &err), 0);
	/* gpu1 and gpu2 (snapshot-clos.json) have equal QoS on their one port */
	p1 = fa_jr_port(s, 0, 0);
	p2 = fa_jr_port(s, 1, 0);
	ck_assert_str_eq(fa_get_str(json_array_get(json_object_get(s, "devices"), 1), "name"),
			 "gpu2");
	ck_assert_msg(p1 != p2, "Two ports are two values.");
	ck_assert_msg(json_object_get(p1, "qos") == json_object_get(p2, "qos"),
		      "Equal QoS objects of two ports are one shared value.");
	ck_assert_msg(fa_obj_get_path(p1, "qos.dscp_to_priority") ==
		      fa_obj_get_path(p2, "qos.dscp_to_priority"),
		      "Equal DSCP maps are one shared value.");
	ck_assert_msg(json_object_get(p1, "nic") != json_object_get(p2, "nic"),
		      "NIC objects that differ (their GUIDs) stay two values.");
	ck_assert_msg(json_object_get(p1, "qos")->refcount >= 2,
		      "A shared value is held once by each parent.");
	json_decref(s);

	/* without interning nothing is shared */
	s = NULL;
	ck_assert_int_eq(fa_json_read_file(fa_test_srcfile(fa_jr_test_snapshots[0]), 0, &s, &err),
			 0);
	ck_assert_msg(json_object_get(fa_jr_port(s, 0, 0), "qos") !=
		      json_object_get(fa_jr_port(s, 1, 0), "qos"),
		      "Without FA_JSON_INTERN equal objects are separate values.");
	json_decref(s);
}
END_TEST

START_TEST(jsonread_snapshot_keeps_ports_links_and_ends_apart)
{
	static const char text[] =
		"{\"devices\": ["
		"{\"name\": \"d\", \"ports\": [{\"name\": \"p\","
		" \"qos\": {\"trust\": \"dscp\"}}]},"
		"{\"name\": \"d\", \"ports\": [{\"name\": \"p\","
		" \"qos\": {\"trust\": \"dscp\"}}]}],"
		" \"links\": ["
		"{\"a\": {\"device\": \"d\", \"port\": \"p\"},"
		" \"b\": {\"device\": \"d\", \"port\": \"p\"}, \"source\": \"lldp\"},"
		"{\"a\": {\"device\": \"d\", \"port\": \"p\"},"
		" \"b\": {\"device\": \"d\", \"port\": \"p\"}, \"source\": \"lldp\"}]}";
	struct fa_err err = FA_ERR_INIT;
	json_t *s = NULL, *links, *d0, *d1;

	ck_assert_int_eq(fa_json_read_mem("t.json", text, strlen(text), FA_JSON_INTERN_SNAPSHOT,
					  &s, &err), 0);
	d0 = json_array_get(json_object_get(s, "devices"), 0);
	d1 = json_array_get(json_object_get(s, "devices"), 1);
	links = json_object_get(s, "links");
	ck_assert_msg(d0 != d1, "Two equal devices are two values.");
	ck_assert_msg(json_object_get(d0, "ports") != json_object_get(d1, "ports"),
		      "Two equal port lists are two values.");
	ck_assert_msg(fa_jr_port(s, 0, 0) != fa_jr_port(s, 1, 0),
		      "Two equal ports are two values.");
	ck_assert_msg(json_object_get(fa_jr_port(s, 0, 0), "qos") ==
		      json_object_get(fa_jr_port(s, 1, 0), "qos"),
		      "What is below two equal ports is shared.");
	ck_assert_msg(json_array_get(links, 0) != json_array_get(links, 1),
		      "Two equal links are two values.");
	ck_assert_msg(json_object_get(json_array_get(links, 0), "a") !=
		      json_object_get(json_array_get(links, 0), "b") &&
		      json_object_get(json_array_get(links, 0), "a") !=
		      json_object_get(json_array_get(links, 1), "a"),
		      "Equal link ends are separate values.");
	ck_assert_msg(fa_get_str(json_array_get(links, 0), "source") ==
		      fa_get_str(json_array_get(links, 1), "source"),
		      "Equal strings below links are shared.");
	ck_assert_msg(s->refcount == 1 && d0->refcount == 1 && fa_jr_port(s, 0, 0)->refcount == 1,
		      "The unshared parts have one holder each.");
	json_decref(s);

	/* plain interning shares everything below the root */
	s = NULL;
	ck_assert_int_eq(fa_json_read_mem("t.json", text, strlen(text), FA_JSON_INTERN, &s, &err),
			 0);
	ck_assert_msg(json_array_get(json_object_get(s, "devices"), 0) ==
		      json_array_get(json_object_get(s, "devices"), 1),
		      "FA_JSON_INTERN shares equal devices.");
	json_decref(s);
}
END_TEST

/* Two devices loaded with the same warnings share one list; warning one leaves the other alone. */
START_TEST(jsonread_warning_a_device_keeps_shared_lists_apart)
{
	static const char text[] =
		"{\"format\": \"fabric-audit/snapshot/v1\", \"devices\": ["
		"{\"name\": \"leaf1\", \"ports\": [], \"warnings\": [\"lldp: no neighbours\"]},"
		"{\"name\": \"leaf2\", \"ports\": [], \"warnings\": [\"lldp: no neighbours\"]}]}";
	char dir[] = "/tmp/fa-jr-XXXXXX", path[256];
	struct fa_err err = FA_ERR_INIT;
	json_t *s = NULL, *d1, *d2;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/s.json", dir);
	ck_assert_int_eq(fa_file_write_atomic(path, text, strlen(text), NULL), 0);
	ck_assert_int_eq(fa_snapshot_load(path, &s, &err), 0);
	d1 = json_array_get(json_object_get(s, "devices"), 0);
	d2 = json_array_get(json_object_get(s, "devices"), 1);
	ck_assert_msg(json_object_get(d1, "warnings") == json_object_get(d2, "warnings"),
		      "The loaded warning lists are shared (the case under test).");
	fa_device_warn(d1, "merge: also in %s, left out", "b.json");
	ck_assert_int_eq(json_array_size(json_object_get(d1, "warnings")), 2);
	ck_assert_msg(json_array_size(json_object_get(d2, "warnings")) == 1,
		      "A warning on one device leaves the other device's list as it was.");
	ck_assert_str_eq(json_string_value(json_array_get(json_object_get(d1, "warnings"), 1)),
			 "merge: also in b.json, left out");
	fa_device_warn(d1, "second");
	ck_assert_int_eq(json_array_size(json_object_get(d1, "warnings")), 3);
	json_decref(s);
	unlink(path);
	rmdir(dir);
}
END_TEST

struct fa_jr_bad {
	const char *text;
	int line, column;
	const char *msg;
	size_t len;	/* 0: strlen(text) */
};

static const struct fa_jr_bad fa_jr_bad_cases[] = {
	{ "{\"devices\": [1, 2", 1, 18, "unexpected end of input", 0 },
	{ "{\"a\": \"abc", 1, 11, "unexpected end of input", 0 },
	{ "[\"a\\qb\"]", 1, 4, "invalid escape '\\q'", 0 },
	{ "[\"\\u12G4\"]", 1, 3, "four hex digits", 0 },
	{ "[\"x\\ud800\"]", 1, 4, "high surrogate", 0 },
	{ "[\"x\\ud800\\u0041\"]", 1, 4, "high surrogate", 0 },
	{ "\n [\"\\udc00\"]", 2, 4, "lone low surrogate", 0 },
	{ "[\"ab\xff\"]", 1, 5, "invalid UTF-8", 0 },
	{ "[\"\xc0\xaf\"]", 1, 3, "invalid UTF-8", 0 },		/* overlong '/' */
	{ "[\"\xed\xa0\x80\"]", 1, 3, "invalid UTF-8", 0 },	/* a surrogate in UTF-8 */
	{ "[\"\xf4\x90\x80\x80\"]", 1, 3, "invalid UTF-8", 0 },	/* above U+10FFFF */
	{ "[\"\xe2\x82\"]", 1, 3, "invalid UTF-8", 0 },		/* cut short */
	{ "{\"k\": \"a\tb\"}", 1, 9, "control character 0x09", 0 },
	{ "{\"a\": 1,\n  \"b\": 2,\n  \"a\": 3}", 3, 3, "duplicate object key 'a'", 0 },
	{ "[{\"x\": {}, \"x\": {}}]", 1, 12, "duplicate object key 'x'", 0 },
	{ "[9223372036854775808]", 1, 2, "too big integer", 0 },
	{ "[-9223372036854775809]", 1, 2, "too big negative integer", 0 },
	{ "[123456789012345678901234567890]", 1, 2, "too big integer", 0 },
	{ "[1e400]", 1, 2, "real number overflow", 0 },
	{ "[01]", 1, 2, "leading zeros", 0 },
	{ "[1.]", 1, 4, "digit is expected after '.'", 0 },
	{ "[1e+]", 1, 5, "exponent", 0 },
	{ "[-]", 1, 3, "digit is expected after '-'", 0 },
	{ "[tru]", 1, 2, "invalid literal", 0 },
	{ "[nul", 1, 2, "invalid literal", 0 },
	{ "{\"a\": 1} x", 1, 10, "after the top-level value", 0 },
	{ "[1]\n\n  ]", 3, 3, "after the top-level value", 0 },
	{ "", 1, 1, "empty", 0 },
	{ " \n\t ", 2, 3, "empty", 0 },
	{ "[1 2]", 1, 4, "expected ',' or ']'", 0 },
	{ "{\"a\" 1}", 1, 6, "':'", 0 },
	{ "{1: 2}", 1, 2, "object key", 0 },
	{ "{\"a\": 1,}", 1, 9, "object key", 0 },
	{ "[1,]", 1, 4, "a JSON value", 0 },
	{ "\xef\xbb\xbf[]", 1, 1, "byte 0xef", 0 },
	{ "[\"a\"\x00]", 1, 5, "byte 0x00", 6 },
};

static void fa_jr_check_bad(const struct fa_jr_bad *c, size_t len, const json_t *got, int r,
			    const struct fa_err *err, const char *how)
{
	ck_assert_msg(r == -FA_EPARSE, "'%s' (%s) is rejected as malformed (got %d: %s).",
		      c->text, how, r, err->msg);
	ck_assert_msg(got == NULL, "Nothing is returned for malformed '%s'.", c->text);
	ck_assert_msg(err->line == c->line && err->column == c->column,
		      "'%s' (%s, %zu bytes) is reported at %d:%d, got %d:%d (%s).", c->text, how,
		      len, c->line, c->column, err->line, err->column, err->msg);
	ck_assert_msg(strstr(err->msg, c->msg) != NULL, "'%s' is reported as '%s', got '%s'.",
		      c->text, c->msg, err->msg);
	ck_assert_str_eq(err->source, "bad.json");
}

START_TEST(jsonread_rejects_malformed_at_line_and_column)
{
	size_t i, f;

	for (i = 0; i < sizeof(fa_jr_bad_cases) / sizeof(fa_jr_bad_cases[0]); i++) {
		const struct fa_jr_bad *c = &fa_jr_bad_cases[i];
		size_t len = c->len ? c->len : strlen(c->text);

		for (f = 0; f < sizeof(fa_jr_test_flags) / sizeof(fa_jr_test_flags[0]); f++) {
			struct fa_err err = FA_ERR_INIT;
			json_t *got = NULL;
			int r = fa_json_read_mem("bad.json", c->text, len, fa_jr_test_flags[f],
						 &got, &err);

			fa_jr_check_bad(c, len, got, r, &err, "in memory");
		}
	}
}
END_TEST

/* The same cases from a file read one byte at a time and three at a time. */
START_TEST(jsonread_rejects_malformed_files_in_chunks)
{
	char dir[] = "/tmp/fa-jr-XXXXXX", path[256];
	size_t i, k;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/bad.json", dir);
	for (i = 0; i < sizeof(fa_jr_bad_cases) / sizeof(fa_jr_bad_cases[0]); i++) {
		const struct fa_jr_bad *c = &fa_jr_bad_cases[i];
		size_t len = c->len ? c->len : strlen(c->text);

		ck_assert_int_eq(fa_file_write_atomic(path, c->text, len, NULL), 0);
		ck_assert_int_eq(chdir(dir), 0);
		for (k = 1; k <= 3; k += 2) {
			struct fa_err err = FA_ERR_INIT;
			json_t *got = NULL;
			size_t old = fa_json_read_set_chunk(k);
			int r = fa_json_read_file("bad.json", FA_JSON_INTERN_SNAPSHOT, &got, &err);

			fa_json_read_set_chunk(old);
			fa_jr_check_bad(c, len, got, r, &err,
					k == 1 ? "chunks of 1" : "chunks of 3");
		}
	}
	unlink(path);
	rmdir(dir);
}
END_TEST

static char *fa_jr_nested(size_t depth, const char *inner)
{
	struct fa_buf b = FA_BUF_INIT;
	size_t i;

	for (i = 0; i < depth; i++)
		fa_buf_addch(&b, '[');
	fa_buf_adds(&b, inner);
	for (i = 0; i < depth; i++)
		fa_buf_addch(&b, ']');
	return fa_buf_detach(&b, NULL);
}

START_TEST(jsonread_caps_nesting_depth)
{
	char *ok = fa_jr_nested(FA_JSON_MAX_DEPTH, "1");
	char *deep = fa_jr_nested(FA_JSON_MAX_DEPTH + 1, "1");
	struct fa_err err = FA_ERR_INIT;
	json_t *v = NULL;

	ck_assert_msg(fa_json_read_mem("d.json", ok, strlen(ok), FA_JSON_INTERN, &v, &err) == 0,
		      "Nesting of exactly FA_JSON_MAX_DEPTH levels is read (%s).", err.msg);
	json_decref(v);
	v = NULL;
	ck_assert_int_eq(fa_json_read_mem("d.json", deep, strlen(deep), FA_JSON_INTERN, &v, &err),
			 -FA_EPARSE);
	ck_assert_msg(err.line == 1 && err.column == FA_JSON_MAX_DEPTH + 1 &&
		      strstr(err.msg, "nested deeper than 512"),
		      "One level more is refused at the bracket that goes over (%d:%d %s).",
		      err.line, err.column, err.msg);
	ck_assert_ptr_null(v);
	free(ok);
	free(deep);
}
END_TEST

/*
 * A container whose text was seen twice is skipped unparsed the third time: the skip must give
 * the same value, stop exactly at the end of the text, and still honour the depth cap.
 */
START_TEST(jsonread_repeated_texts_read_as_the_first)
{
	static const char map[] = "[0,0,0,0,0,0,0,0,1,1,1,1,1,1,1,1,2,2,2,2,2,2,2,2]";
	struct fa_buf b = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	json_t *v = NULL, *want;
	const char *inner;
	size_t i;
	int r;

	fa_buf_adds(&b, "[");
	for (i = 0; i < 50; i++)
		fa_buf_addf(&b, "%s{\"m\":%s,\"n\":%zu}", i ? "," : "", map, i % 3);
	fa_buf_addf(&b, ",%s,[%s,%s],%s]", map, map, map, map);
	want = json_loadb(b.buf, b.len, JSON_REJECT_DUPLICATES, NULL);
	ck_assert_ptr_nonnull(want);
	ck_assert_int_eq(fa_json_read_mem("r.json", b.buf, b.len, FA_JSON_INTERN, &v, &err), 0);
	ck_assert_msg(json_equal(v, want), "Repeated containers read as jansson reads them.");
	ck_assert_msg(json_object_get(json_array_get(v, 0), "m") == json_array_get(v, 50) &&
		      json_array_get(json_array_get(v, 51), 1) == json_array_get(v, 52),
		      "Every copy of a repeated container is the one shared value.");
	ck_assert_msg(json_array_get(v, 3) == json_array_get(v, 0) &&
		      json_array_get(v, 1) != json_array_get(v, 0),
		      "Objects equal in all their members are shared, others are not.");
	json_decref(v);
	json_decref(want);

	/*
	 * The same text twice near the top (so it is kept), then a third time nested so deep
	 * that its last bracket goes one level over the cap.
	 */
	inner = "[[[[1,2,3,4,5,6,7,8,9,10,11,12,13,14]]]]";
	for (i = FA_JSON_MAX_DEPTH - 4; i >= FA_JSON_MAX_DEPTH - 5; i--) {
		char *nested = fa_jr_nested(i, inner);

		fa_buf_reset(&b);
		fa_buf_addf(&b, "[%s,%s,%s]", inner, inner, nested);
		free(nested);
		v = NULL;
		r = fa_json_read_mem("r.json", b.buf, b.len, FA_JSON_INTERN, &v, &err);
		if (i == FA_JSON_MAX_DEPTH - 4) {
			ck_assert_msg(r == -FA_EPARSE && strstr(err.msg, "nested deeper") &&
				      err.column == (int)(1 + 2 * (strlen(inner) + 1) + i + 4),
				      "A repeated text too deep for the cap is refused at its "
				      "fourth bracket (%d:%d %s).", err.line, err.column, err.msg);
		} else {
			ck_assert_msg(r == 0, "The same text one level higher is read (%s).",
				      err.msg);
			ck_assert_msg(json_array_get(v, 0) == json_array_get(v, 1),
				      "The repeated text is one shared value.");
			json_decref(v);
		}
	}
	fa_buf_release(&b);
}
END_TEST

START_TEST(jsonread_numbers_strings_and_literals)
{
	static const char text[] =
		"[0, -0, 7, -7, 1023, 1024, -1024, 9223372036854775807, -9223372036854775808,"
		" 1.5, -0.0, 0.0, 1e2, 1E-2, 2.5e+3, 1e-400, 123456789012345678,"
		" true, false, null, \"\", \"\\\"\\\\\\/\\b\\f\\n\\r\\t\", \"\\u00e9\\u20ac\","
		" \"\\ud83d\\ude00\", \"\xc3\xa9\xe2\x82\xac\", \"\xf0\x9f\x98\x80\", \"\x7f\","
		" {}, [], {\"\": 1}, [1.5, 1.5, 1.50]]";
	static const size_t chunks[] = { 0, 1, 2, 3, 5, 8, 13 };
	char dir[] = "/tmp/fa-jr-XXXXXX", path[256];
	json_t *v = NULL;
	struct fa_err err = FA_ERR_INIT;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/n.json", dir);
	ck_assert_int_eq(fa_file_write_atomic(path, text, strlen(text), NULL), 0);
	fa_jr_check_file(path, chunks, sizeof(chunks) / sizeof(chunks[0]));
	ck_assert_int_eq(fa_json_read_file(path, FA_JSON_INTERN, &v, &err), 0);
	ck_assert_msg(json_is_integer(json_array_get(v, 1)) &&
		      json_integer_value(json_array_get(v, 1)) == 0, "-0 is the integer 0.");
	ck_assert_msg(json_integer_value(json_array_get(v, 8)) == INT64_MIN,
		      "The smallest json_int_t is read.");
	ck_assert_msg(json_is_real(json_array_get(v, 12)) &&
		      json_real_value(json_array_get(v, 12)) == 100.0, "1e2 is the real 100.");
	ck_assert_msg(json_array_get(v, 10) != json_array_get(v, 11),
		      "-0.0 and 0.0 are different reals, not one shared value.");
	ck_assert_str_eq(json_string_value(json_array_get(v, 23)), "\xf0\x9f\x98\x80");
	ck_assert_str_eq(json_string_value(json_array_get(v, 22)), "\xc3\xa9\xe2\x82\xac");
	ck_assert_msg(json_array_get(v, 22) == json_array_get(v, 24) &&
		      json_array_get(v, 23) == json_array_get(v, 25),
		      "An escaped and a raw spelling of one string are one shared value.");
	ck_assert_msg(json_array_get(json_array_get(v, 30), 0) == json_array_get(v, 9) &&
		      json_array_get(json_array_get(v, 30), 2) == json_array_get(v, 9),
		      "1.5 and 1.50 are one shared real.");
	json_decref(v);
	unlink(path);
	rmdir(dir);
}
END_TEST

/*
 * The children of open containers live first in the reader's own array of 64, then on the
 * heap: documents whose open containers hold 63 to 200 children at once, nested or side by
 * side, read equal to jansson's, from memory and with every flag.
 */
START_TEST(jsonread_many_open_children)
{
	static const size_t counts[] = { 1, 63, 64, 65, 127, 128, 129, 200 };
	size_t c, i, f;

	for (c = 0; c < sizeof(counts) / sizeof(counts[0]); c++) {
		struct fa_buf b = FA_BUF_INIT;
		json_error_t jerr;
		json_t *want;

		/* {"k0": [0, 1, ...], "k1": [...], ...}: n keys open beside an array of n */
		fa_buf_addch(&b, '{');
		for (i = 0; i < counts[c]; i++) {
			size_t j;

			fa_buf_addf(&b, "%s\"k%zu\": [", i ? ", " : "", i);
			for (j = 0; j < counts[c]; j++)
				fa_buf_addf(&b, "%s%zu", j ? ", " : "", j + i);
			fa_buf_addch(&b, ']');
		}
		fa_buf_addch(&b, '}');
		want = json_loadb(b.buf, b.len, JSON_REJECT_DUPLICATES, &jerr);
		ck_assert_msg(want != NULL, "jansson reads the document of %zu (%s).", counts[c],
			      jerr.text);
		for (f = 0; f < sizeof(fa_jr_test_flags) / sizeof(fa_jr_test_flags[0]); f++) {
			struct fa_err err = FA_ERR_INIT;
			json_t *got = NULL;

			ck_assert_int_eq(fa_json_read_mem("many", b.buf, b.len, fa_jr_test_flags[f],
							  &got, &err), 0);
			ck_assert_msg(json_equal(got, want), "%zu keys of %zu values each, flags %u, "
				      "read equal to jansson's.", counts[c], counts[c],
				      fa_jr_test_flags[f]);
			json_decref(got);
		}
		json_decref(want);
		fa_buf_release(&b);
	}
}
END_TEST

START_TEST(jsonread_file_errors_and_stdin)
{
	static const char text[] = "{\"from\": \"stdin\"}";
	struct fa_err err = FA_ERR_INIT;
	json_t *v = NULL;
	int fds[2], saved;

	ck_assert_int_eq(fa_json_read_file("/nonexistent/s.json", 0, &v, &err), -FA_ENOENT);
	ck_assert_str_eq(err.source, "/nonexistent/s.json");
	ck_assert_msg(strstr(err.msg, "No such file"), "A missing file says so (%s).", err.msg);
	ck_assert_int_eq(fa_json_read_file("/", 0, &v, &err), -FA_EIO);
	ck_assert_ptr_null(v);

	ck_assert_int_eq(pipe(fds), 0);
	ck_assert_int_eq(write(fds[1], text, strlen(text)), (ssize_t)strlen(text));
	close(fds[1]);
	saved = dup(STDIN_FILENO);
	ck_assert_int_ge(dup2(fds[0], STDIN_FILENO), 0);
	close(fds[0]);
	ck_assert_int_eq(fa_json_read_file("-", FA_JSON_INTERN, &v, &err), 0);
	dup2(saved, STDIN_FILENO);
	close(saved);
	ck_assert_str_eq(fa_get_str(v, "from"), "stdin");
	json_decref(v);
}
END_TEST

Suite *fa_jsonread_suite(void)
{
	Suite *s = suite_create("jsonread");
	TCase *tc = tcase_create("core");

	/* reading real files a byte at a time is a read(2) per byte: seconds on a busy machine */
	tcase_set_timeout(tc, 60);

	tcase_add_test(tc, jsonread_real_files_equal_jansson);
	tcase_add_test(tc, jsonread_reads_real_values);
	tcase_add_test(tc, jsonread_snapshot_shares_below_ports);
	tcase_add_test(tc, jsonread_snapshot_keeps_ports_links_and_ends_apart);
	tcase_add_test(tc, jsonread_warning_a_device_keeps_shared_lists_apart);
	tcase_add_test(tc, jsonread_rejects_malformed_at_line_and_column);
	tcase_add_test(tc, jsonread_rejects_malformed_files_in_chunks);
	tcase_add_test(tc, jsonread_caps_nesting_depth);
	tcase_add_test(tc, jsonread_repeated_texts_read_as_the_first);
	tcase_add_test(tc, jsonread_numbers_strings_and_literals);
	tcase_add_test(tc, jsonread_many_open_children);
	tcase_add_test(tc, jsonread_file_errors_and_stdin);
	suite_add_tcase(s, tc);
	return s;
}
