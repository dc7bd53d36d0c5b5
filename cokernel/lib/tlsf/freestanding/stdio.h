/* SPDX-License-Identifier: MIT */
/*
 * stdio.h - tlsf.c's printf() in the co-kernel: the console's ck_printf()
 * (any context, never blocks). tlsf.c prints only when tlsf_create() or
 * tlsf_add_pool() refuse their memory, which ck_heap_init() checks first,
 * and from tlsf_walk_pool() without a walker, which nothing calls.
 * Searched only when tlsf.c is built for the co-kernel (mk/cokernel.mk).
 */
#ifndef CK_TLSF_STDIO_H
#define CK_TLSF_STDIO_H

int ck_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#define printf ck_printf

#endif /* CK_TLSF_STDIO_H */
