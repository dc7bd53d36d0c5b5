/* SPDX-License-Identifier: MIT */
/*
 * rfci-icount: do rfci and rfdi work when QEMU runs with -icount?
 *
 * Checks: the probe (run with -icount shift=0) loads CSRR0/CSRR1 with a
 * continuation label and MSR|CE and executes rfci, then loads DSRR0/DSRR1
 * with a second label and the original MSR and executes rfdi (the e500v2
 * model in QEMU has rfdi but not rfmci, so rfmci is not exercised here).
 * PASS if both returns land on their labels with the requested MSR.
 *
 * Manual: PowerPC e500 Core Family Reference Manual (e500CORERM) Rev. 1,
 * chapter 5 "Interrupts and Exceptions" (critical class uses CSRR0/1 and
 * rfci; the debug APU uses DSRR0/1 and rfdi): rfci/rfdi restore MSR from
 * CSRR1/DSRR1 and resume at CSRR0/DSRR0, exactly like rfi with SRR0/1.
 *
 * Why stock QEMU 7.2 fails: gen_rfi() in target/ppc/translate.c calls
 * gen_icount_io_start() before its helper (restoring MSR can re-arm
 * interrupts and touch timers, which is I/O under icount), but gen_rfci(),
 * gen_rfdi() and gen_rfmci() do not, so under -icount QEMU aborts
 * ("Bad icount read" / I/O outside the last instruction of a TB) instead
 * of executing the return. Fixed by
 * qemu/patches/0002-target-ppc-rfci-rfdi-rfmci-under-icount.patch.
 *
 * Runs on qemu-system-ppc -M ppce500 -cpu e500v2 -icount shift=0
 * -kernel <elf> -no-reboot; prints one "PROBE rfci-icount: ..." line.
 */
#define PROBE_NAME "rfci-icount"
#include "ppce500.S"

	.section .text.entry, "ax"
	.globl	_start
_start:
	map_ccsr
	set_ivors
	mfmsr	r10			/* original MSR */
	oris	r11, r10, MSR_CE@h	/* MSR wanted after rfci */
	LA	r4, after_rfci
	mtspr	SPR_CSRR0, r4
	mtspr	SPR_CSRR1, r11
	li	r31, 1			/* step: rfci */
	rfci
	b	fell_through
after_rfci:
	mfmsr	r12
	cmpw	r12, r11
	bne	bad_msr
	LA	r4, after_rfdi
	mtspr	SPR_DSRR0, r4
	mtspr	SPR_DSRR1, r10
	mr	r11, r10
	li	r31, 2			/* step: rfdi */
	rfdi
	b	fell_through
after_rfdi:
	mfmsr	r12
	cmpw	r12, r11
	bne	bad_msr
	/* a little straight-line work so icount runs past the returns */
	li	r4, 100
	mtctr	r4
1:	addi	r5, r5, 1
	bdnz	1b
	SAY	s_pass
	b	exit

fell_through:
	SAY	s_fell
	SAYHEX	r31
	FAIL_END

bad_msr:
	SAY	s_badmsr
	SAYHEX	r31
	SAY	s_msr
	SAYHEX	r12
	SAY	s_want
	SAYHEX	r11
	FAIL_END

	.section .rodata
s_pass:	.asciz "PROBE " PROBE_NAME ": PASS\r\n"
s_fell:	.asciz "PROBE " PROBE_NAME ": FAIL (return instruction fell through, step "
s_badmsr: .asciz "PROBE " PROBE_NAME ": FAIL (wrong MSR after step "
s_msr:	.asciz ": MSR="
s_want:	.asciz ", expected "

/* interrupt vectors: IVPR-aligned by link.ld, 16-byte stubs */
	.section .vectors, "ax"
ivec:
	unexpected_ivors 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,32,33,34,35
