/* SPDX-License-Identifier: MIT */
/* What the Onyx parsers share: lines, prompts, "Key: value", json-print envelopes, names. */
#include "config.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "audit/model.h"
#include "audit/util/xalloc.h"
#include "drivers/onyx/parse-onyx.h"
#include "drivers/text/jsonload.h"
#include "audit/util/banned.h"

void fa_onyx_lines_init(struct fa_onyx_lines *it, const struct fa_capture *cap)
{
	it->p = cap->data;
	it->end = cap->data + cap->len;
}

char *fa_onyx_lines_next(struct fa_onyx_lines *it)
{
	const char *nl;
	size_t len;

	if (it->p >= it->end)
		return NULL;
	nl = memchr(it->p, '\n', (size_t)(it->end - it->p));
	len = nl ? (size_t)(nl - it->p) : (size_t)(it->end - it->p);
	while (len && (it->p[len - 1] == '\r' || it->p[len - 1] == ' ' || it->p[len - 1] == '\t'))
		len--;
	nl = nl ? nl + 1 : it->end;
	{
		char *line = fa_xstrndup(it->p, len);

		it->p = nl;
		return line;
	}
}

bool fa_onyx_is_prompt(const char *line, char **ret_host)
{
	const char *p = line, *host_end;
	char close;

	if (!*p || isspace((unsigned char)*p))
		return false;
	while (*p && !isspace((unsigned char)*p))
		p++;
	host_end = p;
	while (*p == ' ')
		p++;
	if (*p == '[' || *p == '(') {
		close = *p == '[' ? ']' : ')';
		p = strchr(p, close);
		if (!p)
			return false;
		p++;
		while (*p == ' ')
			p++;
	}
	if ((*p != '#' && *p != '>') || (p[1] != ' ' && p[1] != '\0'))
		return false;
	if (ret_host)
		*ret_host = fa_xstrndup(line, (size_t)(host_end - line));
	return true;
}

bool fa_onyx_kv(char *line, char **ret_key, char **ret_value)
{
	char *colon = strchr(line, ':'), *k = line, *v, *e;

	if (!colon)
		return false;
	while (isspace((unsigned char)*k))
		k++;
	e = colon;
	while (e > k && isspace((unsigned char)e[-1]))
		e--;
	if (e == k)
		return false;
	*e = '\0';
	v = colon + 1;
	while (isspace((unsigned char)*v))
		v++;
	*ret_key = k;
	*ret_value = v;
	return true;
}

size_t fa_onyx_indent(const char *line)
{
	size_t n = 0;

	while (line[n] == ' ' || line[n] == '\t')
		n++;
	return n;
}

bool fa_onyx_is_json(const struct fa_capture *cap)
{
	size_t i;

	for (i = 0; i < cap->len && isspace((unsigned char)cap->data[i]); i++)
		;
	return i < cap->len && (cap->data[i] == '{' || cap->data[i] == '[');
}

int fa_onyx_json(const struct fa_capture *cap, json_t **ret, struct fa_err *err)
{
	const char *src = cap->command ? cap->command : "onyx";
	json_error_t jerr;
	json_t *root, *data;

	root = fa_json_loadb(cap->data, cap->len, 0, &jerr);
	if (!root)
		return fa_err_at(err, FA_EPARSE, src, jerr.line, jerr.column, "not JSON: %s",
				 jerr.text);
	data = json_object_get(root, "results");
	if (json_is_array(data)) {
		json_t *first = json_array_get(data, 0);
		const char *status = json_string_value(json_object_get(first, "status"));

		if (status && strcmp(status, "OK") != 0) {
			const char *msg =
			    json_string_value(json_object_get(first, "status_message"));
			int r = fa_err_at(err, FA_EPARSE, src, 0, 0, "JSON API status %s: %s",
					  status, msg ? msg : "");

			json_decref(root);
			return r;
		}
		data = json_object_get(first, "data");
		if (data) {
			json_incref(data);
			json_decref(root);
			root = data;
		}
	}
	*ret = root;
	return 0;
}

json_t *fa_onyx_entry(json_t *v)
{
	if (json_is_array(v) && json_array_size(v) == 1)
		v = json_array_get(v, 0);
	return json_is_object(v) ? v : NULL;
}

bool fa_onyx_is_port_name(const char *s)
{
	static const char *const prefixes[] = {"Eth",  "Po",  "Mpo",	  "mgmt", "lo",
					       "Vlan", "Nve", "Loopback", "ib"};
	size_t i;

	for (i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++) {
		size_t l = strlen(prefixes[i]);
		const char *p = s + l;

		if (strncmp(s, prefixes[i], l) != 0)
			continue;
		if (strcmp(prefixes[i], "lo") == 0 && *p == '\0')
			return true;
		if (!isdigit((unsigned char)*p))
			continue;
		while (isdigit((unsigned char)*p) || *p == '/')
			p++;
		if (*p == '\0')
			return true;
	}
	return false;
}

const char *fa_onyx_port_type(const char *name)
{
	if (strncmp(name, "Eth", 3) == 0)
		return "ethernet";
	if (strncmp(name, "mgmt", 4) == 0)
		return "management";
	if (strncmp(name, "lo", 2) == 0 || strncmp(name, "Loopback", 8) == 0)
		return "loopback";
	if (strncmp(name, "Po", 2) == 0 || strncmp(name, "Mpo", 3) == 0)
		return "bond";
	if (strncmp(name, "Vlan", 4) == 0)
		return "vlan";
	if (strncmp(name, "ib", 2) == 0)
		return "infiniband";
	if (strncmp(name, "Nve", 3) == 0)
		return "virtual";
	return "other";
}

bool fa_onyx_is_error(const char *line)
{
	return line[0] == '%' && line[1] == ' ';
}

bool fa_onyx_is_na(const char *v)
{
	return !*v || strcasecmp(v, "N/A") == 0 || strcasecmp(v, "N\\A") == 0 ||
	       strcmp(v, "-") == 0 || strcasecmp(v, "Not Advertised") == 0;
}

