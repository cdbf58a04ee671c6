/* SPDX-License-Identifier: MIT */
/*
 * The parser boundary: every capture reaches its parser through here, whether collected,
 * replayed or given to "fabric-audit parse".
 *
 * Before the parser reads the bytes, each NUL and each ill-formed UTF-8 sequence becomes
 * U+FFFD (audit/util/utf8.h), and so does each \u0000 escape in JSON output (which no JSON
 * reader of ours accepts), with one warning on the device naming the command.  So a NUL in
 * JSON output costs the one value that held it, not the whole device, and C parsers never
 * stop early at a NUL.  The cleaned bytes then go through fa_parse_output() (drivers/parse.h:
 * layouts normalised; an output with nothing recognised is a parse error).  After collection,
 * fa_capture_clean_device() turns whatever a parser copied into the model into model text
 * (docs/model.md, "Text").
 */
#ifndef FA_DRIVERS_CAPTURE_PARSE_H
#define FA_DRIVERS_CAPTURE_PARSE_H

#include <jansson.h>

#include "audit/util/err.h"
#include "drivers/platform.h"

/* Run @c's parser on @cap into @device (see above); the parser's return value. */
int fa_capture_parse(const struct fa_command *c, const struct fa_capture *cap, json_t *device,
		     struct fa_err *err);

/* Make every string and key of @device model text, in place (audit/util/utf8.h). */
void fa_capture_clean_device(json_t *device);

#endif /* FA_DRIVERS_CAPTURE_PARSE_H */
