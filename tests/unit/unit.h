/* SPDX-License-Identifier: MIT */
/*
 * Check suites of the unit tests, one per module; check_main.c runs them all.
 * Tests are named <module>_<behaviour>; assertion messages are sentences.
 */
#ifndef FA_TESTS_UNIT_H
#define FA_TESTS_UNIT_H

#include <check.h>
#include <stddef.h>

#include "audit/util/buf.h"

/*
 * Absolute path of a real output published by others, copied into the source tree under
 * tests/fixtures/upstream/ at the same relative path (static buffer).
 */
const char *fa_test_fixture(const char *relpath);
/* Absolute path of a file in the source tree (static buffer). */
const char *fa_test_srcfile(const char *relpath);
/* Read a file the test needs; fails the test when it cannot. */
void fa_test_read(const char *path, struct fa_buf *out);

Suite *fa_util_suite(void);
Suite *fa_termsafe_suite(void);
Suite *fa_yamljson_suite(void);
Suite *fa_jsonread_suite(void);
Suite *fa_snapshot_suite(void);
Suite *fa_roundtrip_suite(void);
Suite *fa_scrub_suite(void);
Suite *fa_collect_suite(void);
Suite *fa_health_suite(void);
Suite *fa_port_index_suite(void);
/* Agreement with the peers' expected parses */
Suite *fa_agreement_suite(void);
Suite *fa_jsoneach_suite(void);
Suite *fa_knownhosts_suite(void);
Suite *fa_jsonwrite_suite(void);
Suite *fa_parse_linear_suite(void);
/* Linux parser suites */
Suite *fa_parse_gpu_host_suite(void);
Suite *fa_parse_rdma_sysfs_suite(void);
Suite *fa_parse_linux_suite(void);
Suite *fa_parse_linux_health_suite(void);
Suite *fa_parse_dcb_suite(void);
Suite *fa_textscan_suite(void);
/* Cumulus parser suites */
Suite *fa_parse_cumulus_suite(void);
Suite *fa_parse_cumulus_nclu_suite(void);
/* SONiC and EOS parser suites */
Suite *fa_parse_eos_suite(void);
Suite *fa_parse_sonic_suite(void);
Suite *fa_parse_switch_counters_suite(void);
/* Onyx, NX-OS and Junos parser suites */
Suite *fa_parse_junos_suite(void);
Suite *fa_parse_nxos_suite(void);
Suite *fa_parse_onyx_suite(void);
/* Every parser on the layouts real captures come in */
Suite *fa_parse_layout_suite(void);
Suite *fa_xmlsafe_suite(void);
/* InfiniBand fabric parser suites */
Suite *fa_links_ib_suite(void);
Suite *fa_parse_ib_suite(void);
/* NETCONF and local collection suites */
Suite *fa_local_suite(void);
Suite *fa_netconf_suite(void);
Suite *fa_parse_openconfig_suite(void);
/* Inventory suites */
Suite *fa_hostlist_suite(void);
Suite *fa_inventory_suite(void);
/* SSH collector suites */
Suite *fa_collector_ssh_suite(void);
/* Rule language and engine suites */
Suite *fa_engine_suite(void);
Suite *fa_expr_suite(void);
Suite *fa_plan_suite(void);
Suite *fa_rules_suite(void);
/* Model field registry suites */
Suite *fa_fields_suite(void);
/* Drift and gate suites */
Suite *fa_diff_suite(void);
Suite *fa_history_suite(void);
/* Report renderer suites */
Suite *fa_map_suite(void);
Suite *fa_reports_suite(void);

#endif /* FA_TESTS_UNIT_H */
