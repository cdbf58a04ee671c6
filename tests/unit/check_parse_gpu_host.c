/* SPDX-License-Identifier: MIT */
/*
 * The linux platform's GPU-host commands: show_gids, the sysfs P_Key and DCQCN tables,
 * nvidia-smi -q -x and topo -m, /etc/nccl.conf and the BIOS version, on real outputs (shared
 * fixtures) and the project's own samples (tests/fixtures/linux, SOURCES.md there), plus the
 * variations NOTES.md lists and broken input.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "audit/util/buf.h"
#include "drivers/linux/parse-linux.h"
#include "drivers/platform.h"
#include "tests/unit/parse-helpers.h"
#include "tests/unit/unit.h"

#define NVSMI "influxdata__telegraf/plugins/inputs/nvidia_smi/testdata/"
#define STELLINE "luigifcruz__stelline/extracted/"
#define CMD_PKEYS "grep -H -v -x 0x0000 /sys/class/infiniband/*/ports/*/pkeys/*"
#define CMD_DCQCN                                                                               \
	"grep -H . /sys/class/net/*/ecn/roce_np/enable/* /sys/class/net/*/ecn/roce_rp/enable/* " \
	"/sys/class/net/*/ecn/roce_np/cnp_dscp"

static int fa_t_run(fa_parse_fn *fn, const char *command, const char *data, size_t len,
		    json_t *dev, struct fa_err *err)
{
	return fa_tp_run(fn, "gpu001", command, NULL, data, len, dev, err);
}

static int fa_t_str(fa_parse_fn *fn, const char *command, const char *text, json_t *dev,
		    struct fa_err *err)
{
	return fa_t_run(fn, command, text, strlen(text), dev, err);
}

static int fa_t_file(fa_parse_fn *fn, const char *command, const char *path, json_t *dev,
		     struct fa_err *err)
{
	return fa_tp_file(fn, "gpu001", command, NULL, path, dev, err);
}

/* The array at @path as "a,b,c" (integers or strings), for compact comparisons. */
static const char *fa_t_list(const json_t *obj, const char *path)
{
	static char buf[512];
	json_t *a = fa_obj_get_path(obj, path), *v;
	size_t i, n = 0;

	if (!json_is_array(a))
		return "(absent)";
	buf[0] = '\0';
	json_array_foreach(a, i, v) {
		if (json_is_integer(v))
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%lld", i ? "," : "",
					      (long long)json_integer_value(v));
		else
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%s", i ? "," : "",
					      json_string_value(v));
		if (n >= sizeof(buf))
			break;
	}
	return buf;
}

/* A device whose ports carry the RDMA devices @n ports named pN with nic.device mlx5_N. */
static json_t *fa_t_rdma_host(int n, const char *link_layer)
{
	json_t *d = fa_device_new("gpu001", "host");
	int i;

	for (i = 0; i < n; i++) {
		char name[16], dev[16];
		json_t *p;

		snprintf(name, sizeof(name), "p%d", i);
		snprintf(dev, sizeof(dev), "mlx5_%d", i);
		p = fa_device_port(d, name);
		fa_set_str(p, "nic.device", dev);
		fa_set_int(p, "nic.port", 1);
		if (link_layer)
			fa_set_str(p, "ib.link_layer", link_layer);
	}
	return d;
}

/* ---- show_gids ----------------------------------------------------------------------- */

START_TEST(parse_gpu_host_show_gids_tabs)
{
	json_t *d = fa_t_rdma_host(1, "Ethernet"), *p, *g;

	ck_assert_int_eq(fa_t_file(fa_parse_linux_show_gids, "show_gids",
				   fa_test_fixture("host-bench__husky/extracted/README__show_gids.txt"),
				   d, NULL),
			 0);
	p = fa_device_find_port(d, "p0");
	ck_assert_msg(json_array_size(json_object_get(p, "gids")) == 4,
		      "The four GIDs of mlx5_0 port 1 land on its netdev port.");
	g = fa_tp_gid(p, 3);
	ck_assert_str_eq(fa_tp_str(g, "gid"), "0000:0000:0000:0000:0000:ffff:c0a8:d3f2");
	ck_assert_str_eq(fa_tp_str(g, "ipv4"), "192.168.211.242");
	ck_assert_str_eq(fa_tp_str(g, "type"), "RoCE v2");
	ck_assert_str_eq(fa_tp_str(g, "netdev"), "rdma0");
	g = fa_tp_gid(p, 0);
	ck_assert_str_eq(fa_tp_str(g, "type"), "RoCE v1");
	ck_assert_msg(!json_object_get(g, "ipv4"), "A link-local GID has no IPv4 address.");
	ck_assert_msg(fa_tp_nwarn(d) == 0,
		      "The pasted prompt line is taken off at the parser boundary: no warning.");
	json_decref(d);
}
END_TEST

START_TEST(parse_gpu_host_show_gids_spaces_and_rdma_only)
{
	json_t *d = fa_device_new("gpu001", "host"), *p, *g;

	ck_assert_int_eq(
	    fa_t_file(fa_parse_linux_show_gids, "show_gids",
		      fa_test_fixture("alessandrocornacchia__microview-cp/extracted/README__show_gids.txt"),
		      d, NULL),
	    0);
	/* No ibdev2netdev ran: the GIDs go to the RDMA-only ports. */
	p = fa_device_find_port(d, "mlx5_1/1");
	ck_assert_msg(p != NULL, "mlx5_1 port 1 gets a port of its own.");
	g = fa_tp_gid(p, 2);
	ck_assert_str_eq(fa_tp_str(g, "ipv4"), "10.200.0.28");
	ck_assert_str_eq(fa_tp_str(g, "gid"), "0000:0000:0000:0000:0000:ffff:0ac8:001c");
	ck_assert_str_eq(fa_tp_str(g, "netdev"), "ens1f1");
	ck_assert_str_eq(fa_tp_str(g, "type"), "RoCE v1");
	p = fa_device_find_port(d, "mlx5_5/1");
	ck_assert_str_eq(fa_tp_str(fa_tp_gid(p, 1), "netdev"), "enp65s0f1np1");
	ck_assert_msg(json_array_size(json_object_get(fa_device_find_port(d, "mlx5_3/1"), "gids")) ==
			  2,
		      "mlx5_3 has its two link-local GIDs (the space-aligned empty IPv4 column).");
	ck_assert_msg(fa_tp_nwarn(d) == 1, "Only the prompt line is a warning.");
	json_decref(d);
}
END_TEST

START_TEST(parse_gpu_host_show_gids_variants)
{
	struct fa_err err = FA_ERR_INIT;
	json_t *d = fa_t_rdma_host(1, "InfiniBand"), *p;

	/* An InfiniBand port: v1 GIDs without a netdev are IB; the footer count is checked. */
	ck_assert_int_eq(fa_t_str(fa_parse_linux_show_gids, NULL,
				  "DEV\tPORT\tINDEX\tGID\t\t\t\t\tIPv4  \t\tVER\tDEV\n"
				  "mlx5_0\t1\t0\tfe80:0000:0000:0000:ec0d:9a03:00ca:2f4c\t\t\tv1\t\n"
				  "n_gids_found=2\n",
				  d, NULL),
			 0);
	p = fa_device_find_port(d, "p0");
	ck_assert_str_eq(fa_tp_str(fa_tp_gid(p, 0), "type"), "IB");
	ck_assert_msg(!json_object_get(fa_tp_gid(p, 0), "netdev"), "An IB GID has no netdev.");
	ck_assert_msg(fa_tp_warned(d, "n_gids_found=2 but 1"),
		      "A footer count that disagrees with the lines is a warning.");

	ck_assert_int_eq(fa_t_str(fa_parse_linux_show_gids, NULL, "", d, &err), -FA_EPARSE);
	ck_assert_int_eq(
	    fa_t_str(fa_parse_linux_show_gids, NULL, "bash: show_gids: command not found\n", d, &err),
	    -FA_EPARSE);
	ck_assert_msg(strstr(err.msg, "command not found") != NULL, "The error quotes the output.");
	/* Cut in the middle of a GID: a warning, the earlier lines kept. */
	json_decref(d);
	d = fa_t_rdma_host(1, "Ethernet");
	ck_assert_int_eq(fa_t_str(fa_parse_linux_show_gids, NULL,
				  "DEV\tPORT\tINDEX\tGID\n"
				  "mlx5_0\t1\t0\tfe80:0000:0000:0000:0ac0:ebff:fe21:03da\t\t\tv1\trdma0\n"
				  "mlx5_0\t1\t1\tfe80:0000:00",
				  d, NULL),
			 0);
	ck_assert_msg(json_array_size(fa_obj_get_path(fa_device_find_port(d, "p0"), "gids")) == 1,
		      "The whole GID line is kept, the cut one is not.");
	ck_assert_msg(fa_tp_warned(d, "line 3 not understood"), "The cut line is a warning.");
	json_decref(d);
}
END_TEST

/* ---- P_Keys -------------------------------------------------------------------------- */

START_TEST(parse_gpu_host_pkeys_in_index_order)
{
	struct fa_err err = FA_ERR_INIT;
	json_t *d = fa_t_rdma_host(2, "InfiniBand"), *p;

	ck_assert_int_eq(fa_t_file(fa_parse_linux_pkeys, CMD_PKEYS,
				   fa_tp_own("tests/fixtures/linux/pkeys/ib-host.txt"), d, NULL),
			 0);
	p = fa_device_find_port(d, "p0");
	ck_assert_str_eq(fa_t_list(p, "pkeys"), "0xffff,0x8001,0x0002,0x800a");
	ck_assert_str_eq(fa_t_list(fa_device_find_port(d, "p1"), "pkeys"), "0xffff,0x8001");
	ck_assert_str_eq(fa_t_list(fa_device_find_port(d, "mlx5_2/1"), "pkeys"), "0xffff");
	ck_assert_msg(fa_tp_nwarn(d) == 0, "The sample is understood in full.");

	/* Without -v (on a device that has not read them yet): the empty entries are skipped;
	 * upper case is normalised; junk warned. */
	json_decref(d);
	d = fa_t_rdma_host(2, "InfiniBand");
	ck_assert_int_eq(fa_t_str(fa_parse_linux_pkeys, NULL,
				  "/sys/class/infiniband/mlx5_1/ports/1/pkeys/0:0xFFFF\n"
				  "/sys/class/infiniband/mlx5_1/ports/1/pkeys/1:0x0000\n"
				  "/sys/class/infiniband/mlx5_1/ports/1/pkeys/2:0x8001\n"
				  "/sys/class/infiniband/mlx5_1/ports/1/pkeys/3:banana\n"
				  "grep: /sys/class/infiniband/x: No such file or directory\n",
				  d, NULL),
			 0);
	ck_assert_str_eq(fa_t_list(fa_device_find_port(d, "p1"), "pkeys"), "0xffff,0x8001");
	ck_assert_msg(fa_tp_warned(d, "line 4 not understood") && fa_tp_warned(d, "line 5"),
		      "A bad value and a grep error are warnings.");
	ck_assert_int_eq(fa_t_str(fa_parse_linux_pkeys, NULL, "", d, &err), -FA_EPARSE);
	ck_assert_int_eq(fa_t_str(fa_parse_linux_pkeys, NULL, "/sys/class/infiniband/mlx5_0/ports/1/pk",
				  d, &err),
			 -FA_EPARSE);
	json_decref(d);
}
END_TEST

/* ---- DCQCN --------------------------------------------------------------------------- */

START_TEST(parse_gpu_host_dcqcn_script_output)
{
	json_t *d = fa_device_new("gpu001", "host"), *p;

	fa_device_port(d, "eth0");
	ck_assert_int_eq(
	    fa_t_file(fa_parse_linux_dcqcn, CMD_DCQCN,
		      fa_test_fixture("spidernet-io__spiderpool/extracted/roce-qos__rdma-qos_q_output.txt"),
		      d, NULL),
	    0);
	p = fa_device_find_port(d, "eth0");
	ck_assert_str_eq(fa_t_list(p, "qos.dcqcn.np_enabled"), "0,1,2,3,4,5,6,7");
	ck_assert_str_eq(fa_t_list(p, "qos.dcqcn.rp_enabled"), "0,1,2,3,4,5,6,7");
	ck_assert_msg(fa_tp_int(p, "qos.dcqcn.cnp_dscp") == 48, "eth0 sends CNPs with DSCP 48.");
	ck_assert_msg(fa_tp_warned(d, "Priority trust state: dscp") &&
			  fa_tp_warned(d, "/sys/class/infiniband/mlx5_0/tc/1/traffic_class"),
		      "The script's other lines are warnings, not values.");
	ck_assert_msg(json_array_size(json_object_get(d, "ports")) == 1,
		      "No port is made from the other lines.");
	json_decref(d);
}
END_TEST

START_TEST(parse_gpu_host_dcqcn_grep_partial_and_bad)
{
	struct fa_err err = FA_ERR_INIT;
	json_t *d = fa_device_new("gpu001", "host"), *p;

	ck_assert_int_eq(fa_t_str(fa_parse_linux_dcqcn, CMD_DCQCN,
				  "/sys/class/net/ens1f0np0/ecn/roce_np/enable/0:0\n"
				  "/sys/class/net/ens1f0np0/ecn/roce_np/enable/1:0\n"
				  "/sys/class/net/ens1f0np0/ecn/roce_np/enable/2:0\n"
				  "/sys/class/net/ens1f0np0/ecn/roce_np/enable/3:1\n"
				  "/sys/class/net/ens1f0np0/ecn/roce_np/enable/4:0\n"
				  "/sys/class/net/ens1f0np0/ecn/roce_np/enable/5:0\n"
				  "/sys/class/net/ens1f0np0/ecn/roce_np/enable/6:0\n"
				  "/sys/class/net/ens1f0np0/ecn/roce_np/enable/7:0\n"
				  "/sys/class/net/ens1f0np0/ecn/roce_rp/enable/3:1\n"
				  "/sys/class/net/ens1f0np0/ecn/roce_rp/enable/9:1\n"
				  "/sys/class/net/ens1f0np0/ecn/roce_np/cnp_dscp:64\n",
				  d, NULL),
			 0);
	p = fa_device_find_port(d, "ens1f0np0");
	ck_assert_str_eq(fa_t_list(p, "qos.dcqcn.np_enabled"), "3");
	ck_assert_str_eq(fa_t_list(p, "qos.dcqcn.rp_enabled"), "3");
	ck_assert_msg(fa_tp_warned(d, "rp_enabled switches printed for only some priorities"),
		      "A port with only some rp switches printed is a warning.");
	ck_assert_msg(fa_tp_warned(d, "line 10") && fa_tp_warned(d, "line 11"),
		      "Priority 9 and DSCP 64 are out of range: warnings.");
	ck_assert_msg(!fa_obj_get_path(p, "qos.dcqcn.cnp_dscp"), "An out-of-range DSCP is left out.");
	ck_assert_int_eq(fa_t_str(fa_parse_linux_dcqcn, NULL, "\n", d, &err), -FA_EPARSE);
	ck_assert_int_eq(fa_t_str(fa_parse_linux_dcqcn, NULL, "grep: /sys/class/net/*/ecn: No such\n",
				  d, &err),
			 -FA_EPARSE);
	json_decref(d);
}
END_TEST

/* ---- nvidia-smi -q -x ---------------------------------------------------------------- */

START_TEST(parse_gpu_host_nvidia_smi_versions)
{
	static const struct {
		const char *file, *driver, *cuda;
	} cases[] = {
	    {"a100-sxm4-v12.xml", "535.54.03", "12.2"},
	    {"a10g.xml", "515.105.01", "11.7"},
	    {"quadro-p400.xml", "418.43", "10.1"},
	    {"rtx-3080-v13.xml", "595.58.03", "13.2"},
	    {"rtx-4000-sff-ada-v13.xml", "595.84", "13.2"},
	    {"tesla-t4.xml", "515.105.01", "11.7"},
	};
	char path[256];
	json_t *d = fa_device_new("gpu001", "host");

	snprintf(path, sizeof(path), NVSMI "%s", cases[_i].file);
	ck_assert_int_eq(
	    fa_t_file(fa_parse_linux_nvidia_smi, "nvidia-smi -q -x", fa_test_fixture(path), d, NULL),
	    0);
	ck_assert_str_eq(fa_tp_str(d, "software.nvidia_driver"), cases[_i].driver);
	ck_assert_str_eq(fa_tp_str(d, "software.cuda"), cases[_i].cuda);
	ck_assert_msg(fa_tp_nwarn(d) == 0, "%s is understood without warnings.", cases[_i].file);
	json_decref(d);
}
END_TEST

START_TEST(parse_gpu_host_nvidia_smi_refuses_bad_xml)
{
	struct fa_err err = FA_ERR_INIT;
	json_t *d = fa_device_new("gpu001", "host");

	ck_assert_int_eq(fa_t_str(fa_parse_linux_nvidia_smi, NULL,
				  "<?xml version=\"1.0\"?>\n<!DOCTYPE nvidia_smi_log [\n"
				  "<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n"
				  "<nvidia_smi_log><driver_version>&x;</driver_version></nvidia_smi_log>\n",
				  d, &err),
			 -FA_EPARSE);
	ck_assert_msg(!fa_get_str(d, "software.nvidia_driver"),
		      "A DOCTYPE with an internal subset is refused, nothing read.");
	ck_assert_int_eq(fa_t_str(fa_parse_linux_nvidia_smi, NULL,
				  "<?xml version=\"1.0\"?>\n<nvidia_smi_log>\n<driver_version>535",
				  d, &err),
			 -FA_EPARSE);
	ck_assert_int_eq(fa_t_str(fa_parse_linux_nvidia_smi, NULL, "<rpc-reply/>", d, &err),
			 -FA_EPARSE);
	ck_assert_msg(strstr(err.msg, "rpc-reply") != NULL, "The error names the root element.");
	ck_assert_int_eq(fa_t_str(fa_parse_linux_nvidia_smi, NULL, "", d, &err), -FA_EPARSE);
	ck_assert_int_eq(fa_t_str(fa_parse_linux_nvidia_smi, NULL,
				  "NVIDIA-SMI has failed because it couldn't communicate with the "
				  "NVIDIA driver.\n",
				  d, &err),
			 -FA_EPARSE);
	ck_assert_int_eq(fa_t_str(fa_parse_linux_nvidia_smi, NULL,
				  "<nvidia_smi_log><driver_version>N/A</driver_version>"
				  "<cuda_version>Not Found</cuda_version></nvidia_smi_log>",
				  d, &err),
			 0);
	ck_assert_msg(!fa_get_str(d, "software.cuda") && fa_tp_warned(d, "no driver version"),
		      "N/A and Not Found are absent values, and a missing driver is a warning.");
	json_decref(d);
}
END_TEST

START_TEST(parse_gpu_host_nvidia_smi_text_forms)
{
	static const struct {
		const char *file, *command, *driver, *cuda;
	} cases[] = {
	    {"leptonai__gpud/components/accelerator/nvidia/query/testdata/"
	     "nvidia-smi-query.535.129.03.out.0.valid.a10",
	     "nvidia-smi -q", "535.129.03", "12.2"},
	    {"leptonai__gpud/components/accelerator/nvidia/query/testdata/"
	     "nvidia-smi-query.560.35.03.out.0.valid",
	     "nvidia-smi -q", "560.35.03", "12.6"},
	    {"thamada__nvidia-smi/extracted/H100SXMx8/out_a.txt", "nvidia-smi -q", "565.57.01",
	     "12.7"},
	    {"leptonai__gpud/components/accelerator/nvidia/query/testdata/"
	     "nvidia-smi.550.90.07.out.0.valid",
	     "nvidia-smi", "550.90.07", "12.4"},
	    {STELLINE "puget-wrx90__nvidia-smi.txt", "nvidia-smi", "575.51.03", "12.9"},
	};
	struct fa_err err = FA_ERR_INIT;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		json_t *d = fa_device_new("gpu001", "host");

		ck_assert_int_eq(fa_t_file(fa_parse_linux_nvidia_smi_text, cases[i].command,
					   fa_test_fixture(cases[i].file), d, NULL),
				 0);
		ck_assert_str_eq(fa_tp_str(d, "software.nvidia_driver"), cases[i].driver);
		ck_assert_str_eq(fa_tp_str(d, "software.cuda"), cases[i].cuda);
		json_decref(d);
	}
	{
		json_t *d = fa_device_new("gpu001", "host");

		ck_assert_int_eq(fa_t_str(fa_parse_linux_nvidia_smi_text, NULL,
					  "NVIDIA-SMI has failed because it couldn't communicate "
					  "with the NVIDIA driver.\n",
					  d, &err),
				 -FA_EPARSE);
		ck_assert_int_eq(fa_t_str(fa_parse_linux_nvidia_smi_text, NULL, "", d, &err),
				 -FA_EPARSE);
		json_decref(d);
	}
}
END_TEST

/* ---- nvidia-smi topo -m -------------------------------------------------------------- */

START_TEST(parse_gpu_host_topo_nic_legend)
{
	json_t *d = fa_t_rdma_host(4, NULL), *p;

	ck_assert_int_eq(fa_t_file(fa_parse_linux_nvidia_topo, "nvidia-smi topo -m",
				   fa_test_fixture(STELLINE "asus-esc8000a-e12__nvidia-smi_topo_m.txt"),
				   d, NULL),
			 0);
	p = fa_device_find_port(d, "p0");
	ck_assert_msg(json_array_size(fa_obj_get_path(p, "nic.gpus")) == 4,
		      "NIC0 (mlx5_0) lists its relation to the four GPUs.");
	ck_assert_str_eq(fa_tp_str(json_array_get(fa_obj_get_path(p, "nic.gpus"), 0), "affinity"),
			 "NODE");
	ck_assert_str_eq(fa_tp_str(json_array_get(fa_obj_get_path(p, "nic.gpus"), 2), "affinity"),
			 "SYS");
	ck_assert_msg(fa_tp_int(p, "nic.numa") == 0, "mlx5_0 shares NUMA node 0 with GPU0 and GPU1.");
	p = fa_device_find_port(d, "p3");
	ck_assert_msg(fa_tp_int(json_array_get(fa_obj_get_path(p, "nic.gpus"), 3), "gpu") == 3,
		      "The GPU index is the number of its column.");
	ck_assert_str_eq(fa_tp_str(json_array_get(fa_obj_get_path(p, "nic.gpus"), 3), "affinity"),
			 "NODE");
	ck_assert_msg(fa_tp_int(p, "nic.numa") == 1, "mlx5_3 is on NUMA node 1.");
	ck_assert_msg(fa_tp_nwarn(d) == 1 && fa_tp_warned(d, "nvidia-smi topo -m: line 1"),
		      "Only the pasted prompt line is a warning.");
	json_decref(d);

	d = fa_t_rdma_host(2, NULL);
	ck_assert_int_eq(fa_t_file(fa_parse_linux_nvidia_topo, NULL,
				   fa_test_fixture(STELLINE "puget-wrx90__nvidia-smi_topo_m.txt"), d,
				   NULL),
			 0);
	ck_assert_str_eq(fa_tp_str(json_array_get(fa_obj_get_path(fa_device_find_port(d, "p1"),
								"nic.gpus"),
						1),
				"affinity"),
			 "NODE");
	ck_assert_msg(fa_tp_int(fa_device_find_port(d, "p1"), "nic.numa") == 0,
		      "mlx5_1 is on NUMA node 0.");
	json_decref(d);
}
END_TEST

START_TEST(parse_gpu_host_topo_old_headers_and_ansi)
{
	struct fa_err err = FA_ERR_INIT;
	json_t *d = fa_t_rdma_host(2, NULL), *p, *gpus;

	ck_assert_int_eq(
	    fa_t_file(fa_parse_linux_nvidia_topo, NULL,
		      fa_tp_own("tests/fixtures/linux/nvidia-smi-topo/mlx5-headers-ansi.txt"), d, NULL),
	    0);
	p = fa_device_find_port(d, "p1");
	gpus = fa_obj_get_path(p, "nic.gpus");
	ck_assert_msg(json_array_size(gpus) == 4, "mlx5_1 (a column of its own) lists four GPUs.");
	ck_assert_str_eq(fa_tp_str(json_array_get(gpus, 2), "affinity"), "PXB");
	ck_assert_str_eq(fa_tp_str(json_array_get(gpus, 0), "affinity"), "SYS");
	ck_assert_msg(!fa_obj_get_path(p, "nic.numa"),
		      "Without a NUMA Affinity column the NUMA node is left out.");
	ck_assert_msg(fa_tp_nwarn(d) == 0, "ANSI codes and the legend are no warnings.");

	/* A NIC no port carries, and a NIC missing from the legend: warnings. */
	ck_assert_int_eq(fa_t_str(fa_parse_linux_nvidia_topo, NULL,
				  "\tGPU0\tNIC0\tNIC1\tCPU Affinity\tNUMA Affinity\n"
				  "GPU0\t X \tPIX\tBOGUS\t0-31\t0\n"
				  "NIC0\tPIX\t X \tSYS\n"
				  "\nNIC Legend:\n\n  NIC0: mlx5_7\n",
				  d, NULL),
			 0);
	ck_assert_msg(fa_tp_warned(d, "no port has RDMA device mlx5_7") &&
			  fa_tp_warned(d, "NIC1 is not in the NIC Legend"),
		      "Unplaced and unnamed NICs are warnings.");
	ck_assert_int_eq(fa_t_str(fa_parse_linux_nvidia_topo, NULL, "", d, &err), -FA_EPARSE);
	ck_assert_int_eq(fa_t_str(fa_parse_linux_nvidia_topo, NULL,
				  "NVIDIA-SMI has failed because it couldn't communicate with the "
				  "NVIDIA driver.\n",
				  d, &err),
			 -FA_EPARSE);
	ck_assert_msg(strstr(err.msg, "NVIDIA-SMI has failed") != NULL, "The error quotes it.");
	json_decref(d);
}
END_TEST

/* ---- nccl.conf and BIOS -------------------------------------------------------------- */

START_TEST(parse_gpu_host_nccl_conf_as_nccl_reads_it)
{
	json_t *d = fa_device_new("gpu001", "host");

	ck_assert_int_eq(fa_t_file(fa_parse_linux_nccl_conf, "cat /etc/nccl.conf",
				   fa_tp_own("tests/fixtures/linux/nccl-conf/bring-up.txt"), d, NULL),
			 0);
	ck_assert_str_eq(fa_tp_str(d, "nccl.ib_hca"), "mlx5_0,mlx5_1,mlx5_2,mlx5_3");
	ck_assert_msg(fa_tp_int(d, "nccl.ib_gid_index") == 3,
		      "The first NCCL_IB_GID_INDEX (3) wins, as in NCCL.");
	ck_assert_msg(fa_tp_int(d, "nccl.ib_tc") == 106, "NCCL_IB_TC is the integer 106.");
	ck_assert_str_eq(fa_tp_str(d, "nccl.socket_ifname"), "bond0");
	ck_assert_str_eq(fa_tp_str(d, "nccl.net_gdr_level"), "PIX");
	ck_assert_msg(!fa_obj_get_path(d, "nccl.debug"),
		      "'export NCCL_DEBUG' is not a variable NCCL sets.");
	ck_assert_msg(fa_tp_warned(d, "'export NCCL_DEBUG' is not an NCCL variable name") &&
			  fa_tp_warned(d, "sets NCCL_IB_GID_INDEX again"),
		      "The export line and the repeated variable are warnings.");
	ck_assert_msg(fa_tp_nwarn(d) == 2, "Comments and blank lines are no warnings.");
	json_decref(d);

	d = fa_device_new("gpu001", "host");
	ck_assert_int_eq(fa_t_str(fa_parse_linux_nccl_conf, NULL, "", d, NULL), 0);
	ck_assert_msg(json_is_object(json_object_get(d, "nccl")) &&
			  json_object_size(json_object_get(d, "nccl")) == 0,
		      "An empty file is an empty nccl object: read, nothing set.");
	ck_assert_int_eq(fa_t_str(fa_parse_linux_nccl_conf, NULL,
				  "NCCL_IB_HCA = mlx5_0\nNCCL_ALGO\r\nNCCL_PROTO=Simple\r\n", d, NULL),
			 0);
	ck_assert_str_eq(fa_tp_str(d, "nccl.proto"), "Simple");
	ck_assert_msg(fa_tp_warned(d, "'NCCL_IB_HCA ' is not") && fa_tp_warned(d, "has no '='"),
		      "A blank before '=' and a line without '=' are warnings.");
	json_decref(d);
}
END_TEST

/*
 * An environment file the inventory names (nccl_env) over /etc/nccl.conf: the real MLPerf
 * submission file exports its NCCL settings in one command continued over 22 lines.
 */
START_TEST(parse_gpu_host_nccl_env_overrides_nccl_conf)
{
	const char *mlperf = "prishajain1__training_results_v5.0/Oracle/benchmarks/retinanet/"
			     "implementations/8xBM.GPU.B200.8/config_common.sh";
	json_t *d = fa_device_new("gpu001", "host");

	ck_assert_int_eq(fa_t_str(fa_parse_linux_nccl_conf, "cat /etc/nccl.conf",
				  "NCCL_IB_TC=106\nNCCL_IB_GID_INDEX=3\nNCCL_IB_SL=3\n", d, NULL),
			 0);
	ck_assert_str_eq(fa_tp_str(d, "nccl_source.ib_tc"), "/etc/nccl.conf");
	ck_assert_int_eq(fa_tp_file(fa_parse_linux_nccl_env, "gpu001", "cat /opt/mlperf/env.sh",
				    "/opt/mlperf/env.sh", fa_test_fixture(mlperf), d, NULL),
			 0);
	/* values read by hand from the file */
	ck_assert_msg(fa_tp_int(d, "nccl.ib_tc") == 41 &&
			      strcmp(fa_tp_str(d, "nccl_source.ib_tc"), "/opt/mlperf/env.sh") == 0,
		      "NCCL_IB_TC=41 of the environment file overrides nccl.conf's 106.");
	ck_assert_msg(fa_tp_int(d, "nccl.ib_sl") == 0, "NCCL_IB_SL=0 overrides nccl.conf's 3.");
	ck_assert_msg(fa_tp_int(d, "nccl.nvls_enable") == 1 &&
			      fa_tp_int(d, "nccl.socket_nthreads") == 16 &&
			      fa_tp_int(d, "nccl.ib_timeout") == 22,
		      "Single exports and the continued export are both read.");
	ck_assert_str_eq(fa_tp_str(d, "nccl.debug"), "WARN");
	ck_assert_str_eq(fa_tp_str(d, "nccl.socket_ifname"), "eth0");
	ck_assert_str_eq(fa_tp_str(d, "nccl.net_plugin"), "none");
	ck_assert_str_eq(fa_tp_str(d, "nccl.ib_hca"),
			 "=mlx5_0,mlx5_3,mlx5_4,mlx5_5,mlx5_6,mlx5_9,mlx5_10,mlx5_11");
	ck_assert_msg(fa_tp_int(d, "nccl.ib_gid_index") == 3, "NCCL_IB_GID_INDEX is 3 in both.");
	ck_assert_msg(!fa_obj_get_path(d, "nccl.mca_pml") && !fa_obj_get_path(d, "nccl.tls"),
		      "Variables other than NCCL_* are not NCCL settings.");
	ck_assert_msg(json_object_size(json_object_get(d, "nccl")) == 16,
		      "The file's 16 NCCL variables (the three of nccl.conf among them) make 16 "
		      "settings (got %zu).",
		      json_object_size(json_object_get(d, "nccl")));
	ck_assert_msg(fa_tp_nwarn(d) == 0, "'set -eux' and the license header are no warnings.");
	json_decref(d);

	/* no nccl.conf; the last assignment wins; what the shell decides is a warning */
	d = fa_device_new("gpu001", "host");
	ck_assert_int_eq(fa_tp_file(fa_parse_linux_nccl_env, "gpu001",
				    "cat /etc/profile.d/nccl.sh", "/etc/profile.d/nccl.sh",
				    fa_tp_own("tests/fixtures/linux/nccl-env/profile-d.sh"), d, NULL),
			 0);
	ck_assert_msg(fa_tp_int(d, "nccl.ib_tc") == 106, "The later NCCL_IB_TC (106) wins.");
	ck_assert_str_eq(fa_tp_str(d, "nccl.ib_hca"), "mlx5_0,mlx5_1");
	ck_assert_str_eq(fa_tp_str(d, "nccl.socket_ifname"), "eno1");
	ck_assert_str_eq(fa_tp_str(d, "nccl_source.socket_ifname"), "/etc/profile.d/nccl.sh");
	ck_assert_msg(!fa_obj_get_path(d, "nccl.net_gdr_level") && !fa_obj_get_path(d, "nccl.debug") &&
			      !fa_obj_get_path(d, "nccl.ib_qps_per_connection"),
		      "A value from a variable, a conditional export and a broken quote are not "
		      "guessed.");
	ck_assert_msg(fa_tp_warned(d, "line 7: NCCL_NET_GDR_LEVEL is set from a variable") &&
			      fa_tp_warned(d, "line 8 is not a plain assignment") &&
			      fa_tp_warned(d, "line 9: unterminated quote"),
		      "Each is a warning naming its line.");
	ck_assert_msg(fa_tp_nwarn(d) == 3, "Comments are no warnings (got %zu).", fa_tp_nwarn(d));
	json_decref(d);

	/* a file without an NCCL assignment: read, nothing set */
	d = fa_device_new("gpu001", "host");
	ck_assert_int_eq(fa_tp_run(fa_parse_linux_nccl_env, "gpu001", "cat /etc/profile.d/x.sh",
				   "/etc/profile.d/x.sh", "export PATH=/opt/bin:$PATH\n", 27, d, NULL),
			 0);
	ck_assert_msg(json_is_object(json_object_get(d, "nccl")) &&
			      json_object_size(json_object_get(d, "nccl")) == 0 &&
			      !json_object_get(d, "nccl_source"),
		      "No NCCL variable: an empty nccl map (read, nothing set), no sources.");
	json_decref(d);
}
END_TEST

START_TEST(parse_gpu_host_bios_version)
{
	struct fa_err err = FA_ERR_INIT;
	json_t *d = fa_device_new("gpu001", "host");

	ck_assert_int_eq(fa_t_str(fa_parse_linux_bios, "cat /sys/class/dmi/id/bios_version",
				  "1.9.2 (03/22/2024)", d, NULL),
			 0);
	ck_assert_str_eq(fa_tp_str(d, "software.bios"), "1.9.2 (03/22/2024)");
	ck_assert_int_eq(fa_t_str(fa_parse_linux_bios, NULL, "U46\nextra\n", d, NULL), 0);
	ck_assert_str_eq(fa_tp_str(d, "software.bios"), "U46");
	ck_assert_msg(fa_tp_warned(d, "extra line 2"), "A second line is a warning.");
	ck_assert_int_eq(fa_t_str(fa_parse_linux_bios, NULL, " \n", d, &err), -FA_EPARSE);
	json_decref(d);
}
END_TEST

/* Found by fuzzing: a device name that is not UTF-8 made ibstat and ibv_devinfo crash. */
START_TEST(parse_gpu_host_non_ascii_names)
{
	json_t *d = fa_device_new("gpu001", "host"), *d2 = fa_device_new("gpu001", "host");

	ck_assert_int_eq(fa_t_str(fa_parse_linux_ibstat, "ibstat",
				  "CA 'mlx5_\xff'\n\tCA type: MT4129\n\tPort 1:\n\t\tState: Active\n",
				  d, NULL),
			 0);
	ck_assert_int_eq(fa_t_str(fa_parse_linux_ibv_devinfo, "ibv_devinfo",
				  "hca_id:\tmlx5_\xfe\n\tport:\t1\n\t\tstate:\t\tPORT_ACTIVE (4)\n",
				  d2, NULL),
			 0);
	ck_assert_msg(fa_device_find_port(d, "mlx5_\xef\xbf\xbd/1") != NULL &&
			      fa_device_find_port(d2, "mlx5_\xef\xbf\xbd/1") != NULL,
		      "The name is kept readable (U+FFFD for the bad byte, docs/model.md).");
	ck_assert_int_eq(fa_t_str(fa_parse_linux_show_gids, "show_gids",
				  "mlx5_\xff\t1\t0\tfe80:0000:0000:0000:0ac0:ebff:fe21:03da\t\t\tv1\tx\n",
				  d, NULL),
			 -FA_EPARSE);
	json_decref(d2);
	json_decref(d);
}
END_TEST

Suite *fa_parse_gpu_host_suite(void)
{
	Suite *s = suite_create("parse_gpu_host");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, parse_gpu_host_show_gids_tabs);
	tcase_add_test(tc, parse_gpu_host_show_gids_spaces_and_rdma_only);
	tcase_add_test(tc, parse_gpu_host_show_gids_variants);
	tcase_add_test(tc, parse_gpu_host_pkeys_in_index_order);
	tcase_add_test(tc, parse_gpu_host_dcqcn_script_output);
	tcase_add_test(tc, parse_gpu_host_dcqcn_grep_partial_and_bad);
	tcase_add_loop_test(tc, parse_gpu_host_nvidia_smi_versions, 0, 6);
	tcase_add_test(tc, parse_gpu_host_nvidia_smi_refuses_bad_xml);
	tcase_add_test(tc, parse_gpu_host_nvidia_smi_text_forms);
	tcase_add_test(tc, parse_gpu_host_topo_nic_legend);
	tcase_add_test(tc, parse_gpu_host_topo_old_headers_and_ansi);
	tcase_add_test(tc, parse_gpu_host_nccl_conf_as_nccl_reads_it);
	tcase_add_test(tc, parse_gpu_host_nccl_env_overrides_nccl_conf);
	tcase_add_test(tc, parse_gpu_host_bios_version);
	tcase_add_test(tc, parse_gpu_host_non_ascii_names);
	suite_add_tcase(s, tc);
	return s;
}
