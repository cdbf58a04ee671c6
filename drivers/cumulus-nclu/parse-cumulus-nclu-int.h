/* SPDX-License-Identifier: MIT */
/* Internals shared by the NCLU parsers: loading one JSON answer.  Not for other modules. */
#ifndef FA_DRIVERS_PARSE_CUMULUS_NCLU_INT_H
#define FA_DRIVERS_PARSE_CUMULUS_NCLU_INT_H

#include <jansson.h>

#include "audit/util/err.h"
#include "drivers/capture.h"

/* The command for warnings: the capture's, or @dflt when the capture names none. */
const char *fa_nclu_cmd(const struct fa_capture *cap, const char *dflt);

/*
 * Parse the capture as one JSON object; *ret is a new reference.  -FA_EPARSE when the output
 * is empty, is not JSON (the message quotes the line, e.g. NCLU's "ERROR: ...") or is JSON
 * but not an object (every NCLU answer read here is one).
 */
int fa_nclu_load(const struct fa_capture *cap, const char *dflt_cmd, json_t **ret,
		 struct fa_err *err);

#endif /* FA_DRIVERS_PARSE_CUMULUS_NCLU_INT_H */
