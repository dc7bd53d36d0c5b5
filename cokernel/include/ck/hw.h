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
 * The clock contract. The core extends the clocksource to 64 bits by
 * folding the ticks since its last read, so it must read the counter at
 * least once per wrap. It does so on every RT interrupt and, with no timer
 * due, arms the clockevent to come back after the idle re-arm:
 *
 *   idle = min(half a wrap, the clockevent's range, CK_CLOCK_IDLE_MAX_NS)
 *
 * (half a wrap: (mask + 1) / 2 ticks of hz; the range: max_ticks ticks of
 * the clockevent's hz). The other half of the wrap is the slack for an
 * idle interrupt taken late (RT masked, a long callback): an interrupt
 * later than that loses whole wraps. ck_core_init() refuses, with a
 * console line naming the bound, a pair whose idle re-arm would be shorter
 * than CK_CLOCK_IDLE_MIN_NS (a narrow fast counter, an event timer of small
 * range), whose tick is longer than CK_TIMER_TICK_MAX_NS, or whose rates
 * are 0 or above UINT32_MAX Hz. A 16-bit counter works from 500 kHz (half
 * a wrap: 65.5 ms) to 327 MHz (100 us): the AT91SAM9260's TC channels at
 * MCK/2..MCK/128 (about 50 MHz..780 kHz at a 100 MHz MCK) pass.
 *
 * A counter wider than 32 bits is given as its low 32 bits (the e500
 * timebase: TBL of TBU:TBL, EREFRM Rev. 1 ch. 6). There the 1 s cap is below
 * half a wrap (5.4 s at 400 MHz), so the whole 64 bits would change no
 * bound, while reading them (mftbu, mftb, mftbu and a retry compare, then
 * a 64-bit subtract) would lengthen every RT entry: by about 7
 * instructions on e500's timer -> task path (docs/measuring.md).
 */

/* The idle re-arm's cap: the timer arithmetic's range (timer.c). */
#define CK_CLOCK_IDLE_MAX_NS 1000000000u
/* The shortest idle re-arm a board may need: 10 kHz of idle interrupts. */
#define CK_CLOCK_IDLE_MIN_NS 100000u
/*
 * The largest tick of the clocksource and of the clockevent (500 kHz and
 * up): an RT interrupt that comes before the queue head spins on the clock,
 * RT masked, for at most the gravity plus one tick of each (timer.c
 * timer_wait_due()).
 */
#define CK_TIMER_TICK_MAX_NS 2000u

/*
 * Free-running counter of the RT clock. Counts up (a driver for a
 * down-counter returns the complement) and wraps at @mask: the counter's
 * width, 2^n - 1. Read at least every idle re-arm (above).
 */
struct ck_clocksource {
	const char *name;
	struct ck_dev *dev;        /* its registers; NULL for a CPU register */
	/* the count; Context: any */
	uint32_t (*read)(const struct ck_clocksource *cs);
	uint32_t mask;             /* e.g. 0xffffffff for 32 bits */
	uint64_t hz;               /* counting frequency, 500 kHz..UINT32_MAX */
};

/* The largest minimum period a board may set: 10 kHz loops always work. */
#define CK_TIMER_MIN_PERIOD_MAX_NS 100000u

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
	uint64_t hz;               /* tick frequency of set_next, 500 kHz..UINT32_MAX */
	uint32_t max_ticks;        /* largest delta set_next accepts, >= 1 */
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
	/*
	 * The shortest period ck_timer_start() and ck_task_set_periodic()
	 * accept, ns: a few times the RT entry's cost on the board (make
	 * bench), so that a periodic timer or task cannot keep the CPU in RT
	 * interrupts. One event tick .. CK_TIMER_MIN_PERIOD_MAX_NS.
	 */
	uint32_t min_period_ns;
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
