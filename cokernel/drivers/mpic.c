// SPDX-License-Identifier: MIT
/*
 * mpic.c - Freescale MPIC (FSL MPIC 4.2 on QEMU ppce500; MPC8544ERM
 * chapter 10 "Programmable Interrupt Controller"): the PIC of e500 boards,
 * global timer A0 as the RT event timer, the core's timebase as the RT
 * clock. Line numbering: drv/mpic.h.
 *
 * RT class = the core's critical input (cint, gated by MSR[CE]); normal
 * class = int (MSR[EE]). Routing to cint: an interrupt source through its
 * ILR (INTTGT = 1, MPIC 4.x; QEMU hw/intc/openpic.c write_IRQreg_ilr); a
 * global timer, which has no ILR, through GTDR[CI0] (bit 30), which QEMU
 * accepts on MPIC 4.2 only with qemu/patches/0006. An edge (timer) on cint
 * has no IACK/EOI: it stays latched until software writes the source's
 * vector/priority register (GTVPR) while it is asserted (patch 0006, the
 * model's documented choice; unverified on silicon). So every write of a
 * VPR (mask, unmask, ack) also releases such a latch.
 *
 * pending_rt(): QEMU does not implement the summary registers (openpic.c
 * openpic_summary_read returns 0, "TODO: EISR/EIMR"), so the driver reads
 * the activity bit (VPR[A]) of each line it routed to cint: one MMIO read
 * per RT slot in use (one in practice, the timer). A routed, unmasked
 * source with A set is asserted on its output. RT slots (ck/hw.h): a line
 * below CK_RT_SLOTS gets the slot of its number (timer A0 = slot 0, the
 * most urgent), others the highest free slot.
 *
 * No reset: GCR[RST] would also reset what Linux's side of the vPIC relies
 * on later; mpic_init() programs every register it uses instead.
 */
#include <stdint.h>
#include <arch/mmio.h>
#include <ck/ck.h>
#include <ck/list.h>
#include <drv/mpic.h>

#define MPIC_BRR1 0x00000u       /* RO 32: block revision, major 15:8 */
#define MPIC_FRR 0x01000u        /* RO 32: feature reporting, NIRQ 26:16 */
#define MPIC_GCR 0x01020u        /* RW 32: global configuration */
#define MPIC_IPIDR(n) (0x00040u + 0x10u * (n)) /* WO 32: IPI dispatch, this core */
#define MPIC_IPIVPR(n) (0x010a0u + 0x10u * (n)) /* RW 32: IPI vector/priority */
#define MPIC_GT(n) (0x01100u + 0x40u * (n))    /* global timer A<n> block */
#define GT_CCR 0x00u             /* RO 32: current count (TOG bit 31) */
#define GT_BCR 0x10u             /* RW 32: base count, CI bit 31 */
#define GT_VPR 0x20u             /* RW 32: vector/priority */
#define GT_DR 0x30u              /* RW 32: destination */
#define MPIC_SRC(s) (0x10000u + 0x20u * (s))   /* interrupt source <s> block */
#define SRC_VPR 0x00u            /* RW 32: vector/priority */
#define SRC_DR 0x10u             /* RW 32: destination (core bits) */
#define SRC_LR 0x18u             /* RW 32: level (INTTGT), MPIC 4.x */
#define MPIC_CTPR0 0x20080u      /* RW 32: core 0 current task priority */
#define MPIC_IACK 0x000a0u       /* RO 32: interrupt acknowledge, this core */
#define MPIC_EOI 0x000b0u        /* WO 32: end of interrupt, this core */
#define MPIC_SVR 0x010e0u        /* RW 32: spurious vector */

#define GCR_MIXED 0x20000000u
#define FRR_NIRQ(frr) ((((frr) >> 16) & 0x7ffu) + 1u)
#define VPR_MSK 0x80000000u
#define VPR_A 0x40000000u        /* activity (RO): asserted on its output */
#define VPR_POL_SENSE 0x00c00000u
#define VPR_SENSE_LEVEL 0x00400000u  /* S: level; P (0x00800000) clear: active low */
#define VPR_PRIO(p) ((uint32_t)(p) << 16)
#define GTBCR_CI 0x80000000u     /* count inhibit */
#define GTDR_CI0 0x40000000u     /* cint of core 0 */
#define DR_P0 0x00000001u        /* int of core 0 */
#define LR_CINT 0x00000001u      /* INTTGT = critical */
#define BRR1_MAJOR(brr) (((brr) >> 8) & 0xffu)

#define PRIO_NORMAL 8u
/* IPIs (the doorbell) above the devices Linux owns, so that clearing the
 * doorbell by IACK takes the IPI, not a device line (mpic_soft_clear) */
#define PRIO_IPI 9u
#define PRIO_RT 15u              /* ignored on cint; max if routed to int */
#define NR_TIMERS 4u
#define NR_IPIS 4u
#define NR_SRCS 256u

static inline struct mpic *state(const struct ck_pic *pic)
{
	return pic->priv;
}

static inline uint32_t rd(const struct ck_pic *pic, uint32_t reg)
{
	return mmio_read32(pic->dev->va + reg);
}

static inline void wr(const struct ck_pic *pic, uint32_t reg, uint32_t val)
{
	mmio_write32(pic->dev->va + reg, val);
}

/* Offset of @line's vector/priority register. */
static uint32_t vpr_reg(unsigned int line)
{
	if (line < MPIC_LINE_IPI(0))
		return MPIC_GT(line) + GT_VPR;
	if (line < MPIC_LINE_SRC(0))
		return MPIC_IPIVPR(line - MPIC_LINE_IPI(0));
	return MPIC_SRC(line - MPIC_LINE_SRC(0)) + SRC_VPR;
}

static int line_ok(const struct mpic *m, unsigned int line)
{
	return line < MPIC_LINE_SRC(0) || line - MPIC_LINE_SRC(0) < m->nr_srcs;
}

/* The slot @line holds, or -1. */
static int slot_of(const struct mpic *m, unsigned int line)
{
	uint32_t used = m->slots_used;

	while (used) {
		unsigned int slot = (unsigned int)__builtin_ctz(used);

		used &= used - 1u;
		if (m->slot_line[slot] == line)
			return (int)slot;
	}
	return -1;
}

/* Destination of @line for the RT class (rt) or core 0's int. */
static void route_dest(const struct ck_pic *pic, unsigned int line, int rt)
{
	const struct mpic *m = state(pic);

	if (line < MPIC_LINE_IPI(0)) {
		wr(pic, MPIC_GT(line) + GT_DR, rt ? GTDR_CI0 : DR_P0);
	} else {
		uint32_t src = MPIC_SRC(line - MPIC_LINE_SRC(0));

		if (m->has_ilr) {
			wr(pic, src + SRC_DR, DR_P0);
			wr(pic, src + SRC_LR, rt ? LR_CINT : 0);
		} else {
			wr(pic, src + SRC_DR, rt ? GTDR_CI0 : DR_P0);
		}
	}
}

/* Context: RT masked. An IPI cannot reach cint. */
int mpic_route_rt(const struct ck_pic *pic, unsigned int line)
{
	struct mpic *m = state(pic);
	uint32_t free_slots = ~m->slots_used;
	int slot = slot_of(m, line);

	if (!line_ok(m, line) || (line >= MPIC_LINE_IPI(0) && line < MPIC_LINE_SRC(0)))
		return -CK_EINVAL;
	if (slot >= 0)
		return slot;
	if (!free_slots)
		return -CK_EBUSY;
	if (line < CK_RT_SLOTS && (free_slots & (1u << line)))
		slot = (int)line;
	else
		slot = 31 - __builtin_clz(free_slots);
	route_dest(pic, line, 1);
	m->slots_used |= 1u << slot;
	m->slot_line[slot] = line;
	m->slot_vpr[slot] = vpr_reg(line);
	return slot;
}

void mpic_route_normal(const struct ck_pic *pic, unsigned int line)
{
	struct mpic *m = state(pic);
	int slot = slot_of(m, line);

	if (!line_ok(m, line) || (line >= MPIC_LINE_IPI(0) && line < MPIC_LINE_SRC(0)))
		return;
	route_dest(pic, line, 0);
	if (slot >= 0)
		m->slots_used &= ~(1u << slot);
}

void mpic_mask(const struct ck_pic *pic, unsigned int line)
{
	struct mpic *m = state(pic);
	uint32_t reg = vpr_reg(line);

	if (!line_ok(m, line))
		return;
	wr(pic, reg, rd(pic, reg) | VPR_MSK);
	m->normal_on[line / 32u] &= ~(1u << (line % 32u));
}

void mpic_unmask(const struct ck_pic *pic, unsigned int line)
{
	struct mpic *m = state(pic);
	uint32_t reg = vpr_reg(line);

	if (!line_ok(m, line))
		return;
	wr(pic, reg, rd(pic, reg) & ~VPR_MSK);
	m->normal_on[line / 32u] |= 1u << (line % 32u);
}

/* Context: RT irq. One VPR read per RT slot in use (the summary registers
 * are not modelled by QEMU, see the top of this file); the timer's value
 * is kept for mpic_timer_ack(), which follows in the same RT interrupt. */
uint32_t mpic_pending_rt(const struct ck_pic *pic)
{
	struct mpic *m = state(pic);
	uintptr_t base = pic->dev->va;
	uint32_t slots = m->slots_used, pending = 0;

	_Static_assert(MPIC_LINE_TIMER(0) == 0, "timer A0 is RT slot 0");
	if (slots & 1u) {
		uint32_t v = mmio_read32(base + m->slot_vpr[0]);

		/* mpic_timer_ack() writes this back: keep it the value
		 * read here if the way of finding pending lines changes */
		m->timer_vpr_seen = v;
		pending = (v & VPR_A) ? 1u : 0;
		slots &= ~1u;
	}
	while (slots) {
		unsigned int slot = (unsigned int)__builtin_ctz(slots);

		slots &= slots - 1u;
		if (mmio_read32(base + m->slot_vpr[slot]) & VPR_A)
			pending |= 1u << slot;
	}
	return pending;
}

/*
 * Lowest unmasked normal-class line whose source is active, or -1. A scan
 * of the VPRs, without IACK: the lines Linux owns are level sources (every
 * FSL internal source is, MPC8544ERM 10.1; QEMU IRQ_TYPE_FSLINT), which
 * stay active until Linux's handler quiets the device, so nothing is lost
 * and there is no EOI to forget; the one edge, the doorbell IPI, is
 * cleared by mpic_soft_clear(). Cost: one read per unmasked line, all with
 * RT unmasked: only reads, of a snapshot of the unmasked set (a word read
 * is atomic) and of registers without read side effects, so RT code may
 * run between any two of them.
 */
int mpic_next_normal(const struct ck_pic *pic, unsigned int from)
{
	const struct mpic *m = state(pic);
	unsigned int w;

	for (w = from / 32u; w < MPIC_NORMAL_WORDS; w++) {
		uint32_t on = m->normal_on[w];

		if (w == from / 32u)
			on &= ~0u << (from % 32u);
		while (on) {
			unsigned int line = w * 32u + (unsigned int)__builtin_ctz(on);

			on &= on - 1u;
			if (slot_of(m, line) >= 0)
				continue;
			if (rd(pic, vpr_reg(line)) & VPR_A)
				return (int)line;
		}
	}
	return -1;
}

/*
 * An external pin's sense is the board's wiring, not the reset value
 * (edge; QEMU hw/intc/openpic.c ivpr_reset): a level source stays active
 * until Linux's handler quiets the device, which mpic_next_normal() relies
 * on; an edge would stay latched until an IACK nobody does.
 */
void mpic_set_level_low(const struct ck_pic *pic, unsigned int line)
{
	const struct mpic *m = state(pic);
	uint32_t reg = vpr_reg(line);

	if (line < MPIC_LINE_SRC(0) || !line_ok(m, line))
		return;
	wr(pic, reg, (rd(pic, reg) & ~VPR_POL_SENSE) | VPR_SENSE_LEVEL);
}

/* Software raise: an IPI through IPIDR<n> with core 0's bit; a global
 * timer by starting it (it asserts within SOFT_TIMER_TICKS and every
 * period after, until soft_clear). Sources cannot be. */
#define SOFT_TIMER_TICKS 0x10000u

void mpic_soft_raise(const struct ck_pic *pic, unsigned int line)
{
	if (line < MPIC_LINE_IPI(0)) {
		wr(pic, MPIC_GT(line) + GT_BCR, GTBCR_CI | SOFT_TIMER_TICKS);
		wr(pic, MPIC_GT(line) + GT_BCR, SOFT_TIMER_TICKS);
	} else if (line < MPIC_LINE_SRC(0)) {
		wr(pic, MPIC_IPIDR(line - MPIC_LINE_IPI(0)), DR_P0);
	}
}

/*
 * An IPI is an edge: it stays pending until core 0 acknowledges its vector
 * (MPC8544ERM 10.3.2 IACK; QEMU openpic_iack). So clear it with IACK + EOI
 * when it is active: it has the highest normal-class priority (PRIO_IPI),
 * so IACK returns it; anything else IACK might return (the IPI was
 * withdrawn in between) is a level source, which an EOI simply re-raises.
 * A global timer: stopped, and its VPR rewritten, which releases an edge
 * latched on cint (see the top of this file).
 * Context: RT masked (vpic.c doorbell update, an RT handler).
 */
void mpic_soft_clear(const struct ck_pic *pic, unsigned int line)
{
	if (line < MPIC_LINE_IPI(0)) {
		uint32_t vpr = rd(pic, MPIC_GT(line) + GT_VPR);

		wr(pic, MPIC_GT(line) + GT_BCR, GTBCR_CI);
		wr(pic, MPIC_GT(line) + GT_VPR, vpr & ~VPR_A);
		(void)rd(pic, MPIC_GT(line) + GT_VPR);
		return;
	}
	if (line >= MPIC_LINE_SRC(0) || !(rd(pic, vpr_reg(line)) & VPR_A))
		return;
	if ((rd(pic, MPIC_IACK) & 0xffffu) != state(pic)->spurious)
		wr(pic, MPIC_EOI, 0);
}

void mpic_init(const struct ck_pic *pic)
{
	struct mpic *m = state(pic);
	unsigned int i;

	m->has_ilr = BRR1_MAJOR(rd(pic, MPIC_BRR1)) >= 4u;
	m->nr_srcs = FRR_NIRQ(rd(pic, MPIC_FRR));
	m->spurious = rd(pic, MPIC_SVR) & 0xffffu;
	if (m->nr_srcs > NR_SRCS)
		m->nr_srcs = NR_SRCS;
	m->slots_used = 0;
	for (i = 0; i < MPIC_NORMAL_WORDS; i++)
		m->normal_on[i] = 0;
	wr(pic, MPIC_GCR, rd(pic, MPIC_GCR) | GCR_MIXED);
	for (i = 0; i < NR_TIMERS; i++) {
		wr(pic, MPIC_GT(i) + GT_BCR, GTBCR_CI);
		wr(pic, MPIC_GT(i) + GT_VPR, VPR_MSK | VPR_PRIO(PRIO_RT) | MPIC_LINE_TIMER(i));
		wr(pic, MPIC_GT(i) + GT_DR, DR_P0);
	}
	for (i = 0; i < NR_IPIS; i++)
		wr(pic, MPIC_IPIVPR(i), VPR_MSK | VPR_PRIO(PRIO_IPI) | MPIC_LINE_IPI(i));
	for (i = 0; i < m->nr_srcs; i++) {
		uint32_t src = MPIC_SRC(i);

		wr(pic, src + SRC_VPR, (rd(pic, src + SRC_VPR) & VPR_POL_SENSE) | VPR_MSK |
					       VPR_PRIO(PRIO_NORMAL) | MPIC_LINE_SRC(i));
		wr(pic, src + SRC_DR, DR_P0);
		if (m->has_ilr)
			wr(pic, src + SRC_LR, 0);
	}
	wr(pic, MPIC_CTPR0, 0);
}

static inline const struct mpic_timer *timer_of(const struct ck_clockevent *ev)
{
	return ck_container_of(ev, struct mpic_timer, ev);
}

/*
 * The global timers are periodic down-counters that load GTBCR's count
 * only when GTBCR[CI] goes 1 -> 0 (MPC8544ERM GTBCR; QEMU openpic.c
 * openpic_tmr_write): stop, then start with the new count.
 */
void mpic_timer_set_next(const struct ck_clockevent *ev, uint32_t ticks)
{
	uintptr_t bcr = ev->dev->va + MPIC_GT(0) + GT_BCR;

	mmio_write32(bcr, GTBCR_CI | ticks);
	mmio_write32(bcr, ticks);
}

/*
 * Stop the timer, so the periodic reload cannot fire again before the core
 * re-arms; then rewrite GTVPR with @vpr (its activity bit is read-only)
 * to release the edge latched on cint, and read it back: the release must
 * reach the MPIC before the RT entry re-enables MSR[CE] with rfci, or cint
 * is still seen asserted.
 */
static inline void timer_stop_release(uintptr_t base, uint32_t vpr)
{
	uintptr_t gt = base + MPIC_GT(0);

	mmio_write32(gt + GT_BCR, GTBCR_CI);
	mmio_write32(gt + GT_VPR, vpr & ~VPR_A);
	(void)mmio_read32(gt + GT_VPR);
}

/* Only right after mpic_pending_rt() reported the timer, in the same RT
 * interrupt (the ack's contract, drv/mpic.h): the GTVPR value it read is
 * still current (only RT-masked co-kernel code writes it). */
void mpic_timer_ack(const struct ck_clockevent *ev)
{
	timer_stop_release(ev->dev->va, timer_of(ev)->mpic->timer_vpr_seen);
}

/* A stopped timer raises nothing; set_next() starts it again. Any context
 * (RT masked): GTVPR read afresh. */
void mpic_timer_stop(const struct ck_clockevent *ev)
{
	uintptr_t base = ev->dev->va;

	timer_stop_release(base, mmio_read32(base + MPIC_GT(0) + GT_VPR));
}
