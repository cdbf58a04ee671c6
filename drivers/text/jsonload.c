/* SPDX-License-Identifier: MIT */
/* json_loadb() through the project's reader first (see jsonload.h). */
#include "config.h"

#include <string.h>

#include "audit/util/jsonread.h"
#include "drivers/text/jsonload.h"
#include "audit/util/banned.h"

bool fa_json_has_u0000(const char *data, size_t len)
{
	const char *p = data, *end = data + len;

	/* backslashes are rare in device JSON: memchr skips most of the text at once */
	while (p < end && (p = memchr(p, '\\', (size_t)(end - p)))) {
		if (end - p >= 6 && memcmp(p, "\\u0000", 6) == 0)
			return true;
		p++;
	}
	return false;
}

json_t *fa_json_loadb(const char *data, size_t len, size_t flags, json_error_t *jerr)
{
	struct fa_err err = FA_ERR_INIT;
	json_t *v = NULL;

	if (!(flags & ~(size_t)(JSON_REJECT_DUPLICATES | JSON_DECODE_ANY)) &&
	    !fa_json_has_u0000(data, len) &&
	    fa_json_read_mem("output", data, len, 0, &v, &err) == 0) {
		if ((flags & JSON_DECODE_ANY) || json_is_object(v) || json_is_array(v))
			return v;
		json_decref(v);
	}
	return json_loadb(data, len, flags, jerr);
}
