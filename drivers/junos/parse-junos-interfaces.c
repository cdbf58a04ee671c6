/* SPDX-License-Identifier: MIT */
/*
 * <get-interface-information/> ("show interfaces"): one port per <physical-interface>.
 *
 * Logical units (<logical-interface>, "ge-0/0/0.0") are not ports in the model and are
 * skipped.  Values Junos prints for "not applicable" ("Unlimited" MTU on virtual interfaces,
 * "Auto"/"Unspecified"/"Unlimited" speed) leave the field absent; anything else that does not
 * parse is a warning.  Junos reports the media MTU, which includes the Ethernet header
 * (1514 for a 1500-byte IP MTU); the model keeps the MTU as the device reports it.
 */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "audit/model.h"
#include "drivers/junos/parse-junos.h"
#include "drivers/text/mac.h"
#include "drivers/text/units.h"
#include "drivers/text/xmlsafe.h"
#include "audit/util/banned.h"

/* "1000mbps", "10Gbps", "400Gbps" -> bits/s.  0 when not a speed, -1 when unparseable. */
static int fa_junos_speed(const char *s, int64_t *ret)
{
	static const struct {
		const char *unit;
		int64_t factor;
	} units[] = {{"tbps", 1000000000000LL},
		     {"gbps", 1000000000LL},
		     {"mbps", 1000000LL},
		     {"kbps", 1000LL},
		     {"bps", 1LL}};
	char *end;
	long long v;
	size_t i;

	if (!isdigit((unsigned char)s[0]))
		return 0;
	v = strtoll(s, &end, 10);
	while (*end == ' ')
		end++;
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (strcasecmp(end, units[i].unit) == 0) {
			*ret = (int64_t)v * units[i].factor;
			return 1;
		}
	return -1;
}

static void fa_junos_state(json_t *device, json_t *port, const char *cmd, const char *name,
			   const char *field, const char *value)
{
	if (strcmp(value, "up") == 0 || strcmp(value, "down") == 0)
		fa_set_str(port, field, value);
	else
		fa_device_warn(device, "%s: %s: unknown %s '%s'", cmd, name, field, value);
}

static void fa_junos_fec(json_t *device, json_t *port, const char *cmd, const char *name,
			 const char *fec)
{
	if (strcasecmp(fec, "fec91") == 0 || strcasecmp(fec, "fec119") == 0 ||
	    strcasecmp(fec, "rs-fec") == 0)
		fa_set_str(port, "fec", "rs");
	else if (strcasecmp(fec, "fec74") == 0)
		fa_set_str(port, "fec", "baser");
	else if (strcasecmp(fec, "none") == 0 || strcasecmp(fec, "disabled") == 0)
		fa_set_str(port, "fec", "off");
	else
		fa_device_warn(device, "%s: %s: unknown FEC mode '%s'", cmd, name, fec);
}

static void fa_junos_physical_interface(json_t *device, const char *cmd, xmlNodePtr ifd)
{
	char *name = fa_xml_child_text(ifd, "name");
	char *v;
	json_t *port;
	int64_t n;

	if (!name) {
		fa_device_warn(device, "%s: a <physical-interface> without a <name>", cmd);
		return;
	}
	port = fa_device_port(device, name);
	fa_set_str(port, "type", fa_junos_port_type(name));
	if ((v = fa_xml_child_text(ifd, "admin-status"))) {
		fa_junos_state(device, port, cmd, name, "admin_state", v);
		free(v);
	}
	if ((v = fa_xml_child_text(ifd, "oper-status"))) {
		fa_junos_state(device, port, cmd, name, "oper_state", v);
		free(v);
	}
	if ((v = fa_xml_child_text(ifd, "mtu"))) {
		if (fa_parse_int(v, &n) && n > 0)
			fa_set_int(port, "mtu", n);
		else if (strcmp(v, "Unlimited") != 0)
			fa_device_warn(device, "%s: %s: unknown MTU '%s'", cmd, name, v);
		free(v);
	}
	if ((v = fa_xml_child_text(ifd, "speed"))) {
		int s = fa_junos_speed(v, &n);

		if (s > 0)
			fa_set_int(port, "speed", n);
		else if (s < 0)
			fa_device_warn(device, "%s: %s: unknown speed '%s'", cmd, name, v);
		free(v);
	}
	if ((v = fa_xml_child_text(ifd, "if-auto-negotiation"))) {
		if (strcmp(v, "enabled") == 0 || strcmp(v, "disabled") == 0)
			fa_set_bool(port, "autoneg", strcmp(v, "enabled") == 0);
		else
			fa_device_warn(device, "%s: %s: unknown auto-negotiation '%s'", cmd, name,
				       v);
		free(v);
	}
	if ((v = fa_xml_child_text(ifd, "ethernet-fec-mode"))) {
		fa_junos_fec(device, port, cmd, name, v);
		free(v);
	}
	if ((v = fa_xml_child_text(ifd, "current-physical-address"))) {
		fa_set_mac(port, v);
		free(v);
	}
	if ((v = fa_xml_child_text(ifd, "description"))) {
		fa_set_str(port, "description", v);
		free(v);
	}
	free(name);
}

int fa_parse_junos_interfaces(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	xmlDocPtr doc = NULL;
	xmlNodePtr info, ifd;
	int r;

	r = fa_junos_reply(cap, "interface-information", &doc, &info, err);
	if (r)
		return r;
	for (ifd = fa_xml_child(info, "physical-interface"); ifd;
	     ifd = fa_xml_next(ifd, "physical-interface"))
		fa_junos_physical_interface(device, cap->command, ifd);
	xmlFreeDoc(doc);
	return 0;
}
