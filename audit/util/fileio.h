/* SPDX-License-Identifier: MIT */
/*
 * Whole-file reads with a size cap, and atomic writes.
 *
 * An atomic write goes to a temporary file in the same folder, is fsync'ed, renamed over the
 * target and the folder is fsync'ed (a run killed in between leaves the temporary file: the
 * next write of the same target removes it, fa_atomic_clean_stale), so a reader (or a crash at any moment) sees either the old
 * file or the new one, never a mix.  This is what keeps the last good snapshot safe.
 */
#ifndef FA_UTIL_FILEIO_H
#define FA_UTIL_FILEIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

#include "audit/util/buf.h"
#include "audit/util/err.h"

#define FA_FILE_MAX_DEFAULT ((size_t)256 << 20)

/* Append the whole of @path to @out; -FA_ENOENT, -FA_EIO or -FA_ETOOBIG (over @cap bytes). */
int fa_file_read(const char *path, size_t cap, struct fa_buf *out, struct fa_err *err);

/*
 * Write @len bytes to @path atomically (see above), mode 0644 less umask.  "-" writes to
 * standard output instead; a path that exists and is not a regular file (/dev/null, a FIFO)
 * is written into, never replaced.
 */
int fa_file_write_atomic(const char *path, const void *data, size_t len, struct fa_err *err);

/*
 * As fa_file_write_atomic, for files that may hold what a device said (captures, meta.json,
 * snapshots, history): mode fa_file_private_mode() less umask.
 */
int fa_file_write_private(const char *path, const void *data, size_t len, struct fa_err *err);

/*
 * 0600, or the octal mode in the environment variable FABRIC_AUDIT_FILE_MODE (e.g. 0640 for
 * a group that reads the snapshots); a value that is not an octal mode up to 0777 gives 0600.
 */
mode_t fa_file_private_mode(void);

/*
 * The same promise for output written piece by piece: fa_atomic_open() gives a stream on a
 * temporary file beside @path ("-" gives standard output; a path that is not a regular file
 * is opened as it is), fa_atomic_commit() flushes, fsyncs and renames it into place (and
 * closes it), fa_atomic_abort() throws it away.  Exactly one of commit or abort follows a
 * successful open.
 */
struct fa_atomic_file {
	char *path;
	char *tmp;	/* NULL when writing in place (stdout, a device) */
	FILE *fp;
};

int fa_atomic_open(struct fa_atomic_file *f, const char *path, struct fa_err *err);
/* As fa_atomic_open, with mode fa_file_private_mode() (see fa_file_write_private). */
int fa_atomic_open_private(struct fa_atomic_file *f, const char *path, struct fa_err *err);
int fa_atomic_commit(struct fa_atomic_file *f, struct fa_err *err);
void fa_atomic_abort(struct fa_atomic_file *f);

/*
 * Temporary files are named "<target>.tmp.<pid>.XXXXXX".  Whether @name is one for the file
 * named @base (or "<base>.tmp.XXXXXX", as earlier versions named them); *ret_pid is the
 * writer's PID, 0 when the name has none.
 */
bool fa_atomic_is_temp(const char *name, const char *base, long *ret_pid);

/* A temporary file untouched this long (seconds) is a leftover even if its PID lives. */
#define FA_ATOMIC_STALE_SECONDS (60 * 60)

/*
 * Remove leftovers of killed runs beside @path: its temporary files whose writer is no
 * longer running, or that were not written for FA_ATOMIC_STALE_SECONDS.  Only names of our
 * own pattern for this very target are touched.  fa_atomic_open() does it before each write.
 */
void fa_atomic_clean_stale(const char *path);

/* mkdir -p; 0 when it exists already. */
int fa_mkdir_p(const char *path, struct fa_err *err);

#endif /* FA_UTIL_FILEIO_H */
