/* SPDX-License-Identifier: MIT */
/*
 * One table of agreement with the peers' expected parses, per family: files read, fields
 * compared, equal.  Every difference left is a documented one (see the family's function),
 * with the raw line that shows the model is right.  The table goes to the test log and, under
 * make check, to the console (FA_TEST_CONSOLE_FD).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "audit/util/yamljson.h"
#include "tests/unit/agree.h"
#include "tests/unit/unit.h"
#include "audit/util/banned.h"

void fa_agree_count(struct fa_agree_tally *t, bool same, const char *family, const char *what,
		    const char *where)
{
	t->compared++;
	if (same)
		t->equal++;
	else
		fprintf(stderr, "%s peer disagreement on %s at %s\n", family, what,
			where ? where : "?");
}

json_t *fa_agree_load_yaml(struct fa_agree_tally *t, const char *rel)
{
	struct fa_err err = FA_ERR_INIT;
	json_t *v = NULL;

	t->files++;
	ck_assert_msg(fa_yaml_load(fa_test_fixture(rel), &v, NULL, &err) == 0,
		      "The expected result %s loads (%s).", rel, err.msg);
	return v;
}

bool fa_agree_same(const char *ours, const char *theirs)
{
	if (!ours || !*ours)
		return !theirs || !*theirs;
	return theirs && strcmp(ours, theirs) == 0;
}

static const struct {
	const char *family;
	const char *peers;
	void (*run)(struct fa_agree_tally *t);
	int min_compared; /* guards against a comparison that silently stops reading */
	int differences;  /* documented differences, the model being right */
} fa_families[] = {
    {"cumulus-nclu", "NAPALM", fa_agree_cumulus_nclu, 36, 0},
    {"eos", "NAPALM, ntc-templates", fa_agree_eos, 140, 2},
    {"junos", "NAPALM", fa_agree_junos, 80, 0},
    {"junos", "ntc-templates", fa_agree_junos_ntc, 58, 0},
    {"linux ethtool", "jc", fa_agree_linux_ethtool, 6, 2},
    {"linux ip", "ntc-templates", fa_agree_linux_ip, 40, 0},
    {"nxos", "NAPALM, ntc-templates", fa_agree_nxos, 2300, 0},
    {"nxos", "Genie", fa_agree_nxos_genie, 90, 1},
    {"sonic", "sonic-utilities", fa_agree_sonic, 15, 0},
};

static void fa_agree_print(FILE *f, const char *family, const char *peers,
			   const struct fa_agree_tally *t)
{
	fprintf(f, "  %-14s %-22s %5d %8d %8d %8d %8d\n", family, peers, t->files, t->compared,
		t->equal, t->absent, t->skipped);
}

START_TEST(agreement_table)
{
	struct fa_agree_tally t[sizeof(fa_families) / sizeof(fa_families[0])];
	const char *fdenv = getenv("FA_TEST_CONSOLE_FD");
	FILE *out[2] = {stderr, NULL};
	size_t i, k;

	memset(t, 0, sizeof(t));
	for (i = 0; i < sizeof(fa_families) / sizeof(fa_families[0]); i++)
		fa_families[i].run(&t[i]);
	if (fdenv && *fdenv) {
		int fd = dup(atoi(fdenv));

		if (fd >= 0)
			out[1] = fdopen(fd, "w");
	}
	for (k = 0; k < 2 && out[k]; k++) {
		struct fa_agree_tally sum = {0, 0, 0, 0, 0};

		fprintf(out[k], "Agreement with the peers' expected parses (tests/unit/"
				"check_agreement.c):\n");
		fprintf(out[k], "  %-14s %-22s %5s %8s %8s %8s %8s\n", "family", "peer", "files",
			"fields", "equal", "absent", "skipped");
		for (i = 0; i < sizeof(fa_families) / sizeof(fa_families[0]); i++) {
			fa_agree_print(out[k], fa_families[i].family, fa_families[i].peers, &t[i]);
			sum.files += t[i].files;
			sum.compared += t[i].compared;
			sum.equal += t[i].equal;
			sum.absent += t[i].absent;
			sum.skipped += t[i].skipped;
		}
		fa_agree_print(out[k], "total", "", &sum);
		fflush(out[k]);
	}
	if (out[1])
		fclose(out[1]);
	for (i = 0; i < sizeof(fa_families) / sizeof(fa_families[0]); i++) {
		ck_assert_msg(t[i].compared >= fa_families[i].min_compared,
			      "%s/%s: at least %d fields are compared (%d).", fa_families[i].family,
			      fa_families[i].peers, fa_families[i].min_compared, t[i].compared);
		ck_assert_msg(t[i].compared - t[i].equal == fa_families[i].differences,
			      "%s/%s: %d of %d fields agree; %d documented differences.",
			      fa_families[i].family, fa_families[i].peers, t[i].equal, t[i].compared,
			      fa_families[i].differences);
	}
}
END_TEST

Suite *fa_agreement_suite(void)
{
	Suite *s = suite_create("agreement");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, agreement_table);
	suite_add_tcase(s, tc);
	return s;
}
