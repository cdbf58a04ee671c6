/* SPDX-License-Identifier: MIT */
/*
 * NETCONF client protocol; the contract is in netconf.h.
 *
 * Framing policy (RFC 6242):
 *   - base:1.0: a message ends at the first "]]>]]>"; the search resumes where it stopped, so
 *     a large reply read in small pieces is scanned once.
 *   - base:1.1: chunks "\n#<1..4294967295>\n<data>" until "\n##\n".  A chunk size with a
 *     leading zero, more than ten digits or over the limit, or anything but "\n#" between
 *     chunks is a framing error.  Blank lines before a message are tolerated (some servers end
 *     the hello with a newline), nothing else is.
 *   - the cap counts message bytes, not framing; the raw input is also bounded (twice the cap
 *     plus one read) so a flood of tiny chunks cannot grow memory either.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <libxml/tree.h>

#include "audit/util/xalloc.h"
#include "drivers/transport/netconf.h"
#include "drivers/text/xmlsafe.h"
#include "audit/util/clock.h"
#include "audit/util/banned.h"

#define FA_NC_EOM "]]>]]>"
#define FA_NC_EOM_LEN 6
#define FA_NC_READ_CHUNK 65536
#define FA_NC_CHUNK_MAX 4294967295ULL

struct fa_netconf {
	const struct fa_netconf_io *io;
	struct fa_buf in;	/* bytes read and not yet taken as a message */
	size_t scan;		/* base:1.0: where the next "]]>]]>" search starts */
	size_t max_reply;
	bool chunked;
	bool broken;		/* out of step with the server: no more RPCs */
	unsigned long session_id;
	unsigned long next_id;
	char **caps;
	size_t ncaps;
};

/* Remove the first @n bytes of @b. */
static void fa_nc_consume(struct fa_buf *b, size_t n)
{
	if (n >= b->len) {
		fa_buf_reset(b);
		return;
	}
	memmove(b->buf, b->buf + n, b->len - n);
	b->len -= n;
	b->buf[b->len] = '\0';
}

static int fa_nc_take_eom(struct fa_buf *in, size_t *scan, size_t cap, struct fa_buf *msg,
			  struct fa_err *err)
{
	size_t from = *scan > FA_NC_EOM_LEN ? *scan - FA_NC_EOM_LEN : 0, start = 0, end;
	const char *m = NULL;

	if (in->len > from)
		m = memmem(in->buf + from, in->len - from, FA_NC_EOM, FA_NC_EOM_LEN);
	if (!m) {
		*scan = in->len;
		if (cap && in->len > cap + FA_NC_EOM_LEN + 64)
			return fa_err_set(err, FA_ETOOBIG,
					  "NETCONF reply is larger than %zu bytes", cap);
		return 0;
	}
	end = (size_t)(m - in->buf);
	while (start < end && isspace((unsigned char)in->buf[start]))
		start++;
	if (cap && end - start > cap)
		return fa_err_set(err, FA_ETOOBIG, "NETCONF reply is larger than %zu bytes", cap);
	fa_buf_add(msg, in->buf + start, end - start);
	fa_nc_consume(in, end + FA_NC_EOM_LEN);
	*scan = 0;
	return 1;
}

/*
 * Walk the chunk headers from the start of @in.  The data is copied only once the
 * end-of-chunks marker is there, so an incomplete message costs no copy.
 */
static int fa_nc_take_chunked(struct fa_buf *in, size_t cap, struct fa_buf *msg,
			      struct fa_err *err)
{
	const char *b = in->buf;
	size_t len = in->len, p = 0, total = 0, first;

	while (p < len && isspace((unsigned char)b[p]))
		p++;
	/* Keep the newline that opens the first chunk: it is part of the framing. */
	if (p > 0 && b[p - 1] == '\n')
		p--;
	first = p;
	for (;;) {
		unsigned long long size = 0;
		size_t digits = 0;

		if (p + 2 > len)
			return 0;
		if (b[p] != '\n' || b[p + 1] != '#')
			return fa_err_set(err, FA_EPARSE,
					  "NETCONF chunked framing: expected a chunk header");
		p += 2;
		if (p >= len)
			return 0;
		if (b[p] == '#') {
			if (p + 1 >= len)
				return 0;
			if (b[p + 1] != '\n')
				return fa_err_set(err, FA_EPARSE,
						  "NETCONF chunked framing: bad end of chunks");
			if (total == 0)
				return fa_err_set(err, FA_EPARSE,
						  "NETCONF chunked framing: message without data");
			break;
		}
		if (b[p] < '1' || b[p] > '9')
			return fa_err_set(err, FA_EPARSE,
					  "NETCONF chunked framing: bad chunk size");
		while (p < len && isdigit((unsigned char)b[p])) {
			if (++digits > 10)
				return fa_err_set(err, FA_EPARSE,
						  "NETCONF chunked framing: chunk size too long");
			size = size * 10 + (unsigned)(b[p] - '0');
			p++;
		}
		if (p >= len)
			return 0;
		if (b[p] != '\n' || size > FA_NC_CHUNK_MAX)
			return fa_err_set(err, FA_EPARSE,
					  "NETCONF chunked framing: bad chunk size");
		p++;
		total += (size_t)size;
		if (cap && total > cap)
			return fa_err_set(err, FA_ETOOBIG,
					  "NETCONF reply is larger than %zu bytes", cap);
		if (size > len - p)
			return 0;
		p += (size_t)size;
	}
	/* Complete: copy the data of every chunk. */
	p = first;
	while (b[p + 2] != '#') {
		size_t size = (size_t)strtoull(b + p + 2, NULL, 10);

		p = (size_t)((const char *)memchr(b + p + 2, '\n', len - p - 2) - b) + 1;
		fa_buf_add(msg, b + p, size);
		p += size;
	}
	fa_nc_consume(in, p + 4);
	return 1;
}

int fa_netconf_frame_take(struct fa_buf *in, bool chunked, size_t cap, struct fa_buf *msg,
			  struct fa_err *err)
{
	size_t scan = 0;

	if (chunked)
		return fa_nc_take_chunked(in, cap, msg, err);
	return fa_nc_take_eom(in, &scan, cap, msg, err);
}

void fa_netconf_frame_put(const char *msg, size_t len, bool chunked, struct fa_buf *out)
{
	if (chunked) {
		fa_buf_addf(out, "\n#%zu\n", len);
		fa_buf_add(out, msg, len);
		fa_buf_adds(out, "\n##\n");
	} else {
		fa_buf_add(out, msg, len);
		fa_buf_adds(out, FA_NC_EOM);
	}
}

void fa_netconf_strv_free(char **v, size_t n)
{
	size_t i;

	for (i = 0; v && i < n; i++)
		free(v[i]);
	free(v);
}

/* Is @node an element named @name in the NETCONF base namespace? */
static bool fa_nc_is(const xmlNode *node, const char *name)
{
	return fa_xml_is(node, name) && node->ns && node->ns->href &&
	       strcmp((const char *)node->ns->href, FA_NETCONF_NS) == 0;
}

int fa_netconf_hello_parse(const char *xml, size_t len, char ***ret_caps, size_t *ret_n,
			   unsigned long *ret_session_id, struct fa_err *err)
{
	xmlDocPtr doc = NULL;
	xmlNodePtr root, caps, c;
	char **v = NULL, *sid = NULL, *end;
	size_t n = 0;
	unsigned long id;
	int r;

	r = fa_xml_parse(xml, len, "hello", &doc, err);
	if (r < 0)
		return r;
	root = xmlDocGetRootElement(doc);
	if (!fa_nc_is(root, "hello")) {
		r = fa_err_set(err, FA_EPARSE, "the server did not start with a NETCONF <hello>");
		goto out;
	}
	caps = fa_xml_child(root, "capabilities");
	for (c = caps ? caps->children : NULL; c; c = c->next) {
		xmlChar *t;
		char *s, *e;

		if (!fa_xml_is(c, "capability"))
			continue;
		t = xmlNodeGetContent(c);
		s = (char *)t;
		while (s && isspace((unsigned char)*s))
			s++;
		e = s ? s + strlen(s) : NULL;
		while (e && e > s && isspace((unsigned char)e[-1]))
			e--;
		if (s && e > s) {
			v = fa_xreallocarray(v, n + 1, sizeof(*v));
			v[n++] = fa_xstrndup(s, (size_t)(e - s));
		}
		xmlFree(t);
	}
	if (n == 0) {
		r = fa_err_set(err, FA_EPARSE, "the server's <hello> lists no capability");
		goto out;
	}
	sid = fa_xml_child_text(root, "session-id");
	id = sid && isdigit((unsigned char)sid[0]) ? strtoul(sid, &end, 10) : 0;
	if (!sid || !isdigit((unsigned char)sid[0]) || *end || id == 0) {
		r = fa_err_set(err, FA_EPARSE, "the server's <hello> has no valid session-id");
		goto out;
	}
	*ret_caps = FA_TAKE_PTR(v);
	*ret_n = n;
	*ret_session_id = id;
	n = 0;
out:
	fa_netconf_strv_free(v, n);
	free(sid);
	xmlFreeDoc(doc);
	return r;
}

/* "tag: message (at path)" of one <rpc-error> into @b. */
static void fa_nc_describe_error(xmlNodePtr e, struct fa_buf *b)
{
	char *tag = fa_xml_child_text(e, "error-tag");
	char *msg = fa_xml_child_text(e, "error-message");
	char *path = fa_xml_child_text(e, "error-path");

	fa_buf_addf(b, "%s", tag ? tag : "error");
	if (msg)
		fa_buf_addf(b, ": %s", msg);
	if (path)
		fa_buf_addf(b, " (at %s)", path);
	free(tag);
	free(msg);
	free(path);
}

int fa_netconf_reply_check(const char *xml, size_t len, unsigned long message_id,
			   struct fa_err *err)
{
	struct fa_buf why = FA_BUF_INIT;
	xmlDocPtr doc = NULL;
	xmlNodePtr root, c;
	xmlChar *mid = NULL;
	char want[32];
	bool data = false, ok = false;
	int r, nerr = 0;

	r = fa_xml_parse(xml, len, "rpc-reply", &doc, err);
	if (r < 0)
		return r;
	root = xmlDocGetRootElement(doc);
	if (!fa_nc_is(root, "rpc-reply")) {
		r = fa_err_set(err, FA_EPARSE, "expected a NETCONF <rpc-reply>, got <%s>",
			       (const char *)root->name);
		goto out;
	}
	snprintf(want, sizeof(want), "%lu", message_id);
	mid = xmlGetProp(root, (const xmlChar *)"message-id");
	if (!mid || strcmp((const char *)mid, want) != 0) {
		r = fa_err_set(err, FA_EPARSE,
			       "NETCONF reply has message-id %s%s%s, expected %s: replies are out "
			       "of step", mid ? "'" : "", mid ? (const char *)mid : "(none)",
			       mid ? "'" : "", want);
		goto out;
	}
	for (c = root->children; c; c = c->next) {
		char *sev;

		if (fa_nc_is(c, "data"))
			data = true;
		else if (fa_nc_is(c, "ok"))
			ok = true;
		if (!fa_nc_is(c, "rpc-error"))
			continue;
		sev = fa_xml_child_text(c, "error-severity");
		/* A missing severity is treated as an error: fail closed. */
		if (!sev || strcmp(sev, "warning") != 0) {
			fa_buf_adds(&why, nerr++ ? "; " : "");
			fa_nc_describe_error(c, &why);
		}
		free(sev);
	}
	if (nerr) {
		r = fa_err_set(err, FA_ECMD, "rpc-error: %s", why.buf);
		goto out;
	}
	if (!data && !ok)
		r = fa_err_set(err, FA_EPARSE, "NETCONF reply has neither <data> nor <ok>");
out:
	xmlFree(mid);
	fa_buf_release(&why);
	xmlFreeDoc(doc);
	return r;
}

/* Read until one message is complete or the deadline passes. */
static int fa_nc_read_message(struct fa_netconf *nc, bool chunked, double deadline,
			      struct fa_buf *msg, struct fa_err *err)
{
	char *chunk = fa_xmalloc(FA_NC_READ_CHUNK);
	int r;

	for (;;) {
		double left;
		int n;

		if (chunked)
			r = fa_nc_take_chunked(&nc->in, nc->max_reply, msg, err);
		else
			r = fa_nc_take_eom(&nc->in, &nc->scan, nc->max_reply, msg, err);
		if (r != 0)
			break;
		if (nc->max_reply && nc->in.len > 2 * nc->max_reply + FA_NC_READ_CHUNK) {
			r = fa_err_set(err, FA_ETOOBIG, "NETCONF reply is larger than %zu bytes",
				       nc->max_reply);
			break;
		}
		left = deadline - fa_clock_now();
		if (left <= 0) {
			r = fa_err_set(err, FA_ETIMEOUT, "no complete NETCONF reply in time");
			break;
		}
		n = nc->io->read(nc->io->ctx, chunk, FA_NC_READ_CHUNK, (int)(left * 1000) + 1, err);
		if (n < 0) {
			r = n;
			break;
		}
		fa_buf_add(&nc->in, chunk, (size_t)n);
	}
	free(chunk);
	return r < 0 ? r : 0;
}

static int fa_nc_send(struct fa_netconf *nc, const char *msg, bool chunked, struct fa_err *err)
{
	struct fa_buf out = FA_BUF_INIT;
	int r;

	fa_netconf_frame_put(msg, strlen(msg), chunked, &out);
	r = nc->io->write(nc->io->ctx, out.buf, out.len, err);
	fa_buf_release(&out);
	return r;
}

static const char fa_nc_client_hello[] =
	"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	"<hello xmlns=\"" FA_NETCONF_NS "\"><capabilities>"
	"<capability>" FA_NETCONF_BASE10 "</capability>"
	"<capability>" FA_NETCONF_BASE11 "</capability>"
	"</capabilities></hello>";

int fa_netconf_start(const struct fa_netconf_io *io, double timeout, size_t max_reply,
		     struct fa_netconf **ret, struct fa_err *err)
{
	struct fa_netconf *nc = fa_xcalloc(1, sizeof(*nc));
	struct fa_buf hello = FA_BUF_INIT;
	struct timespec pause = { 0, 20 * 1000 * 1000 };
	int r;

	nc->io = io;
	nc->max_reply = max_reply;
	nc->next_id = 1;
	fa_buf_init(&nc->in, 0);
	/* The hello is always framed the 1.0 way, whatever comes after. */
	r = fa_nc_read_message(nc, false, fa_clock_now() + timeout, &hello, err);
	if (r < 0) {
		if (r == -FA_ETIMEOUT)
			fa_err_set(err, FA_ETIMEOUT, "no NETCONF <hello> from the server within "
				   "%.0f s", timeout);
		goto out;
	}
	r = fa_netconf_hello_parse(hello.buf, hello.len, &nc->caps, &nc->ncaps, &nc->session_id,
				   err);
	if (r < 0)
		goto out;
	if (fa_netconf_has_capability(nc, FA_NETCONF_BASE11))
		nc->chunked = true;
	else if (!fa_netconf_has_capability(nc, FA_NETCONF_BASE10)) {
		r = fa_err_set(err, FA_EPARSE,
			       "the server offers neither NETCONF base:1.0 nor base:1.1");
		goto out;
	}
	r = fa_nc_send(nc, fa_nc_client_hello, false, err);
	if (r < 0)
		goto out;
	/*
	 * Some servers (netconfd) drop an RPC that arrives in the same read as the client's
	 * hello, so the first RPC goes out a moment later.
	 */
	nanosleep(&pause, NULL);
	*ret = FA_TAKE_PTR(nc);
out:
	fa_buf_release(&hello);
	if (nc) {
		nc->io = NULL;
		fa_netconf_close(nc, 0);
	}
	return r;
}

bool fa_netconf_is_chunked(const struct fa_netconf *nc)
{
	return nc->chunked;
}

unsigned long fa_netconf_session_id(const struct fa_netconf *nc)
{
	return nc->session_id;
}

bool fa_netconf_has_capability(const struct fa_netconf *nc, const char *uri)
{
	size_t i, n = strlen(uri);

	for (i = 0; i < nc->ncaps; i++)
		if (strncmp(nc->caps[i], uri, n) == 0 &&
		    (nc->caps[i][n] == '\0' || nc->caps[i][n] == '?'))
			return true;
	return false;
}

int fa_netconf_rpc(struct fa_netconf *nc, const char *operation, double timeout,
		   struct fa_buf *reply, struct fa_err *err)
{
	struct fa_buf msg = FA_BUF_INIT;
	unsigned long id;
	int r;

	if (nc->broken)
		return fa_err_set(err, FA_EUNREACH,
				  "NETCONF session is out of step after an earlier failure");
	id = nc->next_id++;
	fa_buf_addf(&msg, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		    "<rpc message-id=\"%lu\" xmlns=\"" FA_NETCONF_NS "\">%s</rpc>", id, operation);
	r = fa_nc_send(nc, msg.buf, nc->chunked, err);
	fa_buf_reset(&msg);
	if (r < 0)
		goto out;
	r = fa_nc_read_message(nc, nc->chunked, fa_clock_now() + timeout, &msg, err);
	if (r < 0)
		goto out;
	fa_buf_add(reply, msg.buf, msg.len);
	r = fa_netconf_reply_check(msg.buf, msg.len, id, err);
out:
	if (r == -FA_ETIMEOUT || r == -FA_ETOOBIG || r == -FA_EPARSE || r == -FA_EUNREACH)
		nc->broken = true;
	fa_buf_release(&msg);
	return r;
}

void fa_netconf_close(struct fa_netconf *nc, double timeout)
{
	struct fa_buf reply = FA_BUF_INIT;

	if (!nc)
		return;
	if (nc->io && !nc->broken && timeout > 0)
		fa_netconf_rpc(nc, "<close-session/>", timeout, &reply, NULL);
	fa_buf_release(&reply);
	fa_buf_release(&nc->in);
	fa_netconf_strv_free(nc->caps, nc->ncaps);
	free(nc);
}
