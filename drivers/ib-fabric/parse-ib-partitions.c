/* SPDX-License-Identifier: MIT */
/*
 * cat /etc/opensm/partitions.conf: the partitions (P_Keys) the subnet manager assigns, in
 * OpenSM's format (opensm doc/partition-config.txt):
 *
 *   # comment
 *   Default=0x7fff, ipoib, mtu=5, rate=7, defmember=full : ALL, ALL_SWITCHES=full, SELF=full;
 *   storage=0x8001, ipoib, sl=1 :
 *       0x248a070300f1a2b0=full, 0x248a070300f1a2b1 ;
 *   mcast=0x0002, ipoib : mgid=ff12:401b::0707,sl=1   # a multicast group, not members
 *       0x248a070300f1a2b0;
 *
 * A partition is "definition : properties ;" and may span lines.  The definition is
 * "[Name][=PKey]" followed by flags (ipoib, indx0, defmember=, mtu=, rate=, sl=, scope=,
 * Q_Key=, TClass=, FlowLabel=); the properties are port specifiers "GUID|ALL|ALL_CAS|
 * ALL_SWITCHES|ALL_ROUTERS|SELF[=full|limited|both]" and multicast groups "mgid=GID[,flag]*"
 * that end at the end of their line.  Definitions repeating a P_Key are merged (OpenSM keeps
 * the first name).
 *
 * Into ib_partitions[] on the device: { name, pkey ("0x7fff": OpenSM uses the low 15 bits),
 * ipoib, mtu (bytes), rate (bits/s), sl, members: [{ guid | group, membership }] }, where
 * membership is what OpenSM applies: the member's own "=full|limited|both", else the
 * partition's defmember, else "limited" (an unrecognised word is limited too, with a warning).
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "audit/util/buf.h"
#include "drivers/ib-fabric/parse-ib.h"
#include "drivers/ib-fabric/parse-ib-int.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

struct fa_part_ctx {
	json_t *device;
	const char *cmd;
	json_t *list;		/* ib_partitions being built */
	unsigned lineno;	/* line where the current statement started */
};

/* An unsigned number as OpenSM reads it (strtoul base 0); false on anything else. */
static bool fa_part_num(struct fa_textscan_span s, uint64_t *ret)
{
	char buf[32], *end;
	unsigned long long v;

	s = fa_textscan_trim(s);
	if (s.len == 0 || !fa_textscan_copy(s, buf, sizeof(buf)) || strlen(buf) != s.len ||
	    !isdigit((unsigned char)buf[0]))
		return false;
	errno = 0;
	v = strtoull(buf, &end, 0);
	if (errno || *end)
		return false;
	*ret = v;
	return true;
}

static int64_t fa_part_mtu(uint64_t code)
{
	return code >= 1 && code <= 5 ? 128LL << code : -1;
}

/* IBTA rate codes (PathRecord Rate), in Gb/s times 10. */
static int64_t fa_part_rate(uint64_t code)
{
	static const int tenths[] = { [2] = 25,	  [3] = 100,   [4] = 300,   [5] = 50,
				      [6] = 200,  [7] = 400,   [8] = 600,   [9] = 800,
				      [10] = 1200, [11] = 140, [12] = 560, [13] = 1120,
				      [14] = 1680, [15] = 250, [16] = 1000, [17] = 2000,
				      [18] = 3000, [19] = 280, [20] = 500, [21] = 4000,
				      [22] = 6000, [23] = 8000, [24] = 12000 };

	if (code >= sizeof(tenths) / sizeof(tenths[0]) || tenths[code] == 0)
		return -1;
	return (int64_t)tenths[code] * 100000000LL;
}

static const char *fa_part_membership(struct fa_textscan_span s)
{
	if (fa_textscan_eq(s, "full"))
		return "full";
	if (fa_textscan_eq(s, "limited"))
		return "limited";
	if (fa_textscan_eq(s, "both"))
		return "both";
	return NULL;
}

/* The partition with P_Key @pkey (or, without one, a new entry), created at the end. */
static json_t *fa_part_entry(struct fa_part_ctx *c, const char *pkey)
{
	json_t *e;
	size_t i;

	if (pkey)
		json_array_foreach(c->list, i, e) {
			const char *k = fa_get_str(e, "pkey");

			if (k && strcmp(k, pkey) == 0)
				return e;
		}
	e = json_object();
	if (pkey)
		json_object_set_new(e, "pkey", json_string(pkey));
	json_object_set_new(e, "members", json_array());
	json_array_append_new(c->list, e);
	return e;
}

/* Set @key of @e to @v unless the partition already has it (the first definition wins). */
static void fa_part_set(json_t *e, const char *key, json_t *v)
{
	if (json_object_get(e, key))
		json_decref(v);
	else
		json_object_set_new(e, key, v);
}

/* One flag of the definition; false when it is not understood. */
static bool fa_part_flag(struct fa_part_ctx *c, json_t *e, struct fa_textscan_span f,
			 const char **defmember)
{
	struct fa_textscan_span k, v;
	uint64_t n;
	int64_t x;

	if (fa_textscan_eq(f, "ipoib")) {
		json_object_set_new(e, "ipoib", json_true());
		return true;
	}
	if (fa_textscan_eq(f, "indx0"))
		return true;
	if (!fa_textscan_keyval(f, '=', &k, &v))
		return false;
	if (fa_textscan_eq(k, "defmember"))
		return (*defmember = fa_part_membership(v)) != NULL;
	/* Multicast group attributes of the IPoIB broadcast group: valid, not modelled. */
	if (fa_textscan_eq(k, "scope") || fa_textscan_eq(k, "Q_Key") ||
	    fa_textscan_eq(k, "TClass") || fa_textscan_eq(k, "FlowLabel"))
		return true;
	if (!fa_part_num(v, &n))
		return false;
	if (fa_textscan_eq(k, "mtu") && (x = fa_part_mtu(n)) > 0)
		fa_part_set(e, "mtu", json_integer(x));
	else if (fa_textscan_eq(k, "rate") && (x = fa_part_rate(n)) > 0)
		fa_part_set(e, "rate", json_integer(x));
	else if (fa_textscan_eq(k, "sl") && n <= 15)
		fa_part_set(e, "sl", json_integer((json_int_t)n));
	else
		return false;
	return true;
}

/* "Name[=PKey], flag, ..." */
static json_t *fa_part_definition(struct fa_part_ctx *c, struct fa_textscan_span def,
				  const char **defmember)
{
	struct fa_textscan_span item, name, pk;
	const char *comma = memchr(def.ptr, ',', def.len), *eq;
	char pkey[8], *pkp = NULL;
	uint64_t v;
	json_t *e;

	item.ptr = def.ptr;
	item.len = comma ? (size_t)(comma - def.ptr) : def.len;
	eq = memchr(item.ptr, '=', item.len);
	name.ptr = item.ptr;
	name.len = eq ? (size_t)(eq - item.ptr) : item.len;
	name = fa_textscan_trim(name);
	if (eq) {
		pk.ptr = eq + 1;
		pk.len = item.len - (size_t)(pk.ptr - item.ptr);
		if (fa_part_num(pk, &v) && v <= 0xffff) {
			snprintf(pkey, sizeof(pkey), "0x%04x", (unsigned)(v & 0x7fff));
			pkp = pkey;
		} else {
			pk = fa_textscan_trim(pk);
			fa_device_warn(c->device,
				       "%s: partition at line %u: P_Key '%.*s' is not a 16-bit number",
				       c->cmd, c->lineno, (int)(pk.len > 40 ? 40 : pk.len), pk.ptr);
		}
	}
	e = fa_part_entry(c, pkp);
	if (name.len)
		fa_part_set(e, "name", fa_json_stringn(name.ptr, name.len));
	while (comma) {
		const char *next;

		item.ptr = comma + 1;
		next = memchr(item.ptr, ',', def.len - (size_t)(item.ptr - def.ptr));
		item.len = next ? (size_t)(next - item.ptr) : def.len - (size_t)(item.ptr - def.ptr);
		item = fa_textscan_trim(item);
		if (item.len && !fa_part_flag(c, e, item, defmember))
			fa_device_warn(c->device, "%s: partition at line %u: flag '%.*s' not understood",
				       c->cmd, c->lineno, (int)(item.len > 60 ? 60 : item.len),
				       item.ptr);
		comma = next;
	}
	return e;
}

static bool fa_part_group(struct fa_textscan_span s)
{
	return fa_textscan_eq(s, "ALL") || fa_textscan_eq(s, "ALL_CAS") ||
	       fa_textscan_eq(s, "ALL_SWITCHES") || fa_textscan_eq(s, "ALL_ROUTERS") ||
	       fa_textscan_eq(s, "SELF");
}

/* One port specifier of the properties. */
static void fa_part_member(struct fa_part_ctx *c, json_t *e, struct fa_textscan_span item,
			   const char *defmember)
{
	struct fa_textscan_span who = item, how = { NULL, 0 };
	const char *membership = defmember ? defmember : "limited";
	json_t *m;
	uint64_t g;
	char buf[20];

	if (fa_textscan_keyval(item, '=', &who, &how)) {
		const char *mb = fa_part_membership(how);

		if (mb)
			membership = mb;
		else
			fa_device_warn(c->device,
				       "%s: partition at line %u: membership '%.*s' is not full, limited or both; "
				       "OpenSM makes it limited",
				       c->cmd, c->lineno, (int)(how.len > 40 ? 40 : how.len), how.ptr);
		if (!mb)
			membership = "limited";
	}
	m = json_object();
	if (fa_part_group(who)) {
		json_object_set_new(m, "group", fa_json_stringn(who.ptr, who.len));
	} else if (fa_part_num(who, &g) || fa_ib_guid(who, &g)) {
		snprintf(buf, sizeof(buf), "0x%016" PRIx64, g);
		json_object_set_new(m, "guid", json_string(buf));
	} else {
		fa_device_warn(c->device, "%s: partition at line %u: member '%.*s' is not a port GUID or group",
			       c->cmd, c->lineno, (int)(who.len > 60 ? 60 : who.len), who.ptr);
		json_decref(m);
		return;
	}
	json_object_set_new(m, "membership", json_string(membership));
	json_array_append_new(json_object_get(e, "members"), m);
}

/* Properties: items separated by ',' or line ends; a multicast group lasts to its line end. */
static void fa_part_properties(struct fa_part_ctx *c, json_t *e, struct fa_textscan_span props,
			       const char *defmember)
{
	size_t i = 0, start = 0;
	bool mgroup = false;

	for (i = 0; i <= props.len; i++) {
		bool end = i == props.len || props.ptr[i] == ',' || props.ptr[i] == '\n';
		struct fa_textscan_span item;

		if (!end)
			continue;
		item.ptr = props.ptr + start;
		item.len = i - start;
		item = fa_textscan_trim(item);
		if (item.len) {
			if (fa_textscan_starts(item, "mgid="))
				mgroup = true;
			else if (!mgroup)
				fa_part_member(c, e, item, defmember);
		}
		if (i < props.len && props.ptr[i] == '\n')
			mgroup = false;
		start = i + 1;
	}
}

static void fa_part_statement(struct fa_part_ctx *c, char *st, size_t len)
{
	char *colon = memchr(st, ':', len);
	struct fa_textscan_span def, props;
	const char *defmember = NULL;
	size_t i;
	json_t *e;

	if (!colon) {
		struct fa_textscan_span t = { st, len };

		for (i = 0; i < len; i++)
			if (st[i] == '\n')
				st[i] = ' ';
		t = fa_textscan_trim(t);
		fa_device_warn(c->device, "%s: line %u: partition without ':': %.*s", c->cmd,
			       c->lineno, (int)(t.len > 80 ? 80 : t.len), t.ptr);
		return;
	}
	/* A definition may be wrapped; only properties end things (groups) at line ends. */
	for (i = 0; st + i < colon; i++)
		if (st[i] == '\n')
			st[i] = ' ';
	def.ptr = st;
	def.len = (size_t)(colon - st);
	/* names, P_Keys and flags are words, numbers, '=' and ',': anything else is not OpenSM's */
	for (i = 0; i < def.len; i++) {
		if (!isalnum((unsigned char)st[i]) && !strchr("_.-=, \t", st[i])) {
			def = fa_textscan_trim(def);
			fa_device_warn(c->device, "%s: line %u: not a partition definition: %.*s",
				       c->cmd, c->lineno, (int)(def.len > 80 ? 80 : def.len), def.ptr);
			return;
		}
	}
	props.ptr = colon + 1;
	props.len = len - def.len - 1;
	e = fa_part_definition(c, def, &defmember);
	fa_part_properties(c, e, props, defmember);
}

int fa_parse_ib_partitions(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	struct fa_part_ctx c = { device, NULL, json_array(), 1 };
	struct fa_buf text = FA_BUF_INIT;
	size_t i, start = 0;
	unsigned line = 1;
	bool comment = false, pending = false;
	unsigned statements = 0;

	c.cmd = cap->command && *cap->command ? cap->command : "cat /etc/opensm/partitions.conf";
	/* Comments out, line ends kept (multicast groups end at them), NULs as blanks. */
	for (i = 0; i < cap->len; i++) {
		char ch = cap->data[i];

		if (ch == '\n')
			comment = false;
		else if (ch == '#')
			comment = true;
		if (comment)
			continue;
		fa_buf_addch(&text, ch == '\0' || ch == '\r' ? ' ' : ch);
	}
	for (i = 0; i <= text.len; i++) {
		char ch = i < text.len ? text.buf[i] : ';';

		if (ch == '\n')
			line++;
		else if (ch != ' ' && ch != '\t' && ch != ';' && !pending) {
			pending = true;
			c.lineno = line;
		}
		if (ch != ';')
			continue;
		if (pending) {
			statements++;
			if (i == text.len)
				fa_device_warn(device, "%s: line %u: partition not ended by ';'",
					       c.cmd, c.lineno);
			fa_part_statement(&c, text.buf + start, i - start);
		}
		pending = false;
		start = i + 1;
	}
	fa_buf_release(&text);
	/* statements and not one partition: not a partitions.conf (an error message) */
	if (statements && json_array_size(c.list) == 0) {
		json_decref(c.list);
		return fa_err_set(err, FA_EPARSE, "%s: no partition definition in the output",
				  c.cmd);
	}
	json_object_set_new(device, "ib_partitions", c.list);
	return 0;
}
