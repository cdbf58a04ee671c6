/* SPDX-License-Identifier: MIT */
/*
 * Shared by the inventory loader and the Ansible INI reader.
 *
 * The loader checks a jansson tree of the YAML inventory shape.  A YAML or JSON file gives
 * that tree directly, with positions in a source map; an Ansible INI file is first turned
 * into the same tree, and its positions are kept in a position table: a jansson object
 * keyed by the address of a value (and a key name, for positions of keys), which is valid as
 * long as the tree is.
 */
#ifndef FA_INVENTORY_INT_H
#define FA_INVENTORY_INT_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "audit/util/err.h"

/* Record that @v (or the key @key of mapping @v) stands at @line:@column. */
void fa_inv_pos_set(json_t *pos, const json_t *v, const char *key, int line, int column);
/* Where @v (or its key @key) stands; false and 0:0 when not recorded. */
bool fa_inv_pos_get(const json_t *pos, const json_t *v, const char *key, int *line,
		    int *column);

/*
 * Is @data (the file @path) an Ansible INI inventory?  Yes for a name ending in ".ini", and
 * for a name not ending in .yaml, .yml or .json whose first line that is not blank or a
 * comment is a section header such as "[leaves]" or "[leaves:vars]".
 */
bool fa_ansible_ini_detect(const char *path, const char *data, size_t len);

/*
 * Turn the Ansible INI inventory @data into the YAML inventory tree (docs/inventory.md,
 * "Ansible INI inventories").  On success *ret_root and *ret_pos are new references.
 * Errors, "path:line:column: message" in @err: -FA_EPARSE for a line that is not INI, a
 * password, an unknown fabric_audit_ variable or a group cycle; -FA_EINVAL for a host
 * pattern that does not expand.
 */
int fa_ansible_ini_parse(const char *path, const char *data, size_t len, json_t **ret_root,
			 json_t **ret_pos, struct fa_err *err);

/*
 * Is @data what 'ansible-inventory --list' prints: a JSON object (first character '{')
 * with a "_meta" member?
 */
bool fa_ansible_json_detect(const char *data, size_t len);

/*
 * Turn the output of 'ansible-inventory --list' (with or without --export) into the YAML
 * inventory tree (docs/inventory.md, "Ansible inventories of any kind"), variables mapped
 * as in an INI inventory, password variables dropped.  On success *ret_root and *ret_pos are
 * new references.  Errors, "path:line:column: message" in @err: -FA_EPARSE for JSON that is
 * not of that shape or an unknown fabric_audit_ variable.
 */
int fa_ansible_json_parse(const char *path, const char *data, size_t len, json_t **ret_root,
			  json_t **ret_pos, struct fa_err *err);

#endif /* FA_INVENTORY_INT_H */
