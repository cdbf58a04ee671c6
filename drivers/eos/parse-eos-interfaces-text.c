/* SPDX-License-Identifier: MIT */
/*
 * "show interfaces" as text: the fields of the JSON form, one block per interface.
 *
 *   Ethernet49/1 is administratively down, line protocol is notpresent (disabled)
 *     Hardware is Ethernet, address is fcbd.67e2.b922 (bia fcbd.67e2.b922)
 *     Description: Connects to Ethernet1 on localhost
 *     Ethernet MTU 9214 bytes , BW 100000000 kbit        ("IP MTU 1500 bytes" when routed)
 *     1 link status changes since last clear
 *        292 packets input, 31440 bytes
 *        203 packets output, 33221 bytes
 *
 * As from the JSON form: admin_state is down only when administratively down, oper_state is
 * the line protocol, speed is the BW (the JSON "bandwidth"; none when 0 or absent), the type
 * follows the name, and the counters are the link status changes and the byte counts.
 */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/eos/parse-eos.h"
#include "drivers/text/mac.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

/* The line protocol states EOS prints, lowercase as the model writes them. */
static const char *const fa_eos_protos[] = {
    "up", "down", "notpresent", "lowerlayerdown", "testing", "dormant", "unknown", NULL,
};

/* The number before @word in @t ("1 link status changes", "292 packets input, 31440 bytes"). */
static bool fa_eos_text_count(struct fa_textscan_span t, const char *word, int64_t *ret)
{
	long at = fa_textscan_find(t, word);
	size_t end, start;

	if (at <= 0)
		return false;
	end = (size_t)at;
	while (end > 0 && t.ptr[end - 1] == ' ')
		end--;
	for (start = end; start > 0 && isdigit((unsigned char)t.ptr[start - 1]); start--)
		;
	return start < end &&
	       fa_textscan_int((struct fa_textscan_span){t.ptr + start, end - start}, ret);
}

/* "Ethernet1 is up, line protocol is up (connected)": the port, or NULL. */
static json_t *fa_eos_text_header(json_t *device, const char *cmd, unsigned lineno,
				  struct fa_textscan_span line)
{
	struct fa_textscan_span proto;
	long is = fa_textscan_find(line, " is "), lp = fa_textscan_find(line, ", line protocol is ");
	size_t i;
	char *name;
	json_t *port;

	if (fa_textscan_indent(line) > 0 || is <= 0 || lp < is)
		return NULL;
	name = fa_textscan_dup((struct fa_textscan_span){line.ptr, (size_t)is});
	port = fa_device_port(device, name);
	fa_set_str(port, "type", fa_eos_port_type(name));
	fa_set_str(port, "admin_state",
		   strncmp(line.ptr + is + 4, "administratively down", 21) == 0 ? "down" : "up");
	proto.ptr = line.ptr + lp + 19;
	proto.len = strcspn(proto.ptr, " \r\n");
	if (proto.len > line.len - (size_t)lp - 19)
		proto.len = line.len - (size_t)lp - 19;
	for (i = 0; fa_eos_protos[i] && !fa_textscan_eq(proto, fa_eos_protos[i]); i++)
		;
	if (fa_eos_protos[i])
		fa_set_str(port, "oper_state", fa_eos_protos[i]);
	else
		fa_device_warn(device, "%s: line %u: %s: line protocol '%.*s' not understood", cmd,
			       lineno, name, (int)proto.len, proto.ptr);
	free(name);
	return port;
}

static void fa_eos_text_line(json_t *port, struct fa_textscan_span t)
{
	char mac[18];
	struct fa_textscan_span key, val;
	int64_t n;
	long at;

	if (fa_textscan_starts(t, "Hardware is ") && (at = fa_textscan_find(t, "address is ")) > 0) {
		val.ptr = t.ptr + at + 11;
		val.len = t.len - (size_t)at - 11;
		val.len = strcspn(val.ptr, " (\r\n") < val.len ? strcspn(val.ptr, " (\r\n") : val.len;
		if (fa_mac_canonical(val.ptr, val.len, mac))
			fa_set_str(port, "mac", mac);
	} else if (fa_textscan_starts(t, "Description:") && fa_textscan_keyval(t, ':', &key, &val)) {
		if (val.len)
			fa_set_strn(port, "description", val.ptr, val.len);
	} else if ((at = fa_textscan_find(t, "MTU ")) >= 0 &&
		   (fa_textscan_starts(t, "IP MTU ") || fa_textscan_starts(t, "Ethernet MTU "))) {
		if (fa_eos_text_count(t, " bytes", &n) && n > 0)
			fa_set_int(port, "mtu", n);
		if (fa_eos_text_count(t, " kbit", &n) && n > 0)
			fa_set_int(port, "speed", n * 1000);
	} else if (fa_eos_text_count(t, " link status changes", &n)) {
		fa_set_int(port, "counters.carrier_changes", n);
	} else if (fa_textscan_find(t, "packets input, ") > 0 && fa_eos_text_count(t, " bytes", &n)) {
		fa_set_int(port, "counters.rx_bytes", n);
	} else if (fa_textscan_find(t, "packets output, ") > 0 &&
		   fa_eos_text_count(t, " bytes", &n)) {
		fa_set_int(port, "counters.tx_bytes", n);
	}
}

int fa_parse_eos_interfaces_text(const struct fa_capture *cap, json_t *device,
				 struct fa_err *err)
{
	struct fa_textscan_span line;
	struct fa_textscan ts;
	json_t *port = NULL;
	int nports = 0;

	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		json_t *p = fa_eos_text_header(device, cap->command, ts.lineno, line);

		if (p) {
			port = p;
			nports++;
		} else if (port) {
			fa_eos_text_line(port, fa_textscan_trim(line));
		}
	}
	if (nports == 0)
		return fa_err_at(err, FA_EPARSE, cap->command, 0, 0,
				 "no interface in the output of show interfaces");
	return 0;
}
