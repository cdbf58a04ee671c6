/* SPDX-License-Identifier: MIT */
/*
 * Topology index of a snapshot (see topo.h).
 *
 * Two open-addressing hash tables keyed by address (device object -> index, port object ->
 * end) and one keyed by (device index, port name) for resolving links, all sized once from
 * the snapshot, so building is linear and a lookup is a probe or two.  The ends of each
 * device are stored contiguously (counted, then filled), sorted by port order.
 *
 * On a large fabric the port names and the links are indexed in parts, one thread each:
 * part k holds the names of a range of devices and resolves a range of links.  Parts are
 * concatenated in order, so the result is the one a single thread builds.
 */
#include "config.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "audit/util/xalloc.h"
#include "rules/topo.h"
#include "audit/util/banned.h"

struct fa_ptrmap {
	const void **keys;
	size_t *vals;
	size_t mask;
};

struct fa_portname {
	size_t dev;
	const char *name;	/* NULL: empty slot */
	size_t order;
	const json_t *port;
};

struct fa_topo {
	const json_t *devices;
	size_t ndevs;
	bool *ok;
	int *tier;
	struct fa_ptrmap devmap;	/* device -> index */
	struct fa_ptrmap portmap;	/* port -> index in ends */
	struct fa_topo_end *ends;	/* grouped by device, each group in port order */
	size_t nends;
	size_t *first;			/* ends of device i: first[i] .. first[i + 1] */
	json_t *dix;			/* device name -> index */
	struct fa_topo_part *parts;	/* (device, port name) -> port, by device range */
	size_t nparts;
};

#define FA_TOPO_MAX_PARTS 8
/* Below this many ports, one part: a thread would cost more than it saves. */
#define FA_TOPO_PORTS_PER_PART 50000

/* A share of the building: names of devices [dlo, dhi), ends of links [llo, lhi). */
struct fa_topo_part {
	struct fa_topo *t;
	const json_t *links;
	size_t dlo, dhi, llo, lhi;
	struct fa_portname *names;
	size_t mask;
	struct fa_topo_end *ends;
	size_t nends;
	pthread_t tid;
	bool started;
};

static size_t fa_pow2_for(size_t n)
{
	size_t cap = 16;

	while (cap < n * 2)
		cap <<= 1;
	return cap;
}

static size_t fa_ptr_hash(const void *p)
{
	uint64_t x = (uint64_t)(uintptr_t)p;

	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	return (size_t)x;
}

static void fa_ptrmap_init(struct fa_ptrmap *m, size_t n)
{
	size_t cap = fa_pow2_for(n);

	m->keys = fa_xcalloc(cap, sizeof(*m->keys));
	m->vals = fa_xcalloc(cap, sizeof(*m->vals));
	m->mask = cap - 1;
}

static void fa_ptrmap_release(struct fa_ptrmap *m)
{
	free(m->keys);
	free(m->vals);
}

/* Insert @key unless present; the table is sized so it never fills. */
static void fa_ptrmap_put(struct fa_ptrmap *m, const void *key, size_t val)
{
	size_t i = fa_ptr_hash(key) & m->mask;

	while (m->keys[i]) {
		if (m->keys[i] == key)
			return;
		i = (i + 1) & m->mask;
	}
	m->keys[i] = key;
	m->vals[i] = val;
}

static bool fa_ptrmap_get(const struct fa_ptrmap *m, const void *key, size_t *ret)
{
	size_t i;

	if (!m->keys || !key)
		return false;
	for (i = fa_ptr_hash(key) & m->mask; m->keys[i]; i = (i + 1) & m->mask) {
		if (m->keys[i] == key) {
			*ret = m->vals[i];
			return true;
		}
	}
	return false;
}

static size_t fa_name_hash(size_t dev, const char *s)
{
	uint64_t h = 1469598103934665603ULL ^ ((uint64_t)dev * 0x9e3779b97f4a7c15ULL);

	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 1099511628211ULL;
	}
	return (size_t)(h ^ (h >> 29));
}

static const struct fa_portname *fa_portname_get(const struct fa_portname *tab, size_t mask,
						 size_t dev, const char *name)
{
	size_t i;

	for (i = fa_name_hash(dev, name) & mask; tab[i].name; i = (i + 1) & mask)
		if (tab[i].dev == dev && strcmp(tab[i].name, name) == 0)
			return &tab[i];
	return NULL;
}

static const char *fa_str_at(const json_t *obj, const char *key)
{
	return json_string_value(json_object_get(obj, key));
}

int fa_topo_role_tier(const char *role)
{
	char low[64];
	size_t i;

	if (!role)
		return FA_TOPO_NO_TIER;
	for (i = 0; role[i] && i < sizeof(low) - 1; i++)
		low[i] = (char)(role[i] >= 'A' && role[i] <= 'Z' ? role[i] - 'A' + 'a' : role[i]);
	low[i] = '\0';
	if (strstr(low, "super") || strstr(low, "core"))
		return 3;
	if (strstr(low, "spine"))
		return 2;
	if (strstr(low, "leaf") || strncmp(low, "tor", 3) == 0)
		return 1;
	return FA_TOPO_NO_TIER;
}

static int fa_end_cmp(const void *a, const void *b)
{
	const struct fa_topo_end *x = a, *y = b;

	if (x->dev != y->dev)
		return x->dev < y->dev ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

static void fa_topo_tiers(struct fa_topo *t)
{
	size_t *queue = fa_xcalloc(t->ndevs + 1, sizeof(*queue)), head = 0, tail = 0, i, e;
	int *dist = fa_xcalloc(t->ndevs + 1, sizeof(*dist));

	for (i = 0; i < t->ndevs; i++) {
		const char *kind = fa_str_at(json_array_get(t->devices, i), "kind");

		dist[i] = FA_TOPO_NO_TIER;
		if (t->ok[i] && kind && strcmp(kind, "host") == 0) {
			dist[i] = 0;
			queue[tail++] = i;
		}
	}
	while (head < tail) {
		size_t u = queue[head++];

		for (e = t->first[u]; e < t->first[u + 1]; e++) {
			size_t v = t->ends[e].peer_dev;

			if (dist[v] == FA_TOPO_NO_TIER) {
				dist[v] = dist[u] + 1;
				queue[tail++] = v;
			}
		}
	}
	for (i = 0; i < t->ndevs; i++) {
		const json_t *d = json_array_get(t->devices, i);
		const char *kind = fa_str_at(d, "kind");
		int named = fa_topo_role_tier(fa_str_at(d, "role"));

		if (!t->ok[i])
			t->tier[i] = FA_TOPO_NO_TIER;
		else if (kind && strcmp(kind, "host") == 0)
			t->tier[i] = 0;
		else if (named != FA_TOPO_NO_TIER)
			t->tier[i] = named;
		else
			t->tier[i] = dist[i];
	}
	free(queue);
	free(dist);
}

/* The names table holding device @dev's ports. */
static const struct fa_topo_part *fa_topo_part_of(const struct fa_topo *t, size_t dev)
{
	size_t k = 0;

	while (k + 1 < t->nparts && dev >= t->parts[k].dhi)
		k++;
	return &t->parts[k];
}

static const struct fa_portname *fa_topo_name(const struct fa_topo *t, size_t dev,
					      const char *name)
{
	const struct fa_topo_part *pt = fa_topo_part_of(t, dev);

	return fa_portname_get(pt->names, pt->mask, dev, name);
}

static void fa_topo_part_names(struct fa_topo_part *pt)
{
	const json_t *devices = pt->t->devices, *p;
	size_t nports = 0, i, j, k;

	for (i = pt->dlo; i < pt->dhi; i++)
		nports += json_array_size(json_object_get(json_array_get(devices, i), "ports"));
	pt->mask = fa_pow2_for(nports) - 1;
	pt->names = fa_xcalloc(pt->mask + 1, sizeof(*pt->names));
	for (i = pt->dlo; i < pt->dhi; i++) {
		json_array_foreach(json_object_get(json_array_get(devices, i), "ports"), j, p) {
			const char *name = fa_str_at(p, "name");

			if (!name || fa_portname_get(pt->names, pt->mask, i, name))
				continue;
			for (k = fa_name_hash(i, name) & pt->mask; pt->names[k].name;
			     k = (k + 1) & pt->mask)
				;
			pt->names[k] = (struct fa_portname){ i, name, j, p };
		}
	}
}

static void fa_topo_part_links(struct fa_topo_part *pt)
{
	const struct fa_topo *t = pt->t;
	static const char *const sides[] = { "a", "b" };
	size_t i, j;

	pt->ends = fa_xcalloc(2 * (pt->lhi - pt->llo) + 1, sizeof(*pt->ends));
	for (i = pt->llo; i < pt->lhi; i++) {
		const json_t *link = json_array_get(pt->links, i);
		const struct fa_portname *pn[2] = { NULL, NULL };
		const char *source = fa_str_at(link, "source");

		if (source && strcmp(source, "plan") == 0)
			continue;
		for (j = 0; j < 2; j++) {
			const json_t *end = json_object_get(link, sides[j]);
			const char *dev = fa_str_at(end, "device"), *port = fa_str_at(end, "port");
			const json_t *ix = json_object_get(t->dix, dev ? dev : "");

			if (!ix || !port || !t->ok[json_integer_value(ix)])
				break;
			pn[j] = fa_topo_name(t, (size_t)json_integer_value(ix), port);
			if (!pn[j])
				break;
		}
		if (!pn[0] || !pn[1])
			continue;
		for (j = 0; j < 2; j++) {
			struct fa_topo_end *e = &pt->ends[pt->nends++];

			e->port = pn[j]->port;
			e->port_name = pn[j]->name;
			e->dev = pn[j]->dev;
			e->order = pn[j]->order;
			e->peer_dev = pn[1 - j]->dev;
			e->peer_port = pn[1 - j]->port;
			e->peer_port_name = pn[1 - j]->name;
			e->link = link;
			e->is_a = j == 0;
		}
	}
}

static void *fa_topo_part_names_thread(void *arg)
{
	fa_topo_part_names(arg);
	return NULL;
}

static void *fa_topo_part_links_thread(void *arg)
{
	fa_topo_part_links(arg);
	return NULL;
}

/* Run @fn on every part, parts 1.. on threads when they can be had; wait for them all. */
static void fa_topo_parts_run(struct fa_topo *t, void *(*fn)(void *))
{
	size_t k;

	for (k = 1; k < t->nparts; k++)
		t->parts[k].started = pthread_create(&t->parts[k].tid, NULL, fn, &t->parts[k]) == 0;
	fn(&t->parts[0]);
	for (k = 1; k < t->nparts; k++) {
		if (t->parts[k].started)
			pthread_join(t->parts[k].tid, NULL);
		else
			fn(&t->parts[k]);
	}
}

/* Parts with about as many ports (names) and links each. */
static void fa_topo_parts_init(struct fa_topo *t, const json_t *links, size_t nports,
			       size_t n)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	size_t nlinks = json_array_size(links), sofar = 0, i, k = 0;

	if (!n) {
		n = cpus > 1 ? (size_t)cpus : 1;
		if (n > nports / FA_TOPO_PORTS_PER_PART + 1)
			n = nports / FA_TOPO_PORTS_PER_PART + 1;
	}
	if (n > FA_TOPO_MAX_PARTS)
		n = FA_TOPO_MAX_PARTS;
	t->nparts = n;
	t->parts = fa_xcalloc(n, sizeof(*t->parts));
	for (k = 0; k < n; k++) {
		t->parts[k].t = t;
		t->parts[k].links = links;
		t->parts[k].llo = nlinks * k / n;
		t->parts[k].lhi = nlinks * (k + 1) / n;
		t->parts[k].dhi = t->ndevs;
	}
	for (i = 0, k = 0; i < t->ndevs && k + 1 < n; i++) {
		sofar += json_array_size(json_object_get(json_array_get(t->devices, i), "ports"));
		if (sofar * n >= nports * (k + 1)) {
			t->parts[k].dhi = i + 1;
			t->parts[++k].dlo = i + 1;
		}
	}
	for (k++; k < n; k++)
		t->parts[k].dlo = t->parts[k - 1].dhi;
}

/* Ends grouped by device (counting), each group in port order, the first link first. */
static void fa_topo_sort_ends(struct fa_topo *t, size_t nlinks)
{
	struct fa_topo_end *sorted = fa_xcalloc(t->nends + 1, sizeof(*sorted));
	size_t *pos = fa_xcalloc(t->ndevs + 1, sizeof(*pos)), i;

	for (i = 0; i < t->nends; i++) {
		t->ends[i].order = t->ends[i].order * (2 * nlinks + 1) + i;
		t->first[t->ends[i].dev + 1]++;
	}
	for (i = 0; i < t->ndevs; i++)
		t->first[i + 1] += t->first[i];
	for (i = 0; i < t->ndevs; i++)
		pos[i] = t->first[i];
	for (i = 0; i < t->nends; i++)
		sorted[pos[t->ends[i].dev]++] = t->ends[i];
	for (i = 0; i < t->ndevs; i++)
		qsort(&sorted[t->first[i]], t->first[i + 1] - t->first[i], sizeof(*sorted),
		      fa_end_cmp);
	for (i = 0; i < t->nends; i++) {
		sorted[i].order /= 2 * nlinks + 1;
		fa_ptrmap_put(&t->portmap, sorted[i].port, i);
	}
	free(t->ends);
	free(pos);
	t->ends = sorted;
}

struct fa_topo *fa_topo_new(const json_t *snapshot)
{
	return fa_topo_new_parts(snapshot, 0);
}

struct fa_topo *fa_topo_new_parts(const json_t *snapshot, size_t nparts)
{
	struct fa_topo *t = fa_xcalloc(1, sizeof(*t));
	const json_t *links = json_object_get(snapshot, "links"), *d;
	size_t nports = 0, i, k;

	t->devices = json_object_get(snapshot, "devices");
	t->ndevs = json_array_size(t->devices);
	t->ok = fa_xcalloc(t->ndevs + 1, sizeof(*t->ok));
	t->tier = fa_xcalloc(t->ndevs + 1, sizeof(*t->tier));
	t->first = fa_xcalloc(t->ndevs + 2, sizeof(*t->first));
	t->dix = json_object();
	fa_ptrmap_init(&t->devmap, t->ndevs);
	json_array_foreach(t->devices, i, d) {
		const char *status = fa_str_at(d, "status"), *name = fa_str_at(d, "name");

		t->ok[i] = !status || strcmp(status, "ok") == 0;
		fa_ptrmap_put(&t->devmap, d, i);
		if (name && !json_object_get(t->dix, name))
			json_object_set_new(t->dix, name, json_integer((json_int_t)i));
		nports += json_array_size(json_object_get(d, "ports"));
	}

	fa_topo_parts_init(t, links, nports, nparts);
	fa_topo_parts_run(t, fa_topo_part_names_thread);
	fa_topo_parts_run(t, fa_topo_part_links_thread);
	for (k = 0; k < t->nparts; k++)
		t->nends += t->parts[k].nends;
	t->ends = fa_xcalloc(t->nends + 1, sizeof(*t->ends));
	t->nends = 0;
	for (k = 0; k < t->nparts; k++) {
		memcpy(&t->ends[t->nends], t->parts[k].ends,
		       t->parts[k].nends * sizeof(*t->ends));
		t->nends += t->parts[k].nends;
		free(t->parts[k].ends);
		t->parts[k].ends = NULL;
	}
	fa_ptrmap_init(&t->portmap, t->nends);
	fa_topo_sort_ends(t, json_array_size(links));
	fa_topo_tiers(t);
	return t;
}

void fa_topo_free(struct fa_topo *t)
{
	if (!t)
		return;
	fa_ptrmap_release(&t->devmap);
	fa_ptrmap_release(&t->portmap);
	free(t->ends);
	free(t->first);
	free(t->ok);
	free(t->tier);
	for (size_t k = 0; k < t->nparts; k++)
		free(t->parts[k].names);
	free(t->parts);
	json_decref(t->dix);
	free(t);
}

bool fa_topo_find_device(const struct fa_topo *t, const char *name, size_t *ret)
{
	const json_t *ix = json_object_get(t->dix, name);

	if (!ix)
		return false;
	*ret = (size_t)json_integer_value(ix);
	return true;
}

bool fa_topo_device_ok(const struct fa_topo *t, size_t i)
{
	return i < t->ndevs && t->ok[i];
}

const json_t *fa_topo_find_port(const struct fa_topo *t, size_t i, const char *name)
{
	const struct fa_portname *pn = i < t->ndevs ? fa_topo_name(t, i, name) : NULL;

	return pn ? pn->port : NULL;
}

size_t fa_topo_ndevs(const struct fa_topo *t)
{
	return t->ndevs;
}

const json_t *fa_topo_device(const struct fa_topo *t, size_t i)
{
	return i < t->ndevs ? json_array_get(t->devices, i) : NULL;
}

bool fa_topo_device_index(const struct fa_topo *t, const json_t *dev, size_t *ret)
{
	return fa_ptrmap_get(&t->devmap, dev, ret);
}

int fa_topo_tier(const struct fa_topo *t, size_t i)
{
	return i < t->ndevs ? t->tier[i] : FA_TOPO_NO_TIER;
}

const struct fa_topo_end *fa_topo_port_end(const struct fa_topo *t, const json_t *port)
{
	size_t i;

	return fa_ptrmap_get(&t->portmap, port, &i) ? &t->ends[i] : NULL;
}

size_t fa_topo_device_ends(const struct fa_topo *t, size_t i, const struct fa_topo_end **ret)
{
	if (i >= t->ndevs) {
		*ret = NULL;
		return 0;
	}
	*ret = &t->ends[t->first[i]];
	return t->first[i + 1] - t->first[i];
}
