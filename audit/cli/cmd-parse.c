/* SPDX-License-Identifier: MIT */
/*
 * fabric-audit parse: run one parser on one captured output and print the model fragment it
 * yields, with its warnings.  For debugging parsers, for bug reports, and for checking what
 * fabric-audit reads from a device before trusting it.
 */
#include "config.h"

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/cli/cmd.h"
#include "audit/model.h"
#include "audit/util/fileio.h"
#include "drivers/capture-parse.h"
#include "drivers/platform.h"
#include "drivers/scrub.h"
#include "audit/util/jsonwrite.h"
#include "audit/util/banned.h"

static const char fa_parse_usage[] =
	"usage: fabric-audit parse --platform P --command 'CMD' [--device NAME] FILE\n"
	"       fabric-audit parse --list [--platform P]\n"
	"\n"
	"Run the parser of platform P for command CMD on FILE (what the command printed; '-' reads\n"
	"standard input) and print the model fragment as JSON: the device with the fields and\n"
	"ports the output yields, and any warnings about lines it did not understand.\n"
	"CMD is the command as sent, e.g. 'mlnx_qos -i ens1f0np0' or 'nv show qos roce -o json'.\n"
	"\n"
	"Options:\n"
	"  -p, --platform P     platform table to use (see --list)\n"
	"  -c, --command CMD    the command that printed FILE\n"
	"  -d, --device NAME    device name to put in the fragment (default: FILE's name)\n"
	"  -l, --list           list the platforms and the commands each one sends\n"
	"  -h, --help           show this help\n"
	"\n"
	"Exit status: 0 parsed, 65 the output is not what the command prints, 64 usage.\n";

static void fa_parse_list(const char *only)
{
	size_t i, j;

	for (i = 0; fa_platforms[i]; i++) {
		const struct fa_platform *p = fa_platforms[i];

		if (only && strcmp(only, p->name) != 0)
			continue;
		printf("%s (%s): %s\n", p->name, p->kind, p->summary);
		for (j = 0; j < p->ncommands; j++) {
			const struct fa_command *c = &p->commands[j];
			bool counters_only = (c->flags & FA_CMD_COUNTERS) &&
					     !(c->flags & FA_CMD_ALSO_CONFIG);
			const char *note = c->flags & FA_CMD_PARSE_ONLY ? "  (parse only, not sent)"
					   : c->flags & FA_CMD_FALLBACK
					       ? "  (optional, sent where the command above failed)"
					   : counters_only ? "  (counters: optional, with --sample or drift)"
					   : c->flags & FA_CMD_OPTIONAL ? "  (optional)"
					   : "";

			printf("  %s%s\n", c->command, note);
		}
	}
}

static int fa_parse_run(int argc, char **argv);

const struct fa_cmd fa_cmd_parse = {
	.name = "parse",
	.summary = "run one parser on one captured command output",
	.usage = fa_parse_usage,
	.run = fa_parse_run,
};

static int fa_parse_run(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "platform", required_argument, NULL, 'p' },
		{ "command", required_argument, NULL, 'c' },
		{ "device", required_argument, NULL, 'd' },
		{ "list", no_argument, NULL, 'l' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *platform = NULL, *command = NULL, *device = NULL, *file;
	const struct fa_platform *p;
	const struct fa_command *c;
	struct fa_capture cap = FA_CAPTURE_INIT;
	struct fa_err err = FA_ERR_INIT;
	struct fa_buf in = FA_BUF_INIT;
	char *arg = NULL;
	bool list = false;
	json_t *dev = NULL, *out = NULL;
	int opt, r, code = FA_EXIT_CLEAN;

	optind = 1;
	while ((opt = getopt_long(argc, argv, "p:c:d:lh", longopts, NULL)) != -1) {
		switch (opt) {
		case 'p':
			platform = optarg;
			break;
		case 'c':
			command = optarg;
			break;
		case 'd':
			device = optarg;
			break;
		case 'l':
			list = true;
			break;
		case 'h':
			fputs(fa_parse_usage, stdout);
			return FA_EXIT_CLEAN;
		default:
			return fa_cli_option_error(&fa_cmd_parse, argv, longopts);
		}
	}
	if (platform && !fa_platform_find(platform)) {
		const char *hint = fa_platform_suggest(platform);

		if (hint)
			return fa_cli_usage_error(&fa_cmd_parse, "unknown platform '%s' (did you "
						  "mean '%s'? see --list)", platform, hint);
		return fa_cli_usage_error(&fa_cmd_parse, "unknown platform '%s' (see --list)",
					  platform);
	}
	if (list) {
		fa_parse_list(platform);
		return FA_EXIT_CLEAN;
	}
	if (!platform || !command || optind != argc - 1)
		return fa_cli_usage_error(&fa_cmd_parse, "needs --platform, --command and one FILE");
	file = argv[optind];
	p = fa_platform_find(platform);
	c = fa_platform_command(p, command, &arg);
	if (!c)
		return fa_cli_usage_error(&fa_cmd_parse,
					  "platform '%s' has no parser for '%s' (see --list)",
					  platform, command);
	r = fa_file_read(strcmp(file, "-") == 0 ? "/dev/stdin" : file, FA_FILE_MAX_DEFAULT, &in,
			 &err);
	if (r < 0) {
		fa_cli_error(&err);
		code = fa_cli_exit_for(r);
		goto out;
	}
	if (!device) {
		const char *slash = strrchr(file, '/');

		device = slash ? slash + 1 : file;
	}
	dev = fa_device_new(device, p->kind);
	fa_set_str(dev, "platform", p->name);
	cap.device = device;
	cap.command = command;
	cap.arg = arg;
	fa_scrub(p->name, &in);
	cap.data = in.buf;
	cap.len = in.len;
	cap.writable = true;
	fa_device_index_begin(dev);
	r = fa_capture_parse(c, &cap, dev, &err);
	fa_device_index_end(dev);
	fa_capture_clean_device(dev);
	out = json_object();
	json_object_set_new(out, "platform", json_string(p->name));
	json_object_set_new(out, "command", json_string(command));
	json_object_set(out, "device", dev);
	if (r < 0) {
		fa_err_prefix(&err, "%s: '%s'", file, command);
		fa_cli_error(&err);
		json_object_set_new(out, "error", json_string(err.msg));
		code = FA_EXIT_DATAERR;
	}
	/* written as it is made: the text of 100,000 ports is not held whole */
	if (fa_json_write_file(out, JSON_INDENT(2) | JSON_SORT_KEYS, stdout) == 0)
		putchar('\n');
out:
	free(arg);
	json_decref(out);
	fa_cli_drop_device(dev);
	fa_buf_release(&in);
	return code;
}
