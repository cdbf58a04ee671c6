/* SPDX-License-Identifier: MIT */
/*
 * Safe XML parsing of device replies; the policy is in xmlsafe.h.
 *
 * The order matters: framing is removed, then the raw bytes are searched for "<!DOCTYPE" and
 * "<!ENTITY" (refused outright, so libxml2 never sees a DTD), and only then is libxml2 run
 * with its error reporting captured for the duration of the call.
 */
#include "config.h"

#include <ctype.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlversion.h>

#include "audit/util/buf.h"
#include "audit/util/xalloc.h"
#include "drivers/text/xmlsafe.h"
#include "audit/util/banned.h"

static pthread_once_t fa_xml_once = PTHREAD_ONCE_INIT;

static void fa_xml_init(void)
{
	xmlInitParser();
}

#define FA_NETCONF_EOM "]]>]]>"

struct fa_xml_errs {
	bool have;
	char msg[256];
	int line;
	int column;
};

#if LIBXML_VERSION >= 21200
static void fa_xml_structured(void *ctx, const xmlError *e)
#else
static void fa_xml_structured(void *ctx, xmlErrorPtr e)
#endif
{
	struct fa_xml_errs *errs = ctx;
	size_t n;

	/* The first error is the cause; later ones are usually its echoes. */
	if (!errs || errs->have || !e)
		return;
	errs->have = true;
	snprintf(errs->msg, sizeof(errs->msg), "%s", e->message ? e->message : "XML error");
	n = strlen(errs->msg);
	while (n && isspace((unsigned char)errs->msg[n - 1]))
		errs->msg[--n] = '\0';
	errs->line = e->line;
	errs->column = e->int2;
}

static void fa_xml_generic_quiet(void *ctx, const char *msg, ...)
{
	(void)ctx;
	(void)msg;
}

/* Case-insensitive search for @needle in @len bytes of @hay. */
static bool fa_xml_contains(const char *hay, size_t len, const char *needle)
{
	size_t nl = strlen(needle), i;

	if (len < nl)
		return false;
	for (i = 0; i + nl <= len; i++)
		if (hay[i] == '<' && strncasecmp(hay + i, needle, nl) == 0)
			return true;
	return false;
}

/*
 * NETCONF 1.1 chunked framing (RFC 6242 section 4.2) into @out.  Returns 0, or -FA_EPARSE when
 * the framing is broken.
 */
static int fa_xml_dechunk(const char *p, const char *end, struct fa_buf *out, const char *source,
			  struct fa_err *err)
{
	while (p < end) {
		unsigned long long size = 0;
		int digits = 0;

		while (p < end && (*p == '\n' || *p == '\r'))
			p++;
		if (p == end)
			break;
		if (*p != '#')
			return fa_err_at(err, FA_EPARSE, source, 0, 0,
					 "NETCONF chunked framing: expected '#'");
		p++;
		if (p < end && *p == '#')
			return 0;
		while (p < end && isdigit((unsigned char)*p) && digits < 11) {
			size = size * 10 + (unsigned)(*p - '0');
			digits++;
			p++;
		}
		if (!digits || size == 0 || p == end || *p != '\n')
			return fa_err_at(err, FA_EPARSE, source, 0, 0,
					 "NETCONF chunked framing: bad chunk size");
		p++;
		if (size > (unsigned long long)(end - p))
			return fa_err_at(
			    err, FA_EPARSE, source, 0, 0,
			    "NETCONF chunked framing: chunk of %llu bytes is truncated", size);
		fa_buf_add(out, p, (size_t)size);
		p += size;
	}
	return 0;
}

/* Which message of a 1.0-framed capture to parse: the last one with any content. */
static void fa_xml_unframe10(const char **pdata, size_t *plen)
{
	const char *p = *pdata, *end = p + *plen, *best = NULL, *best_end = NULL;
	size_t ml = strlen(FA_NETCONF_EOM);

	while (p < end) {
		const char *m = memmem(p, (size_t)(end - p), FA_NETCONF_EOM, ml);
		const char *seg_end = m ? m : end;
		const char *q = p;

		while (q < seg_end && isspace((unsigned char)*q))
			q++;
		if (q < seg_end) {
			best = p;
			best_end = seg_end;
		}
		if (!m)
			break;
		p = m + ml;
	}
	if (best) {
		*pdata = best;
		*plen = (size_t)(best_end - best);
	}
}

int fa_xml_parse(const char *data, size_t len, const char *source, xmlDocPtr *ret_doc,
		 struct fa_err *err)
{
	struct fa_buf chunks = FA_BUF_INIT;
	struct fa_xml_errs errs = {false, "", 0, 0};
	xmlStructuredErrorFunc old_serror;
	xmlGenericErrorFunc old_generic;
	void *old_sctx, *old_gctx;
	const char *p = data, *end = data + len;
	xmlDocPtr doc = NULL;
	int r = 0;

	if (!source)
		source = "xml";
	if (len > FA_XML_MAX)
		return fa_err_at(err, FA_ETOOBIG, source, 0, 0,
				 "XML reply of %zu bytes is over the %zu byte limit", len,
				 FA_XML_MAX);
	if (len >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
		p += 3;
	while (p < end && isspace((unsigned char)*p))
		p++;
	if (p < end && *p == '#') {
		r = fa_xml_dechunk(p, end, &chunks, source, err);
		if (r)
			goto out;
		p = chunks.buf;
		end = chunks.buf + chunks.len;
	}
	len = (size_t)(end - p);
	fa_xml_unframe10(&p, &len);
	end = p + len;
	while (p < end && isspace((unsigned char)*p))
		p++;
	len = (size_t)(end - p);
	if (len == 0) {
		r = fa_err_at(err, FA_EPARSE, source, 0, 0, "empty XML reply");
		goto out;
	}
	if (fa_xml_contains(p, len, "<!DOCTYPE") || fa_xml_contains(p, len, "<!ENTITY")) {
		r = fa_err_at(err, FA_EPARSE, source, 0, 0,
			      "XML reply carries a DOCTYPE or entity declaration; refused "
			      "(device replies never need one)");
		goto out;
	}

	/* libxml2 must be initialised once before threads use it, not by each of them. */
	pthread_once(&fa_xml_once, fa_xml_init);
	old_serror = xmlStructuredError;
	old_sctx = xmlStructuredErrorContext;
	old_generic = xmlGenericError;
	old_gctx = xmlGenericErrorContext;
	xmlSetStructuredErrorFunc(&errs, fa_xml_structured);
	xmlSetGenericErrorFunc(NULL, fa_xml_generic_quiet);
	doc = xmlReadMemory(p, (int)len, NULL, NULL,
			    XML_PARSE_NONET | XML_PARSE_NOBLANKS | XML_PARSE_NOCDATA);
	xmlSetStructuredErrorFunc(old_sctx, old_serror);
	xmlSetGenericErrorFunc(old_gctx, old_generic);

	if (!doc || !xmlDocGetRootElement(doc)) {
		r = fa_err_at(err, FA_EPARSE, source, errs.line, errs.column, "XML: %s",
			      errs.have ? errs.msg : "no document element");
		goto out;
	}
	if (doc->intSubset || doc->extSubset) {
		r = fa_err_at(err, FA_EPARSE, source, 0, 0, "XML reply carries a DTD; refused");
		goto out;
	}
	*ret_doc = FA_TAKE_PTR(doc);
out:
	if (doc)
		xmlFreeDoc(doc);
	fa_buf_release(&chunks);
	return r;
}

int fa_xml_is(const xmlNode *node, const char *name)
{
	return node && node->type == XML_ELEMENT_NODE &&
	       strcmp((const char *)node->name, name) == 0;
}

xmlNodePtr fa_xml_child(const xmlNode *node, const char *name)
{
	xmlNodePtr c;

	if (!node)
		return NULL;
	for (c = node->children; c; c = c->next)
		if (fa_xml_is(c, name))
			return c;
	return NULL;
}

xmlNodePtr fa_xml_next(const xmlNode *node, const char *name)
{
	xmlNodePtr c;

	for (c = node ? node->next : NULL; c; c = c->next)
		if (fa_xml_is(c, name))
			return c;
	return NULL;
}

char *fa_xml_child_text(const xmlNode *node, const char *name)
{
	xmlNodePtr c = fa_xml_child(node, name);
	xmlChar *t;
	char *s, *b, *e;

	if (!c)
		return NULL;
	t = xmlNodeGetContent(c);
	if (!t)
		return NULL;
	b = (char *)t;
	while (*b && isspace((unsigned char)*b))
		b++;
	e = b + strlen(b);
	while (e > b && isspace((unsigned char)e[-1]))
		e--;
	s = e > b ? fa_xstrndup(b, (size_t)(e - b)) : NULL;
	xmlFree(t);
	return s;
}

xmlNodePtr fa_xml_find(xmlNode *node, const char *name)
{
	xmlNodePtr c, f;

	if (!node)
		return NULL;
	if (fa_xml_is(node, name))
		return node;
	for (c = node->children; c; c = c->next) {
		if (c->type != XML_ELEMENT_NODE)
			continue;
		f = fa_xml_find(c, name);
		if (f)
			return f;
	}
	return NULL;
}
