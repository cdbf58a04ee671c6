/* SPDX-License-Identifier: MIT */
/*
 * NX-OS parsers on real NX-API JSON and text captures (NAPALM, ntc-templates, suzieq,
 * batfish), compared field by field with the expected parse NAPALM and ntc-templates ship
 * for the same captures, plus malformed input and the running-config QoS reading.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "audit/model.h"
#include "audit/util/buf.h"
#include "audit/util/yamljson.h"
#include "drivers/nxos/parse-nxos.h"
#include "drivers/platform.h"
#include "tests/unit/parse-helpers.h"
#include "drivers/text/mac.h"
#include "drivers/text/units.h"
#include "tests/unit/agree.h"
#include "tests/unit/unit.h"
#include "audit/util/banned.h"

#define NAPALM "napalm-automation__napalm/test/nxos/mocked_data/"
#define NAPALM_SSH "napalm-automation__napalm/test/nxos_ssh/mocked_data/"
#define NTC "networktocode__ntc-templates/tests/cisco_nxos/"
#define GENIE "CiscoTestAutomation__genieparser/src/genie/libs/parser/nxos/tests/"

static json_t *fa_nxos_run_text(fa_parse_fn *fn, json_t *dev, const char *text, size_t len,
				int *ret, struct fa_err *err)
{
	if (!dev)
		dev = fa_device_new("nx", "switch");
	*ret = fa_tp_direct(fn, "show", FA_CAPTURE_TEXT, text, len, dev, err);
	return dev;
}

static json_t *fa_nxos_run_into(fa_parse_fn *fn, json_t *dev, const char *path)
{
	return fa_tp_direct_file(fn, "show", FA_CAPTURE_TEXT, path,
				 dev ? dev : fa_device_new("nx", "switch"));
}

static json_t *fa_nxos_run(fa_parse_fn *fn, const char *path)
{
	return fa_nxos_run_into(fn, NULL, path);
}

static json_int_t fa_int(const json_t *obj, const char *path)
{
	json_int_t v = -1;

	fa_get_int(obj, path, &v);
	return v;
}

START_TEST(parse_nxos_version_json)
{
	json_t *d = fa_nxos_run(fa_parse_nxos_version,
				fa_test_fixture(NAPALM "test_get_facts/normal/show_version.json"));

	ck_assert_str_eq(fa_get_str(d, "hostname"), "nxos-spine1");
	ck_assert_str_eq(fa_get_str(d, "serial"), "TM6017D760B");
	ck_assert_str_eq(fa_get_str(d, "model"), "NX-OSv Chassis");
	ck_assert_str_eq(fa_get_str(d, "os.name"), "NX-OS");
	ck_assert_msg(strcmp(fa_get_str(d, "os.version"), "7.3(1)D1(1)") == 0,
		      "The build suffix is not part of the release.");
	json_decref(d);

	d = fa_nxos_run(fa_parse_nxos_version,
			fa_test_fixture("netenglabs__suzieq/extracted/nxos-input/"
					"spine01__nxos__show_version_json_native.txt"));
	ck_assert_str_eq(fa_get_str(d, "hostname"), "spine01");
	ck_assert_str_eq(fa_get_str(d, "os.version"), "9.3(4)");
	json_decref(d);
}
END_TEST

/* The text of "show version": one real capture per layout, values read off each by hand. */
START_TEST(parse_nxos_version_text)
{
	static const struct {
		const char *rel, *hostname, *model, *serial, *version;
	} cases[] = {
		/* 10.x: "NXOS: version 10.4(5) [Maintenance Release]" */
		{NTC "show_version/cisco_nxos_show_version5.raw", "N9K-LAB-15",
		 "Nexus9000 C93180YC-FX3 Chassis", "FLM27400B3D", "10.4(5)"},
		/* " NXOS:" indented by one blank; "System version: 9.3(7a)" is before the reset */
		{NTC "show_version/cisco_nxos_show_version7.raw", "N3K-LAB-19",
		 "Nexus3000 C3232C Chassis (Nexus 9000 Series)", "FOC21261DQD", "9.3(15)"},
		/* 5.x: "system:    version 5.2(1)N1(4)", a chassis with its supervisor note */
		{NTC "show_version/cisco_nxos_show_version3.raw", "DC2TESTSW01-55",
		 "Nexus5548 Chassis", "FOC171737PL", "5.2(1)N1(4)"},
		/* ACI leaf: "system:    version 14.0(1h) [build 14.0(1h)]" */
		{NTC "show_version/cisco_nxos_show_version1.raw", "Leaf-101", "N9K-C9396PX",
		 "SAL1909A8CT", "14.0(1h)"},
		/* two notes: "NXOS: version 10.4(3) [build 10.4(2)IMG9(0.27)] [Feature Release]" */
		{GENIE "ShowVersion/cli/equal/golden_output_3_output.txt", "Spine-11",
		 "Nexus9000 C9332D-GX2B Chassis", "FDO26380WP2", "10.4(3)"},
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		json_t *d = fa_nxos_run(fa_parse_nxos_version, fa_test_fixture(cases[i].rel));

		ck_assert_str_eq(fa_get_str(d, "hostname"), cases[i].hostname);
		ck_assert_str_eq(fa_get_str(d, "model"), cases[i].model);
		ck_assert_str_eq(fa_get_str(d, "serial"), cases[i].serial);
		ck_assert_str_eq(fa_get_str(d, "os.name"), "NX-OS");
		ck_assert_str_eq(fa_get_str(d, "os.version"), cases[i].version);
		ck_assert_msg(json_object_get(d, "warnings") == NULL,
			      "A real show version raises no warning (%s).", cases[i].rel);
		json_decref(d);
	}
}
END_TEST

/* A banner without a release warns; a text with neither is not show version. */
START_TEST(parse_nxos_version_text_variants)
{
	const char *no_release = "Cisco Nexus Operating System (NX-OS) Software\n\nHardware\n"
				 "  cisco Nexus9000 C9364C Chassis\n  Device name: spine1\n";
	const char *other = "Software\n  BIOS: version 1.0\n";
	struct fa_err err = FA_ERR_INIT;
	json_t *d;
	int r;

	d = fa_nxos_run_text(fa_parse_nxos_version, NULL, no_release, strlen(no_release), &r,
			     &err);
	ck_assert_int_eq(r, 0);
	ck_assert_str_eq(fa_get_str(d, "hostname"), "spine1");
	ck_assert_msg(fa_get_str(d, "os.version") == NULL, "No release line, no os.version.");
	ck_assert_msg(json_array_size(json_object_get(d, "warnings")) == 1,
		      "A missing release is a warning.");
	json_decref(d);
	d = fa_nxos_run_text(fa_parse_nxos_version, NULL, other, strlen(other), &r, &err);
	ck_assert_msg(r == -FA_EPARSE, "A text without banner or release is a parse error.");
	json_decref(d);
}
END_TEST

/* "show interface status": real tables, values read off each by hand. */
START_TEST(parse_nxos_status_text)
{
	json_t *d = fa_nxos_run(fa_parse_nxos_status,
				fa_test_fixture(NTC "show_interface_status/"
						    "cisco_nxos_show_interface_status.raw"));
	json_t *p = fa_device_find_port(d, "Ethernet1/1");

	/* "mgmt0         --                 connected routed    full    100     --" */
	ck_assert_str_eq(fa_get_str(fa_device_find_port(d, "mgmt0"), "oper_state"), "up");
	ck_assert_msg(fa_int(fa_device_find_port(d, "mgmt0"), "speed") == 100000000LL,
		      "A bare speed is Mb/s.");
	ck_assert_msg(fa_get_str(fa_device_find_port(d, "mgmt0"), "description") == NULL,
		      "'--' is no name.");
	/* "Eth1/1        managed by puppet  disabled  routed    auto    auto    SFP-H10GB-CU2M" */
	ck_assert_str_eq(fa_get_str(p, "description"), "managed by puppet");
	ck_assert_str_eq(fa_get_str(p, "admin_state"), "down");
	ck_assert_str_eq(fa_get_str(p, "oper_state"), "down");
	ck_assert_msg(fa_get_int(p, "speed", NULL) == 0, "auto is no speed.");
	/* "Eth1/3        --                 xcvrAbsen 1         auto    auto    --" */
	p = fa_device_find_port(d, "Ethernet1/3");
	ck_assert_str_eq(fa_get_str(p, "admin_state"), "up");
	ck_assert_str_eq(fa_get_str(p, "oper_state"), "down");
	ck_assert_str_eq(fa_get_str(p, "type"), "ethernet");
	ck_assert_msg(json_object_get(d, "warnings") == NULL, "A real table raises no warning.");
	json_decref(d);

	/* negotiated speeds "a-10G", and a tunnel table with Reason columns after it */
	d = fa_nxos_run(fa_parse_nxos_status,
			fa_test_fixture(NTC "show_interface_status/"
					    "cisco_nxos_show_interface_status_tunnel.raw"));
	ck_assert_msg(fa_int(fa_device_find_port(d, "Ethernet1/2"), "speed") == 10000000000LL,
		      "a-10G is 10 Gb/s.");
	ck_assert_str_eq(fa_get_str(fa_device_find_port(d, "Ethernet1/2"), "description"),
			 "TEST2");
	p = fa_device_find_port(d, "Tunnel41");
	ck_assert_str_eq(fa_get_str(p, "description"), "Test Tun41");
	ck_assert_str_eq(fa_get_str(p, "oper_state"), "down");
	ck_assert_str_eq(fa_get_str(fa_device_find_port(d, "Tunnel13"), "oper_state"), "up");
	ck_assert_msg(json_array_size(json_object_get(d, "ports")) == 9, "4 ports, 5 tunnels.");
	json_decref(d);

	/* rows without a Type ("Eth1/3 -- xcvrAbsen 1 auto auto"), SVIs, a name with blanks */
	d = fa_nxos_run(fa_parse_nxos_status,
			fa_test_fixture(NTC "show_interface_status/"
					    "cisco_nxos_show_interface_status4.raw"));
	ck_assert_str_eq(fa_get_str(fa_device_find_port(d, "Vlan146"), "description"),
			 "my vlan 146");
	ck_assert_str_eq(fa_get_str(fa_device_find_port(d, "Vlan146"), "type"), "vlan");
	ck_assert_msg(json_array_size(json_object_get(d, "ports")) == 9, "9 rows.");
	json_decref(d);

	/* "Eth51/1/1           --              connected" runs past the Port column */
	d = fa_nxos_run(fa_parse_nxos_status,
			fa_test_fixture(NAPALM_SSH "test_get_facts/7009_6_2_14/"
						   "show_interface_status.txt"));
	p = fa_device_find_port(d, "Ethernet51/1/1");
	ck_assert_str_eq(fa_get_str(p, "oper_state"), "up");
	ck_assert_msg(fa_int(p, "speed") == 1000000000LL && !fa_get_str(p, "description"),
		      "A row off its columns is read by its status word.");
	ck_assert_msg(json_object_get(d, "warnings") == NULL, "A real table raises no warning.");
	json_decref(d);
}
END_TEST

/* A table cut short or other text: what cannot be read is said, never silently empty. */
START_TEST(parse_nxos_status_variants)
{
	const char *cut = "Port          Name               Status    Vlan      Duplex  Speed   Type\n"
			  "Eth1/1        --                 connected routed    full    400G    QSFP\n"
			  "Eth1/2        a name that is cut to\n"
			  "Eth1/3        a name cut by them connected routed    full    fast    --\n";
	const char *noheader = "Eth1/1 -- connected routed full 400G\n";
	struct fa_err err = FA_ERR_INIT;
	json_t *d;
	int r;

	d = fa_nxos_run_text(fa_parse_nxos_status, NULL, cut, strlen(cut), &r, &err);
	ck_assert_int_eq(r, 0);
	ck_assert_msg(fa_int(fa_device_find_port(d, "Ethernet1/1"), "speed") == 400000000000LL,
		      "400G is 400 Gb/s.");
	ck_assert_msg(fa_device_find_port(d, "Ethernet1/2") == NULL, "A row without a status.");
	ck_assert_msg(fa_tp_warned(d, "line 3: no status"), "... is a warning with its line.");
	ck_assert_msg(fa_tp_warned(d, "unknown speed 'fast'"), "An unknown speed warns.");
	ck_assert_msg(!fa_get_str(fa_device_find_port(d, "Ethernet1/3"), "description"),
		      "A name up to the status column may be cut: left out.");
	json_decref(d);
	d = fa_nxos_run_text(fa_parse_nxos_status, NULL, noheader, strlen(noheader), &r, &err);
	ck_assert_msg(r == -FA_EPARSE && err.line == 1, "Rows without a header: error at line 1.");
	json_decref(d);
}
END_TEST

/* "show lldp neighbors": a long Device ID on a line of its own, its row indented after it. */
START_TEST(parse_nxos_lldp_table)
{
	const char *blank_cap = "Device ID            Local Intf      Hold-time  Capability  Port ID\n"
				"gpu-node-01          Eth1/9          120                    b8ce.f6ff.fe01\n"
				"spine1               Eth1/10         abc        BR          Ethernet1/1\n";
	json_t *d = fa_nxos_run(fa_parse_nxos_lldp_table,
				fa_test_fixture(NTC "show_lldp_neighbors/"
						    "cisco_nxos_show_lldp_neighbors.raw"));
	json_t *p = fa_device_find_port(d, "Ethernet1/2");
	struct fa_err err = FA_ERR_INIT;
	int r;

	/* "nx-osv9000-4-extremely-long-name" then "    Eth1/2   120   BR   Ethernet1/1" */
	ck_assert_str_eq(fa_get_str(p, "lldp.system_name"), "nx-osv9000-4-extremely-long-name");
	ck_assert_str_eq(fa_get_str(p, "lldp.port_id"), "Ethernet1/1");
	/* "nx-osv9000-2         Eth1/3          120        BR          Ethernet1/3" */
	p = fa_device_find_port(d, "Ethernet1/3");
	ck_assert_str_eq(fa_get_str(p, "lldp.system_name"), "nx-osv9000-2");
	ck_assert_str_eq(fa_get_str(p, "lldp.port_id"), "Ethernet1/3");
	ck_assert_msg(json_array_size(json_object_get(d, "ports")) == 3, "Three neighbours.");
	ck_assert_msg(json_object_get(d, "warnings") == NULL, "A real table raises no warning.");
	json_decref(d);

	/* a host without capabilities; a row without a hold time is a warning */
	d = fa_nxos_run_text(fa_parse_nxos_lldp_table, NULL, blank_cap, strlen(blank_cap), &r,
			     &err);
	ck_assert_int_eq(r, 0);
	ck_assert_str_eq(fa_get_str(fa_device_find_port(d, "Ethernet1/9"), "lldp.port_id"),
			 "b8ce.f6ff.fe01");
	ck_assert_msg(fa_device_find_port(d, "Ethernet1/10") == NULL &&
			  fa_tp_warned(d, "line 3: not a neighbour row"),
		      "A row that cannot be read is a warning naming its line.");
	json_decref(d);
	d = fa_nxos_run_text(fa_parse_nxos_lldp_table, NULL, "x\n", 2, &r, &err);
	ck_assert_msg(r == -FA_EPARSE, "No header: not show lldp neighbors.");
	json_decref(d);
}
END_TEST

START_TEST(parse_nxos_interface_json)
{
	json_t *d =
	    fa_nxos_run(fa_parse_nxos_interface,
			fa_test_fixture(NAPALM "test_get_facts/normal/show_interface.json"));
	json_t *p = fa_device_find_port(d, "Ethernet2/1"), *m = fa_device_find_port(d, "mgmt0");

	ck_assert_msg(json_array_size(json_object_get(d, "ports")) == 146, "146 interfaces.");
	ck_assert_msg(fa_int(p, "mtu") == 1500, "Ethernet2/1 has MTU 1500.");
	ck_assert_msg(fa_int(p, "speed") == 1000000000LL, "1000 Mb/s is 10^9 bit/s.");
	ck_assert_str_eq(fa_get_str(p, "mac"), "2c:c2:60:4f:fe:b2");
	ck_assert_msg(json_is_false(fa_obj_get_path(p, "autoneg")), "eth_autoneg off is false.");
	ck_assert_str_eq(fa_get_str(m, "type"), "management");
	ck_assert_str_eq(fa_get_str(fa_device_find_port(d, "Vlan1"), "admin_state"), "down");
	ck_assert_msg(fa_obj_get_path(fa_device_find_port(d, "Ethernet2/40"), "speed") == NULL,
		      "auto-speed on a port without link leaves speed absent.");
	/* The eth_ counters of this lab switch are all 0, and written as such. */
	ck_assert_msg(fa_int(p, "counters.rx_bytes") == 0 && fa_int(p, "counters.tx_bytes") == 0 &&
			  fa_int(p, "counters.crc_errors") == 0 &&
			  fa_int(p, "counters.rx_errors") == 0 &&
			  fa_int(p, "counters.tx_errors") == 0 &&
			  fa_int(p, "counters.rx_discards") == 0 &&
			  fa_int(p, "counters.tx_discards") == 0,
		      "Ethernet2/1 has its seven counters.");
	ck_assert_msg(!fa_obj_get_path(fa_device_find_port(d, "Vlan1"), "counters"),
		      "An SVI has no eth_ counters.");
	ck_assert_msg(json_object_get(d, "warnings") == NULL, "A real reply raises no warning.");
	json_decref(d);
}
END_TEST

START_TEST(parse_nxos_interface_single_row_is_a_dict)
{
	const char *one = "{\"TABLE_interface\": {\"ROW_interface\": {\"interface\": "
			  "\"Ethernet1/49\", \"state\": \"up\", \"admin_state\": \"up\", "
			  "\"eth_mtu\": 9216, \"eth_speed\": \"400 Gb/s\", "
			  "\"eth_inbytes\": 123456789012, \"eth_outbytes\": \"42\", "
			  "\"eth_crc\": 7, \"eth_indiscard\": \"n/a\"}}}";
	struct fa_err err = FA_ERR_INIT;
	int r;
	json_t *d = fa_nxos_run_text(fa_parse_nxos_interface, NULL, one, strlen(one), &r, &err);
	json_t *p = fa_device_find_port(d, "Ethernet1/49");

	ck_assert_int_eq(r, 0);
	ck_assert_msg(fa_int(p, "mtu") == 9216, "An integer MTU is read.");
	ck_assert_msg(fa_int(p, "speed") == 400000000000LL, "400 Gb/s is 4*10^11 bit/s.");
	/* Hand-made counters: integers, a numeric string, a value that is no count. */
	ck_assert_msg(fa_int(p, "counters.rx_bytes") == 123456789012LL &&
			  fa_int(p, "counters.tx_bytes") == 42 && fa_int(p, "counters.crc_errors") == 7,
		      "Counters are read as integers or numeric strings.");
	ck_assert_msg(!fa_obj_get_path(p, "counters.rx_discards") &&
			  fa_tp_warned(d, "eth_indiscard 'n/a' is not a counter value"),
		      "'n/a' is a warning, not a counter.");
	json_decref(d);
}
END_TEST

START_TEST(parse_nxos_interface_text)
{
	json_t *d =
	    fa_nxos_run(fa_parse_nxos_interface,
			fa_test_fixture(NTC "show_interface/cisco_nxos_show_interface.raw"));
	json_t *v = fa_device_find_port(d, "Vlan20"), *e = fa_device_find_port(d, "Ethernet1/1");

	ck_assert_str_eq(fa_get_str(v, "oper_state"), "down");
	ck_assert_str_eq(fa_get_str(v, "mac"), "50:87:89:a1:d8:d5");
	ck_assert_str_eq(fa_get_str(v, "type"), "vlan");
	ck_assert_msg(fa_int(e, "speed") == 10000000000LL, "Ethernet1/1 runs at 10 Gb/s.");
	ck_assert_msg(fa_int(fa_device_find_port(d, "mgmt0"), "speed") == 100000000LL,
		      "mgmt0 runs at 100 Mb/s.");
	json_decref(d);
}
END_TEST

/* Captures pasted from a session (Genie's goldens): indented blocks, glued lines. */
START_TEST(parse_nxos_text_pasted_layouts)
{
	json_t *d, *p;

	/* golden4: "      mgmt0 is up", "      admin state is up," after the command echo. */
	d = fa_nxos_run(fa_parse_nxos_interface,
			fa_test_fixture(GENIE "ShowInterface/cli/equal/golden4_output.txt"));
	p = fa_device_find_port(d, "mgmt0");
	ck_assert_ptr_nonnull(p);
	ck_assert_str_eq(fa_get_str(p, "oper_state"), "up");
	ck_assert_str_eq(fa_get_str(p, "admin_state"), "up");
	ck_assert_str_eq(fa_get_str(p, "mac"), "80:e0:1d:ff:6b:ae");
	ck_assert_int_eq(fa_int(p, "mtu"), 1500);
	ck_assert_int_eq(fa_int(p, "speed"), 1000000000);
	ck_assert_str_eq(fa_get_str(fa_device_find_port(d, "Ethernet1/1"), "description"),
			 "<< GENIE GIG 0/0/1 >>");
	json_decref(d);

	/* golden8: "Description: VLAN information Internet Address is 10.10.10.1/24". */
	d = fa_nxos_run(fa_parse_nxos_interface,
			fa_test_fixture(GENIE "ShowInterface/cli/equal/golden8_output.txt"));
	p = fa_device_find_port(d, "Vlan420");
	ck_assert_str_eq(fa_get_str(p, "description"), "VLAN information");
	ck_assert_int_eq(fa_int(p, "mtu"), 1500);
	json_decref(d);

	/* golden_output1: every line indented by twelve blanks under the capability legend. */
	d = fa_nxos_run(fa_parse_nxos_lldp,
			fa_test_fixture(GENIE "ShowLldpNeighborsDetail/cli/equal/"
					      "golden_output1_output.txt"));
	p = fa_device_find_port(d, "Ethernet1/1");
	ck_assert_ptr_nonnull(p);
	ck_assert_str_eq(fa_get_str(p, "lldp.system_name"), "R1_csr1000v.openstacklocal");
	ck_assert_str_eq(fa_get_str(p, "lldp.port_id"), "Gi3");
	ck_assert_str_eq(fa_get_str(p, "lldp.port_description"), "GigabitEthernet3");
	json_decref(d);

	/* golden_output3: after the echoed command, "Port id: mgmt:0" kept as sent. */
	d = fa_nxos_run(fa_parse_nxos_lldp,
			fa_test_fixture(GENIE "ShowLldpNeighborsDetail/cli/equal/"
					      "golden_output3_output.txt"));
	p = fa_device_find_port(d, "mgmt0");
	ck_assert_ptr_nonnull(p);
	ck_assert_str_eq(fa_get_str(p, "lldp.port_id"), "mgmt:0");
	ck_assert_str_eq(fa_get_str(p, "lldp.system_name"), "System1");
	json_decref(d);
}
END_TEST

START_TEST(parse_nxos_lldp_json_list_and_dict)
{
	json_t *d =
	    fa_nxos_run(fa_parse_nxos_lldp,
			fa_test_srcfile("tests/fixtures/nxos/show-lldp-neighbors-detail.json"));
	json_t *p = fa_device_find_port(d, "Ethernet1/1");

	ck_assert_msg(p != NULL, "Eth1/1 is expanded to Ethernet1/1.");
	ck_assert_str_eq(fa_get_str(p, "lldp.system_name"), "n9k2.ntc.com");
	ck_assert_str_eq(fa_get_str(p, "lldp.port_id"), "Ethernet1/1");
	ck_assert_str_eq(fa_get_str(fa_device_find_port(d, "mgmt0"), "lldp.port_id"), "Fa1/0/9");
	json_decref(d);

	d = fa_nxos_run(fa_parse_nxos_lldp,
			fa_test_srcfile("tests/fixtures/nxos/show-lldp-neighbors-detail-one.json"));
	p = fa_device_find_port(d, "Ethernet1/49");
	ck_assert_str_eq(fa_get_str(p, "lldp.system_name"), "gpu-node-07");
	ck_assert_msg(fa_obj_get_path(p, "lldp.port_description") == NULL,
		      "A \"null\" port description is absent.");
	json_decref(d);
}
END_TEST

START_TEST(parse_nxos_config_roce_qos)
{
	json_t *d = fa_device_new("nx", "switch"), *p1, *p2, *p3, *p4, *l;

	fa_set_str(fa_device_port(d, "Ethernet1/5"), "type", "ethernet");
	d = fa_nxos_run_into(fa_parse_nxos_config, d,
			     fa_test_srcfile("tests/fixtures/nxos/show-running-config-roce.txt"));
	p1 = fa_device_find_port(d, "Ethernet1/1");
	p2 = fa_device_find_port(d, "Ethernet1/2");
	p3 = fa_device_find_port(d, "Ethernet1/3");
	p4 = fa_device_find_port(d, "Ethernet1/4");
	l = fa_obj_get_path(p1, "qos.pfc_enabled");
	ck_assert_msg(json_array_size(l) == 1 && json_integer_value(json_array_get(l, 0)) == 3,
		      "PFC mode on pauses pfc-cos 3 of the network-qos policy in force.");
	ck_assert_msg(json_equal(fa_obj_get_path(p1, "qos.pfc_rx"), l) &&
			      json_equal(fa_obj_get_path(p1, "qos.pfc_tx"), l) &&
			      json_is_array(fa_obj_get_path(p3, "qos.pfc_rx")) &&
			      json_array_size(fa_obj_get_path(p3, "qos.pfc_tx")) == 0,
		      "NX-OS PFC is both directions: rx and tx follow the priorities.");
	ck_assert_msg(json_is_true(fa_obj_get_path(p1, "qos.pfc_watchdog")),
		      "The global watchdog applies to Ethernet1/1.");
	ck_assert_msg(json_is_false(fa_obj_get_path(p2, "qos.pfc_watchdog")),
		      "The interface's watchdog off overrides the global on.");
	ck_assert_msg(json_array_size(fa_obj_get_path(p3, "qos.pfc_enabled")) == 0 &&
			  json_is_array(fa_obj_get_path(p3, "qos.pfc_enabled")),
		      "PFC mode off is [].");
	ck_assert_msg(fa_obj_get_path(p4, "qos.pfc_enabled") == NULL,
		      "No PFC line (mode auto) leaves the priorities absent.");
	l = fa_obj_get_path(p4, "qos.ecn.enabled_tcs");
	ck_assert_msg(json_array_size(l) == 1 && json_integer_value(json_array_get(l, 0)) == 3,
		      "The system queuing policy marks ECN on TC 3.");
	ck_assert_msg(fa_int(p1, "qos.ecn.min_threshold") == 150 * 1024 &&
			  fa_int(p1, "qos.ecn.max_threshold") == 3000 * 1024,
		      "150 and 3000 kbytes are the ECN thresholds.");
	ck_assert_msg(fa_int(p1, "qos.ecn.probability") == 7, "The drop probability is 7.");
	ck_assert_msg(fa_int(fa_device_find_port(d, "Ethernet1/5"), "qos.ecn.max_threshold") ==
			  3000 * 1024,
		      "A port absent from the configuration still gets the system policy.");
	ck_assert_msg(fa_obj_get_path(fa_device_find_port(d, "mgmt0"), "qos") == NULL,
		      "mgmt0 gets no QoS.");
	ck_assert_msg(json_object_get(d, "warnings") == NULL, "The configuration is understood.");
	json_decref(d);
}
END_TEST

START_TEST(parse_nxos_config_real_captures)
{
	json_t *d =
	    fa_nxos_run(fa_parse_nxos_config,
			fa_test_fixture("batfish__batfish/projects/batfish/src/test/resources/"
					"org/batfish/vendor/cisco_nxos/grammar/testconfigs/"
					"nxos_interface_show_all_1"));

	ck_assert_msg(fa_obj_get_path(fa_device_find_port(d, "Ethernet1/21"), "qos.pfc_enabled") ==
			  NULL,
		      "priority-flow-control mode auto leaves the priorities absent.");
	json_decref(d);
	d = fa_nxos_run(fa_parse_nxos_config,
			fa_test_fixture("netenglabs__suzieq/extracted/nxos-input/"
					"leaf03__nxos__show_running_config_exclude_security.txt"));
	ck_assert_msg(json_object_get(d, "warnings") == NULL,
		      "A real leaf configuration raises no warning.");
	json_decref(d);
}
END_TEST

START_TEST(parse_nxos_bad_input)
{
	static const char *const bad[] = {"", "{", "[1,2]", "{\"other\": 1}",
					  "% Invalid command at '^' marker.\n"};
	fa_parse_fn *const fns[] = {fa_parse_nxos_version, fa_parse_nxos_interface,
				    fa_parse_nxos_lldp, fa_parse_nxos_config};
	size_t i, j;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		for (j = 0; j < sizeof(fns) / sizeof(fns[0]); j++) {
			struct fa_err err = FA_ERR_INIT;
			int r;
			json_t *d;

			/* JSON is a valid configuration to no one but a JSON parser. */
			if (fns[j] == fa_parse_nxos_config && bad[i][0] != '%' && bad[i][0])
				continue;
			d = fa_nxos_run_text(fns[j], NULL, bad[i], strlen(bad[i]), &r, &err);
			ck_assert_msg(r == -FA_EPARSE, "Input %zu to parser %zu is a parse error.",
				      i, j);
			json_decref(d);
		}
}
END_TEST

START_TEST(parse_nxos_truncated_json_and_text)
{
	struct fa_buf b = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	json_t *d;
	int r;

	fa_test_read(fa_test_fixture(NAPALM "test_get_facts/normal/show_interface.json"), &b);
	d = fa_nxos_run_text(fa_parse_nxos_interface, NULL, b.buf, b.len / 3, &r, &err);
	ck_assert_msg(r == -FA_EPARSE, "A third of a JSON reply is a parse error.");
	json_decref(d);
	fa_buf_reset(&b);
	fa_test_read(fa_test_fixture(NTC "show_interface/cisco_nxos_show_interface.raw"), &b);
	d = fa_nxos_run_text(fa_parse_nxos_interface, NULL, b.buf, b.len / 2, &r, &err);
	ck_assert_msg(r == 0, "Half a text reply still gives the interfaces it holds.");
	ck_assert_msg(fa_device_find_port(d, "Vlan20") != NULL, "The first interface is there.");
	json_decref(d);
	fa_buf_release(&b);
}
END_TEST

/* ---- agreement with NAPALM and ntc-templates -------------------------------------------- */

/*
 * A field is compared when both sides give a value; a value the peer gives and we leave
 * absent is counted as not reported, and a known defect of the peer as such.
 */
struct fa_agree {
	int files;
	int compared;
	int equal;
	int absent;
	int peer_defects;
	int bond_speeds;
};

static void fa_agree(struct fa_agree *a, bool same, const char *what, const char *where)
{
	a->compared++;
	if (same)
		a->equal++;
	else
		fprintf(stderr, "nxos peer disagreement on %s at %s\n", what, where);
}

static void fa_agree_str(struct fa_agree *a, const char *ours, const char *theirs, const char *what)
{
	if (!theirs || !*theirs)
		return;
	if (!ours) {
		a->absent++;
		return;
	}
	fa_agree(a, strcasecmp(ours, theirs) == 0, what, theirs);
}

/* NAPALM names some interfaces its own way ("Management0", "Port-channel1", "Loopback0"). */
static json_t *fa_agree_find(json_t *d, const char *key)
{
	json_t *port;
	size_t i;

	if (strcmp(key, "Management0") == 0)
		key = "mgmt0";
	json_array_foreach(json_object_get(d, "ports"), i,
			   port) if (strcasecmp(fa_get_str(port, "name"), key) == 0) return port;
	return NULL;
}

static void fa_agree_mac(struct fa_agree *a, const json_t *port, const char *theirs)
{
	json_t *tmp;

	if (!theirs || !*theirs)
		return;
	tmp = json_object();
	fa_set_mac(tmp, theirs);
	fa_agree_str(a, fa_get_str(port, "mac"), fa_get_str(tmp, "mac"), "mac");
	json_decref(tmp);
}

static json_t *fa_load_json(struct fa_agree *a, const char *path)
{
	json_error_t jerr;
	json_t *v = json_load_file(path, 0, &jerr);

	a->files++;
	ck_assert_msg(v != NULL, "%s is JSON (%s).", path, jerr.text);
	return v;
}

/* NAPALM get_interfaces: is_up, is_enabled, mtu, speed (Mb/s), mac_address, description. */
static void fa_agree_napalm_ifaces(struct fa_agree *a, json_t *d, json_t *e)
{
	const char *key;
	json_t *n;

	json_object_foreach(e, key, n)
	{
		json_t *p = fa_agree_find(d, key);
		json_t *v;
		json_int_t ours;

		fa_agree(a, p != NULL, "interface", key);
		if (!p)
			continue;
		if (json_is_boolean(v = json_object_get(n, "is_up")))
			fa_agree_str(a, fa_get_str(p, "oper_state"),
				     json_is_true(v) ? "up" : "down", "is_up");
		if (json_is_boolean(v = json_object_get(n, "is_enabled")))
			fa_agree_str(a, fa_get_str(p, "admin_state"),
				     json_is_true(v) ? "up" : "down", "is_enabled");
		if (json_is_number(v = json_object_get(n, "mtu")) && json_number_value(v) > 0) {
			if (fa_get_int(p, "mtu", &ours))
				fa_agree(a, ours == (json_int_t)json_number_value(v), "mtu", key);
			else
				a->absent++;
		}
		/*
		 * NAPALM reports a speed for every port: the bandwidth (BW) when there is no
		 * link, and for a port-channel the members' sum, where the device prints the
		 * link speed.  Only ports where both are the link speed are compared.
		 */
		if (json_is_number(v = json_object_get(n, "speed")) &&
		    fa_get_int(p, "speed", &ours)) {
			if (strcmp(fa_get_str(p, "type"), "bond") == 0)
				a->bond_speeds++;
			else
				fa_agree(a, ours == (json_int_t)(json_number_value(v) * 1e6),
					 "speed", key);
		}
		fa_agree_mac(a, p, json_string_value(json_object_get(n, "mac_address")));
		fa_agree_str(a, fa_get_str(p, "description"),
			     json_string_value(json_object_get(n, "description")), "description");
	}
}

static void fa_agree_ntc_ifaces(struct fa_agree *a, const char *base)
{
	char raw[512], yml[512];
	struct fa_err err = FA_ERR_INIT;
	json_t *d, *root = NULL, *row;
	size_t i;

	snprintf(raw, sizeof(raw), NTC "show_interface/%s.raw", base);
	snprintf(yml, sizeof(yml), NTC "show_interface/%s.yml", base);
	d = fa_nxos_run(fa_parse_nxos_interface, fa_test_fixture(raw));
	ck_assert_msg(fa_yaml_load(fa_test_fixture(yml), &root, NULL, &err) == 0, "%s loads (%s).",
		      yml, err.msg);
	a->files++;
	json_array_foreach(json_object_get(root, "parsed_sample"), i, row)
	{
		const char *name = json_string_value(json_object_get(row, "interface"));
		const char *link = json_string_value(json_object_get(row, "link_status"));
		const char *admin = json_string_value(json_object_get(row, "admin_state"));
		const char *mtu = json_string_value(json_object_get(row, "mtu"));
		const char *speed = json_string_value(json_object_get(row, "speed"));
		json_t *p = fa_device_find_port(d, name ? name : "");
		int64_t n;

		fa_agree(a, p != NULL, "interface", name ? name : "?");
		if (!p)
			continue;
		if (link && *link) {
			char *w = strndup(link, strcspn(link, " "));

			fa_agree_str(a, fa_get_str(p, "oper_state"), w, "link_status");
			free(w);
		}
		/* ntc-templates reads "admin state is up" without a comma as "u". */
		if (admin && strcmp(admin, "u") == 0) {
			a->peer_defects++;
		} else if (admin && *admin) {
			char *w = strndup(admin, strcspn(admin, ","));

			fa_agree_str(a, fa_get_str(p, "admin_state"), w, "admin_state");
			free(w);
		}
		if (mtu && fa_parse_int(mtu, &n))
			fa_agree(a, fa_int(p, "mtu") == n, "mtu", name);
		if (speed && fa_parse_speed(speed, 1000000, &n))
			fa_agree(a, fa_int(p, "speed") == n, "speed", name);
		fa_agree_mac(a, p, json_string_value(json_object_get(row, "mac_address")));
	}
	json_decref(root);
	json_decref(d);
}

/*
 * ntc-templates' show version: hostname, serial, os (its release keeps the notes in
 * brackets, the model stops before them) and platform (a chassis code out of the chassis
 * line, e.g. "C93180YC-FX3" of "Nexus9000 C93180YC-FX3 Chassis": compared as a part of it).
 */
static void fa_agree_ntc_version(struct fa_agree *a, const char *base)
{
	char raw[512], yml[512];
	struct fa_err err = FA_ERR_INIT;
	json_t *d, *root = NULL, *row;
	const char *os, *platform, *model;
	size_t n;

	snprintf(raw, sizeof(raw), NTC "show_version/%s.raw", base);
	snprintf(yml, sizeof(yml), NTC "show_version/%s.yml", base);
	d = fa_nxos_run(fa_parse_nxos_version, fa_test_fixture(raw));
	ck_assert_msg(fa_yaml_load(fa_test_fixture(yml), &root, NULL, &err) == 0, "%s loads (%s).",
		      yml, err.msg);
	a->files++;
	row = json_array_get(json_object_get(root, "parsed_sample"), 0);
	fa_agree_str(a, fa_get_str(d, "hostname"),
		     json_string_value(json_object_get(row, "hostname")), "hostname");
	fa_agree_str(a, fa_get_str(d, "serial"), json_string_value(json_object_get(row, "serial")),
		     "serial");
	os = json_string_value(json_object_get(row, "os"));
	if (os) {
		n = strcspn(os, " ");
		fa_agree(a,
			 fa_get_str(d, "os.version") && strlen(fa_get_str(d, "os.version")) == n &&
			     strncmp(fa_get_str(d, "os.version"), os, n) == 0,
			 "os", os);
	}
	platform = json_string_value(json_object_get(row, "platform"));
	model = fa_get_str(d, "model");
	if (platform && *platform)
		fa_agree(a, model && strstr(model, platform) != NULL, "platform", platform);
	json_decref(root);
	json_decref(d);
}

/*
 * ntc-templates' show interface status: each port, its name (not "--"), its status (connected
 * or up is a link) and its speed (a bare number is Mb/s, "a-" a negotiated speed).
 */
static void fa_agree_ntc_status(struct fa_agree *a, const char *base)
{
	char raw[512], yml[512];
	struct fa_err err = FA_ERR_INIT;
	json_t *d, *root = NULL, *row;
	size_t i;

	snprintf(raw, sizeof(raw), NTC "show_interface_status/%s.raw", base);
	snprintf(yml, sizeof(yml), NTC "show_interface_status/%s.yml", base);
	d = fa_nxos_run(fa_parse_nxos_status, fa_test_fixture(raw));
	ck_assert_msg(fa_yaml_load(fa_test_fixture(yml), &root, NULL, &err) == 0, "%s loads (%s).",
		      yml, err.msg);
	a->files++;
	json_array_foreach(json_object_get(root, "parsed_sample"), i, row)
	{
		const char *port = json_string_value(json_object_get(row, "port"));
		const char *name = json_string_value(json_object_get(row, "name"));
		const char *status = json_string_value(json_object_get(row, "status"));
		const char *speed = json_string_value(json_object_get(row, "speed"));
		char *full = fa_nxos_ifname(port ? port : "");
		json_t *p = fa_device_find_port(d, full);
		int64_t n;

		fa_agree(a, p != NULL, "port", full);
		free(full);
		if (!p)
			continue;
		if (name && strcmp(name, "--") != 0)
			fa_agree_str(a, fa_get_str(p, "description"), name, "name");
		if (status)
			fa_agree_str(a, fa_get_str(p, "oper_state"),
				     strcmp(status, "connected") == 0 || strcmp(status, "up") == 0
					 ? "up"
					 : "down",
				     "status");
		if (speed && strncmp(speed, "a-", 2) == 0)
			speed += 2;
		if (speed && fa_parse_speed(speed, 1000000, &n))
			fa_agree(a, fa_int(p, "speed") == n, "speed", speed);
	}
	json_decref(root);
	json_decref(d);
}

/*
 * NAPALM's nxos_ssh get_facts reads show version and show interface status (text): hostname,
 * serial, model, os_version (the release without its build suffix) and the interface list.
 */
static void fa_agree_napalm_ssh_facts(struct fa_agree *a, const char *dir)
{
	char path[512];
	json_t *d, *e, *v;
	const char *s;
	size_t i;

	snprintf(path, sizeof(path), NAPALM_SSH "test_get_facts/%s/show_version.txt", dir);
	d = fa_nxos_run(fa_parse_nxos_version, fa_test_fixture(path));
	snprintf(path, sizeof(path), NAPALM_SSH "test_get_facts/%s/show_interface_status.txt", dir);
	d = fa_nxos_run_into(fa_parse_nxos_status, d, fa_test_fixture(path));
	snprintf(path, sizeof(path), NAPALM_SSH "test_get_facts/%s/expected_result.json", dir);
	e = fa_load_json(a, fa_test_fixture(path));
	fa_agree_str(a, fa_get_str(d, "hostname"), json_string_value(json_object_get(e, "hostname")),
		     "hostname");
	fa_agree_str(a, fa_get_str(d, "serial"),
		     json_string_value(json_object_get(e, "serial_number")), "serial");
	fa_agree_str(a, fa_get_str(d, "model"), json_string_value(json_object_get(e, "model")),
		     "model");
	s = json_string_value(json_object_get(e, "os_version"));
	fa_agree_str(a, fa_get_str(d, "os.version"), s, "os_version");
	json_array_foreach(json_object_get(e, "interface_list"), i, v)
	    fa_agree(a, fa_agree_find(d, json_string_value(v)) != NULL, "interface",
		     json_string_value(v));
	json_decref(e);
	json_decref(d);
}

/* The agreement suite's NX-OS row for NAPALM and ntc-templates. */
void fa_agree_nxos(struct fa_agree_tally *t)
{
	static const char *const ntc[] = {
	    "cisco_nxos_show_interface",   "cisco_nxos_show_interface11",
	    "cisco_nxos_show_interface12", "cisco_nxos_show_interface2",
	    "cisco_nxos_show_interface4",  "cisco_nxos_show_interface6",
	    "cisco_nxos_show_interface8",  "cisco_nxos_show_interface_01",
	};
	static const char *const ntc_version[] = {
	    "cisco_nxos_show_version1", "cisco_nxos_show_version3", "cisco_nxos_show_version5",
	    "cisco_nxos_show_version7"};
	static const char *const ntc_status[] = {
	    "cisco_nxos_show_interface_status", "cisco_nxos_show_interface_status2",
	    "cisco_nxos_show_interface_status4", "cisco_nxos_show_interface_status_tunnel"};
	static const char *const ssh_facts[] = {"7009_6_2_14", "N93180", "missing_domain",
						"newer_version"};
	static const char *const ssh[] = {"5548_7_0_8_N1_1", "6004_7_3_3_N1_1", "N93180_7_0_3_I7_2",
					  "missing_mtu",     "no_delay",	"normal"};
	struct fa_agree a = {0, 0, 0, 0, 0, 0};
	struct fa_err err = FA_ERR_INIT;
	char path[512];
	json_t *d, *e, *root = NULL, *row, *list;
	const char *key;
	size_t i;

	for (i = 0; i < sizeof(ntc) / sizeof(ntc[0]); i++)
		fa_agree_ntc_ifaces(&a, ntc[i]);
	for (i = 0; i < sizeof(ntc_version) / sizeof(ntc_version[0]); i++)
		fa_agree_ntc_version(&a, ntc_version[i]);
	for (i = 0; i < sizeof(ntc_status) / sizeof(ntc_status[0]); i++)
		fa_agree_ntc_status(&a, ntc_status[i]);
	for (i = 0; i < sizeof(ssh_facts) / sizeof(ssh_facts[0]); i++)
		fa_agree_napalm_ssh_facts(&a, ssh_facts[i]);

	/* ntc-templates' show lldp neighbors: neighbour name and port per local port. */
	d = fa_nxos_run(fa_parse_nxos_lldp_table,
			fa_test_fixture(NTC "show_lldp_neighbors/cisco_nxos_show_lldp_neighbors.raw"));
	ck_assert_msg(fa_yaml_load(fa_test_fixture(NTC "show_lldp_neighbors/"
						       "cisco_nxos_show_lldp_neighbors.yml"),
				   &root, NULL, &err) == 0,
		      "The ntc-templates LLDP table expectation loads (%s).", err.msg);
	a.files++;
	json_array_foreach(json_object_get(root, "parsed_sample"), i, row)
	{
		char *local =
		    fa_nxos_ifname(json_string_value(json_object_get(row, "local_interface")));
		json_t *p = fa_device_find_port(d, local);

		fa_agree(&a, p != NULL, "lldp local port", local);
		fa_agree_str(&a, fa_get_str(p, "lldp.system_name"),
			     json_string_value(json_object_get(row, "neighbor_name")), "lldp name");
		fa_agree_str(&a, fa_get_str(p, "lldp.port_id"),
			     json_string_value(json_object_get(row, "neighbor_interface")),
			     "lldp port");
		free(local);
	}
	json_decref(root);
	root = NULL;
	json_decref(d);
	for (i = 0; i < sizeof(ssh) / sizeof(ssh[0]); i++) {
		snprintf(path, sizeof(path), NAPALM_SSH "test_get_interfaces/%s/show_interface.txt",
			 ssh[i]);
		d = fa_nxos_run(fa_parse_nxos_interface, fa_test_fixture(path));
		snprintf(path, sizeof(path),
			 NAPALM_SSH "test_get_interfaces/%s/expected_result.json", ssh[i]);
		e = fa_load_json(&a, fa_test_fixture(path));
		fa_agree_napalm_ifaces(&a, d, e);
		json_decref(e);
		json_decref(d);
	}

	/* NX-API JSON: the SVIs of vlan_interface, and the facts of a whole switch. */
	d = fa_nxos_run(
	    fa_parse_nxos_interface,
	    fa_test_fixture(NAPALM "test_get_interfaces/vlan_interface/show_interface.json"));
	e = fa_load_json(&a, fa_test_fixture(NAPALM "test_get_interfaces/vlan_interface/"
						"expected_result.json"));
	fa_agree_napalm_ifaces(&a, d, e);
	json_decref(e);
	json_decref(d);
	d = fa_nxos_run(fa_parse_nxos_version,
			fa_test_fixture(NAPALM "test_get_facts/normal/show_version.json"));
	d = fa_nxos_run_into(fa_parse_nxos_interface, d,
			     fa_test_fixture(NAPALM "test_get_facts/normal/show_interface.json"));
	e = fa_load_json(&a, fa_test_fixture(NAPALM "test_get_facts/normal/expected_result.json"));
	fa_agree_str(&a, fa_get_str(d, "hostname"),
		     json_string_value(json_object_get(e, "hostname")), "hostname");
	fa_agree_str(&a, fa_get_str(d, "serial"),
		     json_string_value(json_object_get(e, "serial_number")), "serial");
	fa_agree_str(&a, fa_get_str(d, "model"), json_string_value(json_object_get(e, "model")),
		     "model");
	/* NAPALM keeps the build suffix; the release is the part before it. */
	key = json_string_value(json_object_get(e, "os_version"));
	fa_agree(&a,
		 key &&
		     strncmp(key, fa_get_str(d, "os.version"),
			     strlen(fa_get_str(d, "os.version"))) == 0 &&
		     strncmp(key + strlen(fa_get_str(d, "os.version")), " [build", 7) == 0,
		 "os_version", key ? key : "?");
	json_array_foreach(json_object_get(e, "interface_list"), i, row)
	    fa_agree(&a, fa_device_find_port(d, json_string_value(row)) != NULL, "interface",
		     json_string_value(row));
	json_decref(e);
	json_decref(d);

	/* LLDP: NAPALM's neighbours of the text capture, ntc-templates' of another. */
	d = fa_nxos_run(fa_parse_nxos_lldp,
			fa_test_fixture(NAPALM "test_get_lldp_neighbors/normal/"
					       "show_lldp_neighbors_detail.json"));
	e = fa_load_json(&a, fa_test_fixture(NAPALM "test_get_lldp_neighbors/normal/"
						"expected_result.json"));
	json_object_foreach(e, key, list)
	{
		json_t *n = json_array_get(list, 0);
		json_t *p = fa_agree_find(d, key);

		fa_agree_str(&a, fa_get_str(p, "lldp.system_name"),
			     json_string_value(json_object_get(n, "hostname")), "lldp hostname");
		fa_agree_str(&a, fa_get_str(p, "lldp.port_id"),
			     json_string_value(json_object_get(n, "port")), "lldp port");
	}
	json_decref(e);
	json_decref(d);
	d = fa_nxos_run(fa_parse_nxos_lldp,
			fa_test_fixture(NTC "show_lldp_neighbors_detail/"
					    "cisco_nxos_show_lldp_neighbors_detail2.raw"));
	ck_assert_msg(
	    fa_yaml_load(fa_test_fixture(NTC "show_lldp_neighbors_detail/"
					     "cisco_nxos_show_lldp_neighbors_detail2.yml"),
			 &root, NULL, &err) == 0,
	    "The ntc-templates LLDP expectation loads (%s).", err.msg);
	a.files++;
	json_array_foreach(json_object_get(root, "parsed_sample"), i, row)
	{
		char *local =
		    fa_nxos_ifname(json_string_value(json_object_get(row, "local_interface")));
		json_t *p = fa_device_find_port(d, local);

		fa_agree_str(&a, fa_get_str(p, "lldp.system_name"),
			     json_string_value(json_object_get(row, "neighbor_name")), "lldp name");
		fa_agree_str(&a, fa_get_str(p, "lldp.port_id"),
			     json_string_value(json_object_get(row, "neighbor_interface")),
			     "lldp port");
		fa_agree_str(&a, fa_get_str(p, "lldp.chassis_id"),
			     json_string_value(json_object_get(row, "chassis_id")), "lldp chassis");
		free(local);
	}
	json_decref(root);
	json_decref(d);

	/*
	 * Skipped: ntc-templates' "u" admin states (its template reads "admin state is up"
	 * without a comma as "u"), and port-channel speeds (NAPALM gives the summed bandwidth).
	 */
	t->files += a.files;
	t->compared += a.compared;
	t->equal += a.equal;
	t->absent += a.absent;
	t->skipped += a.peer_defects + a.bond_speeds;
}

#define XCVR GENIE "ShowInterfaceTransceiverDetails/cli/equal/"

static json_t *fa_xcvr_run(json_t *dev, const char *path, int want)
{
	struct fa_err err = FA_ERR_INIT;

	if (!dev)
		dev = fa_device_new("nx", "switch");
	ck_assert_int_eq(fa_tp_file(fa_parse_nxos_transceiver, "nxos",
				    "show interface transceiver details", NULL, path, dev, &err),
			 want);
	return dev;
}

/* The number at @path of port @port, or -999 when absent. */
static double fa_xnum(const json_t *dev, const char *port, const char *path)
{
	json_t *v = fa_obj_get_path(fa_device_find_port(dev, port), path);

	return json_is_number(v) ? json_number_value(v) : -999;
}

/* Lane @i of the list at @path of port @port, or -999. */
static double fa_xlane(const json_t *dev, const char *port, const char *path, size_t i)
{
	json_t *v = json_array_get(fa_obj_get_path(fa_device_find_port(dev, port), path), i);

	return json_is_number(v) ? json_number_value(v) : -999;
}

/*
 * Real "show interface transceiver details" (genieparser's NX-OS captures): a QSFP28 PSM4 with
 * four Rx lanes measured and Tx power N/A, 40G DACs and AOCs without DOM, a QSFP-DD DR4 whose
 * bias and power are N/A, an SFP with one table.  Values read by hand.
 */
START_TEST(parse_nxos_transceiver_details)
{
	json_t *d = fa_xcvr_run(NULL, fa_test_fixture(XCVR "golden_output_3_output.txt"), 0);
	const char *p = "Ethernet1/50";

	ck_assert_str_eq(fa_tp_str(fa_device_find_port(d, p), "transceiver.vendor"),
			 "CISCO-LUXTERA");
	ck_assert_str_eq(fa_tp_str(fa_device_find_port(d, p), "transceiver.part_number"),
			 "LUX42604BO");
	ck_assert_str_eq(fa_tp_str(fa_device_find_port(d, p), "transceiver.serial"), "CVR2225001K");
	ck_assert_str_eq(fa_tp_str(fa_device_find_port(d, p), "transceiver.form_factor"), "QSFP28");
	ck_assert_double_eq_tol(fa_xnum(d, p, "transceiver.temperature"), 16.58, 1e-9);
	ck_assert_double_eq_tol(fa_xnum(d, p, "transceiver.voltage"), 3.27, 1e-9);
	ck_assert_uint_eq(json_array_size(fa_obj_get_path(fa_device_find_port(d, p),
							  "transceiver.rx_power")), 4);
	ck_assert_double_eq_tol(fa_xlane(d, p, "transceiver.rx_power", 0), -13.97, 1e-9);
	ck_assert_double_eq_tol(fa_xlane(d, p, "transceiver.rx_power", 1), -14.68, 1e-9);
	ck_assert_double_eq_tol(fa_xlane(d, p, "transceiver.rx_power", 2), -15.08, 1e-9);
	ck_assert_double_eq_tol(fa_xlane(d, p, "transceiver.rx_power", 3), -13.66, 1e-9);
	ck_assert_double_eq_tol(fa_xlane(d, p, "transceiver.tx_bias", 3), 47.25, 1e-9);
	ck_assert_msg(!fa_obj_get_path(fa_device_find_port(d, p), "transceiver.tx_power"),
		      "Tx power N/A on every lane: no list.");
	ck_assert_double_eq_tol(fa_xnum(d, p, "transceiver.thresholds.rx_power.high_alarm"), 4.99,
				1e-9);
	ck_assert_double_eq_tol(fa_xnum(d, p, "transceiver.thresholds.rx_power.low_alarm"), -16.77,
				1e-9);
	ck_assert_double_eq_tol(fa_xnum(d, p, "transceiver.thresholds.rx_power.high_warning"),
				1.99, 1e-9);
	ck_assert_double_eq_tol(fa_xnum(d, p, "transceiver.thresholds.rx_power.low_warning"),
				-12.67, 1e-9);
	ck_assert_double_eq_tol(fa_xnum(d, p, "transceiver.thresholds.tx_power.low_alarm"), -13.46,
				1e-9);
	ck_assert_double_eq_tol(fa_xnum(d, p, "transceiver.thresholds.tx_bias.high_alarm"), 125.30,
				1e-9);
	ck_assert_double_eq_tol(fa_xnum(d, p, "transceiver.thresholds.temperature.low_alarm"), -5,
				1e-9);
	ck_assert_double_eq_tol(fa_xnum(d, p, "transceiver.thresholds.voltage.high_warning"), 3.46,
				1e-9);
	/* 40G copper: SFF-8636 copper length; no DOM. */
	ck_assert_double_eq_tol(fa_xnum(d, "Ethernet1/45", "transceiver.length_m"), 1, 1e-9);
	ck_assert_str_eq(fa_tp_str(fa_device_find_port(d, "Ethernet1/45"),
				   "transceiver.form_factor"), "QSFP+");
	ck_assert_msg(!fa_obj_get_path(fa_device_find_port(d, "Ethernet1/44"),
				       "transceiver.temperature"),
		      "DOM is not supported: no readings.");
	/* QSFP-DD DR4: an optical module, temperature and voltage, bias and power N/A. */
	p = "Ethernet1/47";
	ck_assert_str_eq(fa_tp_str(fa_device_find_port(d, p), "transceiver.form_factor"),
			 "QSFP-DD");
	ck_assert_str_eq(fa_tp_str(fa_device_find_port(d, p), "transceiver.cable_type"), "optical");
	ck_assert_double_eq_tol(fa_xnum(d, p, "transceiver.temperature"), 22.99, 1e-9);
	ck_assert_msg(!fa_obj_get_path(fa_device_find_port(d, p), "transceiver.tx_bias"),
		      "Bias N/A: no list.");
	ck_assert_msg(fa_tp_nwarn(d) == 0, "The capture is understood in full.");
	json_decref(d);

	/* One table, no lane numbers: an SFP. */
	d = fa_xcvr_run(NULL, fa_test_fixture(XCVR "golden_output_4_output.txt"), 0);
	p = "Ethernet1/26";
	ck_assert_str_eq(fa_tp_str(fa_device_find_port(d, p), "transceiver.form_factor"), "SFP");
	ck_assert_double_eq_tol(fa_xnum(d, p, "transceiver.temperature"), 25.67, 1e-9);
	ck_assert_double_eq_tol(fa_xnum(d, p, "transceiver.voltage"), 3.28, 1e-9);
	ck_assert_uint_eq(json_array_size(fa_obj_get_path(fa_device_find_port(d, p),
							  "transceiver.tx_power")), 1);
	ck_assert_double_eq_tol(fa_xlane(d, p, "transceiver.tx_power", 0), -2.54, 1e-9);
	ck_assert_double_eq_tol(fa_xlane(d, p, "transceiver.tx_bias", 0), 7.53, 1e-9);
	ck_assert_msg(!fa_obj_get_path(fa_device_find_port(d, p), "transceiver.rx_power"),
		      "Rx power N/A.");
	ck_assert_double_eq_tol(fa_xnum(d, p, "transceiver.thresholds.tx_power.low_warning"), -7.30,
				1e-9);
	ck_assert_double_eq_tol(fa_xnum(d, p, "transceiver.thresholds.temperature.low_warning"), 10,
				1e-9);
	ck_assert_msg(fa_tp_nwarn(d) == 0, "The SFP capture is understood in full.");
	json_decref(d);

	/* A CMIS passive copper cable: DAC with its assembly length. */
	d = fa_xcvr_run(NULL, fa_test_fixture(XCVR "golden_output_1_output.txt"), 0);
	p = "Ethernet1/1";
	ck_assert_str_eq(fa_tp_str(fa_device_find_port(d, p), "transceiver.cable_type"), "dac");
	ck_assert_double_eq_tol(fa_xnum(d, p, "transceiver.length_m"), 2.0, 1e-9);
	ck_assert_str_eq(fa_tp_str(fa_device_find_port(d, p), "transceiver.vendor"), "CISCO-LEONI");
	ck_assert_msg(fa_tp_nwarn(d) == 0, "The DAC capture is understood in full.");
	json_decref(d);

	d = fa_xcvr_run(NULL, fa_test_fixture(XCVR "golden_output_2_output.txt"), 0);
	ck_assert_double_eq_tol(fa_xnum(d, "Ethernet1/63", "transceiver.thresholds.rx_power.low_alarm"),
				-9.91, 1e-9);
	ck_assert_msg(fa_tp_nwarn(d) == 0, "The DR4 capture is understood in full.");
	json_decref(d);
}
END_TEST

/* Layout variants (hand-made): an empty cage, flags, a broken row and length, garbage. */
START_TEST(parse_nxos_transceiver_variants)
{
	static const char text[] =
		"Ethernet1/7\n"
		"    transceiver is not present\n"
		"\n"
		"Ethernet1/8\n"
		"    transceiver is present\n"
		"    name is ACME\n"
		"    Cable Length is   long\n"
		"\n"
		"Lane Number:1 Network Lane\n"
		"    Temperature   80.50 C  ++   75.00 C     -5.00 C     70.00 C        0.00 C\n"
		"    Rx Power     -20.00 dBm --    4.99 dBm  -16.77 dBm    1.99 dBm    -12.67 dBm\n"
		"    Tx Power      1.00 dBm       4.99 dBm\n"
		"\n"
		"Lane Number:2 Network Lane\n"
		"    Rx Power     -1.50 dBm        4.99 dBm  -16.77 dBm    1.99 dBm    -12.67 dBm\n";
	static const char junk[] = "% Invalid command at '^' marker.\n";
	json_t *d = fa_device_new("nx", "switch");
	struct fa_err err = FA_ERR_INIT;

	ck_assert_int_eq(fa_tp_run(fa_parse_nxos_transceiver, "nxos",
				   "show interface transceiver details", NULL, text,
				   sizeof(text) - 1, d, &err),
			 0);
	ck_assert_msg(!fa_obj_get_path(fa_device_find_port(d, "Ethernet1/7"), "transceiver"),
		      "An empty cage has no transceiver.");
	ck_assert_double_eq_tol(fa_xnum(d, "Ethernet1/8", "transceiver.temperature"), 80.5, 1e-9);
	ck_assert_double_eq_tol(fa_xlane(d, "Ethernet1/8", "transceiver.rx_power", 0), -20, 1e-9);
	ck_assert_double_eq_tol(fa_xlane(d, "Ethernet1/8", "transceiver.rx_power", 1), -1.5, 1e-9);
	ck_assert_msg(!fa_obj_get_path(fa_device_find_port(d, "Ethernet1/8"), "transceiver.length_m")
			      && !fa_obj_get_path(fa_device_find_port(d, "Ethernet1/8"),
						  "transceiver.tx_power"),
		      "A broken length or row writes nothing.");
	ck_assert_msg(fa_tp_warned(d, "cable length 'long'") && fa_tp_warned(d, "Tx Power"),
		      "Each broken line is a warning.");
	json_decref(d);

	d = fa_device_new("nx", "switch");
	ck_assert_int_eq(fa_tp_run(fa_parse_nxos_transceiver, "nxos",
				   "show interface transceiver details", NULL, junk,
				   sizeof(junk) - 1, d, &err),
			 -FA_EPARSE);
	json_decref(d);
}
END_TEST

#define ERRS GENIE "ShowInterfaceCountersErrors/cli/equal/"

/*
 * Real "show interface counters errors" (genieparser's NX-OS captures): five tables of 24
 * ports and mgmt0 ("--" where a counter does not apply), and one port with Stomped-CRC.
 * Values read by hand.
 */
START_TEST(parse_nxos_counters_errors)
{
	static const char junk[] = "% Invalid command at '^' marker.\n";
	static const char variant[] =
		"Port          Align-Err    FCS-Err   Xmit-Err    Rcv-Err  UnderSize OutDiscards\n"
		"Eth1/9                  0          7         x1          0          0           0\n"
		"Eth1/9                  0\n"
		"Port           InDiscards  Pause-Err\n"
		"Eth1/9                 12          3\n";
	struct fa_err err = FA_ERR_INIT;
	json_t *d = fa_device_new("nx", "switch"), *p;

	ck_assert_int_eq(fa_tp_file(fa_parse_nxos_errors, "nxos", "show interface counters errors",
				    NULL, fa_test_fixture(ERRS "golden_output_output.txt"), d, &err),
			 0);
	p = fa_device_find_port(d, "Ethernet1/13");
	ck_assert_int_eq(fa_tp_int(p, "counters.tx_discards"), 14500);
	ck_assert_int_eq(fa_tp_int(p, "counters.crc_errors"), 0);
	ck_assert_int_eq(fa_tp_int(p, "counters.rx_errors"), 0);
	ck_assert_int_eq(fa_tp_int(p, "counters.tx_errors"), 0);
	ck_assert_int_eq(fa_tp_int(p, "counters.rx_discards"), 0);
	ck_assert_int_eq(fa_tp_int(p, "counters.symbol_errors"), 0);
	ck_assert_int_eq(fa_tp_int(fa_device_find_port(d, "Ethernet1/23"), "counters.tx_discards"),
			 20340);
	p = fa_device_find_port(d, "mgmt0");
	ck_assert_int_eq(fa_tp_int(p, "counters.crc_errors"), 0);
	ck_assert_msg(!fa_obj_get_path(p, "counters.tx_errors") &&
			  !fa_obj_get_path(p, "counters.rx_discards"),
		      "'--' is no value.");
	ck_assert_msg(json_array_size(json_object_get(d, "ports")) == 25, "24 ports and mgmt0.");
	ck_assert_msg(fa_tp_nwarn(d) == 0, "The capture is understood in full.");
	json_decref(d);

	d = fa_device_new("nx", "switch");
	ck_assert_int_eq(fa_tp_file(fa_parse_nxos_errors, "nxos", "show interface counters errors",
				    NULL, fa_test_fixture(ERRS "golden_output_1_output.txt"), d, &err),
			 0);
	p = fa_device_find_port(d, "Ethernet1/1");
	ck_assert_int_eq(fa_tp_int(p, "counters.tx_errors"), 230);
	ck_assert_int_eq(fa_tp_int(p, "counters.crc_errors"), 0);
	ck_assert_msg(fa_tp_nwarn(d) == 0, "Stomped-CRC is a known column.");
	json_decref(d);

	/* Hand-made: a value that is no number, a short row, a column nobody knows. */
	d = fa_device_new("nx", "switch");
	ck_assert_int_eq(fa_tp_run(fa_parse_nxos_errors, "nxos", "show interface counters errors",
				   NULL, variant, sizeof(variant) - 1, d, &err),
			 0);
	p = fa_device_find_port(d, "Ethernet1/9");
	ck_assert_int_eq(fa_tp_int(p, "counters.crc_errors"), 7);
	ck_assert_int_eq(fa_tp_int(p, "counters.rx_discards"), 12);
	ck_assert_msg(!fa_obj_get_path(p, "counters.tx_errors"), "'x1' is not written.");
	ck_assert_msg(fa_tp_warned(d, "'x1' is not a counter value") &&
			  fa_tp_warned(d, "not understood: Eth1/9") &&
			  fa_tp_warned(d, "column 'Pause-Err' not known"),
		      "Each is a warning.");
	json_decref(d);

	d = fa_device_new("nx", "switch");
	ck_assert_int_eq(fa_tp_run(fa_parse_nxos_errors, "nxos", "show interface counters errors",
				   NULL, junk, sizeof(junk) - 1, d, &err),
			 -FA_EPARSE);
	json_decref(d);
}
END_TEST

START_TEST(parse_nxos_platform_table)
{
	const struct fa_platform *p = fa_platform_find("nxos");
	size_t i;

	ck_assert_msg(p != NULL, "nxos is a platform.");
	for (i = 0; i < p->ncommands; i++) {
		const char *c = p->commands[i].command;

		ck_assert_msg(strncmp(c, "show ", 5) == 0, "Every NX-OS command is a show.");
		ck_assert_msg(p->commands[i].expand == FA_EXPAND_NONE, "Once per device.");
		ck_assert_msg(!strstr(c, "conf") || strstr(c, "running-config"),
			      "No command enters configuration mode.");
	}
	ck_assert_msg(fa_platform_command(p, "show interface", NULL)->parse ==
			  fa_parse_nxos_interface,
		      "The text form of show interface has the same parser.");
}
END_TEST

Suite *fa_parse_nxos_suite(void)
{
	Suite *s = suite_create("parse_nxos");
	TCase *tc = tcase_create("parse_nxos");

	tcase_add_test(tc, parse_nxos_version_json);
	tcase_add_test(tc, parse_nxos_version_text);
	tcase_add_test(tc, parse_nxos_version_text_variants);
	tcase_add_test(tc, parse_nxos_status_text);
	tcase_add_test(tc, parse_nxos_status_variants);
	tcase_add_test(tc, parse_nxos_lldp_table);
	tcase_add_test(tc, parse_nxos_interface_json);
	tcase_add_test(tc, parse_nxos_interface_single_row_is_a_dict);
	tcase_add_test(tc, parse_nxos_interface_text);
	tcase_add_test(tc, parse_nxos_text_pasted_layouts);
	tcase_add_test(tc, parse_nxos_lldp_json_list_and_dict);
	tcase_add_test(tc, parse_nxos_config_roce_qos);
	tcase_add_test(tc, parse_nxos_config_real_captures);
	tcase_add_test(tc, parse_nxos_bad_input);
	tcase_add_test(tc, parse_nxos_truncated_json_and_text);
	tcase_add_test(tc, parse_nxos_platform_table);
	tcase_add_test(tc, parse_nxos_transceiver_details);
	tcase_add_test(tc, parse_nxos_transceiver_variants);
	tcase_add_test(tc, parse_nxos_counters_errors);
	suite_add_tcase(s, tc);
	return s;
}
