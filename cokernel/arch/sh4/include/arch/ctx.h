/* SPDX-License-Identifier: MIT */
/*
 * ctx.h - layout of the SH-4 saved register frame in struct ck_arch_ctx.
 *
 * One format for every saved context (RT interrupt entry, exception entry,
 * voluntary switch, new task): r0-r15 of bank 0 (every context the
 * co-kernel saves runs with SR.RB = 0: RT tasks, Linux outside its BL = 1
 * entry and exit windows, the boot idle loop), the pc to resume at (SPC on
 * entry), the SR to resume with (SSR on entry), PR, GBR, MACH, MACL. Every
 * frame is resumed the same way, by loading SPC/SSR and `rte` (entry.S).
 * No FPU state: RT code is built -m4-nofpu and runs with SR.FD = 1, so the
 * interrupted context's FPU registers are never touched. Bank 1 (k0-k7) is
 * not saved: k0-k4 are entry scratch for Linux too, and the co-kernel never
 * writes k5-k7 (Linux's g_imask and current thread_info). The assembly
 * uses the byte offsets asm-offsets.c derives from these indices.
 */
#ifndef ARCH_CTX_H
#define ARCH_CTX_H

enum arch_ctx_word {
	CTX_R0 = 0,      /* r0..r15 at CTX_R0 + n */
	CTX_R4 = 4,      /* first argument */
	CTX_R15 = 15,    /* stack pointer */
	CTX_PC = 16,     /* where the context resumes (SPC on entry) */
	CTX_SR = 17,     /* SR it resumes with (SSR on entry) */
	CTX_PR = 18,
	CTX_GBR = 19,
	CTX_MACH = 20,
	CTX_MACL = 21,
	CTX_WORDS = 22,
};

#endif /* ARCH_CTX_H */
