/* SPDX-License-Identifier: MIT */
/*
 * Links between ports, found from what the devices say about their neighbours.
 *
 * An LLDP neighbour becomes a link when its system name names a collected device (by inventory
 * name, reported hostname, the system name the device advertises, or any of them without its
 * domain), or failing that its chassis id is the one a single collected device advertises
 * (lldp.chassis_id of the device), and its port id or description names one of that device's
 * ports (by name or MAC).  Each link is reported once, ends ordered so
 * that a < b; when the two ends disagree (each names a different peer port), both are kept.
 */
#ifndef FA_LINKS_H
#define FA_LINKS_H

#include <jansson.h>

/* New reference: the links array of docs/model.md, sorted, for the devices array @devices. */
json_t *fa_links_from_lldp(const json_t *devices);

/*
 * New reference: the InfiniBand links (source "ib") of @devices, sorted.
 *
 * A port carrying ib.peer (the ports of an ib-fabric device, docs/platforms/infiniband.md)
 * is one end; the other end is the port of the same device that ib.peer names, by
 * ib.port_guid and ib.port_number, or by ib.lid and ib.port_number when the peer's GUID was
 * not printed.  Each end is then moved to the collected device that owns it when there is
 * one: a port of another device whose nic.port_guid and nic.port (a host's HCA port, from
 * ibstat), or ib.port_guid and ib.port_number without ib.peer (a managed switch), are the
 * same.  So a host's HCA port links to the switch port the fabric view shows it on.  Each
 * link is reported once, ends ordered so that a < b.
 */
json_t *fa_links_from_ib(const json_t *devices);

/* Append the links of @more (stolen) to @links and sort them as the builders do. */
void fa_links_merge(json_t *links, json_t *more);

/*
 * Sort a links array in place the way fa_links_from_lldp does (a end, then b end; device
 * names bytewise, ports naturally), e.g. after links of other sources were appended.
 */
void fa_links_sort(json_t *links);

#endif /* FA_LINKS_H */
