/* SPDX-License-Identifier: MIT */
/*
 * pool.h - fixed-block pools over caller memory: O(1) allocation and free
 * from any RT context, no fragmentation (DESIGN §6, "static pools before
 * any heap").
 *
 * A pool cuts the caller's buffer into blocks of one size; freed blocks are
 * chained through their own first word, so allocation and free take the
 * head of that list (or, until every block has been out once, the next
 * block never handed out). One bit per block (allocated or free), kept at the
 * start of the buffer, lets a free refuse a block that is already free.
 * Every call masks RT (arch_rt_mask()) for its few instructions.
 */
#ifndef CK_POOL_H
#define CK_POOL_H

#include <stddef.h>
#include <stdint.h>

/* Blocks and the buffer's start are rounded to this many bytes. */
#define CK_POOL_ALIGN 8u

struct ck_pool {
	uint32_t magic;          /* set by ck_pool_init(): a pool never
				  * initialised is refused */
	uint32_t nr_blocks;      /* blocks the buffer holds */
	uint32_t nr_free;        /* blocks free now */
	uint32_t min_free;       /* low-water mark of nr_free since init */
	uint32_t next_unused;    /* blocks from this index on were never
				  * handed out: free, not on the list */
	uint32_t failed;         /* ck_pool_alloc() calls that found none */
	uint32_t bad_frees;      /* ck_pool_free() calls refused */
	size_t block_bytes;      /* block size, a multiple of CK_POOL_ALIGN */
	uint8_t *blocks;         /* first block, CK_POOL_ALIGN-aligned */
	uint32_t *used_map;      /* bit i set: block i is allocated */
	void *free_head;         /* first free block, NULL if none */
};

/** A snapshot of a pool's counters (ck_pool_stats()). */
struct ck_pool_stats {
	size_t block_bytes;      /* block size after rounding, bytes */
	uint32_t nr_blocks;      /* blocks in the pool */
	uint32_t nr_free;        /* free now */
	uint32_t min_free;       /* the fewest free since init */
	uint32_t failed;         /* allocations that found no free block */
	uint32_t bad_frees;      /* frees refused (foreign, misaligned,
				  * double) */
};

/**
 * ck_pool_init() - cut @buf into blocks of @block_bytes, all free.
 * @pool: pool object, caller-provided: never initialised (any content), or
 *        initialised with every block free.
 * @buf: the blocks' memory, caller-provided; must outlive the pool and not
 *       be used otherwise. Its start is rounded up to CK_POOL_ALIGN bytes.
 * @buf_bytes: its size in bytes. After the start's rounding, the pool
 *             takes its bitmap (4 bytes per 32 blocks, rounded up to
 *             CK_POOL_ALIGN) and as many whole blocks as fit; the tail
 *             that holds no whole block is unused.
 * @block_bytes: bytes of a block, rounded up to a multiple of
 *               CK_POOL_ALIGN (so every block is CK_POOL_ALIGN-aligned).
 * Return: the number of blocks (> 0), -CK_EINVAL (@pool or @buf NULL,
 *         @block_bytes 0 or above UINT32_MAX / 2, @buf + @buf_bytes past
 *         the end of the address space, or not even one block fits),
 *         -CK_EBUSY (@pool is initialised and some of its blocks are
 *         allocated: they would be handed out twice); on an error nothing
 *         changes, @pool included.
 * Context: init, RT task. O(blocks / 32), with RT masked: the bitmap is
 * zeroed (blocks never handed out are taken in address order, so no free
 * list is built here).
 */
int ck_pool_init(struct ck_pool *pool, void *buf, size_t buf_bytes,
		 size_t block_bytes);

/**
 * ck_pool_alloc() - take a free block. O(1).
 * Return: the block (CK_POOL_ALIGN-aligned, pool->block_bytes long,
 *         contents undefined), or NULL (@pool NULL or never initialised;
 *         or no free block: counted in failed).
 * Context: any (RT task, RT interrupt, init).
 */
void *ck_pool_alloc(struct ck_pool *pool);

/**
 * ck_pool_free() - give back block @p. O(1): a bounds check, a division
 * by the block size and a bitmap test.
 * Return: 0, or -CK_EINVAL with nothing changed (@pool NULL or never
 *         initialised; @p NULL, outside the pool's blocks or not at a
 *         block's start; @p already free, a double free, told exactly by
 *         the bitmap). Every refusal of an initialised pool is counted in
 *         bad_frees. Not detected: a block freed by a holder that is not
 *         its owner, and a write to a block after its free (which may
 *         break the free list: the first word of a free block is the link).
 * Context: any (RT task, RT interrupt, init).
 */
int ck_pool_free(struct ck_pool *pool, void *p);

/**
 * ck_pool_stats() - copy @pool's counters into *@st, consistently.
 * Return: 0 or -CK_EINVAL (@pool or @st NULL, @pool never initialised).
 * Context: any.
 */
int ck_pool_stats(struct ck_pool *pool, struct ck_pool_stats *st);

#endif /* CK_POOL_H */
