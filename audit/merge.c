/* SPDX-License-Identifier: MIT */
/*
 * Snapshot merge; the policy is in merge.h.
 *
 * Two passes over the inputs keep memory flat however many there are: the first reads each
 * input only to choose which copy of every device is kept (names, positions and times stay
 * in memory, in one hash table, so the choice is linear in the number of devices) and to
 * compute the clock skew, which needs every input's time; the second reads the inputs again
 * and streams each kept device, with its warnings, through the snapshot writer
 * (audit/snapshot-writer.h), which keeps only what link resolution needs.  Reading twice
 * costs parse time; holding 12,500 parsed fragments at once cost gigabytes.
 */
#include "config.h"

#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "audit/merge.h"
#include "audit/model.h"
#include "audit/snapshot-writer.h"
#include "audit/snapshot.h"
#include "audit/util/buf.h"
#include "audit/util/xalloc.h"
#include "audit/util/banned.h"

long long fa_merge_parse_time(const char *s)
{
	struct tm tm;
	char *end;

	if (!s)
		return -1;
	memset(&tm, 0, sizeof(tm));
	end = strptime(s, "%Y-%m-%dT%H:%M:%SZ", &tm);
	if (!end || *end)
		return -1;
	return (long long)timegm(&tm);
}

static int fa_str_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Append @path, or the *.json files of folder @path in name order, to @files. */
static void fa_merge_expand(const char *path, json_t *files)
{
	struct stat st;
	struct dirent *e;
	char **v = NULL;
	size_t n = 0, i;
	DIR *d;

	if (stat(path, &st) < 0 || !S_ISDIR(st.st_mode)) {
		json_array_append_new(files, json_string(path));
		return;
	}
	d = opendir(path);
	if (!d) {
		json_array_append_new(files, json_string(path));
		return;
	}
	while ((e = readdir(d)) != NULL) {
		size_t l = strlen(e->d_name);

		if (e->d_name[0] == '.' || l < 6 || strcmp(e->d_name + l - 5, ".json") != 0)
			continue;
		v = fa_xreallocarray(v, n + 1, sizeof(*v));
		v[n++] = fa_xasprintf("%s/%s", path, e->d_name);
	}
	closedir(d);
	if (n)
		qsort(v, n, sizeof(*v), fa_str_cmp);
	for (i = 0; i < n; i++) {
		json_array_append_new(files, json_string(v[i]));
		free(v[i]);
	}
	free(v);
}

static int fa_ll_cmp(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return x < y ? -1 : x > y;
}

static bool fa_dev_ok(const json_t *d)
{
	const char *st = fa_get_str(d, "status");

	return st && strcmp(st, "ok") == 0;
}

static void fa_note(json_t *notes, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void fa_note(json_t *notes, const char *fmt, ...)
{
	struct fa_buf b = FA_BUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	fa_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	json_array_append_new(notes, json_string(b.buf));
	fa_buf_release(&b);
}

/* The copy of a device that is kept: where it is (input, position in it) and how good. */
struct fa_kept {
	size_t input;
	size_t pos;
	bool ok;
};

/* Keep the non-LLDP links of @snap, once, in @extra (keyed by their ends and source). */
static void fa_keep_links(const json_t *snap, json_t *extra)
{
	json_t *l;
	size_t i;

	json_array_foreach(json_object_get(snap, "links"), i, l) {
		const char *src = fa_get_str(l, "source");
		char *key;

		if (!src || strcmp(src, "lldp") == 0 || !fa_get_str(l, "a.device") ||
		    !fa_get_str(l, "a.port") || !fa_get_str(l, "b.device") || !fa_get_str(l, "b.port"))
			continue;
		key = fa_xasprintf("%s\x1f%s\x1f%s\x1f%s\x1f%s", fa_get_str(l, "a.device"),
				   fa_get_str(l, "a.port"), fa_get_str(l, "b.device"),
				   fa_get_str(l, "b.port"), src);
		if (!json_object_get(extra, key))
			json_object_set(extra, key, l);
		free(key);
	}
}

/*
 * Pass 1: read every input once, choose the copy of each device to keep and collect the
 * notes; only names, positions and times are kept.
 */
static void fa_merge_choose(json_t *files, long long *times, json_t *index, struct fa_kept **kept,
			    size_t *nkept, json_t *losers, json_t *extra, json_t *notes,
			    struct fa_merge_stats *st, struct fa_err *first, int *firstcode)
{
	json_t *f;
	size_t i;

	json_array_foreach(files, i, f) {
		const char *path = json_string_value(f);
		struct fa_err e = FA_ERR_INIT;
		json_t *s = NULL, *d;
		size_t k;
		int rr = fa_snapshot_load(path, &s, &e);

		times[i] = -2;
		if (rr < 0) {
			char line[1024];

			fa_note(notes, "%s", fa_err_format(&e, line, sizeof(line)));
			if (!st->unreadable++) {
				*first = e;
				*firstcode = rr;
			}
			continue;
		}
		times[i] = fa_merge_parse_time(fa_get_str(s, "created"));
		if (times[i] < 0)
			fa_note(notes, "%s: no valid \"created\" time: clock skew cannot be checked",
				path);
		fa_keep_links(s, extra);
		json_array_foreach(json_object_get(s, "devices"), k, d) {
			const char *name = fa_get_str(d, "name");
			json_t *slot = json_object_get(index, name);
			struct fa_kept *o;
			const char *why, *old;

			if (!slot) {
				*kept = fa_xreallocarray(*kept, *nkept + 1, sizeof(**kept));
				(*kept)[*nkept].input = i;
				(*kept)[*nkept].pos = k;
				(*kept)[*nkept].ok = fa_dev_ok(d);
				json_object_set_new(index, name, json_integer((json_int_t)*nkept));
				(*nkept)++;
				continue;
			}
			o = &(*kept)[json_integer_value(slot)];
			old = json_string_value(json_array_get(files, o->input));
			st->duplicates++;
			if (fa_dev_ok(d) != o->ok)
				why = fa_dev_ok(d) ? "its status is ok" : NULL;
			else if (times[i] != times[o->input])
				why = times[i] > times[o->input] ? "it is newer" : NULL;
			else
				why = "it was given later";
			if (!json_object_get(losers, name))
				json_object_set_new(losers, name, json_array());
			if (why) {
				fa_note(notes, "device '%s' is in %s and %s: kept the one from %s (%s)",
					name, old, path, path, why);
				json_array_append_new(json_object_get(losers, name), json_string(old));
				o->input = i;
				o->pos = k;
				o->ok = fa_dev_ok(d);
			} else {
				fa_note(notes, "device '%s' is in %s and %s: kept the one from %s (%s)",
					name, old, path, old,
					o->ok && !fa_dev_ok(d) ? "its status is ok" : "it is newer");
				json_array_append_new(json_object_get(losers, name), json_string(path));
			}
		}
		json_decref(s);
	}
}

/* Skew of each input against the median of all (a string, or null), into @skews. */
static void fa_merge_skew(json_t *files, const long long *times, double max_skew, json_t *skews,
			  json_t *notes, struct fa_merge_stats *st)
{
	size_t i, n = json_array_size(files), nvalid = 0;
	long long *sorted = fa_xcalloc(n ? n : 1, sizeof(*sorted));
	long long median = -1, now = (long long)time(NULL);

	for (i = 0; i < n; i++)
		if (times[i] >= 0)
			sorted[nvalid++] = times[i];
	qsort(sorted, nvalid, sizeof(*sorted), fa_ll_cmp);
	if (nvalid)
		median = sorted[nvalid / 2];
	free(sorted);
	for (i = 0; i < n; i++) {
		long long d = times[i] - median;
		char text[256] = "";

		if (times[i] >= 0 && times[i] > now + (long long)max_skew)
			snprintf(text, sizeof(text), "created %lld s in the future of this machine's "
				 "clock", times[i] - now);
		else if (times[i] >= 0 && (double)(d < 0 ? -d : d) > max_skew)
			snprintf(text, sizeof(text), "created %lld s %s the median of all inputs",
				 d < 0 ? -d : d, d < 0 ? "before" : "after");
		if (text[0]) {
			fa_note(notes, "%s: %s: clock skew, or a stale fragment",
				json_string_value(json_array_get(files, i)), text);
			st->skewed++;
			json_array_append_new(skews, json_string(text));
		} else {
			json_array_append_new(skews, json_null());
		}
	}
}

/*
 * Pass 2: read the inputs again and hand each kept device, with its merge warnings, to the
 * writer, which spools it at once; memory holds one input and the writer's slim copies.
 */
static int fa_merge_write(json_t *files, const json_t *index, const struct fa_kept *kept,
			  const json_t *losers, const json_t *skews, struct fa_snapshot_writer *w,
			  json_t *notes, struct fa_merge_stats *st, struct fa_err *err)
{
	bool *wanted = fa_xcalloc(json_array_size(files) + 1, sizeof(*wanted));
	json_t *f;
	size_t i, k;
	int r = 0;

	for (k = 0; k < st->devices; k++)
		wanted[kept[k].input] = true;
	json_array_foreach(files, i, f) {
		const char *path = json_string_value(f);
		const char *skew = json_string_value(json_array_get(skews, i));
		json_t *s = NULL, *d;

		if (!wanted[i])
			continue;
		if (fa_snapshot_load(path, &s, NULL) < 0) {
			fa_note(notes, "%s: changed while merging and cannot be read now: its devices "
				"are left out", path);
			continue;
		}
		json_array_foreach(json_object_get(s, "devices"), k, d) {
			const char *name = fa_get_str(d, "name");
			json_t *slot = json_object_get(index, name), *l;
			const struct fa_kept *o = slot ? &kept[json_integer_value(slot)] : NULL;
			size_t j;

			if (!o || o->input != i || o->pos != k)
				continue;
			if (skew)
				fa_device_warn(d, "merge: %s was %s: clock skew, or a stale fragment",
					       path, skew);
			json_array_foreach(json_object_get(losers, name), j, l) {
				fa_device_warn(d, "merge: also in %s, left out", json_string_value(l));
			}
			st->not_ok += !fa_dev_ok(d);
			r = fa_snapshot_writer_add(w, json_incref(d), err);
			if (r < 0)
				break;
		}
		json_decref(s);
		if (r < 0)
			break;
	}
	free(wanted);
	return r;
}

int fa_merge(const char *const *paths, size_t npaths, const struct fa_merge_opts *opts,
	     const char *output, json_t **ret_notes, struct fa_merge_stats *ret_stats,
	     struct fa_err *err)
{
	struct fa_merge_stats st;
	struct fa_err first = FA_ERR_INIT;
	struct fa_snapshot_writer *w = NULL;
	json_t *files = json_array(), *notes = json_array(), *index = json_object();
	json_t *extra = json_object(), *skews = json_array(), *losers = json_object(), *l;
	double max_skew = opts && opts->max_skew > 0 ? opts->max_skew : FA_MERGE_MAX_SKEW_DEFAULT;
	struct fa_kept *kept = NULL;
	long long *times;
	size_t i, nkept = 0;
	const char *key;
	int r = 0, firstcode = 0;

	memset(&st, 0, sizeof(st));
	for (i = 0; i < npaths; i++)
		fa_merge_expand(paths[i], files);
	st.inputs = json_array_size(files);
	times = fa_xcalloc(st.inputs ? st.inputs : 1, sizeof(*times));
	fa_merge_choose(files, times, index, &kept, &nkept, losers, extra, notes, &st, &first,
			&firstcode);
	st.devices = nkept;
	if (st.unreadable && !(opts && opts->skip_unreadable) && st.inputs > 1) {
		char line[1024];

		r = fa_err_set(err, FA_EPARSE, "cannot merge: input %s (%zu of %zu inputs "
			       "unreadable; --skip-unreadable merges the others)",
			       fa_err_format(&first, line, sizeof(line)), st.unreadable, st.inputs);
		goto out;
	}
	if (st.unreadable == st.inputs) {
		if (st.inputs == 1 && firstcode < 0) {
			if (err)
				*err = first;
			r = firstcode;
		} else {
			r = fa_err_set(err, FA_ENOENT, "no snapshot could be read (%zu given)",
				       st.inputs);
		}
		goto out;
	}
	fa_merge_skew(files, times, max_skew, skews, notes, &st);
	r = fa_snapshot_writer_open(output, NULL, &w, err);
	if (r < 0)
		goto out;
	r = fa_merge_write(files, index, kept, losers, skews, w, notes, &st, err);
	if (r < 0)
		goto out;
	json_object_foreach(extra, key, l) {
		if (json_object_get(index, fa_get_str(l, "a.device")) &&
		    json_object_get(index, fa_get_str(l, "b.device")))
			fa_snapshot_writer_add_link(w, json_incref(l));
	}
	r = fa_snapshot_writer_commit(FA_TAKE_PTR(w), err);
	if (r < 0)
		goto out;
	*ret_notes = FA_TAKE_PTR(notes);
out:
	fa_snapshot_writer_abort(w);
	if (ret_stats)
		*ret_stats = st;
	free(kept);
	free(times);
	json_decref(files);
	json_decref(notes);
	json_decref(index);
	json_decref(extra);
	json_decref(skews);
	json_decref(losers);
	return r;
}
