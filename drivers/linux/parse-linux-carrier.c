/* SPDX-License-Identifier: MIT */
/*
 * grep -H . /sys/class/net/(glob)/carrier_changes: how often each interface's carrier changed
 * since it was created (the kernel's IFLA_CARRIER_CHANGES), one
 * "/sys/class/net/IF/carrier_changes:N" line per interface, written as
 * port.counters.carrier_changes of the ports the model already has (ip link created them;
 * an interface that appeared since is not invented here).  Lines of another form are
 * warnings; output without any such line fails the capture.
 */
#include "config.h"

#include <string.h>

#include "audit/model.h"
#include "drivers/linux/parse-linux.h"
#include "drivers/linux/parse-linux-int.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

int fa_parse_linux_carrier(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = fa_linux_cmd(cap, "grep -H . /sys/class/net/*/carrier_changes");
	struct fa_textscan_span line, prefix, path, value, ifname;
	struct fa_textscan ts;
	unsigned lines = 0, written = 0;

	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		char name[64];
		int64_t n;
		json_t *port;

		line = fa_textscan_trim(line);
		if (line.len == 0)
			continue;
		if (!fa_linux_sysfs_line(line, "/sys/class/net/", &prefix, &path, &value) ||
		    prefix.len != 0 || !fa_linux_path_word(&path, "sys", NULL) ||
		    !fa_linux_path_word(&path, "class", NULL) ||
		    !fa_linux_path_word(&path, "net", NULL) ||
		    !fa_linux_path_word(&path, NULL, &ifname) ||
		    !fa_linux_path_word(&path, "carrier_changes", NULL) || path.len != 0 ||
		    !fa_linux_is_word(ifname) || !fa_textscan_copy(ifname, name, sizeof(name)) ||
		    !fa_textscan_int(value, &n) || n < 0) {
			fa_device_warn(device, "%s: line %u not understood: %.*s", cmd, ts.lineno,
				       (int)(line.len > 120 ? 120 : line.len), line.ptr);
			continue;
		}
		lines++;
		port = fa_device_find_port(device, name);
		if (!port)
			continue;
		fa_set_int(port, "counters.carrier_changes", n);
		written++;
	}
	if (lines == 0) {
		struct fa_textscan_span first = fa_linux_first_line(cap);

		return first.len ? fa_err_set(err, FA_EPARSE, "%s: no carrier counts: %.*s", cmd,
					      (int)(first.len > 120 ? 120 : first.len), first.ptr)
				 : fa_err_set(err, FA_EPARSE, "%s: no output", cmd);
	}
	return written ? 0 : FA_PARSED_EMPTY;
}
