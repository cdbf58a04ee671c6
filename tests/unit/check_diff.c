/* SPDX-License-Identifier: MIT */
/*
 * The snapshot diff: identity keys, field paths, volatile fields, devices not collected,
 * links, and the allow-list (allowed, disallowed, expected but missing, strict parsing).
 *
 * The snapshots are small, written inline in the model's shape (docs/model.md) with values
 * of the example fabric (ConnectX-7 firmware 28.39.1002, Cumulus swp ports, MTU 9000/9216).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "audit/diff.h"
#include "audit/model.h"
#include "audit/util/fileio.h"
#include "reports/report.h"
#include "tests/unit/unit.h"

/* A host with two RoCE ports on firmware @fw1/@fw2 and MTU @mtu on the first. */
static json_t *host(const char *name, const char *fw1, const char *fw2, int mtu)
{
	return json_pack("{s:s,s:s,s:s,s:s,s:[s],s:s,s:{s:s,s:s},s:["
			 "{s:s,s:i,s:{s:s,s:s},s:{s:[i]}},"
			 "{s:s,s:i,s:{s:s,s:s},s:{s:[i]}}]}",
			 "name", name, "kind", "host", "role", "gpu-host", "platform", "linux",
			 "groups", "gpu-hosts", "status", "ok", "os", "name", "Ubuntu", "version",
			 "22.04", "ports",
			 "name", "ens1f0np0", "mtu", mtu, "nic", "device", "mlx5_0", "firmware", fw1,
			 "qos", "pfc_enabled", 3,
			 "name", "ens2f0np0", "mtu", 9000, "nic", "device", "mlx5_1", "firmware", fw2,
			 "qos", "pfc_enabled", 3);
}

static json_t *leaf(const char *name)
{
	return json_pack("{s:s,s:s,s:s,s:s,s:s,s:[{s:s,s:i},{s:s,s:i}]}", "name", name, "kind",
			 "switch", "role", "leaf", "platform", "cumulus", "status", "ok", "ports",
			 "name", "swp1", "mtu", 9216, "name", "swp2", "mtu", 9216);
}

static json_t *snap(json_t *devices, json_t *links)
{
	return json_pack("{s:s,s:s,s:{s:s,s:s},s:o,s:o}", "format", "fabric-audit/snapshot/v1",
			 "created", "2026-12-02T16:00:00Z", "tool", "name", "fabric-audit",
			 "version", "0.1.0", "devices", devices, "links",
			 links ? links : json_array());
}

static json_t *link_of(const char *ad, const char *ap, const char *bd, const char *bp)
{
	return json_pack("{s:{s:s,s:s},s:{s:s,s:s},s:s}", "a", "device", ad, "port", ap, "b",
			 "device", bd, "port", bp, "source", "lldp");
}

/* The fabric before the update: two hosts on 28.39.1002, one leaf, two links. */
static json_t *before(void)
{
	return snap(json_pack("[o,o,o]", host("gpu01", "28.39.1002", "28.39.1002", 9000),
			      host("gpu02", "28.39.1002", "28.39.1002", 9000), leaf("leaf01")),
		    json_pack("[o,o]", link_of("gpu01", "ens1f0np0", "leaf01", "swp1"),
			      link_of("gpu02", "ens1f0np0", "leaf01", "swp2")));
}

static json_t *run_diff(const json_t *o, const json_t *n, const struct fa_diff_opts *opts)
{
	struct fa_err err = FA_ERR_INIT;
	json_t *d = NULL;

	ck_assert_msg(fa_diff_snapshots(o, n, opts, &d, &err) == 0,
		      "Two well-formed snapshots can be compared (%s).", err.msg);
	return d;
}

static size_t nchanges(const json_t *d)
{
	return json_array_size(json_object_get(d, "changes"));
}

static const json_t *change(const json_t *d, size_t i)
{
	return json_array_get(json_object_get(d, "changes"), i);
}

/* Borrowed device @name of snapshot @s. */
static json_t *dev(json_t *s, const char *name)
{
	json_t *d;
	size_t i;

	json_array_foreach(json_object_get(s, "devices"), i, d)
		if (strcmp(fa_get_str(d, "name"), name) == 0)
			return d;
	ck_abort_msg("The test snapshot has device %s.", name);
	return NULL;
}

static struct fa_allow *allow_from(const char *text)
{
	struct fa_err err = FA_ERR_INIT;
	struct fa_allow *a = NULL;

	ck_assert_msg(fa_allow_parse("expected.yaml", text, strlen(text), &a, &err) == 0,
		      "The test allow-list is accepted (%s).", err.msg);
	return a;
}

START_TEST(diff_identical_snapshots_are_clean)
{
	json_t *o = before(), *n = before(), *d;

	json_object_set_new(n, "created", json_string("2026-12-03T02:00:00Z"));
	json_object_set_new(n, "inventory", json_string("/elsewhere/inventory.yaml"));
	d = run_diff(o, n, NULL);
	ck_assert_msg(nchanges(d) == 0, "Snapshots differing only in created and inventory have "
		      "no change, not %zu.", nchanges(d));
	ck_assert_msg(fa_diff_passed(d), "A diff without changes passes.");
	ck_assert_str_eq(fa_get_str(d, "format"), FA_DIFF_FORMAT);
	json_decref(o);
	json_decref(n);
	json_decref(d);
}
END_TEST

START_TEST(diff_reordered_ports_and_devices_are_not_changes)
{
	json_t *o = before(), *n = before(), *ports, *d;

	ports = json_object_get(dev(n, "gpu01"), "ports");
	json_array_append(ports, json_array_get(ports, 0));
	json_array_remove(ports, 0);
	json_array_append(json_object_get(n, "devices"), json_array_get(json_object_get(n,
									"devices"), 0));
	json_array_remove(json_object_get(n, "devices"), 0);
	json_array_append(json_object_get(n, "links"), json_array_get(json_object_get(n, "links"),
								      0));
	json_array_remove(json_object_get(n, "links"), 0);
	d = run_diff(o, n, NULL);
	ck_assert_msg(nchanges(d) == 0,
		      "Ports, devices and links in another order are the same subjects (%zu "
		      "changes).", nchanges(d));
	json_decref(o);
	json_decref(n);
	json_decref(d);
}
END_TEST

START_TEST(diff_nested_field_has_its_path_and_values)
{
	json_t *o = before(), *n = before(), *d;
	const json_t *c;

	fa_set_str(fa_device_find_port(dev(n, "gpu02"), "ens2f0np0"), "nic.firmware",
		   "28.41.1000");
	d = run_diff(o, n, NULL);
	ck_assert_msg(nchanges(d) == 1, "One firmware update is one change, not %zu.",
		      nchanges(d));
	c = change(d, 0);
	ck_assert_str_eq(fa_get_str(c, "kind"), "port");
	ck_assert_str_eq(fa_get_str(c, "op"), "changed");
	ck_assert_str_eq(fa_get_str(c, "subject"), "gpu02:ens2f0np0");
	ck_assert_msg(strcmp(fa_get_str(c, "field"), "nic.firmware") == 0,
		      "A nested field is named by its dotted path nic.firmware.");
	ck_assert_msg(strcmp(fa_get_str(c, "old"), "28.39.1002") == 0 &&
		      strcmp(fa_get_str(c, "new"), "28.41.1000") == 0,
		      "The change carries the old and the new firmware.");
	ck_assert_msg(!fa_diff_passed(d), "Without an allow-list any change fails the diff.");
	ck_assert_int_eq(json_integer_value(fa_obj_get_path(d, "summary.by_kind.port.changed")),
			 1);
	json_decref(o);
	json_decref(n);
	json_decref(d);
}
END_TEST

/*
 * Regressions: any change of a port's qos settings, an MTU or speed that went down or is
 * gone; not an MTU that went up, a firmware update or a device's field.
 */
START_TEST(diff_marks_regressions)
{
	json_t *o = before(), *n = before(), *d, *p;
	const json_t *c;
	size_t i, marked = 0;

	fa_set_int(fa_device_find_port(dev(n, "gpu01"), "ens1f0np0"), "mtu", 1500);
	fa_set_int(fa_device_find_port(dev(n, "gpu02"), "ens1f0np0"), "mtu", 9216);
	json_object_set_new(json_object_get(fa_device_find_port(dev(n, "gpu02"), "ens2f0np0"),
					    "qos"), "pfc_enabled", json_pack("[i]", 4));
	fa_set_str(fa_device_find_port(dev(n, "gpu01"), "ens2f0np0"), "nic.firmware",
		   "28.41.1000");
	p = fa_device_find_port(dev(o, "leaf01"), "swp1");
	fa_set_int(p, "speed", 400000000000);
	fa_set_int(fa_device_find_port(dev(n, "leaf01"), "swp1"), "speed", 100000000000);
	fa_set_int(fa_device_find_port(dev(o, "leaf01"), "swp2"), "speed", 400000000000);
	fa_set_str(dev(n, "gpu01"), "os.version", "24.04");
	d = run_diff(o, n, NULL);
	ck_assert_uint_eq(nchanges(d), 7);
	for (i = 0; i < nchanges(d); i++) {
		const char *what;
		bool want;

		c = change(d, i);
		what = fa_get_str(c, "field");
		want = (!strcmp(fa_get_str(c, "subject"), "gpu01:ens1f0np0") && !strcmp(what, "mtu")) ||
		       !strcmp(what, "qos.pfc_enabled") || !strcmp(what, "speed");
		ck_assert_msg(json_is_true(json_object_get(c, "regression")) == want,
			      "%s %s is %sa regression.", fa_get_str(c, "subject"), what,
			      want ? "" : "not ");
		marked += want;
	}
	/* down from 400G, down from 400G to nothing (the port no longer says), 9000 -> 1500, PFC */
	ck_assert_uint_eq(marked, 4);
	ck_assert_int_eq(json_integer_value(fa_obj_get_path(d, "summary.regressions")), 4);
	json_decref(o);
	json_decref(n);
	json_decref(d);
}
END_TEST

START_TEST(diff_lists_are_compared_whole)
{
	json_t *o = before(), *n = before(), *d, *want;

	fa_set(fa_device_find_port(dev(n, "gpu01"), "ens1f0np0"), "qos.pfc_enabled",
	       json_pack("[i,i]", 3, 4));
	d = run_diff(o, n, NULL);
	ck_assert_msg(nchanges(d) == 1, "A list that gained an item is one change of the list.");
	ck_assert_str_eq(fa_get_str(change(d, 0), "field"), "qos.pfc_enabled");
	want = json_pack("[i,i]", 3, 4);
	ck_assert_msg(json_equal(json_object_get(change(d, 0), "new"), want),
		      "The new value is the whole list [3, 4].");
	json_decref(want);
	json_decref(o);
	json_decref(n);
	json_decref(d);
}
END_TEST

START_TEST(diff_renamed_field_and_renamed_port)
{
	json_t *o = before(), *n = before(), *port, *d;
	const json_t *c0, *c1, *c2, *c3;

	/* A field under a new key: the old key went, the new one came; identity is untouched. */
	port = fa_device_find_port(dev(n, "gpu01"), "ens2f0np0");
	json_object_set(port, "mtu_bytes", json_object_get(port, "mtu"));
	json_object_del(port, "mtu");
	/* A renamed port is another subject: removed under the old name, added under the new. */
	fa_set_str(fa_device_find_port(dev(n, "leaf01"), "swp2"), "name", "swp20");
	d = run_diff(o, n, NULL);
	ck_assert_msg(nchanges(d) == 4, "A renamed field and a renamed port give 4 changes, "
		      "not %zu.", nchanges(d));
	c0 = change(d, 0);
	c1 = change(d, 1);
	ck_assert_msg(!strcmp(fa_get_str(c0, "field"), "mtu") && json_object_get(c0, "old") &&
		      !json_object_get(c0, "new"), "The old field is reported as gone.");
	ck_assert_msg(!strcmp(fa_get_str(c1, "field"), "mtu_bytes") &&
		      !json_object_get(c1, "old") && json_object_get(c1, "new"),
		      "The new field is reported as come.");
	c2 = change(d, 2);
	c3 = change(d, 3);
	ck_assert_msg(!strcmp(fa_get_str(c2, "op"), "removed") &&
		      !strcmp(fa_get_str(c2, "subject"), "leaf01:swp2"),
		      "The port under its old name is removed.");
	ck_assert_msg(!strcmp(fa_get_str(c3, "op"), "added") &&
		      !strcmp(fa_get_str(c3, "subject"), "leaf01:swp20"),
		      "The port under its new name is added.");
	json_decref(o);
	json_decref(n);
	json_decref(d);
}
END_TEST

START_TEST(diff_added_and_removed_devices)
{
	json_t *o = before(), *n = before(), *d;

	json_array_remove(json_object_get(n, "devices"), 1); /* gpu02 */
	json_array_append_new(json_object_get(n, "devices"),
			      host("gpu03", "28.39.1002", "28.39.1002", 9000));
	d = run_diff(o, n, NULL);
	ck_assert_msg(nchanges(d) == 2, "A removed host and an added host give 2 changes; the "
		      "links of the removed host are implied (%zu).", nchanges(d));
	ck_assert_str_eq(fa_get_str(change(d, 0), "subject"), "gpu02");
	ck_assert_str_eq(fa_get_str(change(d, 0), "op"), "removed");
	ck_assert_str_eq(fa_get_str(change(d, 1), "subject"), "gpu03");
	ck_assert_str_eq(fa_get_str(change(d, 1), "op"), "added");
	json_decref(d);

	/* A recabled port between collected devices is a link change, listed last. */
	json_decref(n);
	n = before();
	json_object_set_new(json_object_get(json_array_get(json_object_get(n, "links"), 1), "b"),
			    "port", json_string("swp1"));
	d = run_diff(o, n, NULL);
	ck_assert_msg(nchanges(d) == 2, "A recabled link is one link removed and one added.");
	ck_assert_msg(!strcmp(fa_get_str(change(d, 0), "kind"), "link") &&
		      !strcmp(fa_get_str(change(d, 0), "op"), "added") &&
		      !strcmp(fa_get_str(change(d, 0), "subject"),
			      "gpu02:ens1f0np0 -- leaf01:swp1"),
		      "A link is named by both ends; links sort by their ends.");
	ck_assert_str_eq(fa_get_str(change(d, 1), "subject"), "gpu02:ens1f0np0 -- leaf01:swp2");
	ck_assert_str_eq(fa_get_str(change(d, 1), "op"), "removed");
	ck_assert_int_eq(json_integer_value(fa_obj_get_path(d, "summary.devices_changed")), 2);
	json_decref(o);
	json_decref(n);
	json_decref(d);
}
END_TEST

START_TEST(diff_volatile_fields_never_count)
{
	struct fa_volatile *v = fa_volatile_new();
	struct fa_diff_opts opts = FA_DIFF_OPTS_INIT;
	struct fa_err err = FA_ERR_INIT;
	json_t *o = before(), *n = before(), *d;
	size_t builtin;

	fa_device_warn(dev(n, "gpu01"), "ethtool: unknown line");
	fa_set_int(fa_device_find_port(dev(o, "gpu01"), "ens1f0np0"), "ib.lid", 7);
	fa_set_int(fa_device_find_port(dev(n, "gpu01"), "ens1f0np0"), "ib.lid", 9);
	/* counters, their health and module readings change on their own */
	fa_set_int(fa_device_find_port(dev(o, "gpu01"), "ens1f0np0"), "counters.crc_errors", 2);
	fa_set_int(fa_device_find_port(dev(n, "gpu01"), "ens1f0np0"), "counters.crc_errors", 90);
	fa_set_int(fa_device_find_port(dev(n, "gpu01"), "ens1f0np0"), "health.delta.crc_errors",
		   88);
	fa_set(fa_device_find_port(dev(n, "gpu01"), "ens2f0np0"), "transceiver.temperature",
	       json_real(51.5));
	fa_set_str(dev(n, "gpu01"), "counters_read_at", "2026-12-02T16:15:00Z");
	d = run_diff(o, n, NULL);
	ck_assert_msg(nchanges(d) == 1, "Parse warnings, counters, health and module readings "
		      "are volatile; only the LID change counts (%zu changes).", nchanges(d));
	ck_assert_str_eq(fa_get_str(change(d, 0), "field"), "ib.lid");
	ck_assert_msg(!strcmp(json_string_value(json_array_get(json_object_get(d, "volatile"), 0)),
			      "device.warnings") &&
			      fa_volatile_match(v, "port", "counters.rx_pause") &&
			      fa_volatile_match(v, "port", "health.delta.crc_errors") &&
			      !fa_volatile_match(v, "port", "transceiver.vendor"),
		      "The built-in patterns are the fields audit/fields.def flags volatile.");

	builtin = json_array_size(json_object_get(d, "volatile"));
	ck_assert_int_eq(fa_volatile_add(v, "port.ib.lid", &err), 0);
	opts.volatiles = v;
	json_decref(d);
	d = run_diff(o, n, &opts);
	ck_assert_msg(nchanges(d) == 0, "A user pattern makes the LID volatile too.");
	ck_assert_msg(json_array_size(json_object_get(d, "volatile")) == builtin + 1,
		      "The diff lists the volatile patterns it used.");
	json_decref(d);

	ck_assert_int_eq(fa_volatile_add(v, "port.qos", &err), 0);
	ck_assert_msg(fa_volatile_match(v, "port", "qos.ecn.min_threshold"),
		      "A pattern covers the fields below the one it names.");
	ck_assert_msg(!fa_volatile_match(v, "port", "nic.firmware"),
		      "Firmware is not volatile.");
	ck_assert_msg(fa_volatile_add(v, "ib.lid", &err) == -FA_EINVAL,
		      "A pattern without a scope is refused.");
	ck_assert_msg(fa_volatile_add(v, "host.uptime", &err) == -FA_EINVAL,
		      "A pattern with an unknown scope is refused.");
	ck_assert_msg(fa_volatile_add(v, "port.ib.lidd", &err) == -FA_EINVAL &&
			      strstr(err.msg, "did you mean port.ib.lid?") != NULL,
		      "A pattern naming no field of the model is refused, with the closest field "
		      "(%s).", err.msg);
	ck_assert_msg(fa_volatile_add(v, "*.statistics", &err) == -FA_EINVAL,
		      "The model has no statistics: the pattern would do nothing.");
	ck_assert_int_eq(fa_volatile_add(v, "*.lid", &err), 0);
	fa_volatile_free(v);
	json_decref(o);
	json_decref(n);
}
END_TEST

START_TEST(diff_volatile_file_reports_line_and_column)
{
	char path[] = "/tmp/fa-volatile-XXXXXX";
	const char *text = "# counters change all the time\n\nport.ib.lid\n  bogus\n";
	struct fa_volatile *v = fa_volatile_new();
	struct fa_err err = FA_ERR_INIT;
	char line[700];
	int fd = mkstemp(path);

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	ck_assert_msg(fa_volatile_load(v, path, &err) == -FA_EPARSE,
		      "A line that is not SCOPE.FIELD is refused.");
	ck_assert_msg(err.line == 4 && err.column == 3,
		      "The error points at line 4, column 3, not %d:%d.", err.line, err.column);
	ck_assert_msg(strstr(fa_err_format(&err, line, sizeof(line)), "bogus") != NULL,
		      "The message quotes the bad pattern.");
	ck_assert_msg(fa_volatile_match(v, "port", "ib.lid"),
		      "Patterns before the bad line were taken.");
	unlink(path);
	ck_assert_msg(fa_volatile_load(v, path, &err) == -FA_ENOENT,
		      "A missing volatile file is -FA_ENOENT.");
	fa_volatile_free(v);
}
END_TEST

START_TEST(diff_uncollected_device_compares_status_only)
{
	json_t *o = before(), *n = before(), *g, *d;

	g = dev(n, "gpu02");
	json_object_set_new(g, "status", json_string("timeout"));
	json_object_set_new(g, "error", json_string("connect: timed out after 30 s"));
	json_object_set_new(g, "ports", json_array());
	json_array_remove(json_object_get(n, "links"), 1);
	d = run_diff(o, n, NULL);
	ck_assert_msg(nchanges(d) == 2, "A device not collected gives its status and error "
		      "changes only, not port removals or link changes (%zu).", nchanges(d));
	ck_assert_str_eq(fa_get_str(change(d, 0), "field"), "error");
	ck_assert_str_eq(fa_get_str(change(d, 1), "field"), "status");
	ck_assert_str_eq(fa_get_str(change(d, 1), "new"), "timeout");
	json_decref(o);
	json_decref(n);
	json_decref(d);
}
END_TEST

START_TEST(diff_duplicate_names_are_refused)
{
	struct fa_err err = FA_ERR_INIT;
	json_t *o = before(), *n = before(), *d = NULL;

	json_array_append_new(json_object_get(n, "devices"), leaf("leaf01"));
	ck_assert_msg(fa_diff_snapshots(o, n, NULL, &d, &err) == -FA_EPARSE,
		      "A snapshot naming a device twice is refused.");
	ck_assert_msg(strstr(err.msg, "leaf01") != NULL, "The message names the device.");
	json_decref(n);
	n = before();
	json_array_append_new(json_object_get(dev(n, "leaf01"), "ports"),
			      json_pack("{s:s}", "name", "swp1"));
	ck_assert_msg(fa_diff_snapshots(o, n, NULL, &d, &err) == -FA_EPARSE,
		      "A device naming a port twice is refused.");
	ck_assert_msg(d == NULL, "No diff is returned on error.");
	json_decref(o);
	json_decref(n);
}
END_TEST

START_TEST(diff_is_deterministic)
{
	json_t *o = before(), *n = before(), *d1, *d2;

	fa_set_int(fa_device_find_port(dev(n, "gpu01"), "ens1f0np0"), "mtu", 1500);
	fa_set_int(fa_device_find_port(dev(n, "leaf01"), "swp2"), "mtu", 9000);
	fa_set_str(dev(n, "gpu02"), "os.version", "24.04");
	d1 = run_diff(o, n, NULL);
	json_array_append(json_object_get(n, "devices"), json_array_get(json_object_get(n,
									"devices"), 0));
	json_array_remove(json_object_get(n, "devices"), 0);
	d2 = run_diff(o, n, NULL);
	ck_assert_msg(json_equal(json_object_get(d1, "changes"), json_object_get(d2, "changes")),
		      "The same change set comes out in the same order.");
	ck_assert_str_eq(fa_get_str(change(d1, 0), "subject"), "gpu01:ens1f0np0");
	ck_assert_str_eq(fa_get_str(change(d1, 1), "subject"), "gpu02");
	ck_assert_str_eq(fa_get_str(change(d1, 2), "subject"), "leaf01:swp2");
	json_decref(o);
	json_decref(n);
	json_decref(d1);
	json_decref(d2);
}
END_TEST

static const char fw_allow[] =
	"allow:\n"
	"  - selector: { role: gpu-host, port: \"ens*\" }\n"
	"    field: nic.firmware\n"
	"    from: \"28.39.1002\"\n"
	"    to: \"28.41.1000\"\n"
	"    reason: ConnectX-7 firmware update, change CHG-1234\n";

START_TEST(allow_only_allowed_changes_pass)
{
	struct fa_diff_opts opts = FA_DIFF_OPTS_INIT;
	json_t *o = before(), *n = before(), *d;
	const char *h[] = { "gpu01", "gpu02" }, *p[] = { "ens1f0np0", "ens2f0np0" };
	size_t i, j;

	for (i = 0; i < 2; i++)
		for (j = 0; j < 2; j++)
			fa_set_str(fa_device_find_port(dev(n, h[i]), p[j]), "nic.firmware",
				   "28.41.1000");
	opts.allow = allow_from(fw_allow);
	d = run_diff(o, n, &opts);
	ck_assert_msg(nchanges(d) == 4, "Four NICs updated are four changes.");
	ck_assert_msg(fa_diff_passed(d), "Changes that are all allowed pass the diff.");
	ck_assert_msg(json_is_true(json_object_get(change(d, 0), "allowed")),
		      "An allowed change is marked allowed.");
	ck_assert_msg(strstr(fa_get_str(change(d, 0), "allow.reason"), "CHG-1234") != NULL,
		      "An allowed change carries the reason of its entry.");
	ck_assert_int_eq(json_integer_value(fa_obj_get_path(d, "summary.allowed")), 4);
	ck_assert_int_eq(json_array_size(json_object_get(d, "expected_missing")), 0);
	fa_allow_free((struct fa_allow *)opts.allow);
	json_decref(o);
	json_decref(n);
	json_decref(d);
}
END_TEST

START_TEST(allow_other_changes_fail)
{
	struct fa_diff_opts opts = FA_DIFF_OPTS_INIT;
	json_t *o = before(), *n = before(), *d;
	const char *h[] = { "gpu01", "gpu02" }, *p[] = { "ens1f0np0", "ens2f0np0" };
	size_t i, j;

	for (i = 0; i < 2; i++)
		for (j = 0; j < 2; j++)
			fa_set_str(fa_device_find_port(dev(n, h[i]), p[j]), "nic.firmware",
				   "28.41.1000");
	/* The update also reset the MTU of one NIC: not in the change plan. */
	fa_set_int(fa_device_find_port(dev(n, "gpu02"), "ens1f0np0"), "mtu", 1500);
	opts.allow = allow_from(fw_allow);
	d = run_diff(o, n, &opts);
	ck_assert_msg(!fa_diff_passed(d), "A change outside the allow-list fails the diff.");
	ck_assert_int_eq(json_integer_value(fa_obj_get_path(d, "summary.disallowed")), 1);
	for (i = 0; i < nchanges(d); i++)
		if (!strcmp(fa_get_str(change(d, i), "field"), "mtu"))
			ck_assert_msg(json_is_false(json_object_get(change(d, i), "allowed")),
				      "The MTU change is not allowed.");
	fa_allow_free((struct fa_allow *)opts.allow);
	json_decref(o);
	json_decref(n);
	json_decref(d);
}
END_TEST

START_TEST(allow_expected_but_missing_fails)
{
	struct fa_diff_opts opts = FA_DIFF_OPTS_INIT;
	json_t *o = before(), *n = before(), *d, *m;

	/* gpu02 mlx5_1 kept the old firmware; gpu01 mlx5_1 went to an unplanned version. */
	fa_set_str(fa_device_find_port(dev(n, "gpu01"), "ens1f0np0"), "nic.firmware",
		   "28.41.1000");
	fa_set_str(fa_device_find_port(dev(n, "gpu01"), "ens2f0np0"), "nic.firmware",
		   "28.40.1000");
	fa_set_str(fa_device_find_port(dev(n, "gpu02"), "ens1f0np0"), "nic.firmware",
		   "28.41.1000");
	opts.allow = allow_from(fw_allow);
	d = run_diff(o, n, &opts);
	ck_assert_msg(!fa_diff_passed(d), "An update that did not land everywhere fails.");
	m = json_object_get(d, "expected_missing");
	ck_assert_msg(json_array_size(m) == 2, "Two NICs miss the expected update, not %zu.",
		      json_array_size(m));
	ck_assert_str_eq(fa_get_str(json_array_get(m, 0), "subject"), "gpu01:ens2f0np0");
	ck_assert_msg(strcmp(fa_get_str(json_array_get(m, 0), "actual"), "28.40.1000") == 0,
		      "The missing record shows the value the NIC has now.");
	ck_assert_str_eq(fa_get_str(json_array_get(m, 1), "subject"), "gpu02:ens2f0np0");
	ck_assert_msg(json_integer_value(json_object_get(json_array_get(m, 1), "entry")) == 1,
		      "The missing record names the allow entry (1-based).");
	ck_assert_int_eq(json_integer_value(fa_obj_get_path(d, "summary.disallowed")), 1);
	ck_assert_int_eq(json_integer_value(fa_obj_get_path(d, "summary.expected_missing")), 2);
	fa_allow_free((struct fa_allow *)opts.allow);
	json_decref(o);
	json_decref(n);
	json_decref(d);
}
END_TEST

START_TEST(allow_target_already_reached_is_not_missing)
{
	struct fa_diff_opts opts = FA_DIFF_OPTS_INIT;
	json_t *o = before(), *n = before(), *d, *e;
	const char *h[] = { "gpu01", "gpu02" }, *p[] = { "ens1f0np0", "ens2f0np0" };
	size_t i, j;

	/* gpu01 mlx5_0 was updated in an earlier window. */
	fa_set_str(fa_device_find_port(dev(o, "gpu01"), "ens1f0np0"), "nic.firmware",
		   "28.41.1000");
	for (i = 0; i < 2; i++)
		for (j = 0; j < 2; j++)
			fa_set_str(fa_device_find_port(dev(n, h[i]), p[j]), "nic.firmware",
				   "28.41.1000");
	opts.allow = allow_from(fw_allow);
	d = run_diff(o, n, &opts);
	ck_assert_msg(fa_diff_passed(d), "A NIC already at the target version is not missing.");
	e = json_array_get(fa_obj_get_path(d, "allow.entries"), 0);
	ck_assert_msg(json_integer_value(json_object_get(e, "matched")) == 3 &&
		      json_integer_value(json_object_get(e, "selected")) == 4,
		      "The entry matched 3 changes and selected 4 NICs.");
	fa_allow_free((struct fa_allow *)opts.allow);
	json_decref(o);
	json_decref(n);
	json_decref(d);
}
END_TEST

START_TEST(allow_selector_kinds_and_value_text)
{
	static const char text[] =
		"allow:\n"
		"  - selector: { group: \"gpu-*\", platform: linux, device: gpu02 }\n"
		"    field: os.version\n"
		"    to: \"24.04\"\n"
		"    reason: OS upgrade of gpu02\n"
		"  - selector: { role: leaf, port: \"swp*\" }\n"
		"    field: mtu\n"
		"    from: 9216\n"
		"    to: any\n"
		"    reason: MTU change on the leaves\n"
		"  - selector: { role: spine }\n"
		"    field: os.version\n"
		"    reason: a typo'd role selects nothing\n";
	struct fa_diff_opts opts = FA_DIFF_OPTS_INIT;
	json_t *o = before(), *n = before(), *d, *m;

	fa_set_str(dev(n, "gpu02"), "os.version", "24.04");
	fa_set_int(fa_device_find_port(dev(n, "leaf01"), "swp1"), "mtu", 9100);
	fa_set_int(fa_device_find_port(dev(n, "leaf01"), "swp2"), "mtu", 9000);
	opts.allow = allow_from(text);
	d = run_diff(o, n, &opts);
	ck_assert_int_eq(json_integer_value(fa_obj_get_path(d, "summary.allowed")), 3);
	ck_assert_msg(json_integer_value(fa_obj_get_path(d, "summary.disallowed")) == 0,
		      "Group, platform, device, role and port globs select the right subjects; "
		      "an integer 'from' matches the integer MTU.");
	m = json_object_get(d, "expected_missing");
	ck_assert_msg(json_array_size(m) == 1 && !fa_get_str(json_array_get(m, 0), "device"),
		      "An entry that selects nothing is missing once, without a subject.");
	ck_assert_msg(!fa_diff_passed(d), "An entry that selects nothing fails the diff.");
	fa_allow_free((struct fa_allow *)opts.allow);
	json_decref(o);
	json_decref(n);
	json_decref(d);
}
END_TEST

START_TEST(allow_never_covers_additions_or_status)
{
	static const char text[] =
		"allow:\n"
		"  - selector: { device: \"*\" }\n"
		"    field: \"*\"\n"
		"    reason: everything on devices\n";
	struct fa_diff_opts opts = FA_DIFF_OPTS_INIT;
	json_t *o = before(), *n = before(), *d;

	json_array_append_new(json_object_get(n, "devices"), leaf("leaf02"));
	json_object_set_new(dev(n, "gpu01"), "status", json_string("unreachable"));
	json_object_set_new(dev(n, "gpu01"), "error", json_string("no route to host"));
	opts.allow = allow_from(text);
	d = run_diff(o, n, &opts);
	ck_assert_msg(!fa_diff_passed(d), "An added device and a device not collected fail even "
		      "under a catch-all entry.");
	ck_assert_int_eq(json_integer_value(fa_obj_get_path(d, "summary.allowed")), 0);
	fa_allow_free((struct fa_allow *)opts.allow);
	json_decref(o);
	json_decref(n);
	json_decref(d);
}
END_TEST

struct bad_allow {
	const char *text;
	int line, column;
	const char *needle;
};

static const struct bad_allow bad_allows[] = {
	{ "allow:\n  - selector: { device: gpu01 }\n    feild: mtu\n    reason: x\n", 3, 5,
	  "unknown key 'feild'" },
	{ "allow:\n  - selector: { device: gpu01, rack: r1 }\n    field: mtu\n    reason: x\n",
	  2, 32, "unknown key 'rack'" },
	{ "allow:\n  - selector: { device: gpu01 }\n    field: mtu\n", 2, 5, "'reason'" },
	{ "allow:\n  - selector: { device: gpu01 }\n    field: nic.firmware\n    to: 28.40\n"
	  "    reason: x\n", 4, 5, "real number" },
	{ "allow:\n  - selector: { device: gpu01 }\n    field: status\n    reason: x\n", 3, 5,
	  "cannot be an expected change" },
	{ "allow:\n  - selector: {}\n    field: mtu\n    reason: x\n", 2, 5, "'selector'" },
	{ "allow:\n  - selector: { device: gpu01 }\n    field: mtu\n    to: { a: 1 }\n"
	  "    reason: x\n", 4, 5, "a value or a list" },
	{ "allowed: []\n", 1, 1, "unknown key 'allowed'" },
	{ "allow: {}\n", 1, 1, "must be a list" },
	{ "- just a list\n", 1, 1, "mapping with the key 'allow'" },
	{ "allow:\n  - selector: { device: [gpu01\n", 3, 1, "" },
};

START_TEST(allow_bad_files_are_refused_with_position)
{
	const struct bad_allow *b = &bad_allows[_i];
	struct fa_err err = FA_ERR_INIT;
	struct fa_allow *a = NULL;

	ck_assert_msg(fa_allow_parse("expected.yaml", b->text, strlen(b->text), &a, &err) ==
		      -FA_EPARSE, "Bad allow-list %d is refused.", _i);
	ck_assert_msg(a == NULL, "No allow-list is returned on error.");
	ck_assert_msg(err.line == b->line && err.column == b->column,
		      "Bad allow-list %d: the error is at %d:%d, not %d:%d (%s).", _i, b->line,
		      b->column, err.line, err.column, err.msg);
	ck_assert_msg(strstr(err.msg, b->needle) != NULL,
		      "Bad allow-list %d: the message '%s' says '%s'.", _i, err.msg, b->needle);
	ck_assert_str_eq(err.source, "expected.yaml");
}
END_TEST

START_TEST(allow_empty_and_missing_files)
{
	struct fa_err err = FA_ERR_INIT;
	struct fa_allow *a = NULL;

	ck_assert_msg(fa_allow_parse("e.yaml", "", 0, &a, &err) == -FA_EPARSE,
		      "An empty allow-list file is refused.");
	ck_assert_msg(fa_allow_load("/nonexistent/expected.yaml", &a, &err) == -FA_ENOENT,
		      "A missing allow-list file is -FA_ENOENT.");
	a = allow_from("allow: []\n");
	ck_assert_msg(fa_allow_count(a) == 0, "An empty list of entries is valid.");
	fa_allow_free(a);
}
END_TEST

START_TEST(diff_check_names_the_format)
{
	struct fa_err err = FA_ERR_INIT;
	json_t *doc = json_pack("{s:s}", "format", "fabric-audit/report/v1");

	ck_assert_int_eq(fa_diff_check(doc, &err), -FA_EPARSE);
	ck_assert_msg(strstr(err.msg, "fabric-audit/report/v1") != NULL,
		      "The refusal names the format found.");
	json_object_set_new(doc, "format", json_string(FA_DIFF_FORMAT));
	ck_assert_int_eq(fa_diff_check(doc, &err), 0);
	json_decref(doc);
}
END_TEST

/* ---- renderers of diffs, and JUnit/Prometheus of sample reports -------------------------- */

static json_t *sample_report(const char *name)
{
	char rel[256];
	json_error_t jerr;
	json_t *v;

	snprintf(rel, sizeof(rel), "tests/fixtures/reports/%s.json", name);
	v = json_load_file(fa_test_srcfile(rel), JSON_REJECT_DUPLICATES, &jerr);
	ck_assert_msg(v != NULL, "The sample report %s loads (%s).", rel, jerr.text);
	return v;
}

static char *render(const json_t *doc, const char *format, const struct fa_render_opts *opts)
{
	struct fa_buf out = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;

	ck_assert_msg(fa_report_render(doc, format, opts, &out, &err) == 0,
		      "The document renders as %s (%s).", format, err.msg);
	return fa_buf_detach(&out, NULL);
}

START_TEST(render_diff_every_format_deterministic)
{
	static const char *const formats[] = { "text", "json", "html", "junit", "prometheus" };
	struct fa_diff_opts opts = FA_DIFF_OPTS_INIT;
	json_t *o = before(), *n = before(), *d;
	char *a, *b;
	size_t i;

	fa_set_str(fa_device_find_port(dev(n, "gpu01"), "ens1f0np0"), "nic.firmware",
		   "28.41.1000");
	fa_set_str(dev(n, "gpu02"), "os.version", "<script>alert(1)</script>");
	opts.allow = allow_from(fw_allow);
	d = run_diff(o, n, &opts);
	for (i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
		a = render(d, formats[i], NULL);
		b = render(d, formats[i], NULL);
		ck_assert_msg(strcmp(a, b) == 0, "The %s rendering of a diff is deterministic.",
			      formats[i]);
		/* Text and JSON carry device text as data; the markup formats must escape it. */
		if (!strcmp(formats[i], "html") || !strcmp(formats[i], "junit"))
			ck_assert_msg(!strstr(a, "<script>alert"), "The %s output carries no "
				      "device markup unescaped.", formats[i]);
		free(a);
		free(b);
	}
	a = render(d, "text", NULL);
	ck_assert_msg(strstr(a, "  os.version  22.04 -> <script>alert(1)</script>  NOT ALLOWED"),
		      "The text diff shows field, old -> new and the verdict of the change:\n%s", a);
	free(a);
	a = render(d, "html", NULL);
	ck_assert_msg(strstr(a, "&lt;script&gt;alert(1)&lt;/script&gt;") != NULL,
		      "The HTML diff view escapes device text.");
	ck_assert_msg(strstr(a, "<h3 class=\"mono\">gpu01 <span class=\"count\">1</span></h3>"),
		      "The HTML diff view groups changes by device.");
	free(a);
	a = render(d, "junit", NULL);
	ck_assert_msg(strstr(a, "gpu02 os.version: 22.04 -&gt; &lt;script&gt;") != NULL,
		      "The JUnit diff lists the unexpected change, escaped.");
	ck_assert_msg(strstr(a, "the expected change is missing on 3 of 4 subjects") != NULL,
		      "The JUnit allow entry counts the subjects it is missing on.");
	free(a);
	fa_allow_free((struct fa_allow *)opts.allow);
	json_decref(o);
	json_decref(n);
	json_decref(d);
}
END_TEST

START_TEST(render_junit_of_sample_reports)
{
	json_t *r = sample_report("incomplete");
	char *x = render(r, "junit", NULL);

	ck_assert_msg(strstr(x, "<error type=\"collection\" message=\"3 of 9 devices not "
			     "collected\">") != NULL,
		      "Devices not collected are one testcase with an error.");
	ck_assert_msg(strstr(x, "\ngpu004: timeout: ") != NULL,
		      "Each device not collected is a line of the error text.");
	free(x);
	json_decref(r);
	r = sample_report("findings");
	x = render(r, "junit", NULL);
	ck_assert_msg(strstr(x, "<testcase classname=\"fabric-audit.roce-basics\" "
			     "name=\"mtu.jumbo\">\n      <failure type=\"error\"") != NULL,
		      "A failing rule is a testcase with a failure typed by its severity.");
	ck_assert_msg(strstr(x, "&lt;script&gt;alert('pwned')&lt;/script&gt;") &&
		      !strstr(x, "<script>"), "Markup in a finding is escaped.");
	free(x);
	json_decref(r);
}
END_TEST

START_TEST(render_prometheus_of_sample_reports)
{
	struct fa_render_opts opts = FA_RENDER_OPTS_INIT;
	json_t *r = sample_report("incomplete"), *rule;
	char *p;

	opts.duration = 1.5;
	p = render(r, "prometheus", &opts);
	ck_assert_msg(strstr(p, "\nfabric_audit_devices{command=\"audit\",status=\"timeout\"} 1\n"),
		      "Devices are counted by status.");
	ck_assert_msg(strstr(p, "\nfabric_audit_devices{command=\"audit\",status=\"unreachable\"} "
			     "0\n"), "A status no device has is exported as 0.");
	ck_assert_msg(strstr(p, "\nfabric_audit_not_evaluable_checks{command=\"audit\"} 12\n"),
		      "Checks not evaluable are exported.");
	ck_assert_msg(strstr(p, "\nfabric_audit_last_run_duration_seconds{command=\"audit\"} "
			     "1.500\n"), "The duration the caller measured is exported.");
	ck_assert_msg(strstr(p, "# TYPE fabric_audit_findings gauge\n"), "Every metric has TYPE.");
	free(p);
	/* Label values are escaped: a rule id with a quote and a backslash. */
	rule = json_array_get(json_object_get(r, "rules"), 0);
	json_object_set_new(rule, "id", json_string("a\"b\\c"));
	opts.command = "nightly";
	opts.duration = -1;
	p = render(r, "prometheus", &opts);
	ck_assert_msg(strstr(p, "{command=\"nightly\",rule=\"a\\\"b\\\\c\",") != NULL,
		      "Label values escape quotes and backslashes; the caller names the command.");
	ck_assert_msg(!strstr(p, "duration"), "An unknown duration is not exported.");
	free(p);
	json_decref(r);
}
END_TEST

Suite *fa_diff_suite(void)
{
	Suite *s = suite_create("diff");
	TCase *tc = tcase_create("diff");

	tcase_add_test(tc, diff_identical_snapshots_are_clean);
	tcase_add_test(tc, diff_reordered_ports_and_devices_are_not_changes);
	tcase_add_test(tc, diff_nested_field_has_its_path_and_values);
	tcase_add_test(tc, diff_marks_regressions);
	tcase_add_test(tc, diff_lists_are_compared_whole);
	tcase_add_test(tc, diff_renamed_field_and_renamed_port);
	tcase_add_test(tc, diff_added_and_removed_devices);
	tcase_add_test(tc, diff_volatile_fields_never_count);
	tcase_add_test(tc, diff_volatile_file_reports_line_and_column);
	tcase_add_test(tc, diff_uncollected_device_compares_status_only);
	tcase_add_test(tc, diff_duplicate_names_are_refused);
	tcase_add_test(tc, diff_is_deterministic);
	tcase_add_test(tc, diff_check_names_the_format);
	tcase_add_test(tc, allow_only_allowed_changes_pass);
	tcase_add_test(tc, allow_other_changes_fail);
	tcase_add_test(tc, allow_expected_but_missing_fails);
	tcase_add_test(tc, allow_target_already_reached_is_not_missing);
	tcase_add_test(tc, allow_selector_kinds_and_value_text);
	tcase_add_test(tc, allow_never_covers_additions_or_status);
	tcase_add_loop_test(tc, allow_bad_files_are_refused_with_position, 0,
			    (int)(sizeof(bad_allows) / sizeof(bad_allows[0])));
	tcase_add_test(tc, allow_empty_and_missing_files);
	suite_add_tcase(s, tc);
	tc = tcase_create("render");
	tcase_add_test(tc, render_diff_every_format_deterministic);
	tcase_add_test(tc, render_junit_of_sample_reports);
	tcase_add_test(tc, render_prometheus_of_sample_reports);
	suite_add_tcase(s, tc);
	return s;
}
