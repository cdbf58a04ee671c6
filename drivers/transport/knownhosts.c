/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <ctype.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "audit/util/buf.h"
#include "audit/util/fileio.h"
#include "audit/util/xalloc.h"
#include "drivers/transport/knownhosts.h"
#include "audit/util/banned.h"

/* A known_hosts file of more than this is left to libssh (read per connection, as before). */
#define FA_KNOWN_HOSTS_MAX ((size_t)256 << 20)

struct fa_known_hosts {
	char *path;
	json_t *lines;		/* every line that is not blank or a comment, in file order */
	json_t *by_name;	/* lower-case name -> [line index, ...] */
	json_t *unnamed;	/* [line index, ...]: lines that may match any host */
};

/* @s lower-cased in place (ASCII: host names compare without regard to case). */
static char *fa_ascii_lower(char *s)
{
	char *p;

	for (p = s; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	return s;
}

/* Index line @i: under each name it lists, or as a line for every host. */
static void fa_known_hosts_index(struct fa_known_hosts *kh, size_t i)
{
	const char *line = json_string_value(json_array_get(kh->lines, i));
	size_t n = strcspn(line, " \t");
	char *names, *name, *save = NULL;

	/* markers, hashed names and patterns are matched by libssh alone */
	if (line[0] == '@' || strcspn(line, "|*?!") < n) {
		json_array_append_new(kh->unnamed, json_integer((json_int_t)i));
		return;
	}
	names = fa_ascii_lower(fa_xstrndup(line, n));
	for (name = strtok_r(names, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
		json_t *list = json_object_get(kh->by_name, name);

		if (!list) {
			list = json_array();
			json_object_set_new(kh->by_name, name, list);
		}
		json_array_append_new(list, json_integer((json_int_t)i));
	}
	free(names);
}

static void fa_known_hosts_take(struct fa_known_hosts *kh, const char *text, size_t len)
{
	while (len && (*text == ' ' || *text == '\t')) {
		text++;
		len--;
	}
	while (len && memchr("\r\n \t", text[len - 1], 4))
		len--;
	if (!len || *text == '#')
		return;
	json_array_append_new(kh->lines, json_stringn_nocheck(text, len));
	fa_known_hosts_index(kh, json_array_size(kh->lines) - 1);
}

struct fa_known_hosts *fa_known_hosts_load(const char *path)
{
	struct fa_buf text = FA_BUF_INIT;
	struct fa_err err = FA_ERR_INIT;
	struct fa_known_hosts *kh;
	const char *p, *end, *nl;

	if (fa_file_read(path, FA_KNOWN_HOSTS_MAX, &text, &err) < 0)
		return NULL;
	kh = fa_xcalloc(1, sizeof(*kh));
	kh->path = fa_xstrdup(path);
	kh->lines = json_array();
	kh->by_name = json_object();
	kh->unnamed = json_array();
	for (p = text.buf ? text.buf : "", end = p + text.len; p < end; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			nl = end;
		fa_known_hosts_take(kh, p, (size_t)(nl - p));
	}
	fa_buf_release(&text);
	return kh;
}

void fa_known_hosts_free(struct fa_known_hosts *kh)
{
	if (!kh)
		return;
	free(kh->path);
	json_decref(kh->lines);
	json_decref(kh->by_name);
	json_decref(kh->unnamed);
	free(kh);
}

const char *fa_known_hosts_path(const struct fa_known_hosts *kh)
{
	return kh->path;
}

void fa_known_hosts_add(struct fa_known_hosts *kh, const char *line)
{
	fa_known_hosts_take(kh, line, strlen(line));
}

static int fa_index_cmp(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return x < y ? -1 : x > y;
}

/* Append the line numbers of @list to @ix (grown as needed). */
static void fa_index_add(size_t **ix, size_t *n, size_t *cap, const json_t *list)
{
	const json_t *v;
	size_t i;

	json_array_foreach(list, i, v) {
		if (*n == *cap) {
			*cap = *cap ? 2 * *cap : 16;
			*ix = fa_xrealloc(*ix, *cap * sizeof(**ix));
		}
		(*ix)[(*n)++] = (size_t)json_integer_value(v);
	}
}

int fa_known_hosts_subset(const struct fa_known_hosts *kh, const char *host, unsigned port,
			  char *path, size_t size)
{
	struct fa_buf out = FA_BUF_INIT;
	size_t *ix = NULL, n = 0, cap = 0, i;
	char *name = fa_ascii_lower(fa_xstrdup(host ? host : "")), *bracketed;
	int fd = -1;

	bracketed = fa_xasprintf("[%s]:%u", name, port);
	fa_index_add(&ix, &n, &cap, kh->unnamed);
	fa_index_add(&ix, &n, &cap, json_object_get(kh->by_name, name));
	fa_index_add(&ix, &n, &cap, json_object_get(kh->by_name, bracketed));
	if (n)
		qsort(ix, n, sizeof(*ix), fa_index_cmp);
	for (i = 0; i < n; i++) {
		/* a line that names the host twice ("h,H") is listed once */
		if (i && ix[i] == ix[i - 1])
			continue;
		fa_buf_adds(&out, json_string_value(json_array_get(kh->lines, ix[i])));
		fa_buf_addch(&out, '\n');
	}
	fd = memfd_create("fabric-audit-known-hosts", MFD_CLOEXEC);
	if (fd >= 0 && out.len && write(fd, out.buf, out.len) != (ssize_t)out.len) {
		close(fd);
		fd = -1;
	}
	if (fd >= 0)
		snprintf(path, size, "/proc/self/fd/%d", fd);
	fa_buf_release(&out);
	free(ix);
	free(name);
	free(bracketed);
	return fd;
}
