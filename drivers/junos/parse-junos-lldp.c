/* SPDX-License-Identifier: MIT */
/*
 * <get-lldp-neighbors-information/> ("show lldp neighbors"): the neighbour on each port.
 *
 * The local port is <lldp-local-interface> when present (a name), else <lldp-local-port-id>
 * (a name on older releases, an SNMP index on some newer ones).  Older releases name the
 * logical unit ("ge-0/0/0.0"); the neighbour belongs to the physical port, so the unit is
 * dropped.  A second neighbour on the same port is a warning: the model keeps one per port.
 * fa_junos_lldp_set records a neighbour for this parser and for the text of "show lldp
 * neighbors" alike.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/junos/parse-junos.h"
#include "drivers/text/xmlsafe.h"
#include "audit/util/banned.h"

/* Junos prints "-" for a TLV the neighbour did not send. */
static void fa_junos_lldp_field(json_t *port, const char *path, const char *v)
{
	if (v && *v && strcmp(v, "-") != 0)
		fa_set_str(port, path, v);
}

void fa_junos_lldp_set(json_t *device, const char *cmd, const char *local, const char *system_name,
		       const char *port_id, const char *port_description, const char *chassis_id)
{
	char *phys = fa_junos_physical(local);
	json_t *port = fa_device_port(device, phys);

	if (fa_obj_get_path(port, "lldp")) {
		fa_device_warn(device, "%s: %s: more than one LLDP neighbour; the first is kept",
			       cmd, phys);
		free(phys);
		return;
	}
	if (!fa_get_str(port, "type"))
		fa_set_str(port, "type", fa_junos_port_type(phys));
	fa_junos_lldp_field(port, "lldp.system_name", system_name);
	fa_junos_lldp_field(port, "lldp.port_id", port_id);
	fa_junos_lldp_field(port, "lldp.port_description", port_description);
	fa_junos_lldp_field(port, "lldp.chassis_id", chassis_id);
	free(phys);
}

static void fa_junos_lldp_neighbor(json_t *device, const char *cmd, xmlNodePtr nbr)
{
	static const char *const elems[] = {"lldp-remote-system-name", "lldp-remote-port-id",
					    "lldp-remote-port-description",
					    "lldp-remote-chassis-id"};
	char *local = fa_xml_child_text(nbr, "lldp-local-interface");
	char *v[4];
	size_t i;

	if (!local)
		local = fa_xml_child_text(nbr, "lldp-local-port-id");
	if (!local) {
		fa_device_warn(device, "%s: a neighbour without a local port", cmd);
		return;
	}
	for (i = 0; i < 4; i++)
		v[i] = fa_xml_child_text(nbr, elems[i]);
	fa_junos_lldp_set(device, cmd, local, v[0], v[1], v[2], v[3]);
	for (i = 0; i < 4; i++)
		free(v[i]);
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
