/* SPDX-License-Identifier: MIT */
/*
 * sh4-scif-rx-fifo: bare-metal probe for QEMU `-M r2d` (SH7751R).
 *
 * What it checks (SH7751/SH7751R hardware manual, REJ09B0370, section 16
 * "Serial Communication Interface with FIFO (SCIF)": a 16-stage receive
 * FIFO, SCFDR2's R4-R0 the number of bytes in it, a byte completing with
 * the FIFO full an overrun, SCLSR2.ORER): typed input that the guest has
 * not read yet must wait, not be lost. lib/run-r2d feeds PROBE_INPUT (48
 * distinct bytes, three FIFOs' worth; see ./run, the same as `expect`
 * below) on QEMU's stdin, the SCIF (-serial null -serial stdio).
 *   a. The SCIF is set up as the manual's initialization flow has it (TE,
 *      RE off; SCFCR2 TFRST/RFRST; flags and ORER cleared; SCSMR2 8N1;
 *      SCBRR2; a bit time; the FIFOs released, RTRG 1; TE and RE on, no
 *      interrupts), then SCFDR2 is polled without reading until its
 *      receive count has not changed for STABLE polls (WAITMAX at most):
 *      it must be 16, the FIFO full.
 *   b. Then SCFRDR2 is read while SCFDR2 counts bytes (SCFSR2 read and
 *      RDF, DR cleared by writing 0 after each byte), until all 48 have
 *      come, each equal to the byte sent, with at most RXPOLLS polls of
 *      an empty FIFO between two bytes.
 * The input comes from the host, so how soon it arrives depends on host
 * timing under -icount too; the waits are poll counts long enough for the
 * host to deliver (and a stock QEMU to drop) everything (see below).
 * TMU0 runs meanwhile (1 ms period, no interrupt) so that QEMU's main
 * loop, which reads stdin, wakes up now and then as it does under any
 * OS: stock QEMU, unlike the fix, does not wake it when RE is set, and
 * on the host clock an r2d guest with no timer running never gets its
 * input at all.
 *
 * Why stock QEMU 7.2 fails: hw/char/sh_serial.c's can_receive returns
 * SCSCR.RE (16 while the receiver is on) whatever the FIFO holds, so the
 * chardev hands over everything it has and sh_serial_receive1() drops the
 * bytes beyond the 16th: b times out after 16 bytes. Fixed by
 * qemu/patches/0031-hw-char-sh_serial-hold-input-back-while-the-SCIF-receive-FIFO-is-full.patch.
 *
 * Output on the SCIF (QEMU serial_hd(1)): "PROBE-RESULT PASS ..." or
 * "PROBE-RESULT FAIL ...", then the FPGA POWOFF register stops QEMU.
 * Loaded raw with -kernel at 0x0c800000, entered at 0xac800000 (P2) with
 * SR.BL=1, IMASK=15 (hw/sh4/r2d.c).
 */

	.set	SCIF,     0xffe80000	/* SCSMR2 +0 (16 bit), SCBRR2 +4 (8),
					   SCSCR2 +8 (16), SCFTDR2 +0xc (8),
					   SCFSR2 +0x10 (16), SCFRDR2 +0x14 (8),
					   SCFCR2 +0x18 (16), SCFDR2 +0x1c (16),
					   SCSPTR2 +0x20 (16), SCLSR2 +0x24 (16) */
	.set	SCFTDR2,  0xffe8000c
	.set	SCFRDR2,  0xffe80014
	.set	SCLSR2,   0xffe80024
	.set	TMU,      0xffd80000	/* TSTR +4 (8 bit); TCOR0 +8, TCNT0 +0xc,
					   TCR0 +0x10 (16 bit) */
	.set	POWOFF,   0xa4000030	/* r2d FPGA, P2 */
	.set	SR_BASE,  0x40000000	/* MD=1, RB=0, BL=0 */
	.set	FIFO,     16		/* receive FIFO stages */
	.ifndef	NBYTES
	.set	NBYTES,   48		/* bytes of input: ./run's PROBE_INPUT */
	.endif
	/*
	 * One poll is one SCFDR2 read (an MMIO access) and a few
	 * instructions: about 0.1 us of host time here on the host clock,
	 * 0.2 us under -icount. STABLE (0.5-1 s) lets the host write all
	 * the input into QEMU; RXPOLLS (0.6-1.2 s) bounds the wait for the
	 * next byte.
	 */
	.set	STABLE,   5000000	/* a: polls of an unchanged count that end the wait */
	.set	WAITMAX,  40000000	/* a: polls at most */
	.set	RXPOLLS,  6000000	/* b: polls of an empty FIFO for one byte */

	.include "r2d-macros.s"

	.text
	START_AND_EXCEPTION_VECTOR
/* ---- VBR+0x600: no interrupt is expected (IMASK stays 15) ---- */
	LI	r4, msg_irq
	bsr	puts
	nop
	bra	poweroff
	nop

/* ---- main ---- */
	MAIN_START 15
	/* TMU0 periodic, 1 ms at Pphi/4 (15 MHz), no interrupt */
	LI	r8, TMU
	mov	#0, r0
	mov.b	r0, @(4, r8)		/* TSTR = 0 */
	mov.w	r0, @(0x10, r8)		/* TCR0: Pphi/4, UNIE = 0 */
	LI	r0, 14999
	mov.l	r0, @(0x08, r8)		/* TCOR0 */
	mov.l	r0, @(0x0c, r8)		/* TCNT0 */
	mov	#1, r0
	mov.b	r0, @(4, r8)		/* start TMU0 */

	LI	r8, SCIF

	/* a: the SCIF initialization flow, the receiver on */
	mov	#0, r0
	mov.w	r0, @(0x08, r8)		/* SCSCR2: TE = RE = 0 */
	mov	#6, r0
	mov.w	r0, @(0x18, r8)		/* SCFCR2: TFRST | RFRST */
	mov.w	@(0x10, r8), r0		/* SCFSR2: read, then clear ER, BRK, */
	mov	#0x60, r0		/* RDF, DR (TEND, TDFE kept) */
	mov.w	r0, @(0x10, r8)
	LI	r1, SCLSR2
	mov.w	@r1, r0
	mov	#0, r0
	mov.w	r0, @r1			/* SCLSR2: ORER = 0 */
	mov	#0, r0
	mov.w	r0, @(0x08, r8)		/* SCSCR2: CKE1-0 = 0, internal clock */
	mov.w	r0, @(0x00, r8)		/* SCSMR2: asynchronous, 8N1, Pphi */
	mov	#15, r0
	mov.b	r0, @(0x04, r8)		/* SCBRR2: 115200 bps at Pphi 60 MHz */
	SPIN	10000			/* a bit time, and more */
	mov	#0, r0
	mov.w	r0, @(0x18, r8)		/* SCFCR2: RTRG 1, FIFOs released */
	mov	#0x30, r0
	mov.w	r0, @(0x08, r8)		/* SCSCR2: TE | RE, no interrupts */

	/* a: poll SCFDR2 until the receive count stops changing */
	mov	#-1, r1			/* r1 = the count seen last (none) */
	LI	r7, STABLE
	mov	r7, r2			/* r2 = polls left for it to change */
	LI	r3, WAITMAX		/* r3 = polls left in all */
1:	mov.w	@(0x1c, r8), r0
	and	#0x1f, r0		/* R4-R0 */
	cmp/eq	r0, r1
	bt	2f
	mov	r0, r1			/* changed: wait STABLE polls more */
	bra	3f
	mov	r7, r2
2:	dt	r2
	bf	3f
	tst	r1, r1			/* stable: done unless still empty */
	bf	4f
	mov	r7, r2
3:	dt	r3
	bf	1b
4:	mov	r1, r13
	mov	r1, r0
	cmp/eq	#FIFO, r0
	bt	5f
	LI	r4, msg_fifo1		/* the FIFO is not full */
	bsr	puts
	nop
	mov	r13, r4
	bsr	putdec
	nop
	LI	r4, msg_fifo2
	bsr	puts
	nop
	bra	poweroff
	nop

	/* b: read all of it, in order */
5:	LI	r9, SCFRDR2
	LI	r12, expect		/* r12 = the next byte expected */
	mov	#0, r13			/* r13 = bytes read */
	LI	r7, RXPOLLS
6:	mov	r7, r14			/* r14 = polls left for this byte */
7:	mov.w	@(0x1c, r8), r0
	and	#0x1f, r0
	tst	r0, r0
	bf	8f
	dt	r14
	bf	7b
	bra	short
	nop
8:	mov.b	@r9, r0			/* SCFRDR2 */
	extu.b	r0, r2
	mov.w	@(0x10, r8), r0		/* SCFSR2: read, then clear RDF and DR */
	mov	#-4, r0
	extu.b	r0, r0			/* 0xfc: the other flags kept */
	mov.w	r0, @(0x10, r8)
	mov.b	@r12+, r0
	extu.b	r0, r3
	cmp/eq	r2, r3
	bf	mismatch
	add	#1, r13
	mov	r13, r0
	cmp/eq	#NBYTES, r0
	bf	6b

	LI	r4, msg_pass1
	bsr	puts
	nop
	mov	r13, r4
	bsr	putdec
	nop
	LI	r4, msg_pass2
	bsr	puts
	nop
	bra	poweroff
	nop

/* b: no byte came for RXPOLLS polls; r13 = bytes read */
short:
	LI	r4, msg_short1
	bsr	puts
	nop
	mov	r13, r4
	bsr	putdec
	nop
	LI	r4, msg_short2
	bsr	puts
	nop
	bra	poweroff
	nop

/* b: the byte after the r13 read in order is r2, not r3 */
mismatch:
	mov	r2, r10
	mov	r3, r11
	LI	r4, msg_mis1
	bsr	puts
	nop
	mov	r13, r4
	bsr	putdec
	nop
	LI	r4, msg_mis2
	bsr	puts
	nop
	mov	r10, r4
	bsr	puthex
	nop
	LI	r4, msg_mis3
	bsr	puts
	nop
	mov	r11, r4
	bsr	puthex
	nop
	LI	r4, msg_mis4
	bsr	puts
	nop
	bra	poweroff
	nop

	.include "r2d-io.s"

/* what ./run feeds (PROBE_INPUT), byte for byte */
expect:	   .ascii "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKL"
msg_pass1: .asciz "PROBE-RESULT PASS "
msg_pass2: .asciz " bytes in order, 16 held in the full FIFO while unread\r\n"
msg_fifo1: .asciz "PROBE-RESULT FAIL a: SCFDR2 receive count "
msg_fifo2: .asciz " after the wait, want 16 (the FIFO full)\r\n"
msg_short1: .asciz "PROBE-RESULT FAIL b: only "
msg_short2: .asciz " of 48 bytes arrived (the rest were lost while the FIFO was full)\r\n"
msg_mis1:  .asciz "PROBE-RESULT FAIL b: after "
msg_mis2:  .asciz " bytes in order came 0x"
msg_mis3:  .asciz ", want 0x"
msg_mis4:  .asciz "\r\n"
msg_irq:   .asciz "PROBE-RESULT FAIL unexpected interrupt\r\n"

	.balign	4
	.space	256
stack_top:
