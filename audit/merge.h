/* SPDX-License-Identifier: MIT */
/*
 * Merging snapshots: per-host fragments (collect --local on every host) and switch snapshots
 * (collect -i, possibly --shard I/N on several machines) into one fabric snapshot.
 *
 * Policy:
 *   - inputs are snapshot files, or folders whose *.json files are taken in name order;
 *     an input that cannot be read or is not a snapshot is reported and left out (one bad
 *     host never stops the merge);
 *   - a device is identified by its name.  When several inputs hold it, one is kept: a
 *     device with status ok over one without, then the input created last, then the input
 *     given last.  Each duplicate is reported, and the kept device gets a warning naming the
 *     inputs it won over;
 *   - clock skew: inputs are normally collected within minutes.  An input whose "created"
 *     time is more than max_skew seconds from the median of all inputs, or more than
 *     max_skew in the future of this machine's clock, is reported, and each of its devices
 *     gets a warning: its clock is off, or the fragment is stale;
 *   - links are resolved again over all devices (LLDP, audit/links.h); "plan" and "ib"
 *     links of the inputs are kept once each when both ends are in the result.
 */
#ifndef FA_MERGE_H
#define FA_MERGE_H

#include <jansson.h>
#include <stddef.h>

#include "audit/util/err.h"

#define FA_MERGE_MAX_SKEW_DEFAULT 300.0

struct fa_merge_opts {
	double max_skew;	/* seconds */
};

struct fa_merge_stats {
	size_t inputs;		/* snapshot files considered */
	size_t unreadable;	/* left out */
	size_t devices;		/* in the result */
	size_t duplicates;	/* device copies dropped */
	size_t skewed;		/* inputs reported for clock skew */
};

/*
 * Merge the snapshots named by @paths (files or folders).  *ret_snapshot is a new snapshot;
 * *ret_notes a new array of one-line strings (what was left out, duplicates, skew), in
 * input order.  Fails only when no input could be read (-FA_ENOENT, or the error of the
 * only input).
 */
int fa_merge(const char *const *paths, size_t npaths, const struct fa_merge_opts *opts,
	     json_t **ret_snapshot, json_t **ret_notes, struct fa_merge_stats *ret_stats,
	     struct fa_err *err);

/* "2026-12-02T16:00:00Z" -> seconds since the epoch; -1 when not that form. */
long long fa_merge_parse_time(const char *s);

#endif /* FA_MERGE_H */
