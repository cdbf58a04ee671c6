/* SPDX-License-Identifier: MIT */
/*
 * JSON output: the report value itself, two-space indented with sorted keys so that goldens
 * and diffs of two runs are stable, and a final newline so the file is a proper text file.
 */
#include "config.h"

#include "reports/render-int.h"
#include "audit/util/banned.h"

int fa_render_json(const json_t *report, const struct fa_render_opts *opts, struct fa_buf *out,
		   struct fa_err *err)
{
	const size_t flags = JSON_INDENT(2) | JSON_SORT_KEYS;
	size_t need = json_dumpb(report, NULL, 0, flags);
	int r;

	if (need == 0)
		return fa_err_set(err, FA_EINVAL, "the report cannot be encoded as JSON");
	r = fa_buf_grow(out, need + 1);
	if (r < 0)
		return fa_err_set(err, -r, "the JSON report is too large");
	if (json_dumpb(report, out->buf + out->len, need, flags) != need)
		return fa_err_set(err, FA_EINTERNAL, "the report changed while it was encoded");
	out->len += need;
	out->buf[out->len] = '\0';
	return fa_buf_addch(out, '\n');
}
