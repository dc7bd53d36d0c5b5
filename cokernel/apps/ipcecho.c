// SPDX-License-Identifier: MIT
/*
 * ipcecho.c - the doorbells' round trip, for `ckipc echo` (the QEMU test of
 * both doorbells): an RT task asleep in ck_chan_recv() on "echo.in" (Linux
 * -> RT, woken by Linux's notify) sends each message back on "echo.out"
 * (RT -> Linux, which rings Linux's doorbell). A message that is not
 * echoed in time is a lost wake-up in one direction or the other.
 * Lowest RT priority: it runs only while Linux sends, below every other
 * RT task.
 */
#include <ck/app.h>
#include <ck/chan.h>
#include <ck/ck.h>
#include <ck/shm.h>
#include "ck_ipc.h"
#include "ck_ipc_apps.h"

#define ECHO_PRIO CK_PRIO_MIN
#define ECHO_STACK_BYTES 2048u

static struct {
	struct ck_task task;
	struct ck_ipc_chan in, out;
} echo;

/* 8-byte aligned, as ck_task_create() requires (uint64_t is 4-aligned on SH-4) */
static uint64_t echo_stack[ECHO_STACK_BYTES / 8u] __attribute__((aligned(8)));

static void echo_task(void *arg)
{
	uint8_t buf[CK_ECHO_BYTES];
	int n;

	(void)arg;
	for (;;) {
		n = ck_chan_recv(&echo.in, buf, sizeof(buf), CK_INFINITE);
		if (n >= 0)
			(void)ck_chan_send(&echo.out, buf, (uint32_t)n);
		else  /* corrupt or faulted: wait for `ckipc reset` */
			ck_task_sleep(10 * CK_NS_PER_MS);
	}
}

static int ipcecho_init(void)
{
	void *base = ck_shm_base();
	uint32_t size = ck_shm_size();
	int err;

	if (!base)
		return 0;   /* no region: nothing to echo */
	err = ck_ipc_ring_create(base, size, CK_ECHO_IN, CK_IPC_RING_LX2RT,
				 CK_ECHO_BYTES, CK_ECHO_SLOTS, 0, &echo.in);
	err = err ? err : ck_ipc_ring_create(base, size, CK_ECHO_OUT,
					     CK_IPC_RING_RT2LX, CK_ECHO_BYTES,
					     CK_ECHO_SLOTS, 0, &echo.out);
	err = err ? err : ck_task_create(&echo.task, "ipcecho", ECHO_PRIO,
					 echo_task, NULL, echo_stack,
					 sizeof(echo_stack));
	return err;
}

CK_APP(ipcecho, ipcecho_init);
