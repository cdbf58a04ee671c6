/* SPDX-License-Identifier: MIT */
/*
 * Python literals as JSON values, for the expected parses Genie ships as Python source
 * ("expected_output = {...}"): dicts, lists, tuples, strings (adjacent ones joined), integers,
 * floats, True, False, None and comments.  Anything else fails the load.
 */
#ifndef FA_TESTS_PYLIT_H
#define FA_TESTS_PYLIT_H

#include <jansson.h>

/* The value assigned in the file at @path (absolute); NULL with a message in @why on error. */
json_t *fa_pylit_load(const char *path, char *why, size_t whylen);

#endif /* FA_TESTS_PYLIT_H */
