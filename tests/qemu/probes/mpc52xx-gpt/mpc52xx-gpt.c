/* SPDX-License-Identifier: MIT */
/*
 * mpc52xx-gpt - probe of the MPC5200B general purpose timers on lite5200b
 * (qemu/patches/0023), as Linux 6.1's mpc52xx_gpt.c and mpc52xx_restart()
 * drive them and as the co-kernel may use one as a timer:
 *  - reset: mode, count, pwm and status of GPT0-7 read 0;
 *  - internal timer (mode CE | MS = GPIO, count = prescale << 16 | period):
 *    a one-shot expiry sets status TEXP exactly prescale x period IPB
 *    cycles (132 MHz, 4 per time-base tick) after CE is set, for prescale
 *    1 and 4 and for prescale 0 (= 0x10000); it does not expire again;
 *  - TEXP is cleared by writing 1 to it and only so;
 *  - a read-modify-write of mode that keeps CE (Linux's irq mask/unmask)
 *    does not restart the period; writing count does, also after a
 *    one-shot expiry (Linux's mpc52xx_gpt_do_start: count, then mode);
 *  - continuous mode (ST): ten expiries in exactly ten periods; clearing
 *    CE stops it;
 *  - GPIO mode: status bit 8 follows mode bits 5-4 (11 high, 10 low, 0x
 *    input, the pin undriven reads 0); pwm reads back;
 *  - the interrupt: GPT3 reaches the PIC as main source 12 (enc_status)
 *    only while INTEN is set and TEXP is pending;
 *  - the GPT0 watchdog (mode 0x9004) serviced by writing 0xa5 to mode's
 *    top byte every half period survives, and the service byte reads 0;
 *    GPT1 with the same mode has no watchdog: it expires with TEXP;
 *  - the run ends with mpc52xx_restart()'s sequence on GPT0, which must
 *    reset the board (run-lite5200b checks QEMU's exit under -no-reboot).
 * Run under -icount shift=0,sleep=off: the windows are a few ticks wide.
 */
#include "lite5200b.h"

#define MODE_MS_IC	0x0001u
#define MODE_MS_GPIO	0x0004u
#define MODE_OUT_LOW	0x0020u
#define MODE_OUT_HIGH	0x0030u
#define MODE_IRQ_EN	0x0100u
#define MODE_CONT	0x0400u
#define MODE_CE		0x1000u
#define MODE_WDT	0x8000u
#define STATUS_TEXP	0x0008u
#define STATUS_PIN	0x0100u
#define ICTL_MAIN_MASK	0x14
#define ICTL_PER_MASK	0x00
#define ICTL_ENC	0x24

/* ticks from @t0 until TEXP of GPT @n sets, or ~0 after @limit ticks */
static uint32_t wait_texp(unsigned n, uint32_t t0, uint32_t limit)
{
	uint32_t t;

	do {
		t = tb_now();
		if (rd32(GPT_BASE(n) + GPT_STATUS) & STATUS_TEXP)
			return t - t0;
	} while (t - t0 < limit);
	return ~0u;
}

static void one_shot(unsigned n, uint32_t count, uint32_t ticks,
		     const char *what)
{
	uint32_t t0;

	wr32(GPT_BASE(n) + GPT_MODE, 0);
	wr32(GPT_BASE(n) + GPT_STATUS, 0xf);
	wr32(GPT_BASE(n) + GPT_COUNT, count);
	t0 = tb_now();
	wr32(GPT_BASE(n) + GPT_MODE, MODE_CE | MODE_MS_GPIO);
	check_range(what, wait_texp(n, t0, 4 * ticks), ticks, ticks + 10);
}

int main(void)
{
	uint32_t t0, t, v;
	unsigned n, i;

	console_init();
	probe_vectors_init();

	for (n = 0; n < 8; n++) {
		v = rd32(GPT_BASE(n) + GPT_MODE) | rd32(GPT_BASE(n) + GPT_COUNT) |
		    rd32(GPT_BASE(n) + GPT_PWM) | rd32(GPT_BASE(n) + GPT_STATUS);
		check("GPTn registers after reset", v, 0);
	}

	/* 13200 IPB cycles = 3300 ticks, however divided */
	one_shot(1, 1u << 16 | 13200, 3300, "one-shot prescale 1: ticks to TEXP");
	one_shot(2, 4u << 16 | 3300, 3300, "one-shot prescale 4: ticks to TEXP");
	one_shot(3, 0u << 16 | 1, 16384, "one-shot prescale 0 (0x10000): ticks to TEXP");

	/* TEXP latches, W1C, and the one-shot timer does not run on */
	wr32(GPT_BASE(1) + GPT_STATUS, 0x7);
	check("status after writing 0x7", rd32(GPT_BASE(1) + GPT_STATUS), STATUS_TEXP);
	wr32(GPT_BASE(1) + GPT_STATUS, STATUS_TEXP);
	check("status after writing TEXP", rd32(GPT_BASE(1) + GPT_STATUS), 0);
	tb_delay(7000);
	check("one-shot: status two periods later", rd32(GPT_BASE(1) + GPT_STATUS), 0);

	/* mode RMW keeping CE does not restart; a count write does */
	wr32(GPT_BASE(4) + GPT_COUNT, 1u << 16 | 13200);
	t0 = tb_now();
	wr32(GPT_BASE(4) + GPT_MODE, MODE_CE | MODE_MS_GPIO);
	tb_delay(1000);
	wr32(GPT_BASE(4) + GPT_MODE, rd32(GPT_BASE(4) + GPT_MODE) | MODE_IRQ_EN);
	check_range("mode RMW (IRQ_EN) while running: ticks to TEXP",
		    wait_texp(4, t0, 20000), 3300, 3310);
	/* expired, CE still set: Linux's next start writes count, then mode */
	wr32(GPT_BASE(4) + GPT_STATUS, 0xf);
	t0 = tb_now();
	wr32(GPT_BASE(4) + GPT_COUNT, 1u << 16 | 13200);
	wr32(GPT_BASE(4) + GPT_MODE, MODE_CE | MODE_MS_GPIO);
	check_range("count write after expiry, CE set: ticks to TEXP",
		    wait_texp(4, t0, 20000), 3300, 3310);
	wr32(GPT_BASE(4) + GPT_STATUS, 0xf);
	tb_delay(1000);
	t0 = tb_now();
	wr32(GPT_BASE(4) + GPT_COUNT, 1u << 16 | 13200);
	check_range("count write while running: ticks from it to TEXP",
		    wait_texp(4, t0, 20000), 3300, 3310);
	wr32(GPT_BASE(4) + GPT_MODE, 0);

	/* continuous: 10 periods of 1320 cycles (330 ticks) */
	wr32(GPT_BASE(5) + GPT_COUNT, 1u << 16 | 1320);
	t0 = tb_now();
	wr32(GPT_BASE(5) + GPT_MODE, MODE_CE | MODE_CONT | MODE_MS_GPIO);
	for (i = 0; i < 10; i++) {
		t = wait_texp(5, t0, 20000);
		wr32(GPT_BASE(5) + GPT_STATUS, STATUS_TEXP);
		if (t == ~0u)
			break;
	}
	check_range("continuous: ticks to the 10th TEXP", t, 3300, 3310);
	wr32(GPT_BASE(5) + GPT_MODE, MODE_CONT | MODE_MS_GPIO);
	wr32(GPT_BASE(5) + GPT_STATUS, STATUS_TEXP);
	tb_delay(1000);
	check("continuous: status after CE cleared", rd32(GPT_BASE(5) + GPT_STATUS), 0);

	/*
	 * the interrupt line (machine wiring, 0027): GPT3 is main source 12;
	 * the PIC's enc_status shows it (MSe flag and number, as Linux's
	 * mpc52xx_get_irq() decodes it) only with INTEN and TEXP
	 */
	wr32(ICTL_BASE + ICTL_MAIN_MASK, 0x00010fffu & ~(1u << (16 - 12)));
	wr32(GPT_BASE(3) + GPT_MODE, 0);
	wr32(GPT_BASE(3) + GPT_STATUS, 0xf);
	wr32(GPT_BASE(3) + GPT_COUNT, 1u << 16 | 1320);
	t0 = tb_now();
	wr32(GPT_BASE(3) + GPT_MODE, MODE_CE | MODE_MS_GPIO);
	wait_texp(3, t0, 20000);
	check("enc_status main, TEXP without INTEN",
	      rd32(ICTL_BASE + ICTL_ENC) >> 16 & 0x3f, 0);
	wr32(GPT_BASE(3) + GPT_MODE, rd32(GPT_BASE(3) + GPT_MODE) | MODE_IRQ_EN);
	check("enc_status main, TEXP with INTEN",
	      rd32(ICTL_BASE + ICTL_ENC) >> 16 & 0x3f, 0x20 | 12);
	wr32(GPT_BASE(3) + GPT_STATUS, STATUS_TEXP);
	check("enc_status main after TEXP cleared",
	      rd32(ICTL_BASE + ICTL_ENC) >> 16 & 0x3f, 0);
	wr32(GPT_BASE(3) + GPT_MODE, 0);
	wr32(ICTL_BASE + ICTL_MAIN_MASK, 0x0001ffffu);

	/* the pin in GPIO mode (Linux's gpiochip on gpt2/gpt3) */
	wr32(GPT_BASE(2) + GPT_MODE, MODE_MS_GPIO | MODE_OUT_HIGH);
	check("GPIO out high: status pin", rd32(GPT_BASE(2) + GPT_STATUS) & STATUS_PIN, STATUS_PIN);
	wr32(GPT_BASE(2) + GPT_MODE, MODE_MS_GPIO | MODE_OUT_LOW);
	check("GPIO out low: status pin", rd32(GPT_BASE(2) + GPT_STATUS) & STATUS_PIN, 0);
	wr32(GPT_BASE(2) + GPT_MODE, MODE_MS_GPIO);
	check("GPIO input: status pin", rd32(GPT_BASE(2) + GPT_STATUS) & STATUS_PIN, 0);
	wr32(GPT_BASE(6) + GPT_MODE, MODE_MS_IC);
	check("input capture, no edge: status", rd32(GPT_BASE(6) + GPT_STATUS), 0);
	wr32(GPT_BASE(7) + GPT_PWM, 0x12345678);
	check("pwm read back", rd32(GPT_BASE(7) + GPT_PWM), 0x12345678);

	/* GPT1 has no watchdog: WDEN | CE | GPIO just expires */
	wr32(GPT_BASE(1) + GPT_MODE, 0);
	wr32(GPT_BASE(1) + GPT_STATUS, 0xf);
	wr32(GPT_BASE(1) + GPT_COUNT, 1u << 16 | 13200);
	t0 = tb_now();
	wr32(GPT_BASE(1) + GPT_MODE, MODE_WDT | MODE_CE | MODE_MS_GPIO);
	check_range("GPT1 mode 0x9004: ticks to TEXP", wait_texp(1, t0, 20000), 3300, 3310);
	wr32(GPT_BASE(1) + GPT_MODE, 0);

	/* the GPT0 watchdog, 100 us, serviced every 50 us for 1 ms */
	wr32(GPT_BASE(0) + GPT_COUNT, 1u << 16 | 13200);
	wr32(GPT_BASE(0) + GPT_MODE, MODE_WDT | MODE_CE | MODE_MS_GPIO);
	for (i = 0; i < 20; i++) {
		tb_delay(1650);
		wr8(GPT_BASE(0) + GPT_MODE, 0xa5);
	}
	check("GPT0 mode after services", rd32(GPT_BASE(0) + GPT_MODE),
	      MODE_WDT | MODE_CE | MODE_MS_GPIO);
	wr32(GPT_BASE(0) + GPT_MODE, 0);
	check("GPT0 watchdog status", rd32(GPT_BASE(0) + GPT_STATUS), 0);

	probe_end("mpc52xx-gpt", "one-shot, prescale, continuous, W1C, GPIO, "
		  "watchdog service; reset by mpc52xx_restart's sequence");
}
