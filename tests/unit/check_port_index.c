/* SPDX-License-Identifier: MIT */
/*
 * The port index (fa_device_index_begin): lookups stay right while ports are appended,
 * reordered or replaced, and parsing an output of 2n interfaces costs about twice n, not four
 * times (issue: 20,000 interfaces took 7 s when every lookup scanned the ports).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "audit/model.h"
#include "audit/util/buf.h"
#include "drivers/cumulus/parse-cumulus.h"
#include "drivers/linux/parse-linux.h"
#include "tests/unit/timing.h"
#include "tests/unit/unit.h"

START_TEST(port_index_follows_changes)
{
	json_t *d = fa_device_new("leaf01", "switch"), *ports, *a, *b, *c, *x, *fresh;

	fa_device_index_begin(d);
	a = fa_device_port(d, "swp1");
	b = fa_device_port(d, "swp2");
	ck_assert_msg(fa_device_port(d, "swp1") == a, "An indexed port is found, not made again.");
	ck_assert_uint_eq(json_array_size(json_object_get(d, "ports")), 2);
	/* appended behind the index's back */
	ports = json_object_get(d, "ports");
	c = json_object();
	json_object_set_new(c, "name", json_string("swp3"));
	json_array_append_new(ports, c);
	ck_assert_msg(fa_device_find_port(d, "swp3") == c, "A port appended directly is found.");
	/* a second port of the same name: the first one is the answer, as without an index */
	x = json_object();
	json_object_set_new(x, "name", json_string("swp1"));
	json_array_append_new(ports, x);
	ck_assert_msg(fa_device_find_port(d, "swp1") == a, "The first of two equal names wins.");
	/* reordered in place (as fa_snapshot_sort_ports does) */
	json_incref(a);
	json_incref(b);
	json_incref(c);
	json_array_clear(ports);
	json_array_append_new(ports, c);
	json_array_append_new(ports, b);
	json_array_append_new(ports, a);
	ck_assert_msg(fa_device_find_port(d, "swp1") == a, "A reordered array is indexed again.");
	ck_assert_msg(fa_device_find_port(d, "swp3") == c, "A reordered array is indexed again.");
	ck_assert_msg(fa_device_find_port(d, "swp9") == NULL, "An unknown name is not found.");
	/* the whole array replaced */
	fresh = json_array();
	json_object_set_new(d, "ports", fresh);
	ck_assert_msg(fa_device_find_port(d, "swp1") == NULL, "A replaced array's ports are gone.");
	x = fa_device_port(d, "swp1");
	ck_assert_msg(json_array_get(fresh, 0) == x && json_array_size(fresh) == 1,
		      "A port is made in the new array.");
	/* nested begin/end on one device, then no index at all: same answers */
	fa_device_index_begin(d);
	fa_device_index_end(d);
	ck_assert_msg(fa_device_find_port(d, "swp1") == x, "The outer index is still active.");
	fa_device_index_end(d);
	ck_assert_msg(fa_device_find_port(d, "swp1") == x, "Without an index the scan finds it.");
	ck_assert_msg(fa_device_find_port(d, NULL) == NULL, "No name finds no port.");
	json_decref(d);
}
END_TEST

/* "nv show interface -o json" or "ip -j -d link show" with @n interfaces. */
static void fa_t_interfaces(struct fa_buf *b, bool cumulus, size_t n)
{
	size_t i;

	fa_buf_reset(b);
	fa_buf_adds(b, cumulus ? "{" : "[");
	for (i = 0; i < n; i++) {
		if (cumulus)
			fa_buf_addf(b, "%s\"swp%zu\":{\"type\":\"swp\",\"link\":{\"mtu\":9216,"
				    "\"speed\":\"400G\",\"oper-status\":\"up\"}}",
				    i ? "," : "", i + 1);
		else
			fa_buf_addf(b, "%s{\"ifindex\":%zu,\"ifname\":\"eth%zu\",\"mtu\":9000,"
				    "\"operstate\":\"UP\",\"link_type\":\"ether\","
				    "\"address\":\"02:00:00:00:%02zx:%02zx\"}",
				    i ? "," : "", i + 1, i, (i >> 8) & 255, i & 255);
	}
	fa_buf_adds(b, cumulus ? "}" : "]");
}

/* Best of three: the CPU seconds to parse @n interfaces the way collect does. */
static double fa_t_parse_time(fa_parse_fn *fn, bool cumulus, size_t n)
{
	struct fa_buf b = FA_BUF_INIT;
	double best = 1e9;
	int run;

	fa_t_interfaces(&b, cumulus, n);
	for (run = 0; run < 3; run++) {
		struct fa_capture cap = FA_CAPTURE_INIT;
		json_t *d = fa_device_new("big", cumulus ? "switch" : "host");
		double t0 = fa_t_cpu(), t;

		cap.device = "big";
		cap.data = b.buf;
		cap.len = b.len;
		fa_device_index_begin(d);
		ck_assert_int_eq(fn(&cap, d, NULL), 0);
		fa_device_index_end(d);
		t = fa_t_cpu() - t0;
		ck_assert_uint_eq(json_array_size(json_object_get(d, "ports")), n);
		json_decref(d);
		if (t < best)
			best = t;
	}
	fa_buf_release(&b);
	return best;
}

static const struct {
	const char *what;
	fa_parse_fn *fn;
	bool cumulus;
} fa_t_parsers[] = {
	{ "nv show interface -o json", fa_parse_cumulus_interface, true },
	{ "ip -j -d link show", fa_parse_linux_ip_link, false },
};

/*
 * Eight times the interfaces must not take sixty-four times as long: 32x leaves room for a
 * loaded machine on both sides (a linear parser measured 9-11x after the warm-up, see
 * check_parse_linear.c; a scan per lookup is 64x).
 */
START_TEST(port_index_parse_is_linear)
{
	const size_t n = 4000;
	double t1, t8;

	fa_t_steady_heap();
	/* warm-up: the heap grows to its peak once */
	fa_t_parse_time(fa_t_parsers[_i].fn, fa_t_parsers[_i].cumulus, 8 * n);
	t1 = fa_t_parse_time(fa_t_parsers[_i].fn, fa_t_parsers[_i].cumulus, n);
	t8 = fa_t_parse_time(fa_t_parsers[_i].fn, fa_t_parsers[_i].cumulus, 8 * n);

	ck_assert_msg(t8 < 32.0 * t1 + 0.01,
		      "'%s': %zu interfaces took %.4f s of CPU, %zu took %.4f s (%.1fx): not linear.",
		      fa_t_parsers[_i].what, n, t1, 8 * n, t8, t8 / t1);
}
END_TEST

Suite *fa_port_index_suite(void)
{
	Suite *s = suite_create("port_index");
	TCase *tc = tcase_create("port_index");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, port_index_follows_changes);
	tcase_add_loop_test(tc, port_index_parse_is_linear, 0,
			    (int)(sizeof(fa_t_parsers) / sizeof(fa_t_parsers[0])));
	suite_add_tcase(s, tc);
	return s;
}
