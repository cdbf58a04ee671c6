/* SPDX-License-Identifier: MIT */
/*
 * perfquery -x -a -l LID: the extended port counters (PortCountersExtended, a PMA Get) of
 * every port of the CA that has this LID, one block a port (infiniband-diags perfquery.c):
 *
 *   # Port extended counters: Lid 134 port 1 (CapMask: 0x5A00 CapMask2: 0x0000000)
 *   PortSelect:......................1
 *   PortXmitData:....................9049592493976
 *   SymbolErrorCounter:..............0
 *   ...
 *
 * The error counters are in that block only when the port supports them there (CapMask2);
 * perfquery -a -l LID reads the basic PortCounters, which always have them:
 *
 *   # Port counters: Lid 5 port 1 (CapMask: 0x1200)
 *   SymbolErrorCounter:..............7
 *
 * From a basic block only the error counters are taken, and only where the extended block
 * gave none: its data counters are 32 bits wide and stop at 16 GiB (4-byte words).
 *
 * into counters on the fabric port whose LID and port number the block names (docs/health.md).
 * PortXmitData and PortRcvData count 4-byte words: they are written as bytes.  A block of
 * another port of the same CA (a dual-port HCA answers for both) is left to that port's own
 * LID, which the collector queries too.  -a -l rather than "LID PORT": the collector expands
 * one word, and a CA's LID alone does not say its port number to perfquery.
 * Counters without a model field (packets, VL15Dropped, PortXmitWait, ...) are known and
 * skipped.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/ib-fabric/parse-ib.h"
#include "drivers/ib-fabric/parse-ib-int.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

#define FA_PQ_WORDS 12

/* Counters perfquery prints that have no model field: known, skipped without a warning. */
static const char *const fa_pq_skipped[] = {
	"PortSelect", "CounterSelect", "CounterSelect2", "PortXmitPkts", "PortRcvPkts",
	"PortUnicastXmitPkts", "PortUnicastRcvPkts", "PortMulticastXmitPkts",
	"PortMulticastRcvPkts", "LinkErrorRecoveryCounter", "PortRcvRemotePhysicalErrors",
	"PortRcvSwitchRelayErrors", "PortXmitConstraintErrors", "PortRcvConstraintErrors",
	"LocalLinkIntegrityErrors", "ExcessiveBufferOverrunErrors", "VL15Dropped", "PortXmitWait",
	"QP1Dropped",
};

/*
 * "# Port extended counters: Lid 134 port 1 (...)" or "# Port counters: Lid 5 port 1 (...)":
 * the LID and port number, and whether the block is the basic one.
 */
static bool fa_pq_header(struct fa_textscan_span line, int64_t *lid, int64_t *port, bool *basic)
{
	struct fa_textscan_span w[FA_PQ_WORDS];
	size_t n = fa_textscan_words(line, w, FA_PQ_WORDS), i;

	if (n < 7 || !fa_textscan_eq(w[0], "#") || !fa_textscan_eq(w[1], "Port"))
		return false;
	*basic = !fa_textscan_eq(w[2], "extended");
	i = *basic ? 2 : 3;
	return n >= i + 5 && fa_textscan_eq(w[i], "counters:") && fa_textscan_eq(w[i + 1], "Lid") &&
	       fa_textscan_int(w[i + 2], lid) && *lid > 0 && fa_textscan_eq(w[i + 3], "port") &&
	       fa_textscan_int(w[i + 4], port) && *port >= 0;
}

int fa_parse_ib_perfquery(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = cap->command && *cap->command ? cap->command : "perfquery -x -a -l LID";
	struct fa_textscan_span line, first = { "", 0 };
	json_t *port = NULL;
	struct fa_textscan ts;
	unsigned bad = 0, blocks = 0, placed = 0;
	bool in_block = false, basic = false;

	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		struct fa_textscan_span key, val;
		int64_t lid, pnum, v;
		json_int_t have;
		size_t i;

		line = fa_textscan_trim(line);
		if (line.len == 0)
			continue;
		if (fa_pq_header(line, &lid, &pnum, &basic)) {
			in_block = true;
			blocks++;
			port = fa_ib_ca_port(device, lid);
			if (!port)
				fa_device_warn(device, "%s: no CA port with LID %lld", cmd,
					       (long long)lid);
			else if (fa_get_int(port, "ib.port_number", &have) == 1 && have != pnum)
				port = NULL;	/* another port of this CA: its own LID reads it */
			else
				placed++;
			continue;
		}
		if (in_block && fa_textscan_keyval(line, ':', &key, &val)) {
			while (val.len && val.ptr[0] == '.') {
				val.ptr++;
				val.len--;
			}
			for (i = 0; i < sizeof(fa_pq_skipped) / sizeof(fa_pq_skipped[0]); i++)
				if (fa_textscan_eq(key, fa_pq_skipped[i]))
					break;
			if (i < sizeof(fa_pq_skipped) / sizeof(fa_pq_skipped[0]))
				continue;
			for (i = 0; i < fa_ib_ncounters; i++)
				if (fa_textscan_eq(key, fa_ib_counters[i].name))
					break;
			if (i < fa_ib_ncounters) {
				const struct fa_ib_counter *k = &fa_ib_counters[i];
				char path[64];

				if (!port)
					continue;
				if (!fa_textscan_int(val, &v) || v < 0 || v > INT64_MAX / k->scale) {
					fa_device_warn(device, "%s: line %u: %s '%.*s' is not a "
						       "counter value", cmd, ts.lineno, k->name,
						       (int)(val.len > 40 ? 40 : val.len), val.ptr);
					continue;
				}
				snprintf(path, sizeof(path), "counters.%s", k->counter);
				if (basic && (k->scale != 1 || fa_get_int(port, path, &have) == 1))
					continue;	/* 32-bit data, or the extended value */
				fa_set_int(port, path, v * k->scale);
				continue;
			}
		}
		if (bad++ == 0)
			first = line;
		fa_device_warn(device, "%s: line %u not understood: %.*s", cmd, ts.lineno,
			       (int)(line.len > 200 ? 200 : line.len), line.ptr);
	}
	if (blocks == 0)
		return bad ? fa_err_set(err, FA_EPARSE, "%s: not perfquery output: %.*s", cmd,
					(int)(first.len > 120 ? 120 : first.len), first.ptr)
			   : fa_err_set(err, FA_EPARSE, "%s: no output", cmd);
	return placed ? 0 : FA_PARSED_EMPTY;
}
