/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <string.h>

#include "audit/severity.h"
#include "audit/util/banned.h"

static const char *const fa_severity_names[FA_SEVERITY_COUNT] = {
	[FA_SEVERITY_ERROR] = "error",
	[FA_SEVERITY_WARNING] = "warning",
	[FA_SEVERITY_INFO] = "info",
};

const char *fa_severity_to_string(enum fa_severity s)
{
	return (unsigned)s < FA_SEVERITY_COUNT ? fa_severity_names[s] : NULL;
}

int fa_severity_from_string(const char *s)
{
	int i;

	for (i = 0; s && i < FA_SEVERITY_COUNT; i++)
		if (strcmp(fa_severity_names[i], s) == 0)
			return i;
	return -1;
}
