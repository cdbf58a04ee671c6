/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "audit/util/fileio.h"
#include "audit/util/xalloc.h"

int fa_file_read(const char *path, size_t cap, struct fa_buf *out, struct fa_err *err)
{
	char chunk[65536];
	size_t start = out->len;
	ssize_t n;
	int fd, r = 0;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return fa_err_at(err, errno == ENOENT ? FA_ENOENT : FA_EIO, path, 0, 0, "%s",
				 strerror(errno));
	for (;;) {
		n = read(fd, chunk, sizeof(chunk));
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			r = fa_err_at(err, FA_EIO, path, 0, 0, "%s", strerror(errno));
			break;
		}
		if (n == 0)
			break;
		if (cap && out->len - start + (size_t)n > cap) {
			r = fa_err_at(err, FA_ETOOBIG, path, 0, 0, "file is larger than %zu bytes",
				      cap);
			break;
		}
		if (fa_buf_add(out, chunk, (size_t)n) < 0) {
			r = fa_err_at(err, FA_ETOOBIG, path, 0, 0, "file too large");
			break;
		}
	}
	close(fd);
	return r;
}

static void fa_fsync_dir_of(const char *path)
{
	char *dircopy = fa_xstrdup(path);
	int dfd = open(dirname(dircopy), O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	/* The rename is only durable once the folder itself is on disk. */
	if (dfd >= 0) {
		fsync(dfd);
		close(dfd);
	}
	free(dircopy);
}

mode_t fa_file_private_mode(void)
{
	const char *env = getenv("FABRIC_AUDIT_FILE_MODE");
	char *end;
	unsigned long m;

	if (!env || !*env)
		return 0600;
	m = strtoul(env, &end, 8);
	/* anything but an octal mode within 0777 keeps the safe default */
	return *end || m > 0777 ? 0600 : (mode_t)m;
}

static int fa_atomic_open_mode(struct fa_atomic_file *f, const char *path, mode_t mode,
			       struct fa_err *err);

bool fa_atomic_is_temp(const char *name, const char *base, long *ret_pid)
{
	size_t blen = strlen(base);
	const char *t, *x;
	char *end;
	long pid;

	if (strncmp(name, base, blen) != 0 || strncmp(name + blen, ".tmp.", 5) != 0)
		return false;
	t = name + blen + 5;
	*ret_pid = 0;
	if (strlen(t) == 6)	/* "<base>.tmp.XXXXXX", the name earlier versions used */
		return true;
	x = strrchr(t, '.');
	if (!x || strlen(x + 1) != 6)
		return false;
	pid = strtol(t, &end, 10);
	if (end != x || pid <= 0)
		return false;
	*ret_pid = pid;
	return true;
}

/*
 * A temporary file left by a run that was killed: its writer (the PID in its name) is gone,
 * or it has not been written to for FA_ATOMIC_STALE_SECONDS (a live writer keeps its mtime
 * fresh; a PID may be reused, and a file of an earlier version carries none).
 */
static bool fa_atomic_is_stale(int dfd, const char *name, long pid)
{
	struct stat st;

	if (pid > 0 && pid != (long)getpid() && kill((pid_t)pid, 0) < 0 && errno == ESRCH)
		return true;
	return fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode) &&
	       time(NULL) - st.st_mtime > FA_ATOMIC_STALE_SECONDS;
}

void fa_atomic_clean_stale(const char *path)
{
	char *copy = fa_xstrdup(path), *dcopy = fa_xstrdup(path);
	const char *base = basename(copy);
	DIR *d = opendir(dirname(dcopy));
	struct dirent *de;
	long pid;

	while (d && (de = readdir(d)) != NULL) {
		if (fa_atomic_is_temp(de->d_name, base, &pid) &&
		    fa_atomic_is_stale(dirfd(d), de->d_name, pid))
			unlinkat(dirfd(d), de->d_name, 0);
	}
	if (d)
		closedir(d);
	free(dcopy);
	free(copy);
}

int fa_atomic_open(struct fa_atomic_file *f, const char *path, struct fa_err *err)
{
	return fa_atomic_open_mode(f, path, 0644, err);
}

int fa_atomic_open_private(struct fa_atomic_file *f, const char *path, struct fa_err *err)
{
	return fa_atomic_open_mode(f, path, fa_file_private_mode(), err);
}

static int fa_atomic_open_mode(struct fa_atomic_file *f, const char *path, mode_t mode,
			       struct fa_err *err)
{
	struct stat st;
	mode_t mask;
	int fd;

	memset(f, 0, sizeof(*f));
	f->path = fa_xstrdup(path);
	if (strcmp(path, "-") == 0) {
		f->fp = stdout;
		return 0;
	}
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		/* /dev/null, a FIFO, /dev/stdout: write into it, never rename over it */
		f->fp = fopen(path, "we");
		if (!f->fp)
			goto fail;
		return 0;
	}
	/* the writer's PID in the name lets the next run know a leftover (fa_atomic_is_temp) */
	fa_atomic_clean_stale(path);
	f->tmp = fa_xasprintf("%s.tmp.%ld.XXXXXX", path, (long)getpid());
	fd = mkstemp(f->tmp);
	if (fd < 0) {
		fa_err_at(err, FA_EIO, path, 0, 0, "cannot create a temporary file beside it: %s",
			  strerror(errno));
		goto out;
	}
	mask = umask(0);
	umask(mask);
	if (fchmod(fd, mode & ~mask) < 0 || !(f->fp = fdopen(fd, "w"))) {
		close(fd);
		unlink(f->tmp);
		goto fail;
	}
	return 0;
fail:
	fa_err_at(err, FA_EIO, path, 0, 0, "%s", strerror(errno));
out:
	free(f->tmp);
	free(f->path);
	memset(f, 0, sizeof(*f));
	return -FA_EIO;
}

int fa_atomic_commit(struct fa_atomic_file *f, struct fa_err *err)
{
	int r = 0;

	if (fflush(f->fp) != 0 || ferror(f->fp) || (f->tmp && fsync(fileno(f->fp)) < 0))
		r = fa_err_at(err, FA_EIO, f->path, 0, 0, "%s", strerror(errno));
	if (f->fp != stdout && fclose(f->fp) != 0 && r == 0)
		r = fa_err_at(err, FA_EIO, f->path, 0, 0, "%s", strerror(errno));
	if (f->tmp) {
		if (r == 0 && rename(f->tmp, f->path) < 0)
			r = fa_err_at(err, FA_EIO, f->path, 0, 0, "%s", strerror(errno));
		if (r < 0)
			unlink(f->tmp);
		else
			fa_fsync_dir_of(f->path);
	}
	free(f->tmp);
	free(f->path);
	memset(f, 0, sizeof(*f));
	return r;
}

void fa_atomic_abort(struct fa_atomic_file *f)
{
	if (f->fp && f->fp != stdout)
		fclose(f->fp);
	if (f->tmp)
		unlink(f->tmp);
	free(f->tmp);
	free(f->path);
	memset(f, 0, sizeof(*f));
}

static int fa_file_write_mode(const char *path, const void *data, size_t len, mode_t mode,
			      struct fa_err *err)
{
	struct fa_atomic_file f;
	int r = fa_atomic_open_mode(&f, path, mode, err);

	if (r < 0)
		return r;
	if (len && fwrite(data, 1, len, f.fp) != len) {
		r = fa_err_at(err, FA_EIO, path, 0, 0, "%s", strerror(errno));
		fa_atomic_abort(&f);
		return r;
	}
	return fa_atomic_commit(&f, err);
}

int fa_file_write_atomic(const char *path, const void *data, size_t len, struct fa_err *err)
{
	return fa_file_write_mode(path, data, len, 0644, err);
}

int fa_file_write_private(const char *path, const void *data, size_t len, struct fa_err *err)
{
	return fa_file_write_mode(path, data, len, fa_file_private_mode(), err);
}

int fa_mkdir_p(const char *path, struct fa_err *err)
{
	char *p = fa_xstrdup(path), *s;
	int r = 0;

	for (s = p + 1; ; s++) {
		char c = *s;

		if (c != '/' && c != '\0')
			continue;
		*s = '\0';
		if (mkdir(p, 0755) < 0 && errno != EEXIST) {
			r = fa_err_at(err, FA_EIO, p, 0, 0, "cannot create folder: %s",
				      strerror(errno));
			break;
		}
		*s = c;
		if (c == '\0')
			break;
	}
	free(p);
	return r;
}
