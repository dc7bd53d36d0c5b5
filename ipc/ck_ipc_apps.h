/* SPDX-License-Identifier: MIT */
/*
 * ck_ipc_apps.h - channel names and record formats of the built-in RT apps
 * (cokernel/apps/latency.c, switchbench.c, switchtest.c) that the Linux
 * tools (linux-guest/tools: latency, switchbench, switchtest, ckipc) rely
 * on.
 *
 * Units: ns everywhere; fixed-width fields, native byte order of the CPU.
 */
#ifndef CK_IPC_APPS_H
#define CK_IPC_APPS_H

#include <stddef.h>
#include <stdint.h>

/* ------------------------------------------------------------------ */
/* latency: RT side samples, Linux side prints Xenomai-format lines.    */

#define CK_LAT_CTL "latency.ctl"   /* ring LX2RT, reject, 8 x 32 bytes */
#define CK_LAT_DATA "latency.data" /* ring RT2LX, drop-oldest, 64 x 48 */
#define CK_LAT_HIST "latency.hist" /* state RT2LX, struct ck_lat_hist */
#define CK_LAT_TASK "latency"      /* the RT sampling task's name */
#define CK_LAT_CTL_SLOTS 8u
#define CK_LAT_DATA_SLOTS 64u

/* struct ck_lat_cmd.cmd */
#define CK_LAT_CMD_START 1u /* (re)start with the given parameters */
#define CK_LAT_CMD_STOP 2u  /* stop sampling, publish the final histogram */
#define CK_LAT_CMD_RESET 3u /* clear the running second and the histogram */

/* modes: the numbers of Xenomai's -t option */
#define CK_LAT_MODE_STOPPED 0u
#define CK_LAT_MODE_TASK 1u  /* periodic RT task (Xenomai -t1) */
#define CK_LAT_MODE_TIMER 2u /* inside a ck_timer handler (Xenomai -t2) */

#define CK_LAT_F_CONSOLE 0x1u /* also print RTD lines on the ck console */
/* trace the RT path while sampling and freeze the trace on each new
 * maximum after warm-up (Xenomai latency -f; ipc/ck_trace.h) */
#define CK_LAT_F_FREEZE 0x2u

/*
 * Period bounds of the ABI. The board's shortest period
 * (ck_timer_min_period_ns(): the RT clockevent's min_period_ns, board
 * data) is the real lower bound: the RT side refuses a START below it
 * with a CK_LAT_REC_REFUSED record that carries it.
 */
#define CK_LAT_PERIOD_MIN_NS 1000u       /* 1 us, the tool's -p unit */
#define CK_LAT_PERIOD_MAX_NS 1000000000u /* 1 s, as Xenomai */
#define CK_LAT_PERIOD_DEFAULT_NS 1000000u
#define CK_LAT_HIST_MAX_CELLS 1000u

/** Linux -> RT command on CK_LAT_CTL. 32 bytes. */
struct ck_lat_cmd {
	uint32_t cmd;       /* CK_LAT_CMD_* */
	uint32_t mode;      /* START: CK_LAT_MODE_TASK or _TIMER */
	uint32_t period_ns; /* START: CK_LAT_PERIOD_MIN_NS..MAX_NS, and at
			     * least the board's shortest (else refused) */
	uint32_t flags;     /* START: CK_LAT_F_* */
	uint32_t session;   /* START: echoed in every record (any value) */
	uint32_t warmup_s;  /* START: seconds kept out of the histogram, <= 10 */
	uint32_t bucket_ns; /* START: histogram bucket, >= 1 (Xenomai -B) */
	uint32_t cells;     /* START: histogram cells, 1..MAX_CELLS (-H) */
};

/* ck_lat_rec.flags */
#define CK_LAT_REC_WARMUP 0x1u /* this second is warm-up (seq < warmup_s) */
/*
 * No samples: the RT side did not run, or stopped, the session's sampling.
 * Sent once for a START whose period is below the board's shortest (the
 * sampling in force goes on untouched), or when a running session's
 * periodic release fails (the RT side is then stopped, the console says
 * why). session is that START's, or the stopped session's; mode likewise;
 * period_ns is the board's shortest period; seq, the latencies, overruns
 * and samples are 0.
 */
#define CK_LAT_REC_REFUSED 0x2u

/** RT -> Linux, one per second of sampling, on CK_LAT_DATA. 48 bytes. */
struct ck_lat_rec {
	uint32_t seq;       /* second number since START, from 0 */
	uint32_t session;   /* of the START command in force */
	uint32_t mode;      /* CK_LAT_MODE_* */
	uint32_t period_ns; /* sampling period; REFUSED: the board's shortest */
	int32_t min_ns;     /* latency = actual run time - release time */
	int32_t avg_ns;
	int32_t max_ns;
	uint32_t overruns;  /* release points missed in this second */
	uint32_t samples;   /* samples in this second */
	uint32_t prio;      /* RT priority of the sampling task */
	uint32_t flags;     /* CK_LAT_REC_* */
	uint32_t reserved;
};

/** Histogram of the samples of every second after warm-up that got its
 *  record on CK_LAT_DATA (the second a STOP cuts short is left out), on
 *  CK_LAT_HIST. Published at STOP (final = 1). Bucket i counts
 *  |latency| / bucket_ns == i, the last cell also counts everything above. */
struct ck_lat_hist {
	uint32_t session;
	uint32_t bucket_ns;
	uint32_t cells;
	uint32_t samples;
	uint32_t final;
	uint32_t reserved[3];
	uint32_t hits[CK_LAT_HIST_MAX_CELLS];
};

/** ck_lat_bucket() - the histogram cell of a sample of @ns (either sign):
 *  |ns| / @bucket_ns, clamped to the last of @cells (Xenomai's rule).
 *  The RT side fills the histogram and Linux's latency tool its per-second
 *  ones with it. @bucket_ns >= 1, @cells >= 1. */
static inline uint32_t ck_lat_bucket(int32_t ns, uint32_t bucket_ns,
				     uint32_t cells)
{
	uint32_t mag = ns < 0 ? (uint32_t)0 - (uint32_t)ns : (uint32_t)ns;
	uint32_t cell = mag / bucket_ns;

	return cell < cells ? cell : cells - 1u;
}

/** ck_lat_mode_name() - Xenomai's name of test mode @mode (CK_LAT_MODE_*
 *  as -t takes it: 0 user task, 1 RT task, 2 timer handler). */
static inline const char *ck_lat_mode_name(uint32_t mode)
{
	return mode == CK_LAT_MODE_TIMER  ? "in-kernel timer handler"
	       : mode == CK_LAT_MODE_TASK ? "in-kernel periodic task"
					  : "periodic user-mode task";
}

_Static_assert(sizeof(struct ck_lat_cmd) == 32, "lat cmd size");
_Static_assert(offsetof(struct ck_lat_cmd, period_ns) == 8, "cmd.period");
_Static_assert(offsetof(struct ck_lat_cmd, cells) == 28, "cmd.cells");
_Static_assert(sizeof(struct ck_lat_rec) == 48, "lat rec size");
_Static_assert(offsetof(struct ck_lat_rec, min_ns) == 16, "rec.min");
_Static_assert(offsetof(struct ck_lat_rec, overruns) == 28, "rec.overruns");
_Static_assert(offsetof(struct ck_lat_rec, flags) == 40, "rec.flags");
_Static_assert(offsetof(struct ck_lat_hist, hits) == 32, "hist.hits");
_Static_assert(sizeof(struct ck_lat_hist) == 32 + 4 * CK_LAT_HIST_MAX_CELLS,
	       "hist size");

/* ------------------------------------------------------------------ */
/* switchbench: RT context switch cost, measured once at boot.          */

#define CK_SWB_STATE "switchbench" /* state RT2LX, struct ck_swb_result */

/** 32 bytes. A "switch" is one semaphore post that preempts, or one wait
 *  that blocks, up to the other task running: the cost includes that
 *  semaphore operation, as in Xenomai's switchbench. */
struct ck_swb_result {
	uint32_t runs;     /* completed benchmark runs */
	uint32_t switches; /* switches measured in the last run */
	uint32_t avg_ns;   /* mean of the samples */
	uint32_t min_ns;   /* single switch, clock resolution bound */
	uint32_t max_ns;
	uint32_t clock_res_ns; /* smallest non-zero sample: bounds the clock step */
	uint32_t prio;     /* priority of the lower task; the other is +1 */
	uint32_t reserved;
};

_Static_assert(sizeof(struct ck_swb_result) == 32, "swb size");
_Static_assert(offsetof(struct ck_swb_result, max_ns) == 16, "swb.max");

/* ------------------------------------------------------------------ */
/* switchtest: RT context-switch torture, started and stopped by Linux. */

#define CK_SWT_CTL "switchtest.ctl"   /* ring LX2RT, reject, 4 x 16 bytes */
#define CK_SWT_DATA "switchtest.data" /* ring RT2LX, drop-oldest, 16 x 96 */
#define CK_SWT_CTL_SLOTS 4u
#define CK_SWT_DATA_SLOTS 16u

/* struct ck_swt_cmd.cmd */
#define CK_SWT_CMD_START 1u  /* (re)start the rounds with period_ns */
#define CK_SWT_CMD_STOP 2u   /* stop after the round in progress */
/* Tests only: XOR one register of the spinner's saved frame once, while it
 * is preempted inside its register-checked spin; the run must then end
 * with a CK_SWT_FAIL_REG record naming that register. */
#define CK_SWT_CMD_INJECT 3u

/*
 * The torture's shape: a pacer task sleeps period_ns (relative), then
 * runs one round of CK_SWT_HANDOFFS semaphore handoffs among
 * CK_SWT_RING_TASKS tasks of distinct priorities (each a post to a higher
 * or to a lower task), then sleeps again; every CK_SWT_SPIN_EVERY-th
 * round a spinner below the ring spins, registers filled, until the next
 * round preempts it. Linux runs in the rest of each period.
 */
#define CK_SWT_RING_TASKS 4u
#define CK_SWT_HANDOFFS 12u
#define CK_SWT_SPIN_EVERY 4u
#define CK_SWT_PRIO_LOW 40 /* the spinner; ring +1..+4; pacer +5 */
#define CK_SWT_PERIOD_MIN_NS 100000u  /* 100 us, the tool's -s floor */
#define CK_SWT_PERIOD_MAX_NS 1000000000u
#define CK_SWT_PERIOD_DEFAULT_NS 1000000u /* Xenomai's sleeper: 1 ms */

/** Linux -> RT command on CK_SWT_CTL. 16 bytes. */
struct ck_swt_cmd {
	uint32_t cmd;       /* CK_SWT_CMD_* */
	uint32_t session;   /* START: echoed in every record (any value) */
	uint32_t period_ns; /* START: CK_SWT_PERIOD_MIN_NS..MAX_NS, and at
			     * least the board's shortest (else refused) */
	uint32_t reserved;
};

/* ck_swt_rec.flags */
#define CK_SWT_REC_FAILED 0x1u  /* a check failed: fail_* say which; the
				 * torture stays stopped until reboot */
#define CK_SWT_REC_REFUSED 0x2u /* START refused: period_ns is the shortest
				 * period the RT side takes */

/* ck_swt_rec.fail_kind */
#define CK_SWT_FAIL_NONE 0u
#define CK_SWT_FAIL_REG 1u   /* a register lost its value over a switch:
			      * fail_reg, expected, found */
#define CK_SWT_FAIL_ORDER 2u /* the wrong task resumed: expected/found are
			      * task numbers, fail_reg names the check */
#define CK_SWT_FAIL_SLEEP 3u /* a sleep returned early: expected/found are
			      * the wake-up time's low 32 bits, in ns */
#define CK_SWT_NAME_BYTES 16u

/** RT -> Linux on CK_SWT_DATA: one per second of a running session, and
 *  one at the end of a failed or refused one. 96 bytes. */
struct ck_swt_rec {
	uint32_t seq;        /* second number since START, from 0 */
	uint32_t session;    /* of the START command in force */
	uint32_t flags;      /* CK_SWT_REC_* */
	uint32_t switches;   /* context switches into the torture's tasks
			      * during this second */
	uint64_t total;      /* the same since START */
	uint32_t rounds;     /* rounds completed during this second */
	uint32_t period_ns;  /* of the session; REFUSED: the shortest taken */
	uint32_t fail_kind;  /* CK_SWT_FAIL_* */
	uint32_t expected;   /* see CK_SWT_FAIL_* */
	uint32_t found;
	uint32_t reserved;
	char fail_task[CK_SWT_NAME_BYTES]; /* NUL-terminated task name */
	char fail_reg[CK_SWT_NAME_BYTES];  /* register, or the check's name */
	uint32_t reserved2[4];
};

_Static_assert(sizeof(struct ck_swt_cmd) == 16, "swt cmd size");
_Static_assert(offsetof(struct ck_swt_cmd, period_ns) == 8, "swt cmd.period");
_Static_assert(sizeof(struct ck_swt_rec) == 96, "swt rec size");
_Static_assert(offsetof(struct ck_swt_rec, total) == 16, "swt rec.total");
_Static_assert(offsetof(struct ck_swt_rec, fail_kind) == 32, "swt rec.fail_kind");
_Static_assert(offsetof(struct ck_swt_rec, fail_task) == 48, "swt rec.fail_task");
_Static_assert(offsetof(struct ck_swt_rec, fail_reg) == 64, "swt rec.fail_reg");

/* ------------------------------------------------------------------ */
/* ipcecho: the doorbells' round trip (cokernel/apps/ipcecho.c, ckipc echo) */

#define CK_ECHO_IN "echo.in"   /* ring LX2RT, reject, 4 x 16 bytes */
#define CK_ECHO_OUT "echo.out" /* ring RT2LX, reject, 4 x 16 bytes */
#define CK_ECHO_BYTES 16u      /* a message: any bytes, echoed unchanged */
#define CK_ECHO_SLOTS 4u

#endif /* CK_IPC_APPS_H */
