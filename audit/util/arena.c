/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "audit/util/arena.h"
#include "audit/util/xalloc.h"

/* Every region ever made: read by every thread's free, added to only by fa_arena_begin. */
#define FA_ARENA_MAX 16

struct fa_arena_region {
	uintptr_t start, end;
};

static struct fa_arena_region fa_arena_regions[FA_ARENA_MAX];
static atomic_size_t fa_arena_count;
static pthread_mutex_t fa_arena_lock = PTHREAD_MUTEX_INITIALIZER;

/* The region this thread cuts values from, and how far it got. */
static _Thread_local uintptr_t fa_arena_next, fa_arena_end_at;

/* jansson's values hold pointers, sizes and doubles: 8-byte alignment is all they need. */
#define FA_ARENA_ALIGN 8

void *fa_json_malloc(size_t size)
{
	if (fa_arena_next) {
		size_t n = (size + FA_ARENA_ALIGN - 1) & ~(size_t)(FA_ARENA_ALIGN - 1);

		if (n && fa_arena_end_at - fa_arena_next >= n) {
			void *p = (void *)fa_arena_next;

			fa_arena_next += n;
			return p;
		}
	}
	return fa_xmalloc(size);
}

void fa_json_free(void *ptr)
{
	size_t i, n = atomic_load_explicit(&fa_arena_count, memory_order_acquire);
	uintptr_t p = (uintptr_t)ptr;

	for (i = 0; i < n; i++) {
		if (p >= fa_arena_regions[i].start && p < fa_arena_regions[i].end)
			return;
	}
	free(ptr);
}

bool fa_arena_begin(size_t reserve)
{
	void *base = MAP_FAILED;
	size_t n;

	pthread_mutex_lock(&fa_arena_lock);
	n = atomic_load_explicit(&fa_arena_count, memory_order_relaxed);
	/* address space only: the kernel gives pages as they are first written */
	if (n < FA_ARENA_MAX && reserve)
		base = mmap(NULL, reserve, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (base == MAP_FAILED) {
		pthread_mutex_unlock(&fa_arena_lock);
		return false;
	}
#ifdef MADV_HUGEPAGE
	/* 2 MiB pages: 512 times fewer page faults; ignored where the kernel has none */
	(void)madvise(base, reserve, MADV_HUGEPAGE);
#endif
	fa_arena_regions[n].start = (uintptr_t)base;
	fa_arena_regions[n].end = (uintptr_t)base + reserve;
	atomic_store_explicit(&fa_arena_count, n + 1, memory_order_release);
	pthread_mutex_unlock(&fa_arena_lock);
	fa_arena_next = (uintptr_t)base;
	fa_arena_end_at = (uintptr_t)base + reserve;
	return true;
}

void fa_arena_end(void)
{
	fa_arena_next = 0;
	fa_arena_end_at = 0;
}
