// SPDX-License-Identifier: GPL-2.0
/* ckipc.c - list, read, write, reset and deliberately corrupt cokernel IPC
 * channels from a Linux shell. */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <time.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ck_ipc_apps.h"
#include "ck_tasks.h"
#include "ck_trace.h"
#include "libckipc.h"

#define RESET_WAIT_MS 2000
#define WATCH_LINES_PER_S 20

static void usage(FILE *out)
{
	fprintf(out,
		"usage: ckipc list                 channels, counters, faults\n"
		"       ckipc read [-x] <chan>     pending messages / latest state; the\n"
		"                                  project's channels decoded, others (or -x)\n"
		"                                  as a hex dump\n"
		"       ckipc watch <chan>         follow a channel live: each new message\n"
		"                                  or state (at most %d lines a second, then\n"
		"                                  a count of those not shown), until Ctrl-C\n"
		"       ckipc write <chan> <text>  one message / new state (and the RT\n"
		"                                  side's doorbell for it)\n"
		"       ckipc echo <count>         <count> round trips through the RT echo\n"
		"                                  task, both doorbells; any message not back\n"
		"                                  within 1 s is a lost wake-up (exit 1)\n"
		"       ckipc reset <chan>         ask the RT side to repair a channel; waits\n"
		"                                  %d s for a broken one to be repaired\n"
		"       ckipc corrupt <chan>       write garbage head/tail/lengths (fault test)\n"
		"       ckipc trace                the RT tracer's frozen trace, oldest event\n"
		"                                  first (latency -f freezes it on each new\n"
		"                                  maximum)\n"
		"       ckipc tasks                the RT tasks (as /proc/xenomai/sched/stat):\n"
		"                                  priority, state, what each waits on, period,\n"
		"                                  overruns, switches, CPU time and %% since the\n"
		"                                  last refresh, stack high-water mark\n"
		"       ckipc --help               this text\n"
		"exit status: 0 done, 1 failed (no region, channel, data, frozen\n"
		"             trace, task list; a reset not served), 2 bad usage\n", WATCH_LINES_PER_S,
		RESET_WAIT_MS / 1000);
}

static int cmd_list(struct ckipc *c)
{
	const struct ck_ipc_dir *d = c->base;
	uint32_t i, nr = d->nr_chan;

	printf("region %u bytes, %u channels, %u faults detected\n",
	       d->region_bytes, nr, d->faults);
	printf("%-15s %-11s %6s %5s %10s %10s %8s %8s %8s %8s %6s %6s %s\n",
	       "NAME", "KIND", "SLOT", "SLOTS", "HEAD/SEQ", "TAIL", "SENT",
	       "REJECT", "DROP", "RECV", "INVAL", "FAULTS", "FLAGS");
	for (i = 0; i < nr && i < CK_IPC_MAX_CHAN; i++) {
		struct ck_ipc_info in;
		int err = ck_ipc_info(c->base, c->size, i, &in);

		if (err == -CK_ENODEV)
			break;
		if (err) {
			printf("%-15s %-11s (entry %u invalid: %s)\n", in.name,
			       ckipc_kind_name(in.kind), i,
			       ckipc_strerror(err));
			continue;
		}
		if (in.kind == CK_IPC_RING_RT2LX || in.kind == CK_IPC_RING_LX2RT)
			printf("%-15s %-11s %6u %5u %10u %10u %8u %8u %8u %8u %6u %6u %s%s\n",
			       in.name, ckipc_kind_name(in.kind), in.slot_bytes,
			       in.nr_slots, in.head, in.tail, in.sent,
			       in.rejected, in.dropped, in.received, in.invalid,
			       in.faults,
			       in.flags & CK_IPC_F_DROP_OLDEST ? "drop-oldest"
							       : "reject",
			       in.flags & CK_IPC_F_FAULTED ? ",FAULTED" : "");
		else
			printf("%-15s %-11s %6u %5u %10u %10s %8u %8s %8s %8s %6u %6u %s\n",
			       in.name, ckipc_kind_name(in.kind), in.slot_bytes,
			       1u, in.seq, "-", in.writes, "-", "-", "-",
			       in.invalid, in.faults,
			       in.flags & CK_IPC_F_FAULTED ? "FAULTED" : "-");
	}
	return 0;
}

/* @n bytes as "hexdump -C" does: offset, 16 bytes in hex, then text. */
static void hexdump(const uint8_t *p, int n)
{
	int off, i;

	printf("%d bytes:\n", n);
	for (off = 0; off < n; off += 16) {
		printf("  %04x ", off);
		for (i = off; i < off + 16; i++) {
			if (i < n)
				printf(" %02x", p[i]);
			else
				printf("   ");
			if (i == off + 7)
				putchar(' ');
		}
		printf("  |");
		for (i = off; i < n && i < off + 16; i++)
			putchar(isprint(p[i]) ? p[i] : '.');
		printf("|\n");
	}
}

static void show_lat_rec(const void *p)
{
	const struct ck_lat_rec *r = p;

	if (r->flags & CK_LAT_REC_REFUSED) {
		printf("refusal for session 0x%08x, %s: no samples, the board's shortest period is %u ns\n",
		       r->session, ck_lat_mode_name(r->mode), r->period_ns);
		return;
	}
	printf("second %u of session 0x%08x, %s, %u ns period: min %d avg %d max %d ns, %u samples, %u overruns, priority %u%s\n",
	       r->seq, r->session, ck_lat_mode_name(r->mode), r->period_ns,
	       r->min_ns, r->avg_ns, r->max_ns, r->samples, r->overruns,
	       r->prio, r->flags & CK_LAT_REC_WARMUP ? " (warm-up)" : "");
}

static void show_lat_hist(const void *p)
{
	const struct ck_lat_hist *h = p;
	uint32_t i, cells = h->cells, shown = 0;

	printf("histogram of session 0x%08x%s: %u samples, %u cells of %u ns\n",
	       h->session, h->final ? "" : " (running)", h->samples, h->cells,
	       h->bucket_ns);
	if (cells > CK_LAT_HIST_MAX_CELLS) {
		printf("  (cells above %u: not a valid histogram)\n",
		       CK_LAT_HIST_MAX_CELLS);
		return;
	}
	for (i = 0; i < cells; i++) {
		if (!h->hits[i])
			continue;
		printf("  %10llu..%-10llu ns %10u%s\n",
		       (unsigned long long)i * h->bucket_ns,
		       (unsigned long long)(i + 1) * h->bucket_ns, h->hits[i],
		       i + 1 == cells ? " (and above)" : "");
		shown++;
	}
	if (!shown)
		printf("  (no samples)\n");
}

static void show_swb(const void *p)
{
	const struct ck_swb_result *r = p;

	printf("switchbench: %u runs, %u switches in the last, priorities %u/%u: avg %u ns, min %u ns, max %u ns, clock step <= %u ns\n",
	       r->runs, r->switches, r->prio, r->prio + 1, r->avg_ns, r->min_ns,
	       r->max_ns, r->clock_res_ns);
}

/* The project's own channels (ipc/ck_ipc_apps.h) and their records. */
static const struct decoder {
	const char *chan;
	uint32_t bytes;
	void (*show)(const void *p);
} decoders[] = {
	{ CK_LAT_DATA, sizeof(struct ck_lat_rec), show_lat_rec },
	{ CK_LAT_HIST, sizeof(struct ck_lat_hist), show_lat_hist },
	{ CK_SWB_STATE, sizeof(struct ck_swb_result), show_swb },
};

/* Print one message / state of @n bytes: decoded when the channel is one
 * of the project's and the size is right, else as a hex dump. */
static void show(const char *chan, const uint8_t *p, int n, bool raw)
{
	size_t i;

	for (i = 0; !raw && i < sizeof(decoders) / sizeof(decoders[0]); i++) {
		if (strcmp(chan, decoders[i].chan))
			continue;
		if (n == (int)decoders[i].bytes) {
			decoders[i].show(p);
			return;
		}
		printf("(%d bytes, a %s record has %u: raw)\n", n, chan,
		       decoders[i].bytes);
	}
	hexdump(p, n);
}

static int cmd_read(struct ckipc *c, struct ck_ipc_chan *ch, bool raw)
{
	static uint8_t buf[CK_IPC_MAX_SLOT_BYTES];
	int n, count = 0;

	if (ch->kind == CK_IPC_STATE_RT2LX || ch->kind == CK_IPC_STATE_LX2RT) {
		n = ck_ipc_state_read(c->base, ch, buf, sizeof(buf));
		if (n == -CK_EAGAIN) {
			printf("(never written)\n");
			return 0;
		}
		if (n < 0)
			goto err;
		show(ch->name, buf, n, raw);
		return 0;
	}
	if (ch->kind != CK_IPC_RING_RT2LX) {
		fprintf(stderr, "ckipc: %s is read by the RT side\n", ch->name);
		return 2;
	}
	while ((n = ck_ipc_recv(c->base, ch, buf, sizeof(buf))) >= 0) {
		show(ch->name, buf, n, raw);
		count++;
	}
	if (n == -CK_EAGAIN) {
		if (!count)
			printf("(empty)\n");
		return 0;
	}
err:
	fprintf(stderr, "ckipc: %s: %s\n", ch->name, ckipc_strerror(n));
	return 1;
}

static int64_t watch_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/*
 * Follow @ch: a ring's messages as they come (claimed, so that no other
 * reader takes them meanwhile), a state block's new values (its writes
 * counter moved). Woken by the RT doorbell; at most WATCH_LINES_PER_S
 * lines a second, the rest counted.
 */
static int cmd_watch(struct ckipc *c, struct ck_ipc_chan *ch)
{
	static uint8_t buf[CK_IPC_MAX_SLOT_BYTES];
	bool ring = ch->kind == CK_IPC_RING_RT2LX;
	uint32_t writes = 0;
	unsigned long shown = 0, hidden = 0;
	int64_t second = watch_now_ms();
	struct ck_ipc_info in;
	pid_t holder;
	int n;

	if (ch->kind == CK_IPC_RING_LX2RT) {
		fprintf(stderr, "ckipc: %s is read by the RT side\n", ch->name);
		return 2;
	}
	if (ring && ckipc_claim(c, ch, &holder)) {
		fprintf(stderr, "ckipc: %s is being read by pid %ld\n",
			ch->name, (long)holder);
		return 1;
	}
	printf("watching %s (%s); Ctrl-C ends\n", ch->name,
	       ckipc_kind_name(ch->kind));
	for (;;) {
		if (ring) {
			n = ckipc_recv(c, ch, buf, sizeof(buf), 1000);
		} else {
			n = ck_ipc_info(c->base, c->size, ch->idx, &in);
			if (!n && in.writes == writes) {
				n = -EAGAIN;
			} else if (!n) {
				writes = in.writes;
				n = ck_ipc_state_read(c->base, ch, buf,
						      sizeof(buf));
			}
		}
		if (n >= 0) {
			if (shown < WATCH_LINES_PER_S) {
				show(ch->name, buf, n, false);
				shown++;
			} else {
				hidden++;
			}
		} else if (n != -EAGAIN && n != -ETIMEDOUT) {
			fprintf(stderr, "ckipc: %s: %s\n", ch->name,
				ckipc_strerror(n));
			return 1;
		} else if (!ring) {
			ckipc_wait(c, 1000);
		}
		if (watch_now_ms() - second >= 1000) {
			if (hidden)
				printf("... %lu more in the last second, not shown\n",
				       hidden);
			fflush(stdout);
			shown = hidden = 0;
			second = watch_now_ms();
		}
	}
}

/*
 * Round trips through cokernel/apps/ipcecho.c: send (Linux -> RT doorbell),
 * block in ckipc_recv() for the echo (RT -> Linux doorbell). The phase of
 * each send against the RT side moves: every few trips a pause, and now
 * and then two messages in flight at once.
 */
static int cmd_echo(struct ckipc *c, const char *count_arg)
{
	struct ck_ipc_chan in, out;
	unsigned long count, i, lost = 0, bad = 0, pairs = 0;
	uint32_t msg[CK_ECHO_BYTES / 4], back[CK_ECHO_BYTES / 4];
	int64_t t0, worst = 0, dt;
	char *end;
	int n, k, burst;

	count = strtoul(count_arg, &end, 0);
	if (!*count_arg || *end || !count || count > 100000000ul) {
		fprintf(stderr, "ckipc: echo: a count from 1 to 100000000\n");
		return 2;
	}
	if (ckipc_chan(c, CK_ECHO_IN, &in) || ckipc_chan(c, CK_ECHO_OUT, &out)) {
		fprintf(stderr, "ckipc: echo: no %s/%s channels (no RT echo task)\n",
			CK_ECHO_IN, CK_ECHO_OUT);
		return 1;
	}
	if (ckipc_claim(c, &in, NULL)) {
		fprintf(stderr, "ckipc: echo: another ckipc echo runs\n");
		return 1;
	}
	memset(msg, 0, sizeof(msg));
	for (i = 0; i < count; i += (unsigned long)burst) {
		burst = (i % 7 == 3 && i + 1 < count) ? 2 : 1;
		if (i % 5 == 0)
			usleep((useconds_t)(i * 37 % 400));
		t0 = watch_now_ms();
		for (k = 0; k < burst; k++) {
			msg[0] = (uint32_t)(i + (unsigned long)k);
			n = ckipc_send(c, &in, msg, sizeof(msg), 1000);
			if (n) {
				fprintf(stderr, "ckipc: echo: send %lu: %s\n",
					i + (unsigned long)k, ckipc_strerror(n));
				return 1;
			}
		}
		pairs += burst == 2;
		for (k = 0; k < burst; k++) {
			n = ckipc_recv(c, &out, back, sizeof(back), 1000);
			if (n == -ETIMEDOUT) {
				lost++;
				fprintf(stderr, "ckipc: echo: message %lu not back within 1 s\n",
					i + (unsigned long)k);
			} else if (n != (int)sizeof(back) ||
				   back[0] != (uint32_t)(i + (unsigned long)k)) {
				bad++;
			}
		}
		dt = watch_now_ms() - t0;
		worst = dt > worst ? dt : worst;
		if (lost + bad > 10)
			break;
	}
	printf("echo: %lu round trips (%lu with two in flight), %lu lost, %lu wrong, slowest %lld ms\n",
	       i, pairs, lost, bad, (long long)worst);
	return lost || bad ? 1 : 0;
}

static int cmd_write(struct ckipc *c, struct ck_ipc_chan *ch, const char *txt)
{
	size_t len = strlen(txt);
	int err;

	if (len > ch->slot_bytes) {
		fprintf(stderr, "ckipc: %zu bytes do not fit %s (%u max)\n",
			len, ch->name, ch->slot_bytes);
		return 2;
	}
	/* both ring the RT side's doorbell for the channel */
	if (ch->kind == CK_IPC_RING_LX2RT)
		err = ckipc_send(c, ch, txt, (uint32_t)len, 0);
	else if (ch->kind == CK_IPC_STATE_LX2RT)
		err = ckipc_state_write(c, ch, txt, (uint32_t)len);
	else
		err = -CK_EPERM;
	if (err) {
		fprintf(stderr, "ckipc: %s: %s\n", ch->name,
			err == -CK_EPERM ? "written by the RT side, not Linux"
					 : ckipc_strerror(err));
		return err == -CK_EPERM ? 2 : 1;
	}
	return 0;
}

/*
 * Ask for a reset. A channel that looks broken (ckipc_chan_sound()) must
 * look sound within RESET_WAIT_MS, else the request was not served: the
 * RT side resets a channel when it next uses it, which for some channels
 * is only when a program runs (latency's, at the next latency).
 */
static int cmd_reset(struct ckipc *c, struct ck_ipc_chan *ch)
{
	bool broken = !ckipc_chan_sound(c, ch);
	int t;

	if (ck_ipc_request_reset(c->base, ch)) {
		fprintf(stderr, "ckipc: %s: cannot ask for a reset\n", ch->name);
		return 1;
	}
	/* an RT task that waits for this channel's doorbell serves it now */
	(void)ckipc_notify(c, ch);
	if (!broken) {
		printf("%s: reset requested (the channel looks sound)\n",
		       ch->name);
		return 0;
	}
	for (t = 0; t < RESET_WAIT_MS; t += 10) {
		if (ckipc_chan_sound(c, ch)) {
			printf("%s: repaired by the RT side\n", ch->name);
			return 0;
		}
		usleep(10000);
	}
	fprintf(stderr,
		"ckipc: %s: reset requested, not served within %d s: the RT side resets a channel when it next uses it (latency's: at the next latency run)\n",
		ch->name, RESET_WAIT_MS / 1000);
	return 1;
}

/* Deliberately break the channel the way a buggy process would. */
static int cmd_corrupt(struct ckipc *c, struct ck_ipc_chan *ch)
{
	volatile uint8_t *p = (volatile uint8_t *)c->base + ch->off;

	if (ch->kind == CK_IPC_RING_RT2LX || ch->kind == CK_IPC_RING_LX2RT) {
		volatile struct ck_ipc_ring_hdr *r = (void *)p;
		uint32_t i;

		r->head = 0xdeadbeefu;
		r->tail = 0x12345678u;
		for (i = 0; i < ch->nr_slots; i++) {
			volatile struct ck_ipc_slot_hdr *s =
				(void *)(p + sizeof(*r) + i * ch->stride);
			s->seq = 0xffffffffu;
			s->len = 0xffffffffu;
		}
		printf("%s: head=0xdeadbeef tail=0x12345678, %u slot lengths=0xffffffff\n",
		       ch->name, ch->nr_slots);
	} else {
		volatile struct ck_ipc_state_hdr *st = (void *)p;

		st->seq = 0x12345678u;
		st->len = 0xffffffffu;
		printf("%s: seq=0x12345678 len=0xffffffff\n", ch->name);
	}
	return 0;
}

/* @ns as microseconds with 3 decimals, right-aligned in @w, with a sign
 * if @sign. */
static void print_us(int64_t ns, int w, bool sign)
{
	char buf[32];
	uint64_t mag = ns < 0 ? (uint64_t)-ns : (uint64_t)ns;

	snprintf(buf, sizeof(buf), "%s%llu.%03llu",
		 ns < 0 ? "-" : sign ? "+" : "", (unsigned long long)(mag / 1000),
		 (unsigned long long)(mag % 1000));
	printf("%*s", w, buf);
}

static uint64_t trace_ns(const struct ck_trace_rec *r)
{
	return (uint64_t)r->b << 32 | r->a;
}

/* The payload of @ev[i] in words; a task's clock read also gets its
 * latency against the last timer expiry before it (its release). */
static void print_trace_payload(const struct ck_trace_rec *ev, uint32_t i)
{
	const struct ck_trace_rec *r = &ev[i];
	uint32_t j;

	switch (r->event) {
	case CK_TRACE_IRQ_ACK:
		printf("pending 0x%x, timer line %u", r->a, r->b);
		break;
	case CK_TRACE_CLOCK:
		printf("now %llu ns", (unsigned long long)trace_ns(r));
		break;
	case CK_TRACE_TIMER:
		printf("expiry %llu ns", (unsigned long long)trace_ns(r));
		break;
	case CK_TRACE_SWITCH:
		printf("from priority %d", (int32_t)r->a);
		break;
	case CK_TRACE_TASK_CLOCK:
		printf("read %llu ns", (unsigned long long)trace_ns(r));
		for (j = i; j-- > 0;) {
			if (ev[j].event != CK_TRACE_TIMER)
				continue;
			printf(", latency %lld ns", (long long)(trace_ns(r) - trace_ns(&ev[j])));
			break;
		}
		break;
	case CK_TRACE_FREEZE:
		printf("value %u ns, tag %u", r->a, r->b);
		break;
	default:
		break;
	}
}

/*
 * The frozen trace, as Xenomai's /proc/ipipe/trace/frozen reads: a
 * header, then one event a line, oldest first: its time on the RT clock,
 * the time since the event before (flagged '+' above 1 us, '!' above
 * 10 us), what, which task, what it carried.
 */
static int cmd_trace(struct ckipc *c)
{
	static struct ck_trace_snap s;
	struct ck_ipc_chan ch;
	uint32_t i;
	int n, err = ckipc_chan(c, CK_TRACE_STATE, &ch);

	if (err && err != -CK_ENODEV) {
		fprintf(stderr, "ckipc: trace: %s\n", ckipc_strerror(err));
		return 1;
	}
	/* the RT side creates the block at the first latency -f */
	n = err ? -CK_EAGAIN : ck_ipc_state_read(c->base, &ch, &s, sizeof(s));
	if (n == -CK_EAGAIN) {
		fprintf(stderr, "ckipc: trace: nothing frozen since boot: run 'latency -f', which freezes the trace on each new maximum\n");
		return 1;
	}
	if (n < 0) {
		fprintf(stderr, "ckipc: trace: %s\n", ckipc_strerror(n));
		return 1;
	}
	if (n < (int)offsetof(struct ck_trace_snap, ev) ||
	    s.events > CK_TRACE_EVENTS || (uint32_t)n != ck_trace_snap_bytes(s.events)) {
		fprintf(stderr, "ckipc: trace: %d bytes are not a frozen trace\n", n);
		return 1;
	}
	printf("cokernel frozen trace %u of this boot: %u events (%u older ones overwritten)\n",
	       s.freezes, s.events, s.lost);
	printf("frozen by latency -f: new maximum %u ns in second %u of session 0x%08x\n",
	       s.value, s.tag, s.session);
	printf("RT clock %u Hz; times in us; '+' delta > 1 us, '!' > 10 us\n\n",
	       s.clock_hz);
	printf("%15s %11s  %-10s  %-8s %4s  %s\n", "Time", "Delta", "Event",
	       "Task", "Prio", "Payload");
	for (i = 0; i < s.events; i++) {
		const struct ck_trace_rec *r = &s.ev[i];
		int64_t d = i ? (int64_t)(r->ts_ns - s.ev[i - 1].ts_ns) : 0;
		char task[CK_TRACE_NAME_BYTES + 1];

		memcpy(task, r->task, CK_TRACE_NAME_BYTES);
		task[CK_TRACE_NAME_BYTES] = 0;
		print_us((int64_t)r->ts_ns, 15, false);
		print_us(d, 11, true);
		printf("%c %-10s  %-8s ", d > 10000 ? '!' : d > 1000 ? '+' : ' ',
		       ck_trace_event_name(r->event), task[0] ? task : "-");
		if (task[0])
			printf("%4d  ", r->prio);
		else
			printf("%4s  ", "-");
		print_trace_payload(s.ev, i);
		putchar('\n');
	}
	return 0;
}

#define TASKS_WAIT_MS 1000

/* Ask the RT side for a fresh task list (its channel's doorbell) and wait
 * up to TASKS_WAIT_MS for it. Return: the block's length, or -errno /
 * -CK_E* of the last read; *@fresh says if it is newer than the call. */
static int tasks_fetch(struct ckipc *c, struct ck_ipc_chan *ch,
		       struct ck_tasks_snap *s, bool *fresh)
{
	int n = ckipc_state_read(c, ch, s, sizeof(*s));
	uint32_t before = n > 0 ? s->refreshes : 0;
	int64_t until = watch_now_ms() + TASKS_WAIT_MS;
	struct timespec ts = { 0, 2 * 1000 * 1000 };

	*fresh = false;
	if (n < 0 && n != -EAGAIN)
		return n;  /* corrupt or faulted: no refresh repairs it */
	/* a plain-file region (-ENOSYS) has nobody to ring: the RT side
	 * (the host tests) refreshes on its own */
	(void)ckipc_notify(c, ch);
	do {
		n = ckipc_state_read(c, ch, s, sizeof(*s));
		if (n > 0 && s->refreshes != before) {
			*fresh = true;
			break;
		}
		nanosleep(&ts, NULL);
	} while (watch_now_ms() < until);
	return n;
}

static void tasks_state(const struct ck_tasks_rec *r, char *out, size_t len)
{
	static const char *const names[] = { "dormant", "ready", "blocked",
					     "suspended" };
	const char *st = r->state < 4u ? names[r->state] : "?";

	if (r->flags & CK_TASKS_F_SELF)
		st = "running";
	snprintf(out, len, "%s%s", st,
		 r->suspend_depth && r->state != CK_TASKS_SUSPENDED ? "+susp" : "");
}

static void tasks_wait(const struct ck_tasks_rec *r, char *out, size_t len)
{
	char name[CK_TASKS_NAME_BYTES], owner[CK_TASKS_NAME_BYTES];

	if (r->state != CK_TASKS_BLOCKED) {
		snprintf(out, len, "-");
		return;
	}
	memcpy(name, r->wait_name, sizeof(name));
	memcpy(owner, r->wait_owner, sizeof(owner));
	name[sizeof(name) - 1] = 0;
	owner[sizeof(owner) - 1] = 0;
	snprintf(out, len, "%s%s%s%s%s", ck_tasks_wait_name(r->wait_kind),
		 name[0] ? " " : "", name, owner[0] ? " owner " : "", owner);
}

static void tasks_line(const struct ck_tasks_snap *s, const struct ck_tasks_rec *r)
{
	char name[CK_TASKS_NAME_BYTES], state[16], wait[64], prio[8], base[8];
	char period[24] = "-", pct[16] = "-", stack[24] = "-";
	bool root = r->flags & CK_TASKS_F_ROOT;

	memcpy(name, r->name, sizeof(name));
	name[sizeof(name) - 1] = 0;
	tasks_state(r, state, sizeof(state));
	tasks_wait(r, wait, sizeof(wait));
	snprintf(prio, sizeof(prio), root ? "-" : "%d", r->prio);
	snprintf(base, sizeof(base), root ? "-" : "%d", r->base_prio);
	if (r->period_ns)
		snprintf(period, sizeof(period), "%llu",
			 (unsigned long long)(r->period_ns / 1000u));
	if (s->interval_ns)
		snprintf(pct, sizeof(pct), "%.1f",
			 100.0 * (double)r->cpu_delta_ns / (double)s->interval_ns);
	if (!root)
		snprintf(stack, sizeof(stack), "%u/%u", r->stack_used, r->stack_bytes);
	printf("%-15s %4s %4s  %-14s %-36s %9s %8llu %10llu %12.3f %6s %11s\n",
	       root ? "[root]" : name, prio, base, state, wait, period,
	       (unsigned long long)r->overruns, (unsigned long long)r->switches,
	       (double)r->cpu_ns / 1e6, pct, stack);
}

/*
 * The RT tasks, as Xenomai's /proc/xenomai/sched/stat: the root (Linux)
 * first, then each task in order of creation. %CPU is of the interval
 * since the previous refresh (the previous `ckipc tasks`, or the boot's).
 */
static int cmd_tasks(struct ckipc *c)
{
	static struct ck_tasks_snap s;
	struct ck_ipc_chan ch;
	uint64_t rt_ns = 0;
	bool fresh;
	uint32_t i;
	int n, err = ckipc_chan(c, CK_TASKS_STATE, &ch);

	if (err == -CK_ENODEV) {
		fprintf(stderr, "ckipc: tasks: no state block '%s': a co-kernel without `ckipc tasks`, or no room left in the region (see its console)\n",
			CK_TASKS_STATE);
		return 1;
	}
	n = err ? err : tasks_fetch(c, &ch, &s, &fresh);
	if (n == -EAGAIN) {
		fprintf(stderr, "ckipc: tasks: the RT side has not written the task list within %d ms\n",
			TASKS_WAIT_MS);
		return 1;
	}
	if (n < 0) {
		fprintf(stderr, "ckipc: tasks: %s\n", ckipc_strerror(n));
		return 1;
	}
	if (n < (int)offsetof(struct ck_tasks_snap, rec) || !s.tasks ||
	    s.tasks > CK_TASKS_MAX || (uint32_t)n != ck_tasks_snap_bytes(s.tasks)) {
		fprintf(stderr, "ckipc: tasks: %d bytes are not a task list\n", n);
		return 1;
	}
	if (!fresh)
		fprintf(stderr, "ckipc: tasks: no refresh within %d ms: an older list follows\n",
			TASKS_WAIT_MS);
	for (i = 1; i < s.tasks; i++)
		rt_ns += s.rec[i].cpu_delta_ns;
	printf("cokernel RT tasks: refresh %u at %.3f s; %%CPU of the last %.3f s, RT tasks %.1f%%\n",
	       s.refreshes, (double)s.now_ns / 1e9, (double)s.interval_ns / 1e9,
	       s.interval_ns ? 100.0 * (double)rt_ns / (double)s.interval_ns : 0.0);
	printf("%-15s %4s %4s  %-14s %-36s %9s %8s %10s %12s %6s %11s\n", "NAME",
	       "PRIO", "BASE", "STATE", "WAIT", "PERIOD_US", "OVERRUNS",
	       "SWITCHES", "CPU_MS", "%CPU", "STACK");
	for (i = 0; i < s.tasks; i++)
		tasks_line(&s, &s.rec[i]);
	return 0;
}

/* Sub-commands: name, number of arguments after it. */
static const struct command {
	const char *name;
	int nargs;
} commands[] = {
	{ "list", 0 }, { "read", 1 }, { "watch", 1 }, { "write", 2 }, { "reset", 1 },
	{ "corrupt", 1 }, { "trace", 0 }, { "echo", 1 },
	{ "tasks", 0 },
};

static int bad_usage(const char *fmt, const char *what)
{
	fprintf(stderr, "ckipc: ");
	fprintf(stderr, fmt, what);
	fputc('\n', stderr);
	usage(stderr);
	return 2;
}

int main(int argc, char **argv)
{
	const struct command *cmd = NULL;
	struct ck_ipc_chan ch;
	struct ckipc c;
	bool raw = false;
	char **args;
	int nargs, err, ret;
	size_t i;

	if (argc < 2)
		return bad_usage("%s", "no command given");
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		usage(stdout);
		return 0;
	}
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!strcmp(argv[1], commands[i].name))
			cmd = &commands[i];
	if (!cmd)
		return bad_usage("unknown command '%s'", argv[1]);
	args = argv + 2;
	nargs = argc - 2;
	if (!strcmp(cmd->name, "read") && nargs > 0 && !strcmp(args[0], "-x")) {
		raw = true;
		args++;
		nargs--;
	}
	if (nargs > 0 && args[0][0] == '-')
		return bad_usage("unknown option '%s'", args[0]);
	if (nargs != cmd->nargs)
		return bad_usage(nargs < cmd->nargs ? "%s: missing argument"
						    : "%s: too many arguments",
				 cmd->name);
	if (ckipc_open(&c, "ckipc"))
		return 1;
	if (!strcmp(cmd->name, "echo")) {
		ret = cmd_echo(&c, args[0]);
		goto out;
	}
	if (!strcmp(cmd->name, "list") || !strcmp(cmd->name, "trace") ||
	    !strcmp(cmd->name, "tasks")) {
		ret = cmd->name[1] == 'i' ? cmd_list(&c) :
		      cmd->name[1] == 'r' ? cmd_trace(&c) : cmd_tasks(&c);
		goto out;
	}
	err = ckipc_chan(&c, args[0], &ch);
	if (err) {
		fprintf(stderr, "ckipc: %s: %s\n", args[0],
			err == -CK_ENODEV ? "no such channel (see ckipc list)"
					  : ckipc_strerror(err));
		ret = 1;
		goto out;
	}
	if (!strcmp(cmd->name, "read"))
		ret = cmd_read(&c, &ch, raw);
	else if (!strcmp(cmd->name, "watch"))
		ret = cmd_watch(&c, &ch);
	else if (!strcmp(cmd->name, "write"))
		ret = cmd_write(&c, &ch, args[1]);
	else if (!strcmp(cmd->name, "reset"))
		ret = cmd_reset(&c, &ch);
	else
		ret = cmd_corrupt(&c, &ch);
out:
	ckipc_close(&c);
	return ret;
}
