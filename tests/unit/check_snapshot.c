/* SPDX-License-Identifier: MIT */
/* Snapshots: natural ordering, LLDP links, lossless write/read, and rejection of bad files. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "audit/links.h"
#include "audit/model.h"
#include "audit/snapshot.h"
#include "audit/util/fileio.h"
#include "tests/unit/unit.h"

START_TEST(snapshot_natural_order)
{
	ck_assert_msg(fa_natural_cmp("swp2", "swp10") < 0, "swp2 sorts before swp10.");
	ck_assert_msg(fa_natural_cmp("Eth1/10", "Eth1/2") > 0, "Eth1/10 sorts after Eth1/2.");
	ck_assert_msg(fa_natural_cmp("gpu009", "gpu010") < 0, "gpu009 sorts before gpu010.");
	ck_assert_msg(fa_natural_cmp("leaf01", "leaf01") == 0, "Equal names compare equal.");
	ck_assert_msg(fa_natural_cmp("a", "ab") < 0, "A prefix sorts first.");
}
END_TEST

/* A leaf and a host that see each other over LLDP, the host naming the leaf by FQDN. */
static json_t *fa_two_devices(void)
{
	json_t *devs = json_array();
	json_t *leaf = fa_device_new("leaf01", "switch");
	json_t *host = fa_device_new("gpu001", "host");
	json_t *p;

	fa_set_str(host, "hostname", "gpu001.cluster.example");
	p = fa_device_port(leaf, "swp10");
	fa_set_str(p, "lldp.system_name", "gpu001.cluster.example");
	fa_set_str(p, "lldp.port_id", "B8:CE:F6:00:00:01");
	p = fa_device_port(leaf, "swp2");
	fa_set_str(p, "lldp.system_name", "not-polled-host");
	fa_set_str(p, "lldp.port_id", "eth0");
	p = fa_device_port(host, "ens1f0np0");
	fa_set_str(p, "mac", "b8:ce:f6:00:00:01");
	fa_set_str(p, "lldp.system_name", "leaf01.cluster.example");
	fa_set_str(p, "lldp.port_id", "swp10");
	json_array_append_new(devs, leaf);
	json_array_append_new(devs, host);
	return devs;
}

START_TEST(snapshot_links_from_lldp_once)
{
	json_t *devs = fa_two_devices();
	json_t *links = fa_links_from_lldp(devs);
	json_t *l = json_array_get(links, 0);

	ck_assert_msg(json_array_size(links) == 1,
		      "Both ends seeing each other make one link, and an unpolled peer none "
		      "(got %zu).", json_array_size(links));
	ck_assert_str_eq(fa_get_str(l, "a.device"), "gpu001");
	ck_assert_str_eq(fa_get_str(l, "a.port"), "ens1f0np0");
	ck_assert_str_eq(fa_get_str(l, "b.device"), "leaf01");
	ck_assert_str_eq(fa_get_str(l, "b.port"), "swp10");
	ck_assert_str_eq(fa_get_str(l, "source"), "lldp");
	json_decref(links);
	json_decref(devs);
}
END_TEST

/*
 * A switch whose neighbours know it by what it advertises (show lldp local): the system name
 * it sends, else its chassis id in either case.  A chassis id two devices claim names neither.
 */
START_TEST(snapshot_links_by_advertised_identity)
{
	json_t *devs = json_array(), *links, *p;
	json_t *sw = fa_device_new("sw01", "switch"), *twin = fa_device_new("sw02", "switch");
	json_t *twin2 = fa_device_new("sw03", "switch");
	json_t *h1 = fa_device_new("gpu001", "host"), *h2 = fa_device_new("gpu002", "host");
	json_t *h3 = fa_device_new("gpu003", "host");
	size_t i;

	fa_set_str(sw, "lldp.chassis_id", "7C:FE:90:A1:B2:00");
	fa_set_str(sw, "lldp.system_name", "switch-a1b200");
	fa_device_port(sw, "Eth1/1");
	fa_device_port(sw, "Eth1/2");
	fa_device_port(sw, "Eth1/3");
	p = fa_device_port(h1, "ens1f0np0");
	fa_set_str(p, "lldp.system_name", "switch-a1b200");
	fa_set_str(p, "lldp.port_id", "Eth1/1");
	p = fa_device_port(h2, "ens1f0np0");
	fa_set_str(p, "lldp.chassis_id", "7c:fe:90:a1:b2:00");
	fa_set_str(p, "lldp.port_id", "Eth1/2");
	fa_set_str(twin, "lldp.chassis_id", "00:11:22:33:44:55");
	fa_device_port(twin, "Eth1/3");
	fa_set_str(twin2, "lldp.chassis_id", "00:11:22:33:44:55");
	fa_device_port(twin2, "Eth1/3");
	p = fa_device_port(h3, "ens1f0np0");
	fa_set_str(p, "lldp.chassis_id", "00:11:22:33:44:55");
	fa_set_str(p, "lldp.port_id", "Eth1/3");
	json_array_append_new(devs, sw);
	json_array_append_new(devs, twin);
	json_array_append_new(devs, twin2);
	json_array_append_new(devs, h1);
	json_array_append_new(devs, h2);
	json_array_append_new(devs, h3);

	links = fa_links_from_lldp(devs);
	ck_assert_msg(json_array_size(links) == 2, "Two links (got %zu).", json_array_size(links));
	for (i = 0; i < 2; i++) {
		json_t *l = json_array_get(links, i);

		ck_assert_str_eq(fa_get_str(l, "a.device"), i ? "gpu002" : "gpu001");
		ck_assert_str_eq(fa_get_str(l, "b.device"), "sw01");
		ck_assert_str_eq(fa_get_str(l, "b.port"), i ? "Eth1/2" : "Eth1/1");
	}
	json_decref(links);
	json_decref(devs);
}
END_TEST

START_TEST(snapshot_round_trip_is_lossless)
{
	char dir[] = "/tmp/fa-snap-XXXXXX", path[256];
	json_t *snap, *back = NULL;
	struct fa_err err = FA_ERR_INIT;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/s.json", dir);
	snap = fa_snapshot_build(fa_two_devices(), "inv.yaml");
	ck_assert_str_eq(fa_get_str(json_array_get(json_object_get(snap, "devices"), 0), "name"),
			 "gpu001");
	ck_assert_str_eq(fa_get_str(json_array_get(json_object_get(json_array_get(
							      json_object_get(snap, "devices"), 1),
						      "ports"), 0), "name"),
			 "swp2");
	ck_assert_int_eq(fa_snapshot_write(snap, path, &err), 0);
	ck_assert_msg(fa_snapshot_load(path, &back, &err) == 0, "The written snapshot loads (%s).",
		      err.msg);
	ck_assert_msg(json_equal(snap, back), "A snapshot reads back equal to what was written.");
	json_decref(snap);
	json_decref(back);
	unlink(path);
	rmdir(dir);
}
END_TEST

START_TEST(snapshot_rejects_bad_files)
{
	static const struct {
		const char *text;
		const char *want;
	} cases[] = {
		{ "{\"format\": \"fabric-audit/snapshot/v1\", \"devices\": [", "s.json:1:" },
		{ "{\"format\": \"other\", \"devices\": []}", "not a fabric-audit snapshot" },
		{ "{\"format\": \"fabric-audit/snapshot/v1\"}", "no \"devices\" array" },
		{ "{\"format\": \"fabric-audit/snapshot/v1\", \"devices\": [{\"ports\": []}]}",
		  "device 1 has no \"name\"" },
	};
	char dir[] = "/tmp/fa-snap-XXXXXX", path[256], line[1024];
	size_t i;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/s.json", dir);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct fa_err err = FA_ERR_INIT;
		json_t *back = NULL;

		ck_assert_int_eq(fa_file_write_atomic(path, cases[i].text, strlen(cases[i].text),
						      NULL), 0);
		ck_assert_int_eq(fa_snapshot_load(path, &back, &err), -FA_EPARSE);
		fa_err_format(&err, line, sizeof(line));
		ck_assert_msg(strstr(line, cases[i].want), "Bad snapshot %zu is reported as '%s', "
			      "got '%s'.", i, cases[i].want, line);
	}
	unlink(path);
	rmdir(dir);
}
END_TEST

Suite *fa_snapshot_suite(void)
{
	Suite *s = suite_create("snapshot");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, snapshot_natural_order);
	tcase_add_test(tc, snapshot_links_from_lldp_once);
	tcase_add_test(tc, snapshot_links_by_advertised_identity);
	tcase_add_test(tc, snapshot_round_trip_is_lossless);
	tcase_add_test(tc, snapshot_rejects_bad_files);
	suite_add_tcase(s, tc);
	return s;
}
