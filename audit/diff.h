/* SPDX-License-Identifier: MIT */
/*
 * Semantic diff of two snapshots (fabric-audit/diff/v1, docs/diff.md).
 *
 * Nouns:
 *   subject   what a change is about: a device (by name), a port (by device and port name) or
 *             a link (by its two ends).  Identity never changes, so a port that moved in the
 *             list or a renamed field never shows up as "removed + added".
 *   change    one record: kind (device, port, link), op (added, removed, changed) and, for
 *             "changed", the dotted field path ("nic.firmware", "qos.pfc_enabled") with its old
 *             and new values.  Objects are compared key by key down to their leaves; lists are
 *             compared whole.  A value present on one side only is a change with the other
 *             side absent.
 *   volatile  a field pattern ("device.warnings", "*.uptime*") whose changes never count:
 *             counters, uptimes, timestamps, parse warnings.  The built-in patterns are listed
 *             in docs/model.md ("Volatile fields"); a user adds more from a file.
 *   allow     the expected-change list of a change window (YAML): each entry selects subjects
 *             by glob patterns, names a field and optionally the values it goes from and to.
 *             A change an entry matches is allowed; an entry that did not happen on a subject
 *             it selects is "expected but missing" (the update did not land everywhere).
 *
 * A device that was not collected (status other than "ok") in either snapshot is compared by
 * its status and error only: its other fields are unknown, not removed, and links that touch it
 * are not compared.  The status change itself is a change, and "status"/"error" can never be
 * allowed, so a device that could not be collected always fails a diff with an allow-list.
 *
 * The diff is deterministic: changes are sorted by device (natural order), device changes
 * before port changes, ports in natural order, then field path; link changes come last, by
 * their ends.
 */
#ifndef FA_DIFF_H
#define FA_DIFF_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "audit/util/err.h"

#define FA_DIFF_FORMAT "fabric-audit/diff/v1"

/* ---- volatile fields --------------------------------------------------------------------- */

struct fa_volatile;

/* New set holding the built-in patterns (free with fa_volatile_free()). */
struct fa_volatile *fa_volatile_new(void);
void fa_volatile_free(struct fa_volatile *v);

/*
 * Add one pattern: "SCOPE.PATH" where SCOPE is device, port, link or *, and PATH a dotted field
 * path; both may use fnmatch(3) globs, and '*' also matches dots.  A pattern covers the field
 * it names and everything below it.  Errors: -FA_EINVAL (the message says why).
 */
int fa_volatile_add(struct fa_volatile *v, const char *pattern, struct fa_err *err);

/*
 * Add the patterns of a file: one per line, blank lines and lines starting with '#' ignored,
 * surrounding blanks trimmed.  Errors: -FA_ENOENT, -FA_EIO, -FA_EPARSE (file:line:column).
 */
int fa_volatile_load(struct fa_volatile *v, const char *path, struct fa_err *err);

/* True when field @path of a subject of @scope ("device", "port", "link") is volatile. */
bool fa_volatile_match(const struct fa_volatile *v, const char *scope, const char *path);

/* New reference: the patterns in the order they were added (built-ins first). */
json_t *fa_volatile_patterns(const struct fa_volatile *v);

/* ---- expected-change allow-list ---------------------------------------------------------- */

struct fa_allow;

/*
 * Read an allow-list (YAML or JSON, docs/diff.md): a mapping with one key "allow", a list of
 * entries {selector: {device, role, group, port, platform}, field, from, to, reason}.
 * Unknown keys, wrong types, an empty selector, a real number as a value (write versions in
 * quotes) and the fields "status"/"error" are refused with file:line:column.  *ret is new
 * (free with fa_allow_free()).  Errors: -FA_ENOENT, -FA_EIO, -FA_EPARSE, -FA_EINVAL.
 */
int fa_allow_load(const char *path, struct fa_allow **ret, struct fa_err *err);
/* As fa_allow_load, from @len bytes of @data named @source in errors. */
int fa_allow_parse(const char *source, const char *data, size_t len, struct fa_allow **ret,
		   struct fa_err *err);
void fa_allow_free(struct fa_allow *a);
/* Number of entries. */
size_t fa_allow_count(const struct fa_allow *a);

/* ---- the diff ---------------------------------------------------------------------------- */

struct fa_diff_opts {
	const struct fa_volatile *volatiles;	/* NULL: the built-in patterns only */
	const struct fa_allow *allow;		/* NULL: every change fails the diff */
	const char *old_source;			/* file names shown in the diff (may be NULL) */
	const char *new_source;
	const char *allow_source;
};

#define FA_DIFF_OPTS_INIT { NULL, NULL, NULL, NULL, NULL }

/*
 * Compare snapshot @old with snapshot @new (both borrowed, shaped as fa_snapshot_load()
 * checks) and build the diff document in *ret (new reference).  Errors: -FA_EPARSE when a
 * snapshot names a device twice, a port twice within a device, or a device or port without a
 * name (identity would be ambiguous).
 */
int fa_diff_snapshots(const json_t *old, const json_t *new, const struct fa_diff_opts *opts,
		      json_t **ret, struct fa_err *err);

/* True when @diff has verdict "pass": no change outside the allow-list, nothing missing. */
bool fa_diff_passed(const json_t *diff);

/*
 * 0 when @doc is a JSON object whose "format" is FA_DIFF_FORMAT; otherwise -FA_EPARSE
 * ("not a fabric-audit diff (format X)").
 */
int fa_diff_check(const json_t *doc, struct fa_err *err);

#endif /* FA_DIFF_H */
