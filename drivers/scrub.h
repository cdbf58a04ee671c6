/* SPDX-License-Identifier: MIT */
/*
 * Secret scrubbing: command output with secrets replaced before it is saved as a capture or
 * read by a parser (docs/captures.md, "What is removed").
 *
 * Each secret value becomes the marker FA_SCRUB_MARKER and everything around it stays, so
 * parsers still read the output: JSON stays valid JSON (a secret used as an object key becomes
 * "<removed-secret-N>", numbered so keys stay distinct), XML stays well-formed (the marker is
 * written &lt;removed-secret&gt;), and a configuration line keeps its keywords.  What counts
 * as a secret follows RANCID and Oxidized: password hashes, enable secrets, TACACS+/RADIUS
 * keys, SNMP communities and v3 auth/priv keys, routing and NTP authentication keys, PEM blocks
 * (private keys and certificates) and bearer tokens.  Scrubbing is idempotent.
 */
#ifndef FA_DRIVERS_SCRUB_H
#define FA_DRIVERS_SCRUB_H

#include <stddef.h>

#include "audit/util/buf.h"

#define FA_SCRUB_MARKER "<removed-secret>"

/*
 * Replace the secrets in @b, the output of a command on a device of @platform, in place.
 * The kind of output (JSON, XML or configuration text) is told from its first byte.
 * Returns how many values were replaced.
 */
size_t fa_scrub(const char *platform, struct fa_buf *b);

#endif /* FA_DRIVERS_SCRUB_H */
