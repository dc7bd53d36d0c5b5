/* SPDX-License-Identifier: MIT */
/*
 * icount-doze-wake: under -icount shift=0,sleep=off, does a periodic timer
 * interrupt wake a dozing CPU at the timer's expiry, not a period later?
 *
 * Checks, on ppce500 with MSR[EE] = 1: MPIC global timer A0 (base count
 * P = 250 clocks of 25 MHz, 10 us; vector 0x50, priority 15) is routed to
 * core 0's int (GTDR0 = P0, CTPR0 = 0). Main dozes (HID0[DOZE], then
 * MSR[WE] = 1) in a loop; the IVOR4 handler reads the timebase, then IACK
 * and EOI. After 8 interrupts: each one must come within P / 4 of its
 * expiry (P * 16 timebase ticks apart, the first P * 16 after the GTBCR
 * write), i.e. the CPU woke at the expiry. Figures are QEMU's virtual time.
 *
 * Reference: QEMU's own -icount documentation (qemu-options.hx): with
 * sleep=off "the virtual time will jump to the next timer deadline
 * instantly whenever the virtual cpu goes to sleep mode", so a dozing CPU
 * must wake at the next deadline. e500CORERM: doze (HID0[DOZE], MSR[WE])
 * is left on any enabled interrupt.
 *
 * Why stock QEMU 7.2 fails: the MPIC timer callback (hw/intc/openpic.c
 * qemu_timer_cb) re-arms the periodic timer before it raises the
 * interrupt. timer_mod() calls timerlist_rearm(), which under icount calls
 * icount_start_warp_timer() at once; the vCPU is still halted (the
 * interrupt is not raised yet), so with sleep=off virtual time warps to the
 * *next* expiry and the CPU wakes one period late, every period. Fixed by
 * qemu/patches/0009-qemu-timer-icount-no-warp-from-inside-a-timer-callback.patch.
 *
 * Runs on qemu-system-ppc -M ppce500 -cpu e500v2 -kernel <elf> -no-reboot
 * -icount shift=0,sleep=off; prints one "PROBE icount-doze-wake: ..." line.
 */
#define PROBE_NAME "icount-doze-wake"
#include "ppce500.S"

#define MPIC		(CCSR_EA + 0x40000)
#define GTBCR0		(MPIC + 0x1110)
#define GTVPR0		(MPIC + 0x1120)
#define GTDR0		(MPIC + 0x1130)
#define CTPR0		(MPIC + 0x20080)
#define IACK0		(MPIC + 0x200a0)
#define GT_CI		0x80000000
#define VPR		0x000f0050	/* unmasked, priority 15, vector 0x50 */
#define PERIOD		250		/* MPIC clocks (25 MHz): 10 us */
#define TB_PERIOD	(PERIOD * 16)	/* timebase ticks (400 MHz) */
#define WANT		8

/* r23 = log of timebase values at IVOR4 entry, r24 = entries (handler: r23-r27) */
	.section .text.entry, "ax"
	.globl	_start
_start:
	map_ccsr
	set_ivors
	LA	r23, log
	li	r24, 0
	LA	r4, GTBCR0
	lis	r5, GT_CI@h
	stw	r5, 0(r4)		/* stopped */
	LA	r4, GTVPR0
	LA	r5, VPR
	stw	r5, 0(r4)
	LA	r4, GTDR0
	li	r5, 1
	stw	r5, 0(r4)		/* P0: int of core 0 */
	LA	r4, CTPR0
	li	r5, 0
	stw	r5, 0(r4)
	sync
	hid0_doze
	mfmsr	r10
	ori	r10, r10, MSR_EE
	mtmsr	r10
	isync
	oris	r12, r10, MSR_WE@h	/* MSR to doze with */
	LA	r4, GTBCR0
	li	r5, PERIOD
	mftb	r11			/* start of the count */
	stw	r5, 0(r4)		/* CI = 0: count */
	sync
	/* doze until WANT interrupts, give up after 4 * WANT periods */
1:	cmpwi	r24, WANT
	bge	2f
	mftb	r4
	subf	r4, r11, r4
	lis	r5, (4 * WANT * TB_PERIOD)@h
	ori	r5, r5, (4 * WANT * TB_PERIOD)@l
	cmplw	r4, r5
	bge	2f
	sync
	mtmsr	r12			/* doze */
	isync
	b	1b
2:	wrteei	0
	LA	r4, GTBCR0
	LA	r5, GT_CI | PERIOD
	stw	r5, 0(r4)		/* stop */
	sync
	cmpwi	r24, WANT
	blt	too_few
	/* entry k (0-based) must be within TB_PERIOD / 4 after start + (k+1) * TB_PERIOD */
	li	r16, 0
	mr	r17, r11		/* expected expiry */
3:	addi	r17, r17, TB_PERIOD
	slwi	r4, r16, 2
	lwzx	r18, r23, r4
	subf	r15, r17, r18		/* entry - expiry */
	cmplwi	r15, TB_PERIOD / 4	/* also catches "before the expiry" */
	bge	late
	addi	r16, r16, 1
	cmpwi	r16, WANT
	blt	3b
	SAY	s_pass
	lwz	r4, 0(r23)
	subf	r3, r11, r4
	addi	r3, r3, -TB_PERIOD
	bl	putdec
	SAY	s_pass2
	b	exit

too_few:
	SAY	s_toofew
	SAYHEX	r24
	FAIL_END
late:
	SAY	s_late
	SAYHEX	r16
	SAY	s_late2
	mr	r3, r15
	bl	putdec
	SAY	s_late3
	b	exit

/* IVOR4 external input, entered with r25 = timebase: log, IACK, EOI */
ext_handler:
	mfcr	r26
	cmpwi	r24, 16
	bge	1f
	slwi	r27, r24, 2
	stwx	r25, r23, r27
1:	addi	r24, r24, 1
	LA	r27, IACK0
	lwz	r0, 0(r27)		/* IACK */
	li	r0, 0
	stw	r0, 0x10(r27)		/* EOI */
	sync
	mfsrr1	r27			/* resume awake: clear WE */
	rlwinm	r27, r27, 0, ~MSR_WE
	mtsrr1	r27
	mtcr	r26
	rfi

	.section .rodata
s_pass:	.asciz "PROBE " PROBE_NAME ": PASS (doze woken at each expiry: first interrupt "
s_pass2: .asciz " TB ticks after it; 8 periods)\r\n"
s_toofew: .asciz "PROBE " PROBE_NAME ": FAIL (timer interrupts while dozing in 32 periods="
s_late:	.asciz "PROBE " PROBE_NAME ": FAIL (interrupt "
s_late2: .asciz " came TB ticks after its expiry: "
s_late3: .asciz " (a period is 4000: woken a period late))\r\n"

	.section .bss
	.balign	4
log:	.space	16 * 4

/* interrupt vectors: IVPR-aligned by link.ld, 16-byte stubs */
	.section .vectors, "ax"
ivec:
	.balign	16
ivec_4:
	mftb	r25
	b	ext_handler
	unexpected_ivors 0,1,2,3,5,6,7,8,9,10,11,12,13,14,15,32,33,34,35
