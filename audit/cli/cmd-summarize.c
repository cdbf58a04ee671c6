/* SPDX-License-Identifier: MIT */
/*
 * "fabric-audit summarize": what a fabric is made of at a glance, as counts of devices by
 * platform, role, status and OS version, and of ports by state, speed, MTU and NIC firmware:
 * the odd one out (one port at 100G, one host on another firmware) shows as a count of 1.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/cli/cmd.h"
#include "audit/cli/snapshot-arg.h"
#include "audit/model.h"
#include "audit/util/buf.h"
#include "audit/util/termsafe.h"
#include "audit/util/xalloc.h"
#include "audit/util/jsonwrite.h"
#include "audit/util/banned.h"

static const char fa_summarize_usage[] =
	"usage: fabric-audit summarize (-s SNAPSHOT | -H HISTORY) [--format text|json]\n"
	"\n"
	"Count what a fabric is made of: devices by platform, role, status and OS version;\n"
	"ports by operational state, speed, MTU and NIC firmware; links by how they were\n"
	"found.  A value seen once among many is usually the fault.  '-' counts what the\n"
	"snapshot does not have.\n"
	"\n"
	"Options:\n"
	"  -s, --snapshot FILE    the snapshot to summarize\n"
	"  -H, --history DIR      the newest snapshot of a drift history folder\n"
	"  -f, --format FORMAT    text (the default) or json\n"
	"  -h, --help             show this help\n"
	"\n"
	"Exit status: 0, 64 usage, 65 a snapshot that cannot be read.\n";

static int fa_cmd_summarize_run(int argc, char **argv);

const struct fa_cmd fa_cmd_summarize = {
	.name = "summarize",
	.summary = "count devices and ports by platform, role, version, speed, MTU",
	.usage = fa_summarize_usage,
	.run = fa_cmd_summarize_run,
};

static const char *const fa_device_dims[] = {
	"platform", "role", "status", "os.version", NULL
};
static const char *const fa_port_dims[] = {
	"oper_state", "speed", "mtu", "nic.firmware", NULL
};

/* Count the value at @path of @obj (its text; "-" when absent) under counts[@name]. */
static void fa_count(json_t *counts, const char *name, const json_t *obj, const char *path)
{
	json_t *v = fa_obj_get_path(obj, path), *per = json_object_get(counts, name);
	char *key = !v ? fa_xstrdup("-") : json_is_string(v) ? fa_xstrdup(json_string_value(v))
				      : json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);

	if (!per) {
		per = json_object();
		json_object_set_new(counts, name, per);
	}
	json_object_set_new(per, key, json_integer(json_integer_value(json_object_get(per, key))
						  + 1));
	free(key);
}

static json_t *fa_summarize(const json_t *snap)
{
	json_t *counts = json_object(), *out = json_object(), *d, *p, *l;
	size_t i, j, k, nports = 0;
	char name[64];

	json_array_foreach(json_object_get(snap, "devices"), i, d) {
		for (k = 0; fa_device_dims[k]; k++) {
			snprintf(name, sizeof(name), "device.%s", fa_device_dims[k]);
			fa_count(counts, name, d, fa_device_dims[k]);
		}
		json_array_foreach(json_object_get(d, "ports"), j, p) {
			nports++;
			for (k = 0; fa_port_dims[k]; k++) {
				/* a switch port has no NIC: count NIC firmware on hosts only */
				if (!strcmp(fa_port_dims[k], "nic.firmware") &&
				    !json_object_get(p, "nic"))
					continue;
				snprintf(name, sizeof(name), "port.%s", fa_port_dims[k]);
				fa_count(counts, name, p, fa_port_dims[k]);
			}
		}
	}
	json_array_foreach(json_object_get(snap, "links"), i, l)
		fa_count(counts, "link.source", l, "source");
	json_object_set_new(out, "devices",
			    json_integer((json_int_t)json_array_size(json_object_get(snap,
										    "devices"))));
	json_object_set_new(out, "ports", json_integer((json_int_t)nports));
	json_object_set_new(out, "links",
			    json_integer((json_int_t)json_array_size(json_object_get(snap,
										    "links"))));
	json_object_set_new(out, "counts", counts);
	return out;
}

static void fa_summarize_text(const json_t *sum)
{
	const json_t *per, *n;
	const char *dim, *value;

	printf("devices %lld, ports %lld, links %lld\n",
	       (long long)json_integer_value(json_object_get(sum, "devices")),
	       (long long)json_integer_value(json_object_get(sum, "ports")),
	       (long long)json_integer_value(json_object_get(sum, "links")));
	json_object_foreach((json_t *)json_object_get(sum, "counts"), dim, per) {
		size_t width = 0;

		json_object_foreach((json_t *)per, value, n)
			if (strlen(value) > width)
				width = strlen(value);
		printf("\n%s\n", dim);
		json_object_foreach((json_t *)per, value, n) {
			struct fa_buf b = FA_BUF_INIT;

			/* device text: escaped for the terminal */
			fa_term_escapes(&b, value);
			printf("  %-*s  %lld\n", (int)width, b.buf, (long long)json_integer_value(n));
			fa_buf_release(&b);
		}
	}
}

static int fa_cmd_summarize_run(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "snapshot", required_argument, NULL, 's' },
		{ "history", required_argument, NULL, 'H' },
		{ "format", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *snapshot = NULL, *history = NULL, *format = "text";
	json_t *snap = NULL, *sum;
	int opt, code;

	optind = 1;
	while ((opt = getopt_long(argc, argv, "s:H:f:h", longopts, NULL)) != -1) {
		switch (opt) {
		case 's':
			snapshot = optarg;
			break;
		case 'H':
			history = optarg;
			break;
		case 'f':
			format = optarg;
			break;
		case 'h':
			fputs(fa_summarize_usage, stdout);
			return FA_EXIT_CLEAN;
		default:
			return fa_cli_option_error(&fa_cmd_summarize, argv, longopts);
		}
	}
	if (strcmp(format, "text") && strcmp(format, "json"))
		return fa_cli_usage_error(&fa_cmd_summarize, "--format takes text or json, not "
					  "'%s'", format);
	if (optind != argc)
		return fa_cli_usage_error(&fa_cmd_summarize, "unexpected argument '%s'",
					  argv[optind]);
	code = fa_cli_snapshot_arg(&fa_cmd_summarize, snapshot, history, &snap);
	if (code != FA_EXIT_CLEAN)
		return code;
	sum = fa_summarize(snap);
	if (!strcmp(format, "json")) {
		fa_json_write_file(sum, JSON_INDENT(2) | JSON_SORT_KEYS, stdout);
		putchar('\n');
	} else {
		fa_summarize_text(sum);
	}
	json_decref(sum);
	fa_cli_drop_snapshot(snap);
	return FA_EXIT_CLEAN;
}
