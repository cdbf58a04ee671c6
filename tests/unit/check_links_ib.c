/* SPDX-License-Identifier: MIT */
/*
 * InfiniBand links (audit/links.h fa_links_from_ib): from the ports of an ib-fabric device
 * parsed from a real ibnetdiscover output, moved to the host ports that own the GUIDs, and
 * merged with LLDP links in the snapshot without changing those.
 */
#include "config.h"

#include <string.h>

#include "audit/links.h"
#include "audit/model.h"
#include "audit/snapshot.h"
#include "audit/util/buf.h"
#include "drivers/ib-fabric/parse-ib.h"
#include "tests/unit/unit.h"

#define IBND "treydock__infiniband_exporter/collectors/fixtures/ibnetdiscover/"

static json_t *fa_t_fabric(const char *rel_fixture, fa_parse_fn *fn, bool own)
{
	struct fa_capture cap = FA_CAPTURE_INIT;
	struct fa_buf b = FA_BUF_INIT;
	json_t *d = fa_device_new("ib-fabric", "host");

	fa_test_read(own ? fa_test_srcfile(rel_fixture) : fa_test_fixture(rel_fixture), &b);
	cap.device = "ib-fabric";
	cap.data = b.buf;
	cap.len = b.len;
	ck_assert_int_eq(fn(&cap, d, NULL), 0);
	fa_buf_release(&b);
	return d;
}

/* Does @links hold a-b (in either order) with @source? */
static bool fa_t_has_link(const json_t *links, const char *ad, const char *ap, const char *bd,
			  const char *bp, const char *source)
{
	json_t *l;
	size_t i;

	json_array_foreach(links, i, l) {
		const char *a1 = fa_get_str(l, "a.device"), *a2 = fa_get_str(l, "a.port");
		const char *b1 = fa_get_str(l, "b.device"), *b2 = fa_get_str(l, "b.port");

		if (strcmp(fa_get_str(l, "source"), source) != 0)
			continue;
		if ((!strcmp(a1, ad) && !strcmp(a2, ap) && !strcmp(b1, bd) && !strcmp(b2, bp)) ||
		    (!strcmp(a1, bd) && !strcmp(a2, bp) && !strcmp(b1, ad) && !strcmp(b2, ap)))
			return true;
	}
	return false;
}

START_TEST(links_ib_host_port_replaces_fabric_end)
{
	json_t *devs = json_array(), *host = fa_device_new("o0001", "host"), *p, *links, *l;
	size_t i;

	json_array_append_new(devs, fa_t_fabric(IBND "test.out", fa_parse_ib_ibnetdiscover, false));
	p = fa_device_port(host, "ib0");
	fa_set_str(p, "nic.device", "mlx5_0");
	fa_set_int(p, "nic.port", 1);
	fa_set_str(p, "nic.port_guid", "0x7cfe9003003b4bde");
	json_array_append_new(devs, host);

	links = fa_links_from_ib(devs);
	ck_assert_msg(json_array_size(links) == 4,
		      "test.out has four connected links, each reported once (got %zu).",
		      json_array_size(links));
	ck_assert_msg(fa_t_has_link(links, "o0001", "ib0", "ib-fabric", "ib-i1l1s01/10", "ib"),
		      "The host's HCA port links to the switch port the fabric shows it on.");
	ck_assert_msg(fa_t_has_link(links, "ib-fabric", "o0002 HCA-1/1", "ib-fabric",
				    "ib-i1l1s01/11", "ib"),
		      "A CA that is not collected stays a port of the fabric device.");
	ck_assert_msg(fa_t_has_link(links, "ib-fabric", "ib-i1l1s01/1", "ib-fabric",
				    "ib-i1l2s01/1", "ib"),
		      "The switch-to-switch link is found.");
	json_array_foreach(links, i, l) {
		ck_assert_msg(strcmp(fa_get_str(l, "a.device"), fa_get_str(l, "b.device")) < 0 ||
				  (strcmp(fa_get_str(l, "a.device"), fa_get_str(l, "b.device")) == 0 &&
				   fa_natural_cmp(fa_get_str(l, "a.port"), fa_get_str(l, "b.port")) < 0),
			      "Link %zu has a < b.", i);
	}
	ck_assert_msg(!fa_t_has_link(links, "ib-fabric", "o0001 HCA-1/1", "ib-fabric",
				     "ib-i1l1s01/10", "ib"),
		      "The fabric's copy of the host port is not linked as well.");
	json_decref(links);
	json_decref(devs);
}
END_TEST

START_TEST(links_ib_by_lid_without_guids)
{
	json_t *devs = json_array(), *links;

	json_array_append_new(devs, fa_t_fabric("tests/fixtures/ib/iblinkinfo/grouped.txt",
						fa_parse_ib_iblinkinfo, true));
	links = fa_links_from_ib(devs);
	ck_assert_msg(json_array_size(links) == 3,
		      "The grouped layout's three connected links are found by LID (got %zu).",
		      json_array_size(links));
	ck_assert_msg(fa_t_has_link(links, "ib-fabric", "ib-i1l1s01/11", "ib-fabric",
				    "o0002 HCA-1/1", "ib"),
		      "Switch port 11 links to o0002 HCA-1 port 1 through LID 133.");
	json_decref(links);
	json_decref(devs);
}
END_TEST

START_TEST(links_ib_snapshot_keeps_lldp)
{
	json_t *devs = json_array(), *leaf = fa_device_new("leaf01", "switch");
	json_t *gpu = fa_device_new("gpu01", "host"), *p, *snap, *links;

	p = fa_device_port(gpu, "ens1f0np0");
	fa_set_str(p, "lldp.system_name", "leaf01");
	fa_set_str(p, "lldp.port_id", "swp1");
	fa_device_port(leaf, "swp1");
	json_array_append_new(devs, gpu);
	json_array_append_new(devs, leaf);
	json_array_append_new(devs, fa_t_fabric(IBND "test.out", fa_parse_ib_ibnetdiscover, false));
	snap = fa_snapshot_build(devs, NULL);
	links = json_object_get(snap, "links");
	ck_assert_msg(json_array_size(links) == 5, "One LLDP link and four IB links (got %zu).",
		      json_array_size(links));
	ck_assert_msg(fa_t_has_link(links, "gpu01", "ens1f0np0", "leaf01", "swp1", "lldp"),
		      "The LLDP link is unchanged.");
	ck_assert_str_eq(fa_get_str(json_array_get(links, 0), "a.device"), "gpu01");
	ck_assert_str_eq(fa_get_str(json_array_get(links, 4), "a.device"), "ib-fabric");
	json_decref(snap);

	devs = json_array();
	json_array_append_new(devs, fa_device_new("lonely", "host"));
	links = fa_links_from_ib(devs);
	ck_assert_msg(json_array_size(links) == 0, "Devices without ib.peer give no IB links.");
	json_decref(links);
	json_decref(devs);
}
END_TEST

Suite *fa_links_ib_suite(void)
{
	Suite *s = suite_create("links_ib");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, links_ib_host_port_replaces_fabric_end);
	tcase_add_test(tc, links_ib_by_lid_without_guids);
	tcase_add_test(tc, links_ib_snapshot_keeps_lldp);
	suite_add_tcase(s, tc);
	return s;
}
