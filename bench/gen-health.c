/* SPDX-License-Identifier: MIT */
/*
 * gen-fabric --sample SECONDS: two readings of every host's counters and modules, SECONDS
 * apart, as collect --sample --save-captures writes them: the first in <slug>.txt, the second
 * in <slug>.2.txt, and meta.json recording the interval (docs/health.md).  Formats as the
 * linux platform's parsers read them (ethtool -S of mlx5, ethtool -m of a CMIS module, the
 * carrier_changes of sysfs, mlxlink -c).  A healthy port carries traffic at line rate, a few
 * pause frames on the lossless priority and FEC-corrected bits well under 1e-12; the faults
 * seed what the health rules must find:
 *   pause:HOST/IF=PRIORITY     the host sends pause frames on PRIORITY at 60,000/s, paused
 *                              85% of the time (a receiver that cannot keep up: a storm)
 *   flap:HOST/IF=N             the link went down and up N times between the readings
 *   rxpower:HOST/IF=DBM        the port has an optical module (AOC) whose lane 1 receives
 *                              DBM dBm (its low alarm is -10.5 dBm)
 *   crc:HOST/IF=N              N more CRC errors and symbol errors in the second reading
 *   crc:SWITCH/PORT=N          N more receive errors in the switch port's second reading
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/util/buf.h"
#include "audit/util/err.h"
#include "audit/util/fileio.h"
#include "audit/util/xalloc.h"
#include "bench/gen-fabric.h"
#include "drivers/capture.h"
#include "audit/util/banned.h"

#define GEN_LOSSLESS 3
#define GEN_STORM_PER_S 60000LL

/* One capture of reading @reading (1 or 2). */
void gen_write_reading(const char *dir, const char *device, const char *command,
			      const struct fa_buf *b, int reading)
{
	struct fa_err err = FA_ERR_INIT;
	char *slug = fa_capture_slug(command);
	char *path = fa_xasprintf("%s/captures/%s/%s%s.txt", dir, device, slug,
				  reading == 2 ? ".2" : "");

	if (fa_file_write_atomic(path, b->buf, b->len, &err) < 0) {
		fprintf(stderr, "gen-fabric: %s\n", err.msg);
		exit(1);
	}
	free(path);
	free(slug);
}

static long long gen_fault_int(const char *kind, const char *host, const char *ifname)
{
	const struct gen_fault *fl = gen_find_fault(kind, host, ifname);

	return fl ? atoll(fl->value) : -1;
}

/* ethtool -S of an mlx5 port: the counters the model reads, in the driver's order. */
static void gen_ethtool_stats(const struct gen_fabric *f, int h, const char *host, int n,
			      int reading)
{
	struct fa_buf b = FA_BUF_INIT;
	char ifname[32], cmd[64];
	long long t = reading == 2 ? (long long)f->sample : 0, base = 1000LL * (h * 8 + n + 1);
	long long storm = -1, flaps, crc, bytes, p;
	int gbps = gen_link_gbps(f, h, n);

	gen_ifname(n, ifname, sizeof(ifname));
	storm = gen_fault_int("pause", host, ifname);
	flaps = gen_fault_int("flap", host, ifname);
	crc = gen_fault_int("crc", host, ifname);
	/* a port busy at 80% of its rate in both directions */
	bytes = 3000000000000LL + base * 1000000LL + t * (long long)gbps * 100000000LL;
	fa_buf_addf(&b, "NIC statistics:\n     rx_packets: %lld\n     rx_bytes: %lld\n"
			"     tx_packets: %lld\n     tx_bytes: %lld\n",
		    bytes / 4096 / 1000, bytes / 1000, bytes / 4096 / 1000, bytes / 1000);
	fa_buf_addf(&b, "     rx_out_of_buffer: %lld\n", base / 1000);
	fa_buf_addf(&b, "     tx_packets_phy: %lld\n     rx_packets_phy: %lld\n", bytes / 4096,
		    bytes / 4096);
	fa_buf_addf(&b, "     rx_crc_errors_phy: %lld\n", 2 + (reading == 2 && crc > 0 ? crc : 0));
	fa_buf_addf(&b, "     tx_bytes_phy: %lld\n     rx_bytes_phy: %lld\n", bytes, bytes);
	fa_buf_addf(&b, "     rx_discards_phy: 0\n     tx_discards_phy: 0\n");
	fa_buf_addf(&b, "     rx_symbol_err_phy: %lld\n", reading == 2 && crc > 0 ? crc : 0LL);
	/* about 1e-14 of the bits, far under any threshold */
	fa_buf_addf(&b, "     rx_corrected_bits_phy: %lld\n", 120 + t * (long long)gbps / 100);
	fa_buf_addf(&b, "     link_down_events_phy: %lld\n",
		    1 + (reading == 2 && flaps > 0 ? flaps : 0));
	for (p = 0; p < 8; p++) {
		long long rx = p == GEN_LOSSLESS ? 2400 + base + 4 * t : 0;

		fa_buf_addf(&b, "     rx_prio%lld_bytes: %lld\n     rx_prio%lld_packets: %lld\n", p,
			    p == GEN_LOSSLESS ? bytes : 0, p, p == GEN_LOSSLESS ? bytes / 4096 : 0);
		fa_buf_addf(&b, "     rx_prio%lld_discards: 0\n", p);
		fa_buf_addf(&b, "     tx_prio%lld_bytes: %lld\n     tx_prio%lld_packets: %lld\n", p,
			    p == GEN_LOSSLESS ? bytes : 0, p, p == GEN_LOSSLESS ? bytes / 4096 : 0);
		fa_buf_addf(&b, "     rx_prio%lld_pause: %lld\n     rx_prio%lld_pause_duration: %lld\n",
			    p, rx, p, rx * 5);
		if (p == storm)
			fa_buf_addf(&b, "     tx_prio%lld_pause: %lld\n"
					"     tx_prio%lld_pause_duration: %lld\n",
				    p, 300 + t * GEN_STORM_PER_S, p, 1500 + t * 850000);
		else
			fa_buf_addf(&b, "     tx_prio%lld_pause: %lld\n"
					"     tx_prio%lld_pause_duration: %lld\n",
				    p, p == GEN_LOSSLESS ? 300LL + 2 * t : 0LL, p,
				    p == GEN_LOSSLESS ? 1500LL + 10 * t : 0LL);
	}
	fa_buf_addf(&b, "     tx_pause_storm_warning_events: 0\n"
			"     tx_pause_storm_error_events: 0\n");
	snprintf(cmd, sizeof(cmd), "ethtool -S %s", ifname);
	gen_write_reading(f->dir, host, cmd, &b, reading);
	fa_buf_release(&b);
}

static void gen_power(struct fa_buf *b, const char *what, double dbm)
{
	fa_buf_addf(b, "\t%-42s: %.4f mW / %.2f dBm\n", what, pow(10.0, dbm / 10.0), dbm);
}

/*
 * ethtool -m: the host ports have the passive copper cables of the cabling plan (DAC, 3 m);
 * a port with an rxpower fault has an active optical cable instead.
 */
static void gen_ethtool_module(const struct gen_fabric *f, int h, const char *host, int n,
			       int reading)
{
	const struct gen_fault *rx;
	struct fa_buf b = FA_BUF_INIT;
	char ifname[32], cmd[64], key[64];
	int lane;

	gen_ifname(n, ifname, sizeof(ifname));
	rx = gen_find_fault("rxpower", host, ifname);
	fa_buf_addf(&b, "\t%-42s: 0x19 (OSFP 8X Pluggable Transceiver)\n", "Identifier");
	fa_buf_addf(&b, "\t%-42s: 0x23 (No separable connector)\n", "Connector");
	if (!rx) {
		fa_buf_addf(&b, "\t%-42s: 3.00m\n", "Cable assembly length");
		fa_buf_addf(&b, "\t%-42s: 0x0a (Copper cable unequalized)\n",
			    "Transmitter technology");
		fa_buf_addf(&b, "\t%-42s: NVIDIA\n\t%-42s: MCP4Y10-N003\n\t%-42s: MT2340VS0%04d%d\n",
			    "Vendor name", "Vendor PN", "Vendor SN", h, n);
		snprintf(cmd, sizeof(cmd), "ethtool -m %s", ifname);
		gen_write_reading(f->dir, host, cmd, &b, reading);
		fa_buf_release(&b);
		return;
	}
	fa_buf_addf(&b, "\t%-42s: 3.00m\n", "Cable assembly length");
	fa_buf_addf(&b, "\t%-42s: 0x00 (850 nm VCSEL)\n", "Transmitter technology");
	fa_buf_addf(&b, "\t%-42s: NVIDIA\n\t%-42s: MFA7U10-H003\n\t%-42s: MT2334FT0%04d%d\n",
		    "Vendor name", "Vendor PN", "Vendor SN", h, n);
	fa_buf_addf(&b, "\t%-42s: %.2f degrees C / %.2f degrees F\n", "Module temperature",
		    44.0 + reading * 0.25, (44.0 + reading * 0.25) * 9 / 5 + 32);
	fa_buf_addf(&b, "\t%-42s: 3.2958 V\n", "Module voltage");
	for (lane = 1; lane <= 8; lane++) {
		snprintf(key, sizeof(key), "Laser tx bias current (Channel %d)", lane);
		fa_buf_addf(&b, "\t%-42s: 7.120 mA\n", key);
	}
	for (lane = 1; lane <= 8; lane++) {
		snprintf(key, sizeof(key), "Transmit avg optical power (Channel %d)", lane);
		gen_power(&b, key, -0.6);
	}
	for (lane = 1; lane <= 8; lane++) {
		snprintf(key, sizeof(key), "Rcvr signal avg optical power (Channel %d)", lane);
		gen_power(&b, key, lane == 1 ? atof(rx->value) : -1.3);
	}
	fa_buf_addf(&b,
		    "\t%-42s: 75.00 degrees C / 167.00 degrees F\n"
		    "\t%-42s: -5.00 degrees C / 23.00 degrees F\n"
		    "\t%-42s: 70.00 degrees C / 158.00 degrees F\n"
		    "\t%-42s: 0.00 degrees C / 32.00 degrees F\n",
		    "Module temperature high alarm threshold", "Module temperature low alarm threshold",
		    "Module temperature high warning threshold",
		    "Module temperature low warning threshold");
	gen_power(&b, "Laser rx power high alarm threshold", 5.0);
	gen_power(&b, "Laser rx power low alarm threshold", -10.5);
	gen_power(&b, "Laser rx power high warning threshold", 4.0);
	gen_power(&b, "Laser rx power low warning threshold", -9.5);
	snprintf(cmd, sizeof(cmd), "ethtool -m %s", ifname);
	gen_write_reading(f->dir, host, cmd, &b, reading);
	fa_buf_release(&b);
}

/* /sys/class/net/(glob)/carrier_changes: every interface of the host's ip link. */
static void gen_carrier(const struct gen_fabric *f, const char *host, int reading)
{
	struct fa_buf b = FA_BUF_INIT;
	char ifname[32];
	int n;

	fa_buf_addf(&b, "/sys/class/net/eno1/carrier_changes:2\n");
	for (n = 0; n < f->nics; n++) {
		long long flaps;

		gen_ifname(n, ifname, sizeof(ifname));
		flaps = gen_fault_int("flap", host, ifname);
		fa_buf_addf(&b, "/sys/class/net/%s/carrier_changes:%lld\n", ifname,
			    2 + (reading == 2 && flaps > 0 ? 2 * flaps : 0));
	}
	fa_buf_addf(&b, "/sys/class/net/lo/carrier_changes:0\n");
	gen_write_reading(f->dir, host, "grep -H . /sys/class/net/*/carrier_changes", &b, reading);
	fa_buf_release(&b);
}

/* mlxlink -d mlx5_N -c: FEC and BER of a clean link; a flap counts as a link down. */
static void gen_mlxlink(const struct gen_fabric *f, int h, const char *host, int n, int reading)
{
	struct fa_buf b = FA_BUF_INIT;
	char ifname[32], cmd[64];
	int gbps = gen_link_gbps(f, h, n);
	long long flaps, crc;

	gen_ifname(n, ifname, sizeof(ifname));
	flaps = gen_fault_int("flap", host, ifname);
	crc = gen_fault_int("crc", host, ifname);
	fa_buf_addf(&b,
		    "\nOperational Info\n----------------\n"
		    "State                              : Active\n"
		    "Physical state                     : LinkUp\n"
		    "Speed                              : %dG\n"
		    "Width                              : %dx\n"
		    "FEC                                : Standard LL RS-FEC - RS(272,257+1)\n"
		    "Loopback Mode                      : No Loopback\n"
		    "Auto Negotiation                   : ON\n\n"
		    "Troubleshooting Info\n--------------------\n"
		    "Status Opcode                      : 0\n"
		    "Group Opcode                       : N/A\n"
		    "Recommendation                     : No issue was observed\n\n"
		    "Physical Counters and BER Info\n------------------------------\n"
		    "Time Since Last Clear [Min]        : %d.0\n"
		    "Effective Physical Errors          : %lld\n"
		    "Effective Physical BER             : 15E-255\n"
		    "Raw Physical Errors Per Lane       : 30,28,31,29\n"
		    "Link Down Counter                  : %lld\n"
		    "Link Error Recovery Counter        : 0\n"
		    "Raw Physical BER                   : %s\n",
		    gbps, gbps == 400 ? 4 : 2, 20160 + (reading == 2 ? 1 : 0),
		    reading == 2 && crc > 0 ? crc : 0LL,
		    1 + (reading == 2 && flaps > 0 ? flaps : 0),
		    crc > 0 ? "4E-8" : "3E-13");
	snprintf(cmd, sizeof(cmd), "mlxlink -d mlx5_%d -c", n);
	gen_write_reading(f->dir, host, cmd, &b, reading);
	fa_buf_release(&b);
}

void gen_host_health(const struct gen_fabric *f, int h)
{
	struct fa_buf b = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	char host[32], *path;
	int reading, n;

	gen_host_name(f, h, host, sizeof(host));
	for (reading = 1; reading <= 2; reading++) {
		gen_carrier(f, host, reading);
		for (n = 0; n < f->nics; n++) {
			gen_ethtool_stats(f, h, host, n, reading);
			gen_ethtool_module(f, h, host, n, reading);
			gen_mlxlink(f, h, host, n, reading);
		}
	}
	/* what collect --save-captures records of the two readings (docs/captures.md) */
	fa_buf_addf(&b, "{\n  \"device\": \"%s\",\n  \"platform\": \"linux\",\n"
			"  \"counters_read_at\": [\"2026-12-01T09:00:00Z\", \"2026-12-01T09:00:%02dZ\"],\n"
			"  \"sample_interval_s\": %d\n}\n",
		    host, f->sample % 60, f->sample);
	path = fa_xasprintf("%s/captures/%s/meta.json", f->dir, host);
	if (fa_file_write_atomic(path, b.buf, b.len, &err) < 0) {
		fprintf(stderr, "gen-fabric: %s\n", err.msg);
		exit(1);
	}
	free(path);
	fa_buf_release(&b);
}
