/* SPDX-License-Identifier: MIT */
/*
 * rtnetlink links and DCB into the model; the contract is in netlink.h.
 *
 * Live reads collect the kernel's reply bytes first and hand them to the same parsers the
 * tests feed with recorded bytes, so there is one code path from bytes to model.  Bytes are
 * copied into an aligned buffer before netlink's macros walk them (a file read into a
 * struct fa_buf has no alignment promise).  libnl fills a link cache from the messages
 * (nlmsg_convert + nl_cache_parse_and_add), which also decodes IFLA_LINKINFO for VLANs.
 */
#include "config.h"

#ifdef HAVE_LIBNL

#include <errno.h>
#include <linux/dcbnl.h>
#include <linux/rtnetlink.h>
#include <linux/if.h>
#include <net/if_arp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>

#include <netlink/cache.h>
#include <netlink/msg.h>
#include <netlink/netlink.h>
#include <netlink/route/link.h>
#include <netlink/route/link/vlan.h>
#include <netlink/route/rtnl.h>
#include <netlink/socket.h>

#include "audit/model.h"
#include "audit/util/buf.h"
#include "audit/util/xalloc.h"
#include "drivers/transport/netlink.h"
#include "audit/util/banned.h"

/* Cap on a whole link dump: a host with thousands of VFs stays well below it. */
#define FA_NL_DUMP_MAX ((size_t)64 << 20)

static const struct {
	const char *kind;
	const char *type;
} fa_nl_kinds[] = {
	{ "bond", "bond" },     { "team", "bond" },	       { "vlan", "vlan" },
	{ "bridge", "bridge" }, { "openvswitch", "bridge" }, { "ipoib", "infiniband" },
};

static const char *const fa_nl_operstates[] = {
	[IF_OPER_UNKNOWN] = "unknown",	 [IF_OPER_NOTPRESENT] = "notpresent",
	[IF_OPER_DOWN] = "down",	 [IF_OPER_LOWERLAYERDOWN] = "lowerlayerdown",
	[IF_OPER_TESTING] = "testing",	 [IF_OPER_DORMANT] = "dormant",
	[IF_OPER_UP] = "up",
};

/* Kinds whose IFLA_LINK names the link they sit on (for veth it is the peer instead). */
static bool fa_nl_has_parent(const char *kind)
{
	return kind && (strcmp(kind, "vlan") == 0 || strcmp(kind, "macvlan") == 0 ||
			strcmp(kind, "macvtap") == 0 || strcmp(kind, "ipvlan") == 0);
}

static const char *fa_nl_type(struct rtnl_link *l)
{
	const char *kind = rtnl_link_get_type(l);
	size_t i;

	if (kind) {
		for (i = 0; i < sizeof(fa_nl_kinds) / sizeof(fa_nl_kinds[0]); i++)
			if (strcmp(kind, fa_nl_kinds[i].kind) == 0)
				return fa_nl_kinds[i].type;
		return "virtual";
	}
	switch (rtnl_link_get_arptype(l)) {
	case ARPHRD_ETHER:
		return "ethernet";
	case ARPHRD_LOOPBACK:
		return "loopback";
	case ARPHRD_INFINIBAND:
		return "infiniband";
	default:
		return "other";
	}
}

/* Name of link @ifindex in @cache, into @buf; false when it is not there. */
static bool fa_nl_name_of(struct nl_cache *cache, int ifindex, char *buf, size_t size)
{
	struct rtnl_link *o;

	if (ifindex <= 0)
		return false;
	o = rtnl_link_get(cache, ifindex);
	if (!o)
		return false;
	snprintf(buf, size, "%s", rtnl_link_get_name(o));
	rtnl_link_put(o);
	return true;
}

static void fa_nl_mac(struct rtnl_link *l, json_t *port)
{
	struct nl_addr *a = rtnl_link_get_addr(l);
	unsigned int arp = rtnl_link_get_arptype(l);
	struct fa_buf mac = FA_BUF_INIT;
	const unsigned char *b;
	size_t n, i;

	if (!a)
		return;
	n = nl_addr_get_len(a);
	if (!((arp == ARPHRD_ETHER && n == 6) || (arp == ARPHRD_INFINIBAND && n == 20)))
		return;
	b = nl_addr_get_binary_addr(a);
	for (i = 0; i < n; i++)
		fa_buf_addf(&mac, "%s%02x", i ? ":" : "", b[i]);
	fa_set_str(port, "mac", mac.buf);
	fa_buf_release(&mac);
}

static void fa_nl_link_to_port(struct nl_cache *cache, struct rtnl_link *l, json_t *device)
{
	const char *name = rtnl_link_get_name(l), *kind = rtnl_link_get_type(l);
	uint8_t oper = rtnl_link_get_operstate(l);
	int32_t nsid;
	char other[IFNAMSIZ + 1];
	json_t *port;

	if (!name || !*name)
		return;
	port = fa_device_port(device, name);
	fa_set_str(port, "type", fa_nl_type(l));
	fa_set_str(port, "admin_state", rtnl_link_get_flags(l) & IFF_UP ? "up" : "down");
	if (oper < sizeof(fa_nl_operstates) / sizeof(fa_nl_operstates[0]) && fa_nl_operstates[oper])
		fa_set_str(port, "oper_state", fa_nl_operstates[oper]);
	else
		fa_device_warn(device, "netlink: %s: unknown operstate %u", name, oper);
	if (rtnl_link_get_mtu(l))
		fa_set_int(port, "mtu", rtnl_link_get_mtu(l));
	fa_nl_mac(l, port);
	if (fa_nl_name_of(cache, rtnl_link_get_master(l), other, sizeof(other)))
		fa_set_str(port, "master", other);
	if (fa_nl_has_parent(kind) && rtnl_link_get_link_netnsid(l, &nsid) != 0 &&
	    fa_nl_name_of(cache, rtnl_link_get_link(l), other, sizeof(other)))
		fa_set_str(port, "parent", other);
	if (rtnl_link_is_vlan(l))
		fa_set_int(port, "vlan_id", rtnl_link_vlan_get_id(l));
}

/* An aligned copy of @len bytes; free(). */
static void *fa_nl_aligned(const void *bytes, size_t len)
{
	void *p = fa_xmalloc(len ? len : 1);

	memcpy(p, bytes, len);
	return p;
}

/* The counters of @l, on its port when @device has one (docs/health.md). */
static void fa_nl_link_counters(struct rtnl_link *l, json_t *device)
{
	static const struct {
		rtnl_link_stat_id_t id;
		const char *counter;
	} stats[] = {
		{ RTNL_LINK_RX_BYTES, "counters.rx_bytes" },
		{ RTNL_LINK_TX_BYTES, "counters.tx_bytes" },
		{ RTNL_LINK_RX_ERRORS, "counters.rx_errors" },
		{ RTNL_LINK_TX_ERRORS, "counters.tx_errors" },
		{ RTNL_LINK_RX_DROPPED, "counters.rx_discards" },
		{ RTNL_LINK_TX_DROPPED, "counters.tx_discards" },
		{ RTNL_LINK_RX_CRC_ERR, "counters.crc_errors" },
	};
	const char *name = rtnl_link_get_name(l);
	json_t *port = name ? fa_device_find_port(device, name) : NULL;
	uint32_t changes;
	size_t i;

	if (!port)
		return;
	for (i = 0; i < sizeof(stats) / sizeof(stats[0]); i++) {
		uint64_t v = rtnl_link_get_stat(l, stats[i].id);

		if (v <= (uint64_t)INT64_MAX)
			fa_set_int(port, stats[i].counter, (json_int_t)v);
	}
	if (rtnl_link_get_carrier_changes(l, &changes) == 0)
		fa_set_int(port, "counters.carrier_changes", changes);
}

/* A cache of the RTM_NEWLINK messages in @len bytes (*ret_cache: nl_cache_free()). */
static int fa_nl_link_cache(const void *bytes, size_t len, struct nl_cache **ret_cache,
			    struct fa_err *err)
{
	struct nl_cache *cache = NULL;
	struct nlmsghdr *nlh;
	void *copy = fa_nl_aligned(bytes, len);
	int remaining = len > (size_t)FA_NL_DUMP_MAX ? 0 : (int)len, nlinks = 0, r = 0;

	if (len > FA_NL_DUMP_MAX) {
		r = fa_err_set(err, FA_ETOOBIG, "netlink: link dump over %zu bytes", FA_NL_DUMP_MAX);
		goto out;
	}
	if (nl_cache_alloc_name("route/link", &cache) < 0) {
		r = fa_err_set(err, FA_EINTERNAL, "netlink: libnl has no route/link cache type");
		goto out;
	}
	for (nlh = copy; nlmsg_ok(nlh, remaining); nlh = nlmsg_next(nlh, &remaining)) {
		struct nl_msg *m;

		if (nlh->nlmsg_type == NLMSG_DONE)
			break;
		if (nlh->nlmsg_type == NLMSG_ERROR) {
			const struct nlmsgerr *e = nlmsg_data(nlh);

			if (nlmsg_datalen(nlh) >= (int)sizeof(*e) && e->error == 0)
				continue;
			r = fa_err_set(err, FA_EIO, "netlink: the kernel refused the link dump: %s",
				       nlmsg_datalen(nlh) >= (int)sizeof(*e) ? strerror(-e->error)
									      : "truncated error");
			goto out;
		}
		if (nlh->nlmsg_type != RTM_NEWLINK)
			continue;
		m = nlmsg_convert(nlh);
		if (!m || nl_cache_parse_and_add(cache, m) < 0) {
			nlmsg_free(m);
			r = fa_err_set(err, FA_EPARSE, "netlink: a link message cannot be decoded");
			goto out;
		}
		nlmsg_free(m);
		nlinks++;
	}
	if (nlinks == 0) {
		r = fa_err_set(err, FA_EPARSE, "netlink: no link message in %zu bytes", len);
		goto out;
	}
	*ret_cache = cache;
	cache = NULL;
out:
	if (cache)
		nl_cache_free(cache);
	free(copy);
	return r;
}

/* Each link of the saved dump into @device: its port (configuration) or its counters. */
static int fa_nl_each_link(const void *bytes, size_t len, json_t *device, bool counters,
			   struct fa_err *err)
{
	struct nl_cache *cache = NULL;
	struct nl_object *o;
	int r = fa_nl_link_cache(bytes, len, &cache, err);

	if (r < 0)
		return r;
	for (o = nl_cache_get_first(cache); o; o = nl_cache_get_next(o)) {
		if (counters)
			fa_nl_link_counters((struct rtnl_link *)o, device);
		else
			fa_nl_link_to_port(cache, (struct rtnl_link *)o, device);
	}
	nl_cache_free(cache);
	return 0;
}

int fa_nl_links_parse(const void *bytes, size_t len, json_t *device, struct fa_err *err)
{
	return fa_nl_each_link(bytes, len, device, false, err);
}

int fa_nl_counters_parse(const void *bytes, size_t len, json_t *device, struct fa_err *err)
{
	return fa_nl_each_link(bytes, len, device, true, err);
}

static struct nl_sock *fa_nl_connect(double timeout, struct fa_err *err)
{
	struct nl_sock *sk = nl_socket_alloc();
	struct timeval tv;

	if (!sk) {
		fa_err_set(err, FA_ENOMEM, "netlink: no memory for a socket");
		return NULL;
	}
	if (nl_connect(sk, NETLINK_ROUTE) < 0) {
		fa_err_set(err, FA_EIO, "netlink: cannot open a route socket: %s", strerror(errno));
		nl_socket_free(sk);
		return NULL;
	}
	tv.tv_sec = (time_t)timeout;
	tv.tv_usec = (suseconds_t)((timeout - (double)tv.tv_sec) * 1e6);
	setsockopt(nl_socket_get_fd(sk), SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	return sk;
}

/*
 * Receive datagrams into @out until one holds a message that ends the exchange: NLMSG_DONE
 * for a dump, an error or a message of type @want.
 */
static int fa_nl_receive(struct nl_sock *sk, int want, struct fa_buf *out, struct fa_err *err)
{
	for (;;) {
		struct sockaddr_nl peer;
		unsigned char *buf = NULL;
		struct nlmsghdr *nlh;
		bool end = false;
		int n = nl_recv(sk, &peer, &buf, NULL), remaining;

		if (n <= 0) {
			free(buf);
			return fa_err_set(err, n == 0 || n == -NLE_AGAIN ? FA_ETIMEOUT : FA_EIO,
					  "netlink: no answer from the kernel (%s)", nl_geterror(n));
		}
		remaining = n;
		for (nlh = (struct nlmsghdr *)buf; nlmsg_ok(nlh, remaining);
		     nlh = nlmsg_next(nlh, &remaining)) {
			if (nlh->nlmsg_type == NLMSG_DONE || nlh->nlmsg_type == want)
				end = true;
			if (nlh->nlmsg_type == NLMSG_ERROR) {
				const struct nlmsgerr *e = nlmsg_data(nlh);

				end |= e->error != 0;
			}
		}
		if (fa_buf_add(out, buf, (size_t)n) < 0) {
			free(buf);
			return fa_err_set(err, FA_ETOOBIG, "netlink: answer over %zu bytes", out->cap);
		}
		free(buf);
		if (end)
			return 0;
	}
}

/* Dump the links of the current network namespace and hand the bytes to @parse. */
static int fa_nl_links_dump(json_t *device, struct fa_err *err,
			    int (*parse)(const void *, size_t, json_t *, struct fa_err *))
{
	struct nl_sock *sk = fa_nl_connect(10, err);
	struct fa_buf dump;
	int r;

	if (!sk)
		return -FA_EIO;
	fa_buf_init(&dump, FA_NL_DUMP_MAX);
	if (nl_rtgen_request(sk, RTM_GETLINK, AF_UNSPEC, NLM_F_DUMP) < 0) {
		r = fa_err_set(err, FA_EIO, "netlink: cannot ask for the links");
		goto out;
	}
	r = fa_nl_receive(sk, -1, &dump, err);
	if (r == 0)
		r = parse(dump.buf, dump.len, device, err);
out:
	fa_buf_release(&dump);
	nl_socket_free(sk);
	return r;
}

int fa_nl_links_read(json_t *device, struct fa_err *err)
{
	return fa_nl_links_dump(device, err, fa_nl_links_parse);
}

int fa_nl_counters_read(json_t *device, struct fa_err *err)
{
	return fa_nl_links_dump(device, err, fa_nl_counters_parse);
}

static const char *fa_nl_tsa(uint8_t tsa)
{
	switch (tsa) {
	case IEEE_8021QAZ_TSA_STRICT:
		return "strict";
	case IEEE_8021QAZ_TSA_ETS:
		return "ets";
	case IEEE_8021QAZ_TSA_VENDOR:
		return "vendor";
	default:
		return NULL;
	}
}

static void fa_nl_dcb_ieee(struct nlattr *ieee, json_t *port)
{
	struct nlattr *tb[DCB_ATTR_IEEE_MAX + 1], *app;
	int dscp[64], i, rem;
	json_t *a;

	if (nla_parse_nested(tb, DCB_ATTR_IEEE_MAX, ieee, NULL) < 0)
		return;
	if (tb[DCB_ATTR_IEEE_PFC] && nla_len(tb[DCB_ATTR_IEEE_PFC]) >= (int)sizeof(struct ieee_pfc)) {
		struct ieee_pfc pfc;

		memcpy(&pfc, nla_data(tb[DCB_ATTR_IEEE_PFC]), sizeof(pfc));
		a = json_array();
		for (i = 0; i < 8; i++)
			if (pfc.pfc_en & (1u << i))
				json_array_append_new(a, json_integer(i));
		/* both directions, one bit (drivers/linux/parse-linux.h, "PFC directions") */
		fa_set_pfc_both(port, a);
	}
	if (tb[DCB_ATTR_IEEE_ETS] && nla_len(tb[DCB_ATTR_IEEE_ETS]) >= (int)sizeof(struct ieee_ets)) {
		struct ieee_ets ets;
		json_t *tsa = json_array(), *bw = json_array(), *p2tc = json_array();
		bool tsa_ok = true;

		memcpy(&ets, nla_data(tb[DCB_ATTR_IEEE_ETS]), sizeof(ets));
		for (i = 0; i < 8; i++) {
			const char *t = fa_nl_tsa(ets.tc_tsa[i]);

			tsa_ok &= t != NULL && ets.prio_tc[i] < 8 && ets.tc_tx_bw[i] <= 100;
			json_array_append_new(tsa, json_string(t ? t : "?"));
			json_array_append_new(bw, json_integer(ets.tc_tx_bw[i]));
			json_array_append_new(p2tc, json_integer(ets.prio_tc[i]));
		}
		if (tsa_ok) {
			fa_set(port, "qos.priority_to_tc", p2tc);
			fa_set(port, "qos.ets.tsa", tsa);
			fa_set(port, "qos.ets.bandwidth", bw);
		} else {
			json_decref(tsa);
			json_decref(bw);
			json_decref(p2tc);
		}
	}
	if (!tb[DCB_ATTR_IEEE_APP_TABLE])
		return;
	for (i = 0; i < 64; i++)
		dscp[i] = -1;
	nla_for_each_nested(app, tb[DCB_ATTR_IEEE_APP_TABLE], rem) {
		struct dcb_app d;

		if (nla_type(app) != DCB_ATTR_IEEE_APP || nla_len(app) < (int)sizeof(d))
			continue;
		memcpy(&d, nla_data(app), sizeof(d));
		if (d.selector == IEEE_8021QAZ_APP_SEL_DSCP && d.protocol < 64 && d.priority < 8)
			dscp[d.protocol] = d.priority;
	}
	for (i = 0; i < 64 && dscp[i] >= 0; i++)
		;
	if (i < 64)
		return;
	a = json_array();
	for (i = 0; i < 64; i++)
		json_array_append_new(a, json_integer(dscp[i]));
	fa_set(port, "qos.dscp_to_priority", a);
}

int fa_nl_dcb_parse(const void *bytes, size_t len, json_t *port, bool *ret_supported,
		    struct fa_err *err)
{
	void *copy = fa_nl_aligned(bytes, len);
	int remaining = len > (size_t)FA_NL_DUMP_MAX ? 0 : (int)len, r = 0;
	struct nlmsghdr *nlh;
	bool found = false;

	*ret_supported = true;
	for (nlh = copy; nlmsg_ok(nlh, remaining); nlh = nlmsg_next(nlh, &remaining)) {
		struct nlattr *tb[DCB_ATTR_MAX + 1];

		if (nlh->nlmsg_type == NLMSG_ERROR) {
			const struct nlmsgerr *e = nlmsg_data(nlh);

			if (nlmsg_datalen(nlh) < (int)sizeof(*e)) {
				r = fa_err_set(err, FA_EPARSE, "netlink: truncated DCB error");
				goto out;
			}
			if (e->error == 0)
				continue;
			if (e->error == -EOPNOTSUPP) {
				*ret_supported = false;
				goto out;
			}
			r = fa_err_set(err, FA_EIO, "netlink: DCB request refused: %s",
				       strerror(-e->error));
			goto out;
		}
		if (nlh->nlmsg_type != RTM_GETDCB)
			continue;
		if (nlmsg_parse(nlh, sizeof(struct dcbmsg), tb, DCB_ATTR_MAX, NULL) < 0) {
			r = fa_err_set(err, FA_EPARSE, "netlink: a DCB message cannot be decoded");
			goto out;
		}
		found = true;
		if (tb[DCB_ATTR_IEEE])
			fa_nl_dcb_ieee(tb[DCB_ATTR_IEEE], port);
	}
	if (!found)
		r = fa_err_set(err, FA_EPARSE, "netlink: no DCB reply in %zu bytes", len);
out:
	free(copy);
	return r;
}

int fa_nl_dcb_read(const char *ifname, double timeout, json_t *port, bool *ret_supported,
		   struct fa_err *err)
{
	struct nl_sock *sk = fa_nl_connect(timeout, err);
	struct dcbmsg hdr = { .dcb_family = AF_UNSPEC, .cmd = DCB_CMD_IEEE_GET };
	struct fa_buf reply;
	struct nl_msg *m = NULL;
	int r;

	*ret_supported = false;
	if (!sk)
		return -FA_EIO;
	fa_buf_init(&reply, 1 << 20);
	m = nlmsg_alloc_simple(RTM_GETDCB, NLM_F_REQUEST);
	if (!m || nlmsg_append(m, &hdr, sizeof(hdr), NLMSG_ALIGNTO) < 0 ||
	    nla_put_string(m, DCB_ATTR_IFNAME, ifname) < 0) {
		r = fa_err_set(err, FA_ENOMEM, "netlink: cannot build the DCB request");
		goto out;
	}
	if (nl_send_auto(sk, m) < 0) {
		r = fa_err_set(err, FA_EIO, "netlink: cannot send the DCB request");
		goto out;
	}
	r = fa_nl_receive(sk, RTM_GETDCB, &reply, err);
	if (r == 0)
		r = fa_nl_dcb_parse(reply.buf, reply.len, port, ret_supported, err);
out:
	nlmsg_free(m);
	fa_buf_release(&reply);
	nl_socket_free(sk);
	return r;
}

#endif /* HAVE_LIBNL */
