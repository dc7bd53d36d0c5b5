/* SPDX-License-Identifier: MIT */
/*
 * stdlib.h - empty: tlsf.c includes it but uses nothing from it. Searched
 * only when tlsf.c is built for the co-kernel (mk/cokernel.mk).
 */
#ifndef CK_TLSF_STDLIB_H
#define CK_TLSF_STDLIB_H
#endif /* CK_TLSF_STDLIB_H */
