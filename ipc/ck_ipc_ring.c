// SPDX-License-Identifier: MIT
/* ck_ipc_ring.c - single-producer single-consumer message rings. */
#include "ck_ipc_priv.h"

/* Tail further than this behind head is impossible even for a lapped
 * drop-oldest consumer: it means the other side wrote garbage. */
#define RING_MAX_LAG 0x80000000u
#define RING_HDR_BYTES ((uint32_t)sizeof(struct ck_ipc_ring_hdr))

static ipc_vring *ring_hdr(void *base, const struct ck_ipc_chan *ch)
{
	return (ipc_vring *)ipc_at(base, ch->off);
}

/* The slot of message @index; inside the channel area by construction
 * (index is masked by the power-of-two slot count of the trusted handle). */
static ipc_vslot *ring_slot(void *base, const struct ck_ipc_chan *ch,
			    uint32_t index)
{
	uint32_t i = index & (ch->nr_slots - 1u);

	return (ipc_vslot *)ipc_at(base, ch->off + RING_HDR_BYTES +
					       i * ch->stride);
}

/* Bump a producer counter: from the RT side's private copy, or (Linux)
 * from the shared value, which only the Linux producer writes. */
static void ring_count(volatile uint32_t *shared, uint32_t *own, bool rt)
{
	ipc_wr32(shared, rt ? ++*own : ipc_rd32(shared) + 1u);
}

int ck_ipc_send(void *base, struct ck_ipc_chan *ch, const void *msg,
		uint32_t len)
{
	bool rt = ch && ch->side == CK_IPC_SIDE_RT;
	bool drop;
	ipc_vring *r;
	ipc_vslot *s;
	uint32_t head, tail, lag;
	int err;

	if (!base || !ipc_handle_ok(ch, true, true) || len > ch->slot_bytes ||
	    (len && !msg))
		return -CK_EINVAL;
	err = ipc_enter(base, ch);
	if (err)
		return err;
	r = ring_hdr(base, ch);
	drop = ch->flags & CK_IPC_F_DROP_OLDEST;
	if (rt) {
		head = ch->own_idx;
		if (ipc_rd32(&r->head) != head)
			return ipc_corrupt(base, ch);
	} else {
		head = ipc_rd32(&r->head);
	}
	tail = ipc_rd32(&r->tail);
	lag = head - tail;
	if (lag > ch->nr_slots && (!drop || lag > RING_MAX_LAG))
		return ipc_corrupt(base, ch);
	if (lag >= ch->nr_slots) {
		if (!drop) {
			ring_count(&r->rejected, &ch->rejected, rt);
			return -CK_EAGAIN;
		}
		/* the slot of head holds message head - nr_slots, unread */
		ring_count(&r->dropped, &ch->dropped, rt);
	}
	s = ring_slot(base, ch, head);
	ipc_wr32(&s->seq, head ^ CK_IPC_SEQ_BUSY);
	CK_IPC_BARRIER();
	ipc_wr32(&s->len, len);
	ipc_copy_to((volatile uint8_t *)(s + 1), (const uint8_t *)msg, len);
	CK_IPC_BARRIER();
	ipc_wr32(&s->seq, head);
	CK_IPC_BARRIER();
	ipc_wr32(&r->head, head + 1u);
	if (rt)
		ch->own_idx = head + 1u;
	ring_count(&r->sent, &ch->sent, rt);
	return 0;
}

static void ring_publish_tail(ipc_vring *r, struct ck_ipc_chan *ch,
			      uint32_t tail, bool took)
{
	if (ch->side == CK_IPC_SIDE_RT) {
		ch->own_idx = tail;
		if (took)
			ch->received++;
		ipc_wr32(&r->tail, tail);
		ipc_wr32(&r->received, ch->received);
	} else {
		ipc_wr32(&r->tail, tail);
		if (took)
			ipc_wr32(&r->received, ipc_rd32(&r->received) + 1u);
	}
}

int ck_ipc_recv(void *base, struct ck_ipc_chan *ch, void *buf,
		uint32_t buf_bytes)
{
	bool rt = ch && ch->side == CK_IPC_SIDE_RT;
	bool drop;
	ipc_vring *r;
	uint32_t tail, tries, max_tries;
	int err;

	if (!base || !ipc_handle_ok(ch, true, false) || (!buf && buf_bytes))
		return -CK_EINVAL;
	err = ipc_enter(base, ch);
	if (err)
		return err;
	r = ring_hdr(base, ch);
	drop = ch->flags & CK_IPC_F_DROP_OLDEST;
	if (rt) {
		tail = ch->own_idx;
		if (ipc_rd32(&r->tail) != tail)
			return ipc_corrupt(base, ch);
	} else {
		tail = ipc_rd32(&r->tail);
	}
	/* RT: Linux cannot run during this call, so one skip of a slot Linux
	 * was overwriting is all that can happen. Linux: RT may overwrite
	 * behind our back a few times; give up after a bounded number. */
	max_tries = rt ? 2u : 8u;
	for (tries = 0; tries < max_tries; tries++) {
		uint32_t head = ipc_rd32(&r->head);
		uint32_t lag = head - tail;
		ipc_vslot *s;
		uint32_t len;

		if (lag == 0)
			break;
		if (lag > ch->nr_slots) {
			if (!drop || lag > RING_MAX_LAG)
				return ipc_corrupt(base, ch);
			tail = head - ch->nr_slots; /* lapped: oldest left */
		}
		s = ring_slot(base, ch, tail);
		if (ipc_rd32(&s->seq) != tail) {
			if (!drop)
				return ipc_corrupt(base, ch);
			tail++; /* being overwritten: it is lost */
			continue;
		}
		len = ipc_rd32(&s->len);
		if (len > ch->slot_bytes)
			return ipc_corrupt(base, ch);
		if (len > buf_bytes) {
			ring_publish_tail(r, ch, tail, false);
			return -CK_ENOSPC;
		}
		ipc_copy_from((uint8_t *)buf, (const volatile uint8_t *)(s + 1),
			      len);
		CK_IPC_BARRIER();
		if (ipc_rd32(&s->seq) != tail) {
			if (!drop)
				return ipc_corrupt(base, ch);
			tail++; /* overwritten while we copied */
			continue;
		}
		ring_publish_tail(r, ch, tail + 1u, true);
		return (int)len;
	}
	ring_publish_tail(r, ch, tail, false);
	return -CK_EAGAIN;
}

bool ipc_ring_consistent(void *base, const struct ck_ipc_chan *ch)
{
	ipc_vring *r = ring_hdr(base, ch);
	bool rt_produces = ipc_side_writes(ch->kind, CK_IPC_SIDE_RT);
	bool drop = ch->flags & CK_IPC_F_DROP_OLDEST;
	uint32_t head = ipc_rd32(&r->head), tail = ipc_rd32(&r->tail);
	uint32_t lag = head - tail;
	ipc_vslot *s;

	if ((rt_produces ? head : tail) != ch->own_idx)
		return false;
	if (lag > ch->nr_slots) /* a lapped drop-oldest consumer is fine */
		return drop && lag <= RING_MAX_LAG;
	if (lag == 0)
		return true;
	/* The slot the consumer reads next is complete, unless a Linux
	 * producer is overwriting it on a drop-oldest ring. */
	s = ring_slot(base, ch, tail);
	if (ipc_rd32(&s->seq) != tail)
		return drop && !rt_produces;
	return ipc_rd32(&s->len) <= ch->slot_bytes;
}
