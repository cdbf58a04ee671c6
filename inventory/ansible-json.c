/* SPDX-License-Identifier: MIT */
/*
 * The JSON that 'ansible-inventory -i SRC --list' prints, turned into the YAML inventory
 * tree (docs/inventory.md, "Ansible inventories of any kind"), so that every inventory
 * source Ansible reads (YAML, INI, group_vars/host_vars folders, dynamic plugins) works:
 *
 *   { "_meta": { "hostvars": { HOST: { VAR: VALUE, ... }, ... } },
 *     "all": { "children": [ GROUP, ... ], "vars": { ... } },
 *     GROUP: { "hosts": [ HOST, ... ], "children": [ ... ], "vars": { ... } }, ... }
 *
 * Groups carry "vars" only with --export; without it Ansible has already merged every
 * group's variables into each host's.  Both are read: the groups and hosts are filled in
 * the raw form the INI reader fills, and the same builder makes the tree, so variables map
 * to settings the same way.  The file is parsed by the YAML parser (JSON is YAML), whose
 * source map gives every value and key its line and column for the loader's errors.
 */
#include "config.h"

#include <string.h>

#include "audit/util/yamljson.h"
#include "inventory/ansible-int.h"
#include "inventory/inventory-int.h"
#include "audit/util/banned.h"

/* Ansible's implicit group of the hosts in no other group: not a group of ours. */
#define FA_ANSIBLE_UNGROUPED "ungrouped"

struct fa_ajson {
	struct fa_ini ini;
	struct fa_srcmap *map;
};

bool fa_ansible_json_detect(const char *data, size_t len)
{
	size_t i = 0;

	while (i < len && strchr(" \t\r\n", data[i]))
		i++;
	return i < len && data[i] == '{' && memmem(data, len, "\"_meta\"", 7) != NULL;
}

static int fa_ajson_err(struct fa_ajson *aj, const json_t *v, const char *key, const char *what)
{
	return fa_srcmap_err(aj->map, aj->ini.err, FA_EPARSE, v, key, "%s", what);
}

/* Record where @v stood (shared booleans and null get none, as in the INI reader). */
static void fa_ajson_at(struct fa_ajson *aj, const json_t *v)
{
	int line, column;

	if (json_is_boolean(v) || json_is_null(v))
		return;
	fa_srcmap_find(aj->map, v, &line, &column);
	fa_inv_pos_set(aj->ini.pos, v, NULL, line, column);
}

/* Copy the variables of the mapping @from into the raw vars @to, checking each name. */
static int fa_ajson_vars(struct fa_ajson *aj, const json_t *from, json_t *to)
{
	const char *k;
	json_t *v;

	if (!json_is_object(from))
		return fa_ajson_err(aj, from, NULL, "variables are a mapping of names to values");
	json_object_foreach((json_t *)from, k, v) {
		int line, column, r;

		/*
		 * Unlike an INI file written for fabric-audit, this is the site's own Ansible
		 * inventory (vaulted become passwords and all): a password is not refused but
		 * dropped, never kept.  fabric-audit takes passwords only from the environment.
		 */
		if (fa_ansible_password_var(k))
			continue;
		fa_srcmap_find_key(aj->map, from, k, &line, &column);
		r = fa_ansible_check_var(&aj->ini, k, line, column);
		if (r < 0)
			return r;
		fa_inv_pos_set(aj->ini.pos, to, k, line, column);
		fa_ajson_at(aj, v);
		json_object_set(to, k, v);
	}
	return 0;
}

/* Check that @list (a group's @what: "hosts" or "children") is a list of names. */
static int fa_ajson_names(struct fa_ajson *aj, const json_t *list, const char *what)
{
	const json_t *v;
	size_t i;

	if (!json_is_array(list))
		return fa_ajson_err(aj, list, NULL, strcmp(what, "hosts") == 0 ?
					"a group's 'hosts' is a list of host names" :
					"a group's 'children' is a list of group names");
	json_array_foreach(list, i, v)
		if (!json_is_string(v) || !*json_string_value(v))
			return fa_ajson_err(aj, v, NULL, "a name is a non-empty string");
	return 0;
}

/* The group @gname of the top level, @spec its { hosts, children, vars }. */
static int fa_ajson_group(struct fa_ajson *aj, const json_t *top, const char *gname,
			  const json_t *spec)
{
	const json_t *hosts = json_object_get(spec, "hosts");
	const json_t *children = json_object_get(spec, "children");
	const json_t *vars = json_object_get(spec, "vars");
	bool ungrouped = strcmp(gname, FA_ANSIBLE_UNGROUPED) == 0;
	json_t *g = NULL;
	const json_t *v;
	const char *k;
	size_t i;
	int line, column, r;

	if (!json_is_object(spec))
		return fa_ajson_err(aj, spec, NULL,
				    "a group is a mapping with 'hosts', 'children' and 'vars'");
	json_object_foreach((json_t *)spec, k, v)
		if (strcmp(k, "hosts") && strcmp(k, "children") && strcmp(k, "vars"))
			return fa_srcmap_err(aj->map, aj->ini.err, FA_EPARSE, spec, k,
					     "unknown key '%s' in group '%s' (not what "
					     "'ansible-inventory --list' prints)", k, gname);
	if (!ungrouped) {
		fa_srcmap_find_key(aj->map, top, gname, &line, &column);
		g = fa_ansible_group(&aj->ini, gname, line, column);
	}
	if (hosts) {
		r = fa_ajson_names(aj, hosts, "hosts");
		if (r < 0)
			return r;
		json_array_foreach(hosts, i, v) {
			const char *name = json_string_value(v);

			fa_srcmap_find(aj->map, v, &line, &column);
			fa_ansible_host(&aj->ini, name, line, column);
			if (g) {
				json_array_append_new(json_object_get(g, "hosts"),
						      fa_ansible_string(&aj->ini, name, line,
									column));
			}
		}
	}
	if (children && !ungrouped) {
		r = fa_ajson_names(aj, children, "children");
		if (r < 0)
			return r;
		json_array_foreach(children, i, v) {
			const char *name = json_string_value(v);

			if (!strcmp(name, FA_ANSIBLE_UNGROUPED))
				continue;
			fa_srcmap_find(aj->map, v, &line, &column);
			json_array_append_new(json_object_get(g, "children"),
					      fa_ansible_string(&aj->ini, name, line, column));
		}
	}
	if (vars && g)
		return fa_ajson_vars(aj, vars, json_object_get(g, "vars"));
	return 0;
}

static int fa_ajson_read(struct fa_ajson *aj, const json_t *top)
{
	const json_t *meta = json_object_get(top, "_meta"), *hostvars, *v;
	const char *k;
	int r;

	if (!json_is_object(top))
		return fa_ajson_err(aj, top, NULL, "'ansible-inventory --list' prints a mapping");
	json_object_foreach((json_t *)top, k, v) {
		if (!strcmp(k, "_meta"))
			continue;
		r = fa_ajson_group(aj, top, k, v);
		if (r < 0)
			return r;
	}
	hostvars = json_object_get(meta, "hostvars");
	if (!json_is_object(meta) || (hostvars && !json_is_object(hostvars)))
		return fa_ajson_err(aj, meta, NULL,
				    "'_meta' is a mapping with 'hostvars', a mapping of host "
				    "names to their variables");
	json_object_foreach((json_t *)hostvars, k, v) {
		int line, column;
		json_t *h;

		/* a host named only here is in no group but "all" */
		fa_srcmap_find_key(aj->map, hostvars, k, &line, &column);
		h = fa_ansible_host(&aj->ini, k, line, column);
		r = fa_ajson_vars(aj, v, json_object_get(h, "vars"));
		if (r < 0)
			return r;
	}
	return 0;
}

int fa_ansible_json_parse(const char *path, const char *data, size_t len, json_t **ret_root,
			  json_t **ret_pos, struct fa_err *err)
{
	struct fa_ajson aj = { { path, err, json_object(), json_object(), json_object(), true },
			       NULL };
	json_t *top = NULL, *root = NULL;
	int r;

	r = fa_yaml_parse(path, data, len, &top, &aj.map, err);
	if (r == 0)
		r = fa_ajson_read(&aj, top);
	if (r == 0) {
		root = json_object();
		fa_inv_pos_set(aj.ini.pos, root, NULL, 1, 1);
		r = fa_ansible_build(&aj.ini, root);
	}
	json_decref(aj.ini.groups);
	json_decref(aj.ini.hosts);
	/* the tree's values live on in @root; the map is only needed while reading */
	json_decref(top);
	fa_srcmap_free(aj.map);
	if (r < 0) {
		json_decref(root);
		json_decref(aj.ini.pos);
		return r;
	}
	*ret_root = root;
	*ret_pos = aj.ini.pos;
	return 0;
}
