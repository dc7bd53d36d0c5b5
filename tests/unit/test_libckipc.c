// SPDX-License-Identifier: MIT
/*
 * test_libckipc.c - libckipc's IPC v1 calls (ipc/lib/libckipc.h) on a
 * region file (CKIPC_DEV), this program playing the RT side: messages and
 * state both ways, timeouts, and an explicit error for every misuse
 * (closed region, a handle not made by ckipc_chan(), unknown name, wrong
 * direction or kind, a message larger than the slot or the buffer,
 * corrupt and faulted channels). A plain file has no doorbell: waits poll
 * every millisecond, ckipc_fd() is -1, ckipc_notify() -ENOSYS.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include "libckipc.h"
#include "tool_region.h"

#define REGION TOOL_REGION_BYTES

struct fx {
	struct tool_files files;
	struct ckipc c;
	/* RT handles: "up" RT -> Linux ring 16 x 4, "down" Linux -> RT ring
	 * 16 x 2, "tele" RT -> Linux state 24, "set" Linux -> RT state 8 */
	struct ck_ipc_chan up, down, tele, set;
	/* Linux handles of the same */
	struct ck_ipc_chan lup, ldown, ltele, lset;
};

static int setup(void **state)
{
	struct fx *f = calloc(1, sizeof(*f));
	uint8_t *b;

	assert_non_null(f);
	tool_files_open(&f->files);
	b = f->files.base;
	assert_int_equal(ck_ipc_ring_create(b, REGION, "up", CK_IPC_RING_RT2LX,
					    16, 4, 0, &f->up), 0);
	assert_int_equal(ck_ipc_ring_create(b, REGION, "down",
					    CK_IPC_RING_LX2RT, 16, 2, 0,
					    &f->down), 0);
	assert_int_equal(ck_ipc_state_create(b, REGION, "tele",
					     CK_IPC_STATE_RT2LX, 24, &f->tele),
			 0);
	assert_int_equal(ck_ipc_state_create(b, REGION, "set",
					     CK_IPC_STATE_LX2RT, 8, &f->set),
			 0);
	setenv("CKIPC_DEV", f->files.path, 1);
	assert_int_equal(ckipc_open(&f->c, "test"), 0);
	assert_int_equal(ckipc_chan(&f->c, "up", &f->lup), 0);
	assert_int_equal(ckipc_chan(&f->c, "down", &f->ldown), 0);
	assert_int_equal(ckipc_chan(&f->c, "tele", &f->ltele), 0);
	assert_int_equal(ckipc_chan(&f->c, "set", &f->lset), 0);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fx *f = *state;

	ckipc_close(&f->c);
	tool_files_close(&f->files);
	unsetenv("CKIPC_DEV");
	free(f);
	return 0;
}

static int64_t mono_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Messages and state both ways; nothing waits when data is there. */
static void both_ways(void **state)
{
	struct fx *f = *state;
	uint8_t *b = f->files.base;
	char buf[32];
	uint32_t v = 0;

	assert_int_equal(ck_ipc_send(b, &f->up, "hello", 5), 0);
	assert_int_equal(ckipc_recv(&f->c, &f->lup, buf, sizeof(buf), -1), 5);
	assert_memory_equal(buf, "hello", 5);
	assert_int_equal(ckipc_send(&f->c, &f->ldown, "cmd", 3, 0), 0);
	assert_int_equal(ck_ipc_recv(b, &f->down, buf, sizeof(buf)), 3);
	assert_memory_equal(buf, "cmd", 3);
	v = 42;
	assert_int_equal(ckipc_state_write(&f->c, &f->lset, &v, sizeof(v)), 0);
	v = 0;
	assert_int_equal(ck_ipc_state_read(b, &f->set, &v, sizeof(v)), 4);
	assert_int_equal(v, 42);
	assert_int_equal(ckipc_state_read(&f->c, &f->ltele, buf, sizeof(buf)),
			 -EAGAIN);            /* never written */
	assert_int_equal(ck_ipc_state_write(b, &f->tele, "state", 5), 0);
	assert_int_equal(ckipc_state_read(&f->c, &f->ltele, buf, sizeof(buf)),
			 5);
	/* a plain file: no doorbell, nobody to notify; the write still went
	 * in, and the failed ring is not counted as an error */
	assert_int_equal(ckipc_fd(&f->c), -1);
	assert_int_equal(ckipc_notify(&f->c, &f->ldown), -ENOSYS);
	assert_int_equal(f->c.notify_errors, 0);
	assert_int_equal(ckipc_ack(&f->c), 0);
}

/* Timeouts: 0 never waits; a finite one ends in -ETIMEDOUT, not sooner. */
static void timeouts(void **state)
{
	struct fx *f = *state;
	char buf[16];
	int64_t t0;

	assert_int_equal(ckipc_recv(&f->c, &f->lup, buf, sizeof(buf), 0),
			 -EAGAIN);
	t0 = mono_ms();
	assert_int_equal(ckipc_recv(&f->c, &f->lup, buf, sizeof(buf), 30),
			 -ETIMEDOUT);
	assert_true(mono_ms() - t0 >= 30);
	/* a full ring (2 slots) */
	assert_int_equal(ckipc_send(&f->c, &f->ldown, "a", 1, 0), 0);
	assert_int_equal(ckipc_send(&f->c, &f->ldown, "b", 1, 0), 0);
	assert_int_equal(ckipc_send(&f->c, &f->ldown, "c", 1, 0), -EAGAIN);
	t0 = mono_ms();
	assert_int_equal(ckipc_send(&f->c, &f->ldown, "c", 1, 20), -ETIMEDOUT);
	assert_true(mono_ms() - t0 >= 20);
}

/* Every misuse has its own error and changes nothing. */
static void misuse(void **state)
{
	struct fx *f = *state;
	struct ck_ipc_chan junk, rt_handle;
	char big[17] = { 0 }, small[4];
	struct ck_ipc_info in;

	/* unknown name */
	assert_int_equal(ckipc_chan(&f->c, "nope", &junk), -ENODEV);
	/* wrong direction and wrong kind */
	assert_int_equal(ckipc_send(&f->c, &f->lup, "x", 1, 0), -EPERM);
	assert_int_equal(ckipc_recv(&f->c, &f->ldown, small, 4, 0), -EPERM);
	assert_int_equal(ckipc_state_write(&f->c, &f->ltele, "x", 1), -EPERM);
	assert_int_equal(ckipc_state_read(&f->c, &f->lset, small, 4), -EPERM);
	assert_int_equal(ckipc_recv(&f->c, &f->ltele, small, 4, 0), -EPERM);
	assert_int_equal(ckipc_state_read(&f->c, &f->lup, small, 4), -EPERM);
	/* an RT-side handle, and one never made */
	rt_handle = f->up;
	assert_int_equal(ckipc_recv(&f->c, &rt_handle, small, 4, 0), -EBADF);
	memset(&junk, 0x5a, sizeof(junk));
	assert_int_equal(ckipc_send(&f->c, &junk, "x", 1, 0), -EBADF);
	/* too large for the slot: nothing sent */
	assert_int_equal(ckipc_send(&f->c, &f->ldown, big, sizeof(big), 0),
			 -EMSGSIZE);
	assert_int_equal(ckipc_state_write(&f->c, &f->lset, big, 9), -EMSGSIZE);
	assert_int_equal(ck_ipc_info(f->files.base, REGION, f->ldown.idx, &in),
			 0);
	assert_int_equal(in.sent, 0);
	/* a message larger than the buffer stays queued */
	assert_int_equal(ck_ipc_send(f->files.base, &f->up, "0123456789", 10),
			 0);
	assert_int_equal(ckipc_recv(&f->c, &f->lup, small, sizeof(small), 0),
			 -EMSGSIZE);
	assert_int_equal(ckipc_recv(&f->c, &f->lup, big, sizeof(big), 0), 10);
	/* error texts name the misuse */
	assert_string_equal(ckipc_strerror(-EPERM),
			    "wrong direction or kind for this channel");
	assert_string_equal(ckipc_strerror(-ENODEV), "no channel of that name");
	/* a closed region */
	ckipc_close(&f->c);
	assert_int_equal(ckipc_recv(&f->c, &f->lup, small, 4, 0), -EBADF);
	assert_int_equal(ckipc_send(&f->c, &f->ldown, "x", 1, 0), -EBADF);
	assert_int_equal(ckipc_chan(&f->c, "up", &junk), -EBADF);
	assert_int_equal(ckipc_notify(&f->c, &f->ldown), -EBADF);
}

/* Corrupt and faulted channels say so, never hang or return data. */
static void corrupt_and_faulted(void **state)
{
	struct fx *f = *state;
	uint8_t *b = f->files.base;
	char buf[16];

	/* the RT producer finds its ring corrupt and marks it FAULTED */
	((struct ck_ipc_ring_hdr *)(b + f->up.off))->head = 1234;
	assert_int_equal(ck_ipc_send(b, &f->up, "x", 1), -CK_EBADMSG);
	assert_int_equal(ckipc_recv(&f->c, &f->lup, buf, sizeof(buf), 50),
			 -CK_EFAULT);
	assert_string_equal(ckipc_strerror(-CK_EFAULT),
			    "channel faulted (see ckipc reset)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(both_ways, setup, teardown),
		cmocka_unit_test_setup_teardown(timeouts, setup, teardown),
		cmocka_unit_test_setup_teardown(misuse, setup, teardown),
		cmocka_unit_test_setup_teardown(corrupt_and_faulted, setup,
						teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
