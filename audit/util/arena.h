/* SPDX-License-Identifier: MIT */
/*
 * jansson's allocator, with a region for values that live until the process exits.
 *
 * A 100k-GPU snapshot is read into some 60 million small jansson values.  From malloc each
 * costs a 16-byte header, allocator bookkeeping and, on a virtual machine, a page fault per
 * 4 KiB touched: about half the time of reading the snapshot.  Between fa_arena_begin() and
 * fa_arena_end(), the calling thread's jansson values are instead cut one after the other
 * from one reserved region backed by transparent huge pages where the kernel offers them
 * (madvise mode).  Freeing such a value does nothing; the region goes away when the process
 * exits.  Other threads, and this one outside begin/end, use malloc as before.
 *
 * Install with json_set_alloc_funcs(fa_json_malloc, fa_json_free) before any value exists.
 */
#ifndef FA_UTIL_ARENA_H
#define FA_UTIL_ARENA_H

#include <stdbool.h>
#include <stddef.h>

/* jansson's allocation functions: out of memory aborts, as fa_xmalloc does. */
void *fa_json_malloc(size_t size);
void fa_json_free(void *ptr);

/*
 * Cut this thread's jansson values from a new region of @reserve bytes of address space
 * (pages are used as they are touched); when the region is full, values come from malloc
 * again.  False when no region could be had (too many, or the kernel refused the mapping):
 * malloc is used, which is only slower.  Regions are never unmapped.
 */
bool fa_arena_begin(size_t reserve);

/* This thread's jansson values come from malloc again. */
void fa_arena_end(void);

#endif /* FA_UTIL_ARENA_H */
