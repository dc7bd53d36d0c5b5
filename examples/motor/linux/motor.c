// SPDX-License-Identifier: MIT
/*
 * motor.c - the Linux side of the motor example (../motor.h): a command
 * line, the daemon behind the web page, and the page's CGI, in one
 * program (it runs as the CGI when busybox httpd starts it).
 *
 *   motor status                 the loop's state (motor.stat)
 *   motor set <rad>              new setpoint
 *   motor gains <kp> <ki> <kd>   new PID gains
 *   motor start|stop|reset       mode commands (motor.ctl, the RT doorbell)
 *   motor watch [-n N] [-d D]    telemetry (motor.tele): a sample every D
 *                                periods, N lines (default: D = 100, for
 *                                ever)
 *   motor daemon                 the heartbeat (motor.hb every MOTOR_HB_MS),
 *                                events to stdout, /tmp/motor.json for the page
 *
 * Writers on one channel must take turns (a ring or state block has one
 * producer): every write here holds an exclusive flock on MOTOR_LOCK.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

#include "libckipc.h"
#include "motor.h"

#define MOTOR_LOCK "/tmp/motor.lock"
#define MOTOR_JSON "/tmp/motor.json"
#define PLOT_POINTS 300u   /* 3 s at 100 Hz on the page */
#define EVENTS_KEPT 8u

enum { C_CMD, C_HB, C_CTL, C_TELE, C_PLOT, C_EVT, C_STAT, C_NR };
static const char *const chan_names[C_NR] = {
	MOTOR_CMD, MOTOR_HB, MOTOR_CTL, MOTOR_TELE, MOTOR_PLOT, MOTOR_EVT,
	MOTOR_STAT,
};

static struct ckipc c;
static struct ck_ipc_chan ch[C_NR];

static const char *mode_name(uint32_t mode)
{
	return mode == MOTOR_RUN ? "RUN" : mode == MOTOR_SAFE ? "SAFE"
		   : mode == MOTOR_STOPPED ? "STOPPED" : "?";
}

static const char *why_name(uint32_t why)
{
	static const char *const n[] = { "none", "overrun", "stale", "channel",
					 "limit" };

	return why < sizeof(n) / sizeof(n[0]) ? n[why] : "?";
}

static const char *op_name(uint32_t op)
{
	return op == MOTOR_OP_START ? "start" : op == MOTOR_OP_STOP ? "stop"
		   : op == MOTOR_OP_RESET ? "reset" : "?";
}

/* Map the region and find the example's channels; say why not. */
static int motor_open(void)
{
	unsigned int i;
	int err;

	if (ckipc_open(&c, "motor"))
		return -1;
	for (i = 0; i < C_NR; i++) {
		err = ckipc_chan(&c, chan_names[i], &ch[i]);
		if (err) {
			fprintf(stderr,
				"motor: channel %s: %s (is the co-kernel built with APP=examples/motor?)\n",
				chan_names[i], ckipc_strerror(err));
			ckipc_close(&c);
			return -1;
		}
	}
	return 0;
}

static int lock_writers(void)
{
	int fd = open(MOTOR_LOCK, O_RDWR | O_CREAT | O_CLOEXEC, 0600);

	if (fd >= 0 && flock(fd, LOCK_EX)) {
		close(fd);
		fd = -1;
	}
	return fd;
}

static int read_status(struct motor_status *st)
{
	int n = ckipc_state_read(&c, &ch[C_STAT], st, sizeof(*st));

	if (n == (int)sizeof(*st))
		return 0;
	fprintf(stderr, "motor: no status yet (%s)\n",
		n < 0 ? ckipc_strerror(n) : "short");
	return -1;
}

/* A new motor.cmd from what is in force (motor.stat) and @sp / @k. */
static int write_cmd(const float *sp, const float k[3], char *why, size_t n)
{
	struct motor_status st;
	struct motor_cmd cmd;
	int fd, err;

	if (read_status(&st)) {
		snprintf(why, n, "no status from the RT side");
		return -1;
	}
	cmd = (struct motor_cmd){ st.setpoint_rad, st.kp, st.ki, st.kd,
				  st.cmd_seq + 1u, 0 };
	if (sp)
		cmd.setpoint_rad = *sp;
	if (k) {
		cmd.kp = k[0];
		cmd.ki = k[1];
		cmd.kd = k[2];
	}
	fd = lock_writers();
	err = ckipc_state_write(&c, &ch[C_CMD], &cmd, sizeof(cmd));
	if (fd >= 0)
		close(fd);
	if (err) {
		snprintf(why, n, "motor.cmd: %s", ckipc_strerror(err));
		return -1;
	}
	return 0;
}

static int send_op(uint32_t op, char *why, size_t n)
{
	struct motor_ctl m = { op, (uint32_t)getpid() };
	int fd = lock_writers(), err;

	err = ckipc_send(&c, &ch[C_CTL], &m, sizeof(m), 1000);
	if (fd >= 0)
		close(fd);
	if (err) {
		snprintf(why, n, "motor.ctl: %s", ckipc_strerror(err));
		return -1;
	}
	return 0;
}

/* A number in [@lo, @hi], the whole string. */
static int parse_float(const char *s, float lo, float hi, float *out)
{
	char *end;
	float v;

	errno = 0;
	v = strtof(s, &end);
	if (!*s || *end || errno || !(v >= lo && v <= hi))
		return -1;
	*out = v;
	return 0;
}

static void print_status(const struct motor_status *st)
{
	printf("mode %s (reason %s)\n"
	       "setpoint %.4f rad, position %.4f rad, velocity %.3f rad/s, effort %.3f V\n"
	       "gains kp %g ki %g kd %g (command %u, %u refused)\n"
	       "periods %u, overruns %u, latency min %d max %d ns, telemetry dropped %u, heartbeat %u\n",
	       mode_name(st->mode), why_name(st->reason), st->setpoint_rad,
	       st->position_rad, st->velocity_rad_s, st->effort_v, st->kp,
	       st->ki, st->kd, st->cmd_seq, st->cmd_invalid, st->periods,
	       st->overruns, st->lat_min_ns, st->lat_max_ns, st->tele_dropped,
	       st->hb);
}

/* After a mode command: wait up to 1 s for motor.stat to show its result. */
static int await_mode(uint32_t op)
{
	struct motor_status st;
	int i;

	for (i = 0; i < 100; i++) {
		if (ckipc_state_read(&c, &ch[C_STAT], &st, sizeof(st)) ==
			    (int)sizeof(st) &&
		    ((op == MOTOR_OP_START && st.mode == MOTOR_RUN) ||
		     (op != MOTOR_OP_START && st.mode == MOTOR_STOPPED))) {
			printf("mode %s\n", mode_name(st.mode));
			return 0;
		}
		usleep(10000);
	}
	fprintf(stderr, "motor: %s: refused or not done (mode %s, reason %s)%s\n",
		op_name(op), mode_name(st.mode), why_name(st.reason),
		st.reason == MOTOR_WHY_CHANNEL
			? ": a channel is still corrupt; `ckipc list` shows which is"
			  " FAULTED, `ckipc reset <channel>` repairs it, then reset"
			: "");
	return 1;
}

static int cmd_watch(int argc, char **argv)
{
	unsigned long lines = 0, n = 0, every = 100, seen = 0;
	uint64_t next_ns = 0;
	struct motor_sample s;
	pid_t holder;
	int opt, r;

	while ((opt = getopt(argc, argv, "n:d:")) != -1) {
		if (opt == 'n')
			n = strtoul(optarg, NULL, 0);
		else if (opt == 'd' && atoi(optarg) > 0)
			every = (unsigned long)atoi(optarg);
		else
			return 2;
	}
	if (ckipc_claim(&c, &ch[C_TELE], &holder)) {
		fprintf(stderr, "motor: motor.tele is being read (pid %ld)\n",
			(long)holder);
		return 1;
	}
	printf("%12s %9s %9s %8s %7s %8s %s\n", "t_ms", "setpoint", "position",
	       "effort_V", "lat_ns", "overruns", "mode");
	while (!n || lines < n) {
		r = ckipc_recv(&c, &ch[C_TELE], &s, sizeof(s), 2000);
		if (r == -ETIMEDOUT) {
			fprintf(stderr, "motor: no telemetry for 2 s\n");
			return 1;
		}
		if (r != (int)sizeof(s)) {
			fprintf(stderr, "motor: motor.tele: %s\n",
				r < 0 ? ckipc_strerror(r) : "short sample");
			return 1;
		}
		/* every D-th period by the clock, not by count: a reader that
		 * falls behind the drop-oldest ring loses samples, not time */
		if (seen++ && s.t_ns < next_ns)
			continue;
		next_ns = s.t_ns + (uint64_t)every * MOTOR_PERIOD_NS;
		printf("%12.3f %9.4f %9.4f %8.3f %7d %8u %s\n",
		       (double)s.t_ns / 1e6, s.setpoint_rad, s.position_rad,
		       s.effort_v, s.latency_ns, s.overruns, mode_name(s.mode));
		fflush(stdout);
		lines++;
	}
	return 0;
}

/* ---- the daemon ------------------------------------------------------ */

/*
 * @v with @dec (1..6) decimals into @buf, in integer arithmetic only: the
 * daemon formats hundreds of values every 200 ms, and e500's Linux has no
 * FPU (every floating-point instruction traps into the kernel's math
 * emulation, which left the daemon no time for its heartbeat). IEEE-754
 * single: sign, 8-bit exponent, 23-bit fraction. Values from 2^40 up are
 * printed as 2^40; NaN and infinities as JSON's null.
 */
static const char *fmt_fix(char *buf, size_t n, float v, unsigned int dec)
{
	uint32_t b, ex;
	uint64_t m, scale = 1, q;
	int sh;

	memcpy(&b, &v, sizeof(b));
	ex = (b >> 23) & 0xffu;
	if (ex == 0xffu) {
		snprintf(buf, n, "null");
		return buf;
	}
	for (unsigned int i = 0; i < dec; i++)
		scale *= 10u;
	m = (b & 0x7fffffu) | (ex ? 0x800000u : 0u);
	sh = (int)(ex ? ex : 1u) - 127 - 23;  /* |v| = m * 2^sh */
	if (sh >= 16)
		q = (1ull << 40) * scale;
	else if (sh >= 0)
		q = (m << sh) * scale;
	else if (sh > -64)
		q = (m * scale + (1ull << (-sh - 1))) >> -sh;  /* rounded */
	else
		q = 0;
	snprintf(buf, n, "%s%llu.%0*llu", (b >> 31) && q ? "-" : "",
		 (unsigned long long)(q / scale), (int)dec,
		 (unsigned long long)(q % scale));
	return buf;
}

/* @ns as seconds (@dec = 3) or ms (@div = 1000000, @dec = 2): "s.fff",
 * integers only (see fmt_fix()). */
static const char *fmt_ns(char *buf, size_t n, uint64_t ns, uint64_t div,
			  unsigned int dec)
{
	uint64_t frac = div;

	for (unsigned int i = 0; i < dec; i++)
		frac /= 10u;
	snprintf(buf, n, "%llu.%0*llu", (unsigned long long)(ns / div), (int)dec,
		 (unsigned long long)(ns % div / frac));
	return buf;
}

static struct motor_sample plot[PLOT_POINTS];
static unsigned int plot_n, plot_head;
static char events[EVENTS_KEPT][96];
static unsigned int events_n;

static void keep_event(const struct motor_event *e)
{
	char *line = events[events_n++ % EVENTS_KEPT], t[24];

	fmt_ns(t, sizeof(t), e->t_ns, 1000000000u, 3);
	if (e->kind == MOTOR_EV_MODE)
		snprintf(line, 96, "%s s: mode %s (reason %s)", t,
			 mode_name(e->arg), why_name(e->arg2));
	else if (e->kind == MOTOR_EV_REFUSED || e->kind == MOTOR_EV_DONE)
		snprintf(line, 96, "%s s: %s %s", t, op_name(e->arg),
			 e->kind == MOTOR_EV_DONE ? "done" : "refused");
	else if (e->kind == MOTOR_EV_INVALID)
		snprintf(line, 96, "%s s: command %u out of range, refused",
			 t, e->arg);
	else if (e->kind == MOTOR_EV_OVERRUN)
		snprintf(line, 96, "%s s: %u period(s) missed (%u in all)", t,
			 e->arg, e->arg2);
	else
		snprintf(line, 96, "%s s: event %u", t, e->kind);
	printf("motor: %s\n", line);
	fflush(stdout);
}

static void write_json(const struct motor_status *st)
{
	FILE *f = fopen(MOTOR_JSON ".tmp", "w");
	char a[32], b[32], c[32], d[32], e[32], g[32], h[32], k[32];
	unsigned int i, j;

	if (!f)
		return;
	fprintf(f,
		"{\"t_ms\":%s,\"mode\":\"%s\",\"reason\":\"%s\",\"setpoint\":%s,"
		"\"position\":%s,\"velocity\":%s,\"effort\":%s,\"kp\":%s,"
		"\"ki\":%s,\"kd\":%s,\"periods\":%u,\"overruns\":%u,"
		"\"lat_min_ns\":%d,\"lat_max_ns\":%d,\"dropped\":%u,"
		"\"refused\":%u,\"bucket_ns\":%u,\"hist\":[",
		fmt_ns(a, sizeof(a), st->t_ns, 1000000u, 3), mode_name(st->mode),
		why_name(st->reason), fmt_fix(b, sizeof(b), st->setpoint_rad, 5),
		fmt_fix(c, sizeof(c), st->position_rad, 5),
		fmt_fix(d, sizeof(d), st->velocity_rad_s, 4),
		fmt_fix(e, sizeof(e), st->effort_v, 4),
		fmt_fix(g, sizeof(g), st->kp, 4), fmt_fix(h, sizeof(h), st->ki, 4),
		fmt_fix(k, sizeof(k), st->kd, 4), st->periods, st->overruns,
		st->lat_min_ns, st->lat_max_ns, st->tele_dropped,
		st->cmd_invalid, MOTOR_HIST_BUCKET_NS);
	for (i = 0; i < MOTOR_HIST_CELLS; i++)
		fprintf(f, "%s%u", i ? "," : "", st->hist[i]);
	fputs("],\"plot\":[", f);
	for (i = 0; i < plot_n; i++) {
		const struct motor_sample *s =
			&plot[(plot_head + PLOT_POINTS - plot_n + i) % PLOT_POINTS];

		fprintf(f, "%s[%s,%s,%s]", i ? "," : "",
			fmt_ns(a, sizeof(a), s->t_ns, 1000000u, 2),
			fmt_fix(b, sizeof(b), s->setpoint_rad, 4),
			fmt_fix(c, sizeof(c), s->position_rad, 4));
	}
	fputs("],\"events\":[", f);
	for (i = 0, j = events_n > EVENTS_KEPT ? events_n - EVENTS_KEPT : 0;
	     j < events_n; j++, i++)
		fprintf(f, "%s\"%s\"", i ? "," : "", events[j % EVENTS_KEPT]);
	fputs("]}\n", f);
	if (fclose(f) == 0)
		rename(MOTOR_JSON ".tmp", MOTOR_JSON);
}

static int64_t mono_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int cmd_daemon(void)
{
	int64_t next_hb = 0, next_json = 0, now;
	struct motor_status st;
	struct motor_sample s;
	struct motor_event e;
	uint32_t hb = 0;
	pid_t holder;
	int fd, err;

	if (ckipc_claim(&c, &ch[C_PLOT], &holder)) {
		fprintf(stderr, "motor: a daemon runs already (pid %ld)\n",
			(long)holder);
		return 1;
	}
	printf("motor: daemon up: heartbeat every %u ms, %s for the page\n",
	       MOTOR_HB_MS, MOTOR_JSON);
	fflush(stdout);
	for (;;) {
		now = mono_ms();
		if (now >= next_hb) {
			hb++;
			fd = lock_writers();
			err = ckipc_state_write(&c, &ch[C_HB], &hb, sizeof(hb));
			if (fd >= 0)
				close(fd);
			if (err)
				fprintf(stderr, "motor: heartbeat: %s\n",
					ckipc_strerror(err));
			next_hb = now + MOTOR_HB_MS;
		}
		while (ckipc_recv(&c, &ch[C_EVT], &e, sizeof(e), 0) ==
		       (int)sizeof(e))
			keep_event(&e);
		while (ckipc_recv(&c, &ch[C_PLOT], &s, sizeof(s), 0) ==
		       (int)sizeof(s)) {
			plot[plot_head] = s;
			plot_head = (plot_head + 1u) % PLOT_POINTS;
			if (plot_n < PLOT_POINTS)
				plot_n++;
		}
		if (now >= next_json &&
		    ckipc_state_read(&c, &ch[C_STAT], &st, sizeof(st)) ==
			    (int)sizeof(st)) {
			write_json(&st);
			next_json = now + 200;
		}
		/* the doorbell, or the next heartbeat */
		if (ckipc_fd(&c) >= 0) {
			struct pollfd p = { ckipc_fd(&c), POLLIN, 0 };

			if (poll(&p, 1, (int)(next_hb - mono_ms() > 0 ? next_hb - mono_ms() : 0)) > 0)
				(void)ckipc_ack(&c);
		} else {
			usleep(10000);
		}
	}
}

/* ---- the page's CGI ---------------------------------------------------- */

/* The value of @key in the query string @q ("a=1&b=2"), or NULL. */
static const char *query_get(const char *q, const char *key, char *buf,
			     size_t n)
{
	size_t kl = strlen(key);

	while (q && *q) {
		const char *amp = strchr(q, '&');
		size_t len = amp ? (size_t)(amp - q) : strlen(q);

		if (len > kl && !strncmp(q, key, kl) && q[kl] == '=' &&
		    len - kl - 1 < n) {
			memcpy(buf, q + kl + 1, len - kl - 1);
			buf[len - kl - 1] = 0;
			return buf;
		}
		q = amp ? amp + 1 : NULL;
	}
	return NULL;
}

static int cgi_reply(int ok, const char *why)
{
	printf("Content-Type: application/json\r\nCache-Control: no-store\r\n\r\n");
	if (ok)
		printf("{\"ok\":true}\n");
	else
		printf("{\"ok\":false,\"error\":\"%s\"}\n", why);
	return 0;
}

static int cgi(void)
{
	const char *q = getenv("QUERY_STRING");
	char a[32], b[32], d[32], why[96] = "";
	float sp, k[3];

	if (motor_open())
		return cgi_reply(0, "no co-kernel IPC region");
	if (query_get(q, "sp", a, sizeof(a))) {
		if (parse_float(a, -MOTOR_POS_LIMIT, MOTOR_POS_LIMIT, &sp))
			return cgi_reply(0, "setpoint: a number of rad within the limits");
		return cgi_reply(!write_cmd(&sp, NULL, why, sizeof(why)), why);
	}
	if (query_get(q, "kp", a, sizeof(a)) && query_get(q, "ki", b, sizeof(b)) &&
	    query_get(q, "kd", d, sizeof(d))) {
		if (parse_float(a, 0, 1000, &k[0]) || parse_float(b, 0, 1000, &k[1]) ||
		    parse_float(d, 0, 1000, &k[2]))
			return cgi_reply(0, "gains: numbers from 0 to 1000");
		return cgi_reply(!write_cmd(NULL, k, why, sizeof(why)), why);
	}
	if (query_get(q, "op", a, sizeof(a))) {
		uint32_t op = !strcmp(a, "start") ? MOTOR_OP_START
			      : !strcmp(a, "stop") ? MOTOR_OP_STOP
			      : !strcmp(a, "reset") ? MOTOR_OP_RESET : 0;

		if (!op)
			return cgi_reply(0, "op: start, stop or reset");
		return cgi_reply(!send_op(op, why, sizeof(why)), why);
	}
	return cgi_reply(0, "expected sp=, kp=&ki=&kd= or op=");
}

/* ---- the command line ----------------------------------------------- */

static int usage(int status)
{
	fprintf(status ? stderr : stdout,
		"usage: motor status | set <rad> | gains <kp> <ki> <kd> |\n"
		"             start | stop | reset | watch [-n lines] [-d every] | daemon\n");
	return status;
}

int main(int argc, char **argv)
{
	struct motor_status st;
	char why[96] = "";
	float v, k[3];
	uint32_t op;

	if (getenv("GATEWAY_INTERFACE"))
		return cgi();
	if (argc < 2)
		return usage(2);
	if (!strcmp(argv[1], "--help"))
		return usage(0);
	if (motor_open())
		return 1;
	if (!strcmp(argv[1], "status") && argc == 2) {
		if (read_status(&st))
			return 1;
		print_status(&st);
		return 0;
	}
	if (!strcmp(argv[1], "set") && argc == 3) {
		if (parse_float(argv[2], -MOTOR_POS_LIMIT, MOTOR_POS_LIMIT, &v)) {
			fprintf(stderr, "motor: set: a setpoint in rad from %g to %g\n",
				-MOTOR_POS_LIMIT, MOTOR_POS_LIMIT);
			return 2;
		}
		if (write_cmd(&v, NULL, why, sizeof(why))) {
			fprintf(stderr, "motor: %s\n", why);
			return 1;
		}
		return 0;
	}
	if (!strcmp(argv[1], "gains") && argc == 5) {
		if (parse_float(argv[2], 0, 1000, &k[0]) ||
		    parse_float(argv[3], 0, 1000, &k[1]) ||
		    parse_float(argv[4], 0, 1000, &k[2])) {
			fprintf(stderr, "motor: gains: three numbers from 0 to 1000\n");
			return 2;
		}
		if (write_cmd(NULL, k, why, sizeof(why))) {
			fprintf(stderr, "motor: %s\n", why);
			return 1;
		}
		return 0;
	}
	op = !strcmp(argv[1], "start") ? MOTOR_OP_START
	     : !strcmp(argv[1], "stop") ? MOTOR_OP_STOP
	     : !strcmp(argv[1], "reset") ? MOTOR_OP_RESET : 0;
	if (op && argc == 2) {
		if (read_status(&st))
			return 1;
		if ((op == MOTOR_OP_START && st.mode != MOTOR_STOPPED) ||
		    (op == MOTOR_OP_STOP && st.mode != MOTOR_RUN) ||
		    (op == MOTOR_OP_RESET && st.mode != MOTOR_SAFE)) {
			fprintf(stderr, "motor: %s: refused: mode %s (reason %s); "
				"start needs STOPPED, stop RUN, reset SAFE\n",
				op_name(op), mode_name(st.mode), why_name(st.reason));
			return 1;
		}
		if (send_op(op, why, sizeof(why))) {
			fprintf(stderr, "motor: %s\n", why);
			return 1;
		}
		return await_mode(op);
	}
	if (!strcmp(argv[1], "watch"))
		return cmd_watch(argc - 1, argv + 1);
	if (!strcmp(argv[1], "daemon") && argc == 2)
		return cmd_daemon();
	return usage(2);
}
