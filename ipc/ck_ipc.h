/* SPDX-License-Identifier: MIT */
/*
 * ck_ipc.h - the shared-memory ABI between RT tasks and Linux processes:
 * channel directory, SPSC message rings, seqlock state blocks (DESIGN §5).
 *
 * This header and the ipc/ sources are compiled unchanged into the co-kernel, the
 * Linux library (ipc/lib/libckipc, MIT) and the host tests. They need only
 * <stdint.h>, <stddef.h> and <stdbool.h>; no libc call is made.
 *
 * Region layout (all fields little-endian on the reference board, native
 * order of the one CPU both sides run on; offsets from the region base):
 *
 *   0x0000  struct ck_ipc_dir            directory header + channel table
 *   ....    channel areas, 8-byte aligned, allocated by the RT side:
 *           ring:  struct ck_ipc_ring_hdr, then nr_slots slots of
 *                  struct ck_ipc_slot_hdr + slot_bytes (rounded up to 8)
 *           state: struct ck_ipc_state_hdr, then slot_bytes (rounded to 8)
 *
 * Ownership. The RT side writes the directory; Linux only reads it, except
 * ck_ipc_desc.reset_req. In a ring the producer owns head/sent/rejected/
 * dropped and the slots it fills, the consumer owns tail/received/invalid.
 * In a state block the writer owns everything but invalid, which the
 * reader owns. Nobody writes a field it does not own, except the RT side
 * when Linux asks it for a reset.
 *
 * Trust. Linux is never trusted by the RT side. The RT side keeps a private
 * copy (struct ck_ipc_chan, in RT memory) of each channel's geometry and of
 * the indices it owns, compares the shared copies with it on every call and
 * validates every index and length Linux writes. A mismatch marks the
 * channel FAULTED (desc flag and the RT handle), counts it in desc.faults
 * and dir.faults, and makes the call return -CK_EBADMSG; later calls return
 * -CK_EFAULT without touching the channel, until Linux bumps
 * desc.reset_req, after which the RT side's next call re-initialises the
 * channel from its private copy. The RT side honours a reset request at
 * any time (a Linux consumer may find garbage first); if the channel was
 * not FAULTED but its header, or the slot Linux reads next, is not what a
 * correct peer leaves, the reset counts that corruption as a fault first.
 * A message that is well formed for the channel but that its consumer
 * cannot use (wrong size, unknown command) is counted in the ring's or
 * state block's `invalid` (ck_ipc_note_invalid()); the channel stays up.
 * No RT call ever reads or writes outside [base, base + region_bytes)
 * whatever the region contains. The Linux side validates too (so a bug
 * cannot crash a tool) and returns -CK_EBADMSG.
 *
 * RT cost bound. Nothing Linux writes makes an RT-side call slower than a
 * constant: one RT-side ck_ipc_send(), ck_ipc_recv(), ck_ipc_state_write()
 * or ck_ipc_state_read() makes at most CK_IPC_RT_ACCESS_MAX loads and
 * stores to the region, plus at most 2 * n for its payload of n bytes
 * (n <= slot_bytes; for a read n <= the caller's buffer), reset requests
 * included: a reset rewrites the directory entry and the channel header,
 * never the slots (message indices run on across it, so no slot written
 * before a reset can pass for a message after it).
 *
 * Moving base. The co-kernel's virtual address of the region changes once,
 * at the hand-over to Linux; so every function takes the base as a
 * parameter and handles hold offsets, never pointers into the region.
 *
 * Concurrency model. One CPU: the RT side preempts Linux, never the reverse,
 * and the region is uncached on both sides. Hence an RT-side store sequence
 * is atomic as seen from Linux, and ordering only needs a compiler barrier
 * (CK_IPC_BARRIER). A Linux-side sequence can be interrupted by RT at any
 * point; the protocols below (publish the slot sequence word last, head
 * after it; seqlock for state) make every such point safe.
 */
#ifndef CK_IPC_H
#define CK_IPC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "ck_errno.h"

/*
 * CK_IPC_BARRIER() - order shared-region accesses.
 * A compiler barrier is enough on the reference board: the ARM926 is
 * uniprocessor, in-order for uncached accesses, and the region is mapped
 * uncached on both sides (DESIGN §4), so no CPU reordering or cache can be
 * seen by the other side. An SMP or cached port must define it to a real
 * memory barrier (e.g. "dmb ish") before including this header.
 */
#ifndef CK_IPC_BARRIER
#define CK_IPC_BARRIER() __asm__ __volatile__("" ::: "memory")
#endif

#define CK_IPC_MAGIC 0x50494b43u /* "CKIP" little-endian */
#define CK_IPC_ABI_MAJOR 1u
#define CK_IPC_ABI_MINOR 1u /* 1: ring.invalid, state.invalid */
#define CK_IPC_ABI ((CK_IPC_ABI_MAJOR << 16) | CK_IPC_ABI_MINOR)

#define CK_IPC_MAX_CHAN 32u
#define CK_IPC_NAME_BYTES 16u   /* including the terminating NUL */
#define CK_IPC_ALIGN 8u
#define CK_IPC_MAX_SLOTS 65536u /* ring slots, a power of two */
#define CK_IPC_MAX_SLOT_BYTES 65536u

/* RT-side region accesses per call besides the payload (see "RT cost
 * bound" above; checked by tests/unit/test_ipc_bound.c). */
#define CK_IPC_RT_ACCESS_MAX 96u

/* Reference board: PA 0x07C00000, 1 MiB, uncached (bsp/versatilepb). */
#define CK_IPC_REGION_BYTES_DEFAULT 0x100000u

/* ck_ipc_desc.kind: what the channel is and which side produces. */
enum ck_ipc_kind {
	CK_IPC_KIND_NONE = 0,
	CK_IPC_RING_RT2LX = 1,  /* message ring, RT produces, Linux consumes */
	CK_IPC_RING_LX2RT = 2,  /* message ring, Linux produces, RT consumes */
	CK_IPC_STATE_RT2LX = 3, /* seqlock state block written by RT */
	CK_IPC_STATE_LX2RT = 4, /* seqlock state block written by Linux */
};

/* ck_ipc_desc.flags */
#define CK_IPC_F_DROP_OLDEST 0x00000001u /* ring overflow: overwrite oldest */
#define CK_IPC_F_POLICY_MASK 0x00000001u /* flags fixed at creation */
#define CK_IPC_F_FAULTED 0x80000000u     /* RT-owned: corruption detected */

/* Which side a handle is used from (struct ck_ipc_chan.side). */
enum ck_ipc_side {
	CK_IPC_SIDE_RT = 0,
	CK_IPC_SIDE_LINUX = 1,
};

/* ------------------------------------------------------------------ */
/* Shared layout. Every offset and size is pinned by _Static_assert.   */

/** One channel table entry. RT-written except reset_req. 48 bytes. */
struct ck_ipc_desc {
	char name[CK_IPC_NAME_BYTES]; /* NUL-terminated, unique */
	uint32_t kind;        /* enum ck_ipc_kind; NONE = unused entry */
	uint32_t flags;       /* CK_IPC_F_* */
	uint32_t off;         /* channel header offset from base, 8-aligned */
	uint32_t bytes;       /* header + data bytes of the channel area */
	uint32_t slot_bytes;  /* ring: max message bytes; state: payload bytes */
	uint32_t nr_slots;    /* ring: power of two; state: 1 */
	uint32_t faults;      /* RT-owned: corruptions detected on it */
	uint32_t reset_req;   /* Linux-written: bump to ask RT to reset it */
};

/** Directory header at offset 0 of the region. 64 + 32 * 48 bytes. */
struct ck_ipc_dir {
	uint32_t magic;        /* CK_IPC_MAGIC */
	uint32_t abi;          /* CK_IPC_ABI: major << 16 | minor */
	uint32_t region_bytes; /* size of the whole region */
	uint32_t dir_bytes;    /* sizeof(struct ck_ipc_dir) */
	uint32_t max_chan;     /* CK_IPC_MAX_CHAN */
	uint32_t nr_chan;      /* entries in use: chan[0 .. nr_chan-1] */
	uint32_t alloc_off;    /* first free byte for the next channel area */
	uint32_t faults;       /* total corruptions detected, all channels */
	uint32_t reserved[8];
	struct ck_ipc_desc chan[CK_IPC_MAX_CHAN];
};

/** Ring header at desc.off. 32 bytes. Indices are free-running u32. */
struct ck_ipc_ring_hdr {
	uint32_t head;     /* producer: index of the next message to write */
	uint32_t sent;     /* producer: messages written */
	uint32_t rejected; /* producer: sends refused on a full ring */
	uint32_t dropped;  /* producer: unread messages overwritten */
	uint32_t tail;     /* consumer: index of the next message to read */
	uint32_t received; /* consumer: messages read */
	uint32_t invalid;  /* consumer: messages read but unusable */
	uint32_t reserved;
};

/*
 * Slot header. seq == the message index once the message is complete;
 * while it is being written, seq == index ^ CK_IPC_SEQ_BUSY, which never
 * equals an index that maps to this slot. 8 bytes, payload follows.
 */
struct ck_ipc_slot_hdr {
	uint32_t seq;
	uint32_t len; /* payload bytes, <= desc.slot_bytes */
};
#define CK_IPC_SEQ_BUSY 0x80000000u

/** State block header at desc.off. 16 bytes, payload follows. */
struct ck_ipc_state_hdr {
	uint32_t seq;    /* writer: odd while an update is in progress */
	uint32_t len;    /* writer: valid payload bytes, <= desc.slot_bytes */
	uint32_t writes; /* writer: updates published */
	uint32_t invalid; /* reader: values read but unusable */
};

_Static_assert(sizeof(struct ck_ipc_desc) == 48, "desc size");
_Static_assert(offsetof(struct ck_ipc_desc, name) == 0, "desc.name");
_Static_assert(offsetof(struct ck_ipc_desc, kind) == 16, "desc.kind");
_Static_assert(offsetof(struct ck_ipc_desc, flags) == 20, "desc.flags");
_Static_assert(offsetof(struct ck_ipc_desc, off) == 24, "desc.off");
_Static_assert(offsetof(struct ck_ipc_desc, bytes) == 28, "desc.bytes");
_Static_assert(offsetof(struct ck_ipc_desc, slot_bytes) == 32, "desc.slot");
_Static_assert(offsetof(struct ck_ipc_desc, nr_slots) == 36, "desc.nr");
_Static_assert(offsetof(struct ck_ipc_desc, faults) == 40, "desc.faults");
_Static_assert(offsetof(struct ck_ipc_desc, reset_req) == 44, "desc.reset");
_Static_assert(offsetof(struct ck_ipc_dir, magic) == 0, "dir.magic");
_Static_assert(offsetof(struct ck_ipc_dir, abi) == 4, "dir.abi");
_Static_assert(offsetof(struct ck_ipc_dir, region_bytes) == 8, "dir.region");
_Static_assert(offsetof(struct ck_ipc_dir, dir_bytes) == 12, "dir.dir_bytes");
_Static_assert(offsetof(struct ck_ipc_dir, max_chan) == 16, "dir.max_chan");
_Static_assert(offsetof(struct ck_ipc_dir, nr_chan) == 20, "dir.nr_chan");
_Static_assert(offsetof(struct ck_ipc_dir, alloc_off) == 24, "dir.alloc_off");
_Static_assert(offsetof(struct ck_ipc_dir, faults) == 28, "dir.faults");
_Static_assert(offsetof(struct ck_ipc_dir, chan) == 64, "dir.chan");
_Static_assert(sizeof(struct ck_ipc_dir) == 64 + 48 * CK_IPC_MAX_CHAN,
	       "dir size");
_Static_assert(sizeof(struct ck_ipc_dir) % CK_IPC_ALIGN == 0, "dir align");
_Static_assert(sizeof(struct ck_ipc_ring_hdr) == 32, "ring hdr size");
_Static_assert(offsetof(struct ck_ipc_ring_hdr, head) == 0, "ring.head");
_Static_assert(offsetof(struct ck_ipc_ring_hdr, sent) == 4, "ring.sent");
_Static_assert(offsetof(struct ck_ipc_ring_hdr, rejected) == 8, "ring.rej");
_Static_assert(offsetof(struct ck_ipc_ring_hdr, dropped) == 12, "ring.drop");
_Static_assert(offsetof(struct ck_ipc_ring_hdr, tail) == 16, "ring.tail");
_Static_assert(offsetof(struct ck_ipc_ring_hdr, received) == 20, "ring.recv");
_Static_assert(offsetof(struct ck_ipc_ring_hdr, invalid) == 24, "ring.inval");
_Static_assert(sizeof(struct ck_ipc_slot_hdr) == 8, "slot hdr size");
_Static_assert(offsetof(struct ck_ipc_slot_hdr, len) == 4, "slot.len");
_Static_assert(sizeof(struct ck_ipc_state_hdr) == 16, "state hdr size");
_Static_assert(offsetof(struct ck_ipc_state_hdr, seq) == 0, "state.seq");
_Static_assert(offsetof(struct ck_ipc_state_hdr, len) == 4, "state.len");
_Static_assert(offsetof(struct ck_ipc_state_hdr, writes) == 8, "state.writes");
_Static_assert(offsetof(struct ck_ipc_state_hdr, invalid) == 12,
	       "state.invalid");

/* ------------------------------------------------------------------ */
/* Handles (private memory of each side, never in the region).         */

/**
 * struct ck_ipc_chan - one side's handle on a channel. Filled by
 * ck_ipc_ring_create()/ck_ipc_state_create() (RT) or ck_ipc_open() (Linux).
 * Geometry fields are the trusted copy; the RT side also keeps the indices
 * and counters it owns here and only ever writes them to the region.
 *
 * Handle errors. Every call first checks its handle (the seal over idx..side
 * must match: a handle never made by create/open, or changed since, fails),
 * that the channel's kind and direction suit the call, and its sizes and
 * pointers; a failure returns -CK_EINVAL before the region is touched (no
 * reset request is taken, nothing is counted). A zero-length message or
 * state is valid. A handle belongs to the region it was made on: the
 * caller passes that region's base.
 */
struct ck_ipc_chan {
	char name[CK_IPC_NAME_BYTES]; /* to republish on reset */
	uint32_t idx;          /* directory entry */
	uint32_t kind;         /* enum ck_ipc_kind */
	uint32_t flags;        /* CK_IPC_F_* policy bits (no FAULTED) */
	uint32_t off;          /* channel header offset */
	uint32_t bytes;        /* channel area bytes */
	uint32_t slot_bytes;   /* max message / payload bytes */
	uint32_t nr_slots;     /* ring slots (power of two), state: 1 */
	uint32_t stride;       /* ring: bytes per slot incl. its header */
	uint32_t region_bytes; /* trusted region size */
	uint32_t side;         /* enum ck_ipc_side */
	/* RT side only: */
	uint32_t own_idx;      /* ring: head or tail this side owns; state: seq */
	uint32_t sent, rejected, dropped, received, writes, invalid;
	uint32_t faults;       /* corruptions detected */
	uint32_t reset_seen;   /* desc.reset_req when last reset / created */
	bool faulted;
	uint32_t seal;         /* hash of idx..side: made by create/open */
};

/** struct ck_ipc_info - a validated snapshot of one channel, for listing. */
struct ck_ipc_info {
	char name[CK_IPC_NAME_BYTES];
	uint32_t kind, flags, off, bytes, slot_bytes, nr_slots, faults;
	uint32_t invalid; /* unusable messages / values the consumer counted */
	/* ring: */
	uint32_t head, tail, sent, rejected, dropped, received;
	/* state: */
	uint32_t seq, len, writes;
};

/* ------------------------------------------------------------------ */
/* Directory                                                           */

/**
 * ck_ipc_dir_init() - format an empty directory at @base.
 * @region_bytes: size of the region; at least sizeof(struct ck_ipc_dir).
 * Return: 0 or -CK_EINVAL. Context: RT init (before Linux runs).
 */
int ck_ipc_dir_init(void *base, uint32_t region_bytes);

/**
 * ck_ipc_dir_check() - validate the directory header.
 * Return: 0, -CK_EINVAL (NULL or too small region), -CK_EBADMSG (bad magic,
 * ABI major, sizes or counts). Context: any.
 */
int ck_ipc_dir_check(const void *base, uint32_t region_bytes);

/**
 * ck_ipc_repair() - the RT side puts channel @idx back as its handle says,
 * if the region disagrees: the directory header and entry rewritten, the
 * channel restarted empty (ring) or unwritten (state), FAULTED cleared,
 * the corruption counted (as a reset Linux asked for does). A channel
 * the region still describes right is left as it is, messages and all.
 * For a new Linux after the old one went down, which may have written
 * anything there (core/restart.c).
 * Return: 1 (repaired), 0 (nothing to repair), -CK_ENODEV (no channel
 * the RT side created at @idx, in this program). Context: RT side, with
 * the channel's owner not inside an operation on it (RT masked, from the
 * root context); O(1) whatever the region holds.
 */
int ck_ipc_repair(void *base, uint32_t idx);

/**
 * ck_ipc_repair_dir() - the RT side rewrites the directory header from
 * its handles where the region disagrees: magic, ABI, the region's and
 * the directory's sizes, the channel count (the highest index the RT side
 * created + 1) and the allocation mark (the end of the last channel).
 * After ck_ipc_repair() of every channel (core/restart.c).
 * Return: 1 (rewritten), 0 (it was right), -CK_ENODEV (no channel the RT
 * side created, or @base NULL). Context: as ck_ipc_repair(); O(channels).
 */
int ck_ipc_repair_dir(void *base);

/**
 * ck_ipc_find() - look a channel up by name.
 * Return: its directory index (>= 0), -CK_ENODEV if absent, or the error
 * of ck_ipc_dir_check(). Context: any; bounded by CK_IPC_MAX_CHAN entries.
 */
int ck_ipc_find(const void *base, uint32_t region_bytes, const char *name);

/**
 * ck_ipc_ring_create() - allocate and publish a ring (RT side).
 * @name: unique, 1..15 chars. @kind: CK_IPC_RING_RT2LX or _LX2RT.
 * @slot_bytes: max message bytes, 1..CK_IPC_MAX_SLOT_BYTES.
 * @nr_slots: power of two, 1..CK_IPC_MAX_SLOTS.
 * @flags: 0 (reject when full, -CK_EAGAIN) or CK_IPC_F_DROP_OLDEST.
 * @ch: handle to fill (RT memory).
 * Return: 0, -CK_EINVAL, -CK_EEXIST (name taken), -CK_ENOSPC (table or
 * region full), -CK_EBADMSG (directory corrupt). Context: RT init or task.
 */
int ck_ipc_ring_create(void *base, uint32_t region_bytes, const char *name,
		       uint32_t kind, uint32_t slot_bytes, uint32_t nr_slots,
		       uint32_t flags, struct ck_ipc_chan *ch);

/**
 * ck_ipc_state_create() - allocate and publish a state block (RT side).
 * @kind: CK_IPC_STATE_RT2LX or _LX2RT. @bytes: payload size, 1..64 KiB.
 * Return/Context: as ck_ipc_ring_create().
 */
int ck_ipc_state_create(void *base, uint32_t region_bytes, const char *name,
			uint32_t kind, uint32_t bytes, struct ck_ipc_chan *ch);

/**
 * ck_ipc_open() - fill @ch for the channel called @name after validating
 * its directory entry against the region.
 * @side: CK_IPC_SIDE_LINUX for tools; CK_IPC_SIDE_RT to adopt a channel
 * another RT module created (the handle then starts from the shared state).
 * Return: 0, -CK_ENODEV, -CK_EBADMSG. Context: Linux, RT init.
 */
int ck_ipc_open(const void *base, uint32_t region_bytes, const char *name,
		uint32_t side, struct ck_ipc_chan *ch);

/**
 * ck_ipc_info() - validated snapshot of directory entry @idx.
 * Return: 0, -CK_ENODEV (idx unused), -CK_EBADMSG. Context: any.
 */
int ck_ipc_info(const void *base, uint32_t region_bytes, uint32_t idx,
		struct ck_ipc_info *info);

/**
 * ck_ipc_request_reset() - Linux side: ask the RT side to re-initialise a
 * FAULTED channel at its next call on it (bumps desc.reset_req).
 * Return: 0, or -CK_EINVAL (NULL @base, bad handle). Context: Linux.
 */
int ck_ipc_request_reset(void *base, const struct ck_ipc_chan *ch);

/**
 * ck_ipc_faulted() - whether the channel is FAULTED: the RT handle's
 * private flag on the RT side, the desc flag on the Linux side; true for a
 * NULL @base or a bad handle. Context: any.
 */
bool ck_ipc_faulted(const void *base, const struct ck_ipc_chan *ch);

/**
 * ck_ipc_reset_pending() - RT side: whether Linux asked for a reset
 * (ck_ipc_request_reset()) that this handle has not served yet. The next
 * call on the channel serves it; a writer that publishes rarely calls this
 * from a slow poll and republishes its last value when it is true.
 * False on the Linux side, for a NULL @base or a bad handle.
 * Context: RT task or interrupt; one load from the region.
 */
bool ck_ipc_reset_pending(const void *base, const struct ck_ipc_chan *ch);

/* ------------------------------------------------------------------ */
/* Rings                                                               */

/**
 * ck_ipc_send() - put one message of @len bytes into a ring; only from the
 * producing side. RT side: wait-free, O(@len) plus a constant.
 * Return: 0, -CK_EAGAIN (full, reject policy; counted in rejected),
 * -CK_EINVAL (bad handle, @len > slot_bytes, NULL @msg with @len > 0,
 * wrong side or kind: nothing done), -CK_EBADMSG
 * (corruption detected now; RT: channel marked FAULTED), -CK_EFAULT
 * (channel FAULTED). With CK_IPC_F_DROP_OLDEST a full ring overwrites its
 * oldest unread message and counts it in dropped.
 * Context: RT task or RT interrupt (RT side), Linux process (Linux side).
 */
int ck_ipc_send(void *base, struct ck_ipc_chan *ch, const void *msg,
		uint32_t len);

/**
 * ck_ipc_recv() - take the oldest message; only from the consuming side.
 * @buf_bytes: room in @buf; a message larger than that stays queued.
 * Return: the message length (>= 0), -CK_EAGAIN (empty), -CK_ENOSPC
 * (@buf too small), -CK_EINVAL (bad handle, NULL @buf with @buf_bytes > 0,
 * wrong side or kind), -CK_EBADMSG, -CK_EFAULT (as ck_ipc_send()).
 * Context: as ck_ipc_send(); RT side bounded (at most two slots examined).
 */
int ck_ipc_recv(void *base, struct ck_ipc_chan *ch, void *buf,
		uint32_t buf_bytes);

/**
 * ck_ipc_note_invalid() - count one message (ring, consuming side) or value
 * (state block, reading side) that was well formed for the channel but
 * unusable to the caller: wrong size, unknown command, field out of range.
 * The channel stays usable; `ckipc list` shows the count (INVAL).
 * Return: 0, -CK_EINVAL (bad handle, producing/writing side), -CK_EBADMSG,
 * -CK_EFAULT (as ck_ipc_recv()). Context: as ck_ipc_recv(); RT side O(1).
 */
int ck_ipc_note_invalid(void *base, struct ck_ipc_chan *ch);

/* ------------------------------------------------------------------ */
/* State blocks                                                        */

/**
 * ck_ipc_state_write() - publish @len bytes as the latest value; only from
 * the writing side. Return: 0, -CK_EINVAL, -CK_EBADMSG, -CK_EFAULT.
 * Context: RT task or interrupt (wait-free), or Linux.
 */
int ck_ipc_state_write(void *base, struct ck_ipc_chan *ch, const void *data,
		       uint32_t len);

/**
 * ck_ipc_state_read() - copy the latest consistent value; only from the
 * reading side. The RT side never waits for Linux: if Linux is in the
 * middle of an update it returns -CK_EAGAIN (keep the previous value).
 * The Linux side retries a bounded number of times.
 * Return: payload length, -CK_EAGAIN (no consistent copy: update in
 * progress, or never written), -CK_ENOSPC, -CK_EINVAL, -CK_EBADMSG,
 * -CK_EFAULT. Context: as ck_ipc_state_write().
 */
int ck_ipc_state_read(void *base, struct ck_ipc_chan *ch, void *buf,
		      uint32_t buf_bytes);

#endif /* CK_IPC_H */
