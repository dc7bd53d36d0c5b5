/* SPDX-License-Identifier: MIT */
/*
 * start.S - e500v2 reset: own TLB1 entries (RAM and CCSR), interrupt
 * vectors, HID0, stacks, .bss, then ck_main().
 *
 * Entered from QEMU's -kernel ELF loader (hw/ppc/e500.c ppce500_cpu_reset,
 * notes/e500.md §1) at _reset: MSR = 0, r1 = a stack below 16 MiB, r3 =
 * the DTB's PA, r6 = ePAPR magic, r7 = size of TLB1[0]; TLB1[0] is the only
 * TLB entry: EA = PA from 0, at least up to the end of the DTB (which QEMU
 * puts above the image), not protected. The image is linked at its PA
 * (EA = PA), so the code runs through TLB1[0] until it rewrites it.
 *
 * TLB1 after this code (all TS = 0, TID = 0, IPROT, supervisor only):
 *   [0]  EA 0x0400_0000 -> PA 0x0400_0000, 64 MiB, cached   (RAM, upper half:
 *        the co-kernel region and the IPC region)
 *   [1]  EA 0x0000_0000 -> PA 0x0000_0000, 64 MiB, cached   (RAM, lower half)
 *   [15] EA BOARD_CCSR_VA -> PA BOARD_CCSR_PA_HI:LO, 1 MiB, I|G (CCSR)
 * Entry 0 is rewritten first: it maps the running code before and after
 * with the same translation, so no two valid entries ever overlap.
 */
#include <arch/booke.h>

#define RAM_X (MAS3_SX | MAS3_SW | MAS3_SR)

/* tlb1_write - TLB1[esel] := EA ea -> PA pa_hi:pa, 4^tsize KiB. Clobbers r4. */
.macro tlb1_write esel, ea, pa_hi, pa, tsize, wimge, perm
	lis	r4, (MAS0_TLB1 | MAS0_ESEL(\esel))@h
	mtspr	SPRN_MAS0, r4
	lis	r4, (MAS1_VALID | MAS1_IPROT)@h
	ori	r4, r4, MAS1_TSIZE(\tsize)
	mtspr	SPRN_MAS1, r4
	lis	r4, (\ea)@h
	ori	r4, r4, (\wimge)
	mtspr	SPRN_MAS2, r4
	lis	r4, (\pa)@h
	ori	r4, r4, (\perm)
	mtspr	SPRN_MAS3, r4
	li	r4, (\pa_hi)
	mtspr	SPRN_MAS7, r4
	isync
	tlbwe
	isync
.endm

	.section .text.reset, "ax"
	.global _reset
_reset:
	mr	r31, r3                      /* DTB PA, for ck_boot_dtb_pa */
	li	r4, MSR_ME                   /* CE = EE = 0 until arch_rt_unmask() */
	mtmsr	r4
	isync

	tlb1_write 0, 0x04000000, 0, 0x04000000, TSIZE_64M, 0, RAM_X
	tlb1_write 1, 0x00000000, 0, 0x00000000, TSIZE_64M, 0, RAM_X
	tlb1_write 15, BOARD_CCSR_VA, BOARD_CCSR_PA_HI, BOARD_CCSR_PA_LO, TSIZE_1M, \
		(MAS2_I | MAS2_G), (MAS3_SW | MAS3_SR)

	/* IVPR = the region base (64 KiB aligned, checked by the link);
	 * every IVOR to its stub in entry.S, IVOR0 to the RT entry */
	lis	r4, __ck_vectors@h
	mtspr	SPRN_IVPR, r4
	.irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
	li	r4, 0
	ori	r4, r4, ivor_\n@l          /* IVOR = EA[16:27] */
	mtspr	SPRN_IVOR0 + \n, r4
	.endr
	.irp n, 32,33,34,35
	li	r4, 0
	ori	r4, r4, ivor_\n@l
	mtspr	SPRN_IVOR32 - 32 + \n, r4
	.endr

	/* timebase on (QEMU ignores TBEN), MSR[WE] dozes (idle) */
	lis	r4, HID0_DOZE@h
	ori	r4, r4, HID0_TBEN
	mtspr	SPRN_HID0, r4
	isync

	lis	r1, ck_boot_stack_top@ha
	addi	r1, r1, ck_boot_stack_top@l
	li	r0, 0
	stwu	r0, -16(r1)                  /* back chain 0 ends the stack */

	lis	r4, __bss_start@ha
	addi	r4, r4, __bss_start@l
	lis	r5, __bss_end@ha
	addi	r5, r5, __bss_end@l
1:	cmplw	r4, r5
	bge	2f
	stw	r0, 0(r4)
	addi	r4, r4, 4
	b	1b
2:	lis	r4, ck_boot_dtb_pa@ha
	stw	r31, ck_boot_dtb_pa@l(r4)

	bl	ck_main
3:	b	3b

	.section .stacks, "aw", @nobits
	.balign 16
	.space	8192
	.global ck_boot_stack_top
ck_boot_stack_top:
	.space	4096
	.global ck_crit_stack_top
ck_crit_stack_top:
	.space	1024
	.global ck_exc_stack_top
ck_exc_stack_top:

	.section .note.GNU-stack, "", @progbits
