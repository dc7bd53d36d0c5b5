// SPDX-License-Identifier: MIT
/*
 * heap.c - the RT heap (ck/heap.h): TLSF (cokernel/lib/tlsf) with RT
 * masked around each call, a tag before each block, and counters.
 *
 * 8-byte alignment without patching TLSF: on 32-bit CPUs TLSF aligns to 4
 * and puts a 4-byte size word (ov, tlsf_alloc_overhead()) before each
 * block, so a block's successor starts size + ov after it. The pool starts
 * ov before an 8-aligned address (where the first block starts), every
 * request is of a size with size + ov a multiple of 8, and the pool is of
 * a length that gives its first free block the same property; splits and
 * merges keep it (they add and subtract sizes + ov), so every block stays
 * 8-aligned, and so does the caller's block after our 8-byte header.
 */
#include "core.h"
#include <ck/heap.h>
#include "tlsf.h"

/* ASCII "HEAP": see the magic words in core.h. */
#define CK_HEAP_MAGIC 0x48454150u
/* A live block's tag is this word XOR its address; a freed one holds 0. */
#define CK_HEAP_TAG 0x616c6c6fu

/* What ck_heap_alloc() writes before the caller's block. */
struct heap_hdr {
	uint32_t tag;            /* CK_HEAP_TAG ^ the caller's address */
	uint32_t asked_bytes;    /* the size asked */
};

_Static_assert(sizeof(struct heap_hdr) == CK_HEAP_ALIGN,
	       "the header keeps the caller's block aligned");

static size_t heap_align_up(size_t x)
{
	return (x + CK_HEAP_ALIGN - 1) & ~(size_t)(CK_HEAP_ALIGN - 1);
}

static uint32_t heap_tag(const void *p)
{
	return CK_HEAP_TAG ^ (uint32_t)(uintptr_t)p;
}

/* TLSF's request for @bytes of the caller's: header in, size + ov % 8 == 0 */
static size_t heap_request(size_t bytes)
{
	size_t ov = tlsf_alloc_overhead();

	return heap_align_up(bytes + sizeof(struct heap_hdr) + ov) - ov;
}

/* The bytes a live TLSF block @tp takes, its size word included. */
static size_t heap_block_bytes(void *tp)
{
	return tlsf_block_size(tp) + tlsf_alloc_overhead();
}

int ck_heap_init(struct ck_heap *heap, void *buf, size_t bytes)
{
	uintptr_t start = (uintptr_t)buf, end;
	size_t ov = tlsf_alloc_overhead(), ctl_bytes, pool_bytes, min_block;
	/* TLSF's first block starts ov into the pool (its size word first) */
	size_t pool_off = (CK_HEAP_ALIGN - ov % CK_HEAP_ALIGN) % CK_HEAP_ALIGN;
	ck_rtflags_t flags;
	uint8_t *pool;
	void *tlsf;

	if (!heap || !buf || bytes > UINTPTR_MAX - start)
		return -CK_EINVAL;
	end = start + bytes;
	start = heap_align_up(start);
	ctl_bytes = heap_align_up(tlsf_size());
	min_block = heap_request(1);
	if (min_block < tlsf_block_size_min())
		min_block = tlsf_block_size_min();
	/* room for the control structure and TLSF's smallest pool */
	if (start > end || end - start < ctl_bytes + pool_off +
				      tlsf_pool_overhead() + min_block)
		return -CK_EINVAL;
	/* the largest length that fits with length - ov a multiple of 8:
	 * the first block is length - 2 ov long, length - ov with its size
	 * word (the header comment) */
	pool = (uint8_t *)(start + ctl_bytes + pool_off);
	pool_bytes = end - (uintptr_t)pool;
	pool_bytes -= (pool_bytes - ov) % CK_HEAP_ALIGN;
	if (pool_bytes - tlsf_pool_overhead() > tlsf_block_size_max())
		return -CK_EINVAL;

	flags = arch_rt_mask();
	if (heap->magic == CK_HEAP_MAGIC && heap->live) {
		arch_rt_restore(flags);
		return -CK_EBUSY;
	}
	heap->magic = 0;         /* refused by every call until built */
	arch_rt_restore(flags);

	tlsf = tlsf_create((void *)start);
	if (!tlsf || !tlsf_add_pool(tlsf, pool, pool_bytes)) {
		ck_assert(0);    /* the checks above are TLSF's */
		return -CK_EINVAL;
	}

	flags = arch_rt_mask();
	heap->tlsf = tlsf;
	heap->lo = pool;
	heap->hi = pool + pool_bytes - ov;   /* the end of the last block */
	heap->total_bytes = pool_bytes - ov;
	heap->used_bytes = 0;
	heap->asked_bytes = 0;
	heap->min_free_bytes = heap->total_bytes;
	heap->live = 0;
	heap->failed = 0;
	heap->bad_frees = 0;
	heap->magic = CK_HEAP_MAGIC;
	arch_rt_restore(flags);
	return 0;
}

void *ck_heap_alloc(struct ck_heap *heap, size_t bytes)
{
	struct heap_hdr *h = NULL;
	ck_rtflags_t flags;

	if (!heap || heap->magic != CK_HEAP_MAGIC || !bytes)
		return NULL;
	flags = arch_rt_mask();
	/* too big: no TLSF call, and no overflow in heap_request() */
	if (bytes <= heap->total_bytes)
		h = tlsf_malloc(heap->tlsf, heap_request(bytes));
	if (h) {
		ck_assert(!((uintptr_t)h % CK_HEAP_ALIGN));
		h->tag = heap_tag(h + 1);
		h->asked_bytes = (uint32_t)bytes;
		heap->live++;
		heap->asked_bytes += bytes;
		heap->used_bytes += heap_block_bytes(h);
		if (heap->total_bytes - heap->used_bytes < heap->min_free_bytes)
			heap->min_free_bytes =
				heap->total_bytes - heap->used_bytes;
	} else {
		heap->failed++;
	}
	arch_rt_restore(flags);
	return h ? h + 1 : NULL;
}

int ck_heap_free(struct ck_heap *heap, void *p)
{
	uintptr_t a = (uintptr_t)p;
	struct heap_hdr *h;
	ck_rtflags_t flags;
	int ret = 0;

	if (!heap || heap->magic != CK_HEAP_MAGIC)
		return -CK_EINVAL;
	flags = arch_rt_mask();
	/* the range first: the tag is read only inside the pool */
	h = (struct heap_hdr *)(a - sizeof(*h));
	if (a < (uintptr_t)heap->lo + sizeof(*h) || a >= (uintptr_t)heap->hi ||
	    a % CK_HEAP_ALIGN || h->tag != heap_tag(p)) {
		heap->bad_frees++;
		ret = -CK_EINVAL;
	} else {
		h->tag = 0;
		heap->live--;
		heap->asked_bytes -= h->asked_bytes;
		heap->used_bytes -= heap_block_bytes(h);
		tlsf_free(heap->tlsf, h);
	}
	arch_rt_restore(flags);
	return ret;
}

int ck_heap_stats(struct ck_heap *heap, struct ck_heap_stats *st)
{
	ck_rtflags_t flags;

	if (!heap || !st || heap->magic != CK_HEAP_MAGIC)
		return -CK_EINVAL;
	flags = arch_rt_mask();
	st->total_bytes = heap->total_bytes;
	st->used_bytes = heap->used_bytes;
	st->free_bytes = heap->total_bytes - heap->used_bytes;
	st->min_free_bytes = heap->min_free_bytes;
	st->asked_bytes = heap->asked_bytes;
	st->live = heap->live;
	st->failed = heap->failed;
	st->bad_frees = heap->bad_frees;
	arch_rt_restore(flags);
	return 0;
}
