/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdbool.h>
#include <string.h>

#include "audit/model.h"
#include "audit/util/buf.h"
#include "audit/util/utf8.h"
#include "drivers/capture-parse.h"
#include "drivers/parse.h"
#include "drivers/text/jsonload.h"
#include "audit/util/banned.h"

/* Whether @s looks like a JSON document: its first byte past white space opens one. */
static bool fa_looks_like_json(const char *s, size_t len)
{
	size_t i = 0;

	while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n'))
		i++;
	return i < len && (s[i] == '{' || s[i] == '[');
}

/*
 * In JSON text, turn each escape \u0000 (a NUL no JSON reader of ours accepts) into \uFFFD,
 * in place (the same length); a backslash escaped itself ("\\u0000") is text, left alone.
 */
static size_t fa_json_unescape_nul(char *s, size_t len)
{
	size_t i, n = 0, backslashes = 0;

	for (i = 0; i < len; i++) {
		if (s[i] == '\\') {
			backslashes++;
			continue;
		}
		if (backslashes % 2 == 1 && len - i >= 5 && memcmp(s + i, "u0000", 5) == 0) {
			memcpy(s + i, "uFFFD", 5);
			n++;
		}
		backslashes = 0;
	}
	return n;
}

int fa_capture_parse(const struct fa_command *c, const struct fa_capture *cap, json_t *device,
		     struct fa_err *err)
{
	struct fa_capture clean;
	struct fa_buf b;
	size_t n;
	int r;
	bool json = fa_looks_like_json(cap->data, cap->len);

	if (fa_utf8_is_clean(cap->data, cap->len, FA_UTF8_KEEP_CONTROLS) &&
	    !(json && fa_json_has_u0000(cap->data, cap->len)))
		return fa_parse_output(c->parse, cap, device, err);
	fa_buf_init(&b, 0);
	n = fa_utf8_clean(cap->data, cap->len, FA_UTF8_KEEP_CONTROLS, &b);
	if (json)
		n += fa_json_unescape_nul(b.buf, b.len);
	if (n > 0)
		fa_device_warn(device, "%s: output is not all text: %zu NUL or ill-formed UTF-8 "
			       "sequence%s read as U+FFFD", cap->command, n, n == 1 ? "" : "s");
	clean = *cap;
	clean.data = b.buf;
	clean.len = b.len;
	clean.writable = true;
	r = fa_parse_output(c->parse, &clean, device, err);
	fa_buf_release(&b);
	return r;
}

void fa_capture_clean_device(json_t *device)
{
	fa_utf8_clean_json(device);
}
