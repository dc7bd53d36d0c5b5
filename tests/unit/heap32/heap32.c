// SPDX-License-Identifier: MIT
/*
 * heap32.c - the heap and the pools on a 32-bit CPU, where TLSF aligns to 4
 * and heap.c keeps blocks 8-aligned by its choice of sizes (its header
 * comment): a 64-bit host never sees that arithmetic. Built for 32-bit
 * PowerPC with static glibc and run under qemu-ppc by `make unit`
 * (mk/unit.mk); no cmocka: the exit status is the verdict.
 *
 * For 8 start offsets of the buffer, 10^5 random allocations and frees
 * each: every block 8-aligned, in the pool, overlapping no live block,
 * its pattern intact when freed; double and interior frees refused; TLSF's
 * own checks pass; RT masked and restored in pairs.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ck/ck.h>
#include <ck/heap.h>
#include <ck/pool.h>
#include "tlsf.h"

#define CHECK(c)                                                        \
	do {                                                            \
		if (!(c)) {                                             \
			printf("heap32: FAILED at line %d: %s\n",      \
			       __LINE__, #c);                           \
			exit(1);                                        \
		}                                                       \
	} while (0)

#define OPS 100000
#define MAX_LIVE 400

/* The co-kernel's hooks heap.c and pool.c call. */
static int rt_masked;

ck_rtflags_t arch_rt_mask(void)
{
	return (ck_rtflags_t)rt_masked++;
}

void arch_rt_restore(ck_rtflags_t flags)
{
	rt_masked = (int)flags;
}

void ck_assert_fail(const char *file, int line)
{
	printf("heap32: FAILED: ck_assert at %s:%d\n", file ? file : "?", line);
	exit(1);
}

int ck_printf(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vprintf(fmt, ap);
	va_end(ap);
	return n;
}

struct live {
	unsigned char *p;
	size_t bytes;
	unsigned char pat;
};

static unsigned char mem[70000] __attribute__((aligned(8)));
static struct live live[MAX_LIVE];

static unsigned long torture(unsigned int off)
{
	struct ck_heap heap = { 0 };
	struct ck_heap_stats st;
	unsigned long fails = 0;
	size_t nr = 0;

	CHECK(ck_heap_init(&heap, mem + off, sizeof(mem) - 8 - off * 13) == 0);
	for (int op = 0; op < OPS; op++) {
		int r = rand();

		if (r % 100 < 55 && nr < MAX_LIVE) {
			size_t n = 1 + (size_t)(r >> 8) % (r & 1 ? 2000 : 60);
			unsigned char *p = ck_heap_alloc(&heap, n);

			if (!p) {
				fails++;
				continue;
			}
			CHECK((uintptr_t)p % 8 == 0);
			CHECK(p >= heap.lo && p + n <= heap.hi);
			for (size_t i = 0; i < nr; i++)
				CHECK(p + n <= live[i].p ||
				      live[i].p + live[i].bytes <= p);
			live[nr] = (struct live){ p, n, (unsigned char)(r >> 3) };
			memset(p, live[nr].pat, n);
			nr++;
		} else if (nr) {
			size_t i = (size_t)(r >> 8) % nr;

			for (size_t k = 0; k < live[i].bytes; k++)
				CHECK(live[i].p[k] == live[i].pat);
			CHECK(ck_heap_free(&heap, live[i].p + 4) == -CK_EINVAL);
			CHECK(ck_heap_free(&heap, live[i].p) == 0);
			CHECK(ck_heap_free(&heap, live[i].p) == -CK_EINVAL);
			live[i] = live[--nr];
		}
		if (op % 1000 == 0) {
			CHECK(tlsf_check(heap.tlsf) == 0);
			CHECK(tlsf_check_pool(heap.lo) == 0);
		}
		CHECK(rt_masked == 0);
	}
	while (nr)
		CHECK(ck_heap_free(&heap, live[--nr].p) == 0);
	CHECK(ck_heap_stats(&heap, &st) == 0);
	CHECK(st.used_bytes == 0 && st.free_bytes == st.total_bytes);
	CHECK(fails > 0);
	return fails;
}

static void pool_blocks(void)
{
	struct ck_pool pool = { 0 };
	void *b[400];
	int n = ck_pool_init(&pool, mem + 3, 5000, 12);

	CHECK(n > 0 && n <= 400 && pool.block_bytes == 16);
	for (int i = 0; i < n; i++) {
		b[i] = ck_pool_alloc(&pool);
		CHECK(b[i] && (uintptr_t)b[i] % 8 == 0);
	}
	CHECK(!ck_pool_alloc(&pool));
	for (int i = 0; i < n; i++)
		CHECK(ck_pool_free(&pool, b[i]) == 0);
	CHECK(ck_pool_free(&pool, b[0]) == -CK_EINVAL);
}

int main(void)
{
	unsigned long fails = 0;

	CHECK(sizeof(void *) == 4 && tlsf_alloc_overhead() == 4 &&
	      tlsf_align_size() == 4);
	srand(16004);
	for (unsigned int off = 0; off < 8; off++)
		fails += torture(off);
	pool_blocks();
	printf("heap32: ok, 32-bit PowerPC: 8 x %d operations, %lu allocations failed for want of room\n",
	       OPS, fails);
	return 0;
}
