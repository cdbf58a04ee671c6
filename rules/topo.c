/* SPDX-License-Identifier: MIT */
/*
 * Topology index of a snapshot (see topo.h).
 *
 * Two open-addressing hash tables keyed by address (device object -> index, port object ->
 * end) and one keyed by (device index, port name) for resolving links, all sized once from
 * the snapshot, so building is linear and a lookup is a probe or two.  The ends of each
 * device are stored contiguously (counted, then filled), sorted by port order.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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
	struct fa_portname *names;	/* (device, port name) -> port */
	size_t names_mask;
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

/* The layer a role names, or FA_TOPO_NO_TIER. */
static int fa_role_tier(const char *role)
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
		int named = fa_role_tier(fa_str_at(d, "role"));

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

struct fa_topo *fa_topo_new(const json_t *snapshot)
{
	struct fa_topo *t = fa_xcalloc(1, sizeof(*t));
	const json_t *links = json_object_get(snapshot, "links"), *link, *d, *p;
	struct fa_portname *names;
	size_t nports = 0, mask, i, j, k;
	json_t *dix = json_object();
	const char *source;

	t->devices = json_object_get(snapshot, "devices");
	t->ndevs = json_array_size(t->devices);
	t->ok = fa_xcalloc(t->ndevs + 1, sizeof(*t->ok));
	t->tier = fa_xcalloc(t->ndevs + 1, sizeof(*t->tier));
	t->first = fa_xcalloc(t->ndevs + 2, sizeof(*t->first));
	fa_ptrmap_init(&t->devmap, t->ndevs);
	json_array_foreach(t->devices, i, d) {
		const char *status = fa_str_at(d, "status"), *name = fa_str_at(d, "name");

		t->ok[i] = !status || strcmp(status, "ok") == 0;
		fa_ptrmap_put(&t->devmap, d, i);
		if (name && !json_object_get(dix, name))
			json_object_set_new(dix, name, json_integer((json_int_t)i));
		nports += json_array_size(json_object_get(d, "ports"));
	}

	/* (device, port name) -> port, for the links' ends. */
	mask = fa_pow2_for(nports) - 1;
	names = fa_xcalloc(mask + 1, sizeof(*names));
	json_array_foreach(t->devices, i, d) {
		json_array_foreach(json_object_get(d, "ports"), j, p) {
			const char *name = fa_str_at(p, "name");

			if (!name || fa_portname_get(names, mask, i, name))
				continue;
			for (k = fa_name_hash(i, name) & mask; names[k].name; k = (k + 1) & mask)
				;
			names[k] = (struct fa_portname){ i, name, j, p };
		}
	}

	t->ends = fa_xcalloc(2 * json_array_size(links) + 1, sizeof(*t->ends));
	fa_ptrmap_init(&t->portmap, 2 * json_array_size(links));
	json_array_foreach(links, i, link) {
		const struct fa_portname *pn[2] = { NULL, NULL };
		static const char *const sides[] = { "a", "b" };

		source = fa_str_at(link, "source");
		if (source && strcmp(source, "plan") == 0)
			continue;
		for (j = 0; j < 2; j++) {
			const json_t *end = json_object_get(link, sides[j]);
			const json_t *ix = json_object_get(dix, fa_str_at(end, "device") ?
							       fa_str_at(end, "device") : "");
			const char *port = fa_str_at(end, "port");

			if (!ix || !port || !t->ok[json_integer_value(ix)])
				break;
			pn[j] = fa_portname_get(names, mask, (size_t)json_integer_value(ix), port);
			if (!pn[j])
				break;
		}
		if (!pn[0] || !pn[1])
			continue;
		for (j = 0; j < 2; j++) {
			struct fa_topo_end *e = &t->ends[t->nends++];

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
	/* Stable: among ends of one port, the first link stays first. */
	for (i = 0; i < t->nends; i++)
		t->ends[i].order = t->ends[i].order * (2 * json_array_size(links) + 1) + i;
	qsort(t->ends, t->nends, sizeof(*t->ends), fa_end_cmp);
	for (i = 0; i < t->nends; i++) {
		t->ends[i].order /= 2 * json_array_size(links) + 1;
		t->first[t->ends[i].dev + 1]++;
		fa_ptrmap_put(&t->portmap, t->ends[i].port, i);
	}
	for (i = 0; i < t->ndevs; i++)
		t->first[i + 1] += t->first[i];
	fa_topo_tiers(t);
	t->dix = dix;
	t->names = names;
	t->names_mask = mask;
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
	free(t->names);
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
	const struct fa_portname *pn = fa_portname_get(t->names, t->names_mask, i, name);

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
