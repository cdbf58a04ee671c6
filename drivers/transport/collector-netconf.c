/* SPDX-License-Identifier: MIT */
/*
 * The NETCONF collector: NETCONF over SSH (RFC 6242), the "netconf" subsystem on port 830
 * unless the inventory says otherwise.  Its "commands" are the RPC operations of a platform
 * table (drivers/openconfig/platform-openconfig.c); each answer is the <rpc-reply> document, which
 * --save-captures stores as <slug>.xml.
 *
 * Session policy:
 *   1. connect with the inventory's address, port and user; libssh reads the ssh client
 *      configuration (--ssh-config FILE, else ~/.ssh/config);
 *   2. the host key is checked against known_hosts with ssh_session_is_known_server
 *      (--known-hosts FILE, else ~/.ssh/known_hosts; a file that does not exist knows no
 *      host): unknown -> -FA_EHOSTKEY unless --accept-new records it, changed ->
 *      -FA_EHOSTKEY_CHANGED, always.  This is the SSH collector's policy; the check is kept
 *      here until both share one module;
 *   3. authentication: the identity file, then ssh-agent when enabled, then the password
 *      from the environment variable the inventory names, else the default keys;
 *   4. the "netconf" subsystem, then the hello exchange (drivers/transport/netconf.h).
 *
 * Read-only: only operations named "get" or "get-..." are sent (<get>, <get-config>, and
 * vendor reads such as Junos' <get-interface-information/>); anything else is refused here,
 * whatever a platform table says.  The protocol adds only <hello> and <close-session>.
 */
#include "config.h"

#ifdef HAVE_LIBSSH

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libssh/libssh.h>

#include "audit/util/xalloc.h"
#include "drivers/collector.h"
#include "drivers/transport/netconf.h"
#include "inventory/inventory.h"
#include "audit/util/banned.h"

/* How long close-session may take before the connection is simply dropped. */
#define FA_NC_CLOSE_TIMEOUT 2.0

struct fa_nc_session {
	ssh_session ssh;
	ssh_channel channel;
	struct fa_netconf_io io;
	struct fa_netconf *nc;
	char where[300];	/* "address:port", for messages */
};

/* Readers check known_hosts together; recording a key (--accept-new) writes it alone. */
static pthread_rwlock_t fa_nc_known_hosts_lock = PTHREAD_RWLOCK_INITIALIZER;

static int fa_nc_ssh_error(struct fa_nc_session *s, int code, const char *what,
			   struct fa_err *err)
{
	const char *msg = ssh_get_error(s->ssh);

	if (msg && (strstr(msg, "imeout") || strstr(msg, "timed out")))
		code = FA_ETIMEOUT;
	return fa_err_set(err, code, "%s %s: %s", what, s->where,
			  msg && *msg ? msg : "no detail from libssh");
}

static int fa_nc_read(void *ctx, char *buf, size_t size, int timeout_ms, struct fa_err *err)
{
	struct fa_nc_session *s = ctx;
	int n;

	if (size > 0x7fffffff)
		size = 0x7fffffff;
	n = ssh_channel_read_timeout(s->channel, buf, (uint32_t)size, 0, timeout_ms);
	if (n == SSH_ERROR)
		return fa_nc_ssh_error(s, FA_EUNREACH, "connection lost to", err);
	if (n == 0 && ssh_channel_is_eof(s->channel))
		return fa_err_set(err, FA_EUNREACH, "the NETCONF server at %s closed the session",
				  s->where);
	return n;
}

static int fa_nc_write(void *ctx, const char *buf, size_t len, struct fa_err *err)
{
	struct fa_nc_session *s = ctx;

	while (len > 0) {
		uint32_t part = len > 0x10000 ? 0x10000 : (uint32_t)len;
		int n = ssh_channel_write(s->channel, buf, part);

		if (n == SSH_ERROR || n <= 0)
			return fa_nc_ssh_error(s, FA_EUNREACH, "cannot write to", err);
		buf += n;
		len -= (size_t)n;
	}
	return 0;
}

static int fa_nc_check_host_key(struct fa_nc_session *s, const struct fa_collect_limits *lim,
				struct fa_err *err)
{
	const char *file = lim->known_hosts ? lim->known_hosts : "~/.ssh/known_hosts";
	enum ssh_known_hosts_e state;
	int r = 0;

	pthread_rwlock_rdlock(&fa_nc_known_hosts_lock);
	state = ssh_session_is_known_server(s->ssh);
	pthread_rwlock_unlock(&fa_nc_known_hosts_lock);
	switch (state) {
	case SSH_KNOWN_HOSTS_OK:
		return 0;
	case SSH_KNOWN_HOSTS_CHANGED:
	case SSH_KNOWN_HOSTS_OTHER:
		return fa_err_set(err, FA_EHOSTKEY_CHANGED,
				  "host key of %s has changed: it is not the key recorded in %s; "
				  "refusing to connect", s->where, file);
	case SSH_KNOWN_HOSTS_UNKNOWN:
	case SSH_KNOWN_HOSTS_NOT_FOUND:
		if (!lim->accept_new)
			return fa_err_set(err, FA_EHOSTKEY,
					  "host key of %s is not in %s; add it, or collect with "
					  "--accept-new to record it", s->where, file);
		pthread_rwlock_wrlock(&fa_nc_known_hosts_lock);
		if (ssh_session_update_known_hosts(s->ssh) != SSH_OK)
			r = fa_err_set(err, FA_EHOSTKEY, "cannot record the host key of %s in %s",
				       s->where, file);
		pthread_rwlock_unlock(&fa_nc_known_hosts_lock);
		return r;
	default:
		return fa_nc_ssh_error(s, FA_EHOSTKEY, "cannot check the host key of", err);
	}
}

static int fa_nc_auth(struct fa_nc_session *s, const struct fa_inv_device *dev,
		      struct fa_err *err)
{
	int rc = SSH_AUTH_DENIED;
	bool tried = false;

	if (dev->identity_file) {
		ssh_key key = NULL;

		tried = true;
		if (ssh_pki_import_privkey_file(dev->identity_file, NULL, NULL, NULL, &key) !=
		    SSH_OK)
			return fa_err_set(err, FA_EAUTH, "identity file %s cannot be read",
					  dev->identity_file);
		rc = ssh_userauth_publickey(s->ssh, NULL, key);
		ssh_key_free(key);
	}
	if (rc != SSH_AUTH_SUCCESS && dev->ssh_agent) {
		tried = true;
		rc = ssh_userauth_agent(s->ssh, NULL);
	}
	if (rc != SSH_AUTH_SUCCESS && dev->password_env) {
		const char *pw = getenv(dev->password_env);

		tried = true;
		if (!pw)
			return fa_err_set(err, FA_EAUTH, "environment variable %s is not set",
					  dev->password_env);
		rc = ssh_userauth_password(s->ssh, NULL, pw);
	}
	if (rc != SSH_AUTH_SUCCESS && !tried)
		rc = ssh_userauth_publickey_auto(s->ssh, NULL, NULL);
	if (rc == SSH_AUTH_SUCCESS)
		return 0;
	if (rc == SSH_AUTH_ERROR)
		return fa_nc_ssh_error(s, FA_EUNREACH, "authentication failed at", err);
	return fa_err_set(err, FA_EAUTH, "authentication refused by %s", s->where);
}

static void fa_nc_free(struct fa_nc_session *s)
{
	if (!s)
		return;
	fa_netconf_close(s->nc, FA_NC_CLOSE_TIMEOUT);
	if (s->channel) {
		ssh_channel_send_eof(s->channel);
		ssh_channel_close(s->channel);
		ssh_channel_free(s->channel);
	}
	if (s->ssh) {
		ssh_disconnect(s->ssh);
		ssh_free(s->ssh);
	}
	free(s);
}

static int fa_nc_open(const struct fa_inv_device *dev, const struct fa_collect_limits *lim,
		      void **ret_session, struct fa_err *err)
{
	struct fa_nc_session *s = fa_xcalloc(1, sizeof(*s));
	double timeout = lim->connect_timeout > 0 ? lim->connect_timeout : 30;
	int port = dev->port > 0 ? dev->port : FA_NETCONF_PORT, nolog = SSH_LOG_NOLOG;
	long sec = (long)timeout, usec = (long)((timeout - (double)sec) * 1e6);
	bool no = false;
	int r;

	snprintf(s->where, sizeof(s->where), "%s:%d", dev->address, port);
	s->ssh = ssh_new();
	if (!s->ssh) {
		r = fa_err_set(err, FA_ENOMEM, "libssh could not create a session");
		goto out;
	}
	ssh_options_set(s->ssh, SSH_OPTIONS_HOST, dev->address);
	if (dev->user)
		ssh_options_set(s->ssh, SSH_OPTIONS_USER, dev->user);
	ssh_options_set(s->ssh, SSH_OPTIONS_PROCESS_CONFIG, &no);
	ssh_options_parse_config(s->ssh, lim->ssh_config);
	/* after the configuration: its UserKnownHostsFile would replace --known-hosts */
	if (lim->known_hosts) {
		ssh_options_set(s->ssh, SSH_OPTIONS_KNOWNHOSTS, lim->known_hosts);
		ssh_options_set(s->ssh, SSH_OPTIONS_GLOBAL_KNOWNHOSTS, "/dev/null");
	}
	ssh_options_set(s->ssh, SSH_OPTIONS_PORT, &port);
	ssh_options_set(s->ssh, SSH_OPTIONS_LOG_VERBOSITY, &nolog);
	ssh_options_set(s->ssh, SSH_OPTIONS_TIMEOUT, &sec);
	ssh_options_set(s->ssh, SSH_OPTIONS_TIMEOUT_USEC, &usec);
	if (ssh_connect(s->ssh) != SSH_OK) {
		r = fa_nc_ssh_error(s, FA_EUNREACH, "cannot connect to", err);
		goto out;
	}
	r = fa_nc_check_host_key(s, lim, err);
	if (r < 0)
		goto out;
	r = fa_nc_auth(s, dev, err);
	if (r < 0)
		goto out;
	s->channel = ssh_channel_new(s->ssh);
	if (!s->channel || ssh_channel_open_session(s->channel) != SSH_OK) {
		r = fa_nc_ssh_error(s, FA_EUNREACH, "cannot open a channel to", err);
		goto out;
	}
	if (ssh_channel_request_subsystem(s->channel, "netconf") != SSH_OK) {
		r = fa_err_set(err, FA_EUNREACH, "%s has no NETCONF subsystem: %s", s->where,
			       ssh_get_error(s->ssh));
		goto out;
	}
	s->io.read = fa_nc_read;
	s->io.write = fa_nc_write;
	s->io.ctx = s;
	r = fa_netconf_start(&s->io, timeout, lim->max_output, &s->nc, err);
	if (r < 0) {
		fa_err_prefix(err, "%s", s->where);
		goto out;
	}
	*ret_session = FA_TAKE_PTR(s);
out:
	fa_nc_free(s);
	return r;
}

/*
 * Only reads may go out: an operation element named "get" or "get-...", never one that
 * edits, locks, commits or copies.
 */
static bool fa_nc_is_read_only(const char *op)
{
	while (*op == ' ' || *op == '\n' || *op == '\t')
		op++;
	if (strncmp(op, "<get", 4) != 0)
		return false;
	op += 4;
	return *op == '>' || *op == ' ' || *op == '/' || *op == '-';
}

static int fa_nc_exec(void *session, const char *command, const struct fa_collect_limits *lim,
		      struct fa_buf *out, int *ret_exit, struct fa_err *err)
{
	struct fa_nc_session *s = session;
	double timeout = lim->command_timeout > 0 ? lim->command_timeout : 30;
	int r;

	if (!fa_nc_is_read_only(command))
		return fa_err_set(err, FA_EINVAL,
				  "refusing to send a NETCONF operation that is not a read "
				  "(<get>, <get-config> or <get-...>)");
	r = fa_netconf_rpc(s->nc, command, timeout, out, err);
	if (r == 0)
		*ret_exit = 0;
	return r;
}

static void fa_nc_close(void *session)
{
	fa_nc_free(session);
}

const struct fa_collector_ops fa_collector_netconf = {
	.name = "netconf",
	.open = fa_nc_open,
	.exec = fa_nc_exec,
	.close = fa_nc_close,
	.format = FA_CAPTURE_XML,
};

#endif /* HAVE_LIBSSH */
