/* SPDX-License-Identifier: MIT */
/*
 * core.h - what the boot code (arch start-up, main, guest hand-over) calls
 * in the portable core to bring the RT side up.
 *
 * Order of calls, all in the root context:
 *  1. bsp_init()                board devices (clocks, pinmux)
 *  2. ck_core_init(&ck_board)   RT class masked; resets the console, the
 *                               scheduler, the clock, the timer queue and
 *                               the RT line table; the clock starts at 0
 *                               here; refuses a board that breaks the
 *                               clock contract (ck/hw.h)
 *  3. application init          ck_task_create(), ck_timer_start(),
 *                               ck_irq_attach(), ck_sem_init() ...
 *                               (tasks are made ready, none runs yet)
 *  4. ck_start()                routes the clockevent to the RT class, arms
 *                               it and runs the ready tasks until they all
 *                               block; returns in the root context
 *  5. the arch enables the RT class on the CPU (FIQ, MSR[CE], ...), then
 *     the root loop calls console_drain() and arch_wait_for_interrupt()
 *     until it boots Linux
 *  6. at the guest hand-over (attach), after the timer and PIC bases were
 *     switched to Linux's mappings: ck_clockevent_rearm()
 */
#ifndef CK_CORE_H
#define CK_CORE_H

#include <ck/bsp.h>

/**
 * ck_core_init() - reset the RT core and bind it to the board's devices.
 * @b: the board; @b->clock, @b->timer and @b->pic are required, @b->uart
 *     may be NULL (no console). Must outlive the co-kernel.
 *
 * The clock reads 0 ns at this call. Calling it again resets everything
 * (objects created before are forgotten), which the host tests rely on.
 * The console comes up first, so a refusal is on it (console_drain()).
 * Return: 0, or -CK_EINVAL: the clocksource/clockevent pair breaks the
 * clock contract (ck/hw.h); a console line names the bound. The RT core
 * is then unusable: the caller stops.
 * Context: init (root), RT class masked, before any other ck_* call.
 */
int ck_core_init(const struct ck_board *b);

/**
 * ck_start() - switch the RT timer on and run the ready tasks.
 *
 * Routes the clockevent line to the RT class, unmasks it, programs the
 * first event and switches to the most urgent ready task. Returns in the
 * root context once no RT task is ready. The CPU's RT class mask is left as
 * the caller had it (the boot code enables it afterwards).
 * Context: init (root), once, after ck_core_init().
 */
void ck_start(void);

/**
 * ck_clockevent_rearm() - program the clockevent again from the timer queue.
 *
 * For the hand-over: after the arch or guest code stopped the RT timer or
 * moved its registers, this reads the clock and arms the next event (at
 * most the idle re-arm ahead, ck/hw.h). The clocksource must not have wrapped
 * while it was unread.
 * Context: root, after ck_start().
 */
void ck_clockevent_rearm(void);

#endif /* CK_CORE_H */
