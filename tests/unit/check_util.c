/* SPDX-License-Identifier: MIT */
/* Utilities, the model helpers, capture slugs and platform command templates. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "audit/model.h"
#include "audit/util/arena.h"
#include "audit/util/buf.h"
#include "audit/util/err.h"
#include "audit/util/fileio.h"
#include "audit/util/sha256.h"
#include "audit/util/yamljson.h"
#include "drivers/capture.h"
#include "drivers/platform.h"
#include "drivers/text/units.h"
#include "tests/unit/unit.h"

START_TEST(buf_grows_and_stays_terminated)
{
	struct fa_buf b = FA_BUF_INIT;
	int i;

	ck_assert_msg(b.buf[0] == '\0', "An initial buffer reads as the empty string.");
	for (i = 0; i < 1000; i++)
		ck_assert_int_eq(fa_buf_addf(&b, "%d,", i), 0);
	ck_assert_msg(strncmp(b.buf, "0,1,2,", 6) == 0, "Appended text comes out in order.");
	ck_assert_msg(b.buf[b.len] == '\0', "The buffer is NUL-terminated after appends.");
	fa_buf_release(&b);
	ck_assert_msg(b.len == 0 && b.buf[0] == '\0', "A released buffer is empty again.");
}
END_TEST

START_TEST(buf_cap_refuses_overflow)
{
	struct fa_buf b;

	fa_buf_init(&b, 8);
	ck_assert_int_eq(fa_buf_adds(&b, "12345678"), 0);
	ck_assert_msg(fa_buf_adds(&b, "9") == -FA_ETOOBIG, "Adding past the cap fails.");
	ck_assert_msg(b.len == 8 && strcmp(b.buf, "12345678") == 0,
		      "A refused add leaves the buffer unchanged.");
	fa_buf_release(&b);
}
END_TEST

START_TEST(err_formats_position)
{
	struct fa_err err = FA_ERR_INIT;
	char line[700];

	ck_assert_int_eq(fa_err_at(&err, FA_EPARSE, "inv.yaml", 12, 5, "unknown key '%s'",
				   "plaform"), -FA_EPARSE);
	ck_assert_str_eq(fa_err_format(&err, line, sizeof(line)),
			 "inv.yaml:12:5: unknown key 'plaform'");
}
END_TEST

START_TEST(yaml_types_and_positions)
{
	const char *text = "name: leaf01\nmtu: 9216\nratio: 1.5\non: true\nempty:\n"
			   "quoted: \"42\"\nlist:\n  - a\n  - 3\n";
	struct fa_srcmap *map = NULL;
	struct fa_err err = FA_ERR_INIT;
	json_t *root = NULL;
	int line, col;

	ck_assert_int_eq(fa_yaml_parse("t.yaml", text, strlen(text), &root, &map, &err), 0);
	ck_assert_msg(json_is_string(json_object_get(root, "name")), "Plain words are strings.");
	ck_assert_msg(json_integer_value(json_object_get(root, "mtu")) == 9216,
		      "Plain integers are integers.");
	ck_assert_msg(json_is_real(json_object_get(root, "ratio")), "Plain reals are reals.");
	ck_assert_msg(json_is_true(json_object_get(root, "on")), "true is a boolean.");
	ck_assert_msg(json_is_null(json_object_get(root, "empty")), "An empty value is null.");
	ck_assert_msg(json_is_string(json_object_get(root, "quoted")),
		      "A quoted number stays a string.");
	fa_srcmap_find_key(map, root, "ratio", &line, &col);
	ck_assert_msg(line == 3 && col == 1, "The key 'ratio' is found at 3:1, not %d:%d.", line,
		      col);
	fa_srcmap_find(map, json_array_get(json_object_get(root, "list"), 1), &line, &col);
	ck_assert_msg(line == 9 && col == 5, "The list item is found at 9:5, not %d:%d.", line,
		      col);
	json_decref(root);
	fa_srcmap_free(map);
}
END_TEST

START_TEST(yaml_reads_json)
{
	const char *text = "{\"devices\": [{\"name\": \"gpu001\", \"port\": 22}]}";
	json_t *root = NULL;

	ck_assert_int_eq(fa_yaml_parse("t.json", text, strlen(text), &root, NULL, NULL), 0);
	ck_assert_msg(json_integer_value(json_object_get(
			      json_array_get(json_object_get(root, "devices"), 0), "port")) == 22,
		      "JSON input is read through the same YAML path.");
	json_decref(root);
}
END_TEST

START_TEST(yaml_errors_name_line_and_column)
{
	const char *dup = "a: 1\nb: 2\na: 3\n";
	const char *bad = "a: [1, 2\nb: 3\n";
	struct fa_err err = FA_ERR_INIT;
	json_t *root = NULL;

	ck_assert_int_eq(fa_yaml_parse("d.yaml", dup, strlen(dup), &root, NULL, &err),
			 -FA_EPARSE);
	ck_assert_msg(err.line == 3 && strstr(err.msg, "duplicate key 'a'"),
		      "A duplicate key is reported on its line (got %d: %s).", err.line, err.msg);
	ck_assert_int_eq(fa_yaml_parse("b.yaml", bad, strlen(bad), &root, NULL, &err),
			 -FA_EPARSE);
	ck_assert_msg(err.line >= 2 && !strcmp(err.source, "b.yaml"),
		      "A syntax error names the file and a line (got %s:%d).", err.source,
		      err.line);
}
END_TEST

START_TEST(capture_slug_matches_design)
{
	static const char *const cases[][2] = {
		{ "nv show qos roce -o json", "nv-show-qos-roce-o-json" },
		{ "ip -j -d link show", "ip-j-d-link-show" },
		{ "mlnx_qos -i ens1f0np0", "mlnx-qos-i-ens1f0np0" },
		{ "  cat /etc/os-release ", "cat-etc-os-release" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *s = fa_capture_slug(cases[i][0]);

		ck_assert_msg(strcmp(s, cases[i][1]) == 0, "The slug of '%s' is '%s', not '%s'.",
			      cases[i][0], cases[i][1], s);
		free(s);
	}
}
END_TEST

START_TEST(model_paths_create_and_read)
{
	json_t *d = fa_device_new("gpu001", "host");
	json_t *p = fa_device_port(d, "ens1f0np0");
	json_int_t v = 0;

	fa_set_int(p, "qos.ecn.min_threshold", 150000);
	fa_set_str(p, "nic.firmware", "28.39.1002");
	ck_assert_msg(fa_device_port(d, "ens1f0np0") == p, "A port is found again by name.");
	ck_assert_msg(fa_get_int(p, "qos.ecn.min_threshold", &v) && v == 150000,
		      "A nested integer reads back.");
	ck_assert_str_eq(fa_get_str(p, "nic.firmware"), "28.39.1002");
	ck_assert_msg(fa_obj_get_path(p, "nic.psid") == NULL, "An unset field is absent.");
	ck_assert_msg(fa_device_find_port(d, "ens2") == NULL, "An unknown port is not created.");
	fa_set_strn(p, "description", "a\xff" "b", 3);
	/* docs/model.md "Text": a byte that is not UTF-8 becomes U+FFFD */
	ck_assert_str_eq(fa_get_str(p, "description"), "a\xef\xbf\xbd" "b");
	json_decref(d);
}
END_TEST

START_TEST(atomic_write_replaces_whole_file)
{
	char dir[] = "/tmp/fa-test-XXXXXX";
	char path[256];
	struct fa_buf b = FA_BUF_INIT;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/snap.json", dir);
	ck_assert_int_eq(fa_file_write_atomic(path, "old", 3, NULL), 0);
	ck_assert_int_eq(fa_file_write_atomic(path, "newer", 5, NULL), 0);
	ck_assert_int_eq(fa_file_read(path, 0, &b, NULL), 0);
	ck_assert_str_eq(b.buf, "newer");
	fa_buf_release(&b);
	unlink(path);
	rmdir(dir);
}
END_TEST

START_TEST(platform_templates_expand_and_match)
{
	static const struct fa_command cmds[] = {
		{ "ibstat", FA_EXPAND_NONE, 0, NULL },
		{ "mlnx_qos -i IF", FA_EXPAND_NETDEV, 0, NULL },
		{ "mlxconfig -d DEV q", FA_EXPAND_RDMADEV, 0, NULL },
	};
	static const struct fa_platform p = { "t", "host", "test", cmds, 3 };
	const struct fa_command *c;
	char *arg = NULL, *s;

	c = fa_platform_command(&p, "mlxconfig -d mlx5_3 q", &arg);
	ck_assert_msg(c == &cmds[2] && arg && !strcmp(arg, "mlx5_3"),
		      "An expanded command finds its template and argument.");
	free(arg);
	ck_assert_msg(fa_platform_command(&p, "mlnx_qos -i a b", NULL) == NULL,
		      "A template word stands for exactly one word.");
	ck_assert_msg(fa_platform_command(&p, "ibstat", &arg) == &cmds[0] && !arg,
		      "A plain command has no argument.");
	s = fa_command_expand(&cmds[1], "ens1f0np0");
	ck_assert_str_eq(s, "mlnx_qos -i ens1f0np0");
	free(s);
}
END_TEST

START_TEST(units_read_device_spellings)
{
	static const struct {
		const char *text;
		int64_t bare;
		int64_t want;
	} speeds[] = {
		{ "400G", 1, 400000000000LL },	   { "100000Mb/s", 1, 100000000000LL },
		{ "100Gb/s", 1, 100000000000LL },  { "200 Gb/sec (4X HDR)", 1, 200000000000LL },
		{ "400", 1000000000, 400000000000LL }, { "25 Gbps", 1, 25000000000LL },
		{ "1G", 1, 1000000000LL },
	};
	int64_t v;
	size_t i;

	for (i = 0; i < sizeof(speeds) / sizeof(speeds[0]); i++) {
		ck_assert_msg(fa_parse_speed(speeds[i].text, speeds[i].bare, &v) &&
				      v == speeds[i].want,
			      "'%s' reads as %lld bit/s.", speeds[i].text,
			      (long long)speeds[i].want);
	}
	ck_assert_msg(!fa_parse_speed("Unknown!", 1, &v), "'Unknown!' is not a speed.");
	ck_assert_msg(fa_parse_size("1.43 MB", &v) && v == 1499464, "1.43 MB is 1499464 bytes.");
	ck_assert_msg(fa_parse_size("146.48 KB", &v) && v == 149996, "146.48 KB is 149996 bytes.");
	ck_assert_msg(!fa_parse_int("12x", &v), "'12x' is not an integer.");
}
END_TEST

START_TEST(atomic_write_never_replaces_a_device)
{
	char dir[] = "/tmp/fa-fifo-XXXXXX", path[256], got[16] = "";
	struct stat st;
	int fd;

	/* A FIFO stands in for /dev/null: writing must go into it, not rename over it. */
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/out", dir);
	ck_assert_int_eq(mkfifo(path, 0600), 0);
	fd = open(path, O_RDWR | O_NONBLOCK);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(fa_file_write_atomic(path, "report", 6, NULL), 0);
	ck_assert_int_eq(stat(path, &st), 0);
	ck_assert_msg(S_ISFIFO(st.st_mode), "The FIFO is still a FIFO after the write.");
	ck_assert_int_eq(read(fd, got, sizeof(got) - 1), 6);
	ck_assert_msg(strcmp(got, "report") == 0, "The report went into the FIFO.");
	close(fd);
	unlink(path);
	rmdir(dir);
}
END_TEST

/* The FIPS 180-4 test vectors, fed whole and in pieces that straddle the 64-byte blocks. */
/*
 * Values cut from a region (a big snapshot's, audit/util/arena.h) read and free like any
 * other, also those that no longer fit in it and come from malloc, and those made after.
 * A region pointer handed to free() aborts (glibc) or is reported (ASan).
 */
START_TEST(arena_values_free_safely)
{
	json_t *list = json_array(), *after;
	size_t i;

	ck_assert(fa_arena_begin((size_t)64 << 10));
	/* about 80 bytes each: the region of 64 KiB is full long before the last */
	for (i = 0; i < 10000; i++)
		json_array_append_new(list, json_sprintf("swp%zu", i + 1));
	fa_arena_end();
	after = json_string("made after the region");
	ck_assert_uint_eq(json_array_size(list), 10000);
	ck_assert_str_eq(json_string_value(json_array_get(list, 0)), "swp1");
	ck_assert_str_eq(json_string_value(json_array_get(list, 9999)), "swp10000");
	json_array_set_new(list, 0, json_string("replaced"));
	ck_assert_str_eq(json_string_value(json_array_get(list, 0)), "replaced");
	json_decref(list);
	json_decref(after);
}
END_TEST

START_TEST(sha256_matches_the_standard_vectors)
{
	static const char two_blocks[] = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
	struct fa_sha256 s;
	char hex[FA_SHA256_HEX_LEN + 1], a[1000];
	size_t i;

	fa_sha256_buf("", 0, hex);
	ck_assert_str_eq(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
	fa_sha256_buf("abc", 3, hex);
	ck_assert_str_eq(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	fa_sha256_buf(two_blocks, strlen(two_blocks), hex);
	ck_assert_str_eq(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
	memset(a, 'a', sizeof(a));
	fa_sha256_init(&s);
	for (i = 0; i < 1000; i++)
		fa_sha256_update(&s, a, sizeof(a));
	fa_sha256_hex(&s, hex);
	ck_assert_msg(strcmp(hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
		      == 0, "A million 'a' fed 1000 at a time hash as in FIPS 180-4 (got %s).", hex);
}
END_TEST

Suite *fa_util_suite(void)
{
	Suite *s = suite_create("util");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, buf_grows_and_stays_terminated);
	tcase_add_test(tc, buf_cap_refuses_overflow);
	tcase_add_test(tc, err_formats_position);
	tcase_add_test(tc, yaml_types_and_positions);
	tcase_add_test(tc, yaml_reads_json);
	tcase_add_test(tc, yaml_errors_name_line_and_column);
	tcase_add_test(tc, capture_slug_matches_design);
	tcase_add_test(tc, model_paths_create_and_read);
	tcase_add_test(tc, atomic_write_replaces_whole_file);
	tcase_add_test(tc, atomic_write_never_replaces_a_device);
	tcase_add_test(tc, arena_values_free_safely);
	tcase_add_test(tc, platform_templates_expand_and_match);
	tcase_add_test(tc, units_read_device_spellings);
	tcase_add_test(tc, sha256_matches_the_standard_vectors);
	suite_add_tcase(s, tc);
	return s;
}
