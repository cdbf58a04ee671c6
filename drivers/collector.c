/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <string.h>

#include "drivers/collector.h"
#include "audit/util/banned.h"

static const struct fa_collector_ops *const fa_collectors[] = {
	&fa_collector_local,
	&fa_collector_replay,
#ifdef HAVE_LIBSSH
	&fa_collector_ssh,
#endif
	NULL
};

const struct fa_collector_ops *fa_collector_find(const char *name)
{
	size_t i;

	for (i = 0; fa_collectors[i]; i++)
		if (strcmp(fa_collectors[i]->name, name) == 0)
			return fa_collectors[i];
	return NULL;
}
