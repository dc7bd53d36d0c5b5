// SPDX-License-Identifier: MIT
/*
 * test_idleperiodic.c - a test image's extra periodic task
 * (tests/qemu/test_bare.py): built only with -DCK_TEST_IDLE_PERIODIC
 * (CK_TEST_CFLAGS). It is the README's "Your first RT task" without the
 * shared region (the co-kernel alone has none): a priority-10 task released
 * at 100 Hz that formats a line each release and prints it once a second.
 * Its wake timer sits in the timer queue beside the latency task's, so
 * the latency figures show what one more periodic task costs a release.
 */
#include <ck/app.h>
#include <ck/ck.h>

#ifdef CK_TEST_IDLE_PERIODIC
static struct ck_task idle_task;
static uint64_t idle_stack[2048 / 8] __attribute__((aligned(8)));

static void idle_body(void *arg)
{
	uint32_t n = 0;
	long missed = 0;
	char line[48];

	(void)arg;
	if (ck_task_set_periodic(0, 10 * CK_NS_PER_MS))
		return;
	for (;;) {
		missed += ck_task_wait_period();
		(void)ck_snprintf(line, sizeof(line), "tick %u, %ld missed",
				  (unsigned int)++n, missed);
		if (n % 100 == 0)
			ck_printf("idleperiodic: %s", line);
	}
}

static int idle_init(void)
{
	return ck_task_create(&idle_task, "idleperiodic", 10, idle_body, NULL,
			      idle_stack, sizeof(idle_stack));
}

CK_APP(idleperiodic, idle_init);
#endif
