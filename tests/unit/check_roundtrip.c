/* SPDX-License-Identifier: MIT */
/*
 * Device bytes that are not text, in every string field of the model: what the model setters
 * make of them (audit/util/utf8.h, docs/model.md "Text"), and that the snapshot written from
 * that model reads back equal, audits, renders and diffs.
 *
 * The fields are read from the snapshot's JSON Schema (docs/schema/snapshot.schema.json, which
 * rejects unknown fields), so a string field added there is covered here without a change:
 * every property of a device or port of type string, every array of strings, every string in
 * the objects of an array, every value and key of a free-form map.  Fields whose values are
 * an enum or a constant are left out: their values come from our own tables.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "audit/diff.h"
#include "audit/engine.h"
#include "audit/model.h"
#include "audit/snapshot.h"
#include "audit/util/utf8.h"
#include "drivers/capture-parse.h"
#include "reports/report.h"
#include "tests/unit/unit.h"

enum fa_rt_kind {
	FA_RT_STRING,	/* "path": "..." */
	FA_RT_STRINGS,	/* "path": ["..."] */
	FA_RT_ITEM,	/* "path": [{"item": "..."}] */
	FA_RT_MAP,	/* "path": {"x": "..."}, and a key with controls */
};

struct fa_rt_field {
	bool port;		/* a port field, else a device field */
	char path[128];
	char item[64];
	enum fa_rt_kind kind;
};

#define FA_RT_MAX_FIELDS 256
static struct fa_rt_field fa_rt_fields[FA_RT_MAX_FIELDS];
static size_t fa_rt_nfields;

/* Hostile bytes, and the model text they must become: U+FFFD is "\xef\xbf\xbd". */
static const struct {
	const char *name, *in;
	size_t len;
	const char *out;
} fa_rt_values[] = {
	{ "a NUL", "2.19.1\0x", 8, "2.19.1\xef\xbf\xbdx" },
	{ "a stray byte", "a\xff" "b", 3, "a\xef\xbf\xbd" "b" },
	{ "a lone surrogate in CESU-8", "\xed\xa0\x80", 3,
	  "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd" },
	{ "a cut-short sequence", "x\xe2\x82", 3, "x\xef\xbf\xbd" },
	{ "an overlong '/'", "\xc0\xaf", 2, "\xef\xbf\xbd\xef\xbf\xbd" },
	{ "C0 controls and DEL", "a\x01\x1b[31m\x7f\tb\r\n", 12,
	  "a\xef\xbf\xbd\xef\xbf\xbd[31m\xef\xbf\xbd\tb\xef\xbf\xbd\xef\xbf\xbd" },
	{ "a C1 control", "a\xc2\x85" "b\xc2\x9b", 6, "a\xef\xbf\xbd" "b\xef\xbf\xbd" },
	{ "text above U+FFFF", "\xf0\x9f\x98\x80 \xe2\x80\xae", 8, "\xf0\x9f\x98\x80 \xe2\x80\xae" },
};

#define FA_RT_NVALUES (sizeof(fa_rt_values) / sizeof(fa_rt_values[0]))

/* A key with controls (a key cannot hold a NUL or ill-formed UTF-8 in jansson). */
#define FA_RT_KEY "k\x01\x1b[0m\xc2\x85"
#define FA_RT_KEY_CLEAN "k\xef\xbf\xbd\xef\xbf\xbd[0m\xef\xbf\xbd"

static const json_t *fa_rt_resolve(const json_t *schema, const json_t *s)
{
	const char *ref;

	while ((ref = json_string_value(json_object_get(s, "$ref"))) != NULL &&
	       strncmp(ref, "#/$defs/", 8) == 0)
		s = json_object_get(json_object_get(schema, "$defs"), ref + 8);
	return s;
}

static bool fa_rt_is_string(const json_t *s)
{
	const json_t *t = json_object_get(s, "type");

	if (json_object_get(s, "enum") || json_object_get(s, "const"))
		return false;
	if (json_is_string(t))
		return strcmp(json_string_value(t), "string") == 0;
	return json_is_array(t) && json_array_size(t) > 0 &&
	       strcmp(json_string_value(json_array_get(t, 0)), "string") == 0;
}

static void fa_rt_add(bool port, const char *path, const char *item, enum fa_rt_kind kind)
{
	struct fa_rt_field *f;

	if (fa_rt_nfields == FA_RT_MAX_FIELDS)
		return;
	f = &fa_rt_fields[fa_rt_nfields++];
	f->port = port;
	snprintf(f->path, sizeof(f->path), "%s", path);
	snprintf(f->item, sizeof(f->item), "%s", item ? item : "");
	f->kind = kind;
}

static void fa_rt_walk(const json_t *schema, const json_t *obj, bool port, const char *prefix)
{
	const char *key;
	json_t *v;

	json_object_foreach(json_object_get(obj, "properties"), key, v) {
		const json_t *r = fa_rt_resolve(schema, v), *ap;
		const char *type = json_string_value(json_object_get(r, "type"));
		char path[128];

		snprintf(path, sizeof(path), "%s%s", prefix, key);
		if (fa_rt_is_string(r)) {
			fa_rt_add(port, path, NULL, FA_RT_STRING);
		} else if (type && strcmp(type, "array") == 0 && strcmp(path, "ports") != 0) {
			const json_t *it = fa_rt_resolve(schema, json_object_get(r, "items"));
			const char *ik;
			json_t *iv;

			if (fa_rt_is_string(it))
				fa_rt_add(port, path, NULL, FA_RT_STRINGS);
			json_object_foreach(json_object_get(it, "properties"), ik, iv) {
				if (fa_rt_is_string(fa_rt_resolve(schema, iv)))
					fa_rt_add(port, path, ik, FA_RT_ITEM);
			}
		} else if (type && strcmp(type, "object") == 0) {
			char sub[160];

			snprintf(sub, sizeof(sub), "%s.", path);
			fa_rt_walk(schema, r, port, sub);
			ap = fa_rt_resolve(schema, json_object_get(r, "additionalProperties"));
			if (fa_rt_is_string(ap)) {
				fa_rt_add(port, path, NULL, FA_RT_MAP);
			} else if (json_is_object(ap) && json_object_get(ap, "properties")) {
				snprintf(sub, sizeof(sub), "%s.x.", path);
				fa_rt_walk(schema, ap, port, sub);
			}
		}
	}
}

static void fa_rt_load_fields(void)
{
	json_error_t jerr;
	json_t *schema = json_load_file(fa_test_srcfile("docs/schema/snapshot.schema.json"), 0,
					&jerr);
	const json_t *defs = json_object_get(schema, "$defs");

	/* no field found when the schema does not load: roundtrip_fields_found fails */
	fa_rt_nfields = 0;
	fa_rt_walk(schema, json_object_get(defs, "device"), false, "");
	fa_rt_walk(schema, json_object_get(defs, "port"), true, "");
	json_decref(schema);
}

/* A switch with one port, enough fields set for the rules to look at it. */
static json_t *fa_rt_device(json_t **ret_port)
{
	json_t *d = fa_device_new("leaf01", "switch");
	json_t *p = fa_device_port(d, "swp1");

	fa_set_str(d, "status", "ok");
	fa_set_str(d, "platform", "cumulus");
	fa_set_int(p, "mtu", 9216);
	fa_set_str(p, "oper_state", "up");
	*ret_port = p;
	return d;
}

/* Plant value @v into field @f of a new device, through the model setters. */
static json_t *fa_rt_plant(const struct fa_rt_field *f, size_t v)
{
	json_t *port, *d = fa_rt_device(&port), *target = f->port ? port : d, *a, *o;
	const char *in = fa_rt_values[v].in;
	size_t len = fa_rt_values[v].len;
	char path[160];

	switch (f->kind) {
	case FA_RT_STRING:
		fa_set_strn(target, f->path, in, len);
		break;
	case FA_RT_STRINGS:
		a = json_array();
		json_array_append_new(a, fa_json_stringn(in, len));
		fa_set(target, f->path, a);
		break;
	case FA_RT_ITEM:
		a = json_array();
		o = json_object();
		json_object_set_new(o, f->item, fa_json_stringn(in, len));
		json_array_append_new(a, o);
		fa_set(target, f->path, a);
		break;
	case FA_RT_MAP:
		snprintf(path, sizeof(path), "%s.x", f->path);
		fa_set_strn(target, path, in, len);
		json_object_set_new(fa_obj_path(target, f->path), FA_RT_KEY, json_string("v"));
		break;
	}
	/* what a collection does once a device is parsed (drivers/collect.c) */
	fa_capture_clean_device(d);
	return d;
}

/* Where the planted value landed: the string value at field @f of @d. */
static const char *fa_rt_get(const struct fa_rt_field *f, json_t *d, size_t *ret_len)
{
	json_t *target = f->port ? json_array_get(json_object_get(d, "ports"), 0) : d, *v;
	char path[160];

	switch (f->kind) {
	case FA_RT_STRINGS:
		v = json_array_get(fa_obj_get_path(target, f->path), 0);
		break;
	case FA_RT_ITEM:
		v = json_object_get(json_array_get(fa_obj_get_path(target, f->path), 0), f->item);
		break;
	case FA_RT_MAP:
		snprintf(path, sizeof(path), "%s.x", f->path);
		v = fa_obj_get_path(target, path);
		break;
	default:
		v = fa_obj_get_path(target, f->path);
		break;
	}
	*ret_len = json_string_length(v);
	return json_string_value(v);
}

static struct fa_ruleset *fa_rt_rules;
static char fa_rt_dir[] = "/tmp/fa-roundtrip-XXXXXX";

static void fa_rt_setup(void)
{
	struct fa_err err = FA_ERR_INIT;

	ck_assert_msg(mkdtemp(fa_rt_dir) != NULL, "A temporary folder can be made.");
	fa_rt_rules = fa_ruleset_new();
	ck_assert_msg(fa_ruleset_load(fa_rt_rules, fa_test_srcfile("rules/packs"), &err) == 0,
		      "The shipped rule packs load (%s).", err.msg);
}

static void fa_rt_teardown(void)
{
	fa_ruleset_free(fa_rt_rules);
	rmdir(fa_rt_dir);
	memcpy(fa_rt_dir + strlen(fa_rt_dir) - 6, "XXXXXX", 6);
}

/* Render @doc in every format; the JSON rendering must read back equal to @doc. */
static void fa_rt_render(const json_t *doc, const char *what, const char *field)
{
	static const char *const formats[] = { "json", "text", "html", "junit", "prometheus" };
	size_t i;

	for (i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
		struct fa_err err = FA_ERR_INIT;
		struct fa_buf out = FA_BUF_INIT;
		json_error_t jerr;
		json_t *back;

		ck_assert_msg(fa_report_render(doc, formats[i], NULL, &out, &err) == 0,
			      "The %s of a model with bad bytes in %s renders as %s (%s).", what,
			      field, formats[i], err.msg);
		ck_assert_msg(fa_utf8_is_clean(out.buf, out.len, FA_UTF8_KEEP_CONTROLS),
			      "The %s rendering of the %s (%s) is UTF-8 without NUL.",
			      formats[i], what, field);
		if (strcmp(formats[i], "json") == 0) {
			back = json_loadb(out.buf, out.len, 0, &jerr);
			ck_assert_msg(back && json_equal(back, doc),
				      "The JSON %s (bad bytes in %s) reads back equal (%s).", what,
				      field, back ? "differs" : jerr.text);
			json_decref(back);
		}
		fa_buf_release(&out);
	}
}

START_TEST(roundtrip_every_string_field)
{
	const struct fa_rt_field *f = &fa_rt_fields[_i];
	char path[64];
	size_t v;

	snprintf(path, sizeof(path), "%s/snap.json", fa_rt_dir);
	for (v = 0; v < FA_RT_NVALUES; v++) {
		struct fa_err err = FA_ERR_INIT;
		json_t *port, *plain = fa_rt_device(&port), *d = fa_rt_plant(f, v);
		json_t *devs = json_array(), *old_devs = json_array();
		json_t *snap, *old, *back = NULL, *report = NULL, *diff = NULL;
		const char *got;
		size_t len;

		got = fa_rt_get(f, d, &len);
		ck_assert_msg(got && len == strlen(fa_rt_values[v].out) &&
			      memcmp(got, fa_rt_values[v].out, len) == 0,
			      "%s in %s%s%s becomes the documented model text.",
			      fa_rt_values[v].name, f->path, f->item[0] ? "[]." : "", f->item);
		if (f->kind == FA_RT_MAP) {
			json_t *m = fa_obj_get_path(f->port ? json_array_get(json_object_get(d,
											  "ports"), 0)
							    : d, f->path);
			ck_assert_msg(json_object_get(m, FA_RT_KEY_CLEAN) &&
				      !json_object_get(m, FA_RT_KEY),
				      "A key with controls in %s becomes model text.", f->path);
		}
		json_array_append_new(devs, d);
		snap = fa_snapshot_build(devs, "inventory.yaml");
		ck_assert_msg(fa_snapshot_write(snap, path, &err) == 0,
			      "A snapshot with %s in %s is written (%s).", fa_rt_values[v].name,
			      f->path, err.msg);
		ck_assert_msg(fa_snapshot_load(path, &back, &err) == 0,
			      "A snapshot with %s in %s reads back (%s).", fa_rt_values[v].name,
			      f->path, err.msg);
		ck_assert_msg(json_equal(back, snap),
			      "A snapshot with %s in %s reads back equal.", fa_rt_values[v].name,
			      f->path);
		ck_assert_msg(fa_engine_run(fa_rt_rules, back, NULL, &report, &err) == 0,
			      "A snapshot with %s in %s is audited (%s).", fa_rt_values[v].name,
			      f->path, err.msg);
		fa_rt_render(report, "report", f->path);
		json_array_append_new(old_devs, plain);
		old = fa_snapshot_build(old_devs, "inventory.yaml");
		ck_assert_msg(fa_diff_snapshots(old, back, NULL, &diff, &err) == 0,
			      "A snapshot with %s in %s is compared with one without (%s).",
			      fa_rt_values[v].name, f->path, err.msg);
		fa_rt_render(diff, "diff", f->path);
		unlink(path);
		json_decref(diff);
		json_decref(report);
		json_decref(old);
		json_decref(back);
		json_decref(snap);
	}
}
END_TEST

START_TEST(roundtrip_fields_found)
{
	size_t i;
	bool bios = false, descr = false, mlx = false, gid = false;

	/* a walk that found nothing would make the loop above prove nothing */
	for (i = 0; i < fa_rt_nfields; i++) {
		const struct fa_rt_field *f = &fa_rt_fields[i];

		bios |= !f->port && f->kind == FA_RT_MAP && strcmp(f->path, "software") == 0;
		descr |= f->port && strcmp(f->path, "description") == 0;
		mlx |= f->port && strcmp(f->path, "nic.mlxconfig.x.current") == 0;
		gid |= f->port && f->kind == FA_RT_ITEM && strcmp(f->item, "gid") == 0;
	}
	ck_assert_msg(fa_rt_nfields >= 50, "The schema walk finds the model's string fields "
		      "(%zu found).", fa_rt_nfields);
	ck_assert_msg(bios && descr && mlx && gid, "Maps, port strings, nested maps and lists "
		      "of objects are all among them.");
}
END_TEST

START_TEST(roundtrip_old_nul_snapshot)
{
	static const char text[] =
		"{\"created\":\"2026-01-01T00:00:00Z\",\"devices\":[{\"kind\":\"host\","
		"\"name\":\"gpu01\",\"ports\":[],\"software\":{\"bios\":\"2.19.1\\u0000x\"},"
		"\"status\":\"ok\"}],\"format\":\"fabric-audit/snapshot/v1\",\"links\":[],"
		"\"tool\":{\"name\":\"fabric-audit\",\"version\":\"0\"}}";
	struct fa_err err = FA_ERR_INIT;
	char path[64];
	json_t *snap = NULL;
	FILE *fp;

	/* a snapshot an earlier version wrote with a NUL from a device stays readable */
	snprintf(path, sizeof(path), "%s/old.json", fa_rt_dir);
	fp = fopen(path, "w");
	ck_assert_ptr_nonnull(fp);
	fputs(text, fp);
	fclose(fp);
	ck_assert_msg(fa_snapshot_load(path, &snap, &err) == 0,
		      "A snapshot holding \\u0000 reads (%s).", err.msg);
	ck_assert_str_eq(fa_get_str(json_array_get(json_object_get(snap, "devices"), 0),
				    "software.bios"), "2.19.1\xef\xbf\xbdx");
	json_decref(snap);
	unlink(path);
}
END_TEST

START_TEST(roundtrip_capture_nul_in_json)
{
	static const char out[] = "[{\"ifname\": \"eth\0\", \"mtu\": 9000}, "
				  "{\"ifname\": \"eth1\", \"mtu\": 1500}]";
	const struct fa_platform *p = fa_platform_find("linux");
	const struct fa_command *c = NULL;
	struct fa_capture cap = FA_CAPTURE_INIT;
	struct fa_err err = FA_ERR_INIT;
	json_t *d = fa_device_new("gpu01", "host"), *w;
	size_t i;

	for (i = 0; p && i < p->ncommands; i++)
		if (strcmp(p->commands[i].command, "ip -j -d link show") == 0)
			c = &p->commands[i];
	ck_assert_msg(c != NULL, "The linux platform reads 'ip -j -d link show'.");
	cap.device = "gpu01";
	cap.command = c->command;
	cap.data = out;
	cap.len = sizeof(out) - 1;
	ck_assert_msg(fa_capture_parse(c, &cap, d, &err) == 0,
		      "JSON output holding a NUL inside a string still parses (%s).", err.msg);
	fa_capture_clean_device(d);
	ck_assert_msg(fa_device_find_port(d, "eth\xef\xbf\xbd") != NULL &&
		      fa_device_find_port(d, "eth1") != NULL,
		      "Both interfaces are read, the NUL as U+FFFD.");
	w = json_array_get(json_object_get(d, "warnings"), 0);
	ck_assert_msg(w && strstr(json_string_value(w), "ip -j -d link show: output is not all text: 1 NUL") &&
		      strstr(json_string_value(w), "U+FFFD"),
		      "A warning names the command whose output was not text.");
	json_decref(d);
}
END_TEST

Suite *fa_roundtrip_suite(void)
{
	Suite *s = suite_create("roundtrip");
	TCase *tc = tcase_create("roundtrip");

	fa_rt_load_fields();
	tcase_set_timeout(tc, 300);
	tcase_add_checked_fixture(tc, fa_rt_setup, fa_rt_teardown);
	tcase_add_test(tc, roundtrip_fields_found);
	tcase_add_loop_test(tc, roundtrip_every_string_field, 0, (int)fa_rt_nfields);
	tcase_add_test(tc, roundtrip_old_nul_snapshot);
	tcase_add_test(tc, roundtrip_capture_nul_in_json);
	suite_add_tcase(s, tc);
	return s;
}
