/* SPDX-License-Identifier: MIT */
/*
 * The local collector: runs the platform's commands on this machine, for a host auditing
 * itself (under Slurm, pdsh or a DaemonSet) or for a fabric-audit that runs on the host.
 *
 * Each command runs as "/bin/sh -c COMMAND" in its own process group with LC_ALL=C (stable
 * tool output), stdin from /dev/null, stdout captured up to the cap, stderr kept for the error
 * message.  On timeout the whole group is killed, so nothing outlives the run.  One command is
 * no program: ibnd-discover, the ib-fabric platform's in-process discovery.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "audit/util/xalloc.h"
#include "drivers/collector.h"
#include "drivers/ib-fabric/ibnd-discover.h"
#include "inventory/inventory.h"
#include "audit/util/clock.h"
#include "audit/util/banned.h"

/* The device's choice of HCA and port for the in-process discovery (inventory ib_port). */
struct fa_local_session {
	char *ca;	/* NULL: the first HCA */
	int port;	/* 0: its first active port */
};

static int fa_local_open(const struct fa_inv_device *dev, const struct fa_collect_limits *lim,
			 void **ret_session, struct fa_err *err)
{
	struct fa_local_session *s = fa_xcalloc(1, sizeof(*s));

	if (dev && dev->ib_port) {
		const char *slash = strchr(dev->ib_port, '/');

		s->ca = fa_xstrndup(dev->ib_port, slash ? (size_t)(slash - dev->ib_port)
							 : strlen(dev->ib_port));
		s->port = slash ? atoi(slash + 1) : 0;
	}
	*ret_session = s;
	return 0;
}

static void fa_child(const char *command, int out_fd, int err_fd)
{
	int devnull = open("/dev/null", O_RDONLY);

	setpgid(0, 0);
	if (devnull >= 0)
		dup2(devnull, STDIN_FILENO);
	dup2(out_fd, STDOUT_FILENO);
	dup2(err_fd, STDERR_FILENO);
	setenv("LC_ALL", "C", 1);
	execl("/bin/sh", "sh", "-c", command, (char *)NULL);
	_exit(127);
}

/* Read what is ready on @fd into @b; returns 0 at EOF, 1 when more may come, <0 on error. */
static int fa_drain(int fd, struct fa_buf *b, size_t cap, bool *over)
{
	char chunk[16384];
	ssize_t n = read(fd, chunk, sizeof(chunk));

	if (n < 0)
		return errno == EINTR || errno == EAGAIN ? 1 : -1;
	if (n == 0)
		return 0;
	if (cap && b->len + (size_t)n > cap) {
		*over = true;
		return 1;
	}
	fa_buf_add(b, chunk, (size_t)n);
	return 1;
}

/*
 * ibnd-discover is no program: libibnetdisc and libibmad run in this process, from the HCA
 * port the device names (else the first), with the command timeout as the budget of the
 * whole run.
 */
static int fa_local_ibnd(const struct fa_local_session *s, const struct fa_collect_limits *lim,
			 struct fa_buf *out, int *ret_exit, struct fa_err *err)
{
	struct fa_ibnd_opts o = { s ? s->ca : NULL, s ? s->port : 0, 0, 0, 0,
				  lim->command_timeout > 0 ? lim->command_timeout : 60,
				  lim->progress };
	int r = fa_ibnd_discover(&o, out, err);

	if (r == 0 && lim->max_output && out->len > lim->max_output)
		return fa_err_set(err, FA_ETOOBIG, "'%s' wrote more than %zu bytes", FA_IBND_COMMAND,
				  lim->max_output);
	*ret_exit = r == 0 ? 0 : 1;
	return r;
}

static int fa_local_exec(void *session, const char *command, const struct fa_collect_limits *lim,
			 struct fa_buf *out, int *ret_exit, struct fa_err *err)
{
	struct fa_buf errbuf = FA_BUF_INIT;
	int opipe[2] = { -1, -1 }, epipe[2] = { -1, -1 };
	bool over = false, timed_out = false;
	double deadline = fa_clock_now() + (lim->command_timeout > 0 ? lim->command_timeout : 60);
	int open_fds = 2, status = 0, r = 0;
	pid_t pid;

	if (strcmp(command, FA_IBND_COMMAND) == 0)
		return fa_local_ibnd(session, lim, out, ret_exit, err);
	if (pipe2(opipe, O_CLOEXEC) < 0 || pipe2(epipe, O_CLOEXEC) < 0) {
		r = fa_err_set(err, FA_EIO, "cannot create a pipe: %s", strerror(errno));
		goto out;
	}
	pid = fork();
	if (pid < 0) {
		r = fa_err_set(err, FA_EIO, "cannot start '%s': %s", command, strerror(errno));
		goto out;
	}
	if (pid == 0)
		fa_child(command, opipe[1], epipe[1]);
	close(opipe[1]);
	close(epipe[1]);
	opipe[1] = epipe[1] = -1;
	while (open_fds > 0) {
		struct pollfd pfd[2] = { { opipe[0], POLLIN, 0 }, { epipe[0], POLLIN, 0 } };
		double left = deadline - fa_clock_now();
		int k;

		if (left <= 0 || over) {
			timed_out = !over;
			kill(-pid, SIGKILL);
			break;
		}
		if (poll(pfd, 2, (int)(left * 1000) + 1) < 0 && errno != EINTR)
			break;
		for (k = 0; k < 2; k++) {
			int fd = k == 0 ? opipe[0] : epipe[0];

			if (fd < 0 || !(pfd[k].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			if (fa_drain(fd, k == 0 ? out : &errbuf, k == 0 ? lim->max_output : 4096,
				     &over) <= 0) {
				close(fd);
				if (k == 0)
					opipe[0] = -1;
				else
					epipe[0] = -1;
				open_fds--;
			}
		}
	}
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (timed_out) {
		r = fa_err_set(err, FA_ETIMEOUT, "'%s' did not finish within %.0f s", command,
			       lim->command_timeout);
	} else if (over) {
		r = fa_err_set(err, FA_ETOOBIG, "'%s' printed more than %zu bytes", command,
			       lim->max_output);
	} else {
		*ret_exit = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
		if (*ret_exit != 0 && errbuf.len) {
			char *nl = strchr(errbuf.buf, '\n');

			if (nl)
				*nl = '\0';
			fa_err_set(err, FA_ECMD, "%s", errbuf.buf);
		}
	}
out:
	for (int i = 0; i < 2; i++) {
		if (opipe[i] >= 0)
			close(opipe[i]);
		if (epipe[i] >= 0)
			close(epipe[i]);
	}
	fa_buf_release(&errbuf);
	return r;
}

static void fa_local_close(void *session)
{
	struct fa_local_session *s = session;

	if (s)
		free(s->ca);
	free(s);
}

const struct fa_collector_ops fa_collector_local = {
	.name = "local",
	.open = fa_local_open,
	.exec = fa_local_exec,
	.close = fa_local_close,
};
