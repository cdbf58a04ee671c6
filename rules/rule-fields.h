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

#endif /* FA_RULES_RULE_FIELDS_H */
