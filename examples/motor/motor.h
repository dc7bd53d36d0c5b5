/* SPDX-License-Identifier: MIT */
/*
 * motor.h - what the motor example's RT side (rt/motor.c) and Linux side
 * (linux/motor.c, the web page) share: channel names, record formats,
 * modes and safe-state reasons. Fixed-width fields, native byte order;
 * float is IEEE single on every board. Copy this file with the example and
 * rename the channels for an application of your own.
 *
 * Channels (created by the RT side at init; `ckipc list` shows them):
 *   motor.cmd   state Linux -> RT   struct motor_cmd: setpoint and gains
 *   motor.hb    state Linux -> RT   uint32_t heartbeat, advanced by the
 *                                   Linux daemon every MOTOR_HB_MS
 *   motor.ctl   ring  Linux -> RT   struct motor_ctl: start, stop, reset;
 *                                   an RT task blocks on it (the doorbell)
 *   motor.tele  ring  RT -> Linux   struct motor_sample, one per period,
 *                                   drop-oldest (counted); the doorbell
 *                                   rings every MOTOR_TELE_BATCH samples
 *   motor.plot  ring  RT -> Linux   struct motor_sample every
 *                                   MOTOR_PLOT_EVERY periods (100 Hz), for
 *                                   the daemon and the web page; motor.tele
 *                                   stays free for a logger or `motor watch`
 *   motor.evt   ring  RT -> Linux   struct motor_event: mode changes,
 *                                   limits, faults, refused commands
 *   motor.stat  state RT -> Linux   struct motor_status, every 10 ms
 */
#ifndef MOTOR_H
#define MOTOR_H

#include <stddef.h>
#include <stdint.h>

#define MOTOR_CMD "motor.cmd"
#define MOTOR_HB "motor.hb"
#define MOTOR_CTL "motor.ctl"
#define MOTOR_TELE "motor.tele"
#define MOTOR_PLOT "motor.plot"
#define MOTOR_EVT "motor.evt"
#define MOTOR_STAT "motor.stat"

#define MOTOR_PERIOD_NS 100000u   /* 10 kHz */
#define MOTOR_TELE_SLOTS 1024u    /* 102 ms of samples */
#define MOTOR_TELE_BATCH 32u      /* doorbell every 3.2 ms */
#define MOTOR_PLOT_EVERY 100u    /* periods: 100 Hz */
#define MOTOR_PLOT_SLOTS 256u     /* 2.56 s */
#define MOTOR_EVT_SLOTS 32u
#define MOTOR_CTL_SLOTS 8u
#define MOTOR_HB_MS 100u          /* the daemon's heartbeat period */
#define MOTOR_STALE_MS 500u       /* no heartbeat this long: SAFE */
#define MOTOR_OVERRUN_LIMIT 3u    /* this many periods missed in a row
				   * while RUN: SAFE */
#define MOTOR_POS_LIMIT 10.0f     /* rad: beyond it, SAFE */
#define MOTOR_V_MAX 12.0f         /* V: the drive's saturation */
#define MOTOR_HIST_CELLS 64u
#define MOTOR_HIST_BUCKET_NS 1000u /* 1 us per cell; the last takes the rest */

/* modes */
#define MOTOR_STOPPED 0u /* no drive (0 V); the loop runs, START leaves it */
#define MOTOR_RUN 1u     /* the position loop drives the motor */
#define MOTOR_SAFE 2u    /* 0 V, latched: RESET, then START */

/* why the loop went SAFE (struct motor_status.reason, motor_event.arg) */
#define MOTOR_WHY_NONE 0u
#define MOTOR_WHY_OVERRUN 1u  /* MOTOR_OVERRUN_LIMIT periods missed in a row */
#define MOTOR_WHY_STALE 2u    /* no heartbeat for MOTOR_STALE_MS while RUN */
#define MOTOR_WHY_CHANNEL 3u  /* a channel is corrupt or faulted */
#define MOTOR_WHY_LIMIT 4u    /* |position| > MOTOR_POS_LIMIT */

/** Linux -> RT, latest value (motor.cmd). 24 bytes. */
struct motor_cmd {
	float setpoint_rad; /* |x| <= MOTOR_POS_LIMIT */
	float kp, ki, kd;   /* V/rad, V/(rad s), V s/rad; each 0..1000 */
	uint32_t seq;       /* any value; the RT side reports the last taken */
	uint32_t reserved;
};

/* struct motor_ctl.op */
#define MOTOR_OP_START 1u /* STOPPED -> RUN (refused from SAFE) */
#define MOTOR_OP_STOP 2u  /* RUN -> STOPPED (SAFE stays SAFE) */
#define MOTOR_OP_RESET 3u /* SAFE -> STOPPED, reason cleared */

/** Linux -> RT command (motor.ctl). 8 bytes. */
struct motor_ctl {
	uint32_t op;  /* MOTOR_OP_* */
	uint32_t tag; /* echoed in the event that answers it */
};

/** RT -> Linux, one per period (motor.tele). 32 bytes. */
struct motor_sample {
	uint64_t t_ns;       /* release time on the co-kernel's clock */
	float setpoint_rad;
	float position_rad;
	float effort_v;      /* drive voltage applied this period */
	int32_t latency_ns;  /* loop start - release */
	uint32_t overruns;   /* total periods missed so far */
	uint32_t mode;       /* MOTOR_* */
};

/* struct motor_event.kind */
#define MOTOR_EV_MODE 1u     /* mode changed: arg = new mode, arg2 = reason */
#define MOTOR_EV_REFUSED 2u  /* a command refused: arg = op, arg2 = tag */
#define MOTOR_EV_DONE 3u     /* a command done: arg = op, arg2 = tag */
#define MOTOR_EV_INVALID 4u  /* a motor.cmd value out of range: arg = seq */
#define MOTOR_EV_OVERRUN 5u  /* periods missed: arg = how many, arg2 = total */

/** RT -> Linux (motor.evt). 24 bytes. */
struct motor_event {
	uint64_t t_ns;
	uint32_t kind; /* MOTOR_EV_* */
	uint32_t arg;
	uint32_t arg2;
	uint32_t reserved;
};

/** RT -> Linux, every 10 ms (motor.stat). */
struct motor_status {
	uint64_t t_ns;
	uint32_t mode, reason;        /* MOTOR_*, MOTOR_WHY_* */
	float setpoint_rad, position_rad, velocity_rad_s, effort_v;
	float kp, ki, kd;
	uint32_t cmd_seq;             /* last motor.cmd taken */
	uint32_t cmd_invalid;         /* motor.cmd values refused */
	uint32_t periods;             /* loop periods since the last START
				       * (since boot before one) */
	uint32_t overruns;            /* periods missed since boot: RT pauses
				       * while Linux boots (README, "Not
				       * there yet") */
	int32_t lat_min_ns, lat_max_ns; /* over those periods */
	uint32_t tele_dropped;        /* samples Linux did not take in time */
	uint32_t hb;                  /* last heartbeat seen */
	uint32_t hist[MOTOR_HIST_CELLS]; /* latency over those periods,
					  * MOTOR_HIST_BUCKET_NS per cell */
};

_Static_assert(sizeof(struct motor_cmd) == 24, "motor_cmd");
_Static_assert(sizeof(struct motor_ctl) == 8, "motor_ctl");
_Static_assert(sizeof(struct motor_sample) == 32, "motor_sample");
_Static_assert(sizeof(struct motor_event) == 24, "motor_event");
_Static_assert(offsetof(struct motor_status, hist) == 76, "motor_status");

#endif /* MOTOR_H */
