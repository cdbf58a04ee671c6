/* SPDX-License-Identifier: MIT */
/*
 * Onyx parsers on the real MLNX-OS 3.6 captures (QualiSystemsLab, Intel mfd-switchmanagement)
 * and on the documented later formats (tests/fixtures/onyx/SOURCES.md): both "Key: value"
 * layouts, json-print envelopes, and malformed input.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "audit/util/buf.h"
#include "drivers/onyx/parse-onyx.h"
#include "drivers/platform.h"
#include "tests/unit/parse-helpers.h"
#include "tests/unit/unit.h"
#include "audit/util/banned.h"

#define QUALI "QualiSystemsLab__Mellanox-OS-Shell/extracted/"
#define MFD "intel__mfd-switchmanagement/extracted/test_mellanox/"

static json_t *fa_onyx_run_text(fa_parse_fn *fn, json_t *dev, const char *text, size_t len,
				int *ret, struct fa_err *err)
{
	if (!dev)
		dev = fa_device_new("sw", "switch");
	*ret = fa_tp_direct(fn, "show", FA_CAPTURE_TEXT, text, len, dev, err);
	return dev;
}

static json_t *fa_onyx_run_into(fa_parse_fn *fn, json_t *dev, const char *path)
{
	return fa_tp_direct_file(fn, "show", FA_CAPTURE_TEXT, path,
				 dev ? dev : fa_device_new("sw", "switch"));
}

static json_t *fa_onyx_run(fa_parse_fn *fn, const char *path)
{
	return fa_onyx_run_into(fn, NULL, path);
}

static json_int_t fa_int(const json_t *obj, const char *path)
{
	json_int_t v = -1;

	fa_get_int(obj, path, &v);
	return v;
}

static const char *fa_onyx_src(const char *name)
{
	static char path[512];

	snprintf(path, sizeof(path), "tests/fixtures/onyx/%s", name);
	return fa_test_srcfile(path);
}

START_TEST(parse_onyx_version_36_text)
{
	json_t *d = fa_onyx_run(fa_parse_onyx_version,
				fa_test_fixture(QUALI "test_mellanox_os__show_version.txt"));

	ck_assert_str_eq(fa_get_str(d, "os.name"), "MLNX-OS");
	ck_assert_str_eq(fa_get_str(d, "os.version"), "3.6.1102");
	ck_assert_msg(strcmp(fa_get_str(d, "serial"), "MT1628X26331") == 0,
		      "The escaped quotes are not part of the serial number.");
	ck_assert_str_eq(fa_get_str(d, "model"), "x86onie");
	ck_assert_msg(strcmp(fa_get_str(d, "hostname"), "sn1-rsw-b11-20a") == 0,
		      "The host name comes from the prompt line.");
	ck_assert_msg(json_object_get(d, "warnings") == NULL, "Every line is understood.");
	json_decref(d);
}
END_TEST

START_TEST(parse_onyx_version_json_api)
{
	json_t *d = fa_onyx_run(fa_parse_onyx_version, fa_onyx_src("show-version.json"));

	ck_assert_str_eq(fa_get_str(d, "os.name"), "Onyx");
	ck_assert_str_eq(fa_get_str(d, "os.version"), "3.8.2306");
	ck_assert_str_eq(fa_get_str(d, "serial"), "MT1935J01956");
	ck_assert_msg(fa_get_str(d, "hostname") == NULL, "JSON carries no host name.");
	json_decref(d);
}
END_TEST

START_TEST(parse_onyx_interfaces_36_text)
{
	json_t *d = fa_onyx_run(fa_parse_onyx_interfaces,
				fa_test_fixture(QUALI "test_mellanox_os__show_interfaces.txt"));
	json_t *e1 = fa_device_find_port(d, "Eth1/1"), *m = fa_device_find_port(d, "mgmt0");
	json_t *lo = fa_device_find_port(d, "lo"), *split = fa_device_find_port(d, "Eth1/16/4");

	ck_assert_msg(json_array_size(json_object_get(d, "ports")) == 21,
		      "lo, mgmt0 and 19 Ethernet ports.");
	ck_assert_msg(fa_int(e1, "mtu") == 1500, "Eth1/1 has MTU 1500.");
	ck_assert_msg(fa_int(e1, "speed") == 100000000000LL, "100 Gbps is 10^11 bit/s.");
	ck_assert_str_eq(fa_get_str(e1, "fec"), "auto");
	ck_assert_str_eq(fa_get_str(e1, "admin_state"), "up");
	ck_assert_str_eq(fa_get_str(e1, "oper_state"), "down");
	ck_assert_str_eq(fa_get_str(e1, "mac"), "7c:fe:90:f8:e6:98");
	ck_assert_msg(fa_obj_get_path(e1, "description") == NULL, "N\\A is no description.");
	ck_assert_msg(split && fa_int(split, "speed") == 10000000000LL,
		      "The split port Eth1/16/4 runs at 10 Gbps.");
	ck_assert_str_eq(fa_get_str(m, "type"), "management");
	ck_assert_msg(fa_int(m, "speed") == 1000000000LL, "1000Mb/s (auto) is 10^9 bit/s.");
	ck_assert_str_eq(fa_get_str(m, "mac"), "24:8a:07:27:ad:b2");
	ck_assert_str_eq(fa_get_str(lo, "type"), "loopback");
	ck_assert_msg(fa_int(lo, "mtu") == 16436, "lo has MTU 16436.");
	/* The Rx and Tx sections: bytes, error and discard packets are counters. */
	ck_assert_msg(fa_int(split, "counters.rx_bytes") == 7473484550LL, "Eth1/16/4 Rx bytes.");
	ck_assert_msg(fa_int(fa_device_find_port(d, "Eth1/16/2"), "counters.rx_bytes") ==
			  5843657963LL &&
		      fa_int(fa_device_find_port(d, "Eth1/16/2"), "counters.tx_bytes") == 42136,
		      "Eth1/16/2 Rx and Tx bytes.");
	ck_assert_msg(fa_int(e1, "counters.rx_errors") == 0 && fa_int(e1, "counters.tx_errors") == 0 &&
			  fa_int(e1, "counters.rx_discards") == 0 &&
			  fa_int(e1, "counters.tx_discards") == 0 && fa_int(e1, "counters.rx_bytes") == 0,
		      "Eth1/1 has its counters, all zero.");
	ck_assert_msg(!fa_obj_get_path(m, "counters"), "mgmt0's RX/TX lines are not read.");
	ck_assert_msg(json_object_get(d, "warnings") == NULL, "Every line is understood.");
	json_decref(d);
}
END_TEST

START_TEST(parse_onyx_interfaces_aligned_text)
{
	json_t *d =
	    fa_onyx_run(fa_parse_onyx_interfaces, fa_onyx_src("show-interfaces-ethernet.txt"));
	json_t *e1 = fa_device_find_port(d, "Eth1/1"), *e2 = fa_device_find_port(d, "Eth1/2");

	ck_assert_msg(fa_int(e1, "mtu") == 9216, "Eth1/1 has MTU 9216.");
	ck_assert_msg(fa_int(e1, "speed") == 100000000000LL, "100G is 10^11 bit/s.");
	ck_assert_str_eq(fa_get_str(e1, "fec"), "rs");
	ck_assert_msg(json_is_true(fa_obj_get_path(e1, "autoneg")), "Auto-negotiation is on.");
	ck_assert_str_eq(fa_get_str(e1, "description"), "to gpu-node-01 port 1");
	ck_assert_str_eq(fa_get_str(e2, "admin_state"), "down");
	ck_assert_msg(fa_int(e1, "counters.rx_bytes") == 3650 && fa_int(e1, "counters.tx_bytes") == 378,
		      "The indented Rx: and Tx: sections are read too.");
	ck_assert_msg(!fa_obj_get_path(e2, "counters.rx_bytes"),
		      "A section with packets only writes no counter.");
	ck_assert_msg(json_object_get(d, "warnings") == NULL, "Every line is understood.");
	json_decref(d);
}
END_TEST

START_TEST(parse_onyx_interfaces_json_print)
{
	const char *jp = "{\"Eth1/1\": [{\"Admin state\": \"Enabled\", \"Operational state\": "
			 "\"Up\", \"MTU\": \"9216 bytes(Maximum packet size 9238 bytes)\", "
			 "\"Actual speed\": \"400 Gbps\", \"Fec\": \"auto\"}], "
			 "\"bogus\": [{\"x\": \"y\"}]}";
	struct fa_err err = FA_ERR_INIT;
	int r;
	json_t *d = fa_onyx_run_text(fa_parse_onyx_interfaces, NULL, jp, strlen(jp), &r, &err);
	json_t *p = fa_device_find_port(d, "Eth1/1");

	ck_assert_int_eq(r, 0);
	ck_assert_msg(fa_int(p, "speed") == 400000000000LL, "400 Gbps is 4*10^11 bit/s.");
	ck_assert_msg(fa_int(p, "mtu") == 9216, "The MTU is read from json-print.");
	ck_assert_msg(json_array_size(json_object_get(d, "warnings")) == 1,
		      "An entry that is not an interface is warned about.");
	json_decref(d);
}
END_TEST

START_TEST(parse_onyx_pfc_text_and_json)
{
	json_t *d =
	    fa_onyx_run(fa_parse_onyx_pfc, fa_onyx_src("show-dcb-priority-flow-control.txt"));
	json_t *l = fa_obj_get_path(fa_device_find_port(d, "Eth1/1"), "qos.pfc_enabled");

	ck_assert_msg(json_array_size(l) == 1 && json_integer_value(json_array_get(l, 0)) == 3,
		      "Eth1/1 (oper Enabled) pauses priority 3.");
	l = fa_obj_get_path(fa_device_find_port(d, "Eth1/3"), "qos.pfc_enabled");
	ck_assert_msg(json_is_array(l) && json_array_size(l) == 0, "Eth1/3 (Disabled) is [].");
	json_decref(d);

	d = fa_onyx_run(fa_parse_onyx_pfc, fa_onyx_src("show-dcb-priority-flow-control.json"));
	l = fa_obj_get_path(fa_device_find_port(d, "Eth1/16"), "qos.pfc_enabled");
	ck_assert_msg(json_array_size(l) == 2 && json_integer_value(json_array_get(l, 1)) == 4,
		      "Eth1/16 pauses priorities 3 and 4.");
	l = fa_obj_get_path(fa_device_find_port(d, "Eth1/10"), "qos.pfc_enabled");
	ck_assert_msg(json_is_array(l) && json_array_size(l) == 0, "Eth1/10 is [].");
	json_decref(d);
}
END_TEST

START_TEST(parse_onyx_pfc_disabled_switch_wide)
{
	const char *t = "PFC                    : disabled\n"
			"Priority Enabled List  : 3\n"
			"Priority Disabled List : 0 1 2 4 5 6 7\n"
			"Interface   PFC admin   PFC oper\n"
			"Eth1/1      On          Enabled\n";
	struct fa_err err = FA_ERR_INIT;
	int r;
	json_t *d = fa_onyx_run_text(fa_parse_onyx_pfc, NULL, t, strlen(t), &r, &err);
	json_t *l = fa_obj_get_path(fa_device_find_port(d, "Eth1/1"), "qos.pfc_enabled");

	ck_assert_int_eq(r, 0);
	ck_assert_msg(json_is_array(l) && json_array_size(l) == 0,
		      "With PFC disabled switch-wide no priority is paused.");
	json_decref(d);
}
END_TEST

START_TEST(parse_onyx_ets_tables)
{
	json_t *d = fa_onyx_run(fa_parse_onyx_ets, fa_onyx_src("show-dcb-ets.txt"));
	json_t *p = fa_device_find_port(d, "Eth1/1"), *p2 = fa_device_find_port(d, "Eth1/2");
	json_t *tsa = fa_obj_get_path(p, "qos.ets.tsa"),
	       *bw = fa_obj_get_path(p, "qos.ets.bandwidth");
	json_t *map = fa_obj_get_path(p, "qos.priority_to_tc");

	ck_assert_msg(json_array_size(tsa) == 8 && json_array_size(bw) == 8, "Eight TCs.");
	ck_assert_str_eq(json_string_value(json_array_get(tsa, 6)), "strict");
	ck_assert_str_eq(json_string_value(json_array_get(tsa, 3)), "ets");
	ck_assert_msg(json_integer_value(json_array_get(bw, 3)) == 50, "TC 3 has 50 %%.");
	ck_assert_msg(json_integer_value(json_array_get(bw, 6)) == 0, "A strict TC has 0 %%.");
	ck_assert_msg(json_integer_value(json_array_get(map, 3)) == 3 &&
			  json_integer_value(json_array_get(map, 6)) == 6,
		      "Priorities 3 and 6 map to TCs 3 and 6.");
	ck_assert_msg(fa_obj_get_path(p2, "qos.priority_to_tc") == NULL,
		      "A map of four priorities is not recorded.");
	ck_assert_msg(json_array_size(json_object_get(d, "warnings")) == 1,
		      "The incomplete map is warned about.");
	json_decref(d);
}
END_TEST

/*
 * The json-print form of the per-interface ETS view (layout of Ansible's Onyx test reply, not
 * copied): the share is the W(%) column; Eth1/2 lists seven TCs.
 */
START_TEST(parse_onyx_ets_json)
{
	const char *odd = "{\"Eth1/3\": [{\"ETS per TC\": [{\"9\": [{\"S.Mode\": \"WRR\"}],"
			  " \"1\": [{\"S.Mode\": \"Fair\"}]}]}], \"Summary\": \"x\"}";
	json_t *d = fa_onyx_run(fa_parse_onyx_ets, fa_onyx_src("show-dcb-ets.json"));
	json_t *p = fa_device_find_port(d, "Eth1/1"), *p2 = fa_device_find_port(d, "Eth1/2");
	json_t *tsa = fa_obj_get_path(p, "qos.ets.tsa"),
	       *bw = fa_obj_get_path(p, "qos.ets.bandwidth");
	struct fa_err err = FA_ERR_INIT;
	int r;

	ck_assert_msg(json_array_size(tsa) == 8 && json_array_size(bw) == 8, "Eight TCs.");
	ck_assert_str_eq(json_string_value(json_array_get(tsa, 6)), "strict");
	ck_assert_str_eq(json_string_value(json_array_get(tsa, 3)), "ets");
	ck_assert_msg(json_integer_value(json_array_get(bw, 0)) == 50 &&
			  json_integer_value(json_array_get(bw, 3)) == 50 &&
			  json_integer_value(json_array_get(bw, 1)) == 0,
		      "The share is the W(%%) column.");
	ck_assert_msg(!fa_obj_get_path(p, "qos.priority_to_tc"), "The form has no priority map.");
	ck_assert_msg(p2 && !fa_obj_get_path(p2, "qos.ets"), "Seven TCs are not recorded.");
	ck_assert_msg(json_array_size(json_object_get(d, "warnings")) == 1,
		      "The short table is warned about.");
	json_decref(d);
	d = fa_onyx_run_text(fa_parse_onyx_ets, NULL, odd, strlen(odd), &r, &err);
	ck_assert_int_eq(r, 0);
	ck_assert_msg(!fa_obj_get_path(fa_device_find_port(d, "Eth1/3"), "qos.ets"),
		      "Rows not understood record nothing.");
	ck_assert_msg(json_array_size(json_object_get(d, "warnings")) == 3,
		      "TC 9, mode Fair and the key that is no interface are warned (%zu).",
		      json_array_size(json_object_get(d, "warnings")));
	json_decref(d);
	d = fa_onyx_run_text(fa_parse_onyx_ets, NULL, "[]", 2, &r, &err);
	ck_assert_msg(r == -FA_EPARSE, "No interface is a parse error.");
	json_decref(d);
}
END_TEST

START_TEST(parse_onyx_roce_profile)
{
	json_t *d =
	    fa_onyx_run(fa_parse_onyx_interfaces, fa_onyx_src("show-interfaces-ethernet.txt"));
	json_t *p, *l;

	d = fa_onyx_run_into(fa_parse_onyx_roce, d, fa_onyx_src("show-roce.txt"));
	p = fa_device_find_port(d, "Eth1/2");
	ck_assert_str_eq(fa_get_str(p, "qos.roce_mode"), "lossless");
	ck_assert_str_eq(fa_get_str(p, "qos.trust"), "dscp");
	l = fa_obj_get_path(p, "qos.ecn.enabled_tcs");
	ck_assert_msg(json_array_size(l) == 1 && json_integer_value(json_array_get(l, 0)) == 3,
		      "ECN marks the RoCE TC 3, not the CNP TC 6.");
	ck_assert_msg(fa_int(p, "qos.ecn.min_threshold") == 150 * 1024 &&
			  fa_int(p, "qos.ecn.max_threshold") == 1500 * 1024,
		      "Min 150 and Max 1500 KB are the thresholds in bytes.");
	ck_assert_msg(json_object_get(d, "warnings") == NULL, "Every line is understood.");
	json_decref(d);
}
END_TEST

/* The real profile with "RoCE mode: disabled": every Ethernet port says RoCE is off. */
START_TEST(parse_onyx_roce_disabled)
{
	json_t *d =
	    fa_onyx_run(fa_parse_onyx_interfaces, fa_onyx_src("show-interfaces-ethernet.txt"));
	struct fa_buf b = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	char *mode;
	json_t *p;
	size_t i, n = 0;
	int r;

	fa_test_read(fa_onyx_src("show-roce.txt"), &b);
	mode = strstr(b.buf, "RoCE mode      : lossless");
	ck_assert_msg(mode != NULL, "The fixture has the RoCE mode line.");
	memcpy(mode + strlen("RoCE mode      : "), "disabled", 8);
	d = fa_onyx_run_text(fa_parse_onyx_roce, d, b.buf, b.len, &r, &err);
	ck_assert_int_eq(r, 0);
	json_array_foreach(json_object_get(d, "ports"), i, p) {
		if (strcmp(fa_get_str(p, "type"), "ethernet") != 0)
			continue;
		n++;
		ck_assert_str_eq(fa_get_str(p, "qos.roce_mode"), "off");
		ck_assert_msg(!fa_obj_get_path(p, "qos.ecn") && !fa_obj_get_path(p, "qos.trust"),
			      "A disabled profile's ECN and trust do not describe %s.",
			      fa_get_str(p, "name"));
	}
	ck_assert_msg(n >= 2, "Every Ethernet port (%zu) is marked.", n);
	fa_buf_release(&b);
	json_decref(d);
}
END_TEST

START_TEST(parse_onyx_roce_not_configured)
{
	const char *t = "switch (config) # show roce\nRoCE mode: N/A\n";
	struct fa_err err = FA_ERR_INIT;
	json_t *d = fa_device_new("sw", "switch");
	int r;

	fa_set_str(fa_device_port(d, "Eth1/1"), "type", "ethernet");
	d = fa_onyx_run_text(fa_parse_onyx_roce, d, t, strlen(t), &r, &err);
	ck_assert_int_eq(r, FA_PARSED_EMPTY);
	ck_assert_msg(fa_obj_get_path(fa_device_find_port(d, "Eth1/1"), "qos") == NULL,
		      "RoCE mode N/A sets nothing.");
	json_decref(d);
}
END_TEST

START_TEST(parse_onyx_lldp_remote)
{
	json_t *d =
	    fa_onyx_run(fa_parse_onyx_lldp,
			fa_test_fixture(MFD "test_get_lldp_neighbors_parser_pass__out_L23.txt"));
	json_t *p = fa_device_find_port(d, "Eth1/31"), *q = fa_device_find_port(d, "Eth1/5/1");

	ck_assert_str_eq(fa_get_str(p, "lldp.port_id"), "fortyGigE 0/52");
	ck_assert_str_eq(fa_get_str(p, "lldp.system_name"), "LIN-ND3-DS5000");
	ck_assert_str_eq(fa_get_str(p, "lldp.chassis_id"), "f8:bc:aa:bb:cc:e0");
	ck_assert_msg(fa_obj_get_path(q, "lldp.system_name") == NULL,
		      "Not Advertised is no system name.");
	ck_assert_str_eq(fa_get_str(q, "lldp.port_id"), "3c:fd:aa:bb:cc:f0");
	json_decref(d);

	d = fa_onyx_run(fa_parse_onyx_lldp,
			fa_test_fixture(MFD "test_get_lldp_neighbors_empty_list__out_L39.txt"));
	ck_assert_msg(json_array_size(json_object_get(d, "ports")) == 0,
		      "An empty neighbour table gives no port.");
	json_decref(d);
}
END_TEST

/* 1 when @path holds true, 0 when false, -1 when absent or not a boolean. */
static int fa_onyx_bool(const json_t *port, const char *path)
{
	const json_t *v = fa_obj_get_path(port, path);

	return json_is_boolean(v) ? json_is_true(v) : -1;
}

/*
 * "show lldp interfaces | json-print" (tests/fixtures/onyx/show-lldp-interfaces.json, the
 * layout of Ansible's Onyx reply): Eth1/1 receives and transmits, Eth1/2 does neither, Eth1/3
 * receives only, the split port Eth1/9/1 both.
 */
START_TEST(parse_onyx_lldp_interfaces_json)
{
	json_t *d =
	    fa_onyx_run(fa_parse_onyx_lldp_interfaces, fa_onyx_src("show-lldp-interfaces.json"));
	json_t *p1 = fa_device_find_port(d, "Eth1/1"), *p2 = fa_device_find_port(d, "Eth1/2");
	json_t *p3 = fa_device_find_port(d, "Eth1/3"), *p4 = fa_device_find_port(d, "Eth1/9/1");

	ck_assert_msg(p1 && p2 && p3 && p4, "Every interface of the reply is a port.");
	ck_assert_int_eq(json_array_size(json_object_get(d, "ports")), 4);
	ck_assert_str_eq(fa_get_str(p1, "type"), "ethernet");
	ck_assert_int_eq(fa_onyx_bool(p1, "lldp.receive"), 1);
	ck_assert_int_eq(fa_onyx_bool(p1, "lldp.transmit"), 1);
	ck_assert_int_eq(fa_onyx_bool(p2, "lldp.receive"), 0);
	ck_assert_int_eq(fa_onyx_bool(p2, "lldp.transmit"), 0);
	ck_assert_int_eq(fa_onyx_bool(p3, "lldp.receive"), 1);
	ck_assert_int_eq(fa_onyx_bool(p3, "lldp.transmit"), 0);
	ck_assert_int_eq(fa_onyx_bool(p4, "lldp.receive"), 1);
	ck_assert_int_eq(fa_onyx_bool(p4, "lldp.transmit"), 1);
	ck_assert_msg(!fa_obj_get_path(p1, "lldp.system_name") &&
			  !fa_obj_get_path(p1, "lldp.chassis_id"),
		      "The states are no neighbour.");
	ck_assert_msg(json_object_get(d, "warnings") == NULL, "Every entry is understood.");
	json_decref(d);
}
END_TEST

/*
 * The JSON API envelope and the per-interface list, a port-channel member, a disabled row,
 * what is not understood, and replies that are a parse error.  The states and the neighbour
 * table fill one "lldp" object in either order.
 */
START_TEST(parse_onyx_lldp_interfaces_variants)
{
	const char *api = "{\"results\": [{\"status\": \"OK\", \"executed_command\": "
			  "\"show lldp interfaces\", \"status_message\": \"\", \"data\": "
			  "{\"Eth1/31\": [{\"Receive\": \"Enabled\", \"Transmit\": \"Enabled\", "
			  "\"TLVs\": \"PD, SN\"}]}}]}";
	const char *one = "[{\"Eth1/7 (Po100)\": [{\"Receive\": \"Enabled\", "
			  "\"Transmit\": \"Disabled\"}]}]";
	const char *odd = "{\"Eth1/1\": [{\"Receive\": \"Maybe\", \"Transmit\": "
			  "\"Disabled\"}], \"Eth1/2\": [{\"TLVs\": \"PD\"}], \"Eth1/3\": \"x\", "
			  "\"Summary\": [{\"Receive\": \"Enabled\"}]}";
	const char *bad[] = {"Interface  Receive  Transmit  TLVs\nEth1/1  Enabled  Enabled  PD\n",
			     "",
			     "{}",
			     "[]",
			     "{\"Summary\": \"x\"}",
			     "% Unrecognized command \"interfaces\".\n",
			     "{\"results\": [{\"status\": \"ERROR\", \"status_message\": \"%\"}]}"};
	struct fa_err err = FA_ERR_INIT;
	json_t *d, *p;
	size_t i;
	int r;

	d = fa_onyx_run_text(fa_parse_onyx_lldp_interfaces, NULL, api, strlen(api), &r, &err);
	p = fa_device_find_port(d, "Eth1/31");
	ck_assert_int_eq(r, 0);
	ck_assert_msg(fa_onyx_bool(p, "lldp.receive") == 1 && fa_onyx_bool(p, "lldp.transmit") == 1,
		      "The JSON API envelope is read.");
	/* The neighbour table after the states: the neighbour is still recorded. */
	fa_onyx_run_into(fa_parse_onyx_lldp, d,
			 fa_test_fixture(MFD "test_get_lldp_neighbors_parser_pass__out_L23.txt"));
	ck_assert_str_eq(fa_get_str(p, "lldp.system_name"), "LIN-ND3-DS5000");
	ck_assert_int_eq(fa_onyx_bool(p, "lldp.receive"), 1);
	ck_assert_msg(json_object_get(d, "warnings") == NULL,
		      "The states are not taken for a second neighbour.");
	json_decref(d);

	d = fa_onyx_run_text(fa_parse_onyx_lldp_interfaces, NULL, one, strlen(one), &r, &err);
	p = fa_device_find_port(d, "Eth1/7");
	ck_assert_int_eq(r, 0);
	ck_assert_msg(p != NULL && !fa_device_find_port(d, "Eth1/7 (Po100)"),
		      "A port-channel member is its port, without the channel.");
	ck_assert_int_eq(fa_onyx_bool(p, "lldp.receive"), 1);
	ck_assert_int_eq(fa_onyx_bool(p, "lldp.transmit"), 0);
	json_decref(d);

	d = fa_onyx_run_text(fa_parse_onyx_lldp_interfaces, NULL, odd, strlen(odd), &r, &err);
	ck_assert_int_eq(r, 0);
	p = fa_device_find_port(d, "Eth1/1");
	ck_assert_msg(fa_onyx_bool(p, "lldp.receive") == -1, "An unknown state is not recorded.");
	ck_assert_int_eq(fa_onyx_bool(p, "lldp.transmit"), 0);
	p = fa_device_find_port(d, "Eth1/2");
	ck_assert_msg(fa_onyx_bool(p, "lldp.receive") == -1 &&
			  fa_onyx_bool(p, "lldp.transmit") == -1,
		      "An entry without states records none.");
	ck_assert_msg(!fa_device_find_port(d, "Eth1/3") && !fa_device_find_port(d, "Summary"),
		      "An entry that is no object, and a key that is no interface, are no port.");
	ck_assert_msg(json_array_size(json_object_get(d, "warnings")) == 5,
		      "Unknown state, two missing states, the bad entry and the key are warned "
		      "(%zu).",
		      json_array_size(json_object_get(d, "warnings")));
	json_decref(d);

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		d = fa_onyx_run_text(fa_parse_onyx_lldp_interfaces, NULL, bad[i], strlen(bad[i]),
				     &r, &err);
		ck_assert_msg(r == -FA_EPARSE, "Input %zu is a parse error.", i);
		json_decref(d);
	}
}
END_TEST

/*
 * "show lldp local" as the NVIDIA manual prints it: what the switch advertises, and its
 * system name as the host name when no other command gave one.
 */
START_TEST(parse_onyx_lldp_local_text)
{
	json_t *d = fa_onyx_run(fa_parse_onyx_lldp_local, fa_onyx_src("show-lldp-local.txt"));
	json_t *named = fa_device_new("sw", "switch");

	ck_assert_int_eq(fa_onyx_bool(d, "lldp.enabled"), 1);
	ck_assert_str_eq(fa_get_str(d, "lldp.chassis_id"), "00:11:22:33:44:55");
	ck_assert_msg(strcmp(fa_get_str(d, "lldp.system_name"), "switch-111111") == 0,
		      "The system name is read without its quotes.");
	ck_assert_str_eq(fa_get_str(d, "hostname"), "switch-111111");
	ck_assert_msg(json_object_get(d, "warnings") == NULL, "Every line is understood.");
	ck_assert_msg(json_array_size(json_object_get(d, "ports")) == 0, "It makes no port.");
	json_decref(d);

	fa_set_str(named, "hostname", "sw-a");
	fa_onyx_run_into(fa_parse_onyx_lldp_local, named, fa_onyx_src("show-lldp-local.txt"));
	ck_assert_msg(strcmp(fa_get_str(named, "hostname"), "sw-a") == 0,
		      "A host name another command gave is kept.");
	ck_assert_str_eq(fa_get_str(named, "lldp.system_name"), "switch-111111");
	json_decref(named);
}
END_TEST

/* The json-print layout, the JSON API envelope, LLDP disabled, and what is refused. */
START_TEST(parse_onyx_lldp_local_json_and_variants)
{
	const char *api = "{\"results\": [{\"status\": \"OK\", \"executed_command\": "
			  "\"show lldp local\", \"status_message\": \"\", \"data\": "
			  "[{\"LLDP\": \"disabled\"}, {\"header\": \"Local global configuration\", "
			  "\"Chassis id\": \"N/A\", \"Color\": \"blue\"}]}]}";
	const char *off = "LLDP is Disabled\nLocal global configuration\n  System Name: \"N/A\"\n";
	const char *odd = "LLDP is Enabled\nLocal global configuration\n  Chassis id: "
			  "aa:bb:cc:dd:ee:ff\n  Uptime: 3 days\nsomething else\n";
	const char *bad[] = {"",
			     "{}",
			     "[]",
			     "LLDP is sleeping\n",
			     "Local global configuration\n  System Name: sw1\n",
			     "% Unrecognized command \"local\".\n",
			     "{\"results\": [{\"status\": \"ERROR\", \"status_message\": \"%\"}]}"};
	struct fa_err err = FA_ERR_INIT;
	json_t *d;
	size_t i;
	int r;

	d = fa_onyx_run(fa_parse_onyx_lldp_local, fa_onyx_src("show-lldp-local.json"));
	ck_assert_int_eq(fa_onyx_bool(d, "lldp.enabled"), 1);
	ck_assert_str_eq(fa_get_str(d, "lldp.chassis_id"), "7C:FE:90:A1:B2:00");
	ck_assert_str_eq(fa_get_str(d, "lldp.system_name"), "sw01");
	ck_assert_str_eq(fa_get_str(d, "hostname"), "sw01");
	ck_assert_msg(json_object_get(d, "warnings") == NULL, "Every key is understood.");
	json_decref(d);

	d = fa_onyx_run_text(fa_parse_onyx_lldp_local, NULL, api, strlen(api), &r, &err);
	ck_assert_int_eq(r, 0);
	ck_assert_int_eq(fa_onyx_bool(d, "lldp.enabled"), 0);
	ck_assert_msg(!fa_get_str(d, "lldp.chassis_id"), "N/A is no chassis id.");
	ck_assert_msg(fa_tp_nwarn(d) == 1, "The unknown key is warned (%zu).", fa_tp_nwarn(d));
	json_decref(d);

	d = fa_onyx_run_text(fa_parse_onyx_lldp_local, NULL, off, strlen(off), &r, &err);
	ck_assert_int_eq(r, 0);
	ck_assert_msg(fa_onyx_bool(d, "lldp.enabled") == 0 && !fa_get_str(d, "hostname") &&
			      !fa_get_str(d, "lldp.system_name"),
		      "LLDP disabled is recorded alone: \"N/A\" in quotes is no system name.");
	json_decref(d);

	d = fa_onyx_run_text(fa_parse_onyx_lldp_local, NULL, odd, strlen(odd), &r, &err);
	ck_assert_int_eq(r, 0);
	ck_assert_str_eq(fa_get_str(d, "lldp.chassis_id"), "aa:bb:cc:dd:ee:ff");
	ck_assert_msg(fa_tp_nwarn(d) == 2, "Two lines are not understood (%zu).", fa_tp_nwarn(d));
	json_decref(d);

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		d = fa_onyx_run_text(fa_parse_onyx_lldp_local, NULL, bad[i], strlen(bad[i]), &r,
				     &err);
		ck_assert_msg(r == -FA_EPARSE, "Input %zu is a parse error.", i);
		ck_assert_msg(!json_object_get(d, "lldp"), "Input %zu writes nothing.", i);
		json_decref(d);
	}
}
END_TEST

/* The real status table Intel's Onyx driver reads, and the columns later releases add. */
START_TEST(parse_onyx_interfaces_status)
{
	static const char wide[] =
	    "Port        Operational state    Admin      Speed     MTU      Description\n"
	    "----        -----------------    -----      -----     ---      -----------\n"
	    "Eth1/1      Up                   Enabled    100G      9216     to gpu001 mlx5_0\n"
	    "Eth1/2      Down                 Enabled    Unknown   1500\n"
	    "Eth1/3      Sideways             Enabled    10Q       -3\n"
	    "hello world\n";
	json_t *d = fa_onyx_run(fa_parse_onyx_status,
				fa_test_fixture(MFD "test_get_port_speed__out_L49.txt"));
	json_t *p = fa_device_find_port(d, "Eth1/9/1");
	struct fa_err err = FA_ERR_INIT;
	int r;

	ck_assert_ptr_nonnull(p);
	ck_assert_str_eq(fa_get_str(p, "oper_state"), "up");
	ck_assert_msg(fa_int(p, "speed") == 25000000000LL, "25G is 25 Gb/s.");
	ck_assert_msg(json_is_true(fa_obj_get_path(p, "autoneg")), "Negotiation Auto is autoneg.");
	ck_assert_msg(json_array_size(json_object_get(d, "ports")) == 1 &&
			  fa_tp_nwarn(d) == 0,
		      "One row, one port, no warning.");
	json_decref(d);

	d = fa_onyx_run_text(fa_parse_onyx_status, NULL, wide, sizeof(wide) - 1, &r, &err);
	ck_assert_int_eq(r, 0);
	p = fa_device_find_port(d, "Eth1/1");
	ck_assert_msg(fa_int(p, "mtu") == 9216 && fa_int(p, "speed") == 100000000000LL,
		      "MTU and speed are read by title.");
	ck_assert_str_eq(fa_get_str(p, "description"), "to gpu001 mlx5_0");
	p = fa_device_find_port(d, "Eth1/2");
	ck_assert_msg(!fa_obj_get_path(p, "speed") && fa_int(p, "mtu") == 1500 &&
			  !fa_obj_get_path(p, "description"),
		      "Unknown speed and no description set nothing.");
	ck_assert_msg(fa_tp_warned(d, "unknown oper_state 'Sideways'") &&
			  fa_tp_warned(d, "speed '10Q'") && fa_tp_warned(d, "MTU '-3'") &&
			  fa_tp_warned(d, "'hello world'"),
		      "Cells and rows not understood are warnings.");
	json_decref(d);

	d = fa_onyx_run_text(fa_parse_onyx_status, NULL, "% Unrecognized command \"statu\".\n",
			     32, &r, &err);
	ck_assert_msg(r == -FA_EPARSE, "A device error is a parse error.");
	json_decref(d);
}
END_TEST

/* The real running-config Intel's Onyx driver reads, its per-port fragments, the RoCE lines. */
START_TEST(parse_onyx_running_config)
{
	/* the RoCE settings, as the Onyx User Manual's commands are written back */
	static const char roce[] =
	    "##\n## Interface Ethernet configuration\n##\n"
	    "   interface ethernet 1/1-1/2 mtu 9216 force\n"
	    "   interface ethernet 1/1-1/3 qos trust L3\n"
	    "   interface ethernet 1/1 dcb priority-flow-control mode on force\n"
	    "   interface ethernet 1/2 dcb priority-flow-control mode off force\n"
	    "   interface ethernet 1/3 dcb priority-flow-control mode auto\n"
	    "   interface ethernet 1/5 fec-override turbo-fec force\n"
	    "   interface ethernet 1/9-1/2 speed 10G force\n"
	    "   interface ethernet 1/6 speed 40000 force\n"
	    "   interface ethernet 1/1 traffic-class 3 congestion-control ecn minimum-absolute 150 "
	    "maximum-absolute 1500\n"
	    "   interface ethernet 1/2 traffic-class 3 congestion-control ecn minimum-absolute 150 "
	    "maximum-absolute 1500\n"
	    "   interface ethernet 1/2 traffic-class 4 congestion-control both minimum-relative 10 "
	    "maximum-relative 80\n"
	    "   interface ethernet 1/3 traffic-class 3 congestion-control red minimum-absolute 150 "
	    "maximum-absolute 1500\n"
	    "##\n## DCBX PFC configuration\n##\n"
	    "   dcb priority-flow-control enable force\n"
	    "   dcb priority-flow-control priority 3 enable\n"
	    "   dcb priority-flow-control priority 4 enable\n";
	json_t *d = fa_onyx_run(fa_parse_onyx_config,
				fa_test_fixture(MFD "test_show_port_running_config__out_L70.txt"));
	json_t *p = fa_device_find_port(d, "Eth1/1");
	struct fa_err err = FA_ERR_INIT;
	int r, i;

	ck_assert_str_eq(fa_get_str(p, "fec"), "baser");
	ck_assert_msg(fa_int(p, "speed") == 1000000000LL, "speed 1G force is 1 Gb/s.");
	ck_assert_str_eq(fa_get_str(p, "description"), "TRUNK TO Dell7048");
	for (i = 2; i <= 18; i++) {
		char name[16];

		snprintf(name, sizeof(name), "Eth1/%d", i);
		ck_assert_msg(fa_int(fa_device_find_port(d, name), "speed") == 10000000000LL,
			      "The range 1/2-1/18 sets %s to 10G.", name);
	}
	ck_assert_str_eq(fa_get_str(fa_device_find_port(d, "Eth1/4"), "admin_state"), "down");
	ck_assert_msg(fa_device_find_port(d, "Eth1/16") &&
			  !fa_obj_get_path(fa_device_find_port(d, "Eth1/16"), "admin_state"),
		      "No shutdown line: the admin state is not assumed.");
	ck_assert_msg(json_array_size(json_object_get(d, "ports")) == 18 && fa_tp_nwarn(d) == 0,
		      "Eighteen ports, no warning.");
	json_decref(d);

	d = fa_onyx_run(fa_parse_onyx_config,
			fa_test_fixture("intel__mfd-switchmanagement/extracted/test_mellanox_25G/"
					"test_get_fec_success__port_cfg_L48.txt"));
	ck_assert_str_eq(fa_get_str(fa_device_find_port(d, "Eth1/1"), "fec"), "rs");
	json_decref(d);

	d = fa_onyx_run_text(fa_parse_onyx_config, NULL, roce, sizeof(roce) - 1, &r, &err);
	ck_assert_int_eq(r, 0);
	p = fa_device_find_port(d, "Eth1/1");
	ck_assert_msg(fa_int(p, "mtu") == 9216, "mtu 9216 force.");
	ck_assert_str_eq(fa_get_str(p, "qos.trust"), "dscp");
	ck_assert_msg(json_array_size(fa_obj_get_path(p, "qos.pfc_enabled")) == 2 &&
			  json_integer_value(json_array_get(fa_obj_get_path(p, "qos.pfc_enabled"),
							    0)) == 3,
		      "Mode on pauses the enabled priorities 3 and 4, read after it.");
	p = fa_device_find_port(d, "Eth1/2");
	ck_assert_msg(json_array_size(fa_obj_get_path(p, "qos.pfc_enabled")) == 0 &&
			  fa_obj_get_path(p, "qos.pfc_enabled"),
		      "Mode off is no PFC.");
	ck_assert_msg(!fa_obj_get_path(fa_device_find_port(d, "Eth1/3"), "qos.pfc_enabled"),
		      "Mode auto depends on DCBX: nothing set.");
	p = fa_device_find_port(d, "Eth1/1");
	ck_assert_msg(json_array_size(fa_obj_get_path(p, "qos.ecn.enabled_tcs")) == 1 &&
			  fa_int(p, "qos.ecn.min_threshold") == 150 * 1024 &&
			  fa_int(p, "qos.ecn.max_threshold") == 1500 * 1024,
		      "ECN on TC 3 from 150 to 1500 KB.");
	p = fa_device_find_port(d, "Eth1/2");
	ck_assert_msg(json_array_size(fa_obj_get_path(p, "qos.ecn.enabled_tcs")) == 2 &&
			  !fa_obj_get_path(p, "qos.ecn.min_threshold"),
		      "TCs 3 and 4 mark; thresholds that differ (one relative) are left out.");
	ck_assert_msg(!fa_obj_get_path(fa_device_find_port(d, "Eth1/3"), "qos.ecn"),
		      "RED alone drops, it does not mark.");
	ck_assert_msg(fa_tp_warned(d, "value not understood: interface ethernet 1/5") &&
			  fa_tp_warned(d, "value not understood: interface ethernet 1/6") &&
			  fa_tp_warned(d, "ports not understood: interface ethernet 1/9-1/2"),
		      "A value or range not understood is a warning.");
	json_decref(d);

	d = fa_onyx_run_text(fa_parse_onyx_config, NULL, "% Unrecognized command \"x\".\n", 27,
			     &r, &err);
	ck_assert_msg(r == -FA_EPARSE, "A device error is a parse error.");
	json_decref(d);
}
END_TEST

START_TEST(parse_onyx_bad_input)
{
	static const char *const bad[] = {
	    "",
	    "% Unrecognized command \"roce\".\nType \"show ?\" for help.\n",
	    "{\"results\": [{\"status\": \"ERROR\", \"status_message\": \"denied\"}]}",
	    "{ truncated",
	};
	fa_parse_fn *const fns[] = {fa_parse_onyx_version, fa_parse_onyx_interfaces,
				    fa_parse_onyx_pfc,	   fa_parse_onyx_ets,
				    fa_parse_onyx_roce,	   fa_parse_onyx_lldp,
				    fa_parse_onyx_lldp_interfaces};
	size_t i, j;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		for (j = 0; j < sizeof(fns) / sizeof(fns[0]); j++) {
			struct fa_err err = FA_ERR_INIT;
			int r;
			json_t *d =
			    fa_onyx_run_text(fns[j], NULL, bad[i], strlen(bad[i]), &r, &err);

			ck_assert_msg(r == -FA_EPARSE, "Input %zu to parser %zu is a parse error.",
				      i, j);
			json_decref(d);
		}
}
END_TEST

START_TEST(parse_onyx_truncated_and_garbled)
{
	struct fa_buf b = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	const char *garbled = "Eth1/1\n  Admin state: Maybe\n  MTU: lots\n  Actual speed: fast\n"
			      "stray words at column zero\n  indented words without a colon\n";
	json_t *d, *p;
	int r;

	fa_test_read(fa_test_fixture(QUALI "test_mellanox_os__show_interfaces.txt"), &b);
	d = fa_onyx_run_text(fa_parse_onyx_interfaces, NULL, b.buf, b.len / 2, &r, &err);
	ck_assert_msg(r == 0 && fa_device_find_port(d, "Eth1/1") != NULL,
		      "Half a capture gives the interfaces it holds.");
	json_decref(d);
	d = fa_onyx_run_text(fa_parse_onyx_interfaces, NULL, garbled, strlen(garbled), &r, &err);
	p = fa_device_find_port(d, "Eth1/1");
	ck_assert_int_eq(r, 0);
	ck_assert_msg(!fa_obj_get_path(p, "admin_state") && !fa_obj_get_path(p, "mtu") &&
			  !fa_obj_get_path(p, "speed"),
		      "Values not understood are not recorded.");
	ck_assert_msg(json_array_size(json_object_get(d, "warnings")) == 5,
		      "Each line not understood is one warning (%zu).",
		      json_array_size(json_object_get(d, "warnings")));
	json_decref(d);
	fa_buf_release(&b);
}
END_TEST

/* Integers of the array at @path, as "0 1 2"; "" when absent. */
static const char *fa_onyx_ints(const json_t *port, const char *path)
{
	static char out[256];
	const json_t *a = fa_obj_get_path(port, path);
	size_t i, n = 0;

	out[0] = '\0';
	for (i = 0; i < json_array_size(a) && n + 8 < sizeof(out); i++)
		n += (size_t)snprintf(out + n, sizeof(out) - n, "%s%lld", i ? " " : "",
				      (long long)json_integer_value(json_array_get(a, i)));
	return out;
}

/*
 * "show qos" through the JSON API: Eth1/1 holds the settings of the reply quoted in Samsung's
 * switch client (Trust mode L2, the default map), Eth1/2 trusts L3 and sends DSCP 46 to
 * priority 6, Eth1/3's map leaves DSCP 63 out.
 */
START_TEST(parse_onyx_qos_json)
{
	json_t *d = fa_onyx_run(fa_parse_onyx_qos, fa_onyx_src("show-qos.json"));
	json_t *p1 = fa_device_find_port(d, "Eth1/1"), *p2 = fa_device_find_port(d, "Eth1/2");
	json_t *p3 = fa_device_find_port(d, "Eth1/3"), *m;

	ck_assert_msg(p1 && p2 && p3, "Every interface of the reply is a port.");
	ck_assert_str_eq(fa_get_str(p1, "type"), "ethernet");
	ck_assert_msg(strcmp(fa_get_str(p1, "qos.trust"), "pcp") == 0, "Trust mode L2 is pcp.");
	ck_assert_msg(strcmp(fa_get_str(p2, "qos.trust"), "dscp") == 0, "Trust mode L3 is dscp.");
	ck_assert_str_eq(fa_get_str(p3, "qos.trust"), "both");
	m = fa_obj_get_path(p1, "qos.dscp_to_priority");
	ck_assert_msg(json_array_size(m) == 64, "The map has one entry per DSCP value.");
	ck_assert_int_eq(json_integer_value(json_array_get(m, 0)), 0);
	ck_assert_int_eq(json_integer_value(json_array_get(m, 26)), 3);
	ck_assert_int_eq(json_integer_value(json_array_get(m, 63)), 7);
	m = fa_obj_get_path(p2, "qos.dscp_to_priority");
	ck_assert_msg(json_integer_value(json_array_get(m, 46)) == 6 &&
			  json_integer_value(json_array_get(m, 45)) == 5,
		      "DSCP 46 is moved to priority 6; its neighbour stays at 5.");
	ck_assert_msg(!fa_obj_get_path(p3, "qos.dscp_to_priority"),
		      "A map that leaves a DSCP value out is not recorded.");
	ck_assert_msg(json_array_size(json_object_get(d, "warnings")) == 1,
		      "The short map is the one warning.");
	json_decref(d);
}
END_TEST

/* The per-interface form (a list of one object), bad values, text and empty output. */
START_TEST(parse_onyx_qos_variants)
{
	const char *one = "[{\"Eth1/9/2\": [{\"Trust mode\": \"port\"}]}]";
	const char *odd = "{\"Eth1/1\": [{\"Trust mode\": \"L4\"}, {\"PCP(DEI); DSCP to "
			  "switch-priority mapping\": [{\"0(0) 0(1)\": [{\"switch-priority\": "
			  "\"9\", \"DSCP\": \"0\"}]}]}], \"Summary\": \"x\"}";
	const char *bad[] = {"Interface ethernet 1/1\n  Trust mode: L2\n", "", "[]", "{}",
			     "{\"results\": [{\"status\": \"ERROR\", \"status_message\": \"%\"}]}"};
	struct fa_err err = FA_ERR_INIT;
	json_t *d, *p;
	size_t i;
	int r;

	d = fa_onyx_run_text(fa_parse_onyx_qos, NULL, one, strlen(one), &r, &err);
	ck_assert_int_eq(r, 0);
	ck_assert_msg(strcmp(fa_get_str(fa_device_find_port(d, "Eth1/9/2"), "qos.trust"),
			     "port") == 0,
		      "A split port's trust mode is read from the per-interface form.");
	json_decref(d);
	d = fa_onyx_run_text(fa_parse_onyx_qos, NULL, odd, strlen(odd), &r, &err);
	p = fa_device_find_port(d, "Eth1/1");
	ck_assert_int_eq(r, 0);
	ck_assert_msg(!fa_obj_get_path(p, "qos.trust") &&
			  !fa_obj_get_path(p, "qos.dscp_to_priority"),
		      "An unknown trust mode and a bad priority are not recorded.");
	ck_assert_msg(json_array_size(json_object_get(d, "warnings")) == 4,
		      "Trust, map row, short map and the key that is no interface are warned (%zu).",
		      json_array_size(json_object_get(d, "warnings")));
	json_decref(d);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		d = fa_onyx_run_text(fa_parse_onyx_qos, NULL, bad[i], strlen(bad[i]), &r, &err);
		ck_assert_msg(r == -FA_EPARSE, "Input %zu is a parse error.", i);
		json_decref(d);
	}
}
END_TEST

/* Eth1/1 marks on TC 3 at 150-1500 KB (RED on TC 2), Eth1/2 relative, Eth1/3 nothing. */
START_TEST(parse_onyx_congestion_json)
{
	json_t *d = fa_onyx_run(fa_parse_onyx_congestion,
				fa_onyx_src("show-interfaces-ethernet-congestion-control.json"));
	json_t *p1 = fa_device_find_port(d, "Eth1/1"), *p2 = fa_device_find_port(d, "Eth1/2");
	json_t *p3 = fa_device_find_port(d, "Eth1/3");

	ck_assert_msg(p1 && p2 && p3, "\"Interface ethernet\": \"1/N\" is port Eth1/N.");
	ck_assert_msg(strcmp(fa_onyx_ints(p1, "qos.ecn.enabled_tcs"), "3") == 0,
		      "TC 3 marks; RED on TC 2 drops and does not mark.");
	ck_assert_int_eq(fa_int(p1, "qos.ecn.min_threshold"), 150 * 1024);
	ck_assert_int_eq(fa_int(p1, "qos.ecn.max_threshold"), 1500 * 1024);
	ck_assert_str_eq(fa_onyx_ints(p2, "qos.ecn.enabled_tcs"), "3");
	ck_assert_msg(!fa_obj_get_path(p2, "qos.ecn.min_threshold") &&
			  !fa_obj_get_path(p2, "qos.ecn.max_threshold"),
		      "Relative thresholds are not bytes.");
	ck_assert_msg(json_is_array(fa_obj_get_path(p3, "qos.ecn.enabled_tcs")) &&
			  json_array_size(fa_obj_get_path(p3, "qos.ecn.enabled_tcs")) == 0,
		      "A port whose TCs are all 'none' marks on no TC.");
	ck_assert_msg(json_object_get(d, "warnings") == NULL, "Every object is understood.");
	json_decref(d);
}
END_TEST

/* Two ECN TCs with different thresholds, unknown modes and headers, no interface, text. */
START_TEST(parse_onyx_congestion_variants)
{
	const char *two =
	    "[{\"Interface ethernet\": \"1/5\"},"
	    " {\"header\": \"TC-3\", \"Mode\": \"ECN\", \"Threshold mode\": \"absolute\","
	    "  \"Minimum threshold\": \"150 KB\", \"Maximum threshold\": \"1500 KB\"},"
	    " {\"header\": \"TC-4\", \"Mode\": \"ECN\", \"Threshold mode\": \"absolute\","
	    "  \"Minimum threshold\": \"100 KB\", \"Maximum threshold\": \"1500 KB\"},"
	    " {\"header\": \"TC-5\", \"Mode\": \"WRED\"}, {\"header\": \"TC-9\"},"
	    " {\"Interface ethernet\": \"1/6\"}]";
	const char *bad[] = {"Interface ethernet 1/1\n TC-3:\n  Mode: ECN\n", "[]",
			     "[{\"header\": \"TC-3\", \"Mode\": \"ECN\"}]"};
	struct fa_err err = FA_ERR_INIT;
	json_t *d, *p;
	size_t i;
	int r;

	d = fa_onyx_run_text(fa_parse_onyx_congestion, NULL, two, strlen(two), &r, &err);
	p = fa_device_find_port(d, "Eth1/5");
	ck_assert_int_eq(r, 0);
	ck_assert_str_eq(fa_onyx_ints(p, "qos.ecn.enabled_tcs"), "3 4");
	ck_assert_msg(!fa_obj_get_path(p, "qos.ecn.min_threshold") &&
			  !fa_obj_get_path(p, "qos.ecn.max_threshold"),
		      "Marking TCs that disagree give no thresholds.");
	ck_assert_msg(!fa_obj_get_path(fa_device_find_port(d, "Eth1/6"), "qos.ecn"),
		      "An interface that lists no TC gets no ECN fields.");
	ck_assert_msg(json_array_size(json_object_get(d, "warnings")) == 2,
		      "The unknown mode and the unknown header are warned (%zu).",
		      json_array_size(json_object_get(d, "warnings")));
	json_decref(d);
	d = fa_onyx_run(fa_parse_onyx_roce, fa_onyx_src("show-roce.txt"));
	p = fa_device_port(d, "Eth1/5");
	fa_set_str(p, "type", "ethernet");
	fa_set_int(p, "qos.ecn.min_threshold", 150 * 1024);
	fa_set_int(p, "qos.ecn.max_threshold", 1500 * 1024);
	fa_onyx_run_text(fa_parse_onyx_congestion, d, two, strlen(two), &r, &err);
	ck_assert_int_eq(r, 0);
	ck_assert_msg(!fa_obj_get_path(p, "qos.ecn.min_threshold") &&
			  !fa_obj_get_path(p, "qos.ecn.max_threshold") &&
			  strcmp(fa_onyx_ints(p, "qos.ecn.enabled_tcs"), "3 4") == 0,
		      "The port's own view replaces the thresholds the RoCE profile gave.");
	json_decref(d);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		d = fa_onyx_run_text(fa_parse_onyx_congestion, NULL, bad[i], strlen(bad[i]), &r,
				     &err);
		ck_assert_msg(r == -FA_EPARSE, "Input %zu is a parse error.", i);
		json_decref(d);
	}
}
END_TEST

/*
 * "show roce"'s buffer pools in the manual's example: lossy-default holds 0, 1, 2 and, on
 * the wrapped line, 4, 5, 6, 7; roce-reserved (lossless) holds 3.
 */
START_TEST(parse_onyx_roce_pools)
{
	json_t *d =
	    fa_onyx_run(fa_parse_onyx_interfaces, fa_onyx_src("show-interfaces-ethernet.txt"));
	json_t *p;
	size_t i, n = 0;

	d = fa_onyx_run_into(fa_parse_onyx_roce, d, fa_onyx_src("show-roce.txt"));
	json_array_foreach(json_object_get(d, "ports"), i, p) {
		const char *got;

		if (strcmp(fa_get_str(p, "type"), "ethernet") != 0)
			continue;
		n++;
		got = fa_onyx_ints(p, "qos.lossless_pool_priorities");
		ck_assert_msg(strcmp(got, "3") == 0,
			      "Only priority 3 is in a lossless pool on %s (got '%s').",
			      fa_get_str(p, "name"), got);
	}
	ck_assert_msg(n >= 2, "Every Ethernet port (%zu) gets the switch's pools.", n);
	ck_assert_msg(json_object_get(d, "warnings") == NULL, "The pool table is understood.");
	json_decref(d);
}
END_TEST

#define FA_POOLS_HEAD                                                                      \
	"switch (config) # show roce\n\nRoCE mode      : lossless\n\nRoCE buffer pools:\n"   \
	"-------------------------------------------------------------\n"                    \
	"           Traffic   Type       Memory   Switch     Memory\n"                         \
	"           Pool                 [%]      Priorities actual\n"                         \
	"-------------------------------------------------------------\n"

/* One pool table: the field it gives Eth1/1 ("(absent)" when none) and the warnings. */
static json_t *fa_onyx_pools(const char *rows, const char **ret_field)
{
	static char out[256];
	struct fa_buf b = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	json_t *d = fa_device_new("sw", "switch"), *p;
	int r;

	fa_set_str(fa_device_port(d, "Eth1/1"), "type", "ethernet");
	fa_buf_addf(&b, "%s%s", FA_POOLS_HEAD, rows);
	d = fa_onyx_run_text(fa_parse_onyx_roce, d, b.buf, b.len, &r, &err);
	ck_assert_int_eq(r, 0);
	p = fa_device_find_port(d, "Eth1/1");
	snprintf(out, sizeof(out), "%s",
		 fa_obj_get_path(p, "qos.lossless_pool_priorities")
		     ? fa_onyx_ints(p, "qos.lossless_pool_priorities")
		     : "(absent)");
	ck_assert_str_eq(fa_get_str(p, "qos.roce_mode"), "lossless");
	*ret_field = out;
	fa_buf_release(&b);
	return d;
}

START_TEST(parse_onyx_roce_pools_variants)
{
	const char *f;
	json_t *d;

	d = fa_onyx_pools("lossy-default        lossy      auto     0, 1, 2,   11.3M\n"
			  "                                         6, 7\n"
			  "roce-reserved        lossless   auto     3, 4,      11.3M\n"
			  "                                         5\n"
			  "lossy-mc             lossy-mc   auto     -          1.2M\n",
			  &f);
	ck_assert_msg(strcmp(f, "3 4 5") == 0, "A wrapped lossless list is read whole (got '%s').",
		      f);
	ck_assert_msg(json_object_get(d, "warnings") == NULL, "Every row is understood.");
	json_decref(d);

	d = fa_onyx_pools("roce-reserved        lossless   auto     3          11.3M\n"
			  "lossy-default        lossy      auto     0,1,2,4,5,6,7  11.3M\n", &f);
	ck_assert_msg(strcmp(f, "3") == 0, "The pools may come in any order (got '%s').", f);
	ck_assert_msg(json_object_get(d, "warnings") == NULL, "A list without blanks is read.");
	json_decref(d);

	d = fa_onyx_pools("lossy-default        lossy      auto     0, 1, 2, 3, 11.3M\n"
			  "                                         4, 5, 6, 7\n"
			  "roce-reserved        lossless   auto     -          11.3M\n",
			  &f);
	ck_assert_msg(f[0] == '\0', "A lossless pool with no priority gives [] (got '%s').", f);
	json_decref(d);

	d = fa_onyx_pools("lossy-default        lossy      auto     0, 1, 2,   11.3M\n"
			  "                                         4, 5, 6, 7\n"
			  "roce-reserved        lossless   auto     3x         11.3M\n",
			  &f);
	ck_assert_msg(strcmp(f, "(absent)") == 0, "A lossless row not read records nothing.");
	ck_assert_msg(fa_tp_warned(d, "buffer pool priority list not understood: 'roce-reserved"
				      "        lossless   auto     3x         11.3M'"),
		      "The warning names the line.");
	json_decref(d);

	d = fa_onyx_pools("lossy-default        lossy      auto     zero       11.3M\n"
			  "roce-reserved        lossless   auto     3          11.3M\n",
			  &f);
	ck_assert_msg(strcmp(f, "3") == 0, "A lossy row not read cannot change the lossless set.");
	ck_assert_msg(fa_tp_warned(d, "lossy-default"), "It is warned about.");
	json_decref(d);

	d = fa_onyx_pools("roce-reserved        lossful    auto     3          11.3M\n", &f);
	ck_assert_msg(strcmp(f, "(absent)") == 0 && fa_tp_warned(d, "buffer pool unknown type"),
		      "An unknown pool type records nothing and is warned about.");
	json_decref(d);

	d = fa_onyx_pools("roce-reserved        lossless   auto     3, 4,      11.3M\n", &f);
	ck_assert_msg(strcmp(f, "(absent)") == 0 &&
			  fa_tp_warned(d, "priority list ends in a comma: 'roce-reserved'"),
		      "A lossless list cut after a comma records nothing.");
	json_decref(d);

	d = fa_onyx_pools("roce-reserved\n", &f);
	ck_assert_msg(strcmp(f, "(absent)") == 0 && fa_tp_warned(d, "'roce-reserved'"),
		      "A row with one cell records nothing and is warned about.");
	json_decref(d);

	d = fa_onyx_pools("", &f);
	ck_assert_msg(strcmp(f, "(absent)") == 0, "A header with no rows records nothing, not [].");
	ck_assert_msg(json_object_get(d, "warnings") == NULL, "The header is not warned about.");
	json_decref(d);
}
END_TEST

/* Without the pool table (releases before it, or a shortened output) nothing is recorded. */
START_TEST(parse_onyx_roce_no_pools)
{
	json_t *d =
	    fa_onyx_run(fa_parse_onyx_interfaces, fa_onyx_src("show-interfaces-ethernet.txt"));
	struct fa_buf b = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	json_t *p;
	char *cut;
	int r;

	fa_test_read(fa_onyx_src("show-roce.txt"), &b);
	cut = strstr(b.buf, "RoCE buffer pools:");
	ck_assert_msg(cut != NULL, "The fixture has the pool table.");
	*cut = '\0';
	d = fa_onyx_run_text(fa_parse_onyx_roce, d, b.buf, strlen(b.buf), &r, &err);
	ck_assert_int_eq(r, 0);
	p = fa_device_find_port(d, "Eth1/1");
	ck_assert_str_eq(fa_get_str(p, "qos.roce_mode"), "lossless");
	ck_assert_msg(fa_obj_get_path(p, "qos.lossless_pool_priorities") == NULL,
		      "No pool table, no lossless pool priorities.");
	fa_buf_release(&b);
	json_decref(d);
}
END_TEST

START_TEST(parse_onyx_platform_table)
{
	const struct fa_platform *p = fa_platform_find("onyx");
	size_t i;

	ck_assert_msg(p != NULL, "onyx is a platform.");
	for (i = 0; i < p->ncommands; i++) {
		ck_assert_msg(strncmp(p->commands[i].command, "show ", 5) == 0,
			      "Every Onyx command is a show command.");
		ck_assert_msg(p->commands[i].expand == FA_EXPAND_NONE, "Once per device.");
	}
	ck_assert_msg(
	    fa_platform_command(p, "show dcb priority-flow-control | json-print", NULL)->parse ==
		fa_parse_onyx_pfc,
	    "The json-print form has the same parser.");
	for (i = 1; fa_platforms[i]; i++)
		ck_assert_msg(strcmp(fa_platforms[i - 1]->name, fa_platforms[i]->name) < 0,
			      "fa_platforms[] is sorted by name.");
}
END_TEST

Suite *fa_parse_onyx_suite(void)
{
	Suite *s = suite_create("parse_onyx");
	TCase *tc = tcase_create("parse_onyx");

	tcase_add_test(tc, parse_onyx_version_36_text);
	tcase_add_test(tc, parse_onyx_version_json_api);
	tcase_add_test(tc, parse_onyx_interfaces_36_text);
	tcase_add_test(tc, parse_onyx_interfaces_aligned_text);
	tcase_add_test(tc, parse_onyx_interfaces_json_print);
	tcase_add_test(tc, parse_onyx_pfc_text_and_json);
	tcase_add_test(tc, parse_onyx_pfc_disabled_switch_wide);
	tcase_add_test(tc, parse_onyx_ets_tables);
	tcase_add_test(tc, parse_onyx_ets_json);
	tcase_add_test(tc, parse_onyx_roce_profile);
	tcase_add_test(tc, parse_onyx_roce_disabled);
	tcase_add_test(tc, parse_onyx_roce_not_configured);
	tcase_add_test(tc, parse_onyx_roce_pools);
	tcase_add_test(tc, parse_onyx_roce_pools_variants);
	tcase_add_test(tc, parse_onyx_roce_no_pools);
	tcase_add_test(tc, parse_onyx_lldp_remote);
	tcase_add_test(tc, parse_onyx_lldp_interfaces_json);
	tcase_add_test(tc, parse_onyx_lldp_interfaces_variants);
	tcase_add_test(tc, parse_onyx_lldp_local_text);
	tcase_add_test(tc, parse_onyx_lldp_local_json_and_variants);
	tcase_add_test(tc, parse_onyx_interfaces_status);
	tcase_add_test(tc, parse_onyx_running_config);
	tcase_add_test(tc, parse_onyx_qos_json);
	tcase_add_test(tc, parse_onyx_qos_variants);
	tcase_add_test(tc, parse_onyx_congestion_json);
	tcase_add_test(tc, parse_onyx_congestion_variants);
	tcase_add_test(tc, parse_onyx_bad_input);
	tcase_add_test(tc, parse_onyx_truncated_and_garbled);
	tcase_add_test(tc, parse_onyx_platform_table);
	suite_add_tcase(s, tc);
	return s;
}
