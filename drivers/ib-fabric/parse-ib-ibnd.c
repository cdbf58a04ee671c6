/* SPDX-License-Identifier: MIT */
/*
 * ibnd-discover: the JSON document the in-process discovery writes
 * (drivers/ib-fabric/ibnd-discover.c, format "fabric-audit-ibnd/1", docs/platforms/infiniband.md)
 * into the same fields the diagnostics' parsers give: every port through fa_ib_apply (so the
 * names and their GUID fallback are theirs), ib.state and ib.phys_state as iblinkinfo,
 * ib.width_best and ib.rate_best as iblinkinfo's "Could be" hint computes them (from what both
 * ends support), pkeys and counters on CA ports as smpquery and perfquery, ib_sm and ib_sms as
 * sminfo and saquery SMIR.  Also ib.active_mtu, ib.mtu_cap, ib.width_supported and
 * ib.speed_supported, which no text tool prints on one line.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/ib-fabric/parse-ib.h"
#include "drivers/ib-fabric/parse-ib-int.h"
#include "drivers/text/textscan.h"
#include "drivers/text/jsonload.h"
#include "audit/util/banned.h"

#define FA_IBND_FORMAT "fabric-audit-ibnd/1"

static const char *const fa_ibnd_states[] = { "active", "down", "init", "armed" };
static const char *const fa_ibnd_phys[] = { "linkup", "polling", "disabled", "sleep", "training",
					    "linkerrorrecovery", "phytest" };

static const char *fa_ibnd_pick(const char *s, const char *const *list, size_t n)
{
	size_t i;

	for (i = 0; s && i < n; i++)
		if (strcmp(s, list[i]) == 0)
			return list[i];
	return NULL;
}

static const char *fa_ibnd_type(const char *s)
{
	static const char *const types[] = { "switch", "ca", "router" };

	return fa_ibnd_pick(s, types, 3);
}

static bool fa_ibnd_guid_of(const json_t *v, uint64_t *ret)
{
	const char *s = json_string_value(v);

	return s && fa_ib_guid(fa_textscan_span_of(s), ret);
}

/* An integer member in [lo, hi], or -1. */
static int64_t fa_ibnd_int(const json_t *obj, const char *key, int64_t lo, int64_t hi)
{
	json_t *v = json_object_get(obj, key);
	json_int_t x;

	if (!json_is_integer(v))
		return -1;
	x = json_integer_value(v);
	return x >= lo && x <= hi ? x : -1;
}

/* Per-lane rate of a speed name ("EDR", "FDR10"), -1 when unknown. */
static int64_t fa_ibnd_lane(const char *speed)
{
	return speed ? fa_ib_lane_rate(fa_textscan_span_of(speed)) : -1;
}

/* The widest width in both lists, or 0 lanes. */
static int fa_ibnd_best_width(const json_t *a, const json_t *b, char out[8])
{
	const json_t *x, *y;
	size_t i, j;
	int best = 0;

	json_array_foreach(a, i, x) {
		char w[8];

		if (!json_is_string(x) || !fa_ib_width(fa_textscan_span_of(json_string_value(x)), w))
			continue;
		json_array_foreach(b, j, y) {
			if (json_is_string(y) && strcmp(json_string_value(y), w) == 0 &&
			    fa_ib_lanes(w) > best) {
				best = fa_ib_lanes(w);
				memcpy(out, w, 8);
			}
		}
	}
	return best;
}

/* The fastest lane rate of a speed in both lists (only @only when not NULL), or -1. */
static int64_t fa_ibnd_best_lane(const json_t *a, const json_t *b, const char *only)
{
	const json_t *x, *y;
	int64_t best = -1;
	size_t i, j;

	json_array_foreach(a, i, x) {
		const char *s = json_string_value(x);

		if (!s || (only && strcmp(s, only) != 0))
			continue;
		json_array_foreach(b, j, y) {
			if (json_is_string(y) && strcmp(json_string_value(y), s) == 0 &&
			    fa_ibnd_lane(s) > best)
				best = fa_ibnd_lane(s);
		}
	}
	return best;
}

/*
 * The best lane rate both ends support, chosen as iblinkinfo's get_max_msg() does: the
 * extended speeds when both ends have them, else FDR10 when both support it, else the base
 * speeds.  -1 when they have none in common.
 */
static int64_t fa_ibnd_best_rate(const json_t *p, const json_t *q)
{
	int64_t lane = -1;

	if (json_array_size(json_object_get(p, "ext_speed_supported")) &&
	    json_array_size(json_object_get(q, "ext_speed_supported")))
		lane = fa_ibnd_best_lane(json_object_get(p, "ext_speed_supported"),
					 json_object_get(q, "ext_speed_supported"), NULL);
	if (lane < 0)
		lane = fa_ibnd_best_lane(json_object_get(p, "speed_supported"),
					 json_object_get(q, "speed_supported"), "FDR10");
	if (lane < 0)
		lane = fa_ibnd_best_lane(json_object_get(p, "speed_supported"),
					 json_object_get(q, "speed_supported"), NULL);
	return lane;
}

static void fa_ibnd_key(char *buf, size_t size, uint64_t guid, int64_t port)
{
	snprintf(buf, size, "0x%016" PRIx64 "/%lld", guid, (long long)port);
}

/* One end from a node (type, description) and a port (GUID, number, LID). */
static bool fa_ibnd_end(struct fa_ib_end *e, const char *type, const char *desc,
			const json_t *guid, int64_t port, int64_t lid)
{
	e->type = fa_ibnd_type(type);
	e->port = port;
	e->lid = lid;
	if (!fa_ibnd_guid_of(guid, &e->guid) || port < 1)
		return false;
	e->has_guid = true;
	return !desc || fa_ib_set_name(e, fa_textscan_span_of(desc));
}

/* The record of port @pj of node @nj; false (and nothing added) when it is not one. */
static bool fa_ibnd_rec(const json_t *nj, const json_t *pj, const json_t *by_key,
			struct fa_ib_recs *recs)
{
	const char *type = json_string_value(json_object_get(nj, "type"));
	const char *desc = json_string_value(json_object_get(nj, "description"));
	const json_t *rj = json_object_get(pj, "remote"), *q;
	struct fa_ib_rec *rec = fa_ib_rec_new(recs);
	const char *speed = json_string_value(json_object_get(pj, "speed_active"));
	const char *width = json_string_value(json_object_get(pj, "width_active"));
	char key[48];
	int64_t lane;

	if (!fa_ibnd_end(&rec->local, type, desc, json_object_get(pj, "guid"),
			 fa_ibnd_int(pj, "number", 1, 255), fa_ibnd_int(pj, "lid", 0, 65535)))
		goto bad;
	rec->state = fa_ibnd_pick(json_string_value(json_object_get(pj, "state")), fa_ibnd_states,
				  4);
	if (fa_ibnd_pick(json_string_value(json_object_get(pj, "phys_state")), fa_ibnd_phys, 7))
		snprintf(rec->phys_state, sizeof(rec->phys_state), "%s",
			 json_string_value(json_object_get(pj, "phys_state")));
	if (!rj)
		return true;
	if (!fa_ibnd_end(&rec->peer, json_string_value(json_object_get(rj, "type")),
			 json_string_value(json_object_get(rj, "description")),
			 json_object_get(rj, "port_guid"), fa_ibnd_int(rj, "port_number", 1, 255),
			 fa_ibnd_int(rj, "lid", 0, 65535)))
		goto bad;
	rec->has_peer = true;
	/* as the diagnostics: a connected port that is not down has a width and speed */
	lane = fa_ibnd_lane(speed);
	if (width && fa_ib_width(fa_textscan_span_of(width), rec->width) && lane > 0)
		rec->rate = lane * fa_ib_lanes(rec->width);
	if (!rec->width[0] || rec->rate < 0 || !rec->state || strcmp(rec->state, "active") != 0)
		return true;
	fa_ibnd_key(key, sizeof(key), rec->peer.guid, rec->peer.port);
	q = json_object_get(by_key, key);
	if (q && fa_ibnd_best_width(json_object_get(pj, "width_supported"),
				    json_object_get(q, "width_supported"), rec->width_best)) {
		lane = fa_ibnd_best_rate(pj, q);
		if (lane > 0)
			rec->rate_best = lane * fa_ib_lanes(rec->width_best);
		else
			rec->width_best[0] = '\0';
	}
	return true;
bad:
	recs->n--;
	return false;
}

/* A list of strings as the model keeps it (the JSON's own, checked). */
static void fa_ibnd_strings(json_t *port, const char *path, const json_t *a)
{
	json_t *out = json_array(), *v;
	size_t i;

	json_array_foreach(a, i, v)
		if (json_is_string(v))
			json_array_append_new(out, fa_json_stringn(json_string_value(v),
								   strlen(json_string_value(v))));
	json_object_set_new(fa_obj_path(port, "ib"), path, out);
}

/* What only this document gives, and the CA ports' P_Keys and counters. */
static void fa_ibnd_extras(json_t *device, const json_t *nj, const json_t *pj, json_t *port)
{
	const char *type = json_string_value(json_object_get(nj, "type"));
	const json_t *keys = json_object_get(pj, "pkeys"), *c = json_object_get(pj, "counters"), *v;
	int64_t x;
	size_t i;

	if ((x = fa_ibnd_int(pj, "mtu_active", 256, 4096)) > 0)
		fa_set_int(port, "ib.active_mtu", x);
	/* as saquery -s: a CA port where an SM runs (CapabilityMask IsSM), and its master */
	x = fa_ibnd_int(pj, "capability_mask", 0, 0xffffffffLL);
	if (type && strcmp(type, "ca") == 0 && x > 0 && (x & 0x2)) {	/* IBA 14.2.5.6 IsSM */
		fa_set_bool(port, "ib.is_sm", true);
		if ((x = fa_ibnd_int(pj, "sm_lid", 1, 0xbfff)) > 0)
			fa_set_int(port, "ib.sm_lid", x);
	}
	if ((x = fa_ibnd_int(pj, "mtu_cap", 256, 4096)) > 0)
		fa_set_int(port, "ib.mtu_cap", x);
	if (json_is_array(json_object_get(pj, "width_supported")))
		fa_ibnd_strings(port, "width_supported", json_object_get(pj, "width_supported"));
	if (json_is_array(json_object_get(pj, "speed_supported"))) {
		json_t *all = json_deep_copy(json_object_get(pj, "speed_supported"));

		json_array_extend(all, json_object_get(pj, "ext_speed_supported"));
		fa_ibnd_strings(port, "speed_supported", all);
		json_decref(all);
	}
	if (!type || strcmp(type, "ca") != 0)
		return;
	if (json_is_array(keys)) {
		json_t *out = json_array();

		json_array_foreach(keys, i, v) {
			uint64_t k;

			if (!json_is_string(v) || !fa_ib_guid(fa_textscan_span_of(json_string_value(v)),
							       &k) || k > 0xffff) {
				fa_device_warn(device, "ibnd-discover: a P_Key is not one: %.40s",
					       json_is_string(v) ? json_string_value(v) : "(not text)");
				continue;
			}
			if (k & 0x7fff) {
				char buf[8];

				snprintf(buf, sizeof(buf), "0x%04" PRIx64, k);
				json_array_append_new(out, json_string(buf));
			}
		}
		json_object_set_new(port, "pkeys", out);
	}
	for (i = 0; json_is_object(c) && i < fa_ib_ncounters; i++) {
		char path[48];

		x = fa_ibnd_int(c, fa_ib_counters[i].name, 0, INT64_MAX / 4);
		if (x < 0)
			continue;
		snprintf(path, sizeof(path), "counters.%s", fa_ib_counters[i].counter);
		fa_set_int(port, path, x * fa_ib_counters[i].scale);
	}
}

/* ib_sms (every SM that answered SMInfo) and ib_sm (the one the local port's SM LID names). */
static void fa_ibnd_sms(json_t *device, const json_t *doc)
{
	int64_t sm_lid = fa_ibnd_int(json_object_get(doc, "local"), "sm_lid", 1, 0xbfff);
	json_t *sms = json_array(), *master = NULL, *v;
	size_t i;

	json_array_foreach(json_object_get(doc, "sms"), i, v) {
		static const char *const states[] = { "master", "standby", "discovering",
						      "not-active" };
		const char *state = fa_ibnd_pick(json_string_value(json_object_get(v, "state")),
						 states, 4);
		int64_t lid = fa_ibnd_int(v, "lid", 0, 65535), prio = fa_ibnd_int(v, "priority", 0, 15);
		uint64_t guid;
		char buf[20];
		json_t *sm;

		if (!fa_ibnd_guid_of(json_object_get(v, "guid"), &guid) || lid < 0 || !state) {
			fa_device_warn(device, "ibnd-discover: SM %zu is not understood", i);
			continue;
		}
		sm = json_object();
		snprintf(buf, sizeof(buf), "0x%016" PRIx64, guid);
		json_object_set_new(sm, "lid", json_integer(lid));
		json_object_set_new(sm, "guid", json_string(buf));
		if (prio >= 0)
			json_object_set_new(sm, "priority", json_integer(prio));
		json_object_set_new(sm, "state", json_string(state));
		json_array_append_new(sms, sm);
		if (lid == sm_lid || (!master && strcmp(state, "master") == 0))
			master = sm;
	}
	if (master)
		json_object_set_new(device, "ib_sm", json_deep_copy(master));
	if (json_array_size(sms))
		json_object_set(device, "ib_sms", sms);
	json_decref(sms);
}

/* "guid/number" -> port object of the document, for the peers' supported widths and speeds. */
static json_t *fa_ibnd_index(const json_t *nodes)
{
	json_t *by_key = json_object(), *nj, *pj;
	size_t i, j;

	json_array_foreach(nodes, i, nj) {
		json_array_foreach(json_object_get(nj, "ports"), j, pj) {
			uint64_t guid;
			int64_t n = fa_ibnd_int(pj, "number", 1, 255);
			char key[48];

			if (n < 1 || !fa_ibnd_guid_of(json_object_get(pj, "guid"), &guid))
				continue;
			fa_ibnd_key(key, sizeof(key), guid, n);
			json_object_set(by_key, key, pj);
		}
	}
	return by_key;
}

/* The device's port with that GUID and number (fa_ib_apply placed it), or NULL. */
static json_t *fa_ibnd_port_of(json_t *by_key, const json_t *pj)
{
	uint64_t guid;
	char key[48];

	if (!fa_ibnd_guid_of(json_object_get(pj, "guid"), &guid))
		return NULL;
	fa_ibnd_key(key, sizeof(key), guid, fa_ibnd_int(pj, "number", 1, 255));
	return json_object_get(by_key, key);
}

int fa_parse_ib_ibnd(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = cap->command && *cap->command ? cap->command : "ibnd-discover";
	struct fa_ib_recs recs = { NULL, 0, 0 };
	json_t *doc, *nodes, *by_key, *ports, *nj, *pj, *p;
	const char *format;
	json_error_t jerr;
	size_t i, j, bad = 0;
	int r = 0;

	doc = fa_json_loadb(cap->data, cap->len, 0, &jerr);
	if (!doc)
		return fa_err_at(err, FA_EPARSE, cmd, jerr.line, jerr.column, "not JSON: %s",
				 jerr.text);
	format = json_string_value(json_object_get(doc, "format"));
	nodes = json_object_get(doc, "nodes");
	if (!format || strcmp(format, FA_IBND_FORMAT) != 0 || !json_is_array(nodes)) {
		r = fa_err_set(err, FA_EPARSE, "%s: not a discovery document of format %s%s%.40s",
			       cmd, FA_IBND_FORMAT, format ? ": format " : "", format ? format : "");
		goto out;
	}
	by_key = fa_ibnd_index(nodes);
	json_array_foreach(nodes, i, nj) {
		json_array_foreach(json_object_get(nj, "ports"), j, pj) {
			if (!fa_ibnd_rec(nj, pj, by_key, &recs) && bad++ < 10)
				fa_device_warn(device, "%s: node %zu port %zu not understood", cmd,
					       i, j);
		}
	}
	json_decref(by_key);
	if (recs.n == 0) {
		r = fa_err_set(err, FA_EPARSE, "%s: no port in the document", cmd);
		goto out;
	}
	fa_ib_apply(device, &recs);
	/* the device's ports by GUID and number, for what fa_ib_apply does not write */
	by_key = json_object();
	json_array_foreach(json_object_get(device, "ports"), i, p) {
		const char *g = fa_get_str(p, "ib.port_guid");
		json_int_t n;
		uint64_t guid;
		char key[48];

		if (g && fa_get_int(p, "ib.port_number", &n) == 1 &&
		    fa_ib_guid(fa_textscan_span_of(g), &guid)) {
			fa_ibnd_key(key, sizeof(key), guid, n);
			json_object_set(by_key, key, p);
		}
	}
	ports = by_key;
	json_array_foreach(nodes, i, nj) {
		json_array_foreach(json_object_get(nj, "ports"), j, pj) {
			p = fa_ibnd_port_of(ports, pj);
			if (p)
				fa_ibnd_extras(device, nj, pj, p);
		}
	}
	json_decref(by_key);
	fa_ibnd_sms(device, doc);
	if (fa_ibnd_int(doc, "skipped", 1, INT64_MAX) > 0)
		fa_device_warn(device, "%s: %lld per-port queries were not answered in time", cmd,
			       (long long)fa_ibnd_int(doc, "skipped", 1, INT64_MAX));
out:
	fa_ib_recs_release(&recs);
	json_decref(doc);
	return r;
}
