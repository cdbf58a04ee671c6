/* SPDX-License-Identifier: MIT */
/*
 * Local collection of this host; the order and policy are in local.h.
 *
 * The tool step reuses the linux platform table, so a host collecting itself runs the same
 * commands (expanded the same way: per RDMA interface IF, per RDMA device DEV) through the
 * same parsers as a host collected over SSH.  Commands whose answer the kernel already gave
 * are skipped, so netlink and sysfs stay the authority for links and RDMA ports.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "audit/model.h"
#include "audit/snapshot.h"
#include "audit/health.h"
#include "audit/util/clock.h"
#include "audit/util/fileio.h"
#include "audit/util/xalloc.h"
#include "drivers/transport/local.h"
#include "drivers/transport/netlink.h"
#include "drivers/platform.h"
#include "drivers/transport/sysfs-rdma.h"
#include "audit/util/banned.h"

/* Linux platform commands whose answer comes from the kernel when collecting locally. */
static const char *const fa_local_replaced[] = {
	"cat /etc/os-release", "uname -r", "ip -j -d link show", "ibdev2netdev", "ibstat",
	"grep -H . /sys/class/net/*/carrier_changes",
};

static bool fa_local_is_replaced(const char *command)
{
	size_t i;

	for (i = 0; i < sizeof(fa_local_replaced) / sizeof(fa_local_replaced[0]); i++)
		if (strcmp(command, fa_local_replaced[i]) == 0)
			return true;
	return false;
}

/* Parse @len bytes as the answer to @command with @fn; a refusal becomes a warning. */
static void fa_local_parse(json_t *device, const char *command, const char *arg,
			   fa_parse_fn *fn, const char *data, size_t len)
{
	struct fa_capture cap = FA_CAPTURE_INIT;
	struct fa_err err = FA_ERR_INIT;

	cap.device = fa_get_str(device, "name");
	cap.command = command;
	cap.arg = arg;
	cap.data = data;
	cap.len = len;
	cap.exit_status = 0;
	if (fn(&cap, device, &err) < 0)
		fa_device_warn(device, "%s: %s", command, err.msg[0] ? err.msg : "not understood");
}

static void fa_local_os(const struct fa_local_opts *o, json_t *device)
{
	const struct fa_platform *linux_p = fa_platform_find("linux");
	const struct fa_command *c;
	struct fa_buf b = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	struct utsname u;
	const char *path = o->os_release ? o->os_release : "/etc/os-release";

	if (!linux_p)
		return;
	c = fa_platform_command(linux_p, "cat /etc/os-release", NULL);
	if (c && fa_file_read(path, 1 << 20, &b, &err) == 0)
		fa_local_parse(device, c->command, NULL, c->parse, b.buf, b.len);
	else if (c)
		fa_device_warn(device, "%s: %s", path, err.msg);
	fa_buf_reset(&b);
	c = fa_platform_command(linux_p, "uname -r", NULL);
	if (c && uname(&u) == 0) {
		fa_buf_addf(&b, "%s\n", u.release);
		fa_local_parse(device, c->command, NULL, c->parse, b.buf, b.len);
	}
	fa_buf_release(&b);
}

/* Is @tool an executable in $PATH (or a path to one)? */
static bool fa_local_have_tool(const char *tool)
{
	const char *path = getenv("PATH"), *p;
	bool found = false;

	if (strchr(tool, '/'))
		return access(tool, X_OK) == 0;
	for (p = path ? path : "/usr/bin:/bin"; !found && p && *p;) {
		const char *colon = strchr(p, ':');
		size_t n = colon ? (size_t)(colon - p) : strlen(p);
		char *f = fa_xasprintf("%.*s/%s", (int)n, n ? p : ".", tool);

		found = access(f, X_OK) == 0;
		free(f);
		p = colon ? colon + 1 : NULL;
	}
	return found;
}

/* Run one expanded tool command and parse its answer; every failure is a warning. */
static void fa_local_tool(const struct fa_local_opts *o, json_t *device,
			  const struct fa_command *c, const char *arg)
{
	struct fa_buf out = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	char *command = fa_command_expand(c, arg);
	int ex = -1, r;

	r = fa_collector_local.exec(NULL, command, &o->lim, &out, &ex, &err);
	if (r < 0 || ex != 0) {
		if (r < 0)
			fa_device_warn(device, "%s: %s", command, err.msg[0] ? err.msg : fa_strerror(r));
		else
			fa_device_warn(device, "%s: exited with status %d%s%s", command, ex,
				       err.msg[0] ? ": " : "", err.msg);
	} else {
		fa_local_parse(device, command, arg, c->parse, out.buf, out.len);
	}
	fa_buf_release(&out);
	free(command);
}

/* The first word of a command: the tool it runs (new string). */
static char *fa_local_tool_name(const char *command)
{
	size_t n = strcspn(command, " ");

	return fa_xstrndup(command, n);
}

static bool fa_local_port_has_qos(const json_t *port)
{
	return fa_obj_get_path(port, "qos.pfc_enabled") || fa_obj_get_path(port, "qos.ets");
}

/* The tools of the linux table: the configuration ones, or (@counters) the counter ones. */
static void fa_local_tools(const struct fa_local_opts *o, json_t *device, bool counters)
{
	const struct fa_platform *p = fa_platform_find("linux");
	json_t *missing = json_object(), *port, *seen;
	size_t i, k;
	bool have;

	for (i = 0; p && i < p->ncommands; i++) {
		const struct fa_command *c = &p->commands[i];
		char *tool;

		if ((c->flags & FA_CMD_PARSE_ONLY) || fa_local_is_replaced(c->command))
			continue;
		if (counters != ((c->flags & FA_CMD_COUNTERS) != 0))
			continue;
		tool = fa_local_tool_name(c->command);
		have = fa_local_have_tool(tool);
		if (c->expand == FA_EXPAND_NONE) {
			if (have)
				fa_local_tool(o, device, c, NULL);
			else if (!json_object_get(missing, tool))
				json_object_set_new(missing, tool, json_string(c->command));
			free(tool);
			continue;
		}
		/* Each interface or RDMA device once, however many ports name it. */
		seen = json_object();
		json_array_foreach(json_object_get(device, "ports"), k, port) {
			const char *name = fa_get_str(port, "name"), *dev = fa_get_str(port, "nic.device");
			const char *arg = c->expand == FA_EXPAND_NETDEV ? name : dev;

			if (!dev || !name || (c->expand == FA_EXPAND_NETDEV && strchr(name, '/')))
				continue;
			if (json_object_get(seen, arg))
				continue;
			json_object_set_new(seen, arg, json_true());
			/* mlnx_qos only where the kernel's DCB interface gave nothing. */
			if (strncmp(c->command, "mlnx_qos ", 9) == 0 && fa_local_port_has_qos(port))
				continue;
			if (have)
				fa_local_tool(o, device, c, arg);
			else if (!json_object_get(missing, tool))
				json_object_set_new(missing, tool, json_string(c->command));
		}
		json_decref(seen);
		free(tool);
	}
	{
		const char *tool;
		json_t *cmd;

		json_object_foreach(missing, tool, cmd) {
			fa_device_warn(device, "%s is not installed: '%s' not run", tool,
				       json_string_value(cmd));
		}
	}
	json_decref(missing);
}

static void fa_local_dcb(const struct fa_local_opts *o, json_t *device)
{
	json_t *port;
	size_t i;

	json_array_foreach(json_object_get(device, "ports"), i, port) {
		const char *name = fa_get_str(port, "name"), *type = fa_get_str(port, "type");
		struct fa_err err = FA_ERR_INIT;
		bool supported = false;

		if (!name || strchr(name, '/'))
			continue;
		if (!fa_get_str(port, "nic.device") && (!type || (strcmp(type, "ethernet") != 0 &&
								 strcmp(type, "virtual") != 0)))
			continue;
		if (fa_nl_dcb_read(name, 5, port, &supported, &err) < 0)
			fa_device_warn(device, "netlink: DCB of %s: %s", name, err.msg);
		else if (!supported && fa_get_str(port, "nic.device"))
			fa_device_warn(device, "netlink: %s: the driver has no DCB netlink interface; "
				       "QoS comes from mlnx_qos when installed", name);
	}
}

/* One reading of the counters: the kernel's, and the counter tools' (ethtool -S, -m, ...). */
static void fa_local_counters(const struct fa_local_opts *o, json_t *device)
{
	struct fa_err nlerr = FA_ERR_INIT;

	if (fa_nl_counters_read(device, &nlerr) < 0)
		fa_device_warn(device, "netlink: no counters: %s", nlerr.msg);
	if (o->run_tools)
		fa_local_tools(o, device, true);
}

/* --sample: two readings @o->sample seconds apart, and each port's health from them. */
static void fa_local_sample(const struct fa_local_opts *o, json_t *device)
{
	json_t *first = json_object(), *p;
	double t0 = fa_clock_now(), left;
	struct timespec ts;
	char read_at[40];
	size_t i;

	fa_clock_rfc3339_ms(read_at, sizeof(read_at));
	fa_local_counters(o, device);
	json_array_foreach(json_object_get(device, "ports"), i, p) {
		if (fa_get_str(p, "name") && json_object_get(p, "counters")) {
			json_object_set(first, fa_get_str(p, "name"), json_object_get(p, "counters"));
			json_object_del(p, "counters");
		}
	}
	while ((left = t0 + o->sample - fa_clock_now()) > 0) {
		ts.tv_sec = (time_t)left;
		ts.tv_nsec = (long)((left - (double)ts.tv_sec) * 1e9);
		nanosleep(&ts, NULL);
	}
	fa_clock_rfc3339_ms(read_at, sizeof(read_at));
	left = fa_clock_now() - t0;
	fa_local_counters(o, device);
	json_array_foreach(json_object_get(device, "ports"), i, p) {
		const json_t *then = json_object_get(first, fa_get_str(p, "name"));

		if (then)
			fa_health_derive_port(p, then, left, "sample");
	}
	if (json_object_size(first))
		fa_set_str(device, "counters_read_at", read_at);
	json_decref(first);
}

int fa_local_collect(const struct fa_local_opts *o, json_t **ret_device, struct fa_err *err)
{
	const char *sysfs = o->sysfs ? o->sysfs : "/sys";
	struct fa_err nlerr = FA_ERR_INIT;
	char host[256];
	json_t *device;

	if (gethostname(host, sizeof(host)) < 0) {
		if (!o->name)
			return fa_err_set(err, FA_EINVAL,
					  "cannot tell this host's name; give one with --name");
		host[0] = '\0';
	}
	host[sizeof(host) - 1] = '\0';
	device = fa_device_new(o->name ? o->name : host, "host");
	fa_set_str(device, "platform", "linux");
	if (host[0])
		fa_set_str(device, "hostname", host);
	fa_local_os(o, device);
	if (fa_nl_links_read(device, &nlerr) < 0) {
		fa_set_str(device, "status", fa_status_to_string(FA_STATUS_COMMAND_FAILED));
		fa_set_str(device, "error", nlerr.msg);
		*ret_device = device;
		return 0;
	}
	fa_sysfs_rdma_read(sysfs, device, NULL);
	fa_sysfs_dcqcn_read(sysfs, device, NULL);
	fa_local_dcb(o, device);
	if (o->run_tools)
		fa_local_tools(o, device, false);
	if (o->sample > 0)
		fa_local_sample(o, device);
	fa_set_str(device, "status", fa_status_to_string(FA_STATUS_OK));
	*ret_device = device;
	return 0;
}
