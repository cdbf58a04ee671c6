/* SPDX-License-Identifier: MIT */
/*
 * What the linux parsers share: naming the command in messages, finding the port that backs
 * an RDMA device port, reading InfiniBand state words, and loading JSON output.
 */
#ifndef FA_DRIVERS_PARSE_LINUX_INT_H
#define FA_DRIVERS_PARSE_LINUX_INT_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "audit/util/err.h"
#include "drivers/capture.h"
#include "drivers/text/jsoneach.h"
#include "drivers/text/textscan.h"

/* Borrowed: the command as sent (cap->command), or @tmpl when the capture does not say. */
const char *fa_linux_cmd(const struct fa_capture *cap, const char *tmpl);

/* Borrowed: the port whose nic.device is @dev and nic.port is @port, or NULL. */
json_t *fa_linux_rdma_port_find(const json_t *device, const char *dev, json_int_t port);

/*
 * Borrowed: the port of RDMA device port @dev/@port.  When no port carries that pair (no
 * netdev backs it), a port named "<dev>/<port>" is used or created, with nic.device, nic.port
 * and, when @link_layer is "InfiniBand" or "Ethernet", the matching type.
 */
json_t *fa_linux_rdma_port(json_t *device, const char *dev, json_int_t port,
			   const char *link_layer);

/*
 * The model's ib.state for what ibstat ("Active", "Initializing") or ibv_devinfo
 * ("PORT_ACTIVE (4)") print: "active", "init", "armed", "down"; NULL when unknown.
 */
const char *fa_linux_ib_state(struct fa_textscan_span s);

/*
 * The model's ib.phys_state for "LinkUp", "Polling", "Disabled", "Sleep" (ibstat) or
 * "LINK_UP (5)" (ibv_devinfo -v): lowercase, without blanks, underscores or a "(n)" suffix,
 * written to @buf.  NULL when @s holds no letter or does not fit.
 */
const char *fa_linux_ib_phys_state(struct fa_textscan_span s, char *buf, size_t size);

/*
 * Parsers that must read everything before writing anything collect fields in a flat object
 * keyed by dotted model path ("ib.rate"), then apply it to a port.
 */
void fa_linux_field_strn(json_t *fields, const char *path, const char *s, size_t len);
void fa_linux_field_int(json_t *fields, const char *path, json_int_t v);
/* Set each "dotted.path": value of @fields on @port (values are shared, not stolen). */
void fa_linux_apply(json_t *port, const json_t *fields);

/*
 * Write RDMA port records collected by ibstat and ibv_devinfo: each is {"dev", "port",
 * "dev_fields", "fields"}, the device's fields applied before the port's own.  The port's
 * ib.link_layer decides the type of a port that no netdev backs.
 */
void fa_linux_write_rdma_records(json_t *device, const json_t *recs);

/*
 * Parse the capture as JSON.  -FA_EPARSE naming @cmd and the position when it is empty or
 * not JSON.  *ret is a new reference.
 */
int fa_linux_json_load(const struct fa_capture *cap, const char *cmd, json_t **ret,
		       struct fa_err *err);

/*
 * As fa_linux_json_load(), member by member (drivers/text/jsoneach.h), for outputs with one
 * member per interface: @fn gets each member of the top-level array or object, *@ret_kind
 * what the top level was.  The same errors, or what @fn returned.
 */
int fa_linux_json_each(const struct fa_capture *cap, const char *cmd, fa_json_each_fn *fn,
		       void *ctx, enum fa_json_each_kind *ret_kind, struct fa_err *err);

/*
 * A line naming a sysfs file and its content, as "grep -H . FILES" prints it
 * ("/sys/class/net/eth0/ecn/roce_np/enable/3:1") or as scripts echo it ("label: PATH = 1"):
 * the path starts at @root ("/sys/class/"), ends at ':', '=' or a blank, and is followed by
 * ':' or '=' and a non-empty value.  *ret_prefix is what precedes the path (empty for grep).
 * False when the line is not of that form.
 */
bool fa_linux_sysfs_line(struct fa_textscan_span line, const char *root,
			 struct fa_textscan_span *ret_prefix, struct fa_textscan_span *ret_path,
			 struct fa_textscan_span *ret_value);

/*
 * Take the next "/word" off the front of @path: false when @path does not start with '/', the
 * word is empty, or @expect is not NULL and the word is not @expect.  On success @path is
 * advanced and *ret_word (when not NULL) is the word.
 */
bool fa_linux_path_word(struct fa_textscan_span *path, const char *expect,
			struct fa_textscan_span *ret_word);

/*
 * True when @s is a non-empty run of printable ASCII without blanks: what a device, interface
 * or RDMA device name can be.  Names become JSON strings and keys, so anything else (a
 * damaged capture) is refused rather than mangled.
 */
bool fa_linux_is_word(struct fa_textscan_span s);

/* Where a line of a per-port sysfs table of an RDMA device points: device, port and index. */
struct fa_linux_ib_key {
	char dev[64];
	int64_t port;	/* 1 to 255 */
	int64_t index;	/* 0 to 65535 */
};

/*
 * A "grep -H" line of a per-port table file of an RDMA device,
 * "/sys/class/infiniband/DEV/ports/PORT/TABLE/INDEX:VALUE": the device, port and index into
 * @key, TABLE ("/pkeys", "/gid_attrs/types") into *ret_table, the value into *ret_value.
 * False when the line is not of that form or a part is out of range.
 */
bool fa_linux_ib_table_line(struct fa_textscan_span line, struct fa_linux_ib_key *key,
			    struct fa_textscan_span *ret_table, struct fa_textscan_span *ret_value);

/* qsort order of entries that start with a struct fa_linux_ib_key: device, port, index. */
int fa_linux_ib_key_cmp(const void *x, const void *y);

/*
 * The model's GID type ("RoCE v1", "RoCE v2", "IB") for a GID of version @ver ("v1"/"v2", as
 * show_gids prints it; "IB/RoCE v1" in sysfs is v1) on @port, which has a netdev or not; NULL
 * when it cannot be told.  Shared by show_gids and its sysfs form so both give the same type.
 */
const char *fa_linux_gid_type(struct fa_textscan_span ver, bool has_ndev, const json_t *port);

/* The first non-blank line of the capture (trimmed), for error messages; empty when none. */
struct fa_textscan_span fa_linux_first_line(const struct fa_capture *cap);

#endif /* FA_DRIVERS_PARSE_LINUX_INT_H */
