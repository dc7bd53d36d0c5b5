/* SPDX-License-Identifier: MIT */
/*
 * entry.S - the VBR table, the RT-class (level 15) entry, the exception
 * entry, the frame restore and the voluntary context switch.
 *
 * The co-kernel owns VBR from its first instruction (start.S). An
 * exception or interrupt enters here with SR.BL = 1, SR.RB = 1 (r0-r7 are
 * bank 1, k0-k7), MD = 1, IMASK unchanged, the interrupted PC in SPC and
 * SR in SSR, r15 in SGR (SH7751R hardware manual §5.5 "Exception
 * handling"). Only k0-k4 are used before the interrupted context is
 * saved: Linux's own entry treats them as scratch, and k5-k7 are Linux's
 * (k6 = g_imask, k7 = current thread_info: Linux 6.1
 * arch/sh/kernel/cpu/sh3/entry.S), so the co-kernel never writes them.
 *
 *  VBR+0x600 (interrupt): INTEVT indexes sh4_rt_code_slot (arch/sh4.h).
 *    An RT source's code is latched in sh4_rt_intevt and the
 *    interrupted context saved into ck_current_task->ctx; then
 *    ck_rt_irq_handle() runs in bank 0 with BL = 0, IMASK = 15 on the RT
 *    stack, and the frame of the task it returns is resumed. Any other
 *    code goes to sh4_fwd[2] with every register Linux reads intact, 10
 *    instructions after the vector.
 *  VBR+0x100 (general exception) and VBR+0x400 (TLB miss): in the root
 *    context they go to sh4_fwd[0] / sh4_fwd[1]; from an RT task (or with
 *    no root known yet) the context is saved into sh4_exc_frame and
 *    arch_exception() decides (an RT task's fault is contained, anything
 *    else is reported and stops).
 *  sh4_fwd[]: fwd_install until Linux has written its vbr_base into the
 *    guest page (linux_vbr, before it clears BL: Linux patch 0006), then
 *    Linux's vbr_base + 0x100 / 0x400 / 0x600: the first root event after
 *    that installs the three, every later one takes 11 (+0x100, +0x400)
 *    or 10 (+0x600) instructions here before Linux's handler.
 *
 * No PC-relative load (mov.l @(disp,PC), mova) may sit in a delay slot:
 * SH-4 makes it a slot-illegal instruction, and with BL = 1 that resets.
 */
#include <arch/sh4.h>
#include <generated/asm-offsets.h>

#define k0 r0
#define k1 r1
#define k2 r2
#define k3 r3
#define k4 r4

/* save_frame - store the interrupted context into the frame whose end
 * (frame + CTX_BYTES) is in k0: bank 0 r0-r7 (through Rn_BANK), r8-r15,
 * SPC, SSR, PR, GBR, MACH, MACL (arch/ctx.h order). Bank 1, BL = 1. */
.macro	save_frame
	sts.l	macl, @-k0
	sts.l	mach, @-k0
	stc.l	gbr, @-k0
	sts.l	pr, @-k0
	stc.l	ssr, @-k0
	stc.l	spc, @-k0
	mov.l	r15, @-k0
	mov.l	r14, @-k0
	mov.l	r13, @-k0
	mov.l	r12, @-k0
	mov.l	r11, @-k0
	mov.l	r10, @-k0
	mov.l	r9, @-k0
	mov.l	r8, @-k0
	stc.l	r7_bank, @-k0
	stc.l	r6_bank, @-k0
	stc.l	r5_bank, @-k0
	stc.l	r4_bank, @-k0
	stc.l	r3_bank, @-k0
	stc.l	r2_bank, @-k0
	stc.l	r1_bank, @-k0
	stc.l	r0_bank, @-k0
.endm

	.section .vbr, "ax"
	.balign	32
	.global	sh4_vbr
sh4_vbr:

/* exc_vector n - VBR+0x100 / +0x400 (n = offset / 0x100): the root
 * context goes to sh4_fwd[fwd] (11 instructions here, the jump's delay
 * slot included), an RT task (or anything before the root is known) to
 * exc_save_<n>. */
.macro	exc_vector n, fwd
	mov.l	9101f, k0
	mov.l	9102f, k1
	mov.l	@k0, k0
	mov.l	@k1, k1
	cmp/eq	k0, k1
	mov.l	9103f, k0               /* not in a delay slot: PC-relative */
	bf	9100f                   /* loads there are slot-illegal */
	mov.l	9104f, k0
	mov.l	@k0, k0
9100:	jmp	@k0
	nop
	.balign	4
9101:	.long	ck_current_task
9102:	.long	sh4_root_task
9103:	.long	exc_save_\n
9104:	.long	sh4_fwd + 4 * \fwd
.endm

	.org	VBR_GENERAL
	exc_vector 1, 0

	.org	VBR_TLB_MISS
	exc_vector 4, 1

	.org	VBR_INTERRUPT
	.global	arch_rt_entry
arch_rt_entry:
	mov.l	.Lintevt, k0
	mov.l	.Lcode_slot, k1
	mov.l	@k0, k0                 /* INTEVT, read with BL = 1 */
	mov.b	@(k0, k1), k3           /* sh4_rt_code_slot[INTEVT] */
	tst	k3, k3
	bt	to_linux
	mov.l	.Lintevt_latch, k1
	mov.l	k0, @k1
	mov.l	.Lcur, k0
	mov.l	.Lctx_end, k1
	mov.l	@k0, k0
	add	k1, k0                  /* k0 = end of ck_current_task->ctx */
	save_frame
	mov.l	.Lrt_stack_top, r15
	mov.l	.Lsr_irq, k1
	mov.l	.Lrt_irq_handle, r8
	ldc	k1, sr                  /* bank 0, BL = 0, RT masked */
	jsr	@r8
	nop
	mov.l	.Lctx_off, r9
	mov.l	.Lsr_resume, r10
	add	r0, r9                  /* the returned task's frame */
	ldc	r10, sr                 /* bank 1, BL = 1 */
	bra	ctx_restore_r9
	nop
to_linux:                               /* 10 instructions from the vector */
	mov.l	.Lfwd_irq, k0
	mov.l	@k0, k0
	jmp	@k0
	nop

	.balign	4
.Lintevt:	.long	SH4_INTEVT
.Lcode_slot:	.long	sh4_rt_code_slot
.Lintevt_latch:	.long	sh4_rt_intevt
.Lcur:		.long	ck_current_task
.Lctx_end:	.long	TASK_CTX + CTX_BYTES
.Lctx_off:	.long	TASK_CTX
.Lrt_stack_top:	.long	sh4_rt_stack_top
.Lsr_irq:	.long	SR_RT_IRQ
.Lsr_resume:	.long	SR_RESUME
	.global	sh4_rt_handler
sh4_rt_handler:                         /* arch_rt_handler_set() rewrites it */
.Lrt_irq_handle: .long	ck_rt_irq_handle
.Lfwd_irq:	.long	sh4_fwd + 8

/*
 * ctx_restore_r9 - resume the frame at r9: bank 0 r0-r7, r8-r15, then
 * SPC/SSR/PR/GBR/MACH/MACL, and `rte`, which loads SR from SSR and jumps
 * to SPC. Entered in bank 1 with BL = 1, so nothing can interrupt the
 * half-loaded state.
 */
ctx_restore_r9:
	mov	r9, k0
	ldc.l	@k0+, r0_bank
	ldc.l	@k0+, r1_bank
	ldc.l	@k0+, r2_bank
	ldc.l	@k0+, r3_bank
	ldc.l	@k0+, r4_bank
	ldc.l	@k0+, r5_bank
	ldc.l	@k0+, r6_bank
	ldc.l	@k0+, r7_bank
	mov.l	@k0+, r8
	mov.l	@k0+, r9
	mov.l	@k0+, r10
	mov.l	@k0+, r11
	mov.l	@k0+, r12
	mov.l	@k0+, r13
	mov.l	@k0+, r14
	mov.l	@k0+, r15
	ldc.l	@k0+, spc
	ldc.l	@k0+, ssr
	lds.l	@k0+, pr
	ldc.l	@k0+, gbr
	lds.l	@k0+, mach
	lds.l	@k0+, macl
	rte
	nop

/*
 * exc_save - an exception (or, before Linux, an interrupt not routed to
 * the RT class) the co-kernel handles itself: k4 = VBR offset / 0x100.
 * The context goes into sh4_exc_frame (not the task's frame: the
 * exception may have hit the RT entry's own C part), then
 * arch_exception(k4) on the RT stack, bank 0, BL = 0, RT masked, returns
 * the frame to resume.
 */
	.text
/* the vectors' ways into exc_save and fwd_install: k4 = VBR offset / 0x100 */
exc_save_1:
	bra	exc_save
	mov	#1, k4
exc_save_4:
	bra	exc_save
	mov	#4, k4
fwd_install_1:
	bra	fwd_install
	mov	#1, k4
fwd_install_4:
	bra	fwd_install
	mov	#4, k4
fwd_install_6:
	bra	fwd_install
	mov	#6, k4

exc_save:
	mov.l	.Lexc_vector, k1
	mov.l	k4, @k1
	mov.l	.Lexc_frame_end, k0
	save_frame
	mov.l	.Lrt_stack_top2, r15
	mov.l	.Lsr_irq2, k1
	mov.l	.Lexception, r8
	ldc	k1, sr
	jsr	@r8
	nop
	mov	r0, r9
	mov.l	.Lsr_resume2, r10
	mov.l	.Lrestore, r11
	ldc	r10, sr
	jmp	@r11
	nop

/*
 * fwd_install - a root context's event while sh4_fwd[] is not Linux's yet
 * (k4 = VBR offset / 0x100). No linux_vbr in the guest page: the
 * co-kernel's own event (exc_save). Else sh4_fwd[] becomes linux_vbr +
 * 0x100, + 0x400, + 0x600 and the event goes to Linux's handler. Uses
 * k0-k3 only; nothing of the interrupted context is touched. linux_vbr is
 * Linux's to get right: only Linux's own events go there.
 */
fwd_install:
	mov.l	.Llinux_vbr, k0
	mov.l	@k0, k0
	tst	k0, k0
	bt	exc_save
	mov.l	.Lfwd, k1
	mov.w	.Loff_general, k2
	mov	k0, k3
	add	k2, k3
	mov.l	k3, @k1
	mov.w	.Loff_tlb, k2
	mov	k0, k3
	add	k2, k3
	mov.l	k3, @(4, k1)
	mov.w	.Loff_irq, k2
	mov	k0, k3
	add	k2, k3
	mov.l	k3, @(8, k1)
	mov	k4, k2
	shll8	k2
	add	k2, k0
	jmp	@k0
	nop
	.balign	2
.Loff_general:	.word	VBR_GENERAL
.Loff_tlb:	.word	VBR_TLB_MISS
.Loff_irq:	.word	VBR_INTERRUPT

/*
 * void arch_ctx_switch(struct ck_arch_ctx *from, struct ck_arch_ctx *to)
 * Context: RT task or root, bank 0, RT masked (IMASK 15).
 * Saves the caller's callee-saved state in the common frame format,
 * resuming at its return address with its SR (so RT masked again on
 * resume); r0-r7 are caller-saved and not kept. Leaves through the
 * frame restore.
 */
	.global	arch_ctx_switch
arch_ctx_switch:
	mov	r4, r0
	add	#CTX_BYTES, r0
	sts.l	macl, @-r0
	sts.l	mach, @-r0
	stc.l	gbr, @-r0
	sts.l	pr, @-r0
	stc.l	sr, @-r0
	sts.l	pr, @-r0
	mov.l	r15, @-r0
	mov.l	r14, @-r0
	mov.l	r13, @-r0
	mov.l	r12, @-r0
	mov.l	r11, @-r0
	mov.l	r10, @-r0
	mov.l	r9, @-r0
	mov.l	r8, @-r0
	mov.l	.Lsr_resume2, r1
	mov.l	.Lrestore, r10
	mov	r5, r9
	ldc	r1, sr                  /* bank 1: r8-r15 are not banked */
	jmp	@r10
	nop

	.balign	4
.Lexc_vector:	.long	sh4_exc_vector
.Lexc_frame_end: .long	sh4_exc_frame + CTX_BYTES
.Lrt_stack_top2: .long	sh4_rt_stack_top
.Lsr_irq2:	.long	SR_RT_IRQ
.Lsr_resume2:	.long	SR_RESUME
.Lexception:	.long	arch_exception
.Lrestore:	.long	ctx_restore_r9
.Llinux_vbr:	.long	ck_guest_page + GUEST_LINUX_VBR
.Lfwd:		.long	sh4_fwd

	.data
	.balign	4
/* where VBR+0x100, +0x400 and +0x600 send the root context's events:
 * fwd_install until Linux gave its vbr_base, Linux's handlers afterwards */
	.global	sh4_fwd
sh4_fwd:
	.long	fwd_install_1, fwd_install_4, fwd_install_6
/* the same, kept: sh4_fwd[] goes back to it when Linux is down (arch.c
 * arch_guest_stop()) */
	.section .rodata
	.balign	4
	.global	sh4_fwd_boot
sh4_fwd_boot:
	.long	fwd_install_1, fwd_install_4, fwd_install_6
	.data
	.global	sh4_root_task
sh4_root_task:
	.long	0

	.bss
	.balign	4
	.global	sh4_rt_intevt
sh4_rt_intevt:
	.space	4
	.global	sh4_exc_vector
sh4_exc_vector:
	.space	4
	.global	sh4_exc_frame
sh4_exc_frame:
	.space	CTX_BYTES
	.global	sh4_rt_code_slot
sh4_rt_code_slot:
	.space	SH4_CODE_SLOTS
