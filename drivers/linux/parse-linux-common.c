/* SPDX-License-Identifier: MIT */
/* Helpers shared by the linux parsers (drivers/linux/parse-linux-int.h). */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/linux/parse-linux-int.h"
#include "drivers/text/jsonload.h"
#include "audit/util/banned.h"

const char *fa_linux_cmd(const struct fa_capture *cap, const char *tmpl)
{
	return cap->command && *cap->command ? cap->command : tmpl;
}

json_t *fa_linux_rdma_port_find(const json_t *device, const char *dev, json_int_t port)
{
	json_t *ports = json_object_get(device, "ports");
	json_t *p;
	size_t i;

	json_array_foreach(ports, i, p) {
		const char *d = fa_get_str(p, "nic.device");
		json_int_t n;

		if (d && strcmp(d, dev) == 0 && fa_get_int(p, "nic.port", &n) && n == port)
			return p;
	}
	return NULL;
}

json_t *fa_linux_rdma_port(json_t *device, const char *dev, json_int_t port,
			   const char *link_layer)
{
	json_t *p = fa_linux_rdma_port_find(device, dev, port);
	char name[128];

	if (p)
		return p;
	snprintf(name, sizeof(name), "%s/%lld", dev, (long long)port);
	p = fa_device_port(device, name);
	fa_set_str(p, "nic.device", dev);
	fa_set_int(p, "nic.port", port);
	if (link_layer && strcmp(link_layer, "InfiniBand") == 0)
		fa_set_str(p, "type", "infiniband");
	else if (link_layer && strcmp(link_layer, "Ethernet") == 0)
		fa_set_str(p, "type", "ethernet");
	return p;
}

void fa_linux_write_rdma_records(json_t *device, const json_t *recs)
{
	json_t *rec;
	size_t i;

	json_array_foreach(recs, i, rec) {
		json_t *fields = json_object_get(rec, "fields");
		json_t *port = fa_linux_rdma_port(
			device, json_string_value(json_object_get(rec, "dev")),
			json_integer_value(json_object_get(rec, "port")),
			json_string_value(json_object_get(fields, "ib.link_layer")));

		fa_linux_apply(port, json_object_get(rec, "dev_fields"));
		fa_linux_apply(port, fields);
	}
}

static const struct {
	const char *word;
	const char *state;
} fa_ib_states[] = {
	/* ibstat (libibumad port state names) */
	{ "Active", "active" },
	{ "Down", "down" },
	{ "Initializing", "init" },
	{ "Armed", "armed" },
	/* ibv_devinfo (ibv_port_state_str) */
	{ "PORT_ACTIVE", "active" },
	{ "PORT_DOWN", "down" },
	{ "PORT_INIT", "init" },
	{ "PORT_ARMED", "armed" },
};

const char *fa_linux_ib_state(struct fa_textscan_span s)
{
	struct fa_textscan_span w[2];
	size_t i;

	if (fa_textscan_words(s, w, 2) == 0)
		return NULL;
	for (i = 0; i < sizeof(fa_ib_states) / sizeof(fa_ib_states[0]); i++)
		if (fa_textscan_eq(w[0], fa_ib_states[i].word))
			return fa_ib_states[i].state;
	return NULL;
}

const char *fa_linux_ib_phys_state(struct fa_textscan_span s, char *buf, size_t size)
{
	size_t i, n = 0;
	bool letter = false;

	s = fa_textscan_trim(s);
	for (i = 0; i < s.len && s.ptr[i] != '('; i++) {
		unsigned char c = (unsigned char)s.ptr[i];

		if (c == ' ' || c == '\t' || c == '_')
			continue;
		if (n + 1 >= size)
			return NULL;
		letter |= isalpha(c) != 0;
		buf[n++] = (char)tolower(c);
	}
	if (!letter || size == 0)
		return NULL;
	buf[n] = '\0';
	return buf;
}

void fa_linux_field_strn(json_t *fields, const char *path, const char *s, size_t len)
{
	json_object_set_new(fields, path, fa_json_stringn(s, len));
}

void fa_linux_field_int(json_t *fields, const char *path, json_int_t v)
{
	json_object_set_new(fields, path, json_integer(v));
}

void fa_linux_apply(json_t *port, const json_t *fields)
{
	const char *key;
	json_t *v;

	json_object_foreach((json_t *)fields, key, v)
		fa_set(port, key, json_incref(v));
}

static int fa_linux_not_json(const struct fa_capture *cap, const char *cmd,
			     const json_error_t *jerr, struct fa_err *err)
{
	struct fa_textscan_span first = fa_linux_first_line(cap);

	return fa_err_set(err, FA_EPARSE, "%s: not JSON (line %d, column %d: %s): %.*s", cmd,
			  jerr->line, jerr->column, jerr->text,
			  (int)(first.len > 120 ? 120 : first.len), first.ptr);
}

int fa_linux_json_load(const struct fa_capture *cap, const char *cmd, json_t **ret,
		       struct fa_err *err)
{
	json_error_t jerr;
	json_t *root;

	if (fa_textscan_is_blank((struct fa_textscan_span){ cap->data, cap->len }))
		return fa_err_set(err, FA_EPARSE, "%s: no output", cmd);
	root = fa_json_loadb(cap->data, cap->len, 0, &jerr);
	if (!root)
		return fa_linux_not_json(cap, cmd, &jerr, err);
	*ret = root;
	return 0;
}

int fa_linux_json_each(const struct fa_capture *cap, const char *cmd, fa_json_each_fn *fn,
		       void *ctx, enum fa_json_each_kind *ret_kind, struct fa_err *err)
{
	json_error_t jerr;
	int r;

	if (fa_textscan_is_blank((struct fa_textscan_span){ cap->data, cap->len }))
		return fa_err_set(err, FA_EPARSE, "%s: no output", cmd);
	memset(&jerr, 0, sizeof(jerr));
	r = fa_json_each(cap->data, cap->len, 0, fn, ctx, ret_kind, &jerr, err);
	if (r == -FA_EPARSE && jerr.text[0])
		return fa_linux_not_json(cap, cmd, &jerr, err);
	return r;
}

struct fa_textscan_span fa_linux_first_line(const struct fa_capture *cap)
{
	struct fa_textscan ts;
	struct fa_textscan_span line = { "", 0 };

	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		line = fa_textscan_trim(line);
		if (line.len)
			return line;
	}
	line.ptr = "";
	line.len = 0;
	return line;
}

bool fa_linux_sysfs_line(struct fa_textscan_span line, const char *root,
			 struct fa_textscan_span *ret_prefix, struct fa_textscan_span *ret_path,
			 struct fa_textscan_span *ret_value)
{
	long at = fa_textscan_find(line, root);
	struct fa_textscan_span path, rest;
	size_t i;

	if (at < 0)
		return false;
	path.ptr = line.ptr + at;
	for (i = (size_t)at; i < line.len; i++)
		if (line.ptr[i] == ':' || line.ptr[i] == '=' || line.ptr[i] == ' ' ||
		    line.ptr[i] == '\t')
			break;
	path.len = i - (size_t)at;
	rest.ptr = line.ptr + i;
	rest.len = line.len - i;
	rest = fa_textscan_trim(rest);
	if (rest.len == 0 || (rest.ptr[0] != ':' && rest.ptr[0] != '='))
		return false;
	rest.ptr++;
	rest.len--;
	rest = fa_textscan_trim(rest);
	if (rest.len == 0)
		return false;
	ret_prefix->ptr = line.ptr;
	ret_prefix->len = (size_t)at;
	*ret_path = path;
	*ret_value = rest;
	return true;
}

bool fa_linux_path_word(struct fa_textscan_span *path, const char *expect,
			struct fa_textscan_span *ret_word)
{
	struct fa_textscan_span p = *path, w;
	const char *slash;

	if (p.len == 0 || p.ptr[0] != '/')
		return false;
	p.ptr++;
	p.len--;
	slash = memchr(p.ptr, '/', p.len);
	w.ptr = p.ptr;
	w.len = slash ? (size_t)(slash - p.ptr) : p.len;
	if (w.len == 0 || (expect && !fa_textscan_eq(w, expect)))
		return false;
	path->ptr = p.ptr + w.len;
	path->len = p.len - w.len;
	if (ret_word)
		*ret_word = w;
	return true;
}

bool fa_linux_is_word(struct fa_textscan_span s)
{
	size_t i;

	for (i = 0; i < s.len; i++)
		if ((unsigned char)s.ptr[i] <= ' ' || (unsigned char)s.ptr[i] >= 0x7f)
			return false;
	return s.len > 0;
}

bool fa_linux_ib_table_line(struct fa_textscan_span line, struct fa_linux_ib_key *key,
			    struct fa_textscan_span *ret_table, struct fa_textscan_span *ret_value)
{
	struct fa_textscan_span prefix, path, value, dev, port, index;
	size_t i;

	if (!fa_linux_sysfs_line(line, "/sys/class/infiniband/", &prefix, &path, &value) ||
	    prefix.len != 0)
		return false;
	if (!fa_linux_path_word(&path, "sys", NULL) || !fa_linux_path_word(&path, "class", NULL) ||
	    !fa_linux_path_word(&path, "infiniband", NULL) ||
	    !fa_linux_path_word(&path, NULL, &dev) || !fa_linux_path_word(&path, "ports", NULL) ||
	    !fa_linux_path_word(&path, NULL, &port))
		return false;
	/* the last word is the index; the table is what lies between it and the port */
	for (i = path.len; i > 0 && path.ptr[i - 1] != '/'; i--)
		;
	if (i < 2 || i == path.len)
		return false;
	index.ptr = path.ptr + i;
	index.len = path.len - i;
	if (!fa_linux_is_word(dev) || !fa_textscan_copy(dev, key->dev, sizeof(key->dev)) ||
	    !fa_textscan_int(port, &key->port) || key->port < 1 || key->port > 255 ||
	    !fa_textscan_int(index, &key->index) || key->index < 0 || key->index > 65535)
		return false;
	ret_table->ptr = path.ptr;
	ret_table->len = i - 1;
	*ret_value = value;
	return true;
}

int fa_linux_ib_key_cmp(const void *x, const void *y)
{
	const struct fa_linux_ib_key *a = x, *b = y;
	int c = strcmp(a->dev, b->dev);

	if (c)
		return c;
	if (a->port != b->port)
		return a->port < b->port ? -1 : 1;
	return a->index < b->index ? -1 : a->index > b->index;
}
