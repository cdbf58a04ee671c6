/* SPDX-License-Identifier: MIT */
/*
 * Safe XML parsing of device replies (NETCONF rpc-replies, "| display xml" output).
 *
 * Device-supplied XML is untrusted.  The policy, applied to every document:
 *   - no DOCTYPE and no entity declaration at all: a document that carries one is refused
 *     before libxml2 sees it, so external entities (XXE) and entity expansion bombs
 *     ("billion laughs") can neither fetch nor grow anything;
 *   - libxml2 runs without entity substitution (XML_PARSE_NOENT unset), without DTD loading
 *     or default attributes (XML_PARSE_DTDLOAD / XML_PARSE_DTDATTR unset), with no network
 *     (XML_PARSE_NONET), and with its own depth and size limits (XML_PARSE_HUGE unset);
 *   - input is capped at FA_XML_MAX bytes;
 *   - libxml2's messages go into the caller's struct fa_err, never to stderr, and the error
 *     handlers in force before the call are put back afterwards.
 *
 * NETCONF framing is removed first: a 1.0 end-of-message marker "]]>]]>" (and anything after
 * it) and 1.1 chunked framing ("\n#<len>\n" ... "\n##\n").
 */
#ifndef FA_DRIVERS_XMLSAFE_H
#define FA_DRIVERS_XMLSAFE_H

#include <stddef.h>

#include <libxml/tree.h>

#include "audit/util/err.h"

/* Largest document accepted, in bytes. */
#define FA_XML_MAX ((size_t)64 << 20)

/*
 * Parse @len bytes of @data (@source names it in errors).  On success *ret_doc is a new
 * document, free with xmlFreeDoc().  Errors: -FA_ETOOBIG (over FA_XML_MAX), -FA_EPARSE (empty,
 * not well-formed, a DOCTYPE or entity declaration, bad NETCONF chunk framing), with line and
 * column where libxml2 gave them.
 */
int fa_xml_parse(const char *data, size_t len, const char *source, xmlDocPtr *ret_doc,
		 struct fa_err *err);

/*
 * A big reply read one element at a time, for parsers of outputs with one record per
 * interface: libxml2's whole document of a 60 MiB reply is about five times its size, while
 * the reader (xmlTextReader) holds only the path to the element it is on and the subtree a
 * parser asked for.  The same bytes are accepted and refused as by fa_xml_parse, with the
 * same checks before libxml2 runs and the same parser options.
 */
struct fa_xml_each;

/*
 * Called for each element at its start tag, in document order.  @elem (borrowed, valid during
 * the call) has its name, namespace, attributes and ancestors (->parent), but no children
 * yet; @depth is 0 for the root.  To read the element, the callback takes it with its whole
 * subtree from fa_xml_each_expand(); the walk then goes on after the element and frees the
 * subtree.  Otherwise the walk goes on into the element.  Return 0 to go on, or a negative
 * -FA_E* to stop: fa_xml_each() then returns it.
 */
typedef int fa_xml_each_fn(void *ctx, struct fa_xml_each *walk, xmlNodePtr elem, int depth,
			   struct fa_err *err);

/*
 * Borrowed (valid during the callback): the element the callback was called for, with its
 * whole subtree; NULL when the XML is not well-formed in it (return 0: fa_xml_each() reports
 * the error).
 */
xmlNodePtr fa_xml_each_expand(struct fa_xml_each *walk);

/*
 * Call @fn for the elements of @len bytes of @data (@source names it in errors), as
 * fa_xml_parse would read them.  The callback runs before the end of the document is read:
 * a fault later in it still makes the result -FA_EPARSE, so a caller keeps what it gathers
 * aside until 0 is returned.  Errors: those of fa_xml_parse; -FA_ETIMEOUT when the parse
 * budget (drivers/parse.h) ran out, checked every 256 elements; what @fn returned.
 */
int fa_xml_each(const char *data, size_t len, const char *source, fa_xml_each_fn *fn, void *ctx,
		struct fa_err *err);

/* Borrowed: the first element child of @node whose local name is @name (any namespace). */
xmlNodePtr fa_xml_child(const xmlNode *node, const char *name);

/* Borrowed: the next element sibling after @node with local name @name, or NULL. */
xmlNodePtr fa_xml_next(const xmlNode *node, const char *name);

/* Is @node an element whose local name is @name? */
int fa_xml_is(const xmlNode *node, const char *name);

/*
 * The text of the child element @name of @node, leading and trailing blanks removed.
 * New string (free()), or NULL when the child is missing or has no text.
 */
char *fa_xml_child_text(const xmlNode *node, const char *name);

/* The depth-first first element named @name at or below @node, or NULL.  Borrowed. */
xmlNodePtr fa_xml_find(xmlNode *node, const char *name);

#endif /* FA_DRIVERS_XMLSAFE_H */
