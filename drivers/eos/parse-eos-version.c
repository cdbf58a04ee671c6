/* SPDX-License-Identifier: MIT */
/*
 * EOS "show version | json" into the model: os.name "EOS", os.version (the user-facing
 * "version", e.g. "4.23.5M", not the internal build string), model, serial, vendor.
 * vEOS prints an empty serial number and manufacturer; empty strings set nothing.
 *
 * The plain "show version" text (a parse-only layout) gives the same facts:
 *
 *   Arista DCS-7010T-48-R                  (" vEOS" on some vEOS captures: no "Arista")
 *   Serial number: JPE18523609             (blank on vEOS and cEOS)
 *   Software image version: 4.28.9M        ("4.32.1F-37265360.4321F (engineering build)")
 *
 * The release is the image version without its note in parentheses.  The first line names
 * the model after the vendor's name, so "Arista" is dropped from it.
 */
#include "config.h"

#include <string.h>

#include "audit/model.h"
#include "drivers/eos/parse-eos.h"
#include "drivers/text/textscan.h"
#include "drivers/text/jsonload.h"
#include "audit/util/banned.h"

#define FA_EOS_VERSION_CMD "show version | json"

static void fa_copy_str(json_t *device, const json_t *root, const char *key, const char *path)
{
	const char *s = json_string_value(json_object_get(root, key));

	if (s && *s)
		fa_set_str(device, path, s);
}

/* Set @path to the trimmed @v cut before @stop (when there), unless that leaves nothing. */
static void fa_eos_text_set(json_t *device, const char *path, struct fa_textscan_span v,
			    const char *stop)
{
	long cut = stop ? fa_textscan_find(v, stop) : -1;

	if (cut >= 0)
		v.len = (size_t)cut;
	v = fa_textscan_trim(v);
	if (v.len)
		fa_set_strn(device, path, v.ptr, v.len);
}

static int fa_eos_version_text(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	struct fa_textscan_span line, key, val, model = {NULL, 0}, version = {NULL, 0};
	struct fa_textscan ts;

	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		if (fa_textscan_is_blank(line))
			continue;
		if (!fa_textscan_keyval(line, ':', &key, &val)) {
			if (!model.ptr)
				model = fa_textscan_trim(line);
			continue;
		}
		if (fa_textscan_eq(key, "Serial number"))
			fa_eos_text_set(device, "serial", val, NULL);
		else if (fa_textscan_eq(key, "Software image version"))
			version = val;
	}
	if (!version.ptr)
		return fa_err_at(err, FA_EPARSE, cap->command, 0, 0,
				 "not the output of show version (no Software image version)");
	fa_set_str(device, "os.name", "EOS");
	fa_eos_text_set(device, "os.version", version, " (");
	if (model.ptr && fa_textscan_starts(model, "Arista ")) {
		model.ptr += 7;
		model.len -= 7;
	}
	if (model.ptr)
		fa_eos_text_set(device, "model", model, NULL);
	return 0;
}

int fa_parse_eos_version(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	json_error_t jerr;
	json_t *root;
	size_t i;

	for (i = 0; i < cap->len && (cap->data[i] == ' ' || cap->data[i] == '\n' ||
				     cap->data[i] == '\r' || cap->data[i] == '\t'); i++)
		;
	if (i < cap->len && cap->data[i] != '{')
		return fa_eos_version_text(cap, device, err);

	root = fa_json_loadb(cap->data, cap->len, 0, &jerr);
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
