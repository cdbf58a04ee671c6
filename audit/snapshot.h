/* SPDX-License-Identifier: MIT */
/*
 * Snapshots (fabric-audit/snapshot/v1): the whole collected model of a fabric in one JSON
 * file, the boundary between collection and audit.  Written atomically and with sorted keys so
 * two snapshots of an unchanged fabric differ only in their times.
 */
#ifndef FA_SNAPSHOT_H
#define FA_SNAPSHOT_H

#include <jansson.h>

#include "audit/util/err.h"

#define FA_SNAPSHOT_FORMAT "fabric-audit/snapshot/v1"

/*
 * New reference: a snapshot of @devices (takes ownership; an array of device objects) with
 * devices sorted by name, ports in natural order ("swp2" before "swp10") and links resolved
 * from LLDP (audit/links.h).  @inventory may be NULL.
 */
json_t *fa_snapshot_build(json_t *devices, const char *inventory);

/* Sort a device's ports in natural order, as snapshots keep them. */
void fa_snapshot_sort_ports(json_t *device);

/* New reference: {"name": "fabric-audit", "version": ...}. */
json_t *fa_snapshot_tool(void);

/* Write @snapshot to @path atomically ("-" = stdout). */
int fa_snapshot_write(const json_t *snapshot, const char *path, struct fa_err *err);

/*
 * Read and check a snapshot: valid JSON (errors with line:column), the right "format", a
 * "devices" array of objects each with a string "name" and a "ports" array.  New reference in
 * *ret.  Errors: -FA_ENOENT, -FA_EIO, -FA_EPARSE.
 */
int fa_snapshot_load(const char *path, json_t **ret, struct fa_err *err);

/* Compare two names the way people number ports: "swp2" < "swp10", "Eth1/2" < "Eth1/10". */
int fa_natural_cmp(const char *a, const char *b);

/* Current UTC time as RFC 3339 ("2026-12-02T16:00:00Z") into @buf (at least 32 bytes). */
const char *fa_time_rfc3339(char *buf, size_t size);

#endif /* FA_SNAPSHOT_H */
