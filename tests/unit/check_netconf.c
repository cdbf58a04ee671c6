/* SPDX-License-Identifier: MIT */
/*
 * NETCONF protocol: framing (base:1.0 and 1.1, byte by byte, broken and oversized), hello and
 * reply checks on recorded netconfd and published replies, a whole session against a
 * scripted stream (timeout, size cap, out-of-step replies), hostile XML (XXE, billion laughs)
 * refused in bounded time, and the collector's read-only guard.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "audit/util/buf.h"
#include "drivers/collector.h"
#include "drivers/transport/netconf.h"
#include "tests/unit/unit.h"
#include "audit/util/banned.h"

#define NCFIX "tests/fixtures/netconf/"

static double fa_t_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

START_TEST(netconf_frame_eom_splits_messages)
{
	struct fa_buf in = FA_BUF_INIT, msg = FA_BUF_INIT;

	fa_buf_adds(&in, "<a/>]]>]]>\n<b/>]]>]]><c");
	ck_assert_msg(fa_netconf_frame_take(&in, false, 0, &msg, NULL) == 1,
		      "The first of two 1.0-framed messages is taken.");
	ck_assert_msg(strcmp(msg.buf, "<a/>") == 0, "The first message is exactly '<a/>'.");
	fa_buf_reset(&msg);
	ck_assert_msg(fa_netconf_frame_take(&in, false, 0, &msg, NULL) == 1,
		      "The second message is taken.");
	ck_assert_msg(strcmp(msg.buf, "<b/>") == 0,
		      "The newline between messages is not part of the second message.");
	fa_buf_reset(&msg);
	ck_assert_msg(fa_netconf_frame_take(&in, false, 0, &msg, NULL) == 0,
		      "A message without its end marker is not complete yet.");
	ck_assert_msg(strcmp(in.buf, "<c") == 0, "The incomplete rest stays in the input.");
	fa_buf_release(&in);
	fa_buf_release(&msg);
}
END_TEST

/* The example of RFC 6242 section 4.2, one <rpc> in chunks of 4 and 18 bytes. */
static const char fa_rfc6242[] = "\n#4\n<rpc\n#18\n message-id=\"102\"\n\n#79\n"
				 "     xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\">\n"
				 "  <close-session/>\n</rpc>\n##\n";

START_TEST(netconf_frame_chunked_byte_by_byte)
{
	struct fa_buf in = FA_BUF_INIT, msg = FA_BUF_INIT;
	size_t i, n = strlen(fa_rfc6242);
	int r = 0;

	for (i = 0; i < n; i++) {
		fa_buf_add(&in, fa_rfc6242 + i, 1);
		r = fa_netconf_frame_take(&in, true, 0, &msg, NULL);
		if (i + 1 < n)
			ck_assert_msg(r == 0, "No message is complete before the last byte "
				      "(byte %zu returned %d).", i, r);
	}
	ck_assert_msg(r == 1, "The RFC 6242 example is one complete message.");
	ck_assert_msg(strncmp(msg.buf, "<rpc message-id=\"102\"\n", 22) == 0 &&
		      strstr(msg.buf, "<close-session/>") && msg.len == 4 + 18 + 79,
		      "The chunks are joined without their headers (got %zu bytes: %s).", msg.len,
		      msg.buf);
	ck_assert_msg(in.len == 0, "Nothing is left after the end-of-chunks marker.");
	fa_buf_release(&in);
	fa_buf_release(&msg);
}
END_TEST

START_TEST(netconf_frame_chunked_rejects_bad_framing)
{
	static const char *const bad[] = {
		"\n#04\n<rpc\n##\n",		/* leading zero */
		"\n#0\n\n##\n",			/* zero size */
		"\n#12345678901\nx",		/* eleven digits */
		"\n#4294967296\nx",		/* over the RFC maximum */
		"\n#4\n<rpcX#2\nab\n##\n",	/* no LF before the next chunk */
		"\n#x\n",			/* not a number */
		"<rpc/>]]>]]>",			/* 1.0 framing on a 1.1 session */
		"\n##\n",			/* end of chunks with no chunk */
	};
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct fa_buf in = FA_BUF_INIT, msg = FA_BUF_INIT;
		struct fa_err err = FA_ERR_INIT;
		int r;

		fa_buf_adds(&in, bad[i]);
		r = fa_netconf_frame_take(&in, true, 0, &msg, &err);
		ck_assert_msg(r == -FA_EPARSE && strstr(err.msg, "chunked framing"),
			      "Bad chunk framing #%zu is a framing error (got %d: %s).", i, r, err.msg);
		fa_buf_release(&in);
		fa_buf_release(&msg);
	}
}
END_TEST

START_TEST(netconf_frame_cap_is_enforced_before_data_arrives)
{
	struct fa_buf in = FA_BUF_INIT, msg = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	int r;

	/* A header announcing 4 GB: refused on the header, nothing is waited for or stored. */
	fa_buf_adds(&in, "\n#4000000000\n<rpc-reply");
	r = fa_netconf_frame_take(&in, true, 1024, &msg, &err);
	ck_assert_msg(r == -FA_ETOOBIG, "A chunk larger than the cap is refused at its header "
		      "(got %d).", r);
	fa_buf_reset(&in);
	/* 1.0: no end marker in more than the cap. */
	for (int i = 0; i < 200; i++)
		fa_buf_adds(&in, "<x>0123456789</x>");
	r = fa_netconf_frame_take(&in, false, 1024, &msg, &err);
	ck_assert_msg(r == -FA_ETOOBIG, "1.0 input past the cap without an end marker is refused "
		      "(got %d).", r);
	ck_assert_msg(msg.len == 0, "Nothing of an oversized message is returned.");
	fa_buf_release(&in);
	fa_buf_release(&msg);
}
END_TEST

START_TEST(netconf_frame_put_round_trips)
{
	struct fa_buf out = FA_BUF_INIT, msg = FA_BUF_INIT;

	fa_netconf_frame_put("<rpc/>", 6, true, &out);
	ck_assert_msg(strcmp(out.buf, "\n#6\n<rpc/>\n##\n") == 0,
		      "A 1.1 message is one chunk and the end marker (got '%s').", out.buf);
	ck_assert_msg(fa_netconf_frame_take(&out, true, 0, &msg, NULL) == 1 &&
		      strcmp(msg.buf, "<rpc/>") == 0, "A framed message reads back unchanged.");
	fa_buf_reset(&out);
	fa_netconf_frame_put("<rpc/>", 6, false, &out);
	ck_assert_msg(strcmp(out.buf, "<rpc/>]]>]]>") == 0, "A 1.0 message ends in ]]>]]>.");
	fa_buf_release(&out);
	fa_buf_release(&msg);
}
END_TEST

START_TEST(netconf_hello_of_netconfd_and_iosxe)
{
	struct fa_buf b = FA_BUF_INIT;
	char **caps = NULL;
	size_t n = 0, i;
	unsigned long sid = 0;
	bool b11 = false;
	int r;

	fa_test_read(fa_test_srcfile(NCFIX "netconfd-hello.xml"), &b);
	r = fa_netconf_hello_parse(b.buf, b.len, &caps, &n, &sid, NULL);
	ck_assert_msg(r == 0, "The recorded netconfd hello is read (got %d).", r);
	ck_assert_msg(n == 44 && sid == 1, "netconfd lists 44 capabilities and session-id 1 (got "
		      "%zu, %lu).", n, sid);
	for (i = 0; i < n; i++)
		b11 |= strcmp(caps[i], FA_NETCONF_BASE11) == 0;
	ck_assert_msg(b11, "netconfd offers base:1.1.");
	fa_netconf_strv_free(caps, n);
	fa_buf_reset(&b);
	fa_test_read(fa_test_fixture("scrapli__scrapli_netconf/extracted/"
				     "conftest__SERVER_CAPABILITIES_1_1_L56.xml"), &b);
	r = fa_netconf_hello_parse(b.buf, b.len, &caps, &n, &sid, NULL);
	ck_assert_msg(r == 0 && sid == 3671877071UL,
		      "The published IOS-XE hello has session-id 3671877071 (got %d, %lu).", r,
		      sid);
	ck_assert_msg(strcmp(caps[0], FA_NETCONF_BASE11) == 0,
		      "Its first capability is base:1.1.");
	fa_netconf_strv_free(caps, n);
	fa_buf_release(&b);
}
END_TEST

START_TEST(netconf_hello_rejects_bad_hellos)
{
	static const char *const bad[] = {
		"<hello xmlns=\"" FA_NETCONF_NS "\"><capabilities><capability>" FA_NETCONF_BASE10
		"</capability></capabilities></hello>",	/* no session-id */
		"<hello xmlns=\"" FA_NETCONF_NS "\"><capabilities/><session-id>4</session-id>"
		"</hello>",				/* no capability */
		"<hello><capabilities><capability>x</capability></capabilities><session-id>4"
		"</session-id></hello>",		/* no namespace */
		"<rpc-reply xmlns=\"" FA_NETCONF_NS "\"/>",
		"<hello xmlns=\"" FA_NETCONF_NS "\"><capabilities><capability>x</capability>"
		"</capabilities><session-id>-1</session-id></hello>",
		"",
		"<hello",
	};
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char **caps = NULL;
		size_t n = 0;
		unsigned long sid = 0;
		int r = fa_netconf_hello_parse(bad[i], strlen(bad[i]), &caps, &n, &sid, NULL);

		ck_assert_msg(r == -FA_EPARSE, "Bad hello #%zu is refused (got %d).", i, r);
	}
}
END_TEST

START_TEST(netconf_reply_check_real_replies)
{
	struct fa_buf b = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	int r;

	fa_test_read(fa_test_srcfile(NCFIX "netconfd-get-interfaces.xml"), &b);
	r = fa_netconf_reply_check(b.buf, b.len, 2, &err);
	ck_assert_msg(r == 0, "netconfd's reply to message 2 is accepted (%s).", err.msg);
	r = fa_netconf_reply_check(b.buf, b.len, 3, &err);
	ck_assert_msg(r == -FA_EPARSE && strstr(err.msg, "out of step"),
		      "A reply to another message-id is refused as out of step (%d: %s).", r,
		      err.msg);
	fa_buf_reset(&b);
	fa_test_read(fa_test_srcfile(NCFIX "netconfd-rpc-error.xml"), &b);
	r = fa_netconf_reply_check(b.buf, b.len, 1, &err);
	ck_assert_msg(r == -FA_ECMD, "netconfd's rpc-error fails the RPC (got %d).", r);
	ck_assert_msg(strstr(err.msg, "invalid-value: pattern match failed") &&
		      strstr(err.msg, "mac-address"),
		      "The error names the tag, message and path (got '%s').", err.msg);
	fa_buf_reset(&b);
	fa_test_read(fa_test_fixture("scrapli__scrapli_netconf/tests/test_data/expected/"
				     "cisco_iosxe_1_1/get_config"), &b);
	ck_assert_msg(fa_netconf_reply_check(b.buf, b.len, 101, NULL) == 0,
		      "The published IOS-XE get-config reply (message-id 101) is accepted.");
	fa_buf_release(&b);
}
END_TEST

START_TEST(netconf_reply_check_warnings_and_empty)
{
	static const char warn[] =
		"<rpc-reply message-id=\"5\" xmlns=\"" FA_NETCONF_NS "\"><rpc-error>"
		"<error-type>application</error-type><error-tag>operation-failed</error-tag>"
		"<error-severity>warning</error-severity></rpc-error><data/></rpc-reply>";
	static const char nothing[] = "<rpc-reply message-id=\"5\" xmlns=\"" FA_NETCONF_NS "\"/>";
	static const char noid[] = "<rpc-reply xmlns=\"" FA_NETCONF_NS "\"><ok/></rpc-reply>";

	ck_assert_msg(fa_netconf_reply_check(warn, strlen(warn), 5, NULL) == 0,
		      "An rpc-error of severity warning does not fail the RPC.");
	ck_assert_msg(fa_netconf_reply_check(nothing, strlen(nothing), 5, NULL) == -FA_EPARSE,
		      "A reply with neither data nor ok is refused.");
	ck_assert_msg(fa_netconf_reply_check(noid, strlen(noid), 5, NULL) == -FA_EPARSE,
		      "A reply without a message-id is refused.");
}
END_TEST

START_TEST(netconf_reply_refuses_xxe)
{
	static const char xxe[] =
		"<?xml version=\"1.0\"?>\n<!DOCTYPE r [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n"
		"<rpc-reply message-id=\"1\" xmlns=\"" FA_NETCONF_NS "\"><data>&x;</data>"
		"</rpc-reply>";
	struct fa_err err = FA_ERR_INIT;
	int r = fa_netconf_reply_check(xxe, strlen(xxe), 1, &err);

	ck_assert_msg(r == -FA_EPARSE && strstr(err.msg, "DOCTYPE"),
		      "A reply with an external entity is refused with a clear error (%d: %s).", r,
		      err.msg);
	ck_assert_msg(!strstr(err.msg, "root:"), "Nothing of the local file leaks into the error.");
}
END_TEST

START_TEST(netconf_reply_refuses_billion_laughs_quickly)
{
	struct fa_buf b = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	double t0;
	int r, i;

	fa_buf_adds(&b, "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n<!ENTITY lol \"lol\">\n");
	for (i = 1; i < 10; i++) {
		fa_buf_addf(&b, "<!ENTITY lol%d \"", i);
		for (int k = 0; k < 10; k++) {
			if (i == 1)
				fa_buf_adds(&b, "&lol;");
			else
				fa_buf_addf(&b, "&lol%d;", i - 1);
		}
		fa_buf_adds(&b, "\">\n");
	}
	fa_buf_adds(&b, "]>\n<rpc-reply message-id=\"1\" xmlns=\"" FA_NETCONF_NS "\"><data>"
		    "&lol9;</data></rpc-reply>");
	t0 = fa_t_now();
	r = fa_netconf_reply_check(b.buf, b.len, 1, &err);
	ck_assert_msg(r == -FA_EPARSE, "A billion-laughs reply is refused (got %d).", r);
	ck_assert_msg(fa_t_now() - t0 < 0.5, "It is refused in well under a second (%.3f s).",
		      fa_t_now() - t0);
	fa_buf_reset(&b);
	/* The same declarations inside 1.1 chunks are found after unframing. */
	{
		static const char p1[] = "<!DOCTYPE a [<!ENTITY b \"c\">";
		static const char p2[] = "]><rpc-reply>&b;</rpc-reply>";

		fa_buf_addf(&b, "\n#%zu\n%s\n#%zu\n%s\n##\n", strlen(p1), p1, strlen(p2), p2);
	}
	r = fa_netconf_reply_check(b.buf, b.len, 1, &err);
	ck_assert_msg(r == -FA_EPARSE, "A DOCTYPE split across chunks is still refused (%d).", r);
	fa_buf_release(&b);
}
END_TEST

/* A scripted server: what it says, and what the client wrote. */
struct fa_script {
	const char *said;
	size_t len, pos;
	size_t step;		/* bytes per read; 0 = all at once */
	struct fa_buf heard;
};

static int fa_script_read(void *ctx, char *buf, size_t size, int timeout_ms, struct fa_err *err)
{
	struct fa_script *s = ctx;
	size_t n = s->len - s->pos;
	struct timespec ts = { 0, 0 };

	if (n == 0) {
		/* Nothing more to say: wait as a quiet server would, a little at a time. */
		ts.tv_nsec = (timeout_ms < 50 ? timeout_ms : 50) * 1000000L;
		nanosleep(&ts, NULL);
		return 0;
	}
	if (s->step && n > s->step)
		n = s->step;
	if (n > size)
		n = size;
	memcpy(buf, s->said + s->pos, n);
	s->pos += n;
	return (int)n;
}

static int fa_script_write(void *ctx, const char *buf, size_t len, struct fa_err *err)
{
	struct fa_script *s = ctx;

	fa_buf_add(&s->heard, buf, len);
	return 0;
}

#define FA_T_HELLO11                                                                              \
	"<hello xmlns=\"" FA_NETCONF_NS "\"><capabilities><capability>" FA_NETCONF_BASE10        \
	"</capability><capability>" FA_NETCONF_BASE11 "</capability></capabilities>"             \
	"<session-id>9</session-id></hello>]]>]]>"

START_TEST(netconf_session_chunked_rpc)
{
	struct fa_script sc = { NULL, 0, 0, 7, FA_BUF_INIT };
	struct fa_netconf_io io = { fa_script_read, fa_script_write, &sc };
	struct fa_buf said = FA_BUF_INIT, reply = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	struct fa_netconf *nc = NULL;
	static const char body[] = "<rpc-reply message-id=\"1\" xmlns=\"" FA_NETCONF_NS "\">"
				   "<data><x>1</x></data></rpc-reply>";
	int r;

	fa_buf_adds(&said, FA_T_HELLO11);
	/* The reply in two chunks, read seven bytes at a time. */
	fa_buf_addf(&said, "\n#20\n%.20s\n#%zu\n%s\n##\n", body, strlen(body) - 20, body + 20);
	sc.said = said.buf;
	sc.len = said.len;
	r = fa_netconf_start(&io, 2, 1 << 20, &nc, &err);
	ck_assert_msg(r == 0, "A session starts on a scripted hello (%s).", err.msg);
	ck_assert_msg(fa_netconf_is_chunked(nc) && fa_netconf_session_id(nc) == 9,
		      "Both sides offer base:1.1, so chunked framing is chosen; session-id 9.");
	ck_assert_msg(fa_netconf_has_capability(nc, FA_NETCONF_BASE10) &&
		      !fa_netconf_has_capability(nc, "urn:ietf:params:netconf:base"),
		      "Capabilities are matched whole.");
	r = fa_netconf_rpc(nc, "<get/>", 2, &reply, &err);
	ck_assert_msg(r == 0, "The chunked reply is read and checked (%d: %s).", r, err.msg);
	ck_assert_msg(strcmp(reply.buf, body) == 0, "The reply is returned unframed.");
	ck_assert_msg(strstr(sc.heard.buf, FA_NETCONF_BASE11 "</capability></capabilities>"
				       "</hello>]]>]]>") != NULL,
		      "The client's hello offers base:1.1 and is 1.0-framed.");
	ck_assert_msg(strstr(sc.heard.buf, "\n##\n") && strstr(sc.heard.buf, "message-id=\"1\"") &&
		      strstr(sc.heard.buf, "><get/></rpc>"),
		      "The RPC goes out chunked with message-id 1.");
	fa_netconf_close(nc, 0);
	fa_buf_release(&sc.heard);
	fa_buf_release(&said);
	fa_buf_release(&reply);
}
END_TEST

START_TEST(netconf_session_timeout_cap_and_step)
{
	static const char hello10[] =
		"<hello xmlns=\"" FA_NETCONF_NS "\"><capabilities><capability>" FA_NETCONF_BASE10
		"</capability></capabilities><session-id>3</session-id></hello>]]>]]>";
	struct fa_script sc = { hello10, sizeof(hello10) - 1, 0, 0, FA_BUF_INIT };
	struct fa_netconf_io io = { fa_script_read, fa_script_write, &sc };
	struct fa_buf said = FA_BUF_INIT, reply = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	struct fa_netconf *nc = NULL;
	double t0;
	int r;

	ck_assert_msg(fa_netconf_start(&io, 2, 4096, &nc, &err) == 0 && !fa_netconf_is_chunked(nc),
		      "A base:1.0-only server gets end-of-message framing.");
	t0 = fa_t_now();
	r = fa_netconf_rpc(nc, "<get/>", 0.3, &reply, &err);
	ck_assert_msg(r == -FA_ETIMEOUT, "A server that never answers times out (%d).", r);
	ck_assert_msg(fa_t_now() - t0 < 1.5, "The timeout is kept (%.2f s for 0.3 s).",
		      fa_t_now() - t0);
	r = fa_netconf_rpc(nc, "<get/>", 0.3, &reply, &err);
	ck_assert_msg(r == -FA_EUNREACH, "After a timeout the session refuses more RPCs (%d).", r);
	fa_netconf_close(nc, 0);

	/* Over the cap. */
	fa_buf_adds(&said, hello10);
	fa_buf_adds(&said, "<rpc-reply message-id=\"1\" xmlns=\"" FA_NETCONF_NS "\"><data>");
	for (int i = 0; i < 1000; i++)
		fa_buf_adds(&said, "<x>0123456789</x>");
	fa_buf_adds(&said, "</data></rpc-reply>]]>]]>");
	sc.said = said.buf;
	sc.len = said.len;
	sc.pos = 0;
	ck_assert_msg(fa_netconf_start(&io, 2, 4096, &nc, &err) == 0, "The session restarts.");
	r = fa_netconf_rpc(nc, "<get/>", 2, &reply, &err);
	ck_assert_msg(r == -FA_ETOOBIG, "A reply over the cap is refused (%d: %s).", r, err.msg);
	fa_netconf_close(nc, 0);

	/* A reply to another message. */
	fa_buf_reset(&said);
	fa_buf_adds(&said, hello10);
	fa_buf_adds(&said, "<rpc-reply message-id=\"7\" xmlns=\"" FA_NETCONF_NS "\"><ok/>"
		    "</rpc-reply>]]>]]>");
	sc.said = said.buf;
	sc.len = said.len;
	sc.pos = 0;
	ck_assert_msg(fa_netconf_start(&io, 2, 4096, &nc, &err) == 0, "The session restarts.");
	r = fa_netconf_rpc(nc, "<get/>", 2, &reply, &err);
	ck_assert_msg(r == -FA_EPARSE, "A reply with the wrong message-id is refused (%d).", r);
	fa_netconf_close(nc, 0);

	/* No hello at all. */
	sc.said = "";
	sc.len = 0;
	sc.pos = 0;
	r = fa_netconf_start(&io, 0.2, 4096, &nc, &err);
	ck_assert_msg(r == -FA_ETIMEOUT && strstr(err.msg, "<hello>"),
		      "A silent server is a timeout naming the missing hello (%d: %s).", r, err.msg);
	fa_buf_release(&sc.heard);
	fa_buf_release(&said);
	fa_buf_release(&reply);
}
END_TEST

START_TEST(netconf_collector_refuses_writes)
{
	static const char *const ops[] = {
		"<edit-config><target><running/></target><config/></edit-config>",
		"<commit/>", "<lock><target><running/></target></lock>", "<kill-session/>",
		"<copy-config/>", "<getaway/>", "",
	};
	const struct fa_collector_ops *nc = fa_collector_find("netconf");
	struct fa_collect_limits lim = { .connect_timeout = 1, .command_timeout = 1, .max_output = 1024 };
	size_t i;

	ck_assert_msg(nc != NULL, "The netconf transport is built in.");
	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		struct fa_buf out = FA_BUF_INIT;
		struct fa_err err = FA_ERR_INIT;
		int ex = -1;
		int r = nc->exec(NULL, ops[i], &lim, &out, &ex, &err);

		ck_assert_msg(r == -FA_EINVAL && strstr(err.msg, "refusing"),
			      "'%s' is refused before anything is sent (%d).", ops[i], r);
		fa_buf_release(&out);
	}
	ck_assert_msg(nc->format == FA_CAPTURE_XML, "NETCONF answers are saved as .xml.");
}
END_TEST

Suite *fa_netconf_suite(void)
{
	Suite *s = suite_create("netconf");
	TCase *tc = tcase_create("netconf");

	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, netconf_frame_eom_splits_messages);
	tcase_add_test(tc, netconf_frame_chunked_byte_by_byte);
	tcase_add_test(tc, netconf_frame_chunked_rejects_bad_framing);
	tcase_add_test(tc, netconf_frame_cap_is_enforced_before_data_arrives);
	tcase_add_test(tc, netconf_frame_put_round_trips);
	tcase_add_test(tc, netconf_hello_of_netconfd_and_iosxe);
	tcase_add_test(tc, netconf_hello_rejects_bad_hellos);
	tcase_add_test(tc, netconf_reply_check_real_replies);
	tcase_add_test(tc, netconf_reply_check_warnings_and_empty);
	tcase_add_test(tc, netconf_reply_refuses_xxe);
	tcase_add_test(tc, netconf_reply_refuses_billion_laughs_quickly);
	tcase_add_test(tc, netconf_session_chunked_rpc);
	tcase_add_test(tc, netconf_session_timeout_cap_and_step);
	tcase_add_test(tc, netconf_collector_refuses_writes);
	suite_add_tcase(s, tc);
	return s;
}
