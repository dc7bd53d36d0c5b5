/* SPDX-License-Identifier: MIT */
/*
 * r2d-io.s - output and exit for the r2d (SH7751R) probes: poweroff through
 * the board FPGA (QEMU exits), puts and puthex on SCIF (serial_hd(1)).
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

msg_exc: .asciz "PROBE-RESULT FAIL unexpected exception EXPEVT=0x"
	.balign	4
