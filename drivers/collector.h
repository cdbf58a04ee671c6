/* SPDX-License-Identifier: MIT */
/*
 * Collectors: how commands reach a device and its answers come back.
 *
 * One ops table per transport: open a session to a device, run one command on it (returning a
 * capture: the exact bytes printed, the exit status), close.  The registry is a static list;
 * a transport that is not compiled in is simply not in it (-FA_ENOTBUILT on lookup).
 *
 * A collector never decides what to send: drivers/collect.c walks the platform table and asks
 * the collector for exactly those commands (the read-only promise).
 */
#ifndef FA_DRIVERS_COLLECTOR_H
#define FA_DRIVERS_COLLECTOR_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "audit/util/buf.h"
#include "audit/util/err.h"
#include "drivers/capture.h"

struct fa_inv_device;

/* Limits for one device, from the command line and the inventory. */
struct fa_collect_limits {
	double connect_timeout;	/* seconds */
	double command_timeout;	/* seconds, per command */
	size_t max_output;	/* bytes per command; over it -> -FA_ETOOBIG */
	double parse_budget;	/* CPU seconds to parse one device's outputs; 0: none */
	/*
	 * Which reading of the counters this is: 1, or 2 for the second reading of --sample,
	 * whose captures are <slug>.2.txt (replay reads them back from there).
	 */
	int reading;
	/*
	 * The progress line is on (--progress): a command that works long inside this process
	 * (the in-process InfiniBand discovery) may draw its own progress on standard error.
	 */
	bool progress;
	/* SSH (drivers/transport/collector-ssh.c, docs/ssh.md) */
	const char *ssh_config;	/* --ssh-config FILE, or NULL for ~/.ssh/config */
	const char *known_hosts;	/* --known-hosts FILE, or NULL for ~/.ssh/known_hosts */
	bool accept_new;	/* --accept-new: record unknown host keys (trust on first use) */
	/*
	 * Tells the user something worth knowing that is not an error (a host key recorded);
	 * may be NULL.  Called from the worker threads, never with a secret.
	 */
	void (*notify)(const char *device, const char *msg);
};

struct fa_collector_ops {
	const char *name;	/* the inventory's transport name: "replay", "local", "ssh" */
	/*
	 * Open a session to @dev; *ret_session is private to the collector.  Errors:
	 * -FA_EUNREACH, -FA_EAUTH, -FA_EHOSTKEY, -FA_EHOSTKEY_CHANGED, -FA_ETIMEOUT, -FA_ENOENT
	 * (replay: no capture folder for the device).
	 */
	int (*open)(const struct fa_inv_device *dev, const struct fa_collect_limits *lim,
		    void **ret_session, struct fa_err *err);
	/*
	 * Run @command and append what it printed to @out (capped by lim->max_output);
	 * *ret_exit gets its exit status (-1 when unknown).  -FA_ENOENT (replay: no capture),
	 * -FA_ETIMEOUT, -FA_ETOOBIG, -FA_EUNREACH (connection lost).
	 */
	int (*exec)(void *session, const char *command, const struct fa_collect_limits *lim,
		    struct fa_buf *out, int *ret_exit, struct fa_err *err);
	void (*close)(void *session);
	/*
	 * Borrowed: what the capture folder recorded of the collection (meta.json), or NULL;
	 * NULL itself for collectors that talk to devices.  Replay takes the times of the two
	 * readings of --sample from it.
	 */
	const json_t *(*meta)(void *session);
	/* What the answers are: text (saved as <slug>.txt) or NETCONF replies (<slug>.xml). */
	enum fa_capture_format format;
};

/* Borrowed, or NULL when @name is not a built-in transport. */
const struct fa_collector_ops *fa_collector_find(const char *name);

extern const struct fa_collector_ops fa_collector_replay;
#ifdef HAVE_LIBSSH
extern const struct fa_collector_ops fa_collector_ssh;
#endif
extern const struct fa_collector_ops fa_collector_local;
#ifdef HAVE_LIBSSH
extern const struct fa_collector_ops fa_collector_netconf;
#endif

#endif /* FA_DRIVERS_COLLECTOR_H */
