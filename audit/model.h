/* SPDX-License-Identifier: MIT */
/*
 * The vendor-neutral model: devices, their ports, and links between ports.
 *
 * The model is held as jansson values whose shape is the snapshot format
 * (docs/model.md, docs/schema/snapshot.schema.json): a device is a JSON object with "name",
 * "kind", "ports" (an array of port objects) and the fields that apply.  Keeping the model in the
 * boundary format means a snapshot is written and read back losslessly, a parser's output is
 * printable as it is, and the rule engine reads the same dotted paths a user writes.
 *
 * Missing data is absent, never guessed: a parser sets a field only when the device said it.
 * The helpers below create objects on demand so parsers can write "port.qos.trust" in one call.
 */
#ifndef FA_MODEL_H
#define FA_MODEL_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

/* Device statuses (docs/model.md). */
enum fa_status {
	FA_STATUS_OK,
	FA_STATUS_UNREACHABLE,
	FA_STATUS_AUTH_FAILED,
	FA_STATUS_HOSTKEY_UNKNOWN,
	FA_STATUS_HOSTKEY_CHANGED,
	FA_STATUS_TIMEOUT,
	FA_STATUS_COMMAND_FAILED,
	FA_STATUS_PARSE_ERROR,
	FA_STATUS_COUNT
};

const char *fa_status_to_string(enum fa_status s);
/* -1 when @s names no status. */
int fa_status_from_string(const char *s);

/* New reference: {"name": @name, "kind": @kind, "ports": []}. */
json_t *fa_device_new(const char *name, const char *kind);

/*
 * Borrowed: the port named @name (the first, should two share it), or NULL.  A scan of the
 * ports, unless an index is active on @device (below): then a hash lookup.
 */
json_t *fa_device_find_port(const json_t *device, const char *name);

/*
 * Index @device's ports by name until fa_device_index_end(@device), for this thread: parsing
 * and every other loop that looks up many ports of one device stays linear
 * (docs/performance.md).  Begins nest.  While it is active, ports may be added (by
 * fa_device_port or appended), reordered, or the whole array replaced; a port must not be
 * renamed or removed in place.  The caller ends it before freeing @device.
 */
void fa_device_index_begin(json_t *device);
void fa_device_index_end(json_t *device);

/* Borrowed: the port named @name, created (appended, {"name": @name}) when missing. */
json_t *fa_device_port(json_t *device, const char *name);

/*
 * Borrowed: the object at dotted @path below @obj (e.g. "qos" or "nic.mlxconfig"), creating
 * the missing objects on the way.
 */
json_t *fa_obj_path(json_t *obj, const char *path);

/* Borrowed: the value at dotted @path below @obj, or NULL.  No creation. */
json_t *fa_obj_get_path(const json_t *obj, const char *path);

/*
 * New reference: a JSON string of @len bytes of device text; what is not text (NUL, control
 * characters but TAB, ill-formed UTF-8) becomes U+FFFD (audit/util/utf8.h, docs/model.md).
 * Every fa_set_str* goes through here.
 */
json_t *fa_json_stringn(const char *s, size_t len);

/* Set the value at dotted @path (the last part is the key); takes ownership of @value. */
void fa_set(json_t *obj, const char *path, json_t *value);
void fa_set_str(json_t *obj, const char *path, const char *value);
void fa_set_strn(json_t *obj, const char *path, const char *value, size_t len);
void fa_set_int(json_t *obj, const char *path, json_int_t value);
void fa_set_bool(json_t *obj, const char *path, bool value);

/*
 * Set @port's qos.pfc_enabled, qos.pfc_rx and qos.pfc_tx to the priority list @prios (takes
 * ownership; the directions get copies): for a device whose PFC is one setting for both
 * directions by definition, which the caller names in a comment.
 */
void fa_set_pfc_both(json_t *port, json_t *prios);

/*
 * Append a parse warning ("<command>: <text>") to the device's "warnings" array; an array
 * held elsewhere too (shared by a snapshot load or fa_model_share_lists) is copied first.
 */
void fa_device_warn(json_t *device, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/*
 * Move what a parser wrote into @from, an empty object it was given as its device, into
 * @device as if it had written it there: for a parser that must not leave a half-read output
 * on @device (drivers/text/xmlsafe.h, fa_xml_each).  Each port of @from goes onto the port of
 * @device with its name, if @device had one, its members set over that port's as fa_set
 * writes them (an object member by member); else it is appended.  Its warnings are appended
 * to @device's, and its other members set over @device's the same way.  @from keeps its
 * references; @device takes new ones.  The same as writing into @device while port names are
 * what fa_device_port stored (text without control characters or U+FFFD), as parsers store
 * them.
 */
void fa_device_merge(json_t *device, json_t *from);

/* Borrowed string at @path, or NULL when absent or not a string. */
const char *fa_get_str(const json_t *obj, const char *path);
/* 1 and *ret when @path holds an integer, else 0. */
int fa_get_int(const json_t *obj, const char *path, json_int_t *ret);

/*
 * Share equal lists of plain values (DSCP maps, PFC priority lists…) between the ports and
 * devices below @obj: every such list equal to one already in @pool is replaced by the pooled
 * one (a shared reference), others join the pool.  A switch repeats the same maps on every
 * port, so this divides the model's memory several times over.  Shared values must never be
 * changed in place afterwards (the model is read-only once parsed).  @pool is a JSON object
 * owned by the caller; not thread-safe.
 */
void fa_model_share_lists(json_t *obj, json_t *pool);

#endif /* FA_MODEL_H */
