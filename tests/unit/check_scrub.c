/* SPDX-License-Identifier: MIT */
/*
 * Secret scrubbing (drivers/scrub.h): real NX-OS and EOS configurations (tests/fixtures/scrub)
 * and hand-made lines of each kind in text, NVUE and SONiC JSON and Junos/OpenConfig XML.
 * Each secret is gone, the marker is in its place, and the rest stays as it was.
 */
#include "config.h"

#include <jansson.h>
#include <string.h>

#include "drivers/scrub.h"
#include "tests/unit/unit.h"

/* Scrub @in as @platform output into @out (a new buffer). */
static size_t fa_scrub_text(const char *platform, const char *in, struct fa_buf *out)
{
	fa_buf_init(out, 0);
	fa_buf_adds(out, in);
	return fa_scrub(platform, out);
}

static const struct {
	const char *platform, *in, *out;
} fa_scrub_lines_cases[] = {
	{ "eos", "username admin privilege 15 role network-admin secret sha512 $6$abc$def\n",
	  "username admin privilege 15 role network-admin secret sha512 <removed-secret>\n" },
	{ "eos", "enable password 7 0822455D0A16\n", "enable password 7 <removed-secret>\n" },
	{ "eos", "tacacs-server key 7 070C285F4D06\n", "tacacs-server key 7 <removed-secret>\n" },
	{ "nxos", "radius-server host 10.1.1.1 key 7 \"fewhg123\" authentication accounting\n",
	  "radius-server host 10.1.1.1 key 7 \"<removed-secret>\" authentication accounting\n" },
	{ "nxos", "tacacs-server host 10.1.1.2 key 0 tacsecret99\n",
	  "tacacs-server host 10.1.1.2 key 0 <removed-secret>\n" },
	{ "onyx", "snmp-server community public123 ro\n",
	  "snmp-server community <removed-secret> ro\n" },
	{ "eos", "snmp-server host 10.0.0.9 traps version 2c trapcomm77\n",
	  "snmp-server host 10.0.0.9 traps version 2c <removed-secret>\n" },
	{ "eos", "snmp-server user ops g3 v3 localized 0000abcd auth sha 7aa11 priv aes 7bb22\n",
	  "snmp-server user ops g3 v3 localized 0000abcd auth sha <removed-secret> priv aes "
	  "<removed-secret>\n" },
	{ "eos", "   neighbor 10.0.0.1 password 7 bgpSecret1\n",
	  "   neighbor 10.0.0.1 password 7 <removed-secret>\n" },
	{ "nxos", "  ip ospf message-digest-key 1 md5 3 ospfkey55\n",
	  "  ip ospf message-digest-key 1 md5 3 <removed-secret>\n" },
	{ "nxos", "  ip ospf authentication-key 7 ospfplain\n",
	  "  ip ospf authentication-key 7 <removed-secret>\n" },
	{ "nxos", "ntp authentication-key 1 md5 ntpkey42 7\n",
	  "ntp authentication-key 1 md5 <removed-secret> 7\n" },
	{ "eos", "   key-string 7 keychainsecret\n", "   key-string 7 <removed-secret>\n" },
	{ "linux", "Authorization: Bearer eyJhbGciOi.abc-def_1\n",
	  "Authorization: Bearer <removed-secret>\n" },
	{ "linux", "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\n-----END RSA PRIVATE KEY-----\n",
	  "-----BEGIN RSA PRIVATE KEY-----<removed-secret>-----END RSA PRIVATE KEY-----\n" },
	/* what must stay */
	{ "eos", "interface Ethernet1\n   mtu 9214\n   priority-flow-control on\n",
	  "interface Ethernet1\n   mtu 9214\n   priority-flow-control on\n" },
	{ "linux", "snmp-server community linuxhost\n", "snmp-server community linuxhost\n" },
};

START_TEST(scrub_lines)
{
	struct fa_buf out;

	fa_scrub_text(fa_scrub_lines_cases[_i].platform, fa_scrub_lines_cases[_i].in, &out);
	ck_assert_msg(strcmp(out.buf, fa_scrub_lines_cases[_i].out) == 0,
		      "'%s' scrubs to '%s', got '%s'.", fa_scrub_lines_cases[_i].in,
		      fa_scrub_lines_cases[_i].out, out.buf);
	/* idempotent: scrubbing a scrubbed output changes nothing */
	ck_assert_msg(fa_scrub(fa_scrub_lines_cases[_i].platform, &out) == 0,
		      "A scrubbed output is left as it is: '%s'.", out.buf);
	fa_buf_release(&out);
}
END_TEST

/* Every secret of the real configuration is gone, and no line without one changed. */
static void fa_scrub_fixture(const char *platform, const char *rel, const char *const *secrets,
			     size_t nsecrets, size_t changed)
{
	struct fa_buf in = FA_BUF_INIT, out;
	const char *a, *b;
	size_t i, diff = 0;

	fa_test_read(fa_test_srcfile(rel), &in);
	fa_scrub_text(platform, in.buf, &out);
	for (i = 0; i < nsecrets; i++)
		ck_assert_msg(!strstr(out.buf, secrets[i]), "%s: '%s' is removed.", rel,
			      secrets[i]);
	/* compare line by line: only the lines that held a secret differ */
	for (a = in.buf, b = out.buf; *a && *b;) {
		size_t la = strcspn(a, "\n"), lb = strcspn(b, "\n");

		if (la != lb || memcmp(a, b, la) != 0) {
			diff++;
			ck_assert_msg(strstr(b, FA_SCRUB_MARKER) &&
					      (size_t)(strstr(b, FA_SCRUB_MARKER) - b) < lb,
				      "%s: a changed line holds the marker: %.*s", rel, (int)lb, b);
		}
		a += la + (a[la] ? 1 : 0);
		b += lb + (b[lb] ? 1 : 0);
	}
	ck_assert_msg(diff == changed, "%s: %zu lines changed, expected %zu.", rel, diff, changed);
	fa_buf_release(&in);
	fa_buf_release(&out);
}

START_TEST(scrub_nxos_running_config)
{
	static const char *const secrets[] = {
		"$5$aH4ttsPk$kNH7qXBaegskBUekuymPzaL5Q0Vh/mQVSdw4tQ0AcU7",
		"$5$tGpa9bmJ$7I3Bg.0yqiweZ09vmj.gb7Q2antjGVs9J0nWSawvP/4",
		"0xd1e3bf7019f3a9c3ee4dccd381f0e4f3", "0x9e902c388e9b4c616e7c7c98d1079325",
		"bogus123",
	};

	/*
	 * two users, two SNMP v3 users, one community: 5 lines; "no password strength-check"
	 * and "passphrase lifetime 99999" hold options, not secrets, and stay
	 */
	fa_scrub_fixture("nxos", "tests/fixtures/scrub/nxos-show-running-config.txt", secrets,
			 sizeof(secrets) / sizeof(secrets[0]), 5);
}
END_TEST

START_TEST(scrub_eos_running_config)
{
	static const char *const secrets[] = {
		"$1$zr7sHZaW$WagNykw1d5wjy4ZhtMgUS/", "$1$VoQBHXed$4z2.EoAeoIY2SFme/Pz3Q/",
		"$1$l/6gq.Qs$ifURvKWUYzLm0RqmRgr.W1",
	};

	fa_scrub_fixture("eos", "tests/fixtures/scrub/eos-show-running-config.txt", secrets,
			 sizeof(secrets) / sizeof(secrets[0]), 3);
}
END_TEST

START_TEST(scrub_nvue_json)
{
	/* the shape of "nv config show -o json": local users, TACACS+, SNMP, BGP */
	static const char in[] =
		"[{\"header\": {\"model\": \"vx\"}}, {\"set\": {\"system\": {\"aaa\": {"
		"\"user\": {\"cumulus\": {\"hashed-password\": \"$6$rounds=5000$salt$hash\", "
		"\"role\": \"system-admin\"}}, \"tacacs\": {\"server\": {\"1\": {\"host\": "
		"\"10.0.0.5\", \"secret\": \"tacTop\\\"Secret\"}}}}}, \"service\": {\"snmp-server\": {"
		"\"readonly-community\": {\"commRO1\": {\"access\": {\"any\": {}}}, \"commRO2\": {}},"
		" \"username\": {\"ops\": {\"auth-sha\": {\"authKey9\": {\"encrypt-aes\": "
		"{\"privKey9\": {}}}}}}}}, \"vrf\": {\"default\": {\"router\": {\"bgp\": {"
		"\"neighbor\": {\"10.0.0.1\": {\"password\": \"bgpPw\", \"remote-as\": 65001}}}}}},"
		" \"interface\": {\"swp1\": {\"link\": {\"mtu\": 9216}}}}}]";
	static const char *const secrets[] = { "$6$rounds", "tacTop", "commRO1", "commRO2",
					       "authKey9", "privKey9", "bgpPw" };
	struct fa_buf out;
	json_error_t jerr;
	json_t *v;
	size_t i;

	fa_scrub_text("cumulus", in, &out);
	for (i = 0; i < sizeof(secrets) / sizeof(secrets[0]); i++)
		ck_assert_msg(!strstr(out.buf, secrets[i]), "NVUE JSON: '%s' is removed.",
			      secrets[i]);
	v = json_loads(out.buf, JSON_REJECT_DUPLICATES, &jerr);
	ck_assert_msg(v != NULL, "Scrubbed NVUE JSON is still JSON (%s): %s", jerr.text, out.buf);
	ck_assert_msg(json_integer_value(json_object_get(json_object_get(json_object_get(
			      json_object_get(json_object_get(json_array_get(v, 1), "set"),
					      "interface"), "swp1"), "link"), "mtu")) == 9216,
		      "Values beside the secrets are kept.");
	ck_assert_msg(strstr(out.buf, "\"role\": \"system-admin\"") &&
		      strstr(out.buf, "\"host\": \"10.0.0.5\"") &&
		      strstr(out.buf, "\"remote-as\": 65001"), "Other members are unchanged.");
	json_decref(v);
	fa_buf_release(&out);
}
END_TEST

START_TEST(scrub_sonic_config_db)
{
	static const char in[] =
		"{\"TACPLUS\": {\"global\": {\"passkey\": \"sonicTac1\", \"timeout\": \"5\"}},\n"
		" \"RADIUS_SERVER\": {\"10.1.1.1\": {\"passkey\": \"sonicRad1\"}},\n"
		" \"SNMP_COMMUNITY\": {\"sonicComm\": {\"TYPE\": \"RO\"}},\n"
		" \"SNMP_USER\": {\"u1\": {\"SNMP_USER_AUTH_PASSWORD\": \"sonicAuth\", "
		"\"SNMP_USER_ENCRYPTION_PASSWORD\": \"sonicPriv\"}},\n"
		" \"BGP_NEIGHBOR\": {\"10.0.0.1\": {\"password\": \"sonicBgp\", \"asn\": \"65100\"}},\n"
		" \"PORT\": {\"Ethernet0\": {\"mtu\": \"9100\", \"speed\": \"400000\"}}}\n";
	static const char *const secrets[] = { "sonicTac1", "sonicRad1", "sonicComm", "sonicAuth",
					       "sonicPriv", "sonicBgp" };
	struct fa_buf out;
	json_error_t jerr;
	json_t *v;
	size_t i;

	fa_scrub_text("sonic", in, &out);
	for (i = 0; i < sizeof(secrets) / sizeof(secrets[0]); i++)
		ck_assert_msg(!strstr(out.buf, secrets[i]), "config_db: '%s' is removed.",
			      secrets[i]);
	v = json_loads(out.buf, JSON_REJECT_DUPLICATES, &jerr);
	ck_assert_msg(v != NULL, "Scrubbed config_db is still JSON (%s).", jerr.text);
	ck_assert_msg(strstr(out.buf, "\"Ethernet0\": {\"mtu\": \"9100\", \"speed\": \"400000\"}") &&
		      strstr(out.buf, "\"timeout\": \"5\"") &&
		      strstr(out.buf, "\"asn\": \"65100\""), "What is not secret is unchanged.");
	json_decref(v);
	fa_buf_release(&out);
}
END_TEST

START_TEST(scrub_xml)
{
	static const char in[] =
		"<rpc-reply><configuration><system><root-authentication><encrypted-password>"
		"$6$junosHash</encrypted-password></root-authentication></system><snmp><community>"
		"<name>junosComm</name><authorization>read-only</authorization></community></snmp>"
		"<interfaces><interface><name>et-0/0/0</name><mtu>9216</mtu></interface>"
		"</interfaces><oc:server><oc:secret-key>ocTacKey</oc:secret-key></oc:server>"
		"</configuration></rpc-reply>";
	struct fa_buf out;

	fa_scrub_text("junos", in, &out);
	ck_assert_msg(!strstr(out.buf, "junosHash") && !strstr(out.buf, "junosComm") &&
		      !strstr(out.buf, "ocTacKey"), "XML secrets are removed: %s", out.buf);
	ck_assert_msg(strstr(out.buf, "<encrypted-password>&lt;removed-secret&gt;"
				      "</encrypted-password>") &&
		      strstr(out.buf, "<name>et-0/0/0</name><mtu>9216</mtu>") &&
		      strstr(out.buf, "<authorization>read-only</authorization>"),
		      "The marker is escaped XML and the rest is unchanged: %s", out.buf);
	fa_buf_release(&out);
}
END_TEST

Suite *fa_scrub_suite(void)
{
	Suite *s = suite_create("scrub");
	TCase *tc = tcase_create("scrub");

	tcase_add_loop_test(tc, scrub_lines, 0,
			    sizeof(fa_scrub_lines_cases) / sizeof(fa_scrub_lines_cases[0]));
	tcase_add_test(tc, scrub_nxos_running_config);
	tcase_add_test(tc, scrub_eos_running_config);
	tcase_add_test(tc, scrub_nvue_json);
	tcase_add_test(tc, scrub_sonic_config_db);
	tcase_add_test(tc, scrub_xml);
	suite_add_tcase(s, tc);
	return s;
}
