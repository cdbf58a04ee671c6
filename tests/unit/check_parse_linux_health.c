/* SPDX-License-Identifier: MIT */
/*
 * The linux platform's counter and module readings (ethtool -S, ethtool -m, mlxlink -c, the
 * sysfs carrier changes), on real outputs (upstream fixtures) and on the project's own
 * samples (tests/fixtures/linux, SOURCES.md there); values were read by hand from each file.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/linux/parse-linux.h"
#include "tests/unit/parse-helpers.h"
#include "tests/unit/unit.h"

static int fa_th_file(fa_parse_fn *fn, const char *command, const char *arg, const char *path,
		      json_t *dev, struct fa_err *err)
{
	return fa_tp_file(fn, "gpu001", command, arg, path, dev, err);
}

static int fa_th_str(fa_parse_fn *fn, const char *command, const char *arg, const char *text,
		     json_t *dev, struct fa_err *err)
{
	return fa_tp_run(fn, "gpu001", command, arg, text, strlen(text), dev, err);
}

/* Element @i of the array at @path (integers), or -1. */
static json_int_t fa_th_at(const json_t *obj, const char *path, size_t i)
{
	json_t *v = json_array_get(fa_obj_get_path(obj, path), i);

	return json_is_integer(v) ? json_integer_value(v) : -1;
}

/* The number at @path, or NAN. */
static double fa_th_num(const json_t *obj, const char *path)
{
	json_t *v = fa_obj_get_path(obj, path);

	return json_is_number(v) ? json_number_value(v) : NAN;
}

/* Element @i of the array of numbers at @path, or NAN. */
static double fa_th_num_at(const json_t *obj, const char *path, size_t i)
{
	json_t *v = json_array_get(fa_obj_get_path(obj, path), i);

	return json_is_number(v) ? json_number_value(v) : NAN;
}

static bool fa_th_near(double a, double b)
{
	return fabs(a - b) <= 1e-9 * (fabs(b) > 1 ? fabs(b) : 1);
}

/* The project's H100 host: ports from ip link, RDMA devices from ibdev2netdev. */
static json_t *fa_th_gpu_host(void)
{
	json_t *d = fa_device_new("gpu001", "host");

	ck_assert_int_eq(fa_th_file(fa_parse_linux_ip_link, "ip -j -d link show", NULL,
				    fa_tp_own("tests/fixtures/linux/ip-j-d-link-show/gpu-host.json"),
				    d, NULL),
			 0);
	ck_assert_int_eq(fa_th_file(fa_parse_linux_ibdev2netdev, "ibdev2netdev", NULL,
				    fa_tp_own("tests/fixtures/linux/ibdev2netdev/gpu-host.txt"), d,
				    NULL),
			 0);
	return d;
}

/* ---- ethtool -S ---------------------------------------------------------------------- */

START_TEST(parse_linux_ethtool_stats_mlx5)
{
	json_t *d = fa_th_gpu_host();
	json_t *p;

	ck_assert_int_eq(fa_th_file(fa_parse_linux_ethtool_stats, "ethtool -S enp24s0np0",
				    "enp24s0np0",
				    fa_tp_own("tests/fixtures/linux/ethtool-S/mlx5-cx7.txt"), d, NULL),
			 0);
	p = fa_device_find_port(d, "enp24s0np0");
	ck_assert_msg(fa_th_at(p, "counters.rx_pause", 3) == 1450938 &&
			      fa_th_at(p, "counters.rx_pause", 0) == 0 &&
			      fa_th_at(p, "counters.rx_pause", 7) == 0,
		      "rx_prio3_pause = 1450938, the other priorities 0.");
	ck_assert_msg(fa_th_at(p, "counters.tx_pause", 3) == 84211, "tx_prio3_pause = 84211.");
	ck_assert_msg(fa_th_at(p, "counters.rx_pause_duration", 3) == 7254690 &&
			      fa_th_at(p, "counters.tx_pause_duration", 3) == 421055,
		      "The pause durations of priority 3.");
	ck_assert_msg(fa_th_at(p, "counters.priority_drops", 0) == 42 &&
			      fa_th_at(p, "counters.priority_drops", 3) == 0,
		      "rx_prio0_discards = 42.");
	ck_assert_msg(fa_tp_int(p, "counters.rx_bytes") == 3816942012004215LL &&
			      fa_tp_int(p, "counters.tx_bytes") == 3815347103885106LL,
		      "The physical port's byte counts win over the software ones.");
	ck_assert_msg(fa_tp_int(p, "counters.rx_discards") == 42 &&
			      fa_tp_int(p, "counters.tx_discards") == 0,
		      "rx_discards_phy = 42, tx_discards_phy = 0.");
	ck_assert_msg(fa_tp_int(p, "counters.rx_out_of_buffer") == 1276, "rx_out_of_buffer.");
	ck_assert_msg(fa_tp_int(p, "counters.crc_errors") == 17, "rx_crc_errors_phy = 17.");
	ck_assert_msg(fa_tp_int(p, "counters.symbol_errors") == 3, "rx_symbol_err_phy = 3.");
	ck_assert_msg(fa_tp_int(p, "counters.corrected_bits") == 968354,
		      "rx_corrected_bits_phy = 968354.");
	ck_assert_msg(fa_tp_int(p, "counters.link_down_events") == 2, "link_down_events_phy.");
	ck_assert_msg(fa_tp_int(p, "counters.pause_storm_events") == 0,
		      "tx_pause_storm_error_events = 0 (the warning events are not storms).");
	ck_assert_msg(fa_tp_int(p, "counters.tx_errors") == 0, "tx_errors_phy = 0.");
	ck_assert_msg(!fa_obj_get_path(p, "counters.fec_uncorrectable") &&
			      !fa_obj_get_path(p, "counters.rx_errors"),
		      "What mlx5 does not print is not written.");
	ck_assert_uint_eq(fa_tp_nwarn(d), 0);
	json_decref(d);
}
END_TEST

START_TEST(parse_linux_ethtool_stats_bnxt_and_real)
{
	json_t *d = fa_device_new("gpu001", "host");
	json_t *p;

	ck_assert_int_eq(fa_th_file(fa_parse_linux_ethtool_stats, "ethtool -S ens2f0np0",
				    "ens2f0np0", fa_tp_own("tests/fixtures/linux/ethtool-S/bnxt.txt"),
				    d, NULL),
			 0);
	p = fa_device_find_port(d, "ens2f0np0");
	ck_assert_msg(fa_th_at(p, "counters.rx_pause", 3) == 20931 &&
			      fa_th_at(p, "counters.tx_pause", 3) == 155 &&
			      fa_th_at(p, "counters.tx_pause", 4) == 0,
		      "bnxt rx/tx_pfc_ena_frames_pri3 = 20931 / 155.");
	ck_assert_msg(fa_tp_int(p, "counters.rx_bytes") == 419283746120LL,
		      "The port's rx_bytes, not the per-ring '[0]: rx_bytes'.");
	ck_assert_msg(fa_tp_int(p, "counters.crc_errors") == 5 &&
			      fa_tp_int(p, "counters.corrected_bits") == 12044 &&
			      fa_tp_int(p, "counters.fec_uncorrectable") == 1,
		      "rx_fcs_err_frames, rx_corrected_bits, rx_fec_uncorrectable_blocks.");
	ck_assert_msg(!fa_obj_get_path(p, "counters.rx_pause_duration"),
		      "bnxt prints no pause duration.");

	/* node_exporter's real e1000e-style sample: a comment header, names with a dot and a
	 * blank, and a duplicate */
	ck_assert_int_eq(fa_th_file(fa_parse_linux_ethtool_stats, "ethtool -S eth0", "eth0",
				    fa_test_fixture("prometheus__node_exporter/collector/fixtures/"
						    "ethtool/eth0/statistics"),
				    d, NULL),
			 0);
	p = fa_device_find_port(d, "eth0");
	ck_assert_msg(fa_tp_int(p, "counters.rx_errors") == 0 &&
			      fa_tp_int(p, "counters.tx_errors") == 0,
		      "rx_errors = 0 and tx_errors = 0.");
	ck_assert_msg(!fa_obj_get_path(p, "counters.rx_discards"),
		      "port.rx_dropped is not an mlx5 name and is skipped.");
	ck_assert_msg(fa_tp_warned(d, "# ethtool -S eth0"),
		      "The comment line is not 'name: value': a warning.");
	json_decref(d);
}
END_TEST

START_TEST(parse_linux_ethtool_stats_errors)
{
	json_t *d = fa_device_new("gpu001", "host");
	struct fa_err err = { 0 };

	ck_assert_int_eq(fa_th_str(fa_parse_linux_ethtool_stats, "ethtool -S eth9", "eth9",
				   "no stats available\n", d, &err),
			 -FA_EPARSE);
	/* understood, nothing to record (the boundary turns FA_PARSED_EMPTY into 0) */
	ck_assert_int_eq(fa_th_str(fa_parse_linux_ethtool_stats, "ethtool -S eth9", "eth9",
				   "NIC statistics:\n", d, NULL),
			 0);
	ck_assert_int_eq(fa_th_str(fa_parse_linux_ethtool_stats, "ethtool -S eth9", "eth9",
				   "NIC statistics:\n     rx_prio3_pause: 7\n     tx_bytes: 12\n"
				   "     rx_crc_errors_phy: lots\n     garbage line\n",
				   d, NULL),
			 0);
	ck_assert_msg(!fa_obj_get_path(fa_device_find_port(d, "eth9"), "counters.rx_pause"),
		      "A per-priority counter with one priority printed is not written.");
	ck_assert_msg(fa_tp_int(fa_device_find_port(d, "eth9"), "counters.tx_bytes") == 12,
		      "tx_bytes = 12.");
	ck_assert_msg(fa_tp_warned(d, "rx_crc_errors_phy: lots") &&
			      fa_tp_warned(d, "garbage line"),
		      "A value that is no count and a line without one are warnings.");
	ck_assert_int_eq(fa_th_str(fa_parse_linux_ethtool_stats, "ethtool -S", NULL,
				   "NIC statistics:\n", d, NULL),
			 -FA_EINVAL);
	json_decref(d);
}
END_TEST

/* ---- ethtool -m ---------------------------------------------------------------------- */

START_TEST(parse_linux_ethtool_module_real_sfp_dac)
{
	json_t *d = fa_device_new("gpu001", "host");
	json_t *p;

	ck_assert_int_eq(fa_th_file(fa_parse_linux_ethtool_module, "ethtool -m eth0", "eth0",
				    fa_test_fixture("kellyjonbrazil__jc/tests/fixtures/generic/"
						    "ethtool--module-info.out"),
				    d, NULL),
			 0);
	p = fa_device_find_port(d, "eth0");
	ck_assert_str_eq(fa_tp_str(p, "transceiver.form_factor"), "SFP");
	ck_assert_str_eq(fa_tp_str(p, "transceiver.vendor"), "UbiquitiNetworks");
	ck_assert_str_eq(fa_tp_str(p, "transceiver.part_number"), "UDC-2");
	ck_assert_str_eq(fa_tp_str(p, "transceiver.cable_type"), "dac");
	ck_assert_msg(fa_th_near(fa_th_num(p, "transceiver.length_m"), 2.0),
		      "Length (Copper): 2m.");
	ck_assert_msg(!fa_obj_get_path(p, "transceiver.serial") &&
			      !fa_obj_get_path(p, "transceiver.temperature"),
		      "No serial and no diagnostics in this sample: none written.");
	ck_assert_uint_eq(fa_tp_nwarn(d), 0);
	json_decref(d);
}
END_TEST

START_TEST(parse_linux_ethtool_module_qsfp28_thresholds)
{
	json_t *d = fa_device_new("gpu001", "host");
	json_t *p;

	ck_assert_int_eq(fa_th_file(fa_parse_linux_ethtool_module, "ethtool -m enp24s0np0",
				    "enp24s0np0",
				    fa_tp_own("tests/fixtures/linux/ethtool-m/qsfp28-sr4.txt"), d,
				    NULL),
			 0);
	p = fa_device_find_port(d, "enp24s0np0");
	ck_assert_str_eq(fa_tp_str(p, "transceiver.form_factor"), "QSFP28");
	ck_assert_str_eq(fa_tp_str(p, "transceiver.cable_type"), "optical");
	ck_assert_str_eq(fa_tp_str(p, "transceiver.serial"), "MT2012FT01234");
	ck_assert_msg(!fa_obj_get_path(p, "transceiver.length_m"),
		      "An optical module's reach is no cable length.");
	ck_assert_msg(fa_th_near(fa_th_num(p, "transceiver.temperature"), 36.52) &&
			      fa_th_near(fa_th_num(p, "transceiver.voltage"), 3.2978),
		      "36.52 C, 3.2978 V.");
	ck_assert_msg(json_array_size(fa_obj_get_path(p, "transceiver.tx_bias")) == 4 &&
			      fa_th_near(fa_th_num_at(p, "transceiver.tx_bias", 3), 6.904),
		      "Four lanes of bias, lane 4 at 6.904 mA.");
	ck_assert_msg(fa_th_near(fa_th_num_at(p, "transceiver.tx_power", 0), -0.25),
		      "Tx power lane 1 -0.25 dBm.");
	ck_assert_msg(fa_th_near(fa_th_num_at(p, "transceiver.rx_power", 1), -1.10) &&
			      fa_th_near(fa_th_num_at(p, "transceiver.rx_power", 3), -40.0),
		      "Rx power lane 2 -1.10 dBm; the dark lane 4 (0 mW, -inf) is -40 dBm.");
	ck_assert_msg(fa_th_near(fa_th_num(p, "transceiver.thresholds.temperature.high_alarm"),
				 80.0) &&
			      fa_th_near(fa_th_num(p, "transceiver.thresholds.temperature.low_alarm"),
					 -10.0),
		      "Temperature alarms 80 / -10 C.");
	ck_assert_msg(fa_th_near(fa_th_num(p, "transceiver.thresholds.voltage.low_warning"),
				 3.135),
		      "Voltage low warning 3.135 V.");
	ck_assert_msg(fa_th_near(fa_th_num(p, "transceiver.thresholds.tx_bias.high_warning"),
				 9.5),
		      "Bias high warning 9.5 mA.");
	ck_assert_msg(fa_th_near(fa_th_num(p, "transceiver.thresholds.tx_power.high_alarm"),
				 5.40) &&
			      fa_th_near(fa_th_num(p, "transceiver.thresholds.rx_power.low_alarm"),
					 -13.30),
		      "Tx power high alarm 5.40 dBm, Rx power low alarm -13.30 dBm.");
	ck_assert_uint_eq(fa_tp_nwarn(d), 0);
	json_decref(d);
}
END_TEST

START_TEST(parse_linux_ethtool_module_cmis_aoc_and_errors)
{
	json_t *d = fa_device_new("gpu001", "host");
	struct fa_err err = { 0 };
	json_t *p;

	ck_assert_int_eq(fa_th_file(fa_parse_linux_ethtool_module, "ethtool -m enp41s0np0",
				    "enp41s0np0",
				    fa_tp_own("tests/fixtures/linux/ethtool-m/osfp-cmis-aoc.txt"), d,
				    NULL),
			 0);
	p = fa_device_find_port(d, "enp41s0np0");
	ck_assert_str_eq(fa_tp_str(p, "transceiver.form_factor"), "OSFP");
	ck_assert_str_eq(fa_tp_str(p, "transceiver.cable_type"), "aoc");
	ck_assert_str_eq(fa_tp_str(p, "transceiver.part_number"), "MFA7U10-H005");
	ck_assert_msg(fa_th_near(fa_th_num(p, "transceiver.length_m"), 5.0),
		      "Cable assembly length 5.00m.");
	ck_assert_msg(json_array_size(fa_obj_get_path(p, "transceiver.rx_power")) == 8 &&
			      fa_th_near(fa_th_num_at(p, "transceiver.rx_power", 7), -1.40),
		      "Eight lanes of Rx power, lane 8 -1.40 dBm.");
	ck_assert_msg(fa_th_near(fa_th_num(p, "transceiver.thresholds.rx_power.low_warning"),
				 -9.50),
		      "Rx power low warning -9.50 dBm.");

	ck_assert_int_eq(fa_th_str(fa_parse_linux_ethtool_module, "ethtool -m eth3", "eth3",
				   "Cannot get Module EEPROM data: Operation not supported\n", d,
				   &err),
			 -FA_EPARSE);
	ck_assert_int_eq(fa_th_str(fa_parse_linux_ethtool_module, "ethtool -m eth3", "eth3",
				   "\tIdentifier : 0x11 (QSFP28)\n"
				   "\tLaser tx bias current (Channel 2) : 6.5 mA\n"
				   "\tModule voltage : lots\n"
				   "\tbroken line\n",
				   d, NULL),
			 0);
	p = fa_device_find_port(d, "eth3");
	ck_assert_msg(!fa_obj_get_path(p, "transceiver.tx_bias"),
		      "Lane 2 without lane 1 is not written.");
	ck_assert_msg(!fa_obj_get_path(p, "transceiver.voltage"), "No number, no voltage.");
	ck_assert_msg(fa_tp_warned(d, "broken line") && fa_tp_warned(d, "lanes missing"),
		      "A line without a key and missing lanes are warnings.");
	json_decref(d);
}
END_TEST

/* ---- mlxlink -c ---------------------------------------------------------------------- */

START_TEST(parse_linux_mlxlink_ber)
{
	json_t *d = fa_th_gpu_host();
	struct fa_err err = { 0 };
	json_t *p;

	ck_assert_int_eq(fa_th_file(fa_parse_linux_mlxlink, "mlxlink -d mlx5_0 -c", "mlx5_0",
				    fa_tp_own("tests/fixtures/linux/mlxlink/cx7-400g.txt"), d, NULL),
			 0);
	p = fa_device_find_port(d, "enp24s0np0");
	ck_assert_msg(fa_th_near(fa_th_num(p, "phy.raw_ber"), 2e-9),
		      "Raw Physical BER 2E-9, its colour codes dropped.");
	ck_assert_msg(fa_th_near(fa_th_num(p, "phy.effective_ber"), 15e-255),
		      "Effective Physical BER 15E-255.");
	ck_assert_msg(fa_tp_int(p, "counters.symbol_errors") == 12 &&
			      fa_tp_int(p, "counters.link_down_events") == 1,
		      "12 effective errors, 1 link down.");
	ck_assert_str_eq(fa_tp_str(p, "fec"), "rs");
	ck_assert_msg(!fa_obj_get_path(fa_device_find_port(d, "ens1f0np0"), "phy"),
		      "Only the port of mlx5_0.");
	ck_assert_uint_eq(fa_tp_nwarn(d), 0);

	ck_assert_int_eq(fa_th_file(fa_parse_linux_mlxlink, "mlxlink -d mlx5_9 -c", "mlx5_9",
				    fa_tp_own("tests/fixtures/linux/mlxlink/cx7-400g.txt"), d, NULL),
			 0);
	ck_assert_msg(fa_tp_warned(d, "no port has nic.device mlx5_9"),
		      "A device no port names is a warning.");
	ck_assert_int_eq(fa_th_str(fa_parse_linux_mlxlink, "mlxlink -d mlx5_0 -c", "mlx5_0",
				   "-E- Failed to open device: mlx5_0\n", d, &err),
			 -FA_EPARSE);
	json_decref(d);
}
END_TEST

/* ---- carrier changes ----------------------------------------------------------------- */

START_TEST(parse_linux_carrier_changes)
{
	json_t *d = fa_th_gpu_host();
	struct fa_err err = { 0 };

	ck_assert_int_eq(fa_th_file(fa_parse_linux_carrier,
				    "grep -H . /sys/class/net/*/carrier_changes", NULL,
				    fa_tp_own("tests/fixtures/linux/carrier/gpu-host.txt"), d, NULL),
			 0);
	ck_assert_msg(fa_tp_int(fa_device_find_port(d, "enp58s0np0"), "counters.carrier_changes") ==
			      7,
		      "enp58s0np0 changed carrier 7 times.");
	ck_assert_msg(fa_tp_int(fa_device_find_port(d, "lo"), "counters.carrier_changes") == 0,
		      "lo: 0.");
	ck_assert_msg(!fa_device_find_port(d, "veth9f3a2c1"),
		      "An interface ip link did not list is not created.");
	ck_assert_int_eq(fa_th_str(fa_parse_linux_carrier, "grep", NULL,
				   "grep: /sys/class/net/*/carrier_changes: No such file or "
				   "directory\n",
				   d, &err),
			 -FA_EPARSE);
	json_decref(d);
}
END_TEST

Suite *fa_parse_linux_health_suite(void)
{
	Suite *s = suite_create("parse_linux_health");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, parse_linux_ethtool_stats_mlx5);
	tcase_add_test(tc, parse_linux_ethtool_stats_bnxt_and_real);
	tcase_add_test(tc, parse_linux_ethtool_stats_errors);
	tcase_add_test(tc, parse_linux_ethtool_module_real_sfp_dac);
	tcase_add_test(tc, parse_linux_ethtool_module_qsfp28_thresholds);
	tcase_add_test(tc, parse_linux_ethtool_module_cmis_aoc_and_errors);
	tcase_add_test(tc, parse_linux_mlxlink_ber);
	tcase_add_test(tc, parse_linux_carrier_changes);
	suite_add_tcase(s, tc);
	return s;
}
