/* SPDX-License-Identifier: MIT */
/*
 * "show interface | json" (NX-API) and the plain "show interface" text.
 *
 * JSON rows are physical/management ports ("admin_state", "state", "eth_*") or SVIs
 * ("svi_admin_state", "svi_line_proto", "svi_*").  "eth_bw"/"svi_bw" is the configured
 * bandwidth used by routing protocols, not the link speed, so it never fills "speed";
 * "eth_speed" does ("1000 Mb/s"; "auto-speed" on a port without link means no speed).
 * The "eth_" counters become port counters (docs/health.md): inbytes/outbytes rx_/tx_bytes,
 * crc crc_errors, inerr/outerr rx_/tx_errors, indiscard/outdiscard rx_/tx_discards.
 *
 * The text form is one block per interface:
 *
 *   Ethernet1/1 is up
 *   admin state is up, Dedicated Interface
 *     Hardware: 1000/10000 Ethernet, address: 5087.89a1.d8d6 (bia 5087.89a1.d8d6)
 *     MTU 1500 bytes, BW 10000000 Kbit, DLY 10 usec
 *     full-duplex, 10 Gb/s, media type is 10G
 *     Auto-Negotiation is turned on
 *
 * Releases without the "admin state" line (and SVIs on every release) say "is down
 * (Administratively down)" for a port shut by configuration; a port that "is up" is
 * administratively up as well.  Any other reason leaves the admin state absent.  Some
 * releases glue an SVI's next line onto its description ("Description: x  MTU 9216 bytes",
 * "Description: x Internet Address is 10.10.10.1/24").
 * Counter and rate lines are read and ignored.
 */
#include "config.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "audit/model.h"
#include "audit/util/xalloc.h"
#include "drivers/nxos/parse-nxos.h"
#include "drivers/text/mac.h"
#include "drivers/text/units.h"
#include "drivers/text/jsoneach.h"
#include "audit/util/banned.h"

/* A JSON string or integer as text in @buf; NULL when absent or of another type. */
static const char *fa_nxos_text(const json_t *row, const char *key, char *buf, size_t size)
{
	json_t *v = json_object_get(row, key);

	if (json_is_string(v))
		return json_string_value(v);
	if (json_is_integer(v)) {
		snprintf(buf, size, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
		return buf;
	}
	return NULL;
}

static void fa_nxos_state(json_t *device, json_t *port, const char *cmd, const char *name,
			  const char *field, const char *v)
{
	if (strcmp(v, "up") == 0 || strcmp(v, "down") == 0)
		fa_set_str(port, field, v);
	else
		fa_device_warn(device, "%s: %s: unknown %s '%s'", cmd, name, field, v);
}

static void fa_nxos_mtu(json_t *device, json_t *port, const char *cmd, const char *name,
			const char *v)
{
	int64_t n;

	if (fa_parse_int(v, &n) && n > 0)
		fa_set_int(port, "mtu", n);
	else
		fa_device_warn(device, "%s: %s: unknown MTU '%s'", cmd, name, v);
}

static void fa_nxos_speed(json_t *device, json_t *port, const char *cmd, const char *name,
			  const char *v)
{
	int64_t n;

	while (isspace((unsigned char)*v))
		v++;
	if (strncmp(v, "auto", 4) == 0)
		return;
	if (fa_parse_speed(v, 1000000, &n) && n > 0)
		fa_set_int(port, "speed", n);
	else
		fa_device_warn(device, "%s: %s: unknown speed '%s'", cmd, name, v);
}

/* The row's "eth_" counters that have a model counter; a value that is no count warns. */
static void fa_nxos_json_counters(json_t *device, json_t *port, const char *cmd,
				  const char *name, const json_t *row)
{
	static const struct {
		const char *key, *counter;
	} map[] = {
		{ "eth_inbytes", "counters.rx_bytes" },	    { "eth_outbytes", "counters.tx_bytes" },
		{ "eth_crc", "counters.crc_errors" },	    { "eth_inerr", "counters.rx_errors" },
		{ "eth_outerr", "counters.tx_errors" },	    { "eth_indiscard", "counters.rx_discards" },
		{ "eth_outdiscard", "counters.tx_discards" },
	};
	size_t i;

	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
		char buf[32];
		const char *v = fa_nxos_text(row, map[i].key, buf, sizeof(buf));
		int64_t n;

		if (!v)
			continue;
		if (fa_parse_int(v, &n) && n >= 0)
			fa_set_int(port, map[i].counter, n);
		else
			fa_device_warn(device, "%s: %s: %s '%s' is not a counter value", cmd, name,
				       map[i].key, v);
	}
}

static void fa_nxos_json_row(json_t *device, const char *cmd, const json_t *row)
{
	const char *name = json_string_value(json_object_get(row, "interface"));
	const char *v;
	char buf[32];
	json_t *port;
	bool svi;

	if (!name || !*name) {
		fa_device_warn(device, "%s: a row without an interface name", cmd);
		return;
	}
	port = fa_device_port(device, name);
	fa_set_str(port, "type", fa_nxos_port_type(name));
	svi = json_object_get(row, "svi_admin_state") != NULL;
	if ((v = fa_nxos_text(row, svi ? "svi_admin_state" : "admin_state", buf, sizeof(buf))))
		fa_nxos_state(device, port, cmd, name, "admin_state", v);
	if ((v = fa_nxos_text(row, svi ? "svi_line_proto" : "state", buf, sizeof(buf))))
		fa_nxos_state(device, port, cmd, name, "oper_state", v);
	if ((v = fa_nxos_text(row, svi ? "svi_mtu" : "eth_mtu", buf, sizeof(buf))))
		fa_nxos_mtu(device, port, cmd, name, v);
	if ((v = fa_nxos_text(row, "eth_speed", buf, sizeof(buf))))
		fa_nxos_speed(device, port, cmd, name, v);
	if ((v = fa_nxos_text(row, "eth_autoneg", buf, sizeof(buf)))) {
		if (strcmp(v, "on") == 0 || strcmp(v, "off") == 0)
			fa_set_bool(port, "autoneg", strcmp(v, "on") == 0);
		else
			fa_device_warn(device, "%s: %s: unknown auto-negotiation '%s'", cmd, name,
				       v);
	}
	if ((v = fa_nxos_text(row, svi ? "svi_mac" : "eth_hw_addr", buf, sizeof(buf))))
		fa_set_mac(port, v);
	if ((v = fa_nxos_text(row, svi ? "svi_desc" : "desc", buf, sizeof(buf))) && *v)
		fa_set_str(port, "description", v);
	if (!svi)
		fa_nxos_json_counters(device, port, cmd, name, row);
}

struct fa_nxos_each_row {
	json_t *device;
	const char *cmd;
};

static int fa_nxos_each_row(void *ctx, const char *key, size_t index, json_t *row,
			    struct fa_err *err)
{
	struct fa_nxos_each_row *e = ctx;

	(void)index;
	(void)err;
	if (!key && json_is_object(row))	/* a one-row object is read whole, below */
		fa_nxos_json_row(e->device, e->cmd, row);
	return 0;
}

static int fa_nxos_interface_json(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	struct fa_nxos_each_row e = { device, cap->command };
	enum fa_json_each_kind kind = FA_JSON_EACH_MISSING;
	json_t *root = NULL, *rows, *row;
	json_error_t jerr;
	size_t i;
	int r;

	/* The usual shape, a list of rows, is read a row at a time (no jansson tree of the
	 * whole output); an NX-API envelope, one row, row groups or a fault: whole, below. */
	r = fa_json_each_in(cap->data, cap->len, "TABLE_interface/ROW_interface",
			    JSON_REJECT_DUPLICATES, fa_nxos_each_row, &e, &kind, &jerr, err);
	if (r == 0 && kind == FA_JSON_EACH_ARRAY)
		return 0;
	if (r < 0 && r != -FA_EPARSE)
		return r;
	r = fa_nxos_json(cap, &root, err);
	if (r)
		return r;
	if (!json_object_get(root, "TABLE_interface")) {
		json_decref(root);
		return fa_err_at(err, FA_EPARSE, cap->command, 0, 0, "no TABLE_interface");
	}
	rows = fa_nxos_rows(root, "interface");
	json_array_foreach(rows, i, row) fa_nxos_json_row(device, cap->command, row);
	json_decref(rows);
	json_decref(root);
	return 0;
}

/* ---- text ---------------------------------------------------------------------------- */

struct fa_nxos_text_port {
	json_t *port;
	char *name;
	bool admin_seen;
	bool admin_down_reason;
	bool oper_up;
};

/*
 * "Ethernet1/1 is up" / "Vlan20 is down (VLAN/BD is down), line protocol is down", also
 * indented as captures pasted from a terminal session come ("      mgmt0 is up").
 */
static bool fa_nxos_header(const char *line, size_t len, char **ret_name, const char **ret_rest)
{
	size_t i = 0, d;

	while (len && (*line == ' ' || *line == '\t')) {
		line++;
		len--;
	}
	if (len == 0 || !isalpha((unsigned char)line[0]))
		return false;
	while (i < len && !isspace((unsigned char)line[i]))
		i++;
	if (i + 4 > len || strncmp(line + i, " is ", 4) != 0)
		return false;
	/* every interface name has a number (mgmt0, Ethernet1/1, Vlan20): "This is ..." is text */
	for (d = 0; d < i && !isdigit((unsigned char)line[d]); d++)
		;
	if (d == i)
		return false;
	*ret_name = fa_xstrndup(line, i);
	*ret_rest = line + i + 4;
	return true;
}

static void fa_nxos_text_finish(json_t *device, struct fa_nxos_text_port *cur)
{
	if (cur->port && !cur->admin_seen && cur->admin_down_reason)
		fa_set_str(cur->port, "admin_state", "down");
	else if (cur->port && !cur->admin_seen && cur->oper_up)
		fa_set_str(cur->port, "admin_state", "up");
	free(cur->name);
	memset(cur, 0, sizeof(*cur));
	(void)device;
}

/* Where the next line starts when a release glues it onto the description line. */
static const char *fa_nxos_glued(const char *desc)
{
	/* "Description: VLAN information Internet Address is 10.10.10.1/24": one space too */
	static const char *const next[] = {"  MTU ", " Internet Address is "};
	const char *best = NULL, *g;
	size_t i;

	for (i = 0; i < sizeof(next) / sizeof(next[0]); i++)
		if ((g = strstr(desc, next[i])) && (!best || g < best))
			best = g;
	return best;
}

static void fa_nxos_text_line(json_t *device, const char *cmd, struct fa_nxos_text_port *cur,
			      const char *line)
{
	const char *p = line, *q;
	char *word;

	while (*p == ' ' || *p == '\t')
		p++;
	if (strncmp(p, "admin state is ", 15) == 0) {
		q = p + 15;
		word = fa_xstrndup(q, strcspn(q, ", "));
		fa_nxos_state(device, cur->port, cmd, cur->name, "admin_state", word);
		cur->admin_seen = true;
		free(word);
	} else if (strncmp(p, "Hardware", 8) == 0 &&
		   ((q = strstr(p, "address: ")) || (q = strstr(p, "address is ")))) {
		q += q[7] == ':' ? 8 : 10;
		while (*q == ' ')
			q++;
		word = fa_xstrndup(q, strcspn(q, " ,("));
		fa_set_mac(cur->port, word);
		free(word);
	} else if (strncmp(p, "Description: ", 13) == 0) {
		const char *glued = fa_nxos_glued(p + 13);
		size_t n = glued ? (size_t)(glued - p - 13) : strlen(p + 13);

		while (n && p[13 + n - 1] == ' ')
			n--;
		if (n)
			fa_set_strn(cur->port, "description", p + 13, n);
		if (glued)
			fa_nxos_text_line(device, cmd, cur, glued + 1);
	} else if (strncmp(p, "MTU ", 4) == 0) {
		word = fa_xstrndup(p + 4, strcspn(p + 4, " "));
		fa_nxos_mtu(device, cur->port, cmd, cur->name, word);
		free(word);
	} else if (strncmp(p, "full-duplex, ", 13) == 0 || strncmp(p, "half-duplex, ", 13) == 0 ||
		   strncmp(p, "auto-duplex, ", 13) == 0) {
		q = p + 13;
		word = fa_xstrndup(q, strcspn(q, ","));
		fa_nxos_speed(device, cur->port, cmd, cur->name, word);
		free(word);
	} else if (strncmp(p, "Auto-Negotiation is turned ", 27) == 0) {
		q = p + 27;
		if (strncmp(q, "on", 2) == 0 || strncmp(q, "off", 3) == 0)
			fa_set_bool(cur->port, "autoneg", q[1] == 'n');
		else
			fa_device_warn(device, "%s: %s: unknown auto-negotiation '%s'", cmd,
				       cur->name, q);
	}
}

static int fa_nxos_interface_text(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	struct fa_nxos_text_port cur = {NULL, NULL, false, false, false};
	const char *p = cap->data, *end = cap->data + cap->len;
	int nports = 0;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
		char *line = fa_xstrndup(p, len), *name = NULL;
		const char *rest;

		while (len && (line[len - 1] == '\r' || line[len - 1] == ' '))
			line[--len] = '\0';
		if (fa_nxos_header(line, len, &name, &rest)) {
			char *state;

			fa_nxos_text_finish(device, &cur);
			cur.name = name;
			cur.port = fa_device_port(device, name);
			fa_set_str(cur.port, "type", fa_nxos_port_type(name));
			state = fa_xstrndup(rest, strcspn(rest, " ,("));
			fa_nxos_state(device, cur.port, cap->command, name, "oper_state", state);
			free(state);
			cur.admin_down_reason = strstr(rest, "(Administratively down)") != NULL;
			cur.oper_up =
			    strncmp(rest, "up", 2) == 0 && (rest[2] == '\0' || rest[2] == ',');
			nports++;
		} else if (cur.port) {
			fa_nxos_text_line(device, cap->command, &cur, line);
		}
		free(line);
		p = nl ? nl + 1 : end;
	}
	fa_nxos_text_finish(device, &cur);
	if (nports == 0)
		return fa_err_at(err, FA_EPARSE, cap->command, 0, 0,
				 "no interface in the output of show interface");
	return 0;
}

int fa_parse_nxos_interface(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	if (fa_nxos_is_json(cap))
		return fa_nxos_interface_json(cap, device, err);
	return fa_nxos_interface_text(cap, device, err);
}
