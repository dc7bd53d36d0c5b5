// SPDX-License-Identifier: MIT
/*
 * pool.c - fixed-block pools (ck/pool.h).
 *
 * Blocks never handed out yet are taken in address order past a watermark
 * (next_unused), so init is O(blocks / 32), the bitmap's zeroing, rather
 * than a walk that builds the free list; freed blocks go on the list.
 */
#include "core.h"
#include <ck/pool.h>

/* ASCII "POOL": see the magic words in core.h. */
#define CK_POOL_MAGIC 0x504f4f4cu

/* The bitmap's bytes for @n blocks, rounded so the blocks stay aligned. */
static size_t pool_map_bytes(uint64_t n)
{
	return (size_t)(((n + 31) / 32 * 4 + CK_POOL_ALIGN - 1) &
			~(uint64_t)(CK_POOL_ALIGN - 1));
}

/* The blocks of @block_bytes and their bitmap that fit in @avail bytes. */
static uint32_t pool_fit(size_t avail, size_t block_bytes)
{
	/* 32 blocks take 32 * block_bytes + 4 bytes: start there, then drop
	 * the blocks the bitmap's rounding does not leave room for */
	uint64_t n = (uint64_t)avail * 32 / ((uint64_t)block_bytes * 32 + 4);

	while (n && pool_map_bytes(n) + n * block_bytes > avail)
		n--;
	/* UINT32_MAX is pool_index()'s "no block" */
	return n >= UINT32_MAX ? UINT32_MAX - 1 : (uint32_t)n;
}

/* The index of the block at @p, or UINT32_MAX if @p is not a block's start. */
static uint32_t pool_index(const struct ck_pool *pool, const void *p)
{
	/* unsigned: a @p below the blocks wraps to a large offset */
	uintptr_t off = (uintptr_t)p - (uintptr_t)pool->blocks;
	uintptr_t i = off / pool->block_bytes;

	if (!p || i >= pool->nr_blocks || off - i * pool->block_bytes)
		return UINT32_MAX;
	return (uint32_t)i;
}

int ck_pool_init(struct ck_pool *pool, void *buf, size_t buf_bytes,
		 size_t block_bytes)
{
	uintptr_t start = (uintptr_t)buf, end;
	ck_rtflags_t flags;
	size_t map_bytes;
	uint32_t n;
	int ret;

	if (!pool || !buf || !block_bytes || block_bytes > UINT32_MAX / 2 ||
	    buf_bytes > UINTPTR_MAX - start)
		return -CK_EINVAL;
	end = start + buf_bytes;
	start = (start + CK_POOL_ALIGN - 1) & ~(uintptr_t)(CK_POOL_ALIGN - 1);
	if (start >= end)
		return -CK_EINVAL;
	block_bytes = (block_bytes + CK_POOL_ALIGN - 1) &
		      ~(size_t)(CK_POOL_ALIGN - 1);
	n = pool_fit(end - start, block_bytes);
	if (!n)
		return -CK_EINVAL;
	map_bytes = pool_map_bytes(n);

	flags = arch_rt_mask();
	if (pool->magic == CK_POOL_MAGIC && pool->nr_free != pool->nr_blocks) {
		ret = -CK_EBUSY;
	} else {
		pool->used_map = (uint32_t *)start;
		for (size_t i = 0; i < map_bytes / 4; i++)
			pool->used_map[i] = 0;
		pool->blocks = (uint8_t *)(start + map_bytes);
		pool->block_bytes = block_bytes;
		pool->nr_blocks = n;
		pool->nr_free = n;
		pool->min_free = n;
		pool->next_unused = 0;
		pool->failed = 0;
		pool->bad_frees = 0;
		pool->free_head = NULL;
		pool->magic = CK_POOL_MAGIC;
		ret = (int)(n > INT32_MAX ? INT32_MAX : n);
	}
	arch_rt_restore(flags);
	return ret;
}

void *ck_pool_alloc(struct ck_pool *pool)
{
	ck_rtflags_t flags;
	uint8_t *b = NULL;
	uint32_t i;

	if (!pool || pool->magic != CK_POOL_MAGIC)
		return NULL;
	flags = arch_rt_mask();
	if (pool->free_head) {
		b = pool->free_head;
		pool->free_head = *(void **)b;
		i = pool_index(pool, b);
	} else if (pool->next_unused < pool->nr_blocks) {
		i = pool->next_unused++;
		b = pool->blocks + (size_t)i * pool->block_bytes;
	}
	if (b) {
		/* a free block's link broken by a write after its free */
		ck_assert(i < pool->nr_blocks &&
			  !(pool->used_map[i / 32] & 1u << i % 32));
		pool->used_map[i / 32] |= 1u << i % 32;
		if (--pool->nr_free < pool->min_free)
			pool->min_free = pool->nr_free;
	} else {
		pool->failed++;
	}
	arch_rt_restore(flags);
	return b;
}

int ck_pool_free(struct ck_pool *pool, void *p)
{
	ck_rtflags_t flags;
	uint32_t i;
	int ret = 0;

	if (!pool || pool->magic != CK_POOL_MAGIC)
		return -CK_EINVAL;
	flags = arch_rt_mask();
	i = pool_index(pool, p);
	if (i == UINT32_MAX || !(pool->used_map[i / 32] & 1u << i % 32)) {
		pool->bad_frees++;
		ret = -CK_EINVAL;
	} else {
		pool->used_map[i / 32] &= ~(1u << i % 32);
		*(void **)p = pool->free_head;
		pool->free_head = p;
		pool->nr_free++;
	}
	arch_rt_restore(flags);
	return ret;
}

int ck_pool_stats(struct ck_pool *pool, struct ck_pool_stats *st)
{
	ck_rtflags_t flags;

	if (!pool || !st || pool->magic != CK_POOL_MAGIC)
		return -CK_EINVAL;
	flags = arch_rt_mask();
	st->block_bytes = pool->block_bytes;
	st->nr_blocks = pool->nr_blocks;
	st->nr_free = pool->nr_free;
	st->min_free = pool->min_free;
	st->failed = pool->failed;
	st->bad_frees = pool->bad_frees;
	arch_rt_restore(flags);
	return 0;
}
