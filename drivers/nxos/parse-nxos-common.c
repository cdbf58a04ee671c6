/* SPDX-License-Identifier: MIT */
/* What the NX-OS parsers share: NX-API JSON envelopes and tables, interface names, MACs. */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "audit/model.h"
#include "audit/util/xalloc.h"
#include "drivers/nxos/parse-nxos.h"
#include "drivers/text/jsonload.h"
#include "audit/util/banned.h"

int fa_nxos_is_json(const struct fa_capture *cap)
{
	size_t i;

	for (i = 0; i < cap->len && isspace((unsigned char)cap->data[i]); i++)
		;
	return i < cap->len && (cap->data[i] == '{' || cap->data[i] == '[');
}

/* The "body" of the first NX-API output, or @root itself. */
static json_t *fa_nxos_body(json_t *root)
{
	json_t *out, *body;

	out = fa_obj_get_path(root, "ins_api.outputs.output");
	if (json_is_array(out))
		out = json_array_get(out, 0);
	if (!out) {
		out = json_object_get(root, "result");
		if (json_is_array(out))
			out = json_array_get(out, 0);
	}
	body = json_object_get(out, "body");
	return json_is_object(body) ? body : root;
}

int fa_nxos_json(const struct fa_capture *cap, json_t **ret, struct fa_err *err)
{
	const char *src = cap->command ? cap->command : "nxos";
	json_error_t jerr;
	json_t *root, *body;

	if (cap->len == 0)
		return fa_err_at(err, FA_EPARSE, src, 0, 0, "empty output");
	root = fa_json_loadb(cap->data, cap->len, JSON_REJECT_DUPLICATES, &jerr);
	if (!root)
		return fa_err_at(err, FA_EPARSE, src, jerr.line, jerr.column, "not JSON: %s",
				 jerr.text);
	if (!json_is_object(root)) {
		json_decref(root);
		return fa_err_at(err, FA_EPARSE, src, 0, 0, "JSON output is not an object");
	}
	body = json_incref(fa_nxos_body(root));
	json_decref(root);
	*ret = body;
	return 0;
}

json_t *fa_nxos_rows(const json_t *obj, const char *name)
{
	char tkey[128], rkey[128];
	json_t *table, *row;

	snprintf(tkey, sizeof(tkey), "TABLE_%s", name);
	snprintf(rkey, sizeof(rkey), "ROW_%s", name);
	table = json_object_get(obj, tkey);
	/* A table holding several row groups is itself a list of {"ROW_x": ...} objects. */
	if (json_is_array(table)) {
		json_t *all = json_array(), *t, *r;
		size_t i, j;

		json_array_foreach(table, i, t)
		{
			row = json_object_get(t, rkey);
			if (json_is_object(row))
				json_array_append(all, row);
			else if (json_is_array(row))
				json_array_foreach(row, j, r) if (json_is_object(r))
				    json_array_append(all, r);
		}
		return all;
	}
	row = json_object_get(table, rkey);
	if (json_is_array(row))
		return json_incref(row);
	if (json_is_object(row)) {
		json_t *one = json_array();

		json_array_append(one, row);
		return one;
	}
	return json_array();
}

struct fa_nxos_abbrev {
	const char *shortname;
	const char *longname;
};

static const struct fa_nxos_abbrev fa_nxos_abbrevs[] = {
    {"Eth", "Ethernet"}, {"Po", "port-channel"}, {"Lo", "loopback"},
    {"Vl", "Vlan"},	 {"Tu", "Tunnel"},	 {"mgmt", "mgmt"},
};

char *fa_nxos_ifname(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(fa_nxos_abbrevs) / sizeof(fa_nxos_abbrevs[0]); i++) {
		const struct fa_nxos_abbrev *a = &fa_nxos_abbrevs[i];
		size_t l = strlen(a->shortname);

		if (strncmp(name, a->shortname, l) == 0 && isdigit((unsigned char)name[l]))
			return fa_xasprintf("%s%s", a->longname, name + l);
	}
	return fa_xstrdup(name);
}

const char *fa_nxos_port_type(const char *name)
{
	if (strncasecmp(name, "Ethernet", 8) == 0)
		return "ethernet";
	if (strncmp(name, "mgmt", 4) == 0)
		return "management";
	if (strncasecmp(name, "loopback", 8) == 0)
		return "loopback";
	if (strncasecmp(name, "port-channel", 12) == 0)
		return "bond";
	if (strncasecmp(name, "Vlan", 4) == 0)
		return "vlan";
	if (strncasecmp(name, "Tunnel", 6) == 0 || strncmp(name, "nve", 3) == 0 ||
	    strncasecmp(name, "Null", 4) == 0)
		return "virtual";
	return "other";
}

