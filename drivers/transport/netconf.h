/* SPDX-License-Identifier: MIT */
/*
 * NETCONF client protocol (RFC 6241 messages, RFC 6242 framing), over any byte stream.
 *
 * A session starts with the hello exchange: both sides list their capabilities, the server
 * also gives a session-id.  When both offer urn:ietf:params:netconf:base:1.1 every later
 * message is chunked ("\n#<len>\n<bytes>" ... "\n##\n"); otherwise it ends with "]]>]]>"
 * (base:1.0).  Then each RPC is "<rpc message-id=N>OPERATION</rpc>" and gets exactly one
 * <rpc-reply> with the same message-id.
 *
 * Policy for a reply (fa_netconf_rpc):
 *   - it must arrive within the per-reply timeout (-FA_ETIMEOUT) and be at most max_reply
 *     bytes once unframed (-FA_ETOOBIG); bytes are read only as far as the cap allows;
 *   - it is parsed by fa_xml_parse (drivers/text/xmlsafe.h): no DTD, no entities, no network;
 *   - it must be an <rpc-reply> in the base:1.0 namespace carrying the message-id that was
 *     sent (-FA_EPARSE otherwise: a reply to another request means the stream is lost);
 *   - an <rpc-error> of severity "error" fails the RPC with -FA_ECMD, its tag, message and
 *     path in @err; warnings do not fail it.
 *
 * Read-only: the only operations this module sends on its own are <hello> and
 * <close-session>; what else is sent is what the caller passes, and the NETCONF collector
 * passes only <get>/<get-config> from a platform table.
 *
 * The byte stream is a struct fa_netconf_io, so the framing and reply checks are tested on
 * recorded bytes without a server.
 */
#ifndef FA_DRIVERS_NETCONF_H
#define FA_DRIVERS_NETCONF_H

#include <stdbool.h>
#include <stddef.h>

#include "audit/util/buf.h"
#include "audit/util/err.h"

#define FA_NETCONF_NS "urn:ietf:params:xml:ns:netconf:base:1.0"
#define FA_NETCONF_BASE10 "urn:ietf:params:netconf:base:1.0"
#define FA_NETCONF_BASE11 "urn:ietf:params:netconf:base:1.1"
#define FA_NETCONF_PORT 830

/* The stream under a session (an SSH channel on the "netconf" subsystem, or a test buffer). */
struct fa_netconf_io {
	/*
	 * Read up to @size bytes into @buf, waiting at most @timeout_ms.  Returns the number of
	 * bytes (> 0), 0 when nothing came in time, or -FA_EUNREACH when the stream is closed.
	 */
	int (*read)(void *ctx, char *buf, size_t size, int timeout_ms, struct fa_err *err);
	/* Write all of @buf; 0 or -FA_EUNREACH. */
	int (*write)(void *ctx, const char *buf, size_t len, struct fa_err *err);
	void *ctx;
};

struct fa_netconf;

/*
 * Extract one message from the front of @in (the bytes read so far).  Returns 1 and the
 * message in @msg (appended; @in loses the message and its framing), 0 when @in holds no
 * complete message yet, or an error: -FA_EPARSE for broken chunk framing, -FA_ETOOBIG when
 * the message is already longer than @cap bytes (0 = no cap).
 */
int fa_netconf_frame_take(struct fa_buf *in, bool chunked, size_t cap, struct fa_buf *msg,
			  struct fa_err *err);

/* Frame @len bytes of @msg for sending, appended to @out. */
void fa_netconf_frame_put(const char *msg, size_t len, bool chunked, struct fa_buf *out);

/*
 * Read a server <hello>: its capability URIs (new array of new strings, free with
 * fa_netconf_strv_free; *ret_n entries) and its session-id.  -FA_EPARSE when it is not a
 * hello, has no capability or no valid session-id.
 */
int fa_netconf_hello_parse(const char *xml, size_t len, char ***ret_caps, size_t *ret_n,
			   unsigned long *ret_session_id, struct fa_err *err);

void fa_netconf_strv_free(char **v, size_t n);

/*
 * Check one reply against the message-id that was sent (see the policy above).  0, or
 * -FA_EPARSE / -FA_ECMD with the reason in @err.
 */
int fa_netconf_reply_check(const char *xml, size_t len, unsigned long message_id,
			   struct fa_err *err);

/*
 * Start a session on @io: read the server's hello, send ours (offering base:1.0 and 1.1),
 * choose the framing.  @timeout (seconds) bounds the wait for the server's hello; replies
 * are capped at @max_reply bytes (0 = no cap).  *ret is a new session (fa_netconf_free);
 * the io is borrowed and must outlive it.  Errors: -FA_ETIMEOUT, -FA_EUNREACH, -FA_EPARSE
 * (no hello, no common base version), -FA_ETOOBIG.
 */
int fa_netconf_start(const struct fa_netconf_io *io, double timeout, size_t max_reply,
		     struct fa_netconf **ret, struct fa_err *err);

/* The framing chosen: true for base:1.1 chunks. */
bool fa_netconf_is_chunked(const struct fa_netconf *nc);

/* Does the server list @uri (compared up to any "?parameters")? */
bool fa_netconf_has_capability(const struct fa_netconf *nc, const char *uri);

/* The server's session-id. */
unsigned long fa_netconf_session_id(const struct fa_netconf *nc);

/*
 * Send @operation (an XML element such as "<get>...</get>") as the next RPC and wait up to
 * @timeout seconds for its reply, appended unframed to @reply.  A failed RPC leaves the
 * reply in @reply when one arrived.  Errors: as fa_netconf_reply_check, plus -FA_ETIMEOUT,
 * -FA_ETOOBIG, -FA_EUNREACH.  After -FA_ETIMEOUT, -FA_ETOOBIG or -FA_EPARSE the stream is
 * out of step and the session refuses further RPCs (-FA_EUNREACH).
 */
int fa_netconf_rpc(struct fa_netconf *nc, const char *operation, double timeout,
		   struct fa_buf *reply, struct fa_err *err);

/* Send <close-session> (best effort, waits at most @timeout) and free.  Accepts NULL. */
void fa_netconf_close(struct fa_netconf *nc, double timeout);

#endif /* FA_DRIVERS_NETCONF_H */
