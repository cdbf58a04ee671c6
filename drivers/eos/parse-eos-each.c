/* SPDX-License-Identifier: MIT */
/*
 * The walk the EOS per-interface JSON commands share: {"MEMBER": {"Ethernet1": {...}, ...}}.
 */
#include "config.h"

#include "audit/model.h"
#include "drivers/eos/parse-eos.h"
#include "drivers/platform.h"
#include "audit/util/banned.h"

int fa_eos_each_interface(const struct fa_capture *cap, json_t *device, struct fa_err *err,
			  const char *cmd, const char *member, fa_eos_interface_fn fn,
			  const void *ctx)
{
	json_error_t jerr;
	json_t *root, *ifs, *v;
	const char *k;
	size_t n = 0;

	root = json_loadb(cap->data, cap->len, 0, &jerr);
	if (!root)
		return fa_err_set(err, FA_EPARSE, "%s: not JSON (line %d: %s)", cmd, jerr.line,
				  jerr.text);
	ifs = json_object_get(root, member);
	if (!json_is_object(ifs)) {
		json_decref(root);
		return fa_err_set(err, FA_EPARSE, "%s: no \"%s\" object", cmd, member);
	}
	json_object_foreach(ifs, k, v)
	{
		if (json_is_object(v))
			n += fn(device, k, v, ctx);
		else
			fa_device_warn(device, "%s: %s: entry is not an object", cmd, k);
	}
	json_decref(root);
	return n ? 0 : FA_PARSED_EMPTY;
}
