/* SPDX-License-Identifier: MIT */
/*
 * fault.h - RT fault containment: an RT task that faults (undefined
 * instruction, prefetch or data abort, alignment; e500 program, ISI, DSI),
 * fails a ck_assert(), overwrites its stack canary or keeps Linux from
 * running for longer than the watchdog budget is suspended (made dormant:
 * ck_task_create() may start it again) and reported, on the console and in
 * the fault record Linux reads (ipc/ck_fault.h). Linux and the other RT
 * tasks carry on.
 *
 * Task stacks must be zero-initialised static memory (.bss): e500's Linux
 * tells an RT task's exception by its stack pointer (ipc/ck_guest.h).
 *
 * Not contained: a fault in an RT interrupt handler or timer callback
 * (the RT class's own context); it stops the co-kernel with a report on
 * the UART, before and after the hand-over. What containing it would need:
 * docs/rt-irq-path.md, "A fault on this path".
 */
#ifndef CK_FAULT_H
#define CK_FAULT_H

#include <stdint.h>
#include <ck/ck.h>
#include <ck_fault.h>

/** Default RT watchdog budget: how long RT tasks may keep Linux out. */
#define CK_WATCHDOG_BUDGET_NS (100ull * CK_NS_PER_MS)
/* The watchdog looks this often, at the first RT interrupt that switches
 * nothing or the first task sleep from each tick on (sched.c): a runaway
 * task is caught within its budget plus one tick while a periodic task
 * runs, else at the clockevent's idle re-arm, at most
 * CK_CLOCK_MAX_IDLE_NS later. */
#define CK_WATCHDOG_TICK_NS (25ull * CK_NS_PER_MS)
/* Written at the lowest word of every task stack and of the RT-class stack. */
#define CK_STACK_CANARY 0x5ca1ab1eu

/**
 * ck_assert_fail() - report a broken invariant. In an RT task: the task is
 * suspended and reported as CK_FAULT_ASSERT (the record's addr: @line, its
 * pc: the caller's return address) and the next task runs, without an
 * exception, so this holds on every CPU. Elsewhere (RT interrupt, root
 * context): stop (trap) after the report. @file: source file, or NULL in non-debug builds; @line: its line.
 * Context: any. Does not return.
 */
void ck_assert_fail(const char *file, int line) __attribute__((noreturn));

#ifndef ck_assert
/** ck_assert() - @cond must hold; see ck_assert_fail(). */
#define ck_assert(cond)                                          \
	do {                                                     \
		if (!(cond))                                     \
			ck_assert_fail(__FILE__, __LINE__);      \
	} while (0)
#endif

/**
 * ck_watchdog_set_budget() - how long RT tasks may keep the root context
 * (Linux) from running before the running one is suspended.
 * @budget_ns: CK_WATCHDOG_TICK_NS .. 10 s; a runaway task is caught
 * within @budget_ns + CK_WATCHDOG_TICK_NS (see CK_WATCHDOG_TICK_NS).
 * Return: 0, or -CK_EINVAL (budget unchanged). Context: RT task or init.
 */
int ck_watchdog_set_budget(uint64_t budget_ns);

/* ---- for the core and the arches --------------------------------- */

/**
 * fault_task() - the current RT task took exception @kind (CK_FAULT_*) at
 * @pc, data address @addr, status @status (FSR/ESR): suspend it, record
 * and report the fault. Return: the task to resume (made current), as
 * ck_rt_irq_handle(); NULL (nothing suspended: the arch stops with its
 * fatal report) when the fault is not a task's: the root context, or the
 * RT class's own (ck_core.in_irq: an RT interrupt, or the watchdog tick a
 * sleeping task runs), or @kind out of range. Context: the arch's fault
 * entry, RT masked, after the task's context was saved into its ctx like
 * the RT entry does.
 */
struct ck_task *fault_task(uint32_t kind, uint32_t pc, uint32_t addr,
			   uint32_t status);

/**
 * fault_root() - the root task (Linux, or the boot idle loop): the arch's
 * fault entry puts back from its saved frame what an RT task's exception
 * overwrote of the root's processor state (e500: ppc-booke/entry.S).
 * Context: any.
 */
struct ck_task *fault_root(void);

/*
 * The tick is due when the clock's low 32 bits pass ck_core.tick_due_ns
 * (core.h); the scheduler tests that only where a tick delays no RT
 * release (sched.c), instead of keeping a timer in the queue, whose
 * presence would make every RT release program the clockevent the long
 * way, and whose expiry would delay the release it coincides with. A tick
 * postponed for 2^31 ns waits 2^31 ns more.
 */

/**
 * fault_tick() - the watchdog tick at the clock's last reading
 * (ck_clk.now_ns): stack canaries, the console's stale lines, slow hooks
 * (ck_watchdog_hook()) and, given the context @cur that goes on running
 * (the root or an RT task: the one an RT interrupt interrupted and
 * resumes, or the one a sleeping task hands the CPU to; NULL for the
 * root there), Linux's absence (acted on only where @cur is the root:
 * guest_watch()); sets the next ck_core.tick_due_ns.
 * Context: RT interrupt or sched_block() of a sleep, RT masked, ck_core.in_irq set
 * (a hook's wake-up switches nothing).
 */
void fault_tick(struct ck_task *cur);

/**
 * ck_watchdog_hook() - have @fn run at every watchdog tick (about every
 * CK_WATCHDOG_TICK_NS), in RT interrupt context: a slow poll
 * that needs no timer of its own (e.g. a command ring read by
 * ck_ipc_recv() and a semaphore posted to a task). One hook per caller,
 * up to 4. Return: 0 or -CK_ENOSPC. Context: init.
 */
int ck_watchdog_hook(void (*fn)(void));

/** fault_record() - the record Linux reads. Context: any. */
const struct ck_fault_record *fault_record(void);

/**
 * fault_reset() - no task watched, no hook, watchdog off (budget 0) until
 * ck_watchdog_set_budget(). Context: ck_core_init().
 */
void fault_reset(void);

/**
 * fault_task_created() - put a canary at the bottom of @t's stack and
 * watch it from now on (up to CK_FAULT_MAX_TASKS tasks).
 * Context: ck_task_create(), RT masked.
 */
void fault_task_created(struct ck_task *t);

#define CK_FAULT_MAX_TASKS 32u

/**
 * fault_task_at() - the @i-th task ck_task_create() was given (from 0, in
 * order of first creation; a task object created again keeps its slot),
 * any state; NULL past the last. The list only grows, up to
 * CK_FAULT_MAX_TASKS; tasks beyond are not listed (nor watched).
 * Context: any.
 */
struct ck_task *fault_task_at(uint32_t i);

#endif /* CK_FAULT_H */
