// SPDX-License-Identifier: MIT
/*
 * string.c - the few libc string functions the freestanding core and GCC's
 * implicit calls need (target build only; host tests use libc's).
 *
 * The loops must not be turned back into calls to themselves by GCC's
 * loop-pattern recognition, hence the optimize attribute.
 */
#include "core.h"

#define NO_LIBCALL __attribute__((optimize("no-tree-loop-distribute-patterns")))

NO_LIBCALL void *memcpy(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	if ((((uintptr_t)d | (uintptr_t)s | n) & 3u) == 0) {
		for (; n; n -= 4, d += 4, s += 4)
			*(uint32_t *)(void *)d = *(const uint32_t *)(const void *)s;
		return dst;
	}
	while (n--)
		*d++ = *s++;
	return dst;
}

NO_LIBCALL void *memset(void *dst, int c, size_t n)
{
	unsigned char *d = dst;

	while (n--)
		*d++ = (unsigned char)c;
	return dst;
}

NO_LIBCALL size_t strlen(const char *s)
{
	const char *p = s;

	while (*p)
		p++;
	return (size_t)(p - s);
}

int strcmp(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return (unsigned char)*a - (unsigned char)*b;
}
