/* SPDX-License-Identifier: MIT */
/*
 * Snapshot history for scheduled drift detection: a folder of timestamped snapshots, a
 * pointer to the last good one (the baseline), rotation, and a lock.
 *
 * Layout of a history folder DIR:
 *   DIR/snapshot-YYYYMMDDTHHMMSSZ.json      one per run, named after the snapshot's "created"
 *                                           time (UTC); "-2", "-3"... when a second one lands
 *                                           in the same second
 *   DIR/baseline                            one line: the file name of the baseline snapshot
 *   DIR/.lock                               held (flock) by the run that owns the folder; holds
 *                                           that run's process id, for the message others get
 *
 * Crash safety (a kill -9 at any moment leaves the previous baseline readable): every file is
 * written by fa_file_write_atomic (temporary file in DIR, fsync, rename, fsync DIR); the
 * baseline pointer only ever names a snapshot that is already durable; rotation runs after the
 * pointer moved and never removes the snapshot the pointer names.  Temporary files left by a
 * killed run are removed by the next run that holds the lock.  The lock is an flock(2), so the
 * kernel drops it when its holder dies: a stale lock file never blocks a later run.
 */
#ifndef FA_HISTORY_H
#define FA_HISTORY_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "audit/util/err.h"

struct fa_history;

/*
 * Open history folder @dir (created when missing) and take its lock without waiting.  *ret is
 * new (release with fa_history_close()).  Errors: -FA_ELOCKED when another process holds the
 * lock (the message names the lock file and that process), -FA_EIO.
 */
int fa_history_open(const char *dir, struct fa_history **ret, struct fa_err *err);

/* Release the lock and free @h (NULL is fine). */
void fa_history_close(struct fa_history *h);

/* Static: the folder @h was opened on. */
const char *fa_history_dir(const struct fa_history *h);

/* New string (free()): the path of history file @name. */
char *fa_history_path(const struct fa_history *h, const char *name);

/*
 * Store @snapshot (borrowed) as a new timestamped file; *ret_name (new string, free()) is its
 * file name.  Errors: -FA_EIO.
 */
int fa_history_store(struct fa_history *h, const json_t *snapshot, char **ret_name,
		     struct fa_err *err);

/*
 * The baseline's file name in *ret_name (new string, free()).  Errors: -FA_ENOENT when there
 * is no baseline yet; -FA_EPARSE when the pointer does not name a snapshot file of the folder
 * or names one that is gone (the folder was edited by hand); -FA_EIO.
 */
int fa_history_baseline(struct fa_history *h, char **ret_name, struct fa_err *err);

/* Point the baseline at snapshot @name (which must exist).  Errors: -FA_ENOENT, -FA_EIO. */
int fa_history_set_baseline(struct fa_history *h, const char *name, struct fa_err *err);

/*
 * The snapshot file names, oldest first, in a new NULL-terminated array (free with
 * fa_history_names_free()); *ret_n is their number.  Errors: -FA_EIO.
 */
int fa_history_list(struct fa_history *h, char ***ret_names, size_t *ret_n, struct fa_err *err);
void fa_history_names_free(char **names);

/*
 * Remove old snapshots: all but the newest @keep (0 = no limit by count), and those older than
 * @max_age seconds before @now (0 = no limit by age).  The baseline and the newest snapshot are
 * always kept.  *ret_removed (may be NULL) counts removed files.  Errors: -FA_EIO.
 */
int fa_history_rotate(struct fa_history *h, size_t keep, long long max_age, time_t now,
		      size_t *ret_removed, struct fa_err *err);

/* True when @name is a snapshot file name of the history layout. */
bool fa_history_is_snapshot_name(const char *name);

/* The UTC time in snapshot file name @name, or (time_t)-1 when it is not one. */
time_t fa_history_name_time(const char *name);

#endif /* FA_HISTORY_H */
