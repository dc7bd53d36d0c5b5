// SPDX-License-Identifier: MIT
/*
 * test_pool.c - fixed-block pools: rounding, exhaustion and refill, every
 * refused argument, double and foreign frees, the low-water mark, calls
 * from an RT task and an RT interrupt, and a randomized torture against a
 * reference model.
 */
#include <stdlib.h>
#include <string.h>
#include <ck/pool.h>
#include "sim_test.h"

#define POOL_LINE 9u

static uint64_t buf[1024];   /* 8 KiB, 8-aligned */
static struct ck_pool pool;
static struct ck_task tk_pool;

static const int fills[] = { 0x00, 0xa5, 0xff };

static int setup(void **state)
{
	(void)state;
	sim_boot(NULL);
	memset(&pool, 0, sizeof(pool));
	memset(buf, 0x5a, sizeof(buf));
	return 0;
}

static void stats_of(struct ck_pool_stats *st)
{
	assert_int_equal(ck_pool_stats(&pool, st), 0);
}

/* 8 KiB of 64-byte blocks: 127 blocks and a 16-byte bitmap (8 KiB holds
 * 128 blocks but then no bitmap); 13 bytes round to 16; an odd start. */
static void init_rounding(void **state)
{
	struct ck_pool_stats st;
	uint8_t *b;

	(void)state;
	assert_int_equal(ck_pool_init(&pool, buf, sizeof(buf), 64), 127);
	stats_of(&st);
	assert_int_equal(st.block_bytes, 64);
	assert_int_equal(st.nr_blocks, 127);
	assert_int_equal(st.nr_free, 127);
	assert_int_equal(st.min_free, 127);
	b = ck_pool_alloc(&pool);
	assert_ptr_equal(b, (uint8_t *)buf + 16);
	assert_int_equal(ck_pool_free(&pool, b), 0);

	/* start rounded up from +1 to +8 (7 bytes lost), 8 bytes of bitmap,
	 * 3 blocks, the tail's 9 bytes unused */
	assert_int_equal(ck_pool_init(&pool, (uint8_t *)buf + 1, 8 + 16 + 3 * 16, 13), 3);
	stats_of(&st);
	assert_int_equal(st.block_bytes, 16);
	for (int i = 0; i < 3; i++) {
		b = ck_pool_alloc(&pool);
		assert_ptr_equal(b, (uint8_t *)buf + 8 + 8 + 16 * i);
		assert_int_equal((uintptr_t)b % CK_POOL_ALIGN, 0);
	}
	assert_null(ck_pool_alloc(&pool));

	/* exactly one block (8 bitmap bytes + 8) and one short of it */
	memset(&pool, 0, sizeof(pool));
	assert_int_equal(ck_pool_init(&pool, buf, 16, 8), 1);
	memset(&pool, 0, sizeof(pool));
	assert_int_equal(ck_pool_init(&pool, buf, 15, 8), -CK_EINVAL);
}

static void exhaustion_refill_low_water(void **state)
{
	struct ck_pool_stats st;
	void *b[127];

	(void)state;
	assert_int_equal(ck_pool_init(&pool, buf, sizeof(buf), 64), 127);
	for (int i = 0; i < 127; i++) {
		b[i] = ck_pool_alloc(&pool);
		assert_non_null(b[i]);
		memset(b[i], i, 64);
	}
	assert_null(ck_pool_alloc(&pool));
	assert_null(ck_pool_alloc(&pool));
	stats_of(&st);
	assert_int_equal(st.nr_free, 0);
	assert_int_equal(st.min_free, 0);
	assert_int_equal(st.failed, 2);
	for (int i = 0; i < 127; i++)
		assert_int_equal(ck_pool_free(&pool, b[i]), 0);
	stats_of(&st);
	assert_int_equal(st.nr_free, 127);
	assert_int_equal(st.min_free, 0);   /* the mark stays */

	/* refill: every block comes back, each once */
	for (int i = 0; i < 127; i++) {
		void *p = ck_pool_alloc(&pool);

		assert_non_null(p);
		for (int j = 0; j < i; j++)
			assert_ptr_not_equal(p, b[j]);
		b[i] = p;
	}
	assert_null(ck_pool_alloc(&pool));
	stats_of(&st);
	assert_int_equal(st.failed, 3);

	/* a fresh init resets the mark; it follows the fewest free */
	for (int i = 0; i < 127; i++)
		ck_pool_free(&pool, b[i]);
	assert_int_equal(ck_pool_init(&pool, buf, sizeof(buf), 64), 127);
	b[0] = ck_pool_alloc(&pool);
	b[1] = ck_pool_alloc(&pool);
	ck_pool_free(&pool, b[1]);
	b[1] = ck_pool_alloc(&pool);
	ck_pool_free(&pool, b[1]);
	stats_of(&st);
	assert_int_equal(st.nr_free, 126);
	assert_int_equal(st.min_free, 125);
	assert_int_equal(st.failed, 0);
}

static void refused_init(void **state)
{
	struct ck_pool copy;
	void *b;

	(void)state;
	assert_int_equal(ck_pool_init(NULL, buf, sizeof(buf), 64), -CK_EINVAL);
	assert_int_equal(ck_pool_init(&pool, NULL, sizeof(buf), 64), -CK_EINVAL);
	assert_int_equal(ck_pool_init(&pool, buf, sizeof(buf), 0), -CK_EINVAL);
	assert_int_equal(ck_pool_init(&pool, buf, sizeof(buf),
				      (size_t)UINT32_MAX / 2 + 1), -CK_EINVAL);
	assert_int_equal(ck_pool_init(&pool, buf, sizeof(buf), sizeof(buf)),
			 -CK_EINVAL);   /* no room for the bitmap too */
	assert_int_equal(ck_pool_init(&pool, buf, 0, 8), -CK_EINVAL);
	assert_int_equal(ck_pool_init(&pool, (uint8_t *)buf + 1, 7, 8),
			 -CK_EINVAL);   /* nothing left after rounding */
	assert_int_equal(ck_pool_init(&pool, (void *)(UINTPTR_MAX - 63), 128, 8),
			 -CK_EINVAL);   /* past the address space */
	for (size_t i = 0; i < sizeof(pool); i++)
		assert_int_equal(((uint8_t *)&pool)[i], 0);

	/* an initialised pool with a block out: busy, unchanged */
	assert_int_equal(ck_pool_init(&pool, buf, sizeof(buf), 64), 127);
	b = ck_pool_alloc(&pool);
	copy = pool;
	assert_int_equal(ck_pool_init(&pool, buf, 256, 8), -CK_EBUSY);
	assert_memory_equal(&pool, &copy, sizeof(pool));
	ck_pool_free(&pool, b);
	assert_int_equal(ck_pool_init(&pool, buf, 256, 8), 31);
}

static void never_initialised(void **state)
{
	struct ck_pool_stats st;
	struct ck_pool p, copy;

	(void)state;
	for (size_t i = 0; i < sizeof(fills) / sizeof(fills[0]); i++) {
		memset(&p, fills[i], sizeof(p));
		copy = p;
		assert_null(ck_pool_alloc(&p));
		assert_int_equal(ck_pool_free(&p, buf), -CK_EINVAL);
		assert_int_equal(ck_pool_stats(&p, &st), -CK_EINVAL);
		assert_memory_equal(&p, &copy, sizeof(p));
	}
	assert_null(ck_pool_alloc(NULL));
	assert_int_equal(ck_pool_free(NULL, buf), -CK_EINVAL);
	assert_int_equal(ck_pool_stats(NULL, &st), -CK_EINVAL);
	assert_int_equal(ck_pool_init(&pool, buf, sizeof(buf), 64), 127);
	assert_int_equal(ck_pool_stats(&pool, NULL), -CK_EINVAL);
}

/* Each refused free changes nothing but bad_frees. */
static void refused_free(struct ck_pool *pl, void *p, uint32_t *bad)
{
	struct ck_pool copy = *pl;

	assert_int_equal(ck_pool_free(pl, p), -CK_EINVAL);
	copy.bad_frees = ++*bad;
	assert_memory_equal(pl, &copy, sizeof(*pl));
}

static void double_and_foreign_free(void **state)
{
	static uint64_t other[64];
	uint64_t local;
	uint8_t *a, *b, *first;
	uint32_t bad = 0;

	(void)state;
	assert_int_equal(ck_pool_init(&pool, buf, sizeof(buf), 64), 127);
	a = ck_pool_alloc(&pool);
	b = ck_pool_alloc(&pool);
	first = a;
	assert_int_equal(ck_pool_free(&pool, a), 0);
	refused_free(&pool, a, &bad);             /* double free, on the list */
	/* double free of a block never handed out past the watermark, and
	 * of one handed out and freed while the list holds others */
	refused_free(&pool, b + 64, &bad);
	assert_int_equal(ck_pool_free(&pool, b), 0);
	refused_free(&pool, b, &bad);

	a = ck_pool_alloc(&pool);
	assert_ptr_equal(a, b);                   /* LIFO */
	refused_free(&pool, NULL, &bad);
	refused_free(&pool, a + 1, &bad);         /* inside a block */
	refused_free(&pool, a + 8, &bad);
	refused_free(&pool, a + 63, &bad);
	refused_free(&pool, first - 8, &bad);     /* the bitmap */
	refused_free(&pool, first - 64, &bad);    /* before the pool */
	refused_free(&pool, first + 127 * 64, &bad);  /* just past it */
	refused_free(&pool, (uint8_t *)buf + sizeof(buf), &bad);
	refused_free(&pool, other, &bad);         /* another object */
	refused_free(&pool, &local, &bad);        /* the stack */
	refused_free(&pool, (void *)(uintptr_t)-64, &bad);
	assert_int_equal(ck_pool_free(&pool, a), 0);
}

/* An RT interrupt allocates and frees: the counters stay right. */
static enum ck_irq_ret irq_alloc_free(unsigned int line, void *arg)
{
	void *b;

	(void)arg;
	sim_irq_clear(line);
	b = ck_pool_alloc(&pool);
	sim_log(b ? 1 : 0);
	sim_log(ck_pool_free(&pool, b));
	sim_log(ck_pool_free(&pool, b));
	sim_log(ck_pool_alloc(&pool) ? 1 : 0);   /* kept: freed by the task */
	return CK_IRQ_HANDLED;
}

static void body_pool(void *arg)
{
	struct ck_pool_stats st;
	void *b = ck_pool_alloc(&pool);

	(void)arg;
	sim_log(b ? 1 : 0);
	ck_task_sleep(2 * CK_NS_PER_MS);
	stats_of(&st);
	sim_log(st.nr_free);
	sim_log(st.min_free);
	sim_log(ck_pool_free(&pool, b));
}

static void rt_task_and_irq(void **state)
{
	struct ck_pool_stats st;

	(void)state;
	assert_int_equal(ck_pool_init(&pool, buf, 8 + 3 * 64, 64), 3);
	ck_irq_attach(POOL_LINE, irq_alloc_free, NULL);
	sim_task(&tk_pool, 3, body_pool, NULL);
	sim_start();
	sim_run_until(1 * CK_NS_PER_MS);
	sim_irq_raise(POOL_LINE);
	sim_run_until(5 * CK_NS_PER_MS);
	/* task: got one; irq: got one, freed it, refused the double, kept
	 * one; task: 1 free of 3, the fewest 1 */
	assert_log(1, 1, 0, -CK_EINVAL, 1, 1, 1, 0);
	stats_of(&st);
	assert_int_equal(st.nr_free, 2);
	assert_int_equal(st.bad_frees, 1);
}

/*
 * Torture: 10^5 random allocations and frees (fixed seed) against a model
 * that knows which blocks are out; each block is filled with its own
 * pattern and checked when freed; no block is handed out twice.
 */
#define TORTURE_OPS 100000
#define TORTURE_BLOCK 24

static void torture(void **state)
{
	static void *live[512];
	static uint8_t pat[512];
	struct ck_pool_stats st;
	uint32_t nr_live = 0, min_free, n, fails = 0, bad = 0;
	uint8_t *lo, *hi;

	(void)state;
	srand(16004);
	/* 20 bytes round to 24: 339 blocks and a 48-byte bitmap */
	n = (uint32_t)ck_pool_init(&pool, buf, sizeof(buf), 20);
	assert_int_equal(n, 339);
	lo = pool.blocks;
	hi = lo + (size_t)n * TORTURE_BLOCK;
	min_free = n;
	for (int op = 0; op < TORTURE_OPS; op++) {
		int r = rand();

		if (r % 100 < 52 + (op / 20000 % 2) * -8) {
			uint8_t *b = ck_pool_alloc(&pool);

			if (nr_live == n) {
				assert_null(b);
				fails++;
				continue;
			}
			assert_non_null(b);
			assert_true(b >= lo && b < hi);
			assert_int_equal((size_t)(b - lo) % TORTURE_BLOCK, 0);
			for (uint32_t i = 0; i < nr_live; i++)
				assert_ptr_not_equal(b, live[i]);
			pat[nr_live] = (uint8_t)(r >> 8);
			memset(b, pat[nr_live], TORTURE_BLOCK);
			live[nr_live++] = b;
			if (n - nr_live < min_free)
				min_free = n - nr_live;
		} else if (nr_live) {
			uint32_t i = (uint32_t)(r >> 8) % nr_live;
			uint8_t *b = live[i];

			for (int k = 0; k < TORTURE_BLOCK; k++)
				assert_int_equal(b[k], pat[i]);
			assert_int_equal(ck_pool_free(&pool, b), 0);
			if (r & 0x10000) {        /* and a double free */
				assert_int_equal(ck_pool_free(&pool, b), -CK_EINVAL);
				bad++;
			}
			live[i] = live[--nr_live];
			pat[i] = pat[nr_live];
		}
		if (op % 1000 == 0) {
			stats_of(&st);
			assert_int_equal(st.nr_free, n - nr_live);
			assert_int_equal(st.min_free, min_free);
			assert_int_equal(st.failed, fails);
			assert_int_equal(st.bad_frees, bad);
		}
	}
	assert_true(fails > 0);       /* the run reached exhaustion */
	assert_true(min_free == 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(init_rounding, setup),
		cmocka_unit_test_setup(exhaustion_refill_low_water, setup),
		cmocka_unit_test_setup(refused_init, setup),
		cmocka_unit_test_setup(never_initialised, setup),
		cmocka_unit_test_setup(double_and_foreign_free, setup),
		cmocka_unit_test_setup(rt_task_and_irq, setup),
		cmocka_unit_test_setup(torture, setup),
	};

	return cmocka_run_group_tests_name("pool", tests, NULL, NULL);
}
