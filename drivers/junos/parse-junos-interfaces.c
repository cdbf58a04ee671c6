/* SPDX-License-Identifier: MIT */
/*
 * <get-interface-information/> ("show interfaces"): one port per <physical-interface>.
 *
 * Logical units (<logical-interface>, "ge-0/0/0.0") are not ports in the model and are
 * skipped.  Values Junos prints for "not applicable" ("Unlimited" MTU on virtual interfaces,
 * "Auto"/"Unspecified"/"Unlimited" speed) leave the field absent; anything else that does not
 * parse is a warning.  Junos reports the media MTU, which includes the Ethernet header
 * (1514 for a 1500-byte IP MTU); the model keeps the MTU as the device reports it.  The
 * values are read by parse-junos-common.c, which the text parser of "show interfaces" shares.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/junos/parse-junos.h"
#include "drivers/text/mac.h"
#include "drivers/text/xmlsafe.h"
#include "audit/util/banned.h"

static void fa_junos_state(json_t *device, json_t *port, const char *cmd, const char *name,
			   const char *field, const char *value)
{
	if (strcmp(value, "up") == 0 || strcmp(value, "down") == 0)
		fa_set_str(port, field, value);
	else
		fa_device_warn(device, "%s: %s: unknown %s '%s'", cmd, name, field, value);
}

static void fa_junos_physical_interface(json_t *device, const char *cmd, xmlNodePtr ifd)
{
	char *name = fa_xml_child_text(ifd, "name");
	char *v;
	json_t *port;

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
		fa_junos_mtu(device, port, cmd, name, v);
		free(v);
	}
	if ((v = fa_xml_child_text(ifd, "speed"))) {
		fa_junos_speed(device, port, cmd, name, v);
		free(v);
	}
	if ((v = fa_xml_child_text(ifd, "if-auto-negotiation"))) {
		fa_junos_autoneg(device, port, cmd, name, v);
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
