/* SPDX-License-Identifier: MIT */
/*
 * "show version | json": host name, chassis, serial and the NX-OS release.
 *
 * NX-OS 9 and later print "nxos_ver_str"; older releases print "sys_ver_str" (or
 * "kickstart_ver_str"), which may carry a build suffix: "7.3(1)D1(1) [build 7.3(1)D1(0.10)]".
 * The release is the part before " [build"; the suffix is not a different release.
 *
 * The plain "show version" text carries the same facts in two sections:
 *
 *   Software
 *     NXOS: version 10.4(5) [Maintenance Release]     (9.x and later; "system:" before)
 *   Hardware
 *     cisco Nexus9000 C93180YC-FX3 Chassis            (the chassis_id of the JSON form)
 *     Processor Board ID FLM27400B3D
 *     Device name: N9K-LAB-15
 *
 * Indentation varies between releases (" NXOS:" with one blank), and a "System version:"
 * after "Last reset" is the release before the reset, so only the Software lines count.
 */
#include "config.h"

#include <stdbool.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/nxos/parse-nxos.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

static const char *fa_nxos_str(const json_t *obj, const char *key)
{
	const char *s = json_string_value(json_object_get(obj, key));

	return s && *s ? s : NULL;
}

/* The release in "version 9.3(6) [build ...]" or "version 10.4(5) [Maintenance Release]". */
static void fa_nxos_text_release(json_t *device, struct fa_textscan_span v)
{
	long cut = fa_textscan_find(v, " [");

	if (cut >= 0)
		v.len = (size_t)cut;
	v = fa_textscan_trim(v);
	if (v.len)
		fa_set_strn(device, "os.version", v.ptr, v.len);
}

/*
 * The chassis without the supervisor's quoted name: "Nexus 3048 Chassis ("48x1GE + 4x10G
 * Supervisor")"; other parentheses are part of it ("Nexus7000 C7009 (9 Slot) Chassis").
 */
static void fa_nxos_text_chassis(json_t *device, struct fa_textscan_span v)
{
	long cut = fa_textscan_find(v, " (\"");

	if (cut >= 0)
		v.len = (size_t)cut;
	v = fa_textscan_trim(v);
	if (v.len)
		fa_set_strn(device, "model", v.ptr, v.len);
}

/* An unindented line is a section heading: it opens "Software" or "Hardware", or ends both. */
static bool fa_nxos_text_section(struct fa_textscan_span line, struct fa_textscan_span t,
				 bool *software, bool *hardware)
{
	if (fa_textscan_indent(line) > 0 || t.len == 0)
		return false;
	*software = fa_textscan_eq(t, "Software");
	*hardware = fa_textscan_eq(t, "Hardware");
	return true;
}

static int fa_nxos_version_text(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	/* by precedence: NX-OS 9+ prints "NXOS:", older releases "system:" and "kickstart:" */
	static const char *const vkeys[] = {"NXOS: version ", "system: version ",
					    "kickstart: version "};
	struct fa_textscan_span vers[3] = {{NULL, 0}, {NULL, 0}, {NULL, 0}};
	struct fa_textscan ts;
	struct fa_textscan_span line, t;
	bool nxos = false, hardware = false, software = false;
	size_t i;

	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		t = fa_textscan_trim(line);
		if (fa_textscan_starts(t, "Cisco Nexus Operating System"))
			nxos = true;
		if (fa_nxos_text_section(line, t, &software, &hardware))
			continue;
		if (software) {
			for (i = 0; i < 3; i++) {
				size_t k = strlen(vkeys[i]);

				if (!vers[i].ptr && fa_textscan_starts(t, vkeys[i])) {
					vers[i].ptr = t.ptr + k;
					vers[i].len = t.len - k;
				}
			}
		} else if (hardware && fa_textscan_starts(t, "cisco ") &&
			   !fa_get_str(device, "model")) {
			t.ptr += 6;
			t.len -= 6;
			fa_nxos_text_chassis(device, t);
		}
		if (fa_textscan_starts(t, "Processor Board ID ")) {
			t = fa_textscan_trim((struct fa_textscan_span){t.ptr + 19, t.len - 19});
			if (t.len)
				fa_set_strn(device, "serial", t.ptr, t.len);
		} else if (fa_textscan_starts(t, "Device name:")) {
			t = fa_textscan_trim((struct fa_textscan_span){t.ptr + 12, t.len - 12});
			if (t.len)
				fa_set_strn(device, "hostname", t.ptr, t.len);
		}
	}
	for (i = 0; i < 3 && !vers[i].ptr; i++)
		;
	if (!nxos && i == 3)
		return fa_err_at(err, FA_EPARSE, cap->command, 0, 0,
				 "not the output of show version (no NX-OS banner or release)");
	fa_set_str(device, "os.name", "NX-OS");
	if (i < 3)
		fa_nxos_text_release(device, vers[i]);
	else
		fa_device_warn(device, "%s: no NX-OS release in the output", cap->command);
	return 0;
}

int fa_parse_nxos_version(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	static const char *const vkeys[] = {"nxos_ver_str", "sys_ver_str", "kickstart_ver_str"};
	json_t *v = NULL;
	const char *s, *ver = NULL;
	size_t i;
	int r;

	if (!fa_nxos_is_json(cap))
		return fa_nxos_version_text(cap, device, err);
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
