// SPDX-License-Identifier: MIT
/*
 * board.c - r2d (Renesas R2D-PLUS, SH7751R): which devices, where, on which
 * lines, at which clock (QEMU 7.2 hw/sh4/r2d.c and sh7750.c; SH7751R
 * hardware manual; README.md beside this file).
 */
#include <ck/bsp.h>
#include <arch/mmio.h>
#include <arch/sh4.h>
#include <drv/scif.h>
#include <drv/sh-intc.h>
#include <drv/sh-tmu.h>

#define INTC_PA 0xffd00000u      /* IPRA-IPRD at +4.. */
#define INTPRI_PA 0xfe080000u    /* INTPRI00, INTMSK00, INTMSKCLR00 */
#define TMU012_PA 0xffd80000u
#define TMU34_PA 0xfe100000u
#define SCIF_PA 0xffe80000u      /* QEMU serial_hd(1) */
#define FPGA_PA 0x04000000u      /* IRLMSK at +0 (16 bit) */
#define FPGA_IRLMSK 0x00u

#define TMU3_LINE 0xb00u         /* INTEVT codes: drv/sh-intc.h */
/* Linux's sources: below the RT level 15, so Linux's IMASK-14 ceiling
 * masks every one of them */
#define LINUX_LEVEL 14u

/* Pphi is 60 MHz (QEMU sh7750.c; R2D-PLUS: 240 MHz CPU, 60 MHz
 * peripheral clock); the TMU counts at Pphi/4 (TPSC = 0). */
#define RT_CLOCK_HZ 15000000ull
/* TMU2's first wrap, BOARD_RT_CLOCK_FIRST_WRAP_MS after boot (board.mk) */
#define RT_CLOCK_FIRST_WRAP_TICKS (RT_CLOCK_HZ * BOARD_RT_CLOCK_FIRST_WRAP_MS / 1000u)
_Static_assert(RT_CLOCK_FIRST_WRAP_TICKS >= 1u && RT_CLOCK_FIRST_WRAP_TICKS <= 0xffffffffu,
	       "RT_CLOCK_FIRST_WRAP_MS: 1..286331 (board.mk)");

enum { DEV_INTC, DEV_INTPRI, DEV_TMU012, DEV_TMU34, DEV_SCIF, DEV_FPGA,
       DEV_SHM, NR_DEVS };

/* The device table (ck/bsp.h). P4 registers are reached at their physical
 * address, untranslated in every address space; the FPGA and the IPC
 * region through P2 (uncached): the same addresses before and after Linux,
 * so nothing is mapped; the guest page lists the IPC region alone
 * (ck_board.devs below). */
static struct ck_dev devs[NR_DEVS] = {
	[DEV_INTC] = { .name = "intc", .phys = INTC_PA, .size = 0x1000 },
	[DEV_INTPRI] = { .name = "intc-intpri", .phys = INTPRI_PA, .size = 0x1000 },
	[DEV_TMU012] = { .name = "tmu012", .phys = TMU012_PA, .size = 0x1000 },
	[DEV_TMU34] = { .name = "tmu34", .phys = TMU34_PA, .size = 0x1000 },
	[DEV_SCIF] = { .name = "scif", .phys = SCIF_PA, .size = 0x1000 },
	[DEV_FPGA] = { .name = "fpga", .phys = FPGA_PA, .size = 0x1000 },
	[DEV_SHM] = { .name = "shm", .phys = BOARD_SHM_PA, .size = BOARD_SHM_SIZE },
};

/*
 * The PCI INTx lines the FPGA's IRL encoder may pass to the CPU: the SH7751R
 * PCI host's slot n raises INTA+n (QEMU hw/pci-host/sh_pci.c
 * sh_pci_map_irq; Linux fixups-rts7751r2d.c), which the FPGA encodes on
 * IRL 9, 10 and 3 (levels 6, 5, 12), enabled by IRLMSK bits 14, 13, 12
 * (QEMU hw/sh4/r2d.c irqtab; Linux mach-r2d/irq.c irl2irq_r2d_plus,
 * mask_registers_r2d_plus). Not INTD: IRL 0 is level 15, the RT class.
 * Linux owns those of them board.mk's LINUX_IRQ_LINES lists (INTC, 0x260:
 * QEMU's NIC in slot 2); the others stay off.
 */
static const struct sh_intc_irl pci_intx[] = {
	{ .code = 0x320, .enable_bit = 1u << 14 },  /* INTA */
	{ .code = 0x340, .enable_bit = 1u << 13 },  /* INTB */
	{ .code = 0x260, .enable_bit = 1u << 12 },  /* INTC */
};

static struct sh_intc_priv intc_priv = {
	.intpri = &devs[DEV_INTPRI],
	.soft_tmu = &devs[DEV_TMU34],
	.normal_level = LINUX_LEVEL,
	.irl_enc = &devs[DEV_FPGA],
	.irl_enable_reg = FPGA_IRLMSK,
	.irl = pci_intx,
	.nr_irl = sizeof(pci_intx) / sizeof(pci_intx[0]),
};

static const struct ck_pic intc = {
	.name = "sh7751r-intc",
	.dev = &devs[DEV_INTC],
	.priv = &intc_priv,
	SH_INTC_PIC_OPS,
};

static const struct ck_clocksource clock = {
	.name = "tmu2",
	.dev = &devs[DEV_TMU012],
	SH_TMU_CLOCK_OPS,
	.hz = RT_CLOCK_HZ,
};

static const struct ck_clockevent timer = {
	.name = "tmu3",
	.dev = &devs[DEV_TMU34],
	SH_TMU_EVENT_OPS,
	.line = TMU3_LINE,
	.hz = RT_CLOCK_HZ,
	.gravity_ns = BOARD_TIMER_GRAVITY_NS,
	/* the RT entry, timer to task, is a few hundred instructions (make
	 * bench): a few us on a 240 MHz SH7751R with its cache misses */
	.min_period_ns = 20000,
};

static const struct ck_uart scif = {
	.name = "scif",
	.dev = &devs[DEV_SCIF],
	SCIF_UART_OPS,
};

const struct ck_board ck_board = {
	.name = "r2d",
	.cpu = "SH7751R",
	/* Linux maps nothing: P4 and P2 are untranslated in every address
	 * space. The guest page lists one window, the IPC region
	 * (CK_MMIO_SHM), which Linux's driver turns into the UIO device
	 * cokernel-shm at its P2 address (linux-guest/drivers/cokernel/sh.c):
	 * attach checks that address and keeps it, the one bsp_init() set */
	.devs = &devs[DEV_SHM],
	.nr_devs = 1,
	.pic = &intc,
	.clock = &clock,
	.timer = &timer,
	.uart = &scif,
	.doorbell_line = SH_INTC_SOFT_LINE,  /* TMU4, raised by a one-tick count */
	/* -1: Linux polls (hvc, a 10 ms timer). A level-14 SCIF RXI would reach Linux as
	 * INTEVT 0x720 straight from VBR+0x600, which Linux's vPIC domain does
	 * not map (only virq_hw[] codes and the soft vIRQs behind TMU4), and
	 * the line would stay asserted: not until that route exists. */
	.uart_rx_line = -1,
	.shm = &devs[DEV_SHM],
	CK_BOARD_MAP_FROM_MK,
	CK_BOARD_LINUX_LINES_FROM_MK,
	.linux_delay_ms = 1500,   /* 1 Hz reporters get a line out first */
};

/*
 * P4 windows at their physical address, the rest through P2. The FPGA's
 * IRLMSK enables an external source with a 1 (QEMU r2d.c update_irl());
 * all 0 keeps every IRL request off the CPU, PCI INTD's included, which
 * the FPGA encodes as IRL level 15, the RT level. From then on only the
 * INTC driver sets bits, those of pci_intx[] that Linux unmasks.
 */
void bsp_init(void)
{
	unsigned int i;

	for (i = 0; i < NR_DEVS; i++)
		devs[i].va = devs[i].phys >= 0xe0000000u ? devs[i].phys
							 : SH4_P2(devs[i].phys);
	mmio_write16(devs[DEV_FPGA].va + FPGA_IRLMSK, 0);
	sh_intc_init(&intc);
	sh_tmu_init(&devs[DEV_TMU012], &devs[DEV_TMU34],
		    (uint32_t)RT_CLOCK_FIRST_WRAP_TICKS);
	scif_init(&scif);
}
