/* SPDX-License-Identifier: MIT */
/*
 * "nv show system -o json": the switch's hostname and Cumulus Linux release.
 *
 * The object changed across 5.x: 5.4 has "build": "Cumulus Linux 5.4.0"; 5.9 to 5.12 add
 * "product-name" and "product-release" (and keep "build"); 5.13 and later drop both and carry
 * the kernel and base OS under "version" (5.15 puts "product-release" back, under "version").
 * The release is taken from the first of those that is present.
 */
#include "config.h"

#include <string.h>

#include "audit/model.h"
#include "drivers/cumulus/parse-cumulus-int.h"
#include "drivers/cumulus/parse-cumulus.h"
#include "audit/util/banned.h"

#define FA_CMD_SYSTEM "nv show system -o json"
#define FA_CUMULUS_PRODUCT "Cumulus Linux"

static const char *fa_nonempty(const json_t *v)
{
	const char *s = json_string_value(v);

	return s && *s && strcmp(s, "N/A") != 0 ? s : NULL;
}

int fa_parse_cumulus_system(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = fa_cumulus_cmd(cap, FA_CMD_SYSTEM);
	const char *s, *build, *release = NULL;
	json_t *root = NULL, *version;
	size_t plen = strlen(FA_CUMULUS_PRODUCT);
	int r;

	r = fa_cumulus_load(cap, FA_CMD_SYSTEM, &root, err);
	if (r)
		return r;
	if (!json_is_object(root)) {
		fa_device_warn(device, "%s: expected a JSON object, got %s", cmd,
			       json_is_array(root) ? "an array" : "a scalar");
		goto out;
	}
	version = json_object_get(root, "version");
	if (version && !json_is_object(version)) {
		fa_device_warn(device, "%s: \"version\" is not an object", cmd);
		version = NULL;
	}
	s = fa_nonempty(json_object_get(root, "hostname"));
	if (s)
		fa_set_str(device, "hostname", s);

	build = fa_nonempty(json_object_get(root, "build"));
	s = fa_nonempty(json_object_get(root, "product-name"));
	if (s)
		fa_set_str(device, "os.name", s);
	else if (build && strncmp(build, FA_CUMULUS_PRODUCT, plen) == 0)
		fa_set_str(device, "os.name", FA_CUMULUS_PRODUCT);

	release = fa_nonempty(json_object_get(root, "product-release"));
	if (!release)
		release = fa_nonempty(json_object_get(version, "product-release"));
	if (release) {
		fa_set_str(device, "os.version", release);
	} else if (build && strncmp(build, FA_CUMULUS_PRODUCT " ", plen + 1) == 0) {
		s = build + plen + 1;
		fa_set_strn(device, "os.version", s, strcspn(s, " "));
	} else if ((s = fa_nonempty(json_object_get(version, "image")))) {
		fa_set_str(device, "os.version", s);
	}
	s = fa_nonempty(json_object_get(version, "kernel"));
	if (s)
		fa_set_str(device, "os.kernel", s);
	if (!fa_get_str(device, "hostname") && !fa_get_str(device, "os.version"))
		fa_device_warn(device, "%s: neither \"hostname\" nor a release in the output", cmd);
out:
	json_decref(root);
	return 0;
}
