/* SPDX-License-Identifier: MIT */
/*
 * iblinkinfo: the state of every link of the subnet (print_port() in infiniband-diags'
 * iblinkinfo.c).  Two layouts, both read:
 *
 * Line mode (iblinkinfo -l, what the ib-fabric platform sends), one port per line with the
 * port GUID and node description of both ends:
 *
 *   0x7cfe9003009ce5b0 "                    ib-i1l1s01"   1719    1[  ] ==( 4X  25.78125 Gbps  Active/  LinkUp)==>  0x7cfe900300b07320   1516    1[  ] "ib-i1l2s01" ( )
 *
 * Default mode, grouped under one header per node ("Switch: 0x<guid> <name>:", "CA: <name>:",
 * "Router: <name>:"); a switch port line starts at its LID, a CA port line at its port GUID,
 * and the remote end has no GUID, only LID, port and description:
 *
 *   Switch: 0x7cfe9003009ce5b0 ib-i1l1s01:
 *              1719    1[  ] ==( 4X  25.78125 Gbps  Active/  LinkUp)==>    1516    1[  ] "ib-i1l2s01" ( )
 *
 * The link part is "(width speed state/physical state)", or "(state/physical state)" for a
 * port that is down; speeds are per lane ("25.78125 Gbps", "10.0 Gbps (FDR10)").  The remote
 * part is "[  ] "" ( )" for a down port and "\"Port not available\"" when the peer did not
 * answer.  Each port gets ib.width, ib.rate (lanes times the nominal lane rate), ib.state,
 * ib.phys_state and ib.peer; ports already known from ibnetdiscover are updated in place.
 * An active link also gets ib.width_best and ib.rate_best from the "(Could be ...)" hints.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/ib-fabric/parse-ib.h"
#include "drivers/ib-fabric/parse-ib-int.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

static const struct {
	const char *word;
	const char *state;
} fa_ibli_phys[] = {
	{ "LinkUp", "linkup" },
	{ "Polling", "polling" },
	{ "Disabled", "disabled" },
	{ "Sleep", "sleep" },
	{ "PortConfigurationTraining", "training" },
	{ "LinkErrorRecovery", "linkerrorrecovery" },
	{ "PhyTest", "phytest" },
};

/* The node a default-mode header announced. */
struct fa_ibli_node {
	bool set;
	const char *type;
	bool has_guid;
	uint64_t guid;
	char name[FA_IB_NAME_MAX];
	bool has_name;
};

/* Take one blank-separated word off the front of @s. */
static bool fa_ibli_word(struct fa_textscan_span *s, struct fa_textscan_span *ret)
{
	size_t i = 0;

	*s = fa_textscan_trim(*s);
	while (i < s->len && s->ptr[i] != ' ' && s->ptr[i] != '\t')
		i++;
	if (i == 0)
		return false;
	ret->ptr = s->ptr;
	ret->len = i;
	s->ptr += i;
	s->len -= i;
	return true;
}

/* Take a "quoted" description off the front of @s into @e. */
static bool fa_ibli_quoted(struct fa_textscan_span *s, struct fa_ib_end *e)
{
	struct fa_textscan_span q;
	const char *end;

	*s = fa_textscan_trim(*s);
	if (s->len < 2 || s->ptr[0] != '"')
		return false;
	end = memchr(s->ptr + 1, '"', s->len - 1);
	if (!end)
		return false;
	q.ptr = s->ptr + 1;
	q.len = (size_t)(end - q.ptr);
	s->len -= (size_t)(end + 1 - s->ptr);
	s->ptr = end + 1;
	return fa_ib_set_name(e, q);
}

/* "LID PORT[ext]" off the front of @s into @e. */
static bool fa_ibli_lid_port(struct fa_textscan_span *s, struct fa_ib_end *e)
{
	struct fa_textscan_span lid, port;
	const char *open, *close;

	if (!fa_ibli_word(s, &lid) || !fa_textscan_int(lid, &e->lid) || e->lid < 0 ||
	    e->lid > 65535)
		return false;
	*s = fa_textscan_trim(*s);
	open = memchr(s->ptr, '[', s->len);
	if (!open)
		return false;
	close = memchr(open, ']', s->len - (size_t)(open - s->ptr));
	if (!close)
		return false;
	port.ptr = s->ptr;
	port.len = (size_t)(open - s->ptr);
	if (!fa_textscan_int(port, &e->port) || e->port < 1 || e->port > 255)
		return false;
	s->len -= (size_t)(close + 1 - s->ptr);
	s->ptr = close + 1;
	return true;
}

/* "width speed state/phys" or "state/phys". */
static bool fa_ibli_link(struct fa_textscan_span s, struct fa_ib_rec *rec, bool *ret_odd)
{
	struct fa_textscan_span before, phys, w[8], speed;
	long hoq = fa_textscan_find(s, ") (");
	size_t n, i, slash;

	if (hoq >= 0)
		s.len = (size_t)hoq;
	for (slash = s.len; slash > 0 && s.ptr[slash - 1] != '/'; slash--)
		;
	if (slash == 0)
		return false;
	phys.ptr = s.ptr + slash;
	phys.len = s.len - slash;
	phys = fa_textscan_trim(phys);
	before.ptr = s.ptr;
	before.len = slash - 1;
	n = fa_textscan_words(before, w, 8);
	if (n == 0 || n > 8)
		return false;
	rec->state = fa_ib_port_state(w[n - 1]);
	*ret_odd = !rec->state;
	for (i = 0; i < sizeof(fa_ibli_phys) / sizeof(fa_ibli_phys[0]); i++)
		if (fa_textscan_eq(phys, fa_ibli_phys[i].word))
			snprintf(rec->phys_state, sizeof(rec->phys_state), "%s",
				 fa_ibli_phys[i].state);
	if (!rec->phys_state[0])
		*ret_odd = true;
	if (n == 1)
		return true;
	if (n < 3 || !fa_ib_width(w[0], rec->width))
		return false;
	speed.ptr = w[1].ptr;
	speed.len = (size_t)(w[n - 2].ptr + w[n - 2].len - w[1].ptr);
	rec->rate = fa_ib_lane_rate(speed);
	if (rec->rate < 0)
		*ret_odd = true;
	else
		rec->rate *= fa_ib_lanes(rec->width);
	return true;
}

/*
 * The hints after the peer, "( )" or "(Could be 12X Could be 10.0 Gbps)": get_max_msg()
 * compares the active width and speed with the best both ends support and names the better
 * one when the link runs below it, so no hint means the link runs at the best.  An active
 * link of known width and rate gets width_best and rate_best; *ret_odd when a hint is not
 * understood (and neither is set).
 */
static void fa_ibli_hints(struct fa_textscan_span s, struct fa_ib_rec *rec, bool *ret_odd)
{
	static const char could[] = "Could be ";
	char width[8];
	int64_t lane;
	long at;

	if (!rec->width[0] || rec->rate < 0 || !rec->state || strcmp(rec->state, "active") != 0)
		return;
	snprintf(width, sizeof(width), "%s", rec->width);
	lane = rec->rate / fa_ib_lanes(rec->width);
	s = fa_textscan_trim(s);
	if (s.len < 2 || s.ptr[0] != '(' || s.ptr[s.len - 1] != ')') {
		*ret_odd = true;
		return;
	}
	s.ptr++;
	s.len -= 2;
	while ((at = fa_textscan_find(s, could)) >= 0) {
		struct fa_textscan_span h = { s.ptr + at + sizeof(could) - 1,
					      s.len - (size_t)at - (sizeof(could) - 1) };
		struct fa_textscan_span w[3], speed;
		long next = fa_textscan_find(h, could);
		char hint[8];
		size_t n;

		s = h;
		if (next >= 0)
			h.len = (size_t)next;
		n = fa_textscan_words(h, w, 3);
		if (n >= 1 && fa_ib_width(w[0], hint)) {
			memcpy(width, hint, sizeof(width));
			continue;
		}
		/* "10.0 Gbps", "25.78125 Gbps", or "FDR10 (Found link at QDR but ...)". */
		speed = w[0];
		if (n >= 2 && fa_textscan_eq(w[1], "Gbps"))
			speed.len = (size_t)(w[1].ptr + w[1].len - w[0].ptr);
		lane = n >= 1 ? fa_ib_lane_rate(speed) : -1;
		if (lane < 0) {
			*ret_odd = true;
			return;
		}
	}
	memcpy(rec->width_best, width, sizeof(rec->width_best));
	rec->rate_best = lane * fa_ib_lanes(width);
}

/* The part after "==>": the peer, or nothing for a port that is down or unanswered. */
static bool fa_ibli_remote(struct fa_textscan_span s, struct fa_ib_rec *rec, bool *ret_odd)
{
	struct fa_textscan_span w;

	s = fa_textscan_trim(s);
	if (fa_textscan_starts(s, "\"Port not available\"") || fa_textscan_starts(s, "[  ]") ||
	    fa_textscan_starts(s, "[ ]") || fa_textscan_starts(s, "[]"))
		return true;
	if (fa_textscan_starts(s, "0x")) {
		if (!fa_ibli_word(&s, &w) || !fa_ib_guid(w, &rec->peer.guid))
			return false;
		rec->peer.has_guid = true;
	}
	if (!fa_ibli_lid_port(&s, &rec->peer) || !fa_ibli_quoted(&s, &rec->peer))
		return false;
	rec->has_peer = true;
	fa_ibli_hints(s, rec, ret_odd);
	return true;
}

/* A default-mode node header; false when @line is not one. */
static bool fa_ibli_header(struct fa_textscan_span line, struct fa_ibli_node *node)
{
	struct fa_textscan_span rest, w;
	struct fa_ib_end tmp = { 0 };
	const char *type;

	if (line.len < 2 || line.ptr[line.len - 1] != ':')
		return false;
	if (fa_textscan_starts(line, "Switch: "))
		type = "switch";
	else if (fa_textscan_starts(line, "CA: "))
		type = "ca";
	else if (fa_textscan_starts(line, "Router: "))
		type = "router";
	else
		return false;
	rest.ptr = memchr(line.ptr, ':', line.len) + 1;
	rest.len = line.len - 1 - (size_t)(rest.ptr - line.ptr);
	memset(node, 0, sizeof(*node));
	node->set = true;
	node->type = type;
	if (strcmp(type, "switch") == 0) {
		if (!fa_ibli_word(&rest, &w) || !fa_ib_guid(w, &node->guid))
			return false;
		node->has_guid = true;
	}
	if (!fa_ib_set_name(&tmp, rest))
		return false;
	memcpy(node->name, tmp.name, sizeof(node->name));
	node->has_name = tmp.has_name;
	return true;
}

/* A port line; false when it is not one.  *ret_odd when a state or speed word is unknown. */
static bool fa_ibli_port(struct fa_textscan_span line, const struct fa_ibli_node *node,
			 struct fa_ib_recs *recs, bool *ret_odd)
{
	long open = fa_textscan_find(line, "==("), close = -1, at;
	struct fa_textscan_span left, mid, right, w;
	struct fa_ib_rec *rec;

	if (open < 0)
		return false;
	/* The last ")==>": a speed may itself hold parentheses ("(FDR10)"). */
	for (at = open; at >= 0;) {
		struct fa_textscan_span tail = { line.ptr + at + 1, line.len - (size_t)at - 1 };
		long next = fa_textscan_find(tail, ")==>");

		if (next < 0)
			break;
		close = at + 1 + next;
		at = close;
	}
	if (close < 0)
		return false;
	left.ptr = line.ptr;
	left.len = (size_t)open;
	mid.ptr = line.ptr + open + 3;
	mid.len = (size_t)(close - open - 3);
	right.ptr = line.ptr + close + 4;
	right.len = line.len - (size_t)close - 4;

	rec = fa_ib_rec_new(recs);
	left = fa_textscan_trim(left);
	if (fa_textscan_starts(left, "0x")) {
		if (!fa_ibli_word(&left, &w) || !fa_ib_guid(w, &rec->local.guid))
			goto bad;
		rec->local.has_guid = true;
		left = fa_textscan_trim(left);
		if (left.len && left.ptr[0] == '"' && !fa_ibli_quoted(&left, &rec->local))
			goto bad;
	} else if (node->set && node->has_guid) {
		rec->local.guid = node->guid;
		rec->local.has_guid = true;
	} else {
		goto bad;
	}
	if (node->set) {
		rec->local.type = node->type;
		if (!rec->local.has_name && node->has_name) {
			memcpy(rec->local.name, node->name, sizeof(rec->local.name));
			rec->local.has_name = true;
		}
	}
	if (!fa_ibli_lid_port(&left, &rec->local) || fa_textscan_trim(left).len != 0 ||
	    !fa_ibli_link(mid, rec, ret_odd) || !fa_ibli_remote(right, rec, ret_odd))
		goto bad;
	return true;
bad:
	recs->n--;
	return false;
}

int fa_parse_ib_iblinkinfo(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = cap->command && *cap->command ? cap->command : "iblinkinfo -l";
	struct fa_textscan_span line, first = { "", 0 };
	struct fa_ib_recs recs = { NULL, 0, 0 };
	struct fa_ibli_node node = { 0 };
	struct fa_textscan ts;
	unsigned bad = 0, headers = 0;
	int r = 0;

	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		bool odd = false;

		line = fa_textscan_trim(line);
		if (line.len == 0)
			continue;
		if (fa_ibli_header(line, &node)) {
			headers++;
			continue;
		}
		if (fa_ibli_port(line, &node, &recs, &odd)) {
			if (odd)
				fa_device_warn(device, "%s: line %u: a state or speed is not known: %.*s",
					       cmd, ts.lineno, (int)(line.len > 200 ? 200 : line.len),
					       line.ptr);
			continue;
		}
		if (bad++ == 0)
			first = line;
		fa_device_warn(device, "%s: line %u not understood: %.*s", cmd, ts.lineno,
			       (int)(line.len > 200 ? 200 : line.len), line.ptr);
	}
	if (recs.n == 0 && headers == 0) {
		r = bad ? fa_err_set(err, FA_EPARSE, "%s: not iblinkinfo output: %.*s", cmd,
				     (int)(first.len > 120 ? 120 : first.len), first.ptr)
			: fa_err_set(err, FA_EPARSE, "%s: no output", cmd);
		goto out;
	}
	if (recs.n == 0)
		fa_device_warn(device, "%s: no port lines", cmd);
	fa_ib_apply(device, &recs);
out:
	fa_ib_recs_release(&recs);
	return r;
}
