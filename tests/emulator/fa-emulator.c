/* SPDX-License-Identifier: MIT */
/*
 * fa-emulator: answers as many network devices as wanted from behind one real OpenSSH sshd.
 *
 * sshd runs it as the forced command of every login (authorized_keys command="..." and
 * ForceCommand), so everything up to the command - TCP, key exchange, host key,
 * authentication, channels - is the real server.  The device asked is the destination address
 * of the connection (third field of $SSH_CONNECTION): each device has its own 127/8 address.
 * The command is $SSH_ORIGINAL_COMMAND, and the answer is the device's capture of that command
 * (capture directory format, docs/captures.md): the exact bytes, exit status 0.  A command
 * with no capture gets "not found" on stderr and exit status 127, as from a shell.
 *
 * STATE is a folder holding:
 *   map.tsv     one line per device: ADDRESS <tab> DEVICE <tab> FAULT
 *   captures/   DEVICE/<slug>.txt, and DEVICE/<slug>.2.txt for what the command prints
 *               when it is asked again (a counter that moved: collect --sample)
 *   commands.log  appended: ADDRESS <tab> DEVICE <tab> COMMAND, one line per command received
 *   asked/      one empty file per (address, command) already answered
 *
 * FAULT is "-" (none) or one of these, injected when the device answers a command:
 *   hang[:S]     print nothing, wait until the client goes away (at most S seconds, 120)
 *   stall-WORD   hang as above, but only on commands whose capture slug contains WORD
 *   slow[:S]     print the capture in 10 pieces spread over S seconds (default 1)
 *   garbage      print bytes that are no command's output, exit 0
 *   exit1        print an error on stderr, exit 1
 *   cut          print half the capture, then drop the connection (kill this login's sshd)
 * Faults that happen before any command (refused connection, wrong host key, refused key) are
 * set up by the scripts around sshd (tests/emulator/emu.sh); the map names them too, and the
 * emulator answers such a device normally should a connection reach it after all.
 *
 * Everything is bounded: no wait is longer than its cap, and the emulator never outlives the
 * client by more than a second.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "audit/util/xalloc.h"
#include "drivers/capture.h"
#include "audit/util/banned.h"

#define EMU_HANG_MAX 120	/* seconds */
#define EMU_LINE_MAX 1024
#define EMU_SSHD_DEPTH 4	/* how far up the process tree this login's sshd may be */

struct emu_device {
	char address[64];
	char name[256];
	char fault[64];
};

static void emu_sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

static int emu_write_all(int fd, const char *p, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, p, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/* The device whose address is @address, from STATE/map.tsv; 0 when found. */
static int emu_find_device(const char *state, const char *address, struct emu_device *ret)
{
	char path[4096], line[EMU_LINE_MAX];
	FILE *f;
	int r = -1;

	snprintf(path, sizeof(path), "%s/map.tsv", state);
	f = fopen(path, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		char *name, *fault, *end;

		line[strcspn(line, "\r\n")] = '\0';
		name = strchr(line, '\t');
		if (!name)
			continue;
		*name++ = '\0';
		if (strcmp(line, address) != 0)
			continue;
		fault = strchr(name, '\t');
		if (fault)
			*fault++ = '\0';
		end = fault ? fault : (char *)"-";
		snprintf(ret->address, sizeof(ret->address), "%s", line);
		snprintf(ret->name, sizeof(ret->name), "%s", name);
		snprintf(ret->fault, sizeof(ret->fault), "%s", end);
		r = 0;
		break;
	}
	fclose(f);
	return r;
}

/* One line per command received; O_APPEND keeps lines whole when logins run in parallel. */
static void emu_log(const char *state, const char *address, const char *device,
		    const char *command)
{
	char path[4096], line[8192];
	int fd, n;

	snprintf(path, sizeof(path), "%s/commands.log", state);
	fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
	if (fd < 0)
		return;
	n = snprintf(line, sizeof(line), "%s\t%s\t%s\n", address, device, command);
	if (n > 0)
		emu_write_all(fd, line, (size_t)n < sizeof(line) ? (size_t)n : sizeof(line) - 1);
	close(fd);
}

/* Whether @address was asked @command before (and remember that it now was). */
static bool emu_asked_before(const char *state, const char *address, const char *command)
{
	char *slug = fa_capture_slug(command), *dir, *path;
	int fd;

	dir = fa_xasprintf("%s/asked", state);
	if (mkdir(dir, 0777) < 0 && errno != EEXIST) {
		free(dir);
		free(slug);
		return false;
	}
	path = fa_xasprintf("%s/%s-%s", dir, address, slug);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
	if (fd >= 0)
		close(fd);
	free(path);
	free(dir);
	free(slug);
	return fd < 0 && errno == EEXIST;
}

/* Read the whole capture (@again: the one for a second asking, when there is one); NULL when
 * there is none. */
static char *emu_read_capture(const char *state, const char *device, const char *command,
			      bool again, size_t *ret_len)
{
	char *slug = fa_capture_slug(command), *path, *data = NULL;
	struct stat st;
	size_t got = 0;
	int fd = -1;

	if (again) {
		path = fa_xasprintf("%s/captures/%s/%s.2.txt", state, device, slug);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		free(path);
	}
	if (fd < 0) {
		path = fa_xasprintf("%s/captures/%s/%s.txt", state, device, slug);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		free(path);
	}
	free(slug);
	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) < 0 || st.st_size < 0)
		goto out;
	data = fa_xmalloc((size_t)st.st_size + 1);
	while (got < (size_t)st.st_size) {
		ssize_t n = read(fd, data + got, (size_t)st.st_size - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	data[got] = '\0';
	*ret_len = got;
out:
	close(fd);
	return data;
}

/* Wait until the client has gone (stdout's reader closed), at most @seconds. */
static void emu_hang(int seconds)
{
	int waited;

	for (waited = 0; waited < seconds * 10; waited++) {
		struct pollfd p = { STDOUT_FILENO, 0, 0 };

		if (poll(&p, 1, 100) > 0 && (p.revents & (POLLERR | POLLHUP | POLLNVAL)))
			return;
	}
}

/* The pid of this login's sshd (nearest "sshd" ancestor), or -1. */
static pid_t emu_login_sshd(void)
{
	pid_t pid = getppid();
	int depth;

	for (depth = 0; depth < EMU_SSHD_DEPTH && pid > 1; depth++) {
		char path[64], buf[512];
		FILE *f;
		char *lp, *rp;
		int ppid = -1;

		snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
		f = fopen(path, "r");
		if (!f)
			return -1;
		if (!fgets(buf, sizeof(buf), f)) {
			fclose(f);
			return -1;
		}
		fclose(f);
		/* "pid (comm) state ppid ...": comm may hold spaces, so parse after the last ')' */
		lp = strchr(buf, '(');
		rp = strrchr(buf, ')');
		if (!lp || !rp || rp < lp)
			return -1;
		if (rp - lp > 4 && strncmp(lp + 1, "sshd", 4) == 0)
			return pid;
		if (sscanf(rp + 1, " %*c %d", &ppid) != 1)
			return -1;
		pid = (pid_t)ppid;
	}
	return -1;
}

static int emu_fault_arg(const char *fault, int def)
{
	const char *colon = strchr(fault, ':');
	int v = colon ? atoi(colon + 1) : def;

	return v > 0 ? v : def;
}

static int emu_garbage(const char *device)
{
	char buf[2048];
	unsigned int x = 2166136261u;
	size_t i;

	for (i = 0; device[i]; i++)
		x = (x ^ (unsigned char)device[i]) * 16777619u;
	for (i = 0; i < sizeof(buf); i++) {
		x = x * 1103515245u + 12345u;
		buf[i] = (char)(x >> 16);
	}
	return emu_write_all(STDOUT_FILENO, buf, sizeof(buf)) < 0 ? 1 : 0;
}

int main(int argc, char **argv)
{
	const char *conn = getenv("SSH_CONNECTION"), *command = getenv("SSH_ORIGINAL_COMMAND");
	struct emu_device dev;
	char address[64] = "";
	char *data;
	size_t len = 0;
	int i;

	signal(SIGPIPE, SIG_IGN);
	if (argc != 2) {
		fputs("usage: fa-emulator STATE (run by sshd as the forced command)\n", stderr);
		return 2;
	}
	if (!conn || sscanf(conn, "%*s %*s %63s", address) != 1) {
		fputs("fa-emulator: no SSH_CONNECTION\n", stderr);
		return 2;
	}
	if (emu_find_device(argv[1], address, &dev) < 0) {
		fprintf(stderr, "fa-emulator: no device at %s\n", address);
		return 2;
	}
	if (!command || !*command) {
		/* an interactive login: devices here only answer commands */
		fprintf(stderr, "fa-emulator: %s: no command\n", dev.name);
		return 2;
	}
	emu_log(argv[1], dev.address, dev.name, command);
	if (strncmp(dev.fault, "hang", 4) == 0) {
		int seconds = emu_fault_arg(dev.fault, EMU_HANG_MAX);

		emu_hang(seconds < EMU_HANG_MAX ? seconds : EMU_HANG_MAX);
		return 0;
	}
	if (strncmp(dev.fault, "stall-", 6) == 0) {
		char *slug = fa_capture_slug(command);
		bool hit = strstr(slug, dev.fault + 6) != NULL;

		free(slug);
		if (hit) {
			emu_hang(EMU_HANG_MAX);
			return 0;
		}
	}
	if (strcmp(dev.fault, "garbage") == 0)
		return emu_garbage(dev.name);
	if (strcmp(dev.fault, "exit1") == 0) {
		fprintf(stderr, "%s: emulated failure on %s\nsecond line\n", command, dev.name);
		return 1;
	}
	data = emu_read_capture(argv[1], dev.name, command,
				emu_asked_before(argv[1], dev.address, command), &len);
	if (!data) {
		fprintf(stderr, "sh: 1: %s: not found\n", command);
		return 127;
	}
	if (strcmp(dev.fault, "cut") == 0) {
		pid_t sshd = emu_login_sshd();

		emu_write_all(STDOUT_FILENO, data, len / 2);
		/* let sshd forward what was printed before the connection goes */
		emu_sleep_ms(100);
		if (sshd > 1)
			kill(sshd, SIGKILL);
		free(data);
		return 1;
	}
	if (strncmp(dev.fault, "slow", 4) == 0) {
		int seconds = emu_fault_arg(dev.fault, 1);
		size_t piece = len / 10 + 1, off = 0;

		for (i = 0; i < 10 && off < len; i++) {
			size_t n = len - off < piece ? len - off : piece;

			if (emu_write_all(STDOUT_FILENO, data + off, n) < 0)
				break;
			off += n;
			emu_sleep_ms(seconds * 100L);
		}
		free(data);
		return 0;
	}
	i = emu_write_all(STDOUT_FILENO, data, len) < 0 ? 1 : 0;
	free(data);
	return i;
}
