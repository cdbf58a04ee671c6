/* SPDX-License-Identifier: MIT */
/*
 * dcb buffer (iproute2): the NIC's receive (port) buffers, sent where mlnx_qos failed; the
 * same dcbnl buffer object mlnx_qos prints as "Receive buffer size" and the "buffer" row.
 *
 *   dcb buffer show dev IF      prio-buffer 0:0 1:0 2:0 3:1 4:0 5:0 6:0 7:0
 *                               buffer-size 0:20352b 1:153Kb 2:0b ...
 *                               total-size 1043232b
 *   dcb -j buffer show dev IF   {"prio_buffer":[0,0,0,1,0,0,0,0],
 *                                "buffer_size":[20352,156672,0,...],"total_size":1043232}
 *
 *   prio-buffer -> qos.buffer.prio_to_buffer (index = priority, value = buffer)
 *   buffer-size -> qos.buffer.size (bytes per buffer)
 *   total-size  -> qos.buffer.max_size (the port's whole buffer, which mlnx_qos prints as
 *                  max_buffer_size=)
 *
 * JSON sizes are bytes.  The text form prints a size as "NNNb", or as whole "Kb" / "Mb" /
 * "Gb" when it lies within 15 bytes of a whole KiB, or within 1023 bytes of a whole MiB
 * or GiB (iproute2's sprint_size()): such a size reads as that many KiB/MiB/GiB in bytes,
 * as close as the text says (mlx5 buffers are multiples of 128 bytes, so a Kb size is
 * exact there).  A size in another form ("1.04858e+06Kb" for a million KiB) is a
 * warning and leaves the sizes out.  Maps are written only with all eight entries.
 * "dcb buffer show dev IF prio-buffer" prints one line: only that field is written.
 */
#include "config.h"

#include <string.h>

#include "audit/model.h"
#include "drivers/linux/parse-linux.h"
#include "drivers/linux/parse-linux-int.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

struct fa_dcb_buffer {
	bool prio_seen[8], size_seen[8], sizes_bad, total_seen;
	int prio[8];
	int64_t size[8], total;
};

static bool fa_dcb_buffer_full(const bool *seen)
{
	size_t i;

	for (i = 0; i < 8; i++)
		if (!seen[i])
			return false;
	return true;
}

/* A text size ("20352b", "153Kb", "1Mb") in bytes; false when not of that form. */
static bool fa_dcb_size(struct fa_textscan_span s, int64_t *ret)
{
	static const struct {
		const char *unit;
		int64_t mult;
	} units[] = {{"Gb", 1024LL * 1024 * 1024}, {"Mb", 1024 * 1024}, {"Kb", 1024}, {"b", 1}};
	size_t i;

	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		size_t ul = strlen(units[i].unit);
		struct fa_textscan_span num = {s.ptr, s.len - ul};
		int64_t v;

		if (s.len <= ul || memcmp(s.ptr + num.len, units[i].unit, ul) != 0)
			continue;
		if (!fa_textscan_int(num, &v) || v < 0 || v > INT64_MAX / units[i].mult)
			return false;
		*ret = v * units[i].mult;
		return true;
	}
	return false;
}

static void fa_dcb_buffer_write(json_t *device, const char *cmd, json_t *port,
				const struct fa_dcb_buffer *b)
{
	json_t *a;
	size_t i;

	if (fa_dcb_buffer_full(b->prio_seen)) {
		a = json_array();
		for (i = 0; i < 8; i++)
			json_array_append_new(a, json_integer(b->prio[i]));
		fa_set(port, "qos.buffer.prio_to_buffer", a);
	}
	if (b->sizes_bad) {
		fa_device_warn(device, "%s: a buffer size is not a whole number of b/Kb/Mb/Gb; "
			       "sizes not recorded (dcb -j prints bytes)", cmd);
	} else if (fa_dcb_buffer_full(b->size_seen)) {
		a = json_array();
		for (i = 0; i < 8; i++)
			json_array_append_new(a, json_integer(b->size[i]));
		fa_set(port, "qos.buffer.size", a);
	}
	if (b->total_seen)
		fa_set_int(port, "qos.buffer.max_size", b->total);
}

/* "N:VALUE" entries of one text map into @b; false on an entry that is not one. */
static bool fa_dcb_buffer_entries(struct fa_dcb_buffer *b, bool sizes,
				  const struct fa_textscan_span *w, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		struct fa_textscan_span key, val;
		int64_t k, v;

		if (!fa_textscan_keyval(w[i], ':', &key, &val) || !fa_textscan_int(key, &k) ||
		    k < 0 || k > 7 || val.len == 0)
			return false;
		if (!sizes) {
			if (!fa_textscan_int(val, &v) || v < 0 || v > 7)
				return false;
			b->prio[k] = (int)v;
			b->prio_seen[k] = true;
		} else if (fa_dcb_size(val, &v)) {
			b->size[k] = v;
			b->size_seen[k] = true;
		} else {
			b->sizes_bad = true;
		}
	}
	return true;
}

static int fa_dcb_buffer_text(const struct fa_capture *cap, const char *cmd, json_t *device,
			      struct fa_dcb_buffer *b, struct fa_err *err)
{
	struct fa_textscan_span line, w[16];
	struct fa_textscan ts;
	bool known = false;

	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		size_t n = fa_textscan_words(fa_textscan_trim(line), w, 16);
		bool sizes = false;

		if (n == 0)
			continue;
		if (fa_textscan_eq(w[0], "total-size")) {
			if (n != 2 || !fa_dcb_size(w[1], &b->total))
				return fa_err_at(err, FA_EPARSE, cmd, ts.lineno, 0,
						 "total-size not understood: %.*s", (int)line.len,
						 line.ptr);
			b->total_seen = known = true;
			continue;
		}
		if (fa_textscan_eq(w[0], "buffer-size"))
			sizes = true;
		else if (!fa_textscan_eq(w[0], "prio-buffer")) {
			fa_device_warn(device, "%s: line %u not understood: %.*s", cmd, ts.lineno,
				       (int)line.len, line.ptr);
			continue;
		}
		if (n > 9 || !fa_dcb_buffer_entries(b, sizes, w + 1, n - 1))
			return fa_err_at(err, FA_EPARSE, cmd, ts.lineno, 0,
					 "buffer map not understood: %.*s", (int)line.len, line.ptr);
		known = true;
	}
	if (!known) {
		struct fa_textscan_span first = fa_linux_first_line(cap);

		return fa_err_set(err, FA_EPARSE,
				  "%s: no prio-buffer, buffer-size or total-size line: %.*s", cmd,
				  (int)(first.len > 120 ? 120 : first.len), first.ptr);
	}
	return 0;
}

/* A JSON array of eight integers within [0, @max] into @vals / @seen. */
static bool fa_dcb_buffer_json_map(const json_t *a, int64_t max, int64_t *vals, bool *seen)
{
	const json_t *v;
	size_t i;

	if (!json_is_array(a) || json_array_size(a) != 8)
		return false;
	json_array_foreach(a, i, v) {
		if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > max)
			return false;
		vals[i] = json_integer_value(v);
		seen[i] = true;
	}
	return true;
}

static int fa_dcb_buffer_json(const struct fa_capture *cap, const char *cmd,
			      struct fa_dcb_buffer *b, struct fa_err *err)
{
	json_t *root = NULL, *pb, *bs, *ts;
	int64_t prio[8];
	size_t i;
	int r = fa_linux_json_load(cap, cmd, &root, err);

	if (r < 0)
		return r;
	pb = json_object_get(root, "prio_buffer");
	bs = json_object_get(root, "buffer_size");
	ts = json_object_get(root, "total_size");
	if (!pb && !bs && !ts)
		r = fa_err_set(err, FA_EPARSE, "%s: no prio_buffer, buffer_size or total_size", cmd);
	else if (pb && !fa_dcb_buffer_json_map(pb, 7, prio, b->prio_seen))
		r = fa_err_set(err, FA_EPARSE, "%s: prio_buffer is not 8 buffer numbers", cmd);
	else if (bs && !fa_dcb_buffer_json_map(bs, INT64_MAX, b->size, b->size_seen))
		r = fa_err_set(err, FA_EPARSE, "%s: buffer_size is not 8 sizes", cmd);
	else if (ts && (!json_is_integer(ts) || json_integer_value(ts) < 0))
		r = fa_err_set(err, FA_EPARSE, "%s: total_size is not a size", cmd);
	if (r == 0 && ts) {
		b->total = json_integer_value(ts);
		b->total_seen = true;
	}
	for (i = 0; r == 0 && pb && i < 8; i++)
		b->prio[i] = (int)prio[i];
	json_decref(root);
	return r;
}

int fa_parse_linux_dcb_buffer(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = fa_linux_cmd(cap, "dcb buffer show dev IF");
	struct fa_textscan_span first = fa_linux_first_line(cap);
	struct fa_dcb_buffer b;
	int r;

	if (!cap->arg || !*cap->arg)
		return fa_err_set(err, FA_EINVAL, "%s: no interface given", cmd);
	memset(&b, 0, sizeof(b));
	if (first.len && first.ptr[0] == '{')
		r = fa_dcb_buffer_json(cap, cmd, &b, err);
	else
		r = fa_dcb_buffer_text(cap, cmd, device, &b, err);
	if (r < 0)
		return r;
	fa_dcb_buffer_write(device, cmd, fa_device_port(device, cap->arg), &b);
	return 0;
}
