/* SPDX-License-Identifier: MIT */
/*
 * Complexity guard for the parsers of every family whose output lists interfaces: parsing
 * 8n interfaces must cost about eight times n, never sixty-four (one lookup scan per
 * interface, a copy of the device per record).  The time, not the speed, is what is checked:
 * CPU time, best of three, with n large enough that timer noise is small, after a warm-up
 * run on a heap that keeps its memory (tests/unit/timing.c).  The limit is 32x, half of the
 * quadratic 64x: linear parsers measured 9-18x on a loaded machine (cache misses and the
 * allocator grow with the heap; without the warm-up, up to 10x per quadrupling).
 * (check_port_index.c does the same for "ip -j -d link show" and "nv show interface -o json".)
 */
#include "config.h"

#include <string.h>

#include "audit/model.h"
#include "audit/util/buf.h"
#include "drivers/eos/parse-eos.h"
#include "drivers/ib-fabric/parse-ib.h"
#include "drivers/junos/parse-junos.h"
#include "drivers/linux/parse-linux.h"
#include "drivers/nxos/parse-nxos.h"
#include "drivers/onyx/parse-onyx.h"
#include "drivers/openconfig/parse-openconfig.h"
#include "drivers/parse.h"
#include "drivers/sonic/parse-sonic.h"
#include "tests/unit/timing.h"
#include "tests/unit/unit.h"

/* Interface @i of a family's output, appended to @b (the records of real outputs, trimmed). */
typedef void fa_t_record_fn(struct fa_buf *b, size_t i);

static void fa_t_eos(struct fa_buf *b, size_t i)
{
	fa_buf_addf(b, "%s\"Ethernet%zu/%zu\": {\"name\": \"Ethernet%zu/%zu\", \"hardware\": "
		    "\"ethernet\", \"interfaceStatus\": \"connected\", \"lineProtocolStatus\": "
		    "\"up\", \"mtu\": 9214, \"bandwidth\": 400000000000, \"physicalAddress\": "
		    "\"02:00:00:00:%02zx:%02zx\"}", i ? ",\n" : "", i / 64 + 1, i % 64 + 1,
		    i / 64 + 1, i % 64 + 1, (i >> 8) & 255, i & 255);
}

static void fa_t_nxos(struct fa_buf *b, size_t i)
{
	fa_buf_addf(b, "%s{\"interface\": \"Ethernet%zu/%zu\", \"state\": \"up\", \"admin_state\": "
		    "\"up\", \"eth_mtu\": \"9216\", \"eth_bw\": 400000000, \"eth_hw_addr\": "
		    "\"0200.0000.%04zx\"}", i ? ",\n" : "", i / 64 + 1, i % 64 + 1, i & 0xffff);
}

static void fa_t_junos(struct fa_buf *b, size_t i)
{
	fa_buf_addf(b, "<physical-interface>\n<name>et-%zu/0/%zu</name>\n<admin-status>up"
		    "</admin-status>\n<oper-status>up</oper-status>\n<mtu>9216</mtu>\n<speed>"
		    "400Gbps</speed>\n</physical-interface>\n", i / 64, i % 64);
}

static void fa_t_junos_text(struct fa_buf *b, size_t i)
{
	fa_buf_addf(b, "Physical interface: et-%zu/0/%zu, Enabled, Physical link is Up\n"
		    "  Interface index: %zu, SNMP ifIndex: %zu\n"
		    "  Link-level type: Ethernet, MTU: 9216, LAN-PHY mode, Speed: 400Gbps, "
		    "BPDU Error: None,\n"
		    "  Current address: 02:00:00:00:%02zx:%02zx, Hardware address: "
		    "02:00:00:00:%02zx:%02zx\n\n"
		    "  Logical interface et-%zu/0/%zu.0 (Index %zu) (SNMP ifIndex %zu)\n"
		    "    Protocol inet, MTU: 9194\n\n",
		    i / 64, i % 64, i + 1000, i + 500, (i >> 8) & 255, i & 255, (i >> 8) & 255,
		    i & 255, i / 64, i % 64, i + 1000, i + 500);
}

static void fa_t_openconfig(struct fa_buf *b, size_t i)
{
	fa_buf_addf(b, "<interface><name>Ethernet%zu/%zu</name><config><name>Ethernet%zu/%zu"
		    "</name><mtu>9216</mtu><enabled>true</enabled></config><state><name>"
		    "Ethernet%zu/%zu</name><mtu>9216</mtu><enabled>true</enabled><oper-status>UP"
		    "</oper-status></state></interface>\n", i / 64 + 1, i % 64 + 1, i / 64 + 1,
		    i % 64 + 1, i / 64 + 1, i % 64 + 1);
}

static void fa_t_onyx(struct fa_buf *b, size_t i)
{
	fa_buf_addf(b, "Eth%zu/%zu:\n  Admin state                      : Enabled\n"
		    "  Operational state                : Up\n"
		    "  MTU                              : 9216 bytes (Maximum packet size 9238 bytes)\n"
		    "  Actual speed                     : 400G\n\n", i / 64 + 1, i % 64 + 1);
}

static void fa_t_ibdev2netdev(struct fa_buf *b, size_t i)
{
	fa_buf_addf(b, "mlx5_%zu port 1 ==> eth%zu (Up)\n", i, i);
}

static void fa_t_iblinkinfo(struct fa_buf *b, size_t i)
{
	size_t sw = i / 40, port = i % 40 + 1, peer = sw ^ 1;

	fa_buf_addf(b, "0x%016zx \"%20s%05zu\" %6zu %4zu[  ] ==( 4X      53.125 Gbps Active/  "
		    "LinkUp)==>  0x%016zx %6zu %4zu[  ] \"sw%05zu\" ( )\n",
		    (size_t)0x7cfe9003000000 + sw, "sw", sw, sw + 1, port,
		    (size_t)0x7cfe9003000000 + peer, peer + 1, port, peer);
}

static const struct {
	const char *what;
	fa_parse_fn *fn;
	const char *head, *tail;
	fa_t_record_fn *record;
	size_t n;
} fa_t_families[] = {
	{ "show interfaces | json (EOS)", fa_parse_eos_interfaces, "{\"interfaces\": {\n",
	  "}}\n", fa_t_eos, 4000 },
	{ "show interface | json (NX-OS)", fa_parse_nxos_interface,
	  "{\"TABLE_interface\": {\"ROW_interface\": [\n", "]}}\n", fa_t_nxos, 4000 },
	{ "<get-interface-information/> (Junos)", fa_parse_junos_interfaces,
	  "<rpc-reply><interface-information style=\"normal\">\n",
	  "</interface-information></rpc-reply>\n", fa_t_junos, 4000 },
	{ "show interfaces (Junos text)", fa_parse_junos_interfaces_text, "", "", fa_t_junos_text,
	  4000 },
	{ "OpenConfig interfaces", fa_parse_openconfig_interfaces,
	  "<rpc-reply xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\"><data><interfaces "
	  "xmlns=\"http://openconfig.net/yang/interfaces\">\n",
	  "</interfaces></data></rpc-reply>\n", fa_t_openconfig, 4000 },
	{ "show interfaces ethernet (Onyx)", fa_parse_onyx_interfaces, "", "", fa_t_onyx, 4000 },
	{ "show interfaces status (SONiC)", fa_parse_sonic_status, NULL, "", NULL, 16000 },
	{ "ibdev2netdev", fa_parse_linux_ibdev2netdev, "", "", fa_t_ibdev2netdev, 16000 },
	{ "iblinkinfo -l", fa_parse_ib_iblinkinfo, "", "", fa_t_iblinkinfo, 4000 },
};

/*
 * SONiC's table as its tabulate prints it: each column as wide as its widest value, values
 * right-aligned, two blanks apart, a dashed line under the header.
 */
static void fa_t_sonic_table(struct fa_buf *b, size_t n)
{
	char last[32];
	int wn, wl;
	size_t i;

	snprintf(last, sizeof(last), "%zu", (n ? n - 1 : 0) * 8 + 3);
	wn = (int)(strlen("Ethernet") + strlen(last));
	wl = (int)(4 * strlen(last) + 3);
	fa_buf_addf(b, "%*s  %*s  %5s  %4s  %10s  %4s  %5s  %14s  %8s\n", wn, "Interface", wl,
		    "Lanes", "Speed", "MTU", "Alias", "Oper", "Admin", "Type", "Asym PFC");
	for (i = 0; i < (size_t)wn; i++)
		fa_buf_addch(b, '-');
	fa_buf_adds(b, "  ");
	for (i = 0; i < (size_t)wl; i++)
		fa_buf_addch(b, '-');
	fa_buf_adds(b, "  -----  ----  ----------  ----  -----  --------------  --------\n");
	for (i = 0; i < n; i++) {
		char name[32], lanes[96], alias[32];

		snprintf(name, sizeof(name), "Ethernet%zu", i * 8);
		snprintf(lanes, sizeof(lanes), "%zu,%zu,%zu,%zu", i * 8, i * 8 + 1, i * 8 + 2,
			 i * 8 + 3);
		snprintf(alias, sizeof(alias), "etp%zu", i + 1);
		fa_buf_addf(b, "%*s  %*s  %5s  %4s  %10s  %4s  %5s  %14s  %8s\n", wn, name, wl,
			    lanes, "400G", "9100", alias, "up", "up", "QSFP+ or later", "off");
	}
}

/* Best of three: the CPU seconds family @f takes for @n interfaces, as collect parses. */
static double fa_t_parse_time(int f, size_t n)
{
	struct fa_buf b = FA_BUF_INIT;
	double best = 1e9;
	size_t i;
	int run;

	if (fa_t_families[f].head) {
		fa_buf_adds(&b, fa_t_families[f].head);
		for (i = 0; i < n; i++)
			fa_t_families[f].record(&b, i);
		fa_buf_adds(&b, fa_t_families[f].tail);
	} else {
		fa_t_sonic_table(&b, n);
	}
	for (run = 0; run < 3; run++) {
		struct fa_capture cap = FA_CAPTURE_INIT;
		struct fa_err err = FA_ERR_INIT;
		json_t *d = fa_device_new("big", "switch");
		double t0 = fa_t_cpu(), t;
		int r;

		cap.device = "big";
		cap.data = b.buf;
		cap.len = b.len;
		fa_device_index_begin(d);
		r = fa_parse_output(fa_t_families[f].fn, &cap, d, &err);
		fa_device_index_end(d);
		t = fa_t_cpu() - t0;
		ck_assert_msg(r == 0, "'%s' parses its generated output: %s", fa_t_families[f].what,
			      err.msg);
		ck_assert_msg(json_array_size(json_object_get(d, "ports")) >= n,
			      "'%s': %zu interfaces make %zu ports.", fa_t_families[f].what, n,
			      json_array_size(json_object_get(d, "ports")));
		json_decref(d);
		if (t < best)
			best = t;
	}
	fa_buf_release(&b);
	return best;
}

/* Eight times the interfaces must not take sixty-four times as long (32x: half of it). */
START_TEST(parse_linear_every_family)
{
	size_t n = fa_t_families[_i].n;
	double t1, t8;

	fa_t_steady_heap();
	fa_t_parse_time(_i, 8 * n); /* warm-up: the heap grows to its peak once */
	t1 = fa_t_parse_time(_i, n);
	t8 = fa_t_parse_time(_i, 8 * n);

	ck_assert_msg(t8 < 32.0 * t1 + 0.01,
		      "'%s': %zu interfaces took %.4f s of CPU, %zu took %.4f s (%.1fx): not linear.",
		      fa_t_families[_i].what, n, t1, 8 * n, t8, t8 / t1);
}
END_TEST

/*
 * The XML families read their replies one interface at a time (fa_xml_each), and a fault is
 * seen only where it is: a reply cut short, broken after its last interface, or ending in an
 * rpc-error must be refused as the whole-document parse refused it, with the device left
 * as it was (no port, no warning), not with the interfaces read before the fault.
 */
START_TEST(parse_linear_xml_fault_leaves_device_alone)
{
	static const struct {
		size_t family;	/* a row of fa_t_families */
		const char *rpc_error, *said;
	} xml[] = {
		{ 2, "</interface-information><rpc-error><error-severity>error</error-severity>"
		     "<error-message>boom</error-message></rpc-error></rpc-reply>\n",
		  "rpc-error: boom" },
		{ 4, "</interfaces></data><rpc-error><error-tag>boom</error-tag></rpc-error>"
		     "</rpc-reply>\n", "rpc-error (boom)" },
	};
	size_t f = xml[_i / 4].family, t = (size_t)_i % 4, n = 2000, i;
	struct fa_buf b = FA_BUF_INIT;
	struct fa_capture cap = FA_CAPTURE_INIT;
	struct fa_err err = FA_ERR_INIT;
	json_t *d = fa_device_new("big", "switch"), *fresh = fa_device_new("big", "switch");
	int r;

	fa_buf_adds(&b, fa_t_families[f].head);
	for (i = 0; i < n; i++)
		fa_t_families[f].record(&b, i);
	/* 0: cut in the middle; 1: cut before the closing tags; 2: a mismatched end tag after
	 * the last interface; 3: an rpc-error after the interfaces */
	if (t == 2)
		fa_buf_adds(&b, "</wrong></rpc-reply>\n");
	else if (t == 3)
		fa_buf_adds(&b, xml[_i / 4].rpc_error);
	cap.device = "big";
	cap.command = "<get/>";
	cap.format = FA_CAPTURE_XML;
	cap.data = b.buf;
	cap.len = t == 0 ? b.len / 2 : b.len;
	fa_device_index_begin(d);
	r = fa_parse_output(fa_t_families[f].fn, &cap, d, &err);
	fa_device_index_end(d);
	ck_assert_msg(r == -FA_EPARSE, "'%s' with fault %zu is a parse error (got %d: %s).",
		      fa_t_families[f].what, t, r, err.msg);
	ck_assert_msg(strstr(err.msg, t == 3 ? xml[_i / 4].said : "XML: ") != NULL,
		      "'%s' with fault %zu says why (%s).", fa_t_families[f].what, t, err.msg);
	ck_assert_msg(json_equal(d, fresh), "'%s' with fault %zu leaves the device as it was "
		      "(%zu ports).", fa_t_families[f].what, t,
		      json_array_size(json_object_get(d, "ports")));
	json_decref(d);
	json_decref(fresh);
	fa_buf_release(&b);
}
END_TEST

Suite *fa_parse_linear_suite(void)
{
	Suite *s = suite_create("parse_linear");
	TCase *tc = tcase_create("parse_linear");

	tcase_set_timeout(tc, 300);
	tcase_add_loop_test(tc, parse_linear_every_family, 0,
			    (int)(sizeof(fa_t_families) / sizeof(fa_t_families[0])));
	tcase_add_loop_test(tc, parse_linear_xml_fault_leaves_device_alone, 0, 8);
	suite_add_tcase(s, tc);
	return s;
}
