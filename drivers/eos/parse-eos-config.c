/* SPDX-License-Identifier: MIT */
/*
 * EOS "show running-config sanitized" into the model: hostname, and per interface the QoS
 * fields (qos.pfc_enabled, qos.trust, qos.pfc_watchdog, qos.ecn, qos.ets) and fec.
 *
 * The configuration is indented by three spaces per level.  Two kinds of top-level section
 * carry QoS: "interface <name>" and "qos profile <name>"; an interface takes a profile's
 * settings with "service-profile <name>" and its own lines win over the profile's.  Inside a
 * section, "tx-queue N" (or "uc-tx-queue N" on chips with separate unicast queues) opens a
 * per-queue subsection.  Both the plain and the "all" form of the configuration are read:
 * "all" prints defaults as "no ..." or "default ..." lines.
 *
 * The policy, since the plain form leaves defaults out:
 *   - PFC is off unless "priority-flow-control on" (or "... mode on"); when on, the enabled
 *     priorities are those marked "priority-flow-control priority N no-drop".  An Ethernet
 *     port (not a subinterface) with no PFC line at all has PFC off: qos.pfc_enabled [].
 *   - ECN is per transmit queue; EOS maps traffic class N to queue N unless configured
 *     otherwise, and the queue number is reported as the traffic class.  An Ethernet port
 *     with no "random-detect ecn" anywhere and no tx-queue service policy has ECN off.
 *     Thresholds are converted when given in bytes, kbytes or mbytes (1024-based);
 *     segments and time units cannot be turned into bytes and are left out with a warning.
 *   - qos.trust is written for "qos trust dscp" and "qos trust cos" only; an untrusted or
 *     default port leaves it absent, as does a port with no trust line.
 *   - The DSCP map is global ("qos map dscp ... to traffic-class N") and only lists changes
 *     from a platform default, so qos.dscp_to_priority is not written.
 * QoS lines that start like a known command but do not parse become warnings.
 */
#include "config.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "audit/util/xalloc.h"
#include "drivers/eos/parse-eos.h"
#include "drivers/text/units.h"
#include "drivers/text/jsonload.h"
#include "audit/util/banned.h"

#define FA_EOS_CONFIG_CMD "show running-config sanitized"

enum fa_tri { FA_UNSET = -1, FA_NO = 0, FA_YES = 1 };

enum fa_trust { FA_TRUST_UNSET = -1, FA_TRUST_OTHER, FA_TRUST_DSCP, FA_TRUST_COS };

enum fa_fec_bits { FA_FEC_RS = 1 << 0, FA_FEC_FC = 1 << 1, FA_FEC_OFF = 1 << 2 };

struct fa_eos_txq {
	int ecn;		  /* enum fa_tri */
	int64_t ecn_min, ecn_max; /* bytes; -1 when unknown */
	int ecn_prob;		  /* percent; -1 when not given */
	int strict;		  /* enum fa_tri */
	int bw;			  /* percent; -1 unknown */
};

/* QoS-relevant settings of one interface or qos profile section. */
struct fa_eos_sect {
	char *name;
	bool profile;
	int pfc_on;	 /* enum fa_tri */
	unsigned nodrop; /* bit per priority marked no-drop */
	bool pfc_lines;	 /* any priority-flow-control line */
	int trust;	 /* enum fa_trust */
	int watchdog;	 /* enum fa_tri */
	unsigned fec;	 /* enum fa_fec_bits */
	bool txq_policy; /* a tx-queue or qos service-policy is applied */
	bool ecn_lines;
	char *service_profile;
	struct fa_eos_txq txq[8];
};

struct fa_eos_cfg {
	struct fa_eos_sect *sects;
	size_t n, alloc;
};

static struct fa_eos_sect *fa_sect_new(struct fa_eos_cfg *cfg, const char *name, size_t len,
				       bool profile)
{
	struct fa_eos_sect *s;
	int i;

	if (cfg->n == cfg->alloc) {
		cfg->alloc = cfg->alloc ? cfg->alloc * 2 : 32;
		cfg->sects = fa_xreallocarray(cfg->sects, cfg->alloc, sizeof(*cfg->sects));
	}
	s = &cfg->sects[cfg->n++];
	memset(s, 0, sizeof(*s));
	s->name = fa_xstrndup(name, len);
	s->profile = profile;
	s->pfc_on = FA_UNSET;
	s->trust = FA_TRUST_UNSET;
	s->watchdog = FA_UNSET;
	for (i = 0; i < 8; i++) {
		s->txq[i].ecn = FA_UNSET;
		s->txq[i].ecn_min = s->txq[i].ecn_max = -1;
		s->txq[i].ecn_prob = -1;
		s->txq[i].strict = FA_UNSET;
		s->txq[i].bw = -1;
	}
	return s;
}

static void fa_cfg_release(struct fa_eos_cfg *cfg)
{
	size_t i;

	for (i = 0; i < cfg->n; i++) {
		free(cfg->sects[i].name);
		free(cfg->sects[i].service_profile);
	}
	free(cfg->sects);
}

/* Does @line (length @len) equal @s, or start with @s followed by a blank? */
static bool fa_is(const char *line, size_t len, const char *s)
{
	size_t n = strlen(s);

	return len >= n && strncmp(line, s, n) == 0 && (len == n || line[n] == ' ');
}

static bool fa_eq(const char *line, size_t len, const char *s)
{
	return len == strlen(s) && strncmp(line, s, len) == 0;
}

/* Threshold "<n> <unit>" at *@p into bytes; -1 when the unit is not a size. */
static int64_t fa_threshold(const char **p, const char *end, bool *ok)
{
	static const struct {
		const char *unit;
		int64_t factor;
	} units[] = {{"bytes", 1}, {"kbytes", 1024}, {"mbytes", 1048576}};
	const char *s = *p;
	int64_t v = 0;
	size_t i;

	*ok = false;
	if (s >= end || !isdigit((unsigned char)*s))
		return -1;
	while (s < end && isdigit((unsigned char)*s)) {
		if (v > INT64_MAX / 1048576 / 10)
			return -1;
		v = v * 10 + (*s++ - '0');
	}
	while (s < end && *s == ' ')
		s++;
	*ok = true;
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		size_t n = strlen(units[i].unit);

		if ((size_t)(end - s) >= n && strncmp(s, units[i].unit, n) == 0 &&
		    (s + n == end || s[n] == ' ')) {
			*p = s + n;
			return v * units[i].factor;
		}
	}
	/* A unit we cannot convert (segments, milliseconds): skip the word. */
	while (s < end && *s != ' ')
		s++;
	*p = s;
	return -1;
}

static void fa_skip_blanks(const char **p, const char *end)
{
	while (*p < end && **p == ' ')
		(*p)++;
}

/* "random-detect ecn minimum-threshold A U maximum-threshold B U [max-mark-probability P] ..." */
static void fa_parse_ecn(json_t *device, const struct fa_eos_sect *s, struct fa_eos_txq *q, int qn,
			 const char *line, size_t len)
{
	const char *p = line + strlen("random-detect ecn minimum-threshold"), *end = line + len;
	bool ok1, ok2;
	int64_t a, b;

	fa_skip_blanks(&p, end);
	a = fa_threshold(&p, end, &ok1);
	fa_skip_blanks(&p, end);
	if (!ok1 || !fa_is(p, (size_t)(end - p), "maximum-threshold"))
		goto bad;
	p += strlen("maximum-threshold");
	fa_skip_blanks(&p, end);
	b = fa_threshold(&p, end, &ok2);
	if (!ok2)
		goto bad;
	q->ecn = FA_YES;
	q->ecn_min = a;
	q->ecn_max = b;
	if (a < 0 || b < 0)
		fa_device_warn(device,
			       FA_EOS_CONFIG_CMD ": %s tx-queue %d: ECN thresholds are "
						 "not in bytes; left out",
			       s->name, qn);
	fa_skip_blanks(&p, end);
	if (fa_is(p, (size_t)(end - p), "max-mark-probability")) {
		p += strlen("max-mark-probability");
		fa_skip_blanks(&p, end);
		q->ecn_prob = atoi(p);
		if (q->ecn_prob < 1 || q->ecn_prob > 100)
			q->ecn_prob = -1;
	}
	return;
bad:
	fa_device_warn(device, FA_EOS_CONFIG_CMD ": %s tx-queue %d: not understood: %.*s", s->name,
		       qn, (int)(len > 120 ? 120 : len), line);
}

static void fa_txq_line(json_t *device, struct fa_eos_sect *s, int qn, const char *line, size_t len)
{
	struct fa_eos_txq *q = &s->txq[qn];

	if (fa_eq(line, len, "priority strict")) {
		q->strict = FA_YES;
	} else if (fa_eq(line, len, "no priority")) {
		q->strict = FA_NO;
	} else if (fa_is(line, len, "bandwidth percent")) {
		int64_t v;
		char buf[16];
		size_t n = len - strlen("bandwidth percent");

		if (n >= sizeof(buf))
			n = sizeof(buf) - 1;
		memcpy(buf, line + strlen("bandwidth percent"), n);
		buf[n] = '\0';
		if (fa_parse_int(buf, &v) && v >= 0 && v <= 100)
			q->bw = (int)v;
		else
			fa_device_warn(device,
				       FA_EOS_CONFIG_CMD ": %s tx-queue %d: not "
							 "understood: %.*s",
				       s->name, qn, (int)len, line);
	} else if (fa_is(line, len, "random-detect ecn minimum-threshold")) {
		s->ecn_lines = true;
		fa_parse_ecn(device, s, q, qn, line, len);
	} else if (fa_eq(line, len, "no random-detect ecn") ||
		   fa_eq(line, len, "no random-detect ecn minimum-threshold")) {
		s->ecn_lines = true;
		q->ecn = FA_NO;
	}
}

/* "priority-flow-control priority N no-drop|drop" and its "no" form. */
static void fa_pfc_priority(json_t *device, struct fa_eos_sect *s, const char *line, size_t len,
			    bool negated)
{
	const char *p = line + strlen("priority-flow-control priority"), *end = line + len;
	int prio;

	fa_skip_blanks(&p, end);
	if (p >= end || *p < '0' || *p > '7' || (p + 1 < end && p[1] != ' '))
		goto bad;
	prio = *p - '0';
	p++;
	fa_skip_blanks(&p, end);
	if (negated || fa_eq(p, (size_t)(end - p), "drop"))
		s->nodrop &= ~(1u << prio);
	else if (fa_eq(p, (size_t)(end - p), "no-drop"))
		s->nodrop |= 1u << prio;
	else
		goto bad;
	return;
bad:
	fa_device_warn(device, FA_EOS_CONFIG_CMD ": %s: not understood: %.*s", s->name,
		       (int)(len > 120 ? 120 : len), line);
}

static void fa_sect_line(json_t *device, struct fa_eos_sect *s, const char *line, size_t len)
{
	if (fa_eq(line, len, "priority-flow-control on") ||
	    fa_eq(line, len, "priority-flow-control mode on")) {
		s->pfc_on = FA_YES;
		s->pfc_lines = true;
	} else if (fa_eq(line, len, "no priority-flow-control") ||
		   fa_eq(line, len, "no priority-flow-control mode") ||
		   fa_eq(line, len, "priority-flow-control mode off")) {
		s->pfc_on = FA_NO;
		s->pfc_lines = true;
	} else if (fa_is(line, len, "priority-flow-control priority")) {
		s->pfc_lines = true;
		fa_pfc_priority(device, s, line, len, false);
	} else if (fa_is(line, len, "no priority-flow-control priority")) {
		s->pfc_lines = true;
		fa_pfc_priority(device, s, line + 3, len - 3, true);
	} else if (fa_eq(line, len, "priority-flow-control pause watchdog")) {
		s->watchdog = FA_YES;
	} else if (fa_eq(line, len, "no priority-flow-control pause watchdog")) {
		s->watchdog = FA_NO;
	} else if (fa_eq(line, len, "qos trust dscp")) {
		s->trust = FA_TRUST_DSCP;
	} else if (fa_eq(line, len, "qos trust cos")) {
		s->trust = FA_TRUST_COS;
	} else if (fa_eq(line, len, "no qos trust") || fa_eq(line, len, "default qos trust")) {
		s->trust = FA_TRUST_OTHER;
	} else if (fa_is(line, len, "qos trust")) {
		s->trust = FA_TRUST_OTHER;
		fa_device_warn(device, FA_EOS_CONFIG_CMD ": %s: not understood: %.*s", s->name,
			       (int)(len > 120 ? 120 : len), line);
	} else if (fa_eq(line, len, "error-correction encoding reed-solomon")) {
		s->fec |= FA_FEC_RS;
	} else if (fa_eq(line, len, "error-correction encoding fire-code")) {
		s->fec |= FA_FEC_FC;
	} else if (fa_eq(line, len, "no error-correction encoding")) {
		s->fec |= FA_FEC_OFF;
	} else if (fa_is(line, len, "service-profile")) {
		const char *p = line + strlen("service-profile"), *end = line + len;

		fa_skip_blanks(&p, end);
		free(s->service_profile);
		s->service_profile = fa_xstrndup(p, (size_t)(end - p));
	} else if (fa_is(line, len, "service-policy type qos") ||
		   fa_is(line, len, "service-policy type tx-queue")) {
		s->txq_policy = true;
	}
}

/* The tx-queue number of "tx-queue N" / "uc-tx-queue N"; -1 when not such a line or N > 7. */
static int fa_txq_open(const char *line, size_t len, bool *is_txq)
{
	const char *p;
	int64_t v;
	char buf[8];
	size_t n;

	*is_txq = true;
	if (fa_is(line, len, "tx-queue"))
		p = line + strlen("tx-queue");
	else if (fa_is(line, len, "uc-tx-queue"))
		p = line + strlen("uc-tx-queue");
	else {
		*is_txq = false;
		return -1;
	}
	n = (size_t)(line + len - p);
	if (n >= sizeof(buf))
		return -1;
	memcpy(buf, p, n);
	buf[n] = '\0';
	if (!fa_parse_int(buf, &v) || v < 0 || v > 7)
		return -1;
	return (int)v;
}

static void fa_cfg_read(struct fa_eos_cfg *cfg, json_t *device, const char *text, size_t tlen)
{
	const char *p = text, *end = text + tlen;
	struct fa_eos_sect *cur = NULL;
	int txq = -1;
	bool in_txq = false;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
		const char *next = nl ? nl + 1 : end;
		size_t indent = 0;
		const char *l;

		while (len && (p[len - 1] == '\r' || p[len - 1] == ' '))
			len--;
		while (indent < len && p[indent] == ' ')
			indent++;
		l = p + indent;
		len -= indent;
		if (!len || *l == '!') {
			p = next;
			continue;
		}
		if (indent == 0) {
			cur = NULL;
			in_txq = false;
			if (fa_is(l, len, "interface")) {
				size_t n = strlen("interface ");

				if (len > n)
					cur = fa_sect_new(cfg, l + n, len - n, false);
			} else if (fa_is(l, len, "qos profile")) {
				size_t n = strlen("qos profile ");

				if (len > n)
					cur = fa_sect_new(cfg, l + n, len - n, true);
			} else if (fa_is(l, len, "hostname") && len > strlen("hostname ")) {
				fa_set_strn(device, "hostname", l + 9, len - 9);
			}
		} else if (cur && indent < 6) {
			bool is_txq;

			txq = fa_txq_open(l, len, &is_txq);
			in_txq = is_txq;
			if (!is_txq)
				fa_sect_line(device, cur, l, len);
		} else if (cur && in_txq && txq >= 0) {
			fa_txq_line(device, cur, txq, l, len);
		}
		p = next;
	}
}

static const struct fa_eos_sect *fa_cfg_profile(const struct fa_eos_cfg *cfg, const char *name)
{
	size_t i;

	for (i = 0; i < cfg->n; i++)
		if (cfg->sects[i].profile && strcmp(cfg->sects[i].name, name) == 0)
			return &cfg->sects[i];
	return NULL;
}

/* The interface's settings laid over those of its service profile. */
static void fa_sect_merge(struct fa_eos_sect *out, const struct fa_eos_sect *prof)
{
	int i;

	if (out->pfc_on == FA_UNSET)
		out->pfc_on = prof->pfc_on;
	if (!out->pfc_lines)
		out->nodrop = prof->nodrop;
	out->pfc_lines |= prof->pfc_lines;
	if (out->trust == FA_TRUST_UNSET)
		out->trust = prof->trust;
	if (out->watchdog == FA_UNSET)
		out->watchdog = prof->watchdog;
	if (!out->fec)
		out->fec = prof->fec;
	out->txq_policy |= prof->txq_policy;
	out->ecn_lines |= prof->ecn_lines;
	for (i = 0; i < 8; i++) {
		struct fa_eos_txq *q = &out->txq[i];
		const struct fa_eos_txq *pq = &prof->txq[i];

		if (q->ecn == FA_UNSET) {
			q->ecn = pq->ecn;
			q->ecn_min = pq->ecn_min;
			q->ecn_max = pq->ecn_max;
			q->ecn_prob = pq->ecn_prob;
		}
		if (q->strict == FA_UNSET)
			q->strict = pq->strict;
		if (q->bw < 0)
			q->bw = pq->bw;
	}
}

static void fa_write_ecn(json_t *device, json_t *p, const struct fa_eos_sect *s, bool physical)
{
	int64_t min = -1, max = -1;
	int prob = -1, i;
	bool first = true, agree = true;
	json_t *tcs;

	if (!s->ecn_lines && (!physical || s->txq_policy))
		return;
	tcs = json_array();
	for (i = 0; i < 8; i++) {
		const struct fa_eos_txq *q = &s->txq[i];

		if (q->ecn != FA_YES)
			continue;
		json_array_append_new(tcs, json_integer(i));
		if (first) {
			min = q->ecn_min;
			max = q->ecn_max;
			prob = q->ecn_prob;
			first = false;
		} else if (q->ecn_min != min || q->ecn_max != max || q->ecn_prob != prob) {
			agree = false;
		}
	}
	fa_set(p, "qos.ecn.enabled_tcs", tcs);
	if (!agree) {
		fa_device_warn(device,
			       FA_EOS_CONFIG_CMD ": %s: ECN queues use different "
						 "thresholds; thresholds left out",
			       s->name);
		return;
	}
	if (min >= 0 && max >= 0) {
		fa_set_int(p, "qos.ecn.min_threshold", min);
		fa_set_int(p, "qos.ecn.max_threshold", max);
	}
	if (prob >= 0)
		fa_set_int(p, "qos.ecn.probability", prob);
}

static void fa_write_ets(json_t *p, const struct fa_eos_sect *s)
{
	json_t *tsa, *bw;
	bool all_bw = true;
	int i;

	for (i = 0; i < 8; i++) {
		if (s->txq[i].strict == FA_UNSET)
			return;
		if (s->txq[i].strict == FA_NO && s->txq[i].bw < 0)
			all_bw = false;
	}
	tsa = json_array();
	bw = json_array();
	for (i = 0; i < 8; i++) {
		bool strict = s->txq[i].strict == FA_YES;

		json_array_append_new(tsa, json_string(strict ? "strict" : "ets"));
		json_array_append_new(bw, json_integer(strict ? 0 : s->txq[i].bw));
	}
	fa_set(p, "qos.ets.tsa", tsa);
	if (all_bw)
		fa_set(p, "qos.ets.bandwidth", bw);
	else
		json_decref(bw);
}

static void fa_write_sect(json_t *device, const struct fa_eos_cfg *cfg,
			  const struct fa_eos_sect *sect)
{
	struct fa_eos_sect s = *sect;
	bool physical = strncmp(s.name, "Ethernet", 8) == 0 && !strchr(s.name, '.');
	json_t *p;
	int i;

	if (s.service_profile) {
		const struct fa_eos_sect *prof = fa_cfg_profile(cfg, s.service_profile);

		if (prof)
			fa_sect_merge(&s, prof);
		else
			fa_device_warn(device,
				       FA_EOS_CONFIG_CMD ": %s: service-profile '%s' is not "
							 "defined",
				       s.name, s.service_profile);
	}
	/* Other interfaces (port-channels, VLANs) get a port only for what they state. */
	if (!physical && !s.pfc_lines && !s.ecn_lines && s.trust != FA_TRUST_DSCP &&
	    s.trust != FA_TRUST_COS && s.watchdog == FA_UNSET && !s.fec)
		return;
	p = fa_device_port(device, s.name);
	if (s.pfc_on == FA_YES) {
		json_t *arr = json_array();

		for (i = 0; i < 8; i++)
			if (s.nodrop & (1u << i))
				json_array_append_new(arr, json_integer(i));
		fa_set(p, "qos.pfc_enabled", arr);
	} else if (s.pfc_on == FA_NO || s.pfc_lines || physical) {
		fa_set(p, "qos.pfc_enabled", json_array());
	}
	if (s.trust == FA_TRUST_DSCP)
		fa_set_str(p, "qos.trust", "dscp");
	else if (s.trust == FA_TRUST_COS)
		fa_set_str(p, "qos.trust", "pcp");
	if (s.watchdog != FA_UNSET)
		fa_set_bool(p, "qos.pfc_watchdog", s.watchdog == FA_YES);
	if (s.fec == FA_FEC_RS)
		fa_set_str(p, "fec", "rs");
	else if (s.fec == FA_FEC_FC)
		fa_set_str(p, "fec", "baser");
	else if (s.fec == FA_FEC_OFF)
		fa_set_str(p, "fec", "off");
	fa_write_ecn(device, p, &s, physical);
	fa_write_ets(p, &s);
}

int fa_parse_eos_config(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	struct fa_eos_cfg cfg = {NULL, 0, 0};
	const char *text = cap->data;
	size_t tlen = strlen(cap->data), i;
	json_t *root = NULL;
	int r = 0;

	while (tlen && isspace((unsigned char)*text)) {
		text++;
		tlen--;
	}
	if (tlen && *text == '{') {
		json_error_t jerr;
		json_t *out;

		root = fa_json_loadb(text, tlen, 0, &jerr);
		out = json_object_get(root, "output");
		if (!json_is_string(out)) {
			r = fa_err_set(err, FA_EPARSE,
				       FA_EOS_CONFIG_CMD ": JSON without an \"output\" string");
			goto out;
		}
		text = json_string_value(out);
		tlen = json_string_length(out);
	}
	if (!tlen || *text == '%') {
		r = fa_err_set(err, FA_EPARSE, FA_EOS_CONFIG_CMD ": %s",
			       tlen ? "the switch answered with an error" : "empty output");
		goto out;
	}
	fa_cfg_read(&cfg, device, text, tlen);
	for (i = 0; i < cfg.n; i++)
		if (!cfg.sects[i].profile)
			fa_write_sect(device, &cfg, &cfg.sects[i]);
out:
	fa_cfg_release(&cfg);
	json_decref(root);
	return r;
}
