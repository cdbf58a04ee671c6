/* SPDX-License-Identifier: MIT */
/*
 * The SSH collector: one libssh session per device, one exec channel per command on it.
 *
 * A session is opened in this order, each step bounded by the connect timeout:
 *   1. options: the inventory's address, user and port, TCP_NODELAY (stock sshd sets it only
 *      for pty sessions, and without it every exec channel waits on delayed ACKs), key
 *      exchange curve25519-sha256 first (far cheaper for the client than the post-quantum
 *      default of OpenSSH);
 *   2. the ssh client configuration: --ssh-config FILE, else ~/.ssh/config and the system
 *      one (User, Port, IdentityFile, HostName, ProxyJump ...).  The inventory's user wins
 *      over the configuration; its port wins when it is not the default 22.  A ProxyJump is
 *      run by the ssh client, told to use the same configuration and known_hosts file;
 *   3. TCP connect; a refused or reset connection is retried twice with backoff, nothing else
 *      is retried (a bad key or password must not lock an account);
 *   4. host key against known_hosts (--known-hosts FILE, else ~/.ssh/known_hosts; a file
 *      that does not exist knows no host): unknown -> -FA_EHOSTKEY unless --accept-new, which
 *      records it (trust on first use) and says so once; changed -> -FA_EHOSTKEY_CHANGED,
 *      always.  A --known-hosts file is read once and libssh given only the lines that can
 *      concern the device (knownhosts.h): each device's line is not read for every device;
 *   5. authentication: keys first (ssh-agent when asked or when no identity file is given,
 *      the identity file, else the default and configured identities), then a password or
 *      keyboard-interactive answer only from the environment variable NAMED by password_env.
 *      The password is never copied, logged or put into an error message.
 *
 * A command gets its own exec channel.  Its stdout is captured up to max_output (over it:
 * -FA_ETOOBIG), the first line of its stderr goes into the error of a failed command, and it
 * is bounded by the per-command timeout (the inventory's, else the command line's).  The read
 * loop wakes at least every 20 ms so that packets libssh has already decrypted and buffered
 * are consumed even though the socket itself shows nothing new.  A dropped connection is
 * -FA_EUNREACH.  libssh errors are mapped to -FA_E* codes in one place, fa_err_from_ssh().
 */
#include "config.h"

#ifdef HAVE_LIBSSH

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <libssh/callbacks.h>
#include <libssh/libssh.h>

#include "audit/util/buf.h"
#include "audit/util/fileio.h"
#include "audit/util/xalloc.h"
#include "drivers/collector.h"
#include "drivers/transport/knownhosts.h"
#include "inventory/inventory.h"
#include "audit/util/clock.h"
#include "audit/util/banned.h"

#define FA_SSH_TRIES 3			/* connection attempts when refused or reset */
#define FA_SSH_BACKOFF 0.25		/* seconds before the second attempt; doubled after */
#define FA_SSH_POLL_MS 20		/* longest wait before libssh is stepped again */
#define FA_SSH_STDERR_MAX 4096		/* stderr bytes kept for the error message */
#define FA_SSH_TIMEOUT_FALLBACK 30.0	/* seconds, when no limit was given */
#define FA_SSH_KBDINT_ROUNDS 8		/* keyboard-interactive rounds before giving up */
#define FA_SSH_KEX "curve25519-sha256,curve25519-sha256@libssh.org,ecdh-sha2-nistp256," \
		   "ecdh-sha2-nistp384,ecdh-sha2-nistp521,diffie-hellman-group16-sha512,"  \
		   "diffie-hellman-group18-sha512,diffie-hellman-group-exchange-sha256,"    \
		   "diffie-hellman-group14-sha256"

struct fa_ssh {
	ssh_session session;
	char *name;		/* device name, for messages */
	char *where;		/* user@host:port, for messages */
	char *jump_log;		/* the ProxyJump ssh's stderr (a private temporary file), or NULL */
	double command_timeout;	/* seconds */
};

/* Exit status or signal of one exec channel, filled by libssh's channel callbacks. */
struct fa_ssh_exit {
	int status;		/* -1 until known */
	char signal[32];	/* "" unless the command was killed by a signal */
};

/*
 * known_hosts is one file shared by every worker: checks read it together, recording a new
 * key (--accept-new) writes it alone, so no reader ever sees half a line.
 */
static pthread_rwlock_t fa_ssh_known_hosts_lock = PTHREAD_RWLOCK_INITIALIZER;

/*
 * The --known-hosts file, indexed by host name (knownhosts.h) when first needed and again
 * when it changed since (another program wrote it); under fa_ssh_known_hosts_lock.
 */
static struct fa_known_hosts *fa_ssh_kh;
static struct stat fa_ssh_kh_stat;

/* Whether the index is of @file (NULL @st: as it is now, whatever it was read as). */
static bool fa_ssh_kh_is(const char *file, const struct stat *st)
{
	const struct stat *was = &fa_ssh_kh_stat;

	return fa_ssh_kh && strcmp(fa_known_hosts_path(fa_ssh_kh), file) == 0 &&
	       (!st || (st->st_dev == was->st_dev && st->st_ino == was->st_ino &&
			st->st_size == was->st_size && st->st_mtim.tv_sec == was->st_mtim.tv_sec &&
			st->st_mtim.tv_nsec == was->st_mtim.tv_nsec));
}

/* The index of @file, current, with the read lock held; NULL (no lock) when there is none. */
static struct fa_known_hosts *fa_ssh_known_hosts_index(const char *file)
{
	struct stat st;

	if (stat(file, &st) < 0 || !S_ISREG(st.st_mode))
		return NULL;
	pthread_rwlock_rdlock(&fa_ssh_known_hosts_lock);
	if (fa_ssh_kh_is(file, &st))
		return fa_ssh_kh;
	pthread_rwlock_unlock(&fa_ssh_known_hosts_lock);
	pthread_rwlock_wrlock(&fa_ssh_known_hosts_lock);
	if (stat(file, &st) == 0 && !fa_ssh_kh_is(file, &st)) {
		fa_known_hosts_free(fa_ssh_kh);
		fa_ssh_kh = fa_known_hosts_load(file);
		fa_ssh_kh_stat = st;
	}
	pthread_rwlock_unlock(&fa_ssh_known_hosts_lock);
	pthread_rwlock_rdlock(&fa_ssh_known_hosts_lock);
	if (fa_ssh_kh_is(file, NULL))
		return fa_ssh_kh;
	pthread_rwlock_unlock(&fa_ssh_known_hosts_lock);
	return NULL;
}

/*
 * Point @s at the lines of the --known-hosts file that can concern its host (knownhosts.h),
 * so that libssh does not read every device's line for each device.  Returns the descriptor
 * of that file in memory, to close after the host key check, or -1: libssh reads the file
 * itself (no --known-hosts, a UserKnownHostsFile of the ssh configuration in its place, a
 * file that cannot be read).
 */
static int fa_ssh_known_hosts_subset(ssh_session s, const struct fa_collect_limits *lim)
{
	struct fa_known_hosts *kh;
	char *file = NULL, *host = NULL, path[64];
	unsigned int port = 22;
	int fd = -1;

	if (!lim->known_hosts || ssh_options_get(s, SSH_OPTIONS_KNOWNHOSTS, &file) != SSH_OK)
		return -1;
	if (strcmp(file, lim->known_hosts) == 0 && (kh = fa_ssh_known_hosts_index(file))) {
		ssh_options_get(s, SSH_OPTIONS_HOST, &host);
		ssh_options_get_port(s, &port);
		fd = fa_known_hosts_subset(kh, host, port, path, sizeof(path));
		pthread_rwlock_unlock(&fa_ssh_known_hosts_lock);
		if (fd >= 0)
			ssh_options_set(s, SSH_OPTIONS_KNOWNHOSTS, path);
		ssh_string_free_char(host);
	}
	ssh_string_free_char(file);
	return fd;
}

/*
 * Record the server's key of @s in @file (--accept-new) when libssh reads a subset: its own
 * update would write to that copy.  With the write lock held.
 */
static int fa_ssh_record_key(ssh_session s, const char *file)
{
	char *entry = NULL;
	struct stat st;
	size_t len;
	int fd, r = -1;

	if (ssh_session_export_known_hosts_entry(s, &entry) != SSH_OK)
		return -1;
	len = strlen(entry);
	fd = open(file, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
	if (fd >= 0) {
		bool nl = len && entry[len - 1] == '\n';

		if (write(fd, entry, len) == (ssize_t)len && (nl || write(fd, "\n", 1) == 1))
			r = 0;
		if (close(fd) < 0)
			r = -1;
	}
	/* the index takes the line too, and stays current for the file as it is now */
	if (r == 0 && fa_ssh_kh_is(file, NULL)) {
		fa_known_hosts_add(fa_ssh_kh, entry);
		if (stat(file, &st) == 0)
			fa_ssh_kh_stat = st;
	}
	ssh_string_free_char(entry);
	return r;
}

static void fa_ssh_sleep(double seconds)
{
	struct timespec ts;

	ts.tv_sec = (time_t)seconds;
	ts.tv_nsec = (long)((seconds - (double)ts.tv_sec) * 1e9);
	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

static bool fa_ssh_has(const char *msg, const char *what)
{
	return strstr(msg, what) != NULL;
}

/*
 * The one place libssh's errors become ours.  libssh reports most failures as SSH_FATAL with
 * a message, so the message decides: a timeout is -FA_ETIMEOUT, anything about the network
 * or a closed connection is -FA_EUNREACH, a refused request is @fallback.  The message is
 * kept after "@what: ".  *@ret_retry (may be NULL) is set when another attempt may succeed:
 * the connection was refused or reset before anything was exchanged.
 */
static int fa_err_from_ssh(struct fa_err *err, ssh_session s, int fallback, bool *ret_retry,
			   const char *what)
{
	const char *msg = s ? ssh_get_error(s) : "";
	int code = fallback;

	if (!msg || !*msg)
		msg = "no detail from libssh";
	if (ret_retry)
		*ret_retry = false;
	if (fa_ssh_has(msg, "imeout") || fa_ssh_has(msg, "timed out")) {
		code = FA_ETIMEOUT;
	} else if (fa_ssh_has(msg, "Connection refused") || fa_ssh_has(msg, "Connection reset") ||
		   fa_ssh_has(msg, "Broken pipe")) {
		/* a peer (or ProxyCommand) that hung up before the banner: as a reset */
		code = FA_EUNREACH;
		if (ret_retry)
			*ret_retry = true;
	} else if (fa_ssh_has(msg, "Socket error") || fa_ssh_has(msg, "disconnected") ||
		   fa_ssh_has(msg, "Connection lost") || fa_ssh_has(msg, "unreachable") ||
		   fa_ssh_has(msg, "No route") || fa_ssh_has(msg, "resolve") ||
		   fa_ssh_has(msg, "Failed to connect") || fa_ssh_has(msg, "Socket closed") ||
		   fa_ssh_has(msg, "no match for method") ||
		   fa_ssh_has(msg, "Protocol mismatch") || fa_ssh_has(msg, "banner")) {
		code = FA_EUNREACH;
	} else if (s && ssh_get_status(s) & (SSH_CLOSED | SSH_CLOSED_ERROR)) {
		code = FA_EUNREACH;
	}
	return fa_err_set(err, code, "%s: %s", what, msg);
}

static void fa_ssh_set_timeout(ssh_session s, double seconds)
{
	long sec, usec;

	if (seconds < 0.001)
		seconds = 0.001;
	sec = (long)seconds;
	usec = (long)((seconds - (double)sec) * 1e6);
	ssh_options_set(s, SSH_OPTIONS_TIMEOUT, &sec);
	ssh_options_set(s, SSH_OPTIONS_TIMEOUT_USEC, &usec);
}

/* Append @s to @b quoted for /bin/sh, with '%' doubled for libssh's escape expansion. */
static void fa_ssh_add_quoted(struct fa_buf *b, const char *s)
{
	fa_buf_addch(b, '\'');
	for (; *s; s++) {
		if (*s == '\'')
			fa_buf_adds(b, "'\\''");
		else if (*s == '%')
			fa_buf_adds(b, "%%");
		else
			fa_buf_addch(b, *s);
	}
	fa_buf_addch(b, '\'');
}

/*
 * libssh runs a ProxyJump as "ssh [-l user] [-p port] -W '[%h]:%p' jumphost".  That ssh
 * would read the default configuration and known_hosts and might prompt; make it use ours,
 * never prompt, and check the jump host's key the way ours are checked.  A ProxyCommand the
 * user wrote is left as it is.
 */
static void fa_ssh_fix_proxy_jump(ssh_session s, const struct fa_collect_limits *lim,
				  char **ret_log)
{
	struct fa_buf b = FA_BUF_INIT;
	const char *tmp = getenv("TMPDIR");
	char *pc = NULL, *log;
	int fd;

	if (ssh_options_get(s, SSH_OPTIONS_PROXYCOMMAND, &pc) != SSH_OK || !pc)
		return;
	if (strncmp(pc, "ssh ", 4) != 0 || !strstr(pc, " -W '[%h]:%p' "))
		goto out;
	fa_buf_adds(&b, "ssh");
	if (lim->ssh_config) {
		fa_buf_adds(&b, " -F ");
		fa_ssh_add_quoted(&b, lim->ssh_config);
	}
	if (lim->known_hosts) {
		char *opt = fa_xasprintf("UserKnownHostsFile=%s", lim->known_hosts);

		fa_buf_adds(&b, " -o ");
		fa_ssh_add_quoted(&b, opt);
		fa_buf_adds(&b, " -o GlobalKnownHostsFile=/dev/null");
		free(opt);
	}
	fa_buf_addf(&b, " -o BatchMode=yes -o StrictHostKeyChecking=%s -o LogLevel=ERROR",
		    lim->accept_new ? "accept-new" : "yes");
	if (lim->connect_timeout > 0)
		fa_buf_addf(&b, " -o ConnectTimeout=%ld", (long)(lim->connect_timeout + 0.999));
	fa_buf_adds(&b, pc + 3);
	/*
	 * Its stderr says why the jump failed (the jump host's key unknown or changed), where
	 * libssh only sees the connection close: keep it to tell the user (fa_ssh_jump_error).
	 */
	log = fa_xasprintf("%s/fabric-audit-jump.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	fd = mkstemp(log);
	if (fd >= 0) {
		close(fd);
		fa_buf_adds(&b, " 2>");
		fa_ssh_add_quoted(&b, log);
		*ret_log = log;
	} else {
		free(log);
	}
	ssh_options_set(s, SSH_OPTIONS_PROXYCOMMAND, b.buf);
out:
	fa_buf_release(&b);
	ssh_string_free_char(pc);
}

/* A new libssh session for @dev with every option set; NULL only when libssh has no memory. */
static ssh_session fa_ssh_session_new(const struct fa_inv_device *dev,
				      const struct fa_collect_limits *lim, char **ret_jump_log,
				      struct fa_err *err)
{
	ssh_session s = ssh_new();
	unsigned int port = 0;
	int one = 1, nolog = SSH_LOG_NOLOG;
	bool no = false;

	if (!s) {
		fa_err_set(err, FA_ENOMEM, "libssh could not create a session");
		return NULL;
	}
	ssh_options_set(s, SSH_OPTIONS_HOST, dev->address);
	if (dev->user)
		ssh_options_set(s, SSH_OPTIONS_USER, dev->user);
	/* the configuration is read below, once, from the file we were told */
	ssh_options_set(s, SSH_OPTIONS_PROCESS_CONFIG, &no);
	ssh_options_set(s, SSH_OPTIONS_KEY_EXCHANGE, FA_SSH_KEX);
	ssh_options_parse_config(s, lim->ssh_config);
	/* after the configuration: its UserKnownHostsFile would replace --known-hosts */
	if (lim->known_hosts) {
		ssh_options_set(s, SSH_OPTIONS_KNOWNHOSTS, lim->known_hosts);
		ssh_options_set(s, SSH_OPTIONS_GLOBAL_KNOWNHOSTS, "/dev/null");
	}
	if (dev->port > 0 && (dev->port != 22 || ssh_options_get_port(s, &port) < 0))
		ssh_options_set(s, SSH_OPTIONS_PORT, &dev->port);
	ssh_options_set(s, SSH_OPTIONS_NODELAY, &one);
	/* libssh's own log would go to our stderr unasked, whatever LogLevel says */
	ssh_options_set(s, SSH_OPTIONS_LOG_VERBOSITY, &nolog);
	fa_ssh_set_timeout(s, lim->connect_timeout > 0 ? lim->connect_timeout
						       : FA_SSH_TIMEOUT_FALLBACK);
	fa_ssh_fix_proxy_jump(s, lim, ret_jump_log);
	return s;
}

/* "SHA256:..." of the server's host key, into @buf ("" when it cannot be had). */
static void fa_ssh_fingerprint(ssh_session s, char *buf, size_t size)
{
	ssh_key key = NULL;
	unsigned char *hash = NULL;
	size_t hlen = 0;
	char *fp;

	buf[0] = '\0';
	if (ssh_get_server_publickey(s, &key) != SSH_OK)
		return;
	if (ssh_get_publickey_hash(key, SSH_PUBLICKEY_HASH_SHA256, &hash, &hlen) == 0) {
		fp = ssh_get_fingerprint_hash(SSH_PUBLICKEY_HASH_SHA256, hash, hlen);
		if (fp) {
			snprintf(buf, size, "%s %s", ssh_key_type_to_char(ssh_key_type(key)), fp);
			ssh_string_free_char(fp);
		}
		ssh_clean_pubkey_hash(&hash);
	}
	ssh_key_free(key);
}

/* @subset: libssh reads the lines of lim->known_hosts for this host (fa_ssh_known_hosts_subset). */
static int fa_ssh_check_host_key(struct fa_ssh *c, const struct fa_collect_limits *lim,
				 bool subset, struct fa_err *err)
{
	const char *file = lim->known_hosts ? lim->known_hosts : "~/.ssh/known_hosts";
	enum ssh_known_hosts_e state;
	char fp[160], msg[512];
	int r = 0;

	pthread_rwlock_rdlock(&fa_ssh_known_hosts_lock);
	state = ssh_session_is_known_server(c->session);
	pthread_rwlock_unlock(&fa_ssh_known_hosts_lock);
	fa_ssh_fingerprint(c->session, fp, sizeof(fp));
	switch (state) {
	case SSH_KNOWN_HOSTS_OK:
		return 0;
	case SSH_KNOWN_HOSTS_CHANGED:
	case SSH_KNOWN_HOSTS_OTHER:
		/* a possible man in the middle: never accepted, whatever the options say */
		return fa_err_set(err, FA_EHOSTKEY_CHANGED,
				  "WARNING: HOST KEY OF %s HAS CHANGED (now %s), not the key "
				  "recorded in %s; refusing to connect.  If the change is expected, "
				  "remove the old key from that file and collect again",
				  c->where, fp[0] ? fp : "unknown key", file);
	case SSH_KNOWN_HOSTS_UNKNOWN:
	case SSH_KNOWN_HOSTS_NOT_FOUND:
		/* NOT_FOUND is a known_hosts file that does not exist: it knows no host */
		if (!lim->accept_new)
			return fa_err_set(err, FA_EHOSTKEY,
					  "host key of %s (%s) is not in %s; add it, or collect "
					  "with --accept-new to record it (trust on first use)",
					  c->where, fp[0] ? fp : "unknown key", file);
		pthread_rwlock_wrlock(&fa_ssh_known_hosts_lock);
		if (subset ? fa_ssh_record_key(c->session, lim->known_hosts) < 0
			   : ssh_session_update_known_hosts(c->session) != SSH_OK)
			r = fa_err_set(err, FA_EHOSTKEY, "cannot record the host key of %s in %s: %s",
				       c->where, file, subset ? strerror(errno)
							      : ssh_get_error(c->session));
		pthread_rwlock_unlock(&fa_ssh_known_hosts_lock);
		if (r == 0 && lim->notify) {
			snprintf(msg, sizeof(msg), "new host key of %s recorded in %s: %s", c->where,
				 file, fp[0] ? fp : "unknown key");
			lim->notify(c->name, msg);
		}
		return r;
	case SSH_KNOWN_HOSTS_ERROR:
	default:
		return fa_err_from_ssh(err, c->session, FA_EHOSTKEY, NULL, "cannot check the host key");
	}
}

/* @path with a leading "~/" taken from $HOME.  New string, free(). */
static char *fa_ssh_expand_home(const char *path)
{
	const char *home = getenv("HOME");

	if (path[0] == '~' && path[1] == '/' && home && *home)
		return fa_xasprintf("%s%s", home, path + 1);
	return fa_xstrdup(path);
}

static int fa_ssh_auth_identity(struct fa_ssh *c, const char *file, struct fa_err *err)
{
	char *path = fa_ssh_expand_home(file);
	ssh_key key = NULL;
	int rc;

	rc = ssh_pki_import_privkey_file(path, NULL, NULL, NULL, &key);
	if (rc == SSH_EOF) {
		fa_err_set(err, FA_EAUTH, "identity file %s cannot be read", path);
		rc = SSH_AUTH_DENIED;
	} else if (rc != SSH_OK) {
		fa_err_set(err, FA_EAUTH,
			   "identity file %s is not a private key, or is protected by a "
			   "passphrase (load it into ssh-agent and set ssh_agent: true)", path);
		rc = SSH_AUTH_DENIED;
	} else {
		rc = ssh_userauth_publickey(c->session, NULL, key);
	}
	ssh_key_free(key);
	free(path);
	return rc;
}

/*
 * Answer keyboard-interactive prompts with the password: hidden prompts get it, echoed ones
 * (a banner question, a username) get an empty answer.
 */
static int fa_ssh_auth_kbdint(struct fa_ssh *c, const char *password)
{
	int rc = ssh_userauth_kbdint(c->session, NULL, NULL), round, i, n;

	for (round = 0; rc == SSH_AUTH_INFO && round < FA_SSH_KBDINT_ROUNDS; round++) {
		n = ssh_userauth_kbdint_getnprompts(c->session);
		for (i = 0; i < n; i++) {
			char echo = 0;

			ssh_userauth_kbdint_getprompt(c->session, (unsigned int)i, &echo);
			if (ssh_userauth_kbdint_setanswer(c->session, (unsigned int)i,
							  echo ? "" : password) < 0)
				return SSH_AUTH_ERROR;
		}
		rc = ssh_userauth_kbdint(c->session, NULL, NULL);
	}
	return rc == SSH_AUTH_INFO ? SSH_AUTH_DENIED : rc;
}

/*
 * Authentication policy: keys before passwords; ssh-agent when asked or when no identity
 * file is given; the identity file; without one, the default and configured identities; a
 * password (or keyboard-interactive answer) only from the variable named by password_env.
 * A partial success (the server wants a second factor) moves on to the next method.
 */
static int fa_ssh_auth(struct fa_ssh *c, const struct fa_inv_device *dev, struct fa_err *err)
{
	struct fa_err why = FA_ERR_INIT;
	struct fa_buf tried = FA_BUF_INIT;
	int rc, methods, r = 0;

	rc = ssh_userauth_none(c->session, NULL);
	if (rc == SSH_AUTH_SUCCESS)
		goto out;
	if (rc == SSH_AUTH_ERROR) {
		r = fa_err_from_ssh(err, c->session, FA_EAUTH, NULL, "authentication");
		goto out;
	}
	methods = ssh_userauth_list(c->session, NULL);
	if (methods & SSH_AUTH_METHOD_PUBLICKEY) {
		if ((dev->ssh_agent || !dev->identity_file) && getenv("SSH_AUTH_SOCK")) {
			fa_buf_adds(&tried, ", ssh-agent");
			rc = ssh_userauth_agent(c->session, NULL);
			if (rc == SSH_AUTH_SUCCESS || rc == SSH_AUTH_ERROR)
				goto done;
		}
		if (dev->identity_file) {
			fa_buf_addf(&tried, ", key %s", dev->identity_file);
			rc = fa_ssh_auth_identity(c, dev->identity_file, &why);
		} else {
			fa_buf_adds(&tried, ", default keys");
			rc = ssh_userauth_publickey_auto(c->session, NULL, NULL);
		}
		if (rc == SSH_AUTH_SUCCESS || rc == SSH_AUTH_ERROR)
			goto done;
		if (rc == SSH_AUTH_PARTIAL)
			methods = ssh_userauth_list(c->session, NULL);
	}
	if (dev->password_env) {
		const char *password = getenv(dev->password_env);

		if (!password || !*password) {
			fa_err_set(&why, FA_EAUTH, "password_env names %s, which is not set",
				   dev->password_env);
		} else if (methods & SSH_AUTH_METHOD_PASSWORD) {
			fa_buf_addf(&tried, ", password from $%s", dev->password_env);
			rc = ssh_userauth_password(c->session, NULL, password);
		} else if (methods & SSH_AUTH_METHOD_INTERACTIVE) {
			fa_buf_addf(&tried, ", keyboard-interactive from $%s", dev->password_env);
			rc = fa_ssh_auth_kbdint(c, password);
		}
	}
done:
	if (rc == SSH_AUTH_SUCCESS)
		goto out;
	if (rc == SSH_AUTH_ERROR) {
		r = fa_err_from_ssh(err, c->session, FA_EAUTH, NULL, "authentication");
		goto out;
	}
	r = fa_err_set(err, FA_EAUTH, "%s: authentication refused (tried: %s)%s%s", c->where,
		       tried.len ? tried.buf + 2 : "no method the server offers",
		       why.msg[0] ? "; " : "", why.msg);
out:
	fa_buf_release(&tried);
	return r;
}

static void fa_ssh_drop_jump_log(struct fa_ssh *c);

static void fa_ssh_free(struct fa_ssh *c)
{
	if (!c)
		return;
	fa_ssh_drop_jump_log(c);
	if (c->session) {
		ssh_disconnect(c->session);
		ssh_free(c->session);
	}
	free(c->name);
	free(c->where);
	free(c);
}

static void fa_ssh_drop_jump_log(struct fa_ssh *c)
{
	if (c->jump_log)
		unlink(c->jump_log);
	free(c->jump_log);
	c->jump_log = NULL;
}

/* The line of @text holding @what, control characters as '?', into @buf; false if none. */
static bool fa_ssh_log_line(const char *text, const char *what, char *buf, size_t size)
{
	const char *at = strstr(text, what), *start, *end;
	size_t i, n;

	if (!at)
		return false;
	for (start = at; start > text && start[-1] != '\n'; start--)
		;
	end = strchr(at, '\n');
	n = end ? (size_t)(end - start) : strlen(start);
	if (n > 0 && start[n - 1] == '\r')
		n--;
	if (n >= size)
		n = size - 1;
	for (i = 0; i < n; i++)
		buf[i] = (unsigned char)start[i] < 0x20 || start[i] == 0x7f ? '?' : start[i];
	buf[n] = '\0';
	return true;
}

/*
 * After a failed connection through a ProxyJump: when the jump host's ssh refused the jump
 * host's key, say so with the status a device's own key would get (hostkey-unknown or
 * hostkey-changed) instead of the "connection reset" libssh saw.  Returns -FA_EHOSTKEY* with
 * @err set, or 0 when the jump was not refused for its key (@err left as it is).
 */
static int fa_ssh_jump_error(struct fa_ssh *c, const struct fa_collect_limits *lim,
			     struct fa_err *err)
{
	const char *file = lim->known_hosts ? lim->known_hosts : "~/.ssh/known_hosts";
	struct fa_buf log = FA_BUF_INIT;
	char line[300];
	int r = 0;

	if (!c->jump_log || fa_file_read(c->jump_log, 65536, &log, NULL) < 0)
		goto out;
	if (strstr(log.buf, "REMOTE HOST IDENTIFICATION HAS CHANGED") ||
	    fa_ssh_log_line(log.buf, "has changed and you have requested strict checking", line,
			    sizeof(line))) {
		if (!fa_ssh_log_line(log.buf, "Host key for", line, sizeof(line)) &&
		    !fa_ssh_log_line(log.buf, "key sent by the remote host is", line,
				     sizeof(line)))
			snprintf(line, sizeof(line), "REMOTE HOST IDENTIFICATION HAS CHANGED");
		r = fa_err_set(err, FA_EHOSTKEY_CHANGED,
			       "WARNING: HOST KEY OF THE JUMP HOST (ProxyJump) for %s HAS CHANGED, "
			       "not the key recorded in %s; refusing to connect (ssh: %s)",
			       c->where, file, line);
	} else if (fa_ssh_log_line(log.buf, "host key is known for", line, sizeof(line)) ||
		   fa_ssh_log_line(log.buf, "Host key verification failed", line, sizeof(line))) {
		r = fa_err_set(err, FA_EHOSTKEY,
			       "host key of the jump host (ProxyJump) for %s is not in %s; add it, "
			       "or collect with --accept-new to record it (ssh: %s)", c->where,
			       file, line);
	}
out:
	fa_buf_release(&log);
	return r;
}

/* One connection attempt: TCP, key exchange, host key.  *ret_retry as fa_err_from_ssh. */
static int fa_ssh_connect(struct fa_ssh *c, const struct fa_inv_device *dev,
			  const struct fa_collect_limits *lim, bool *ret_retry, struct fa_err *err)
{
	char *user = NULL, *host = NULL;
	unsigned int port = 0;
	int r, jr, kh_fd;

	*ret_retry = false;
	fa_ssh_drop_jump_log(c);
	c->session = fa_ssh_session_new(dev, lim, &c->jump_log, err);
	if (!c->session)
		return -FA_ENOMEM;
	ssh_options_get(c->session, SSH_OPTIONS_USER, &user);
	ssh_options_get(c->session, SSH_OPTIONS_HOST, &host);
	ssh_options_get_port(c->session, &port);
	free(c->where);
	c->where = fa_xasprintf("%s@%s:%u", user ? user : "?", host ? host : dev->address, port);
	ssh_string_free_char(user);
	ssh_string_free_char(host);
	kh_fd = fa_ssh_known_hosts_subset(c->session, lim);
	if (ssh_connect(c->session) != SSH_OK) {
		char what[300];

		snprintf(what, sizeof(what), "cannot connect to %s", c->where);
		r = fa_err_from_ssh(err, c->session, FA_EUNREACH, ret_retry, what);
		jr = fa_ssh_jump_error(c, lim, err);
		if (jr < 0) {
			*ret_retry = false;
			r = jr;
		}
	} else {
		r = fa_ssh_check_host_key(c, lim, kh_fd >= 0, err);
	}
	if (kh_fd >= 0)
		close(kh_fd);
	return r;
}

static int fa_ssh_open(const struct fa_inv_device *dev, const struct fa_collect_limits *lim,
		       void **ret_session, struct fa_err *err)
{
	struct fa_ssh *c = fa_xcalloc(1, sizeof(*c));
	double backoff = FA_SSH_BACKOFF;
	bool retry = false;
	int attempt, r;

	c->name = fa_xstrdup(dev->name);
	c->command_timeout = dev->timeout > 0 ? dev->timeout
			     : lim->command_timeout > 0 ? lim->command_timeout
			     : FA_SSH_TIMEOUT_FALLBACK;
	for (attempt = 1;; attempt++) {
		r = fa_ssh_connect(c, dev, lim, &retry, err);
		if (r == 0 || !retry || attempt == FA_SSH_TRIES)
			break;
		ssh_free(c->session);
		c->session = NULL;
		fa_ssh_sleep(backoff);
		backoff *= 2;
	}
	if (r == 0)
		r = fa_ssh_auth(c, dev, err);
	if (r < 0) {
		if (retry && attempt > 1)
			fa_err_prefix(err, "%d attempts", attempt);
		fa_ssh_free(c);
		return r;
	}
	*ret_session = c;
	return 0;
}

static void fa_ssh_on_exit_status(ssh_session session, ssh_channel channel, int exit_status,
				  void *userdata)
{
	struct fa_ssh_exit *ex = userdata;

	ex->status = exit_status;
}

static void fa_ssh_on_exit_signal(ssh_session session, ssh_channel channel, const char *signal,
				  int core, const char *errmsg, const char *lang, void *userdata)
{
	struct fa_ssh_exit *ex = userdata;

	snprintf(ex->signal, sizeof(ex->signal), "%s", signal && *signal ? signal : "?");
}

/* Shell convention for a command killed by a signal: 128 + its number (255 when unknown). */
static int fa_ssh_signal_status(const char *name)
{
	static const struct {
		const char *name;
		int number;
	} sigs[] = {
		{ "ABRT", SIGABRT }, { "ALRM", SIGALRM }, { "FPE", SIGFPE }, { "HUP", SIGHUP },
		{ "ILL", SIGILL }, { "INT", SIGINT }, { "KILL", SIGKILL }, { "PIPE", SIGPIPE },
		{ "QUIT", SIGQUIT }, { "SEGV", SIGSEGV }, { "TERM", SIGTERM }, { "USR1", SIGUSR1 },
		{ "USR2", SIGUSR2 },
	};
	size_t i;

	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		if (strcmp(sigs[i].name, name) == 0)
			return 128 + sigs[i].number;
	return 255;
}

static int fa_ssh_lost(struct fa_ssh *c, const char *command, size_t got, struct fa_err *err)
{
	const char *msg = ssh_get_error(c->session);

	return fa_err_set(err, FA_EUNREACH, "connection to %s lost during '%s' after %zu bytes%s%s",
			  c->where, command, got, msg && *msg ? ": " : "", msg ? msg : "");
}

/* Keep the first line of what the command printed on stderr, for the error message. */
static void fa_ssh_stderr_line(const struct fa_buf *b, char *line, size_t size)
{
	size_t n = strcspn(b->buf, "\r\n");

	snprintf(line, size, "%.*s", (int)n, b->buf);
}

static int fa_ssh_exec(void *session, const char *command, const struct fa_collect_limits *lim,
		       struct fa_buf *out, int *ret_exit, struct fa_err *err)
{
	struct fa_ssh *c = session;
	struct ssh_channel_callbacks_struct cb;
	struct fa_ssh_exit ex = { -1, "" };
	struct fa_buf errbuf = FA_BUF_INIT;
	double deadline = fa_clock_now() + c->command_timeout;
	ssh_channel ch = NULL;
	char chunk[16384], line[256];
	int r = 0, n, m;

	*ret_exit = -1;
	fa_ssh_set_timeout(c->session, c->command_timeout);
	ch = ssh_channel_new(c->session);
	if (!ch || ssh_channel_open_session(ch) != SSH_OK) {
		if (!ssh_is_connected(c->session))
			r = fa_ssh_lost(c, command, 0, err);
		else
			r = fa_err_from_ssh(err, c->session, FA_ECMD, NULL, "cannot open a channel");
		goto out;
	}
	memset(&cb, 0, sizeof(cb));
	ssh_callbacks_init(&cb);
	cb.userdata = &ex;
	cb.channel_exit_status_function = fa_ssh_on_exit_status;
	cb.channel_exit_signal_function = fa_ssh_on_exit_signal;
	ssh_set_channel_callbacks(ch, &cb);
	if (ssh_channel_request_exec(ch, command) != SSH_OK) {
		if (!ssh_is_connected(c->session))
			r = fa_ssh_lost(c, command, 0, err);
		else
			r = fa_err_from_ssh(err, c->session, FA_ECMD, NULL, "cannot start the command");
		goto out;
	}
	for (;;) {
		if (fa_clock_now() >= deadline) {
			r = fa_err_set(err, FA_ETIMEOUT, "'%s' did not finish within %g s", command,
				       c->command_timeout);
			goto out;
		}
		/* a short wait: libssh may hold decrypted packets the socket no longer shows */
		n = ssh_channel_read_timeout(ch, chunk, sizeof(chunk), 0, FA_SSH_POLL_MS);
		if (n == SSH_ERROR) {
			r = fa_ssh_lost(c, command, out->len, err);
			goto out;
		}
		if (n > 0) {
			if (lim->max_output && out->len + (size_t)n > lim->max_output) {
				r = fa_err_set(err, FA_ETOOBIG,
					       "'%s' printed more than %zu bytes (--max-output)",
					       command, lim->max_output);
				goto out;
			}
			fa_buf_add(out, chunk, (size_t)n);
		}
		m = ssh_channel_read_nonblocking(ch, chunk, sizeof(chunk), 1);
		if (m == SSH_ERROR) {
			r = fa_ssh_lost(c, command, out->len, err);
			goto out;
		}
		if (m > 0 && errbuf.len < FA_SSH_STDERR_MAX)
			fa_buf_add(&errbuf, chunk, (size_t)m < FA_SSH_STDERR_MAX - errbuf.len
						   ? (size_t)m : FA_SSH_STDERR_MAX - errbuf.len);
		if (n == 0 && m <= 0 && (ssh_channel_is_eof(ch) || ssh_channel_is_closed(ch)))
			break;
		if (!ssh_is_connected(c->session)) {
			r = fa_ssh_lost(c, command, out->len, err);
			goto out;
		}
	}
	/* the exit status follows the end of output; wait for it within what is left */
	if (ex.status < 0 && !ex.signal[0] && !ssh_channel_is_closed(ch)) {
		fa_ssh_set_timeout(c->session, deadline - fa_clock_now());
		ssh_channel_get_exit_status(ch);
	}
	if (ex.status < 0 && !ex.signal[0]) {
		if (!ssh_is_connected(c->session)) {
			r = fa_ssh_lost(c, command, out->len, err);
			goto out;
		}
		if (!ssh_channel_is_closed(ch)) {
			r = fa_err_set(err, FA_ETIMEOUT,
				       "'%s' ended its output but did not exit within %g s", command,
				       c->command_timeout);
			goto out;
		}
	}
	fa_ssh_stderr_line(&errbuf, line, sizeof(line));
	if (ex.signal[0]) {
		*ret_exit = fa_ssh_signal_status(ex.signal);
		fa_err_set(err, FA_ECMD, "killed by signal %s%s%s", ex.signal, line[0] ? ": " : "",
			   line);
	} else {
		*ret_exit = ex.status;
		if (ex.status != 0 && line[0])
			fa_err_set(err, FA_ECMD, "%s", line);
	}
out:
	if (ch) {
		if (ssh_is_connected(c->session))
			ssh_channel_close(ch);
		ssh_channel_free(ch);
	}
	fa_buf_release(&errbuf);
	return r;
}

static void fa_ssh_close(void *session)
{
	fa_ssh_free(session);
}

const struct fa_collector_ops fa_collector_ssh = {
	.name = "ssh",
	.open = fa_ssh_open,
	.exec = fa_ssh_exec,
	.close = fa_ssh_close,
};

#endif /* HAVE_LIBSSH */
