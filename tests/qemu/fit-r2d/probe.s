/* SPDX-License-Identifier: MIT */
/*
 * fit-r2d: the kernel image of the test FIT that test_uboot_r2d.py boots
 * through U-Boot on QEMU `-M r2d`, in place of the co-kernel: linked at
 * the co-kernel's address (P1 0x8fc00000, PA 0x0fc00000; Makefile) and
 * entered there by the boot command (bsp/r2d/uboot.config), it reports
 * on the SCIF console (serial_hd(1), SCFTDR2 0xffe8000c: SH7751 hardware
 * manual, SCIF chapter; QEMU hw/sh4/sh7750.c) what it was entered with,
 * then checks the two loadables the test put in the FIT, and powers the
 * board off (r2d FPGA POWOFF, QEMU hw/sh4/r2d.c), which ends QEMU:
 *   FITKERNEL pc <where _start ran> r4 <r4> r5 <r5> r15 <r15> sr <sr>
 *   FITKERNEL loadable <address> words <n> sum <sum>   (one per loadable)
 *   FITKERNEL done
 * A loadable is a word count n (at most 0x100000) followed by n words;
 * sum is their 32-bit sum, which the test compares with what it wrote.
 * An n above the bound prints "words <n> bad" and no sum.
 * No stack, no memory writes: only registers, so it cannot overwrite what
 * U-Boot left (its stack and code sit in the co-kernel's region too).
 */
	.set	SCFTDR2,  0xffe8000c
	.set	POWOFF,   0xa4000030	/* r2d FPGA, P2 */
	.set	SR_BASE,  0x400000f0	/* MD=1, IMASK=15 (SETIMASK, r2d-io.s) */
	.set	MAX_WORDS, 0x100000

	.include "r2d-macros.s"

	.text
	.global	_start
_start:
	mov	r4, r8
	mov	r5, r9
	mov	r15, r11
	stc	sr, r10
	bsr	1f
	nop
1:	sts	pr, r12			/* run-time address of 1b */
	add	#-(1b - _start), r12	/* run-time address of _start */

	LI	r4, msg_pc
	bsr	puts
	nop
	mov	r12, r4
	bsr	puthex
	nop
	LI	r4, msg_r4
	bsr	puts
	nop
	mov	r8, r4
	bsr	puthex
	nop
	LI	r4, msg_r5
	bsr	puts
	nop
	mov	r9, r4
	bsr	puthex
	nop
	LI	r4, msg_r15
	bsr	puts
	nop
	mov	r11, r4
	bsr	puthex
	nop
	LI	r4, msg_sr
	bsr	puts
	nop
	mov	r10, r4
	bsr	puthex
	nop
	LI	r4, msg_eol
	bsr	puts
	nop

	LI	r12, loadables
next:	mov.l	@r12+, r13		/* a loadable's address, 0: done */
	tst	r13, r13
	bt	done
	LI	r4, msg_ld
	bsr	puts
	nop
	mov	r13, r4
	bsr	puthex
	nop
	LI	r4, msg_words
	bsr	puts
	nop
	mov.l	@r13+, r8		/* n */
	mov	r8, r4
	bsr	puthex
	nop
	LI	r1, MAX_WORDS
	cmp/hi	r1, r8			/* n > MAX_WORDS */
	bf	sum
	LI	r4, msg_bad
	bsr	puts
	nop
	bra	next
	nop
sum:	mov	#0, r9
	tst	r8, r8
	bt	2f
1:	mov.l	@r13+, r0
	add	r0, r9
	dt	r8
	bf	1b
2:	LI	r4, msg_sum
	bsr	puts
	nop
	mov	r9, r4
	bsr	puthex
	nop
	LI	r4, msg_eol
	bsr	puts
	nop
	bra	next
	nop

done:	LI	r4, msg_done
	bsr	puts
	nop
	bra	poweroff
	nop

	.include "r2d-io.s"

	.balign	4
/* where test_uboot_r2d.py's FIT loads its two loadables, read through P1:
 * Linux's kernel and initramfs addresses (LINUX_KERNEL_PA 0x0c011000,
 * LINUX_INITRD_PA 0x0d800000 in bsp/r2d/board.mk) */
loadables:
	.long	0x8c011000, 0x8d800000, 0
msg_pc:		.asciz	"FITKERNEL pc "
msg_r4:		.asciz	" r4 "
msg_r5:		.asciz	" r5 "
msg_r15:	.asciz	" r15 "
msg_sr:		.asciz	" sr "
msg_ld:		.asciz	"FITKERNEL loadable "
msg_words:	.asciz	" words "
msg_bad:	.asciz	" bad\r\n"
msg_sum:	.asciz	" sum "
msg_eol:	.asciz	"\r\n"
msg_done:	.asciz	"FITKERNEL done\r\n"
