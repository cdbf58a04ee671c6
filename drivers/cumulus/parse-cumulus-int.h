/* SPDX-License-Identifier: MIT */
/*
 * Internals shared by the Cumulus (NVUE) parsers: loading an NVUE JSON answer, reading NVUE's
 * loosely typed values (a number may come as 9216 or "9216", a set of priorities as [3, 4],
 * "3,4", "1-3" or {"3": {}, "4": {}}), and writing LLDP neighbours.  Not for other modules.
 */
#ifndef FA_DRIVERS_PARSE_CUMULUS_INT_H
#define FA_DRIVERS_PARSE_CUMULUS_INT_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "audit/util/err.h"
#include "drivers/capture.h"
#include "drivers/text/jsoneach.h"

/* The command for warnings: the capture's, or @dflt when the capture names none. */
const char *fa_cumulus_cmd(const struct fa_capture *cap, const char *dflt);

/*
 * Parse the capture as one JSON document.  *ret is a new reference.  -FA_EPARSE when the output
 * is empty or is not JSON (the message quotes the first line, e.g. NVUE's "Error: ...").
 */
int fa_cumulus_load(const struct fa_capture *cap, const char *dflt_cmd, json_t **ret,
		    struct fa_err *err);

/*
 * As fa_cumulus_load(), member by member (drivers/text/jsoneach.h), for outputs with one
 * member per interface: @fn gets each member of the top-level object or array, *@ret_kind
 * what the top level was.  The same errors, or what @fn returned.
 */
int fa_cumulus_load_each(const struct fa_capture *cap, const char *dflt_cmd, fa_json_each_fn *fn,
			 void *ctx, enum fa_json_each_kind *ret_kind, struct fa_err *err);

/* An integer given as a JSON integer or a decimal string. */
bool fa_cumulus_int(const json_t *v, int64_t *ret);

/* Bytes given as a JSON integer or a size string ("146.48 KB", "150000 B"). */
bool fa_cumulus_size(const json_t *v, int64_t *ret);

/*
 * A set of small numbers below @limit (at most 64): "0,3", "1-3,5", 3, [0, 3], or an object
 * whose keys are such lists ({"3": {}}).  False when any part is not a number below @limit.
 */
bool fa_cumulus_set(const json_t *v, unsigned limit, uint64_t *ret);

/* Write @mask as a sorted JSON array of numbers at @path of @obj. */
void fa_cumulus_put_mask(json_t *obj, const char *path, uint64_t mask);

/* The model type of NVUE interface type @nvue ("swp" -> "ethernet"), or NULL when unknown. */
const char *fa_cumulus_type(const char *nvue);

/* swp1, swp1s0, swp32: a front-panel switch port (not a sub-interface like swp1.100). */
bool fa_cumulus_is_swp(const char *name);

/*
 * Interface names from an NVUE key, which may be a range list: "swp1-4,swp6" gives swp1, swp2,
 * swp3, swp4, swp6.  New reference (array of strings); a key that is no range is itself.
 */
json_t *fa_cumulus_ifnames(const char *key);

/*
 * Write the LLDP neighbour found at @lldp (an interface's "lldp" object) on @port.  Warns
 * (naming @cmd) when the shape is unexpected or the port has more than one neighbour.
 */
void fa_cumulus_lldp_port(json_t *device, json_t *port, const json_t *lldp, const char *cmd);

/*
 * Write the switch-wide RoCE state that @root (the object of "nv show qos roce -o json", or
 * the same tree read from the command's table) describes on every swp port of @device;
 * warnings name @cmd.  0, or FA_PARSED_EMPTY when no swp port is known (with a warning).
 * Both forms of the command go through it, so both give the same model fields.
 */
int fa_cumulus_roce_apply(json_t *device, const char *cmd, const json_t *root);

#endif /* FA_DRIVERS_PARSE_CUMULUS_INT_H */
