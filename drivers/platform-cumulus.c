/* SPDX-License-Identifier: MIT */
/* The cumulus platform: the commands sent to such a device and the parser of each. */
#include "config.h"

#include "drivers/platform-list.h"

static const struct fa_command fa_cumulus_commands[] = {
	{ NULL, FA_EXPAND_NONE, 0, NULL },
};

const struct fa_platform fa_platform_cumulus = {
	.name = "cumulus",
	.kind = "switch",
	.summary = "NVIDIA Cumulus Linux 5.x switch (NVUE)",
	.commands = fa_cumulus_commands,
	.ncommands = 0,
};
