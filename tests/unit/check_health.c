/* SPDX-License-Identifier: MIT */
/* Health from two readings of the counters: deltas, resets, bit error rate, history. */
#include "config.h"

#include <math.h>

#include "audit/health.h"
#include "audit/model.h"
#include "tests/unit/unit.h"

static json_t *load(const char *text)
{
	json_error_t e;
	json_t *v = json_loads(text, 0, &e);

	ck_assert_msg(v != NULL, "The test JSON parses: %s", e.text);
	return v;
}

START_TEST(health_delta_of_each_counter)
{
	json_t *port = load("{\"name\": \"eth0\", \"speed\": 100000000000, \"counters\": {"
			    "\"rx_pause\": [0, 0, 0, 9000, 0, 0, 0, 0], \"crc_errors\": 12,"
			    "\"corrected_bits\": 2000, \"link_down_events\": 3}}");
	json_t *prev = load("{\"rx_pause\": [0, 0, 0, 1000, 0, 0, 0, 0], \"crc_errors\": 2,"
			    "\"corrected_bits\": 0, \"link_down_events\": 3, \"symbol_errors\": 5}");
	json_int_t v = 0;

	ck_assert_int_eq(fa_health_derive_port(port, prev, 2.0, "sample"), 1);
	ck_assert_str_eq(fa_get_str(port, "health.baseline"), "sample");
	ck_assert(json_real_value(fa_obj_get_path(port, "health.interval_s")) == 2.0);
	ck_assert_int_eq(json_integer_value(json_array_get(
		fa_obj_get_path(port, "health.delta.rx_pause"), 3)), 8000);
	ck_assert_int_eq(fa_get_int(port, "health.delta.crc_errors", &v), 1);
	ck_assert_int_eq(v, 10);
	ck_assert_int_eq(fa_get_int(port, "health.delta.link_down_events", &v), 1);
	ck_assert_int_eq(v, 0);
	ck_assert_int_eq(fa_get_int(port, "health.previous.crc_errors", &v), 1);
	ck_assert_int_eq(v, 2);
	ck_assert_msg(!fa_obj_get_path(port, "health.delta.symbol_errors"),
		      "A counter missing from one reading has no delta.");
	/* 2000 corrected bits over 100 Gb/s for 2 s */
	ck_assert(fabs(json_real_value(fa_obj_get_path(port, "health.pre_fec_ber")) - 1e-8) <
		  1e-12);
	ck_assert_msg(!fa_obj_get_path(port, "health.reset"), "No counter went back.");
	json_decref(port);
	json_decref(prev);
}
END_TEST

START_TEST(health_counter_gone_back_has_no_delta)
{
	json_t *port = load("{\"name\": \"eth0\", \"counters\": {\"crc_errors\": 1,"
			    "\"tx_pause\": [0, 0, 0, 5, 0, 0, 0, 0], \"rx_bytes\": 100}}");
	json_t *prev = load("{\"crc_errors\": 7, \"tx_pause\": [0, 0, 0, 9, 0, 0, 0, 0],"
			    "\"rx_bytes\": 50}");
	json_t *reset;

	ck_assert_int_eq(fa_health_derive_port(port, prev, 60, "history"), 1);
	ck_assert_msg(!fa_obj_get_path(port, "health.delta.crc_errors") &&
			      !fa_obj_get_path(port, "health.delta.tx_pause"),
		      "A cleared counter gets no made-up delta.");
	reset = fa_obj_get_path(port, "health.reset");
	ck_assert_int_eq(json_array_size(reset), 2);
	ck_assert_str_eq(json_string_value(json_array_get(reset, 0)), "tx_pause");
	ck_assert_str_eq(json_string_value(json_array_get(reset, 1)), "crc_errors");
	ck_assert_msg(fa_obj_get_path(port, "health.delta.rx_bytes"), "Other counters keep theirs.");
	ck_assert_msg(!fa_obj_get_path(port, "health.pre_fec_ber"), "No BER without data.");
	json_decref(port);
	json_decref(prev);
}
END_TEST

START_TEST(health_needs_two_readings_and_time)
{
	json_t *port = load("{\"name\": \"eth0\", \"counters\": {\"crc_errors\": 1},"
			    "\"phy\": {\"raw_ber\": 3e-9}}");
	json_t *prev = load("{\"crc_errors\": 1}");

	ck_assert_int_eq(fa_health_derive_port(port, NULL, 2, "sample"), 0);
	ck_assert_int_eq(fa_health_derive_port(port, prev, 0, "sample"), 0);
	ck_assert_msg(!json_object_get(port, "health"), "One reading gives no health.");
	ck_assert_int_eq(fa_health_derive_port(port, prev, 2, "sample"), 1);
	ck_assert_msg(json_real_value(fa_obj_get_path(port, "health.pre_fec_ber")) == 3e-9,
		      "Without corrected bits, the NIC's own BER estimate is taken.");
	json_decref(port);
	json_decref(prev);
}
END_TEST

START_TEST(health_from_the_previous_snapshot)
{
	json_t *now = load("[{\"name\": \"gpu1\", \"status\": \"ok\","
			   "  \"counters_read_at\": \"2026-12-03T10:05:00.250Z\", \"ports\": ["
			   "  {\"name\": \"eth0\", \"counters\": {\"carrier_changes\": 6}},"
			   "  {\"name\": \"eth1\", \"counters\": {\"carrier_changes\": 2}},"
			   "  {\"name\": \"eth2\", \"counters\": {\"carrier_changes\": 2},"
			   "   \"health\": {\"baseline\": \"sample\"}}]},"
			   " {\"name\": \"gpu2\", \"status\": \"ok\","
			   "  \"counters_read_at\": \"2026-12-03T10:00:00Z\", \"ports\": ["
			   "  {\"name\": \"eth0\", \"counters\": {\"carrier_changes\": 9}}]}]");
	json_t *prev = load("[{\"name\": \"gpu1\", \"status\": \"ok\","
			    "  \"counters_read_at\": \"2026-12-03T10:00:00Z\", \"ports\": ["
			    "  {\"name\": \"eth1\", \"counters\": {\"carrier_changes\": 2}},"
			    "  {\"name\": \"eth0\", \"counters\": {\"carrier_changes\": 4}},"
			    "  {\"name\": \"eth2\", \"counters\": {\"carrier_changes\": 0}}]},"
			    " {\"name\": \"gpu2\", \"status\": \"ok\","
			    "  \"counters_read_at\": \"2026-12-03T10:00:00Z\", \"ports\": ["
			    "  {\"name\": \"eth0\", \"counters\": {\"carrier_changes\": 1}}]}]");
	json_t *p0 = json_array_get(json_object_get(json_array_get(now, 0), "ports"), 0);
	json_t *p2 = json_array_get(json_object_get(json_array_get(now, 0), "ports"), 2);
	json_t *q0 = json_array_get(json_object_get(json_array_get(now, 1), "ports"), 0);
	json_int_t v = 0;

	ck_assert_int_eq(fa_health_from_history(now, prev), 2);
	ck_assert_int_eq(fa_get_int(p0, "health.delta.carrier_changes", &v), 1);
	ck_assert_int_eq(v, 2);
	ck_assert_str_eq(fa_get_str(p0, "health.baseline"), "history");
	ck_assert_msg(json_real_value(fa_obj_get_path(p0, "health.interval_s")) == 300.25,
		      "The interval is the difference of the reading times, milliseconds included.");
	ck_assert_msg(!fa_obj_get_path(p2, "health.delta"),
		      "A port with health from its own sample keeps it.");
	ck_assert_msg(!json_object_get(q0, "health"),
		      "Readings at the same time give no rate.");
	json_decref(now);
	json_decref(prev);
}
END_TEST

Suite *fa_health_suite(void)
{
	Suite *s = suite_create("health");
	TCase *tc = tcase_create("health");

	tcase_add_test(tc, health_delta_of_each_counter);
	tcase_add_test(tc, health_counter_gone_back_has_no_delta);
	tcase_add_test(tc, health_needs_two_readings_and_time);
	tcase_add_test(tc, health_from_the_previous_snapshot);
	suite_add_tcase(s, tc);
	return s;
}
