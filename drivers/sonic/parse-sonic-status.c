/* SPDX-License-Identifier: MIT */
/*
 * SONiC "show interfaces status" into the model: operational state, speed, MTU, FEC.
 *
 * The table is printed by tabulate: a title line, a line of dash runs, then one row per
 * interface.  Values may contain single spaces ("QSFP28 or later") and are aligned inside
 * their column, so the dash runs give each column's exact span and a cell is the text inside
 * it.  Columns are found by title, since releases add and drop them (FEC, Type, Asym PFC).
 * "N/A" means the device does not know, and sets nothing.
 */
#include "config.h"

#include <ctype.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/sonic/parse-sonic.h"
#include "drivers/text/units.h"
#include "audit/util/banned.h"

#define FA_STATUS_CMD "show interfaces status"
#define FA_MAXCOL 24

struct fa_col {
	size_t start, end; /* [start, end) in the line */
};

enum fa_status_col { FA_C_NAME, FA_C_SPEED, FA_C_MTU, FA_C_FEC, FA_C_OPER, FA_C_ADMIN, FA_C_N };

static const char *const fa_col_titles[FA_C_N] = {
    [FA_C_NAME] = "Interface", [FA_C_SPEED] = "Speed", [FA_C_MTU] = "MTU",
    [FA_C_FEC] = "FEC",	       [FA_C_OPER] = "Oper",   [FA_C_ADMIN] = "Admin",
};

/* Copy the trimmed cell [start, end) of @line (length @len) into @out. */
static void fa_cell(const char *line, size_t len, const struct fa_col *c, char *out, size_t size)
{
	size_t s = c->start, e = c->end < len ? c->end : len, n;

	out[0] = '\0';
	if (s >= e)
		return;
	while (s < e && line[s] == ' ')
		s++;
	while (e > s && (line[e - 1] == ' ' || line[e - 1] == '\r'))
		e--;
	n = e - s < size - 1 ? e - s : size - 1;
	memcpy(out, line + s, n);
	out[n] = '\0';
}

/* The dash runs of @line; 0 when the line is not made of dashes and spaces only. */
static size_t fa_dash_cols(const char *line, size_t len, struct fa_col *cols)
{
	size_t i = 0, n = 0;

	while (i < len) {
		if (line[i] == ' ' || line[i] == '\r') {
			i++;
			continue;
		}
		if (line[i] != '-' || n == FA_MAXCOL)
			return 0;
		cols[n].start = i;
		while (i < len && line[i] == '-')
			i++;
		cols[n++].end = i;
	}
	return n;
}

static const char *fa_oper_state(const char *s)
{
	static const char *const known[] = {"up",	  "down",	    "dormant", "testing",
					    "notpresent", "lowerlayerdown", "unknown"};
	size_t i;

	for (i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (strcmp(s, known[i]) == 0)
			return known[i];
	return NULL;
}

static void fa_status_row(json_t *device, const char *line, size_t len, const struct fa_col *cols,
			  const int *idx)
{
	char v[FA_C_N][64];
	json_t *p;
	int64_t n;
	int c;

	for (c = 0; c < FA_C_N; c++) {
		v[c][0] = '\0';
		if (idx[c] >= 0)
			fa_cell(line, len, &cols[idx[c]], v[c], sizeof(v[c]));
	}
	if (!v[FA_C_NAME][0] || strchr(v[FA_C_NAME], ' ')) {
		fa_device_warn(device, FA_STATUS_CMD ": row not understood: %.*s",
			       (int)(len > 120 ? 120 : len), line);
		return;
	}
	p = fa_device_port(device, v[FA_C_NAME]);
	if (!json_object_get(p, "type")) {
		if (strncmp(v[FA_C_NAME], "PortChannel", 11) == 0)
			fa_set_str(p, "type", "bond");
		else if (strncmp(v[FA_C_NAME], "Ethernet", 8) == 0)
			fa_set_str(p, "type", "ethernet");
	}
	if (v[FA_C_OPER][0] && strcmp(v[FA_C_OPER], "N/A") != 0) {
		const char *st = fa_oper_state(v[FA_C_OPER]);

		if (st)
			fa_set_str(p, "oper_state", st);
		else
			fa_device_warn(device, FA_STATUS_CMD ": %s: oper state '%s' not understood",
				       v[FA_C_NAME], v[FA_C_OPER]);
	}
	if (v[FA_C_ADMIN][0] && strcmp(v[FA_C_ADMIN], "N/A") != 0) {
		if (!strcmp(v[FA_C_ADMIN], "up") || !strcmp(v[FA_C_ADMIN], "down"))
			fa_set_str(p, "admin_state", v[FA_C_ADMIN]);
		else
			fa_device_warn(device,
				       FA_STATUS_CMD ": %s: admin state '%s' not understood",
				       v[FA_C_NAME], v[FA_C_ADMIN]);
	}
	if (v[FA_C_SPEED][0] && strcmp(v[FA_C_SPEED], "N/A") != 0) {
		if (fa_parse_speed(v[FA_C_SPEED], 1000000, &n) && n > 0)
			fa_set_int(p, "speed", n);
		else
			fa_device_warn(device, FA_STATUS_CMD ": %s: speed '%s' not understood",
				       v[FA_C_NAME], v[FA_C_SPEED]);
	}
	if (v[FA_C_MTU][0] && strcmp(v[FA_C_MTU], "N/A") != 0) {
		if (fa_parse_int(v[FA_C_MTU], &n) && n > 0)
			fa_set_int(p, "mtu", n);
		else
			fa_device_warn(device, FA_STATUS_CMD ": %s: MTU '%s' not understood",
				       v[FA_C_NAME], v[FA_C_MTU]);
	}
	if (v[FA_C_FEC][0] && strcmp(v[FA_C_FEC], "N/A") != 0) {
		if (!strcmp(v[FA_C_FEC], "rs") || !strcmp(v[FA_C_FEC], "auto"))
			fa_set_str(p, "fec", v[FA_C_FEC]);
		else if (!strcmp(v[FA_C_FEC], "fc"))
			fa_set_str(p, "fec", "baser");
		else if (!strcmp(v[FA_C_FEC], "none"))
			fa_set_str(p, "fec", "off");
		else
			fa_device_warn(device, FA_STATUS_CMD ": %s: FEC '%s' not understood",
				       v[FA_C_NAME], v[FA_C_FEC]);
	}
}

int fa_parse_sonic_status(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *p = cap->data, *end = cap->data + strlen(cap->data);
	const char *title = NULL;
	size_t title_len = 0, ncols = 0;
	struct fa_col cols[FA_MAXCOL];
	int idx[FA_C_N];
	int c;

	for (c = 0; c < FA_C_N; c++)
		idx[c] = -1;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
		const char *next = nl ? nl + 1 : end;

		if (!ncols) {
			size_t n = fa_dash_cols(p, len, cols);

			if (n && title) {
				size_t i;

				ncols = n;
				for (i = 0; i < ncols; i++) {
					char t[64];

					fa_cell(title, title_len, &cols[i], t, sizeof(t));
					for (c = 0; c < FA_C_N; c++)
						if (strcmp(t, fa_col_titles[c]) == 0)
							idx[c] = (int)i;
				}
				if (idx[FA_C_NAME] < 0)
					return fa_err_set(err, FA_EPARSE,
							  FA_STATUS_CMD ": no 'Interface' column");
			} else if (len) {
				title = p;
				title_len = len;
			}
		} else {
			size_t k = 0;

			while (k < len && isspace((unsigned char)p[k]))
				k++;
			if (k < len)
				fa_status_row(device, p, len, cols, idx);
		}
		p = next;
	}
	if (!ncols)
		return fa_err_set(err, FA_EPARSE, FA_STATUS_CMD ": no table found");
	return 0;
}
