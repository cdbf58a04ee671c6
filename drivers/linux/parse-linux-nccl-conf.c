/* SPDX-License-Identifier: MIT */
/*
 * cat /etc/nccl.conf: the NCCL settings every job on the host starts with.
 *
 *   NCCL_IB_HCA=mlx5_0,mlx5_1,mlx5_2,mlx5_3
 *   NCCL_IB_GID_INDEX=3
 *   NCCL_SOCKET_IFNAME=bond0
 *
 * The file is read the way NCCL reads it (setEnvFile() in src/misc/param.cc): a line whose
 * first character is '#' is a comment, a line without '=' is skipped, everything before the
 * first '=' is the variable name (not trimmed) and everything after it the value, and a name
 * already set is not overwritten, so the first line for a variable wins.  The job's own
 * environment and ~/.nccl.conf come before this file; the model records the file only.
 *
 * device.nccl gets one key per NCCL_* variable: the name without "NCCL_", lowercase
 * (NCCL_IB_GID_INDEX -> nccl.ib_gid_index); the value is an integer when it is a whole
 * decimal number, else the string as written.  A present but empty file gives nccl = {}.
 * device.nccl_source.<key> is "/etc/nccl.conf" for each: an environment file the inventory
 * names (parse-linux-nccl-env.c, parsed later) overrides a value and names itself there.
 * Lines NCCL would ignore or misread ("export NCCL_X=1", "NCCL_X = 1", no '=') are warnings,
 * because the setting they meant has no effect.
 */
#include "config.h"

#include <ctype.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/linux/parse-linux.h"
#include "drivers/linux/parse-linux-int.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

/* NCCL_ followed by upper-case letters, digits and underscores only. */
static bool fa_nccl_name(struct fa_textscan_span k)
{
	size_t i;

	if (k.len <= 5 || strncmp(k.ptr, "NCCL_", 5) != 0)
		return false;
	for (i = 5; i < k.len; i++)
		if (!isupper((unsigned char)k.ptr[i]) && !isdigit((unsigned char)k.ptr[i]) &&
		    k.ptr[i] != '_')
			return false;
	return true;
}

int fa_parse_linux_nccl_conf(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = fa_linux_cmd(cap, "cat /etc/nccl.conf");
	struct fa_textscan_span line;
	struct fa_textscan ts;
	json_t *nccl = json_object(), *source = json_object();
	unsigned unknown = 0;

	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		struct fa_textscan_span key, val;
		const char *eq = memchr(line.ptr, '=', line.len);
		char name[128];
		int64_t n;
		size_t i;

		if (line.len == 0 || line.ptr[0] == '#')
			continue;
		if (!eq) {
			if (!fa_textscan_is_blank(line) && fa_textscan_trim(line).ptr[0] != '#' &&
			    ++unknown)
				fa_device_warn(device, "%s: line %u has no '=', NCCL skips it: %.*s",
					       cmd, ts.lineno, (int)(line.len > 200 ? 200 : line.len),
					       line.ptr);
			continue;
		}
		key.ptr = line.ptr;
		key.len = (size_t)(eq - line.ptr);
		val.ptr = eq + 1;
		val.len = line.len - key.len - 1;
		if (!fa_nccl_name(key) || key.len - 5 >= sizeof(name)) {
			if (fa_textscan_trim(key).len && fa_textscan_trim(key).ptr[0] == '#')
				continue;
			fa_device_warn(device,
				       "%s: line %u: '%.*s' is not an NCCL variable name as NCCL "
				       "reads it, the setting has no effect",
				       cmd, ts.lineno, (int)(key.len > 100 ? 100 : key.len), key.ptr);
			continue;
		}
		for (i = 5; i < key.len; i++)
			name[i - 5] = (char)tolower((unsigned char)key.ptr[i]);
		name[key.len - 5] = '\0';
		if (json_object_get(nccl, name)) {
			fa_device_warn(device, "%s: line %u sets %.*s again; NCCL keeps the first value",
				       cmd, ts.lineno, (int)key.len, key.ptr);
			continue;
		}
		val = fa_textscan_trim(val);
		json_object_set_new(source, name, json_string("/etc/nccl.conf"));
		if (val.len && fa_textscan_int(val, &n))
			json_object_set_new(nccl, name, json_integer(n));
		else
			json_object_set_new(nccl, name, fa_json_stringn(val.ptr, val.len));
	}
	/* lines and not one NAME=value: not a configuration file (an error message) */
	if (json_object_size(nccl) == 0 && unknown) {
		json_decref(nccl);
		json_decref(source);
		return fa_err_set(err, FA_EPARSE, "%s: no NAME=value line in the output", cmd);
	}
	json_object_set_new(device, "nccl", nccl);
	if (json_object_size(source))
		json_object_set_new(device, "nccl_source", source);
	else
		json_decref(source);
	return 0;
}
