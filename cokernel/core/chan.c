// SPDX-License-Identifier: MIT
/*
 * chan.c - channel doorbells on the RT side (ck/chan.h): the notified
 * set, the tasks waiting on channel masks, the notify timer that turns
 * Linux's notify calls into RT wake-ups, and the receive and send wrappers.
 *
 * Linux's notify op runs in Linux's context and only records bits and
 * arms a timer: RT tasks are woken in RT interrupt context, where the
 * scheduler switches on the interrupt's exit, never from inside a call
 * Linux made. The timer runs at most once per shortest timer period.
 */
#include <ck/chan.h>
#include <ck/guest.h>
#include <ck/shm.h>
#include <ck_guest.h>
#include "core.h"

static struct {
	ck_event_t notified;    /* channels notified, not yet taken; the
				 * tasks blocked in ck_chan_wait() */
	uint32_t from_linux;    /* notified by Linux, for the timer to fire */
	uint64_t last_run_ns;   /* the notify timer's last run */
	bool ran;               /* last_run_ns is valid */
	struct ck_timer timer;
} chan;

/* The notify timer: Linux's bits reach the waiters. RT interrupt. */
static void chan_timer_fn(struct ck_timer *t)
{
	uint32_t bits = chan.from_linux;

	(void)t;
	chan.from_linux = 0;
	chan.last_run_ns = clock_update();
	chan.ran = true;
	event_post(&chan.notified, bits);   /* any channel, taken */
}

void chan_init(void)
{
	chan.notified.magic = 0;
	(void)ck_event_init(&chan.notified, 0);
	chan.from_linux = 0;
	chan.ran = false;
	chan.last_run_ns = 0;
	ck_timer_init(&chan.timer, chan_timer_fn, NULL);
}

void chan_notify_linux(uint32_t bits)
{
	ck_rtflags_t flags = arch_rt_mask();
	uint64_t at = clock_update();

	chan.from_linux |= bits;
	if (!chan.timer.armed) {
		uint64_t gap = ck_timer_min_period_ns();

		if (chan.ran && at - chan.last_run_ns < gap)
			at = chan.last_run_ns + gap;
		(void)ck_timer_start(&chan.timer, at, 0);
	}
	arch_rt_restore(flags);
}

int ck_chan_wait(uint32_t mask, uint64_t abs_ns, uint32_t *fired)
{
	if (!mask) {
		if (fired)
			*fired = 0;
		return -CK_EINVAL;
	}
	return event_wait(&chan.notified, mask, CK_EVENT_ANY | CK_EVENT_CLEAR,
			  fired, abs_ns, CK_WAIT_CHAN);
}

int ck_chan_recv(struct ck_ipc_chan *ch, void *buf, uint32_t buf_bytes,
		 uint64_t abs_ns)
{
	uint32_t bit = ck_chan_bit(ch);
	int n, err;

	for (;;) {
		void *base = ck_shm_base();  /* moves once, at the hand-over */

		if (!base)
			return -CK_ENODEV;
		n = ck_ipc_recv(base, ch, buf, buf_bytes);
		if (n != -CK_EAGAIN)
			return n;
		err = ck_chan_wait(bit, abs_ns, NULL);
		if (err)
			return err;
	}
}

void ck_chan_doorbell(void)
{
	(void)guest_raise_soft_virq(CK_VIRQ_SOFT_IPC);
}

int ck_chan_send(struct ck_ipc_chan *ch, const void *msg, uint32_t len)
{
	void *base = ck_shm_base();
	int err;

	if (!base)
		return -CK_ENODEV;
	err = ck_ipc_send(base, ch, msg, len);
	if (!err)
		ck_chan_doorbell();
	return err;
}

int ck_chan_state_write(struct ck_ipc_chan *ch, const void *data,
			uint32_t len)
{
	void *base = ck_shm_base();
	int err;

	if (!base)
		return -CK_ENODEV;
	err = ck_ipc_state_write(base, ch, data, len);
	if (!err)
		ck_chan_doorbell();
	return err;
}
