// SPDX-License-Identifier: MIT
/*
 * asm-offsets.c - struct offsets for the arch assembly. Compiled to assembly
 * only (never linked); mk/cokernel.mk turns the "->SYM value" markers into
 * generated/asm-offsets.h, so no offset is ever written by hand.
 */
#include <stddef.h>
#include <ck/ck.h>
#include <arch/ctx.h>
#include "ck_guest.h"
#include <ck/regcheck.h>

/* %O: the constant without the '#' SH's %c prints */
#define DEFINE(sym, val) \
	__asm__ volatile("\n->" #sym " %O0 " #val : : "i"(val))

_Static_assert(CTX_WORDS <= CK_ARCH_CTX_WORDS, "SH-4 frame fits ck_arch_ctx");

void asm_offsets(void);

void asm_offsets(void)
{
	DEFINE(TASK_CTX, offsetof(struct ck_task, ctx));
	DEFINE(CTX_BYTES, CTX_WORDS * 4);
	DEFINE(GUEST_LINUX_VBR, offsetof(struct ck_guest_page, linux_vbr));
	DEFINE(REGCHECK_SEED, offsetof(struct ck_regcheck, seed));
	DEFINE(REGCHECK_SPINNING, offsetof(struct ck_regcheck, spinning));
	DEFINE(REGCHECK_FOUND, offsetof(struct ck_regcheck, found));
}
