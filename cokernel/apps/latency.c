// SPDX-License-Identifier: MIT
/*
 * latency.c - RT side of the latency test: samples the wake-up latency of a
 * periodic RT task (Xenomai -t1) or of a timer handler (-t2), publishes one
 * record per second to Linux and prints Xenomai RTD lines on the console.
 *
 * latency = time the code actually runs - its release time, in ns.
 * Control: Linux sends struct ck_lat_cmd on "latency.ctl", polled once per
 * period (no Linux->RT doorbell). Results: struct ck_lat_rec on
 * "latency.data" once per second, then the IPC doorbell vIRQ; the
 * histogram of the samples of those seconds on "latency.hist" at STOP
 * (ipc/ck_ipc_apps.h).
 * A START the board cannot run, or a sampling loop whose release fails,
 * is answered with a CK_LAT_REC_REFUSED record: the task never retries an
 * error in a loop, which would keep Linux out until the watchdog suspends
 * it for good.
 */
#include <stdbool.h>
#include <stdint.h>
#include <ck/ck.h>
#include <ck/app.h>
#include <ck/chan.h>
#include <ck/shm.h>
#include "ck_ipc.h"
#include "ck_ipc_apps.h"
#include "ck_guest.h"
#include <ck/guest.h>
#include <ck/trace.h>

#define LAT_PRIO 60
#define LAT_STACK_BYTES 4096u
#define LAT_IDLE_POLL_NS (10ull * CK_NS_PER_MS) /* stopped: poll ctl */
#define LAT_LINES_PER_HEADER 21u
#define LAT_WARMUP_MAX_S 10u

struct lat_state {
	/* parameters (START) */
	uint32_t mode, period_ns, flags, session, warmup_s, bucket_ns, cells;
	/* running second */
	int32_t min_ns, max_ns;
	uint64_t sum_ns;
	uint32_t samples, overruns, releases, per_sec;
	uint32_t seq;
	/* console summary */
	int32_t gmin_ns, gmax_ns;
	/* CK_LAT_F_FREEZE: the largest sample after warm-up so far */
	int32_t trace_max_ns;
	uint32_t goverruns, lines;
	/* hist */
	uint32_t hist_samples;
	/* IPC; handles only, the base comes from ck_shm_base() each time */
	bool ipc;
	struct ck_ipc_chan ctl, data, hist;
	uint32_t ctl_faults_seen, data_faults_seen;
	/* timer mode */
	struct ck_timer timer;
	uint64_t expected_ns;
	int timer_err;      /* the handler's re-arm failed: the task stops */
	struct ck_lat_cmd pending;
	ck_sem_t wake;
	struct ck_task task;
};

static struct lat_state lat;
static uint32_t lat_hist[CK_LAT_HIST_MAX_CELLS];
/*
 * The running second's share of lat_hist: cell i holds lat_sec_hits[i] of
 * its samples when lat_sec_seq[i] == lat.seq (a stale count is restarted
 * on the cell's next sample, so a sample costs O(1)). A STOP takes that
 * share out: the histogram then holds the seconds Linux got records of,
 * as the min/max histograms and the RTS line do.
 */
static uint32_t lat_sec_hits[CK_LAT_HIST_MAX_CELLS];
static uint32_t lat_sec_seq[CK_LAT_HIST_MAX_CELLS];
static struct ck_lat_hist lat_hist_out; /* staging for the state block */
static uint64_t lat_stack[LAT_STACK_BYTES / 8u] __attribute__((aligned(8)));

/* ------------------------------------------------------------------ */
/* Console output in Xenomai's RTD format, without %f                  */

/* Right-align @ns as microseconds with 3 decimals ("%*.3f") in @w chars. */
static char *lat_fmt_us(char *out, int32_t ns, unsigned w)
{
	char tmp[16];
	unsigned n = 0, i, pad;
	uint32_t v = ns < 0 ? (uint32_t)0 - (uint32_t)ns : (uint32_t)ns;
	uint32_t ip = v / 1000u, fp = v % 1000u;

	tmp[n++] = (char)('0' + fp % 10u);
	tmp[n++] = (char)('0' + fp / 10u % 10u);
	tmp[n++] = (char)('0' + fp / 100u);
	tmp[n++] = '.';
	do {
		tmp[n++] = (char)('0' + ip % 10u);
		ip /= 10u;
	} while (ip);
	if (ns < 0)
		tmp[n++] = '-';
	pad = w > n ? w - n : 0;
	for (i = 0; i < pad; i++)
		out[i] = ' ';
	for (i = 0; i < n; i++)
		out[pad + i] = tmp[n - 1 - i];
	out[pad + n] = 0;
	return out;
}

static void lat_console(const struct ck_lat_rec *r)
{
	char a[16], b[16], c[16], d[16], e[16];

	if (r->min_ns < lat.gmin_ns)
		lat.gmin_ns = r->min_ns;
	if (r->max_ns > lat.gmax_ns)
		lat.gmax_ns = r->max_ns;
	lat.goverruns += r->overruns;
	if (lat.lines++ % LAT_LINES_PER_HEADER == 0) {
		uint32_t s = r->seq - lat.warmup_s + 1u; /* as Xenomai: 00:00:01 first */
		ck_printf("RTT|  %02u:%02u:%02u  (%s, %u us period, priority %d)",
			  (unsigned)(s / 3600u), (unsigned)(s / 60u % 60u),
			  (unsigned)(s % 60u), ck_lat_mode_name(r->mode),
			  (unsigned)(r->period_ns / 1000u),
			  LAT_PRIO);
		ck_printf("RTH|----lat min|----lat avg|----lat max|-overrun|---msw|---lat best|--lat worst");
	}
	ck_printf("RTD|%s|%s|%s|%8u|%6u|%s|%s", lat_fmt_us(a, r->min_ns, 11),
		  lat_fmt_us(b, r->avg_ns, 11), lat_fmt_us(c, r->max_ns, 11),
		  (unsigned)lat.goverruns, 0u, lat_fmt_us(d, lat.gmin_ns, 11),
		  lat_fmt_us(e, lat.gmax_ns, 11));
}

/* ------------------------------------------------------------------ */
/* Statistics                                                          */

static void lat_clear_second(void)
{
	lat.min_ns = INT32_MAX;
	lat.max_ns = INT32_MIN;
	lat.sum_ns = 0;
	lat.samples = lat.overruns = lat.releases = 0;
}

static void lat_clear_hist(void)
{
	uint32_t i;

	for (i = 0; i < CK_LAT_HIST_MAX_CELLS; i++) {
		lat_hist[i] = 0;
		lat_sec_seq[i] = UINT32_MAX; /* no second's */
	}
	lat.hist_samples = 0;
}

/* Take the running second's samples out of the histogram. O(cells). */
static void lat_hist_drop_second(void)
{
	uint32_t i;

	for (i = 0; i < CK_LAT_HIST_MAX_CELLS; i++) {
		if (lat_sec_seq[i] != lat.seq)
			continue;
		lat_hist[i] -= lat_sec_hits[i];
		lat.hist_samples -= lat_sec_hits[i];
		lat_sec_seq[i] = UINT32_MAX;
	}
}

static void lat_note_faults(const struct ck_ipc_chan *ch, uint32_t *seen)
{
	if (ch->faults != *seen) {
		*seen = ch->faults;
		ck_printf("latency: channel %s faulted (%u faults), RT carries on",
			  ch->name, (unsigned)ch->faults);
	}
}

/* Send @r on latency.data and ring the doorbell. */
static void lat_send(const struct ck_lat_rec *r)
{
	void *base = ck_shm_base();

	if (!lat.ipc || !base)
		return;
	(void)ck_chan_send(&lat.data, r, sizeof(*r));
	lat_note_faults(&lat.data, &lat.data_faults_seen);
}

/* Tell Linux that @session (in @mode) gets no samples: a
 * CK_LAT_REC_REFUSED record with the board's shortest period. */
static void lat_tell_refused(uint32_t session, uint32_t mode)
{
	const struct ck_lat_rec r = {
		.session = session,
		.mode = mode,
		.period_ns = ck_timer_min_period_ns(),
		.prio = LAT_PRIO,
		.flags = CK_LAT_REC_REFUSED,
	};

	lat_send(&r);
}

static void lat_publish(void)
{
	struct ck_lat_rec r;

	r.seq = lat.seq;
	r.session = lat.session;
	r.mode = lat.mode;
	r.period_ns = lat.period_ns;
	r.min_ns = lat.samples ? lat.min_ns : 0;
	r.max_ns = lat.samples ? lat.max_ns : 0;
	r.avg_ns = lat.samples ? (int32_t)((int64_t)lat.sum_ns /
					   (int64_t)lat.samples)
			       : 0;
	r.overruns = lat.overruns;
	r.samples = lat.samples;
	r.prio = LAT_PRIO;
	r.flags = lat.seq < lat.warmup_s ? CK_LAT_REC_WARMUP : 0;
	r.reserved = 0;
	lat_send(&r);
	if (lat.session == 0 && (lat.flags & CK_LAT_F_CONSOLE) &&
	    guest_attached()) {
		/* the boot session stops talking once Linux owns the shell */
		lat.flags &= ~CK_LAT_F_CONSOLE;
		ck_printf("latency: Linux is up; boot session goes on silently "
			  "(run 'latency' in Linux)");
	}
	if ((lat.flags & CK_LAT_F_CONSOLE) && !(r.flags & CK_LAT_REC_WARMUP))
		lat_console(&r);
	lat.seq++;
	lat_clear_second();
}

/*
 * CK_LAT_F_FREEZE: the sample's clock read @now_ns into the trace, and a
 * new maximum @v after warm-up freezes it (Xenomai's latency -f). A
 * maximum that comes while the tracer still publishes the last freeze
 * is not traced. After the clock read: the sample does not pay for it.
 */
static void lat_trace(uint64_t now_ns, int32_t v)
{
	ck_trace_clock(now_ns);
	if (lat.seq >= lat.warmup_s && v > lat.trace_max_ns) {
		lat.trace_max_ns = v;
		(void)ck_trace_freeze((uint32_t)v, lat.seq, lat.session);
	}
}

/* One sample of @lat_ns, read at @now_ns, after @missed skipped release
 * points. */
static void lat_sample(int64_t lat_ns, uint32_t missed, uint64_t now_ns)
{
	int32_t v = lat_ns > INT32_MAX ? INT32_MAX
		    : lat_ns < INT32_MIN ? INT32_MIN : (int32_t)lat_ns;

	if (lat.flags & CK_LAT_F_FREEZE)
		lat_trace(now_ns, v);

	if (v < lat.min_ns)
		lat.min_ns = v;
	if (v > lat.max_ns)
		lat.max_ns = v;
	lat.sum_ns += (uint64_t)(int64_t)v;
	lat.samples++;
	lat.overruns += missed;
	lat.releases += 1u + missed;
	if (lat.seq >= lat.warmup_s) {
		uint32_t cell = ck_lat_bucket(v, lat.bucket_ns, lat.cells);

		if (lat_sec_seq[cell] != lat.seq) {
			lat_sec_seq[cell] = lat.seq;
			lat_sec_hits[cell] = 0;
		}
		lat_sec_hits[cell]++;
		lat_hist[cell]++;
		lat.hist_samples++;
	}
	if (lat.releases >= lat.per_sec)
		lat_publish();
}

static void lat_publish_hist(uint32_t final)
{
	void *base = ck_shm_base();
	uint32_t i;

	if (!lat.ipc || !base)
		return;
	lat_hist_out.session = lat.session;
	lat_hist_out.bucket_ns = lat.bucket_ns;
	lat_hist_out.cells = lat.cells;
	lat_hist_out.samples = lat.hist_samples;
	lat_hist_out.final = final;
	lat_hist_out.reserved[0] = lat_hist_out.reserved[1] = 0;
	lat_hist_out.reserved[2] = 0;
	for (i = 0; i < CK_LAT_HIST_MAX_CELLS; i++)
		lat_hist_out.hits[i] = lat_hist[i];
	(void)ck_ipc_state_write(base, &lat.hist, &lat_hist_out,
				 (uint32_t)sizeof(lat_hist_out));
}

/* ------------------------------------------------------------------ */
/* Commands                                                            */

static void lat_restart(void)
{
	lat_clear_second();
	lat_clear_hist();
	lat.seq = 0;
	lat.lines = 0;
	lat.goverruns = 0;
	lat.gmin_ns = INT32_MAX;
	lat.gmax_ns = INT32_MIN;
	lat.per_sec = (uint32_t)(CK_NS_PER_S / lat.period_ns);
	if (lat.per_sec == 0)
		lat.per_sec = 1;
}

/* A control message Linux sent that cannot be applied: ignored (Linux is
 * not trusted), said on the console and counted in the ring's `invalid`
 * (ckipc list: INVAL). */
static void lat_reject(const char *why, uint32_t what)
{
	void *base = ck_shm_base();

	if (lat.ipc && base)
		(void)ck_ipc_note_invalid(base, &lat.ctl);
	ck_printf("latency: %s %u ignored", why, (unsigned)what);
}

/*
 * A START that can run: its parameters in the ABI's ranges (else ignored
 * as any bad message: lat_reject()) and its period at least the board's
 * shortest (else refused, and Linux is told with the shortest). Either
 * way the sampling in force goes on untouched. Context: the latency task,
 * or its timer handler (RT interrupt).
 */
static bool lat_start_ok(const struct ck_lat_cmd *c)
{
	uint32_t min_ns = ck_timer_min_period_ns();

	if ((c->mode != CK_LAT_MODE_TASK && c->mode != CK_LAT_MODE_TIMER) ||
	    c->period_ns < CK_LAT_PERIOD_MIN_NS ||
	    c->period_ns > CK_LAT_PERIOD_MAX_NS || c->bucket_ns == 0 ||
	    c->cells == 0 || c->cells > CK_LAT_HIST_MAX_CELLS ||
	    c->warmup_s > LAT_WARMUP_MAX_S) {
		lat_reject("start command with bad parameters, mode", c->mode);
		return false;
	}
	if (c->period_ns < min_ns) {
		ck_printf("latency: %u ns period refused: this board's shortest "
			  "is %u ns", (unsigned)c->period_ns, (unsigned)min_ns);
		lat_tell_refused(c->session, c->mode);
		return false;
	}
	return true;
}

/* Apply @c, a START lat_start_ok() passed or a STOP. Context: the latency
 * task. */
static void lat_apply(const struct ck_lat_cmd *c)
{
	if (c->cmd == CK_LAT_CMD_START) {
		lat.mode = c->mode;
		lat.period_ns = c->period_ns;
		lat.flags = c->flags;
		lat.session = c->session;
		lat.warmup_s = c->warmup_s;
		lat.bucket_ns = c->bucket_ns;
		lat.cells = c->cells;
		lat_restart();
		if (lat.flags & CK_LAT_F_FREEZE) {
			lat.trace_max_ns = INT32_MIN;
			ck_trace_start();
		} else {
			ck_trace_stop();
		}
	} else {
		ck_trace_stop();
		lat_hist_drop_second();
		lat_publish_hist(1);
		lat.mode = CK_LAT_MODE_STOPPED;
	}
}

/* Poll the control ring once. Return true if a command that changes the
 * sampling loop (a START that can run, STOP) arrived; it is left in
 * lat.pending. Everything else is dealt with here, and sampling goes on. */
static bool lat_poll(void)
{
	void *base = ck_shm_base();
	struct ck_lat_cmd c;
	int n;

	if (!lat.ipc || !base)
		return false;
	n = ck_ipc_recv(base, &lat.ctl, &c, sizeof(c));
	if (n == -CK_EBADMSG)
		lat_note_faults(&lat.ctl, &lat.ctl_faults_seen);
	if (n >= 0 && n != (int)sizeof(c))
		lat_reject("control message of wrong size, bytes", (uint32_t)n);
	if (n != (int)sizeof(c))
		return false;
	if (c.cmd == CK_LAT_CMD_RESET) { /* cheap: stays in the loop */
		lat_clear_second();
		lat_clear_hist();
		return false;
	}
	if (c.cmd == CK_LAT_CMD_START && !lat_start_ok(&c))
		return false;
	if (c.cmd != CK_LAT_CMD_START && c.cmd != CK_LAT_CMD_STOP) {
		lat_reject("unknown command", c.cmd);
		return false;
	}
	lat.pending = c;
	return true;
}

/* The session's sampling cannot go on: @what failed with @err. Stopped
 * (the stopped loop waits for the next START), said on the console, and
 * told to Linux. Context: the latency task. */
static void lat_fail(const char *what, int err)
{
	ck_printf("latency: %s failed (%d) at a %u ns period: stopped", what,
		  err, (unsigned)lat.period_ns);
	lat_tell_refused(lat.session, lat.mode);
	lat.mode = CK_LAT_MODE_STOPPED;
}

/* ------------------------------------------------------------------ */
/* Sampling loops                                                      */

static void lat_run_task(void)
{
	uint64_t start = ck_clock_now() + lat.period_ns;
	uint64_t k = 0; /* index of the next release point */
	int err = ck_task_set_periodic(start, lat.period_ns);

	if (err) {
		lat_fail("ck_task_set_periodic()", err);
		return;
	}
	for (;;) {
		long ov = ck_task_wait_period();
		uint64_t now = ck_clock_now();
		uint64_t release;

		if (ov < 0) {
			lat_fail("ck_task_wait_period()", (int)ov);
			return;
		}
		k += (uint64_t)ov; /* missed points were never run */
		release = start + k * lat.period_ns;
		k++;
		lat_sample((int64_t)(now - release), (uint32_t)ov, now);
		if (lat_poll()) {
			lat_apply(&lat.pending);
			return;
		}
	}
}

/* The -t2 sample taken at @now; Context: RT interrupt. One-shot re-armed
 * here, so missed release points are counted by this code, independent of
 * the timer queue's policy. A re-arm that fails wakes the task, which
 * stops. */
static __attribute__((noinline)) void lat_timer_sample(uint64_t now)
{
	uint64_t next = lat.expected_ns + lat.period_ns;
	uint32_t missed = 0;
	int err;

	if (now >= next) {
		uint64_t behind = (now - next) / lat.period_ns + 1u;

		missed = behind > UINT32_MAX ? UINT32_MAX : (uint32_t)behind;
		next += behind * lat.period_ns;
	}
	lat_sample((int64_t)(now - lat.expected_ns), missed, now);
	lat.expected_ns = next;
	if (lat_poll()) {
		(void)ck_sem_post(&lat.wake); /* the task applies it */
		return;
	}
	err = ck_timer_start(&lat.timer, next, 0);
	if (err) {
		lat.timer_err = err;
		(void)ck_sem_post(&lat.wake);
	}
}

/* Context: RT interrupt. The clock is read before anything else, so the
 * sample does not depend on how the compiler lays out the rest. */
static void lat_timer_fn(struct ck_timer *t)
{
	(void)t; /* always &lat.timer */
	lat_timer_sample(ck_clock_now());
}

static void lat_run_timer(void)
{
	int err;

	lat.timer_err = 0;
	lat.expected_ns = ck_clock_now() + lat.period_ns;
	err = ck_timer_start(&lat.timer, lat.expected_ns, 0);
	if (!err)
		err = ck_sem_wait(&lat.wake);
	ck_timer_stop(&lat.timer);
	if (!err)
		err = lat.timer_err;
	if (err)
		lat_fail("the -t2 timer", err);
	else
		lat_apply(&lat.pending);
}

/* Stopped: poll the control ring every LAT_IDLE_POLL_NS. 10 ms is above
 * every board's shortest period (CK_TIMER_MIN_PERIOD_MAX_NS, 100 us), so
 * the release fails only if the task is not an RT task: then it ends
 * rather than loop. */
static void lat_run_stopped(void)
{
	int err = ck_task_set_periodic(0, LAT_IDLE_POLL_NS);

	for (;;) {
		if (!err && ck_task_wait_period() < 0)
			err = -CK_EPERM;
		if (err) {
			ck_printf("latency: cannot wait for commands (%d): the "
				  "latency task ends", err);
			ck_task_exit();
		}
		if (lat_poll()) {
			lat_apply(&lat.pending);
			return;
		}
	}
}

static void lat_task(void *arg)
{
	(void)arg;
	ck_printf("latency: %s, %u us period, priority %d%s",
		  ck_lat_mode_name(lat.mode), (unsigned)(lat.period_ns / 1000u), LAT_PRIO,
		  lat.ipc ? "" : " (no IPC region: console only)");
	for (;;) {
		if (lat.mode == CK_LAT_MODE_TASK)
			lat_run_task();
		else if (lat.mode == CK_LAT_MODE_TIMER)
			lat_run_timer();
		else
			lat_run_stopped();
	}
}

static int lat_chan(void *base, int err, const char *name,
		    struct ck_ipc_chan *ch)
{
	if (err == -CK_EEXIST)
		err = ck_ipc_open(base, ck_shm_size(), name, CK_IPC_SIDE_RT,
				  ch);
	return err;
}

static int latency_init(void)
{
	void *base = ck_shm_base();
	uint32_t size = ck_shm_size();

	lat.mode = CK_LAT_MODE_TASK;
	lat.period_ns = CK_LAT_PERIOD_DEFAULT_NS;
	lat.flags = CK_LAT_F_CONSOLE;
	lat.session = 0;
	lat.warmup_s = 0; /* the boot session prints from the first second */
	lat.bucket_ns = 1000;
	lat.cells = 300;
	lat_restart();
	if (base) {
		int e1 = lat_chan(base,
				  ck_ipc_ring_create(base, size, CK_LAT_CTL,
						     CK_IPC_RING_LX2RT,
						     sizeof(struct ck_lat_cmd),
						     CK_LAT_CTL_SLOTS, 0,
						     &lat.ctl),
				  CK_LAT_CTL, &lat.ctl);
		int e2 = lat_chan(base,
				  ck_ipc_ring_create(base, size, CK_LAT_DATA,
						     CK_IPC_RING_RT2LX,
						     sizeof(struct ck_lat_rec),
						     CK_LAT_DATA_SLOTS,
						     CK_IPC_F_DROP_OLDEST,
						     &lat.data),
				  CK_LAT_DATA, &lat.data);
		int e3 = lat_chan(base,
				  ck_ipc_state_create(base, size, CK_LAT_HIST,
						      CK_IPC_STATE_RT2LX,
						      sizeof(struct ck_lat_hist),
						      &lat.hist),
				  CK_LAT_HIST, &lat.hist);

		lat.ipc = !e1 && !e2 && !e3;
		if (!lat.ipc)
			ck_printf("latency: IPC channels unavailable (%d %d %d)",
				  e1, e2, e3);
	}
	(void)ck_sem_init(&lat.wake, 0);
	ck_timer_init(&lat.timer, lat_timer_fn, &lat);
	return ck_task_create(&lat.task, CK_LAT_TASK, LAT_PRIO, lat_task, NULL,
			      lat_stack, sizeof(lat_stack));
}

CK_APP(latency, latency_init);
