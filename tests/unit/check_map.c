/* SPDX-License-Identifier: MIT */
/*
 * The fabric map's layout (reports/map-layout.c): every device gets a place, tiers go top to
 * bottom from the highest, no two devices overlap, a device and a link take the colour of
 * their worst finding (grey when not collected), and a large fabric is drawn as boxes whose
 * members are each in exactly one box.  Also the svg and dot renderers' refusals.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "audit/util/buf.h"
#include "audit/util/err.h"
#include "reports/map-layout.h"
#include "reports/report.h"
#include "tests/unit/unit.h"

static void add_device(json_t *devs, const char *name, const char *kind, int tier,
		       const char *status)
{
	json_t *d = json_pack("{s:s,s:s,s:s}", "name", name, "kind", kind, "status", status);

	if (tier >= 0)
		json_object_set_new(d, "tier", json_integer(tier));
	json_array_append_new(devs, d);
}

static void add_link(json_t *links, const char *a, const char *ap, const char *b, const char *bp)
{
	json_array_append_new(links, json_pack("{s:{s:s,s:s},s:{s:s,s:s},s:s}", "a", "device", a,
					       "port", ap, "b", "device", b, "port", bp,
					       "source", "lldp"));
}

/*
 * A spine, two leaves, four hosts each on both leaves, a host not collected; a port finding
 * (error) on gpu1's first port, a warning on leaf2, an info on gpu2 as a device.
 */
static json_t *small_report(void)
{
	json_t *devs = json_array(), *links = json_array(), *findings = json_array();
	char name[16];
	int i;

	add_device(devs, "spine1", "switch", 2, "ok");
	add_device(devs, "leaf1", "switch", 1, "ok");
	add_device(devs, "leaf2", "switch", 1, "ok");
	for (i = 1; i <= 4; i++) {
		snprintf(name, sizeof(name), "gpu%d", i);
		add_device(devs, name, "host", 0, "ok");
		add_link(links, name, "p0", "leaf1", name);
		add_link(links, name, "p1", "leaf2", name);
	}
	add_device(devs, "gpu5", "host", 0, "unreachable");
	add_link(links, "leaf1", "up", "spine1", "d1");
	add_link(links, "leaf2", "up", "spine1", "d2");
	json_array_append_new(findings, json_pack("{s:s,s:{s:s,s:s,s:s}}", "severity", "error",
						  "subject", "type", "port", "device", "gpu1",
						  "port", "p0"));
	json_array_append_new(findings, json_pack("{s:s,s:{s:s,s:s}}", "severity", "warning",
						  "subject", "type", "device", "device", "leaf2"));
	json_array_append_new(findings, json_pack("{s:s,s:{s:s,s:s}}", "severity", "info",
						  "subject", "type", "device", "device", "gpu2"));
	return json_pack("{s:s,s:o,s:{s:o,s:o}}", "format", FA_REPORT_FORMAT, "findings",
			 findings, "topology", "devices", devs, "links", links);
}

static const struct fa_map_node *node(const struct fa_map *m, const char *name)
{
	size_t i;

	for (i = 0; i < m->nnodes; i++)
		if (strcmp(m->nodes[i].name, name) == 0)
			return &m->nodes[i];
	ck_abort_msg("The map has the device %s.", name);
	return NULL;
}

static const struct fa_map_link *link_at(const struct fa_map *m, const char *a, const char *ap)
{
	size_t i;

	for (i = 0; i < m->nlinks; i++)
		if (strcmp(m->nodes[m->links[i].a].name, a) == 0 &&
		    strcmp(m->links[i].aport, ap) == 0)
			return &m->links[i];
	ck_abort_msg("The map has the link at %s:%s.", a, ap);
	return NULL;
}

START_TEST(map_layout_places_every_device_in_tier_rows)
{
	json_t *report = small_report();
	struct fa_map m;
	size_t i, j;

	ck_assert_msg(fa_map_layout(report, &m) == 0, "A report with a topology is laid out.");
	ck_assert_msg(m.nnodes == 8 && m.nlinks == 10, "Every device and link is on the map.");
	ck_assert_msg(!m.aggregated, "A small fabric is drawn device by device.");
	for (i = 0; i < m.nnodes; i++) {
		ck_assert_msg(m.nodes[i].x - FA_MAP_NODE_W / 2 >= 0 &&
				      m.nodes[i].x + FA_MAP_NODE_W / 2 <= m.width &&
				      m.nodes[i].y - FA_MAP_NODE_H / 2 >= 0 &&
				      m.nodes[i].y + FA_MAP_NODE_H / 2 <= m.height,
			      "Device %s is inside the drawing.", m.nodes[i].name);
		for (j = i + 1; j < m.nnodes; j++)
			ck_assert_msg(fabs(m.nodes[i].x - m.nodes[j].x) >= FA_MAP_NODE_W ||
					      fabs(m.nodes[i].y - m.nodes[j].y) >= FA_MAP_NODE_H,
				      "Devices %s and %s do not overlap.", m.nodes[i].name,
				      m.nodes[j].name);
	}
	ck_assert_msg(node(&m, "spine1")->y < node(&m, "leaf1")->y &&
			      node(&m, "leaf1")->y == node(&m, "leaf2")->y &&
			      node(&m, "leaf2")->y < node(&m, "gpu1")->y,
		      "Spines are above leaves, leaves above hosts, one row per tier.");
	ck_assert_msg(m.nrows == 3 && m.rows[0].tier == 2 && m.rows[2].tier == 0,
		      "The rows go from the highest tier down.");
	fa_map_release(&m);
	json_decref(report);
}
END_TEST

START_TEST(map_layout_colours_by_worst_finding)
{
	json_t *report = small_report();
	struct fa_map m;

	ck_assert_int_eq(fa_map_layout(report, &m), 0);
	ck_assert_msg(node(&m, "gpu1")->state == FA_SEVERITY_ERROR,
		      "A device takes the severity of the finding on its port.");
	ck_assert_msg(link_at(&m, "gpu1", "p0")->state == FA_SEVERITY_ERROR &&
			      link_at(&m, "gpu1", "p0")->findings == 1,
		      "The link at the faulty port is coloured by that finding.");
	ck_assert_msg(link_at(&m, "gpu1", "p1")->state == FA_MAP_OK,
		      "The host's other link has no finding.");
	ck_assert_msg(link_at(&m, "leaf2", "up")->state == FA_MAP_OK,
		      "A device finding does not colour the device's links.");
	ck_assert_msg(node(&m, "leaf2")->state == FA_SEVERITY_WARNING &&
			      node(&m, "gpu2")->state == FA_SEVERITY_INFO,
		      "Warnings and infos colour their devices.");
	ck_assert_msg(node(&m, "leaf1")->state == FA_MAP_OK, "A device without findings is ok.");
	ck_assert_msg(node(&m, "gpu5")->state == FA_MAP_GREY,
		      "A device that was not collected is grey.");
	ck_assert_msg(link_at(&m, "gpu1", "p0")->offset == 0 &&
			      link_at(&m, "leaf1", "up")->offset == 0,
		      "A link alone between its two devices is not shifted.");
	fa_map_release(&m);
	json_decref(report);
}
END_TEST

/* Four pods of two leaves and 150 hosts each, two spines: 610 devices. */
START_TEST(map_layout_aggregates_large_fabrics)
{
	json_t *devs = json_array(), *links = json_array(), *findings = json_array(), *report;
	char host[32], leaf[32], port[32];
	struct fa_map m;
	size_t i, j, pods = 0, members = 0;
	int p, h, l;

	add_device(devs, "spine1", "switch", 2, "ok");
	add_device(devs, "spine2", "switch", 2, "ok");
	for (p = 0; p < 4; p++)
		for (l = 0; l < 2; l++) {
			snprintf(leaf, sizeof(leaf), "leaf%d-%d", p, l);
			add_device(devs, leaf, "switch", 1, "ok");
			add_link(links, leaf, "up1", "spine1", leaf);
			add_link(links, leaf, "up2", "spine2", leaf);
			for (h = 0; h < 150; h++) {
				snprintf(host, sizeof(host), "gpu%d-%03d", p, h);
				if (l == 0)
					add_device(devs, host, "host", 0, "ok");
				snprintf(port, sizeof(port), "p%d", l);
				add_link(links, host, port, leaf, host);
			}
		}
	json_array_append_new(findings, json_pack("{s:s,s:{s:s,s:s}}", "severity", "error",
						  "subject", "type", "device", "device", "gpu2-007"));
	report = json_pack("{s:s,s:o,s:{s:o,s:o}}", "format", FA_REPORT_FORMAT, "findings",
			   findings, "topology", "devices", devs, "links", links);
	ck_assert_int_eq(fa_map_layout(report, &m), 0);
	ck_assert_msg(m.nnodes == 610 && m.aggregated, "610 devices are drawn aggregated.");
	ck_assert_msg(m.nboxes < 20, "A few boxes stand for them (%zu).", m.nboxes);
	for (i = 0; i < m.nboxes; i++) {
		members += m.boxes[i].nmembers;
		if (!m.boxes[i].pod)
			continue;
		pods++;
		ck_assert_msg(m.boxes[i].hosts == 150 && m.boxes[i].switches == 2,
			      "A pod box holds its 150 hosts and 2 leaves.");
		for (j = 0; j < m.boxes[i].nmembers; j++)
			if (strcmp(m.nodes[m.boxes[i].members[j].node].name, "gpu2-007") == 0)
				ck_assert_msg(m.boxes[i].state == FA_SEVERITY_ERROR,
					      "The pod of the faulty host is red.");
	}
	ck_assert_msg(pods == 4, "Each pod is one box (%zu).", pods);
	ck_assert_msg(members == m.nnodes, "Every device is in exactly one box.");
	for (i = 0; i < m.nnodes; i++)
		ck_assert_msg(m.nodes[i].box < m.nboxes, "Device %s has a box.", m.nodes[i].name);
	ck_assert_msg(m.nedges > 0 && m.nedges <= 8, "Edges join pods and spines (%zu).",
		      m.nedges);
	ck_assert_msg(m.nrails == 2 && m.rails[0].leaves == 4 && m.rails[0].links == 600,
		      "Port p0 of every host is one rail of 4 leaves and 600 links.");
	ck_assert_msg(m.rails[0].state == FA_MAP_OK, "A device finding does not colour a rail.");
	fa_map_release(&m);
	json_decref(report);
}
END_TEST

START_TEST(map_render_refuses_what_has_no_topology)
{
	json_t *old = json_pack("{s:s}", "format", FA_REPORT_FORMAT);
	json_t *diff = json_pack("{s:s}", "format", FA_REPORT_DIFF_FORMAT);
	json_t *report = small_report();
	struct fa_buf out = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	struct fa_map m;

	ck_assert_msg(fa_map_layout(old, &m) == -FA_ENOENT, "A report without topology has no map.");
	ck_assert_msg(fa_report_render(diff, "svg", NULL, &out, &err) == -FA_EINVAL &&
			      strstr(err.msg, "the svg format draws an audit report's topology"),
		      "A diff cannot be drawn as svg (%s).", err.msg);
	ck_assert_msg(fa_report_render(old, "dot", NULL, &out, &err) == -FA_EINVAL,
		      "An old report cannot be drawn as dot.");
	ck_assert_msg(fa_report_render(report, "dot", NULL, &out, &err) == 0 &&
			      strstr(out.buf, "\"gpu1\" -- \"leaf1\""),
		      "A report with topology is a Graphviz graph.");
	fa_buf_release(&out);
	json_decref(old);
	json_decref(diff);
	json_decref(report);
}
END_TEST

Suite *fa_map_suite(void)
{
	Suite *s = suite_create("map");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, map_layout_places_every_device_in_tier_rows);
	tcase_add_test(tc, map_layout_colours_by_worst_finding);
	tcase_add_test(tc, map_layout_aggregates_large_fabrics);
	tcase_add_test(tc, map_render_refuses_what_has_no_topology);
	suite_add_tcase(s, tc);
	return s;
}
