/* SPDX-License-Identifier: MIT */
/*
 * "fabric-audit show": query a snapshot (or the newest of a history folder) with the rule
 * language, so that what can be queried is exactly what can be checked.  Rows are devices,
 * ports (with their device), links (with both ends) or the findings of the shipped rule packs
 * on it (with the device and port they are about); --where keeps the rows for which an
 * expression is true, --columns are expressions too; table, CSV or JSON out.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/cli/audit-opts.h"
#include "audit/cli/cmd.h"
#include "audit/cli/snapshot-arg.h"
#include "audit/model.h"
#include "audit/util/buf.h"
#include "audit/util/suggest.h"
#include "audit/util/termsafe.h"
#include "audit/util/xalloc.h"
#include "rules/expr.h"
#include "audit/util/jsonwrite.h"
#include "audit/util/banned.h"

static const char fa_show_usage[] =
	"usage: fabric-audit show devices|ports|links|findings (-s SNAPSHOT | -H HISTORY)\n"
	"                         [options]\n"
	"\n"
	"Query a snapshot: one row per device, per port (with its device), per link (with\n"
	"both ends) or per finding of the shipped rule packs on it (as 'audit' finds them).\n"
	"--where and --columns are written in the rule language (docs/rules.md): device.*,\n"
	"port.*; for links, link.*, a.device.*, a.port.*, b.device.*, b.port.*; for findings,\n"
	"finding.* (rule, severity, category, subject_text, expected, actual, message) and the\n"
	"device.* and port.* it is about (see 'fabric-audit fields').  A value that is missing\n"
	"shows as '-'.\n"
	"\n"
	"Options:\n"
	"  -s, --snapshot FILE    the snapshot to query\n"
	"  -H, --history DIR      the newest snapshot of a drift history folder\n"
	"  -w, --where EXPR       only the rows for which EXPR is true, e.g.\n"
	"                         'port.mtu < 9000 and device.role == \"gpu-host\"'\n"
	"  -c, --columns LIST     comma-separated expressions to show (default: a few per kind)\n"
	"  -f, --format FORMAT    table (the default), csv or json\n"
	"  -h, --help             show this help\n"
	"\n"
	"Exit status: 0 (also when no row matches), 64 usage or an expression that does not\n"
	"parse, 65 a snapshot that cannot be read.\n";

static int fa_cmd_show_run(int argc, char **argv);

const struct fa_cmd fa_cmd_show = {
	.name = "show",
	.summary = "query a snapshot: devices, ports or links, with rule-language filters",
	.usage = fa_show_usage,
	.run = fa_cmd_show_run,
};

enum fa_show_kind { FA_SHOW_DEVICES, FA_SHOW_PORTS, FA_SHOW_LINKS, FA_SHOW_FINDINGS };

static const char *const fa_show_default_columns[] = {
	[FA_SHOW_DEVICES] = "device.name,device.platform,device.role,device.status,"
			    "device.os.version",
	[FA_SHOW_PORTS] = "device.name,port.name,port.oper_state,port.speed,port.mtu,"
			  "port.qos.pfc_enabled",
	[FA_SHOW_LINKS] = "a.device.name,a.port.name,b.device.name,b.port.name,a.port.speed,"
			  "b.port.speed,link.source",
	[FA_SHOW_FINDINGS] = "finding.severity,finding.rule,finding.subject_text,"
			     "finding.expected,finding.actual",
};

static const unsigned fa_show_roots[] = {
	[FA_SHOW_DEVICES] = FA_ROOT_BIT(FA_ROOT_DEVICE),
	[FA_SHOW_PORTS] = FA_ROOT_BIT(FA_ROOT_DEVICE) | FA_ROOT_BIT(FA_ROOT_PORT),
	[FA_SHOW_LINKS] = FA_ROOT_BIT(FA_ROOT_LINK) | FA_ROOT_BIT(FA_ROOT_A_DEVICE) |
			  FA_ROOT_BIT(FA_ROOT_A_PORT) | FA_ROOT_BIT(FA_ROOT_B_DEVICE) |
			  FA_ROOT_BIT(FA_ROOT_B_PORT),
	[FA_SHOW_FINDINGS] = FA_ROOT_BIT(FA_ROOT_FINDING) | FA_ROOT_BIT(FA_ROOT_DEVICE) |
			     FA_ROOT_BIT(FA_ROOT_PORT),
};

struct fa_show {
	enum fa_show_kind kind;
	struct fa_expr *where;
	struct fa_expr **cols;
	size_t ncols;
	json_t *rows;		/* [[cell, ...], ...]: each cell a value or null (missing) */
};

/* The keys of a finding (docs/report.md), which the field registry does not hold. */
static const char *const fa_finding_keys[] = {
	"actual", "category", "expected", "message", "rule", "severity", "subject",
	"subject_text", "title", NULL
};

struct fa_finding_check {
	char bad[64];
};

static void fa_show_check_finding_path(const struct fa_expr *path, void *data)
{
	struct fa_finding_check *c = data;
	const char *t = fa_expr_text(path);
	size_t i, n;

	if (c->bad[0] || strncmp(t, "finding.", 8) != 0)
		return;
	t += 8;
	n = strcspn(t, ".[ ");
	for (i = 0; fa_finding_keys[i]; i++)
		if (strlen(fa_finding_keys[i]) == n && strncmp(fa_finding_keys[i], t, n) == 0)
			return;
	snprintf(c->bad, sizeof(c->bad), "%.*s", (int)n, t);
}

static int fa_show_parse(struct fa_show *s, const char *text, const char *what,
			 struct fa_expr **ret)
{
	struct fa_expr_opts o = { .roots = fa_show_roots[s->kind], .no_topo = true,
				  .check_fields = true };
	struct fa_err err = FA_ERR_INIT;

	if (fa_expr_parse(text, &o, ret, &err) < 0)
		return fa_cli_usage_error(&fa_cmd_show, "%s '%s': column %d: %s", what, text,
					  err.column, err.msg);
	if (s->kind == FA_SHOW_FINDINGS) {
		struct fa_finding_check c = { "" };
		const char *hint;

		fa_expr_foreach_path_deep(*ret, fa_show_check_finding_path, &c);
		if (c.bad[0]) {
			hint = fa_suggest(c.bad, fa_finding_keys);
			fa_expr_free(*ret);
			*ret = NULL;
			return hint ? fa_cli_usage_error(&fa_cmd_show, "%s '%s': a finding has no "
							 "'%s' (did you mean 'finding.%s'?)", what,
							 text, c.bad, hint)
				    : fa_cli_usage_error(&fa_cmd_show, "%s '%s': a finding has no "
							 "'%s'", what, text, c.bad);
		}
	}
	return 0;
}

/* One row for the bindings @ev when --where holds. */
static void fa_show_row(struct fa_show *s, struct fa_eval *ev)
{
	json_t *row;
	size_t i;

	if (s->where) {
		struct fa_eval w = *ev;

		if (fa_expr_test(s->where, &w) != FA_TRI_TRUE)
			return;
	}
	row = json_array();
	for (i = 0; i < s->ncols; i++) {
		struct fa_eval c = *ev;
		json_t *v = NULL;

		if (fa_expr_eval(s->cols[i], &c, &v) != FA_EVAL_VALUE)
			v = json_null();
		json_array_append_new(row, v);
	}
	json_array_append_new(s->rows, row);
}

/* Devices by name, each with its ports indexed (fa_show_unindex() undoes it). */
static json_t *fa_show_index(json_t *snap)
{
	json_t *byname = json_object(), *d;
	size_t i;

	json_array_foreach(json_object_get(snap, "devices"), i, d) {
		if (fa_get_str(d, "name"))
			json_object_set(byname, fa_get_str(d, "name"), d);
		fa_device_index_begin(d);
	}
	return byname;
}

static void fa_show_unindex(json_t *snap, json_t *byname)
{
	json_t *d;
	size_t i;

	json_array_foreach(json_object_get(snap, "devices"), i, d)
		fa_device_index_end(d);
	json_decref(byname);
}

/* The findings of the shipped packs on @snap, each bound with the device and port it is about. */
static int fa_show_findings(struct fa_show *s, json_t *snap, const char *source)
{
	struct fa_audit_opts o;
	json_t *report = NULL, *byname, *f;
	size_t i;
	int code;

	fa_audit_opts_init(&o);
	if (fa_audit_report(&o, snap, source, &report, &code) != 0)
		return FA_EXIT_DATAERR;
	byname = fa_show_index(snap);
	json_array_foreach(json_object_get(report, "findings"), i, f) {
		struct fa_eval ev = FA_EVAL_INIT;
		const char *dn = fa_get_str(f, "subject.device"), *pn = fa_get_str(f, "subject.port");
		json_t *d = dn ? json_object_get(byname, dn) : NULL;

		ev.root[FA_ROOT_FINDING] = f;
		ev.root[FA_ROOT_DEVICE] = d;
		if (d && pn)
			ev.root[FA_ROOT_PORT] = fa_device_find_port(d, pn);
		fa_show_row(s, &ev);
	}
	fa_show_unindex(snap, byname);
	json_decref(report);
	return 0;
}

static void fa_show_collect(struct fa_show *s, json_t *snap)
{
	json_t *d, *p, *byname;
	size_t i, j;

	if (s->kind != FA_SHOW_LINKS) {
		json_array_foreach(json_object_get(snap, "devices"), i, d) {
			if (s->kind == FA_SHOW_DEVICES) {
				struct fa_eval ev = FA_EVAL_INIT;

				ev.root[FA_ROOT_DEVICE] = d;
				fa_show_row(s, &ev);
				continue;
			}
			json_array_foreach(json_object_get(d, "ports"), j, p) {
				struct fa_eval ev = FA_EVAL_INIT;

				ev.root[FA_ROOT_DEVICE] = d;
				ev.root[FA_ROOT_PORT] = p;
				fa_show_row(s, &ev);
			}
		}
		return;
	}
	/* devices by name, and each one's ports by name: linear in the size of the fabric */
	byname = fa_show_index(snap);
	json_array_foreach(json_object_get(snap, "links"), i, p) {
		struct fa_eval ev = FA_EVAL_INIT;
		const char *an = fa_get_str(p, "a.device"), *bn = fa_get_str(p, "b.device");
		json_t *ad = an ? json_object_get(byname, an) : NULL;
		json_t *bd = bn ? json_object_get(byname, bn) : NULL;

		ev.root[FA_ROOT_LINK] = p;
		ev.root[FA_ROOT_A_DEVICE] = ad;
		ev.root[FA_ROOT_B_DEVICE] = bd;
		if (ad && fa_get_str(p, "a.port"))
			ev.root[FA_ROOT_A_PORT] = fa_device_find_port(ad, fa_get_str(p, "a.port"));
		if (bd && fa_get_str(p, "b.port"))
			ev.root[FA_ROOT_B_PORT] = fa_device_find_port(bd, fa_get_str(p, "b.port"));
		fa_show_row(s, &ev);
	}
	fa_show_unindex(snap, byname);
}

/* A cell as text: strings as they are, lists and numbers as compact JSON, missing as "-". */
static char *fa_show_cell(const json_t *v)
{
	if (json_is_null(v))
		return fa_xstrdup("-");
	if (json_is_string(v))
		return fa_xstrdup(json_string_value(v));
	return json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
}

static void fa_show_csv_field(const char *s, bool last)
{
	if (strpbrk(s, ",\"\r\n")) {
		putchar('"');
		for (; *s; s++) {
			if (*s == '"')
				putchar('"');
			putchar(*s);
		}
		putchar('"');
	} else {
		fputs(s, stdout);
	}
	putchar(last ? '\n' : ',');
}

static void fa_show_print(const struct fa_show *s, const char *format)
{
	size_t i, j, *width = fa_xcalloc(s->ncols, sizeof(*width));
	const json_t *row;

	if (!strcmp(format, "json")) {
		json_t *out = json_array();

		json_array_foreach(s->rows, i, row) {
			json_t *o = json_object();

			for (j = 0; j < s->ncols; j++)
				json_object_set(o, fa_expr_text(s->cols[j]), json_array_get(row, j));
			json_array_append_new(out, o);
		}
		fa_json_write_file(out, JSON_INDENT(2) | JSON_PRESERVE_ORDER, stdout);
		putchar('\n');
		json_decref(out);
		free(width);
		return;
	}
	for (j = 0; j < s->ncols; j++)
		width[j] = strlen(fa_expr_text(s->cols[j]));
	json_array_foreach(s->rows, i, row) {
		for (j = 0; j < s->ncols; j++) {
			char *c = fa_show_cell(json_array_get(row, j));

			if (strlen(c) > width[j])
				width[j] = strlen(c);
			free(c);
		}
	}
	for (j = 0; j < s->ncols; j++) {
		if (!strcmp(format, "csv"))
			fa_show_csv_field(fa_expr_text(s->cols[j]), j + 1 == s->ncols);
		else
			printf("%-*s%s", j + 1 == s->ncols ? 0 : (int)width[j],
			       fa_expr_text(s->cols[j]), j + 1 == s->ncols ? "\n" : "  ");
	}
	json_array_foreach(s->rows, i, row) {
		for (j = 0; j < s->ncols; j++) {
			char *c = fa_show_cell(json_array_get(row, j));
			struct fa_buf b = FA_BUF_INIT;

			if (!strcmp(format, "csv")) {
				fa_show_csv_field(c, j + 1 == s->ncols);
			} else {
				/* device text: escaped for the terminal */
				fa_term_escapes(&b, c);
				printf("%-*s%s", j + 1 == s->ncols ? 0 : (int)width[j], b.buf,
				       j + 1 == s->ncols ? "\n" : "  ");
			}
			fa_buf_release(&b);
			free(c);
		}
	}
	free(width);
}

static int fa_show_columns(struct fa_show *s, const char *list)
{
	char *copy = fa_xstrdup(list), *tok, *save = NULL;
	int r = 0;

	for (tok = strtok_r(copy, ",", &save); tok && r == 0; tok = strtok_r(NULL, ",", &save)) {
		while (*tok == ' ')
			tok++;
		s->cols = fa_xreallocarray(s->cols, s->ncols + 1, sizeof(*s->cols));
		r = fa_show_parse(s, tok, "--columns", &s->cols[s->ncols]);
		if (r == 0)
			s->ncols++;
	}
	free(copy);
	if (r == 0 && s->ncols == 0)
		r = fa_cli_usage_error(&fa_cmd_show, "--columns names no column");
	return r;
}

static int fa_cmd_show_run(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "snapshot", required_argument, NULL, 's' },
		{ "history", required_argument, NULL, 'H' },
		{ "where", required_argument, NULL, 'w' },
		{ "columns", required_argument, NULL, 'c' },
		{ "format", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	static const char *const kinds[] = { "devices", "ports", "links", "findings", NULL };
	const char *snapshot = NULL, *history = NULL, *where = NULL, *columns = NULL;
	const char *format = "table";
	struct fa_show s = { 0 };
	json_t *snap = NULL;
	size_t i;
	int opt, code;

	optind = 1;
	while ((opt = getopt_long(argc, argv, "s:H:w:c:f:h", longopts, NULL)) != -1) {
		switch (opt) {
		case 's':
			snapshot = optarg;
			break;
		case 'H':
			history = optarg;
			break;
		case 'w':
			where = optarg;
			break;
		case 'c':
			columns = optarg;
			break;
		case 'f':
			format = optarg;
			break;
		case 'h':
			fputs(fa_show_usage, stdout);
			return FA_EXIT_CLEAN;
		default:
			return fa_cli_option_error(&fa_cmd_show, argv, longopts);
		}
	}
	if (strcmp(format, "table") && strcmp(format, "csv") && strcmp(format, "json"))
		return fa_cli_usage_error(&fa_cmd_show, "--format takes table, csv or json, not "
					  "'%s'", format);
	if (optind + 1 != argc)
		return fa_cli_usage_error(&fa_cmd_show, "name what to show: devices, ports, links "
					  "or findings");
	for (i = 0; kinds[i] && strcmp(kinds[i], argv[optind]); i++)
		;
	if (!kinds[i])
		return fa_cli_usage_error(&fa_cmd_show, "cannot show '%s': devices, ports, links "
					  "or findings", argv[optind]);
	s.kind = (enum fa_show_kind)i;
	code = fa_cli_snapshot_arg(&fa_cmd_show, snapshot, history, &snap);
	if (code != FA_EXIT_CLEAN)
		return code;
	if (where)
		code = fa_show_parse(&s, where, "--where", &s.where) ? FA_EXIT_USAGE : 0;
	if (code == 0)
		code = fa_show_columns(&s, columns ? columns : fa_show_default_columns[s.kind])
			       ? FA_EXIT_USAGE : 0;
	if (code == 0) {
		s.rows = json_array();
		if (s.kind == FA_SHOW_FINDINGS)
			code = fa_show_findings(&s, snap, snapshot ? snapshot : history);
		else
			fa_show_collect(&s, snap);
		if (code == 0)
			fa_show_print(&s, format);
		json_decref(s.rows);
	}
	fa_expr_free(s.where);
	for (i = 0; i < s.ncols; i++)
		fa_expr_free(s.cols[i]);
	free(s.cols);
	fa_cli_drop_snapshot(snap);
	return code;
}
