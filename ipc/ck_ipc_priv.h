/* SPDX-License-Identifier: MIT */
/* ck_ipc_priv.h - helpers shared by the ipc/ implementation files only. */
#ifndef CK_IPC_PRIV_H
#define CK_IPC_PRIV_H

#include "ck_ipc.h"

/*
 * Region accesses. Every load and store ipc/ makes to the shared region goes
 * through ipc_rd32()/ipc_wr32() or ipc_copy_to()/ipc_copy_from(): volatile
 * lvalues, because the other side may change any word at any time and the
 * compiler must neither cache nor merge them. A CK_DEBUG build also counts
 * them in ck_ipc_debug_accesses (one per load or store, of any width), which
 * is how the host tests check the RT side's bound CK_IPC_RT_ACCESS_MAX.
 */
#ifdef CK_DEBUG
extern unsigned long ck_ipc_debug_accesses;
#define IPC_COUNT_ACCESS() ((void)ck_ipc_debug_accesses++)
#else
#define IPC_COUNT_ACCESS() ((void)0)
#endif

typedef volatile struct ck_ipc_dir ipc_vdir;
typedef volatile struct ck_ipc_desc ipc_vdesc;
typedef volatile struct ck_ipc_ring_hdr ipc_vring;
typedef volatile struct ck_ipc_slot_hdr ipc_vslot;
typedef volatile struct ck_ipc_state_hdr ipc_vstate;

static inline ipc_vdir *ipc_dir(const void *base)
{
	return (ipc_vdir *)(uintptr_t)base;
}

static inline volatile uint8_t *ipc_at(const void *base, uint32_t off)
{
	return (volatile uint8_t *)(uintptr_t)base + off;
}

static inline uint32_t ipc_rd32(const volatile uint32_t *p)
{
	IPC_COUNT_ACCESS();
	return *p;
}

static inline void ipc_wr32(volatile uint32_t *p, uint32_t v)
{
	IPC_COUNT_ACCESS();
	*p = v;
}

static inline uint32_t ipc_round8(uint32_t n)
{
	return (n + (CK_IPC_ALIGN - 1u)) & ~(CK_IPC_ALIGN - 1u);
}

static inline bool ipc_is_ring(uint32_t kind)
{
	return kind == CK_IPC_RING_RT2LX || kind == CK_IPC_RING_LX2RT;
}

static inline bool ipc_is_state(uint32_t kind)
{
	return kind == CK_IPC_STATE_RT2LX || kind == CK_IPC_STATE_LX2RT;
}

/* Does @side produce (ring) or write (state) on a channel of @kind? */
static inline bool ipc_side_writes(uint32_t kind, uint32_t side)
{
	bool rt_writes = kind == CK_IPC_RING_RT2LX || kind == CK_IPC_STATE_RT2LX;

	return rt_writes == (side == CK_IPC_SIDE_RT);
}

/* Bytes of the channel area for this geometry (64-bit: no overflow). */
uint64_t ipc_area_bytes(uint32_t kind, uint32_t slot_bytes, uint32_t nr_slots);

/* Validate an untrusted directory entry (copied to @d) against a region of
 * @lim bytes. Return true if every field is consistent. */
bool ipc_desc_valid(const struct ck_ipc_desc *d, uint32_t lim);

/* Copy the untrusted entry @idx out of the region. */
void ipc_desc_read(const void *base, uint32_t idx, struct ck_ipc_desc *d);

void ipc_copy_to(volatile uint8_t *dst, const uint8_t *src, uint32_t n);
void ipc_copy_from(uint8_t *dst, const volatile uint8_t *src, uint32_t n);

/* The seal of a handle's geometry (idx .. side). */
uint32_t ipc_chan_seal(const struct ck_ipc_chan *ch);

/* Is @ch a handle create/open made and nobody changed since? */
static inline bool ipc_handle_sealed(const struct ck_ipc_chan *ch)
{
	return ch && ch->idx < CK_IPC_MAX_CHAN &&
	       ch->seal == ipc_chan_seal(ch);
}

/* ipc_handle_sealed(), and a ring (@ring) or a state block used from its
 * producing/writing side (@writer) or the other one. Touches nothing. */
static inline bool ipc_handle_ok(const struct ck_ipc_chan *ch, bool ring,
				 bool writer)
{
	return ipc_handle_sealed(ch) &&
	       (ring ? ipc_is_ring(ch->kind) : ipc_is_state(ch->kind)) &&
	       ipc_side_writes(ch->kind, ch->side) == writer;
}

/* Every ring/state call starts here once its arguments are checked:
 * validates the directory and the entry against the handle; on the RT side
 * handles FAULTED and reset requests. Return 0 or a negative error (already
 * counted as a fault if it is one). */
int ipc_enter(void *base, struct ck_ipc_chan *ch);

/* RT side, O(1): could a correct peer have left the ring header (and the
 * slot Linux reads next) / the state header as they are? */
bool ipc_ring_consistent(void *base, const struct ck_ipc_chan *ch);
bool ipc_state_consistent(void *base, const struct ck_ipc_chan *ch);

/* Corruption found by a call: RT side marks and counts, both return
 * -CK_EBADMSG. */
int ipc_corrupt(void *base, struct ck_ipc_chan *ch);

#endif /* CK_IPC_PRIV_H */
