/* SPDX-License-Identifier: MIT */
/*
 * ibswinfo (stanford-rc/ibswinfo, a script over MFT's mlxreg) into the identity of one
 * switch of the subnet: the inventory of an unmanaged switch, which has no management port.
 *
 *   =================================================
 *   Quantum Mellanox Technologies                  <- node description
 *   =================================================
 *   part number        | MQM8790-HS2F
 *   serial number      | MT2152T10239
 *   PSID               | MT_0000000063
 *   GUID               | 0x08c0eb0300d9f672
 *   firmware version   | 27.2010.3118
 *   -------------------------------------------------
 *   PSU0 status        | OK
 *        P/N           | MTEF-PSF-AC-C               <- indented: a PSU's, not the switch's
 *
 * The targeted output ("-o inventory") prints the same keys with " : " instead of " | ".
 * Only the switch's own keys (not indented) are read: firmware version, PSID, part number and
 * serial number become ib.node_firmware, ib.node_psid, ib.node_part_number and
 * ib.node_serial on every port of that switch the device has (from ibnetdiscover): the
 * switch ports whose LID is the one the command names ("ibswinfo -d lid-16"), or, without
 * one, whose port GUID is the GUID printed (a switch's ports carry its GUID).  Vitals (PSUs,
 * temperatures, fans, uptime) change on their own and are not configuration: not read.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/ib-fabric/parse-ib.h"
#include "drivers/ib-fabric/parse-ib-int.h"
#include "drivers/platform.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

enum fa_swinfo_key { FA_SW_FW, FA_SW_PSID, FA_SW_PN, FA_SW_SN, FA_SW_GUID, FA_SW_N };

static const struct {
	const char *key;
	const char *path; /* NULL: read, not written */
} fa_swinfo_keys[FA_SW_N] = {
	[FA_SW_FW] = { "firmware version", "ib.node_firmware" },
	[FA_SW_PSID] = { "PSID", "ib.node_psid" },
	[FA_SW_PN] = { "part number", "ib.node_part_number" },
	[FA_SW_SN] = { "serial number", "ib.node_serial" },
	[FA_SW_GUID] = { "GUID", NULL },
};

/* Keys of the switch itself that are known but not kept. */
static const char *const fa_swinfo_skip[] = {
	"product name", "revision", "ports", "uptime (d-h:m:s)", "uptime (sec)",
	"temperature (C)", "max temp (C)", "fan status",
};

static bool fa_swinfo_rule(struct fa_textscan_span s)
{
	size_t i;

	if (s.len < 8 || (s.ptr[0] != '=' && s.ptr[0] != '-'))
		return false;
	for (i = 0; i < s.len; i++)
		if (s.ptr[i] != s.ptr[0])
			return false;
	return true;
}

/* Split "key | value" or "key : value"; false when the line is neither. */
static bool fa_swinfo_kv(struct fa_textscan_span line, struct fa_textscan_span *k,
			 struct fa_textscan_span *v)
{
	return fa_textscan_keyval(line, '|', k, v) || fa_textscan_keyval(line, ':', k, v);
}

/* Is @k a key of the switch that is skipped: listed, or a PSU's or fan's own line? */
static bool fa_swinfo_skipped(struct fa_textscan_span k)
{
	size_t i;

	for (i = 0; i < sizeof(fa_swinfo_skip) / sizeof(fa_swinfo_skip[0]); i++)
		if (fa_textscan_eq(k, fa_swinfo_skip[i]))
			return true;
	return fa_textscan_starts(k, "PSU") || fa_textscan_starts(k, "psu") ||
	       fa_textscan_starts(k, "fan#") || fa_textscan_starts(k, "QSFP#") ||
	       fa_textscan_starts(k, "cur.temp") || fa_textscan_starts(k, "max.temp") ||
	       fa_textscan_eq(k, "fans");
}

/* Write the values read onto every port of the switch; how many ports got them. */
static size_t fa_swinfo_apply(json_t *device, char val[FA_SW_N][128], int64_t lid)
{
	uint64_t guid = 0;
	size_t i, n = 0;
	json_t *p;
	int k;

	if (val[FA_SW_GUID][0]) {
		struct fa_textscan_span g = fa_textscan_span_of(val[FA_SW_GUID]);

		if (!fa_ib_guid(g, &guid))
			guid = 0;
	}
	json_array_foreach(json_object_get(device, "ports"), i, p) {
		const char *type = fa_get_str(p, "ib.node_type");
		const char *pg = fa_get_str(p, "ib.port_guid");
		json_int_t l;
		uint64_t g;

		if (!type || strcmp(type, "switch") != 0)
			continue;
		if (lid > 0 ? !(fa_get_int(p, "ib.lid", &l) == 1 && l == lid)
			    : !(guid && pg && fa_ib_guid(fa_textscan_span_of(pg), &g) && g == guid))
			continue;
		for (k = 0; k < FA_SW_N; k++)
			if (fa_swinfo_keys[k].path && val[k][0])
				fa_set_str(p, fa_swinfo_keys[k].path, val[k]);
		n++;
	}
	return n;
}

int fa_parse_ib_ibswinfo(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = cap->command && *cap->command ? cap->command : "ibswinfo -d lid-LID";
	struct fa_textscan_span line, first = { "", 0 };
	char val[FA_SW_N][128] = { { 0 } };
	struct fa_textscan ts;
	unsigned known = 0;
	bool title = false; /* the line before was a "=" rule: the node description may follow */
	int64_t lid = -1;
	int k;

	if (cap->arg) {
		struct fa_textscan_span a = { cap->arg, strlen(cap->arg) };

		if (!fa_textscan_int(a, &lid) || lid <= 0 || lid >= 0xc000)
			lid = -1;
	}
	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		struct fa_textscan_span t = fa_textscan_trim(line), key, v;

		bool after_rule = title;

		title = fa_swinfo_rule(t) && t.ptr[0] == '=';
		if (t.len == 0 || fa_swinfo_rule(t))
			continue;
		if (!first.len)
			first = t;
		if (!fa_swinfo_kv(t, &key, &v)) {
			/* the node description, between the two "=" rules, is not a key */
			if (after_rule)
				continue;
			fa_device_warn(device, "%s: line %u not understood: %.*s", cmd, ts.lineno,
				       (int)(t.len > 200 ? 200 : t.len), t.ptr);
			continue;
		}
		if (fa_textscan_indent(line) > 0) /* a PSU's P/N, S/N, power */
			continue;
		for (k = 0; k < FA_SW_N; k++)
			if (fa_textscan_eq(key, fa_swinfo_keys[k].key))
				break;
		if (k == FA_SW_N) {
			if (!fa_swinfo_skipped(key))
				fa_device_warn(device, "%s: line %u: key not known: %.*s", cmd,
					       ts.lineno, (int)(t.len > 200 ? 200 : t.len), t.ptr);
			continue;
		}
		if (!fa_textscan_copy(v, val[k], sizeof(val[k])) || !val[k][0]) {
			val[k][0] = '\0';
			fa_device_warn(device, "%s: line %u: value not understood: %.*s", cmd,
				       ts.lineno, (int)(t.len > 200 ? 200 : t.len), t.ptr);
			continue;
		}
		known++;
	}
	if (!known)
		return first.len ? fa_err_set(err, FA_EPARSE, "%s: not ibswinfo output: %.*s", cmd,
					      (int)(first.len > 120 ? 120 : first.len), first.ptr)
				 : fa_err_set(err, FA_EPARSE, "%s: no output", cmd);
	if (!fa_swinfo_apply(device, val, lid)) {
		if (lid > 0)
			fa_device_warn(device, "%s: no switch port with LID %" PRId64, cmd, lid);
		else
			fa_device_warn(device, "%s: no switch port with GUID %s", cmd,
				       val[FA_SW_GUID][0] ? val[FA_SW_GUID] : "(none printed)");
		return FA_PARSED_EMPTY;
	}
	return 0;
}
