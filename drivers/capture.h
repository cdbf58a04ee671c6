/* SPDX-License-Identifier: MIT */
/*
 * A capture: the exact bytes one command (or NETCONF RPC) printed on one device.
 *
 * Every collector returns captures; --save-captures writes them to a capture directory
 * (DIR/<device>/<slug>.txt or .xml, plus DIR/<device>/meta.json) and the replay collector
 * reads them back, so parsers always see the same bytes whether live or replayed.
 */
#ifndef FA_DRIVERS_CAPTURE_H
#define FA_DRIVERS_CAPTURE_H

#include <stdbool.h>
#include <stddef.h>

#include "audit/util/err.h"

enum fa_capture_format {
	FA_CAPTURE_TEXT,	/* command output: <slug>.txt */
	FA_CAPTURE_XML,		/* NETCONF reply: <slug>.xml */
};

struct fa_capture {
	const char *device;	/* inventory name */
	const char *command;	/* the command as sent, e.g. "mlnx_qos -i ens1f0np0" */
	const char *arg;	/* the expanded argument (interface or RDMA device), or NULL */
	enum fa_capture_format format;
	const char *data;	/* NUL-terminated; may also contain NULs before @len */
	size_t len;
	int exit_status;	/* -1 when unknown */
	double seconds;		/* how long the command took; 0 when replayed */
	/*
	 * The prompt line the output was pasted with ("sw1 [standalone: master] # show
	 * version"), which the parser boundary removes from @data; NULL when there was none.
	 */
	const char *prompt;
	/*
	 * The second reading of a counter command (collect --sample): an output that writes
	 * nothing new (a cable's identity, a BER that did not move) is no parse error then.
	 */
	bool again;
	/*
	 * @data is a buffer of the capture's owner that the parser boundary may write to
	 * while a parser runs (it restores it before returning): to end a normalised text
	 * that is the start of @data with a NUL instead of copying it (drivers/parse.c).
	 * False for bytes that are not the owner's to change (a string literal, a caller's).
	 */
	bool writable;
};

#define FA_CAPTURE_INIT { NULL, NULL, NULL, FA_CAPTURE_TEXT, "", 0, -1, 0.0, NULL, false, false }

/*
 * The capture file name for @command (no extension): lowercased, every run of
 * non-alphanumerics one '-', no leading or trailing '-'.
 * "nv show qos roce -o json" -> "nv-show-qos-roce-o-json".  New string, free().
 */
char *fa_capture_slug(const char *command);

#endif /* FA_DRIVERS_CAPTURE_H */
