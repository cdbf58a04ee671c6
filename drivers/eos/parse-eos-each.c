/* SPDX-License-Identifier: MIT */
/*
 * The walk the EOS per-interface JSON commands share: {"MEMBER": {"Ethernet1": {...}, ...}},
 * read one interface at a time (drivers/text/jsoneach.h): the whole output is never held as
 * values, which for 30,000 interfaces of "show interfaces" is several hundred MiB.
 */
#include "config.h"

#include "audit/model.h"
#include "drivers/eos/parse-eos.h"
#include "drivers/platform.h"
#include "drivers/text/jsoneach.h"
#include "audit/util/banned.h"

struct fa_eos_each {
	json_t *device;
	const char *cmd;
	fa_eos_interface_fn fn;
	const void *ctx;
	size_t n;
};

static int fa_eos_each_member(void *ctx, const char *key, size_t index, json_t *value,
			      struct fa_err *err)
{
	struct fa_eos_each *e = ctx;

	(void)index;
	(void)err;
	if (!key)	/* a list where the object belongs: refused once the walk is over */
		return 0;
	if (json_is_object(value))
		e->n += e->fn(e->device, key, value, e->ctx);
	else
		fa_device_warn(e->device, "%s: %s: entry is not an object", e->cmd, key);
	return 0;
}

int fa_eos_each_interface(const struct fa_capture *cap, json_t *device, struct fa_err *err,
			  const char *cmd, const char *member, fa_eos_interface_fn fn,
			  const void *ctx)
{
	struct fa_eos_each e = { device, cmd, fn, ctx, 0 };
	enum fa_json_each_kind kind = FA_JSON_EACH_MISSING;
	json_error_t jerr;
	int r;

	r = fa_json_each_in(cap->data, cap->len, member, 0, fa_eos_each_member, &e, &kind,
			    &jerr, err);
	if (r == -FA_EPARSE)
		return fa_err_set(err, FA_EPARSE, "%s: not JSON (line %d: %s)", cmd, jerr.line,
				  jerr.text);
	if (r < 0)
		return r;
	if (kind != FA_JSON_EACH_OBJECT)
		return fa_err_set(err, FA_EPARSE, "%s: no \"%s\" object", cmd, member);
	return e.n ? 0 : FA_PARSED_EMPTY;
}
