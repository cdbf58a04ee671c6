/* SPDX-License-Identifier: MIT */
/* Loading an NCLU JSON answer (drivers/cumulus-nclu/parse-cumulus-nclu-int.h). */
#include "config.h"

#include <ctype.h>

#include "drivers/cumulus-nclu/parse-cumulus-nclu-int.h"
#include "drivers/text/jsonload.h"
#include "audit/util/banned.h"

const char *fa_nclu_cmd(const struct fa_capture *cap, const char *dflt)
{
	return cap && cap->command ? cap->command : dflt;
}

/* The @lineno-th line (from 1) of @d, at most 120 bytes of it, for a message. */
static int fa_nclu_line(const char *d, size_t len, int lineno, size_t *ret_len)
{
	size_t i = 0, e;

	while (lineno > 1 && i < len) {
		if (d[i++] == '\n')
			lineno--;
	}
	for (e = i; e < len && d[e] != '\n' && d[e] != '\0' && e - i < 120; e++)
		;
	*ret_len = e - i;
	return (int)i;
}

int fa_nclu_load(const struct fa_capture *cap, const char *dflt_cmd, json_t **ret,
		 struct fa_err *err)
{
	const char *cmd = fa_nclu_cmd(cap, dflt_cmd);
	const char *d = cap->data ? cap->data : "";
	size_t len = cap->data ? cap->len : 0, i, n;
	json_error_t jerr;
	json_t *root;
	int at;

	for (i = 0; i < len && isspace((unsigned char)d[i]); i++)
		;
	if (i == len)
		return fa_err_set(err, FA_EPARSE, "%s: empty output", cmd);
	root = fa_json_loadb(d, len, 0, &jerr);
	if (!root) {
		at = fa_nclu_line(d, len, jerr.line > 0 ? jerr.line : 1, &n);
		return fa_err_set(err, FA_EPARSE, "%s: not JSON (line %d: %s): %.*s", cmd,
				  jerr.line, jerr.text, (int)n, d + at);
	}
	if (!json_is_object(root)) {
		json_decref(root);
		return fa_err_set(err, FA_EPARSE, "%s: expected a JSON object", cmd);
	}
	*ret = root;
	return 0;
}
