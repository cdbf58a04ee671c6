/* SPDX-License-Identifier: MIT */
/*
 * What the Junos parsers share: reading a reply into a safe XML document, finding its payload,
 * surfacing <rpc-error>, naming ports, reading interface values as both the XML and the text
 * of "show interfaces" print them, and telling a CLI text capture from XML or JSON.
 */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "audit/model.h"
#include "audit/util/xalloc.h"
#include "drivers/junos/parse-junos.h"
#include "drivers/text/units.h"
#include "drivers/text/xmlsafe.h"
#include "audit/util/banned.h"

int fa_junos_reply(const struct fa_capture *cap, const char *want, xmlDocPtr *ret_doc,
		   xmlNodePtr *ret_node, struct fa_err *err)
{
	const char *src = cap->command ? cap->command : "junos";
	xmlDocPtr doc = NULL;
	xmlNodePtr root, node, rerr;
	int r;

	r = fa_xml_parse(cap->data, cap->len, src, &doc, err);
	if (r)
		return r;
	root = xmlDocGetRootElement(doc);
	/* An <rpc-error> of severity error means the payload is not there or not complete. */
	for (rerr = fa_xml_find(root, "rpc-error"); rerr; rerr = fa_xml_next(rerr, "rpc-error")) {
		char *sev = fa_xml_child_text(rerr, "error-severity");
		char *msg = fa_xml_child_text(rerr, "error-message");
		int fatal = !sev || strcmp(sev, "warning") != 0;

		if (fatal)
			r = fa_err_at(err, FA_EPARSE, src, 0, 0, "rpc-error: %s",
				      msg ? msg : "(no message)");
		free(sev);
		free(msg);
		if (fatal)
			goto fail;
	}
	node = fa_xml_find(root, want);
	if (!node) {
		r = fa_err_at(err, FA_EPARSE, src, 0, 0, "reply has no <%s> element", want);
		goto fail;
	}
	*ret_doc = doc;
	*ret_node = node;
	return 0;
fail:
	xmlFreeDoc(doc);
	return r;
}

/* "1000mbps", "10Gbps", "400Gbps" -> bits/s.  0 when not a speed, -1 when unparseable. */
static int fa_junos_speed_bits(const char *s, int64_t *ret)
{
	static const struct {
		const char *unit;
		int64_t factor;
	} units[] = {{"tbps", 1000000000000LL},
		     {"gbps", 1000000000LL},
		     {"mbps", 1000000LL},
		     {"kbps", 1000LL},
		     {"bps", 1LL}};
	char *end;
	long long v;
	size_t i;

	if (!isdigit((unsigned char)s[0]))
		return 0;
	v = strtoll(s, &end, 10);
	while (*end == ' ')
		end++;
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (strcasecmp(end, units[i].unit) == 0) {
			*ret = (int64_t)v * units[i].factor;
			return 1;
		}
	return -1;
}

void fa_junos_fec(json_t *device, json_t *port, const char *cmd, const char *name, const char *fec)
{
	if (strcasecmp(fec, "fec91") == 0 || strcasecmp(fec, "fec119") == 0 ||
	    strcasecmp(fec, "rs-fec") == 0)
		fa_set_str(port, "fec", "rs");
	else if (strcasecmp(fec, "fec74") == 0)
		fa_set_str(port, "fec", "baser");
	else if (strcasecmp(fec, "none") == 0 || strcasecmp(fec, "disabled") == 0)
		fa_set_str(port, "fec", "off");
	else
		fa_device_warn(device, "%s: %s: unknown FEC mode '%s'", cmd, name, fec);
}

void fa_junos_mtu(json_t *device, json_t *port, const char *cmd, const char *name, const char *mtu)
{
	int64_t n;

	if (fa_parse_int(mtu, &n) && n > 0)
		fa_set_int(port, "mtu", n);
	else if (strcmp(mtu, "Unlimited") != 0)
		fa_device_warn(device, "%s: %s: unknown MTU '%s'", cmd, name, mtu);
}

void fa_junos_speed(json_t *device, json_t *port, const char *cmd, const char *name,
		    const char *speed)
{
	int64_t n;
	int s = fa_junos_speed_bits(speed, &n);

	if (s > 0)
		fa_set_int(port, "speed", n);
	else if (s < 0)
		fa_device_warn(device, "%s: %s: unknown speed '%s'", cmd, name, speed);
}

void fa_junos_autoneg(json_t *device, json_t *port, const char *cmd, const char *name,
		      const char *autoneg)
{
	if (strcasecmp(autoneg, "enabled") == 0 || strcasecmp(autoneg, "disabled") == 0)
		fa_set_bool(port, "autoneg", strcasecmp(autoneg, "enabled") == 0);
	else
		fa_device_warn(device, "%s: %s: unknown auto-negotiation '%s'", cmd, name, autoneg);
}

struct fa_junos_prefix {
	const char *prefix;
	const char *type;
	int digit; /* the prefix must be followed by a digit ("em0", not "emx") */
};

/* First match wins, so longer prefixes come before their shorter look-alikes. */
static const struct fa_junos_prefix fa_junos_prefixes[] = {
    {"mge-", "ethernet", 0},   {"xle-", "ethernet", 0},	 {"fte-", "ethernet", 0},
    {"ge-", "ethernet", 0},    {"xe-", "ethernet", 0},	 {"et-", "ethernet", 0},
    {"fe-", "ethernet", 0},    {"fxp", "management", 1}, {"em", "management", 1},
    {"me", "management", 1},   {"vme", "management", 0}, {"lo", "loopback", 1},
    {"ae", "bond", 1},	       {"irb", "vlan", 0},	 {"vlan", "vlan", 0},
    {".local.", "virtual", 0}, {"bme", "virtual", 1},	 {"cbp", "virtual", 1},
    {"demux", "virtual", 1},   {"dsc", "virtual", 0},	 {"esi", "virtual", 0},
    {"fti", "virtual", 1},     {"gre", "virtual", 0},	 {"gr-", "virtual", 0},
    {"ipip", "virtual", 0},    {"ip-", "virtual", 0},	 {"jsrv", "virtual", 0},
    {"lsi", "virtual", 0},     {"lt-", "virtual", 0},	 {"mtun", "virtual", 0},
    {"mt-", "virtual", 0},     {"pd-", "virtual", 0},	 {"pe-", "virtual", 0},
    {"pimd", "virtual", 0},    {"pime", "virtual", 0},	 {"pip", "virtual", 1},
    {"pp", "virtual", 1},      {"rbeb", "virtual", 0},	 {"sp-", "virtual", 0},
    {"st", "virtual", 1},      {"tap", "virtual", 0},	 {"ut-", "virtual", 0},
    {"vcp-", "virtual", 0},    {"vt-", "virtual", 0},	 {"vtep", "virtual", 0},
};

const char *fa_junos_port_type(const char *name)
{
	size_t i;

	/* Routing-engine management ports on newer releases: "re0:mgmt-0". */
	if (strncmp(name, "re", 2) == 0 && strstr(name, ":mgmt"))
		return "management";
	for (i = 0; i < sizeof(fa_junos_prefixes) / sizeof(fa_junos_prefixes[0]); i++) {
		const struct fa_junos_prefix *e = &fa_junos_prefixes[i];
		size_t l = strlen(e->prefix);

		if (strncmp(name, e->prefix, l) != 0)
			continue;
		if (e->digit && !(name[l] >= '0' && name[l] <= '9'))
			continue;
		return e->type;
	}
	return "other";
}

char *fa_junos_physical(const char *name)
{
	const char *dot = strrchr(name, '.');

	/* ".local." is a name of its own, not a unit. */
	if (!dot || dot == name || name[0] == '.')
		return fa_xstrdup(name);
	return fa_xstrndup(name, (size_t)(dot - name));
}

char *fa_junos_bracketed(const char *comment)
{
	const char *b = comment ? strrchr(comment, '[') : NULL;
	const char *e = b ? strchr(b, ']') : NULL;

	if (!b || !e || e == b + 1)
		return NULL;
	return fa_xstrndup(b + 1, (size_t)(e - b - 1));
}

/* The offset of the first byte at or after @i that is not a blank or a line end. */
static size_t fa_junos_skip_space(const struct fa_capture *cap, size_t i)
{
	while (i < cap->len && (cap->data[i] == ' ' || cap->data[i] == '\t' ||
				cap->data[i] == '\r' || cap->data[i] == '\n'))
		i++;
	return i;
}

bool fa_junos_not_text(const struct fa_capture *cap, fa_parse_fn *xml, json_t *device,
		       struct fa_err *err, int *ret)
{
	size_t i = fa_junos_skip_space(cap, 0), j = fa_junos_skip_space(cap, i + 1);

	if (i < cap->len && cap->data[i] == '<') {
		*ret = xml(cap, device, err);
		return true;
	}
	/* "{master:0}" opens text too: JSON is a '{' before a quoted member name */
	if (i < cap->len && cap->data[i] == '{' && j < cap->len && cap->data[j] == '"') {
		*ret = fa_err_at(err, FA_EPARSE, cap->command, 0, 0,
				 "Junos JSON (| display json) is not parsed; capture the text, or "
				 "the XML with | display xml");
		return true;
	}
	return false;
}

bool fa_junos_text_noise(struct fa_textscan_span line)
{
	struct fa_textscan_span t = fa_textscan_trim(line);
	size_t i;

	if (t.len == 0)
		return true;
	if (t.len < 3 || t.ptr[0] != '{' || t.ptr[t.len - 1] != '}')
		return false;
	for (i = 1; i + 1 < t.len; i++)
		if (t.ptr[i] == ' ' || t.ptr[i] == '\t' || t.ptr[i] == '{' || t.ptr[i] == '}')
			return false;
	return true;
}
