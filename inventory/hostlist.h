/* SPDX-License-Identifier: MIT */
/*
 * Host ranges as Slurm and pdsh write them.
 *
 * An expression is a comma-separated list of items; a comma inside brackets is not a
 * separator.  An item is literal text with zero or more bracket groups, and each group is a
 * comma-separated list of numbers and ranges "LO-HI":
 *
 *   gpu[001-128]        gpu001 … gpu128 (the width of LO is kept: zero padding)
 *   leaf[1-4,7]         leaf1 leaf2 leaf3 leaf4 leaf7
 *   r[1-2]n[01-04]      r1n01 r1n02 r1n03 r1n04 r2n01 … (the rightmost group varies fastest)
 *   spine1,leaf[1-2]    spine1 leaf1 leaf2
 *
 * Blanks around an item are ignored.  Names come out in the order written; a name written
 * twice comes out twice (callers that need a set de-duplicate).
 */
#ifndef FA_INVENTORY_HOSTLIST_H
#define FA_INVENTORY_HOSTLIST_H

#include <stdbool.h>
#include <stddef.h>

#include "audit/util/err.h"

/* At most this many names from one expression. */
#define FA_HOSTLIST_MAX 1000000

/*
 * Count the names @expr stands for, without making them.
 * Errors (-FA_EINVAL, message in @err): unbalanced or nested brackets, a reversed range, an
 * empty item or group element, a bound that is not a decimal number, more than
 * FA_HOSTLIST_MAX names.
 */
int fa_hostlist_count(const char *expr, size_t *ret_n, struct fa_err *err);

/*
 * Expand @expr.  On success *ret_names is a new array of *ret_n new strings (at least one),
 * free with fa_hostlist_free().  Errors as fa_hostlist_count(); nothing is returned then.
 */
int fa_hostlist_expand(const char *expr, char ***ret_names, size_t *ret_n,
		       struct fa_err *err);

/* Free what fa_hostlist_expand() returned; @names may be NULL. */
void fa_hostlist_free(char **names, size_t n);

/* Does @expr use range syntax (a bracket or a top-level comma)? */
bool fa_hostlist_is_range(const char *expr);

#endif /* FA_INVENTORY_HOSTLIST_H */
