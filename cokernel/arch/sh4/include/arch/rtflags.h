/* SPDX-License-Identifier: MIT */
/*
 * rtflags.h - SH-4 arch_rt_mask()/arch_rt_restore(), inline: the contract
 * is in ck/arch.h, which includes this file. The RT class is INTC level
 * 15, accepted only while SR.IMASK < 15 (SH7751R hardware manual §19.3
 * "Interrupt operation"): RT code runs at IMASK 14, masking raises IMASK
 * to 15.
 *
 * The flags are the whole previous SR; restore puts back only its IMASK
 * bits, so a pair never undoes a T, S, M or Q change made in between.
 * Each is one asm statement that reads, changes and writes SR: `ldc ..,sr`
 * writes T too, so no compiler-made T value may live across it (the asm
 * clobbers "t"). Mask: stc, mov, or #0xf0, ldc; restore: stc, mov, xor,
 * and #0xf0, xor, ldc (r0: the only register `or`/`and` #imm take).
 */
#ifndef CK_ARCH_RTFLAGS_H
#define CK_ARCH_RTFLAGS_H

#include <stdint.h>

static inline __attribute__((always_inline)) ck_rtflags_t arch_rt_mask(void)
{
	uint32_t sr, tmp;

	__asm__ volatile("stc	sr, %0\n\t"
			 "mov	%0, %1\n\t"
			 "or	#0xf0, %1\n\t"
			 "ldc	%1, sr"
			 : "=&r"(sr), "=&z"(tmp)
			 :
			 : "memory", "t");
	return sr;
}

static inline __attribute__((always_inline)) void
arch_rt_restore(ck_rtflags_t flags)
{
	uint32_t sr, tmp;

	/* new = sr ^ ((sr ^ flags) & 0xf0): IMASK from flags, the rest kept */
	__asm__ volatile("stc	sr, %0\n\t"
			 "mov	%0, %1\n\t"
			 "xor	%2, %1\n\t"
			 "and	#0xf0, %1\n\t"
			 "xor	%0, %1\n\t"
			 "ldc	%1, sr"
			 : "=&r"(sr), "=&z"(tmp)
			 : "r"((uint32_t)flags)
			 : "memory", "t");
}

#endif /* CK_ARCH_RTFLAGS_H */
