/* SPDX-License-Identifier: MIT */
/*
 * The safe XML reader: real NETCONF replies with their prefixes and framing parse; DTDs,
 * external entities and entity bombs are refused quickly and in bounded memory; libxml2
 * never writes to stderr and the caller's error handlers survive the call.
 */
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include <libxml/parser.h>
#include <libxml/xmlerror.h>

#include "audit/util/buf.h"
#include "drivers/text/xmlsafe.h"
#include "tests/unit/unit.h"
#include "audit/util/banned.h"

static const char fa_xxe[] =
    "<?xml version=\"1.0\"?>\n"
    "<!DOCTYPE rpc-reply [ <!ENTITY xxe SYSTEM \"file:///etc/passwd\"> ]>\n"
    "<rpc-reply><software-information><host-name>&xxe;</host-name>"
    "</software-information></rpc-reply>\n";

static const char fa_laughs[] =
    "<?xml version=\"1.0\"?>\n"
    "<!DOCTYPE lolz [\n"
    " <!ENTITY lol \"lol\">\n"
    " <!ENTITY lol1 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">\n"
    " <!ENTITY lol2 \"&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;\">\n"
    " <!ENTITY lol3 \"&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;\">\n"
    " <!ENTITY lol4 \"&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;\">\n"
    " <!ENTITY lol5 \"&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;\">\n"
    " <!ENTITY lol6 \"&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;\">\n"
    " <!ENTITY lol7 \"&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;\">\n"
    " <!ENTITY lol8 \"&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;\">\n"
    " <!ENTITY lol9 \"&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;\">\n"
    "]>\n"
    "<lolz>&lol9;</lolz>\n";

static double fa_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static long fa_maxrss_kb(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_maxrss;
}

START_TEST(xmlsafe_parses_real_reply_by_local_name)
{
	struct fa_buf b = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	xmlDocPtr doc = NULL;
	xmlNodePtr info;
	char *host;

	fa_test_read(fa_test_fixture("Juniper__py-junos-eznc/tests/unit/factory/rpc-reply/"
				     "get-software-information.xml"),
		     &b);
	ck_assert_msg(fa_xml_parse(b.buf, b.len, "sw", &doc, &err) == 0,
		      "A real get-software-information reply parses (%s).", err.msg);
	info = fa_xml_find(xmlDocGetRootElement(doc), "software-information");
	ck_assert_msg(info != NULL, "The <software-information> element is found.");
	host = fa_xml_child_text(info, "host-name");
	ck_assert_msg(host && strcmp(host, "firefly") == 0,
		      "The host name of the real reply is firefly.");
	free(host);
	xmlFreeDoc(doc);
	fa_buf_release(&b);
}
END_TEST

START_TEST(xmlsafe_handles_nc_prefix)
{
	struct fa_buf b = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	xmlDocPtr doc = NULL;
	xmlNodePtr conf;
	char *ver;

	fa_test_read(fa_test_fixture("scrapli__scrapli_netconf/tests/test_data/expected/"
				     "juniper_junos_1_0/get_config"),
		     &b);
	ck_assert_msg(fa_xml_parse(b.buf, b.len, "get_config", &doc, &err) == 0,
		      "A real nc:-prefixed Junos reply parses (%s).", err.msg);
	ck_assert_msg(fa_xml_is(xmlDocGetRootElement(doc), "rpc-reply"),
		      "The root nc:rpc-reply matches by its local name.");
	conf = fa_xml_find(xmlDocGetRootElement(doc), "configuration");
	ver = fa_xml_child_text(conf, "version");
	ck_assert_msg(ver && strcmp(ver, "17.3R2.10") == 0,
		      "The configuration's version is 17.3R2.10.");
	free(ver);
	xmlFreeDoc(doc);
	fa_buf_release(&b);
}
END_TEST

START_TEST(xmlsafe_strips_netconf_10_framing)
{
	struct fa_buf b = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	xmlDocPtr doc = NULL;
	char *sid;

	fa_test_read(fa_test_fixture("scrapli__scrapli_netconf/extracted/"
				     "conftest__SERVER_CAPABILITIES_1_0_L24.xml"),
		     &b);
	ck_assert_msg(strstr(b.buf, "]]>]]>") != NULL, "The real capture ends with ]]>]]>.");
	ck_assert_msg(fa_xml_parse(b.buf, b.len, "hello", &doc, &err) == 0,
		      "A hello with the 1.0 end-of-message marker parses (%s).", err.msg);
	sid = fa_xml_child_text(xmlDocGetRootElement(doc), "session-id");
	ck_assert_msg(sid && strcmp(sid, "151399960") == 0, "The session id is 151399960.");
	free(sid);
	xmlFreeDoc(doc);
	fa_buf_release(&b);
}
END_TEST

START_TEST(xmlsafe_takes_last_framed_message)
{
	const char *two = "<hello><session-id>1</session-id></hello>]]>]]>\n"
			  "<rpc-reply><ok/></rpc-reply>]]>]]>\n";
	struct fa_err err = FA_ERR_INIT;
	xmlDocPtr doc = NULL;

	ck_assert_int_eq(fa_xml_parse(two, strlen(two), "two", &doc, &err), 0);
	ck_assert_msg(fa_xml_is(xmlDocGetRootElement(doc), "rpc-reply"),
		      "Of a hello and a reply in one capture, the reply is parsed.");
	xmlFreeDoc(doc);
}
END_TEST

START_TEST(xmlsafe_dechunks_netconf_11)
{
	const char *chunked = "\n#17\n<rpc-reply><data>\n#28\n<x>42</x></data></rpc-reply>\n##\n";
	const char *broken = "\n#99\n<rpc-reply/>\n##\n";
	struct fa_err err = FA_ERR_INIT;
	xmlDocPtr doc = NULL;
	char *x;

	ck_assert_msg(fa_xml_parse(chunked, strlen(chunked), "c", &doc, &err) == 0,
		      "A 1.1 chunked reply parses (%s).", err.msg);
	x = fa_xml_child_text(fa_xml_find(xmlDocGetRootElement(doc), "data"), "x");
	ck_assert_msg(x && strcmp(x, "42") == 0, "Chunks are joined in order.");
	free(x);
	xmlFreeDoc(doc);
	doc = NULL;
	ck_assert_msg(fa_xml_parse(broken, strlen(broken), "c", &doc, &err) == -FA_EPARSE,
		      "A chunk longer than the data left is refused.");
	ck_assert_msg(strstr(err.msg, "truncated") != NULL, "The error says the chunk is cut.");
}
END_TEST

START_TEST(xmlsafe_refuses_xxe)
{
	struct fa_err err = FA_ERR_INIT;
	xmlDocPtr doc = NULL;
	double t0 = fa_now();

	ck_assert_int_eq(fa_xml_parse(fa_xxe, strlen(fa_xxe), "xxe", &doc, &err), -FA_EPARSE);
	ck_assert_msg(doc == NULL, "No document comes out of an XXE payload.");
	ck_assert_msg(strstr(err.msg, "DOCTYPE") != NULL, "The error names the DOCTYPE (got '%s').",
		      err.msg);
	ck_assert_msg(fa_now() - t0 < 0.5, "The XXE payload is refused at once.");
}
END_TEST

START_TEST(xmlsafe_refuses_billion_laughs)
{
	struct fa_err err = FA_ERR_INIT;
	xmlDocPtr doc = NULL;
	long rss0 = fa_maxrss_kb();
	double t0 = fa_now();

	ck_assert_int_eq(fa_xml_parse(fa_laughs, strlen(fa_laughs), "lol", &doc, &err), -FA_EPARSE);
	ck_assert_msg(doc == NULL, "No document comes out of an entity bomb.");
	ck_assert_msg(fa_now() - t0 < 0.5, "The entity bomb is refused in under half a second.");
	ck_assert_msg(fa_maxrss_kb() - rss0 < 16 * 1024,
		      "Refusing the entity bomb grows peak memory by under 16 MiB.");
}
END_TEST

START_TEST(xmlsafe_refuses_entity_without_doctype)
{
	const char *bare = "<!ENTITY x \"y\"><rpc-reply/>";
	struct fa_err err = FA_ERR_INIT;
	xmlDocPtr doc = NULL;

	ck_assert_int_eq(fa_xml_parse(bare, strlen(bare), "e", &doc, &err), -FA_EPARSE);
	ck_assert_msg(doc == NULL, "An entity declaration alone is refused.");
}
END_TEST

START_TEST(xmlsafe_reports_malformed_quietly)
{
	const char *bad = "<rpc-reply>\n  <a>\n</rpc-reply>\n";
	struct fa_err err = FA_ERR_INIT;
	xmlDocPtr doc = NULL;
	char path[] = "/tmp/fa-xmlsafe-XXXXXX";
	int fd = mkstemp(path), saved = dup(2);
	off_t size;

	ck_assert_msg(fd >= 0 && saved >= 0, "A temporary file for stderr can be made.");
	dup2(fd, 2);
	ck_assert_int_eq(fa_xml_parse(bad, strlen(bad), "bad.xml", &doc, &err), -FA_EPARSE);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	size = lseek(fd, 0, SEEK_END);
	close(fd);
	unlink(path);
	ck_assert_msg(size == 0, "libxml2 writes nothing to stderr (%lld bytes).", (long long)size);
	ck_assert_msg(strcmp(err.source, "bad.xml") == 0, "The error names its source.");
	ck_assert_msg(err.line == 3, "The mismatch is reported on line 3, not %d.", err.line);
	ck_assert_msg(strstr(err.msg, "XML:") == err.msg, "The message is libxml2's, prefixed.");
}
END_TEST

static int fa_test_handler_calls;

#if LIBXML_VERSION >= 21200
static void fa_test_serror(void *ctx, const xmlError *e)
#else
static void fa_test_serror(void *ctx, xmlErrorPtr e)
#endif
{
	(void)ctx;
	(void)e;
	fa_test_handler_calls++;
}

START_TEST(xmlsafe_restores_error_handlers)
{
	const char *bad = "<a><b></a>";
	struct fa_err err = FA_ERR_INIT;
	xmlDocPtr doc = NULL;
	int marker = 7;

	xmlSetStructuredErrorFunc(&marker, fa_test_serror);
	ck_assert_int_eq(fa_xml_parse(bad, strlen(bad), "b", &doc, &err), -FA_EPARSE);
	ck_assert_msg(xmlStructuredError == fa_test_serror,
		      "The caller's structured handler is back after the call.");
	ck_assert_msg(xmlStructuredErrorContext == &marker,
		      "The caller's handler context is back after the call.");
	ck_assert_msg(fa_test_handler_calls == 0,
		      "The caller's handler did not see the parse's errors.");
	xmlSetStructuredErrorFunc(NULL, NULL);
}
END_TEST

START_TEST(xmlsafe_refuses_empty_truncated_and_oversize)
{
	struct fa_buf b = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	xmlDocPtr doc = NULL;
	char *big;

	ck_assert_int_eq(fa_xml_parse("", 0, "e", &doc, &err), -FA_EPARSE);
	ck_assert_int_eq(fa_xml_parse("  \n ]]>]]>\n", 11, "e", &doc, &err), -FA_EPARSE);
	fa_test_read(fa_test_fixture("Juniper__py-junos-eznc/tests/unit/factory/rpc-reply/"
				     "get-interface-information.xml"),
		     &b);
	ck_assert_int_eq(fa_xml_parse(b.buf, b.len / 2, "half", &doc, &err), -FA_EPARSE);
	ck_assert_msg(doc == NULL, "Half a reply gives no document.");
	big = calloc(1, FA_XML_MAX + 1);
	ck_assert_int_eq(fa_xml_parse(big, FA_XML_MAX + 1, "big", &doc, &err), -FA_ETOOBIG);
	free(big);
	fa_buf_release(&b);
}
END_TEST

START_TEST(xmlsafe_bounds_nesting_depth)
{
	struct fa_buf b = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	xmlDocPtr doc = NULL;
	double t0 = fa_now();
	int i;

	for (i = 0; i < 100000; i++)
		fa_buf_adds(&b, "<a>");
	ck_assert_int_eq(fa_xml_parse(b.buf, b.len, "deep", &doc, &err), -FA_EPARSE);
	ck_assert_msg(fa_now() - t0 < 2.0, "100000 nested elements are refused quickly.");
	fa_buf_release(&b);
}
END_TEST

Suite *fa_xmlsafe_suite(void)
{
	Suite *s = suite_create("xmlsafe");
	TCase *tc = tcase_create("xmlsafe");

	tcase_add_test(tc, xmlsafe_parses_real_reply_by_local_name);
	tcase_add_test(tc, xmlsafe_handles_nc_prefix);
	tcase_add_test(tc, xmlsafe_strips_netconf_10_framing);
	tcase_add_test(tc, xmlsafe_takes_last_framed_message);
	tcase_add_test(tc, xmlsafe_dechunks_netconf_11);
	tcase_add_test(tc, xmlsafe_refuses_xxe);
	tcase_add_test(tc, xmlsafe_refuses_billion_laughs);
	tcase_add_test(tc, xmlsafe_refuses_entity_without_doctype);
	tcase_add_test(tc, xmlsafe_reports_malformed_quietly);
	tcase_add_test(tc, xmlsafe_restores_error_handlers);
	tcase_add_test(tc, xmlsafe_refuses_empty_truncated_and_oversize);
	tcase_add_test(tc, xmlsafe_bounds_nesting_depth);
	suite_add_tcase(s, tc);
	return s;
}
