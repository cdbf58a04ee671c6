/* SPDX-License-Identifier: MIT */
/*
 * MAC addresses as devices print them, in the model's one form, "00:1b:21:aa:bb:cc":
 * "00:1B:21:AA:BB:CC" (Linux, Cumulus, Onyx, Junos), "001b.21aa.bbcc" (NX-OS, EOS text),
 * "00-1b-21-aa-bb-cc".  Twelve hex digits, grouped in pairs by ':' or '-' or in fours by
 * '.', one kind of separator; anything else is not a MAC address.
 */
#ifndef FA_DRIVERS_MAC_H
#define FA_DRIVERS_MAC_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

/* Write @s (@len bytes) as "xx:xx:xx:xx:xx:xx" into @out; false when it is not a MAC. */
bool fa_mac_canonical(const char *s, size_t len, char out[18]);

/* Set @port's "mac" from @s; false (nothing set) when @s is not a MAC address. */
bool fa_set_mac(json_t *port, const char *s);

#endif /* FA_DRIVERS_MAC_H */
