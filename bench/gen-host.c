/* SPDX-License-Identifier: MIT */
/*
 * gen-fabric: the captures of one Linux GPU host (platform "linux"): Ubuntu 22.04, MLNX_OFED
 * 23.10, ConnectX-7 NICs (MT4129, PSID MT_0000000838) at 400G in Ethernet mode, trust DSCP,
 * PFC on priority 3, lldpd running; one GPU per NIC behind the same PCIe switch (driver
 * 535.154.05, CUDA 12.2), DCQCN on every priority (the mlx5 default), and an /etc/nccl.conf
 * naming the NICs and RoCE v2 GID index 3.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/gen-fabric.h"
#include "audit/util/banned.h"

#define GEN_FW "28.39.1002"
#define GEN_PSID "MT_0000000838"

static void gen_os(const struct gen_fabric *f, const char *host)
{
	struct fa_buf b = FA_BUF_INIT;

	fa_buf_adds(&b, "PRETTY_NAME=\"Ubuntu 22.04.4 LTS\"\nNAME=\"Ubuntu\"\nVERSION_ID=\"22.04\"\n"
			"VERSION=\"22.04.4 LTS (Jammy Jellyfish)\"\nVERSION_CODENAME=jammy\nID=ubuntu\n"
			"ID_LIKE=debian\nHOME_URL=\"https://www.ubuntu.com/\"\n"
			"SUPPORT_URL=\"https://help.ubuntu.com/\"\n"
			"BUG_REPORT_URL=\"https://bugs.launchpad.net/ubuntu/\"\n"
			"PRIVACY_POLICY_URL=\"https://www.ubuntu.com/legal/terms-and-policies/"
			"privacy-policy\"\nUBUNTU_CODENAME=jammy\n");
	gen_write(f->dir, host, "cat /etc/os-release", &b);
	fa_buf_reset(&b);
	fa_buf_adds(&b, "5.15.0-105-generic\n");
	gen_write(f->dir, host, "uname -r", &b);
	fa_buf_reset(&b);
	fa_buf_adds(&b, "MLNX_OFED_LINUX-23.10-1.1.9.0:\n");
	gen_write(f->dir, host, "ofed_info -s", &b);
	fa_buf_release(&b);
}

static int gen_host_mtu(const char *host, const char *ifname)
{
	const struct gen_fault *fl = gen_find_fault("mtu", host, ifname);

	return fl ? atoi(fl->value) : 9000;
}

static void gen_ip_link(const struct gen_fabric *f, int h, const char *host)
{
	struct fa_buf b = FA_BUF_INIT;
	char ifname[32], mac[32];
	int n;

	gen_mac(0, h, 0xff, mac, sizeof(mac));
	fa_buf_addf(&b,
		    "[{\"ifindex\":1,\"ifname\":\"lo\",\"flags\":[\"LOOPBACK\",\"UP\",\"LOWER_UP\"],"
		    "\"mtu\":65536,\"qdisc\":\"noqueue\",\"operstate\":\"UNKNOWN\",\"linkmode\":"
		    "\"DEFAULT\",\"group\":\"default\",\"txqlen\":1000,\"link_type\":\"loopback\","
		    "\"address\":\"00:00:00:00:00:00\",\"broadcast\":\"00:00:00:00:00:00\","
		    "\"promiscuity\":0,\"min_mtu\":0,\"max_mtu\":0,\"inet6_addr_gen_mode\":\"eui64\","
		    "\"num_tx_queues\":1,\"num_rx_queues\":1,\"gso_max_size\":65536,"
		    "\"gso_max_segs\":65535},"
		    "{\"ifindex\":2,\"ifname\":\"eno1\",\"flags\":[\"BROADCAST\",\"MULTICAST\",\"UP\","
		    "\"LOWER_UP\"],\"mtu\":1500,\"qdisc\":\"mq\",\"operstate\":\"UP\",\"linkmode\":"
		    "\"DEFAULT\",\"group\":\"default\",\"txqlen\":1000,\"link_type\":\"ether\","
		    "\"address\":\"%s\",\"broadcast\":\"ff:ff:ff:ff:ff:ff\",\"promiscuity\":0,"
		    "\"min_mtu\":68,\"max_mtu\":9000,\"inet6_addr_gen_mode\":\"eui64\","
		    "\"num_tx_queues\":8,\"num_rx_queues\":8,\"gso_max_size\":65536,"
		    "\"gso_max_segs\":65535,\"parentbus\":\"pci\",\"parentdev\":\"0000:c1:00.0\"}",
		    mac);
	for (n = 0; n < f->nics; n++) {
		gen_ifname(n, ifname, sizeof(ifname));
		gen_mac(0, h, n, mac, sizeof(mac));
		fa_buf_addf(&b,
			    ",{\"ifindex\":%d,\"ifname\":\"%s\",\"flags\":[\"BROADCAST\","
			    "\"MULTICAST\",\"UP\",\"LOWER_UP\"],\"mtu\":%d,\"qdisc\":\"mq\","
			    "\"operstate\":\"UP\",\"linkmode\":\"DEFAULT\",\"group\":\"default\","
			    "\"txqlen\":1000,\"link_type\":\"ether\",\"address\":\"%s\","
			    "\"broadcast\":\"ff:ff:ff:ff:ff:ff\",\"promiscuity\":0,\"min_mtu\":68,"
			    "\"max_mtu\":9978,\"inet6_addr_gen_mode\":\"eui64\",\"num_tx_queues\":"
			    "1024,\"num_rx_queues\":256,\"gso_max_size\":65536,\"gso_max_segs\":"
			    "65535,\"parentbus\":\"pci\",\"parentdev\":\"0000:%02x:00.0\"}",
			    n + 3, ifname, gen_host_mtu(host, ifname), mac, 0x17 + 0x20 * n);
	}
	fa_buf_adds(&b, "]\n");
	gen_write(f->dir, host, "ip -j -d link show", &b);
	fa_buf_release(&b);
}

static const char *gen_fw(const char *host, const char *rdma)
{
	const struct gen_fault *fl = gen_find_fault("fw", host, rdma);

	return fl ? fl->value : GEN_FW;
}

static void gen_rdma(const struct gen_fabric *f, int h, const char *host)
{
	struct fa_buf b = FA_BUF_INIT, ib = FA_BUF_INIT;
	char ifname[32], rdma[32];
	int n;

	for (n = 0; n < f->nics; n++) {
		unsigned guid_hi = 0xa088c203u, guid_lo = (unsigned)(h << 8 | n);

		gen_ifname(n, ifname, sizeof(ifname));
		snprintf(rdma, sizeof(rdma), "mlx5_%d", n);
		fa_buf_addf(&b, "%s port 1 ==> %s (Up)\n", rdma, ifname);
		fa_buf_addf(&ib,
			    "CA '%s'\n\tCA type: MT4129\n\tNumber of ports: 1\n"
			    "\tFirmware version: %s\n\tHardware version: 0\n"
			    "\tNode GUID: 0x%08x%08x\n\tSystem image GUID: 0x%08x%08x\n"
			    "\tPort 1:\n\t\tState: Active\n\t\tPhysical state: LinkUp\n"
			    "\t\tRate: %d\n\t\tBase lid: 0\n\t\tLMC: 0\n\t\tSM lid: 0\n"
			    "\t\tCapability mask: 0x00010000\n\t\tPort GUID: 0x%08x%08x\n"
			    "\t\tLink layer: Ethernet\n",
			    rdma, gen_fw(host, rdma), guid_hi, guid_lo, guid_hi, guid_lo,
			    gen_link_gbps(f, h, n), guid_hi | 0x02000000u, guid_lo);
	}
	gen_write(f->dir, host, "ibdev2netdev", &b);
	gen_write(f->dir, host, "ibstat", &ib);
	/* the same mapping as sysfs has it (hosts without mlnx-tools): each glob in turn */
	fa_buf_reset(&b);
	for (n = 0; n < f->nics; n++) {
		gen_ifname(n, ifname, sizeof(ifname));
		fa_buf_addf(&b, "/sys/class/infiniband/mlx5_%d/ports/1/gid_attrs/ndevs/0:%s\n", n,
			    ifname);
	}
	for (n = 0; n < f->nics; n++) {
		gen_ifname(n, ifname, sizeof(ifname));
		fa_buf_addf(&b, "/sys/class/infiniband/mlx5_%d/device/net/%s/dev_port:0\n", n,
			    ifname);
	}
	gen_write(f->dir, host,
		  "grep -H . /sys/class/infiniband/*/ports/*/gid_attrs/ndevs/0 "
		  "/sys/class/infiniband/*/device/net/*/dev_port 2>/dev/null || true",
		  &b);
	fa_buf_release(&b);
	fa_buf_release(&ib);
}

static void gen_lldp(const struct gen_fabric *f, int h, const char *host)
{
	struct fa_buf b = FA_BUF_INIT;
	char ifname[32], leaf[32], mac[32];
	int n, l, p;

	fa_buf_adds(&b, "{\n  \"lldp\": {\n    \"interface\": [\n");
	for (n = 0; n < f->nics; n++) {
		gen_ifname(n, ifname, sizeof(ifname));
		gen_host_peer(f, h, n, &l, &p);
		gen_leaf_name(f, l, leaf, sizeof(leaf));
		gen_mac(1, l, 0, mac, sizeof(mac));
		fa_buf_addf(&b,
			    "      {\n        \"%s\": {\n          \"via\": \"LLDP\",\n"
			    "          \"rid\": \"%d\",\n          \"age\": \"12 days, 03:14:07\",\n"
			    "          \"chassis\": {\n            \"%s\": {\n"
			    "              \"id\": {\n                \"type\": \"mac\",\n"
			    "                \"value\": \"%s\"\n              },\n"
			    "              \"descr\": \"Cumulus Linux version 5.9.1 running on "
			    "Nvidia SN5600\",\n"
			    "              \"mgmt-ip\": \"192.168.200.%d\",\n"
			    "              \"capability\": [\n"
			    "                {\n                  \"type\": \"Bridge\",\n"
			    "                  \"enabled\": true\n                },\n"
			    "                {\n                  \"type\": \"Router\",\n"
			    "                  \"enabled\": true\n                }\n"
			    "              ]\n            }\n          },\n"
			    "          \"port\": {\n            \"id\": {\n"
			    "              \"type\": \"ifname\",\n              \"value\": \"swp%d\"\n"
			    "            },\n            \"descr\": \"swp%d\",\n"
			    "            \"ttl\": \"120\"\n          }\n        }\n      }%s\n",
			    ifname, n + 1, leaf, mac, 10 + l, p, p, n + 1 < f->nics ? "," : "");
	}
	fa_buf_adds(&b, "    ]\n  }\n}\n");
	gen_write(f->dir, host, "lldpctl -f json", &b);
	fa_buf_release(&b);
}

static void gen_ethtool(const struct gen_fabric *f, int h, const char *host, int n)
{
	struct fa_buf b = FA_BUF_INIT;
	char ifname[32], rdma[32], cmd[64];
	int gbps = gen_link_gbps(f, h, n);

	gen_ifname(n, ifname, sizeof(ifname));
	snprintf(rdma, sizeof(rdma), "mlx5_%d", n);
	fa_buf_addf(&b,
		    "Settings for %s:\n"
		    "\tSupported ports: [ Backplane ]\n"
		    "\tSupported link modes:   1000baseKX/Full\n"
		    "\t                        10000baseKR/Full\n"
		    "\t                        25000baseCR/Full\n"
		    "\t                        100000baseCR4/Full\n"
		    "\t                        200000baseCR4/Full\n"
		    "\t                        400000baseCR4/Full\n"
		    "\tSupported pause frame use: Symmetric\n"
		    "\tSupports auto-negotiation: Yes\n"
		    "\tSupported FEC modes: None\t RS\t BASER\n"
		    "\tAdvertised link modes:  %s\n"
		    "\tAdvertised pause frame use: Symmetric\n"
		    "\tAdvertised auto-negotiation: Yes\n"
		    "\tAdvertised FEC modes: RS\n"
		    "\tLink partner advertised link modes:  Not reported\n"
		    "\tLink partner advertised pause frame use: No\n"
		    "\tLink partner advertised auto-negotiation: Yes\n"
		    "\tLink partner advertised FEC modes: Not reported\n"
		    "\tSpeed: %d000Mb/s\n"
		    "\tDuplex: Full\n"
		    "\tAuto-negotiation: on\n"
		    "\tPort: Direct Attach Copper\n"
		    "\tPHYAD: 0\n"
		    "\tTransceiver: internal\n"
		    "\tSupports Wake-on: d\n"
		    "\tWake-on: d\n"
		    "        Current message level: 0x00000004 (4)\n"
		    "                               link\n"
		    "\tLink detected: yes\n",
		    ifname, gbps == 400 ? "400000baseCR4/Full" : "200000baseCR4/Full", gbps);
	snprintf(cmd, sizeof(cmd), "ethtool %s", ifname);
	gen_write(f->dir, host, cmd, &b);
	fa_buf_reset(&b);
	fa_buf_addf(&b,
		    "driver: mlx5_core\nversion: 23.10-1.1.9\nfirmware-version: %s (%s)\n"
		    "expansion-rom-version: \nbus-info: 0000:%02x:00.0\nsupports-statistics: yes\n"
		    "supports-test: yes\nsupports-eeprom-access: no\nsupports-register-dump: no\n"
		    "supports-priv-flags: yes\n",
		    gen_fw(host, rdma), GEN_PSID, 0x17 + 0x20 * n);
	snprintf(cmd, sizeof(cmd), "ethtool -i %s", ifname);
	gen_write(f->dir, host, cmd, &b);
	fa_buf_release(&b);
}

static void gen_mlnx_qos(const struct gen_fabric *f, const char *host, int n)
{
	struct fa_buf b = FA_BUF_INIT;
	char ifname[32], cmd[64];
	int prio, d;

	gen_ifname(n, ifname, sizeof(ifname));
	fa_buf_adds(&b, "DCBX mode: OS controlled\nPriority trust state: dscp\n"
			"dscp2prio mapping:\n");
	for (prio = 0; prio < 8; prio++) {
		fa_buf_addf(&b, "\tprio:%d dscp:", prio);
		for (d = 7; d >= 0; d--)
			fa_buf_addf(&b, "%02d,", prio * 8 + d);
		fa_buf_addch(&b, '\n');
	}
	fa_buf_adds(&b, "default priority:\n"
			"Receive buffer size (bytes): 130944,262016,0,0,0,0,0,0,"
			"max_buffer_size=1043232\n"
			"Cable len: 7\n"
			"PFC configuration:\n"
			"\tpriority    0   1   2   3   4   5   6   7\n"
			"\tenabled     0   0   0   1   0   0   0   0   \n"
			"\tbuffer      0   0   0   1   0   0   0   0   \n");
	for (prio = 0; prio < 8; prio++) {
		/* The kernel's default priority -> TC map swaps priorities 0 and 1. */
		int p = prio == 0 ? 1 : prio == 1 ? 0 : prio;

		fa_buf_addf(&b, "tc: %d ratelimit: unlimited, tsa: ets, bw: %d%%\n"
				"\t priority:  %d\n",
			    prio, prio < 4 ? 13 : 12, p);
	}
	snprintf(cmd, sizeof(cmd), "mlnx_qos -i %s", ifname);
	gen_write(f->dir, host, cmd, &b);
	fa_buf_release(&b);
}

static void gen_mlxconfig(const struct gen_fabric *f, const char *host, int n)
{
	/* name, default, current (= next boot) */
	static const char *const params[][3] = {
		{ "MEMIC_BAR_SIZE", "0", "0" },
		{ "MEMIC_SIZE_LIMIT", "_256KB(1)", "_256KB(1)" },
		{ "FLEX_PARSER_PROFILE_ENABLE", "0", "0" },
		{ "SRIOV_EN", "False(0)", "True(1)" },
		{ "NUM_OF_VFS", "0", "16" },
		{ "LINK_TYPE_P1", "IB(1)", "ETH(2)" },
		{ "ADVANCED_PCI_SETTINGS", "False(0)", "True(1)" },
		{ "ATS_ENABLED", "False(0)", "True(1)" },
		{ "ROCE_CC_PRIO_MASK_P1", "255", "255" },
		{ "CNP_DSCP_P1", "48", "48" },
		{ "CNP_802P_PRIO_P1", "6", "6" },
	};
	struct fa_buf b = FA_BUF_INIT;
	char cmd[64];
	size_t i;

	fa_buf_addf(&b,
		    "\nDevice #1:\n----------\n\n"
		    "Device type:        ConnectX7           \n"
		    "Name:               MCX75310AAS-NEAT_Ax \n"
		    "Description:        NVIDIA ConnectX-7 HHHL Adapter card; 400GbE / NDR IB "
		    "(default mode); Single-port OSFP; PCIe 5.0 x16; Crypto Disabled; Secure Boot "
		    "Enabled;\n"
		    "Device:             mlx5_%d             \n\n"
		    "%-53s%-20s%-20s%s\n",
		    n, "Configurations:", "Default", "Current", "Next Boot");
	for (i = 0; i < sizeof(params) / sizeof(params[0]); i++) {
		const char *mark = strcmp(params[i][1], params[i][2]) ? "*" : "";

		fa_buf_addf(&b, "%-8s%-45s%-20s%-20s%-20s\n", mark, params[i][0], params[i][1],
			    params[i][2], params[i][2]);
	}
	fa_buf_adds(&b, "The '*' shows parameters with next value different from default/current "
			"value.\n");
	snprintf(cmd, sizeof(cmd), "mlxconfig -d mlx5_%d q", n);
	gen_write(f->dir, host, cmd, &b);
	fa_buf_release(&b);
}

/*
 * show_gids: link-local (from the MAC) and IPv4 (10.<nic>.<host+1>) GIDs, RoCE v1 and v2, as the
 * script prints them (tabs).
 */
static void gen_gids(const struct gen_fabric *f, int h, const char *host)
{
	struct fa_buf b = FA_BUF_INIT;
	char ifname[32];
	int n, i;

	fa_buf_adds(&b, "DEV\tPORT\tINDEX\tGID\t\t\t\t\tIPv4  \t\tVER\tDEV\n"
			"---\t----\t-----\t---\t\t\t\t\t------------  \t---\t---\n");
	for (n = 0; n < f->nics; n++) {
		gen_ifname(n, ifname, sizeof(ifname));
		for (i = 0; i < 4; i++) {
			if (i < 2)
				fa_buf_addf(&b,
					    "mlx5_%d\t1\t%d\tfe80:0000:0000:0000:bace:f6ff:fe%02x:%02x%02x"
					    "\t\t\tv%d\t%s\n",
					    n, i, (h >> 8) & 0xff, h & 0xff, n & 0xff, i + 1, ifname);
			else
				fa_buf_addf(&b,
					    "mlx5_%d\t1\t%d\t0000:0000:0000:0000:0000:ffff:0a%02x:%02x%02x"
					    "\t10.%d.%d.%d  \tv%d\t%s\n",
					    n, i, n & 0xff, ((h + 1) >> 8) & 0xff, (h + 1) & 0xff,
					    n & 0xff, ((h + 1) >> 8) & 0xff, (h + 1) & 0xff, i - 1,
					    ifname);
		}
	}
	fa_buf_addf(&b, "n_gids_found=%d\n", 4 * f->nics);
	gen_write(f->dir, host, "show_gids", &b);
	/*
	 * The same table as sysfs has it: grep reads every GID file (the all-zero ones left
	 * out), then every type, then every netdev (unused entries cannot be read).
	 */
	fa_buf_reset(&b);
	for (n = 0; n < f->nics; n++)
		for (i = 0; i < 4; i++) {
			if (i < 2)
				fa_buf_addf(&b,
					    "/sys/class/infiniband/mlx5_%d/ports/1/gids/%d:"
					    "fe80:0000:0000:0000:bace:f6ff:fe%02x:%02x%02x\n",
					    n, i, (h >> 8) & 0xff, h & 0xff, n & 0xff);
			else
				fa_buf_addf(&b,
					    "/sys/class/infiniband/mlx5_%d/ports/1/gids/%d:"
					    "0000:0000:0000:0000:0000:ffff:0a%02x:%02x%02x\n",
					    n, i, n & 0xff, ((h + 1) >> 8) & 0xff, (h + 1) & 0xff);
		}
	for (n = 0; n < f->nics; n++)
		for (i = 0; i < 4; i++)
			fa_buf_addf(&b, "/sys/class/infiniband/mlx5_%d/ports/1/gid_attrs/types/%d:%s\n",
				    n, i, i % 2 ? "RoCE v2" : "IB/RoCE v1");
	for (n = 0; n < f->nics; n++) {
		gen_ifname(n, ifname, sizeof(ifname));
		for (i = 0; i < 4; i++)
			fa_buf_addf(&b, "/sys/class/infiniband/mlx5_%d/ports/1/gid_attrs/ndevs/%d:%s\n",
				    n, i, ifname);
	}
	gen_write(f->dir, host,
		  "grep -H -v -x 0000:0000:0000:0000:0000:0000:0000:0000 "
		  "/sys/class/infiniband/*/ports/*/gids/* "
		  "/sys/class/infiniband/*/ports/*/gid_attrs/types/* "
		  "/sys/class/infiniband/*/ports/*/gid_attrs/ndevs/* 2>/dev/null || true",
		  &b);
	fa_buf_release(&b);
}

/* The sysfs tables: P_Keys (a RoCE port has the default 0xffff only) and DCQCN switches. */
static void gen_sysfs(const struct gen_fabric *f, const char *host)
{
	struct fa_buf b = FA_BUF_INIT;
	char ifname[32];
	int n, prio;
	const char *point[2] = { "roce_np", "roce_rp" };
	int k;

	for (n = 0; n < f->nics; n++)
		fa_buf_addf(&b, "/sys/class/infiniband/mlx5_%d/ports/1/pkeys/0:0xffff\n", n);
	gen_write(f->dir, host, "grep -H -v -x 0x0000 /sys/class/infiniband/*/ports/*/pkeys/*", &b);
	fa_buf_reset(&b);
	/* The shell expands each glob in order: every interface's np switches, then rp. */
	for (k = 0; k < 2; k++)
		for (n = 0; n < f->nics; n++)
			for (prio = 0; prio < 8; prio++) {
				gen_ifname(n, ifname, sizeof(ifname));
				fa_buf_addf(&b, "/sys/class/net/%s/ecn/%s/enable/%d:1\n", ifname,
					    point[k], prio);
			}
	for (n = 0; n < f->nics; n++) {
		gen_ifname(n, ifname, sizeof(ifname));
		fa_buf_addf(&b, "/sys/class/net/%s/ecn/roce_np/cnp_dscp:48\n", ifname);
	}
	gen_write(f->dir, host,
		  "grep -H . /sys/class/net/*/ecn/roce_np/enable/* /sys/class/net/*/ecn/roce_rp/enable/* "
		  "/sys/class/net/*/ecn/roce_np/cnp_dscp",
		  &b);
	fa_buf_release(&b);
}

/* nvidia-smi: the XML report's host-wide part and one GPU entry per GPU; the topology. */
static void gen_nvidia(const struct gen_fabric *f, const char *host)
{
	struct fa_buf b = FA_BUF_INIT;
	int g, n;

	fa_buf_addf(&b,
		    "<?xml version=\"1.0\" ?>\n"
		    "<!DOCTYPE nvidia_smi_log SYSTEM \"nvsmi_device_v12.dtd\">\n"
		    "<nvidia_smi_log>\n"
		    "\t<timestamp>Tue Apr  2 09:14:07 2024</timestamp>\n"
		    "\t<driver_version>535.154.05</driver_version>\n"
		    "\t<cuda_version>12.2</cuda_version>\n"
		    "\t<attached_gpus>%d</attached_gpus>\n",
		    f->nics);
	for (g = 0; g < f->nics; g++)
		fa_buf_addf(&b,
			    "\t<gpu id=\"00000000:%02X:00.0\">\n"
			    "\t\t<product_name>NVIDIA H100 80GB HBM3</product_name>\n"
			    "\t\t<product_brand>NVIDIA</product_brand>\n"
			    "\t\t<product_architecture>Hopper</product_architecture>\n"
			    "\t\t<pci>\n\t\t\t<pci_bus>%02X</pci_bus>\n"
			    "\t\t\t<pci_bus_id>00000000:%02X:00.0</pci_bus_id>\n\t\t</pci>\n"
			    "\t</gpu>\n",
			    0x18 + 0x20 * g, 0x18 + 0x20 * g, 0x18 + 0x20 * g);
	fa_buf_adds(&b, "</nvidia_smi_log>\n");
	gen_write(f->dir, host, "nvidia-smi -q -x", &b);
	fa_buf_reset(&b);

	for (g = 0; g < f->nics; g++)
		fa_buf_addf(&b, "\tGPU%d", g);
	for (n = 0; n < f->nics; n++)
		fa_buf_addf(&b, "\tNIC%d", n);
	fa_buf_adds(&b, "\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID\n");
	/* GPU g and NIC g share a PCIe switch; the first half sits on NUMA node 0. */
	for (g = 0; g < 2 * f->nics; g++) {
		int row = g % f->nics, node = row < (f->nics + 1) / 2 ? 0 : 1, c;

		fa_buf_addf(&b, g < f->nics ? "GPU%d" : "NIC%d", row);
		for (c = 0; c < 2 * f->nics; c++) {
			int col = c % f->nics, cnode = col < (f->nics + 1) / 2 ? 0 : 1;

			if (c == g)
				fa_buf_adds(&b, "\t X ");
			else if (col == row && (c < f->nics) != (g < f->nics))
				fa_buf_adds(&b, "\tPIX");
			else
				fa_buf_adds(&b, cnode == node ? "\tNODE" : "\tSYS");
		}
		if (g < f->nics)
			fa_buf_addf(&b, "\t%s\t%d\t\tN/A", node ? "48-95" : "0-47", node);
		fa_buf_adds(&b, "\n");
	}
	fa_buf_adds(&b, "\nLegend:\n\n"
			"  X    = Self\n"
			"  SYS  = Connection traversing PCIe as well as the SMP interconnect between "
			"NUMA nodes (e.g., QPI/UPI)\n"
			"  NODE = Connection traversing PCIe as well as the interconnect between PCIe "
			"Host Bridges within a NUMA node\n"
			"  PHB  = Connection traversing PCIe as well as a PCIe Host Bridge (typically "
			"the CPU)\n"
			"  PXB  = Connection traversing multiple PCIe bridges (without traversing the "
			"PCIe Host Bridge)\n"
			"  PIX  = Connection traversing at most a single PCIe bridge\n"
			"  NV#  = Connection traversing a bonded set of # NVLinks\n\n"
			"NIC Legend:\n\n");
	for (n = 0; n < f->nics; n++)
		fa_buf_addf(&b, "  NIC%d: mlx5_%d\n", n, n);
	gen_write(f->dir, host, "nvidia-smi topo -m", &b);
	fa_buf_release(&b);
}

static void gen_nccl_bios(const struct gen_fabric *f, const char *host)
{
	struct fa_buf b = FA_BUF_INIT;
	int n;

	fa_buf_adds(&b, "NCCL_IB_HCA=");
	for (n = 0; n < f->nics; n++)
		fa_buf_addf(&b, "%smlx5_%d", n ? "," : "", n);
	fa_buf_adds(&b, "\nNCCL_IB_GID_INDEX=3\nNCCL_IB_TC=106\nNCCL_SOCKET_IFNAME=eno1\n");
	gen_write(f->dir, host, "cat /etc/nccl.conf", &b);
	fa_buf_reset(&b);
	fa_buf_adds(&b, "2.19.1\n");
	gen_write(f->dir, host, "cat /sys/class/dmi/id/bios_version", &b);
	fa_buf_release(&b);
}

void gen_host(const struct gen_fabric *f, int h)
{
	char host[32];
	int n;

	gen_host_name(f, h, host, sizeof(host));
	gen_mkdir(f->dir, host);
	gen_os(f, host);
	gen_ip_link(f, h, host);
	gen_rdma(f, h, host);
	gen_lldp(f, h, host);
	gen_gids(f, h, host);
	gen_sysfs(f, host);
	gen_nvidia(f, host);
	gen_nccl_bios(f, host);
	for (n = 0; n < f->nics; n++) {
		gen_ethtool(f, h, host, n);
		gen_mlnx_qos(f, host, n);
		gen_mlxconfig(f, host, n);
	}
}
