/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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
	f->tmp = fa_xasprintf("%s.tmp.XXXXXX", path);
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
