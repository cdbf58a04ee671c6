/* SPDX-License-Identifier: MIT */
/*
 * "net show system json": the switch's hostname, release and hardware.
 *
 *   {"hostname": "spine01", "build": "Cumulus Linux 4.3.0", "os-version": "4.3.0",
 *    "os-description": "Cumulus Linux 4.3.0", "platform": {"detected": true,
 *    "vendor": "Cumulus", "model": "VX"}, "eeprom": {"tlv": {"Serial Number": {"value": ...}}}}
 *
 * The release is "os-version", else the word after "Cumulus Linux" in "build"; the product
 * name is what "os-description" or "build" say before the release.  Model and vendor come
 * from "platform" only when NCLU says it detected the platform; the serial number from the
 * ONIE EEPROM's "Serial Number" TLV.
 */
#include "config.h"

#include <string.h>

#include "audit/model.h"
#include "drivers/cumulus-nclu/parse-cumulus-nclu-int.h"
#include "drivers/cumulus-nclu/parse-cumulus-nclu.h"
#include "audit/util/banned.h"

#define FA_CMD_SYSTEM "net show system json"
#define FA_CUMULUS_PRODUCT "Cumulus Linux"

static const char *fa_nonempty(const json_t *v)
{
	const char *s = json_string_value(v);

	return s && *s && strcmp(s, "N/A") != 0 ? s : NULL;
}

int fa_parse_cumulus_nclu_system(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = fa_nclu_cmd(cap, FA_CMD_SYSTEM);
	size_t plen = strlen(FA_CUMULUS_PRODUCT);
	json_t *root = NULL, *platform, *tlv;
	const char *s, *build, *desc;
	int r;

	r = fa_nclu_load(cap, FA_CMD_SYSTEM, &root, err);
	if (r)
		return r;
	s = fa_nonempty(json_object_get(root, "hostname"));
	if (s)
		fa_set_str(device, "hostname", s);

	build = fa_nonempty(json_object_get(root, "build"));
	desc = fa_nonempty(json_object_get(root, "os-description"));
	if ((desc && strncmp(desc, FA_CUMULUS_PRODUCT, plen) == 0) ||
	    (build && strncmp(build, FA_CUMULUS_PRODUCT, plen) == 0))
		fa_set_str(device, "os.name", FA_CUMULUS_PRODUCT);
	s = fa_nonempty(json_object_get(root, "os-version"));
	if (s) {
		fa_set_str(device, "os.version", s);
	} else if (build && strncmp(build, FA_CUMULUS_PRODUCT " ", plen + 1) == 0) {
		s = build + plen + 1;
		fa_set_strn(device, "os.version", s, strcspn(s, " "));
	}

	platform = json_object_get(root, "platform");
	if (json_is_object(platform) && json_is_true(json_object_get(platform, "detected"))) {
		s = fa_nonempty(json_object_get(platform, "model"));
		if (s)
			fa_set_str(device, "model", s);
		s = fa_nonempty(json_object_get(platform, "vendor"));
		if (s)
			fa_set_str(device, "vendor", s);
	} else if (platform && !json_is_object(platform)) {
		fa_device_warn(device, "%s: \"platform\" is not an object", cmd);
	}
	tlv = json_object_get(json_object_get(root, "eeprom"), "tlv");
	s = fa_nonempty(json_object_get(json_object_get(tlv, "Serial Number"), "value"));
	if (s)
		fa_set_str(device, "serial", s);

	if (!fa_get_str(device, "hostname") && !fa_get_str(device, "os.version"))
		fa_device_warn(device, "%s: neither \"hostname\" nor a release in the output", cmd);
	json_decref(root);
	return 0;
}
