/* SPDX-License-Identifier: MIT */
/*
 * The fabric map's layout (reports/map-layout.h): nodes and links of a report's topology,
 * their colours from its findings, their places in rows by tier, and for a large fabric the
 * boxes, edges and drill-downs of the aggregated view.
 *
 * Everything is linear in the size of the topology but the sorts of each row: the map of a
 * 100k-GPU fabric is laid out in well under a second.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/util/err.h"
#include "audit/util/xalloc.h"
#include "reports/map-layout.h"
#include "reports/render-int.h"
#include "audit/util/banned.h"

/* Items in one sub-row: devices of the full view, boxes, and devices of a drill-down. */
#define FA_MAP_ROW_NODES 10
#define FA_MAP_ROW_BOXES 6
#define FA_MAP_ROW_DRILL 10
/* A tier with more devices than this outside pods is drawn as this many blocks at most. */
#define FA_MAP_BLOCKS 12
/* Rails found at most (NIC ports per host). */
#define FA_MAP_MAX_RAILS 64
/* Ordering sweeps (down, up, down, ...): more buy little on a Clos. */
#define FA_MAP_SWEEPS 4

#define FA_MAP_NONE SIZE_MAX

const char *fa_map_state_name(int state)
{
	static const char *const names[FA_MAP_STATE_COUNT] = {
		[FA_SEVERITY_ERROR] = "error", [FA_SEVERITY_WARNING] = "warning",
		[FA_SEVERITY_INFO] = "info", [FA_MAP_OK] = "ok", [FA_MAP_GREY] = "grey",
	};

	return state >= 0 && state < FA_MAP_STATE_COUNT ? names[state] : "grey";
}

const char *fa_map_tier_label(int tier)
{
	static const char *const labels[] = { "hosts", "leaves", "spines", "super-spines" };

	if (tier >= 0 && tier < (int)(sizeof(labels) / sizeof(labels[0])))
		return labels[tier];
	return tier < 0 ? "other" : "higher tiers";
}

/*
 * Names in the order a person counts: runs of digits compare as numbers, so gpu9 comes
 * before gpu10; equal numbers with different zero padding fall back to strcmp.
 */
static int fa_map_natcmp(const char *a, const char *b)
{
	const char *p = a, *q = b;

	while (*p && *q) {
		if (*p >= '0' && *p <= '9' && *q >= '0' && *q <= '9') {
			const char *ps, *qs;
			size_t pl, ql;

			while (*p == '0')
				p++;
			while (*q == '0')
				q++;
			for (ps = p; *p >= '0' && *p <= '9'; p++)
				;
			for (qs = q; *q >= '0' && *q <= '9'; q++)
				;
			pl = (size_t)(p - ps);
			ql = (size_t)(q - qs);
			if (pl != ql)
				return pl < ql ? -1 : 1;
			if (memcmp(ps, qs, pl) != 0)
				return memcmp(ps, qs, pl);
			continue;
		}
		if (*p != *q)
			return (unsigned char)*p < (unsigned char)*q ? -1 : 1;
		p++;
		q++;
	}
	if (*p || *q)
		return *p ? 1 : -1;
	return strcmp(a, b);
}

/* ---- placement: items in rows by tier, ordered by their neighbours ---------------------- */

/* A graph to place: n items with a tier, a name and their neighbours (CSR). */
struct fa_place {
	size_t n;
	const int *tier;
	const char *const *name;
	const size_t *first, *adj;	/* neighbours of i: adj[first[i] .. first[i + 1]] */
	size_t per_row;
	double slot, height, sub_gap, row_gap, left, top;
	bool want_rows;
	/* results */
	double *x, *y;
	struct fa_map_row *rows;	/* new, when want_rows: the caller frees it */
	size_t nrows;
	double width, total;
};

struct fa_place_key {
	size_t item;
	double bary, pos;
	const char *name;
};

static int fa_place_name_cmp(const void *a, const void *b)
{
	const struct fa_place_key *x = a, *y = b;

	return fa_map_natcmp(x->name, y->name);
}

static int fa_place_bary_cmp(const void *a, const void *b)
{
	const struct fa_place_key *x = a, *y = b;

	if (x->bary != y->bary)
		return x->bary < y->bary ? -1 : 1;
	if (x->pos != y->pos)
		return x->pos < y->pos ? -1 : 1;
	return x->item < y->item ? -1 : x->item > y->item;
}

/* By tier (in bary), then name. */
static int fa_rest_cmp(const void *a, const void *b)
{
	const struct fa_place_key *x = a, *y = b;

	if (x->bary != y->bary)
		return x->bary < y->bary ? -1 : 1;
	return fa_map_natcmp(x->name, y->name);
}

static int fa_int_desc(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	/* no tier (-1) first: the row drawn at the top */
	if (x < 0 || y < 0)
		return x < 0 && y < 0 ? 0 : x < 0 ? -1 : 1;
	return y - x;
}

/* Reorder @row (@len items) by the mean position of each one's neighbours in row @other. */
static void fa_place_sweep(struct fa_place *p, struct fa_place_key *row, size_t len,
			   const size_t *rowof, size_t other, double *pos)
{
	size_t k, e;

	for (k = 0; k < len; k++) {
		size_t i = row[k].item, n = 0;
		double sum = 0;

		for (e = p->first[i]; e < p->first[i + 1]; e++)
			if (rowof[p->adj[e]] == other) {
				sum += pos[p->adj[e]];
				n++;
			}
		row[k].pos = pos[i];
		row[k].bary = n ? sum / (double)n : pos[i];
	}
	qsort(row, len, sizeof(*row), fa_place_bary_cmp);
	for (k = 0; k < len; k++)
		pos[row[k].item] = ((double)k + 0.5) / (double)len;
}

static void fa_place_run(struct fa_place *p)
{
	int *tiers = fa_xcalloc(p->n + 1, sizeof(*tiers));
	size_t *rowof = fa_xcalloc(p->n + 1, sizeof(*rowof));
	size_t *start, *len, i, r, k, nt = 0, cols = 1, s;
	struct fa_place_key *keys = fa_xcalloc(p->n + 1, sizeof(*keys));
	double *pos = fa_xcalloc(p->n + 1, sizeof(*pos)), y;

	for (i = 0; i < p->n; i++)
		tiers[nt++] = p->tier[i];
	qsort(tiers, nt, sizeof(*tiers), fa_int_desc);
	for (i = 0, k = 0; i < nt; i++)
		if (k == 0 || tiers[k - 1] != tiers[i])
			tiers[k++] = tiers[i];
	p->nrows = k;
	start = fa_xcalloc(k + 1, sizeof(*start));
	len = fa_xcalloc(k + 1, sizeof(*len));
	for (i = 0; i < p->n; i++) {
		for (r = 0; tiers[r] != p->tier[i]; r++)
			;
		rowof[i] = r;
		len[r]++;
	}
	for (r = 1; r <= p->nrows; r++)
		start[r] = start[r - 1] + len[r - 1];
	memset(len, 0, (p->nrows + 1) * sizeof(*len));
	for (i = 0; i < p->n; i++) {
		r = rowof[i];
		keys[start[r] + len[r]].item = i;
		keys[start[r] + len[r]].name = p->name[i];
		len[r]++;
	}
	for (r = 0; r < p->nrows; r++) {
		qsort(keys + start[r], len[r], sizeof(*keys), fa_place_name_cmp);
		for (k = 0; k < len[r]; k++)
			pos[keys[start[r] + k].item] = ((double)k + 0.5) / (double)len[r];
	}
	for (s = 0; s < FA_MAP_SWEEPS; s++) {
		if (s % 2 == 0)
			for (r = 1; r < p->nrows; r++)
				fa_place_sweep(p, keys + start[r], len[r], rowof, r - 1, pos);
		else
			for (r = p->nrows - 1; r-- > 0;)
				fa_place_sweep(p, keys + start[r], len[r], rowof, r + 1, pos);
	}
	for (r = 0; r < p->nrows; r++)
		if (len[r] > cols)
			cols = len[r] < p->per_row ? len[r] : p->per_row;
	p->width = p->left + (double)cols * p->slot + 16;
	if (p->want_rows)
		p->rows = fa_xcalloc(p->nrows + 1, sizeof(*p->rows));
	y = p->top;
	for (r = 0; r < p->nrows; r++) {
		if (p->rows) {
			p->rows[r].tier = tiers[r];
			p->rows[r].y = y;
			p->rows[r].label = fa_map_tier_label(tiers[r]);
		}
		for (k = 0; k < len[r]; k++) {
			size_t sub = k / p->per_row, col = k % p->per_row;
			size_t in_sub = len[r] - sub * p->per_row;
			size_t item = keys[start[r] + k].item;

			if (in_sub > p->per_row)
				in_sub = p->per_row;
			p->x[item] = p->left + ((double)cols - (double)in_sub) * p->slot / 2 +
				     ((double)col + 0.5) * p->slot;
			p->y[item] = y + (double)sub * (p->height + p->sub_gap) + p->height / 2;
		}
		y += (double)((len[r] + p->per_row - 1) / p->per_row) * (p->height + p->sub_gap) -
		     p->sub_gap + p->row_gap;
	}
	p->total = y - p->row_gap + p->top;
	free(tiers);
	free(rowof);
	free(start);
	free(len);
	free(keys);
	free(pos);
}

/* ---- reading the topology and the findings ---------------------------------------------- */

static bool fa_map_find(const struct fa_map *m, const char *name, size_t *ret)
{
	json_t *v = name ? json_object_get(m->index, name) : NULL;

	if (!json_is_integer(v))
		return false;
	*ret = (size_t)json_integer_value(v);
	return true;
}

static void fa_map_nodes(struct fa_map *m, const json_t *devices)
{
	const json_t *d, *tier;
	size_t i;

	m->nodes = fa_xcalloc(json_array_size(devices) + 1, sizeof(*m->nodes));
	json_array_foreach(devices, i, d) {
		struct fa_map_node *n = &m->nodes[m->nnodes];
		const char *name = fa_report_str(d, "name");

		if (!name || json_object_get(m->index, name))
			continue;	/* nameless, or a second device of one name */
		n->name = name;
		n->kind = fa_report_str(d, "kind");
		n->role = fa_report_str(d, "role");
		n->platform = fa_report_str(d, "platform");
		n->status = fa_report_str(d, "status");
		n->via = fa_report_str(d, "via");
		tier = json_object_get(d, "tier");
		n->tier = json_is_integer(tier) && json_integer_value(tier) >= 0 &&
				  json_integer_value(tier) < 64 ?
			  (int)json_integer_value(tier) : FA_MAP_NO_TIER;
		n->state = FA_MAP_OK;
		n->box = FA_MAP_NONE;
		json_object_set_new(m->index, name, json_integer((json_int_t)m->nnodes));
		m->nnodes++;
	}
}

static bool fa_map_node_ok(const struct fa_map_node *n)
{
	return !n->status || strcmp(n->status, "ok") == 0;
}

/* The device name findings give @n's ports. */
static const char *fa_map_subject_name(const struct fa_map_node *n)
{
	return n->via ? n->via : n->name;
}

/* "device\037port": the key of a port in @ports (what links and findings meet on). */
static void fa_map_port_key(struct fa_buf *key, const char *dev, const char *port)
{
	fa_buf_reset(key);
	fa_buf_adds(key, dev);
	fa_buf_addch(key, '\037');
	fa_buf_adds(key, port);
}

static void fa_map_links(struct fa_map *m, const json_t *links, json_t *ports)
{
	struct fa_buf key = FA_BUF_INIT;
	const json_t *l, *speed;
	size_t i, a, b;

	m->links = fa_xcalloc(json_array_size(links) + 1, sizeof(*m->links));
	json_array_foreach(links, i, l) {
		struct fa_map_link *k = &m->links[m->nlinks];

		if (!fa_map_find(m, fa_report_str(l, "a.device"), &a) ||
		    !fa_map_find(m, fa_report_str(l, "b.device"), &b) || a == b)
			continue;
		k->a = a;
		k->b = b;
		k->aport = fa_report_str(l, "a.port");
		k->bport = fa_report_str(l, "b.port");
		k->source = fa_report_str(l, "source");
		speed = json_object_get(l, "speed");
		k->speed = json_is_integer(speed) ? (long long)json_integer_value(speed) : -1;
		k->state = fa_map_node_ok(&m->nodes[a]) && fa_map_node_ok(&m->nodes[b]) ?
			   FA_MAP_OK : FA_MAP_GREY;
		/* by the device findings name: an InfiniBand node's ports are its fabric's */
		if (k->aport) {
			fa_map_port_key(&key, fa_map_subject_name(&m->nodes[a]), k->aport);
			if (!json_object_get(ports, key.buf))
				json_object_set_new(ports, key.buf,
						    json_integer((json_int_t)(2 * m->nlinks)));
		}
		if (k->bport) {
			fa_map_port_key(&key, fa_map_subject_name(&m->nodes[b]), k->bport);
			if (!json_object_get(ports, key.buf))
				json_object_set_new(ports, key.buf,
						    json_integer((json_int_t)(2 * m->nlinks + 1)));
		}
		m->nlinks++;
	}
	fa_buf_release(&key);
}

/* A finding of severity @sev on a node or link whose state is *@state. */
static void fa_map_mark(int *state, size_t *count, int sev)
{
	if (*state >= FA_SEVERITY_COUNT || sev < *state)
		*state = sev;
	(*count)++;
}

static void fa_map_findings(struct fa_map *m, const json_t *findings, const json_t *ports)
{
	static const char *const devs[] = {
		"subject.device", "subject.a.device", "subject.b.device", "subject.endpoint.device",
	};
	static const char *const ends[][2] = {
		{ "subject.device", "subject.port" },
		{ "subject.a.device", "subject.a.port" },
		{ "subject.b.device", "subject.b.port" },
	};
	struct fa_buf key = FA_BUF_INIT;
	const json_t *f, *v;
	size_t i, j, k, node, seen[4], nseen, nl, end, ibseen[3], nib;
	int sev;

	json_array_foreach(findings, i, f) {
		sev = fa_severity_from_string(fa_report_str(f, "severity"));
		if (sev < 0)
			sev = FA_SEVERITY_INFO;
		for (j = 0, nseen = 0; j < sizeof(devs) / sizeof(devs[0]); j++) {
			if (!fa_map_find(m, fa_report_str(f, devs[j]), &node))
				continue;
			for (k = 0; k < nseen && seen[k] != node; k++)
				;
			if (k < nseen)
				continue;
			seen[nseen++] = node;
			fa_map_mark(&m->nodes[node].state, &m->nodes[node].findings, sev);
		}
		for (j = 0, nseen = 0, nib = 0; j < sizeof(ends) / sizeof(ends[0]); j++) {
			const char *d = fa_report_str(f, ends[j][0]), *p = fa_report_str(f, ends[j][1]);

			if (!d || !p)
				continue;
			fa_map_port_key(&key, d, p);
			v = json_object_get(ports, key.buf);
			if (!json_is_integer(v))
				continue;
			nl = (size_t)json_integer_value(v) / 2;
			end = (size_t)json_integer_value(v) % 2 ? m->links[nl].b : m->links[nl].a;
			for (k = 0; k < nib && ibseen[k] != end; k++)
				;
			if (k == nib && m->nodes[end].via) {
				ibseen[nib++] = end;
				fa_map_mark(&m->nodes[end].state, &m->nodes[end].findings, sev);
			}
			for (k = 0; k < nseen && seen[k] != nl; k++)
				;
			if (k < nseen)
				continue;
			seen[nseen++] = nl;
			fa_map_mark(&m->links[nl].state, &m->links[nl].findings, sev);
		}
	}
	for (i = 0; i < m->nnodes; i++)
		if (!m->nodes[i].findings && !fa_map_node_ok(&m->nodes[i]))
			m->nodes[i].state = FA_MAP_GREY;
	fa_buf_release(&key);
}

/* Links at each node (CSR): link ids of node i at inc[first[i] .. first[i + 1]]. */
static void fa_map_incidence(const struct fa_map *m, size_t **ret_first, size_t **ret_inc)
{
	size_t *first = fa_xcalloc(m->nnodes + 2, sizeof(*first));
	size_t *inc = fa_xcalloc(2 * m->nlinks + 1, sizeof(*inc));
	size_t *fill = fa_xcalloc(m->nnodes + 1, sizeof(*fill)), i;

	for (i = 0; i < m->nlinks; i++) {
		first[m->links[i].a + 1]++;
		first[m->links[i].b + 1]++;
	}
	for (i = 1; i <= m->nnodes; i++)
		first[i] += first[i - 1];
	for (i = 0; i < m->nlinks; i++) {
		inc[first[m->links[i].a] + fill[m->links[i].a]++] = i;
		inc[first[m->links[i].b] + fill[m->links[i].b]++] = i;
	}
	free(fill);
	*ret_first = first;
	*ret_inc = inc;
}

static size_t fa_map_other(const struct fa_map_link *l, size_t node)
{
	return l->a == node ? l->b : l->a;
}

/* Spread links between the same two nodes sideways so each one shows. */
static void fa_map_offsets(struct fa_map *m, const size_t *first, const size_t *inc)
{
	size_t i, e, n, k;

	for (i = 0; i < m->nnodes; i++) {
		for (e = first[i]; e < first[i + 1]; e++) {
			struct fa_map_link *l = &m->links[inc[e]];
			size_t peer = fa_map_other(l, i), f;

			if (peer < i || l->a != i)
				continue;	/* each pair once, from its lower node */
			for (f = first[i], n = 0, k = 0; f < first[i + 1]; f++) {
				const struct fa_map_link *o = &m->links[inc[f]];

				if (fa_map_other(o, i) != peer)
					continue;
				if (inc[f] < inc[e])
					k++;
				n++;
			}
			l->offset = ((double)k - ((double)n - 1) / 2) * 6;
		}
	}
}

/* ---- the full view ---------------------------------------------------------------------- */

static void fa_map_full(struct fa_map *m, const size_t *first, const size_t *inc)
{
	int *tier = fa_xcalloc(m->nnodes + 1, sizeof(*tier));
	const char **name = fa_xcalloc(m->nnodes + 1, sizeof(*name));
	size_t *adj = fa_xcalloc(first[m->nnodes] + 1, sizeof(*adj)), i, e;
	double *x = fa_xcalloc(m->nnodes + 1, sizeof(*x)), *y = fa_xcalloc(m->nnodes + 1, sizeof(*y));
	struct fa_place p = { 0 };

	for (i = 0; i < m->nnodes; i++) {
		tier[i] = m->nodes[i].tier;
		name[i] = m->nodes[i].name;
		for (e = first[i]; e < first[i + 1]; e++)
			adj[e] = fa_map_other(&m->links[inc[e]], i);
	}
	p.n = m->nnodes;
	p.tier = tier;
	p.name = name;
	p.first = first;
	p.adj = adj;
	p.per_row = FA_MAP_ROW_NODES;
	p.slot = FA_MAP_NODE_W + FA_MAP_NODE_GAP;
	p.height = FA_MAP_NODE_H;
	p.sub_gap = 26;
	p.row_gap = 84;
	p.left = FA_MAP_MARGIN_LEFT;
	p.top = 16;
	p.x = x;
	p.y = y;
	p.want_rows = true;
	fa_place_run(&p);
	for (i = 0; i < m->nnodes; i++) {
		m->nodes[i].x = x[i];
		m->nodes[i].y = y[i];
	}
	m->rows = p.rows;
	m->nrows = p.nrows;
	m->width = p.width;
	m->height = p.total;
	fa_map_offsets(m, first, inc);
	free(tier);
	free(name);
	free(adj);
	free(x);
	free(y);
}

/* ---- the aggregated view ---------------------------------------------------------------- */

static size_t fa_uf_find(size_t *parent, size_t i)
{
	while (parent[i] != i) {
		parent[i] = parent[parent[i]];
		i = parent[i];
	}
	return i;
}

static bool fa_map_in_pod(const struct fa_map_node *n)
{
	return n->tier == 0 || n->tier == 1;
}

static size_t fa_map_box_new(struct fa_map *m, int tier, bool pod)
{
	struct fa_map_box *b = &m->boxes[m->nboxes];

	b->tier = tier;
	b->pod = pod;
	return m->nboxes++;
}

/*
 * Which box each node goes in: pods first (hosts and leaves joined by links, hosts and leaves
 * on no such link in one box per tier), then each spine to the pod most of its links go to,
 * then blocks of whatever is left, per tier.
 */
static void fa_map_assign(struct fa_map *m, const size_t *first, const size_t *inc)
{
	size_t *parent = fa_xcalloc(m->nnodes + 1, sizeof(*parent));
	size_t *podbox = fa_xcalloc(m->nnodes + 1, sizeof(*podbox));
	size_t *spinebox = fa_xcalloc(m->nnodes + 1, sizeof(*spinebox));
	size_t *votes = fa_xcalloc(m->nnodes + 1, sizeof(*votes));
	size_t lonely[2] = { FA_MAP_NONE, FA_MAP_NONE }, i, e, r;
	struct fa_place_key *rest = fa_xcalloc(m->nnodes + 1, sizeof(*rest));
	size_t nrest = 0, j, k;

	/* at most one box per node */
	m->boxes = fa_xcalloc(m->nnodes + 1, sizeof(*m->boxes));
	for (i = 0; i < m->nnodes; i++) {
		parent[i] = i;
		podbox[i] = spinebox[i] = FA_MAP_NONE;
	}
	for (i = 0; i < m->nlinks; i++)
		if (fa_map_in_pod(&m->nodes[m->links[i].a]) &&
		    fa_map_in_pod(&m->nodes[m->links[i].b]))
			parent[fa_uf_find(parent, m->links[i].a)] = fa_uf_find(parent, m->links[i].b);
	for (i = 0; i < m->nnodes; i++) {
		struct fa_map_node *n = &m->nodes[i];
		bool joined = false;

		if (!fa_map_in_pod(n))
			continue;
		for (e = first[i]; e < first[i + 1] && !joined; e++)
			joined = fa_map_in_pod(&m->nodes[fa_map_other(&m->links[inc[e]], i)]);
		if (!joined) {
			if (lonely[n->tier] == FA_MAP_NONE)
				lonely[n->tier] = fa_map_box_new(m, n->tier, false);
			n->box = lonely[n->tier];
			continue;
		}
		r = fa_uf_find(parent, i);
		if (podbox[r] == FA_MAP_NONE)
			podbox[r] = fa_map_box_new(m, 0, true);
		n->box = podbox[r];
	}
	/* a spine goes with the pod most of its links go to */
	for (i = 0; i < m->nnodes; i++) {
		size_t best = FA_MAP_NONE, pod;

		if (m->nodes[i].tier != 2)
			continue;
		for (e = first[i]; e < first[i + 1]; e++) {
			pod = m->nodes[fa_map_other(&m->links[inc[e]], i)].box;
			if (pod == FA_MAP_NONE || !m->boxes[pod].pod)
				continue;
			votes[pod]++;
			if (best == FA_MAP_NONE || votes[pod] > votes[best] ||
			    (votes[pod] == votes[best] && pod < best))
				best = pod;
		}
		for (e = first[i]; e < first[i + 1]; e++) {
			pod = m->nodes[fa_map_other(&m->links[inc[e]], i)].box;
			if (pod != FA_MAP_NONE)
				votes[pod] = 0;
		}
		if (best == FA_MAP_NONE)
			continue;
		if (spinebox[best] == FA_MAP_NONE)
			spinebox[best] = fa_map_box_new(m, 2, false);
		m->nodes[i].box = spinebox[best];
	}
	/* the rest: blocks of each tier, in name order */
	for (i = 0; i < m->nnodes; i++)
		if (m->nodes[i].box == FA_MAP_NONE) {
			rest[nrest].item = i;
			rest[nrest].name = m->nodes[i].name;
			rest[nrest].bary = m->nodes[i].tier;
			nrest++;
		}
	qsort(rest, nrest, sizeof(*rest), fa_rest_cmp);
	for (i = 0; i < nrest; i = j) {
		size_t per, b = FA_MAP_NONE;

		for (j = i; j < nrest && rest[j].bary == rest[i].bary; j++)
			;
		per = (j - i + FA_MAP_BLOCKS - 1) / FA_MAP_BLOCKS;
		for (k = i; k < j; k++) {
			if ((k - i) % per == 0)
				b = fa_map_box_new(m, m->nodes[rest[k].item].tier, false);
			m->nodes[rest[k].item].box = b;
		}
	}
	free(parent);
	free(podbox);
	free(spinebox);
	free(votes);
	free(rest);
}

/* The members of each box, their counts, state, label and drill-down layout. */
static void fa_map_boxes(struct fa_map *m, const size_t *first, const size_t *inc)
{
	size_t *fill = fa_xcalloc(m->nboxes + 1, sizeof(*fill)), *local, i, j, e;

	for (i = 0; i < m->nnodes; i++)
		m->boxes[m->nodes[i].box].nmembers++;
	for (i = 0; i < m->nboxes; i++)
		m->boxes[i].members = fa_xcalloc(m->boxes[i].nmembers + 1,
						 sizeof(*m->boxes[i].members));
	for (i = 0; i < m->nnodes; i++) {
		struct fa_map_box *b = &m->boxes[m->nodes[i].box];
		const struct fa_map_node *n = &m->nodes[i];

		b->members[fill[n->box]++].node = i;
		b->count[n->state]++;
		if (n->kind && strcmp(n->kind, "host") == 0)
			b->hosts++;
		else
			b->switches++;
		b->findings += n->findings;
	}
	local = fa_xcalloc(m->nnodes + 1, sizeof(*local));
	for (i = 0; i < m->nnodes; i++)
		local[i] = FA_MAP_NONE;
	for (i = 0; i < m->nboxes; i++) {
		struct fa_map_box *b = &m->boxes[i];
		struct fa_place p = { 0 };
		int *tier = fa_xcalloc(b->nmembers + 1, sizeof(*tier));
		const char **name = fa_xcalloc(b->nmembers + 1, sizeof(*name));
		size_t *bfirst = fa_xcalloc(b->nmembers + 2, sizeof(*bfirst)), *adj, nadj = 0;
		double *x = fa_xcalloc(b->nmembers + 1, sizeof(*x));
		double *y = fa_xcalloc(b->nmembers + 1, sizeof(*y));
		const char *lo = NULL, *hi = NULL;
		int s;

		for (s = 0, b->state = FA_MAP_OK; s < FA_SEVERITY_COUNT; s++)
			if (b->count[s]) {
				b->state = s;
				break;
			}
		if (b->state == FA_MAP_OK && b->count[FA_MAP_GREY])
			b->state = FA_MAP_GREY;
		for (j = 0; j < b->nmembers; j++) {
			const struct fa_map_node *n = &m->nodes[b->members[j].node];

			local[b->members[j].node] = j;
			/* named after its switches (a pod's leaves), or its hosts without any */
			if (b->switches && n->kind && strcmp(n->kind, "host") == 0)
				continue;
			if (!lo || fa_map_natcmp(n->name, lo) < 0)
				lo = n->name;
			if (!hi || fa_map_natcmp(n->name, hi) > 0)
				hi = n->name;
		}
		b->label = lo == hi ? fa_xstrdup(lo ? lo : "") : fa_xasprintf("%s - %s", lo, hi);
		for (j = 0; j < b->nmembers; j++) {
			size_t u = b->members[j].node;

			bfirst[j + 1] = bfirst[j];
			for (e = first[u]; e < first[u + 1]; e++)
				if (local[fa_map_other(&m->links[inc[e]], u)] != FA_MAP_NONE) {
					bfirst[j + 1]++;
					if (m->links[inc[e]].a == u)
						b->nlinks++;
				}
		}
		adj = fa_xcalloc(bfirst[b->nmembers] + 1, sizeof(*adj));
		b->links = fa_xcalloc(b->nlinks + 1, sizeof(*b->links));
		b->nlinks = 0;
		for (j = 0; j < b->nmembers; j++) {
			size_t u = b->members[j].node;

			tier[j] = m->nodes[u].tier;
			name[j] = m->nodes[u].name;
			for (e = first[u]; e < first[u + 1]; e++) {
				size_t v = fa_map_other(&m->links[inc[e]], u);

				if (local[v] == FA_MAP_NONE)
					continue;
				adj[nadj++] = local[v];
				if (m->links[inc[e]].a == u)
					b->links[b->nlinks++] = inc[e];
			}
		}
		p.n = b->nmembers;
		p.tier = tier;
		p.name = name;
		p.first = bfirst;
		p.adj = adj;
		p.per_row = FA_MAP_ROW_DRILL;
		p.slot = FA_MAP_NODE_W + FA_MAP_NODE_GAP;
		p.height = FA_MAP_NODE_H;
		p.sub_gap = 22;
		p.row_gap = 70;
		p.left = 16;
		p.top = 16;
		p.x = x;
		p.y = y;
		fa_place_run(&p);
		for (j = 0; j < b->nmembers; j++) {
			b->members[j].x = x[j];
			b->members[j].y = y[j];
			local[b->members[j].node] = FA_MAP_NONE;
		}
		b->width = p.width;
		b->height = p.total;
		free(tier);
		free(name);
		free(bfirst);
		free(adj);
		free(x);
		free(y);
	}
	free(local);
	free(fill);
}

/* @state worse than *@worst: a finding over grey over ok. */
static bool fa_map_worse(int state, int worst)
{
	if (state < FA_SEVERITY_COUNT)
		return worst >= FA_SEVERITY_COUNT || state < worst;
	return state == FA_MAP_GREY && worst == FA_MAP_OK;
}

/* The rails, when every leaf's host links come from one port name (docs/report.md). */
static void fa_map_rails(struct fa_map *m)
{
	json_t *byport = json_object(), *v;
	const char **leafrail = fa_xcalloc(m->nnodes + 1, sizeof(*leafrail));
	size_t i, r;

	m->rails = fa_xcalloc(FA_MAP_MAX_RAILS + 1, sizeof(*m->rails));
	for (i = 0; i < m->nlinks; i++) {
		const struct fa_map_link *l = &m->links[i];
		size_t host = l->a, leaf = l->b;
		const char *port = l->aport;

		if (m->nodes[host].tier != 0) {
			host = l->b;
			leaf = l->a;
			port = l->bport;
		}
		if (m->nodes[host].tier != 0 || m->nodes[leaf].tier != 1 || !port)
			continue;
		if (leafrail[leaf] && strcmp(leafrail[leaf], port) != 0)
			goto none;	/* a leaf on two rails: not rail-optimised */
		v = json_object_get(byport, port);
		if (!v) {
			if (m->nrails == FA_MAP_MAX_RAILS)
				goto none;
			v = json_integer((json_int_t)m->nrails);
			json_object_set_new(byport, port, v);
			m->rails[m->nrails].port = port;
			m->rails[m->nrails].state = FA_MAP_OK;
			m->nrails++;
		}
		r = (size_t)json_integer_value(v);
		if (!leafrail[leaf])
			m->rails[r].leaves++;
		leafrail[leaf] = port;
		m->rails[r].links++;
		if (fa_map_worse(l->state, m->rails[r].state))
			m->rails[r].state = l->state;
	}
	if (m->nrails >= 2)
		goto out;
none:
	m->nrails = 0;
out:
	free(leafrail);
	json_decref(byport);
}

/* Edges between boxes: one per pair of boxes that links join, with the worst link state. */
static void fa_map_edges(struct fa_map *m)
{
	json_t *pairs = json_object(), *v;
	char key[64];
	size_t i, a, b;

	m->edges = fa_xcalloc(m->nlinks + 1, sizeof(*m->edges));
	for (i = 0; i < m->nlinks; i++) {
		const struct fa_map_link *l = &m->links[i];
		struct fa_map_edge *e;

		a = m->nodes[l->a].box;
		b = m->nodes[l->b].box;
		if (a == b)
			continue;
		if (a > b) {
			size_t t = a;

			a = b;
			b = t;
		}
		snprintf(key, sizeof(key), "%zu %zu", a, b);
		v = json_object_get(pairs, key);
		if (json_is_integer(v)) {
			e = &m->edges[json_integer_value(v)];
		} else {
			json_object_set_new(pairs, key, json_integer((json_int_t)m->nedges));
			e = &m->edges[m->nedges++];
			e->a = a;
			e->b = b;
			e->state = FA_MAP_OK;
		}
		e->links++;
		if (fa_map_worse(l->state, e->state))
			e->state = l->state;
	}
	json_decref(pairs);
}

static void fa_map_aggregate(struct fa_map *m, const size_t *first, const size_t *inc)
{
	int *tier;
	const char **name;
	size_t *bfirst, *adj, *fill, i;
	double *x, *y;
	struct fa_place p = { 0 };

	m->aggregated = true;
	fa_map_assign(m, first, inc);
	fa_map_boxes(m, first, inc);
	fa_map_edges(m);
	fa_map_rails(m);
	tier = fa_xcalloc(m->nboxes + 1, sizeof(*tier));
	name = fa_xcalloc(m->nboxes + 1, sizeof(*name));
	bfirst = fa_xcalloc(m->nboxes + 2, sizeof(*bfirst));
	adj = fa_xcalloc(2 * m->nedges + 1, sizeof(*adj));
	fill = fa_xcalloc(m->nboxes + 1, sizeof(*fill));
	x = fa_xcalloc(m->nboxes + 1, sizeof(*x));
	y = fa_xcalloc(m->nboxes + 1, sizeof(*y));
	for (i = 0; i < m->nboxes; i++) {
		tier[i] = m->boxes[i].tier;
		name[i] = m->boxes[i].label;
	}
	for (i = 0; i < m->nedges; i++) {
		bfirst[m->edges[i].a + 1]++;
		bfirst[m->edges[i].b + 1]++;
	}
	for (i = 1; i <= m->nboxes; i++)
		bfirst[i] += bfirst[i - 1];
	for (i = 0; i < m->nedges; i++) {
		adj[bfirst[m->edges[i].a] + fill[m->edges[i].a]++] = m->edges[i].b;
		adj[bfirst[m->edges[i].b] + fill[m->edges[i].b]++] = m->edges[i].a;
	}
	p.n = m->nboxes;
	p.tier = tier;
	p.name = name;
	p.first = bfirst;
	p.adj = adj;
	p.per_row = FA_MAP_ROW_BOXES;
	p.slot = FA_MAP_BOX_W + FA_MAP_BOX_GAP;
	p.height = FA_MAP_BOX_H;
	p.sub_gap = 24;
	p.row_gap = 90;
	p.left = FA_MAP_MARGIN_LEFT;
	p.top = 16;
	p.x = x;
	p.y = y;
	p.want_rows = true;
	fa_place_run(&p);
	for (i = 0; i < m->nboxes; i++) {
		m->boxes[i].x = x[i];
		m->boxes[i].y = y[i];
	}
	m->rows = p.rows;
	m->nrows = p.nrows;
	for (i = 0; i < m->nrows; i++)
		if (m->rows[i].tier == 0)
			m->rows[i].label = "pods";
	m->width = p.width;
	m->height = p.total;
	free(tier);
	free(name);
	free(bfirst);
	free(adj);
	free(fill);
	free(x);
	free(y);
}

int fa_map_layout(const json_t *report, struct fa_map *m)
{
	const json_t *topo = json_object_get(report, "topology");
	json_t *ports;
	size_t *first, *inc;

	memset(m, 0, sizeof(*m));
	if (!json_is_object(topo))
		return -FA_ENOENT;
	m->index = json_object();
	ports = json_object();
	fa_map_nodes(m, json_object_get(topo, "devices"));
	fa_map_links(m, json_object_get(topo, "links"), ports);
	fa_map_findings(m, json_object_get(report, "findings"), ports);
	json_decref(ports);
	fa_map_incidence(m, &first, &inc);
	if (m->nnodes >= FA_MAP_AGGREGATE)
		fa_map_aggregate(m, first, inc);
	else
		fa_map_full(m, first, inc);
	free(first);
	free(inc);
	return 0;
}

void fa_map_release(struct fa_map *m)
{
	size_t i;

	for (i = 0; i < m->nboxes; i++) {
		free(m->boxes[i].label);
		free(m->boxes[i].members);
		free(m->boxes[i].links);
	}
	free(m->boxes);
	free(m->nodes);
	free(m->links);
	free(m->edges);
	free(m->rails);
	free(m->rows);
	json_decref(m->index);
	memset(m, 0, sizeof(*m));
}
