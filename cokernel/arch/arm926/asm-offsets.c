// SPDX-License-Identifier: MIT
/*
 * asm-offsets.c - struct offsets for the arch assembly. Compiled to assembly
 * only (never linked); mk/cokernel.mk turns the "->SYM value" markers into
 * generated/asm-offsets.h, so no offset is ever written by hand.
 */
#include <stddef.h>
#include <ck/ck.h>
#include <ck_fault.h>
#include <ck/regcheck.h>
#include <arch/ctx.h>

#define DEFINE(sym, val) \
	__asm__ volatile("\n->" #sym " %c0 " #val : : "i"(val))

_Static_assert(CTX_WORDS <= CK_ARCH_CTX_WORDS, "ARM926 frame fits ck_arch_ctx");

void asm_offsets(void);

void asm_offsets(void)
{
	DEFINE(TASK_CTX, offsetof(struct ck_task, ctx));
	DEFINE(CTX_PC_OFF, offsetof(struct ck_arch_ctx, w[CTX_PC]));
	DEFINE(CTX_CPSR_OFF, offsetof(struct ck_arch_ctx, w[CTX_CPSR]));
	DEFINE(CTX_DACR_OFF, offsetof(struct ck_arch_ctx, w[CTX_DACR]));
	DEFINE(FAULT_UNDEF, CK_FAULT_UNDEF);
	DEFINE(FAULT_PREFETCH, CK_FAULT_PREFETCH);
	DEFINE(FAULT_DATA, CK_FAULT_DATA);
	DEFINE(REGCHECK_SEED, offsetof(struct ck_regcheck, seed));
	DEFINE(REGCHECK_SPINNING, offsetof(struct ck_regcheck, spinning));
	DEFINE(REGCHECK_FOUND, offsetof(struct ck_regcheck, found));
}
