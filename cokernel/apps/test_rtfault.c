// SPDX-License-Identifier: MIT
/*
 * test_rtfault.c - a test image's faulting RT tasks, for the co-kernel
 * alone (tests/qemu/test_fault_bare.py): built only with
 * -DCK_TEST_RT_FAULTS (CK_TEST_CFLAGS). Three tasks, 10 ms apart, each
 * faulting once in a way every CPU has: a failed ck_assert(), a
 * __builtin_trap() (the arch's undefined instruction, program check or
 * trap) and an overwritten stack canary. Each must be suspended and
 * reported (ck/fault.h) while the latency task goes on; a task that
 * survives its fault says so.
 */
#include <stdint.h>
#include <ck/app.h>
#include <ck/ck.h>
#include <ck/fault.h>

#ifdef CK_TEST_RT_FAULTS
#define RTF_STACK_BYTES 2048u
#define RTF_PRIO 20
#define RTF_STEP_NS (10ull * CK_NS_PER_MS)

enum { RTF_ASSERT, RTF_TRAP, RTF_STACK, RTF_N };

static const char *const rtf_names[RTF_N] = { "rtf-assert", "rtf-trap", "rtf-stack" };
static struct ck_task rtf_task[RTF_N];
static uint64_t rtf_stack[RTF_N][RTF_STACK_BYTES / 8u] __attribute__((aligned(8)));
static volatile uint32_t rtf_zero;

static void rtf_victim(void *arg)
{
	uintptr_t which = (uintptr_t)arg;

	(void)ck_task_sleep((which + 1u) * RTF_STEP_NS);
	if (which == RTF_ASSERT) {
		ck_assert(rtf_zero == 1u);
	} else if (which == RTF_TRAP) {
		__builtin_trap();
	} else {
		*(volatile uint32_t *)rtf_task[RTF_STACK].stack = 0;
		(void)ck_task_sleep(CK_INFINITE);
	}
	ck_printf("test RT faults: %s survived its fault", rtf_names[which]);
	(void)ck_task_sleep(CK_INFINITE);
}

static int rtf_init(void)
{
	uintptr_t i;
	int rc;

	for (i = 0; i < RTF_N; i++) {
		rc = ck_task_create(&rtf_task[i], rtf_names[i], RTF_PRIO, rtf_victim,
				    (void *)i, rtf_stack[i], sizeof(rtf_stack[i]));
		if (rc)
			return rc;
	}
	return 0;
}

CK_APP(test_rtfault, rtf_init);
#endif
