/* SPDX-License-Identifier: MIT */
/*
 * "nv show interface" as a table (NVUE's default output), for captures a user brings:
 *
 *   Interface  State  Speed  MTU    Type      Remote Host      Remote Port  Summary
 *   ---------  -----  -----  -----  --------  ---------------  -----------  -----------------
 *   eth0       up     1G     1500   eth       oob-mgmt-switch  swp10        IP Address: ...
 *                                                                           IP Address: ...
 *
 * The columns changed between 5.x releases (5.0 and 5.1 print "MTU Speed State" and mark each
 * interface's first row with "+ "; later releases print "State", later still "Admin Status"
 * and "Oper Status"), and cells are often empty (no speed on a loopback, no neighbour), so
 * the columns are found by name in the header and cut at the dash runs of the line under it.
 * A row whose name cell is empty continues the interface above (another address).
 *
 * Read: type, MTU, speed, "Admin Status" and "Oper Status", and the LLDP neighbour's system
 * name (Remote Host) and port id (Remote Port: a host's MAC or a switch's port name).  The
 * single "State" column is not read: the documentation does not say whether it is the
 * administrative or the operational state.  A cell NVUE cut short ("…") is not read.
 */
#include "config.h"

#include <string.h>

#include "audit/model.h"
#include "drivers/cumulus/parse-cumulus-int.h"
#include "drivers/cumulus/parse-cumulus.h"
#include "drivers/platform.h"
#include "drivers/text/textscan.h"
#include "drivers/text/units.h"
#include "audit/util/banned.h"

#define FA_CMD_INTERFACE_TEXT "nv show interface"
#define FA_MAX_COLS 16

enum fa_col {
	FA_COL_NAME, FA_COL_ADMIN, FA_COL_OPER, FA_COL_SPEED, FA_COL_MTU, FA_COL_TYPE,
	FA_COL_RHOST, FA_COL_RPORT, FA_COL_OTHER,
};

static const char *const fa_col_names[] = {
	[FA_COL_NAME] = "Interface",	[FA_COL_ADMIN] = "Admin Status",
	[FA_COL_OPER] = "Oper Status",	[FA_COL_SPEED] = "Speed",
	[FA_COL_MTU] = "MTU",		[FA_COL_TYPE] = "Type",
	[FA_COL_RHOST] = "Remote Host", [FA_COL_RPORT] = "Remote Port",
};

struct fa_table {
	size_t ncols;
	size_t start[FA_MAX_COLS];
	enum fa_col kind[FA_MAX_COLS];
};

/* A separator line: dashes (NVUE ends a cut column with "…"), in runs between blanks. */
static bool fa_is_rule(struct fa_textscan_span l)
{
	size_t i;
	bool dash = false;

	for (i = 0; i < l.len; i++) {
		if (l.ptr[i] == '-')
			dash = true;
		else if (l.ptr[i] != ' ' && (unsigned char)l.ptr[i] < 0x80)
			return false;
	}
	return dash;
}

/* Cell @i of @line: from its column's start to the next one's, trimmed. */
static struct fa_textscan_span fa_cell(const struct fa_table *t, struct fa_textscan_span line,
				       size_t i)
{
	return fa_textscan_cut(line, t->start[i], i + 1 < t->ncols ? t->start[i + 1] : line.len);
}

/* Columns from the header @head and the rule @rule under it; false without an Interface one. */
static bool fa_table_columns(struct fa_table *t, struct fa_textscan_span head,
			     struct fa_textscan_span rule)
{
	size_t i, k;

	t->ncols = 0;
	for (i = 0; i < rule.len && t->ncols < FA_MAX_COLS; i++)
		if (rule.ptr[i] == '-' && (i == 0 || rule.ptr[i - 1] == ' '))
			t->start[t->ncols++] = i;
	for (i = 0; i < t->ncols; i++) {
		struct fa_textscan_span name = fa_cell(t, head, i);

		t->kind[i] = FA_COL_OTHER;
		for (k = 0; k < FA_COL_OTHER; k++)
			if (fa_textscan_eq(name, fa_col_names[k]))
				t->kind[i] = (enum fa_col)k;
	}
	return t->ncols > 0 && t->kind[0] == FA_COL_NAME;
}

static void fa_row(json_t *device, const struct fa_table *t, struct fa_textscan_span line,
		   const char *cmd)
{
	struct fa_textscan_span name = fa_cell(t, line, 0), c;
	char ifname[128], val[128];
	json_t *port;
	int64_t n;
	size_t i;

	/* 5.0 and 5.1 mark an interface's first row with "+ " */
	if (name.len >= 2 && name.ptr[0] == '+' && name.ptr[1] == ' ') {
		name.ptr += 2;
		name.len -= 2;
	}
	if (!name.len)
		return;
	if (!fa_textscan_copy(name, ifname, sizeof(ifname))) {
		fa_device_warn(device, "%s: an interface name is too long", cmd);
		return;
	}
	port = fa_device_port(device, ifname);
	for (i = 1; i < t->ncols; i++) {
		c = fa_cell(t, line, i);
		if (!c.len || t->kind[i] == FA_COL_OTHER)
			continue;
		if (!fa_textscan_copy(c, val, sizeof(val)) || strstr(val, "\xe2\x80\xa6")) {
			fa_device_warn(device, "%s: %s: a cut %s is not read", cmd, ifname,
				       fa_col_names[t->kind[i]]);
			continue;
		}
		switch (t->kind[i]) {
		case FA_COL_ADMIN:
		case FA_COL_OPER:
			if (strcmp(val, "up") == 0 || strcmp(val, "down") == 0 ||
			    (t->kind[i] == FA_COL_OPER && strcmp(val, "unknown") == 0))
				fa_set_str(port, t->kind[i] == FA_COL_ADMIN ? "admin_state" :
									       "oper_state", val);
			else
				fa_device_warn(device, "%s: %s: unknown state \"%s\"", cmd, ifname,
					       val);
			break;
		case FA_COL_SPEED:
			if (fa_parse_speed(val, 1000000, &n) && n > 0)
				fa_set_int(port, "speed", n);
			else
				fa_device_warn(device, "%s: %s: speed \"%s\"", cmd, ifname, val);
			break;
		case FA_COL_MTU:
			if (fa_parse_int(val, &n) && n > 0)
				fa_set_int(port, "mtu", n);
			else
				fa_device_warn(device, "%s: %s: MTU \"%s\"", cmd, ifname, val);
			break;
		case FA_COL_TYPE:
			if (fa_cumulus_type(val)) {
				fa_set_str(port, "type", fa_cumulus_type(val));
			} else {
				fa_set_str(port, "type", "other");
				fa_device_warn(device, "%s: %s: unknown interface type \"%s\"", cmd,
					       ifname, val);
			}
			break;
		case FA_COL_RHOST:
			fa_set_str(port, "lldp.system_name", val);
			break;
		case FA_COL_RPORT:
			fa_set_str(port, "lldp.port_id", val);
			break;
		default:
			break;
		}
	}
}

int fa_parse_cumulus_interface_text(const struct fa_capture *cap, json_t *device,
				    struct fa_err *err)
{
	const char *cmd = fa_cumulus_cmd(cap, FA_CMD_INTERFACE_TEXT);
	struct fa_textscan_span line, head = { NULL, 0 };
	struct fa_textscan ts;
	struct fa_table t = { 0 };
	bool in_table = false;
	size_t rows = 0;

	fa_textscan_init(&ts, cap->data ? cap->data : "", cap->data ? cap->len : 0);
	while (fa_textscan_next(&ts, &line)) {
		if (fa_textscan_is_blank(line))
			continue;
		if (!in_table) {
			if (head.ptr && fa_is_rule(line) && fa_table_columns(&t, head, line)) {
				in_table = true;
				continue;
			}
			head = line;
			if (!fa_textscan_starts(line, "Interface "))
				head.ptr = NULL;
			continue;
		}
		fa_row(device, &t, line, cmd);
		rows++;
	}
	if (!in_table) {
		fa_textscan_init(&ts, cap->data ? cap->data : "", cap->data ? cap->len : 0);
		if (!fa_textscan_next(&ts, &line))
			return fa_err_set(err, FA_EPARSE, "%s: empty output", cmd);
		return fa_err_set(err, FA_EPARSE,
				  "%s: no interface table (an \"Interface\" header over a dashed "
				  "line); line 1: %.*s",
				  cmd, (int)(line.len < 120 ? line.len : 120), line.ptr);
	}
	return rows ? 0 : FA_PARSED_EMPTY;
}
