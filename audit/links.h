/* SPDX-License-Identifier: MIT */
/*
 * Links between ports, found from what the devices say about their neighbours.
 *
 * An LLDP neighbour becomes a link when its system name names a collected device (by inventory
 * name, reported hostname, or either without its domain) and its port id or description names
 * one of that device's ports (by name or MAC).  Each link is reported once, ends ordered so
 * that a < b; when the two ends disagree (each names a different peer port), both are kept.
 */
#ifndef FA_LINKS_H
#define FA_LINKS_H

#include <jansson.h>

/* New reference: the links array of docs/model.md, sorted, for the devices array @devices. */
json_t *fa_links_from_lldp(const json_t *devices);

/*
 * Sort a links array in place the way fa_links_from_lldp does (a end, then b end; device
 * names bytewise, ports naturally), e.g. after links of other sources were appended.
 */
void fa_links_sort(json_t *links);

#endif /* FA_LINKS_H */
