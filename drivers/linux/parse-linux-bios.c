/* SPDX-License-Identifier: MIT */
/*
 * cat /sys/class/dmi/id/bios_version: the firmware (BIOS/UEFI) version the host booted with,
 * as SMBIOS reports it ("2.1.4", "1.9.2 (03/22/2024)", "U46"), into software.bios.  Firmware
 * updates are the change-management gate's main subject, so the string is kept exactly as
 * printed, only trimmed.
 */
#include "config.h"

#include "audit/model.h"
#include "drivers/linux/parse-linux.h"
#include "drivers/linux/parse-linux-int.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

int fa_parse_linux_bios(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = fa_linux_cmd(cap, "cat /sys/class/dmi/id/bios_version");
	struct fa_textscan_span line;
	struct fa_textscan ts;
	bool found = false;

	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		line = fa_textscan_trim(line);
		if (line.len == 0)
			continue;
		if (found) {
			fa_device_warn(device, "%s: extra line %u ignored: %.*s", cmd, ts.lineno,
				       (int)(line.len > 200 ? 200 : line.len), line.ptr);
			continue;
		}
		if (line.len > 128)
			return fa_err_set(err, FA_EPARSE, "%s: not a version (%zu bytes): %.60s",
					  cmd, line.len, line.ptr);
		fa_set_strn(device, "software.bios", line.ptr, line.len);
		found = true;
	}
	if (!found)
		return fa_err_set(err, FA_EPARSE, "%s: no output", cmd);
	return 0;
}
