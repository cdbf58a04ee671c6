/* SPDX-License-Identifier: MIT */
/*
 * Output normalisation: the layout differences real captures have, removed once at the
 * parser boundary so that each parser sees one canonical layout.
 *
 * A command's output reaches fabric-audit through many hands: an SSH channel with a pty
 * (CRLF line ends), a terminal copy-paste in a bug report (the prompt and the command echoed
 * before the output, the prompt again after it, a pager's "--More--" in the middle, every
 * line indented by the mail client), an editor (trailing blanks).  The canonical layout:
 *
 *   - lines end in "\n" (a "\r" before it is dropped), trailing blanks are dropped;
 *   - blank lines before the first and after the last line with text are dropped;
 *   - a first line that is a shell/CLI prompt, alone or followed by the command (its first
 *     word, or after one word such as "sudo"), is dropped (the parser still gets it: fa_capture.prompt); a last line that is a prompt
 *     alone is dropped.  Prompts: "switch#", "leaf01(config)#", "user@router>",
 *     "cumulus@leaf01:mgmt:~$", "[admin@gpu01 ~]$", "switch [standalone: master] >", and
 *     a bare "$ " when the command follows it;
 *   - pager marks ("--More--", "-- More --", "<--- More --->", "---(more 45%)---") and the
 *     backspaces and blanks a pager prints to erase them are removed, with the rest of the
 *     line kept; a pager status line "lines 1-24" or "lines 25-48/120 (END)" is dropped;
 *   - the indentation every line with text shares (the longest common prefix of blanks) is
 *     removed; relative indentation, which YAML, "show lldp neighbors detail" and
 *     ibnetdiscover give meaning to, is kept;
 *   - a JSON document that is a list of objects of one key each, all keys different
 *     ([{"a": …}, {"b": …}]), becomes the one object {"a": …, "b": …} that the command
 *     prints elsewhere.
 *
 * Nothing else changes: bytes inside a line (NULs included) are passed through.
 */
#ifndef FA_DRIVERS_TEXT_OUTNORM_H
#define FA_DRIVERS_TEXT_OUTNORM_H

#include <stdbool.h>
#include <stddef.h>

#include "audit/util/buf.h"

/*
 * Normalise @len bytes at @data, the output of @command (NULL when unknown: a prompt line
 * is then recognised by its shape alone), into @out (reset first; NUL-terminated).  When
 * @ret_prompt is not NULL it receives the prompt line removed before the output (new
 * string, free()) or NULL: a prompt names the device, and some parsers read that name.
 */
void fa_outnorm(const char *data, size_t len, const char *command, struct fa_buf *out,
		char **ret_prompt);

/*
 * As fa_outnorm(), without a copy when the normalised text is the first bytes of @data:
 * returns false, @out left empty, and *@ret_len receives how many (@len when @data is
 * already in the canonical layout, fewer when only a tail goes, such as blank lines or a
 * prompt after the output).  Those bytes are what the parser reads, but unlike @out they
 * are not NUL-terminated when *@ret_len < @len.  Returns true when @out holds the
 * normalised text (*@ret_len is then @out->len).
 */
bool fa_outnorm_copy(const char *data, size_t len, const char *command, struct fa_buf *out,
		     char **ret_prompt, size_t *ret_len);

/*
 * The length of the prompt @line (of @len bytes) starts with, including the prompt
 * character and one blank after it; 0 when the line does not start with a prompt.
 */
size_t fa_outnorm_prompt_len(const char *line, size_t len);

/* True when @len bytes at @data hold nothing but blanks and line ends. */
bool fa_outnorm_is_blank(const char *data, size_t len);

#endif /* FA_DRIVERS_TEXT_OUTNORM_H */
