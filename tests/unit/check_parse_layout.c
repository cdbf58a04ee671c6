/* SPDX-License-Identifier: MIT */
/*
 * Every parser against the layouts real captures come in (drivers/parse.h, outnorm.h).
 *
 * For each parser and one of its real fixtures, variants are derived — every line indented,
 * CRLF line ends, trailing blanks, the prompt and command echoed before and the prompt after,
 * a pager's "--More--" with its erasing backspaces, all of these at once, and for JSON the
 * top object given as a list of one-key objects — and the model each variant yields must be
 * identical to the original's, warnings included.  Then a non-empty output that is not what
 * the command prints must be a parse error for every parser, never an empty success.  An
 * output with only a tail to drop (blank lines, a prompt after it) is read in place from a
 * writable capture, and must give what a copy gives.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "audit/util/xalloc.h"
#include "drivers/onyx/parse-onyx.h"
#include "drivers/parse.h"
#include "drivers/platform.h"
#include "drivers/text/outnorm.h"
#include "tests/unit/parse-helpers.h"
#include "tests/unit/unit.h"
#include "audit/util/banned.h"

/* What a parser needs on the device before it runs. */
enum fa_lt_setup {
	FA_LT_NONE,
	FA_LT_RDMA,	/* ports p0..p7 carrying RDMA devices mlx5_0..mlx5_7, port 1 */
	FA_LT_ONYX,	/* the ports of a real "show interfaces ethernet" */
};

struct fa_lt_case {
	const char *platform;
	const char *command;	/* as sent, IF/DEV expanded */
	const char *file;	/* relative to the shared fixtures, or "tests/..." in the tree */
	enum fa_lt_setup setup;
};

#define NAPALM_EOS "napalm-automation__napalm/test/eos/mocked_data/"
#define NAPALM_NXOS "napalm-automation__napalm/test/nxos/mocked_data/"
#define NAPALM_JUNOS "napalm-automation__napalm/test/junos/mocked_data/"
#define SQ_EOS "netenglabs__suzieq/extracted/eos-input/"
#define EZNC "Juniper__py-junos-eznc/tests/unit/"
#define QUALI "QualiSystemsLab__Mellanox-OS-Shell/extracted/"
#define SONIC_U "sonic-net__sonic-utilities/"
#define DBSYNCD "sonic-net__sonic-dbsyncd/tests/subproc_outputs/"
#define GPUD "leptonai__gpud/"
#define NICOP "Mellanox__nic-configuration-operator/extracted/"

static const struct fa_lt_case fa_lt_cases[] = {
	{ "cumulus", "nv show system -o json", "tests/fixtures/cumulus/leaf01/nv-show-system-o-json.txt", FA_LT_NONE },
	{ "cumulus", "nv show interface -o json", "tests/fixtures/cumulus/leaf01/nv-show-interface-o-json.txt", FA_LT_NONE },
	{ "cumulus", "nv show interface --view=lldp-detail -o json", "tests/fixtures/cumulus/leaf01/nv-show-interface-view-lldp-detail-o-json.txt", FA_LT_NONE },
	{ "cumulus", "nv show qos roce -o json", "tests/fixtures/cumulus/cl54/nv-show-qos-roce-o-json.txt", FA_LT_NONE },
	{ "cumulus", "nv config show -o json", "tests/fixtures/cumulus/leaf01/nv-config-show-o-json.txt", FA_LT_NONE },
	{ "eos", "show version | json", SQ_EOS "spine01__eos__show_version.json", FA_LT_NONE },
	{ "eos", "show interfaces | json", NAPALM_EOS "test_get_interfaces/normal/show_interfaces.json", FA_LT_NONE },
	{ "eos", "show lldp neighbors detail | json", SQ_EOS "spine01__eos__show_lldp_neighbors_detail.json", FA_LT_NONE },
	{ "eos", "show running-config sanitized", "tests/fixtures/eos/running-config-roce.txt", FA_LT_NONE },
	{ "eos", "show interfaces transceiver | json", NAPALM_EOS "test_get_optics/normal/show_interfaces_transceiver.json", FA_LT_NONE },
	{ "ib-fabric", "ibnetdiscover -p", "treydock__infiniband_exporter/collectors/fixtures/ibnetdiscover/test.out", FA_LT_NONE },
	{ "ib-fabric", "iblinkinfo -l", "tests/fixtures/ib/iblinkinfo/line-mode.txt", FA_LT_NONE },
	{ "ib-fabric", "iblinkinfo", "tests/fixtures/ib/iblinkinfo/grouped.txt", FA_LT_NONE },
	{ "ib-fabric", "sminfo", "tests/fixtures/ib/sminfo/master.txt", FA_LT_NONE },
	{ "ib-fabric", "ibswinfo -d lid-16", "treydock__infiniband_exporter/collectors/fixtures/ibswinfo/test2.out", FA_LT_NONE },
	{ "ib-fabric", "cat /etc/opensm/partitions.conf", "tests/fixtures/ib/partitions-conf/opensm.txt", FA_LT_NONE },
	{ "junos", "show version | display xml", EZNC "factory/rpc-reply/get-software-information.xml", FA_LT_NONE },
	{ "junos", "show interfaces | display xml", EZNC "factory/rpc-reply/get-interface-information.xml", FA_LT_NONE },
	{ "junos", "show lldp neighbors | display xml", NAPALM_JUNOS "test_get_lldp_neighbors/normal/get-lldp-neighbors-information.xml", FA_LT_NONE },
	{ "junos", "show configuration | display inheritance | display xml", "tests/fixtures/junos/get-configuration-cos.xml", FA_LT_NONE },
	{ "junos", "show version", "networktocode__ntc-templates/tests/juniper_junos/show_version/juniper_junos_show_version.raw", FA_LT_NONE },
	{ "junos", "show interfaces", "networktocode__ntc-templates/tests/juniper_junos/show_interfaces/juniper_junos_show_interfaces.raw", FA_LT_NONE },
	{ "junos", "show lldp neighbors", "networktocode__ntc-templates/tests/juniper_junos/show_lldp_neighbors/juniper_junos_show_lldp_neighbors.raw", FA_LT_NONE },
	{ "linux", "cat /etc/os-release", "tests/fixtures/linux/os-release/ubuntu-22.04.txt", FA_LT_NONE },
	{ "linux", "ip -j -d link show", "tests/fixtures/linux/ip-j-d-link-show/gpu-host.json", FA_LT_NONE },
	{ "linux", "ibdev2netdev", "tests/fixtures/linux/ibdev2netdev/gpu-host.txt", FA_LT_NONE },
	{ "linux", "ibstat", GPUD "pkg/nvidia-query/infiniband/testdata/ibstat.47.0.h100.all.active.0", FA_LT_RDMA },
	{ "linux", "lldpctl -f json", DBSYNCD "lldpctl.json", FA_LT_NONE },
	{ "linux", "ofed_info -s", "tests/fixtures/linux/ofed-info-s/mlnx-ofed.txt", FA_LT_NONE },
	{ "linux", "show_gids", "alessandrocornacchia__microview-cp/extracted/README__show_gids.txt", FA_LT_RDMA },
	{ "linux", "grep -H -v -x 0x0000 /sys/class/infiniband/*/ports/*/pkeys/*", "tests/fixtures/linux/pkeys/ib-host.txt", FA_LT_RDMA },
	{ "linux", "grep -H . /sys/class/infiniband/*/ports/*/gid_attrs/ndevs/0 /sys/class/infiniband/*/device/net/*/dev_port 2>/dev/null || true", "tests/fixtures/linux/rdma-netdevs/mixed-host.txt", FA_LT_NONE },
	{ "linux", "grep -H -v -x 0000:0000:0000:0000:0000:0000:0000:0000 /sys/class/infiniband/*/ports/*/gids/* /sys/class/infiniband/*/ports/*/gid_attrs/types/* /sys/class/infiniband/*/ports/*/gid_attrs/ndevs/* 2>/dev/null || true", "tests/fixtures/linux/rdma-gids/mixed-host.txt", FA_LT_NONE },
	{ "linux", "nvidia-smi -q -x", "influxdata__telegraf/plugins/inputs/nvidia_smi/testdata/tesla-t4.xml", FA_LT_NONE },
	{ "linux", "nvidia-smi topo -m", "luigifcruz__stelline/extracted/asus-esc8000a-e12__nvidia-smi_topo_m.txt", FA_LT_RDMA },
	{ "linux", "cat /etc/nccl.conf", "tests/fixtures/linux/nccl-conf/bring-up.txt", FA_LT_NONE },
	{ "linux", "ethtool p0", "tests/fixtures/linux/ethtool/mlx5-400g.txt", FA_LT_RDMA },
	{ "linux", "ethtool -i p0", "tests/fixtures/linux/ethtool-i/mlx5-cx7.txt", FA_LT_RDMA },
	{ "linux", "mlnx_qos -i p0", "tests/fixtures/linux/mlnx-qos/cx7-new-format.txt", FA_LT_RDMA },
	{ "linux", "dcb -j pfc show dev p0", "tests/fixtures/linux/dcb/pfc-show.json", FA_LT_RDMA },
	{ "linux", "dcb -j ets show dev p0", "tests/fixtures/linux/dcb/ets-show.json", FA_LT_RDMA },
	{ "linux", "dcb pfc show dev p0", "tests/fixtures/linux/dcb/pfc-show-stats.txt", FA_LT_RDMA },
	{ "linux", "dcb ets show dev p0", "tests/fixtures/linux/dcb/ets-show.txt", FA_LT_RDMA },
	{ "linux", "mlxconfig -d mlx5_0 q", NICOP "nvconfig_utils_test__mlxconfig_e_q_cx4.txt", FA_LT_RDMA },
	{ "linux", "ibv_devinfo", "converged-computing__performance-study/extracted/aks-cpu-size32__ibv_devinfo.txt", FA_LT_RDMA },
	{ "linux", "rdma link show", "spidernet-io__spiderpool/extracted/get-started-sriov-roce__rdma_link.txt", FA_LT_NONE },
	{ "linux", "nvidia-smi -q", "thamada__nvidia-smi/extracted/H100SXMx8/out_a.txt", FA_LT_NONE },
	{ "linux", "nvidia-smi", "luigifcruz__stelline/extracted/puget-wrx90__nvidia-smi.txt", FA_LT_NONE },
	{ "nxos", "show version | json", NAPALM_NXOS "test_get_facts/normal/show_version.json", FA_LT_NONE },
	{ "nxos", "show interface | json", NAPALM_NXOS "test_get_facts/normal/show_interface.json", FA_LT_NONE },
	{ "nxos", "show interface", "networktocode__ntc-templates/tests/cisco_nxos/show_interface/cisco_nxos_show_interface.raw", FA_LT_NONE },
	{ "nxos", "show lldp neighbors detail | json", "tests/fixtures/nxos/show-lldp-neighbors-detail.json", FA_LT_NONE },
	{ "nxos", "show lldp neighbors detail", "networktocode__ntc-templates/tests/cisco_nxos/show_lldp_neighbors_detail/cisco_nxos_show_lldp_neighbors_detail2.raw", FA_LT_NONE },
	{ "nxos", "show running-config", "tests/fixtures/nxos/show-running-config-roce.txt", FA_LT_NONE },
	{ "onyx", "show version", QUALI "test_mellanox_os__show_version.txt", FA_LT_NONE },
	{ "onyx", "show interfaces ethernet", QUALI "test_mellanox_os__show_interfaces.txt", FA_LT_NONE },
	{ "onyx", "show roce", "tests/fixtures/onyx/show-roce.txt", FA_LT_ONYX },
	{ "onyx", "show dcb priority-flow-control", "tests/fixtures/onyx/show-dcb-priority-flow-control.txt", FA_LT_ONYX },
	{ "onyx", "show dcb priority-flow-control | json-print", "tests/fixtures/onyx/show-dcb-priority-flow-control.json", FA_LT_ONYX },
	{ "onyx", "show dcb ets", "tests/fixtures/onyx/show-dcb-ets.txt", FA_LT_ONYX },
	{ "onyx", "show lldp remote", "intel__mfd-switchmanagement/extracted/test_mellanox/test_get_lldp_neighbors_parser_pass__out_L23.txt", FA_LT_NONE },
	{ "onyx", "show version | json-print", "tests/fixtures/onyx/show-version.json", FA_LT_NONE },
	{ "onyx", "show interfaces ethernet status", "intel__mfd-switchmanagement/extracted/test_mellanox/test_get_port_speed__out_L49.txt", FA_LT_NONE },
	{ "onyx", "show running-config", "intel__mfd-switchmanagement/extracted/test_mellanox/test_show_port_running_config__out_L70.txt", FA_LT_NONE },
	{ "openconfig", "<get><filter type=\"subtree\"><system xmlns=\"http://openconfig.net/yang/system\"/></filter></get>", "tests/fixtures/openconfig/leaf1/system.xml", FA_LT_NONE },
	{ "openconfig", "<get><filter type=\"subtree\"><interfaces xmlns=\"http://openconfig.net/yang/interfaces\"/></filter></get>", "tests/fixtures/openconfig/leaf1/interfaces.xml", FA_LT_NONE },
	{ "openconfig", "<get><filter type=\"subtree\"><lldp xmlns=\"http://openconfig.net/yang/lldp\"/></filter></get>", "tests/fixtures/openconfig/leaf1/lldp.xml", FA_LT_NONE },
	{ "openconfig", "<get><filter type=\"subtree\"><qos xmlns=\"http://openconfig.net/yang/qos\"/></filter></get>", "tests/fixtures/openconfig/leaf1/qos.xml", FA_LT_NONE },
	{ "sonic", "show runningconfiguration all", SONIC_U "tests/mock_tables/config_db.json", FA_LT_NONE },
	{ "sonic", "show interfaces status", SONIC_U "extracted/intfutil/show_interface_status_output.txt", FA_LT_NONE },
	{ "sonic", "show version", "tests/fixtures/sonic/show-version.txt", FA_LT_NONE },
	{ "sonic", "docker exec lldp lldpctl -f json", DBSYNCD "lldpctl.json", FA_LT_NONE },
	{ "sonic", "show pfc counters", SONIC_U "extracted/pfcstat/show_pfc_counters_output.txt", FA_LT_NONE },
	{ "sonic", "show priority-group drop counters", SONIC_U "extracted/pgdropstat/show_pg_dropped_packet_stat.txt", FA_LT_NONE },
	{ "sonic", "show interfaces counters", SONIC_U "extracted/portstat/intf_counters_all.txt", FA_LT_NONE },
	{ "sonic", "show interfaces transceiver eeprom --dom", SONIC_U "extracted/sfp/test_sfp_eeprom_dom_all_output.txt", FA_LT_NONE },
	{ "sonic", "show interfaces counters fec-stats", SONIC_U "extracted/portstat/intf_fec_counters.txt", FA_LT_NONE },
	{ "sonic", "show pfcwd stats", SONIC_U "extracted/pfcwd_input/pfcwd_show_stats_output.txt", FA_LT_NONE },
	{ "sonic", "show pfc priority", SONIC_U "extracted/pfc_input/pfc_show_priority_all.txt", FA_LT_NONE },
	{ "sonic", "show pfc asymmetric", SONIC_U "extracted/pfc_input/pfc_show_asymmetric_all.txt", FA_LT_NONE },
};

#define FA_LT_NCASES (sizeof(fa_lt_cases) / sizeof(fa_lt_cases[0]))

static const char *fa_lt_path(const char *file)
{
	return strncmp(file, "tests/", 6) == 0 ? fa_tp_own(file) : fa_test_fixture(file);
}

/* The parser of @c, and the IF/DEV word of its command. */
static const struct fa_command *fa_lt_command(const struct fa_lt_case *c, char **ret_arg)
{
	const struct fa_platform *p = fa_platform_find(c->platform);
	const struct fa_command *cmd = p ? fa_platform_command(p, c->command, ret_arg) : NULL;

	ck_assert_msg(cmd != NULL, "%s has a parser for '%s'.", c->platform, c->command);
	return cmd;
}

static json_t *fa_lt_device(const struct fa_lt_case *c)
{
	const struct fa_platform *p = fa_platform_find(c->platform);
	json_t *d = fa_device_new("dut", p->kind);
	int i;

	fa_set_str(d, "platform", p->name);
	if (c->setup == FA_LT_RDMA) {
		for (i = 0; i < 8; i++) {
			char name[8], dev[16];

			snprintf(name, sizeof(name), "p%d", i);
			snprintf(dev, sizeof(dev), "mlx5_%d", i);
			fa_set_str(fa_device_port(d, name), "nic.device", dev);
			fa_set_int(fa_device_port(d, name), "nic.port", 1);
		}
	} else if (c->setup == FA_LT_ONYX) {
		ck_assert_int_eq(fa_tp_file(fa_parse_onyx_interfaces, "dut",
					    "show interfaces ethernet", NULL,
					    fa_tp_own("tests/fixtures/onyx/show-interfaces-ethernet.txt"),
					    d, NULL),
				 0);
	}
	return d;
}

/* Run the case's parser on @len bytes of @text into a fresh device; the device, or NULL. */
static json_t *fa_lt_parse(const struct fa_lt_case *c, const char *text, size_t len,
			   int *ret, struct fa_err *err)
{
	char *arg = NULL;
	const struct fa_command *cmd = fa_lt_command(c, &arg);
	json_t *d = fa_lt_device(c);

	*ret = fa_tp_run(cmd->parse, "dut", c->command, arg, text, len, d, err);
	free(arg);
	return d;
}

enum fa_lt_variant {
	FA_LT_INDENT,
	FA_LT_TABS,
	FA_LT_CRLF,
	FA_LT_TRAILING,
	FA_LT_PROMPT,
	FA_LT_PAGER,
	FA_LT_ALL,
	FA_LT_VARIANTS
};

static const char *const fa_lt_variant_names[FA_LT_VARIANTS] = {
	"indented", "tab-indented", "CRLF", "trailing blanks", "prompt before and after",
	"pager", "all at once",
};

/* @text in layout @v: the output as a terminal, a pty or a mail client would give it. */
static void fa_lt_derive(const struct fa_lt_case *c, const struct fa_buf *text,
			 enum fa_lt_variant v, struct fa_buf *out)
{
	const char *p = text->buf, *end = text->buf + text->len;
	bool all = v == FA_LT_ALL;
	size_t lineno = 0, mid = 0;

	for (; p < end; p++)
		mid += *p == '\n';
	mid /= 2;
	p = text->buf;
	fa_buf_reset(out);
	if (v == FA_LT_PROMPT || all)
		fa_buf_addf(out, "admin@%s:~$ %s\n", "dut", c->command);
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);

		if ((v == FA_LT_PAGER || all) && lineno == mid && mid > 0)
			fa_buf_adds(out, " --More-- \b\b\b\b\b\b\b\b\b\b          \b\b\b\b\b\b\b\b\b\b");
		if ((v == FA_LT_INDENT || all) && len)
			fa_buf_adds(out, "   ");
		if (v == FA_LT_TABS && len)
			fa_buf_addch(out, '\t');
		fa_buf_add(out, p, len);
		if (v == FA_LT_TRAILING || all)
			fa_buf_adds(out, "  \t");
		fa_buf_adds(out, v == FA_LT_CRLF || all ? "\r\n" : "\n");
		lineno++;
		p = nl ? nl + 1 : end;
	}
	if (v == FA_LT_TRAILING || all)
		fa_buf_adds(out, "   \n\n");
	if (v == FA_LT_PROMPT || all)
		fa_buf_adds(out, "admin@dut:~$ \n");
}

static void fa_lt_assert_same(const struct fa_lt_case *c, const char *how, const json_t *want,
			      const char *text, size_t len)
{
	struct fa_err err = FA_ERR_INIT;
	json_t *got;
	int r;

	got = fa_lt_parse(c, text, len, &r, &err);
	if (r != 0 || !json_equal(got, want)) {
		char *a = json_dumps(want, JSON_SORT_KEYS | JSON_COMPACT);
		char *b = json_dumps(got, JSON_SORT_KEYS | JSON_COMPACT);

		ck_abort_msg("%s '%s' on %s, %s: the model differs (r=%d %s).\nwant %.600s\ngot  "
			     "%.600s",
			     c->platform, c->command, c->file, how, r, err.msg, a, b);
	}
	json_decref(got);
}

START_TEST(parse_layout_variants_yield_the_same_model)
{
	const struct fa_lt_case *c = &fa_lt_cases[_i];
	struct fa_buf text = FA_BUF_INIT, var = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	json_t *want, *fresh = fa_lt_device(c), *root;
	int r, v;

	fa_test_read(fa_lt_path(c->file), &text);
	want = fa_lt_parse(c, text.buf, text.len, &r, &err);
	ck_assert_msg(r == 0, "%s '%s' parses %s (%s).", c->platform, c->command, c->file,
		      err.msg);
	ck_assert_msg(!json_equal(want, fresh), "%s '%s' takes something from %s.", c->platform,
		      c->command, c->file);
	for (v = 0; v < FA_LT_VARIANTS; v++) {
		fa_lt_derive(c, &text, (enum fa_lt_variant)v, &var);
		fa_lt_assert_same(c, fa_lt_variant_names[v], want, var.buf, var.len);
	}
	/* JSON whose top is an object: the same members as a list of one-key objects */
	root = json_loadb(text.buf, text.len, 0, NULL);
	if (json_is_object(root) && json_object_size(root) > 0) {
		json_t *list = json_array(), *val;
		const char *key;
		char *s;

		json_object_foreach(root, key, val) {
			json_t *one = json_object();

			json_object_set(one, key, val);
			json_array_append_new(list, one);
		}
		s = json_dumps(list, JSON_INDENT(1));
		fa_lt_assert_same(c, "a list of one-key objects", want, s, strlen(s));
		free(s);
		json_decref(list);
	}
	json_decref(root);
	json_decref(fresh);
	json_decref(want);
	fa_buf_release(&var);
	fa_buf_release(&text);
}
END_TEST

START_TEST(parse_layout_garbage_is_a_parse_error)
{
	static const char *const garbage[] = {
		"% Invalid input detected at '^' marker.\n",
		"this is not\nwhat the command prints\n",
		"[\"unexpected\", {\"shape\": [1, 2, 3]}]\n",
	};
	const struct fa_lt_case *c = &fa_lt_cases[_i];
	size_t g;

	for (g = 0; g < sizeof(garbage) / sizeof(garbage[0]); g++) {
		struct fa_err err = FA_ERR_INIT;
		json_t *d;
		int r;

		d = fa_lt_parse(c, garbage[g], strlen(garbage[g]), &r, &err);
		ck_assert_msg(r == -FA_EPARSE && err.msg[0],
			      "%s '%s' rejects \"%.30s\" as a parse error (r=%d).", c->platform,
			      c->command, garbage[g], r);
		json_decref(d);
	}
}
END_TEST

/*
 * What may follow an output and go in normalisation, leaving the output itself as it was:
 * blank lines, a prompt alone, less(1)'s status line.
 */
static const char *const fa_lt_tails[] = {
	"\n\n",
	"admin@dut:~$ \n",
	"\nswitch [standalone: master] # \n\n",
	"lines 1-42 (END)\n",
};

#define FA_LT_NTAILS (sizeof(fa_lt_tails) / sizeof(fa_lt_tails[0]))

/* The Onyx output bench-parse measures, whose captures end in a blank line. */
static const struct fa_lt_case fa_lt_onyx = {
	"onyx", "show interfaces ethernet", "tests/fixtures/onyx/show-interfaces-ethernet.txt",
	FA_LT_NONE,
};

/*
 * A capture of @c's output with tail @t, parsed through the boundary from a buffer that is
 * writable (read in place, ended by a NUL) and from one that is not (copied): each must give
 * the model of the output alone, and leave the capture's bytes as they were.
 */
static void fa_lt_assert_tail_in_place(const struct fa_lt_case *c, size_t t)
{
	struct fa_buf text = FA_BUF_INIT, canon = FA_BUF_INIT, var = FA_BUF_INIT,
		      unused = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	const struct fa_command *cmd;
	char *arg = NULL, *prompt = NULL, *saved;
	json_t *want;
	size_t n = 0;
	int r, writable;

	fa_test_read(fa_lt_path(c->file), &text);
	fa_outnorm(text.buf, text.len, c->command, &canon, NULL);
	want = fa_lt_parse(c, canon.buf, canon.len, &r, &err);
	ck_assert_msg(r == 0, "%s '%s' parses %s (%s).", c->platform, c->command, c->file,
		      err.msg);
	fa_buf_add(&var, canon.buf, canon.len);
	fa_buf_adds(&var, fa_lt_tails[t]);
	ck_assert_msg(!fa_outnorm_copy(var.buf, var.len, c->command, &unused, &prompt, &n) &&
			      n == canon.len && prompt == NULL,
		      "%s '%s' followed by \"%s\" normalises to its first %zu bytes, with no "
		      "copy (got %zu).",
		      c->platform, c->command, fa_lt_tails[t], canon.len, n);
	saved = fa_xmalloc(var.len + 1);
	memcpy(saved, var.buf, var.len + 1);
	cmd = fa_lt_command(c, &arg);
	for (writable = 0; writable < 2; writable++) {
		struct fa_capture cap = FA_CAPTURE_INIT;
		json_t *got = fa_lt_device(c);

		cap.device = "dut";
		cap.command = c->command;
		cap.arg = arg;
		cap.data = var.buf;
		cap.len = var.len;
		cap.writable = writable;
		memset(&err, 0, sizeof(err));
		r = fa_parse_output(cmd->parse, &cap, got, &err);
		ck_assert_msg(r == 0 && json_equal(got, want),
			      "%s '%s' followed by \"%s\", %s: the model of the output alone "
			      "(r=%d %s).",
			      c->platform, c->command, fa_lt_tails[t],
			      writable ? "in place" : "copied", r, err.msg);
		ck_assert_msg(memcmp(var.buf, saved, var.len + 1) == 0,
			      "%s '%s' followed by \"%s\", %s: the capture is as it was after "
			      "the parse.",
			      c->platform, c->command, fa_lt_tails[t],
			      writable ? "in place" : "copied");
		json_decref(got);
	}
	free(saved);
	free(arg);
	json_decref(want);
	fa_buf_release(&unused);
	fa_buf_release(&var);
	fa_buf_release(&canon);
	fa_buf_release(&text);
}

START_TEST(parse_layout_tail_parsed_in_place)
{
	size_t t;

	for (t = 0; t < FA_LT_NTAILS; t++)
		fa_lt_assert_tail_in_place(_i < (int)FA_LT_NCASES ? &fa_lt_cases[_i] : &fa_lt_onyx,
					   t);
}
END_TEST

/* What the boundary handed the parser below: where the text was, the text, what ended it. */
static struct {
	const char *data;
	char text[64];
	size_t len;
	char end;
} fa_lt_seen;

static int fa_lt_spy(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	fa_lt_seen.data = cap->data;
	fa_lt_seen.len = cap->len;
	memcpy(fa_lt_seen.text, cap->data,
	       cap->len < sizeof(fa_lt_seen.text) ? cap->len : sizeof(fa_lt_seen.text));
	fa_lt_seen.end = cap->data[cap->len];
	fa_set_str(device, "spied", "yes");
	return 0;
}

START_TEST(parse_layout_tail_cut_in_place)
{
	static const char *const in = "Eth1/1:\n  Admin state : Enabled\n\nswitch # \n";
	static const size_t out_len = 32;	/* up to the blank line */
	struct fa_capture cap = FA_CAPTURE_INIT;
	struct fa_err err = FA_ERR_INIT;
	char *buf = fa_xstrdup(in);
	json_t *d;
	int writable;

	cap.command = "show interfaces ethernet";
	cap.data = buf;
	cap.len = strlen(in);
	for (writable = 0; writable < 2; writable++) {
		d = fa_device_new("dut", "switch");
		cap.writable = writable;
		memset(&fa_lt_seen, 0, sizeof(fa_lt_seen));
		ck_assert_int_eq(fa_parse_output(fa_lt_spy, &cap, d, &err), 0);
		ck_assert_msg(fa_lt_seen.len == out_len && fa_lt_seen.end == '\0' &&
				      memcmp(fa_lt_seen.text, in, out_len) == 0,
			      "The parser reads the output without its tail, ended by a NUL "
			      "(%s).", writable ? "in place" : "copied");
		ck_assert_msg((fa_lt_seen.data == buf) == (writable == 1),
			      "A writable capture is read in place, any other from a copy "
			      "(%s).", writable ? "writable" : "not writable");
		ck_assert_msg(strcmp(buf, in) == 0,
			      "The capture is as it was once the parse is over.");
		json_decref(d);
	}
	free(buf);
}
END_TEST

/* The normaliser on its own: each rule of outnorm.h, on small texts. */
static const char *fa_lt_norm(const char *in, const char *command)
{
	static struct fa_buf out = FA_BUF_INIT;

	fa_outnorm(in, strlen(in), command, &out, NULL);
	return out.buf;
}

START_TEST(parse_layout_normaliser_rules)
{
	ck_assert_str_eq(fa_lt_norm("  a\r\n    b  \r\n\r\n  c\r\n", NULL), "a\n  b\n\nc\n");
	ck_assert_str_eq(fa_lt_norm("switch# show roce\nRoCE mode: lossless\nswitch# \n",
				    "show roce"),
			 "RoCE mode: lossless\n");
	ck_assert_str_eq(fa_lt_norm("switch-1 [standalone: master] > show roce\nx\n"
				    "switch-1 [standalone: master] >\n", "show roce"),
			 "x\n");
	ck_assert_str_eq(fa_lt_norm("[admin@gpu01 ~]$ sudo ibstat\nCA 'mlx5_0'\n", "ibstat"),
			 "CA 'mlx5_0'\n");
	ck_assert_str_eq(fa_lt_norm("leaf01(config-if)# nv show\nx\n", "show roce"),
			 "leaf01(config-if)# nv show\nx\n");
	ck_assert_str_eq(fa_lt_norm("a\n --More-- \b\b\b\b\b\b\b\b\b\b          "
				    "\b\b\b\b\b\b\b\b\b\b  b\n---(more 45%)---\nc\nlines 1-3\n",
				    NULL),
			 "a\n  b\nc\n");
	ck_assert_str_eq(fa_lt_norm("# a comment\nNCCL_X=1\n", "cat /etc/nccl.conf"),
			 "# a comment\nNCCL_X=1\n");
	ck_assert_str_eq(fa_lt_norm("description: >\n  text\n", NULL),
			 "description: >\n  text\n");
	ck_assert_str_eq(fa_lt_norm(" [{\"a\": 1}, {\"b\": [2]}]\n", NULL),
			 "{\n  \"a\": 1,\n  \"b\": [\n    2\n  ]\n}\n");
	ck_assert_str_eq(fa_lt_norm("[{\"a\": 1}, {\"a\": 2}]", NULL), "[{\"a\": 1}, {\"a\": 2}]\n");
	ck_assert_str_eq(fa_lt_norm(" \r\n\t\n", NULL), "");
	ck_assert_msg(fa_outnorm_prompt_len("100%", 4) == 0 && fa_outnorm_prompt_len("<a>", 3) == 0,
		      "Numbers and XML tags are no prompts.");
}
END_TEST

Suite *fa_parse_layout_suite(void)
{
	Suite *s = suite_create("parse_layout");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, parse_layout_variants_yield_the_same_model, 0, (int)FA_LT_NCASES);
	tcase_add_loop_test(tc, parse_layout_garbage_is_a_parse_error, 0, (int)FA_LT_NCASES);
	tcase_add_loop_test(tc, parse_layout_tail_parsed_in_place, 0, (int)FA_LT_NCASES + 1);
	tcase_add_test(tc, parse_layout_tail_cut_in_place);
	tcase_add_test(tc, parse_layout_normaliser_rules);
	suite_add_tcase(s, tc);
	return s;
}
