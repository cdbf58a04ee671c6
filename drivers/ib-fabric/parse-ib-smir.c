/* SPDX-License-Identifier: MIT */
/*
 * saquery SMIR: every subnet manager the master's SA knows (infiniband-diags saquery.c,
 * dump_one_smir_record() and libibmad's SMInfo dump), one record per SM, master and standbys:
 *
 *   SMInfoRecord dump:
 *                   RID
 *                   LID...................1
 *                   SMInfo dump:
 *                   GUID..................0x248a070300d00011
 *                   SM_Key................0x0000000000000000
 *                   ActCount..............547
 *                   Priority..............0
 *                   SMState...............3
 *
 * into ib_sms[] { lid, guid, priority, state } on the device, state as sminfo's ("master",
 * "standby", "discovering", "not-active").  sminfo names only the master the local port
 * answers to; this list is what tells a standby with the master's priority.  SM_Key is left
 * out (a key), and so is ActCount (it changes every sweep).  saquery sends one SA Get.
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

static const char *const fa_smir_states[] = { "not-active", "discovering", "standby", "master" };

/* One "Key....value" line into the record @sm; false when the value is not understood. */
static bool fa_smir_set(json_t *sm, struct fa_textscan_span key, struct fa_textscan_span val)
{
	int64_t x;
	uint64_t g;
	char buf[20];

	if (fa_textscan_eq(key, "LID"))
		return fa_textscan_int(val, &x) && x >= 0 && x < 65536 &&
		       !json_object_set_new(sm, "lid", json_integer(x));
	if (fa_textscan_eq(key, "GUID")) {
		if (!fa_ib_guid(val, &g))
			return false;
		snprintf(buf, sizeof(buf), "0x%016" PRIx64, g);
		return !json_object_set_new(sm, "guid", json_string(buf));
	}
	if (fa_textscan_eq(key, "Priority"))
		return fa_textscan_int(val, &x) && x >= 0 && x <= 15 &&
		       !json_object_set_new(sm, "priority", json_integer(x));
	if (fa_textscan_eq(key, "SMState"))
		return fa_textscan_int(val, &x) && x >= 0 && x <= 3 &&
		       !json_object_set_new(sm, "state", json_string(fa_smir_states[x]));
	/* SM_Key, ActCount and anything a later version adds: known to be there, not kept. */
	return true;
}

int fa_parse_ib_smir(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = cap->command && *cap->command ? cap->command : "saquery SMIR";
	struct fa_textscan_span line, key, val, first = { "", 0 };
	json_t *sms = json_array(), *sm = NULL;
	struct fa_textscan ts;
	unsigned bad = 0;
	size_t i;

	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		line = fa_textscan_trim(line);
		if (line.len == 0 || fa_textscan_eq(line, "RID") ||
		    fa_textscan_eq(line, "SMInfo dump:"))
			continue;
		if (fa_textscan_eq(line, "SMInfoRecord dump:")) {
			sm = json_object();
			json_array_append_new(sms, sm);
			continue;
		}
		if (sm && fa_ib_dotted(line, &key, &val) && fa_smir_set(sm, key, val))
			continue;
		if (bad++ == 0)
			first = line;
		fa_device_warn(device, "%s: line %u not understood: %.*s", cmd, ts.lineno,
			       (int)(line.len > 200 ? 200 : line.len), line.ptr);
	}
	if (json_array_size(sms) == 0) {
		json_decref(sms);
		return bad ? fa_err_set(err, FA_EPARSE, "%s: not saquery SMIR output: %.*s", cmd,
					(int)(first.len > 120 ? 120 : first.len), first.ptr)
			   : fa_err_set(err, FA_EPARSE, "%s: no SM records", cmd);
	}
	json_array_foreach(sms, i, sm)
		if (!json_object_get(sm, "guid") || !json_object_get(sm, "state"))
			fa_device_warn(device, "%s: SM record %zu has no GUID or state", cmd, i + 1);
	json_object_set_new(device, "ib_sms", sms);
	return 0;
}
