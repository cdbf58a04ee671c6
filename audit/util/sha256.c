/* SPDX-License-Identifier: MIT */
/*
 * SHA-256 as FIPS 180-4 describes it: 64-byte blocks, eight 32-bit words of state, the
 * message padded with 0x80, zeros and its length in bits (big-endian).
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "audit/util/sha256.h"
#include "audit/util/banned.h"

static const uint32_t fa_sha256_k[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
	0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
	0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
	0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
	0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
	0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
	0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
	0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
	0xc67178f2,
};

static uint32_t fa_ror(uint32_t x, unsigned n)
{
	return (x >> n) | (x << (32 - n));
}

static void fa_sha256_block(struct fa_sha256 *s, const unsigned char *p)
{
	uint32_t w[64], a, b, c, d, e, f, g, h, t1, t2;
	size_t i;

	for (i = 0; i < 16; i++)
		w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
		       (uint32_t)p[4 * i + 2] << 8 | (uint32_t)p[4 * i + 3];
	for (i = 16; i < 64; i++)
		w[i] = (fa_ror(w[i - 2], 17) ^ fa_ror(w[i - 2], 19) ^ (w[i - 2] >> 10)) + w[i - 7] +
		       (fa_ror(w[i - 15], 7) ^ fa_ror(w[i - 15], 18) ^ (w[i - 15] >> 3)) + w[i - 16];
	a = s->h[0], b = s->h[1], c = s->h[2], d = s->h[3];
	e = s->h[4], f = s->h[5], g = s->h[6], h = s->h[7];
	for (i = 0; i < 64; i++) {
		t1 = h + (fa_ror(e, 6) ^ fa_ror(e, 11) ^ fa_ror(e, 25)) + ((e & f) ^ (~e & g)) +
		     fa_sha256_k[i] + w[i];
		t2 = (fa_ror(a, 2) ^ fa_ror(a, 13) ^ fa_ror(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
		h = g, g = f, f = e, e = d + t1;
		d = c, c = b, b = a, a = t1 + t2;
	}
	s->h[0] += a, s->h[1] += b, s->h[2] += c, s->h[3] += d;
	s->h[4] += e, s->h[5] += f, s->h[6] += g, s->h[7] += h;
}

void fa_sha256_init(struct fa_sha256 *s)
{
	static const uint32_t iv[8] = {
		0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
		0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
	};

	memcpy(s->h, iv, sizeof(iv));
	s->len = 0;
	s->used = 0;
}

void fa_sha256_update(struct fa_sha256 *s, const void *data, size_t len)
{
	const unsigned char *p = data;
	size_t take;

	s->len += len;
	while (len > 0) {
		take = 64 - s->used < len ? 64 - s->used : len;
		memcpy(s->block + s->used, p, take);
		s->used += take;
		p += take;
		len -= take;
		if (s->used == 64) {
			fa_sha256_block(s, s->block);
			s->used = 0;
		}
	}
}

void fa_sha256_hex(struct fa_sha256 *s, char hex[FA_SHA256_HEX_LEN + 1])
{
	static const char digits[] = "0123456789abcdef";
	uint64_t bits = s->len * 8;
	unsigned char pad[72] = { 0x80 };
	size_t npad = (s->used < 56 ? 56 : 120) - s->used, i;

	for (i = 0; i < 8; i++)
		pad[npad + i] = (unsigned char)(bits >> (56 - 8 * i));
	fa_sha256_update(s, pad, npad + 8);
	for (i = 0; i < 32; i++) {
		unsigned char byte = (unsigned char)(s->h[i / 4] >> (24 - 8 * (i % 4)));

		hex[2 * i] = digits[byte >> 4];
		hex[2 * i + 1] = digits[byte & 15];
	}
	hex[FA_SHA256_HEX_LEN] = '\0';
}

void fa_sha256_buf(const void *data, size_t len, char hex[FA_SHA256_HEX_LEN + 1])
{
	struct fa_sha256 s;

	fa_sha256_init(&s);
	fa_sha256_update(&s, data, len);
	fa_sha256_hex(&s, hex);
}

int fa_sha256_file(const char *path, char hex[FA_SHA256_HEX_LEN + 1], struct fa_err *err)
{
	unsigned char chunk[16384];
	struct fa_sha256 s;
	FILE *f = fopen(path, "rb");
	size_t n;
	int bad;

	if (!f)
		return fa_err_set(err, errno == ENOENT ? FA_ENOENT : FA_EIO, "%s: %s", path,
				  strerror(errno));
	fa_sha256_init(&s);
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		fa_sha256_update(&s, chunk, n);
	bad = ferror(f);
	fclose(f);
	if (bad)
		return fa_err_set(err, FA_EIO, "%s: read error", path);
	fa_sha256_hex(&s, hex);
	return 0;
}
