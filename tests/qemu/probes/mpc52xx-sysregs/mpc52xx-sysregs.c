/* SPDX-License-Identifier: MIT */
/*
 * mpc52xx-sysregs - probe of the MPC5200B register files on lite5200b
 * (qemu/patches/0025): what Linux 6.1 and U-Boot's clock code read there
 * and what Linux writes.
 *  - CDM: rstcfg decoded as U-Boot's get_clocks() does (SYS_XTAL 33 MHz:
 *    VCO 528 MHz, XLB 132 MHz, core 396 MHz) and the clock select word
 *    (IPB = XLB = 132 MHz, PCI = XLB / 4 = 33 MHz); rstcfg read-only;
 *    lite5200_fix_clock_config()'s writes (ext_48mhz_en, fd_enable,
 *    fd_counters 0x5555 since rstcfg bit 6 is clear) read back;
 *  - XLB arbiter: config, snoop window and the priorities as U-Boot leaves
 *    them; mpc5200_setup_xlb_arbiter()'s writes read back;
 *  - SDMA: mpc52xx_init_irq()'s IntPend = IntMask = ~0 leave IntPend 0
 *    (1 clears) and IntMask ~0; taskBar, PtdCntrl, tcr[], ipr[] read back;
 *  - GPIO: port_config 0x90000004 (PSC1 UART), lite5200_fix_port_config()'s
 *    read-modify-write reads back; simple_ival and wkup_ival read the
 *    levels driven on the pins set as outputs.
 */
#include "lite5200b.h"

#define XTAL_HZ		33000000u

int main(void)
{
	static const uint8_t bus2core[32] = {
		3, 2, 2, 2, 4, 4, 5, 9, 6, 11, 8, 10, 3, 12, 7, 0,
		6, 5, 13, 2, 14, 4, 15, 9, 0, 11, 8, 10, 16, 12, 7, 0
	};
	uint32_t rstcfg, cfg, vco, xlb, ipb, pci, core, pc;

	console_init();
	probe_vectors_init();

	/* CDM, as U-Boot's arch/powerpc/cpu/mpc5xxx/speed.c reads it */
	rstcfg = rd32(CDM_BASE + 0x04);
	vco = XTAL_HZ * (rstcfg & (1u << 6) ? 12 : 16);
	xlb = vco / (rstcfg & (1u << 5) ? 8 : 4);
	core = xlb / 2 * bus2core[rstcfg & 0x1f];
	cfg = rd32(CDM_BASE + 0x0c);
	ipb = cfg & (1u << 8) ? xlb / 2 : xlb;
	pci = (cfg & 3) == 0 ? ipb : (cfg & 3) == 1 ? ipb / 2 : xlb / 4;
	check("XLB Hz from rstcfg", xlb, 132000000);
	check("core Hz from rstcfg", core, 396000000);
	check("IPB Hz from the clock select word", ipb, 132000000);
	check("PCI Hz from the clock select word", pci, 33000000);
	check("time base Hz = XLB / 4", xlb / 4, TB_HZ);
	wr32(CDM_BASE + 0x04, ~rstcfg);
	check("rstcfg is read-only", rd32(CDM_BASE + 0x04), rstcfg);
	/* lite5200_fix_clock_config() */
	wr8(CDM_BASE + 0x10, 0x00);
	wr8(CDM_BASE + 0x11, 0x01);
	wr16(CDM_BASE + 0x12, rstcfg & 0x40 ? 0x0001 : 0x5555);
	check("CDM word at 0x10", rd32(CDM_BASE + 0x10), 0x00015555);
	wr16(CDM_BASE + 0x2a, 0x800f);
	check("mclken_div_psc1", rd16(CDM_BASE + 0x2a), 0x800f);
	check("pll_lock", rd8(CDM_BASE + 0x24), 1);

	/* XLB arbiter */
	check("XLB config (TBEN, snoop)", rd32(XLB_BASE + 0x40), 0x0000a000);
	check("XLB snoop window", rd32(XLB_BASE + 0x70), 0x0000001d);
	wr32(XLB_BASE + 0x64, 0xff);
	wr32(XLB_BASE + 0x68, 0x11111111);
	check("XLB master_pri_enable", rd32(XLB_BASE + 0x64), 0xff);
	check("XLB master_priority", rd32(XLB_BASE + 0x68), 0x11111111);

	/* SDMA, as mpc52xx_init_irq() and bcom_engine_init() write it */
	wr32(SDMA_BASE + 0x14, 0xffffffff);
	wr32(SDMA_BASE + 0x18, 0xffffffff);
	check("SDMA IntPend after writing ~0", rd32(SDMA_BASE + 0x14), 0);
	check("SDMA IntMask", rd32(SDMA_BASE + 0x18), 0xffffffff);
	wr32(SDMA_BASE + 0x00, 0xf0008000);
	check("SDMA taskBar", rd32(SDMA_BASE + 0x00), 0xf0008000);
	wr16(SDMA_BASE + 0x12, 0x0001);
	check("SDMA PtdCntrl", rd16(SDMA_BASE + 0x12), 0x0001);
	wr16(SDMA_BASE + 0x1c + 2 * 15, 0x8123);
	check("SDMA tcr[15]", rd16(SDMA_BASE + 0x1c + 2 * 15), 0x8123);
	wr8(SDMA_BASE + 0x3c + 31, 7);
	check("SDMA ipr[31]", rd8(SDMA_BASE + 0x3c + 31), 7);

	/* GPIO: lite5200_fix_port_config() */
	pc = rd32(GPIO_BASE + 0x00);
	check("port_config", pc, 0x90000004);
	pc &= ~0x00800000u;
	pc &= ~0x00007000u;
	pc |= 0x00001000u;
	pc &= ~0x03000000u;
	pc |= 0x01000000u;
	wr32(GPIO_BASE + 0x00, pc);
	check("port_config after fix_port_config", rd32(GPIO_BASE + 0x00),
	      0x91001004);
	wr32(GPIO_BASE + 0x04, 0x30000000);	/* simple_gpioe */
	wr32(GPIO_BASE + 0x0c, 0x30000000);	/* simple_ddr */
	wr32(GPIO_BASE + 0x10, 0x20000000);	/* simple_dvo */
	check("simple_ival", rd32(GPIO_BASE + 0x14), 0x20000000);
	wr8(GPIO_WKUP_BASE + 0x00, 0x30);
	wr8(GPIO_WKUP_BASE + 0x08, 0x30);
	wr8(GPIO_WKUP_BASE + 0x0c, 0x10);
	check("wkup_ival", rd8(GPIO_WKUP_BASE + 0x20), 0x10);

	probe_end("mpc52xx-sysregs", "CDM clocks XLB 132, core 396, IPB 132, "
		  "PCI 33 MHz; XLB, SDMA, GPIO as Linux writes them");
}
