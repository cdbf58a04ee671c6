/* SPDX-License-Identifier: MIT */
/*
 * "show version | json": host name, chassis, serial and the NX-OS release.
 *
 * NX-OS 9 and later print "nxos_ver_str"; older releases print "sys_ver_str" (or
 * "kickstart_ver_str"), which may carry a build suffix: "7.3(1)D1(1) [build 7.3(1)D1(0.10)]".
 * The release is the part before " [build"; the suffix is not a different release.
 */
#include "config.h"

#include <string.h>

#include "audit/model.h"
#include "drivers/nxos/parse-nxos.h"
#include "audit/util/banned.h"

static const char *fa_nxos_str(const json_t *obj, const char *key)
{
	const char *s = json_string_value(json_object_get(obj, key));

	return s && *s ? s : NULL;
}

int fa_parse_nxos_version(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	static const char *const vkeys[] = {"nxos_ver_str", "sys_ver_str", "kickstart_ver_str"};
	json_t *v = NULL;
	const char *s, *ver = NULL;
	size_t i;
	int r;

	r = fa_nxos_json(cap, &v, err);
	if (r)
		return r;
	if (!json_object_get(v, "host_name") && !json_object_get(v, "chassis_id")) {
		json_decref(v);
		return fa_err_at(err, FA_EPARSE, cap->command, 0, 0,
				 "not the output of show version (no host_name or chassis_id)");
	}
	if ((s = fa_nxos_str(v, "host_name")))
		fa_set_str(device, "hostname", s);
	if ((s = fa_nxos_str(v, "chassis_id")))
		fa_set_str(device, "model", s);
	if ((s = fa_nxos_str(v, "proc_board_id")))
		fa_set_str(device, "serial", s);
	if ((s = fa_nxos_str(v, "manufacturer")))
		fa_set_str(device, "vendor", s);
	fa_set_str(device, "os.name", "NX-OS");
	for (i = 0; i < sizeof(vkeys) / sizeof(vkeys[0]) && !ver; i++)
		ver = fa_nxos_str(v, vkeys[i]);
	if (ver) {
		const char *build = strstr(ver, " [build");

		if (build)
			fa_set_strn(device, "os.version", ver, (size_t)(build - ver));
		else
			fa_set_str(device, "os.version", ver);
	} else {
		fa_device_warn(device, "%s: no NX-OS release in the output", cap->command);
	}
	json_decref(v);
	return 0;
}
