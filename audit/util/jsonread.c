/* SPDX-License-Identifier: MIT */
/*
 * Streaming, value-interning JSON reader (see jsonread.h).
 *
 * A recursive-descent parser over a window of the input: a file is read(2) a chunk at a time
 * and what is left of the window is moved to its start before the next read, so a token can
 * fall across chunks.  Strings and numbers are decoded into a scratch buffer as they are
 * scanned, so only the few bytes of an escape or a UTF-8 sequence ever need to be whole in
 * the window.
 *
 * Interning is bottom-up: the children of an array or object wait on a scratch stack (with
 * their keys in a byte stack) until it closes.  Children are interned first, so two
 * containers are equal exactly when their keys are equal and their children are the same
 * pointers: the pool hashes that sequence, and a hit reuses the pooled container without
 * building anything or comparing deeply.  The pool holds one reference to each value in it
 * for the length of the read; interned values on the scratch stack are borrowed from it, so
 * sharing a value costs no reference-count traffic until a new container takes it.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "audit/util/jsonread.h"
#include "audit/util/xalloc.h"
#include "audit/util/banned.h"

#define FA_JR_CHUNK_DEFAULT ((size_t)1 << 20)
/*
 * Room kept beyond a chunk (and beyond a kept text, fa_jr_text_find): the longest run that
 * must be whole otherwise, a surrogate pair escape.
 */
#define FA_JR_LOOKAHEAD 16
/* Integers 0 ... FA_JR_SMALL_INTS - 1 (DSCP maps, priorities, port numbers) skip the pool. */
#define FA_JR_SMALL_INTS 1024
/*
 * The text cache (fa_jr_text_find): containers whose text is FA_JR_TEXT_MIN ...
 * FA_JR_TEXT_MAX bytes, keyed by their first FA_JR_TEXT_KEY bytes, at most FA_JR_TEXT_SAME
 * texts per key and FA_JR_TEXT_BUDGET bytes in all.
 */
#define FA_JR_TEXT_KEY 32
#define FA_JR_TEXT_MIN FA_JR_TEXT_KEY
#define FA_JR_TEXT_MAX 4096
#define FA_JR_TEXT_SAME 16
#define FA_JR_TEXT_BUDGET ((size_t)32 << 20)

static size_t fa_jr_chunk = FA_JR_CHUNK_DEFAULT;

size_t fa_json_read_set_chunk(size_t size)
{
	size_t old = fa_jr_chunk;

	fa_jr_chunk = size ? size : FA_JR_CHUNK_DEFAULT;
	return old;
}

/*
 * What a value is, for interning: built fresh (unshared) or interned, and for the fresh parts
 * of a snapshot where in the snapshot it is, which decides what its children are.
 */
enum fa_jr_role {
	FA_JR_FRESH,		/* no interning at all: this and everything below is new */
	FA_JR_INTERN,		/* interned, and so is everything below */
	FA_JR_ROOT,		/* FA_JSON_INTERN's root: new, children interned */
	FA_JR_SNAP_ROOT,	/* the snapshot shape (fa_jr_snapshot_child) */
	FA_JR_SNAP_DEVICES,
	FA_JR_SNAP_DEVICE,
	FA_JR_SNAP_PORTS,
	FA_JR_SNAP_LINKS,
	FA_JR_SNAP_LINK,
	FA_JR_SNAP_LEAF,	/* a port or a link end: new, children interned */
};

struct fa_jr_item {
	json_t *v;
	bool owned;		/* a reference of ours; else borrowed from the pool */
	int kline;		/* where the key is, for a duplicate-key error */
	uint64_t kpos;
	size_t koff;		/* the key in fa_jr.keys (objects only) */
	size_t klen;
};

struct fa_jr_slot {
	uint64_t hash;
	json_t *v;
};

/* A container's text seen twice, and the pooled value it reads as. */
struct fa_jr_text {
	uint64_t hash;		/* of its first FA_JR_TEXT_KEY bytes */
	size_t len;
	char *text;
	json_t *v;		/* borrowed from the pool */
};

struct fa_jr_bytes {
	char *b;
	size_t len, alloc;
};

struct fa_jr {
	const char *name;
	int fd;				/* -1: the whole input is in the window */
	bool eof;
	const unsigned char *buf;	/* the window: buf <= p <= end */
	const unsigned char *p, *end;
	unsigned char *own;		/* the chunk buffer of a file */
	size_t own_size, chunk;
	uint64_t base;			/* offset in the input of buf[0] */
	int line;			/* 1-based line of p */
	uint64_t line_start;		/* offset of that line's first byte */
	struct fa_err *err;
	int code;			/* first error, 0 while none */

	struct fa_jr_item *items;	/* children of the open containers: first in @inline_items */
	size_t nitems, aitems;
	/*
	 * A parser reads one small document per interface: a heap array for each, over 1 KiB,
	 * made malloc consolidate its free lists once per document.
	 */
	struct fa_jr_item inline_items[64];
	struct fa_jr_bytes keys;	/* their keys */
	struct fa_jr_bytes str;		/* the string or number being scanned */
	size_t tok;			/* where the token being scanned starts in its bytes */

	bool intern;
	struct fa_jr_slot *slots;	/* the pool: open addressing, linear probing */
	size_t mask, used;
	json_t **small;			/* FA_JR_SMALL_INTS integers, made at first use */
	bool pool_hit;			/* the last container closed was already pooled */

	struct fa_jr_text *texts;	/* the text cache: open addressing, linear probing */
	size_t tmask, tused, tbytes;
};

static uint64_t fa_jr_offset(const struct fa_jr *r, const unsigned char *at)
{
	return r->base + (uint64_t)(at - r->buf);
}

static int fa_jr_column(const struct fa_jr *r, uint64_t off)
{
	uint64_t c = off - r->line_start + 1;

	return c > INT32_MAX ? INT32_MAX : (int)c;
}

/* Record the first error only: a read error is not hidden by the parse error it causes. */
static void fa_jr_fail_at(struct fa_jr *r, int line, uint64_t off, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void fa_jr_fail_at(struct fa_jr *r, int line, uint64_t off, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	if (r->code)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	r->code = fa_err_at(r->err, FA_EPARSE, r->name, line, fa_jr_column(r, off), "%s", msg);
}

#define fa_jr_fail(r, at, ...) fa_jr_fail_at((r), (r)->line, fa_jr_offset((r), (at)), __VA_ARGS__)

static void fa_jr_nomem(struct fa_jr *r)
{
	if (!r->code)
		r->code = fa_err_set(r->err, FA_ENOMEM, "%s: out of memory building JSON values",
				     r->name);
}

/*
 * Make at least @need bytes available at p, reading more of the file; what is left of the
 * window moves to the start of the chunk buffer first.  Returns the bytes available (fewer
 * than @need only at the end of the input or after a read error).
 */
static size_t fa_jr_fill(struct fa_jr *r, size_t need)
{
	size_t have = (size_t)(r->end - r->p);

	if (r->eof || r->fd < 0)
		return have;
	if (r->p != r->own) {
		memmove(r->own, r->p, have);
		r->base += (uint64_t)(r->p - r->buf);
		r->buf = r->p = r->own;
		r->end = r->own + have;
	}
	while (have < need && !r->eof) {
		size_t room = r->own_size - have;
		ssize_t n = read(r->fd, r->own + have, room < r->chunk ? room : r->chunk);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			if (!r->code)
				r->code = fa_err_at(r->err, FA_EIO, r->name, 0, 0, "%s",
						    strerror(errno));
			r->eof = true;
			break;
		}
		if (n == 0)
			r->eof = true;
		have += (size_t)n;
		r->end = r->own + have;
	}
	return have;
}

static inline size_t fa_jr_avail(struct fa_jr *r, size_t need)
{
	size_t have = (size_t)(r->end - r->p);

	return have >= need ? have : fa_jr_fill(r, need);
}

static int fa_jr_peek_slow(struct fa_jr *r)
{
	for (;;) {
		while (r->p < r->end) {
			unsigned char c = *r->p;

			if (c == ' ' || c == '\t' || c == '\r') {
				r->p++;
			} else if (c == '\n') {
				r->p++;
				r->line++;
				r->line_start = fa_jr_offset(r, r->p);
			} else {
				return c;
			}
		}
		if (!fa_jr_fill(r, 1))
			return -1;
	}
}

/* The next byte that is not white space (p is left on it), or -1 at the end of the input. */
static inline int fa_jr_peek(struct fa_jr *r)
{
	if (r->p < r->end && *r->p > ' ')
		return *r->p;
	return fa_jr_peek_slow(r);
}

static void fa_jr_unexpected(struct fa_jr *r, const char *expected)
{
	int c = fa_jr_peek(r);

	if (c < 0)
		fa_jr_fail(r, r->p, "unexpected end of input (truncated?): expected %s", expected);
	else if (c >= 0x20 && c < 0x7f)
		fa_jr_fail(r, r->p, "unexpected '%c': expected %s", c, expected);
	else
		fa_jr_fail(r, r->p, "unexpected byte 0x%02x: expected %s", (unsigned)c, expected);
}

/*
 * Append to @s; the token being scanned started at @s->len == r->tok, so a string or number
 * is capped on its own, not with the keys of the object around it.
 */
static int fa_jr_bytes_add(struct fa_jr *r, struct fa_jr_bytes *s, const void *data, size_t n)
{
	if (s->len - r->tok + n > FA_JSON_MAX_STRING) {
		fa_jr_fail(r, r->p, "string or number longer than %zu MiB",
			   FA_JSON_MAX_STRING >> 20);
		return -1;
	}
	if (s->len + n + 1 > s->alloc) {
		size_t want = s->alloc * 2;

		while (want < s->len + n + 1)
			want *= 2;
		s->b = fa_xrealloc(s->b, want);
		s->alloc = want;
	}
	memcpy(s->b + s->len, data, n);
	s->len += n;
	s->b[s->len] = '\0';
	return 0;
}

/* ---- the pool --------------------------------------------------------------------------- */

static inline uint64_t fa_jr_mix(uint64_t h, uint64_t v)
{
	h ^= v;
	h *= 0x9e3779b97f4a7c15ULL;
	return h ^ (h >> 29);
}

static uint64_t fa_jr_hash_bytes(uint64_t h, const char *s, size_t len)
{
	size_t i = 0;
	uint64_t w;

	for (; i + 8 <= len; i += 8) {
		memcpy(&w, s + i, 8);
		h = fa_jr_mix(h, w);
	}
	if (i < len) {
		w = 0;
		memcpy(&w, s + i, len - i);
		h = fa_jr_mix(h, w);
	}
	return fa_jr_mix(h, len);
}

static inline uint64_t fa_jr_final(uint64_t h)
{
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	h *= 0xc4ceb9fe1a85ec53ULL;
	return h ^ (h >> 33);
}

static void fa_jr_pool_grow(struct fa_jr *r)
{
	size_t i, n = r->slots ? r->mask + 1 : 0, size = n ? n * 2 : 4096;
	struct fa_jr_slot *old = r->slots;

	r->slots = fa_xcalloc(size, sizeof(*r->slots));
	r->mask = size - 1;
	for (i = 0; i < n; i++) {
		size_t j;

		if (!old[i].v)
			continue;
		for (j = old[i].hash & r->mask; r->slots[j].v; j = (j + 1) & r->mask)
			;
		r->slots[j] = old[i];
	}
	free(old);
}

/* Take @v (a new reference) into the pool at hash @h; returns it, borrowed from the pool. */
static json_t *fa_jr_pool_add(struct fa_jr *r, uint64_t h, json_t *v)
{
	size_t j;

	if ((r->used + 1) * 2 > r->mask + 1)
		fa_jr_pool_grow(r);
	for (j = h & r->mask; r->slots[j].v; j = (j + 1) & r->mask)
		;
	r->slots[j].hash = h;
	r->slots[j].v = v;
	r->used++;
	return v;
}

static void fa_jr_pool_free(struct fa_jr *r)
{
	size_t i;

	for (i = 0; r->slots && i <= r->mask; i++)
		json_decref(r->slots[i].v);
	for (i = 0; r->small && i < FA_JR_SMALL_INTS; i++)
		json_decref(r->small[i]);
	free(r->small);
	r->small = NULL;
	free(r->slots);
	r->slots = NULL;
	r->mask = r->used = 0;
}

/* The pooled string equal to the scanned one, or NULL. */
static json_t *fa_jr_pool_string(struct fa_jr *r, uint64_t h)
{
	size_t j;

	if (!r->slots)
		return NULL;
	for (j = h & r->mask; r->slots[j].v; j = (j + 1) & r->mask) {
		json_t *v = r->slots[j].v;

		if (r->slots[j].hash == h && json_is_string(v) &&
		    json_string_length(v) == r->str.len &&
		    memcmp(json_string_value(v), r->str.b, r->str.len) == 0)
			return v;
	}
	return NULL;
}

static json_t *fa_jr_pool_number(struct fa_jr *r, uint64_t h, bool real, json_int_t i, double d)
{
	size_t j;

	if (!r->slots)
		return NULL;
	for (j = h & r->mask; r->slots[j].v; j = (j + 1) & r->mask) {
		json_t *v = r->slots[j].v;

		if (r->slots[j].hash != h)
			continue;
		if (!real && json_is_integer(v) && json_integer_value(v) == i)
			return v;
		if (real && json_is_real(v)) {
			double x = json_real_value(v);

			if (memcmp(&x, &d, sizeof(d)) == 0)
				return v;
		}
	}
	return NULL;
}

static bool fa_jr_same_array(const json_t *a, const struct fa_jr_item *it, size_t n)
{
	size_t i;

	if (!json_is_array(a) || json_array_size(a) != n)
		return false;
	for (i = 0; i < n; i++)
		if (json_array_get(a, i) != it[i].v)
			return false;
	return true;
}

static bool fa_jr_same_object(struct fa_jr *r, json_t *o, const struct fa_jr_item *it, size_t n)
{
	void *iter;
	size_t i;

	if (!json_is_object(o) || json_object_size(o) != n)
		return false;
	for (i = 0, iter = json_object_iter(o); i < n && iter;
	     i++, iter = json_object_iter_next(o, iter)) {
		if (json_object_iter_value(iter) != it[i].v ||
		    json_object_iter_key_len(iter) != it[i].klen ||
		    memcmp(json_object_iter_key(iter), r->keys.b + it[i].koff, it[i].klen) != 0)
			return false;
	}
	return i == n;
}

/*
 * The text cache.  Hash-consing still parses every copy of a repeated value before it finds
 * the pooled one: 600,000 ports each spell out the same 64-entry DSCP map.  So the text of an
 * interned container that turned out to be pooled already (a value seen twice is likely to
 * come again) is kept with its value; when the input at the start of a container begins with
 * a kept text, that text is the whole container (a JSON array or object ends where its text
 * says, whatever follows), it was valid, and it reads as the kept value: it is skipped
 * unparsed.  Texts are found by their first bytes, so no scan for the end comes first.
 */
static uint64_t fa_jr_text_key(const unsigned char *s)
{
	return fa_jr_final(fa_jr_hash_bytes(0x747874, (const char *)s, FA_JR_TEXT_KEY));
}

/* The value of the kept text the input starts with at p, or NULL; p is moved past it. */
static json_t *fa_jr_text_find(struct fa_jr *r, int depth)
{
	size_t have, j;
	uint64_t h;

	if (!r->texts)
		return NULL;
	have = fa_jr_avail(r, FA_JR_TEXT_KEY);
	if (have < FA_JR_TEXT_KEY)
		return NULL;
	h = fa_jr_text_key(r->p);
	for (j = h & r->tmask; r->texts[j].text; j = (j + 1) & r->tmask) {
		const struct fa_jr_text *t = &r->texts[j];

		/*
		 * A text of n bytes nests at most n / 2 deep: within the cap from here, or the
		 * parse has to find where it goes over.
		 */
		if (t->hash != h || depth + t->len / 2 > FA_JSON_MAX_DEPTH)
			continue;
		if (t->len > have)
			have = fa_jr_avail(r, t->len);
		if (t->len > have || memcmp(r->p, t->text, t->len) != 0)
			continue;
		r->p += t->len;
		return t->v;
	}
	return NULL;
}

/* Keep the text at offsets @start ... p of the pooled container @v, when it qualifies. */
static void fa_jr_text_keep(struct fa_jr *r, uint64_t start, json_t *v)
{
	uint64_t end = fa_jr_offset(r, r->p);
	size_t len = (size_t)(end - start), j, same = 0;
	const unsigned char *text;
	uint64_t h;

	if (start < r->base || len < FA_JR_TEXT_MIN || len > FA_JR_TEXT_MAX ||
	    r->tbytes + len > FA_JR_TEXT_BUDGET)
		return;
	text = r->buf + (start - r->base);
	/* skipping a text must not skip a line break the line count needs */
	if (memchr(text, '\n', len))
		return;
	if ((r->tused + 1) * 2 > (r->texts ? r->tmask + 1 : 0)) {
		size_t i, n = r->texts ? r->tmask + 1 : 0, size = n ? n * 2 : 1024;
		struct fa_jr_text *old = r->texts;

		r->texts = fa_xcalloc(size, sizeof(*r->texts));
		r->tmask = size - 1;
		for (i = 0; i < n; i++) {
			if (!old[i].text)
				continue;
			for (j = old[i].hash & r->tmask; r->texts[j].text; j = (j + 1) & r->tmask)
				;
			r->texts[j] = old[i];
		}
		free(old);
	}
	h = fa_jr_text_key(text);
	for (j = h & r->tmask; r->texts[j].text; j = (j + 1) & r->tmask) {
		/* many texts with one start would make every look-up long: keep the first few */
		if (r->texts[j].hash == h && ++same >= FA_JR_TEXT_SAME)
			return;
		if (r->texts[j].hash == h && r->texts[j].len == len &&
		    memcmp(r->texts[j].text, text, len) == 0)
			return;
	}
	r->texts[j].hash = h;
	r->texts[j].len = len;
	r->texts[j].text = fa_xmalloc(len);
	memcpy(r->texts[j].text, text, len);
	r->texts[j].v = v;
	r->tused++;
	r->tbytes += len;
}

static void fa_jr_text_free(struct fa_jr *r)
{
	size_t i;

	for (i = 0; r->texts && i <= r->tmask; i++)
		free(r->texts[i].text);
	free(r->texts);
	r->texts = NULL;
}

/* ---- containers ------------------------------------------------------------------------- */

/*
 * The snapshot shape: which values of a snapshot must be new, unshared objects.  Code keys
 * tables by the pointers of devices, ports, links and link ends, and adds members to them and
 * to the arrays that hold them (links found later, sorted ports, merge warnings on a device),
 * so two equal ports must stay two values.  Everything below a port or a link end (QoS maps,
 * LLDP, NIC data, strings, numbers) is read-only and shared.  @key is NULL for an array
 * element.
 */
static enum fa_jr_role fa_jr_snapshot_child(enum fa_jr_role parent, const char *key, size_t klen)
{
#define FA_JR_KEY(s) (key && klen == sizeof(s) - 1 && memcmp(key, s, klen) == 0)
	switch (parent) {
	case FA_JR_SNAP_ROOT:
		if (FA_JR_KEY("devices"))
			return FA_JR_SNAP_DEVICES;
		if (FA_JR_KEY("links"))
			return FA_JR_SNAP_LINKS;
		break;
	case FA_JR_SNAP_DEVICES:
		return key ? FA_JR_INTERN : FA_JR_SNAP_DEVICE;
	case FA_JR_SNAP_DEVICE:
		if (FA_JR_KEY("ports"))
			return FA_JR_SNAP_PORTS;
		break;
	case FA_JR_SNAP_PORTS:
		return key ? FA_JR_INTERN : FA_JR_SNAP_LEAF;
	case FA_JR_SNAP_LINKS:
		return key ? FA_JR_INTERN : FA_JR_SNAP_LINK;
	case FA_JR_SNAP_LINK:
		if (FA_JR_KEY("a") || FA_JR_KEY("b"))
			return FA_JR_SNAP_LEAF;
		break;
	default:
		break;
	}
	return FA_JR_INTERN;
#undef FA_JR_KEY
}

static enum fa_jr_role fa_jr_child(enum fa_jr_role parent, const char *key, size_t klen)
{
	switch (parent) {
	case FA_JR_FRESH:
		return FA_JR_FRESH;
	case FA_JR_INTERN:
	case FA_JR_ROOT:
	case FA_JR_SNAP_LEAF:
		return FA_JR_INTERN;
	default:
		return fa_jr_snapshot_child(parent, key, klen);
	}
}

/* Push a child; takes @v (owned or borrowed as @owned says). */
static void fa_jr_push(struct fa_jr *r, json_t *v, bool owned, size_t koff, size_t klen,
		       int kline, uint64_t kpos)
{
	struct fa_jr_item *it;

	if (r->nitems == r->aitems) {
		if (r->items == r->inline_items) {
			r->items = fa_xreallocarray(NULL, 2 * r->aitems, sizeof(*r->items));
			memcpy(r->items, r->inline_items, sizeof(r->inline_items));
		} else {
			r->items = fa_xreallocarray(r->items, 2 * r->aitems, sizeof(*r->items));
		}
		r->aitems *= 2;
	}
	it = &r->items[r->nitems++];
	it->v = v;
	it->owned = owned;
	it->koff = koff;
	it->klen = klen;
	it->kline = kline;
	it->kpos = kpos;
}

/* Drop the children from @first on (the references we own). */
static void fa_jr_pop(struct fa_jr *r, size_t first)
{
	size_t i;

	for (i = first; i < r->nitems; i++)
		if (r->items[i].owned)
			json_decref(r->items[i].v);
	r->nitems = first;
}

/* After an object came out smaller than its keys: point at the first repeated key. */
static void fa_jr_duplicate(struct fa_jr *r, const struct fa_jr_item *it, size_t n)
{
	json_t *seen = json_object();
	size_t i;

	for (i = 0; seen && i < n; i++) {
		const char *k = r->keys.b + it[i].koff;

		if (json_object_getn(seen, k, it[i].klen)) {
			fa_jr_fail_at(r, it[i].kline, it[i].kpos, "duplicate object key '%.*s'",
				      (int)(it[i].klen > 64 ? 64 : it[i].klen), k);
			break;
		}
		json_object_setn_new_nocheck(seen, k, it[i].klen, json_null());
	}
	json_decref(seen);
	if (!r->code)
		fa_jr_fail(r, r->p, "duplicate object key");
}

/*
 * Close the container whose children are items[first...]: reuse an equal pooled one, or
 * build it.  Returns it (owned or borrowed as *@owned says), NULL on error.
 */
static json_t *fa_jr_close(struct fa_jr *r, bool is_object, enum fa_jr_role role, size_t first,
			   size_t kfirst, bool *owned)
{
	struct fa_jr_item *it = r->items + first;
	size_t i, n = r->nitems - first;
	bool intern = role == FA_JR_INTERN;
	uint64_t h = 0;
	json_t *v;

	r->pool_hit = false;
	if (intern) {
		h = fa_jr_mix(is_object ? 0x6f626a : 0x617272, n);
		for (i = 0; i < n; i++) {
			if (is_object)
				h = fa_jr_hash_bytes(h, r->keys.b + it[i].koff, it[i].klen);
			h = fa_jr_mix(h, (uint64_t)(uintptr_t)it[i].v);
		}
		h = fa_jr_final(h);
		for (i = h & r->mask; r->slots && r->slots[i].v; i = (i + 1) & r->mask) {
			json_t *pv = r->slots[i].v;

			if (r->slots[i].hash != h)
				continue;
			if (is_object ? fa_jr_same_object(r, pv, it, n) :
					fa_jr_same_array(pv, it, n)) {
				/* children of an interned container are all interned (borrowed) */
				fa_jr_pop(r, first);
				r->keys.len = kfirst;
				*owned = false;
				r->pool_hit = true;
				return pv;
			}
		}
	}
	v = is_object ? json_object() : json_array();
	if (!v) {
		fa_jr_nomem(r);
		return NULL;
	}
	for (i = 0; i < n; i++) {
		int rc;

		if (is_object)
			rc = it[i].owned ? json_object_setn_new_nocheck(v, r->keys.b + it[i].koff,
									 it[i].klen, it[i].v) :
					   json_object_setn_nocheck(v, r->keys.b + it[i].koff,
								    it[i].klen, it[i].v);
		else
			rc = it[i].owned ? json_array_append_new(v, it[i].v) :
					   json_array_append(v, it[i].v);
		it[i].owned = false;	/* taken (or freed) by jansson */
		if (rc < 0) {
			fa_jr_nomem(r);
			break;
		}
	}
	if (!r->code && is_object && json_object_size(v) != n)
		fa_jr_duplicate(r, it, n);
	fa_jr_pop(r, first);
	r->keys.len = kfirst;
	if (r->code) {
		json_decref(v);
		return NULL;
	}
	if (!intern) {
		*owned = true;
		return v;
	}
	*owned = false;
	return fa_jr_pool_add(r, h, v);
}

static json_t *fa_jr_value(struct fa_jr *r, enum fa_jr_role role, int depth, bool *owned);
static int fa_jr_string(struct fa_jr *r, struct fa_jr_bytes *out);

static json_t *fa_jr_array(struct fa_jr *r, enum fa_jr_role role, int depth, bool *owned)
{
	size_t first = r->nitems;
	enum fa_jr_role crole = fa_jr_child(role, NULL, 0);
	int c;

	r->p++;		/* '[' */
	c = fa_jr_peek(r);
	if (c == ']') {
		r->p++;
		return fa_jr_close(r, false, role, first, r->keys.len, owned);
	}
	for (;;) {
		bool cowned;
		json_t *v = fa_jr_value(r, crole, depth, &cowned);

		if (!v)
			goto fail;
		fa_jr_push(r, v, cowned, 0, 0, 0, 0);
		c = fa_jr_peek(r);
		if (c == ',') {
			r->p++;
			continue;
		}
		if (c == ']') {
			r->p++;
			break;
		}
		fa_jr_unexpected(r, "',' or ']'");
		goto fail;
	}
	return fa_jr_close(r, false, role, first, r->keys.len, owned);
fail:
	fa_jr_pop(r, first);
	return NULL;
}

static json_t *fa_jr_object(struct fa_jr *r, enum fa_jr_role role, int depth, bool *owned)
{
	size_t first = r->nitems, kfirst = r->keys.len;
	int c;

	r->p++;		/* '{' */
	c = fa_jr_peek(r);
	if (c == '}') {
		r->p++;
		return fa_jr_close(r, true, role, first, kfirst, owned);
	}
	for (;;) {
		size_t koff = r->keys.len;
		uint64_t kpos;
		bool cowned;
		int kline;
		json_t *v;

		c = fa_jr_peek(r);
		if (c != '"') {
			fa_jr_unexpected(r, "a string (an object key)");
			goto fail;
		}
		kline = r->line;
		kpos = fa_jr_offset(r, r->p);
		if (fa_jr_string(r, &r->keys) < 0)
			goto fail;
		if (fa_jr_peek(r) != ':') {
			fa_jr_unexpected(r, "':' after an object key");
			goto fail;
		}
		r->p++;
		v = fa_jr_value(r, fa_jr_child(role, r->keys.b + koff, r->keys.len - koff), depth,
				&cowned);
		if (!v)
			goto fail;
		fa_jr_push(r, v, cowned, koff, r->keys.len - koff, kline, kpos);
		c = fa_jr_peek(r);
		if (c == ',') {
			r->p++;
			continue;
		}
		if (c == '}') {
			r->p++;
			break;
		}
		fa_jr_unexpected(r, "',' or '}'");
		goto fail;
	}
	return fa_jr_close(r, true, role, first, kfirst, owned);
fail:
	fa_jr_pop(r, first);
	r->keys.len = kfirst;
	return NULL;
}

/* ---- scalars ---------------------------------------------------------------------------- */

static int fa_jr_hex4(const unsigned char *s)
{
	int i, v = 0;

	for (i = 0; i < 4; i++) {
		int c = s[i], d;

		if (c >= '0' && c <= '9')
			d = c - '0';
		else if (c >= 'a' && c <= 'f')
			d = c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			d = c - 'A' + 10;
		else
			return -1;
		v = v * 16 + d;
	}
	return v;
}

/* Length of the valid UTF-8 sequence at @s (@n bytes available), or 0. */
static size_t fa_jr_utf8_len(const unsigned char *s, size_t n)
{
	unsigned c = s[0], lo = 0x80, hi = 0xbf;
	size_t len, i;

	if (c >= 0xc2 && c <= 0xdf)
		len = 2;
	else if (c >= 0xe0 && c <= 0xef)
		len = 3;
	else if (c >= 0xf0 && c <= 0xf4)
		len = 4;
	else
		return 0;
	/* no overlong forms, no UTF-16 surrogates, nothing above U+10FFFF */
	if (c == 0xe0)
		lo = 0xa0;
	else if (c == 0xed)
		hi = 0x9f;
	else if (c == 0xf0)
		lo = 0x90;
	else if (c == 0xf4)
		hi = 0x8f;
	if (n < len || s[1] < lo || s[1] > hi)
		return 0;
	for (i = 2; i < len; i++)
		if (s[i] < 0x80 || s[i] > 0xbf)
			return 0;
	return len;
}

static size_t fa_jr_utf8_put(unsigned char *out, unsigned cp)
{
	if (cp < 0x80) {
		out[0] = (unsigned char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (unsigned char)(0xc0 | (cp >> 6));
		out[1] = (unsigned char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (unsigned char)(0xe0 | (cp >> 12));
		out[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f));
		out[2] = (unsigned char)(0x80 | (cp & 0x3f));
		return 3;
	}
	out[0] = (unsigned char)(0xf0 | (cp >> 18));
	out[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3f));
	out[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f));
	out[3] = (unsigned char)(0x80 | (cp & 0x3f));
	return 4;
}

/* One escape at p (on the backslash), decoded onto @out. */
static int fa_jr_escape(struct fa_jr *r, struct fa_jr_bytes *out)
{
	unsigned char u[4];
	size_t have = fa_jr_avail(r, 12);
	int cp, lo;

	if (have < 2) {
		fa_jr_fail(r, r->end, "unexpected end of input (truncated?) in a string");
		return -1;
	}
	switch (r->p[1]) {
	case '"': case '\\': case '/':
		u[0] = r->p[1];
		break;
	case 'b': u[0] = '\b'; break;
	case 'f': u[0] = '\f'; break;
	case 'n': u[0] = '\n'; break;
	case 'r': u[0] = '\r'; break;
	case 't': u[0] = '\t'; break;
	case 'u':
		cp = have >= 6 ? fa_jr_hex4(r->p + 2) : -1;
		if (cp < 0) {
			fa_jr_fail(r, r->p, "invalid \\u escape: four hex digits expected");
			return -1;
		}
		/*
		 * Model text has no NUL (docs/model.md, "Text"); snapshots written before that
		 * rule may hold \u0000, read as U+FFFD so that they stay readable.
		 */
		if (cp == 0)
			cp = 0xfffd;
		if (cp >= 0xdc00 && cp <= 0xdfff) {
			fa_jr_fail(r, r->p, "invalid \\u escape: lone low surrogate \\u%04X", cp);
			return -1;
		}
		if (cp >= 0xd800 && cp <= 0xdbff) {
			lo = have >= 12 && r->p[6] == '\\' && r->p[7] == 'u' ?
				     fa_jr_hex4(r->p + 8) : -1;
			if (lo < 0xdc00 || lo > 0xdfff) {
				fa_jr_fail(r, r->p, "invalid \\u escape: high surrogate \\u%04X "
					   "without a low surrogate after it", cp);
				return -1;
			}
			cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
			r->p += 6;
		}
		r->p += 6;
		return fa_jr_bytes_add(r, out, u, fa_jr_utf8_put(u, (unsigned)cp));
	default:
		if (r->p[1] >= 0x20 && r->p[1] < 0x7f)
			fa_jr_fail(r, r->p, "invalid escape '\\%c' in a string", r->p[1]);
		else
			fa_jr_fail(r, r->p, "invalid escape in a string");
		return -1;
	}
	r->p += 2;
	return fa_jr_bytes_add(r, out, u, 1);
}

/* The string at p (on its opening quote), unescaped and appended to @out. */
static int fa_jr_string(struct fa_jr *r, struct fa_jr_bytes *out)
{
	r->tok = out->len;
	r->p++;
	for (;;) {
		const unsigned char *s = r->p;
		size_t len;

		while (s < r->end && *s != '"' && *s != '\\' && *s >= 0x20 && *s < 0x80)
			s++;
		if (s > r->p && fa_jr_bytes_add(r, out, r->p, (size_t)(s - r->p)) < 0)
			return -1;
		r->p = s;
		if (s == r->end) {
			if (!fa_jr_fill(r, 1)) {
				fa_jr_fail(r, r->p,
					   "unexpected end of input (truncated?) in a string");
				return -1;
			}
			continue;
		}
		if (*s == '"') {
			r->p++;
			return 0;
		}
		if (*s == '\\') {
			if (fa_jr_escape(r, out) < 0)
				return -1;
			continue;
		}
		if (*s < 0x20) {
			fa_jr_fail(r, s, "control character 0x%02x in a string (escape it)", *s);
			return -1;
		}
		len = fa_jr_utf8_len(r->p, fa_jr_avail(r, 4));
		if (!len) {
			fa_jr_fail(r, r->p, "invalid UTF-8 (byte 0x%02x)", *r->p);
			return -1;
		}
		if (fa_jr_bytes_add(r, out, r->p, len) < 0)
			return -1;
		r->p += len;
	}
}

static json_t *fa_jr_string_value(struct fa_jr *r, enum fa_jr_role role, bool *owned)
{
	uint64_t h;
	json_t *v;

	r->str.len = 0;
	if (fa_jr_string(r, &r->str) < 0)
		return NULL;
	if (role == FA_JR_FRESH) {
		v = json_stringn_nocheck(r->str.b, r->str.len);
		if (!v)
			fa_jr_nomem(r);
		*owned = true;
		return v;
	}
	h = fa_jr_final(fa_jr_hash_bytes(0x737472, r->str.b, r->str.len));
	*owned = false;
	v = fa_jr_pool_string(r, h);
	if (v)
		return v;
	v = json_stringn_nocheck(r->str.b, r->str.len);
	if (!v) {
		fa_jr_nomem(r);
		return NULL;
	}
	return fa_jr_pool_add(r, h, v);
}

/* The next byte (without skipping anything), or -1 at the end of the input. */
static inline int fa_jr_byte(struct fa_jr *r)
{
	return fa_jr_avail(r, 1) ? *r->p : -1;
}

static int fa_jr_digits(struct fa_jr *r, uint64_t *mag, bool *overflow)
{
	int c;

	while ((c = fa_jr_byte(r)) >= '0' && c <= '9') {
		unsigned char ch = (unsigned char)c;

		if (mag) {
			if (*mag > (UINT64_MAX - 9) / 10)
				*overflow = true;
			else
				*mag = *mag * 10 + (uint64_t)(c - '0');
		}
		if (fa_jr_bytes_add(r, &r->str, &ch, 1) < 0)
			return -2;
		r->p++;
	}
	return c;
}

/* The number read (an integer @i, or the real @d), shared unless @role builds fresh values. */
static json_t *fa_jr_number_value(struct fa_jr *r, enum fa_jr_role role, bool real, json_int_t i,
				  double d, bool *owned)
{
	uint64_t h, bits;
	json_t *v;

	if (role == FA_JR_FRESH) {
		*owned = true;
		v = real ? json_real(d) : json_integer(i);
		if (!v)
			fa_jr_nomem(r);
		return v;
	}
	*owned = false;
	if (!real && i >= 0 && i < FA_JR_SMALL_INTS) {
		/* not in the reader itself: zeroing 8 KiB per read would cost a small text more
		 * than reading it */
		if (!r->small)
			r->small = fa_xcalloc(FA_JR_SMALL_INTS, sizeof(*r->small));
		if (!r->small[i] && !(r->small[i] = json_integer(i)))
			fa_jr_nomem(r);
		return r->small[i];
	}
	memcpy(&bits, &d, sizeof(bits));
	h = real ? fa_jr_final(fa_jr_mix(0x7265616c, bits)) :
		   fa_jr_final(fa_jr_mix(0x696e74, (uint64_t)i));
	v = fa_jr_pool_number(r, h, real, i, d);
	if (v)
		return v;
	v = real ? json_real(d) : json_integer(i);
	if (!v) {
		fa_jr_nomem(r);
		return NULL;
	}
	return fa_jr_pool_add(r, h, v);
}

static json_t *fa_jr_number(struct fa_jr *r, enum fa_jr_role role, bool *owned)
{
	uint64_t start = fa_jr_offset(r, r->p), mag = 0;
	bool neg = false, real = false, overflow = false;
	const unsigned char *q = r->p + (*r->p == '-'), *first = q;
	double d = 0;
	int c;

	/* most numbers are short integers wholly in the window: read them in place */
	while (q < r->end && *q >= '0' && *q <= '9' && q - first < 18)
		mag = mag * 10 + (uint64_t)(*q++ - '0');
	if (q < r->end && q > first && !(*q >= '0' && *q <= '9') && *q != '.' && *q != 'e' &&
	    *q != 'E' && !(*first == '0' && q - first > 1)) {
		neg = *r->p == '-';
		r->p = q;
		return fa_jr_number_value(r, role, false, neg ? -(json_int_t)mag : (json_int_t)mag,
					  0, owned);
	}
	/* else byte by byte, into the scratch buffer (strtod wants the text) */
	mag = 0;
	r->str.len = 0;
	r->tok = 0;
	c = fa_jr_byte(r);
	if (c == '-') {
		neg = true;
		fa_jr_bytes_add(r, &r->str, "-", 1);
		r->p++;
		c = fa_jr_byte(r);
	}
	if (c == '0') {
		fa_jr_bytes_add(r, &r->str, "0", 1);
		r->p++;
		c = fa_jr_byte(r);
		if (c >= '0' && c <= '9') {
			fa_jr_fail_at(r, r->line, start, "invalid number: leading zeros are not "
				      "allowed");
			return NULL;
		}
	} else if (c >= '1' && c <= '9') {
		c = fa_jr_digits(r, &mag, &overflow);
	} else {
		fa_jr_fail(r, r->p, "invalid number: a digit is expected after '-'");
		return NULL;
	}
	if (c == '.') {
		real = true;
		fa_jr_bytes_add(r, &r->str, ".", 1);
		r->p++;
		c = fa_jr_byte(r);
		if (c < '0' || c > '9') {
			fa_jr_fail(r, r->p, "invalid number: a digit is expected after '.'");
			return NULL;
		}
		c = fa_jr_digits(r, NULL, NULL);
	}
	if (c == 'e' || c == 'E') {
		real = true;
		fa_jr_bytes_add(r, &r->str, "e", 1);
		r->p++;
		c = fa_jr_byte(r);
		if (c == '+' || c == '-') {
			unsigned char ch = (unsigned char)c;

			fa_jr_bytes_add(r, &r->str, &ch, 1);
			r->p++;
			c = fa_jr_byte(r);
		}
		if (c < '0' || c > '9') {
			fa_jr_fail(r, r->p, "invalid number: a digit is expected in the exponent");
			return NULL;
		}
		c = fa_jr_digits(r, NULL, NULL);
	}
	if (c == -2 || r->code)
		return NULL;
	if (real) {
		/* the process never changes LC_NUMERIC, so strtod reads '.' */
		d = strtod(r->str.b, NULL);
		if (isinf(d)) {
			fa_jr_fail_at(r, r->line, start, "real number overflow");
			return NULL;
		}
		return fa_jr_number_value(r, role, true, 0, d, owned);
	}
	if (overflow || mag > (uint64_t)INT64_MAX + (neg ? 1 : 0)) {
		fa_jr_fail_at(r, r->line, start, "too big %sinteger", neg ? "negative " : "");
		return NULL;
	}
	return fa_jr_number_value(r, role, false, neg ? (json_int_t)(0 - mag) : (json_int_t)mag, 0,
				  owned);
}

static json_t *fa_jr_literal(struct fa_jr *r, bool *owned)
{
	size_t have = fa_jr_avail(r, 5);

	*owned = false;	/* jansson's singletons */
	if (have >= 4 && memcmp(r->p, "true", 4) == 0) {
		r->p += 4;
		return json_true();
	}
	if (have >= 5 && memcmp(r->p, "false", 5) == 0) {
		r->p += 5;
		return json_false();
	}
	if (have >= 4 && memcmp(r->p, "null", 4) == 0) {
		r->p += 4;
		return json_null();
	}
	fa_jr_fail(r, r->p, "invalid literal: true, false or null expected");
	return NULL;
}

static json_t *fa_jr_value(struct fa_jr *r, enum fa_jr_role role, int depth, bool *owned)
{
	int c = fa_jr_peek(r);

	switch (c) {
	case '{':
	case '[':
		if (depth >= FA_JSON_MAX_DEPTH) {
			fa_jr_fail(r, r->p, "arrays and objects nested deeper than %d levels",
				   FA_JSON_MAX_DEPTH);
			return NULL;
		}
		if (role == FA_JR_INTERN) {
			uint64_t start = fa_jr_offset(r, r->p);
			json_t *v = fa_jr_text_find(r, depth);

			if (v) {
				*owned = false;
				return v;
			}
			v = c == '{' ? fa_jr_object(r, role, depth + 1, owned) :
				       fa_jr_array(r, role, depth + 1, owned);
			if (v && r->pool_hit)
				fa_jr_text_keep(r, start, v);
			return v;
		}
		return c == '{' ? fa_jr_object(r, role, depth + 1, owned) :
				  fa_jr_array(r, role, depth + 1, owned);
	case '"':
		return fa_jr_string_value(r, role, owned);
	case 't':
	case 'f':
	case 'n':
		return fa_jr_literal(r, owned);
	case '-':
	case '0': case '1': case '2': case '3': case '4':
	case '5': case '6': case '7': case '8': case '9':
		return fa_jr_number(r, role, owned);
	default:
		fa_jr_unexpected(r, "a JSON value");
		return NULL;
	}
}

/* ---- entry points ----------------------------------------------------------------------- */

static int fa_jr_run(struct fa_jr *r, unsigned flags, json_t **ret)
{
	enum fa_jr_role role = FA_JR_FRESH;
	json_t *v = NULL;
	bool owned = true;
	int c;

	if (flags & FA_JSON_INTERN_SNAPSHOT)
		role = FA_JR_SNAP_ROOT;
	else if (flags & FA_JSON_INTERN)
		role = FA_JR_ROOT;
	r->line = 1;
	r->items = r->inline_items;
	r->aitems = sizeof(r->inline_items) / sizeof(r->inline_items[0]);
	r->keys.alloc = r->str.alloc = 256;
	r->keys.b = fa_xmalloc(r->keys.alloc);
	r->str.b = fa_xmalloc(r->str.alloc);
	c = fa_jr_peek(r);
	if (c < 0) {
		fa_jr_fail(r, r->p, "no JSON value: the input is empty");
		goto out;
	}
	v = fa_jr_value(r, role, 0, &owned);
	if (!v)
		goto out;
	if (!owned)
		json_incref(v);
	c = fa_jr_peek(r);
	if (c >= 0) {
		if (c >= 0x20 && c < 0x7f)
			fa_jr_fail(r, r->p, "unexpected '%c' after the top-level value", c);
		else
			fa_jr_fail(r, r->p, "unexpected byte 0x%02x after the top-level value",
				   (unsigned)c);
	}
out:
	fa_jr_pop(r, 0);
	fa_jr_text_free(r);
	fa_jr_pool_free(r);
	if (r->items != r->inline_items)
		free(r->items);
	free(r->keys.b);
	free(r->str.b);
	if (r->code) {
		json_decref(v);
		return r->code;
	}
	*ret = v;
	return 0;
}

int fa_json_read_mem(const char *name, const char *data, size_t len, unsigned flags,
		     json_t **ret, struct fa_err *err)
{
	struct fa_jr r;

	memset(&r, 0, sizeof(r));
	r.name = name;
	r.fd = -1;
	r.eof = true;
	r.buf = r.p = (const unsigned char *)(len ? data : "");
	r.end = r.buf + len;
	r.err = err;
	return fa_jr_run(&r, flags, ret);
}

int fa_json_read_file(const char *path, unsigned flags, json_t **ret, struct fa_err *err)
{
	bool std_in = strcmp(path, "-") == 0;
	struct fa_jr r;
	int rc;

	memset(&r, 0, sizeof(r));
	r.name = std_in ? "<stdin>" : path;
	r.err = err;
	r.fd = std_in ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC);
	if (r.fd < 0)
		return fa_err_at(err, errno == ENOENT ? FA_ENOENT : FA_EIO, path, 0, 0, "%s",
				 strerror(errno));
#ifdef POSIX_FADV_SEQUENTIAL
	if (!std_in)
		posix_fadvise(r.fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
	r.chunk = fa_jr_chunk;
	r.own_size = (r.chunk > FA_JR_TEXT_MAX ? r.chunk : FA_JR_TEXT_MAX) + FA_JR_LOOKAHEAD;
	r.own = fa_xmalloc(r.own_size);
	r.buf = r.p = r.end = r.own;
	rc = fa_jr_run(&r, flags, ret);
	free(r.own);
	if (!std_in)
		close(r.fd);
	return rc;
}
