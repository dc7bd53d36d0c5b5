/* SPDX-License-Identifier: MIT */
/*
 * ck_ipc_sync.h - channel names and record formats of the RT apps that
 * exercise the sharing objects of ck/ck.h (mutexes, event flags, message
 * queues): syncbench (cokernel/apps/syncbench.c, Linux tool syncbench) and
 * rtmix (cokernel/apps/rtmix.c, Linux tool rtmix).
 *
 * Units: ns everywhere; fixed-width fields, native byte order of the CPU.
 * Every record is written by the RT side only (RT2LX); the commands by
 * Linux only (LX2RT).
 */
#ifndef CK_IPC_SYNC_H
#define CK_IPC_SYNC_H

#include <stddef.h>
#include <stdint.h>

/* ------------------------------------------------------------------ */
/* syncbench: the sharing objects' costs, measured once at boot.         */

#define CK_SYB_STATE "syncbench" /* state RT2LX, struct ck_syb_result */
/* the owner/poster; medium +1, waiter +2: above latency (60), so the run
 * ends before the latency task first runs, as switchbench's does */
#define CK_SYB_PRIO_LOW 61

/* struct ck_syb_result.fig[]: what each sample spans */
enum ck_syb_fig_id {
	CK_SYB_MUTEX = 0,  /* ck_mutex_lock() + ck_mutex_unlock(), free mutex,
			    * in one task */
	CK_SYB_MUTEX_PI,   /* the owner's ck_mutex_unlock() to the waiter
			    * running with the mutex: the waiter (+2) boosted
			    * the owner, a medium task (+1) is ready */
	CK_SYB_EVENT,      /* ck_event_post() to the waiter (+2) running */
	CK_SYB_QUEUE,      /* ck_queue_send_until() of 16 bytes to the
			    * blocked receiver (+2) running with them */
	CK_SYB_NR_FIGS
};

/** One figure, 16 bytes. Each sample includes one ck_clock_now(). */
struct ck_syb_fig {
	uint32_t min_ns;
	uint32_t avg_ns;   /* mean of the samples */
	uint32_t max_ns;
	uint32_t samples;
};

/** 96 bytes, on CK_SYB_STATE. */
struct ck_syb_result {
	uint32_t runs;         /* completed benchmark runs */
	uint32_t rounds;       /* samples per figure in the last run */
	uint32_t clock_res_ns; /* smallest non-zero sample: bounds the step */
	uint32_t prio;         /* CK_SYB_PRIO_LOW */
	uint32_t pi_boosts;    /* rounds of CK_SYB_MUTEX_PI in which the
				* owner ran at the waiter's priority before
				* its unlock (== rounds, or inheritance
				* failed) */
	uint32_t reserved[3];
	struct ck_syb_fig fig[CK_SYB_NR_FIGS];
};

/** ck_syb_fig_name() - a figure's name, as the tool prints it. */
static inline const char *ck_syb_fig_name(uint32_t id)
{
	return id == CK_SYB_MUTEX      ? "mutex lock+unlock, free"
	       : id == CK_SYB_MUTEX_PI ? "mutex unlock -> waiter, inheritance"
	       : id == CK_SYB_EVENT    ? "event post -> waiter"
	       : id == CK_SYB_QUEUE    ? "queue send -> receiver"
				       : "?";
}

_Static_assert(sizeof(struct ck_syb_fig) == 16, "syb fig size");
_Static_assert(offsetof(struct ck_syb_result, pi_boosts) == 16, "syb.pi_boosts");
_Static_assert(offsetof(struct ck_syb_result, fig) == 32, "syb.fig");
_Static_assert(sizeof(struct ck_syb_result) == 96, "syb size");

/* ------------------------------------------------------------------ */
/* rtmix: a mixed RT workload with invariant checks, run on demand.     */

#define CK_MIX_CTL "rtmix.ctl"     /* ring LX2RT, reject, 4 x 16 bytes */
#define CK_MIX_STATE "rtmix.state" /* state RT2LX, struct ck_mix_state */
#define CK_MIX_CTL_SLOTS 4u
#define CK_MIX_PRIO_LOW 20         /* its lowest task; the highest is +8 */
#define CK_MIX_RUN_MAX_MS 600000u  /* START: at most 10 minutes */
#define CK_MIX_PUBLISH_NS (100ull * 1000000ull) /* state while running */

/* struct ck_mix_cmd.cmd */
#define CK_MIX_CMD_START 1u /* run for run_ms, counters from 0 */
#define CK_MIX_CMD_STOP 2u  /* end the run in progress early */

/** Linux -> RT command on CK_MIX_CTL. 16 bytes. */
struct ck_mix_cmd {
	uint32_t cmd;     /* CK_MIX_CMD_* */
	uint32_t session; /* echoed in the state (any value) */
	uint32_t run_ms;  /* START: 1..CK_MIX_RUN_MAX_MS */
	uint32_t reserved;
};

/*
 * The counters, X(ENUM, "name"). First what ran (each must be non-zero
 * after a run of a second or more), then the violations (each must stay 0).
 */
#define CK_MIX_RAN(X)                                                     \
	X(LOCKS, "locks")                 /* mutex locks taken */          \
	X(CONTENDED, "contended")         /* of them, after a wait */      \
	X(NESTED, "nested")               /* a second mutex locked while  \
					   * holding one */                \
	X(LOCK_TIMEOUTS, "lock_timeouts") /* lock_until gave up */         \
	X(PI_BOOSTS, "pi_boosts")         /* an owner found itself above  \
					   * its base priority */          \
	X(PI_SAMPLES, "pi_samples")       /* owner/waiter pairs checked   \
					   * by the periodic task */       \
	X(Q_SENT, "q_sent")               /* messages queued */            \
	X(Q_RECEIVED, "q_received")       /* messages taken */             \
	X(Q_FULL_WAITS, "q_full_waits")   /* sends that found it full */   \
	X(Q_TIMEOUTS, "q_timeouts")       /* send or receive timed out */  \
	X(EV_ANY, "ev_any")               /* satisfied waits, any of     \
					   * a mask */                     \
	X(EV_ALL, "ev_all")               /* satisfied waits, all of one */ \
	X(EV_TIMEOUTS, "ev_timeouts")     /* waits that timed out */       \
	X(PERIODS, "periods")             /* periodic releases */

#define CK_MIX_VIOLATIONS(X)                                              \
	X(V_EXCLUSION, "v_exclusion")     /* two tasks inside one mutex */ \
	X(V_SEQUENCE, "v_sequence")       /* a message lost, duplicated  \
					   * or out of order */            \
	X(V_EVENT, "v_event")             /* a wait ended unsatisfied    \
					   * without a timeout, or timed  \
					   * out with its condition true */ \
	X(V_INHERIT, "v_inherit")         /* a waiter above its mutex's  \
					   * owner */                      \
	X(V_OVERRUNS, "v_overruns")       /* periodic releases missed */   \
	X(V_ERRORS, "v_errors")           /* a call's unexpected return */

#define CK_MIX_ENUM(e, name) CK_MIX_##e,
enum ck_mix_counter {
	CK_MIX_RAN(CK_MIX_ENUM) CK_MIX_FIRST_VIOLATION,
	CK_MIX_VIOLATIONS_BEFORE = CK_MIX_FIRST_VIOLATION - 1,
	CK_MIX_VIOLATIONS(CK_MIX_ENUM) CK_MIX_NR_COUNTERS
};
#undef CK_MIX_ENUM

/* struct ck_mix_state.phase */
#define CK_MIX_IDLE 0u    /* never started */
#define CK_MIX_RUNNING 1u
#define CK_MIX_DONE 2u    /* the run of `session` ended; counters final */

#define CK_MIX_WHAT_BYTES 48u

/** RT -> Linux on CK_MIX_STATE: every CK_MIX_PUBLISH_NS while running,
 *  and at the end. 144 bytes. */
struct ck_mix_state {
	uint32_t session;    /* of the START in force */
	uint32_t phase;      /* CK_MIX_IDLE, _RUNNING, _DONE */
	uint32_t elapsed_ms; /* of the run */
	uint32_t violations; /* sum of the violation counters */
	uint32_t count[CK_MIX_NR_COUNTERS]; /* enum ck_mix_counter; wrap */
	char first[CK_MIX_WHAT_BYTES]; /* the first violation, in words
					* (NUL-terminated), or "" */
};

/** ck_mix_counter_name() - the name of counter @i (enum ck_mix_counter). */
static inline const char *ck_mix_counter_name(uint32_t i)
{
#define CK_MIX_NAME(e, name) name,
	static const char *const names[] = { CK_MIX_RAN(CK_MIX_NAME)
						     CK_MIX_VIOLATIONS(CK_MIX_NAME) };
#undef CK_MIX_NAME

	return i < CK_MIX_NR_COUNTERS ? names[i] : "?";
}

_Static_assert(sizeof(struct ck_mix_cmd) == 16, "mix cmd size");
_Static_assert(CK_MIX_FIRST_VIOLATION == 14, "mix counters: ran");
_Static_assert(CK_MIX_NR_COUNTERS == 20, "mix counters");
_Static_assert(offsetof(struct ck_mix_state, count) == 16, "mix.count");
_Static_assert(offsetof(struct ck_mix_state, first) == 96, "mix.first");
_Static_assert(sizeof(struct ck_mix_state) == 144, "mix state size");

#endif /* CK_IPC_SYNC_H */
