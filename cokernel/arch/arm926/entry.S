/* SPDX-License-Identifier: MIT */
/*
 * entry.S - the RT-class (FIQ) entry and the voluntary context switch.
 *
 * Both save/restore the frame of arch/ctx.h. The FIQ entry is reached from
 * the high vector 0xffff001c before Linux and from Linux's FIQ trampoline
 * (ldr pc, =arch_rt_entry at vectors_page + FIQ_OFFSET) afterwards, in FIQ
 * mode with I=F=1. It sets the co-kernel's DACR before its first store and
 * keeps the interrupted one in the frame, which the exit writes back after
 * its last load (gate.S says why). It saves the interrupted context with
 * user-bank stm/ldm (`^`), which is the right bank for every mode it can
 * interrupt:
 * RT tasks run in SYS mode, and the root context's SVC/IRQ/ABT/UND banked
 * sp/lr/spsr are never touched while RT runs (notes/linuxhooks.md §1.2:
 * Linux rewrites r13_fiq, so the FIQ stack comes from a literal).
 */
#include <arch/cp15.h>
#include <generated/asm-offsets.h>

	.text
	.arm
	.balign	32
	.global arch_rt_entry
arch_rt_entry:
	mrc	p15, 0, r11, c3, c0, 0      @ the interrupted context's DACR
	ldr	r12, =DACR_CK
	mcr	p15, 0, r12, c3, c0, 0      @ before the first store (gate.S)
	ldr	r8, =ck_current_task        @ r8-r12 are FIQ-banked: free
	sub	r9, lr, #4                  @ interrupted pc (ARM and Thumb alike)
	ldr	r8, [r8]
	mrs	r10, spsr                   @ interrupted cpsr
	.if	TASK_CTX
	add	r8, r8, #TASK_CTX
	.endif
	ldr	sp, =ck_fiq_stack_top
	stmia	r8, {r0-r14}^               @ interrupted r0-r12, sp, lr
	str	r9, [r8, #CTX_PC_OFF]
	str	r10, [r8, #CTX_CPSR_OFF]
	str	r11, [r8, #CTX_DACR_OFF]
	.global	arm926_rt_call
arm926_rt_call:                             @ arch_rt_handler_set() rewrites it
	bl	ck_rt_irq_handle
	add	r8, r0, #TASK_CTX
	/* fall through */

/*
 * arch_ctx_resume - resume the frame at r8 (r8_fiq): FIQ mode, I=F=1.
 * Its DACR is written last (gate.S); the user-bank ldm leaves r8-r12 of
 * the FIQ bank, and so r11, alone.
 */
	.global arch_ctx_resume
arch_ctx_resume:
	ldr	r10, [r8, #CTX_CPSR_OFF]
	ldr	lr, [r8, #CTX_PC_OFF]
	ldr	r11, [r8, #CTX_DACR_OFF]
	msr	spsr_cxsf, r10
	ldmia	r8, {r0-r14}^
	nop                                 @ no banked access right after ldm^
	mcr	p15, 0, r11, c3, c0, 0
	movs	pc, lr

/*
 * arm926_rt_entry_boot - the RT entry from Linux's page tables while it
 * boots (start.S vf_boot_fiq switched to the co-kernel's, r8 = Linux's
 * TTBR): FIQ mode, I=F=1, lr and spsr as the FIQ left them. Linux's TTBR,
 * pc and CPSR go to arm926_boot_root, and the frame arch_rt_entry saves
 * for Linux resumes at vf_boot_return instead, in FIQ mode, which puts
 * them back: the co-kernel and its RT tasks run in its own table, and
 * the ways back to Linux (FIQ exit, voluntary switch, a contained fault)
 * stay as they are. Only Linux runs in Linux's table, so one slot does.
 */
	.global arm926_rt_entry_boot
arm926_rt_entry_boot:
	ldr	r9, =arm926_boot_root
	sub	r10, lr, #4
	mrs	r11, spsr
	stmia	r9, {r8, r10, r11}
	ldr	lr, =(arm926_boot_return_va + 4)
	mov	r10, #(PSR_MODE_FIQ | PSR_I | PSR_F)
	msr	spsr_cxsf, r10
	b	arch_rt_entry

	.bss
	.balign	4
	.global	arm926_boot_root
arm926_boot_root:                   @ Linux's TTBR, pc, CPSR
	.space	12
	.text

/*
 * arch_fault_entry - an RT task's undefined instruction or abort, from the
 * vector filter (start.S before Linux, Linux's afterwards, ipc/ck_guest.h):
 * ABT or UND mode, r0 = CK_FAULT_* kind, the task's r0 at [sp] and two
 * more free words above it, lr/spsr as the exception left them. FIQ may
 * still be enabled, so mask it first; then save the task like the FIQ
 * entry does and, in FIQ mode on the FIQ stack, let arch_fault_task()
 * suspend it and pick the task to resume.
 */
	.global arch_fault_entry
arch_fault_entry:
	str	r1, [sp, #4]
	mrs	r1, cpsr
	orr	r1, r1, #PSR_F
	msr	cpsr_c, r1                  @ RT masked: the frame is the task's
	str	r0, [sp, #8]                @ kind
	ldr	r0, =ck_current_task
	ldr	r0, [r0]
	.if	TASK_CTX
	add	r0, r0, #TASK_CTX
	.endif
	add	r1, r0, #8
	stmia	r1, {r2-r14}^               @ the task's r2-r12, sp, lr (SYS bank)
	nop
	ldr	r1, [sp]
	str	r1, [r0]                    @ its r0
	ldr	r1, [sp, #4]
	str	r1, [r0, #4]                @ its r1
	str	lr, [r0, #CTX_PC_OFF]       @ the exception's return address
	mrs	r1, spsr
	str	r1, [r0, #CTX_CPSR_OFF]
	mrc	p15, 0, r1, c3, c0, 0
	str	r1, [r0, #CTX_DACR_OFF]     @ the task's (the co-kernel's)
	ldr	r0, [sp, #8]
	mov	r1, lr
	msr	cpsr_c, #(PSR_MODE_FIQ | PSR_I | PSR_F)
	ldr	sp, =ck_fiq_stack_top
	bl	arch_fault_task             @ (kind, return address) -> next
	add	r8, r0, #TASK_CTX
	b	arch_ctx_resume

/*
 * void arch_ctx_switch(struct ck_arch_ctx *from, struct ck_arch_ctx *to)
 * Context: RT task (SYS) or root (SVC), RT masked (F=1).
 * Saves the caller in the FIQ frame format, resuming at 1: with its CPSR
 * (so F=1 again on resume) and DACR, then leaves through the FIQ restore
 * path.
 * In SVC the caller's sp/lr stay in the SVC bank, untouched meanwhile.
 */
	.global arch_ctx_switch
arch_ctx_switch:
	mrs	r2, cpsr
	adr	r3, 1f
	msr	cpsr_c, #(PSR_MODE_FIQ | PSR_I | PSR_F)
	stmia	r0, {r0-r14}^
	str	r3, [r0, #CTX_PC_OFF]
	str	r2, [r0, #CTX_CPSR_OFF]
	mrc	p15, 0, r2, c3, c0, 0
	str	r2, [r0, #CTX_DACR_OFF]
	mov	r8, r1
	b	arch_ctx_resume
1:	bx	lr
	.ltorg
