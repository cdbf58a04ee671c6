/* SPDX-License-Identifier: MIT */
/*
 * In-process discovery of an InfiniBand subnet (drivers/ib-fabric/ibnd-discover.h).
 *
 * ibnd_discover_fabric() walks the subnet with directed-route SubnGet(NodeInfo, NodeDesc,
 * PortInfo) MADs and keeps every PortInfo it read, so widths, speeds, states and MTUs are
 * decoded here from those bytes with mad_get_field().  The P_Key tables (SubnGet PKeyTable),
 * counters (PerfMgt Get PortCounters and PortCountersExtended) and SMInfo (SubnGet) are then
 * read by LID, one Get() each.  Nothing is ever set.
 */
#include "config.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <infiniband/ibnetdisc.h>
#include <infiniband/mad.h>
#include <jansson.h>

#include "audit/util/clock.h"
#include "drivers/ib-fabric/ibnd-discover.h"
#include "audit/util/banned.h"

/* PortInfo CapabilityMask bits (IBA 14.2.5.6): IsSM and IsExtendedSpeedsSupported. */
#define FA_IBND_CAP_IS_SM 0x2u
#define FA_IBND_CAP_EXT_SPEEDS 0x4000u
/* Mellanox ExtendedPortInfo LinkSpeed bit for FDR10. */
#define FA_IBND_FDR10 0x1u
/* P_Keys per PKeyTable block, and the most blocks a port may have (2048 entries). */
#define FA_IBND_PKEY_BLOCK 32
#define FA_IBND_PKEY_MAX 2048

struct fa_ibnd_run {
	double deadline;
	unsigned timeout_ms;	/* per MAD */
	struct ibmad_port *mad;	/* for the queries by LID; NULL when it could not be opened */
	unsigned skipped;	/* per-port queries not answered or not sent */
	bool progress;		/* draw the progress line */
	double t0, drawn_at;	/* when the run began, when the line was last drawn */
};

/* Seconds between two draws of the progress line: at most 10 a second, as collect's. */
#define FA_IBND_PROGRESS_INTERVAL 0.1

/* The progress line: what was found, and how far the per-port queries are (@final: ends it). */
static void fa_ibnd_progress(struct fa_ibnd_run *run, size_t nodes, size_t done, size_t total,
			     bool final)
{
	double now = fa_clock_now();

	if (!run->progress || (!final && now - run->drawn_at < FA_IBND_PROGRESS_INTERVAL))
		return;
	run->drawn_at = now;
	fprintf(stderr, "\rib-fabric: %zu nodes discovered; P_Keys, counters, SMInfo: %zu/%zu "
		"ports, %u skipped, %.1fs   ", nodes, done, total, run->skipped, now - run->t0);
	if (final)
		fputc('\n', stderr);
	fflush(stderr);
}

static const char *const fa_ibnd_widths[] = { "1X", "4X", "8X", "12X", "2X" };	/* bits 0-4 */
static const char *const fa_ibnd_speeds[] = { "SDR", "DDR", "QDR" };		/* bits 0-2 */
static const char *const fa_ibnd_ext_speeds[] = { "FDR", "EDR", "HDR", "NDR" };	/* bits 0-3 */
static const char *const fa_ibnd_states[] = { NULL, "down", "init", "armed", "active" };
static const char *const fa_ibnd_phys[] = { NULL, "sleep", "polling", "disabled", "training",
					    "linkup", "linkerrorrecovery", "phytest" };

static json_t *fa_ibnd_guid(uint64_t guid)
{
	char buf[24];

	snprintf(buf, sizeof(buf), "0x%016" PRIx64, guid);
	return json_string(buf);
}

/* The names of the bits set in @mask, from @names (@n of them). */
static json_t *fa_ibnd_mask(unsigned mask, const char *const *names, size_t n)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < n; i++)
		if (mask & (1u << i))
			json_array_append_new(a, json_string(names[i]));
	return a;
}

/* The name of a single-bit value, or NULL. */
static const char *fa_ibnd_bit(unsigned v, const char *const *names, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (v == 1u << i)
			return names[i];
	return NULL;
}

/* A switch's CapabilityMask and extended speeds live in port 0's PortInfo (IBA 14.2.5.6). */
static uint8_t *fa_ibnd_cap_info(ibnd_port_t *p)
{
	if (p->node->type == IB_NODE_SWITCH)
		return p->node->ports[0] ? p->node->ports[0]->info : NULL;
	return p->info;
}

static unsigned fa_ibnd_capmask(ibnd_port_t *p)
{
	uint8_t *info = fa_ibnd_cap_info(p);

	return info ? mad_get_field(info, 0, IB_PORT_CAPMASK_F) : 0;
}

/* The LID the diagnostics print for a port: a switch's (port 0's) for all its ports. */
static unsigned fa_ibnd_lid(ibnd_port_t *p)
{
	if (p->node->type == IB_NODE_SWITCH)
		return p->node->ports[0] ? p->node->ports[0]->base_lid : p->node->smalid;
	return p->base_lid;
}

static int fa_ibnd_mtu(unsigned code)
{
	return code >= 1 && code <= 5 ? 128 << code : -1;
}

static const char *fa_ibnd_type(int type)
{
	return type == IB_NODE_SWITCH ? "switch" : type == IB_NODE_CA ? "ca"
		: type == IB_NODE_ROUTER ? "router" : "unknown";
}

/* Widths, speeds (base, extended, FDR10) of @p: active, enabled, supported. */
static void fa_ibnd_link(json_t *j, ibnd_port_t *p, bool up)
{
	unsigned ext = fa_ibnd_capmask(p) & FA_IBND_CAP_EXT_SPEEDS;
	unsigned fdr10_sup = mad_get_field(p->ext_info, 0, IB_MLNX_EXT_PORT_LINK_SPEED_SUPPORTED_F);
	unsigned fdr10_act = mad_get_field(p->ext_info, 0, IB_MLNX_EXT_PORT_LINK_SPEED_ACTIVE_F);
	const char *speed = NULL, *width;
	json_t *sup, *en;

	width = fa_ibnd_bit(mad_get_field(p->info, 0, IB_PORT_LINK_WIDTH_ACTIVE_F),
			    fa_ibnd_widths, 5);
	if (ext)
		speed = fa_ibnd_bit(mad_get_field(p->info, 0, IB_PORT_LINK_SPEED_EXT_ACTIVE_F),
				    fa_ibnd_ext_speeds, 4);
	if (!speed && (fdr10_act & FA_IBND_FDR10))
		speed = "FDR10";
	if (!speed)
		speed = fa_ibnd_bit(mad_get_field(p->info, 0, IB_PORT_LINK_SPEED_ACTIVE_F),
				    fa_ibnd_speeds, 3);
	/* A down port's width and speed are not valid (IBA C14-24.2.1). */
	if (up && width)
		json_object_set_new(j, "width_active", json_string(width));
	if (up && speed)
		json_object_set_new(j, "speed_active", json_string(speed));
	json_object_set_new(j, "width_enabled",
			    fa_ibnd_mask(mad_get_field(p->info, 0, IB_PORT_LINK_WIDTH_ENABLED_F),
					 fa_ibnd_widths, 5));
	json_object_set_new(j, "width_supported",
			    fa_ibnd_mask(mad_get_field(p->info, 0, IB_PORT_LINK_WIDTH_SUPPORTED_F),
					 fa_ibnd_widths, 5));
	en = fa_ibnd_mask(mad_get_field(p->info, 0, IB_PORT_LINK_SPEED_ENABLED_F), fa_ibnd_speeds, 3);
	sup = fa_ibnd_mask(mad_get_field(p->info, 0, IB_PORT_LINK_SPEED_SUPPORTED_F),
			   fa_ibnd_speeds, 3);
	if (fdr10_sup & FA_IBND_FDR10)
		json_array_append_new(sup, json_string("FDR10"));
	json_object_set_new(j, "speed_enabled", en);
	json_object_set_new(j, "speed_supported", sup);
	if (ext) {
		json_object_set_new(j, "ext_speed_enabled",
				    fa_ibnd_mask(mad_get_field(p->info, 0,
							       IB_PORT_LINK_SPEED_EXT_ENABLED_F),
						 fa_ibnd_ext_speeds, 4));
		json_object_set_new(j, "ext_speed_supported",
				    fa_ibnd_mask(mad_get_field(p->info, 0,
							       IB_PORT_LINK_SPEED_EXT_SUPPORTED_F),
						 fa_ibnd_ext_speeds, 4));
	}
}

static json_t *fa_ibnd_port(ibnd_port_t *p)
{
	unsigned state = mad_get_field(p->info, 0, IB_PORT_STATE_F);
	unsigned phys = mad_get_field(p->info, 0, IB_PORT_PHYS_STATE_F);
	int mtu = fa_ibnd_mtu(mad_get_field(p->info, 0, IB_PORT_NEIGHBOR_MTU_F));
	int cap = fa_ibnd_mtu(mad_get_field(p->info, 0, IB_PORT_MTU_CAP_F));
	json_t *j = json_object();

	json_object_set_new(j, "number", json_integer(p->portnum));
	json_object_set_new(j, "guid", fa_ibnd_guid(p->guid));
	json_object_set_new(j, "lid", json_integer(fa_ibnd_lid(p)));
	json_object_set_new(j, "lmc", json_integer(p->node->type == IB_NODE_SWITCH &&
						   p->node->ports[0] ? p->node->ports[0]->lmc
								     : p->lmc));
	json_object_set_new(j, "capability_mask", json_integer(fa_ibnd_capmask(p)));
	if (p->node->type == IB_NODE_CA)
		json_object_set_new(j, "sm_lid",
				    json_integer(mad_get_field(p->info, 0, IB_PORT_SMLID_F)));
	if (state < sizeof(fa_ibnd_states) / sizeof(fa_ibnd_states[0]) && fa_ibnd_states[state])
		json_object_set_new(j, "state", json_string(fa_ibnd_states[state]));
	if (phys < sizeof(fa_ibnd_phys) / sizeof(fa_ibnd_phys[0]) && fa_ibnd_phys[phys])
		json_object_set_new(j, "phys_state", json_string(fa_ibnd_phys[phys]));
	fa_ibnd_link(j, p, state > 1);
	if (state > 1 && mtu > 0)
		json_object_set_new(j, "mtu_active", json_integer(mtu));
	if (cap > 0)
		json_object_set_new(j, "mtu_cap", json_integer(cap));
	if (p->remoteport) {
		ibnd_port_t *r = p->remoteport;
		json_t *rj = json_object();

		json_object_set_new(rj, "node_guid", fa_ibnd_guid(r->node->guid));
		json_object_set_new(rj, "port_guid", fa_ibnd_guid(r->guid));
		json_object_set_new(rj, "port_number", json_integer(r->portnum));
		json_object_set_new(rj, "lid", json_integer(fa_ibnd_lid(r)));
		json_object_set_new(rj, "type", json_string(fa_ibnd_type(r->node->type)));
		json_object_set_new(rj, "description", json_string(r->node->nodedesc));
		json_object_set_new(j, "remote", rj);
	}
	return j;
}

static json_t *fa_ibnd_node(ibnd_node_t *n)
{
	json_t *j = json_object(), *ports = json_array();
	int i;

	json_object_set_new(j, "type", json_string(fa_ibnd_type(n->type)));
	json_object_set_new(j, "guid", fa_ibnd_guid(n->guid));
	json_object_set_new(j, "system_guid",
			    fa_ibnd_guid(mad_get_field64(n->info, 0, IB_NODE_SYSTEM_GUID_F)));
	/* NodeDescription is 64 bytes, not always NUL-terminated; ibnd keeps a byte for it. */
	json_object_set_new(j, "description", json_string(n->nodedesc));
	json_object_set_new(j, "partition_cap",
			    json_integer(mad_get_field(n->info, 0, IB_NODE_PARTITION_CAP_F)));
	for (i = 1; i <= n->numports; i++)
		if (n->ports[i])
			json_array_append_new(ports, fa_ibnd_port(n->ports[i]));
	json_object_set_new(j, "ports", ports);
	return j;
}

static bool fa_ibnd_time_left(struct fa_ibnd_run *run)
{
	if (fa_clock_now() < run->deadline)
		return true;
	run->skipped++;
	return false;
}

/* SubnGet(PKeyTable), every block up to the node's PartitionCap: the non-empty entries. */
static void fa_ibnd_pkeys(struct fa_ibnd_run *run, ibnd_port_t *p, json_t *pj)
{
	unsigned cap = mad_get_field(p->node->info, 0, IB_NODE_PARTITION_CAP_F), b, i;
	json_t *keys = json_array();
	ib_portid_t id = { 0 };

	if (cap > FA_IBND_PKEY_MAX)
		cap = FA_IBND_PKEY_MAX;
	ib_portid_set(&id, (int)p->base_lid, 0, 0);
	for (b = 0; b * FA_IBND_PKEY_BLOCK < cap; b++) {
		uint8_t buf[IB_SMP_DATA_SIZE] = { 0 };

		if (!fa_ibnd_time_left(run)) {
			json_decref(keys);
			return;
		}
		if (!smp_query_via(buf, &id, IB_ATTR_PKEY_TBL, b, run->timeout_ms, run->mad)) {
			run->skipped++;
			json_decref(keys);
			return;
		}
		for (i = 0; i < FA_IBND_PKEY_BLOCK && b * FA_IBND_PKEY_BLOCK + i < cap; i++) {
			unsigned v = (unsigned)buf[2 * i] << 8 | buf[2 * i + 1];
			char s[8];

			/* low 15 bits zero: an empty entry */
			if (v & 0x7fff) {
				snprintf(s, sizeof(s), "0x%04x", v);
				json_array_append_new(keys, json_string(s));
			}
		}
	}
	json_object_set_new(pj, "pkey_capacity", json_integer(cap));
	json_object_set_new(pj, "pkeys", keys);
}

/* PerfMgt Get of PortCountersExtended and PortCounters, IBA counter names, raw units. */
static void fa_ibnd_counters(struct fa_ibnd_run *run, ibnd_port_t *p, json_t *pj)
{
	static const struct {
		enum MAD_FIELDS f;
		const char *name;
	} ext[] = {
		{ IB_PC_EXT_XMT_BYTES_F, "PortXmitData" },
		{ IB_PC_EXT_RCV_BYTES_F, "PortRcvData" },
		{ IB_PC_EXT_XMT_PKTS_F, "PortXmitPkts" },
		{ IB_PC_EXT_RCV_PKTS_F, "PortRcvPkts" },
	}, base[] = {
		{ IB_PC_ERR_SYM_F, "SymbolErrorCounter" },
		{ IB_PC_LINK_RECOVERS_F, "LinkErrorRecoveryCounter" },
		{ IB_PC_LINK_DOWNED_F, "LinkDownedCounter" },
		{ IB_PC_ERR_RCV_F, "PortRcvErrors" },
		{ IB_PC_XMT_DISCARDS_F, "PortXmitDiscards" },
		{ IB_PC_VL15_DROPPED_F, "VL15Dropped" },
	};
	uint8_t buf[1024];
	json_t *c = json_object();
	ib_portid_t id = { 0 };
	size_t i;

	ib_portid_set(&id, (int)p->base_lid, 0, 0);
	memset(buf, 0, sizeof(buf));
	if (fa_ibnd_time_left(run) &&
	    pma_query_via(buf, &id, p->portnum, run->timeout_ms, IB_GSI_PORT_COUNTERS_EXT,
			  run->mad)) {
		for (i = 0; i < sizeof(ext) / sizeof(ext[0]); i++) {
			uint64_t v = 0;

			mad_decode_field(buf, ext[i].f, &v);
			json_object_set_new(c, ext[i].name, json_integer((json_int_t)(v & INT64_MAX)));
		}
	} else {
		run->skipped++;
	}
	memset(buf, 0, sizeof(buf));
	if (fa_ibnd_time_left(run) &&
	    pma_query_via(buf, &id, p->portnum, run->timeout_ms, IB_GSI_PORT_COUNTERS,
			  run->mad)) {
		for (i = 0; i < sizeof(base) / sizeof(base[0]); i++) {
			uint32_t v = 0;

			mad_decode_field(buf, base[i].f, &v);
			json_object_set_new(c, base[i].name, json_integer(v));
		}
	} else {
		run->skipped++;
	}
	if (json_object_size(c))
		json_object_set_new(pj, "counters", c);
	else
		json_decref(c);
}

/* SubnGet(SMInfo) of a port whose CapabilityMask says IsSM. */
static json_t *fa_ibnd_sminfo(struct fa_ibnd_run *run, ibnd_port_t *p)
{
	static const char *const states[] = { "not-active", "discovering", "standby", "master" };
	uint8_t buf[IB_SMP_DATA_SIZE] = { 0 };
	ib_portid_t id = { 0 };
	uint64_t guid = 0;
	unsigned prio = 0, state = 0;
	json_t *sm;

	ib_portid_set(&id, (int)fa_ibnd_lid(p), 0, 0);
	if (!fa_ibnd_time_left(run) ||
	    !smp_query_via(buf, &id, IB_ATTR_SMINFO, 0, run->timeout_ms, run->mad)) {
		run->skipped++;
		return NULL;
	}
	mad_decode_field(buf, IB_SMINFO_GUID_F, &guid);
	mad_decode_field(buf, IB_SMINFO_PRIO_F, &prio);
	mad_decode_field(buf, IB_SMINFO_STATE_F, &state);
	sm = json_object();
	json_object_set_new(sm, "lid", json_integer(fa_ibnd_lid(p)));
	json_object_set_new(sm, "guid", fa_ibnd_guid(guid));
	json_object_set_new(sm, "priority", json_integer(prio));
	if (state < 4)
		json_object_set_new(sm, "state", json_string(states[state]));
	return sm;
}

/* The queries by LID: P_Keys and counters of CA ports, SMInfo of SM ports. */
static void fa_ibnd_queries(struct fa_ibnd_run *run, ibnd_fabric_t *f, json_t *nodes,
			    json_t *sms)
{
	ibnd_node_t *n;
	size_t k = 0, done = 0, total = 0;

	for (n = f->nodes; n; n = n->next)
		total += (size_t)n->numports;
	for (n = f->nodes; n; n = n->next, k++) {
		json_t *pa = json_object_get(json_array_get(nodes, k), "ports");
		size_t m = 0;
		bool asked_sm = false;
		int i;

		for (i = 1; i <= n->numports; i++) {
			ibnd_port_t *p = n->ports[i];
			json_t *pj, *sm;

			done++;
			fa_ibnd_progress(run, json_array_size(nodes), done, total, false);
			if (!p)
				continue;
			pj = json_array_get(pa, m++);
			if (!fa_ibnd_lid(p) || mad_get_field(p->info, 0, IB_PORT_STATE_F) < 2)
				continue;
			if (n->type == IB_NODE_CA) {
				fa_ibnd_pkeys(run, p, pj);
				fa_ibnd_counters(run, p, pj);
			}
			/* a switch's SM answers at the switch's LID: ask it once */
			if (!(fa_ibnd_capmask(p) & FA_IBND_CAP_IS_SM) ||
			    (n->type == IB_NODE_SWITCH && asked_sm))
				continue;
			asked_sm = true;
			sm = fa_ibnd_sminfo(run, p);
			if (sm)
				json_array_append_new(sms, sm);
		}
	}
	fa_ibnd_progress(run, json_array_size(nodes), done, total, true);
}

int fa_ibnd_discover(const struct fa_ibnd_opts *o, struct fa_buf *out, struct fa_err *err)
{
	int classes[] = { IB_SMI_CLASS, IB_SMI_DIRECT_CLASS, IB_PERFORMANCE_CLASS };
	struct ibnd_config cfg;
	struct fa_ibnd_run run = { fa_clock_now() + (o->budget > 0 ? o->budget : 60), 0, NULL, 0,
				   o->progress, fa_clock_now(), 0 };
	ibnd_fabric_t *f;
	ibnd_node_t *n;
	json_t *doc, *nodes, *sms, *local;
	char *text;
	int r = 0;

	memset(&cfg, 0, sizeof(cfg));
	cfg.max_smps = o->max_smps ? o->max_smps : 2;
	cfg.timeout_ms = o->timeout_ms ? o->timeout_ms : 500;
	cfg.retries = o->retries ? o->retries : 2;
	/* as the diagnostics do: ask Mellanox ports for ExtendedPortInfo, where FDR10 shows */
	cfg.flags = IBND_CONFIG_MLX_EPI;
	run.timeout_ms = cfg.timeout_ms;
	if (run.progress) {
		/* one call of the library, with no progress of its own: say what it is doing */
		fprintf(stderr, "\rib-fabric: discovering the subnet from %s...   ",
			o->ca ? o->ca : "the first HCA");
		fflush(stderr);
	}
	f = ibnd_discover_fabric((char *)o->ca, o->port, NULL, &cfg);
	if (!f && run.progress)
		fputc('\n', stderr);
	if (!f && o->port > 0)
		return fa_err_set(err, FA_EUNREACH, "libibnetdisc could not discover the subnet "
				  "from %s port %d", o->ca ? o->ca : "the first HCA", o->port);
	if (!f)
		return fa_err_set(err, FA_EUNREACH, "libibnetdisc could not discover the subnet "
				  "from %s (its first active port)", o->ca ? o->ca : "the first HCA");
	if (fa_clock_now() >= run.deadline) {
		ibnd_destroy_fabric(f);
		return fa_err_set(err, FA_ETIMEOUT, "discovery took longer than %.0f s", o->budget);
	}
	doc = json_object();
	nodes = json_array();
	sms = json_array();
	for (n = f->nodes; n; n = n->next)
		json_array_append_new(nodes, fa_ibnd_node(n));
	local = json_object();
	if (f->from_node) {
		ibnd_port_t *lp = f->from_portnum <= f->from_node->numports
					  ? f->from_node->ports[f->from_portnum] : NULL;

		json_object_set_new(local, "node_guid", fa_ibnd_guid(f->from_node->guid));
		json_object_set_new(local, "port_number", json_integer(f->from_portnum));
		if (lp)
			json_object_set_new(local, "sm_lid",
					    json_integer(mad_get_field(lp->info, 0, IB_PORT_SMLID_F)));
	}
	run.mad = mad_rpc_open_port((char *)o->ca, o->port, classes, 3);
	if (run.mad) {
		mad_rpc_set_retries(run.mad, (int)cfg.retries);
		fa_ibnd_queries(&run, f, nodes, sms);
		mad_rpc_close_port(run.mad);
	} else {
		run.skipped++;
	}
	json_object_set_new(doc, "format", json_string("fabric-audit-ibnd/1"));
	json_object_set_new(doc, "local", local);
	json_object_set_new(doc, "nodes", nodes);
	json_object_set_new(doc, "sms", sms);
	json_object_set_new(doc, "mads", json_integer(f->total_mads_used));
	json_object_set_new(doc, "skipped", json_integer(run.skipped));
	ibnd_destroy_fabric(f);
	text = json_dumps(doc, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
	json_decref(doc);
	if (!text)
		return fa_err_set(err, FA_ENOMEM, "cannot write the discovery document");
	fa_buf_adds(out, text);
	fa_buf_addch(out, '\n');
	free(text);
	return r;
}
