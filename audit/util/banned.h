/* SPDX-License-Identifier: MIT */
/*
 * Functions that are too easy to misuse.  Including this header turns any use into a compile
 * error that names the function.  Use fa_buf, snprintf, fa_xstrdup and localtime_r instead.
 */
#ifndef FA_UTIL_BANNED_H
#define FA_UTIL_BANNED_H

#define FA_BANNED(func) sorry_##func##_is_a_banned_function

#undef strcpy
#define strcpy(x, y) FA_BANNED(strcpy)
#undef strcat
#define strcat(x, y) FA_BANNED(strcat)
#undef sprintf
#define sprintf(...) FA_BANNED(sprintf)
#undef vsprintf
#define vsprintf(...) FA_BANNED(vsprintf)
#undef strtok
#define strtok(x, y) FA_BANNED(strtok)
#undef localtime
#define localtime(t) FA_BANNED(localtime)
#undef gmtime
#define gmtime(t) FA_BANNED(gmtime)

#endif /* FA_UTIL_BANNED_H */
