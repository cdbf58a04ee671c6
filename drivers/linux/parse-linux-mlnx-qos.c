/* SPDX-License-Identifier: MIT */
/*
 * mlnx_qos -i IF: the NIC's DCB settings as MLNX_OFED's / DOCA's mlnx_qos prints them.
 *
 *   DCBX mode: OS controlled                           -> qos.dcbx.mode (`os`, `firmware`)
 *   Priority trust state: dscp                         -> qos.trust
 *   dscp2prio mapping:                                 -> qos.dscp_to_priority (only when
 *           prio:0 dscp:07,06,05,04,03,02,01,00,          all 64 DSCPs are listed; a
 *           prio:1 dscp:15,14,13,12,11,10,09,08,          priority with more than eight
 *           ...                                           wraps onto more "prio:N" lines)
 *   default priority:                                  (newer: "prio:N" lines may follow)
 *   Receive buffer size (bytes): 130944,...,max_buffer_size=...   (newer)
 *                                                      -> qos.buffer.size, qos.buffer.max_size
 *   Cable len: 7                                       -> qos.cable_length
 *   PFC configuration:
 *           priority    0   1   2   3   4   5   6   7
 *           enabled     0   0   0   1   0   0   0   0  -> qos.pfc_enabled, pfc_rx, pfc_tx
 *           buffer      0   0   0   1   0   0   0   0  (newer) -> qos.buffer.prio_to_buffer
 *   tc: 0 ratelimit: unlimited, tsa: ets, bw: 12%      -> qos.ets.tsa, qos.ets.bandwidth
 *            priority:  1                              -> qos.priority_to_tc
 *
 * The receive buffers are the NIC's port buffers (mlx5: eight, in bytes; the driver sizes a
 * lossless buffer from the cable length, speed and MTU, or the user sets it): recorded only
 * when all eight sizes are printed.  "max_buffer_size=" (the port's whole buffer) is missing
 * from some versions.
 *
 * Older versions print "tsa: vendor" or "tsa: strict" without "bw:".  The kernel requires the
 * bandwidth of a non-ETS TC to be 0 (mlnx_qos refuses anything else), so such a TC's
 * bandwidth is recorded as 0.  Only TCs with priorities are listed (unless -a), so the ETS
 * arrays are written only when all eight TCs were shown, and priority_to_tc only when all
 * eight priorities were.
 *
 * A "..." line means the output was cut (pasted, piped through head): a warning; maps are
 * written only when complete, so a cut DSCP map is left out.  Informational lines ("... is
 * not supported on your system", the lldpad warning) become warnings.  Output with neither
 * a trust state, a PFC table nor a TC line fails the capture.
 */
#include "config.h"

#include <string.h>

#include "audit/model.h"
#include "drivers/linux/parse-linux.h"
#include "drivers/linux/parse-linux-int.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

enum fa_qos_section {
	FA_QOS_TOP,
	FA_QOS_DSCP,
	FA_QOS_DEFAULT_PRIO,
	FA_QOS_PFC,
	FA_QOS_TC,
};

struct fa_qos {
	json_t *device;
	const char *cmd;
	enum fa_qos_section section;
	bool known;		/* saw a trust state, PFC table or TC: this is mlnx_qos output */
	bool truncated;
	int dscp[64];		/* priority per DSCP, -1 unknown */
	bool dscp_seen;
	int prio_tc[8];		/* TC per priority, -1 unknown */
	int tc;			/* TC of the "priority:" lines that follow, -1 none */
	const char *tsa[8];
	int bw[8];
	bool pfc_ok;
	int pfc[8];
	const char *trust;
	const char *dcbx;	/* "os", "firmware", NULL unknown */
	int64_t cable_len;	/* -1 unknown */
	bool bufsize_ok, prio_buf_ok;
	int64_t bufsize[8];
	int64_t bufmax;		/* -1 unknown */
	int prio_buf[8];
};

static void fa_qos_warn_line(struct fa_qos *q, unsigned lineno, struct fa_textscan_span line)
{
	fa_device_warn(q->device, "%s: line %u not understood: %.*s", q->cmd, lineno,
		       (int)line.len, line.ptr);
}

/* "prio:N dscp:a,b,c," (one wrapped piece of a priority's DSCP list). */
static bool fa_qos_dscp_line(struct fa_qos *q, struct fa_textscan_span line)
{
	struct fa_textscan_span w[3], key, val;
	int64_t prio, dscp;
	const char *p, *end;

	if (fa_textscan_words(line, w, 3) != 2 || !fa_textscan_keyval(w[0], ':', &key, &val) ||
	    !fa_textscan_eq(key, "prio") || !fa_textscan_int(val, &prio) || prio < 0 || prio > 7 ||
	    !fa_textscan_keyval(w[1], ':', &key, &val) || !fa_textscan_eq(key, "dscp"))
		return false;
	p = val.ptr;
	end = val.ptr + val.len;
	while (p < end) {
		struct fa_textscan_span item = { p, 0 };
		const char *comma = memchr(p, ',', (size_t)(end - p));

		item.len = comma ? (size_t)(comma - p) : (size_t)(end - p);
		p += item.len + (comma ? 1 : 0);
		if (item.len == 0)
			continue;
		if (!fa_textscan_int(item, &dscp) || dscp < 0 || dscp > 63)
			return false;
		q->dscp[dscp] = (int)prio;
	}
	q->dscp_seen = true;
	return true;
}

/* "tc: 3 ratelimit: unlimited, tsa: ets, bw: 13%" */
static bool fa_qos_tc_line(struct fa_qos *q, struct fa_textscan_span line)
{
	struct fa_textscan_span w[16];
	size_t n = fa_textscan_words(line, w, 16), i;
	const char *tsa = NULL;
	int64_t tc, bw = -1;

	if (n < 2 || n > 16 || !fa_textscan_int(w[1], &tc) || tc < 0 || tc > 7)
		return false;
	for (i = 2; i + 1 < n; i++) {
		struct fa_textscan_span v = w[i + 1];

		if (v.len && v.ptr[v.len - 1] == ',')
			v.len--;
		if (fa_textscan_eq(w[i], "tsa:")) {
			if (fa_textscan_eq(v, "ets"))
				tsa = "ets";
			else if (fa_textscan_eq(v, "strict"))
				tsa = "strict";
			else if (fa_textscan_eq(v, "vendor"))
				tsa = "vendor";
			else
				return false;
		} else if (fa_textscan_eq(w[i], "bw:")) {
			if (v.len && v.ptr[v.len - 1] == '%')
				v.len--;
			if (!fa_textscan_int(v, &bw) || bw < 0 || bw > 100)
				return false;
		}
	}
	if (!tsa || (strcmp(tsa, "ets") == 0 && bw < 0))
		return false;
	q->tsa[tc] = tsa;
	q->bw[tc] = strcmp(tsa, "ets") == 0 ? (int)bw : 0;
	q->tc = (int)tc;
	return true;
}

/* "priority:  3" under a TC. */
static bool fa_qos_tc_prio_line(struct fa_qos *q, struct fa_textscan_span key,
				struct fa_textscan_span val)
{
	int64_t prio;

	if (q->tc < 0 || !fa_textscan_eq(key, "priority") || !fa_textscan_int(val, &prio) ||
	    prio < 0 || prio > 7)
		return false;
	q->prio_tc[prio] = q->tc;
	return true;
}

/* "LABEL  v0 v1 ... v7": a row of the PFC table, one value per priority, each 0..@max. */
static bool fa_qos_prio_row(struct fa_textscan_span line, int64_t max, int out[8])
{
	struct fa_textscan_span w[10];
	int64_t v;
	size_t i;

	if (fa_textscan_words(line, w, 10) != 9)
		return false;
	for (i = 0; i < 8; i++) {
		if (!fa_textscan_int(w[i + 1], &v) || v < 0 || v > max)
			return false;
		out[i] = (int)v;
	}
	return true;
}

/* "buffer  0 0 0 1 0 0 0 0": the receive buffer of each priority. */
static bool fa_qos_buffer_row(struct fa_qos *q, struct fa_textscan_span line)
{
	q->prio_buf_ok = fa_qos_prio_row(line, 7, q->prio_buf);
	return q->prio_buf_ok;
}

/* "130944,130944,0,0,0,0,0,0,max_buffer_size=262016" (the trailing part may be absent). */
static bool fa_qos_buffer_sizes(struct fa_qos *q, struct fa_textscan_span val)
{
	const char *p = val.ptr, *end = val.ptr + val.len;
	int64_t v, max = -1;
	size_t n = 0;

	while (p < end) {
		const char *comma = memchr(p, ',', (size_t)(end - p));
		struct fa_textscan_span item = { p, comma ? (size_t)(comma - p) : (size_t)(end - p) };
		struct fa_textscan_span key, num;

		p += item.len + (comma ? 1 : 0);
		item = fa_textscan_trim(item);
		if (item.len == 0)
			continue;
		if (fa_textscan_keyval(item, '=', &key, &num)) {
			if (!fa_textscan_eq(key, "max_buffer_size") || !fa_textscan_int(num, &max) ||
			    max < 0)
				return false;
			continue;
		}
		if (n == 8 || !fa_textscan_int(item, &v) || v < 0)
			return false;
		q->bufsize[n++] = v;
	}
	if (n != 8)
		return false;
	q->bufsize_ok = true;
	q->bufmax = max;
	return true;
}

/* "enabled  0 0 0 1 0 0 0 0" */
static bool fa_qos_pfc_row(struct fa_qos *q, struct fa_textscan_span line)
{
	q->pfc_ok = fa_qos_prio_row(line, 1, q->pfc);
	return q->pfc_ok;
}

/* Lines mlnx_qos prints about itself rather than the port. */
static bool fa_qos_is_notice(struct fa_textscan_span line)
{
	return fa_textscan_find(line, "not supported on your system") >= 0 ||
	       fa_textscan_find(line, "WARNING") >= 0;
}

/* "..." (or "…") alone or at the end of a line: the output was cut there. */
static bool fa_qos_is_cut(struct fa_textscan_span line)
{
	return (line.len >= 3 && memcmp(line.ptr + line.len - 3, "...", 3) == 0) ||
	       fa_textscan_find(line, "\xe2\x80\xa6") >= 0;
}

static void fa_qos_line(struct fa_qos *q, unsigned lineno, struct fa_textscan_span line)
{
	struct fa_textscan_span key, val;
	int64_t v;

	if (fa_qos_is_cut(line)) {
		q->truncated = true;
		fa_device_warn(q->device, "%s: output truncated at line %u", q->cmd, lineno);
		return;
	}
	if (fa_qos_is_notice(line)) {
		fa_device_warn(q->device, "%s: %.*s", q->cmd, (int)line.len, line.ptr);
		return;
	}
	if (fa_textscan_starts(line, "tc:") && fa_qos_tc_line(q, line)) {
		q->section = FA_QOS_TC;
		q->known = true;
		return;
	}
	if (fa_textscan_starts(line, "prio:") && q->section == FA_QOS_DSCP) {
		if (!fa_qos_dscp_line(q, line))
			fa_qos_warn_line(q, lineno, line);
		return;
	}
	if (fa_textscan_starts(line, "prio:") && q->section == FA_QOS_DEFAULT_PRIO)
		return;
	if (q->section == FA_QOS_PFC && fa_textscan_starts(line, "priority "))
		return;
	if (q->section == FA_QOS_PFC && fa_textscan_starts(line, "enabled")) {
		if (!fa_qos_pfc_row(q, line))
			fa_qos_warn_line(q, lineno, line);
		return;
	}
	if (q->section == FA_QOS_PFC && fa_textscan_starts(line, "buffer")) {
		if (!fa_qos_buffer_row(q, line))
			fa_qos_warn_line(q, lineno, line);
		return;
	}
	if (!fa_textscan_keyval(line, ':', &key, &val)) {
		fa_qos_warn_line(q, lineno, line);
		return;
	}
	if (q->section == FA_QOS_TC && fa_qos_tc_prio_line(q, key, val))
		return;
	q->section = FA_QOS_TOP;
	q->tc = -1;
	if (fa_textscan_eq(key, "Priority trust state")) {
		q->known = true;
		if (fa_textscan_eq(val, "dscp"))
			q->trust = "dscp";
		else if (fa_textscan_eq(val, "pcp"))
			q->trust = "pcp";
		else if (!fa_textscan_eq(val, "none"))
			fa_qos_warn_line(q, lineno, line);
	} else if (fa_textscan_eq(key, "dscp2prio mapping")) {
		q->section = FA_QOS_DSCP;
	} else if (fa_textscan_eq(key, "default priority")) {
		q->section = FA_QOS_DEFAULT_PRIO;
	} else if (fa_textscan_eq(key, "PFC configuration")) {
		q->section = FA_QOS_PFC;
		q->known = true;
	} else if (fa_textscan_eq(key, "Cable len")) {
		if (fa_textscan_int(val, &v) && v >= 0)
			q->cable_len = v;
		else
			fa_qos_warn_line(q, lineno, line);
	} else if (fa_textscan_eq(key, "DCBX mode")) {
		if (fa_textscan_eq(val, "OS controlled"))
			q->dcbx = "os";
		else if (fa_textscan_eq(val, "Firmware controlled"))
			q->dcbx = "firmware";
		else
			fa_qos_warn_line(q, lineno, line);
	} else if (fa_textscan_starts(key, "Receive buffer size")) {
		if (!fa_qos_buffer_sizes(q, val))
			fa_qos_warn_line(q, lineno, line);
	} else {
		fa_qos_warn_line(q, lineno, line);
	}
}

static void fa_qos_write(struct fa_qos *q, json_t *port)
{
	json_t *a, *b;
	size_t i;

	if (q->trust)
		fa_set_str(port, "qos.trust", q->trust);
	if (q->cable_len >= 0)
		fa_set_int(port, "qos.cable_length", q->cable_len);
	if (q->dcbx)
		fa_set_str(port, "qos.dcbx.mode", q->dcbx);
	if (q->bufsize_ok) {
		a = json_array();
		for (i = 0; i < 8; i++)
			json_array_append_new(a, json_integer(q->bufsize[i]));
		fa_set(port, "qos.buffer.size", a);
		if (q->bufmax >= 0)
			fa_set_int(port, "qos.buffer.max_size", q->bufmax);
	}
	if (q->prio_buf_ok) {
		a = json_array();
		for (i = 0; i < 8; i++)
			json_array_append_new(a, json_integer(q->prio_buf[i]));
		fa_set(port, "qos.buffer.prio_to_buffer", a);
	}
	if (q->pfc_ok) {
		a = json_array();
		for (i = 0; i < 8; i++)
			if (q->pfc[i])
				json_array_append_new(a, json_integer((json_int_t)i));
		/* one bit per priority, both directions (parse-linux.h, "PFC directions") */
		fa_set_pfc_both(port, a);
	}
	if (q->dscp_seen) {
		size_t known = 0;

		for (i = 0; i < 64; i++)
			known += q->dscp[i] >= 0;
		if (known == 64) {
			a = json_array();
			for (i = 0; i < 64; i++)
				json_array_append_new(a, json_integer(q->dscp[i]));
			fa_set(port, "qos.dscp_to_priority", a);
		} else {
			fa_device_warn(q->device,
				       "%s: dscp2prio lists %zu of 64 DSCPs%s; not recorded",
				       q->cmd, known, q->truncated ? " (truncated)" : "");
		}
	}
	for (i = 0; i < 8 && q->prio_tc[i] >= 0; i++)
		;
	if (i == 8) {
		a = json_array();
		for (i = 0; i < 8; i++)
			json_array_append_new(a, json_integer(q->prio_tc[i]));
		fa_set(port, "qos.priority_to_tc", a);
	}
	for (i = 0; i < 8 && q->tsa[i]; i++)
		;
	if (i == 8) {
		a = json_array();
		b = json_array();
		for (i = 0; i < 8; i++) {
			json_array_append_new(a, json_string(q->tsa[i]));
			json_array_append_new(b, json_integer(q->bw[i]));
		}
		fa_set(port, "qos.ets.tsa", a);
		fa_set(port, "qos.ets.bandwidth", b);
	}
}

int fa_parse_linux_mlnx_qos(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	struct fa_qos q = { .device = device, .cmd = fa_linux_cmd(cap, "mlnx_qos -i IF"),
			    .tc = -1, .cable_len = -1, .bufmax = -1 };
	struct fa_textscan_span line;
	struct fa_textscan ts;
	size_t i;

	if (!cap->arg || !*cap->arg)
		return fa_err_set(err, FA_EINVAL, "%s: no interface given", q.cmd);
	for (i = 0; i < 64; i++)
		q.dscp[i] = -1;
	for (i = 0; i < 8; i++)
		q.prio_tc[i] = -1;
	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		line = fa_textscan_trim(line);
		if (line.len)
			fa_qos_line(&q, ts.lineno, line);
	}
	if (!q.known) {
		struct fa_textscan_span first = fa_linux_first_line(cap);

		return first.len ? fa_err_set(err, FA_EPARSE, "%s: no QoS settings: %.*s", q.cmd,
					      (int)(first.len > 120 ? 120 : first.len), first.ptr)
				 : fa_err_set(err, FA_EPARSE, "%s: no output", q.cmd);
	}
	fa_qos_write(&q, fa_device_port(device, cap->arg));
	return 0;
}
