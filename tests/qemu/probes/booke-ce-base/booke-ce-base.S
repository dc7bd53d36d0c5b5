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
/* ---- common bare-metal support (ppce500: CCSR at PA 0xF_E000_0000) ---- */
#define CCSR_EA		0xe0000000
#define UART_THR	(CCSR_EA + 0x4500)
#define RSTCR		(CCSR_EA + 0xe00b0)	/* GUTS RSTCR: 2 = HRESET_REQ */
#define SPR_CSRR0	58
#define SPR_CSRR1	59
#define SPR_IVPR	63
#define SPR_DSRR0	574
#define SPR_DSRR1	575
#define SPR_MAS0	624
#define SPR_MAS1	625
#define SPR_MAS2	626
#define SPR_MAS3	627
#define SPR_MAS7	944
#define MSR_CE		0x00020000
#define MSR_EE		0x00008000
#define MSR_PR		0x00004000
#define MSR_ME		0x00001000
#define MSR_DE		0x00000200

/* TLB1[15]: EA 0xE000_0000 -> PA 0xF_E000_0000, 1 MiB (TSIZE 10), I|G, SR|SW */
.macro map_ccsr
	lis	r4, 0x100f
	mtspr	SPR_MAS0, r4
	lis	r4, 0x8000
	ori	r4, r4, 10 << 7
	mtspr	SPR_MAS1, r4
	lis	r4, CCSR_EA@h
	ori	r4, r4, 0x000a
	mtspr	SPR_MAS2, r4
	lis	r4, CCSR_EA@h
	ori	r4, r4, 0x0005
	mtspr	SPR_MAS3, r4
	li	r4, 0xf
	mtspr	SPR_MAS7, r4
	isync
	tlbwe
	isync
.endm

/* IVPR = vectors; IVORn -> a 16-byte stub per interrupt that reports it */
.macro set_ivors
	lis	r4, ivec@h
	mtspr	SPR_IVPR, r4
	.irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
	li	r4, ivec_\n - ivec
	mtspr	400 + \n, r4
	.endr
	.irp n, 32,33,34,35
	li	r4, ivec_\n - ivec
	mtspr	528 - 32 + \n, r4
	.endr
.endm

	.text
/* puts(r3 = NUL-terminated string); clobbers r3, r5, r6 */
puts:
	lis	r5, UART_THR@h
	ori	r5, r5, UART_THR@l
1:	lbz	r6, 0(r3)
	cmpwi	r6, 0
	beqlr
2:	lbz	r0, 5(r5)		/* LSR */
	andi.	r0, r0, 0x20		/* THRE */
	beq	2b
	stb	r6, 0(r5)
	addi	r3, r3, 1
	b	1b

/* puthex(r3 = value): "0x%08x"; clobbers r3-r7 */
puthex:
	mflr	r7
	mr	r4, r3
	lis	r3, s_0x@h
	ori	r3, r3, s_0x@l
	bl	puts
	lis	r5, UART_THR@h
	ori	r5, r5, UART_THR@l
	li	r6, 8
1:	rotlwi	r4, r4, 4
	andi.	r3, r4, 0xf
	addi	r3, r3, '0'
	cmpwi	r3, '9'
	ble	2f
	addi	r3, r3, 'a' - '0' - 10
2:	lbz	r0, 5(r5)
	andi.	r0, r0, 0x20
	beq	2b
	stb	r3, 0(r5)
	addi	r6, r6, -1
	cmpwi	r6, 0
	bne	1b
	mtlr	r7
	blr

/* wait until the UART is idle, then ask GUTS for a reset (QEMU -no-reboot exits) */
exit:
	lis	r5, UART_THR@h
	ori	r5, r5, UART_THR@l
1:	lbz	r0, 5(r5)
	andi.	r0, r0, 0x40		/* TEMT */
	beq	1b
	lis	r4, RSTCR@h
	ori	r4, r4, RSTCR@l
	li	r5, 2
	stw	r5, 0(r4)
	sync
2:	b	2b

/* an interrupt nobody expected: report its IVOR number (r31) and SRR0/CSRR0 */
unexpected:
	lis	r3, s_unexp@h
	ori	r3, r3, s_unexp@l
	bl	puts
	mr	r3, r31
	bl	puthex
	lis	r3, s_srr0@h
	ori	r3, r3, s_srr0@l
	bl	puts
	mfsrr0	r3
	bl	puthex
	lis	r3, s_csrr0@h
	ori	r3, r3, s_csrr0@l
	bl	puts
	mfspr	r3, SPR_CSRR0
	bl	puthex
	lis	r3, s_close@h
	ori	r3, r3, s_close@l
	bl	puts
	b	exit

	.section .rodata
s_0x:	.asciz "0x"
s_unexp: .asciz "PROBE " PROBE_NAME ": FAIL (unexpected interrupt IVOR "
s_srr0:	.asciz " SRR0="
s_csrr0: .asciz " CSRR0="
s_close: .asciz ")\r\n"
	.text

	.section .text.entry, "ax"
	.globl	_start
_start:
	map_ccsr
	set_ivors
	li	r20, -1			/* MSR seen by the sc handler */
	li	r21, -1			/* SRR1 seen by the sc handler */
	mfmsr	r10
	lis	r4, (MSR_CE | MSR_ME | MSR_DE)@h
	ori	r4, r4, (MSR_CE | MSR_ME | MSR_DE)@l
	or	r10, r10, r4
	mtmsr	r10
	isync
	mfmsr	r10			/* MSR before the interrupt */
	sc
	/* back from the handler */
	cmpw	r21, r10
	bne	bad_srr1
	lis	r4, (MSR_CE | MSR_ME | MSR_DE)@h
	ori	r4, r4, (MSR_CE | MSR_ME | MSR_DE)@l
	and	r4, r10, r4		/* the CE/ME/DE bits that mtmsr accepted */
	andis.	r5, r4, MSR_CE@h
	beq	bad_setup		/* CE must be set for the test to mean anything */
	and	r5, r20, r4
	cmpw	r5, r4
	bne	bad_msr
	andi.	r5, r20, MSR_EE | MSR_PR
	bne	bad_msr
	lis	r3, s_pass@h
	ori	r3, r3, s_pass@l
	bl	puts
	b	exit

bad_msr:
	lis	r3, s_badmsr@h
	ori	r3, r3, s_badmsr@l
	bl	puts
	mr	r3, r20
	bl	puthex
	lis	r3, s_before@h
	ori	r3, r3, s_before@l
	bl	puts
	mr	r3, r10
	bl	puthex
	lis	r3, s_close@h
	ori	r3, r3, s_close@l
	bl	puts
	b	exit

bad_setup:
	lis	r3, s_badsetup@h
	ori	r3, r3, s_badsetup@l
	bl	puts
	mr	r3, r10
	bl	puthex
	lis	r3, s_close@h
	ori	r3, r3, s_close@l
	bl	puts
	b	exit

bad_srr1:
	lis	r3, s_badsrr1@h
	ori	r3, r3, s_badsrr1@l
	bl	puts
	mr	r3, r21
	bl	puthex
	lis	r3, s_before@h
	ori	r3, r3, s_before@l
	bl	puts
	mr	r3, r10
	bl	puthex
	lis	r3, s_close@h
	ori	r3, r3, s_close@l
	bl	puts
	b	exit

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
	.irp n, 0,1,2,3,4,5,6,7,9,10,11,12,13,14,15,32,33,34,35
	.balign	16
ivec_\n:
	li	r31, \n
	b	unexpected
	.endr
	.balign	16
ivec_8:
	b	sc_handler
