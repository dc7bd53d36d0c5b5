/* SPDX-License-Identifier: MIT */
/*
 * hw.h - what the core needs from the board's devices, and what the arch and
 * the drivers may call in the core. Drivers (cokernel/drivers/) fill these
 * ops tables; the board (bsp/<board>/board.c) picks the drivers and gives
 * them their bases, lines and clocks.
 */
#ifndef CK_HW_H
#define CK_HW_H

#include <stdint.h>
#include <ck/ck.h>

/*
 * One device the co-kernel drives: board data (bsp/<board>/board.c lists
 * them in its device table, ck_board.devs) plus the one field the
 * hand-over to Linux rewrites, the current virtual base of its registers.
 * The ops of every device class below take their instance, which points
 * at its ck_dev: a board may have several devices of one kind (two TC
 * blocks, several PSCs), each with its own ck_dev and instance.
 */
struct ck_dev {
	const char *name;       /* "vic", "sp804-2", "shm" */
	uint32_t phys;          /* physical base, bits 0-31 */
	uint32_t phys_hi;       /* physical base bits 32+ (e500 CCSR at 0xF_E000_0000) */
	uint32_t size;          /* bytes of the window, a page multiple */
	/* current base: the boot mapping (bsp_init), Linux's mapping after
	 * attach (core/guest.c). Written RT masked only. */
	uintptr_t va;
};

/*
 * Free-running counter of the RT clock. Counts up (a driver for a
 * down-counter returns the complement), wraps at @mask. The core extends
 * it to 64 bits, so it must be read at least once per wrap: the core arms
 * the event timer at least every CK_CLOCK_MAX_IDLE_NS.
 */
struct ck_clocksource {
	const char *name;
	struct ck_dev *dev;        /* its registers; NULL for a CPU register */
	/* the count; Context: any */
	uint32_t (*read)(const struct ck_clocksource *cs);
	uint32_t mask;             /* e.g. 0xffffffff for 32 bits */
	uint64_t hz;               /* counting frequency */
};

/* The largest clockevent gravity_ns (mk/cokernel.mk checks it too). */
#define CK_TIMER_GRAVITY_MAX_NS 2000u

/*
 * One-shot event timer on the RT interrupt class. The core computes each
 * expiry against the clocksource and reads the clocksource once more right
 * before set_next(), so the time set_next() spends before its device write
 * is the only delay added to every expiry: keep it to a few instructions.
 */
struct ck_clockevent {
	const char *name;
	struct ck_dev *dev;        /* its registers */
	unsigned int line;         /* PIC line, routed to the RT class */
	uint64_t hz;               /* tick frequency of set_next */
	uint32_t max_ticks;        /* largest delta set_next accepts */
	/*
	 * Anticipation ("gravity", as Xenomai calls it), ns: the event is
	 * armed this much before the head's expiry, to absorb the RT entry's
	 * own cost up to the timer check. A timer still never runs early:
	 * timer_expire() waits out on the clock whatever is left. 0: none.
	 * Board data (BOARD_TIMER_GRAVITY_NS), measured: the entry's cost
	 * from the interrupt to the clock read in ck_rt_irq_handle(). What
	 * the entry does not use up is spun away, RT masked, on every
	 * expiry: at most CK_TIMER_GRAVITY_MAX_NS.
	 */
	uint32_t gravity_ns;
	/* fire once @ticks (>= 1) from now; Context: RT masked */
	void (*set_next)(const struct ck_clockevent *ev, uint32_t ticks);
	/*
	 * Acknowledge the expiry (clear the device's interrupt). Called only
	 * from the RT interrupt, right after the PIC's pending_rt() reported
	 * the clockevent's slot. A driver whose PIC and timer are one device
	 * (MPIC) may reuse what pending_rt() read: it says so in its header.
	 */
	void (*ack)(const struct ck_clockevent *ev);
	/* mask the device's interrupt output (see pl190 quirk) and stop it */
	void (*stop)(const struct ck_clockevent *ev);
};

/*
 * RT slots: the PIC driver gives every line routed to the RT class one of
 * CK_RT_SLOTS slots (route_rt()), and pending_rt() reports pending RT lines
 * as a word of slots, so the RT entry learns every pending RT line from
 * one word whatever the lines' numbers (a PL190 line, an MPIC source
 * above 32, an SH-4 INTEVT code). Lower slot = more urgent: the driver
 * chooses the slot, so it decides the urgency. At most CK_RT_SLOTS lines
 * are RT-routed at a time.
 */
#define CK_RT_SLOTS 32u

/* The interrupt controller, owned by the co-kernel. Lines are 0..nr_lines-1. */
struct ck_pic {
	const char *name;
	struct ck_dev *dev;        /* its registers */
	void *priv;                /* the driver's state of this instance, or NULL */
	unsigned int nr_lines;
	/*
	 * Route @line to the RT class and return its slot (0..CK_RT_SLOTS-1),
	 * or -CK_EINVAL (no such line, not RT-capable) / -CK_EBUSY (no slot
	 * left). Routing a line again returns the same slot. Context: RT masked.
	 */
	int (*route_rt)(const struct ck_pic *pic, unsigned int line);
	/* route @line to the normal class (frees its slot). Context: RT masked */
	void (*route_normal)(const struct ck_pic *pic, unsigned int line);
	void (*mask)(const struct ck_pic *pic, unsigned int line);
	void (*unmask)(const struct ck_pic *pic, unsigned int line);
	/*
	 * Pending RT-class lines: bit n set = the line in slot n asserted,
	 * unmasked and routed to the RT class. Context: RT irq, RT masked.
	 */
	uint32_t (*pending_rt)(const struct ck_pic *pic);
	/*
	 * Highest-priority pending normal-class line among the unmasked ones
	 * numbered @from or above (lower line = more urgent), or -1; @from
	 * lets the caller skip a line it does not hand out. Context: Linux
	 * (vPIC next_pending), RT unmasked: the driver masks RT only around
	 * what it shares with RT code, for a constant number of register
	 * accesses (the rule of every vPIC path, ipc/ck_guest.h).
	 */
	int (*next_normal)(const struct ck_pic *pic, unsigned int from);
	/* software-raise / clear a normal-class line (doorbell into Linux);
	 * Context: RT masked */
	void (*soft_raise)(const struct ck_pic *pic, unsigned int line);
	void (*soft_clear)(const struct ck_pic *pic, unsigned int line);
};

/* UART owned by the co-kernel (console of both sides); non-blocking ops. */
struct ck_uart {
	const char *name;
	struct ck_dev *dev;        /* its registers */
	/* put one byte if the TX FIFO has room; 0 on success, -CK_EAGAIN if full */
	int (*try_putc)(const struct ck_uart *uart, char c);
	/* get one byte, or -1 if the RX FIFO is empty */
	int (*getc)(const struct ck_uart *uart);
};

/* ---- provided by the core, called by the arch entry code ---- */

/**
 * ck_current_task - the running task (the core's root task in the root
 * context): the task whose frame the RT entry must save into. A variable,
 * not a call, so the entry saves with one load. Written by the core only,
 * RT masked.
 */
extern struct ck_task *ck_current_task;

/** ck_current() - ck_current_task, for C callers. Context: any. */
struct ck_task *ck_current(void);

/**
 * ck_rt_irq_handle() - handle every pending RT-class line (timer expiries,
 * attached handlers), then pick the task to resume.
 * Return: the task whose ctx the arch must restore (ck_current_task now).
 * Context: RT interrupt entry, RT masked, interrupted frame already saved.
 */
struct ck_task *ck_rt_irq_handle(void);

/** ck_task_trampoline() - first code of every task; @arg is the task. */
void ck_task_trampoline(void *arg) __attribute__((noreturn));

#endif /* CK_HW_H */
