/* SPDX-License-Identifier: MIT */
/*
 * string.h - the one string function tlsf.c uses (memcpy, in tlsf_realloc),
 * from cokernel/core/string.c. Searched only when tlsf.c is built for the
 * co-kernel (mk/cokernel.mk).
 */
#ifndef CK_TLSF_STRING_H
#define CK_TLSF_STRING_H

#include <stddef.h>

void *memcpy(void *dst, const void *src, size_t n);

#endif /* CK_TLSF_STRING_H */
