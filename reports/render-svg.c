/* SPDX-License-Identifier: MIT */
/*
 * The fabric map as SVG, from its layout (reports/map-layout.h): "--format svg" writes it as a
 * standalone image, and the HTML report puts the same drawing inline.
 *
 * Each device is a <g class="node s-STATE" data-device=NAME ...> with its facts as data
 * attributes and a <title> (what a pointer hovering it shows); each link a <line class="link
 * s-STATE" data-a data-ap data-b data-bp> with its own <title>.  The aggregated view draws
 * boxes (<g class="box" data-box=N>) and edges instead; for the HTML page each box also carries
 * its drill-down as two data attributes, one line per member ("name TAB x TAB y TAB state TAB
 * findings TAB kind TAB role TAB platform TAB status TAB tier") and one per link between
 * members ("a TAB b TAB a-port TAB b-port TAB state", a and b counting the member lines from
 * 0), which the page's script draws on a click: no SVG element per host until one is asked for.
 *
 * Every string from the report is escaped (reports/html-escape.c) and stripped of the control
 * characters XML does not allow, so the file is well-formed XML whatever a device is called.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "audit/util/xalloc.h"
#include "reports/map-layout.h"
#include "reports/render-int.h"
#include "audit/util/banned.h"

/* Edges drawn at most in the aggregated view (the worst first). */
#define FA_SVG_MAX_EDGES 6000
/* Characters of a name shown on a node or box; the whole name is in its <title>. */
#define FA_SVG_LABEL_NODE 14
#define FA_SVG_LABEL_BOX 24

/* Colours of the standalone file; the HTML page has them in reports/assets/report.css. */
static const char fa_svg_style[] =
	"text{font:12px system-ui,sans-serif;fill:#1d2433;text-anchor:middle}"
	".tier-label{text-anchor:start;fill:#5d6677;font-size:11px;text-transform:uppercase}"
	".node rect,.box rect{stroke-width:1.5}"
	".link,.edge{stroke-width:2;fill:none}"
	".s-error rect{fill:#fee4e2;stroke:#b42318}.s-warning rect{fill:#fef0c7;stroke:#b54708}"
	".s-info rect{fill:#e0ecfd;stroke:#175cd3}.s-ok rect{fill:#dcfae6;stroke:#067647}"
	".s-grey rect{fill:#eaecf0;stroke:#98a2b3}"
	"line.s-error{stroke:#d92d20;stroke-width:3}line.s-warning{stroke:#dc6803;stroke-width:3}"
	"line.s-info{stroke:#2e90fa}line.s-ok{stroke:#75b798}line.s-grey{stroke:#98a2b3;"
	"stroke-dasharray:4 3}.box-sub{font-size:11px;fill:#5d6677}";

/*
 * Append @s escaped, without XML-forbidden control characters, and in @field mode with tab,
 * newline and carriage return as spaces (so it cannot break a drill-down line).  With @max >
 * 0, at most @max characters (code points) and "…" when cut.
 */
static void fa_svg_text_ex(struct fa_buf *out, const char *s, size_t max, bool field)
{
	size_t i, start = 0, chars = 0;
	unsigned char c;

	if (!s)
		return;
	for (i = 0; s[i]; i++) {
		c = (unsigned char)s[i];
		if ((c & 0xc0) != 0x80 && max && chars++ == max) {
			fa_html_escapen(out, s + start, i - start);
			fa_buf_adds(out, "\xe2\x80\xa6");
			return;
		}
		if (c >= 0x20 || ((c == '\t' || c == '\n' || c == '\r') && !field))
			continue;
		fa_html_escapen(out, s + start, i - start);
		fa_buf_addch(out, ' ');
		start = i + 1;
	}
	fa_html_escapen(out, s + start, i - start);
}

static void fa_svg_text(struct fa_buf *out, const char *s)
{
	fa_svg_text_ex(out, s, 0, false);
}

/* A speed in bits/s as a person writes it: 400G, 25G, 100M. */
static void fa_svg_speed(struct fa_buf *out, long long bps)
{
	if (bps >= 1000000000LL && bps % 1000000000LL == 0)
		fa_buf_addf(out, "%lldG", bps / 1000000000LL);
	else if (bps >= 1000000LL)
		fa_buf_addf(out, "%lldM", bps / 1000000LL);
	else
		fa_buf_addf(out, "%lld", bps);
}

static void fa_svg_findings(struct fa_buf *out, size_t n, int state)
{
	if (!n)
		fa_buf_adds(out, state == FA_MAP_GREY ? "not collected" : "no findings");
	else
		fa_buf_addf(out, "%zu finding%s, worst %s", n, n == 1 ? "" : "s",
			    fa_map_state_name(state));
}

/* The data attributes and <title> facts of a device. */
static void fa_svg_node_attrs(struct fa_buf *out, const struct fa_map_node *n)
{
	static const char *const names[] = { "kind", "role", "platform", "status" };
	const char *vals[] = { n->kind, n->role, n->platform, n->status };
	size_t i;

	fa_buf_adds(out, " data-device=\"");
	fa_svg_text(out, n->name);
	fa_buf_addch(out, '"');
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (!vals[i])
			continue;
		fa_buf_addf(out, " data-%s=\"", names[i]);
		fa_svg_text(out, vals[i]);
		fa_buf_addch(out, '"');
	}
	if (n->tier != FA_MAP_NO_TIER)
		fa_buf_addf(out, " data-tier=\"%d\"", n->tier);
	fa_buf_addf(out, " data-findings=\"%zu\"", n->findings);
	if (n->via) {
		fa_buf_adds(out, " data-via=\"");
		fa_svg_text(out, n->via);
		fa_buf_addch(out, '"');
	}
}

static void fa_svg_node_title(struct fa_buf *out, const struct fa_map_node *n)
{
	fa_buf_adds(out, "<title>");
	fa_svg_text(out, n->name);
	fa_buf_adds(out, "\n");
	fa_svg_text(out, n->kind ? n->kind : "device");
	if (n->role) {
		fa_buf_adds(out, ", ");
		fa_svg_text(out, n->role);
	}
	if (n->platform) {
		fa_buf_adds(out, ", ");
		fa_svg_text(out, n->platform);
	}
	if (n->tier != FA_MAP_NO_TIER)
		fa_buf_addf(out, ", tier %d", n->tier);
	fa_buf_adds(out, "\nstatus ");
	fa_svg_text(out, n->status ? n->status : "ok");
	fa_buf_adds(out, "\n");
	fa_svg_findings(out, n->findings, n->state);
	fa_buf_adds(out, "</title>");
}

static void fa_svg_node(struct fa_buf *out, const struct fa_map_node *n, double x, double y)
{
	fa_buf_addf(out, "<g class=\"node s-%s\" tabindex=\"0\" transform=\"translate(%.0f %.0f)\"",
		    fa_map_state_name(n->state), x, y);
	fa_svg_node_attrs(out, n);
	fa_buf_addf(out, "><rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" rx=\"6\"/>"
			 "<text y=\"4\">", -FA_MAP_NODE_W / 2, -FA_MAP_NODE_H / 2, FA_MAP_NODE_W,
		    FA_MAP_NODE_H);
	fa_svg_text_ex(out, n->name, FA_SVG_LABEL_NODE, false);
	fa_buf_adds(out, "</text>");
	fa_svg_node_title(out, n);
	fa_buf_adds(out, "</g>\n");
}

static void fa_svg_link(struct fa_buf *out, const struct fa_map *m, const struct fa_map_link *l)
{
	const struct fa_map_node *a = &m->nodes[l->a], *b = &m->nodes[l->b];

	fa_buf_addf(out, "<line class=\"link s-%s\" x1=\"%.1f\" y1=\"%.0f\" x2=\"%.1f\" "
			 "y2=\"%.0f\" data-a=\"", fa_map_state_name(l->state), a->x + l->offset,
		    a->y, b->x + l->offset, b->y);
	fa_svg_text(out, a->name);
	fa_buf_adds(out, "\" data-ap=\"");
	fa_svg_text(out, l->aport);
	fa_buf_adds(out, "\" data-b=\"");
	fa_svg_text(out, b->name);
	fa_buf_adds(out, "\" data-bp=\"");
	fa_svg_text(out, l->bport);
	fa_buf_adds(out, "\"><title>");
	fa_svg_text(out, a->name);
	fa_buf_addch(out, ':');
	fa_svg_text(out, l->aport);
	fa_buf_adds(out, " -- ");
	fa_svg_text(out, b->name);
	fa_buf_addch(out, ':');
	fa_svg_text(out, l->bport);
	fa_buf_adds(out, "\n");
	if (l->source) {
		fa_svg_text(out, l->source);
		fa_buf_adds(out, ", ");
	}
	if (l->speed >= 0) {
		fa_svg_speed(out, l->speed);
		fa_buf_adds(out, ", ");
	}
	fa_svg_findings(out, l->findings, l->state);
	fa_buf_adds(out, "</title></line>\n");
}

/* Order of drawing: the worst last, so it is on top. */
static int fa_svg_state_rank(int state)
{
	static const int rank[FA_MAP_STATE_COUNT] = {
		[FA_SEVERITY_ERROR] = 4, [FA_SEVERITY_WARNING] = 3, [FA_SEVERITY_INFO] = 2,
		[FA_MAP_GREY] = 1, [FA_MAP_OK] = 0,
	};

	return state >= 0 && state < FA_MAP_STATE_COUNT ? rank[state] : 0;
}

static void fa_svg_rows(struct fa_buf *out, const struct fa_map *m, double height)
{
	size_t r;

	for (r = 0; r < m->nrows; r++) {
		fa_buf_addf(out, "<text class=\"tier-label\" x=\"8\" y=\"%.0f\">",
			    m->rows[r].y + height / 2 + 4);
		fa_svg_text(out, m->rows[r].label);
		fa_buf_adds(out, "</text>\n");
	}
}

static void fa_svg_full(struct fa_buf *out, const struct fa_map *m)
{
	size_t i;
	int rank;

	fa_svg_rows(out, m, FA_MAP_NODE_H);
	fa_buf_adds(out, "<g class=\"links\">\n");
	for (rank = 0; rank <= 4; rank++)
		for (i = 0; i < m->nlinks; i++)
			if (fa_svg_state_rank(m->links[i].state) == rank)
				fa_svg_link(out, m, &m->links[i]);
	fa_buf_adds(out, "</g>\n<g class=\"nodes\">\n");
	for (i = 0; i < m->nnodes; i++)
		fa_svg_node(out, &m->nodes[i], m->nodes[i].x, m->nodes[i].y);
	fa_buf_adds(out, "</g>\n");
}

/* A box's drill-down as the two data attributes the page's script reads. */
static void fa_svg_drill(struct fa_buf *out, const struct fa_map *m, const struct fa_map_box *b)
{
	json_t *at = json_object();
	char num[32];
	size_t i;

	fa_buf_addf(out, " data-size=\"%.0f %.0f\" data-nodes=\"", b->width, b->height);
	for (i = 0; i < b->nmembers; i++) {
		const struct fa_map_node *n = &m->nodes[b->members[i].node];

		if (i)
			fa_buf_addch(out, '\n');
		fa_svg_text_ex(out, n->name, 0, true);
		fa_buf_addf(out, "\t%.0f\t%.0f\t%s\t%zu\t", b->members[i].x, b->members[i].y,
			    fa_map_state_name(n->state), n->findings);
		fa_svg_text_ex(out, n->kind, 0, true);
		fa_buf_addch(out, '\t');
		fa_svg_text_ex(out, n->role, 0, true);
		fa_buf_addch(out, '\t');
		fa_svg_text_ex(out, n->platform, 0, true);
		fa_buf_addch(out, '\t');
		fa_svg_text_ex(out, n->status ? n->status : "ok", 0, true);
		fa_buf_addch(out, '\t');
		if (n->tier != FA_MAP_NO_TIER)
			fa_buf_addf(out, "%d", n->tier);
		snprintf(num, sizeof(num), "%zu", b->members[i].node);
		json_object_set_new(at, num, json_integer((json_int_t)i));
	}
	fa_buf_adds(out, "\" data-links=\"");
	for (i = 0; i < b->nlinks; i++) {
		const struct fa_map_link *l = &m->links[b->links[i]];
		json_int_t ia, ib;

		snprintf(num, sizeof(num), "%zu", l->a);
		ia = json_integer_value(json_object_get(at, num));
		snprintf(num, sizeof(num), "%zu", l->b);
		ib = json_integer_value(json_object_get(at, num));
		if (i)
			fa_buf_addch(out, '\n');
		fa_buf_addf(out, "%lld\t%lld\t", (long long)ia, (long long)ib);
		fa_svg_text_ex(out, l->aport, 0, true);
		fa_buf_addch(out, '\t');
		fa_svg_text_ex(out, l->bport, 0, true);
		fa_buf_addf(out, "\t%s", fa_map_state_name(l->state));
	}
	fa_buf_addch(out, '"');
	json_decref(at);
}

static void fa_svg_box(struct fa_buf *out, const struct fa_map *m, size_t i, unsigned flags)
{
	const struct fa_map_box *b = &m->boxes[i];
	int s;

	fa_buf_addf(out, "<g class=\"box s-%s\" tabindex=\"0\" data-box=\"%zu\" "
			 "transform=\"translate(%.0f %.0f)\"", fa_map_state_name(b->state), i, b->x,
		    b->y);
	if (b->nmembers == 1)
		fa_svg_node_attrs(out, &m->nodes[b->members[0].node]);
	else if (flags & FA_MAP_SVG_DRILL)
		fa_svg_drill(out, m, b);
	fa_buf_addf(out, "><rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" rx=\"8\"/>"
			 "<text y=\"-10\">", -FA_MAP_BOX_W / 2, -FA_MAP_BOX_H / 2, FA_MAP_BOX_W,
		    FA_MAP_BOX_H);
	fa_svg_text_ex(out, b->label, FA_SVG_LABEL_BOX, false);
	fa_buf_adds(out, "</text><text class=\"box-sub\" y=\"6\">");
	if (b->hosts)
		fa_buf_addf(out, "%zu host%s%s", b->hosts, b->hosts == 1 ? "" : "s",
			    b->switches ? ", " : "");
	if (b->switches)
		fa_buf_addf(out, "%zu switch%s", b->switches, b->switches == 1 ? "" : "es");
	fa_buf_adds(out, "</text><text class=\"box-sub\" y=\"21\">");
	if (b->findings)
		fa_buf_addf(out, "%zu finding%s", b->findings, b->findings == 1 ? "" : "s");
	else
		fa_buf_adds(out, b->state == FA_MAP_GREY ? "not all collected" : "no findings");
	fa_buf_adds(out, "</text><title>");
	fa_svg_text(out, b->label);
	fa_buf_addf(out, "\n%zu devices", b->nmembers);
	for (s = 0; s < FA_MAP_STATE_COUNT; s++)
		if (b->count[s])
			fa_buf_addf(out, "\n%zu %s", b->count[s], fa_map_state_name(s));
	fa_buf_addf(out, "\n%zu finding%s", b->findings, b->findings == 1 ? "" : "s");
	fa_buf_adds(out, "</title></g>\n");
}

/* An edge in drawing order: the worst state, then the most links, first. */
struct fa_svg_edge_key {
	size_t edge;
	int rank;
	size_t links;
};

static int fa_svg_edge_cmp(const void *x, const void *y)
{
	const struct fa_svg_edge_key *a = x, *b = y;

	if (a->rank != b->rank)
		return b->rank - a->rank;
	if (a->links != b->links)
		return a->links > b->links ? -1 : 1;
	return a->edge < b->edge ? -1 : a->edge > b->edge;
}

static void fa_svg_aggregated(struct fa_buf *out, const struct fa_map *m, unsigned flags)
{
	struct fa_svg_edge_key *order = fa_xcalloc(m->nedges + 1, sizeof(*order));
	size_t i, n;

	for (i = 0; i < m->nedges; i++) {
		order[i].edge = i;
		order[i].rank = fa_svg_state_rank(m->edges[i].state);
		order[i].links = m->edges[i].links;
	}
	qsort(order, m->nedges, sizeof(*order), fa_svg_edge_cmp);
	n = m->nedges < FA_SVG_MAX_EDGES ? m->nedges : FA_SVG_MAX_EDGES;
	fa_svg_rows(out, m, FA_MAP_BOX_H);
	fa_buf_adds(out, "<g class=\"edges\">\n");
	/* the worst were sorted first; drawn last, on top */
	for (i = n; i-- > 0;) {
		const struct fa_map_edge *e = &m->edges[order[i].edge];
		const struct fa_map_box *a = &m->boxes[e->a], *b = &m->boxes[e->b];

		fa_buf_addf(out, "<line class=\"edge s-%s\" x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" "
				 "y2=\"%.0f\" style=\"stroke-width:%.1f\"><title>",
			    fa_map_state_name(e->state), a->x, a->y, b->x, b->y,
			    1.5 + log2((double)e->links) / 2);
		fa_svg_text(out, a->label);
		fa_buf_adds(out, " -- ");
		fa_svg_text(out, b->label);
		fa_buf_addf(out, "\n%zu link%s</title></line>\n", e->links, e->links == 1 ? "" : "s");
	}
	fa_buf_adds(out, "</g>\n<g class=\"boxes\">\n");
	for (i = 0; i < m->nboxes; i++)
		fa_svg_box(out, m, i, flags);
	fa_buf_adds(out, "</g>\n");
	free(order);
}

void fa_map_svg(struct fa_buf *out, const struct fa_map *m, unsigned flags)
{
	double w = m->width > 200 ? m->width : 200, h = m->height > 60 ? m->height : 60;

	if (flags & FA_MAP_SVG_STANDALONE)
		fa_buf_adds(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	/* inside HTML the parser knows the namespace: the page names no URL at all */
	fa_buf_addf(out, "<svg%s class=\"fabric-map%s\" id=\"map-svg\" width=\"%.0f\" "
			 "height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" role=\"img\" "
			 "aria-label=\"Fabric map\">\n",
		    flags & FA_MAP_SVG_STANDALONE ? " xmlns=\"http://www.w3.org/2000/svg\"" : "",
		    m->aggregated ? " aggregated" : "", w, h, w, h);
	if (flags & FA_MAP_SVG_STANDALONE)
		fa_buf_addf(out, "<title>Fabric map: %zu devices, %zu links</title>\n<style>%s</style>\n",
			    m->nnodes, m->nlinks, fa_svg_style);
	if (m->aggregated)
		fa_svg_aggregated(out, m, flags);
	else
		fa_svg_full(out, m);
	fa_buf_adds(out, "</svg>\n");
}

/* The map of an audit report needs its topology; diffs and gates have none to draw. */
int fa_map_of(const json_t *doc, const char *format, struct fa_map *map, struct fa_err *err)
{
	const char *f = fa_report_str(doc, "format");

	if (f && strcmp(f, FA_REPORT_FORMAT) != 0)
		return fa_err_set(err, FA_EINVAL, "the %s format draws an audit report's topology, "
				  "not a %s document", format, f);
	if (fa_map_layout(doc, map) < 0)
		return fa_err_set(err, FA_EINVAL, "the report has no topology to draw (written by "
				  "an older fabric-audit: audit the snapshot again)");
	return 0;
}

int fa_render_svg(const json_t *doc, const struct fa_render_opts *opts, struct fa_buf *out,
		  struct fa_err *err)
{
	struct fa_map map;
	int ret = fa_map_of(doc, "svg", &map, err);

	if (ret < 0)
		return ret;
	fa_map_svg(out, &map, FA_MAP_SVG_STANDALONE);
	fa_map_release(&map);
	return 0;
}
