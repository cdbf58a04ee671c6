/* SPDX-License-Identifier: MIT */
/* Every platform table, defined in drivers/platform-<name>.c. */
#ifndef FA_DRIVERS_PLATFORM_LIST_H
#define FA_DRIVERS_PLATFORM_LIST_H

#include "drivers/platform.h"

extern const struct fa_platform fa_platform_cumulus;
extern const struct fa_platform fa_platform_cumulus_nclu;
extern const struct fa_platform fa_platform_eos;
extern const struct fa_platform fa_platform_ib_fabric;
extern const struct fa_platform fa_platform_junos;
extern const struct fa_platform fa_platform_linux;
extern const struct fa_platform fa_platform_nxos;
extern const struct fa_platform fa_platform_onyx;
extern const struct fa_platform fa_platform_openconfig;
extern const struct fa_platform fa_platform_sonic;

#endif /* FA_DRIVERS_PLATFORM_LIST_H */
