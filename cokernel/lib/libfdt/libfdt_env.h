/* SPDX-License-Identifier: MIT */
/*
 * libfdt_env.h - what libfdt needs from its environment (the porting header
 * libfdt expects every user to provide): fixed-width types, big-endian
 * conversions and the string functions. In the co-kernel (freestanding)
 * the string functions are cokernel/core/string.c's; on the host (unit
 * tests) libc's.
 */
#ifndef LIBFDT_ENV_H
#define LIBFDT_ENV_H

/* hosted (unit tests): strnlen() is POSIX; include this header first */
#if __STDC_HOSTED__ && !defined(_POSIX_C_SOURCE) && !defined(_GNU_SOURCE)
#define _POSIX_C_SOURCE 200809L
#endif

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#if __STDC_HOSTED__
#include <string.h>
#else
void *memchr(const void *s, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
size_t strlen(const char *s);
size_t strnlen(const char *s, size_t max);
char *strrchr(const char *s, int c);
#endif

#define FDT_FORCE
#define FDT_BITWISE

typedef uint16_t fdt16_t;
typedef uint32_t fdt32_t;
typedef uint64_t fdt64_t;

/* The tree is big-endian; read its bytes in order, whatever the CPU's. */
static inline uint64_t fdt_be_bytes(const void *p, unsigned int n)
{
	const uint8_t *b = p;
	uint64_t v = 0;
	unsigned int i;

	for (i = 0; i < n; i++)
		v = v << 8 | b[i];
	return v;
}

static inline uint16_t fdt16_to_cpu(fdt16_t x)
{
	return (uint16_t)fdt_be_bytes(&x, 2);
}

static inline fdt16_t cpu_to_fdt16(uint16_t x)
{
	return (fdt16_t)fdt_be_bytes(&x, 2);
}

static inline uint32_t fdt32_to_cpu(fdt32_t x)
{
	return (uint32_t)fdt_be_bytes(&x, 4);
}

static inline fdt32_t cpu_to_fdt32(uint32_t x)
{
	return (fdt32_t)fdt_be_bytes(&x, 4);
}

static inline uint64_t fdt64_to_cpu(fdt64_t x)
{
	return fdt_be_bytes(&x, 8);
}

static inline fdt64_t cpu_to_fdt64(uint64_t x)
{
	return fdt_be_bytes(&x, 8);
}

#endif /* LIBFDT_ENV_H */
