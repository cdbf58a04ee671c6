/* SPDX-License-Identifier: MIT */
/*
 * Cabling plans: CSV and DOT readers, and the comparison with discovered links (plan.h).
 *
 * The DOT reader takes the subset of the language a cabling plan uses: one graph of edge
 * statements "node":"port" -- "node":"port" (chains allowed), optional attribute lists, and
 * node, graph and attribute statements, which are skipped.  Subgraphs are refused: a plan
 * that uses them says something this reader would silently get wrong.
 *
 * Comparison policy, for a planned link A -- B, where "peer" is what discovery found on a
 * port (topo.h):
 *   1. an end whose device is absent or was not collected: not-polled;
 *   2. an end whose port the device did not report: unknown-port;
 *   3. peer(A) is B: ok;
 *   4. neither A nor B has a peer: no-peer;
 *   5. otherwise: miswired, naming what was found on each end.
 * A discovered link is extra when both its devices appear in the plan and neither of its
 * ports is planned; a discovered link on a planned port is already reported by rule 5.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "audit/util/buf.h"
#include "audit/util/fileio.h"
#include "audit/util/xalloc.h"
#include "rules/plan.h"
#include "rules/topo.h"
#include "audit/util/banned.h"

#define FA_PLAN_MAX_FILE ((size_t)64 << 20)

struct fa_plan_reader {
	struct fa_plan *plan;
	json_t *seen;		/* "device\x1fport" -> line */
	struct fa_err *err;
};

static int fa_plan_add(struct fa_plan_reader *rd, const char *adev, const char *aport,
		       const char *bdev, const char *bport, const char *cable, const char *length,
		       int line, int column)
{
	const char *const ends[2][2] = { { adev, aport }, { bdev, bport } };
	struct fa_plan *plan = rd->plan;
	struct fa_plan_link *l;
	double len = -1;
	char *end, *key;
	size_t i;

	for (i = 0; i < 2; i++)
		if (!ends[i][0] || !*ends[i][0] || !ends[i][1] || !*ends[i][1])
			return fa_err_at(rd->err, FA_EPARSE, plan->source, line, column,
					 "a planned link needs a device and a port on each end");
	if (!strcmp(adev, bdev) && !strcmp(aport, bport))
		return fa_err_at(rd->err, FA_EPARSE, plan->source, line, column,
				 "%s:%s is planned to be cabled to itself", adev, aport);
	if (length && *length) {
		errno = 0;
		len = strtod(length, &end);
		while (*end == ' ' || *end == '\t')
			end++;
		if (end == length || *end || errno || !(len >= 0) || len > 1e6)
			return fa_err_at(rd->err, FA_EPARSE, plan->source, line, column,
					 "length_m '%s' is not a length in metres", length);
	}
	for (i = 0; i < 2; i++) {
		const json_t *first;

		key = fa_xasprintf("%s\x1f%s", ends[i][0], ends[i][1]);
		first = json_object_get(rd->seen, key);
		if (first) {
			free(key);
			return fa_err_at(rd->err, FA_EPARSE, plan->source, line, column,
					 "%s:%s is planned twice (first on line %d)", ends[i][0],
					 ends[i][1], (int)json_integer_value(first));
		}
		json_object_set_new(rd->seen, key, json_integer(line));
		free(key);
	}
	plan->links = fa_xreallocarray(plan->links, plan->n + 1, sizeof(*plan->links));
	l = &plan->links[plan->n++];
	l->a_device = fa_xstrdup(adev);
	l->a_port = fa_xstrdup(aport);
	l->b_device = fa_xstrdup(bdev);
	l->b_port = fa_xstrdup(bport);
	l->cable_type = cable && *cable ? fa_xstrdup(cable) : NULL;
	l->length_m = len;
	l->line = line;
	return 0;
}

/* ---- CSV ------------------------------------------------------------------------------- */

/* Split one line at commas into at most @max trimmed fields (quotes "..." removed). */
static size_t fa_csv_split(char *line, char **fields, size_t max, size_t *cols)
{
	size_t n = 0;
	char *p = line, *q, *e;

	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		q = strchr(p, ',');
		if (q)
			*q = '\0';
		e = p + strlen(p);
		while (e > p && (e[-1] == ' ' || e[-1] == '\t'))
			*--e = '\0';
		if (e - p >= 2 && p[0] == '"' && e[-1] == '"') {
			e[-1] = '\0';
			p++;
		}
		if (n < max) {
			cols[n] = (size_t)(p - line);
			fields[n] = p;
		}
		n++;
		if (!q)
			return n;
		p = q + 1;
	}
}

static int fa_plan_csv(struct fa_plan_reader *rd, const char *data, size_t len)
{
	char *copy = fa_xstrndup(data, len), *line = copy, *next, *f[6];
	size_t n, cols[6];
	int lineno = 0, rc = 0;

	for (; line && rc == 0; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		lineno++;
		if (*line && line[strlen(line) - 1] == '\r')
			line[strlen(line) - 1] = '\0';
		while (*line == ' ' || *line == '\t')
			line++;
		if (!*line || *line == '#')
			continue;
		n = fa_csv_split(line, f, 6, cols);
		if (rd->plan->n == 0 && strncasecmp(f[0], "a_device", 8) == 0)
			continue;
		if (n != 4 && n != 5 && n != 6) {
			rc = fa_err_at(rd->err, FA_EPARSE, rd->plan->source, lineno, 1,
				       "expected a_device,a_port,b_device,b_port[,cable_type,"
				       "length_m], found %zu fields", n);
			break;
		}
		rc = fa_plan_add(rd, f[0], f[1], f[2], f[3], n > 4 ? f[4] : NULL,
				 n > 5 ? f[5] : NULL, lineno, n > 5 ? (int)cols[5] + 1 : 1);
	}
	free(copy);
	return rc;
}

/* ---- DOT ------------------------------------------------------------------------------- */

enum fa_dot_tok { FA_DOT_END, FA_DOT_ID, FA_DOT_EDGE, FA_DOT_PUNCT };

struct fa_dot {
	const char *s;
	size_t len, pos;
	int line, col;		/* of the current token */
	enum fa_dot_tok type;
	char punct;
	struct fa_buf id;
	struct fa_plan_reader *rd;
};

static bool fa_dot_idchar(const struct fa_dot *d, size_t i)
{
	char c = d->s[i];

	if (isalnum((unsigned char)c) || c == '_' || c == '.' || c == '/' ||
	    (unsigned char)c >= 0x80)
		return true;
	return c == '-' && !(i + 1 < d->len && (d->s[i + 1] == '-' || d->s[i + 1] == '>'));
}

static void fa_dot_advance(struct fa_dot *d, size_t n)
{
	while (n-- && d->pos < d->len) {
		if (d->s[d->pos++] == '\n')
			d->line++;
	}
}

static int fa_dot_err(struct fa_dot *d, const char *what)
{
	return fa_err_at(d->rd->err, FA_EPARSE, d->rd->plan->source, d->line, d->col, "%s", what);
}

/* The next token; comments (// ... , # ..., / * ... * /) and blanks are skipped. */
static int fa_dot_lex(struct fa_dot *d)
{
	const char *s = d->s;
	size_t line_start;

	for (;;) {
		while (d->pos < d->len && isspace((unsigned char)s[d->pos]))
			fa_dot_advance(d, 1);
		if (d->pos + 1 < d->len && s[d->pos] == '/' && s[d->pos + 1] == '*') {
			const char *end = strstr(s + d->pos + 2, "*/");

			fa_dot_advance(d, end ? (size_t)(end - (s + d->pos)) + 2 : d->len);
			continue;
		}
		if ((d->pos + 1 < d->len && s[d->pos] == '/' && s[d->pos + 1] == '/') ||
		    (d->pos < d->len && s[d->pos] == '#')) {
			while (d->pos < d->len && s[d->pos] != '\n')
				d->pos++;
			continue;
		}
		break;
	}
	for (line_start = d->pos; line_start > 0 && s[line_start - 1] != '\n'; line_start--)
		;
	d->col = (int)(d->pos - line_start) + 1;
	fa_buf_reset(&d->id);
	if (d->pos >= d->len) {
		d->type = FA_DOT_END;
		return 0;
	}
	if (s[d->pos] == '"') {
		int start_line = d->line;

		fa_dot_advance(d, 1);
		while (d->pos < d->len && s[d->pos] != '"') {
			if (s[d->pos] == '\\' && d->pos + 1 < d->len && s[d->pos + 1] == '"')
				fa_dot_advance(d, 1);
			fa_buf_addch(&d->id, s[d->pos]);
			fa_dot_advance(d, 1);
		}
		if (d->pos >= d->len) {
			d->line = start_line;
			return fa_dot_err(d, "unterminated string");
		}
		fa_dot_advance(d, 1);
		d->type = FA_DOT_ID;
		return 0;
	}
	if (d->pos + 1 < d->len && s[d->pos] == '-' && (s[d->pos + 1] == '-' || s[d->pos + 1] == '>')) {
		fa_dot_advance(d, 2);
		d->type = FA_DOT_EDGE;
		return 0;
	}
	if (fa_dot_idchar(d, d->pos)) {
		while (d->pos < d->len && fa_dot_idchar(d, d->pos)) {
			fa_buf_addch(&d->id, s[d->pos]);
			fa_dot_advance(d, 1);
		}
		d->type = FA_DOT_ID;
		return 0;
	}
	if (strchr("{}[];,:=", s[d->pos])) {
		d->punct = s[d->pos];
		fa_dot_advance(d, 1);
		d->type = FA_DOT_PUNCT;
		return 0;
	}
	return fa_dot_err(d, "unexpected character in a DOT graph");
}

static bool fa_dot_is(const struct fa_dot *d, char punct)
{
	return d->type == FA_DOT_PUNCT && d->punct == punct;
}

/* [ key = value, ... ]: cable_type and length_m are kept, the rest skipped. */
static int fa_dot_attrs(struct fa_dot *d, char **cable, char **length)
{
	char *key;

	while (fa_dot_is(d, '[')) {
		if (fa_dot_lex(d) < 0)
			return -FA_EPARSE;
		while (!fa_dot_is(d, ']')) {
			if (d->type != FA_DOT_ID)
				return fa_dot_err(d, "expected an attribute name or ']'");
			key = fa_xstrdup(d->id.buf);
			if (fa_dot_lex(d) < 0 || !fa_dot_is(d, '=') || fa_dot_lex(d) < 0 ||
			    d->type != FA_DOT_ID) {
				free(key);
				return fa_dot_err(d, "expected name=value in an attribute list");
			}
			if (cable && strcmp(key, "cable_type") == 0) {
				free(*cable);
				*cable = fa_xstrdup(d->id.buf);
			} else if (length && strcmp(key, "length_m") == 0) {
				free(*length);
				*length = fa_xstrdup(d->id.buf);
			}
			free(key);
			if (fa_dot_lex(d) < 0)
				return -FA_EPARSE;
			if ((fa_dot_is(d, ',') || fa_dot_is(d, ';')) && fa_dot_lex(d) < 0)
				return -FA_EPARSE;
		}
		if (fa_dot_lex(d) < 0)
			return -FA_EPARSE;
	}
	return 0;
}

struct fa_dot_node {
	char *dev, *port;
	int line, col;
};

/* node_id: ID [ ':' ID [ ':' ID ] ]; the current token is the first ID. */
static int fa_dot_node(struct fa_dot *d, struct fa_dot_node *n)
{
	n->dev = fa_xstrdup(d->id.buf);
	n->port = NULL;
	n->line = d->line;
	n->col = d->col;
	if (fa_dot_lex(d) < 0)
		return -FA_EPARSE;
	if (!fa_dot_is(d, ':'))
		return 0;
	if (fa_dot_lex(d) < 0 || d->type != FA_DOT_ID)
		return fa_dot_err(d, "expected a port name after ':'");
	n->port = fa_xstrdup(d->id.buf);
	if (fa_dot_lex(d) < 0)
		return -FA_EPARSE;
	/* A compass point ("n", "se"...) after the port means nothing for cabling. */
	if (fa_dot_is(d, ':') && (fa_dot_lex(d) < 0 || d->type != FA_DOT_ID || fa_dot_lex(d) < 0))
		return fa_dot_err(d, "expected a compass point after ':'");
	return 0;
}

static void fa_dot_nodes_free(struct fa_dot_node *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(v[i].dev);
		free(v[i].port);
	}
	free(v);
}

/* One statement starting at an ID: an edge chain, a node, or an attribute assignment. */
static int fa_dot_stmt(struct fa_dot *d)
{
	struct fa_dot_node *nodes = NULL;
	char *cable = NULL, *length = NULL, *first = fa_xstrdup(d->id.buf);
	size_t n = 0, i;
	int rc;

	if (!strcmp(first, "graph") || !strcmp(first, "node") || !strcmp(first, "edge")) {
		rc = fa_dot_lex(d);
		if (rc == 0 && fa_dot_is(d, '['))
			rc = fa_dot_attrs(d, NULL, NULL);
		else if (rc == 0)
			rc = fa_dot_err(d, "expected '[' after a default attribute statement");
		goto out;
	}
	if (!strcmp(first, "subgraph")) {
		rc = fa_dot_err(d, "subgraphs are not supported in a cabling plan");
		goto out;
	}
	for (;;) {
		nodes = fa_xreallocarray(nodes, n + 1, sizeof(*nodes));
		rc = fa_dot_node(d, &nodes[n++]);
		if (rc < 0)
			goto out;
		if (n == 1 && fa_dot_is(d, '=')) {
			/* graph attribute: ID = ID */
			if (fa_dot_lex(d) < 0 || d->type != FA_DOT_ID)
				rc = fa_dot_err(d, "expected a value after '='");
			else
				rc = fa_dot_lex(d);
			goto out;
		}
		if (d->type != FA_DOT_EDGE)
			break;
		if (fa_dot_lex(d) < 0 || d->type != FA_DOT_ID) {
			rc = fa_dot_err(d, "expected a node after an edge operator");
			goto out;
		}
	}
	rc = fa_dot_attrs(d, &cable, &length);
	for (i = 1; rc == 0 && i < n; i++) {
		if (!nodes[i - 1].port || !nodes[i].port) {
			struct fa_dot_node *bad = nodes[i - 1].port ? &nodes[i] : &nodes[i - 1];

			rc = fa_err_at(d->rd->err, FA_EPARSE, d->rd->plan->source, bad->line,
				       bad->col, "edge end '%s' has no port (write \"%s\":\"PORT\")",
				       bad->dev, bad->dev);
			break;
		}
		rc = fa_plan_add(d->rd, nodes[i - 1].dev, nodes[i - 1].port, nodes[i].dev,
				 nodes[i].port, cable, length, nodes[i - 1].line, nodes[i - 1].col);
	}
out:
	fa_dot_nodes_free(nodes, n);
	free(cable);
	free(length);
	free(first);
	return rc;
}

static int fa_plan_dot(struct fa_plan_reader *rd, const char *data, size_t len)
{
	struct fa_dot d = { data, len, 0, 1, 1, FA_DOT_END, 0, FA_BUF_INIT, rd };
	int rc;

	rc = fa_dot_lex(&d);
	if (rc == 0 && d.type == FA_DOT_ID && strcmp(d.id.buf, "strict") == 0)
		rc = fa_dot_lex(&d);
	if (rc == 0 && !(d.type == FA_DOT_ID && (!strcmp(d.id.buf, "graph") ||
						 !strcmp(d.id.buf, "digraph"))))
		rc = fa_dot_err(&d, "a DOT plan starts with 'graph' or 'digraph'");
	if (rc == 0)
		rc = fa_dot_lex(&d);
	if (rc == 0 && d.type == FA_DOT_ID)
		rc = fa_dot_lex(&d);
	if (rc == 0 && !fa_dot_is(&d, '{'))
		rc = fa_dot_err(&d, "expected '{'");
	if (rc == 0)
		rc = fa_dot_lex(&d);
	while (rc == 0 && !fa_dot_is(&d, '}')) {
		if (d.type == FA_DOT_END)
			rc = fa_dot_err(&d, "the graph is not closed with '}'");
		else if (fa_dot_is(&d, ';') || fa_dot_is(&d, ','))
			rc = fa_dot_lex(&d);
		else if (d.type == FA_DOT_ID)
			rc = fa_dot_stmt(&d);
		else
			rc = fa_dot_err(&d, "expected a statement");
	}
	if (rc == 0 && fa_dot_lex(&d) == 0 && d.type != FA_DOT_END)
		rc = fa_dot_err(&d, "text after the end of the graph");
	fa_buf_release(&d.id);
	return rc;
}

/* ---- loading --------------------------------------------------------------------------- */

static bool fa_plan_is_dot(const char *data, size_t len)
{
	size_t i = 0;

	while (i < len) {
		while (i < len && isspace((unsigned char)data[i]))
			i++;
		if (i < len && (data[i] == '#' || (data[i] == '/' && i + 1 < len &&
						   data[i + 1] == '/'))) {
			while (i < len && data[i] != '\n')
				i++;
			continue;
		}
		break;
	}
	return (len - i >= 5 && strncmp(data + i, "graph", 5) == 0) ||
	       (len - i >= 7 && strncmp(data + i, "digraph", 7) == 0) ||
	       (len - i >= 6 && strncmp(data + i, "strict", 6) == 0);
}

int fa_plan_parse(const char *source, const char *data, size_t len, struct fa_plan **ret,
		  struct fa_err *err)
{
	struct fa_plan_reader rd = { fa_xcalloc(1, sizeof(struct fa_plan)), json_object(), err };
	int rc;

	rd.plan->source = fa_xstrdup(source);
	if (memchr(data, '\0', len))
		rc = fa_err_at(err, FA_EPARSE, source, 0, 0, "a cabling plan is text, not binary");
	else if (fa_plan_is_dot(data, len))
		rc = fa_plan_dot(&rd, data, len);
	else
		rc = fa_plan_csv(&rd, data, len);
	json_decref(rd.seen);
	if (rc < 0) {
		fa_plan_free(rd.plan);
		return rc;
	}
	*ret = rd.plan;
	return 0;
}

int fa_plan_load(const char *path, struct fa_plan **ret, struct fa_err *err)
{
	struct fa_buf b = FA_BUF_INIT;
	int rc;

	rc = fa_file_read(path, FA_PLAN_MAX_FILE, &b, err);
	if (rc == 0)
		rc = fa_plan_parse(path, b.buf, b.len, ret, err);
	fa_buf_release(&b);
	return rc;
}

int fa_plan_from_json(const json_t *list, const char *source, struct fa_plan **ret,
		      struct fa_err *err)
{
	struct fa_plan_reader rd = { fa_xcalloc(1, sizeof(struct fa_plan)), json_object(), err };
	const json_t *e, *len;
	char num[64];
	size_t i;
	int rc = 0;

	rd.plan->source = fa_xstrdup(source);
	if (!json_is_array(list))
		rc = fa_err_set(err, FA_EPARSE, "a plan is a list of links");
	json_array_foreach(list, i, e) {
		const json_t *a = json_object_get(e, "a"), *b = json_object_get(e, "b");

		if (rc < 0)
			break;
		len = json_object_get(e, "length_m");
		num[0] = '\0';
		if (json_is_number(len))
			snprintf(num, sizeof(num), "%.17g", json_number_value(len));
		else if (len)
			snprintf(num, sizeof(num), "not a number");
		rc = fa_plan_add(&rd, json_string_value(json_object_get(a, "device")),
				 json_string_value(json_object_get(a, "port")),
				 json_string_value(json_object_get(b, "device")),
				 json_string_value(json_object_get(b, "port")),
				 json_string_value(json_object_get(e, "cable_type")), num,
				 (int)i + 1, 0);
	}
	json_decref(rd.seen);
	if (rc < 0) {
		fa_plan_free(rd.plan);
		return rc;
	}
	*ret = rd.plan;
	return 0;
}

void fa_plan_free(struct fa_plan *plan)
{
	size_t i;

	if (!plan)
		return;
	for (i = 0; i < plan->n; i++) {
		free(plan->links[i].a_device);
		free(plan->links[i].a_port);
		free(plan->links[i].b_device);
		free(plan->links[i].b_port);
		free(plan->links[i].cable_type);
	}
	free(plan->links);
	free(plan->source);
	free(plan);
}

/* ---- comparison ------------------------------------------------------------------------ */

static json_t *fa_end_json(const char *dev, const char *port)
{
	return json_pack("{s:s,s:s}", "device", dev, "port", port);
}

static json_t *fa_end_text(const json_t *dev, const char *port)
{
	char *s = fa_xasprintf("%s:%s", json_string_value(json_object_get(dev, "name")), port);
	json_t *v = json_string(s);

	free(s);
	return v;
}

struct fa_plan_end {
	bool polled;		/* the device is in the snapshot and was collected */
	size_t dev;
	const json_t *port;
	const struct fa_topo_end *found;	/* what discovery found on the port */
};

static void fa_plan_resolve(const struct fa_topo *t, const char *dev, const char *port,
			    struct fa_plan_end *e)
{
	memset(e, 0, sizeof(*e));
	if (!fa_topo_find_device(t, dev, &e->dev) || !fa_topo_device_ok(t, e->dev))
		return;
	e->polled = true;
	e->port = fa_topo_find_port(t, e->dev, port);
	e->found = e->port ? fa_topo_port_end(t, e->port) : NULL;
}

static void fa_plan_planned(const struct fa_plan_link *l, const struct fa_topo *t,
			    struct fa_plan_subject *s, const char *source)
{
	struct fa_plan_end a, b;
	json_t *p = json_object();
	struct fa_buf unpolled = FA_BUF_INIT;
	const char *status;
	char *where;

	fa_plan_resolve(t, l->a_device, l->a_port, &a);
	fa_plan_resolve(t, l->b_device, l->b_port, &b);
	s->a_device = l->a_device;
	s->a_port = l->a_port;
	s->b_device = l->b_device;
	s->b_port = l->b_port;
	s->a_dev = a.polled ? fa_topo_device(t, a.dev) : NULL;
	s->b_dev = b.polled ? fa_topo_device(t, b.dev) : NULL;
	s->a_port_obj = a.port;
	s->b_port_obj = b.port;
	if (!a.polled)
		fa_buf_adds(&unpolled, l->a_device);
	if (!b.polled && strcmp(l->a_device, l->b_device) != 0)
		fa_buf_addf(&unpolled, "%s%s", unpolled.len ? ", " : "", l->b_device);

	if (!a.polled || !b.polled)
		status = "not-polled";
	else if (!a.port || !b.port)
		status = "unknown-port";
	else if (a.found && a.found->peer_port == b.port) {
		status = "ok";
		s->link = a.found->link;
	} else if (!a.found && !b.found)
		status = "no-peer";
	else
		status = "miswired";

	json_object_set_new(p, "a", fa_end_json(l->a_device, l->a_port));
	json_object_set_new(p, "b", fa_end_json(l->b_device, l->b_port));
	json_object_set_new(p, "status", json_string(status));
	if (a.found && strcmp(status, "ok") != 0)
		json_object_set_new(p, "a_peer", fa_end_text(fa_topo_device(t, a.found->peer_dev),
							     a.found->peer_port_name));
	if (b.found && strcmp(status, "ok") != 0)
		json_object_set_new(p, "b_peer", fa_end_text(fa_topo_device(t, b.found->peer_dev),
							     b.found->peer_port_name));
	if (strcmp(status, "miswired") == 0) {
		/* What a person compares with the plan: each planned port and what it reaches. */
		char *found = fa_xasprintf("%s:%s -- %s, %s:%s -- %s", l->a_device, l->a_port,
					   a.found ? json_string_value(json_object_get(p, "a_peer"))
						   : "nothing",
					   l->b_device, l->b_port,
					   b.found ? json_string_value(json_object_get(p, "b_peer"))
						   : "nothing");

		json_object_set_new(p, "found", json_string(found));
		free(found);
	}
	if (unpolled.len)
		json_object_set_new(p, "unpolled", json_string(unpolled.buf));
	fa_buf_release(&unpolled);
	if (l->cable_type)
		json_object_set_new(p, "cable_type", json_string(l->cable_type));
	if (l->length_m >= 0)
		json_object_set_new(p, "length_m", l->length_m == (double)(json_int_t)l->length_m
				    ? json_integer((json_int_t)l->length_m)
				    : json_real(l->length_m));
	where = fa_xasprintf("%s:%d", source, l->line);
	json_object_set_new(p, "source", json_string(where));
	free(where);
	s->plan = p;
}

void fa_plan_compare(const struct fa_plan *plan, const struct fa_topo *t,
		     struct fa_plan_subject **ret, size_t *ret_n)
{
	size_t ndevs = fa_topo_ndevs(t), i, k, n = 0, alloc = plan->n + 16;
	struct fa_plan_subject *v = fa_xcalloc(alloc, sizeof(*v));
	bool *in_plan = fa_xcalloc(ndevs + 1, sizeof(*in_plan));
	json_t *planned = json_object();
	size_t d;

	for (i = 0; i < plan->n; i++) {
		const struct fa_plan_link *l = &plan->links[i];
		const char *const ends[2][2] = { { l->a_device, l->a_port },
						 { l->b_device, l->b_port } };

		fa_plan_planned(l, t, &v[n++], plan->source);
		for (k = 0; k < 2; k++) {
			char *key = fa_xasprintf("%s\x1f%s", ends[k][0], ends[k][1]);

			json_object_set_new(planned, key, json_true());
			free(key);
			if (fa_topo_find_device(t, ends[k][0], &d))
				in_plan[d] = true;
		}
	}
	for (d = 0; d < ndevs; d++) {
		const struct fa_topo_end *ends;
		size_t ne = fa_topo_device_ends(t, d, &ends);

		for (k = 0; k < ne; k++) {
			const struct fa_topo_end *e = &ends[k];
			const json_t *dev = fa_topo_device(t, e->dev);
			const json_t *peer = fa_topo_device(t, e->peer_dev);
			const char *dn = json_string_value(json_object_get(dev, "name"));
			const char *pn = json_string_value(json_object_get(peer, "name"));
			char *ka, *kb;
			bool known;
			json_t *p;

			if (!e->is_a || !in_plan[e->dev] || !in_plan[e->peer_dev])
				continue;
			ka = fa_xasprintf("%s\x1f%s", dn, e->port_name);
			kb = fa_xasprintf("%s\x1f%s", pn, e->peer_port_name);
			known = json_object_get(planned, ka) || json_object_get(planned, kb);
			free(ka);
			free(kb);
			if (known)
				continue;
			if (n == alloc) {
				alloc *= 2;
				v = fa_xreallocarray(v, alloc, sizeof(*v));
			}
			memset(&v[n], 0, sizeof(v[n]));
			p = json_object();
			json_object_set_new(p, "a", fa_end_json(dn, e->port_name));
			json_object_set_new(p, "b", fa_end_json(pn, e->peer_port_name));
			json_object_set_new(p, "status", json_string("extra"));
			v[n].plan = p;
			v[n].a_device = dn;
			v[n].a_port = e->port_name;
			v[n].b_device = pn;
			v[n].b_port = e->peer_port_name;
			v[n].a_dev = dev;
			v[n].b_dev = peer;
			v[n].a_port_obj = e->port;
			v[n].b_port_obj = e->peer_port;
			v[n].link = e->link;
			n++;
		}
	}
	json_decref(planned);
	free(in_plan);
	*ret = v;
	*ret_n = n;
}

void fa_plan_subjects_free(struct fa_plan_subject *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		json_decref(s[i].plan);
	free(s);
}
