/* SPDX-License-Identifier: MIT */
/*
 * sim.h - the host "sim" arch and board that run the real RT core in unit
 * tests: ucontext task switching, and a fake clocksource, one-shot
 * clockevent, PIC and UART whose time the test advances by hand.
 *
 * Time: the sim keeps a true time in ns. The clocksource counts
 * floor(t * hz / 1e9) + start ticks, wrapped at its mask. An armed
 * clockevent raises its PIC line when true time reaches its deadline; the
 * RT "interrupt" is taken whenever a routed, unmasked line is pending and
 * the RT class is not masked (arch_rt_restore() delivers a deferred one).
 *
 * Tests run in the root context (the cmocka test function). Task bodies
 * should record what they see and let the root assert: a cmocka failure
 * inside a task would longjmp across stacks.
 */
#ifndef SIM_H
#define SIM_H

#include <setjmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <ck/bsp.h>

#define SIM_TIMER_LINE 5u
#define SIM_NR_LINES 32u
#define SIM_DOORBELL_LINE 1u       /* more urgent than Linux's lines */
#define SIM_UART_RX_LINE 14u      /* the console vIRQ's hardware line */
#define SIM_LINEAR_OFFSET 0x80000000u  /* arch_phys_to_virt(): PA + this */
#define SIM_NR_DEVS 3u            /* sim_devs[]: device windows for attach */

/* The lines Linux owns on the sim board: vIRQ n = sim_linux_lines[n]. */
#define SIM_NR_LINUX_LINES 3u
extern const unsigned int sim_linux_lines[SIM_NR_LINUX_LINES];
/* The sim board's device table (PAs, sizes); its va fields change at attach. */
extern struct ck_dev sim_devs[SIM_NR_DEVS];

struct sim_config {
	uint64_t clock_hz;        /* clocksource rate; 0: 1 GHz */
	uint32_t clock_mask;      /* 0: 0xffffffff */
	uint64_t clock_start;     /* counter value at t = 0 */
	uint64_t event_hz;        /* clockevent rate; 0: same as clock_hz */
	uint32_t event_max_ticks; /* 0: 0xffffffff */
	uint32_t event_gravity_ns; /* the clockevent's anticipation (hw.h) */
	uint32_t event_min_period_ns; /* its shortest period; 0: 2 us */
	unsigned int uart_fifo;   /* UART TX FIFO depth; 0: unlimited */
	bool uart_autodrain;      /* a full FIFO empties when polled again */
	bool pic_slots_lowest_free; /* route_rt() gives the lowest free RT
				     * slot (as the SH-4 INTC), not the line */
};

extern const struct ck_board sim_board;

/** sim_reset() - new devices at t = 0 (NULL: defaults), RT class masked. */
void sim_reset(const struct sim_config *cfg);

/** sim_boot() - sim_reset(cfg) + ck_core_init(&sim_board). */
void sim_boot(const struct sim_config *cfg);

/** sim_setup() - cmocka setup: sim_boot(NULL). Return 0. */
int sim_setup(void **state);

/** sim_start() - ck_start(), then enable the RT class as the arch does. */
void sim_start(void);

/** sim_now() - true time in ns. */
uint64_t sim_now(void);

/**
 * sim_run_until() - let true time pass up to @abs_ns, taking clockevent
 * interrupts on the way (they may switch tasks; the caller resumes when it
 * is scheduled again). Time never goes backwards.
 */
void sim_run_until(uint64_t abs_ns);

/**
 * sim_time_pass() - move the sim clock on by @ns without running the
 * events that fall due meanwhile: the CPU is busy (a spin on the clock,
 * arch_cpu_relax(); a long callback in a test).
 */
void sim_time_pass(uint64_t ns);

/** sim_advance() - sim_run_until(sim_now() + @ns): the caller is "busy". */
void sim_advance(uint64_t ns);

/** sim_irq_raise() - assert PIC line @line (level) and take the interrupt. */
void sim_irq_raise(unsigned int line);

/** sim_irq_clear() - deassert @line (an attached handler's job). */
void sim_irq_clear(unsigned int line);

/** sim_rt_handler_is() - whether the RT entry calls @handler now
 *  (arch_rt_handler_set()). */
bool sim_rt_handler_is(struct ck_task *(*handler)(void));

/** sim_rt_masked() - whether the RT class is masked right now. */
bool sim_rt_masked(void);

/** Clockevent inspection. */
bool sim_event_armed(void);
uint64_t sim_event_deadline(void);      /* true-time ns */
uint32_t sim_event_last_ticks(void);    /* last set_next() argument */
unsigned int sim_event_programs(void);  /* set_next() calls since reset */
unsigned int sim_clock_reads(void);     /* clocksource reads since reset */
unsigned int sim_irq_count(void);       /* RT interrupts taken */

/** PIC inspection. */
bool sim_pic_routed_rt(unsigned int line);
bool sim_pic_unmasked(unsigned int line);
uint32_t sim_pic_rt_set(void);        /* bit n: line n routed to RT */
uint32_t sim_pic_unmasked_set(void);  /* bit n: line n unmasked */
int sim_pic_slot(unsigned int line);  /* its RT slot, or -1 if not RT */

/**
 * sim_on_boot_linux() - make the next arch_boot_linux() longjmp to @env
 * (value 1) instead of aborting: guest_boot_linux() "enters Linux" there,
 * with the RT class masked.
 */
void sim_on_boot_linux(jmp_buf *env);

/** UART: captured TX bytes (NUL-terminated), reset, FIFO and RX control. */
const char *sim_uart_output(void);
size_t sim_uart_len(void);
void sim_uart_clear(void);
void sim_uart_fifo_empty(void);
void sim_uart_input(const char *s);

/* Register accesses of the drivers under test (tests/unit/sim/arch/mmio.h). */
struct sim_mmio_counts {
	unsigned long total;      /* every access */
	unsigned long rt_masked;  /* those made with the RT class masked */
};
struct sim_mmio_counts sim_mmio_counts(void);
/* sim_mmio_reset() also removes the access hook */
void sim_mmio_reset(void);
/**
 * sim_mmio_set_hook() - call @hook(@addr, @arg) before every driver
 * register access (read or write) from now on: a test's model of a device
 * whose registers change by themselves (a running counter) updates them
 * there. NULL removes it.
 */
void sim_mmio_set_hook(void (*hook)(uintptr_t addr, void *arg), void *arg);

/**
 * sim_task() - ck_task_create() on a zeroed @t with a stack from the sim's
 * pool (fibers really run on host stacks, see sim_arch.c). Returns its result.
 */
int sim_task(struct ck_task *t, int prio, void (*fn)(void *), void *arg);

/**
 * sim_linux_windows() - what Linux's driver does before attach: give every
 * window of the guest page an address, SIM_LINUX_VA_BASE + 2 MiB * i
 * (valid, disjoint, off the co-kernel). The test may spoil some after.
 */
#define SIM_LINUX_VA_BASE 0xd0000000u
void sim_linux_windows(void);

/** sim_guest_up() - sim_boot(NULL), guest_init(), windows, attach(): 0. */
int sim_guest_up(void);

/* An event log that task bodies append to and the test checks. */
void sim_log(long v);
size_t sim_log_len(void);
long sim_log_at(size_t i);

#endif /* SIM_H */
