/* SPDX-License-Identifier: MIT */
/*
 * "show lldp neighbors detail | json" and its text form: the neighbour on each local port.
 *
 * JSON rows (TABLE_nbor_detail/ROW_nbor_detail) carry l_port_id, chassis_id, port_id,
 * port_desc and sys_name.  The text form is one block per neighbour, opened by
 * "Chassis id:", with "Local Port id:", "Port id:", "Port Description:", "System Name:"
 * lines; the multi-line "System Description" is skipped.  NX-OS names the local port in
 * short form ("Eth1/1"); it is expanded to the name "show interface" uses ("Ethernet1/1").
 * "null" and empty values mean the TLV was not sent.  One neighbour per port is kept.
 * Captures pasted from a session come indented, with trailing blanks: both are dropped;
 * blanks inside a value ("Port id: Gi 0/1") are kept.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "audit/util/xalloc.h"
#include "drivers/nxos/parse-nxos.h"
#include "audit/util/banned.h"

enum fa_nxos_nbr_field {
	FA_NBR_LOCAL,
	FA_NBR_CHASSIS,
	FA_NBR_PORT,
	FA_NBR_DESC,
	FA_NBR_NAME,
	FA_NBR_COUNT
};

static const char *const fa_nxos_nbr_paths[FA_NBR_COUNT] = {
    [FA_NBR_LOCAL] = NULL,
    [FA_NBR_CHASSIS] = "lldp.chassis_id",
    [FA_NBR_PORT] = "lldp.port_id",
    [FA_NBR_DESC] = "lldp.port_description",
    [FA_NBR_NAME] = "lldp.system_name",
};

static bool fa_nxos_nbr_value(const char *v)
{
	return v && *v && strcmp(v, "null") != 0;
}

static void fa_nxos_nbr_set(json_t *device, const char *cmd, const char *const f[FA_NBR_COUNT])
{
	char *local;
	json_t *port;
	int i;

	if (!fa_nxos_nbr_value(f[FA_NBR_LOCAL])) {
		fa_device_warn(device, "%s: a neighbour without a local port", cmd);
		return;
	}
	local = fa_nxos_ifname(f[FA_NBR_LOCAL]);
	port = fa_device_port(device, local);
	if (fa_obj_get_path(port, "lldp")) {
		fa_device_warn(device, "%s: %s: more than one LLDP neighbour; the first is kept",
			       cmd, local);
		free(local);
		return;
	}
	if (!fa_get_str(port, "type"))
		fa_set_str(port, "type", fa_nxos_port_type(local));
	for (i = FA_NBR_CHASSIS; i < FA_NBR_COUNT; i++)
		if (fa_nxos_nbr_value(f[i]))
			fa_set_str(port, fa_nxos_nbr_paths[i], f[i]);
	free(local);
}

static int fa_nxos_lldp_json(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	static const char *const keys[FA_NBR_COUNT] = {
	    [FA_NBR_LOCAL] = "l_port_id", [FA_NBR_CHASSIS] = "chassis_id",
	    [FA_NBR_PORT] = "port_id",	  [FA_NBR_DESC] = "port_desc",
	    [FA_NBR_NAME] = "sys_name",
	};
	json_t *root = NULL, *rows, *row;
	size_t i;
	int r, k;

	r = fa_nxos_json(cap, &root, err);
	if (r)
		return r;
	rows = fa_nxos_rows(root, "nbor_detail");
	if (json_array_size(rows) == 0 && !json_object_get(root, "TABLE_nbor_detail") &&
	    !json_object_get(root, "neigh_count")) {
		json_decref(rows);
		json_decref(root);
		return fa_err_at(err, FA_EPARSE, cap->command, 0, 0, "no TABLE_nbor_detail");
	}
	json_array_foreach(rows, i, row)
	{
		const char *f[FA_NBR_COUNT];

		for (k = 0; k < FA_NBR_COUNT; k++)
			f[k] = json_string_value(json_object_get(row, keys[k]));
		fa_nxos_nbr_set(device, cap->command, f);
	}
	json_decref(rows);
	json_decref(root);
	return 0;
}

static void fa_nxos_nbr_flush(json_t *device, const char *cmd, char *f[FA_NBR_COUNT], bool open)
{
	int k;

	if (open)
		fa_nxos_nbr_set(device, cmd, (const char *const *)f);
	for (k = 0; k < FA_NBR_COUNT; k++) {
		free(f[k]);
		f[k] = NULL;
	}
}

static int fa_nxos_lldp_text(const struct fa_capture *cap, json_t *device)
{
	static const char *const labels[FA_NBR_COUNT] = {
	    [FA_NBR_LOCAL] = "Local Port id: ", [FA_NBR_CHASSIS] = "Chassis id: ",
	    [FA_NBR_PORT] = "Port id: ",	[FA_NBR_DESC] = "Port Description: ",
	    [FA_NBR_NAME] = "System Name: ",
	};
	char *f[FA_NBR_COUNT] = {NULL};
	const char *p = cap->data, *end = cap->data + cap->len;
	bool open = false;
	int k;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
		char *buf = fa_xstrndup(p, len), *line = buf;

		while (len && (line[len - 1] == '\r' || line[len - 1] == ' '))
			line[--len] = '\0';
		while (*line == ' ' || *line == '\t')
			line++;
		if (strncmp(line, labels[FA_NBR_CHASSIS], strlen(labels[FA_NBR_CHASSIS])) == 0) {
			fa_nxos_nbr_flush(device, cap->command, f, open);
			open = true;
		}
		for (k = 0; open && k < FA_NBR_COUNT; k++) {
			size_t l = strlen(labels[k]);

			if (strncmp(line, labels[k], l) == 0 && !f[k]) {
				f[k] = fa_xstrdup(line + l);
				break;
			}
		}
		free(buf);
		p = nl ? nl + 1 : end;
	}
	fa_nxos_nbr_flush(device, cap->command, f, open);
	return 0;
}

int fa_parse_nxos_lldp(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	if (fa_nxos_is_json(cap))
		return fa_nxos_lldp_json(cap, device, err);
	if (!strstr(cap->data, "Chassis id:") && !strstr(cap->data, "Total entries displayed"))
		return fa_err_at(err, FA_EPARSE, cap->command, 0, 0,
				 "not the output of show lldp neighbors detail");
	return fa_nxos_lldp_text(cap, device);
}
