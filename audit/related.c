/* SPDX-License-Identifier: MIT */
/*
 * A rising counter is a finding on its own; when the same port or link also has a
 * configuration finding (a pause storm on the port with PFC on the wrong priority), the
 * operator should see both together, so each health finding names those findings.
 * Linear in the number of findings: the configuration findings are indexed by port once.
 */
#include "config.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "audit/related.h"
#include "audit/util/xalloc.h"
#include "audit/util/banned.h"

#define FA_RELATED_CATEGORY "health"

/* Call @fn for every (device, port) the subject @s names. */
static void fa_subject_ports(const json_t *s, void (*fn)(const char *, const char *, void *),
			     void *data)
{
	static const char *const ends[] = { "a", "b", "endpoint" };
	const char *dev = json_string_value(json_object_get(s, "device"));
	const char *port = json_string_value(json_object_get(s, "port"));
	size_t i;

	if (dev && port && *port)
		fn(dev, port, data);
	for (i = 0; i < sizeof(ends) / sizeof(ends[0]); i++) {
		const json_t *e = json_object_get(s, ends[i]);

		dev = json_string_value(json_object_get(e, "device"));
		port = json_string_value(json_object_get(e, "port"));
		if (dev && port && *dev && *port)
			fn(dev, port, data);
	}
}

char *fa_port_key(const char *dev, const char *port)
{
	return fa_xasprintf("%s\n%s", dev, port);
}

struct fa_index_add {
	json_t *index;
	const json_t *finding;
};

static void fa_index_add(const char *dev, const char *port, void *data)
{
	struct fa_index_add *ia = data;
	char *key = fa_port_key(dev, port);
	json_t *list = json_object_get(ia->index, key);

	if (!list) {
		list = json_array();
		json_object_set_new(ia->index, key, list);
	}
	json_array_append(list, (json_t *)ia->finding);
	free(key);
}

struct fa_relate {
	const json_t *index;
	json_t *related;
};

static void fa_relate_port(const char *dev, const char *port, void *data)
{
	struct fa_relate *re = data;
	char *key = fa_port_key(dev, port);
	const json_t *list = json_object_get(re->index, key), *f, *r;
	size_t i, j;

	json_array_foreach(list, i, f) {
		json_t *item = json_pack("{s:O,s:O}", "rule", json_object_get(f, "rule"),
					 "subject_text", json_object_get(f, "subject_text"));
		bool seen = false;

		json_array_foreach(re->related, j, r)
			seen |= json_equal(r, item);
		if (!seen)
			json_array_append(re->related, item);
		json_decref(item);
	}
	free(key);
}

static bool fa_is_health(const json_t *f)
{
	const char *c = json_string_value(json_object_get(f, "category"));

	return c && strcmp(c, FA_RELATED_CATEGORY) == 0;
}

void fa_findings_relate(json_t *findings)
{
	json_t *index = json_object(), *f;
	size_t i;

	json_array_foreach(findings, i, f) {
		struct fa_index_add ia = { index, f };

		if (!fa_is_health(f))
			fa_subject_ports(json_object_get(f, "subject"), fa_index_add, &ia);
	}
	if (json_object_size(index))
		json_array_foreach(findings, i, f) {
			struct fa_relate re = { index, json_array() };

			if (fa_is_health(f))
				fa_subject_ports(json_object_get(f, "subject"), fa_relate_port, &re);
			if (json_array_size(re.related))
				json_object_set(f, "related", re.related);
			json_decref(re.related);
		}
	json_decref(index);
}
