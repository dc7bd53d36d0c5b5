// SPDX-License-Identifier: MIT
/*
 * arch.c - SH-4 hooks of ck/arch.h written in C: RT-class (IMASK) enable,
 * initial task frames, sleep, the P1 linear map, exceptions the co-kernel
 * handles itself (an RT task's fault, anything else reported), and the
 * hand-over to Linux (zero page, command line, virq_hw[]).
 */
#include <stdint.h>
#include <ck/arch.h>
#include <ck/bsp.h>
#include <ck/console.h>
#include <ck/fault.h>
#include <ck/guest.h>
#include "ck_guest.h"
#include <arch/ctx.h>
#include <arch/mmio.h>
#include <arch/sh4.h>

_Static_assert(CTX_WORDS <= CK_ARCH_CTX_WORDS, "SH-4 frame fits ck_arch_ctx");

/* entry.S / start.S */
extern struct ck_task *sh4_root_task;
extern uint32_t sh4_exc_vector;
extern struct ck_arch_ctx sh4_exc_frame;
extern uint32_t sh4_rt_stack_limit[], sh4_rt_stack_top[];
struct ck_arch_ctx *arch_exception(void);

/* Root at IMASK 14: level 15 (the RT class) accepted, nothing else. The
 * root task is known from here on: VBR+0x100/0x400 tell its exceptions
 * (Linux's, once it runs) from an RT task's by it. */
void arch_rt_unmask(void)
{
	sh4_root_task = ck_current();
	arch_rt_restore(SR_IMASK_RT_LIVE);
}

/* A new task: privileged, bank 0, BL = 0, FPU off, IMASK 14; its first
 * argument in r4 (SH calling convention), its stack in r15. */
void arch_ctx_init(struct ck_arch_ctx *ctx, void (*tramp)(void *), void *arg0,
		   void *stack_top)
{
	unsigned int i;

	for (i = 0; i < CK_ARCH_CTX_WORDS; i++)
		ctx->w[i] = 0;
	ctx->w[CTX_R4] = (uintptr_t)arg0;
	ctx->w[CTX_R15] = (uintptr_t)stack_top;
	ctx->w[CTX_PC] = (uintptr_t)tramp;
	ctx->w[CTX_SR] = SR_RT_TASK;
}

/* `sleep` (hardware manual §9, sleep mode): the CPU stops until an
 * interrupt it accepts at the current IMASK, i.e. an RT one. */
void arch_wait_for_interrupt(void)
{
	__asm__ volatile("sleep" : : : "memory");
}

/* The literal the entry's `jsr` loads (entry.S): a data word, read
 * through the operand cache, so a store is all it takes. */
extern struct ck_task *(*volatile sh4_rt_handler)(void);

void arch_rt_handler_set(struct ck_task *(*handler)(void))
{
	sh4_rt_handler = handler;
}

void arch_cpu_relax(void)
{
	__asm__ volatile("" : : : "memory");
}

/* SDRAM through P1, as the co-kernel links itself (cokernel.lds). */
void *arch_phys_to_virt(uint32_t pa)
{
	return (void *)(uintptr_t)SH4_P1(pa);
}

volatile uint32_t *arch_rt_stack_limit(void)
{
	return sh4_rt_stack_limit;
}

uintptr_t arch_ctx_pc(const struct ck_arch_ctx *ctx)
{
	return ctx->w[CTX_PC];
}

/*
 * arch_prepare_linux() - what Linux reads from the guest page on SH-4
 * besides the portable fields: virq_hw[], the INTEVT code of each hardware
 * vIRQ (the board's LINUX_IRQ_LINES, which on r2d are INTEVT codes), from
 * which Linux takes its own IRQ numbers (evt2irq()). The payload is used
 * where it was loaded; the operand cache is written back and the
 * instruction cache invalidated (arch_guest_quiesce()). Return: 0, or
 * -CK_EINVAL (more lines than virq_hw[] holds; said on the console).
 * Context: root before Linux, RT live.
 */
int arch_prepare_linux(uint32_t kernel_pa, uint32_t dtb_pa)
{
	const struct ck_board *b = &ck_board;
	unsigned int n;

	(void)kernel_pa;
	(void)dtb_pa;
	if (b->nr_linux_lines > CK_GUEST_MAX_HW) {
		ck_printf("Linux: %u hardware lines, the guest page holds %u: not started",
			  b->nr_linux_lines, (unsigned int)CK_GUEST_MAX_HW);
		return -CK_EINVAL;
	}
	for (n = 0; n < CK_GUEST_MAX_HW; n++)
		ck_guest_page.virq_hw[n] = n < b->nr_linux_lines ? b->linux_lines[n] : 0;
	/* a restart's payload came through P1: to memory, and out of the
	 * I-cache, here while RT runs rather than in arch_boot_linux()'s
	 * RT-masked stretch (the flush masks RT only over its CCR write) */
	arch_guest_quiesce();
	return 0;
}

static void raw_word(const struct ck_uart *u, const char *name, uint32_t v)
{
	console_raw_puts(u, name);
	console_raw_puthex(u, v);
}

/*
 * fatal() - an exception the co-kernel cannot contain: print it on the
 * UART directly (the console ring may be what broke) and stop, RT masked.
 * Context: exc_save (entry.S), RT stack.
 */
static void __attribute__((noreturn)) fatal(uint32_t vec, uint32_t code)
{
	const struct ck_uart *u = ck_board.uart;
	const struct ck_arch_ctx *f = &sh4_exc_frame;

	if (u) {
		console_raw_puts(u, "\r\n[ck] FATAL ");
		console_raw_puts(u, vec == 6 ? "interrupt INTEVT=" : "exception EXPEVT=");
		console_raw_puthex(u, code);
		raw_word(u, " spc=", (uint32_t)f->w[CTX_PC]);
		raw_word(u, " ssr=", (uint32_t)f->w[CTX_SR]);
		raw_word(u, " pr=", (uint32_t)f->w[CTX_PR]);
		raw_word(u, " r15=", (uint32_t)f->w[CTX_R15]);
		raw_word(u, " tea=", mmio_read32(SH4_TEA));
		console_raw_puts(u, "\r\n");
	}
	for (;;)
		arch_wait_for_interrupt();
}

/* EXPEVT (hardware manual §5.4 table 5.1) as a CK_FAULT_* kind. */
static uint32_t fault_kind(uint32_t expevt, uint32_t pc, uint32_t tea)
{
	switch (expevt) {
	case EXPEVT_ITLB_MISS:
	case EXPEVT_TLB_PROT_READ:
		return tea == pc ? CK_FAULT_PREFETCH : CK_FAULT_DATA;
	case EXPEVT_TLB_MISS_WRITE:
	case EXPEVT_TLB_INITIAL_WRITE:
	case EXPEVT_TLB_PROT_WRITE:
		return CK_FAULT_DATA;
	case EXPEVT_ADDR_ERR_READ:
		return tea == pc ? CK_FAULT_PREFETCH : CK_FAULT_ALIGN;
	case EXPEVT_ADDR_ERR_WRITE:
		return CK_FAULT_ALIGN;
	case EXPEVT_ILLEGAL:
	case EXPEVT_SLOT_ILLEGAL:
		return CK_FAULT_UNDEF;
	default:        /* trapa (__builtin_trap), FPU disabled, ... */
		return CK_FAULT_PROGRAM;
	}
}

/*
 * arch_exception() - C half of exc_save (entry.S): the exception (vector
 * sh4_exc_vector: 1 general, 4 TLB miss, 6 an interrupt not routed to the
 * RT class) with the context in sh4_exc_frame. An RT task's fault is
 * contained: its frame becomes the task's, fault_task() suspends it.
 * Anything else (the root before Linux, the RT entry's own C code, whose
 * stack is the RT stack) is reported and stops.
 * Return: the frame to resume. Context: RT stack, bank 0, RT masked.
 */
struct ck_arch_ctx *arch_exception(void)
{
	uint32_t vec = sh4_exc_vector;
	struct ck_task *t = ck_current();
	struct ck_task *next;
	uint32_t sp = (uint32_t)sh4_exc_frame.w[CTX_R15];
	uint32_t expevt, pc, tea;

	if (vec == 6)
		fatal(vec, mmio_read32(SH4_INTEVT));
	expevt = mmio_read32(SH4_EXPEVT);
	if (!t || t == sh4_root_task ||
	    (sp > (uint32_t)(uintptr_t)sh4_rt_stack_limit &&
	     sp <= (uint32_t)(uintptr_t)sh4_rt_stack_top))
		fatal(vec, expevt);
	pc = (uint32_t)sh4_exc_frame.w[CTX_PC];
	tea = mmio_read32(SH4_TEA);
	t->ctx = sh4_exc_frame;
	next = fault_task(fault_kind(expevt, pc, tea), pc, tea, expevt);
	if (!next)
		fatal(vec, expevt);
	return &next->ctx;
}

/*
 * abort() - what GCC's SH back end calls for __builtin_trap() (it has no
 * trap instruction pattern): `trapa` (hardware manual §5.4, EXPEVT 0x160)
 * enters the exception path, which suspends an RT task (ck_assert()) or
 * stops the co-kernel with a report. Context: any. Does not return.
 */
void abort(void) __attribute__((noreturn));
void abort(void)
{
	for (;;)
		__asm__ volatile("trapa #0x3f" : : : "memory");
}

/*
 * The zero page Linux reads its boot parameters from (Linux 6.1
 * arch/sh/include/asm/setup.h; QEMU hw/sh4/r2d.c writes the same): words
 * at +0x000 MOUNT_ROOT_RDONLY, +0x004 RAMDISK_FLAGS, +0x008 ORIG_ROOT_DEV,
 * +0x00c LOADER_TYPE, +0x010 INITRD_START (from the start of RAM),
 * +0x014 INITRD_SIZE; the command line at +0x100, COMMAND_LINE_SIZE 256
 * (arch/sh/include/uapi/asm/setup.h).
 */
#define ZP_MOUNT_ROOT_RDONLY 0x000u
#define ZP_LOADER_TYPE 0x00cu
#define ZP_INITRD_START 0x010u
#define ZP_INITRD_SIZE 0x014u
#define ZP_CMDLINE 0x100u
#define ZP_CMDLINE_BYTES 256u
/* without a loader's command line: the co-kernel's console (hvc) */
#define LINUX_CMDLINE_DEFAULT "console=hvc0 noiotrap"

extern const char __ck_linux_initrd_bytes[];

/* The loader's command line at @zp + 0x100 (QEMU's -append), if it is a
 * NUL-terminated string that leaves room for ours; else the default. */
static const char *loader_cmdline(const char *zp, size_t room)
{
	size_t n;

	for (n = 0; n < room; n++)
		if (!zp[ZP_CMDLINE + n])
			break;
	if (n == 0)
		return LINUX_CMDLINE_DEFAULT;
	if (n == room) {
		ck_printf("Linux: the loader's command line leaves no room for "
			  "cokernel.page=: using \"%s\"", LINUX_CMDLINE_DEFAULT);
		return LINUX_CMDLINE_DEFAULT;
	}
	return zp + ZP_CMDLINE;
}

/*
 * arch_boot_linux() - write Linux's zero page at BOARD_LINUX_ZERO_PAGE_PA
 * (through P2: no dirty cache line of Linux's RAM is left behind) with the
 * command line + " cokernel.page=0x<PA of the guest page>", and enter the
 * kernel at @kernel_pa through P1 (its _stext), r4 = 0 (no device tree).
 * Linux's head_32.S sets SR, r15 and its globals itself; VBR stays the
 * co-kernel's, which forwards Linux's events once Linux has written its
 * vbr_base into the guest page (entry.S fwd_install). The caches stay on:
 * Linux flushes and reprograms them (cache_init()). Context: root before
 * Linux, RT masked, the RT timer stopped. Does not return.
 */
void arch_boot_linux(uint32_t kernel_pa, uint32_t dtb_pa, uint32_t machine_id)
{
	static char line[ZP_CMDLINE_BYTES];
	char *zp = (char *)(uintptr_t)SH4_P2(BOARD_LINUX_ZERO_PAGE_PA);
	uint32_t initrd_bytes, page_pa;
	const char *from;
	size_t n;

	(void)dtb_pa;
	(void)machine_id;
	page_pa = (uint32_t)(uintptr_t)&ck_guest_page & 0x1fffffffu;
	/* " cokernel.page=0x" + 8 digits + NUL; the loader's line is read at
	 * the first entry only: a restart finds the zero page Linux used
	 * (its ZERO_PAGE, cleared) */
	if (!line[0]) {
		from = loader_cmdline(zp, ZP_CMDLINE_BYTES - 26u);
		ck_snprintf(line, sizeof(line), "%s cokernel.page=0x%08x", from,
			    (unsigned int)page_pa);
	}
	for (n = 0; n < ZP_CMDLINE_BYTES; n++)
		zp[ZP_CMDLINE + n] = n < sizeof(line) ? line[n] : 0;
	initrd_bytes = (uint32_t)(uintptr_t)__ck_linux_initrd_bytes;
	mmio_write32((uintptr_t)zp + ZP_MOUNT_ROOT_RDONLY, 0);
	mmio_write32((uintptr_t)zp + ZP_LOADER_TYPE, initrd_bytes ? 1 : 0);
	mmio_write32((uintptr_t)zp + ZP_INITRD_START,
		     initrd_bytes ? ck_board.linux_initrd - ck_board.ram_base : 0);
	mmio_write32((uintptr_t)zp + ZP_INITRD_SIZE, initrd_bytes);
	__asm__ volatile("mov	#0, r4\n\t"
			 "jmp	@%0\n\t"
			 "nop"
			 : : "r"(SH4_P1(kernel_pa)) : "r4", "memory");
	for (;;)
		;
}

int arch_guest_restartable(void)
{
	return 1;
}

/* RT runs on through Linux's boot (ck/arch.h): the co-kernel keeps VBR
 * and runs in P1, and Linux's head_32.S starts at IMASK 14 (patch 0005). */
int arch_rt_live_in_boot(void)
{
	return 1;
}

/* entry.S: where the root context's events go, and their first state */
extern uint32_t sh4_fwd[3];
extern const uint32_t sh4_fwd_boot[3];

/*
 * Linux is down: its events are no longer forwarded (sh4_fwd[] back to
 * fwd_install, and the dead Linux's linux_vbr cleared in the same
 * RT-masked section, so fwd_install waits for the next Linux's), and its
 * address translation goes: MMUCR.AT = 0, every TLB entry invalidated
 * (MMUCR.TI; hardware manual §3.2.1), as at reset, where the next Linux's
 * head code expects it. The co-kernel runs in P1, P2 and P4, which the MMU
 * never translates (§3.3.1), so nothing of its own changes. Context: RT
 * masked.
 */
void arch_guest_stop(void)
{
	unsigned int i;

	for (i = 0; i < 3; i++)
		sh4_fwd[i] = sh4_fwd_boot[i];
	ck_guest_page.linux_vbr = 0;   /* fwd_install forwards nothing now */
	mmio_write32(SH4_MMUCR, MMUCR_TI);
}

/*
 * Write back and invalidate the whole operand cache (every entry of both
 * ways through its address array, SH4_OC_ADDR_ARRAY, from P2 as the
 * hardware manual asks of cache-array code) and invalidate the
 * instruction cache (CCR.ICI, written from P2: §4.2.1): the dead Linux's
 * dirty lines, under the aliases its virtually indexed operand cache gives
 * user pages, would otherwise be written back over the payload the
 * restart copies; and the copy, made through P1, must be in RAM before
 * the new Linux's instructions are fetched from it. Context: root, any
 * RT state (RT masked for the CCR write); a write-back of the co-kernel's
 * own lines is harmless.
 */
static void __attribute__((noinline)) oc_flush_p2(void)
{
	uint32_t a;

	ck_rtflags_t f;

	for (a = 0; a < SH4_OC_ENTRIES * SH4_OC_LINE_BYTES; a += SH4_OC_LINE_BYTES)
		mmio_write32(SH4_OC_ADDR_ARRAY + a, 0);
	/* RT masked across CCR's read-modify-write and the eight instructions
	 * §4.2.1 asks after a CCR write before any P1 code (an RT interrupt
	 * would enter the co-kernel's VBR, in P1) */
	f = arch_rt_mask();
	mmio_write32(SH4_CCR, mmio_read32(SH4_CCR) | CCR_ICI);
	__asm__ volatile("nop\n\tnop\n\tnop\n\tnop\n\tnop\n\tnop\n\tnop\n\tnop" : : : "memory");
	arch_rt_restore(f);
}

void arch_guest_quiesce(void)
{
	void (*p2)(void) = (void (*)(void))(uintptr_t)SH4_P2((uintptr_t)oc_flush_p2);

	p2();
}
