/* SPDX-License-Identifier: MIT */
/*
 * Collection of one device, and the worker pool over all of them.
 *
 * Status policy for a device (the first failure wins, later ones become warnings):
 *   - the session cannot be opened: unreachable / auth-failed / hostkey-* / timeout, nothing
 *     else is tried;
 *   - a required command fails (no capture, non-zero exit, timeout, too much output):
 *     command-failed, the remaining commands still run so the model keeps what can be had;
 *     a lost connection (-FA_EUNREACH) or a timeout stops the device;
 *   - a parser rejects an answer as a whole: parse-error;
 *   - an optional command failing is only a warning.
 *
 * With --sample S, the counter commands (FA_CMD_COUNTERS) are sent a second time S seconds
 * after the first reading began, on the same session, and port.health compares the two
 * readings (audit/health.h).  A device waiting for its second reading holds its session but
 * not a worker: workers go on with other devices meanwhile, so sampling costs about S
 * seconds over a plain collection, not S per device.
 */
#include "config.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "audit/health.h"
#include "audit/model.h"
#include "audit/snapshot.h"
#include "audit/util/fileio.h"
#include "audit/util/xalloc.h"
#include "drivers/capture-parse.h"
#include "drivers/collect.h"
#include "drivers/parse.h"
#include "drivers/platform.h"
#include "drivers/scrub.h"
#include "inventory/inventory.h"
#include "audit/util/clock.h"
#include "audit/util/banned.h"

struct fa_dev_run {
	const struct fa_inv_device *inv;
	const struct fa_platform *platform;
	const struct fa_collector_ops *ops;
	const struct fa_collect_opts *opts;
	struct fa_collect_limits lim;	/* opts->lim, with the device's own timeout */
	struct fa_inv_device replay_inv;	/* copy of @inv pointing at --replay DIR */
	void *session;
	json_t *device;		/* the model device */
	json_t *meta;		/* meta.json of the capture folder */
	char *save_dir;		/* DIR/<device> when saving captures */
	enum fa_status status;
	bool stop;		/* the session is gone: run no more commands */
	bool counters;		/* send the counter commands (FA_CMD_COUNTERS) */
	double t0;		/* when the device's collection began */
	/* when the first counter command of the current reading began; 0 when none ran */
	double counters_at;
	char counters_read_at[32];	/* the same on the wall clock, RFC 3339 */
	/* --sample: the first reading's "counters" of each port by name, until the second */
	json_t *first;
	double first_at;	/* counters_at of the first reading */
	double ready_at;	/* when the second reading is due */
	size_t index;		/* the device's place in the inventory */
};

static enum fa_status fa_status_for(int code)
{
	switch (code < 0 ? -code : code) {
	case FA_EUNREACH:
	case FA_ENOTBUILT:
		return FA_STATUS_UNREACHABLE;
	case FA_EAUTH:
		return FA_STATUS_AUTH_FAILED;
	case FA_EHOSTKEY:
		return FA_STATUS_HOSTKEY_UNKNOWN;
	case FA_EHOSTKEY_CHANGED:
		return FA_STATUS_HOSTKEY_CHANGED;
	case FA_ETIMEOUT:
		return FA_STATUS_TIMEOUT;
	case FA_EPARSE:
		return FA_STATUS_PARSE_ERROR;
	default:
		return FA_STATUS_COMMAND_FAILED;
	}
}

/* Record a failure: the first sets the device status and error, later ones are warnings. */
static void fa_dev_fail(struct fa_dev_run *run, enum fa_status status, const char *msg)
{
	if (run->status == FA_STATUS_OK) {
		run->status = status;
		fa_set_str(run->device, "error", msg);
	} else {
		fa_device_warn(run->device, "%s", msg);
	}
}

/* A folder name for the device that cannot escape the capture directory. */
static char *fa_safe_dirname(const char *name)
{
	if (name[0] != '.' && !strchr(name, '/'))
		return fa_xstrdup(name);
	return fa_capture_slug(name);
}

static void fa_meta_command(struct fa_dev_run *run, const char *command, const char *file,
			    int exit_status, double seconds, size_t bytes, const char *error)
{
	json_t *c = json_object();

	json_object_set_new(c, "command", json_string(command));
	if (run->lim.reading == 2)
		json_object_set_new(c, "reading", json_integer(2));
	if (file)
		json_object_set_new(c, "file", json_string(file));
	if (exit_status >= 0)
		json_object_set_new(c, "exit_status", json_integer(exit_status));
	json_object_set_new(c, "seconds", json_real(seconds));
	json_object_set_new(c, "bytes", json_integer((json_int_t)bytes));
	if (error)
		json_object_set_new(c, "error", fa_json_stringn(error, strlen(error)));
	json_array_append_new(json_object_get(run->meta, "commands"), c);
}

static void fa_save_capture(struct fa_dev_run *run, const char *command, const struct fa_buf *b,
			    char **ret_file)
{
	struct fa_err err = FA_ERR_INIT;
	char *slug = fa_capture_slug(command);
	char *path;

	/* the second reading of --sample beside the first (the replay collector's naming) */
	*ret_file = fa_xasprintf("%s%s.%s", slug, run->lim.reading == 2 ? ".2" : "",
				 run->ops->format == FA_CAPTURE_XML ? "xml" : "txt");
	path = fa_xasprintf("%s/%s", run->save_dir, *ret_file);
	if (fa_file_write_private(path, b->buf, b->len, &err) < 0)
		fa_device_warn(run->device, "cannot save capture %s: %s", path, err.msg);
	free(path);
	free(slug);
}

/* Run one expanded command and parse its answer; true when both went well. */
static bool fa_run_command(struct fa_dev_run *run, const struct fa_command *c, const char *arg)
{
	struct fa_capture cap = FA_CAPTURE_INIT;
	struct fa_err err = FA_ERR_INIT;
	struct fa_buf out;
	char *command = fa_command_expand(c, arg), *file = NULL;
	int exit_status = -1, r;
	double t0 = fa_clock_now();
	bool ok = false;

	fa_buf_init(&out, 0);
	if ((c->flags & FA_CMD_COUNTERS) && run->counters && run->counters_at == 0) {
		run->counters_at = t0;
		fa_clock_rfc3339_ms(run->counters_read_at, sizeof(run->counters_read_at));
	}
	r = run->ops->exec(run->session, command, &run->lim, &out, &exit_status, &err);
	/* secrets never reach a capture file or a parser (docs/captures.md) */
	if (r == 0)
		fa_scrub(run->inv->platform, &out);
	if (run->save_dir && r == 0)
		fa_save_capture(run, command, &out, &file);
	if (run->meta)
		fa_meta_command(run, command, file, exit_status, fa_clock_now() - t0, out.len,
				r < 0 || exit_status > 0 ? err.msg : NULL);
	if (r < 0 || exit_status > 0) {
		char msg[700];

		if (r < 0)
			snprintf(msg, sizeof(msg), "%s", err.msg[0] ? err.msg : fa_strerror(r));
		else
			snprintf(msg, sizeof(msg), "'%s' exited with status %d%s%s", command,
				 exit_status, err.msg[0] ? ": " : "", err.msg);
		/* An unreachable or timed-out session runs no further command, so even an
		 * optional one leaves the device's data incomplete: the device fails. */
		if (r == -FA_EUNREACH || r == -FA_ETIMEOUT)
			run->stop = true;
		if ((c->flags & FA_CMD_OPTIONAL) && r == 0 && exit_status == 127)
			/* the shell's "not found": one line, not the shell's noise */
			fa_device_warn(run->device, "%.*s not installed (optional)",
				       (int)strcspn(command, " "), command);
		else if ((c->flags & FA_CMD_OPTIONAL) && !run->stop)
			fa_device_warn(run->device, "%s (optional)", msg);
		else
			fa_dev_fail(run, r < 0 ? fa_status_for(r) : FA_STATUS_COMMAND_FAILED, msg);
		goto out;
	}
	cap.device = run->inv->name;
	cap.command = command;
	cap.arg = arg;
	cap.format = run->ops->format;
	cap.data = out.buf;
	cap.len = out.len;
	cap.writable = true;
	cap.exit_status = exit_status;
	cap.seconds = fa_clock_now() - t0;
	cap.again = run->lim.reading == 2;
	memset(&err, 0, sizeof(err));
	r = fa_capture_parse(c, &cap, run->device, &err);
	if (r < 0) {
		char msg[700];

		snprintf(msg, sizeof(msg), "%s: %s", command, err.msg[0] ? err.msg : fa_strerror(r));
		/* a spent parse budget ends the device, whatever the command (drivers/parse.h) */
		if (r == -FA_ETIMEOUT)
			run->stop = true;
		if ((c->flags & FA_CMD_OPTIONAL) && r != -FA_ETIMEOUT)
			fa_device_warn(run->device, "%s", msg);
		else
			fa_dev_fail(run, FA_STATUS_PARSE_ERROR, msg);
	} else {
		ok = true;
	}
out:
	free(file);
	free(command);
	fa_buf_release(&out);
	return ok;
}

/* Linux interface names cannot contain '/', so "mlx5_0/1" ports are RDMA-only ports. */
static bool fa_is_netdev_port(const json_t *port)
{
	const char *name = fa_get_str(port, "name");

	return name && !strchr(name, '/') && fa_get_str(port, "nic.device");
}

/* The LID of a CA port of an InfiniBand fabric (a unicast LID names the port itself), or 0. */
static json_int_t fa_ib_ca_lid(const json_t *port)
{
	const char *type = fa_get_str(port, "ib.node_type");
	json_int_t lid = 0;

	if (!type || strcmp(type, "ca") != 0 || fa_get_int(port, "ib.lid", &lid) != 1)
		return 0;
	return lid > 0 && lid < 0xc000 ? lid : 0;
}

/*
 * The distinct arguments for an expanded command, from the ports found so far, or for FILE
 * the inventory's environment files in its order (a later file overrides an earlier one).
 */
static json_t *fa_expansion_args(const json_t *device, const struct fa_inv_device *inv,
				 enum fa_expand e)
{
	json_t *set = json_object(), *list = json_array(), *p, *v;
	const char *key;
	size_t i;

	if (e == FA_EXPAND_IB_PARTITIONS) {
		json_array_append_new(list, json_string(inv->ib_partitions_file
							 ? inv->ib_partitions_file
							 : "/etc/opensm/partitions.conf"));
		json_decref(set);
		return list;
	}
	if (e == FA_EXPAND_NCCL_ENV) {
		for (i = 0; i < inv->nnccl_env; i++)
			json_array_append_new(list, json_string(inv->nccl_env[i]));
		json_decref(set);
		return list;
	}

	/* P_Key tables are read to be compared with partitions.conf: not without it. */
	if (e == FA_EXPAND_IBCAPORT && !json_object_get(device, "ib_partitions")) {
		json_decref(set);
		return list;
	}
	json_array_foreach(json_object_get(device, "ports"), i, p) {
		const char *arg = NULL;
		char *lid = NULL;

		if (e == FA_EXPAND_NETDEV && fa_is_netdev_port(p))
			arg = fa_get_str(p, "name");
		else if (e == FA_EXPAND_RDMADEV)
			arg = fa_get_str(p, "nic.device");
		else if ((e == FA_EXPAND_IBCAPORT || e == FA_EXPAND_IBCALID ||
			  (e == FA_EXPAND_IBSMLID && json_is_true(fa_obj_get_path(p, "ib.is_sm")))) &&
			 fa_ib_ca_lid(p))
			arg = lid = fa_xasprintf("%" JSON_INTEGER_FORMAT, fa_ib_ca_lid(p));
		if (arg)
			json_object_set_new(set, arg, json_true());
		free(lid);
		lid = NULL;
	}
	json_object_foreach(set, key, v) {
		json_array_append_new(list, json_string(key));
	}
	json_decref(set);
	return list;
}

static int fa_str_cmp(const void *a, const void *b)
{
	return fa_natural_cmp(*(const char *const *)a, *(const char *const *)b);
}

/*
 * Run @c for @arg (NULL: once) unless it is a fallback and the command it stands in for went
 * well for @arg; a command that is not a fallback records in @failed where it did not.
 */
static void fa_run_for(struct fa_dev_run *run, const struct fa_command *c, const char *arg,
		       json_t *failed)
{
	const char *key = arg ? arg : "";

	if (c->flags & FA_CMD_FALLBACK) {
		if (json_object_get(failed, key))
			fa_run_command(run, c, arg);
		return;
	}
	if (!fa_run_command(run, c, arg))
		json_object_set_new(failed, key, json_true());
}

/*
 * Run the commands of one stage in table order: the once-per-device ones, or (@expanded) the
 * ones expanded over what those found; with @counters_only, only the counter commands (the
 * second reading of --sample).
 */
static void fa_run_stage(struct fa_dev_run *run, bool expanded, bool counters_only)
{
	json_t *failed = json_object();
	size_t i, j;

	for (i = 0; i < run->platform->ncommands && !run->stop; i++) {
		const struct fa_command *c = &run->platform->commands[i];
		json_t *args;
		const char **sorted;
		size_t n;

		if (c->flags & FA_CMD_PARSE_ONLY)
			continue;
		if (counters_only && !(c->flags & FA_CMD_COUNTERS))
			continue;
		if ((c->flags & (run->inv->ib_inprocess ? FA_CMD_IB_TOOLS : FA_CMD_IB_INPROCESS)))
			continue;
		if ((c->flags & FA_CMD_COUNTERS) && !(c->flags & FA_CMD_ALSO_CONFIG) &&
		    !run->counters)
			continue;
		if ((c->expand == FA_EXPAND_NONE) == expanded)
			continue;
		if (!(c->flags & FA_CMD_FALLBACK))
			json_object_clear(failed);
		if (!expanded) {
			fa_run_for(run, c, NULL, failed);
			continue;
		}
		args = fa_expansion_args(run->device, run->inv, c->expand);
		n = json_array_size(args);
		sorted = fa_xcalloc(n ? n : 1, sizeof(*sorted));
		for (j = 0; j < n; j++)
			sorted[j] = json_string_value(json_array_get(args, j));
		if (c->expand != FA_EXPAND_NCCL_ENV)
			qsort(sorted, n, sizeof(*sorted), fa_str_cmp);
		for (j = 0; j < n && !run->stop; j++)
			fa_run_for(run, c, sorted[j], failed);
		free(sorted);
		json_decref(args);
	}
	json_decref(failed);
}

static void fa_set_inventory_fields(json_t *d, const struct fa_inv_device *inv)
{
	json_t *a;
	size_t i;

	if (inv->role)
		fa_set_str(d, "role", inv->role);
	fa_set_str(d, "platform", inv->platform);
	if (inv->address)
		fa_set_str(d, "address", inv->address);
	if (inv->ngroups) {
		a = json_array();
		for (i = 0; i < inv->ngroups; i++)
			json_array_append_new(a, json_string(inv->groups[i]));
		json_object_set_new(d, "groups", a);
	}
	if (inv->ntags) {
		a = json_array();
		for (i = 0; i < inv->ntags; i++)
			json_array_append_new(a, json_string(inv->tags[i]));
		json_object_set_new(d, "tags", a);
	}
}

static void fa_write_meta(struct fa_dev_run *run, double seconds)
{
	struct fa_err err = FA_ERR_INIT;
	char *path, *text;
	char now[32];

	json_object_set_new(run->meta, "device", json_string(run->inv->name));
	json_object_set_new(run->meta, "platform", json_string(run->inv->platform));
	if (run->inv->address)
		json_object_set_new(run->meta, "address", json_string(run->inv->address));
	json_object_set_new(run->meta, "transport", json_string(run->ops ? run->ops->name : "?"));
	json_object_set_new(run->meta, "collected",
			    json_string(fa_time_rfc3339(now, sizeof(now))));
	json_object_set_new(run->meta, "seconds", json_real(seconds));
	json_object_set(run->meta, "status", json_object_get(run->device, "status"));
	if (json_object_get(run->device, "error"))
		json_object_set(run->meta, "error", json_object_get(run->device, "error"));
	text = json_dumps(run->meta, JSON_INDENT(2) | JSON_SORT_KEYS);
	path = fa_xasprintf("%s/meta.json", run->save_dir);
	if (text && fa_file_write_private(path, text, strlen(text), &err) < 0)
		fa_device_warn(run->device, "cannot save %s: %s", path, err.msg);
	free(path);
	free(text);
}

/*
 * What the capture folder recorded of a sampled collection (replay): the interval between
 * the readings and when each began.  @key "sample_interval_s" or "counters_read_at".
 */
static const json_t *fa_replay_meta_get(const struct fa_dev_run *run, const char *key)
{
	const json_t *meta = run->ops->meta ? run->ops->meta(run->session) : NULL;

	return meta ? json_object_get(meta, key) : NULL;
}

/* Whether a port of @device has counters: commands that printed none read nothing. */
static bool fa_has_counters(const json_t *device)
{
	const json_t *p;
	size_t i;

	json_array_foreach(json_object_get(device, "ports"), i, p)
		if (json_object_get(p, "counters"))
			return true;
	return false;
}

/*
 * Whether the counter commands are sent at all: a configuration audit reads no counters
 * (one reading says nothing of health, docs/health.md); --sample and drift read them, and a
 * capture folder that holds two readings is replayed with them.
 */
static bool fa_wants_counters(const struct fa_dev_run *run)
{
	return run->opts->counters || run->opts->sample > 0 ||
	       json_is_number(fa_replay_meta_get(run, "sample_interval_s"));
}

/* What a command that is configuration too read of counters, when none are wanted. */
static void fa_drop_counters(json_t *device)
{
	json_t *p;
	size_t i;

	json_array_foreach(json_object_get(device, "ports"), i, p) {
		json_object_del(p, "counters");
		json_object_del(p, "phy");
	}
}

/* Whether this device gets a second reading of its counters. */
static bool fa_wants_second_reading(const struct fa_dev_run *run)
{
	if (run->stop || run->counters_at == 0 || !fa_has_counters(run->device))
		return false;
	if (run->opts->sample > 0)
		return true;
	/* a capture folder that holds a second reading is replayed with it */
	return json_is_number(fa_replay_meta_get(run, "sample_interval_s"));
}

/* The wall-clock time of reading @n (1 or 2) as the capture folder recorded it, or NULL. */
static const char *fa_replay_read_at(const struct fa_dev_run *run, size_t n)
{
	return json_string_value(json_array_get(fa_replay_meta_get(run, "counters_read_at"),
						n - 1));
}

/* Keep each port's first reading aside, so the second lands in a clean "counters". */
static void fa_set_first_reading_aside(struct fa_dev_run *run)
{
	json_t *p;
	size_t i;

	run->first = json_object();
	json_array_foreach(json_object_get(run->device, "ports"), i, p) {
		const char *name = fa_get_str(p, "name");
		json_t *c = json_object_get(p, "counters");

		if (name && c) {
			json_object_set(run->first, name, c);
			json_object_del(p, "counters");
		}
	}
	run->first_at = run->counters_at;
	/* a replay has nothing to wait for */
	run->ready_at = run->counters_at + (run->ops->meta ? 0 : run->opts->sample);
}

static void fa_sleep_until(double when)
{
	double left;

	while ((left = when - fa_clock_now()) > 0) {
		struct timespec ts;

		ts.tv_sec = (time_t)left;
		ts.tv_nsec = (long)((left - (double)ts.tv_sec) * 1e9);
		nanosleep(&ts, NULL);
	}
}

/* The second reading: the counter commands again, then health from the two. */
static void fa_second_reading(struct fa_dev_run *run)
{
	const json_t *recorded = fa_replay_meta_get(run, "sample_interval_s");
	double interval;
	size_t i, lost = 0;
	json_t *p;

	if (!run->ops->meta)
		fa_sleep_until(run->ready_at);
	run->lim.reading = 2;
	run->counters_at = 0;
	fa_parse_budget_begin(run->opts->lim.parse_budget);
	fa_device_index_begin(run->device);
	fa_run_stage(run, false, true);
	fa_run_stage(run, true, true);
	fa_device_index_end(run->device);
	if (run->counters_at == 0)
		return;
	interval = run->counters_at - run->first_at;
	if (run->ops->meta) {
		/* replayed: the interval the collection measured, not the replay's */
		if (json_is_number(recorded)) {
			interval = json_number_value(recorded);
		} else {
			interval = run->opts->sample;
			fa_device_warn(run->device, "the captures record no time between the two "
				       "readings: health assumes --sample %g s", run->opts->sample);
		}
	}
	json_array_foreach(json_object_get(run->device, "ports"), i, p) {
		const json_t *first = json_object_get(run->first, fa_get_str(p, "name"));

		if (!first)
			continue;
		if (!json_object_get(p, "counters"))
			lost++;
		else
			fa_health_derive_port(p, first, interval, "sample");
	}
	if (lost)
		fa_device_warn(run->device, "the second reading has no counters for %zu port%s that "
			       "had them in the first: no health for %s", lost, lost == 1 ? "" : "s",
			       lost == 1 ? "it" : "them");
	if (run->meta)
		json_object_set_new(run->meta, "sample_interval_s", json_real(interval));
}

/* When the counters were read: the collection's clock, or what the capture folder says. */
static void fa_set_counters_read_at(struct fa_dev_run *run, size_t reading)
{
	const char *t = run->ops->meta ? fa_replay_read_at(run, reading) : NULL;

	if (run->counters_at == 0 || !fa_has_counters(run->device))
		return;
	fa_set_str(run->device, "counters_read_at", t ? t : run->counters_read_at);
	/* saved with the captures, so that their replay says the same */
	if (run->meta && reading == 1) {
		json_t *times = json_array();

		json_array_append_new(times, json_string(t ? t : run->counters_read_at));
		json_object_set_new(run->meta, "counters_read_at", times);
	} else if (run->meta && json_is_array(json_object_get(run->meta, "counters_read_at"))) {
		json_array_append_new(json_object_get(run->meta, "counters_read_at"),
				      json_string(t ? t : run->counters_read_at));
	}
}

/*
 * Open the device and take everything up to the first reading of its counters included.
 * The run is new (free with fa_dev_end); run->ready_at > 0 when it waits for a second
 * reading, its session open.
 */
static struct fa_dev_run *fa_dev_begin(const struct fa_inv_device *inv,
				       const struct fa_collect_opts *opts)
{
	struct fa_dev_run *run = fa_xcalloc(1, sizeof(*run));
	struct fa_err err = FA_ERR_INIT;
	const struct fa_inv_device *target = inv;
	int r;

	run->t0 = fa_clock_now();
	run->inv = inv;
	run->opts = opts;
	run->status = FA_STATUS_OK;
	run->lim = opts->lim;
	run->lim.reading = 1;
	run->lim.progress = opts->progress;
	if (inv->timeout > 0) {
		/* the inventory's per-device timeout (a slow switch CLI) wins over --timeout */
		run->lim.connect_timeout = inv->timeout;
		run->lim.command_timeout = inv->timeout;
	}
	run->platform = fa_platform_find(inv->platform);
	run->device = fa_device_new(inv->name, run->platform ? run->platform->kind : "host");
	fa_set_inventory_fields(run->device, inv);
	/* every command's parser looks its ports up by name: keep that linear */
	fa_device_index_begin(run->device);
	fa_parse_budget_begin(opts->lim.parse_budget);
	if (opts->replay_dir) {
		run->replay_inv = *inv;
		run->replay_inv.captures = (char *)opts->replay_dir;
		target = &run->replay_inv;
	}
	run->ops = fa_collector_find(opts->replay_dir ? "replay" : fa_transport_to_string(
								inv->transport));
	if (opts->save_dir) {
		char *name = fa_safe_dirname(inv->name);

		run->save_dir = fa_xasprintf("%s/%s", opts->save_dir, name);
		free(name);
		if (fa_mkdir_p(run->save_dir, &err) < 0) {
			fa_device_warn(run->device, "cannot save captures: %s", err.msg);
			free(run->save_dir);
			run->save_dir = NULL;
		} else {
			run->meta = json_object();
			json_object_set_new(run->meta, "commands", json_array());
		}
	}
	if (!run->platform) {
		fa_dev_fail(run, FA_STATUS_COMMAND_FAILED, "unknown platform");
		goto out;
	}
	if (!run->ops) {
		char msg[256];

		snprintf(msg, sizeof(msg), "transport '%s' is not available in this build",
			 fa_transport_to_string(inv->transport));
		fa_dev_fail(run, FA_STATUS_UNREACHABLE, msg);
		goto out;
	}
	r = run->ops->open(target, &run->lim, &run->session, &err);
	if (r < 0) {
		fa_dev_fail(run, fa_status_for(r), err.msg[0] ? err.msg : fa_strerror(r));
		goto out;
	}
	run->counters = fa_wants_counters(run);
	fa_run_stage(run, false, false);
	fa_run_stage(run, true, false);
	if (!run->counters)
		fa_drop_counters(run->device);
	fa_set_counters_read_at(run, 1);
	if (fa_wants_second_reading(run))
		fa_set_first_reading_aside(run);
out:
	/* the index is this thread's; the second reading may run on another */
	fa_device_index_end(run->device);
	return run;
}

/* The second reading when one is due, then close and finish: the device, handed over. */
static json_t *fa_dev_end(struct fa_dev_run *run)
{
	json_t *device = run->device;

	if (run->first) {
		fa_second_reading(run);
		fa_set_counters_read_at(run, 2);
	}
	if (run->session)
		run->ops->close(run->session);
	fa_capture_clean_device(device);
	fa_set_str(device, "status", fa_status_to_string(run->status));
	if (run->meta)
		fa_write_meta(run, fa_clock_now() - run->t0);
	json_decref(run->meta);
	json_decref(run->first);
	free(run->save_dir);
	free(run);
	return device;
}

struct fa_pool {
	const struct fa_inventory *inv;
	const struct fa_collect_opts *opts;
	json_t **results;
	json_t **statuses;
	atomic_size_t next;
	atomic_size_t done;
	atomic_size_t failed;
	pthread_mutex_t progress_lock;
	double drawn_at;	/* when the progress line was last drawn (progress_lock) */
	size_t drawn;		/* devices done it showed (progress_lock) */
	pthread_mutex_t share_lock;
	json_t *shared;		/* lists shared between devices (fa_model_share_lists) */
	double t0;
	/*
	 * --sample: devices waiting for their second reading, in the order they are due (each
	 * is due a fixed time after its first reading, so first in is first due); queue_lock.
	 */
	pthread_mutex_t queue_lock;
	struct fa_dev_run **waiting;
	size_t wait_head, wait_len;
};

/*
 * Devices that may wait for their second reading at once, each holding its session (a file
 * descriptor and the device's patience): past this, workers take the second readings
 * before opening more devices.
 */
#define FA_SAMPLE_MAX_WAITING 256

/* Seconds between two draws of the progress line: at most 10 a second. */
#define FA_PROGRESS_INTERVAL 0.1

/*
 * Redraw the progress line: never more often than FA_PROGRESS_INTERVAL, and never showing
 * fewer devices done than the last draw (counts are read under the lock, so a worker that
 * finished earlier cannot draw an older count over a newer one).
 */
static void fa_progress(struct fa_pool *pool, bool final)
{
	size_t done, total = pool->inv->ndevices;
	double now, elapsed, rate;

	if (!pool->opts->progress)
		return;
	pthread_mutex_lock(&pool->progress_lock);
	done = atomic_load(&pool->done);
	now = fa_clock_now();
	if (!final && (done <= pool->drawn || now - pool->drawn_at < FA_PROGRESS_INTERVAL)) {
		pthread_mutex_unlock(&pool->progress_lock);
		return;
	}
	pool->drawn = done;
	pool->drawn_at = now;
	elapsed = now - pool->t0;
	rate = elapsed > 0 ? (double)done / elapsed : 0;
	fprintf(stderr, "\rcollect: %zu/%zu devices, %zu failed, %.1f/s, ETA %.0fs   ", done,
		total, atomic_load(&pool->failed), rate,
		rate > 0 ? (double)(total - done) / rate : 0.0);
	if (final)
		fputc('\n', stderr);
	fflush(stderr);
	pthread_mutex_unlock(&pool->progress_lock);
}

/* {"name", "status", "error"?} of a collected device: what a summary needs. */
static json_t *fa_collect_status(const json_t *d)
{
	json_t *s = json_object();

	json_object_set(s, "name", json_object_get(d, "name"));
	json_object_set(s, "status", json_object_get(d, "status"));
	if (json_object_get(d, "error"))
		json_object_set(s, "error", json_object_get(d, "error"));
	return s;
}

/* Hand a finished device over: its status, the caller's callback or the results. */
static void fa_pool_done(struct fa_pool *pool, size_t i, json_t *d)
{
	const char *st = fa_get_str(d, "status");
	bool ok = st && strcmp(st, "ok") == 0;

	/* Share repeated maps as each device lands, so memory stays proportional to what is
	 * different between devices. */
	pthread_mutex_lock(&pool->share_lock);
	fa_model_share_lists(d, pool->shared);
	pool->statuses[i] = fa_collect_status(d);
	if (pool->opts->on_device)
		pool->opts->on_device(d, pool->opts->ctx);
	else
		pool->results[i] = d;
	pthread_mutex_unlock(&pool->share_lock);
	if (!ok)
		atomic_fetch_add(&pool->failed, 1);
	atomic_fetch_add(&pool->done, 1);
	fa_progress(pool, false);
}

/*
 * The next piece of work, under queue_lock: a waiting device whose second reading is due
 * (or any waiting device once there is nothing new to open, or too many wait), else a new
 * device to open (*ret_new), else nothing (false).
 */
static bool fa_pool_next(struct fa_pool *pool, struct fa_dev_run **ret_wait, size_t *ret_new)
{
	size_t n = pool->inv->ndevices;
	bool got = false;

	*ret_wait = NULL;
	pthread_mutex_lock(&pool->queue_lock);
	for (;;) {
		if (pool->wait_len) {
			struct fa_dev_run *head = pool->waiting[pool->wait_head];

			if (atomic_load(&pool->next) >= n || head->ready_at <= fa_clock_now() ||
			    pool->wait_len >= FA_SAMPLE_MAX_WAITING) {
				*ret_wait = head;
				pool->wait_head = (pool->wait_head + 1) % n;
				pool->wait_len--;
				got = true;
				break;
			}
		}
		if (atomic_load(&pool->next) < n) {
			*ret_new = atomic_fetch_add(&pool->next, 1);
			got = true;
			break;
		}
		if (!pool->wait_len)
			break;
	}
	pthread_mutex_unlock(&pool->queue_lock);
	return got;
}

static void *fa_worker(void *arg)
{
	struct fa_pool *pool = arg;
	struct fa_dev_run *run;
	size_t i = 0;

	while (fa_pool_next(pool, &run, &i)) {
		if (!run) {
			run = fa_dev_begin(&pool->inv->devices[i], pool->opts);
			run->index = i;
			if (run->first) {
				pthread_mutex_lock(&pool->queue_lock);
				pool->waiting[(pool->wait_head + pool->wait_len) %
					      pool->inv->ndevices] = run;
				pool->wait_len++;
				pthread_mutex_unlock(&pool->queue_lock);
				continue;
			}
		}
		i = run->index;
		fa_pool_done(pool, i, fa_dev_end(run));
	}
	return NULL;
}

int fa_collect(const struct fa_inventory *inv, const struct fa_collect_opts *opts,
	       json_t **ret_devices, json_t **ret_statuses, struct fa_err *err)
{
	struct fa_pool pool;
	pthread_t *threads;
	size_t i, nthreads;
	json_t *devices, *statuses;
	int r;

	if (opts->save_dir) {
		r = fa_mkdir_p(opts->save_dir, err);
		if (r < 0)
			return r;
	}
	memset(&pool, 0, sizeof(pool));
	pool.inv = inv;
	pool.opts = opts;
	pool.results = fa_xcalloc(inv->ndevices ? inv->ndevices : 1, sizeof(*pool.results));
	pool.statuses = fa_xcalloc(inv->ndevices ? inv->ndevices : 1, sizeof(*pool.statuses));
	pool.t0 = fa_clock_now();
	pthread_mutex_init(&pool.progress_lock, NULL);
	pthread_mutex_init(&pool.share_lock, NULL);
	pthread_mutex_init(&pool.queue_lock, NULL);
	pool.waiting = fa_xcalloc(inv->ndevices ? inv->ndevices : 1, sizeof(*pool.waiting));
	pool.shared = json_object();
	nthreads = opts->jobs > 0 ? (size_t)opts->jobs : 1;
	if (nthreads > inv->ndevices)
		nthreads = inv->ndevices ? inv->ndevices : 1;
	threads = fa_xcalloc(nthreads, sizeof(*threads));
	for (i = 0; i < nthreads; i++) {
		if (pthread_create(&threads[i], NULL, fa_worker, &pool) != 0) {
			nthreads = i;
			break;
		}
	}
	/* Should no thread start at all, the caller's thread does the work. */
	if (nthreads == 0)
		fa_worker(&pool);
	for (i = 0; i < nthreads; i++)
		pthread_join(threads[i], NULL);
	fa_progress(&pool, true);
	devices = json_array();
	statuses = json_array();
	for (i = 0; i < inv->ndevices; i++) {
		if (pool.results[i])
			json_array_append_new(devices, pool.results[i]);
		json_array_append_new(statuses, pool.statuses[i]);
	}
	free(threads);
	free(pool.results);
	free(pool.statuses);
	pthread_mutex_destroy(&pool.progress_lock);
	pthread_mutex_destroy(&pool.share_lock);
	pthread_mutex_destroy(&pool.queue_lock);
	free(pool.waiting);
	json_decref(pool.shared);
	*ret_devices = devices;
	if (ret_statuses)
		*ret_statuses = statuses;
	else
		json_decref(statuses);
	return 0;
}

unsigned fa_collect_shard_of(const char *name, unsigned count)
{
	uint64_t h = 14695981039346656037ULL;

	for (; *name; name++) {
		h ^= (unsigned char)*name;
		h *= 1099511628211ULL;
	}
	return count ? (unsigned)(h % count) : 0;
}

size_t fa_collect_count_ok(const json_t *devices)
{
	size_t i, n = 0;
	json_t *d;

	json_array_foreach(devices, i, d) {
		const char *st = fa_get_str(d, "status");

		if (st && strcmp(st, "ok") == 0)
			n++;
	}
	return n;
}
