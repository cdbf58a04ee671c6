/* SPDX-License-Identifier: MIT */
/*
 * A known_hosts file read once and looked up by host name.
 *
 * libssh reads the whole known_hosts file twice for every connection (to choose host key
 * algorithms, then to check the key), so with one line per device, collecting N devices
 * matched N x N lines: 2,500 devices against the 20,000 lines of a 10,000-switch fabric took
 * 2.5 times the CPU of the same devices against their own 5,000.  This index reads the file
 * once and gives libssh, per device, a file in memory holding only the lines that can concern
 * that device: the lines that name it (its address, or "[address]:port", compared without
 * regard to case) and every line whose names it cannot read (hashed with HashKnownHosts,
 * patterns with '*', '?' or '!', @cert-authority and @revoked lines).  libssh decides from
 * those lines exactly as from the whole file, since no other line can match that host.
 */
#ifndef FA_TRANSPORT_KNOWNHOSTS_H
#define FA_TRANSPORT_KNOWNHOSTS_H

#include <stddef.h>

struct fa_known_hosts;

/* Index the file @path; NULL when it cannot be read (libssh then reads the file itself). */
struct fa_known_hosts *fa_known_hosts_load(const char *path);
void fa_known_hosts_free(struct fa_known_hosts *kh);

/* The file the index was read from (borrowed). */
const char *fa_known_hosts_path(const struct fa_known_hosts *kh);

/*
 * A file in memory with the lines of @kh that can concern @host on @port, in file order.
 * Returns its descriptor (close it once libssh has read it) and its name in @path
 * ("/proc/self/fd/N"), or -1 when none could be made.
 */
int fa_known_hosts_subset(const struct fa_known_hosts *kh, const char *host, unsigned port,
			  char *path, size_t size);

/* Index one more line (a key recorded while collecting). */
void fa_known_hosts_add(struct fa_known_hosts *kh, const char *line);

#endif /* FA_TRANSPORT_KNOWNHOSTS_H */
