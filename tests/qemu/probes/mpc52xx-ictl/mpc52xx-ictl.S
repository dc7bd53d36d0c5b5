/* SPDX-License-Identifier: MIT */
/*
 * mpc52xx-ictl: does the MPC5200B interrupt controller present its groups
 * as Linux's mpc52xx_get_irq() and the co-kernel read them?
 *
 * Sources a bare-metal program can raise on the lite5200b machine: slice
 * timer 0 (critical 1), slice timer 1 (main 0), and the IRQ0 (critical 0)
 * and IRQ1 (main 1) pins, which idle high, through their sense in ctrl
 * (level high: requesting, level low: quiet). Checks:
 * 1. Linux's mpc52xx_init_irq() values read back (per_mask 0x7ffffc00,
 *    main_mask 0x00010fff, ctrl MEE|CEb without the ECLR bits) and
 *    enc_status shows nothing but CEbSh;
 * 2. CEb = 1: slice timer 0 is taken as an external interrupt (0x500),
 *    not a critical one, with enc_status CSe = flag|1 (0x500); acked
 *    (TSR[ST]), enc_status is quiet again;
 * 3. CEb = 0: the same source is taken as a critical interrupt (0xA00)
 *    while MSR[EE] and MSR[CE] are both set, not as an external one;
 * 4. main group: slice timer 1 masked in main_mask (bit 16) raises
 *    nothing and MSe stays clear; unmasked it is taken at 0x500 with
 *    MSe = flag|0 (0x00200000);
 * 5. priority between two main sources: slice timer 1 (main 0) and IRQ1
 *    (main 1) pending at equal priority: MSe = 0 (the lower number wins);
 *    main 1 at priority 1: MSe = 1; main 0 at priority 2: MSe = 0;
 * 6. critical group: IRQ0 (critical 0) and slice timer 0 (critical 1):
 *    equal priority CSe = 0, critical 1 at priority 1 in main_mask[31-24]
 *    CSe = 1.
 * 7. peripheral group, when PSC1 is modelled (patches 0024, 0027): PSC1's
 *    TXRDY interrupt (IMR) is held by per_mask; unmasked it is PSe =
 *    flag|1 and, in the LO bank, LO_int (MSe = flag|4) taken at 0x500;
 *    in the HI bank (per_pri1 nibble 1 = 8) it is HI_int (CSe = flag|2),
 *    taken at 0xA00 with CEb = 0. Without a PSC model the PASS line says
 *    the group was not checked.
 *
 * Manual: MPC5200BUM Rev. 1 §7.2 (§7.2.4.2 priorities, §7.2.4.9 enc_status);
 * bit positions of masks, ctrl and priorities as Linux's mpc52xx_pic.c and
 * RTEMS' gen5200 mpc5200.h use them (the main and critical priority
 * layouts are the model's, unverified).
 *
 * Why stock QEMU fails: it has no lite5200b machine (and no model of this
 * controller). Fixed by qemu/patches/0021 and 0026.
 */
#define PROBE_NAME "mpc52xx-ictl"
#include "lite5200b.S"

#define CTRL_LINUX	(ICTL_CTRL_MEE | ICTL_CTRL_CEB)
#define CTRL_EENA0	0x00000800
#define CTRL_EENA1	0x00000400
#define ETYPE_LOW_ALL	0x00ff0000	/* IRQ0-3 level low: quiet */
#define ETYPE0_LOW	0x00c00000
#define ETYPE1_LOW	0x00300000

	.section .vectors, "ax"
	VEC_UNEXPECTED 0x100, 0x200, 0x300, 0x400
	VEC	0x500, ext_handler
	VEC_UNEXPECTED 0x600, 0x700, 0x800, 0x900
	VEC	0xa00, crit_handler
	VEC_UNEXPECTED 0xc00, 0xd00, 0xe00, 0xf00, 0x1000, 0x1100, 0x1200, 0x1300, 0x1400

	.section .text.entry, "ax"
	.globl	_start
_start:
	bl	psc1_init
	LA	r14, ICTL
	LA	r15, SLT0
	LA	r16, SLT1
	li	r21, 0			/* external interrupts taken */
	li	r22, 0			/* critical interrupts taken */

	/* 1. Linux's init values */
	li	r31, 1
	LA	r4, 0x7ffffc00
	stw	r4, ICTL_PER_MASK(r14)
	LA	r4, 0x00010fff
	stw	r4, ICTL_MAIN_MASK(r14)
	lwz	r4, ICTL_CTRL(r14)
	andis.	r4, r4, 0x00ff
	oris	r4, r4, 0x0f00
	ori	r4, r4, CTRL_LINUX
	stw	r4, ICTL_CTRL(r14)
	li	r4, 0
	stw	r4, ICTL_PER_PRI1(r14)
	stw	r4, ICTL_PER_PRI2(r14)
	stw	r4, ICTL_PER_PRI3(r14)
	stw	r4, ICTL_MAIN_PRI1(r14)
	stw	r4, ICTL_MAIN_PRI2(r14)
	lwz	r20, ICTL_PER_MASK(r14)
	LA	r4, 0x7ffffc00
	cmpw	r20, r4
	bne	bad_reg
	lwz	r20, ICTL_MAIN_MASK(r14)
	LA	r4, 0x00010fff
	cmpw	r20, r4
	bne	bad_reg
	lwz	r20, ICTL_CTRL(r14)
	cmpwi	r20, CTRL_LINUX
	bne	bad_reg
	lwz	r20, ICTL_ENC(r14)
	cmpwi	r20, 1			/* CEbSh alone */
	bne	bad_reg

	/* 2. CEb = 1: slice timer 0 through int (0x500) */
	li	r31, 2
	bl	expire_slt0
	LA	r4, MSR_EE | MSR_CE
	bl	wait_irq
	cmpwi	r21, 1
	bne	bad_counts
	cmpwi	r22, 0
	bne	bad_counts
	andi.	r4, r23, 0x0700
	cmpwi	r4, 0x0500
	bne	bad_enc
	bl	ack_slt0
	lwz	r23, ICTL_ENC(r14)
	cmpwi	r23, 1
	bne	bad_enc

	/* 3. CEb = 0: the same source through cint (0xA00) */
	li	r31, 3
	li	r4, ICTL_CTRL_MEE
	stw	r4, ICTL_CTRL(r14)
	li	r21, 0
	bl	expire_slt0
	LA	r4, MSR_EE | MSR_CE
	bl	wait_irq
	cmpwi	r21, 0
	bne	bad_counts
	cmpwi	r22, 1
	bne	bad_counts
	andi.	r4, r23, 0x0700
	cmpwi	r4, 0x0500
	bne	bad_enc
	bl	ack_slt0
	li	r4, CTRL_LINUX
	stw	r4, ICTL_CTRL(r14)

	/* 4. main: slice timer 1, masked then unmasked */
	li	r31, 4
	li	r21, 0
	li	r22, 0
	li	r4, 99
	stw	r4, SLT_TCR(r16)
	lis	r4, (SLT_RW | SLT_INTEN | SLT_TIMEN)@h
	stw	r4, SLT_CNTRL(r16)
1:	lwz	r4, SLT_TSR(r16)
	andis.	r4, r4, SLT_ST@h
	beq	1b
	lis	r4, SLT_INTEN@h
	stw	r4, SLT_CNTRL(r16)	/* stopped; ST and the line stay */
	LA	r4, MSR_EE
	bl	wait_irq
	cmpwi	r21, 0			/* masked: nothing */
	bne	bad_counts
	lwz	r23, ICTL_ENC(r14)
	andis.	r4, r23, 0x0020		/* MSe flag */
	bne	bad_enc
	LA	r4, 0x00000fff		/* unmask main 0 */
	stw	r4, ICTL_MAIN_MASK(r14)
	LA	r4, MSR_EE
	bl	wait_irq
	cmpwi	r21, 1
	bne	bad_counts
	andis.	r4, r23, 0x003f		/* MSe: flag + source 0 */
	lis	r5, 0x0020
	cmpw	r4, r5
	bne	bad_enc

	/* 5. main priorities: slice timer 1 (main 0) against IRQ1 (main 1) */
	li	r31, 5
	LA	r4, CTRL_LINUX | CTRL_EENA1 | (ETYPE_LOW_ALL & ~ETYPE1_LOW)
	stw	r4, ICTL_CTRL(r14)	/* IRQ1 level high on its idle-high pin */
	lwz	r23, ICTL_ENC(r14)
	andis.	r4, r23, 0x003f
	lis	r5, 0x0020		/* equal: main 0 */
	cmpw	r4, r5
	bne	bad_enc
	lis	r4, 0x0100		/* main 1: priority 1 */
	stw	r4, ICTL_MAIN_PRI1(r14)
	lwz	r23, ICTL_ENC(r14)
	andis.	r4, r23, 0x003f
	lis	r5, 0x0021
	cmpw	r4, r5
	bne	bad_enc
	lis	r4, 0x2100		/* main 0: priority 2 */
	stw	r4, ICTL_MAIN_PRI1(r14)
	lwz	r23, ICTL_ENC(r14)
	andis.	r4, r23, 0x003f
	lis	r5, 0x0020
	cmpw	r4, r5
	bne	bad_enc
	lis	r4, SLT_ST@h		/* ack slice timer 1, IRQ1 quiet */
	stw	r4, SLT_TSR(r16)
	LA	r4, CTRL_LINUX | ETYPE_LOW_ALL
	stw	r4, ICTL_CTRL(r14)
	li	r4, 0
	stw	r4, ICTL_MAIN_PRI1(r14)
	lwz	r23, ICTL_ENC(r14)
	cmpwi	r23, 1
	bne	bad_enc

	/* 6. critical priorities: IRQ0 (critical 0) against slice timer 0 */
	li	r31, 6
	LA	r4, CTRL_LINUX | CTRL_EENA0 | (ETYPE_LOW_ALL & ~ETYPE0_LOW)
	stw	r4, ICTL_CTRL(r14)
	bl	expire_slt0
	lwz	r23, ICTL_ENC(r14)
	andi.	r4, r23, 0x0700
	cmpwi	r4, 0x0400		/* equal: critical 0 */
	bne	bad_enc
	LA	r4, 0x10000fff		/* critical 1: priority 1 */
	stw	r4, ICTL_MAIN_MASK(r14)
	lwz	r23, ICTL_ENC(r14)
	andi.	r4, r23, 0x0700
	cmpwi	r4, 0x0500
	bne	bad_enc
	bl	ack_slt0
	LA	r4, CTRL_LINUX | ETYPE_LOW_ALL
	stw	r4, ICTL_CTRL(r14)
	lwz	r23, ICTL_ENC(r14)
	cmpwi	r23, 1
	bne	bad_enc

	/* 7. peripheral group: PSC1's TXRDY interrupt, when PSC1 is modelled */
	li	r31, 7
	LA	r4, psc_live
	lwz	r4, 0(r4)
	cmpwi	r4, 0
	beq	no_psc
	li	r21, 0
	li	r22, 0
	LA	r17, PSC1
	li	r4, 0x0100		/* IMR: TXRDY */
	sth	r4, 0x14(r17)
	lwz	r23, ICTL_ENC(r14)	/* per 1 masked (Linux's per_mask) */
	andis.	r4, r23, 0x3f00
	bne	bad_enc
	LA	r4, 0x3ffffc00		/* unmask per 1 */
	stw	r4, ICTL_PER_MASK(r14)
	lwz	r23, ICTL_ENC(r14)	/* PSe = flag|1, MSe = flag|4 (LO_int) */
	LA	r5, 0x3f3f0000
	and	r4, r23, r5
	LA	r5, 0x21240000
	cmpw	r4, r5
	bne	bad_enc
	LA	r4, MSR_EE
	bl	wait_irq
	cmpwi	r21, 1
	bne	bad_counts
	lis	r4, 0x0800		/* per 1 in the HI bank */
	stw	r4, ICTL_PER_PRI1(r14)
	lwz	r23, ICTL_ENC(r14)	/* CSe = flag|2 (HI_int), MSe clear */
	LA	r5, 0x3f3f0700
	and	r4, r23, r5
	LA	r5, 0x21000600
	cmpw	r4, r5
	bne	bad_enc
	li	r4, ICTL_CTRL_MEE	/* CEb = 0: HI_int on core_cint */
	stw	r4, ICTL_CTRL(r14)
	LA	r4, MSR_EE | MSR_CE
	bl	wait_irq
	cmpwi	r21, 1
	bne	bad_counts
	cmpwi	r22, 1
	bne	bad_counts
	li	r4, 0			/* quiet again */
	sth	r4, 0x14(r17)
	stw	r4, ICTL_PER_PRI1(r14)
	LA	r4, CTRL_LINUX | ETYPE_LOW_ALL
	stw	r4, ICTL_CTRL(r14)
	lwz	r23, ICTL_ENC(r14)
	cmpwi	r23, 1
	bne	bad_enc
	SAY	s_pass
	b	exit
no_psc:
	SAY	s_pass_nopsc
	b	exit

/* slice timer 0: 100 clocks, interrupt enabled; wait for TSR[ST] */
expire_slt0:
	li	r4, 99
	stw	r4, SLT_TCR(r15)
	lis	r4, (SLT_RW | SLT_INTEN | SLT_TIMEN)@h
	stw	r4, SLT_CNTRL(r15)
1:	lwz	r4, SLT_TSR(r15)
	andis.	r4, r4, SLT_ST@h
	beq	1b
	lis	r4, SLT_INTEN@h
	stw	r4, SLT_CNTRL(r15)	/* stopped; ST and the line stay */
	blr

ack_slt0:
	lis	r4, SLT_ST@h
	stw	r4, SLT_TSR(r15)
	blr

/* MSR = r4 for a while (the handlers clear EE/CE on return), then 0 */
wait_irq:
	mtmsr	r4
	li	r4, 1000
	mtctr	r4
1:	bdnz	1b
	li	r4, 0
	mtmsr	r4
	blr

/* 0x500: record enc_status, return with EE off */
ext_handler:
	lwz	r23, ICTL_ENC(r14)
	addi	r21, r21, 1
	mfsrr1	r24
	rlwinm	r24, r24, 0, 17, 15	/* clear EE (0x8000) */
	mtsrr1	r24
	rfi

/* 0xA00: record enc_status, return with CE off */
crit_handler:
	lwz	r23, ICTL_ENC(r14)
	addi	r22, r22, 1
	mfspr	r24, SPR_CSRR1
	rlwinm	r24, r24, 0, 25, 23	/* clear CE (0x80) */
	mtspr	SPR_CSRR1, r24
	RFCI

bad_reg:
	SAY	s_reg
	SAYHEX	r20
	b	step
bad_counts:
	SAY	s_counts
	SAYDEC	r21
	SAY	s_sep
	SAYDEC	r22
	b	step
bad_enc:
	SAY	s_enc
	SAYHEX	r23
step:
	SAY	s_step
	SAYDEC	r31
	FAIL_END

	.section .rodata
s_pass:	.asciz "PROBE " PROBE_NAME ": PASS\r\n"
s_pass_nopsc: .asciz "PROBE " PROBE_NAME ": PASS (peripheral group not checked: no PSC model)\r\n"
s_reg:	.asciz "PROBE " PROBE_NAME ": FAIL (register read back: "
s_counts: .asciz "PROBE " PROBE_NAME ": FAIL (external/critical interrupts taken: "
s_sep:	.asciz "/"
s_enc:	.asciz "PROBE " PROBE_NAME ": FAIL (enc_status "
s_step:	.asciz " at step "
