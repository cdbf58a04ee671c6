/* SPDX-License-Identifier: MIT */
/*
 * The engine on a small hand-written snapshot (tests/fixtures/rules/snapshot-small.json) with
 * one rule per scope (engine-pack.yaml): exact findings, counts, coverage, verdicts and exit
 * codes; the shipped packs' examples; speed on a large fabric.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "audit/engine.h"
#include "audit/related.h"
#include "audit/rootcause.h"
#include "rules/plan.h"
#include "rules/rule.h"
#include "rules/topo.h"
#include "rules/waiver.h"
#include "tests/unit/unit.h"

static json_t *fa_load_snapshot(const char *rel)
{
	json_error_t je;
	json_t *snap = json_load_file(fa_test_srcfile(rel), 0, &je);

	ck_assert_msg(snap != NULL, "%s is valid JSON (%d: %s).", rel, je.line, je.text);
	return snap;
}

static struct fa_ruleset *fa_load_rules(const char *rel)
{
	struct fa_ruleset *rs = fa_ruleset_new();
	struct fa_err err = FA_ERR_INIT;

	ck_assert_msg(fa_ruleset_load(rs, fa_test_srcfile(rel), &err) == 0, "%s loads (%s).", rel,
		      err.msg);
	return rs;
}

/* Run engine-pack.yaml on snapshot-small.json. */
static json_t *fa_run_small(const struct fa_engine_opts *opts)
{
	struct fa_ruleset *rs = fa_load_rules("tests/fixtures/rules/engine-pack.yaml");
	json_t *snap = fa_load_snapshot("tests/fixtures/rules/snapshot-small.json");
	struct fa_err err = FA_ERR_INIT;
	json_t *rep = NULL;

	ck_assert_msg(fa_engine_run(rs, snap, opts, &rep, &err) == 0, "The engine runs (%s).",
		      err.msg);
	json_decref(snap);
	fa_ruleset_free(rs);
	return rep;
}

static const char *fa_str(const json_t *obj, const char *key)
{
	const char *s = json_string_value(json_object_get(obj, key));

	return s ? s : "(absent)";
}

static json_int_t fa_int(const json_t *obj, const char *key)
{
	return json_integer_value(json_object_get(obj, key));
}

START_TEST(engine_report_head)
{
	struct fa_engine_opts opts = FA_ENGINE_OPTS_INIT;
	json_t *rep, *tool, *snap;

	opts.now = 1764691200;
	rep = fa_run_small(&opts);
	ck_assert_str_eq(fa_str(rep, "format"), "fabric-audit/report/v1");
	ck_assert_str_eq(fa_str(rep, "created"), "2025-12-02T16:00:00Z");
	tool = json_object_get(rep, "tool");
	ck_assert_str_eq(fa_str(tool, "name"), "fabric-audit");
	ck_assert_str_eq(fa_str(tool, "version"), PACKAGE_VERSION);
	snap = json_object_get(rep, "snapshot");
	ck_assert_str_eq(fa_str(snap, "created"), "2026-12-02T15:00:00Z");
	ck_assert_msg(strcmp(fa_str(snap, "source"), "lab.yaml") == 0,
		      "Without a source option, the snapshot's inventory is the source.");
	json_decref(rep);
	opts.source = "snap.json";
	rep = fa_run_small(&opts);
	ck_assert_str_eq(fa_str(json_object_get(rep, "snapshot"), "source"), "snap.json");
	json_decref(rep);
}
END_TEST

START_TEST(engine_findings_are_exact_and_sorted)
{
	static const struct {
		const char *rule, *severity, *subject_text, *expected, *actual, *message;
	} want[] = {
		/* the port's MTU explains its link's: the port finding first (a root cause) */
		{ "port.mtu.jumbo", "error", "gpu002:ens1f0np0", "port.mtu >= params.mtu_min",
		  "port.mtu=1500", "gpu002:ens1f0np0 has MTU 1500" },
		{ "link.mtu.equal", "error", "gpu002:ens1f0np0 -- leaf01:swp2",
		  "a.port.mtu == b.port.mtu", "a.port.mtu=1500, b.port.mtu=9216",
		  "MTU 1500 on gpu002:ens1f0np0 but 9216 on leaf01:swp2" },
		{ "dev.ofed.min", "warning", "gpu003", ">= 24.04", "23.10-2.1.3",
		  "gpu003 runs OFED 23.10-2.1.3" },
		{ "nic.fw.uniform", "warning", "gpu002:ens1f1np1 (group MT_0000000009)", "20.1",
		  "20.2", "gpu002:ens1f1np1 runs 20.2, most MT_0000000009 NICs run 20.1" },
		{ "nic.fw.uniform", "warning", "gpu003:ens1f0np0 (group MT_0000000838)",
		  "28.39.1002", "28.41.1000",
		  "gpu003:ens1f0np0 runs 28.41.1000, most MT_0000000838 NICs run 28.39.1002" },
		{ "host.kernel.uniform", "info", "gpu003 (group gpu)", "5.15.0-122-generic",
		  "5.15.0-91-generic", "gpu003 (group gpu): Hosts of a role run the same kernel" },
	};
	struct fa_engine_opts opts = FA_ENGINE_OPTS_INIT;
	json_t *rep = fa_run_small(&opts), *findings = json_object_get(rep, "findings"), *f, *s;
	size_t i;

	ck_assert_msg(json_array_size(findings) == sizeof(want) / sizeof(want[0]),
		      "There are %zu findings, not %zu.", sizeof(want) / sizeof(want[0]),
		      json_array_size(findings));
	json_array_foreach(findings, i, f) {
		ck_assert_str_eq(fa_str(f, "rule"), want[i].rule);
		ck_assert_str_eq(fa_str(f, "severity"), want[i].severity);
		ck_assert_str_eq(fa_str(f, "subject_text"), want[i].subject_text);
		ck_assert_str_eq(fa_str(f, "expected"), want[i].expected);
		ck_assert_str_eq(fa_str(f, "actual"), want[i].actual);
		ck_assert_str_eq(fa_str(f, "message"), want[i].message);
	}
	s = json_object_get(json_array_get(findings, 1), "subject");
	ck_assert_str_eq(fa_str(s, "type"), "link");
	ck_assert_str_eq(fa_str(json_object_get(s, "a"), "device"), "gpu002");
	ck_assert_str_eq(fa_str(json_object_get(s, "b"), "port"), "swp2");
	ck_assert_str_eq(fa_str(json_array_get(json_object_get(json_array_get(findings, 1),
							       "explained_by"), 0), "rule"),
			 "port.mtu.jumbo");
	ck_assert_str_eq(fa_str(json_array_get(findings, 0), "group"),
			 fa_str(json_array_get(findings, 1), "group"));
	s = json_object_get(json_array_get(findings, 0), "subject");
	ck_assert_msg(strcmp(fa_str(s, "type"), "port") == 0 && !strcmp(fa_str(s, "device"),
		      "gpu002") && !strcmp(fa_str(s, "port"), "ens1f0np0"),
		      "A port finding's subject names the device and the port.");
	s = json_object_get(json_array_get(findings, 2), "subject");
	ck_assert_msg(strcmp(fa_str(s, "type"), "device") == 0 && !json_object_get(s, "port"),
		      "A device finding's subject has no port.");
	s = json_object_get(json_array_get(findings, 4), "subject");
	ck_assert_msg(strcmp(fa_str(s, "type"), "group") == 0 &&
		      !strcmp(fa_str(s, "group"), "MT_0000000838") &&
		      !strcmp(fa_str(s, "port"), "ens1f0np0"),
		      "A group finding's subject names the group key, device and port.");
	ck_assert_str_eq(fa_str(json_array_get(findings, 2), "category"), "software");
	ck_assert_str_eq(fa_str(json_array_get(findings, 2), "title"),
			 "Hosts run OFED 24.04 or later");
	json_decref(rep);
}
END_TEST

START_TEST(engine_counts_per_rule_and_summary)
{
	static const struct {
		const char *id;
		json_int_t pass, fail, ne, na;
	} want[] = {
		{ "dev.ofed.min", 2, 1, 0, 1 },	    /* hosts 001-003, leaf not applicable */
		{ "host.kernel.uniform", 2, 1, 0, 1 },
		{ "link.mtu.equal", 2, 1, 1, 0 },   /* gpu004's link skipped, swp9 unknown */
		{ "link.pfc.equal", 2, 0, 2, 0 },   /* gpu003 reports no PFC */
		{ "nic.fw.uniform", 3, 2, 1, 5 },   /* gpu002:ens2f0np0 has no firmware */
		{ "port.mtu.jumbo", 8, 1, 1, 1 },   /* leaf01:swp4 has no MTU, eno1 no NIC */
	};
	struct fa_engine_opts opts = FA_ENGINE_OPTS_INIT;
	json_t *rep = fa_run_small(&opts), *rules = json_object_get(rep, "rules"), *r, *c;
	json_t *sum = json_object_get(rep, "summary"), *sev;
	size_t i;

	ck_assert_int_eq(json_array_size(rules), sizeof(want) / sizeof(want[0]));
	json_array_foreach(rules, i, r) {
		ck_assert_str_eq(fa_str(r, "id"), want[i].id);
		ck_assert_str_eq(fa_str(r, "pack"), "engine-test");
		c = json_object_get(r, "counts");
		ck_assert_msg(fa_int(c, "pass") == want[i].pass && fa_int(c, "fail") == want[i].fail &&
			      fa_int(c, "notevaluable") == want[i].ne &&
			      fa_int(c, "notapplicable") == want[i].na,
			      "Rule %s counts %lld pass, %lld fail, %lld not evaluable, %lld not "
			      "applicable.", want[i].id, (long long)want[i].pass,
			      (long long)want[i].fail, (long long)want[i].ne, (long long)want[i].na);
	}
	ck_assert_str_eq(fa_str(sum, "verdict"), "fail");
	ck_assert_int_eq(fa_int(sum, "findings"), 6);
	ck_assert_int_eq(fa_int(sum, "rules"), 6);
	ck_assert_int_eq(fa_int(sum, "rules_failed"), 5);
	ck_assert_int_eq(fa_int(sum, "checks"), 30);
	ck_assert_int_eq(fa_int(sum, "not_evaluable"), 5);
	sev = json_object_get(sum, "by_severity");
	ck_assert_msg(fa_int(sev, "error") == 2 && fa_int(sev, "warning") == 3 &&
		      fa_int(sev, "info") == 1, "Findings are counted by severity.");
	json_decref(rep);
}
END_TEST

START_TEST(engine_coverage_and_warnings)
{
	static const char *const ne[][3] = {
		{ "link.mtu.equal", "gpu001:ens1f1np1 -- leaf01:swp9", "b.port" },
		{ "link.pfc.equal", "gpu001:ens1f1np1 -- leaf01:swp9", "b.port" },
		{ "link.pfc.equal", "gpu003:ens1f0np0 -- leaf01:swp3", "a.port.qos.pfc_enabled" },
		{ "nic.fw.uniform", "gpu002:ens2f0np0 (group MT_0000000838)", "port.nic.firmware" },
		{ "port.mtu.jumbo", "leaf01:swp4", "port.mtu" },
	};
	struct fa_engine_opts opts = FA_ENGINE_OPTS_INIT;
	json_t *rep = fa_run_small(&opts), *cov = json_object_get(rep, "coverage"), *e;
	json_t *devs = json_object_get(cov, "devices"), *failed, *list, *w;
	size_t i;

	ck_assert_msg(fa_int(devs, "total") == 5 && fa_int(devs, "ok") == 4 &&
		      fa_int(devs, "failed") == 1, "Coverage counts 5 devices, 4 ok, 1 failed.");
	failed = json_object_get(cov, "failed_devices");
	ck_assert_int_eq(json_array_size(failed), 1);
	e = json_array_get(failed, 0);
	ck_assert_str_eq(fa_str(e, "device"), "gpu004");
	ck_assert_str_eq(fa_str(e, "status"), "timeout");
	ck_assert_str_eq(fa_str(e, "error"), "ssh: no answer within 10 s");
	list = json_object_get(cov, "not_evaluable");
	ck_assert_int_eq(json_array_size(list), sizeof(ne) / sizeof(ne[0]));
	json_array_foreach(list, i, e) {
		ck_assert_str_eq(fa_str(e, "rule"), ne[i][0]);
		ck_assert_str_eq(fa_str(e, "subject"), ne[i][1]);
		ck_assert_str_eq(fa_str(e, "missing"), ne[i][2]);
	}
	w = json_object_get(rep, "warnings");
	ck_assert_int_eq(json_array_size(w), 1);
	ck_assert_str_eq(fa_str(json_array_get(w, 0), "device"), "gpu001");
	ck_assert_str_eq(fa_str(json_array_get(w, 0), "message"),
			 "mlnx_qos -i ens1f1np1: unknown line 'Receive buffer size'");
	json_decref(rep);
}
END_TEST

/* Verdict and exit code for the small snapshot under each --fail-on / --allow-incomplete. */
START_TEST(engine_verdicts_and_exit_codes)
{
	static const char *const info_only =
		"tests/fixtures/rules/packdir/20-second.json";	/* an info rule */
	struct fa_engine_opts opts = FA_ENGINE_OPTS_INIT;
	json_t *rep = fa_run_small(&opts), *snap, *pcp, *acc;
	struct fa_ruleset *rs;
	struct fa_err err = FA_ERR_INIT;

	ck_assert_msg(fa_engine_exit_code(rep, &opts) == 1,
		      "Error findings with --fail-on error exit 1.");
	opts.allow_incomplete = true;
	ck_assert_msg(fa_engine_exit_code(rep, &opts) == 1,
		      "Findings outrank incompleteness: exit 1 even when incomplete is accepted.");
	json_decref(rep);

	/* Only an info rule: findings below --fail-on do not fail, the failed device remains. */
	rs = fa_load_rules(info_only);
	snap = fa_load_snapshot("tests/fixtures/rules/snapshot-small.json");
	opts.allow_incomplete = false;
	/* A site policy wanting PCP trust: every DSCP-trusting port becomes an info finding. */
	pcp = json_string("pcp");
	ck_assert_int_eq(fa_ruleset_set_param(rs, "trust", pcp, &err), 0);
	json_decref(pcp);
	ck_assert_int_eq(fa_engine_run(rs, snap, &opts, &rep, &err), 0);
	ck_assert_msg(fa_int(json_object_get(rep, "summary"), "findings") == 5,
		      "The info rule finds the 5 ports trusting DSCP, not PCP.");
	ck_assert_msg(strcmp(fa_str(json_object_get(rep, "summary"), "verdict"), "incomplete") == 0,
		      "A device that was not collected makes the verdict incomplete, never pass.");
	ck_assert_msg(fa_engine_exit_code(rep, &opts) == 2,
		      "An incomplete verdict exits 2 by default.");
	ck_assert_msg(json_object_get(json_object_get(rep, "summary"), "accepted_incomplete") ==
		      NULL, "Nothing is accepted without --allow-incomplete.");
	opts.fail_on = FA_SEVERITY_INFO;
	ck_assert_msg(fa_engine_exit_code(rep, &opts) == 1,
		      "The same report with --fail-on info exits 1.");
	json_decref(rep);
	ck_assert_int_eq(fa_engine_run(rs, snap, &opts, &rep, &err), 0);
	ck_assert_str_eq(fa_str(json_object_get(rep, "summary"), "verdict"), "fail");
	json_decref(rep);

	opts.fail_on = FA_SEVERITY_ERROR;
	opts.allow_incomplete = true;
	ck_assert_int_eq(fa_engine_run(rs, snap, &opts, &rep, &err), 0);
	ck_assert_msg(strcmp(fa_str(json_object_get(rep, "summary"), "verdict"), "incomplete") == 0,
		      "--allow-incomplete leaves the verdict incomplete.");
	ck_assert_msg(fa_engine_exit_code(rep, &opts) == 0,
		      "--allow-incomplete with nothing failed exits 0.");
	acc = json_object_get(json_object_get(rep, "summary"), "accepted_incomplete");
	ck_assert_msg(json_array_size(json_object_get(acc, "devices")) == 1,
		      "The report names the one device accepted as not collected.");
	json_decref(rep);

	/* Without the failed device, the ports lacking data still keep it incomplete. */
	opts.allow_incomplete = false;
	json_array_remove(json_object_get(snap, "devices"), 3);
	ck_assert_int_eq(fa_engine_run(rs, snap, &opts, &rep, &err), 0);
	ck_assert_msg(fa_int(json_object_get(rep, "summary"), "not_evaluable") > 0,
		      "Ports without qos.trust are not evaluable.");
	ck_assert_str_eq(fa_str(json_object_get(rep, "summary"), "verdict"), "incomplete");
	ck_assert_msg(fa_engine_exit_code(rep, NULL) == 2,
		      "No options: checks not evaluable exit 2.");
	json_decref(rep);

	opts.fail_on = -1;
	ck_assert_msg(fa_engine_run(rs, snap, &opts, &rep, &err) == -FA_EINVAL,
		      "A --fail-on out of range is -FA_EINVAL.");
	json_decref(snap);
	fa_ruleset_free(rs);
}
END_TEST

/* A rule whose where selects nothing is listed with why; one off by a parameter too. */
START_TEST(engine_lists_rules_that_applied_to_no_subject)
{
	struct fa_ruleset *rs = fa_load_rules("tests/fixtures/rules/engine-pack.yaml");
	struct fa_engine_opts opts = FA_ENGINE_OPTS_INIT;
	struct fa_err err = FA_ERR_INIT;
	json_t *snap = json_pack("{s:[{s:s,s:s,s:s,s:[{s:s,s:i}]}]}", "devices", "name",
				 "leaf01", "kind", "switch", "status", "ok", "ports", "name",
				 "swp1", "mtu", 9216);
	json_t *rep = NULL, *u, *why = json_object();
	size_t i;

	ck_assert_int_eq(fa_engine_run(rs, snap, &opts, &rep, &err), 0);
	json_array_foreach(json_object_get(json_object_get(rep, "coverage"), "unmatched_rules"),
			   i, u)
		json_object_set(why, fa_str(u, "rule"), json_object_get(u, "reason"));
	ck_assert_msg(!strcmp(fa_str(why, "dev.ofed.min"), "where"),
		      "A host rule on a fabric of one switch: its where matched nothing.");
	ck_assert_msg(!strcmp(fa_str(why, "link.mtu.equal"), "no-subjects"),
		      "A link rule on a fabric without links had no subject at all.");
	ck_assert_msg(!json_object_get(why, "port.mtu.jumbo"),
		      "The rule that checked the switch port is not listed.");
	ck_assert_msg(fa_int(json_object_get(rep, "summary"), "rules_unmatched") ==
		      (long long)json_object_size(why), "summary.rules_unmatched counts the list.");
	ck_assert_msg(strcmp(fa_str(json_object_get(rep, "summary"), "verdict"), "pass") == 0,
		      "Rules that applied to nothing do not make the verdict incomplete.");
	ck_assert_msg(json_array_size(json_object_get(rep, "packs")) == 1 &&
		      strlen(fa_str(json_object_get(rep, "summary"), "packs_digest")) == 64 &&
		      strlen(fa_str(json_array_get(json_object_get(rep, "packs"), 0), "sha256")) ==
		      64, "The report names the pack with its sha256, and the set's digest.");
	json_decref(why);
	json_decref(rep);
	json_decref(snap);
	fa_ruleset_free(rs);
}
END_TEST

START_TEST(engine_clean_fabric_passes)
{
	struct fa_ruleset *rs = fa_load_rules("tests/fixtures/rules/packdir");
	struct fa_engine_opts opts = FA_ENGINE_OPTS_INIT;
	struct fa_err err = FA_ERR_INIT;
	json_t *snap = json_pack("{s:[{s:s,s:s,s:s,s:[{s:s,s:i,s:{s:s}}]}]}", "devices", "name",
				 "leaf01", "kind", "switch", "status", "ok", "ports", "name",
				 "swp1", "mtu", 9216, "qos", "trust", "dscp");
	json_t *rep = NULL;

	ck_assert_int_eq(fa_engine_run(rs, snap, &opts, &rep, &err), 0);
	ck_assert_str_eq(fa_str(json_object_get(rep, "summary"), "verdict"), "pass");
	ck_assert_msg(fa_engine_exit_code(rep, &opts) == 0, "A clean, complete fabric exits 0.");
	ck_assert_int_eq(json_array_size(json_object_get(rep, "findings")), 0);
	ck_assert_int_eq(fa_int(json_object_get(rep, "summary"), "checks"), 2);
	json_decref(rep);
	json_decref(snap);
	fa_ruleset_free(rs);
}
END_TEST

START_TEST(engine_rejects_unusable_snapshots)
{
	static const char *const bad[] = {
		"[]",
		"{}",
		"{\"devices\": {}}",
		"{\"devices\": [{\"kind\": \"host\"}]}",
		"{\"devices\": [{\"name\": \"a\"}, {\"name\": \"a\"}]}",
		"{\"devices\": [{\"name\": \"a\", \"ports\": {}}]}",
		"{\"devices\": [{\"name\": \"a\", \"ports\": [{\"mtu\": 1}]}]}",
		"{\"devices\": [], \"links\": {}}",
		"{\"devices\": [], \"links\": [{\"a\": {\"device\": \"x\"}, \"b\": {}}]}",
	};
	struct fa_ruleset *rs = fa_load_rules("tests/fixtures/rules/engine-pack.yaml");
	struct fa_engine_opts opts = FA_ENGINE_OPTS_INIT;
	struct fa_err err = FA_ERR_INIT;
	json_error_t je;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		json_t *snap = json_loads(bad[i], 0, &je), *rep = NULL;

		ck_assert_msg(fa_engine_run(rs, snap, &opts, &rep, &err) == -FA_EPARSE,
			      "Snapshot %s is refused with -FA_EPARSE.", bad[i]);
		ck_assert_msg(rep == NULL, "A refused snapshot gives no report.");
		json_decref(snap);
	}
	fa_ruleset_free(rs);
}
END_TEST

START_TEST(engine_shipped_pack_examples_hold)
{
	struct fa_ruleset *rs = fa_load_rules("rules/packs");
	struct fa_err err = FA_ERR_INIT;
	size_t i, pass = 0, fail = 0, k;

	ck_assert_msg(fa_ruleset_check_examples(rs, &err) == 0,
		      "Every example of the shipped packs holds (%s:%d:%d: %s).", err.source,
		      err.line, err.column, err.msg);
	for (i = 0; i < rs->nrules; i++) {
		for (k = 0; k < rs->rules[i]->nexamples; k++) {
			if (rs->rules[i]->examples[k].pass)
				pass++;
			else
				fail++;
		}
	}
	ck_assert_msg(pass >= rs->nrules && fail >= rs->nrules,
		      "Each shipped rule has pass and fail examples (%zu and %zu).", pass, fail);
	fa_ruleset_free(rs);
}
END_TEST

START_TEST(engine_failing_example_is_located)
{
	struct fa_ruleset *rs = fa_load_rules("tests/fixtures/rules/bad-example.yaml");
	struct fa_err err = FA_ERR_INIT;

	ck_assert_msg(fa_ruleset_check_examples(rs, &err) == -FA_EINVAL,
		      "A pass example that fails is reported.");
	ck_assert_msg(err.line == 12 && err.column == 11 &&
		      strstr(err.msg, "rule 't.example': this pass example fails"),
		      "The report names the example at 12:11 (%d:%d: %s).", err.line, err.column,
		      err.msg);
	fa_ruleset_free(rs);
}
END_TEST

/* The shipped pack on the small snapshot: hosts without qos are gaps, not false alarms. */
START_TEST(engine_shipped_pack_on_small_snapshot)
{
	struct fa_ruleset *rs = fa_load_rules("rules/packs");
	json_t *snap = fa_load_snapshot("tests/fixtures/rules/snapshot-small.json");
	struct fa_engine_opts opts = FA_ENGINE_OPTS_INIT;
	struct fa_err err = FA_ERR_INIT;
	json_t *rep = NULL, *f;
	size_t i;
	bool gpu002_mtu = false;

	ck_assert_int_eq(fa_engine_run(rs, snap, &opts, &rep, &err), 0);
	json_array_foreach(json_object_get(rep, "findings"), i, f) {
		const char *subj = fa_str(f, "subject_text");

		ck_assert_msg(strstr(subj, "eno1") == NULL,
			      "A host port without an RDMA device (eno1) raises nothing.");
		ck_assert_msg(strstr(subj, "gpu004") == NULL,
			      "The device that was not collected raises nothing.");
		ck_assert_msg(strcmp(fa_str(f, "rule"), "trust.dscp") != 0 ||
			      strstr(subj, "gpu002") == NULL,
			      "A port that does not report trust is not a trust finding.");
		if (!strcmp(fa_str(f, "rule"), "mtu.rdma.jumbo") &&
		    !strcmp(subj, "gpu002:ens1f0np0")) {
			gpu002_mtu = true;
			ck_assert_str_eq(fa_str(f, "expected"), ">= 4200");
			ck_assert_str_eq(fa_str(f, "actual"), "1500");
			ck_assert_str_eq(fa_str(f, "message"),
					 "gpu002:ens1f0np0 has MTU 1500, below the RDMA minimum 4200");
		}
	}
	ck_assert_msg(gpu002_mtu, "gpu002's MTU 1500 is a finding of mtu.rdma.jumbo.");
	json_decref(rep);
	json_decref(snap);
	fa_ruleset_free(rs);
}
END_TEST

/*
 * Every rule of the shipped packs over 20,000 switch ports (100 switches of 200 ports): each
 * port is a subject of the port rules.  How fast this runs at fabric scale is bench/'s job
 * (make bench, docs/performance.md), not a timed unit test's.
 */
START_TEST(engine_port_rules_at_scale)
{
	struct fa_ruleset *rs = fa_load_rules("rules/packs");
	struct fa_engine_opts opts = FA_ENGINE_OPTS_INIT;
	struct fa_err err = FA_ERR_INIT;
	json_t *snap = json_object(), *devs = json_array(), *rep = NULL, *r;
	bool seen = false;
	size_t i, j;
	char name[32];

	for (i = 0; i < 100; i++) {
		json_t *d = json_object(), *ports = json_array();

		snprintf(name, sizeof(name), "leaf%04zu", i);
		json_object_set_new(d, "name", json_string(name));
		json_object_set_new(d, "kind", json_string("switch"));
		json_object_set_new(d, "status", json_string("ok"));
		for (j = 0; j < 200; j++) {
			snprintf(name, sizeof(name), "swp%zu", j + 1);
			json_array_append_new(ports, json_pack("{s:s,s:s,s:s,s:i,s:{s:s,s:[i]}}",
							       "name", name, "type", "ethernet",
							       "oper_state", "up", "mtu", 9216, "qos",
							       "trust", "dscp", "pfc_enabled", 3));
		}
		json_object_set_new(d, "ports", ports);
		json_array_append_new(devs, d);
	}
	json_object_set_new(snap, "devices", devs);
	ck_assert_int_eq(fa_engine_run(rs, snap, &opts, &rep, &err), 0);
	json_array_foreach(json_object_get(rep, "rules"), i, r) {
		if (!strcmp(fa_str(r, "id"), "mtu.rdma.jumbo")) {
			seen = true;
			ck_assert_msg(fa_int(json_object_get(r, "counts"), "pass") == 20000,
				      "All 20000 switch ports pass mtu.rdma.jumbo.");
		}
	}
	ck_assert_msg(seen, "mtu.rdma.jumbo is in the report's rules.");
	json_decref(rep);
	json_decref(snap);
	fa_ruleset_free(rs);
}
END_TEST

/* ---- path, fabric and plan scopes on snapshot-clos.json --------------------------------- */

static json_t *fa_run_clos_threads(const char *plan_file, const struct fa_waivers *waivers,
				   int threads)
{
	struct fa_ruleset *rs = fa_load_rules("tests/fixtures/rules/scopes-pack.yaml");
	json_t *snap = fa_load_snapshot("tests/fixtures/rules/snapshot-clos.json");
	struct fa_engine_opts opts = FA_ENGINE_OPTS_INIT;
	struct fa_err err = FA_ERR_INIT;
	struct fa_plan *plan = NULL;
	json_t *rep = NULL;

	if (plan_file)
		ck_assert_msg(fa_plan_load(fa_test_srcfile(plan_file), &plan, &err) == 0,
			      "%s loads (%s).", plan_file, err.msg);
	opts.plan = plan;
	opts.waivers = waivers;
	opts.now = 1764691200;	/* 2025-12-02 */
	opts.threads = threads;
	ck_assert_msg(fa_engine_run(rs, snap, &opts, &rep, &err) == 0, "The engine runs (%s).",
		      err.msg);
	fa_plan_free(plan);
	json_decref(snap);
	fa_ruleset_free(rs);
	return rep;
}

static json_t *fa_run_clos(const char *plan_file, const struct fa_waivers *waivers)
{
	return fa_run_clos_threads(plan_file, waivers, 1);
}

/* "rule subject | actual" of every finding (or waived finding), one per line. */
static void fa_findings_text(const json_t *rep, const char *list, struct fa_buf *out)
{
	const json_t *f;
	size_t i;

	json_array_foreach(json_object_get(rep, list), i, f)
		fa_buf_addf(out, "%s %s | %s\n", fa_str(f, "rule"), fa_str(f, "subject_text"),
			    fa_str(f, "actual"));
}

START_TEST(engine_path_fabric_plan_findings_are_exact)
{
	static const char want[] =
		"fabric.oversub.error leaf1 | 4:1\n"
		"path.pfc leaf2:swp32 -- spine2:swp2 (path from gpu3:ens1f0np0) | [3] on "
		"leaf2:swp32, [4] on spine2:swp2\n"
		"plan.miswired gpu2:ens1f0np0 -- leaf1:swp10 | plan.status=miswired\n"
		"fabric.oversub.warn leaf2 | 2:1\n"
		"plan.status gpu2:ens1f0np0 -- leaf1:swp10 | miswired\n"
		"plan.status gpu4:ens1f0np0 -- leaf2:swp2 | not-polled\n"
		"plan.status gpu9:ens1f0np0 -- leaf2:swp9 | not-polled\n"
		"plan.status leaf1:swp10x -- spine1:swp11 | unknown-port\n"
		"plan.status leaf1:swp31 -- spine1:swp1 | extra\n"
		"plan.status leaf2:swp32 -- spine2:swp2 | extra\n"
		"plan.status spine1:swp10 -- spine2:swp9 | no-peer\n";
	const char *const plans[] = { "tests/fixtures/rules/plan-clos.csv",
				      "tests/fixtures/rules/plan-clos.dot" };
	struct fa_buf got = FA_BUF_INIT;
	json_t *rep, *f, *s;
	size_t k;

	for (k = 0; k < 2; k++) {
		rep = fa_run_clos(plans[k], NULL);
		fa_buf_reset(&got);
		fa_findings_text(rep, "findings", &got);
		ck_assert_msg(strcmp(got.buf, want) == 0,
			      "With %s the findings are exactly:\n%s\nnot:\n%s", plans[k], want,
			      got.buf);
		f = json_array_get(json_object_get(rep, "findings"), 1);
		s = json_object_get(f, "subject");
		ck_assert_str_eq(fa_str(s, "type"), "path");
		ck_assert_str_eq(fa_str(json_object_get(s, "endpoint"), "device"), "gpu3");
		ck_assert_str_eq(fa_str(json_object_get(s, "a"), "port"), "swp32");
		ck_assert_str_eq(fa_str(json_object_get(s, "b"), "device"), "spine2");
		ck_assert_str_eq(fa_str(f, "message"),
				 "leaf2:swp32 -- spine2:swp2 breaks PFC on the path from "
				 "gpu3:ens1f0np0");
		f = json_array_get(json_object_get(rep, "findings"), 0);
		s = json_object_get(f, "subject");
		ck_assert_msg(!strcmp(fa_str(s, "type"), "fabric") &&
			      !strcmp(fa_str(s, "device"), "leaf1"),
			      "A per-device fabric finding names the device.");
		f = json_array_get(json_object_get(rep, "findings"), 2);
		ck_assert_str_eq(fa_str(f, "message"), "gpu2:ens1f0np0 should reach leaf1:swp10; "
				 "found leaf1:swp2 and (missing)");
		json_decref(rep);
	}
	fa_buf_release(&got);
}
END_TEST

START_TEST(engine_path_counts_one_outcome_per_endpoint)
{
	json_t *rep = fa_run_clos(NULL, NULL), *r, *c;
	size_t i, seen = 0;

	json_array_foreach(json_object_get(rep, "rules"), i, r) {
		c = json_object_get(r, "counts");
		if (!strcmp(fa_str(r, "id"), "path.pfc")) {
			seen++;
			ck_assert_msg(fa_int(c, "pass") == 2 && fa_int(c, "fail") == 1 &&
				      fa_int(c, "notapplicable") == 14,
				      "path.pfc: gpu1 and gpu2 pass, gpu3 fails, switch ports are "
				      "not endpoints.");
			ck_assert_str_eq(fa_str(r, "scope"), "path");
		}
		if (!strcmp(fa_str(r, "id"), "fabric.guid.unique")) {
			seen++;
			ck_assert_msg(fa_int(c, "pass") == 1, "A whole-fabric rule is one check.");
		}
		if (!strcmp(fa_str(r, "id"), "plan.status")) {
			seen++;
			ck_assert_msg(fa_int(c, "pass") + fa_int(c, "fail") == 0,
				      "Without a plan, plan rules have nothing to check.");
		}
	}
	ck_assert_int_eq(seen, 3);
	json_decref(rep);
}
END_TEST

START_TEST(engine_waivers_apply_until_they_expire)
{
	static const char text[] =
		"waivers:\n"
		"  - rule: 'plan.*'\n"
		"    subject: '* -- leaf1:swp10'\n"
		"    reason: NET-1234 recabling on Friday\n"
		"    expires: 2025-12-02\n"
		"  - rule: fabric.oversub.warn\n"
		"    reason: old exception\n"
		"    expires: 2025-12-01\n";
	struct fa_waivers *w = NULL;
	struct fa_err err = FA_ERR_INIT;
	struct fa_buf got = FA_BUF_INIT;
	json_t *rep, *sum, *list, *x;

	ck_assert_int_eq(fa_waivers_parse("w.yaml", text, strlen(text), &w, &err), 0);
	rep = fa_run_clos("tests/fixtures/rules/plan-clos.csv", w);
	fa_findings_text(rep, "waived", &got);
	ck_assert_str_eq(got.buf, "plan.miswired gpu2:ens1f0np0 -- leaf1:swp10 | "
			 "plan.status=miswired\n"
			 "plan.status gpu2:ens1f0np0 -- leaf1:swp10 | miswired\n");
	x = json_object_get(json_array_get(json_object_get(rep, "waived"), 0), "waiver");
	ck_assert_str_eq(fa_str(x, "reason"), "NET-1234 recabling on Friday");
	ck_assert_str_eq(fa_str(x, "source"), "w.yaml:2");
	sum = json_object_get(rep, "summary");
	ck_assert_msg(fa_int(sum, "findings") == 9 && fa_int(sum, "waived") == 2,
		      "Waived findings leave the findings count (%lld, %lld).",
		      (long long)fa_int(sum, "findings"), (long long)fa_int(sum, "waived"));
	list = json_object_get(rep, "waivers");
	ck_assert_str_eq(fa_str(json_array_get(list, 0), "status"), "active");
	ck_assert_int_eq(fa_int(json_array_get(list, 0), "matched"), 2);
	ck_assert_msg(!strcmp(fa_str(json_array_get(list, 1), "status"), "expired") &&
		      fa_int(json_array_get(list, 1), "matched") == 0,
		      "An expired waiver is reported and covers nothing.");
	fa_buf_reset(&got);
	fa_findings_text(rep, "findings", &got);
	ck_assert_msg(strstr(got.buf, "fabric.oversub.warn leaf2") != NULL,
		      "The finding an expired waiver named is reported again.");
	json_decref(rep);
	fa_buf_release(&got);
	fa_waivers_free(w);
}
END_TEST

/* The shipped packs on the small snapshot, on @threads threads, as JSON text. */
static char *fa_small_report_text(int threads)
{
	struct fa_ruleset *rs = fa_load_rules("rules/packs");
	json_t *snap = fa_load_snapshot("tests/fixtures/rules/snapshot-small.json");
	struct fa_engine_opts opts = FA_ENGINE_OPTS_INIT;
	struct fa_err err = FA_ERR_INIT;
	json_t *rep = NULL;
	char *text;

	opts.now = 1764691200;
	opts.threads = threads;
	ck_assert_int_eq(fa_engine_run(rs, snap, &opts, &rep, &err), 0);
	ck_assert_msg(json_array_size(json_object_get(json_object_get(rep, "coverage"),
						      "not_evaluable")) > 10 &&
		      json_array_size(json_object_get(rep, "findings")) > 3,
		      "The small snapshot has findings and not-evaluable checks to compare.");
	text = json_dumps(rep, JSON_INDENT(1));
	json_decref(rep);
	json_decref(snap);
	fa_ruleset_free(rs);
	return text;
}

/* Threads share the subjects out; the report must not show it (order of every list). */
START_TEST(engine_threads_give_the_same_report)
{
	static const char text[] =
		"waivers:\n"
		"  - rule: 'plan.*'\n"
		"    subject: '* -- leaf1:swp10'\n"
		"    reason: NET-1234 recabling on Friday\n"
		"    expires: 2025-12-02\n";
	static const int threads[] = { 2, 3, 7, 16 };
	struct fa_waivers *w = NULL;
	struct fa_err err = FA_ERR_INIT;
	json_t *one, *many;
	char *a, *b, *small;
	size_t i;

	ck_assert_int_eq(fa_waivers_parse("w.yaml", text, strlen(text), &w, &err), 0);
	one = fa_run_clos_threads("tests/fixtures/rules/plan-clos.csv", w, 1);
	a = json_dumps(one, JSON_INDENT(1));
	small = fa_small_report_text(1);
	for (i = 0; i < sizeof(threads) / sizeof(threads[0]); i++) {
		many = fa_run_clos_threads("tests/fixtures/rules/plan-clos.csv", w, threads[i]);
		b = json_dumps(many, JSON_INDENT(1));
		ck_assert_msg(strcmp(a, b) == 0,
			      "Path, fabric, plan rules and waivers on %d threads report as on one.",
			      threads[i]);
		free(b);
		json_decref(many);
		b = fa_small_report_text(threads[i]);
		ck_assert_msg(strcmp(small, b) == 0,
			      "The shipped packs on %d threads report as on one, byte for byte.",
			      threads[i]);
		free(b);
	}
	free(small);
	free(a);
	json_decref(one);
	fa_waivers_free(w);
}
END_TEST

/* Everything the topology answers, as text: ends per device, tiers, port lookups. */
static void fa_topo_text(const struct fa_topo *t, const json_t *snap, struct fa_buf *out)
{
	const json_t *d, *p;
	size_t i, j, k, n;

	json_array_foreach(json_object_get(snap, "devices"), i, d) {
		const struct fa_topo_end *e;

		n = fa_topo_device_ends(t, i, &e);
		fa_buf_addf(out, "%s tier %d:", fa_str(d, "name"), fa_topo_tier(t, i));
		for (k = 0; k < n; k++)
			fa_buf_addf(out, " %s>%zu:%s@%p%c%zu", e[k].port_name, e[k].peer_dev,
				    e[k].peer_port_name, (const void *)e[k].link,
				    e[k].is_a ? 'a' : 'b', e[k].order);
		json_array_foreach(json_object_get(d, "ports"), j, p) {
			const struct fa_topo_end *pe = fa_topo_port_end(t, p);

			fa_buf_addf(out, " [%s %d %p]", fa_str(p, "name"),
				    fa_topo_find_port(t, i, fa_str(p, "name")) == p,
				    pe ? (const void *)pe->link : NULL);
		}
		fa_buf_adds(out, "\n");
	}
}

/* Built in parts (threads) or whole, the topology is the same. */
START_TEST(engine_topology_parts_agree)
{
	json_t *snap = fa_load_snapshot("tests/fixtures/rules/snapshot-clos.json");
	struct fa_buf one = FA_BUF_INIT, many = FA_BUF_INIT;
	json_t *links = json_object_get(snap, "links");
	size_t parts;
	struct fa_topo *t;

	/* Cases the parts must agree on: a port on two links, a planned link, a dangling end. */
	json_array_append_new(links, json_deep_copy(json_array_get(links, 0)));
	json_array_append_new(links, json_pack("{s:{s:s,s:s},s:{s:s,s:s},s:s}", "a", "device",
					       "leaf1", "port", "swp60", "b", "device", "spine1",
					       "port", "swp60", "source", "plan"));
	json_array_append_new(links, json_pack("{s:{s:s,s:s},s:{s:s,s:s},s:s}", "a", "device",
					       "leaf1", "port", "nosuch", "b", "device", "nobody",
					       "port", "swp1", "source", "lldp"));
	t = fa_topo_new_parts(snap, 1);
	fa_topo_text(t, snap, &one);
	fa_topo_free(t);
	ck_assert_msg(strstr(one.buf, "tier 2:") != NULL, "The fixture has spines (tier 2).");
	for (parts = 2; parts <= 9; parts++) {
		fa_buf_reset(&many);
		t = fa_topo_new_parts(snap, parts);
		fa_topo_text(t, snap, &many);
		fa_topo_free(t);
		ck_assert_msg(strcmp(one.buf, many.buf) == 0,
			      "The topology built in %zu parts is the one built whole.", parts);
	}
	fa_buf_release(&one);
	fa_buf_release(&many);
	json_decref(snap);
}
END_TEST

START_TEST(engine_select_and_skip)
{
	struct fa_ruleset *rs = fa_load_rules("tests/fixtures/rules/scopes-pack.yaml");
	const char *const sel[] = { "path.*", "topology" }, *const skip[] = { "*.warn" };

	ck_assert_int_eq(fa_ruleset_select(rs, sel, 2, skip, 1), 4);
	ck_assert_msg(fa_ruleset_find(rs, "path.mtu") && fa_ruleset_find(rs, "fabric.guid.unique")
		      && !fa_ruleset_find(rs, "fabric.oversub.warn") &&
		      !fa_ruleset_find(rs, "plan.status"),
		      "Rules are selected by id or category glob, then skipped.");
	ck_assert_int_eq(fa_ruleset_select(rs, NULL, 0, NULL, 0), 4);
	fa_ruleset_free(rs);
}
END_TEST

/*
 * 20,000 hosts on one Clos, each path crossing 32 uplinks: every path passes.  Path rules
 * share per-switch results; how fast that is, is make bench's job (bench/bench-rules), not a
 * CPU-time bound here that a loaded machine can break.
 */
START_TEST(engine_path_rules_at_scale)
{
	struct fa_ruleset *rs = fa_load_rules("tests/fixtures/rules/scopes-pack.yaml");
	struct fa_engine_opts opts = FA_ENGINE_OPTS_INIT;
	struct fa_err err = FA_ERR_INIT;
	json_t *snap = json_object(), *devs = json_array(), *links = json_array(), *rep = NULL;
	json_t *qos = json_pack("{s:[i]}", "pfc_enabled", 3), *r;
	const char *const sel[] = { "path.*" };
	char name[32], peer[32];
	size_t i, j, nleaves = 625, nspines = 32;

	fa_ruleset_select(rs, sel, 1, NULL, 0);
	for (i = 0; i < nleaves * 32 + nleaves + nspines; i++) {
		json_t *d = json_object(), *ports = json_array();
		bool host = i < nleaves * 32, leaf = !host && i < nleaves * 33;

		snprintf(name, sizeof(name), host ? "h%zu" : leaf ? "l%zu" : "s%zu",
			 host ? i : leaf ? i - nleaves * 32 : i - nleaves * 33);
		json_object_set_new(d, "name", json_string(name));
		json_object_set_new(d, "kind", json_string(host ? "host" : "switch"));
		json_object_set_new(d, "role", json_string(host ? "gpu" : leaf ? "leaf" : "spine"));
		for (j = 0; j < (host ? 1 : leaf ? 64 : nleaves); j++) {
			snprintf(peer, sizeof(peer), "p%zu", j);
			json_array_append_new(ports, json_pack("{s:s,s:i,s:O,s:{s:s}}", "name", peer,
							       "mtu", 9000, "qos", qos, "nic",
							       "device", "mlx5_0"));
		}
		json_object_set_new(d, "ports", ports);
		json_array_append_new(devs, d);
	}
	for (i = 0; i < nleaves * 32; i++) {
		snprintf(name, sizeof(name), "h%zu", i);
		snprintf(peer, sizeof(peer), "l%zu", i / 32);
		json_array_append_new(links, json_pack("{s:{s:s,s:s},s:{s:s,s:s#},s:s}", "a",
						       "device", name, "port", "p0", "b", "device",
						       peer, "port", "p", (int)0, "source", "lldp"));
		json_object_set_new(json_object_get(json_array_get(links, i), "b"), "port",
				    json_sprintf("p%zu", i % 32));
	}
	for (i = 0; i < nleaves; i++) {
		for (j = 0; j < nspines; j++) {
			snprintf(name, sizeof(name), "l%zu", i);
			snprintf(peer, sizeof(peer), "s%zu", j);
			json_array_append_new(links, json_pack("{s:{s:s,s:o},s:{s:s,s:o},s:s}", "a",
							       "device", name, "port",
							       json_sprintf("p%zu", 32 + j), "b",
							       "device", peer, "port",
							       json_sprintf("p%zu", i), "source",
							       "lldp"));
		}
	}
	json_object_set_new(snap, "devices", devs);
	json_object_set_new(snap, "links", links);
	ck_assert_int_eq(fa_engine_run(rs, snap, &opts, &rep, &err), 0);
	json_array_foreach(json_object_get(rep, "rules"), i, r)
		ck_assert_msg(fa_int(json_object_get(r, "counts"), "pass") == 20000,
			      "All 20000 host paths pass %s.", fa_str(r, "id"));
	json_decref(qos);
	json_decref(rep);
	json_decref(snap);
	fa_ruleset_free(rs);
}
END_TEST

/* A fabric rule with for_each: one subject per element, one finding per duplicate set. */
START_TEST(engine_for_each_finding_per_set)
{
	static const char snap_text[] =
		"{\"devices\": ["
		"{\"name\": \"gpu1\", \"kind\": \"host\", \"ports\": ["
		" {\"name\": \"p0\", \"mac\": \"aa\"}, {\"name\": \"p1\", \"mac\": \"bb\"}]},"
		"{\"name\": \"gpu2\", \"kind\": \"host\", \"ports\": ["
		" {\"name\": \"p0\", \"mac\": \"aa\"}, {\"name\": \"p1\", \"mac\": \"cc\"}]},"
		"{\"name\": \"gpu3\", \"kind\": \"host\", \"ports\": [{\"name\": \"p0\", \"mac\": \"aa\"}]}"
		"], \"links\": []}";
	struct fa_ruleset *rs = fa_load_rules("tests/fixtures/rules/for-each-pack.yaml");
	struct fa_engine_opts opts = FA_ENGINE_OPTS_INIT;
	struct fa_err err = FA_ERR_INIT;
	json_t *snap = json_loads(snap_text, 0, NULL), *rep = NULL, *f, *subj, *rule, *ne;
	size_t i;

	ck_assert_msg(snap != NULL, "The test snapshot is valid JSON.");
	ck_assert_msg(fa_engine_run(rs, snap, &opts, &rep, &err) == 0, "The engine runs (%s).",
		      err.msg);
	ck_assert_msg(json_array_size(json_object_get(rep, "findings")) == 1,
		      "Three ports sharing one MAC are one finding, not three (got %zu).",
		      json_array_size(json_object_get(rep, "findings")));
	f = json_array_get(json_object_get(rep, "findings"), 0);
	subj = json_object_get(f, "subject");
	ck_assert_str_eq(fa_str(f, "rule"), "t.addr.unique");
	ck_assert_msg(strcmp(fa_str(subj, "type"), "fabric") == 0 &&
		      strcmp(fa_str(subj, "item"), "aa") == 0,
		      "The subject is the fabric's item aa (type %s, item %s).", fa_str(subj, "type"),
		      fa_str(subj, "item"));
	ck_assert_str_eq(fa_str(f, "subject_text"), "fabric[aa]");
	ck_assert_str_eq(fa_str(f, "message"), "aa is used by gpu1:p0, gpu2:p0, gpu3:p0");
	json_array_foreach(json_object_get(rep, "rules"), i, rule) {
		const json_t *c = json_object_get(rule, "counts");

		if (strcmp(fa_str(rule, "id"), "t.addr.unique") == 0)
			ck_assert_msg(fa_int(c, "pass") == 2 && fa_int(c, "fail") == 1,
				      "Each distinct MAC is a subject: 2 pass, 1 fails (got %lld, "
				      "%lld).", (long long)fa_int(c, "pass"),
				      (long long)fa_int(c, "fail"));
		else
			ck_assert_msg(fa_int(c, "notevaluable") == 1,
				      "A for_each that is no list makes the fabric not evaluable.");
	}
	ne = json_array_get(json_object_get(json_object_get(rep, "coverage"), "not_evaluable"), 0);
	ck_assert_msg(strstr(fa_str(ne, "error"), "not a list") != NULL,
		      "The reason says for_each gave no list (%s).", fa_str(ne, "error"));
	json_decref(rep);
	json_decref(snap);
	fa_ruleset_free(rs);
}
END_TEST

START_TEST(engine_default_rules_path)
{
	setenv("FABRIC_AUDIT_RULES", "/somewhere/rules", 1);
	ck_assert_str_eq(fa_rules_default_path(), "/somewhere/rules");
	unsetenv("FABRIC_AUDIT_RULES");
	ck_assert_msg(strstr(fa_rules_default_path(), "/rules") != NULL,
		      "Without the variable, the default is a rules folder (%s).",
		      fa_rules_default_path());
}
END_TEST

/* A health finding names the configuration findings of its port and of links through it. */
START_TEST(engine_health_findings_name_related_ones)
{
	json_error_t jerr;
	json_t *f = json_loads(
		"["
		"{\"rule\": \"health.pause.tx_rate\", \"category\": \"health\","
		" \"subject_text\": \"gpu1:eth0\","
		" \"subject\": {\"type\": \"port\", \"device\": \"gpu1\", \"port\": \"eth0\"}},"
		"{\"rule\": \"health.crc_errors\", \"category\": \"health\","
		" \"subject_text\": \"leaf1:swp9\","
		" \"subject\": {\"type\": \"port\", \"device\": \"leaf1\", \"port\": \"swp9\"}},"
		"{\"rule\": \"pfc.lossless.enabled\", \"category\": \"pfc\","
		" \"subject_text\": \"gpu1:eth0\","
		" \"subject\": {\"type\": \"port\", \"device\": \"gpu1\", \"port\": \"eth0\"}},"
		"{\"rule\": \"pfc.link.equal\", \"category\": \"pfc\","
		" \"subject_text\": \"gpu1:eth0 -- leaf1:swp1\","
		" \"subject\": {\"type\": \"link\", \"a\": {\"device\": \"gpu1\", \"port\": \"eth0\"},"
		" \"b\": {\"device\": \"leaf1\", \"port\": \"swp1\"}}},"
		"{\"rule\": \"mtu.rdma.jumbo\", \"category\": \"mtu\","
		" \"subject_text\": \"gpu2:eth0\","
		" \"subject\": {\"type\": \"port\", \"device\": \"gpu2\", \"port\": \"eth0\"}}"
		"]", 0, &jerr);
	const json_t *rel;

	ck_assert_ptr_nonnull(f);
	fa_findings_relate(f);
	rel = json_object_get(json_array_get(f, 0), "related");
	ck_assert_int_eq(json_array_size(rel), 2);
	ck_assert_str_eq(json_string_value(json_object_get(json_array_get(rel, 0), "rule")),
			 "pfc.lossless.enabled");
	ck_assert_str_eq(json_string_value(json_object_get(json_array_get(rel, 1), "subject_text")),
			 "gpu1:eth0 -- leaf1:swp1");
	ck_assert_msg(!json_object_get(json_array_get(f, 1), "related"),
		      "A health finding on a port without configuration findings has no list.");
	ck_assert_msg(!json_object_get(json_array_get(f, 2), "related") &&
		      !json_object_get(json_array_get(f, 4), "related"),
		      "Configuration findings get no list.");
	json_decref(f);
}
END_TEST

/*
 * Root causes: a port finding explains the link and path findings of its hop whose rules
 * read the field it checks, and nothing else; group ids follow the report order.
 */
START_TEST(engine_port_finding_explains_its_hop)
{
	struct fa_ruleset *rs = fa_load_rules("rules/packs");
	json_error_t jerr;
	json_t *f = json_loads(
		"["
		"{\"rule\": \"mtu.path\", \"category\": \"mtu\","
		" \"subject_text\": \"gpu1:eth0 -- leaf1:swp1 (path from gpu1:eth0)\","
		" \"subject\": {\"type\": \"path\", \"a\": {\"device\": \"gpu1\", \"port\": \"eth0\"},"
		" \"b\": {\"device\": \"leaf1\", \"port\": \"swp1\"},"
		" \"endpoint\": {\"device\": \"gpu1\", \"port\": \"eth0\"}}},"
		"{\"rule\": \"path.pfc.lossless\", \"category\": \"pfc\","
		" \"subject_text\": \"gpu1:eth0 -- leaf1:swp1 (path from gpu1:eth0)\","
		" \"subject\": {\"type\": \"path\", \"a\": {\"device\": \"gpu1\", \"port\": \"eth0\"},"
		" \"b\": {\"device\": \"leaf1\", \"port\": \"swp1\"},"
		" \"endpoint\": {\"device\": \"gpu1\", \"port\": \"eth0\"}}},"
		"{\"rule\": \"pfc.link.equal\", \"category\": \"pfc\","
		" \"subject_text\": \"gpu1:eth0 -- leaf1:swp1\","
		" \"subject\": {\"type\": \"link\", \"a\": {\"device\": \"gpu1\", \"port\": \"eth0\"},"
		" \"b\": {\"device\": \"leaf1\", \"port\": \"swp1\"}}},"
		"{\"rule\": \"pfc.link.equal\", \"category\": \"pfc\","
		" \"subject_text\": \"gpu2:eth0 -- leaf1:swp2\","
		" \"subject\": {\"type\": \"link\", \"a\": {\"device\": \"gpu2\", \"port\": \"eth0\"},"
		" \"b\": {\"device\": \"leaf1\", \"port\": \"swp2\"}}},"
		"{\"rule\": \"mtu.rdma.jumbo\", \"category\": \"mtu\", \"subject_text\": \"leaf1:swp1\","
		" \"subject\": {\"type\": \"port\", \"device\": \"leaf1\", \"port\": \"swp1\"}},"
		"{\"rule\": \"pfc.lossless.enabled\", \"category\": \"pfc\", \"subject_text\": \"leaf1:swp1\","
		" \"subject\": {\"type\": \"port\", \"device\": \"leaf1\", \"port\": \"swp1\"}},"
		"{\"rule\": \"health.pause.tx_rate\", \"category\": \"health\", \"subject_text\": \"leaf1:swp2\","
		" \"subject\": {\"type\": \"port\", \"device\": \"leaf1\", \"port\": \"swp2\"}}"
		"]", 0, &jerr);
	const json_t *pfc, *by;
	size_t groups;

	ck_assert_ptr_nonnull(rs);
	ck_assert_ptr_nonnull(f);
	groups = fa_findings_group(f, rs);
	ck_assert_uint_eq(groups, 4);
	/* the MTU path finding goes with the MTU port finding, the PFC ones with the PFC one */
	ck_assert_str_eq(fa_str(json_array_get(f, 0), "group"), "g1");
	ck_assert_str_eq(fa_str(json_array_get(f, 4), "group"), "g1");
	ck_assert_str_eq(fa_str(json_array_get(f, 1), "group"), "g2");
	ck_assert_str_eq(fa_str(json_array_get(f, 2), "group"), "g2");
	ck_assert_str_eq(fa_str(json_array_get(f, 5), "group"), "g2");
	/* another link, and a health finding (not a cause), stand alone */
	ck_assert_str_eq(fa_str(json_array_get(f, 3), "group"), "g3");
	ck_assert_str_eq(fa_str(json_array_get(f, 6), "group"), "g4");
	pfc = json_object_get(json_array_get(f, 5), "explains");
	ck_assert_uint_eq(json_array_size(pfc), 2);
	ck_assert_str_eq(fa_str(json_array_get(pfc, 0), "rule"), "path.pfc.lossless");
	ck_assert_str_eq(fa_str(json_array_get(pfc, 1), "rule"), "pfc.link.equal");
	by = json_object_get(json_array_get(f, 0), "explained_by");
	ck_assert_uint_eq(json_array_size(by), 1);
	ck_assert_str_eq(fa_str(json_array_get(by, 0), "rule"), "mtu.rdma.jumbo");
	ck_assert_msg(!json_object_get(json_array_get(f, 3), "explained_by") &&
		      !json_object_get(json_array_get(f, 6), "explains"),
		      "Findings with no cause on their hop neither explain nor are explained.");
	/* each group together, the explaining port finding first */
	{
		static const char *const order[] = {
			"mtu.rdma.jumbo", "mtu.path", "pfc.lossless.enabled", "path.pfc.lossless",
			"pfc.link.equal", "pfc.link.equal", "health.pause.tx_rate",
		};
		size_t i;

		fa_findings_order_by_group(f);
		for (i = 0; i < sizeof(order) / sizeof(order[0]); i++)
			ck_assert_str_eq(fa_str(json_array_get(f, i), "rule"), order[i]);
		ck_assert_str_eq(fa_str(json_array_get(f, 5), "subject_text"),
				 "gpu2:eth0 -- leaf1:swp2");
	}
	json_decref(f);
	fa_ruleset_free(rs);
}
END_TEST

Suite *fa_engine_suite(void)
{
	Suite *s = suite_create("engine");
	TCase *tc = tcase_create("engine");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, engine_report_head);
	tcase_add_test(tc, engine_findings_are_exact_and_sorted);
	tcase_add_test(tc, engine_counts_per_rule_and_summary);
	tcase_add_test(tc, engine_coverage_and_warnings);
	tcase_add_test(tc, engine_verdicts_and_exit_codes);
	tcase_add_test(tc, engine_lists_rules_that_applied_to_no_subject);
	tcase_add_test(tc, engine_clean_fabric_passes);
	tcase_add_test(tc, engine_rejects_unusable_snapshots);
	tcase_add_test(tc, engine_shipped_pack_examples_hold);
	tcase_add_test(tc, engine_failing_example_is_located);
	tcase_add_test(tc, engine_shipped_pack_on_small_snapshot);
	tcase_add_test(tc, engine_port_rules_at_scale);
	tcase_add_test(tc, engine_default_rules_path);
	tcase_add_test(tc, engine_path_fabric_plan_findings_are_exact);
	tcase_add_test(tc, engine_path_counts_one_outcome_per_endpoint);
	tcase_add_test(tc, engine_waivers_apply_until_they_expire);
	tcase_add_test(tc, engine_threads_give_the_same_report);
	tcase_add_test(tc, engine_topology_parts_agree);
	tcase_add_test(tc, engine_select_and_skip);
	tcase_add_test(tc, engine_path_rules_at_scale);
	tcase_add_test(tc, engine_for_each_finding_per_set);
	tcase_add_test(tc, engine_health_findings_name_related_ones);
	tcase_add_test(tc, engine_port_finding_explains_its_hop);
	suite_add_tcase(s, tc);
	return s;
}
