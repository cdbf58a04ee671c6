/* SPDX-License-Identifier: MIT */
/*
 * Which model fields a rule reads (its where, expect and group_by, as the loader resolved
 * them against audit/fields.def): for field-scoped waivers, a policy's skip_fields and
 * "rules lint".
 */
#ifndef FA_RULES_RULE_FIELDS_H
#define FA_RULES_RULE_FIELDS_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

struct fa_rule;

/*
 * Does @pattern cover a field @r reads?  @pattern is a full field name ("port.mtu"), which
 * also covers the fields below it ("port.qos" covers port.qos.trust), or an fnmatch(3) glob
 * ("port.qos.ecn.*").
 */
bool fa_rule_reads_field(const struct fa_rule *r, const char *pattern);

/*
 * Append to array @out the full names of the fields @r reads that nothing fills (no shipped
 * parser, inventory or collector: fa_field_is_filled()).  Returns how many it appended.
 */
size_t fa_rule_unfilled_fields(const struct fa_rule *r, json_t *out);

/*
 * The platforms that can print what @r checks: bits (fa_platform_bit()) of the platforms
 * whose commands fill every field its expect and group_by read that a device command fills
 * at all, narrowed by its "platforms".  0 when no such field comes from a device command.
 */
uint32_t fa_rule_printing_platforms(const struct fa_rule *r);

#endif /* FA_RULES_RULE_FIELDS_H */
