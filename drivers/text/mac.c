/* SPDX-License-Identifier: MIT */
/* MAC addresses in the model's form (mac.h). */
#include "config.h"

#include <ctype.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/text/mac.h"
#include "audit/util/banned.h"

bool fa_mac_canonical(const char *s, size_t len, char out[18])
{
	size_t group = len == 17 ? 2 : len == 14 ? 4 : 0, i, n = 0;
	char sep = group == 2 ? s[2] : '.';

	if (!group || (group == 2 && sep != ':' && sep != '-'))
		return false;
	for (i = 0; i < len; i++) {
		if (i % (group + 1) == group) {
			if (s[i] != sep)
				return false;
			continue;
		}
		if (!isxdigit((unsigned char)s[i]))
			return false;
		out[n / 2 * 3 + n % 2] = (char)tolower((unsigned char)s[i]);
		n++;
	}
	for (i = 0; i < 5; i++)
		out[i * 3 + 2] = ':';
	out[17] = '\0';
	return true;
}

bool fa_set_mac(json_t *port, const char *s)
{
	char out[18];

	if (!s || !fa_mac_canonical(s, strlen(s), out))
		return false;
	fa_set_str(port, "mac", out);
	return true;
}
