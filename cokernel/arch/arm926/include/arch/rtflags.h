/* SPDX-License-Identifier: MIT */
/*
 * rtflags.h - ARM926EJ-S arch_rt_mask()/arch_rt_restore(), inline: the
 * contract is in ck/arch.h, which includes this file. The RT class is FIQ
 * (CPSR.F, ARM ARM (DDI 0100I) A2.5 "Program status registers").
 *
 * The flags are the whole previous CPSR and restore writes its control byte
 * back (mode, I, F; T is 0 in this ARM code), as Linux's ARMv5
 * arch_local_irq_restore() does (arch/arm/include/asm/irqflags.h): mrs,
 * orr, msr to mask, one msr to restore. Pairs never span a mode or I
 * change, so only F effectively changes.
 */
#ifndef CK_ARCH_RTFLAGS_H
#define CK_ARCH_RTFLAGS_H

#include <stdint.h>
#include <arch/cp15.h>

/* the CPSR (ARM ARM A2.5); cpsr_write_c() writes its control byte */
static inline __attribute__((always_inline)) uint32_t cpsr_read(void)
{
	uint32_t v;

	__asm__ volatile("mrs %0, cpsr" : "=r"(v));
	return v;
}

static inline __attribute__((always_inline)) void cpsr_write_c(uint32_t v)
{
	__asm__ volatile("msr cpsr_c, %0" : : "r"(v) : "memory", "cc");
}

static inline __attribute__((always_inline)) ck_rtflags_t arch_rt_mask(void)
{
	uint32_t psr = cpsr_read();

	cpsr_write_c(psr | PSR_F);
	return psr;
}

static inline __attribute__((always_inline)) void
arch_rt_restore(ck_rtflags_t flags)
{
	cpsr_write_c(flags);
}

#endif /* CK_ARCH_RTFLAGS_H */
