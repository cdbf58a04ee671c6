/* SPDX-License-Identifier: MIT */
/*
 * Junos parsers on real NETCONF replies (py-junos-eznc, NAPALM, scrapli), compared field by
 * field with NAPALM's expected parse of the same replies; the text parsers on real CLI outputs
 * (ntc-templates, suzieq), compared with ntc-templates' expected parse of the same outputs;
 * plus malformed and hostile input.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "audit/model.h"
#include "audit/util/buf.h"
#include "drivers/junos/parse-junos.h"
#include "drivers/platform.h"
#include "drivers/text/units.h"
#include "tests/unit/agree.h"
#include "tests/unit/parse-helpers.h"
#include "tests/unit/unit.h"
#include "audit/util/banned.h"

#define EZNC "Juniper__py-junos-eznc/tests/unit/"
#define NAPALM "napalm-automation__napalm/test/junos/mocked_data/"
#define NTC "networktocode__ntc-templates/tests/juniper_junos/"
#define SQ_MX "netenglabs__suzieq/tests/integration/nossim/mx/19.4R3.11/testnode/"

static json_t *fa_junos_run_text(fa_parse_fn *fn, const char *text, size_t len, int *ret,
				 struct fa_err *err)
{
	json_t *dev = fa_device_new("sw", "switch");

	*ret = fa_tp_direct(fn, "<rpc/>", FA_CAPTURE_XML, text, len, dev, err);
	return dev;
}

/* Parse a fixture; the test fails unless the parser returns 0. */
static json_t *fa_junos_run(fa_parse_fn *fn, const char *path)
{
	return fa_tp_direct_file(fn, "<rpc/>", FA_CAPTURE_XML, path, fa_device_new("sw", "switch"));
}

/*
 * Parse a real text output as a collector hands it over (normalised, the "nothing recognised"
 * check); the test fails unless it parses.
 */
static json_t *fa_junos_text(fa_parse_fn *fn, const char *command, const char *path)
{
	struct fa_err err = FA_ERR_INIT;
	json_t *d = fa_device_new("sw", "switch");

	ck_assert_msg(fa_tp_file(fn, "sw", command, NULL, path, d, &err) == 0, "%s parses (%s).",
		      path, err.msg);
	return d;
}

/* Run the text parser @fn itself on @text as the output of @command. */
static json_t *fa_junos_text_direct(fa_parse_fn *fn, const char *command, const char *text,
				    size_t len, int *ret, struct fa_err *err)
{
	json_t *dev = fa_device_new("sw", "switch");

	*ret = fa_tp_direct(fn, command, FA_CAPTURE_TEXT, text, len, dev, err);
	return dev;
}

/* The value of a Junos JSON member (| display json): {"key": [{"data": "value"}]}. */
static const char *fa_junos_json_data(const json_t *obj, const char *key)
{
	return json_string_value(
	    json_object_get(json_array_get(json_object_get(obj, key), 0), "data"));
}

static json_int_t fa_int(const json_t *obj, const char *path)
{
	json_int_t v = -1;

	fa_get_int(obj, path, &v);
	return v;
}

START_TEST(parse_junos_software_release)
{
	json_t *d =
	    fa_junos_run(fa_parse_junos_software,
			 fa_test_fixture(EZNC "factory/rpc-reply/get-software-information.xml"));

	ck_assert_str_eq(fa_get_str(d, "hostname"), "firefly");
	ck_assert_str_eq(fa_get_str(d, "model"), "firefly-perimeter");
	ck_assert_str_eq(fa_get_str(d, "os.name"), "Junos");
	ck_assert_msg(strcmp(fa_get_str(d, "os.version"), "12.1X46-D15.3") == 0,
		      "The release comes from the junos package comment.");
	json_decref(d);

	d = fa_junos_run(
	    fa_parse_junos_software,
	    fa_test_fixture(EZNC "facts/rpc-reply/sw_info_ex_get-software-information.xml"));
	ck_assert_str_eq(fa_get_str(d, "hostname"), "sw1");
	ck_assert_str_eq(fa_get_str(d, "model"), "ex2200-c-12t-2g");
	ck_assert_str_eq(fa_get_str(d, "os.version"), "11.4R1.6");
	json_decref(d);
}
END_TEST

START_TEST(parse_junos_interfaces_physical_ports)
{
	json_t *d =
	    fa_junos_run(fa_parse_junos_interfaces,
			 fa_test_fixture(EZNC "factory/rpc-reply/get-interface-information.xml"));
	json_t *ge0 = fa_device_find_port(d, "ge-0/0/0");

	ck_assert_msg(ge0 != NULL, "ge-0/0/0 is a port.");
	ck_assert_msg(fa_int(ge0, "mtu") == 1514, "ge-0/0/0 has the media MTU 1514.");
	ck_assert_msg(fa_int(ge0, "speed") == 1000000000LL, "1000mbps is 10^9 bit/s.");
	ck_assert_str_eq(fa_get_str(ge0, "admin_state"), "up");
	ck_assert_str_eq(fa_get_str(ge0, "oper_state"), "up");
	ck_assert_str_eq(fa_get_str(ge0, "type"), "ethernet");
	ck_assert_str_eq(fa_get_str(ge0, "mac"), "00:0c:29:5f:9b:88");
	ck_assert_msg(json_is_true(fa_obj_get_path(ge0, "autoneg")), "Auto-negotiation is on.");
	ck_assert_msg(fa_device_find_port(d, "ge-0/0/0.0") == NULL,
		      "A logical unit is not a port.");
	json_decref(d);

	d = fa_junos_run(
	    fa_parse_junos_interfaces,
	    fa_test_fixture(NAPALM "test_get_facts/normal/get-interface-information.xml"));
	ck_assert_str_eq(fa_get_str(fa_device_find_port(d, "lo0"), "type"), "loopback");
	ck_assert_str_eq(fa_get_str(fa_device_find_port(d, "me0"), "type"), "management");
	ck_assert_msg(fa_obj_get_path(fa_device_find_port(d, "lo0"), "mtu") == NULL,
		      "An Unlimited MTU leaves mtu absent.");
	ck_assert_msg(fa_obj_get_path(fa_device_find_port(d, "ge-0/0/1"), "speed") == NULL,
		      "An Auto speed leaves speed absent.");
	ck_assert_msg(json_object_get(d, "warnings") == NULL,
		      "A real reply of a whole switch raises no warning.");
	json_decref(d);
}
END_TEST

START_TEST(parse_junos_lldp_neighbours)
{
	json_t *d = fa_junos_run(fa_parse_junos_lldp,
				 fa_test_fixture(NAPALM "test_get_lldp_neighbors/normal/"
							"get-lldp-neighbors-information.xml"));
	json_t *p = fa_device_find_port(d, "xe-4/3/6");

	ck_assert_str_eq(fa_get_str(p, "lldp.system_name"), "peer00.lab.demo");
	ck_assert_str_eq(fa_get_str(p, "lldp.port_id"), "Ethernet1");
	ck_assert_str_eq(fa_get_str(p, "lldp.chassis_id"), "00:1c:73:8f:0a:ed");
	p = fa_device_find_port(d, "me0");
	ck_assert_msg(p != NULL, "The neighbour of me0.0 belongs to the physical port me0.");
	ck_assert_str_eq(fa_get_str(p, "lldp.port_id"), "27");
	ck_assert_msg(fa_device_find_port(d, "me0.0") == NULL, "No port is named after a unit.");
	json_decref(d);
}
END_TEST

/* "show version" text: real outputs, values read off each by hand. */
START_TEST(parse_junos_version_text)
{
	json_t *d =
	    fa_junos_text(fa_parse_junos_version_text, "show version",
			  fa_test_fixture(NTC "show_version/juniper_junos_show_version.raw"));
	json_t *j, *root;

	/* CRLF, an "fpc0:" section, "labpkg [7.0]", "Serial Number:", "{master:0}" at the end */
	ck_assert_str_eq(fa_get_str(d, "hostname"), "lab");
	ck_assert_str_eq(fa_get_str(d, "model"), "mx240");
	ck_assert_str_eq(fa_get_str(d, "os.name"), "Junos");
	ck_assert_str_eq(fa_get_str(d, "os.version"), "13.3R1.4");
	ck_assert_msg(fa_obj_get_path(d, "serial") == NULL,
		      "The QFabric system's serial is not read, as in the XML parser.");
	ck_assert_msg(json_object_get(d, "warnings") == NULL, "A real output raises no warning.");
	json_decref(d);

	/* "Junos: 21.4R3-S3.4", not the host's "JUNOS Host Software [20.4R3-S4.8]"; a package
	 * comment without a version ("Junos for Automation Enhancement") is understood */
	d = fa_junos_text(
	    fa_parse_junos_version_text, "show version",
	    fa_test_fixture(NTC "show_version/juniper_junos_show_version_qfx5100.raw"));
	ck_assert_str_eq(fa_get_str(d, "hostname"), "asxx.xx.xx");
	ck_assert_str_eq(fa_get_str(d, "model"), "qfx5100-48t-6q");
	ck_assert_str_eq(fa_get_str(d, "os.version"), "21.4R3-S3.4");
	ck_assert_msg(json_object_get(d, "warnings") == NULL, "A real output raises no warning.");
	json_decref(d);

	/* suzieq's text and JSON of one MX read the same ("JUNOS OS Kernel 64-bit  [..]") */
	d = fa_junos_text(fa_parse_junos_version_text, "show version",
			  fa_test_fixture(SQ_MX "show_version.txt"));
	root = json_load_file(fa_test_fixture(SQ_MX "show_version.json"), 0, NULL);
	j = json_array_get(json_object_get(root, "software-information"), 0);
	ck_assert_str_eq(fa_get_str(d, "hostname"), "testnode");
	ck_assert_str_eq(fa_get_str(d, "model"), "mx960");
	ck_assert_str_eq(fa_get_str(d, "os.version"), "19.4R3.11");
	ck_assert_str_eq(fa_get_str(d, "hostname"), fa_junos_json_data(j, "host-name"));
	ck_assert_str_eq(fa_get_str(d, "model"), fa_junos_json_data(j, "product-model"));
	ck_assert_str_eq(fa_get_str(d, "os.version"), fa_junos_json_data(j, "junos-version"));
	ck_assert_msg(json_object_get(d, "warnings") == NULL, "A real output raises no warning.");
	json_decref(root);
	json_decref(d);
}
END_TEST

/* Layouts of show version: vmhost without a release, sections, releases before "Junos:". */
START_TEST(parse_junos_version_text_variants)
{
	static const char vc[] =
	    "fpc0:\n"
	    "--------------------------------------------------------------\n"
	    "Hostname: vc1\nModel: ex4300-48t\nJunos: 21.4R3.15\n"
	    "JUNOS Base OS boot [21.4R3.15]\n\n"
	    "fpc1:\n"
	    "--------------------------------------------------------------\n"
	    "Hostname: vc1\nModel: ex4300-32f\nJunos: 21.4R3.15\n\n{master:0}\n";
	static const char ex[] = "Hostname: sw1\nModel: ex2200-c-12t-2g\n"
				 "JUNOS Base OS boot [11.4R1.6]\n"
				 "JUNOS Kernel Software Suite [11.4R1.6]\n";
	static const char srx[] = "Hostname: firefly\nModel: firefly-perimeter\n"
				  "JUNOS Software Release [12.1X46-D15.3]\n";
	static const char odd[] = "Hostname: sw2\nModel: qfx5120-48y\nJunos: 22.4R3.25\n"
				  "Uptime is long\nLicense key: abc\n";
	static const char json[] = "{\n    \"software-information\" : [\n    {\n";
	struct fa_err err = FA_ERR_INIT;
	struct fa_buf xml = FA_BUF_INIT;
	json_t *d, *x;
	int r;

	/* vmhost: no "Junos:" line and no junos package line, only build strings in brackets */
	d = fa_junos_text(
	    fa_parse_junos_version_text, "show version",
	    fa_test_fixture(NTC "show_version/juniper_junos_show_version_vmhost.raw"));
	ck_assert_str_eq(fa_get_str(d, "hostname"), "MyRouter");
	ck_assert_str_eq(fa_get_str(d, "model"), "nfx250_att_s1_10_t");
	ck_assert_str_eq(fa_get_str(d, "os.name"), "Junos");
	ck_assert_msg(fa_obj_get_path(d, "os.version") == NULL,
		      "No release is guessed from a package's build string.");
	ck_assert_msg(fa_tp_nwarn(d) == 1 && fa_tp_warned(d, "no Junos release"),
		      "The missing release is the one warning: every package line is understood.");
	json_decref(d);

	d = fa_junos_text_direct(fa_parse_junos_version_text, "show version", vc, strlen(vc), &r,
				 &err);
	ck_assert_int_eq(r, 0);
	ck_assert_str_eq(fa_get_str(d, "model"), "ex4300-48t");
	ck_assert_msg(fa_tp_nwarn(d) == 0, "Sections, rules and the banner are understood.");
	json_decref(d);

	d = fa_junos_text_direct(fa_parse_junos_version_text, "show version", ex, strlen(ex), &r,
				 &err);
	ck_assert_str_eq(fa_get_str(d, "os.version"), "11.4R1.6");
	json_decref(d);
	d = fa_junos_text_direct(fa_parse_junos_version_text, "show version", srx, strlen(srx), &r,
				 &err);
	ck_assert_str_eq(fa_get_str(d, "os.version"), "12.1X46-D15.3");
	json_decref(d);

	d = fa_junos_text_direct(fa_parse_junos_version_text, "show version", odd, strlen(odd), &r,
				 &err);
	ck_assert_int_eq(r, 0);
	ck_assert_str_eq(fa_get_str(d, "os.version"), "22.4R3.25");
	ck_assert_msg(fa_tp_nwarn(d) == 2 && fa_tp_warned(d, "line 4 not understood: Uptime") &&
			  fa_tp_warned(d, "line 5 not understood: License key: abc"),
		      "Lines of no known shape are warnings with their line.");
	json_decref(d);

	/* the XML of "| display xml" captured under the plain name reads as the XML parser */
	fa_test_read(fa_test_fixture(EZNC "factory/rpc-reply/get-software-information.xml"), &xml);
	d = fa_junos_text_direct(fa_parse_junos_version_text, "show version", xml.buf, xml.len, &r,
				 &err);
	x = fa_junos_text_direct(fa_parse_junos_software, "show version", xml.buf, xml.len, &r,
				 &err);
	ck_assert_msg(json_equal(d, x) && strcmp(fa_get_str(d, "hostname"), "firefly") == 0,
		      "XML under the text command reads as the XML parser reads it.");
	json_decref(x);
	json_decref(d);
	fa_buf_release(&xml);

	d = fa_junos_text_direct(fa_parse_junos_version_text, "show version", json, strlen(json),
				 &r, &err);
	ck_assert_msg(r == -FA_EPARSE && strstr(err.msg, "display json"),
		      "Junos JSON is refused by name.");
	json_decref(d);
}
END_TEST

START_TEST(parse_junos_config_pfc_profiles)
{
	json_t *d = fa_junos_run(fa_parse_junos_config,
				 fa_test_srcfile("tests/fixtures/junos/get-configuration-cos.xml"));
	json_t *p0 = fa_device_find_port(d, "et-0/0/0"), *p1 = fa_device_find_port(d, "et-0/0/1");
	json_t *p2 = fa_device_find_port(d, "et-0/0/2");
	json_t *l;

	l = fa_obj_get_path(p0, "qos.pfc_enabled");
	ck_assert_msg(json_array_size(l) == 1 && json_integer_value(json_array_get(l, 0)) == 3,
		      "Code point 011 is priority 3 on et-0/0/0.");
	ck_assert_msg(json_is_true(fa_obj_get_path(p0, "qos.pfc_watchdog")),
		      "The profile's pfc-watchdog sets the watchdog on et-0/0/0.");
	l = fa_obj_get_path(p1, "qos.pfc_enabled");
	ck_assert_msg(json_array_size(l) == 2 && json_integer_value(json_array_get(l, 1)) == 4,
		      "et-0/0/1 pauses priorities 3 and 4.");
	ck_assert_msg(fa_obj_get_path(p1, "qos.pfc_watchdog") == NULL,
		      "A profile without pfc-watchdog leaves the watchdog absent.");
	l = fa_obj_get_path(p2, "qos.pfc_enabled");
	ck_assert_msg(json_is_array(l) && json_array_size(l) == 0,
		      "An Ethernet port with no profile has no PFC.");
	ck_assert_msg(fa_int(p2, "mtu") == 9216, "The configured MTU fills a port with none.");
	json_decref(d);
}
END_TEST

START_TEST(parse_junos_config_wildcard_and_dscp)
{
	const char *xml =
	    "<rpc-reply><configuration><class-of-service>"
	    "<congestion-notification-profile><name>p</name><input><dscp><code-point>"
	    "<name>011010</name><pfc/></code-point></dscp></input>"
	    "</congestion-notification-profile>"
	    "<congestion-notification-profile><name>q</name><input><ieee-802.1><code-point>"
	    "<name>101</name><pfc/></code-point></ieee-802.1></input>"
	    "</congestion-notification-profile>"
	    "<interfaces><interface><name>et-0/0/*</name>"
	    "<congestion-notification-profile>q</congestion-notification-profile></interface>"
	    "<interface><name>et-0/0/9</name>"
	    "<congestion-notification-profile>missing</congestion-notification-profile>"
	    "</interface></interfaces>"
	    "</class-of-service></configuration></rpc-reply>";
	struct fa_err err = FA_ERR_INIT;
	json_t *d = fa_device_new("sw", "switch"), *l;
	struct fa_capture cap = FA_CAPTURE_INIT;

	fa_set_str(fa_device_port(d, "et-0/0/4"), "type", "ethernet");
	fa_set_str(fa_device_port(d, "et-0/1/0"), "type", "ethernet");
	cap.command = "<get-configuration/>";
	cap.data = xml;
	cap.len = strlen(xml);
	ck_assert_int_eq(fa_parse_junos_config(&cap, d, &err), 0);
	l = fa_obj_get_path(fa_device_find_port(d, "et-0/0/4"), "qos.pfc_enabled");
	ck_assert_msg(json_array_size(l) == 1 && json_integer_value(json_array_get(l, 0)) == 5,
		      "et-0/0/* covers et-0/0/4 with priority 5.");
	l = fa_obj_get_path(fa_device_find_port(d, "et-0/1/0"), "qos.pfc_enabled");
	ck_assert_msg(json_array_size(l) == 0, "et-0/1/0 is outside the wildcard: no PFC.");
	ck_assert_msg(json_array_size(json_object_get(d, "warnings")) == 2,
		      "A DSCP code point without a priority and an undefined profile are warned.");
	json_decref(d);
}
END_TEST

START_TEST(parse_junos_rpc_error_and_bad_input)
{
	static const char *const bad[] = {
	    "",
	    "<rpc-reply><rpc-error><error-severity>error</error-severity>"
	    "<error-message>syntax error</error-message></rpc-error></rpc-reply>",
	    "<rpc-reply><interface-information><physical-interface><name>ge-0/0/0",
	    "<rpc-reply><ok/></rpc-reply>",
	    "not xml at all",
	};
	fa_parse_fn *const fns[] = {fa_parse_junos_software, fa_parse_junos_interfaces,
				    fa_parse_junos_lldp, fa_parse_junos_config};
	size_t i, j;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		for (j = 0; j < sizeof(fns) / sizeof(fns[0]); j++) {
			struct fa_err err = FA_ERR_INIT;
			int r;
			json_t *d = fa_junos_run_text(fns[j], bad[i], strlen(bad[i]), &r, &err);

			ck_assert_msg(r == -FA_EPARSE, "Input %zu to parser %zu is a parse error.",
				      i, j);
			ck_assert_msg(err.msg[0] != '\0', "The parse error has a message.");
			json_decref(d);
		}
}
END_TEST

/* The ports of a reply land on the ports the device had, as if written there directly. */
START_TEST(parse_junos_interfaces_onto_known_ports)
{
	static const char reply[] =
	    "<rpc-reply><interface-information><physical-interface><name>ge-0/0/1</name><mtu>1514"
	    "</mtu></physical-interface><physical-interface><name>ge-0/0/0</name><mtu>9216</mtu>"
	    "<speed>40 parsecs</speed></physical-interface></interface-information></rpc-reply>";
	struct fa_err err = FA_ERR_INIT;
	json_t *d = fa_device_new("sw", "switch"), *p0, *p1, *w;
	int r;

	p0 = fa_device_port(d, "ge-0/0/0");
	fa_set_str(p0, "lldp.system_name", "spine1");
	fa_set_int(p0, "mtu", 1500);
	fa_device_warn(d, "earlier");
	r = fa_tp_direct(fa_parse_junos_interfaces, "<rpc/>", FA_CAPTURE_XML, reply,
			 strlen(reply), d, &err);
	ck_assert_msg(r == 0, "The reply parses (%s).", err.msg);
	ck_assert_msg(json_array_size(json_object_get(d, "ports")) == 2 &&
		      json_array_get(json_object_get(d, "ports"), 0) == p0,
		      "ge-0/0/0 stays the first port, and is not added again.");
	p1 = json_array_get(json_object_get(d, "ports"), 1);
	ck_assert_msg(fa_int(p0, "mtu") == 9216 && strcmp(fa_get_str(p0, "lldp.system_name"),
							   "spine1") == 0 &&
		      strcmp(fa_get_str(p0, "type"), "ethernet") == 0,
		      "ge-0/0/0 takes the reply's MTU and type and keeps its LLDP neighbour.");
	ck_assert_msg(strcmp(fa_get_str(p1, "name"), "ge-0/0/1") == 0 && fa_int(p1, "mtu") == 1514,
		      "ge-0/0/1 is appended with its MTU.");
	w = json_object_get(d, "warnings");
	ck_assert_msg(json_array_size(w) == 2 &&
		      strcmp(json_string_value(json_array_get(w, 0)), "earlier") == 0 &&
		      strstr(json_string_value(json_array_get(w, 1)), "parsecs"),
		      "The reply's warning follows the device's earlier one.");
	json_decref(d);
}
END_TEST

START_TEST(parse_junos_warns_on_odd_values)
{
	const char *xml = "<interface-information><physical-interface><name>et-0/0/1</name>"
			  "<admin-status>up</admin-status><oper-status>flapping</oper-status>"
			  "<mtu>huge</mtu><speed>400Gbps</speed>"
			  "<ethernet-fec-mode>FEC91</ethernet-fec-mode></physical-interface>"
			  "<physical-interface/></interface-information>";
	struct fa_err err = FA_ERR_INIT;
	int r;
	json_t *d = fa_junos_run_text(fa_parse_junos_interfaces, xml, strlen(xml), &r, &err);
	json_t *p = fa_device_find_port(d, "et-0/0/1");

	ck_assert_int_eq(r, 0);
	ck_assert_msg(fa_int(p, "speed") == 400000000000LL, "400Gbps is 4*10^11 bit/s.");
	ck_assert_str_eq(fa_get_str(p, "fec"), "rs");
	ck_assert_msg(fa_obj_get_path(p, "oper_state") == NULL && fa_obj_get_path(p, "mtu") == NULL,
		      "Unknown values are not recorded.");
	ck_assert_msg(json_array_size(json_object_get(d, "warnings")) == 3,
		      "The odd state, the odd MTU and the nameless interface are warned.");
	json_decref(d);
}
END_TEST

/* "show interfaces" text: a real output of eight interfaces and logical units, by hand. */
START_TEST(parse_junos_interfaces_text)
{
	json_t *d = fa_junos_text(
	    fa_parse_junos_interfaces_text, "show interfaces",
	    fa_test_fixture(NTC "show_interfaces/juniper_junos_show_interfaces.raw"));
	json_t *p = fa_device_find_port(d, "ge-0/0/0");

	/* "Physical interface: ge-0/0/0, Enabled, Physical link is Up" / "Description: Test" /
	 * "Link-level type: Ethernet, MTU: 1514, MRU: 0, LAN-PHY mode," /
	 * "Link-mode: Half-duplex, Speed: 1000mbps, BPDU Error: None," /
	 * "Flow control: Enabled, Auto-negotiation: Enabled, Remote fault: Online" /
	 * "Current address: 00:0c:29:5e:2c:1a, Hardware address: 00:0c:29:5e:2c:1a" */
	ck_assert_msg(p != NULL, "ge-0/0/0 is a port.");
	ck_assert_str_eq(fa_get_str(p, "type"), "ethernet");
	ck_assert_str_eq(fa_get_str(p, "admin_state"), "up");
	ck_assert_str_eq(fa_get_str(p, "oper_state"), "up");
	ck_assert_str_eq(fa_get_str(p, "description"), "Test");
	ck_assert_msg(fa_int(p, "mtu") == 1514, "ge-0/0/0 has the media MTU 1514.");
	ck_assert_msg(fa_int(p, "speed") == 1000000000LL, "1000mbps is 10^9 bit/s.");
	ck_assert_str_eq(fa_get_str(p, "mac"), "00:0c:29:5e:2c:1a");
	ck_assert_msg(json_is_true(fa_obj_get_path(p, "autoneg")), "Auto-negotiation is on.");
	/* "Logical interface ge-0/0/0.2036 (Index 74)" with "Protocol inet, MTU: 1500" */
	ck_assert_msg(fa_device_find_port(d, "ge-0/0/0.2036") == NULL,
		      "A logical unit is not a port.");
	/* "Type: GRE, Link-level type: GRE, MTU: Unlimited, Speed: 800mbps" */
	p = fa_device_find_port(d, "gr-0/0/0");
	ck_assert_str_eq(fa_get_str(p, "type"), "virtual");
	ck_assert_msg(fa_obj_get_path(p, "mtu") == NULL, "An Unlimited MTU leaves mtu absent.");
	ck_assert_msg(fa_int(p, "speed") == 800000000LL, "800mbps is 8*10^8 bit/s.");
	ck_assert_msg(fa_obj_get_path(p, "description") == NULL && !fa_obj_get_path(p, "mac"),
		      "gr-0/0/0 prints no description and no address.");
	/* "Link-level type: LinkService, MTU: 1504", no speed */
	p = fa_device_find_port(d, "lsq-0/0/0");
	ck_assert_msg(fa_int(p, "mtu") == 1504 && !fa_obj_get_path(p, "speed"),
		      "lsq-0/0/0: MTU 1504, no speed printed.");
	ck_assert_str_eq(fa_get_str(fa_device_find_port(d, "lt-0/0/0"), "mac"),
			 "02:96:14:57:ee:b3");
	ck_assert_msg(fa_int(fa_device_find_port(d, "sp-0/0/0"), "mtu") == 9192,
		      "sp-0/0/0 has MTU 9192.");
	ck_assert_msg(json_array_size(json_object_get(d, "ports")) == 7,
		      "Seven physical interfaces are seven ports (%zu).",
		      json_array_size(json_object_get(d, "ports")));
	ck_assert_msg(json_object_get(d, "warnings") == NULL, "A real output raises no warning.");
	json_decref(d);
}
END_TEST

/* Layouts of show interfaces: units only, a down port, FEC, statistics, odd lines. */
START_TEST(parse_junos_interfaces_text_variants)
{
	static const char text[] =
	    "Physical interface: et-0/0/48, Administratively down, Physical link is Down\n"
	    "  Interface index: 1056, SNMP ifIndex: 601\n"
	    "  Description: to spine1, port 3: et-0/0/1\n"
	    "  Link-level type: Ethernet, MTU: 9216, LAN-PHY mode, Speed: 100Gbps, "
	    "BPDU Error: None, Loopback: Disabled,\n"
	    "  Source filtering: Disabled, Flow control: Enabled, Auto-negotiation: Disabled, "
	    "Media type: Fiber\n"
	    "  Current address: AC:78:D1:23:A5:28, Hardware address: ac:78:d1:23:a5:28\n"
	    "  PCS statistics                      Seconds\n"
	    "    Bit errors                             0\n"
	    "  Ethernet FEC Mode  :                  FEC91\n"
	    "  Ethernet FEC statistics              Errors\n"
	    "    FEC Corrected Errors                    0\n"
	    "  Something odd here\n"
	    "\n"
	    "  Logical interface et-0/0/48.0 (Index 1015) (SNMP ifIndex 512)\n"
	    "    Description: a unit's description\n"
	    "    Protocol inet, MTU: 1500\n"
	    "    just words\n"
	    "\n"
	    "Physical interface: xe-0/0/1, Enabled, Physical link is Up\n"
	    "  Link-level type: Ethernet, MTU: 1514, Speed: Auto, Ethernet FEC Mode: FEC74,\n"
	    "  Auto-negotiation: maybe\n"
	    "Physical interface: xe-0/0/2, Sleeping, Physical link is Sideways\n"
	    "\n{master:0}\n";
	static const char unit[] = "  Logical interface irb.100 (Index 361)\n    Flags: Down\n";
	static const char terse[] = "Interface               Admin Link Proto    Local\n"
				    "ge-0/0/0                up    up\n";
	struct fa_err err = FA_ERR_INIT;
	struct fa_buf xml = FA_BUF_INIT;
	json_t *d, *x, *p;
	int r;

	/* ntc-templates' "show interfaces irb.6013": a logical unit only, no port */
	d = fa_junos_text(
	    fa_parse_junos_interfaces_text, "show interfaces",
	    fa_test_fixture(NTC "show_interfaces/juniper_junos_show_interfaces_irb.raw"));
	ck_assert_msg(json_array_size(json_object_get(d, "ports")) == 0 &&
			  json_object_get(d, "warnings") == NULL,
		      "irb.6013 is a unit: no port, and nothing misunderstood.");
	json_decref(d);
	x = fa_junos_text_direct(fa_parse_junos_interfaces_text, "show interfaces", unit,
				 strlen(unit), &r, &err);
	ck_assert_msg(r == FA_PARSED_EMPTY, "Units only: understood, nothing to record (%d).", r);
	json_decref(x);

	d = fa_junos_text_direct(fa_parse_junos_interfaces_text, "show interfaces", text,
				 strlen(text), &r, &err);
	ck_assert_int_eq(r, 0);
	p = fa_device_find_port(d, "et-0/0/48");
	ck_assert_str_eq(fa_get_str(p, "admin_state"), "down");
	ck_assert_str_eq(fa_get_str(p, "oper_state"), "down");
	ck_assert_str_eq(fa_get_str(p, "description"), "to spine1, port 3: et-0/0/1");
	ck_assert_msg(fa_int(p, "mtu") == 9216 && fa_int(p, "speed") == 100000000000LL,
		      "MTU 9216 and 100Gbps across a wrapped line.");
	ck_assert_msg(json_is_false(fa_obj_get_path(p, "autoneg")), "Auto-negotiation is off.");
	ck_assert_str_eq(fa_get_str(p, "fec"), "rs");
	ck_assert_str_eq(fa_get_str(p, "mac"), "ac:78:d1:23:a5:28");
	p = fa_device_find_port(d, "xe-0/0/1");
	ck_assert_msg(fa_obj_get_path(p, "speed") == NULL &&
			  fa_obj_get_path(p, "description") == NULL,
		      "Speed Auto is no speed; no Description line, no description.");
	ck_assert_str_eq(fa_get_str(p, "fec"), "baser");
	ck_assert_msg(fa_device_find_port(d, "et-0/0/48.0") == NULL &&
			  json_array_size(json_object_get(d, "ports")) == 3,
		      "Three physical interfaces, no unit.");
	ck_assert_msg(fa_tp_nwarn(d) == 4 &&
			  fa_tp_warned(d, "line 12 not understood: Something") &&
			  fa_tp_warned(d, "unknown auto-negotiation 'maybe'") &&
			  fa_tp_warned(d, "unknown admin state 'Sleeping'") &&
			  fa_tp_warned(d, "unknown link state 'Physical link is Sideways'"),
		      "An odd line and odd values warn; the unit's lines are not read (%zu).",
		      fa_tp_nwarn(d));
	json_decref(d);

	/* the XML of "| display xml" captured under the plain name */
	fa_test_read(fa_test_fixture(EZNC "factory/rpc-reply/get-interface-information.xml"),
		     &xml);
	d = fa_junos_text_direct(fa_parse_junos_interfaces_text, "show interfaces", xml.buf,
				 xml.len, &r, &err);
	x = fa_junos_text_direct(fa_parse_junos_interfaces, "show interfaces", xml.buf, xml.len,
				 &r, &err);
	ck_assert_msg(json_equal(d, x) && fa_device_find_port(d, "ge-0/0/0") != NULL,
		      "XML under the text command reads as the XML parser reads it.");
	json_decref(x);
	json_decref(d);
	fa_buf_release(&xml);

	/* "show interfaces terse" is another command */
	d = fa_junos_text_direct(fa_parse_junos_interfaces_text, "show interfaces", terse,
				 strlen(terse), &r, &err);
	ck_assert_msg(r == -FA_EPARSE && strstr(err.msg, "Physical interface"),
		      "A terse table is not show interfaces: %s", err.msg);
	json_decref(d);
}
END_TEST

/* "show lldp neighbors" text: the real table, values read off it by hand. */
START_TEST(parse_junos_lldp_text)
{
	json_t *d = fa_junos_text(
	    fa_parse_junos_lldp_text, "show lldp neighbors",
	    fa_test_fixture(NTC "show_lldp_neighbors/juniper_junos_show_lldp_neighbors.raw"));
	json_t *p = fa_device_find_port(d, "ge-0/0/1");

	/* "ge-0/0/1           -                   2c:6b:f5:a1:c2:c0   ge-0/0/1           vmx2" */
	ck_assert_str_eq(fa_get_str(p, "lldp.system_name"), "vmx2");
	ck_assert_str_eq(fa_get_str(p, "lldp.port_id"), "ge-0/0/1");
	ck_assert_str_eq(fa_get_str(p, "lldp.chassis_id"), "2c:6b:f5:a1:c2:c0");
	ck_assert_str_eq(fa_get_str(p, "type"), "ethernet");
	ck_assert_msg(fa_obj_get_path(p, "lldp.port_description") == NULL,
		      "The table has no port description.");
	/* the last row has no line end: "ge-0/0/0  -  2c:6b:f5:a2:08:c0  ge-0/0/0  vmx3" */
	p = fa_device_find_port(d, "ge-0/0/0");
	ck_assert_str_eq(fa_get_str(p, "lldp.system_name"), "vmx3");
	ck_assert_str_eq(fa_get_str(p, "lldp.chassis_id"), "2c:6b:f5:a2:08:c0");
	ck_assert_msg(json_array_size(json_object_get(d, "ports")) == 2, "Two neighbours.");
	ck_assert_msg(json_object_get(d, "warnings") == NULL, "A real table raises no warning.");
	json_decref(d);
}
END_TEST

/* Layouts of the table: units, blanks in Port info, rows off their columns, odd lines. */
START_TEST(parse_junos_lldp_text_variants)
{
	static const char text[] =
	    "Local Interface    Parent Interface    Chassis Id          Port info          System "
	    "Name\n"
	    "ge-0/0/0.0         -                   00:1e:c9:c9:3a:9e   Port 23            "
	    "Switch 3\n"
	    "xe-0/0/2           ae0                 00:05:86:71:c1:c0   xe-0/0/1           sw2\n"
	    "xe-0/0/3           ae0                 00:05:86:71:c1:c0   GigabitEthernet0/0/0/10 "
	    "rtr.example.net\n"
	    "xe-0/0/4           -                   00:05:86:71:c1:c1   Interface 27  lom-1\n"
	    "xe-0/0/5           -                   00:05:86:71:c1:c2   -                  -\n"
	    "xe-0/0/2           ae0                 00:05:86:71:c1:c3   xe-0/0/9           sw9\n"
	    "xe-0/0/6           -\n";
	static const char old[] =
	    "Local Interface    Chassis Id          Port info          System Name\n"
	    "xe-0/0/0           78:19:f7:07:ff:c0   xe-5/2/0           jnr01-yla-laz\n";
	static const char empty[] = "Local Interface    Parent Interface    Chassis Id          "
				    "Port info          System Name\n\n{master:0}\n";
	static const char before[] = "LLDP is not running\n";
	static const char detail[] = "LLDP Neighbor Information:\nLocal Information:\n"
				     "Local Interface    : xe-0/0/1\n"
				     "Chassis ID   : 28:8a:1c:ee:bf:c0\n";
	struct fa_err err = FA_ERR_INIT;
	struct fa_buf xml = FA_BUF_INIT;
	json_t *d, *x, *p;
	int r;

	d = fa_junos_text_direct(fa_parse_junos_lldp_text, "show lldp neighbors", text,
				 strlen(text), &r, &err);
	ck_assert_int_eq(r, 0);
	p = fa_device_find_port(d, "ge-0/0/0");
	ck_assert_msg(p != NULL && fa_device_find_port(d, "ge-0/0/0.0") == NULL,
		      "The neighbour of ge-0/0/0.0 belongs to ge-0/0/0.");
	ck_assert_str_eq(fa_get_str(p, "lldp.port_id"), "Port 23");
	ck_assert_str_eq(fa_get_str(p, "lldp.system_name"), "Switch 3");
	ck_assert_str_eq(fa_get_str(fa_device_find_port(d, "xe-0/0/2"), "lldp.system_name"), "sw2");
	/* a Port info wider than its column pushes the name right, one blank apart */
	p = fa_device_find_port(d, "xe-0/0/3");
	ck_assert_str_eq(fa_get_str(p, "lldp.port_id"), "GigabitEthernet0/0/0/10");
	ck_assert_str_eq(fa_get_str(p, "lldp.system_name"), "rtr.example.net");
	/* a row off its columns with a blank inside Port info: split at the two blanks */
	p = fa_device_find_port(d, "xe-0/0/4");
	ck_assert_str_eq(fa_get_str(p, "lldp.port_id"), "Interface 27");
	ck_assert_str_eq(fa_get_str(p, "lldp.system_name"), "lom-1");
	p = fa_device_find_port(d, "xe-0/0/5");
	ck_assert_msg(fa_obj_get_path(p, "lldp.port_id") == NULL &&
			  fa_obj_get_path(p, "lldp.system_name") == NULL &&
			  strcmp(fa_get_str(p, "lldp.chassis_id"), "00:05:86:71:c1:c2") == 0,
		      "'-' is a value not sent.");
	ck_assert_msg(fa_tp_nwarn(d) == 2 && fa_tp_warned(d, "xe-0/0/2: more than one") &&
			  fa_tp_warned(d, "line 8 is not a neighbour row: xe-0/0/6"),
		      "A second neighbour and a short row warn (%zu).", fa_tp_nwarn(d));
	ck_assert_str_eq(fa_get_str(fa_device_find_port(d, "xe-0/0/2"), "lldp.chassis_id"),
			 "00:05:86:71:c1:c0");
	json_decref(d);

	/* releases before the Parent Interface column */
	d = fa_junos_text_direct(fa_parse_junos_lldp_text, "show lldp neighbors", old, strlen(old),
				 &r, &err);
	p = fa_device_find_port(d, "xe-0/0/0");
	ck_assert_str_eq(fa_get_str(p, "lldp.chassis_id"), "78:19:f7:07:ff:c0");
	ck_assert_str_eq(fa_get_str(p, "lldp.port_id"), "xe-5/2/0");
	ck_assert_str_eq(fa_get_str(p, "lldp.system_name"), "jnr01-yla-laz");
	json_decref(d);

	d = fa_junos_text_direct(fa_parse_junos_lldp_text, "show lldp neighbors", empty,
				 strlen(empty), &r, &err);
	ck_assert_msg(r == FA_PARSED_EMPTY && fa_tp_nwarn(d) == 0,
		      "A header without rows: no neighbour, understood.");
	json_decref(d);
	d = fa_junos_text_direct(fa_parse_junos_lldp_text, "show lldp neighbors", before,
				 strlen(before), &r, &err);
	ck_assert_msg(r == -FA_EPARSE && strstr(err.msg, "Local Interface") &&
			  fa_tp_warned(d, "line 1 comes before the table header"),
		      "No header: a parse error, the line before it warned.");
	json_decref(d);
	d = fa_junos_text_direct(fa_parse_junos_lldp_text, "show lldp neighbors", detail,
				 strlen(detail), &r, &err);
	ck_assert_msg(r == -FA_EPARSE && strstr(err.msg, "detail form"),
		      "The detail form is not this table: %s", err.msg);
	json_decref(d);

	/* the XML of "| display xml" captured under the plain name */
	fa_test_read(fa_test_fixture(NAPALM "test_get_lldp_neighbors/normal/"
					    "get-lldp-neighbors-information.xml"),
		     &xml);
	d = fa_junos_text_direct(fa_parse_junos_lldp_text, "show lldp neighbors", xml.buf, xml.len,
				 &r, &err);
	x = fa_junos_text_direct(fa_parse_junos_lldp, "show lldp neighbors", xml.buf, xml.len, &r,
				 &err);
	ck_assert_msg(json_equal(d, x) && fa_device_find_port(d, "xe-4/3/6") != NULL,
		      "XML under the text command reads as the XML parser reads it.");
	json_decref(x);
	json_decref(d);
	fa_buf_release(&xml);
}
END_TEST

/* A small real-shaped output of each text parser (fa_junos_text_parsers order). */
static const char *fa_junos_text_sample(int i)
{
	static const char *const samples[] = {
	    "fpc0:\n-------------------------------------------------------------------------\n"
	    "Hostname: lab\nModel: mx240\nJunos: 13.3R1.4\nJUNOS Base OS boot [13.3R1.4]\n"
	    "labpkg [7.0]\n\n{master:0}\n",
	    "Physical interface: ge-0/0/0, Enabled, Physical link is Up\n"
	    "  Interface index: 134, SNMP ifIndex: 502\n  Description: Test\n"
	    "  Link-level type: Ethernet, MTU: 1514, MRU: 0, LAN-PHY mode,\n"
	    "  Link-mode: Half-duplex, Speed: 1000mbps, BPDU Error: None,\n"
	    "  Current address: 00:0c:29:5e:2c:1a, Hardware address: 00:0c:29:5e:2c:1a\n\n"
	    "  Logical interface ge-0/0/0.2036 (Index 74) (SNMP ifIndex 535)\n"
	    "    Protocol inet, MTU: 1500\n\n"
	    "Physical interface: gr-0/0/0, Enabled, Physical link is Up\n"
	    "  Type: GRE, Link-level type: GRE, MTU: Unlimited, Speed: 800mbps\n\n{master:0}\n",
	    "Local Interface    Parent Interface    Chassis Id          Port info          System "
	    "Name\n"
	    "ge-0/0/1           -                   2c:6b:f5:a1:c2:c0   ge-0/0/1           vmx2\n"
	    "ge-0/0/0           -                   2c:6b:f5:a2:08:c0   ge-0/0/0           vmx3",
	};

	return samples[i];
}

/* The text parsers on hostile input: empty, cut short, one line of 100k characters. */
static fa_parse_fn *const fa_junos_text_parsers[] = {
    fa_parse_junos_version_text,
    fa_parse_junos_interfaces_text,
    fa_parse_junos_lldp_text,
};
static const char *const fa_junos_text_commands[] = {
    "show version",
    "show interfaces",
    "show lldp neighbors",
};

START_TEST(parse_junos_text_hostile)
{
	fa_parse_fn *fn = fa_junos_text_parsers[_i];
	const char *cmd = fa_junos_text_commands[_i];
	struct fa_buf big = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	json_t *d;
	size_t k;
	int r;

	/* empty, and nothing but blanks: not this command's output */
	d = fa_junos_text_direct(fn, cmd, "", 0, &r, &err);
	ck_assert_msg(r == -FA_EPARSE && err.msg[0], "%s: empty output is a parse error.", cmd);
	json_decref(d);
	d = fa_junos_text_direct(fn, cmd, " \n\n", 3, &r, &err);
	ck_assert_msg(r == -FA_EPARSE && err.msg[0], "%s: blank output is a parse error.", cmd);
	json_decref(d);

	/* one line of 100k characters, alone and inside a real output */
	for (k = 0; k < 100000; k++)
		fa_buf_addch(&big, (char)('a' + k % 26));
	d = fa_junos_text_direct(fn, cmd, big.buf, big.len, &r, &err);
	ck_assert_msg(r == -FA_EPARSE && err.msg[0], "%s: a 100k line is not its output.", cmd);
	json_decref(d);
	fa_buf_reset(&big);
	fa_buf_adds(&big, fa_junos_text_sample(_i));
	if (big.buf[big.len - 1] != '\n')
		fa_buf_adds(&big, "\n");
	for (k = 0; k < 100000; k++)
		fa_buf_addch(&big, k % 7 ? 'x' : ' ');
	fa_buf_adds(&big, "\n");
	d = fa_junos_text_direct(fn, cmd, big.buf, big.len, &r, &err);
	ck_assert_msg(r == 0 && fa_tp_nwarn(d) == 1, "%s: a 100k line among real ones warns (%d).",
		      cmd, r);
	json_decref(d);

	/* a real output cut at every length: no crash, and a result either way */
	fa_buf_reset(&big);
	fa_buf_adds(&big, fa_junos_text_sample(_i));
	for (k = 0; k <= big.len; k++) {
		struct fa_err e = FA_ERR_INIT;

		d = fa_junos_text_direct(fn, cmd, big.buf, k, &r, &e);
		ck_assert_msg(r >= 0 || (r == -FA_EPARSE && e.msg[0]),
			      "%s cut at %zu: parsed, or a parse error with a message.", cmd, k);
		json_decref(d);
	}
	fa_buf_release(&big);
}
END_TEST

/* ---- agreement with NAPALM's expected parse ------------------------------------------- */

/* Compared when both sides give a value; a value only NAPALM gives is counted apart. */
struct fa_agree {
	int files;
	int compared;
	int equal;
	int absent;
};

static void fa_agree_str(struct fa_agree *a, const char *ours, const char *theirs, const char *what)
{
	if (!theirs)
		return;
	if (!ours) {
		a->absent++;
		return;
	}
	a->compared++;
	if (strcasecmp(ours, theirs) == 0)
		a->equal++;
	else
		fprintf(stderr, "junos peer disagreement on %s: ours '%s', NAPALM '%s'\n", what,
			ours ? ours : "(absent)", theirs);
}

static json_t *fa_load_json(struct fa_agree *a, const char *path)
{
	json_error_t jerr;
	json_t *v = json_load_file(path, 0, &jerr);

	a->files++;
	ck_assert_msg(v != NULL, "%s is JSON (%s).", path, jerr.text);
	return v;
}

/* Our neighbour of the physical port behind NAPALM's key (which may name a unit). */
static json_t *fa_agree_port(json_t *d, const char *key)
{
	char *phys = fa_junos_physical(key);
	json_t *p = fa_device_find_port(d, phys);

	free(phys);
	return p;
}

static void fa_agree_lldp_brief(struct fa_agree *a, const char *dir)
{
	char xml[512], exp[512];
	json_t *d, *e, *list;
	const char *key;

	snprintf(xml, sizeof(xml), NAPALM "%s/get-lldp-neighbors-information.xml", dir);
	snprintf(exp, sizeof(exp), NAPALM "%s/expected_result.json", dir);
	d = fa_junos_run(fa_parse_junos_lldp, fa_test_fixture(xml));
	e = fa_load_json(a, fa_test_fixture(exp));
	json_object_foreach(e, key, list)
	{
		json_t *n = json_array_get(list, 0), *p = fa_agree_port(d, key);
		const char *port = fa_get_str(p, "lldp.port_id");

		/* NAPALM's "port" is the remote port id, or its description when no id is sent. */
		if (!port)
			port = fa_get_str(p, "lldp.port_description");
		fa_agree_str(a, fa_get_str(p, "lldp.system_name"),
			     json_string_value(json_object_get(n, "hostname")), "hostname");
		fa_agree_str(a, port, json_string_value(json_object_get(n, "port")), "port");
	}
	json_decref(e);
	json_decref(d);
}

static void fa_agree_lldp_detail(struct fa_agree *a, const char *dir, const char *file)
{
	char xml[512], exp[512];
	json_t *d, *e, *list, *port;
	size_t i;

	snprintf(xml, sizeof(xml), NAPALM "%s/%s", dir, file);
	snprintf(exp, sizeof(exp), NAPALM "%s/expected_result.json", dir);
	d = fa_junos_run(fa_parse_junos_lldp, fa_test_fixture(xml));
	e = fa_load_json(a, fa_test_fixture(exp));
	json_array_foreach(json_object_get(d, "ports"), i, port)
	{
		const char *name = fa_get_str(port, "name");
		char unit[128];
		json_t *n;

		/* NAPALM keys the same neighbour by the port or by its unit 0. */
		snprintf(unit, sizeof(unit), "%s.0", name);
		list = json_object_get(e, name);
		if (!list)
			list = json_object_get(e, unit);
		n = json_array_get(list, 0);
		if (!n)
			continue;
		fa_agree_str(a, fa_get_str(port, "lldp.system_name"),
			     json_string_value(json_object_get(n, "remote_system_name")), "name");
		fa_agree_str(a, fa_get_str(port, "lldp.port_id"),
			     json_string_value(json_object_get(n, "remote_port")), "port");
		fa_agree_str(a, fa_get_str(port, "lldp.port_description"),
			     json_string_value(json_object_get(n, "remote_port_description")),
			     "port description");
		fa_agree_str(a, fa_get_str(port, "lldp.chassis_id"),
			     json_string_value(json_object_get(n, "remote_chassis_id")), "chassis");
	}
	json_decref(e);
	json_decref(d);
}

/* The agreement suite's Junos row. */
void fa_agree_junos(struct fa_agree_tally *t)
{
	struct fa_agree a = {0, 0, 0, 0};
	json_t *d, *e, *name;
	size_t i;

	fa_agree_lldp_brief(&a, "test_get_lldp_neighbors/normal");
	fa_agree_lldp_brief(&a, "test_get_lldp_neighbors/old_without_remote_port_id");
	fa_agree_lldp_detail(&a, "test_get_lldp_neighbors_detail/qfx5110",
			     "get-lldp-interface-neighbors.xml");
	fa_agree_lldp_detail(&a, "test_get_lldp_neighbors_detail/ex9208_qfx10008",
			     "get-lldp-interface-neighbors.xml");
	fa_agree_lldp_detail(&a, "test_get_lldp_neighbors_detail/normal_ex_fx_srx",
			     "get-lldp-interface-neighbors-information.xml");
	fa_agree_lldp_detail(&a, "test_get_lldp_neighbors_detail/normal_mx_m_t",
			     "get-lldp-interface-neighbors.xml");

	/* The interface list of the facts is the set of physical interfaces. */
	d = fa_junos_run(
	    fa_parse_junos_interfaces,
	    fa_test_fixture(NAPALM "test_get_facts/normal/get-interface-information.xml"));
	e = fa_load_json(&a, fa_test_fixture(NAPALM "test_get_facts/normal/expected_result.json"));
	json_array_foreach(json_object_get(e, "interface_list"), i, name)
	{
		a.compared++;
		if (fa_device_find_port(d, json_string_value(name)))
			a.equal++;
	}
	a.compared++;
	if (json_array_size(json_object_get(d, "ports")) ==
	    json_array_size(json_object_get(e, "interface_list")))
		a.equal++;
	json_decref(e);
	json_decref(d);

	t->files += a.files;
	t->compared += a.compared;
	t->equal += a.equal;
	t->absent += a.absent;
}

/* ---- agreement with ntc-templates' expected parse of the text outputs ------------------- */

/*
 * show version: hostname, model, junos_version (the release).  ntc-templates also reads the
 * QFabric "Serial Number:", which the model leaves out as the XML parser does (absent).
 */
static void fa_agree_ntc_version(struct fa_agree_tally *t, const char *base)
{
	char raw[256], yml[256];
	json_t *d, *exp, *row;
	const char *serial;

	snprintf(raw, sizeof(raw), NTC "show_version/%s.raw", base);
	snprintf(yml, sizeof(yml), NTC "show_version/%s.yml", base);
	d = fa_junos_text(fa_parse_junos_version_text, "show version", fa_test_fixture(raw));
	exp = fa_agree_load_yaml(t, yml);
	row = json_array_get(json_object_get(exp, "parsed_sample"), 0);
	fa_agree_count(t, fa_agree_same(fa_get_str(d, "hostname"),
					json_string_value(json_object_get(row, "hostname"))),
		       "junos", "hostname", raw);
	fa_agree_count(t, fa_agree_same(fa_get_str(d, "model"),
					json_string_value(json_object_get(row, "model"))),
		       "junos", "model", raw);
	/* vmhost: no "Junos:" line; both sides give no release */
	fa_agree_count(t, fa_agree_same(fa_get_str(d, "os.version"),
					json_string_value(json_object_get(row, "junos_version"))),
		       "junos", "junos_version", raw);
	serial = json_string_value(json_object_get(row, "serial_number"));
	if (serial && *serial)
		t->absent++;
	json_decref(exp);
	json_decref(d);
}

/*
 * show interfaces: per physical interface, that it is a port, admin_state (Enabled is up),
 * link_status (the oper state), description, mtu ("Unlimited": the model leaves it absent)
 * and hardware_type (the Link-level type: "Ethernet" where the model's type is ethernet or
 * management, another where it is not).  ntc-templates' rows of logical units
 * ("ge-0/0/0.2036", "irb.6013") give values of units, which are no ports in the model
 * (absent, one per row).
 */
static void fa_agree_ntc_interfaces(struct fa_agree_tally *t, const char *base)
{
	char raw[256], yml[256];
	json_t *d, *exp, *row;
	size_t i;

	snprintf(raw, sizeof(raw), NTC "show_interfaces/%s.raw", base);
	snprintf(yml, sizeof(yml), NTC "show_interfaces/%s.yml", base);
	d = fa_junos_text(fa_parse_junos_interfaces_text, "show interfaces", fa_test_fixture(raw));
	exp = fa_agree_load_yaml(t, yml);
	json_array_foreach(json_object_get(exp, "parsed_sample"), i, row)
	{
		const char *name = json_string_value(json_object_get(row, "interface"));
		const char *admin = json_string_value(json_object_get(row, "admin_state"));
		const char *link = json_string_value(json_object_get(row, "link_status"));
		const char *desc = json_string_value(json_object_get(row, "description"));
		const char *mtu = json_string_value(json_object_get(row, "mtu"));
		const char *hw = json_string_value(json_object_get(row, "hardware_type"));
		json_t *p = fa_device_find_port(d, name);
		const char *type = fa_get_str(p, "type");
		int64_t n;

		if (strchr(name, '.')) {
			fa_agree_count(t, p == NULL, "junos", "a unit is no port", name);
			t->absent++;
			continue;
		}
		fa_agree_count(t, p != NULL, "junos", "interface", name);
		fa_agree_count(t, fa_agree_same(fa_get_str(p, "admin_state"),
						strcmp(admin, "Enabled") == 0 ? "up" : "down"),
			       "junos", "admin_state", name);
		fa_agree_count(t, strcasecmp(fa_tp_str(p, "oper_state"), link) == 0, "junos",
			       "link_status", name);
		fa_agree_count(t, fa_agree_same(fa_get_str(p, "description"), desc), "junos",
			       "description", name);
		if (fa_parse_int(mtu, &n))
			fa_agree_count(t, fa_int(p, "mtu") == n, "junos", "mtu", name);
		else
			fa_agree_count(t,
				       strcmp(mtu, "Unlimited") == 0 && !fa_obj_get_path(p, "mtu"),
				       "junos", "mtu", name);
		fa_agree_count(t, (strcmp(hw, "Ethernet") == 0) ==
				      (type && (strcmp(type, "ethernet") == 0 ||
						strcmp(type, "management") == 0)),
			       "junos", "hardware_type", name);
	}
	json_decref(exp);
	json_decref(d);
}

/*
 * show lldp neighbors: per row, the neighbour on the local port (a unit's on its physical
 * port), its system name (neighbor_name), port (neighbor_interface, the Port info column) and
 * chassis id.  parent_interface is no model field.
 */
static void fa_agree_ntc_lldp(struct fa_agree_tally *t, const char *base)
{
	char raw[256], yml[256];
	json_t *d, *exp, *row;
	size_t i;

	snprintf(raw, sizeof(raw), NTC "show_lldp_neighbors/%s.raw", base);
	snprintf(yml, sizeof(yml), NTC "show_lldp_neighbors/%s.yml", base);
	d = fa_junos_text(fa_parse_junos_lldp_text, "show lldp neighbors", fa_test_fixture(raw));
	exp = fa_agree_load_yaml(t, yml);
	json_array_foreach(json_object_get(exp, "parsed_sample"), i, row)
	{
		const char *local = json_string_value(json_object_get(row, "local_interface"));
		json_t *p = fa_agree_port(d, local);

		fa_agree_count(t, p != NULL, "junos", "local_interface", local);
		fa_agree_count(t,
			       fa_agree_same(fa_get_str(p, "lldp.system_name"),
					     json_string_value(json_object_get(row, "neighbor_name"))),
			       "junos", "neighbor_name", local);
		fa_agree_count(t,
			       fa_agree_same(fa_get_str(p, "lldp.port_id"),
					     json_string_value(
						 json_object_get(row, "neighbor_interface"))),
			       "junos", "neighbor_interface", local);
		fa_agree_count(t,
			       fa_agree_same(fa_get_str(p, "lldp.chassis_id"),
					     json_string_value(json_object_get(row, "chassis_id"))),
			       "junos", "chassis_id", local);
	}
	json_decref(exp);
	json_decref(d);
}

/* The agreement suite's Junos row for ntc-templates (the text parsers). */
void fa_agree_junos_ntc(struct fa_agree_tally *t)
{
	static const char *const version[] = {"juniper_junos_show_version",
					      "juniper_junos_show_version_qfx5100",
					      "juniper_junos_show_version_vmhost"};
	size_t i;

	for (i = 0; i < sizeof(version) / sizeof(version[0]); i++)
		fa_agree_ntc_version(t, version[i]);
	fa_agree_ntc_interfaces(t, "juniper_junos_show_interfaces");
	fa_agree_ntc_interfaces(t, "juniper_junos_show_interfaces_irb");
	fa_agree_ntc_lldp(t, "juniper_junos_show_lldp_neighbors");
}

START_TEST(parse_junos_platform_table)
{
	const struct fa_platform *p = fa_platform_find("junos");
	size_t i, sent = 0;

	ck_assert_msg(p != NULL && strcmp(p->kind, "switch") == 0, "junos is a switch platform.");
	for (i = 0; i < p->ncommands; i++) {
		ck_assert_msg(p->commands[i].expand == FA_EXPAND_NONE,
			      "Every Junos command runs once per device.");
		ck_assert_msg(p->commands[i].parse != NULL, "Every Junos command has a parser.");
		if (!(p->commands[i].flags & FA_CMD_PARSE_ONLY)) {
			sent++;
			ck_assert_msg(p->commands[i].command[0] == '<' &&
					  strstr(p->commands[i].command, "get-") != NULL,
				      "Every Junos command sent is a NETCONF get RPC.");
		}
	}
	ck_assert_msg(sent == 4, "Four RPCs are sent.");
	ck_assert_msg(fa_platform_command(p, "show version | display xml", NULL) != NULL,
		      "The display-xml CLI form finds its parser.");
	for (i = 0; i < sizeof(fa_junos_text_commands) / sizeof(fa_junos_text_commands[0]); i++) {
		const struct fa_command *c =
		    fa_platform_command(p, fa_junos_text_commands[i], NULL);

		ck_assert_msg(
		    c && c->parse == fa_junos_text_parsers[i] && (c->flags & FA_CMD_PARSE_ONLY),
		    "'%s' (text) is parse-only, with its text parser.", fa_junos_text_commands[i]);
	}
}
END_TEST

Suite *fa_parse_junos_suite(void)
{
	Suite *s = suite_create("parse_junos");
	TCase *tc = tcase_create("parse_junos");

	tcase_add_test(tc, parse_junos_software_release);
	tcase_add_test(tc, parse_junos_interfaces_physical_ports);
	tcase_add_test(tc, parse_junos_lldp_neighbours);
	tcase_add_test(tc, parse_junos_config_pfc_profiles);
	tcase_add_test(tc, parse_junos_config_wildcard_and_dscp);
	tcase_add_test(tc, parse_junos_rpc_error_and_bad_input);
	tcase_add_test(tc, parse_junos_interfaces_onto_known_ports);
	tcase_add_test(tc, parse_junos_warns_on_odd_values);
	tcase_add_test(tc, parse_junos_version_text);
	tcase_add_test(tc, parse_junos_version_text_variants);
	tcase_add_test(tc, parse_junos_interfaces_text);
	tcase_add_test(tc, parse_junos_interfaces_text_variants);
	tcase_add_test(tc, parse_junos_lldp_text);
	tcase_add_test(tc, parse_junos_lldp_text_variants);
	tcase_add_loop_test(tc, parse_junos_text_hostile, 0,
			    (int)(sizeof(fa_junos_text_parsers) / sizeof(*fa_junos_text_parsers)));
	tcase_add_test(tc, parse_junos_platform_table);
	suite_add_tcase(s, tc);
	return s;
}
