/* SPDX-License-Identifier: MIT */
/*
 * r2d-io.s - output, exit and delay for the r2d (SH7751R) probes: poweroff
 * through the board FPGA (QEMU exits), puts, puthex and putdec on SCIF
 * (serial_hd(1)), spin (a delay that lets pending interrupts in),
 * fail_record (a FAIL line with recorded words), and the message of the
 * general exception vector (START_AND_EXCEPTION_VECTOR).
 * A probe defines the LI macro, SCFTDR2 and POWOFF, then .includes this
 * (tests/qemu/probes/lib/r2d.mk passes -I).
 */
poweroff:
	LI	r1, POWOFF
	mov	#1, r0
	mov.w	r0, @r1
3:	bra	3b
	nop

/* r4 = NUL-terminated string; clobbers r0, r1, r4 */
puts:
	LI	r1, SCFTDR2
1:	mov.b	@r4+, r0
	tst	r0, r0
	bt	2f
	mov.b	r0, @r1
	bra	1b
	nop
2:	rts
	nop

/* r4 = value, printed as 8 hex digits; clobbers r0-r4 */
puthex:
	LI	r1, SCFTDR2
	mov	#8, r2
	mov	#10, r3
1:	rotl	r4
	rotl	r4
	rotl	r4
	rotl	r4
	mov	r4, r0
	and	#15, r0
	cmp/hs	r3, r0
	bf	2f
	add	#7, r0
2:	add	#48, r0
	mov.b	r0, @r1
	dt	r2
	bf	1b
	rts
	nop

/* r4 = unsigned value, printed in decimal; clobbers r0-r6 */
putdec:
	LI	r1, SCFTDR2
	LI	r5, pow10
	mov	#0, r6			/* a digit printed yet */
1:	mov.l	@r5+, r2
	tst	r2, r2
	bt	9f
	mov	#48, r0			/* '0' */
2:	cmp/hs	r2, r4
	bf	3f
	sub	r2, r4
	add	#1, r0
	bra	2b
	nop
3:	cmp/eq	#48, r0
	bf	4f
	tst	r6, r6
	bf	5f
	mov	#1, r3
	cmp/eq	r3, r2			/* a lone 0 */
	bf	1b
4:	mov	#1, r6
5:	mov.b	r0, @r1
	bra	1b
	nop
9:	rts
	nop

/* r4 iterations; each ldc sr ends the TB so pending interrupts are checked */
spin:
1:	stc	sr, r0
	ldc	r0, sr
	dt	r4
	bf	1b
	rts
	nop

/*
 * fail_record: print "PROBE-RESULT FAIL <r10 message><r13 label> w0 w1 ...)"
 * with the r12 words at r11 (e.g. what the interrupt handler recorded),
 * then power off. Does not return.
 */
fail_record:
	SETIMASK 15
	LI	r4, msg_fail_lib
	bsr	puts
	nop
	mov	r10, r4
	bsr	puts
	nop
	mov	r13, r4
	bsr	puts
	nop
1:	LI	r4, msg_sp_lib
	bsr	puts
	nop
	mov.l	@r11+, r4
	bsr	puthex
	nop
	dt	r12
	bf	1b
	LI	r4, msg_close_lib
	bsr	puts
	nop
	bra	poweroff
	nop

msg_fail_lib:	.asciz "PROBE-RESULT FAIL "
msg_sp_lib:	.asciz " "
msg_close_lib:	.asciz ")\r\n"
	.balign	4
pow10:	.long	1000000000, 100000000, 10000000, 1000000, 100000
	.long	10000, 1000, 100, 10, 1, 0
msg_exc: .asciz "PROBE-RESULT FAIL unexpected exception EXPEVT=0x"
	.balign	4
