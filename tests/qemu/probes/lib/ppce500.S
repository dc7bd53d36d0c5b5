/* SPDX-License-Identifier: MIT */
/*
 * ppce500.S - what every ppce500 probe needs: SPR/MSR names, CCSR mapped
 * through TLB1[15], IVORs, DUART output (puts, puthex), the stubs and the
 * report of unexpected interrupts and the exit through GUTS RSTCR. r1 must
 * point at a stack (QEMU's ppce500 entry sets it below 16 MiB; putdec uses
 * 16 bytes below it). A probe defines PROBE_NAME, then #includes this file
 * (tests/qemu/probes/lib/ppce500.mk).
 */
/* CCSR: PA 0xF_E000_0000 on ppce500, 0xE000_0000 on mpc8544ds (-DMPC8544DS) */
#ifdef MPC8544DS
#define MACHINE		"mpc8544ds"
#define CCSR_PA_HI	0x0
#else
#define MACHINE		"ppce500"
#define CCSR_PA_HI	0xf
#endif
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
#define MSR_WE		0x00040000	/* wait state: doze with HID0[DOZE] */
#define SPR_HID0	1008
#define HID0_DOZE	0x00800000

/* TLB1[15]: EA 0xE000_0000 -> CCSR, 1 MiB (TSIZE 10), I|G, SR|SW */
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
	li	r4, CCSR_PA_HI
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

/* the 16-byte stubs, in the probe's .vectors section, of the IVORs it does
 * not expect: unexpected_ivors 1,2,3,... (each reports its number) */
.macro unexpected_ivors n:req, more:vararg
	.balign	16
ivec_\n:
	li	r31, \n
	b	unexpected
	.ifnb \more
	unexpected_ivors \more
	.endif
.endm

/* HID0[DOZE] = 1: MSR[WE] = 1 then dozes (clobbers r4) */
.macro hid0_doze
	mfspr	r4, SPR_HID0
	oris	r4, r4, HID0_DOZE@h
	mtspr	SPR_HID0, r4
	isync
.endm

/* load a 32-bit address or constant */
.macro LA reg, val
	lis	\reg, (\val)@h
	ori	\reg, \reg, (\val)@l
.endm

/* print the string at \label (clobbers r3-r6) */
.macro SAY label
	LA	r3, \label
	bl	puts
.endm

/* print register \reg as 0x%08x (clobbers r3-r7) */
.macro SAYHEX reg
	mr	r3, \reg
	bl	puthex
.endm

/* close a FAIL line with ")" and stop */
.macro FAIL_END
	SAY	s_close
	b	exit
.endm

	.text
/* puts(r3 = NUL-terminated string); clobbers r3, r5, r6 */
puts:
	LA	r5, UART_THR
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
	LA	r3, s_0x
	bl	puts
	LA	r5, UART_THR
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

/* putdec(r3 = unsigned value): decimal; clobbers r3-r9 */
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

/* wait until the UART is idle, then ask GUTS for a reset (QEMU -no-reboot exits) */
exit:
	LA	r5, UART_THR
1:	lbz	r0, 5(r5)
	andi.	r0, r0, 0x40		/* TEMT */
	beq	1b
	LA	r4, RSTCR
	li	r5, 2
	stw	r5, 0(r4)
	sync
2:	b	2b

/* an interrupt nobody expected: report its IVOR number (r31) and SRR0/CSRR0 */
unexpected:
	SAY	s_unexp
	SAYHEX	r31
	SAY	s_srr0
	mfsrr0	r8
	SAYHEX	r8
	SAY	s_csrr0
	mfspr	r8, SPR_CSRR0
	SAYHEX	r8
	FAIL_END

	.section .rodata
s_0x:	.asciz "0x"
s_unexp: .asciz "PROBE " PROBE_NAME ": FAIL (unexpected interrupt IVOR "
s_srr0:	.asciz " SRR0="
s_csrr0: .asciz " CSRR0="
s_close: .asciz ")\r\n"
	.text

