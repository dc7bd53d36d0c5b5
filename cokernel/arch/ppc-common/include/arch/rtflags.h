/* SPDX-License-Identifier: MIT */
/*
 * rtflags.h - PowerPC arch_rt_mask()/arch_rt_restore(), inline: the
 * contract is in ck/arch.h, which includes this file. The RT class is the
 * one MSR[CE] enables: on the e500 the critical input and the watchdog
 * (EREF 2.0, 4.5.1 "Machine State Register"; e500 core reference manual
 * 2.5.1: MSR_CE 0x00020000), on the G2_LE the critical interrupt
 * (G2CORERM §5.5.10: MSR_CE 0x00000080, arch/ppc-g2 g2.h); the port's
 * arch/core.h names the bit. mtmsr is execution synchronizing on both
 * (e500CORERM; the 32-bit PEM's mtmsr), so no isync follows.
 *
 * The flags are the whole previous MSR; restore puts back only its CE bit,
 * so a pair never undoes an EE change made in between (Linux's EE is its
 * own business once it runs).
 */
#ifndef CK_ARCH_RTFLAGS_H
#define CK_ARCH_RTFLAGS_H

#include <stdint.h>
#include <arch/core.h>	/* MSR_CE: booke.h or g2.h */

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
