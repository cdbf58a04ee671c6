/* SPDX-License-Identifier: MIT */
/*
 * The fabric map's layout, computed from a report's "topology" and "findings" alone: where
 * each device and link is drawn and which colour it takes.  The SVG (reports/render-svg.c),
 * the HTML page and the Graphviz text all draw from this one struct.
 *
 * Nouns.  A *node* is one device of the topology; a *link* joins two nodes.  Nodes sit in
 * *rows* by tier, the highest tier at the top (super-spines, spines, leaves, hosts), devices
 * without a tier in a row of their own above them; a row longer than the view allows wraps
 * onto sub-rows.  Within a row, nodes are ordered so that links cross little: name order
 * first, then a few sweeps placing each node at the mean position of its neighbours in the
 * row above (going down) and below (going up).
 *
 * A node's or link's *state* is its colour: the severity of its worst finding (error,
 * warning, info), else grey when a device was not collected (a link: when an end was not),
 * else ok.  A device's findings are those whose subject names it (device, a, b or endpoint,
 * the devices the findings table filters on); a link's are those naming either end port as a
 * port, a link end or a path hop.  An InfiniBand node (a device "via" the fabric's device,
 * audit/topology.h) takes the findings naming one of its linked ports.
 *
 * From FA_MAP_AGGREGATE devices on, the view is *aggregated*: *boxes* stand for many nodes
 * (one per pod: hosts and leaves that links join; the spines whose links go mostly to one pod;
 * blocks of any other tier), with counts and the worst state of their members, and *edges*
 * join boxes with how many links they stand for.  Each box also has the layout of its own
 * members (its drill-down), in a frame of its own.  Nothing in the aggregated view grows with
 * the number of hosts but the members' names and positions of the drill-downs.
 */
#ifndef FA_REPORTS_MAP_LAYOUT_H
#define FA_REPORTS_MAP_LAYOUT_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "audit/severity.h"

/* From this many devices on, the map is aggregated. */
#define FA_MAP_AGGREGATE 500

/* Colours: the severities, then ok and grey (not collected). */
enum fa_map_state {
	FA_MAP_OK = FA_SEVERITY_COUNT,
	FA_MAP_GREY,
	FA_MAP_STATE_COUNT
};

/* Tier of a node without one (drawn in a row above the others). */
#define FA_MAP_NO_TIER (-1)

struct fa_map_node {
	const char *name, *kind, *role, *platform, *status;	/* borrowed from the report */
	const char *via;	/* an InfiniBand node: the device whose ports it has, or NULL */
	int tier;
	int state;		/* enum fa_map_state or a severity */
	size_t findings;	/* findings whose subject names it */
	size_t box;		/* aggregated: the box it is in */
	double x, y;		/* centre (full view) */
};

struct fa_map_link {
	size_t a, b;				/* nodes */
	const char *aport, *bport, *source;	/* borrowed */
	long long speed;			/* bits/s, -1 unknown */
	int state;
	size_t findings;
	double offset;		/* sideways shift of a link parallel to others (px) */
};

/* A member of a box's drill-down: the node and its place in the box's own frame. */
struct fa_map_member {
	size_t node;
	double x, y;
};

struct fa_map_box {
	char *label;		/* owned */
	int tier;		/* the row it is drawn in */
	bool pod;		/* hosts and leaves joined by links */
	size_t count[FA_MAP_STATE_COUNT];	/* members by state */
	size_t hosts, switches, findings;
	int state;
	double x, y;		/* centre */
	struct fa_map_member *members;	/* owned, in drill-down order */
	size_t nmembers;
	size_t *links;		/* owned: links between two members */
	size_t nlinks;
	double width, height;	/* of the drill-down */
};

struct fa_map_edge {
	size_t a, b;		/* boxes */
	size_t links;		/* links it stands for */
	int state;
};

/*
 * A rail of a rail-optimised fabric: the leaves that NIC port @port of every host is cabled
 * to (found when each leaf's host links all come from ports of one name, and there are two
 * names or more).
 */
struct fa_map_rail {
	const char *port;	/* borrowed */
	size_t leaves, links;
	int state;		/* the worst of its links */
};

/* One row of the view: its tier and where it starts; label is static text. */
struct fa_map_row {
	int tier;
	double y;		/* of its first sub-row */
	const char *label;
};

struct fa_map {
	struct fa_map_node *nodes;
	size_t nnodes;
	struct fa_map_link *links;
	size_t nlinks;
	bool aggregated;
	struct fa_map_box *boxes;
	size_t nboxes;
	struct fa_map_edge *edges;
	size_t nedges;
	struct fa_map_rail *rails;	/* aggregated view, when inferable */
	size_t nrails;
	struct fa_map_row *rows;
	size_t nrows;
	double width, height;		/* of the view (full or aggregated) */
	json_t *index;			/* name -> node index (private) */
};

/* Sizes of the drawing, shared with the renderers (px). */
#define FA_MAP_NODE_W 104.0
#define FA_MAP_NODE_H 30.0
#define FA_MAP_NODE_GAP 14.0
#define FA_MAP_BOX_W 168.0
#define FA_MAP_BOX_H 58.0
#define FA_MAP_BOX_GAP 22.0
#define FA_MAP_MARGIN_LEFT 96.0

/*
 * Lay out the map of @report (borrowed: the map's strings point into it, so it must outlive
 * the map) into @map, which is overwritten.  Errors: -FA_ENOENT when the report has no
 * topology section (a report of an older version).
 */
int fa_map_layout(const json_t *report, struct fa_map *map);

/* Free what @map owns; @map may be zeroed or released already. */
void fa_map_release(struct fa_map *map);

/* "error", "warning", "info", "ok" or "grey": the CSS class suffix of @state. */
const char *fa_map_state_name(int state);

/* The label of a tier's row ("hosts", "leaf", "spine", "super-spine", "tier N", "other"). */
const char *fa_map_tier_label(int tier);

#endif /* FA_REPORTS_MAP_LAYOUT_H */
