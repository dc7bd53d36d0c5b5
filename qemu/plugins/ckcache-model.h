/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ckcache-model.h - one set-associative cache level: geometry, replacement
 * and write policy, as the TCG plugin ckcache.c drives it. No QEMU in
 * here, so the host unit tests (tests/unit/test_cache_model.c) run it on
 * known access sequences.
 *
 * Addresses are line keys the caller chose (a virtual address for a VIVT
 * cache, a physical one otherwise); the model only splits them into set
 * and tag. One instance per cache (I, D, L2); no locking: one vCPU.
 */
#ifndef CKCACHE_MODEL_H
#define CKCACHE_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* How a miss picks its victim in a full set. */
enum ckc_repl {
	CKC_LRU,    /* true least-recently used (SH7751R's one LRU bit per
		     * 2-way set is the same thing) */
	CKC_PLRU,   /* binary-tree pseudo-LRU, ways - 1 bits per set (e500
		     * L1, G2_LE / 603e) */
	CKC_RR,     /* round-robin: one victim counter per cache, stepped on
		     * each line fill (ARM926 with SCTLR.RR = 1) */
	CKC_RANDOM, /* pseudo-random: a 16-bit LFSR per cache with a fixed
		     * seed, so runs repeat (ARM926 with SCTLR.RR = 0) */
};

/* A cache's shape and policies, as parsed from a plugin argument. */
struct ckc_geom {
	uint32_t size_bytes;  /* total capacity */
	uint32_t ways;        /* 1 (direct mapped) .. 32 */
	uint32_t line_bytes;  /* power of two, 8 .. 256 */
	enum ckc_repl repl;
	bool write_back;      /* false: write-through (stores never dirty) */
	bool write_alloc;     /* a store miss fills the line */
	bool valid_first;     /* a miss fills an invalid way before evicting
			       * (LRU/PLRU hardware does; RR/random ARM926
			       * does not look) */
};

struct ckc_line {
	uint64_t tag;   /* line address (key >> line shift) */
	uint32_t stamp; /* LRU: access time of the line */
	uint8_t valid, dirty;
};

struct ckc_cache {
	struct ckc_geom g;
	uint32_t sets, line_shift;
	struct ckc_line *lines; /* sets * ways, set-major */
	uint32_t *plru;         /* PLRU tree bits per set */
	uint32_t clock;         /* LRU time */
	uint32_t rr_next;       /* RR victim counter */
	uint16_t lfsr;          /* RANDOM state */
};

/* The result of one access: bits. */
#define CKC_MISS 1u      /* the line was not present */
#define CKC_FILL 2u      /* a line fill was started (a read miss, or a
			  * store miss with write_alloc) */
#define CKC_WRITEBACK 4u /* a dirty victim was evicted: *victim set */

/**
 * ckc_parse() - read a cache spec "size:ways:line:repl[:wb|wt[:alloc|noalloc]]"
 * @spec: e.g. "32768:4:32:rr:wb:noalloc"; size and line in bytes, repl one
 *        of lru plru rr random; the write policy defaults to wb:alloc
 * @g: filled on success
 * @err: a sentence naming what is wrong, on failure
 * @errlen: its size in bytes
 * @return 0, or -1 with @err set (a size that is not ways * line * a
 *         power of two sets, an unknown policy word, a number out of range)
 * Context: any; no allocation.
 */
int ckc_parse(const char *spec, struct ckc_geom *g, char *err, size_t errlen);

/**
 * ckc_init() - an empty cache (every line invalid) of geometry @g
 * @return 0, or -1 when @g is not a valid geometry or memory runs out
 * Context: any; allocates sets * ways lines (free with ckc_free()).
 */
int ckc_init(struct ckc_cache *c, const struct ckc_geom *g);

/** ckc_free() - release what ckc_init() allocated. */
void ckc_free(struct ckc_cache *c);

/**
 * ckc_access() - one load or store of the line holding byte address @key
 * @store: true for a store (dirties the line when write-back; a miss fills
 *         only when write_alloc)
 * @victim: where a dirty victim's byte address goes (CKC_WRITEBACK)
 * @return CKC_* bits; 0 is a hit
 * Context: any.
 */
unsigned int ckc_access(struct ckc_cache *c, uint64_t key, bool store,
			uint64_t *victim);

/**
 * ckc_invalidate_all() - every line invalid (ARM926 CP15 c7 "invalidate
 * entire cache", or the end of a clean-and-invalidate loop)
 * @return the number of dirty lines dropped (written back first by a
 *         clean-and-invalidate)
 */
uint32_t ckc_invalidate_all(struct ckc_cache *c);

/** ckc_clean_all() - every dirty line written back; @return how many. */
uint32_t ckc_clean_all(struct ckc_cache *c);

/** ckc_line_key() - the line address of byte address @key. */
static inline uint64_t ckc_line_key(const struct ckc_cache *c, uint64_t key)
{
	return key >> c->line_shift;
}

#endif /* CKCACHE_MODEL_H */
