/* SPDX-License-Identifier: MIT */
/*
 * fabric-audit entry point: the global options, the subcommand table and dispatch.
 * Names match exactly; a miss lists every command.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "audit/cli/cmd.h"
#include "audit/util/arena.h"
#include "audit/util/suggest.h"
#include "audit/util/termsafe.h"
#include "audit/util/xalloc.h"
#include "audit/util/hugepages.h"
#include "audit/util/banned.h"

static const struct fa_cmd *const fa_cmds[] = {
	&fa_cmd_audit,
	&fa_cmd_collect,
	&fa_cmd_diff,
	&fa_cmd_drift,
	&fa_cmd_fields,
	&fa_cmd_fix_plan,
	&fa_cmd_gate,
	&fa_cmd_inventory,
	&fa_cmd_merge,
	&fa_cmd_parse,
	&fa_cmd_report,
	&fa_cmd_rules,
	&fa_cmd_run,
	&fa_cmd_show,
	&fa_cmd_summarize,
	NULL
};

int fa_cli_verbosity;

static const char fa_main_usage_head[] =
	"usage: fabric-audit [--version] [--help] COMMAND [-q|-v] [ARGS]\n"
	"\n"
	"Audit the network fabric of an AI/HPC cluster: collect the real configuration of every\n"
	"switch and host, check it hop by hop against declarative rules, and report.\n"
	"\n"
	"Commands:\n";

static const char fa_main_usage_tail[] =
	"\n"
	"Run 'fabric-audit COMMAND --help' for the options of one command.  Every command\n"
	"also takes -q, --quiet (standard error says only what went wrong) and -v, --verbose\n"
	"(a line for every device, ok ones too).\n"
	"\n"
	"Exit status:\n"
	"   0  pass: no finding at or above --fail-on (default: error), every device\n"
	"      collected, every check evaluated (or incomplete, with --allow-incomplete)\n"
	"   1  findings at or above --fail-on; diff, gate, drift: a change outside the\n"
	"      allow-list or an expected change missing\n"
	"   2  incomplete: a device not collected or a check not evaluable (run, audit,\n"
	"      drift, gate; --allow-incomplete accepts it)\n"
	"  64  usage error\n"
	"  65  bad input data (inventory, rules, snapshot, captures; merge: an input that\n"
	"      cannot be read)\n"
	"  69  nothing could be collected\n"
	"  70  internal error\n"
	"  74  an output file could not be written\n"
	"  75  another run holds the history folder's lock (drift): try again later\n";

static void fa_main_usage(FILE *out)
{
	size_t i;

	fputs(fa_main_usage_head, out);
	for (i = 0; fa_cmds[i]; i++)
		fprintf(out, "  %-12s %s\n", fa_cmds[i]->name, fa_cmds[i]->summary);
	fputs(fa_main_usage_tail, out);
}

/* Has the reader of standard output gone (a pipe into 'head' that has exited)? */
static bool fa_cli_stdout_reader_gone(void)
{
	struct pollfd p = { .fd = STDOUT_FILENO, .events = POLLOUT };
	struct stat st;

	if (fstat(STDOUT_FILENO, &st) != 0 || !(S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode)))
		return false;
	return poll(&p, 1, 0) == 1 && (p.revents & POLLERR);
}

/* Messages quote file and device text: escaped for the terminal (audit/util/termsafe.h). */
void fa_cli_error(const struct fa_err *err)
{
	struct fa_buf b = FA_BUF_INIT;
	char line[1024];

	/* standard output cut short by its reader ("| head") is not an error */
	if (err->code == FA_EIO && strcmp(err->source, "-") == 0 && fa_cli_stdout_reader_gone())
		return;
	fa_term_escapes(&b, fa_err_format(err, line, sizeof(line)));
	fprintf(stderr, "fabric-audit: %s\n", b.buf);
	fa_buf_release(&b);
}

void fa_cli_errorf(const char *fmt, ...)
{
	struct fa_buf b = FA_BUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	fa_term_vaddf(&b, fmt, ap);
	va_end(ap);
	fprintf(stderr, "fabric-audit: %s\n", b.buf);
	fa_buf_release(&b);
}

void fa_cli_print_safe(const char *s)
{
	struct fa_buf b = FA_BUF_INIT;

	fa_term_escapes(&b, s);
	printf("%s\n", b.buf);
	fa_buf_release(&b);
}

int fa_cli_usage_error(const struct fa_cmd *cmd, const char *fmt, ...)
{
	struct fa_buf b = FA_BUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	fa_term_vaddf(&b, fmt, ap);
	va_end(ap);
	fprintf(stderr, "fabric-audit %s: %s\nTry 'fabric-audit %s --help'.\n", cmd->name, b.buf,
		cmd->name);
	fa_buf_release(&b);
	return FA_EXIT_USAGE;
}

/* The long option @name (up to '=' or its end) of @longopts, or a unique prefix of one. */
static const struct option *fa_cli_long_option(const struct option *longopts, const char *name,
					       size_t n)
{
	const struct option *o, *found = NULL;
	int prefixes = 0;

	for (o = longopts; o->name; o++) {
		if (strlen(o->name) == n && strncmp(o->name, name, n) == 0)
			return o;
		if (strncmp(o->name, name, n) == 0) {
			found = o;
			prefixes++;
		}
	}
	return prefixes == 1 ? found : NULL;
}

int fa_cli_option_error(const struct fa_cmd *cmd, char *const argv[],
			const struct option *longopts)
{
	const char *arg = optind > 0 ? argv[optind - 1] : "";
	const struct option *o;

	if (strncmp(arg, "--", 2) == 0) {
		const char *name = arg + 2, *known[64];
		size_t n = strcspn(name, "="), k = 0;
		const char *hint;
		char *word;

		o = fa_cli_long_option(longopts, name, n);
		if (o && name[n] == '=' && o->has_arg == no_argument)
			return fa_cli_usage_error(cmd, "option '--%s' takes no value", o->name);
		if (o)
			return fa_cli_usage_error(cmd, "option '--%s' needs a value", o->name);
		for (o = longopts; o->name && k + 1 < sizeof(known) / sizeof(known[0]); o++)
			known[k++] = o->name;
		known[k] = NULL;
		word = fa_xstrndup(name, n);
		hint = fa_suggest(word, known);
		free(word);
		if (hint)
			return fa_cli_usage_error(cmd, "unknown option '--%.*s' (did you mean "
						  "'--%s'?)", (int)n, name, hint);
		return fa_cli_usage_error(cmd, "unknown option '--%.*s'", (int)n, name);
	}
	for (o = longopts; optopt && o->name; o++)
		if (!o->flag && o->val == optopt && o->has_arg == required_argument)
			return fa_cli_usage_error(cmd, "option '-%c' needs a value", optopt);
	if (optopt > ' ' && optopt < 127)
		return fa_cli_usage_error(cmd, "unknown option '-%c'", optopt);
	return fa_cli_usage_error(cmd, "unknown option '%s'", arg);
}

bool fa_cli_color_auto(void)
{
	const char *no_color = getenv("NO_COLOR");

	return isatty(STDOUT_FILENO) && !(no_color && *no_color);
}

int fa_cli_exit_for(int code)
{
	if (code < 0)
		code = -code;
	switch (code) {
	case FA_EOK:
		return FA_EXIT_CLEAN;
	case FA_EIO:
		return FA_EXIT_IOERR;
	case FA_EINTERNAL:
	case FA_ENOMEM:
		return FA_EXIT_SOFTWARE;
	default:
		return FA_EXIT_DATAERR;
	}
}

/* Ports and links over which a snapshot or device is kept rather than freed at exit: freeing
 * a big model value by value takes seconds the kernel spends at once. */
#define FA_CLI_KEEP_AT_EXIT 100000

static void fa_cli_drop(json_t *v, size_t n)
{
	/* still reachable: not a leak, and gone with the process; diff and gate hold two
	 * snapshots, audit a snapshot and its report, parse one device */
	static json_t *kept[4];
	size_t i;

	for (i = 0; n >= FA_CLI_KEEP_AT_EXIT && i < sizeof(kept) / sizeof(kept[0]); i++) {
		if (!kept[i]) {
			kept[i] = v;
			return;
		}
	}
	json_decref(v);
}

void fa_cli_drop_snapshot(json_t *snapshot)
{
	const json_t *d;
	size_t i, n = json_array_size(json_object_get(snapshot, "links"));

	json_array_foreach(json_object_get(snapshot, "devices"), i, d)
		n += json_array_size(json_object_get(d, "ports"));
	fa_cli_drop(snapshot, n);
}

void fa_cli_drop_report(json_t *report)
{
	const json_t *topology = json_object_get(report, "topology");

	fa_cli_drop(report, json_array_size(json_object_get(topology, "links")) +
		    json_array_size(json_object_get(report, "findings")));
}

void fa_cli_drop_device(json_t *dev)
{
	fa_cli_drop(dev, json_array_size(json_object_get(dev, "ports")));
}

int fa_cli_finish(int code)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		/* output cut short by its reader ("| head") is not an error: the command's own
		 * status stands, unless it is that failed write */
		if (errno == EPIPE || fa_cli_stdout_reader_gone())
			return code == FA_EXIT_IOERR ? FA_EXIT_CLEAN : code;
		fprintf(stderr, "fabric-audit: cannot write standard output: %s\n",
			strerror(errno));
		return code == FA_EXIT_CLEAN ? FA_EXIT_IOERR : code;
	}
	return code;
}

/*
 * Take -q/--quiet and -v/--verbose out of a command's arguments (anywhere before "--"), so
 * that every command has them without each parsing them; the last one given wins.
 */
static int fa_cli_take_verbosity(int argc, char **argv)
{
	int i, n = 1;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--") == 0) {
			while (i < argc)
				argv[n++] = argv[i++];
			break;
		}
		if (!strcmp(argv[i], "-q") || !strcmp(argv[i], "--quiet"))
			fa_cli_verbosity = -1;
		else if (!strcmp(argv[i], "-v") || !strcmp(argv[i], "--verbose"))
			fa_cli_verbosity = 1;
		else
			argv[n++] = argv[i];
	}
	argv[n] = NULL;
	return n;
}

int main(int argc, char **argv)
{
	const char *name;
	size_t i;

	/* Before anything else: this may start the program again (audit/util/hugepages.h). */
	fa_hugepages_reexec(argv);
	/* Out of memory in jansson aborts with a message, as fa_xmalloc does: never a NULL
	 * value silently dropped from a rule, an inventory or a snapshot. */
	json_set_alloc_funcs(fa_json_malloc, fa_json_free);
	/* jansson seeds its hash function on first use; do it before any worker thread exists. */
	json_object_seed(0);
	/* A device or ProxyCommand that hangs up must fail that device, not kill the run. */
	signal(SIGPIPE, SIG_IGN);
	/* commands say which option is wrong themselves, with a suggestion */
	opterr = 0;
	if (argc < 2) {
		fa_main_usage(stderr);
		return FA_EXIT_USAGE;
	}
	name = argv[1];
	if (!strcmp(name, "--help") || !strcmp(name, "-h") || !strcmp(name, "help")) {
		fa_main_usage(stdout);
		return fa_cli_finish(FA_EXIT_CLEAN);
	}
	if (!strcmp(name, "--version") || !strcmp(name, "-V")) {
		printf("fabric-audit %s\n", PACKAGE_VERSION);
		return fa_cli_finish(FA_EXIT_CLEAN);
	}
	for (i = 0; fa_cmds[i]; i++)
		if (strcmp(fa_cmds[i]->name, name) == 0)
			return fa_cli_finish(fa_cmds[i]->run(fa_cli_take_verbosity(argc - 1,
										     argv + 1),
							     argv + 1));
	{
		const char *known[sizeof(fa_cmds) / sizeof(fa_cmds[0])], *hint;
		struct fa_buf b = FA_BUF_INIT;

		for (i = 0; fa_cmds[i]; i++)
			known[i] = fa_cmds[i]->name;
		known[i] = NULL;
		hint = fa_suggest(name, known);
		fa_term_escapes(&b, name);
		if (hint)
			fprintf(stderr, "fabric-audit: '%s' is not a command (did you mean '%s'?)."
				" Commands:", b.buf, hint);
		else
			fprintf(stderr, "fabric-audit: '%s' is not a command. Commands:", b.buf);
		fa_buf_release(&b);
	}
	for (i = 0; fa_cmds[i]; i++)
		fprintf(stderr, " %s", fa_cmds[i]->name);
	fputs("\nTry 'fabric-audit --help'.\n", stderr);
	return FA_EXIT_USAGE;
}
