/* SPDX-License-Identifier: MIT */
/*
 * gen-fabric: make a RoCE fabric of any size as a capture directory plus an inventory, so the
 * example, the tests, the benchmarks and the SSH emulator all audit the same kind of data.
 *
 * Topology (rail-optimised Clos of 64-port leaves): hosts come in groups of 32; group g has one
 * leaf per NIC rail, and NIC n of host h plugs into swp(h%32+1) of leaf g*nics+n.  Each leaf
 * has --uplinks ports swp33.. spread round-robin over the spines.
 *
 * Every capture is written in the format the real command prints (see the fixtures the
 * parsers are tested on); values are those of a healthy DGX-style pod: ConnectX-7 at 400G,
 * MTU 9000 on hosts and 9216 on switches, RoCE lossless on priority 3 with DSCP 26, ECN on
 * TC 0 and 3.  --fault seeds one misconfiguration:
 *   mtu:DEVICE/PORT=BYTES          host interface MTU
 *   fw:DEVICE/RDMADEV=VERSION      NIC firmware
 *   speed:DEVICE/PORT=GBPS         link speed (both ends of the link)
 *   pfc:SWITCH/PORT=PRIORITY       per-port PFC priority override on a switch
 * --sample SECONDS adds two readings of the hosts' counters and modules, SECONDS apart, with
 * the health faults of bench/gen-health.c, and a second reading of the switches' interface
 * counters (bench/gen-switch.c; crc:SWITCH/PORT=N: N more receive errors).
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/util/buf.h"
#include "audit/util/err.h"
#include "audit/util/fileio.h"
#include "audit/util/xalloc.h"
#include "bench/gen-fabric.h"
#include "drivers/capture.h"
#include "audit/util/banned.h"

#define GEN_DOWNLINKS 32
#define GEN_MAX_FAULTS 64

static struct gen_fault faults[GEN_MAX_FAULTS];
static int nfaults;

const struct gen_fault *gen_find_fault(const char *kind, const char *device, const char *port)
{
	int i;

	for (i = 0; i < nfaults; i++)
		if (!strcmp(faults[i].kind, kind) && !strcmp(faults[i].device, device) &&
		    !strcmp(faults[i].port, port))
			return &faults[i];
	return NULL;
}

static int gen_parse_fault(const char *spec)
{
	char *s = fa_xstrdup(spec), *colon = strchr(s, ':'), *slash, *eq;

	if (nfaults == GEN_MAX_FAULTS || !colon)
		goto bad;
	*colon = '\0';
	slash = strchr(colon + 1, '/');
	eq = slash ? strchr(slash + 1, '=') : NULL;
	if (!slash || !eq)
		goto bad;
	*slash = *eq = '\0';
	faults[nfaults].kind = s;
	faults[nfaults].device = colon + 1;
	faults[nfaults].port = slash + 1;
	faults[nfaults].value = eq + 1;
	nfaults++;
	return 0;
bad:
	fprintf(stderr, "gen-fabric: bad --fault '%s' (KIND:DEVICE/PORT=VALUE)\n", spec);
	free(s);
	return -1;
}

void gen_write(const char *dir, const char *device, const char *command, const struct fa_buf *b)
{
	struct fa_err err = FA_ERR_INIT;
	char *slug = fa_capture_slug(command);
	char *path = fa_xasprintf("%s/captures/%s/%s.txt", dir, device, slug);

	if (fa_file_write_atomic(path, b->buf, b->len, &err) < 0) {
		fprintf(stderr, "gen-fabric: %s\n", err.msg);
		exit(1);
	}
	free(path);
	free(slug);
}

void gen_mkdir(const char *dir, const char *device)
{
	struct fa_err err = FA_ERR_INIT;
	char *path = fa_xasprintf("%s/captures/%s", dir, device);

	if (fa_mkdir_p(path, &err) < 0) {
		fprintf(stderr, "gen-fabric: %s\n", err.msg);
		exit(1);
	}
	free(path);
}

void gen_host_name(const struct gen_fabric *f, int h, char *buf, size_t size)
{
	snprintf(buf, size, "gpu%0*d", f->hosts >= 1000 ? 5 : f->hosts >= 100 ? 3 : 2, h + 1);
}

void gen_leaf_name(const struct gen_fabric *f, int l, char *buf, size_t size)
{
	snprintf(buf, size, "leaf%0*d", f->nleaves >= 100 ? 4 : 2, l + 1);
}

void gen_spine_name(const struct gen_fabric *f, int s, char *buf, size_t size)
{
	snprintf(buf, size, "spine%0*d", f->spines >= 100 ? 3 : 2, s + 1);
}

/* The leaf and port that NIC @n of host @h plugs into. */
void gen_host_peer(const struct gen_fabric *f, int h, int n, int *ret_leaf, int *ret_port)
{
	*ret_leaf = (h / GEN_DOWNLINKS) * f->nics + n;
	*ret_port = h % GEN_DOWNLINKS + 1;
}

/* The spine and spine port that uplink @u of leaf @l plugs into. */
void gen_uplink_peer(const struct gen_fabric *f, int l, int u, int *ret_spine, int *ret_port)
{
	int per_spine = (f->uplinks + f->spines - 1) / f->spines;

	*ret_spine = u % f->spines;
	*ret_port = l * per_spine + u / f->spines + 1;
}

/* The host and NIC behind port @port of leaf @l, or -1 when nothing is plugged there. */
int gen_leaf_host(const struct gen_fabric *f, int l, int port, int *ret_nic)
{
	int group = l / f->nics, h = group * GEN_DOWNLINKS + port - 1;

	*ret_nic = l % f->nics;
	return port >= 1 && port <= GEN_DOWNLINKS && h < f->hosts ? h : -1;
}

/* Speed in Gb/s of the link at host @h NIC @n (a speed fault on either end applies). */
int gen_link_gbps(const struct gen_fabric *f, int h, int n)
{
	char host[32], leaf[32], ifname[32], swp[32];
	const struct gen_fault *fl;
	int l, p;

	gen_host_name(f, h, host, sizeof(host));
	gen_ifname(n, ifname, sizeof(ifname));
	gen_host_peer(f, h, n, &l, &p);
	gen_leaf_name(f, l, leaf, sizeof(leaf));
	snprintf(swp, sizeof(swp), "swp%d", p);
	fl = gen_find_fault("speed", host, ifname);
	if (!fl)
		fl = gen_find_fault("speed", leaf, swp);
	return fl ? atoi(fl->value) : 400;
}

void gen_ifname(int n, char *buf, size_t size)
{
	snprintf(buf, size, "ens%df0np0", n + 1);
}

/* Locally administered MACs derived from the position, so LLDP and links stay consistent. */
void gen_mac(int kind, int dev, int port, char *buf, size_t size)
{
	snprintf(buf, size, "%02x:%02x:%02x:%02x:%02x:%02x", kind == 0 ? 0xb8 : 0x1c,
		 kind == 0 ? 0xce : 0x34, kind == 0 ? 0xf6 : 0xda, (dev >> 8) & 0xff, dev & 0xff,
		 port & 0xff);
}

static void gen_inventory(const struct gen_fabric *f)
{
	struct fa_buf b = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	char name[32], *path;

	fa_buf_addf(&b, "# Generated by gen-fabric: %d spines, %d leaves, %d hosts x %d NICs.\n"
			"# Every device is answered from the captures folder (transport replay).\n"
			"defaults:\n  transport: replay\n  captures: captures\n\ngroups:\n",
		    f->spines, f->nleaves, f->hosts, f->nics);
	gen_spine_name(f, f->spines - 1, name, sizeof(name));
	fa_buf_addf(&b, "  spines:\n    platform: cumulus\n    role: spine\n"
			"    hosts: [\"spine[%0*d-%s]\"]\n",
		    (int)strlen(name) - 5, 1, name + 5);
	gen_leaf_name(f, f->nleaves - 1, name, sizeof(name));
	fa_buf_addf(&b, "  leaves:\n    platform: cumulus\n    role: leaf\n"
			"    hosts: [\"leaf[%0*d-%s]\"]\n",
		    (int)strlen(name) - 4, 1, name + 4);
	gen_host_name(f, f->hosts - 1, name, sizeof(name));
	fa_buf_addf(&b, "  gpu-hosts:\n    platform: linux\n    role: gpu-host\n"
			"    hosts: [\"gpu[%0*d-%s]\"]\n",
		    (int)strlen(name) - 3, 1, name + 3);
	path = fa_xasprintf("%s/inventory.yaml", f->dir);
	if (fa_file_write_atomic(path, b.buf, b.len, &err) < 0) {
		fprintf(stderr, "gen-fabric: %s\n", err.msg);
		exit(1);
	}
	free(path);
	fa_buf_release(&b);
}

static const char gen_usage[] =
	"usage: gen-fabric -o DIR [--spines N] [--hosts N] [--nics N] [--uplinks N]\n"
	"                  [--fault KIND:DEVICE/PORT=VALUE]... [--sample SECONDS]\n"
	"Writes DIR/inventory.yaml and DIR/captures/<device>/*.txt for a rail-optimised RoCE\n"
	"pod (defaults: 1 spine, 4 hosts, 2 NICs, 2 uplinks per leaf).\n";

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "spines", required_argument, NULL, 's' },
		{ "hosts", required_argument, NULL, 'H' },
		{ "nics", required_argument, NULL, 'n' },
		{ "uplinks", required_argument, NULL, 'u' },
		{ "fault", required_argument, NULL, 'f' },
		{ "sample", required_argument, NULL, 'S' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct gen_fabric f = { NULL, 1, 4, 2, 2, 0, 0 };
	struct fa_err err = FA_ERR_INIT;
	int opt, i;

	while ((opt = getopt_long(argc, argv, "o:s:H:n:u:f:S:h", longopts, NULL)) != -1) {
		switch (opt) {
		case 'o':
			f.dir = optarg;
			break;
		case 's':
			f.spines = atoi(optarg);
			break;
		case 'H':
			f.hosts = atoi(optarg);
			break;
		case 'n':
			f.nics = atoi(optarg);
			break;
		case 'u':
			f.uplinks = atoi(optarg);
			break;
		case 'S':
			f.sample = atoi(optarg);
			if (f.sample < 1 || f.sample > 59) {
				fputs("gen-fabric: --sample takes 1 to 59 seconds\n", stderr);
				return 64;
			}
			break;
		case 'f':
			if (gen_parse_fault(optarg) < 0)
				return 64;
			break;
		case 'h':
			fputs(gen_usage, stdout);
			return 0;
		default:
			fputs(gen_usage, stderr);
			return 64;
		}
	}
	if (!f.dir || f.spines < 1 || f.hosts < 1 || f.nics < 1 || f.nics > 8 || f.uplinks < 1 ||
	    f.uplinks > 32 || f.spines > f.uplinks) {
		fputs(gen_usage, stderr);
		return 64;
	}
	f.nleaves = ((f.hosts + GEN_DOWNLINKS - 1) / GEN_DOWNLINKS) * f.nics;
	if (fa_mkdir_p(f.dir, &err) < 0) {
		fprintf(stderr, "gen-fabric: %s\n", err.msg);
		return 1;
	}
	gen_inventory(&f);
	for (i = 0; i < f.hosts; i++) {
		gen_host(&f, i);
		if (f.sample)
			gen_host_health(&f, i);
	}
	for (i = 0; i < f.nleaves; i++) {
		gen_leaf(&f, i);
		if (f.sample)
			gen_switch_health(&f, 0, i);
	}
	for (i = 0; i < f.spines; i++) {
		gen_spine(&f, i);
		if (f.sample)
			gen_switch_health(&f, 1, i);
	}
	return 0;
}
