/* SPDX-License-Identifier: MIT */
/* The parser boundary (see parse.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/parse.h"
#include "drivers/text/outnorm.h"
#include "audit/util/banned.h"

/* A copy of @device without its warnings: what a parser is judged on. */
static json_t *fa_parse_model_of(const json_t *device)
{
	json_t *copy = json_deep_copy(device);

	json_object_del(copy, "warnings");
	return copy;
}

/* The first line with text of @s, cut to fit a message. */
static void fa_parse_first_line(const char *s, char *buf, size_t size)
{
	size_t n = 0;

	while (*s == '\n')
		s++;
	while (s[n] && s[n] != '\n' && n + 1 < size && n < 60)
		n++;
	memcpy(buf, s, n);
	buf[n] = '\0';
}

int fa_parse_output(fa_parse_fn *fn, const struct fa_capture *cap, json_t *device,
		    struct fa_err *err)
{
	struct fa_capture norm = *cap;
	struct fa_buf text = FA_BUF_INIT;
	char *prompt = NULL;
	json_t *before = NULL, *after;
	bool has_text;
	int r;

	if (cap->format == FA_CAPTURE_TEXT) {
		fa_outnorm(cap->data, cap->len, cap->command, &text, &prompt);
		norm.data = text.buf;
		norm.len = text.len;
		if (prompt)
			norm.prompt = prompt;
	}
	has_text = !fa_outnorm_is_blank(norm.data, norm.len);
	if (has_text)
		before = fa_parse_model_of(device);
	r = fn(&norm, device, err);
	if (r == FA_PARSED_EMPTY || r < 0 || !has_text) {
		r = r < 0 ? r : 0;
		goto out;
	}
	/* no field, at most warnings about lines not understood: nothing was recognised */
	after = fa_parse_model_of(device);
	if (json_equal(before, after)) {
		char first[64];

		fa_parse_first_line(norm.data, first, sizeof(first));
		r = fa_err_set(err, FA_EPARSE,
			       "nothing recognised in the output (it starts \"%s\")", first);
	}
	json_decref(after);
out:
	free(prompt);
	json_decref(before);
	fa_buf_release(&text);
	return r;
}
