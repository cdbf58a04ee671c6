/* SPDX-License-Identifier: MIT */
/* glibc's malloc on transparent huge pages (hugepages.h). */
#include "config.h"

#include <stdbool.h>
#include <sys/types.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "audit/util/hugepages.h"
#include "audit/util/banned.h"

#define FA_TUNABLE "glibc.malloc.hugetlb=1"

/* "always" needs nothing from malloc; "never" gives nothing; "madvise" waits to be asked. */
static bool fa_thp_on_request(void)
{
	char buf[128];
	FILE *f = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "re");
	bool yes;

	if (!f)
		return false;
	yes = fgets(buf, sizeof(buf), f) && strstr(buf, "[madvise]");
	fclose(f);
	return yes;
}

static bool fa_under_tool(void)
{
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
	return true;
#else
	const char *pre = getenv("LD_PRELOAD");

	/* valgrind preloads its own malloc: the tunable means nothing there */
	return pre && strstr(pre, "vgpreload");
#endif
}

void fa_hugepages_reexec(char **argv)
{
	const char *env = getenv("GLIBC_TUNABLES"), *off = getenv("FABRIC_AUDIT_HUGEPAGES");
	char self[4096], *old = NULL, *val;
	ssize_t len;
	size_t n;

	if ((env && strstr(env, "glibc.malloc.hugetlb")) || (off && strcmp(off, "0") == 0) ||
	    fa_under_tool() || !fa_thp_on_request())
		return;
	/* by its own path, not /proc/self/exe, so that ps and pidof still name it */
	len = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (len <= 0 || (size_t)len >= sizeof(self) - 1)
		return;
	self[len] = '\0';
	if (env && *env && !(old = strdup(env)))
		return;
	n = (old ? strlen(old) + 1 : 0) + sizeof(FA_TUNABLE);
	val = malloc(n);
	if (val) {
		snprintf(val, n, "%s%s%s", old ? old : "", old ? ":" : "", FA_TUNABLE);
		if (setenv("GLIBC_TUNABLES", val, 1) == 0)
			execv(self, argv);
		/* not re-executed: carry on as started, with the environment as it was */
		if (old)
			setenv("GLIBC_TUNABLES", old, 1);
		else
			unsetenv("GLIBC_TUNABLES");
	}
	free(val);
	free(old);
}
