/* SPDX-License-Identifier: MIT */
/*
 * ck_tasks.h - the RT tasks as Linux sees them (`ckipc tasks`, Xenomai's
 * /proc/xenomai/sched/stat): the state block "tasks" (RT writes, Linux
 * reads), struct ck_tasks_snap.
 *
 * A task of the lowest RT priority (cokernel/core/tasks.c) fills it with
 * one record per created RT task, the root context (Linux) first, when
 * Linux notifies the block's channel, at most once per
 * CK_TASKS_MIN_INTERVAL_NS (a reset request, ck_ipc_request_reset(), is
 * served by the refresh its notify brings). A reader notifies, then
 * waits for `refreshes` to change. Names are copied, cut to 15 bytes and
 * NUL-padded; no pointer crosses. Units: ns; fixed-width fields, native
 * byte order.
 */
#ifndef CK_TASKS_H
#define CK_TASKS_H

#include <stddef.h>
#include <stdint.h>

#define CK_TASKS_STATE "tasks"   /* state RT2LX, struct ck_tasks_snap */
#define CK_TASKS_MAX 33u         /* records: the root + CK_FAULT_MAX_TASKS */
#define CK_TASKS_NAME_BYTES 16u  /* NUL-terminated, NUL-padded, cut */
/* the refresher's pause after each refresh: however often Linux notifies,
 * it takes at most its cost once per this */
#define CK_TASKS_MIN_INTERVAL_NS 10000000u

/* ck_tasks_rec.state: enum ck_task_state (cokernel/include/ck/ck.h) */
#define CK_TASKS_DORMANT 0u
#define CK_TASKS_READY 1u     /* ready or running */
#define CK_TASKS_BLOCKED 2u   /* wait_kind says on what */
#define CK_TASKS_SUSPENDED 3u

/* ck_tasks_rec.wait_kind: enum ck_wait_kind (ck.h), names as the tool
 * prints them */
#define CK_TASKS_WAIT_KINDS 10u

/* ck_tasks_rec.flags */
#define CK_TASKS_F_ROOT 0x1u  /* the root context: Linux (or the idle loop);
			       * prio -1, no stack, no period */
#define CK_TASKS_F_SELF 0x2u  /* the refresher: running while it writes */

/** One task. 112 bytes. */
struct ck_tasks_rec {
	char name[CK_TASKS_NAME_BYTES];
	char wait_name[CK_TASKS_NAME_BYTES];  /* object waited on, "" none */
	char wait_owner[CK_TASKS_NAME_BYTES]; /* its owner (a mutex), "" */
	int32_t base_prio;     /* as created or set; -1: root */
	int32_t prio;          /* effective (inheritance, ceiling) */
	uint8_t state;         /* CK_TASKS_DORMANT.. */
	uint8_t wait_kind;     /* while blocked, else 0 */
	uint8_t flags;         /* CK_TASKS_F_* */
	uint8_t reserved;
	uint32_t suspend_depth; /* ck_task_suspend() calls not resumed */
	uint64_t period_ns;    /* 0: not periodic */
	uint64_t overruns;     /* release points missed in total */
	uint64_t switches;     /* times switched in */
	uint64_t cpu_ns;       /* CPU time since creation (RT interrupts
				* count in the task they interrupt) */
	uint64_t cpu_delta_ns; /* of it, since the previous refresh */
	uint32_t stack_bytes;  /* 0: root */
	uint32_t stack_used;   /* high-water mark, bytes */
};

/** The block: a header and @tasks records, root first.
 *  ck_tasks_snap_bytes(tasks) bytes are written. */
struct ck_tasks_snap {
	uint32_t refreshes;    /* since boot, from 1 */
	uint32_t tasks;        /* valid rec[], 1..CK_TASKS_MAX */
	uint64_t now_ns;       /* RT clock at this refresh */
	uint64_t interval_ns;  /* since the previous refresh (cpu_delta_ns's
				* interval); 0 at the first */
	uint32_t reserved[2];
	struct ck_tasks_rec rec[CK_TASKS_MAX];
};

/** ck_tasks_snap_bytes() - the bytes of a block of @tasks records. */
static inline uint32_t ck_tasks_snap_bytes(uint32_t tasks)
{
	return (uint32_t)offsetof(struct ck_tasks_snap, rec) +
	       tasks * (uint32_t)sizeof(struct ck_tasks_rec);
}

/** ck_tasks_wait_name() - short name of wait kind @kind, "?" if unknown. */
static inline const char *ck_tasks_wait_name(uint32_t kind)
{
	static const char *const names[CK_TASKS_WAIT_KINDS] = {
		"-",     "delay", "period",     "sem",        "chan",
		"mutex", "event", "queue-recv", "queue-send", "join",
	};

	return kind < CK_TASKS_WAIT_KINDS ? names[kind] : "?";
}

_Static_assert(sizeof(struct ck_tasks_rec) == 112, "tasks rec size");
_Static_assert(offsetof(struct ck_tasks_rec, base_prio) == 48, "rec.base_prio");
_Static_assert(offsetof(struct ck_tasks_rec, state) == 56, "rec.state");
_Static_assert(offsetof(struct ck_tasks_rec, suspend_depth) == 60,
	       "rec.suspend_depth");
_Static_assert(offsetof(struct ck_tasks_rec, period_ns) == 64, "rec.period_ns");
_Static_assert(offsetof(struct ck_tasks_rec, cpu_delta_ns) == 96,
	       "rec.cpu_delta_ns");
_Static_assert(offsetof(struct ck_tasks_rec, stack_bytes) == 104,
	       "rec.stack_bytes");
_Static_assert(offsetof(struct ck_tasks_snap, now_ns) == 8, "snap.now_ns");
_Static_assert(offsetof(struct ck_tasks_snap, rec) == 32, "snap.rec");
_Static_assert(sizeof(struct ck_tasks_snap) == 32 + 112 * CK_TASKS_MAX,
	       "snap size");

#endif /* CK_TASKS_H */
