/* SPDX-License-Identifier: MIT */
/*
 * glibc's malloc on transparent huge pages.  A 100,000-GPU snapshot grows the heap by about
 * 2 GiB; with 4 KiB pages the kernel zeroes and maps it one page fault at a time, a quarter
 * of an audit's time (docs/performance.md).  glibc maps its heap with huge pages when the
 * tunable glibc.malloc.hugetlb=1 is set, and tunables are read only when a program starts:
 * so the program starts again, once, with it set.
 */
#ifndef FA_UTIL_HUGEPAGES_H
#define FA_UTIL_HUGEPAGES_H

/*
 * Re-execute this program (its own path, same @argv and environment) with
 * GLIBC_TUNABLES=...:glibc.malloc.hugetlb=1, when the kernel gives huge pages on request
 * (transparent_hugepage "madvise") and nothing says otherwise: GLIBC_TUNABLES already naming
 * glibc.malloc.hugetlb (the second start sees its own setting), FABRIC_AUDIT_HUGEPAGES=0,
 * a sanitizer build, or valgrind.  Returns only when it does not re-execute, or when the
 * exec fails: the program then carries on as it is.
 */
void fa_hugepages_reexec(char **argv);

#endif /* FA_UTIL_HUGEPAGES_H */
