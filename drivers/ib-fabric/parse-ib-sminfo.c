/* SPDX-License-Identifier: MIT */
/*
 * sminfo: the subnet manager the fabric answers to (infiniband-diags sminfo.c):
 *
 *   sminfo: sm lid 1 sm guid 0x248a0703006f0f50, activity count 56218 priority 15 state 3 SMINFO_MASTER
 *
 * into ib_sm { lid, guid, priority, state } on the device; the state is "master", "standby",
 * "discovering" or "not-active" (from the name, or from the number when the name is "???").
 * The activity count changes every sweep and is left out, so snapshots compare equal.
 * sminfo is sent without arguments, or with a LID alone ("sminfo LID", one SMInfo Get to that
 * port); never with a modifier, with which it would set the SM's state.
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

#define FA_SMINFO_WORDS 24

static const char *const fa_sm_states[] = { "not-active", "discovering", "standby", "master" };

static const char *fa_sm_state_name(struct fa_textscan_span w)
{
	if (fa_textscan_eq(w, "SMINFO_MASTER"))
		return "master";
	if (fa_textscan_eq(w, "SMINFO_STANDBY"))
		return "standby";
	if (fa_textscan_eq(w, "SMINFO_DISCOVER"))
		return "discovering";
	if (fa_textscan_eq(w, "SMINFO_NOTACT"))
		return "not-active";
	return NULL;
}

/* One sminfo line into @sm; false when it is not one. */
static bool fa_sminfo_line(struct fa_textscan_span line, json_t *sm)
{
	struct fa_textscan_span w[FA_SMINFO_WORDS];
	size_t n = fa_textscan_words(line, w, FA_SMINFO_WORDS), i;
	const char *state = NULL;
	bool lid = false, guid = false;

	if (n < 4 || n > FA_SMINFO_WORDS || !fa_textscan_eq(w[0], "sminfo:"))
		return false;
	for (i = 1; i + 1 < n; i++) {
		struct fa_textscan_span v = w[i + 1];
		int64_t x;
		uint64_t g;
		char buf[20];

		if (v.len && v.ptr[v.len - 1] == ',')
			v.len--;
		if (fa_textscan_eq(w[i], "lid") && fa_textscan_int(v, &x) && x >= 0 && x < 65536) {
			json_object_set_new(sm, "lid", json_integer(x));
			lid = true;
		} else if (fa_textscan_eq(w[i], "guid") && fa_ib_guid(v, &g)) {
			snprintf(buf, sizeof(buf), "0x%016" PRIx64, g);
			json_object_set_new(sm, "guid", json_string(buf));
			guid = true;
		} else if (fa_textscan_eq(w[i], "priority") && fa_textscan_int(v, &x) && x >= 0 &&
			   x <= 15) {
			json_object_set_new(sm, "priority", json_integer(x));
		} else if (fa_textscan_eq(w[i], "state") && fa_textscan_int(v, &x)) {
			state = i + 2 < n ? fa_sm_state_name(w[i + 2]) : NULL;
			if (!state && x >= 0 && x <= 3)
				state = fa_sm_states[x];
		}
	}
	if (state)
		json_object_set_new(sm, "state", json_string(state));
	return lid && guid;
}

/* The one SM line of an sminfo output, as a new object; NULL with @err set. */
static json_t *fa_sminfo_read(const struct fa_capture *cap, const char *cmd, json_t *device,
			      struct fa_err *err)
{
	struct fa_textscan_span line, first = { "", 0 };
	struct fa_textscan ts;
	json_t *sm = NULL;
	unsigned bad = 0;

	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		json_t *cand;

		line = fa_textscan_trim(line);
		if (line.len == 0)
			continue;
		cand = json_object();
		if (!sm && fa_sminfo_line(line, cand)) {
			sm = cand;
			continue;
		}
		json_decref(cand);
		if (bad++ == 0)
			first = line;
		fa_device_warn(device, "%s: line %u not understood: %.*s", cmd, ts.lineno,
			       (int)(line.len > 200 ? 200 : line.len), line.ptr);
	}
	if (!sm) {
		if (bad)
			fa_err_set(err, FA_EPARSE, "%s: not sminfo output: %.*s", cmd,
				   (int)(first.len > 120 ? 120 : first.len), first.ptr);
		else
			fa_err_set(err, FA_EPARSE, "%s: no output", cmd);
		return NULL;
	}
	if (!json_object_get(sm, "state"))
		fa_device_warn(device, "%s: the SM state is not known", cmd);
	return sm;
}

int fa_parse_ib_sminfo(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = cap->command && *cap->command ? cap->command : "sminfo";
	json_t *sm = fa_sminfo_read(cap, cmd, device, err);

	if (!sm)
		return -FA_EPARSE;
	json_object_set_new(device, "ib_sm", sm);
	return 0;
}

/*
 * sminfo LID: what the SM at that LID says of itself, into ib_sms beside saquery SMIR's
 * records: it replaces the record of the same GUID (its own word is newer than the SA's),
 * else it is added.  This is how a master the other master ignores is seen.
 */
int fa_parse_ib_sminfo_lid(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = cap->command && *cap->command ? cap->command : "sminfo LID";
	json_t *sm = fa_sminfo_read(cap, cmd, device, err), *sms, *v;
	const char *guid;
	size_t i;

	if (!sm)
		return -FA_EPARSE;
	sms = json_object_get(device, "ib_sms");
	if (!json_is_array(sms)) {
		sms = json_array();
		json_object_set_new(device, "ib_sms", sms);
	}
	guid = json_string_value(json_object_get(sm, "guid"));
	json_array_foreach(sms, i, v) {
		const char *g = json_string_value(json_object_get(v, "guid"));

		if (g && strcmp(g, guid) == 0) {
			/* the SA said the same: understood, nothing new */
			if (json_equal(v, sm)) {
				json_decref(sm);
				return FA_PARSED_EMPTY;
			}
			json_array_set_new(sms, i, sm);
			return 0;
		}
	}
	json_array_append_new(sms, sm);
	return 0;
}
