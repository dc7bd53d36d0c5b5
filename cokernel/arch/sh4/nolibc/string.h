/* SPDX-License-Identifier: MIT */
/*
 * string.h - the string functions the co-kernel defines itself
 * (cokernel/core/string.c), for a build with no C library's headers: the
 * SH toolchain has none (Debian's sh4 glibc is never used). Searched only
 * while the board links no newlib (bsp/r2d/board.mk), whose string.h
 * declares the same functions.
 */
#ifndef CK_SH4_NOLIBC_STRING_H
#define CK_SH4_NOLIBC_STRING_H

#include <stddef.h>

void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
void *memchr(const void *s, int c, size_t n);
size_t strlen(const char *s);
size_t strnlen(const char *s, size_t max);
int strcmp(const char *a, const char *b);
char *strrchr(const char *s, int c);

#endif /* CK_SH4_NOLIBC_STRING_H */
