/* SPDX-License-Identifier: MIT */
/*
 * bsp.h - the board contract: what bsp/<board>/board.c provides. A board is
 * data: its device table (name, physical window, current mapping), the
 * device instances (driver ops, device, lines, clocks), the lines Linux
 * owns, its memory map. SoC data two boards share is a file both build
 * (bsp/common/).
 */
#ifndef CK_BSP_H
#define CK_BSP_H

#include <stdint.h>
#include <ck/hw.h>

struct ck_board {
	const char *name;                 /* "versatilepb" */
	const char *cpu;                  /* "ARM926EJ-S" */
	/*
	 * The device table: every window the co-kernel keeps using after
	 * Linux took the MMU (device registers and the IPC region). The
	 * device instances below point into it; the hand-over rewrites its
	 * va fields, nothing else (core/guest.c).
	 */
	struct ck_dev *devs;
	unsigned int nr_devs;
	const struct ck_pic *pic;
	const struct ck_clocksource *clock;
	const struct ck_clockevent *timer;
	const struct ck_uart *uart;
	unsigned int doorbell_line;       /* normal-class soft line into Linux */
	/* PIC line of the console UART's receive interrupt, handed to Linux as
	 * the console vIRQ (normal class); -1: none, Linux polls for input */
	int uart_rx_line;
	/*
	 * The hardware lines Linux owns, in vIRQ order: vIRQ n is PIC line
	 * linux_lines[n]; the co-kernel's soft vIRQs follow them
	 * (ipc/ck_guest.h). Linux can never mask, unmask or be handed any
	 * other line. Each must be < pic->nr_lines and not a co-kernel line
	 * (else the vPIC gives Linux none, and says so at boot). Board data
	 * from board.mk LINUX_IRQ_LINES: CK_BOARD_LINUX_LINES_FROM_MK.
	 */
	const unsigned int *linux_lines;
	unsigned int nr_linux_lines;
	/* memory map (physical) */
	uint32_t ram_base, ram_size;
	uint32_t ck_base, ck_size;        /* co-kernel region (reserved, mapped by Linux) */
	uint32_t shm_base, shm_size;      /* IPC region (no-map, uncached) */
	struct ck_dev *shm;               /* its devs[] entry, or NULL */
	/* Linux payload (physical) */
	uint32_t linux_kernel, linux_dtb, linux_initrd;
	uint32_t linux_machine_id;        /* r1 on ARM; 0 elsewhere */
	uint32_t linux_delay_ms;          /* RT-only run before Linux boots; 0 = 1000 */
	/* RAM Linux never maps (its DT: reserved-memory no-map) holding the
	 * pristine copy of the payload that Linux restarts from
	 * (core/restart.c); 0 size: no restart */
	uint32_t pristine_base, pristine_size;
	/* optional: print what bsp_init() found (e.g. clocks from the DTB);
	 * called once the console runs. Context: init. */
	void (*report)(void);
};

/*
 * The ck_board memory-map and payload fields from board.mk's BOARD_MAP_VARS
 * (-DBOARD_<name>), for a board.mk that defines them all.
 */
#define CK_BOARD_MAP_FROM_MK                                            \
	.ram_base = BOARD_RAM_PA, .ram_size = BOARD_RAM_SIZE,           \
	.ck_base = BOARD_CK_REGION_PA, .ck_size = BOARD_CK_REGION_SIZE, \
	.shm_base = BOARD_SHM_PA, .shm_size = BOARD_SHM_SIZE,           \
	.linux_kernel = BOARD_LINUX_KERNEL_PA,                          \
	.linux_dtb = BOARD_LINUX_DTB_PA,                                \
	.linux_initrd = BOARD_LINUX_INITRD_PA,                          \
	.linux_machine_id = BOARD_LINUX_MACHINE_ID,                     \
	CK_BOARD_PRISTINE_FROM_MK

#ifdef BOARD_PRISTINE_PA
#define CK_BOARD_PRISTINE_FROM_MK                                       \
	.pristine_base = BOARD_PRISTINE_PA, .pristine_size = BOARD_PRISTINE_SIZE
#else
#define CK_BOARD_PRISTINE_FROM_MK .pristine_base = 0, .pristine_size = 0
#endif

/* The lines Linux owns, from board.mk's LINUX_IRQ_LINES (mk/virq.mk). */
#define CK_BOARD_LINUX_LINES_FROM_MK                                    \
	.linux_lines = (const unsigned int[]){ BOARD_LINUX_IRQ_LIST 0 }, \
	.nr_linux_lines = BOARD_NR_LINUX_IRQ_LINES

/** The board this image was built for. */
extern const struct ck_board ck_board;

/**
 * ck_dtb_timebase_hz() - "timebase-frequency" of the first cpu node under
 * /cpus of the flattened device tree at @fdt (ePAPR 1.1 §3.7.1; QEMU
 * hw/ppc/e500.c writes it).
 * Return: Hz (a 1- or 2-cell value), or 0 if @fdt is NULL, not a valid
 * tree, or lacks it. Context: init.
 */
uint64_t ck_dtb_timebase_hz(const void *fdt);

/**
 * ck_dtb_compatible_num() - property @prop (1 or 2 cells) of the first
 * node compatible with @compatible in the tree at @fdt.
 * Return: its value, or 0 (no tree, no such node or property, another
 * size). Context: init.
 */
uint64_t ck_dtb_compatible_num(const void *fdt, const char *compatible,
			       const char *prop);

/** bsp_init() - bring up the board's devices (clocks, pinmux). Context: init, RT masked. */
void bsp_init(void);

#endif /* CK_BSP_H */
