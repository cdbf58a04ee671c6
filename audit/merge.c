/* SPDX-License-Identifier: MIT */
/*
 * Snapshot merge; the policy is in merge.h.  Devices are indexed by name in one hash table,
 * so merging is linear in the number of devices; each input is read once and released as
 * soon as its devices are taken, so memory holds the result plus one input at a time.  Skew
 * warnings are added at the end, once the median time of all inputs is known.
 */
#include "config.h"

#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "audit/links.h"
#include "audit/merge.h"
#include "audit/model.h"
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

/* One kept device and the input it came from (index into the files array). */
struct fa_kept {
	json_t *device;
	size_t input;
};

static int fa_link_cmp(const void *x, const void *y)
{
	json_t *a = *(json_t *const *)x, *b = *(json_t *const *)y;
	static const char *const keys[] = { "a.device", "a.port", "b.device", "b.port", "source" };
	size_t i;
	int c;

	for (i = 0; i < 5; i++) {
		const char *s = fa_get_str(a, keys[i]), *t = fa_get_str(b, keys[i]);

		c = fa_natural_cmp(s ? s : "", t ? t : "");
		if (c)
			return c;
	}
	return 0;
}

static void fa_sort_links(json_t *links)
{
	size_t i, n = json_array_size(links);
	json_t **v = fa_xcalloc(n ? n : 1, sizeof(*v));

	for (i = 0; i < n; i++)
		v[i] = json_incref(json_array_get(links, i));
	qsort(v, n, sizeof(*v), fa_link_cmp);
	json_array_clear(links);
	for (i = 0; i < n; i++)
		json_array_append_new(links, v[i]);
	free(v);
}

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

int fa_merge(const char *const *paths, size_t npaths, const struct fa_merge_opts *opts,
	     json_t **ret_snapshot, json_t **ret_notes, struct fa_merge_stats *ret_stats,
	     struct fa_err *err)
{
	struct fa_merge_stats st;
	struct fa_err last = FA_ERR_INIT;
	json_t *files = json_array(), *notes = json_array(), *index = json_object();
	json_t *extra = json_object(), *skews = json_array(), *losers = json_object();
	json_t *devices, *snap, *f, *l;
	long long *times, median = -1, now = (long long)time(NULL);
	double max_skew = opts && opts->max_skew > 0 ? opts->max_skew : FA_MERGE_MAX_SKEW_DEFAULT;
	struct fa_kept *kept = NULL;
	size_t i, nfiles, nvalid = 0, nkept = 0;
	const char *key;
	int r = 0, lastcode = 0;

	memset(&st, 0, sizeof(st));
	for (i = 0; i < npaths; i++)
		fa_merge_expand(paths[i], files);
	nfiles = json_array_size(files);
	st.inputs = nfiles;
	times = fa_xcalloc(nfiles ? nfiles : 1, sizeof(*times));

	kept = fa_xcalloc(1, sizeof(*kept));
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
			st.unreadable++;
			last = e;
			lastcode = rr;
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
			const char *why;

			if (!slot) {
				kept = fa_xreallocarray(kept, nkept + 1, sizeof(*kept));
				kept[nkept].device = json_incref(d);
				kept[nkept].input = i;
				json_object_set_new(index, name, json_integer((json_int_t)nkept));
				nkept++;
				continue;
			}
			o = &kept[json_integer_value(slot)];
			st.duplicates++;
			if (fa_dev_ok(d) != fa_dev_ok(o->device))
				why = fa_dev_ok(d) ? "its status is ok" : NULL;
			else if (times[i] != times[o->input])
				why = times[i] > times[o->input] ? "it is newer" : NULL;
			else
				why = "it was given later";
			if (!json_object_get(losers, name))
				json_object_set_new(losers, name, json_array());
			if (why) {
				const char *old = json_string_value(json_array_get(files, o->input));

				fa_note(notes, "device '%s' is in %s and %s: kept the one from %s (%s)",
					name, old, path, path, why);
				json_array_append_new(json_object_get(losers, name), json_string(old));
				json_decref(o->device);
				o->device = json_incref(d);
				o->input = i;
			} else {
				const char *old = json_string_value(json_array_get(files, o->input));

				fa_note(notes, "device '%s' is in %s and %s: kept the one from %s (%s)",
					name, old, path, old,
					fa_dev_ok(o->device) && !fa_dev_ok(d) ? "its status is ok"
									      : "it is newer");
				json_array_append_new(json_object_get(losers, name), json_string(path));
			}
		}
		json_decref(s);
	}
	if (st.unreadable == nfiles) {
		if (nfiles == 1 && lastcode < 0) {
			if (err)
				*err = last;
			r = lastcode;
		} else {
			r = fa_err_set(err, FA_ENOENT, "no snapshot could be read (%zu given)", nfiles);
		}
		goto out;
	}
	/* Skew needs every input's time: the median is known only now. */
	{
		long long *sorted = fa_xcalloc(nfiles ? nfiles : 1, sizeof(*sorted));

		for (i = 0; i < nfiles; i++)
			if (times[i] >= 0)
				sorted[nvalid++] = times[i];
		qsort(sorted, nvalid, sizeof(*sorted), fa_ll_cmp);
		if (nvalid)
			median = sorted[nvalid / 2];
		free(sorted);
	}
	for (i = 0; i < nfiles; i++) {
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
			st.skewed++;
			json_array_append_new(skews, json_string(text));
		} else {
			json_array_append_new(skews, json_null());
		}
	}

	devices = json_array();
	for (i = 0; i < nkept; i++) {
		json_t *d = kept[i].device, *lost = json_object_get(losers, fa_get_str(d, "name"));
		size_t k;
		const char *skew = json_string_value(json_array_get(skews, kept[i].input));

		if (skew)
			fa_device_warn(d, "merge: %s was %s: clock skew, or a stale fragment",
				       json_string_value(json_array_get(files, kept[i].input)), skew);
		json_array_foreach(lost, k, l) {
			fa_device_warn(d, "merge: also in %s, left out", json_string_value(l));
		}
		json_array_append_new(devices, d);
	}
	st.devices = nkept;
	snap = fa_snapshot_build(devices, NULL);
	json_object_foreach(extra, key, l) {
		if (json_object_get(index, fa_get_str(l, "a.device")) &&
		    json_object_get(index, fa_get_str(l, "b.device")))
			json_array_append(json_object_get(snap, "links"), l);
	}
	if (json_object_size(extra))
		fa_sort_links(json_object_get(snap, "links"));
	*ret_snapshot = snap;
	*ret_notes = FA_TAKE_PTR(notes);
out:
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
