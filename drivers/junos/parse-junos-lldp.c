/* SPDX-License-Identifier: MIT */
/*
 * <get-lldp-neighbors-information/> ("show lldp neighbors"): the neighbour on each port.
 *
 * The local port is <lldp-local-interface> when present (a name), else <lldp-local-port-id>
 * (a name on older releases, an SNMP index on some newer ones).  Older releases name the
 * logical unit ("ge-0/0/0.0"); the neighbour belongs to the physical port, so the unit is
 * dropped.  A second neighbour on the same port is a warning: the model keeps one per port.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/junos/parse-junos.h"
#include "drivers/text/xmlsafe.h"
#include "audit/util/banned.h"

static void fa_junos_lldp_field(json_t *port, const char *path, xmlNodePtr nbr, const char *elem)
{
	char *v = fa_xml_child_text(nbr, elem);

	/* Junos prints "-" for a TLV the neighbour did not send. */
	if (v && strcmp(v, "-") != 0)
		fa_set_str(port, path, v);
	free(v);
}

static void fa_junos_lldp_neighbor(json_t *device, const char *cmd, xmlNodePtr nbr)
{
	char *local = fa_xml_child_text(nbr, "lldp-local-interface");
	char *phys;
	json_t *port;

	if (!local)
		local = fa_xml_child_text(nbr, "lldp-local-port-id");
	if (!local) {
		fa_device_warn(device, "%s: a neighbour without a local port", cmd);
		return;
	}
	phys = fa_junos_physical(local);
	port = fa_device_port(device, phys);
	if (fa_obj_get_path(port, "lldp")) {
		fa_device_warn(device, "%s: %s: more than one LLDP neighbour; the first is kept",
			       cmd, phys);
		goto out;
	}
	if (!fa_get_str(port, "type"))
		fa_set_str(port, "type", fa_junos_port_type(phys));
	fa_junos_lldp_field(port, "lldp.system_name", nbr, "lldp-remote-system-name");
	fa_junos_lldp_field(port, "lldp.port_id", nbr, "lldp-remote-port-id");
	fa_junos_lldp_field(port, "lldp.port_description", nbr, "lldp-remote-port-description");
	fa_junos_lldp_field(port, "lldp.chassis_id", nbr, "lldp-remote-chassis-id");
out:
	free(phys);
	free(local);
}

int fa_parse_junos_lldp(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	xmlDocPtr doc = NULL;
	xmlNodePtr info, nbr;
	int r;

	r = fa_junos_reply(cap, "lldp-neighbors-information", &doc, &info, err);
	if (r)
		return r;
	for (nbr = fa_xml_child(info, "lldp-neighbor-information"); nbr;
	     nbr = fa_xml_next(nbr, "lldp-neighbor-information"))
		fa_junos_lldp_neighbor(device, cap->command, nbr);
	xmlFreeDoc(doc);
	return 0;
}
