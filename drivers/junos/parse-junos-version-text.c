/* SPDX-License-Identifier: MIT */
/*
 * "show version" as text: the facts <get-software-information/> gives (parse-junos-software.c).
 *
 *   fpc0:                                    a section per member or routing engine (Virtual
 *   ------------------------------------      Chassis, QFabric, "invoke-on all-routing-engines")
 *   Hostname: lab
 *   Model: mx240
 *   Junos: 13.3R1.4                          the release (not printed by every release/platform)
 *   JUNOS Base OS boot [13.3R1.4]            a package: its comment and, in brackets, its version
 *   labpkg [7.0]
 *   Junos for Automation Enhancement         a package comment without a version
 *   Serial Number: qfsn-0123456789           QFabric: the system's serial and ID (not read)
 *   QFabric System ID: f158527a-f99e-11e0-9fbd-00e081c57cda
 *
 *   {master:0}                               the member's status banner
 *
 * As from the XML: hostname, model, os.name "Junos", os.version from "Junos:", else from the
 * comment of the package named "junos", which releases without "Junos:" print as "JUNOS
 * Software Release [12.1X46-D15.3]" (SRX) or "JUNOS Base OS boot [11.4R1.6]" (EX).  The text
 * does not name the packages, and the other ones carry build strings ("JUNOS OS Kernel 64-bit
 * [20220419.9889e6f_builder_stable_11]") or releases of their own ("JUNOS Host Software
 * [20.4R3-S4.8]" under Junos 21.4R3-S3.4), so an output without either line gives no release
 * and a warning, not a guess.  The facts come from the first section that has them (the
 * XML parser reads the first <software-information>, the master's).  A line of another shape
 * is a warning; an output without a Hostname:, Model: or Junos: line is not show version.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/junos/parse-junos.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

/* The comments of the "junos" package on releases that print no "Junos:" line. */
static const char *const fa_junos_release_packages[] = {
    "JUNOS Software Release [",
    "JUNOS Base OS boot [",
};

/* Keys printed that are no model field (the XML parser does not read them either). */
static const char *const fa_junos_version_unread[] = {
    "Serial Number",
    "QFabric System ID",
};

struct fa_junos_version {
	struct fa_textscan_span host, model, release; /* NULL ptr: not seen */
	char *package_release;			      /* from a "junos" package comment */
	bool closed; /* a later section began: its facts are another member's */
	bool any;    /* a Hostname:, Model: or Junos: line was seen */
};

/* "fpc0:", "re1:", "node0:": a section heading, one word and a colon. */
static bool fa_junos_version_section(struct fa_textscan_span t)
{
	size_t i;

	if (t.len < 2 || t.ptr[t.len - 1] != ':')
		return false;
	for (i = 0; i + 1 < t.len; i++)
		if (t.ptr[i] == ' ' || t.ptr[i] == '\t' || t.ptr[i] == ':')
			return false;
	return true;
}

/* A line of dashes under a section heading. */
static bool fa_junos_version_rule(struct fa_textscan_span t)
{
	size_t i;

	for (i = 0; i < t.len && t.ptr[i] == '-'; i++)
		;
	return t.len >= 3 && i == t.len;
}

/* "COMMENT [VERSION]": a package with its version (the comment may touch the bracket). */
static bool fa_junos_version_package(struct fa_textscan_span t)
{
	return t.len >= 3 && t.ptr[t.len - 1] == ']' && t.ptr[0] != '[' &&
	       memchr(t.ptr, '[', t.len) != NULL;
}

static void fa_junos_version_fact(struct fa_junos_version *v, struct fa_textscan_span *fact,
				  struct fa_textscan_span val)
{
	v->any = true;
	if (!v->closed && !fact->ptr && val.len)
		*fact = val;
}

/* One line that is not noise; false when it is of no shape show version prints. */
static bool fa_junos_version_line(struct fa_junos_version *v, struct fa_textscan_span t)
{
	struct fa_textscan_span key, val;
	size_t i;

	if (fa_junos_version_section(t)) {
		v->closed |= v->any;
		return true;
	}
	if (fa_junos_version_rule(t))
		return true;
	if (fa_textscan_keyval(t, ':', &key, &val)) {
		if (fa_textscan_eq(key, "Hostname")) {
			fa_junos_version_fact(v, &v->host, val);
			return true;
		}
		if (fa_textscan_eq(key, "Model")) {
			fa_junos_version_fact(v, &v->model, val);
			return true;
		}
		if (fa_textscan_eq(key, "Junos")) {
			fa_junos_version_fact(v, &v->release, val);
			return true;
		}
	}
	if (fa_junos_version_package(t)) {
		for (i = 0;
		     i < sizeof(fa_junos_release_packages) / sizeof(*fa_junos_release_packages);
		     i++)
			if (!v->closed && !v->package_release &&
			    fa_textscan_starts(t, fa_junos_release_packages[i])) {
				char *line = fa_textscan_dup(t);

				v->package_release = fa_junos_bracketed(line);
				free(line);
			}
		return true;
	}
	if (fa_textscan_keyval(t, ':', &key, &val)) {
		for (i = 0; i < sizeof(fa_junos_version_unread) / sizeof(*fa_junos_version_unread);
		     i++)
			if (fa_textscan_eq(key, fa_junos_version_unread[i]))
				return true;
		return false;
	}
	/* a package comment without a version: "Junos for Automation Enhancement" */
	return fa_textscan_starts(t, "JUNOS ") || fa_textscan_starts(t, "Junos ");
}

int fa_parse_junos_version_text(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = cap->command ? cap->command : "show version";
	struct fa_junos_version v;
	struct fa_textscan_span line;
	struct fa_textscan ts;
	int r;

	if (fa_junos_not_text(cap, fa_parse_junos_software, device, err, &r))
		return r;
	memset(&v, 0, sizeof(v));
	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		struct fa_textscan_span t = fa_textscan_trim(line);

		if (fa_junos_text_noise(t) || fa_junos_version_line(&v, t))
			continue;
		fa_device_warn(device, "%s: line %u not understood: %.*s", cmd, ts.lineno,
			       (int)(t.len > 120 ? 120 : t.len), t.ptr);
	}
	if (!v.any) {
		free(v.package_release);
		return fa_err_at(err, FA_EPARSE, cmd, 0, 0,
				 "not the output of show version (no Hostname:, Model: or Junos: "
				 "line)");
	}
	if (v.host.ptr)
		fa_set_strn(device, "hostname", v.host.ptr, v.host.len);
	if (v.model.ptr)
		fa_set_strn(device, "model", v.model.ptr, v.model.len);
	fa_set_str(device, "os.name", "Junos");
	if (v.release.ptr)
		fa_set_strn(device, "os.version", v.release.ptr, v.release.len);
	else if (v.package_release)
		fa_set_str(device, "os.version", v.package_release);
	else
		fa_device_warn(device,
			       "%s: no Junos release in the output (no Junos: line, no "
			       "JUNOS Software Release or Base OS boot package)",
			       cmd);
	free(v.package_release);
	return 0;
}
