/* SPDX-License-Identifier: MIT */
/*
 * start.S - e500v2 reset: own TLB1 entries (RAM and CCSR), the move to the
 * link address, interrupt vectors, HID0, stacks, .bss, then ck_main(); and
 * the way into Linux.
 *
 * Entered ePAPR-style (r3 = the DTB's PA, r6 = ePAPR magic, EA = PA for
 * the image) either from QEMU's -kernel ELF loader (hw/ppc/e500.c
 * ppce500_cpu_reset, notes/e500.md §1: TLB1[0] is the only entry, EA = PA
 * from 0, unprotected) or from U-Boot's bootm of the FIT (notes/e500.md
 * §5: U-Boot leaves eight protected TLB1 entries: CCSR at EA 0xE000_0000,
 * RAM, flash, PCI). The image is loaded at its PA but linked at Linux's
 * linear-map address of it (BOARD_CK_REGION_VA = BOARD_LINUX_PAGE_OFFSET +
 * PA, DESIGN §4), so the code up to the jump to 2f is position-independent
 * (relative branches, immediates only).
 *
 * TLB1 after this code (all TS = 0, TID = 0, IPROT, supervisor only); c is
 * the entry that mapped the code at entry (found with tlbsx):
 *   [(c+1)%16]   EA CK_BLOCK_VA -> PA CK_BLOCK_PA, 64 MiB, cached: the
 *                64 MiB block of RAM holding the co-kernel and IPC regions,
 *                where Linux's lowmem mapping will put it
 *   [c]          EA 0 -> PA 0, 64 MiB, cached: the Linux payload, EA = PA
 *                as ePAPR wants it at Linux's entry (the initial map area)
 *   [(c+2)%16]   EA BOARD_CCSR_VA -> PA BOARD_CCSR_PA_HI:LO, 1 MiB, I|G
 * Every other TLB1 entry is invalidated first, and TLB0 flushed, so no EA
 * is ever mapped by two valid entries (a multi-hit, undefined on silicon);
 * entry c is rewritten only once the code runs through [(c+1)%16].
 * Linux's head_fsl_booke.S later keeps [c] (it runs from it) and
 * invalidates the others; its lowmem mapping covers the co-kernel region
 * at the same EA, and the co-kernel maps its device windows again at the
 * hand-over (arch_map_window()).
 */
#include <arch/booke.h>
#include <arch/start-asm.h>

#define RAM_X (MAS3_SX | MAS3_SW | MAS3_SR)
#define BLOCK_64M 0x04000000
#define CK_BLOCK_PA (BOARD_CK_REGION_PA & ~(BLOCK_64M - 1))
#define CK_BLOCK_VA (BOARD_CK_REGION_VA & ~(BLOCK_64M - 1))
#if (BOARD_CK_REGION_VA - BOARD_CK_REGION_PA) % BLOCK_64M || \
	(BOARD_CK_REGION_PA + BOARD_CK_REGION_SIZE - 1) / BLOCK_64M != \
	BOARD_CK_REGION_PA / BLOCK_64M || \
	(BOARD_SHM_PA + BOARD_SHM_SIZE - 1) / BLOCK_64M != BOARD_CK_REGION_PA / BLOCK_64M
#error "co-kernel and IPC regions must share one 64 MiB block, VA - PA 64 MiB aligned"
#endif

/* tlb1_write - TLB1[resel] := EA ea -> PA pa_hi:pa, 4^tsize KiB, with the
 * entry number in register \resel (0..15). Clobbers r4. */
.macro tlb1_write resel, ea, pa_hi, pa, tsize, wimge, perm
	slwi	r4, \resel, 16                /* MAS0[ESEL] */
	oris	r4, r4, MAS0_TLB1@h
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

/* vectors_own - IVPR = the region base (64 KiB aligned, checked by the
 * link); every IVOR to its stub in entry.S, IVOR0 to the RT entry.
 * Clobbers r4. */
.macro vectors_own
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
.endm

	.section .text.reset, "ax"
	.global _reset
_reset:
	mr	r31, r3                      /* DTB PA, for ck_boot_dtb_pa */
	li	r4, MSR_ME                   /* CE = EE = 0 until arch_rt_unmask() */
	mtmsr	r4
	isync

	/* c = the TLB1 entry that maps this code */
	bl	1f
1:	mflr	r5
	li	r4, 0
	mtspr	SPRN_MAS6, r4                /* search TID 0, AS 0 */
	isync
	tlbsx	0, r5
	mfspr	r30, SPRN_MAS0
	rlwinm	r30, r30, 16, 28, 31         /* c = MAS0[ESEL] */

	/* invalidate every other TLB1 entry (IPROT too: tlbwe with V = 0) */
	li	r29, 0
2:	cmpw	r29, r30
	beq	3f
	slwi	r4, r29, 16
	oris	r4, r4, MAS0_TLB1@h
	mtspr	SPRN_MAS0, r4
	li	r4, 0
	mtspr	SPRN_MAS1, r4
	mtspr	SPRN_MAS2, r4
	mtspr	SPRN_MAS3, r4
	mtspr	SPRN_MAS7, r4
	isync
	tlbwe
	isync
3:	addi	r29, r29, 1
	cmpwi	r29, 16
	blt	2b
	li	r4, MMUCSR0_TLB0_FI           /* and all of TLB0 */
	mtspr	SPRN_MMUCSR0, r4
	isync

	addi	r29, r30, 1
	andi.	r29, r29, 15
	tlb1_write r29, CK_BLOCK_VA, 0, CK_BLOCK_PA, TSIZE_64M, 0, RAM_X
	lis	r4, 2f@h                     /* to the link address */
	ori	r4, r4, 2f@l
	mtctr	r4
	bctr
2:	tlb1_write r30, 0x00000000, 0, 0x00000000, TSIZE_64M, 0, RAM_X
	addi	r29, r30, 2
	andi.	r29, r29, 15
	tlb1_write r29, BOARD_CCSR_VA, BOARD_CCSR_PA_HI, BOARD_CCSR_PA_LO, TSIZE_1M, \
		(MAS2_I | MAS2_G), (MAS3_SW | MAS3_SR)

	vectors_own

	/* timebase on (QEMU ignores TBEN), MSR[WE] dozes (idle) */
	/* read-modify-write: keep what firmware set (U-Boot: EMCP, ENMAS7,
	 * the timebase clock select) */
	mfspr	r4, SPRN_HID0
	oris	r4, r4, HID0_DOZE@h
	ori	r4, r4, HID0_TBEN
	msync
	isync
	mtspr	SPRN_HID0, r4
	isync

	boot_to_ck_main

/*
 * void booke_vectors_own(void) - the co-kernel's vectors (vectors_own)
 * again when Linux, which set its own, is down (arch.c
 * arch_guest_stop()). Clobbers r4. Context: interrupts of every class
 * that could arrive masked or quiet.
 */
	.text
	.global booke_vectors_own
booke_vectors_own:
	vectors_own
	isync
	blr

/*
 * void booke_enter_linux(uint32_t entry_pa, uint32_t dtb_pa) - enter
 * Linux's head at @entry_pa (EA = PA through TLB1[c], 64 MiB) the ePAPR
 * way (ePAPR 1.1 §5.4.1; Linux head_85xx.S): r3 = the DTB's PA, r6 =
 * "EPAP", r7 = the initial map area's size, other GPRs 0, MSR = 0 (both
 * interrupt classes and ME off: Linux sets its own MSR and IVORs).
 * Context: root before Linux, RT masked, RT timer stopped.
 */
	.text
	.global booke_enter_linux
booke_enter_linux:
	mtspr	SPRN_SRR0, r3
	li	r0, 0
	mtspr	SPRN_SRR1, r0
	mr	r3, r4
	li	r4, 0
	li	r5, 0
	lis	r6, 0x4550
	ori	r6, r6, 0x4150               /* ePAPR magic "EPAP" */
	lis	r7, BLOCK_64M@h              /* initial map area: TLB1[c] */
	li	r8, 0
	li	r9, 0
	rfi

	boot_stacks

	.section .note.GNU-stack, "", @progbits
