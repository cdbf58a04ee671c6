/* SPDX-License-Identifier: MIT */
/*
 * Collection: every device of an inventory, through its transport, into the model.
 *
 * For each device: open a session, run the platform's once-per-device commands in table
 * order, parse each answer, then expand and run the per-interface (IF) and per-RDMA-device
 * (DEV) commands over what was found, and close.  Devices run in parallel (--jobs workers);
 * each ends with a definite status, and one bad device never stops the others.
 */
#ifndef FA_DRIVERS_COLLECT_H
#define FA_DRIVERS_COLLECT_H

#include <jansson.h>
#include <stdbool.h>

#include "audit/util/err.h"
#include "drivers/collector.h"

struct fa_inventory;

struct fa_collect_opts {
	int jobs;			/* parallel devices, >= 1 */
	struct fa_collect_limits lim;
	const char *save_dir;		/* --save-captures DIR, or NULL */
	const char *replay_dir;		/* --replay DIR: every device from DIR, or NULL */
	bool progress;			/* draw progress on stderr (a TTY) */
	/*
	 * --sample: seconds between two readings of the counter commands (FA_CMD_COUNTERS);
	 * 0 for one reading.  The second reading fills port.health (docs/health.md).
	 */
	double sample;
	/*
	 * Send the counter commands even without --sample (drift: rates against the previous
	 * snapshot).  Without either, a collection reads configuration only.
	 */
	bool counters;
	/*
	 * When set, each device is handed over as it completes (one call at a time, in
	 * completion order; the callback owns @device) instead of being returned.
	 */
	void (*on_device)(json_t *device, void *ctx);
	void *ctx;
};

#define FA_COLLECT_JOBS_DEFAULT 64
#define FA_COLLECT_TIMEOUT_DEFAULT 30.0
#define FA_COLLECT_MAX_OUTPUT_DEFAULT ((size_t)64 << 20)

/*
 * Collect every device of @inv.  *ret_devices is a new array of device objects in inventory
 * order, each with "status" (and "error" when not ok) — empty when opts->on_device took them.
 * *ret_statuses (may be NULL) is a new array of {"name", "status", "error"?} in inventory
 * order.  Fails only for errors that stop everything (the capture folder cannot be created).
 */
int fa_collect(const struct fa_inventory *inv, const struct fa_collect_opts *opts,
	       json_t **ret_devices, json_t **ret_statuses, struct fa_err *err);

/*
 * The shard (0 .. @count-1) a device named @name belongs to when an inventory is split over
 * @count collector machines: FNV-1a of the name, so every machine computes the same split
 * from the same inventory and adding a device moves no other one.
 */
unsigned fa_collect_shard_of(const char *name, unsigned count);

/* Count the entries of @devices (devices or statuses) whose status is "ok". */
size_t fa_collect_count_ok(const json_t *devices);

#endif /* FA_DRIVERS_COLLECT_H */
