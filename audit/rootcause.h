/* SPDX-License-Identifier: MIT */
/*
 * Root causes: one port's wrong setting shows up as a port finding, a link finding and a
 * path finding for every path through that port.  Grouping them lets the report say "one
 * fault" (docs/report.md, "Root causes").
 */
#ifndef FA_AUDIT_ROOTCAUSE_H
#define FA_AUDIT_ROOTCAUSE_H

#include <jansson.h>

struct fa_ruleset;

/*
 * Give every finding of @findings (in report order) a "group" id, "g1", "g2", ... in the order
 * of each group's first finding.  A link or path finding is explained by a configuration
 * finding on a port (a port or group subject, any category but health) when that port is one
 * end of its link or hop and its rule reads a field the port finding's rule checks: it joins
 * that finding's group and gets "explained_by" ([{ rule, subject_text }]); the port finding
 * gets "explains" (the list of them).  Every other finding is a group of its own.  Returns
 * the number of groups (the root causes).  Linear in the findings: ports are indexed once.
 */
size_t fa_findings_group(json_t *findings, const struct fa_ruleset *rs);

/*
 * Reorder grouped @findings (fa_findings_group) so that, within each severity, the findings of
 * one group follow each other, the explaining port finding first, in group order.
 */
void fa_findings_order_by_group(json_t *findings);

#endif /* FA_AUDIT_ROOTCAUSE_H */
