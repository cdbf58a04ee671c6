/* SPDX-License-Identifier: MIT */
/*
 * "show version": product name and release, model, serial number.
 *
 * Onyx does not print its host name in "show version"; when the capture starts with the CLI
 * prompt ("sw1 [standalone: master] # show version") the prompt's host name is the device's
 * own, so it fills "hostname".  The serial number is printed quoted, with the quotes escaped
 * on some releases (System serial num: \"MT1628X26331\"); the quotes are not part of it.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "audit/util/xalloc.h"
#include "drivers/onyx/parse-onyx.h"
#include "audit/util/banned.h"

struct fa_onyx_version {
	int found;
};

static void fa_onyx_serial(json_t *device, const char *v)
{
	size_t len = strlen(v);

	while (len && (*v == '\\' || *v == '"')) {
		v++;
		len--;
	}
	while (len && (v[len - 1] == '"' || v[len - 1] == '\\'))
		len--;
	if (len)
		fa_set_strn(device, "serial", v, len);
}

static void fa_onyx_version_kv(json_t *device, const char *key, const char *v,
			       struct fa_onyx_version *st)
{
	if (fa_onyx_is_na(v))
		return;
	if (strcmp(key, "Product name") == 0) {
		fa_set_str(device, "os.name", v);
		st->found++;
	} else if (strcmp(key, "Product release") == 0) {
		fa_set_str(device, "os.version", v);
		st->found++;
	} else if (strcmp(key, "Product model") == 0) {
		fa_set_str(device, "model", v);
	} else if (strcmp(key, "System serial num") == 0) {
		fa_onyx_serial(device, v);
	}
}

static int fa_onyx_version_json(const struct fa_capture *cap, json_t *device, struct fa_err *err,
				struct fa_onyx_version *st)
{
	json_t *root = NULL, *obj, *v;
	const char *key;
	int r;

	r = fa_onyx_json(cap, &root, err);
	if (r)
		return r;
	obj = fa_onyx_entry(root);
	json_object_foreach(obj, key, v) if (json_is_string(v))
	    fa_onyx_version_kv(device, key, json_string_value(v), st);
	json_decref(root);
	return 0;
}

int fa_parse_onyx_version(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	struct fa_onyx_version st = {0};
	struct fa_onyx_lines it;
	char *line, *host, *k, *v;
	int r = 0;

	if (fa_onyx_is_json(cap)) {
		r = fa_onyx_version_json(cap, device, err, &st);
		if (r)
			return r;
		goto check;
	}
	/* the prompt the boundary took off the pasted output */
	if (cap->prompt && fa_onyx_is_prompt(cap->prompt, &host)) {
		fa_set_str(device, "hostname", host);
		free(host);
	}
	fa_onyx_lines_init(&it, cap);
	while ((line = fa_onyx_lines_next(&it))) {
		if (fa_onyx_is_error(line)) {
			r = fa_err_at(err, FA_EPARSE, cap->command, 0, 0, "device error: %s", line);
			free(line);
			return r;
		}
		if (fa_onyx_is_prompt(line, &host)) {
			fa_set_str(device, "hostname", host);
			free(host);
		} else if (fa_onyx_kv(line, &k, &v)) {
			fa_onyx_version_kv(device, k, v, &st);
		} else if (*line) {
			fa_device_warn(device, "%s: line not understood: '%s'", cap->command, line);
		}
		free(line);
	}
check:
	if (!st.found)
		return fa_err_at(err, FA_EPARSE, cap->command, 0, 0,
				 "no 'Product name' or 'Product release' in the output");
	return 0;
}
