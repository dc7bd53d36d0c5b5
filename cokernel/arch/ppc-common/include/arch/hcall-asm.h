/* SPDX-License-Identifier: MIT */
/*
 * hcall-asm.h - the ePAPR hypercall entry of the G2_LE (ppc-g2/entry.S,
 * on Linux's stack) and the call both PowerPC ports make from theirs
 * (e500: ppc-booke/entry.S, on the co-kernel's gate stack); assembly only.
 */
#ifndef ARCH_HCALL_ASM_H
#define ARCH_HCALL_ASM_H

/*
 * epapr_hcall_call - in a frame at r1 of at least 48 bytes: r3-r10 into
 * its words 16..44, ck_epapr_hcall(r11, those words), r3-r10 back from
 * them. Clobbers what a C call does (r0, r11, r12, CTR, XER, LR, CR0/1/5-7).
 */
.macro epapr_hcall_call
	stw	r3, 16(r1)
	stw	r4, 20(r1)
	stw	r5, 24(r1)
	stw	r6, 28(r1)
	stw	r7, 32(r1)
	stw	r8, 36(r1)
	stw	r9, 40(r1)
	stw	r10, 44(r1)
	mr	r3, r11
	addi	r4, r1, 16
	bl	ck_epapr_hcall
	lwz	r3, 16(r1)
	lwz	r4, 20(r1)
	lwz	r5, 24(r1)
	lwz	r6, 28(r1)
	lwz	r7, 32(r1)
	lwz	r8, 36(r1)
	lwz	r9, 40(r1)
	lwz	r10, 44(r1)
.endm

/*
 * epapr_hcall_entry - the body of ck_hcall_entry, the ePAPR hypercall
 * (ePAPR 1.1 "Hypercall ABI", Linux arch/powerpc/include/asm/
 * epapr_hcalls.h): r11 = token (vendor << 16 | number), r3-r10 =
 * arguments, results back in r3 (status) and r4-r10, through
 * ck_epapr_hcall(token, regs[8]). Linux's epapr_hypercall_start, patched
 * from the guest DTB's hcall-instructions (lis/ori r12, mtctr r12, bctr),
 * branches here with LR = its caller's return address. The caller's asm
 * lists r0, r3-r12, CTR, XER, LR, CR0 and memory as clobbered; CR is saved
 * whole because the C code may use CR1 and CR5-CR7, which the caller does
 * not expect to change. Runs on Linux's kernel stack (a 64-byte frame), in
 * Linux context, MSR[EE] cleared for the call and restored after it. LR
 * is kept inside this entry's own frame (48), never in the caller's LR
 * save word (4 above the frame): the caller reaches here through inline
 * asm, which GCC does not count as a call, so a frameless caller keeps
 * its own return address in that word (linux-guest/drivers/cokernel/
 * ipc.c cokernel_notify() does: saving LR there made it return to
 * itself for ever). A nested Linux interrupt would turn MSR[CE] back on (Linux's prolog sets
 * MSR_KERNEL) inside the ops' RT-masked sections; ck_epapr_hcall() masks
 * RT where it must.
 * The port defines two macros before using this one:
 *   hcall_ee_off      MSR[EE] off; r0 holds the MSR at entry (also saved
 *                     at 12(r1)); may clobber r0 and r12, and use the
 *                     frame's word at 52(r1) (the G2_LE keeps DBAT7L there:
 *                     its private block is writable for the call)
 *   hcall_ee_restore  MSR[EE] back as 12(r1) has it (and whatever
 *                     hcall_ee_off changed); may clobber r0, r11
 */
.macro epapr_hcall_entry
	stwu	r1, -64(r1)
	mflr	r0
	stw	r0, 48(r1)
	mfcr	r0
	stw	r0, 8(r1)
	mfmsr	r0
	stw	r0, 12(r1)
	hcall_ee_off
	epapr_hcall_call
	hcall_ee_restore
	lwz	r0, 8(r1)
	mtcr	r0
	lwz	r0, 48(r1)
	mtlr	r0
	addi	r1, r1, 64
	blr
.endm

#endif /* ARCH_HCALL_ASM_H */
