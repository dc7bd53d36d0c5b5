// SPDX-License-Identifier: MIT
/* ck_ipc_dir.c - shared-region directory: format, lookup, validation, faults. */
#include "ck_ipc_priv.h"

#define DIR_BYTES ((uint32_t)sizeof(struct ck_ipc_dir))

#ifdef CK_DEBUG
unsigned long ck_ipc_debug_accesses;
#endif

void ipc_copy_to(volatile uint8_t *dst, const uint8_t *src, uint32_t n)
{
	uint32_t i = 0;

	if ((((uintptr_t)dst | (uintptr_t)src) & 3u) == 0) {
		volatile uint32_t *d32 = (volatile uint32_t *)dst;
		const uint32_t *s32 = (const uint32_t *)(const void *)src;

		for (; i + 4u <= n; i += 4u) {
			IPC_COUNT_ACCESS();
			d32[i / 4u] = s32[i / 4u];
		}
	}
	for (; i < n; i++) {
		IPC_COUNT_ACCESS();
		dst[i] = src[i];
	}
}

void ipc_copy_from(uint8_t *dst, const volatile uint8_t *src, uint32_t n)
{
	uint32_t i = 0;

	if ((((uintptr_t)dst | (uintptr_t)src) & 3u) == 0) {
		const volatile uint32_t *s32 = (const volatile uint32_t *)src;
		uint32_t *d32 = (uint32_t *)(void *)dst;

		for (; i + 4u <= n; i += 4u) {
			IPC_COUNT_ACCESS();
			d32[i / 4u] = s32[i / 4u];
		}
	}
	for (; i < n; i++) {
		IPC_COUNT_ACCESS();
		dst[i] = src[i];
	}
}

uint64_t ipc_area_bytes(uint32_t kind, uint32_t slot_bytes, uint32_t nr_slots)
{
	uint64_t payload = ipc_round8(slot_bytes);

	if (ipc_is_ring(kind))
		return sizeof(struct ck_ipc_ring_hdr) +
		       (uint64_t)nr_slots *
			       (sizeof(struct ck_ipc_slot_hdr) + payload);
	return sizeof(struct ck_ipc_state_hdr) + payload;
}

static bool name_valid(const char *name, size_t max)
{
	size_t i;

	if (!name || !name[0])
		return false;
	for (i = 0; i < max; i++)
		if (!name[i])
			return true;
	return false;
}

static bool name_eq(const char *a, const char *b)
{
	uint32_t i;

	for (i = 0; i < CK_IPC_NAME_BYTES; i++) {
		if (a[i] != b[i])
			return false;
		if (!a[i])
			return true;
	}
	return false;
}

bool ipc_desc_valid(const struct ck_ipc_desc *d, uint32_t lim)
{
	uint32_t policy = d->flags & ~CK_IPC_F_FAULTED;

	if (!name_valid(d->name, CK_IPC_NAME_BYTES))
		return false;
	if (!ipc_is_ring(d->kind) && !ipc_is_state(d->kind))
		return false;
	if (policy & ~CK_IPC_F_POLICY_MASK)
		return false;
	if (d->slot_bytes == 0 || d->slot_bytes > CK_IPC_MAX_SLOT_BYTES)
		return false;
	if (ipc_is_ring(d->kind)) {
		if (d->nr_slots == 0 || d->nr_slots > CK_IPC_MAX_SLOTS ||
		    (d->nr_slots & (d->nr_slots - 1u)))
			return false;
	} else if (d->nr_slots != 1 || policy) {
		return false;
	}
	if (d->off % CK_IPC_ALIGN || d->off < DIR_BYTES || d->off > lim ||
	    d->bytes > lim - d->off)
		return false;
	return ipc_area_bytes(d->kind, d->slot_bytes, d->nr_slots) <= d->bytes;
}

void ipc_desc_read(const void *base, uint32_t idx, struct ck_ipc_desc *d)
{
	ipc_copy_from((uint8_t *)d, (const volatile uint8_t *)&ipc_dir(base)->chan[idx],
		      sizeof(*d));
}

/* The RT side's handles by directory index (ck_ipc_repair()): a handle
 * lives as long as its channel, which is never deleted. Empty in a Linux
 * process, which creates no channel. */
static struct ck_ipc_chan *rt_handles[CK_IPC_MAX_CHAN];

/* The directory header after its magic went 0 (invalid while written):
 * every field, then the magic back. */
static void dir_header_write(ipc_vdir *dir, uint32_t region_bytes, uint32_t nr_chan,
			     uint32_t alloc_off)
{
	ipc_wr32(&dir->abi, CK_IPC_ABI);
	ipc_wr32(&dir->region_bytes, region_bytes);
	ipc_wr32(&dir->dir_bytes, DIR_BYTES);
	ipc_wr32(&dir->max_chan, CK_IPC_MAX_CHAN);
	ipc_wr32(&dir->nr_chan, nr_chan);
	ipc_wr32(&dir->alloc_off, alloc_off);
	CK_IPC_BARRIER();
	ipc_wr32(&dir->magic, CK_IPC_MAGIC);
}

int ck_ipc_dir_init(void *base, uint32_t region_bytes)
{
	ipc_vdir *dir = ipc_dir(base);
	uint32_t i;

	if (!base || region_bytes < DIR_BYTES || ((uintptr_t)base & 7u))
		return -CK_EINVAL;
	for (i = 0; i < CK_IPC_MAX_CHAN; i++)   /* a new directory: no channel */
		rt_handles[i] = NULL;
	ipc_wr32(&dir->magic, 0); /* invalid while formatting */
	CK_IPC_BARRIER();
	for (i = 0; i < DIR_BYTES; i += 4u)
		ipc_wr32((volatile uint32_t *)ipc_at(base, i), 0);
	dir_header_write(dir, region_bytes, 0, DIR_BYTES);
	return 0;
}

/* The limit all entries must fit in: the directory's own size, which must
 * itself fit in the trusted @region_bytes. 0 if the header is bad. */
static uint32_t dir_limit(const void *base, uint32_t region_bytes)
{
	ipc_vdir *dir = ipc_dir(base);
	uint32_t lim, nr, alloc;

	if (ipc_rd32(&dir->magic) != CK_IPC_MAGIC ||
	    (ipc_rd32(&dir->abi) >> 16) != CK_IPC_ABI_MAJOR)
		return 0;
	lim = ipc_rd32(&dir->region_bytes);
	nr = ipc_rd32(&dir->nr_chan);
	alloc = ipc_rd32(&dir->alloc_off);
	if (lim > region_bytes || lim < DIR_BYTES ||
	    ipc_rd32(&dir->dir_bytes) != DIR_BYTES ||
	    ipc_rd32(&dir->max_chan) != CK_IPC_MAX_CHAN ||
	    nr > CK_IPC_MAX_CHAN || alloc < DIR_BYTES || alloc > lim)
		return 0;
	return lim;
}

int ck_ipc_dir_check(const void *base, uint32_t region_bytes)
{
	if (!base || region_bytes < DIR_BYTES)
		return -CK_EINVAL;
	return dir_limit(base, region_bytes) ? 0 : -CK_EBADMSG;
}

int ck_ipc_find(const void *base, uint32_t region_bytes, const char *name)
{
	struct ck_ipc_desc d;
	uint32_t i, nr;
	int err = ck_ipc_dir_check(base, region_bytes);

	if (err)
		return err;
	if (!name_valid(name, CK_IPC_NAME_BYTES))
		return -CK_EINVAL;
	nr = ipc_rd32(&ipc_dir(base)->nr_chan);
	if (nr > CK_IPC_MAX_CHAN) /* re-read: Linux may have changed it */
		return -CK_EBADMSG;
	for (i = 0; i < nr; i++) {
		ipc_desc_read(base, i, &d);
		if (name_eq(d.name, name))
			return (int)i;
	}
	return -CK_ENODEV;
}

uint32_t ipc_chan_seal(const struct ck_ipc_chan *ch)
{
	const uint32_t w[] = { ch->idx,	       ch->kind,       ch->flags,
			       ch->off,	       ch->bytes,      ch->slot_bytes,
			       ch->nr_slots,   ch->stride,     ch->region_bytes,
			       ch->side };
	uint32_t h = 0x811c9dc5u, i; /* FNV-1a over the words */

	for (i = 0; i < sizeof(w) / sizeof(w[0]); i++)
		h = (h ^ w[i]) * 0x01000193u;
	return h;
}

static void chan_fill(struct ck_ipc_chan *ch, const struct ck_ipc_desc *d,
		      uint32_t idx, uint32_t region_bytes, uint32_t side)
{
	uint32_t i;

	for (i = 0; i < CK_IPC_NAME_BYTES; i++)
		ch->name[i] = d->name[i];
	ch->idx = idx;
	ch->kind = d->kind;
	ch->flags = d->flags & CK_IPC_F_POLICY_MASK;
	ch->off = d->off;
	ch->bytes = d->bytes;
	ch->slot_bytes = d->slot_bytes;
	ch->nr_slots = d->nr_slots;
	ch->stride = (uint32_t)sizeof(struct ck_ipc_slot_hdr) +
		     ipc_round8(d->slot_bytes);
	ch->region_bytes = region_bytes;
	ch->side = side;
	ch->own_idx = 0;
	ch->sent = ch->rejected = ch->dropped = ch->received = ch->writes = 0;
	ch->invalid = 0;
	ch->faults = d->faults;
	ch->reset_seen = d->reset_req;
	ch->faulted = false;
	ch->seal = ipc_chan_seal(ch);
}

/* The channel's `invalid` counter (ring or state header). */
static volatile uint32_t *chan_invalid(const void *base,
				       const struct ck_ipc_chan *ch)
{
	if (ipc_is_ring(ch->kind))
		return &((ipc_vring *)ipc_at(base, ch->off))->invalid;
	return &((ipc_vstate *)ipc_at(base, ch->off))->invalid;
}

/* Rewrite the channel header from the handle: an empty ring whose indices
 * both stand at the RT side's own index, or a never-written state block.
 * The consumer's `invalid` count is history, like desc.faults: kept if the
 * RT side owns it, left to Linux otherwise (zeroed for a new channel).
 * O(1): the slots are left as they are. A slot is only read once the
 * producer has published an index past it, and the producer rewrites a
 * slot's seq and len before that; message indices run on across a reset,
 * so a seq left from before it never equals an index read after it (until
 * 2^32 messages later). */
static void chan_restart(void *base, const struct ck_ipc_chan *ch, bool fresh)
{
	if (ipc_is_ring(ch->kind)) {
		ipc_vring *r = (ipc_vring *)ipc_at(base, ch->off);

		ipc_wr32(&r->head, ch->own_idx);
		ipc_wr32(&r->tail, ch->own_idx);
		ipc_wr32(&r->sent, ch->sent);
		ipc_wr32(&r->rejected, ch->rejected);
		ipc_wr32(&r->dropped, ch->dropped);
		ipc_wr32(&r->received, ch->received);
		ipc_wr32(&r->reserved, 0);
	} else {
		ipc_vstate *st = (ipc_vstate *)ipc_at(base, ch->off);

		ipc_wr32(&st->seq, ch->own_idx);
		ipc_wr32(&st->len, 0);
		ipc_wr32(&st->writes, ch->writes);
	}
	if (fresh || !ipc_side_writes(ch->kind, CK_IPC_SIDE_RT))
		ipc_wr32(chan_invalid(base, ch), ch->invalid);
}

/* A new channel: its header, and every slot marked "being written" so a
 * dump of a fresh ring shows no message. RT init only: O(nr_slots). */
static void chan_format(void *base, const struct ck_ipc_chan *ch)
{
	uint32_t i;

	chan_restart(base, ch, true);
	for (i = 0; ipc_is_ring(ch->kind) && i < ch->nr_slots; i++) {
		uint32_t off = ch->off +
			       (uint32_t)sizeof(struct ck_ipc_ring_hdr) +
			       i * ch->stride;
		ipc_vslot *s = (ipc_vslot *)ipc_at(base, off);

		ipc_wr32(&s->seq, i ^ CK_IPC_SEQ_BUSY);
		ipc_wr32(&s->len, 0);
	}
}

static int chan_create(void *base, uint32_t region_bytes, const char *name,
		       uint32_t kind, uint32_t slot_bytes, uint32_t nr_slots,
		       uint32_t flags, struct ck_ipc_chan *ch)
{
	ipc_vdir *dir = ipc_dir(base);
	struct ck_ipc_desc d;
	uint64_t area;
	uint32_t i, lim, nr, alloc;
	int err;

	if (!ch || !name_valid(name, CK_IPC_NAME_BYTES) ||
	    slot_bytes == 0 || slot_bytes > CK_IPC_MAX_SLOT_BYTES ||
	    (flags & ~CK_IPC_F_POLICY_MASK))
		return -CK_EINVAL;
	err = ck_ipc_find(base, region_bytes, name);
	if (err >= 0)
		return -CK_EEXIST;
	if (err != -CK_ENODEV)
		return err;
	lim = dir_limit(base, region_bytes);
	nr = ipc_rd32(&dir->nr_chan);
	alloc = ipc_rd32(&dir->alloc_off);
	if (!lim || nr > CK_IPC_MAX_CHAN || alloc < DIR_BYTES || alloc > lim ||
	    alloc % CK_IPC_ALIGN)
		return -CK_EBADMSG;
	if (nr == CK_IPC_MAX_CHAN)
		return -CK_ENOSPC;
	area = ipc_area_bytes(kind, slot_bytes, nr_slots);
	area = (area + CK_IPC_ALIGN - 1u) & ~(uint64_t)(CK_IPC_ALIGN - 1u);
	if (area > (uint64_t)(lim - alloc))
		return -CK_ENOSPC;

	for (i = 0; i < CK_IPC_NAME_BYTES; i++) /* name_valid: NUL inside */
		d.name[i] = 0;
	for (i = 0; name[i]; i++)
		d.name[i] = name[i];
	d.kind = kind;
	d.flags = flags;
	d.off = alloc;
	d.bytes = (uint32_t)area;
	d.slot_bytes = slot_bytes;
	d.nr_slots = nr_slots;
	d.faults = 0;
	d.reset_req = ipc_rd32(&dir->chan[nr].reset_req); /* Linux's counter */
	chan_fill(ch, &d, nr, region_bytes, CK_IPC_SIDE_RT);
	chan_format(base, ch);
	ipc_copy_to((volatile uint8_t *)&dir->chan[nr], (const uint8_t *)&d,
		    sizeof(d));
	ipc_wr32(&dir->alloc_off, alloc + (uint32_t)area);
	CK_IPC_BARRIER();
	ipc_wr32(&dir->nr_chan, nr + 1u); /* publish last */
	rt_handles[nr] = ch;
	return 0;
}

int ck_ipc_ring_create(void *base, uint32_t region_bytes, const char *name,
		       uint32_t kind, uint32_t slot_bytes, uint32_t nr_slots,
		       uint32_t flags, struct ck_ipc_chan *ch)
{
	if (!ipc_is_ring(kind) || nr_slots == 0 ||
	    nr_slots > CK_IPC_MAX_SLOTS || (nr_slots & (nr_slots - 1u)))
		return -CK_EINVAL;
	return chan_create(base, region_bytes, name, kind, slot_bytes,
			   nr_slots, flags, ch);
}

int ck_ipc_state_create(void *base, uint32_t region_bytes, const char *name,
			uint32_t kind, uint32_t bytes, struct ck_ipc_chan *ch)
{
	if (!ipc_is_state(kind))
		return -CK_EINVAL;
	return chan_create(base, region_bytes, name, kind, bytes, 1, 0, ch);
}

int ck_ipc_open(const void *base, uint32_t region_bytes, const char *name,
		uint32_t side, struct ck_ipc_chan *ch)
{
	struct ck_ipc_desc d;
	int idx;

	if (!ch || (side != CK_IPC_SIDE_RT && side != CK_IPC_SIDE_LINUX))
		return -CK_EINVAL;
	idx = ck_ipc_find(base, region_bytes, name);
	if (idx < 0)
		return idx;
	ipc_desc_read(base, (uint32_t)idx, &d);
	if (!ipc_desc_valid(&d, dir_limit(base, region_bytes)))
		return -CK_EBADMSG;
	chan_fill(ch, &d, (uint32_t)idx, region_bytes, side);
	if (side == CK_IPC_SIDE_RT) {
		/* adopt the shared state as the starting point */
		if (ipc_is_ring(d.kind)) {
			ipc_vring *r = (ipc_vring *)ipc_at(base, d.off);

			ch->own_idx = ipc_rd32(ipc_side_writes(d.kind, side)
						       ? &r->head
						       : &r->tail);
			ch->sent = ipc_rd32(&r->sent);
			ch->rejected = ipc_rd32(&r->rejected);
			ch->dropped = ipc_rd32(&r->dropped);
			ch->received = ipc_rd32(&r->received);
		} else {
			ipc_vstate *st = (ipc_vstate *)ipc_at(base, d.off);

			ch->own_idx = ipc_rd32(&st->seq) & ~1u;
			ch->writes = ipc_rd32(&st->writes);
		}
		ch->invalid = ipc_rd32(chan_invalid(base, ch));
		ch->faulted = (d.flags & CK_IPC_F_FAULTED) != 0;
	}
	return 0;
}

int ck_ipc_info(const void *base, uint32_t region_bytes, uint32_t idx,
		struct ck_ipc_info *info)
{
	struct ck_ipc_desc d;
	uint32_t lim, i;
	int err;

	if (!info)
		return -CK_EINVAL;
	err = ck_ipc_dir_check(base, region_bytes);
	if (err)
		return err;
	lim = dir_limit(base, region_bytes);
	if (idx >= ipc_rd32(&ipc_dir(base)->nr_chan) || idx >= CK_IPC_MAX_CHAN)
		return -CK_ENODEV;
	ipc_desc_read(base, idx, &d);
	for (i = 0; i < CK_IPC_NAME_BYTES; i++)
		info->name[i] = d.name[i];
	info->name[CK_IPC_NAME_BYTES - 1] = 0;
	info->kind = d.kind;
	info->flags = d.flags;
	info->off = d.off;
	info->bytes = d.bytes;
	info->slot_bytes = d.slot_bytes;
	info->nr_slots = d.nr_slots;
	info->faults = d.faults;
	info->head = info->tail = info->sent = info->rejected = 0;
	info->dropped = info->received = info->seq = info->len = 0;
	info->writes = info->invalid = 0;
	if (!ipc_desc_valid(&d, lim))
		return -CK_EBADMSG;
	if (ipc_is_ring(d.kind)) {
		ipc_vring *r = (ipc_vring *)ipc_at(base, d.off);

		info->head = ipc_rd32(&r->head);
		info->tail = ipc_rd32(&r->tail);
		info->sent = ipc_rd32(&r->sent);
		info->rejected = ipc_rd32(&r->rejected);
		info->dropped = ipc_rd32(&r->dropped);
		info->received = ipc_rd32(&r->received);
		info->invalid = ipc_rd32(&r->invalid);
	} else {
		ipc_vstate *st = (ipc_vstate *)ipc_at(base, d.off);

		info->seq = ipc_rd32(&st->seq);
		info->len = ipc_rd32(&st->len);
		info->writes = ipc_rd32(&st->writes);
		info->invalid = ipc_rd32(&st->invalid);
	}
	return 0;
}

int ck_ipc_request_reset(void *base, const struct ck_ipc_chan *ch)
{
	ipc_vdesc *d;

	if (!base || !ipc_handle_sealed(ch))
		return -CK_EINVAL;
	d = &ipc_dir(base)->chan[ch->idx];
	ipc_wr32(&d->reset_req, ipc_rd32(&d->reset_req) + 1u);
	return 0;
}

bool ck_ipc_faulted(const void *base, const struct ck_ipc_chan *ch)
{
	if (!base || !ipc_handle_sealed(ch))
		return true;
	if (ch->side == CK_IPC_SIDE_RT)
		return ch->faulted;
	return (ipc_rd32(&ipc_dir(base)->chan[ch->idx].flags) &
		CK_IPC_F_FAULTED) != 0;
}

bool ck_ipc_reset_pending(const void *base, const struct ck_ipc_chan *ch)
{
	if (!base || !ipc_handle_sealed(ch) || ch->side != CK_IPC_SIDE_RT)
		return false;
	return ipc_rd32(&ipc_dir(base)->chan[ch->idx].reset_req) !=
	       ch->reset_seen;
}

int ipc_corrupt(void *base, struct ck_ipc_chan *ch)
{
	ipc_vdir *dir = ipc_dir(base);
	ipc_vdesc *d;

	if (ch->side != CK_IPC_SIDE_RT)
		return -CK_EBADMSG;
	ch->faulted = true;
	ch->faults++;
	/* idx < CK_IPC_MAX_CHAN and the region holds the whole directory:
	 * both were checked when the handle was made, so these stores stay
	 * inside the region whatever Linux wrote. */
	d = &dir->chan[ch->idx];
	ipc_wr32(&d->flags, ch->flags | CK_IPC_F_FAULTED);
	ipc_wr32(&d->faults, ch->faults);
	ipc_wr32(&dir->faults, ipc_rd32(&dir->faults) + 1u);
	return -CK_EBADMSG;
}

/* Does the directory and entry @ch was made from still say the same? */
static bool desc_matches(void *base, const struct ck_ipc_chan *ch)
{
	ipc_vdir *dir = ipc_dir(base);
	struct ck_ipc_desc d;

	if (ipc_rd32(&dir->magic) != CK_IPC_MAGIC ||
	    ipc_rd32(&dir->abi) != CK_IPC_ABI)
		return false;
	ipc_desc_read(base, ch->idx, &d);
	return d.kind == ch->kind && d.off == ch->off &&
	       d.bytes == ch->bytes && d.slot_bytes == ch->slot_bytes &&
	       d.nr_slots == ch->nr_slots &&
	       (d.flags & ~CK_IPC_F_FAULTED) == ch->flags;
}

/* RT side: rewrite the directory constants, this entry and the channel
 * header from the handle, and clear FAULTED. The ring counters restart from
 * 0 (the two sides' counts must match again; desc.faults keeps the
 * history). A corruption nobody counted yet (Linux found it first and
 * asked for the reset) is counted before it is repaired. O(1) whatever the
 * region holds: see chan_restart() and ipc_ring_consistent(). Inlined into
 * both callers: out of line, ipc_enter(), on every channel operation's
 * path, saves more registers and calls it, which cost the RT side's worst
 * latency 13 instructions on e500 (docs/measuring.md). */
static inline __attribute__((always_inline)) void
chan_reset(void *base, struct ck_ipc_chan *ch)
{
	ipc_vdir *dir = ipc_dir(base);
	ipc_vdesc *d = &dir->chan[ch->idx];
	uint32_t nr, alloc;

	if (!ch->faulted &&
	    !(desc_matches(base, ch) && (ipc_is_ring(ch->kind)
						 ? ipc_ring_consistent(base, ch)
						 : ipc_state_consistent(base, ch))))
		(void)ipc_corrupt(base, ch);

	ipc_wr32(&dir->magic, CK_IPC_MAGIC);
	ipc_wr32(&dir->abi, CK_IPC_ABI);
	ipc_wr32(&dir->region_bytes, ch->region_bytes);
	ipc_wr32(&dir->dir_bytes, DIR_BYTES);
	ipc_wr32(&dir->max_chan, CK_IPC_MAX_CHAN);
	nr = ipc_rd32(&dir->nr_chan);
	if (nr > CK_IPC_MAX_CHAN || nr <= ch->idx)
		ipc_wr32(&dir->nr_chan, ch->idx + 1u);
	alloc = ipc_rd32(&dir->alloc_off);
	if (alloc < DIR_BYTES || alloc > ch->region_bytes)
		ipc_wr32(&dir->alloc_off, ch->off + ch->bytes);
	ipc_copy_to((volatile uint8_t *)d->name, (const uint8_t *)ch->name,
		    CK_IPC_NAME_BYTES);
	ipc_wr32(&d->kind, ch->kind);
	ipc_wr32(&d->off, ch->off);
	ipc_wr32(&d->bytes, ch->bytes);
	ipc_wr32(&d->slot_bytes, ch->slot_bytes);
	ipc_wr32(&d->nr_slots, ch->nr_slots);
	ipc_wr32(&d->faults, ch->faults);
	if (ipc_is_state(ch->kind))
		ch->own_idx = 0; /* never written */
	ch->sent = ch->rejected = ch->dropped = ch->received = 0;
	chan_restart(base, ch, false);
	CK_IPC_BARRIER();
	ch->faulted = false;
	ipc_wr32(&d->flags, ch->flags);
}

int ck_ipc_repair(void *base, uint32_t idx)
{
	struct ck_ipc_chan *ch = idx < CK_IPC_MAX_CHAN ? rt_handles[idx] : NULL;

	if (!base || !ch || !ipc_handle_sealed(ch) || ch->idx != idx)
		return -CK_ENODEV;
	if (!ch->faulted && desc_matches(base, ch) &&
	    (ipc_is_ring(ch->kind) ? ipc_ring_consistent(base, ch)
				   : ipc_state_consistent(base, ch)))
		return 0;
	chan_reset(base, ch);
	/* whatever the region says now is the new Linux's to count from */
	ch->reset_seen = ipc_rd32(&ipc_dir(base)->chan[idx].reset_req);
	return 1;
}

int ck_ipc_repair_dir(void *base)
{
	ipc_vdir *dir = ipc_dir(base);
	uint32_t nr = 0, alloc = DIR_BYTES, region = 0, i;

	for (i = 0; base && i < CK_IPC_MAX_CHAN; i++) {
		const struct ck_ipc_chan *ch = rt_handles[i];

		if (!ch || !ipc_handle_sealed(ch) || ch->idx != i)
			continue;
		nr = i + 1u;
		if (ch->off + ch->bytes > alloc)
			alloc = ch->off + ch->bytes;
		region = ch->region_bytes;
	}
	if (!nr)
		return -CK_ENODEV;
	if (ipc_rd32(&dir->magic) == CK_IPC_MAGIC && ipc_rd32(&dir->abi) == CK_IPC_ABI &&
	    ipc_rd32(&dir->region_bytes) == region && ipc_rd32(&dir->dir_bytes) == DIR_BYTES &&
	    ipc_rd32(&dir->max_chan) == CK_IPC_MAX_CHAN && ipc_rd32(&dir->nr_chan) == nr &&
	    ipc_rd32(&dir->alloc_off) == alloc)
		return 0;
	ipc_wr32(&dir->magic, 0); /* invalid while rewritten */
	CK_IPC_BARRIER();
	dir_header_write(dir, region, nr, alloc);
	return 1;
}

int ipc_enter(void *base, struct ck_ipc_chan *ch)
{
	ipc_vdir *dir = ipc_dir(base);

	if (ch->side == CK_IPC_SIDE_RT) {
		/* Linux may ask for a reset at any time, not only after the RT
		 * side saw a fault: a consumer that finds garbage the RT side
		 * has not touched yet must be able to get a clean channel. */
		uint32_t req = ipc_rd32(&dir->chan[ch->idx].reset_req);

		if (req != ch->reset_seen) {
			ch->reset_seen = req;
			chan_reset(base, ch);
		} else if (ch->faulted) {
			return -CK_EFAULT;
		}
	}
	if (!desc_matches(base, ch))
		return ipc_corrupt(base, ch);
	if (ch->side != CK_IPC_SIDE_RT &&
	    (ipc_rd32(&dir->chan[ch->idx].flags) & CK_IPC_F_FAULTED))
		return -CK_EFAULT;
	return 0;
}

int ck_ipc_note_invalid(void *base, struct ck_ipc_chan *ch)
{
	volatile uint32_t *cnt;
	int err;

	if (!base || !ipc_handle_sealed(ch) ||
	    ipc_side_writes(ch->kind, ch->side))
		return -CK_EINVAL;
	err = ipc_enter(base, ch);
	if (err)
		return err;
	cnt = chan_invalid(base, ch);
	ipc_wr32(cnt, ch->side == CK_IPC_SIDE_RT ? ++ch->invalid
						 : ipc_rd32(cnt) + 1u);
	return 0;
}
