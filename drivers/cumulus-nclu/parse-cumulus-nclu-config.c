/* SPDX-License-Identifier: MIT */
/*
 * "net show configuration commands": the switch's configuration as the NCLU commands that
 * would make it, one per line, between "net del all" and "net commit":
 *
 *   net add hostname leaf01
 *   net add interface swp1 alias Local Node leaf01 and Ports swp1 <==> Remote ...
 *   net add interface swp51-52 mtu 9216
 *   net add bond bond1-3 mtu 9000
 *   net add interface swp3 link speed 100000
 *   net add interface swp4 link down
 *
 * Read: the host name; for "interface" and "bond" lines, on every port the name list gives
 * ("swp1-4", "swp1,swp3", "hostbond1,4", "lo,swp1-4", "swp1s0-3": a bare number or range
 * takes the name before it), the settings "mtu N" (mtu), "alias TEXT" (description), "link
 * speed N" (speed, Mb/s, so N x 10^6 bit/s), "link autoneg on|off" (autoneg), "link fec
 * rs|baser|off|auto" (fec) and "link down" (admin_state down).  These are what is configured;
 * "net show interface all json" reports what the ports do.  A setting missing from the
 * configuration is left absent (NCLU lists only what was set).  Every other "net add" line
 * (routing, bridges, VLANs...) is not the model's and is skipped without a word; a line that
 * is not an NCLU command, a value or name list not understood, is a device warning.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/cumulus-nclu/parse-cumulus-nclu-int.h"
#include "drivers/cumulus-nclu/parse-cumulus-nclu.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

#define FA_CMD_CONFIG "net show configuration commands"
#define FA_NCLU_MAX_RANGE 1024 /* ports one range may name */
#define FA_NCLU_MAX_WORDS 64

/* Digits at the end of @s (length @len): where they start, @len when none. */
static size_t fa_nclu_tail_digits(const char *s, size_t len)
{
	size_t i = len;

	while (i > 0 && isdigit((unsigned char)s[i - 1]))
		i--;
	return i;
}

static bool fa_nclu_all_digits(const char *s, size_t len)
{
	size_t i;

	if (!len || len > 6)
		return false;
	for (i = 0; i < len; i++)
		if (!isdigit((unsigned char)s[i]))
			return false;
	return true;
}

static const char *fa_nclu_port_type(const char *name)
{
	if (strncmp(name, "swp", 3) == 0)
		return "ethernet";
	if (strncmp(name, "eth", 3) == 0)
		return "management";
	if (strcmp(name, "lo") == 0)
		return "loopback";
	return NULL;
}

/*
 * The port names of @list ("swp1-4,swp6,7-8") into @names.  False (and a warning) when an
 * item is not understood or a range is too long.
 */
static bool fa_nclu_names(json_t *device, const char *cmd, struct fa_textscan_span list, bool bond,
			  json_t *names)
{
	char prefix[64] = "", item[64], name[96];
	const char *p = list.ptr, *end = list.ptr + list.len;

	while (p < end) {
		const char *comma = memchr(p, ',', (size_t)(end - p));
		size_t len = comma ? (size_t)(comma - p) : (size_t)(end - p);
		const char *dash;
		size_t d;
		long lo, hi, n;

		if (!len || len >= sizeof(item))
			goto bad;
		memcpy(item, p, len);
		item[len] = '\0';
		p += len + (comma ? 1 : 0);
		dash = strrchr(item, '-');
		if (dash && fa_nclu_all_digits(dash + 1, strlen(dash + 1))) {
			/* "swp1-4", "4-8": the number before the dash starts the range */
			size_t left = (size_t)(dash - item);

			d = fa_nclu_tail_digits(item, left);
			if (d == left)
				goto bad;
			if (d > 0) {
				memcpy(prefix, item, d);
				prefix[d] = '\0';
			} else if (!prefix[0]) {
				goto bad;
			}
			lo = strtol(item + d, NULL, 10);
			hi = strtol(dash + 1, NULL, 10);
		} else {
			d = fa_nclu_tail_digits(item, len);
			if (d > 0 && d < len) {
				memcpy(prefix, item, d);
				prefix[d] = '\0';
			} else if (d == len) {
				/* a name without a number: lo, eth0 is numbered, peerlink */
				json_array_append_new(names, json_string(item));
				prefix[0] = '\0';
				continue;
			} else if (!prefix[0]) {
				goto bad;
			}
			lo = hi = strtol(item + d, NULL, 10);
		}
		if (hi < lo || hi - lo >= FA_NCLU_MAX_RANGE)
			goto bad;
		for (n = lo; n <= hi; n++) {
			snprintf(name, sizeof(name), "%s%ld", prefix, n);
			json_array_append_new(names, json_string(name));
		}
	}
	return true;
bad:
	fa_device_warn(device, "%s: %s names not understood: '%.*s'", cmd,
		       bond ? "bond" : "interface", (int)list.len, list.ptr);
	return false;
}

static void fa_nclu_cfg_set(json_t *device, const char *cmd, json_t *names, bool bond,
			    struct fa_textscan_span *w, size_t nw, struct fa_textscan_span line)
{
	json_t *v = NULL;
	const char *path = NULL;
	int64_t n;
	size_t i;

	if (fa_textscan_eq(w[4], "mtu") && nw == 6 && fa_textscan_int(w[5], &n) && n > 0 &&
	    n <= 65536) {
		path = "mtu";
		v = json_integer(n);
	} else if (fa_textscan_eq(w[4], "alias") && nw > 5) {
		/* the rest of the line as written: a description keeps its own spacing */
		const char *s = w[5].ptr, *e = line.ptr + line.len;

		path = "description";
		v = fa_json_stringn(s, (size_t)(e - s));
	} else if (fa_textscan_eq(w[4], "link") && nw == 7 && fa_textscan_eq(w[5], "speed") &&
		   fa_textscan_int(w[6], &n) && n > 0 && n <= 10000000) {
		path = "speed";
		v = json_integer(n * 1000000);
	} else if (fa_textscan_eq(w[4], "link") && nw == 7 && fa_textscan_eq(w[5], "autoneg") &&
		   (fa_textscan_eq(w[6], "on") || fa_textscan_eq(w[6], "off"))) {
		path = "autoneg";
		v = json_boolean(fa_textscan_eq(w[6], "on"));
	} else if (fa_textscan_eq(w[4], "link") && nw == 7 && fa_textscan_eq(w[5], "fec") &&
		   (fa_textscan_eq(w[6], "rs") || fa_textscan_eq(w[6], "baser") ||
		    fa_textscan_eq(w[6], "off") || fa_textscan_eq(w[6], "auto"))) {
		path = "fec";
		v = fa_json_stringn(w[6].ptr, w[6].len);
	} else if (fa_textscan_eq(w[4], "link") && nw == 6 && fa_textscan_eq(w[5], "down")) {
		path = "admin_state";
		v = json_string("down");
	} else if (fa_textscan_eq(w[4], "mtu") ||
		   (fa_textscan_eq(w[4], "link") && nw > 5 &&
		    (fa_textscan_eq(w[5], "speed") || fa_textscan_eq(w[5], "autoneg") ||
		     fa_textscan_eq(w[5], "fec")))) {
		fa_device_warn(device, "%s: value not understood: '%.*s'", cmd, (int)line.len,
			       line.ptr);
		return;
	} else {
		return; /* bridge, clag, ip, vrf, stp...: not the model's */
	}
	for (i = 0; i < json_array_size(names); i++) {
		const char *name = json_string_value(json_array_get(names, i));
		json_t *port = fa_device_port(device, name);
		const char *type = bond ? "bond" : fa_nclu_port_type(name);

		if (type && !fa_get_str(port, "type"))
			fa_set_str(port, "type", type);
		fa_set(port, path, json_incref(v));
	}
	json_decref(v);
}

int fa_parse_cumulus_nclu_config(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = fa_nclu_cmd(cap, FA_CMD_CONFIG);
	struct fa_textscan_span w[FA_NCLU_MAX_WORDS], line;
	struct fa_textscan ts;
	size_t nw, ncmds = 0;

	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		struct fa_textscan_span t = fa_textscan_trim(line);

		if (fa_textscan_is_blank(t) || t.ptr[0] == '#')
			continue;
		nw = fa_textscan_words(t, w, FA_NCLU_MAX_WORDS);
		if (nw >= 2 && fa_textscan_eq(w[0], "ERROR:"))
			return fa_err_set(err, FA_EPARSE, "%s: device error (line %u): %.*s", cmd,
					  ts.lineno, (int)t.len, t.ptr);
		if (nw < 2 || !fa_textscan_eq(w[0], "net")) {
			/* the prompt line a pasted capture starts with */
			if (ncmds == 0 && fa_textscan_find(t, "$ net show configuration") >= 0)
				continue;
			fa_device_warn(device, "%s: line %u is not an NCLU command: '%.*s'", cmd,
				       ts.lineno, (int)t.len, t.ptr);
			continue;
		}
		ncmds++;
		if (nw == 4 && fa_textscan_eq(w[1], "add") && fa_textscan_eq(w[2], "hostname")) {
			fa_set(device, "hostname", fa_json_stringn(w[3].ptr, w[3].len));
		} else if (nw >= 5 && fa_textscan_eq(w[1], "add") &&
			   (fa_textscan_eq(w[2], "interface") || fa_textscan_eq(w[2], "bond"))) {
			bool bond = fa_textscan_eq(w[2], "bond");
			json_t *names = json_array();

			if (fa_nclu_names(device, cmd, w[3], bond, names))
				fa_nclu_cfg_set(device, cmd, names, bond, w, nw, t);
			json_decref(names);
		}
	}
	if (!ncmds)
		return fa_err_set(err, FA_EPARSE, "%s: no NCLU command in the output", cmd);
	return 0;
}
