/* SPDX-License-Identifier: MIT */
/*
 * SONiC "show pfc priority" and "show pfc asymmetric" (the pfc CLI, sonic-utilities
 * pfc/main.py) into the model's PFC fields.  Both print a tabulate table, one per ASIC
 * namespace on multi-ASIC systems:
 *
 *   Interface    Lossless priorities          Interface    Asymmetric
 *   -----------  ---------------------        -----------  ------------
 *   Ethernet0    3,4                          Ethernet0    off
 *
 * "show pfc priority" lists the PORT_QOS_MAP entries with their pfc_enable, "N/A" when the
 * entry has none (PFC off, as the running configuration reads it); "global" is the switch-wide
 * map, not a port; old releases key one entry by several ports ("Ethernet0,Ethernet4").
 * "show pfc asymmetric" lists PORT pfc_asym, "N/A" when unset, which orchagent treats as
 * "off".  The directions follow fa_port_pfc_dirs in parse-sonic-config.c: "off" makes
 * qos.pfc_rx and qos.pfc_tx the port's qos.pfc_enabled, "on" obeys received PFC frames on all
 * eight priorities and sends them on qos.pfc_enabled.  So what needs qos.pfc_enabled is
 * written only when the port already has it (the running configuration or "show pfc
 * priority" read before).
 */
#include "config.h"

#include <string.h>

#include "audit/model.h"
#include "drivers/platform.h"
#include "drivers/sonic/parse-sonic.h"
#include "drivers/sonic/parse-sonic-table.h"
#include "audit/util/banned.h"

#define FA_PRIO_CMD "show pfc priority"
#define FA_ASYM_CMD "show pfc asymmetric"

struct fa_pfc_ctx {
	json_t *device;
	const char *cmd;
	const char *value_title; /* "Lossless priorities" or "Asymmetric" */
	int name_col, value_col;
	size_t tables;		 /* tables of this command (others are warned about) */
	size_t rows;
};

static void fa_pfc_row_warn(struct fa_pfc_ctx *c, const char *row, size_t len)
{
	fa_device_warn(c->device, "%s: row not understood: %.*s", c->cmd,
		       (int)(len > 120 ? 120 : len), row);
}

/* "3,4" (or "" / "N/A": none) into a sorted priority list; NULL when not a list. */
static json_t *fa_prio_list(const char *s)
{
	bool seen[8] = {false};
	json_t *arr;
	int i;

	if (strcmp(s, "N/A") == 0)
		s = "";
	while (*s) {
		if (s[0] < '0' || s[0] > '7' || (s[1] && s[1] != ','))
			return NULL;
		seen[s[0] - '0'] = true;
		s += s[1] ? 2 : 1;
	}
	arr = json_array();
	for (i = 0; i < 8; i++)
		if (seen[i])
			json_array_append_new(arr, json_integer(i));
	return arr;
}

/* qos.pfc_rx and qos.pfc_tx of @port from its pfc_asym @mode ("on", "off"). */
static void fa_pfc_dirs(json_t *port, bool on)
{
	json_t *en = fa_obj_get_path(port, "qos.pfc_enabled"), *rx;
	int i;

	if (on) {
		rx = json_array();
		for (i = 0; i < 8; i++)
			json_array_append_new(rx, json_integer(i));
		fa_set(port, "qos.pfc_rx", rx);
	} else if (json_is_array(en)) {
		fa_set(port, "qos.pfc_rx", json_deep_copy(en));
	}
	if (json_is_array(en))
		fa_set(port, "qos.pfc_tx", json_deep_copy(en));
}

/* One row: @name may list several ports (old PORT_QOS_MAP keys). */
static void fa_pfc_row(struct fa_pfc_ctx *c, const char *name, const char *value, const char *row,
		       size_t len)
{
	bool prio = c->value_title[0] == 'L';
	json_t *list = NULL;
	bool on = false;
	const char *p = name;

	if (prio) {
		list = fa_prio_list(value);
		if (!list) {
			fa_device_warn(c->device, "%s: %s: '%s' is not a list of priorities",
				       c->cmd, name, value);
			return;
		}
	} else if (strcmp(value, "on") == 0) {
		on = true;
	} else if (strcmp(value, "off") != 0 && strcmp(value, "N/A") != 0) {
		fa_device_warn(c->device, "%s: %s: '%s' is neither on nor off", c->cmd, name,
			       value);
		return;
	}
	if (prio && strcmp(name, "global") == 0) {
		json_decref(list);
		return;
	}
	while (*p) {
		const char *comma = strchr(p, ',');
		size_t n = comma ? (size_t)(comma - p) : strlen(p);
		char port[64];

		if (!n || n >= sizeof(port)) {
			fa_pfc_row_warn(c, row, len);
			break;
		}
		memcpy(port, p, n);
		port[n] = '\0';
		if (prio)
			fa_set(fa_device_port(c->device, port), "qos.pfc_enabled",
			       json_deep_copy(list));
		else
			fa_pfc_dirs(fa_device_port(c->device, port), on);
		p = comma ? comma + 1 : p + n;
	}
	json_decref(list);
}

static bool fa_pfc_table(void *ctx, const struct fa_sonic_table *t, const char *row, size_t len)
{
	struct fa_pfc_ctx *c = ctx;
	char name[256], value[64];

	if (!row) {
		c->name_col = fa_sonic_col(t, "Interface");
		c->value_col = fa_sonic_col(t, c->value_title);
		if (c->name_col < 0 || c->value_col < 0 || t->ncols != 2) {
			fa_device_warn(c->device, "%s: table '%.*s' not understood", c->cmd,
				       (int)(t->title_len > 120 ? 120 : t->title_len), t->title);
			return false;
		}
		c->tables++;
		return true;
	}
	c->rows++;
	fa_sonic_cell(t, c->name_col, row, len, name, sizeof(name));
	fa_sonic_cell(t, c->value_col, row, len, value, sizeof(value));
	if (!name[0] || strchr(name, ' ') || strchr(value, ' ')) {
		fa_pfc_row_warn(c, row, len);
		return true;
	}
	fa_pfc_row(c, name, value, row, len);
	return true;
}

static int fa_parse_pfc_table(const struct fa_capture *cap, json_t *device, struct fa_err *err,
			      const char *cmd, const char *value_title)
{
	struct fa_pfc_ctx c = {device, cmd, value_title, -1, -1, 0, 0};

	fa_sonic_tables(cap->data, fa_pfc_table, &c);
	if (!c.tables) {
		/* name the output's first line: "Cannot find interface Ethernet1234" */
		const char *s = cap->data + strspn(cap->data, "\n");
		size_t n = strcspn(s, "\n");

		return fa_err_set(err, FA_EPARSE, "%s: no '%s' table: %.*s", cmd, value_title,
				  (int)(n > 120 ? 120 : n), s);
	}
	return c.rows ? 0 : FA_PARSED_EMPTY;
}

int fa_parse_sonic_pfc_priority(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	return fa_parse_pfc_table(cap, device, err, FA_PRIO_CMD, "Lossless priorities");
}

int fa_parse_sonic_pfc_asym(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	return fa_parse_pfc_table(cap, device, err, FA_ASYM_CMD, "Asymmetric");
}
