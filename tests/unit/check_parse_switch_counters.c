/* SPDX-License-Identifier: MIT */
/*
 * SONiC and EOS counter and transceiver parsers against real outputs: SONiC's own expected
 * outputs of pfcstat, pgdropstat, portstat and "show pfcwd stats" (sonic-utilities tests),
 * EOS eAPI JSON from ANTA's and NAPALM's test data.  Values were read by hand from the
 * fixtures.  The layout variants (empty tables, N/A, values not understood, mW power) are
 * hand-made strings, named as such where they are used.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "audit/util/buf.h"
#include "drivers/eos/parse-eos.h"
#include "drivers/platform.h"
#include "drivers/sonic/parse-sonic.h"
#include "tests/unit/unit.h"

#define SU "sonic-net__sonic-utilities/extracted/"
#define ANTA "aristanetworks__anta/extracted/test_interfaces__"
#define NAPALM "napalm-automation__napalm/test/eos/mocked_data/"

static json_t *run_text(fa_parse_fn *fn, const char *data, int *ret)
{
	struct fa_capture cap = FA_CAPTURE_INIT;
	struct fa_err err = FA_ERR_INIT;
	json_t *d = fa_device_new("sw1", "switch");

	cap.device = "sw1";
	cap.data = data;
	cap.len = strlen(data);
	*ret = fn(&cap, d, &err);
	if (*ret < 0)
		ck_assert_msg(err.msg[0] != '\0', "A parse failure carries a message.");
	return d;
}

static json_t *run_ok(fa_parse_fn *fn, const char *path)
{
	struct fa_buf b = FA_BUF_INIT;
	json_t *d;
	int r;

	fa_test_read(path, &b);
	d = run_text(fn, b.buf, &r);
	ck_assert_msg(r == 0, "The real output %s parses (%d).", path, r);
	ck_assert_msg(json_object_get(d, "warnings") == NULL, "%s raises no warning.", path);
	fa_buf_release(&b);
	return d;
}

/* ANTA keeps a test's outputs as a list, one per command: run @fn on the first. */
static json_t *run_anta(fa_parse_fn *fn, const char *path)
{
	struct fa_buf b = FA_BUF_INIT;
	json_error_t jerr;
	json_t *list, *d;
	char *first;
	int r;

	fa_test_read(path, &b);
	list = json_loadb(b.buf, b.len, 0, &jerr);
	ck_assert_msg(json_is_array(list), "%s is a list of outputs.", path);
	first = json_dumps(json_array_get(list, 0), 0);
	d = run_text(fn, first, &r);
	ck_assert_msg(r == 0, "The real output %s parses (%d).", path, r);
	ck_assert_msg(json_object_get(d, "warnings") == NULL, "%s raises no warning.", path);
	free(first);
	json_decref(list);
	fa_buf_release(&b);
	return d;
}

static json_int_t ctr(const json_t *d, const char *port, const char *name)
{
	json_t *p = fa_device_find_port(d, port);
	json_int_t v = -1;
	char path[64];

	ck_assert_msg(p != NULL, "Port %s exists.", port);
	snprintf(path, sizeof(path), "counters.%s", name);
	ck_assert_msg(fa_get_int(p, path, &v), "Port %s has %s.", port, path);
	return v;
}

static bool has(const json_t *d, const char *port, const char *path)
{
	json_t *p = fa_device_find_port(d, port);

	return p && fa_obj_get_path(p, path) != NULL;
}

/* port.counters.@name of @port is the eight values @want. */
static void prio_eq(const json_t *d, const char *port, const char *name, const json_int_t *want)
{
	json_t *p = fa_device_find_port(d, port), *a;
	char path[64];
	size_t i;

	ck_assert_msg(p != NULL, "Port %s exists.", port);
	snprintf(path, sizeof(path), "counters.%s", name);
	a = fa_obj_get_path(p, path);
	ck_assert_msg(json_array_size(a) == 8, "%s %s has eight priorities.", port, path);
	for (i = 0; i < 8; i++)
		ck_assert_msg(json_integer_value(json_array_get(a, i)) == want[i],
			      "%s %s[%zu] is %lld.", port, path, i, (long long)want[i]);
}

/* The number at @path (index @i when it is a list) of @port is @want. */
static void num_eq(const json_t *d, const char *port, const char *path, int i, double want)
{
	json_t *p = fa_device_find_port(d, port), *v;

	ck_assert_msg(p != NULL, "Port %s exists.", port);
	v = fa_obj_get_path(p, path);
	if (i >= 0)
		v = json_array_get(v, (size_t)i);
	ck_assert_msg(json_is_number(v) && fabs(json_number_value(v) - want) < 1e-9,
		      "%s %s[%d] is %.12g.", port, path, i, want);
}

START_TEST(parse_sonic_pfc_counters_real)
{
	static const json_int_t rx0[8] = {1200, 201, 202, 203, 204, 205, 206, 207};
	static const json_int_t tx8[8] = {1810, 811, 812, 813, 814, 815, 816, 817};
	static const json_int_t rx4[8] = {1400, 401, 402, 403, 404, 405, 406, 407};
	json_t *d = run_ok(fa_parse_sonic_pfc_counters,
			   fa_test_fixture(SU "pfcstat/show_pfc_counters_output.txt"));

	prio_eq(d, "Ethernet0", "rx_pause", rx0);
	prio_eq(d, "Ethernet8", "tx_pause", tx8);
	prio_eq(d, "Ethernet4", "rx_pause", rx4);
	ck_assert_msg(json_array_size(json_object_get(d, "ports")) == 3, "Three ports.");
	json_decref(d);
}
END_TEST

START_TEST(parse_sonic_pfc_counters_variants)
{
	/* Hand-made: the real table's Rx half with no rows, and one row with N/A. */
	static const char empty[] =
	    "  Port Rx    PFC0    PFC1    PFC2    PFC3    PFC4    PFC5    "
	    "PFC6    PFC7\n"
	    "---------  ------  ------  ------  ------  ------  ------  ------"
	    "  ------\n";
	static const char na[] =
	    "  Port Rx    PFC0    PFC1    PFC2    PFC3    PFC4    PFC5    "
	    "PFC6    PFC7\n"
	    "---------  ------  ------  ------  ------  ------  ------  ------  "
	    "------\n"
	    "Ethernet0   1,200     201     202     N/A     204     205     206   "
	    "  207\n"
	    "Ethernet4   1,400     401     402     403     404     405     406   "
	    "  407\n"
	    "Ethernet8   1,800     801     802     803     804     805     806   "
	    "  8x7\n";
	static const json_int_t rx4[8] = {1400, 401, 402, 403, 404, 405, 406, 407};
	json_t *d;
	int r;

	d = run_text(fa_parse_sonic_pfc_counters, empty, &r);
	ck_assert_msg(r == FA_PARSED_EMPTY, "A table without rows is understood and empty.");
	ck_assert_msg(json_array_size(json_object_get(d, "ports")) == 0, "No port is made up.");
	json_decref(d);

	d = run_text(fa_parse_sonic_pfc_counters, na, &r);
	ck_assert_msg(r == 0, "A table with N/A parses.");
	ck_assert_msg(!has(d, "Ethernet0", "counters.rx_pause"),
		      "Seven of eight priorities are not written.");
	prio_eq(d, "Ethernet4", "rx_pause", rx4);
	ck_assert_msg(!has(d, "Ethernet8", "counters.rx_pause"), "8x7 is no count.");
	ck_assert_msg(json_array_size(json_object_get(d, "warnings")) == 1,
		      "8x7 is a warning, N/A is not.");
	json_decref(d);

	d = run_text(fa_parse_sonic_pfc_counters, "Error: PFC counters are not available\n", &r);
	ck_assert_msg(r == -FA_EPARSE, "An error message is no table.");
	json_decref(d);
}
END_TEST

START_TEST(parse_sonic_pg_drops_real)
{
	static const json_int_t e0[8] = {800, 801, 802, 803, 804, 805, 806, 807};
	static const json_int_t e8[8] = {100, 101, 102, 103, 104, 105, 106, 107};
	json_t *d = run_ok(fa_parse_sonic_pg_drops,
			   fa_test_fixture(SU "pgdropstat/show_pg_dropped_packet_stat.txt"));

	prio_eq(d, "Ethernet0", "priority_drops", e0);
	prio_eq(d, "Ethernet8", "priority_drops", e8);
	ck_assert_msg(json_array_size(json_object_get(d, "ports")) == 3, "Three ports.");
	json_decref(d);
}
END_TEST

START_TEST(parse_sonic_portstat_real)
{
	static const char *const files[] = {"portstat/intf_counters_before_clear.txt",
					    "portstat/intf_counters_all.txt"};
	size_t i;

	for (i = 0; i < 2; i++) {
		char path[128];
		json_t *d;

		snprintf(path, sizeof(path), SU "%s", files[i]);
		d = run_ok(fa_parse_sonic_portstat, fa_test_fixture(path));
		ck_assert_msg(ctr(d, "Ethernet0", "rx_errors") == 10, "Ethernet0 RX_ERR 10.");
		ck_assert_msg(ctr(d, "Ethernet0", "rx_discards") == 100, "Ethernet0 RX_DRP 100.");
		ck_assert_msg(ctr(d, "Ethernet4", "rx_discards") == 1000, "RX_DRP 1,000.");
		ck_assert_msg(ctr(d, "Ethernet8", "rx_errors") == 100, "Ethernet8 RX_ERR 100.");
		ck_assert_msg(ctr(d, "Ethernet9", "rx_errors") == 0, "Ethernet9 RX_ERR 0.");
		ck_assert_msg(!has(d, "Ethernet0", "counters.tx_errors") &&
				  !has(d, "Ethernet0", "counters.tx_discards"),
			      "TX_ERR and TX_DRP N/A set nothing.");
		json_decref(d);
	}
}
END_TEST

START_TEST(parse_sonic_fec_stats_real)
{
	/* Hand-made: the real layout with BER estimates, one out of range. */
	static const char ber[] =
	    "    IFACE    STATE    FEC_CORR    FEC_UNCORR    FEC_PRE_BER    FEC_POST_BER\n"
	    "---------  -------  ----------  ------------  -------------  --------------\n"
	    "Ethernet0        U     130,402         1,003       1.20e-08               0\n"
	    "Ethernet4        U     110,412             1            7.5             N/A\n";
	json_t *d =
	    run_ok(fa_parse_sonic_fec_stats, fa_test_fixture(SU "portstat/intf_fec_counters.txt"));
	int r;

	ck_assert_msg(ctr(d, "Ethernet0", "fec_uncorrectable") == 3, "Ethernet0 FEC_UNCORR 3.");
	ck_assert_msg(ctr(d, "Ethernet4", "fec_uncorrectable") == 1, "Ethernet4 FEC_UNCORR 1.");
	ck_assert_msg(ctr(d, "Ethernet9", "fec_uncorrectable") == 0, "Ethernet9 FEC_UNCORR 0.");
	ck_assert_msg(!has(d, "Ethernet0", "phy.raw_ber") &&
			  !has(d, "Ethernet0", "phy.effective_ber"),
		      "BER N/A sets nothing.");
	ck_assert_msg(!has(d, "Ethernet0", "counters.corrected_bits"),
		      "Corrected codewords are not corrected bits.");
	json_decref(d);

	d = run_text(fa_parse_sonic_fec_stats, ber, &r);
	ck_assert_msg(r == 0, "The variant parses.");
	ck_assert_msg(ctr(d, "Ethernet0", "fec_uncorrectable") == 1003, "1,003.");
	num_eq(d, "Ethernet0", "phy.raw_ber", -1, 1.2e-8);
	num_eq(d, "Ethernet0", "phy.effective_ber", -1, 0);
	ck_assert_msg(!has(d, "Ethernet4", "phy.raw_ber"), "A BER of 7.5 is not one.");
	ck_assert_msg(json_array_size(json_object_get(d, "warnings")) == 1, "7.5 is a warning.");
	json_decref(d);
}
END_TEST

START_TEST(parse_sonic_pfcwd_stats_real)
{
	/* Hand-made: the real table with a row the tool could not read. */
	static const char na[] =
	    "      QUEUE       STATUS    STORM DETECTED/RESTORED    TX OK/DROP\n"
	    "-----------  -----------  -------------------------  ------------\n"
	    "Ethernet0:3      stormed                        1/0       100/300\n"
	    "Ethernet0:4      stormed                        N/A       100/300\n"
	    "Ethernet4:3  operational                        2/2       100/100\n"
	    "Ethernet4:4  operational                        5/4       100/100\n";
	json_t *d = run_ok(fa_parse_sonic_pfcwd_stats,
			   fa_test_fixture(SU "pfcwd_input/pfcwd_show_stats_output.txt"));
	int r;

	ck_assert_msg(ctr(d, "Ethernet0", "pause_storm_events") == 1, "Ethernet0:3 1/0.");
	ck_assert_msg(ctr(d, "Ethernet4", "pause_storm_events") == 2, "Ethernet4:3 2/2.");
	ck_assert_msg(ctr(d, "Ethernet8", "pause_storm_events") == 3, "Ethernet8:4 3/2.");
	json_decref(d);

	d = run_text(fa_parse_sonic_pfcwd_stats, na, &r);
	ck_assert_msg(r == 0, "The variant parses.");
	ck_assert_msg(!has(d, "Ethernet0", "counters.pause_storm_events"),
		      "A port with a queue not read gets no sum.");
	ck_assert_msg(ctr(d, "Ethernet4", "pause_storm_events") == 7, "Storms of two queues add.");
	json_decref(d);
}
END_TEST

static const char *str_at(const json_t *d, const char *port, const char *path)
{
	const char *s = fa_get_str(fa_device_find_port(d, port), path);

	ck_assert_msg(s != NULL, "%s has %s.", port, path);
	return s;
}

START_TEST(parse_sonic_transceiver_real)
{
	static const double rx0[4] = {0.3802, -0.4871, -0.0860, 0.3830};
	json_t *d = run_ok(fa_parse_sonic_transceiver,
			   fa_test_fixture(SU "sfp/test_sfp_eeprom_dom_all_output.txt"));
	int i;

	ck_assert_str_eq(str_at(d, "Ethernet0", "transceiver.vendor"), "Mellanox");
	ck_assert_str_eq(str_at(d, "Ethernet0", "transceiver.part_number"), "MFA1A00-C003");
	ck_assert_str_eq(str_at(d, "Ethernet0", "transceiver.serial"), "MT1706FT02064");
	ck_assert_str_eq(str_at(d, "Ethernet0", "transceiver.form_factor"), "QSFP28");
	num_eq(d, "Ethernet0", "transceiver.length_m", -1, 3);
	for (i = 0; i < 4; i++) {
		num_eq(d, "Ethernet0", "transceiver.rx_power", i, rx0[i]);
		num_eq(d, "Ethernet0", "transceiver.tx_bias", i, 6.75);
	}
	ck_assert_msg(json_array_size(fa_obj_get_path(fa_device_find_port(d, "Ethernet0"),
						      "transceiver.rx_power")) == 4,
		      "Four lanes.");
	ck_assert_msg(!has(d, "Ethernet0", "transceiver.tx_power"), "No TX power is printed.");
	num_eq(d, "Ethernet0", "transceiver.temperature", -1, 30.9258);
	num_eq(d, "Ethernet0", "transceiver.voltage", -1, 3.2824);
	num_eq(d, "Ethernet0", "transceiver.thresholds.rx_power.high_alarm", -1, 3.4001);
	num_eq(d, "Ethernet0", "transceiver.thresholds.rx_power.low_alarm", -1, -13.5067);
	num_eq(d, "Ethernet0", "transceiver.thresholds.rx_power.low_warning", -1, -9.5001);
	num_eq(d, "Ethernet0", "transceiver.thresholds.tx_bias.low_warning", -1, 1.0);
	num_eq(d, "Ethernet0", "transceiver.thresholds.temperature.high_alarm", -1, 75.0);
	num_eq(d, "Ethernet0", "transceiver.thresholds.temperature.low_alarm", -1, -5.0);
	num_eq(d, "Ethernet0", "transceiver.thresholds.voltage.low_warning", -1, 3.1349);
	ck_assert_msg(fa_device_find_port(d, "Ethernet4") == NULL, "An empty cage gets nothing.");
	ck_assert_str_eq(str_at(d, "Ethernet64", "transceiver.form_factor"), "QSFP-DD");
	ck_assert_str_eq(str_at(d, "Ethernet64", "transceiver.serial"), "0123456789");
	ck_assert_msg(!has(d, "Ethernet64", "transceiver.length_m"),
		      "A length of 0.0 (an optical module) is no cable length.");
	json_decref(d);

	d = run_ok(fa_parse_sonic_transceiver,
		   fa_test_fixture(SU "sfp/test_qsfp_dd_eeprom_with_dom_output.txt"));
	num_eq(d, "Ethernet8", "transceiver.rx_power", 2, -22.9243);
	num_eq(d, "Ethernet8", "transceiver.rx_power", 7, -3.6131);
	num_eq(d, "Ethernet8", "transceiver.tx_power", 0, 1.175);
	num_eq(d, "Ethernet8", "transceiver.tx_bias", 5, 8.224);
	ck_assert_msg(json_array_size(fa_obj_get_path(fa_device_find_port(d, "Ethernet8"),
						      "transceiver.tx_bias")) == 8,
		      "Eight lanes.");
	num_eq(d, "Ethernet8", "transceiver.thresholds.tx_power.low_alarm", -1, -10.5012);
	num_eq(d, "Ethernet8", "transceiver.temperature", -1, 44.9883);
	num_eq(d, "Ethernet8", "transceiver.length_m", -1, 10);
	ck_assert_str_eq(str_at(d, "Ethernet8", "transceiver.vendor"), "INNOLIGHT");
	json_decref(d);
}
END_TEST

START_TEST(parse_sonic_transceiver_variants)
{
	/* Hand-made, in the layout of the real sfpshow output. */
	static const char var[] = "Ethernet0: SFP EEPROM detected\n"
				  "        Vendor SN: N/A\n"
				  "        ChannelMonitorValues:\n"
				  "                RX1Power: 0.5mW\n"
				  "                RX2Power: 0.0mW\n"
				  "                TX1Bias: 6.7500mA\n"
				  "                TX2Bias: N/A\n"
				  "                TX1Power: 1.0dBm\n"
				  "                TX3Power: 1.0dBm\n"
				  "        ModuleMonitorValues:\n"
				  "                Temperature: 30.9F\n"
				  "Ethernet4: SFP EEPROM Not detected\n";
	json_t *d;
	int r;

	d = run_text(fa_parse_sonic_transceiver, var, &r);
	ck_assert_msg(r == 0, "The variant parses.");
	num_eq(d, "Ethernet0", "transceiver.rx_power", 0, -3.0102999566398);
	num_eq(d, "Ethernet0", "transceiver.rx_power", 1, -40.0);
	ck_assert_msg(!has(d, "Ethernet0", "transceiver.tx_bias"), "Lane 2 bias is N/A.");
	ck_assert_msg(!has(d, "Ethernet0", "transceiver.tx_power"), "Lane 2 power is missing.");
	ck_assert_msg(!has(d, "Ethernet0", "transceiver.serial"), "N/A is no serial.");
	ck_assert_msg(!has(d, "Ethernet0", "transceiver.temperature"), "F is not C.");
	ck_assert_msg(json_array_size(json_object_get(d, "warnings")) == 1, "30.9F is a warning.");
	json_decref(d);

	d = run_text(fa_parse_sonic_transceiver, "Ethernet4: SFP EEPROM Not detected\n", &r);
	ck_assert_msg(r == FA_PARSED_EMPTY, "Only empty cages: an empty answer.");
	json_decref(d);
	d = run_text(fa_parse_sonic_transceiver, "Error: Invalid interface name\n", &r);
	ck_assert_msg(r == -FA_EPARSE, "An error message is refused.");
	json_decref(d);
}
END_TEST

START_TEST(parse_eos_counters_real)
{
	json_t *d = run_anta(fa_parse_eos_counter_errors,
			     fa_test_fixture(ANTA "VerifyInterfaceErrors__failure-multiple-intfs-"
						  "multiple-errors.json"));

	ck_assert_msg(ctr(d, "Ethernet1", "rx_errors") == 42, "Ethernet1 inErrors 42.");
	ck_assert_msg(ctr(d, "Ethernet1", "tx_errors") == 10, "Ethernet1 outErrors 10.");
	ck_assert_msg(ctr(d, "Ethernet6", "symbol_errors") == 10, "Ethernet6 symbolErrors 10.");
	ck_assert_msg(ctr(d, "Ethernet6", "crc_errors") == 0, "Ethernet6 fcsErrors 0.");
	json_decref(d);

	d = run_anta(fa_parse_eos_counter_discards,
		     fa_test_fixture(ANTA "VerifyInterfaceDiscards__failure.json"));
	ck_assert_msg(ctr(d, "Ethernet2", "tx_discards") == 42, "Ethernet2 outDiscards 42.");
	ck_assert_msg(ctr(d, "Ethernet2", "rx_discards") == 0, "Ethernet2 inDiscards 0.");
	ck_assert_msg(ctr(d, "Ethernet1", "rx_discards") == 42, "Ethernet1 inDiscards 42.");
	ck_assert_msg(json_array_size(json_object_get(d, "ports")) == 2,
		      "The device totals are no port.");
	json_decref(d);

	d = run_ok(fa_parse_eos_interfaces,
		   fa_test_fixture(NAPALM "test_get_interfaces/normal/show_interfaces.json"));
	ck_assert_msg(ctr(d, "Ethernet2", "carrier_changes") == 1, "Ethernet2 changed once.");
	ck_assert_msg(ctr(d, "Ethernet2", "rx_bytes") == 180591, "Ethernet2 inOctets.");
	ck_assert_msg(ctr(d, "Ethernet2", "tx_bytes") == 16386, "Ethernet2 outOctets.");
	ck_assert_msg(ctr(d, "Management1", "carrier_changes") == 3, "Management1 changed 3x.");
	ck_assert_msg(ctr(d, "Management1", "rx_bytes") == 61019875, "Management1 inOctets.");
	json_decref(d);
}
END_TEST

START_TEST(parse_eos_counters_variants)
{
	static const char *const bad[] = {"", "% Invalid input", "{\"interfaces\": [1]}"};
	json_t *d;
	size_t i;
	int r;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		d = run_text(fa_parse_eos_counter_discards, bad[i], &r);
		ck_assert_msg(r == -FA_EPARSE, "'%s' is refused.", bad[i]);
		json_decref(d);
	}
	/* Hand-made: no interfaces; a counter that is not a count. */
	d = run_text(fa_parse_eos_counter_errors, "{\"interfaceErrorCounters\": {}}", &r);
	ck_assert_msg(r == FA_PARSED_EMPTY, "No interface is an empty answer.");
	json_decref(d);
	d = run_text(fa_parse_eos_counter_errors,
		     "{\"interfaceErrorCounters\": {\"Ethernet9\": {\"inErrors\": \"x\", "
		     "\"fcsErrors\": 3}}}",
		     &r);
	ck_assert_msg(r == 0 && ctr(d, "Ethernet9", "crc_errors") == 3 &&
			  !has(d, "Ethernet9", "counters.rx_errors"),
		      "A port not seen before gets what is a count.");
	ck_assert_msg(json_array_size(json_object_get(d, "warnings")) == 1, "One warning.");
	json_decref(d);
}
END_TEST

START_TEST(parse_eos_transceiver_real)
{
	json_t *d = run_ok(fa_parse_eos_transceiver,
			   fa_test_fixture(NAPALM "test_get_optics/normal/"
						  "show_interfaces_transceiver.json"));

	num_eq(d, "Ethernet3/1/1", "transceiver.rx_power", 0, -1.8025870272698974);
	num_eq(d, "Ethernet3/1/1", "transceiver.tx_power", 0, -0.9103269958161198);
	num_eq(d, "Ethernet3/1/1", "transceiver.tx_bias", 0, 6.306);
	num_eq(d, "Ethernet3/1/1", "transceiver.temperature", -1, 35.26171875);
	num_eq(d, "Ethernet3/1/1", "transceiver.voltage", -1, 3.2731000000000003);
	num_eq(d, "Ethernet3/1/3", "transceiver.tx_bias", 0, 6.562);
	ck_assert_str_eq(fa_get_str(fa_device_find_port(d, "Ethernet3/1/2"), "transceiver.serial"),
			 "XMD1401000RP");
	json_decref(d);

	d = run_anta(fa_parse_eos_transceiver_dom,
		     fa_test_fixture(ANTA "VerifyInterfacesOpticsReceivePower__failure-optic-"
					  "low-rx.json"));
	num_eq(d, "Ethernet2/1", "transceiver.rx_power", 0, -30.08242460465652);
	num_eq(d, "Ethernet2/1", "transceiver.rx_power", 2, -40.31236951802751634);
	num_eq(d, "Ethernet2/1", "transceiver.rx_power", 3, -1.4630178822382547);
	num_eq(d, "Ethernet2/1", "transceiver.thresholds.rx_power.low_alarm", -1,
	       -13.29754146925876);
	num_eq(d, "Ethernet2/1", "transceiver.thresholds.rx_power.low_warning", -1,
	       -10.301183562535002);
	ck_assert_msg(!has(d, "Ethernet2/1", "transceiver.thresholds.rx_power.high_alarm"),
		      "No high alarm in the output, none in the model.");
	ck_assert_str_eq(fa_get_str(fa_device_find_port(d, "Ethernet7/1/1"), "transceiver.serial"),
			 "TEST008M");
	ck_assert_msg(fa_device_find_port(d, "Ethernet1/1") == NULL,
		      "An interface without DOM gets nothing.");
	json_decref(d);

	d = run_anta(fa_parse_eos_transceiver_dom,
		     fa_test_fixture(ANTA "VerifyInterfacesOpticsTemperature__success.json"));
	num_eq(d, "Ethernet1/3", "transceiver.temperature", -1, 33.85546875);
	json_decref(d);
}
END_TEST

START_TEST(parse_eos_transceiver_variants)
{
	/* Hand-made: power in mW (1 mW is 0 dBm, 0 mW is written -40 dBm), a unit not known. */
	static const char mw[] =
	    "{\"interfaces\": {\"Ethernet1\": {\"parameters\": {"
	    "\"txPower\": {\"unit\": \"mW\", \"channels\": {\"1\": 1.0, \"2\": 0.0}},"
	    "\"txBias\": {\"unit\": \"uA\", \"channels\": {\"1\": 6000}},"
	    "\"rxPower\": {\"unit\": \"dBm\", \"channels\": {\"1\": -2.0, \"3\": -3.0}}}}}}";
	json_t *d;
	int r;

	d = run_text(fa_parse_eos_transceiver_dom, mw, &r);
	ck_assert_msg(r == 0, "The variant parses.");
	num_eq(d, "Ethernet1", "transceiver.tx_power", 0, 0.0);
	num_eq(d, "Ethernet1", "transceiver.tx_power", 1, -40.0);
	ck_assert_msg(!has(d, "Ethernet1", "transceiver.tx_bias"), "uA is not read.");
	ck_assert_msg(!has(d, "Ethernet1", "transceiver.rx_power"), "Lanes 1 and 3 are no list.");
	ck_assert_msg(json_array_size(json_object_get(d, "warnings")) == 2, "Two warnings.");
	json_decref(d);

	d = run_text(fa_parse_eos_transceiver, "{\"interfaces\": {}}", &r);
	ck_assert_msg(r == FA_PARSED_EMPTY, "No optics is an empty answer.");
	json_decref(d);
	d = run_text(fa_parse_eos_transceiver, "{}", &r);
	ck_assert_msg(r == -FA_EPARSE, "No interfaces object is refused.");
	json_decref(d);
}
END_TEST

Suite *fa_parse_switch_counters_suite(void)
{
	Suite *s = suite_create("parse_switch_counters");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, parse_sonic_pfc_counters_real);
	tcase_add_test(tc, parse_sonic_pfc_counters_variants);
	tcase_add_test(tc, parse_sonic_pg_drops_real);
	tcase_add_test(tc, parse_sonic_portstat_real);
	tcase_add_test(tc, parse_sonic_fec_stats_real);
	tcase_add_test(tc, parse_sonic_pfcwd_stats_real);
	tcase_add_test(tc, parse_sonic_transceiver_real);
	tcase_add_test(tc, parse_sonic_transceiver_variants);
	tcase_add_test(tc, parse_eos_counters_real);
	tcase_add_test(tc, parse_eos_counters_variants);
	tcase_add_test(tc, parse_eos_transceiver_real);
	tcase_add_test(tc, parse_eos_transceiver_variants);
	suite_add_tcase(s, tc);
	return s;
}
