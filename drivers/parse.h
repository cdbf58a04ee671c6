/* SPDX-License-Identifier: MIT */
/*
 * The parser boundary: where a command's output is handed to its parser.  Every path that
 * parses (collect, replay, fabric-audit parse, the fuzzers, the parser tests) goes through
 * fa_parse_output(), so what holds here holds for all of them:
 *
 *   - the output is normalised first (drivers/text/outnorm.h: CRLF, trailing blanks, a
 *     prompt or pager line, a common indentation, JSON as a list of one-key objects), so a
 *     parser sees one layout however the bytes were captured;
 *   - an output with text from which the parser took nothing (no field reached the device,
 *     at most warnings about lines it did not understand) is a parse error, never an empty
 *     success: data is never lost silently.  The warnings stay on the device.
 *     A parser that understood an output saying there is nothing (no LLDP neighbour)
 *     returns FA_PARSED_EMPTY instead of 0.
 */
#ifndef FA_DRIVERS_PARSE_H
#define FA_DRIVERS_PARSE_H

#include <jansson.h>

#include "audit/util/err.h"
#include "drivers/capture.h"
#include "drivers/platform.h"

/*
 * Run @fn on @cap for @device.  Returns 0, or -FA_EPARSE (message in @err, naming what was
 * not recognised) when @fn rejects the output or recognises nothing in it.
 */
int fa_parse_output(fa_parse_fn *fn, const struct fa_capture *cap, json_t *device,
		    struct fa_err *err);

#endif /* FA_DRIVERS_PARSE_H */
