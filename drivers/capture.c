/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <ctype.h>
#include <string.h>

#include "audit/util/xalloc.h"
#include "drivers/capture.h"

char *fa_capture_slug(const char *command)
{
	size_t n = strlen(command), o = 0;
	char *s = fa_xmalloc(n + 1);
	int dash = 0;

	for (; *command; command++) {
		unsigned char c = (unsigned char)*command;

		if (isalnum(c)) {
			if (dash && o > 0)
				s[o++] = '-';
			dash = 0;
			s[o++] = (char)tolower(c);
		} else {
			dash = 1;
		}
	}
	s[o] = '\0';
	return s;
}
