/* SPDX-License-Identifier: MIT */
/*
 * The history folder: lock, timestamped snapshots, the baseline pointer and rotation.  The
 * layout and the crash-safety argument are in audit/history.h.
 */
#include "config.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "audit/history.h"
#include "audit/model.h"
#include "audit/snapshot.h"
#include "audit/util/buf.h"
#include "audit/util/fileio.h"
#include "audit/util/xalloc.h"
#include "audit/util/banned.h"

#define FA_HISTORY_LOCK ".lock"
#define FA_HISTORY_BASELINE "baseline"
#define FA_HISTORY_PREFIX "snapshot-"
#define FA_HISTORY_SUFFIX ".json"
/* "snapshot-" + "YYYYMMDDTHHMMSSZ" */
#define FA_HISTORY_STAMP_LEN 16
/* More snapshots than this in one second means something is wrong with the clock. */
#define FA_HISTORY_MAX_SEQ 1000

struct fa_history {
	char *dir;
	int lock_fd;
};

const char *fa_history_dir(const struct fa_history *h)
{
	return h->dir;
}

char *fa_history_path(const struct fa_history *h, const char *name)
{
	return fa_xasprintf("%s/%s", h->dir, name);
}

static void fa_fsync_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
}

/*
 * Parse "snapshot-YYYYMMDDTHHMMSSZ[-N].json": the time into *ret_time and N (1 when absent)
 * into *ret_seq.  Returns false when @name is not such a name.
 */
static bool fa_history_parse_name(const char *name, time_t *ret_time, int *ret_seq)
{
	size_t plen = strlen(FA_HISTORY_PREFIX), slen = strlen(FA_HISTORY_SUFFIX), n = strlen(name);
	const char *s = name + plen, *rest;
	struct tm tm;
	int seq = 1, i;

	if (n < plen + FA_HISTORY_STAMP_LEN + slen || strncmp(name, FA_HISTORY_PREFIX, plen) != 0 ||
	    strcmp(name + n - slen, FA_HISTORY_SUFFIX) != 0)
		return false;
	for (i = 0; i < FA_HISTORY_STAMP_LEN; i++) {
		if (i == 8 ? s[i] != 'T' : i == 15 ? s[i] != 'Z' : !isdigit((unsigned char)s[i]))
			return false;
	}
	rest = s + FA_HISTORY_STAMP_LEN;
	if (*rest == '-') {
		const char *p = rest + 1;

		if (!isdigit((unsigned char)*p) || *p == '0')
			return false;
		for (seq = 0; isdigit((unsigned char)*p) && seq < FA_HISTORY_MAX_SEQ; p++)
			seq = seq * 10 + (*p - '0');
		if (seq < 2 || seq >= FA_HISTORY_MAX_SEQ || strcmp(p, FA_HISTORY_SUFFIX) != 0)
			return false;
	} else if (strcmp(rest, FA_HISTORY_SUFFIX) != 0) {
		return false;
	}
	memset(&tm, 0, sizeof(tm));
	tm.tm_year = (s[0] - '0') * 1000 + (s[1] - '0') * 100 + (s[2] - '0') * 10 + (s[3] - '0') -
		     1900;
	tm.tm_mon = (s[4] - '0') * 10 + (s[5] - '0') - 1;
	tm.tm_mday = (s[6] - '0') * 10 + (s[7] - '0');
	tm.tm_hour = (s[9] - '0') * 10 + (s[10] - '0');
	tm.tm_min = (s[11] - '0') * 10 + (s[12] - '0');
	tm.tm_sec = (s[13] - '0') * 10 + (s[14] - '0');
	if (tm.tm_mon < 0 || tm.tm_mon > 11 || tm.tm_mday < 1 || tm.tm_mday > 31 ||
	    tm.tm_hour > 23 || tm.tm_min > 59 || tm.tm_sec > 60)
		return false;
	if (ret_time)
		*ret_time = timegm(&tm);
	if (ret_seq)
		*ret_seq = seq;
	return true;
}

bool fa_history_is_snapshot_name(const char *name)
{
	return fa_history_parse_name(name, NULL, NULL);
}

time_t fa_history_name_time(const char *name)
{
	time_t t;

	return fa_history_parse_name(name, &t, NULL) ? t : (time_t)-1;
}

static int fa_history_name_cmp(const void *x, const void *y)
{
	const char *a = *(char *const *)x, *b = *(char *const *)y;
	time_t ta = 0, tb = 0;
	int sa = 0, sb = 0;

	fa_history_parse_name(a, &ta, &sa);
	fa_history_parse_name(b, &tb, &sb);
	if (ta != tb)
		return ta < tb ? -1 : 1;
	return sa - sb;
}

/* A temporary file of fa_file_write_atomic for a history file (fa_atomic_is_temp). */
static bool fa_history_is_temp(const char *name)
{
	const char *t = strstr(name, ".tmp.");
	char base[256];
	long pid;

	if (!t || (size_t)(t - name) >= sizeof(base))
		return false;
	memcpy(base, name, (size_t)(t - name));
	base[t - name] = '\0';
	return fa_atomic_is_temp(name, base, &pid) &&
	       (strncmp(name, FA_HISTORY_PREFIX, strlen(FA_HISTORY_PREFIX)) == 0 ||
		strcmp(base, FA_HISTORY_BASELINE) == 0);
}

/* Holding the lock, every temporary file in the folder is left over from a killed run. */
static void fa_history_clean_temps(struct fa_history *h)
{
	DIR *d = opendir(h->dir);
	struct dirent *de;

	if (!d)
		return;
	while ((de = readdir(d)) != NULL) {
		if (fa_history_is_temp(de->d_name))
			unlinkat(dirfd(d), de->d_name, 0);
	}
	closedir(d);
}

int fa_history_open(const char *dir, struct fa_history **ret, struct fa_err *err)
{
	struct fa_history *h;
	char *lock = NULL, pid[32], held[32];
	ssize_t n;
	int fd, r;

	r = fa_mkdir_p(dir, err);
	if (r < 0)
		return r;
	lock = fa_xasprintf("%s/" FA_HISTORY_LOCK, dir);
	fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0) {
		r = fa_err_at(err, FA_EIO, lock, 0, 0, "cannot open the lock file: %s",
			      strerror(errno));
		goto out;
	}
	if (flock(fd, LOCK_EX | LOCK_NB) < 0) {
		if (errno == EWOULDBLOCK) {
			n = pread(fd, held, sizeof(held) - 1, 0);
			held[n > 0 ? n : 0] = '\0';
			held[strcspn(held, "\n")] = '\0';
			r = fa_err_at(err, FA_ELOCKED, lock, 0, 0,
				      "another fabric-audit run holds this history folder%s%s%s",
				      *held ? " (process " : "", held, *held ? ")" : "");
		} else {
			r = fa_err_at(err, FA_EIO, lock, 0, 0, "cannot lock: %s", strerror(errno));
		}
		close(fd);
		goto out;
	}
	snprintf(pid, sizeof(pid), "%ld\n", (long)getpid());
	if (ftruncate(fd, 0) < 0 || pwrite(fd, pid, strlen(pid), 0) < 0) {
		r = fa_err_at(err, FA_EIO, lock, 0, 0, "cannot write the lock file: %s",
			      strerror(errno));
		close(fd);
		goto out;
	}
	h = fa_xcalloc(1, sizeof(*h));
	h->dir = fa_xstrdup(dir);
	h->lock_fd = fd;
	fa_history_clean_temps(h);
	*ret = h;
out:
	free(lock);
	return r;
}

void fa_history_close(struct fa_history *h)
{
	int r;

	if (!h)
		return;
	/* Still holding the lock, so no later holder's pid is erased; closing drops the flock. */
	r = ftruncate(h->lock_fd, 0);
	(void)r;
	close(h->lock_fd);
	free(h->dir);
	free(h);
}

/* "YYYYMMDDTHHMMSSZ" of the snapshot's created time, or of now when it has none. */
static void fa_history_stamp(const json_t *snapshot, char *buf, size_t size)
{
	const char *c = fa_get_str(snapshot, "created");
	char *probe;
	struct tm tm;
	time_t now;
	bool ok;

	if (c && strlen(c) == 20 && c[4] == '-' && c[7] == '-' && c[10] == 'T' && c[13] == ':' &&
	    c[16] == ':' && c[19] == 'Z') {
		snprintf(buf, size, "%.4s%.2s%.2sT%.2s%.2s%.2sZ", c, c + 5, c + 8, c + 11, c + 14,
			 c + 17);
		/* The name parser is the one authority on what a valid stamp is. */
		probe = fa_xasprintf(FA_HISTORY_PREFIX "%s" FA_HISTORY_SUFFIX, buf);
		ok = fa_history_is_snapshot_name(probe);
		free(probe);
		if (ok)
			return;
	}
	now = time(NULL);
	gmtime_r(&now, &tm);
	strftime(buf, size, "%Y%m%dT%H%M%SZ", &tm);
}

/* The sequence number after the highest one used with @stamp (1 when none is). */
static int fa_history_next_seq(struct fa_history *h, const char *stamp)
{
	DIR *d = opendir(h->dir);
	struct dirent *de;
	size_t plen = strlen(FA_HISTORY_PREFIX);
	int seq, next = 1;

	if (!d)
		return 1;
	while ((de = readdir(d)) != NULL) {
		if (strncmp(de->d_name, FA_HISTORY_PREFIX, plen) != 0 ||
		    strncmp(de->d_name + plen, stamp, FA_HISTORY_STAMP_LEN) != 0 ||
		    !fa_history_parse_name(de->d_name, NULL, &seq))
			continue;
		if (seq >= next)
			next = seq + 1;
	}
	closedir(d);
	return next;
}

int fa_history_store(struct fa_history *h, const json_t *snapshot, char **ret_name,
		     struct fa_err *err)
{
	char stamp[32], *name = NULL, *path = NULL;
	int seq, r;

	/* Names only grow within one second, so a removed name is never reused out of order. */
	fa_history_stamp(snapshot, stamp, sizeof(stamp));
	seq = fa_history_next_seq(h, stamp);
	if (seq >= FA_HISTORY_MAX_SEQ) {
		r = fa_err_at(err, FA_EIO, h->dir, 0, 0, "%d snapshots share the time %s",
			      FA_HISTORY_MAX_SEQ, stamp);
		goto out;
	}
	name = seq == 1 ? fa_xasprintf(FA_HISTORY_PREFIX "%s" FA_HISTORY_SUFFIX, stamp) :
			  fa_xasprintf(FA_HISTORY_PREFIX "%s-%d" FA_HISTORY_SUFFIX, stamp, seq);
	path = fa_history_path(h, name);
	r = fa_snapshot_write(snapshot, path, err);
out:
	if (r == 0)
		*ret_name = FA_TAKE_PTR(name);
	free(name);
	free(path);
	return r;
}

int fa_history_baseline(struct fa_history *h, char **ret_name, struct fa_err *err)
{
	struct fa_buf text = FA_BUF_INIT;
	char *path = fa_history_path(h, FA_HISTORY_BASELINE), *snap = NULL;
	struct stat st;
	size_t len;
	int r;

	r = fa_file_read(path, 4096, &text, err);
	if (r == -FA_ENOENT) {
		r = fa_err_at(err, FA_ENOENT, path, 0, 0, "no baseline yet");
		goto out;
	}
	if (r < 0)
		goto out;
	len = text.len;
	while (len && (text.buf[len - 1] == '\n' || text.buf[len - 1] == '\r'))
		text.buf[--len] = '\0';
	if (strlen(text.buf) != len || !fa_history_is_snapshot_name(text.buf)) {
		r = fa_err_at(err, FA_EPARSE, path, 1, 1,
			      "the baseline pointer does not name a snapshot of this folder");
		goto out;
	}
	snap = fa_history_path(h, text.buf);
	if (stat(snap, &st) < 0) {
		r = fa_err_at(err, FA_EPARSE, path, 1, 1, "the baseline %s is missing: %s",
			      text.buf, strerror(errno));
		goto out;
	}
	*ret_name = fa_buf_detach(&text, NULL);
out:
	fa_buf_release(&text);
	free(path);
	free(snap);
	return r;
}

int fa_history_set_baseline(struct fa_history *h, const char *name, struct fa_err *err)
{
	char *path, *snap;
	struct stat st;
	int r;

	if (!fa_history_is_snapshot_name(name))
		return fa_err_set(err, FA_ENOENT, "'%s' is not a snapshot name of the history "
				  "(snapshot-YYYYMMDDTHHMMSSZ.json)", name);
	snap = fa_history_path(h, name);
	if (stat(snap, &st) < 0) {
		r = fa_err_at(err, FA_ENOENT, snap, 0, 0, "%s", strerror(errno));
		free(snap);
		return r;
	}
	free(snap);
	path = fa_history_path(h, FA_HISTORY_BASELINE);
	snap = fa_xasprintf("%s\n", name);
	r = fa_file_write_private(path, snap, strlen(snap), err);
	free(path);
	free(snap);
	return r;
}

void fa_history_names_free(char **names)
{
	size_t i;

	for (i = 0; names && names[i]; i++)
		free(names[i]);
	free(names);
}

int fa_history_list(struct fa_history *h, char ***ret_names, size_t *ret_n, struct fa_err *err)
{
	DIR *d = opendir(h->dir);
	struct dirent *de;
	char **v = NULL;
	size_t n = 0;

	if (!d)
		return fa_err_at(err, FA_EIO, h->dir, 0, 0, "%s", strerror(errno));
	v = fa_xcalloc(1, sizeof(*v));
	while ((de = readdir(d)) != NULL) {
		if (!fa_history_is_snapshot_name(de->d_name))
			continue;
		v = fa_xreallocarray(v, n + 2, sizeof(*v));
		v[n++] = fa_xstrdup(de->d_name);
		v[n] = NULL;
	}
	closedir(d);
	qsort(v, n, sizeof(*v), fa_history_name_cmp);
	*ret_names = v;
	*ret_n = n;
	return 0;
}

int fa_history_rotate(struct fa_history *h, size_t keep, long long max_age, time_t now,
		      size_t *ret_removed, struct fa_err *err)
{
	char **names = NULL, *baseline = NULL, *path;
	size_t n, i, left, removed = 0;
	int r;

	r = fa_history_list(h, &names, &n, err);
	if (r < 0)
		return r;
	if (fa_history_baseline(h, &baseline, NULL) < 0)
		baseline = NULL;
	left = n;
	/* Oldest first; the newest (i == n - 1) and the baseline are never candidates. */
	for (i = 0; i + 1 < n; i++) {
		bool too_many = keep && left > keep;
		bool too_old = max_age > 0 &&
			       (long long)(now - fa_history_name_time(names[i])) > max_age;

		if (baseline && strcmp(names[i], baseline) == 0)
			continue;
		if (!too_many && !too_old)
			continue;
		path = fa_history_path(h, names[i]);
		if (unlink(path) < 0 && errno != ENOENT) {
			r = fa_err_at(err, FA_EIO, path, 0, 0, "cannot remove: %s",
				      strerror(errno));
			free(path);
			break;
		}
		free(path);
		removed++;
		left--;
	}
	if (removed)
		fa_fsync_dir(h->dir);
	if (ret_removed)
		*ret_removed = removed;
	free(baseline);
	fa_history_names_free(names);
	return r;
}
