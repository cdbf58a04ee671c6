/* SPDX-License-Identifier: MIT */
/*
 * The history folder: snapshot names and order, the baseline pointer, rotation, the lock and
 * the clean-up of temporary files a killed run leaves behind.
 */
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "audit/history.h"
#include "audit/snapshot.h"
#include "audit/util/fileio.h"
#include "tests/unit/unit.h"

static char tmpdir[64];

static void history_setup(void)
{
	snprintf(tmpdir, sizeof(tmpdir), "/tmp/fa-history-XXXXXX");
	ck_assert_msg(mkdtemp(tmpdir) != NULL, "A temporary folder can be made.");
}

static void history_teardown(void)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	ck_assert_int_eq(system(cmd), 0);
}

static json_t *snap_at(const char *created)
{
	return json_pack("{s:s,s:s,s:[],s:[]}", "format", "fabric-audit/snapshot/v1", "created",
			 created, "devices", "links");
}

static struct fa_history *open_ok(void)
{
	struct fa_err err = FA_ERR_INIT;
	struct fa_history *h = NULL;

	ck_assert_msg(fa_history_open(tmpdir, &h, &err) == 0, "The history opens (%s).",
		      err.msg);
	return h;
}

static char *store(struct fa_history *h, const char *created)
{
	struct fa_err err = FA_ERR_INIT;
	json_t *s = snap_at(created);
	char *name = NULL;

	ck_assert_msg(fa_history_store(h, s, &name, &err) == 0, "A snapshot is stored (%s).",
		      err.msg);
	json_decref(s);
	return name;
}

START_TEST(history_names_follow_the_snapshot_time)
{
	struct fa_history *h = open_ok();
	char *a = store(h, "2026-12-02T16:00:00Z"), *b = store(h, "2026-12-02T16:00:00Z");
	char *c = store(h, "2026-12-01T09:30:05Z"), **names = NULL, *path, *d;
	struct fa_err err = FA_ERR_INIT;
	size_t n;

	ck_assert_str_eq(a, "snapshot-20261202T160000Z.json");
	ck_assert_msg(strcmp(b, "snapshot-20261202T160000Z-2.json") == 0,
		      "A second snapshot in the same second gets -2, not %s.", b);
	ck_assert_int_eq(fa_history_list(h, &names, &n, &err), 0);
	ck_assert_msg(n == 3 && !strcmp(names[0], c) && !strcmp(names[1], a) &&
		      !strcmp(names[2], b), "Snapshots list oldest first, -2 after the plain one.");
	ck_assert_msg(fa_history_name_time(a) == 1796227200, "The name holds the UTC time.");
	/* A removed name in the middle is not taken again: names keep their order. */
	path = fa_history_path(h, a);
	ck_assert_int_eq(unlink(path), 0);
	free(path);
	d = store(h, "2026-12-02T16:00:00Z");
	ck_assert_msg(strcmp(d, "snapshot-20261202T160000Z-3.json") == 0,
		      "After removing the first, the next one in that second is -3, not %s.", d);
	free(d);
	ck_assert_msg(!fa_history_is_snapshot_name("snapshot-20261202T160000Z-1.json") &&
		      !fa_history_is_snapshot_name("snapshot-2026120XT160000Z.json") &&
		      !fa_history_is_snapshot_name("snapshot-20261302T160000Z.json") &&
		      !fa_history_is_snapshot_name("baseline") &&
		      !fa_history_is_snapshot_name("snapshot-20261202T160000Z.json.tmp.abcdef"),
		      "Names outside the layout are not snapshots.");
	fa_history_names_free(names);
	free(a);
	free(b);
	free(c);
	fa_history_close(h);
}
END_TEST

START_TEST(history_baseline_pointer)
{
	struct fa_history *h = open_ok();
	struct fa_err err = FA_ERR_INIT;
	char *a, *got = NULL, *path;

	ck_assert_msg(fa_history_baseline(h, &got, &err) == -FA_ENOENT,
		      "A new history has no baseline.");
	a = store(h, "2026-12-02T16:00:00Z");
	ck_assert_int_eq(fa_history_set_baseline(h, a, &err), 0);
	ck_assert_int_eq(fa_history_baseline(h, &got, &err), 0);
	ck_assert_str_eq(got, a);
	free(got);
	ck_assert_msg(fa_history_set_baseline(h, "snapshot-20200101T000000Z.json", &err) ==
		      -FA_ENOENT, "The baseline cannot point at a snapshot that does not exist.");
	ck_assert_msg(fa_history_set_baseline(h, "../etc/passwd", &err) == -FA_ENOENT,
		      "The baseline cannot point outside the layout.");

	/* A pointer edited by hand to something else is refused, not followed. */
	path = fa_history_path(h, "baseline");
	ck_assert_int_eq(fa_file_write_atomic(path, "/etc/passwd\n", 12, &err), 0);
	ck_assert_msg(fa_history_baseline(h, &got, &err) == -FA_EPARSE,
		      "A pointer that names no snapshot of the folder is refused.");
	ck_assert_int_eq(fa_file_write_atomic(path, "snapshot-20200101T000000Z.json\n", 31,
					      &err), 0);
	ck_assert_msg(fa_history_baseline(h, &got, &err) == -FA_EPARSE,
		      "A pointer to a removed snapshot is an error, not 'no baseline'.");
	ck_assert_msg(strstr(err.msg, "missing") != NULL, "The message says it is missing.");
	free(path);
	free(a);
	fa_history_close(h);
}
END_TEST

START_TEST(history_rotation_keeps_baseline_and_newest)
{
	struct fa_history *h = open_ok();
	struct fa_err err = FA_ERR_INIT;
	char *names[6], **left = NULL;
	char created[32];
	size_t i, n, removed = 0;

	for (i = 0; i < 6; i++) {
		snprintf(created, sizeof(created), "2026-12-0%zuT02:00:00Z", i + 1);
		names[i] = store(h, created);
	}
	ck_assert_int_eq(fa_history_set_baseline(h, names[0], &err), 0);
	ck_assert_int_eq(fa_history_rotate(h, 3, 0, 0, &removed, &err), 0);
	ck_assert_msg(removed == 3, "Keeping 3 of 6 removes 3, not %zu.", removed);
	ck_assert_int_eq(fa_history_list(h, &left, &n, &err), 0);
	ck_assert_msg(n == 3 && !strcmp(left[0], names[0]) && !strcmp(left[1], names[4]) &&
		      !strcmp(left[2], names[5]),
		      "The oldest snapshot stays because it is the baseline.");
	fa_history_names_free(left);

	/* By age: 2 days before the 6th snapshot keeps the 4th.. but the 4th is gone already. */
	ck_assert_int_eq(fa_history_rotate(h, 0, 2 * 86400,
					   fa_history_name_time(names[5]) + 60, &removed, &err),
			 0);
	ck_assert_msg(removed == 0, "The baseline and the snapshots younger than the age stay.");
	ck_assert_int_eq(fa_history_set_baseline(h, names[5], &err), 0);
	ck_assert_int_eq(fa_history_rotate(h, 0, 3600, fa_history_name_time(names[5]) + 7200,
					   &removed, &err), 0);
	ck_assert_msg(removed == 2, "Everything older than the age goes except the newest (%zu).",
		      removed);
	ck_assert_int_eq(fa_history_list(h, &left, &n, &err), 0);
	ck_assert_msg(n == 1 && !strcmp(left[0], names[5]), "Only the newest snapshot is left.");
	fa_history_names_free(left);
	for (i = 0; i < 6; i++)
		free(names[i]);
	fa_history_close(h);
}
END_TEST

START_TEST(history_lock_refuses_a_second_owner)
{
	struct fa_history *h = open_ok(), *h2 = NULL;
	struct fa_err err = FA_ERR_INIT;
	char pid[32];

	ck_assert_msg(fa_history_open(tmpdir, &h2, &err) == -FA_ELOCKED,
		      "A second open of a locked history is refused.");
	ck_assert_msg(h2 == NULL, "No handle is returned to the second opener.");
	snprintf(pid, sizeof(pid), "process %ld", (long)getpid());
	ck_assert_msg(strstr(err.msg, pid) != NULL, "The message names the holder: %s.", err.msg);
	ck_assert_msg(strstr(err.source, ".lock") != NULL, "The error names the lock file.");
	fa_history_close(h);
	h = open_ok();
	fa_history_close(h);
}
END_TEST

START_TEST(history_open_removes_left_over_temporaries)
{
	struct fa_history *h;
	struct stat st;
	char path[128], keep[128];
	int fd;

	snprintf(path, sizeof(path), "%s/snapshot-20261202T160000Z.json.tmp.Ab12Cd", tmpdir);
	snprintf(keep, sizeof(keep), "%s/notes.txt", tmpdir);
	fd = open(path, O_CREAT | O_WRONLY, 0644);
	ck_assert_int_ge(fd, 0);
	close(fd);
	fd = open(keep, O_CREAT | O_WRONLY, 0644);
	ck_assert_int_ge(fd, 0);
	close(fd);
	h = open_ok();
	ck_assert_msg(stat(path, &st) < 0, "A temporary file of a killed run is removed.");
	ck_assert_msg(stat(keep, &st) == 0, "Other files of the folder are left alone.");
	fa_history_close(h);
}
END_TEST

Suite *fa_history_suite(void)
{
	Suite *s = suite_create("history");
	TCase *tc = tcase_create("history");

	tcase_add_checked_fixture(tc, history_setup, history_teardown);
	tcase_add_test(tc, history_names_follow_the_snapshot_time);
	tcase_add_test(tc, history_baseline_pointer);
	tcase_add_test(tc, history_rotation_keeps_baseline_and_newest);
	tcase_add_test(tc, history_lock_refuses_a_second_owner);
	tcase_add_test(tc, history_open_removes_left_over_temporaries);
	suite_add_tcase(s, tc);
	return s;
}
