// SPDX-License-Identifier: MIT
/* test_ipc_fault.c - host tests: the RT side of ipc/ survives a hostile
 * Linux (garbage indices, lengths, offsets, magic); run under ASan to prove
 * nothing is read or written outside the region. */
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
	uint8_t *base;
	struct ck_ipc_chan tx, rx, st; /* RT handles: RT2LX, LX2RT, state */
	struct ck_ipc_chan ltx, lrx;   /* Linux handles */
};

static struct ck_ipc_dir *dir(struct fx *f)
{
	return (struct ck_ipc_dir *)f->base;
}

static struct ck_ipc_ring_hdr *ring(struct fx *f, struct ck_ipc_chan *ch)
{
	return (struct ck_ipc_ring_hdr *)(f->base + ch->off);
}

static struct ck_ipc_slot_hdr *slot(struct fx *f, struct ck_ipc_chan *ch,
				   uint32_t i)
{
	return (struct ck_ipc_slot_hdr *)(f->base + ch->off +
					  sizeof(struct ck_ipc_ring_hdr) +
					  (i & (ch->nr_slots - 1)) * ch->stride);
}

static int setup(void **state)
{
	struct fx *f = calloc(1, sizeof(*f));

	assert_non_null(f);
	f->base = malloc(REGION);
	assert_non_null(f->base);
	memset(f->base, 0, REGION);
	assert_int_equal(ck_ipc_dir_init(f->base, REGION), 0);
	assert_int_equal(ck_ipc_ring_create(f->base, REGION, "up",
					    CK_IPC_RING_RT2LX, 16, 4, 0,
					    &f->tx), 0);
	assert_int_equal(ck_ipc_ring_create(f->base, REGION, "down",
					    CK_IPC_RING_LX2RT, 16, 4, 0,
					    &f->rx), 0);
	assert_int_equal(ck_ipc_state_create(f->base, REGION, "sp",
					     CK_IPC_STATE_LX2RT, 24, &f->st),
			 0);
	assert_int_equal(ck_ipc_open(f->base, REGION, "up", CK_IPC_SIDE_LINUX,
				     &f->lrx), 0);
	assert_int_equal(ck_ipc_open(f->base, REGION, "down",
				     CK_IPC_SIDE_LINUX, &f->ltx), 0);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fx *f = *state;

	free(f->base);
	free(f);
	return 0;
}

/* The channel must be FAULTED with @n faults, and stay refused quietly. */
static void expect_faulted(struct fx *f, struct ck_ipc_chan *ch, uint32_t n)
{
	uint8_t buf[32];
	int r;

	assert_true(ck_ipc_faulted(f->base, ch));
	assert_int_equal(ch->faults, n);
	assert_true(dir(f)->chan[ch->idx].flags & CK_IPC_F_FAULTED);
	assert_int_equal(dir(f)->chan[ch->idx].faults, n);
	if (ch->kind == CK_IPC_RING_RT2LX)
		r = ck_ipc_send(f->base, ch, buf, 4);
	else if (ch->kind == CK_IPC_RING_LX2RT)
		r = ck_ipc_recv(f->base, ch, buf, sizeof(buf));
	else
		r = ck_ipc_state_read(f->base, ch, buf, sizeof(buf));
	assert_int_equal(r, -CK_EFAULT);
	assert_int_equal(ch->faults, n); /* refused, not recounted */
}

static void test_garbage_head_from_linux(void **state)
{
	struct fx *f = *state;
	uint8_t buf[32];

	ring(f, &f->rx)->head = 0x7000; /* Linux's index, far past tail */
	assert_int_equal(ck_ipc_recv(f->base, &f->rx, buf, sizeof(buf)),
			 -CK_EBADMSG);
	expect_faulted(f, &f->rx, 1);
	assert_int_equal(dir(f)->faults, 1);
	/* Linux sees the flag and is refused too */
	assert_int_equal(ck_ipc_send(f->base, &f->ltx, buf, 4), -CK_EFAULT);
	/* the other channels carry on */
	assert_int_equal(ck_ipc_send(f->base, &f->tx, buf, 4), 0);
	assert_false(ck_ipc_faulted(f->base, &f->tx));
}

static void test_garbage_tail_rt_owned(void **state)
{
	struct fx *f = *state;
	uint8_t buf[32];

	ring(f, &f->rx)->tail = 3; /* RT's own index, scribbled by Linux */
	assert_int_equal(ck_ipc_recv(f->base, &f->rx, buf, sizeof(buf)),
			 -CK_EBADMSG);
	expect_faulted(f, &f->rx, 1);
}

static void test_garbage_tail_from_linux(void **state)
{
	struct fx *f = *state;
	uint8_t buf[32] = { 0 };

	ring(f, &f->tx)->tail = 0xdeadbeef; /* ahead of head */
	assert_int_equal(ck_ipc_send(f->base, &f->tx, buf, 4), -CK_EBADMSG);
	expect_faulted(f, &f->tx, 1);
	assert_int_equal(ck_ipc_recv(f->base, &f->lrx, buf, 16), -CK_EFAULT);
}

static void test_garbage_head_rt_owned(void **state)
{
	struct fx *f = *state;
	uint8_t buf[32] = { 0 };

	assert_int_equal(ck_ipc_send(f->base, &f->tx, buf, 4), 0);
	ring(f, &f->tx)->head = 0x12345678;
	assert_int_equal(ck_ipc_send(f->base, &f->tx, buf, 4), -CK_EBADMSG);
	expect_faulted(f, &f->tx, 1);
}

static void test_garbage_length(void **state)
{
	struct fx *f = *state;
	uint8_t buf[16];

	assert_int_equal(ck_ipc_send(f->base, &f->ltx, "hello", 5), 0);
	slot(f, &f->rx, 0)->len = 0xffffffffu;
	assert_int_equal(ck_ipc_recv(f->base, &f->rx, buf, sizeof(buf)),
			 -CK_EBADMSG);
	expect_faulted(f, &f->rx, 1);
}

static void test_garbage_slot_seq(void **state)
{
	struct fx *f = *state;
	uint8_t buf[16];

	assert_int_equal(ck_ipc_send(f->base, &f->ltx, "x", 1), 0);
	slot(f, &f->rx, 0)->seq = 99; /* not message 0: reject ring => bad */
	assert_int_equal(ck_ipc_recv(f->base, &f->rx, buf, sizeof(buf)),
			 -CK_EBADMSG);
	expect_faulted(f, &f->rx, 1);
}

static void test_offset_outside_region(void **state)
{
	struct fx *f = *state;
	struct ck_ipc_chan o;
	struct ck_ipc_info info;
	uint8_t buf[16] = { 0 };

	dir(f)->chan[f->tx.idx].off = REGION - 8;
	assert_int_equal(ck_ipc_send(f->base, &f->tx, buf, 4), -CK_EBADMSG);
	expect_faulted(f, &f->tx, 1);
	assert_int_equal(ck_ipc_open(f->base, REGION, "up", CK_IPC_SIDE_LINUX,
				     &o), -CK_EBADMSG);
	assert_int_equal(ck_ipc_info(f->base, REGION, f->tx.idx, &info),
			 -CK_EBADMSG);
	dir(f)->chan[f->rx.idx].nr_slots = 0x40000000u;
	assert_int_equal(ck_ipc_recv(f->base, &f->rx, buf, 16), -CK_EBADMSG);
	dir(f)->chan[f->st.idx].bytes = 0xfffffff0u;
	assert_int_equal(ck_ipc_state_read(f->base, &f->st, buf, 16),
			 -CK_EBADMSG);
	assert_int_equal(dir(f)->faults, 3);
	assert_int_equal(ck_ipc_open(f->base, REGION, "sp", CK_IPC_SIDE_LINUX,
				     &o), -CK_EBADMSG);
}

static void test_bad_magic(void **state)
{
	struct fx *f = *state;
	uint8_t buf[16] = { 0 };

	dir(f)->magic = 0x11111111;
	assert_int_equal(ck_ipc_send(f->base, &f->tx, buf, 4), -CK_EBADMSG);
	expect_faulted(f, &f->tx, 1);
	assert_int_equal(ck_ipc_find(f->base, REGION, "up"), -CK_EBADMSG);
	assert_int_equal(ck_ipc_send(f->base, &f->ltx, buf, 4), -CK_EBADMSG);
	/* a bogus directory size must not widen what Linux may touch */
	dir(f)->magic = CK_IPC_MAGIC;
	dir(f)->region_bytes = 0x7fffffff;
	assert_int_equal(ck_ipc_dir_check(f->base, REGION), -CK_EBADMSG);
}

static void test_reset_after_fault(void **state)
{
	struct fx *f = *state;
	uint8_t buf[16];

	dir(f)->magic = 0;
	ring(f, &f->rx)->head = 0xdeadbeef;
	assert_int_equal(ck_ipc_recv(f->base, &f->rx, buf, 16), -CK_EBADMSG);
	expect_faulted(f, &f->rx, 1);
	/* Linux asks for a reset; RT repairs at its next call */
	assert_int_equal(ck_ipc_request_reset(f->base, &f->ltx), 0);
	assert_int_equal(ck_ipc_recv(f->base, &f->rx, buf, 16), -CK_EAGAIN);
	assert_false(ck_ipc_faulted(f->base, &f->rx));
	assert_false(dir(f)->chan[f->rx.idx].flags & CK_IPC_F_FAULTED);
	assert_int_equal(dir(f)->chan[f->rx.idx].faults, 1); /* kept */
	assert_int_equal(ck_ipc_dir_check(f->base, REGION), 0);
	assert_int_equal(ck_ipc_send(f->base, &f->ltx, "ok", 2), 0);
	assert_int_equal(ck_ipc_recv(f->base, &f->rx, buf, 16), 2);
	assert_memory_equal(buf, "ok", 2);
	/* a second corruption counts again */
	ring(f, &f->rx)->tail = 77;
	assert_int_equal(ck_ipc_recv(f->base, &f->rx, buf, 16), -CK_EBADMSG);
	expect_faulted(f, &f->rx, 2);
}

static void test_state_garbage(void **state)
{
	struct fx *f = *state;
	struct ck_ipc_chan lst, rst, llx;
	struct ck_ipc_state_hdr *h = (struct ck_ipc_state_hdr *)(f->base +
								 f->st.off);
	uint8_t buf[32];

	assert_int_equal(ck_ipc_open(f->base, REGION, "sp", CK_IPC_SIDE_LINUX,
				     &lst), 0);
	assert_int_equal(ck_ipc_state_write(f->base, &lst, "abcd", 4), 0);
	h->len = 1000;
	assert_int_equal(ck_ipc_state_read(f->base, &f->st, buf, 32),
			 -CK_EBADMSG);
	expect_faulted(f, &f->st, 1);

	/* RT-written block whose seq Linux scribbled */
	assert_int_equal(ck_ipc_state_create(f->base, REGION, "out",
					     CK_IPC_STATE_RT2LX, 8, &rst), 0);
	assert_int_equal(ck_ipc_state_write(f->base, &rst, "12345678", 8), 0);
	assert_int_equal(ck_ipc_open(f->base, REGION, "out", CK_IPC_SIDE_LINUX,
				     &llx), 0);
	h = (struct ck_ipc_state_hdr *)(f->base + rst.off);
	h->len = 0x80000000u;
	assert_int_equal(ck_ipc_state_read(f->base, &llx, buf, 32),
			 -CK_EBADMSG); /* Linux validates too */
	h->seq = 1234;
	assert_int_equal(ck_ipc_state_write(f->base, &rst, "x", 1),
			 -CK_EBADMSG);
	assert_true(ck_ipc_faulted(f->base, &rst));
}

/* What `ckipc corrupt` does: garbage head, tail and every slot length. */
static void corrupt_ring(struct fx *f, struct ck_ipc_chan *ch)
{
	uint32_t i;

	ring(f, ch)->head = 0xdeadbeef;
	ring(f, ch)->tail = 0x12345678;
	for (i = 0; i < ch->nr_slots; i++) {
		slot(f, ch, i)->len = 0xffffffffu;
		slot(f, ch, i)->seq = 0xffffffffu;
	}
}

static void test_ckipc_corrupt_pattern(void **state)
{
	struct fx *f = *state;
	uint8_t buf[32] = { 0 };

	corrupt_ring(f, &f->tx);
	corrupt_ring(f, &f->rx);
	assert_int_equal(ck_ipc_send(f->base, &f->tx, buf, 4), -CK_EBADMSG);
	assert_int_equal(ck_ipc_recv(f->base, &f->rx, buf, 32), -CK_EBADMSG);
	assert_int_equal(ck_ipc_recv(f->base, &f->lrx, buf, 32), -CK_EFAULT);
	expect_faulted(f, &f->tx, 1);
	expect_faulted(f, &f->rx, 1);
	assert_int_equal(dir(f)->faults, 2);
}

/* Linux finds the garbage first (`ckipc corrupt` on a ring Linux reads,
 * then `latency` asks for a reset): the RT side counts the corruption when
 * it repairs the channel, though it never saw the channel FAULTED. */
static void test_reset_counts_corruption_linux_found(void **state)
{
	struct fx *f = *state;
	uint8_t buf[32] = { 0 };

	assert_int_equal(ck_ipc_send(f->base, &f->tx, buf, 4), 0);
	corrupt_ring(f, &f->tx);
	assert_int_equal(ck_ipc_recv(f->base, &f->lrx, buf, 16), -CK_EBADMSG);
	assert_int_equal(ck_ipc_request_reset(f->base, &f->lrx), 0);
	assert_int_equal(ck_ipc_send(f->base, &f->tx, "new", 3), 0);
	assert_false(ck_ipc_faulted(f->base, &f->tx));
	assert_int_equal(f->tx.faults, 1);
	assert_int_equal(dir(f)->chan[f->tx.idx].faults, 1);
	assert_int_equal(dir(f)->faults, 1);
	assert_int_equal(ck_ipc_recv(f->base, &f->lrx, buf, 16), 3);
	assert_memory_equal(buf, "new", 3);

	/* only a slot length, as Linux reads it next */
	assert_int_equal(ck_ipc_send(f->base, &f->tx, "abcd", 4), 0);
	slot(f, &f->tx, ring(f, &f->tx)->tail)->len = 0xffffffffu;
	assert_int_equal(ck_ipc_recv(f->base, &f->lrx, buf, 16), -CK_EBADMSG);
	assert_int_equal(ck_ipc_request_reset(f->base, &f->lrx), 0);
	assert_int_equal(ck_ipc_send(f->base, &f->tx, "x", 1), 0);
	assert_int_equal(dir(f)->chan[f->tx.idx].faults, 2);

	/* a state block Linux reads, with a length beyond its payload */
	{
		struct ck_ipc_chan rst, lst;
		struct ck_ipc_state_hdr *h;

		assert_int_equal(ck_ipc_state_create(f->base, REGION, "out",
						     CK_IPC_STATE_RT2LX, 8,
						     &rst),
				 0);
		assert_int_equal(ck_ipc_open(f->base, REGION, "out",
					     CK_IPC_SIDE_LINUX, &lst),
				 0);
		assert_int_equal(ck_ipc_state_write(f->base, &rst, "12", 2),
				 0);
		h = (struct ck_ipc_state_hdr *)(f->base + rst.off);
		h->len = 4096;
		assert_int_equal(ck_ipc_state_read(f->base, &lst, buf, 32),
				 -CK_EBADMSG);
		assert_int_equal(ck_ipc_request_reset(f->base, &lst), 0);
		assert_int_equal(ck_ipc_state_write(f->base, &rst, "34", 2),
				 0);
		assert_int_equal(dir(f)->chan[rst.idx].faults, 1);
		assert_int_equal(ck_ipc_state_read(f->base, &lst, buf, 32), 2);
	}
	assert_int_equal(dir(f)->faults, 3);
}

/* A reset asked of a healthy channel (`ckipc reset`) is not a fault. */
static void test_reset_of_healthy_channel_counts_nothing(void **state)
{
	struct fx *f = *state;
	uint8_t buf[32] = { 0 };

	assert_int_equal(ck_ipc_send(f->base, &f->tx, buf, 4), 0);
	assert_int_equal(ck_ipc_send(f->base, &f->ltx, buf, 4), 0);
	assert_int_equal(ck_ipc_request_reset(f->base, &f->lrx), 0);
	assert_int_equal(ck_ipc_request_reset(f->base, &f->ltx), 0);
	assert_int_equal(ck_ipc_request_reset(f->base, &f->st), 0);
	assert_int_equal(ck_ipc_send(f->base, &f->tx, buf, 4), 0);
	assert_int_equal(ck_ipc_recv(f->base, &f->rx, buf, 16), -CK_EAGAIN);
	assert_int_equal(ck_ipc_state_read(f->base, &f->st, buf, 32),
			 -CK_EAGAIN);
	assert_int_equal(dir(f)->faults, 0);
	assert_int_equal(f->tx.faults + f->rx.faults + f->st.faults, 0);
}

/* A writer that publishes once (switchbench's result) learns of a reset
 * request from ck_ipc_reset_pending() alone, touching nothing; its next
 * write serves the request (counting the corruption Linux left) and
 * publishes again. The Linux side never reports one pending. */
static void test_reset_pending_until_served(void **state)
{
	struct fx *f = *state;
	struct ck_ipc_chan rst, lst;
	struct ck_ipc_state_hdr *h;
	uint8_t buf[8];

	assert_int_equal(ck_ipc_state_create(f->base, REGION, "result",
					     CK_IPC_STATE_RT2LX, 8, &rst), 0);
	assert_int_equal(ck_ipc_open(f->base, REGION, "result",
				     CK_IPC_SIDE_LINUX, &lst), 0);
	assert_int_equal(ck_ipc_state_write(f->base, &rst, "12345678", 8), 0);
	assert_false(ck_ipc_reset_pending(f->base, &rst));
	h = (struct ck_ipc_state_hdr *)(f->base + rst.off);
	h->seq = 0x12345678u; /* what `ckipc corrupt` writes */
	h->len = 0xffffffffu;
	assert_int_equal(ck_ipc_state_read(f->base, &lst, buf, 8),
			 -CK_EBADMSG);
	assert_false(ck_ipc_reset_pending(f->base, &rst));
	assert_int_equal(ck_ipc_request_reset(f->base, &lst), 0);
	assert_true(ck_ipc_reset_pending(f->base, &rst));
	assert_true(ck_ipc_reset_pending(f->base, &rst)); /* asking serves none */
	assert_false(ck_ipc_reset_pending(f->base, &lst));
	assert_false(ck_ipc_reset_pending(NULL, &rst));
	assert_int_equal(ck_ipc_state_write(f->base, &rst, "abcdefgh", 8), 0);
	assert_false(ck_ipc_reset_pending(f->base, &rst));
	assert_int_equal(rst.faults, 1);
	assert_int_equal(ck_ipc_state_read(f->base, &lst, buf, 8), 8);
	assert_memory_equal(buf, "abcdefgh", 8);
}

/* Well-formed but unusable messages are counted where `ckipc list` shows
 * them, by whichever side consumes; the channel stays up. */
static void test_note_invalid(void **state)
{
	struct fx *f = *state;
	struct ck_ipc_info info;
	uint8_t buf[32] = { 0 };

	assert_int_equal(ck_ipc_send(f->base, &f->ltx, "zz", 2), 0);
	assert_int_equal(ck_ipc_recv(f->base, &f->rx, buf, 16), 2);
	assert_int_equal(ck_ipc_note_invalid(f->base, &f->rx), 0);
	assert_int_equal(ck_ipc_note_invalid(f->base, &f->rx), 0);
	assert_int_equal(ring(f, &f->rx)->invalid, 2);
	assert_int_equal(ck_ipc_info(f->base, REGION, f->rx.idx, &info), 0);
	assert_int_equal(info.invalid, 2);
	/* history: a reset keeps it */
	assert_int_equal(ck_ipc_request_reset(f->base, &f->ltx), 0);
	assert_int_equal(ck_ipc_recv(f->base, &f->rx, buf, 16), -CK_EAGAIN);
	assert_int_equal(ring(f, &f->rx)->invalid, 2);
	assert_int_equal(dir(f)->faults, 0);
	/* the Linux consumer of an RT ring, and the RT reader of a state */
	assert_int_equal(ck_ipc_send(f->base, &f->tx, "q", 1), 0);
	assert_int_equal(ck_ipc_recv(f->base, &f->lrx, buf, 16), 1);
	assert_int_equal(ck_ipc_note_invalid(f->base, &f->lrx), 0);
	assert_int_equal(ring(f, &f->tx)->invalid, 1);
	assert_int_equal(ck_ipc_note_invalid(f->base, &f->st), 0);
	assert_int_equal(((struct ck_ipc_state_hdr *)(f->base + f->st.off))
				 ->invalid,
			 1);
	/* producers and writers have nothing to note */
	assert_int_equal(ck_ipc_note_invalid(f->base, &f->tx), -CK_EINVAL);
	assert_int_equal(ck_ipc_note_invalid(f->base, &f->ltx), -CK_EINVAL);
	assert_int_equal(ck_ipc_note_invalid(NULL, &f->rx), -CK_EINVAL);
	assert_int_equal(ring(f, &f->rx)->invalid, 2);
}

/* Random garbage over the whole region: every RT call returns one of the
 * documented codes and (under ASan) stays inside the region. */
static void test_fuzz_region(void **state)
{
	struct fx *f = *state;
	uint32_t seed = 12345, it, i;
	uint8_t buf[32];

	for (it = 0; it < 3000; it++) {
		struct ck_ipc_chan lo;
		struct ck_ipc_info info;
		int r;

		for (i = 0; i < 24; i++) {
			uint32_t off, val;

			seed = seed * 1103515245u + 12345u;
			off = (seed >> 8) % (REGION / 4);
			seed = seed * 1103515245u + 12345u;
			val = seed;
			if (it % 3 == 0) /* aim at the directory and headers */
				off %= (f->st.off + 64) / 4;
			((uint32_t *)(void *)f->base)[off] = val;
		}
		r = ck_ipc_send(f->base, &f->tx, buf, 8);
		assert_true(r == 0 || r == -CK_EAGAIN || r == -CK_EBADMSG ||
			    r == -CK_EFAULT);
		r = ck_ipc_recv(f->base, &f->rx, buf, sizeof(buf));
		assert_true(r >= -CK_EAGAIN || r == -CK_EBADMSG ||
			    r == -CK_EFAULT);
		assert_true(r <= 16);
		r = ck_ipc_state_read(f->base, &f->st, buf, sizeof(buf));
		assert_true(r <= 24);
		/* Linux side validation too */
		if (ck_ipc_open(f->base, REGION, "up", CK_IPC_SIDE_LINUX,
				&lo) == 0)
			(void)ck_ipc_recv(f->base, &lo, buf, sizeof(buf));
		for (i = 0; i < CK_IPC_MAX_CHAN; i++)
			(void)ck_ipc_info(f->base, REGION, i, &info);
		if (it % 50 == 0) {
			(void)ck_ipc_request_reset(f->base, &f->tx);
			(void)ck_ipc_request_reset(f->base, &f->rx);
			(void)ck_ipc_request_reset(f->base, &f->st);
		}
	}
	assert_true(f->tx.faults + f->rx.faults + f->st.faults > 10);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(fn) cmocka_unit_test_setup_teardown(fn, setup, teardown)
		T(test_garbage_head_from_linux),
		T(test_garbage_tail_rt_owned),
		T(test_garbage_tail_from_linux),
		T(test_garbage_head_rt_owned),
		T(test_garbage_length),
		T(test_garbage_slot_seq),
		T(test_offset_outside_region),
		T(test_bad_magic),
		T(test_reset_after_fault),
		T(test_state_garbage),
		T(test_ckipc_corrupt_pattern),
		T(test_reset_counts_corruption_linux_found),
		T(test_reset_of_healthy_channel_counts_nothing),
		T(test_reset_pending_until_served),
		T(test_note_invalid),
		T(test_fuzz_region),
#undef T
	};

	return cmocka_run_group_tests_name("ipc_fault", tests, NULL, NULL);
}
