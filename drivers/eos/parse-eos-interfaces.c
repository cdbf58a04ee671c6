/* SPDX-License-Identifier: MIT */
/*
 * EOS "show interfaces | json" into the model's ports.
 *
 * Per interface: "hardware" gives the type (Management interfaces are ethernet hardware but
 * type management); "interfaceStatus" "disabled" is admin down and every other status
 * (connected, notconnect, errdisabled, ...) admin up; "lineProtocolStatus" is the operational
 * state; "bandwidth" is bits per second, 0 when EOS does not know it (vEOS, loopbacks), which
 * sets nothing; "autoNegotiate" "success" means negotiation ran and completed.
 * "interfaceCounters" gives counters: linkStatusChanges (every change of the line protocol,
 * up or down: carrier_changes), inOctets and outOctets (rx_bytes, tx_bytes).
 */
#include "config.h"

#include <ctype.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/eos/parse-eos.h"
#include "drivers/text/mac.h"
#include "drivers/platform.h"
#include "audit/util/banned.h"

#define FA_EOS_INTF_CMD "show interfaces | json"

struct fa_name_map {
	const char *from, *to;
};

static const struct fa_name_map fa_eos_hw[] = {
    {"ethernet", "ethernet"}, {"loopback", "loopback"}, {"vlan", "vlan"},
    {"portChannel", "bond"},  {"subinterface", "vlan"}, {"vxlan", "virtual"},
    {"tunnel", "virtual"},    {"null", "virtual"},
};

static const struct fa_name_map fa_eos_oper[] = {
    {"up", "up"},
    {"down", "down"},
    {"notPresent", "notpresent"},
    {"lowerLayerDown", "lowerlayerdown"},
    {"testing", "testing"},
    {"dormant", "dormant"},
    {"unknown", "unknown"},
};

static const char *fa_map(const struct fa_name_map *m, size_t n, const char *s)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(m[i].from, s) == 0)
			return m[i].to;
	return NULL;
}

static const char *const fa_eos_counters[][2] = {
    {"linkStatusChanges", "counters.carrier_changes"},
    {"inOctets", "counters.rx_bytes"},
    {"outOctets", "counters.tx_bytes"},
};

static void fa_eos_interface_counters(json_t *device, const char *name, json_t *p,
				      const json_t *ctr)
{
	size_t k;

	for (k = 0; k < sizeof(fa_eos_counters) / sizeof(fa_eos_counters[0]); k++) {
		json_t *v = json_object_get(ctr, fa_eos_counters[k][0]);

		if (json_is_integer(v) && json_integer_value(v) >= 0)
			fa_set_int(p, fa_eos_counters[k][1], json_integer_value(v));
		else if (v)
			fa_device_warn(device, FA_EOS_INTF_CMD ": %s: %s is not a count", name,
				       fa_eos_counters[k][0]);
	}
}

static void fa_eos_interface(json_t *device, const char *name, const json_t *i)
{
	const char *hw = json_string_value(json_object_get(i, "hardware"));
	const char *status = json_string_value(json_object_get(i, "interfaceStatus"));
	const char *proto = json_string_value(json_object_get(i, "lineProtocolStatus"));
	const char *mac = json_string_value(json_object_get(i, "physicalAddress"));
	const char *descr = json_string_value(json_object_get(i, "description"));
	const char *an = json_string_value(json_object_get(i, "autoNegotiate"));
	json_t *mtu = json_object_get(i, "mtu");
	json_t *bw = json_object_get(i, "bandwidth");
	json_t *p = fa_device_port(device, name);
	const char *v;

	if (strncmp(name, "Management", 10) == 0) {
		fa_set_str(p, "type", "management");
	} else if (hw) {
		v = fa_map(fa_eos_hw, sizeof(fa_eos_hw) / sizeof(fa_eos_hw[0]), hw);
		fa_set_str(p, "type", v ? v : "other");
	}
	if (status)
		fa_set_str(p, "admin_state", strcmp(status, "disabled") == 0 ? "down" : "up");
	if (proto) {
		v = fa_map(fa_eos_oper, sizeof(fa_eos_oper) / sizeof(fa_eos_oper[0]), proto);
		if (v)
			fa_set_str(p, "oper_state", v);
		else
			fa_device_warn(device,
				       FA_EOS_INTF_CMD ": %s: lineProtocolStatus '%s' not "
						       "understood",
				       name, proto);
	}
	if (json_is_integer(mtu) && json_integer_value(mtu) > 0)
		fa_set_int(p, "mtu", json_integer_value(mtu));
	else if (mtu)
		fa_device_warn(device, FA_EOS_INTF_CMD ": %s: mtu is not a positive integer", name);
	if (json_is_number(bw) && json_number_value(bw) > 0)
		fa_set_int(p, "speed", (json_int_t)json_number_value(bw));
	if (mac)
		fa_set_mac(p, mac);
	if (descr && *descr)
		fa_set_str(p, "description", descr);
	if (an && strcmp(an, "success") == 0)
		fa_set_bool(p, "autoneg", true);
	if (json_is_object(json_object_get(i, "interfaceCounters")))
		fa_eos_interface_counters(device, name, p, json_object_get(i, "interfaceCounters"));
}

static bool fa_eos_interface_each(json_t *device, const char *name, const json_t *intf,
				  const void *ctx)
{
	(void)ctx;
	fa_eos_interface(device, name, intf);
	return true;
}

int fa_parse_eos_interfaces(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	size_t i;
	int r;

	for (i = 0; i < cap->len && isspace((unsigned char)cap->data[i]); i++)
		;
	if (i < cap->len && cap->data[i] != '{')
		return fa_parse_eos_interfaces_text(cap, device, err);
	r = fa_eos_each_interface(cap, device, err, FA_EOS_INTF_CMD, "interfaces",
				  fa_eos_interface_each, NULL);
	/* no interface at all is an answer ("nothing recognised" decides) */
	return r == FA_PARSED_EMPTY ? 0 : r;
}
