/* SPDX-License-Identifier: MIT */
/*
 * ibnetdiscover -p: every port of the subnet, one line each (dump_ports_report() in
 * infiniband-diags' ibnetdiscover.c):
 *
 *   CA   134  1 0x7cfe9003003b4bde 4x EDR - SW  1719 10 0x7cfe9003009ce5b0 ( 'o0001 HCA-1' - 'ib-i1l1s01' )
 *   SW  2052 37 0x506b4b03005c2740 4x ???                                    'ib-i4l1s01'
 *
 * node type (CA, SW, RT), LID (a switch's for all its ports, a CA port's base LID), port
 * number, port GUID, active width and speed; then, for a connected port, the same four for
 * the port at the other end and both node descriptions in quotes.  Every link is printed
 * twice, once from each end.  A port without a peer is down, and the width and speed printed
 * for it are not valid (IBA C14-24.2.1), so they are not recorded.
 *
 * Variations: node descriptions may carry blanks inside the quotes (kept out), older
 * versions print an unconnected port's description without quotes, speed names run from
 * SDR to XDR (FDR10 included) with "???" for an unknown one, and the width "??" likewise.
 */
#include "config.h"

#include <string.h>

#include "audit/model.h"
#include "drivers/ib-fabric/parse-ib.h"
#include "drivers/ib-fabric/parse-ib-int.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

#define FA_IBND_WORDS 12

static const char *fa_ibnd_type(struct fa_textscan_span w)
{
	if (fa_textscan_eq(w, "SW"))
		return "switch";
	if (fa_textscan_eq(w, "CA"))
		return "ca";
	if (fa_textscan_eq(w, "RT"))
		return "router";
	return NULL;
}

/* TYPE LID PORT GUID at @w; false when they are not that. */
static bool fa_ibnd_end(const struct fa_textscan_span *w, struct fa_ib_end *e)
{
	e->type = fa_ibnd_type(w[0]);
	if (!e->type || !fa_textscan_int(w[1], &e->lid) || e->lid < 0 || e->lid > 65535 ||
	    !fa_textscan_int(w[2], &e->port) || e->port < 0 || e->port > 255 ||
	    !fa_ib_guid(w[3], &e->guid))
		return false;
	e->has_guid = true;
	return true;
}

/* The text after the words at @w[k] (which must lie within @line). */
static struct fa_textscan_span fa_ibnd_after(struct fa_textscan_span line,
					     const struct fa_textscan_span *wk)
{
	struct fa_textscan_span r;

	r.ptr = wk->ptr + wk->len;
	r.len = line.len - (size_t)(r.ptr - line.ptr);
	return fa_textscan_trim(r);
}

/* "( 'local' - 'remote' )" into the two names. */
static bool fa_ibnd_names(struct fa_textscan_span s, struct fa_ib_rec *rec)
{
	struct fa_textscan_span a, b;
	long sep;

	if (s.len < 2 || s.ptr[0] != '(' || s.ptr[s.len - 1] != ')')
		return false;
	s.ptr++;
	s.len -= 2;
	s = fa_textscan_trim(s);
	sep = fa_textscan_find(s, "' - '");
	if (sep < 0)
		return false;
	a.ptr = s.ptr;
	a.len = (size_t)sep + 1;
	b.ptr = s.ptr + sep + 4;
	b.len = s.len - (size_t)sep - 4;
	return fa_ib_set_name(&rec->local, a) && fa_ib_set_name(&rec->peer, b);
}

static bool fa_ibnd_line(struct fa_textscan_span line, struct fa_ib_recs *recs)
{
	struct fa_textscan_span w[FA_IBND_WORDS], rest;
	size_t n = fa_textscan_words(line, w, FA_IBND_WORDS);
	struct fa_ib_rec *rec;
	int64_t lane;

	if (n < 6)
		return false;
	rec = fa_ib_rec_new(recs);
	if (!fa_ibnd_end(w, &rec->local) || rec->local.port == 0)
		goto bad;
	if (n >= 11 && fa_textscan_eq(w[6], "-") && fa_ibnd_type(w[7])) {
		rec->has_peer = true;
		if (!fa_ibnd_end(&w[7], &rec->peer) || rec->peer.port == 0 ||
		    !fa_ibnd_names(fa_ibnd_after(line, &w[10]), rec))
			goto bad;
		lane = fa_ib_lane_rate(w[5]);
		if (fa_ib_width(w[4], rec->width) && lane > 0)
			rec->rate = lane * fa_ib_lanes(rec->width);
		else if (!fa_textscan_eq(w[4], "??") && !fa_ib_width(w[4], rec->width))
			goto bad;
		return true;
	}
	/* Unconnected: width and speed are not valid, the rest is the description. */
	rest = fa_ibnd_after(line, &w[5]);
	if (!fa_ib_set_name(&rec->local, rest))
		goto bad;
	return true;
bad:
	recs->n--;
	return false;
}

int fa_parse_ib_ibnetdiscover(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = cap->command && *cap->command ? cap->command : "ibnetdiscover -p";
	struct fa_textscan_span line, first = { "", 0 };
	struct fa_ib_recs recs = { NULL, 0, 0 };
	struct fa_textscan ts;
	unsigned bad = 0;
	int r = 0;

	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		line = fa_textscan_trim(line);
		if (line.len == 0 || fa_ibnd_line(line, &recs))
			continue;
		if (bad++ == 0)
			first = line;
		fa_device_warn(device, "%s: line %u not understood: %.*s", cmd, ts.lineno,
			       (int)(line.len > 200 ? 200 : line.len), line.ptr);
	}
	if (recs.n == 0) {
		r = bad ? fa_err_set(err, FA_EPARSE, "%s: not an ibnetdiscover ports report: %.*s",
				     cmd, (int)(first.len > 120 ? 120 : first.len), first.ptr)
			: fa_err_set(err, FA_EPARSE, "%s: no output", cmd);
		goto out;
	}
	fa_ib_apply(device, &recs);
out:
	fa_ib_recs_release(&recs);
	return r;
}
