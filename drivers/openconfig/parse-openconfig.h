/* SPDX-License-Identifier: MIT */
/*
 * OpenConfig parsers: NETCONF <rpc-reply> documents carrying OpenConfig data (any vendor
 * that implements the models), mapped to the model with XPath.
 *
 * Every reply goes through fa_xml_parse (drivers/text/xmlsafe.h): no DTD, no entities, size cap.
 * Elements are matched by their OpenConfig namespace, whatever prefix the device uses.  A
 * reply whose <data> is empty (the device does not implement the model, or has nothing
 * configured) sets nothing and is not an error; an rpc-error reply or a document that is not
 * an rpc-reply is -FA_EPARSE.
 */
#ifndef FA_DRIVERS_PARSE_OPENCONFIG_H
#define FA_DRIVERS_PARSE_OPENCONFIG_H

#include <jansson.h>

#include "drivers/platform.h"

#define FA_OC_NS_INTERFACES "http://openconfig.net/yang/interfaces"
#define FA_OC_NS_ETHERNET "http://openconfig.net/yang/interfaces/ethernet"
#define FA_OC_NS_LLDP "http://openconfig.net/yang/lldp"
#define FA_OC_NS_QOS "http://openconfig.net/yang/qos"
#define FA_OC_NS_SYSTEM "http://openconfig.net/yang/system"

/*
 * openconfig-interfaces (+ openconfig-if-ethernet): per /interfaces/interface, state values
 * first and config values when the device gives no state:
 *   mtu (state|config/mtu), admin_state (enabled), oper_state (state/oper-status),
 *   type (iana-if-type identity), description, and from ethernet/: speed
 *   (state/negotiated-port-speed, state/port-speed, config/port-speed; SPEED_UNKNOWN is
 *   absent), autoneg (auto-negotiate), fec (fec-mode), mac (mac-address, hw-mac-address).
 */
int fa_parse_openconfig_interfaces(const struct fa_capture *cap, json_t *device,
				   struct fa_err *err);

/*
 * openconfig-lldp: per /lldp/interfaces/interface, its neighbour's system name, port id,
 * port description and chassis id (state, else config); the local /lldp/state/system-name
 * becomes the device's hostname when nothing else gave one.
 */
int fa_parse_openconfig_lldp(const struct fa_capture *cap, json_t *device, struct fa_err *err);

/*
 * openconfig-qos: per /qos/interfaces/interface, the output queues whose queue-management
 * profile marks ECN: qos.ecn.enabled_tcs (queue ids from /qos/queues), and the profile's
 * WRED min/max thresholds (bytes) and drop probability when every such queue agrees.
 */
int fa_parse_openconfig_qos(const struct fa_capture *cap, json_t *device, struct fa_err *err);

/* openconfig-system: hostname (/system/state/hostname, else config). */
int fa_parse_openconfig_system(const struct fa_capture *cap, json_t *device, struct fa_err *err);

#endif /* FA_DRIVERS_PARSE_OPENCONFIG_H */
