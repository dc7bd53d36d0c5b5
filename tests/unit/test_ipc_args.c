// SPDX-License-Identifier: MIT
/*
 * test_ipc_args.c - host tests of ipc/'s argument checks: a handle never
 * made by create/open, a changed one, one of the wrong kind or direction,
 * sizes of 0 or beyond the object, NULL pointers and out-of-range indexes
 * each get -CK_EINVAL (or -CK_ENODEV for an index) and change nothing: the
 * region stays byte for byte the same and a pending reset request stays
 * pending.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ck_ipc.h"

#define REGION 16384u

struct fx {
	uint8_t *base, *copy;
	struct ck_ipc_chan tx, rx, st_out, st_in; /* RT handles */
	struct ck_ipc_chan ltx, lrx;              /* Linux handles */
};

static int setup(void **state)
{
	struct fx *f = calloc(1, sizeof(*f));

	assert_non_null(f);
	f->base = malloc(REGION);
	f->copy = malloc(REGION);
	assert_non_null(f->base);
	assert_non_null(f->copy);
	memset(f->base, 0, REGION);
	assert_int_equal(ck_ipc_dir_init(f->base, REGION), 0);
	assert_int_equal(ck_ipc_ring_create(f->base, REGION, "up",
					    CK_IPC_RING_RT2LX, 16, 4, 0,
					    &f->tx),
			 0);
	assert_int_equal(ck_ipc_ring_create(f->base, REGION, "down",
					    CK_IPC_RING_LX2RT, 16, 4, 0,
					    &f->rx),
			 0);
	assert_int_equal(ck_ipc_state_create(f->base, REGION, "out",
					     CK_IPC_STATE_RT2LX, 8,
					     &f->st_out),
			 0);
	assert_int_equal(ck_ipc_state_create(f->base, REGION, "in",
					     CK_IPC_STATE_LX2RT, 8,
					     &f->st_in),
			 0);
	assert_int_equal(ck_ipc_open(f->base, REGION, "up", CK_IPC_SIDE_LINUX,
				     &f->lrx),
			 0);
	assert_int_equal(ck_ipc_open(f->base, REGION, "down",
				     CK_IPC_SIDE_LINUX, &f->ltx),
			 0);
	/* one message each way, so a wrongly accepted call would show */
	assert_int_equal(ck_ipc_send(f->base, &f->tx, "a", 1), 0);
	assert_int_equal(ck_ipc_send(f->base, &f->ltx, "b", 1), 0);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fx *f = *state;

	free(f->copy);
	free(f->base);
	free(f);
	return 0;
}

static void snapshot(struct fx *f)
{
	memcpy(f->copy, f->base, REGION);
}

static void expect_unchanged(struct fx *f)
{
	assert_memory_equal(f->copy, f->base, REGION);
}

/* Every data call on @ch, each refused with -CK_EINVAL, region intact. */
static void expect_all_refused(struct fx *f, struct ck_ipc_chan *ch)
{
	uint8_t buf[16] = { 0 };

	snapshot(f);
	assert_int_equal(ck_ipc_send(f->base, ch, buf, 1), -CK_EINVAL);
	assert_int_equal(ck_ipc_recv(f->base, ch, buf, sizeof(buf)),
			 -CK_EINVAL);
	assert_int_equal(ck_ipc_state_write(f->base, ch, buf, 1), -CK_EINVAL);
	assert_int_equal(ck_ipc_state_read(f->base, ch, buf, sizeof(buf)),
			 -CK_EINVAL);
	assert_int_equal(ck_ipc_request_reset(f->base, ch), -CK_EINVAL);
	assert_true(ck_ipc_faulted(f->base, ch));
	expect_unchanged(f);
}

static void test_never_created_handle(void **state)
{
	struct fx *f = *state;
	struct ck_ipc_chan zero, junk;

	memset(&zero, 0, sizeof(zero));
	expect_all_refused(f, &zero);
	memset(&junk, 0x5a, sizeof(junk));
	expect_all_refused(f, &junk);
	expect_all_refused(f, NULL);
	assert_int_equal(((struct ck_ipc_dir *)f->base)->faults, 0);
}

/* A copy of a good handle pointed at another channel's entry, or with its
 * geometry changed, is not that channel's handle. */
static void test_changed_handle(void **state)
{
	struct fx *f = *state;
	struct ck_ipc_chan h;

	h = f->tx;
	h.idx = f->rx.idx;
	expect_all_refused(f, &h);
	h = f->tx;
	h.idx = CK_IPC_MAX_CHAN + 7u;
	expect_all_refused(f, &h);
	h = f->tx;
	h.off += 8u;
	expect_all_refused(f, &h);
	h = f->tx;
	h.nr_slots = 1024u;
	expect_all_refused(f, &h);
	h = f->lrx;
	h.side = CK_IPC_SIDE_RT;
	expect_all_refused(f, &h);
	h = f->st_out;
	h.slot_bytes = 4096u;
	expect_all_refused(f, &h);
	assert_false(ck_ipc_faulted(f->base, &f->tx));
}

/* Wrong kind or direction, bad sizes and NULL pointers: refused before
 * the region is touched, so even a pending reset request stays pending. */
static void test_wrong_use_leaves_reset_pending(void **state)
{
	struct fx *f = *state;
	struct ck_ipc_dir *d = (struct ck_ipc_dir *)f->base;
	uint8_t buf[32] = { 0 };

	assert_int_equal(ck_ipc_request_reset(f->base, &f->lrx), 0);
	assert_int_equal(ck_ipc_request_reset(f->base, &f->ltx), 0);
	snapshot(f);
	/* direction */
	assert_int_equal(ck_ipc_recv(f->base, &f->tx, buf, 16), -CK_EINVAL);
	assert_int_equal(ck_ipc_send(f->base, &f->rx, buf, 4), -CK_EINVAL);
	assert_int_equal(ck_ipc_state_read(f->base, &f->st_out, buf, 8),
			 -CK_EINVAL);
	assert_int_equal(ck_ipc_state_write(f->base, &f->st_in, buf, 8),
			 -CK_EINVAL);
	/* kind */
	assert_int_equal(ck_ipc_state_write(f->base, &f->tx, buf, 4),
			 -CK_EINVAL);
	assert_int_equal(ck_ipc_state_read(f->base, &f->rx, buf, 16),
			 -CK_EINVAL);
	assert_int_equal(ck_ipc_send(f->base, &f->st_out, buf, 4),
			 -CK_EINVAL);
	assert_int_equal(ck_ipc_recv(f->base, &f->st_in, buf, 8), -CK_EINVAL);
	/* larger than the slot or the state */
	assert_int_equal(ck_ipc_send(f->base, &f->tx, buf, 17), -CK_EINVAL);
	assert_int_equal(ck_ipc_send(f->base, &f->tx, buf, 0xffffffffu),
			 -CK_EINVAL);
	assert_int_equal(ck_ipc_state_write(f->base, &f->st_out, buf, 9),
			 -CK_EINVAL);
	/* NULL pointers */
	assert_int_equal(ck_ipc_send(f->base, &f->tx, NULL, 4), -CK_EINVAL);
	assert_int_equal(ck_ipc_recv(f->base, &f->rx, NULL, 16), -CK_EINVAL);
	assert_int_equal(ck_ipc_state_write(f->base, &f->st_out, NULL, 4),
			 -CK_EINVAL);
	assert_int_equal(ck_ipc_state_read(f->base, &f->st_in, NULL, 8),
			 -CK_EINVAL);
	assert_int_equal(ck_ipc_send(NULL, &f->tx, buf, 4), -CK_EINVAL);
	assert_int_equal(ck_ipc_recv(NULL, &f->rx, buf, 16), -CK_EINVAL);
	assert_int_equal(ck_ipc_state_write(NULL, &f->st_out, buf, 4),
			 -CK_EINVAL);
	assert_int_equal(ck_ipc_state_read(NULL, &f->st_in, buf, 8),
			 -CK_EINVAL);
	assert_int_equal(ck_ipc_request_reset(NULL, &f->ltx), -CK_EINVAL);
	expect_unchanged(f);
	assert_int_equal(d->faults, 0);
	/* the reset requests are still pending: the next good call takes
	 * them and both rings come back empty */
	assert_int_equal(ck_ipc_recv(f->base, &f->rx, buf, 16), -CK_EAGAIN);
	assert_int_equal(ck_ipc_send(f->base, &f->tx, "c", 1), 0);
	assert_int_equal(ck_ipc_recv(f->base, &f->lrx, buf, 16), 1);
	assert_int_equal(buf[0], 'c');
}

/* Zero-length messages and states are valid (documented in ck_ipc.h). */
static void test_zero_length_is_a_message(void **state)
{
	struct fx *f = *state;
	uint8_t buf[16];

	assert_int_equal(ck_ipc_recv(f->base, &f->lrx, buf, sizeof(buf)), 1);
	assert_int_equal(ck_ipc_send(f->base, &f->tx, NULL, 0), 0);
	assert_int_equal(ck_ipc_recv(f->base, &f->lrx, NULL, 0), 0);
	assert_int_equal(ck_ipc_state_write(f->base, &f->st_out, NULL, 0), 0);
}

/* Creation with bad sizes, counts, kinds, flags or names: -CK_EINVAL and
 * the directory is not touched. */
static void test_create_refusals_change_nothing(void **state)
{
	struct fx *f = *state;
	struct ck_ipc_chan ch;

	snapshot(f);
	assert_int_equal(ck_ipc_ring_create(f->base, REGION, "r0",
					    CK_IPC_RING_RT2LX, 0, 4, 0, &ch),
			 -CK_EINVAL);
	assert_int_equal(ck_ipc_ring_create(f->base, REGION, "r1",
					    CK_IPC_RING_RT2LX,
					    CK_IPC_MAX_SLOT_BYTES + 1u, 4, 0,
					    &ch),
			 -CK_EINVAL);
	assert_int_equal(ck_ipc_ring_create(f->base, REGION, "r2",
					    CK_IPC_RING_RT2LX, 8, 0, 0, &ch),
			 -CK_EINVAL);
	assert_int_equal(ck_ipc_ring_create(f->base, REGION, "r3",
					    CK_IPC_RING_RT2LX, 8, 3, 0, &ch),
			 -CK_EINVAL);
	assert_int_equal(ck_ipc_ring_create(f->base, REGION, "r4",
					    CK_IPC_RING_RT2LX, 8,
					    CK_IPC_MAX_SLOTS * 2u, 0, &ch),
			 -CK_EINVAL);
	assert_int_equal(ck_ipc_ring_create(f->base, REGION, "r5",
					    CK_IPC_STATE_RT2LX, 8, 4, 0, &ch),
			 -CK_EINVAL);
	assert_int_equal(ck_ipc_ring_create(f->base, REGION, "r6",
					    CK_IPC_RING_RT2LX, 8, 4, 0x10u,
					    &ch),
			 -CK_EINVAL);
	assert_int_equal(ck_ipc_ring_create(f->base, REGION,
					    "sixteen-chars-xx",
					    CK_IPC_RING_RT2LX, 8, 4, 0, &ch),
			 -CK_EINVAL);
	assert_int_equal(ck_ipc_ring_create(f->base, REGION, "",
					    CK_IPC_RING_RT2LX, 8, 4, 0, &ch),
			 -CK_EINVAL);
	assert_int_equal(ck_ipc_ring_create(f->base, REGION, NULL,
					    CK_IPC_RING_RT2LX, 8, 4, 0, &ch),
			 -CK_EINVAL);
	assert_int_equal(ck_ipc_ring_create(f->base, REGION, "r7",
					    CK_IPC_RING_RT2LX, 8, 4, 0, NULL),
			 -CK_EINVAL);
	assert_int_equal(ck_ipc_state_create(f->base, REGION, "s0",
					     CK_IPC_STATE_RT2LX, 0, &ch),
			 -CK_EINVAL);
	assert_int_equal(ck_ipc_state_create(f->base, REGION, "s1",
					     CK_IPC_STATE_RT2LX,
					     CK_IPC_MAX_SLOT_BYTES + 1u, &ch),
			 -CK_EINVAL);
	assert_int_equal(ck_ipc_state_create(f->base, REGION, "s2",
					     CK_IPC_RING_LX2RT, 8, &ch),
			 -CK_EINVAL);
	assert_int_equal(ck_ipc_open(f->base, REGION, "up", 7u, &ch),
			 -CK_EINVAL);
	assert_int_equal(ck_ipc_open(f->base, REGION, "up", CK_IPC_SIDE_LINUX,
				     NULL),
			 -CK_EINVAL);
	expect_unchanged(f);
}

/* Directory indexes beyond the table or the channels in use. */
static void test_index_out_of_range(void **state)
{
	struct fx *f = *state;
	struct ck_ipc_info info;

	snapshot(f);
	assert_int_equal(ck_ipc_info(f->base, REGION, 4, &info), -CK_ENODEV);
	assert_int_equal(ck_ipc_info(f->base, REGION, CK_IPC_MAX_CHAN, &info),
			 -CK_ENODEV);
	assert_int_equal(ck_ipc_info(f->base, REGION, 0xffffffffu, &info),
			 -CK_ENODEV);
	assert_int_equal(ck_ipc_info(f->base, REGION, 0, NULL), -CK_EINVAL);
	assert_int_equal(ck_ipc_find(f->base, REGION, "nope"), -CK_ENODEV);
	assert_int_equal(ck_ipc_find(f->base, REGION, NULL), -CK_EINVAL);
	expect_unchanged(f);
	assert_int_equal(ck_ipc_info(f->base, REGION, 3, &info), 0);
	assert_string_equal(info.name, "in");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(fn) cmocka_unit_test_setup_teardown(fn, setup, teardown)
		T(test_never_created_handle),
		T(test_changed_handle),
		T(test_wrong_use_leaves_reset_pending),
		T(test_zero_length_is_a_message),
		T(test_create_refusals_change_nothing),
		T(test_index_out_of_range),
#undef T
	};

	return cmocka_run_group_tests_name("ipc_args", tests, NULL, NULL);
}
