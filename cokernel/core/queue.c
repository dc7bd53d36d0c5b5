// SPDX-License-Identifier: MIT
/*
 * queue.c - RT message queues (ck.h): a ring of fixed-size slots in the
 * caller's memory, each a length word and up to msg_bytes of message.
 *
 * Handovers keep the order: a message sent while a receiver waits (the
 * ring is then empty) is copied straight into that receiver's buffer; a
 * receive that frees a slot while senders wait puts the most urgent
 * sender's message in the ring before it returns. So no later arrival
 * overtakes a waiter on either side.
 */
#include "core.h"

#define QUEUE_MSG_MAX 65536u

static inline uint8_t *queue_slot(const ck_queue_t *q, uint32_t i)
{
	return q->ring + (size_t)(i % q->slots) * q->slot_bytes;
}

static inline struct ck_task *first_waiter(struct ck_list *l)
{
	return ck_container_of(l->next, struct ck_task, rq_node);
}

/* Put @len bytes of @msg in the ring, which has room. RT masked. */
static void queue_put(ck_queue_t *q, const void *msg, uint32_t len, uint32_t flags)
{
	uint8_t *slot;

	if (flags & CK_QUEUE_URGENT) {
		q->head = (q->head + q->slots - 1u) % q->slots;
		slot = queue_slot(q, q->head);
	} else {
		slot = queue_slot(q, q->head + q->count);
	}
	memcpy(slot, &len, sizeof(len));
	if (len)
		memcpy(slot + sizeof(len), msg, len);
	q->count++;
}

int ck_queue_init(ck_queue_t *q, void *buf, size_t buf_bytes, uint32_t msg_bytes)
{
	ck_rtflags_t rt;
	size_t slots;
	int ret = 0;

	if (!q || !buf || ((uintptr_t)buf & 3u) || !msg_bytes ||
	    msg_bytes > QUEUE_MSG_MAX)
		return -CK_EINVAL;
	slots = buf_bytes / CK_QUEUE_SLOT_BYTES(msg_bytes);
	if (!slots || slots > UINT32_MAX / 2u)
		return -CK_EINVAL;
	rt = arch_rt_mask();
	if (q->magic == CK_QUEUE_MAGIC &&
	    (!ck_list_empty(&q->receivers) || !ck_list_empty(&q->senders))) {
		ret = -CK_EBUSY;
	} else {
		q->magic = CK_QUEUE_MAGIC;
		q->name = NULL;
		q->msg_bytes = msg_bytes;
		q->slot_bytes = CK_QUEUE_SLOT_BYTES(msg_bytes);
		q->slots = (uint32_t)slots;
		q->count = 0;
		q->head = 0;
		q->ring = buf;
		ck_list_init(&q->receivers);
		ck_list_init(&q->senders);
	}
	arch_rt_restore(rt);
	return ret;
}

/*
 * The common part of a wait on @l: -CK_EPERM from an RT interrupt with a
 * deadline ahead, -CK_EAGAIN for a try or the root context, else the
 * caller blocks until woken (its wait status) with w.q set from @buf,
 * @bytes, @flags. RT masked.
 */
static int queue_wait(ck_queue_t *q, struct ck_list *l, uint8_t kind,
		      void *buf, uint32_t bytes, uint32_t flags, uint64_t abs_ns)
{
	struct ck_task *t = sched_self();

	if (!t && ck_core.in_irq &&
	    (abs_ns == CK_INFINITE || abs_ns > clock_update()))
		return -CK_EPERM;
	if (!t || (abs_ns != CK_INFINITE && abs_ns <= clock_update()))
		return -CK_EAGAIN;
	t->w.q.buf = buf;
	t->w.q.bytes = bytes;
	t->w.q.flags = flags;
	if (abs_ns != CK_INFINITE)
		ck_timer_start(&t->wake_timer, abs_ns, 0);
	return sched_block_on(l, kind, q);
}

int ck_queue_send_until(ck_queue_t *q, const void *msg, uint32_t len,
			uint32_t flags, uint64_t abs_ns)
{
	ck_rtflags_t rt;
	int ret = 0;

	if (!q || q->magic != CK_QUEUE_MAGIC || (!msg && len) ||
	    (flags & ~CK_QUEUE_URGENT))
		return -CK_EINVAL;
	if (len > q->msg_bytes)
		return -CK_EMSGSIZE;
	rt = arch_rt_mask();
	if (!ck_list_empty(&q->receivers)) {
		struct ck_task *r = first_waiter(&q->receivers);

		if (len)
			memcpy(r->w.q.buf, msg, len);
		r->w.q.bytes = len;
		sched_wake(r);
		sched_preempt();
	} else if (q->count < q->slots) {
		queue_put(q, msg, len, flags);
	} else {
		/* the receiver that frees a slot copies the message in */
		ret = queue_wait(q, &q->senders, CK_WAIT_QUEUE_SEND, (void *)msg,
				 len, flags, abs_ns);
	}
	arch_rt_restore(rt);
	return ret;
}

int ck_queue_recv_until(ck_queue_t *q, void *buf, uint32_t buf_bytes,
			uint64_t abs_ns)
{
	ck_rtflags_t rt;
	uint32_t len;
	int ret;

	if (!q || q->magic != CK_QUEUE_MAGIC || !buf)
		return -CK_EINVAL;
	if (buf_bytes < q->msg_bytes)
		return -CK_EMSGSIZE;
	rt = arch_rt_mask();
	if (q->count) {
		uint8_t *slot = queue_slot(q, q->head);

		memcpy(&len, slot, sizeof(len));
		if (len)
			memcpy(buf, slot + sizeof(len), len);
		q->head = (q->head + 1u) % q->slots;
		q->count--;
		ret = (int)len;
		if (!ck_list_empty(&q->senders)) {
			struct ck_task *s = first_waiter(&q->senders);

			queue_put(q, s->w.q.buf, s->w.q.bytes, s->w.q.flags);
			sched_wake(s);
			sched_preempt();
		}
	} else {
		ret = queue_wait(q, &q->receivers, CK_WAIT_QUEUE_RECV, buf,
				 buf_bytes, 0, abs_ns);
		if (!ret)
			ret = (int)sched_self()->w.q.bytes;   /* set by the sender */
	}
	arch_rt_restore(rt);
	return ret;
}

int ck_queue_destroy(ck_queue_t *q)
{
	ck_rtflags_t rt;

	if (!q || q->magic != CK_QUEUE_MAGIC)
		return -CK_EINVAL;
	rt = arch_rt_mask();
	sched_wake_all(&q->receivers, -CK_EIDRM);
	sched_wake_all(&q->senders, -CK_EIDRM);
	q->magic = 0;
	q->count = 0;
	sched_preempt();
	arch_rt_restore(rt);
	return 0;
}
