/* SPDX-License-Identifier: MIT */
/*
 * "show lldp remote": one row per neighbour, in fixed columns.
 *
 *   Local Interface      Device ID            Port ID              System Name
 *   Eth1/31              f8:bc:aa:bb:cc:e0    fortyGigE 0/52       LIN-ND3-DS5000
 *
 * Values may contain blanks ("fortyGigE 0/52", "Not Advertised"), so columns are cut where
 * the header's titles start, not at blanks.  "Device ID" is the neighbour's chassis ID.
 * "Not Advertised" means the TLV was not sent.  One neighbour per port is kept.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "audit/util/xalloc.h"
#include "drivers/onyx/parse-onyx.h"
#include "audit/util/banned.h"

struct fa_onyx_cols {
	size_t dev, port, sys;
};

/* The text between @from and @to of @line, trimmed; new string or NULL when empty. */
static char *fa_onyx_cut(const char *line, size_t from, size_t to)
{
	size_t len = strlen(line);

	if (from >= len)
		return NULL;
	if (to > len)
		to = len;
	while (from < to && line[from] == ' ')
		from++;
	while (to > from && line[to - 1] == ' ')
		to--;
	return to > from ? fa_xstrndup(line + from, to - from) : NULL;
}

static void fa_onyx_lldp_row(json_t *device, const char *cmd, const struct fa_onyx_cols *c,
			     const char *line)
{
	char *local = fa_onyx_cut(line, 0, c->dev);
	char *chassis = fa_onyx_cut(line, c->dev, c->port);
	char *pid = fa_onyx_cut(line, c->port, c->sys);
	char *sys = fa_onyx_cut(line, c->sys, (size_t)-1);
	json_t *port;

	if (!local || !fa_onyx_is_port_name(local)) {
		fa_device_warn(device, "%s: line not understood: '%s'", cmd, line);
		goto out;
	}
	port = fa_device_port(device, local);
	/* lldp.receive / lldp.transmit ("show lldp interfaces") are not a neighbour. */
	if (fa_obj_get_path(port, "lldp.chassis_id") || fa_obj_get_path(port, "lldp.port_id") ||
	    fa_obj_get_path(port, "lldp.system_name")) {
		fa_device_warn(device, "%s: %s: more than one LLDP neighbour; the first is kept",
			       cmd, local);
		goto out;
	}
	if (!fa_get_str(port, "type"))
		fa_set_str(port, "type", fa_onyx_port_type(local));
	if (chassis && !fa_onyx_is_na(chassis))
		fa_set_str(port, "lldp.chassis_id", chassis);
	if (pid && !fa_onyx_is_na(pid))
		fa_set_str(port, "lldp.port_id", pid);
	if (sys && !fa_onyx_is_na(sys))
		fa_set_str(port, "lldp.system_name", sys);
out:
	free(local);
	free(chassis);
	free(pid);
	free(sys);
}

int fa_parse_onyx_lldp(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	struct fa_onyx_cols cols = {0, 0, 0};
	struct fa_onyx_lines it;
	bool header = false;
	char *line;
	int r = 0;

	fa_onyx_lines_init(&it, cap);
	while ((line = fa_onyx_lines_next(&it))) {
		const char *d, *p, *s;

		if (fa_onyx_is_error(line)) {
			r = fa_err_at(err, FA_EPARSE, cap->command, 0, 0, "device error: %s", line);
			free(line);
			return r;
		}
		if (!*line || line[0] == '-' || fa_onyx_is_prompt(line, NULL)) {
			/* blank, rule, prompt */
		} else if (strncmp(line, "Local Interface", 15) == 0 &&
			   (d = strstr(line, "Device ID")) && (p = strstr(line, "Port ID")) &&
			   (s = strstr(line, "System Name")) && d < p && p < s) {
			cols.dev = (size_t)(d - line);
			cols.port = (size_t)(p - line);
			cols.sys = (size_t)(s - line);
			header = true;
		} else if (header) {
			fa_onyx_lldp_row(device, cap->command, &cols, line);
		} else {
			fa_device_warn(device, "%s: line not understood: '%s'", cap->command, line);
		}
		free(line);
	}
	if (!header)
		return fa_err_at(err, FA_EPARSE, cap->command, 0, 0,
				 "no 'Local Interface ... System Name' table header");
	return 0;
}
