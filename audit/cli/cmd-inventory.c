/* SPDX-License-Identifier: MIT */
/*
 * "fabric-audit inventory": look at an inventory as the tool reads it.
 *
 * "inventory show" loads the file with every default, group and range resolved, and prints
 * the devices as an aligned table or as JSON (fa_inventory_to_json), so a user can check
 * what an audit would reach before running one.
 */
#include "config.h"

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/cli/cmd.h"
#include "audit/util/buf.h"
#include "audit/util/termsafe.h"
#include "inventory/inventory.h"
#include "audit/util/jsonwrite.h"
#include "audit/util/banned.h"

static const char fa_inventory_usage[] =
	"usage: fabric-audit inventory show -i FILE [--format text|json]\n"
	"\n"
	"Show the devices of an inventory with every default, group and host range resolved.\n"
	"\n"
	"Options:\n"
	"  -i, --inventory FILE   inventory file: YAML, JSON, Ansible INI, or the JSON of\n"
	"                         'ansible-inventory --list' (docs/inventory.md)\n"
	"  -f, --format FORMAT    text (an aligned table, the default) or json\n"
	"  -h, --help             show this help\n"
	"\n"
	"Exit status: 0 when the inventory is valid, 65 when it is not (the message says\n"
	"file:line:column), 64 for a usage error.\n";

static int fa_cmd_inventory_run(int argc, char **argv);

const struct fa_cmd fa_cmd_inventory = {
	.name = "inventory",
	.summary = "show the devices of an inventory, resolved",
	.usage = fa_inventory_usage,
	.run = fa_cmd_inventory_run,
};

enum fa_inv_column { FA_COL_NAME, FA_COL_ADDRESS, FA_COL_PLATFORM, FA_COL_ROLE,
		     FA_COL_TRANSPORT, FA_COL_GROUPS, FA_COL_COUNT };

static const char *const fa_inv_headers[FA_COL_COUNT] = {
	"NAME", "ADDRESS", "PLATFORM", "ROLE", "TRANSPORT", "GROUPS",
};

/* The text of one cell; @tmp holds what has to be built. */
static const char *fa_inv_cell(const struct fa_inv_device *d, enum fa_inv_column c,
			       struct fa_buf *tmp)
{
	size_t i;

	switch (c) {
	case FA_COL_NAME:
		return d->name;
	case FA_COL_ADDRESS:
		return d->address;
	case FA_COL_PLATFORM:
		return d->platform;
	case FA_COL_ROLE:
		return d->role ? d->role : "-";
	case FA_COL_TRANSPORT:
		return fa_transport_to_string(d->transport);
	case FA_COL_GROUPS:
		fa_buf_reset(tmp);
		for (i = 0; i < d->ngroups; i++)
			fa_buf_addf(tmp, "%s%s", i ? "," : "", d->groups[i]);
		return tmp->len ? tmp->buf : "-";
	default:
		return "";
	}
}

/* The last column is not padded, so lines carry no trailing blanks. */
static void fa_inv_print_cell(const char *s, size_t width, bool last)
{
	struct fa_buf b = FA_BUF_INIT;

	/* names and vars come from the file: escaped for the terminal */
	fa_term_escapes(&b, s);
	if (last)
		printf("%s\n", b.buf);
	else
		printf("%-*s  ", (int)width, b.buf);
	fa_buf_release(&b);
}

static void fa_inv_print_text(const struct fa_inventory *inv)
{
	struct fa_buf tmp = FA_BUF_INIT;
	size_t width[FA_COL_COUNT];
	size_t i;
	int c;

	for (c = 0; c < FA_COL_COUNT; c++)
		width[c] = strlen(fa_inv_headers[c]);
	for (i = 0; i < inv->ndevices; i++) {
		for (c = 0; c < FA_COL_COUNT; c++) {
			size_t w = strlen(fa_inv_cell(&inv->devices[i], c, &tmp));

			if (w > width[c])
				width[c] = w;
		}
	}
	for (c = 0; c < FA_COL_COUNT; c++)
		fa_inv_print_cell(fa_inv_headers[c], width[c], c + 1 == FA_COL_COUNT);
	for (i = 0; i < inv->ndevices; i++)
		for (c = 0; c < FA_COL_COUNT; c++)
			fa_inv_print_cell(fa_inv_cell(&inv->devices[i], c, &tmp), width[c],
					  c + 1 == FA_COL_COUNT);
	fa_buf_release(&tmp);
}

static int fa_inv_print_json(const struct fa_inventory *inv)
{
	json_t *j = fa_inventory_to_json(inv);
	int r;

	r = fa_json_write_file(j, JSON_INDENT(2) | JSON_SORT_KEYS, stdout);
	json_decref(j);
	if (r < 0)
		return FA_EXIT_IOERR;
	fputc('\n', stdout);
	return FA_EXIT_CLEAN;
}

static int fa_inventory_show(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "inventory", required_argument, NULL, 'i' },
		{ "format", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct fa_inventory inv = FA_INVENTORY_INIT;
	struct fa_err err = FA_ERR_INIT;
	const char *path = NULL, *format = "text";
	int c, r;

	optind = 1;
	while ((c = getopt_long(argc, argv, "i:f:h", opts, NULL)) != -1) {
		switch (c) {
		case 'i':
			path = optarg;
			break;
		case 'f':
			format = optarg;
			break;
		case 'h':
			fputs(fa_inventory_usage, stdout);
			return FA_EXIT_CLEAN;
		default:
			return fa_cli_option_error(&fa_cmd_inventory, argv, opts);
		}
	}
	if (optind < argc)
		return fa_cli_usage_error(&fa_cmd_inventory, "unexpected argument '%s'",
					  argv[optind]);
	if (!path)
		return fa_cli_usage_error(&fa_cmd_inventory,
					  "an inventory file is needed (-i FILE)");
	if (strcmp(format, "text") != 0 && strcmp(format, "json") != 0)
		return fa_cli_usage_error(&fa_cmd_inventory,
					  "unknown format '%s' (formats: text, json)", format);
	r = fa_inventory_load(path, &inv, &err);
	if (r < 0) {
		fa_cli_error(&err);
		return fa_cli_exit_for(r);
	}
	if (strcmp(format, "json") == 0) {
		r = fa_inv_print_json(&inv);
	} else {
		fa_inv_print_text(&inv);
		r = FA_EXIT_CLEAN;
	}
	fa_inventory_release(&inv);
	return r;
}

static int fa_cmd_inventory_run(int argc, char **argv)
{
	if (argc < 2)
		return fa_cli_usage_error(&fa_cmd_inventory, "a subcommand is needed: show");
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
		fputs(fa_inventory_usage, stdout);
		return FA_EXIT_CLEAN;
	}
	if (strcmp(argv[1], "show") == 0)
		return fa_inventory_show(argc - 1, argv + 1);
	return fa_cli_usage_error(&fa_cmd_inventory, "unknown subcommand '%s' (subcommands: show)",
				  argv[1]);
}
