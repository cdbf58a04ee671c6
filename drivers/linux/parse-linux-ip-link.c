/* SPDX-License-Identifier: MIT */
/*
 * ip -j -d link show: iproute2's JSON, an array with one object per link.  Each link becomes
 * a port named by "ifname":
 *
 *   type         linkinfo.info_kind first (bond, team -> bond; vlan; bridge, openvswitch ->
 *                bridge; ipoib -> infiniband; any other kind, e.g. veth, vxlan, dummy, tun,
 *                macvlan -> virtual), else link_type (ether -> ethernet, loopback,
 *                infiniband; anything else -> other).  A bond member keeps its own type
 *                (its linkinfo has info_slave_kind, not info_kind).
 *   admin_state  "up" when flags holds "UP", else "down".
 *   oper_state   operstate, lowercased.
 *   mtu          mtu.
 *   mac          address, lowercased, for ether and infiniband link types only (the
 *                "address" of a tunnel is an IP address).
 */
#include "config.h"

#include <ctype.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/linux/parse-linux.h"
#include "drivers/linux/parse-linux-int.h"
#include "audit/util/banned.h"

static const struct {
	const char *kind;
	const char *type;
} fa_link_kinds[] = {
	{ "bond", "bond" },	    { "team", "bond" },	    { "vlan", "vlan" },
	{ "bridge", "bridge" },	    { "openvswitch", "bridge" }, { "ipoib", "infiniband" },
};

static const char *fa_link_type(const json_t *link)
{
	const char *kind = json_string_value(json_object_get(json_object_get(link, "linkinfo"),
							     "info_kind"));
	const char *lt = json_string_value(json_object_get(link, "link_type"));
	size_t i;

	if (kind) {
		for (i = 0; i < sizeof(fa_link_kinds) / sizeof(fa_link_kinds[0]); i++)
			if (strcmp(kind, fa_link_kinds[i].kind) == 0)
				return fa_link_kinds[i].type;
		return "virtual";
	}
	if (!lt)
		return NULL;
	if (strcmp(lt, "ether") == 0)
		return "ethernet";
	if (strcmp(lt, "loopback") == 0)
		return "loopback";
	if (strcmp(lt, "infiniband") == 0)
		return "infiniband";
	return "other";
}

static bool fa_has_flag(const json_t *link, const char *flag)
{
	json_t *flags = json_object_get(link, "flags");
	json_t *f;
	size_t i;

	json_array_foreach(flags, i, f)
		if (json_is_string(f) && strcmp(json_string_value(f), flag) == 0)
			return true;
	return false;
}

/* Set @path to the lowercase copy of @s (at most 63 bytes, as MACs and states are). */
static void fa_set_lower(json_t *port, const char *path, const char *s)
{
	char low[64];
	size_t i, n = strlen(s);

	if (n >= sizeof(low))
		n = sizeof(low) - 1;
	for (i = 0; i < n; i++)
		low[i] = (char)tolower((unsigned char)s[i]);
	low[n] = '\0';
	fa_set_str(port, path, low);
}

struct fa_ip_link_run {
	json_t *device;
	const char *cmd;
	size_t links;
};

/* One link of the list; an object instead of a list stops the walk (-FA_EINVAL). */
static int fa_ip_link(void *ctx, const char *key, size_t i, json_t *link, struct fa_err *err)
{
	struct fa_ip_link_run *run = ctx;
	json_t *device = run->device;
	const char *cmd = run->cmd;
	const char *name = json_string_value(json_object_get(link, "ifname"));
	const char *lt = json_string_value(json_object_get(link, "link_type"));
	const char *oper = json_string_value(json_object_get(link, "operstate"));
	const char *addr = json_string_value(json_object_get(link, "address"));
	json_t *mtu = json_object_get(link, "mtu");
	const char *type;
	json_t *port;

	(void)err;
	if (key)
		return -FA_EINVAL;
	run->links++;
	if (!json_is_object(link) || !name || !*name) {
		fa_device_warn(device, "%s: link #%zu has no ifname", cmd, i);
		return 0;
	}
	port = fa_device_port(device, name);
	type = fa_link_type(link);
	if (type)
		fa_set_str(port, "type", type);
	if (json_is_array(json_object_get(link, "flags")))
		fa_set_str(port, "admin_state", fa_has_flag(link, "UP") ? "up" : "down");
	if (oper)
		fa_set_lower(port, "oper_state", oper);
	if (json_is_integer(mtu) && json_integer_value(mtu) > 0)
		fa_set_int(port, "mtu", json_integer_value(mtu));
	if (addr && lt && (strcmp(lt, "ether") == 0 || strcmp(lt, "infiniband") == 0))
		fa_set_lower(port, "mac", addr);
	return 0;
}

/* Read one link at a time: 100,000 links are never held as values at once. */
int fa_parse_linux_ip_link(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	struct fa_ip_link_run run = { device, fa_linux_cmd(cap, "ip -j -d link show"), 0 };
	enum fa_json_each_kind kind = FA_JSON_EACH_OTHER;
	int r;

	r = fa_linux_json_each(cap, run.cmd, fa_ip_link, &run, &kind, err);
	if (r == -FA_EINVAL || (r == 0 && kind != FA_JSON_EACH_ARRAY))
		return fa_err_set(err, FA_EPARSE, "%s: expected a JSON array of links", run.cmd);
	if (r == 0 && run.links == 0)
		fa_device_warn(device, "%s: no links", run.cmd);
	return r;
}
