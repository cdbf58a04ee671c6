/* SPDX-License-Identifier: MIT */
/*
 * SONiC parsers against real outputs: config_db dumps from sonic-utilities and
 * sonic-buildimage (flat, nested, fragments, VOQ keys), intfutil tables, lldpd JSON from
 * sonic-dbsyncd.  Peer agreement: SONiC's own renderings of the same mock device ("pfc show
 * priority", "ecnconfig -l", "show interfaces status") against what the config parser reads
 * from that device's config_db.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "audit/util/buf.h"
#include "drivers/sonic/parse-sonic.h"
#include "drivers/platform.h"
#include "drivers/platform-list.h"
#include "tests/unit/agree.h"
#include "tests/unit/unit.h"

#define SU "sonic-net__sonic-utilities/"
#define SB "sonic-net__sonic-buildimage/src/sonic-config-engine/tests/sample_output/py3/"
#define MOCK_DB SU "tests/mock_tables/config_db.json"

/* Run @fn on @len bytes of @data; the device is new, *ret the parser's return. */
static json_t *run_text(fa_parse_fn *fn, const char *cmd, const char *data, size_t len, int *ret)
{
	struct fa_capture cap = FA_CAPTURE_INIT;
	struct fa_err err = FA_ERR_INIT;
	json_t *d = fa_device_new("sw1", "switch");

	cap.device = "sw1";
	cap.command = cmd;
	cap.data = data;
	cap.len = len;
	*ret = fn(&cap, d, &err);
	if (*ret)
		ck_assert_msg(err.msg[0] != '\0', "A parse failure carries a message.");
	return d;
}

static json_t *run_file(fa_parse_fn *fn, const char *cmd, const char *path, int *ret)
{
	struct fa_buf b = FA_BUF_INIT;
	json_t *d;

	fa_test_read(path, &b);
	d = run_text(fn, cmd, b.buf, b.len, ret);
	fa_buf_release(&b);
	return d;
}

static json_t *run_ok(fa_parse_fn *fn, const char *cmd, const char *path)
{
	int r;
	json_t *d = run_file(fn, cmd, path, &r);

	ck_assert_msg(r == 0, "The real output %s parses.", path);
	return d;
}

/* Run the config parser on a JSON value. */
static json_t *run_json(const json_t *v, int *ret)
{
	char *s = json_dumps(v, JSON_COMPACT);
	json_t *d =
	    run_text(fa_parse_sonic_config, "show runningconfiguration all", s, strlen(s), ret);

	free(s);
	return d;
}

static json_int_t port_int(const json_t *d, const char *port, const char *path)
{
	json_t *p = fa_device_find_port(d, port);
	json_int_t v = -1;

	ck_assert_msg(p != NULL, "Port %s exists.", port);
	ck_assert_msg(fa_get_int(p, path, &v), "Port %s has %s.", port, path);
	return v;
}

static const char *port_str(const json_t *d, const char *port, const char *path)
{
	json_t *p = fa_device_find_port(d, port);

	ck_assert_msg(p != NULL, "Port %s exists.", port);
	return fa_get_str(p, path);
}

static bool port_has(const json_t *d, const char *port, const char *path)
{
	return fa_obj_get_path(fa_device_find_port(d, port), path) != NULL;
}

/* "[3,4]" style rendering of an integer array, for comparisons. */
static char *ints(const json_t *arr)
{
	struct fa_buf b = FA_BUF_INIT;
	json_t *v;
	size_t i;

	if (!json_is_array(arr))
		return strdup("(absent)");
	json_array_foreach(arr, i, v)
	    fa_buf_addf(&b, "%s%lld", i ? "," : "", (long long)json_integer_value(v));
	return fa_buf_detach(&b, NULL);
}

static void assert_ints(const json_t *d, const char *port, const char *path, const char *want)
{
	char *got = ints(fa_obj_get_path(fa_device_find_port(d, port), path));

	ck_assert_msg(strcmp(got, want) == 0, "%s %s is [%s], not [%s].", port, path, want, got);
	free(got);
}

static bool has_warning(const json_t *d, const char *needle)
{
	json_t *w;
	size_t i;

	json_array_foreach(json_object_get(d, "warnings"), i,
			   w) if (strstr(json_string_value(w), needle)) return true;
	return false;
}

START_TEST(parse_sonic_config_flat_mock)
{
	json_t *d = run_ok(fa_parse_sonic_config, "show runningconfiguration all",
			   fa_test_fixture(MOCK_DB));

	ck_assert_str_eq(fa_get_str(d, "hostname"), "sonic-switch");
	ck_assert_str_eq(fa_get_str(d, "model"), "Mellanox-SN3800-D112C8");
	ck_assert_str_eq(fa_get_str(d, "os.name"), "SONiC");
	ck_assert_msg(port_int(d, "Ethernet0", "mtu") == 9100, "Ethernet0 has MTU 9100.");
	ck_assert_msg(port_int(d, "Ethernet0", "speed") == 40000000000LL,
		      "Ethernet0's configured speed 40000 (Mb/s) is 40 Gb/s.");
	ck_assert_str_eq(port_str(d, "Ethernet0", "type"), "ethernet");
	assert_ints(d, "Ethernet0", "qos.pfc_enabled", "3,4");
	assert_ints(d, "Ethernet8", "qos.pfc_enabled", "");
	assert_ints(d, "Ethernet0", "qos.ecn.enabled_tcs", "3,4");
	ck_assert_msg(port_int(d, "Ethernet0", "qos.ecn.min_threshold") == 1048576 &&
			  port_int(d, "Ethernet0", "qos.ecn.max_threshold") == 2097152 &&
			  port_int(d, "Ethernet0", "qos.ecn.probability") == 5,
		      "Ethernet0's ECN thresholds come from WRED profile AZURE_LOSSLESS.");
	ck_assert_msg(
	    json_is_true(fa_obj_get_path(fa_device_find_port(d, "Ethernet0"), "qos.pfc_watchdog")),
	    "Ethernet0 has a PFC_WD entry, so its watchdog is on.");
	ck_assert_msg(json_is_false(fa_obj_get_path(fa_device_find_port(d, "Ethernet100"),
						    "qos.pfc_watchdog")),
		      "Ethernet100 has no PFC_WD entry in a complete dump: watchdog off.");
	ck_assert_str_eq(port_str(d, "PortChannel0001", "type"), "bond");
	ck_assert_msg(json_object_get(d, "warnings") == NULL,
		      "The mock config_db raises no warning.");
	json_decref(d);
}
END_TEST

START_TEST(parse_sonic_config_nested_qos_fragment)
{
	json_t *d = run_ok(fa_parse_sonic_config, "show runningconfiguration all",
			   fa_test_fixture(SB "qos-arista7060x6.json"));
	json_t *p = fa_device_find_port(d, "Ethernet0");
	json_t *dscp = fa_obj_get_path(p, "qos.dscp_to_priority");

	ck_assert_str_eq(fa_get_str(p, "qos.trust"), "dscp");
	ck_assert_msg(json_array_size(dscp) == 64, "The DSCP map has 64 entries.");
	ck_assert_msg(json_integer_value(json_array_get(dscp, 3)) == 3 &&
			  json_integer_value(json_array_get(dscp, 4)) == 4 &&
			  json_integer_value(json_array_get(dscp, 44)) == 6 &&
			  json_integer_value(json_array_get(dscp, 0)) == 0,
		      "DSCP 3, 4, 44 and 0 map to TCs 3, 4, 6 and 0 as in DSCP_TO_TC_MAP AZURE.");
	assert_ints(d, "Ethernet0", "qos.priority_to_tc", "0,1,2,3,4,5,6,7");
	assert_ints(d, "Ethernet0", "qos.pfc_enabled", "3,4");
	assert_ints(d, "Ethernet0", "qos.ecn.enabled_tcs", "3,4");
	ck_assert_msg(port_int(d, "Ethernet0", "qos.ecn.min_threshold") == 131072 &&
			  port_int(d, "Ethernet0", "qos.ecn.max_threshold") == 262144,
		      "WRED_LOSSLESS_Q3/Q4 thresholds are 131072 and 262144 bytes.");
	ck_assert_msg(json_array_size(fa_obj_get_path(p, "qos.ets.tsa")) == 8,
		      "All eight queues have a scheduler, so ets.tsa is written.");
	ck_assert_msg(!port_has(d, "Ethernet0", "qos.pfc_watchdog"),
		      "A fragment without DEVICE_METADATA says nothing about the watchdog.");
	ck_assert_msg(fa_device_find_port(d, "global") == NULL,
		      "The PORT_QOS_MAP 'global' key is not a port.");
	json_decref(d);
}
END_TEST

START_TEST(parse_sonic_config_tc8_map_is_left_out)
{
	json_t *d = run_ok(fa_parse_sonic_config, "show runningconfiguration all",
			   fa_test_fixture(SB "qos-mellanox4600c-d48c40-t0.json"));

	ck_assert_msg(!port_has(d, "Ethernet2", "qos.dscp_to_priority"),
		      "A DSCP map to TC 8 cannot be a priority map and is left out.");
	ck_assert_msg(has_warning(d, "maps DSCP 33 to '8'"), "The TC 8 entry is reported.");
	ck_assert_msg(json_array_size(json_object_get(d, "warnings")) == 2,
		      "Each broken map is reported once, not once per port.");
	assert_ints(d, "Ethernet2", "qos.pfc_enabled", "3,4");
	ck_assert_msg(port_int(d, "Ethernet2", "qos.ecn.min_threshold") == 2000000,
		      "Ethernet2's ECN minimum threshold is 2000000 bytes.");
	json_decref(d);
}
END_TEST

START_TEST(parse_sonic_config_voq_keys_skipped)
{
	json_t *d = run_ok(fa_parse_sonic_config, "show runningconfiguration all",
			   fa_test_fixture(SB "qos-nokia-ixr7250e-36x400g.json"));

	ck_assert_msg(has_warning(d, "234 QUEUE entries of other line cards skipped"),
		      "QUEUE keys of other line cards are counted and skipped.");
	ck_assert_msg(!port_has(d, "Ethernet0", "qos.ecn"),
		      "No local queue is configured, so no ECN field is set.");
	assert_ints(d, "Ethernet0", "qos.pfc_enabled", "3,4");
	json_decref(d);
}
END_TEST

START_TEST(parse_sonic_config_nested_full_sample)
{
	struct fa_buf b = FA_BUF_INIT;
	json_t *root, *d;
	int r;

	fa_test_read(fa_test_fixture("sonic-net__sonic-buildimage/src/sonic-yang-models/tests/"
				     "files/sample_config_db.json"),
		     &b);
	root = json_loads(b.buf, 0, NULL);
	ck_assert_ptr_nonnull(root);
	d = run_json(json_object_get(root, "SAMPLE_CONFIG_DB_JSON"), &r);
	ck_assert_int_eq(r, 0);
	ck_assert_str_eq(fa_get_str(d, "hostname"), "asw.dc");
	ck_assert_str_eq(port_str(d, "Ethernet0", "qos.trust"), "both");
	ck_assert_str_eq(port_str(d, "Ethernet0", "admin_state"), "up");
	ck_assert_msg(!port_has(d, "Ethernet0", "description"), "An empty description is unset.");
	ck_assert_msg(!port_has(d, "Ethernet0", "qos.dscp_to_priority"),
		      "A DSCP map of two entries is not a full map.");
	ck_assert_msg(has_warning(d, "Dscp_to_tc_map1"), "The partial DSCP map is reported.");
	ck_assert_str_eq(port_str(d, "PortChannel0003", "type"), "bond");
	json_decref(d);
	json_decref(root);
	fa_buf_release(&b);
}
END_TEST

/* The same mock device as a redis dump (sonic-db-dump wrapping) and per namespace. */
START_TEST(parse_sonic_pfc_directions)
{
	struct fa_buf b = FA_BUF_INIT;
	json_t *d = run_ok(fa_parse_sonic_config, "show runningconfiguration all",
			   fa_test_fixture(MOCK_DB)),
	       *db;
	int r;

	/* PORT|Ethernet0 pfc_asym "off", PORT_QOS_MAP|Ethernet0 pfc_enable "3,4" */
	assert_ints(d, "Ethernet0", "qos.pfc_rx", "3,4");
	assert_ints(d, "Ethernet0", "qos.pfc_tx", "3,4");
	/* PORT|Ethernet8 pfc_asym "off", PORT_QOS_MAP|Ethernet8 empty */
	assert_ints(d, "Ethernet8", "qos.pfc_rx", "");
	assert_ints(d, "Ethernet8", "qos.pfc_tx", "");
	json_decref(d);

	/* the same dump with asymmetric PFC turned on for Ethernet0 */
	fa_test_read(fa_test_fixture(MOCK_DB), &b);
	db = json_loads(b.buf, 0, NULL);
	ck_assert_ptr_nonnull(db);
	json_object_set_new(json_object_get(db, "PORT|Ethernet0"), "pfc_asym", json_string("on"));
	d = run_json(db, &r);
	ck_assert_int_eq(r, 0);
	assert_ints(d, "Ethernet0", "qos.pfc_enabled", "3,4");
	assert_ints(d, "Ethernet0", "qos.pfc_tx", "3,4");
	assert_ints(d, "Ethernet0", "qos.pfc_rx", "0,1,2,3,4,5,6,7");
	json_decref(d);

	json_object_set_new(json_object_get(db, "PORT|Ethernet0"), "pfc_asym", json_string("?"));
	d = run_json(db, &r);
	ck_assert_int_eq(r, 0);
	ck_assert_msg(!port_has(d, "Ethernet0", "qos.pfc_rx") && has_warning(d, "pfc_asym"),
		      "An unknown pfc_asym value records no direction, with a warning.");
	json_decref(d);
	json_decref(db);
	fa_buf_release(&b);
}
END_TEST

START_TEST(parse_sonic_config_dump_shapes_agree)
{
	struct fa_buf b = FA_BUF_INIT, b0 = FA_BUF_INIT;
	json_t *flat, *asic0, *wrapped, *ns, *d1, *d2, *d3, *v;
	const char *k;
	int r;

	fa_test_read(fa_test_fixture(MOCK_DB), &b);
	fa_test_read(fa_test_fixture(SU "tests/mock_tables/asic0/config_db.json"), &b0);
	flat = json_loads(b.buf, 0, NULL);
	asic0 = json_loads(b0.buf, 0, NULL);
	ck_assert_ptr_nonnull(flat);
	ck_assert_ptr_nonnull(asic0);
	wrapped = json_object();
	json_object_foreach(flat, k, v) json_object_set_new(
	    wrapped, k, json_pack("{s:s, s:O, s:i}", "type", "hash", "value", v, "ttl", -1));
	d1 = run_json(flat, &r);
	ck_assert_int_eq(r, 0);
	d2 = run_json(wrapped, &r);
	ck_assert_int_eq(r, 0);
	ck_assert_msg(json_equal(d1, d2), "A sonic-db-dump wrapped dump reads like a flat one.");

	ns = json_pack("{s:O, s:O}", "localhost", flat, "asic0", asic0);
	d3 = run_json(ns, &r);
	ck_assert_int_eq(r, 0);
	ck_assert_msg(port_has(d3, "Ethernet0", "qos.ecn.enabled_tcs") &&
			  json_is_true(fa_obj_get_path(fa_device_find_port(d3, "Ethernet-BP0"),
						       "qos.pfc_watchdog")),
		      "Namespaces are merged: localhost's queues and asic0's back-plane port.");
	ck_assert_msg(port_int(d3, "Ethernet4", "mtu") == 9100, "asic0's Ethernet4 is read.");
	json_decref(d1);
	json_decref(d2);
	json_decref(d3);
	json_decref(ns);
	json_decref(wrapped);
	json_decref(flat);
	json_decref(asic0);
	fa_buf_release(&b);
	fa_buf_release(&b0);
}
END_TEST

/* Old-release composite keys: port lists, queue ranges, "[TABLE|name]" references. */
START_TEST(parse_sonic_config_composite_keys)
{
	static const char text[] =
	    "{\"DEVICE_METADATA\": {\"localhost\": {\"hostname\": \"t0\"}},"
	    " \"PORT\": {\"Ethernet0\": {\"mtu\": \"9100\", \"autoneg\": \"on\","
	    "   \"fec\": \"fc\"}, \"Ethernet4\": {\"mtu\": \"9100\", \"autoneg\": \"0\"}},"
	    " \"PORT_QOS_MAP\": {\"Ethernet0,Ethernet4\": {\"pfc_enable\": \"3,4\","
	    "   \"dscp_to_tc_map\": \"[DSCP_TO_TC_MAP|AZURE]\","
	    "   \"tc_to_queue_map\": \"[TC_TO_QUEUE_MAP|AZURE]\"}},"
	    " \"TC_TO_QUEUE_MAP\": {\"AZURE\": {\"0\": \"0\", \"1\": \"1\", \"2\": \"2\","
	    "   \"3\": \"3\", \"4\": \"4\", \"5\": \"5\", \"6\": \"6\", \"7\": \"3\"}},"
	    " \"WRED_PROFILE\": {\"AZURE_LOSSLESS\": {\"ecn\": \"ecn_all\","
	    "   \"green_min_threshold\": \"1048576\", \"green_max_threshold\": \"2097152\","
	    "   \"green_drop_probability\": \"5\"}},"
	    " \"SCHEDULER\": {\"scheduler.0\": {\"type\": \"DWRR\"},"
	    "   \"scheduler.1\": {\"type\": \"STRICT\"}},"
	    " \"QUEUE\": {\"Ethernet0,Ethernet4|3-4\": {\"wred_profile\":"
	    "   \"[WRED_PROFILE|AZURE_LOSSLESS]\", \"scheduler\": \"[SCHEDULER|scheduler.1]\"},"
	    "   \"Ethernet0,Ethernet4|0-2\": {\"scheduler\": \"[SCHEDULER|scheduler.0]\"},"
	    "   \"Ethernet0,Ethernet4|5-6\": {\"scheduler\": \"[SCHEDULER|scheduler.0]\"}}}";
	json_t *d;
	int r;

	d = run_text(fa_parse_sonic_config, "show runningconfiguration all", text, strlen(text),
		     &r);
	ck_assert_int_eq(r, 0);
	assert_ints(d, "Ethernet4", "qos.pfc_enabled", "3,4");
	assert_ints(d, "Ethernet4", "qos.ecn.enabled_tcs", "3,4,7");
	ck_assert_msg(json_array_size(
			  fa_obj_get_path(fa_device_find_port(d, "Ethernet0"), "qos.ets.tsa")) == 8,
		      "Queue ranges give every TC a scheduler through TC_TO_QUEUE_MAP.");
	ck_assert_str_eq(
	    json_string_value(json_array_get(
		fa_obj_get_path(fa_device_find_port(d, "Ethernet0"), "qos.ets.tsa"), 7)),
	    "strict");
	ck_assert_str_eq(port_str(d, "Ethernet0", "fec"), "baser");
	ck_assert_msg(
	    json_is_true(fa_obj_get_path(fa_device_find_port(d, "Ethernet0"), "autoneg")) &&
		json_is_false(fa_obj_get_path(fa_device_find_port(d, "Ethernet4"), "autoneg")),
	    "autoneg 'on' and '0' are read as true and false.");
	ck_assert_msg(has_warning(d, "dscp_to_tc_map '[DSCP_TO_TC_MAP|AZURE]' is not defined"),
		      "A reference to a missing map is reported.");
	json_decref(d);
}
END_TEST

START_TEST(parse_sonic_config_bad_values_warn)
{
	static const char text[] = "{\"PORT|Ethernet0\": {\"mtu\": \"abc\", \"speed\": \"fast\","
				   " \"admin_status\": \"sideways\", \"fec\": \"magic\"},"
				   " \"PORT_QOS_MAP|Ethernet0\": {\"pfc_enable\": \"3,9\"}}";
	json_t *d;
	int r;

	d = run_text(fa_parse_sonic_config, "show runningconfiguration all", text, strlen(text),
		     &r);
	ck_assert_int_eq(r, 0);
	ck_assert_msg(!port_has(d, "Ethernet0", "mtu") && !port_has(d, "Ethernet0", "speed") &&
			  !port_has(d, "Ethernet0", "admin_state") &&
			  !port_has(d, "Ethernet0", "fec") &&
			  !port_has(d, "Ethernet0", "qos.pfc_enabled"),
		      "Values that are not understood set nothing.");
	ck_assert_msg(json_array_size(json_object_get(d, "warnings")) == 5,
		      "Each value not understood is one warning.");
	json_decref(d);
}
END_TEST

START_TEST(parse_sonic_config_malformed)
{
	static const char *const bad[] = {"", "not json", "[1, 2]", "{}", "{\"PORT\": 3}"};
	struct fa_buf b = FA_BUF_INIT;
	json_t *d;
	size_t i;
	int r;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		d = run_text(fa_parse_sonic_config, "show runningconfiguration all", bad[i],
			     strlen(bad[i]), &r);
		ck_assert_msg(r == -FA_EPARSE, "'%s' is rejected as not a config_db dump.", bad[i]);
		json_decref(d);
	}
	fa_test_read(fa_test_fixture(MOCK_DB), &b);
	d = run_text(fa_parse_sonic_config, "show runningconfiguration all", b.buf, b.len / 2, &r);
	ck_assert_msg(r == -FA_EPARSE, "A truncated dump is rejected.");
	json_decref(d);
	fa_buf_release(&b);
}
END_TEST

START_TEST(parse_sonic_status_real_table)
{
	json_t *d =
	    run_ok(fa_parse_sonic_status, "show interfaces status",
		   fa_test_fixture(SU "extracted/intfutil/show_interface_status_output.txt"));

	ck_assert_str_eq(port_str(d, "Ethernet0", "oper_state"), "down");
	ck_assert_str_eq(port_str(d, "Ethernet0", "admin_state"), "up");
	ck_assert_msg(port_int(d, "Ethernet0", "speed") == 25000000000LL, "Ethernet0 is 25G.");
	ck_assert_msg(port_int(d, "Ethernet16", "speed") == 100000000LL, "Ethernet16 is 100M.");
	ck_assert_msg(port_int(d, "Ethernet28", "speed") == 1000000000LL,
		      "Ethernet28's 1000M is 1 Gb/s.");
	ck_assert_msg(port_int(d, "Ethernet124", "mtu") == 9100, "Ethernet124 has MTU 9100.");
	ck_assert_str_eq(port_str(d, "Ethernet0", "fec"), "rs");
	ck_assert_str_eq(port_str(d, "Ethernet124", "fec"), "auto");
	ck_assert_msg(!port_has(d, "Ethernet16", "fec"), "FEC N/A sets nothing.");
	ck_assert_str_eq(port_str(d, "PortChannel0001", "type"), "bond");
	ck_assert_msg(!port_has(d, "PortChannel1001", "oper_state"), "Oper N/A sets nothing.");
	ck_assert_msg(json_array_size(json_object_get(d, "ports")) == 15, "15 rows, 15 ports.");
	ck_assert_msg(json_object_get(d, "warnings") == NULL, "The real table raises no warning.");
	json_decref(d);
}
END_TEST

START_TEST(parse_sonic_status_without_fec_column)
{
	json_t *d =
	    run_ok(fa_parse_sonic_status, "show interfaces status",
		   fa_test_srcfile("tests/fixtures/sonic/show-interfaces-status-no-fec.txt"));

	ck_assert_msg(port_int(d, "Ethernet8", "speed") == 100000000000LL &&
			  port_int(d, "Ethernet8", "mtu") == 9216,
		      "Columns are found by title in the older layout.");
	ck_assert_str_eq(port_str(d, "Ethernet0", "admin_state"), "down");
	ck_assert_msg(!port_has(d, "Ethernet4", "fec"), "No FEC column, no FEC.");
	json_decref(d);

	/* a real output of that layout, pasted in sonic-utilities pull request 437 */
	d = run_ok(fa_parse_sonic_status, "show interfaces status",
		   fa_test_srcfile("tests/fixtures/sonic/show-interfaces-status-no-fec-pr437.txt"));
	ck_assert_msg(port_int(d, "Ethernet12", "speed") == 40000000000LL &&
			  port_int(d, "Ethernet12", "mtu") == 9100,
		      "Ethernet12 is 40G with MTU 9100.");
	ck_assert_str_eq(port_str(d, "Ethernet0", "oper_state"), "up");
	ck_assert_str_eq(port_str(d, "Ethernet4", "admin_state"), "up");
	ck_assert_msg(!port_has(d, "Ethernet8", "fec"), "No FEC column, no FEC.");
	ck_assert_msg(json_array_size(json_object_get(d, "ports")) == 4, "Four rows, four ports.");
	ck_assert_msg(json_object_get(d, "warnings") == NULL, "The real table raises no warning.");
	json_decref(d);
}
END_TEST

START_TEST(parse_sonic_status_malformed)
{
	static const char *const bad[] = {
	    "",
	    "  Interface    Lanes\n",
	    "% Error: command failed\n",
	    "   Lanes   Speed\n-------  -------\n      0     40G\n",
	};
	static const char trunc[] = "  Interface  Speed    MTU\n"
				    "-----------  -------  -----\n"
				    "  Ethernet0      40G   91";
	json_t *d;
	size_t i;
	int r;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		d = run_text(fa_parse_sonic_status, "show interfaces status", bad[i],
			     strlen(bad[i]), &r);
		ck_assert_msg(r == -FA_EPARSE, "Input %zu without an interface table is rejected.",
			      i);
		json_decref(d);
	}
	d = run_text(fa_parse_sonic_status, "show interfaces status", trunc, strlen(trunc), &r);
	ck_assert_int_eq(r, 0);
	ck_assert_msg(port_int(d, "Ethernet0", "mtu") == 91,
		      "A row cut short keeps what it has (the MTU digits printed).");
	json_decref(d);
}
END_TEST

/* Run @fn on the NUL-terminated @data into the existing device @d; the parser's return. */
static int run_into(fa_parse_fn *fn, const char *cmd, const char *data, json_t *d)
{
	struct fa_capture cap = FA_CAPTURE_INIT;
	struct fa_err err = FA_ERR_INIT;

	cap.device = "sw1";
	cap.command = cmd;
	cap.data = data;
	cap.len = strlen(data);
	return fn(&cap, d, &err);
}

START_TEST(parse_sonic_pfc_priority_real)
{
	json_t *d = run_ok(fa_parse_sonic_pfc_priority, "show pfc priority",
			   fa_test_fixture(SU "extracted/pfc_input/pfc_show_priority_all.txt"));
	int r;

	assert_ints(d, "Ethernet0", "qos.pfc_enabled", "3,4");
	assert_ints(d, "Ethernet4", "qos.pfc_enabled", "3,4");
	ck_assert_msg(json_array_size(json_object_get(d, "ports")) == 2, "Two rows, two ports.");
	ck_assert_msg(json_object_get(d, "warnings") == NULL, "The real table raises no warning.");
	json_decref(d);

	d = run_ok(fa_parse_sonic_pfc_priority, "show pfc priority",
		   fa_test_srcfile("tests/fixtures/sonic/pfc-config-priority-on.txt"));
	assert_ints(d, "Ethernet0", "qos.pfc_enabled", "3,4,5");
	json_decref(d);

	d = run_file(fa_parse_sonic_pfc_priority, "show pfc priority",
		     fa_test_srcfile("tests/fixtures/sonic/pfc-cannot-find-intf.txt"), &r);
	ck_assert_msg(r == -FA_EPARSE, "'Cannot find interface' is no table: a parse error.");
	json_decref(d);
}
END_TEST

/* Layouts of the real tables: namespaces, the global map, shared keys, N/A, bad cells. */
START_TEST(parse_sonic_pfc_priority_variants)
{
	static const char multi[] = "\n"
				    "Interface    Lossless priorities\n"
				    "-----------  ---------------------\n"
				    "Ethernet0    3,4\n"
				    "Ethernet4    N/A\n"
				    "global       N/A\n"
				    "\n"
				    "\n"
				    "Interface             Lossless priorities\n"
				    "--------------------  ---------------------\n"
				    "Ethernet8,Ethernet12  3\n"
				    "Ethernet16            3-4\n"
				    "Ethernet20\n"
				    "\n";
	json_t *d = run_text(fa_parse_sonic_pfc_priority, "show pfc priority", multi,
			     strlen(multi), &(int){0});

	assert_ints(d, "Ethernet0", "qos.pfc_enabled", "3,4");
	assert_ints(d, "Ethernet4", "qos.pfc_enabled", "");
	assert_ints(d, "Ethernet8", "qos.pfc_enabled", "3");
	assert_ints(d, "Ethernet12", "qos.pfc_enabled", "3");
	assert_ints(d, "Ethernet20", "qos.pfc_enabled", "");
	ck_assert_msg(fa_device_find_port(d, "global") == NULL, "The global map is no port.");
	ck_assert_msg(!port_has(d, "Ethernet16", "qos.pfc_enabled") &&
			  has_warning(d, "Ethernet16: '3-4' is not a list of priorities"),
		      "A cell that is no list warns and sets nothing.");
	json_decref(d);
}
END_TEST

START_TEST(parse_sonic_pfc_asymmetric_real)
{
	json_t *d = run_ok(fa_parse_sonic_pfc_asym, "show pfc asymmetric",
			   fa_test_fixture(SU "extracted/pfc_input/pfc_show_asymmetric_all.txt"));
	static const char on[] = "\n"
				 "Interface    Asymmetric\n"
				 "-----------  ------------\n"
				 "Ethernet0    on\n"
				 "Ethernet4    N/A\n"
				 "Ethernet8    maybe\n"
				 "\n";
	struct fa_buf b = FA_BUF_INIT;

	ck_assert_msg(json_array_size(json_object_get(d, "ports")) == 32, "32 rows, 32 ports.");
	ck_assert_msg(!port_has(d, "Ethernet124", "qos.pfc_rx"),
		      "Alone, 'off' says rx = tx = priorities it does not know.");
	json_decref(d);

	/* after the real priorities of the same mock device: off makes both directions them */
	d = run_ok(fa_parse_sonic_pfc_priority, "show pfc priority",
		   fa_test_fixture(SU "extracted/pfc_input/pfc_show_priority_all.txt"));
	ck_assert_int_eq(run_into(fa_parse_sonic_pfc_asym, "show pfc asymmetric",
				  "\nInterface    Asymmetric\n-----------  ------------\n"
				  "Ethernet0    off\n\n", d), 0);
	assert_ints(d, "Ethernet0", "qos.pfc_rx", "3,4");
	assert_ints(d, "Ethernet0", "qos.pfc_tx", "3,4");
	ck_assert_int_eq(run_into(fa_parse_sonic_pfc_asym, "show pfc asymmetric", on, d), 0);
	assert_ints(d, "Ethernet0", "qos.pfc_rx", "0,1,2,3,4,5,6,7");
	assert_ints(d, "Ethernet0", "qos.pfc_tx", "3,4");
	assert_ints(d, "Ethernet4", "qos.pfc_rx", "3,4");
	ck_assert_msg(has_warning(d, "Ethernet8: 'maybe' is neither on nor off"),
		      "An unknown mode warns.");
	json_decref(d);

	fa_test_read(fa_test_srcfile("tests/fixtures/sonic/pfc-asym-cannot-find-intf.txt"), &b);
	d = fa_device_new("sw1", "switch");
	ck_assert_msg(run_into(fa_parse_sonic_pfc_asym, "show pfc asymmetric", b.buf, d) ==
			  FA_PARSED_EMPTY,
		      "A table without rows is understood and empty.");
	fa_buf_release(&b);
	json_decref(d);
}
END_TEST

START_TEST(parse_sonic_version_reference_example)
{
	static const char odd[] = "SONiC Software Version: SONiC.202311.1\n"
				  "HwSKU: Accton-AS7326-56X\ngarbage line\nNew Key: x\n";
	json_t *d = run_ok(fa_parse_sonic_version, "show version",
			   fa_test_srcfile("tests/fixtures/sonic/show-version.txt"));
	int r;

	ck_assert_str_eq(fa_get_str(d, "os.name"), "SONiC");
	ck_assert_str_eq(fa_get_str(d, "os.version"), "HEAD.32-21ea29a");
	ck_assert_str_eq(fa_get_str(d, "os.kernel"), "4.9.0-8-amd64");
	ck_assert_str_eq(fa_get_str(d, "model"), "MSN2700-CS2FO");
	ck_assert_str_eq(fa_get_str(d, "serial"), "MT1822K07815");
	ck_assert_msg(json_object_get(d, "warnings") == NULL,
		      "Known keys and the docker table raise no warning.");
	json_decref(d);

	d = run_text(fa_parse_sonic_version, "show version", "Kernel: 5.10\n", 13, &r);
	ck_assert_msg(r == -FA_EPARSE, "Output without the version line is rejected.");
	json_decref(d);
	d = run_text(fa_parse_sonic_version, "show version", odd, sizeof(odd) - 1, &r);
	ck_assert_int_eq(r, 0);
	ck_assert_str_eq(fa_get_str(d, "model"), "Accton-AS7326-56X");
	ck_assert_msg(json_array_size(json_object_get(d, "warnings")) == 2,
		      "An unknown line and an unknown key are warnings.");
	json_decref(d);
}
END_TEST

START_TEST(parse_sonic_lldp_real_outputs)
{
	static const char odd[] = "{\"lldp\": {\"interface\": {\"Ethernet0\": 5, "
				  "\"Ethernet4\": {}}}}";
	json_t *d = run_ok(fa_parse_sonic_lldp, "docker exec lldp lldpctl -f json",
			   fa_test_fixture("sonic-net__sonic-dbsyncd/tests/subproc_outputs/"
					   "interface_only.json"));
	int r;

	ck_assert_str_eq(port_str(d, "Ethernet0", "lldp.port_id"), "Ethernet1");
	ck_assert_str_eq(port_str(d, "Ethernet0", "lldp.chassis_id"), "00:11:22:33:44:55");
	ck_assert_msg(!port_has(d, "Ethernet0", "lldp.system_name"),
		      "A chassis without a name key gives no system name.");
	ck_assert_str_eq(port_str(d, "Ethernet100", "lldp.system_name"), "switch13");
	ck_assert_str_eq(port_str(d, "Ethernet100", "lldp.port_id"), "Ethernet26");
	json_decref(d);

	d = run_ok(fa_parse_sonic_lldp, "docker exec lldp lldpctl -f json",
		   fa_test_fixture("sonic-net__sonic-dbsyncd/tests/subproc_outputs/lldpctl.json"));
	ck_assert_str_eq(port_str(d, "eth0", "lldp.port_id"), "ge-0/0/17");
	ck_assert_str_eq(port_str(d, "eth0", "lldp.port_description"),
			 "TPS report vending machine");
	ck_assert_str_eq(port_str(d, "eth0", "lldp.system_name"), "switch218ad08");
	json_decref(d);

	d = run_ok(fa_parse_sonic_lldp, "docker exec lldp lldpctl -f json",
		   fa_test_fixture("sonic-net__sonic-dbsyncd/tests/subproc_outputs/"
				   "short_short.json"));
	ck_assert_msg(json_array_size(json_object_get(d, "ports")) == 0,
		      "An empty lldp object gives no ports.");
	json_decref(d);

	d = run_text(fa_parse_sonic_lldp, "docker exec lldp lldpctl -f json", "{\"lldp\": ", 9, &r);
	ck_assert_msg(r == -FA_EPARSE, "Truncated JSON is rejected.");
	json_decref(d);
	d = run_text(fa_parse_sonic_lldp, "docker exec lldp lldpctl -f json", odd, sizeof(odd) - 1,
		     &r);
	ck_assert_int_eq(r, 0);
	ck_assert_msg(json_array_size(json_object_get(d, "warnings")) == 2,
		      "Entries that are not neighbours are warnings.");
	json_decref(d);
}
END_TEST

static void agree_int(struct fa_agree_tally *t, const json_t *port, const char *path,
		      json_int_t theirs)
{
	json_int_t ours;

	fa_agree_count(t, fa_get_int(port, path, &ours) && ours == theirs, "sonic", path,
		       fa_get_str(port, "name"));
}

static void agree_ints(struct fa_agree_tally *t, const json_t *port, const char *path,
		       const char *theirs)
{
	char *ours = ints(fa_obj_get_path(port, path));

	fa_agree_count(t, strcmp(ours, theirs) == 0, "sonic", path, fa_get_str(port, "name"));
	free(ours);
}

/*
 * "pfc show priority", "ecnconfig -l" and "show interfaces status" in sonic-utilities'
 * tests are rendered from the mock config_db: what they print must be what the config
 * parser reads from that config_db.
 */
void fa_agree_sonic(struct fa_agree_tally *t)
{
	json_t *cfg = run_ok(fa_parse_sonic_config, "show runningconfiguration all",
			     fa_test_fixture(MOCK_DB));
	json_t *st = run_ok(fa_parse_sonic_status, "show interfaces status",
			    fa_test_fixture(SU "extracted/intfutil/"
					       "show_interface_status_output.txt"));
	struct fa_buf b = FA_BUF_INIT;
	const char *line;
	json_t *p, *sp;
	size_t i;

	/* pfc show priority: "Ethernet0    3,4" rows under a dashed rule. */
	t->files += 3; /* the three renderings below */
	fa_test_read(fa_test_fixture(SU "extracted/pfc_input/pfc_show_priority_all.txt"), &b);
	for (line = strstr(b.buf, "---"); line && (line = strchr(line, '\n')); line++) {
		char port[32], prios[32];

		if (sscanf(line + 1, "%31s %31s", port, prios) != 2)
			continue;
		p = fa_device_find_port(cfg, port);
		ck_assert_ptr_nonnull(p);
		agree_ints(t, p, "qos.pfc_enabled", prios);
	}
	fa_buf_release(&b);

	/* ecnconfig -l: profile AZURE_LOSSLESS, used by Ethernet0's queues 3 and 4. */
	fa_test_read(fa_test_fixture(SU "extracted/ecn_input/ecn_show_config_output.txt"), &b);
	p = fa_device_find_port(cfg, "Ethernet0");
	{
		static const struct {
			const char *key, *path;
		} f[] = {
		    {"green_min_threshold", "qos.ecn.min_threshold"},
		    {"green_max_threshold", "qos.ecn.max_threshold"},
		    {"green_drop_probability", "qos.ecn.probability"},
		};
		size_t j;

		for (j = 0; j < sizeof(f) / sizeof(f[0]); j++) {
			const char *at = strstr(b.buf, f[j].key);
			long long v;

			ck_assert_ptr_nonnull(at);
			ck_assert_int_eq(sscanf(at + strlen(f[j].key), " %lld", &v), 1);
			agree_int(t, p, f[j].path, v);
		}
	}
	fa_buf_release(&b);

	/* show interfaces status: MTU of every Ethernet row against PORT mtu. */
	json_array_foreach(json_object_get(st, "ports"), i, sp)
	{
		const char *name = fa_get_str(sp, "name");
		json_int_t mtu;

		if (strncmp(name, "Ethernet", 8) != 0 || !fa_get_int(sp, "mtu", &mtu))
			continue;
		p = fa_device_find_port(cfg, name);
		ck_assert_ptr_nonnull(p);
		agree_int(t, p, "mtu", mtu);
	}
	json_decref(cfg);
	json_decref(st);
}

START_TEST(parse_sonic_platform_table)
{
	const struct fa_platform *p = fa_platform_find("sonic");
	size_t i, j;

	ck_assert_ptr_nonnull(p);
	ck_assert_str_eq(p->kind, "switch");
	ck_assert_msg(p->ncommands == 12, "The sonic platform has twelve commands.");
	for (i = 0; i < p->ncommands; i++) {
		ck_assert_msg(!(p->commands[i].flags & FA_CMD_COUNTERS) ||
				  (p->commands[i].flags & FA_CMD_OPTIONAL),
			      "'%s' reads counters and may be missing.", p->commands[i].command);
		ck_assert_msg(p->commands[i].parse != NULL, "'%s' has a parser.",
			      p->commands[i].command);
		ck_assert_msg(p->commands[i].expand == FA_EXPAND_NONE, "'%s' runs once per device.",
			      p->commands[i].command);
		ck_assert_msg(
		    strncmp(p->commands[i].command, "show ", 5) == 0 ||
			strcmp(p->commands[i].command, "docker exec lldp lldpctl -f json") == 0,
		    "'%s' is a read-only show command.", p->commands[i].command);
		for (j = i + 1; j < p->ncommands; j++)
			ck_assert_msg(strcmp(p->commands[i].command, p->commands[j].command) != 0,
				      "'%s' is listed once.", p->commands[i].command);
		ck_assert_msg(fa_platform_command(p, p->commands[i].command, NULL) ==
				  &p->commands[i],
			      "'%s' is found by its own text.", p->commands[i].command);
	}
	for (i = 0; fa_platforms[i + 1]; i++)
		ck_assert_msg(strcmp(fa_platforms[i]->name, fa_platforms[i + 1]->name) < 0,
			      "fa_platforms[] is sorted by name.");
}
END_TEST

Suite *fa_parse_sonic_suite(void)
{
	Suite *s = suite_create("parse_sonic");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, parse_sonic_config_flat_mock);
	tcase_add_test(tc, parse_sonic_pfc_directions);
	tcase_add_test(tc, parse_sonic_config_nested_qos_fragment);
	tcase_add_test(tc, parse_sonic_config_tc8_map_is_left_out);
	tcase_add_test(tc, parse_sonic_config_voq_keys_skipped);
	tcase_add_test(tc, parse_sonic_config_nested_full_sample);
	tcase_add_test(tc, parse_sonic_config_dump_shapes_agree);
	tcase_add_test(tc, parse_sonic_config_composite_keys);
	tcase_add_test(tc, parse_sonic_config_bad_values_warn);
	tcase_add_test(tc, parse_sonic_config_malformed);
	tcase_add_test(tc, parse_sonic_status_real_table);
	tcase_add_test(tc, parse_sonic_status_without_fec_column);
	tcase_add_test(tc, parse_sonic_status_malformed);
	tcase_add_test(tc, parse_sonic_pfc_priority_real);
	tcase_add_test(tc, parse_sonic_pfc_priority_variants);
	tcase_add_test(tc, parse_sonic_pfc_asymmetric_real);
	tcase_add_test(tc, parse_sonic_version_reference_example);
	tcase_add_test(tc, parse_sonic_lldp_real_outputs);
	tcase_add_test(tc, parse_sonic_platform_table);
	suite_add_tcase(s, tc);
	return s;
}
