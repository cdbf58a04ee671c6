/* SPDX-License-Identifier: MIT */
/*
 * Helpers shared by the Cumulus (NVUE) parsers (drivers/cumulus/parse-cumulus-int.h).
 *
 * NVUE renders its object model as JSON with little typing: numbers sometimes arrive as
 * strings, sizes as "1.43 MB", sets as objects whose keys are the members ({"3": {}}) or as
 * range lists ("0-2,5").  These helpers accept every such spelling and reject anything else,
 * so a parser either reads a value the device really printed or reads nothing.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "audit/util/buf.h"
#include "drivers/cumulus/parse-cumulus-int.h"
#include "drivers/text/units.h"
#include "drivers/text/jsonload.h"
#include "audit/util/banned.h"

/* A range list may not expand to more names than this (a typo must not allocate millions). */
#define FA_CUMULUS_MAX_RANGE 1024

const char *fa_cumulus_cmd(const struct fa_capture *cap, const char *dflt)
{
	return cap && cap->command ? cap->command : dflt;
}

/* Nothing but blanks: "<cmd>: empty output". */
static int fa_cumulus_blank(const char *d, size_t len, const char *cmd, size_t *ret_first,
			    struct fa_err *err)
{
	size_t i;

	for (i = 0; i < len && isspace((unsigned char)d[i]); i++)
		;
	*ret_first = i;
	return i == len ? fa_err_set(err, FA_EPARSE, "%s: empty output", cmd) : 0;
}

/* NVUE answers errors in text ("Error: The requested item does not exist."): quote it. */
static int fa_cumulus_not_json(const char *d, size_t len, size_t i, const char *cmd,
			       const json_error_t *jerr, struct fa_err *err)
{
	size_t line = i;

	while (line < len && d[line] != '\n' && d[line] != '\0' && line - i < 120)
		line++;
	return fa_err_set(err, FA_EPARSE, "%s: not JSON (line %d: %s): %.*s", cmd, jerr->line,
			  jerr->text, (int)(line - i), d + i);
}

int fa_cumulus_load(const struct fa_capture *cap, const char *dflt_cmd, json_t **ret,
		    struct fa_err *err)
{
	const char *cmd = fa_cumulus_cmd(cap, dflt_cmd);
	const char *d = cap->data ? cap->data : "";
	size_t len = cap->data ? cap->len : 0;
	size_t i;
	json_error_t jerr;
	json_t *root;
	int r = fa_cumulus_blank(d, len, cmd, &i, err);

	if (r < 0)
		return r;
	root = fa_json_loadb(d, len, JSON_DECODE_ANY, &jerr);
	if (!root)
		return fa_cumulus_not_json(d, len, i, cmd, &jerr, err);
	*ret = root;
	return 0;
}

int fa_cumulus_load_each(const struct fa_capture *cap, const char *dflt_cmd, fa_json_each_fn *fn,
			 void *ctx, enum fa_json_each_kind *ret_kind, struct fa_err *err)
{
	const char *cmd = fa_cumulus_cmd(cap, dflt_cmd);
	const char *d = cap->data ? cap->data : "";
	size_t len = cap->data ? cap->len : 0;
	size_t i;
	json_error_t jerr;
	int r = fa_cumulus_blank(d, len, cmd, &i, err);

	if (r < 0)
		return r;
	memset(&jerr, 0, sizeof(jerr));
	r = fa_json_each(d, len, JSON_DECODE_ANY, fn, ctx, ret_kind, &jerr, err);
	if (r == -FA_EPARSE && jerr.text[0])
		return fa_cumulus_not_json(d, len, i, cmd, &jerr, err);
	return r;
}

bool fa_cumulus_int(const json_t *v, int64_t *ret)
{
	if (json_is_integer(v)) {
		*ret = json_integer_value(v);
		return true;
	}
	if (json_is_string(v))
		return fa_parse_int(json_string_value(v), ret);
	return false;
}

bool fa_cumulus_size(const json_t *v, int64_t *ret)
{
	if (json_is_integer(v)) {
		if (json_integer_value(v) < 0)
			return false;
		*ret = json_integer_value(v);
		return true;
	}
	if (json_is_string(v))
		return fa_parse_size(json_string_value(v), ret);
	return false;
}

/* One decimal number at *p, below @limit; advances *p. */
static bool fa_cumulus_num(const char **p, unsigned limit, unsigned *ret)
{
	unsigned long v;
	char *end;

	if (!isdigit((unsigned char)**p))
		return false;
	errno = 0;
	v = strtoul(*p, &end, 10);
	if (errno || v >= limit)
		return false;
	*p = end;
	*ret = (unsigned)v;
	return true;
}

static bool fa_cumulus_set_str(const char *s, unsigned limit, uint64_t *mask)
{
	const char *p = s;
	bool any = false;

	for (;;) {
		unsigned a, b, i;

		while (*p == ' ')
			p++;
		if (!*p)
			break;
		if (!fa_cumulus_num(&p, limit, &a))
			return false;
		b = a;
		if (*p == '-') {
			p++;
			if (!fa_cumulus_num(&p, limit, &b) || b < a)
				return false;
		}
		for (i = a; i <= b; i++)
			*mask |= UINT64_C(1) << i;
		any = true;
		while (*p == ' ')
			p++;
		if (*p == ',')
			p++;
		else if (*p)
			return false;
	}
	return any;
}

bool fa_cumulus_set(const json_t *v, unsigned limit, uint64_t *ret)
{
	uint64_t mask = 0;
	const char *key;
	json_t *item;
	size_t i;

	if (limit > 64)
		return false;
	if (json_is_integer(v)) {
		if (json_integer_value(v) < 0 || json_integer_value(v) >= (json_int_t)limit)
			return false;
		mask = UINT64_C(1) << json_integer_value(v);
	} else if (json_is_string(v)) {
		if (!fa_cumulus_set_str(json_string_value(v), limit, &mask))
			return false;
	} else if (json_is_array(v)) {
		json_array_foreach(v, i, item) {
			uint64_t one = 0;

			if (!fa_cumulus_set(item, limit, &one))
				return false;
			mask |= one;
		}
	} else if (json_is_object(v)) {
		json_object_foreach((json_t *)v, key, item) {
			if (!fa_cumulus_set_str(key, limit, &mask))
				return false;
		}
	} else {
		return false;
	}
	*ret = mask;
	return true;
}

void fa_cumulus_put_mask(json_t *obj, const char *path, uint64_t mask)
{
	json_t *a = json_array();
	unsigned i;

	for (i = 0; i < 64; i++)
		if (mask & (UINT64_C(1) << i))
			json_array_append_new(a, json_integer(i));
	fa_set(obj, path, a);
}

bool fa_cumulus_is_swp(const char *name)
{
	const char *p = name;

	if (strncmp(p, "swp", 3) != 0)
		return false;
	p += 3;
	if (!isdigit((unsigned char)*p))
		return false;
	while (isdigit((unsigned char)*p))
		p++;
	if (*p == 's') {
		p++;
		if (!isdigit((unsigned char)*p))
			return false;
		while (isdigit((unsigned char)*p))
			p++;
	}
	return *p == '\0';
}

/* Expand one range token "swp1-4" (or "5-6" after a prefix) into @out; false if it is none. */
static bool fa_cumulus_range(const char *tok, size_t len, struct fa_buf *prefix, json_t *out)
{
	const char *dash = memchr(tok, '-', len);
	const char *num, *p;
	unsigned long a, b, i;
	char *end;

	if (!dash || dash == tok || dash + 1 == tok + len)
		return false;
	for (p = dash + 1; p < tok + len; p++)
		if (!isdigit((unsigned char)*p))
			return false;
	num = dash;
	while (num > tok && isdigit((unsigned char)num[-1]))
		num--;
	if (num == dash)
		return false;
	if (num > tok) {
		fa_buf_reset(prefix);
		fa_buf_add(prefix, tok, (size_t)(num - tok));
	} else if (!prefix->len) {
		return false;
	}
	a = strtoul(num, &end, 10);
	b = strtoul(dash + 1, &end, 10);
	if (b < a || b - a >= FA_CUMULUS_MAX_RANGE)
		return false;
	for (i = a; i <= b; i++) {
		char name[256];

		snprintf(name, sizeof(name), "%s%lu", prefix->buf, i);
		json_array_append_new(out, json_string(name));
	}
	return true;
}

json_t *fa_cumulus_ifnames(const char *key)
{
	struct fa_buf prefix = FA_BUF_INIT;
	json_t *out = json_array();
	const char *p = key;

	if (!strchr(key, ',') && !strchr(key, '-')) {
		json_array_append_new(out, fa_json_stringn(key, strlen(key)));
		return out;
	}
	while (*p) {
		size_t n = strcspn(p, ",");
		const char *q;

		if (n && !fa_cumulus_range(p, n, &prefix, out)) {
			if (isdigit((unsigned char)*p) && prefix.len) {
				/* "swp1-2,5" continues the previous prefix. */
				struct fa_buf name = FA_BUF_INIT;

				fa_buf_addf(&name, "%s%.*s", prefix.buf, (int)n, p);
				json_array_append_new(out, fa_json_stringn(name.buf, name.len));
				fa_buf_release(&name);
			} else {
				json_array_append_new(out, fa_json_stringn(p, n));
				for (q = p + n; q > p && isdigit((unsigned char)q[-1]); q--)
					;
				fa_buf_reset(&prefix);
				if (q > p && q < p + n)
					fa_buf_add(&prefix, p, (size_t)(q - p));
			}
		}
		p += n;
		if (*p == ',')
			p++;
	}
	fa_buf_release(&prefix);
	return out;
}

void fa_cumulus_lldp_port(json_t *device, json_t *port, const json_t *lldp, const char *cmd)
{
	const char *pname = json_string_value(json_object_get(port, "name"));
	json_t *neighbors, *n, *chassis, *nport;
	const char *key, *first = NULL, *s;
	size_t count;

	if (!json_is_object(lldp)) {
		fa_device_warn(device, "%s: %s: \"lldp\" is not an object", cmd, pname);
		return;
	}
	neighbors = json_object_get(lldp, "neighbor");
	if (!neighbors)
		return;
	if (!json_is_object(neighbors)) {
		fa_device_warn(device, "%s: %s: \"lldp.neighbor\" is not an object", cmd, pname);
		return;
	}
	count = json_object_size(neighbors);
	if (!count)
		return;
	/* Object order is not meaningful: take the first name in sort order, so runs agree. */
	json_object_foreach(neighbors, key, n) {
		if (!first || strcmp(key, first) < 0)
			first = key;
	}
	if (count > 1)
		fa_device_warn(device, "%s: %s: %zu LLDP neighbours; only %s is recorded", cmd,
			       pname, count, first);
	n = json_object_get(neighbors, first);
	if (!json_is_object(n)) {
		fa_device_warn(device, "%s: %s: LLDP neighbour %s is not an object", cmd, pname,
			       first);
		return;
	}
	chassis = json_object_get(n, "chassis");
	nport = json_object_get(n, "port");
	/* The neighbour's key is its system name (NVUE lists "[neighbor] server01"). */
	s = json_string_value(json_object_get(chassis, "system-name"));
	fa_set_str(port, "lldp.system_name", s && *s ? s : first);
	s = json_string_value(json_object_get(chassis, "chassis-id"));
	if (s && *s)
		fa_set_str(port, "lldp.chassis_id", s);
	s = json_string_value(json_object_get(nport, "name"));
	if (!s || !*s)
		s = json_string_value(json_object_get(nport, "id"));
	if (s && *s)
		fa_set_str(port, "lldp.port_id", s);
	s = json_string_value(json_object_get(nport, "description"));
	if (s && *s)
		fa_set_str(port, "lldp.port_description", s);
}
