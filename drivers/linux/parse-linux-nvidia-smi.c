/* SPDX-License-Identifier: MIT */
/*
 * nvidia-smi -q -x: the GPU driver's XML report.  Only the host-wide versions are read:
 *
 *   <nvidia_smi_log>
 *       <driver_version>535.54.03</driver_version>
 *       <cuda_version>12.2</cuda_version>
 *
 * into software.nvidia_driver and software.cuda ("N/A" and "Not Found" are absent values).
 * The XML form is used because its element names are stable across drivers (DTD versions v11
 * to v13 all carry both elements) while the text forms change layout between releases.
 *
 * nvidia-smi starts the document with <!DOCTYPE nvidia_smi_log SYSTEM "nvsmi_device_vNN.dtd">.
 * The safe XML reader refuses any DOCTYPE (drivers/text/xmlsafe.h); this one is only a reference to
 * an external DTD that libxml2 never loads, so a DOCTYPE of exactly that form (no internal
 * subset: no '[' and no '<' before its '>') is blanked out before parsing.  Any other DOCTYPE
 * or entity declaration stays and is refused.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "audit/util/xalloc.h"
#include "drivers/linux/parse-linux.h"
#include "drivers/linux/parse-linux-int.h"
#include "drivers/text/textscan.h"
#include "drivers/text/xmlsafe.h"
#include "audit/util/banned.h"

/*
 * A copy of @data with its external-only DOCTYPE blanked, or NULL when there is none to
 * blank (the input is then parsed as it is).
 */
static char *fa_nvsmi_strip_doctype(const char *data, size_t len)
{
	const char *d = memmem(data, len, "<!DOCTYPE", 9), *end, *q;
	char *copy;

	if (!d)
		return NULL;
	end = memchr(d, '>', len - (size_t)(d - data));
	if (!end)
		return NULL;
	for (q = d + 1; q < end; q++)
		if (*q == '[' || *q == '<')
			return NULL;
	copy = fa_xmalloc(len + 1);
	memcpy(copy, data, len);
	copy[len] = '\0';
	memset(copy + (d - data), ' ', (size_t)(end - d) + 1);
	return copy;
}

static void fa_nvsmi_version(json_t *device, xmlNodePtr root, const char *elem, const char *key)
{
	char *v = fa_xml_child_text(root, elem);
	char path[64];

	if (v && *v && strcmp(v, "N/A") != 0 && strcmp(v, "Not Found") != 0) {
		snprintf(path, sizeof(path), "software.%s", key);
		fa_set_str(device, path, v);
	}
	free(v);
}

int fa_parse_linux_nvidia_smi(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = fa_linux_cmd(cap, "nvidia-smi -q -x");
	char *copy = fa_nvsmi_strip_doctype(cap->data, cap->len);
	xmlDocPtr doc = NULL;
	xmlNodePtr root;
	int r;

	r = fa_xml_parse(copy ? copy : cap->data, cap->len, cmd, &doc, err);
	if (r < 0)
		goto out;
	root = xmlDocGetRootElement(doc);
	if (!root || !fa_xml_is(root, "nvidia_smi_log")) {
		r = fa_err_set(err, FA_EPARSE, "%s: not an nvidia-smi XML report (root <%.60s>)", cmd,
			       root ? (const char *)root->name : "none");
		goto out;
	}
	fa_nvsmi_version(device, root, "driver_version", "nvidia_driver");
	fa_nvsmi_version(device, root, "cuda_version", "cuda");
	if (!fa_get_str(device, "software.nvidia_driver")) {
		fa_device_warn(device, "%s: no driver version in the report", cmd);
		r = FA_PARSED_EMPTY;
	}
out:
	if (doc)
		xmlFreeDoc(doc);
	free(copy);
	return r;
}

/*
 * "<key>" followed by blanks, ':' and a value: the value's first word, or an empty span.  The
 * default table prints "Driver Version: 550.90.07   CUDA Version: 12.4" on one line; -q prints
 * "Driver Version                            : 535.129.03".
 */
static struct fa_textscan_span fa_nvsmi_text_value(struct fa_textscan_span line, const char *key)
{
	struct fa_textscan_span rest = { "", 0 }, w[1];
	long at = fa_textscan_find(line, key);

	if (at < 0)
		return rest;
	rest.ptr = line.ptr + at + strlen(key);
	rest.len = line.len - (size_t)at - strlen(key);
	rest = fa_textscan_trim(rest);
	if (rest.len == 0 || rest.ptr[0] != ':') {
		rest.len = 0;
		return rest;
	}
	rest.ptr++;
	rest.len--;
	if (fa_textscan_words(rest, w, 1) == 0) {
		rest.len = 0;
		return rest;
	}
	if (w[0].len && w[0].ptr[w[0].len - 1] == '|')
		w[0].len--;
	return w[0];
}

int fa_parse_linux_nvidia_smi_text(const struct fa_capture *cap, json_t *device,
				   struct fa_err *err)
{
	const char *cmd = fa_linux_cmd(cap, "nvidia-smi -q");
	struct fa_textscan_span line, v;
	struct fa_textscan ts;
	bool driver = false;

	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		v = fa_nvsmi_text_value(line, "Driver Version");
		if (v.len && !fa_textscan_eq(v, "N/A") && !driver) {
			fa_set_strn(device, "software.nvidia_driver", v.ptr, v.len);
			driver = true;
		}
		v = fa_nvsmi_text_value(line, "CUDA Version");
		if (v.len && !fa_textscan_eq(v, "N/A") && !fa_get_str(device, "software.cuda"))
			fa_set_strn(device, "software.cuda", v.ptr, v.len);
	}
	if (!driver) {
		struct fa_textscan_span first = fa_linux_first_line(cap);

		return first.len ? fa_err_set(err, FA_EPARSE, "%s: no Driver Version: %.*s", cmd,
					      (int)(first.len > 120 ? 120 : first.len), first.ptr)
				 : fa_err_set(err, FA_EPARSE, "%s: no output", cmd);
	}
	return 0;
}
