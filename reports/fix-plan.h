/* SPDX-License-Identifier: MIT */
/*
 * The fix plan of a report (docs/report.md, "Fix plan"): its findings' fixes as one text to
 * review, a section per device (switches first, then hosts; by name), each platform's lines
 * inside the session its CLI needs, what a finding explains listed under it, and the findings
 * no command fixes at the end.  Every line that is not a command is a '#' comment, and no
 * value of a device can end one.
 */
#ifndef FA_REPORTS_FIX_PLAN_H
#define FA_REPORTS_FIX_PLAN_H

#include <jansson.h>

#include "audit/util/buf.h"
#include "audit/util/err.h"

/* Append the plan of audit report @report to @out.  Errors: -FA_EPARSE (not a report). */
int fa_fix_plan(const json_t *report, struct fa_buf *out, struct fa_err *err);

#endif /* FA_REPORTS_FIX_PLAN_H */
