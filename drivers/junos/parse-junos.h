/* SPDX-License-Identifier: MIT */
/*
 * Juniper Junos parsers: NETCONF rpc-replies (the same XML that "| display xml" prints).
 *
 * Every reply goes through fa_xml_parse (drivers/text/xmlsafe.h): no DTD, no entities, size cap.
 * Elements are matched by local name, so the junos: and nc: prefixes and the per-release
 * default namespaces (xmlns="http://xml.juniper.net/junos/<release>/junos-interface") do not
 * matter.
 */
#ifndef FA_DRIVERS_PARSE_JUNOS_H
#define FA_DRIVERS_PARSE_JUNOS_H

#include <jansson.h>
#include <libxml/tree.h>

#include "drivers/platform.h"

/* <get-software-information/>: hostname, model, os.name, os.version. */
int fa_parse_junos_software(const struct fa_capture *cap, json_t *device, struct fa_err *err);
/* <get-interface-information/>: physical ports, states, mtu, speed, autoneg, fec, mac. */
int fa_parse_junos_interfaces(const struct fa_capture *cap, json_t *device, struct fa_err *err);
/* <get-lldp-neighbors-information/>: lldp.* per local port. */
int fa_parse_junos_lldp(const struct fa_capture *cap, json_t *device, struct fa_err *err);
/* <get-configuration> of class-of-service and interfaces: qos.pfc_enabled, configured mtu. */
int fa_parse_junos_config(const struct fa_capture *cap, json_t *device, struct fa_err *err);

/*
 * Shared by the Junos parsers.  Parse the capture as XML and return the element named @want
 * at or below the root (borrowed from *ret_doc, which the caller frees with xmlFreeDoc).  An
 * rpc-error in the reply, a missing @want or malformed XML is -FA_EPARSE.
 */
int fa_junos_reply(const struct fa_capture *cap, const char *want, xmlDocPtr *ret_doc,
		   xmlNodePtr *ret_node, struct fa_err *err);

/* The model port type for a Junos interface name ("et-0/0/1" -> "ethernet"). */
const char *fa_junos_port_type(const char *name);

/* The physical port of a logical interface name: "ge-0/0/0.0" -> "ge-0/0/0" (new string). */
char *fa_junos_physical(const char *name);

#endif /* FA_DRIVERS_PARSE_JUNOS_H */
