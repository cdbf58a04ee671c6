/* SPDX-License-Identifier: MIT */
/*
 * bench-rules: evaluate the rule catalogue on a synthetic fabric of any size, to measure the
 * engine (bench/bench-rules.sh runs it under /usr/bin/time for the peak memory).
 *
 * The fabric is a three-tier Clos of 64-port switches: --hosts hosts with --nics RDMA ports
 * each (plus a management port and loopback), each port with its MAC and RoCE v2 IPv4 GID;
 * rail-optimised: hosts come in groups of 32, and NIC n of every host of group g is on leaf
 * g * nics + n; leaves with 32 host ports and 32 uplinks;
 * pods of 32 leaves and 32 spines (leaf i of a pod on port i of every spine of its pod);
 * spines with 32 uplinks to 32 planes of super-spines with 64 ports.  Every port carries
 * what the collectors report (MTU, speed, FEC, QoS with the full DSCP map, ECN, NIC data,
 * LLDP, NCCL's traffic class), and every link is in the snapshot, so every rule of the
 * catalogue has subjects.
 *
 * A few faults are seeded so the report is not empty: one host port at MTU 1500, one NIC on
 * older firmware, and one spine uplink without PFC on the lossless priority (which breaks
 * the paths of every host of its pod, a worst case for the path rules).
 *
 * The snapshot is built in memory.  By default identical QoS and NIC-configuration objects
 * are shared between ports (as a loader that deduplicates values would do); --no-share gives
 * every port its own copy, as jansson's parser does for a snapshot file.  --write FILE saves
 * the snapshot and stops, for measuring the command line on the same data.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "audit/engine.h"
#include "audit/snapshot.h"
#include "audit/util/arena.h"
#include "audit/util/err.h"
#include "audit/util/hugepages.h"
#include "audit/util/xalloc.h"
#include "rules/rule.h"
#include "audit/util/banned.h"

#define BENCH_RADIX 64
#define BENCH_DOWN (BENCH_RADIX / 2)

struct bench {
	long hosts, nics, leaves, pods, spines, planes_super, supers;
	bool share;
	json_t *host_qos, *leaf_qos, *mlxconfig;
	json_t **host_ports;	/* per host: ports array, to add LLDP later */
};

static double bench_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Peak resident memory so far, in MiB. */
static double bench_peak_mib(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return (double)ru.ru_maxrss / 1024.0;
}

/* CPU time of the process: what the work costs when other jobs share the machine. */
static double bench_cpu(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static json_t *bench_get(const struct bench *b, json_t *shared)
{
	return b->share ? json_incref(shared) : json_deep_copy(shared);
}

static json_t *bench_dscp_map(void)
{
	json_t *m = json_array();
	int i;

	for (i = 0; i < 64; i++)
		json_array_append_new(m, json_integer(i / 8));
	return m;
}

static void bench_shared(struct bench *b)
{
	b->host_qos = json_pack("{s:s,s:[i],s:o,s:[iiiiiiii],s:{s:[i],s:[i],s:i}}", "trust",
				"dscp", "pfc_enabled", 3, "dscp_to_priority", bench_dscp_map(),
				"priority_to_tc", 1, 0, 2, 3, 4, 5, 6, 7, "dcqcn", "rp_enabled", 3,
				"np_enabled", 3, "cnp_dscp", 48);
	/* PFC per direction and ETS, as mlnx_qos gives them */
	json_object_set_new(b->host_qos, "pfc_rx", json_pack("[i]", 3));
	json_object_set_new(b->host_qos, "pfc_tx", json_pack("[i]", 3));
	json_object_set_new(b->host_qos, "ets",
			    json_pack("{s:[ssssssss],s:[iiiiiiii]}", "tsa", "ets", "ets", "ets",
				      "ets", "ets", "ets", "ets", "ets", "bandwidth", 13, 13, 13, 13,
				      12, 12, 12, 12));
	b->leaf_qos = json_pack("{s:s,s:[i],s:b,s:o,s:[iiiiiiii],s:{s:[ii],s:i,s:i,s:i},s:s,s:i}",
				"trust", "both", "pfc_enabled", 3, "pfc_watchdog", 1,
				"dscp_to_priority", bench_dscp_map(), "priority_to_tc", 0, 0, 0, 3, 0,
				0, 6, 0, "ecn", "enabled_tcs", 0, 3, "min_threshold", 150000,
				"max_threshold", 1500000, "probability", 100, "roce_mode",
				"lossless", "cable_length", 100);
	/* PFC per direction, and a full ETS table (a switch that lists all eight classes) */
	json_object_set_new(b->leaf_qos, "pfc_rx", json_pack("[i]", 3));
	json_object_set_new(b->leaf_qos, "pfc_tx", json_pack("[i]", 3));
	json_object_set_new(b->leaf_qos, "ets",
			    json_pack("{s:[ssssssss],s:[iiiiiiii]}", "tsa", "ets", "ets", "ets",
				      "ets", "ets", "ets", "strict", "ets", "bandwidth", 50, 0, 0,
				      50, 0, 0, 0, 0));
	/* Receive buffers, cable length and DCBX, so the buffer and DCBX rules have their data:
	 * willing NICs whose leaves advertise the PFC they run. */
	json_object_set_new(b->host_qos, "cable_length", json_integer(7));
	json_object_set_new(b->host_qos, "buffer",
			    json_pack("{s:[iiiiiiii],s:[iiiiiiii],s:i}", "size", 130944, 262016, 0,
				      0, 0, 0, 0, 0, "prio_to_buffer", 0, 0, 0, 1, 0, 0, 0, 0,
				      "max_size", 1043232));
	json_object_set_new(b->host_qos, "dcbx", json_pack("{s:s}", "mode", "firmware"));
	json_object_set_new(b->leaf_qos, "dcbx", json_pack("{s:b}", "pfc_tlv", 1));
	b->mlxconfig = json_pack("{s:{s:s,s:s},s:{s:s,s:s},s:{s:s,s:s},s:{s:s,s:s},s:{s:s,s:s},"
				 "s:{s:s,s:s}}",
				 "LINK_TYPE_P1", "current", "ETH(2)", "next", "ETH(2)",
				 "SRIOV_EN", "current", "True(1)", "next", "True(1)",
				 "NUM_OF_VFS", "current", "16", "next", "16",
				 "ATS_ENABLED", "current", "True(1)", "next", "True(1)",
				 "CNP_DSCP_P1", "current", "48", "next", "48",
				 "CNP_802P_PRIO_P1", "current", "6", "next", "6");
}

static json_t *bench_device(const char *name, const char *kind, const char *role)
{
	json_t *d = json_pack("{s:s,s:s,s:s,s:s,s:s}", "name", name, "kind", kind, "role", role,
			      "status", "ok", "platform", strcmp(kind, "host") ? "cumulus" : "linux");

	if (!strcmp(kind, "host")) {
		json_object_set_new(d, "os", json_pack("{s:s,s:s,s:s}", "name", "Ubuntu", "version",
						       "22.04", "kernel", "5.15.0-105-generic"));
		json_object_set_new(d, "software",
				    json_pack("{s:s,s:s,s:s,s:s}", "ofed",
					      "MLNX_OFED_LINUX-23.10-1.1.9.0", "nvidia_driver",
					      "535.54.03", "cuda", "12.2", "nccl", "2.19.3"));
	} else {
		json_object_set_new(d, "os", json_pack("{s:s,s:s,s:s}", "name", "Cumulus Linux",
						       "version", "5.12.0", "kernel",
						       "6.1.0-cl-1-amd64"));
	}
	return d;
}

static json_t *bench_lldp(const char *sys, const char *port)
{
	return json_pack("{s:s,s:s,s:s}", "system_name", sys, "port_id", port,
			 "port_description", port);
}

static json_t *bench_switch_port(const struct bench *b, int n, const char *peer,
				 const char *peer_port, int pfc_fault)
{
	char name[16];
	json_t *p, *qos;

	snprintf(name, sizeof(name), "swp%d", n);
	qos = bench_get(b, b->leaf_qos);
	if (pfc_fault) {
		json_t *own = json_deep_copy(qos);

		json_decref(qos);
		qos = own;
		json_object_set_new(qos, "pfc_enabled", json_pack("[i]", 4));
		json_object_set_new(qos, "pfc_rx", json_pack("[i]", 4));
		json_object_set_new(qos, "pfc_tx", json_pack("[i]", 4));
	}
	p = json_pack("{s:s,s:s,s:s,s:s,s:i,s:I,s:s,s:b,s:o}", "name", name, "type", "ethernet",
		      "admin_state", "up", "oper_state", peer ? "up" : "down", "mtu", 9216,
		      "speed", (json_int_t)400000000000LL, "fec", "rs", "autoneg", 0, "qos", qos);
	if (peer)
		json_object_set_new(p, "lldp", bench_lldp(peer, peer_port));
	return p;
}

/*
 * What the address rules read: the MAC (unique per port) and the RoCE v2 IPv4 GID
 * (::ffff:10.<nic>.<host>).  A real table has link-local and RoCE v1 entries as well; they are
 * left out to keep the 100k-GPU snapshot within the benchmark's memory budget, since the rules
 * skip them after one comparison each.
 */
static void bench_host_addresses(json_t *port, long h, long n, const char *ifname)
{
	char mac[32], v4[64], ip[32];

	snprintf(mac, sizeof(mac), "b8:ce:f6:%02lx:%02lx:%02lx", (h >> 8) & 0xff, h & 0xff, n & 0xff);
	snprintf(v4, sizeof(v4), "0000:0000:0000:0000:0000:ffff:0a%02lx:%02lx%02lx", n & 0xff,
		 ((h + 1) >> 8) & 0xff, (h + 1) & 0xff);
	snprintf(ip, sizeof(ip), "10.%ld.%ld.%ld", n, ((h + 1) >> 8) & 0xff, (h + 1) & 0xff);
	json_object_set_new(port, "mac", json_string(mac));
	json_object_set_new(port, "gids", json_pack("[{s:i,s:s,s:s,s:s,s:s}]", "index", 3, "gid",
						    v4, "type", "RoCE v2", "ipv4", ip, "netdev",
						    ifname));
}

static void bench_link(json_t *links, const char *a, const char *ap, const char *b,
		       const char *bp)
{
	/* The snapshot orders each link's ends by (device, port). */
	int c = strcmp(a, b);

	if (c > 0 || (c == 0 && strcmp(ap, bp) > 0)) {
		const char *t = a, *tp = ap;

		a = b;
		ap = bp;
		b = t;
		bp = tp;
	}
	json_array_append_new(links, json_pack("{s:{s:s,s:s},s:{s:s,s:s},s:s}", "a", "device", a,
					       "port", ap, "b", "device", b, "port", bp, "source",
					       "lldp"));
}

static json_t *bench_build(struct bench *b)
{
	json_t *devs = json_array(), *links = json_array(), *d, *ports, *p, *nic;
	char name[32], peer[32], pn[16], ppn[16];
	long h, n, l, s, q, k, i, u;

	bench_shared(b);
	for (h = 0; h < b->hosts; h++) {
		snprintf(name, sizeof(name), "gpu%05ld", h + 1);
		d = bench_device(name, "host", "gpu-host");
		/* NCCL's traffic class: 106 (DSCP 26), and 98 (DSCP 24, the same priority) on
		   one host in 64 from an environment file, so the path rules see two profiles */
		json_object_set_new(d, "nccl", json_pack("{s:i}", "ib_tc", h % 64 == 5 ? 98 : 106));
		json_object_set_new(d, "nccl_source",
				    json_pack("{s:s}", "ib_tc",
					      h % 64 == 5 ? "/etc/profile.d/nccl.sh" : "/etc/nccl.conf"));
		ports = json_array();
		json_array_append_new(ports, json_pack("{s:s,s:s,s:s,s:i}", "name", "eno1", "type",
						       "management", "oper_state", "up", "mtu", 1500));
		for (n = 0; n < b->nics; n++) {
			k = h * b->nics + n;
			snprintf(pn, sizeof(pn), "ens%ldf0np0", n + 1);
			snprintf(peer, sizeof(peer), "leaf%04ld", (h / BENCH_DOWN) * b->nics + n + 1);
			snprintf(ppn, sizeof(ppn), "swp%ld", h % BENCH_DOWN + 1);
			nic = json_pack("{s:s,s:i,s:s,s:s,s:s,s:s,s:s,s:s,s:o}", "device", "mlx5_0",
					"port", 1, "driver", "mlx5_core", "driver_version",
					"23.10-1.1.9", "firmware",
					h == 7 && n == 1 ? "28.37.1014" : "28.39.1002", "psid",
					"MT_0000000838", "model", "MT4129", "pci", "0000:17:00.0",
					"mlxconfig", bench_get(b, b->mlxconfig));
			json_object_set_new(nic, "device", json_sprintf("mlx5_%ld", n));
			json_object_set_new(nic, "port_guid", json_sprintf("0xa088c203%08lx", k));
			p = json_pack("{s:s,s:s,s:s,s:s,s:i,s:I,s:b,s:o,s:o,s:o,s:{s:s}}", "name", pn,
				      "type", "ethernet", "admin_state", "up", "oper_state", "up",
				      "mtu", h == 3 && n == 0 ? 1500 : 9000, "speed",
				      (json_int_t)400000000000LL, "autoneg", 1, "nic", nic, "qos",
				      bench_get(b, b->host_qos), "lldp", bench_lldp(peer, ppn), "ib",
				      "link_layer", "Ethernet");
			bench_host_addresses(p, h, n, pn);
			json_array_append_new(ports, p);
			bench_link(links, name, pn, peer, ppn);
		}
		json_array_append_new(ports, json_pack("{s:s,s:s}", "name", "lo", "type",
						       "loopback"));
		json_object_set_new(d, "ports", ports);
		json_array_append_new(devs, d);
	}
	/* Leaves: swp1-32 to hosts, swp33-64 to the 32 spines of the pod. */
	for (l = 0; l < b->leaves; l++) {
		snprintf(name, sizeof(name), "leaf%04ld", l + 1);
		d = bench_device(name, "switch", "leaf");
		ports = json_array();
		for (i = 0; i < BENCH_DOWN; i++) {
			k = (l / b->nics) * BENCH_DOWN + i;	/* the host on this port */
			snprintf(peer, sizeof(peer), "gpu%05ld", k + 1);
			snprintf(ppn, sizeof(ppn), "ens%ldf0np0", l % b->nics + 1);
			json_array_append_new(ports, bench_switch_port(b, (int)i + 1, k < b->hosts ?
								       peer : NULL, ppn, 0));
		}
		for (u = 0; u < BENCH_DOWN; u++) {
			s = (l / BENCH_DOWN) * BENCH_DOWN + u;
			snprintf(peer, sizeof(peer), "spine%04ld", s + 1);
			snprintf(ppn, sizeof(ppn), "swp%ld", l % BENCH_DOWN + 1);
			snprintf(pn, sizeof(pn), "swp%ld", BENCH_DOWN + u + 1);
			json_array_append_new(ports, bench_switch_port(b, (int)(BENCH_DOWN + u + 1),
								       peer, ppn, 0));
			bench_link(links, name, pn, peer, ppn);
		}
		json_object_set_new(d, "ports", ports);
		json_array_append_new(devs, d);
	}
	/* Spines: swp1-32 to the leaves of the pod, swp33-64 to super-spines of their plane. */
	for (s = 0; s < b->spines; s++) {
		long pod = s / BENCH_DOWN, plane = s % BENCH_DOWN;

		snprintf(name, sizeof(name), "spine%04ld", s + 1);
		d = bench_device(name, "switch", "spine");
		ports = json_array();
		for (i = 0; i < BENCH_DOWN; i++) {
			l = pod * BENCH_DOWN + i;
			snprintf(peer, sizeof(peer), "leaf%04ld", l + 1);
			snprintf(ppn, sizeof(ppn), "swp%ld", BENCH_DOWN + plane + 1);
			json_array_append_new(ports, bench_switch_port(b, (int)i + 1, l < b->leaves ?
								       peer : NULL, ppn, 0));
		}
		for (u = 0; u < BENCH_DOWN; u++) {
			k = pod * BENCH_DOWN + u;	/* this uplink's number within the plane */
			q = plane * b->planes_super + k / BENCH_RADIX;
			snprintf(peer, sizeof(peer), "super%04ld", q + 1);
			snprintf(ppn, sizeof(ppn), "swp%ld", k % BENCH_RADIX + 1);
			snprintf(pn, sizeof(pn), "swp%ld", BENCH_DOWN + u + 1);
			json_array_append_new(ports, bench_switch_port(b, (int)(BENCH_DOWN + u + 1),
								       peer, ppn, s == 0 && u == 0));
			bench_link(links, name, pn, peer, ppn);
		}
		json_object_set_new(d, "ports", ports);
		json_array_append_new(devs, d);
	}
	/* Super-spines: 64 ports down to the spines of their plane. */
	for (q = 0; q < b->supers; q++) {
		long plane = q / b->planes_super;

		snprintf(name, sizeof(name), "super%04ld", q + 1);
		d = bench_device(name, "switch", "super-spine");
		ports = json_array();
		for (i = 0; i < BENCH_RADIX; i++) {
			k = (q % b->planes_super) * BENCH_RADIX + i;
			s = (k / BENCH_DOWN) * BENCH_DOWN + plane;
			snprintf(peer, sizeof(peer), "spine%04ld", s + 1);
			snprintf(ppn, sizeof(ppn), "swp%ld", BENCH_DOWN + k % BENCH_DOWN + 1);
			json_array_append_new(ports, bench_switch_port(b, (int)i + 1, s < b->spines ?
								       peer : NULL, ppn, 0));
		}
		json_object_set_new(d, "ports", ports);
		json_array_append_new(devs, d);
	}
	json_decref(b->host_qos);
	json_decref(b->leaf_qos);
	json_decref(b->mlxconfig);
	return json_pack("{s:s,s:s,s:{s:s,s:s},s:o,s:o}", "format", "fabric-audit/snapshot/v1",
			 "created", "2026-12-02T00:00:00Z", "tool", "name", "fabric-audit",
			 "version", PACKAGE_VERSION, "devices", devs, "links", links);
}

/* What a loaded snapshot holds, and what loading it cost. */
static void bench_describe(const json_t *snap, const char *path, double wall, double cpu)
{
	const json_t *d;
	size_t i, ports = 0;

	json_array_foreach(json_object_get(snap, "devices"), i, d)
		ports += json_array_size(json_object_get(d, "ports"));
	fprintf(stderr, "snapshot: %s, %zu devices, %zu ports, %zu links; loaded in %.2f s "
		"(%.2f s of CPU), peak memory %.0f MiB\n", path,
		json_array_size(json_object_get(snap, "devices")), ports,
		json_array_size(json_object_get(snap, "links")), wall, cpu, bench_peak_mib());
}

/* The time of each rule alone, one line each ("seconds id"; sort -rn for the slowest). */
static void bench_per_rule(const struct fa_ruleset *all, const char *rules, const json_t *snap)
{
	json_t *list = fa_ruleset_list_json(all), *r, *rep;
	struct fa_err err = FA_ERR_INIT;
	size_t i;

	json_array_foreach(list, i, r) {
		const char *id = json_string_value(json_object_get(r, "id"));
		struct fa_ruleset *one = fa_ruleset_new();
		double t0;

		if (fa_ruleset_load(one, rules ? rules : fa_rules_default_path(), &err) == 0) {
			fa_ruleset_select(one, &id, 1, NULL, 0);
			t0 = bench_cpu();
			rep = NULL;
			if (fa_engine_run(one, snap, NULL, &rep, &err) == 0)
				printf("%.3f %s\n", bench_cpu() - t0, id);
			json_decref(rep);
		}
		fa_ruleset_free(one);
	}
	json_decref(list);
}

static const char bench_usage[] =
	"usage: bench-rules [--hosts N] [--nics N] [-r RULES] [--threads N] [--no-share]\n"
	"                   [--write FILE] [--load FILE] [--report FILE]\n"
	"Builds a three-tier Clos of 64-port switches with N hosts (default 12500) of N NICs\n"
	"(default 8) and evaluates the rule packs (default: the shipped ones) on it, on --threads\n"
	"threads (default: one per CPU); --report FILE saves the report as JSON.  --write FILE\n"
	"saves the snapshot and stops; --load FILE evaluates a snapshot file instead, loaded as\n"
	"'fabric-audit audit' loads it, and says what loading cost.\n";

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "hosts", required_argument, NULL, 'H' },
		{ "nics", required_argument, NULL, 'n' },
		{ "rules", required_argument, NULL, 'r' },
		{ "threads", required_argument, NULL, 't' },
		{ "report", required_argument, NULL, 'R' },
		{ "load", required_argument, NULL, 'L' },
		{ "no-share", no_argument, NULL, 'S' },
		{ "write", required_argument, NULL, 'w' },
		{ "per-rule", no_argument, NULL, 'P' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct bench b = { 12500, 8, 0, 0, 0, 0, 0, true, NULL, NULL, NULL, NULL };
	struct fa_engine_opts opts = FA_ENGINE_OPTS_INIT;
	struct fa_err err = FA_ERR_INIT;
	const char *rules = NULL, *write = NULL, *report = NULL, *load = NULL;
	bool per_rule = false;
	struct fa_ruleset *rs;
	json_t *snap, *rep = NULL, *sum;
	double t0, t1, t2, c1, c2;
	int opt;

	/* as the program does (audit/cli/main.c), so --load reads as audit -s does */
	fa_hugepages_reexec(argv);	/* as fabric-audit does: the same heap */
	json_set_alloc_funcs(fa_json_malloc, fa_json_free);
	while ((opt = getopt_long(argc, argv, "H:n:r:t:R:L:Sw:Ph", longopts, NULL)) != -1) {
		switch (opt) {
		case 'H':
			b.hosts = atol(optarg);
			break;
		case 'n':
			b.nics = atol(optarg);
			break;
		case 'r':
			rules = optarg;
			break;
		case 't':
			opts.threads = atoi(optarg);
			break;
		case 'R':
			report = optarg;
			break;
		case 'L':
			load = optarg;
			break;
		case 'S':
			b.share = false;
			break;
		case 'w':
			write = optarg;
			break;
		case 'P':
			per_rule = true;
			break;
		case 'h':
			fputs(bench_usage, stdout);
			return 0;
		default:
			fputs(bench_usage, stderr);
			return 64;
		}
	}
	if (b.hosts < 1 || b.nics < 1 || b.nics > 16) {
		fputs(bench_usage, stderr);
		return 64;
	}
	/* One leaf per rail per group of 32 hosts. */
	b.leaves = (b.hosts + BENCH_DOWN - 1) / BENCH_DOWN * b.nics;
	b.pods = (b.leaves + BENCH_DOWN - 1) / BENCH_DOWN;
	b.spines = b.pods * BENCH_DOWN;
	b.planes_super = (b.pods * BENCH_DOWN + BENCH_RADIX - 1) / BENCH_RADIX;
	b.supers = BENCH_DOWN * b.planes_super;

	t0 = bench_now();
	if (load) {
		c1 = bench_cpu();
		if (fa_snapshot_load(load, &snap, &err) < 0) {
			fprintf(stderr, "bench-rules: %s\n", err.msg);
			return 65;
		}
		bench_describe(snap, load, bench_now() - t0, bench_cpu() - c1);
	} else {
		snap = bench_build(&b);
		t1 = bench_now();
		fprintf(stderr, "fabric: %ld hosts x %ld NICs = %ld GPUs, %ld leaves, %ld spines, "
			"%ld super-spines, %zu links; built in %.2f s, peak memory %.0f MiB\n",
			b.hosts, b.nics, b.hosts * b.nics, b.leaves, b.spines, b.supers,
			json_array_size(json_object_get(snap, "links")), t1 - t0, bench_peak_mib());
	}
	if (write) {
		if (json_dump_file(snap, write, JSON_COMPACT) < 0) {
			fprintf(stderr, "bench-rules: cannot write %s\n", write);
			return 74;
		}
		json_decref(snap);
		return 0;
	}
	rs = fa_ruleset_new();
	if (fa_ruleset_load(rs, rules ? rules : fa_rules_default_path(), &err) < 0) {
		fprintf(stderr, "bench-rules: %s\n", err.msg);
		return 65;
	}
	if (per_rule)
		bench_per_rule(rs, rules, snap);
	t1 = bench_now();
	c1 = bench_cpu();
	if (fa_engine_run(rs, snap, &opts, &rep, &err) < 0) {
		fprintf(stderr, "bench-rules: %s\n", err.msg);
		return 70;
	}
	t2 = bench_now();
	c2 = bench_cpu();
	sum = json_object_get(rep, "summary");
	fprintf(stderr, "rules: %zu; checks %lld, findings %lld, not evaluable %lld; evaluated in "
		"%.2f s (%.2f s of CPU), peak memory %.0f MiB\n", fa_ruleset_count(rs),
		(long long)json_integer_value(json_object_get(sum, "checks")),
		(long long)json_integer_value(json_object_get(sum, "findings")),
		(long long)json_integer_value(json_object_get(sum, "not_evaluable")), t2 - t1,
		c2 - c1, bench_peak_mib());
	if (report && json_dump_file(rep, report, JSON_INDENT(1)) < 0) {
		fprintf(stderr, "bench-rules: cannot write %s\n", report);
		return 74;
	}
	json_decref(rep);
	t1 = bench_now();
	json_decref(snap);
	fprintf(stderr, "freed in %.2f s\n", bench_now() - t1);
	fa_ruleset_free(rs);
	return 0;
}
