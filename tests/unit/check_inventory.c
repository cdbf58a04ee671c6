/* SPDX-License-Identifier: MIT */
/*
 * Inventory loading: resolution of defaults, groups and device entries, JSON output without
 * secrets, and one fixture per error kind with its exact "file:line:column: message".
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "audit/util/buf.h"
#include "audit/util/fileio.h"
#include "drivers/platform.h"
#include "inventory/inventory-int.h"
#include "inventory/inventory.h"
#include "tests/unit/unit.h"

#define FA_INV_FIXTURES "tests/fixtures/inventory/"

static const char *fa_inv_fixture(const char *name)
{
	return fa_test_srcfile(name);
}

static void fa_inv_load_ok(const char *name, struct fa_inventory *inv)
{
	struct fa_err err = FA_ERR_INIT;
	char line[1024];
	int r;

	r = fa_inventory_load(fa_inv_fixture(name), inv, &err);
	ck_assert_msg(r == 0, "%s loads (got %s).", name, fa_err_format(&err, line, sizeof(line)));
}

static const struct fa_inv_device *fa_inv_get(const struct fa_inventory *inv, const char *name)
{
	const struct fa_inv_device *d = fa_inventory_find(inv, name);

	ck_assert_msg(d != NULL, "The inventory has a device named %s.", name);
	return d;
}

static void fa_inv_assert_strv(char *const *v, size_t n, const char *want, const char *what)
{
	struct fa_buf b = FA_BUF_INIT;
	size_t i;

	for (i = 0; i < n; i++)
		fa_buf_addf(&b, "%s%s", i ? "," : "", v[i]);
	ck_assert_msg(strcmp(b.buf, want) == 0, "The %s are '%s', not '%s'.", what, want, b.buf);
	fa_buf_release(&b);
}

START_TEST(inventory_resolves_the_documented_example)
{
	static const char *const order[] = {
		"spine1", "spine2", "leaf01", "leaf02", "leaf03", "leaf04", "gpu001", "gpu002",
		"gpu003", "gpu004", "gpu005", "gpu006", "gpu007", "gpu008", "gpu009", "mgmt-sw1",
	};
	struct fa_inventory inv = FA_INVENTORY_INIT;
	const struct fa_inv_device *d;
	char want[4200];
	size_t i;

	fa_inv_load_ok(FA_INV_FIXTURES "good.yaml", &inv);
	ck_assert_msg(inv.ndevices == 16, "good.yaml has 16 devices, not %zu.", inv.ndevices);
	for (i = 0; i < inv.ndevices; i++)
		ck_assert_msg(strcmp(inv.devices[i].name, order[i]) == 0,
			      "Device %zu is %s (file order), not %s.", i, order[i],
			      inv.devices[i].name);

	d = fa_inv_get(&inv, "spine2");
	ck_assert_msg(d->port == 2222, "A device entry's port overrides the ssh default.");
	ck_assert_str_eq(d->address, "10.0.0.2");
	ck_assert_str_eq(d->kind, "switch");
	ck_assert_str_eq(d->role, "spine");
	ck_assert_msg(d->line == 36, "spine2 is placed at its device entry, line 36, not %d.",
		      d->line);

	d = fa_inv_get(&inv, "leaf01");
	fa_inv_assert_strv(d->groups, d->ngroups, "leaves,rack1", "groups of leaf01");
	fa_inv_assert_strv(d->tags, d->ntags, "pod1,rack1", "tags of leaf01");
	ck_assert_str_eq(d->address, "leaf01");
	ck_assert_str_eq(d->password_env, "FA_SWITCH_PASSWORD");
	ck_assert_msg(d->port == 22 && d->transport == FA_TRANSPORT_SSH,
		      "A device without transport uses ssh on port 22.");
	ck_assert_msg(d->ssh_agent && d->timeout == 30, "Defaults give ssh_agent and timeout.");
	snprintf(want, sizeof(want), "%s", fa_inv_fixture(FA_INV_FIXTURES "keys/audit_ed25519"));
	ck_assert_msg(strcmp(d->identity_file, want) == 0,
		      "identity_file is taken relative to the inventory's folder (%s, not %s).",
		      want, d->identity_file);

	d = fa_inv_get(&inv, "gpu001");
	ck_assert_str_eq(d->address, "192.0.2.11");
	ck_assert_str_eq(d->user, "root");
	ck_assert_str_eq(d->kind, "host");
	ck_assert_msg(d->timeout == 60, "The device entry's timeout wins over the default.");
	ck_assert_msg(d->password_env == NULL, "A host outside 'leaves' has no password_env.");
	fa_inv_assert_strv(d->tags, d->ntags, "pod1,gpu,rack1", "tags of gpu001");
	ck_assert_msg(json_integer_value(json_object_get(d->vars, "mtu")) == 4200 &&
			      json_integer_value(json_object_get(d->vars, "rail_count")) == 8,
		      "vars merge key by key, the later group winning.");
	d = fa_inv_get(&inv, "gpu002");
	ck_assert_str_eq(d->address, "192.0.2.12");
	d = fa_inv_get(&inv, "gpu005");
	ck_assert_msg(json_integer_value(json_object_get(d->vars, "mtu")) == 9000,
		      "A host outside rack1 keeps the gpu group's mtu var.");

	d = fa_inv_get(&inv, "gpu009");
	ck_assert_msg(d->transport == FA_TRANSPORT_REPLAY && d->port == 0,
		      "A replayed device has no port.");
	snprintf(want, sizeof(want), "%s", fa_inv_fixture(FA_INV_FIXTURES "captures"));
	ck_assert_msg(strcmp(d->captures, want) == 0,
		      "captures is taken relative to the inventory's folder.");
	ck_assert_msg(d->ngroups == 0, "A device named by no group has no groups.");

	d = fa_inv_get(&inv, "mgmt-sw1");
	ck_assert_msg(d->transport == FA_TRANSPORT_NETCONF && d->port == 830,
		      "netconf defaults to port 830.");
	ck_assert_msg(d->role == NULL, "An unset role stays unset.");
	ck_assert_msg(fa_inventory_find(&inv, "gpu010") == NULL, "An unknown name is not found.");
	fa_inventory_release(&inv);
	ck_assert_msg(inv.ndevices == 0 && inv.devices == NULL, "A released inventory is empty.");
	fa_inventory_release(&inv);
}
END_TEST

START_TEST(inventory_reads_json)
{
	struct fa_inventory inv = FA_INVENTORY_INIT;
	const struct fa_inv_device *d;

	fa_inv_load_ok(FA_INV_FIXTURES "good.json", &inv);
	ck_assert_msg(inv.ndevices == 6, "good.json has 6 devices, not %zu.", inv.ndevices);
	ck_assert_str_eq(inv.devices[3].name, "r2n02");
	d = fa_inv_get(&inv, "r1n01");
	ck_assert_str_eq(d->address, "198.51.100.7");
	ck_assert_msg(d->timeout == 2.5, "A real timeout is kept.");
	ck_assert_msg(d->line == 7, "r1n01 is placed at its device entry, line 7, not %d.",
		      d->line);
	d = fa_inv_get(&inv, "localhost");
	ck_assert_msg(d->transport == FA_TRANSPORT_LOCAL && d->port == 0,
		      "The local transport has no port.");
	ck_assert_str_eq(d->identity_file, "/etc/fa/id");
	d = fa_inv_get(&inv, "leaf7");
	ck_assert_msg(d->port == 830 && !strcmp(d->kind, "switch"),
		      "leaf7 is a netconf switch on port 830.");
	fa_inventory_release(&inv);
}
END_TEST

START_TEST(inventory_precedence_and_merging)
{
	struct fa_inventory inv = FA_INVENTORY_INIT;
	const struct fa_inv_device *d;

	fa_inv_load_ok(FA_INV_FIXTURES "precedence.yaml", &inv);
	d = fa_inv_get(&inv, "h1");
	ck_assert_str_eq(d->role, "g1");
	ck_assert_str_eq(d->user, "u1");
	ck_assert_msg(d->port == 2200, "The default port applies (got %d).", d->port);
	fa_inv_assert_strv(d->tags, d->ntags, "a,b", "tags of h1");
	fa_inv_assert_strv(d->nccl_env, d->nnccl_env, "/etc/profile.d/nccl.sh",
			   "NCCL environment files of h1 (the defaults')");
	d = fa_inv_get(&inv, "h2");
	fa_inv_assert_strv(d->nccl_env, d->nnccl_env,
			   "/etc/profile.d/nccl.sh,/opt/site/nccl-rail.env",
			   "NCCL environment files of h2 (group second's list, in its order)");
	ck_assert_msg(!strcmp(d->role, "g2"), "The later group's role wins over the earlier.");
	ck_assert_msg(!strcmp(d->user, "u3"), "The device entry's user wins over the groups'.");
	fa_inv_assert_strv(d->groups, d->ngroups, "first,second", "groups of h2");
	fa_inv_assert_strv(d->tags, d->ntags, "a,b,c,d", "tags of h2");
	ck_assert_msg(json_integer_value(json_object_get(d->vars, "x")) == 1 &&
			      json_integer_value(json_object_get(d->vars, "y")) == 2,
		      "vars of h2 are x=1 (first) and y=2 (second).");
	d = fa_inv_get(&inv, "h3");
	ck_assert_str_eq(d->platform, "cumulus");
	ck_assert_str_eq(d->kind, "switch");
	ck_assert_str_eq(d->role, "default-role");
	ck_assert_msg(!d->ssh_agent, "ssh_agent false is kept.");
	ck_assert_msg(json_integer_value(json_object_get(d->vars, "x")) == 0,
		      "A device in no group gets the default vars.");
	fa_inventory_release(&inv);
}
END_TEST

START_TEST(inventory_keeps_first_mention_order)
{
	static const char *const order[] = { "z9", "m2", "m3", "a1", "b1" };
	struct fa_inventory inv = FA_INVENTORY_INIT;
	size_t i;

	fa_inv_load_ok(FA_INV_FIXTURES "order.yaml", &inv);
	ck_assert_msg(inv.ndevices == 5, "order.yaml has 5 devices, not %zu.", inv.ndevices);
	for (i = 0; i < 5; i++)
		ck_assert_msg(strcmp(inv.devices[i].name, order[i]) == 0,
			      "Device %zu is %s, not %s.", i, order[i], inv.devices[i].name);
	fa_inv_assert_strv(inv.devices[2].groups, inv.devices[2].ngroups, "late", "groups of m3");
	fa_inventory_release(&inv);
}
END_TEST

START_TEST(inventory_json_has_no_secret)
{
	struct fa_inventory inv = FA_INVENTORY_INIT;
	json_t *j, *leaf;
	char *text;

	setenv("FA_SWITCH_PASSWORD", "s3cret-Passw0rd", 1);
	fa_inv_load_ok(FA_INV_FIXTURES "good.yaml", &inv);
	j = fa_inventory_to_json(&inv);
	text = json_dumps(j, JSON_SORT_KEYS);
	ck_assert_msg(strstr(text, "s3cret-Passw0rd") == NULL,
		      "The JSON never holds the value of the password variable.");
	ck_assert_msg(strstr(text, "\"password\"") == NULL, "The JSON has no password key.");
	ck_assert_str_eq(json_string_value(json_object_get(j, "format")),
			 "fabric-audit/inventory/v1");
	leaf = json_array_get(json_object_get(j, "devices"), 2);
	ck_assert_str_eq(json_string_value(json_object_get(leaf, "name")), "leaf01");
	ck_assert_str_eq(json_string_value(json_object_get(leaf, "password_env")),
			 "FA_SWITCH_PASSWORD");
	ck_assert_msg(json_integer_value(json_object_get(leaf, "port")) == 22 &&
			      json_is_true(json_object_get(leaf, "ssh_agent")),
		      "The JSON of leaf01 has port 22 and ssh_agent true.");
	ck_assert_msg(json_array_size(json_object_get(j, "devices")) == 16,
		      "The JSON lists every device.");
	free(text);
	json_decref(j);
	fa_inventory_release(&inv);
	unsetenv("FA_SWITCH_PASSWORD");
}
END_TEST

/* One fixture per error kind, with the exact position and message. */
/* "cumulus, eos, linux, ...": every built-in platform, as the loader lists them. */
static const char *fa_inv_platform_list(void)
{
	static char list[512];
	size_t i, n = 0;

	list[0] = '\0';
	for (i = 0; fa_platforms[i]; i++)
		n += (size_t)snprintf(list + n, sizeof(list) - n, "%s%s", i ? ", " : "",
				      fa_platforms[i]->name);
	return list;
}

static const struct {
	const char *file;
	int code;
	int line, column;
	const char *msg;
} fa_inv_bad[] = {
	{ "bad-unknown-key.yaml", FA_EPARSE, 12, 5,
	  "unknown key 'plaform' (did you mean 'platform'?)" },
	{ "bad-unknown-top.yaml", FA_EPARSE, 3, 1,
	  "unknown key 'hosts' (known keys: defaults, devices, groups)" },
	{ "bad-password.yaml", FA_EPARSE, 6, 5,
	  "passwords are not stored in the inventory: put it in an environment variable and give "
	  "the variable's name with 'password_env'" },
	{ "bad-password-env.yaml", FA_EINVAL, 3, 17,
	  "'password_env' is the name of an environment variable (letters, digits and '_'), not "
	  "'hunter2!'" },
	{ "bad-type.yaml", FA_EPARSE, 3, 9, "'tags' must be a list of strings" },
	{ "bad-port.yaml", FA_EINVAL, 4, 11, "'port' must be an integer from 1 to 65535" },
	{ "bad-nccl-env.yaml", FA_EINVAL, 3, 38,
	  "each 'nccl_env' file must be an absolute path of letters, digits and . _ - + / @ , : = "
	  "(it is read on the host with 'cat FILE')" },
	{ "bad-duplicate.yaml", FA_EPARSE, 7, 11,
	  "device 'leaf1' is defined twice (first at line 4)" },
	{ "bad-duplicate-range.yaml", FA_EPARSE, 5, 11,
	  "device 'gpu008' is defined twice (first at line 4)" },
	{ "bad-range.yaml", FA_EINVAL, 7, 9,
	  "range 010-005 in host range 'gpu[010-005]' is reversed" },
	{ "bad-range-bracket.yaml", FA_EINVAL, 4, 11,
	  "unbalanced '[' in host range 'gpu[001-004'" },
	{ "bad-platform.yaml", FA_EINVAL, 3, 15,
	  "unknown platform 'cumuls' (did you mean 'cumulus'? known platforms: {platforms})" },
	{ "bad-transport.yaml", FA_EINVAL, 3, 14,
	  "unknown transport 'telnet' (known transports: ssh, netconf, local, replay)" },
	{ "bad-no-platform.yaml", FA_EINVAL, 7, 11,
	  "device 'gpu001' has no platform (set 'platform' in defaults, one of its groups or its "
	  "device entry)" },
	{ "bad-replay-no-captures.yaml", FA_EINVAL, 5, 11,
	  "device 'gpu001' uses the replay transport but has no 'captures' directory" },
	{ "bad-ib-inprocess-ssh.yaml", FA_EINVAL, 5, 11,
	  "device 'ib-fabric-a': 'ib_discovery: inprocess' needs transport 'local' (or 'replay'), "
	  "not 'ssh'" },
	{ "bad-ib-port-tools.yaml", FA_EINVAL, 5, 11,
	  "device 'ib-fabric-a': 'ib_port' chooses the port of the in-process discovery and needs "
	  "'ib_discovery: inprocess' (the diagnostics take theirs from "
	  "/etc/infiniband-diags/ibdiag.conf)" },
	{ "bad-ib-port-form.yaml", FA_EINVAL, 7, 14,
	  "'ib_port' is an HCA, or an HCA and a port number ('mlx5_1' or 'mlx5_1/1'), not "
	  "'mlx5_1/0'" },
	{ "bad-ib-partitions-file.yaml", FA_EINVAL, 6, 25,
	  "'ib_partitions_file' must be an absolute path of letters, digits and . _ - + / @ , : = "
	  "(it is read on the host with 'cat FILE')" },
	{ "bad-syntax.yaml", FA_EPARSE, 5, 4, "did not find expected '-' indicator" },
	{ "bad-address-count.yaml", FA_EINVAL, 5, 14,
	  "'address' gives 3 addresses for 4 devices; give a range of 4 addresses or leave it "
	  "out" },
	{ "bad-name.yaml", FA_EINVAL, 4, 11,
	  "'racks/gpu001' is not a usable device name (no blanks, '/' or control characters)" },
	{ "bad-not-mapping.yaml", FA_EPARSE, 1, 1,
	  "an inventory is a mapping with 'defaults', 'groups' and 'devices'" },
	{ "bad-no-name.yaml", FA_EPARSE, 4, 5, "a device entry needs a 'name'" },
	{ "bad-no-devices.yaml", FA_EINVAL, 1, 1, "the inventory names no devices" },
	{ "empty.yaml", FA_EINVAL, 0, 0, "the inventory file is empty" },
	{ "bad-ini-password.ini", FA_EPARSE, 3, 29,
	  "passwords are not stored in the inventory: put it in an environment variable and give "
	  "the variable's name with 'fabric_audit_password_env'" },
	{ "bad-ini-unknown-var.ini", FA_EPARSE, 5, 1,
	  "unknown variable 'fabric_audit_plaform' (did you mean 'fabric_audit_platform'?)" },
	{ "bad-ini-range.ini", FA_EINVAL, 2, 1,
	  "host pattern 'gpu[a:f]': only numeric ranges such as [01:50] are read" },
	{ "bad-ini-cycle.ini", FA_EPARSE, 1, 2,
	  "group 'pod' is among its own children (a :children cycle)" },
	{ "bad-ini-platform.ini", FA_EINVAL, 2, 26,
	  "unknown platform 'arista.eos.eos' (known platforms: {platforms})" },
	{ "bad-ini-kv.ini", FA_EPARSE, 2, 38, "'rack7' is not key=value" },
	{ "bad-ini-section.ini", FA_EPARSE, 4, 6,
	  "unknown section kind ':hosts' (known: vars, children)" },
	{ "bad-ini-host-in-vars.ini", FA_EPARSE, 5, 1,
	  "'ansible_host' belongs on a host line, not in :vars" },
	{ "bad-ini-port.ini", FA_EINVAL, 2, 20, "'port' must be an integer from 1 to 65535" },
	{ "bad-ini-child.ini", FA_EPARSE, 5, 1,
	  "'leaves[1]' is not a group name (letters, digits, '_', '-', '.')" },
	{ "bad-ansible-hosts.json", FA_EPARSE, 6, 18, "a group's 'hosts' is a list of host names" },
	{ "bad-ansible-group-key.json", FA_EPARSE, 7, 9,
	  "unknown key 'host_vars' in group 'leaves' (not what 'ansible-inventory --list' "
	  "prints)" },
	{ "bad-ansible-host-in-group.json", FA_EPARSE, 9, 13,
	  "'ansible_host' is a host's variable (host_vars), not a group's" },
	{ "bad-ansible-port.json", FA_EINVAL, 6, 33, "'port' must be an integer from 1 to 65535" },
};

START_TEST(inventory_errors_say_where)
{
	struct fa_inventory inv = FA_INVENTORY_INIT;
	struct fa_err err = FA_ERR_INIT;
	char rel[256], path[4096], got[1200], want[4800], msg[600];
	int r;

	snprintf(rel, sizeof(rel), FA_INV_FIXTURES "%s", fa_inv_bad[_i].file);
	snprintf(path, sizeof(path), "%s", fa_inv_fixture(rel));
	r = fa_inventory_load(path, &inv, &err);
	ck_assert_msg(r == -fa_inv_bad[_i].code, "%s fails with code %d, not %d.",
		      fa_inv_bad[_i].file, -fa_inv_bad[_i].code, r);
	ck_assert_msg(inv.ndevices == 0 && inv.devices == NULL,
		      "A failed load leaves the inventory empty.");
	/* "{platforms}" in an expected message stands for every built-in platform. */
	{
		const char *m = fa_inv_bad[_i].msg, *at = strstr(m, "{platforms}");

		if (at)
			snprintf(msg, sizeof(msg), "%.*s%s%s", (int)(at - m), m,
				 fa_inv_platform_list(), at + strlen("{platforms}"));
		else
			snprintf(msg, sizeof(msg), "%s", m);
	}
	if (fa_inv_bad[_i].line)
		snprintf(want, sizeof(want), "%s:%d:%d: %s", path, fa_inv_bad[_i].line,
			 fa_inv_bad[_i].column, msg);
	else
		snprintf(want, sizeof(want), "%s: %s", path, msg);
	fa_err_format(&err, got, sizeof(got));
	ck_assert_msg(strcmp(got, want) == 0, "%s is reported as \"%s\", not \"%s\".",
		      fa_inv_bad[_i].file, want, got);
}
END_TEST

START_TEST(inventory_missing_file_is_enoent)
{
	struct fa_inventory inv = FA_INVENTORY_INIT;
	struct fa_err err = FA_ERR_INIT;
	char line[1024];

	ck_assert_int_eq(fa_inventory_load("/nonexistent/inventory.yaml", &inv, &err),
			 -FA_ENOENT);
	fa_err_format(&err, line, sizeof(line));
	ck_assert_msg(strstr(line, "/nonexistent/inventory.yaml") != NULL,
		      "The error names the missing file (got %s).", line);
	ck_assert_msg(fa_inventory_load("/nonexistent/inventory.yaml", &inv, NULL) == -FA_ENOENT,
		      "A NULL err is allowed.");
}
END_TEST

/*
 * Every prefix of a good inventory either loads or fails with a definite message; none
 * crashes (AddressSanitizer runs check this for leaks too).
 */
static const char *const fa_inv_cut_sources[] = { "good.yaml", "good.json", "hosts.ini" };

START_TEST(inventory_truncated_input_fails_cleanly)
{
	const char *src = fa_inv_cut_sources[_i];
	char dir[] = "/tmp/fa-inv-XXXXXX";
	char path[256], rel[256];
	struct fa_buf full = FA_BUF_INIT;
	size_t len;
	int loaded = 0, failed = 0;
	FILE *fp;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	/* the same extension, so that the same reader is used */
	snprintf(path, sizeof(path), "%s/cut%s", dir, strrchr(src, '.'));
	snprintf(rel, sizeof(rel), FA_INV_FIXTURES "%s", src);
	fa_test_read(fa_inv_fixture(rel), &full);
	for (len = 0; len <= full.len; len += 3) {
		struct fa_inventory inv = FA_INVENTORY_INIT;
		struct fa_err err = FA_ERR_INIT;
		int r;

		/* a plain write: hundreds of fsyncs would only measure the disk */
		fp = fopen(path, "w");
		ck_assert_ptr_nonnull(fp);
		ck_assert_int_eq(fwrite(full.buf, 1, len, fp), len);
		ck_assert_int_eq(fclose(fp), 0);
		r = fa_inventory_load(path, &inv, &err);
		if (r == 0) {
			loaded++;
			ck_assert_msg(inv.ndevices > 0, "A loaded prefix has devices.");
		} else {
			failed++;
			ck_assert_msg(err.msg[0] != '\0' && r < 0,
				      "A failing %zu-byte prefix of %s has a message.", len, src);
		}
		fa_inventory_release(&inv);
	}
	ck_assert_msg(loaded > 0 && failed > 0, "Some prefixes of %s load and some fail (%d/%d).",
		      src, loaded, failed);
	unlink(path);
	rmdir(dir);
	fa_buf_release(&full);
}
END_TEST

START_TEST(inventory_imports_ansible_ini)
{
	static const char *const order[] = {
		"bastion.example.net", "spine1", "spine2", "leaf01", "leaf02", "leaf03", "leaf04",
		"gpu001", "gpu002", "gpu003", "gpu004", "gpu005", "gpu006",
	};
	struct fa_inventory inv = FA_INVENTORY_INIT;
	const struct fa_inv_device *d;
	size_t i;

	fa_inv_load_ok(FA_INV_FIXTURES "hosts.ini", &inv);
	ck_assert_msg(inv.ndevices == 13, "hosts.ini has 13 devices, not %zu.", inv.ndevices);
	for (i = 0; i < inv.ndevices; i++)
		ck_assert_msg(strcmp(inv.devices[i].name, order[i]) == 0,
			      "Device %zu is %s (file order), not %s.", i, order[i],
			      inv.devices[i].name);
	d = fa_inv_get(&inv, "bastion.example.net");
	ck_assert_str_eq(d->address, "198.51.100.5");
	ck_assert_str_eq(d->platform, "linux");
	ck_assert_msg(d->ngroups == 0, "A host above every section is in no group.");
	ck_assert_msg(d->line == 2, "The bastion is placed at its host line, 2, not %d.", d->line);

	d = fa_inv_get(&inv, "leaf01");
	ck_assert_msg(!strcmp(d->platform, "cumulus") && !strcmp(d->kind, "switch"),
		      "A host of the group named 'cumulus' gets the cumulus platform.");
	ck_assert_str_eq(d->role, "leaf");
	ck_assert_str_eq(d->user, "audit");
	ck_assert_str_eq(d->password_env, "FA_SWITCH_PASSWORD");
	ck_assert_msg(d->timeout == 30, "[all:vars] give the timeout.");
	fa_inv_assert_strv(d->groups, d->ngroups, "pod,rack1,cumulus", "groups of leaf01");
	fa_inv_assert_strv(d->tags, d->ntags, "pod1,roce", "tags of leaf01");
	ck_assert_msg(!strcmp(json_string_value(json_object_get(d->vars, "mtu")), "4200"),
		      "rack1 sorts after pod, so its :vars mtu wins, as in Ansible.");

	d = fa_inv_get(&inv, "gpu001");
	ck_assert_msg(!strcmp(d->user, "root"), "A host-line ansible_user wins over :vars.");
	ck_assert_str_eq(d->role, "gpu-host");
	ck_assert_str_eq(d->identity_file,
			 fa_inv_fixture(FA_INV_FIXTURES "keys/gpu_ed25519"));
	d = fa_inv_get(&inv, "gpu003");
	ck_assert_msg(!strcmp(json_string_value(json_object_get(d->vars, "mtu")), "9000"),
		      "A child group inherits its parent's :vars.");
	fa_inv_assert_strv(d->groups, d->ngroups, "pod,gpu", "groups of gpu003");
	d = fa_inv_get(&inv, "gpu005");
	ck_assert_msg(d->port == 2222 && !strcmp(d->address, "192.0.2.15"),
		      "ansible_host and ansible_port give address and port.");
	ck_assert_msg(json_integer_value(json_object_get(d->vars, "rail")) == 3,
		      "An unquoted number on a host line is a number.");
	d = fa_inv_get(&inv, "gpu006");
	ck_assert_msg(d->port == 2200, "host:port gives the port (got %d).", d->port);
	ck_assert_str_eq(json_string_value(json_object_get(d->vars, "site")), "dc one");
	fa_inventory_release(&inv);
}
END_TEST

START_TEST(inventory_detects_ini)
{
	static const char ini[] = "# hosts\n\n[leaves]\nleaf1\n";
	static const char yaml[] = "# hosts\ndevices:\n  - name: a\n";
	static const char flow[] = "[a, b]\n";

	ck_assert_msg(fa_ansible_ini_detect("hosts", ini, strlen(ini)),
		      "A file starting with a section header is INI.");
	ck_assert_msg(fa_ansible_ini_detect("x.ini", yaml, strlen(yaml)),
		      "A .ini name is INI whatever it holds.");
	ck_assert_msg(!fa_ansible_ini_detect("hosts.yaml", ini, strlen(ini)),
		      "A .yaml name is YAML whatever it holds.");
	ck_assert_msg(!fa_ansible_ini_detect("hosts", yaml, strlen(yaml)),
		      "A YAML mapping is not INI.");
	ck_assert_msg(!fa_ansible_ini_detect("hosts", flow, strlen(flow)),
		      "A YAML flow list is not INI.");
	ck_assert_msg(!fa_ansible_ini_detect("hosts", "", 0), "An empty file is not INI.");
}
END_TEST

START_TEST(inventory_transport_names_round_trip)
{
	int t;

	for (t = 0; t < FA_TRANSPORT_COUNT; t++)
		ck_assert_msg(fa_transport_from_string(fa_transport_to_string(t)) == t,
			      "Transport %d reads back from its name.", t);
	ck_assert_msg(fa_transport_from_string("telnet") == -FA_EINVAL,
		      "An unknown transport name is refused.");
	ck_assert_msg(fa_transport_to_string(FA_TRANSPORT_COUNT) == NULL,
		      "A value out of range has no name.");
}
END_TEST

Suite *fa_inventory_suite(void)
{
	Suite *s = suite_create("inventory");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, inventory_resolves_the_documented_example);
	tcase_add_test(tc, inventory_reads_json);
	tcase_add_test(tc, inventory_precedence_and_merging);
	tcase_add_test(tc, inventory_keeps_first_mention_order);
	tcase_add_test(tc, inventory_json_has_no_secret);
	tcase_add_loop_test(tc, inventory_errors_say_where, 0,
			    (int)(sizeof(fa_inv_bad) / sizeof(fa_inv_bad[0])));
	tcase_add_test(tc, inventory_missing_file_is_enoent);
	tcase_add_loop_test(tc, inventory_truncated_input_fails_cleanly, 0,
			    (int)(sizeof(fa_inv_cut_sources) / sizeof(fa_inv_cut_sources[0])));
	tcase_add_test(tc, inventory_imports_ansible_ini);
	tcase_add_test(tc, inventory_detects_ini);
	tcase_add_test(tc, inventory_transport_names_round_trip);
	suite_add_tcase(s, tc);
	return s;
}
