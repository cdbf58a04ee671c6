/* SPDX-License-Identifier: MIT */
/*
 * The renderer table and the one entry point, fa_report_render().  --format picks an entry
 * by exact name; a miss names every known format.
 */
#include "config.h"

#include <string.h>

#include "reports/render-int.h"
#include "reports/report.h"
#include "audit/util/banned.h"

static const struct fa_renderer fa_renderers[] = {
	{ "text", fa_render_text, fa_render_text_diff, fa_render_text_gate },
	{ "json", fa_render_json, fa_render_json, fa_render_json },
	{ "html", fa_render_html, fa_render_html_diff, fa_render_html_gate },
	{ "junit", fa_render_junit, fa_render_junit_diff, fa_render_junit_gate },
	{ "prometheus", fa_render_prometheus, fa_render_prometheus_diff,
	  fa_render_prometheus_gate },
	{ "svg", fa_render_svg, fa_render_svg, fa_render_svg },
	{ "dot", fa_render_dot, fa_render_dot, fa_render_dot },
};

#define FA_RENDERER_COUNT (sizeof(fa_renderers) / sizeof(fa_renderers[0]))

const char *fa_report_format_names(void)
{
	return "text, json, html, junit, prometheus, svg, dot";
}

/* The renderer function of @r for the kind of document @doc is. */
static fa_render_fn *fa_renderer_for(const struct fa_renderer *r, const json_t *doc)
{
	const json_t *f = json_object_get(doc, "format");
	const char *format = json_is_string(f) ? json_string_value(f) : "";

	if (strcmp(format, FA_REPORT_DIFF_FORMAT) == 0)
		return r->render_diff;
	if (strcmp(format, FA_REPORT_GATE_FORMAT) == 0)
		return r->render_gate;
	return r->render;
}

static const struct fa_renderer *fa_renderer_find(const char *name)
{
	size_t i;

	for (i = 0; name && i < FA_RENDERER_COUNT; i++)
		if (strcmp(fa_renderers[i].name, name) == 0)
			return &fa_renderers[i];
	return NULL;
}

bool fa_report_format_is_known(const char *format)
{
	return fa_renderer_find(format) != NULL;
}

int fa_report_render(const json_t *report, const char *format, const struct fa_render_opts *opts,
		     struct fa_buf *out, struct fa_err *err)
{
	static const struct fa_render_opts defaults = FA_RENDER_OPTS_INIT;
	const struct fa_renderer *r = fa_renderer_find(format);
	struct fa_buf tmp = FA_BUF_INIT;
	int ret;

	if (!r)
		return fa_err_set(err, FA_EINVAL, "unknown report format '%s' (known: %s)",
				  format ? format : "", fa_report_format_names());
	if (!json_is_object(report))
		return fa_err_set(err, FA_EINVAL, "a report must be a JSON object");
	ret = fa_renderer_for(r, report)(report, opts ? opts : &defaults, &tmp, err);
	if (ret < 0)
		goto out;
	ret = fa_buf_add(out, tmp.buf, tmp.len);
	if (ret < 0)
		fa_err_set(err, -ret, "the %s report is larger than its output limit", r->name);
out:
	fa_buf_release(&tmp);
	return ret;
}
