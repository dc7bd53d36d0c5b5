/* SPDX-License-Identifier: MIT */
/*
 * ck_trace.h - the RT tracer's frozen trace as Linux reads it: the state
 * block "trace" (RT writes, Linux reads), struct ck_trace_snap.
 *
 * The co-kernel records trace points of its RT interrupt path in a ring in
 * its own memory (cokernel/core/trace.c); Linux never sees that ring. When
 * a freezer (latency -f: a new maximum) freezes it, a low-priority RT task
 * converts the ring, oldest event first, into this snapshot and writes it
 * into the state block, then recording resumes. Units: ns; fixed-width
 * fields, native byte order.
 */
#ifndef CK_TRACE_H
#define CK_TRACE_H

#include <stddef.h>
#include <stdint.h>

#define CK_TRACE_STATE "trace" /* state RT2LX, struct ck_trace_snap */
#define CK_TRACE_EVENTS 128u   /* ring and snapshot size, a power of two */
#define CK_TRACE_NAME_BYTES 8u /* task name, NUL-padded, cut */

/*
 * ck_trace_rec.event, and what a and b hold. "the task" is the record's
 * prio and task fields (prio -1: the root context, Linux or the idle loop).
 */
enum ck_trace_event {
	CK_TRACE_NONE = 0,
	CK_TRACE_IRQ_ENTRY = 1,  /* RT interrupt entry; the task: interrupted */
	CK_TRACE_IRQ_ACK = 2,    /* PIC read, timer acked: a = pending RT
				  * slots, b = the RT timer's PIC line */
	CK_TRACE_CLOCK = 3,      /* the entry's clock read: a|b<<32 = its ns */
	CK_TRACE_TIMER = 4,      /* a timer expires: a|b<<32 = its expiry
				  * (deadline), ns; the task: a task's wake
				  * timer's task, else none */
	CK_TRACE_WAKE = 5,       /* the task is ready (its wake timer) */
	CK_TRACE_SWITCH = 6,     /* the RT exit switches: a = previous task's
				  * priority; the task: the next one */
	CK_TRACE_IRQ_EXIT = 7,   /* RT interrupt exit; the task: resumed */
	CK_TRACE_TASK_CLOCK = 8, /* a task or handler read the clock for a
				  * sample: a|b<<32 = the ns it read */
	CK_TRACE_FREEZE = 9,     /* frozen: a = the freezer's value (latency:
				  * the new maximum, ns), b = its tag */
	CK_TRACE_NR_EVENTS = 10,
};

/** One event of the snapshot, oldest first. 32 bytes. */
struct ck_trace_rec {
	uint64_t ts_ns;   /* RT clock, ns since the co-kernel's start */
	uint32_t event;   /* enum ck_trace_event */
	int32_t prio;     /* the task's priority, -1 root; 0 without task */
	uint32_t a;       /* payload, see enum ck_trace_event */
	uint32_t b;
	char task[CK_TRACE_NAME_BYTES]; /* the task's name, "" without task */
};

/** The frozen trace in the "trace" state block. 32 + 32 * events bytes
 *  are written (ck_trace_snap_bytes()). */
struct ck_trace_snap {
	uint32_t freezes;  /* freezes published since boot, from 1 */
	uint32_t events;   /* valid entries of ev[], <= CK_TRACE_EVENTS */
	uint32_t lost;     /* events recorded before ev[0] since tracing
			    * started (overwritten by the ring) */
	uint32_t value;    /* the freezer's value (latency: max, ns) */
	uint32_t tag;      /* the freezer's tag (latency: the second, from
			    * 0, of its session's records) */
	uint32_t session;  /* the freezer's session (latency: START's) */
	uint32_t clock_hz; /* the RT clocksource's rate: timestamps step
			    * by 1e9 / clock_hz ns */
	uint32_t reserved;
	struct ck_trace_rec ev[CK_TRACE_EVENTS];
};

/** ck_trace_snap_bytes() - the bytes of a snapshot of @events events. */
static inline uint32_t ck_trace_snap_bytes(uint32_t events)
{
	return (uint32_t)offsetof(struct ck_trace_snap, ev) +
	       events * (uint32_t)sizeof(struct ck_trace_rec);
}

/** ck_trace_event_name() - short name of @event, "?" if unknown. */
static inline const char *ck_trace_event_name(uint32_t event)
{
	static const char *const names[CK_TRACE_NR_EVENTS] = {
		"none",  "irq-entry", "irq-ack", "clock",      "timer",
		"wake",  "switch",    "irq-exit", "task-clock", "freeze",
	};

	return event < CK_TRACE_NR_EVENTS ? names[event] : "?";
}

_Static_assert(sizeof(struct ck_trace_rec) == 32, "trace rec size");
_Static_assert(offsetof(struct ck_trace_rec, event) == 8, "rec.event");
_Static_assert(offsetof(struct ck_trace_rec, task) == 24, "rec.task");
_Static_assert(offsetof(struct ck_trace_snap, ev) == 32, "snap.ev");
_Static_assert(sizeof(struct ck_trace_snap) == 32 + 32 * CK_TRACE_EVENTS,
	       "snap size");
_Static_assert((CK_TRACE_EVENTS & (CK_TRACE_EVENTS - 1u)) == 0,
	       "a power of two");

#endif /* CK_TRACE_H */
