/* SPDX-License-Identifier: MIT */
/*
 * "--format dot": the fabric map as a Graphviz graph, for users who lay it out themselves
 * ("dot -Tsvg map.dot -o map.svg").  Every device and every link, never aggregated, coloured
 * as on the map (reports/map-layout.h), devices of one tier on one rank, hosts at the bottom;
 * tooltips carry the facts the map's hover shows.
 *
 * Quoting: every name is a double-quoted DOT string with backslash and double quote escaped
 * (so a name cannot end the string or the graph) and control characters as spaces.  The same
 * escaped text is the node id and its label; in a label Graphviz reads "\\" as one backslash.
 */
#include "config.h"

#include <string.h>

#include "reports/map-layout.h"
#include "reports/render-int.h"
#include "audit/util/banned.h"

/* Fill and line colour of each state (the map's palette). */
static const char *const fa_dot_fill[FA_MAP_STATE_COUNT] = {
	[FA_SEVERITY_ERROR] = "#fee4e2", [FA_SEVERITY_WARNING] = "#fef0c7",
	[FA_SEVERITY_INFO] = "#e0ecfd", [FA_MAP_OK] = "#dcfae6", [FA_MAP_GREY] = "#eaecf0",
};
static const char *const fa_dot_line[FA_MAP_STATE_COUNT] = {
	[FA_SEVERITY_ERROR] = "#d92d20", [FA_SEVERITY_WARNING] = "#dc6803",
	[FA_SEVERITY_INFO] = "#2e90fa", [FA_MAP_OK] = "#067647", [FA_MAP_GREY] = "#98a2b3",
};

/* Append @s inside a double-quoted DOT string. */
static void fa_dot_escape(struct fa_buf *out, const char *s)
{
	for (; s && *s; s++) {
		if (*s == '"' || *s == '\\')
			fa_buf_addch(out, '\\');
		fa_buf_addch(out, (unsigned char)*s < 0x20 ? ' ' : *s);
	}
}

static void fa_dot_quoted(struct fa_buf *out, const char *s)
{
	fa_buf_addch(out, '"');
	fa_dot_escape(out, s);
	fa_buf_addch(out, '"');
}

static int fa_dot_state(int state)
{
	return state >= 0 && state < FA_MAP_STATE_COUNT ? state : FA_MAP_GREY;
}

static void fa_dot_node(struct fa_buf *out, const struct fa_map_node *n)
{
	int s = fa_dot_state(n->state);

	fa_buf_adds(out, "\t");
	fa_dot_quoted(out, n->name);
	fa_buf_addf(out, " [fillcolor=\"%s\", color=\"%s\", tooltip=\"", fa_dot_fill[s],
		    fa_dot_line[s]);
	fa_dot_escape(out, n->kind ? n->kind : "device");
	if (n->role) {
		fa_buf_adds(out, ", ");
		fa_dot_escape(out, n->role);
	}
	if (n->platform) {
		fa_buf_adds(out, ", ");
		fa_dot_escape(out, n->platform);
	}
	fa_buf_adds(out, "; status ");
	fa_dot_escape(out, n->status ? n->status : "ok");
	fa_buf_addf(out, "; %zu findings, worst %s\"];\n", n->findings, fa_map_state_name(s));
}

static void fa_dot_link(struct fa_buf *out, const struct fa_map *m, const struct fa_map_link *l)
{
	int s = fa_dot_state(l->state);

	fa_buf_adds(out, "\t");
	fa_dot_quoted(out, m->nodes[l->a].name);
	fa_buf_adds(out, " -- ");
	fa_dot_quoted(out, m->nodes[l->b].name);
	fa_buf_addf(out, " [color=\"%s\"%s, tooltip=\"", fa_dot_line[s],
		    s < FA_SEVERITY_COUNT ? ", penwidth=3" :
		    s == FA_MAP_GREY ? ", style=dashed" : "");
	fa_dot_escape(out, m->nodes[l->a].name);
	fa_buf_addch(out, ':');
	fa_dot_escape(out, l->aport);
	fa_buf_adds(out, " -- ");
	fa_dot_escape(out, m->nodes[l->b].name);
	fa_buf_addch(out, ':');
	fa_dot_escape(out, l->bport);
	fa_buf_addf(out, "; %zu findings, worst %s\"];\n", l->findings, fa_map_state_name(s));
}

int fa_render_dot(const json_t *doc, const struct fa_render_opts *opts, struct fa_buf *out,
		  struct fa_err *err)
{
	struct fa_map map;
	size_t i, r;
	int ret = fa_map_of(doc, "dot", &map, err);

	if (ret < 0)
		return ret;
	fa_buf_adds(out, "/* fabric-audit fabric map: dot -Tsvg FILE.dot -o FILE.svg */\n"
			 "graph \"fabric\" {\n"
			 "\trankdir=BT;\n\tranksep=1.2;\n"
			 "\tnode [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", "
			 "fontsize=10];\n\tedge [penwidth=1.5];\n");
	/* one rank per tier: the map's rows, whatever its view */
	for (r = 0; r <= 64; r++) {
		int tier = r == 64 ? FA_MAP_NO_TIER : (int)r;
		bool any = false;

		for (i = 0; i < map.nnodes; i++) {
			if (map.nodes[i].tier != tier)
				continue;
			if (!any)
				fa_buf_addf(out, "\tsubgraph \"tier_%d\" {\n\t\trank=same;\n", tier);
			any = true;
			fa_buf_adds(out, "\t");
			fa_dot_node(out, &map.nodes[i]);
		}
		if (any)
			fa_buf_adds(out, "\t}\n");
	}
	for (i = 0; i < map.nlinks; i++)
		fa_dot_link(out, &map, &map.links[i]);
	fa_buf_adds(out, "}\n");
	fa_map_release(&map);
	return 0;
}
