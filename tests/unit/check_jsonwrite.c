/* SPDX-License-Identifier: MIT */
/* The one-pass JSON writer: json_dumpb()'s bytes, for every value and flag it is given. */
#include "config.h"

#include <check.h>
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/util/jsonwrite.h"
#include "tests/unit/unit.h"

static const size_t flag_sets[] = {
	JSON_INDENT(2) | JSON_SORT_KEYS,
	JSON_INDENT(2) | JSON_PRESERVE_ORDER,
	JSON_COMPACT | JSON_SORT_KEYS,
	JSON_COMPACT | JSON_SORT_KEYS | JSON_ENCODE_ANY,
	0,
	JSON_INDENT(4) | JSON_SORT_KEYS | JSON_ENCODE_ANY,
	JSON_INDENT(31),
	JSON_INDENT(2) | JSON_REAL_PRECISION(5),
	JSON_INDENT(2) | JSON_ENSURE_ASCII | JSON_ESCAPE_SLASH,
};

/* jansson's text of @v, or NULL when it refuses it. */
static char *jansson_text(const json_t *v, size_t flags, size_t *len)
{
	size_t need = json_dumpb(v, NULL, 0, flags);
	char *s;

	*len = need;
	if (need == 0)
		return NULL;
	s = malloc(need + 1);
	ck_assert_ptr_nonnull(s);
	ck_assert_uint_eq(json_dumpb(v, s, need, flags), need);
	s[need] = '\0';
	return s;
}

static void assert_same_text(const json_t *v, size_t flags)
{
	struct fa_buf out = FA_BUF_INIT;
	size_t len;
	char *want = jansson_text(v, flags, &len);
	int r = fa_json_write(v, flags, &out);

	if (!want) {
		ck_assert_msg(r < 0, "jansson refuses it, the writer wrote %s", out.buf);
	} else {
		ck_assert_msg(r == 0, "the writer refused what jansson writes: %s", want);
		ck_assert_msg(out.len == len && memcmp(out.buf, want, len) == 0,
			      "flags %#zx\njansson: %s\nwriter:  %s", flags, want, out.buf);
	}
	free(want);
	fa_buf_release(&out);
}

static void assert_same_all_flags(const json_t *v)
{
	size_t i;

	for (i = 0; i < sizeof(flag_sets) / sizeof(flag_sets[0]); i++)
		assert_same_text(v, flag_sets[i]);
}

START_TEST(jsonwrite_is_json_dumpb_on_hand_made_values)
{
	static const char *const texts[] = {
		"{}", "[]", "{\"a\": {}, \"b\": [], \"c\": [[]], \"d\": [{}]}",
		"{\"b\": 1, \"a\": 2, \"ab\": 3, \"\": 4, \"B\": 5, \"a b\": 6}",
		"[1, -1, 0, 9223372036854775807, -9223372036854775808, true, false, null]",
		"[1.0, -0.0, 0.1, 1e300, 1e-300, 123456789012345678.0, 2.5e-7, 1e22, 3.14159]",
		"[\"\", \"plain\", \"q\\\"b\\\\s\\/\", \"\\b\\f\\n\\r\\t\\u0001\\u001f\\u007f\"]",
		"[\"caf\\u00e9\", \"\\ud834\\udd1e\", \"\\u2028\\u2029\", \"\\u202e rtl\", \"\\u0000x\"]",
		"{\"ports\": [{\"name\": \"swp1\", \"speed\": 400000000000, \"qos\": {\"pfc\": "
		"{\"enabled\": [3], \"rx\": [3]}, \"dscp\": {\"26\": 3}}}], \"x\": {\"y\": {\"z\": []}}}",
	};
	json_error_t e;
	size_t i;

	for (i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		json_t *v = json_loads(texts[i], JSON_DECODE_ANY | JSON_ALLOW_NUL, &e);

		ck_assert_msg(v != NULL, "%s: %s", texts[i], e.text);
		assert_same_all_flags(v);
		json_decref(v);
	}
}
END_TEST

/* A deterministic generator of nested values with awkward strings, keys and numbers. */
static uint32_t rnd_state;

static uint32_t rnd(uint32_t n)
{
	rnd_state = rnd_state * 1103515245u + 12345u;
	return (rnd_state >> 8) % n;
}

static json_t *rnd_string(void)
{
	static const char *const parts[] = {
		"a", "b", "ab", "Z", " ", "\"", "\\", "/", "\n", "\t", "\x01", "\x1b[31m", "\x7f",
		"\xc3\xa9", "\xe2\x80\xa8", "\xf0\x9d\x84\x9e", "\xe2\x80\xae", "", "Eth1/1",
	};
	char s[64];
	size_t len = 0, n = rnd(6), i, k;

	for (i = 0; i < n; i++) {
		const char *p = parts[rnd(sizeof(parts) / sizeof(parts[0]))];

		k = strlen(p);
		memcpy(s + len, p, k);
		len += k;
	}
	if (rnd(10) == 0)
		s[len++] = '\0';	/* a NUL inside: \u0000 */
	return json_stringn(s, len);
}

static json_t *rnd_value(int depth)
{
	static const double reals[] = { 0.5, -0.0, 1e300, 1e-300, 5.0, 1.0 / 3, 12345678.9, 1e16 };
	json_t *v, *k;
	size_t n, i;

	switch (depth > 4 ? rnd(5) : rnd(7)) {
	case 0:
		return json_integer((json_int_t)rnd(2000) - 1000);
	case 1:
		return json_real(reals[rnd(sizeof(reals) / sizeof(reals[0]))]);
	case 2:
		return rnd_string();
	case 3:
		return rnd(2) ? json_true() : json_false();
	case 4:
		return json_null();
	case 5:
		v = json_array();
		for (n = rnd(5), i = 0; i < n; i++)
			json_array_append_new(v, rnd_value(depth + 1));
		return v;
	default:
		v = json_object();
		for (n = rnd(40), i = 0; i < n; i++) {
			k = rnd_string();
			json_object_setn_new(v, json_string_value(k), json_string_length(k),
					     rnd_value(depth + 1));
			json_decref(k);
		}
		return v;
	}
}

START_TEST(jsonwrite_is_json_dumpb_on_generated_values)
{
	int i;

	rnd_state = 20261206;
	for (i = 0; i < 400; i++) {
		json_t *v = rnd_value(0);

		assert_same_all_flags(v);
		json_decref(v);
	}
}
END_TEST

START_TEST(jsonwrite_refuses_what_jansson_refuses)
{
	struct fa_buf out = FA_BUF_INIT;
	json_t *bad = json_stringn_nocheck("ok \xc0\xaf", 5), *list = json_array();
	json_t *loop = json_array(), *inner = json_array(), *one = json_integer(1);

	ck_assert_int_lt(fa_json_write(NULL, JSON_INDENT(2), &out), 0);
	ck_assert_int_lt(fa_json_write(one, JSON_INDENT(2), &out), 0);
	assert_same_text(one, JSON_INDENT(2));
	assert_same_text(bad, JSON_ENCODE_ANY);
	json_array_append(list, bad);
	assert_same_text(list, JSON_INDENT(2) | JSON_SORT_KEYS);
	/* two lists that hold each other: refused, not written forever */
	ck_assert_int_eq(json_array_append(loop, inner), 0);
	ck_assert_int_eq(json_array_append(inner, loop), 0);
	fa_buf_reset(&out);
	ck_assert_int_lt(fa_json_write(loop, JSON_INDENT(2), &out), 0);
	json_array_clear(inner);
	json_decref(inner);
	json_decref(loop);
	json_decref(one);
	json_decref(list);
	json_decref(bad);
	fa_buf_release(&out);
}
END_TEST

START_TEST(jsonwrite_file_in_pieces_is_the_same_text)
{
	struct fa_buf out = FA_BUF_INIT;
	json_t *big = json_array();
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	int i;

	ck_assert_ptr_nonnull(f);
	for (i = 0; i < 20000; i++)
		json_array_append_new(big, json_pack("{s:i,s:s}", "n", i, "name", "Ethernet1/1"));
	ck_assert_int_eq(fa_json_write_file(big, JSON_INDENT(2) | JSON_SORT_KEYS, f), 0);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_int_eq(fa_json_write(big, JSON_INDENT(2) | JSON_SORT_KEYS, &out), 0);
	ck_assert_uint_gt(len, 4 * 64 * 1024);
	ck_assert_uint_eq(len, out.len);
	ck_assert(memcmp(text, out.buf, len) == 0);
	assert_same_text(big, JSON_INDENT(2) | JSON_SORT_KEYS);
	free(text);
	json_decref(big);
	fa_buf_release(&out);
}
END_TEST

Suite *fa_jsonwrite_suite(void)
{
	Suite *s = suite_create("jsonwrite");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, jsonwrite_is_json_dumpb_on_hand_made_values);
	tcase_add_test(tc, jsonwrite_is_json_dumpb_on_generated_values);
	tcase_add_test(tc, jsonwrite_refuses_what_jansson_refuses);
	tcase_add_test(tc, jsonwrite_file_in_pieces_is_the_same_text);
	suite_add_tcase(s, tc);
	return s;
}
