// SPDX-License-Identifier: MIT
/*
 * sim_board.c - the sim board: a clocksource, a one-shot clockevent, a
 * 32-line level PIC and a UART, all driven by the test's notion of time.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ck/console.h>
#include <ck/core.h>
#include "sim_priv.h"

#define SIM_UART_BYTES 65536u
#define SIM_UART_SPIN 16u

static struct {
	uint64_t now_ns;
	struct sim_config cfg;
	/* clockevent */
	bool ev_armed;
	uint64_t ev_deadline_ns;
	uint32_t ev_last_ticks;
	unsigned int ev_programs;
	unsigned int cs_reads;
	unsigned int irqs;
	/* PIC */
	uint32_t pending, rt, enabled;
	uint32_t slots_used;      /* cfg.pic_slots_lowest_free: slot n taken */
	uint8_t slot_line[32];    /* and the line it holds */
	/* UART */
	char out[SIM_UART_BYTES + 1];
	size_t out_len;
	unsigned int fifo_level;
	unsigned int uart_refused; /* try_putc() refusals in a row */
	const char *in;
} sim;

static uint32_t cs_read(const struct ck_clocksource *cs)
{
	unsigned __int128 t = (unsigned __int128)sim.now_ns * sim.cfg.clock_hz;

	(void)cs;
	sim.cs_reads++;
	return (uint32_t)((uint64_t)(t / 1000000000u) + sim.cfg.clock_start) &
	       sim.cfg.clock_mask;
}

static struct ck_clocksource sim_clock = { .name = "sim-clock",
					   .read = cs_read };

static void ev_set_next(const struct ck_clockevent *ev, uint32_t ticks)
{
	unsigned __int128 ns = (unsigned __int128)ticks * 1000000000u +
			       sim.cfg.event_hz - 1;

	(void)ev;
	if (!sim_rt_masked()) {
		fprintf(stderr, "sim: set_next() with RT unmasked\n");
		abort();
	}
	if (ticks < 1 || ticks > sim.cfg.event_max_ticks) {
		fprintf(stderr, "sim: set_next(%u) out of range\n", ticks);
		abort();
	}
	sim.ev_armed = true;
	sim.ev_deadline_ns = sim.now_ns + (uint64_t)(ns / sim.cfg.event_hz);
	sim.ev_last_ticks = ticks;
	sim.ev_programs++;
}

static void ev_ack(const struct ck_clockevent *ev)
{
	(void)ev;
	sim.pending &= ~(1u << SIM_TIMER_LINE);
}

static void ev_stop(const struct ck_clockevent *ev)
{
	(void)ev;
	sim.ev_armed = false;
}

static struct ck_clockevent sim_timer = { .name = "sim-timer",
					  .line = SIM_TIMER_LINE,
					  .set_next = ev_set_next,
					  .ack = ev_ack,
					  .stop = ev_stop };

/* The slot holding @line (cfg.pic_slots_lowest_free), or -1. */
static int slot_of(unsigned int line)
{
	for (int s = 0; s < 32; s++)
		if ((sim.slots_used & (1u << s)) && sim.slot_line[s] == line)
			return s;
	return -1;
}

/* The slot of a line is its number, as on the PL190, or with
 * cfg.pic_slots_lowest_free the lowest free one, as on the SH-4 INTC. */
static int pic_route_rt(const struct ck_pic *pic, unsigned int line)
{
	int slot;

	(void)pic;
	if (line >= SIM_NR_LINES)
		return -CK_EINVAL;
	if (!sim.cfg.pic_slots_lowest_free) {
		sim.rt |= 1u << line;
		return (int)line;
	}
	slot = slot_of(line);
	if (slot >= 0)
		return slot;
	if (sim.slots_used == 0xffffffffu)
		return -CK_EBUSY;
	slot = __builtin_ctz(~sim.slots_used);
	sim.slots_used |= 1u << slot;
	sim.slot_line[slot] = (uint8_t)line;
	sim.rt |= 1u << line;
	return slot;
}

static void pic_route_normal(const struct ck_pic *pic, unsigned int line)
{
	int slot;

	(void)pic;
	if (line >= SIM_NR_LINES)
		return;
	sim.rt &= ~(1u << line);
	slot = slot_of(line);
	if (slot >= 0)
		sim.slots_used &= ~(1u << slot);
}

static void pic_mask(const struct ck_pic *pic, unsigned int line)
{
	(void)pic;
	if (line < SIM_NR_LINES)
		sim.enabled &= ~(1u << line);
}

static void pic_unmask(const struct ck_pic *pic, unsigned int line)
{
	(void)pic;
	if (line < SIM_NR_LINES)
		sim.enabled |= 1u << line;
}

static int lowest_line(uint32_t set)
{
	return set ? __builtin_ctz(set) : -1;
}

static uint32_t pic_pending_rt(const struct ck_pic *pic)
{
	uint32_t lines = sim.pending & sim.rt & sim.enabled, slots = 0;

	(void)pic;
	if (!sim.cfg.pic_slots_lowest_free)
		return lines;
	for (int s = 0; s < 32; s++)
		if ((sim.slots_used & (1u << s)) && (lines & (1u << sim.slot_line[s])))
			slots |= 1u << s;
	return slots;
}

static int pic_next_normal(const struct ck_pic *pic, unsigned int from)
{
	(void)pic;
	if (from >= SIM_NR_LINES)
		return -1;
	return lowest_line(sim.pending & ~sim.rt & sim.enabled & (~0u << from));
}

static void pic_soft_raise(const struct ck_pic *pic, unsigned int line)
{
	(void)pic;
	sim_irq_raise(line);
}

static void pic_soft_clear(const struct ck_pic *pic, unsigned int line)
{
	(void)pic;
	sim_irq_clear(line);
}

static const struct ck_pic sim_pic = { .name = "sim-pic",
				       .nr_lines = SIM_NR_LINES,
				       .route_rt = pic_route_rt,
				       .route_normal = pic_route_normal,
				       .mask = pic_mask,
				       .unmask = pic_unmask,
				       .pending_rt = pic_pending_rt,
				       .next_normal = pic_next_normal,
				       .soft_raise = pic_soft_raise,
				       .soft_clear = pic_soft_clear };

/*
 * A full FIFO refuses bytes; with autodrain it empties after
 * SIM_UART_SPIN refusals in a row, i.e. for a caller that spins on it (a
 * caller that gives up at the first refusal sees it full).
 */
static int uart_try_putc(const struct ck_uart *uart, char c)
{
	(void)uart;
	if (sim.cfg.uart_fifo && sim.fifo_level >= sim.cfg.uart_fifo) {
		if (!sim.cfg.uart_autodrain || sim.uart_refused < SIM_UART_SPIN) {
			sim.uart_refused++;
			return -CK_EAGAIN;
		}
		sim.fifo_level = 0;
	}
	sim.uart_refused = 0;
	if (sim.out_len == SIM_UART_BYTES) {
		fprintf(stderr, "sim: UART capture full\n");
		abort();
	}
	sim.out[sim.out_len++] = c;
	sim.out[sim.out_len] = '\0';
	sim.fifo_level++;
	return 0;
}

static int uart_getc(const struct ck_uart *uart)
{
	(void)uart;
	if (!sim.in || !*sim.in)
		return -1;
	return (unsigned char)*sim.in++;
}

static const struct ck_uart sim_uart = { .name = "sim-uart",
					 .try_putc = uart_try_putc,
					 .getc = uart_getc };

const unsigned int sim_linux_lines[SIM_NR_LINUX_LINES] = { 2, 12, 20 };

struct ck_dev sim_devs[SIM_NR_DEVS] = {
	{ .name = "pic", .phys = 0x10140000u, .size = 0x1000 },
	{ .name = "uart", .phys = 0x101f1000u, .size = 0x1000 },
	{ .name = "shm", .phys = 0x07c00000u, .size = 0x100000 },
};

const struct ck_board sim_board = {
	.name = "sim",
	.cpu = "host",
	.devs = sim_devs,
	.nr_devs = SIM_NR_DEVS,
	.pic = &sim_pic,
	.clock = &sim_clock,
	.timer = &sim_timer,
	.uart = &sim_uart,
	.doorbell_line = SIM_DOORBELL_LINE,
	.uart_rx_line = SIM_UART_RX_LINE,
	.linux_lines = sim_linux_lines,
	.nr_linux_lines = SIM_NR_LINUX_LINES,
	.ram_base = 0,
	.ram_size = 0x08000000u,
	.ck_base = 0x07d00000u,           /* Linux's map: 0x87d00000 */
	.ck_size = 0x00300000u,
};

void sim_reset(const struct sim_config *cfg)
{
	memset(&sim, 0, sizeof(sim));
	if (cfg)
		sim.cfg = *cfg;
	if (!sim.cfg.clock_hz)
		sim.cfg.clock_hz = 1000000000u;
	if (!sim.cfg.clock_mask)
		sim.cfg.clock_mask = 0xffffffffu;
	if (!sim.cfg.event_hz)
		sim.cfg.event_hz = sim.cfg.clock_hz;
	if (!sim.cfg.event_max_ticks)
		sim.cfg.event_max_ticks = 0xffffffffu;
	if (!sim.cfg.event_min_period_ns)
		sim.cfg.event_min_period_ns = CK_TIMER_TICK_MAX_NS;
	sim_clock.hz = sim.cfg.clock_hz;
	sim_clock.mask = sim.cfg.clock_mask;
	sim_timer.hz = sim.cfg.event_hz;
	sim_timer.max_ticks = sim.cfg.event_max_ticks;
	sim_timer.gravity_ns = sim.cfg.event_gravity_ns;
	sim_timer.min_period_ns = sim.cfg.event_min_period_ns;
	for (unsigned int i = 0; i < SIM_NR_DEVS; i++)
		sim_devs[i].va = sim_devs[i].phys;
	sim_arch_reset();
	sim_log_reset();
	sim_mmio_reset();
}

void sim_boot(const struct sim_config *cfg)
{
	sim_reset(cfg);
	if (ck_core_init(&sim_board)) {
		console_drain();
		fprintf(stderr, "sim: ck_core_init() refused the board: %s\n",
			sim_uart_output());
		abort();
	}
}

int sim_setup(void **state)
{
	(void)state;
	sim_boot(NULL);
	return 0;
}

void sim_start(void)
{
	ck_start();
	arch_rt_unmask();   /* as the boot code does */
}

uint64_t sim_now(void)
{
	return sim.now_ns;
}

void sim_run_until(uint64_t abs_ns)
{
	while (sim.ev_armed && sim.ev_deadline_ns <= abs_ns) {
		if (sim.ev_deadline_ns > sim.now_ns)
			sim.now_ns = sim.ev_deadline_ns;
		sim.ev_armed = false;
		sim.pending |= 1u << SIM_TIMER_LINE;
		sim_take_irq();   /* may run other tasks, which move time on */
	}
	if (sim.now_ns < abs_ns)
		sim.now_ns = abs_ns;
}

void sim_time_pass(uint64_t ns)
{
	sim.now_ns += ns;
}

void sim_advance(uint64_t ns)
{
	sim_run_until(sim.now_ns + ns);
}

void sim_irq_raise(unsigned int line)
{
	sim.pending |= 1u << line;
	sim_take_irq();
}

void sim_irq_clear(unsigned int line)
{
	sim.pending &= ~(1u << line);
}

bool sim_pic_rt_pending(void)
{
	return (sim.pending & sim.rt & sim.enabled) != 0;
}

void sim_count_irq(void)
{
	sim.irqs++;
}

bool sim_pic_routed_rt(unsigned int line)
{
	return sim.rt & (1u << line);
}

bool sim_pic_unmasked(unsigned int line)
{
	return sim.enabled & (1u << line);
}

uint32_t sim_pic_rt_set(void)
{
	return sim.rt;
}

uint32_t sim_pic_unmasked_set(void)
{
	return sim.enabled;
}

bool sim_event_armed(void)
{
	return sim.ev_armed;
}

uint64_t sim_event_deadline(void)
{
	return sim.ev_deadline_ns;
}

uint32_t sim_event_last_ticks(void)
{
	return sim.ev_last_ticks;
}

unsigned int sim_event_programs(void)
{
	return sim.ev_programs;
}

unsigned int sim_clock_reads(void)
{
	return sim.cs_reads;
}

unsigned int sim_irq_count(void)
{
	return sim.irqs;
}

const char *sim_uart_output(void)
{
	return sim.out;
}

size_t sim_uart_len(void)
{
	return sim.out_len;
}

void sim_uart_clear(void)
{
	sim.out_len = 0;
	sim.out[0] = '\0';
	sim.fifo_level = 0;
}

void sim_uart_fifo_empty(void)
{
	sim.fifo_level = 0;
	sim.uart_refused = 0;
}

void sim_uart_input(const char *s)
{
	sim.in = s;
}

int sim_pic_slot(unsigned int line)
{
	if (line >= SIM_NR_LINES || !(sim.rt & (1u << line)))
		return -1;
	return sim.cfg.pic_slots_lowest_free ? slot_of(line) : (int)line;
}
