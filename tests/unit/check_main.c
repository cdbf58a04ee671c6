/* SPDX-License-Identifier: MIT */
/* Runs every unit suite in one runner; exit status is non-zero when any test failed. */
#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

#include <jansson.h>

#include "audit/util/arena.h"
#include "audit/util/fileio.h"
#include "audit/util/xalloc.h"
#include "tests/unit/unit.h"

const char *fa_test_fixture(const char *relpath)
{
	static char path[4096];

	snprintf(path, sizeof(path), "%s/tests/fixtures/upstream/%s", FA_TEST_SRCDIR, relpath);
	return path;
}

const char *fa_test_srcfile(const char *relpath)
{
	static char path[4096];

	snprintf(path, sizeof(path), "%s/%s", FA_TEST_SRCDIR, relpath);
	return path;
}

void fa_test_read(const char *path, struct fa_buf *out)
{
	struct fa_err err = FA_ERR_INIT;
	int r = fa_file_read(path, 0, out, &err);

	ck_assert_msg(r == 0, "The test input %s can be read (%s).", path, err.msg);
}

int main(void)
{
	Suite *(*const suites[])(void) = {
		fa_util_suite,
		fa_termsafe_suite,
		fa_yamljson_suite,
		fa_jsonread_suite,
		fa_snapshot_suite,
		fa_roundtrip_suite,
		fa_scrub_suite,
		fa_collect_suite,
		fa_health_suite,
		fa_port_index_suite,
		/* Agreement with the peers' expected parses */
		fa_agreement_suite,
		fa_jsoneach_suite,
		fa_knownhosts_suite,
		fa_jsonwrite_suite,
		fa_parse_linear_suite,
		/* Linux parser suites */
		fa_parse_gpu_host_suite,
		fa_parse_rdma_sysfs_suite,
		fa_parse_linux_suite,
		fa_parse_linux_health_suite,
		fa_parse_dcb_suite,
		fa_textscan_suite,
		/* Cumulus parser suites */
		fa_parse_cumulus_suite,
		fa_parse_cumulus_nclu_suite,
		/* SONiC and EOS parser suites */
		fa_parse_eos_suite,
		fa_parse_sonic_suite,
		fa_parse_switch_counters_suite,
		/* Onyx, NX-OS and Junos parser suites */
		fa_parse_junos_suite,
		fa_parse_nxos_suite,
		fa_parse_onyx_suite,
		fa_parse_layout_suite,
		fa_xmlsafe_suite,
		/* InfiniBand fabric parser suites */
		fa_links_ib_suite,
		fa_parse_ib_suite,
		/* NETCONF and local collection suites */
		fa_local_suite,
		fa_netconf_suite,
		fa_parse_openconfig_suite,
		/* Inventory suites */
		fa_hostlist_suite,
		fa_inventory_suite,
		/* SSH collector suites */
		fa_collector_ssh_suite,
		/* Rule language and engine suites */
		fa_engine_suite,
		fa_expr_suite,
		fa_plan_suite,
		fa_rules_suite,
		/* Model field registry suites */
		fa_fields_suite,
		/* Drift and gate suites */
		fa_diff_suite,
		fa_history_suite,
		/* Report renderer suites */
		fa_map_suite,
		fa_reports_suite,
	};
	SRunner *sr = srunner_create(NULL);
	size_t i;
	int failed;

	/* as the program does (audit/cli/main.c): out of memory in jansson aborts */
	json_set_alloc_funcs(fa_json_malloc, fa_json_free);
	/* as the program does (audit/cli/main.c): a peer hanging up is an error, not a signal */
	signal(SIGPIPE, SIG_IGN);
	for (i = 0; i < sizeof(suites) / sizeof(suites[0]); i++)
		srunner_add_suite(sr, suites[i]());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
