/* SPDX-License-Identifier: MIT */
/*
 * dcb (iproute2): the vendor-neutral tool for a NIC's DCB settings, sent where mlnx_qos
 * failed or is not installed.  Text and JSON (-j) forms of each command are read:
 *
 *   dcb pfc show dev IF       pfc-cap 8 macsec-bypass off delay 0
 *                             prio-pfc 0:off 1:off 2:off 3:on 4:off 5:off 6:off 7:off
 *   dcb -j pfc show dev IF    {"pfc_cap":8,"macsec_bypass":false,"delay":0,
 *                              "prio_pfc":[false,false,false,true,false,false,false,false]}
 *     -> qos.pfc_enabled.  IEEE PFC has one bit per priority for both directions: dcb
 *        has no rx/tx split.  With -s, "requests"/"indications" counter lines follow: not
 *        configuration, not read.
 *
 *   dcb ets show dev IF       willing off ets-cap 8 cbs off
 *                             tc-bw 0:12 1:13 ...        -> qos.ets.bandwidth (transmit share)
 *                             pg-bw 0:0 ...              (receive share, non-standard)
 *                             tc-tsa 0:ets ... 6:strict  -> qos.ets.tsa
 *                             prio-tc 0:0 1:0 ...        -> qos.priority_to_tc
 *                             reco-tc-bw / reco-tc-tsa / reco-prio-tc (what is advertised
 *                             to the peer, not the port's own setting: not read)
 *   dcb -j ets show dev IF    the same keys with '_': "tc_bw":[...], "tc_tsa":["ets",...]
 *
 * Maps are written only when all eight entries are there.  A TSA dcb has no name for
 * ("???") is a warning and leaves the TSA map out.  Output that holds no PFC (ETS) line
 * fails the capture, quoting its first line.
 */
#include "config.h"

#include <string.h>

#include "audit/model.h"
#include "drivers/linux/parse-linux.h"
#include "drivers/linux/parse-linux-int.h"
#include "drivers/text/textscan.h"
#include "audit/util/banned.h"

/* Eight entries of one map, from text ("0:on 1:off", "0:12") or from a JSON array. */
struct fa_dcb_map {
	bool seen[8];
	int num[8];		/* on/off as 1/0, or the number */
	char word[8][8];	/* a TSA name */
};

static bool fa_dcb_map_full(const struct fa_dcb_map *m)
{
	size_t i;

	for (i = 0; i < 8; i++)
		if (!m->seen[i])
			return false;
	return true;
}

/* "N:VALUE" words after the map's name; false on anything else. */
static bool fa_dcb_map_text(struct fa_dcb_map *m, const struct fa_textscan_span *w, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		struct fa_textscan_span key, val;
		int64_t k, v;

		if (!fa_textscan_keyval(w[i], ':', &key, &val) || !fa_textscan_int(key, &k) ||
		    k < 0 || k > 7 || val.len == 0)
			return false;
		m->seen[k] = true;
		if (fa_textscan_eq(val, "on") || fa_textscan_eq(val, "off"))
			m->num[k] = fa_textscan_eq(val, "on");
		else if (fa_textscan_int(val, &v))
			m->num[k] = (int)v;
		else if (!fa_textscan_copy(val, m->word[k], sizeof(m->word[k])))
			return false;
	}
	return true;
}

/* A JSON array of eight booleans, integers or strings. */
static bool fa_dcb_map_json(struct fa_dcb_map *m, const json_t *a)
{
	const json_t *v;
	size_t i;

	if (!json_is_array(a) || json_array_size(a) != 8)
		return false;
	json_array_foreach(a, i, v) {
		if (json_is_boolean(v))
			m->num[i] = json_is_true(v);
		else if (json_is_integer(v))
			m->num[i] = (int)json_integer_value(v);
		else if (!json_is_string(v) ||
			 strlen(json_string_value(v)) >= sizeof(m->word[i]))
			return false;
		else
			memcpy(m->word[i], json_string_value(v), strlen(json_string_value(v)) + 1);
		m->seen[i] = true;
	}
	return true;
}

static json_t *fa_dcb_ints(const struct fa_dcb_map *m)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < 8; i++)
		json_array_append_new(a, json_integer(m->num[i]));
	return a;
}

/* ---- pfc ------------------------------------------------------------------------------ */

static void fa_dcb_write_pfc(json_t *port, const struct fa_dcb_map *m)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < 8; i++)
		if (m->num[i])
			json_array_append_new(a, json_integer((json_int_t)i));
	/* one bit per priority, both directions (parse-linux.h, "PFC directions") */
	fa_set_pfc_both(port, a);
}

static int fa_dcb_pfc_text(const struct fa_capture *cap, const char *cmd, json_t *device,
			   struct fa_err *err)
{
	struct fa_dcb_map m;
	struct fa_textscan_span line, w[16];
	struct fa_textscan ts;
	bool known = false;

	memset(&m, 0, sizeof(m));
	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		size_t n = fa_textscan_words(fa_textscan_trim(line), w, 16);

		if (n == 0)
			continue;
		/* early builds called the map "pg-pfc" */
		if (fa_textscan_eq(w[0], "prio-pfc") || fa_textscan_eq(w[0], "pg-pfc")) {
			if (n > 16 || !fa_dcb_map_text(&m, w + 1, n - 1))
				return fa_err_at(err, FA_EPARSE, cmd, ts.lineno, 0,
						 "PFC map not understood: %.*s", (int)line.len,
						 line.ptr);
			known = true;
		} else if (fa_textscan_eq(w[0], "pfc-cap") ||
			   fa_textscan_eq(w[0], "requests") ||
			   fa_textscan_eq(w[0], "indications") ||
			   fa_textscan_eq(w[0], "macsec-bypass") || fa_textscan_eq(w[0], "delay")) {
			continue;
		} else {
			fa_device_warn(device, "%s: line %u not understood: %.*s", cmd, ts.lineno,
				       (int)line.len, line.ptr);
		}
	}
	if (!known) {
		struct fa_textscan_span first = fa_linux_first_line(cap);

		return fa_err_set(err, FA_EPARSE, "%s: no prio-pfc line: %.*s", cmd,
				  (int)(first.len > 120 ? 120 : first.len), first.ptr);
	}
	if (!fa_dcb_map_full(&m))
		return fa_err_set(err, FA_EPARSE, "%s: prio-pfc does not list all 8 priorities",
				  cmd);
	fa_dcb_write_pfc(fa_device_port(device, cap->arg), &m);
	return 0;
}

static int fa_dcb_pfc_json(const struct fa_capture *cap, const char *cmd, json_t *device,
			   struct fa_err *err)
{
	struct fa_dcb_map m;
	json_t *root = NULL;
	int r = fa_linux_json_load(cap, cmd, &root, err);

	if (r < 0)
		return r;
	memset(&m, 0, sizeof(m));
	if (!fa_dcb_map_json(&m, json_object_get(root, "prio_pfc"))) {
		json_decref(root);
		return fa_err_set(err, FA_EPARSE, "%s: no prio_pfc array of 8 entries", cmd);
	}
	fa_dcb_write_pfc(fa_device_port(device, cap->arg), &m);
	json_decref(root);
	return 0;
}

/* Text or JSON: dcb -j prints one object, the text form never starts with '{'. */
static bool fa_dcb_is_json(const struct fa_capture *cap)
{
	struct fa_textscan_span first = fa_linux_first_line(cap);

	return first.len && first.ptr[0] == '{';
}

int fa_parse_linux_dcb_pfc(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = fa_linux_cmd(cap, "dcb pfc show dev IF");

	if (!cap->arg || !*cap->arg)
		return fa_err_set(err, FA_EINVAL, "%s: no interface given", cmd);
	if (fa_dcb_is_json(cap))
		return fa_dcb_pfc_json(cap, cmd, device, err);
	return fa_dcb_pfc_text(cap, cmd, device, err);
}

/* ---- ets ------------------------------------------------------------------------------ */

struct fa_dcb_ets {
	struct fa_dcb_map bw, tsa, prio_tc;
};

static void fa_dcb_write_ets(json_t *device, const char *cmd, json_t *port,
			     const struct fa_dcb_ets *e)
{
	size_t i;

	if (fa_dcb_map_full(&e->prio_tc))
		fa_set(port, "qos.priority_to_tc", fa_dcb_ints(&e->prio_tc));
	if (fa_dcb_map_full(&e->bw))
		fa_set(port, "qos.ets.bandwidth", fa_dcb_ints(&e->bw));
	if (!fa_dcb_map_full(&e->tsa))
		return;
	for (i = 0; i < 8; i++) {
		static const char *const known[] = {"strict", "cbs", "ets", "vendor"};
		size_t k;

		for (k = 0; k < 4 && strcmp(e->tsa.word[i], known[k]) != 0; k++)
			;
		if (k == 4) {
			fa_device_warn(device, "%s: TC %zu has an unknown TSA '%s'; TSAs not recorded",
				       cmd, i, e->tsa.word[i]);
			return;
		}
	}
	{
		json_t *a = json_array();

		for (i = 0; i < 8; i++)
			json_array_append_new(a, json_string(e->tsa.word[i]));
		fa_set(port, "qos.ets.tsa", a);
	}
}

static int fa_dcb_ets_text(const struct fa_capture *cap, const char *cmd, json_t *device,
			   struct fa_err *err)
{
	static const char *const skipped[] = {"willing", "pg-bw", "reco-tc-bw", "reco-tc-tsa",
					      "reco-prio-tc"};
	struct fa_dcb_ets e;
	struct fa_textscan_span line, w[16];
	struct fa_textscan ts;
	bool known = false;

	memset(&e, 0, sizeof(e));
	fa_textscan_init(&ts, cap->data, cap->len);
	while (fa_textscan_next(&ts, &line)) {
		size_t n = fa_textscan_words(fa_textscan_trim(line), w, 16), k;
		struct fa_dcb_map *m = NULL;

		if (n == 0)
			continue;
		if (fa_textscan_eq(w[0], "tc-bw"))
			m = &e.bw;
		else if (fa_textscan_eq(w[0], "tc-tsa"))
			m = &e.tsa;
		else if (fa_textscan_eq(w[0], "prio-tc"))
			m = &e.prio_tc;
		if (m) {
			if (n > 16 || !fa_dcb_map_text(m, w + 1, n - 1))
				return fa_err_at(err, FA_EPARSE, cmd, ts.lineno, 0,
						 "ETS map not understood: %.*s", (int)line.len,
						 line.ptr);
			known = true;
			continue;
		}
		for (k = 0; k < sizeof(skipped) / sizeof(skipped[0]); k++)
			if (fa_textscan_eq(w[0], skipped[k]))
				break;
		if (k == sizeof(skipped) / sizeof(skipped[0]))
			fa_device_warn(device, "%s: line %u not understood: %.*s", cmd, ts.lineno,
				       (int)line.len, line.ptr);
	}
	if (!known) {
		struct fa_textscan_span first = fa_linux_first_line(cap);

		return fa_err_set(err, FA_EPARSE, "%s: no tc-bw, tc-tsa or prio-tc line: %.*s",
				  cmd, (int)(first.len > 120 ? 120 : first.len), first.ptr);
	}
	fa_dcb_write_ets(device, cmd, fa_device_port(device, cap->arg), &e);
	return 0;
}

static int fa_dcb_ets_json(const struct fa_capture *cap, const char *cmd, json_t *device,
			   struct fa_err *err)
{
	static const char *const keys[] = {"tc_bw", "tc_tsa", "prio_tc"};
	struct fa_dcb_ets e;
	struct fa_dcb_map *maps[] = {&e.bw, &e.tsa, &e.prio_tc};
	json_t *root = NULL;
	bool known = false;
	size_t i;
	int r = fa_linux_json_load(cap, cmd, &root, err);

	if (r < 0)
		return r;
	memset(&e, 0, sizeof(e));
	for (i = 0; i < 3; i++) {
		json_t *a = json_object_get(root, keys[i]);

		if (!a)
			continue;
		if (!fa_dcb_map_json(maps[i], a)) {
			json_decref(root);
			return fa_err_set(err, FA_EPARSE, "%s: %s is not an array of 8 entries",
					  cmd, keys[i]);
		}
		known = true;
	}
	json_decref(root);
	if (!known)
		return fa_err_set(err, FA_EPARSE, "%s: no tc_bw, tc_tsa or prio_tc", cmd);
	fa_dcb_write_ets(device, cmd, fa_device_port(device, cap->arg), &e);
	return 0;
}

int fa_parse_linux_dcb_ets(const struct fa_capture *cap, json_t *device, struct fa_err *err)
{
	const char *cmd = fa_linux_cmd(cap, "dcb ets show dev IF");

	if (!cap->arg || !*cap->arg)
		return fa_err_set(err, FA_EINVAL, "%s: no interface given", cmd);
	if (fa_dcb_is_json(cap))
		return fa_dcb_ets_json(cap, cmd, device, err);
	return fa_dcb_ets_text(cap, cmd, device, err);
}
