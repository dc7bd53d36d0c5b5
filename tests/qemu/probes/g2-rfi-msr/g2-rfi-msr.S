/* SPDX-License-Identifier: MIT */
/*
 * g2-rfi-msr: does rfi on the G2_LE load only MSR[0, 5-9, 16-31] from SRR1?
 *
 * The 603-family data store TLB miss handler (Linux's DataStoreTLBMiss)
 * returns with rfi while SRR1[12-15] holds the miss's key, D/I, S/L bits
 * and way; a store miss sets SRR1[15], which is MSR[ILE]'s position. If
 * rfi loaded it, the next exception would be taken little-endian.
 * Checks: rfi with SRR1 = the current MSR | 0x00010000 (SRR1[15])
 * resumes at SRR0 with the MSR unchanged (ILE clear); then `sc` is taken
 * and its handler runs (big-endian: a little-endian fetch of it would be a
 * program exception) and returns.
 *
 * Manual: The Programming Environments for 32-Bit Microprocessors (PEM),
 * rfi: MSR[0, 5-9, 16-31] <- SRR1[0, 5-9, 16-31]; G2CORERM §5.5.13-15
 * (TLB miss exceptions: SRR1[12-15] = key, D/I, way, S/L).
 *
 * Why stock QEMU fails: it has no lite5200b machine; its rfi loads all of
 * SRR1 but POW and TGPR (Linux 6.1 dies at its second DataStoreTLBMiss on
 * the machine without the fix). Fixed by qemu/patches/0028.
 */
#define PROBE_NAME "g2-rfi-msr"
#include "lite5200b.S"

	.section .vectors, "ax"
	VEC_UNEXPECTED 0x100, 0x200, 0x300, 0x400, 0x500, 0x600, 0x700, 0x800, 0x900, 0xa00
	VEC	0xc00, sc_handler
	VEC_UNEXPECTED 0xd00, 0xe00, 0xf00, 0x1000, 0x1100, 0x1200, 0x1300, 0x1400

	.section .text.entry, "ax"
	.globl	_start
_start:
	bl	psc1_init
	li	r31, 1
	mfmsr	r14			/* the MSR to come back with */
	oris	r15, r14, 0x0001	/* | SRR1[15] (MSR[ILE]'s place) */
	LA	r4, after_rfi
	mtsrr0	r4
	mtsrr1	r15
	rfi
	b	.
after_rfi:
	mfmsr	r16
	cmpw	r16, r14
	bne	bad_msr
	li	r31, 2
	li	r20, 0
	sc
	cmpwi	r20, 1
	bne	bad_sc
	SAY	s_pass
	b	exit

sc_handler:
	addi	r20, r20, 1
	rfi

bad_msr:
	SAY	s_msr
	SAYHEX	r16
	SAY	s_want
	SAYHEX	r14
	FAIL_END
bad_sc:
	SAY	s_sc
	FAIL_END

	.section .rodata
s_pass:	.asciz "PROBE " PROBE_NAME ": PASS\r\n"
s_msr:	.asciz "PROBE " PROBE_NAME ": FAIL (rfi with SRR1[15] set left MSR = "
s_want:	.asciz ", not "
s_sc:	.asciz "PROBE " PROBE_NAME ": FAIL (the sc handler did not run)"
