/* SPDX-License-Identifier: MIT */
/*
 * The known_hosts index (drivers/transport/knownhosts.h): the file a device's connection gets
 * holds, in file order, the lines that name the device (plain or "[host]:port", any case) and
 * every line whose names cannot be read without libssh (hashed, patterns, markers), and no
 * other device's line; a line recorded while collecting is found like the others.
 */
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "audit/util/buf.h"
#include "audit/util/err.h"
#include "audit/util/fileio.h"
#include "drivers/transport/knownhosts.h"
#include "tests/unit/unit.h"

static const char fa_t_known_hosts[] =
	"# comment naming sw1\n"
	"sw1,10.0.0.1 ssh-ed25519 AAAAkey1\n"
	"[sw2]:2222 ssh-ed25519 AAAAkey2\n"
	"\n"
	"|1|c2FsdA==|aGFzaA== ssh-ed25519 AAAAhashed\n"
	"SW3 ssh-rsa AAAAkey3\n"
	"*.pod1 ssh-ed25519 AAAAwild\n"
	"@revoked sw4 ssh-ed25519 AAAArevoked\n"
	"sw5,!sw6 ssh-ed25519 AAAAneg\n"
	"sw1 ecdsa-sha2-nistp256 AAAAkey1b\r\n";

/* The lines of the subset for @host:@port, as one string. */
static void fa_t_subset(const struct fa_known_hosts *kh, const char *host, unsigned port,
			struct fa_buf *out)
{
	struct fa_err err = FA_ERR_INIT;
	char path[64];
	int fd = fa_known_hosts_subset(kh, host, port, path, sizeof(path));

	ck_assert_int_ge(fd, 0);
	fa_buf_reset(out);
	ck_assert_int_eq(fa_file_read(path, 1 << 20, out, &err), 0);
	close(fd);
}

/* The lines every host gets: hashed, patterns, markers. */
#define FA_T_UNNAMED                                                                               \
	"|1|c2FsdA==|aGFzaA== ssh-ed25519 AAAAhashed\n"                                          \
	"*.pod1 ssh-ed25519 AAAAwild\n"                                                           \
	"@revoked sw4 ssh-ed25519 AAAArevoked\n"                                                  \
	"sw5,!sw6 ssh-ed25519 AAAAneg\n"

START_TEST(knownhosts_subset_holds_the_hosts_lines)
{
	char dir[] = "/tmp/fa-t-kh.XXXXXX", file[64];
	struct fa_buf out = FA_BUF_INIT;
	struct fa_known_hosts *kh;
	FILE *f;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(file, sizeof(file), "%s/known_hosts", dir);
	ck_assert_ptr_null(fa_known_hosts_load(file));	/* missing: libssh reads it itself */
	f = fopen(file, "w");
	fputs(fa_t_known_hosts, f);
	fclose(f);
	kh = fa_known_hosts_load(file);
	ck_assert_ptr_nonnull(kh);
	ck_assert_str_eq(fa_known_hosts_path(kh), file);

	/* both of sw1's lines, in file order, any case of the name */
	fa_t_subset(kh, "SW1", 22, &out);
	ck_assert_str_eq(out.buf, "sw1,10.0.0.1 ssh-ed25519 AAAAkey1\n" FA_T_UNNAMED
		"sw1 ecdsa-sha2-nistp256 AAAAkey1b\n");
	/* by its other name, on a port other than 22 too (libssh decides which matches) */
	fa_t_subset(kh, "10.0.0.1", 2222, &out);
	ck_assert_str_eq(out.buf, "sw1,10.0.0.1 ssh-ed25519 AAAAkey1\n" FA_T_UNNAMED);
	fa_t_subset(kh, "sw2", 2222, &out);
	ck_assert_str_eq(out.buf, "[sw2]:2222 ssh-ed25519 AAAAkey2\n" FA_T_UNNAMED);
	/* another port's line is not this port's */
	fa_t_subset(kh, "sw2", 22, &out);
	ck_assert_str_eq(out.buf, FA_T_UNNAMED);
	fa_t_subset(kh, "sw3", 22, &out);
	ck_assert_str_eq(out.buf, "|1|c2FsdA==|aGFzaA== ssh-ed25519 AAAAhashed\n"
		"SW3 ssh-rsa AAAAkey3\n*.pod1 ssh-ed25519 AAAAwild\n"
		"@revoked sw4 ssh-ed25519 AAAArevoked\nsw5,!sw6 ssh-ed25519 AAAAneg\n");
	/* a host no line names gets only the lines that may match anything */
	fa_t_subset(kh, "leaf9.pod1", 22, &out);
	ck_assert_str_eq(out.buf, FA_T_UNNAMED);

	/* a recorded key is found at once, after the others */
	fa_known_hosts_add(kh, "[leaf9.pod1]:2222 ssh-ed25519 AAAAnew\n");
	fa_t_subset(kh, "leaf9.pod1", 2222, &out);
	ck_assert_str_eq(out.buf, FA_T_UNNAMED "[leaf9.pod1]:2222 ssh-ed25519 AAAAnew\n");

	fa_known_hosts_free(kh);
	fa_buf_release(&out);
	unlink(file);
	rmdir(dir);
}
END_TEST

/* An empty file knows no host: the subset is empty, not the whole file's absence. */
START_TEST(knownhosts_empty_file_gives_an_empty_subset)
{
	char file[] = "/tmp/fa-t-kh-empty.XXXXXX";
	struct fa_buf out = FA_BUF_INIT;
	struct fa_known_hosts *kh;
	int fd = mkstemp(file);

	ck_assert_int_ge(fd, 0);
	close(fd);
	kh = fa_known_hosts_load(file);
	ck_assert_ptr_nonnull(kh);
	fa_t_subset(kh, "sw1", 22, &out);
	ck_assert_uint_eq(out.len, 0);
	fa_known_hosts_free(kh);
	fa_buf_release(&out);
	unlink(file);
}
END_TEST

Suite *fa_knownhosts_suite(void)
{
	Suite *s = suite_create("knownhosts");
	TCase *tc = tcase_create("knownhosts");

	tcase_add_test(tc, knownhosts_subset_holds_the_hosts_lines);
	tcase_add_test(tc, knownhosts_empty_file_gives_an_empty_subset);
	suite_add_tcase(s, tc);
	return s;
}
