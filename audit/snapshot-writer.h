/* SPDX-License-Identifier: MIT */
/*
 * A snapshot written device by device, so that collecting a large fabric keeps only what
 * links need in memory, not every device.
 *
 * Each device added is serialised at once to a spool file beside the output and freed; what
 * is kept is its name and a slim copy for link resolution (its names, and per port the name,
 * MAC and LLDP neighbour).  Commit writes the final snapshot atomically, byte for byte what
 * fa_snapshot_write(fa_snapshot_build(...)) would write for the same devices.
 */
#ifndef FA_SNAPSHOT_WRITER_H
#define FA_SNAPSHOT_WRITER_H

#include <jansson.h>

#include "audit/util/err.h"

struct fa_snapshot_writer;

/*
 * Start a snapshot for @path ("-" = standard output).  New writer in *ret; the output is not
 * touched until commit.  @inventory (may be NULL) is recorded in the snapshot.
 */
int fa_snapshot_writer_open(const char *path, const char *inventory,
			    struct fa_snapshot_writer **ret, struct fa_err *err);

/* Add a device; takes ownership of @device.  -FA_EIO when the spool cannot be written. */
int fa_snapshot_writer_add(struct fa_snapshot_writer *w, json_t *device, struct fa_err *err);

/* Write the snapshot in place and free the writer (also on error). */
int fa_snapshot_writer_commit(struct fa_snapshot_writer *w, struct fa_err *err);

/* Forget everything, leave the output untouched, free the writer.  Accepts NULL. */
void fa_snapshot_writer_abort(struct fa_snapshot_writer *w);

#endif /* FA_SNAPSHOT_WRITER_H */
