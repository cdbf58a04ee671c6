/* SPDX-License-Identifier: MIT */
/*
 * Merging snapshots: per-host fragments (collect --local on every host) and switch snapshots
 * (collect -i, possibly --shard I/N on several machines) into one fabric snapshot.
 *
 * Policy:
 *   - inputs are snapshot files, or folders whose *.json files are taken in name order;
 *     an input that cannot be read or is not a snapshot fails the merge, naming it (a
 *     fabric snapshot silently missing a host would audit as if the host did not exist),
 *     unless skip_unreadable: then it is reported and left out;
 *   - a device is identified by its name.  When several inputs hold it, one is kept: a
 *     device with status ok over one without, then the input created last, then the input
 *     given last.  Each duplicate is reported, and the kept device gets a warning naming the
 *     inputs it won over;
 *   - clock skew: inputs are normally collected within minutes.  An input whose "created"
 *     time is more than max_skew seconds from the median of all inputs, or more than
 *     max_skew in the future of this machine's clock, is reported, and each of its devices
 *     gets a warning: its clock is off, or the fragment is stale;
 *   - links are resolved again over all devices (LLDP, audit/links.h); "plan" and "ib"
 *     links of the inputs are kept once each when both ends are in the result;
 *   - memory does not grow with the number of inputs' devices beyond what link resolution
 *     needs: each input is read twice, one at a time (see merge.c).
 */
#ifndef FA_MERGE_H
#define FA_MERGE_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "audit/util/err.h"

#define FA_MERGE_MAX_SKEW_DEFAULT 300.0

struct fa_merge_opts {
	double max_skew;	/* seconds */
	bool skip_unreadable;	/* leave unreadable inputs out instead of failing */
};

struct fa_merge_stats {
	size_t inputs;		/* snapshot files considered */
	size_t unreadable;	/* left out */
	size_t devices;		/* in the result */
	size_t duplicates;	/* device copies dropped */
	size_t skewed;		/* inputs reported for clock skew */
	size_t not_ok;		/* kept devices whose status is not ok */
};

/*
 * Merge the snapshots named by @paths (files or folders) into the snapshot file @output
 * (written atomically; "-" = standard output).  *ret_notes is a new array of one-line
 * strings (what was left out, duplicates, skew).  *ret_stats is filled also on failure.
 * Fails when an input cannot be read and !opts->skip_unreadable (the error of the first
 * such input, naming it; ret_stats->unreadable > 0), when no input could be read
 * (-FA_ENOENT, or the error of the only input) or the output cannot be written (-FA_EIO);
 * the output is then left as it was.
 */
int fa_merge(const char *const *paths, size_t npaths, const struct fa_merge_opts *opts,
	     const char *output, json_t **ret_notes, struct fa_merge_stats *ret_stats,
	     struct fa_err *err);

/* "2026-12-02T16:00:00Z" -> seconds since the epoch; -1 when not that form. */
long long fa_merge_parse_time(const char *s);

#endif /* FA_MERGE_H */
