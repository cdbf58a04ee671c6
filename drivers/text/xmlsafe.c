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
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlversion.h>

#include "audit/util/buf.h"
#include "audit/util/xalloc.h"
#include "drivers/parse.h"
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
	int code;	/* libxml2's xmlParserErrors code */
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
	errs->code = e->code;
}

static void fa_xml_generic_quiet(void *ctx, const char *msg, ...)
{
	(void)ctx;
	(void)msg;
}

/*
 * Does @len bytes of @hay hold a markup declaration named @name ("<!DOCTYPE", "<!ENTITY"),
 * in any case?  The '!' is looked for: device replies hardly have any, while a '<' opens
 * every tag.
 */
static bool fa_xml_declares(const char *hay, size_t len, const char *name)
{
	const char *p = hay, *end = hay + len;
	size_t nl = strlen(name);

	while (p < end && (p = memchr(p, '!', (size_t)(end - p)))) {
		if (p > hay && p[-1] == '<' && (size_t)(end - p - 1) >= nl &&
		    strncasecmp(p + 1, name, nl) == 0)
			return true;
		p++;
	}
	return false;
}

/* The first "]]>]]>" (a NETCONF 1.0 end of message) in @p .. @end, or NULL. */
static const char *fa_xml_eom(const char *p, const char *end)
{
	size_t ml = strlen(FA_NETCONF_EOM);

	/* memchr for the rare ']': memmem's general search was a tenth of a big reply's time */
	while (p < end && (p = memchr(p, ']', (size_t)(end - p)))) {
		if ((size_t)(end - p) >= ml && memcmp(p, FA_NETCONF_EOM, ml) == 0)
			return p;
		p++;
	}
	return NULL;
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
		const char *m = fa_xml_eom(p, end);
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

/*
 * The checks made before libxml2 sees a byte, shared by fa_xml_parse and fa_xml_each: the size
 * cap, a BOM, NETCONF framing (1.1 chunks into @chunks, 1.0 end-of-message markers), an empty
 * reply, and any DOCTYPE or entity declaration.  On success *@ret_p / *@ret_len is the
 * document to parse (in @data or in @chunks).
 */
static int fa_xml_prepare(const char *data, size_t len, const char *source, struct fa_buf *chunks,
			  const char **ret_p, size_t *ret_len, struct fa_err *err)
{
	const char *p = data, *end = data + len;
	int r;

	if (len > FA_XML_MAX)
		return fa_err_at(err, FA_ETOOBIG, source, 0, 0,
				 "XML reply of %zu bytes is over the %zu byte limit", len,
				 FA_XML_MAX);
	if (len >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
		p += 3;
	while (p < end && isspace((unsigned char)*p))
		p++;
	if (p < end && *p == '#') {
		r = fa_xml_dechunk(p, end, chunks, source, err);
		if (r)
			return r;
		p = chunks->buf;
		end = chunks->buf + chunks->len;
	}
	len = (size_t)(end - p);
	fa_xml_unframe10(&p, &len);
	end = p + len;
	while (p < end && isspace((unsigned char)*p))
		p++;
	len = (size_t)(end - p);
	if (len == 0)
		return fa_err_at(err, FA_EPARSE, source, 0, 0, "empty XML reply");
	if (fa_xml_declares(p, len, "DOCTYPE") || fa_xml_declares(p, len, "ENTITY"))
		return fa_err_at(err, FA_EPARSE, source, 0, 0,
				 "XML reply carries a DOCTYPE or entity declaration; refused "
				 "(device replies never need one)");
	*ret_p = p;
	*ret_len = len;
	return 0;
}

/* libxml2's error handlers as they were before a parse, put back by fa_xml_quiet_end. */
struct fa_xml_saved {
	xmlStructuredErrorFunc serror;
	xmlGenericErrorFunc generic;
	void *sctx, *gctx;
};

/* Route libxml2's messages into @errs (the first one is kept) and nothing to stderr. */
static void fa_xml_quiet_begin(struct fa_xml_saved *saved, struct fa_xml_errs *errs)
{
	/* libxml2 must be initialised once before threads use it, not by each of them. */
	pthread_once(&fa_xml_once, fa_xml_init);
	saved->serror = xmlStructuredError;
	saved->sctx = xmlStructuredErrorContext;
	saved->generic = xmlGenericError;
	saved->gctx = xmlGenericErrorContext;
	xmlSetStructuredErrorFunc(errs, fa_xml_structured);
	xmlSetGenericErrorFunc(NULL, fa_xml_generic_quiet);
}

static void fa_xml_quiet_end(const struct fa_xml_saved *saved)
{
	xmlSetStructuredErrorFunc(saved->sctx, saved->serror);
	xmlSetGenericErrorFunc(saved->gctx, saved->generic);
}

/* The options of every parse: no network, blanks and CDATA folded; no NOENT, DTD*, HUGE. */
#define FA_XML_OPTIONS (XML_PARSE_NONET | XML_PARSE_NOBLANKS | XML_PARSE_NOCDATA)

int fa_xml_parse(const char *data, size_t len, const char *source, xmlDocPtr *ret_doc,
		 struct fa_err *err)
{
	struct fa_buf chunks = FA_BUF_INIT;
	struct fa_xml_errs errs = {false, "", 0, 0, 0};
	struct fa_xml_saved saved;
	const char *p = NULL;
	xmlDocPtr doc = NULL;
	int r;

	if (!source)
		source = "xml";
	r = fa_xml_prepare(data, len, source, &chunks, &p, &len, err);
	if (r)
		goto out;
	fa_xml_quiet_begin(&saved, &errs);
	doc = xmlReadMemory(p, (int)len, NULL, NULL, FA_XML_OPTIONS);
	fa_xml_quiet_end(&saved);

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

/* Deepest element libxml2 lets a document have without XML_PARSE_HUGE (xmlParserMaxDepth). */
#define FA_XML_DEPTH 256

struct fa_xml_each {
	xmlTextReaderPtr reader;
	xmlNodePtr expanded;	/* what fa_xml_each_expand gave during this call, or NULL */
	bool failed;		/* the reader met an XML error */
	/*
	 * The elements open, for the message of a cut reply: libxml2's reader says "Extra
	 * content at the end of the document" where the document parse named the element left
	 * open ("Premature end of data in tag interface line 12"); the same words are kept.
	 */
	int open;		/* depth of the innermost open element; -1: none */
	const xmlChar *name[FA_XML_DEPTH + 1];
	int line[FA_XML_DEPTH + 1];
};

/* Track the open elements as the reader stands on an element or end tag at @depth. */
static void fa_xml_each_track(struct fa_xml_each *walk, int type, int depth)
{
	xmlNodePtr node;

	if (depth < 0 || depth > FA_XML_DEPTH)
		return;
	if (type == XML_READER_TYPE_END_ELEMENT) {
		walk->open = depth - 1;
		return;
	}
	if (xmlTextReaderIsEmptyElement(walk->reader) == 1) {
		walk->open = depth - 1;
		return;
	}
	node = xmlTextReaderCurrentNode(walk->reader);
	walk->name[depth] = xmlTextReaderConstName(walk->reader);
	walk->line[depth] = node ? (int)xmlGetLineNo(node) : 0;
	walk->open = depth;
}

xmlNodePtr fa_xml_each_expand(struct fa_xml_each *walk)
{
	if (!walk->expanded && !walk->failed) {
		walk->expanded = xmlTextReaderExpand(walk->reader);
		if (!walk->expanded)
			walk->failed = true;
	}
	return walk->expanded;
}

/*
 * The walk: xmlTextReaderRead from node to node, so that only the path from the root to the
 * current node (and a subtree the callback expanded) is ever held; xmlTextReaderNext past an
 * expanded subtree, which frees it as the reader moves on.  The reader is libxml2's own parser
 * (in its push mode) with the same options as fa_xml_parse, so the same documents are refused
 * and the same depth and size limits hold; the first message of a fault can be worded
 * differently ("Document is empty" for "Start tag expected"), or name the element taken whole
 * rather than the innermost one left open.
 */
int fa_xml_each(const char *data, size_t len, const char *source, fa_xml_each_fn *fn, void *ctx,
		struct fa_err *err)
{
	struct fa_buf chunks = FA_BUF_INIT;
	struct fa_xml_errs errs = {false, "", 0, 0, 0};
	struct fa_xml_each walk = {.open = -1};
	struct fa_xml_saved saved;
	const char *p = NULL;
	size_t elements = 0;
	bool quiet = false, root = false;
	int r, step, depth;

	if (!source)
		source = "xml";
	r = fa_xml_prepare(data, len, source, &chunks, &p, &len, err);
	if (r)
		goto out;
	fa_xml_quiet_begin(&saved, &errs);
	quiet = true;
	walk.reader = xmlReaderForMemory(p, (int)len, NULL, NULL, FA_XML_OPTIONS);
	if (!walk.reader) {
		r = fa_err_at(err, FA_ENOMEM, source, 0, 0, "no memory for an XML reader");
		goto out;
	}
	step = xmlTextReaderRead(walk.reader);
	while (step == 1) {
		int type = xmlTextReaderNodeType(walk.reader);

		if (type == XML_READER_TYPE_DOCUMENT_TYPE) {
			r = fa_err_at(err, FA_EPARSE, source, 0, 0,
				      "XML reply carries a DTD; refused");
			goto out;
		}
		if (type == XML_READER_TYPE_END_ELEMENT)
			fa_xml_each_track(&walk, type, xmlTextReaderDepth(walk.reader));
		if (type != XML_READER_TYPE_ELEMENT) {
			step = xmlTextReaderRead(walk.reader);
			continue;
		}
		root = true;
		depth = xmlTextReaderDepth(walk.reader);
		fa_xml_each_track(&walk, type, depth);
		if (++elements % 256 == 0 && fa_parse_budget_over()) {
			r = fa_err_set(err, FA_ETIMEOUT, "over the parse budget after %zu XML "
				       "elements (--parse-budget)", elements);
			goto out;
		}
		walk.expanded = NULL;
		r = fn(ctx, &walk, xmlTextReaderCurrentNode(walk.reader), depth, err);
		if (r < 0 || walk.failed)
			break;
		if (walk.expanded) {
			/* the subtree is whole: the element is closed */
			walk.open = depth - 1;
			step = xmlTextReaderNext(walk.reader);
		} else {
			step = xmlTextReaderRead(walk.reader);
		}
	}
	if (r < 0 && !walk.failed)
		goto out;
	if ((walk.failed || step < 0) && errs.code == XML_ERR_DOCUMENT_END && walk.open >= 0 &&
	    walk.open <= FA_XML_DEPTH && walk.name[walk.open]) {
		r = fa_err_at(err, FA_EPARSE, source, errs.line, errs.column,
			      "XML: Premature end of data in tag %s line %d",
			      (const char *)walk.name[walk.open], walk.line[walk.open]);
		goto out;
	}
	if (walk.failed || step < 0 || !root) {
		r = fa_err_at(err, FA_EPARSE, source, errs.line, errs.column, "XML: %s",
			      errs.have ? errs.msg : "no document element");
		goto out;
	}
	r = 0;
out:
	if (walk.reader)
		xmlFreeTextReader(walk.reader);
	if (quiet)
		fa_xml_quiet_end(&saved);
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
