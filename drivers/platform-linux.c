/* SPDX-License-Identifier: MIT */
/* The linux platform: the commands sent to such a device and the parser of each. */
#include "config.h"

#include "drivers/platform-list.h"

static const struct fa_command fa_linux_commands[] = {
	{ NULL, FA_EXPAND_NONE, 0, NULL },
};

const struct fa_platform fa_platform_linux = {
	.name = "linux",
	.kind = "host",
	.summary = "Linux GPU/CPU host with NVIDIA ConnectX NICs (MLNX_OFED / DOCA / inbox)",
	.commands = fa_linux_commands,
	.ncommands = 0,
};
