/* SPDX-License-Identifier: MIT */
/*
 * heap.h - a bounded RT heap over caller memory: TLSF (Two-Level
 * Segregated Fit, cokernel/lib/tlsf), variable sizes, O(1) allocation and
 * free.
 *
 * Bound: ck_heap_alloc() and ck_heap_free() hold RT masked
 * (arch_rt_mask()) for one TLSF call, which walks no list and no block: a
 * size-to-class mapping (a count of leading zeros), a search of two
 * bitmap words (find first set), the head of one free list, then at most
 * one split (alloc) or two merges with the physical neighbours (free).
 * The worst step count is the same with 4 free blocks or 4,000
 * (tests/unit/test_heap.c checks it); what it costs in ns is the CPU's
 * (SH-4 has no count-leading-zeros instruction: libgcc's __clzsi2 and
 * __ffssi2, a table lookup).
 *
 * Prefer a pool (ck/pool.h) where the sizes are few and known: no
 * fragmentation, no header. A heap fragments: an allocation may fail
 * while the free bytes add up to more than it asks (stats below). And
 * TLSF's fit is good, not best: it takes a block from the first list whose
 * every block is large enough, so it fails a request that only a free
 * block less than 1/32 larger than the request could have met (a list
 * spans 1/32 of a power of two).
 *
 * Per allocation, 8 bytes of ours before the block (a tag word and the
 * size asked) and TLSF's 4 (8 on 64-bit hosts), the whole rounded up to a
 * multiple of 8 bytes: every block is 8-byte aligned.
 */
#ifndef CK_HEAP_H
#define CK_HEAP_H

#include <stddef.h>
#include <stdint.h>

/* Blocks returned, and the buffer's start, are aligned to this. */
#define CK_HEAP_ALIGN 8u

struct ck_heap {
	uint32_t magic;          /* set by ck_heap_init(): a heap never
				  * initialised is refused */
	uint32_t live;           /* blocks allocated now */
	uint32_t failed;         /* allocations refused for want of room */
	uint32_t bad_frees;      /* frees refused */
	void *tlsf;              /* TLSF's control structure (buffer start) */
	uint8_t *lo, *hi;        /* TLSF's pool: every block lies in [lo, hi) */
	size_t total_bytes;      /* the pool's bytes that blocks can take */
	size_t used_bytes;       /* those the live blocks take (overheads in) */
	size_t asked_bytes;      /* the sum of the live blocks' sizes asked */
	size_t min_free_bytes;   /* low-water mark of total - used */
};

/** A snapshot of a heap's counters (ck_heap_stats()), bytes and counts. */
struct ck_heap_stats {
	size_t total_bytes;      /* what blocks and their overheads can take */
	size_t free_bytes;       /* total - used, fragmented or not */
	size_t min_free_bytes;   /* the least free_bytes since init */
	size_t used_bytes;       /* taken by live blocks, overheads included */
	size_t asked_bytes;      /* what the live blocks' callers asked */
	uint32_t live;           /* blocks allocated now */
	uint32_t failed;         /* ck_heap_alloc() calls that found no room */
	uint32_t bad_frees;      /* ck_heap_free() calls refused */
};

/**
 * ck_heap_init() - make @buf an empty heap.
 * @heap: heap object, caller-provided: never initialised (any content), or
 *        initialised with no block allocated.
 * @buf: the heap's memory, caller-provided; must outlive the heap and not
 *       be used otherwise. Its start is rounded up to CK_HEAP_ALIGN.
 * @bytes: its size. TLSF's control structure takes the first 3,192 bytes
 *         (32-bit CPUs; 6,536 on 64-bit hosts: tlsf_size() rounded to
 *         CK_HEAP_ALIGN), its pool the rest but for 0..7 bytes at the end
 *         (so that every block stays CK_HEAP_ALIGN-aligned).
 * Return: 0, -CK_EINVAL (@heap or @buf NULL, @buf + @bytes past the end of
 *         the address space, too small for the control structure and one
 *         small block, or a pool above TLSF's limit, tlsf_block_size_max():
 *         1 GiB on 32-bit CPUs), -CK_EBUSY (@heap is initialised and has
 *         blocks allocated); on an error nothing changes, @heap included.
 * Context: init, RT task. RT is masked for a few instructions only:
 * the control structure (24 x 32 free lists on 32-bit CPUs) is built while the heap
 * refuses every call.
 */
int ck_heap_init(struct ck_heap *heap, void *buf, size_t bytes);

/**
 * ck_heap_alloc() - allocate @bytes. O(1) (the bound above).
 * @bytes: the block's size, bytes, > 0.
 * Return: the block, CK_HEAP_ALIGN-aligned, @bytes or a few more long,
 *         contents undefined; or NULL: @heap NULL or never initialised,
 *         @bytes 0 (neither counted), no free block large enough, @bytes
 *         above the heap's total (both counted in failed).
 * Context: any (RT task, RT interrupt, init).
 */
void *ck_heap_alloc(struct ck_heap *heap, size_t bytes);

/**
 * ck_heap_free() - give back block @p. O(1) (the bound above).
 *
 * Checked before TLSF sees @p: that it lies in this heap's pool, is
 * CK_HEAP_ALIGN-aligned and that the 8 bytes before it hold the tag
 * ck_heap_alloc() wrote there for that address, which a free clears. So
 * refused, with nothing changed: a pointer of another heap, pool, stack or
 * static; a pointer inside a block (unless the block's data hold that
 * address's tag word, 1 chance in 2^32 for random data, at exactly the
 * word before it); a double free.
 * Not detected: a double free after the same address was handed out again
 * (the second free frees the new owner's block, as with any allocator);
 * a free by a holder that is not the owner; a write past a block's end or
 * before its start: it breaks TLSF's header of the next block, and a later
 * call may stop the co-kernel on TLSF's assertion (ck_assert_fail(): an RT
 * task is suspended as on a fault) or corrupt the heap.
 * Return: 0, or -CK_EINVAL (@heap NULL or never initialised; @p NULL or
 *         refused as above: counted in bad_frees).
 * Context: any (RT task, RT interrupt, init).
 */
int ck_heap_free(struct ck_heap *heap, void *p);

/**
 * ck_heap_stats() - copy @heap's counters into *@st, consistently. O(1):
 * counters, not a walk (no largest-free-block figure).
 * Return: 0 or -CK_EINVAL (@heap or @st NULL, @heap never initialised).
 * Context: any.
 */
int ck_heap_stats(struct ck_heap *heap, struct ck_heap_stats *st);

#endif /* CK_HEAP_H */
