/* SPDX-License-Identifier: MIT */
/* A finding's fix: the rule's template lines for the platform of the device it is about. */
#include "config.h"

#include <string.h>

#include "audit/util/buf.h"
#include "drivers/platform.h"
#include "rules/rule.h"
#include "audit/util/banned.h"

json_t *fa_fix_render(const struct fa_rule *r, struct fa_eval *ev, const struct fa_subject *subj)
{
	const char *platform = json_string_value(json_object_get(ev->root[FA_ROOT_DEVICE],
								   "platform"));
	struct fa_buf b = FA_BUF_INIT;
	json_t *fix, *lines;
	unsigned bit;
	size_t i;

	if (!r->fix.present || !platform)
		return NULL;
	/* A platform of no table (a hand-made snapshot) has no commands, only the note. */
	bit = fa_platform_find(platform) ? fa_platform_bit(platform) : FA_PLATFORM_OTHER;
	if (r->fix.nlines[bit] == 0 && !r->fix.note)
		return NULL;
	lines = json_array();
	for (i = 0; i < r->fix.nlines[bit]; i++) {
		fa_buf_reset(&b);
		if (fa_tmpl_render_plain(r->fix.lines[bit][i], ev, subj, &b) < 0) {
			/* Never a half-filled command, nor one a device's value could extend. */
			json_decref(lines);
			lines = json_pack("[s]", "# not filled in: a value it needs is missing, "
					  "or has characters a command line must not carry");
			break;
		}
		json_array_append_new(lines, json_string(b.buf));
	}
	fix = json_pack("{s:s,s:o}", "platform", platform, "commands", lines);
	if (r->fix.note) {
		fa_buf_reset(&b);
		fa_tmpl_render(r->fix.note, ev, subj, &b);
		/* One line of text whatever a device sent: its control characters shown as '?'. */
		for (i = 0; i < b.len; i++)
			if ((unsigned char)b.buf[i] < 0x20 || b.buf[i] == 0x7f)
				b.buf[i] = '?';
		json_object_set_new(fix, "note", json_string(b.buf));
	}
	fa_buf_release(&b);
	return fix;
}
