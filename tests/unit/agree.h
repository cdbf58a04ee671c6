/* SPDX-License-Identifier: MIT */
/*
 * Agreement with the peers' expected parses (ntc-templates, Genie, NAPALM, jc, the SONiC CLI's
 * own renderings): each family compares our reading of a real output with the peer's reading
 * of the same output, field by field, into one tally; the agreement suite prints the table.
 */
#ifndef FA_TESTS_AGREE_H
#define FA_TESTS_AGREE_H

#include <jansson.h>
#include <stdbool.h>

struct fa_agree_tally {
	int files;    /* peer expectation files read */
	int compared; /* fields both sides give */
	int equal;    /* of those, equal */
	int absent;   /* values the peer gives and the model leaves out */
	int skipped;  /* known peer defects, documented where they are skipped */
};

/* Counts one compared field; a difference is printed with where it was found. */
void fa_agree_count(struct fa_agree_tally *t, bool same, const char *family, const char *what,
		    const char *where);

/* A peer's expected parse in YAML (ntc-templates' .yml), a fixture path; counts one file. */
json_t *fa_agree_load_yaml(struct fa_agree_tally *t, const char *rel);

/* Strings equal, with NULL and "" both meaning "not stated". */
bool fa_agree_same(const char *ours, const char *theirs);

/* One function per family, each in the test file of that family's parsers. */
void fa_agree_nxos(struct fa_agree_tally *t);
void fa_agree_nxos_genie(struct fa_agree_tally *t);
void fa_agree_junos(struct fa_agree_tally *t);
void fa_agree_junos_ntc(struct fa_agree_tally *t);
void fa_agree_eos(struct fa_agree_tally *t);
void fa_agree_sonic(struct fa_agree_tally *t);
void fa_agree_linux_ethtool(struct fa_agree_tally *t);
void fa_agree_cumulus_nclu(struct fa_agree_tally *t);
void fa_agree_linux_ip(struct fa_agree_tally *t);

#endif /* FA_TESTS_AGREE_H */
