/* SPDX-License-Identifier: MIT */
/*
 * The one HTML escape function.  Every string of a report that reaches an HTML page (device
 * names, messages and values come from devices, so from whoever controls a device) goes
 * through here.  Escaping all five of & < > " ' makes the result safe both in element content
 * and in quoted attribute values, so a caller cannot pick the wrong variant.
 */
#include "config.h"

#include <string.h>

#include "reports/report.h"
#include "audit/util/banned.h"

void fa_html_escapen(struct fa_buf *out, const char *s, size_t len)
{
	size_t i, start = 0;
	const char *ref;

	if (!s)
		return;
	for (i = 0; i < len; i++) {
		switch (s[i]) {
		case '&':
			ref = "&amp;";
			break;
		case '<':
			ref = "&lt;";
			break;
		case '>':
			ref = "&gt;";
			break;
		case '"':
			ref = "&quot;";
			break;
		case '\'':
			ref = "&#39;";
			break;
		default:
			continue;
		}
		fa_buf_add(out, s + start, i - start);
		fa_buf_adds(out, ref);
		start = i + 1;
	}
	fa_buf_add(out, s + start, len - start);
}

void fa_html_escape(struct fa_buf *out, const char *s)
{
	if (s)
		fa_html_escapen(out, s, strlen(s));
}
