/* SPDX-License-Identifier: MIT */
/*
 * The iproute2 dcb parsers (pfc, ets, app, buffer; text and -j JSON) on the samples of
 * tests/fixtures/linux/dcb (written from the tool's print code: see SOURCES.md there), and
 * the fallback that sends dcb only where mlnx_qos failed.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/linux/parse-linux.h"
#include "drivers/platform.h"
#include "tests/unit/parse-helpers.h"
#include "tests/unit/unit.h"
#include "audit/util/banned.h"

#define DCB "tests/fixtures/linux/dcb/"

static int fa_dcb_file(fa_parse_fn *fn, const char *command, const char *rel, json_t *d,
		       struct fa_err *err)
{
	return fa_tp_file(fn, "gpu001", command, "ens1f0np0", fa_tp_own(rel), d, err);
}

static int fa_dcb_text(fa_parse_fn *fn, const char *text, json_t *d, struct fa_err *err)
{
	return fa_tp_run(fn, "gpu001", "dcb ets show dev ens1f0np0", "ens1f0np0", text,
			 strlen(text), d, err);
}

/* The integers at @path as "a,b,c" in @buf. */
static const char *fa_dcb_ints(const json_t *port, const char *path, char *buf, size_t size)
{
	const json_t *a = fa_obj_get_path(port, path), *v;
	size_t i, n = 0;

	buf[0] = '\0';
	if (!json_is_array(a))
		return "(absent)";
	json_array_foreach(a, i, v) {
		int w = snprintf(buf + n, size - n, "%s%lld", i ? "," : "",
				 (long long)json_integer_value(v));

		if (w < 0 || (size_t)w >= size - n)
			break;
		n += (size_t)w;
	}
	return buf;
}

static const char *fa_dcb_strs(const json_t *port, const char *path, char *buf, size_t size)
{
	const json_t *a = fa_obj_get_path(port, path), *v;
	size_t i, n = 0;

	buf[0] = '\0';
	if (!json_is_array(a))
		return "(absent)";
	json_array_foreach(a, i, v) {
		int w = snprintf(buf + n, size - n, "%s%s", i ? "," : "", json_string_value(v));

		if (w < 0 || (size_t)w >= size - n)
			break;
		n += (size_t)w;
	}
	return buf;
}

START_TEST(parse_dcb_pfc_text_and_json)
{
	static const struct {
		const char *command, *file, *want;
	} cases[] = {
	    {"dcb pfc show dev ens1f0np0", DCB "pfc-show.txt", "3"},
	    {"dcb -s pfc show dev ens1f0np0", DCB "pfc-show-stats.txt", "3,4"},
	    {"dcb -j pfc show dev ens1f0np0", DCB "pfc-show.json", "3"},
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct fa_err err = FA_ERR_INIT;
		json_t *d = fa_device_new("gpu001", "host");
		char buf[64];

		ck_assert_msg(fa_dcb_file(fa_parse_linux_dcb_pfc, cases[i].command, cases[i].file, d,
					  &err) == 0,
			      "%s parses (%s).", cases[i].file, err.msg);
		ck_assert_str_eq(fa_dcb_ints(fa_device_find_port(d, "ens1f0np0"),
					     "qos.pfc_enabled", buf, sizeof(buf)),
				 cases[i].want);
		/* Linux DCB has one PFC bit per priority for both directions */
		ck_assert_str_eq(fa_dcb_ints(fa_device_find_port(d, "ens1f0np0"), "qos.pfc_rx", buf,
					     sizeof(buf)),
				 cases[i].want);
		ck_assert_str_eq(fa_dcb_ints(fa_device_find_port(d, "ens1f0np0"), "qos.pfc_tx", buf,
					     sizeof(buf)),
				 cases[i].want);
		ck_assert_msg(fa_tp_nwarn(d) == 0, "%s is understood in full.", cases[i].file);
		json_decref(d);
	}
}
END_TEST

START_TEST(parse_dcb_pfc_none_enabled_and_errors)
{
	struct fa_err err = FA_ERR_INIT;
	json_t *d = fa_device_new("gpu001", "host");
	const json_t *a;

	ck_assert_int_eq(fa_tp_run(fa_parse_linux_dcb_pfc, "gpu001", "dcb pfc show dev eth0",
				   "eth0",
				   "pfc-cap 8 macsec-bypass off delay 0 \n"
				   "prio-pfc 0:off 1:off 2:off 3:off 4:off 5:off 6:off 7:off \n",
				   95, d, &err),
			 0);
	a = fa_obj_get_path(fa_device_find_port(d, "eth0"), "qos.pfc_enabled");
	ck_assert_msg(json_is_array(a) && json_array_size(a) == 0,
		      "PFC off on every priority is an empty list, not an absent field.");

	ck_assert_int_eq(fa_tp_run(fa_parse_linux_dcb_pfc, "gpu001", "dcb pfc show dev eth0",
				   "eth0", "pfc-cap 8 macsec-bypass off delay 0 \n", 37, d, &err),
			 -FA_EPARSE);
	ck_assert_msg(strstr(err.msg, "no prio-pfc line") != NULL, "The error says why: %s",
		      err.msg);
	ck_assert_int_eq(fa_tp_run(fa_parse_linux_dcb_pfc, "gpu001", "dcb pfc show dev eth0",
				   "eth0", "prio-pfc 0:off 1:off 2:on 3:off\n", 32, d, &err),
			 -FA_EPARSE);
	ck_assert_msg(strstr(err.msg, "all 8") != NULL, "A short map is refused: %s", err.msg);
	ck_assert_int_eq(fa_tp_run(fa_parse_linux_dcb_pfc, "gpu001", "dcb pfc show dev eth0",
				   "eth0", "prio-pfc 0:maybe\n", 17, d, &err),
			 -FA_EPARSE);
	ck_assert_int_eq(fa_tp_run(fa_parse_linux_dcb_pfc, "gpu001", "dcb -j pfc show dev eth0",
				   "eth0", "{\"pfc_cap\":8,\"prio_pfc\":[true]}", 31, d, &err),
			 -FA_EPARSE);
	ck_assert_int_eq(fa_tp_run(fa_parse_linux_dcb_pfc, "gpu001", "dcb -j pfc show dev eth0",
				   "eth0", "{\"pfc_cap\":8,", 13, d, &err),
			 -FA_EPARSE);
	ck_assert_int_eq(fa_tp_run(fa_parse_linux_dcb_pfc, "gpu001", "dcb pfc show dev", NULL,
				   "prio-pfc 0:off\n", 15, d, &err),
			 -FA_EINVAL);
	json_decref(d);
}
END_TEST

START_TEST(parse_dcb_ets_text_and_json)
{
	static const char *const files[] = {DCB "ets-show.txt", DCB "ets-show.json"};
	size_t i;

	for (i = 0; i < 2; i++) {
		struct fa_err err = FA_ERR_INIT;
		json_t *d = fa_device_new("gpu001", "host"), *p;
		char buf[128];

		ck_assert_msg(fa_dcb_file(fa_parse_linux_dcb_ets, "dcb ets show dev ens1f0np0",
					  files[i], d, &err) == 0,
			      "%s parses (%s).", files[i], err.msg);
		p = fa_device_find_port(d, "ens1f0np0");
		ck_assert_str_eq(fa_dcb_ints(p, "qos.ets.bandwidth", buf, sizeof(buf)),
				 "13,13,14,20,10,10,0,20");
		ck_assert_str_eq(fa_dcb_strs(p, "qos.ets.tsa", buf, sizeof(buf)),
				 "ets,ets,ets,ets,ets,ets,strict,ets");
		ck_assert_str_eq(fa_dcb_ints(p, "qos.priority_to_tc", buf, sizeof(buf)),
				 "1,0,2,3,4,5,6,7");
		ck_assert_msg(fa_tp_nwarn(d) == 0,
			      "%s is understood in full (the reco-* maps are not the port's).",
			      files[i]);
		json_decref(d);
	}
}
END_TEST

START_TEST(parse_dcb_ets_partial_unknown_and_errors)
{
	struct fa_err err = FA_ERR_INIT;
	json_t *d = fa_device_new("gpu001", "host"), *p;
	char buf[128];

	/* "dcb ets show dev IF prio-tc" prints one map: only that field is written. */
	ck_assert_int_eq(fa_dcb_text(fa_parse_linux_dcb_ets, "prio-tc 0:0 1:0 2:0 3:3 4:0 5:0 6:0 7:0 \n",
				     d, &err),
			 0);
	p = fa_device_find_port(d, "ens1f0np0");
	ck_assert_str_eq(fa_dcb_ints(p, "qos.priority_to_tc", buf, sizeof(buf)),
			 "0,0,0,3,0,0,0,0");
	ck_assert_msg(!fa_obj_get_path(p, "qos.ets.tsa") && !fa_obj_get_path(p, "qos.ets.bandwidth"),
		      "Maps not printed stay absent.");
	json_decref(d);

	/* A TSA dcb has no name for prints as three question marks: a warning, TSAs left out. */
	d = fa_device_new("gpu001", "host");
	ck_assert_int_eq(fa_dcb_text(fa_parse_linux_dcb_ets,
				     "tc-tsa 0:ets 1:ets 2:ets 3:ets 4:?\?? 5:ets 6:strict 7:ets \n"
				     "tc-bw 0:20 1:20 2:20 3:20 4:0 5:20 6:0 7:0 \n"
				     "sparkle on\n",
				     d, &err),
			 0);
	p = fa_device_find_port(d, "ens1f0np0");
	ck_assert_msg(!fa_obj_get_path(p, "qos.ets.tsa"), "An unknown TSA leaves the TSAs out.");
	ck_assert_str_eq(fa_dcb_ints(p, "qos.ets.bandwidth", buf, sizeof(buf)),
			 "20,20,20,20,0,20,0,0");
	ck_assert_msg(fa_tp_warned(d, "TC 4 has an unknown TSA '?\?\?'"), "The TSA is named.");
	ck_assert_msg(fa_tp_warned(d, "line 3 not understood: sparkle on"),
		      "A line not understood is a warning with its number.");
	json_decref(d);

	d = fa_device_new("gpu001", "host");
	ck_assert_int_eq(fa_dcb_text(fa_parse_linux_dcb_ets, "willing off ets-cap 8 cbs off \n", d,
				     &err),
			 -FA_EPARSE);
	ck_assert_int_eq(fa_dcb_text(fa_parse_linux_dcb_ets, "tc-bw 0:20 9:20\n", d, &err),
			 -FA_EPARSE);
	ck_assert_int_eq(fa_dcb_text(fa_parse_linux_dcb_ets, "{\"tc_bw\":[1,2,3]}", d, &err),
			 -FA_EPARSE);
	ck_assert_msg(strstr(err.msg, "tc_bw") != NULL, "The JSON error names the key: %s",
		      err.msg);
	ck_assert_int_eq(fa_dcb_text(fa_parse_linux_dcb_ets, "{\"willing\":false}", d, &err),
			 -FA_EPARSE);
	json_decref(d);
}
END_TEST

/* Run @fn on the literal @text as @command's output for eth0. */
static int fa_dcb_run(fa_parse_fn *fn, const char *command, const char *text, json_t *d,
		      struct fa_err *err)
{
	return fa_tp_run(fn, "gpu001", command, "eth0", text, strlen(text), d, err);
}

/* The DSCP map of the app fixtures: DSCP >> 3, but 26 -> 3 and 48 -> 6. */
static void fa_dcb_check_dscp_map(const json_t *p, const char *file)
{
	const json_t *a = fa_obj_get_path(p, "qos.dscp_to_priority");
	size_t i;

	ck_assert_msg(json_is_array(a) && json_array_size(a) == 64, "%s: 64 DSCPs.", file);
	for (i = 0; i < 64; i++) {
		json_int_t want = i == 26 ? 3 : i == 48 ? 6 : (json_int_t)(i >> 3);

		ck_assert_msg(json_integer_value(json_array_get(a, i)) == want,
			      "%s: DSCP %zu is priority %lld.", file, i, (long long)want);
	}
}

START_TEST(parse_dcb_app_text_and_json)
{
	static const char *const files[] = {DCB "app-show.txt", DCB "app-show-numeric.txt",
					    DCB "app-show.json", DCB "app-show-6.1.json"};
	size_t i;

	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		struct fa_err err = FA_ERR_INIT;
		json_t *d = fa_device_new("gpu001", "host"), *p;

		ck_assert_msg(fa_dcb_file(fa_parse_linux_dcb_app, "dcb app show dev ens1f0np0",
					  files[i], d, &err) == 0,
			      "%s parses (%s).", files[i], err.msg);
		p = fa_device_find_port(d, "ens1f0np0");
		ck_assert_str_eq(fa_tp_str(p, "qos.trust"), "dscp");
		fa_dcb_check_dscp_map(p, files[i]);
		ck_assert_msg(fa_tp_nwarn(d) == 0, "%s is understood in full.", files[i]);
		json_decref(d);
	}
}
END_TEST

START_TEST(parse_dcb_app_pcp_partial_and_errors)
{
	struct fa_err err = FA_ERR_INIT;
	json_t *d = fa_device_new("gpu001", "host"), *p;

	/* No DSCP entry: the port classifies by PCP.  An empty table prints nothing or {}. */
	ck_assert_int_eq(fa_dcb_run(fa_parse_linux_dcb_app, "dcb -j app show dev eth0",
				    "{}\n", d, &err),
			 0);
	ck_assert_str_eq(fa_tp_str(fa_device_find_port(d, "eth0"), "qos.trust"), "pcp");
	json_decref(d);
	d = fa_device_new("gpu001", "host");
	ck_assert_int_eq(fa_dcb_run(fa_parse_linux_dcb_app, "dcb app show dev eth0",
				    "", d, &err),
			 0);
	ck_assert_str_eq(fa_tp_str(fa_device_find_port(d, "eth0"), "qos.trust"), "pcp");
	json_decref(d);

	/* Other selectors are recognised and left; a partial DSCP table gives no map. */
	d = fa_device_new("gpu001", "host");
	ck_assert_int_eq(fa_dcb_run(fa_parse_linux_dcb_app, "dcb app show dev eth0",
				    "ethtype-prio 8906:3 \ndefault-prio 0 \n"
				   "dscp-prio default:0 CS3:3 CS6:6 \npcp-prio 3nd:3 \n", d, &err),
			 0);
	p = fa_device_find_port(d, "eth0");
	ck_assert_str_eq(fa_tp_str(p, "qos.trust"), "dscp");
	ck_assert_msg(!fa_obj_get_path(p, "qos.dscp_to_priority"), "A partial map is left out.");
	ck_assert_msg(fa_tp_warned(d, "maps 3 of 64 DSCPs"), "and says how much it had.");
	ck_assert_int_eq((int)fa_tp_nwarn(d), 1);
	json_decref(d);

	/* A DSCP with two priorities, a name from a site's own rt_dsfield: no map. */
	d = fa_device_new("gpu001", "host");
	ck_assert_int_eq(fa_dcb_run(fa_parse_linux_dcb_app, "dcb app show dev eth0",
				    "dscp-prio CS3:2 CS3:3 \n", d, &err),
			 0);
	ck_assert_msg(fa_tp_warned(d, "a DSCP has two priorities"), "Two priorities are named.");
	json_decref(d);
	d = fa_device_new("gpu001", "host");
	ck_assert_int_eq(fa_dcb_run(fa_parse_linux_dcb_app, "dcb app show dev eth0",
				    "dscp-prio roce:3 \n", d, &err),
			 0);
	ck_assert_msg(fa_tp_warned(d, "DSCP 'roce' not known"), "An unknown name is named.");
	ck_assert_str_eq(fa_tp_str(fa_device_find_port(d, "eth0"), "qos.trust"), "dscp");

	ck_assert_int_eq(fa_dcb_run(fa_parse_linux_dcb_app, "dcb app show dev eth0",
				    "dscp-prio 24:9 \n", d, &err),
			 -FA_EPARSE);
	ck_assert_msg(strstr(err.msg, "24:9") != NULL, "The entry is quoted: %s", err.msg);
	ck_assert_int_eq(fa_dcb_run(fa_parse_linux_dcb_app, "dcb app show dev eth0",
				    "Attribute read: Operation not supported\n", d, &err),
			 -FA_EPARSE);
	ck_assert_int_eq(fa_dcb_run(fa_parse_linux_dcb_app, "dcb -j app show dev eth0",
				    "{\"dscp_prio\":[[64,1]]}", d, &err),
			 -FA_EPARSE);
	ck_assert_int_eq(fa_dcb_run(fa_parse_linux_dcb_app, "dcb -j app show dev eth0",
				    "{\"dscp_prio\":{}}", d, &err),
			 -FA_EPARSE);
	json_decref(d);
}
END_TEST

START_TEST(parse_dcb_buffer_text_and_json)
{
	static const char *const files[] = {DCB "buffer-show.txt", DCB "buffer-show.json"};
	size_t i;

	for (i = 0; i < 2; i++) {
		struct fa_err err = FA_ERR_INIT;
		json_t *d = fa_device_new("gpu001", "host"), *p;
		char buf[128];

		ck_assert_msg(fa_dcb_file(fa_parse_linux_dcb_buffer, "dcb buffer show dev ens1f0np0",
					  files[i], d, &err) == 0,
			      "%s parses (%s).", files[i], err.msg);
		p = fa_device_find_port(d, "ens1f0np0");
		ck_assert_str_eq(fa_dcb_ints(p, "qos.buffer.prio_to_buffer", buf, sizeof(buf)),
				 "0,0,0,1,0,0,0,0");
		/* "153Kb" in the text is 153 KiB */
		ck_assert_str_eq(fa_dcb_ints(p, "qos.buffer.size", buf, sizeof(buf)),
				 "20352,156672,0,0,0,0,0,0");
		ck_assert_int_eq(fa_tp_int(p, "qos.buffer.max_size"), 1043232);
		ck_assert_msg(fa_tp_nwarn(d) == 0, "%s is understood in full.", files[i]);
		json_decref(d);
	}
}
END_TEST

START_TEST(parse_dcb_buffer_units_partial_and_errors)
{
	struct fa_err err = FA_ERR_INIT;
	json_t *d = fa_device_new("gpu001", "host"), *p;
	char buf[128];

	/* The man page's units: Kb and Mb, each a whole number of KiB / MiB. */
	ck_assert_int_eq(fa_dcb_run(fa_parse_linux_dcb_buffer, "dcb buffer show dev eth0",
				    "buffer-size 0:10Kb 1:10Kb 2:10Kb 3:10Kb 4:10Kb 5:10Kb 6:1Mb 7:10Kb \n"
				   "total-size 1222Kb \n", d, &err),
			 0);
	p = fa_device_find_port(d, "eth0");
	ck_assert_str_eq(fa_dcb_ints(p, "qos.buffer.size", buf, sizeof(buf)),
			 "10240,10240,10240,10240,10240,10240,1048576,10240");
	ck_assert_int_eq(fa_tp_int(p, "qos.buffer.max_size"), 1222 * 1024);
	ck_assert_msg(!fa_obj_get_path(p, "qos.buffer.prio_to_buffer"), "Not printed, not set.");
	json_decref(d);

	/* A size in exponent form is not read; the rest is. */
	d = fa_device_new("gpu001", "host");
	ck_assert_int_eq(fa_dcb_run(fa_parse_linux_dcb_buffer, "dcb buffer show dev eth0",
				    "prio-buffer 0:0 1:0 2:0 3:3 4:0 5:0 6:0 7:0 \n"
				   "buffer-size 0:1.04858e+06Kb 1:0b 2:0b 3:0b 4:0b 5:0b 6:0b 7:0b \n", d, &err),
			 0);
	p = fa_device_find_port(d, "eth0");
	ck_assert_str_eq(fa_dcb_ints(p, "qos.buffer.prio_to_buffer", buf, sizeof(buf)),
			 "0,0,0,3,0,0,0,0");
	ck_assert_msg(!fa_obj_get_path(p, "qos.buffer.size"), "Sizes not read stay absent.");
	ck_assert_msg(fa_tp_warned(d, "sizes not recorded"), "and a warning says so.");
	json_decref(d);

	d = fa_device_new("gpu001", "host");
	ck_assert_int_eq(fa_dcb_run(fa_parse_linux_dcb_buffer, "dcb buffer show dev eth0",
				    "prio-buffer 0:0 9:1\n", d, &err),
			 -FA_EPARSE);
	ck_assert_int_eq(fa_dcb_run(fa_parse_linux_dcb_buffer, "dcb buffer show dev eth0",
				    "total-size lots\n", d, &err),
			 -FA_EPARSE);
	ck_assert_int_eq(fa_dcb_run(fa_parse_linux_dcb_buffer, "dcb buffer show dev eth0",
				    "Attribute read: Operation not supported\n", d, &err),
			 -FA_EPARSE);
	ck_assert_msg(strstr(err.msg, "no prio-buffer") != NULL, "The error says why: %s",
		      err.msg);
	ck_assert_int_eq(fa_dcb_run(fa_parse_linux_dcb_buffer, "dcb -j buffer show dev eth0",
				    "{\"prio_buffer\":[0,0,0,8,0,0,0,0]}", d, &err),
			 -FA_EPARSE);
	ck_assert_int_eq(fa_dcb_run(fa_parse_linux_dcb_buffer, "dcb -j buffer show dev eth0",
				    "{\"total_size\":\"1M\"}", d, &err),
			 -FA_EPARSE);
	json_decref(d);
}
END_TEST

/* dcb is sent only where mlnx_qos failed: the table says so, in this order. */
START_TEST(parse_dcb_falls_back_on_mlnx_qos)
{
	const struct fa_platform *p = fa_platform_find("linux");
	size_t i, qos = 0, n = 0;

	ck_assert_ptr_nonnull(p);
	for (i = 0; i < p->ncommands; i++) {
		const struct fa_command *c = &p->commands[i];

		if (strcmp(c->command, "mlnx_qos -i IF") == 0) {
			qos = i;
			ck_assert_msg(c->flags & FA_CMD_OPTIONAL, "A host may lack mlnx_qos.");
		}
		if (c->flags & FA_CMD_FALLBACK) {
			ck_assert_msg(qos && i > qos && strncmp(c->command, "dcb -j ", 7) == 0 &&
					  c->expand == FA_EXPAND_NETDEV,
				      "'%s' follows mlnx_qos, per interface.", c->command);
			n++;
		}
	}
	ck_assert_msg(n == 4, "Four dcb commands stand in for mlnx_qos (%zu).", n);
}
END_TEST

Suite *fa_parse_dcb_suite(void)
{
	Suite *s = suite_create("parse_dcb");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, parse_dcb_pfc_text_and_json);
	tcase_add_test(tc, parse_dcb_pfc_none_enabled_and_errors);
	tcase_add_test(tc, parse_dcb_ets_text_and_json);
	tcase_add_test(tc, parse_dcb_ets_partial_unknown_and_errors);
	tcase_add_test(tc, parse_dcb_app_text_and_json);
	tcase_add_test(tc, parse_dcb_app_pcp_partial_and_errors);
	tcase_add_test(tc, parse_dcb_buffer_text_and_json);
	tcase_add_test(tc, parse_dcb_buffer_units_partial_and_errors);
	tcase_add_test(tc, parse_dcb_falls_back_on_mlnx_qos);
	suite_add_tcase(s, tc);
	return s;
}
