/* SPDX-License-Identifier: MIT */
/*
 * What the parser tests share: running a parser on a text or a file as a collector would hand
 * it over, and reading the device it filled without tripping on what is absent.
 */
#ifndef FA_TESTS_PARSE_HELPERS_H
#define FA_TESTS_PARSE_HELPERS_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "audit/util/err.h"
#include "drivers/capture.h"
#include "drivers/platform.h"

/* An absent integer reads as this: no device reports it. */
#define FA_TP_ABSENT_INT (-424242)

/* Run @fn on @len bytes of @data as the output of @command (with @arg) on device @device. */
int fa_tp_run(fa_parse_fn *fn, const char *device, const char *command, const char *arg,
	      const char *data, size_t len, json_t *dev, struct fa_err *err);
/* The same on the file at @path (absolute); fails the test when it cannot be read. */
int fa_tp_file(fa_parse_fn *fn, const char *device, const char *command, const char *arg,
	       const char *path, json_t *dev, struct fa_err *err);

/*
 * Run @fn itself on @len bytes of @data as the output of @command in @format (the capture's
 * device left unset), into @dev: unlike fa_tp_run, without normalising the output and without
 * the "nothing recognised" check, so a test sees what the parser alone returns.
 */
int fa_tp_direct(fa_parse_fn *fn, const char *command, enum fa_capture_format format,
		 const char *data, size_t len, json_t *dev, struct fa_err *err);
/* The same on the file at @path (absolute); the test fails unless @fn returns 0.  Returns @dev. */
json_t *fa_tp_direct_file(fa_parse_fn *fn, const char *command, enum fa_capture_format format,
			  const char *path, json_t *dev);

/* Borrowed: the GID of index @index in @port's gids[], or NULL. */
json_t *fa_tp_gid(const json_t *port, json_int_t index);

/* Absolute path of a test's own fixture in the source tree (a buffer of its own). */
const char *fa_tp_own(const char *rel);

size_t fa_tp_nwarn(const json_t *dev);
/* Has @dev a warning containing @needle? */
bool fa_tp_warned(const json_t *dev, const char *needle);
/* The string at @path, or "(absent)". */
const char *fa_tp_str(const json_t *obj, const char *path);
/* The integer at @path, or FA_TP_ABSENT_INT. */
json_int_t fa_tp_int(const json_t *obj, const char *path);

#endif /* FA_TESTS_PARSE_HELPERS_H */
