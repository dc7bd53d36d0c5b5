/* SPDX-License-Identifier: MIT */
/*
 * bsp.h - the board contract: what bsp/<board>/board.c provides. A board is
 * data: the devices it has, their bases, lines and clocks, its memory map.
 */
#ifndef CK_BSP_H
#define CK_BSP_H

#include <stdint.h>
#include <ck/hw.h>

/* One MMIO window the co-kernel keeps using after Linux took the MMU. */
struct ck_mmio_window {
	const char *name;
	uint32_t phys;          /* physical base */
	uint32_t size;          /* bytes, page multiple */
	uintptr_t *va;          /* where the driver keeps its base; rewritten at hand-over */
	uint32_t phys_hi;       /* physical base bits 32+ (e500 CCSR at 0xF_E000_0000) */
};

struct ck_board {
	const char *name;                 /* "versatilepb" */
	const char *cpu;                  /* "ARM926EJ-S" */
	const struct ck_pic *pic;
	const struct ck_clocksource *clock;
	const struct ck_clockevent *timer;
	const struct ck_uart *uart;
	unsigned int doorbell_line;       /* normal-class soft line into Linux */
	/* PIC line of the console UART's receive interrupt, handed to Linux as
	 * CK_VIRQ_CONSOLE (normal class); -1: none, Linux polls for input */
	int uart_rx_line;
	const struct ck_mmio_window *mmio; /* NULL-name terminated */
	/* memory map (physical) */
	uint32_t ram_base, ram_size;
	uint32_t ck_base, ck_size;        /* co-kernel region (reserved, mapped by Linux) */
	uint32_t shm_base, shm_size;      /* IPC region (no-map, uncached) */
	/* Linux payload (physical) */
	uint32_t linux_kernel, linux_dtb, linux_initrd;
	uint32_t linux_machine_id;        /* r1 on ARM; 0 elsewhere */
	uint32_t linux_delay_ms;          /* RT-only run before Linux boots; 0 = 1000 */
};

/** The board this image was built for. */
extern const struct ck_board ck_board;

/** bsp_init() - bring up the board's devices (clocks, pinmux). Context: init, RT masked. */
void bsp_init(void);

#endif /* CK_BSP_H */
