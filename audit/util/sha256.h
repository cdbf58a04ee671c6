/* SPDX-License-Identifier: MIT */
/*
 * SHA-256 (FIPS 180-4), for the digests of the rule packs a report names: enough to tell
 * whether two runs used the same rules, with no crypto library linked for it.
 */
#ifndef FA_UTIL_SHA256_H
#define FA_UTIL_SHA256_H

#include <stddef.h>
#include <stdint.h>

#include "audit/util/err.h"

#define FA_SHA256_HEX_LEN 64

struct fa_sha256 {
	uint32_t h[8];
	uint64_t len;		/* bytes hashed so far */
	unsigned char block[64];
	size_t used;		/* bytes waiting in block */
};

void fa_sha256_init(struct fa_sha256 *s);
void fa_sha256_update(struct fa_sha256 *s, const void *data, size_t len);
/* Finish and write the digest as 64 lowercase hex digits and a NUL into @hex. */
void fa_sha256_hex(struct fa_sha256 *s, char hex[FA_SHA256_HEX_LEN + 1]);

/* The digest of @len bytes at @data, as hex into @hex. */
void fa_sha256_buf(const void *data, size_t len, char hex[FA_SHA256_HEX_LEN + 1]);

/* The digest of the file @path, as hex into @hex.  -FA_ENOENT, -FA_EIO with @err filled. */
int fa_sha256_file(const char *path, char hex[FA_SHA256_HEX_LEN + 1], struct fa_err *err);

#endif /* FA_UTIL_SHA256_H */
