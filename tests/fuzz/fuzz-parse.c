/* SPDX-License-Identifier: MIT */
/*
 * The parser contract under libFuzzer (drivers/platform.h): any bytes in, no crash, no leak,
 * no undefined behaviour (ASan), and either success or -FA_E* with a message.  Per-interface
 * and per-device parsers get "eth0" / "mlx5_0" as their argument, the words a collection
 * would expand.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "audit/snapshot.h"
#include "audit/util/xalloc.h"
#include "drivers/parse.h"
#include "tests/fuzz/fuzz-parse.h"
#include "audit/util/banned.h"

static const char *fa_fuzz_arg(const struct fa_command *c)
{
	switch (c->expand) {
	case FA_EXPAND_NETDEV:
		return "eth0";
	case FA_EXPAND_RDMADEV:
		return "mlx5_0";
	default:
		return NULL;
	}
}

/* Abort unless @device can be written as JSON (every string valid, no NULL member). */
static void fa_fuzz_dumpable(const json_t *device)
{
	char *dump = json_dumps(device, JSON_SORT_KEYS);

	if (!dump)
		abort();
	free(dump);
}

/* Parse @text with @c into @device; abort when the contract is broken. */
static void fa_fuzz_one(const struct fa_command *c, const char *text, size_t size, json_t *device)
{
	struct fa_capture cap = FA_CAPTURE_INIT;
	struct fa_err err = FA_ERR_INIT;
	int r;

	cap.device = "fuzz";
	cap.command = c->command;
	cap.arg = fa_fuzz_arg(c);
	cap.data = text;
	cap.len = size;
	r = fa_parse_output(c->parse, &cap, device, &err);
	if (r != 0 && (r >= 0 || !err.msg[0]))
		abort();
}

int fa_fuzz_platform(const struct fa_platform *p, const uint8_t *data, size_t size)
{
	/* Captures are NUL-terminated (drivers/capture.h); the bytes may hold NULs too. */
	char *text = fa_xmalloc(size + 1);
	json_t *all, *devices, *snap;
	size_t i;

	memcpy(text, data, size);
	text[size] = '\0';
	for (i = 0; i < p->ncommands; i++) {
		json_t *d = fa_device_new("fuzz", p->kind);

		fa_fuzz_one(&p->commands[i], text, size, d);
		fa_fuzz_dumpable(d);
		json_decref(d);
	}
	all = fa_device_new("fuzz", p->kind);
	json_object_set_new(all, "status", json_string("ok"));
	for (i = 0; i < p->ncommands; i++)
		fa_fuzz_one(&p->commands[i], text, size, all);
	fa_fuzz_dumpable(all);
	devices = json_array();
	json_array_append_new(devices, all);
	snap = fa_snapshot_build(devices, NULL);
	json_decref(snap);
	free(text);
	return 0;
}
