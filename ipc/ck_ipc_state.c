// SPDX-License-Identifier: MIT
/* ck_ipc_state.c - seqlock "latest value" state blocks. */
#include "ck_ipc_priv.h"

/* Linux reader: RT may publish while we copy; retries are cheap. */
#define STATE_LINUX_TRIES 1000u

int ck_ipc_state_write(void *base, struct ck_ipc_chan *ch, const void *data,
		       uint32_t len)
{
	ipc_vstate *st;
	uint32_t seq;
	int err;

	if (!base || !ipc_handle_ok(ch, false, true) ||
	    len > ch->slot_bytes || (len && !data))
		return -CK_EINVAL;
	err = ipc_enter(base, ch);
	if (err)
		return err;
	st = (ipc_vstate *)ipc_at(base, ch->off);
	if (ch->side == CK_IPC_SIDE_RT) {
		seq = ch->own_idx;
		if (ipc_rd32(&st->seq) != seq)
			return ipc_corrupt(base, ch);
	} else {
		/* odd: a previous Linux writer died mid-update; go on */
		seq = (ipc_rd32(&st->seq) + 1u) & ~1u;
	}
	ipc_wr32(&st->seq, seq + 1u);
	CK_IPC_BARRIER();
	ipc_wr32(&st->len, len);
	ipc_copy_to((volatile uint8_t *)(st + 1), (const uint8_t *)data, len);
	CK_IPC_BARRIER();
	ipc_wr32(&st->seq, seq + 2u);
	if (ch->side == CK_IPC_SIDE_RT) {
		ch->own_idx = seq + 2u;
		ipc_wr32(&st->writes, ++ch->writes);
	} else {
		ipc_wr32(&st->writes, ipc_rd32(&st->writes) + 1u);
	}
	return 0;
}

int ck_ipc_state_read(void *base, struct ck_ipc_chan *ch, void *buf,
		      uint32_t buf_bytes)
{
	ipc_vstate *st;
	uint32_t tries, max_tries;
	int err;

	if (!base || !ipc_handle_ok(ch, false, false) || (!buf && buf_bytes))
		return -CK_EINVAL;
	err = ipc_enter(base, ch);
	if (err)
		return err;
	st = (ipc_vstate *)ipc_at(base, ch->off);
	/* RT never waits for Linux: one attempt, the caller keeps its last
	 * good value on -CK_EAGAIN. */
	max_tries = ch->side == CK_IPC_SIDE_RT ? 1u : STATE_LINUX_TRIES;
	for (tries = 0; tries < max_tries; tries++) {
		uint32_t seq = ipc_rd32(&st->seq);
		uint32_t len;

		if (seq == 0)
			return -CK_EAGAIN; /* never written */
		if (seq & 1u)
			continue; /* update in progress */
		CK_IPC_BARRIER();
		len = ipc_rd32(&st->len);
		if (len > ch->slot_bytes)
			return ipc_corrupt(base, ch);
		if (len > buf_bytes)
			return -CK_ENOSPC;
		ipc_copy_from((uint8_t *)buf,
			      (const volatile uint8_t *)(st + 1), len);
		CK_IPC_BARRIER();
		if (ipc_rd32(&st->seq) == seq)
			return (int)len;
	}
	return -CK_EAGAIN;
}

bool ipc_state_consistent(void *base, const struct ck_ipc_chan *ch)
{
	ipc_vstate *st = (ipc_vstate *)ipc_at(base, ch->off);
	uint32_t seq = ipc_rd32(&st->seq);

	if (ipc_side_writes(ch->kind, CK_IPC_SIDE_RT) && seq != ch->own_idx)
		return false;
	if (seq == 0 || (seq & 1u)) /* never written, or Linux mid-update */
		return true;
	return ipc_rd32(&st->len) <= ch->slot_bytes;
}
