// SPDX-License-Identifier: MIT
/*
 * asm-offsets.c - struct offsets for the PowerPC (e500, G2_LE) assembly.
 * Compiled to assembly only (never linked); mk/cokernel.mk turns the
 * "->SYM value" markers into generated/asm-offsets.h, so no offset is ever
 * written by hand.
 */
#include <stddef.h>
#include <ck/ck.h>
#include <arch/ctx.h>
#include <ck_fault.h>
#include <ck/regcheck.h>

#define DEFINE(sym, val) \
	__asm__ volatile("\n->" #sym " %0 " #val : : "i"(val))

_Static_assert(CTX_WORDS <= CK_ARCH_CTX_WORDS, "PowerPC frame fits ck_arch_ctx");

void asm_offsets(void);

void asm_offsets(void)
{
	DEFINE(TASK_CTX, offsetof(struct ck_task, ctx));
	DEFINE(CTX_R0_OFF, offsetof(struct ck_arch_ctx, w[CTX_R0]));
	DEFINE(CTX_CR_OFF, offsetof(struct ck_arch_ctx, w[CTX_CR]));
	DEFINE(CTX_LR_OFF, offsetof(struct ck_arch_ctx, w[CTX_LR]));
	DEFINE(CTX_CTR_OFF, offsetof(struct ck_arch_ctx, w[CTX_CTR]));
	DEFINE(CTX_XER_OFF, offsetof(struct ck_arch_ctx, w[CTX_XER]));
	DEFINE(CTX_PC_OFF, offsetof(struct ck_arch_ctx, w[CTX_PC]));
	DEFINE(CTX_MSR_OFF, offsetof(struct ck_arch_ctx, w[CTX_MSR]));
	DEFINE(CTX_SPRS_OFF, offsetof(struct ck_arch_ctx, w[CTX_SPRS]));
	DEFINE(CTX_PROT_OFF, offsetof(struct ck_arch_ctx, w[CTX_PROT]));
	DEFINE(FAULT_DATA, CK_FAULT_DATA);
	DEFINE(FAULT_PREFETCH, CK_FAULT_PREFETCH);
	DEFINE(FAULT_ALIGN, CK_FAULT_ALIGN);
	DEFINE(FAULT_PROGRAM, CK_FAULT_PROGRAM);
	DEFINE(REGCHECK_SEED, offsetof(struct ck_regcheck, seed));
	DEFINE(REGCHECK_SPINNING, offsetof(struct ck_regcheck, spinning));
	DEFINE(REGCHECK_FOUND, offsetof(struct ck_regcheck, found));
}
