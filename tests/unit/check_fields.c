/* SPDX-License-Identifier: MIT */
/*
 * The model field registry (audit/fields.def): lookups by path (map keys, list items),
 * did-you-mean suggestions, globs, and the table's own consistency with the platform tables
 * (every SOURCE is a real command, every command is a SOURCE, every field's sources exist,
 * every dotted path has its parent registered).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "audit/fields.h"
#include "audit/util/suggest.h"
#include "drivers/platform.h"
#include "rules/expr.h"
#include "rules/waiver.h"
#include "tests/unit/unit.h"

START_TEST(fields_find_plain_nested_and_full_names)
{
	const struct fa_field *f = fa_field_find(FA_FIELD_PORT, "mtu");

	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(f->type, FA_FIELD_INTEGER);
	ck_assert_str_eq(f->unit, "bytes");
	ck_assert_ptr_eq(fa_field_find_full("port.mtu"), f);
	ck_assert_ptr_nonnull(fa_field_find_full("port.qos.ets.bandwidth"));
	ck_assert_ptr_nonnull(fa_field_find_full("device.os.version"));
	ck_assert_ptr_nonnull(fa_field_find_full("link.a.device"));
	/* An object is a field too: exists(port.qos) names something. */
	ck_assert_int_eq(fa_field_find_full("port.qos")->type, FA_FIELD_OBJECT);
	ck_assert_ptr_null(fa_field_find_full("port.mut"));
	ck_assert_ptr_null(fa_field_find_full("port.mtu.value"));
	ck_assert_ptr_null(fa_field_find_full("port.qos.ets.bandwith"));
	ck_assert_ptr_null(fa_field_find_full("switch.mtu"));
	ck_assert_ptr_null(fa_field_find_full("mtu"));
	/* Entities do not share fields. */
	ck_assert_ptr_null(fa_field_find(FA_FIELD_DEVICE, "mtu"));
	ck_assert_ptr_null(fa_field_find(FA_FIELD_PORT, "os.name"));
}
END_TEST

START_TEST(fields_find_map_keys_and_list_items)
{
	const struct fa_field *f;

	/* mlxconfig parameter names are free keys; what lies below them is not. */
	f = fa_field_find(FA_FIELD_PORT, "nic.mlxconfig.SRIOV_EN.current");
	ck_assert_ptr_nonnull(f);
	ck_assert_str_eq(f->path, "nic.mlxconfig.*.current");
	ck_assert_ptr_nonnull(fa_field_find(FA_FIELD_PORT, "nic.mlxconfig.*.next"));
	ck_assert_ptr_nonnull(fa_field_find(FA_FIELD_PORT, "nic.mlxconfig.NUM_OF_VFS"));
	ck_assert_ptr_null(fa_field_find(FA_FIELD_PORT, "nic.mlxconfig.SRIOV_EN.curent"));
	ck_assert_int_eq(fa_field_find(FA_FIELD_PORT, "nic.mlxconfig")->type, FA_FIELD_MAP);
	/* NCCL settings: one key per variable. */
	ck_assert_ptr_nonnull(fa_field_find(FA_FIELD_DEVICE, "nccl.ib_hca"));
	/* Software versions are fixed keys, so a typo there is caught. */
	ck_assert_ptr_nonnull(fa_field_find(FA_FIELD_DEVICE, "software.ofed"));
	ck_assert_ptr_null(fa_field_find(FA_FIELD_DEVICE, "software.ofedd"));
	/* Items of a list of objects are written name[]. */
	ck_assert_ptr_nonnull(fa_field_find(FA_FIELD_PORT, "gids[].type"));
	ck_assert_ptr_null(fa_field_find(FA_FIELD_PORT, "gids.type"));
	ck_assert_ptr_nonnull(fa_field_find(FA_FIELD_DEVICE, "ib_partitions[].members[].guid"));
	/* "*" never stands for list items. */
	ck_assert_ptr_null(fa_field_find(FA_FIELD_PORT, "nic.mlxconfig.x[].current"));
}
END_TEST

START_TEST(fields_distance_counts_swaps_as_one_edit)
{
	ck_assert_uint_eq(fa_edit_distance("mut", "mtu"), 1);
	ck_assert_uint_eq(fa_edit_distance("mtu", "mtu"), 0);
	ck_assert_uint_eq(fa_edit_distance("kitten", "sitting"), 3);
	ck_assert_uint_eq(fa_edit_distance("", "abc"), 3);
	ck_assert_uint_eq(fa_edit_distance("qos.pfc_enable", "qos.pfc_enabled"), 1);
}
END_TEST

START_TEST(fields_suggest_the_closest_registered_path)
{
	char buf[128];

	ck_assert(fa_field_suggest(FA_FIELD_PORT, "mut", buf, sizeof(buf)));
	ck_assert_str_eq(buf, "mtu");
	ck_assert(fa_field_suggest(FA_FIELD_PORT, "qos.pfc_enable", buf, sizeof(buf)));
	ck_assert_str_eq(buf, "qos.pfc_enabled");
	ck_assert(fa_field_suggest(FA_FIELD_PORT, "nic.fimrware", buf, sizeof(buf)));
	ck_assert_str_eq(buf, "nic.firmware");
	/* The map key the user wrote is kept; the typo below it is fixed. */
	ck_assert(fa_field_suggest(FA_FIELD_PORT, "nic.mlxconfig.SRIOV_EN.curent", buf,
				   sizeof(buf)));
	ck_assert_str_eq(buf, "nic.mlxconfig.SRIOV_EN.current");
	ck_assert(fa_field_suggest(FA_FIELD_DEVICE, "os.verison", buf, sizeof(buf)));
	ck_assert_str_eq(buf, "os.version");
	/* Nothing close: no guess. */
	ck_assert(!fa_field_suggest(FA_FIELD_PORT, "temperature_celsius", buf, sizeof(buf)));
	ck_assert_str_eq(buf, "");
	ck_assert(!fa_field_suggest(FA_FIELD_LINK, "mtu", buf, sizeof(buf)));
}
END_TEST

START_TEST(fields_globs_must_name_a_field)
{
	ck_assert(fa_field_glob_is_known(FA_FIELD_PORT, "nic.mlxconfig.*"));
	ck_assert(fa_field_glob_is_known(FA_FIELD_PORT, "nic.*"));
	ck_assert(fa_field_glob_is_known(FA_FIELD_PORT, "nic.mlxconfig.SRIOV*"));
	ck_assert(fa_field_glob_is_known(FA_FIELD_PORT, "qos.ecn.*_threshold"));
	ck_assert(!fa_field_glob_is_known(FA_FIELD_PORT, "nci.*"));
	ck_assert(!fa_field_glob_is_known(FA_FIELD_DEVICE, "qos.*"));
}
END_TEST

START_TEST(fields_volatile_and_filled_flags)
{
	ck_assert(fa_field_find_full("device.warnings")->flags & FA_FIELD_VOLATILE);
	ck_assert(!(fa_field_find_full("port.mtu")->flags & FA_FIELD_VOLATILE));
	ck_assert(fa_field_is_filled(fa_field_find_full("port.mtu")));
	/* An object is filled when a field below it is. */
	ck_assert(fa_field_is_filled(fa_field_find_full("port.qos")));
	ck_assert(fa_field_is_filled(fa_field_find_full("port.nic.mlxconfig")));
	/* NX-OS transceiver details fill the module fields, and so their object. */
	ck_assert(fa_field_is_filled(fa_field_find_full("port.transceiver.cable_type")));
	ck_assert(fa_field_is_filled(fa_field_find_full("port.transceiver")));
}
END_TEST

/* The registry's own invariants, so a FIELD() line with a typo fails here, not in a rule. */
START_TEST(fields_table_is_consistent)
{
	size_t i, j, n = fa_fields_count();

	ck_assert_uint_gt(n, 100);
	for (i = 0; i < n; i++) {
		const struct fa_field *f = fa_field_at(i);
		const char *s = f->sources, *dot;
		char parent[256];

		ck_assert_msg(f->path[0] && f->meaning[0], "field %zu has a path and a meaning", i);
		for (j = 0; j < i; j++) {
			const struct fa_field *g = fa_field_at(j);

			ck_assert_msg(g->entity != f->entity || strcmp(g->path, f->path) != 0,
				      "%s.%s is listed once", fa_field_entity_to_string(f->entity),
				      f->path);
		}
		while (*s) {
			size_t len = strcspn(s, " ");

			ck_assert_msg(fa_field_source_find(s, len) != NULL,
				      "source '%.*s' of %s.%s is a SOURCE()", (int)len, s,
				      fa_field_entity_to_string(f->entity), f->path);
			s += len;
			s += strspn(s, " ");
		}
		dot = strrchr(f->path, '.');
		if (dot) {
			const struct fa_field *p;

			snprintf(parent, sizeof(parent), "%.*s", (int)(dot - f->path), f->path);
			if (strlen(parent) > 2 && !strcmp(parent + strlen(parent) - 2, "[]"))
				parent[strlen(parent) - 2] = '\0';
			p = fa_field_find(f->entity, parent);
			ck_assert_msg(p != NULL && (p->type == FA_FIELD_OBJECT ||
						    p->type == FA_FIELD_MAP ||
						    p->type == FA_FIELD_OBJECTS),
				      "the parent %s of %s is registered as an object, map or list",
				      parent, f->path);
		}
	}
}
END_TEST

START_TEST(fields_sources_are_the_platform_commands)
{
	size_t i, j, k;

	/* Every SOURCE naming a platform is a command of that platform's table... */
	for (i = 0; i < fa_field_sources_count(); i++) {
		const struct fa_field_source *src = fa_field_source_at(i);
		const struct fa_platform *p;
		bool found = false;

		if (!src->platform)
			continue;
		p = fa_platform_find(src->platform);
		ck_assert_msg(p != NULL, "source %s names a platform", src->id);
		for (j = 0; j < p->ncommands; j++)
			found |= strcmp(p->commands[j].command, src->command) == 0;
		ck_assert_msg(found, "source %s is the command '%s' of %s", src->id, src->command,
			      src->platform);
	}
	/* ...and every command of every platform is a SOURCE, so none fills fields unlisted. */
	for (i = 0; fa_platforms[i]; i++) {
		for (j = 0; j < fa_platforms[i]->ncommands; j++) {
			const char *cmd = fa_platforms[i]->commands[j].command;
			bool found = false;

			for (k = 0; k < fa_field_sources_count(); k++) {
				const struct fa_field_source *src = fa_field_source_at(k);

				found |= src->platform &&
					 !strcmp(src->platform, fa_platforms[i]->name) &&
					 !strcmp(src->command, cmd);
			}
			ck_assert_msg(found, "%s command '%s' is a SOURCE in audit/fields.def",
				      fa_platforms[i]->name, cmd);
		}
	}
}
END_TEST

static const struct fa_expr_opts fa_checked = {
	FA_ROOT_BIT(FA_ROOT_PARAMS) | FA_ROOT_BIT(FA_ROOT_DEVICE) | FA_ROOT_BIT(FA_ROOT_PORT) |
		FA_ROOT_BIT(FA_ROOT_FABRIC),
	false, NULL, false, true
};

/* Parse @text with field checking: 0 or the error's column (message in @err). */
static int parse_checked(const char *text, struct fa_err *err, json_t **ret_fields)
{
	struct fa_expr *e = NULL;

	if (fa_expr_parse(text, &fa_checked, &e, err) < 0)
		return err->column;
	if (ret_fields)
		*ret_fields = json_deep_copy(fa_expr_fields(e));
	fa_expr_free(e);
	return 0;
}

START_TEST(fields_expressions_name_known_fields)
{
	struct fa_err err = FA_ERR_INIT;
	json_t *fields = NULL;

	ck_assert_int_eq(parse_checked("port.mut >= 9000", &err, NULL), 6);
	ck_assert_str_eq(err.msg, "unknown field 'port.mut' (did you mean port.mtu?)");
	ck_assert_int_eq(parse_checked("exists(port.qos) and device.os.verison == '12'", &err,
				       NULL), 32);
	ck_assert_str_eq(err.msg, "unknown field 'device.os.verison' (did you mean "
				  "device.os.version?)");
	/* A map key is free, what lies below it is not. */
	ck_assert_int_eq(parse_checked("port.nic.mlxconfig.SRIOV_EN.current == 'True(1)'", &err,
				       NULL), 0);
	ck_assert_int_gt(parse_checked("port.nic.mlxconfig[params.x].curent == 'x'", &err, NULL),
			 0);
	ck_assert_ptr_nonnull(strstr(err.msg, "did you mean port.nic.mlxconfig[params.x].current?"));
	/* Comprehension variables walking a known list are checked, as written. */
	ck_assert_int_eq(parse_checked("all([g.type == 'RoCE v2' for g in port.gids])", &err,
				       NULL), 0);
	ck_assert_int_gt(parse_checked("all([g.typ == 'RoCE v2' for g in port.gids])", &err,
				       NULL), 0);
	ck_assert_str_eq(err.msg, "unknown field 'g.typ' (did you mean g.type?)");
	ck_assert_int_gt(parse_checked("len([p.spede for p in flatten([d.ports for d in "
				       "fabric.devices])]) > 0", &err, NULL), 0);
	ck_assert_str_eq(err.msg, "unknown field 'p.spede' (did you mean p.speed?)");
	ck_assert_int_gt(parse_checked("len(fabric.device) > 0", &err, NULL), 0);
	/* Values the parser cannot place are not checked: a parameter's keys. */
	ck_assert_int_eq(parse_checked("len([e.anything for e in params.x]) >= 0", &err, NULL), 0);
	/* What was read, in registry names. */
	ck_assert_int_eq(parse_checked("exists(port.nic.device) and port.mtu >= 9000 and "
				       "port.nic.mlxconfig.SRIOV_EN.next == 'x'", &err, &fields),
			 0);
	ck_assert_uint_eq(json_array_size(fields), 3);
	ck_assert_str_eq(json_string_value(json_array_get(fields, 0)), "port.nic.device");
	ck_assert_str_eq(json_string_value(json_array_get(fields, 1)), "port.mtu");
	ck_assert_str_eq(json_string_value(json_array_get(fields, 2)),
			 "port.nic.mlxconfig.*.next");
	json_decref(fields);
}
END_TEST

START_TEST(fields_json_objects_are_checked_key_by_key)
{
	json_t *dev = json_pack("{s:s,s:{s:s},s:[{s:s,s:i,s:{s:{s:{s:s}}}}]}", "name", "gpu01",
				"os", "name", "Ubuntu", "ports", "name", "ens1", "mtu", 9000, "nic",
				"mlxconfig", "SRIOV_EN", "current", "True(1)");
	const json_t *obj = NULL;
	const char *key = NULL;
	enum fa_field_entity ent;
	char path[128];

	ck_assert(fa_field_check_json(FA_FIELD_DEVICE, dev, &obj, &key, &ent, path,
				      sizeof(path)));
	json_object_set_new(json_array_get(json_object_get(dev, "ports"), 0), "mut",
			    json_integer(1));
	ck_assert(!fa_field_check_json(FA_FIELD_DEVICE, dev, &obj, &key, &ent, path,
				       sizeof(path)));
	ck_assert_str_eq(key, "mut");
	ck_assert_str_eq(path, "mut");
	ck_assert_int_eq(ent, FA_FIELD_PORT);
	json_decref(dev);
}
END_TEST

START_TEST(fields_waivers_name_known_fields)
{
	static const char bad[] = "waivers:\n  - rule: \"*\"\n    field: port.qos.pfc_enabeld\n"
				  "    reason: NET-7\n    expires: 2999-12-31\n";
	static const char good[] = "waivers:\n  - rule: \"*\"\n    field: port.qos.*\n"
				   "    reason: NET-7\n    expires: 2999-12-31\n";
	struct fa_err err = FA_ERR_INIT;
	struct fa_waivers *w = NULL;

	ck_assert_int_eq(fa_waivers_parse("w.yaml", bad, strlen(bad), &w, &err), -FA_EPARSE);
	ck_assert_int_eq(err.line, 3);
	ck_assert_int_eq(err.column, 12);
	ck_assert_str_eq(err.msg, "unknown field 'port.qos.pfc_enabeld' (did you mean "
				  "port.qos.pfc_enabled?)");
	ck_assert_int_eq(fa_waivers_parse("w.yaml", good, strlen(good), &w, &err), 0);
	ck_assert_str_eq(w->v[0].field, "port.qos.*");
	fa_waivers_free(w);
}
END_TEST

Suite *fa_fields_suite(void)
{
	Suite *s = suite_create("fields");
	TCase *tc = tcase_create("fields");

	tcase_add_test(tc, fields_find_plain_nested_and_full_names);
	tcase_add_test(tc, fields_find_map_keys_and_list_items);
	tcase_add_test(tc, fields_distance_counts_swaps_as_one_edit);
	tcase_add_test(tc, fields_suggest_the_closest_registered_path);
	tcase_add_test(tc, fields_globs_must_name_a_field);
	tcase_add_test(tc, fields_volatile_and_filled_flags);
	tcase_add_test(tc, fields_table_is_consistent);
	tcase_add_test(tc, fields_sources_are_the_platform_commands);
	tcase_add_test(tc, fields_expressions_name_known_fields);
	tcase_add_test(tc, fields_json_objects_are_checked_key_by_key);
	tcase_add_test(tc, fields_waivers_name_known_fields);
	suite_add_tcase(s, tc);
	return s;
}
