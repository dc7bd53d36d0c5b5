// SPDX-License-Identifier: MIT
/*
 * test_rtirqfault.c - a test image's RT timer callback that traps while
 * an RT task runs, for the co-kernel alone (tests/qemu/test_fault_bare.py):
 * built only with -DCK_TEST_RT_IRQ_FAULT (CK_TEST_CFLAGS). A fault in the
 * RT class's own context is not contained (ck/fault.h): the co-kernel must
 * stop with its fatal report, and must not charge the fault to the task
 * the interrupt interrupted (which the arch's fault filter would do if it
 * took the RT-class stack for a task's).
 */
#include <stdint.h>
#include <ck/app.h>
#include <ck/ck.h>

#ifdef CK_TEST_RT_IRQ_FAULT
#define RTIF_STACK_BYTES 2048u
#define RTIF_PRIO 20
/* the spinner spins from 21 ms after it first runs; the callback fires
 * 20.5 ms after its line (off the latency task's 1 ms grid, as the
 * spinner first runs on it), well inside the watchdog's 100 ms budget */
#define RTIF_SPIN_AT_NS (20ull * CK_NS_PER_MS)
#define RTIF_TRAP_AT_NS (40ull * CK_NS_PER_MS + 500ull * CK_NS_PER_US)

static struct ck_task rtif_task;
static uint64_t rtif_stack[RTIF_STACK_BYTES / 8u] __attribute__((aligned(8)));
static struct ck_timer rtif_timer;
static volatile uint32_t rtif_spins;

static void rtif_spinner(void *arg)
{
	(void)arg;
	(void)ck_task_sleep(RTIF_SPIN_AT_NS);
	ck_printf("test RT IRQ fault: rtif-spin spins");
	/* the trap comes while this task spins, counted from here: the boot
	 * benchmarks above it (switchbench, syncbench) take a board-dependent
	 * time before it first runs */
	(void)ck_timer_start(&rtif_timer, ck_clock_now() + RTIF_TRAP_AT_NS -
			     RTIF_SPIN_AT_NS, 0);
	(void)ck_task_sleep(CK_NS_PER_MS);   /* the root sends the line out */
	for (;;)
		rtif_spins++;
}

static void rtif_trap(struct ck_timer *t)
{
	(void)t;
	__builtin_trap();
}

static int rtif_init(void)
{
	int rc = ck_task_create(&rtif_task, "rtif-spin", RTIF_PRIO, rtif_spinner,
				NULL, rtif_stack, sizeof(rtif_stack));

	if (rc)
		return rc;
	ck_timer_init(&rtif_timer, rtif_trap, NULL);   /* armed by the spinner */
	return 0;
}

CK_APP(test_rtirqfault, rtif_init);
#endif
