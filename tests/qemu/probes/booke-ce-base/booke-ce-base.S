/* SPDX-License-Identifier: MIT */
/*
 * booke-ce-base: does a base-class interrupt keep MSR[CE] (and ME, DE)?
 *
 * Checks: the probe sets MSR[CE|ME|DE] (QEMU's e500v2 MSR mask drops ME
 * on mtmsr, so in practice CE|DE), keeps EE = 0 and executes `sc` (system
 * call, IVOR8, a base-class interrupt). The IVOR8 handler reads MSR and
 * SRR1, then returns with rfi. PASS if CE is set before `sc`, the handler
 * ran with every one of CE/ME/DE that was set before still set and with
 * EE/PR clear, and SRR1 held the MSR from before `sc`.
 *
 * Manual: PowerPC e500 Core Family Reference Manual (e500CORERM) Rev. 1,
 * section 5.7 "Interrupt Definitions": every base-class interrupt (e.g.
 * 5.7.8 system call, Table 5-19; 5.7.9 decrementer, Table 5-20; program,
 * Table 5-18) sets "MSR: CE, ME, and DE are unchanged. All other MSR bits
 * are cleared." Only critical-class interrupts (critical input, watchdog,
 * debug) also clear CE/DE, and machine check also clears ME.
 *
 * Why stock QEMU 7.2 fails: powerpc_excp_booke() (target/ppc/excp_helper.c)
 * starts every interrupt with new_msr = msr & MSR_ME, so CE and DE are
 * cleared on base-class interrupts too; the handler sees CE = 0.
 * Fixed by qemu/patches/0001-target-ppc-booke-keep-MSR-CE-DE-on-base-class-interrupts.patch.
 *
 * Runs on qemu-system-ppc -M ppce500 -cpu e500v2 -kernel <elf> -no-reboot;
 * prints one "PROBE booke-ce-base: ..." line on the DUART, then resets.
 */
#define PROBE_NAME "booke-ce-base"
#include "ppce500.S"

	.section .text.entry, "ax"
	.globl	_start
_start:
	map_ccsr
	set_ivors
	li	r20, -1			/* MSR seen by the sc handler */
	li	r21, -1			/* SRR1 seen by the sc handler */
	mfmsr	r10
	LA	r4, (MSR_CE | MSR_ME | MSR_DE)
	or	r10, r10, r4
	mtmsr	r10
	isync
	mfmsr	r10			/* MSR before the interrupt */
	sc
	/* back from the handler */
	cmpw	r21, r10
	bne	bad_srr1
	LA	r4, (MSR_CE | MSR_ME | MSR_DE)
	and	r4, r10, r4		/* the CE/ME/DE bits that mtmsr accepted */
	andis.	r5, r4, MSR_CE@h
	beq	bad_setup		/* CE must be set for the test to mean anything */
	and	r5, r20, r4
	cmpw	r5, r4
	bne	bad_msr
	andi.	r5, r20, MSR_EE | MSR_PR
	bne	bad_msr
	SAY	s_pass
	b	exit

bad_msr:
	SAY	s_badmsr
	SAYHEX	r20
	SAY	s_before
	SAYHEX	r10
	FAIL_END

bad_setup:
	SAY	s_badsetup
	SAYHEX	r10
	FAIL_END

bad_srr1:
	SAY	s_badsrr1
	SAYHEX	r21
	SAY	s_before
	SAYHEX	r10
	FAIL_END

sc_handler:
	mfmsr	r20
	mfsrr1	r21
	rfi

	.section .rodata
s_pass:	.asciz "PROBE " PROBE_NAME ": PASS\r\n"
s_badmsr: .asciz "PROBE " PROBE_NAME ": FAIL (MSR in the sc handler="
s_badsrr1: .asciz "PROBE " PROBE_NAME ": FAIL (SRR1 in the sc handler="
s_badsetup: .asciz "PROBE " PROBE_NAME ": FAIL (could not set MSR[CE]: MSR="
s_before: .asciz ", MSR before sc="

/* interrupt vectors: IVPR-aligned by link.ld, 16-byte stubs */
	.section .vectors, "ax"
ivec:
	unexpected_ivors 0,1,2,3,4,5,6,7,9,10,11,12,13,14,15,32,33,34,35
	.balign	16
ivec_8:
	b	sc_handler
