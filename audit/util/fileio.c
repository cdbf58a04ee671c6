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

static int fa_write_all(int fd, const char *p, size_t len)
{
	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

int fa_file_write_atomic(const char *path, const void *data, size_t len, struct fa_err *err)
{
	char *tmp = NULL, *dircopy = NULL;
	int fd = -1, dfd, r = 0;
	struct stat st;
	mode_t mask;

	if (strcmp(path, "-") == 0) {
		if (fa_write_all(STDOUT_FILENO, data, len) < 0)
			return fa_err_at(err, FA_EIO, "<stdout>", 0, 0, "%s", strerror(errno));
		return 0;
	}
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		/* /dev/null, a FIFO, /dev/stdout: write into it, never rename over it */
		fd = open(path, O_WRONLY | O_CLOEXEC);
		if (fd < 0 || fa_write_all(fd, data, len) < 0)
			r = fa_err_at(err, FA_EIO, path, 0, 0, "%s", strerror(errno));
		if (fd >= 0)
			close(fd);
		return r;
	}
	tmp = fa_xasprintf("%s.tmp.XXXXXX", path);
	fd = mkstemp(tmp);
	if (fd < 0) {
		r = fa_err_at(err, FA_EIO, path, 0, 0, "cannot create temporary file: %s",
			      strerror(errno));
		goto out;
	}
	mask = umask(0);
	umask(mask);
	if (fchmod(fd, 0644 & ~mask) < 0 || fa_write_all(fd, data, len) < 0 || fsync(fd) < 0) {
		r = fa_err_at(err, FA_EIO, path, 0, 0, "%s", strerror(errno));
		goto out;
	}
	if (close(fd) < 0) {
		fd = -1;
		r = fa_err_at(err, FA_EIO, path, 0, 0, "%s", strerror(errno));
		goto out;
	}
	fd = -1;
	if (rename(tmp, path) < 0) {
		r = fa_err_at(err, FA_EIO, path, 0, 0, "%s", strerror(errno));
		goto out;
	}
	/* The rename is only durable once the folder itself is on disk. */
	dircopy = fa_xstrdup(path);
	dfd = open(dirname(dircopy), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd >= 0) {
		fsync(dfd);
		close(dfd);
	}
out:
	if (fd >= 0)
		close(fd);
	if (r < 0 && tmp)
		unlink(tmp);
	free(tmp);
	free(dircopy);
	return r;
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
