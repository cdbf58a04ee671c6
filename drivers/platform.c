/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <string.h>

#include "audit/util/buf.h"
#include "audit/util/suggest.h"
#include "audit/util/xalloc.h"
#include "drivers/platform.h"
#include "drivers/platform-list.h"

const struct fa_platform *const fa_platforms[] = {
	&fa_platform_cumulus,
	&fa_platform_cumulus_nclu,
	&fa_platform_eos,
	&fa_platform_ib_fabric,
	&fa_platform_junos,
	&fa_platform_linux,
	&fa_platform_nxos,
	&fa_platform_onyx,
	&fa_platform_openconfig,
	&fa_platform_sonic,
	NULL
};

const struct fa_platform *fa_platform_find(const char *name)
{
	size_t i;

	for (i = 0; fa_platforms[i]; i++)
		if (strcmp(fa_platforms[i]->name, name) == 0)
			return fa_platforms[i];
	return NULL;
}

const char *fa_platform_suggest(const char *name)
{
	const char *names[sizeof(fa_platforms) / sizeof(fa_platforms[0])];
	size_t i;

	for (i = 0; fa_platforms[i]; i++)
		names[i] = fa_platforms[i]->name;
	names[i] = NULL;
	return fa_suggest(name, names);
}

static const char *fa_expand_word(enum fa_expand e)
{
	switch (e) {
	case FA_EXPAND_NETDEV:
		return "IF";
	case FA_EXPAND_RDMADEV:
		return "DEV";
	case FA_EXPAND_IBCAPORT:
	case FA_EXPAND_IBCALID:
	case FA_EXPAND_IBSMLID:
		return "LID";
	case FA_EXPAND_NCCL_ENV:
	case FA_EXPAND_IB_PARTITIONS:
		return "FILE";
	default:
		return NULL;
	}
}

/* Does @command match @tmpl, where the word @word in @tmpl stands for one word of @command? */
static bool fa_template_match(const char *tmpl, const char *word, const char *command,
			      char **ret_arg)
{
	const char *w = strstr(tmpl, word);
	size_t pre, wl = strlen(word), post;
	size_t alen, clen = strlen(command);

	if (!w)
		return false;
	pre = (size_t)(w - tmpl);
	post = strlen(w + wl);
	if (clen <= pre + post || strncmp(tmpl, command, pre) != 0 ||
	    strcmp(command + clen - post, w + wl) != 0)
		return false;
	alen = clen - pre - post;
	if (memchr(command + pre, ' ', alen))
		return false;
	if (ret_arg)
		*ret_arg = fa_xstrndup(command + pre, alen);
	return true;
}

const struct fa_command *fa_platform_command(const struct fa_platform *p, const char *command,
					     char **ret_arg)
{
	size_t i;

	if (ret_arg)
		*ret_arg = NULL;
	for (i = 0; i < p->ncommands; i++)
		if (strcmp(p->commands[i].command, command) == 0)
			return &p->commands[i];
	for (i = 0; i < p->ncommands; i++) {
		const char *word = fa_expand_word(p->commands[i].expand);

		if (word && fa_template_match(p->commands[i].command, word, command, ret_arg))
			return &p->commands[i];
	}
	return NULL;
}

char *fa_command_expand(const struct fa_command *c, const char *arg)
{
	const char *word = fa_expand_word(c->expand);
	const char *w = word ? strstr(c->command, word) : NULL;
	struct fa_buf b = FA_BUF_INIT;

	if (!w || !arg)
		return fa_xstrdup(c->command);
	fa_buf_add(&b, c->command, (size_t)(w - c->command));
	fa_buf_adds(&b, arg);
	fa_buf_adds(&b, w + strlen(word));
	return fa_buf_detach(&b, NULL);
}
