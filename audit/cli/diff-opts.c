/* SPDX-License-Identifier: MIT */
/* The allow-list and volatile-field options of "diff", "gate" and "drift". */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "audit/cli/cmd.h"
#include "audit/cli/diff-opts.h"
#include "audit/snapshot.h"
#include "audit/util/banned.h"

void fa_diff_cli_init(struct fa_diff_cli *c)
{
	memset(c, 0, sizeof(*c));
}

int fa_diff_cli_take(struct fa_diff_cli *c, const char *cmd, int opt, const char *arg)
{
	switch (opt) {
	case 'a':
	case FA_OPT_ALLOW:
		if (c->allow) {
			fprintf(stderr, "fabric-audit %s: one --allow file only\n", cmd);
			return -1;
		}
		c->allow = arg;
		return 1;
	case FA_OPT_VOLATILE:
		if (c->nvolatiles == FA_DIFF_MAX_VOLATILE) {
			fprintf(stderr, "fabric-audit %s: at most %d --volatile files\n", cmd,
				FA_DIFF_MAX_VOLATILE);
			return -1;
		}
		c->volatiles[c->nvolatiles++] = arg;
		return 1;
	default:
		return 0;
	}
}

int fa_diff_cli_load(struct fa_diff_cli *c, struct fa_diff_opts *opts)
{
	struct fa_err err = FA_ERR_INIT;
	int i, r;

	c->vol = fa_volatile_new();
	for (i = 0; i < c->nvolatiles; i++) {
		r = fa_volatile_load(c->vol, c->volatiles[i], &err);
		if (r < 0) {
			fa_cli_error(&err);
			return fa_cli_exit_for(r);
		}
	}
	opts->volatiles = c->vol;
	if (c->allow) {
		r = fa_allow_load(c->allow, &c->al, &err);
		if (r < 0) {
			fa_cli_error(&err);
			return fa_cli_exit_for(r);
		}
		opts->allow = c->al;
		opts->allow_source = c->allow;
	}
	return 0;
}

void fa_diff_cli_release(struct fa_diff_cli *c)
{
	fa_volatile_free(c->vol);
	fa_allow_free(c->al);
	c->vol = NULL;
	c->al = NULL;
}

int fa_diff_cli_load_snapshot(const char *path, json_t **ret)
{
	struct fa_err err = FA_ERR_INIT;
	int r = fa_snapshot_load(path, ret, &err);

	if (r < 0) {
		fa_cli_error(&err);
		return fa_cli_exit_for(r);
	}
	return 0;
}
