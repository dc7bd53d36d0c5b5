// SPDX-License-Identifier: MIT
/*
 * faulttest.c - misbehaving RT tasks on demand, for the fault containment
 * tests (tests/qemu/test_fault.py). The RT watchdog's slow hook polls the
 * ring "fault.ctl" (Linux -> RT: `ckipc write fault.ctl <command>`) every
 * tick (no timer of its own: ck_watchdog_hook()) and wakes a commander
 * task, which starts a victim task doing what the command names:
 *   null    read through a null pointer (data abort / DSI)
 *   undef   execute an undefined instruction (undef / program check)
 *   assert  fail a ck_assert()
 *   stack   overwrite its own stack canary, then sleep
 *   spin    spin forever: a runaway task the watchdog must stop
 *   align   an unaligned word load (alignment fault where the CPU checks)
 * Each ends with the victim suspended and reported (ck/fault.h); the next
 * command starts it again. The victim's priority is below latency's, so
 * the latency task keeps its period while the victim spins.
 */
#include <stdint.h>
#include <string.h>
#include <ck/app.h>
#include <ck/ck.h>
#include <ck/fault.h>
#include <ck/shm.h>
#include "ck_ipc.h"

#define FT_CTL "fault.ctl"
#define FT_CMD_BYTES 16u
#define FT_CTL_SLOTS 4u
#define FT_COMMANDER_PRIO 30
#define FT_VICTIM_PRIO 20
#define FT_STACK_BYTES 2048u

static struct {
	struct ck_ipc_chan ctl;
	struct ck_task commander, victim;
	uintptr_t null_addr;             /* 0: what "null" reads through */
	ck_sem_t wake;
	char buf[FT_CMD_BYTES];          /* the hook's message */
	int len;                         /* its length; 0: none */
	char cmd[FT_CMD_BYTES + 1];
} ft;

static uint64_t ft_commander_stack[FT_STACK_BYTES / 8u] __attribute__((aligned(8)));
static uint64_t ft_victim_stack[FT_STACK_BYTES / 8u] __attribute__((aligned(8)));

static void ft_victim(void *arg)
{
	const char *cmd = arg;

	if (!strcmp(cmd, "null")) {
		(void)*(volatile uint32_t *)ft.null_addr;
	} else if (!strcmp(cmd, "undef")) {
		__builtin_trap();
	} else if (!strcmp(cmd, "assert")) {
		ck_assert(cmd[0] == 'x');
	} else if (!strcmp(cmd, "stack")) {
		*(volatile uint32_t *)ft.victim.stack = 0;
		(void)ck_task_sleep(CK_INFINITE);
	} else if (!strcmp(cmd, "spin")) {
		volatile uint32_t n = 0;

		for (;;)
			n++;
	} else if (!strcmp(cmd, "align")) {
		volatile uint8_t *b = (volatile uint8_t *)ft.victim.stack;

		(void)*(volatile uint32_t *)(uintptr_t)(b + 1);
	}
	ck_printf("faulttest: %s: the task survived it", cmd);
}

/* Watchdog hook, RT interrupt: take one command once the last is done. */
static void ft_poll(void)
{
	int n;

	if (ft.len)
		return;
	n = ck_ipc_recv(ck_shm_base(), &ft.ctl, ft.buf, sizeof(ft.buf));
	if (n > 0) {
		ft.len = n;
		(void)ck_sem_post(&ft.wake);
	}
}

static void ft_commander(void *arg)
{
	(void)arg;
	for (;;) {
		int n;

		if (ck_sem_wait(&ft.wake))
			continue;
		n = ft.len;
		while (n > 0 && (ft.buf[n - 1] == '\n' || ft.buf[n - 1] == 0))
			n--;
		memcpy(ft.cmd, ft.buf, (size_t)n);
		ft.cmd[n] = 0;
		if (ck_task_create(&ft.victim, "victim", FT_VICTIM_PRIO, ft_victim,
				   ft.cmd, ft_victim_stack, sizeof(ft_victim_stack)))
			ck_printf("faulttest: %s: the victim is still running", ft.cmd);
		else
			ck_printf("faulttest: %s", ft.cmd);
		ft.len = 0;
	}
}

static int faulttest_init(void)
{
	void *base = ck_shm_base();
	int err;

	if (!base)
		return 0;   /* no IPC region: nothing can command it */
	err = ck_ipc_ring_create(base, ck_shm_size(), FT_CTL, CK_IPC_RING_LX2RT,
				 FT_CMD_BYTES, FT_CTL_SLOTS, 0, &ft.ctl);
	if (err == -CK_EEXIST)
		err = ck_ipc_open(base, ck_shm_size(), FT_CTL, CK_IPC_SIDE_RT,
				  &ft.ctl);
	if (err)
		return err;
	(void)ck_sem_init(&ft.wake, 0);
	err = ck_watchdog_hook(ft_poll);
	if (err)
		return err;
	return ck_task_create(&ft.commander, "faulttest", FT_COMMANDER_PRIO,
			      ft_commander, NULL, ft_commander_stack,
			      sizeof(ft_commander_stack));
}

CK_APP(faulttest, faulttest_init);
