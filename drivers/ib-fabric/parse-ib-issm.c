/* SPDX-License-Identifier: MIT */
/*
 * saquery -s: the ports whose CapabilityMask has IsSM (a subnet manager runs there, master or
 * standby) and IsSMdisabled, as the SA knows them (infiniband-diags saquery.c,
 * print_issm_records() and dump_portinfo_record()):
 *
 *   IsSM ports
 *   PortInfoRecord dump:
 *                   EndPortLid..............1
 *                   PortNum.................1
 *                   base_lid................1
 *                   master_sm_base_lid......8
 *                   capability_mask.........0x50C04A
 *
 *   IsSMdisabled ports
 *
 * Each IsSM port's CA port (by its base LID) gets ib.is_sm and ib.sm_lid (the master SM the
 * port answers to).  The point is the list, not the SA's opinion: an SM that the master
 * ignores (another SM_Key: a rival master) is not in saquery SMIR, but its port still has
 * IsSM, so "sminfo LID" (FA_EXPAND_IBSMLID) asks every one of them what it is.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/ib-fabric/parse-ib.h"
#include "drivers/ib-fabric/parse-ib-int.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

/* An IsSM record's CA port gets ib.is_sm, and ib.sm_lid when the record has it. */
static unsigned fa_issm_mark(json_t *device, const char *cmd, json_int_t lid, json_int_t sm_lid)
{
	json_t *p = lid > 0 ? fa_ib_ca_port(device, lid) : NULL;

	if (!p) {
		fa_device_warn(device, "%s: an SM port at LID %" JSON_INTEGER_FORMAT
			       " is not among the discovered CA ports", cmd, lid);
		return 0;
	}
	fa_set_bool(p, "ib.is_sm", true);
	if (sm_lid > 0)
		fa_set_int(p, "ib.sm_lid", sm_lid);
	return 1;
}

int fa_parse_ib_issm(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = cap->command && *cap->command ? cap->command : "saquery -s";
	struct fa_textscan_span line, key, val, first = { "", 0 };
	struct fa_textscan ts;
	enum { NONE, ISSM, DISABLED } section = NONE;
	json_int_t lid = -1, sm_lid = -1;
	bool in_record = false, headed = false;
	unsigned bad = 0, marked = 0;
	int64_t x;

	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		line = fa_textscan_trim(line);
		if (line.len == 0)
			continue;
		if (fa_textscan_eq(line, "IsSM ports") || fa_textscan_eq(line, "IsSMdisabled ports") ||
		    fa_textscan_eq(line, "PortInfoRecord dump:")) {
			if (in_record && section == ISSM)
				marked += fa_issm_mark(device, cmd, lid, sm_lid);
			in_record = fa_textscan_eq(line, "PortInfoRecord dump:");
			if (!in_record) {
				section = fa_textscan_eq(line, "IsSM ports") ? ISSM : DISABLED;
				headed = true;
			}
			lid = sm_lid = -1;
			continue;
		}
		if (in_record && fa_ib_dotted(line, &key, &val)) {
			if (fa_textscan_eq(key, "base_lid") && fa_textscan_int(val, &x) && x >= 0 &&
			    x < 65536)
				lid = x;
			else if (fa_textscan_eq(key, "master_sm_base_lid") &&
				 fa_textscan_int(val, &x) && x >= 0 && x < 65536)
				sm_lid = x;
			/* EndPortLid, PortNum, capability_mask: known, not kept */
			continue;
		}
		if (bad++ == 0)
			first = line;
		fa_device_warn(device, "%s: line %u not understood: %.*s", cmd, ts.lineno,
			       (int)(line.len > 200 ? 200 : line.len), line.ptr);
	}
	if (in_record && section == ISSM)
		marked += fa_issm_mark(device, cmd, lid, sm_lid);
	if (!headed)
		return bad ? fa_err_set(err, FA_EPARSE, "%s: not saquery -s output: %.*s", cmd,
					(int)(first.len > 120 ? 120 : first.len), first.ptr)
			   : fa_err_set(err, FA_EPARSE, "%s: no output", cmd);
	return marked ? 0 : FA_PARSED_EMPTY;
}
