/* SPDX-License-Identifier: MIT */
/* Collectors: the local one runs real processes, the replay one reads capture folders. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "audit/util/buf.h"
#include "audit/util/fileio.h"
#include "drivers/collector.h"
#include "inventory/inventory.h"
#include "tests/unit/unit.h"

static const struct fa_collect_limits fa_test_lim = { .connect_timeout = 5.0,
						       .command_timeout = 5.0,
						       .max_output = 1 << 20 };

static double fa_test_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

START_TEST(collect_local_captures_output_and_status)
{
	const struct fa_collector_ops *ops = fa_collector_find("local");
	struct fa_err err = FA_ERR_INIT;
	struct fa_buf out = FA_BUF_INIT;
	int status = -1;

	ck_assert_ptr_nonnull(ops);
	ck_assert_int_eq(ops->exec(NULL, "printf 'a\\nb\\n'; echo err >&2", &fa_test_lim, &out,
				   &status, &err), 0);
	ck_assert_msg(strcmp(out.buf, "a\nb\n") == 0 && status == 0,
		      "Standard output is captured byte for byte, stderr apart, status 0.");
	fa_buf_reset(&out);
	ck_assert_int_eq(ops->exec(NULL, "echo 'mlxconfig: not found' >&2; exit 127", &fa_test_lim,
				   &out, &status, &err), 0);
	ck_assert_msg(status == 127, "The exit status of a failing command is kept.");
	ck_assert_msg(strcmp(err.msg, "mlxconfig: not found") == 0,
		      "The first stderr line of a failing command is the error (got '%s').",
		      err.msg);
	fa_buf_release(&out);
}
END_TEST

START_TEST(collect_local_timeout_kills_the_command)
{
	const struct fa_collector_ops *ops = fa_collector_find("local");
	struct fa_collect_limits lim = { .connect_timeout = 0.3, .command_timeout = 0.3,
					  .max_output = 1 << 20 };
	struct fa_err err = FA_ERR_INIT;
	struct fa_buf out = FA_BUF_INIT;
	int status = -1;
	double t0 = fa_test_now();

	ck_assert_int_eq(ops->exec(NULL, "sleep 30 & sleep 30", &lim, &out, &status, &err),
			 -FA_ETIMEOUT);
	ck_assert_msg(fa_test_now() - t0 < 5.0,
		      "A hanging command is stopped near its timeout, children included.");
	ck_assert_msg(strstr(err.msg, "did not finish"), "The timeout is explained.");
	fa_buf_release(&out);
}
END_TEST

START_TEST(collect_local_output_cap)
{
	const struct fa_collector_ops *ops = fa_collector_find("local");
	struct fa_collect_limits lim = { .connect_timeout = 5.0, .command_timeout = 5.0,
					  .max_output = 1000 };
	struct fa_err err = FA_ERR_INIT;
	struct fa_buf out = FA_BUF_INIT;
	int status = -1;

	ck_assert_int_eq(ops->exec(NULL, "yes | head -c 100000", &lim, &out, &status, &err),
			 -FA_ETOOBIG);
	ck_assert_msg(out.len <= 1000, "No more than the cap is kept.");
	ck_assert_msg(strstr(err.msg, "more than 1000 bytes"), "The cap is named in the error.");
	fa_buf_release(&out);
}
END_TEST

START_TEST(collect_replay_reads_captures_and_meta)
{
	const struct fa_collector_ops *ops = fa_collector_find("replay");
	char dir[] = "/tmp/fa-replay-XXXXXX", path[256];
	struct fa_inv_device dev;
	struct fa_err err = FA_ERR_INIT;
	struct fa_buf out = FA_BUF_INIT;
	void *session = NULL;
	int status = -1;
	const char *meta = "{\"commands\": [{\"command\": \"ofed_info -s\", \"exit_status\": 1}]}";

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/gpu01", dir);
	ck_assert_int_eq(fa_mkdir_p(path, NULL), 0);
	snprintf(path, sizeof(path), "%s/gpu01/uname-r.txt", dir);
	ck_assert_int_eq(fa_file_write_atomic(path, "6.8.0\n", 6, NULL), 0);
	snprintf(path, sizeof(path), "%s/gpu01/ofed-info-s.txt", dir);
	ck_assert_int_eq(fa_file_write_atomic(path, "", 0, NULL), 0);
	snprintf(path, sizeof(path), "%s/gpu01/meta.json", dir);
	ck_assert_int_eq(fa_file_write_atomic(path, meta, strlen(meta), NULL), 0);

	memset(&dev, 0, sizeof(dev));
	dev.name = "gpu01";
	dev.captures = dir;
	ck_assert_int_eq(ops->open(&dev, &fa_test_lim, &session, &err), 0);
	ck_assert_int_eq(ops->exec(session, "uname -r", &fa_test_lim, &out, &status, &err), 0);
	ck_assert_msg(strcmp(out.buf, "6.8.0\n") == 0 && status == 0,
		      "A capture is replayed byte for byte with status 0.");
	ck_assert_int_eq(ops->exec(session, "ofed_info -s", &fa_test_lim, &out, &status, &err), 0);
	ck_assert_msg(status == 1, "The exit status recorded in meta.json is replayed.");
	ck_assert_int_eq(ops->exec(session, "ibstat", &fa_test_lim, &out, &status, &err),
			 -FA_ENOENT);
	ck_assert_msg(strstr(err.msg, "no capture of 'ibstat'") && strstr(err.msg, "ibstat.txt"),
		      "A missing capture names the command and the file (got '%s').", err.msg);
	ops->close(session);

	dev.name = "gpu02";
	ck_assert_int_eq(ops->open(&dev, &fa_test_lim, &session, &err), -FA_ENOENT);
	ck_assert_msg(strstr(err.msg, "no capture folder"), "A device without a folder is named.");
	fa_buf_release(&out);
	snprintf(path, sizeof(path), "rm -rf '%s'", dir);
	ck_assert_int_eq(system(path), 0);
}
END_TEST

Suite *fa_collect_suite(void)
{
	Suite *s = suite_create("collect");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, collect_local_captures_output_and_status);
	tcase_add_test(tc, collect_local_timeout_kills_the_command);
	tcase_add_test(tc, collect_local_output_cap);
	tcase_add_test(tc, collect_replay_reads_captures_and_meta);
	suite_add_tcase(s, tc);
	return s;
}
