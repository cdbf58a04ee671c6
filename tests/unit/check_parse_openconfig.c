/* SPDX-License-Identifier: MIT */
/*
 * OpenConfig parsers on real replies (published IOS-XE get-config, recorded netconfd get) and
 * on written replies with state, LLDP and QoS data, plus malformed and hostile input.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "audit/util/buf.h"
#include "drivers/openconfig/parse-openconfig.h"
#include "drivers/platform.h"
#include "tests/unit/parse-helpers.h"
#include "tests/unit/unit.h"
#include "audit/util/banned.h"

#define OCFIX "tests/fixtures/openconfig/leaf1/"

static json_t *fa_oc_run_text(fa_parse_fn *fn, const char *text, size_t len, int *ret,
			      struct fa_err *err)
{
	json_t *dev = fa_device_new("leaf1", "switch");

	*ret = fa_tp_direct(fn, "<get/>", FA_CAPTURE_XML, text, len, dev, err);
	return dev;
}

static json_t *fa_oc_run(fa_parse_fn *fn, const char *path)
{
	return fa_tp_direct_file(fn, "<get/>", FA_CAPTURE_XML, path,
				 fa_device_new("leaf1", "switch"));
}

START_TEST(parse_openconfig_interfaces_netconfd)
{
	json_t *dev = fa_oc_run(fa_parse_openconfig_interfaces,
				fa_test_srcfile("tests/fixtures/netconf/netconfd-get-interfaces.xml"));
	json_t *p1 = fa_device_find_port(dev, "swp1"), *p2 = fa_device_find_port(dev, "swp2");
	json_int_t v;

	ck_assert_msg(p1 && p2 && json_array_size(json_object_get(dev, "ports")) == 2,
		      "netconfd's reply has exactly swp1 and swp2.");
	ck_assert_msg(fa_get_int(p1, "mtu", &v) && v == 9216, "swp1 has MTU 9216.");
	ck_assert_msg(fa_get_int(p1, "speed", &v) && v == 100000000000LL,
		      "swp1's SPEED_100GB is 100 Gb/s.");
	ck_assert_msg(strcmp(fa_get_str(p1, "admin_state"), "up") == 0 &&
		      strcmp(fa_get_str(p1, "description"), "to spine1") == 0 &&
		      strcmp(fa_get_str(p1, "type"), "ethernet") == 0,
		      "swp1 is an enabled ethernet port described 'to spine1'.");
	ck_assert_msg(json_is_false(fa_obj_get_path(p1, "autoneg")), "swp1 has autoneg off.");
	ck_assert_msg(fa_get_int(p2, "mtu", &v) && v == 1500 &&
		      strcmp(fa_get_str(p2, "admin_state"), "down") == 0,
		      "swp2 has MTU 1500 and is disabled.");
	ck_assert_msg(!fa_get_str(p1, "oper_state") && !fa_get_int(p2, "speed", &v),
		      "A reply without state sets no oper_state, and no speed where none was set.");
	ck_assert_msg(!json_object_get(dev, "warnings"), "The reply needs no warning.");
	json_decref(dev);
}
END_TEST

START_TEST(parse_openconfig_interfaces_iosxe)
{
	json_t *dev = fa_oc_run(fa_parse_openconfig_interfaces,
				fa_test_fixture("scrapli__scrapli_netconf/tests/test_data/expected/"
						"cisco_iosxe_1_1/get_config"));
	json_t *g1 = fa_device_find_port(dev, "GigabitEthernet1");
	json_t *g2 = fa_device_find_port(dev, "GigabitEthernet2");

	ck_assert_msg(json_array_size(json_object_get(dev, "ports")) == 8,
		      "The IOS-XE reply has 8 OpenConfig interfaces (got %zu).",
		      json_array_size(json_object_get(dev, "ports")));
	ck_assert_msg(g1 && strcmp(fa_get_str(g1, "admin_state"), "up") == 0 &&
		      strcmp(fa_get_str(g1, "type"), "ethernet") == 0,
		      "GigabitEthernet1 is an enabled ethernetCsmacd port.");
	ck_assert_msg(json_is_true(fa_obj_get_path(g1, "autoneg")), "GigabitEthernet1 autonegotiates.");
	ck_assert_msg(g2 && strcmp(fa_get_str(g2, "admin_state"), "down") == 0,
		      "GigabitEthernet2 is disabled.");
	ck_assert_msg(!fa_get_str(g1, "mac") && fa_tp_warned(dev, "'MAC_ADDRESS' is not a MAC"),
		      "The published placeholder MAC is a warning, never a value.");
	json_decref(dev);
}
END_TEST

START_TEST(parse_openconfig_interfaces_state_wins)
{
	json_t *dev = fa_oc_run(fa_parse_openconfig_interfaces, fa_test_srcfile(OCFIX "interfaces.xml"));
	json_t *e1 = fa_device_find_port(dev, "Ethernet1/1"), *e2 = fa_device_find_port(dev, "Ethernet1/2");
	json_t *lag = fa_device_find_port(dev, "Port-Channel10");
	json_int_t v;

	ck_assert_msg(fa_get_int(e1, "mtu", &v) && v == 9100,
		      "The state MTU (9100) wins over the configured one (9216).");
	ck_assert_msg(fa_get_int(e1, "speed", &v) && v == 400000000000LL, "Ethernet1/1 runs at 400G.");
	ck_assert_msg(strcmp(fa_get_str(e1, "oper_state"), "up") == 0 &&
		      strcmp(fa_get_str(e1, "fec"), "rs") == 0 &&
		      strcmp(fa_get_str(e1, "mac"), "0c:42:a1:5b:10:01") == 0,
		      "Ethernet1/1 is up with RS FEC and its hardware MAC in lowercase.");
	ck_assert_msg(strcmp(fa_get_str(e2, "oper_state"), "lowerlayerdown") == 0 &&
		      strcmp(fa_get_str(e2, "fec"), "off") == 0 && !fa_get_int(e2, "speed", &v),
		      "Ethernet1/2 is lowerlayerdown, FEC off, and SPEED_UNKNOWN gives no speed.");
	ck_assert_msg(strcmp(fa_get_str(lag, "type"), "bond") == 0 && !fa_get_int(lag, "mtu", &v) &&
		      !fa_get_str(lag, "oper_state"),
		      "The LAG is a bond whose bad MTU and unknown oper-status are left out.");
	ck_assert_msg(fa_tp_warned(dev, "mtu 'jumbo'") && fa_tp_warned(dev, "'SLEEPING'"),
		      "The refused values are warnings.");
	json_decref(dev);
}
END_TEST

START_TEST(parse_openconfig_lldp_neighbours)
{
	json_t *dev = fa_oc_run(fa_parse_openconfig_lldp, fa_test_srcfile(OCFIX "lldp.xml"));
	json_t *e1 = fa_device_find_port(dev, "Ethernet1/1");
	json_t *e3 = fa_device_find_port(dev, "Ethernet1/3");

	ck_assert_msg(strcmp(fa_get_str(e1, "lldp.system_name"), "gpu001") == 0 &&
		      strcmp(fa_get_str(e1, "lldp.port_id"), "b8:3f:d2:11:22:33") == 0 &&
		      strcmp(fa_get_str(e1, "lldp.port_description"), "ens1f0np0") == 0 &&
		      strcmp(fa_get_str(e1, "lldp.chassis_id"), "b8:3f:d2:00:00:01") == 0,
		      "Ethernet1/1's neighbour is gpu001 ens1f0np0.");
	ck_assert_msg(!fa_device_find_port(dev, "Ethernet1/2"),
		      "A port without neighbours gets no LLDP data.");
	ck_assert_msg(strcmp(fa_get_str(e3, "lldp.system_name"), "spine1") == 0 &&
		      fa_tp_warned(dev, "Ethernet1/3 has 2 neighbours"),
		      "With two neighbours the first is kept and the second is warned about.");
	ck_assert_msg(strcmp(fa_get_str(dev, "hostname"), "leaf1.pod1.example.net") == 0,
		      "The local LLDP system name is the hostname when nothing else gave one.");
	json_decref(dev);
}
END_TEST

START_TEST(parse_openconfig_qos_ecn)
{
	json_t *dev = fa_oc_run(fa_parse_openconfig_qos, fa_test_srcfile(OCFIX "qos.xml"));
	json_t *e1 = fa_device_find_port(dev, "Ethernet1/1");
	json_t *tcs = fa_obj_get_path(e1, "qos.ecn.enabled_tcs");
	json_int_t v;

	ck_assert_msg(json_array_size(tcs) == 1 && json_integer_value(json_array_get(tcs, 0)) == 3,
		      "ECN is enabled on queue 3 (ROCE) only.");
	ck_assert_msg(fa_get_int(e1, "qos.ecn.min_threshold", &v) && v == 153600 &&
		      fa_get_int(e1, "qos.ecn.max_threshold", &v) && v == 1536000 &&
		      fa_get_int(e1, "qos.ecn.probability", &v) && v == 5,
		      "The ECN profile's thresholds and probability are on the port.");
	ck_assert_msg(!fa_device_find_port(dev, "Ethernet1/2"),
		      "A port with no ECN queue gets no ECN data.");
	json_decref(dev);
}
END_TEST

START_TEST(parse_openconfig_system_hostname)
{
	json_t *dev = fa_oc_run(fa_parse_openconfig_system, fa_test_srcfile(OCFIX "system.xml"));

	ck_assert_msg(strcmp(fa_get_str(dev, "hostname"), "leaf1") == 0, "The hostname is leaf1.");
	json_decref(dev);
}
END_TEST

START_TEST(parse_openconfig_empty_data_and_bad_input)
{
	static const char empty[] = "<rpc-reply message-id=\"1\" xmlns=\"urn:ietf:params:xml:ns:"
				    "netconf:base:1.0\"><data/></rpc-reply>";
	static const char notreply[] = "<interfaces xmlns=\"http://openconfig.net/yang/interfaces\"/>";
	static const char xxe[] = "<!DOCTYPE r [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>"
				  "<rpc-reply><data>&x;</data></rpc-reply>";
	struct fa_buf b = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	json_t *dev;
	int r;

	dev = fa_oc_run_text(fa_parse_openconfig_lldp, empty, strlen(empty), &r, &err);
	ck_assert_msg(r == 0 && json_array_size(json_object_get(dev, "ports")) == 0,
		      "An empty <data/> (model not implemented) sets nothing and is not an error.");
	json_decref(dev);
	dev = fa_oc_run_text(fa_parse_openconfig_interfaces, empty, strlen(empty), &r, &err);
	ck_assert_msg(r == 0 && fa_tp_warned(dev, "no interface"),
		      "An interfaces reply without interfaces is a warning.");
	json_decref(dev);
	dev = fa_oc_run_text(fa_parse_openconfig_interfaces, notreply, strlen(notreply), &r, &err);
	ck_assert_msg(r == -FA_EPARSE, "A document that is not an rpc-reply is refused.");
	json_decref(dev);
	dev = fa_oc_run_text(fa_parse_openconfig_qos, xxe, strlen(xxe), &r, &err);
	ck_assert_msg(r == -FA_EPARSE, "A reply with an external entity is refused.");
	json_decref(dev);
	dev = fa_oc_run_text(fa_parse_openconfig_system, "", 0, &r, &err);
	ck_assert_msg(r == -FA_EPARSE, "An empty reply is refused.");
	json_decref(dev);
	fa_test_read(fa_test_srcfile(OCFIX "interfaces.xml"), &b);
	dev = fa_oc_run_text(fa_parse_openconfig_interfaces, b.buf, b.len / 2, &r, &err);
	ck_assert_msg(r == -FA_EPARSE, "A truncated reply is refused (got %d).", r);
	json_decref(dev);
	fa_buf_reset(&b);
	fa_test_read(fa_test_srcfile("tests/fixtures/netconf/netconfd-rpc-error.xml"), &b);
	dev = fa_oc_run_text(fa_parse_openconfig_interfaces, b.buf, b.len, &r, &err);
	ck_assert_msg(r == -FA_EPARSE && strstr(err.msg, "invalid-value"),
		      "An rpc-error reply is refused with its tag (%s).", err.msg);
	json_decref(dev);
	fa_buf_release(&b);
}
END_TEST

START_TEST(parse_openconfig_platform_table)
{
	const struct fa_platform *p = fa_platform_find("openconfig");
	size_t i, required = 0;

	ck_assert_msg(p && strcmp(p->kind, "switch") == 0, "The openconfig platform is a switch.");
	for (i = 0; i < p->ncommands; i++) {
		ck_assert_msg(strncmp(p->commands[i].command, "<get><filter type=\"subtree\">", 28) == 0,
			      "Every openconfig command is a subtree-filtered <get>.");
		if (!(p->commands[i].flags & FA_CMD_OPTIONAL))
			required++;
	}
	ck_assert_msg(required == 1 && p->commands[1].parse == fa_parse_openconfig_interfaces,
		      "Only the interfaces <get> is required.");
}
END_TEST

Suite *fa_parse_openconfig_suite(void)
{
	Suite *s = suite_create("parse_openconfig");
	TCase *tc = tcase_create("parse_openconfig");

	tcase_add_test(tc, parse_openconfig_interfaces_netconfd);
	tcase_add_test(tc, parse_openconfig_interfaces_iosxe);
	tcase_add_test(tc, parse_openconfig_interfaces_state_wins);
	tcase_add_test(tc, parse_openconfig_lldp_neighbours);
	tcase_add_test(tc, parse_openconfig_qos_ecn);
	tcase_add_test(tc, parse_openconfig_system_hostname);
	tcase_add_test(tc, parse_openconfig_empty_data_and_bad_input);
	tcase_add_test(tc, parse_openconfig_platform_table);
	suite_add_tcase(s, tc);
	return s;
}
