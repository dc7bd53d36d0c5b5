// SPDX-License-Identifier: MIT
/*
 * test_ipc_bound.c - host tests of the RT side's cost bound in ipc/: every
 * RT-side call makes at most CK_IPC_RT_ACCESS_MAX shared-region accesses
 * plus its payload copy, whatever Linux writes, reset requests included.
 * The accesses are counted by the region accessors of a CK_DEBUG build
 * (ck_ipc_debug_accesses, ipc/ck_ipc_priv.h).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ck_ipc_priv.h"

#define REGION (1024u * 1024u)
#define BIG_SLOTS 4096u
#define MSG_BYTES 8u

/* RT handles on a 1-slot and a BIG_SLOTS-slot ring of each direction and
 * a state block of each direction; Linux handles on the same channels. */
enum { UP1, UPN, DOWN1, DOWNN, ST_UP, ST_DOWN, NR_CH };

struct fx {
	uint8_t *base;
	struct ck_ipc_chan rt[NR_CH], lx[NR_CH];
};

static const char *const names[NR_CH] = { "up1",   "upn",	 "down1",
					  "downn", "st.up", "st.down" };

static int setup(void **state)
{
	struct fx *f = calloc(1, sizeof(*f));
	int i;

	assert_non_null(f);
	f->base = malloc(REGION);
	assert_non_null(f->base);
	memset(f->base, 0, REGION);
	assert_int_equal(ck_ipc_dir_init(f->base, REGION), 0);
	assert_int_equal(ck_ipc_ring_create(f->base, REGION, names[UP1],
					    CK_IPC_RING_RT2LX, MSG_BYTES, 1,
					    CK_IPC_F_DROP_OLDEST, &f->rt[UP1]),
			 0);
	assert_int_equal(ck_ipc_ring_create(f->base, REGION, names[UPN],
					    CK_IPC_RING_RT2LX, MSG_BYTES,
					    BIG_SLOTS, CK_IPC_F_DROP_OLDEST,
					    &f->rt[UPN]),
			 0);
	assert_int_equal(ck_ipc_ring_create(f->base, REGION, names[DOWN1],
					    CK_IPC_RING_LX2RT, MSG_BYTES, 1, 0,
					    &f->rt[DOWN1]),
			 0);
	assert_int_equal(ck_ipc_ring_create(f->base, REGION, names[DOWNN],
					    CK_IPC_RING_LX2RT, MSG_BYTES,
					    BIG_SLOTS, 0, &f->rt[DOWNN]),
			 0);
	assert_int_equal(ck_ipc_state_create(f->base, REGION, names[ST_UP],
					     CK_IPC_STATE_RT2LX, MSG_BYTES,
					     &f->rt[ST_UP]),
			 0);
	assert_int_equal(ck_ipc_state_create(f->base, REGION, names[ST_DOWN],
					     CK_IPC_STATE_LX2RT, MSG_BYTES,
					     &f->rt[ST_DOWN]),
			 0);
	for (i = 0; i < NR_CH; i++)
		assert_int_equal(ck_ipc_open(f->base, REGION, names[i],
					     CK_IPC_SIDE_LINUX, &f->lx[i]),
				 0);
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

/* The call each RT handle makes at its period; return its region
 * accesses, checked against the documented bound. */
static unsigned long rt_call(struct fx *f, int i)
{
	uint32_t buf[MSG_BYTES / 4u] = { 1, 2 };
	unsigned long before = ck_ipc_debug_accesses, n;
	int r;

	switch (f->rt[i].kind) {
	case CK_IPC_RING_RT2LX:
		r = ck_ipc_send(f->base, &f->rt[i], buf, MSG_BYTES);
		break;
	case CK_IPC_RING_LX2RT:
		r = ck_ipc_recv(f->base, &f->rt[i], buf, MSG_BYTES);
		break;
	case CK_IPC_STATE_RT2LX:
		r = ck_ipc_state_write(f->base, &f->rt[i], buf, MSG_BYTES);
		break;
	default:
		r = ck_ipc_state_read(f->base, &f->rt[i], buf, MSG_BYTES);
		break;
	}
	assert_true(r >= -CK_EAGAIN || r == -CK_EBADMSG || r == -CK_EFAULT ||
		    r == -CK_ENOSPC);
	n = ck_ipc_debug_accesses - before;
	assert_true(n <= CK_IPC_RT_ACCESS_MAX + 2u * MSG_BYTES);
	return n;
}

/* Fill the ring's slots as Linux could: every slot "complete" with a
 * plausible index, so a reset that walks slots would find work. */
static void fill_slots(struct fx *f, int i, uint32_t v)
{
	const struct ck_ipc_chan *ch = &f->rt[i];
	uint32_t k;

	for (k = 0; k < ch->nr_slots; k++) {
		struct ck_ipc_slot_hdr *s =
			(void *)(f->base + ch->off +
				 sizeof(struct ck_ipc_ring_hdr) +
				 k * ch->stride);

		s->seq = v + k;
		s->len = MSG_BYTES;
	}
}

/* A reset request before every RT call: the call costs the same on a
 * 4096-slot ring as on a 1-slot ring, and stays within the bound. */
static void test_reset_every_call_is_o1(void **state)
{
	struct fx *f = *state;
	int it, small, big;
	const int pairs[][2] = { { UP1, UPN }, { DOWN1, DOWNN } };

	for (it = 0; it < 200; it++) {
		unsigned int p;

		for (p = 0; p < 2; p++) {
			unsigned long n_small, n_big;

			small = pairs[p][0];
			big = pairs[p][1];
			fill_slots(f, small, (uint32_t)it);
			fill_slots(f, big, (uint32_t)it);
			assert_int_equal(ck_ipc_request_reset(f->base,
							      &f->lx[small]),
					 0);
			assert_int_equal(ck_ipc_request_reset(f->base,
							      &f->lx[big]),
					 0);
			n_small = rt_call(f, small);
			n_big = rt_call(f, big);
			assert_int_equal(n_big, n_small);
		}
		assert_int_equal(ck_ipc_request_reset(f->base, &f->lx[ST_UP]),
				 0);
		(void)rt_call(f, ST_UP);
		assert_int_equal(ck_ipc_request_reset(f->base,
						      &f->lx[ST_DOWN]),
				 0);
		(void)rt_call(f, ST_DOWN);
	}
	/* the channels still work after all that */
	assert_int_equal(ck_ipc_send(f->base, &f->lx[DOWNN], "abcdefgh", 8),
			 0);
	{
		const uint32_t last[MSG_BYTES / 4u] = { 1, 2 };
		char buf[MSG_BYTES];

		assert_int_equal(ck_ipc_recv(f->base, &f->rt[DOWNN], buf,
					     sizeof(buf)),
				 8);
		assert_memory_equal(buf, "abcdefgh", 8);
		/* the one message rt_call() sent since the last reset */
		assert_int_equal(ck_ipc_recv(f->base, &f->lx[UPN], buf,
					     sizeof(buf)),
				 8);
		assert_memory_equal(buf, last, 8);
		assert_int_equal(ck_ipc_send(f->base, &f->rt[UPN], "12345678",
					     8),
				 0);
		assert_int_equal(ck_ipc_recv(f->base, &f->lx[UPN], buf,
					     sizeof(buf)),
				 8);
		assert_memory_equal(buf, "12345678", 8);
	}
}

/* After a reset no message from before it can be read, although the
 * slots were not rewritten: the indices run on. */
static void test_reset_drops_old_messages(void **state)
{
	struct fx *f = *state;
	uint8_t buf[MSG_BYTES];
	int k;

	for (k = 0; k < 3; k++)
		assert_int_equal(ck_ipc_send(f->base, &f->rt[UPN], "old-msg!",
					     8),
				 0);
	for (k = 0; k < 2; k++)
		assert_int_equal(ck_ipc_send(f->base, &f->lx[DOWNN],
					     "old-cmd!", 8),
				 0);
	assert_int_equal(ck_ipc_request_reset(f->base, &f->lx[UPN]), 0);
	assert_int_equal(ck_ipc_request_reset(f->base, &f->lx[DOWNN]), 0);
	assert_int_equal(ck_ipc_recv(f->base, &f->rt[DOWNN], buf, 8),
			 -CK_EAGAIN);
	assert_int_equal(ck_ipc_send(f->base, &f->rt[UPN], "new-msg!", 8), 0);
	assert_int_equal(ck_ipc_recv(f->base, &f->lx[UPN], buf, 8), 8);
	assert_memory_equal(buf, "new-msg!", 8);
	assert_int_equal(ck_ipc_recv(f->base, &f->lx[UPN], buf, 8),
			 -CK_EAGAIN);
	assert_int_equal(ck_ipc_send(f->base, &f->lx[DOWNN], "new-cmd!", 8),
			 0);
	assert_int_equal(ck_ipc_recv(f->base, &f->rt[DOWNN], buf, 8), 8);
	assert_memory_equal(buf, "new-cmd!", 8);
}

/* Garbage anywhere in the directory and channel headers, with and without
 * reset requests: no RT call exceeds the bound. */
static void test_fuzz_bound(void **state)
{
	struct fx *f = *state;
	uint32_t seed = 777, it, w, hdr_words;
	unsigned long worst = 0;
	int i;

	hdr_words = (f->rt[ST_DOWN].off + 64u) / 4u;
	for (it = 0; it < 4000; it++) {
		for (w = 0; w < 8; w++) {
			uint32_t off;

			seed = seed * 1103515245u + 12345u;
			off = (seed >> 8) % hdr_words;
			seed = seed * 1103515245u + 12345u;
			((uint32_t *)(void *)f->base)[off] = seed;
		}
		for (i = 0; i < NR_CH; i++) {
			unsigned long n;

			if ((it + (uint32_t)i) % 3 == 0)
				(void)ck_ipc_request_reset(f->base, &f->lx[i]);
			n = rt_call(f, i);
			if (n > worst)
				worst = n;
		}
	}
	print_message("worst RT call: %lu region accesses (bound %u + %u)\n",
		      worst, CK_IPC_RT_ACCESS_MAX, 2u * MSG_BYTES);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(fn) cmocka_unit_test_setup_teardown(fn, setup, teardown)
		T(test_reset_every_call_is_o1),
		T(test_reset_drops_old_messages),
		T(test_fuzz_bound),
#undef T
	};

	return cmocka_run_group_tests_name("ipc_bound", tests, NULL, NULL);
}
