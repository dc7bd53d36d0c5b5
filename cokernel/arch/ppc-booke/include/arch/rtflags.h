/* SPDX-License-Identifier: MIT */
/*
 * rtflags.h - e500 (Book-E) arch_rt_mask()/arch_rt_restore(), inline: the
 * contract is in ck/arch.h, which includes this file. The RT class is the
 * critical input and the watchdog, enabled by MSR[CE] (EREF 2.0, 4.5.1
 * "Machine State Register"; e500 core reference manual 2.5.1); mtmsr is
 * execution synchronizing there, so no isync follows.
 *
 * The flags are the whole previous MSR; restore puts back only its CE bit,
 * so a pair never undoes an EE change made in between (Linux's EE is its
 * own business once it runs).
 */
#ifndef CK_ARCH_RTFLAGS_H
#define CK_ARCH_RTFLAGS_H

#include <stdint.h>
#include <arch/booke.h>

static inline __attribute__((always_inline)) uint32_t msr_read(void)
{
	uint32_t v;

	__asm__ volatile("mfmsr %0" : "=r"(v));
	return v;
}

static inline __attribute__((always_inline)) void msr_write(uint32_t v)
{
	__asm__ volatile("mtmsr %0" : : "r"(v) : "memory");
}

static inline __attribute__((always_inline)) ck_rtflags_t arch_rt_mask(void)
{
	uint32_t msr = msr_read();

	msr_write(msr & ~MSR_CE);
	return msr;
}

static inline __attribute__((always_inline)) void
arch_rt_restore(ck_rtflags_t flags)
{
	msr_write((msr_read() & ~MSR_CE) | ((uint32_t)flags & MSR_CE));
}

#endif /* CK_ARCH_RTFLAGS_H */
