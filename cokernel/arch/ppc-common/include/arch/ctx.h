/* SPDX-License-Identifier: MIT */
/*
 * ctx.h - layout of the PowerPC saved register frame in struct ck_arch_ctx
 * (e500 and G2_LE).
 *
 * One format for every saved context (critical input entry, voluntary
 * switch, new task): r0-r31, CR, LR, CTR, XER, the pc to resume at and the
 * MSR to resume with. Every frame is resumed the same way: CSRR0/1 loaded
 * from PC/MSR and `rfci` (entry.S), which is safe because a frame is only
 * ever resumed with the RT class (MSR[CE]) masked. No SPE or FPU state:
 * the co-kernel is built soft-float and never sets MSR[SPE] or MSR[FP]. The assembly uses
 * the byte offsets asm-offsets.c derives from these indices.
 */
#ifndef ARCH_CTX_H
#define ARCH_CTX_H

enum arch_ctx_word {
	CTX_R0 = 0,      /* r0..r31 at CTX_R0 + n */
	CTX_R1 = 1,      /* stack pointer */
	CTX_R3 = 3,      /* first argument */
	CTX_CR = 32,
	CTX_LR = 33,
	CTX_CTR = 34,
	CTX_XER = 35,
	CTX_PC = 36,     /* where the context resumes (CSRR0 on entry) */
	CTX_MSR = 37,    /* MSR it resumes with (CSRR1 on entry, WE cleared) */
	/* e500 only: CTX_SPRS_N base-class SPRs, in this order, which the RT
	 * entry saves when the context may hold them live (ppc-booke/entry.S
	 * arch_rt_entry); unused on G2_LE */
	CTX_SPRS = 38,   /* SRR0, SRR1, ESR, DEAR, SPRG0, SPRG4, SPRG5,
			  * MAS0, MAS1, MAS2, MAS3, MAS6, MAS7 */
	CTX_SPRS_N = 13,
	/* G2_LE only: DBAT7L as the context had it (ppc-g2/entry.S); the
	 * resume puts its PP bits back: read-only in Linux's context, where
	 * DBAT7 maps the co-kernel's private block (arch.c
	 * arch_guest_protect()), read/write in the co-kernel's own */
	CTX_PROT = CTX_SPRS + CTX_SPRS_N,
	CTX_WORDS = CTX_PROT + 1,
};

#endif /* ARCH_CTX_H */
