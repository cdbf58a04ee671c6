/* SPDX-License-Identifier: MIT */
/*
 * ip link show, ip -d link show, ip addr show: iproute2's text forms of what "ip -j -d link
 * show" gives as JSON (parse-linux-ip-link.c), for captures made without -j.  Each link is
 * a header line at column 0 and indented lines under it:
 *
 *   2: eth0.11@eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc noqueue state UP ...
 *       link/ether 00:0c:29:41:71:45 brd ff:ff:ff:ff:ff:ff promiscuity 0 ...
 *       vlan protocol 802.1Q id 11 <REORDER_HDR> ...       (-d: the link's kind)
 *       bond_slave state ACTIVE ...                        (-d: a member's kind, not read)
 *       inet 10.0.0.1/24 brd ... / valid_lft ...           (addr: not in the model)
 *       RX: bytes ... / counter rows / altname / alias     (not read)
 *
 * The same fields as the JSON form: the port named before '@' (the parent after it is not
 * part of the name), admin_state "up" when the flags hold UP, oper_state the "state" word
 * lowercased (busybox and old releases may leave it out), mtu, mac (link/ether and
 * link/infiniband only), type from the -d kind as in the JSON form, else from link/TYPE.
 * An indented line of another form is a warning; output without a link line fails.
 */
#include "config.h"

#include <ctype.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/linux/parse-linux.h"
#include "drivers/linux/parse-linux-int.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

/* -d kinds as the JSON form types them; other kinds listed here are "virtual". */
static const struct {
	const char *kind;
	const char *type;
} fa_iplt_kinds[] = {
	{"bond", "bond"},	 {"team", "bond"},	  {"vlan", "vlan"},	{"bridge", "bridge"},
	{"openvswitch", "bridge"}, {"ipoib", "infiniband"}, {"veth", "virtual"}, {"vxlan", "virtual"},
	{"dummy", "virtual"},	 {"tun", "virtual"},	  {"macvlan", "virtual"}, {"macvtap", "virtual"},
	{"ipvlan", "virtual"},	 {"geneve", "virtual"},	  {"gre", "virtual"},	{"gretap", "virtual"},
	{"ip6gre", "virtual"},	 {"ip6gretap", "virtual"}, {"ipip", "virtual"},	{"sit", "virtual"},
	{"ip6tnl", "virtual"},	 {"vrf", "virtual"},	  {"wireguard", "virtual"}, {"ifb", "virtual"},
	{"nlmon", "virtual"},	 {"vcan", "virtual"},	  {"xfrm", "virtual"},	{"erspan", "virtual"},
	{"netkit", "virtual"},	 {"hsr", "virtual"},	  {"macsec", "virtual"},
};

/* First words of indented lines that carry nothing the model holds. */
static const char *const fa_iplt_skipped[] = {
	"RX:", "TX:", "RX", "TX", "inet", "inet6", "valid_lft", "altname", "alias",
	"link-netns", "link-netnsid", "vf", "addrgenmode", "cache", "protodown_reason",
};

struct fa_iplt_link {
	json_t *port;		/* NULL before the first header */
	const char *kind_type;	/* from the -d kind line */
	const char *link_type;	/* from link/TYPE */
};

static void fa_iplt_finish(struct fa_iplt_link *l)
{
	const char *type = l->kind_type ? l->kind_type : l->link_type;

	if (l->port && type)
		fa_set_str(l->port, "type", type);
	memset(l, 0, sizeof(*l));
}

static void fa_iplt_set_lower(json_t *port, const char *path, struct fa_textscan_span s)
{
	char low[64];
	size_t i;

	if (s.len >= sizeof(low))
		return;
	for (i = 0; i < s.len; i++)
		low[i] = (char)tolower((unsigned char)s.ptr[i]);
	fa_set_strn(port, path, low, s.len);
}

/* "N: NAME[@PARENT]: <FLAGS> mtu M ... state S ...": false when not a header line. */
static bool fa_iplt_header(json_t *device, struct fa_textscan_span line, struct fa_iplt_link *l)
{
	struct fa_textscan_span w[40], name, flags;
	size_t n = fa_textscan_words(line, w, 40), i;
	char buf[64];
	int64_t v;
	const char *at;

	if (n > 40)
		n = 40;	/* the fields read come early in the line */
	if (n < 3 || w[0].len < 2 || w[0].ptr[w[0].len - 1] != ':' || w[1].len < 2 ||
	    w[1].ptr[w[1].len - 1] != ':' || w[2].ptr[0] != '<' || w[2].ptr[w[2].len - 1] != '>')
		return false;
	name = (struct fa_textscan_span){w[0].ptr, w[0].len - 1};
	if (!fa_textscan_int(name, &v) || v <= 0)
		return false;
	name = (struct fa_textscan_span){w[1].ptr, w[1].len - 1};
	at = memchr(name.ptr, '@', name.len);
	if (at)
		name.len = (size_t)(at - name.ptr);
	if (!fa_linux_is_word(name) || !fa_textscan_copy(name, buf, sizeof(buf)))
		return false;
	l->port = fa_device_port(device, buf);
	/* the flags: a comma list between < and > */
	flags = (struct fa_textscan_span){w[2].ptr + 1, w[2].len - 2};
	fa_set_str(l->port, "admin_state", "down");
	while (flags.len) {
		const char *comma = memchr(flags.ptr, ',', flags.len);
		struct fa_textscan_span f = {flags.ptr, comma ? (size_t)(comma - flags.ptr)
							      : flags.len};

		if (fa_textscan_eq(f, "UP"))
			fa_set_str(l->port, "admin_state", "up");
		if (!comma)
			break;
		flags.ptr = comma + 1;
		flags.len -= f.len + 1;
	}
	for (i = 3; i + 1 < n; i++) {
		if (fa_textscan_eq(w[i], "mtu") && fa_textscan_int(w[i + 1], &v) && v > 0)
			fa_set_int(l->port, "mtu", v);
		else if (fa_textscan_eq(w[i], "state"))
			fa_iplt_set_lower(l->port, "oper_state", w[i + 1]);
	}
	return true;
}

/* "link/ether MAC brd ...", "link/loopback ...", "link/none". */
static void fa_iplt_link_line(struct fa_textscan_span *w, size_t n, struct fa_iplt_link *l)
{
	struct fa_textscan_span lt = {w[0].ptr + 5, w[0].len - 5};
	bool hw = fa_textscan_eq(lt, "ether") || fa_textscan_eq(lt, "infiniband");

	if (fa_textscan_eq(lt, "ether"))
		l->link_type = "ethernet";
	else if (fa_textscan_eq(lt, "loopback"))
		l->link_type = "loopback";
	else if (fa_textscan_eq(lt, "infiniband"))
		l->link_type = "infiniband";
	else
		l->link_type = "other";
	if (hw && n > 1 && memchr(w[1].ptr, ':', w[1].len))
		fa_iplt_set_lower(l->port, "mac", w[1]);
}

/* An indented line of the current link: false when it is of no known form. */
static bool fa_iplt_detail(struct fa_textscan_span *w, size_t n, struct fa_iplt_link *l)
{
	size_t k;

	if (fa_textscan_starts(w[0], "link/") && w[0].len > 5) {
		fa_iplt_link_line(w, n, l);
		return true;
	}
	if (fa_textscan_starts(w[0], "prog/"))
		return true;	/* an attached XDP program */
	if (isdigit((unsigned char)w[0].ptr[0]))
		return true;	/* a counter row of -s */
	if (w[0].len > 6 && memcmp(w[0].ptr + w[0].len - 6, "_slave", 6) == 0)
		return true;	/* a member's kind: the member keeps its own type */
	for (k = 0; k < sizeof(fa_iplt_kinds) / sizeof(fa_iplt_kinds[0]); k++)
		if (fa_textscan_eq(w[0], fa_iplt_kinds[k].kind)) {
			if (!l->kind_type)
				l->kind_type = fa_iplt_kinds[k].type;
			return true;
		}
	for (k = 0; k < sizeof(fa_iplt_skipped) / sizeof(fa_iplt_skipped[0]); k++)
		if (fa_textscan_eq(w[0], fa_iplt_skipped[k]))
			return true;
	return false;
}

int fa_parse_linux_ip_link_text(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = fa_linux_cmd(cap, "ip link show");
	struct fa_iplt_link l;
	struct fa_textscan_span line, w[4];
	struct fa_textscan ts;
	size_t links = 0;

	memset(&l, 0, sizeof(l));
	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		size_t n;

		if (fa_textscan_is_blank(line))
			continue;
		if (fa_textscan_indent(line) == 0) {
			struct fa_iplt_link next;

			memset(&next, 0, sizeof(next));
			if (fa_iplt_header(device, line, &next)) {
				fa_iplt_finish(&l);
				l = next;
				links++;
				continue;
			}
		} else if (l.port) {
			n = fa_textscan_words(fa_textscan_trim(line), w, 4);
			if (n > 4)
				n = 4;	/* the first two words say what the line is */
			if (fa_iplt_detail(w, n, &l))
				continue;
		}
		line = fa_textscan_trim(line);
		fa_device_warn(device, "%s: line %u not understood: %.*s", cmd, ts.lineno,
			       (int)(line.len > 120 ? 120 : line.len), line.ptr);
	}
	fa_iplt_finish(&l);
	if (links == 0) {
		struct fa_textscan_span first = fa_linux_first_line(cap);

		return fa_err_set(err, FA_EPARSE, "%s: no link line (\"N: NAME: <FLAGS> ...\"): %.*s",
				  cmd, (int)(first.len > 120 ? 120 : first.len), first.ptr);
	}
	return 0;
}
