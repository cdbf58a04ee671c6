/* SPDX-License-Identifier: MIT */
/*
 * Secret scrubbing (see scrub.h).  Three scanners, one per kind of output:
 *   - JSON: a tokenizer that knows, for each string, whether it is a key or a value and
 *     under which key it sits.  The value of a secret key (a string, or everything below it
 *     when it is an object or array: NVUE keeps SNMP communities and v3 keys as object keys)
 *     is replaced.  Bytes outside secrets are copied unchanged.
 *   - XML: the text of an element with a secret name, and the <name> of a <community>.
 *   - configuration lines (switch platforms): RANCID/Oxidized-style patterns, each naming
 *     the one word of the line that is the secret.
 * PEM blocks and bearer tokens are removed from every output.
 */
#include "config.h"

#include <ctype.h>
#include <pthread.h>
#include <regex.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "audit/util/xalloc.h"
#include "drivers/scrub.h"
#include "audit/util/banned.h"

#define FA_SCRUB_XML_MARKER "&lt;removed-secret&gt;"

/* Object keys (lowercase, '_' read as '-') whose value is a secret. */
static const char *const fa_secret_keys[] = {
	"api-key", "auth-key", "auth-md5", "auth-password", "auth-sha", "auth-sha224",
	"auth-sha256", "auth-sha384", "auth-sha512", "authentication-key", "bearer", "community",
	"community-name", "encrypt-aes", "encrypt-aes256", "encrypt-des", "encrypted-password",
	"hashed-password", "key", "key-string", "md5-key", "passkey", "passphrase", "passwd",
	"password", "password-hashed", "plaintext-password", "pre-shared-key", "priv-key",
	"priv-password", "private-key", "privkey", "psk", "readonly-community",
	"readonly-community-v6", "readwrite-community", "readwrite-community-v6", "secret",
	"secret-key", "shared-secret", "simple-password", "snmp-community", "token",
};

/* A lowercase word and its length. */
struct fa_word {
	const char *w;
	size_t n;
};

#define FA_WORD(s) { s, sizeof(s) - 1 }

/* Suffixes that make a key secret: "snmp-user-auth-password", "tacacs-secret". */
static const struct fa_word fa_secret_suffixes[] = {
	FA_WORD("-password"), FA_WORD("-passwd"), FA_WORD("-passkey"), FA_WORD("-secret"),
	FA_WORD("-token"), FA_WORD("-private-key"), FA_WORD("-community"),
};

/* The keys in an open-addressing table of their FNV-1a hashes, filled at first use. */
#define FA_SECRET_SLOTS 128
static const char *fa_secret_slot_key[FA_SECRET_SLOTS];
static uint32_t fa_secret_slot_hash[FA_SECRET_SLOTS];

#define FA_FNV_BASIS 2166136261u
#define FA_FNV_PRIME 16777619u

static void fa_secret_keys_index(void)
{
	size_t i, slot;

	for (i = 0; i < sizeof(fa_secret_keys) / sizeof(fa_secret_keys[0]); i++) {
		uint32_t h = FA_FNV_BASIS;
		const char *p;

		for (p = fa_secret_keys[i]; *p; p++)
			h = (h ^ (unsigned char)*p) * FA_FNV_PRIME;
		for (slot = h % FA_SECRET_SLOTS; fa_secret_slot_key[slot];)
			slot = (slot + 1) % FA_SECRET_SLOTS;
		fa_secret_slot_key[slot] = fa_secret_keys[i];
		fa_secret_slot_hash[slot] = h;
	}
}

/* Called for every key of every JSON output: one hash lookup, suffixes only past a dash. */
static bool fa_is_secret_key(const char *s, size_t len)
{
	static pthread_once_t indexed = PTHREAD_ONCE_INIT;
	char k[64];
	size_t i, n, slot;
	uint32_t h = FA_FNV_BASIS;
	bool dash = false;

	if (len == 0 || len >= sizeof(k))
		return false;
	for (i = 0; i < len; i++) {
		char c = s[i];

		k[i] = c == '_' ? '-' : c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
		dash |= k[i] == '-';
		h = (h ^ (unsigned char)k[i]) * FA_FNV_PRIME;
	}
	k[len] = '\0';
	pthread_once(&indexed, fa_secret_keys_index);
	for (slot = h % FA_SECRET_SLOTS; fa_secret_slot_key[slot];
	     slot = (slot + 1) % FA_SECRET_SLOTS)
		if (fa_secret_slot_hash[slot] == h && strcmp(k, fa_secret_slot_key[slot]) == 0)
			return true;
	for (i = 0; dash && i < sizeof(fa_secret_suffixes) / sizeof(fa_secret_suffixes[0]); i++) {
		n = fa_secret_suffixes[i].n;
		if (len > n && memcmp(k + len - n, fa_secret_suffixes[i].w, n) == 0)
			return true;
	}
	return false;
}

/*
 * Words that follow a secret keyword as options, not values: NX-OS "password
 * strength-check", "username u passphrase lifetime 99999".
 */
static bool fa_is_option_word(const char *s, size_t len)
{
	static const char *const words[] = { "strength-check", "lifetime", "warntime",
					     "gracetime", "min-length", "max-length" };
	size_t i;

	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (len == strlen(words[i]) && strncasecmp(s, words[i], len) == 0)
			return true;
	return false;
}

static bool fa_is_marker(const char *s, size_t len)
{
	return len >= 15 && memcmp(s, "<removed-secret", 15) == 0;
}

/* ---- JSON ------------------------------------------------------------------------------ */

#define FA_SCRUB_JSON_DEPTH 256

struct fa_json_frame {
	bool object;
	bool want_key;		/* in an object: the next string is a key */
	bool secret;		/* everything below is secret */
	bool next_secret;	/* the value after the last key is secret */
	size_t keys;		/* keys replaced in this object, to number them */
};

/* The end of the JSON string that opens at @s[0] == '"' (index past the closing quote). */
static size_t fa_json_string_end(const char *s, size_t len)
{
	size_t i = 1;
	const char *q;

	/* the next quote not escaped: an odd run of backslashes before it escapes it */
	while (i < len && (q = memchr(s + i, '"', len - i))) {
		size_t at = (size_t)(q - s), b = 0;

		while (at - b > 1 && s[at - b - 1] == '\\')
			b++;
		if (b % 2 == 0)
			return at + 1;
		i = at + 1;
	}
	return len;
}

static size_t fa_scrub_json(struct fa_buf *b)
{
	struct fa_json_frame st[FA_SCRUB_JSON_DEPTH];
	struct fa_buf out = FA_BUF_INIT;
	const char *s = b->buf;
	size_t len = b->len, i = 0, done = 0, n = 0;
	int top = -1;

	while (i < len) {
		char c = s[i];
		struct fa_json_frame *f = top >= 0 ? &st[top] : NULL;
		bool secret = f && (f->secret || (!f->want_key && f->next_secret));

		if (c == '"') {
			size_t end = fa_json_string_end(s + i, len - i) + i;
			bool key = f && f->object && f->want_key;
			const char *v = s + i + 1;
			size_t vlen = end - i >= 2 ? end - i - 2 : 0;

			if (key && !f->secret) {
				f->next_secret = fa_is_secret_key(v, vlen);
			} else if ((key || secret) && !fa_is_marker(v, vlen)) {
				fa_buf_add(&out, s + done, i - done);
				if (key)
					fa_buf_addf(&out, "\"<removed-secret-%zu>\"", ++f->keys);
				else
					fa_buf_adds(&out, "\"" FA_SCRUB_MARKER "\"");
				done = end;
				n++;
			}
			i = end;
			continue;
		}
		switch (c) {
		case '{':
		case '[':
			if (top + 1 < FA_SCRUB_JSON_DEPTH) {
				top++;
				st[top].object = c == '{';
				st[top].want_key = c == '{';
				st[top].secret = secret;
				st[top].next_secret = false;
				st[top].keys = 0;
			}
			break;
		case '}':
		case ']':
			if (top >= 0)
				top--;
			break;
		case ':':
			if (f && f->object)
				f->want_key = false;
			break;
		case ',':
			if (f && f->object) {
				f->want_key = true;
				f->next_secret = false;
			}
			break;
		default:
			break;
		}
		i++;
	}
	if (n) {
		fa_buf_add(&out, s + done, len - done);
		fa_buf_release(b);
		*b = out;
	} else {
		fa_buf_release(&out);
	}
	return n;
}

/* ---- XML ------------------------------------------------------------------------------- */

/* The local name (no prefix) of the tag at @s[0] == '<' into @name; false for other markup. */
static bool fa_xml_tag(const char *s, size_t len, bool *ret_close, char *name, size_t size)
{
	size_t i = 1, start, n;
	const char *colon;

	*ret_close = i < len && s[i] == '/';
	if (*ret_close)
		i++;
	start = i;
	while (i < len && !isspace((unsigned char)s[i]) && s[i] != '>' && s[i] != '/')
		i++;
	n = i - start;
	if (n == 0 || n >= size || s[start] == '!' || s[start] == '?')
		return false;
	memcpy(name, s + start, n);
	name[n] = '\0';
	colon = strrchr(name, ':');
	if (colon)
		memmove(name, colon + 1, strlen(colon + 1) + 1);
	return true;
}

static size_t fa_scrub_xml(struct fa_buf *b)
{
	struct fa_buf out = FA_BUF_INIT;
	const char *s = b->buf;
	size_t len = b->len, i = 0, done = 0, n = 0;
	bool in_secret = false, community = false;

	while (i < len) {
		const char *gt;
		char name[64];
		bool close;

		if (s[i] != '<') {
			const char *lt = memchr(s + i, '<', len - i);
			size_t end = lt ? (size_t)(lt - s) : len;

			if (in_secret && end > i &&
			    !(end - i >= 20 && memcmp(s + i, FA_SCRUB_XML_MARKER, 20) == 0)) {
				fa_buf_add(&out, s + done, i - done);
				fa_buf_adds(&out, FA_SCRUB_XML_MARKER);
				done = end;
				n++;
			}
			i = end;
			continue;
		}
		gt = memchr(s + i, '>', len - i);
		if (!gt)
			break;
		if (fa_xml_tag(s + i, len - i, &close, name, sizeof(name))) {
			/* only an opening tag's name decides: a closing one ends any secret */
			if (!close && gt[-1] != '/') {
				in_secret = fa_is_secret_key(name, strlen(name)) ||
					    (community && strcmp(name, "name") == 0);
				if (strcmp(name, "community") == 0)
					community = true;
			} else {
				in_secret = false;
				if (close && (strcmp(name, "name") == 0 ||
					      strcmp(name, "community") == 0))
					community = false;
			}
		}
		i = (size_t)(gt - s) + 1;
	}
	if (n) {
		fa_buf_add(&out, s + done, len - done);
		fa_buf_release(b);
		*b = out;
	} else {
		fa_buf_release(&out);
	}
	return n;
}

/* ---- configuration lines ------------------------------------------------------------------ */

struct fa_line_rule {
	const char *pattern;	/* POSIX ERE, case-insensitive, matched on one line */
	int secret;		/* the subexpression that is the secret */
	const char *line_has;	/* NULL, or words the line must hold for the rule to apply */
};

/*
 * RANCID's and Oxidized's patterns for IOS-like configurations (EOS, NX-OS, Onyx, SONiC's
 * FRR), one word each; the optional words before a value are encryption types (7, 5,
 * sha512), key ids and algorithms.
 */
static const struct fa_line_rule fa_line_rules[] = {
	/* username ... secret sha512 $6$..., enable secret 5 ..., neighbor X password 7 ... */
	{ "(^|[[:space:]])(password|passwd|secret|passphrase)[[:space:]]+"
	  "(([0-9]|sha512|sha256|md5|encrypted|cleartext|plaintext|hashed)[[:space:]]+)?"
	  "\"?([^\"[:space:]]+)", 5, NULL },
	/* tacacs-server key 7 ..., radius-server host X key ... */
	{ "(tacacs|radius)[^[:space:]]*[[:space:]].*[[:space:]]key[[:space:]]+([0-9][[:space:]]+)?"
	  "\"?([^\"[:space:]]+)", 3, NULL },
	{ "^[[:space:]]*(tacacs|radius)[^[:space:]]*[[:space:]]+key[[:space:]]+"
	  "([0-9][[:space:]]+)?\"?([^\"[:space:]]+)", 3, NULL },
	/* key-string 7 ..., ip ospf message-digest-key 1 md5 7 ..., ntp authentication-key 1 md5 X */
	{ "(^|[[:space:]])(key-string|authentication-key|auth-key|md5-key|message-digest-key)"
	  "[[:space:]]+([0-9]+[[:space:]]+)?((md5|sha1|sha256|hmac-sha-256|cleartext|encrypted|"
	  "text)[[:space:]]+)?([0-9][[:space:]]+)?\"?([^\"[:space:]]+)", 7, NULL },
	/* snmp-server community public ro */
	{ "snmp-server[[:space:]]+community[[:space:]]+([^[:space:]]+)", 1, NULL },
	/* snmp-server host 10.0.0.1 traps version 2c public */
	{ "snmp-server[[:space:]]+host[[:space:]].*version[[:space:]]+(1|2c)[[:space:]]+"
	  "([^[:space:]]+)", 2, NULL },
	/* snmp-server user u g v3 auth sha KEY priv aes KEY (both, one per match) */
	{ "[[:space:]](auth|priv)[[:space:]]+"
	  "((md5|sha|sha-?[0-9]+|des|3des|aes|aes-?[0-9]+)[[:space:]]+)?([^[:space:]]+)", 4,
	  "snmp-server user" },
};

#define FA_LINE_RULES (sizeof(fa_line_rules) / sizeof(fa_line_rules[0]))

/* Words that must be on a line for any rule to apply: most lines are skipped at once. */
static const struct fa_word fa_line_words[] = {
	FA_WORD("pass"), FA_WORD("secret"), FA_WORD("key"), FA_WORD("community"),
	FA_WORD("auth"), FA_WORD("priv"), FA_WORD("snmp"),
};

static regex_t fa_line_re[FA_LINE_RULES];
static regex_t fa_bearer_re;
static pthread_once_t fa_scrub_once = PTHREAD_ONCE_INIT;
static bool fa_scrub_ready;

static void fa_scrub_compile(void)
{
	size_t i;

	for (i = 0; i < FA_LINE_RULES; i++)
		if (regcomp(&fa_line_re[i], fa_line_rules[i].pattern, REG_EXTENDED | REG_ICASE))
			abort();
	if (regcomp(&fa_bearer_re, "bearer[[:space:]:]+([A-Za-z0-9._~+/=-]+)",
		    REG_EXTENDED | REG_ICASE))
		abort();
	fa_scrub_ready = true;
}

/* Whether the @len bytes at @s hold one of @words (lowercase), in any case.  Every byte of
 * every line of a configuration passes here: letters only, no call but for a first letter. */
static bool fa_line_has_word(const char *s, size_t len, const struct fa_word *words,
			     size_t nwords)
{
	size_t i, w;

	for (i = 0; i < len; i++) {
		/* ASCII: a letter with 0x20 set is its lowercase; no other byte becomes one */
		char c = (char)((unsigned char)s[i] | 0x20);

		if (c < 'a' || c > 'z')
			continue;
		for (w = 0; w < nwords; w++)
			if (c == words[w].w[0] && len - i >= words[w].n &&
			    strncasecmp(s + i, words[w].w, words[w].n) == 0)
				return true;
	}
	return false;
}

static bool fa_line_may_hold(const char *line, size_t len)
{
	return fa_line_has_word(line, len, fa_line_words,
				sizeof(fa_line_words) / sizeof(fa_line_words[0]));
}

/*
 * Whether @len bytes at @s hold the lowercase @w (@n bytes) in any case: memchr finds each
 * place its first letter is, in either case, and only those are compared.
 */
static bool fa_text_has_word(const char *s, size_t len, const char *w, size_t n)
{
	const char *end = s + len, *lo = s, *up = s, *p;

	for (;;) {
		if (lo && lo < end && (*lo != w[0]))
			lo = memchr(lo, w[0], (size_t)(end - lo));
		if (up && up < end && (*up != (char)(w[0] - 'a' + 'A')))
			up = memchr(up, w[0] - 'a' + 'A', (size_t)(end - up));
		if (lo && lo >= end)
			lo = NULL;
		if (up && up >= end)
			up = NULL;
		if (!lo && !up)
			return false;
		p = !up || (lo && lo < up) ? lo : up;
		if ((size_t)(end - p) >= n && strncasecmp(p, w, n) == 0)
			return true;
		if (p == lo)
			lo++;
		else
			up++;
	}
}

static bool fa_may_hold_bearer(const char *text, size_t len)
{
	return fa_text_has_word(text, len, "bearer", 6);
}

/*
 * Replace in @line every match of @re's subexpression @sub by @marker, scanning on after
 * each one; the result is appended to @out.  Returns the count.
 */
static size_t fa_replace_all(const regex_t *re, int sub, const char *line, const char *marker,
			     struct fa_buf *out)
{
	regmatch_t m[8];
	const char *p = line;
	size_t n = 0;
	int flags = 0;

	while (*p && regexec(re, p, 8, m, flags) == 0 && m[sub].rm_so >= 0) {
		const char *v = p + m[sub].rm_so;
		size_t vlen = (size_t)(m[sub].rm_eo - m[sub].rm_so);

		fa_buf_add(out, p, (size_t)m[sub].rm_so);
		if (fa_is_marker(v, vlen) || fa_is_option_word(v, vlen)) {
			fa_buf_add(out, v, vlen);
		} else {
			fa_buf_adds(out, marker);
			n++;
		}
		p = v + vlen;
		flags = REG_NOTBOL;
		if (vlen == 0 && *p)
			fa_buf_add(out, p++, 1);
	}
	fa_buf_adds(out, p);
	return n;
}

/*
 * Apply @rules (or only the bearer pattern) to each line of @b.  Lines that hold none of the
 * words a rule needs (nearly all of them) are neither copied nor matched, and @b is rebuilt
 * only when a line changed.
 */
static size_t fa_scrub_lines(struct fa_buf *b, bool config, const char *marker)
{
	struct fa_buf out = FA_BUF_INIT, tmp = FA_BUF_INIT, line = FA_BUF_INIT;
	const char *s = b->buf, *end = b->buf + b->len, *done = b->buf;
	size_t n = 0, i;

	/* not configuration: only a bearer token is looked for, once over the whole text */
	if (!config && !fa_may_hold_bearer(b->buf, b->len))
		return 0;
	while (s < end) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		size_t l = nl ? (size_t)(nl - s) : (size_t)(end - s), before = n;
		bool words = config && fa_line_may_hold(s, l);

		/* a NUL would end the line early for regexec: such lines are left as they are */
		if ((!words && !fa_may_hold_bearer(s, l)) || memchr(s, '\0', l)) {
			s += l + (nl ? 1 : 0);
			continue;
		}
		fa_buf_reset(&line);
		fa_buf_add(&line, s, l);
		for (i = 0; words && i < FA_LINE_RULES; i++) {
			if (fa_line_rules[i].line_has &&
			    !strcasestr(line.buf, fa_line_rules[i].line_has))
				continue;
			fa_buf_reset(&tmp);
			n += fa_replace_all(&fa_line_re[i], fa_line_rules[i].secret, line.buf,
					    marker, &tmp);
			fa_buf_reset(&line);
			fa_buf_add(&line, tmp.buf, tmp.len);
		}
		if (strcasestr(line.buf, "bearer")) {
			fa_buf_reset(&tmp);
			n += fa_replace_all(&fa_bearer_re, 1, line.buf, marker, &tmp);
			fa_buf_reset(&line);
			fa_buf_add(&line, tmp.buf, tmp.len);
		}
		if (n != before) {
			fa_buf_add(&out, done, (size_t)(s - done));
			fa_buf_add(&out, line.buf, line.len);
			done = s + l;
		}
		s += l + (nl ? 1 : 0);
	}
	fa_buf_release(&tmp);
	fa_buf_release(&line);
	if (n) {
		fa_buf_add(&out, done, (size_t)(end - done));
		fa_buf_release(b);
		*b = out;
	} else {
		fa_buf_release(&out);
	}
	return n;
}

/* ---- PEM blocks ------------------------------------------------------------------------- */

/* Replace what is between "-----BEGIN X-----" and "-----END" by @marker. */
static size_t fa_scrub_pem(struct fa_buf *b, const char *marker)
{
	struct fa_buf out = FA_BUF_INIT;
	const char *s = b->buf, *end = b->buf + b->len, *p = s, *done = s;
	size_t n = 0;

	while ((p = memmem(p, (size_t)(end - p), "-----BEGIN ", 11)) != NULL) {
		const char *body = memmem(p + 11, (size_t)(end - p - 11), "-----", 5);
		const char *stop = body ? memmem(body + 5, (size_t)(end - body - 5), "-----END ", 9)
					: NULL;

		if (!stop)
			break;
		body += 5;
		if (!((size_t)(stop - body) == strlen(marker) &&
		      memcmp(body, marker, strlen(marker)) == 0)) {
			fa_buf_add(&out, done, (size_t)(body - done));
			fa_buf_adds(&out, marker);
			done = stop;
			n++;
		}
		p = stop + 9;
	}
	if (n) {
		fa_buf_add(&out, done, (size_t)(end - done));
		fa_buf_release(b);
		*b = out;
	} else {
		fa_buf_release(&out);
	}
	return n;
}

/* ---- dispatch --------------------------------------------------------------------------- */

/* Platforms whose outputs include a device configuration as text lines. */
static bool fa_platform_has_config_text(const char *platform)
{
	static const char *const names[] = { "cumulus", "eos", "junos", "nxos", "onyx",
					     "openconfig", "sonic" };
	size_t i;

	for (i = 0; platform && i < sizeof(names) / sizeof(names[0]); i++)
		if (strcmp(platform, names[i]) == 0)
			return true;
	return false;
}

size_t fa_scrub(const char *platform, struct fa_buf *b)
{
	size_t i = 0, n = 0;
	bool xml, json;

	pthread_once(&fa_scrub_once, fa_scrub_compile);
	if (!fa_scrub_ready)
		return 0;
	while (i < b->len && isspace((unsigned char)b->buf[i]))
		i++;
	xml = i < b->len && b->buf[i] == '<';
	n += fa_scrub_pem(b, xml ? FA_SCRUB_XML_MARKER : FA_SCRUB_MARKER);
	json = i < b->len && (b->buf[i] == '{' || b->buf[i] == '[');
	if (json)
		n += fa_scrub_json(b);
	else if (xml)
		n += fa_scrub_xml(b);
	/* configuration lines are text; in JSON and XML the key and element names tell */
	n += fa_scrub_lines(b, fa_platform_has_config_text(platform) && !xml && !json,
			    xml ? FA_SCRUB_XML_MARKER : FA_SCRUB_MARKER);
	return n;
}
