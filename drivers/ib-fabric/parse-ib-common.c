/* SPDX-License-Identifier: MIT */
/* Records of InfiniBand fabric ports and their placement as ports (drivers/ib-fabric/parse-ib-int.h). */
#include "config.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "audit/util/xalloc.h"
#include "drivers/ib-fabric/parse-ib-int.h"
#include "audit/util/banned.h"

struct fa_ib_rec *fa_ib_rec_new(struct fa_ib_recs *r)
{
	struct fa_ib_rec *rec;

	if (r->n == r->alloc) {
		r->alloc = r->alloc ? 2 * r->alloc : 64;
		r->v = fa_xrealloc(r->v, r->alloc * sizeof(*r->v));
	}
	rec = &r->v[r->n++];
	memset(rec, 0, sizeof(*rec));
	rec->local.port = rec->local.lid = -1;
	rec->peer.port = rec->peer.lid = -1;
	rec->rate = rec->rate_best = -1;
	return rec;
}

void fa_ib_recs_release(struct fa_ib_recs *r)
{
	free(r->v);
	r->v = NULL;
	r->n = r->alloc = 0;
}

bool fa_ib_guid(struct fa_textscan_span s, uint64_t *ret)
{
	uint64_t v = 0;
	size_t i = 0;

	if (s.len > 2 && s.ptr[0] == '0' && (s.ptr[1] == 'x' || s.ptr[1] == 'X'))
		i = 2;
	if (s.len == i || s.len - i > 16)
		return false;
	for (; i < s.len; i++) {
		char c = s.ptr[i];
		unsigned d;

		if (c >= '0' && c <= '9')
			d = (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			d = (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			d = (unsigned)(c - 'A' + 10);
		else
			return false;
		v = v << 4 | d;
	}
	*ret = v;
	return true;
}

bool fa_ib_width(struct fa_textscan_span s, char out[8])
{
	int64_t lanes;
	struct fa_textscan_span n = { s.ptr, s.len ? s.len - 1 : 0 };

	if (s.len < 2 || (s.ptr[s.len - 1] != 'x' && s.ptr[s.len - 1] != 'X') ||
	    !isdigit((unsigned char)s.ptr[0]) || !fa_textscan_int(n, &lanes))
		return false;
	if (lanes != 1 && lanes != 2 && lanes != 4 && lanes != 8 && lanes != 12)
		return false;
	snprintf(out, 8, "%dX", (int)lanes);
	return true;
}

int fa_ib_lanes(const char *width)
{
	return atoi(width);
}

static const struct {
	const char *name;	/* ibnetdiscover */
	const char *gbps;	/* iblinkinfo, without " Gbps" */
	int64_t rate;
} fa_ib_speeds[] = {
	{ "SDR", "2.5", 2500000000LL },
	{ "DDR", "5.0", 5000000000LL },
	{ "QDR", "10.0", 10000000000LL },
	{ "FDR10", NULL, 10000000000LL },
	{ "FDR", "14.0625", 14000000000LL },
	{ "EDR", "25.78125", 25000000000LL },
	{ "HDR", "53.125", 50000000000LL },
	{ "NDR", "106.25", 100000000000LL },
	{ "XDR", "212.5", 200000000000LL },
};

int64_t fa_ib_lane_rate(struct fa_textscan_span s)
{
	struct fa_textscan_span w[4];
	size_t n, i;

	s = fa_textscan_trim(s);
	n = fa_textscan_words(s, w, 4);
	if (n == 1) {
		for (i = 0; i < sizeof(fa_ib_speeds) / sizeof(fa_ib_speeds[0]); i++)
			if (fa_textscan_eq(w[0], fa_ib_speeds[i].name))
				return fa_ib_speeds[i].rate;
		return -1;
	}
	if (n < 2 || n > 3 || !fa_textscan_eq(w[1], "Gbps"))
		return -1;
	if (n == 3)
		return fa_textscan_eq(w[2], "(FDR10)") && fa_textscan_eq(w[0], "10.0")
			   ? 10000000000LL
			   : -1;
	for (i = 0; i < sizeof(fa_ib_speeds) / sizeof(fa_ib_speeds[0]); i++)
		if (fa_ib_speeds[i].gbps && fa_textscan_eq(w[0], fa_ib_speeds[i].gbps))
			return fa_ib_speeds[i].rate;
	return -1;
}

const char *fa_ib_port_state(struct fa_textscan_span s)
{
	s = fa_textscan_trim(s);
	if (fa_textscan_eq(s, "Active"))
		return "active";
	if (fa_textscan_eq(s, "Down"))
		return "down";
	if (fa_textscan_eq(s, "Initialize") || fa_textscan_eq(s, "Init") ||
	    fa_textscan_eq(s, "Initializing"))
		return "init";
	if (fa_textscan_eq(s, "Armed"))
		return "armed";
	return NULL;
}

bool fa_ib_set_name(struct fa_ib_end *e, struct fa_textscan_span s)
{
	size_t i;

	s = fa_textscan_trim(s);
	if (s.len >= 2 && ((s.ptr[0] == '\'' && s.ptr[s.len - 1] == '\'') ||
			   (s.ptr[0] == '"' && s.ptr[s.len - 1] == '"'))) {
		s.ptr++;
		s.len -= 2;
		s = fa_textscan_trim(s);
	}
	if (!fa_textscan_copy(s, e->name, sizeof(e->name)))
		return false;
	/* Names become JSON keys and strings: keep them printable ASCII. */
	for (i = 0; i < s.len; i++)
		if ((unsigned char)s.ptr[i] < 0x20 || (unsigned char)s.ptr[i] >= 0x7f)
			e->name[i] = '?';
	e->has_name = s.len > 0;
	return true;
}

/* "Key.......value": false when @line is not one. */
bool fa_ib_dotted(struct fa_textscan_span line, struct fa_textscan_span *ret_key,
		  struct fa_textscan_span *ret_val)
{
	const char *dots = memchr(line.ptr, '.', line.len);
	size_t k, v;

	if (!dots || dots == line.ptr)
		return false;
	k = (size_t)(dots - line.ptr);
	for (v = k; v < line.len && line.ptr[v] == '.'; v++)
		;
	if (v == line.len || v - k < 2)
		return false;
	ret_key->ptr = line.ptr;
	ret_key->len = k;
	ret_val->ptr = line.ptr + v;
	ret_val->len = line.len - v;
	*ret_val = fa_textscan_trim(*ret_val);
	return true;
}

/* ---- placement ----------------------------------------------------------------------- */

struct fa_ib_place {
	json_t *device;
	json_t *ports;		/* the device's ports array (borrowed) */
	json_t *by_key;		/* "guid/port" -> port */
	json_t *by_name;	/* port name -> port */
	json_t *ambiguous;	/* node name -> true */
	json_t *strs;		/* text -> the one string value of it (fa_ib_str) */
	json_t *ints;		/* decimal -> the one integer value of it */
};

/*
 * A new reference to the one value of @s: every port of a switch carries its name, GUID and
 * LID, and its peers carry them again; states, widths and rates repeat on all.  Parsed values
 * are never changed in place (audit/model.h), so ports share them: a third of the memory of
 * 100,000 ports.
 */
static json_t *fa_ib_str(struct fa_ib_place *pl, const char *s)
{
	json_t *v = json_object_get(pl->strs, s);

	if (v)
		return json_incref(v);
	v = fa_json_stringn(s, strlen(s));
	/* a text jansson refuses as a key (not UTF-8) is simply not shared */
	json_object_set(pl->strs, s, v);
	return v;
}

static json_t *fa_ib_int(struct fa_ib_place *pl, json_int_t n)
{
	char key[24];
	json_t *v;

	snprintf(key, sizeof(key), "%" JSON_INTEGER_FORMAT, n);
	v = json_object_get(pl->ints, key);
	if (v)
		return json_incref(v);
	v = json_integer(n);
	json_object_set(pl->ints, key, v);
	return v;
}

/* "0x" and 16 lowercase hex digits, as "0x%016" PRIx64 prints them: written by hand, as
 * snprintf was a fifth of reading 100,000 ports of iblinkinfo. */
static void fa_ib_guid_str(char buf[20], uint64_t guid)
{
	static const char hex[] = "0123456789abcdef";
	int i;

	buf[0] = '0';
	buf[1] = 'x';
	for (i = 0; i < 16; i++)
		buf[2 + i] = hex[(guid >> (60 - 4 * i)) & 0xf];
	buf[18] = '\0';
}

static void fa_ib_key(char *buf, size_t size, uint64_t guid, int64_t port)
{
	char g[20];

	fa_ib_guid_str(g, guid);
	snprintf(buf, size, "%s/%lld", g, (long long)port);
}

static void fa_ib_index(struct fa_ib_place *pl)
{
	json_t *p;
	size_t i;

	json_array_foreach(pl->ports, i, p) {
		const char *name = fa_get_str(p, "name");
		const char *g = fa_get_str(p, "ib.port_guid");
		json_int_t n;
		uint64_t guid;
		char key[48];

		if (name)
			json_object_set(pl->by_name, name, p);
		if (g && fa_get_int(p, "ib.port_number", &n) &&
		    fa_ib_guid(fa_textscan_span_of(g), &guid)) {
			fa_ib_key(key, sizeof(key), guid, n);
			json_object_set(pl->by_key, key, p);
		}
	}
}

/* Mark node names that two GUIDs print with the same port number. */
static void fa_ib_note_name(json_t *seen, json_t *ambiguous, const struct fa_ib_end *e)
{
	char key[FA_IB_NAME_MAX + 32], guid[20];
	const char *had;

	if (!e->has_name || !e->has_guid || e->port < 0)
		return;
	snprintf(key, sizeof(key), "%s\x1f%lld", e->name, (long long)e->port);
	fa_ib_guid_str(guid, e->guid);
	had = json_string_value(json_object_get(seen, key));
	if (!had)
		json_object_set_new(seen, key, json_string(guid));
	else if (strcmp(had, guid) != 0)
		json_object_set_new(ambiguous, e->name, json_true());
}

/* The port of @e: found by GUID and number, or created.  Borrowed. */
static json_t *fa_ib_port_get(struct fa_ib_place *pl, const struct fa_ib_end *e)
{
	char key[48], name[FA_IB_NAME_MAX + 32], guid[20];
	json_t *p;

	fa_ib_key(key, sizeof(key), e->guid, e->port);
	p = json_object_get(pl->by_key, key);
	if (p)
		return p;
	fa_ib_guid_str(guid, e->guid);
	if (e->has_name && !json_object_get(pl->ambiguous, e->name))
		snprintf(name, sizeof(name), "%s/%lld", e->name, (long long)e->port);
	else
		snprintf(name, sizeof(name), "%s", key);
	if (json_object_get(pl->by_name, name))
		snprintf(name, sizeof(name), "%s", key);
	p = json_object_get(pl->by_name, name);
	if (!p) {
		p = json_object();
		json_object_set_new(p, "name", fa_json_stringn(name, strlen(name)));
		json_array_append_new(pl->ports, p);
		json_object_set(pl->by_name, name, p);
	}
	json_object_set(pl->by_key, key, p);
	fa_set(p, "type", fa_ib_str(pl, "infiniband"));
	fa_set(p, "ib.port_guid", fa_ib_str(pl, guid));
	fa_set(p, "ib.port_number", fa_ib_int(pl, e->port));
	return p;
}

/* The identity fields of @e on @obj (a port, or its ib.peer object under @prefix). */
static void fa_ib_set_end(struct fa_ib_place *pl, json_t *obj, const char *prefix,
			  const struct fa_ib_end *e, bool with_guid)
{
	char path[64], guid[20];
	size_t n = strlen(prefix);

	/* @prefix, then each field's name after it */
	if (n > sizeof(path) - 16)
		return;
	memcpy(path, prefix, n);
	if (with_guid && e->has_guid) {
		fa_ib_guid_str(guid, e->guid);
		memcpy(path + n, "port_guid", sizeof("port_guid"));
		fa_set(obj, path, fa_ib_str(pl, guid));
	}
	if (with_guid && e->port >= 0) {
		memcpy(path + n, "port_number", sizeof("port_number"));
		fa_set(obj, path, fa_ib_int(pl, e->port));
	}
	if (e->type) {
		memcpy(path + n, "node_type", sizeof("node_type"));
		fa_set(obj, path, fa_ib_str(pl, e->type));
	}
	if (e->has_name) {
		memcpy(path + n, "node_name", sizeof("node_name"));
		fa_set(obj, path, fa_ib_str(pl, e->name));
	}
	if (e->lid >= 0) {
		memcpy(path + n, "lid", sizeof("lid"));
		fa_set(obj, path, fa_ib_int(pl, e->lid));
	}
}

/* Point @port's ib.peer at @e; a peer with a different GUID replaces the old one whole. */
static void fa_ib_set_peer(struct fa_ib_place *pl, json_t *port, const struct fa_ib_end *e)
{
	const char *had = fa_get_str(port, "ib.peer.port_guid");
	char guid[20];

	if (e->has_guid && had) {
		fa_ib_guid_str(guid, e->guid);
		if (strcmp(had, guid) != 0)
			json_object_del(json_object_get(port, "ib"), "peer");
	}
	fa_ib_set_end(pl, port, "ib.peer.", e, true);
}

static const char **fa_ib_push(const char **q, size_t *n, size_t *alloc, const char *s)
{
	if (*n == *alloc) {
		*alloc = *alloc ? 2 * *alloc : 64;
		q = fa_xrealloc(q, *alloc * sizeof(*q));
	}
	q[(*n)++] = s;
	return q;
}

/* @obj's "tier": 0 for a CA, the switch's from @tier, else none. */
static void fa_ib_set_tier(json_t *obj, json_t *tier, const char *type, const char *guid)
{
	json_t *t = NULL;

	if (!json_is_object(obj))
		return;
	if (type && strcmp(type, "ca") == 0)
		t = json_integer(0);
	else if (type && strcmp(type, "switch") == 0 && guid)
		t = json_incref(json_object_get(tier, guid));
	if (t)
		json_object_set_new(obj, "tier", t);
	else
		json_object_del(obj, "tier");
}

/*
 * ib.tier and ib.peer.tier of every port: a CA is tier 0, a switch with a CA on one of its
 * links tier 1 (a leaf), and any other switch one more than the lowest tier among its
 * switch neighbours (spines 2, cores 3), as docs/rules.md orders devices.  A switch is
 * known by its port GUID, which all its ports share.  Breadth first, so linear in the links.
 */
static void fa_ib_tiers(json_t *ports)
{
	json_t *adj = json_object();	/* switch GUID -> [switch GUIDs it links to] */
	json_t *tier = json_object();	/* switch GUID -> tier */
	const char **queue = NULL;
	size_t nq = 0, head = 0, alloc = 0, i;
	json_t *p;

	json_array_foreach(ports, i, p) {
		const char *type = fa_get_str(p, "ib.node_type");
		const char *guid = fa_get_str(p, "ib.port_guid");
		const char *ptype = fa_get_str(p, "ib.peer.node_type");
		const char *pguid = fa_get_str(p, "ib.peer.port_guid");
		json_t *list;

		if (!type || strcmp(type, "switch") != 0 || !guid || !ptype)
			continue;
		if (strcmp(ptype, "ca") == 0 && !json_object_get(tier, guid)) {
			json_object_set_new(tier, guid, json_integer(1));
			queue = fa_ib_push(queue, &nq, &alloc, guid);
		} else if (strcmp(ptype, "switch") == 0 && pguid) {
			list = json_object_get(adj, guid);
			if (!list) {
				list = json_array();
				json_object_set_new(adj, guid, list);
			}
			json_array_append_new(list, json_string(pguid));
		}
	}
	for (; head < nq; head++) {
		json_int_t t = json_integer_value(json_object_get(tier, queue[head]));
		json_t *n;

		json_array_foreach(json_object_get(adj, queue[head]), i, n) {
			if (json_object_get(tier, json_string_value(n)))
				continue;
			json_object_set_new(tier, json_string_value(n), json_integer(t + 1));
			queue = fa_ib_push(queue, &nq, &alloc, json_string_value(n));
		}
	}
	json_array_foreach(ports, i, p) {
		json_t *ib = json_object_get(p, "ib");

		fa_ib_set_tier(json_object_get(ib, "peer"), tier, fa_get_str(p, "ib.peer.node_type"),
			       fa_get_str(p, "ib.peer.port_guid"));
		fa_ib_set_tier(ib, tier, fa_get_str(p, "ib.node_type"),
			       fa_get_str(p, "ib.port_guid"));
	}
	free(queue);
	json_decref(adj);
	json_decref(tier);
}

void fa_ib_apply(json_t *device, const struct fa_ib_recs *r)
{
	struct fa_ib_place pl = { device, json_object_get(device, "ports"), json_object(),
				  json_object(), json_object(), json_object(), json_object() };
	json_t *seen = json_object();
	size_t i;

	if (!json_is_array(pl.ports)) {
		pl.ports = json_array();
		json_object_set_new(device, "ports", pl.ports);
	}
	fa_ib_index(&pl);
	for (i = 0; i < r->n; i++) {
		fa_ib_note_name(seen, pl.ambiguous, &r->v[i].local);
		if (r->v[i].has_peer)
			fa_ib_note_name(seen, pl.ambiguous, &r->v[i].peer);
	}
	json_decref(seen);
	for (i = 0; i < r->n; i++) {
		const struct fa_ib_rec *rec = &r->v[i];
		json_t *p, *q;

		if (!rec->local.has_guid || rec->local.port < 0)
			continue;
		p = fa_ib_port_get(&pl, &rec->local);
		fa_ib_set_end(&pl, p, "ib.", &rec->local, false);
		if (rec->width[0])
			fa_set(p, "ib.width", fa_ib_str(&pl, rec->width));
		if (rec->rate >= 0)
			fa_set(p, "ib.rate", fa_ib_int(&pl, rec->rate));
		if (rec->width_best[0] && rec->rate_best >= 0) {
			fa_set(p, "ib.width_best", fa_ib_str(&pl, rec->width_best));
			fa_set(p, "ib.rate_best", fa_ib_int(&pl, rec->rate_best));
		}
		if (rec->state)
			fa_set(p, "ib.state", fa_ib_str(&pl, rec->state));
		if (rec->phys_state[0])
			fa_set(p, "ib.phys_state", fa_ib_str(&pl, rec->phys_state));
		if (!rec->has_peer)
			continue;
		fa_ib_set_peer(&pl, p, &rec->peer);
		if (!rec->peer.has_guid || rec->peer.port < 0)
			continue;
		q = fa_ib_port_get(&pl, &rec->peer);
		fa_ib_set_end(&pl, q, "ib.", &rec->peer, false);
		if (!fa_obj_get_path(q, "ib.peer"))
			fa_ib_set_peer(&pl, q, &rec->local);
	}
	fa_ib_tiers(pl.ports);
	json_decref(pl.by_key);
	json_decref(pl.by_name);
	json_decref(pl.ambiguous);
	json_decref(pl.strs);
	json_decref(pl.ints);
}

json_t *fa_ib_ca_port(json_t *device, json_int_t lid)
{
	json_t *p;
	size_t i;

	json_array_foreach(json_object_get(device, "ports"), i, p) {
		const char *type = fa_get_str(p, "ib.node_type");
		json_int_t l;

		if (type && strcmp(type, "ca") == 0 && fa_get_int(p, "ib.lid", &l) == 1 && l == lid)
			return p;
	}
	return NULL;
}

const struct fa_ib_counter fa_ib_counters[] = {
	{ "PortXmitData", "tx_bytes", 4 },
	{ "PortRcvData", "rx_bytes", 4 },
	{ "SymbolErrorCounter", "symbol_errors", 1 },
	{ "LinkDownedCounter", "link_down_events", 1 },
	{ "PortRcvErrors", "rx_errors", 1 },
	{ "PortXmitDiscards", "tx_discards", 1 },
};
const size_t fa_ib_ncounters = sizeof(fa_ib_counters) / sizeof(fa_ib_counters[0]);
