/* SPDX-License-Identifier: MIT */
/*
 * "show running-config": the configuration as the commands that make it, one per line,
 * interface settings flattened to "interface ethernet <ports> <setting>" (indented under
 * "##" section comments):
 *
 *   interface ethernet 1/1 fec-override fc-fec force   -> fec (fc-fec baser, rs-fec rs,
 *                                                          no-fec off, auto)
 *   interface ethernet 1/2-1/18 speed 10G force        -> speed (configured), on each port
 *   interface ethernet 1/1 description TRUNK TO ...    -> description
 *   interface ethernet 1/4 shutdown                    -> admin_state down
 *   interface ethernet 1/1 mtu 9216 force              -> mtu
 *   interface ethernet 1/1 qos trust L3                -> qos.trust (L3 dscp, L2 pcp, both,
 *                                                          port)
 *   dcb priority-flow-control enable force             -> PFC on switch-wide
 *   dcb priority-flow-control priority 3 enable        -> priority 3 lossless
 *   interface ethernet 1/1 dcb priority-flow-control mode on force
 *                                                      -> qos.pfc_enabled = those priorities
 *                                                         ([] while PFC is off switch-wide);
 *                                                         mode off: []
 *   interface ethernet 1/1 traffic-class 3 congestion-control ecn minimum-absolute 150
 *       maximum-absolute 1500                          -> qos.ecn.enabled_tcs gets 3 (ecn or
 *                                                         both; red only drops), and the
 *                                                         thresholds (KB x 1024, bytes) when
 *                                                         every ECN TC of the port has the
 *                                                         same absolute ones
 *
 * The running configuration lists what differs from the defaults, so a setting that is not
 * there is left absent, not assumed.  PFC mode auto follows DCBX negotiation, which the
 * configuration cannot tell: nothing is set.  Other lines (VLANs, AAA, ...) are not part of
 * the model and are skipped; a setting above whose value is not understood is a warning.
 * A range names ports whose last number runs ("1/2-1/18", "1/9/1-1/9/4").
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "audit/model.h"
#include "drivers/onyx/parse-onyx.h"
#include "drivers/text/textscan.h"
#include "drivers/text/units.h"
#include "audit/util/banned.h"

#define FA_CFG_WORDS 16
#define FA_CFG_MAX_RANGE 512 /* ports one range may name */

struct fa_cfg {
	json_t *device;
	const char *cmd;
	bool pfc_global;
	int pfc_mask;
	json_t *pfc_mode; /* port name -> "on" / "off" */
	json_t *ecn;	  /* port name -> {"tcs": mask, "min", "max" (KB; -1 relative or mixed)} */
	unsigned lines;	  /* configuration lines read (not comments) */
};

static void fa_cfg_warn(struct fa_cfg *c, struct fa_textscan_span line, const char *why)
{
	fa_device_warn(c->device, "%s: %s: %.*s", c->cmd, why,
		       (int)(line.len > 200 ? 200 : line.len), line.ptr);
}

/* "1/2" or "1/9/1" into its numbers; how many (0 when not a port). */
static int fa_cfg_port_nums(struct fa_textscan_span s, long n[3])
{
	int k = 0;
	size_t i = 0;

	while (i < s.len && k < 3) {
		long v = 0;
		size_t d = 0;

		while (i < s.len && s.ptr[i] >= '0' && s.ptr[i] <= '9' && d < 6) {
			v = v * 10 + (s.ptr[i++] - '0');
			d++;
		}
		if (!d)
			return 0;
		n[k++] = v;
		if (i == s.len)
			break;
		if (s.ptr[i++] != '/')
			return 0;
	}
	return i == s.len && k >= 2 ? k : 0;
}

/*
 * The ports of @range ("1/1", "1/2-1/18") into @names as "Eth1/2"...; how many, 0 when it is
 * not a range of ports.
 */
static size_t fa_cfg_ports(struct fa_textscan_span range, json_t *names)
{
	long a[3], b[3], v;
	long dash = fa_textscan_find(range, "-");
	struct fa_textscan_span lo = range, hi = range;
	int ka, kb, i;
	char buf[48];

	if (dash >= 0) {
		lo.len = (size_t)dash;
		hi.ptr += dash + 1;
		hi.len -= (size_t)dash + 1;
	}
	ka = fa_cfg_port_nums(lo, a);
	kb = fa_cfg_port_nums(hi, b);
	if (!ka || ka != kb)
		return 0;
	for (i = 0; i < ka - 1; i++)
		if (a[i] != b[i])
			return 0;
	if (b[ka - 1] < a[ka - 1] || b[ka - 1] - a[ka - 1] >= FA_CFG_MAX_RANGE)
		return 0;
	for (v = a[ka - 1]; v <= b[ka - 1]; v++) {
		if (ka == 2)
			snprintf(buf, sizeof(buf), "Eth%ld/%ld", a[0], v);
		else
			snprintf(buf, sizeof(buf), "Eth%ld/%ld/%ld", a[0], a[1], v);
		json_array_append_new(names, json_string(buf));
	}
	return json_array_size(names);
}

static const char *fa_cfg_fec(struct fa_textscan_span v)
{
	if (fa_textscan_eq(v, "fc-fec"))
		return "baser";
	if (fa_textscan_eq(v, "rs-fec"))
		return "rs";
	if (fa_textscan_eq(v, "no-fec"))
		return "off";
	if (fa_textscan_eq(v, "auto"))
		return "auto";
	return NULL;
}

static const char *fa_cfg_trust(struct fa_textscan_span v)
{
	if (fa_textscan_eq(v, "L3"))
		return "dscp";
	if (fa_textscan_eq(v, "L2"))
		return "pcp";
	if (fa_textscan_eq(v, "both"))
		return "both";
	if (fa_textscan_eq(v, "port"))
		return "port";
	return NULL;
}

/* One ECN traffic class of @port; @lo, @hi in KB, -1 when relative. */
static void fa_cfg_ecn_add(struct fa_cfg *c, const char *port, int tc, int64_t lo, int64_t hi)
{
	json_t *e = json_object_get(c->ecn, port);

	if (!e) {
		e = json_pack("{s:i, s:I, s:I}", "tcs", 0, "min", (json_int_t)lo, "max",
			      (json_int_t)hi);
		json_object_set_new(c->ecn, port, e);
	} else if (json_integer_value(json_object_get(e, "min")) != lo ||
		   json_integer_value(json_object_get(e, "max")) != hi) {
		json_object_set_new(e, "min", json_integer(-1));
		json_object_set_new(e, "max", json_integer(-1));
	}
	json_object_set_new(e, "tcs",
			    json_integer(json_integer_value(json_object_get(e, "tcs")) | (1 << tc)));
}

static void fa_cfg_apply_ecn(struct fa_cfg *c)
{
	const char *name;
	json_t *e;
	int t;

	json_object_foreach(c->ecn, name, e) {
		json_t *list = json_array(), *port = fa_device_port(c->device, name);
		json_int_t mask = json_integer_value(json_object_get(e, "tcs"));
		json_int_t lo = json_integer_value(json_object_get(e, "min"));
		json_int_t hi = json_integer_value(json_object_get(e, "max"));

		for (t = 0; t < 8; t++)
			if (mask & (1 << t))
				json_array_append_new(list, json_integer(t));
		fa_set(port, "qos.ecn.enabled_tcs", list);
		if (lo >= 0 && hi >= 0) {
			fa_set_int(port, "qos.ecn.min_threshold", lo * 1024);
			fa_set_int(port, "qos.ecn.max_threshold", hi * 1024);
		}
	}
}

/* "interface ethernet <ports> <setting ...>": @w[3] on is the setting. */
static void fa_cfg_interface(struct fa_cfg *c, struct fa_textscan_span line,
			     struct fa_textscan_span *w, size_t n)
{
	json_t *names = json_array(), *port, *name;
	struct fa_textscan_span set = w[3];
	const char *str = NULL;
	char buf[256];
	int64_t num = 0;
	size_t i;
	int64_t tc = -1, lo = -1, hi = -1;
	enum { NONE, SPEED, FEC, DESCR, SHUT, MTU, TRUST, PFC, ECN } what = NONE;

	if (fa_textscan_eq(set, "speed") && n >= 5) {
		what = SPEED;
		/* with its unit ("25G"): a bare number's unit is not documented */
		if (!fa_textscan_copy(w[4], buf, sizeof(buf)) || !buf[0] ||
		    buf[strlen(buf) - 1] < 'A' || !fa_parse_speed(buf, 1, &num) || num <= 0) {
			if (fa_textscan_eq(w[4], "auto"))
				what = NONE;
			else
				goto bad;
		}
	} else if (fa_textscan_eq(set, "fec-override") && n >= 5) {
		what = FEC;
		if (!(str = fa_cfg_fec(w[4])))
			goto bad;
	} else if (fa_textscan_eq(set, "description") && n >= 5) {
		struct fa_textscan_span d = line;

		what = DESCR;
		d.len -= (size_t)(w[4].ptr - line.ptr);
		d.ptr = w[4].ptr;
		if (!fa_textscan_copy(fa_textscan_trim(d), buf, sizeof(buf)))
			goto bad;
		str = buf;
	} else if (fa_textscan_eq(set, "shutdown") && n == 4) {
		what = SHUT;
	} else if (fa_textscan_eq(set, "mtu") && n >= 5) {
		what = MTU;
		if (!fa_textscan_int(w[4], &num) || num <= 0)
			goto bad;
	} else if (fa_textscan_eq(set, "qos") && n == 6 && fa_textscan_eq(w[4], "trust")) {
		what = TRUST;
		if (!(str = fa_cfg_trust(w[5])))
			goto bad;
	} else if (fa_textscan_eq(set, "dcb") && n >= 7 &&
		   fa_textscan_eq(w[4], "priority-flow-control") && fa_textscan_eq(w[5], "mode")) {
		what = PFC;
		if (fa_textscan_eq(w[6], "on"))
			str = "on";
		else if (fa_textscan_eq(w[6], "off"))
			str = "off";
		else if (fa_textscan_eq(w[6], "auto"))
			what = NONE;
		else
			goto bad;
	} else if (fa_textscan_eq(set, "traffic-class") && n >= 7 &&
		   fa_textscan_eq(w[5], "congestion-control")) {
		if (!fa_textscan_int(w[4], &tc) || tc < 0 || tc > 7)
			goto bad;
		if (fa_textscan_eq(w[6], "ecn") || fa_textscan_eq(w[6], "both"))
			what = ECN;
		else if (!fa_textscan_eq(w[6], "red"))
			goto bad;
		if (what == ECN && n == 11 && fa_textscan_eq(w[7], "minimum-absolute") &&
		    fa_textscan_eq(w[9], "maximum-absolute")) {
			if (!fa_textscan_int(w[8], &lo) || !fa_textscan_int(w[10], &hi) || lo < 0 ||
			    hi < lo)
				goto bad;
		} else if (what == ECN && !(n == 11 && fa_textscan_eq(w[7], "minimum-relative"))) {
			goto bad;
		}
	}
	if (what == NONE)
		goto out;
	if (!fa_cfg_ports(w[2], names)) {
		fa_cfg_warn(c, line, "ports not understood");
		goto out;
	}
	json_array_foreach(names, i, name) {
		const char *pn = json_string_value(name);

		if (what == PFC) {
			json_object_set_new(c->pfc_mode, pn, json_string(str));
			continue;
		}
		if (what == ECN) {
			fa_cfg_ecn_add(c, pn, (int)tc, lo, hi);
			continue;
		}
		port = fa_device_port(c->device, pn);
		if (!fa_get_str(port, "type"))
			fa_set_str(port, "type", "ethernet");
		if (what == SPEED)
			fa_set_int(port, "speed", num);
		else if (what == MTU)
			fa_set_int(port, "mtu", num);
		else if (what == FEC)
			fa_set_str(port, "fec", str);
		else if (what == DESCR)
			fa_set_str(port, "description", str);
		else if (what == SHUT)
			fa_set_str(port, "admin_state", "down");
		else if (what == TRUST)
			fa_set_str(port, "qos.trust", str);
	}
	goto out;
bad:
	fa_cfg_warn(c, line, "value not understood");
out:
	json_decref(names);
}

/* "dcb priority-flow-control enable [force]" and "... priority N enable". */
static void fa_cfg_dcb(struct fa_cfg *c, struct fa_textscan_span line,
		       struct fa_textscan_span *w, size_t n)
{
	int64_t p;

	if (n < 3 || !fa_textscan_eq(w[1], "priority-flow-control"))
		return;
	if (fa_textscan_eq(w[2], "enable")) {
		c->pfc_global = true;
	} else if (fa_textscan_eq(w[2], "priority") && n >= 5 && fa_textscan_eq(w[4], "enable")) {
		if (fa_textscan_int(w[3], &p) && p >= 0 && p <= 7)
			c->pfc_mask |= 1 << p;
		else
			fa_cfg_warn(c, line, "priority not understood");
	}
}

static void fa_cfg_apply_pfc(struct fa_cfg *c)
{
	const char *name;
	json_t *mode;
	int p;

	json_object_foreach(c->pfc_mode, name, mode) {
		json_t *list = json_array(), *port = fa_device_port(c->device, name);

		if (strcmp(json_string_value(mode), "on") == 0 && c->pfc_global)
			for (p = 0; p < 8; p++)
				if (c->pfc_mask & (1 << p))
					json_array_append_new(list, json_integer(p));
		if (!fa_get_str(port, "type"))
			fa_set_str(port, "type", "ethernet");
		fa_set(port, "qos.pfc_enabled", list);
	}
}

int fa_parse_onyx_config(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	struct fa_cfg c = { device, cap->command ? cap->command : "show running-config", false, 0,
			    json_object(), json_object(), 0 };
	struct fa_textscan_span line, first = { "", 0 };
	struct fa_textscan ts;
	int r = 0;

	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		struct fa_textscan_span t = fa_textscan_trim(line), w[FA_CFG_WORDS];
		size_t n;

		if (t.len == 0 || t.ptr[0] == '#')
			continue;
		if (t.ptr[0] == '%') {
			r = fa_err_set(err, FA_EPARSE, "%s: device error: %.*s", c.cmd,
				       (int)(t.len > 120 ? 120 : t.len), t.ptr);
			goto out;
		}
		if (!first.len)
			first = t;
		n = fa_textscan_words(t, w, FA_CFG_WORDS);
		if (n > FA_CFG_WORDS)
			n = FA_CFG_WORDS;
		if (n >= 4 && fa_textscan_eq(w[0], "interface") && fa_textscan_eq(w[1], "ethernet"))
			fa_cfg_interface(&c, t, w, n);
		else if (fa_textscan_eq(w[0], "dcb"))
			fa_cfg_dcb(&c, t, w, n);
		else if (t.ptr[0] < 'a' || t.ptr[0] > 'z')
			continue; /* CLI keywords are lower case: no configuration command */
		c.lines++;
	}
	if (!c.lines) {
		r = fa_err_set(err, FA_EPARSE, "%s: no configuration line%s%.*s", c.cmd,
			       first.len ? ": " : "", (int)(first.len > 120 ? 120 : first.len),
			       first.ptr);
		goto out;
	}
	fa_cfg_apply_pfc(&c);
	fa_cfg_apply_ecn(&c);
out:
	json_decref(c.pfc_mode);
	json_decref(c.ecn);
	return r;
}
