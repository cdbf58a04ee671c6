/* SPDX-License-Identifier: MIT */
/*
 * ethtool IF: "Settings for IF:" then tab-indented "Key: value" lines (continuation lines of
 * link-mode lists are indented further and carry no key of interest).
 *
 *   Speed: 400000Mb/s      -> speed in bit/s; "Unknown!" (no link) leaves it absent
 *   Auto-negotiation: on   -> autoneg
 *   Link detected: no      -> the link is down: a Speed line then only repeats a setting,
 *                             not the operational speed, and is not recorded
 *
 * Newer ethtool talks netlink and prints "netlink error: Operation not permitted" in the
 * middle of otherwise good output when unprivileged; older ones print "Cannot get ...".
 * Both become warnings and parsing goes on.  Output with none of the keys above (an error
 * message alone) fails the capture.
 */
#include "config.h"

#include <string.h>

#include "audit/model.h"
#include "drivers/linux/parse-linux.h"
#include "drivers/linux/parse-linux-int.h"
#include "drivers/text/textscan.h"
#include "drivers/text/units.h"
#include "audit/util/banned.h"

int fa_parse_linux_ethtool(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = fa_linux_cmd(cap, "ethtool IF");
	struct fa_textscan_span line, key, val;
	struct fa_textscan ts;
	bool have_speed = false, have_autoneg = false, autoneg = false, link_down = false;
	unsigned known = 0;
	int64_t speed = 0;
	char buf[64];
	json_t *port;

	if (!cap->arg || !*cap->arg)
		return fa_err_set(err, FA_EINVAL, "%s: no interface given", cmd);
	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		line = fa_textscan_trim(line);
		if (line.len == 0)
			continue;
		if (fa_textscan_starts(line, "netlink error:") ||
		    fa_textscan_starts(line, "Cannot get ")) {
			fa_device_warn(device, "%s: %.*s", cmd, (int)line.len, line.ptr);
			continue;
		}
		if (fa_textscan_starts(line, "Settings for ")) {
			known++;
			continue;
		}
		if (!fa_textscan_keyval(line, ':', &key, &val))
			continue;
		if (fa_textscan_eq(key, "Speed")) {
			known++;
			if (fa_textscan_copy(val, buf, sizeof(buf)) &&
			    fa_parse_speed(buf, 1000000, &speed))
				have_speed = true;
			else if (!fa_textscan_starts(val, "Unknown"))
				fa_device_warn(device, "%s: speed not understood: %.*s", cmd,
					       (int)val.len, val.ptr);
		} else if (fa_textscan_eq(key, "Auto-negotiation")) {
			known++;
			if (fa_textscan_eq(val, "on") || fa_textscan_eq(val, "off")) {
				have_autoneg = true;
				autoneg = fa_textscan_eq(val, "on");
			} else {
				fa_device_warn(device, "%s: auto-negotiation not understood: %.*s",
					       cmd, (int)val.len, val.ptr);
			}
		} else if (fa_textscan_eq(key, "Link detected")) {
			known++;
			link_down = fa_textscan_eq(val, "no");
		}
	}
	if (known == 0) {
		struct fa_textscan_span first = fa_linux_first_line(cap);

		return first.len ? fa_err_set(err, FA_EPARSE, "%s: no settings: %.*s", cmd,
					      (int)(first.len > 120 ? 120 : first.len), first.ptr)
				 : fa_err_set(err, FA_EPARSE, "%s: no output", cmd);
	}
	port = fa_device_port(device, cap->arg);
	if (have_speed && !link_down)
		fa_set_int(port, "speed", speed);
	if (have_autoneg)
		fa_set_bool(port, "autoneg", autoneg);
	return 0;
}
