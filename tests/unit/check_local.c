/* SPDX-License-Identifier: MIT */
/*
 * Local collection without root: rtnetlink link dumps and DCB replies recorded from a real
 * kernel (plus VLAN, bond and IEEE DCB messages built with libnl where this kernel has no
 * such device), sysfs RDMA trees (the published procfs fixture and a written RoCE tree),
 * the merge of fragments, and the --shard split.
 */
#include "config.h"

#include <errno.h>
#include <linux/dcbnl.h>
#include <linux/rtnetlink.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <netlink/msg.h>
#include <netlink/route/link.h>
#include <netlink/route/link/vlan.h>

#include "audit/merge.h"
#include "audit/model.h"
#include "audit/snapshot.h"
#include "audit/util/buf.h"
#include "audit/util/fileio.h"
#include "drivers/collect.h"
#include "drivers/transport/netlink.h"
#include "drivers/transport/sysfs-rdma.h"
#include "tests/unit/unit.h"
#include "audit/util/banned.h"

#define NLFIX "tests/fixtures/netlink/"

static json_t *fa_t_port(json_t *dev, const char *name)
{
	json_t *p = fa_device_find_port(dev, name);

	ck_assert_msg(p != NULL, "Port %s is in the model.", name);
	return p;
}

static const char *fa_t_str(json_t *dev, const char *port, const char *path)
{
	const char *s = fa_get_str(fa_t_port(dev, port), path);

	return s ? s : "(absent)";
}

static json_int_t fa_t_int(json_t *dev, const char *port, const char *path)
{
	json_int_t v = -1;

	fa_get_int(fa_t_port(dev, port), path, &v);
	return v;
}

START_TEST(local_links_from_recorded_dump)
{
	struct fa_buf b = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	json_t *dev = fa_device_new("h", "host");
	int r;

	fa_test_read(fa_test_srcfile(NLFIX "netns-veth-bridge.bin"), &b);
	r = fa_nl_links_parse(b.buf, b.len, dev, &err);
	ck_assert_msg(r == 0, "The recorded dump parses (%s).", err.msg);
	ck_assert_msg(json_array_size(json_object_get(dev, "ports")) == 8,
		      "The namespace's 8 links are 8 ports.");
	ck_assert_msg(fa_t_int(dev, "fa-veth-a0", "mtu") == 1500 &&
		      fa_t_int(dev, "fa-veth-a1", "mtu") == 4200 &&
		      fa_t_int(dev, "fa-veth-a2", "mtu") == 9000,
		      "The veth MTUs are 1500, 4200 and 9000.");
	ck_assert_msg(strcmp(fa_t_str(dev, "fa-veth-a2", "mac"), "0c:42:a1:00:00:02") == 0,
		      "The MAC set on fa-veth-a2 is read.");
	ck_assert_msg(strcmp(fa_t_str(dev, "fa-veth-a1", "admin_state"), "down") == 0 &&
		      strcmp(fa_t_str(dev, "fa-veth-a1", "oper_state"), "down") == 0 &&
		      strcmp(fa_t_str(dev, "fa-veth-b1", "oper_state"), "lowerlayerdown") == 0,
		      "The link set down is down, its peer lowerlayerdown (as ip -j showed).");
	ck_assert_msg(strcmp(fa_t_str(dev, "fa-veth-a2", "oper_state"), "up") == 0 &&
		      strcmp(fa_t_str(dev, "fa-veth-a2", "type"), "virtual") == 0,
		      "A veth that is up is an up virtual port.");
	ck_assert_msg(strcmp(fa_t_str(dev, "fa-veth-b2", "master"), "fa-br0") == 0 &&
		      strcmp(fa_t_str(dev, "fa-br0", "type"), "bridge") == 0,
		      "The bridge member names fa-br0 as its master.");
	ck_assert_msg(strcmp(fa_t_str(dev, "lo", "type"), "loopback") == 0 &&
		      strcmp(fa_t_str(dev, "lo", "oper_state"), "unknown") == 0 &&
		      !fa_get_str(fa_t_port(dev, "lo"), "mac"),
		      "lo is a loopback in state unknown without a MAC.");
	ck_assert_msg(!fa_get_str(fa_t_port(dev, "fa-veth-a0"), "parent"),
		      "A veth's peer is not taken for a parent.");
	json_decref(dev);
	fa_buf_release(&b);
}
END_TEST

START_TEST(local_counters_from_recorded_dump)
{
	struct fa_buf b = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	json_t *dev = fa_device_new("h", "host");
	int r;

	fa_test_read(fa_test_srcfile(NLFIX "netns-veth-bridge.bin"), &b);
	fa_device_port(dev, "fa-veth-a2");
	fa_device_port(dev, "fa-veth-a1");
	r = fa_nl_counters_parse(b.buf, b.len, dev, &err);
	ck_assert_msg(r == 0, "The recorded dump parses (%s).", err.msg);
	ck_assert_msg(json_array_size(json_object_get(dev, "ports")) == 2,
		      "Counters go to the ports the device has; no port is created.");
	/* IFLA_STATS64 and IFLA_CARRIER_CHANGES of the dump, decoded by hand */
	ck_assert_msg(fa_t_int(dev, "fa-veth-a2", "counters.rx_bytes") == 594 &&
		      fa_t_int(dev, "fa-veth-a2", "counters.tx_bytes") == 266,
		      "fa-veth-a2 received 594 bytes and sent 266.");
	ck_assert_msg(fa_t_int(dev, "fa-veth-a2", "counters.carrier_changes") == 2 &&
		      fa_t_int(dev, "fa-veth-a1", "counters.carrier_changes") == 1,
		      "Carrier changes: 2 on the link that came up, 1 on the one left down.");
	ck_assert_msg(fa_t_int(dev, "fa-veth-a2", "counters.rx_errors") == 0 &&
		      fa_t_int(dev, "fa-veth-a2", "counters.tx_discards") == 0 &&
		      fa_t_int(dev, "fa-veth-a2", "counters.crc_errors") == 0,
		      "Errors, drops and CRC errors are read (all 0).");
	ck_assert_msg(!fa_obj_get_path(fa_t_port(dev, "fa-veth-a2"), "mtu"),
		      "Only counters are written.");
	ck_assert_msg(fa_nl_counters_parse("", 0, dev, NULL) == -FA_EPARSE,
		      "No bytes, no links: a parse error.");
	json_decref(dev);
	fa_buf_release(&b);
}
END_TEST

/*
 * RTM_NEWLINK bytes for @link, as the kernel would send them in a dump (libnl's request
 * builder leaves ifi_type out, so the ARP type is written into the header here).
 */
static void fa_t_link_msg(struct rtnl_link *link, struct fa_buf *out)
{
	struct nl_msg *m = NULL;
	struct nlmsghdr *h;
	struct ifinfomsg *ifi;

	ck_assert_msg(rtnl_link_build_add_request(link, 0, &m) == 0, "libnl builds a link message.");
	h = nlmsg_hdr(m);
	h->nlmsg_type = RTM_NEWLINK;
	ifi = nlmsg_data(h);
	ifi->ifi_type = (unsigned short)rtnl_link_get_arptype(link);
	fa_buf_add(out, h, NLMSG_ALIGN(h->nlmsg_len));
	nlmsg_free(m);
}

START_TEST(local_links_vlan_and_bond_messages)
{
	struct fa_buf b = FA_BUF_INIT;
	struct rtnl_link *eth = rtnl_link_alloc(), *vlan = rtnl_link_vlan_alloc();
	struct rtnl_link *bond = rtnl_link_alloc(), *slave = rtnl_link_alloc();
	json_t *dev = fa_device_new("h", "host");
	int r;

	rtnl_link_set_ifindex(eth, 2);
	rtnl_link_set_name(eth, "ens1f0np0");
	rtnl_link_set_arptype(eth, 1);
	rtnl_link_set_mtu(eth, 9000);
	rtnl_link_set_arptype(vlan, 1);
	rtnl_link_set_ifindex(vlan, 3);
	rtnl_link_set_name(vlan, "ens1f0np0.100");
	rtnl_link_set_link(vlan, 2);
	rtnl_link_vlan_set_id(vlan, 100);
	rtnl_link_set_mtu(vlan, 9000);
	rtnl_link_set_ifindex(bond, 4);
	rtnl_link_set_name(bond, "bond0");
	rtnl_link_set_type(bond, "bond");
	rtnl_link_set_arptype(bond, 1);
	rtnl_link_set_ifindex(slave, 5);
	rtnl_link_set_name(slave, "ens2f0np0");
	rtnl_link_set_arptype(slave, 1);
	rtnl_link_set_master(slave, 4);
	fa_t_link_msg(eth, &b);
	fa_t_link_msg(vlan, &b);
	fa_t_link_msg(bond, &b);
	fa_t_link_msg(slave, &b);
	r = fa_nl_links_parse(b.buf, b.len, dev, NULL);
	ck_assert_msg(r == 0, "Built link messages parse.");
	ck_assert_msg(fa_t_int(dev, "ens1f0np0.100", "vlan_id") == 100 &&
		      strcmp(fa_t_str(dev, "ens1f0np0.100", "parent"), "ens1f0np0") == 0 &&
		      strcmp(fa_t_str(dev, "ens1f0np0.100", "type"), "vlan") == 0,
		      "The VLAN has id 100 on ens1f0np0.");
	ck_assert_msg(strcmp(fa_t_str(dev, "ens1f0np0", "type"), "ethernet") == 0,
		      "A link of ARP type ether without a kind is an ethernet port.");
	ck_assert_msg(strcmp(fa_t_str(dev, "bond0", "type"), "bond") == 0 &&
		      strcmp(fa_t_str(dev, "ens2f0np0", "master"), "bond0") == 0 &&
		      strcmp(fa_t_str(dev, "ens2f0np0", "type"), "ethernet") == 0,
		      "The bond member names bond0 and keeps its own type.");
	rtnl_link_put(eth);
	rtnl_link_put(vlan);
	rtnl_link_put(bond);
	rtnl_link_put(slave);
	json_decref(dev);
	fa_buf_release(&b);
}
END_TEST

START_TEST(local_links_bad_bytes)
{
	struct fa_buf b = FA_BUF_INIT;
	json_t *dev = fa_device_new("h", "host");
	static const char junk[] = "this is not netlink at all, just text of some length";

	ck_assert_msg(fa_nl_links_parse("", 0, dev, NULL) == -FA_EPARSE,
		      "No bytes is a parse error.");
	ck_assert_msg(fa_nl_links_parse(junk, sizeof(junk), dev, NULL) == -FA_EPARSE,
		      "Text is a parse error.");
	fa_test_read(fa_test_srcfile(NLFIX "netns-veth-bridge.bin"), &b);
	ck_assert_msg(fa_nl_links_parse(b.buf, 30, dev, NULL) == -FA_EPARSE,
		      "A dump cut inside its first message is a parse error.");
	ck_assert_msg(fa_nl_links_parse(b.buf, b.len / 2, dev, NULL) == 0,
		      "A dump cut after whole messages gives the links it holds.");
	fa_buf_reset(&b);
	fa_test_read(fa_test_srcfile(NLFIX "dcb-veth-eopnotsupp.bin"), &b);
	ck_assert_msg(fa_nl_links_parse(b.buf, b.len, dev, NULL) == -FA_EIO,
		      "An error message instead of a dump is an I/O error.");
	json_decref(dev);
	fa_buf_release(&b);
}
END_TEST

START_TEST(local_dcb_recorded_eopnotsupp)
{
	struct fa_buf b = FA_BUF_INIT;
	json_t *port = json_object();
	bool supported = true;
	int r;

	fa_test_read(fa_test_srcfile(NLFIX "dcb-veth-eopnotsupp.bin"), &b);
	r = fa_nl_dcb_parse(b.buf, b.len, port, &supported, NULL);
	ck_assert_msg(r == 0 && !supported,
		      "The kernel's EOPNOTSUPP for a veth is 'not supported', not an error.");
	ck_assert_msg(json_object_size(port) == 0, "Nothing is written for an unsupported port.");
	json_decref(port);
	fa_buf_release(&b);
}
END_TEST

/* An RTM_GETDCB reply with IEEE ETS, PFC and a DSCP APP table of @napps entries. */
static void fa_t_dcb_reply(int napps, struct fa_buf *out)
{
	struct nl_msg *m = nlmsg_alloc_simple(RTM_GETDCB, 0);
	struct dcbmsg hdr = { .dcb_family = AF_UNSPEC, .cmd = DCB_CMD_IEEE_GET };
	struct ieee_ets ets;
	struct ieee_pfc pfc;
	struct nlattr *ieee, *apps;
	struct nlmsghdr *h;
	int i;

	memset(&ets, 0, sizeof(ets));
	memset(&pfc, 0, sizeof(pfc));
	for (i = 0; i < 8; i++) {
		ets.tc_tsa[i] = i == 6 ? IEEE_8021QAZ_TSA_STRICT : IEEE_8021QAZ_TSA_ETS;
		ets.prio_tc[i] = (uint8_t)i;
	}
	ets.tc_tx_bw[0] = 50;
	ets.tc_tx_bw[3] = 50;
	pfc.pfc_en = 1u << 3;
	nlmsg_append(m, &hdr, sizeof(hdr), NLMSG_ALIGNTO);
	nla_put_string(m, DCB_ATTR_IFNAME, "ens1f0np0");
	ieee = nla_nest_start(m, DCB_ATTR_IEEE);
	nla_put(m, DCB_ATTR_IEEE_ETS, sizeof(ets), &ets);
	nla_put(m, DCB_ATTR_IEEE_PFC, sizeof(pfc), &pfc);
	apps = nla_nest_start(m, DCB_ATTR_IEEE_APP_TABLE);
	for (i = 0; i < napps; i++) {
		struct dcb_app a = { .selector = IEEE_8021QAZ_APP_SEL_DSCP,
				     .priority = (uint8_t)(i == 26 ? 3 : i == 48 ? 6 : 0),
				     .protocol = (uint16_t)i };

		nla_put(m, DCB_ATTR_IEEE_APP, sizeof(a), &a);
	}
	nla_nest_end(m, apps);
	nla_nest_end(m, ieee);
	h = nlmsg_hdr(m);
	fa_buf_add(out, h, h->nlmsg_len);
	nlmsg_free(m);
}

START_TEST(local_dcb_ieee_reply)
{
	struct fa_buf b = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	json_t *port = json_object(), *a;
	bool supported = false;
	int r;

	fa_t_dcb_reply(64, &b);
	r = fa_nl_dcb_parse(b.buf, b.len, port, &supported, &err);
	ck_assert_msg(r == 0 && supported, "An IEEE DCB reply parses (%s).", err.msg);
	a = fa_obj_get_path(port, "qos.pfc_enabled");
	ck_assert_msg(json_array_size(a) == 1 && json_integer_value(json_array_get(a, 0)) == 3,
		      "PFC is enabled on priority 3 only.");
	a = fa_obj_get_path(port, "qos.ets.tsa");
	ck_assert_msg(json_array_size(a) == 8 &&
		      strcmp(json_string_value(json_array_get(a, 6)), "strict") == 0 &&
		      strcmp(json_string_value(json_array_get(a, 3)), "ets") == 0,
		      "TC 6 is strict and TC 3 is ETS.");
	a = fa_obj_get_path(port, "qos.ets.bandwidth");
	ck_assert_msg(json_integer_value(json_array_get(a, 3)) == 50, "TC 3 has 50 %% bandwidth.");
	a = fa_obj_get_path(port, "qos.dscp_to_priority");
	ck_assert_msg(json_array_size(a) == 64 && json_integer_value(json_array_get(a, 26)) == 3 &&
		      json_integer_value(json_array_get(a, 48)) == 6,
		      "DSCP 26 maps to priority 3 and 48 to 6.");
	json_decref(port);
	port = json_object();
	fa_buf_reset(&b);
	fa_t_dcb_reply(10, &b);
	ck_assert_msg(fa_nl_dcb_parse(b.buf, b.len, port, &supported, NULL) == 0 &&
		      !fa_obj_get_path(port, "qos.dscp_to_priority") &&
		      fa_obj_get_path(port, "qos.pfc_enabled"),
		      "A partial DSCP table gives no DSCP map (never guessed), the rest is kept.");
	json_decref(port);
	fa_buf_release(&b);
}
END_TEST

START_TEST(local_dcb_errors)
{
	struct {
		struct nlmsghdr h;
		struct nlmsgerr e;
	} msg;
	json_t *port = json_object();
	bool supported;
	struct fa_err err = FA_ERR_INIT;

	memset(&msg, 0, sizeof(msg));
	msg.h.nlmsg_len = sizeof(msg);
	msg.h.nlmsg_type = NLMSG_ERROR;
	msg.e.error = -ENODEV;
	ck_assert_msg(fa_nl_dcb_parse(&msg, sizeof(msg), port, &supported, &err) == -FA_EIO &&
		      strstr(err.msg, "No such device"),
		      "Another kernel error is an I/O error naming it (%s).", err.msg);
	ck_assert_msg(fa_nl_dcb_parse("", 0, port, &supported, NULL) == -FA_EPARSE,
		      "No reply at all is a parse error.");
	ck_assert_msg(fa_nl_dcb_parse(&msg, 10, port, &supported, NULL) == -FA_EPARSE,
		      "A truncated reply is a parse error.");
	json_decref(port);
}
END_TEST

/* Unpack a ttar archive (the prometheus/procfs fixture format) under @root. */
static void fa_t_untar(const char *ttar, const char *root)
{
	struct fa_buf b = FA_BUF_INIT;
	char *line, *path = NULL;
	int lines = -1;
	struct fa_buf content = FA_BUF_INIT;

	fa_test_read(ttar, &b);
	for (line = b.buf; line && *line;) {
		char *nl = strchr(line, '\n');

		if (nl)
			*nl = '\0';
		if (lines > 0) {
			size_t n = strlen(line);
			bool eof = n >= 3 && strcmp(line + n - 3, "EOF") == 0 && lines == 1;

			fa_buf_add(&content, line, eof ? n - 3 : n);
			if (!eof)
				fa_buf_addch(&content, '\n');
			if (--lines == 0) {
				char *full = NULL;

				ck_assert_msg(asprintf(&full, "%s/%s", root, path) > 0, "asprintf works.");
				ck_assert_msg(fa_file_write_atomic(full, content.buf, content.len, NULL)
					      == 0, "%s is written.", full);
				free(full);
				fa_buf_reset(&content);
			}
		} else if (strncmp(line, "Directory: ", 11) == 0 || strncmp(line, "Path: ", 6) == 0) {
			bool dir = line[0] == 'D';
			char *full = NULL;

			free(path);
			path = strdup(line + (dir ? 11 : 6));
			if (dir) {
				ck_assert_msg(asprintf(&full, "%s/%s", root, path) > 0, "asprintf works.");
				fa_mkdir_p(full, NULL);
				free(full);
			}
		} else if (strncmp(line, "Lines: ", 7) == 0) {
			lines = atoi(line + 7);
			if (lines == 0) {
				char *full = NULL;

				ck_assert_msg(asprintf(&full, "%s/%s", root, path) > 0, "asprintf works.");
				fa_file_write_atomic(full, "", 0, NULL);
				free(full);
			}
		}
		line = nl ? nl + 1 : NULL;
	}
	free(path);
	fa_buf_release(&content);
	fa_buf_release(&b);
}

static char fa_t_dir[64];

static void fa_t_mkdir(void)
{
	snprintf(fa_t_dir, sizeof(fa_t_dir), "/tmp/fa-local-XXXXXX");
	ck_assert_msg(mkdtemp(fa_t_dir) != NULL, "A temporary folder is made.");
}

static void fa_t_rmdir(void)
{
	char *cmd = NULL;

	if (asprintf(&cmd, "rm -rf '%s'", fa_t_dir) > 0 && system(cmd) != 0)
		fprintf(stderr, "cannot remove %s\n", fa_t_dir);
	free(cmd);
}

START_TEST(local_sysfs_procfs_fixture)
{
	json_t *dev = fa_device_new("h", "host");
	char *sys = NULL;
	bool warned = false;
	json_t *w;
	size_t i;

	fa_t_untar(fa_test_fixture("prometheus__procfs/extracted/"
				   "fixtures.ttar.sys_class_infiniband.ttar"), fa_t_dir);
	ck_assert_msg(asprintf(&sys, "%s/fixtures/sys", fa_t_dir) > 0, "asprintf works.");
	ck_assert_msg(fa_sysfs_rdma_read(sys, dev, NULL) == 0, "The published sysfs tree reads.");
	ck_assert_msg(json_array_size(json_object_get(dev, "ports")) == 4,
		      "hfi1_0/1, mlx4_0/1, mlx4_0/2 and mlx5_0/1 are four RDMA-only ports.");
	ck_assert_msg(strcmp(fa_t_str(dev, "mlx5_0/1", "nic.firmware"), "14.28.2006") == 0 &&
		      strcmp(fa_t_str(dev, "mlx5_0/1", "nic.model"), "MT4118") == 0 &&
		      strcmp(fa_t_str(dev, "mlx5_0/1", "nic.psid"), "SM_2001000001034") == 0 &&
		      strcmp(fa_t_str(dev, "mlx5_0/1", "nic.node_guid"), "0x0a7fbc1245efd23b") == 0,
		      "mlx5_0 has firmware 14.28.2006, MT4118, its PSID and node GUID.");
	ck_assert_msg(fa_t_int(dev, "mlx5_0/1", "ib.rate") == 25000000000LL &&
		      strcmp(fa_t_str(dev, "mlx5_0/1", "ib.width"), "1X") == 0 &&
		      strcmp(fa_t_str(dev, "mlx5_0/1", "ib.state"), "active") == 0 &&
		      strcmp(fa_t_str(dev, "mlx5_0/1", "ib.link_layer"), "InfiniBand") == 0,
		      "mlx5_0 port 1 is an active 1X 25G InfiniBand port.");
	ck_assert_msg(fa_t_int(dev, "hfi1_0/1", "ib.rate") == 100000000000LL &&
		      strcmp(fa_t_str(dev, "hfi1_0/1", "ib.phys_state"), "linkup") == 0 &&
		      !fa_get_str(fa_t_port(dev, "hfi1_0/1"), "nic.psid"),
		      "hfi1_0 runs 100G LinkUp, and its board description is no PSID.");
	ck_assert_msg(fa_t_int(dev, "mlx4_0/2", "ib.rate") == 40000000000LL &&
		      strcmp(fa_t_str(dev, "mlx4_0/2", "type"), "infiniband") == 0,
		      "mlx4_0 port 2 is a 40G InfiniBand port.");
	json_array_foreach(json_object_get(dev, "warnings"), i, w)
		warned |= strstr(json_string_value(w), "mlx5_0/1: unknown phys_state '4: ACTIVE'") != NULL;
	ck_assert_msg(warned && !fa_get_str(fa_t_port(dev, "mlx5_0/1"), "ib.phys_state"),
		      "The fixture's odd phys_state '4: ACTIVE' is a warning, not a value.");
	free(sys);
	json_decref(dev);
}
END_TEST

static void fa_t_write(const char *rel, const char *text)
{
	char *full = NULL, *slash;

	ck_assert_msg(asprintf(&full, "%s/%s", fa_t_dir, rel) > 0, "asprintf works.");
	slash = strrchr(full, '/');
	*slash = '\0';
	fa_mkdir_p(full, NULL);
	*slash = '/';
	ck_assert_msg(fa_file_write_atomic(full, text, strlen(text), NULL) == 0, "%s is written.", rel);
	free(full);
}

START_TEST(local_sysfs_roce_tree)
{
	json_t *dev = fa_device_new("h", "host"), *g, *pk, *np;
	char rel[256];
	int p;

	fa_t_write("class/infiniband/mlx5_2/fw_ver", "28.39.1002\n");
	fa_t_write("class/infiniband/mlx5_2/hca_type", "MT4129\n");
	fa_t_write("class/infiniband/mlx5_2/board_id", "MT_0000000838\n");
	fa_t_write("class/infiniband/mlx5_2/node_guid", "a088:c203:00e3:142a\n");
	fa_t_write("class/infiniband/mlx5_2/ports/1/link_layer", "Ethernet\n");
	fa_t_write("class/infiniband/mlx5_2/ports/1/state", "4: ACTIVE\n");
	fa_t_write("class/infiniband/mlx5_2/ports/1/phys_state", "5: LinkUp\n");
	fa_t_write("class/infiniband/mlx5_2/ports/1/rate", "400 Gb/sec (4X NDR)\n");
	fa_t_write("class/infiniband/mlx5_2/ports/1/lid", "0x0\n");
	fa_t_write("class/infiniband/mlx5_2/ports/1/gid_attrs/ndevs/0", "ens3f0np0\n");
	fa_t_write("class/infiniband/mlx5_2/ports/1/gids/0", "fe80:0000:0000:0000:a288:c2ff:fee3:142a\n");
	fa_t_write("class/infiniband/mlx5_2/ports/1/gid_attrs/types/0", "IB/RoCE v1\n");
	fa_t_write("class/infiniband/mlx5_2/ports/1/gids/1", "fe80:0000:0000:0000:a288:c2ff:fee3:142a\n");
	fa_t_write("class/infiniband/mlx5_2/ports/1/gid_attrs/types/1", "RoCE v2\n");
	fa_t_write("class/infiniband/mlx5_2/ports/1/gids/3", "0000:0000:0000:0000:0000:ffff:0a00:0b0c\n");
	fa_t_write("class/infiniband/mlx5_2/ports/1/gid_attrs/types/3", "RoCE v2\n");
	fa_t_write("class/infiniband/mlx5_2/ports/1/gids/4", "0000:0000:0000:0000:0000:0000:0000:0000\n");
	fa_t_write("class/infiniband/mlx5_2/ports/1/pkeys/0", "0xffff\n");
	fa_t_write("class/infiniband/mlx5_2/ports/1/pkeys/1", "0x0000\n");
	fa_t_write("class/infiniband/mlx5_2/ports/1/pkeys/2", "0x8001");
	for (p = 0; p < 8; p++) {
		snprintf(rel, sizeof(rel), "class/net/ens3f0np0/ecn/roce_np/enable/%d", p);
		fa_t_write(rel, p == 3 ? "1\n" : "0\n");
		snprintf(rel, sizeof(rel), "class/net/ens3f0np0/ecn/roce_rp/enable/%d", p);
		fa_t_write(rel, p == 3 || p == 4 ? "1\n" : "0\n");
	}
	fa_device_port(dev, "ens3f0np0");
	ck_assert_msg(fa_sysfs_rdma_read(fa_t_dir, dev, NULL) == 0 &&
		      fa_sysfs_dcqcn_read(fa_t_dir, dev, NULL) == 0, "The RoCE tree reads.");
	ck_assert_msg(json_array_size(json_object_get(dev, "ports")) == 1 &&
		      strcmp(fa_t_str(dev, "ens3f0np0", "nic.device"), "mlx5_2") == 0 &&
		      fa_t_int(dev, "ens3f0np0", "nic.port") == 1,
		      "The RDMA port lands on its netdev ens3f0np0 (gid_attrs/ndevs/0).");
	ck_assert_msg(fa_t_int(dev, "ens3f0np0", "ib.rate") == 400000000000LL &&
		      strcmp(fa_t_str(dev, "ens3f0np0", "ib.width"), "4X") == 0 &&
		      strcmp(fa_t_str(dev, "ens3f0np0", "ib.phys_state"), "linkup") == 0 &&
		      fa_t_int(dev, "ens3f0np0", "ib.lid") == -1,
		      "400G 4X LinkUp, and no LID on a RoCE port.");
	g = fa_obj_get_path(fa_t_port(dev, "ens3f0np0"), "gids");
	ck_assert_msg(json_array_size(g) == 3, "Three GIDs are set (the all-zero one is left out).");
	ck_assert_msg(strcmp(fa_get_str(json_array_get(g, 0), "type"), "RoCE v1") == 0 &&
		      strcmp(fa_get_str(json_array_get(g, 1), "type"), "RoCE v2") == 0 &&
		      strcmp(fa_get_str(json_array_get(g, 2), "ipv4"), "10.0.11.12") == 0,
		      "GID types follow the link layer and IPv4-mapped GID 3 is 10.0.11.12.");
	pk = fa_obj_get_path(fa_t_port(dev, "ens3f0np0"), "pkeys");
	ck_assert_msg(json_array_size(pk) == 2 &&
		      strcmp(json_string_value(json_array_get(pk, 1)), "0x8001") == 0,
		      "PKEYs 0xffff and 0x8001 are read (0x0000 left out, no newline tolerated).");
	np = fa_obj_get_path(fa_t_port(dev, "ens3f0np0"), "qos.dcqcn.np_enabled");
	ck_assert_msg(json_array_size(np) == 1 && json_integer_value(json_array_get(np, 0)) == 3 &&
		      json_array_size(fa_obj_get_path(fa_t_port(dev, "ens3f0np0"),
						      "qos.dcqcn.rp_enabled")) == 2,
		      "DCQCN NP is on for priority 3, RP for 3 and 4.");
	json_decref(dev);
}
END_TEST

START_TEST(local_sysfs_nothing_there)
{
	json_t *dev = fa_device_new("h", "host");

	ck_assert_msg(fa_sysfs_rdma_read("/nonexistent", dev, NULL) == 0 &&
		      fa_sysfs_dcqcn_read("/nonexistent", dev, NULL) == 0 &&
		      json_array_size(json_object_get(dev, "ports")) == 0 &&
		      !json_object_get(dev, "warnings"),
		      "A host without RDMA devices is no error and no warning.");
	json_decref(dev);
}
END_TEST

static void fa_t_frag(const char *file, const char *created, const char *name,
		      const char *status, const char *lldp_peer)
{
	char text[1024];

	snprintf(text, sizeof(text),
		 "{\"format\":\"fabric-audit/snapshot/v1\",\"created\":\"%s\",\"tool\":{\"name\":"
		 "\"fabric-audit\",\"version\":\"0\"},\"links\":[],\"devices\":[{\"name\":\"%s\","
		 "\"kind\":\"host\",\"status\":\"%s\"%s,\"ports\":[{\"name\":\"eth0\"%s%s%s}]}]}",
		 created, name, status, strcmp(status, "ok") ? ",\"error\":\"x\"" : "",
		 lldp_peer ? ",\"lldp\":{\"system_name\":\"" : "", lldp_peer ? lldp_peer : "",
		 lldp_peer ? "\",\"port_id\":\"eth0\"}" : "");
	fa_t_write(file, text);
}

START_TEST(local_merge_policy)
{
	json_t *snap = NULL, *notes = NULL, *d;
	struct fa_merge_stats st;
	struct fa_merge_opts mo = { 300, false };
	char *dir = NULL, *extra = NULL, *out = NULL;
	const char *paths[2];
	int r;

	fa_t_frag("f/a.json", "2026-12-02T16:00:00Z", "a", "ok", "b");
	fa_t_frag("f/b.json", "2026-12-02T16:00:05Z", "b", "ok", "a");
	fa_t_frag("f/b-old.json", "2026-12-02T15:59:00Z", "b", "ok", NULL);
	fa_t_frag("f/c-down.json", "2026-12-02T16:00:10Z", "c", "unreachable", NULL);
	fa_t_frag("f/c-up.json", "2026-12-02T16:00:01Z", "c", "ok", NULL);
	fa_t_frag("f/d-skew.json", "2026-12-02T18:00:00Z", "d", "ok", NULL);
	fa_t_frag("g/e.json", "2026-12-02T16:00:02Z", "e", "ok", NULL);
	fa_t_write("f/readme.txt", "not json, and not named .json either");
	ck_assert_msg(asprintf(&dir, "%s/f", fa_t_dir) > 0 && asprintf(&extra, "%s/g/e.json",
								      fa_t_dir) > 0, "asprintf.");
	paths[0] = dir;
	paths[1] = extra;
	ck_assert_msg(asprintf(&out, "%s/merged.json", fa_t_dir) > 0, "asprintf works.");
	r = fa_merge(paths, 2, &mo, out, &notes, &st, NULL);
	ck_assert_msg(r == 0, "Fragments in a folder and a file merge.");
	ck_assert_msg(fa_snapshot_load(out, &snap, NULL) == 0, "The merged snapshot loads.");
	ck_assert_msg(st.inputs == 7 && st.devices == 5 && st.duplicates == 2 && st.skewed == 1 &&
		      st.unreadable == 0,
		      "7 inputs (readme.txt is not taken), 5 devices, 2 duplicates, 1 skewed (got "
		      "%zu %zu %zu %zu).", st.inputs, st.devices, st.duplicates, st.skewed);
	ck_assert_msg(st.not_ok == 0, "Every kept device is ok.");
	d = json_array_get(json_object_get(snap, "devices"), 2);
	ck_assert_msg(strcmp(fa_get_str(d, "name"), "c") == 0 &&
		      strcmp(fa_get_str(d, "status"), "ok") == 0,
		      "Of two copies of c the ok one is kept, though older.");
	d = json_array_get(json_object_get(snap, "devices"), 1);
	ck_assert_msg(strcmp(fa_get_str(d, "name"), "b") == 0 &&
		      fa_device_find_port(d, "eth0") && fa_obj_get_path(fa_device_find_port(d, "eth0"),
									  "lldp"),
		      "Of two ok copies of b the newer is kept.");
	ck_assert_msg(json_array_size(json_object_get(snap, "links")) == 1,
		      "The LLDP link a:eth0 - b:eth0 is resolved across fragments.");
	d = json_array_get(json_object_get(snap, "devices"), 3);
	ck_assert_msg(strstr(json_string_value(json_array_get(json_object_get(d, "warnings"), 0)),
			     "clock skew") != NULL,
		      "d, two hours after the others, carries a clock skew warning.");
	json_decref(snap);
	json_decref(notes);
	paths[0] = "/nonexistent/x.json";
	ck_assert_msg(fa_merge(paths, 1, &mo, out, &notes, &st, NULL) == -FA_ENOENT,
		      "A single missing input fails with its own error.");
	ck_assert_msg(fa_merge_parse_time("2026-12-02T16:00:00Z") == 1796227200LL &&
		      fa_merge_parse_time("2026-12-02 16:00") == -1,
		      "RFC 3339 UTC times parse; other forms are refused.");
	free(dir);
	free(extra);
	free(out);
}
END_TEST

START_TEST(local_shard_split)
{
	unsigned counts[4] = { 0, 0, 0, 0 }, i;
	char name[32];

	for (i = 0; i < 12500; i++) {
		snprintf(name, sizeof(name), "gpu%05u", i + 1);
		counts[fa_collect_shard_of(name, 4)]++;
	}
	for (i = 0; i < 4; i++)
		ck_assert_msg(counts[i] > 2800 && counts[i] < 3450,
			      "12,500 hosts split into 4 shards of about 3,125 (shard %u has %u).",
			      i + 1, counts[i]);
	ck_assert_msg(fa_collect_shard_of("leaf01", 7) == fa_collect_shard_of("leaf01", 7),
		      "A name always falls in the same shard.");
	ck_assert_msg(fa_collect_shard_of("leaf01", 1) == 0, "With one shard everything is in it.");
}
END_TEST

Suite *fa_local_suite(void)
{
	Suite *s = suite_create("local");
	TCase *tc = tcase_create("local");

	tcase_add_checked_fixture(tc, fa_t_mkdir, fa_t_rmdir);
	tcase_add_test(tc, local_links_from_recorded_dump);
	tcase_add_test(tc, local_counters_from_recorded_dump);
	tcase_add_test(tc, local_links_vlan_and_bond_messages);
	tcase_add_test(tc, local_links_bad_bytes);
	tcase_add_test(tc, local_dcb_recorded_eopnotsupp);
	tcase_add_test(tc, local_dcb_ieee_reply);
	tcase_add_test(tc, local_dcb_errors);
	tcase_add_test(tc, local_sysfs_procfs_fixture);
	tcase_add_test(tc, local_sysfs_roce_tree);
	tcase_add_test(tc, local_sysfs_nothing_there);
	tcase_add_test(tc, local_merge_policy);
	tcase_add_test(tc, local_shard_split);
	suite_add_tcase(s, tc);
	return s;
}
