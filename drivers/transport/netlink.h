/* SPDX-License-Identifier: MIT */
/*
 * The kernel's view of this host's links and DCB settings, over rtnetlink (libnl-route).
 *
 * Both readers work on the bytes the kernel sends, so the same code runs live (a dump from a
 * socket in the current network namespace) and in tests (messages recorded earlier):
 *
 *   links  RTM_NEWLINK messages -> one port per link: name, type, admin_state (IFF_UP),
 *          oper_state (IFLA_OPERSTATE), mtu, mac (Ethernet and InfiniBand addresses),
 *          master (the bond or bridge it is enslaved to), parent (the link a VLAN, macvlan
 *          or ipvlan sits on, when it is in the same namespace) and vlan_id.
 *          Types follow the ip link parser: the link kind first (bond, team -> bond; vlan;
 *          bridge, openvswitch -> bridge; ipoib -> infiniband; any other kind -> virtual),
 *          else the ARP hardware type (ether -> ethernet, loopback, infiniband, else other).
 *   DCB    the RTM_GETDCB reply to DCB_CMD_IEEE_GET (IEEE 802.1Qaz) -> qos.pfc_enabled,
 *          qos.priority_to_tc, qos.ets.tsa, qos.ets.bandwidth, and qos.dscp_to_priority when
 *          the APP table maps all 64 DSCP values.  A driver without DCB support (veth, lo,
 *          most virtual devices) answers EOPNOTSUPP: that is "not supported", not an error.
 */
#ifndef FA_DRIVERS_NETLINK_H
#define FA_DRIVERS_NETLINK_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "audit/util/err.h"

/*
 * Ports from @len bytes of RTM_NEWLINK messages (a dump, NLMSG_DONE optional) into @device.
 * -FA_EPARSE when the bytes are not netlink messages or hold no link.
 */
int fa_nl_links_parse(const void *bytes, size_t len, json_t *device, struct fa_err *err);

/* Dump the links of the current network namespace into @device.  -FA_EIO on socket errors. */
int fa_nl_links_read(json_t *device, struct fa_err *err);

/*
 * The kernel's counters of every port of @device from @len bytes of RTM_NEWLINK messages
 * (links @device has no port for are skipped): counters.rx_bytes, tx_bytes, rx_errors,
 * tx_errors, rx_discards (rx_dropped), tx_discards (tx_dropped), crc_errors (rx_crc_errors)
 * and carrier_changes (IFLA_CARRIER_CHANGES).  Apart from the links, so that a second
 * reading (collect --sample) reads only these.  -FA_EPARSE as fa_nl_links_parse().
 */
int fa_nl_counters_parse(const void *bytes, size_t len, json_t *device, struct fa_err *err);

/* Dump the links of the current network namespace for their counters.  -FA_EIO on errors. */
int fa_nl_counters_read(json_t *device, struct fa_err *err);

/*
 * Read the reply to a DCB_CMD_IEEE_GET request (@len bytes) into @port.  *ret_supported is
 * false when the kernel answered EOPNOTSUPP (nothing is written, and 0 is returned).
 * -FA_EPARSE for anything that is not such a reply; -FA_EIO for another netlink error.
 */
int fa_nl_dcb_parse(const void *bytes, size_t len, json_t *port, bool *ret_supported,
		    struct fa_err *err);

/* Ask the kernel for @ifname's IEEE DCB settings (timeout @timeout s) and parse the reply. */
int fa_nl_dcb_read(const char *ifname, double timeout, json_t *port, bool *ret_supported,
		   struct fa_err *err);

#endif /* FA_DRIVERS_NETLINK_H */
