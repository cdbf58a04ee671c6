/* SPDX-License-Identifier: MIT */
/*
 * The SSH collector without a network: the registry, the new error code, and how a session
 * that cannot be set up fails.  A ProxyCommand that exits at once stands in for a device
 * that closes the connection, so nothing leaves this process tree.  Real servers are
 * exercised by tests/integration/t2101-t2105 (tests/emulator).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "audit/util/err.h"
#include "drivers/collector.h"
#include "inventory/inventory.h"
#include "tests/unit/unit.h"

#ifdef HAVE_LIBSSH

/* A folder with an ssh configuration whose ProxyCommand is @proxy. */
static void write_config(char *dir, size_t size, const char *proxy, char *ret_path,
			 size_t psize)
{
	FILE *f;

	snprintf(dir, size, "/tmp/fa-check-ssh.XXXXXX");
	ck_assert_msg(mkdtemp(dir) != NULL, "A temporary folder can be made.");
	snprintf(ret_path, psize, "%s/ssh_config", dir);
	f = fopen(ret_path, "w");
	ck_assert_msg(f != NULL, "The test ssh configuration can be written.");
	fprintf(f, "Host *\n    ProxyCommand %s\n", proxy);
	fclose(f);
}

static void remove_config(const char *dir, const char *path)
{
	char kh[4200];

	snprintf(kh, sizeof(kh), "%s/known_hosts", dir);
	unlink(kh);
	unlink(path);
	rmdir(dir);
}

START_TEST(collector_ssh_is_registered)
{
	const struct fa_collector_ops *ops = fa_collector_find("ssh");

	ck_assert_msg(ops == &fa_collector_ssh, "The ssh transport finds the SSH collector.");
	ck_assert_msg(ops->open && ops->exec && ops->close, "The SSH collector has every op.");
}
END_TEST

START_TEST(collector_ssh_changed_key_has_its_own_code)
{
	ck_assert_msg(strcmp(fa_strerror(-FA_EHOSTKEY_CHANGED), "host key changed") == 0,
		      "A changed host key has its own error text.");
	ck_assert_msg(FA_EHOSTKEY_CHANGED != FA_EHOSTKEY,
		      "A changed host key is told apart from an unknown one.");
}
END_TEST

START_TEST(collector_ssh_reset_connection_is_unreachable)
{
	struct fa_inv_device dev;
	struct fa_collect_limits lim;
	struct fa_err err = FA_ERR_INIT;
	char dir[64], cfg[128], kh[128];
	void *session = NULL;
	int r;

	write_config(dir, sizeof(dir), "exec /bin/true", cfg, sizeof(cfg));
	snprintf(kh, sizeof(kh), "%s/known_hosts", dir);
	memset(&dev, 0, sizeof(dev));
	memset(&lim, 0, sizeof(lim));
	dev.name = (char *)"leaf01";
	dev.address = (char *)"leaf01.invalid";
	dev.user = (char *)"audit";
	dev.port = 22;
	dev.password_env = (char *)"FA_CHECK_SSH_PASSWORD";
	setenv("FA_CHECK_SSH_PASSWORD", "s3cret-check-value", 1);
	lim.connect_timeout = 5;
	lim.command_timeout = 5;
	lim.ssh_config = cfg;
	lim.known_hosts = kh;
	r = fa_collector_ssh.open(&dev, &lim, &session, &err);
	ck_assert_msg(r == -FA_EUNREACH,
		      "A device that drops the connection at once is unreachable (got %d: %s).", r,
		      err.msg);
	ck_assert_msg(session == NULL, "A session that failed to open is not handed out.");
	ck_assert_msg(strstr(err.msg, "audit@leaf01.invalid:22") != NULL,
		      "The error names user, address and port (%s).", err.msg);
	ck_assert_msg(strstr(err.msg, "3 attempts") != NULL,
		      "A connection reset before the SSH banner is tried 3 times in all (%s).",
		      err.msg);
	ck_assert_msg(strstr(err.msg, "s3cret") == NULL, "The error never holds the password.");
	ck_assert_msg(access(kh, F_OK) != 0, "Nothing is written to known_hosts.");
	unsetenv("FA_CHECK_SSH_PASSWORD");
	remove_config(dir, cfg);
}
END_TEST

START_TEST(collector_ssh_garbage_server_is_unreachable)
{
	struct fa_inv_device dev;
	struct fa_collect_limits lim;
	struct fa_err err = FA_ERR_INIT;
	char dir[64], cfg[128], kh[128];
	void *session = NULL;
	int r;

	/* a "server" that prints something that is not an SSH banner, then goes */
	write_config(dir, sizeof(dir), "exec printf 'HTTP/1.0 400 Bad Request\\r\\n\\r\\n'", cfg,
		     sizeof(cfg));
	snprintf(kh, sizeof(kh), "%s/known_hosts", dir);
	memset(&dev, 0, sizeof(dev));
	memset(&lim, 0, sizeof(lim));
	dev.name = (char *)"leaf02";
	dev.address = (char *)"leaf02.invalid";
	dev.port = 2222;
	lim.connect_timeout = 5;
	lim.command_timeout = 5;
	lim.ssh_config = cfg;
	lim.known_hosts = kh;
	r = fa_collector_ssh.open(&dev, &lim, &session, &err);
	ck_assert_msg(r == -FA_EUNREACH || r == -FA_ETIMEOUT,
		      "A peer that does not speak SSH fails the connection (got %d: %s).", r,
		      err.msg);
	ck_assert_msg(strstr(err.msg, "leaf02.invalid:2222") != NULL,
		      "The error names the address and the inventory's port (%s).", err.msg);
	remove_config(dir, cfg);
}
END_TEST

#endif /* HAVE_LIBSSH */

Suite *fa_collector_ssh_suite(void)
{
	Suite *s = suite_create("collector_ssh");
	TCase *tc = tcase_create("core");

#ifdef HAVE_LIBSSH
	tcase_add_test(tc, collector_ssh_is_registered);
	tcase_add_test(tc, collector_ssh_changed_key_has_its_own_code);
	tcase_add_test(tc, collector_ssh_reset_connection_is_unreachable);
	tcase_add_test(tc, collector_ssh_garbage_server_is_unreachable);
#endif
	suite_add_tcase(s, tc);
	return s;
}
