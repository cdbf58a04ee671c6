/* SPDX-License-Identifier: MIT */
/* Finding severities, shared by the rule engine and every renderer. */
#ifndef FA_SEVERITY_H
#define FA_SEVERITY_H

/* Most severe first: the order findings sort in and --fail-on compares in. */
enum fa_severity {
	FA_SEVERITY_ERROR,
	FA_SEVERITY_WARNING,
	FA_SEVERITY_INFO,
	FA_SEVERITY_COUNT
};

/* "error", "warning", "info"; NULL for a value out of range. */
const char *fa_severity_to_string(enum fa_severity s);
/* -1 when @s (may be NULL) names no severity. */
int fa_severity_from_string(const char *s);

#endif /* FA_SEVERITY_H */
