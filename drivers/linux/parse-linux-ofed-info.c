/* SPDX-License-Identifier: MIT */
/*
 * ofed_info -s: one line naming the installed OFED stack, with a trailing colon:
 *
 *   MLNX_OFED_LINUX-23.10-1.1.9.0:      (MLNX_OFED)
 *   OFED-internal-24.10-1.1.4:          (DOCA-OFED)
 *
 * The line without the colon becomes software.ofed.  A line with blanks or without a digit
 * is not such a name (e.g. "ofed_info: command not found") and fails the capture.
 */
#include "config.h"

#include <string.h>

#include "audit/model.h"
#include "drivers/linux/parse-linux.h"
#include "drivers/linux/parse-linux-int.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

int fa_parse_linux_ofed_info(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = fa_linux_cmd(cap, "ofed_info -s");
	struct fa_textscan_span line = fa_linux_first_line(cap), w[2];
	size_t n = fa_textscan_words(line, w, 2);

	if (line.len == 0)
		return fa_err_set(err, FA_EPARSE, "%s: no output", cmd);
	if (n != 1 || strcspn(line.ptr, "0123456789") >= line.len)
		return fa_err_set(err, FA_EPARSE, "%s: not a version: %.*s", cmd,
				  (int)(line.len > 120 ? 120 : line.len), line.ptr);
	while (line.len > 0 && line.ptr[line.len - 1] == ':')
		line.len--;
	if (line.len == 0)
		return fa_err_set(err, FA_EPARSE, "%s: empty version", cmd);
	fa_set_strn(device, "software.ofed", line.ptr, line.len);
	return 0;
}
