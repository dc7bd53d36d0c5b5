// SPDX-License-Identifier: MIT
/*
 * test_cache_model.c - the cache model of the cache-model plugin
 * (qemu/plugins/ckcache-model.c) on access sequences whose misses are
 * known by hand: set mapping, LRU, tree PLRU, round-robin, write-back
 * with and without allocation, whole-cache invalidation, spec parsing.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "ckcache-model.h"

/* a cache of @spec, asserted to parse and initialise */
static struct ckc_cache make(const char *spec)
{
	struct ckc_cache c;
	struct ckc_geom g;
	char err[160];

	assert_int_equal(ckc_parse(spec, &g, err, sizeof(err)), 0);
	assert_int_equal(ckc_init(&c, &g), 0);
	return c;
}

/* the misses of loads of @n byte addresses */
static int misses(struct ckc_cache *c, const uint64_t *a, int n)
{
	int i, m = 0;

	for (i = 0; i < n; i++)
		m += (ckc_access(c, a[i], false, NULL) & CKC_MISS) != 0;
	return m;
}

/* 2 sets of 32-byte lines: addresses 0x00, 0x40, 0x80 ... share set 0 */
#define SET0(i) ((uint64_t)(i) * 0x40u)

static void test_same_line_hits_and_sets_are_independent(void **state)
{
	struct ckc_cache c = make("256:4:32:lru");
	const uint64_t a[] = { 0x00, 0x1f, 0x20, 0x3c, 0x00 };

	(void)state;
	assert_int_equal(c.sets, 2);
	/* 0x00 and 0x1f one line (set 0), 0x20 and 0x3c the other (set 1) */
	assert_int_equal(misses(&c, a, 5), 2);
	ckc_free(&c);
}

static void test_lru_evicts_least_recently_used(void **state)
{
	struct ckc_cache c = make("128:2:32:lru"); /* 2 sets x 2 ways */
	/* A B A C: C evicts B (A was used after B), so A hits, B misses */
	const uint64_t a[] = { SET0(0), SET0(1), SET0(0), SET0(2), SET0(0), SET0(1) };

	(void)state;
	assert_int_equal(misses(&c, a, 6), 4);
	ckc_free(&c);
}

static void test_plru_tree_victim(void **state)
{
	struct ckc_cache c = make("256:4:32:plru"); /* 2 sets x 4 ways */
	/* fill ways 0-3 with A B C D, touch A: the tree points away from A
	 * (right half), then away from D within it: C is the victim of E */
	const uint64_t fill[] = { SET0(0), SET0(1), SET0(2), SET0(3), SET0(0) };
	const uint64_t after[] = { SET0(4), SET0(0), SET0(1), SET0(3), SET0(2) };

	(void)state;
	assert_int_equal(misses(&c, fill, 5), 4);
	/* E misses (evicts C); A, B, D hit; C misses */
	assert_int_equal(misses(&c, after, 4), 1);
	assert_int_equal(misses(&c, &after[4], 1), 1);
	ckc_free(&c);
}

static void test_round_robin_drops_what_lru_keeps(void **state)
{
	struct ckc_cache rr = make("128:2:32:rr"), lru = make("128:2:32:lru");
	/* A B fill ways 0 1; A hits; C replaces way 0 (A) under round-robin
	 * though A was just used, so A misses again; LRU evicts B instead */
	const uint64_t a[] = { SET0(0), SET0(1), SET0(0), SET0(2), SET0(0) };

	(void)state;
	assert_int_equal(misses(&rr, a, 5), 4);
	assert_int_equal(misses(&lru, a, 5), 3);
	ckc_free(&rr);
	ckc_free(&lru);
}

static void test_random_is_repeatable_and_stays_in_set(void **state)
{
	struct ckc_cache c1 = make("4096:4:32:random"), c2 = make("4096:4:32:random");
	uint64_t a[200];
	int i;

	(void)state;
	for (i = 0; i < 200; i++)
		a[i] = (uint64_t)(i * 7 % 11) * 1024u; /* 11 lines, one set */
	assert_int_equal(misses(&c1, a, 200), misses(&c2, a, 200));
	/* 4 ways of 11 lines: neither all hits nor all misses */
	c1.lfsr = 0xACE1u;
	ckc_invalidate_all(&c1);
	i = misses(&c1, a, 200);
	assert_true(i > 11 && i < 200);
	ckc_free(&c1);
	ckc_free(&c2);
}

static void test_write_back_no_allocate(void **state)
{
	struct ckc_cache c = make("128:2:32:lru:wb:noalloc");
	uint64_t victim = 0;

	(void)state;
	/* a store miss does not fill: the next load misses */
	assert_int_equal(ckc_access(&c, SET0(0), true, NULL), CKC_MISS);
	assert_int_equal(ckc_access(&c, SET0(0), false, NULL), CKC_MISS | CKC_FILL);
	/* a store hit dirties; evicting it writes it back */
	assert_int_equal(ckc_access(&c, SET0(0) + 4, true, NULL), 0);
	ckc_access(&c, SET0(1), false, NULL);
	assert_int_equal(ckc_access(&c, SET0(2), false, &victim),
			 CKC_MISS | CKC_FILL | CKC_WRITEBACK);
	assert_int_equal(victim, SET0(0));
	ckc_free(&c);
}

static void test_write_allocate_and_write_through(void **state)
{
	struct ckc_cache wb = make("128:2:32:lru:wb:alloc");
	struct ckc_cache wt = make("128:2:32:lru:wt:alloc");

	(void)state;
	assert_int_equal(ckc_access(&wb, SET0(0), true, NULL), CKC_MISS | CKC_FILL);
	assert_int_equal(ckc_access(&wb, SET0(0), false, NULL), 0);
	/* write-through lines are never dirty: no write-back on eviction */
	ckc_access(&wt, SET0(0), true, NULL);
	ckc_access(&wt, SET0(1), false, NULL);
	assert_int_equal(ckc_access(&wt, SET0(2), false, NULL), CKC_MISS | CKC_FILL);
	assert_int_equal(ckc_invalidate_all(&wb), 1);
	ckc_free(&wb);
	ckc_free(&wt);
}

static void test_invalidate_and_clean_all(void **state)
{
	struct ckc_cache c = make("256:4:32:lru:wb:alloc");
	const uint64_t a[] = { 0x00, 0x20, 0x40 };

	(void)state;
	ckc_access(&c, 0x00, true, NULL);
	ckc_access(&c, 0x20, true, NULL);
	ckc_access(&c, 0x40, false, NULL);
	assert_int_equal(ckc_clean_all(&c), 2);
	assert_int_equal(ckc_clean_all(&c), 0);
	assert_int_equal(misses(&c, a, 3), 0);
	assert_int_equal(ckc_invalidate_all(&c), 0);
	assert_int_equal(misses(&c, a, 3), 3);
	ckc_free(&c);
}

static void test_parse_rejects_bad_specs(void **state)
{
	static const char *const bad[] = {
		"32768:4:32",            /* no replacement */
		"32768:4:32:fifo",       /* unknown replacement */
		"32768:4:24:lru",        /* line not a power of two */
		"30000:4:32:lru",        /* sets not a power of two */
		"32768:3:32:plru",       /* plru with 3 ways */
		"32768:4:32:lru:wx",     /* unknown write policy */
		"32768:4:32:lru:wb:yes", /* unknown allocation */
		"32768:4:32:lru:wb:alloc:x",
		"32k:4:32:lru",
	};
	struct ckc_geom g;
	char err[160];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = 0;
		assert_int_equal(ckc_parse(bad[i], &g, err, sizeof(err)), -1);
		assert_true(strstr(err, "cache spec") != NULL);
	}
	assert_int_equal(ckc_parse("262144:8:32:plru:wb:alloc", &g, err, sizeof(err)), 0);
	assert_int_equal(g.ways, 8);
	assert_true(g.write_back && g.write_alloc && g.valid_first);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_same_line_hits_and_sets_are_independent),
		cmocka_unit_test(test_lru_evicts_least_recently_used),
		cmocka_unit_test(test_plru_tree_victim),
		cmocka_unit_test(test_round_robin_drops_what_lru_keeps),
		cmocka_unit_test(test_random_is_repeatable_and_stays_in_set),
		cmocka_unit_test(test_write_back_no_allocate),
		cmocka_unit_test(test_write_allocate_and_write_through),
		cmocka_unit_test(test_invalidate_and_clean_all),
		cmocka_unit_test(test_parse_rejects_bad_specs),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
