/* SPDX-License-Identifier: MIT */
/*
 * EOS interface names in the text forms: the tables abbreviate them ("Et3/1/1", "Ma1",
 * "Po49"), the model uses the full name the JSON forms print ("Ethernet3/1/1",
 * "Management1", "Port-Channel49"), so that a text and a JSON capture name the same port.
 */
#include "config.h"

#include <ctype.h>
#include <string.h>

#include "audit/util/xalloc.h"
#include "drivers/eos/parse-eos.h"
#include "audit/util/banned.h"

static const struct {
	const char *abbrev, *full, *type;
} fa_eos_names[] = {
    {"Et", "Ethernet", "ethernet"},	  {"Ma", "Management", "management"},
    {"Po", "Port-Channel", "bond"},	  {"Lo", "Loopback", "loopback"},
    {"Vl", "Vlan", "vlan"},		  {"Vx", "Vxlan", "virtual"},
    {"Tu", "Tunnel", "virtual"},
};

char *fa_eos_ifname(const char *name, size_t len)
{
	size_t i, l;

	for (i = 0; i < sizeof(fa_eos_names) / sizeof(fa_eos_names[0]); i++) {
		l = strlen(fa_eos_names[i].abbrev);
		if (len > l && strncmp(name, fa_eos_names[i].abbrev, l) == 0 &&
		    isdigit((unsigned char)name[l]))
			return fa_xasprintf("%s%.*s", fa_eos_names[i].full, (int)(len - l),
					    name + l);
	}
	return fa_xstrndup(name, len);
}

const char *fa_eos_port_type(const char *name)
{
	size_t i, l;

	for (i = 0; i < sizeof(fa_eos_names) / sizeof(fa_eos_names[0]); i++) {
		l = strlen(fa_eos_names[i].full);
		if (strncmp(name, fa_eos_names[i].full, l) == 0 && isdigit((unsigned char)name[l]))
			/* "Ethernet1.10" is a subinterface, a VLAN as the JSON form says */
			return strchr(name, '.') ? "vlan" : fa_eos_names[i].type;
	}
	return "other";
}
