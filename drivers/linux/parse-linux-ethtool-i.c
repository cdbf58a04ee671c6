/* SPDX-License-Identifier: MIT */
/*
 * ethtool -i IF: driver information, "key: value" lines.
 *
 *   driver: mlx5_core                            -> nic.driver
 *   version: 24.10-1.1.4                         -> nic.driver_version
 *   firmware-version: 28.39.1002 (MT_0000000838) -> nic.firmware, nic.psid (mlx5 adds the
 *                                                   board's PSID in parentheses)
 *   bus-info: 0000:17:00.0                       -> nic.pci (only a PCI address; virtual
 *                                                   devices print nothing, "N/A" or a name)
 *
 * Empty values are absent.  Output without a "driver:" line (e.g. "Cannot get driver
 * information: Operation not supported") fails the capture.
 */
#include "config.h"

#include <ctype.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/linux/parse-linux.h"
#include "drivers/linux/parse-linux-int.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

/* "dddd:bb:dd.f" or "bb:dd.f" in hex. */
static bool fa_is_pci_address(struct fa_textscan_span v)
{
	size_t i, colons = 0, dots = 0;

	for (i = 0; i < v.len; i++) {
		if (v.ptr[i] == ':')
			colons++;
		else if (v.ptr[i] == '.')
			dots++;
		else if (!isxdigit((unsigned char)v.ptr[i]))
			return false;
	}
	return v.len >= 7 && (colons == 1 || colons == 2) && dots == 1;
}

/* "28.39.1002 (MT_0000000838)": version and, when present, the PSID. */
static void fa_set_firmware(json_t *port, struct fa_textscan_span v)
{
	long open = fa_textscan_find(v, "(");
	struct fa_textscan_span fw = v, psid;

	if (open >= 0 && v.ptr[v.len - 1] == ')') {
		fw.len = (size_t)open;
		psid.ptr = v.ptr + open + 1;
		psid.len = v.len - (size_t)open - 2;
		psid = fa_textscan_trim(psid);
		if (psid.len)
			fa_set_strn(port, "nic.psid", psid.ptr, psid.len);
	}
	fw = fa_textscan_trim(fw);
	if (fw.len && !fa_textscan_eq(fw, "N/A"))
		fa_set_strn(port, "nic.firmware", fw.ptr, fw.len);
}

int fa_parse_linux_ethtool_i(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = fa_linux_cmd(cap, "ethtool -i IF");
	struct fa_textscan_span line, key, val;
	struct fa_textscan ts;
	json_t *port = NULL;

	if (!cap->arg || !*cap->arg)
		return fa_err_set(err, FA_EINVAL, "%s: no interface given", cmd);
	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		if (!fa_textscan_keyval(line, ':', &key, &val) || !fa_textscan_eq(key, "driver"))
			continue;
		port = fa_device_port(device, cap->arg);
		break;
	}
	if (!port) {
		struct fa_textscan_span first = fa_linux_first_line(cap);

		return first.len ? fa_err_set(err, FA_EPARSE, "%s: no driver information: %.*s",
					      cmd, (int)(first.len > 120 ? 120 : first.len),
					      first.ptr)
				 : fa_err_set(err, FA_EPARSE, "%s: no output", cmd);
	}
	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		if (!fa_textscan_keyval(line, ':', &key, &val) || val.len == 0)
			continue;
		if (fa_textscan_eq(key, "driver"))
			fa_set_strn(port, "nic.driver", val.ptr, val.len);
		else if (fa_textscan_eq(key, "version"))
			fa_set_strn(port, "nic.driver_version", val.ptr, val.len);
		else if (fa_textscan_eq(key, "firmware-version"))
			fa_set_firmware(port, val);
		else if (fa_textscan_eq(key, "bus-info") && fa_is_pci_address(val))
			fa_set_strn(port, "nic.pci", val.ptr, val.len);
	}
	return 0;
}
