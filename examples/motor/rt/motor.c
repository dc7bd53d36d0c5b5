// SPDX-License-Identifier: MIT
/*
 * motor.c - the RT side of the motor example: a DC motor (the plant,
 * standing in for the real drive and encoder) and a PID position loop,
 * both at 10 kHz in one periodic RT task, and a command task that sleeps
 * until Linux sends it something (the Linux -> RT doorbell). What Linux
 * sees and sends is in ../motor.h.
 *
 * Safety. Three things put the loop in the SAFE mode (0 V, latched until
 * Linux sends RESET, reported on motor.evt and motor.stat):
 *  - MOTOR_OVERRUN_LIMIT periods missed in a row (the loop cannot keep up);
 *  - no heartbeat from Linux's daemon (motor.hb) for MOTOR_STALE_MS while
 *    RUN: the setpoint may be stale, Linux may be dead;
 *  - a channel the loop reads or writes is corrupt or faulted (ipc/ck_ipc.h:
 *    Linux wrote what a correct peer never writes);
 * and |position| beyond MOTOR_POS_LIMIT does too. Nothing Linux writes is
 * trusted: a motor.cmd value out of range is refused (counted, reported)
 * and the last good one stays in force.
 *
 * The loop reads its inputs with ck_ipc_state_read() every period (a
 * constant cost) and never waits for Linux. Telemetry goes out every
 * period on a drop-oldest ring (what Linux does not take in time is
 * counted, never waited for) and the doorbell rings once per batch.
 *
 * Plant: J dw/dt = Kt (V - Ke w) / R - b w - Tc sign(w), dtheta/dt = w,
 * integrated with forward Euler at the loop's period. PID with conditional
 * integration (anti-windup: the integral holds while the drive saturates
 * in the direction the error pushes).
 */
#include <stdbool.h>
#include <stdint.h>
#include <ck/app.h>
#include <ck/chan.h>
#include <ck/ck.h>
#include <ck/shm.h>
#include "ck_ipc.h"
#include "motor.h"

/* the loop: the most urgent RT task, above the built-in ones (latency
 * samples at 60, switchbench runs at 61-62 once at boot) */
#define MOTOR_PRIO CK_PRIO_MAX
#define MOTOR_CTL_PRIO 20       /* the command task, below it */
#define MOTOR_STACK_BYTES 4096u
#define MOTOR_STAT_EVERY 100u   /* periods between motor.stat updates */

/* the motor (a small 12 V DC motor) */
#define PLANT_J 2e-5f   /* kg m^2 */
#define PLANT_B 1e-5f   /* N m s/rad, viscous */
#define PLANT_KT 0.03f  /* N m/A = V s/rad (Ke) */
#define PLANT_R 2.0f    /* ohm */
#define PLANT_TC 2e-4f  /* N m, Coulomb friction */
#define PLANT_DT (MOTOR_PERIOD_NS * 1e-9f)

static const struct motor_cmd motor_default_cmd = {
	.setpoint_rad = 0.0f, .kp = 20.0f, .ki = 10.0f, .kd = 0.5f,
};

static struct {
	struct ck_task loop, ctl;
	struct ck_ipc_chan cmd, hb, ctlq, tele, plot, evt, stat;
	struct motor_cmd in;        /* the command in force */
	struct motor_status st;
	volatile uint32_t want;     /* a mode the command task asks for */
	volatile uint32_t want_op, want_tag;
	float theta, omega;         /* plant state */
	float integ, prev_err;      /* PID state */
	uint32_t hb_last;
	uint64_t hb_at_ns;          /* when the heartbeat last moved */
	uint32_t missed_in_row;
	uint32_t batch;
	volatile bool ctl_faulted;  /* the command task found motor.ctl corrupt */
} m;

/* 8-byte aligned, as ck_task_create() requires (uint64_t alone is only
 * 4-byte aligned on SH-4) */
static uint64_t motor_loop_stack[MOTOR_STACK_BYTES / 8u] __attribute__((aligned(8)));
static uint64_t motor_ctl_stack[MOTOR_STACK_BYTES / 8u] __attribute__((aligned(8)));

static void motor_event(uint32_t kind, uint32_t arg, uint32_t arg2)
{
	struct motor_event e = { ck_clock_now(), kind, arg, arg2, 0 };
	int err = ck_chan_send(&m.evt, &e, sizeof(e));

	/* no event can say it: motor.stat does */
	if ((err == -CK_EBADMSG || err == -CK_EFAULT) &&
	    m.st.mode != MOTOR_SAFE) {
		m.st.mode = MOTOR_SAFE;
		m.st.reason = MOTOR_WHY_CHANNEL;
	}
}

static void motor_set_mode(uint32_t mode, uint32_t why)
{
	if (m.st.mode == mode && m.st.reason == why)
		return;
	m.st.mode = mode;
	m.st.reason = why;
	m.integ = 0.0f;
	motor_event(MOTOR_EV_MODE, mode, why);
}

static void motor_safe(uint32_t why)
{
	if (m.st.mode != MOTOR_SAFE)
		motor_set_mode(MOTOR_SAFE, why);
}

/* A channel call's result: a corrupt or faulted channel is a reason to stop. */
static bool motor_chan_ok(int err)
{
	if (err == -CK_EBADMSG || err == -CK_EFAULT) {
		motor_safe(MOTOR_WHY_CHANNEL);
		return false;
	}
	return true;
}

static bool motor_cmd_valid(const struct motor_cmd *c)
{
	/* written so that a NaN fails every test */
	return c->setpoint_rad >= -MOTOR_POS_LIMIT &&
	       c->setpoint_rad <= MOTOR_POS_LIMIT && c->kp >= 0.0f &&
	       c->kp <= 1000.0f && c->ki >= 0.0f && c->ki <= 1000.0f &&
	       c->kd >= 0.0f && c->kd <= 1000.0f;
}

/* Inputs from Linux, each period: the command and the heartbeat. */
static void motor_inputs(void *base, uint64_t now)
{
	struct motor_cmd c;
	uint32_t hb;
	int n;

	n = ck_ipc_state_read(base, &m.cmd, &c, sizeof(c));
	if (n == (int)sizeof(c) && c.seq != m.st.cmd_seq) {
		m.st.cmd_seq = c.seq;
		if (motor_cmd_valid(&c)) {
			m.in = c;
		} else {
			m.st.cmd_invalid++;
			(void)ck_ipc_note_invalid(base, &m.cmd);
			motor_event(MOTOR_EV_INVALID, c.seq, 0);
		}
	} else if (n >= 0 && n != (int)sizeof(c)) {
		(void)ck_ipc_note_invalid(base, &m.cmd);
	} else {
		(void)motor_chan_ok(n);
	}
	n = ck_ipc_state_read(base, &m.hb, &hb, sizeof(hb));
	if (n == (int)sizeof(hb) && hb != m.hb_last) {
		m.hb_last = hb;
		m.hb_at_ns = now;
	} else {
		(void)motor_chan_ok(n);
	}
	if (m.st.mode == MOTOR_RUN &&
	    now - m.hb_at_ns > (uint64_t)MOTOR_STALE_MS * CK_NS_PER_MS)
		motor_safe(MOTOR_WHY_STALE);
}

/* What the command task asked for, taken at the start of the period
 * that began at @now. */
static void motor_mode_request(uint64_t now)
{
	uint32_t op = m.want_op, tag = m.want_tag;
	bool ok = true;

	if (!op)
		return;
	m.want_op = 0;
	if (op == MOTOR_OP_START && m.st.mode == MOTOR_STOPPED) {
		m.hb_at_ns = now; /* a fresh start: a full window */
		/* the latency figures describe this run */
		m.st.lat_min_ns = m.st.lat_max_ns = 0;
		for (uint32_t i = 0; i < MOTOR_HIST_CELLS; i++)
			m.st.hist[i] = 0;
		m.st.periods = 0;
		m.prev_err = m.in.setpoint_rad - m.theta;
		motor_set_mode(MOTOR_RUN, MOTOR_WHY_NONE);
	} else if (op == MOTOR_OP_STOP && m.st.mode == MOTOR_RUN) {
		motor_set_mode(MOTOR_STOPPED, MOTOR_WHY_NONE);
	} else if (op == MOTOR_OP_RESET && m.st.mode == MOTOR_SAFE) {
		motor_set_mode(MOTOR_STOPPED, MOTOR_WHY_NONE);
	} else {
		ok = false;
	}
	motor_event(ok ? MOTOR_EV_DONE : MOTOR_EV_REFUSED, op, tag);
}

/* The PID: drive voltage for this period. */
static float motor_pid(void)
{
	float err = m.in.setpoint_rad - m.theta;
	float deriv = (err - m.prev_err) / PLANT_DT;
	float u = m.in.kp * err + m.in.ki * m.integ + m.in.kd * deriv;
	float us = u > MOTOR_V_MAX ? MOTOR_V_MAX : u < -MOTOR_V_MAX ? -MOTOR_V_MAX : u;

	m.prev_err = err;
	/* anti-windup: integrate unless saturated the way the error pushes */
	if (us == u || (u > MOTOR_V_MAX && err < 0.0f) ||
	    (u < -MOTOR_V_MAX && err > 0.0f))
		m.integ += err * PLANT_DT;
	return us;
}

/* The motor for one period at @v volts (the "hardware"). */
static void motor_plant(float v)
{
	float torque = PLANT_KT * (v - PLANT_KT * m.omega) / PLANT_R -
		       PLANT_B * m.omega;

	if (m.omega > 1e-3f)
		torque -= PLANT_TC;
	else if (m.omega < -1e-3f)
		torque += PLANT_TC;
	m.omega += torque / PLANT_J * PLANT_DT;
	m.theta += m.omega * PLANT_DT;
}

static void motor_account(int32_t lat, long missed)
{
	uint32_t cell = lat < 0 ? 0u : (uint32_t)lat / MOTOR_HIST_BUCKET_NS;

	m.st.hist[cell < MOTOR_HIST_CELLS ? cell : MOTOR_HIST_CELLS - 1u]++;
	if (m.st.periods == 0 || lat < m.st.lat_min_ns)
		m.st.lat_min_ns = lat;
	if (m.st.periods == 0 || lat > m.st.lat_max_ns)
		m.st.lat_max_ns = lat;
	m.st.periods++;
	if (missed > 0) {
		m.st.overruns += (uint32_t)missed;
		motor_event(MOTOR_EV_OVERRUN, (uint32_t)missed, m.st.overruns);
		m.missed_in_row += (uint32_t)missed;
		/* stopped, the drive is off already: counted only (the RT
		 * pause while Linux boots lands here, before any START) */
		if (m.missed_in_row >= MOTOR_OVERRUN_LIMIT &&
		    m.st.mode == MOTOR_RUN)
			motor_safe(MOTOR_WHY_OVERRUN);
	} else {
		m.missed_in_row = 0;
	}
}

static void motor_publish(void *base, uint64_t release, int32_t lat, float v)
{
	struct motor_sample s = {
		release, m.in.setpoint_rad, m.theta, v, lat,
		m.st.overruns, m.st.mode,
	};
	struct ck_ipc_info in;

	(void)motor_chan_ok(ck_ipc_send(base, &m.tele, &s, sizeof(s)));
	if (m.st.periods % MOTOR_PLOT_EVERY == 0)
		(void)motor_chan_ok(ck_ipc_send(base, &m.plot, &s, sizeof(s)));
	if (++m.batch >= MOTOR_TELE_BATCH) {
		m.batch = 0;
		ck_chan_doorbell();
	}
	if (m.st.periods % MOTOR_STAT_EVERY)
		return;
	m.st.t_ns = release;
	m.st.setpoint_rad = m.in.setpoint_rad;
	m.st.position_rad = m.theta;
	m.st.velocity_rad_s = m.omega;
	m.st.effort_v = v;
	m.st.kp = m.in.kp;
	m.st.ki = m.in.ki;
	m.st.kd = m.in.kd;
	m.st.hb = m.hb_last;
	if (ck_ipc_info(base, ck_shm_size(), m.tele.idx, &in) == 0)
		m.st.tele_dropped = in.dropped;
	(void)motor_chan_ok(ck_chan_state_write(&m.stat, &m.st, sizeof(m.st)));
}

static void motor_loop(void *arg)
{
	(void)arg;
	if (ck_task_set_periodic(0, MOTOR_PERIOD_NS)) {
		ck_printf("motor: the board cannot run a %u ns period",
			  MOTOR_PERIOD_NS);
		return;
	}
	m.hb_at_ns = ck_clock_now();
	for (;;) {
		long missed = ck_task_wait_period();
		uint64_t now = ck_clock_now();
		uint64_t release = ck_task_self()->next_release_ns - MOTOR_PERIOD_NS;
		int32_t lat = (int32_t)(now - release);
		void *base = ck_shm_base();
		float v = 0.0f;

		motor_account(lat, missed);
		if (m.ctl_faulted) {
			m.ctl_faulted = false;
			motor_safe(MOTOR_WHY_CHANNEL);
		}
		motor_mode_request(now);
		motor_inputs(base, now);
		if (m.st.mode == MOTOR_RUN) {
			v = motor_pid();
			if (m.theta > MOTOR_POS_LIMIT || m.theta < -MOTOR_POS_LIMIT) {
				motor_safe(MOTOR_WHY_LIMIT);
				v = 0.0f;
			}
		}
		motor_plant(v);
		motor_publish(base, release, lat, v);
	}
}

/* The command task: asleep until Linux sends on motor.ctl and notifies. */
static void motor_ctl_task(void *arg)
{
	struct motor_ctl c;
	int n;

	(void)arg;
	for (;;) {
		n = ck_chan_recv(&m.ctlq, &c, sizeof(c), CK_INFINITE);
		if (n == (int)sizeof(c) &&
		    (c.op == MOTOR_OP_START || c.op == MOTOR_OP_STOP ||
		     c.op == MOTOR_OP_RESET)) {
			m.want_tag = c.tag;
			m.want_op = c.op;   /* the loop takes it next period */
		} else if (n >= 0) {
			(void)ck_ipc_note_invalid(ck_shm_base(), &m.ctlq);
		} else if (n == -CK_EBADMSG || n == -CK_EFAULT) {
			/* the loop goes SAFE; poll until `ckipc reset` */
			m.ctl_faulted = true;
			ck_task_sleep(10 * CK_NS_PER_MS);
		}
	}
}

static int motor_init(void)
{
	void *base = ck_shm_base();
	uint32_t size = ck_shm_size();
	int err;

	if (!base)
		return -CK_ENODEV;
	m.in = motor_default_cmd;
	err = ck_ipc_state_create(base, size, MOTOR_CMD, CK_IPC_STATE_LX2RT,
				  sizeof(struct motor_cmd), &m.cmd);
	err = err ? err : ck_ipc_state_create(base, size, MOTOR_HB,
					      CK_IPC_STATE_LX2RT,
					      sizeof(uint32_t), &m.hb);
	err = err ? err : ck_ipc_ring_create(base, size, MOTOR_CTL,
					     CK_IPC_RING_LX2RT,
					     sizeof(struct motor_ctl),
					     MOTOR_CTL_SLOTS, 0, &m.ctlq);
	err = err ? err : ck_ipc_ring_create(base, size, MOTOR_TELE,
					     CK_IPC_RING_RT2LX,
					     sizeof(struct motor_sample),
					     MOTOR_TELE_SLOTS,
					     CK_IPC_F_DROP_OLDEST, &m.tele);
	err = err ? err : ck_ipc_ring_create(base, size, MOTOR_PLOT,
					     CK_IPC_RING_RT2LX,
					     sizeof(struct motor_sample),
					     MOTOR_PLOT_SLOTS,
					     CK_IPC_F_DROP_OLDEST, &m.plot);
	err = err ? err : ck_ipc_ring_create(base, size, MOTOR_EVT,
					     CK_IPC_RING_RT2LX,
					     sizeof(struct motor_event),
					     MOTOR_EVT_SLOTS,
					     CK_IPC_F_DROP_OLDEST, &m.evt);
	err = err ? err : ck_ipc_state_create(base, size, MOTOR_STAT,
					      CK_IPC_STATE_RT2LX,
					      sizeof(struct motor_status),
					      &m.stat);
	err = err ? err : ck_task_create(&m.loop, "motor", MOTOR_PRIO,
					 motor_loop, NULL, motor_loop_stack,
					 sizeof(motor_loop_stack));
	err = err ? err : ck_task_create(&m.ctl, "motor.ctl", MOTOR_CTL_PRIO,
					 motor_ctl_task, NULL, motor_ctl_stack,
					 sizeof(motor_ctl_stack));
	if (err)
		ck_printf("motor: init failed (%d)", err);
	return err;
}

CK_APP(motor, motor_init);
