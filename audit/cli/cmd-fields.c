/* SPDX-License-Identifier: MIT */
/*
 * "fabric-audit fields": the model field registry (audit/fields.def) as a person or a script
 * reads it, the generator of docs/model.md's field reference, and a check of snapshots
 * against it (every field present is registered, and a source of the device's platform is
 * listed for it), which is how the registry is kept true to what the parsers write.
 */
#include "config.h"

#include <getopt.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/cli/cmd.h"
#include "audit/fields.h"
#include "audit/snapshot.h"
#include "audit/util/buf.h"
#include "audit/util/banned.h"

static const char fa_fields_usage[] =
	"usage: fabric-audit fields [--format text|markdown|json] [--unfilled]\n"
	"       fabric-audit fields --check SNAPSHOT...\n"
	"\n"
	"List every field of the model (audit/fields.def): its full name as rules write it\n"
	"(port.qos.pfc_enabled), type, unit, whether it is volatile, what it means and which\n"
	"platform commands fill it.  '*' in a name is any key of a map (mlxconfig parameters,\n"
	"NCCL variables), 'name[]' the items of a list of objects.\n"
	"\n"
	"Options:\n"
	"  -f, --format FORMAT  text (the default), markdown (the reference in docs/model.md)\n"
	"                       or json\n"
	"  -u, --unfilled       only the fields no shipped parser, inventory or collector fills\n"
	"  -c, --check          check each SNAPSHOT: every field it holds is registered, with a\n"
	"                       source of the device's platform; one line per problem\n"
	"  -h, --help           show this help\n"
	"\n"
	"Exit status: 0, 65 when --check finds a problem or a snapshot cannot be read, 64 usage.\n";

static int fa_cmd_fields_run(int argc, char **argv);

const struct fa_cmd fa_cmd_fields = {
	.name = "fields",
	.summary = "list the fields of the model and what fills them",
	.usage = fa_fields_usage,
	.run = fa_cmd_fields_run,
};

static void fa_full_name(const struct fa_field *f, struct fa_buf *out)
{
	fa_buf_addf(out, "%s.%s", fa_field_entity_to_string(f->entity), f->path);
}

/*
 * The sources of @f grouped by platform, "linux: ip-link, ethtool; cumulus: interface", or
 * @none when it has none.
 */
static void fa_sources_text(const struct fa_field *f, bool md, struct fa_buf *out)
{
	const char *plats[64];
	size_t nplats = 0, i, k;
	const char *s;

	if (!f->sources[0]) {
		fa_buf_adds(out, fa_field_is_filled(f) ? "(fields below)" : "nothing yet");
		return;
	}
	/* Platforms in order of first appearance, then the sources of each. */
	for (s = f->sources; *s;) {
		size_t len = strcspn(s, " ");
		const struct fa_field_source *src = fa_field_source_find(s, len);
		const char *p = src && src->platform ? src->platform : "";

		for (k = 0; k < nplats && strcmp(plats[k], p); k++)
			;
		if (k == nplats && nplats < 64)
			plats[nplats++] = p;
		s += len;
		s += strspn(s, " ");
	}
	for (i = 0; i < nplats; i++) {
		bool first = true;

		if (i)
			fa_buf_adds(out, "; ");
		if (plats[i][0])
			fa_buf_addf(out, "%s: ", plats[i]);
		for (s = f->sources; *s;) {
			size_t len = strcspn(s, " ");
			const struct fa_field_source *src = fa_field_source_find(s, len);
			const char *p = src && src->platform ? src->platform : "";
			const char *slash = memchr(s, '/', len);

			if (!strcmp(p, plats[i])) {
				const char *name = slash && p[0] ? slash + 1 : s;

				fa_buf_addf(out, "%s%s%.*s%s", first ? "" : ", ", md ? "`" : "",
					    (int)(len - (size_t)(name - s)), name, md ? "`" : "");
				first = false;
			}
			s += len;
			s += strspn(s, " ");
		}
	}
}

static bool fa_field_selected(const struct fa_field *f, bool unfilled)
{
	return !unfilled || !fa_field_is_filled(f);
}

static void fa_fields_text(bool unfilled)
{
	struct fa_buf b = FA_BUF_INIT;
	size_t i;

	for (i = 0; i < fa_fields_count(); i++) {
		const struct fa_field *f = fa_field_at(i);

		if (!fa_field_selected(f, unfilled))
			continue;
		fa_buf_reset(&b);
		fa_full_name(f, &b);
		fa_buf_addf(&b, "  %s", fa_field_type_to_string(f->type));
		if (f->unit[0])
			fa_buf_addf(&b, " (%s)", f->unit);
		if (f->flags & FA_FIELD_VOLATILE)
			fa_buf_adds(&b, ", volatile");
		fa_buf_adds(&b, "  <- ");
		fa_sources_text(f, false, &b);
		printf("%s\n", b.buf);
	}
	fa_buf_release(&b);
}

static void fa_fields_json(bool unfilled)
{
	json_t *list = json_array();
	struct fa_buf b = FA_BUF_INIT;
	char *text;
	size_t i;

	for (i = 0; i < fa_fields_count(); i++) {
		const struct fa_field *f = fa_field_at(i);
		json_t *o, *src = json_array();
		const char *s;

		if (!fa_field_selected(f, unfilled))
			continue;
		fa_buf_reset(&b);
		fa_full_name(f, &b);
		for (s = f->sources; *s;) {
			size_t len = strcspn(s, " ");
			const struct fa_field_source *fs = fa_field_source_find(s, len);

			if (fs)
				json_array_append_new(src, fs->platform
					? json_pack("{s:s,s:s,s:s}", "id", fs->id, "platform",
						    fs->platform, "command", fs->command)
					: json_pack("{s:s,s:s}", "id", fs->id, "what", fs->command));
			s += len;
			s += strspn(s, " ");
		}
		o = json_pack("{s:s,s:s,s:s,s:s,s:b,s:b,s:s,s:o}", "name", b.buf, "entity",
			      fa_field_entity_to_string(f->entity), "path", f->path, "type",
			      fa_field_type_to_string(f->type), "volatile",
			      (f->flags & FA_FIELD_VOLATILE) != 0, "filled", fa_field_is_filled(f),
			      "meaning", f->meaning, "sources", src);
		if (f->unit[0])
			json_object_set_new(o, "unit", json_string(f->unit));
		json_array_append_new(list, o);
	}
	text = json_dumps(list, JSON_INDENT(2));
	printf("%s\n", text ? text : "[]");
	free(text);
	json_decref(list);
	fa_buf_release(&b);
}

static const char *const fa_md_titles[FA_FIELD_ENTITY_COUNT] = {
	"### Device fields (`device.*`)",
	"### Port fields (`port.*`, `a.port.*`, `b.port.*`)",
	"### Link fields (`link.*`)",
};

static void fa_fields_markdown(void)
{
	struct fa_buf b = FA_BUF_INIT;
	size_t i;
	int e;

	printf("<!-- Generated by 'fabric-audit fields --format markdown' from audit/fields.def: "
	       "edit that file, not this section. -->\n\n");
	for (e = 0; e < FA_FIELD_ENTITY_COUNT; e++) {
		printf("%s\n\n| field | type | unit | meaning | filled by |\n|---|---|---|---|---|\n",
		       fa_md_titles[e]);
		for (i = 0; i < fa_fields_count(); i++) {
			const struct fa_field *f = fa_field_at(i);

			if ((int)f->entity != e)
				continue;
			fa_buf_reset(&b);
			fa_buf_adds(&b, "| `");
			fa_full_name(f, &b);
			fa_buf_addf(&b, "` | %s | %s | %s%s | ", fa_field_type_to_string(f->type),
				    f->unit, f->flags & FA_FIELD_VOLATILE ? "**volatile**: " : "",
				    f->meaning);
			fa_sources_text(f, true, &b);
			printf("%s |\n", b.buf);
		}
		printf("\n");
	}
	printf("### Sources\n\nWhat the \"filled by\" column names: a command of a platform table "
	       "(`fabric-audit parse --list`), or another source.\n\n"
	       "| source | platform | command |\n|---|---|---|\n");
	for (i = 0; i < fa_field_sources_count(); i++) {
		const struct fa_field_source *s = fa_field_source_at(i);
		const char *slash = strchr(s->id, '/');

		/* Pipes inside a table cell are escaped. */
		fa_buf_reset(&b);
		for (const char *c = s->command; *c; c++) {
			if (*c == '|')
				fa_buf_addch(&b, '\\');
			fa_buf_addch(&b, *c);
		}
		if (s->platform)
			printf("| `%s` | %s | `%s` |\n", slash ? slash + 1 : s->id, s->platform,
			       b.buf);
		else
			printf("| `%s` | | %s |\n", s->id, b.buf);
	}
	fa_buf_release(&b);
}

/* ---- --check ------------------------------------------------------------------------------ */

struct fa_check {
	const char *file;
	const char *device;
	const char *platform;
	json_t *seen;		/* "problem text" -> true, so each is said once */
	size_t problems;
};

static void fa_check_problem(struct fa_check *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void fa_check_problem(struct fa_check *c, const char *fmt, ...)
{
	char msg[600];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (!json_object_get(c->seen, msg)) {
		json_object_set_new(c->seen, msg, json_true());
		printf("%s: device %s: %s\n", c->file, c->device, msg);
		c->problems++;
	}
}

/* Does @f list a source of @platform, or one that is no platform (inventory, collector)? */
static bool fa_has_source_for(const struct fa_field *f, const char *platform)
{
	const char *s;

	for (s = f->sources; *s;) {
		size_t len = strcspn(s, " ");
		const struct fa_field_source *src = fa_field_source_find(s, len);

		if (src && (!src->platform || (platform && !strcmp(src->platform, platform))))
			return true;
		s += len;
		s += strspn(s, " ");
	}
	return false;
}

static void fa_check_obj(struct fa_check *c, enum fa_field_entity ent, const char *rel,
			 const json_t *obj)
{
	struct fa_buf cand = FA_BUF_INIT, full = FA_BUF_INIT;
	const char *key;
	json_t *v, *item;
	size_t i;

	json_object_foreach((json_t *)obj, key, v) {
		const struct fa_field *f;

		fa_buf_reset(&cand);
		fa_buf_addf(&cand, "%s%s%s", rel, rel[0] ? "." : "", key);
		fa_buf_reset(&full);
		fa_buf_addf(&full, "%s.%s", fa_field_entity_to_string(ent), cand.buf);
		f = fa_field_find(ent, cand.buf);
		if (!f) {
			fa_check_problem(c, "%s is not in audit/fields.def", full.buf);
			continue;
		}
		if (c->platform && f->type != FA_FIELD_OBJECT && f->type != FA_FIELD_MAP &&
		    f->type != FA_FIELD_OBJECTS && !fa_has_source_for(f, c->platform)) {
			fa_buf_reset(&full);
			fa_full_name(f, &full);
			fa_check_problem(c, "%s is filled, but audit/fields.def names no %s source "
					 "for it", full.buf, c->platform);
		}
		if (ent == FA_FIELD_DEVICE && strcmp(cand.buf, "ports") == 0) {
			json_array_foreach(v, i, item)
				if (json_is_object(item))
					fa_check_obj(c, FA_FIELD_PORT, "", item);
		} else if (f->type == FA_FIELD_OBJECTS) {
			fa_buf_adds(&cand, "[]");
			json_array_foreach(v, i, item)
				if (json_is_object(item))
					fa_check_obj(c, ent, cand.buf, item);
		} else if (json_is_object(v)) {
			fa_check_obj(c, ent, cand.buf, v);
		}
	}
	fa_buf_release(&cand);
	fa_buf_release(&full);
}

static int fa_fields_check(char **files, int n)
{
	struct fa_check c = { NULL, NULL, NULL, json_object(), 0 };
	int k, code = FA_EXIT_CLEAN;

	for (k = 0; k < n; k++) {
		struct fa_err err = FA_ERR_INIT;
		json_t *snap = NULL, *d, *l;
		size_t i;

		if (fa_snapshot_load(files[k], &snap, &err) < 0) {
			fa_cli_error(&err);
			code = FA_EXIT_DATAERR;
			continue;
		}
		c.file = files[k];
		json_array_foreach(json_object_get(snap, "devices"), i, d) {
			c.device = json_string_value(json_object_get(d, "name"));
			c.platform = json_string_value(json_object_get(d, "platform"));
			fa_check_obj(&c, FA_FIELD_DEVICE, "", d);
		}
		c.device = "(links)";
		c.platform = NULL;
		json_array_foreach(json_object_get(snap, "links"), i, l)
			fa_check_obj(&c, FA_FIELD_LINK, "", l);
		json_decref(snap);
	}
	json_decref(c.seen);
	if (c.problems) {
		fprintf(stderr, "fabric-audit fields: %zu problem%s\n", c.problems,
			c.problems == 1 ? "" : "s");
		code = FA_EXIT_DATAERR;
	}
	return code;
}

static int fa_cmd_fields_run(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "unfilled", no_argument, NULL, 'u' },
		{ "check", no_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *format = "text";
	bool unfilled = false, check = false;
	int opt;

	optind = 1;
	while ((opt = getopt_long(argc, argv, "f:uch", longopts, NULL)) != -1) {
		switch (opt) {
		case 'f':
			format = optarg;
			break;
		case 'u':
			unfilled = true;
			break;
		case 'c':
			check = true;
			break;
		case 'h':
			fputs(fa_fields_usage, stdout);
			return fa_cli_finish(FA_EXIT_CLEAN);
		default:
			return fa_cli_option_error(&fa_cmd_fields, argv, longopts);
		}
	}
	if (check) {
		if (optind >= argc)
			return fa_cli_usage_error(&fa_cmd_fields, "--check needs snapshot files");
		return fa_cli_finish(fa_fields_check(argv + optind, argc - optind));
	}
	if (optind < argc)
		return fa_cli_usage_error(&fa_cmd_fields, "unexpected argument '%s'", argv[optind]);
	if (!strcmp(format, "text"))
		fa_fields_text(unfilled);
	else if (!strcmp(format, "json"))
		fa_fields_json(unfilled);
	else if (!strcmp(format, "markdown") && !unfilled)
		fa_fields_markdown();
	else
		return fa_cli_usage_error(&fa_cmd_fields, "--format is text, markdown or json "
					  "(markdown lists every field)");
	return fa_cli_finish(FA_EXIT_CLEAN);
}
