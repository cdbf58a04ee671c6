/* SPDX-License-Identifier: MIT */
/*
 * SONiC "show version" into the model: os (name, version, kernel), model and serial.
 *
 * The output is "Key: value" lines, a blank line, more of them, then a "Docker images:"
 * table that is not read.  The version line reads "SONiC Software Version: SONiC.<version>";
 * the model is "Model Number" where the platform prints one, else the HwSKU.  "Hardware
 * Rev" was renamed "Hardware Revision"; neither is in the model.
 */
#include "config.h"

#include <string.h>

#include "audit/model.h"
#include "drivers/sonic/parse-sonic.h"
#include "audit/util/banned.h"

#define FA_VERSION_CMD "show version"

/* Keys read, and those known and deliberately not read (so they raise no warning). */
static const char *const fa_known_keys[] = {
    "Distribution", "Build commit", "Build date",	 "Built by", "Platform", "ASIC",
    "ASIC Count",   "Hardware Rev", "Hardware Revision", "Uptime",   "Date",
};

static bool fa_value_is_set(const char *v, size_t n)
{
	return n && !(n == 3 && strncmp(v, "N/A", 3) == 0);
}

int fa_parse_sonic_version(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *p = cap->data, *end = cap->data + strlen(cap->data);
	const char *model = NULL, *sku = NULL;
	size_t model_len = 0, sku_len = 0;
	bool seen = false;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
		const char *next = nl ? nl + 1 : end;
		const char *colon, *v;
		size_t klen, vlen, i;
		bool known = false;

		while (len && (p[len - 1] == '\r' || p[len - 1] == ' '))
			len--;
		if (len >= 14 && strncmp(p, "Docker images:", 14) == 0)
			break;
		colon = memchr(p, ':', len);
		if (!len || !colon) {
			if (len)
				fa_device_warn(device, FA_VERSION_CMD ": line not understood: %.*s",
					       (int)(len > 120 ? 120 : len), p);
			p = next;
			continue;
		}
		klen = (size_t)(colon - p);
		v = colon + 1;
		while (v < p + len && *v == ' ')
			v++;
		vlen = (size_t)(p + len - v);

#define KEY_IS(s) (klen == strlen(s) && strncmp(p, s, klen) == 0)
		if (KEY_IS("SONiC Software Version")) {
			if (vlen > 6 && strncmp(v, "SONiC.", 6) == 0) {
				v += 6;
				vlen -= 6;
			}
			if (vlen) {
				fa_set_str(device, "os.name", "SONiC");
				fa_set_strn(device, "os.version", v, vlen);
				seen = true;
			}
		} else if (KEY_IS("Kernel")) {
			if (vlen)
				fa_set_strn(device, "os.kernel", v, vlen);
		} else if (KEY_IS("Serial Number")) {
			if (fa_value_is_set(v, vlen))
				fa_set_strn(device, "serial", v, vlen);
		} else if (KEY_IS("Model Number")) {
			model = v;
			model_len = vlen;
		} else if (KEY_IS("HwSKU")) {
			sku = v;
			sku_len = vlen;
		} else {
			for (i = 0; i < sizeof(fa_known_keys) / sizeof(fa_known_keys[0]); i++)
				if (KEY_IS(fa_known_keys[i]))
					known = true;
			if (!known)
				fa_device_warn(device, FA_VERSION_CMD ": key not understood: %.*s",
					       (int)(klen > 60 ? 60 : klen), p);
		}
#undef KEY_IS
		p = next;
	}
	if (!seen)
		return fa_err_set(err, FA_EPARSE,
				  FA_VERSION_CMD ": no 'SONiC Software Version' line");
	if (model && fa_value_is_set(model, model_len))
		fa_set_strn(device, "model", model, model_len);
	else if (sku && fa_value_is_set(sku, sku_len))
		fa_set_strn(device, "model", sku, sku_len);
	return 0;
}
