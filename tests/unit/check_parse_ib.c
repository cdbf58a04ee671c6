/* SPDX-License-Identifier: MIT */
/*
 * The ib-fabric platform: its command table and every parser, on real ibnetdiscover outputs
 * (shared fixtures) and on the project's own iblinkinfo, sminfo and partitions.conf samples
 * (tests/fixtures/ib, SOURCES.md there), plus format variations and broken input.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "audit/util/buf.h"
#include "drivers/ib-fabric/parse-ib.h"
#include "drivers/platform-list.h"
#include "drivers/platform.h"
#include "tests/unit/parse-helpers.h"
#include "tests/unit/unit.h"

#define IBND "treydock__infiniband_exporter/collectors/fixtures/ibnetdiscover/"

static int fa_t_run(fa_parse_fn *fn, const char *command, const char *data, size_t len,
		    json_t *dev, struct fa_err *err)
{
	return fa_tp_run(fn, "ib-fabric", command, NULL, data, len, dev, err);
}

static int fa_t_str(fa_parse_fn *fn, const char *text, json_t *dev, struct fa_err *err)
{
	return fa_t_run(fn, NULL, text, strlen(text), dev, err);
}

static int fa_t_file(fa_parse_fn *fn, const char *path, json_t *dev, struct fa_err *err)
{
	return fa_tp_file(fn, "ib-fabric", NULL, NULL, path, dev, err);
}

static size_t fa_t_nports(const json_t *dev)
{
	return json_array_size(json_object_get(dev, "ports"));
}

/* ---- the platform table ------------------------------------------------------------- */

START_TEST(parse_ib_table_is_the_documented_one)
{
	static const struct {
		const char *command;
		unsigned flags;
		enum fa_expand expand; /* P_Keys only where partitions.conf was read */
	} want[] = {
	    {"ibnetdiscover -p", FA_CMD_IB_TOOLS, FA_EXPAND_NONE},
	    {"iblinkinfo -l", FA_CMD_IB_TOOLS, FA_EXPAND_NONE},
	    {"sminfo", FA_CMD_IB_TOOLS | FA_CMD_OPTIONAL, FA_EXPAND_NONE},
	    {"saquery SMIR", FA_CMD_IB_TOOLS | FA_CMD_OPTIONAL, FA_EXPAND_NONE},
	    {"saquery -s", FA_CMD_IB_TOOLS | FA_CMD_OPTIONAL, FA_EXPAND_NONE},
	    {"sminfo LID", FA_CMD_IB_TOOLS | FA_CMD_OPTIONAL, FA_EXPAND_IBSMLID},
	    {"ibnd-discover", FA_CMD_IB_INPROCESS | FA_CMD_COUNTERS | FA_CMD_ALSO_CONFIG,
	     FA_EXPAND_NONE},
	    {"cat FILE", FA_CMD_OPTIONAL, FA_EXPAND_IB_PARTITIONS},
	    {"smpquery pkeys LID", FA_CMD_IB_TOOLS | FA_CMD_OPTIONAL, FA_EXPAND_IBCAPORT},
	    {"perfquery -x -a -l LID", FA_CMD_IB_TOOLS | FA_CMD_COUNTERS | FA_CMD_OPTIONAL,
	     FA_EXPAND_IBCALID},
	    {"perfquery -a -l LID", FA_CMD_IB_TOOLS | FA_CMD_COUNTERS | FA_CMD_OPTIONAL,
	     FA_EXPAND_IBCALID},
	    {"iblinkinfo", FA_CMD_PARSE_ONLY, FA_EXPAND_NONE},
	    /* never expanded (parse only): LID is the word a capture's LID stands for */
	    {"ibswinfo -d lid-LID", FA_CMD_PARSE_ONLY, FA_EXPAND_IBCALID},
	};
	const struct fa_platform *p = fa_platform_find("ib-fabric");
	size_t i;

	ck_assert_msg(p == &fa_platform_ib_fabric, "The ib-fabric platform is registered.");
	ck_assert_str_eq(p->kind, "host");
	ck_assert_msg(p->ncommands == sizeof(want) / sizeof(want[0]),
		      "The ib-fabric table has %zu commands.", sizeof(want) / sizeof(want[0]));
	for (i = 0; i < p->ncommands; i++) {
		ck_assert_msg(strcmp(p->commands[i].command, want[i].command) == 0 &&
				  p->commands[i].flags == want[i].flags &&
				  p->commands[i].expand == want[i].expand &&
				  p->commands[i].parse,
			      "Entry %zu is '%s', once per device (per CA port: LID), with its flags "
			      "and a parser.", i, want[i].command);
		ck_assert_msg(fa_platform_command(p, want[i].command, NULL) == &p->commands[i],
			      "'%s' finds its own entry.", want[i].command);
	}
}
END_TEST

START_TEST(parse_ib_survives_garbage)
{
	static const char *const inputs[] = {
	    "",
	    "\n\n\n",
	    "\xff\xfe\x00\x01garbage\x00\n",
	    "SW 1 1 0x1 4x EDR - SW 2 2 0x2 ( 'a",
	    "SW 99999999999999999999 1 0xzz 4x EDR\n",
	    "CA 1 1 0x1 4x EDR - CA 2 2 0x2 ( '' - '' )\n",
	    "0x1 \"x\" 1 1[ ] ==( ==>\n",
	    "0x1 \"x\" 1 1[  ] ==(/)==>  [  ] \"\" ( )\n",
	    "Switch: 0xzz x:\n      1 1[ ] ==(4X 1 Gbps Active/LinkUp)==> 1 1[ ] \"\n",
	    "sminfo: sm lid guid priority state\n",
	    "sminfo: sm lid 70000 sm guid 0x1, state 9 ???\n",
	    "=:;;;:=,,,;\n",
	    "x=0x10000, mtu=9, rate=99, sl=16, bogus : 0x1=full, nonsense=, =;\n",
	    "a : mgid=ff12::1,sl=1\nALL",
	};
	const struct fa_command *c = &fa_platform_ib_fabric.commands[_i];
	char longline[9000];
	size_t k;

	memset(longline, 'A', sizeof(longline) - 1);
	longline[sizeof(longline) - 1] = '\0';
	for (k = 0; k <= sizeof(inputs) / sizeof(inputs[0]); k++) {
		const char *in = k < sizeof(inputs) / sizeof(inputs[0]) ? inputs[k] : longline;
		size_t len = k == 2 ? 13 : strlen(in);
		struct fa_err err = FA_ERR_INIT;
		json_t *d = fa_device_new("ib-fabric", "host");
		int r = fa_t_run(c->parse, c->command, in, len, d, &err);

		ck_assert_msg(r == 0 || (r == -FA_EPARSE && err.msg[0]),
			      "'%s' on input %zu either parses or fails with a message (got %d).",
			      c->command, k, r);
		ck_assert_msg(r < 0 || fa_tp_nwarn(d) > 0 || fa_t_nports(d) > 0 ||
				  json_object_size(d) > 3,
			      "'%s' on input %zu that it accepts leaves a trace.", c->command, k);
		json_decref(d);
	}
}
END_TEST

/* ---- ibswinfo --------------------------------------------------------------------- */

#define IBSW "treydock__infiniband_exporter/collectors/fixtures/ibswinfo/"

/* The real ibswinfo of switch ib-i7l2s01 (LID 1781) onto the real ibnetdiscover of its subnet. */
START_TEST(parse_ib_ibswinfo_switch_identity)
{
	json_t *d = fa_device_new("ib-fabric", "host"), *p;
	struct fa_err err = FA_ERR_INIT;

	ck_assert_int_eq(fa_t_file(fa_parse_ib_ibnetdiscover, fa_test_fixture(IBND "test.out"), d,
				   &err), 0);
	ck_assert_int_eq(fa_tp_file(fa_parse_ib_ibswinfo, "ib-fabric", "ibswinfo -d lid-1781",
				    "1781", fa_test_fixture(IBSW "test3.out"), d, &err),
			 0);
	p = fa_device_find_port(d, "ib-i7l2s01/80");
	ck_assert_ptr_nonnull(p);
	ck_assert_str_eq(fa_tp_str(p, "ib.node_firmware"), "27.2010.4102");
	ck_assert_str_eq(fa_tp_str(p, "ib.node_psid"), "MT_0000000063");
	ck_assert_str_eq(fa_tp_str(p, "ib.node_part_number"), "MQM8790-HS2F");
	ck_assert_str_eq(fa_tp_str(p, "ib.node_serial"), "MT2148T25782");
	p = fa_device_find_port(d, "ib-i1l1s01/10");
	ck_assert_msg(p && !fa_obj_get_path(p, "ib.node_firmware"),
		      "Another switch's ports are left alone.");
	p = fa_device_find_port(d, "o0001 HCA-1/1");
	ck_assert_msg(p && !fa_obj_get_path(p, "ib.node_psid"), "A CA port is left alone.");
	ck_assert_msg(fa_tp_nwarn(d) == 0, "test3.out is understood in full.");
	json_decref(d);

	/* without a LID, the GUID it prints finds the switch */
	d = fa_device_new("ib-fabric", "host");
	ck_assert_int_eq(fa_t_file(fa_parse_ib_ibnetdiscover, fa_test_fixture(IBND "test.out"), d,
				   &err), 0);
	ck_assert_int_eq(fa_tp_file(fa_parse_ib_ibswinfo, "ib-fabric", "ibswinfo -d lid-LID", NULL,
				    fa_test_fixture(IBSW "test3.out"), d, &err),
			 0);
	ck_assert_str_eq(fa_tp_str(fa_device_find_port(d, "ib-i7l2s01/80"), "ib.node_firmware"),
			 "27.2010.4102");
	json_decref(d);
}
END_TEST

/* The other real outputs (EDR and HDR, failed PSU, unreadable vitals), the " : " layout. */
START_TEST(parse_ib_ibswinfo_variants)
{
	static const struct {
		const char *file, *guid, *fw, *psid;
	} real[] = {
	    {IBSW "test1.out", "0x1c34da0300010540", "11.2008.2102", "MT_1880110032"},
	    {IBSW "test2.out", "0x08c0eb0300d9f672", "27.2010.3118", "MT_0000000063"},
	    {IBSW "test-err1.out", "0x1c34da0300010540", "11.2008.2102", "MT_1880110032"},
	    {IBSW "test-err2.out", "0x1c34da0300010540", "11.2008.2102", "MT_1880110032"},
	    {IBSW "test-err3.out", "0x1c34da0300010540", "11.2008.2102", "MT_1880110032"},
	};
	static const char err_out[] = "error: lid-16 doesn't look like a switch device name\n";
	struct fa_err err = FA_ERR_INIT;
	struct fa_buf b = FA_BUF_INIT, colon = FA_BUF_INIT;
	json_t *d;
	size_t i;

	for (i = 0; i < sizeof(real) / sizeof(real[0]); i++) {
		d = fa_device_new("ib-fabric", "host");
		json_object_set_new(d, "ports",
				    json_pack("[{s:s, s:{s:s, s:s, s:i}}]", "name", "sw/1", "ib",
					      "node_type", "switch", "port_guid", real[i].guid,
					      "lid", 16));
		ck_assert_int_eq(fa_tp_file(fa_parse_ib_ibswinfo, "ib-fabric", "ibswinfo -d lid-16",
					    "16", fa_test_fixture(real[i].file), d, &err),
				 0);
		ck_assert_str_eq(fa_tp_str(fa_device_find_port(d, "sw/1"), "ib.node_firmware"),
				 real[i].fw);
		ck_assert_str_eq(fa_tp_str(fa_device_find_port(d, "sw/1"), "ib.node_psid"),
				 real[i].psid);
		ck_assert_msg(fa_tp_nwarn(d) == 0, "%s is understood in full.", real[i].file);

		/* a LID the device does not know: a warning, nothing written */
		ck_assert_int_eq(fa_tp_file(fa_parse_ib_ibswinfo, "ib-fabric", "ibswinfo -d lid-17",
					    "17", fa_test_fixture(real[i].file), d, &err),
				 0);
		ck_assert_msg(fa_tp_warned(d, "no switch port with LID 17"),
			      "An unknown LID is a warning.");
		json_decref(d);
	}

	/* the targeted layout ("-o inventory"): " : " between key and value */
	fa_test_read(fa_test_fixture(IBSW "test2.out"), &b);
	for (i = 0; i < b.len; i++)
		fa_buf_addch(&colon, b.buf[i] == '|' ? ':' : b.buf[i]);
	d = fa_device_new("ib-fabric", "host");
	json_object_set_new(d, "ports",
			    json_pack("[{s:s, s:{s:s, s:s}}]", "name", "sw/1", "ib", "node_type",
				      "switch", "port_guid", "0x08c0eb0300d9f672"));
	ck_assert_int_eq(fa_tp_run(fa_parse_ib_ibswinfo, "ib-fabric", "ibswinfo -d lid-LID", NULL,
				   colon.buf, colon.len, d, &err),
			 0);
	ck_assert_str_eq(fa_tp_str(fa_device_find_port(d, "sw/1"), "ib.node_serial"),
			 "MT2152T10239");
	ck_assert_str_eq(fa_tp_str(fa_device_find_port(d, "sw/1"), "ib.node_part_number"),
			 "MQM8790-HS2F");

	/* the script's own error instead of the table */
	ck_assert_int_eq(fa_tp_run(fa_parse_ib_ibswinfo, "ib-fabric", "ibswinfo -d lid-16", "16",
				   err_out, sizeof(err_out) - 1, d, &err),
			 -FA_EPARSE);
	ck_assert_msg(strstr(err.msg, "doesn't look like a switch") != NULL,
		      "The parse error quotes the line.");
	json_decref(d);
	fa_buf_release(&b);
	fa_buf_release(&colon);
}
END_TEST

/* ---- ibnetdiscover -p ---------------------------------------------------------------- */

START_TEST(parse_ib_ibnetdiscover_ports_and_peers)
{
	json_t *d = fa_device_new("ib-fabric", "host"), *p;

	ck_assert_int_eq(fa_t_file(fa_parse_ib_ibnetdiscover, fa_test_fixture(IBND "test.out"), d,
				   NULL),
			 0);
	ck_assert_msg(fa_t_nports(d) == 10,
		      "Nine port lines and the peer ib-i1l2s01/1 make ten ports (got %zu).",
		      fa_t_nports(d));
	p = fa_device_find_port(d, "o0001 HCA-1/1");
	ck_assert_str_eq(fa_tp_str(p, "type"), "infiniband");
	ck_assert_str_eq(fa_tp_str(p, "ib.port_guid"), "0x7cfe9003003b4bde");
	ck_assert_msg(fa_tp_int(p, "ib.port_number") == 1 && fa_tp_int(p, "ib.lid") == 134,
		      "o0001 HCA-1 port 1 has LID 134.");
	ck_assert_str_eq(fa_tp_str(p, "ib.node_type"), "ca");
	ck_assert_str_eq(fa_tp_str(p, "ib.width"), "4X");
	ck_assert_msg(fa_tp_int(p, "ib.rate") == 100000000000LL, "4x EDR is 100 Gb/s.");
	ck_assert_str_eq(fa_tp_str(p, "ib.peer.port_guid"), "0x7cfe9003009ce5b0");
	ck_assert_msg(fa_tp_int(p, "ib.peer.port_number") == 10 && fa_tp_int(p, "ib.peer.lid") == 1719,
		      "Its peer is port 10 of the switch with LID 1719.");
	ck_assert_str_eq(fa_tp_str(p, "ib.peer.node_name"), "ib-i1l1s01");
	ck_assert_str_eq(fa_tp_str(p, "ib.peer.node_type"), "switch");
	p = fa_device_find_port(d, "ib-i1l1s01/10");
	ck_assert_str_eq(fa_tp_str(p, "ib.node_type"), "switch");
	ck_assert_str_eq(fa_tp_str(p, "ib.peer.port_guid"), "0x7cfe9003003b4bde");
	p = fa_device_find_port(d, "ib-i4l1s01/37");
	ck_assert_msg(p && !fa_obj_get_path(p, "ib.rate") && !fa_obj_get_path(p, "ib.width") &&
			  !fa_obj_get_path(p, "ib.peer"),
		      "An unconnected port has no peer and no (invalid) width or rate.");
	p = fa_device_find_port(d, "ib-i1l2s01/1");
	ck_assert_str_eq(fa_tp_str(p, "ib.peer.port_guid"), "0x7cfe9003009ce5b0");
	/* one value per distinct leaf: the switch's GUID on its port and as the HCA's peer */
	ck_assert_msg(fa_obj_get_path(p, "ib.peer.port_guid") ==
			      fa_obj_get_path(fa_device_find_port(d, "ib-i1l1s01/10"),
					      "ib.port_guid"),
		      "The ports share one value of a GUID they both carry.");
	ck_assert_msg(fa_tp_nwarn(d) == 0, "test.out is understood in full.");
	json_decref(d);
}
END_TEST

START_TEST(parse_ib_ibnetdiscover_variants)
{
	struct fa_buf both = FA_BUF_INIT, b3 = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	json_t *d = fa_device_new("ib-fabric", "host"), *p;

	/* Blanks inside the quotes, HDR. */
	ck_assert_int_eq(fa_t_file(fa_parse_ib_ibnetdiscover, fa_test_fixture(IBND "test2.out"), d,
				   NULL),
			 0);
	p = fa_device_find_port(d, "worker20 mlx5_3/1");
	ck_assert_msg(fa_tp_int(p, "ib.rate") == 200000000000LL, "4x HDR is 200 Gb/s.");
	ck_assert_str_eq(fa_tp_str(p, "ib.peer.node_name"), "5FB0405-leaf-IB01");
	ck_assert_msg(fa_device_find_port(d, "5FB0406-spine-IB02/1") != NULL,
		      "' 5FB0406-spine-IB02 ' is trimmed.");
	json_decref(d);

	/* test3 prints the description without quotes; with test2 the same description and port
	 * come from two GUIDs, so both fall back to GUID names. */
	d = fa_device_new("ib-fabric", "host");
	ck_assert_int_eq(fa_t_file(fa_parse_ib_ibnetdiscover, fa_test_fixture(IBND "test3.out"), d,
				   NULL),
			 0);
	ck_assert_str_eq(fa_tp_str(fa_device_find_port(d, "Infiniscale-IV Mellanox Technologies/22"),
				"ib.port_guid"),
			 "0x0002c9020040f161");
	json_decref(d);
	d = fa_device_new("ib-fabric", "host");
	fa_test_read(fa_test_fixture(IBND "test2.out"), &both);
	fa_test_read(fa_test_fixture(IBND "test3.out"), &b3);
	fa_buf_add(&both, b3.buf, b3.len);
	ck_assert_int_eq(fa_t_run(fa_parse_ib_ibnetdiscover, NULL, both.buf, both.len, d, NULL), 0);
	ck_assert_msg(fa_device_find_port(d, "0x0002c9020040f160/22") &&
			  fa_device_find_port(d, "0x0002c9020040f161/22") &&
			  !fa_device_find_port(d, "Infiniscale-IV Mellanox Technologies/22"),
		      "Two switches with one description are told apart by GUID.");
	fa_buf_release(&both);
	fa_buf_release(&b3);
	json_decref(d);

	/* The topology-file layout is not the ports report. */
	d = fa_device_new("ib-fabric", "host");
	ck_assert_int_eq(fa_t_file(fa_parse_ib_ibnetdiscover,
				   fa_test_fixture("linux-rdma__rdma-core/extracted/"
						   "sec_topology-file.rst.ibnetdiscover_example.txt"),
				   d, &err),
			 -FA_EPARSE);
	ck_assert_msg(strstr(err.msg, "not an ibnetdiscover ports report") != NULL,
		      "The error says what was expected: %s", err.msg);
	ck_assert_int_eq(fa_t_str(fa_parse_ib_ibnetdiscover, "", d, &err), -FA_EPARSE);
	/* A cut line is a warning, the whole ones are kept. */
	ck_assert_int_eq(fa_t_str(fa_parse_ib_ibnetdiscover,
				  "CA   134  1 0x7cfe9003003b4bde 4x EDR - SW  1719 10 0x7cfe9003009ce5b0 "
				  "( 'o0001 HCA-1' - 'ib-i1l1s01' )\n"
				  "SW  1719 10 0x7cfe9003009ce5b0 4x EDR - CA   134  1 0x7cfe90",
				  d, NULL),
			 0);
	ck_assert_msg(fa_tp_warned(d, "line 2 not understood") && fa_t_nports(d) == 2,
		      "The cut line is a warning; the first line still gives both ports.");
	json_decref(d);
}
END_TEST

/* ---- iblinkinfo ---------------------------------------------------------------------- */

START_TEST(parse_ib_iblinkinfo_updates_discovered_ports)
{
	json_t *d = fa_device_new("ib-fabric", "host"), *p;
	size_t before;

	ck_assert_int_eq(fa_t_file(fa_parse_ib_ibnetdiscover, fa_test_fixture(IBND "test.out"), d,
				   NULL),
			 0);
	before = fa_t_nports(d);
	ck_assert_int_eq(fa_t_file(fa_parse_ib_iblinkinfo,
				   fa_tp_own("tests/fixtures/ib/iblinkinfo/line-mode.txt"), d, NULL),
			 0);
	ck_assert_msg(fa_t_nports(d) == before + 3,
		      "Only ports ibnetdiscover did not list are added: ib-i1l1s01/2, "
		      "ib-i1l2s01/2 and its peer (got %zu).",
		      fa_t_nports(d) - before);
	p = fa_device_find_port(d, "ib-i1l1s01/10");
	ck_assert_str_eq(fa_tp_str(p, "ib.state"), "active");
	ck_assert_str_eq(fa_tp_str(p, "ib.phys_state"), "linkup");
	ck_assert_str_eq(fa_tp_str(p, "ib.node_type"), "switch");
	p = fa_device_find_port(d, "ib-i1l1s01/11");
	ck_assert_str_eq(fa_tp_str(p, "ib.width"), "1X");
	ck_assert_msg(fa_tp_int(p, "ib.rate") == 25000000000LL,
		      "A link trained to 1X EDR runs at 25 Gb/s.");
	p = fa_device_find_port(d, "ib-i1l1s01/2");
	ck_assert_str_eq(fa_tp_str(p, "ib.state"), "down");
	ck_assert_str_eq(fa_tp_str(p, "ib.phys_state"), "polling");
	ck_assert_msg(!fa_obj_get_path(p, "ib.rate"), "A down port has no rate.");
	p = fa_device_find_port(d, "ib-i1l2s01/2");
	ck_assert_msg(fa_tp_int(p, "ib.rate") == 40000000000LL, "4X FDR10 is 40 Gb/s.");
	ck_assert_str_eq(fa_tp_str(p, "ib.peer.node_name"), "ib-core-sw03");
	ck_assert_msg(fa_tp_nwarn(d) == 0, "The line-mode sample is understood in full.");
	json_decref(d);
}
END_TEST

/* Real iblinkinfo -l output (infiniband-diags 44 on an ibsim subnet, two seeded faults). */
START_TEST(parse_ib_iblinkinfo_could_be_hints)
{
	json_t *d = fa_device_new("ib-fabric", "host"), *p;

	ck_assert_int_eq(fa_t_file(fa_parse_ib_iblinkinfo,
				   fa_tp_own("tests/fixtures/ib/iblinkinfo/ibsim-could-be.txt"), d, NULL),
			 0);
	p = fa_device_find_port(d, "gpu002 mlx5_0/1");
	ck_assert_str_eq(fa_tp_str(p, "ib.width"), "1X");
	ck_assert_str_eq(fa_tp_str(p, "ib.width_best"), "12X");
	ck_assert_msg(fa_tp_int(p, "ib.rate") == 10000000000LL && fa_tp_int(p, "ib.rate_best") ==
		      120000000000LL, "1X QDR could be 12X QDR: 10 Gb/s of 120.");
	p = fa_device_find_port(d, "leaf04/1");
	ck_assert_str_eq(fa_tp_str(p, "ib.width_best"), "12X");
	ck_assert_msg(fa_tp_int(p, "ib.rate") == 30000000000LL && fa_tp_int(p, "ib.rate_best") ==
		      120000000000LL, "12X SDR could be 12X QDR (a speed hint alone).");
	p = fa_device_find_port(d, "gpu001 mlx5_0/1");
	ck_assert_msg(fa_tp_int(p, "ib.rate_best") == fa_tp_int(p, "ib.rate") &&
		      strcmp(fa_tp_str(p, "ib.width_best"), "12X") == 0,
		      "No hint: the link runs at the best both ends support.");
	p = fa_device_find_port(d, "leaf01/20");
	ck_assert_msg(!fa_obj_get_path(p, "ib.rate_best"), "A down port has no best rate.");
	ck_assert_msg(fa_tp_nwarn(d) == 0, "The ibsim capture is understood in full.");
	json_decref(d);
}
END_TEST

/* Real smpquery pkeys output of two CA ports: in the job partition, and left out of it. */
START_TEST(parse_ib_pkeys_ca_ports)
{
	static const char bad[] = "ibwarn: [1] mad_rpc_open_port: can't open UMAD port\n";
	json_t *d = fa_device_new("ib-fabric", "host"), *k;
	struct fa_err err = FA_ERR_INIT;

	json_object_set_new(d, "ports",
			    json_pack("[{s:s, s:{s:s, s:i}}, {s:s, s:{s:s, s:i}}, {s:s, s:{s:s, s:i}}]",
				      "name", "gpu001 mlx5_0/1", "ib", "node_type", "ca", "lid", 10,
				      "name", "gpu004 mlx5_0/1", "ib", "node_type", "ca", "lid", 15,
				      "name", "leaf01/10", "ib", "node_type", "switch", "lid", 10));
	ck_assert_int_eq(fa_tp_file(fa_parse_ib_pkeys, "ib-fabric", "smpquery pkeys 10", "10",
				    fa_tp_own("tests/fixtures/ib/smpquery-pkeys/member.txt"), d, &err),
			 0);
	ck_assert_int_eq(fa_tp_file(fa_parse_ib_pkeys, "ib-fabric", "smpquery pkeys 15", "15",
				    fa_tp_own("tests/fixtures/ib/smpquery-pkeys/left-out.txt"), d,
				    &err),
			 0);
	k = fa_obj_get_path(fa_device_find_port(d, "gpu001 mlx5_0/1"), "pkeys");
	ck_assert_uint_eq(json_array_size(k), 2);
	ck_assert_str_eq(json_string_value(json_array_get(k, 0)), "0xffff");
	ck_assert_str_eq(json_string_value(json_array_get(k, 1)), "0x8a01");
	k = fa_obj_get_path(fa_device_find_port(d, "gpu004 mlx5_0/1"), "pkeys");
	ck_assert_uint_eq(json_array_size(k), 1);
	ck_assert_str_eq(json_string_value(json_array_get(k, 0)), "0xffff");
	ck_assert_msg(!fa_obj_get_path(fa_device_find_port(d, "leaf01/10"), "pkeys"),
		      "A switch port with the same LID is not a CA port.");
	ck_assert_msg(fa_tp_nwarn(d) == 0, "Both tables are understood in full.");

	ck_assert_int_eq(fa_tp_file(fa_parse_ib_pkeys, "ib-fabric", "smpquery pkeys 99", "99",
				    fa_tp_own("tests/fixtures/ib/smpquery-pkeys/member.txt"), d, &err),
			 0);
	ck_assert_msg(fa_tp_warned(d, "no CA port with LID 99"), "An unknown LID is a warning.");
	ck_assert_int_eq(fa_tp_run(fa_parse_ib_pkeys, "ib-fabric", "smpquery pkeys 10", "10", bad,
				   sizeof(bad) - 1, d, &err),
			 -FA_EPARSE);
	json_decref(d);
}
END_TEST

#define PQ "treydock__infiniband_exporter/collectors/fixtures/perfquery/"

/* A CA port of the ib-fabric device as ibnetdiscover leaves it: name, LID, port number. */
static void fa_t_ca_port(json_t *d, const char *name, int lid, int port)
{
	json_t *p = fa_device_port(d, name);

	fa_set_str(p, "ib.node_type", "ca");
	fa_set_int(p, "ib.lid", lid);
	fa_set_int(p, "ib.port_number", port);
}

/*
 * Real perfquery -x outputs (infiniband_exporter's fixtures): one port with errors, two ports
 * of one CA in one output, and the exporter's empty capture.  Values read by hand.
 */
START_TEST(parse_ib_perfquery_counters)
{
	static const char bad[] = "ibwarn: [1] mad_rpc_open_port: can't open UMAD port\n";
	json_t *d = fa_device_new("ib-fabric", "host"), *p;
	struct fa_err err = FA_ERR_INIT;

	fa_t_ca_port(d, "gpu01 mlx5_0/1", 2052, 1);
	fa_t_ca_port(d, "gpu02 mlx5_0/1", 1719, 1);
	fa_t_ca_port(d, "gpu02 mlx5_0/2", 1720, 2);
	fa_t_ca_port(d, "gpu03 mlx5_0/1", 134, 1);
	json_array_append_new(json_object_get(d, "ports"),
			      json_pack("{s:s, s:{s:s, s:i}}", "name", "leaf01/3", "ib",
					"node_type", "switch", "lid", 134));

	ck_assert_int_eq(fa_tp_file(fa_parse_ib_perfquery, "ib-fabric",
				    "perfquery -x -a -l 2052", "2052",
				    fa_test_fixture(PQ "0x506b4b03005c2740.out"), d, &err),
			 0);
	p = fa_device_find_port(d, "gpu01 mlx5_0/1");
	ck_assert_int_eq(fa_tp_int(p, "counters.tx_bytes"), 178791657177235LL * 4);
	ck_assert_int_eq(fa_tp_int(p, "counters.rx_bytes"), 178762341961629LL * 4);
	ck_assert_int_eq(fa_tp_int(p, "counters.link_down_events"), 1);
	ck_assert_int_eq(fa_tp_int(p, "counters.tx_discards"), 20046);
	ck_assert_int_eq(fa_tp_int(p, "counters.symbol_errors"), 0);
	ck_assert_int_eq(fa_tp_int(p, "counters.rx_errors"), 0);
	ck_assert_msg(json_is_integer(fa_obj_get_path(p, "counters.tx_bytes")),
		      "Counters are JSON integers.");
	ck_assert_msg(fa_tp_nwarn(d) == 0, "Every line is understood.");

	/* Two ports of one CA through port 1's LID: port 2 is left to its own LID. */
	ck_assert_int_eq(fa_tp_file(fa_parse_ib_perfquery, "ib-fabric",
				    "perfquery -x -a -l 1719", "1719",
				    fa_test_fixture(PQ "0x7cfe9003009ce5b0.out"), d, &err),
			 0);
	p = fa_device_find_port(d, "gpu02 mlx5_0/1");
	ck_assert_int_eq(fa_tp_int(p, "counters.tx_bytes"), 36298026860928LL * 4);
	ck_assert_int_eq(fa_tp_int(p, "counters.rx_bytes"), 12279028775751LL * 4);
	ck_assert_int_eq(fa_tp_int(p, "counters.link_down_events"), 0);
	ck_assert_msg(!fa_obj_get_path(fa_device_find_port(d, "gpu02 mlx5_0/2"), "counters"),
		      "Port 2's block (26006570014026 words) is not written through port 1's LID.");
	ck_assert_msg(fa_tp_nwarn(d) == 0, "Both blocks are understood.");

	/* LID 134 is a CA port and a switch port: only the CA port gets the counters. */
	ck_assert_int_eq(fa_tp_file(fa_parse_ib_perfquery, "ib-fabric",
				    "perfquery -x -a -l 134", "134",
				    fa_test_fixture(PQ "0x7cfe9003003b4bde.out"), d, &err),
			 0);
	ck_assert_int_eq(fa_tp_int(fa_device_find_port(d, "gpu03 mlx5_0/1"), "counters.rx_bytes"),
			 9752484588300LL * 4);
	ck_assert_msg(!fa_obj_get_path(fa_device_find_port(d, "leaf01/3"), "counters"),
		      "A switch port with the same LID is not a CA port.");

	ck_assert_int_eq(fa_tp_file(fa_parse_ib_perfquery, "ib-fabric", "perfquery -x -a -l 7",
				    "7", fa_test_fixture(PQ "0x506b4b0300cc02a6.out"), d, &err),
			 -FA_EPARSE);
	ck_assert_int_eq(fa_tp_run(fa_parse_ib_perfquery, "ib-fabric", "perfquery -x -a -l 7",
				   "7", bad, sizeof(bad) - 1, d, &err),
			 -FA_EPARSE);
	json_decref(d);
}
END_TEST

/*
 * Real perfquery output of a port without the extended error counters (ibsim, like HCAs
 * whose CapMask2 lacks them): the extended block gives the data counters, the basic block
 * (perfquery -a) the error counters, and never its 32-bit data counters.
 */
START_TEST(parse_ib_perfquery_basic_block)
{
	json_t *d = fa_device_new("ib-fabric", "host"), *p;
	struct fa_err err = FA_ERR_INIT;

	fa_t_ca_port(d, "gpu001 mlx5_0/1", 5, 1);
	ck_assert_int_eq(fa_tp_file(fa_parse_ib_perfquery, "ib-fabric", "perfquery -x -a -l 5",
				    "5", fa_tp_own("tests/fixtures/ib/perfquery/extended-ibsim.txt"), d, &err),
			 0);
	p = fa_device_find_port(d, "gpu001 mlx5_0/1");
	ck_assert_int_eq(fa_tp_int(p, "counters.tx_bytes"), 1944 * 4);
	ck_assert_msg(!fa_obj_get_path(p, "counters.symbol_errors"),
		      "The extended block of this port has no error counters.");
	ck_assert_int_eq(fa_tp_file(fa_parse_ib_perfquery, "ib-fabric", "perfquery -a -l 5", "5",
				    fa_tp_own("tests/fixtures/ib/perfquery/basic-ibsim.txt"), d, &err),
			 0);
	ck_assert_int_eq(fa_tp_int(p, "counters.symbol_errors"), 7);
	ck_assert_int_eq(fa_tp_int(p, "counters.link_down_events"), 0);
	ck_assert_int_eq(fa_tp_int(p, "counters.rx_errors"), 0);
	ck_assert_int_eq(fa_tp_int(p, "counters.tx_discards"), 0);
	ck_assert_int_eq(fa_tp_int(p, "counters.tx_bytes"), 1944 * 4);
	ck_assert_int_eq(fa_tp_int(p, "counters.rx_bytes"), 2016 * 4);
	ck_assert_msg(fa_tp_nwarn(d) == 0, "Every line of both blocks is understood.");

	/* Alone, the basic block still gives the error counters, and no data counters. */
	json_decref(d);
	d = fa_device_new("ib-fabric", "host");
	fa_t_ca_port(d, "gpu001 mlx5_0/1", 5, 1);
	ck_assert_int_eq(fa_tp_file(fa_parse_ib_perfquery, "ib-fabric", "perfquery -a -l 5", "5",
				    fa_tp_own("tests/fixtures/ib/perfquery/basic-ibsim.txt"), d, &err),
			 0);
	p = fa_device_find_port(d, "gpu001 mlx5_0/1");
	ck_assert_int_eq(fa_tp_int(p, "counters.symbol_errors"), 7);
	ck_assert_msg(!fa_obj_get_path(p, "counters.tx_bytes"),
		      "32-bit data counters are not taken.");
	json_decref(d);
}
END_TEST

/* Layout variants: another LID, an unknown counter, a value that is no number, overflow. */
START_TEST(parse_ib_perfquery_variants)
{
	static const char text[] =
		"# Port extended counters: Lid 9 port 1 (CapMask: 0x5A00 CapMask2: 0x0000000)\n"
		"PortSelect:......................1\n"
		"PortXmitData:....................10\n"
		"PortRcvData:.....................4611686018427387904\n"
		"SymbolErrorCounter:..............12\n"
		"LinkDownedCounter:...............n/a\n"
		"PortFutureCounter:...............3\n"
		"# Port extended counters: Lid 77 port 1 (CapMask: 0x5A00 CapMask2: 0x0000000)\n"
		"PortXmitData:....................1\n";
	json_t *d = fa_device_new("ib-fabric", "host"), *p;
	struct fa_err err = FA_ERR_INIT;

	fa_t_ca_port(d, "gpu09 mlx5_0/1", 9, 1);
	ck_assert_int_eq(fa_tp_run(fa_parse_ib_perfquery, "ib-fabric", "perfquery -x -a -l 9", "9",
				   text, sizeof(text) - 1, d, &err),
			 0);
	p = fa_device_find_port(d, "gpu09 mlx5_0/1");
	ck_assert_int_eq(fa_tp_int(p, "counters.tx_bytes"), 40);
	ck_assert_int_eq(fa_tp_int(p, "counters.symbol_errors"), 12);
	ck_assert_msg(!fa_obj_get_path(p, "counters.rx_bytes") &&
			  !fa_obj_get_path(p, "counters.link_down_events"),
		      "A value that is no counter, or too large as bytes, is not written.");
	ck_assert_msg(fa_tp_warned(d, "PortRcvData '4611686018427387904'") &&
			  fa_tp_warned(d, "LinkDownedCounter 'n/a'") &&
			  fa_tp_warned(d, "PortFutureCounter") &&
			  fa_tp_warned(d, "no CA port with LID 77"),
		      "Each is a warning.");
	json_decref(d);
}
END_TEST

/* Real saquery SMIR output: a master and a standby OpenSM, both at priority 0. */
START_TEST(parse_ib_smir_master_standby)
{
	struct fa_err err = FA_ERR_INIT;
	json_t *d = fa_device_new("ib-fabric", "host"), *sms, *sm;

	ck_assert_int_eq(fa_t_file(fa_parse_ib_smir,
				   fa_tp_own("tests/fixtures/ib/saquery-smir/master-standby.txt"), d,
				   NULL),
			 0);
	sms = json_object_get(d, "ib_sms");
	ck_assert_uint_eq(json_array_size(sms), 2);
	sm = json_array_get(sms, 0);
	ck_assert_str_eq(json_string_value(json_object_get(sm, "guid")), "0x248a070300d00011");
	ck_assert_str_eq(json_string_value(json_object_get(sm, "state")), "master");
	ck_assert_int_eq(json_integer_value(json_object_get(sm, "lid")), 1);
	sm = json_array_get(sms, 1);
	ck_assert_str_eq(json_string_value(json_object_get(sm, "guid")), "0x248a070300d00021");
	ck_assert_str_eq(json_string_value(json_object_get(sm, "state")), "standby");
	ck_assert_int_eq(json_integer_value(json_object_get(sm, "lid")), 8);
	ck_assert_int_eq(json_integer_value(json_object_get(sm, "priority")), 0);
	ck_assert_msg(!json_object_get(sm, "SM_Key") && fa_tp_nwarn(d) == 0,
		      "The SM key is not kept; the capture is understood in full.");

	ck_assert_int_eq(fa_t_str(fa_parse_ib_smir, "", d, &err), -FA_EPARSE);
	ck_assert_int_eq(fa_t_str(fa_parse_ib_smir, "sminfo: sm lid 1 sm guid 0x1, activity "
						    "count 5 priority 0 state 3 SMINFO_MASTER\n",
				  d, &err),
			 -FA_EPARSE);
	json_decref(d);
}
END_TEST

/*
 * Real outputs of a subnet with two masters (different SM_Keys): saquery -s marks both SM
 * ports, the SA's SMIR lists one SM, and "sminfo LID" of the other adds it to ib_sms.
 */
START_TEST(parse_ib_issm_rival_masters)
{
	struct fa_err err = FA_ERR_INIT;
	json_t *d = fa_device_new("ib-fabric", "host"), *p, *sms;

	ck_assert_int_eq(fa_t_file(fa_parse_ib_ibnetdiscover,
				   fa_tp_own("tests/fixtures/ib/saquery-s/ibnetdiscover-p.txt"), d,
				   NULL),
			 0);
	ck_assert_int_eq(fa_t_file(fa_parse_ib_issm,
				   fa_tp_own("tests/fixtures/ib/saquery-s/rival-masters.txt"), d, NULL),
			 0);
	p = fa_device_find_port(d, "sm01 mlx5_0/1");
	ck_assert_msg(json_is_true(fa_obj_get_path(p, "ib.is_sm")) &&
			  fa_tp_int(p, "ib.sm_lid") == 10,
		      "sm01's port runs an SM and answers to the SM at LID 10.");
	p = fa_device_find_port(d, "sm02 mlx5_0/1");
	ck_assert_msg(json_is_true(fa_obj_get_path(p, "ib.is_sm")) &&
			  fa_tp_int(p, "ib.sm_lid") == 10,
		      "sm02's port runs the SM at LID 10.");
	p = fa_device_find_port(d, "gpu002 mlx5_1/1");
	ck_assert_msg(p && !fa_obj_get_path(p, "ib.is_sm"), "A GPU HCA runs no SM.");
	ck_assert_msg(fa_tp_nwarn(d) == 0, "The capture is understood in full.");

	ck_assert_int_eq(fa_t_file(fa_parse_ib_smir,
				   fa_tp_own("tests/fixtures/ib/saquery-smir/rival-lid10.txt"), d, NULL),
			 0);
	ck_assert_uint_eq(json_array_size(json_object_get(d, "ib_sms")), 1);
	ck_assert_int_eq(fa_t_str(fa_parse_ib_sminfo_lid,
				  "sminfo: sm lid 1 sm guid 0x248a070300d00011, activity count 866 "
				  "priority 0 state 3 SMINFO_MASTER\n",
				  d, NULL),
			 0);
	sms = json_object_get(d, "ib_sms");
	ck_assert_uint_eq(json_array_size(sms), 2);
	ck_assert_str_eq(json_string_value(json_object_get(json_array_get(sms, 1), "guid")),
			 "0x248a070300d00011");
	ck_assert_str_eq(json_string_value(json_object_get(json_array_get(sms, 1), "state")),
			 "master");
	ck_assert_int_eq(fa_t_file(fa_parse_ib_sminfo_lid,
				   fa_tp_own("tests/fixtures/ib/sminfo/rival-lid10.txt"), d, NULL),
			 0);
	ck_assert_uint_eq(json_array_size(sms), 2);
	ck_assert_str_eq(json_string_value(json_object_get(json_array_get(sms, 0), "guid")),
			 "0x248a070300d00021");

	/* a port no discovery found, a failed query, and not saquery -s at all */
	ck_assert_int_eq(fa_t_str(fa_parse_ib_issm,
				  "IsSM ports\nPortInfoRecord dump:\n\t\tbase_lid................77\n"
				  "\nIsSMdisabled ports\n",
				  d, NULL),
			 0);
	ck_assert_msg(fa_tp_warned(d, "an SM port at LID 77 is not among the discovered CA ports"),
		      "An SM port not discovered is a warning.");
	ck_assert_int_eq(fa_t_str(fa_parse_ib_sminfo_lid, "sminfo: iberror: failed: query\n", d,
				  &err),
			 -FA_EPARSE);
	ck_assert_int_eq(fa_t_str(fa_parse_ib_issm, "SMInfoRecord dump:\n", d, &err), -FA_EPARSE);
	ck_assert_int_eq(fa_t_str(fa_parse_ib_issm, "", d, &err), -FA_EPARSE);
	json_decref(d);
}
END_TEST

START_TEST(parse_ib_iblinkinfo_grouped_layout)
{
	struct fa_err err = FA_ERR_INIT;
	json_t *d = fa_device_new("ib-fabric", "host"), *p;

	ck_assert_int_eq(fa_t_file(fa_parse_ib_iblinkinfo,
				   fa_tp_own("tests/fixtures/ib/iblinkinfo/grouped.txt"), d, NULL),
			 0);
	p = fa_device_find_port(d, "ib-i1l1s01/1");
	ck_assert_str_eq(fa_tp_str(p, "ib.port_guid"), "0x7cfe9003009ce5b0");
	ck_assert_str_eq(fa_tp_str(p, "ib.node_type"), "switch");
	ck_assert_msg(!fa_obj_get_path(p, "ib.peer.port_guid") && fa_tp_int(p, "ib.peer.lid") == 1516,
		      "The grouped layout names the peer by LID and port, not GUID.");
	p = fa_device_find_port(d, "o0002 HCA-1/1");
	ck_assert_str_eq(fa_tp_str(p, "ib.node_type"), "ca");
	ck_assert_str_eq(fa_tp_str(p, "ib.port_guid"), "0x7cfe9003003b4b96");
	ck_assert_msg(fa_tp_int(p, "ib.lid") == 133, "The CA port's LID is 133.");
	ck_assert_msg(fa_tp_nwarn(d) == 0, "The grouped sample is understood in full.");

	ck_assert_int_eq(fa_t_str(fa_parse_ib_iblinkinfo, "", d, &err), -FA_EPARSE);
	ck_assert_int_eq(fa_t_str(fa_parse_ib_iblinkinfo, "ibwarn: [1234] mad_rpc_open_port: "
							  "can't open UMAD port ((null):0)\n",
				  d, &err),
			 -FA_EPARSE);
	ck_assert_int_eq(fa_t_str(fa_parse_ib_iblinkinfo,
				  "Switch: 0x7cfe9003009ce5b0 ib-i1l1s01:\n"
				  "          1719    1[  ] ==( 4X      25.78125 Gbps Active/  LinkUp)==>"
				  "    1516    1[  ] \"ib-i1\n"
				  "          1719    3[  ] ==( 4X      99.9 Gbps Active/  Weird)==>"
				  "    1516    3[  ] \"ib-i1l2s01\" ( )\n",
				  d, NULL),
			 0);
	ck_assert_msg(fa_tp_warned(d, "line 2 not understood") &&
			  fa_tp_warned(d, "line 3: a state or speed is not known"),
		      "A cut line and unknown words are warnings.");
	p = fa_device_find_port(d, "ib-i1l1s01/3");
	ck_assert_msg(p && !fa_obj_get_path(p, "ib.rate") && !fa_obj_get_path(p, "ib.phys_state") &&
			  fa_tp_int(p, "ib.peer.port_number") == 3,
		      "Unknown words are left out; the rest of the line is kept.");
	json_decref(d);
}
END_TEST

/* ---- sminfo and partitions.conf ------------------------------------------------------ */

START_TEST(parse_ib_sminfo_master)
{
	struct fa_err err = FA_ERR_INIT;
	json_t *d = fa_device_new("ib-fabric", "host");

	ck_assert_int_eq(
	    fa_t_file(fa_parse_ib_sminfo, fa_tp_own("tests/fixtures/ib/sminfo/master.txt"), d, NULL),
	    0);
	ck_assert_msg(fa_tp_int(d, "ib_sm.lid") == 1 && fa_tp_int(d, "ib_sm.priority") == 15,
		      "The SM is LID 1 at priority 15.");
	ck_assert_str_eq(fa_tp_str(d, "ib_sm.guid"), "0x248a0703006f0f50");
	ck_assert_str_eq(fa_tp_str(d, "ib_sm.state"), "master");
	ck_assert_msg(!fa_obj_get_path(d, "ib_sm.activity_count"),
		      "The activity count is left out.");

	ck_assert_int_eq(fa_t_str(fa_parse_ib_sminfo,
				  "sminfo: sm lid 4 sm guid 0x2c903000e0b70, activity count 1 "
				  "priority 0 state 2 ???\n",
				  d, NULL),
			 0);
	ck_assert_str_eq(fa_tp_str(d, "ib_sm.state"), "standby");
	ck_assert_str_eq(fa_tp_str(d, "ib_sm.guid"), "0x0002c903000e0b70");
	ck_assert_int_eq(fa_t_str(fa_parse_ib_sminfo,
				  "ibwarn: [3] _do_madrpc: recv failed: Connection timed out\n"
				  "sminfo: iberror: failed: query\n",
				  d, &err),
			 -FA_EPARSE);
	ck_assert_int_eq(fa_t_str(fa_parse_ib_sminfo, "", d, &err), -FA_EPARSE);
	json_decref(d);
}
END_TEST

/* The partition with P_Key @pkey. */
static json_t *fa_t_partition(const json_t *d, const char *pkey)
{
	json_t *e;
	size_t i;

	json_array_foreach(json_object_get(d, "ib_partitions"), i, e)
		if (strcmp(fa_tp_str(e, "pkey"), pkey) == 0)
			return e;
	return NULL;
}

START_TEST(parse_ib_partitions_opensm_format)
{
	json_t *d = fa_device_new("ib-fabric", "host"), *e, *m;

	ck_assert_int_eq(fa_t_file(fa_parse_ib_partitions,
				   fa_tp_own("tests/fixtures/ib/partitions-conf/opensm.txt"), d, NULL),
			 0);
	ck_assert_msg(json_array_size(json_object_get(d, "ib_partitions")) == 3,
		      "Three P_Keys: 0x7fff, 0x0001 (defined twice, merged) and 0x0010.");
	e = fa_t_partition(d, "0x7fff");
	ck_assert_str_eq(fa_tp_str(e, "name"), "Default");
	ck_assert_msg(json_is_true(json_object_get(e, "ipoib")) && fa_tp_int(e, "mtu") == 4096 &&
			  fa_tp_int(e, "rate") == 40000000000LL,
		      "Default is IPoIB with MTU code 5 (4096) and rate code 7 (40 Gb/s).");
	m = json_array_get(json_object_get(e, "members"), 0);
	ck_assert_str_eq(fa_tp_str(m, "group"), "ALL");
	ck_assert_str_eq(fa_tp_str(m, "membership"), "limited");
	ck_assert_str_eq(fa_tp_str(json_array_get(json_object_get(e, "members"), 1), "membership"),
			 "full");
	e = fa_t_partition(d, "0x0001");
	ck_assert_str_eq(fa_tp_str(e, "name"), "tenant-a");
	ck_assert_msg(json_array_size(json_object_get(e, "members")) == 4,
		      "tenant-a has its three GUIDs and the merged fourth.");
	m = json_array_get(json_object_get(e, "members"), 0);
	ck_assert_str_eq(fa_tp_str(m, "guid"), "0x7cfe9003003b4bde");
	ck_assert_str_eq(fa_tp_str(m, "membership"), "full");
	ck_assert_str_eq(fa_tp_str(json_array_get(json_object_get(e, "members"), 2), "membership"),
			 "limited");
	ck_assert_msg(fa_tp_int(e, "sl") == 1, "tenant-a uses SL 1.");
	e = fa_t_partition(d, "0x0010");
	ck_assert_msg(json_array_size(json_object_get(e, "members")) == 3,
		      "The multicast group is not a member; the next line's three are.");
	ck_assert_msg(fa_tp_int(e, "mtu") == 2048 && !fa_obj_get_path(e, "rate"),
		      "The group's rate is not the partition's.");
	ck_assert_msg(fa_tp_nwarn(d) == 1 && fa_tp_warned(d, "'limi'"),
		      "Only the misspelt membership is a warning.");
	json_decref(d);
}
END_TEST

START_TEST(parse_ib_partitions_broken)
{
	json_t *d = fa_device_new("ib-fabric", "host");

	ck_assert_int_eq(fa_t_str(fa_parse_ib_partitions, "# only comments\n", d, NULL), 0);
	ck_assert_msg(json_array_size(json_object_get(d, "ib_partitions")) == 0,
		      "A file without partitions gives an empty list.");
	ck_assert_int_eq(fa_t_str(fa_parse_ib_partitions,
				  "p1=0x12345, frobnicate : 0xzz, ALL=full;\nno colon here;\n"
				  "p2=0x2 : SELF",
				  d, NULL),
			 0);
	ck_assert_msg(fa_tp_warned(d, "'0x12345' is not a 16-bit number") &&
			  fa_tp_warned(d, "flag 'frobnicate'") && fa_tp_warned(d, "member '0xzz'") &&
			  fa_tp_warned(d, "without ':'") && fa_tp_warned(d, "not ended by ';'"),
		      "Each broken piece is a warning of its own.");
	ck_assert_str_eq(fa_tp_str(json_array_get(json_object_get(d, "ib_partitions"), 1), "pkey"),
			 "0x0002");
	json_decref(d);
}
END_TEST

/* The in-process discovery's document, captured by t2506 from the simulated fat tree. */
START_TEST(parse_ib_ibnd_fat_tree)
{
	struct fa_err err = FA_ERR_INIT;
	json_t *d = fa_device_new("ib-fabric", "host"), *p;
	json_int_t v;

	ck_assert_int_eq(fa_t_file(fa_parse_ib_ibnd,
				   fa_tp_own("tests/fixtures/ib/ibnd/fat-tree-1x.json"), d, &err), 0);
	ck_assert_uint_eq(fa_t_nports(d), 226);
	p = fa_device_port(d, "gpu002 mlx5_0/1");
	ck_assert_str_eq(fa_get_str(p, "ib.port_guid"), "0x248a070300c00031");
	ck_assert_str_eq(fa_get_str(p, "ib.node_type"), "ca");
	ck_assert_str_eq(fa_get_str(p, "ib.width"), "1X");
	ck_assert_str_eq(fa_get_str(p, "ib.width_best"), "12X");
	ck_assert(fa_get_int(p, "ib.rate", &v) == 1 && v == 10000000000LL);
	ck_assert(fa_get_int(p, "ib.rate_best", &v) == 1 && v == 120000000000LL);
	ck_assert(fa_get_int(p, "ib.lid", &v) == 1 && v == 11);
	ck_assert(fa_get_int(p, "ib.active_mtu", &v) == 1 && v == 2048);
	ck_assert_str_eq(fa_get_str(p, "ib.peer.node_name"), "leaf01");
	ck_assert(fa_get_int(p, "ib.peer.port_number", &v) == 1 && v == 2);
	ck_assert_str_eq(fa_get_str(p, "ib.state"), "active");
	ck_assert_str_eq(fa_get_str(p, "ib.phys_state"), "linkup");
	ck_assert_str_eq(json_string_value(json_array_get(json_object_get(p, "pkeys"), 1)),
			 "0x8a01");
	ck_assert(fa_get_int(p, "counters.tx_bytes", &v) == 1 && v > 0 && v % 4 == 0);
	ck_assert_str_eq(fa_get_str(json_object_get(d, "ib_sm"), "state"), "master");
	ck_assert_str_eq(fa_get_str(json_object_get(d, "ib_sm"), "guid"), "0x248a070300d00011");
	json_decref(d);

	/* bad input: one clear error, no crash */
	d = fa_device_new("ib-fabric", "host");
	ck_assert_int_eq(fa_t_str(fa_parse_ib_ibnd, "{\"format\": \"other/9\", \"nodes\": []}",
				  d, &err), -FA_EPARSE);
	ck_assert_int_eq(fa_t_str(fa_parse_ib_ibnd, "{\"format\": \"fabric-audit-ibnd/1\", "
				  "\"nodes\": [{\"ports\": [{\"number\": \"x\"}]}]}", d, &err),
			 -FA_EPARSE);
	json_decref(d);
}
END_TEST

Suite *fa_parse_ib_suite(void)
{
	Suite *s = suite_create("parse_ib");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, parse_ib_table_is_the_documented_one);
	tcase_add_loop_test(tc, parse_ib_survives_garbage, 0,
			    (int)fa_platform_ib_fabric.ncommands);
	tcase_add_test(tc, parse_ib_ibnetdiscover_ports_and_peers);
	tcase_add_test(tc, parse_ib_ibnetdiscover_variants);
	tcase_add_test(tc, parse_ib_iblinkinfo_updates_discovered_ports);
	tcase_add_test(tc, parse_ib_iblinkinfo_could_be_hints);
	tcase_add_test(tc, parse_ib_iblinkinfo_grouped_layout);
	tcase_add_test(tc, parse_ib_smir_master_standby);
	tcase_add_test(tc, parse_ib_issm_rival_masters);
	tcase_add_test(tc, parse_ib_pkeys_ca_ports);
	tcase_add_test(tc, parse_ib_ibswinfo_switch_identity);
	tcase_add_test(tc, parse_ib_ibswinfo_variants);
	tcase_add_test(tc, parse_ib_perfquery_counters);
	tcase_add_test(tc, parse_ib_perfquery_variants);
	tcase_add_test(tc, parse_ib_perfquery_basic_block);
	tcase_add_test(tc, parse_ib_sminfo_master);
	tcase_add_test(tc, parse_ib_ibnd_fat_tree);
	tcase_add_test(tc, parse_ib_partitions_opensm_format);
	tcase_add_test(tc, parse_ib_partitions_broken);
	suite_add_tcase(s, tc);
	return s;
}
