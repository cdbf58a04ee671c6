/* SPDX-License-Identifier: MIT */
/*
 * gen-fabric: the captures of one Cumulus Linux 5.12 switch (platform "cumulus"), in the NVUE
 * JSON shapes of tests/fixtures/cumulus/leaf01: an SN5600 with 64 400G ports, RoCE lossless
 * (PFC on switch priority 3, ECN on TC 0 and 3), MTU 9216.  Leaves carry hosts on swp1-32 and
 * uplinks from swp33; spines carry leaf uplinks from swp1.  Unused ports are down.
 * "nv show interface -o json" carries each port's counters (link.stats); with --sample a
 * second reading of it is written by gen_switch_health.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/util/err.h"
#include "audit/util/fileio.h"
#include "audit/util/xalloc.h"
#include "bench/gen-fabric.h"
#include "audit/util/banned.h"

#define GEN_SWITCH_PORTS 64

/* What is plugged into one switch port. */
struct gen_peer {
	char name[32];		/* neighbour system name, "" when nothing */
	char port_id[32];	/* LLDP port id */
	char port_descr[32];
	const char *port_type;	/* "mac" or "ifname" */
	char chassis[32];
	int gbps;
};

static void gen_system(const struct gen_fabric *f, const char *sw)
{
	struct fa_buf b = FA_BUF_INIT;

	fa_buf_addf(&b,
		    "{\n  \"hostname\": \"%s\",\n  \"product-name\": \"Cumulus Linux\",\n"
		    "  \"product-release\": \"5.12.0\",\n  \"build\": \"Cumulus Linux 5.12.0\",\n"
		    "  \"platform\": \"x86_64-mlnx_x86-r0\",\n  \"health-status\": \"OK\",\n"
		    "  \"date-time\": \"2026-11-30 02:00:00\",\n  \"status\": \"N/A\",\n"
		    "  \"timezone\": \"Etc/UTC\",\n  \"uptime\": \"41 days, 7:02:11\",\n"
		    "  \"version\": {\n    \"kernel\": \"6.1.0-cl-1-amd64\",\n"
		    "    \"build-date\": \"Thu Feb 20 09:12:33 UTC 2025\",\n"
		    "    \"image\": \"5.12.0.0026\",\n    \"onie\": \"2019.11-5.2.0020-115200\"\n"
		    "  }\n}\n",
		    sw);
	gen_write(f->dir, sw, "nv show system -o json", &b);
	fa_buf_release(&b);
}

/*
 * "link": {"stats": ...} of swp@p in reading @reading (1 or 2), as NVUE's JSON prints it (NVUE
 * API, Cumulus Linux 5.12).  A port with a peer carries traffic at 80% of its rate in both
 * directions, without drops or errors, up since boot (one carrier transition); an unused port
 * has counted nothing.  crc:SWITCH/PORT=N gives N more receive errors in the second reading.
 */
static void gen_link_stats(struct fa_buf *b, const struct gen_fabric *f, const char *sw, int id,
			   int p, const struct gen_peer *pe, int reading)
{
	long long t = reading == 2 ? (long long)f->sample : 0, bytes = 0, crc = 0;
	const struct gen_fault *fl;
	char swp[16];

	snprintf(swp, sizeof(swp), "swp%d", p);
	fl = gen_find_fault("crc", sw, swp);
	if (fl && reading == 2)
		crc = atoll(fl->value);
	if (pe->name[0])
		bytes = 2000000000000LL + 1000000000LL * ((id & 0xff) * GEN_SWITCH_PORTS + p) +
			t * (long long)pe->gbps * 100000000LL;
	fa_buf_addf(b,
		    ", \"stats\": {\"carrier-transitions\": %d, \"in-bytes\": %lld, "
		    "\"in-drops\": 0, \"in-errors\": %lld, \"in-pkts\": %lld, \"out-bytes\": %lld, "
		    "\"out-drops\": 0, \"out-errors\": 0, \"out-pkts\": %lld}",
		    pe->name[0] ? 1 : 0, bytes, crc, bytes / 4096, bytes, bytes / 4096);
}

/* nv show interface -o json: configuration and, in link.stats, counters (reading 1 or 2). */
static void gen_interfaces(const struct gen_fabric *f, const char *sw, int id,
			   const struct gen_peer *peers, int reading)
{
	struct fa_buf b = FA_BUF_INIT;
	char mac[32];
	int p;

	gen_mac(1, id, 0, mac, sizeof(mac));
	fa_buf_addf(&b,
		    "{\n  \"eth0\": {\"type\": \"eth\", \"link\": {\"admin-status\": \"up\", "
		    "\"oper-status\": \"up\", \"mtu\": 1500, \"speed\": \"1G\", \"mac-address\": "
		    "\"%s\", \"state\": {\"up\": {}}}, \"ip\": {\"vrf\": \"mgmt\"}},\n"
		    "  \"lo\": {\"type\": \"loopback\", \"link\": {\"admin-status\": \"up\", "
		    "\"oper-status\": \"unknown\", \"mtu\": 65536, \"mac-address\": "
		    "\"00:00:00:00:00:00\", \"state\": {\"up\": {}}}}",
		    mac);
	for (p = 1; p <= GEN_SWITCH_PORTS; p++) {
		const struct gen_peer *pe = &peers[p - 1];

		gen_mac(1, id, p, mac, sizeof(mac));
		if (pe->name[0])
			fa_buf_addf(&b,
				    ",\n  \"swp%d\": {\"type\": \"swp\", \"link\": {\"admin-status\": "
				    "\"up\", \"oper-status\": \"up\", \"mtu\": 9216, \"mac-address\": "
				    "\"%s\", \"state\": {\"up\": {}}, \"speed\": \"%dG\", \"fec\": "
				    "\"rs\", \"auto-negotiate\": \"off\"",
				    p, mac, pe->gbps);
		else
			fa_buf_addf(&b,
				    ",\n  \"swp%d\": {\"type\": \"swp\", \"link\": {\"admin-status\": "
				    "\"up\", \"oper-status\": \"down\", \"mtu\": 9216, \"mac-address\": "
				    "\"%s\", \"state\": {\"up\": {}}",
				    p, mac);
		gen_link_stats(&b, f, sw, id, p, pe, reading);
		fa_buf_adds(&b, "}}");
	}
	fa_buf_adds(&b, "\n}\n");
	gen_write_reading(f->dir, sw, "nv show interface -o json", &b, reading);
	fa_buf_release(&b);
}

static void gen_lldp(const struct gen_fabric *f, const char *sw, const struct gen_peer *peers)
{
	struct fa_buf b = FA_BUF_INIT;
	int p;

	fa_buf_adds(&b, "{\n  \"eth0\": {\"lldp\": {}}");
	for (p = 1; p <= GEN_SWITCH_PORTS; p++) {
		const struct gen_peer *pe = &peers[p - 1];

		if (!pe->name[0]) {
			fa_buf_addf(&b, ",\n  \"swp%d\": {\"lldp\": {}}", p);
			continue;
		}
		fa_buf_addf(&b,
			    ",\n  \"swp%d\": {\"lldp\": {\"neighbor\": {\"%s\": {\"chassis\": "
			    "{\"chassis-id\": \"%s\", \"system-name\": \"%s\"}, \"port\": {\"name\": "
			    "\"%s\", \"description\": \"%s\", \"type\": \"%s\", \"ttl\": 120}, "
			    "\"age\": 86405, \"lldp-med\": {}}}}}",
			    p, pe->name, pe->chassis, pe->name, pe->port_id, pe->port_descr,
			    pe->port_type);
	}
	fa_buf_adds(&b, "\n}\n");
	gen_write(f->dir, sw, "nv show interface --view=lldp-detail -o json", &b);
	fa_buf_release(&b);
}

static void gen_roce(const struct gen_fabric *f, const char *sw)
{
	struct fa_buf b = FA_BUF_INIT;
	int i, d;

	fa_buf_adds(&b, "{\n  \"enable\": \"on\",\n  \"mode\": \"lossless\",\n"
			"  \"pfc\": {\"pfc-priority\": \"3\", \"rx-enabled\": \"enabled\", "
			"\"tx-enabled\": \"enabled\", \"cable-length\": 100},\n"
			"  \"congestion-control\": {\"congestion-mode\": \"ECN\", \"enabled-tc\": "
			"\"0,3\", \"min-threshold\": \"146.48 KB\", \"max-threshold\": \"1.43 MB\", "
			"\"probability\": 100},\n"
			"  \"trust\": {\"trust-mode\": \"pcp,dscp\"},\n"
			"  \"lldp-app-tlv\": {\"priority\": 3, \"protocol-id\": 4791, "
			"\"selector\": \"UDP\"},\n  \"prio-map\": {");
	for (i = 0; i < 8; i++) {
		fa_buf_addf(&b, "%s\n    \"%d\": {\"pcp\": %d, \"dscp\": \"", i ? "," : "", i, i);
		for (d = 0; d < 8; d++)
			fa_buf_addf(&b, "%s%d", d ? "," : "", i * 8 + d);
		fa_buf_addf(&b, "\", \"switch-prio\": %d}", i);
	}
	fa_buf_adds(&b, "\n  },\n  \"tc-map\": {");
	for (i = 0; i < 8; i++)
		fa_buf_addf(&b,
			    "%s\n    \"%d\": {\"switch-prio\": %d, \"traffic-class\": %d, "
			    "\"scheduler-weight\": \"%s\"}",
			    i ? "," : "", i, i, i == 3 || i == 6 ? i : 0,
			    i == 6 ? "strict-priority" : "DWRR-50%");
	fa_buf_adds(&b, "\n  },\n  \"exception-list\": {}\n}\n");
	gen_write(f->dir, sw, "nv show qos roce -o json", &b);
	fa_buf_release(&b);
}

static void gen_config(const struct gen_fabric *f, const char *sw, const struct gen_peer *peers)
{
	struct fa_buf b = FA_BUF_INIT, profiles = FA_BUF_INIT;
	int p;

	fa_buf_addf(&b,
		    "[\n  {\"header\": {\"model\": \"SN5600\", \"nvue-api-version\": \"nvue_v1\", "
		    "\"rev-id\": 1.0, \"version\": \"Cumulus Linux 5.12.0\"}},\n"
		    "  {\"set\": {\n    \"interface\": {\n"
		    "      \"lo\": {\"type\": \"loopback\"},\n"
		    "      \"eth0\": {\"type\": \"eth\", \"ip\": {\"address\": {\"dhcp\": {}}, "
		    "\"vrf\": \"mgmt\"}}");
	for (p = 1; p <= GEN_SWITCH_PORTS; p++) {
		const struct gen_peer *pe = &peers[p - 1];
		char swp[16];
		const struct gen_fault *fl;

		snprintf(swp, sizeof(swp), "swp%d", p);
		fl = gen_find_fault("pfc", sw, swp);
		fa_buf_addf(&b, ",\n      \"%s\": {\"type\": \"swp\", \"link\": {\"mtu\": 9216", swp);
		if (pe->name[0])
			fa_buf_addf(&b, ", \"speed\": \"%dG\"", pe->gbps);
		fa_buf_adds(&b, "}, \"qos\": {\"pfc-watchdog\": {}");
		if (fl) {
			fa_buf_addf(&b, ", \"pfc\": {\"profile\": \"pfc-prio%s\"}", fl->value);
			fa_buf_addf(&profiles, "%s\"pfc-prio%s\": {\"switch-priority\": {\"%s\": {}}}",
				    profiles.len ? ", " : "", fl->value, fl->value);
		}
		fa_buf_adds(&b, "}");
		if (pe->name[0])
			fa_buf_addf(&b, ", \"description\": \"to-%s\"", pe->name);
		fa_buf_adds(&b, "}");
	}
	fa_buf_addf(&b,
		    "\n    },\n    \"qos\": {\"roce\": {\"enable\": \"on\", \"mode\": \"lossless\"}%s%s%s},\n"
		    "    \"system\": {\"hostname\": \"%s\"}\n  }}\n]\n",
		    profiles.len ? ", \"pfc\": {" : "", profiles.buf, profiles.len ? "}" : "", sw);
	gen_write(f->dir, sw, "nv config show -o json", &b);
	fa_buf_release(&profiles);
	fa_buf_release(&b);
}

static void gen_switch(const struct gen_fabric *f, const char *sw, int id,
		       const struct gen_peer *peers)
{
	gen_mkdir(f->dir, sw);
	gen_system(f, sw);
	gen_interfaces(f, sw, id, peers, 1);
	gen_lldp(f, sw, peers);
	gen_roce(f, sw);
	gen_config(f, sw, peers);
}

/* What is plugged into each port of leaf @l. */
static void gen_leaf_peers(const struct gen_fabric *f, int l, struct gen_peer *peers)
{
	int p, u;

	memset(peers, 0, GEN_SWITCH_PORTS * sizeof(*peers));
	for (p = 1; p <= 32; p++) {
		struct gen_peer *pe = &peers[p - 1];
		int nic, h = gen_leaf_host(f, l, p, &nic);

		if (h < 0)
			continue;
		gen_host_name(f, h, pe->name, sizeof(pe->name));
		gen_mac(0, h, nic, pe->port_id, sizeof(pe->port_id));
		gen_ifname(nic, pe->port_descr, sizeof(pe->port_descr));
		gen_mac(0, h, 0xfe, pe->chassis, sizeof(pe->chassis));
		pe->port_type = "mac";
		pe->gbps = gen_link_gbps(f, h, nic);
	}
	for (u = 0; u < f->uplinks; u++) {
		struct gen_peer *pe = &peers[32 + u];
		int s, sp;

		gen_uplink_peer(f, l, u, &s, &sp);
		gen_spine_name(f, s, pe->name, sizeof(pe->name));
		snprintf(pe->port_id, sizeof(pe->port_id), "swp%d", sp);
		snprintf(pe->port_descr, sizeof(pe->port_descr), "swp%d", sp);
		gen_mac(1, 0x8000 + s, 0, pe->chassis, sizeof(pe->chassis));
		pe->port_type = "ifname";
		pe->gbps = 400;
	}
}

void gen_leaf(const struct gen_fabric *f, int l)
{
	struct gen_peer peers[GEN_SWITCH_PORTS];
	char leaf[32];

	gen_leaf_name(f, l, leaf, sizeof(leaf));
	gen_leaf_peers(f, l, peers);
	gen_switch(f, leaf, l, peers);
}

/* What is plugged into each port of spine @s. */
static void gen_spine_peers(const struct gen_fabric *f, int s, struct gen_peer *peers)
{
	int l, u;

	memset(peers, 0, GEN_SWITCH_PORTS * sizeof(*peers));
	for (l = 0; l < f->nleaves; l++) {
		for (u = 0; u < f->uplinks; u++) {
			struct gen_peer *pe;
			int sp_s, sp;

			gen_uplink_peer(f, l, u, &sp_s, &sp);
			if (sp_s != s || sp > GEN_SWITCH_PORTS)
				continue;
			pe = &peers[sp - 1];
			gen_leaf_name(f, l, pe->name, sizeof(pe->name));
			snprintf(pe->port_id, sizeof(pe->port_id), "swp%d", 33 + u);
			snprintf(pe->port_descr, sizeof(pe->port_descr), "swp%d", 33 + u);
			gen_mac(1, l, 0, pe->chassis, sizeof(pe->chassis));
			pe->port_type = "ifname";
			pe->gbps = 400;
		}
	}
}

void gen_spine(const struct gen_fabric *f, int s)
{
	struct gen_peer peers[GEN_SWITCH_PORTS];
	char spine[32];

	gen_spine_name(f, s, spine, sizeof(spine));
	gen_spine_peers(f, s, peers);
	gen_switch(f, spine, 0x8000 + s, peers);
}

/*
 * --sample: the second reading of the switch's counters (the first is in the configuration
 * capture, "nv show interface -o json" being both) and the meta.json of the two readings.
 */
void gen_switch_health(const struct gen_fabric *f, int spine, int i)
{
	struct gen_peer peers[GEN_SWITCH_PORTS];
	struct fa_buf b = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	char sw[32], *path;

	if (spine) {
		gen_spine_name(f, i, sw, sizeof(sw));
		gen_spine_peers(f, i, peers);
	} else {
		gen_leaf_name(f, i, sw, sizeof(sw));
		gen_leaf_peers(f, i, peers);
	}
	gen_interfaces(f, sw, spine ? 0x8000 + i : i, peers, 2);
	/* what collect --save-captures records of the two readings (docs/captures.md) */
	fa_buf_addf(&b, "{\n  \"device\": \"%s\",\n  \"platform\": \"cumulus\",\n"
			"  \"counters_read_at\": [\"2026-12-01T09:00:00Z\", \"2026-12-01T09:00:%02dZ\"],\n"
			"  \"sample_interval_s\": %d\n}\n",
		    sw, f->sample % 60, f->sample);
	path = fa_xasprintf("%s/captures/%s/meta.json", f->dir, sw);
	if (fa_file_write_atomic(path, b.buf, b.len, &err) < 0) {
		fprintf(stderr, "gen-fabric: %s\n", err.msg);
		exit(1);
	}
	free(path);
	fa_buf_release(&b);
}
