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
	char path[288];
};

/** ckipc_open() - map the region and check its directory. Return 0 or
 *  -errno (the message is printed on stderr, prefixed with @prog). */
int ckipc_open(struct ckipc *c, const char *prog);

void ckipc_close(struct ckipc *c);

/** ckipc_chan() - Linux-side handle on channel @name. Return 0 or -CK_E*. */
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

/** ckipc_kind_name() - "ring rt>lx", "ring lx>rt", "state rt>lx", ... */
const char *ckipc_kind_name(uint32_t kind);

/** ckipc_strerror() - text for a -CK_E* / -errno value. */
const char *ckipc_strerror(int err);

#endif /* LIBCKIPC_H */
