/* SPDX-License-Identifier: MIT */
/*
 * Health findings next to the configuration findings of the same hop (docs/report.md).
 */
#ifndef FA_AUDIT_RELATED_H
#define FA_AUDIT_RELATED_H

#include <jansson.h>

/*
 * Give each finding of category "health" in @findings a "related" list: the configuration
 * findings ({ rule, subject_text }) whose subject names one of its ports, as a port, as an
 * end of a link or hop, or as a path's endpoint.  Findings without any get no key.
 */
void fa_findings_relate(json_t *findings);

/*
 * New string (free it): the key findings are indexed by port under, here and in rootcause.c.
 * Device and port names cannot hold a newline.
 */
char *fa_port_key(const char *dev, const char *port);

#endif
