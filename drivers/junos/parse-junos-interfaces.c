/* SPDX-License-Identifier: MIT */
/*
 * <get-interface-information/> ("show interfaces"): one port per <physical-interface>.
 *
 * Logical units (<logical-interface>, "ge-0/0/0.0") are not ports in the model and are
 * skipped.  Values Junos prints for "not applicable" ("Unlimited" MTU on virtual interfaces,
 * "Auto"/"Unspecified"/"Unlimited" speed) leave the field absent; anything else that does not
 * parse is a warning.  Junos reports the media MTU, which includes the Ethernet header
 * (1514 for a 1500-byte IP MTU); the model keeps the MTU as the device reports it.  The
 * values are read by parse-junos-common.c, which the text parser of "show interfaces" shares.
 */
#include "config.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "drivers/junos/parse-junos.h"
#include "drivers/text/mac.h"
#include "drivers/text/xmlsafe.h"
#include "audit/util/banned.h"

static void fa_junos_state(json_t *device, json_t *port, const char *cmd, const char *name,
			   const char *field, const char *value)
{
	if (strcmp(value, "up") == 0 || strcmp(value, "down") == 0)
		fa_set_str(port, field, value);
	else
		fa_device_warn(device, "%s: %s: unknown %s '%s'", cmd, name, field, value);
}

static void fa_junos_physical_interface(json_t *device, const char *cmd, xmlNodePtr ifd)
{
	char *name = fa_xml_child_text(ifd, "name");
	char *v;
	json_t *port;

	if (!name) {
		fa_device_warn(device, "%s: a <physical-interface> without a <name>", cmd);
		return;
	}
	port = fa_device_port(device, name);
	fa_set_str(port, "type", fa_junos_port_type(name));
	if ((v = fa_xml_child_text(ifd, "admin-status"))) {
		fa_junos_state(device, port, cmd, name, "admin_state", v);
		free(v);
	}
	if ((v = fa_xml_child_text(ifd, "oper-status"))) {
		fa_junos_state(device, port, cmd, name, "oper_state", v);
		free(v);
	}
	if ((v = fa_xml_child_text(ifd, "mtu"))) {
		fa_junos_mtu(device, port, cmd, name, v);
		free(v);
	}
	if ((v = fa_xml_child_text(ifd, "speed"))) {
		fa_junos_speed(device, port, cmd, name, v);
		free(v);
	}
	if ((v = fa_xml_child_text(ifd, "if-auto-negotiation"))) {
		fa_junos_autoneg(device, port, cmd, name, v);
		free(v);
	}
	if ((v = fa_xml_child_text(ifd, "ethernet-fec-mode"))) {
		fa_junos_fec(device, port, cmd, name, v);
		free(v);
	}
	if ((v = fa_xml_child_text(ifd, "current-physical-address"))) {
		fa_set_mac(port, v);
		free(v);
	}
	if ((v = fa_xml_child_text(ifd, "description"))) {
		fa_set_str(port, "description", v);
		free(v);
	}
	free(name);
}

/*
 * The reply is read one element at a time (fa_xml_each), not as a document: a 60 MiB reply
 * made a document of five times its size.  It gives what fa_junos_reply and the loop over
 * the document gave:
 *   - the payload is the first <interface-information> in document order, and its
 *     <physical-interface> children are the ports;
 *   - the first <rpc-error> in document order and the <rpc-error> siblings after it are read;
 *     one that is not a warning refuses the reply;
 *   - malformed XML anywhere refuses the reply, before an rpc-error, and an rpc-error before
 *     a missing payload.
 * The last two are known only at the end of the reply, after the ports were read.  So the
 * ports go into a device of their own, merged into @device only when the whole reply was
 * good (fa_device_merge): a cut or broken reply leaves @device as it was, as the document
 * parse did, which failed before anything was written.  (A first pass checking the XML would
 * cost a second parse of it; the ports are moved, not copied, so the merge is cheap.)
 * An element the walk takes whole (a <physical-interface>, an <rpc-error>) is searched for
 * what the document order would have found inside it: the first <rpc-error>, the payload.
 */
struct fa_junos_ifd {
	json_t *ports;		/* the device the ports go into */
	const char *cmd;
	bool want_seen, want_open; /* the payload found; the walk is inside it */
	int want_depth;
	bool rerr_seen, rerr_open; /* the first rpc-error found; its siblings may follow */
	int rerr_depth;
	bool fatal;		/* an rpc-error that is not a warning: the reply is refused */
	char *fatal_msg;
};

static void fa_junos_ifd_payload(struct fa_junos_ifd *w, xmlNodePtr info)
{
	xmlNodePtr ifd;

	for (ifd = fa_xml_child(info, "physical-interface"); ifd;
	     ifd = fa_xml_next(ifd, "physical-interface"))
		fa_junos_physical_interface(w->ports, w->cmd, ifd);
}

/* An <rpc-error> of the first one's group, taken whole: fatal, or holding the payload. */
static void fa_junos_ifd_rpc_error(struct fa_junos_ifd *w, xmlNodePtr rerr)
{
	char *sev = fa_xml_child_text(rerr, "error-severity");
	xmlNodePtr info;

	if (!sev || strcmp(sev, "warning") != 0) {
		w->fatal = true;
		w->fatal_msg = fa_xml_child_text(rerr, "error-message");
	} else if (!w->want_seen && (info = fa_xml_find(rerr, "interface-information"))) {
		w->want_seen = true;
		fa_junos_ifd_payload(w, info);
	}
	free(sev);
}

static int fa_junos_ifd_element(void *ctx, struct fa_xml_each *walk, xmlNodePtr elem, int depth,
				struct fa_err *err)
{
	struct fa_junos_ifd *w = ctx;
	xmlNodePtr node, rerr;

	(void)err;
	if (w->fatal)
		return 0;
	if (w->want_open && depth <= w->want_depth)
		w->want_open = false;
	if (w->rerr_open && depth < w->rerr_depth)
		w->rerr_open = false;
	if (fa_xml_is(elem, "rpc-error") &&
	    (!w->rerr_seen || (w->rerr_open && depth == w->rerr_depth))) {
		if (!w->rerr_seen) {
			w->rerr_seen = w->rerr_open = true;
			w->rerr_depth = depth;
		}
		node = fa_xml_each_expand(walk);
		if (node)
			fa_junos_ifd_rpc_error(w, node);
		return 0;
	}
	if (!w->want_seen && fa_xml_is(elem, "interface-information")) {
		w->want_seen = w->want_open = true;
		w->want_depth = depth;
		return 0;
	}
	if (!w->want_open || depth != w->want_depth + 1 || !fa_xml_is(elem, "physical-interface"))
		return 0;
	node = fa_xml_each_expand(walk);
	if (!node)
		return 0;
	if (!w->rerr_seen && (rerr = fa_xml_find(node, "rpc-error"))) {
		w->rerr_seen = true;
		for (; rerr && !w->fatal; rerr = fa_xml_next(rerr, "rpc-error"))
			fa_junos_ifd_rpc_error(w, rerr);
	}
	fa_junos_physical_interface(w->ports, w->cmd, node);
	return 0;
}

int fa_parse_junos_interfaces(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *src = cap->command ? cap->command : "junos";
	struct fa_junos_ifd w = { .cmd = cap->command };
	int r;

	w.ports = json_object();
	fa_device_index_begin(w.ports);
	r = fa_xml_each(cap->data, cap->len, src, fa_junos_ifd_element, &w, err);
	fa_device_index_end(w.ports);
	if (r)
		goto out;
	if (w.fatal) {
		r = fa_err_at(err, FA_EPARSE, src, 0, 0, "rpc-error: %s",
			      w.fatal_msg ? w.fatal_msg : "(no message)");
		goto out;
	}
	if (!w.want_seen) {
		r = fa_err_at(err, FA_EPARSE, src, 0, 0, "reply has no <%s> element",
			      "interface-information");
		goto out;
	}
	fa_device_merge(device, w.ports);
out:
	free(w.fatal_msg);
	json_decref(w.ports);
	return r;
}
