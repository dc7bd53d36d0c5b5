/* SPDX-License-Identifier: MIT */
/*
 * sh-intc.h - SH7751R interrupt controller (INTC) driver. RT class =
 * priority level 15 (Linux's interrupt-disable ceiling is IMASK 14);
 * normal class = the instance's normal_level.
 *
 * A line is an INTEVT code (0x400 TMU0, 0xb00 TMU3, 0x720 SCIF RXI, ...:
 * SH7751R hardware manual §19.2, table 19.5), so Linux's evt2irq()
 * numbering and the board's lines are the same numbers; nr_lines is
 * 0x1000, and the on-chip modules' codes are lines. So are the IRL codes
 * an instance lists (irl[]): in IRL mode an external encoder puts a
 * source's level on the IRL3-0 pins, INTEVT 0x200 + 0x20 * (15 - level)
 * (SH7751R hardware manual §19.2.1 and table 19.5; QEMU hw/sh4/sh7750.c
 * vectors_irl, hw/intc/sh_intc.c sh_intc_set_irl); the encoder's enable
 * register masks them, one bit a source (the R2D FPGA's IRLMSK: QEMU
 * hw/sh4/r2d.c update_irl). Their level is fixed by the wiring, so they
 * are normal-class lines only, below level 15. Lines whose sources share
 * one priority field (the SCIF's four, the DMAC's, ...) share its level
 * and mask: only a line alone in its field can be RT-routed.
 *
 * Couplings, stated here: the RT entry (arch/sh4 entry.S) decides RT or
 * not from sh4_rt_code_slot, which this driver keeps, and latches INTEVT
 * in sh4_rt_intevt, which pending_rt() reads (arch/sh4.h); soft_raise()
 * and soft_clear() work on one line, TMU4's (0xb80), through the TMU
 * driver (drv/sh-tmu.h) on the instance's soft_tmu block.
 */
#ifndef DRV_SH_INTC_H
#define DRV_SH_INTC_H

#include <stdint.h>
#include <ck/hw.h>

#define SH_INTC_NR_LINES 0x1000u
#define SH_INTC_SOFT_LINE 0xb80u        /* TMU4 TUNI4: the soft line */

/* An IRL line: an external encoder's source, its INTEVT code (0x220..
 * 0x3c0: 0x200 is level 15, the RT class) and its bit in the encoder's
 * 16-bit enable register (1 = enabled). One source a code. */
struct sh_intc_irl {
	uint16_t code;
	uint16_t enable_bit;
};

/* One INTC instance's state: its second register window and its levels. */
struct sh_intc_priv {
	struct ck_dev *intpri;          /* INTPRI00/INTMSK00 block, 0xfe080000 */
	struct ck_dev *soft_tmu;        /* TMU3/4 block (TSTR2..), 0xfe100000 */
	/* the IRL encoder: its enable register (RW 16 at irl_enable_reg in
	 * irl_enc) and the lines it may pass, or nr_irl 0 */
	struct ck_dev *irl_enc;
	uint32_t irl_enable_reg;
	const struct sh_intc_irl *irl;
	uint32_t nr_irl;
	uint8_t normal_level;           /* Linux's lines: 1..14 */
	uint32_t slots_used;            /* RT slots in use */
	uint16_t slot_line[CK_RT_SLOTS];
	uint8_t masked[128];            /* by INTEVT >> 5: 1 = masked */
};

int sh_intc_route_rt(const struct ck_pic *pic, unsigned int line);
void sh_intc_route_normal(const struct ck_pic *pic, unsigned int line);
void sh_intc_mask(const struct ck_pic *pic, unsigned int line);
void sh_intc_unmask(const struct ck_pic *pic, unsigned int line);
uint32_t sh_intc_pending_rt(const struct ck_pic *pic);
int sh_intc_next_normal(const struct ck_pic *pic, unsigned int from);
void sh_intc_soft_raise(const struct ck_pic *pic, unsigned int line);
void sh_intc_soft_clear(const struct ck_pic *pic, unsigned int line);

/* The ops and size of an instance: struct ck_pic x = { .name = ..,
 * .dev = <IPRA-D block, 0xffd00000>, .priv = <struct sh_intc_priv>,
 * SH_INTC_PIC_OPS }. */
#define SH_INTC_PIC_OPS                                                   \
	.nr_lines = SH_INTC_NR_LINES, .route_rt = sh_intc_route_rt,       \
	.route_normal = sh_intc_route_normal, .mask = sh_intc_mask,       \
	.unmask = sh_intc_unmask, .pending_rt = sh_intc_pending_rt,       \
	.next_normal = sh_intc_next_normal,                               \
	.soft_raise = sh_intc_soft_raise, .soft_clear = sh_intc_soft_clear

/**
 * sh_intc_init() - every on-chip source at level 0 (masked), TMU3/TMU4
 * unmasked in INTMSK00 (their level alone masks them from here on), every
 * IRL source off in the encoder, no line RT-routed. Context: init, RT
 * masked, the windows mapped.
 */
void sh_intc_init(const struct ck_pic *pic);

#endif /* DRV_SH_INTC_H */
