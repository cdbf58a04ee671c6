/* SPDX-License-Identifier: MIT */
/*
 * JSON output: the report value itself, two-space indented with sorted keys so that goldens
 * and diffs of two runs are stable, and a final newline so the file is a proper text file.
 */
#include "config.h"

#include "audit/util/jsonwrite.h"
#include "reports/render-int.h"
#include "audit/util/banned.h"

int fa_render_json(const json_t *report, const struct fa_render_opts *opts, struct fa_buf *out,
		   struct fa_err *err)
{
	if (fa_json_write(report, JSON_INDENT(2) | JSON_SORT_KEYS, out) < 0)
		return fa_err_set(err, FA_EINVAL, "the report cannot be encoded as JSON");
	return fa_buf_addch(out, '\n');
}
