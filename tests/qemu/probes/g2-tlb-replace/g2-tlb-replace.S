/* SPDX-License-Identifier: MIT */
/*
 * g2-tlb-replace: when the G2_LE's software-loaded TLB replaces an entry,
 * does the replaced page stop being translated?
 *
 * The 603-family core has no hardware table walk: a data TLB miss is taken
 * at 0x01100 (load) or 0x01200 (store) with MSR[TGPR] (r0-r3 shadowed),
 * DMISS = the address, DCMP = the PTE's first word to look for, SRR1[14]
 * = the way to replace, SRR1[0-3] = CR0; the handler finds the PTE, puts
 * its second word in RPA and writes the entry with tlbld. Here the handler
 * searches a table of this probe's own (ptes below, no hashed page table)
 * for DMISS's page, checks its first word against DCMP and loads it into
 * the way the table names, overriding SRR1[14]: so page B can be made to
 * replace page A's entry whatever the model's replacement order.
 * Data translation is on (MSR[DR]; MSR[IR] stays off); DBAT0 maps the RAM
 * and DBAT1 the MBAR block one to one, the test pages are in segment 1,
 * which no BAT covers.
 *
 * Checks:
 * 1. control: a store to page C (writable) misses once and lands in C's
 *    frame; then C is made read-only in the table and tlbie'd while its
 *    entry is resident: the next store to C misses again and takes a DSI
 *    (DSISR = protection | store, DAR = the address), C's frame unchanged;
 * 2. the fix: a store to page A (writable) lands in A's frame; a load from
 *    page B, in the same set (EA bits 15-19) and way, replaces A's entry
 *    and reads B's frame; then A is made read-only and tlbie'd (which
 *    reaches the set, now holding B): the next store to A must miss and
 *    take a DSI, A's frame unchanged.
 * Without the replaced page's flush, QEMU's own TLB keeps A's writable
 * translation after step 2's tlbie, and the store lands in A's frame with
 * no miss and no DSI: what let the parent of a Linux fork() write into the
 * page it shared with its child (_tlbia() is one tlbie per set).
 *
 * Manual: G2 PowerPC Core Reference Manual (G2CORERM) §5.5.13-15 (TLB
 * miss exceptions: SRR1[0-3] = CR0, SRR1[14] = way, MSR[TGPR]) and
 * "Implementation-specific software table search operation" (DMISS, DCMP,
 * HASH1/HASH2, RPA, tlbld); the PEM (32-bit): PTE format,
 * PP with key 0 (PP = 0b10 read/write, 0b11 read-only), DSISR bits 4 and 6,
 * tlbie; QEMU target/ppc/mmu_helper.c (ppc6xx_tlb_store: 2 ways of 32 sets
 * on the G2_LE, tlbie invalidates both ways of the set).
 *
 * Why stock QEMU fails: it has no lite5200b machine; its
 * ppc6xx_tlb_store() flushes only the page it loads, not the one whose
 * entry it overwrites. Fixed by qemu/patches/0029.
 */
#define PROBE_NAME "g2-tlb-replace"
#include "lite5200b.S"
#include "g2-expect.S"

#define SPR_DBAT0U	536
#define SPR_DBAT0L	537
#define SPR_DBAT1U	538
#define SPR_DBAT1L	539
#define SPR_DMISS	976
#define SPR_DCMP	977
#define SPR_RPA		982
#define MSR_DR		0x00000010
#define SRR1_WAY	0x00020000	/* SRR1[14]: the way tlbld writes */

/* BATs: 256 MiB of RAM at 0 and the MBAR block (128 KiB, I and G) */
#define DBAT0U_RAM	0x00001ffe	/* BL = 256 MiB, Vs */
#define DBAT0L_RAM	0x00000002	/* PP = read/write */
#define DBAT1U_MBAR	(MBAR | 0x2)	/* BL = 128 KiB, Vs */
#define DBAT1L_MBAR	(MBAR | 0x2a)	/* I, G, PP = read/write */

/* segment 1: VSID, Ks = Kp = 0 (key 0 for the supervisor) */
#define TEST_VSID	0x000123
#define EA_A		0x10000000	/* set 0 */
#define EA_B		0x10020000	/* set 0 (page 32: 32 sets per way) */
#define EA_C		0x10001000	/* set 1 */
#define PA_A		0x00800000
#define PA_B		0x00801000
#define PA_C		0x00802000
/* PTE word 0: V, VSID, H = 0, API (EA bits 4-9: 0 for all three pages) */
#define PTE0_TEST	(0x80000000 | (TEST_VSID << 7))
/* PTE word 1: R and C set (no reference/change updates), WIMG = 0 */
#define PTE1_RC		0x00000180
#define PP_RW		0x2
#define PP_RO		0x3
#define B_MAGIC		0x0b0b0b0b

/* make the page of table entry \entry read-only (clobbers r12, r13) */
.macro WRITE_PROTECT entry
	LA	r12, \entry
	lwz	r13, 8(r12)
	ori	r13, r13, PP_RO
	stw	r13, 8(r12)
	sync
.endm

	.section .vectors, "ax"
	VEC_UNEXPECTED 0x100, 0x200
	VEC	0x300, dsi
	VEC_UNEXPECTED 0x400, 0x500, 0x600, 0x700, 0x800, 0x900, 0xa00, 0xc00, 0xd00, 0xe00, 0xf00, 0x1000
	VEC	0x1100, dtlb_miss
	VEC	0x1200, dtlb_miss
	VEC_UNEXPECTED 0x1300, 0x1400

	.section .text.entry, "ax"
	.globl	_start
_start:
	bl	psc1_init
	li	r24, 0			/* DSIs taken (dsi: r24-r26) */
	li	r11, 0
	LA	r10, PA_A
	stw	r11, 0(r10)
	LA	r10, PA_C
	stw	r11, 0(r10)
	LA	r10, PA_B
	LA	r11, B_MAGIC
	stw	r11, 0(r10)
	LA	r3, DBAT0L_RAM
	mtspr	SPR_DBAT0L, r3
	LA	r3, DBAT0U_RAM
	mtspr	SPR_DBAT0U, r3
	LA	r3, DBAT1L_MBAR
	mtspr	SPR_DBAT1L, r3
	LA	r3, DBAT1U_MBAR
	mtspr	SPR_DBAT1U, r3
	LA	r3, TEST_VSID
	mtsr	1, r3
	isync
	mfmsr	r3
	ori	r3, r3, MSR_DR
	mtmsr	r3
	isync

	/* 1. control: write-protect and tlbie a resident entry */
	LA	r10, EA_C
	LA	r11, 0x0c0c0001
	stw	r11, 0(r10)
	sync
	EXPECT	r24, 0, "DSIs after a store to writable C"
	LOAD	tlb_misses
	EXPECT	r12, 1, "TLB misses after a store to C"
	LOAD	PA_C
	EXPECT	r12, 0x0c0c0001, "C's frame after the store"
	WRITE_PROTECT pte_c
	tlbie	r10
	sync
	LA	r11, 0x0c0c0002
	stw	r11, 0(r10)
	sync
	EXPECT	r24, 1, "DSIs after a store to C made read-only and tlbie'd"
	EXPECT	r25, 0x0a000000, "its DSISR"
	EXPECT	r26, EA_C, "its DAR"
	LOAD	tlb_misses
	EXPECT	r12, 2, "TLB misses after it"
	LOAD	PA_C
	EXPECT	r12, 0x0c0c0001, "C's frame after it"

	/* 2. B replaces A's entry; write-protect and tlbie A */
	LA	r10, EA_A
	LA	r11, 0x0a0a0001
	stw	r11, 0(r10)
	sync
	EXPECT	r24, 1, "DSIs after a store to writable A"
	LOAD	PA_A
	EXPECT	r12, 0x0a0a0001, "A's frame after the store"
	LA	r14, EA_B
	lwz	r15, 0(r14)
	EXPECT	r15, B_MAGIC, "a load from B (replacing A's entry)"
	LOAD	tlb_misses
	EXPECT	r12, 4, "TLB misses after A and B"
	LOAD	last_dmiss
	EXPECT	r12, EA_B, "the last DMISS"
	WRITE_PROTECT pte_a
	tlbie	r10
	sync
	LA	r11, 0x0a0a0002
	stw	r11, 0(r10)
	sync
	EXPECT	r24, 2, "DSIs after a store to A made read-only and tlbie'd once B had replaced its TLB entry"
	EXPECT	r25, 0x0a000000, "its DSISR"
	EXPECT	r26, EA_A, "its DAR"
	LOAD	tlb_misses
	EXPECT	r12, 5, "TLB misses after it"
	LOAD	PA_A
	EXPECT	r12, 0x0a0a0001, "A's frame after it"
	SAY	s_pass
	b	exit


/*
 * Data TLB miss (load and store), MSR[TGPR] on: only r0-r3 (the shadow
 * registers) and CR0, which SRR1[0-3] gives back.
 */
dtlb_miss:
	LA	r1, tlb_misses
	lwz	r2, 0(r1)
	addi	r2, r2, 1
	stw	r2, 0(r1)
	mfspr	r0, SPR_DMISS
	stw	r0, 4(r1)		/* last_dmiss */
	rlwinm	r0, r0, 0, 0, 19	/* its page */
	LA	r1, ptes - 16
1:	lwzu	r2, 16(r1)		/* the entry's page; 0 ends the table */
	cmpwi	r2, 0
	beq	no_pte
	cmpw	r2, r0
	bne	1b
	mfspr	r0, SPR_DCMP
	lwz	r2, 4(r1)
	cmpw	r2, r0
	bne	bad_pte
	lwz	r2, 8(r1)
	mtspr	SPR_RPA, r2
	mfsrr1	r3
	rlwinm	r3, r3, 0, 15, 13	/* clear SRR1[14] */
	lwz	r2, 12(r1)
	or	r3, r3, r2		/* the table's way */
	mtsrr1	r3
	mtcrf	0x80, r3		/* CR0 as the miss found it */
	mfspr	r3, SPR_DMISS
	tlbld	r3
	rfi

no_pte:
	SAY	s_no_pte
	mfspr	r8, SPR_DMISS
	SAYHEX	r8
	FAIL_END
bad_pte:
	SAY	s_bad_pte
	mfspr	r8, SPR_DCMP
	SAYHEX	r8
	FAIL_END

	EXPECT_HANDLERS
	EXPECT_STRINGS

	.data
	.balign	16
tlb_misses:	.long 0
last_dmiss:	.long 0
/* page, PTE word 0, PTE word 1, way (as SRR1[14]) */
	.balign	16
ptes:
pte_a:	.long	EA_A, PTE0_TEST, PA_A | PTE1_RC | PP_RW, SRR1_WAY
pte_b:	.long	EA_B, PTE0_TEST, PA_B | PTE1_RC | PP_RW, SRR1_WAY
pte_c:	.long	EA_C, PTE0_TEST, PA_C | PTE1_RC | PP_RW, 0
	.long	0

	.section .rodata
s_no_pte: .asciz "PROBE " PROBE_NAME ": FAIL (TLB miss outside the test pages: DMISS = "
s_bad_pte: .asciz "PROBE " PROBE_NAME ": FAIL (the test page's PTE word 0 differs from DCMP = "
