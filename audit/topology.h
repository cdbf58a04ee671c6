/* SPDX-License-Identifier: MIT */
/*
 * The report's "topology" section (docs/report.md): the devices of the audited snapshot with
 * what the fabric map draws of them (name, kind, role, platform, tier, status) and the
 * discovered links between them, so a report can be drawn again later ("fabric-audit report
 * --format svg") without the snapshot.
 */
#ifndef FA_AUDIT_TOPOLOGY_H
#define FA_AUDIT_TOPOLOGY_H

#include <jansson.h>

struct fa_topo;

/*
 * New reference: the topology section of @snapshot, whose topology @topo was built from it.
 * Every device is listed, collected or not, in the snapshot's order; its tier is the one the
 * rules use (rules/topo.h), or for a device that was not collected the tier its kind or role
 * names; a device without one has no "tier".  Links are those of @topo's kind (discovered, not
 * "plan") whose two devices the snapshot describes, in the snapshot's order.
 */
json_t *fa_topology_json(const json_t *snapshot, const struct fa_topo *topo);

#endif /* FA_AUDIT_TOPOLOGY_H */
