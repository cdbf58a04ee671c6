/* SPDX-License-Identifier: MIT */
/*
 * The NCLU parsers (Cumulus Linux 3.x/4.x) and the cumulus-nclu platform table: real outputs
 * of "net show system json" and "net show lldp json" (SuzieQ's Cumulus 4.3.0 lab) and of
 * "net show interface all json" (napalm-cumulus' Cumulus 3.x lab switch), the layout
 * variants they do not show, and bad input.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "audit/util/buf.h"
#include "audit/util/err.h"
#include "audit/util/yamljson.h"
#include "drivers/capture.h"
#include "drivers/cumulus-nclu/parse-cumulus-nclu.h"
#include "drivers/parse.h"
#include "drivers/platform.h"
#include "tests/unit/agree.h"
#include "tests/unit/unit.h"
#include "audit/util/banned.h"

#define SUZIEQ "netenglabs__suzieq/extracted/cumulus-input/dual-bgp/"
#define NAPALM_DIR "napalm-automation-community__napalm-cumulus/test/unit/mocked_data/"
#define NAPALM NAPALM_DIR "test_get_interfaces/normal/sudo_net_show_interface_all_json.json"

static const struct {
	const char *command;
	fa_parse_fn *parse;
} parsers[] = {
	{ "net show system json", fa_parse_cumulus_nclu_system },
	{ "net show interface all json", fa_parse_cumulus_nclu_interface },
	{ "net show lldp json", fa_parse_cumulus_nclu_lldp },
};
#define NPARSERS ((int)(sizeof(parsers) / sizeof(parsers[0])))

static int run_text(fa_parse_fn *fn, const char *command, const char *text, size_t len,
		    json_t *device, struct fa_err *err)
{
	struct fa_capture cap = FA_CAPTURE_INIT;

	cap.device = "t";
	cap.command = command;
	cap.data = text;
	cap.len = len;
	return fa_parse_output(fn, &cap, device, err);
}

static int run(int i, const char *text, json_t *device, struct fa_err *err)
{
	return run_text(parsers[i].parse, parsers[i].command, text, strlen(text), device, err);
}

/* Parse the real output tests/fixtures/upstream/@rel with parser @i; it must succeed. */
static void run_fixture(int i, const char *rel, json_t *device)
{
	struct fa_buf b = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;

	fa_test_read(fa_test_fixture(rel), &b);
	ck_assert_msg(run_text(parsers[i].parse, parsers[i].command, b.buf, b.len, device, &err) ==
			      0,
		      "The real output %s parses (%s).", rel, err.msg);
	fa_buf_release(&b);
}

static json_t *port(json_t *dev, const char *name)
{
	json_t *p = fa_device_find_port(dev, name);

	ck_assert_msg(p != NULL, "The port %s is in the model.", name);
	return p;
}

static json_int_t geti(const json_t *obj, const char *path)
{
	json_int_t v = -1;

	ck_assert_msg(fa_get_int(obj, path, &v), "The field %s is an integer.", path);
	return v;
}

static size_t nwarnings(const json_t *dev)
{
	return json_array_size(json_object_get(dev, "warnings"));
}

START_TEST(parse_nclu_table)
{
	const struct fa_platform *p = fa_platform_find("cumulus-nclu");
	size_t i;

	ck_assert_msg(p != NULL, "The cumulus-nclu platform is registered.");
	ck_assert_msg(strcmp(p->kind, "switch") == 0, "A cumulus-nclu device is a switch.");
	ck_assert_msg(p->ncommands == (size_t)NPARSERS + 1,
		      "The table has its three commands and the configuration.");
	ck_assert_str_eq(p->commands[NPARSERS].command, "net show configuration commands");
	ck_assert_msg(p->commands[NPARSERS].parse == fa_parse_cumulus_nclu_config &&
			  (p->commands[NPARSERS].flags & FA_CMD_PARSE_ONLY),
		      "The configuration is read from captures, not sent.");
	for (i = 0; i < (size_t)NPARSERS; i++) {
		ck_assert_str_eq(p->commands[i].command, parsers[i].command);
		ck_assert_msg(p->commands[i].parse == parsers[i].parse,
			      "%s is read by its parser.", parsers[i].command);
		ck_assert_msg(!(p->commands[i].flags & FA_CMD_PARSE_ONLY),
			      "%s is collected.", parsers[i].command);
	}
	ck_assert_msg(p->commands[2].flags & FA_CMD_OPTIONAL,
		      "A switch without lldpd loses LLDP only.");
}
END_TEST

/* SuzieQ's spine01, Cumulus Linux 4.3.0 on Cumulus VX. */
START_TEST(parse_nclu_system_spine01)
{
	json_t *dev = fa_device_new("spine01", "switch");

	run_fixture(0, SUZIEQ "spine01__cumulus__net_show_system_json.txt", dev);
	ck_assert_str_eq(fa_get_str(dev, "hostname"), "spine01");
	ck_assert_str_eq(fa_get_str(dev, "os.name"), "Cumulus Linux");
	ck_assert_str_eq(fa_get_str(dev, "os.version"), "4.3.0");
	ck_assert_str_eq(fa_get_str(dev, "model"), "VX");
	ck_assert_str_eq(fa_get_str(dev, "vendor"), "Cumulus");
	ck_assert_str_eq(fa_get_str(dev, "serial"), "52:54:00:83:72:c9");
	ck_assert_msg(nwarnings(dev) == 0, "The real output raises no warning.");
	json_decref(dev);
}
END_TEST

/* Without "os-version" the release is read from "build"; an undetected platform is no model. */
START_TEST(parse_nclu_system_build_only)
{
	struct fa_err err = FA_ERR_INIT;
	json_t *dev = fa_device_new("t", "switch");

	ck_assert_int_eq(run(0,
			     "{\"hostname\": \"leaf9\", \"build\": \"Cumulus Linux 3.7.12\", "
			     "\"platform\": {\"detected\": false, \"model\": \"N/A\"}, "
			     "\"eeprom\": null}",
			     dev, &err),
			 0);
	ck_assert_str_eq(fa_get_str(dev, "os.name"), "Cumulus Linux");
	ck_assert_str_eq(fa_get_str(dev, "os.version"), "3.7.12");
	ck_assert_msg(!fa_get_str(dev, "model") && !fa_get_str(dev, "serial"),
		      "Nothing is written for an undetected platform or a missing EEPROM.");
	json_decref(dev);
}
END_TEST

/* napalm-cumulus' lab switch: bridge, eth0, lo, swp1-3, all up. */
START_TEST(parse_nclu_interface_napalm)
{
	static const char *const swps[] = { "swp1", "swp2", "swp3" };
	json_t *dev = fa_device_new("my-hostname", "switch"), *p;
	char mac[18];
	size_t i;

	run_fixture(1, NAPALM, dev);
	ck_assert_msg(json_array_size(json_object_get(dev, "ports")) == 6,
		      "The six interfaces of the output are ports.");
	p = port(dev, "bridge");
	ck_assert_str_eq(fa_get_str(p, "type"), "bridge");
	ck_assert_int_eq(geti(p, "mtu"), 1500);
	ck_assert_str_eq(fa_get_str(p, "mac"), "6e:d2:b8:b6:1a:89");
	ck_assert_msg(!fa_obj_get_path(p, "speed"), "The bridge's speed N/A is not written.");
	p = port(dev, "eth0");
	ck_assert_str_eq(fa_get_str(p, "type"), "management");
	ck_assert_int_eq(geti(p, "speed"), 1000000000);
	ck_assert_str_eq(fa_get_str(p, "mac"), "50:00:00:0b:00:00");
	ck_assert_msg(!fa_obj_get_path(p, "lldp"),
		      "The summary's lldp list (adj_port of unsure meaning) is not read.");
	p = port(dev, "lo");
	ck_assert_str_eq(fa_get_str(p, "type"), "loopback");
	ck_assert_int_eq(geti(p, "mtu"), 65536);
	ck_assert_str_eq(fa_get_str(p, "admin_state"), "up");
	for (i = 0; i < 3; i++) {
		p = port(dev, swps[i]);
		ck_assert_str_eq(fa_get_str(p, "type"), "ethernet");
		ck_assert_str_eq(fa_get_str(p, "admin_state"), "up");
		ck_assert_str_eq(fa_get_str(p, "oper_state"), "up");
		ck_assert_int_eq(geti(p, "mtu"), 1500);
		ck_assert_int_eq(geti(p, "speed"), 1000000000);
		snprintf(mac, sizeof(mac), "50:00:00:0b:00:%02zu", i + 1);
		ck_assert_str_eq(fa_get_str(p, "mac"), mac);
		ck_assert_msg(!fa_obj_get_path(p, "description"), "An empty description is none.");
	}
	ck_assert_msg(nwarnings(dev) == 0, "The real output raises no warning.");
	json_decref(dev);
}
END_TEST

/* States, speeds given only as text, bonds, sub-interfaces and breakouts. */
START_TEST(parse_nclu_interface_variants)
{
	struct fa_err err = FA_ERR_INIT;
	json_t *dev = fa_device_new("t", "switch");

	ck_assert_int_eq(
		run(1,
		    "{\"swp49s1\": {\"linkstate\": \"DN\", \"speed\": \"100G\", "
		    "\"port_category\": \"Unknown\", \"iface_obj\": {\"mtu\": 9216, "
		    "\"speed\": null, \"mac\": \"44:38:39:AA:BB:CC\", \"description\": \"to gpu01\"}},"
		    "\"swp2\": {\"linkstate\": \"ADMDN\", \"speed\": \"N/A\", "
		    "\"port_category\": \"Trunk/L2\", \"iface_obj\": {\"mtu\": 9000}},"
		    "\"bond1\": {\"linkstate\": \"UP\", \"port_category\": \"Bond/Trunk\", "
		    "\"iface_obj\": {\"mtu\": 9216, \"speed\": 200000}},"
		    "\"swp3.100\": {\"linkstate\": \"UP\", \"port_category\": \"Interface/L3\"},"
		    "\"peerlink\": {\"linkstate\": \"DRMNT\", \"port_category\": \"Odd\"}}",
		    dev, &err),
		0);
	ck_assert_str_eq(fa_get_str(port(dev, "swp49s1"), "type"), "ethernet");
	ck_assert_str_eq(fa_get_str(port(dev, "swp49s1"), "admin_state"), "up");
	ck_assert_str_eq(fa_get_str(port(dev, "swp49s1"), "oper_state"), "down");
	ck_assert_int_eq(geti(port(dev, "swp49s1"), "speed"), 100000000000LL);
	ck_assert_str_eq(fa_get_str(port(dev, "swp49s1"), "mac"), "44:38:39:aa:bb:cc");
	ck_assert_str_eq(fa_get_str(port(dev, "swp49s1"), "description"), "to gpu01");
	ck_assert_str_eq(fa_get_str(port(dev, "swp2"), "admin_state"), "down");
	ck_assert_str_eq(fa_get_str(port(dev, "swp2"), "oper_state"), "down");
	ck_assert_int_eq(geti(port(dev, "swp2"), "mtu"), 9000);
	ck_assert_msg(!fa_obj_get_path(port(dev, "swp2"), "speed"), "N/A is no speed.");
	ck_assert_str_eq(fa_get_str(port(dev, "bond1"), "type"), "bond");
	ck_assert_int_eq(geti(port(dev, "bond1"), "speed"), 200000000000LL);
	ck_assert_str_eq(fa_get_str(port(dev, "swp3.100"), "type"), "vlan");
	ck_assert_str_eq(fa_get_str(port(dev, "peerlink"), "type"), "other");
	ck_assert_msg(!fa_get_str(port(dev, "peerlink"), "admin_state"),
		      "An unknown state writes nothing.");
	ck_assert_msg(nwarnings(dev) == 2, "The unknown category and state are warnings.");
	json_decref(dev);
}
END_TEST

/* SuzieQ's spine02: one leaf or exit switch on each of swp1-6, all on their swp2. */
START_TEST(parse_nclu_lldp_spine02)
{
	static const char *const names[] = { "leaf01", "leaf02", "leaf03",
					     "leaf04", "exit02", "exit01" };
	json_t *dev = fa_device_new("spine02", "switch"), *p;
	char ifname[8];
	size_t i;

	run_fixture(2, SUZIEQ "spine02__cumulus__net_show_lldp_json.txt", dev);
	ck_assert_msg(json_array_size(json_object_get(dev, "ports")) == 6,
		      "The six neighbours are on six ports.");
	for (i = 0; i < 6; i++) {
		snprintf(ifname, sizeof(ifname), "swp%zu", i + 1);
		p = port(dev, ifname);
		ck_assert_str_eq(fa_get_str(p, "lldp.system_name"), names[i]);
		ck_assert_str_eq(fa_get_str(p, "lldp.port_id"), "swp2");
		ck_assert_str_eq(fa_get_str(p, "lldp.port_description"), "swp2");
	}
	ck_assert_str_eq(fa_get_str(port(dev, "swp1"), "lldp.chassis_id"), "52:54:00:11:7d:b8");
	ck_assert_msg(nwarnings(dev) == 0, "The real output raises no warning.");
	json_decref(dev);
}
END_TEST

/* SuzieQ's exit02: two links to one neighbour (exit02's swp3 and swp4 cross-wired). */
START_TEST(parse_nclu_lldp_exit02)
{
	json_t *dev = fa_device_new("exit02", "switch");

	run_fixture(2, SUZIEQ "exit02__cumulus__net_show_lldp_json.txt", dev);
	ck_assert_str_eq(fa_get_str(port(dev, "swp1"), "lldp.system_name"), "spine01");
	ck_assert_str_eq(fa_get_str(port(dev, "swp1"), "lldp.port_id"), "swp5");
	ck_assert_str_eq(fa_get_str(port(dev, "swp3"), "lldp.port_id"), "swp4");
	ck_assert_str_eq(fa_get_str(port(dev, "swp4"), "lldp.port_id"), "swp3");
	ck_assert_str_eq(fa_get_str(port(dev, "swp5"), "lldp.system_name"), "edge01");
	ck_assert_str_eq(fa_get_str(port(dev, "swp5"), "lldp.port_id"), "eth2");
	ck_assert_str_eq(fa_get_str(port(dev, "swp6"), "lldp.chassis_id"), "52:54:00:46:fe:70");
	ck_assert_msg(nwarnings(dev) == 0, "The real output raises no warning.");
	json_decref(dev);
}
END_TEST

/* Two neighbours on a port keep the first; no neighbour at all is an empty success. */
START_TEST(parse_nclu_lldp_variants)
{
	struct fa_err err = FA_ERR_INIT;
	json_t *dev = fa_device_new("t", "switch");

	ck_assert_int_eq(
		run(2,
		    "{\"lldp\": [{\"interface\": ["
		    "{\"name\": \"swp1\", \"chassis\": [{\"name\": [{\"value\": \"a\"}]}], "
		    "\"port\": [{\"id\": [{\"type\": \"mac\", \"value\": \"00:11:22:33:44:55\"}]}]},"
		    "{\"name\": \"swp1\", \"chassis\": [{\"name\": [{\"value\": \"b\"}]}]}]}]}",
		    dev, &err),
		0);
	ck_assert_str_eq(fa_get_str(port(dev, "swp1"), "lldp.system_name"), "a");
	ck_assert_str_eq(fa_get_str(port(dev, "swp1"), "lldp.port_id"), "00:11:22:33:44:55");
	ck_assert_msg(!fa_get_str(port(dev, "swp1"), "lldp.port_description"),
		      "A neighbour without a port description has none.");
	ck_assert_msg(nwarnings(dev) == 1, "The second neighbour is a warning.");
	json_decref(dev);

	dev = fa_device_new("t", "switch");
	ck_assert_int_eq(run(2, "{\"lldp\": [{}]}", dev, &err), 0);
	ck_assert_msg(json_array_size(json_object_get(dev, "ports")) == 0,
		      "No neighbour writes no port.");
	ck_assert_int_eq(run(2, "{\"lldp\": [{\"interface\": []}]}", dev, &err), 0);
	ck_assert_int_eq(run(2, "{\"other\": 1}", dev, &err), -FA_EPARSE);
	json_decref(dev);
}
END_TEST

START_TEST(parse_nclu_bad_input_is_eparse)
{
	static const char *const bad[] = {
		"",
		"   \n",
		"ERROR: Command not found.\n",
		"{\"swp1\": {\"linkstate\": \"UP\"",
		"[1, 2]",
	};
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct fa_err err = FA_ERR_INIT;
		json_t *dev = fa_device_new("t", "switch");

		ck_assert_msg(run(_i, bad[i], dev, &err) == -FA_EPARSE,
			      "%s fails with -FA_EPARSE on input %zu.", parsers[_i].command, i);
		ck_assert_msg(strstr(err.msg, parsers[_i].command) != NULL,
			      "The message names the command: %s", err.msg);
		json_decref(dev);
	}
}
END_TEST

#define CONFIG_CMD "net show configuration commands"

static int run_config(const char *text, json_t *device, struct fa_err *err)
{
	return run_text(fa_parse_cumulus_nclu_config, CONFIG_CMD, text, strlen(text), device, err);
}

/* The listing written from NVIDIA's Cumulus Linux 4.4 documentation (fixtures SOURCES.md). */
START_TEST(parse_nclu_config_doc)
{
	struct fa_buf b = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	json_t *dev = fa_device_new("t", "switch"), *p;
	char path[512];

	snprintf(path, sizeof(path), "%s",
		 fa_test_srcfile("tests/fixtures/cumulus-nclu/net-show-configuration-commands.txt"));
	fa_test_read(path, &b);
	ck_assert_msg(run_text(fa_parse_cumulus_nclu_config, CONFIG_CMD, b.buf, b.len, dev, &err) ==
			      0,
		      "The listing parses (%s).", err.msg);
	ck_assert_str_eq(fa_get_str(dev, "hostname"), "leaf01");
	p = port(dev, "hostbond1");
	ck_assert_str_eq(fa_get_str(p, "type"), "bond");
	ck_assert_msg(geti(p, "mtu") == 9000, "hostbond1-3 names hostbond1.");
	ck_assert_str_eq(fa_get_str(p, "description"), "Local Node/s leaf01 and Ports swp5 <==> "
						       "Remote Node/s host01 and Ports swp1");
	ck_assert_msg(geti(port(dev, "hostbond3"), "mtu") == 9000, "hostbond1-3 names hostbond3.");
	ck_assert_msg(fa_device_find_port(dev, "hostbond4") == NULL,
		      "hostbond4 has only settings that are not the model's.");
	p = port(dev, "swp1");
	ck_assert_str_eq(fa_get_str(p, "type"), "ethernet");
	ck_assert_int_eq(geti(p, "mtu"), 9216);
	ck_assert_msg(!fa_obj_get_path(p, "admin_state"), "Only 'link down' is a state.");
	p = port(dev, "swp2");
	ck_assert_str_eq(fa_get_str(p, "admin_state"), "down");
	ck_assert_str_eq(fa_get_str(p, "description"), "Local Node leaf01 and Ports swp2 <==> "
						       "Remote Node/s spine01 and Ports swp2");
	p = port(dev, "swp3");
	ck_assert_msg(geti(p, "speed") == 100000LL * 1000000, "link speed is Mb/s.");
	ck_assert_msg(json_is_false(fa_obj_get_path(p, "autoneg")), "link autoneg off.");
	ck_assert_int_eq(geti(p, "mtu"), 9216);
	ck_assert_str_eq(fa_get_str(port(dev, "swp4"), "fec"), "rs");
	ck_assert_msg(!fa_device_find_port(dev, "lo") && !fa_device_find_port(dev, "eth0"),
		      "Routing, address and VRF lines make no port.");
	ck_assert_msg(nwarnings(dev) == 0, "Every line is understood or not the model's.");
	json_decref(dev);
	fa_buf_release(&b);
}
END_TEST

/* Name lists, values not understood, stray lines, NCLU's error, nothing at all. */
START_TEST(parse_nclu_config_variants)
{
	const char *text = "net add interface swp1s0-3,7 mtu 9000\n"
			   "net add interface peerlink,swp9 alias  two  blanks \n"
			   "net add interface swp10 mtu lots\n"
			   "net add interface swp11 link speed fast\n"
			   "net add interface swp1-99999 mtu 9216\n"
			   "net add interface 5-6 mtu 9216\n"
			   "some text that is no command\n"
			   "net add interface swp12 link speed 25000\n"
			   "net add interface swp12 link speed 10000\n";
	const char *bad[] = {"", "\n\n", "ERROR: 'net' is not installed\n",
			     "cumulus@sw:~$ net show configuration commands\n"};
	struct fa_err err = FA_ERR_INIT;
	json_t *dev = fa_device_new("t", "switch");
	size_t i;

	ck_assert_int_eq(run_config(text, dev, &err), 0);
	ck_assert_int_eq(geti(port(dev, "swp1s0"), "mtu"), 9000);
	ck_assert_int_eq(geti(port(dev, "swp1s3"), "mtu"), 9000);
	ck_assert_msg(geti(port(dev, "swp1s7"), "mtu") == 9000,
		      "A bare number after a breakout range takes its prefix.");
	ck_assert_msg(fa_device_find_port(dev, "swp1s4") == NULL, "The range ends at 3.");
	ck_assert_str_eq(fa_get_str(port(dev, "peerlink"), "description"), "two  blanks");
	ck_assert_str_eq(fa_get_str(port(dev, "swp9"), "description"), "two  blanks");
	ck_assert_msg(fa_device_find_port(dev, "swp10") == NULL &&
			  fa_device_find_port(dev, "swp11") == NULL,
		      "Values not understood are not recorded.");
	ck_assert_msg(fa_device_find_port(dev, "swp99") == NULL, "A huge range names no port.");
	ck_assert_msg(geti(port(dev, "swp12"), "speed") == 10000LL * 1000000,
		      "The later line wins, as NCLU applies them in order.");
	ck_assert_msg(nwarnings(dev) == 5,
		      "Two values, two name lists and the stray line are warned (%zu).",
		      nwarnings(dev));
	json_decref(dev);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		dev = fa_device_new("t", "switch");
		ck_assert_msg(run_config(bad[i], dev, &err) == -FA_EPARSE,
			      "Input %zu is a parse error.", i);
		ck_assert_msg(strstr(err.msg, CONFIG_CMD) != NULL, "The message names the command.");
		json_decref(dev);
	}
}
END_TEST

START_TEST(parse_nclu_error_quotes_the_line)
{
	struct fa_err err = FA_ERR_INIT;
	json_t *dev = fa_device_new("t", "switch");

	ck_assert_int_eq(run(1, "ERROR: Command not found.\n", dev, &err), -FA_EPARSE);
	ck_assert_msg(strstr(err.msg, "ERROR: Command not found.") != NULL,
		      "The message quotes NCLU's error line: %s", err.msg);
	json_decref(dev);
}
END_TEST

static bool str_same(const char *ours, const char *theirs)
{
	if (!ours || !*ours)
		return !theirs || !*theirs;
	return theirs && strcmp(ours, theirs) == 0;
}

/*
 * The agreement suite's cumulus-nclu row: NAPALM's get_interfaces of the same real output
 * (is_up, is_enabled, description, speed in Mb/s with -1 for none, mac_address).
 */
void fa_agree_cumulus_nclu(struct fa_agree_tally *t)
{
	json_t *d = fa_device_new("napalm", "switch"), *exp = NULL, *v;
	const char *k;

	run_fixture(1, NAPALM, d);
	t->files++;
	ck_assert_msg(fa_yaml_load(fa_test_fixture(NAPALM_DIR "test_get_interfaces/normal/"
						   "expected_result.json"),
				   &exp, NULL, NULL) == 0,
		      "NAPALM's expected result loads.");
	json_object_foreach(exp, k, v) {
		json_t *p = fa_device_find_port(d, k);
		json_int_t x = 0, speed = json_integer_value(json_object_get(v, "speed"));
		bool have;

		fa_agree_count(t, p != NULL, "cumulus-nclu", "interface", k);
		fa_agree_count(t, json_is_true(json_object_get(v, "is_up")) ==
					  str_same(fa_get_str(p, "oper_state"), "up"),
			       "cumulus-nclu", "is_up", k);
		fa_agree_count(t, json_is_true(json_object_get(v, "is_enabled")) ==
					  str_same(fa_get_str(p, "admin_state"), "up"),
			       "cumulus-nclu", "is_enabled", k);
		fa_agree_count(t, str_same(fa_get_str(p, "description"),
					   json_string_value(json_object_get(v, "description"))),
			       "cumulus-nclu", "description", k);
		have = fa_get_int(p, "speed", &x);
		fa_agree_count(t, have ? x == speed * 1000000 : speed == -1, "cumulus-nclu",
			       "speed", k);
		fa_agree_count(t, str_same(fa_get_str(p, "mac"),
					   json_string_value(json_object_get(v, "mac_address"))),
			       "cumulus-nclu", "mac_address", k);
	}
	json_decref(exp);
	json_decref(d);
}

Suite *fa_parse_cumulus_nclu_suite(void)
{
	Suite *s = suite_create("parse_cumulus_nclu");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, parse_nclu_table);
	tcase_add_test(tc, parse_nclu_system_spine01);
	tcase_add_test(tc, parse_nclu_system_build_only);
	tcase_add_test(tc, parse_nclu_interface_napalm);
	tcase_add_test(tc, parse_nclu_interface_variants);
	tcase_add_test(tc, parse_nclu_lldp_spine02);
	tcase_add_test(tc, parse_nclu_lldp_exit02);
	tcase_add_test(tc, parse_nclu_lldp_variants);
	tcase_add_loop_test(tc, parse_nclu_bad_input_is_eparse, 0, NPARSERS);
	tcase_add_test(tc, parse_nclu_error_quotes_the_line);
	tcase_add_test(tc, parse_nclu_config_doc);
	tcase_add_test(tc, parse_nclu_config_variants);
	suite_add_tcase(s, tc);
	return s;
}
