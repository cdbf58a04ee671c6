/* SPDX-License-Identifier: MIT */
/*
 * smpquery pkeys LID: the P_Key table of one CA port as the SM programmed it (an SMP
 * SubnGet(PKeyTable), infiniband-diags smpquery.c pkey_table()), eight entries a line:
 *
 *      0: 0xffff 0x8a01 0x0000 0x0000 0x0000 0x0000 0x0000 0x0000
 *      8: 0x0000 0x0000 ...
 *   64 pkeys capacity for this port
 *
 * into pkeys on the fabric port whose LID it is (the collector sends it once per CA port
 * ibnetdiscover found, with that port's LID): the entries that hold a partition, in index
 * order, "0x8a01" form (the top bit is full membership), as the Linux hosts' pkeys.  An entry
 * whose low 15 bits are zero is empty.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/ib-fabric/parse-ib.h"
#include "drivers/ib-fabric/parse-ib-int.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

#define FA_PKEY_WORDS 12

int fa_parse_ib_pkeys(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = cap->command && *cap->command ? cap->command : "smpquery pkeys LID";
	struct fa_textscan_span line, first = { "", 0 };
	json_t *keys = json_array(), *port;
	struct fa_textscan ts;
	unsigned bad = 0, rows = 0;
	bool capacity = false;
	int64_t lid = -1;
	int r = 0;

	if (cap->arg) {
		struct fa_textscan_span a = { cap->arg, strlen(cap->arg) };

		if (!fa_textscan_int(a, &lid) || lid <= 0 || lid >= 0xc000)
			lid = -1;
	}
	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		struct fa_textscan_span w[FA_PKEY_WORDS];
		size_t n, i;

		line = fa_textscan_trim(line);
		if (line.len == 0)
			continue;
		n = fa_textscan_words(line, w, FA_PKEY_WORDS);
		if (n >= 2 && fa_textscan_eq(w[1], "pkeys") && fa_textscan_find(line, "capacity") >= 0) {
			capacity = true;
			continue;
		}
		if (n >= 2 && n <= 9 && w[0].len > 1 && w[0].ptr[w[0].len - 1] == ':') {
			bool ok = true;

			for (i = 1; i < n && ok; i++) {
				uint64_t v;
				char buf[8];

				ok = w[i].len == 6 && fa_textscan_starts(w[i], "0x") && fa_ib_guid(w[i], &v);
				if (ok && (v & 0x7fff) != 0) {
					snprintf(buf, sizeof(buf), "0x%04" PRIx64, v);
					json_array_append_new(keys, json_string(buf));
				}
			}
			if (ok) {
				rows++;
				continue;
			}
		}
		if (bad++ == 0)
			first = line;
		fa_device_warn(device, "%s: line %u not understood: %.*s", cmd, ts.lineno,
			       (int)(line.len > 200 ? 200 : line.len), line.ptr);
	}
	if (rows == 0) {
		r = bad ? fa_err_set(err, FA_EPARSE, "%s: not smpquery pkeys output: %.*s", cmd,
				     (int)(first.len > 120 ? 120 : first.len), first.ptr)
			: fa_err_set(err, FA_EPARSE, "%s: no output", cmd);
		goto out;
	}
	if (!capacity)
		fa_device_warn(device, "%s: no 'pkeys capacity' line: the table may be cut short",
			       cmd);
	port = lid > 0 ? fa_ib_ca_port(device, lid) : NULL;
	if (!port) {
		fa_device_warn(device, "%s: no CA port with LID %s", cmd,
			       cap->arg ? cap->arg : "(none given)");
		r = FA_PARSED_EMPTY;
		goto out;
	}
	json_object_set(port, "pkeys", keys);
out:
	json_decref(keys);
	return r;
}
