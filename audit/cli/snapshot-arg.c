/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdlib.h>

#include "audit/cli/snapshot-arg.h"
#include "audit/history.h"
#include "audit/snapshot.h"
#include "audit/util/xalloc.h"
#include "audit/util/banned.h"

int fa_cli_snapshot_arg(const struct fa_cmd *cmd, const char *snapshot, const char *history,
			json_t **ret)
{
	struct fa_err err = FA_ERR_INIT;
	struct fa_history *h = NULL;
	char **names = NULL, *path = NULL;
	size_t n = 0;
	int r;

	if (!snapshot == !history)
		return fa_cli_usage_error(cmd, "name one snapshot: -s SNAPSHOT or -H HISTORY");
	if (history) {
		r = fa_history_open(history, &h, &err);
		if (r == 0)
			r = fa_history_list(h, &names, &n, &err);
		if (r == 0 && n == 0) {
			fa_cli_errorf("%s: the history folder holds no snapshot", history);
			fa_history_close(h);
			return FA_EXIT_DATAERR;
		}
		if (r == 0)
			path = fa_xasprintf("%s/%s", fa_history_dir(h), names[n - 1]);
		fa_history_names_free(names);
		fa_history_close(h);
		if (r < 0) {
			fa_cli_error(&err);
			return fa_cli_exit_for(r);
		}
	}
	r = fa_snapshot_load(path ? path : snapshot, ret, &err);
	free(path);
	if (r < 0) {
		fa_cli_error(&err);
		return fa_cli_exit_for(r);
	}
	return FA_EXIT_CLEAN;
}
