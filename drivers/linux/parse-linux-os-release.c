/* SPDX-License-Identifier: MIT */
/*
 * cat /etc/os-release: shell-style KEY=value lines (os-release(5)).  NAME becomes os.name and
 * VERSION_ID os.version, with the quoting removed.  Comments and blank lines are skipped; the
 * other keys are known to exist and not needed.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "audit/util/buf.h"
#include "drivers/linux/parse-linux.h"
#include "drivers/linux/parse-linux-int.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

/*
 * Undo os-release quoting: a value in double or single quotes loses them; inside double
 * quotes (and unquoted) a backslash escapes the next character, as in the shell.
 * False when a quote is not closed.
 */
static bool fa_unquote(struct fa_textscan_span v, struct fa_buf *out)
{
	char q = 0;
	size_t i = 0;

	if (v.len > 0 && (v.ptr[0] == '"' || v.ptr[0] == '\'')) {
		q = v.ptr[0];
		if (v.len < 2 || v.ptr[v.len - 1] != q)
			return false;
		i = 1;
		v.len--;
	}
	for (; i < v.len; i++) {
		if (v.ptr[i] == '\\' && q != '\'' && i + 1 < v.len)
			i++;
		fa_buf_addch(out, v.ptr[i]);
	}
	return true;
}

int fa_parse_linux_os_release(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = fa_linux_cmd(cap, "cat /etc/os-release");
	struct fa_textscan_span line, key, val;
	struct fa_buf b = FA_BUF_INIT;
	struct fa_textscan ts;
	unsigned pairs = 0;
	bool name = false;

	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		const char *field = NULL;

		line = fa_textscan_trim(line);
		if (line.len == 0 || line.ptr[0] == '#')
			continue;
		if (!fa_textscan_keyval(line, '=', &key, &val) ||
		    fa_textscan_find(key, " ") >= 0) {
			fa_device_warn(device, "%s: line %u not understood: %.*s", cmd, ts.lineno,
				       (int)line.len, line.ptr);
			continue;
		}
		pairs++;
		if (fa_textscan_eq(key, "NAME"))
			field = "os.name";
		else if (fa_textscan_eq(key, "VERSION_ID"))
			field = "os.version";
		if (!field)
			continue;
		fa_buf_reset(&b);
		if (!fa_unquote(val, &b)) {
			fa_device_warn(device, "%s: line %u: unbalanced quote in %.*s", cmd,
				       ts.lineno, (int)key.len, key.ptr);
			continue;
		}
		if (b.len == 0)
			continue;
		fa_set_strn(device, field, b.buf, b.len);
		name |= strcmp(field, "os.name") == 0;
	}
	fa_buf_release(&b);
	if (pairs == 0) {
		struct fa_textscan_span first = fa_linux_first_line(cap);

		return fa_err_set(err, FA_EPARSE, "%s: no KEY=value lines: %.*s", cmd,
				  (int)(first.len > 120 ? 120 : first.len), first.ptr);
	}
	if (!name)
		fa_device_warn(device, "%s: no NAME", cmd);
	return 0;
}
