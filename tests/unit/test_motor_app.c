// SPDX-License-Identifier: MIT
/*
 * test_motor_app.c - the motor example's RT side (examples/motor/rt/
 * motor.c) in the sim, this program playing Linux on the channels of
 * examples/motor/motor.h: the loop settles on a setpoint; a stale
 * heartbeat, a corrupt command channel, missed periods and a position
 * beyond the limit each put it in SAFE (0 V, latched, reported on
 * motor.evt and motor.stat); SAFE refuses START until RESET; a command out
 * of range is refused and counted; the command task sleeps until Linux
 * notifies it.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "sim_test.h"
#include <ck/guest.h>
#include <ck_guest.h>
#include <ck/shm.h>
#include "ck_ipc.h"

#include "../../examples/motor/rt/motor.c"

#define US CK_NS_PER_US
#define MS CK_NS_PER_MS
#define REGION (256u * 1024u)

static void *region;
static struct ck_ipc_chan lcmd, lhb, lctl, ltele, lplot, levt, lstat;
static uint32_t hb_count, cmd_seq;

static int setup(void **state)
{
	(void)state;
	if (sim_guest_up())
		return -1;
	memset(&m, 0, sizeof(m));
	if (posix_memalign(&region, 8, REGION))
		return -1;
	memset(region, 0, REGION);
	hb_count = cmd_seq = 0;
	if (ck_shm_init(region, REGION) || motor_init())
		return -1;
	if (ck_ipc_open(region, REGION, MOTOR_CMD, CK_IPC_SIDE_LINUX, &lcmd) ||
	    ck_ipc_open(region, REGION, MOTOR_HB, CK_IPC_SIDE_LINUX, &lhb) ||
	    ck_ipc_open(region, REGION, MOTOR_CTL, CK_IPC_SIDE_LINUX, &lctl) ||
	    ck_ipc_open(region, REGION, MOTOR_TELE, CK_IPC_SIDE_LINUX, &ltele) ||
	    ck_ipc_open(region, REGION, MOTOR_PLOT, CK_IPC_SIDE_LINUX, &lplot) ||
	    ck_ipc_open(region, REGION, MOTOR_EVT, CK_IPC_SIDE_LINUX, &levt) ||
	    ck_ipc_open(region, REGION, MOTOR_STAT, CK_IPC_SIDE_LINUX, &lstat))
		return -1;
	sim_start();
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	free(region);
	return 0;
}

/* Linux's daemon: a heartbeat every MOTOR_HB_MS while time passes. */
static void run_ms(uint64_t ms, bool heartbeat)
{
	for (uint64_t t = 0; t < ms; t += MOTOR_HB_MS) {
		if (heartbeat) {
			hb_count++;
			assert_int_equal(ck_ipc_state_write(region, &lhb, &hb_count,
							    sizeof(hb_count)), 0);
		}
		sim_advance((ms - t < MOTOR_HB_MS ? ms - t : MOTOR_HB_MS) * MS);
	}
}

static void set_cmd(float sp, float kp, float ki, float kd)
{
	struct motor_cmd c = { sp, kp, ki, kd, ++cmd_seq, 0 };

	assert_int_equal(ck_ipc_state_write(region, &lcmd, &c, sizeof(c)), 0);
}

static void op(uint32_t o)
{
	struct motor_ctl c = { o, 77 };

	assert_int_equal(ck_ipc_send(region, &lctl, &c, sizeof(c)), 0);
	assert_int_equal(ck_guest_page.notify(lctl.idx), 0);
}

static struct motor_status status(void)
{
	struct motor_status st;

	assert_int_equal(ck_ipc_state_read(region, &lstat, &st, sizeof(st)),
			 (int)sizeof(st));
	return st;
}

/* The last MOTOR_EV_MODE event on motor.evt (draining it): its mode and
 * reason packed as mode * 16 + reason, or -1. */
static long last_mode_event(void)
{
	struct motor_event e;
	long last = -1;

	while (ck_ipc_recv(region, &levt, &e, sizeof(e)) == (int)sizeof(e))
		if (e.kind == MOTOR_EV_MODE)
			last = (long)(e.arg * 16u + e.arg2);
	return last;
}

static void start_at(float sp)
{
	set_cmd(sp, 20.0f, 10.0f, 0.5f);
	op(MOTOR_OP_START);
	run_ms(10, true);
	assert_int_equal(status().mode, MOTOR_RUN);
}

/* The loop settles within 2 % of a 1 rad step in 300 ms, no overrun; the
 * telemetry has every period and the plot every 100th. */
static void settles(void **state)
{
	struct motor_status st;
	struct ck_ipc_info in;

	(void)state;
	run_ms(20, true);
	assert_int_equal(status().mode, MOTOR_STOPPED);
	start_at(1.0f);
	run_ms(300, true);
	st = status();
	assert_int_equal(st.mode, MOTOR_RUN);
	assert_true(fabsf(st.position_rad - 1.0f) < 0.02f);
	assert_int_equal(st.overruns, 0);
	assert_true(st.periods >= 3000);
	assert_int_equal(ck_ipc_info(region, REGION, ltele.idx, &in), 0);
	/* every period since boot sent one; periods counts since START */
	assert_true(in.sent >= st.periods + 100);
	assert_int_equal(ck_ipc_info(region, REGION, lplot.idx, &in), 0);
	assert_true(in.sent >= st.periods / MOTOR_PLOT_EVERY - 2);
	assert_int_equal(last_mode_event(), MOTOR_RUN * 16 + MOTOR_WHY_NONE);
}

/* No heartbeat for MOTOR_STALE_MS while RUN: SAFE (stale), 0 V. */
static void stale_heartbeat_is_safe(void **state)
{
	struct motor_status st;

	(void)state;
	start_at(0.5f);
	run_ms(200, true);
	run_ms(MOTOR_STALE_MS - 100, false);
	assert_int_equal(status().mode, MOTOR_RUN);
	run_ms(200, false);
	st = status();
	assert_int_equal(st.mode, MOTOR_SAFE);
	assert_int_equal(st.reason, MOTOR_WHY_STALE);
	assert_true(st.effort_v == 0.0f);
	assert_int_equal(last_mode_event(), MOTOR_SAFE * 16 + MOTOR_WHY_STALE);
	/* latched: START refused until RESET */
	op(MOTOR_OP_START);
	run_ms(10, true);
	assert_int_equal(status().mode, MOTOR_SAFE);
	op(MOTOR_OP_RESET);
	run_ms(10, true);
	assert_int_equal(status().mode, MOTOR_STOPPED);
	op(MOTOR_OP_START);
	run_ms(10, true);
	assert_int_equal(status().mode, MOTOR_RUN);
}

/* Linux scribbles on motor.cmd: the loop goes SAFE (channel) and carries
 * on at 0 V. */
static void faulted_channel_is_safe(void **state)
{
	struct motor_status st;

	(void)state;
	start_at(0.5f);
	((struct ck_ipc_state_hdr *)((char *)region + lcmd.off))->len = 9999;
	run_ms(10, true);
	st = status();
	assert_int_equal(st.mode, MOTOR_SAFE);
	assert_int_equal(st.reason, MOTOR_WHY_CHANNEL);
	run_ms(50, true);
	assert_true(status().periods > st.periods);   /* the loop runs on */
	assert_true(status().effort_v == 0.0f);
}

/* A command out of range is refused, counted, reported; the last good one
 * stays. */
static void invalid_command_is_refused(void **state)
{
	struct motor_status st;
	struct motor_event e;
	bool seen = false;

	(void)state;
	start_at(0.5f);
	set_cmd(50.0f, 20.0f, 10.0f, 0.5f);     /* beyond the limit */
	run_ms(10, true);
	set_cmd(0.5f, NAN, 10.0f, 0.5f);
	run_ms(10, true);
	st = status();
	assert_int_equal(st.cmd_invalid, 2);
	assert_true(st.setpoint_rad == 0.5f && st.kp == 20.0f);
	assert_int_equal(st.mode, MOTOR_RUN);
	while (ck_ipc_recv(region, &levt, &e, sizeof(e)) == (int)sizeof(e))
		seen |= e.kind == MOTOR_EV_INVALID;
	assert_true(seen);
}

/* An RT interrupt handler that holds the CPU 450 us: 4+ periods with the
 * loop (the most urgent task) held off. */
#define HOG_LINE 9u

static enum ck_irq_ret irq_hog(unsigned int line, void *arg)
{
	(void)arg;
	sim_irq_clear(line);
	sim_time_pass(450 * US);
	return CK_IRQ_HANDLED;
}

/* 5 ms on, the hog holds the loop off; 15 ms later, the status, with at
 * least MOTOR_OVERRUN_LIMIT periods missed. */
static struct motor_status hogged_status(void)
{
	struct motor_status st;

	assert_int_equal(ck_irq_attach(HOG_LINE, irq_hog, NULL), 0);
	run_ms(5, true);
	sim_irq_raise(HOG_LINE);
	run_ms(15, true);
	st = status();
	assert_true(st.overruns >= MOTOR_OVERRUN_LIMIT);
	return st;
}

/* Periods missed in a row while RUN: SAFE (overrun). */
static void overruns_are_safe(void **state)
{
	struct motor_status st;

	(void)state;
	start_at(0.5f);
	st = hogged_status();
	assert_int_equal(st.mode, MOTOR_SAFE);
	assert_int_equal(st.reason, MOTOR_WHY_OVERRUN);
}

/* Stopped, the drive is off already: missed periods are counted and the
 * loop stays STOPPED (RT's pause while Linux boots lands here). */
static void overruns_while_stopped_are_counted(void **state)
{
	struct motor_status st;

	(void)state;
	st = hogged_status();
	assert_int_equal(st.mode, MOTOR_STOPPED);
}

/* A setpoint that drives past the position limit (gains that overshoot
 * hard): SAFE (limit). */
static void position_limit_is_safe(void **state)
{
	(void)state;
	set_cmd(9.9f, 1000.0f, 1000.0f, 0.0f);
	op(MOTOR_OP_START);
	run_ms(500, true);
	assert_int_equal(status().mode, MOTOR_SAFE);
	assert_int_equal(status().reason, MOTOR_WHY_LIMIT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(settles, setup, teardown),
		cmocka_unit_test_setup_teardown(stale_heartbeat_is_safe, setup,
						teardown),
		cmocka_unit_test_setup_teardown(faulted_channel_is_safe, setup,
						teardown),
		cmocka_unit_test_setup_teardown(invalid_command_is_refused,
						setup, teardown),
		cmocka_unit_test_setup_teardown(overruns_are_safe, setup,
						teardown),
		cmocka_unit_test_setup_teardown(overruns_while_stopped_are_counted,
						setup, teardown),
		cmocka_unit_test_setup_teardown(position_limit_is_safe, setup,
						teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
