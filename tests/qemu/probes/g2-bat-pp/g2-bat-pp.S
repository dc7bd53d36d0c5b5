/* SPDX-License-Identifier: MIT */
/*
 * g2-bat-pp: when a valid data BAT's lower half changes its protection
 * (PP), do the next accesses through it obey the new value?
 *
 * Data translation is on (MSR[DR]; MSR[IR] stays off); DBAT0 maps the RAM
 * and DBAT2 the MBAR block (PSC1: the probe's line) one to one
 * (read/write), DBAT1 a 128 KiB test block, EA 0x10000000
 * -> PA 0x00800000, read/write at first. The test block's frame is also
 * reachable through DBAT0 at its PA, where the probe checks what landed.
 *
 * Checks:
 * 1. a store through DBAT1 (PP = read/write) lands, no DSI;
 * 2. DBAT1L rewritten with PP = read-only (the upper half unchanged),
 *    isync: a store through DBAT1 takes a DSI (DSISR = protection |
 *    store, DAR = the address) and the frame keeps the first value; a
 *    load through DBAT1 still reads it, no DSI;
 * 3. DBAT1L back to read/write, isync: a store lands again, no DSI;
 * 4. instruction translation on too (IBAT0 the RAM, IBAT1 the test block,
 *    both read/write), DBAT1 read-only again: a call to a `blr` in the
 *    test block (a fetch through IBAT1) and then a store through DBAT1
 *    must take a DSI: the IBAT's rights are the fetch's, not the store's.
 * Without a flush on the lower half's store, QEMU's own TLB keeps step
 * 1's writable translation and step 2's store lands with no DSI: what let
 * Linux write into the co-kernel's private block after the co-kernel had
 * turned it read-only on its way back to Linux (arch/ppc-g2). With the
 * flush but a forbidden BAT hit falling through to the page translation,
 * step 2's store takes a data TLB miss (0x01200) instead of the DSI. With
 * an IBAT's read/write rights put in QEMU's TLB entry for the page, the
 * entry its fetch filled, step 4's store lands: the co-kernel's hypercall
 * entry, which Linux executes, was the page Linux could still write.
 *
 * Manual: PowerPC PEM (32-bit) 7.4 "Block address translation" (a BAT
 * hit takes priority over page translation; 7.4.3 "BAT registers": BL,
 * Vs/Vp, WIMG, PP 0b10 read/write, 0b01 and 0b11 read-only) and its
 * synchronization requirements for special registers (an mtspr to a BAT
 * applies from the next context-synchronizing instruction: isync); DSISR
 * bits 4 (protection) and 6 (store); G2CORERM "DSI exception (0x00300)";
 * QEMU target/ppc/mmu_helper.c helper_store_dbatl (the store to the
 * lower half), mmu_common.c get_bat_6xx_tlb (the check) and
 * get_physical_address_wtlb (what follows a forbidden hit).
 *
 * Why stock QEMU fails: it has no lite5200b machine; its
 * helper_store_dbatl() stores the lower half without flushing QEMU's TLB,
 * and get_physical_address_wtlb() tries the page translation after a BAT
 * hit that PP forbids. Fixed by qemu/patches/0030.
 */
#define PROBE_NAME "g2-bat-pp"
#include "lite5200b.S"
#include "g2-expect.S"

#define SPR_DBAT0U	536
#define SPR_DBAT0L	537
#define SPR_DBAT1U	538
#define SPR_DBAT1L	539
#define SPR_DBAT2U	540
#define SPR_DBAT2L	541
#define MSR_DR		0x00000010
#define MSR_IR		0x00000020
#define SPR_IBAT0U	528
#define SPR_IBAT0L	529
#define SPR_IBAT1U	530
#define SPR_IBAT1L	531
#define BLR		0x4e800020
#define FN_OFF		0x100		/* the blr's offset in the test block */

#define DBAT0U_RAM	0x00001ffe	/* EA 0, BL = 256 MiB, Vs */
#define DBAT0L_RAM	0x00000002	/* PA 0, PP = read/write */
#define DBAT2U_MBAR	(MBAR | 0x2)	/* BL = 128 KiB, Vs */
#define DBAT2L_MBAR	(MBAR | 0x2a)	/* I, G, PP = read/write */
#define EA_T		0x10000000
#define PA_T		0x00800000
#define DBAT1U_T	(EA_T | 0x2)	/* BL = 128 KiB, Vs */
#define DBAT1L_RW	(PA_T | 0x2)	/* PP = read/write */
#define DBAT1L_RO	(PA_T | 0x1)	/* PP = read-only */

/* the word \val stored at EA_T (clobbers r10, r11) */
.macro STORE_T val
	LA	r10, EA_T
	LA	r11, \val
	stw	r11, 0(r10)
	sync
.endm

/* DBAT1L := \val, then isync (clobbers r3) */
.macro SET_DBAT1L val
	LA	r3, \val
	mtspr	SPR_DBAT1L, r3
	isync
.endm

	.section .vectors, "ax"
	VEC_UNEXPECTED 0x100, 0x200
	VEC	0x300, dsi
	VEC_UNEXPECTED 0x400, 0x500, 0x600, 0x700, 0x800, 0x900, 0xa00, 0xc00, 0xd00, 0xe00, 0xf00, 0x1000, 0x1100, 0x1200, 0x1300, 0x1400

	.section .text.entry, "ax"
	.globl	_start
_start:
	bl	psc1_init
	li	r24, 0			/* DSIs taken (dsi: r24-r26) */
	LA	r10, PA_T
	li	r11, 0
	stw	r11, 0(r10)
	LA	r3, DBAT0L_RAM
	mtspr	SPR_DBAT0L, r3
	LA	r3, DBAT0U_RAM
	mtspr	SPR_DBAT0U, r3
	LA	r3, DBAT2L_MBAR
	mtspr	SPR_DBAT2L, r3
	LA	r3, DBAT2U_MBAR
	mtspr	SPR_DBAT2U, r3
	LA	r3, DBAT1L_RW
	mtspr	SPR_DBAT1L, r3
	LA	r3, DBAT1U_T
	mtspr	SPR_DBAT1U, r3
	isync
	mfmsr	r3
	ori	r3, r3, MSR_DR
	mtmsr	r3
	isync

	/* 1. read/write: the store lands */
	STORE_T	0x0b0b0001
	EXPECT	r24, 0, "DSIs after a store through the read/write BAT"
	LOAD	PA_T
	EXPECT	r12, 0x0b0b0001, "the frame after it"

	/* 2. read-only: the store faults, a load reads */
	SET_DBAT1L DBAT1L_RO
	STORE_T	0x0b0b0002
	EXPECT	r24, 1, "DSIs after a store through the BAT made read-only"
	EXPECT	r25, 0x0a000000, "its DSISR"
	EXPECT	r26, EA_T, "its DAR"
	LOAD	PA_T
	EXPECT	r12, 0x0b0b0001, "the frame after it"
	LOAD	EA_T
	EXPECT	r12, 0x0b0b0001, "a load through the read-only BAT"
	EXPECT	r24, 1, "DSIs after that load"

	/* 3. read/write again: the store lands */
	SET_DBAT1L DBAT1L_RW
	STORE_T	0x0b0b0003
	EXPECT	r24, 1, "DSIs after a store through the BAT made read/write again"
	LOAD	PA_T
	EXPECT	r12, 0x0b0b0003, "the frame after it"

	/* 4. a fetch through a read/write IBAT, then a store through the
	 * read-only DBAT of the same page */
	LA	r10, PA_T + FN_OFF
	LA	r11, BLR
	stw	r11, 0(r10)
	dcbst	0, r10
	sync
	icbi	0, r10
	isync
	LA	r3, DBAT0L_RAM
	mtspr	SPR_IBAT0L, r3
	LA	r3, DBAT0U_RAM
	mtspr	SPR_IBAT0U, r3
	LA	r3, DBAT1L_RW
	mtspr	SPR_IBAT1L, r3
	LA	r3, DBAT1U_T
	mtspr	SPR_IBAT1U, r3
	isync
	mfmsr	r3
	ori	r3, r3, MSR_IR
	mtmsr	r3
	isync
	SET_DBAT1L DBAT1L_RO
	LA	r3, EA_T + FN_OFF
	mtctr	r3
	bctrl
	STORE_T	0x0b0b0004
	EXPECT	r24, 2, "DSIs after a store through the read-only DBAT of a page fetched through a read/write IBAT"
	EXPECT	r25, 0x0a000000, "its DSISR"
	EXPECT	r26, EA_T, "its DAR"
	LOAD	PA_T
	EXPECT	r12, 0x0b0b0003, "the frame after it"
	SAY	s_pass
	b	exit

	EXPECT_HANDLERS
	EXPECT_STRINGS
