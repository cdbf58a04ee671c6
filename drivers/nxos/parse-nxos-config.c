/* SPDX-License-Identifier: MIT */
/*
 * "show running-config" (or "show running-config ipqos"): lossless priorities, PFC watchdog
 * and ECN per port.
 *
 * What is read, and what it means:
 *
 *   policy-map type network-qos NQ          the no-drop classes: "pause pfc-cos 3" (Nexus
 *     class type network-qos c-8q-nq3         9000), or "pause no-drop" with the CoS values of
 *       pause pfc-cos 3                       the matching "class-map type network-qos"
 *   system qos                                (Nexus 5000/6000/7000)
 *     service-policy type network-qos NQ    the policy in force
 *     service-policy type queuing output Q  the egress queuing policy for every port
 *   policy-map type queuing Q
 *     class type queuing c-out-8q-q3        queue (traffic class) 3
 *       random-detect minimum-threshold 150 kbytes maximum-threshold 3000 kbytes
 *         drop-probability 7 weight 0 ecn   ECN marking on TC 3 with these thresholds
 *   priority-flow-control watch-dog-interval on|off   (global, and per interface)
 *   interface Ethernet1/1
 *     priority-flow-control mode on|off|auto
 *     service-policy type queuing output Q  overrides the system queuing policy
 *
 * A port with "mode on" gets qos.pfc_enabled = the pfc-cos of the network-qos policy in force;
 * "mode off" gives []; "mode auto" (the default, so also no line) depends on DCBX with the
 * peer and leaves qos.pfc_enabled absent.  qos.pfc_rx and qos.pfc_tx are qos.pfc_enabled:
 * NX-OS has no per-direction PFC setting, and "PFC configuration enables PFC in both the send
 * (Tx) and receive (Rx) direction" (Cisco Nexus 9000 NX-OS QoS Configuration Guide,
 * "Guidelines and Limitations for Priority Flow Control").  ECN comes from the port's egress
 * queuing policy: qos.ecn.enabled_tcs, and the thresholds (bytes; NX-OS kbytes and mbytes are
 * 1024-based) and drop probability when every marking class agrees on them.  The MTU of a
 * network-qos class is not a port MTU and is not used.
 */
#include "config.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "audit/util/xalloc.h"
#include "drivers/nxos/parse-nxos.h"
#include "drivers/text/units.h"
#include "audit/util/banned.h"

struct fa_nxos_cmap { /* class-map type network-qos */
	char *name;
	unsigned cos;
};

struct fa_nxos_nq { /* policy-map type network-qos */
	char *name;
	unsigned pfc; /* priorities paused (bit p) */
	bool no_drop_unresolved;
};

struct fa_nxos_ecn {
	bool on;
	int64_t min, max, prob; /* -1 when not given */
};

struct fa_nxos_queuing { /* policy-map type queuing */
	char *name;
	struct fa_nxos_ecn tc[8];
};

struct fa_nxos_if {
	char *name;
	int pfc_mode; /* -1 absent, 0 off, 1 on, 2 auto */
	int watchdog; /* -1 absent, 0 off, 1 on */
	char *queuing_out;
};

struct fa_nxos_cfg {
	struct fa_nxos_cmap *cmaps;
	size_t ncmaps;
	struct fa_nxos_nq *nqs;
	size_t nnqs;
	struct fa_nxos_queuing *qs;
	size_t nqs_q;
	struct fa_nxos_if *ifs;
	size_t nifs;
	char *system_nq;
	char *system_queuing_out;
	int global_watchdog;
};

enum fa_nxos_section {
	FA_SEC_NONE,
	FA_SEC_CMAP_NQ,
	FA_SEC_PMAP_NQ,
	FA_SEC_PMAP_QUEUING,
	FA_SEC_SYSTEM_QOS,
	FA_SEC_INTERFACE,
	FA_SEC_OTHER,
};

/* "3", "3,4", "1-2,4", "3 4" into a bit mask of 0..7; -1 on anything else. */
static int fa_nxos_prio_list(const char *s)
{
	unsigned mask = 0;
	const char *p = s;

	while (*p) {
		long a, b;
		char *end;

		while (*p == ' ' || *p == ',')
			p++;
		if (!*p)
			break;
		if (!isdigit((unsigned char)*p))
			return -1;
		a = strtol(p, &end, 10);
		b = a;
		p = end;
		if (*p == '-') {
			if (!isdigit((unsigned char)p[1]))
				return -1;
			b = strtol(p + 1, &end, 10);
			p = end;
		}
		if (a < 0 || b > 7 || a > b)
			return -1;
		for (; a <= b; a++)
			mask |= 1u << a;
		if (*p && *p != ' ' && *p != ',')
			return -1;
	}
	return mask ? (int)mask : -1;
}

/* The word after @key in @line ("... output NAME"), new string or NULL. */
static char *fa_nxos_word_after(const char *line, const char *key)
{
	const char *p = strstr(line, key);

	if (!p)
		return NULL;
	p += strlen(key);
	while (*p == ' ')
		p++;
	if (!*p)
		return NULL;
	return fa_xstrndup(p, strcspn(p, " "));
}

/* "150 kbytes" at *pp into bytes. */
static bool fa_nxos_size(const char **pp, int64_t *ret)
{
	static const struct {
		const char *unit;
		int64_t factor;
	} units[] = {{"kbytes", 1024}, {"mbytes", 1048576}, {"bytes", 1}};
	const char *p = *pp;
	char *end;
	long long v;
	size_t i;

	while (*p == ' ')
		p++;
	if (!isdigit((unsigned char)*p))
		return false;
	v = strtoll(p, &end, 10);
	p = end;
	while (*p == ' ')
		p++;
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		size_t l = strlen(units[i].unit);

		if (strncmp(p, units[i].unit, l) == 0) {
			*ret = (int64_t)v * units[i].factor;
			*pp = p + l;
			return true;
		}
	}
	return false;
}

static void fa_nxos_random_detect(json_t *device, const char *cmd, const char *line,
				  struct fa_nxos_ecn *e)
{
	const char *p;
	int64_t v;

	if (!strstr(line, " ecn"))
		return;
	e->on = true;
	e->min = e->max = e->prob = -1;
	if ((p = strstr(line, "minimum-threshold ")) && (p += 18, fa_nxos_size(&p, &v)))
		e->min = v;
	if ((p = strstr(line, "maximum-threshold ")) && (p += 18, fa_nxos_size(&p, &v)))
		e->max = v;
	if ((p = strstr(line, "drop-probability ")) && isdigit((unsigned char)p[17]))
		e->prob = strtol(p + 17, NULL, 10);
	if (e->min < 0 || e->max < 0)
		fa_device_warn(device, "%s: ECN thresholds not understood: '%s'", cmd, line);
}

/* Traffic class of a queuing class name: "c-out-8q-q3" -> 3, "c-out-8q-q-default" -> 0. */
static int fa_nxos_queue_tc(const char *cls)
{
	size_t l = strlen(cls);

	if (l >= 8 && strcmp(cls + l - 8, "-default") == 0)
		return 0;
	if (l >= 2 && cls[l - 2] == 'q' && cls[l - 1] >= '0' && cls[l - 1] <= '7')
		return cls[l - 1] - '0';
	return -1;
}

static struct fa_nxos_if *fa_nxos_if_get(struct fa_nxos_cfg *c, const char *name)
{
	struct fa_nxos_if *i;

	c->ifs = fa_xreallocarray(c->ifs, c->nifs + 1, sizeof(*c->ifs));
	i = &c->ifs[c->nifs++];
	i->name = fa_xstrdup(name);
	i->pfc_mode = -1;
	i->watchdog = -1;
	i->queuing_out = NULL;
	return i;
}

static void fa_nxos_cfg_free(struct fa_nxos_cfg *c)
{
	size_t i;

	for (i = 0; i < c->ncmaps; i++)
		free(c->cmaps[i].name);
	for (i = 0; i < c->nnqs; i++)
		free(c->nqs[i].name);
	for (i = 0; i < c->nqs_q; i++)
		free(c->qs[i].name);
	for (i = 0; i < c->nifs; i++) {
		free(c->ifs[i].name);
		free(c->ifs[i].queuing_out);
	}
	free(c->cmaps);
	free(c->nqs);
	free(c->qs);
	free(c->ifs);
	free(c->system_nq);
	free(c->system_queuing_out);
}

struct fa_nxos_reader {
	enum fa_nxos_section sec;
	size_t cur; /* index of the current map/policy/interface */
	char *cls;  /* current class inside a policy-map */
};

static void fa_nxos_top(struct fa_nxos_cfg *c, struct fa_nxos_reader *rd, json_t *device,
			const char *cmd, const char *line)
{
	char *name;

	free(rd->cls);
	rd->cls = NULL;
	rd->sec = FA_SEC_OTHER;
	if (strncmp(line, "class-map type network-qos ", 27) == 0) {
		const char *p = line + 27;

		if (strncmp(p, "match-any ", 10) == 0 || strncmp(p, "match-all ", 10) == 0)
			p += 10;
		c->cmaps = fa_xreallocarray(c->cmaps, c->ncmaps + 1, sizeof(*c->cmaps));
		c->cmaps[c->ncmaps].name = fa_xstrndup(p, strcspn(p, " "));
		c->cmaps[c->ncmaps].cos = 0;
		rd->cur = c->ncmaps++;
		rd->sec = FA_SEC_CMAP_NQ;
	} else if (strncmp(line, "policy-map type network-qos ", 28) == 0) {
		const char *p = line + 28;
		size_t i;

		name = fa_xstrndup(p, strcspn(p, " "));
		/* A policy may be printed in more than one block; they add up. */
		for (i = 0; i < c->nnqs && strcmp(c->nqs[i].name, name) != 0; i++)
			;
		if (i == c->nnqs) {
			c->nqs = fa_xreallocarray(c->nqs, c->nnqs + 1, sizeof(*c->nqs));
			c->nqs[i].name = name;
			c->nqs[i].pfc = 0;
			c->nqs[i].no_drop_unresolved = false;
			c->nnqs++;
		} else {
			free(name);
		}
		rd->cur = i;
		rd->sec = FA_SEC_PMAP_NQ;
	} else if (strncmp(line, "policy-map type queuing ", 24) == 0) {
		const char *p = line + 24;
		size_t i;

		name = fa_xstrndup(p, strcspn(p, " "));
		for (i = 0; i < c->nqs_q && strcmp(c->qs[i].name, name) != 0; i++)
			;
		if (i == c->nqs_q) {
			c->qs = fa_xreallocarray(c->qs, c->nqs_q + 1, sizeof(*c->qs));
			memset(&c->qs[i], 0, sizeof(c->qs[i]));
			c->qs[i].name = name;
			c->nqs_q++;
		} else {
			free(name);
		}
		rd->cur = i;
		rd->sec = FA_SEC_PMAP_QUEUING;
	} else if (strcmp(line, "system qos") == 0) {
		rd->sec = FA_SEC_SYSTEM_QOS;
	} else if (strncmp(line, "interface ", 10) == 0) {
		fa_nxos_if_get(c, line + 10);
		rd->cur = c->nifs - 1;
		rd->sec = FA_SEC_INTERFACE;
	} else if (strncmp(line, "priority-flow-control watch-dog-interval ", 41) == 0) {
		const char *v = line + 41;

		if (strcmp(v, "on") == 0 || strcmp(v, "off") == 0)
			c->global_watchdog = v[1] == 'n';
		else
			fa_device_warn(device, "%s: not understood: '%s'", cmd, line);
	}
}

static void fa_nxos_sub(struct fa_nxos_cfg *c, struct fa_nxos_reader *rd, json_t *device,
			const char *cmd, const char *line)
{
	int m;

	switch (rd->sec) {
	case FA_SEC_CMAP_NQ:
		if (strncmp(line, "match cos ", 10) == 0) {
			m = fa_nxos_prio_list(line + 10);
			if (m < 0)
				fa_device_warn(device, "%s: not understood: '%s'", cmd, line);
			else
				c->cmaps[rd->cur].cos |= (unsigned)m;
		}
		break;
	case FA_SEC_PMAP_NQ:
		if (strncmp(line, "class type network-qos ", 23) == 0 ||
		    strncmp(line, "class ", 6) == 0) {
			const char *p = strncmp(line, "class type network-qos ", 23) == 0
					    ? line + 23
					    : line + 6;

			free(rd->cls);
			rd->cls = fa_xstrndup(p, strcspn(p, " "));
		} else if (strncmp(line, "pause pfc-cos ", 14) == 0) {
			m = fa_nxos_prio_list(line + 14);
			if (m < 0)
				fa_device_warn(device, "%s: not understood: '%s'", cmd, line);
			else
				c->nqs[rd->cur].pfc |= (unsigned)m;
		} else if (strncmp(line, "pause no-drop", 13) == 0) {
			size_t i;

			for (i = 0; rd->cls && i < c->ncmaps; i++)
				if (strcmp(c->cmaps[i].name, rd->cls) == 0)
					break;
			if (rd->cls && i < c->ncmaps && c->cmaps[i].cos)
				c->nqs[rd->cur].pfc |= c->cmaps[i].cos;
			else
				c->nqs[rd->cur].no_drop_unresolved = true;
		}
		break;
	case FA_SEC_PMAP_QUEUING:
		if (strncmp(line, "class type queuing ", 19) == 0) {
			free(rd->cls);
			rd->cls = fa_xstrndup(line + 19, strcspn(line + 19, " "));
		} else if (strncmp(line, "random-detect ", 14) == 0 && rd->cls) {
			int tc = fa_nxos_queue_tc(rd->cls);

			if (tc < 0)
				fa_device_warn(device, "%s: queuing class '%s' names no queue", cmd,
					       rd->cls);
			else
				fa_nxos_random_detect(device, cmd, line, &c->qs[rd->cur].tc[tc]);
		}
		break;
	case FA_SEC_SYSTEM_QOS:
		if (strncmp(line, "service-policy type network-qos ", 32) == 0) {
			free(c->system_nq);
			c->system_nq = fa_nxos_word_after(line, "network-qos");
		} else if (strncmp(line, "service-policy type queuing output ", 35) == 0) {
			free(c->system_queuing_out);
			c->system_queuing_out = fa_nxos_word_after(line, "output");
		}
		break;
	case FA_SEC_INTERFACE: {
		struct fa_nxos_if *i = &c->ifs[rd->cur];

		if (strncmp(line, "priority-flow-control mode ", 27) == 0) {
			const char *v = line + 27;

			if (strncmp(v, "on", 2) == 0)
				i->pfc_mode = 1;
			else if (strcmp(v, "off") == 0)
				i->pfc_mode = 0;
			else if (strcmp(v, "auto") == 0)
				i->pfc_mode = 2;
			else
				fa_device_warn(device, "%s: %s: not understood: '%s'", cmd, i->name,
					       line);
		} else if (strncmp(line, "priority-flow-control watch-dog-interval ", 41) == 0) {
			const char *v = line + 41;

			if (strcmp(v, "on") == 0 || strcmp(v, "off") == 0)
				i->watchdog = v[1] == 'n';
			else
				fa_device_warn(device, "%s: %s: not understood: '%s'", cmd, i->name,
					       line);
		} else if (strncmp(line, "service-policy type queuing output ", 35) == 0) {
			free(i->queuing_out);
			i->queuing_out = fa_nxos_word_after(line, "output");
		}
		break;
	}
	default:
		break;
	}
}

static const struct fa_nxos_queuing *fa_nxos_queuing_find(const struct fa_nxos_cfg *c,
							  const char *name)
{
	size_t i;

	for (i = 0; name && i < c->nqs_q; i++)
		if (strcmp(c->qs[i].name, name) == 0)
			return &c->qs[i];
	return NULL;
}

static void fa_nxos_apply_ecn(json_t *device, const char *cmd, json_t *port,
			      const struct fa_nxos_queuing *q)
{
	json_t *tcs = json_array();
	const struct fa_nxos_ecn *first = NULL;
	bool agree = true;
	int tc;

	for (tc = 0; tc < 8; tc++) {
		const struct fa_nxos_ecn *e = &q->tc[tc];

		if (!e->on)
			continue;
		json_array_append_new(tcs, json_integer(tc));
		if (!first)
			first = e;
		else if (e->min != first->min || e->max != first->max || e->prob != first->prob)
			agree = false;
	}
	fa_set(port, "qos.ecn.enabled_tcs", tcs);
	if (!first)
		return;
	if (!agree) {
		fa_device_warn(device,
			       "%s: %s: ECN classes of '%s' differ in thresholds; "
			       "thresholds not recorded",
			       cmd, fa_get_str(port, "name"), q->name);
		return;
	}
	if (first->min >= 0)
		fa_set_int(port, "qos.ecn.min_threshold", first->min);
	if (first->max >= 0)
		fa_set_int(port, "qos.ecn.max_threshold", first->max);
	if (first->prob >= 0)
		fa_set_int(port, "qos.ecn.probability", first->prob);
}

static void fa_nxos_apply(struct fa_nxos_cfg *c, json_t *device, const char *cmd)
{
	const struct fa_nxos_nq *nq = NULL;
	size_t i;
	json_t *port;

	for (i = 0; c->system_nq && i < c->nnqs; i++)
		if (strcmp(c->nqs[i].name, c->system_nq) == 0)
			nq = &c->nqs[i];
	if (c->system_nq && !nq)
		fa_device_warn(device, "%s: network-qos policy '%s' is not in the configuration",
			       cmd, c->system_nq);
	if (nq && nq->no_drop_unresolved)
		fa_device_warn(device, "%s: a 'pause no-drop' class of '%s' has no CoS match", cmd,
			       nq->name);

	for (i = 0; i < c->nifs; i++) {
		const struct fa_nxos_if *f = &c->ifs[i];
		const char *type = fa_nxos_port_type(f->name);
		int wd = f->watchdog >= 0 ? f->watchdog : c->global_watchdog;

		if (strcmp(type, "ethernet") != 0)
			continue;
		port = fa_device_port(device, f->name);
		if (!fa_get_str(port, "type"))
			fa_set_str(port, "type", type);
		if (f->pfc_mode == 0) {
			fa_set_pfc_both(port, json_array());
		} else if (f->pfc_mode == 1) {
			if (nq) {
				json_t *a = json_array();
				int p;

				for (p = 0; p < 8; p++)
					if (nq->pfc & (1u << p))
						json_array_append_new(a, json_integer(p));
				fa_set_pfc_both(port, a); /* both directions: see the top */
			} else {
				fa_device_warn(device,
					       "%s: %s: PFC is on but no network-qos policy "
					       "is in force",
					       cmd, f->name);
			}
		}
		if (wd >= 0)
			fa_set_bool(port, "qos.pfc_watchdog", wd == 1);
	}

	/* The egress queuing policy applies to every Ethernet port, configured or not. */
	json_array_foreach(json_object_get(device, "ports"), i, port)
	{
		const char *name = fa_get_str(port, "name");
		const char *qname = c->system_queuing_out;
		const struct fa_nxos_queuing *q;
		size_t k;

		if (!name || strcmp(fa_nxos_port_type(name), "ethernet") != 0)
			continue;
		for (k = 0; k < c->nifs; k++)
			if (strcmp(c->ifs[k].name, name) == 0 && c->ifs[k].queuing_out)
				qname = c->ifs[k].queuing_out;
		q = fa_nxos_queuing_find(c, qname);
		if (q)
			fa_nxos_apply_ecn(device, cmd, port, q);
		else if (qname)
			fa_device_warn(device,
				       "%s: %s: queuing policy '%s' is not in the "
				       "configuration",
				       cmd, name, qname);
	}
}

int fa_parse_nxos_config(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	struct fa_nxos_cfg c;
	struct fa_nxos_reader rd = {FA_SEC_NONE, 0, NULL};
	const char *p = cap->data, *end = cap->data + cap->len;
	bool seen = false;

	memset(&c, 0, sizeof(c));
	c.global_watchdog = -1;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
		char *line = fa_xstrndup(p, len);
		const char *t = line;

		while (len && (line[len - 1] == '\r' || line[len - 1] == ' '))
			line[--len] = '\0';
		while (*t == ' ')
			t++;
		if (*line == '%') {
			/* "% Invalid command at '^' marker." and the like: not a configuration. */
			fa_err_at(err, FA_EPARSE, cap->command, 0, 0, "device error: %s", line);
			free(line);
			free(rd.cls);
			fa_nxos_cfg_free(&c);
			return -FA_EPARSE;
		}
		if (*line && *line != '!') {
			seen = true;
			if (t == line)
				fa_nxos_top(&c, &rd, device, cap->command, line);
			else
				fa_nxos_sub(&c, &rd, device, cap->command, t);
		}
		free(line);
		p = nl ? nl + 1 : end;
	}
	free(rd.cls);
	if (!seen) {
		fa_nxos_cfg_free(&c);
		return fa_err_at(err, FA_EPARSE, cap->command, 0, 0, "empty configuration");
	}
	fa_nxos_apply(&c, device, cap->command);
	fa_nxos_cfg_free(&c);
	return 0;
}
