/* SPDX-License-Identifier: MIT */
/*
 * Internals shared by the renderers of reports/: the renderer table entry and the helpers every
 * renderer uses to read the report value without trusting its shape.
 *
 * A renderer appends to an uncapped buffer of its own; fa_report_render() copies the result
 * into the caller's buffer in one add, so a cap on the caller's buffer is honoured in one place.
 */
#ifndef FA_REPORTS_RENDER_INT_H
#define FA_REPORTS_RENDER_INT_H

#include <jansson.h>

#include "audit/util/buf.h"
#include "audit/util/err.h"
#include "reports/report.h"

typedef int fa_render_fn(const json_t *doc, const struct fa_render_opts *opts,
			 struct fa_buf *out, struct fa_err *err);

/* One output format: how it renders an audit report, a diff and a gate result. */
struct fa_renderer {
	const char *name;
	fa_render_fn *render;
	fa_render_fn *render_diff;
	fa_render_fn *render_gate;
};

fa_render_fn fa_render_text, fa_render_text_diff, fa_render_text_gate;
fa_render_fn fa_render_json;
fa_render_fn fa_render_html, fa_render_html_diff, fa_render_html_gate;
fa_render_fn fa_render_junit, fa_render_junit_diff, fa_render_junit_gate;
fa_render_fn fa_render_prometheus, fa_render_prometheus_diff, fa_render_prometheus_gate;
/* svg and dot draw an audit report's topology; a diff or gate document is -FA_EINVAL. */
fa_render_fn fa_render_svg, fa_render_dot;

struct fa_map;

enum fa_map_svg_flags {
	FA_MAP_SVG_STANDALONE = 1 << 0,	/* a file of its own: XML prolog, title, style */
	FA_MAP_SVG_DRILL = 1 << 1,	/* boxes carry their drill-down (the HTML page) */
};

/* Append the SVG drawing of @map to @out (reports/render-svg.c). */
void fa_map_svg(struct fa_buf *out, const struct fa_map *map, unsigned flags);

/*
 * Lay out the map of @doc into @map (release with fa_map_release()).  -FA_EINVAL, naming
 * @format, when @doc is a diff or gate document or a report without a topology.
 */
int fa_map_of(const json_t *doc, const char *format, struct fa_map *map, struct fa_err *err);

/* Prometheus: append @s as a label value (backslash, double quote and newline escaped). */
void fa_prom_escape_label(struct fa_buf *out, const char *s);
/* Prometheus: the per-port health metrics of @snapshot (reports/render-prom-ports.c). */
void fa_prom_ports(struct fa_buf *out, const char *command, const json_t *snapshot);

/* Borrowed: the string at dotted @path, or NULL when absent or not a string. */
const char *fa_report_str(const json_t *obj, const char *path);
/* The integer at dotted @path, or @dflt when absent or not an integer. */
long long fa_report_int(const json_t *obj, const char *path, long long dflt);
/* Number of items of the array at @path (0 when absent or not an array). */
size_t fa_report_len(const json_t *obj, const char *path);

/* Borrowed: the field of @section whose key is @key (a programmer error when missing). */
const struct fa_report_field *fa_report_field_find(const struct fa_report_section *section,
						   const char *key);

/* Values longer than this many characters are cut in the text and HTML reports. */
#define FA_REPORT_VALUE_MAX 200

/*
 * The byte length of the first FA_REPORT_VALUE_MAX characters (code points) of @s (@len bytes),
 * never inside a UTF-8 sequence; *ret_rest gets how many characters follow the cut.  A value
 * that is not longer gives @len and 0.
 */
size_t fa_report_value_cut(const char *s, size_t len, size_t *ret_rest);

/* Append the marker of a cut value to @out: "… 99,800 more characters". */
void fa_report_value_marker(struct fa_buf *out, size_t rest);

#endif /* FA_REPORTS_RENDER_INT_H */
