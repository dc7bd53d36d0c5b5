/* SPDX-License-Identifier: MIT */
/*
 * mpic.h - Freescale MPIC (PowerQUICC III / QorIQ e500 platforms) driver:
 * the PIC ops (RT class = the core's critical input, cint; normal class =
 * int) and global timer A0 as the RT clockevent.
 *
 * An instance is a struct ck_pic with MPIC_PIC_OPS, the ck_dev of the MPIC
 * block (CCSR + 0x40000) and .priv = its struct mpic; the clockevent is a
 * struct mpic_timer on the same ck_dev whose .mpic is that struct mpic:
 * the two are one device, and the timer's ack reuses the GTVPR value the
 * PIC's pending_rt() just read (the coupling ck/hw.h allows, stated here).
 *
 * Line numbering (struct ck_pic lines):
 *   0..3    global timers A0..A3 (QEMU sources 260..263); RT or normal;
 *           soft_raise starts one, soft_clear stops it
 *   4..7    IPIs 0..3 (IPIVPR0..3); normal class only, soft_raise = IPIDR
 *   8..263  interrupt sources 0..255 (IVPR/IDR/ILR at 0x10000 + 32 * src):
 *           external 0..11, internal 16.., MSI 224..; RT or normal
 * MPIC_LINE_SRC(s) gives a source's line.
 */
#ifndef DRV_MPIC_H
#define DRV_MPIC_H

#include <stdint.h>
#include <ck/hw.h>

#define MPIC_LINE_TIMER(n) (0u + (n))   /* global timer A<n>, n < 4 */
#define MPIC_LINE_IPI(n) (4u + (n))     /* IPI <n>, n < 4 */
#define MPIC_LINE_SRC(s) (8u + (s))     /* interrupt source <s>, s < 256 */
#define MPIC_NR_LINES (8u + 256u)
#define MPIC_NORMAL_WORDS ((MPIC_NR_LINES + 31u) / 32u)

/* The state of one MPIC instance (the board allocates it, the driver owns it). */
struct mpic {
	/* MPIC 4.x routes a source to cint through its ILR; 2.0 (MPC8544,
	 * MPC85xx e500v2 parts) through the CI bits of its destination
	 * register, like the global timers on both (BRR1, read at init) */
	int has_ilr;
	uint32_t nr_srcs;                /* sources the MPIC has (FRR) */
	uint32_t spurious;               /* the vector IACK gives for none */
	uint32_t normal_on[MPIC_NORMAL_WORDS]; /* unmasked lines */
	uint32_t slots_used;             /* bit n: RT slot n routed to cint */
	uint32_t slot_line[CK_RT_SLOTS]; /* the line in each used slot */
	/* VPR offset of each used slot (offsets: the base moves at the
	 * hand-over to Linux) */
	uint32_t slot_vpr[CK_RT_SLOTS];
	/* the timer's GTVPR as mpic_pending_rt() last read it, for the ack */
	uint32_t timer_vpr_seen;
};

/* Global timer A0 of an MPIC as the RT clockevent. */
struct mpic_timer {
	struct ck_clockevent ev;         /* .dev: the MPIC's ck_dev */
	struct mpic *mpic;               /* the PIC instance's state */
};

int mpic_route_rt(const struct ck_pic *pic, unsigned int line);
void mpic_route_normal(const struct ck_pic *pic, unsigned int line);
void mpic_mask(const struct ck_pic *pic, unsigned int line);
void mpic_unmask(const struct ck_pic *pic, unsigned int line);
uint32_t mpic_pending_rt(const struct ck_pic *pic);
int mpic_next_normal(const struct ck_pic *pic, unsigned int from);
void mpic_soft_raise(const struct ck_pic *pic, unsigned int line);
void mpic_soft_clear(const struct ck_pic *pic, unsigned int line);

#define MPIC_PIC_OPS                                                    \
	.nr_lines = MPIC_NR_LINES, .route_rt = mpic_route_rt,           \
	.route_normal = mpic_route_normal, .mask = mpic_mask,           \
	.unmask = mpic_unmask, .pending_rt = mpic_pending_rt,           \
	.next_normal = mpic_next_normal, .soft_raise = mpic_soft_raise, \
	.soft_clear = mpic_soft_clear

/**
 * mpic_init() - take the MPIC of @pic for the co-kernel: mixed mode, every
 * source, IPI and global timer masked and routed to core 0's int output,
 * the timers stopped, core 0's current task priority 0 (the normal class
 * delivers once a source is unmasked). No MPIC reset (GCR[RST]): see
 * mpic.c. Context: init, RT masked.
 */
void mpic_init(const struct ck_pic *pic);

/**
 * mpic_set_level_low() - make interrupt source @line (MPIC_LINE_SRC(s)) a
 * level-sensitive, active-low input (IVPR[S] = 1, IVPR[P] = 0,
 * MPC8544ERM 10.3.2.x "Interrupt vector/priority registers"): an external
 * pin wired to PCI INTx. Other lines are ignored. Call after mpic_init();
 * masking and routing are untouched. Context: init, RT masked.
 */
void mpic_set_level_low(const struct ck_pic *pic, unsigned int line);

/**
 * mpic_timer_set_next() - global timer A0 fires once @ticks (>= 1, < 2^31,
 * 1 tick = one MPIC timer clock) from now. Context: RT masked.
 */
void mpic_timer_set_next(const struct ck_clockevent *ev, uint32_t ticks);

/** mpic_timer_ack() - stop timer A0 and release its edge latched on cint. */
void mpic_timer_ack(const struct ck_clockevent *ev);

/** mpic_timer_stop() - stop timer A0 and drop a latched edge. Context: RT masked. */
void mpic_timer_stop(const struct ck_clockevent *ev);

#define MPIC_TIMER_OPS                                                  \
	.line = MPIC_LINE_TIMER(0), .max_ticks = 0x7fffffffu,           \
	.set_next = mpic_timer_set_next, .ack = mpic_timer_ack,         \
	.stop = mpic_timer_stop

#endif /* DRV_MPIC_H */
