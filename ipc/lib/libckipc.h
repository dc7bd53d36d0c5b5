/* SPDX-License-Identifier: MIT */
/*
 * libckipc.h - Linux userspace access to the cokernel IPC region: map it
 * through UIO (/dev/uioN named "cokernel-shm"), open channels by name, wait
 * for the IPC doorbell. The channel code itself is ipc/ (ck_ipc.h).
 *
 * MIT, like ipc/: a program of any licence may link it (and the ipc/
 * sources it builds on); the tools in linux-guest/tools are one user.
 *
 * Environment: CKIPC_DEV=<path> uses that file (or device) instead of the
 * UIO device found by name; a regular file is mapped whole and the doorbell
 * is replaced by a short sleep (host tests drive a fake region this way).
 */
#ifndef LIBCKIPC_H
#define LIBCKIPC_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>
#include "ck_ipc.h"

#define CKIPC_UIO_NAME "cokernel-shm"

struct ckipc {
	int fd;
	void *base;     /* the region, mapped uncached by UIO */
	uint32_t size;  /* bytes mapped */
	bool uio;       /* fd is a UIO device: read() waits for the doorbell */
	/* notify calls that failed after their message or state went in (the
	 * RT side then sees it at its next poll, not at once) */
	unsigned long notify_errors;
	char path[288];
};

/** ckipc_open() - map the region and check its directory. Return 0 or
 *  -errno (the message is printed on stderr, prefixed with @prog). */
int ckipc_open(struct ckipc *c, const char *prog);

void ckipc_close(struct ckipc *c);

/** ckipc_chan() - Linux-side handle on channel @name. Return 0, -EBADF
 *  (region closed), -ENODEV (no channel of that name: ckipc list shows
 *  them) or -CK_EBADMSG (its directory entry is corrupt). */
int ckipc_chan(struct ckipc *c, const char *name, struct ck_ipc_chan *ch);

/**
 * ckipc_chan_sound() - whether channel @ch looks as a correct peer leaves
 * it, as far as a Linux reader can tell: its entry valid and not FAULTED;
 * a state block's len within slot_bytes and, written by RT, its seq even;
 * a ring's head at most nr_slots past its tail (a drop-oldest ring, up to
 * 2^31, as ipc/ck_ipc_ring.c allows). The RT side may still find what a
 * reader cannot see (a seq or index that is not the one it owns).
 * Context: Linux process; reads only.
 */
bool ckipc_chan_sound(struct ckipc *c, const struct ck_ipc_chan *ch);

/**
 * ckipc_claim() - claim channel @ch for this process alone, for as long as
 * it runs: a write lock (fcntl F_SETLK) on byte @ch->idx of the region's
 * file, which the kernel drops when the process exits or is killed, so a
 * crashed holder never blocks the next one.
 * Return: 0, -EBUSY (another process holds it; its pid in *@holder when
 * @holder is not NULL, 0 if unknown), or -errno. Context: Linux process;
 * POSIX record locks belong to the process, and closing any descriptor of
 * the region file in it (ckipc_close()) drops them.
 */
int ckipc_claim(struct ckipc *c, const struct ck_ipc_chan *ch, pid_t *holder);

/**
 * ckipc_open_app() - the start of a tool that drives an RT program: map
 * the region (ckipc_open()), find channels @names[0..@n-1] into @chans[],
 * and claim @chans[0], the program's control ring (ckipc_claim()), so
 * that one such tool runs at a time. On failure say why on stderr,
 * prefixed with @prog ("<prog>: busy: another <prog> (pid N) is running;
 * ..."), close the region and return -1; else 0. Context: Linux process.
 */
int ckipc_open_app(struct ckipc *c, const char *prog,
		   const char *const names[], struct ck_ipc_chan chans[],
		   unsigned int n);

/** ckipc_wait() - wait up to @timeout_ms for the IPC doorbell.
 *  Return 1 (rung), 0 (timeout or plain file), -errno. */
int ckipc_wait(struct ckipc *c, int timeout_ms);

/* ------------------------------------------------------------------ */
/* Messages and state with doorbells and timeouts (IPC v1)              */
/*
 * Errors, the same for every call below (negative errno values):
 *  -EBADF     the region is closed (ckipc_close()) or was never opened, or
 *             @ch is not a handle ckipc_chan() made;
 *  -EPERM     the wrong direction: sending on, or writing, a channel RT
 *             writes; receiving from, or reading, one Linux writes; a ring
 *             call on a state block or the reverse;
 *  -EMSGSIZE  a message or state larger than the channel's slot_bytes
 *             (nothing sent), or a received message larger than @buf
 *             (it stays queued: call again with room for slot_bytes);
 *  -EAGAIN    @timeout_ms 0 and nothing to take, or no room;
 *  -ETIMEDOUT the timeout passed first;
 *  -CK_EBADMSG the channel is corrupt (its counters say so; `ckipc reset`);
 *  -CK_EFAULT the RT side marked the channel faulted;
 *  -EINTR     a signal came while waiting.
 * Nothing is ever truncated or dropped silently: a drop-oldest ring
 * counts what it overwrote (`ckipc list` DROP).
 * @timeout_ms: 0 never waits, -1 waits for ever, else milliseconds.
 * Context: a Linux process; one thread per handle (a ring has one consumer
 * and one producer on each side).
 */

/**
 * ckipc_fd() - the descriptor to poll() (POLLIN) with others, sockets
 * included: readable when the RT side posted on any channel since the
 * last ckipc_ack(). After it fires, call ckipc_ack() and then check the
 * channels (receive until -EAGAIN): a wake-up is never lost that way.
 * -1 for a plain-file region (no doorbell: poll with a timeout).
 */
int ckipc_fd(const struct ckipc *c);

/** ckipc_ack() - take the doorbell events counted so far, without
 *  waiting. Return 0 or -errno. */
int ckipc_ack(struct ckipc *c);

/**
 * ckipc_recv() - the oldest message of an RT -> Linux ring, waiting up to
 * @timeout_ms for one (woken by the RT side's doorbell).
 * Return: its length (>= 0, at most @len), or an error above.
 */
int ckipc_recv(struct ckipc *c, struct ck_ipc_chan *ch, void *buf,
	       uint32_t len, int timeout_ms);

/**
 * ckipc_send() - put a message of @len bytes on a Linux -> RT ring and
 * ring the RT side's doorbell for it (the RT task blocked in
 * ck_chan_recv() wakes). A full ring is retried every millisecond up to
 * @timeout_ms (the RT side rings nothing when it consumes).
 * Return: 0, or an error above.
 */
int ckipc_send(struct ckipc *c, struct ck_ipc_chan *ch, const void *msg,
	       uint32_t len, int timeout_ms);

/**
 * ckipc_state_read() - the latest consistent value of an RT -> Linux state
 * block. Return: its length, -EAGAIN (never written yet, or RT mid-update
 * past the retries), or an error above. Does not wait.
 */
int ckipc_state_read(struct ckipc *c, struct ck_ipc_chan *ch, void *buf,
		     uint32_t len);

/**
 * ckipc_state_write() - publish @len bytes on a Linux -> RT state block and
 * ring the RT side's doorbell for it. Return: 0, or an error above.
 */
int ckipc_state_write(struct ckipc *c, struct ck_ipc_chan *ch,
		      const void *data, uint32_t len);

/**
 * ckipc_notify() - ring the RT side's doorbell for channel @ch (what
 * ckipc_send() and ckipc_state_write() do after writing).
 * Return: 0, -EBADF, -ENOSYS (a plain-file region: nobody to ring), or
 * the UIO write()'s -errno (-ENODEV: no co-kernel attached).
 */
int ckipc_notify(struct ckipc *c, const struct ck_ipc_chan *ch);

/** ckipc_kind_name() - "ring rt>lx", "ring lx>rt", "state rt>lx", ... */
const char *ckipc_kind_name(uint32_t kind);

/** ckipc_strerror() - text for a -CK_E* / -errno value. */
const char *ckipc_strerror(int err);

#endif /* LIBCKIPC_H */
