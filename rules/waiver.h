/* SPDX-License-Identifier: MIT */
/*
 * Waivers: findings an operator has accepted for a while, with a reason.
 *
 * A waiver file is YAML (or JSON):
 *
 *   waivers:
 *     - rule: pfc.lossless.enabled      # glob over rule ids
 *       subject: "leaf02:swp3"          # glob over the finding's subject text (default *)
 *       field: port.qos.pfc_enabled     # optional: only rules reading this field (or glob)
 *       reason: NET-1234, per-port profile until the maintenance window
 *       expires: 2026-03-31             # the last day it applies (UTC)
 *
 * A finding matched by a waiver that has not expired is reported as waived, with the reason,
 * and does not count towards the verdict; an expired waiver matches nothing and is reported
 * as expired, so that forgotten exceptions come back.
 */
#ifndef FA_RULES_WAIVER_H
#define FA_RULES_WAIVER_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "audit/util/err.h"

struct fa_waiver {
	char *rule;		/* glob */
	char *subject;		/* glob */
	char *field;		/* field name or glob (audit/fields.def); NULL: any rule */
	char *reason;
	char *expires;		/* YYYY-MM-DD */
	int line;		/* where it is written */
};

struct fa_waivers {
	char *source;
	struct fa_waiver *v;
	size_t n;
};

/*
 * Parse a waiver file.  *ret is new (free with fa_waivers_free()).  Errors: -FA_EPARSE with
 * "file:line:column" for an unknown or missing key, an empty reason, a date that is not
 * YYYY-MM-DD, or a field the model does not have; -FA_ENOENT, -FA_EIO from reading.
 */
int fa_waivers_load(const char *path, struct fa_waivers **ret, struct fa_err *err);
int fa_waivers_parse(const char *source, const char *data, size_t len, struct fa_waivers **ret,
		     struct fa_err *err);
void fa_waivers_free(struct fa_waivers *w);

/* Has @w expired at @now (its expiry day is over, in UTC)? */
bool fa_waiver_is_expired(const struct fa_waiver *w, time_t now);
/* Does @w cover a finding of rule @rule on @subject (expiry and field aside)? */
bool fa_waiver_matches(const struct fa_waiver *w, const char *rule, const char *subject);

struct fa_rule;
/* Does @w cover a finding of rule @r on @subject: id, subject and field (expiry aside)? */
bool fa_waiver_covers(const struct fa_waiver *w, const struct fa_rule *r, const char *subject);

#endif /* FA_RULES_WAIVER_H */
