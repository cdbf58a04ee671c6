/* SPDX-License-Identifier: MIT */
/*
 * The agreement suite's NX-OS row for Genie: its golden text outputs of "show interface" and
 * "show lldp neighbors detail" read by our parsers, compared with the expected parse Genie
 * ships beside each (a Python literal, read by pylit.c).
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "audit/model.h"
#include "drivers/nxos/parse-nxos.h"
#include "drivers/text/mac.h"
#include "drivers/text/units.h"
#include "tests/unit/agree.h"
#include "tests/unit/parse-helpers.h"
#include "tests/unit/pylit.h"
#include "tests/unit/unit.h"
#include "audit/util/banned.h"

#define GENIE "CiscoTestAutomation__genieparser/src/genie/libs/parser/nxos/tests/"

static json_t *fa_genie_expected(struct fa_agree_tally *t, const char *rel)
{
	char why[256];
	json_t *v = fa_pylit_load(fa_test_fixture(rel), why, sizeof(why));

	ck_assert_msg(v != NULL, "Genie's expected parse %s loads (%s).", rel, why);
	t->files++;
	return v;
}

static json_t *fa_genie_parse(fa_parse_fn *fn, const char *rel)
{
	struct fa_err err = FA_ERR_INIT;
	json_t *d = fa_device_new("nx", "switch");

	ck_assert_msg(fa_tp_file(fn, "nx", "show", NULL, fa_test_fixture(rel), d, &err) == 0,
		      "%s parses (%s).", rel, err.msg);
	return d;
}

static void fa_genie_str(struct fa_agree_tally *t, const char *ours, const char *theirs,
			 const char *what, const char *where)
{
	if (!theirs || !*theirs)
		return;
	if (!ours) {
		fprintf(stderr, "nxos/Genie: %s at %s: Genie '%s', the model none\n", what, where,
			theirs);
		t->absent++;
		return;
	}
	fa_agree_count(t, strcasecmp(ours, theirs) == 0, "nxos/Genie", what, where);
}

/*
 * Genie writes interface names in full ("GigabitEthernet3") where the neighbour sent an
 * abbreviation ("Port id: Gi3"); the model keeps what was sent.  Equal when the letters we
 * keep start Genie's letters and the rest is the same.
 */
static bool fa_genie_ifname_same(const char *ours, const char *theirs)
{
	size_t a = 0, b = 0;

	while (isalpha((unsigned char)ours[a]))
		a++;
	while (isalpha((unsigned char)theirs[b]))
		b++;
	return a > 0 && a <= b && strncasecmp(ours, theirs, a) == 0 &&
	       strcmp(ours + a, theirs + b) == 0;
}

/*
 * ShowInterface: oper_status, enabled, mtu, mac_address, description, port speed.  Genie
 * calls a port enabled when it "is down" for any reason but "(Administratively down)"
 * without an "admin state" line ("Ethernet1/1 is down (SFP validation failed)"); the model
 * leaves that admin state absent (counted as absent, not compared).
 */
static void fa_genie_interfaces(struct fa_agree_tally *t, const char *golden)
{
	char out[512], exp[512];
	json_t *d, *e, *n;
	const char *name;

	snprintf(out, sizeof(out), GENIE "ShowInterface/cli/equal/%s_output.txt", golden);
	snprintf(exp, sizeof(exp), GENIE "ShowInterface/cli/equal/%s_expected.py", golden);
	d = fa_genie_parse(fa_parse_nxos_interface, out);
	e = fa_genie_expected(t, exp);
	json_object_foreach(e, name, n)
	{
		json_t *p = fa_device_find_port(d, name), *v;
		const char *speed = json_string_value(json_object_get(n, "port_speed"));
		const char *unit = json_string_value(json_object_get(n, "port_speed_unit"));
		json_int_t ours;

		fa_agree_count(t, p != NULL, "nxos/Genie", "interface", name);
		if (!p)
			continue;
		fa_genie_str(t, fa_get_str(p, "oper_state"),
			     json_string_value(json_object_get(n, "oper_status")), "oper_status",
			     name);
		if (json_is_boolean(v = json_object_get(n, "enabled")))
			fa_genie_str(t, fa_get_str(p, "admin_state"), json_is_true(v) ? "up" : "down",
				     "enabled", name);
		if (json_is_integer(v = json_object_get(n, "mtu"))) {
			if (fa_get_int(p, "mtu", &ours))
				fa_agree_count(t, ours == json_integer_value(v), "nxos/Genie", "mtu",
					       name);
			else
				t->absent++;
		}
		if ((v = json_object_get(n, "mac_address")) && json_is_string(v)) {
			json_t *tmp = json_object();

			fa_set_mac(tmp, json_string_value(v));
			fa_genie_str(t, fa_get_str(p, "mac"), fa_get_str(tmp, "mac"), "mac_address",
				     name);
			json_decref(tmp);
		}
		fa_genie_str(t, fa_get_str(p, "description"),
			     json_string_value(json_object_get(n, "description")), "description",
			     name);
		/* "auto-speed" is the setting of a port without link: no speed to compare. */
		if (speed && unit && isdigit((unsigned char)*speed)) {
			char text[64];
			int64_t theirs;

			snprintf(text, sizeof(text), "%s %s", speed, unit);
			ck_assert_msg(fa_parse_speed(text, 1, &theirs), "Genie's speed %s reads.",
				      text);
			if (fa_get_int(p, "speed", &ours))
				fa_agree_count(t, ours == theirs, "nxos/Genie", "port_speed", name);
			else
				t->absent++;
		}
	}
	json_decref(e);
	json_decref(d);
}

/*
 * ShowLldpNeighborsDetail: interfaces → port_id → neighbors → system name, chassis id, port
 * description.  One documented difference: golden_output3 prints "Port id: mgmt:0", which
 * Genie turns into "mgmt0"; the model keeps the port id the neighbour sent.
 */
static void fa_genie_lldp(struct fa_agree_tally *t, const char *golden)
{
	char out[512], exp[512];
	json_t *d, *e, *ifs, *n;
	const char *local;

	snprintf(out, sizeof(out), GENIE "ShowLldpNeighborsDetail/cli/equal/%s_output.txt",
		 golden);
	snprintf(exp, sizeof(exp), GENIE "ShowLldpNeighborsDetail/cli/equal/%s_expected.py",
		 golden);
	d = fa_genie_parse(fa_parse_nxos_lldp, out);
	e = fa_genie_expected(t, exp);
	ifs = json_object_get(e, "interfaces");
	json_object_foreach(ifs, local, n)
	{
		json_t *p = fa_device_find_port(d, local), *ids = json_object_get(n, "port_id");
		const char *pid, *sys;
		json_t *pv, *nb;

		fa_agree_count(t, p != NULL, "nxos/Genie", "lldp interface", local);
		if (!p)
			continue;
		json_object_foreach(ids, pid, pv)
		{
			const char *ours = fa_get_str(p, "lldp.port_id");

			if (!ours)
				t->absent++;
			else
				fa_agree_count(t, fa_genie_ifname_same(ours, pid), "nxos/Genie",
					       "lldp port_id", local);
			json_object_foreach(json_object_get(pv, "neighbors"), sys, nb)
			{
				fa_genie_str(t, fa_get_str(p, "lldp.system_name"),
					     json_string_value(json_object_get(nb, "system_name")),
					     "lldp system_name", local);
				fa_genie_str(t, fa_get_str(p, "lldp.chassis_id"),
					     json_string_value(json_object_get(nb, "chassis_id")),
					     "lldp chassis_id", local);
				fa_genie_str(t, fa_get_str(p, "lldp.port_description"),
					     json_string_value(
						 json_object_get(nb, "port_description")),
					     "lldp port_description", local);
			}
		}
	}
	json_decref(e);
	json_decref(d);
}

void fa_agree_nxos_genie(struct fa_agree_tally *t)
{
	static const char *const ifaces[] = {"golden-custom", "golden11", "golden13", "golden15",
					     "golden2",	      "golden4",  "golden6",  "golden8"};
	static const char *const lldp[] = {"golden_output1", "golden_output3", "golden_output5"};
	size_t i;

	for (i = 0; i < sizeof(ifaces) / sizeof(ifaces[0]); i++)
		fa_genie_interfaces(t, ifaces[i]);
	for (i = 0; i < sizeof(lldp) / sizeof(lldp[0]); i++)
		fa_genie_lldp(t, lldp[i]);
}
