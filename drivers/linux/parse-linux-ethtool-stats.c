/* SPDX-License-Identifier: MIT */
/*
 * ethtool -S IF: the driver's statistics, "NIC statistics:" then one indented "name: value"
 * line per counter.  Drivers print hundreds of names; only those below become
 * port.counters.* (docs/health.md), every other name is skipped without a word.  A line that
 * is not "name: value" (an error message in the middle, a damaged line) is a warning.
 *
 * Names, from each driver's documentation or source:
 *
 *   model counter       mlx5 (kernel mlx5/counters.rst)   bnxt_en (bnxt_ethtool.c)  ice (ice_ethtool.c)
 *   rx_pause[N]         rx_prioN_pause                    rx_pfc_ena_frames_priN    rx_priority_N_xoff.nic
 *   tx_pause[N]         tx_prioN_pause                    tx_pfc_ena_frames_priN    tx_priority_N_xoff.nic
 *   rx_pause_duration[N] rx_prioN_pause_duration          -                         -
 *   tx_pause_duration[N] tx_prioN_pause_duration          -                         -
 *   priority_drops[N]   rx_prioN_discards                 -                         -
 *   rx_bytes            rx_bytes_phy (else rx_bytes)      rx_bytes                  rx_bytes.nic (else rx_bytes)
 *   tx_bytes            tx_bytes_phy (else tx_bytes)      tx_bytes                  tx_bytes.nic (else tx_bytes)
 *   rx_discards         rx_discards_phy                   -                         -
 *   tx_discards         tx_discards_phy                   -                         -
 *   rx_out_of_buffer    rx_out_of_buffer                  -                         -
 *   rx_errors           rx_errors (generic)               rx_errors                 rx_errors
 *   tx_errors           tx_errors_phy (else tx_errors)    tx_errors                 tx_errors
 *   crc_errors          rx_crc_errors_phy                 rx_fcs_err_frames         rx_crc_errors.nic
 *   symbol_errors       rx_symbol_err_phy                 -                         -
 *   corrected_bits      rx_corrected_bits_phy             rx_corrected_bits         -
 *   fec_uncorrectable   -                                 rx_fec_uncorrectable_blocks -
 *   link_down_events    link_down_events_phy              -                         -
 *   pause_storm_events  tx_pause_storm_error_events       -                         -
 *
 * mlx5 counts "_phy" names at the physical port and the plain ones in software (per netdev,
 * without what the NIC dropped or the RDMA traffic that bypasses the kernel): where both are
 * printed the port's own wins.  A per-priority counter is written only when all eight
 * priorities were printed.  "no stats available" or an error message alone fail the capture.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/linux/parse-linux.h"
#include "drivers/linux/parse-linux-int.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

enum { FA_ES_NPRIO = 8 };

/* One name of a counter that is not per priority. */
struct fa_es_name {
	const char *name;
	const char *counter;
	int rank;		/* the higher wins when several names give one counter */
};

/* Per-priority names: @prefix, the priority (one digit 0-7), @suffix. */
static const struct {
	const char *prefix;
	const char *suffix;
	const char *counter;
} fa_es_prio[] = {
	{ "rx_prio", "_pause", "rx_pause" },
	{ "tx_prio", "_pause", "tx_pause" },
	{ "rx_prio", "_pause_duration", "rx_pause_duration" },
	{ "tx_prio", "_pause_duration", "tx_pause_duration" },
	{ "rx_prio", "_discards", "priority_drops" },
	{ "rx_pfc_ena_frames_pri", "", "rx_pause" },
	{ "tx_pfc_ena_frames_pri", "", "tx_pause" },
	{ "rx_priority_", "_xoff.nic", "rx_pause" },
	{ "tx_priority_", "_xoff.nic", "tx_pause" },
};

static const struct fa_es_name fa_es_scalar[] = {
	{ "rx_bytes_phy", "rx_bytes", 2 },
	{ "rx_bytes.nic", "rx_bytes", 2 },
	{ "rx_bytes", "rx_bytes", 1 },
	{ "tx_bytes_phy", "tx_bytes", 2 },
	{ "tx_bytes.nic", "tx_bytes", 2 },
	{ "tx_bytes", "tx_bytes", 1 },
	{ "rx_discards_phy", "rx_discards", 1 },
	{ "tx_discards_phy", "tx_discards", 1 },
	{ "rx_out_of_buffer", "rx_out_of_buffer", 1 },
	{ "rx_errors", "rx_errors", 1 },
	{ "tx_errors_phy", "tx_errors", 2 },
	{ "tx_errors", "tx_errors", 1 },
	{ "rx_crc_errors_phy", "crc_errors", 1 },
	{ "rx_fcs_err_frames", "crc_errors", 1 },
	{ "rx_crc_errors.nic", "crc_errors", 1 },
	{ "rx_symbol_err_phy", "symbol_errors", 1 },
	{ "rx_corrected_bits_phy", "corrected_bits", 1 },
	{ "rx_corrected_bits", "corrected_bits", 1 },
	{ "rx_fec_uncorrectable_blocks", "fec_uncorrectable", 1 },
	{ "link_down_events_phy", "link_down_events", 1 },
	{ "tx_pause_storm_error_events", "pause_storm_events", 1 },
};

#define FA_ES_NSCALAR (sizeof(fa_es_scalar) / sizeof(fa_es_scalar[0]))
#define FA_ES_NPRIONAMES (sizeof(fa_es_prio) / sizeof(fa_es_prio[0]))

/* The per-priority counters of the model, each read from whichever name the driver prints. */
static const char *const fa_es_prio_counters[] = { "rx_pause", "tx_pause", "rx_pause_duration",
						   "tx_pause_duration", "priority_drops" };
#define FA_ES_NPRIOC (sizeof(fa_es_prio_counters) / sizeof(fa_es_prio_counters[0]))

struct fa_es {
	int64_t scalar[FA_ES_NSCALAR];
	bool have_scalar[FA_ES_NSCALAR];
	int64_t prio[FA_ES_NPRIOC][FA_ES_NPRIO];
	unsigned have_prio[FA_ES_NPRIOC];	/* bit N: priority N was printed */
};

static size_t fa_es_prio_index(const char *counter)
{
	size_t i;

	for (i = 0; i < FA_ES_NPRIOC; i++)
		if (strcmp(fa_es_prio_counters[i], counter) == 0)
			return i;
	return 0;
}

/* Record @name = @v when it is one of the names above. */
static void fa_es_take(struct fa_es *es, struct fa_textscan_span name, int64_t v)
{
	size_t i;

	for (i = 0; i < FA_ES_NSCALAR; i++)
		if (fa_textscan_eq(name, fa_es_scalar[i].name)) {
			es->scalar[i] = v;
			es->have_scalar[i] = true;
			return;
		}
	for (i = 0; i < FA_ES_NPRIONAMES; i++) {
		size_t pl = strlen(fa_es_prio[i].prefix), sl = strlen(fa_es_prio[i].suffix);
		unsigned p;
		size_t c;

		if (name.len != pl + 1 + sl || memcmp(name.ptr, fa_es_prio[i].prefix, pl) != 0 ||
		    name.ptr[pl] < '0' || name.ptr[pl] > '7' ||
		    memcmp(name.ptr + pl + 1, fa_es_prio[i].suffix, sl) != 0)
			continue;
		p = (unsigned)(name.ptr[pl] - '0');
		c = fa_es_prio_index(fa_es_prio[i].counter);
		es->prio[c][p] = v;
		es->have_prio[c] |= 1u << p;
		return;
	}
}

/* Write what was read; the number of counters written. */
static unsigned fa_es_write(const struct fa_es *es, json_t *port)
{
	char path[64];
	unsigned n = 0;
	size_t i, j;

	for (i = 0; i < FA_ES_NSCALAR; i++) {
		bool best = es->have_scalar[i];

		for (j = 0; j < FA_ES_NSCALAR && best; j++)
			if (j != i && es->have_scalar[j] &&
			    strcmp(fa_es_scalar[j].counter, fa_es_scalar[i].counter) == 0 &&
			    (fa_es_scalar[j].rank > fa_es_scalar[i].rank ||
			     (fa_es_scalar[j].rank == fa_es_scalar[i].rank && j < i)))
				best = false;
		if (!best)
			continue;
		snprintf(path, sizeof(path), "counters.%s", fa_es_scalar[i].counter);
		fa_set_int(port, path, es->scalar[i]);
		n++;
	}
	for (i = 0; i < FA_ES_NPRIOC; i++) {
		json_t *a;
		unsigned p;

		if (es->have_prio[i] != (1u << FA_ES_NPRIO) - 1)
			continue;
		a = json_array();
		for (p = 0; p < FA_ES_NPRIO; p++)
			json_array_append_new(a, json_integer(es->prio[i][p]));
		snprintf(path, sizeof(path), "counters.%s", fa_es_prio_counters[i]);
		fa_set(port, path, a);
		n++;
	}
	return n;
}

int fa_parse_linux_ethtool_stats(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = fa_linux_cmd(cap, "ethtool -S IF");
	struct fa_textscan_span line, name, val;
	struct fa_textscan ts;
	struct fa_es es;
	bool header = false;
	unsigned values = 0;
	const char *colon;
	size_t i;

	if (!cap->arg || !*cap->arg)
		return fa_err_set(err, FA_EINVAL, "%s: no interface given", cmd);
	memset(&es, 0, sizeof(es));
	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		int64_t v;

		line = fa_textscan_trim(line);
		if (line.len == 0)
			continue;
		if (fa_textscan_eq(line, "NIC statistics:")) {
			header = true;
			continue;
		}
		/* the value follows the last colon: per-queue names carry one ("[0]: rx_bytes") */
		colon = NULL;
		for (i = line.len; i > 0; i--)
			if (line.ptr[i - 1] == ':') {
				colon = line.ptr + i - 1;
				break;
			}
		if (colon) {
			name.ptr = line.ptr;
			name.len = (size_t)(colon - line.ptr);
			name = fa_textscan_trim(name);
			val.ptr = colon + 1;
			val.len = (size_t)(line.ptr + line.len - val.ptr);
			val = fa_textscan_trim(val);
		}
		if (!colon || name.len == 0 || !fa_textscan_int(val, &v) || v < 0) {
			fa_device_warn(device, "%s: line %u not understood: %.*s", cmd, ts.lineno,
				       (int)(line.len > 120 ? 120 : line.len), line.ptr);
			continue;
		}
		values++;
		fa_es_take(&es, name, v);
	}
	if (!header && values == 0) {
		struct fa_textscan_span first = fa_linux_first_line(cap);

		return first.len ? fa_err_set(err, FA_EPARSE, "%s: no statistics: %.*s", cmd,
					      (int)(first.len > 120 ? 120 : first.len), first.ptr)
				 : fa_err_set(err, FA_EPARSE, "%s: no output", cmd);
	}
	if (fa_es_write(&es, fa_device_port(device, cap->arg)) == 0)
		return FA_PARSED_EMPTY;
	return 0;
}
