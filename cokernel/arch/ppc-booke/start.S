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
 * kernel address of it (BOARD_CK_REGION_VA = BOARD_LINUX_PAGE_OFFSET +
 * PA, DESIGN §4; above Linux's lowmem, arch/tlb1.h), so the code up to
 * the jump to 2f is position-independent (relative branches, immediates
 * only).
 *
 * TLB1 after this code (TID = 0, supervisor only; the entries, their
 * address spaces and why they lie where they do: arch/tlb1.h); c is the
 * entry that mapped the code at entry (found with tlbsx):
 *   [TLB1_CK_A or _B]  AS 0, EA CK_REGION_VA -> PA CK_REGION_PA, cached,
 *                      execute and read only, protected: the co-kernel's
 *                      code (B when c is A)
 *   [the other]        AS 1, EA CCSR_VA -> PA CCSR_PA_HI:LO, 1 MiB, I|G,
 *                      protected
 *   [TLB1_CK_SHM]      AS 1, EA SHM_BOOT_VA -> PA SHM_PA, I|G, protected
 *   [TLB1_CK_DATA]     AS 1, the region again, read/write, protected
 *   [TLB1_LOW]         AS 1, EA 0 -> PA 0, 64 MiB, cached: the Linux
 *                      payload (arch_boot_linux() rewrites it in AS 0 as
 *                      Linux's initial map)
 *   [TLB1_HIGH]        AS 1, EA 64 MiB -> PA 64 MiB, 64 MiB, cached: the
 *                      rest of RAM (the staged kernel, the pristine copy)
 * then MSR[DS] = 1: from here on every data access of the co-kernel is in
 * address space 1, its instruction fetches in 0. Every other TLB1 entry is
 * invalidated first, and TLB0 flushed, so no EA is ever mapped by two
 * valid entries of one address space (a multi-hit, undefined on silicon);
 * c is invalidated once the code runs through the region's entry.
 * Linux's head (linux-guest/patches/0011) keeps the protected entries,
 * runs in TLB1_LOW (arch_boot_linux() writes it in AS 0) until its own
 * KERNELBASE entry is up, then drops it, and drops the others.
 *
 * Firmware may leave cache lines of the IPC region behind (U-Boot
 * relocates itself near the top of RAM, where the region is, and bootm
 * does not flush): they are written back and dropped through the cached
 * EA = PA view (dcbf, EREF "cache management") before anything uses the
 * region through its cache-inhibited entry.
 */
#include <arch/booke.h>
#include <arch/start-asm.h>
#include <arch/tlb1.h>
#include <arch/linux-words.h>

#define RW (MAS3_SW | MAS3_SR)
#define CODE (MAS3_SX | MAS3_SR)

/* tlb1_write - TLB1[resel] := EA ea -> PA pa_hi:pa, 4^tsize KiB, with the
 * entry number in register \resel (0..15); \mas1: MAS1_IPROT, MAS1_TS
 * (address space 1) or 0. Clobbers r4. */
.macro tlb1_write resel, ea, pa_hi, pa, tsize, wimge, perm, mas1
	slwi	r4, \resel, 16                /* MAS0[ESEL] */
	oris	r4, r4, MAS0_TLB1@h
	mtspr	SPRN_MAS0, r4
	lis	r4, (MAS1_VALID | (\mas1))@h
	ori	r4, r4, ((\mas1) & 0xffff) | MAS1_TSIZE(\tsize)
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

/* tlb1_clear - TLB1[resel] invalid (IPROT too: tlbwe with V = 0).
 * Clobbers r4. */
.macro tlb1_clear resel
	slwi	r4, \resel, 16
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

	/* invalidate every other TLB1 entry */
	li	r29, 0
2:	cmpw	r29, r30
	beq	3f
	tlb1_clear r29
3:	addi	r29, r29, 1
	cmpwi	r29, TLB1_ENTRIES
	blt	2b
	li	r4, MMUCSR0_TLB0_FI           /* and all of TLB0 */
	mtspr	SPRN_MMUCSR0, r4
	isync

	/* r29 = the region's entry, r28 = CCSR's: A and B, or B and A
	 * where c is A */
	li	r29, TLB1_CK_A
	li	r28, TLB1_CK_B
	cmpwi	r30, TLB1_CK_A
	bne	4f
	li	r29, TLB1_CK_B
	li	r28, TLB1_CK_A
4:	tlb1_write r29, BOARD_CK_REGION_VA, 0, BOARD_CK_REGION_PA, CK_REGION_TSIZE, 0, \
		CODE, MAS1_IPROT
	lis	r4, 2f@h                     /* to the link address */
	ori	r4, r4, 2f@l
	mtctr	r4
	bctr
2:	tlb1_clear r30
	li	r27, TLB1_CK_DATA
	tlb1_write r27, BOARD_CK_REGION_VA, 0, BOARD_CK_REGION_PA, CK_REGION_TSIZE, 0, \
		RW, (MAS1_IPROT | MAS1_TS)
	li	r27, TLB1_LOW
	tlb1_write r27, 0, 0, 0, TSIZE_64M, 0, RW, MAS1_TS
	li	r27, TLB1_HIGH
	tlb1_write r27, SZ_64M, 0, SZ_64M, TSIZE_64M, 0, RW, MAS1_TS
	li	r27, TLB1_CK_SHM
	tlb1_write r27, BOARD_SHM_BOOT_VA, 0, BOARD_SHM_PA, SHM_TSIZE, (MAS2_I | MAS2_G), \
		RW, (MAS1_IPROT | MAS1_TS)
	tlb1_write r28, BOARD_CCSR_VA, BOARD_CCSR_PA_HI, BOARD_CCSR_PA_LO, TSIZE_1M, \
		(MAS2_I | MAS2_G), RW, (MAS1_IPROT | MAS1_TS)
	li	r4, MSR_ME | MSR_DS          /* data in address space 1 */
	mtmsr	r4
	isync
	shm_flush_boot_lines                 /* firmware's lines of the IPC region */

	vectors_own

	/* timebase on (QEMU ignores TBEN), MSR[WE] dozes (idle), tlbre
	 * fills MAS7 (arch_guest_protect() copies 36-bit entries) */
	/* read-modify-write: keep what firmware set (U-Boot: EMCP, ENMAS7,
	 * the timebase clock select) */
	mfspr	r4, SPRN_HID0
	oris	r4, r4, HID0_DOZE@h
	ori	r4, r4, HID0_TBEN | HID0_EN_MAS7_UPDATE
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
 * Linux's head at @entry_pa (EA = PA through TLB1_LOW, 64 MiB) the ePAPR
 * way (ePAPR 1.1 §5.4.1; Linux head_85xx.S): r3 = the DTB's PA, r6 =
 * "EPAP", r7 = the initial map area's size, r8 = COKERNEL_ENTRY_MAGIC
 * (ePAPR's 0 otherwise: Linux's head then keeps the co-kernel's
 * protected TLB1 entries, linux-guest/patches/0011), r1, r4, r5, r9 = 0
 * (r1 0: no stack, so Linux's RT fault filter, whose words are set, does
 * not take an exception of its head for an RT task's), MSR = 0 (both
 * interrupt classes and ME off: Linux's head sets its own MSR and IVORs
 * and turns MSR[CE] on once IVOR0 is its CriticalInput stub).
 * Context: root, RT masked.
 */
	.text
	.global booke_enter_linux
booke_enter_linux:
	mtspr	SPRN_SRR0, r3
	li	r0, 0
	mtspr	SPRN_SRR1, r0
	mr	r3, r4
	li	r1, 0
	li	r4, 0
	li	r5, 0
	lis	r6, 0x4550
	ori	r6, r6, 0x4150               /* ePAPR magic "EPAP" */
	lis	r7, SZ_64M@h                 /* initial map area: TLB1_LOW */
	lis	r8, COKERNEL_ENTRY_MAGIC@h
	ori	r8, r8, COKERNEL_ENTRY_MAGIC@l
	li	r9, 0
	rfi

	boot_stacks

	.section .note.GNU-stack, "", @progbits
