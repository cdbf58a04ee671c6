/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "drivers/text/units.h"

struct fa_unit {
	const char *name;
	double factor;
};

/* Longest names first so "Gb/sec" is not read as "G". */
static const struct fa_unit fa_speed_units[] = {
	{ "Gb/sec", 1e9 }, { "Mb/sec", 1e6 }, { "Gbit/s", 1e9 }, { "Mbit/s", 1e6 },
	{ "Gbps", 1e9 },   { "Mbps", 1e6 },   { "Tbps", 1e12 },  { "Gb/s", 1e9 },
	{ "Mb/s", 1e6 },   { "Kb/s", 1e3 },   { "Gb", 1e9 },     { "Mb", 1e6 },
	{ "T", 1e12 },     { "G", 1e9 },      { "M", 1e6 },      { "K", 1e3 },
};

static const struct fa_unit fa_size_units[] = {
	{ "bytes", 1 },	       { "Bytes", 1 },	       { "KiB", 1024.0 },
	{ "MiB", 1048576.0 },  { "GiB", 1073741824.0 }, { "KB", 1024.0 },
	{ "MB", 1048576.0 },   { "GB", 1073741824.0 },	{ "kB", 1024.0 },
	{ "K", 1024.0 },       { "M", 1048576.0 },	{ "B", 1 },
};

/* Number, optional blanks, optional unit from @units, then only blanks or "(...)". */
static bool fa_parse_scaled(const char *s, const struct fa_unit *units, size_t n,
			    double bare, double *ret)
{
	char *end;
	double v;
	size_t i;

	while (isspace((unsigned char)*s))
		s++;
	if (!isdigit((unsigned char)*s))
		return false;
	errno = 0;
	v = strtod(s, &end);
	if (errno || end == s || !isfinite(v) || v < 0)
		return false;
	while (*end == ' ')
		end++;
	if (*end == '\0' || *end == '\n' || *end == '(') {
		*ret = v * bare;
		return true;
	}
	for (i = 0; i < n; i++) {
		size_t l = strlen(units[i].name);

		if (strncmp(end, units[i].name, l) == 0) {
			const char *rest = end + l;

			while (isspace((unsigned char)*rest))
				rest++;
			if (*rest != '\0' && *rest != '(')
				return false;
			*ret = v * units[i].factor;
			return true;
		}
	}
	return false;
}

bool fa_parse_speed(const char *s, int64_t bare_unit, int64_t *ret)
{
	double v;

	if (!fa_parse_scaled(s, fa_speed_units, sizeof(fa_speed_units) / sizeof(fa_speed_units[0]),
			     (double)bare_unit, &v))
		return false;
	*ret = (int64_t)llround(v);
	return true;
}

bool fa_parse_size(const char *s, int64_t *ret)
{
	double v;

	if (!fa_parse_scaled(s, fa_size_units, sizeof(fa_size_units) / sizeof(fa_size_units[0]), 1,
			     &v))
		return false;
	*ret = (int64_t)llround(v);
	return true;
}

bool fa_parse_int(const char *s, int64_t *ret)
{
	char *end;
	long long v;

	while (isspace((unsigned char)*s))
		s++;
	if (!*s || (!isdigit((unsigned char)*s) && *s != '-'))
		return false;
	errno = 0;
	v = strtoll(s, &end, 10);
	if (errno || end == s)
		return false;
	while (isspace((unsigned char)*end))
		end++;
	if (*end)
		return false;
	*ret = v;
	return true;
}
