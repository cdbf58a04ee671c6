/* SPDX-License-Identifier: MIT */
/*
 * Error codes and error detail.
 *
 * Fallible functions return 0 or a negative -FA_E* code.  Detail (a message and, for input
 * files, where in the file) goes into a caller-supplied struct fa_err, filled once where the
 * failure is detected.  A NULL struct fa_err * means "don't care".  Only audit/cli/ prints.
 */
#ifndef FA_UTIL_ERR_H
#define FA_UTIL_ERR_H

#include <stdarg.h>

enum fa_errcode {
	FA_EOK = 0,
	FA_ENOMEM,	/* out of memory (normally aborts instead) */
	FA_EIO,		/* read or write failed */
	FA_ENOENT,	/* file, device, port or capture not found */
	FA_EPARSE,	/* input not in the expected format */
	FA_EINVAL,	/* a value is out of range or of the wrong type */
	FA_ETOOBIG,	/* input over its size cap */
	FA_ETIMEOUT,	/* an operation ran out of time */
	FA_EUNREACH,	/* device not reachable */
	FA_EAUTH,	/* authentication failed */
	FA_EHOSTKEY,	/* host key unknown (not in known_hosts) */
	FA_EHOSTKEY_CHANGED,	/* host key differs from the one in known_hosts */
	FA_ECMD,	/* a device command exited non-zero */
	FA_ENOTBUILT,	/* feature not compiled in */
	FA_ELOCKED,	/* another process holds the lock */
	FA_EINTERNAL,	/* a bug */
	FA_ECOUNT
};

/* Where the detail of one failure goes.  @source is a file or device name. */
struct fa_err {
	int code;
	char msg[512];
	char source[256];
	int line;	/* 1-based; 0 when not about a position in a file */
	int column;	/* 1-based; 0 when unknown */
};

#define FA_ERR_INIT { 0, "", "", 0, 0 }

/* Static English text for a code (positive or negative). */
const char *fa_strerror(int code);

/*
 * Fill @err (may be NULL) and return -@code, so a caller can write
 * "return fa_err_set(err, FA_EPARSE, "bad %s", x);".
 */
int fa_err_set(struct fa_err *err, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* As fa_err_set, with a source file and position. */
int fa_err_at(struct fa_err *err, int code, const char *source, int line, int column,
	      const char *fmt, ...) __attribute__((format(printf, 6, 7)));

/* Prefix the existing message with "@fmt: " (e.g. a device or file name). */
void fa_err_prefix(struct fa_err *err, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * One line for a user: "source:line:column: message", leaving out what is unknown.
 * Returns @buf.
 */
const char *fa_err_format(const struct fa_err *err, char *buf, size_t size);

#endif /* FA_UTIL_ERR_H */
