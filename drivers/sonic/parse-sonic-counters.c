/* SPDX-License-Identifier: MIT */
/*
 * SONiC counter tables into port.counters.* (docs/platforms/sonic.md):
 *
 *   "show pfc counters" (pfcstat): an Rx and a Tx table of PFC0..PFC7 per port, the pause
 *     frames received and sent per priority: rx_pause, tx_pause.
 *   "show priority-group drop counters" (pgdropstat): PG0..PG7 per port, packets dropped on
 *     ingress per priority group: priority_drops, with index = PG number.  That is the
 *     priority where PFC_PRIORITY_TO_PRIORITY_GROUP_MAP sends priority N to PG N, as SONiC's
 *     QoS templates do for the lossless priorities; the table itself does not say.
 *   "show interfaces counters" (portstat): RX_ERR, RX_DRP, TX_ERR, TX_DRP per port:
 *     rx_errors, rx_discards, tx_errors, tx_discards.  RX_OK/TX_OK are packets, which the
 *     model does not hold, and the rates are not counters.
 *   "show interfaces counters fec-stats" (portstat -f): FEC_UNCORR per port, codewords the
 *     FEC could not correct: fec_uncorrectable; FEC_PRE_BER and FEC_POST_BER, the ASIC's
 *     estimates: phy.raw_ber and phy.effective_ber.  FEC_CORR counts corrected codewords,
 *     not bits, and FEC_SYMBOL_ERR corrected symbols, so neither is a model counter.
 *   "show pfcwd stats": one row per watched queue ("Ethernet0:3") with "STORM
 *     DETECTED/RESTORED": pause_storm_events is the sum of the detected storms over the
 *     port's rows, written only when every row of the port was read.
 *
 * Counts may carry thousands separators ("1,200"); "N/A" (a counter the ASIC lacks) sets
 * nothing, and a per-priority array is written only when all eight values are known.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/platform.h"
#include "drivers/sonic/parse-sonic.h"
#include "drivers/sonic/parse-sonic-table.h"
#include "audit/util/banned.h"

#define FA_PFC_CMD "show pfc counters"
#define FA_PG_CMD "show priority-group drop counters"
#define FA_PORTSTAT_CMD "show interfaces counters"
#define FA_PFCWD_CMD "show pfcwd stats"
#define FA_FEC_CMD "show interfaces counters fec-stats"

struct fa_ctr_ctx {
	json_t *device;
	const char *cmd;
	const char *field; /* the counter a per-priority table writes */
	int name_col;
	int cols[8];	/* PFC0..PFC7 or PG0..PG7; the scalar columns for portstat */
	size_t written; /* values that reached the device */
	size_t rows;
	json_t *storms; /* pfcwd: port -> sum, JSON null once a row of it failed */
};

/* A port name cell: one word. */
static bool fa_row_name(struct fa_ctr_ctx *c, const char *name, const char *row, size_t len)
{
	if (name[0] && !strchr(name, ' '))
		return true;
	fa_device_warn(c->device, "%s: row not understood: %.*s", c->cmd,
		       (int)(len > 120 ? 120 : len), row);
	return false;
}

/* Find the eight per-priority columns "<prefix>0".."<prefix>7"; false when one is missing. */
static bool fa_prio_cols(struct fa_ctr_ctx *c, const struct fa_sonic_table *t, const char *prefix)
{
	char title[16];
	int i;

	for (i = 0; i < 8; i++) {
		snprintf(title, sizeof(title), "%s%d", prefix, i);
		c->cols[i] = fa_sonic_col(t, title);
		if (c->cols[i] < 0)
			return false;
	}
	return true;
}

/* A row of eight per-priority counts into port.counters.<c->field>. */
static void fa_prio_row(struct fa_ctr_ctx *c, const struct fa_sonic_table *t, const char *row,
			size_t len)
{
	char name[128], cell[64];
	int64_t v[8];
	json_t *arr;
	bool na;
	int i;

	c->rows++;
	fa_sonic_cell(t, c->name_col, row, len, name, sizeof(name));
	if (!fa_row_name(c, name, row, len))
		return;
	for (i = 0; i < 8; i++) {
		fa_sonic_cell(t, c->cols[i], row, len, cell, sizeof(cell));
		if (fa_sonic_count(cell, &v[i], &na))
			continue;
		if (!na)
			fa_device_warn(c->device, "%s: %s: count '%s' not understood", c->cmd, name,
				       cell);
		return;
	}
	arr = json_array();
	for (i = 0; i < 8; i++)
		json_array_append_new(arr, json_integer(v[i]));
	fa_set(fa_device_port(c->device, name), c->field, arr);
	c->written++;
}

static bool fa_pfc_table(void *ctx, const struct fa_sonic_table *t, const char *row, size_t len)
{
	struct fa_ctr_ctx *c = ctx;

	if (row) {
		fa_prio_row(c, t, row, len);
		return true;
	}
	if ((c->name_col = fa_sonic_col(t, "Port Rx")) >= 0)
		c->field = "counters.rx_pause";
	else if ((c->name_col = fa_sonic_col(t, "Port Tx")) >= 0)
		c->field = "counters.tx_pause";
	if (c->name_col < 0 || !fa_prio_cols(c, t, "PFC")) {
		fa_device_warn(c->device, FA_PFC_CMD ": table '%.*s' not understood",
			       (int)(t->title_len > 120 ? 120 : t->title_len), t->title);
		return false;
	}
	return true;
}

static bool fa_pg_table(void *ctx, const struct fa_sonic_table *t, const char *row, size_t len)
{
	struct fa_ctr_ctx *c = ctx;

	if (row) {
		fa_prio_row(c, t, row, len);
		return true;
	}
	c->field = "counters.priority_drops";
	c->name_col = fa_sonic_col(t, "Port");
	if (c->name_col < 0 || !fa_prio_cols(c, t, "PG")) {
		fa_device_warn(c->device, FA_PG_CMD ": table '%.*s' not understood",
			       (int)(t->title_len > 120 ? 120 : t->title_len), t->title);
		return false;
	}
	return true;
}

/* What a table with no table (an error message instead) or no rows returns. */
static int fa_ctr_result(const struct fa_ctr_ctx *c, size_t ntables, struct fa_err *err)
{
	if (!ntables)
		return fa_err_set(err, FA_EPARSE, "%s: no table found", c->cmd);
	return c->written ? 0 : FA_PARSED_EMPTY;
}

int fa_parse_sonic_pfc_counters(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	struct fa_ctr_ctx c = {.device = device, .cmd = FA_PFC_CMD};

	return fa_ctr_result(&c, fa_sonic_tables(cap->data, fa_pfc_table, &c), err);
}

int fa_parse_sonic_pg_drops(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	struct fa_ctr_ctx c = {.device = device, .cmd = FA_PG_CMD};

	return fa_ctr_result(&c, fa_sonic_tables(cap->data, fa_pg_table, &c), err);
}

static const char *const fa_portstat_cols[] = {"RX_ERR", "RX_DRP", "TX_ERR", "TX_DRP"};
static const char *const fa_portstat_fields[] = {"counters.rx_errors", "counters.rx_discards",
						 "counters.tx_errors", "counters.tx_discards"};
#define FA_PORTSTAT_N (sizeof(fa_portstat_cols) / sizeof(fa_portstat_cols[0]))

static bool fa_portstat_table(void *ctx, const struct fa_sonic_table *t, const char *row,
			      size_t len)
{
	struct fa_ctr_ctx *c = ctx;
	char name[128], cell[64];
	int64_t v;
	size_t i;
	bool na;

	if (!row) {
		c->name_col = fa_sonic_col(t, "IFACE");
		for (i = 0; i < FA_PORTSTAT_N; i++)
			c->cols[i] = fa_sonic_col(t, fa_portstat_cols[i]);
		if (c->name_col < 0)
			fa_device_warn(c->device, FA_PORTSTAT_CMD ": no IFACE column");
		return c->name_col >= 0;
	}
	c->rows++;
	fa_sonic_cell(t, c->name_col, row, len, name, sizeof(name));
	if (!fa_row_name(c, name, row, len))
		return true;
	for (i = 0; i < FA_PORTSTAT_N; i++) {
		if (c->cols[i] < 0)
			continue;
		fa_sonic_cell(t, c->cols[i], row, len, cell, sizeof(cell));
		if (fa_sonic_count(cell, &v, &na)) {
			fa_set_int(fa_device_port(c->device, name), fa_portstat_fields[i], v);
			c->written++;
		} else if (!na) {
			fa_device_warn(c->device, FA_PORTSTAT_CMD ": %s: %s '%s' not understood",
				       name, fa_portstat_cols[i], cell);
		}
	}
	return true;
}

int fa_parse_sonic_portstat(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	struct fa_ctr_ctx c = {.device = device, .cmd = FA_PORTSTAT_CMD};

	return fa_ctr_result(&c, fa_sonic_tables(cap->data, fa_portstat_table, &c), err);
}

/* A BER cell ("1.2e-08", "0"): a finite number from 0 to 1. */
static bool fa_ber(const char *cell, double *ret)
{
	char *end;
	double x;

	if (!cell[0])
		return false;
	x = strtod(cell, &end);
	if (*end || !(x >= 0 && x <= 1))
		return false;
	*ret = x;
	return true;
}

static bool fa_fec_table(void *ctx, const struct fa_sonic_table *t, const char *row, size_t len)
{
	static const char *const ber_cols[] = {"FEC_PRE_BER", "FEC_POST_BER"};
	static const char *const ber_fields[] = {"phy.raw_ber", "phy.effective_ber"};
	struct fa_ctr_ctx *c = ctx;
	char name[128], cell[64];
	int64_t v;
	double x;
	size_t i;
	bool na;

	if (!row) {
		c->name_col = fa_sonic_col(t, "IFACE");
		c->cols[0] = fa_sonic_col(t, "FEC_UNCORR");
		c->cols[1] = fa_sonic_col(t, ber_cols[0]);
		c->cols[2] = fa_sonic_col(t, ber_cols[1]);
		if (c->name_col < 0)
			fa_device_warn(c->device, FA_FEC_CMD ": no IFACE column");
		return c->name_col >= 0;
	}
	fa_sonic_cell(t, c->name_col, row, len, name, sizeof(name));
	if (!fa_row_name(c, name, row, len))
		return true;
	fa_sonic_cell(t, c->cols[0], row, len, cell, sizeof(cell));
	if (fa_sonic_count(cell, &v, &na)) {
		fa_set_int(fa_device_port(c->device, name), "counters.fec_uncorrectable", v);
		c->written++;
	} else if (!na && cell[0]) {
		fa_device_warn(c->device, FA_FEC_CMD ": %s: FEC_UNCORR '%s' not understood", name,
			       cell);
	}
	for (i = 0; i < 2; i++) {
		fa_sonic_cell(t, c->cols[1 + i], row, len, cell, sizeof(cell));
		if (fa_ber(cell, &x)) {
			fa_set(fa_device_port(c->device, name), ber_fields[i], json_real(x));
			c->written++;
		} else if (cell[0] && strcmp(cell, "N/A") != 0) {
			fa_device_warn(c->device, FA_FEC_CMD ": %s: %s '%s' not understood", name,
				       ber_cols[i], cell);
		}
	}
	return true;
}

int fa_parse_sonic_fec_stats(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	struct fa_ctr_ctx c = {.device = device, .cmd = FA_FEC_CMD};

	return fa_ctr_result(&c, fa_sonic_tables(cap->data, fa_fec_table, &c), err);
}

/* "a/b" into @a; the second number must be there too. */
static bool fa_pair_first(const char *cell, int64_t *a)
{
	char first[32];
	const char *slash = strchr(cell, '/');
	int64_t b;
	bool na;

	if (!slash || (size_t)(slash - cell) >= sizeof(first))
		return false;
	memcpy(first, cell, (size_t)(slash - cell));
	first[slash - cell] = '\0';
	return fa_sonic_count(first, a, &na) && fa_sonic_count(slash + 1, &b, &na);
}

static bool fa_pfcwd_table(void *ctx, const struct fa_sonic_table *t, const char *row, size_t len)
{
	struct fa_ctr_ctx *c = ctx;
	char queue[128], cell[64];
	const char *colon;
	json_t *sum;
	int64_t v;

	if (!row) {
		c->name_col = fa_sonic_col(t, "QUEUE");
		c->cols[0] = fa_sonic_col(t, "STORM DETECTED/RESTORED");
		if (c->name_col < 0 || c->cols[0] < 0)
			fa_device_warn(c->device, FA_PFCWD_CMD ": no QUEUE or STORM "
							       "DETECTED/RESTORED column");
		return c->name_col >= 0 && c->cols[0] >= 0;
	}
	c->rows++;
	fa_sonic_cell(t, c->name_col, row, len, queue, sizeof(queue));
	colon = strrchr(queue, ':');
	if (!fa_row_name(c, queue, row, len))
		return true;
	if (!colon || colon == queue) {
		fa_device_warn(c->device, FA_PFCWD_CMD ": queue '%s' is not PORT:QUEUE", queue);
		return true;
	}
	queue[colon - queue] = '\0';
	fa_sonic_cell(t, c->cols[0], row, len, cell, sizeof(cell));
	sum = json_object_get(c->storms, queue);
	if (!fa_pair_first(cell, &v)) {
		if (strcmp(cell, "N/A") != 0)
			fa_device_warn(c->device, FA_PFCWD_CMD ": %s: '%s' not understood", queue,
				       cell);
		json_object_set_new(c->storms, queue, json_null());
	} else if (!sum) {
		json_object_set_new(c->storms, queue, json_integer(v));
	} else if (json_is_integer(sum)) {
		json_integer_set(sum, json_integer_value(sum) + v);
	}
	return true;
}

int fa_parse_sonic_pfcwd_stats(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	struct fa_ctr_ctx c = {.device = device, .cmd = FA_PFCWD_CMD};
	const char *port;
	json_t *sum;
	size_t n;

	c.storms = json_object();
	n = fa_sonic_tables(cap->data, fa_pfcwd_table, &c);
	json_object_foreach(c.storms, port, sum)
	{
		if (!json_is_integer(sum))
			continue;
		fa_set_int(fa_device_port(device, port), "counters.pause_storm_events",
			   json_integer_value(sum));
		c.written++;
	}
	json_decref(c.storms);
	return fa_ctr_result(&c, n, err);
}
