/* SPDX-License-Identifier: MIT */
/*
 * assert.h - what tlsf.c's tlsf_assert() (assert() unless defined) becomes
 * in the co-kernel, which has no C library: a broken TLSF invariant (a
 * corrupted heap) stops the co-kernel through ck_assert_fail(), as the
 * core's own ck_assert() does (cokernel/core/core.h). Searched only when
 * tlsf.c is built for the co-kernel (mk/cokernel.mk); the unit tests build
 * it against the host's headers.
 */
#ifndef CK_TLSF_ASSERT_H
#define CK_TLSF_ASSERT_H

void ck_assert_fail(const char *file, int line) __attribute__((noreturn));

#ifdef CK_DEBUG
#define assert(cond) ((cond) ? (void)0 : ck_assert_fail(__FILE__, __LINE__))
#else
#define assert(cond) ((cond) ? (void)0 : ck_assert_fail((const char *)0, 0))
#endif

#endif /* CK_TLSF_ASSERT_H */
