/* SPDX-License-Identifier: MIT */
/*
 * <get-configuration> of [class-of-service] and [interfaces]: lossless priorities per port.
 *
 * PFC on Junos (QFX, EX, PTX) is a congestion-notification-profile whose input code points
 * carry "pfc", attached to an interface under [class-of-service interfaces]:
 *
 *   congestion-notification-profile NAME { input { ieee-802.1 { code-point 011 { pfc; } } } }
 *   class-of-service interfaces et-0/0/1 { congestion-notification-profile NAME; }
 *
 * An IEEE 802.1p code point is the priority in binary ("011" = 3).  A DSCP code point names
 * its priority only through <pfc-priority>; one without it is a warning.  A profile with
 * <pfc-watchdog> sets qos.pfc_watchdog.  An interface name under [class-of-service
 * interfaces] may end in a '*' wildcard, which covers every known port with that prefix.
 *
 * When the reply is the whole inherited configuration (no <groups> left in it), an Ethernet
 * port with no profile (or a reply with no [class-of-service] at all) has no PFC:
 * qos.pfc_enabled is [].  When groups remain, an unlisted
 * port's PFC could come from a group, so it is left absent.  A port's configured MTU fills
 * "mtu" only when the operational MTU was not reported.
 */
#include "config.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "audit/util/xalloc.h"
#include "drivers/junos/parse-junos.h"
#include "drivers/text/units.h"
#include "drivers/text/xmlsafe.h"
#include "audit/util/banned.h"

struct fa_junos_cnp {
	char *name;
	unsigned prio_mask; /* bit p: PFC on priority p */
	bool watchdog;
};

static int fa_junos_bits(const char *s)
{
	int v = 0;
	size_t i, n = strlen(s);

	if (n == 0 || n > 3)
		return -1;
	for (i = 0; i < n; i++) {
		if (s[i] != '0' && s[i] != '1')
			return -1;
		v = v * 2 + (s[i] - '0');
	}
	return v;
}

static void fa_junos_cnp_read(json_t *device, const char *cmd, xmlNodePtr prof,
			      struct fa_junos_cnp *cnp)
{
	xmlNodePtr input = fa_xml_child(prof, "input");
	xmlNodePtr cls, cp;

	cnp->watchdog = fa_xml_child(prof, "pfc-watchdog") != NULL;
	for (cls = input ? input->children : NULL; cls; cls = cls->next) {
		bool dscp;

		if (cls->type != XML_ELEMENT_NODE)
			continue;
		dscp = fa_xml_is(cls, "dscp");
		if (!dscp && !fa_xml_is(cls, "ieee-802.1")) {
			fa_device_warn(device, "%s: profile %s: unknown input '%s'", cmd, cnp->name,
				       (const char *)cls->name);
			continue;
		}
		for (cp = fa_xml_child(cls, "code-point"); cp; cp = fa_xml_next(cp, "code-point")) {
			char *name = fa_xml_child_text(cp, "name");
			char *prio = fa_xml_child_text(cp, "pfc-priority");
			int64_t p = -1;

			if (!fa_xml_child(cp, "pfc"))
				goto next;
			if (prio && !(fa_parse_int(prio, &p) && p >= 0 && p <= 7))
				p = -1;
			if (!prio && !dscp)
				p = name ? fa_junos_bits(name) : -1;
			if (p >= 0)
				cnp->prio_mask |= 1u << p;
			else
				fa_device_warn(device,
					       "%s: profile %s: code point '%s' names no priority",
					       cmd, cnp->name, name ? name : "?");
		next:
			free(name);
			free(prio);
		}
	}
}

static json_t *fa_junos_prio_list(unsigned mask)
{
	json_t *a = json_array();
	int p;

	for (p = 0; p < 8; p++)
		if (mask & (1u << p))
			json_array_append_new(a, json_integer(p));
	return a;
}

static void fa_junos_cnp_apply(json_t *port, const struct fa_junos_cnp *cnp)
{
	fa_set(port, "qos.pfc_enabled", fa_junos_prio_list(cnp->prio_mask));
	if (cnp->watchdog)
		fa_set_bool(port, "qos.pfc_watchdog", true);
}

/* Attach profile @prof to the port @ifname, or to every port matching "prefix*". */
static void fa_junos_cnp_attach(json_t *device, const char *cmd, const char *ifname,
				const struct fa_junos_cnp *cnp)
{
	size_t l = strlen(ifname), i;
	json_t *port;
	bool any = false;

	if (l && ifname[l - 1] == '*') {
		json_array_foreach(json_object_get(device, "ports"), i, port)
		{
			const char *n = fa_get_str(port, "name");

			if (n && strncmp(n, ifname, l - 1) == 0 && !strchr(n + l - 1, '.')) {
				fa_junos_cnp_apply(port, cnp);
				any = true;
			}
		}
		if (!any)
			fa_device_warn(device, "%s: '%s' matches no known port", cmd, ifname);
		return;
	}
	port = fa_device_port(device, ifname);
	if (!fa_get_str(port, "type"))
		fa_set_str(port, "type", fa_junos_port_type(ifname));
	fa_junos_cnp_apply(port, cnp);
}

static void fa_junos_cos(json_t *device, const char *cmd, xmlNodePtr cos, bool complete)
{
	struct fa_junos_cnp *cnps = NULL;
	size_t ncnps = 0, i, j;
	xmlNodePtr n, ifs, ifc;
	json_t *port;

	for (n = fa_xml_child(cos, "congestion-notification-profile"); n;
	     n = fa_xml_next(n, "congestion-notification-profile")) {
		cnps = fa_xreallocarray(cnps, ncnps + 1, sizeof(*cnps));
		memset(&cnps[ncnps], 0, sizeof(*cnps));
		cnps[ncnps].name = fa_xml_child_text(n, "name");
		if (!cnps[ncnps].name) {
			fa_device_warn(device,
				       "%s: a congestion-notification-profile without a name", cmd);
			continue;
		}
		fa_junos_cnp_read(device, cmd, n, &cnps[ncnps]);
		ncnps++;
	}

	ifs = fa_xml_child(cos, "interfaces");
	for (ifc = fa_xml_child(ifs, "interface"); ifc; ifc = fa_xml_next(ifc, "interface")) {
		char *ifname = fa_xml_child_text(ifc, "name");
		char *pname = fa_xml_child_text(ifc, "congestion-notification-profile");

		if (ifname && pname) {
			for (i = 0; i < ncnps; i++)
				if (strcmp(cnps[i].name, pname) == 0)
					break;
			if (i < ncnps)
				fa_junos_cnp_attach(device, cmd, ifname, &cnps[i]);
			else
				fa_device_warn(device, "%s: %s: profile '%s' is not defined", cmd,
					       ifname, pname);
		}
		free(ifname);
		free(pname);
	}

	if (complete) {
		json_array_foreach(json_object_get(device, "ports"), j, port)
		{
			const char *type = fa_get_str(port, "type");

			if (type && strcmp(type, "ethernet") == 0 &&
			    !fa_obj_get_path(port, "qos.pfc_enabled"))
				fa_set(port, "qos.pfc_enabled", json_array());
		}
	}
	for (i = 0; i < ncnps; i++)
		free(cnps[i].name);
	free(cnps);
}

static void fa_junos_config_mtu(json_t *device, const char *cmd, xmlNodePtr ifs)
{
	xmlNodePtr ifc;

	for (ifc = fa_xml_child(ifs, "interface"); ifc; ifc = fa_xml_next(ifc, "interface")) {
		char *name = fa_xml_child_text(ifc, "name");
		char *mtu = fa_xml_child_text(ifc, "mtu");
		int64_t v;

		if (name && mtu && !strchr(name, '*') && !strchr(name, '<')) {
			json_t *port = fa_device_port(device, name);

			if (!fa_obj_get_path(port, "mtu")) {
				if (fa_parse_int(mtu, &v) && v > 0)
					fa_set_int(port, "mtu", v);
				else
					fa_device_warn(device, "%s: %s: unknown MTU '%s'", cmd,
						       name, mtu);
			}
			if (!fa_get_str(port, "type"))
				fa_set_str(port, "type", fa_junos_port_type(name));
		}
		free(name);
		free(mtu);
	}
}

int fa_parse_junos_config(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	xmlDocPtr doc = NULL;
	xmlNodePtr conf, cos;
	bool complete;
	int r;

	r = fa_junos_reply(cap, "configuration", &doc, &conf, err);
	if (r)
		return r;
	fa_junos_config_mtu(device, cap->command, fa_xml_child(conf, "interfaces"));
	cos = fa_xml_child(conf, "class-of-service");
	complete = fa_xml_child(conf, "groups") == NULL;
	fa_junos_cos(device, cap->command, cos, complete);
	xmlFreeDoc(doc);
	return 0;
}
