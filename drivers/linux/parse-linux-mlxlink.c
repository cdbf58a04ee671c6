/* SPDX-License-Identifier: MIT */
/*
 * mlxlink -d DEV -c (MFT; mstlink in mstflint): the link of port 1 of RDMA device DEV, in
 * sections of "Key : value" lines under a title and a dashed underline:
 *
 *   Operational Info
 *   ----------------
 *   FEC                                : Standard RS-FEC - RS(528,514)   -> fec "rs"
 *   ...
 *   Physical Counters and BER Info
 *   ------------------------------
 *   Effective Physical Errors          : 0          -> counters.symbol_errors
 *   Effective Physical BER             : 15E-255    -> phy.effective_ber
 *   Link Down Counter                  : 0          -> counters.link_down_events
 *   Raw Physical BER                   : 2E-9       -> phy.raw_ber
 *
 * "Effective" errors are those left after FEC (mlxlink's name for the PPCNT physical-layer
 * symbol errors), which is the model's symbol_errors.  The FEC names: "No FEC" -> "off",
 * "Firecode FEC" (BASE-R, clause 74) -> "baser", any RS-FEC ("Standard RS-FEC",
 * "Ethernet Consortium LL RS-FEC", "Standard LL RS-FEC - RS(272,257+1)") -> "rs"; others are
 * not recorded.  mlxlink colours values on a terminal: ANSI escapes are dropped.  "N/A"
 * values are skipped.  The fields go to the port whose nic.device is DEV and nic.port 1 (the
 * port mlxlink reads without -p); "-E-" lines without any section fail the capture.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/linux/parse-linux.h"
#include "drivers/linux/parse-linux-int.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

/* @s without ANSI escape sequences ("\033[32m2E-9\033[0m"), into @buf. */
static struct fa_textscan_span fa_mlxlink_plain(struct fa_textscan_span s, char *buf,
						size_t size)
{
	size_t i, n = 0;

	for (i = 0; i < s.len && n + 1 < size; i++) {
		if (s.ptr[i] == '\033') {
			while (i < s.len && !((s.ptr[i] >= 'A' && s.ptr[i] <= 'Z') ||
					      (s.ptr[i] >= 'a' && s.ptr[i] <= 'z')))
				i++;
			continue;
		}
		buf[n++] = s.ptr[i];
	}
	buf[n] = '\0';
	return fa_textscan_trim((struct fa_textscan_span){ buf, n });
}

static bool fa_mlxlink_real(struct fa_textscan_span s, double *ret)
{
	char buf[64], *end;
	double v;

	if (!fa_textscan_copy(s, buf, sizeof(buf)) || !buf[0])
		return false;
	v = strtod(buf, &end);
	if (*end || end == buf || !isfinite(v) || v < 0)
		return false;
	*ret = v;
	return true;
}

static const char *fa_mlxlink_fec(struct fa_textscan_span v)
{
	if (fa_textscan_starts(v, "No FEC"))
		return "off";
	if (fa_textscan_starts(v, "Firecode FEC"))
		return "baser";
	if (fa_textscan_find(v, "RS-FEC") >= 0)
		return "rs";
	return NULL;
}

int fa_parse_linux_mlxlink(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = fa_linux_cmd(cap, "mlxlink -d DEV -c");
	struct fa_textscan_span line, key, raw, val, error = { "", 0 };
	struct fa_textscan ts;
	unsigned sections = 0;
	json_t *fields, *port;
	char buf[256];
	int r = 0;

	if (!cap->arg || !*cap->arg)
		return fa_err_set(err, FA_EINVAL, "%s: no RDMA device given", cmd);
	fields = json_object();
	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		double d;
		int64_t n;

		line = fa_textscan_trim(line);
		if (line.len == 0)
			continue;
		if (fa_textscan_starts(line, "-E-")) {
			if (error.len == 0)
				error = line;
			fa_device_warn(device, "%s: %.*s", cmd, (int)line.len, line.ptr);
			continue;
		}
		if (fa_textscan_starts(line, "---")) {
			sections++;	/* the underline of a section title */
			continue;
		}
		if (!fa_textscan_keyval(line, ':', &key, &raw)) {
			/* a section title; anything else outside "Key : value" is odd */
			if (fa_textscan_find(line, " Info") < 0 &&
			    !fa_textscan_eq(line, "Tool Information"))
				fa_device_warn(device, "%s: line %u not understood: %.*s", cmd,
					       ts.lineno, (int)(line.len > 120 ? 120 : line.len),
					       line.ptr);
			continue;
		}
		val = fa_mlxlink_plain(raw, buf, sizeof(buf));
		if (fa_textscan_eq(val, "N/A"))
			continue;
		if (fa_textscan_eq(key, "Raw Physical BER") ||
		    fa_textscan_eq(key, "Effective Physical BER")) {
			if (fa_mlxlink_real(val, &d))
				json_object_set_new(fields,
						    fa_textscan_starts(key, "Raw") ? "phy.raw_ber"
										  : "phy.effective_ber",
						    json_real(d));
			else
				fa_device_warn(device, "%s: %.*s not understood: %.*s", cmd,
					       (int)key.len, key.ptr, (int)val.len, val.ptr);
		} else if (fa_textscan_eq(key, "Effective Physical Errors") ||
			   fa_textscan_eq(key, "Link Down Counter")) {
			if (fa_textscan_int(val, &n) && n >= 0)
				fa_linux_field_int(fields,
						   fa_textscan_starts(key, "Link")
							   ? "counters.link_down_events"
							   : "counters.symbol_errors",
						   n);
			else
				fa_device_warn(device, "%s: %.*s not understood: %.*s", cmd,
					       (int)key.len, key.ptr, (int)val.len, val.ptr);
		} else if (fa_textscan_eq(key, "FEC")) {
			const char *fec = fa_mlxlink_fec(val);

			if (fec)
				json_object_set_new(fields, "fec", json_string(fec));
		}
	}
	if (sections == 0) {
		struct fa_textscan_span first = error.len ? error : fa_linux_first_line(cap);

		r = first.len ? fa_err_set(err, FA_EPARSE, "%s: no link information: %.*s", cmd,
					   (int)(first.len > 120 ? 120 : first.len), first.ptr)
			      : fa_err_set(err, FA_EPARSE, "%s: no output", cmd);
		goto out;
	}
	if (json_object_size(fields) == 0) {
		r = FA_PARSED_EMPTY;
		goto out;
	}
	port = fa_linux_rdma_port_find(device, cap->arg, 1);
	if (!port) {
		fa_device_warn(device, "%s: no port has nic.device %s and nic.port 1; nothing "
			       "recorded", cmd, cap->arg);
		r = FA_PARSED_EMPTY;
		goto out;
	}
	fa_linux_apply(port, fields);
out:
	json_decref(fields);
	return r;
}
