/* SPDX-License-Identifier: MIT */
/* "Did you mean": the known word nearest to a mistyped one. */
#ifndef FA_UTIL_SUGGEST_H
#define FA_UTIL_SUGGEST_H

#include <stddef.h>

/*
 * Edit distance (optimal string alignment: insert, delete, substitute, swap of neighbours)
 * between @a and @b; SIZE_MAX when either is over 200 bytes.
 */
size_t fa_edit_distance(const char *a, const char *b);

/*
 * The word of the NULL-terminated @known nearest to @word when it is a likely typo (at most
 * a third of its length away, at least 1), or NULL.  An exact match is not a suggestion.
 */
const char *fa_suggest(const char *word, const char *const *known);

#endif /* FA_UTIL_SUGGEST_H */
