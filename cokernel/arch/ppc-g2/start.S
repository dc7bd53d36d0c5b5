/* SPDX-License-Identifier: MIT */
/*
 * start.S - G2_LE (MPC5200B) reset: the co-kernel's BATs, its vector page
 * at physical 0, HID0/HID2, the switch to the link address, stacks, .bss,
 * then ck_main(); and the way into Linux.
 *
 * Entered at the image's physical address with the MMU off (r3 = the
 * DTB's PA, or 0): by QEMU's loader (-kernel, the project's lite5200b
 * machine: qemu/patches/0026) or by U-Boot's bootm. The image is linked at
 * Linux's linear-map address of its region (BOARD_CK_REGION_VA =
 * PAGE_OFFSET + PA, DESIGN §4), so the code before the rfi to 2f is
 * position-independent (relative branches, immediates only).
 *
 * BATs after this code (PEM 7.4; the G2_LE has eight pairs once HID2[HBE]
 * is set, G2CORERM 2.1.2.3; supervisor only, g2.h):
 *   IBAT4/DBAT4  EA CK_REGION_VA -> PA CK_REGION_PA, the region, cached (M)
 *   DBAT5        EA MBAR_PA -> PA MBAR_PA, the SoC's registers, 128 KiB, I|G
 *   DBAT6        EA SHM_BOOT_VA -> PA SHM_PA, the IPC region, I|G: the
 *                view the co-kernel uses of it (ck_shm_base(),
 *                arch_phys_to_virt()) before Linux and through Linux's
 *                boot (its RT entries); nothing forms its EA = PA address
 *                in DBAT7, so the region never holds a cached line of the
 *                co-kernel's and attach, which maps it cache-inhibited at
 *                Linux's address, has nothing to flush
 *   DBAT7        EA 0 -> PA 0, 256 MiB, cached: RAM EA = PA, for the Linux
 *                payload and the boot DTB (arch_phys_to_virt())
 * Every other BAT is invalidated (a boot loader's too), so no EA is
 * matched by two BATs. Lines a boot loader left in the IPC region are
 * written back and dropped first (dcbf on its physical addresses in real
 * mode, where WIMG = 0b0011: MPC603e UM 3.5). Linux keeps BAT0-3 and
 * never touches BAT4-7 (linux-guest/patches/0008: its G2_LE entry
 * without MMU_FTR_USE_HIGH_BATS); g2_enter_linux() invalidates BAT4-7 for
 * Linux's boot, and the hand-over sets them again (Linux's glue BAT4, the
 * co-kernel's windows DBAT5-6 at Linux's addresses: arch.c
 * arch_map_window(); from attach on DBAT7 the private block and DBAT4 the
 * guest page's block: arch_guest_protect()).
 */
#include <arch/g2.h>
#include <arch/start-asm.h>
#include <arch/bats-asm.h>

#define PA(sym) ((sym) - BOARD_CK_REGION_VA + BOARD_CK_REGION_PA)
#define MSR_CK (MSR_ME | MSR_IR | MSR_DR)
#if BOARD_CK_REGION_SIZE & (BOARD_CK_REGION_SIZE - 1) || \
	BOARD_CK_REGION_PA & (BOARD_CK_REGION_SIZE - 1) || \
	BOARD_CK_REGION_VA & (BOARD_CK_REGION_SIZE - 1) || \
	BOARD_CK_REGION_SIZE < BAT_MIN || BOARD_CK_REGION_SIZE > SZ_256M
#error "the co-kernel region must be one BAT block: 128 KiB..256 MiB, a power of two, PA and VA aligned to it"
#endif
#if BOARD_CK_PRIVATE_SIZE & (BOARD_CK_PRIVATE_SIZE - 1) || \
	BOARD_CK_PRIVATE_SIZE < BAT_MIN || BOARD_CK_PRIVATE_SIZE + BAT_MIN > BOARD_CK_REGION_SIZE || \
	BOARD_CK_GUEST_PAGE_PA != BOARD_CK_REGION_PA + BOARD_CK_PRIVATE_SIZE
#error "the private block must be one BAT block at the region's start, the guest page's 128 KiB block right after it, in the region"
#endif
#if BOARD_SHM_SIZE & (BOARD_SHM_SIZE - 1) || BOARD_SHM_PA & (BOARD_SHM_SIZE - 1) || \
	BOARD_SHM_SIZE < BAT_MIN || BOARD_MBAR_SIZE & (BOARD_MBAR_SIZE - 1) || \
	BOARD_MBAR_PA & (BOARD_MBAR_SIZE - 1) || BOARD_MBAR_SIZE < BAT_MIN || \
	BOARD_RAM_PA != 0 || BOARD_RAM_SIZE > SZ_256M
#error "the IPC region and MBAR must be one BAT block each, RAM at 0 and at most 256 MiB"
#endif
#if BOARD_SHM_BOOT_VA & (BOARD_SHM_SIZE - 1) || BOARD_SHM_BOOT_VA < SZ_256M || \
	(BOARD_SHM_BOOT_VA < BOARD_CK_REGION_VA + BOARD_CK_REGION_SIZE && \
	 BOARD_CK_REGION_VA < BOARD_SHM_BOOT_VA + BOARD_SHM_SIZE) || \
	(BOARD_SHM_BOOT_VA < BOARD_MBAR_PA + BOARD_MBAR_SIZE && \
	 BOARD_MBAR_PA < BOARD_SHM_BOOT_VA + BOARD_SHM_SIZE)
#error "SHM_BOOT_VA: aligned to SHM_SIZE, above RAM's EA = PA map, clear of the region and MBAR"
#endif


	.section .text.reset, "ax"
	.global _reset
_reset:
	mr	r31, r3                      /* DTB PA, for ck_boot_dtb_pa */
	li	r4, MSR_ME                   /* MMU off, CE = EE = 0 */
	mtmsr	r4
	isync

	mfspr	r4, SPRN_HID2                /* BAT4-7 */
	oris	r4, r4, HID2_HBE@h
	mtspr	SPRN_HID2, r4
	mfspr	r4, SPRN_HID0                /* MSR[POW] dozes (idle) */
	oris	r4, r4, HID0_DOZE@h
	mtspr	SPRN_HID0, r4
	isync

	li	r4, 0                        /* every BAT invalid */
	.irp n, 0, 1, 2, 3
	mtspr	SPRN_IBAT0U + 2 * \n, r4
	mtspr	SPRN_IBAT0U + 8 + 2 * \n, r4
	mtspr	SPRN_IBAT4U + 2 * \n, r4
	mtspr	SPRN_DBAT4U + 2 * \n, r4
	.endr
	isync
	shm_flush_boot_lines                 /* a boot loader's lines of the IPC region */
	ck_boot_bats
	isync

	/* the vector page: lowvec.S's image to physical 0, then made
	 * fetchable (the I-cache does not snoop: dcbst, icbi; PEM 5.1.5) */
	lis	r5, PA(__lowvec_start)@h
	ori	r5, r5, PA(__lowvec_start)@l
	lis	r6, PA(__lowvec_end)@h
	ori	r6, r6, PA(__lowvec_end)@l
	li	r7, 0
1:	lwz	r4, 0(r5)
	stw	r4, 0(r7)
	addi	r5, r5, 4
	addi	r7, r7, 4
	cmplw	r5, r6
	blt	1b
	li	r7, 0
1:	dcbst	0, r7
	sync
	icbi	0, r7
	addi	r7, r7, 32
	cmplwi	r7, 0x1500
	blt	1b
	sync
	isync

	lis	r4, 2f@h                     /* to the link address, MMU on */
	ori	r4, r4, 2f@l
	mtspr	SPRN_SRR0, r4
	li	r4, MSR_CK
	mtspr	SPRN_SRR1, r4
	rfi

2:	boot_to_ck_main

/*
 * void g2_enter_linux(uint32_t entry_pa, uint32_t dtb_pa, uint32_t msr) -
 * enter Linux's head at @entry_pa the way 32-bit Book3S Linux boots from a
 * flattened device tree (arch/powerpc/kernel/head_book3s_32.S __start:
 * r3 = the DTB's PA, r4 = 0, r5 = 0: no Open Firmware; r1 a stack at a
 * physical address, as a boot loader leaves it), MMU off, MSR = @msr: 0,
 * or MSR_CE where the RT class runs on through Linux's boot (Linux's head
 * keeps the MSR's CE until it loads MSR_KERNEL, which has it: patch
 * 0008). BAT4-7 are invalidated first, in real mode (Linux's boot maps
 * 0xC000_0000 with its own BATs), DBAT7's lower half left read-only: the
 * PP bits the gates and entries put back in Linux's context (gate.S).
 * Context: root before Linux, RT masked.
 */
	.text
	.global g2_enter_linux
g2_enter_linux:
	mr	r8, r5
	lis	r5, PA(1f)@h                 /* on in real mode */
	ori	r5, r5, PA(1f)@l
	mtspr	SPRN_SRR0, r5
	li	r5, MSR_ME
	mtspr	SPRN_SRR1, r5
	rfi
1:	li	r5, 0
	.irp n, 0, 1, 2, 3
	mtspr	SPRN_IBAT4U + 2 * \n, r5
	mtspr	SPRN_DBAT4U + 2 * \n, r5
	.endr
	li	r5, BAT_PP_RO                /* Linux's PP for the private block */
	mtspr	SPRN_DBAT7L, r5              /* (arch.c arch_guest_protect()) */
	li	r5, 0
	isync
	/* Linux's early_init() runs in real mode on the stack it is given:
	 * the physical address of the co-kernel's boot stack, which the root
	 * context leaves for good here */
	lis	r1, PA(ck_boot_stack_top)@ha
	addi	r1, r1, PA(ck_boot_stack_top)@l
	stwu	r5, -16(r1)                  /* back chain 0 */
	mtspr	SPRN_SRR0, r3
	mtspr	SPRN_SRR1, r8
	mr	r3, r4
	li	r4, 0
	li	r6, 0
	li	r7, 0
	li	r8, 0
	rfi

	boot_stacks

	.section .note.GNU-stack, "", @progbits
