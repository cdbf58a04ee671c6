/* SPDX-License-Identifier: MIT */
/*
 * "show lldp neighbors" (text, without "detail"): the neighbour's system name and port id
 * per local port.
 *
 *   Last table change time   : 0:00:02 ago
 *   ...
 *   Port       Neighbor Device ID             Neighbor Port ID           TTL
 *   Et3/1      tg104.sjc.aristanetworks.com   Ethernet3/2                120
 *   Ma1/1      dc1-rack11-tor1.sjc            1/1                        120
 *
 * The port id starts under "Neighbor Port ID" (so a system name may hold blanks) and runs
 * to the TTL, the last word.  The chassis id and the port description are only in the
 * detail form.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/eos/parse-eos.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

#define FA_EOS_LLDP_WORDS 16

static bool fa_eos_lldp_row(json_t *device, size_t port_col, struct fa_textscan_span line)
{
	struct fa_textscan_span w[FA_EOS_LLDP_WORDS], sysname, portid;
	size_t n = fa_textscan_words(line, w, FA_EOS_LLDP_WORDS), k;
	int64_t ttl;
	char *name;
	json_t *port;

	if (n > FA_EOS_LLDP_WORDS || n < 4 || !fa_textscan_int(w[n - 1], &ttl))
		return false;
	for (k = 2; k < n - 1 && (size_t)(w[k].ptr - line.ptr) != port_col; k++)
		;
	if (k == n - 1)
		k = 2; /* off its columns: one word each */
	sysname.ptr = w[1].ptr;
	sysname.len = (size_t)(w[k - 1].ptr + w[k - 1].len - w[1].ptr);
	portid.ptr = w[k].ptr;
	portid.len = (size_t)(w[n - 2].ptr + w[n - 2].len - w[k].ptr);
	name = fa_eos_ifname(w[0].ptr, w[0].len);
	port = fa_device_port(device, name);
	fa_set_str(port, "type", fa_eos_port_type(name));
	fa_set_strn(port, "lldp.system_name", sysname.ptr, sysname.len);
	fa_set_strn(port, "lldp.port_id", portid.ptr, portid.len);
	free(name);
	return true;
}

int fa_parse_eos_lldp_table(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	struct fa_textscan_span line;
	struct fa_textscan ts;
	long port_col = -1;

	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		if (port_col < 0) {
			if (fa_textscan_starts(line, "Port ") &&
			    fa_textscan_find(line, "Neighbor Device ID") > 0)
				port_col = fa_textscan_find(line, "Neighbor Port ID");
			continue;
		}
		if (fa_textscan_is_blank(line))
			continue;
		if (!fa_eos_lldp_row(device, (size_t)port_col, line))
			fa_device_warn(device, "%s: line %u: not a neighbour row: '%.*s'",
				       cap->command, ts.lineno, (int)line.len, line.ptr);
	}
	if (port_col < 0)
		return fa_err_at(err, FA_EPARSE, cap->command, 0, 0,
				 "not the output of show lldp neighbors (no Neighbor Port ID "
				 "header)");
	return 0;
}
