/* SPDX-License-Identifier: MIT */
/*
 * Shared by the two Ansible inventory readers (INI files, and the JSON that
 * 'ansible-inventory --list' prints): the raw groups and hosts each reader fills, and the
 * builder that turns them into the YAML inventory tree with positions.
 */
#ifndef FA_ANSIBLE_INT_H
#define FA_ANSIBLE_INT_H

#include <jansson.h>
#include <stdbool.h>

#include "audit/util/err.h"

struct fa_ini {
	const char *path;
	struct fa_err *err;
	json_t *pos;	/* position table (inventory/inventory-int.h) */
	/* name -> { vars: {}, children: [], hosts: [] }, first mention first */
	json_t *groups;
	json_t *hosts;	/* name -> { name: string, vars: {} }, first mention first */
	bool json;	/* read from 'ansible-inventory --list' (wording of errors) */
};

/* The raw group @name (borrowed), made when first mentioned at @line:@column. */
json_t *fa_ansible_group(struct fa_ini *ini, const char *name, int line, int column);

/* The raw host @name (borrowed), made when first named at @line:@column. */
json_t *fa_ansible_host(struct fa_ini *ini, const char *name, int line, int column);

/* A new string value recorded at @line:@column. */
json_t *fa_ansible_string(struct fa_ini *ini, const char *s, int line, int column);

/* Is @key an Ansible password variable (ansible_password, ansible_become_pass, ...)? */
bool fa_ansible_password_var(const char *key);

/*
 * Refuse the variable @key at @line:@column: an ansible_ password variable, or an unknown
 * fabric_audit_ variable (with a suggestion).  0 when it may stay.
 */
int fa_ansible_check_var(struct fa_ini *ini, const char *key, int line, int column);

/*
 * Build the inventory tree into the empty object @root from ini's raw groups and hosts:
 * group "all"'s vars become the defaults, every other group a group (parents first, so a
 * child's vars win), every host a device entry.  -FA_EPARSE with a position on a cycle or
 * a variable that does not belong where it is.
 */
int fa_ansible_build(struct fa_ini *ini, json_t *root);

#endif /* FA_ANSIBLE_INT_H */
