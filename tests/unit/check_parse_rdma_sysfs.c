/* SPDX-License-Identifier: MIT */
/*
 * The sysfs forms of ibdev2netdev and show_gids (hosts without mlnx-tools): values read by
 * hand from tests/fixtures/linux/rdma-{netdevs,gids}, and the bundled example's gpu01, where
 * both forms must give the same ports and GIDs.
 */
#include "config.h"

#include <string.h>

#include "audit/model.h"
#include "drivers/linux/parse-linux.h"
#include "drivers/platform.h"
#include "tests/unit/parse-helpers.h"
#include "tests/unit/unit.h"

#define CMD_NETDEVS                                                    \
	"grep -H . /sys/class/infiniband/*/ports/*/gid_attrs/ndevs/0 " \
	"/sys/class/infiniband/*/device/net/*/dev_port 2>/dev/null || true"
#define CMD_GIDS                                                       \
	"grep -H -v -x 0000:0000:0000:0000:0000:0000:0000:0000 "       \
	"/sys/class/infiniband/*/ports/*/gids/* "                      \
	"/sys/class/infiniband/*/ports/*/gid_attrs/types/* "           \
	"/sys/class/infiniband/*/ports/*/gid_attrs/ndevs/* 2>/dev/null || true"
#define GPU01 "examples/roce-pod/captures/gpu01/"

static int fa_t_file(fa_parse_fn *fn, const char *command, const char *rel, json_t *dev)
{
	return fa_tp_file(fn, "gpu001", command, NULL, fa_tp_own(rel), dev, NULL);
}

START_TEST(parse_rdma_sysfs_netdevs)
{
	json_t *d = fa_device_new("gpu001", "host"), *p;

	ck_assert_int_eq(fa_t_file(fa_parse_linux_rdma_netdevs, CMD_NETDEVS,
				   "tests/fixtures/linux/rdma-netdevs/mixed-host.txt", d),
			 0);
	p = fa_device_find_port(d, "ens1f0np0");
	ck_assert_str_eq(fa_tp_str(p, "nic.device"), "mlx5_0");
	ck_assert_int_eq(fa_tp_int(p, "nic.port"), 1);
	/* GID 0's netdev decides for a RoCE LAG device, not its PCI function's slaves */
	ck_assert_str_eq(fa_tp_str(fa_device_find_port(d, "bond0"), "nic.device"), "mlx5_bond_0");
	ck_assert_msg(fa_device_find_port(d, "ens2f0np0") == NULL &&
			      fa_device_find_port(d, "ens2f1np1") == NULL,
		      "The bond's slaves carry no RDMA device.");
	/* InfiniBand: dev_port counts from 0 */
	p = fa_device_find_port(d, "ib0");
	ck_assert_str_eq(fa_tp_str(p, "nic.device"), "mlx4_0");
	ck_assert_int_eq(fa_tp_int(p, "nic.port"), 1);
	ck_assert_int_eq(fa_tp_int(fa_device_find_port(d, "ib1"), "nic.port"), 2);
	ck_assert_int_eq((int)fa_tp_nwarn(d), 0);
	json_decref(d);
}
END_TEST

START_TEST(parse_rdma_sysfs_netdevs_after_ibdev2netdev)
{
	json_t *d = fa_device_new("gpu001", "host"), *p;

	/* ibdev2netdev named another netdev for mlx5_0 port 1: it stays */
	p = fa_device_port(d, "rdma0");
	fa_set_str(p, "nic.device", "mlx5_0");
	fa_set_int(p, "nic.port", 1);
	ck_assert_int_eq(fa_t_file(fa_parse_linux_rdma_netdevs, CMD_NETDEVS,
				   "tests/fixtures/linux/rdma-netdevs/mixed-host.txt", d),
			 0);
	ck_assert_msg(fa_device_find_port(d, "ens1f0np0") == NULL,
		      "A port ibdev2netdev mapped is not mapped again.");
	ck_assert_str_eq(fa_tp_str(fa_device_find_port(d, "bond0"), "nic.device"), "mlx5_bond_0");
	json_decref(d);
}
END_TEST

START_TEST(parse_rdma_sysfs_gids)
{
	json_t *d = fa_device_new("gpu001", "host"), *p, *g, *gids;

	p = fa_device_port(d, "ens1f0np0");
	fa_set_str(p, "nic.device", "mlx5_0");
	fa_set_int(p, "nic.port", 1);
	fa_set_str(fa_device_port(d, "mlx4_0/1"), "nic.device", "mlx4_0");
	fa_set_int(fa_device_find_port(d, "mlx4_0/1"), "nic.port", 1);
	fa_set_str(fa_device_find_port(d, "mlx4_0/1"), "ib.link_layer", "InfiniBand");
	ck_assert_int_eq(fa_t_file(fa_parse_linux_rdma_gids, CMD_GIDS,
				   "tests/fixtures/linux/rdma-gids/mixed-host.txt", d),
			 0);
	gids = json_object_get(p, "gids");
	ck_assert_int_eq((int)json_array_size(gids), 5);
	/* index order, not glob order (10 came before 2) */
	ck_assert_int_eq(json_integer_value(json_object_get(json_array_get(gids, 4), "index")), 10);
	g = fa_tp_gid(p, 3);
	ck_assert_str_eq(fa_tp_str(g, "gid"), "0000:0000:0000:0000:0000:ffff:c0a8:d3f2");
	ck_assert_str_eq(fa_tp_str(g, "ipv4"), "192.168.211.242");
	ck_assert_str_eq(fa_tp_str(g, "type"), "RoCE v2");
	ck_assert_str_eq(fa_tp_str(g, "netdev"), "ens1f0np0");
	g = fa_tp_gid(p, 0);
	ck_assert_str_eq(fa_tp_str(g, "type"), "RoCE v1");
	ck_assert_msg(!json_object_get(g, "ipv4"), "A link-local GID has no IPv4 address.");
	g = fa_tp_gid(p, 10);
	ck_assert_str_eq(fa_tp_str(g, "ipv4"), "192.168.100.2");
	ck_assert_str_eq(fa_tp_str(g, "netdev"), "ens1f0np0.100");
	g = fa_tp_gid(fa_device_find_port(d, "mlx4_0/1"), 0);
	ck_assert_str_eq(fa_tp_str(g, "gid"), "fe80:0000:0000:0000:0002:c903:00a1:b2c1");
	ck_assert_str_eq(fa_tp_str(g, "type"), "IB");
	ck_assert_msg(!json_object_get(g, "netdev"), "An InfiniBand GID has no netdev.");
	ck_assert_int_eq((int)fa_tp_nwarn(d), 0);
	json_decref(d);
}
END_TEST

START_TEST(parse_rdma_sysfs_bad_and_empty)
{
	json_t *d = fa_device_new("gpu001", "host");
	const char *zero = "/sys/class/infiniband/mlx5_0/ports/1/gids/0:"
			   "0000:0000:0000:0000:0000:0000:0000:0000\n";
	struct fa_err err = FA_ERR_INIT;

	ck_assert_int_eq(fa_tp_run(fa_parse_linux_rdma_gids, "gpu001", CMD_GIDS, NULL,
				   "sh: 1: grep: not found\n", 23, d, &err),
			 -FA_EPARSE);
	ck_assert_int_eq(fa_tp_run(fa_parse_linux_rdma_netdevs, "gpu001", CMD_NETDEVS, NULL,
				   "garbage\n", 8, d, &err),
			 -FA_EPARSE);
	/* an all-zero GID is an unused entry: understood, nothing to record */
	ck_assert_int_eq(fa_tp_run(fa_parse_linux_rdma_gids, "gpu001", CMD_GIDS, NULL, zero,
				   strlen(zero), d, &err),
			 0);
	ck_assert_msg(fa_device_find_port(d, "mlx5_0/1") == NULL, "No GID, no port.");
	ck_assert_msg(fa_tp_warned(d, "no GIDs in sysfs"), "A host without GIDs is told.");
	/* no RDMA device: the glob matched nothing, || true made it empty */
	ck_assert_int_eq(fa_tp_run(fa_parse_linux_rdma_netdevs, "gpu001", CMD_NETDEVS, NULL, "", 0,
				   d, &err),
			 0);
	ck_assert_msg(fa_tp_warned(d, "no RDMA device in sysfs"), "A host without RDMA is told.");
	json_decref(d);
}
END_TEST

/* The bundled example's gpu01: both forms give the same ports and GIDs. */
START_TEST(parse_rdma_sysfs_same_as_mlnx_tools)
{
	json_t *a = fa_device_new("gpu01", "host"), *b = fa_device_new("gpu01", "host");

	ck_assert_int_eq(fa_t_file(fa_parse_linux_ibdev2netdev, "ibdev2netdev",
				   GPU01 "ibdev2netdev.txt", a),
			 0);
	ck_assert_int_eq(fa_t_file(fa_parse_linux_show_gids, "show_gids", GPU01 "show-gids.txt", a),
			 0);
	ck_assert_int_eq(
	    fa_t_file(fa_parse_linux_rdma_netdevs, CMD_NETDEVS,
		      GPU01 "grep-h-sys-class-infiniband-ports-gid-attrs-ndevs-0-sys-class-infiniband-"
			    "device-net-dev-port-2-dev-null-true.txt",
		      b),
	    0);
	ck_assert_int_eq(
	    fa_t_file(fa_parse_linux_rdma_gids, CMD_GIDS,
		      GPU01 "grep-h-v-x-0000-0000-0000-0000-0000-0000-0000-0000-sys-class-infiniband-"
			    "ports-gids-sys-class-infiniband-ports-gid-attrs-types-sys-class-"
			    "infiniband-ports-gid-attrs-ndevs-2-dev-null-true.txt",
		      b),
	    0);
	ck_assert_int_eq((int)json_array_size(json_object_get(a, "ports")), 2);
	ck_assert_int_eq((int)json_array_size(json_object_get(
			     fa_device_find_port(a, "ens2f0np0"), "gids")), 4);
	ck_assert_msg(json_equal(json_object_get(a, "ports"), json_object_get(b, "ports")),
		      "sysfs gives the ports and GIDs ibdev2netdev and show_gids give.");
	/* with both run, the sysfs forms add nothing */
	ck_assert_int_eq(
	    fa_t_file(fa_parse_linux_rdma_gids, CMD_GIDS,
		      GPU01 "grep-h-v-x-0000-0000-0000-0000-0000-0000-0000-0000-sys-class-infiniband-"
			    "ports-gids-sys-class-infiniband-ports-gid-attrs-types-sys-class-"
			    "infiniband-ports-gid-attrs-ndevs-2-dev-null-true.txt",
		      a),
	    0);
	ck_assert_msg(json_equal(json_object_get(a, "ports"), json_object_get(b, "ports")),
		      "GIDs show_gids listed are not added twice.");
	json_decref(a);
	json_decref(b);
}
END_TEST

Suite *fa_parse_rdma_sysfs_suite(void)
{
	Suite *s = suite_create("parse_rdma_sysfs");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, parse_rdma_sysfs_netdevs);
	tcase_add_test(tc, parse_rdma_sysfs_netdevs_after_ibdev2netdev);
	tcase_add_test(tc, parse_rdma_sysfs_gids);
	tcase_add_test(tc, parse_rdma_sysfs_bad_and_empty);
	tcase_add_test(tc, parse_rdma_sysfs_same_as_mlnx_tools);
	suite_add_tcase(s, tc);
	return s;
}
