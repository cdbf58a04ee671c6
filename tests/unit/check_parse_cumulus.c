/* SPDX-License-Identifier: MIT */
/*
 * The Cumulus (NVUE) parsers and the cumulus platform table: the leaf01 capture set parsed in
 * table order (effective per-port QoS), the 5.4 and 5.12 "nv show qos roce" shapes (JSON and
 * table), the real startup-edge01.yaml through the configuration parser, and bad input of
 * every kind.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "audit/util/buf.h"
#include "audit/util/err.h"
#include "audit/util/yamljson.h"
#include "drivers/capture.h"
#include "drivers/cumulus/parse-cumulus.h"
#include "drivers/parse.h"
#include "drivers/platform.h"
#include "tests/unit/unit.h"
#include "audit/util/banned.h"

static const struct {
	const char *command;
	fa_parse_fn *parse;
} parsers[] = {
	{ "nv show system -o json", fa_parse_cumulus_system },
	{ "nv show interface -o json", fa_parse_cumulus_interface },
	{ "nv show interface --view=lldp-detail -o json", fa_parse_cumulus_lldp },
	{ "nv show qos roce -o json", fa_parse_cumulus_roce },
	{ "nv config show -o json", fa_parse_cumulus_config },
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

static int run(fa_parse_fn *fn, const char *command, const char *text, json_t *device,
	       struct fa_err *err)
{
	return run_text(fn, command, text, strlen(text), device, err);
}

/* Parse a fixture file of tests/fixtures/cumulus/ with @fn; the parse must succeed. */
static void run_file(fa_parse_fn *fn, const char *command, const char *rel, json_t *device)
{
	struct fa_buf b = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	char path[512];

	snprintf(path, sizeof(path), "tests/fixtures/cumulus/%s", rel);
	fa_test_read(fa_test_srcfile(path), &b);
	ck_assert_msg(run_text(fn, command, b.buf, b.len, device, &err) == 0,
		      "The fixture %s parses (%s).", rel, err.msg);
	fa_buf_release(&b);
}

/* leaf01: every command of the platform table, in table order, from its capture file. */
static json_t *leaf01(void)
{
	const struct fa_platform *p = fa_platform_find("cumulus");
	json_t *dev = fa_device_new("leaf01", "switch");
	size_t i;

	ck_assert_msg(p != NULL, "The cumulus platform is registered.");
	for (i = 0; i < p->ncommands; i++) {
		char *slug;
		char rel[256];

		if (p->commands[i].flags & FA_CMD_PARSE_ONLY)
			continue;
		slug = fa_capture_slug(p->commands[i].command);

		snprintf(rel, sizeof(rel), "leaf01/%s.txt", slug);
		run_file(p->commands[i].parse, p->commands[i].command, rel, dev);
		free(slug);
	}
	return dev;
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

/* The integer array at @path rendered "a,b,c" (or "absent"). */
static const char *list(const json_t *obj, const char *path)
{
	static char out[512];
	json_t *a = fa_obj_get_path(obj, path), *v;
	size_t i, n = 0;

	if (!json_is_array(a))
		return "absent";
	out[0] = '\0';
	json_array_foreach(a, i, v)
		n += (size_t)snprintf(out + n, sizeof(out) - n, "%s%lld", i ? "," : "",
				      (long long)json_integer_value(v));
	return out;
}

static size_t nwarnings(const json_t *dev)
{
	return json_array_size(json_object_get(dev, "warnings"));
}

START_TEST(parse_cumulus_table_templates_unique_with_parsers)
{
	const struct fa_platform *p = fa_platform_find("cumulus");
	size_t i, j;

	ck_assert_msg(p && p->ncommands == 8,
		      "The cumulus table has its five commands and three text forms.");
	ck_assert_msg(strcmp(p->kind, "switch") == 0, "A cumulus device is a switch.");
	for (i = 0; i < p->ncommands; i++) {
		const struct fa_command *c = &p->commands[i];

		ck_assert_msg(c->command != NULL && c->parse != NULL,
			      "Command %zu has a template and a parser.", i);
		ck_assert_msg(c->expand == FA_EXPAND_NONE, "%s runs once per device.", c->command);
		ck_assert_msg(strncmp(c->command, "nv show ", 8) == 0 ||
				      strncmp(c->command, "nv config show ", 15) == 0 ||
				      strcmp(c->command, "nv config show") == 0,
			      "%s is a read-only NVUE show command.", c->command);
		ck_assert_msg(strstr(c->command, " -o json") != NULL ||
				      (c->flags & FA_CMD_PARSE_ONLY),
			      "%s asks for JSON.", c->command);
		ck_assert_msg(fa_platform_command(p, c->command, NULL) == c,
			      "%s is found by its own template.", c->command);
		for (j = 0; j < i; j++)
			ck_assert_msg(strcmp(c->command, p->commands[j].command) != 0,
				      "The template %s appears once.", c->command);
	}
	ck_assert_msg(p->commands[4].parse == fa_parse_cumulus_config,
		      "The applied configuration is collected last, after the global RoCE state.");
	for (i = 5; i < p->ncommands; i++)
		ck_assert_msg(p->commands[i].flags & FA_CMD_PARSE_ONLY,
			      "%s is read from captures a user brings, never sent.",
			      p->commands[i].command);
}
END_TEST

START_TEST(parse_cumulus_system_512_and_54)
{
	json_t *dev = fa_device_new("leaf01", "switch");

	run_file(fa_parse_cumulus_system, parsers[0].command, "leaf01/nv-show-system-o-json.txt",
		 dev);
	ck_assert_str_eq(fa_get_str(dev, "hostname"), "leaf01");
	ck_assert_str_eq(fa_get_str(dev, "os.name"), "Cumulus Linux");
	ck_assert_str_eq(fa_get_str(dev, "os.version"), "5.12.0");
	ck_assert_str_eq(fa_get_str(dev, "os.kernel"), "6.1.0-cl-1-amd64");
	json_decref(dev);

	dev = fa_device_new("switch01", "switch");
	run_file(fa_parse_cumulus_system, parsers[0].command, "cl54/nv-show-system-o-json.txt",
		 dev);
	ck_assert_str_eq(fa_get_str(dev, "hostname"), "switch01");
	ck_assert_msg(strcmp(fa_get_str(dev, "os.version"), "5.4.0") == 0,
		      "The 5.4 release is read from \"build\".");
	ck_assert_str_eq(fa_get_str(dev, "os.name"), "Cumulus Linux");
	ck_assert_msg(fa_obj_get_path(dev, "os.kernel") == NULL,
		      "5.4 prints no kernel, so none is recorded.");
	ck_assert_msg(nwarnings(dev) == 0, "A 5.4 system object raises no warning.");
	json_decref(dev);
}
END_TEST

START_TEST(parse_cumulus_leaf01_ports)
{
	json_t *dev = leaf01(), *p;
	int i, nswp = 0;

	ck_assert_msg(json_array_size(json_object_get(dev, "ports")) == 38,
		      "leaf01 has 32 swp ports and 6 other interfaces, not %zu.",
		      json_array_size(json_object_get(dev, "ports")));
	for (i = 1; i <= 32; i++) {
		char name[16];

		snprintf(name, sizeof(name), "swp%d", i);
		p = port(dev, name);
		ck_assert_msg(strcmp(fa_get_str(p, "type"), "ethernet") == 0,
			      "%s is an ethernet port.", name);
		ck_assert_msg(geti(p, "mtu") == 9216, "%s has MTU 9216.", name);
		nswp++;
	}
	ck_assert_int_eq(nswp, 32);
	p = port(dev, "swp1");
	ck_assert_str_eq(fa_get_str(p, "admin_state"), "up");
	ck_assert_str_eq(fa_get_str(p, "oper_state"), "up");
	ck_assert_msg(geti(p, "speed") == 400000000000LL, "swp1 runs at 400G in bits/s.");
	ck_assert_str_eq(fa_get_str(p, "fec"), "rs");
	ck_assert_msg(json_is_false(fa_obj_get_path(p, "autoneg")), "swp1 has autoneg off.");
	ck_assert_msg(geti(port(dev, "swp25"), "speed") == 200000000000LL,
		      "swp25 runs at 200G in bits/s.");
	p = port(dev, "swp29");
	ck_assert_str_eq(fa_get_str(p, "oper_state"), "down");
	ck_assert_msg(fa_obj_get_path(p, "speed") == NULL, "A port without link has no speed.");
	ck_assert_str_eq(fa_get_str(port(dev, "lo"), "type"), "loopback");
	ck_assert_str_eq(fa_get_str(port(dev, "lo"), "oper_state"), "unknown");
	ck_assert_str_eq(fa_get_str(port(dev, "eth0"), "type"), "management");
	ck_assert_msg(geti(port(dev, "eth0"), "speed") == 1000000000LL, "eth0 runs at 1G.");
	ck_assert_str_eq(fa_get_str(port(dev, "bond1"), "type"), "bond");
	ck_assert_str_eq(fa_get_str(port(dev, "br_default"), "type"), "bridge");
	ck_assert_str_eq(fa_get_str(port(dev, "vlan121"), "type"), "vlan");
	ck_assert_str_eq(fa_get_str(port(dev, "mgmt"), "type"), "virtual");
	ck_assert_str_eq(fa_get_str(dev, "model"), "SN4700");
	ck_assert_msg(nwarnings(dev) == 0, "The leaf01 captures raise no warning (%s).",
		      json_dumps(json_object_get(dev, "warnings"), 0));
	json_decref(dev);
}
END_TEST

START_TEST(parse_cumulus_leaf01_lldp)
{
	json_t *dev = leaf01(), *p;

	p = port(dev, "swp1");
	ck_assert_str_eq(fa_get_str(p, "lldp.system_name"), "dgx01");
	ck_assert_str_eq(fa_get_str(p, "lldp.port_id"), "48:b0:2d:b3:64:4e");
	ck_assert_str_eq(fa_get_str(p, "lldp.port_description"), "enp24s0np0");
	ck_assert_str_eq(fa_get_str(p, "lldp.chassis_id"), "a0:88:c2:1e:40:00");
	ck_assert_str_eq(fa_get_str(port(dev, "swp16"), "lldp.port_id"), "48:b0:2d:4e:b8:f9");
	ck_assert_str_eq(fa_get_str(port(dev, "swp17"), "lldp.system_name"), "spine01");
	ck_assert_str_eq(fa_get_str(port(dev, "swp17"), "lldp.port_id"), "swp1");
	ck_assert_str_eq(fa_get_str(port(dev, "swp27"), "lldp.system_name"), "edge01");
	ck_assert_str_eq(fa_get_str(port(dev, "swp25"), "lldp.system_name"), "ipmi01");
	ck_assert_str_eq(fa_get_str(port(dev, "swp25"), "lldp.port_id"), "swp49");
	ck_assert_str_eq(fa_get_str(port(dev, "eth0"), "lldp.system_name"), "oob-mgmt-switch");
	ck_assert_msg(fa_obj_get_path(port(dev, "swp29"), "lldp") == NULL,
		      "A port without a neighbour has no lldp fields.");
	json_decref(dev);
}
END_TEST

START_TEST(parse_cumulus_leaf01_effective_qos)
{
	json_t *dev = leaf01(), *p, *dscp;

	p = port(dev, "swp1");
	ck_assert_str_eq(fa_get_str(p, "qos.roce_mode"), "lossless");
	ck_assert_str_eq(fa_get_str(p, "qos.trust"), "both");
	ck_assert_str_eq(list(p, "qos.pfc_enabled"), "3");
	ck_assert_msg(geti(p, "qos.cable_length") == 100, "The RoCE cable length is 100 m.");
	ck_assert_str_eq(list(p, "qos.ecn.enabled_tcs"), "0,3");
	ck_assert_msg(geti(p, "qos.ecn.min_threshold") == 149996,
		      "146.48 KB is 149996 bytes (1024-based).");
	ck_assert_msg(geti(p, "qos.ecn.max_threshold") == 1499464,
		      "1.43 MB is 1499464 bytes (1.43 * 1024 * 1024).");
	ck_assert_msg(geti(p, "qos.ecn.probability") == 100, "ECN probability is 100.");
	dscp = fa_obj_get_path(p, "qos.dscp_to_priority");
	ck_assert_msg(json_array_size(dscp) == 64, "The DSCP map has 64 entries.");
	ck_assert_msg(json_integer_value(json_array_get(dscp, 26)) == 3, "DSCP 26 maps to 3.");
	ck_assert_msg(json_integer_value(json_array_get(dscp, 46)) == 4,
		      "The default-global change maps DSCP 46 to 4 (default 5).");
	ck_assert_msg(json_integer_value(json_array_get(dscp, 48)) == 6, "DSCP 48 maps to 6.");
	ck_assert_str_eq(list(p, "qos.priority_to_tc"), "0,0,0,3,0,0,6,0");
	ck_assert_msg(fa_obj_get_path(p, "qos.ets") == NULL,
		      "ETS is not recorded when only TCs 0, 3 and 6 have a printed weight.");
	ck_assert_msg(json_is_true(fa_obj_get_path(p, "qos.pfc_watchdog")),
		      "swp1 has the PFC watchdog on.");

	p = port(dev, "swp5");
	ck_assert_msg(strcmp(list(p, "qos.pfc_enabled"), "4") == 0,
		      "The my-pfc profile on swp5 gives PFC on priority 4, not %s.",
		      list(p, "qos.pfc_enabled"));
	ck_assert_msg(fa_obj_get_path(p, "qos.cable_length") == NULL,
		      "my-pfc sets no cable length, so swp5 has none recorded.");
	ck_assert_str_eq(list(p, "qos.ecn.enabled_tcs"), "0,3");
	ck_assert_msg(fa_obj_get_path(p, "qos.pfc_watchdog") == NULL,
		      "swp5 has no PFC watchdog configured.");

	p = port(dev, "swp6");
	ck_assert_str_eq(list(p, "qos.pfc_enabled"), "3");
	ck_assert_str_eq(list(p, "qos.ecn.enabled_tcs"), "3");
	ck_assert_msg(geti(p, "qos.ecn.min_threshold") == 153600, "ecn-gpu min is 153600.");
	ck_assert_msg(geti(p, "qos.ecn.max_threshold") == 1536000, "ecn-gpu max is 1536000.");

	ck_assert_str_eq(list(port(dev, "swp32"), "qos.pfc_enabled"), "3");
	ck_assert_msg(fa_obj_get_path(port(dev, "lo"), "qos") == NULL,
		      "The loopback gets no RoCE state.");
	ck_assert_msg(fa_obj_get_path(port(dev, "bond1"), "qos") == NULL,
		      "The bond itself gets no RoCE state.");
	json_decref(dev);
}
END_TEST

static json_t *device_with_swp1(void)
{
	json_t *dev = fa_device_new("t", "switch");

	fa_set_str(fa_device_port(dev, "swp1"), "type", "ethernet");
	fa_set_str(fa_device_port(dev, "lo"), "type", "loopback");
	return dev;
}

START_TEST(parse_cumulus_roce_54_shape)
{
	json_t *dev = device_with_swp1(), *p;

	run_file(fa_parse_cumulus_roce, parsers[3].command, "cl54/nv-show-qos-roce-o-json.txt",
		 dev);
	p = port(dev, "swp1");
	ck_assert_str_eq(fa_get_str(p, "qos.roce_mode"), "lossless");
	ck_assert_msg(geti(p, "qos.cable_length") == 100,
		      "5.4 prints the cable length at the top level.");
	ck_assert_msg(fa_obj_get_path(p, "qos.ecn.probability") == NULL,
		      "5.4 prints no ECN probability, so none is recorded.");
	ck_assert_str_eq(list(p, "qos.pfc_enabled"), "3");
	ck_assert_msg(geti(p, "qos.ecn.max_threshold") == 1499464, "5.4 max is 1.43 MB.");
	ck_assert_msg(nwarnings(dev) == 0, "The 5.4 shape raises no warning.");
	ck_assert_msg(fa_obj_get_path(port(dev, "lo"), "qos") == NULL,
		      "Only swp ports get the RoCE state.");
	json_decref(dev);
}
END_TEST

START_TEST(parse_cumulus_roce_512_single_ipool)
{
	json_t *dev = device_with_swp1(), *p;

	run_file(fa_parse_cumulus_roce, parsers[3].command,
		 "cl512-single-ipool/nv-show-qos-roce-o-json.txt", dev);
	p = port(dev, "swp1");
	ck_assert_str_eq(fa_get_str(p, "qos.roce_mode"), "lossless-single-ipool");
	ck_assert_msg(geti(p, "qos.cable_length") == 100, "5.12 prints cable-length under pfc.");
	ck_assert_msg(geti(p, "qos.ecn.probability") == 100, "5.12 prints the probability.");
	ck_assert_msg(nwarnings(dev) == 0, "The 5.12 shape raises no warning.");
	json_decref(dev);
}
END_TEST

START_TEST(parse_cumulus_roce_plain_numbers_and_off)
{
	const char *nums = "{\"enable\": \"on\", \"mode\": \"lossy\", \"congestion-control\": "
			   "{\"enabled-tc\": [3], \"min-threshold\": 150000, "
			   "\"max-threshold\": \"1500000\"}, \"trust\": {\"trust-mode\": \"dscp\"}}";
	json_t *dev = device_with_swp1(), *p;

	ck_assert_int_eq(run(fa_parse_cumulus_roce, NULL, nums, dev, NULL), 0);
	p = port(dev, "swp1");
	ck_assert_str_eq(fa_get_str(p, "qos.roce_mode"), "lossy");
	ck_assert_msg(geti(p, "qos.ecn.min_threshold") == 150000, "Plain byte counts are read.");
	ck_assert_msg(geti(p, "qos.ecn.max_threshold") == 1500000, "Numeric strings are read.");
	ck_assert_str_eq(fa_get_str(p, "qos.trust"), "dscp");
	ck_assert_msg(fa_obj_get_path(p, "qos.pfc_enabled") == NULL,
		      "No pfc section, no PFC priorities recorded.");
	json_decref(dev);

	dev = device_with_swp1();
	ck_assert_int_eq(run(fa_parse_cumulus_roce, NULL, "{\"enable\": \"off\", \"mode\": "
			     "\"lossless\", \"pfc\": {\"pfc-priority\": \"3\"}}", dev, NULL), 0);
	p = port(dev, "swp1");
	ck_assert_msg(strcmp(fa_get_str(p, "qos.roce_mode"), "off") == 0,
		      "RoCE disabled is recorded as mode off.");
	ck_assert_msg(fa_obj_get_path(p, "qos.pfc_enabled") == NULL,
		      "With RoCE off the RoCE PFC priority does not describe the port.");
	json_decref(dev);
}
END_TEST

START_TEST(parse_cumulus_pfc_directions)
{
	/* the leaf01 fixture's "nv show qos roce" prints both directions enabled */
	const char *rx_off = "{\"enable\": \"on\", \"mode\": \"lossless\", \"pfc\": "
			     "{\"pfc-priority\": \"3\", \"rx-enabled\": \"disabled\", "
			     "\"tx-enabled\": \"enabled\"}}";
	const char *cfg = "[{\"set\": {\"interface\": {"
			  "\"swp1\": {\"type\": \"swp\", "
			  "\"qos\": {\"pfc\": {\"profile\": \"txonly\"}}},"
			  "\"swp2\": {\"type\": \"swp\", "
			  "\"qos\": {\"pfc\": {\"profile\": \"both\"}}}},"
			  "\"qos\": {\"pfc\": {"
			  "\"txonly\": {\"switch-priority\": {\"3\": {}}, \"rx\": \"disable\", "
			  "\"tx\": \"enable\"},"
			  "\"both\": {\"switch-priority\": {\"3\": {}}}}}}}]";
	json_t *dev = leaf01(), *p;

	p = port(dev, "swp1");
	ck_assert_str_eq(list(p, "qos.pfc_rx"), "3");
	ck_assert_str_eq(list(p, "qos.pfc_tx"), "3");
	p = port(dev, "swp5");
	ck_assert_msg(strcmp(list(p, "qos.pfc_rx"), "4") == 0 &&
			      strcmp(list(p, "qos.pfc_tx"), "4") == 0,
		      "my-pfc states no direction: a PFC profile enables both (rx %s, tx %s).",
		      list(p, "qos.pfc_rx"), list(p, "qos.pfc_tx"));
	json_decref(dev);

	dev = device_with_swp1();
	ck_assert_int_eq(run(fa_parse_cumulus_roce, NULL, rx_off, dev, NULL), 0);
	p = port(dev, "swp1");
	ck_assert_msg(strcmp(list(p, "qos.pfc_enabled"), "3") == 0,
		      "PFC sent on 3 is PFC enabled on 3, as before the directions.");
	ck_assert_msg(strcmp(list(p, "qos.pfc_rx"), "") == 0,
		      "rx-enabled disabled: no priority is obeyed (%s).", list(p, "qos.pfc_rx"));
	ck_assert_str_eq(list(p, "qos.pfc_tx"), "3");
	json_decref(dev);

	dev = device_with_swp1();
	ck_assert_int_eq(run(fa_parse_cumulus_roce, NULL, "{\"enable\": \"on\", \"mode\": "
			     "\"lossless\", \"pfc\": {\"pfc-priority\": \"3\"}}", dev, NULL), 0);
	p = port(dev, "swp1");
	ck_assert_msg(fa_obj_get_path(p, "qos.pfc_rx") == NULL &&
			      fa_obj_get_path(p, "qos.pfc_tx") == NULL,
		      "Directions not printed are not recorded.");
	json_decref(dev);

	dev = fa_device_new("t", "switch");
	ck_assert_int_eq(run(fa_parse_cumulus_config, NULL, cfg, dev, NULL), 0);
	p = port(dev, "swp1");
	ck_assert_str_eq(list(p, "qos.pfc_enabled"), "3");
	ck_assert_msg(strcmp(list(p, "qos.pfc_rx"), "") == 0,
		      "Profile rx disable: nothing obeyed (%s).", list(p, "qos.pfc_rx"));
	ck_assert_str_eq(list(p, "qos.pfc_tx"), "3");
	p = port(dev, "swp2");
	ck_assert_str_eq(list(p, "qos.pfc_rx"), "3");
	ck_assert_str_eq(list(p, "qos.pfc_tx"), "3");
	json_decref(dev);
}
END_TEST

START_TEST(parse_cumulus_roce_without_ports_warns)
{
	json_t *dev = fa_device_new("t", "switch");

	run_file(fa_parse_cumulus_roce, parsers[3].command, "leaf01/nv-show-qos-roce-o-json.txt",
		 dev);
	ck_assert_msg(nwarnings(dev) == 1, "RoCE state without known swp ports is a warning.");
	ck_assert_msg(json_array_size(json_object_get(dev, "ports")) == 0,
		      "No port is invented for the RoCE state.");
	json_decref(dev);
}
END_TEST

START_TEST(parse_cumulus_config_startup_edge01_yaml)
{
	struct fa_err err = FA_ERR_INIT;
	json_t *root = NULL, *dev = fa_device_new("edge01", "switch");
	char *text;

	ck_assert_msg(fa_yaml_load(fa_test_fixture("raymondbernard__dgxbasepodh100/roles/edge/"
						   "files/startup-edge01.yaml"),
				   &root, NULL, &err) == 0,
		      "startup-edge01.yaml loads (%s).", err.msg);
	text = json_dumps(root, JSON_COMPACT);
	ck_assert_int_eq(run(fa_parse_cumulus_config, parsers[4].command, text, dev, &err), 0);
	ck_assert_str_eq(fa_get_str(dev, "hostname"), "edge01");
	ck_assert_msg(json_array_size(json_object_get(dev, "ports")) == 3,
		      "edge01 configures lo, swp1 and swp2.");
	ck_assert_str_eq(fa_get_str(port(dev, "lo"), "type"), "loopback");
	ck_assert_str_eq(fa_get_str(port(dev, "swp1"), "type"), "ethernet");
	ck_assert_str_eq(fa_get_str(port(dev, "swp2"), "type"), "ethernet");
	ck_assert_msg(json_object_size(fa_obj_get_path(port(dev, "swp1"), "qos")) == 1 &&
			      json_is_false(fa_obj_get_path(port(dev, "swp1"), "qos.dcbx.pfc_tlv")),
		      "edge01 configures no QoS, so only NVUE's default for the DCBX PFC TLV "
		      "(off) is recorded.");
	ck_assert_msg(fa_obj_get_path(port(dev, "swp1"), "mtu") == NULL,
		      "edge01 sets no MTU, so none is recorded.");
	ck_assert_msg(nwarnings(dev) == 0, "The real startup.yaml raises no warning.");
	free(text);
	json_decref(root);
	json_decref(dev);
}
END_TEST

START_TEST(parse_cumulus_config_ranges_bonds_and_defaults)
{
	const char *cfg =
		"[{\"set\": {\"interface\": {"
		"\"swp1-2,4\": {\"type\": \"swp\", \"qos\": {\"mapping\": {\"profile\": \"m1\"}}},"
		"\"bond9\": {\"type\": \"bond\", \"bond\": {\"member\": {\"swp7\": {}, "
		"\"swp8\": {}}}, \"qos\": {\"pfc\": {\"profile\": \"p2\"}, "
		"\"pfc-watchdog\": {\"state\": \"disable\"}}},"
		"\"swp9\": {\"type\": \"swp\", \"qos\": {\"pfc\": {\"profile\": \"nope\"}}}},"
		"\"qos\": {\"pfc\": {\"default-global\": {\"switch-priority\": \"2\"},"
		"\"p2\": {\"switch-priority\": {\"3\": {}, \"5\": {}}, \"cable-length\": 5}},"
		"\"mapping\": {\"m1\": {\"trust\": \"l3\"}},"
		"\"egress-scheduler\": {\"default-global\": {\"traffic-class\": {"
		"\"0-5,7\": {\"mode\": \"dwrr\", \"bw-percent\": 14}, \"6\": {\"mode\": "
		"\"strict\"}}}}}}}]";
	json_t *dev = fa_device_new("t", "switch"), *p;

	ck_assert_int_eq(run(fa_parse_cumulus_config, NULL, cfg, dev, NULL), 0);
	ck_assert_msg(fa_device_find_port(dev, "swp4") != NULL && fa_device_find_port(dev, "swp2"),
		      "The key swp1-2,4 names swp1, swp2 and swp4.");
	ck_assert_msg(fa_device_find_port(dev, "swp3") == NULL, "swp3 is not in swp1-2,4.");
	p = port(dev, "swp2");
	ck_assert_str_eq(fa_get_str(p, "qos.trust"), "dscp");
	ck_assert_str_eq(list(p, "qos.pfc_enabled"), "2");
	ck_assert_msg(json_array_size(fa_obj_get_path(p, "qos.ets.tsa")) == 8 &&
			      strcmp(json_string_value(json_array_get(
					     fa_obj_get_path(p, "qos.ets.tsa"), 6)), "strict") == 0,
		      "TC 6 of the default-global scheduler is strict.");
	ck_assert_msg(json_integer_value(json_array_get(fa_obj_get_path(p, "qos.ets.bandwidth"),
							 0)) == 14, "TC 0 gets 14 percent.");
	p = port(dev, "swp8");
	ck_assert_msg(strcmp(list(p, "qos.pfc_enabled"), "3,5") == 0,
		      "A bond's PFC profile applies to its member swp8.");
	ck_assert_msg(geti(p, "qos.cable_length") == 5, "p2 sets a 5 m cable.");
	ck_assert_msg(json_is_false(fa_obj_get_path(p, "qos.pfc_watchdog")),
		      "pfc-watchdog state disable is recorded as false.");
	ck_assert_msg(fa_obj_get_path(port(dev, "bond9"), "qos.pfc_enabled") == NULL,
		      "The bond itself gets no PFC priorities.");
	ck_assert_msg(fa_obj_get_path(port(dev, "swp9"), "qos.pfc_enabled") == NULL,
		      "An undefined profile changes nothing on swp9.");
	ck_assert_msg(nwarnings(dev) == 1, "The undefined profile is the one warning.");
	json_decref(dev);
}
END_TEST

/*
 * The DCBX PFC TLV switch of "nv set interface <id> lldp dcbx-pfc-tlv on|off" (NVUE reference,
 * LLDP commands, 5.0 on; "enabled|disabled" in later releases; off by default).
 */
START_TEST(parse_cumulus_config_dcbx_pfc_tlv)
{
	const char *cfg =
		"[{\"set\": {\"interface\": {"
		"\"swp1\": {\"type\": \"swp\", \"lldp\": {\"dcbx-pfc-tlv\": \"on\"}},"
		"\"swp2\": {\"type\": \"swp\", \"lldp\": {\"dcbx-pfc-tlv\": \"enabled\"}},"
		"\"swp3\": {\"type\": \"swp\", \"lldp\": {\"dcbx-pfc-tlv\": \"off\"}},"
		"\"swp4\": {\"type\": \"swp\"},"
		"\"swp5\": {\"type\": \"swp\", \"lldp\": {\"dcbx-pfc-tlv\": 1}},"
		"\"eth0\": {\"type\": \"eth\"}}}}]";
	json_t *dev = fa_device_new("t", "switch");

	ck_assert_int_eq(run(fa_parse_cumulus_config, NULL, cfg, dev, NULL), 0);
	ck_assert_msg(json_is_true(fa_obj_get_path(port(dev, "swp1"), "qos.dcbx.pfc_tlv")) &&
			      json_is_true(fa_obj_get_path(port(dev, "swp2"), "qos.dcbx.pfc_tlv")),
		      "on and enabled send the PFC TLV.");
	ck_assert_msg(json_is_false(fa_obj_get_path(port(dev, "swp3"), "qos.dcbx.pfc_tlv")) &&
			      json_is_false(fa_obj_get_path(port(dev, "swp4"), "qos.dcbx.pfc_tlv")),
		      "off, and the default of a swp that does not set it, do not.");
	ck_assert_msg(!fa_obj_get_path(port(dev, "swp5"), "qos.dcbx") &&
			      !fa_obj_get_path(port(dev, "eth0"), "qos.dcbx"),
		      "A value not understood, and a management port, record nothing.");
	ck_assert_msg(nwarnings(dev) == 1, "The value 1 is the one warning.");
	json_decref(dev);
}
END_TEST

/*
 * "link"."stats" (NVUE API 5.12: carrier-transitions, in-/out-bytes, -drops, -errors, -pkts as
 * JSON integers).  leaf01 carries them on eth0 (the values of the documentation's example),
 * swp1, swp2 (errors on receive) and swp29 (down, flapped); other ports print none.
 */
START_TEST(parse_cumulus_leaf01_link_stats)
{
	json_t *dev = leaf01(), *p;

	p = port(dev, "eth0");
	ck_assert_int_eq(geti(p, "counters.rx_bytes"), 184151);
	ck_assert_int_eq(geti(p, "counters.tx_bytes"), 117506);
	ck_assert_int_eq(geti(p, "counters.carrier_changes"), 2);
	ck_assert_int_eq(geti(p, "counters.rx_discards"), 0);
	p = port(dev, "swp1");
	ck_assert_msg(geti(p, "counters.rx_bytes") == 918273645012LL,
		      "swp1 received 918273645012 bytes.");
	ck_assert_msg(geti(p, "counters.tx_bytes") == 905118274530LL,
		      "swp1 sent 905118274530 bytes.");
	ck_assert_int_eq(geti(p, "counters.rx_discards"), 5);
	ck_assert_int_eq(geti(p, "counters.tx_discards"), 0);
	ck_assert_int_eq(geti(p, "counters.rx_errors"), 0);
	ck_assert_int_eq(geti(p, "counters.tx_errors"), 0);
	ck_assert_int_eq(geti(p, "counters.carrier_changes"), 4);
	ck_assert_msg(!fa_obj_get_path(p, "counters.crc_errors"),
		      "link stats carry no CRC count, so none is written.");
	p = port(dev, "swp2");
	ck_assert_int_eq(geti(p, "counters.rx_errors"), 17);
	ck_assert_int_eq(geti(p, "counters.tx_errors"), 0);
	p = port(dev, "swp29");
	ck_assert_int_eq(geti(p, "counters.carrier_changes"), 7);
	ck_assert_int_eq(geti(p, "counters.rx_bytes"), 0);
	ck_assert_msg(!fa_obj_get_path(port(dev, "swp3"), "counters"),
		      "A port without stats has no counters.");
	json_decref(dev);
}
END_TEST

/* Counters as decimal strings are read; a value that is no count warns and is left out. */
START_TEST(parse_cumulus_link_stats_variants)
{
	json_t *dev = fa_device_new("t", "switch"), *p;

	ck_assert_int_eq(run(fa_parse_cumulus_interface, NULL,
			     "{\"swp1\": {\"type\": \"swp\", \"link\": {\"stats\": "
			     "{\"in-bytes\": \"300\", \"out-bytes\": \"9.73 MB\", "
			     "\"in-errors\": -1, \"out-drops\": 3}}}, "
			     "\"swp2\": {\"type\": \"swp\", \"link\": {\"stats\": [1]}}}",
			     dev, NULL), 0);
	p = port(dev, "swp1");
	ck_assert_int_eq(geti(p, "counters.rx_bytes"), 300);
	ck_assert_int_eq(geti(p, "counters.tx_discards"), 3);
	ck_assert_msg(!fa_obj_get_path(p, "counters.tx_bytes") &&
			      !fa_obj_get_path(p, "counters.rx_errors"),
		      "A rounded size and a negative number are no counts.");
	ck_assert_msg(!fa_obj_get_path(port(dev, "swp2"), "counters"),
		      "Stats that are no object give nothing.");
	ck_assert_msg(nwarnings(dev) == 3, "Two values and the list warn, not %zu.",
		      nwarnings(dev));
	json_decref(dev);
}
END_TEST

START_TEST(parse_cumulus_missing_sections_absent)
{
	json_t *dev = fa_device_new("t", "switch"), *p;

	ck_assert_int_eq(run(fa_parse_cumulus_interface, NULL,
			     "{\"swp1\": {\"type\": \"swp\"}, \"swp2\": {\"type\": \"swp\", "
			     "\"link\": {\"speed\": \"auto\"}}}", dev, NULL), 0);
	ck_assert_int_eq(run(fa_parse_cumulus_roce, NULL, "{\"enable\": \"on\", \"mode\": "
			     "\"lossless\"}", dev, NULL), 0);
	/* nothing the model holds: a parse error (drivers/parse.h), and nothing invented */
	ck_assert_int_eq(run(fa_parse_cumulus_system, NULL, "{\"timezone\": \"Etc/UTC\"}", dev,
			     NULL), -FA_EPARSE);
	p = port(dev, "swp1");
	ck_assert_str_eq(fa_get_str(p, "type"), "ethernet");
	ck_assert_msg(!fa_obj_get_path(p, "mtu") && !fa_obj_get_path(p, "speed") &&
			      !fa_obj_get_path(p, "admin_state") && !fa_obj_get_path(p, "oper_state"),
		      "No link section, no link fields.");
	ck_assert_str_eq(fa_get_str(p, "qos.roce_mode"), "lossless");
	ck_assert_msg(!fa_obj_get_path(p, "qos.pfc_enabled") && !fa_obj_get_path(p, "qos.ecn") &&
			      !fa_obj_get_path(p, "qos.trust") &&
			      !fa_obj_get_path(p, "qos.dscp_to_priority"),
		      "A RoCE answer with only its mode gives only the mode, nothing defaulted.");
	ck_assert_msg(!fa_obj_get_path(port(dev, "swp2"), "speed"), "Speed auto is no speed.");
	ck_assert_msg(!fa_obj_get_path(dev, "hostname") && !fa_obj_get_path(dev, "os"),
		      "A system answer without them gives no hostname and no os.");
	ck_assert_msg(nwarnings(dev) == 1, "Only the empty system answer is a warning.");
	json_decref(dev);
}
END_TEST

/* Output that is not JSON at all fails every parser with -FA_EPARSE and a message. */
START_TEST(parse_cumulus_invalid_json_is_eparse)
{
	static const char *const bad[] = {
		"Error: The requested item does not exist.\n",
		"{\"swp1\": {\"type\": \"swp\", \"link\": {\"mtu\": 92",
		"{} trailing",
	};
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct fa_err err = FA_ERR_INIT;
		json_t *dev = fa_device_new("t", "switch");

		ck_assert_msg(run(parsers[_i].parse, parsers[_i].command, bad[i], dev, &err) ==
				      -FA_EPARSE,
			      "%s fails with -FA_EPARSE on input %zu.", parsers[_i].command, i);
		ck_assert_msg(strstr(err.msg, parsers[_i].command) != NULL,
			      "The message names the command: %s", err.msg);
		json_decref(dev);
	}
}
END_TEST

START_TEST(parse_cumulus_empty_input_is_eparse)
{
	struct fa_err err = FA_ERR_INIT;
	json_t *dev = fa_device_new("t", "switch");

	ck_assert_msg(run(parsers[_i].parse, parsers[_i].command, "", dev, &err) == -FA_EPARSE,
		      "%s fails on empty output.", parsers[_i].command);
	ck_assert_msg(strstr(err.msg, "empty") != NULL, "The message says empty: %s", err.msg);
	ck_assert_msg(run(parsers[_i].parse, parsers[_i].command, " \n\t\n", dev, &err) ==
			      -FA_EPARSE,
		      "%s fails on blank output.", parsers[_i].command);
	json_decref(dev);
}
END_TEST

/*
 * Valid JSON of the wrong shape: a warning, the model left sane, and a parse error when
 * nothing at all was recognised (a bare list, string, number or null always).
 */
START_TEST(parse_cumulus_wrong_shape_warns)
{
	static const char *const shapes[] = {
		"[1, 2]", "\"text\"", "42", "null",
		"{\"swp1\": 5, \"swp2\": {\"link\": [], \"lldp\": \"x\", \"type\": 7}}",
		"{\"swp1\": {\"lldp\": {\"neighbor\": [\"a\"]}}, \"version\": [], "
		"\"pfc\": \"x\", \"congestion-control\": 3, \"prio-map\": [], \"tc-map\": "
		"{\"0\": 1}, \"trust\": {\"trust-mode\": \"weird\"}, \"mode\": \"lossless\", "
		"\"interface\": [], \"qos\": 1, \"set\": 5}",
	};
	size_t i;

	for (i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++) {
		json_t *dev = device_with_swp1();

		int r = run(parsers[_i].parse, parsers[_i].command, shapes[i], dev, NULL);

		ck_assert_msg(i < 4 ? r == -FA_EPARSE : r == 0 || r == -FA_EPARSE,
			      "%s: valid JSON of shape %zu is %s (%d).", parsers[_i].command, i,
			      i < 4 ? "a parse error" : "read or a parse error", r);
		ck_assert_msg(nwarnings(dev) > 0, "%s warns about shape %zu.", parsers[_i].command,
			      i);
		ck_assert_msg(json_is_array(json_object_get(dev, "ports")),
			      "The ports stay an array.");
		json_decref(dev);
	}
}
END_TEST

START_TEST(parse_cumulus_lldp_multiple_neighbours)
{
	const char *two = "{\"swp3\": {\"lldp\": {\"neighbor\": {\"zeta\": {}, \"alpha\": "
			  "{\"port\": {\"id\": \"00:11:22:33:44:55\"}}}}}}";
	json_t *dev = fa_device_new("t", "switch"), *p;

	ck_assert_int_eq(run(fa_parse_cumulus_lldp, NULL, two, dev, NULL), 0);
	p = port(dev, "swp3");
	ck_assert_msg(strcmp(fa_get_str(p, "lldp.system_name"), "alpha") == 0,
		      "Of two neighbours the first by name is recorded.");
	ck_assert_str_eq(fa_get_str(p, "lldp.port_id"), "00:11:22:33:44:55");
	ck_assert_msg(!fa_obj_get_path(p, "lldp.chassis_id"), "No chassis id printed, none kept.");
	ck_assert_msg(nwarnings(dev) == 1, "Two neighbours on one port is a warning.");
	json_decref(dev);
}
END_TEST

/* The real startup-edge01.yaml as "nv config show" prints it: YAML read directly. */
START_TEST(parse_cumulus_config_yaml_startup_edge01)
{
	struct fa_buf b = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	json_t *dev = fa_device_new("edge01", "switch");

	fa_test_read(fa_test_fixture("raymondbernard__dgxbasepodh100/roles/edge/files/"
				     "startup-edge01.yaml"),
		     &b);
	ck_assert_msg(run_text(fa_parse_cumulus_config_yaml, "nv config show", b.buf, b.len, dev,
			       &err) == 0,
		      "The real YAML parses (%s).", err.msg);
	ck_assert_str_eq(fa_get_str(dev, "hostname"), "edge01");
	ck_assert_msg(json_array_size(json_object_get(dev, "ports")) == 3,
		      "edge01 configures lo, swp1 and swp2.");
	ck_assert_str_eq(fa_get_str(port(dev, "lo"), "type"), "loopback");
	ck_assert_str_eq(fa_get_str(port(dev, "swp2"), "type"), "ethernet");
	ck_assert_msg(json_is_false(fa_obj_get_path(port(dev, "swp1"), "qos.dcbx.pfc_tlv")),
		      "NVUE's default for the DCBX PFC TLV (off) is recorded, as from JSON.");
	ck_assert_msg(nwarnings(dev) == 0, "The real YAML raises no warning.");
	fa_buf_release(&b);
	json_decref(dev);
}
END_TEST

/* leaf01's JSON configuration (JSON is YAML) read by the YAML reader gives the same model. */
START_TEST(parse_cumulus_config_yaml_same_as_json)
{
	struct fa_buf b = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	json_t *a = leaf01(), *y = fa_device_new("leaf01", "switch");
	const struct fa_platform *p = fa_platform_find("cumulus");
	size_t i;

	for (i = 0; i < 4; i++) {
		char *slug = fa_capture_slug(p->commands[i].command);
		char rel[256];

		snprintf(rel, sizeof(rel), "leaf01/%s.txt", slug);
		run_file(p->commands[i].parse, p->commands[i].command, rel, y);
		free(slug);
	}
	fa_test_read(fa_test_srcfile("tests/fixtures/cumulus/leaf01/nv-config-show-o-json.txt"),
		     &b);
	ck_assert_msg(run_text(fa_parse_cumulus_config_yaml, "nv config show", b.buf, b.len, y,
			       &err) == 0,
		      "The configuration parses as YAML (%s).", err.msg);
	ck_assert_msg(json_equal(a, y), "The YAML reader gives the model the JSON reader gives.");
	fa_buf_release(&b);
	json_decref(a);
	json_decref(y);
}
END_TEST

/* The header and set blocks in YAML, with typed plain scalars (numbers, "on"). */
START_TEST(parse_cumulus_config_yaml_header_and_profile)
{
	static const char yaml[] =
		"- header:\n"
		"    model: SN5600\n"
		"    nvue-api-version: nvue_v1\n"
		"    rev-id: 1.0\n"
		"    version: Cumulus Linux 5.12.0\n"
		"- set:\n"
		"    interface:\n"
		"      swp5:\n"
		"        link:\n"
		"          mtu: 9216\n"
		"        qos:\n"
		"          pfc:\n"
		"            profile: my-pfc\n"
		"        type: swp\n"
		"    qos:\n"
		"      pfc:\n"
		"        my-pfc:\n"
		"          switch-priority:\n"
		"            '4': {}\n"
		"      roce:\n"
		"        enable: on\n"
		"        mode: lossless\n"
		"    system:\n"
		"      hostname: leaf07\n";
	struct fa_err err = FA_ERR_INIT;
	json_t *dev = fa_device_new("leaf07", "switch"), *p;

	ck_assert_int_eq(run(fa_parse_cumulus_config_yaml, "nv config show", yaml, dev, &err), 0);
	ck_assert_str_eq(fa_get_str(dev, "hostname"), "leaf07");
	ck_assert_str_eq(fa_get_str(dev, "model"), "SN5600");
	ck_assert_str_eq(fa_get_str(dev, "os.version"), "5.12.0");
	p = port(dev, "swp5");
	ck_assert_int_eq(geti(p, "mtu"), 9216);
	ck_assert_str_eq(list(p, "qos.pfc_enabled"), "4");
	ck_assert_str_eq(fa_get_str(p, "qos.roce_mode"), "lossless");
	json_decref(dev);
}
END_TEST

START_TEST(parse_cumulus_config_yaml_errors)
{
	static const char *const bad[] = {
		"",
		"Error: The requested item does not exist.\n",
		"- set:\n    interface: [swp1\n",
	};
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct fa_err err = FA_ERR_INIT;
		json_t *dev = fa_device_new("t", "switch");

		ck_assert_msg(run(fa_parse_cumulus_config_yaml, "nv config show", bad[i], dev,
				  &err) == -FA_EPARSE,
			      "Input %zu is a parse error.", i);
		ck_assert_msg(strstr(err.msg, "nv config show") != NULL,
			      "The message names the command: %s", err.msg);
		json_decref(dev);
	}
}
END_TEST

/*
 * The real "nv show interface | grep 10$" rows (raymondbernard's leaf01) under a header and
 * rule of the documented 5.x layout placed at the rows' own column starts: grep dropped them.
 */
START_TEST(parse_cumulus_interface_text_real_rows)
{
	static const char head[] =
		"Interface       State  Speed  MTU    Type      Remote Host      Remote Port        "
		"Summary\n"
		"--------------  -----  -----  -----  --------  ---------------  -----------------  "
		"---------------------------\n";
	struct fa_buf b = FA_BUF_INIT, text = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	json_t *dev = fa_device_new("leaf01", "switch"), *p;
	const char *rows;

	fa_test_read(fa_test_fixture("raymondbernard__dgxbasepodh100/extracted/"
				     "README__nv_show_interface_grep.txt"),
		     &b);
	rows = strchr(b.buf, '\n') + 1; /* after the prompt line */
	fa_buf_adds(&text, head);
	fa_buf_adds(&text, rows);
	ck_assert_msg(run_text(fa_parse_cumulus_interface_text, "nv show interface", text.buf,
			       text.len, dev, &err) == 0,
		      "The real rows parse (%s).", err.msg);
	ck_assert_msg(json_array_size(json_object_get(dev, "ports")) == 25,
		      "The 25 real rows are 25 ports.");
	p = port(dev, "swp1s0");
	ck_assert_str_eq(fa_get_str(p, "type"), "ethernet");
	ck_assert_int_eq(geti(p, "mtu"), 9216);
	ck_assert_int_eq(geti(p, "speed"), 1000000000);
	ck_assert_str_eq(fa_get_str(p, "lldp.system_name"), "dgx01");
	ck_assert_str_eq(fa_get_str(p, "lldp.port_id"), "48:b0:2d:b3:64:4e");
	ck_assert_msg(!fa_get_str(p, "admin_state") && !fa_get_str(p, "oper_state"),
		      "The one State column of this layout is not read.");
	p = port(dev, "swp45");
	ck_assert_str_eq(fa_get_str(p, "lldp.system_name"), "edge01");
	ck_assert_str_eq(fa_get_str(p, "lldp.port_id"), "swp1");
	p = port(dev, "lo");
	ck_assert_str_eq(fa_get_str(p, "type"), "loopback");
	ck_assert_int_eq(geti(p, "mtu"), 65536);
	ck_assert_msg(!fa_obj_get_path(p, "speed") && !fa_obj_get_path(p, "lldp"),
		      "Empty cells write nothing.");
	ck_assert_str_eq(fa_get_str(port(dev, "vlan122-v0"), "type"), "vlan");
	ck_assert_msg(nwarnings(dev) == 0, "The real rows raise no warning.");
	fa_buf_release(&b);
	fa_buf_release(&text);
	json_decref(dev);
}
END_TEST

/* The 5.0/5.1 layout ("+ " rows, MTU before Speed) and the Admin/Oper Status layout. */
START_TEST(parse_cumulus_interface_text_layouts)
{
	static const char v50[] =
		"Interface  MTU    Speed  State  Remote Host      Remote Port        Type      Summary\n"
		"---------  -----  -----  -----  ---------------  -----------------  --------  "
		"-----------------------------\n"
		"+ eth0     1500   1G     up     oob-mgmt-switch  swp10              eth       "
		"IP Address: 192.168.200.11/24\n"
		"+ lo       65536         up                                         loopback  "
		"IP Address:       127.0.0.1/8\n"
		"  lo                                                                          "
		"IP Address:           ::1/128\n"
		"+ swp1     9216   1G     up     esxi01           44:38:39:00:00:32  swp\n";
	static const char status[] =
		"Interface  Admin Status  Oper Status  Speed  MTU    Type      Remote Host      "
		"Remote Port  Summary\n"
		"---------  ------------  -----------  -----  -----  --------  ---------------  "
		"-----------  ----------------------------------------\n"
		"eth0       up            up           1G     1500   eth       oob-mgmt-switch  swp10"
		"        IP Address:            192.168.200.11/24\n"
		"                                                                                   "
		"         IP Address:  fe80::4638:39ff:fe22:17a/64\n"
		"lo         up            unknown             65536  loopback                       "
		"         IP Address:                  127.0.0.1/8\n"
		"swp2       down          down                9216   swp\n";
	struct fa_err err = FA_ERR_INIT;
	json_t *dev = fa_device_new("t", "switch");

	ck_assert_int_eq(run(fa_parse_cumulus_interface_text, "nv show interface", v50, dev, &err),
			 0);
	ck_assert_msg(json_array_size(json_object_get(dev, "ports")) == 3,
		      "A continuation row adds no port.");
	ck_assert_str_eq(fa_get_str(port(dev, "eth0"), "type"), "management");
	ck_assert_int_eq(geti(port(dev, "eth0"), "mtu"), 1500);
	ck_assert_str_eq(fa_get_str(port(dev, "eth0"), "lldp.system_name"), "oob-mgmt-switch");
	ck_assert_int_eq(geti(port(dev, "swp1"), "speed"), 1000000000);
	ck_assert_str_eq(fa_get_str(port(dev, "swp1"), "lldp.port_id"), "44:38:39:00:00:32");
	json_decref(dev);

	dev = fa_device_new("t", "switch");
	ck_assert_int_eq(
		run(fa_parse_cumulus_interface_text, "nv show interface", status, dev, &err), 0);
	ck_assert_str_eq(fa_get_str(port(dev, "eth0"), "admin_state"), "up");
	ck_assert_str_eq(fa_get_str(port(dev, "eth0"), "oper_state"), "up");
	ck_assert_str_eq(fa_get_str(port(dev, "lo"), "oper_state"), "unknown");
	ck_assert_str_eq(fa_get_str(port(dev, "swp2"), "admin_state"), "down");
	ck_assert_str_eq(fa_get_str(port(dev, "swp2"), "oper_state"), "down");
	ck_assert_int_eq(geti(port(dev, "swp2"), "mtu"), 9216);
	ck_assert_msg(nwarnings(dev) == 0, "The documented layouts raise no warning.");
	json_decref(dev);
}
END_TEST

START_TEST(parse_cumulus_interface_text_errors)
{
	static const char *const bad[] = {
		"",
		"Error: The requested item does not exist.\n",
		"swp1s0          up     1G     9216   swp       dgx01            48:b0:2d:b3:64:4e\n",
		"{\"swp1\": {\"type\": \"swp\"}}\n",
	};
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct fa_err err = FA_ERR_INIT;
		json_t *dev = fa_device_new("t", "switch");

		ck_assert_msg(run(fa_parse_cumulus_interface_text, "nv show interface", bad[i], dev,
				  &err) == -FA_EPARSE,
			      "Input %zu (no table) is a parse error.", i);
		ck_assert_msg(strstr(err.msg, "nv show interface") != NULL,
			      "The message names the command: %s", err.msg);
		json_decref(dev);
	}
}
END_TEST

/* The ports of a device with swp1, swp2 and a loopback, after @fn read fixture @rel. */
static json_t *roce_device(fa_parse_fn *fn, const char *command, const char *rel)
{
	json_t *dev = device_with_swp1();

	fa_set_str(fa_device_port(dev, "swp2"), "type", "ethernet");
	run_file(fn, command, rel, dev);
	return dev;
}

/*
 * The real, partial "nv show qos roce" of raymondbernard's leaf01: the rows before the
 * elision, read by hand: mode lossless, ECN on TCs 0 and 3, max 1.43 MB, min 146.48 KB,
 * probability 100; "enable" is printed under "applied" only.
 */
START_TEST(parse_cumulus_roce_text_real_partial)
{
	json_t *dev = roce_device(fa_parse_cumulus_roce_text, "nv show qos roce",
				  "dgxbasepodh100-leaf01/nv-show-qos-roce.txt"),
	       *p = port(dev, "swp1");
	const char *w;

	ck_assert_str_eq(fa_get_str(p, "qos.roce_mode"), "lossless");
	ck_assert_str_eq(list(p, "qos.ecn.enabled_tcs"), "0,3");
	ck_assert_msg(geti(p, "qos.ecn.max_threshold") == 1499464,
		      "1.43 MB is 1.43 x 1024 x 1024 bytes, as in the JSON form.");
	ck_assert_msg(geti(p, "qos.ecn.min_threshold") == 149996,
		      "146.48 KB is 146.48 x 1024 bytes, as in the JSON form.");
	ck_assert_int_eq(geti(p, "qos.ecn.probability"), 100);
	ck_assert_msg(json_equal(fa_obj_get_path(p, "qos"),
				 fa_obj_get_path(port(dev, "swp2"), "qos")),
		      "Every swp port gets the same switch-wide state.");
	ck_assert_msg(!fa_obj_get_path(p, "qos.trust") && !fa_obj_get_path(p, "qos.pfc_enabled") &&
			      !fa_obj_get_path(p, "qos.cable_length") &&
			      !fa_obj_get_path(p, "qos.dscp_to_priority") &&
			      !fa_obj_get_path(p, "qos.priority_to_tc"),
		      "What the elided lines held is not invented.");
	ck_assert_msg(fa_obj_get_path(port(dev, "lo"), "qos") == NULL,
		      "Only swp ports get the RoCE state.");
	ck_assert_msg(nwarnings(dev) == 1, "The elision is one warning (%zu).", nwarnings(dev));
	w = json_string_value(json_array_get(json_object_get(dev, "warnings"), 0));
	ck_assert_msg(w && strstr(w, "nv show qos roce") && strstr(w, "elided"),
		      "The warning names the command and the elision: %s", w ? w : "(none)");
	json_decref(dev);
}
END_TEST

/*
 * The documented 5.4 table (description column, cable-length at the top) read by hand, and
 * the same model fields as the 5.4 JSON form written from the same documentation page.
 */
START_TEST(parse_cumulus_roce_text_54_same_as_json)
{
	json_t *text = roce_device(fa_parse_cumulus_roce_text, "nv show qos roce",
				   "cl54/nv-show-qos-roce.txt"),
	       *json = roce_device(fa_parse_cumulus_roce, parsers[3].command,
				   "cl54/nv-show-qos-roce-o-json.txt"),
	       *p = port(text, "swp1");
	json_t *a;

	ck_assert_str_eq(fa_get_str(p, "qos.roce_mode"), "lossless");
	ck_assert_str_eq(fa_get_str(p, "qos.trust"), "both");
	ck_assert_int_eq(geti(p, "qos.cable_length"), 100);
	ck_assert_str_eq(list(p, "qos.pfc_enabled"), "3");
	ck_assert_str_eq(list(p, "qos.pfc_rx"), "3");
	ck_assert_str_eq(list(p, "qos.pfc_tx"), "3");
	ck_assert_str_eq(list(p, "qos.ecn.enabled_tcs"), "0,3");
	ck_assert_int_eq(geti(p, "qos.ecn.min_threshold"), 149996);
	ck_assert_int_eq(geti(p, "qos.ecn.max_threshold"), 1499464);
	ck_assert_msg(!fa_obj_get_path(p, "qos.ecn.probability"), "5.4 prints no probability.");
	a = fa_obj_get_path(p, "qos.dscp_to_priority");
	ck_assert_msg(json_array_size(a) == 64 &&
			      json_integer_value(json_array_get(a, 26)) == 3 &&
			      json_integer_value(json_array_get(a, 48)) == 6 &&
			      json_integer_value(json_array_get(a, 63)) == 7,
		      "The PCP/DSCP->SP rows give DSCP 26 -> 3, 48 -> 6, 63 -> 7.");
	ck_assert_str_eq(list(p, "qos.priority_to_tc"), "0,0,0,3,0,0,6,0");
	ck_assert_msg(!fa_obj_get_path(p, "qos.ets"),
		      "Weights are printed for TCs 0, 3 and 6 only, so no ETS is recorded.");
	ck_assert_msg(nwarnings(text) == 0 && nwarnings(json) == 0,
		      "Neither 5.4 form raises a warning (%zu, %zu).", nwarnings(text),
		      nwarnings(json));
	ck_assert_msg(json_equal(json_object_get(text, "ports"), json_object_get(json, "ports")),
		      "The 5.4 table and the 5.4 JSON give the same ports.");
	json_decref(text);
	json_decref(json);
}
END_TEST

/* The documented 5.12 table (lossless-single-ipool; cable-length under pfc; "No Data"). */
START_TEST(parse_cumulus_roce_text_512_same_as_json)
{
	json_t *text = roce_device(fa_parse_cumulus_roce_text, "nv show qos roce",
				   "cl512-single-ipool/nv-show-qos-roce.txt"),
	       *json = roce_device(fa_parse_cumulus_roce, parsers[3].command,
				   "cl512-single-ipool/nv-show-qos-roce-o-json.txt"),
	       *p = port(text, "swp2");

	ck_assert_str_eq(fa_get_str(p, "qos.roce_mode"), "lossless-single-ipool");
	ck_assert_str_eq(fa_get_str(p, "qos.trust"), "both");
	ck_assert_msg(geti(p, "qos.cable_length") == 100, "5.12 prints cable-length under pfc.");
	ck_assert_str_eq(list(p, "qos.pfc_enabled"), "3");
	ck_assert_str_eq(list(p, "qos.ecn.enabled_tcs"), "0,3");
	ck_assert_int_eq(geti(p, "qos.ecn.min_threshold"), 149996);
	ck_assert_int_eq(geti(p, "qos.ecn.max_threshold"), 1499464);
	ck_assert_int_eq(geti(p, "qos.ecn.probability"), 100);
	ck_assert_str_eq(list(p, "qos.priority_to_tc"), "0,0,0,3,0,0,6,0");
	ck_assert_msg(nwarnings(text) == 0, "The 5.12 table raises no warning (%zu).",
		      nwarnings(text));
	ck_assert_msg(json_equal(json_object_get(text, "ports"), json_object_get(json, "ports")),
		      "The 5.12 table and the 5.12 JSON give the same ports.");
	json_decref(text);
	json_decref(json);
}
END_TEST

/* Count the warnings of @dev that contain @needle. */
static size_t warnings_with(const json_t *dev, const char *needle)
{
	json_t *w;
	size_t i, n = 0;

	json_array_foreach(json_object_get(dev, "warnings"), i, w)
		n += strstr(json_string_value(w), needle) != NULL;
	return n;
}

/* Applied-only values, "enable off", cut cells, rows and tables not understood, errors. */
START_TEST(parse_cumulus_roce_text_semantics)
{
	static const char head[] = "                    operational  applied\n"
				   "------------------  -----------  --------\n";
	static const char *const bad[] = {
		"",
		"Error: The requested item does not exist.\n",
		"{\"enable\": \"on\", \"mode\": \"lossless\"}\n",
		"enable                           on\nmode                lossless     lossless\n",
	};
	struct fa_buf b = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	json_t *dev, *p;
	size_t i;

	/* an applied value without an operational one is configuration, not state */
	fa_buf_adds(&b, head);
	fa_buf_adds(&b, "enable                           on\n"
			"mode                             lossy\n"
			"congestion-control\n"
			"  enabled-tc        3            0,3\n"
			"  min-threshold                  146.48 KB\n");
	dev = device_with_swp1();
	ck_assert_msg(run(fa_parse_cumulus_roce_text, "nv show qos roce", b.buf, dev, &err) ==
			      -FA_EPARSE,
		      "An applied-only mode is not read: as a JSON answer without a mode, nothing "
		      "is recognised.");
	ck_assert_msg(!fa_obj_get_path(port(dev, "swp1"), "qos"), "No RoCE state is written.");
	ck_assert_msg(warnings_with(dev, "no RoCE \"mode\"") == 1,
		      "As with the JSON form, the missing mode is a warning.");
	json_decref(dev);

	fa_buf_reset(&b);
	fa_buf_adds(&b, head);
	fa_buf_adds(&b, "mode                lossless     lossy\n"
			"congestion-control\n"
			"  enabled-tc        3            0,3\n"
			"  min-threshold                  146.48 KB\n"
			"  max-threshold     1.43 M\xe2\x80\xa6\n"
			"  a key with blanks 1\n"
			"trust\n"
			"  trust-mode        pcp,dscp\n"
			"RoCE something new\n"
			"==================\n"
			"       a  b\n"
			"    -  -  -\n"
			"    0  1  2\n");
	dev = device_with_swp1();
	ck_assert_int_eq(run(fa_parse_cumulus_roce_text, "nv show qos roce", b.buf, dev, &err), 0);
	p = port(dev, "swp1");
	ck_assert_msg(strcmp(fa_get_str(p, "qos.roce_mode"), "lossless") == 0,
		      "The operational mode is read, not the applied one.");
	ck_assert_str_eq(list(p, "qos.ecn.enabled_tcs"), "3");
	ck_assert_msg(!fa_obj_get_path(p, "qos.ecn.min_threshold"),
		      "An applied-only threshold is not read.");
	ck_assert_msg(!fa_obj_get_path(p, "qos.ecn.max_threshold"), "A cut value is not read.");
	ck_assert_str_eq(fa_get_str(p, "qos.trust"), "both");
	ck_assert_msg(warnings_with(dev, "max-threshold: a cut value") == 1,
		      "The cut value is a warning.");
	ck_assert_msg(warnings_with(dev, "row not understood: a key with blanks") == 1,
		      "A row that does not fit the columns is a warning.");
	ck_assert_msg(warnings_with(dev, "table \"RoCE something new\" not read") == 1,
		      "An unknown table is a warning.");
	ck_assert_msg(nwarnings(dev) == 3, "Nothing else warns (%zu).", nwarnings(dev));
	json_decref(dev);

	/* "enable" is printed under applied only; "off" is RoCE disabled, as in the JSON form */
	fa_buf_reset(&b);
	fa_buf_adds(&b, head);
	fa_buf_adds(&b, "enable                           off\n"
			"mode                lossless     lossless\n"
			"pfc\n"
			"  pfc-priority      3\n");
	dev = device_with_swp1();
	ck_assert_int_eq(run(fa_parse_cumulus_roce_text, "nv show qos roce", b.buf, dev, &err), 0);
	p = port(dev, "swp1");
	ck_assert_str_eq(fa_get_str(p, "qos.roce_mode"), "off");
	ck_assert_msg(!fa_obj_get_path(p, "qos.pfc_enabled"),
		      "With RoCE off nothing else describes the port.");
	json_decref(dev);

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct fa_err e = FA_ERR_INIT;

		dev = device_with_swp1();
		ck_assert_msg(run(fa_parse_cumulus_roce_text, "nv show qos roce", bad[i], dev, &e) ==
				      -FA_EPARSE,
			      "Input %zu (no RoCE table header) is a parse error.", i);
		ck_assert_msg(strstr(e.msg, "nv show qos roce") != NULL,
			      "The message names the command: %s", e.msg);
		json_decref(dev);
	}
	fa_buf_release(&b);
}
END_TEST

Suite *fa_parse_cumulus_suite(void)
{
	Suite *s = suite_create("parse_cumulus");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, parse_cumulus_table_templates_unique_with_parsers);
	tcase_add_test(tc, parse_cumulus_system_512_and_54);
	tcase_add_test(tc, parse_cumulus_leaf01_ports);
	tcase_add_test(tc, parse_cumulus_leaf01_lldp);
	tcase_add_test(tc, parse_cumulus_leaf01_effective_qos);
	tcase_add_test(tc, parse_cumulus_roce_54_shape);
	tcase_add_test(tc, parse_cumulus_roce_512_single_ipool);
	tcase_add_test(tc, parse_cumulus_roce_plain_numbers_and_off);
	tcase_add_test(tc, parse_cumulus_roce_without_ports_warns);
	tcase_add_test(tc, parse_cumulus_pfc_directions);
	tcase_add_test(tc, parse_cumulus_config_startup_edge01_yaml);
	tcase_add_test(tc, parse_cumulus_config_yaml_startup_edge01);
	tcase_add_test(tc, parse_cumulus_config_yaml_same_as_json);
	tcase_add_test(tc, parse_cumulus_config_yaml_header_and_profile);
	tcase_add_test(tc, parse_cumulus_config_yaml_errors);
	tcase_add_test(tc, parse_cumulus_interface_text_real_rows);
	tcase_add_test(tc, parse_cumulus_interface_text_layouts);
	tcase_add_test(tc, parse_cumulus_interface_text_errors);
	tcase_add_test(tc, parse_cumulus_roce_text_real_partial);
	tcase_add_test(tc, parse_cumulus_roce_text_54_same_as_json);
	tcase_add_test(tc, parse_cumulus_roce_text_512_same_as_json);
	tcase_add_test(tc, parse_cumulus_roce_text_semantics);
	tcase_add_test(tc, parse_cumulus_config_ranges_bonds_and_defaults);
	tcase_add_test(tc, parse_cumulus_config_dcbx_pfc_tlv);
	tcase_add_test(tc, parse_cumulus_missing_sections_absent);
	tcase_add_test(tc, parse_cumulus_leaf01_link_stats);
	tcase_add_test(tc, parse_cumulus_link_stats_variants);
	tcase_add_test(tc, parse_cumulus_lldp_multiple_neighbours);
	tcase_add_loop_test(tc, parse_cumulus_invalid_json_is_eparse, 0, NPARSERS);
	tcase_add_loop_test(tc, parse_cumulus_empty_input_is_eparse, 0, NPARSERS);
	tcase_add_loop_test(tc, parse_cumulus_wrong_shape_warns, 0, NPARSERS);
	suite_add_tcase(s, tc);
	return s;
}
