// SPDX-License-Identifier: MIT
/*
 * test_heap.c - the RT heap (ck/heap.h over TLSF): layout and alignment,
 * exhaustion and refill (coalescing), every refused argument, double,
 * foreign and misaligned frees, the low-water mark, calls from an RT task
 * and an RT interrupt, a randomized torture against a reference model, and
 * the bound: TLSF's steps per call do not grow with the free blocks.
 */
#include <stdlib.h>
#include <string.h>
#include <ck/heap.h>
#include "sim_test.h"
#include "tlsf.h"

#define HEAP_LINE 9u
#define HDR 8u                   /* ck_heap's tag and size, per block */

static uint64_t buf[8192];       /* 64 KiB, 8-aligned */
static struct ck_heap heap;
static struct ck_task tk_heap;

static const int fills[] = { 0x00, 0xa5, 0xff };

static int setup(void **state)
{
	(void)state;
	sim_boot(NULL);
	memset(&heap, 0, sizeof(heap));
	memset(buf, 0x5a, sizeof(buf));
	return 0;
}

static void stats_of(struct ck_heap_stats *st)
{
	assert_int_equal(ck_heap_stats(&heap, st), 0);
}

static size_t ov(void)
{
	return tlsf_alloc_overhead();
}

/* The bytes a request of @bytes takes: header and TLSF word, rounded so
 * that blocks stay 8-aligned, at least TLSF's smallest block. */
static size_t taken(size_t bytes)
{
	size_t t = (bytes + HDR + ov() + 7) / 8 * 8;

	return t - ov() < tlsf_block_size_min() ? tlsf_block_size_min() + ov() : t;
}

/* The walk's view of the pool: free blocks, their bytes, the largest. */
struct walk {
	size_t used_bytes, free_bytes, largest_free;
	unsigned int used, free;
};

static void walker(void *ptr, size_t size, int used, void *user)
{
	struct walk *w = user;

	assert_int_equal((uintptr_t)ptr % CK_HEAP_ALIGN, 0);
	if (used) {
		w->used++;
		w->used_bytes += size + ov();
	} else {
		w->free++;
		w->free_bytes += size + ov();
		if (size > w->largest_free)
			w->largest_free = size;
	}
}

/* TLSF's own checks, and its walk against our counters. */
static struct walk check_heap(void)
{
	struct ck_heap_stats st;
	struct walk w = { 0 };

	assert_int_equal(tlsf_check(heap.tlsf), 0);
	assert_int_equal(tlsf_check_pool(heap.lo), 0);
	tlsf_walk_pool(heap.lo, walker, &w);
	stats_of(&st);
	assert_int_equal(w.used, st.live);
	assert_int_equal(w.used_bytes, st.used_bytes);
	assert_int_equal(w.free_bytes, st.free_bytes);
	assert_int_equal(st.used_bytes + st.free_bytes, st.total_bytes);
	return w;
}

/* The facts heap.c's alignment rests on (its header comment). */
static void layout(void **state)
{
	struct ck_heap_stats st;
	size_t ctl = (tlsf_size() + 7) / 8 * 8, pool, pool_bytes;
	uint8_t *p, *q;

	(void)state;
	assert_int_equal(tlsf_alloc_overhead(), sizeof(size_t));
	assert_int_equal(8 % tlsf_align_size(), 0);
	assert_int_equal((tlsf_block_size_min() + ov()) % 8, 0);
	assert_int_equal(tlsf_pool_overhead(), 2 * ov());

	assert_int_equal(ck_heap_init(&heap, buf, sizeof(buf)), 0);
	pool = sizeof(buf) - ctl;
	pool_bytes = pool - (pool - ov()) % 8;
	assert_ptr_equal(heap.tlsf, buf);
	assert_ptr_equal(heap.lo, (uint8_t *)buf + ctl);
	assert_ptr_equal(heap.hi, heap.lo + pool_bytes - ov());
	stats_of(&st);
	assert_int_equal(st.total_bytes, pool_bytes - ov());
	assert_int_equal(st.free_bytes, st.total_bytes);
	assert_int_equal(st.min_free_bytes, st.total_bytes);
	assert_int_equal(st.used_bytes, 0);

	/* TLSF's first block after its size word, then our header */
	p = ck_heap_alloc(&heap, 1);
	assert_int_equal((uintptr_t)(heap.lo + ov()) % 8, 0);
	assert_ptr_equal(p, heap.lo + ov() + HDR);
	q = ck_heap_alloc(&heap, 13);
	assert_ptr_equal(q, p + taken(1));
	stats_of(&st);
	assert_int_equal(st.used_bytes, taken(1) + taken(13));
	assert_int_equal(st.asked_bytes, 14);
	assert_int_equal(st.live, 2);
	check_heap();

	/* odd start and length: rounded, still aligned */
	assert_int_equal(ck_heap_free(&heap, p), 0);
	assert_int_equal(ck_heap_free(&heap, q), 0);
	assert_int_equal(ck_heap_init(&heap, (uint8_t *)buf + 3, 20001), 0);
	assert_ptr_equal(heap.tlsf, (uint8_t *)buf + 8);
	for (size_t n = 1; n < 200; n += 7) {
		p = ck_heap_alloc(&heap, n);
		assert_non_null(p);
		assert_int_equal((uintptr_t)p % CK_HEAP_ALIGN, 0);
		assert_true(p + n <= (uint8_t *)buf + 3 + 20001);
	}
	check_heap();
}

static void refused_init(void **state)
{
	size_t min = (tlsf_size() + 7) / 8 * 8 + 2 * ov() + tlsf_block_size_min();
	struct ck_heap copy;
	void *p;

	(void)state;
	assert_int_equal(ck_heap_init(NULL, buf, sizeof(buf)), -CK_EINVAL);
	assert_int_equal(ck_heap_init(&heap, NULL, sizeof(buf)), -CK_EINVAL);
	assert_int_equal(ck_heap_init(&heap, buf, 0), -CK_EINVAL);
	assert_int_equal(ck_heap_init(&heap, buf, min - 1), -CK_EINVAL);
	assert_int_equal(ck_heap_init(&heap, (uint8_t *)buf + 1, min), -CK_EINVAL);
	assert_int_equal(ck_heap_init(&heap, (void *)(UINTPTR_MAX - 4095), 8192),
			 -CK_EINVAL);
	/* above TLSF's largest pool: refused before the memory is touched */
	assert_int_equal(ck_heap_init(&heap, buf, tlsf_block_size_max() +
				      (tlsf_size() + 64) + 4096), -CK_EINVAL);
	for (size_t i = 0; i < sizeof(heap); i++)
		assert_int_equal(((uint8_t *)&heap)[i], 0);

	/* the smallest heap: one block of the smallest size */
	assert_int_equal(ck_heap_init(&heap, buf, min), 0);
	p = ck_heap_alloc(&heap, 1);
	assert_non_null(p);
	assert_null(ck_heap_alloc(&heap, 1));

	/* busy while a block is out: unchanged */
	copy = heap;
	assert_int_equal(ck_heap_init(&heap, buf, sizeof(buf)), -CK_EBUSY);
	assert_memory_equal(&heap, &copy, sizeof(heap));
	assert_int_equal(ck_heap_free(&heap, p), 0);
	assert_int_equal(ck_heap_init(&heap, buf, sizeof(buf)), 0);
}

static void never_initialised(void **state)
{
	struct ck_heap_stats st;
	struct ck_heap h, copy;

	(void)state;
	for (size_t i = 0; i < sizeof(fills) / sizeof(fills[0]); i++) {
		memset(&h, fills[i], sizeof(h));
		copy = h;
		assert_null(ck_heap_alloc(&h, 16));
		assert_int_equal(ck_heap_free(&h, buf + 8), -CK_EINVAL);
		assert_int_equal(ck_heap_stats(&h, &st), -CK_EINVAL);
		assert_memory_equal(&h, &copy, sizeof(h));
	}
	assert_null(ck_heap_alloc(NULL, 16));
	assert_int_equal(ck_heap_free(NULL, buf + 8), -CK_EINVAL);
	assert_int_equal(ck_heap_stats(NULL, &st), -CK_EINVAL);
	assert_int_equal(ck_heap_init(&heap, buf, sizeof(buf)), 0);
	assert_int_equal(ck_heap_stats(&heap, NULL), -CK_EINVAL);
}

static void refused_alloc(void **state)
{
	struct ck_heap_stats st;

	(void)state;
	assert_int_equal(ck_heap_init(&heap, buf, sizeof(buf)), 0);
	assert_null(ck_heap_alloc(&heap, 0));             /* not counted */
	stats_of(&st);
	assert_int_equal(st.failed, 0);
	assert_null(ck_heap_alloc(&heap, st.total_bytes + 1));
	assert_null(ck_heap_alloc(&heap, SIZE_MAX));      /* no wrap-around */
	assert_null(ck_heap_alloc(&heap, SIZE_MAX - 7));
	assert_null(ck_heap_alloc(&heap, st.total_bytes)); /* + overheads */
	stats_of(&st);
	assert_int_equal(st.failed, 4);
	assert_int_equal(st.used_bytes, 0);
	assert_int_equal(st.live, 0);
	check_heap();
}

/* Fill with 100-byte blocks, free all, fill again: the same count, and
 * the freed blocks merged back into one. */
static void exhaustion_refill_low_water(void **state)
{
	static void *b[1024];
	struct ck_heap_stats st;
	struct walk w;
	unsigned int n = 0, m = 0;

	(void)state;
	assert_int_equal(ck_heap_init(&heap, buf, sizeof(buf)), 0);
	while ((b[n] = ck_heap_alloc(&heap, 100)))
		memset(b[n++], 0xee, 100);
	stats_of(&st);
	assert_int_equal(n, st.total_bytes / taken(100));
	assert_int_equal(st.failed, 1);
	assert_int_equal(st.used_bytes, n * taken(100));
	assert_int_equal(st.min_free_bytes, st.free_bytes);
	assert_true(st.free_bytes < taken(100));
	/* a smaller request still fits in what is left, when it does */
	check_heap();
	for (unsigned int i = 0; i < n; i += 2)
		assert_int_equal(ck_heap_free(&heap, b[i]), 0);
	for (unsigned int i = 1; i < n; i += 2)
		assert_int_equal(ck_heap_free(&heap, b[i]), 0);
	w = check_heap();
	assert_int_equal(w.free, 1);                  /* all merged */
	assert_int_equal(w.free_bytes, st.total_bytes);
	stats_of(&st);
	assert_int_equal(st.free_bytes, st.total_bytes);
	assert_int_equal(st.min_free_bytes, st.total_bytes - n * taken(100));
	assert_int_equal(st.live, 0);
	assert_int_equal(st.asked_bytes, 0);

	while ((b[m] = ck_heap_alloc(&heap, 100)))
		m++;
	assert_int_equal(m, n);
	for (unsigned int i = 0; i < m; i++)
		assert_int_equal(ck_heap_free(&heap, b[i]), 0);
	/* merged again: half of it in one block */
	b[0] = ck_heap_alloc(&heap, st.total_bytes / 2);
	assert_non_null(b[0]);
	assert_int_equal(ck_heap_free(&heap, b[0]), 0);

	/* the mark follows the least free, re-init resets it */
	assert_int_equal(ck_heap_init(&heap, buf, sizeof(buf)), 0);
	b[0] = ck_heap_alloc(&heap, 1000);
	b[1] = ck_heap_alloc(&heap, 2000);
	ck_heap_free(&heap, b[1]);
	b[1] = ck_heap_alloc(&heap, 10);
	stats_of(&st);
	assert_int_equal(st.min_free_bytes,
			 st.total_bytes - taken(1000) - taken(2000));
	assert_int_equal(st.free_bytes,
			 st.total_bytes - taken(1000) - taken(10));
}

/* Each refused free changes nothing but bad_frees. */
static void refused_free(void *p, uint32_t *bad)
{
	struct ck_heap copy = heap;
	struct walk before = check_heap(), after;

	assert_int_equal(ck_heap_free(&heap, p), -CK_EINVAL);
	copy.bad_frees = ++*bad;
	assert_memory_equal(&heap, &copy, sizeof(heap));
	after = check_heap();
	assert_memory_equal(&before, &after, sizeof(before));
}

static void double_foreign_misaligned_free(void **state)
{
	static uint64_t other[64];
	struct ck_heap other_heap;
	uint64_t local = 0;
	uint8_t *a, *b, *c, *o;
	uint32_t bad = 0;

	(void)state;
	assert_int_equal(ck_heap_init(&heap, buf, sizeof(buf) / 2), 0);
	memset(&other_heap, 0, sizeof(other_heap));
	assert_int_equal(ck_heap_init(&other_heap, buf + 4096, sizeof(buf) / 2), 0);
	a = ck_heap_alloc(&heap, 64);
	b = ck_heap_alloc(&heap, 64);
	c = ck_heap_alloc(&heap, 64);
	o = ck_heap_alloc(&other_heap, 64);
	memset(a, 0, 64);
	memset(b, 0xff, 64);

	assert_int_equal(ck_heap_free(&heap, b), 0);
	refused_free(b, &bad);                  /* double, merged with none */
	assert_int_equal(ck_heap_free(&heap, a), 0);
	refused_free(a, &bad);                  /* double, merged forward */
	refused_free(b, &bad);                  /* inside the merged block */
	assert_int_equal(ck_heap_free(&heap, c), 0);
	refused_free(c, &bad);                  /* merged into the rest */

	a = ck_heap_alloc(&heap, 200);
	refused_free(NULL, &bad);
	refused_free(a + 1, &bad);              /* misaligned */
	refused_free(a + 4, &bad);
	refused_free(a + 8, &bad);              /* inside, aligned */
	refused_free(a + 64, &bad);
	refused_free(a - 8, &bad);              /* its header */
	refused_free(heap.lo, &bad);            /* the pool's first byte */
	refused_free(heap.hi, &bad);            /* its end */
	refused_free(heap.hi + 8, &bad);
	refused_free(buf, &bad);                /* TLSF's control structure */
	refused_free(o, &bad);                  /* another heap's block */
	refused_free(other, &bad);              /* a static */
	refused_free(&local, &bad);             /* the stack */
	refused_free((void *)(uintptr_t)-8, &bad);
	assert_int_equal(ck_heap_free(&heap, a), 0);
	assert_int_equal(ck_heap_free(&other_heap, o), 0);
	check_heap();
}

/* An RT interrupt allocates and frees, and so does a task it preempts. */
static enum ck_irq_ret irq_alloc_free(unsigned int line, void *arg)
{
	void *p;

	(void)arg;
	sim_irq_clear(line);
	p = ck_heap_alloc(&heap, 300);
	sim_log(p ? 1 : 0);
	sim_log(ck_heap_free(&heap, p));
	sim_log(ck_heap_free(&heap, p));
	sim_log(ck_heap_alloc(&heap, 40) ? 1 : 0);   /* kept */
	return CK_IRQ_HANDLED;
}

static void body_heap(void *arg)
{
	struct ck_heap_stats st;
	void *p = ck_heap_alloc(&heap, 500);

	(void)arg;
	sim_log(p ? 1 : 0);
	ck_task_sleep(2 * CK_NS_PER_MS);
	stats_of(&st);
	sim_log(st.live);
	sim_log((long)st.asked_bytes);
	sim_log(ck_heap_free(&heap, p));
}

static void rt_task_and_irq(void **state)
{
	struct ck_heap_stats st;

	(void)state;
	assert_int_equal(ck_heap_init(&heap, buf, sizeof(buf)), 0);
	ck_irq_attach(HEAP_LINE, irq_alloc_free, NULL);
	sim_task(&tk_heap, 3, body_heap, NULL);
	sim_start();
	sim_run_until(1 * CK_NS_PER_MS);
	sim_irq_raise(HEAP_LINE);
	sim_run_until(5 * CK_NS_PER_MS);
	assert_log(1, 1, 0, -CK_EINVAL, 1, 2, 540, 0);
	stats_of(&st);
	assert_int_equal(st.live, 1);
	assert_int_equal(st.asked_bytes, 40);
	assert_int_equal(st.bad_frees, 1);
	/* the least free: 500 and 300 out (40 came after 300's free) */
	assert_int_equal(st.min_free_bytes,
			 st.total_bytes - taken(500) - taken(300));
	check_heap();
}

/*
 * Torture: 10^5 random allocations and frees (fixed seed) of sizes from 1
 * byte to 8 KiB, against a model of the live blocks: every block aligned,
 * inside the pool, overlapping no live block, its pattern intact when
 * freed; the counters agree with the model and TLSF's walk; and a request
 * fails only when no free block is 1/16 larger than it (good fit).
 */
#define TORTURE_OPS 100000
#define TORTURE_MAX 512

struct live {
	uint8_t *p;
	size_t bytes;
	uint8_t pat;
};

static size_t torture_size(int r)
{
	switch (r % 8) {
	case 0: return 1 + r / 8 % 8192;       /* up to 8 KiB */
	case 1: case 2: return 1 + r / 8 % 1024;
	default: return 1 + r / 8 % 96;
	}
}

/* Check new block @p of @n bytes against the @nr live ones, fill it. */
static void torture_alloced(struct live *live, size_t nr, uint8_t *p,
			    size_t n, int r)
{
	assert_int_equal((uintptr_t)p % CK_HEAP_ALIGN, 0);
	assert_true(p >= heap.lo + HDR && p + n <= heap.hi);
	for (size_t i = 0; i < nr; i++)
		assert_true(p + n <= live[i].p || live[i].p + live[i].bytes <= p);
	live[nr] = (struct live){ p, n, (uint8_t)(r >> 3) };
	memset(p, live[nr].pat, n);
}

static void torture(void **state)
{
	static struct live live[TORTURE_MAX];
	struct ck_heap_stats st;
	size_t nr_live = 0, asked = 0, min_free;
	uint32_t fails = 0, bad = 0;
	unsigned int checks = 0;

	(void)state;
	srand(16004);
	assert_int_equal(ck_heap_init(&heap, buf, sizeof(buf)), 0);
	stats_of(&st);
	min_free = st.total_bytes;
	for (int op = 0; op < TORTURE_OPS; op++) {
		int r = rand();
		/* phases of growth and shrinking */
		int grow = op / 10000 % 2 ? 40 : 60;

		if (r % 100 < grow && nr_live < TORTURE_MAX) {
			size_t n = torture_size(r >> 7);
			uint8_t *p = ck_heap_alloc(&heap, n);
			struct walk w;

			if (!p) {
				fails++;
				w = check_heap();
				assert_true(w.largest_free < n + HDR + n / 16 + 64);
			} else {
				torture_alloced(live, nr_live++, p, n, r);
				asked += n;
				stats_of(&st);
				if (st.free_bytes < min_free)
					min_free = st.free_bytes;
			}
		} else if (nr_live) {
			size_t i = (size_t)(r >> 7) % nr_live;
			struct live l = live[i];

			for (size_t k = 0; k < l.bytes; k++)
				if (l.p[k] != l.pat)
					fail_msg("block %p byte %zu changed", l.p, k);
			assert_int_equal(ck_heap_free(&heap, l.p), 0);
			if (r & 0x40) {       /* and a double free */
				assert_int_equal(ck_heap_free(&heap, l.p), -CK_EINVAL);
				bad++;
			}
			live[i] = live[--nr_live];
			asked -= l.bytes;
		}
		if (op % 500 == 0) {
			check_heap();
			checks++;
		}
		stats_of(&st);
		assert_int_equal(st.live, nr_live);
		assert_int_equal(st.asked_bytes, asked);
		assert_int_equal(st.failed, fails);
		assert_int_equal(st.bad_frees, bad);
		assert_int_equal(st.min_free_bytes, min_free);
	}
	assert_true(fails > 100);     /* the run met a full heap often */
	assert_int_equal(checks, TORTURE_OPS / 500);
	while (nr_live)
		assert_int_equal(ck_heap_free(&heap, live[--nr_live].p), 0);
	assert_int_equal(check_heap().free, 1);
}

/*
 * The bound. A second copy of TLSF, built here with its public names
 * renamed, counts its steps: every tlsf_assert() it evaluates (one or more
 * in each of its helpers: mapping, search, list insert and remove, split,
 * merge) and every find-first-set and count-leading-zeros. A loop over
 * blocks or lists would show as steps that grow with the free blocks; the
 * worst step count of an allocation or a free must stay the same from 4
 * free blocks to 4,000.
 */
static unsigned long probe_steps;

static void probe_count_free(void *ptr, size_t size, int used, void *user)
{
	(void)ptr;
	(void)size;
	*(unsigned int *)user += !used;
}

#define tlsf_assert(x) ((void)probe_steps++, assert_true(x))
#define __builtin_ffs(x) ((void)probe_steps++, __builtin_ffs(x))
#define __builtin_clz(x) ((void)probe_steps++, __builtin_clz(x))
#define tlsf_create probe_tlsf_create
#define tlsf_create_with_pool probe_tlsf_create_with_pool
#define tlsf_destroy probe_tlsf_destroy
#define tlsf_get_pool probe_tlsf_get_pool
#define tlsf_add_pool probe_tlsf_add_pool
#define tlsf_remove_pool probe_tlsf_remove_pool
#define tlsf_malloc probe_tlsf_malloc
#define tlsf_memalign probe_tlsf_memalign
#define tlsf_realloc probe_tlsf_realloc
#define tlsf_free probe_tlsf_free
#define tlsf_block_size probe_tlsf_block_size
#define tlsf_size probe_tlsf_size
#define tlsf_align_size probe_tlsf_align_size
#define tlsf_block_size_min probe_tlsf_block_size_min
#define tlsf_block_size_max probe_tlsf_block_size_max
#define tlsf_pool_overhead probe_tlsf_pool_overhead
#define tlsf_alloc_overhead probe_tlsf_alloc_overhead
#define tlsf_walk_pool probe_tlsf_walk_pool
#define tlsf_check probe_tlsf_check
#define tlsf_check_pool probe_tlsf_check_pool
#include "tlsf.c"

#define PROBE_BYTES (16u << 20)
#define PROBE_MAX_FRAGS 4000
#define PROBE_STEP_BOUND 64     /* the worst is about 30 (printed) */

struct probe_max {
	unsigned long alloc, free;
};

static unsigned long probe_count(void)
{
	unsigned long n = probe_steps;

	probe_steps = 0;
	return n;
}

/*
 * @frags free blocks of sizes 8 B .. 2 KiB, each between two live ones,
 * then allocations of 1 B .. 1 MiB (each freed at once), then the frees of
 * the live blocks, each merging with free neighbours on both sides.
 */
static struct probe_max probe_run(unsigned int frags)
{
	static uint64_t mem[PROBE_BYTES / 8];
	static void *b[2 * PROBE_MAX_FRAGS + 1];
	struct probe_max m = { 0, 0 };
	tlsf_t t = probe_tlsf_create_with_pool(mem, sizeof(mem));
	unsigned int nr_free = 0;

	assert_non_null(t);
	for (unsigned int i = 0; i < 2 * frags + 1; i++) {
		b[i] = probe_tlsf_malloc(t, 8 + (size_t)i * 7919 % 2048);
		assert_non_null(b[i]);
	}
	for (unsigned int i = 0; i < 2 * frags + 1; i += 2)
		probe_tlsf_free(t, b[i]);
	probe_tlsf_walk_pool(probe_tlsf_get_pool(t), probe_count_free, &nr_free);
	/* the last freed merged with the pool's tail */
	assert_int_equal(nr_free, frags + 1);
	assert_int_equal(probe_tlsf_check(t), 0);

	for (size_t n = 1; n <= 1u << 20; n += n / 8 + 1) {
		void *p;

		probe_count();
		p = probe_tlsf_malloc(t, n);
		if (probe_steps > m.alloc)
			m.alloc = probe_steps;
		assert_non_null(p);
		probe_count();
		probe_tlsf_free(t, p);
		if (probe_steps > m.free)
			m.free = probe_steps;
	}
	for (unsigned int i = 1; i < 2 * frags + 1; i += 2) {
		probe_count();
		probe_tlsf_free(t, b[i]);
		if (probe_steps > m.free)
			m.free = probe_steps;
	}
	assert_int_equal(probe_tlsf_check(t), 0);
	return m;
}

static void bound(void **state)
{
	struct probe_max few, many;

	(void)state;
	few = probe_run(4);
	many = probe_run(PROBE_MAX_FRAGS);
	print_message("TLSF steps, worst: alloc %lu, free %lu (4 free blocks); "
		      "alloc %lu, free %lu (%u)\n", few.alloc, few.free,
		      many.alloc, many.free, PROBE_MAX_FRAGS);
	assert_int_equal(many.alloc, few.alloc);
	assert_int_equal(many.free, few.free);
	assert_true(many.alloc <= PROBE_STEP_BOUND);
	assert_true(many.free <= PROBE_STEP_BOUND);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(layout, setup),
		cmocka_unit_test_setup(refused_init, setup),
		cmocka_unit_test_setup(never_initialised, setup),
		cmocka_unit_test_setup(refused_alloc, setup),
		cmocka_unit_test_setup(exhaustion_refill_low_water, setup),
		cmocka_unit_test_setup(double_foreign_misaligned_free, setup),
		cmocka_unit_test_setup(rt_task_and_irq, setup),
		cmocka_unit_test_setup(torture, setup),
		cmocka_unit_test(bound),
	};

	return cmocka_run_group_tests_name("heap", tests, NULL, NULL);
}
