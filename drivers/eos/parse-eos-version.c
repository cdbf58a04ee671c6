/* SPDX-License-Identifier: MIT */
/*
 * EOS "show version | json" into the model: os.name "EOS", os.version (the user-facing
 * "version", e.g. "4.23.5M", not the internal build string), model, serial, vendor.
 * vEOS prints an empty serial number and manufacturer; empty strings set nothing.
 */
#include "config.h"

#include <string.h>

#include "audit/model.h"
#include "drivers/eos/parse-eos.h"
#include "audit/util/banned.h"

#define FA_EOS_VERSION_CMD "show version | json"

static void fa_copy_str(json_t *device, const json_t *root, const char *key, const char *path)
{
	const char *s = json_string_value(json_object_get(root, key));

	if (s && *s)
		fa_set_str(device, path, s);
}

int fa_parse_eos_version(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	json_error_t jerr;
	json_t *root;

	root = json_loadb(cap->data, cap->len, 0, &jerr);
	if (!root)
		return fa_err_set(err, FA_EPARSE, FA_EOS_VERSION_CMD ": not JSON (line %d: %s)",
				  jerr.line, jerr.text);
	if (!json_is_string(json_object_get(root, "version"))) {
		json_decref(root);
		return fa_err_set(err, FA_EPARSE, FA_EOS_VERSION_CMD ": no \"version\" string");
	}
	fa_set_str(device, "os.name", "EOS");
	fa_copy_str(device, root, "version", "os.version");
	fa_copy_str(device, root, "modelName", "model");
	fa_copy_str(device, root, "serialNumber", "serial");
	fa_copy_str(device, root, "mfgName", "vendor");
	json_decref(root);
	return 0;
}
