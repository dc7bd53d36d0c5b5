/* SPDX-License-Identifier: MIT */
/*
 * ctx.h - layout of the ARM926 saved register frame in struct ck_arch_ctx.
 *
 * One format for every saved context (FIQ entry, voluntary switch, new
 * task): r0-r12, then the user/system bank's sp and lr, the pc to resume at,
 * the CPSR to resume with and the DACR (Linux's own, which keeps the
 * co-kernel's private memory out of reach, or the co-kernel's: cp15.h). Banked sp/lr/spsr of SVC, IRQ, ABT and UND
 * are not in the frame: RT tasks run in SYS mode only, so those banks keep
 * the root context's (Linux's) values while RT runs. The assembly uses the
 * byte offsets that asm-offsets.c derives from these indices.
 */
#ifndef ARCH_CTX_H
#define ARCH_CTX_H

enum arch_ctx_word {
	CTX_R0 = 0,
	CTX_SP = 13,     /* sp_usr = sp_sys */
	CTX_LR = 14,     /* lr_usr = lr_sys */
	CTX_PC = 15,     /* where the context resumes */
	CTX_CPSR = 16,   /* CPSR it resumes with (mode, I, F, T) */
	CTX_DACR = 17,   /* domain access control it resumes with */
	CTX_WORDS = 18,
};

#endif /* ARCH_CTX_H */
