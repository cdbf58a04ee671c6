/* SPDX-License-Identifier: MIT */
/*
 * Juniper Junos parsers: NETCONF rpc-replies (the same XML that "| display xml" prints), and
 * the plain CLI text of the same commands, which a user may bring as a capture.
 *
 * Every reply goes through fa_xml_parse (drivers/text/xmlsafe.h): no DTD, no entities, size cap.
 * Elements are matched by local name, so the junos: and nc: prefixes and the per-release
 * default namespaces (xmlns="http://xml.juniper.net/junos/<release>/junos-interface") do not
 * matter.  The text parsers give the fields of the XML parser of the same command; a text
 * capture that holds the XML after all is handed to that parser.
 */
#ifndef FA_DRIVERS_PARSE_JUNOS_H
#define FA_DRIVERS_PARSE_JUNOS_H

#include <jansson.h>
#include <libxml/tree.h>

#include "drivers/platform.h"
#include "drivers/text/textscan.h"

/* <get-software-information/>: hostname, model, os.name, os.version. */
int fa_parse_junos_software(const struct fa_capture *cap, json_t *device, struct fa_err *err);
/* <get-interface-information/>: physical ports, states, mtu, speed, autoneg, fec, mac. */
int fa_parse_junos_interfaces(const struct fa_capture *cap, json_t *device, struct fa_err *err);
/* <get-lldp-neighbors-information/>: lldp.* per local port. */
int fa_parse_junos_lldp(const struct fa_capture *cap, json_t *device, struct fa_err *err);
/* <get-configuration> of class-of-service and interfaces: qos.pfc_enabled, configured mtu. */
int fa_parse_junos_config(const struct fa_capture *cap, json_t *device, struct fa_err *err);

/* "show version" (text): hostname, model, os.name, os.version, as the XML gives them. */
int fa_parse_junos_version_text(const struct fa_capture *cap, json_t *device,
				struct fa_err *err);
/* "show interfaces" (text): the physical ports with the fields of the XML form. */
int fa_parse_junos_interfaces_text(const struct fa_capture *cap, json_t *device,
				   struct fa_err *err);
/* "show lldp neighbors" (text, the summary table): lldp.* per local port. */
int fa_parse_junos_lldp_text(const struct fa_capture *cap, json_t *device, struct fa_err *err);

/*
 * Record the LLDP neighbour seen on @local (a port, or a unit of it: the physical port gets
 * it; its type is set from its name when nothing set one).  A value that is NULL, empty or
 * "-" was not sent.  A second neighbour on a port is a warning; the first is kept.
 */
void fa_junos_lldp_set(json_t *device, const char *cmd, const char *local,
		       const char *system_name, const char *port_id, const char *port_description,
		       const char *chassis_id);

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

/*
 * Interface values as <get-interface-information/> and "show interfaces" print them, set on
 * @port of interface @name; a value not understood is a warning naming @cmd and @name.
 *   mtu      "1514"; "Unlimited" (virtual interfaces) leaves mtu absent
 *   speed    "1000mbps", "10Gbps" -> bit/s; "Auto", "Unspecified", "Unlimited" leave it absent
 *   autoneg  "enabled" / "disabled", any case
 *   fec      "FEC91"/"FEC119"/"rs-fec" = rs, "FEC74" = baser, "none"/"disabled" = off
 * (The MAC address: fa_set_mac, drivers/text/mac.h.)
 */
void fa_junos_mtu(json_t *device, json_t *port, const char *cmd, const char *name,
		  const char *mtu);
void fa_junos_speed(json_t *device, json_t *port, const char *cmd, const char *name,
		    const char *speed);
void fa_junos_autoneg(json_t *device, json_t *port, const char *cmd, const char *name,
		      const char *autoneg);
void fa_junos_fec(json_t *device, json_t *port, const char *cmd, const char *name,
		  const char *fec);

/* The text between the last '[' of a package comment and its ']' (new string), or NULL. */
char *fa_junos_bracketed(const char *comment);

/*
 * The text parsers' first step: a capture that is not text is handed to @xml (the rpc-reply
 * that "| display xml" prints) or refused (Junos JSON, "| display json", is not parsed).
 * True when it was not text, *ret then holding the result; false for text.
 */
bool fa_junos_not_text(const struct fa_capture *cap, fa_parse_fn *xml, json_t *device,
		       struct fa_err *err, int *ret);

/*
 * True for a line the CLI prints around any output and that says nothing of it: a blank
 * line, or the status banner of a Virtual Chassis or cluster member ("{master:0}",
 * "{backup}", "{primary:node0}").
 */
bool fa_junos_text_noise(struct fa_textscan_span line);

#endif /* FA_DRIVERS_PARSE_JUNOS_H */
