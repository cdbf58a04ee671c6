/* SPDX-License-Identifier: MIT */
/*
 * The parser contract under libFuzzer (drivers/platform.h): any bytes in, no crash, no leak,
 * no undefined behaviour (ASan), and either success or -FA_E* with a message.  Parsers run
 * through the parser boundary a collection uses (drivers/capture-parse.h), and the snapshot
 * built from what they produced must read back equal (json_equal) after the snapshot writer's
 * serialisation and the snapshot reader.  Per-interface
 * and per-device parsers get "eth0" / "mlx5_0" as their argument, the words a collection
 * would expand.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/model.h"
#include "audit/snapshot.h"
#include "audit/util/jsonread.h"
#include "audit/util/xalloc.h"
#include "drivers/capture-parse.h"
#include "drivers/scrub.h"
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

/*
 * Abort unless @snap, written as the snapshot writer writes it (audit/snapshot.c), is read
 * back equal by the snapshot reader: whatever bytes a device sends, our files read back.
 */
static void fa_fuzz_round_trip(const json_t *snap)
{
	struct fa_err err = FA_ERR_INIT;
	char *text = json_dumps(snap, JSON_COMPACT | JSON_SORT_KEYS);
	json_t *back = NULL;

	if (!text)
		abort();
	if (fa_json_read_mem("fuzz-snapshot", text, strlen(text), FA_JSON_INTERN_SNAPSHOT, &back,
			     &err) < 0) {
		fprintf(stderr, "the snapshot reader refuses what the writer wrote: %s\n", err.msg);
		abort();
	}
	if (!json_equal(back, snap)) {
		fprintf(stderr, "the snapshot reads back different from what was written\n");
		abort();
	}
	json_decref(back);
	free(text);
}

/* Parse @text with @c into @device; abort when the contract is broken. */
static void fa_fuzz_one(const struct fa_command *c, const struct fa_buf *text, json_t *device)
{
	struct fa_capture cap = FA_CAPTURE_INIT;
	struct fa_err err = FA_ERR_INIT;
	int r;

	cap.device = "fuzz";
	cap.command = c->command;
	cap.arg = fa_fuzz_arg(c);
	cap.data = text->buf;
	cap.len = text->len;
	/* the harness's own copy, as a collection's: the boundary may end it in place */
	cap.writable = true;
	r = fa_capture_parse(c, &cap, device, &err);
	if (r != 0 && (r >= 0 || !err.msg[0]))
		abort();
}

int fa_fuzz_platform(const struct fa_platform *p, const uint8_t *data, size_t size)
{
	/*
	 * Captures are NUL-terminated (drivers/capture.h); the bytes may hold NULs too.  As in a
	 * collection, secrets are scrubbed before parsing (drivers/scrub.h).
	 */
	struct fa_buf text = FA_BUF_INIT;
	json_t *all, *devices, *snap;
	size_t i;

	fa_buf_add(&text, data, size);
	fa_scrub(p->name, &text);
	for (i = 0; i < p->ncommands; i++) {
		json_t *d = fa_device_new("fuzz", p->kind);

		fa_fuzz_one(&p->commands[i], &text, d);
		fa_capture_clean_device(d);
		fa_fuzz_dumpable(d);
		json_decref(d);
	}
	all = fa_device_new("fuzz", p->kind);
	json_object_set_new(all, "status", json_string("ok"));
	for (i = 0; i < p->ncommands; i++)
		fa_fuzz_one(&p->commands[i], &text, all);
	fa_capture_clean_device(all);
	fa_fuzz_dumpable(all);
	devices = json_array();
	json_array_append_new(devices, all);
	snap = fa_snapshot_build(devices, NULL);
	fa_fuzz_round_trip(snap);
	json_decref(snap);
	fa_buf_release(&text);
	return 0;
}
