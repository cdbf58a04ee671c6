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
 *     returns FA_PARSED_EMPTY instead of 0.  A second reading of a counter command
 *     (cap->again, collect --sample) may repeat the first: writing nothing new is no
 *     error then.
 */
#ifndef FA_DRIVERS_PARSE_H
#define FA_DRIVERS_PARSE_H

#include <jansson.h>
#include <stdbool.h>

#include "audit/util/err.h"
#include "drivers/capture.h"
#include "drivers/platform.h"

/*
 * Run @fn on @cap for @device.  Returns 0, or -FA_EPARSE (message in @err, naming what was
 * not recognised) when @fn rejects the output or recognises nothing in it.  When
 * @cap->writable, one byte of @cap->data may be overwritten while @fn runs (a NUL ending
 * the normalised text where a tail was dropped); it is restored before this returns.
 */
int fa_parse_output(fa_parse_fn *fn, const struct fa_capture *cap, json_t *device,
		    struct fa_err *err);

/*
 * The parse budget (docs/performance.md, "Parse budget"): how much CPU time the parsers may
 * spend on one device's outputs, so that a pathological output ends as a clear error on its
 * device instead of stalling the run (--timeout bounds only the transport).  CPU time of the
 * calling thread, not wall time: on a loaded machine with many workers per CPU, a device's
 * parse stays within budget however long it waits for a CPU.
 *
 * fa_parse_output() counts the time of each parser it runs against the budget of its thread
 * and, once the budget is spent, fails with -FA_ETIMEOUT ("over the parse budget") instead
 * of running the next parser.  Parsers of outputs with one record per interface check
 * fa_parse_budget_over() between records, so even one output stops within its budget.
 */

/* Give the calling thread @seconds of parse CPU time from now on (0: no budget). */
void fa_parse_budget_begin(double seconds);

/* Seconds of CPU the calling thread's parsers spent since fa_parse_budget_begin(). */
double fa_parse_budget_spent(void);

/* True when a parser running on the calling thread has used up the budget. */
bool fa_parse_budget_over(void);

#define FA_PARSE_BUDGET_DEFAULT 60.0

#endif /* FA_DRIVERS_PARSE_H */
