/* SPDX-License-Identifier: MIT */
/*
 * lite5200b.S - what every lite5200b probe needs: MBAR block addresses,
 * SPR/MSR names of the G2_LE core, output through PSC1 (puts, puthex,
 * putdec), the report of unexpected exceptions and the exit. A probe
 * defines PROBE_NAME, #includes this file and lays out its vectors with
 * VEC / VEC_UNEXPECTED in .vectors (tests/qemu/probes/lib/lite5200b.mk).
 *
 * Output: bytes written to PSC1's transmit buffer (MBAR + 0x200c). With a
 * PSC model they reach -serial; without one (an unimplemented device) the
 * runner reads them back from QEMU's -d unimp log (run-lite5200b). psc1_init
 * tells the two apart by reading SR after enabling the transmitter (a PSC
 * reports TXRDY, an unimplemented device reads 0).
 * Exit: the GPT0 watchdog, as Linux's mpc52xx_restart() charges it (a
 * reset, so -no-reboot ends QEMU when a GPT model is present); otherwise
 * the runner stops QEMU once the result line is complete.
 * r1 must point at a stack (the machine's -kernel boot sets it); putdec
 * uses 16 bytes below it.
 */
#define MACHINE		"lite5200b"
#define MBAR		0xf0000000
#define ICTL		(MBAR + 0x500)
#define ICTL_PER_MASK	0x00
#define ICTL_PER_PRI1	0x04
#define ICTL_PER_PRI2	0x08
#define ICTL_PER_PRI3	0x0c
#define ICTL_CTRL	0x10
#define ICTL_MAIN_MASK	0x14
#define ICTL_MAIN_PRI1	0x18
#define ICTL_MAIN_PRI2	0x1c
#define ICTL_ENC	0x24
#define ICTL_CRIT_ST	0x28
#define ICTL_MAIN_ST	0x2c
#define ICTL_PER_ST	0x30
#define ICTL_CTRL_MEE	0x00001000
#define ICTL_CTRL_CEB	0x00000001
#define SLT0		(MBAR + 0x700)
#define SLT1		(MBAR + 0x710)
#define SLT_TCR		0x0
#define SLT_CNTRL	0x4
#define SLT_CVR		0x8
#define SLT_TSR		0xc
#define SLT_RW		0x04000000
#define SLT_INTEN	0x02000000
#define SLT_TIMEN	0x01000000
#define SLT_ST		0x01000000
#define GPT0		(MBAR + 0x600)
#define PSC1		(MBAR + 0x2000)
#define SRAM		(MBAR + 0x8000)
#define SPR_CSRR0	58
#define SPR_CSRR1	59
#define SPR_SVR		286
#define SPR_MBAR	311
#define SPR_SPRG4	276
#define SPR_SPRG5	277
#define MSR_EE		0x00008000
#define MSR_PR		0x00004000
#define MSR_ME		0x00001000
#define MSR_CE		0x00000080	/* G2_LE critical enable (e300: same bit) */
#define MSR_IP		0x00000040
#define MSR_RI		0x00000002

/* rfci (G2_LE only; binutils knows it for Book E, not -mcpu=603e) */
.macro RFCI
	.long	0x4c000066
.endm

/* load a 32-bit address or constant */
.macro LA reg, val
	lis	\reg, (\val)@ha
	addi	\reg, \reg, (\val)@l
.endm

/* vectors: in .vectors, in increasing order */
.macro VEC off, target
	.org	\off
	b	\target
.endm
.macro VEC_UNEXPECTED off:req, more:vararg
	.org	\off
	li	r31, \off
	b	unexpected
	.ifnb \more
	VEC_UNEXPECTED \more
	.endif
.endm

/* print the string at \label (clobbers r0, r3-r6, ctr) */
.macro SAY label
	LA	r3, \label
	bl	puts
.endm

/* print register \reg as 0x%08x (clobbers r0, r3-r8, ctr) */
.macro SAYHEX reg
	mr	r3, \reg
	bl	puthex
.endm

/* print register \reg in decimal (clobbers r0, r3-r10, ctr) */
.macro SAYDEC reg
	mr	r3, \reg
	bl	putdec
.endm

/* close a FAIL line with ")" and stop */
.macro FAIL_END
	SAY	s_close
	b	exit
.endm

	.text
/* psc1_init: UART mode, 8N1, transmitter and receiver on; clobbers r3-r5 */
psc1_init:
	LA	r5, PSC1
	li	r4, 0x20		/* CR: reset receiver */
	stb	r4, 8(r5)
	li	r4, 0x30		/* reset transmitter */
	stb	r4, 8(r5)
	li	r4, 0x40		/* reset error status */
	stb	r4, 8(r5)
	li	r4, 0
	stw	r4, 0x40(r5)		/* SICR: UART */
	li	r4, 0x10		/* select MR1 */
	stb	r4, 8(r5)
	li	r4, 0x13		/* MR1: 8 bits, no parity */
	stb	r4, 0(r5)
	li	r4, 0x07		/* MR2: 1 stop bit */
	stb	r4, 0(r5)
	li	r4, 0
	ori	r4, r4, 0xdd00		/* CSR: IPB / 32 prescaler (5200B) */
	sth	r4, 4(r5)
	li	r4, 0
	stb	r4, 0x18(r5)		/* CTUR */
	li	r4, 36			/* CTLR: 132 MHz / 32 / 36 = 115200 */
	stb	r4, 0x1c(r5)
	li	r4, 0x05		/* CR: TX and RX enable */
	stb	r4, 8(r5)
	eieio
	lhz	r4, 4(r5)		/* SR: 0 from an unimplemented device */
	andi.	r4, r4, 0x0400
	LA	r3, psc_live
	stw	r4, 0(r3)
	blr

/* puts(r3 = NUL-terminated string); clobbers r0, r3-r6, ctr */
puts:
	LA	r5, PSC1
	LA	r4, psc_live
	lwz	r4, 0(r4)
1:	lbz	r6, 0(r3)
	cmpwi	r6, 0
	beqlr
	cmpwi	r4, 0
	beq	3f
2:	lhz	r0, 4(r5)		/* SR.TXRDY */
	andi.	r0, r0, 0x0400
	beq	2b
3:	stb	r6, 12(r5)		/* TB */
	eieio
	addi	r3, r3, 1
	b	1b

/* puthex(r3 = value): "0x%08x"; clobbers r0, r3-r8, ctr */
puthex:
	mflr	r7
	mr	r8, r3
	LA	r3, s_0x
	bl	puts
	LA	r3, hexbuf
	li	r6, 8
	mtctr	r6
1:	rotlwi	r8, r8, 4
	andi.	r4, r8, 0xf
	addi	r4, r4, '0'
	cmpwi	r4, '9'
	ble	2f
	addi	r4, r4, 'a' - '0' - 10
2:	stb	r4, 0(r3)
	addi	r3, r3, 1
	bdnz	1b
	li	r4, 0
	stb	r4, 0(r3)
	LA	r3, hexbuf
	bl	puts
	mtlr	r7
	blr

/* putdec(r3 = unsigned value): decimal; clobbers r0, r3-r10, ctr */
putdec:
	mflr	r9
	addi	r8, r1, -16		/* 10 digits + NUL below the stack pointer */
	li	r4, 0
	stb	r4, 15(r8)
	addi	r8, r8, 15
	li	r7, 10
1:	divwu	r4, r3, r7
	mullw	r5, r4, r7
	subf	r5, r5, r3		/* r5 = r3 % 10 */
	addi	r5, r5, '0'
	stbu	r5, -1(r8)
	mr	r3, r4
	cmpwi	r3, 0
	bne	1b
	mr	r3, r8
	bl	puts
	mtlr	r9
	blr

/* charge the GPT0 watchdog (a reset; -no-reboot ends QEMU) and stop */
exit:
	LA	r5, PSC1
	LA	r4, psc_live
	lwz	r4, 0(r4)
	cmpwi	r4, 0
	beq	2f
1:	lhz	r0, 4(r5)		/* SR.TXEMP: the line is out */
	andi.	r0, r0, 0x0800
	beq	1b
2:	LA	r5, GPT0
	li	r4, 0
	stw	r4, 0(r5)		/* mode: off */
	LA	r4, 0x000100ff
	stw	r4, 4(r5)		/* prescale 1, count 0xff */
	li	r4, 0
	ori	r4, r4, 0x9004		/* watchdog enable, counter enable, timer */
	stw	r4, 0(r5)
	sync
3:	b	3b

/* an exception nobody expected: its vector (r31), SRR0/1 and CSRR0 */
unexpected:
	SAY	s_unexp
	SAYHEX	r31
	SAY	s_srr0
	mfsrr0	r8
	SAYHEX	r8
	SAY	s_srr1
	mfsrr1	r8
	SAYHEX	r8
	SAY	s_csrr0
	mfspr	r8, SPR_CSRR0
	SAYHEX	r8
	FAIL_END

	.section .rodata
s_0x:	.asciz "0x"
s_unexp: .asciz "PROBE " PROBE_NAME ": FAIL (unexpected exception at vector "
s_srr0:	.asciz " SRR0="
s_srr1:	.asciz " SRR1="
s_csrr0: .asciz " CSRR0="
s_close: .asciz ")\r\n"
	.data
	.balign	4
psc_live: .long 0
hexbuf:	.space 12
	.text
