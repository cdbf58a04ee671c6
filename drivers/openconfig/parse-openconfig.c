/* SPDX-License-Identifier: MIT */
/*
 * OpenConfig rpc-replies to the model, with libxml2 XPath over namespace-qualified paths.
 *
 * Each parser opens the reply the same way (fa_oc_open): safe parse, an <rpc-reply> (or a
 * bare <data>) as the root, an rpc-error refused, and an XPath context with the OpenConfig
 * namespaces bound to fixed prefixes (oc-if, oc-eth, oc-lldp, oc-qos, oc-sys), so a path
 * names the same nodes whatever prefixes the device chose.  Values the model does not know
 * (an identity it cannot map, an MTU that is not a number) become warnings, never guesses.
 */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>

#include "audit/model.h"
#include "audit/util/buf.h"
#include "audit/util/xalloc.h"
#include "drivers/openconfig/parse-openconfig.h"
#include "drivers/text/mac.h"
#include "drivers/text/units.h"
#include "drivers/text/xmlsafe.h"
#include "audit/util/banned.h"

struct fa_oc {
	const char *what;	/* "openconfig interfaces": the prefix of warnings */
	json_t *device;
	xmlDocPtr doc;
	xmlXPathContextPtr xp;
};

static const struct {
	const char *prefix;
	const char *uri;
} fa_oc_namespaces[] = {
	{ "nc", "urn:ietf:params:xml:ns:netconf:base:1.0" },
	{ "oc-if", FA_OC_NS_INTERFACES },
	{ "oc-eth", FA_OC_NS_ETHERNET },
	{ "oc-lldp", FA_OC_NS_LLDP },
	{ "oc-qos", FA_OC_NS_QOS },
	{ "oc-sys", FA_OC_NS_SYSTEM },
};

static void fa_oc_close(struct fa_oc *oc)
{
	if (oc->xp)
		xmlXPathFreeContext(oc->xp);
	if (oc->doc)
		xmlFreeDoc(oc->doc);
}

static int fa_oc_open(const struct fa_capture *cap, const char *what, json_t *device,
		      struct fa_oc *oc, struct fa_err *err)
{
	xmlNodePtr root, e;
	size_t i;
	int r;

	memset(oc, 0, sizeof(*oc));
	oc->what = what;
	oc->device = device;
	r = fa_xml_parse(cap->data, cap->len, what, &oc->doc, err);
	if (r < 0)
		return r;
	root = xmlDocGetRootElement(oc->doc);
	if (!fa_xml_is(root, "rpc-reply") && !fa_xml_is(root, "data")) {
		r = fa_err_set(err, FA_EPARSE, "%s: expected a NETCONF <rpc-reply>, got <%s>", what,
			       (const char *)root->name);
		goto out;
	}
	e = fa_xml_child(root, "rpc-error");
	if (e) {
		char *msg = fa_xml_child_text(e, "error-message");
		char *tag = fa_xml_child_text(e, "error-tag");

		r = fa_err_set(err, FA_EPARSE, "%s: the reply is an rpc-error (%s%s%s)", what,
			       tag ? tag : "no tag", msg ? ": " : "", msg ? msg : "");
		free(msg);
		free(tag);
		goto out;
	}
	oc->xp = xmlXPathNewContext(oc->doc);
	if (!oc->xp) {
		r = fa_err_set(err, FA_ENOMEM, "%s: no memory for XPath", what);
		goto out;
	}
	for (i = 0; i < sizeof(fa_oc_namespaces) / sizeof(fa_oc_namespaces[0]); i++)
		xmlXPathRegisterNs(oc->xp, (const xmlChar *)fa_oc_namespaces[i].prefix,
				   (const xmlChar *)fa_oc_namespaces[i].uri);
	return 0;
out:
	fa_oc_close(oc);
	return r;
}

/* The nodes @expr selects below @node (the document when NULL); free with xmlXPathFreeObject. */
static xmlXPathObjectPtr fa_oc_nodes(struct fa_oc *oc, xmlNodePtr node, const char *expr)
{
	/* a parser reading one element at a time has no document to search (plain paths only) */
	if (!oc->xp)
		return NULL;
	oc->xp->node = node ? node : (xmlNodePtr)oc->doc;
	return xmlXPathEvalExpression((const xmlChar *)expr, oc->xp);
}

static size_t fa_oc_count(const xmlXPathObject *o)
{
	return o && o->type == XPATH_NODESET && o->nodesetval ? (size_t)o->nodesetval->nodeNr : 0;
}

/* The namespace bound to the @len bytes of @prefix, or NULL. */
static const char *fa_oc_ns_of(const char *prefix, size_t len)
{
	size_t i;

	for (i = 0; i < sizeof(fa_oc_namespaces) / sizeof(fa_oc_namespaces[0]); i++)
		if (strncmp(fa_oc_namespaces[i].prefix, prefix, len) == 0 &&
		    fa_oc_namespaces[i].prefix[len] == '\0')
			return fa_oc_namespaces[i].uri;
	return NULL;
}

/* Is @node the element @name (@len bytes) of namespace @uri, as an XPath name test sees it? */
static bool fa_oc_is(const xmlNode *node, const char *uri, const char *name, size_t len)
{
	return node->type == XML_ELEMENT_NODE && node->ns && node->ns->href &&
	       strcmp((const char *)node->ns->href, uri) == 0 &&
	       strncmp((const char *)node->name, name, len) == 0 && node->name[len] == '\0';
}

/*
 * Is @expr a path of child steps with bound prefixes, "oc-if:state/oc-if:mtu", and nothing
 * else of XPath?  (Names of letters, digits, '-' and '_'.)
 */
static bool fa_oc_path_plain(const char *expr)
{
	const char *p = expr;

	for (;;) {
		const char *colon = strchr(p, ':');
		size_t n;

		if (!colon || colon == p || !fa_oc_ns_of(p, (size_t)(colon - p)))
			return false;
		p = colon + 1;
		for (n = 0; isalnum((unsigned char)p[n]) || p[n] == '-' || p[n] == '_'; n++)
			;
		if (n == 0 || (p[n] != '\0' && p[n] != '/'))
			return false;
		if (p[n] == '\0')
			return true;
		p += n + 1;
	}
}

/*
 * What XPath selects first for the plain path @expr below @node, without XPath: the first node
 * in document order, which a depth-first search over the steps meets first.  XPath compiled
 * each expression again for each interface and was most of the parse's time.
 */
static xmlNodePtr fa_oc_path(xmlNodePtr node, const char *expr)
{
	const char *colon = strchr(expr, ':'), *name = colon + 1, *slash = strchr(name, '/');
	const char *uri = fa_oc_ns_of(expr, (size_t)(colon - expr));
	size_t len = slash ? (size_t)(slash - name) : strlen(name);
	xmlNodePtr c, found;

	for (c = node->children; c; c = c->next) {
		if (!fa_oc_is(c, uri, name, len))
			continue;
		if (!slash)
			return c;
		found = fa_oc_path(c, slash + 1);
		if (found)
			return found;
	}
	return NULL;
}

/* Trimmed text of the first node @expr selects below @node; new string, or NULL. */
static char *fa_oc_str(struct fa_oc *oc, xmlNodePtr node, const char *expr)
{
	xmlXPathObjectPtr o = NULL;
	xmlNodePtr first = NULL;
	xmlChar *t = NULL;
	char *s = NULL;
	size_t b = 0, e;

	if (node && fa_oc_path_plain(expr)) {
		first = fa_oc_path(node, expr);
	} else {
		o = fa_oc_nodes(oc, node, expr);
		if (fa_oc_count(o) > 0)
			first = o->nodesetval->nodeTab[0];
	}
	if (first)
		t = xmlNodeGetContent(first);
	if (t) {
		e = strlen((const char *)t);
		while (b < e && isspace(t[b]))
			b++;
		while (e > b && isspace(t[e - 1]))
			e--;
		if (e > b)
			s = fa_xstrndup((const char *)t + b, e - b);
	}
	xmlFree(t);
	xmlXPathFreeObject(o);
	return s;
}

/* The first of @exprs (NULL-terminated) that has a value. */
static char *fa_oc_first(struct fa_oc *oc, xmlNodePtr node, const char *const *exprs)
{
	char *s = NULL;

	for (; *exprs && !s; exprs++)
		s = fa_oc_str(oc, node, *exprs);
	return s;
}

/* "oc-eth:SPEED_100GB" -> "SPEED_100GB": an identityref without its prefix (borrowed). */
static const char *fa_oc_identity(const char *s)
{
	const char *c = strrchr(s, ':');

	return c ? c + 1 : s;
}

static bool fa_oc_bool(const char *s, bool *ret)
{
	if (strcmp(s, "true") == 0)
		*ret = true;
	else if (strcmp(s, "false") == 0)
		*ret = false;
	else
		return false;
	return true;
}

/* SPEED_<n>MB / SPEED_<n>GB (openconfig-if-ethernet ETHERNET_SPEED) in bits/s; false otherwise. */
static bool fa_oc_speed(const char *id, int64_t *ret)
{
	int64_t n = 0;
	const char *p;

	if (strncmp(id, "SPEED_", 6) != 0 || !isdigit((unsigned char)id[6]))
		return false;
	for (p = id + 6; isdigit((unsigned char)*p); p++) {
		if (n > 1000000)
			return false;
		n = n * 10 + (*p - '0');
	}
	if (strcmp(p, "MB") == 0)
		*ret = n * 1000000;
	else if (strcmp(p, "GB") == 0)
		*ret = n * 1000000000;
	else
		return false;
	return true;
}

static const struct {
	const char *identity;
	const char *type;
} fa_oc_if_types[] = {
	{ "ethernetCsmacd", "ethernet" },   { "softwareLoopback", "loopback" },
	{ "ieee8023adLag", "bond" },	    { "l2vlan", "vlan" },
	{ "l3ipvlan", "vlan" },		    { "bridge", "bridge" },
	{ "infiniband", "infiniband" },	    { "tunnel", "virtual" },
	{ "propVirtual", "virtual" },
};

static const char *fa_oc_if_type(const char *identity)
{
	size_t i;

	for (i = 0; i < sizeof(fa_oc_if_types) / sizeof(fa_oc_if_types[0]); i++)
		if (strcmp(identity, fa_oc_if_types[i].identity) == 0)
			return fa_oc_if_types[i].type;
	return "other";
}

static const struct {
	const char *status;
	const char *state;
} fa_oc_oper[] = {
	{ "UP", "up" },		    { "DOWN", "down" },		 { "TESTING", "testing" },
	{ "UNKNOWN", "unknown" },   { "DORMANT", "dormant" },	 { "NOT_PRESENT", "notpresent" },
	{ "LOWER_LAYER_DOWN", "lowerlayerdown" },
};

/* FEC_FC is Firecode, i.e. BASE-R FEC; every RS variant is "rs". */
static const char *fa_oc_fec(const char *id)
{
	if (strcmp(id, "FEC_FC") == 0)
		return "baser";
	if (strncmp(id, "FEC_RS", 6) == 0)
		return "rs";
	if (strcmp(id, "FEC_DISABLED") == 0)
		return "off";
	return NULL;
}

/* aa:bb:cc:dd:ee:ff in any case -> lowercase into @out (18 bytes); false when not a MAC. */
#define FA_OC_IF_STATE_OR_CONFIG(leaf) \
	((const char *const[]){ "oc-if:state/oc-if:" leaf, "oc-if:config/oc-if:" leaf, NULL })
#define FA_OC_ETH_STATE_OR_CONFIG(leaf)                                                         \
	((const char *const[]){ "oc-eth:ethernet/oc-eth:state/oc-eth:" leaf,                      \
				"oc-eth:ethernet/oc-eth:config/oc-eth:" leaf, NULL })

static void fa_oc_interface(struct fa_oc *oc, xmlNodePtr ifn)
{
	static const char *const speed_paths[] = {
		"oc-eth:ethernet/oc-eth:state/oc-eth:negotiated-port-speed",
		"oc-eth:ethernet/oc-eth:state/oc-eth:port-speed",
		"oc-eth:ethernet/oc-eth:config/oc-eth:port-speed", NULL
	};
	static const char *const mac_paths[] = {
		"oc-eth:ethernet/oc-eth:state/oc-eth:mac-address",
		"oc-eth:ethernet/oc-eth:config/oc-eth:mac-address",
		"oc-eth:ethernet/oc-eth:state/oc-eth:hw-mac-address", NULL
	};
	char *name = fa_oc_str(oc, ifn, "oc-if:name");
	char *v = NULL;
	json_t *port;
	int64_t n;
	bool b;
	size_t i;

	if (!name) {
		fa_device_warn(oc->device, "%s: an interface without a name", oc->what);
		return;
	}
	port = fa_device_port(oc->device, name);
	v = fa_oc_first(oc, ifn, FA_OC_IF_STATE_OR_CONFIG("type"));
	if (v)
		fa_set_str(port, "type", fa_oc_if_type(fa_oc_identity(v)));
	free(v);
	v = fa_oc_first(oc, ifn, FA_OC_IF_STATE_OR_CONFIG("mtu"));
	if (v && fa_parse_int(v, &n) && n > 0 && n <= 65535)
		fa_set_int(port, "mtu", n);
	else if (v)
		fa_device_warn(oc->device, "%s: %s: mtu '%s' is not a number", oc->what, name, v);
	free(v);
	v = fa_oc_first(oc, ifn, FA_OC_IF_STATE_OR_CONFIG("enabled"));
	if (v && fa_oc_bool(v, &b))
		fa_set_str(port, "admin_state", b ? "up" : "down");
	else if (v)
		fa_device_warn(oc->device, "%s: %s: enabled '%s' is not a boolean", oc->what, name,
			       v);
	free(v);
	v = fa_oc_str(oc, ifn, "oc-if:state/oc-if:oper-status");
	for (i = 0; v && i < sizeof(fa_oc_oper) / sizeof(fa_oc_oper[0]); i++)
		if (strcmp(v, fa_oc_oper[i].status) == 0)
			break;
	if (v && i < sizeof(fa_oc_oper) / sizeof(fa_oc_oper[0]))
		fa_set_str(port, "oper_state", fa_oc_oper[i].state);
	else if (v)
		fa_device_warn(oc->device, "%s: %s: unknown oper-status '%s'", oc->what, name, v);
	free(v);
	v = fa_oc_first(oc, ifn, FA_OC_IF_STATE_OR_CONFIG("description"));
	if (v)
		fa_set_str(port, "description", v);
	free(v);
	v = fa_oc_first(oc, ifn, speed_paths);
	if (v && fa_oc_speed(fa_oc_identity(v), &n))
		fa_set_int(port, "speed", n);
	else if (v && strcmp(fa_oc_identity(v), "SPEED_UNKNOWN") != 0)
		fa_device_warn(oc->device, "%s: %s: unknown port speed '%s'", oc->what, name, v);
	free(v);
	v = fa_oc_first(oc, ifn, FA_OC_ETH_STATE_OR_CONFIG("auto-negotiate"));
	if (v && fa_oc_bool(v, &b))
		fa_set_bool(port, "autoneg", b);
	free(v);
	v = fa_oc_first(oc, ifn, FA_OC_ETH_STATE_OR_CONFIG("fec-mode"));
	if (v && fa_oc_fec(fa_oc_identity(v)))
		fa_set_str(port, "fec", fa_oc_fec(fa_oc_identity(v)));
	else if (v)
		fa_device_warn(oc->device, "%s: %s: unknown fec-mode '%s'", oc->what, name, v);
	free(v);
	v = fa_oc_first(oc, ifn, mac_paths);
	if (v && !fa_set_mac(port, v))
		fa_device_warn(oc->device, "%s: %s: mac-address '%s' is not a MAC address", oc->what,
			       name, v);
	free(v);
	free(name);
}

/*
 * The interfaces reply is read one element at a time (fa_xml_each), not as a document with
 * XPath over it: a 60 MiB reply made a document of five times its size.  It gives what
 * fa_oc_open and "//oc-if:interfaces/oc-if:interface" gave: the root must be an <rpc-reply>
 * or <data>, an <rpc-error> child of the root refuses the reply, and each oc-if:interface
 * whose parent is oc-if:interfaces, in document order, is a port (one nested in another is
 * found in the subtree taken whole).  Malformed XML anywhere refuses the reply before the
 * root's name or an rpc-error does, and both are known only once the whole reply is read, after
 * the ports.  So the ports go into a device of their own, merged into @device only when the
 * reply was good (fa_device_merge): a cut or broken reply leaves @device as it was, as the
 * document parse did.  (A first pass checking the XML would cost a second parse; the ports
 * are moved, not copied, so the merge is cheap.)
 */
struct fa_oc_ifs {
	struct fa_oc oc;	/* .device: the device the ports go into */
	char *bad_root;		/* the root's name when it is not <rpc-reply> or <data> */
	bool rpc_error;		/* an <rpc-error> child of the root: the reply is refused */
	char *rpc_tag, *rpc_msg;
	size_t n;		/* interfaces read */
};

static bool fa_oc_is_interface(const xmlNode *node)
{
	return fa_oc_is(node, FA_OC_NS_INTERFACES, "interface", strlen("interface")) &&
	       node->parent && fa_oc_is(node->parent, FA_OC_NS_INTERFACES, "interfaces",
					strlen("interfaces"));
}

/* @ifn, then the interfaces nested in it, in document order. */
static void fa_oc_ifs_subtree(struct fa_oc_ifs *w, xmlNodePtr ifn)
{
	xmlNodePtr c = ifn->children;

	fa_oc_interface(&w->oc, ifn);
	w->n++;
	/* a preorder walk of the subtree below @ifn, without recursion */
	while (c && c != ifn) {
		if (c->type == XML_ELEMENT_NODE && fa_oc_is_interface(c)) {
			fa_oc_interface(&w->oc, c);
			w->n++;
		}
		if (c->type == XML_ELEMENT_NODE && c->children) {
			c = c->children;
			continue;
		}
		while (c != ifn && !c->next)
			c = c->parent;
		if (c != ifn)
			c = c->next;
	}
}

static int fa_oc_ifs_element(void *ctx, struct fa_xml_each *walk, xmlNodePtr elem, int depth,
			     struct fa_err *err)
{
	struct fa_oc_ifs *w = ctx;
	xmlNodePtr node;

	(void)err;
	if (w->bad_root || w->rpc_error)
		return 0;
	if (depth == 0) {
		if (!fa_xml_is(elem, "rpc-reply") && !fa_xml_is(elem, "data"))
			w->bad_root = fa_xstrdup((const char *)elem->name);
		return 0;
	}
	if (depth == 1 && fa_xml_is(elem, "rpc-error")) {
		node = fa_xml_each_expand(walk);
		if (node) {
			w->rpc_error = true;
			w->rpc_msg = fa_xml_child_text(node, "error-message");
			w->rpc_tag = fa_xml_child_text(node, "error-tag");
		}
		return 0;
	}
	if (!fa_oc_is_interface(elem))
		return 0;
	node = fa_xml_each_expand(walk);
	if (node)
		fa_oc_ifs_subtree(w, node);
	return 0;
}

int fa_parse_openconfig_interfaces(const struct fa_capture *cap, json_t *device,
				   struct fa_err *err)
{
	struct fa_oc_ifs w;
	const char *what = "openconfig interfaces";
	int r;

	memset(&w, 0, sizeof(w));
	w.oc.what = what;
	w.oc.device = json_object();
	fa_device_index_begin(w.oc.device);
	r = fa_xml_each(cap->data, cap->len, what, fa_oc_ifs_element, &w, err);
	fa_device_index_end(w.oc.device);
	if (r < 0)
		goto out;
	if (w.bad_root) {
		r = fa_err_set(err, FA_EPARSE, "%s: expected a NETCONF <rpc-reply>, got <%s>", what,
			       w.bad_root);
		goto out;
	}
	if (w.rpc_error) {
		r = fa_err_set(err, FA_EPARSE, "%s: the reply is an rpc-error (%s%s%s)", what,
			       w.rpc_tag ? w.rpc_tag : "no tag", w.rpc_msg ? ": " : "",
			       w.rpc_msg ? w.rpc_msg : "");
		goto out;
	}
	if (w.n == 0)
		fa_device_warn(w.oc.device, "%s: the reply lists no interface", what);
	fa_device_merge(device, w.oc.device);
out:
	free(w.bad_root);
	free(w.rpc_tag);
	free(w.rpc_msg);
	json_decref(w.oc.device);
	return r;
}

int fa_parse_openconfig_lldp(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	static const struct {
		const char *leaf;
		const char *path;
	} fields[] = {
		{ "system-name", "lldp.system_name" },
		{ "port-id", "lldp.port_id" },
		{ "port-description", "lldp.port_description" },
		{ "chassis-id", "lldp.chassis_id" },
	};
	xmlXPathObjectPtr o;
	struct fa_oc oc;
	char *local;
	size_t i, k;
	int r;

	r = fa_oc_open(cap, "openconfig lldp", device, &oc, err);
	if (r < 0)
		return r;
	local = fa_oc_first(&oc, NULL, (const char *const[]){
		"//oc-lldp:lldp/oc-lldp:state/oc-lldp:system-name",
		"//oc-lldp:lldp/oc-lldp:config/oc-lldp:system-name", NULL });
	if (local && !fa_get_str(device, "hostname"))
		fa_set_str(device, "hostname", local);
	free(local);
	o = fa_oc_nodes(&oc, NULL, "//oc-lldp:lldp/oc-lldp:interfaces/oc-lldp:interface");
	for (i = 0; i < fa_oc_count(o); i++) {
		xmlNodePtr ifn = o->nodesetval->nodeTab[i];
		xmlXPathObjectPtr nb = fa_oc_nodes(&oc, ifn, "oc-lldp:neighbors/oc-lldp:neighbor");
		char *name = fa_oc_str(&oc, ifn, "oc-lldp:name");
		json_t *port;

		if (!name || fa_oc_count(nb) == 0) {
			free(name);
			xmlXPathFreeObject(nb);
			continue;
		}
		if (fa_oc_count(nb) > 1)
			fa_device_warn(device, "%s: %s has %zu neighbours; the first is kept",
				       oc.what, name, fa_oc_count(nb));
		port = fa_device_port(device, name);
		for (k = 0; k < sizeof(fields) / sizeof(fields[0]); k++) {
			char st[64], cf[64];
			char *v;

			snprintf(st, sizeof(st), "oc-lldp:state/oc-lldp:%s", fields[k].leaf);
			snprintf(cf, sizeof(cf), "oc-lldp:config/oc-lldp:%s", fields[k].leaf);
			v = fa_oc_first(&oc, nb->nodesetval->nodeTab[0],
					(const char *const[]){ st, cf, NULL });
			if (v)
				fa_set_str(port, fields[k].path, v);
			free(v);
		}
		free(name);
		xmlXPathFreeObject(nb);
	}
	xmlXPathFreeObject(o);
	fa_oc_close(&oc);
	return 0;
}

/* A queue-management profile as far as ECN goes. */
struct fa_oc_profile {
	bool ecn;
	int64_t min, max, prob;	/* -1 when not given */
};

static void fa_oc_profile_find(struct fa_oc *oc, const char *name, struct fa_oc_profile *p)
{
	xmlXPathObjectPtr o;
	xmlNodePtr u;
	char *v;
	bool b;

	p->ecn = false;
	p->min = p->max = p->prob = -1;
	/* Profile names come from the device: they are matched by comparison, never pasted
	 * into an expression. */
	o = fa_oc_nodes(oc, NULL, "//oc-qos:queue-management-profiles/oc-qos:queue-management-profile");
	for (size_t i = 0; i < fa_oc_count(o); i++) {
		xmlNodePtr n = o->nodesetval->nodeTab[i];
		char *pn = fa_oc_str(oc, n, "oc-qos:name");
		bool match = pn && strcmp(pn, name) == 0;

		free(pn);
		if (!match)
			continue;
		{
			xmlXPathObjectPtr uo = fa_oc_nodes(oc, n, "oc-qos:wred/oc-qos:uniform");

			u = fa_oc_count(uo) ? uo->nodesetval->nodeTab[0] : NULL;
			xmlXPathFreeObject(uo);
		}
		if (!u)
			break;
		v = fa_oc_first(oc, u, (const char *const[]){ "oc-qos:state/oc-qos:enable-ecn",
							    "oc-qos:config/oc-qos:enable-ecn", NULL });
		p->ecn = v && fa_oc_bool(v, &b) && b;
		free(v);
		v = fa_oc_first(oc, u, (const char *const[]){ "oc-qos:state/oc-qos:min-threshold",
							    "oc-qos:config/oc-qos:min-threshold", NULL });
		if (!v || !fa_parse_int(v, &p->min))
			p->min = -1;
		free(v);
		v = fa_oc_first(oc, u, (const char *const[]){ "oc-qos:state/oc-qos:max-threshold",
							    "oc-qos:config/oc-qos:max-threshold", NULL });
		if (!v || !fa_parse_int(v, &p->max))
			p->max = -1;
		free(v);
		v = fa_oc_first(oc, u, (const char *const[]){
			"oc-qos:state/oc-qos:max-drop-probability-percent",
			"oc-qos:config/oc-qos:max-drop-probability-percent", NULL });
		if (!v || !fa_parse_int(v, &p->prob) || p->prob < 0 || p->prob > 100)
			p->prob = -1;
		free(v);
		break;
	}
	xmlXPathFreeObject(o);
}

/* The queue-id of the queue named @name in /qos/queues, or -1. */
static int64_t fa_oc_queue_id(struct fa_oc *oc, const char *name)
{
	xmlXPathObjectPtr o = fa_oc_nodes(oc, NULL, "//oc-qos:qos/oc-qos:queues/oc-qos:queue");
	int64_t id = -1;
	size_t i;

	for (i = 0; i < fa_oc_count(o) && id < 0; i++) {
		xmlNodePtr n = o->nodesetval->nodeTab[i];
		char *qn = fa_oc_str(oc, n, "oc-qos:name");
		char *v = NULL;

		if (qn && strcmp(qn, name) == 0) {
			v = fa_oc_first(oc, n, (const char *const[]){ "oc-qos:state/oc-qos:queue-id",
								    "oc-qos:config/oc-qos:queue-id",
								    NULL });
			if (!v || !fa_parse_int(v, &id) || id < 0)
				id = -1;
		}
		free(qn);
		free(v);
	}
	xmlXPathFreeObject(o);
	return id;
}

static int fa_int_cmp(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return x < y ? -1 : x > y;
}

static void fa_oc_qos_interface(struct fa_oc *oc, xmlNodePtr ifn)
{
	xmlXPathObjectPtr q;
	char *name = fa_oc_first(oc, ifn, (const char *const[]){
		"oc-qos:interface-id", "oc-qos:interface-ref/oc-qos:state/oc-qos:interface",
		"oc-qos:interface-ref/oc-qos:config/oc-qos:interface", NULL });
	struct fa_oc_profile agreed = { false, -1, -1, -1 };
	int64_t tcs[64];
	size_t i, ntcs = 0, necn = 0;
	bool same = true;
	json_t *port, *a;

	if (!name)
		return;
	q = fa_oc_nodes(oc, ifn, "oc-qos:output/oc-qos:queues/oc-qos:queue");
	for (i = 0; i < fa_oc_count(q); i++) {
		xmlNodePtr qn = q->nodesetval->nodeTab[i];
		char *qname = fa_oc_str(oc, qn, "oc-qos:name");
		char *prof = fa_oc_first(oc, qn, (const char *const[]){
			"oc-qos:state/oc-qos:queue-management-profile",
			"oc-qos:config/oc-qos:queue-management-profile", NULL });
		struct fa_oc_profile p;
		int64_t id;

		if (qname && prof) {
			fa_oc_profile_find(oc, prof, &p);
			if (p.ecn) {
				id = fa_oc_queue_id(oc, qname);
				if (id < 0)
					fa_device_warn(oc->device, "%s: %s: queue '%s' has no queue-id",
						       oc->what, name, qname);
				else if (ntcs < sizeof(tcs) / sizeof(tcs[0]))
					tcs[ntcs++] = id;
				if (necn++ == 0)
					agreed = p;
				else if (p.min != agreed.min || p.max != agreed.max ||
					 p.prob != agreed.prob)
					same = false;
			}
		}
		free(qname);
		free(prof);
	}
	xmlXPathFreeObject(q);
	if (necn == 0)
		goto out;
	port = fa_device_port(oc->device, name);
	qsort(tcs, ntcs, sizeof(tcs[0]), fa_int_cmp);
	a = json_array();
	for (i = 0; i < ntcs; i++)
		if (i == 0 || tcs[i] != tcs[i - 1])
			json_array_append_new(a, json_integer(tcs[i]));
	fa_set(port, "qos.ecn.enabled_tcs", a);
	if (!same) {
		fa_device_warn(oc->device, "%s: %s: ECN queues use different thresholds; none is "
			       "reported", oc->what, name);
		goto out;
	}
	if (agreed.min >= 0)
		fa_set_int(port, "qos.ecn.min_threshold", agreed.min);
	if (agreed.max >= 0)
		fa_set_int(port, "qos.ecn.max_threshold", agreed.max);
	if (agreed.prob >= 0)
		fa_set_int(port, "qos.ecn.probability", agreed.prob);
out:
	free(name);
}

int fa_parse_openconfig_qos(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	xmlXPathObjectPtr o;
	struct fa_oc oc;
	size_t i;
	int r;

	r = fa_oc_open(cap, "openconfig qos", device, &oc, err);
	if (r < 0)
		return r;
	o = fa_oc_nodes(&oc, NULL, "//oc-qos:qos/oc-qos:interfaces/oc-qos:interface");
	for (i = 0; i < fa_oc_count(o); i++)
		fa_oc_qos_interface(&oc, o->nodesetval->nodeTab[i]);
	xmlXPathFreeObject(o);
	fa_oc_close(&oc);
	return 0;
}

int fa_parse_openconfig_system(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	struct fa_oc oc;
	char *host;
	int r;

	r = fa_oc_open(cap, "openconfig system", device, &oc, err);
	if (r < 0)
		return r;
	host = fa_oc_first(&oc, NULL, (const char *const[]){
		"//oc-sys:system/oc-sys:state/oc-sys:hostname",
		"//oc-sys:system/oc-sys:config/oc-sys:hostname", NULL });
	if (host)
		fa_set_str(device, "hostname", host);
	free(host);
	fa_oc_close(&oc);
	return 0;
}
