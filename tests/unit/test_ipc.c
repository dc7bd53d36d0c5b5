// SPDX-License-Identifier: MIT
/* test_ipc.c - host tests of ipc/: directory, rings (wrap, both overflow
 * policies, counters), seqlock state blocks. Run under ASan/UBSan. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ck_ipc.h"

#define REGION 65536u

struct fx {
	uint8_t *base;
	struct ck_ipc_chan rt, lx;
};

static int setup(void **state)
{
	struct fx *f = calloc(1, sizeof(*f));

	assert_non_null(f);
	f->base = malloc(REGION); /* exact size: ASan flags any overrun */
	assert_non_null(f->base);
	memset(f->base, 0xa5, REGION);
	assert_int_equal(ck_ipc_dir_init(f->base, REGION), 0);
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

static struct ck_ipc_ring_hdr *ring(struct fx *f, struct ck_ipc_chan *ch)
{
	return (struct ck_ipc_ring_hdr *)(f->base + ch->off);
}

static void test_dir_init_check(void **state)
{
	struct fx *f = *state;
	struct ck_ipc_dir *d = (struct ck_ipc_dir *)f->base;

	assert_int_equal(ck_ipc_dir_check(f->base, REGION), 0);
	assert_int_equal(d->magic, CK_IPC_MAGIC);
	assert_int_equal(d->abi, CK_IPC_ABI);
	assert_int_equal(d->region_bytes, REGION);
	assert_int_equal(d->nr_chan, 0);
	assert_int_equal(d->alloc_off, sizeof(struct ck_ipc_dir));
	assert_int_equal(ck_ipc_dir_init(f->base, 100), -CK_EINVAL);
	assert_int_equal(ck_ipc_dir_init(NULL, REGION), -CK_EINVAL);
	assert_int_equal(ck_ipc_dir_check(f->base, 100), -CK_EINVAL);
	/* a directory claiming more than the mapping is refused */
	assert_int_equal(ck_ipc_dir_check(f->base, REGION / 2), -CK_EBADMSG);
	d->magic ^= 1;
	assert_int_equal(ck_ipc_dir_check(f->base, REGION), -CK_EBADMSG);
	assert_int_equal(ck_ipc_find(f->base, REGION, "x"), -CK_EBADMSG);
}

static void test_find_by_name(void **state)
{
	struct fx *f = *state;
	struct ck_ipc_chan a, b, c, o;
	struct ck_ipc_info info;

	assert_int_equal(ck_ipc_ring_create(f->base, REGION, "alpha",
					    CK_IPC_RING_RT2LX, 32, 8, 0, &a), 0);
	assert_int_equal(ck_ipc_ring_create(f->base, REGION, "beta.ctl",
					    CK_IPC_RING_LX2RT, 16, 4,
					    CK_IPC_F_DROP_OLDEST, &b), 0);
	assert_int_equal(ck_ipc_state_create(f->base, REGION,
					     "gamma-state-15c", /* 15 chars */
					     CK_IPC_STATE_RT2LX, 40, &c), 0);
	assert_int_equal(ck_ipc_find(f->base, REGION, "alpha"), 0);
	assert_int_equal(ck_ipc_find(f->base, REGION, "beta.ctl"), 1);
	assert_int_equal(ck_ipc_find(f->base, REGION, "gamma-state-15c"), 2);
	assert_int_equal(ck_ipc_find(f->base, REGION, "beta"), -CK_ENODEV);
	assert_int_equal(ck_ipc_find(f->base, REGION, "alphaX"), -CK_ENODEV);
	assert_int_equal(ck_ipc_find(f->base, REGION, ""), -CK_EINVAL);
	assert_int_equal(ck_ipc_ring_create(f->base, REGION, "alpha",
					    CK_IPC_RING_RT2LX, 32, 8, 0, &o),
			 -CK_EEXIST);
	assert_int_equal(ck_ipc_ring_create(f->base, REGION,
					    "sixteen-chars-xx",
					    CK_IPC_RING_RT2LX, 32, 8, 0, &o),
			 -CK_EINVAL);
	assert_int_equal(ck_ipc_ring_create(f->base, REGION, "np2",
					    CK_IPC_RING_RT2LX, 32, 6, 0, &o),
			 -CK_EINVAL);
	assert_int_equal(ck_ipc_ring_create(f->base, REGION, "kind",
					    CK_IPC_STATE_RT2LX, 32, 8, 0, &o),
			 -CK_EINVAL);

	assert_int_equal(ck_ipc_open(f->base, REGION, "beta.ctl",
				     CK_IPC_SIDE_LINUX, &o), 0);
	assert_int_equal(o.off, b.off);
	assert_int_equal(o.nr_slots, 4);
	assert_int_equal(o.slot_bytes, 16);
	assert_int_equal(o.flags, CK_IPC_F_DROP_OLDEST);
	assert_int_equal(o.off % 8, 0);
	assert_true(b.off >= a.off + a.bytes);
	assert_true(c.off >= b.off + b.bytes);
	assert_int_equal(ck_ipc_open(f->base, REGION, "nope", CK_IPC_SIDE_LINUX,
				     &o), -CK_ENODEV);

	assert_int_equal(ck_ipc_info(f->base, REGION, 2, &info), 0);
	assert_string_equal(info.name, "gamma-state-15c");
	assert_int_equal(info.kind, CK_IPC_STATE_RT2LX);
	assert_int_equal(info.slot_bytes, 40);
	assert_int_equal(ck_ipc_info(f->base, REGION, 3, &info), -CK_ENODEV);
}

static void test_table_and_region_full(void **state)
{
	struct fx *f = *state;
	struct ck_ipc_chan ch;
	char name[8];
	unsigned i;

	assert_int_equal(ck_ipc_ring_create(f->base, REGION, "huge",
					    CK_IPC_RING_RT2LX, 4096, 16, 0,
					    &ch), -CK_ENOSPC);
	for (i = 0; i < CK_IPC_MAX_CHAN; i++) {
		name[0] = 'c';
		name[1] = (char)('a' + i / 10);
		name[2] = (char)('0' + i % 10);
		name[3] = 0;
		assert_int_equal(ck_ipc_state_create(f->base, REGION, name,
						     CK_IPC_STATE_RT2LX, 8,
						     &ch), 0);
	}
	assert_int_equal(ck_ipc_state_create(f->base, REGION, "one-more",
					     CK_IPC_STATE_RT2LX, 8, &ch),
			 -CK_ENOSPC);
}

static void open_pair(struct fx *f, const char *name, uint32_t kind,
		      uint32_t slot, uint32_t nr, uint32_t flags)
{
	assert_int_equal(ck_ipc_ring_create(f->base, REGION, name, kind, slot,
					    nr, flags, &f->rt), 0);
	assert_int_equal(ck_ipc_open(f->base, REGION, name, CK_IPC_SIDE_LINUX,
				     &f->lx), 0);
}

static void test_ring_rt2lx_basic(void **state)
{
	struct fx *f = *state;
	uint8_t buf[64];
	uint32_t v;
	int i;

	open_pair(f, "r", CK_IPC_RING_RT2LX, 8, 4, 0);
	assert_int_equal(ck_ipc_recv(f->base, &f->lx, buf, sizeof(buf)),
			 -CK_EAGAIN);
	for (v = 1; v <= 3; v++)
		assert_int_equal(ck_ipc_send(f->base, &f->rt, &v, 4), 0);
	assert_int_equal(ck_ipc_send(f->base, &f->rt, "abcdefgh", 8), 0);
	assert_int_equal(ck_ipc_send(f->base, &f->rt, "abcdefghi", 9),
			 -CK_EINVAL);
	for (i = 1; i <= 3; i++) {
		assert_int_equal(ck_ipc_recv(f->base, &f->lx, buf, sizeof(buf)),
				 4);
		memcpy(&v, buf, 4);
		assert_int_equal(v, (uint32_t)i);
	}
	assert_int_equal(ck_ipc_recv(f->base, &f->lx, buf, 3), -CK_ENOSPC);
	assert_int_equal(ck_ipc_recv(f->base, &f->lx, buf, 8), 8);
	assert_memory_equal(buf, "abcdefgh", 8);
	assert_int_equal(ck_ipc_recv(f->base, &f->lx, buf, sizeof(buf)),
			 -CK_EAGAIN);
	/* wrong direction */
	assert_int_equal(ck_ipc_send(f->base, &f->lx, &v, 4), -CK_EINVAL);
	assert_int_equal(ck_ipc_recv(f->base, &f->rt, buf, 8), -CK_EINVAL);
	assert_int_equal(ring(f, &f->rt)->sent, 4);
	assert_int_equal(ring(f, &f->rt)->received, 4);
	/* zero-length messages are messages */
	assert_int_equal(ck_ipc_send(f->base, &f->rt, NULL, 0), 0);
	assert_int_equal(ck_ipc_recv(f->base, &f->lx, buf, 0), 0);
}

/* Push many messages through a small ring, with indices crossing 2^32. */
static void wrap_run(struct fx *f, uint32_t start)
{
	uint32_t next_tx = 0, next_rx = 0, v;
	uint8_t buf[16];
	int k, n;

	ring(f, &f->rt)->head = ring(f, &f->rt)->tail = start;
	f->rt.own_idx = start;
	for (k = 0; k < 1000; k++) {
		for (n = 0; n < (k % 4) + 1; n++) {
			int r = ck_ipc_send(f->base, &f->rt, &next_tx, 4);

			if (r == -CK_EAGAIN)
				break;
			assert_int_equal(r, 0);
			next_tx++;
		}
		for (n = 0; n < (k % 3) + 1; n++) {
			int r = ck_ipc_recv(f->base, &f->lx, buf, sizeof(buf));

			if (r == -CK_EAGAIN)
				break;
			assert_int_equal(r, 4);
			memcpy(&v, buf, 4);
			assert_int_equal(v, next_rx);
			next_rx++;
		}
	}
	while (ck_ipc_recv(f->base, &f->lx, buf, sizeof(buf)) == 4) {
		memcpy(&v, buf, 4);
		assert_int_equal(v, next_rx);
		next_rx++;
	}
	assert_int_equal(next_rx, next_tx);
	assert_true(next_tx > 1000);
	assert_false(ck_ipc_faulted(f->base, &f->rt));
}

static void test_ring_wraparound(void **state)
{
	struct fx *f = *state;

	open_pair(f, "wrap", CK_IPC_RING_RT2LX, 4, 4, 0);
	wrap_run(f, 0);
	wrap_run(f, 0xfffffff0u); /* u32 index overflow mid-run */
	assert_int_equal(ring(f, &f->rt)->dropped, 0);
}

static void test_ring_reject_policy(void **state)
{
	struct fx *f = *state;
	uint8_t buf[8];
	uint32_t v;

	open_pair(f, "rej", CK_IPC_RING_RT2LX, 4, 4, 0);
	for (v = 0; v < 4; v++)
		assert_int_equal(ck_ipc_send(f->base, &f->rt, &v, 4), 0);
	assert_int_equal(ck_ipc_send(f->base, &f->rt, &v, 4), -CK_EAGAIN);
	assert_int_equal(ck_ipc_send(f->base, &f->rt, &v, 4), -CK_EAGAIN);
	assert_int_equal(ring(f, &f->rt)->rejected, 2);
	assert_int_equal(f->rt.rejected, 2);
	assert_int_equal(ring(f, &f->rt)->sent, 4);
	assert_int_equal(ck_ipc_recv(f->base, &f->lx, buf, 8), 4);
	memcpy(&v, buf, 4);
	assert_int_equal(v, 0); /* oldest kept */
	assert_int_equal(ck_ipc_send(f->base, &f->rt, &v, 4), 0);
	assert_int_equal(ring(f, &f->rt)->dropped, 0);
}

static void test_ring_drop_oldest(void **state)
{
	struct fx *f = *state;
	uint8_t buf[8];
	uint32_t v;

	open_pair(f, "drop", CK_IPC_RING_RT2LX, 4, 4, CK_IPC_F_DROP_OLDEST);
	for (v = 0; v < 10; v++)
		assert_int_equal(ck_ipc_send(f->base, &f->rt, &v, 4), 0);
	assert_int_equal(ring(f, &f->rt)->dropped, 6);
	assert_int_equal(ring(f, &f->rt)->rejected, 0);
	assert_int_equal(ring(f, &f->rt)->sent, 10);
	/* the lapped consumer skips to the newest four, in order */
	for (v = 6; v < 10; v++) {
		uint32_t got;

		assert_int_equal(ck_ipc_recv(f->base, &f->lx, buf, 8), 4);
		memcpy(&got, buf, 4);
		assert_int_equal(got, v);
	}
	assert_int_equal(ck_ipc_recv(f->base, &f->lx, buf, 8), -CK_EAGAIN);
	assert_int_equal(ring(f, &f->rt)->received, 4);
	assert_false(ck_ipc_faulted(f->base, &f->rt));
}

static void test_ring_lx2rt(void **state)
{
	struct fx *f = *state;
	uint8_t buf[8];
	uint32_t v;

	open_pair(f, "ctl", CK_IPC_RING_LX2RT, 8, 2, 0);
	assert_int_equal(ck_ipc_recv(f->base, &f->rt, buf, 8), -CK_EAGAIN);
	v = 7;
	assert_int_equal(ck_ipc_send(f->base, &f->lx, &v, 4), 0);
	v = 8;
	assert_int_equal(ck_ipc_send(f->base, &f->lx, &v, 4), 0);
	assert_int_equal(ck_ipc_send(f->base, &f->lx, &v, 4), -CK_EAGAIN);
	assert_int_equal(ring(f, &f->rt)->rejected, 1);
	assert_int_equal(ck_ipc_recv(f->base, &f->rt, buf, 8), 4);
	memcpy(&v, buf, 4);
	assert_int_equal(v, 7);
	assert_int_equal(ck_ipc_recv(f->base, &f->rt, buf, 8), 4);
	memcpy(&v, buf, 4);
	assert_int_equal(v, 8);
	assert_int_equal(ck_ipc_recv(f->base, &f->rt, buf, 8), -CK_EAGAIN);
	assert_int_equal(f->rt.received, 2);
	assert_int_equal(ring(f, &f->rt)->received, 2);
}

static void test_ring_lx2rt_drop_oldest(void **state)
{
	struct fx *f = *state;
	uint8_t buf[8];
	uint32_t v, got;

	open_pair(f, "ctl", CK_IPC_RING_LX2RT, 4, 4, CK_IPC_F_DROP_OLDEST);
	for (v = 0; v < 7; v++)
		assert_int_equal(ck_ipc_send(f->base, &f->lx, &v, 4), 0);
	assert_int_equal(ring(f, &f->rt)->dropped, 3);
	for (v = 3; v < 7; v++) {
		assert_int_equal(ck_ipc_recv(f->base, &f->rt, buf, 8), 4);
		memcpy(&got, buf, 4);
		assert_int_equal(got, v);
	}
	/* Linux interrupted while overwriting the oldest slot: RT skips it */
	for (v = 7; v < 11; v++)
		assert_int_equal(ck_ipc_send(f->base, &f->lx, &v, 4), 0);
	{
		struct ck_ipc_slot_hdr *s =
			(struct ck_ipc_slot_hdr *)(f->base + f->rt.off +
						   sizeof(struct ck_ipc_ring_hdr) +
						   (7 & 3) * f->rt.stride);
		s->seq = 11 ^ CK_IPC_SEQ_BUSY; /* message 11 half-written */
	}
	assert_int_equal(ck_ipc_recv(f->base, &f->rt, buf, 8), 4);
	memcpy(&got, buf, 4);
	assert_int_equal(got, 8);
	assert_false(ck_ipc_faulted(f->base, &f->rt));
}

static void test_state_blocks(void **state)
{
	struct fx *f = *state;
	struct ck_ipc_chan rt2, lx2;
	struct ck_ipc_state_hdr *h;
	uint32_t v[4] = { 1, 2, 3, 4 }, out[4];

	assert_int_equal(ck_ipc_state_create(f->base, REGION, "telemetry",
					     CK_IPC_STATE_RT2LX, 16, &f->rt),
			 0);
	assert_int_equal(ck_ipc_open(f->base, REGION, "telemetry",
				     CK_IPC_SIDE_LINUX, &f->lx), 0);
	assert_int_equal(ck_ipc_state_read(f->base, &f->lx, out, 16),
			 -CK_EAGAIN); /* never written */
	assert_int_equal(ck_ipc_state_write(f->base, &f->rt, v, 16), 0);
	v[0] = 9;
	assert_int_equal(ck_ipc_state_write(f->base, &f->rt, v, 12), 0);
	assert_int_equal(ck_ipc_state_read(f->base, &f->lx, out, 16), 12);
	assert_int_equal(out[0], 9);
	assert_int_equal(out[2], 3);
	assert_int_equal(ck_ipc_state_read(f->base, &f->lx, out, 8),
			 -CK_ENOSPC);
	assert_int_equal(ck_ipc_state_write(f->base, &f->rt, v, 17),
			 -CK_EINVAL);
	assert_int_equal(ck_ipc_state_write(f->base, &f->lx, v, 4),
			 -CK_EINVAL);
	h = (struct ck_ipc_state_hdr *)(f->base + f->rt.off);
	assert_int_equal(h->seq, 4);
	assert_int_equal(h->writes, 2);

	/* Linux -> RT: RT never waits for a Linux update in progress */
	assert_int_equal(ck_ipc_state_create(f->base, REGION, "setpoint",
					     CK_IPC_STATE_LX2RT, 8, &rt2), 0);
	assert_int_equal(ck_ipc_open(f->base, REGION, "setpoint",
				     CK_IPC_SIDE_LINUX, &lx2), 0);
	assert_int_equal(ck_ipc_state_write(f->base, &lx2, v, 8), 0);
	assert_int_equal(ck_ipc_state_read(f->base, &rt2, out, 8), 8);
	assert_int_equal(out[1], 2);
	h = (struct ck_ipc_state_hdr *)(f->base + rt2.off);
	h->seq |= 1; /* Linux interrupted mid-update */
	assert_int_equal(ck_ipc_state_read(f->base, &rt2, out, 8), -CK_EAGAIN);
	assert_false(ck_ipc_faulted(f->base, &rt2));
	/* the next Linux write recovers from its dead predecessor */
	assert_int_equal(ck_ipc_state_write(f->base, &lx2, v, 4), 0);
	assert_int_equal(h->seq & 1, 0);
	assert_int_equal(ck_ipc_state_read(f->base, &rt2, out, 8), 4);
	/* an RT-written block seen odd by Linux forever: bounded retries */
	h = (struct ck_ipc_state_hdr *)(f->base + f->rt.off);
	h->seq = 5;
	assert_int_equal(ck_ipc_state_read(f->base, &f->lx, out, 16),
			 -CK_EAGAIN);
}

/* The RT side puts its channels back after garbage over the whole region
 * (a dead Linux's, core/restart.c); an intact channel keeps its messages. */
static void test_repair_after_garbage(void **state)
{
	struct fx *f = *state;
	struct ck_ipc_chan st_rt, st_lx;
	uint32_t v = 7, out = 0, x = 1, i;
	uint8_t buf[16];

	assert_int_equal(ck_ipc_ring_create(f->base, REGION, "tele",
					    CK_IPC_RING_RT2LX, 8, 4, 0, &f->rt), 0);
	assert_int_equal(ck_ipc_state_create(f->base, REGION, "stat",
					     CK_IPC_STATE_RT2LX, 4, &st_rt), 0);
	assert_int_equal(ck_ipc_send(f->base, &f->rt, &v, 4), 0);
	/* intact: nothing to do, the message stays */
	assert_int_equal(ck_ipc_repair(f->base, 0), 0);
	assert_int_equal(ck_ipc_repair(f->base, 1), 0);
	assert_int_equal(ck_ipc_open(f->base, REGION, "tele", CK_IPC_SIDE_LINUX,
				     &f->lx), 0);
	assert_int_equal(ck_ipc_recv(f->base, &f->lx, buf, sizeof(buf)), 4);
	/* no handle there, or out of range */
	assert_int_equal(ck_ipc_repair(f->base, 2), -CK_ENODEV);
	assert_int_equal(ck_ipc_repair(f->base, CK_IPC_MAX_CHAN), -CK_ENODEV);
	assert_int_equal(ck_ipc_repair(NULL, 0), -CK_ENODEV);

	for (i = 0; i + 4 <= REGION; i += 4) {   /* xorshift32 garbage */
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		memcpy(f->base + i, &x, 4);
	}
	assert_true(ck_ipc_find(f->base, REGION, "tele") < 0);
	assert_int_equal(ck_ipc_repair(f->base, 0), 1);
	assert_int_equal(ck_ipc_repair(f->base, 1), 1);
	assert_int_equal(ck_ipc_repair(f->base, 0), 0);   /* once is enough */
	assert_int_equal(ck_ipc_repair_dir(f->base), 1);  /* the header's counts */
	assert_int_equal(ck_ipc_repair_dir(f->base), 0);
	assert_int_equal(ck_ipc_dir_check(f->base, REGION), 0);
	assert_int_equal(ck_ipc_find(f->base, REGION, "tele"), 0);
	assert_int_equal(ck_ipc_find(f->base, REGION, "stat"), 1);
	/* a new Linux session on each: empty, then the RT side's news */
	assert_int_equal(ck_ipc_open(f->base, REGION, "tele", CK_IPC_SIDE_LINUX,
				     &f->lx), 0);
	assert_int_equal(ck_ipc_recv(f->base, &f->lx, buf, sizeof(buf)), -CK_EAGAIN);
	v = 8;
	assert_int_equal(ck_ipc_send(f->base, &f->rt, &v, 4), 0);
	assert_int_equal(ck_ipc_recv(f->base, &f->lx, buf, sizeof(buf)), 4);
	memcpy(&out, buf, 4);
	assert_int_equal(out, 8);
	assert_int_equal(ck_ipc_open(f->base, REGION, "stat", CK_IPC_SIDE_LINUX,
				     &st_lx), 0);
	assert_int_equal(ck_ipc_state_read(f->base, &st_lx, &out, 4), -CK_EAGAIN);
	assert_int_equal(ck_ipc_state_write(f->base, &st_rt, &v, 4), 0);
	assert_int_equal(ck_ipc_state_read(f->base, &st_lx, &out, 4), 4);
	assert_int_equal(out, 8);

	/* a header alone wrong: the entries still match their handles, the
	 * count hides the second channel until the header is repaired */
	((struct ck_ipc_dir *)f->base)->nr_chan = 1;
	assert_int_equal(ck_ipc_repair(f->base, 1), 0);
	assert_true(ck_ipc_find(f->base, REGION, "stat") < 0);
	assert_int_equal(ck_ipc_repair_dir(f->base), 1);
	assert_int_equal(ck_ipc_find(f->base, REGION, "stat"), 1);
	assert_int_equal(ck_ipc_repair_dir(NULL), -CK_ENODEV);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_dir_init_check, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_find_by_name, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_table_and_region_full,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_ring_rt2lx_basic, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_ring_wraparound, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_ring_reject_policy, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_ring_drop_oldest, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_ring_lx2rt, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_ring_lx2rt_drop_oldest,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_repair_after_garbage, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_state_blocks, setup,
						teardown),
	};

	return cmocka_run_group_tests_name("ipc", tests, NULL, NULL);
}
