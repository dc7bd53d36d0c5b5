/* SPDX-License-Identifier: MIT */
/*
 * chan.h - the RT side of IPC channels with doorbells: blocking receive with
 * a deadline on a Linux -> RT ring, a wait on several channels at once, and
 * sends that ring Linux's doorbell (DESIGN §5; the channels themselves are
 * ipc/ck_ipc.h, created by the RT application at init).
 *
 * Doorbells.
 *  - Linux -> RT: a Linux process writes a message (or a state block) and
 *    calls notify for the channel (libckipc does both; ipc/ck_guest.h
 *    CK_UIO_NOTIFY). The notify only records the channel and arms a
 *    one-shot RT timer; the RT task waiting on the channel is woken from
 *    that timer's RT interrupt, at most once per shortest timer period
 *    (ck_timer_min_period_ns()) however often Linux calls notify: Linux
 *    can make an RT task run as often as that, no more, and never makes an
 *    RT call here slower than a constant (the wake-up pass visits each
 *    waiting RT task once).
 *  - RT -> Linux: ck_chan_send() and ck_chan_state_write() raise the IPC
 *    soft vIRQ after a successful write; every Linux process that has the
 *    region open wakes in read()/poll() and checks its channels.
 * Neither direction loses a wake-up: a notify that comes while no task
 * waits stays recorded until a wait on that channel takes it (so a wait
 * may return for a message a non-blocking receive already took: the
 * receive loops below then wait again); a Linux reader reads the UIO
 * event count before it checks its rings (libckipc).
 *
 * Bits: a channel is bit (1 << directory index) in a mask (ck_chan_bit());
 * CK_IPC_MAX_CHAN is 32, so one word names any set of channels.
 */
#ifndef CK_CHAN_H
#define CK_CHAN_H

#include <stdint.h>
#include <ck/ck.h>
#include "ck_ipc.h"

/** ck_chan_bit() - @ch's bit in a channel mask; 0 for a NULL handle or an
 *  index past the mask. Context: any. */
static inline uint32_t ck_chan_bit(const struct ck_ipc_chan *ch)
{
	return ch && ch->idx < 32u ? 1u << ch->idx : 0u;
}

/**
 * ck_chan_wait() - wait until Linux notified any channel of @mask.
 * @mask: channel bits (ck_chan_bit()), non-zero.
 * @abs_ns: deadline on the monotonic clock (ns); CK_INFINITE for none; one
 *          already past makes the call a poll.
 * @fired: NULL, or where the notified channels of @mask go. They are taken:
 *         a later wait does not see them again until Linux notifies anew.
 * Return: 0 (*@fired non-zero), -CK_ETIMEDOUT (deadline reached),
 *         -CK_EAGAIN (poll, or from the root context, and nothing
 *         notified), -CK_EPERM (from an RT interrupt with a deadline not
 *         yet past: only polls there), -CK_EINVAL (@mask 0).
 * Ordering: tasks waiting on one channel are served most urgent first,
 * FIFO within a priority; one notify wakes one of them.
 * Context: RT task; RT interrupt or root: polls only.
 */
int ck_chan_wait(uint32_t mask, uint64_t abs_ns, uint32_t *fired);

/**
 * ck_chan_recv() - take the oldest message of a Linux -> RT ring, waiting
 * up to @abs_ns for one (ck_ipc_recv() and ck_chan_wait() in a loop).
 * @ch: an RT-side handle of a CK_IPC_RING_LX2RT ring.
 * @buf, @buf_bytes: as ck_ipc_recv().
 * @abs_ns: as ck_chan_wait().
 * Return: the message length (>= 0), -CK_ETIMEDOUT, -CK_EAGAIN (poll,
 *         empty), -CK_EPERM (RT interrupt, would block), -CK_ENODEV (no
 *         IPC region), or ck_ipc_recv()'s errors (-CK_ENOSPC, -CK_EINVAL,
 *         -CK_EBADMSG, -CK_EFAULT), which end the wait at once.
 * Context: RT task; RT interrupt or root: polls only.
 */
int ck_chan_recv(struct ck_ipc_chan *ch, void *buf, uint32_t buf_bytes,
		 uint64_t abs_ns);

/**
 * ck_chan_send() - ck_ipc_send() on an RT -> Linux ring, then ring Linux's
 * IPC doorbell if the message went in. Wait-free: a full ring rejects or
 * drops by the ring's policy, it never waits for Linux.
 * Return: as ck_ipc_send(), or -CK_ENODEV (no IPC region).
 * Context: RT task or RT interrupt; O(@len) plus a constant.
 */
int ck_chan_send(struct ck_ipc_chan *ch, const void *msg, uint32_t len);

/**
 * ck_chan_state_write() - ck_ipc_state_write() on an RT -> Linux state
 * block, then ring Linux's IPC doorbell if it was published.
 * Return: as ck_ipc_state_write(), or -CK_ENODEV (no IPC region).
 * Context: RT task or RT interrupt; wait-free.
 */
int ck_chan_state_write(struct ck_ipc_chan *ch, const void *data,
			uint32_t len);

/**
 * ck_chan_doorbell() - ring Linux's IPC doorbell without writing: after a
 * batch of ck_ipc_send() calls, to wake Linux once for all of them.
 * Context: RT task or RT interrupt; wait-free.
 */
void ck_chan_doorbell(void);

#endif /* CK_CHAN_H */
