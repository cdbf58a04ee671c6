/* SPDX-License-Identifier: MIT */
/*
 * The replay collector: answers each command from a capture directory
 * (DIR/<device>/<slug>.txt, or .xml for NETCONF replies; DIR/<device>/meta.json for exit
 * statuses), so an audit can be rerun offline on exactly the bytes a device printed.  The
 * second reading of the counters (collect --sample) is DIR/<device>/<slug>.2.txt: a slug has
 * no '.', so the name cannot be another command's.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "audit/util/fileio.h"
#include "audit/util/xalloc.h"
#include "drivers/capture.h"
#include "drivers/collector.h"
#include "inventory/inventory.h"
#include "audit/util/banned.h"

struct fa_replay {
	char *dir;	/* DIR/<device> */
	json_t *meta;	/* meta.json, or NULL */
};

static void fa_replay_close(void *session);

/*
 * meta.json is optional, but one that is there and cannot be read stops the replay: it holds
 * the exit statuses, without which a failed command's output would be parsed as an answer.
 * JSON_ALLOW_NUL: folders written before model text had no NUL may hold \u0000 in an error.
 */
static int fa_replay_load_meta(const char *path, json_t **ret, struct fa_err *err)
{
	json_error_t jerr;
	json_t *meta;

	if (access(path, F_OK) < 0 && errno == ENOENT)
		return 0;
	meta = json_load_file(path, JSON_ALLOW_NUL, &jerr);
	/* the device's error names the file: the message is all a device status keeps */
	if (!meta)
		return fa_err_at(err, FA_EPARSE, path, jerr.line, jerr.column,
				 "%s:%d:%d: unreadable capture metadata: %s", path, jerr.line,
				 jerr.column, jerr.text);
	if (!json_is_object(meta)) {
		json_decref(meta);
		return fa_err_at(err, FA_EPARSE, path, 0, 0,
				 "%s: unreadable capture metadata: not a JSON object", path);
	}
	*ret = meta;
	return 0;
}

static int fa_replay_open(const struct fa_inv_device *dev, const struct fa_collect_limits *lim,
			  void **ret_session, struct fa_err *err)
{
	struct fa_replay *s;
	struct stat st;
	char *dir, *meta;
	int r;

	if (!dev->captures)
		return fa_err_set(err, FA_ENOENT,
				  "replay transport needs a capture directory (inventory key "
				  "'captures' or --replay DIR)");
	dir = fa_xasprintf("%s/%s", dev->captures, dev->name);
	if (stat(dir, &st) < 0 || !S_ISDIR(st.st_mode)) {
		fa_err_set(err, FA_ENOENT, "no capture folder %s", dir);
		free(dir);
		return -FA_ENOENT;
	}
	s = fa_xcalloc(1, sizeof(*s));
	s->dir = dir;
	meta = fa_xasprintf("%s/meta.json", dir);
	r = fa_replay_load_meta(meta, &s->meta, err);
	free(meta);
	if (r < 0) {
		fa_replay_close(s);
		return r;
	}
	*ret_session = s;
	return 0;
}

/* The exit status meta.json recorded for @command in @reading; 0 when it says nothing. */
static int fa_replay_exit_status(const struct fa_replay *s, const char *command, int reading)
{
	json_t *c;
	size_t i;

	json_array_foreach(json_object_get(s->meta, "commands"), i, c) {
		const char *cmd = json_string_value(json_object_get(c, "command"));
		json_t *st = json_object_get(c, "exit_status");
		json_t *r = json_object_get(c, "reading");
		int in = json_is_integer(r) ? (int)json_integer_value(r) : 1;

		if (cmd && strcmp(cmd, command) == 0 && in == (reading == 2 ? 2 : 1) &&
		    json_is_integer(st))
			return (int)json_integer_value(st);
	}
	return 0;
}

static int fa_replay_exec(void *session, const char *command, const struct fa_collect_limits *lim,
			  struct fa_buf *out, int *ret_exit, struct fa_err *err)
{
	struct fa_replay *s = session;
	char *slug = fa_capture_slug(command);
	const char *reading = lim->reading == 2 ? ".2" : "";
	char *path = fa_xasprintf("%s/%s%s.txt", s->dir, slug, reading);
	int r;

	r = fa_file_read(path, lim->max_output, out, err);
	if (r == -FA_ENOENT) {
		char *xml = fa_xasprintf("%s/%s%s.xml", s->dir, slug, reading);

		r = fa_file_read(xml, lim->max_output, out, NULL);
		free(xml);
		if (r == -FA_ENOENT)
			r = fa_err_set(err, FA_ENOENT, "no capture of '%s' (%s)", command, path);
	}
	if (r == 0)
		*ret_exit = fa_replay_exit_status(s, command, lim->reading);
	free(path);
	free(slug);
	return r;
}

static const json_t *fa_replay_meta(void *session)
{
	return ((struct fa_replay *)session)->meta;
}

static void fa_replay_close(void *session)
{
	struct fa_replay *s = session;

	if (!s)
		return;
	json_decref(s->meta);
	free(s->dir);
	free(s);
}

const struct fa_collector_ops fa_collector_replay = {
	.name = "replay",
	.open = fa_replay_open,
	.exec = fa_replay_exec,
	.close = fa_replay_close,
	.meta = fa_replay_meta,
};
