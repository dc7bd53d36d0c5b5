// SPDX-License-Identifier: MIT
/*
 * board.c - at91sam9260ek (Atmel AT91SAM9260-EK): which devices, where, on
 * which lines, at which clock (AT91SAM9260 datasheet, Atmel 6221:
 * "Memories", "Peripherals" and the peripheral identifiers; the board's
 * clocks as AT91Bootstrap sets them; README.md beside this file).
 */
#include <stdbool.h>
#include <ck/bsp.h>
#include <ck/ck.h>
#include <drv/aic.h>
#include <drv/at91-dbgu.h>
#include <drv/at91-pmc.h>
#include <drv/at91-rtt.h>
#include <drv/at91-tc.h>

#define AIC_PA 0xfffff000u
#define DBGU_PA 0xfffff200u      /* the AIC's page, +0x200 */
#define TCB1_PA 0xfffdc000u      /* TC3-TC5 */
#define PMC_PA 0xfffffc00u       /* read and set once, before Linux */
#define RTT_PA 0xfffffd20u       /* its interrupts off once, before Linux */

/* AIC sources (peripheral identifiers) */
#define TC5_LINE 28u             /* TC block 1, channel 2: the RT event */
#define TCB1_IDS (7u << 26)      /* TC3-TC5: 26, 27, 28 */
/* ISI: no device tree node on the AT91SAM9260, nothing drives it in QEMU;
 * edge-triggered, raised with AIC_ISCR */
#define DOORBELL_LINE 22u
/* the test image's soft RT line (board.mk TEST_SOFT_RT_LINE), edge too */
#define SOFT_RT_LINE BOARD_TEST_SOFT_RT_LINE

/*
 * The EK's crystals: 18.432 MHz main oscillator, 32.768 kHz slow clock
 * (AT91SAM9260-EK user guide). MCK is read from the PMC as the loader
 * programmed it (at91_pmc_mck_hz()); AT91Bootstrap sets PLLA = 18.432 MHz
 * x 97 / 9 = 198.656 MHz (the processor clock) and MCK = PLLA / 2 =
 * 99.328 MHz, which QEMU's PMC has from reset (qemu/README.md, patch
 * 0014), and which stands when the PMC gives no clock. Both TC clocks
 * are TIMER_CLOCK1 = MCK/2.
 */
#define MAIN_HZ 18432000u
#define SLCK_HZ 32768u
#define MCK_HZ_DEFAULT 99328000ull
/* the clocksource's first wrap, BOARD_RT_CLOCK_FIRST_WRAP_MS after boot
 * (board.mk): within one 32-bit wrap at MCK/2 up to 133 MHz MCK */
_Static_assert(BOARD_RT_CLOCK_FIRST_WRAP_MS >= 1 && BOARD_RT_CLOCK_FIRST_WRAP_MS <= 64000,
	       "RT_CLOCK_FIRST_WRAP_MS: 1..64000 (board.mk)");

enum { DEV_AIC, DEV_TCB1, DEV_DBGU, DEV_SHM, NR_DEVS };

/* The device table (ck/bsp.h): va is the boot mapping until the hand-over.
 * The AIC and the DBGU share a page: two windows of their own size. */
static struct ck_dev devs[NR_DEVS] = {
	[DEV_AIC] = { .name = "aic", .phys = AIC_PA, .size = 0x200 },
	[DEV_TCB1] = { .name = "tcb1", .phys = TCB1_PA, .size = 0x1000 },
	[DEV_DBGU] = { .name = "dbgu", .phys = DBGU_PA, .size = 0x200 },
	[DEV_SHM] = { .name = "shm", .phys = BOARD_SHM_PA, .size = BOARD_SHM_SIZE },
};

static const struct ck_pic aic = {
	.name = "aic",
	.dev = &devs[DEV_AIC],
	AIC_PIC_OPS,
};

static const struct ck_dev pmc = { .name = "pmc", .phys = PMC_PA, .size = 0x100,
				   .va = PMC_PA };
static const struct ck_dev rtt = { .name = "rtt", .phys = RTT_PA, .size = 0x10,
				   .va = RTT_PA };

/* .hz: MCK/2, from the PMC at bsp_init() */
static struct ck_clocksource clock = {
	.name = "tc3+tc4",
	.dev = &devs[DEV_TCB1],
	AT91_TC_CLOCK_OPS,
};

static struct ck_clockevent timer = {
	.name = "tc5",
	.dev = &devs[DEV_TCB1],
	AT91_TC_EVENT_OPS,
	.line = TC5_LINE,
	.gravity_ns = BOARD_TIMER_GRAVITY_NS,
	/* the RT entry, timer to task, is a few hundred instructions (make
	 * bench on versatilepb, the same core): a few us on a 198 MHz
	 * ARM926EJ-S with its cache misses */
	.min_period_ns = 10000,
};

static const struct ck_uart dbgu = {
	.name = "dbgu",
	.dev = &devs[DEV_DBGU],
	AT91_DBGU_UART_OPS,
};

/* MCK, and whether the PMC gave it (else MCK_HZ_DEFAULT stands) */
static uint64_t mck_hz;
static bool mck_from_pmc;

static void report(void)
{
	ck_printf("clocks: MCK %llu Hz (%s), TC3-TC5 at MCK/2",
		  (unsigned long long)mck_hz,
		  mck_from_pmc ? "PMC" : "no clock from the PMC: board default");
}

const struct ck_board ck_board = {
	.name = "at91sam9260ek",
	.cpu = "AT91SAM9260",
	.devs = devs,
	.nr_devs = NR_DEVS,
	.pic = &aic,
	.clock = &clock,
	.timer = &timer,
	.uart = &dbgu,
	.doorbell_line = DOORBELL_LINE,
	/* -1: Linux polls the console (hvc); the DBGU's interrupts stay off
	 * at the device, as it shares the SYS line with Linux's PIT */
	.uart_rx_line = -1,
	.shm = &devs[DEV_SHM],
	CK_BOARD_MAP_FROM_MK,
	CK_BOARD_LINUX_LINES_FROM_MK,
	.linux_delay_ms = 1500,   /* 1 Hz reporters get a line out first */
	.report = report,
};

/*
 * Before Linux every window is identity-mapped, strongly ordered (arm926
 * start.S maps the top MiB, which holds them all, TC block 1 and the PMC
 * included). The peripheral clocks of TC3-TC5 are switched on (the loader
 * leaves them off): once, before Linux, whose clock driver must then
 * leave them on (README.md). The RTT's interrupts go off, as Linux's own
 * AIC driver would do (drv/at91-rtt.h).
 */
void bsp_init(void)
{
	uint64_t first_wrap;
	unsigned int i;

	for (i = 0; i < NR_DEVS; i++)
		devs[i].va = devs[i].phys;
	mck_hz = at91_pmc_mck_hz(&pmc, MAIN_HZ, SLCK_HZ);
	mck_from_pmc = mck_hz != 0;
	if (!mck_from_pmc)
		mck_hz = MCK_HZ_DEFAULT;
	clock.hz = mck_hz / 2u;
	timer.hz = mck_hz / 2u;
	first_wrap = clock.hz * BOARD_RT_CLOCK_FIRST_WRAP_MS / 1000u;
	at91_pmc_clocks_on(&pmc, TCB1_IDS);
	aic_init(&aic, 1u << DOORBELL_LINE | 1u << SOFT_RT_LINE);
	at91_rtt_irqs_off(&rtt);          /* on the SYS line Linux takes */
	at91_tc_init(&devs[DEV_TCB1], first_wrap > UINT32_MAX ? UINT32_MAX
							      : (uint32_t)first_wrap);
	at91_dbgu_init(&dbgu);
}
