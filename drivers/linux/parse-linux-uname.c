/* SPDX-License-Identifier: MIT */
/* uname -r: one word starting with a digit, the kernel release, becomes os.kernel. */
#include "config.h"

#include <ctype.h>

#include "audit/model.h"
#include "drivers/linux/parse-linux.h"
#include "drivers/linux/parse-linux-int.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

int fa_parse_linux_uname(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = fa_linux_cmd(cap, "uname -r");
	struct fa_textscan_span line, w[2];
	struct fa_textscan ts;
	bool found = false;

	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		if (fa_textscan_is_blank(line))
			continue;
		if (found) {
			fa_device_warn(device, "%s: extra line %u ignored: %.*s", cmd, ts.lineno,
				       (int)line.len, line.ptr);
			continue;
		}
		if (fa_textscan_words(line, w, 2) != 1 || !isdigit((unsigned char)w[0].ptr[0]))
			return fa_err_set(err, FA_EPARSE, "%s: not a kernel release: %.*s", cmd,
					  (int)(line.len > 120 ? 120 : line.len), line.ptr);
		fa_set_strn(device, "os.kernel", w[0].ptr, w[0].len);
		found = true;
	}
	if (!found)
		return fa_err_set(err, FA_EPARSE, "%s: no output", cmd);
	return 0;
}
